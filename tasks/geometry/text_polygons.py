"""Regular polygons named in a request's words: the number of sides (by name: "hexagon", "octagonal",
"an equilateral triangle"; by count: "a 5-sided prism", "an 8-gon", "six equal sides"), the size (a
side, across the flats, across the corners, a circumscribed or inscribed circle) and the turn
("a flat face towards the inlet", "a corner pointing upstream", "rotated 15 degrees"). Pure functions;
metres and radians.

A regular polygon without a stated turn has a flat side facing the inlet (upstream), as a hexagonal
bar or a triangular flame holder is usually set in a channel."""

from __future__ import annotations

import math
import re

from tasks.geometry.spec import NUM, UNIT, Point, unit_factor
from tasks.geometry.text_numbers import LENGTH, digits

_NAMED_SIDES = {"triang": 3, "trigon": 3, "pentag": 5, "hexag": 6, "heptag": 7, "septag": 7, "octag": 8, "nonag": 9,
                "decag": 10, "dodecag": 12}
_NAMED = r"\b(?:equilateral\s+)?(?:triang(?:le|ular)|pentag(?:on|onal)|hexag(?:on|onal)|hex|heptag(?:on|onal)" \
         r"|septag(?:on|onal)|octag(?:on|onal)|nonag(?:on|onal)|decag(?:on|onal)|dodecag(?:on|onal))s?\b"
_COUNTED = r"\b(?P<n>\d+)\s*(?:-\s*|\s+)(?:sided|gon(?:al)?)\b|\b(?P<n2>\d+)\s+(?:equal\s+)?(?:sides|edges|faces|flats)\b"
REGULAR_POLYGON = re.compile(rf"{_NAMED}|{_COUNTED}", re.I)
# "hex" alone is a polygon only next to a body word ("a 19 mm hex bar", "hex prism"), not "hex mesh"
_HEX_BODY = re.compile(r"\bhex\s+(?:bar|rod|prism|body|block|obstacle|cylinder|nut|stock|section|post|pillar)\b", re.I)


def polygon_sides(words: str) -> int | None:
    """The number of sides of the regular polygon the words name (None: none named, or an
    irregular triangle given by its vertices elsewhere); at least 3."""
    words = digits(words)
    for m in REGULAR_POLYGON.finditer(words):
        token = m.group(0).lower()
        if m.group("n") or m.group("n2"):
            n = int(m.group("n") or m.group("n2"))
            if n >= 3:
                return n
            continue
        if re.search(r"\bhexs?\b", token) and not _HEX_BODY.search(words[m.start():]):
            continue
        stem = re.sub(r"^equilateral\s+", "", token)
        if stem.startswith("hex"):
            return 6
        for key, n in _NAMED_SIDES.items():
            if stem.startswith(key):
                return n
    return None


def _length(m: re.Match[str], value: int, unit: int, default_unit: str | None) -> float | None:
    u = m.group(unit) or default_unit
    return float(m.group(value)) * unit_factor(u) if u else None


_FLATS = r"(?:across\s+(?:the\s+)?flats|a\s*/\s*f|flat[- ]to[- ]flat|between\s+(?:opposite\s+)?(?:flats|faces|sides))"
_CORNERS = (r"(?:across\s+(?:the\s+)?(?:corners|points|vertices|tips)|a\s*/\s*c|corner[- ]to[- ]corner"
            r"|(?:point|vertex|tip)[- ]to[- ](?:point|vertex|tip)|between\s+(?:opposite\s+)?(?:corners|vertices))")
_CIRCLE = r"(?:circumscribed|circumcircle|enclosing|outer|inscribed\s+in\s+a|fits\s+in\s+a)"


def circumradius(words: str, n: int, default_unit: str | None = None) -> float | None:
    """The radius (m) of the circle through the corners of a regular `n`-gon sized in the words: its side
    ("side 5 cm", "sides of 50 mm", "six equal sides of 5 cm", "edge length 2 in"), across its flats
    ("27 mm across flats", "A/F 19 mm"), across its corners ("across corners 30 mm"), a circle about it
    ("circumscribed diameter 0.1 m", "inscribed in a 4 cm circle", "radius 2 cm") or, for a size written just
    before its name ("a 19 mm hexagon"), across the flats (an even n) or the side (an odd n)."""
    words = digits(words)
    half = math.pi / n
    m = re.search(rf"(?:{_FLATS})\s*(?:of|=|:|is)?\s*{LENGTH}|(?<![\w.]){LENGTH}\s*(?:{_FLATS})", words, re.I)
    if m:
        f = _length(m, 1, 2, default_unit) if m.group(1) else _length(m, 3, 4, default_unit)
        return f / 2 / math.cos(half) if f else None
    m = re.search(rf"(?:{_CORNERS})\s*(?:of|=|:|is)?\s*{LENGTH}|(?<![\w.]){LENGTH}\s*(?:{_CORNERS})", words, re.I)
    if m:
        c = _length(m, 1, 2, default_unit) if m.group(1) else _length(m, 3, 4, default_unit)
        return c / 2 if c else None
    m = re.search(rf"\b(?:sides?|edges?)(?:\s+length)?\s*(?:of|=|:|is)?\s*(?:about\s+)?{LENGTH}"
                  rf"|(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:sides?|edges?)\b|\bside\s+length\s*(?:of|=|:|is)?\s*{LENGTH}", words, re.I)
    if m:
        groups = [(1, 2), (3, 4), (5, 6)]
        v, u = next(g for g in groups if m.group(g[0]))
        s = _length(m, v, u, default_unit)
        return s / 2 / math.sin(half) if s else None
    m = re.search(rf"(?:{_CIRCLE})\s+(?:circle\s+)?(?:of\s+)?(?:diameter\s*(?:of|=|:)?\s*)?{LENGTH}\s*(?:circle|diameter)?"
                  rf"|\bcircle\s+of\s+(?:diameter\s+)?{LENGTH}", words, re.I)
    if m:
        d = _length(m, 1, 2, default_unit) if m.group(1) else _length(m, 3, 4, default_unit)
        return d / 2 if d else None
    m = re.search(rf"\bradius\s*(?:of|=|:|is)?\s*{LENGTH}|\bdiameter\s*(?:of|=|:|is)?\s*{LENGTH}", words, re.I)
    if m:
        return _length(m, 1, 2, default_unit) if m.group(1) else (_length(m, 3, 4, default_unit) or 0) / 2 or None
    m = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:regular\s+|equilateral\s+)?(?:{_NAMED}|\d+\s*-\s*sided)", words, re.I)
    if m:
        size = float(m.group(1)) * unit_factor(m.group(2))
        return size / 2 / math.cos(half) if n % 2 == 0 else size / 2 / math.sin(half)
    return None


_TURN = re.compile(r"\b(?:rotated|turned|tilted|inclined)\s+(?:by\s+)?([-+]?\d+(?:\.\d*)?)\s*(?:°|degrees?|deg)"
                   r"(?:\s+(clockwise|cw|counter[- ]?clockwise|anti[- ]?clockwise|ccw))?", re.I)
_CORNER_FIRST = re.compile(r"\b(?:corner|vertex|apex|point|tip|edge)\s+(?:\w+\s+)?(?:pointing|facing|towards|into|to|upstream|at\s+the\s+front)"
                           r"[^.;]{0,20}?\b(?:flow|inlet|upstream|stream|front)?", re.I)
_FLAT_FIRST = re.compile(r"\b(?:flat|face|side|base)\s+(?:\w+\s+)?(?:facing|towards|to|against|normal\s+to)\b", re.I)


def turn(words: str, n: int) -> float:
    """The angle (radians, counter-clockwise) of the polygon's first corner about its centre: a flat side
    facing upstream unless the words put a corner upstream, plus a stated rotation."""
    upstream_flat = math.pi - math.pi / n
    upstream_corner = math.pi
    start = upstream_corner if _CORNER_FIRST.search(words) and not _FLAT_FIRST.search(words) else upstream_flat
    m = _TURN.search(words)
    if m:
        angle = math.radians(float(m.group(1)))
        start += -angle if m.group(2) and re.match(r"c(?:lock|w)", m.group(2), re.I) else angle
    return start


def regular_polygon(words: str, center: Point, default_unit: str | None = None,
                    named_in: str | None = None) -> list[Point] | None:
    """The corners (counter-clockwise) of the regular polygon the words name (or `named_in` names: "a
    five-sided body of side 3 cm") about `center`, or None when they name none or give it no size."""
    n = polygon_sides(words) or (polygon_sides(named_in) if named_in else None)
    if n is None:
        return None
    radius = circumradius(words, n, default_unit)
    if not radius:
        return None
    start = turn(words, n)
    return [(round(center[0] + radius * math.cos(start + 2 * math.pi * k / n), 9),
             round(center[1] + radius * math.sin(start + 2 * math.pi * k / n), 9)) for k in range(n)]
