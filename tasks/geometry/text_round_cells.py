"""Cell counts of an annulus (a Taylor-Couette gap) named by direction words: "160 cells around, 20 across the
gap", "40 in the radial direction and 200 in the azimuthal direction", "a grid of 20 (radial) x 120
(circumferential)", "theta: 120 cells, r: 20 cells", "the gap gets 16 cells, the circumference 128", "... and 50
along the axis" (a 3D annulus). Around is the azimuthal count, across (radial) the count over the gap, along
(axial) the count along the cylinders. Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.text_numbers import digits

_AROUND = (r"a?round(?:\s+the\s+(?:circumference|annulus|ring|cylinders?))?|circumferential(?:ly)?|azimuthal(?:ly)?"
           r"|tangential(?:ly)?|(?:in\s+)?(?:the\s+)?(?:azimuthal|circumferential|tangential|theta|θ)(?:\s+direction)?"
           r"|along\s+the\s+circumference|over\s+the\s+circumference|per\s+revolution")
_RADIAL = (r"radial(?:ly)?|(?:in\s+)?(?:the\s+)?radial(?:\s+direction)?|across(?:\s+the\s+(?:annular\s+)?(?:gap|annulus|radius"
           r"|clearance|ring))?|(?:over|through)\s+the\s+(?:annular\s+)?gap|in\s+r\b|between\s+the\s+(?:walls|cylinders)")
_AXIAL = (r"axial(?:ly)?|(?:in\s+)?(?:the\s+)?axial(?:\s+direction)?|along(?:\s+(?:the\s+)?(?:axis|length|cylinders?|annulus|z))?"
          r"|lengthwise|in\s+z\b|spanwise")
_DIRECTIONS = {"around": _AROUND, "radial": _RADIAL, "axial": _AXIAL}
# a direction named before its count: "theta: 120 cells", "the gap gets 16 cells", "circumference 128", "r = 20"
_NAMED_FIRST = {"around": r"theta|θ|the\s+circumference|circumference|azimuth(?:al)?|circumferential(?:ly)?",
                "radial": r"(?<![\w.])r|the\s+(?:annular\s+)?gap|radial(?:ly)?|radius",
                "axial": r"(?<![\w.])z|axial(?:ly)?|the\s+length|axis"}
_UNIT = r"(?:cells?|divisions|elements|intervals)"


def annulus_cells(text: str) -> list[int] | None:
    """[around, across the gap] (and along the axis when said) from the words, or None when the text does not name
    both the azimuthal and the radial count."""
    t = digits(text)
    found: dict[str, tuple[int, int]] = {}  # direction -> (position, count)
    for m in re.finditer(rf"(?<![\w.])(\d+)(?![\d.])\s*(?:{_UNIT}\s*)?(?:\(\s*)?", t):
        if not re.search(rf"\b{_UNIT}\b|\bmesh\b|\bgrid\b|\bresolution\b", t[max(0, m.start() - 80):m.end() + 80], re.I):
            continue
        after = t[m.end():m.end() + 45]
        for name, words in _DIRECTIONS.items():
            if name not in found and re.match(rf"(?:{words})\b", after, re.I):
                found[name] = (m.start(), int(m.group(1)))
                break
    for name, words in _NAMED_FIRST.items():
        if name in found:
            continue
        named = re.search(rf"\b(?:{words})\s*(?::|=|gets|has|with|takes)?\s*(\d+)(?![\d.])(?!\s*(?:mm|cm|m|in|rad|rpm|deg)\b)", t, re.I)
        if named and int(named.group(1)) not in [c for _, c in found.values()]:
            found[name] = (named.start(), int(named.group(1)))
    if "around" not in found or "radial" not in found:
        return None
    counts = [found["around"][1], found["radial"][1]]
    return counts + [found["axial"][1]] if "axial" in found else counts
