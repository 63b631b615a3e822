"""A closed 2D enclosure (a room, tank, basin, box, cavity) whose inlet and outlet are parts of its walls or short
ducts stuck onto the outside of a wall, read from a request's words:
- the enclosure: "4 m wide and 3 m high", "2 m x 1 m", "x 0..4 m, y 0..3 m", "length = 3 m and depth = 1.2 m";
- an opening on part of a wall: "in the left wall between y = 0.8 and 1.0 m", "through the top 20 cm of the left
  wall", "a 0.3 m vent in the floor 1 m from the left corner", "0.1 m high, centred at y = 1.2 m", "a 15 cm high
  opening whose bottom edge is 2 m above the floor", "between 8 ft and 9 ft above the floor", "right at the floor";
- a duct on a wall: "a supply duct 0.4 m long, 0.2 m high at y 2.6..2.8 m on the left wall", "extract duct on the
  right wall, 40 cm long, 20 cm high, lower side 20 cm above the floor", or by its ranges outside the enclosure
  ("x -0.6..0 m, y 2.5..2.8 m"); its open end (the far one from the wall) is the inlet or outlet;
- a solid body inside it (a baffle, a partition) by its ranges ("a baffle from x = 1.1 to 1.13 m, from the lid down
  to y = 0.3 m") or by its sizes on a wall (text_wall_bodies): left out of the mesh, its faces walls.
Each opening's words run from the word that gives its role (inlet, supply, enters, ...; outlet, extract, leaves,
...), or the start of its phrase when its size comes first, to the next such word or the end of the sentence. The
enclosure's bottom-left corner is at the origin unless its ranges place it. Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from tasks.core.errors import RequestError
from tasks.geometry.text_partition import read_partition
from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_range_parts import range_parts
from tasks.geometry.text_rectilinear import Part, Union, axis_ranges_in
from tasks.geometry.text_wall_bodies import WALL_BODY_NOUNS, wall_body

_ENCLOSURE = re.compile(r"\b(?:\w*rooms?|tanks?|basins?|box|boxes|cavity|cavities|enclosures?|chambers?|halls?|offices?|vessels?"
                        r"|containers?|compartments?|reservoirs?|cisterns?|sumps?|ponds?|cabins?|wards?|spaces?)\b", re.I)
_INLET = (r"inlets?|inflows?|supply|supplied|intakes?|feed|fed|enters?|entering|admitted|fresh\s+air|incoming|injected|injection"
          r"|(?:pumped|let)\s+in\b"
          r"|(?:comes?|coming|goes|go|going|flows?|flowing|blown)\s+(?:in|inside)\b")
_OUTLET = (r"outlets?|outflows?|overflows?|extracts?|extracted|extraction|exhaust\w*|returns?|leaves?|leaving|exits?|exiting"
           r"|drains?|drained|discharg\w+|stale\s+air|spills?|outgoing|removed|withdrawn|(?:sucked|pumped|let)\s+out\b"
           r"|(?:goes|go|going|flows?|flowing|comes?|coming)\s+out\b")
_ROLE = re.compile(rf"\b(?:(?P<inlet>{_INLET})|(?P<outlet>{_OUTLET}))", re.I)
# a body inside the enclosure: read (_solids) or refused, never dropped; not "no obstacles", not a mesh's "multi-block"
_BODY = re.compile(rf"(?<!multi-)(?<!multi\s)\b(?:{WALL_BODY_NOUNS}|partitions?|dividers?|weirs?|screens?|heaters?|radiators?"
                   rf"|cylinders?|spheres?|pillars?|occupants?|persons?|desks?)\b(?!\s*(?:mesh|structured|-structured|grid|count))",
                   re.I)
_NEGATED = re.compile(r"\b(?:no|without|free\s+of|nor|any)\s+(?:\w+\s+)?$", re.I)
_DUCT = re.compile(r"\b(?:ducts?|pipes?|channels?|passages?|ductwork)\b", re.I)
# the wall an opening is in, most explicit first: "the left wall", "the west wall"; then "in the floor"
_WALL_NAMED = re.compile(r"\b(left|right|west|east|top|bottom|upper|lower)[- ](?:hand\s+)?(?:side\s+)?(?:wall|boundary)\b", re.I)
_OPENING_NOUNS = r"openings?|vents?|slots?|gaps?|grilles?|grills?|slits?|apertures?|ports?|windows?|diffusers?|registers?|louv(?:re|er)s?"
_WALL_PLAIN = re.compile(r"\b(?:in|on|through|into|of|across|at)\s+(?:the\s+)?(floor|ceiling|roof|base|lid)\b(?!\s+level)"
                         rf"|\b(floor|ceiling|roof)[- ](?:{_OPENING_NOUNS}|inlets?|outlets?|ducts?)\b", re.I)
_SIDES = {"left": "left", "west": "left", "right": "right", "east": "right", "top": "top", "upper": "top", "ceiling": "top",
          "roof": "top", "lid": "top", "bottom": "bottom", "lower": "bottom", "floor": "bottom", "base": "bottom"}
_LEN = rf"(?P<n>{NUM})\s*(?P<u>{UNIT})"
_L = rf"({NUM})\s*({UNIT})"  # a length in unnamed groups, for patterns of several alternatives (see _first_length)
_LONG = re.compile(rf"(?<![\w.]){_L}\s*(?:-\s*)?(?:long|in\s+length)\b|\blength\s*(?:of|=|:|is)?\s*{_L}", re.I)
_ACROSS = re.compile(rf"(?<![\w.]){_L}\s*(?:-\s*)?(?:high|tall|wide|deep|in\s+(?:height|width|size))\b"
                     rf"|(?<![\w.]){_L}\s*(?:\([^()]{{0,20}}\)\s*)?(?:\w+\s+)?(?:{_OPENING_NOUNS})\b"  # "7.9 in (0.2 m) slot"
                     rf"|\b(?:height|width|size|openings?|inlets?|outlets?|vents?|slots?|gaps?)\s*(?:of|=|:|is)?\s*{_L}", re.I)
# a stretch at one end of the wall: "the top 20 cm of the left wall", "the lowest 1 ft", "the left 30 cm of the floor"
_END_STRETCH = re.compile(rf"\b(?P<end>top|upper|uppermost|highest|bottom|lower|lowest|left|leftmost|right|rightmost)(?:most)?\s+"
                          rf"(?:part\s+|portion\s+)?{_LEN}(?!\s*(?:above|below|from|under|over)\b)", re.I)
_HIGH_END = r"top|ceiling|roof|lid|right(?:\s+wall|\s+end)?|east"
_LOW_END = r"bottom|floor|base|left(?:\s+wall|\s+end)?|west"
_TO_END = re.compile(rf"\bfrom\s+(?P<axis>[xy])\s*=\s*{_LEN}\s+(?:up\s+|all\s+the\s+way\s+)?to\s+the\s+(?P<high>{_HIGH_END})\b"
                     rf"|\bfrom\s+the\s+(?:{_LOW_END})\s+(?:up\s+)?to\s+(?P<axis2>[xy])\s*=\s*(?P<n2>{NUM})\s*(?P<u2>{UNIT})", re.I)
_BETWEEN_HEIGHTS = re.compile(rf"\bbetween\s+(?P<a>{NUM})\s*(?P<ua>{UNIT})?\s+and\s+(?P<b>{NUM})\s*(?P<ub>{UNIT})\s+"
                              rf"(?P<ref>above|over|from)\s+(?:the\s+)?(?:floor|bottom|base|ground)", re.I)
# an edge said by its distance from an end: "bottom edge is 2 m above the floor", "upper side 10 cm below the ceiling",
# "1 m from the left corner", "0.3 m above the floor"
_OFFSET = re.compile(rf"(?P<edge>\b(?:(?:bottom|lower|top|upper|near|far|left|right)\s+(?:edge|side|end)|cent(?:re|er)(?:d|line)?"
                     rf"|mid(?:dle|point)?)\b[^.;\d]{{0,12}})?"
                     rf"(?<![\w.]){_LEN}\s+(?P<rel>above|over|below|under|from)\s+(?:the\s+)?"
                     rf"(?P<ref>floor|bottom|base|ground|ceiling|roof|top|lid|left|right|west|east)\b", re.I)
_WHOLE = re.compile(r"\b(?:whole|entire|full|complete)\s+(?:(?:left|right|west|east|top|bottom|upper|lower)\s+)?"
                    r"(?:wall|side|floor|ceiling|roof|base|height|width)\b|\ball\s+(?:of\s+)?the\s+(?:left|right|west|east)\s+wall", re.I)
_MIDDLE = re.compile(r"\bmid[- ]?(?:height|width|length|span|wall|way|point)\b|\bhalf[- ]?(?:height|way)\b|\b(?:in|at)\s+the\s+"
                     r"(?:middle|centre|center)\b|\bcent(?:red|ered)\s+(?:on|in)\s+the\s+(?:left|right|west|east|floor|ceiling|"
                     r"top|bottom|roof)", re.I)
_CENTRED = re.compile(rf"\bcent(?:red|ered|re|er)\s+(?:at|on)\s+(?P<axis>[xy])\s*=\s*{_LEN}", re.I)
_AT_END = re.compile(r"\b(?:at|flush\s+with|level\s+with|along)\s+(?:the\s+)?(?P<end>floor|bottom|ceiling|top|roof|base)\b"
                     r"|\bat\s+(?:floor|ceiling)\s+level\b"
                     # "just under the ceiling", "right above the floor": against that end
                     r"|\b(?:just|right|directly|immediately)\s+(?:under|below|beneath|above|over)\s+(?:the\s+)?"
                     r"(?:floor|bottom|ceiling|top|roof|base)\b", re.I)
# an opening sized like the other one: "same size slot at floor level", "an outlet of the same width"
_SAME_SIZE = re.compile(r"\b(?:same|equal|identical|similar)[- ](?:size|sized|width|height|dimensions?)\b"
                        r"|\bof\s+the\s+same\s+(?:size|width|height)\b|\b(?:likewise|identical)\b", re.I)


class Opening(NamedTuple):
    """An inlet or outlet: the wall side it is on, its stretch (lo, hi) along that wall in the enclosure's
    coordinates, and, for a duct, the duct's rectangle (its far end the opening)."""

    role: str
    side: str
    span: tuple[float, float]
    duct: Part | None = None


def _metres(m: re.Match[str], n: str = "n", u: str = "u") -> float:
    return float(m.group(n)) * unit_factor(m.group(u))


def _first_length(m: re.Match[str]) -> float:
    """The length a pattern of several alternatives matched (its groups in (number, unit) pairs)."""
    groups = m.groups()
    k = next(i for i in range(0, len(groups), 2) if groups[i] is not None)
    return float(groups[k]) * unit_factor(groups[k + 1])


_BOUNDARY = re.compile(r"[,;:(]|\.(?=\s)|\b(?:and|with|plus|while)\b", re.I)


_REFERENCE = re.compile(rf"{NUM}\s*{UNIT}\s+(?:from|downstream\s+of|upstream\s+of|away\s+from|behind|before|after)\s+"
                        r"(?:the\s+)?$", re.I)


def _role_starts(text: str) -> list[tuple[int, str]]:
    """Where each inlet's or outlet's words begin, with its role: at the word giving the role, or back to the start
    of its phrase when a size is said before it ("and a 0.25 m exhaust opening"), never into the enclosure's words."""
    out: list[tuple[int, str]] = []
    previous_end = 0
    for m in _ROLE.finditer(text):
        if _REFERENCE.search(text[max(0, m.start() - 30):m.start()]):
            continue  # "its left face 50 cm from the inlet wall": a distance from the opening's wall, not its words
        floor = max(previous_end, m.start() - 40)
        window = text[floor:m.start()]
        bounds = list(_BOUNDARY.finditer(window))
        start = m.start()
        if bounds or floor == 0:  # the phrase after the last boundary (or from the text's start)
            cut = bounds[-1].end() if bounds else 0
            if re.search(rf"{NUM}\s*{UNIT}", window[cut:]) and not _ENCLOSURE.search(window[cut:]):
                start = floor + cut
        out.append((start, "inlet" if m.group("inlet") else "outlet"))
        previous_end = m.end()
    return out


def _clauses(text: str) -> list[tuple[str, str]]:
    """(role, words) for the inlet and the outlet: each one's words run from where they begin (_role_starts) to the
    next one's, the end of the sentence or a semicolon; a role's fragments are joined ("Inlet velocity 0.3 m/s. The
    supply opening is in the left wall ...": both the inlet's)."""
    found = _role_starts(text)
    joined: dict[str, list[str]] = {}
    for k, (at, role) in enumerate(found):
        end = found[k + 1][0] if k + 1 < len(found) else len(text)
        joined.setdefault(role, []).append(re.split(r"\.(?=\s+[A-Z]|\s*$)|;|\n|\?|!", text[at:end])[0])
    return [(role, "; ".join(words)) for role, words in joined.items()]


class _Room(NamedTuple):
    """The enclosure's extent (metres)."""

    x0: float
    x1: float
    y0: float
    y1: float


def _room(words: str) -> _Room | None:
    """The enclosure's extent from the words before its first opening: ranges, "W x H", or its sizes by name."""
    ranges = axis_ranges_in(words)
    xr = next((r for r in ranges if r.axis == "x"), None)
    yr = next((r for r in ranges if r.axis == "y"), None)
    if xr is not None and yr is not None:
        return _Room(xr.lo, xr.hi, yr.lo, yr.hi)
    by = re.search(rf"(?<![\w.])(?P<a>{NUM})\s*(?P<ua>{UNIT})?\s*(?:x|by|×|\*)\s*(?P<b>{NUM})\s*(?P<ub>{UNIT})", words, re.I)
    if by:
        return _Room(0.0, float(by.group("a")) * unit_factor(by.group("ua") or by.group("ub")), 0.0, _metres(by, "b", "ub"))
    width = _named(words, r"long|wide|in\s+length|in\s+width", r"length|width|[LW](?=\s*[=:])")
    height = _named(words, r"high|tall|deep|in\s+height|in\s+depth", r"height|depth|H(?=\s*[=:])")
    if width is None or height is None:
        return None
    return _Room(0.0, width, 0.0, height)


def _named(words: str, after: str, before: str) -> float | None:
    """A size said as "3 m long" (`after`) or "length = 3 m" (`before`)."""
    m = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:{after})\b", words, re.I) or \
        re.search(rf"\b(?:{before})\s*(?:[A-Z]\s*)?(?:of|=|:|is)?\s*({NUM})\s*({UNIT})", words, re.I)
    return None if m is None else float(m.group(1)) * unit_factor(m.group(2))


_REFERENCE = re.compile(r"\b(?:from|above|below|under|near|off|beside|towards?)\s+(?:the\s+)?$", re.I)


def _wall(words: str) -> str | None:
    """The wall side the words put an opening on: the first wall named that is not a reference for a distance
    ("a slot in the ceiling, 1 m from the left wall": the ceiling)."""
    named = [m for m in _WALL_NAMED.finditer(words) if not _REFERENCE.search(words[max(0, m.start() - 12):m.start()])]
    found = sorted(named + list(_WALL_PLAIN.finditer(words)), key=lambda m: m.start())
    return _SIDES[(found[0].group(1) or found[0].group(2)).lower()] if found else None


def _span(words: str, side: str, room: _Room, like: float | None = None) -> tuple[float, float] | None:
    """The stretch (lo, hi) of the wall the opening covers, in the enclosure's coordinates (rounded: 3 - 0.3 is
    2.6999999999999997 in floating point); `like`: the other opening's size, for one said to be the same size."""
    span = _raw_span(words, side, room, like)
    return None if span is None else (round(span[0], 12), round(span[1], 12))


def _raw_span(words: str, side: str, room: _Room, like: float | None = None) -> tuple[float, float] | None:
    """`_span` before rounding: by the whole wall, a range, a range to a wall's end, heights above the floor, a
    stretch at one end, or a size placed by its centre, its distance from an end, the middle or one end."""
    vertical = side in ("left", "right")
    lo_end, hi_end = (room.y0, room.y1) if vertical else (room.x0, room.x1)
    tangent = "y" if vertical else "x"
    if _WHOLE.search(words):  # "over the whole left wall"
        return lo_end, hi_end
    rng = next((r for r in axis_ranges_in(words) if r.axis == tangent), None)
    if rng is not None:
        return round(rng.lo, 12), round(rng.hi, 12)
    m = _TO_END.search(words)
    if m and (m.group("axis") or m.group("axis2")).lower() == tangent:  # "from y = 0.8 m to the top", "from the floor
        if m.group("high"):                                               # up to y = 0.3 m"
            return _metres(m), hi_end
        return lo_end, _metres(m, "n2", "u2")
    m = _BETWEEN_HEIGHTS.search(words)
    if m and vertical:
        a, b = float(m.group("a")) * unit_factor(m.group("ua") or m.group("ub")), _metres(m, "b", "ub")
        return lo_end + min(a, b), lo_end + max(a, b)
    m = _END_STRETCH.search(words)
    if m:
        size, end = _metres(m), m.group("end").lower()
        if end in ("top", "upper", "uppermost", "highest", "right", "rightmost"):
            return hi_end - size, hi_end
        return lo_end, lo_end + size
    across = _ACROSS.search(words)
    if across is None and not (like and _SAME_SIZE.search(words)):
        return None
    size = _first_length(across) if across is not None else like
    centred = _CENTRED.search(words)
    if centred and centred.group("axis").lower() == tangent:
        c = _metres(centred)
        return c - size / 2, c + size / 2
    for m in _OFFSET.finditer(words):
        d, ref, edge = _metres(m), m.group("ref").lower(), (m.group("edge") or "").lower()
        from_low = ref in ("floor", "bottom", "base", "ground", "left", "west")
        if vertical != (ref in ("floor", "bottom", "base", "ground", "ceiling", "roof", "top", "lid")):
            continue  # "1 m from the left wall" places an opening in the floor, not one in a side wall
        if edge.startswith(("cent", "mid")):  # "centred 1.5 m from the left wall"
            c = lo_end + d if from_low else hi_end - d
            return c - size / 2, c + size / 2
        if from_low:
            lo = lo_end + d if not edge.startswith(("top", "upper", "far", "right")) else lo_end + d - size
            return lo, lo + size
        hi = hi_end - d if not edge.startswith(("bottom", "lower", "far", "left")) else hi_end - d + size
        return hi - size, hi
    if _MIDDLE.search(words):  # "at mid-height of the right wall", "in the middle of the floor"
        c = (lo_end + hi_end) / 2
        return c - size / 2, c + size / 2
    m = _AT_END.search(words)
    if m and vertical:
        end = (m.group("end") or m.group(0)).lower()
        return (lo_end, lo_end + size) if ("floor" in end or "bottom" in end or "base" in end) else (hi_end - size, hi_end)
    return None


def _duct_rect(words: str, side: str, span: tuple[float, float], room: _Room) -> Part | None:
    """A duct on `side` over `span`, as long as its words say ("0.4 m long")."""
    m = _LONG.search(words)
    if m is None:
        return None
    length = _first_length(m)
    lo, hi = span
    return {"left": (room.x0 - length, room.x0, lo, hi), "right": (room.x1, room.x1 + length, lo, hi),
            "bottom": (lo, hi, room.y0 - length, room.y0), "top": (lo, hi, room.y1, room.y1 + length)}[side]


def _ranged_duct(words: str, room: _Room) -> Opening | None:
    """A duct given by its x and y ranges that lies outside the enclosure against one of its walls."""
    ranges = axis_ranges_in(words)
    xr = next((r for r in ranges if r.axis == "x"), None)
    yr = next((r for r in ranges if r.axis == "y"), None)
    if xr is None or yr is None:
        return None
    x0, x1, y0, y1 = xr.lo, xr.hi, yr.lo, yr.hi
    tol = 1e-9 * max(1.0, abs(room.x1), abs(room.y1))
    for side, touches, span in (("left", abs(x1 - room.x0) <= tol, (y0, y1)), ("right", abs(x0 - room.x1) <= tol, (y0, y1)),
                                ("bottom", abs(y1 - room.y0) <= tol, (x0, x1)), ("top", abs(y0 - room.y1) <= tol, (x0, x1))):
        if touches:
            return Opening("", side, span, (x0, x1, y0, y1))
    return None


def _opening(role: str, words: str, room: _Room, like: float | None = None) -> Opening | None:
    """One inlet or outlet from its words; `like`: the other opening's size (see `_span`)."""
    duct = bool(_DUCT.search(words))
    if duct and (ranged := _ranged_duct(words, room)) is not None:
        return ranged._replace(role=role)
    side = _wall(words)
    if side is None and axis_ranges_in(words):  # "Inlet: y = 2.4-2.7 m": the inlet's usual side
        rng = axis_ranges_in(words)[0]
        side = ("left" if role == "inlet" else "right") if rng.axis == "y" else None
    if side is None:
        return None
    span = _span(words, side, room, like)
    if span is None:
        return None
    if duct:
        rect = _duct_rect(words, side, span, room)
        return None if rect is None else Opening(role, side, span, rect)
    return Opening(role, side, span)


def _solids(words: str, room: _Room) -> list[Part]:
    """The solid bodies inside the enclosure (the words other than its openings'), as rectangles: by their ranges,
    an end said as a wall put on that wall, or one body on a wall by its sizes. Raises RequestError when the words
    name a body but place none (never a room built with its baffle dropped)."""
    out: list[Part] = []
    for p in range_parts(words):
        if p.x is None or p.y is None:
            continue
        (x0, x1), (y0, y1) = p.x, p.y
        if p.hangs and y0 is not None:
            y0 = room.y1 + y0  # its size hanging down from the lid
        out.append((room.x0 if x0 is None else x0, room.x1 if x1 is None else x1,
                    room.y0 if y0 is None else y0, room.y1 if y1 is None else y1))
    if not out and (body := wall_body(words)) is not None and body.complete():
        ob = body.obstacle(room.y1 - room.y0)
        (cx, cy), w, h = ob["center"], ob["width"], ob["height"]
        out.append((room.x0 + cx - w / 2, room.x0 + cx + w / 2, room.y0 + cy - h / 2, room.y0 + cy + h / 2))
    if not out and (plate := read_partition(words, room.x1 - room.x0, room.y1 - room.y0, False)) is not None:
        x0, y0, x1, y1 = plate.box(room.x1 - room.x0, room.y1 - room.y0)  # "hangs from the lid, its left face 50 cm from ..."
        out.append((room.x0 + x0, room.x0 + x1, room.y0 + y0, room.y0 + y1))
    if not out and any(not _NEGATED.search(words[max(0, m.start() - 30):m.start()]) for m in _BODY.finditer(words)):
        raise RequestError("geometry refused: the enclosure's inlet and outlet were read but not the body inside it: "
                           "give the body's x and y ranges (e.g. 'a baffle from x = 1.1 to 1.13 m, from the lid down "
                           "to y = 0.3 m') or its thickness, height and place on its wall")
    return [tuple(round(v, 12) for v in b) for b in out]  # type: ignore[misc]


def _room_words(text: str) -> tuple[_Room | None, str]:
    """The enclosure's extent and the words left for its openings: the words before the first role word when they
    name the enclosure ("A 2D room 4 m x 3 m. Air enters ..."), else the sentence that names it, said after the
    openings ("... leaves through the right wall. The tank is 2 m x 1 m.")."""
    starts = _role_starts(text)
    if not starts:
        return None, text
    first = starts[0][0]
    before = text[:first]
    if _ENCLOSURE.search(before):
        return _room(before), text[first:]
    for sentence in re.finditer(r"[^.;\n]*(?:\.\d[^.;\n]*)*", text[first:]):
        words = sentence.group(0)
        if _ENCLOSURE.search(words) and not _ROLE.search(words):
            start, end = first + sentence.start(), first + sentence.end()
            return _room(words), text[first:start] + text[end:]
    return None, text


def room_with_openings(text: str) -> Union | None:
    """The enclosure and its ducts as parts, with the inlet and outlet on parts of walls or at the ducts' ends; None
    unless the words name an enclosure, its size, and both an inlet and an outlet placed on its walls."""
    room, rest = _room_words(text)
    if room is None or room.x1 <= room.x0 or room.y1 <= room.y0:
        return None
    openings: dict[str, Opening] = {}
    others = text
    for role, words in _clauses(rest):
        other = next(iter(openings.values()), None)
        found = _opening(role, words, room, None if other is None else other.span[1] - other.span[0])
        if found is not None and role not in openings:
            openings[role] = found
        for piece in words.split("; "):  # its fragments (_clauses): not the bodies' words, unless a body's placed by them
            if found is None and _BODY.search(piece):  # "a plate ... its left face 50 cm from the inlet wall"
                continue
            others = others.replace(piece, " " * len(piece), 1)
    if set(openings) != {"inlet", "outlet"}:
        return None
    solids = _solids(others, room)
    parts: list[Part] = [(room.x0, room.x1, room.y0, room.y1)]
    fields: dict[str, Any] = {}
    said = []
    for role in ("inlet", "outlet"):
        o = openings[role]
        if o.duct is not None:
            parts.append(o.duct)
            fields.update({f"{role}_part": len(parts) - 1, f"{role}_side": o.side})  # the duct's far end
            said.append(f"the {role} at the end of a duct on the {o.side} wall")
        else:
            fields.update({f"{role}_part": 0, f"{role}_side": o.side, f"{role}_span": o.span})
            said.append(f"the {role} an opening in the {o.side} wall, {'y' if o.side in ('left', 'right') else 'x'} "
                        f"{o.span[0]:g}..{o.span[1]:g} m")
    if solids:
        fields["solids"] = solids
        said.append(f"{len(solids)} solid bod{'y' if len(solids) == 1 else 'ies'} inside it")
    how = (f"an enclosure {room.x1 - room.x0:g} m by {room.y1 - room.y0:g} m with its bottom-left corner at "
           f"({room.x0:g}, {room.y0:g}); " + "; ".join(said))
    return Union(parts, fields, how)
