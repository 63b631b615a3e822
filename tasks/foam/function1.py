"""Function1 entries (a boundary value, a flow rate or a total pressure that varies in time) in
the form OpenFOAM v1912 reads.

v1912 reads a Function1 `K` three ways, and the form depends on the type:

- inline data: `K constant 5;`, `K table ((0 1) (1 2));`, `K polynomial ((1 0) (2 1));` — a
  dictionary form of these (`K { type table; values ...; }`) aborts the solver;
- coefficients in a sub-dictionary: `K { type sine; amplitude 1; frequency 2; scale 1; level 0; }`;
- a bare type word with its coefficients beside it: `K sine; KCoeffs { ... }`. A `KCoeffs` left
  beside an inline value is read as the coefficients of that value and aborts the solver
  ("Entry 'K' not found in dictionary ...KCoeffs").

`function1_value` turns what a caller means into the right form; `with_function1` writes it, and
`dictionary.set_entry` removes what the old form left behind. Pure text in, text out.
"""

from __future__ import annotations

from tasks.foam import dictionary as fd

INLINE_TYPES = fd.FUNCTION1_INLINE_TYPES
reads_no_coefficients = fd.reads_no_coefficients

COEFFICIENT_TYPES = frozenset({"sine", "square", "tableFile", "csvFile", "scale", "coded", "linearRamp",
                               "quadraticRamp", "halfCosineRamp", "quarterSineRamp", "quarterCosineRamp",
                               "reverseRamp", "stepChange"})
"""Function1 types whose coefficients are a sub-dictionary (dict form or `KCoeffs`)."""


def function1_value(kind: str, data: str | dict[str, str]) -> fd.Value:
    """The value to write for a Function1 of type `kind`: `"table ((0 1) (1 2))"` for an inline
    type given its data text, `{"type": "sine", ...}` for a coefficient type given its
    coefficients. Raises ValueError for a mismatch (a table given coefficients), naming the form."""
    if kind in INLINE_TYPES:
        if not isinstance(data, str):
            raise ValueError(f"a {kind} Function1 takes its data inline ('{kind} <data>'), not coefficients")
        return f"{kind} {data}".strip()
    if isinstance(data, str):
        raise ValueError(f"a {kind} Function1 takes a dictionary of coefficients, not inline data {data!r}")
    return {"type": kind, **data}


def sine_value(amplitude: str, frequency: str, level: str, scale: str = "1") -> dict[str, str]:
    """The v1912 `sine` Function1: level + scale * amplitude * sin(2 pi frequency t)."""
    return {"type": "sine", "amplitude": amplitude, "frequency": frequency, "scale": scale, "level": level}


def _inline_of(value: dict) -> str | None:
    """`{type: table, values: ...}` (or `value:`) as the inline text v1912 reads; None for a
    coefficient type."""
    kind = str(value.get("type", ""))
    if kind not in INLINE_TYPES:
        return None
    data = next((str(value[k]) for k in ("values", "value", "coeffs") if k in value), "")
    return f"{kind} {data}".strip()


def normalised(value: fd.Value) -> fd.Value:
    """A value written to a Function1 entry in a form v1912 reads: an inline type given as a
    dictionary becomes inline text; anything else is returned as it is."""
    if isinstance(value, dict):
        inline = _inline_of(value)
        if inline is not None:
            return inline
    return value


def with_function1(text: str, path: fd.Path, value: fd.Value) -> str:
    """`text` with `path` set to `value` in a form v1912 reads: an inline type given as a dictionary
    is written inline, and `set_entry` drops a `KCoeffs` the new value does not read."""
    return fd.set_entry(text, list(path), normalised(value))


def stale_coefficients(text: str, parent: fd.Path = ()) -> list[str]:
    """Key paths (joined by '/') of `KCoeffs` blocks beside a `K` that does not read them (an inline
    value or a dictionary), anywhere under `parent`: each aborts a v1912 solver at start."""
    span = fd.body_span(text, parent)
    if span is None:
        return []
    level = [e for e in fd.entries(text, *span) if e.kind != "directive"]
    by_name = {e.name: e for e in level}
    out: list[str] = []
    for e in level:
        owner = by_name.get(e.name.removesuffix("Coeffs")) if e.name.endswith("Coeffs") and e.is_dict else None
        if owner is not None and owner is not e:
            raw = text[owner.value_start:owner.value_end].split() if owner.kind == "value" else []
            if len(raw) > 1 and raw[0] in INLINE_TYPES:
                out.append("/".join([*parent, e.name]))
        if e.is_dict:
            out += stale_coefficients(text, [*parent, e.name])
    return out
