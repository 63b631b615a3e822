"""Cells across a named feature of a parametric shape: "10 cells over the step height", "16 cells per
diameter", "20 cells across the gap", "40 cells along the chord", "30 cells across the cavity". The
count sets the cell size (the feature's length over the count), which the shape library then uses
everywhere. Pure functions."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.text_numbers import digits

# the feature's words and how its length is read from the shape's dimensions (first that is set wins)
_FEATURES: list[tuple[str, tuple[str, ...]]] = [
    (r"step(?:\s+height)?|step's\s+height", ("step_height",)),
    (r"(?:(?:pipe|cylinder|tube|body|obstacle)(?:'s)?\s+)?diameter|D\b", ("diameter",)),
    (r"(?:(?:pipe|cylinder|tube)(?:'s)?\s+)?radius", ("radius",)),
    (r"(?:airfoil(?:'s)?\s+|aerofoil(?:'s)?\s+)?chord", ("chord",)),
    (r"(?:annular\s+)?gap|annulus|clearance", ("gap", "height")),
    (r"cavity(?:'s)?(?:\s+(?:side|width))?", ("width",)),
    (r"(?:(?:channel|duct|domain)(?:'s)?\s+)?height|channel|duct|bend|elbow|passage|flow\s+path", ("height", "width")),
    # "10 cells across", "12 cells wide", "8 cells cross-stream": the shape's own extent across the flow
    (r"", ("gap", "height", "width")),
    (r"(?:(?:channel|duct)(?:'s)?\s+)?width", ("width", "height")),
]
_COUNT = re.compile(r"(?<![\w.])(?P<n>\d+)\s+cells?\s+(?P<prep>across|over|per|along|on|spanning|to\s+resolve|in)\s+"
                    r"(?:the\s+|each\s+|a\s+|one\s+|its\s+|every\s+)?(?:whole\s+|full\s+)?(?P<feature>[a-z' ]{1,30}?)"
                    r"(?=\s*(?:[,;.)]|$|and\b|with\b|\s(?:of|for|to|at)\b))", re.I)


# a count across the flow with no feature named: "10 cells across, square cells along", "12 cells wide"
_ACROSS = re.compile(r"(?<![\w.])(?P<n>\d+)\s+cells?\s+(?P<prep>across|wide|cross[- ]?stream|from\s+wall\s+to\s+wall)"
                     r"(?P<feature>)(?=\s*(?:[,;.)]|$|and\b|with\b|\s(?:of|for|to|at|along)\b))", re.I)


def feature_length(feature: str, dims: dict[str, Any]) -> tuple[float, str] | None:
    """(length in metres, its name) of the shape feature `feature` names, from the shape's `dims`; a
    gap is an annulus's radii apart, a radius half a diameter."""
    words = feature.strip().lower()
    derived = dict(dims)
    if isinstance(dims.get("outer_radius"), (int, float)) and isinstance(dims.get("inner_radius"), (int, float)):
        derived["gap"] = dims["outer_radius"] - dims["inner_radius"]
    if isinstance(dims.get("diameter"), (int, float)):
        derived["radius"] = dims["diameter"] / 2
    for pattern, names in _FEATURES:
        if re.fullmatch(pattern, words, re.I):
            found = next((n for n in names if isinstance(derived.get(n), (int, float)) and derived[n] > 0), None)
            return (float(derived[found]), found.replace("_", " ")) if found else None
    return None


def _counts(text: str, turned: bool) -> list[re.Match[str]]:
    """The "N cells across <feature>" of `text` and, on a shape whose blocks turn (`turned`: a bend, an annulus,
    where no x or y count can say it), the bare "N cells across" / "N cells wide", in order."""
    return sorted([*_COUNT.finditer(text), *(_ACROSS.finditer(text) if turned else ())], key=lambda m: m.start())


def feature_cells(text: str, dims: dict[str, Any]) -> tuple[int, float, str] | None:
    """(count, the feature's length, its words) of the first "N cells across <feature>" the text says
    of a feature of the shape (a bare "N cells across" on a bend or an annulus is across its width or gap);
    None when it says none the shape has."""
    for m in _counts(digits(text), "inner_radius" in dims):
        if m.group("prep").lower() == "along" and not re.search(r"chord|diameter", m.group("feature"), re.I):
            continue  # "40 cells along the channel": its length, a count per direction (tasks.geometry.text_mesh)
        found = feature_length(m.group("feature"), dims)
        if found is not None and int(m.group("n")) > 0:
            return int(m.group("n")), found[0], m.group(0).strip()
    return None
