"""The mesh facts a generated (shape-library) case's setup reads: the smallest cell of its
blockMeshDict or Gmsh mesh (for the time step), and whether the buoyant solvers run correctly on
it (axis-aligned box blocks only; see RECONSTRUCT_SOLVERS).

Pure functions on file text (`smallest_cell_*`, `axis_aligned_blocks`) and two readers of a
scratch case (`smallest_cell`, `reconstruct_safe`).
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.geometry.models import MeshBuild, MeshCommand

NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_NUM = NUMBER


# --- the smallest cell ---------------------------------------------------------------------


def _graded_min(length: float, cells: int, grading: str) -> float:
    """The smallest cell of one block edge: `grading` is an expansion ratio or the multi-grading
    list `((lengthFraction cellFraction ratio) ...)`."""
    sections = [tuple(float(x) for x in m) for m in re.findall(rf"\(\s*({_NUM})\s+({_NUM})\s+({_NUM})\s*\)", grading)]
    if not sections:
        sections = [(1.0, 1.0, float(grading))]
    total_l = sum(s[0] for s in sections) or 1.0
    total_n = sum(s[1] for s in sections) or 1.0
    best = math.inf
    for lf, nf, ratio in sections:
        n = max(1, round(nf / total_n * cells))
        seg = lf / total_l * length
        if n == 1 or abs(ratio - 1.0) < 1e-9 or ratio <= 0:
            best = min(best, seg / n)
            continue
        k = ratio ** (1.0 / (n - 1))
        first = seg * (k - 1) / (k ** n - 1)
        best = min(best, first, first * k ** (n - 1))
    return best


def smallest_cell_block_mesh(text: str) -> float | None:
    """The smallest in-plane cell edge (m) of a blockMeshDict: every hex block, its graded
    cells along each direction that has more than one cell (the empty/wedge direction of a 2D
    mesh has one). None when the dictionary holds no block it can read."""
    text = fd.strip_comments(text)
    scale = float((fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1").split()[0])
    points = [tuple(float(x) for x in m) for m in
              re.findall(rf"\(\s*({_NUM})\s+({_NUM})\s+({_NUM})\s*\)", fd.get(text, ["vertices"]) or "")]
    best = math.inf
    block = re.compile(r"hex\s*\(([\d\s]+)\)\s*(?:\w+\s*)?\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)\s*(simpleGrading|edgeGrading)"
                       r"\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)")
    edges = ((0, 1), (3, 2), (7, 6), (4, 5)), ((0, 3), (1, 2), (5, 6), (4, 7)), ((0, 4), (1, 5), (2, 6), (3, 7))
    for m in block.finditer(fd.get(text, ["blocks"]) or ""):
        ids = [int(i) for i in m.group(1).split()]
        if len(ids) != 8 or max(ids) >= len(points):
            continue
        counts = [int(m.group(i)) for i in (2, 3, 4)]
        gradings = re.findall(r"\((?:[^()]|\([^()]*\))*\)|" + _NUM, m.group(6))
        for d in range(3):
            if counts[d] <= 1:
                continue
            g = gradings[d] if m.group(5) == "simpleGrading" and len(gradings) == 3 else \
                gradings[4 * d] if len(gradings) == 12 else "1"
            lengths = [math.dist(points[ids[a]], points[ids[b]]) * scale for a, b in edges[d]]
            length = min((x for x in lengths if x > 0), default=0.0)
            if length > 0:
                best = min(best, _graded_min(length, counts[d], g))
    return best if math.isfinite(best) else None


def smallest_cell_msh(text: str) -> float | None:
    """The shortest in-plane edge (m) of the triangles and quadrilaterals of a Gmsh v2 ASCII
    mesh (the front and back faces of a one-cell-thick 2D mesh)."""
    nodes_at = text.find("$Nodes")
    elements_at = text.find("$Elements")
    if nodes_at < 0 or elements_at < 0:
        return None
    node_lines = text[nodes_at:text.find("$EndNodes")].splitlines()[2:]
    nodes = {}
    for line in node_lines:
        parts = line.split()
        if len(parts) == 4:
            nodes[int(parts[0])] = (float(parts[1]), float(parts[2]), float(parts[3]))
    best = math.inf
    for line in text[elements_at:text.find("$EndElements")].splitlines()[2:]:
        parts = [int(x) for x in line.split()]
        if len(parts) < 3 or parts[1] not in (2, 3):
            continue
        ids = parts[3 + parts[2]:]
        pts = [nodes[i] for i in ids if i in nodes]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            if abs(a[2] - b[2]) < 1e-12:
                d = math.dist(a, b)
                if d > 0:
                    best = min(best, d)
    return best if math.isfinite(best) else None


def smallest_cell(case: Path) -> float | None:
    """The smallest cell size of a generated case's mesh (its blockMeshDict or mesh.msh)."""
    bmd, msh = Path(case) / "system/blockMeshDict", Path(case) / "mesh.msh"
    if msh.is_file():
        return smallest_cell_msh(msh.read_text())
    if bmd.is_file():
        return smallest_cell_block_mesh(bmd.read_text())
    return None


# --- meshes the buoyant solvers run on ----------------------------------------------------

# The installed OpenFOAM v1912 build (Debian 1912.200626-1+b1, also in the docker image) rebuilds
# a cell velocity from face fluxes (fvc::reconstruct) wrongly on alternate cells: the product
# inv(T) & sum(n phi) is formed in place, so a later component reads the x component already
# overwritten (measured on a 2D Gmsh mesh: U_y = inv(T)_yx U_x + inv(T)_yy R_y on every odd cell,
# T = sum of n n |Sf| over the cell's faces). The error vanishes only where T is diagonal, i.e.
# on cells that are boxes aligned with x, y and z. The buoyant solvers
# (buoyantBoussinesq*, buoyantPimple/SimpleFoam) correct U with fvc::reconstruct, so on any other
# mesh they blow up in their first steps (measured: the Gmsh mesh round a cylinder, the O-grid
# pipe, with g = 0 and uniform T too); pimpleFoam and simpleFoam correct U with fvc::grad(p).
RECONSTRUCT_SOLVERS = frozenset({"buoyantBoussinesqPimpleFoam", "buoyantBoussinesqSimpleFoam",
                                 "buoyantPimpleFoam", "buoyantSimpleFoam"})
_CURVED_EDGE = re.compile(r"\b(?:arc|spline|simpleSpline|polyLine|BSpline|project\w*)\b")
_ROTATING = re.compile(r"-(?:rotate|rollPitchYaw|yawPitchRoll|rotate-angle)\b")


def axis_aligned_blocks(text: str, tol: float = 1e-9) -> bool:
    """Every hex block of a blockMeshDict is a box with faces normal to x, y and z (its eight
    vertices take two values along each axis) and no edge is curved or projected, so every cell of
    the mesh is such a box. False when no block can be read (unsure counts as not aligned)."""
    text = fd.strip_comments(text)
    if _CURVED_EDGE.search(fd.get(text, ["edges"]) or "") or fd.find(text, ["geometry"]) is not None:
        return False
    points = [tuple(float(x) for x in m) for m in
              re.findall(rf"\(\s*({_NUM})\s+({_NUM})\s+({_NUM})\s*\)", fd.get(text, ["vertices"]) or "")]
    blocks = [[int(i) for i in m.split()] for m in re.findall(r"hex\s*\(([\d\s]+)\)", fd.get(text, ["blocks"]) or "")]
    if not points or not blocks:
        return False
    for ids in blocks:
        if len(ids) != 8 or max(ids) >= len(points):
            return False
        corners = [points[i] for i in ids]
        for axis in range(3):
            values = [c[axis] for c in corners]
            lo, hi = min(values), max(values)
            near = tol * max(hi - lo, 1.0)
            if any(abs(v - lo) > near and abs(v - hi) > near for v in values):
                return False  # a third level along this axis: a slanted or tapered block
    return True


def reconstruct_safe(case: Path, build: MeshBuild) -> bool:
    """Whether the buoyant solvers (RECONSTRUCT_SOLVERS) run correctly on the mesh a shape build
    makes: a blockMesh of axis-aligned box blocks with no wedge patch and no rotation after it.
    A Gmsh or snappyHexMesh mesh never is."""
    if build.generator != "blockMesh" or any(p.type == "wedge" for p in build.patches):
        return False
    if any(isinstance(s, MeshCommand) and s.command == "transformPoints" and any(_ROTATING.match(a) for a in s.args)
           for s in build.steps):
        return False
    bmd = Path(case) / "system/blockMeshDict"
    return bmd.is_file() and axis_aligned_blocks(bmd.read_text())
