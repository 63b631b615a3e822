"""Pure helpers of the by-name binder steps: which stated quantity stands at a place of the
request, whether a quantity is written in a control's words, the SI dimensions of an entry's
dimension set and of the unit after a number, and whether words place a value on a wall or
in the medium.
"""

from __future__ import annotations

import re

from tasks.plan.bind_places import overlaps, own_span
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import fmt, vec
from tasks.plan.stated import StatedQuantity, written_as

def _in_words(text: str, q: StatedQuantity, stated: list[StatedQuantity], held: list[tuple[int, int]],
              others: list[tuple[int, int]], words: tuple[int, int]) -> bool:
    """`q` itself is written in a control's words: its own place (outside every control's words)
    overlaps them, or it has no place outside them and one inside these ("max alpha Courant 0.5"
    does not take the "Courant 0.5" written before it)."""
    outside = own_span(text, q, stated, held)
    if outside is not None:
        return overlaps(outside, *words)
    return overlaps(own_span(text, q, stated, others), *words)


def _stated_at(text: str, at: int, raw: str, value: float, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated quantity written `raw` at position `at` of the (normalised) request: with
    "lambda 2 s ... endTime 2 s", the second "2 s" is the second stated one."""
    same = [q for q in stated if written_as(q, raw) and abs(q.value - value) <= 1e-9 * max(1.0, abs(value))]
    low = text.lower()
    spans = {id(q): [(m.start(), m.end()) for m in re.finditer(re.escape(q.text.lower()), low)] for q in same}
    here = [q for q in same if any(a <= at < b for a, b in spans[id(q)])]
    if here:
        return here[0]
    if same and all(spans[id(q)] for q in same):
        return None  # each is written elsewhere ("Mach 2 (U 2, c = 1), endTime 2": the 2 of endTime is none)
    nth = len(re.findall(rf"(?<![\w.]){re.escape(raw.strip())}", text[:at]))
    return same[nth] if nth < len(same) else (same[-1] if same else None)


def _mean_of_list(raw: str) -> str:
    """The mean of a `nonuniform List<scalar|vector> N (...)` value, as OpenFOAM text."""
    body = raw[raw.find("(", raw.find("List")):] if "List" in raw else raw
    vectors = [[float(x) for x in m.groups()] for m in _VECTOR.finditer(body)]
    if vectors:
        return vec([sum(v[i] for v in vectors) / len(vectors) for i in range(3)])
    numbers = [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", body)]
    return fmt(sum(numbers) / len(numbers)) if numbers else "0"


# words that place a value on a boundary (a wall's emissivity) or in the medium (the gas's)
_SURFACE_WORDS = re.compile(r"\b(?:walls?|surfaces?|boundar(?:y|ies)|patch(?:es)?|faces?|solid)\b")
_MEDIUM_WORDS = re.compile(r"\b(?:gas|medium|media|air|fluid|participating|volume|volumetric|bulk)\b")


def place_said(rel: str, words: str) -> bool:
    """The words put the value where `rel` holds it: a boundary dictionary for a wall's words,
    any other for the medium's (and only one of the two kinds is said)."""
    surface, medium = bool(_SURFACE_WORDS.search(words)), bool(_MEDIUM_WORDS.search(words))
    if surface == medium:
        return False
    return surface == ("boundary" in rel.rsplit("/", 1)[-1].lower())


def entry_dims(raw: str) -> tuple[int, ...] | None:
    """The SI dimensions (kg, m, s, K, A, rad) of an entry's `[0 -1 0 0 0 0 0]` set; a plain
    number is dimensionless."""
    from tasks.plan.units import _expression

    m = re.search(r"\[([^\]]*)\]", raw)
    if m is None:
        return (0, 0, 0, 0, 0, 0) if re.fullmatch(r"[-+\d.eE]+", raw.strip()) else None
    inner = m.group(1).strip()
    if re.fullmatch(r"[-\d\s.]+", inner):
        d = [int(float(x)) for x in inner.split()]
        return (d[0], d[1], d[2], d[3], d[5], 0) if len(d) == 7 else None
    stops = [s for s in _expression(inner, 0) if s.end == len(inner)]  # "[ m^-1 ]", "[kg/m^3]"
    return tuple(stops[0].unit.dims) if stops else None


def unit_dims_after(text: str, at: int) -> tuple[int, ...] | None:
    """The dimensions of the unit written right after a number ("1/m", "m^-1", "per metre"),
    (0,)*6 when no unit follows (the next word is no unit), None when unreadable."""
    from tasks.plan.units import _expression

    m = re.match(r"\s*(?:(per)\s+)?", text[at:])
    start = at + m.end()
    stops = _expression(text, start)
    if not stops:
        return (0, 0, 0, 0, 0, 0) if not m.group(1) else None
    dims = max(stops, key=lambda s: s.end).unit.dims
    return tuple(-x for x in dims) if m.group(1) else tuple(dims)


def unit_factor_after(text: str, at: int) -> float:
    """The factor to SI of the unit written right after a number ("1/cm" -> 100, "per mm" ->
    1000, "m^-1" -> 1); 1 when no unit follows or it is unreadable."""
    from tasks.plan.units import _expression

    m = re.match(r"\s*(?:(per)\s+)?", text[at:])
    stops = _expression(text, at + m.end())
    if not stops:
        return 1.0
    factor = max(stops, key=lambda s: s.end).unit.factor
    return 1.0 / factor if m.group(1) and factor else factor
