"""A ceiling on the cells of a mesh the tool writes: a cell size read in the wrong unit (lengths
taken as metres, the cell size as millimetres) or a count typed with extra zeros makes a mesh of
billions of cells, which blockMesh cannot even count (its 32-bit labels overflow past 2 147 483 647:
"bad size -294727294") and no workstation could run. Such a mesh is refused where it is made, with
its counts and what to change, before any file reaches blockMesh or Gmsh."""

from __future__ import annotations

from pathlib import Path

from tasks.core.errors import RequestError
from tasks.foam import block_vars
from tasks.foam import geometry as foam_geometry
from tasks.foam.files import read_text

# 50 million cells: well above any case this tool plans and runs on one machine (tutorials hold at
# most a few million), far below blockMesh's 32-bit overflow (2.1e9); above it a request has almost
# surely mixed units, and the mesh is refused rather than written.
MAX_CELLS = 50_000_000


def too_many_cells(counts: list[tuple[int, int, int]], where: str, hint: str = "") -> str | None:
    """Why a mesh of these per-block counts cannot be written (its total, its largest block and what
    to change), or None when it is within MAX_CELLS."""
    total = sum(a * b * c for a, b, c in counts)
    if total <= MAX_CELLS:
        return None
    largest = max(counts, key=lambda c: c[0] * c[1] * c[2])
    more = f" over {len(counts)} blocks" if len(counts) > 1 else ""
    return (f"{where} would hold {total:,} cells{more} (largest block {largest[0]} x {largest[1]} x {largest[2]}), "
            f"over the {MAX_CELLS:,}-cell limit{hint}: check the units of the lengths and of the cell size "
            "(millimetres read as metres?), or state a coarser cell size or fewer cells")


def check_cells(counts: list[tuple[int, int, int]], where: str, hint: str = "") -> None:
    """Raise a RequestError saying why when the mesh of `counts` is over MAX_CELLS."""
    problem = too_many_cells(counts, where, hint)
    if problem is not None:
        raise RequestError(problem)


def check_block_mesh_dicts(case_dir: Path) -> None:
    """Every blockMeshDict of a written case (system/, a region's, a named variant) within MAX_CELLS,
    its counts read as blockMesh reads them ($nx, #calc numbers resolved where they can be)."""
    system = Path(case_dir) / "system"
    if not system.is_dir():
        return
    for path in sorted(system.rglob("blockMeshDict*")):
        if not path.is_file() or path.suffix in (".m4", ".orig"):
            continue
        counts = foam_geometry.block_cells(block_vars.plain_text(read_text(path)))
        if counts:
            check_cells(counts, str(path.relative_to(case_dir)))
