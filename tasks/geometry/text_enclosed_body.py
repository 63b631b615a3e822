"""A body inside a closed enclosure, from a request's words: "a 0.1 m square enclosure with a heated square block of
side 0.02 m at its centre", "a cold cylinder of diameter 4 cm at the centre of a 0.2 m x 0.2 m cavity", "a lid-driven
cavity with a square obstacle of side 2 cm". The enclosure is a cavity (heated or lid-driven) or a closed box whose
four sides are walls; the body is a square, rectangle or circle with its size said once, placed where the words put
it (its centre as a point or by distances from the walls), else at the enclosure's centre. Pure functions; metres.

Why: a body dropped from a cavity is another flow, and a body checked against a default channel is refused as lying
outside it; built here as a 2D domain with no inlet or outlet, each side its own wall patch and the body its own."""

from __future__ import annotations

import re
from typing import Any

from tasks.core.errors import RequestError
from tasks.geometry.shape_body_place import body_x, body_y, wall_side
from tasks.geometry.spec import NUM, UNIT, Point, unit_factor
from tasks.geometry.text_bodies import body_size, domain_words, is_round, round_size
from tasks.geometry.text_cavity import hot_side
from tasks.geometry.text_dims import dims_for
from tasks.geometry.text_lengths import named_lengths
from tasks.geometry.text_points import centre, find_points
from tasks.geometry.text_range_parts import part_obstacles, range_parts
from tasks.geometry.text_sections import blank
from tasks.geometry.text_wall_fins import fin_words, wall_fin

ENCLOSURES = frozenset({"heated_cavity", "lid_driven_cavity"})
# the body's noun (a bare "square" is the enclosure's outline more often than a body: "0.1 m square")
_BODY = re.compile(r"\b(?:blocks?|cylinders?|obstacles?|obstructions?|bodies|body|prisms?|rods?|bars?|dis[ck]s?|pillars?|posts?"
                   r"|pipes?|tubes?|heaters?|chips?|components?|devices?)\b", re.I)
# where the body's words end: the next clause about the walls, the lid, the fluid or the solver
_END = re.compile(r";|\.(?:\s|$)|\n|,\s*(?:and\s+)?(?:the\s+)?(?:(?:left|right|side|top|bottom|vertical|horizontal|upper|lower|"
                  r"outer|other|enclosure|cavity|box)\b|walls?\b|lid\b|air\b|water\b)|\b(?:while|whereas)\b", re.I)
# where they start: the clause that holds the noun (after "with", "containing", a comma)
_START = re.compile(r"(?:^|;|\.\s|\n|,|\bwith\b|\bcontaining\b|\bcontains?\b|\bholds?\b|\bhas\b|\binside\b|:)", re.I)
# the enclosure's own phrase inside the body's clause ("at the centre of a 0.2 m x 0.2 m cavity"): not the body's sizes
_HOST = re.compile(r"\b(?:of|in|inside|within)\s+(?:a|an|the)\s+[^;,]*?\b(?:cavity|enclosure|box|domain|container|tank|chamber)\b"
                   r"(?:\s+of\s+side\s+[\d.]+\s*\w+)?", re.I)
# a body in a closed vessel with no flow through it ("a closed square box with a heated cylinder at its centre")
_CLOSED = re.compile(r"\b(?:enclosure|cavity|closed\s+(?:\w+\s+){0,2}(?:box|domain|container|vessel|chamber))\b", re.I)
_THROUGH = re.compile(r"\b(?:inlet|inflow|outlet|free[- ]?stream|cross[- ]?flow|incoming|upstream)\b|\bm\s*/\s*s\b", re.I)
_BARE_SIDE = re.compile(rf"\b(?:cavity|enclosure|box)\s+(?:of\s+)?({NUM})\s*({UNIT})(?!\s*(?:-\s*)?(?:x|by|long|high|wide|tall|deep)\b)",
                        re.I)
_SIZED = re.compile(rf"(?<![\w.]){NUM}\s*{UNIT}(?![\w/])", re.I)
_AT_CENTRE = re.compile(r"\b(?:cent(?:re|er)(?:e?d)?|middle|mid(?:dle)?[- ]?point)\b", re.I)


def _body_clauses(text: str) -> list[str]:
    """Each clause that names the body: from where its clause starts to the next clause about the walls or the
    fluid, with the enclosure's own phrase taken out; the clauses that size it first."""
    clauses = []
    for m in _BODY.finditer(text):
        starts = [s.end() for s in _START.finditer(text, 0, m.start())]
        start = starts[-1] if starts else 0
        end = _END.search(text, m.end())
        clauses.append(_HOST.sub(" ", text[start:end.start() if end else len(text)]))
    # "convection from an electronic component ... A block 0.04 m wide ...": the mentions that size the body
    return [c for c in clauses if _SIZED.search(c)] + [c for c in clauses if not _SIZED.search(c)]


def body_words(text: str) -> str | None:
    """The clause that says the body (the first that sizes it), or None when the words name no body."""
    return next(iter(_body_clauses(text)), None)


def enclosed_body(text: str, width: float, height: float) -> tuple[dict[str, Any], list[str]] | None:
    """The one body the words put in a `width` x `height` enclosure (as obstacle fields, in the enclosure's own
    coordinates: x 0..width, y 0..height) and the notes on what was assumed; None when no body with a size is said.
    A mention whose sizes are the enclosure's ("a heated cylinder in a box (2D): box 20 cm x 20 cm") gives way to
    the next that sizes the body ("cylinder 4 cm x 4 cm in the middle")."""
    clauses = _body_clauses(text)
    squared = any(_SQUARED.search(c) for c in clauses)  # "a heated square cylinder ... cylinder 4 cm x 4 cm"
    for words in clauses:
        found = _enclosed_body(words, width, height, is_round(words) and not squared)
        if found is not None:
            return found
    return None


_SQUARED = re.compile(r"\b(?:square|rectangular)\s+(?:\w+\s+)?(?:cylinders?|rods?|bars?|prisms?|pillars?|posts?)\b", re.I)


def _enclosed_body(words: str, width: float, height: float, round_body: bool) -> tuple[dict[str, Any], list[str]] | None:
    notes: list[str] = []
    ranged = part_obstacles(range_parts(words, _BODY), height) if not round_body else []
    if len(ranged) == 1:  # "a block 0.04 m wide ... on the floor, from x = 0.08 m to x = 0.12 m": its ranges place it
        return ranged[0], notes
    place = _place(words, width, height)
    if place is None:
        place = (width / 2, height / 2)
        if not _AT_CENTRE.search(words):
            notes.append(f"The body's place not given: at the enclosure's centre ({width / 2:g}, {height / 2:g}) m.")
    if round_body:
        diameter = round_size(words)
        fits = diameter and diameter < min(width, height)
        return ({"kind": "circle", "center": place, "diameter": diameter}, notes) if fits else None
    size = body_size(words)
    if size is None or size[0] >= width or size[1] >= height:
        return None  # the enclosure's own sizes read as a body's
    on_wall = wall_side(words)  # "a square block sitting on the floor at mid-width": on the wall, no fluid under it
    if on_wall is not None and not centre(words) and body_y(words, height) is None:
        place = (place[0], size[1] / 2 if on_wall == "bottom" else height - size[1] / 2)
        notes = [n for n in notes if "place not given" not in n]
    if abs(size[0] - size[1]) < 1e-12 * size[0] or re.search(r"\bsquare\b", words, re.I):
        return {"kind": "square", "center": place, "width": size[0]}, notes
    return {"kind": "rectangle", "center": place, "width": size[0], "height": size[1]}, notes


def _place(words: str, width: float, height: float) -> Point | None:
    """Where the body's centre is, as the words say it: a point, or its x and y from the walls."""
    points = find_points(words)
    said = centre(words) or (points[0] if len(points) == 1 else None)
    if said is not None:
        return said
    x, y = body_x(words, width), body_y(words, height)
    if x is None and y is None:
        return None
    return (width / 2 if x is None else x, height / 2 if y is None else y)


def enclosure_fields(text: str, shape: str, dims: dict[str, Any], two_d: bool | None) -> dict[str, Any] | None:
    """The fields of a 2D closed enclosure with a body in it (a channel_with_obstacles closed on all four sides, the
    lid-driven cavity's moving walls kept), when the words put a sized body in a cavity; else None."""
    if two_d is False or not (shape in ENCLOSURES or (shape == "cylinder_crossflow" and _CLOSED.search(text) and
                                                      not _THROUGH.search(text))):
        return None
    fin = fin_words(text)  # "a fin on the hot wall, 50 mm long": its sizes are not the cavity's
    plain = domain_words(blank(text, [fin]) if fin else text)
    own = dims_for(shape, plain, {**named_lengths(plain)}, True)  # the body's sizes are not its own
    side = _BARE_SIDE.search(plain)  # "a lid-driven cavity 0.1 m, with ...": one bare length after its noun is its side
    side_m = float(side.group(1)) * unit_factor(side.group(2)) if side and not own else None
    width = side_m or own.get("width") or own.get("length") or dims.get("width") or dims.get("length")
    height = side_m or own.get("height") or dims.get("height")
    if not width or not height:
        return None
    found = wall_fin(text, width, height, hot_side(text) or "left") or enclosed_body(text, width, height)
    solid = solid_region(text, width, height) if found is None else None
    found = found or solid
    words = body_words(plain) if found is None else None
    if found is None and words and _SIZED.search(words) and shape in ENCLOSURES and \
            not re.search(r"\b(?:heaters?|pipes?|tubes?)\s+(?:wall|side|surface|at\s+the\s+(?:left|right|top|bottom))\b", words, re.I):
        raise RequestError(f"geometry refused: the body in the enclosure was not read whole ({' '.join(words.split())[:80]}): "
                           "give its size and where it is, e.g. 'a square block of side 2 cm centred at (5 cm, 5 cm)'")
    if found is None:
        return None
    body, notes = found
    # the fin's or the solid part's coordinates are the enclosure's own (from its corner at the origin)
    ranged = (fin is not None and bool(range_parts(text[fin[0]:fin[1]]))) or solid is not None
    sides = dims.get("moving_walls") or (["top"] if shape == "lid_driven_cavity" else [])
    out = {"length": width, "height": height, "closed": True}
    if sides:
        out["moving_walls"] = sides
    walls = ("Closed enclosure: no inlet or outlet; each side its own wall patch (leftWall, rightWall, floor, ceiling"
             + (", the moving lid movingWall" if sides == ["top"] else "") + f"), the body its own patch ({body.get('name') or 'obstacle'}).")
    return {"shape": "channel_with_obstacles", "dimensions": out, "obstacles": [body], "notes": [walls] + notes,
            **({"origin": (0.0, 0.0)} if ranged else {})}


# words that make a part of the enclosure solid: "is solid", "filled in", "removed", "minus the lower right quarter"
# (not "an air-filled cavity": its fluid)
_SOLID_WORDS = re.compile(r"\bsolid\b|\bfilled[- ]in\b|(?<![\w-])filled\b|\bremov(?:e|ed|ing)\b|\bminus\b|\bcut\s+out\b|\bblocked\b"
                          r"|\bexcluded?\b|\bnot\s+(?:part\s+of|in)\s+the\s+(?:fluid|domain)\b", re.I)
_CORNER_PART = re.compile(rf"\b(?P<v>lower|bottom|upper|top)[- ](?P<h>left|right)(?:[- ]hand)?\s+"
                          rf"(?:(?P<a>{NUM})\s*(?P<ua>{UNIT})?\s*(?:x|by|×)\s*(?P<b>{NUM})\s*(?P<ub>{UNIT})\s+)?"
                          r"(?:quarter|quadrant|corner)\b(?!\s+(?:is\s+)?(?:at|on)\s+(?:the\s+)?(?:origin|\())", re.I)  # a place


def solid_region(text: str, width: float, height: float) -> tuple[dict[str, Any], list[str]] | None:
    """A part of a `width` x `height` enclosure said to be solid: by its x and y ranges in one clause ("the region
    from x = 0.05 to 0.1 m and y = 0 to 0.05 m is solid", "x 0.05..0.1, y 0..0.05 is solid") or as a corner quarter
    ("minus the lower right quarter", "its bottom-right 5 cm x 5 cm quadrant filled in"); as a rectangle obstacle in
    the enclosure's coordinates (x 0..width, y 0..height), with a note. None when no solid part is said."""
    from tasks.geometry.text_range_parts import coordinate_ranges

    for clause in re.split(r"[;\n]|\.(?:\s|$)", text):
        if not _SOLID_WORDS.search(clause):
            continue
        xs = [r for _, _, r in coordinate_ranges(clause, "x") if None not in r and r[1] > r[0]]
        ys = [r for _, _, r in coordinate_ranges(clause, "y") if None not in r and r[1] > r[0]]
        if len(xs) == 1 and len(ys) == 1:
            (x0, x1), (y0, y1) = xs[0], ys[0]
            how = f"x {x0:g}..{x1:g} m, y {y0:g}..{y1:g} m as said"
        elif (m := _CORNER_PART.search(clause)) is not None:
            a = float(m.group("a")) * unit_factor(m.group("ua") or m.group("ub")) if m.group("a") else width / 2
            b = float(m.group("b")) * unit_factor(m.group("ub")) if m.group("b") else height / 2
            right, top = m.group("h").lower() == "right", m.group("v").lower() in ("upper", "top")
            x0, x1 = (width - a, width) if right else (0.0, a)
            y0, y1 = (height - b, height) if top else (0.0, b)
            how = f"the {m.group('v').lower()} {m.group('h').lower()} corner, {a:g} m x {b:g} m"
        else:
            continue
        if not (0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height) or (x1 - x0 >= width and y1 - y0 >= height):
            continue
        body = {"kind": "rectangle", "center": ((x0 + x1) / 2, (y0 + y1) / 2), "width": x1 - x0, "height": y1 - y0}
        return body, [f"Solid part of the enclosure: {how} (no cells there; its faces are walls)."]
    return None
