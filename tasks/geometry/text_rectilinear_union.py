"""Which reader of a union of rectangles a request's words fit (tasks/geometry/text_openings.py: a room or tank whose
inlet and outlet are parts of its walls or ducts on them; text_rectilinear.py: parts by their ranges, a duct of several
sections; text_rectilinear_boxes.py: a box fed by a slot), and the GeometrySpec fields of the union found. Pure
functions."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.text_duct_sections import duct_sections, is_3d
from tasks.geometry.text_openings import room_with_openings
from tasks.geometry.text_parts import table_ranges
from tasks.geometry.text_rectilinear import Part, Union, range_pairs, stepped_duct, union_openings
from tasks.geometry.text_rectilinear_boxes import box_with_ducts


# shapes whose own builders name their parts' patches (a branch, a throat, a round pipe's axis): never re-read as parts
_OWN_PARTS = frozenset({"t_junction", "cross_junction", "nozzle", "diffuser", "bend", "pipe", "annulus", "cylinder_crossflow",
                        "naca_airfoil", "duct_with_obstacles"})
# shapes a room with openings may be named as before its openings are read ("an inflow pipe", "a square cavity");
# never a heated cavity, whose hot and cold walls its own builder names
_ROOM_LIKE = frozenset({None, "pipe", "channel", "rectangle", "lid_driven_cavity", "box", "rectilinear", "channel_with_obstacles"})
_TWO_PART_SHAPES = frozenset({"backward_step", "forward_step", "sudden_expansion", "sudden_contraction"})
# shapes that are tapers by default but, said with sections of constant height, are stepped ducts
_SECTIONED_OR_OWN = frozenset({"diffuser", "nozzle"})
_TAPER = re.compile(r"\b(?:taper\w*|conical|cone|ramp|half[- ]angle|(?:included|opening|wall)\s+angle|degrees?|deg)\b|°", re.I)
# a part whose walls slope (a nozzle's or diffuser's taper), though given a y range: not a section of constant height
_SLOPED = re.compile(r"\b(?:diverg|converg|slop|inclin|flar|widening|narrowing|venturi|diffuser)\w*"
                     r"|\b(?:contraction|expansion|nozzle)\s+(?:length\s+)?(?:is\s+|of\s+)?\d"
                     # "then a linear contraction over 10 cm": a section whose walls run from one height to the other
                     r"|\b(?:linear|straight|gradual|smooth)(?:ly)?\s+(?:contraction|expansion|convergence|divergence)"
                     r"|\b(?:contraction|expansion|convergence|divergence)\s+(?:over|along|across)\s+(?:a\s+length\s+of\s+)?\d",
                     re.I)
# a step said of the duct: two sections are then the step's own builder's (a backward or forward step)
_STEP = re.compile(r"\bsteps?\b(?!\s*(?:size|count)\b)|\b(?:floor|bottom|ceiling)\s+(?:then\s+)?(?:drops|falls|rises)\b", re.I)
_ROUND = re.compile(r"\b(?:diameters?|bores?|radi(?:us|i)|axisymmetric|wedge|round|circular|pipe)\b", re.I)


def rectilinear_union(text: str, shape: str | None) -> Union | None:
    """The union of rectangles the words describe (parts by their ranges, a duct of consecutive sections, a box
    fed or emptied by ducts), or of boxes (a 3D duct whose cross-section changes), or None: for a round duct, or a
    shape whose own builder takes its parts."""
    if shape in _ROOM_LIKE and not is_3d(text) and \
            (room := room_with_openings(text)) is not None:
        return room  # a room or tank whose inlet and outlet are parts of its walls or ducts on them ("an inflow pipe")
    if shape == "pipe":  # "an inlet pipe 50 mm long and 12 mm high, then ...": planar sections (diameters: none)
        return _duct(text, is_3d(text), shape)
    if shape in _SECTIONED_OR_OWN and not (_ROUND.search(text) or _TAPER.search(text)):
        # "an inlet pipe 50 mm long and 12 mm high, a chamber ...": sections of constant height, not a taper or a pipe
        if is_3d(text):
            return _duct(text, True, shape)
        return stepped_duct(text) or (None if _SLOPED.search(text) else _duct(text, False, shape))
    if shape in _OWN_PARTS:
        return None
    if is_3d(text):
        return _duct(text, True, shape)
    found = range_pairs(text)
    if found is not None and shape in _TWO_PART_SHAPES and _two_in_series(found.parts):
        found = None  # a step, an expansion or a contraction by its two parts: the named shape's own builder takes it
    if found is None and not _ROUND.search(text):
        found = stepped_duct(text)
    duct = None if found is not None or _ROUND.search(text) else _duct(text, False, shape)
    if found is None and duct is not None and len(duct.parts) >= 3:
        found = duct  # "ducts on both sides of a chamber": sections in series, not a box with one duct
    if found is None:
        found = box_with_ducts(text)
    return found or duct


def _duct(text: str, three_d: bool, shape: str | None) -> Union | None:
    """A duct of consecutive sections (text_duct_sections), 2D or 3D; two sections of one depth only where no shape of
    two sections (a step, an expansion, a contraction) was named, its own builder taking those."""
    found = duct_sections(text, three_d)
    if found is None:
        return None
    boxes, how = found
    if len(boxes) == 2 and (shape in _TWO_PART_SHAPES or _STEP.search(text)) and \
            (not three_d or boxes[0][4:] == boxes[1][4:]):
        return None  # a step, an expansion or a contraction of one depth: its own (extruded) builder's
    parts = [b[:4] for b in boxes]
    return Union(parts, union_openings(text, parts), how, [b[4:6] for b in boxes] if three_d else None)  # type: ignore[misc]


def _two_in_series(parts: list[Part]) -> bool:
    """Two parts one after the other along x (the second starts where the first ends)."""
    if len(parts) != 2:
        return False
    (a0, a1, _, _), (b0, b1, _, _) = sorted(parts)
    return abs(a1 - b0) <= 1e-9 * max(1.0, abs(a1))


def names_union(text: str, shape: str | None) -> bool:
    """The request's own words (a table of parts not yet written out) describe a union of rectangles."""
    return rectilinear_union(table_ranges(text), shape) is not None


def union_fields(union: Union, mesh: dict[str, Any]) -> dict[str, Any]:
    """The GeometrySpec fields of a union of rectangles (2D, one cell thick), or of boxes (3D, z ranges given)."""
    boxes = union.z_ranges is not None
    dims = {"parts": union.parts, **union.openings, **({"z_ranges": union.z_ranges} if boxes else {})}
    fields: dict[str, Any] = {"shape": "rectilinear", "dimensions": dims, "two_d": not boxes,
                              "notes": [f"The domain read as a union of {'boxes' if boxes else 'rectangles'}: {union.how}."]}
    if mesh:
        fields["mesh"] = mesh
    return fields
