"""Points in a request's words: the unit coordinates are given in, (x, y) pairs, the vertices of an
outline, a body's centre ("centred at (3, 2)", "at x = 3, y = 2"), every centre a clause gives its bodies,
and coordinate ranges ("from x = 0 to x = 4"). Pure functions; metres."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, Point, unit_factor
from tasks.geometry.text_numbers import LENGTH


def coordinate_unit(text: str) -> float:
    """The unit coordinates are given in ("coordinates in mm", "(0, 0) cm"); metres by default."""
    m = re.search(rf"(?:coordinates?|vertices|points|positions?)\s+(?:are\s+)?in\s+({UNIT})", text, re.I) \
        or re.search(rf"\)\s*({UNIT})\b", text, re.I) or re.search(rf"\bin\s+({UNIT})\s*[),.;]?\s*$", text, re.I)
    return unit_factor(m.group(1)) if m else 1.0


_PAIR = re.compile(rf"\(\s*({NUM})\s*[,;]\s*({NUM})\s*\)")


def find_points(text: str) -> list[Point]:
    """Every (x, y) pair in `text`, in metres."""
    f = coordinate_unit(text)
    return [(float(a) * f, float(b) * f) for a, b in _PAIR.findall(text)]


# a point whose coordinates may carry their own units: "(10 cm, 0)", "(0.1, 0) m", "(300, 0)"
_UNIT_PAIR = re.compile(rf"\(\s*({NUM})\s*({UNIT})?\s*[,;]\s*({NUM})\s*({UNIT})?\s*\)(?:\s*({UNIT})\b)?")


def vertices(text: str) -> list[Point] | None:
    """The points listed after "vertices", "corners", "points" or "polygon", each coordinate in its own
    unit, the point's, the last point's ("(300, 0), (400, 0), (350, 50) mm") or the text's."""
    m = re.search(r"\b(?:vertices|vertexes|corners|points|polygon|outline|profile|contour|corner\s+points)\b", text, re.I)
    if not m:
        return None
    tail = text[m.end():]
    run = re.match(rf"[^()]*?((?:{_UNIT_PAIR.pattern}\s*(?:[,;]|and)?\s*)+)", tail)
    if not run:
        return None
    points = list(_UNIT_PAIR.finditer(run.group(1)))
    after = re.match(rf"\s*({UNIT})\b", tail[run.end():])
    last = points[-1].group(5) or (after.group(1) if after else None)
    default = unit_factor(last) if last else coordinate_unit(text)
    out = []
    for p in points:
        own = p.group(5)
        fx = unit_factor(p.group(2) or p.group(4) or own) if (p.group(2) or p.group(4) or own) else default
        fy = unit_factor(p.group(4) or p.group(2) or own) if (p.group(4) or p.group(2) or own) else default
        if p.group(2) and not p.group(4) and float(p.group(3)) != 0 and not own:
            fy = default  # "(10 cm, 4)": only the first coordinate has its unit
        out.append((float(p.group(1)) * fx, float(p.group(3)) * fy))
    return out


def centre(text: str) -> Point | None:
    """Where a body sits: "centred at (3, 2)", "center at x = 3, y = 2", "located at (3, 2)"."""
    f = coordinate_unit(text)
    at = r"(?:cent(?:er|re)(?:e?d)?|located|positioned|placed|sits?|position|cent(?:er|re))\s*(?:at|:|=|is)?\s*(?:at\s*)?"
    m = re.search(at + _PAIR.pattern, text, re.I)
    if m:
        return float(m.group(1)) * f, float(m.group(2)) * f
    m = re.search(rf"(?:{at}|\bat\s+)x\s*(?:=|:)?\s*{LENGTH}\s*,?\s*(?:and\s+)?y\s*(?:=|:)?\s*{LENGTH}", text, re.I)
    if m:
        return float(m.group(1)) * unit_factor(m.group(2)), float(m.group(3)) * unit_factor(m.group(4))
    return None


def coordinate_range(text: str, axis: str = "x") -> tuple[float, float] | None:
    """"from x = 0 to x = 4", "x from 0 to 4 m", "between x = 0 and x = 4" -> (0, 4) metres."""
    a = re.escape(axis)
    for pattern in (rf"from\s+{a}\s*=\s*{LENGTH}\s*(?:to|-|until)\s*(?:{a}\s*=\s*)?{LENGTH}",
                    rf"\b{a}\s+(?:from|between)\s+{LENGTH}\s*(?:to|and|-)\s*{LENGTH}",
                    rf"between\s+{a}\s*=\s*{LENGTH}\s*and\s*(?:{a}\s*=\s*)?{LENGTH}"):
        m = re.search(pattern, text, re.I)
        if m:
            u = m.group(4) or m.group(2)
            return float(m.group(1)) * unit_factor(m.group(2) or u), float(m.group(3)) * unit_factor(u)
    return None


def body_positions(clause: str) -> list[Point]:
    """Every centre a clause gives its bodies, in order: "first centred at (0.4, 0.15) and second
    centred at (0.8, 0.15)", "at (0.3, 0.1) and (0.6, 0.1)", "centred at x = 1, y = 0.2"."""
    f = coordinate_unit(clause)
    at = r"(?:cent(?:er|re)(?:e?d)?|located|positioned|placed|sits?|position|\bat)\s*(?:at|:|=|is)?\s*(?:at\s*)?"
    found = [(m.start(), (float(m.group(1)) * f, float(m.group(2)) * f))
             for m in re.finditer(at + _PAIR.pattern, clause, re.I)]
    for m in re.finditer(rf"(?:{at})x\s*(?:=|:)?\s*{LENGTH}\s*,?\s*(?:and\s+)?y\s*(?:=|:)?\s*{LENGTH}", clause, re.I):
        found.append((m.start(), (float(m.group(1)) * unit_factor(m.group(2)), float(m.group(3)) * unit_factor(m.group(4)))))
    if len(found) < 2:
        pairs = find_points(clause)
        if len(pairs) >= 2 and found and pairs[0] == found[0][1]:
            return pairs  # "at (0.3, 0.1) and (0.6, 0.1)"
    return [p for _, p in sorted(found)]
