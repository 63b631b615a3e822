"""A 2D domain of straight walls that are not all axis-aligned, read from a request's words: its corners (listed,
lettered "A(0,0), B(0.8,0)", or in a table of x and y), a cavity's slanted side from point to point ("the right
wall runs from (2 in, 0) to (4 in, 4 in)"), a trapezoid's bottom and top widths and depth, a duct's lower and upper
walls from point to point, or an offset (dog-leg) channel's legs (x/y ranges or lengths) joined by a jog (its
angle and the offset it lifts the walls by). `polydomain_fields` gives the GeometrySpec fields of a
`polygon_domain` (tasks/geometry/shape_polydomain.py), or None when the words describe no such domain. Pure; metres."""

from __future__ import annotations

import math
import re
from typing import Any

from tasks.geometry.placement import axis_ranges
from tasks.geometry.spec import NUM, UNIT, Point, unit_factor
from tasks.geometry.text_mesh import mesh_request
from tasks.geometry.text_numbers import digits
from tasks.geometry.text_points import coordinate_unit
from tasks.geometry.text_wall_profile import wall_profile_fields

_PAIR = rf"\(\s*({NUM})\s*({UNIT})?\s*[,;]\s*({NUM})\s*({UNIT})?\s*\)"
_UNIT_AFTER = re.compile(rf"\s*(?:\(\s*({UNIT})\s*\)|(?:in\s+)?({UNIT})\b)", re.I)
_LID = re.compile(r"\blid\b|\blid[- ]driven\b|\bdriven\s+cavity\b|\bmoving\s+(?:lid|top)\b|\btop\s+(?:side|edge|wall|surface)"
                  r"\s+(?:\w+\s+)?mov", re.I)
_CAVITY = re.compile(r"\bcavit(?:y|ies)\b|\btank\b|\benclosure\b", re.I)
_DOGLEG = re.compile(r"\bdog[- ]?leg\b|\bjog\b|\boffset\s+(?:channel|duct)\b|\b(?:channel|duct)\s+with\s+an?\s+(?:offset|jog)\b",
                     re.I)
_RAMP = re.compile(r"\b(?:ramps?|slop(?:e|es|ed|ing)|ris(?:es|ing)|fall(?:s|ing)|slant(?:s|ed|ing)?|inclined)\b", re.I)
_THREE_D = re.compile(r"\b3-?D\b|\bthree[- ]dimensional\b", re.I)
_DEGREES = rf"({NUM})\s*(?:-\s*)?(?:°|(?:degrees?|deg)\b)"


def _pairs(run: str, default: float) -> list[Point]:
    """The (x, y) pairs of a run, each coordinate in its own unit, else the pair's, else `default` metres per unit."""
    out = []
    for m in re.finditer(_PAIR, run, re.I):
        ux, uy = m.group(2) or m.group(4), m.group(4) or m.group(2)
        fx = unit_factor(ux) if ux else default
        fy = unit_factor(uy) if uy else default
        out.append((float(m.group(1)) * fx, float(m.group(3)) * fy))
    return out


def _run_unit(text: str, end: int, pairs: list[re.Match[str]]) -> float:
    """Metres per unit of a run of pairs: the unit after it ("(0, 4) in inches", "(0,1.0) (metres)"), the last
    pair's own, or the text's ("coordinates in mm")."""
    after = _UNIT_AFTER.match(text[end:])
    if after:
        return unit_factor(after.group(1) or after.group(2))
    own = pairs[-1].group(4) or pairs[-1].group(2) if pairs else None
    return unit_factor(own) if own else coordinate_unit(text)


_BODY = re.compile(r"\b(?:obstacles?|bod(?:y|ies)|blocks?|bumps?|ribs?|fins?|baffles?|plates?|islands?|inserts?|prisms?"
                   r"|cylinders?|triang\w*|wedges?(?![- ]shaped))\b(?:[^.;]|\.(?=\d))*$", re.I)  # a decimal point ends no sentence
_FIRST_PAIR = re.compile(rf"[^().;]{{0,40}}?(?:\b[A-Za-z]\d?\s*)?{_PAIR}", re.I)  # "corners A(0,0)", "vertices: (0, 0)"
_NEXT_PAIR = re.compile(rf"\s*(?:,|;|and)?\s*(?:\b[A-Za-z]\d?\s*)?{_PAIR}", re.I)  # ", B(0.8,0)", " and (0, 4)"


def listed_corners(text: str) -> list[Point] | None:
    """The corners listed after "corners", "vertices", "points", "polygon" or "outline", with or without a letter
    before each ("A(0,0), B(0.8,0)"), in metres; None when fewer than three are listed."""
    for key in re.finditer(r"\b(?:vertices|vertexes|corners|corner\s+points|points|polygon|outline)\b", text, re.I):
        if _BODY.search(text[max(0, key.start() - 60):key.start()]):
            continue  # a body's outline ("a triangular obstacle with vertices ..."), not the domain's
        matches: list[re.Match[str]] = []
        pos = key.end()
        while m := (_NEXT_PAIR if matches else _FIRST_PAIR).match(text, pos):
            matches.append(m)
            pos = m.end()
        if len(matches) >= 3:
            return _pairs(" ".join(m.group(0)[m.group(0).index("("):] for m in matches), _run_unit(text, pos, matches))
    return None


def table_corners(text: str) -> list[Point] | None:
    """Corners in a table whose header names x and y columns with their units ("| corner | x (mm) | y (mm) |")."""
    head = re.search(rf"^\s*\|.*\bx\s*(?:\[|\()?\s*({UNIT})?\s*(?:\]|\))?\s*\|\s*y\s*(?:\[|\()?\s*({UNIT})?\s*(?:\]|\))?\s*\|",
                     text, re.I | re.M)
    if not head:
        return None
    f = unit_factor(head.group(1) or head.group(2)) if (head.group(1) or head.group(2)) else coordinate_unit(text)
    rows = re.findall(rf"^\s*\|\s*[^|\n]*\|\s*({NUM})\s*\|\s*({NUM})\s*\|\s*$", text[head.end():], re.M)
    return [(float(x) * f, float(y) * f) for x, y in rows] if len(rows) >= 3 else None


def _wall_segment(text: str, walls: str) -> tuple[str, Point, Point] | None:
    """A wall said to run from one point to another: ("right", (x, y), (x, y))."""
    m = re.search(rf"\b({walls})\s+(?:side\s+)?(?:wall|side)\b[^.;()]{{0,80}}?\bfrom\s+({_PAIR})\s*(?:{UNIT}\s*)?to\s+({_PAIR})",
                  text, re.I)
    if not m:
        return None
    run = m.group(2) + " " + m.group(7)
    units = [u for pair in re.finditer(_PAIR, run, re.I) for u in (pair.group(2), pair.group(4)) if u]
    after = _UNIT_AFTER.match(text[m.end():])
    f = unit_factor(after.group(1) or after.group(2)) if after else unit_factor(units[0]) if units else coordinate_unit(text)
    a, b = _pairs(run, f)
    return m.group(1).lower(), a, b


def _size(text: str, before: str, after: str) -> float | None:
    """The first length said after one of the words `before` ("depth 80 mm", "top width: 5 in") or before one of
    `after` ("80 mm deep", "12 cm across the bottom")."""
    m = re.search(rf"\b(?:{before})\s*(?:is|of|=|:)?\s*(?:about\s+)?(?<![\w.])({NUM})\s*({UNIT})"
                  rf"|(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:{after})", text, re.I)
    if not m:
        return None
    return float(m.group(1) or m.group(3)) * unit_factor(m.group(2) or m.group(4))


_BOTTOM = r"(?:bottom|base|floor)(?:\s+(?:width|length|side|wall|edge))?"
_TOP = r"(?:top|lid|upper\s+side|mouth)(?:\s+(?:width|length|side|edge|surface))?"
_DEEP = r"\b(?:deep|high|tall)\b|in\s+depth|in\s+height"
_VERTICAL = re.compile(r"\b(left|right)\s+(?:side|wall)\s+(?:is\s+|being\s+|stays?\s+)?(?:vertical|upright|straight\s+up)", re.I)
_SLANTED = re.compile(r"\b(left|right)\s+(?:side|wall)\s+(?:is\s+)?(?:slant|slop|inclin|tilt|lean)"
                      r"|\b(?:slanted|sloping|sloped|inclined|tilted)\s+(left|right)\s+(?:side|wall)", re.I)
_SYMMETRIC = re.compile(r"\bsymmetric|\bisosceles\b|\bboth\s+(?:side\s+)?(?:walls|sides)\s+(?:\w+\s+)?(?:slop|slant|inclin)|\bequally\b",
                        re.I)


def trapezoid_corners(text: str) -> tuple[list[Point], str] | None:
    """A trapezoid by its bottom and top widths and its depth, one side vertical when the words say so (or slant
    only the other), else both sides sloping alike; with the sentence saying which."""
    bottom = _size(text, _BOTTOM, rf"(?:long\s+|wide\s+)?(?:across|along|at|on)\s+the\s+(?:bottom|base|floor)")
    top = _size(text, _TOP, rf"(?:long\s+|wide\s+)?(?:across|along|at|on)\s+(?:the\s+)?top")
    deep = _size(text, r"depth|height", _DEEP)
    if not bottom or not top or not deep or abs(top - bottom) < 1e-12:
        return None
    vertical = _VERTICAL.search(text)
    slanted = _SLANTED.search(text)
    side = None  # the vertical side, if one
    if vertical:
        side = vertical.group(1).lower()
    elif slanted and not _SYMMETRIC.search(text):
        side = "right" if (slanted.group(1) or slanted.group(2)).lower() == "left" else "left"
    if side == "left":
        return [(0.0, 0.0), (bottom, 0.0), (top, deep), (0.0, deep)], "the left side vertical, the right one slanted"
    if side == "right":
        return [(0.0, 0.0), (bottom, 0.0), (bottom, deep), (bottom - top, deep)], \
            "the right side vertical, the left one slanted"
    shift = (bottom - top) / 2
    return [(0.0, 0.0), (bottom, 0.0), (bottom - shift, deep), (shift, deep)], "both sides sloping alike"


def parallelogram_corners(text: str) -> list[Point] | None:
    """A parallelogram by its length along x, its height and the angle its slanted ends make with the floor
    ("a parallelogram duct 1 m long and 0.2 m high, its ends slanted at 60 degrees"); the ends lean downstream (the
    top shifted along +x) unless the words lean them back."""
    if not re.search(r"\bparallelogram", text, re.I):
        return None
    length = _size(text, r"length|base|floor|bottom(?:\s+wall)?", r"\blong\b|in\s+length")
    height = _size(text, r"height", r"\b(?:high|tall)\b|in\s+height")
    angle = re.search(_DEGREES, text, re.I)
    if not length or not height or not angle or not 0 < float(angle.group(1)) < 180:
        return None
    shift = height / math.tan(math.radians(float(angle.group(1))))
    if re.search(r"\b(?:lean(?:s|ing)?|slant(?:s|ed|ing)?|tilt(?:s|ed|ing)?)\s+(?:\w+\s+)?(?:back(?:wards?)?|upstream|left)\b",
                 text, re.I):
        shift = -abs(shift)
    return [(0.0, 0.0), (length, 0.0), (length + shift, height), (shift, height)]


def slanted_side_corners(text: str) -> list[Point] | None:
    """A cavity one of whose sides runs from point to point ("the right wall from (2 in, 0) to (4 in, 4 in)"),
    the opposite side vertical: at x = 0 (the left), or at the stated width (the right)."""
    found = _wall_segment(text, "left|right")
    if found is None:
        return None
    side, a, b = found
    low, high = sorted((a, b), key=lambda p: p[1])
    if high[1] - low[1] <= 0:
        return None
    if side == "right":
        return [(0.0, low[1]), low, high, (0.0, high[1])]
    width = _size(text, r"width", r"\bwide\b") or (high[1] - low[1])
    return [low, (width, low[1]), (width, high[1]), high]


def wall_pair_corners(text: str) -> list[Point] | None:
    """A duct by its lower and upper walls from point to point ("its lower wall runs from (0, 0) to (0.8, 0), its
    upper wall from (0.2, 0.1) to (1.0, 0.1) m")."""
    lower = _wall_segment(text, "lower|bottom")
    upper = _wall_segment(text, "upper|top")
    if lower is None or upper is None:
        return None
    (_, a, b), (_, c, e) = lower, upper
    return [min(a, b), max(a, b), max(c, e), min(c, e)]


# a leg's length: "leg 300 mm", "first straight part 200 mm long", "Upstream leg: length 50 cm", "leg two 15 cm long"
_LEG = re.compile(rf"\b(?:legs?|sections?|parts?|straight|length|long)(?:\s+(?:one|two|[12]))?\s*(?::|of|is|=)?\s*(?:length\s*)?"
                  rf"(?<![\w.])({NUM})\s*({UNIT})|(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:long|straight)\b", re.I)
# a length said of the jog itself ("a 10 cm long 45-degree jog"): not a leg's
_JOG_AFTER = re.compile(r"[^,;.]{0,30}?\b(?:jog|offset|bend|kink|slant|incline|transition)\b", re.I)
_OFFSET = re.compile(rf"\b(?:by|offset(?:s|ting)?(?:\s+(?:of|the\s+(?:channel|duct)(?:\s+by)?))?|up|down)\s*(?:by\s+)?:?\s*"
                     rf"(?<![\w.])({NUM})\s*({UNIT})", re.I)
_DOWN = re.compile(r"\b(?:down(?:wards?)?|drops?|dropping|lowers?|lowering|descends?|descending)\b", re.I)
_HEIGHT = re.compile(rf"\b(?:channel\s+|duct\s+)?(?:height|width)\s*(?:is|of|=|:)?\s*(?<![\w.])({NUM})\s*({UNIT})"
                     rf"|(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:high|tall|wide)\b"
                     rf"|(?<![\w.])({NUM})\s*({UNIT})\s+(?:channel\s+|duct\s+)?(?:height|width)\b", re.I)


def _value(m: re.Match[str]) -> float:
    """The length of a match whose groups are (number, unit) pairs, one of them filled."""
    groups = m.groups()
    k = next(i for i in range(0, len(groups), 2) if groups[i] is not None)
    return float(groups[k]) * unit_factor(groups[k + 1])


def _meets(a: float, b: float) -> bool:
    """Two coordinates of one joint (a range's end and the next one's start)."""
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def dogleg_corners(text: str) -> tuple[list[Point], list[str]] | None:
    """An offset channel: a straight leg, a jog at an angle that lifts (or drops) both walls by an offset, a
    straight leg; the legs by their x/y ranges or by their lengths, the channel's height and the offset."""
    angle_m = re.search(_DEGREES, text, re.I)
    angle = float(angle_m.group(1)) if angle_m else 45.0
    notes = [] if angle_m else ["The jog's angle not given: 45 degrees."]
    if not 5.0 <= angle <= 90.0:
        return None
    xs, ys = sorted(axis_ranges(text, "x")), axis_ranges(text, "y")
    if len(xs) == 3 and len(ys) == 2 and _meets(xs[0][1], xs[1][0]) and _meets(xs[1][1], xs[2][0]):
        xs = [xs[0], xs[2]]  # the jog's own x range between the legs': the legs' ranges place it
    if len(xs) == 2 and len(ys) == 2:  # both legs by their ranges: the jog joins them
        (x0, x1), (x2, x3) = xs
        (y0, y1), (y2, y3) = ys if axis_ranges(text, "x")[0] == xs[0] else ys[::-1]
        if x2 <= x1 or abs((y1 - y0) - (y3 - y2)) > 1e-9 * (y1 - y0):
            return None
        return [(x0, y0), (x1, y0), (x2, y2), (x3, y2), (x3, y3), (x2, y3), (x1, y1), (x0, y1)], notes
    offset_m = _OFFSET.search(text)
    height_m = None if len(ys) == 1 else _HEIGHT.search(text)
    height = (ys[0][1] - ys[0][0]) if len(ys) == 1 else _value(height_m) if height_m else None
    if not height or not offset_m:
        return None
    down = _DOWN.search(text[max(0, offset_m.start() - 60):offset_m.end()])
    offset = _value(offset_m) * (-1 if down else 1)
    taken = [offset_m.span()] + ([height_m.span()] if height_m else [])
    free = [m for m in _LEG.finditer(text) if not any(a < m.end() and m.start() < b for a, b in taken)]
    legs = [m for m in free if not _JOG_AFTER.match(text, m.end())]
    jog = next((_value(m) for m in free if _JOG_AFTER.match(text, m.end())), None)  # its run along x, when said
    pair = re.search(rf"\blegs\s+(?:of\s+)?(?<![\w.])({NUM})\s*({UNIT})?\s*and\s+({NUM})\s*({UNIT})", text, re.I)
    x0, y0 = (xs[0][0] if xs else 0.0), (ys[0][0] if ys else 0.0)
    if len(xs) == 2:  # the legs' x ranges, the offset in words: the jog between them
        (x0, x1), (x2, x3) = xs
    else:
        if pair:
            lengths = [float(pair.group(1)) * unit_factor(pair.group(2) or pair.group(4)),
                       float(pair.group(3)) * unit_factor(pair.group(4))]
        elif xs:  # the first leg's range, the second's length said after it
            lengths = [xs[0][1] - xs[0][0]] + [_value(m) for m in legs][:1]
        else:
            lengths = [_value(m) for m in legs][:2]
        if len(lengths) < 2:
            return None
        x1 = x0 + lengths[0]
        run = abs(offset) / math.tan(math.radians(angle))
        if jog is not None and abs(jog - run) > 1e-6 * max(jog, run):
            notes.append(f"The jog is {jog:g} m long as stated (its walls rise at "
                         f"{math.degrees(math.atan2(abs(offset), jog)):.3g} degrees, not {angle:g}).")
            run = jog
        x2 = x1 + run
        x3 = x2 + lengths[1]
    top = y0 + height
    return [(x0, y0), (x1, y0), (x2, y0 + offset), (x3, y0 + offset), (x3, top + offset), (x2, top + offset),
            (x1, top), (x0, top)], notes


_FLOOR = r"\b(?:floor|bottom(?:\s+wall)?|lower\s+wall)\b"
_CEILING = r"\b(?:ceiling|roof|top(?:\s+wall)?|upper\s+wall)\b"
_STATION = re.compile(rf"\b([xy])\s*=\s*({NUM})\s*({UNIT})?", re.I)


def _profile(clause: str, default: float) -> list[tuple[float | None, float]]:
    """A wall's stations in the order said: "at y = 0 up to x = 150 mm, then rising to y = 25 mm at x = 250 mm, then
    flat to x = 600 mm" -> (None, 0), (0.15, 0), (0.25, 0.025), (0.6, 0.025); the first x unknown (None)."""
    tokens = [(m.group(1).lower(), float(m.group(2)) * (unit_factor(m.group(3)) if m.group(3) else default), m)
              for m in _STATION.finditer(clause)]
    units = [m.group(3) for _, _, m in tokens if m.group(3)]
    if units and default == 1.0 and not all(m.group(3) for _, _, m in tokens):  # "y = 0 ... y = 25 mm": the clause's unit
        f = unit_factor(units[0])
        tokens = [(a, v if m.group(3) else v * f, m) for a, v, m in tokens]
    out: list[tuple[float | None, float]] = []
    y: float | None = None
    k = 0
    while k < len(tokens):
        axis, value, m = tokens[k]
        if axis == "y":
            nxt = tokens[k + 1] if k + 1 < len(tokens) else None
            if nxt and nxt[0] == "x" and re.fullmatch(r"\s*(?:at|,)?\s*", clause[m.end():nxt[2].start()]):
                out.append((nxt[1], value))  # "to y = 25 mm at x = 250 mm"
                k += 2
                y = value
                continue
            y = value
            if not out:
                out.append((None, value))
        elif y is not None:
            out.append((value, y))  # "up to x = 150 mm", "flat to x = 600 mm"
        k += 1
    return out


def profile_corners(text: str) -> list[Point] | None:
    """A channel whose floor (and ceiling) is said station by station along x ("the floor is at y = 0 up to x = 150
    mm, then rises to y = 25 mm at x = 250 mm, then runs flat to x = 600 mm; the ceiling is flat at y = 75 mm"),
    starting at x = 0 unless a station says otherwise."""
    default = coordinate_unit(text)
    walls = []
    for word, other in ((_FLOOR, _CEILING), (_CEILING, _FLOOR)):
        m = re.search(rf"{word}(?:[^;]|\.\d)*?(?=;|{other}|\.\s|\.$|$)", text, re.I)
        walls.append(_profile(m.group(0), default) if m else [])
    floor, ceiling = walls
    if len(floor) < 3 or not ceiling:
        return None
    xs = [x for x, _ in floor + ceiling if x is not None]
    start, end = min(xs + [0.0]), max(xs)

    def placed(wall: list[tuple[float | None, float]]) -> list[Point]:
        pts = [(start if x is None else x, y) for x, y in wall]
        if pts[-1][0] < end:
            pts.append((end, pts[-1][1]))
        return pts

    low, high = placed(floor), placed(ceiling)
    if any(b[0] <= a[0] for wall in (low, high) for a, b in zip(wall, wall[1:])):
        return None
    return low + high[::-1]


def _axis_aligned(pts: list[Point]) -> bool:
    return all(abs(a[0] - b[0]) < 1e-12 or abs(a[1] - b[1]) < 1e-12 for a, b in zip(pts, pts[1:] + pts[:1]))


def polydomain_fields(text: str, shape: str | None) -> dict[str, Any] | None:
    """The GeometrySpec fields of the polygon domain the words describe (a cavity when they name a lid, else a
    channel), or None when they describe none, or one whose walls all run along x or y (a rectangle or a union
    of rectangles: other shapes build those)."""
    text = digits(text)
    if _THREE_D.search(text):
        return None  # a 3D duct or tank: meshed in 2D only here, never flattened silently
    cavity = shape in ("lid_driven_cavity",) or bool(_LID.search(text) and _CAVITY.search(text))
    if not cavity and (profiled := wall_profile_fields(text, shape not in ("diffuser", "nozzle"))) is not None:
        return profiled  # a floor or ceiling that ramps, or follows a formula (text_wall_profile.py)
    notes: list[str] = []
    pts = table_corners(text) or listed_corners(text) or wall_pair_corners(text) or parallelogram_corners(text)
    if pts is None and cavity:
        pts = slanted_side_corners(text)
        if pts is None and (trap := trapezoid_corners(text)) is not None:
            pts, how = trap
            notes.append(f"Trapezoid from its bottom and top widths and depth: {how}; the bottom's left corner at the "
                         f"origin.")
    if pts is None and not cavity and _DOGLEG.search(text) and (leg := dogleg_corners(text)) is not None:
        pts, notes = leg
    if pts is None and not cavity and _RAMP.search(text):
        pts = profile_corners(text)
    if pts is None or len(pts) < 3 or _axis_aligned(pts):
        return None
    fields: dict[str, Any] = {"shape": "polygon_domain",
                              "dimensions": {"vertices": [(round(x, 12), round(y, 12)) for x, y in pts],
                                             "kind": "cavity" if cavity else "channel"}}
    mesh = mesh_request(text)
    if mesh:
        fields["mesh"] = mesh
    if notes:
        fields["notes"] = notes
    return fields
