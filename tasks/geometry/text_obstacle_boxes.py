"""Box obstacles in a 3D duct or box from a request's words: "a square pillar 0.1 m across spanning the full height
at x = 0.3 m", "a cube of side 5 cm on the floor", "a wall-mounted block 20 x 20 x 10 mm", "two cubes in tandem
10 cm apart". Axes as the library's ducts: x along the flow, y up (the floor at y = 0), z across. A round body
in 3D is refused with the reason (the library's 3D obstacles are blocks; its Gmsh path meshes 2D only).
Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.core.errors import RequestError
from tasks.geometry.shape_body_place import body_x, wall_side
from tasks.geometry.spec import NUM, UNIT, GeometrySpec, unit_factor
from tasks.geometry.text_bodies import body_size
from tasks.geometry.text_lengths import named_lengths
from tasks.geometry.text_numbers import LENGTH, digits
from tasks.geometry.text_obstacle_groups import group_pitch, read_group, size_words

# a solid's noun; not a word of the mesh or the run ("block-structured", "multi-block", "post-processing", "1 bar")
_SOLID = (r"(?<!multi-)(?<!multi)(?:cubes?|cuboids?|blocks?|pillars?|posts?|columns?|obstacles?|obstructions?|prisms?"
          r"|bricks?|ribs?|fences?|baffles?|(?:square|rectangular)\s+bars?|cylinders?|rods?|piers?|struts?)"
          r"(?![-\w])(?!\s+(?:mesh|meshing|structured|count|vector)\b)")
# the body's noun, with the sizes and words said before it ("a 5 cm cube", "a 20 x 20 x 10 mm wall-mounted block")
_BODY = re.compile(rf"(?:(?<![\w.]){NUM}\s*(?:{UNIT})?\s*(?:(?:x|by|×)\s*{NUM}\s*(?:{UNIT})?\s*){{0,2}}(?:-\s*)?)?"
                   rf"(?:(?!(?:with|containing|and|in|of|has|having|inside|within)\b)[\w-]+\s+){{0,3}}?\b{_SOLID}\b", re.I)
_DOMAIN_AFTER = re.compile(r"\b(?:of|in|inside|within|through|at\s+the\s+bottom\s+of)\s+(?:a|an|the)\s+(?:[\w.-]+\s+){0,3}?"
                           r"(?:box|duct|channel|domain|tunnel|enclosure|room|test\s+section)\b", re.I)
_FULL_HEIGHT = re.compile(r"\b(?:full|whole|entire)\s+(?:duct\s+|channel\s+)?height\b|\bfloor[- ]to[- ](?:ceiling|roof|top)\b"
                          r"|\bfrom\s+(?:the\s+)?(?:floor|bottom)(?:\s+wall)?\s+to\s+(?:the\s+)?(?:ceiling|roof|top)"
                          r"|\bspan(?:s|ning)?\s+(?:the\s+)?(?:duct|channel)(?:'s)?\s+height\b|\bbetween\s+(?:the\s+)?floor\s+and\s+"
                          r"(?:the\s+)?(?:ceiling|roof)", re.I)
_FULL_SPAN = re.compile(r"\b(?:full|whole|entire)\s+(?:duct\s+|channel\s+)?(?:span|width|depth)\b|\bwall[- ]to[- ]wall\b"
                        r"|\bacross\s+the\s+(?:whole|full|entire)\s+(?:width|span)|\bspan(?:s|ning)?\s+the\s+(?:duct|channel)"
                        r"(?:'s)?\s+(?:width|span|depth)\b", re.I)
_ROUND = re.compile(r"\b(?:circular|round|cylindrical)\b|\bcylinders?\b|\brods?\b|\bdiameter\b|\bradius\b|\bspheres?\b", re.I)
_NOT_ROUND = re.compile(r"\b(?:square|rectangular)\s+(?:\w+\s+)?(?:cylinders?|rods?|bars?|prisms?|pillars?)\b", re.I)
_TRIPLE = re.compile(rf"(?<![\w.]){LENGTH}\s*(?:x|by|×)\s*{LENGTH}\s*(?:x|by|×)\s*{LENGTH}", re.I)
_POINT3 = re.compile(rf"\(\s*({NUM})\s*,\s*({NUM})\s*,\s*({NUM})\s*\)\s*({UNIT})?", re.I)
_Z_AT = re.compile(rf"(?<![\w.])z\s*=\s*{LENGTH}", re.I)
_Y_AT = re.compile(rf"(?<![\w.])y\s*=\s*{LENGTH}", re.I)
_TALL_BODY = re.compile(r"\b(?:pillars?|columns?|posts?|piers?|struts?)\b", re.I)


def solid_in_3d(text: str, shape: str | None, two_d: bool | None) -> bool:
    """Whether the words put a solid body in a 3D duct or box (not the box itself: "a box 1 m long")."""
    # a round body in a box sized three ways ("a box 1 m x 0.5 m x 0.5 m with a cylindrical post"); a box sized
    # two ways is a 2D domain ("in a 0.8 m x 0.32 m box")
    boxed = re.search(r"\bbox\b", text, re.I) is not None and _TRIPLE.search(text) is not None
    three_d = two_d is False or shape == "box" or (shape == "cylinder_crossflow" and boxed)
    return bool(three_d and shape in ("channel_with_obstacles", "channel", "rectangle", "box", "cylinder_crossflow")
                and _BODY.search(text))


def without_solids(text: str) -> str:
    """`text` with the words about its solid bodies blanked (what is left describes the duct or box around them)."""
    out = text
    for m in _BODY.finditer(text):
        words = _clause(text[m.start():])
        out = out[:m.start()] + " " * len(words) + out[m.start() + len(words):]
    return out


def _clause(text: str) -> str:
    """The words about the body: from its sizes and noun to the end of its sentence, the domain's words cut out."""
    m = _BODY.search(text)
    rest = text[m.start():] if m else text
    end = re.search(r";|\.\s|\.$|\n", rest)
    rest = rest[:end.start()] if end else rest
    return _DOMAIN_AFTER.split(rest)[0]


def _length(value: str, unit: str | None, fallback: str | None) -> float:
    return float(value) * unit_factor(unit or fallback)


def _sizes(words: str) -> dict[str, float]:
    """The body's sizes by axis (x along the flow, y up, z across) as far as the words give them."""
    triple = _TRIPLE.search(words)
    if triple and (triple.group(6) or triple.group(2)):  # "20 x 20 x 10 mm": length x width x height
        unit = triple.group(6) or triple.group(4) or triple.group(2)
        x, z, y = (_length(triple.group(k), triple.group(k + 1), unit) for k in (1, 3, 5))
        return {"x": x, "z": z, "y": y, "triple": 1.0}
    cube = re.search(r"\bcub(?:e|es|ic)\b", words, re.I)
    side = body_size(words)
    named = named_lengths(words)
    out: dict[str, float] = {}
    if side and abs(side[0] - side[1]) < 1e-12 and (cube or re.search(r"\bsquare\b|\bside\b|\bacross\b", words, re.I)):
        out = {"x": side[0], "z": side[0]}
        if cube:
            out["y"] = side[0]
    else:
        lead = re.search(rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:cubes?|(?:square\s+)?(?:pillar|post|column|block))\b", words, re.I) \
            or re.search(rf"\b(?:cubes?|square\s+(?:pillar|post|column|block|prism|bar)s?)\s*,?\s*(?:of\s+)?{LENGTH}"
                         rf"(?!\s*(?:x|by|×|long|high|tall|wide|from|downstream)\b)", words, re.I)
        if lead and lead.group(2):  # "a 5 cm cube", "a 40 mm square pillar"
            a = _length(lead.group(1), lead.group(2), None)
            out = {"x": a, "z": a, **({"y": a} if cube else {})}
    for axis, names in (("x", ("length", "thickness")), ("y", ("height",)), ("z", ("width", "depth"))):
        for name in names:
            if name in named and axis not in out:
                out[axis] = named[name]
    return out


def _place(words: str, text: str, d: dict[str, float], size: dict[str, float], notes: list[str]) -> dict[str, float]:
    """The body's box (x0..z1) from its sizes and the words placing it."""
    point = _POINT3.search(words)
    if point:
        f = unit_factor(point.group(4))
        cx, cy, cz = (float(point.group(k)) * f for k in (1, 2, 3))
    else:
        cx = body_x(words, d["length"])
        if cx is None:
            cx = body_x(text, d["length"])
        if cx is None:
            cx = d["length"] / 4
            notes.append(f"The obstacle's place along the duct not given: x = {cx:g} m (a quarter of the way along).")
        z_at, y_at = _Z_AT.search(words), _Y_AT.search(words)
        cz = _length(z_at.group(1), z_at.group(2), "m") if z_at else d["depth"] / 2
        cy = _length(y_at.group(1), y_at.group(2), "m") if y_at else None
        if not z_at and "z" in size and size["z"] < d["depth"]:
            notes.append(f"The obstacle centred across the duct (z = {cz:g} m).")
    sx, sz = size["x"], size["z"]
    y0, y1 = _heights(words, d, size, cy if not point else cy, notes)
    box = {"x0": cx - sx / 2, "x1": cx + sx / 2, "y0": y0, "y1": y1, "z0": cz - sz / 2, "z1": cz + sz / 2}
    if _FULL_SPAN.search(words):
        box.update(z0=0.0, z1=d["depth"])
    return box


def _heights(words: str, d: dict[str, float], size: dict[str, float], cy: float | None, notes: list[str]) -> tuple[float, float]:
    """The body's extent in y: the full height, standing on the floor, hanging from the ceiling or centred at `cy`."""
    if _FULL_HEIGHT.search(words) or ("y" not in size and _TALL_BODY.search(words)):
        return 0.0, d["height"]
    h = size.get("y")
    if h is None:
        raise RequestError("geometry refused: the obstacle's height is not given; say how high it is (\"10 mm high\"), "
                           "or that it spans the full height of the duct")
    if cy is not None and not wall_side(words):
        return cy - h / 2, cy + h / 2
    if wall_side(words) == "top":
        return d["height"] - h, d["height"]
    if not wall_side(words):
        notes.append("The obstacle stands on the floor (y = 0): no height above it was given.")
    return 0.0, h


def _refuse_round(words: str) -> None:
    if _ROUND.search(words) and not _NOT_ROUND.search(words):
        raise RequestError("geometry refused: a round obstacle in a 3D duct is not a shape of the library (its 3D "
                           "obstacles are blocks meshed with blockMesh, and its Gmsh path meshes 2D only): give a "
                           "square pillar or a block, say 2D for a circular cylinder in a channel, or give an STL with "
                           "--geometry F.stl and use snappyHexMesh")


def box_obstacle_fields(text: str, domain: GeometrySpec, mesh: dict[str, Any]) -> dict[str, Any]:
    """GeometrySpec fields for a 3D duct (the `domain` read from the words without the body) with the box
    obstacles the words describe."""
    text = digits(text)
    dd = domain.dims
    depth = getattr(dd, "depth", None) or getattr(dd, "width", None) if domain.shape in ("box", "channel", "rectangle") else None
    d = {"length": dd.length, "height": dd.height, "depth": depth or dd.height}
    words = _clause(text)
    _refuse_round(words)
    size = _sizes(size_words(words))
    if "x" not in size or "z" not in size:
        raise RequestError("geometry refused: the obstacle's size is not read: give it as 'L x W x H' (along the flow, "
                           "across, up), a cube's side, or a square pillar's side ('0.1 m across')")
    notes = list(domain.notes)
    if size.pop("triple", None):
        notes.append("The block's three sizes read as length (x, along the flow) x width (z, across) x height (y).")
    boxes = [_place(words, text, d, size, notes)]
    group = read_group(text)
    pitch = group_pitch(text, group) if group else None
    if group and pitch and group.count > 1:
        axis = "z" if group.arrangement == "across" else "x"
        # side by side: about the duct's mid-depth unless a z was said
        start = -pitch * (group.count - 1) / 2 if axis == "z" and not _Z_AT.search(words) else 0.0
        boxes = [{**boxes[0], f"{axis}0": boxes[0][f"{axis}0"] + start + i * pitch,
                  f"{axis}1": boxes[0][f"{axis}1"] + start + i * pitch} for i in range(group.count)]
        notes.append(f"{group.count} like obstacles {pitch:g} m apart centre to centre along {axis}.")
    if not depth:
        notes.append(f"Depth not given: {d['depth']:g} m (the height).")
    fields: dict[str, Any] = {"shape": "duct_with_obstacles", "dimensions": {**d, "blocks": boxes}, "notes": notes}
    if any(domain.origin):
        fields["origin"] = domain.origin
    if mesh:
        fields["mesh"] = mesh
    return fields
