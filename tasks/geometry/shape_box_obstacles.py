"""A 3D duct with box obstacles as multi-block blockMesh: the duct cut by every obstacle face into a rectilinear
grid of blocks, the blocks inside an obstacle left out (no cells inside), each obstacle's faces its own wall
patch (`obstacle`, or `obstacle1`, `obstacle2`, ... for several), the duct's other walls `walls`, `inlet` at
x = 0 and `outlet` at x = length. Pure functions; metres."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from tasks.geometry.blocks import BlockMeshModel, GridVertices
from tasks.geometry.models import Role, Sizing
from tasks.geometry.shape_obstacle_blocks import grid_lines, span_cells
from tasks.geometry.spec_box_obstacles import DuctObstacleDims

# a hex block's faces, outward, as local vertex numbers (0-3 at the low z, 4-7 at the high z, counter-clockwise)
_FACES = {("x", -1): (0, 4, 7, 3), ("x", 1): (1, 2, 6, 5), ("y", -1): (0, 1, 5, 4), ("y", 1): (3, 7, 6, 2),
          ("z", -1): (0, 3, 2, 1), ("z", 1): (4, 5, 6, 7)}


@dataclass
class BoxObstacleMesh:
    model: BlockMeshModel
    roles: dict[str, Role]
    reference_length: float
    notes: list[str] = field(default_factory=list)


def obstacle_names(d: DuctObstacleDims) -> list[str]:
    """Each obstacle's patch name: its own, else `obstacle` (one) or `obstacle1`, `obstacle2`, ... (several)."""
    return [b.name or (f"obstacle{k + 1}" if len(d.blocks) > 1 else "obstacle") for k, b in enumerate(d.blocks)]


# a 3D mesh sized from a small obstacle is held near this many cells unless the request set the cells or their size
MAX_DEFAULT_CELLS = 200_000


def smallest_box_feature(d: DuctObstacleDims) -> tuple[float, str]:
    """The smallest size of an obstacle or of the duct (sizes the default mesh)."""
    sizes = [s for b in d.blocks for s in b.sizes()]
    return min(sizes + [d.height, d.depth]), "smallest obstacle size"


def capped_sizing(d: DuctObstacleDims, sz: Sizing) -> tuple[Sizing, list[str]]:
    """`sz` with its cell size raised so the duct holds about MAX_DEFAULT_CELLS cells when it would hold more (for
    a default sizing only), and the sentence saying so."""
    volume = d.length * d.height * d.depth
    if sz.cells or volume / sz.h ** 3 <= MAX_DEFAULT_CELLS:
        return sz, []
    h = (volume / MAX_DEFAULT_CELLS) ** (1 / 3)
    return sz.model_copy(update={"h": h}), [
        f"Cell size raised from {sz.h:.4g} m to {h:.4g} m to keep the 3D mesh near {MAX_DEFAULT_CELLS} cells (every "
        f"span between obstacle faces keeps two cells at least); give a cell size or cell counts for a finer mesh."]


def box_obstacle_mesh(d: DuctObstacleDims, sz: Sizing, sized_by_request: bool = False) -> BoxObstacleMesh:
    """The duct minus its obstacles as blockMesh blocks, patches and roles (a default sizing capped, capped_sizing)."""
    sz, capped = (sz, []) if sized_by_request else capped_sizing(d, sz)
    names = obstacle_names(d)
    grid = [grid_lines([0.0, top] + [v for b in d.blocks for v in b.extent(axis)])
            for axis, top in (("x", d.length), ("y", d.height), ("z", d.depth))]
    cells = [span_cells([b - a for a, b in zip(g, g[1:])], sz, n) for n, g in enumerate(grid)]
    shape = [len(g) - 1 for g in grid]

    def owner(i: int, j: int, k: int) -> str | None:
        """The obstacle that cell (i, j, k) of the grid lies in, or None (fluid)."""
        c = [(grid[n][m] + grid[n][m + 1]) / 2 for n, m in enumerate((i, j, k))]
        for name, b in zip(names, d.blocks):
            if all(lo < c[n] < hi for n, (lo, hi) in enumerate(b.extent(a) for a in "xyz")):
                return name
        return None

    vertices = GridVertices(grid)

    blocks, patches = [], {}
    for i, j, k in product(*(range(n) for n in shape)):
        if owner(i, j, k) is not None:
            continue
        corner = vertices.hex(i, j, k)
        blocks.append({"vertices": corner, "cells": [cells[0][i], cells[1][j], cells[2][k]], "grading": [1.0, 1.0, 1.0]})
        for (axis, side), local in _FACES.items():
            n = "xyz".index(axis)
            nb = [i, j, k]
            nb[n] += side
            if 0 <= nb[n] < shape[n]:
                name = owner(*nb)
                if name is None:
                    continue  # a face shared with a fluid block
            else:
                name = "inlet" if (axis, side) == ("x", -1) else "outlet" if (axis, side) == ("x", 1) else "walls"
            patches.setdefault(name, []).append([corner[v] for v in local])
    order = ["inlet", "outlet", "walls"] + names
    patches = {n: patches[n] for n in order if n in patches}
    types = {n: "patch" if n in ("inlet", "outlet") else "wall" for n in patches}
    roles: dict[str, Role] = {n: "inlet" if n == "inlet" else "outlet" if n == "outlet" else "wall" if n == "walls"
                              else "body" for n in patches}
    said = "; ".join(f"{n} x {b.x0:g}..{b.x1:g}, y {b.y0:g}..{b.y1:g}, z {b.z0:g}..{b.z1:g}" for n, b in zip(names, d.blocks))
    notes = [f"3D duct {d.length:g} m long (x), {d.height:g} m high (y, floor at y = 0) and {d.depth:g} m deep (z), "
             f"meshed with blockMesh as {len(blocks)} blocks with the obstacles left out (no cells inside; each "
             f"obstacle's faces are its own wall patch): {said}. Inlet at x = 0, outlet at x = {d.length:g} m, the "
             f"duct's four side walls one patch 'walls'.", *capped]
    model = BlockMeshModel(vertices.points, blocks, [], patches, types)
    return BoxObstacleMesh(model, roles, min(s for b in d.blocks for s in b.sizes()), notes)
