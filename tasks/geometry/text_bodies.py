"""Bodies in a channel from a request's words: the words about a body blanked out of the domain's, a
cylinder's place and domain (blockage, diameters upstream and downstream, centre), and obstacles
described one per clause (squares, rectangles, circles, polygons) with their sizes and centres.
Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.placement import axis_ranges, body_at_origin
from tasks.geometry.shape_body_place import body_x, body_y, distances_from_body, face_shift, wall_side, x_list
from tasks.geometry.spec import NUM, UNIT, Point, unit_factor
from tasks.geometry.text_extents import extent_bodies
from tasks.geometry.text_lengths import _DIAMETERS, multiples, named_lengths
from tasks.geometry.text_numbers import LENGTH
from tasks.geometry.text_ogrid import ogrid_fields
from tasks.geometry.text_outlines import described_body, names_described_body
from tasks.geometry.text_polygons import regular_polygon
from tasks.geometry.text_points import body_positions, centre, find_points, vertices


def _relative_x(clause: str, length: float | None = None) -> float | None:
    """How far downstream of the inlet a body sits: "20 cm downstream of the inlet", "x = 0.6 m",
    "0.8 m upstream of the outlet", "a quarter of the way along" (placement.body_x)."""
    return body_x(clause, length)


def _relative_centre(clause: str, height: float | None, length: float | None = None) -> Point | None:
    """"centred 50 cm downstream of the inlet at mid-height", "centre 20 cm downstream of the inlet
    and 20 cm above the bottom wall", "at x = 0.6 m on the centreline"."""
    x = _relative_x(clause, length)
    if x is None:
        return None
    y = _relative_y(clause, height)
    return (x, y) if y is not None else None


def _relative_y(clause: str, height: float | None) -> float | None:
    """How high a body sits: "20 cm above the bottom wall", "y = 0.1", "at mid-height", "on the
    centreline", "5 cm below the top wall", "1 cm above the centreline" (placement.body_y)."""
    return body_y(clause, height)


_BODY_START = (rf"(?:(?<![\w.])(?:{NUM}\s*(?:{UNIT})?\s*(?:x|by|×)\s*)?{NUM}\s*{UNIT}\s*(?:-\s*)?"
               r"(?:(?:diameter|side|wide|long|high)\s+)?"
               # more sizes before the noun: "a 2 mm thick, 2 cm tall fence"
               rf"(?:(?:thick|tall|deep)?\s*(?:,\s*|and\s+|,\s*and\s+){NUM}\s*{UNIT}\s*(?:-\s*)?(?:(?:wide|long|high|tall|thick|deep)\s+)?)*)?(?:(?:circular|round|square|rectangular|solid)\s+)?"
               r"\b(?:obstacles?|obstructions?|blocks?|bodies|body|prisms?|cylinders?|baffles?|rods?|bars?|posts?"
               r"|pillars?|dis[ck]s?|rectangles?|triangles?|plates?|fins?|flaps?|vanes?|pins?|wires?|dowels?"
               r"|(?:penta|hexa|hepta|octa|poly)gon(?:s|al)?|ribs?|ridges?|fences?|bumps?|barriers?|sills?"
               r"|ellip(?:se|ses|tic|tical)|trapez(?:oid|oidal|ium)s?|flame[- ]?holders?|v[- ]?gutters?|ramps?"
               r"|wedges?(?!\s+(?:angle|mesh|type|patch|boundary|front|back)\b))\b")
_BODY_END = r"\b(?:in|inside|within|through|of|along|down)\s+(?:a|an|the)\b|\b(?:channel|duct|domain|tunnel|box|test\s+section)\b|;|:\s|\.\s|\.$"


_PLATE_AS_WALL = re.compile(r"\bflat\s+plates?\b|\b(?:above|over|along|on)\s+(?:the\s+|a\s+)?(?:flat\s+)?plate\b"
                            r"|\bplates?\s+with\b", re.I)


_TURNED = re.compile(r"\b(?:inclined|tilted|rotated|pitched|angle\s+of\s+attack|incidence)\b", re.I)


def domain_words(text: str) -> str:
    """`text` with the words about its bodies blanked out, so a body's size ("a rectangular obstacle
    0.2 m wide and 0.1 m high", "a 2 cm cylinder") is not read as the domain's: each body phrase runs
    from the body's noun (and a size just before it) to the channel it sits in or the end of its clause."""
    out = list(text)
    for m in re.finditer(_BODY_START, text, re.I):
        if _PLATE_AS_WALL.search(text[max(0, m.start() - 20):m.end() + 6]) and re.search(r"plates?$", m.group(0), re.I) and \
                not _TURNED.search(re.split(r"[.;](?:\s|$)|\n", text[m.end():], maxsplit=1)[0]):  # a plate inclined to the flow is a body
            continue  # "a flat plate with a block on it", "the air above the plate": the plate is the floor, not a body
        start = m.end() + (re.match(r"\s*:", text[m.end():]).end() if re.match(r"\s*:", text[m.end():]) else 0)
        end = re.search(_BODY_END, text[start:], re.I)  # "a triangle obstacle: base 1 in, height 0.75 in, ..."
        stop = start + end.start() if end else len(text)
        out[m.start():stop] = " " * (stop - m.start())
    return "".join(out)


# how far the side walls are from a cylinder, in diameters: "4 D to each side wall", "4D either side of the centre",
# "10 diameters above and below", "the walls are each 4 D away from the centre", "walls 5 d from the axis"
_SIDE_WALLS = re.compile(rf"({NUM})\s*(?:{_DIAMETERS})\s+(?:away\s+)?(?:(?:from|of)\s+the\s+(?:cylinder(?:'s)?\s+)?"
                         rf"(?:cent(?:re|er)|axis|cylinder)\s+)?(?:to\s+(?:each|either|the|both)\s+(?:side\s+)?walls?"
                         rf"|above\s+and\s+below|below\s+and\s+above|on\s+(?:each|either|both)\s+sides?"
                         rf"|(?:to\s+)?(?:each|either)\s+side|to\s+the\s+(?:top|side))")
_WALLS_AWAY = re.compile(rf"\bwalls?\b[^.;]{{0,40}}?(?<![\w.])({NUM})\s*(?:{_DIAMETERS})\s+(?:away\s+)?from\s+the\s+"
                         rf"(?:cylinder(?:'s)?\s+)?(?:cent(?:re|er)|axis|cylinder)")


def place_cylinder(text: str, d: dict[str, Any]) -> None:
    """A cylinder's domain and position: a blockage ratio (diameter over channel height), the
    diameters upstream, downstream and to each side wall, a centre given as coordinates or relative
    to the inlet; without them the cylinder sits at mid-height of a channel whose height was given,
    and a domain not given at all is the Schaefer-Turek one scaled to the diameter; a round far field about it
    (an O-domain) is read by text_ogrid instead."""
    dia = d.get("diameter")
    if ogrid_fields(text, d):  # a round far field about it: its radius, not a channel's distances
        placed = body_positions(without_domain_places(text))
        d.update(zip(("center_x", "center_y"), placed[0] if placed else ()))
        return
    blockage = re.search(rf"blockage(?:\s+ratio)?\s*(?:of|=|:|is)?\s*({NUM})\s*(%)?", text, re.I)
    if blockage and dia and "height" not in d:
        b = float(blockage.group(1)) / (100 if blockage.group(2) else 1)
        if 0 < b < 1:
            d["height"] = dia / b
    if dia:
        side = _SIDE_WALLS.search(text) or _WALLS_AWAY.search(text)
        if side and "height" not in d:
            d["height"] = 2 * float(side.group(1)) * dia
        counts = multiples(text, _DIAMETERS)
        if "upstream" in counts:
            d["center_x"] = counts["upstream"] * dia
        if "downstream" in counts and "length" not in d:
            d["length"] = d.get("center_x", 0.2) + counts["downstream"] * dia
    behind = distances_from_body(text, d)
    text = without_domain_places(text)  # "inlet plane x = 0", "x = 0 to 0.4 m": not the cylinder's place
    positions = body_positions(text)
    points = find_points(text)
    c = positions[0] if positions else points[0] if len(points) == 1 else \
        _relative_centre(text, d.get("height"), d.get("length"))
    if c:
        d["center_x"], d["center_y"] = c
    elif _relative_x(text, d.get("length")) is not None:  # "20 cm downstream of the inlet": across, mid-height (below)
        d["center_x"] = _relative_x(text, d.get("length"))
    if behind is not None and "length" not in d:
        d["length"] = d.get("center_x", 0.2) + behind  # "the outlet 1 m downstream of the cylinder"
    if "center_x" not in d and d.get("length") and _IN_THE_MIDDLE.search(text):
        d["center_x"] = d["length"] / 2  # "a cylinder in the centre of a 40 cm duct"
    if "center_y" not in d and _relative_y(text, d.get("height")) is not None:
        d["center_y"] = _relative_y(text, d.get("height"))  # "5 cm below the top wall"
    if not dia:
        return
    if not any(k in d for k in ("length", "height", "center_x", "center_y")):
        scale = dia / 0.1  # the Schaefer-Turek channel in diameters: 22 D x 4.1 D, the centre 2 D from inlet and floor
        d.update(length=2.2 * scale, height=0.41 * scale, center_x=0.2 * scale, center_y=0.2 * scale)
        return
    if "height" in d and ("center_y" not in d or (d["center_y"] == 0 and body_at_origin(text) and not axis_ranges(text, "y"))):
        d["center_y"] = d["height"] / 2  # mid-height; a body "at x = y = 0" in a domain sized about it too
    length = d.get("length", 2.2)
    if "center_x" not in d and not dia / 2 < 0.2 < length - dia / 2:
        d["center_x"] = max(length / 4, dia)


# where the request puts the domain's own boundaries ("inlet at x = 0", "floor at y = 0", "the outlet is at x = 2 m",
# "inlet plane x = 0", "bottom wall y = 0", "origin at (0, 0)") and its extent ("x = 0 to 1.5 m", "from x = 0 to x = 2",
# "y=0..0.3 m", "between x = 0 and x = 1"): none of them is a body's place
# each boundary with the axis it is normal to: a floor lies at some y, never at an x ("a fin on the floor at
# x = 50 mm" places the fin)
_X_BOUNDARY = r"(?:inlet|outlet|exit|entrance|inflow|outflow|left\s+end|right\s+end)"
_Y_BOUNDARY = r"(?:floor|bottom|top|ceiling|lid|upper\s+wall|lower\s+wall)(?:\s+wall)?"
_ANY_BOUNDARY = r"(?<!bottom\s)(?<!top\s)(?<!lower\s)(?<!upper\s)(?:walls?|channel|domain)"
_ITS_PLACE = r"\s+(?:(?:wall|boundary|plane|face|patch|edge|side)\s+)?(?:is\s+|lies\s+|sits\s+)?(?:(?:at|on|in)\s+(?:the\s+(?:plane|line)\s+)?)?"
_DOMAIN_PLACE = re.compile(rf"\b{_X_BOUNDARY}{_ITS_PLACE}x\s*=\s*{LENGTH}|\b{_Y_BOUNDARY}{_ITS_PLACE}y\s*=\s*{LENGTH}"
                           rf"|\b{_ANY_BOUNDARY}{_ITS_PLACE}[xy]\s*=\s*{LENGTH}"
                           rf"|\b(?:corner|origin)\s+(?:is\s+|lies\s+)?(?:at\s+)?\(\s*{NUM}\s*[,;]\s*{NUM}\s*\)"
                           rf"|(?<![\w.])(?P<ax>[xyz])\s*(?:=\s*|:\s*|from\s+)?{LENGTH}\s*(?:to|\.\.|…|–)\s*(?:(?P=ax)\s*=\s*)?{LENGTH}"
                           rf"|\bfrom\s+(?P<ax2>[xyz])\s*=\s*{LENGTH}\s*(?:to|until|-)\s*(?:(?P=ax2)\s*=\s*)?{LENGTH}"
                           rf"|\bbetween\s+(?P<ax3>[xyz])\s*=\s*{LENGTH}\s*and\s*(?:(?P=ax3)\s*=\s*)?{LENGTH}", re.I)


def without_domain_places(text: str) -> str:
    """`text` with the places and extents of the domain's own boundaries blanked (positions kept)."""
    return _DOMAIN_PLACE.sub(lambda m: " " * len(m.group(0)), text)


_IN_THE_MIDDLE = re.compile(r"\b(?:in|at)\s+the\s+(?:middle|cent(?:re|er))\b|\bcent(?:e?r)ed\s+in\s+the\s+"
                            r"(?:channel|duct|domain)|\bmid[- ]?(?:channel|domain|way(?!\s+between))\b", re.I)


# a sentence that goes on about the body of the one before: "... a triangular obstacle. Its corners are at ..."
# and a clause that places bodies named before by their order or side: "...; the first is centred at (0.1, 0.1) and
# the second at (0.2, 0.1)", "; the upstream one sits at x = 0.3 m", "; one at (1, 0.2), the other at (2, 0.2)"
_FOLLOWER = re.compile(r"\s*(?:its|it|it's|their|they|this|these|whose|the\s+(?:latter|former|same)"
                       r"|(?:the\s+)?(?:first|second|third|fourth|last|other|upstream|downstream|front|rear|leading|trailing"
                       r"|upper|lower|left|right)(?:\s+(?:one|body|of\s+them))?\s+(?:one\s+)?(?:is|sits|lies|at|centred|centered"
                       r"|placed|located|positioned|has|with)|one\s+(?:is\s+)?(?:at|centred|centered|placed|located))\b", re.I)


_NAMES_A_BODY = re.compile(r"obstacle|obstruction|block|cylinder|baffle|body|square|rectang|triang|polygon|prism|\brods?\b"
                           r"|\bbars?\b|\bplates?\b|\bfins?\b|\bflaps?\b|\bvanes?\b|\bposts?\b|\bpillars?\b|\bpins?\b"
                           r"|\bdis[ck]s?\b|\bcircles?\b|(?:penta|hexa|hepta|octa)gon|\b\d+\s*-\s*sided\b|\bribs?\b|\bridges?\b"
                           r"|\bfences?\b|\bbumps?\b|\bbarriers?\b|\bsills?\b|\bellip(?:se|tic)|\btrapez|\bwedges?\b"
                       r"|\bflame[- ]?holders?\b|\bv[- ]?gutters?\b|\bramps?\b", re.I)


# a clause that places the body named before by its noun: "...; the cylinder centre is 0.08 m from the inlet",
# "Cylinder centre (0.16, 0.08) m" (joined when the body's own clause gives no point)
_NOUN_FOLLOWER = re.compile(r"\s*(?:the\s+)?(?:(?:cent(?:re|er)|middle|axis)\s+of\s+(?:the\s+)?)?(?P<noun>cylinder|body|block|prism|obstacle|square|rod|bar)(?:'s)?\s+(?:cent(?:re|er)(?:e?d)?"
                            r"|is|sits|lies|placed|located|positioned)\b", re.I)


def _with_followers(clauses: list[str]) -> list[str]:
    """`clauses` with each one that starts with a pronoun ("Its corners are at ...") joined to the
    last one before it that names a body (or to the one just before it when none does), and each one that places
    "the cylinder" joined to the one body clause before it that names a cylinder (when exactly one does)."""
    out: list[str] = []
    for clause in clauses:
        noun = _NOUN_FOLLOWER.match(clause)
        named = [i for i, c in enumerate(out) if noun and re.search(rf"\b{noun.group('noun')}\b", c, re.I)]
        if len(named) == 1 and not (find_points(clause) and find_points(out[named[0]])) and not re.search(r"\d\s*(?:mm|cm|m|in)\b.*\b(?:side|diameter)\b",
                                                                          clause, re.I):
            out[named[0]] = f"{out[named[0]]}, {clause}"
        elif out and _FOLLOWER.match(clause):
            at = next((i for i in range(len(out) - 1, -1, -1) if _NAMES_A_BODY.search(out[i])), len(out) - 1)
            out[at] = f"{out[at]}, {clause}"
        else:
            out.append(clause)
    return out


# a body's size defined as the symbol the request's other lengths are multiples of: "D = 20 mm" ("30 D long, 8 D high")
_SIZE_SYMBOL = re.compile(rf"(?-i:\b[Dd])\s*=\s*({NUM})\s*({UNIT})(?![\w/])")


def _symbol_size(text: str) -> tuple[float, float] | None:
    """The square's side or the cylinder's diameter a request defines as D and gives the body no other size."""
    m = _SIZE_SYMBOL.search(text)
    if m is None:
        return None
    side = float(m.group(1)) * unit_factor(m.group(2))
    return side, side


def obstacles(text: str, height: float | None = None, length: float | None = None) -> list[dict[str, Any]]:
    """Obstacles described one per clause: "a square obstacle of side 0.1 m centred at (0.5, 0.2)",
    "a circular obstacle, diameter 5 cm, at (1, 0.2)", "a 4 cm square cylinder at (0.3, 0.1)",
    "a rectangular block 0.3 m by 0.05 m placed at (1, 0.2)", "a triangular obstacle with vertices at ..."."""
    clauses = _with_followers(re.split(r";|[.?!]\s|\n|\band\s+(?=an?\s|another\b|one\b)", text))
    out = []
    for clause in clauses:
        if not _NAMES_A_BODY.search(clause):
            continue
        own = body_words(clause)
        pts = vertices(clause)
        if pts and len(pts) >= 3:
            out.append({"kind": "polygon", "vertices": pts})
            continue
        clause = without_domain_places(clause)  # "inlet at x = 0", "x = 0 to 1.5 m": not a body's place
        several = body_positions(clause)
        c = centre(clause) or (find_points(clause)[0] if len(find_points(clause)) == 1 else None) \
            or _relative_centre(clause, height or 0.41, length)
        places = several if len(several) > 1 else [c] if c else []
        xs = x_list(clause)  # "at x = 0.5 m and x = 1.0 m", "at x = 0.5, 1.0 and 1.5 m"
        if len(places) <= 1 and len(xs) >= 2:  # "at x = 0.5 m and x = 1.0 m on the centreline"
            y = _relative_y(clause, height)
            if y is None and wall_side(clause) and height and _COUNTED.search(clause):  # "two blocks on the floor at x = 0.4 and 0.8 m"
                places = [(x, None) for x in xs]  # on the wall: each centre half its height off it (below)
            else:
                y = y or (height / 2 if height else None)
                places = [(x, y) for x in xs] if y is not None else places
        if not places and length and height and _IN_THE_MIDDLE.search(clause):
            places = [(length / 2, height / 2)]  # "placed in the middle of a 1 m x 0.2 m channel"
        on_wall = wall_side(clause)
        if not places and on_wall and height and _relative_x(clause, length) is not None:
            places = [(_relative_x(clause, length), None)]  # "sits on the floor 20 cm from the inlet": y from its size
        elif not places and height and _relative_x(clause, length) is not None and not _ROW.search(clause):
            places = [(_relative_x(clause, length), height / 2)]  # "centred at x = 5 cm": on the centreline
        for c in places:
            # an ellipse, a wedge, a trapezoid sized in words (in its clause, else in the request's other ones)
            shaped = described_body(own, c, on_wall, height) or \
                (described_body(body_words(text), c, on_wall, height) if names_described_body(own) else None)
            if shaped:
                out.append(shaped)
                continue
            if c[1] is None:  # on a wall: the body's centre is half its height off the wall
                size = body_size(own) or body_size(body_words(text))
                if not size or not height:
                    continue
                c = (c[0], size[1] / 2 if on_wall == "bottom" else height - size[1] / 2)
            corners = regular_polygon(own, c, named_in=clause)  # "a hexagon of 5 cm sides", "an 8-sided prism 4 cm across flats"
            if corners:
                out.append({"kind": "polygon", "vertices": corners, "center": c})
                continue
            if is_round(own):
                dia = round_size(own)
                if dia:
                    out.append({"kind": "circle", "center": c, "diameter": dia})
                continue
            size = body_size(own) or _symbol_size(text) or body_size(body_words(text))
            if size and face_shift(clause) and not centre(clause):  # "front face 100 mm from the inlet"
                c = (c[0] + face_shift(clause) * size[0] / 2, c[1])
            if size and (size[0] == size[1] or re.search(r"square", own, re.I)):
                out.append({"kind": "square", "center": c, "width": size[0]})
            elif size:
                out.append({"kind": "rectangle", "center": c, "width": size[0], "height": size[1]})
    return out or extent_bodies(clauses, _NAMES_A_BODY) or row_of_bodies(text, height, length)


# bodies counted in words: "two blocks", "three ribs", "both posts"
_COUNTED = re.compile(r"\b(?:two|three|four|five|six|several|both|\d+)\s+(?:[\w-]+\s+){0,3}?[a-z]+s\b", re.I)


# the sizes written after a channel's noun ("in a channel 1 m by 0.2 m", "of the duct, 2 m long and 0.3 m high")
_ONE_SIZE = rf"{NUM}\s*(?:{UNIT})?\s*(?:-\s*)?(?:long|high|wide|tall|deep)?"
# (one after another with no word between when each says which way: "a channel 1 m long 0.3 m high")
_ITS_SIZES = (rf"(?:\s*,?\s*(?:of\s+)?{_ONE_SIZE}(?:\s*(?:x|by|×|,|and)\s*{_ONE_SIZE}"
              rf"|\s+{NUM}\s*{UNIT}\s*(?:-\s*)?(?:long|high|wide|tall|deep)\b)*)?")


# an axis ratio said before the body's name is the body's ("an aspect ratio 3 elliptic cylinder")
_LEAD_RATIO = re.compile(rf"\b(?:aspect|axis)\s+ratio\s*(?:of|=|:|is)?\s*{NUM}(?:\s*(?::|to)\s*{NUM})?\s*(?:-\s*)?$", re.I)


def body_words(clause: str) -> str:
    """The words about the body: the clause from the body's first word ("a 5 cm square cylinder",
    "a rectangular block"), without the channel around it ("in a 2 m by 0.4 m channel"), so the
    channel's lengths are not read as the body's."""
    # the sizes before the noun are the body's, one or a list: "a 5 cm square", "a 2 cm thick, 4 cm tall plate"
    first = re.search(rf"(?:(?<![\w.])(?:{NUM}\s*(?:{UNIT})?\s*(?:x|by|×)\s*)?{NUM}\s*{UNIT}\s*(?:-\s*)?"
                      rf"(?:(?:diameter|side|wide|long|high|tall|thick|deep)\s*(?:,\s*|and\s+|,\s*and\s+)?"
                      rf"(?:{NUM}\s*{UNIT}\s*(?:-\s*)?(?:wide|long|high|tall|thick|deep)\s*(?:,\s*|and\s+)?)*\s*)?)?"
                      r"\b(?:square|rectang\w*|block|obstacle|obstruction|body|prism|cylinder|baffle|rod|bar|pin|circ\w*|round|plate|fin|flap|vane"
                      r"|dis[ck]|rib|ridge|fence|bump|barrier|sill"
                      r"|(?:equilateral\s+|regular\s+|isosceles\s+|right[- ]?angled\s+)?(?:triang|penta|hexa|hepta|octa|poly)\w*"
                      r"|ellip\w*|trapez\w*|(?:right[- ]?angled\s+)?wedge|flame[- ]?holder|v[- ]?gutter|ramp)\b", clause, re.I)
    words = clause[first.start():] if first else clause
    if first and _LEAD_RATIO.search(clause[:first.start()]):  # "an aspect ratio 2 ellipse, major axis 0.1 m"
        words = f"{_LEAD_RATIO.search(clause[:first.start()]).group(0)} {words}"
    words = re.sub(rf"\b(?:in|inside|within|through|across|of)\s+(?:a|an|the)\s+[^;,]*?\b(?:channel|duct|domain)\b{_ITS_SIZES}", " ",
                   words, flags=re.I)
    return re.sub(rf",\s*(?:the\s+)?(?:channel|duct|domain)\s*:?{_ITS_SIZES}", " ", words, flags=re.I)  # "..., channel 1 m x 0.2 m"


def round_size(words: str) -> float | None:
    """A round body's diameter in metres: by name ("diameter 2 cm", "radius 1 cm", "a 2 cm cylinder"), else
    the size across it ("pins, each 20 mm across", "a rod 5 mm thick")."""
    n = named_lengths(words)
    if "diameter" in n or "radius" in n:
        return n.get("diameter") or 2 * n["radius"]
    across = re.search(rf"(?<![\w.]){LENGTH}\s+(?:across|thick|wide|in\s+size)\b", words, re.I) or _AFTER_NOUN.search(words)
    return float(across.group(1)) * unit_factor(across.group(2)) if across and across.group(2) else None


# one size right after a round body's noun is its diameter ("cylinder 2 cm, O-grid ..."), not a size placing it
# ("a cylinder 2 cm from the wall", "pins 2 cm apart") or another of its sizes ("a cylinder 5 cm long")
_AFTER_NOUN = re.compile(rf"\b(?:cylinder|rod|dis[ck]|pin|wire|dowel)\s+(?:of\s+)?{LENGTH}(?=\s*(?:[,;.)]|$|\s+(?:and|with|in|at"
                         rf"|on|centred|centered|placed|located)\b))(?!\s+in\s+(?:from|front)\b)", re.I)


def is_round(words: str) -> bool:
    """A circular body: "cylinder", "circular", "discs", "pins", "a wire", a body sized by its diameter or radius;
    not a "square cylinder" or a "rectangular rod"."""
    return bool(re.search(r"circ|round|cylind|\bdis[ck]s?\b|\b(?:pins?|wires?)\b|\b(?:diameter|radius)\b", words, re.I)) and not \
        re.search(r"(?:square|rectangular)\s+(?:\w+\s+)?(?:cylinder|rod|bar|prism|post|pillar)"
                  # its kind said after its name: "cylinder 1: square, side 6 cm", "cylinder (square)"
                  r"|\b(?:cylinder|rod|bar|prism|post|pillar)s?\s*\d*\s*[:,(-]\s*(?:square|rectang\w*)\b", words, re.I)


def body_size(words: str) -> tuple[float, float] | None:
    """(width, height) of a rectangular body in metres: "0.2 m by 0.1 m", "0.2 m wide and 0.1 m high",
    "side 0.1 m", "with sides of 8 cm", "a square of 10 cm side", "a 5 cm square", "the 10 cm block side"."""
    side = re.search(rf"\b(?:sides?|edges?)(?:\s+length)?\s*(?:of|=|:|is)?\s*{LENGTH}", words, re.I) or \
        re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:(?:block|obstacle|square)\s+)?(?:sides?|edges?|square"
                  rf"|on\s+(?:each|every|a|all)\s+sides?|a\s+side)\b",
                  words, re.I)
    if side:
        value = float(side.group(1)) * unit_factor(side.group(2))
        return value, value
    across = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s+across\b(?!\s+(?:the\s+)?(?:flats|corners|channel|duct|flow|stream))",
                       words, re.I)
    if across and re.search(r"\bsquare\b|\bcub(?:e|ic)\b", words, re.I):  # "a square bar 40 mm across"
        value = float(across.group(1)) * unit_factor(across.group(2))
        return value, value
    # "a square obstacle of 2 cm", "a square block, 3 in, ...": one size said of a square body is its side
    # "a square cylinder 4 cm at x = 0.3 m", "square cylinder (D = 0.01 m)": the size right after its noun
    square = re.search(rf"\bsquare\s+(?:[a-z]+(?:\s+|(?=,))){{0,2}}?(?:of|,|(?<=cylinder\s)|(?<=block\s)|(?<=prism\s)|(?<=bar\s)"
                       rf"|(?<=body\s)|(?<=obstacle\s)|[(,]\s*[Dd]\s*=)\s*(?:about\s+)?({NUM})\s*({UNIT})"
                       rf"(?!\s*(?:-\s*)?(?:long|high|wide|tall|deep|thick|from|downstream|upstream|above|below|behind|after|away)\b)",
                       words, re.I)
    if square:
        value = float(square.group(1)) * unit_factor(square.group(2))
        return value, value
    pair = re.search(rf"(?<![\w.]){LENGTH}\s*(?:x|by|×)\s*{LENGTH}", words, re.I)
    if pair and (pair.group(2) or pair.group(4)):
        unit = pair.group(4) or pair.group(2)
        return (float(pair.group(1)) * unit_factor(pair.group(2) or unit),
                float(pair.group(3)) * unit_factor(unit))
    n = named_lengths(words)
    thick = re.search(rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?thick\b|\bthickness\s*(?:of|=|:|is)?\s*{LENGTH}", words, re.I)
    if thick and (thick.group(2) or thick.group(4)) and "width" not in n:  # a plate "2 mm thick and 20 mm high" across the flow
        n = {**n, "width": float(thick.group(1) or thick.group(3)) * unit_factor(thick.group(2) or thick.group(4))}
    if "width" in n and "height" in n:
        return n["width"], n["height"]
    own = named_lengths(re.split(r"\b(?:channel|duct|domain|tunnel)\b", words, maxsplit=1, flags=re.I)[0])
    if "length" in own and "height" in own and not re.search(r"\bsquare\b", words, re.I):
        return own["length"], own["height"]  # "10 cm long in the flow direction and 5 cm tall"
    one = n.get("width") or n.get("height") or n.get("length")
    if one and re.search(r"\bsquare\b|\bcub(?:e|ic)\b", words, re.I):
        return one, one  # "a square block 5 cm high"
    return None


# a row of like round bodies named by their count: "two 30 mm rods in tandem, 10 cm apart", "a tandem pair
# of 3 cm rods, spacing 0.1 m", "three pins side by side, 2 cm apart"
_ROW = re.compile(r"\b(?P<n>two|three|four|five|six|\d+|(?:a\s+)?(?:tandem\s+)?pair\s+of)\s+(?:[\w.-]+\s+){0,4}?"
                  r"(?:cylinders|rods|posts|pillars|pins|wires|dis[ck]s|circles|dowels)\b", re.I)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_SPACING = re.compile(rf"(?:\b(?:spacing|pitch|separation|(?:cent(?:re|er)[- ]to[- ]cent(?:re|er)\s+)?distance)\s*(?:of|=|:|is)?\s*{LENGTH}"
                      rf"|(?<![\w.]){LENGTH}\s+apart\b)", re.I)
_ACROSS = re.compile(r"side[- ]by[- ]side|across\s+the\s+(?:flow|channel|stream)|one\s+above\s+the\s+other", re.I)


def row_of_bodies(text: str, height: float | None, length: float | None) -> list[dict[str, Any]]:
    """Like round bodies in a row, by count, size and spacing (centre to centre): in tandem along x from
    the first one's place (its distance from the inlet, else a quarter of the way along), side by side
    across y about the centreline (or the height stated)."""
    row = _ROW.search(text)
    gap = _SPACING.search(text)
    if not row or not gap or not height:
        return []
    word = row.group("n").lower()
    n = 2 if "pair" in word else _COUNTS.get(word) or int(word)
    dia = round_size(text[row.start():]) or round_size(text)
    value, unit = (gap.group(1), gap.group(2)) if gap.group(1) else (gap.group(3), gap.group(4))
    if not dia or not unit or n < 2:
        return []
    step = float(value) * unit_factor(unit)
    x0 = _relative_x(text, length)
    x0 = x0 if x0 is not None else (length or 4 * n * step) / 4
    y0 = _relative_y(text, height)
    if _ACROSS.search(text):
        y0 = (y0 if y0 is not None else height / 2) - step * (n - 1) / 2
        return [{"kind": "circle", "center": (x0, y0 + i * step), "diameter": dia} for i in range(n)]
    y0 = y0 if y0 is not None else height / 2
    return [{"kind": "circle", "center": (x0 + i * step, y0), "diameter": dia} for i in range(n)]
