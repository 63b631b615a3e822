"""The third direction of a 3D step, expansion, contraction, nozzle, diffuser or T-junction, from a request's
words: whether it is 3D at all ("3D", "with side walls", a z range, a span), how deep ("z 0..0.1", "a span of
40 mm", "10 cm wide", "in a square duct": as deep as it is high), its cells across the span and what its
sides are (walls, or symmetry planes when the request says so). Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.placement import axis_ranges
from tasks.geometry.spec import EXTRUDED_3D, NUM, UNIT, unit_factor
from tasks.geometry.text_numbers import LENGTH, digits

_TWO_D = re.compile(r"\b2-?d\b|two[- ]dimensional|axisymmetric|\bwedge\b|one\s+cell\s+thick|\bempty\b", re.I)
_SIDE = r"(?:side\s*-?\s*walls?|sides|span(?:wise)?\s+(?:ends|boundaries|faces|sides)|front\s+and\s+back(?:\s+(?:faces|walls|planes))?|z\s*-?\s*(?:faces|boundaries|ends))"
# side walls said of the duct, not the left and right walls of a 2D section ("the side walls are fixed")
_SIDE_WALLS = re.compile(r"\b(?:with|between|bounded\s+by)\s+(?:\w+\s+){0,2}side\s*-?\s*walls?\b|\b(?:lateral|spanwise)\s+"
                         r"(?:side\s*-?\s*)?walls\b|\bside\s*-?\s*walls?\s+(?:at|on)\s+z\b", re.I)
# cavities are 3D in the library already: only a span or a z range makes one 3D here
CAVITIES = frozenset({"lid_driven_cavity", "heated_cavity"})
_SPAN = re.compile(rf"\bspan(?:wise)?\s+(?:width|length|extent|depth)?\s*(?:of|=|:|is)?\s*{LENGTH}"
                   rf"|(?<![\w.]){LENGTH}\s+(?:wide\s+)?(?:span|spanwise|in\s+(?:the\s+)?span(?:wise\s+direction)?)\b", re.I)
_DEPTH = re.compile(rf"\b(?:depth|width)\s*(?:of|=|:|is)?\s*{LENGTH}|(?<![\w.]){LENGTH}\s+(?:wide|deep)\b(?!\s+step)", re.I)
# a width or depth said of one section or of the step is an in-plane size, not the span
_IN_PLANE = re.compile(r"\b(?:inlet|outlet|upstream|downstream|entry|exit|throat|narrow|wide|branch|passage|step|"
                       r"section|gap|opening|slot|main|cavity|neck)\s+(?:\w+\s+)?$", re.I)
_SQUARE = re.compile(r"\bsquare\s+(?:duct|channel|cross[- ]?section|section|passage)", re.I)
# a square duct sized by its side: "in a square duct 2 in", "a 50 mm square duct"
_SQUARE_SIZED = re.compile(rf"\bsquare\s+(?:duct|channel|cross[- ]?section|section)\s+(?:of\s+(?:side\s+)?)?{LENGTH}"
                           rf"|(?<![\w.]){LENGTH}\s+square\s+(?:duct|channel)\b", re.I)
# the in-plane size a square duct's side is, per shape (the full height; a T-junction's main channel width)
_SQUARE_SIDE = {"backward_step": "height", "forward_step": "height", "t_junction": "width"}
_SECTION = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})?\s*(?:x|by|×)\s*({NUM})\s*({UNIT})\s+(?:in\s+)?(?:square\s+)?(?:cross[- ]?)?section",
                      re.I)
_SPAN_CELLS = re.compile(r"(\d+)\s+cells?\s+(?:across|along|over|in|through)\s+(?:the\s+)?(?:span|spanwise\s+direction|"
                         r"z(?:[- ]direction)?|depth)\b|(\d+)\s+(?:spanwise|z)\s+cells\b|\bspanwise\s*(?::|=)?\s*(\d+)\s+cells\b",
                         re.I)
_SYMMETRIC_SIDES = re.compile(rf"\b{_SIDE}\b[^.;]{{0,40}}?\bsymmetr|\bsymmetry\s+(?:planes?\s+|conditions?\s+)?"
                              rf"(?:on|at|for)\s+(?:the\s+|both\s+|each\s+)?{_SIDE}", re.I)
_PERIODIC_SIDES = re.compile(rf"\b{_SIDE}\b[^.;]{{0,40}}?\b(?:periodic|cyclic)|\b(?:periodic|cyclic)\b[^.;]{{0,40}}?"
                             rf"\b(?:{_SIDE}|span(?:wise)?|z)\b", re.I)


def extruded_3d(text: str, shape: str | None, two_d: bool | None) -> bool | None:
    """`two_d` as the request's dimension words left it, or False when the words of a 2D section the library
    also extrudes say it has a third direction: side walls, a z range, a span, a square duct or a cross-section
    (a cavity: a z range or a span)."""
    if shape in CAVITIES and two_d is None:
        return False if axis_ranges(text, "z") or _SPAN.search(text) else None  # a cavity's "depth" may be its height
    if shape not in EXTRUDED_3D or two_d is False:
        return two_d
    if two_d and (_TWO_D.search(text) or not re.search(r"\bplanar\b", text, re.I)):
        return two_d  # "a planar diffuser with side walls": its section is planar, the duct 3D
    if _SIDE_WALLS.search(text) or axis_ranges(text, "z") or _SPAN.search(text) or _SPAN_CELLS.search(digits(text)) \
            or _SQUARE.search(text) or _SECTION.search(text):
        return False
    return two_d


def _span_depth(text: str, widths: bool = True) -> float | None:
    """The span the words give ("a span of 40 mm", "0.2 m spanwise"), else (with `widths`) a width or depth
    not said of one section or of the step ("10 cm wide", "width 0.1 m")."""
    m = _SPAN.search(text)
    if m:
        value, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        return float(value) * unit_factor(unit)
    for m in _DEPTH.finditer(text) if widths else ():
        value, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if unit and not _IN_PLANE.search(text[max(0, m.start() - 30):m.start()]):
            return float(value) * unit_factor(unit)
    return None


def _square_side(text: str) -> float | None:
    """The side of a square duct said with its size ("a square duct 2 in", "a 50 mm square channel"), else None."""
    m = _SQUARE_SIZED.search(text)
    if not m:
        return None
    value, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return float(value) * unit_factor(unit) if unit else None


def _section_depth(text: str, height: float | None) -> tuple[float | None, list[str]]:
    """The depth from a cross-section "10 x 10 cm section": the size that is not the height; the
    notes when it cannot be told which is which."""
    m = _SECTION.search(text)
    if not m:
        return None, []
    a = float(m.group(1)) * unit_factor(m.group(2) or m.group(4))
    b = float(m.group(3)) * unit_factor(m.group(4))
    if abs(a - b) < 1e-12 or (height is not None and abs(a - height) < 1e-12):
        return b, []
    if height is not None and abs(b - height) < 1e-12:
        return a, []
    return None, [f"The {m.group(0)!r} was not read as height by depth (neither size is the channel's height); "
                  f"give 'span' or 'z from .. to ..' for the depth."]


def span_fields(text: str, shape: str, dims: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A 3D extruded section's `span` (where z starts, cells across it, the side type) and the notes on
    what could not be built; puts the depth it finds into `dims` (a cavity's only from a span or a z range,
    its width being in-plane)."""
    span: dict[str, Any] = {}
    notes: list[str] = []
    z = axis_ranges(text, "z")
    if z:
        lo, hi = min(r[0] for r in z), max(r[1] for r in z)
        dims["depth"] = round(hi - lo, 12)
        if lo:
            span["z_start"] = lo
    elif (depth := _span_depth(text, shape not in CAVITIES)) is not None:
        dims["depth"] = depth
    elif (side := _square_side(text)) is not None and shape in _SQUARE_SIDE:
        dims["depth"] = side
        dims.setdefault(_SQUARE_SIDE[shape], side)
    elif shape not in CAVITIES:
        depth, notes = _section_depth(text, dims.get("height") or dims.get("outlet_height"))
        if depth is not None:
            dims["depth"] = depth
    cells = _SPAN_CELLS.search(digits(text))
    if cells:
        span["cells"] = int(next(g for g in cells.groups() if g))
    if _SYMMETRIC_SIDES.search(text):
        span["sides"] = "symmetryPlane"
    elif _PERIODIC_SIDES.search(text):
        notes.append("Periodic (cyclic) sides are not built by the shape library: the sides are walls. Give the "
                     "mesh (--geometry) with cyclic patches, or say 'symmetry planes on the sides'.")
    if shape in CAVITIES and span:
        notes.append(f"Not built for a 3D cavity (it spans z from 0 with wall sides, cells across z sized like the "
                     f"others): {', '.join(f'{k} {v}' for k, v in span.items())}.")
        span = {}
    return span, notes


_CUBIC_CELLS = re.compile(rf"(?<![\w.]){LENGTH}\s+(?:cubic|cube)\s+(?:cells|elements|hexahedra|hexes)\b", re.I)


def cubic_cells(text: str) -> dict[str, float]:
    """The mesh request of "0.01 m cubic cells" (a cell size), else nothing."""
    m = _CUBIC_CELLS.search(text)
    return {"cell_size": float(m.group(1)) * unit_factor(m.group(2))} if m and m.group(2) else {}
