"""Mesh changes of `modify` stated as a cell size ("refine to 1 mm cells", "cell size 5 mm",
"make the cells 2.5 mm"): every block of the blockMeshDict gets the counts that make its cells
about that size along each of its edges (a flat axis of a 2-D case keeps its one cell; blocks
that share a face keep matching counts), on one block or many."""

from __future__ import annotations

import re
from pathlib import Path

from tasks.core.errors import PlanError
from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.plan.extract import Quantity
from tasks.plan.manifest import FileEdit

# words that make a length the size of the cells: after it ("1 mm cells") or just before it
# in its clause ("cell size 5 mm", "make the cells 2 mm", "a grid spacing of 0.5 mm")
_AFTER = re.compile(r"\s*(?:-\s*)?(?:cells?|grid|mesh|spacing|resolution|elements?)\b")
_BEFORE = re.compile(r"\b(?:cell[- ]?sizes?|cell spacing|grid spacing|mesh spacing|mesh size|grid size|spacing|"
                     r"cell width|cells?|resolution|grid|mesh)\b(?:\s+(?:of|to|at|=|:|about|around|roughly|"
                     r"approximately|be|are|is|should be))*\s*(?:~|=|:)?\s*$")


def stated_cell_size(qs: list[Quantity]) -> Quantity | None:
    """The first length the words make a cell size, None when there is none."""
    for q in qs:
        if q.kind != "length":
            continue
        clause = re.split(r"[,;]|\.\s|\band\b", q.before.lower())[-1]
        if _AFTER.match(q.after.lower()) or _BEFORE.search(clause):
            return q
    return None


def mesh_scale(text: str) -> float:
    """convertToMeters (or scale) of a blockMeshDict, 1 when absent or not a number."""
    raw = (fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1").strip()
    try:
        return float(raw)
    except ValueError:
        return 1.0


def cell_size_edit(bmd_text: str, q: Quantity) -> FileEdit | str:
    """The blocks entry with cells of about `q` (metres), or why it cannot be set."""
    if q.value <= 0:
        return f"a cell size must be positive, got {q.text}"
    try:
        new = geometry.size_blocks(bmd_text, q.value, mesh_scale(bmd_text))
    except PlanError as err:
        return str(err)
    value = fd.get(new, ["blocks"]) or ""
    return FileEdit(file="system/blockMeshDict", entry=["blocks"], value=value, reason=f"cells of about {q.text}",
                    locked=True)


# direction words for one axis of a cell count ("80 cells across the channel height")
_AXIS_WORDS = (
    (0, r"\bin x\b|\bx[- ]direction|\balong x\b|\bx[- ]wise|streamwise|horizontal(?:ly)?|along the (?:channel|pipe|duct|length)|"
        r"lengthwise|axial(?:ly)?|over the length"),
    (1, r"\bin y\b|\by[- ]direction|\balong y\b|vertical(?:ly)?|wall[- ]normal|across the (?:channel |duct |gap )?(?:height|gap)|"
        r"over the height|through the height|radial(?:ly)?"),
    (2, r"\bin z\b|\bz[- ]direction|\balong z\b|spanwise|across the span|over the span"),
)
_AXIS_COUNT = re.compile(r"\b(\d+)\s+cells?\b(?P<rest>[^.;,]{0,40})")


def axis_cell_count(text: str) -> tuple[int, int] | None:
    """(axis, count) of a cell count stated for one direction ("80 cells across the channel
    height", "use 200 cells streamwise", "40 cells in y"); None when there is none or the
    direction is not said."""
    low = text.lower()
    for m in _AXIS_COUNT.finditer(low):
        near = m.group("rest") + " " + low[max(0, m.start() - 30):m.start()]
        axes = [axis for axis, words in _AXIS_WORDS if re.search(words, m.group("rest"))] or \
            [axis for axis, words in _AXIS_WORDS if re.search(words, near)]
        if len(axes) == 1 and int(m.group(1)) > 0:
            return axes[0], int(m.group(1))
    return None


def no_block_mesh(case: Path) -> str:
    """Why a case without system/blockMeshDict cannot have its cells changed here, and what to
    do: the mesh source it has (a gmsh .msh, snappyHexMeshDict, an imported polyMesh)."""
    if any(case.glob("*.msh")) or (case / ".casewright/geometry.json").is_file() and \
            '"gmsh"' in (case / ".casewright/geometry.json").read_text():
        return ("the mesh comes from gmsh (no system/blockMeshDict): make the case again with `casewright new` "
                "and the cell size or counts you want")
    if (case / "system/snappyHexMeshDict").is_file():
        return ("the case is meshed by snappyHexMesh: change the background blockMesh or the refinement levels "
                "in system/snappyHexMeshDict by hand")
    return "the case has no system/blockMeshDict: an imported mesh is refined by hand (refineMesh, or in its mesher)"


def describe_counts(counts: list[int]) -> str:
    """'80 x 80 cells' for stated counts, '80 cells in y' for one axis ([0, 80, 0])."""
    if sum(1 for c in counts if c) == 1 and len(counts) > 1:
        axis = next(i for i, c in enumerate(counts) if c)
        return f"{counts[axis]} cells in {'xyz'[axis]}"
    return f"{' x '.join(map(str, counts))} cells"
