"""Which reader of a union of rectangles a request's words fit (tasks/geometry/text_rectilinear.py: parts by their
ranges, a duct of several sections; text_rectilinear_boxes.py: a box fed by a slot), and the GeometrySpec fields of
the union found. Pure functions."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.text_parts import table_ranges
from tasks.geometry.text_rectilinear import Part, Union, range_pairs, stepped_duct
from tasks.geometry.text_rectilinear_boxes import box_with_ducts


# shapes whose own builders name their parts' patches (a branch, a throat, a round pipe's axis): never re-read as parts
_OWN_PARTS = frozenset({"t_junction", "cross_junction", "nozzle", "diffuser", "bend", "pipe", "annulus", "cylinder_crossflow",
                        "naca_airfoil", "duct_with_obstacles"})
_TWO_PART_SHAPES = frozenset({"backward_step", "forward_step", "sudden_expansion", "sudden_contraction"})
# shapes that are tapers by default but, said with three or more sections of constant height, are stepped ducts
_STEPPED_OR_OWN = frozenset({"diffuser", "nozzle"})
_TAPER = re.compile(r"\b(?:taper\w*|conical|cone|ramp|half[- ]angle|(?:included|opening|wall)\s+angle|degrees?|deg)\b|°", re.I)
_ROUND = re.compile(r"\b(?:diameters?|bores?|radi(?:us|i)|axisymmetric|wedge|round|circular|pipe)\b", re.I)


def rectilinear_union(text: str, shape: str | None) -> Union | None:
    """The union of rectangles the words describe (parts by their ranges, a duct of three or more sections, a box
    fed or emptied by ducts), or None: for a 3D request, a round duct, or a shape whose own builder takes its
    parts."""
    if re.search(r"\b3-?d\b|three[- ]dimensional", text, re.I):
        return None
    if shape in _STEPPED_OR_OWN:  # "a two-stage diffuser: heights 2, 4 and 8 cm": sections of constant height, not a taper
        return None if _ROUND.search(text) or _TAPER.search(text) else stepped_duct(text)
    if shape in _OWN_PARTS:
        return None
    found = range_pairs(text)
    if found is not None and shape in _TWO_PART_SHAPES and _two_in_series(found.parts):
        found = None  # a step, an expansion or a contraction by its two parts: the named shape's own builder takes it
    if found is None and not _ROUND.search(text):
        found = stepped_duct(text)
    if found is None:
        found = box_with_ducts(text)
    return found


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
    """The GeometrySpec fields of a union of rectangles (2D, one cell thick)."""
    fields: dict[str, Any] = {"shape": "rectilinear", "dimensions": {"parts": union.parts, **union.openings}, "two_d": True,
                              "notes": [f"The domain read as a union of rectangles: {union.how}."]}
    if mesh:
        fields["mesh"] = mesh
    return fields
