"""A channel with a row of open cavities (pockets, recesses, grooves, canyons) cut into its floor or ceiling,
each by its x range ("at x = 100-140 mm, 250-290 mm and 400-440 mm", "from x = 0.2 m to x = 0.28 m") or by its
start and a shared width ("each 0.05 m long, starting at x = 0.1, 0.2 and 0.3 m"), and its depth (one for all,
"each 20 mm deep", or one per cavity in order). The channel's own length and height come from the channel's readers
(tasks/geometry/text.py); the channel and the row's cavities are the parts of a union of rectangles.
Pure functions; metres."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_rectilinear import Part, Union

_CAVITY = re.compile(r"\b(?:cavit(?:y|ies)|pockets?|recess(?:es)?|grooves?|notch(?:es)?|trench(?:es)?|canyons?|slots?|wells?"
                     r"|depressions?)\b", re.I)
_CEILING = re.compile(r"\b(?:ceiling|roof|top|upper)\b", re.I)
_RANGE = re.compile(rf"(?<![\w.])(?P<a>{NUM})\s*(?P<ua>{UNIT})?\s*(?:\.\.|…|-|–|—|\bto\b)\s*(?:x\s*=\s*)?(?P<b>{NUM})\s*"
                    rf"(?P<ub>{UNIT})?(?!\s*(?:deep|long|wide|high|tall|m/s|[a-z]*/))", re.I)
_DEEP = re.compile(rf"(?<![\w.])(?P<v>{NUM})\s*(?P<u>{UNIT})\s*(?:-\s*)?deep\b|\bdepths?\s*(?:of|=|:|is)?\s*(?P<v2>{NUM})\s*(?P<u2>{UNIT})",
                   re.I)
_WIDE = re.compile(rf"\beach\s+(?P<v>{NUM})\s*(?P<u>{UNIT})\s*(?:long|wide)\b|\b(?:all|each)\s+(?:\w+\s+)?(?:{NUM}\s*{UNIT}\s*deep\s+"
                   rf"and\s+)?(?P<v2>{NUM})\s*(?P<u2>{UNIT})\s*(?:long|wide)\b", re.I)
_STARTS = re.compile(rf"\b(?:starting|beginning|starts?|begin)\s+at\s+(?:x\s*=\s*)?(?P<list>{NUM}(?:\s*(?:,|and|,\s*and)\s*{NUM})+)"
                     rf"\s*(?P<u>{UNIT})", re.I)


def _row_words(text: str) -> tuple[str, int] | None:
    """The words from the first cavity noun of a row (two or more cavities) on, and where they start."""
    m = re.search(r"\b(?:two|three|four|five|six|\d)\s+(?:[\w.,-]+\s+){0,6}?(?:cavities|pockets|recesses|grooves|notches|trenches"
                  r"|canyons|slots|wells|depressions)\b|\b(?:a\s+)?row\s+of\b|\b(?:cavities|pockets|recesses|grooves|notches"
                  r"|trenches|canyons)\b", text, re.I)
    return (text[m.start():], m.start()) if m else None


def _in_metres(value: str, unit: str | None, default: float) -> float:
    return float(value) * (unit_factor(unit) if unit else default)


def cavity_spans(words: str) -> list[tuple[float, float]]:
    """The cavities' x ranges, in order (each range's unit, else the next unit said, else metres)."""
    spans = []
    for m in _RANGE.finditer(words):
        unit = m.group("ub") or m.group("ua")
        if unit is None:
            later = re.search(rf"^[^.;]*?(?<![\w.]){NUM}\s*({UNIT})\b", words[m.end():], re.I)
            unit = later.group(1) if later else None
        before = words[max(0, m.start() - 12):m.start()]
        if re.search(r"\by\s*(?:=|from)?\s*$", before, re.I):
            continue  # a y range is no cavity's span
        a, b = _in_metres(m.group("a"), unit, 1.0), _in_metres(m.group("b"), unit, 1.0)
        if b > a:
            spans.append((a, b))
    if spans:
        return spans
    starts, wide = _STARTS.search(words), _WIDE.search(words)
    if starts and wide:
        f = unit_factor(starts.group("u"))
        width = float(wide.group("v") or wide.group("v2")) * unit_factor(wide.group("u") or wide.group("u2"))
        return [(float(v) * f, float(v) * f + width) for v in re.findall(NUM, starts.group("list"))]
    width = shared_width(words)
    return [(a, round(a + width, 12)) for a in said_starts(words)] if width else []


# a length with its own size word after it ("10 cm wide", "20 mm deep"): a size, not a place
_SIZE_AFTER = re.compile(r"\s*(?:-\s*)?(?:wide|long|deep|high|tall|across|in\s+(?:width|length|depth))\b", re.I)
_LENGTH = re.compile(rf"(?<![\w.])(?P<v>{NUM})\s*(?P<u>{UNIT})?(?![\w/^])", re.I)
_START_WORD = re.compile(r"\b(?:starts?|starting|begins?|beginning|(?:upstream|leading)\s+edges?\s+(?:is\s+|are\s+)?at)\b", re.I)


def shared_width(words: str) -> float | None:
    """The one width said for the cavities ("two 10 cm wide, 10 cm deep pockets", "each 50 mm long"), or None when
    none or several different ones are said."""
    widths = {round(float(m.group("v")) * unit_factor(m.group("u")), 12)
              for m in re.finditer(rf"(?<![\w.])(?P<v>{NUM})\s*(?P<u>{UNIT})\s*(?:-\s*)?(?:wide|long)\b", words, re.I)}
    return widths.pop() if len(widths) == 1 else None


def said_starts(words: str) -> list[float]:
    """Where each cavity starts, said one by one after a start word ("the first starts 30 cm and the second 60 cm
    downstream of the inlet", "beginning 0.3 and 0.6 m from the inlet"): the lengths of that clause that are not
    sizes, a bare number taking the next unit said."""
    m = _START_WORD.search(words)
    if m is None:
        return []
    clause = re.split(r";|\.(?:\s|$)", words[m.end():], maxsplit=1)[0]
    values: list[float] = []
    waiting: list[float] = []
    for n in _LENGTH.finditer(clause):
        if _SIZE_AFTER.match(clause, n.end()):
            continue
        if n.group("u") is None:
            waiting.append(float(n.group("v")))
            continue
        f = unit_factor(n.group("u"))
        values += [v * f for v in waiting] + [float(n.group("v")) * f]
        waiting = []
    return values if len(values) >= 2 else []


def cavity_depths(words: str, n: int) -> list[float]:
    """One depth per cavity: the single depth said for all, or one said per cavity in order; [] when they do not
    match the cavities."""
    depths = [float(m.group("v") or m.group("v2")) * unit_factor(m.group("u") or m.group("u2")) for m in _DEEP.finditer(words)]
    if len(depths) == 1 or (depths and len(set(depths)) == 1):
        return [depths[0]] * n
    return depths if len(depths) == n else []


def cavity_row(text: str, length: float, height: float) -> Union | None:
    """A channel (x 0..`length`, y 0..`height`) with two or more cavities in its floor (or ceiling) as parts; None
    when the words give fewer than two cavities, or their depths do not match them."""
    found = _row_words(text)
    if found is None:
        return None
    words = found[0]
    spans = [(a, b) for a, b in cavity_spans(words) if 0 < a < b < length and (a, b) != (0.0, length)]
    if len(spans) < 2:
        return None
    depths = cavity_depths(words, len(spans))
    if not depths:
        return None
    ceiling = bool(_CEILING.search(_CAVITY.split(words, 1)[0] + words[:120])) and not re.search(
        r"\b(?:floor|bottom|lower)\b", words[:120], re.I)
    parts: list[Part] = [(0.0, length, 0.0, height)]
    for (a, b), depth in zip(spans, depths):
        parts.append((a, b, height, height + depth) if ceiling else (a, b, -depth, 0.0))
    where = "ceiling" if ceiling else "floor"
    return Union(parts, {}, f"a channel {length:g} m by {height:g} m with {len(spans)} cavities in its {where}")

