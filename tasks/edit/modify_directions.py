"""Cell counts named by direction words ("30 cells across the tube and 600 along it", "64
spanwise", "20 cells through the gap") mapped to the block axes of the base case's mesh: the
flow (along) axis is the longest solved extent of the blockMeshDict, across the next, spanwise
the shortest solved one of a 3-D mesh; a flat axis (2-D, wedge) keeps its one cell."""

from __future__ import annotations

import re

from tasks.foam import geometry

# direction words, most specific first ("across the span" is spanwise, not across)
DIRECTION_WORDS: tuple[tuple[str, str], ...] = (
    ("span", r"spanwise|span[- ]?wise|across\s+the\s+(?:span|depth|width\s+of\s+the\s+span)|through\s+the\s+(?:depth|thickness)|"
             r"in\s+depth|out[- ]of[- ]plane"),
    ("around", r"around(?:\s+(?:it|the\s+\w+))?|circumferential(?:ly)?|azimuthal(?:ly)?|tangential(?:ly)?"),
    ("across", r"across(?:\s+(?:it|the\s+[\w-]+(?:\s+(?:height|gap|diameter|width|section))?))?|"
               r"through\s+the\s+(?:gap|height|channel|layer|film)|wall[- ]normal|radial(?:ly)?|transverse(?:ly)?|"
               r"cross[- ]?stream|over\s+the\s+(?:height|gap|diameter|width)|normal\s+to\s+the\s+walls?"),
    ("along", r"along(?:\s+(?:it|the\s+[\w-]+))?|stream[- ]?wise|axial(?:ly)?|length[- ]?wise|lengthways|downstream|"
              r"in\s+the\s+flow\s+direction|over\s+the\s+length"),
)
_DIRECTION_RE = "|".join(f"(?P<{name}>{words})" for name, words in DIRECTION_WORDS)
# "600 cells along the tube", "30 across it", "64 spanwise": a count, "cells", up to 2 words, the direction
_COUNT_THEN_DIRECTION = re.compile(
    rf"(?<![\w.])(?P<n>\d+)\s*(?:cells?|divisions?|elements?)?\s+(?:(?:of\s+them|in\s+total|each)\s+)?"
    rf"(?:(?:\w+\s+){{0,1}}?)(?:{_DIRECTION_RE})\b", re.IGNORECASE)
# "radially 30 cells", "along the pipe: 600 cells"
_DIRECTION_THEN_COUNT = re.compile(rf"\b(?:{_DIRECTION_RE})\s*[:=]?\s*(?P<n>\d+)\s*(?:cells?|divisions?)\b", re.IGNORECASE)


def direction_counts(text: str) -> dict[str, int]:
    """{direction: count} of the cell counts the request names by direction words; {} when the
    request says nothing of cells."""
    if not re.search(r"\bcells?\b|\bmesh\b|\bgrid\b|\bresolution\b", text, re.IGNORECASE):
        return {}
    out: dict[str, int] = {}
    for pattern in (_COUNT_THEN_DIRECTION, _DIRECTION_THEN_COUNT):
        for m in pattern.finditer(text):
            name = next(n for n, _ in DIRECTION_WORDS if m.group(n))
            count = int(m.group("n"))
            if count > 0:
                out.setdefault(name, count)
    return out


def direction_axes(extents: list[float], flat: list[int]) -> dict[str, int]:
    """{direction: axis} of a mesh from its extents and flat axes: along = the longest solved
    extent, across = the next, span = a third solved one; around = a wedge's flat axis (one
    cell: not changeable, reported by the caller)."""
    solved = sorted((a for a in range(3) if a not in flat), key=lambda a: -extents[a])
    axes: dict[str, int] = {}
    for name, axis in zip(("along", "across", "span"), solved):
        axes[name] = axis
    if flat:
        axes.setdefault("span", flat[0])
        axes.setdefault("around", flat[0])
    return axes


def counts_by_axis(text: str, bmd_text: str) -> tuple[list[int], list[str]] | None:
    """The stated counts as [nx, ny, nz] (0: keep) and the problems (a direction the mesh has no
    axis for, a flat axis asked for more than one cell); None when no count names a direction
    or the blockMeshDict's vertices are not plain numbers."""
    named = direction_counts(text)
    if not named:
        return None
    shape = geometry.block_extents(bmd_text)
    if shape is None:
        return None
    extents, flat = shape
    axes = direction_axes(extents, flat)
    wanted = [0, 0, 0]
    problems = []
    for name, count in named.items():
        axis = axes.get(name)
        if axis is None:
            problems.append(f"{count} cells {name}: the mesh has no block axis {name} (an O-grid's angle is set by hand)")
        elif axis in flat and count != 1:
            problems.append(f"{count} cells {name}: that is the flat axis of a 2-D or axisymmetric mesh (one cell)")
        else:
            wanted[axis] = count
    return wanted, problems


# "50 cells wide and 150 high", "40 cells tall", "a grid 60 wide by 20 deep": a count and the size
# word of an axis (wide: x; high, tall: the vertical axis; deep: the remaining one)
_SIZE_COUNT = re.compile(r"(?<![\w.])(?P<n>\d+)\s*(?:cells?\s+|divisions?\s+)?(?P<w>wide|high|tall|deep)\b", re.IGNORECASE)


def size_word_counts(text: str, up: int = 1) -> list[int] | None:
    """[nx, ny, nz] (0: keep) of the cell counts said with an axis's size word, `up` being the
    vertical axis; None when the request says nothing of cells or names no such count."""
    if not re.search(r"\bcells?\b|\bmesh\b|\bgrid\b|\bresolution\b", text, re.IGNORECASE):
        return None
    depth = next(a for a in (2, 1, 0) if a not in (0, up))
    axis_of = {"wide": 0, "high": up, "tall": up, "deep": depth}
    wanted = [0, 0, 0]
    for m in _SIZE_COUNT.finditer(text):
        if int(m.group("n")) > 0:
            wanted[axis_of[m.group("w").lower()]] = int(m.group("n"))
    return wanted if any(wanted) else None
