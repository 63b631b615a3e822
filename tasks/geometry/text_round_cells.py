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
_RADIAL = (r"radial(?:ly)?|(?:in\s+)?(?:the\s+)?radial(?:\s+direction)?"
           r"|across(?!\s+the\s+span)(?:\s+the\s+(?:annular\s+)?(?:gap|annulus|radius|clearance|ring))?|(?:over|through)\s+the\s+(?:annular\s+)?gap|in\s+r\b|between\s+the\s+(?:walls|cylinders)"
           # an O-grid about a body: "60 cells from the wall out to the far field", "40 wall-normal", "30 outward"
           r"|from\s+the\s+(?:wall|cylinder|body|surface)(?:\s+(?:out\s+)?to\s+the\s+(?:far[- ]?field|outer\s+boundary))?"
           r"|between\s+the\s+(?:cylinder|wall|body)\s+and\s+the\s+(?:far[- ]?field|outer\s+boundary)"
           r"|(?:in\s+the\s+)?wall[- ]normal(?:\s+direction)?|outwards?")
_AXIAL = (r"axial(?:ly)?|(?:in\s+)?(?:the\s+)?axial(?:\s+direction)?|along(?:\s+(?:the\s+)?(?:axis|length|cylinders?|annulus|z))?"
          r"|lengthwise|in\s+z\b|spanwise|(?:along|across|over)\s+the\s+span")
_DIRECTIONS = {"around": _AROUND, "radial": _RADIAL, "axial": _AXIAL}
# a direction named before its count: "theta: 120 cells", "the gap gets 16 cells", "circumference 128", "r = 20"
_NAMED_FIRST = {"around": r"theta|θ|the\s+circumference|circumference|azimuth(?:al)?|circumferential(?:ly)?",
                "radial": r"(?<![\w.])r|the\s+(?:annular\s+)?gap|radial(?:ly)?|radius",
                "axial": r"(?<![\w.])z|axial(?:ly)?|the\s+length|axis"}
_UNIT = r"(?:cells?|divisions|elements|intervals)"


# counts with their directions labelled after them: "160 x 60 (circumferential x radial)", "40 by 200 cells (r by theta)"
_BY = r"\s*(?:x|×|by|\*)\s*"
_LABELLED = re.compile(rf"(?<![\w.])(\d+){_BY}(\d+)(?:{_BY}(\d+))?\s*(?:{_UNIT}\s*)?\(\s*([^()]{{3,80}})\)", re.I)
_LABELS = {"around": rf"{_NAMED_FIRST['around']}|around|tangential|azimuthal|circumferential",
           "radial": rf"{_NAMED_FIRST['radial']}|radial|wall[- ]normal", "axial": rf"{_NAMED_FIRST['axial']}|span(?:wise)?"}


def _labelled_cells(text: str) -> dict[str, int]:
    """The counts of "N x M (circumferential x radial)" by their labels' directions; empty when a label is not one."""
    m = _LABELLED.search(text)
    if not m:
        return {}
    labels = re.split(_BY + r"|\s*,\s*", m.group(4).strip())
    counts = [int(c) for c in m.groups()[:3] if c]
    kinds = [next((k for k, words in _LABELS.items() if re.fullmatch(rf"(?:{words})(?:\s+direction)?", lab.strip(), re.I)),
                  None) for lab in labels]
    if len(kinds) != len(counts) or None in kinds or len(set(kinds)) != len(kinds):
        return {}
    return dict(zip(kinds, counts))  # type: ignore[arg-type]


def annulus_cells(text: str) -> list[int] | None:
    """[around, across the gap] (and along the axis when said) from the words, or None when the text does not name
    both the azimuthal and the radial count."""
    found = _round_counts(text)
    if "around" not in found or "radial" not in found:
        return None
    counts = [found["around"], found["radial"]]
    return counts + [found["axial"]] if "axial" in found else counts


def ogrid_cells(text: str) -> list[int] | None:
    """An O-grid's counts: [around, radial] (and along the span when said) as `annulus_cells`, or [around] when only
    the count around is said (the radial one is then sized from the wall); None when no count around is said."""
    found = _round_counts(text)
    if "around" not in found:
        return None
    return annulus_cells(text) or [found["around"]]


def _round_counts(text: str) -> dict[str, int]:
    """The counts the words give per direction of a round mesh (around, radial, axial)."""
    t = digits(text)
    labelled = _labelled_cells(t)
    if {"around", "radial"} <= labelled.keys():
        return labelled
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
    return {name: count for name, (_, count) in found.items()}
