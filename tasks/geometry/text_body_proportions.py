"""A wall body's sizes said relative to another size: its own other size ("10 mm high and twice as long
as it is high"), or how far across the channel it reaches ("baffles reaching 40 % across the channel",
"a fence extending halfway across the duct", "a third of the way into the channel"); and an orifice
plate, the two plates on the walls that leave an opening ("an orifice plate whose opening is half the
channel height", "orifice plate, beta 0.5, 3 mm thick, at x = 0.4 m"). The rewrites write each size in
metres for the wall-body readers; `orifice_plates` gives the two plates as obstacles. Pure functions;
metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_numbers import length_pair
from tasks.geometry.text_ratio import multiplier_value
from tasks.geometry.text_role_binding import bind_lengths

_BODY = re.compile(r"\b(?:ribs?|fences?|baffles?|blocks?|bumps?|ridges?|barriers?|sills?|obstacles?|obstructions?|fins?"
                   r"|plates?|bricks?|rectangles?|prisms?|bars?|posts?|steps?)\b", re.I)
_ADJ_DIM = {"high": "height", "tall": "height", "deep": "height", "long": "length", "thick": "length", "wide": "length"}
_NOUN_DIM = {"height": "height", "length": "length", "thickness": "length", "width": "length", "depth": "height"}
_ADJ = "|".join(_ADJ_DIM)
_NOUN = "|".join(_NOUN_DIM)
_MULT = (r"twice|double|triple|thrice|half|a\s+(?:half|third|quarter|fifth|tenth)|one\s+(?:half|third|quarter|fifth|tenth)"
         rf"|(?:{NUM})\s*(?:times|x|×)")
_AS_IT_IS = re.compile(rf"(?P<mult>{_MULT})\s+as\s+(?P<adj>{_ADJ})\s+as\s+it\s+is\s+(?P<ref>{_ADJ})\b", re.I)
_CLAUSE_END = re.compile(r"[;\n]|\.(?:\s|$)")


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    """The bounds of the clause around text[start:end]."""
    before = max((m.end() for m in _CLAUSE_END.finditer(text, 0, start)), default=0)
    after = _CLAUSE_END.search(text, end)
    return before, after.start() if after else len(text)


def _size_in_clause(clause: str, dim: str) -> float | None:
    """The length a clause gives the dimension `dim` ("10 mm high", "height 10 mm", "a height of 1 cm")."""
    adjs = "|".join(a for a, d in _ADJ_DIM.items() if d == dim)
    nouns = "|".join(n for n, d in _NOUN_DIM.items() if d == dim)
    m = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:{adjs})\b", clause, re.I) or \
        re.search(rf"\b(?:{nouns})\s*(?:of|=|:|is)?\s*({NUM})\s*({UNIT})", clause, re.I)
    return float(m.group(1)) * unit_factor(m.group(2)) if m else None


def self_proportions(text: str) -> str:
    """`text` with a body's size said as a multiple of its own other size written in metres: "10 mm high and
    twice as long as it is high" -> "10 mm high and 0.02 m long" (in a clause naming a body; the proportion
    readers of channels and cavities keep theirs)."""
    def rewrite(m: re.Match[str]) -> str:
        lo, hi = _clause(text, m.start(), m.end())
        clause = text[lo:m.start()] + " " * (m.end() - m.start()) + text[m.end():hi]
        factor = multiplier_value(m.group("mult"))
        ref = _size_in_clause(clause, _ADJ_DIM[m.group("ref").lower()])
        if not _BODY.search(text[lo:hi]) or factor is None or ref is None:
            return m.group(0)
        return f"{factor * ref:.6g} m {m.group('adj')}"
    return _AS_IT_IS.sub(rewrite, text)


_WHOSE = re.compile(r"\b(step|plate|rib|baffle|fence|fin|block|obstacle|sill|weir)\s+whose\s+(height|thickness|width|length)"
                    r"\s+(?:is|measures|equals)\b", re.I)


def whose_sizes(text: str) -> str:
    """`text` with a body's size said in a relative clause named as the body's own: "a step whose height is 40 % of
    the channel height" -> "a step with step height 40 % of the channel height" (not the channel's height)."""
    return _WHOSE.sub(lambda m: f"{m.group(1)} with {m.group(1).lower()} {m.group(2).lower()}", text)


_FRACTION = r"half|(?:a|one)\s+(?:half|third|quarter|fifth|tenth)|two\s+thirds|three\s+quarters"
_ACROSS = re.compile(rf"(?P<part>(?<![\w.])(?P<pct>{NUM})\s*(?:%|per\s*cent)|(?P<frac>{_FRACTION})|(?P<way>half)-?way)"
                     rf"\s+(?:of\s+the\s+way\s+)?(?:across|into)\s+(?:the\s+)?(?P<what>channel|duct|passage|flow|gap)"
                     rf"(?:\s+(?:height|width))?\b"
                     rf"|(?P<part2>(?<![\w.])(?P<pct2>{NUM})\s*(?:%|per\s*cent))\s+of\s+the\s+(?:channel|duct)\s+(?:height|width)\b",
                     re.I)


def _fraction(m: re.Match[str]) -> float | None:
    if m.group("pct") or m.group("pct2"):
        return float(m.group("pct") or m.group("pct2")) / 100
    if m.group("way"):
        return 0.5
    return multiplier_value(re.sub(r"^two thirds$", "2 thirds", re.sub(r"^three quarters$", "3 quarters", m.group("frac").lower())))


def across_fractions(text: str, height: float | None) -> str:
    """`text` with how far a body reaches across a channel `height` high written in metres: "reaching 40 %
    across the channel" -> "reaching 0.04 m into the channel", "halfway across the duct", "a third of the way
    into the channel", "40 % of the channel height"."""
    if not height:
        return text

    def rewrite(m: re.Match[str]) -> str:
        f = _fraction(m)
        if f is None or not 0 < f < 1:
            return m.group(0)
        return f"{f * height:.6g} m into the channel" if not m.group("part2") else f"{f * height:.6g} m"
    return _ACROSS.sub(rewrite, text)


ORIFICE = re.compile(r"\borifice(?:[- ]plates?)?\b", re.I)
_BETA = re.compile(rf"\b(?:beta|β|(?:opening|diameter|contraction|orifice)\s+ratio|d\s*/\s*D)\s*(?:\(\s*d\s*/\s*D\s*\)\s*)?"
                   rf"(?:=|of|:|is)?\s*({NUM})(?!\s*{UNIT})", re.I)
_ORIFICE_CUES = {
    "opening": r"\b(?:opening|aperture|hole|orifice\s+(?:diameter|width|height|size|of)|bore|gap|slot|open\s+height)\b",
    "thickness": r"\b(?:thick|thickness)\b",
    "x": r"\b(?:from|downstream\s+of|behind|after|past)\s+the\s+(?:inlet|entrance|entry|inflow)\b|\bdistance\b|\bx\s*=\s*",
}


def orifice_plates(text: str, height: float, length: float) -> tuple[list[dict[str, Any]], list[str]] | None:
    """An orifice plate across a channel `height` high: the two plates on the floor and the ceiling that leave a
    centred opening, as rectangle obstacles, and the sentences saying what was assumed; None when the text
    names no orifice plate or gives no opening (by its size or its ratio to the height)."""
    from tasks.geometry.text_range_parts import coordinate_ranges

    first = ORIFICE.search(text)
    if not first:
        return None
    lo, _ = _clause(text, first.start(), first.end())
    words = text[lo:]
    roles = bind_lengths(words, _ORIFICE_CUES)
    beta = _BETA.search(words)
    opening = roles.get("opening") or (float(beta.group(1)) * height if beta and 0 < float(beta.group(1)) < 1 else None)
    gap = _open_between(words)  # "open between 1 cm and 3 cm above the floor": the opening's two ends
    if gap is not None and 0 <= gap[0] < gap[1] <= height:
        opening = gap[1] - gap[0]
    if opening is None or not 0 < opening < height:
        return None
    notes = []
    span = next((r for _, _, r in coordinate_ranges(words, "x") if None not in r and r[1] > r[0]), None)
    thickness = roles.get("thickness") or (span[1] - span[0] if span else None)  # "at x 0.1..0.104 m"
    if thickness is None:
        thickness = height / 20
        notes.append(f"Orifice plate thickness not given: {thickness:g} m (a twentieth of the channel height).")
    x = roles.get("x")
    if x is not None and (face := _FACE.search(words)):  # "whose upstream face is 10 cm downstream of the inlet"
        x += thickness / 2 if face.group(1).lower() in ("upstream", "front", "leading", "inlet") else -thickness / 2
    if x is None and span is not None:
        x = (span[0] + span[1]) / 2
    if x is None:
        at = re.search(rf"\bat\s+({NUM})\s*({UNIT})", words, re.I)
        x = float(at.group(1)) * unit_factor(at.group(2)) if at else None
    if x is None:
        x = length / 4
        notes.append(f"Orifice plate position not given: x = {x:g} m (a quarter of the channel length).")
    low, high = gap if gap is not None and 0 <= gap[0] < gap[1] <= height else \
        ((height - opening) / 2, (height + opening) / 2)
    notes.append(f"Orifice plate {thickness:g} m thick centred at x = {x:g} m: plates on the floor (up to y = {low:g} m) "
                 f"and the ceiling (from y = {high:g} m) leave an opening of {opening:g} m.")
    return [{"kind": "rectangle", "center": (round(x, 12), round((a + b) / 2, 12)), "width": thickness,
             "height": round(b - a, 12)} for a, b in ((0.0, low), (high, height)) if b - a > 0], notes


# which face of the plate a distance gives ("whose upstream face is 10 cm downstream of the inlet")
_FACE = re.compile(r"\b(upstream|downstream|front|back|rear|leading|trailing|inlet|outlet)[- ](?:side\s+)?face\b", re.I)
# the opening's two ends above the floor ("open between 1 cm and 3 cm above the floor", "open from y = 10 to 30 mm")
_OPEN_BETWEEN = re.compile(rf"\bopen(?:ing)?\s+(?:(?:is|lies)\s+)?(?:between|from)\s+(?:y\s*=\s*)?({NUM})\s*({UNIT})?\s*"
                           rf"(?:and|to|-)\s+(?:y\s*=\s*)?({NUM})\s*({UNIT})", re.I)


def _open_between(words: str) -> tuple[float, float] | None:
    """(low, high) of an orifice's opening said by its ends above the floor, metres; None when not said so."""
    m = _OPEN_BETWEEN.search(words)
    if m is None:
        return None
    return length_pair(m.group(1), m.group(2), m.group(3), m.group(4))
