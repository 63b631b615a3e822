"""A 3D duct that is a union of axis-aligned boxes (square or rectangular sections one after another whose
cross-section changes: a small duct opening into a larger one, coaxial or flush with a wall), as multi-block
blockMesh: one block per fluid cell of the grid of every x, y and z breakpoint of the boxes, so neighbouring
blocks share whole faces and the mesh is conformal. Faces at the union's lowest x are the `inlet`, at its highest
x the `outlet`, every other boundary face the patch `walls` (no empty patches: a full 3D mesh). Pure functions;
metres."""

from __future__ import annotations

from tasks.geometry.blocks import BlockMeshModel, GridVertices
from tasks.geometry.models import Role, Sizing
from tasks.geometry.shape_obstacle_blocks import span_cells
from tasks.geometry.shape_rectilinear_dims import RectilinearDims, box_cells, boxes

# a hex block's faces, outward, as local vertex numbers (0-3 at the low z, 4-7 at the high z, counter-clockwise)
_FACES = {(0, -1): (0, 4, 7, 3), (0, 1): (1, 2, 6, 5), (1, -1): (0, 1, 5, 4), (1, 1): (3, 7, 6, 2),
          (2, -1): (0, 3, 2, 1), (2, 1): (4, 5, 6, 7)}
MAX_DEFAULT_CELLS = 200_000  # a default-sized 3D duct is held near this many cells


def _capped(d: RectilinearDims, sz: Sizing, sized_by_request: bool) -> tuple[Sizing, list[str]]:
    """`sz` with its cell size raised so the union holds about MAX_DEFAULT_CELLS cells (a default sizing only)."""
    volume = sum((b[1] - b[0]) * (b[3] - b[2]) * (b[5] - b[4]) for b in boxes(d))
    if sized_by_request or sz.cells or volume / sz.h ** 3 <= MAX_DEFAULT_CELLS:
        return sz, []
    h = (volume / MAX_DEFAULT_CELLS) ** (1 / 3)
    return sz.model_copy(update={"h": h}), [
        f"Cell size raised from {sz.h:.4g} m to {h:.4g} m to keep the 3D mesh near {MAX_DEFAULT_CELLS} cells (every "
        f"span between section faces keeps two cells at least); give a cell size or cell counts for a finer mesh."]


def rectilinear_3d_mesh(d: RectilinearDims, sz: Sizing, sized_by_request: bool = False
                        ) -> tuple[BlockMeshModel, dict[str, Role], float, list[str]]:
    """The union of boxes as blockMesh blocks and patches, the patches' roles, the reference length (the inlet's
    smallest side) and the sentences saying how it was built."""
    sz, capped = _capped(d, sz, sized_by_request)
    bs = boxes(d)
    grid, fluid = box_cells(bs)
    cells = [span_cells([b - a for a, b in zip(g, g[1:])], sz, n) for n, g in enumerate(grid)]
    shape = [len(g) - 1 for g in grid]
    vertices = GridVertices(grid)

    blocks, patches = [], {}
    for i, j, k in sorted(fluid, key=lambda c: (c[2], c[1], c[0])):
        corner = vertices.hex(i, j, k)
        blocks.append({"vertices": corner, "cells": [cells[0][i], cells[1][j], cells[2][k]], "grading": [1.0, 1.0, 1.0]})
        for (axis, side), local in _FACES.items():
            nb = [i, j, k]
            nb[axis] += side
            if tuple(nb) in fluid:
                continue  # a face shared with a fluid block
            name = "inlet" if (axis, side) == (0, -1) and i == 0 else \
                "outlet" if (axis, side) == (0, 1) and i == shape[0] - 1 else "walls"
            patches.setdefault(name, []).append([corner[v] for v in local])
    patches = {n: patches[n] for n in ("inlet", "outlet", "walls") if n in patches}
    types = {n: "patch" if n in ("inlet", "outlet") else "wall" for n in patches}
    roles: dict[str, Role] = {n: "wall" if n == "walls" else n for n in patches}  # type: ignore[misc]
    inlet = [b for b in bs if abs(b[0] - grid[0][0]) <= 1e-9 * max(1.0, abs(b[0]))]
    reference = min(min(b[3] - b[2], b[5] - b[4]) for b in inlet)
    said = "; ".join(f"x {b[0]:g}..{b[1]:g}, y {b[2]:g}..{b[3]:g}, z {b[4]:g}..{b[5]:g}" for b in bs)
    notes = [f"3D duct built as the union of {len(bs)} box(es) ({said} m), meshed with blockMesh as {len(blocks)} "
             f"blocks on their breakpoint grid; inlet at x = {grid[0][0]:g} m, outlet at x = {grid[0][-1]:g} m, every "
             f"other boundary face the wall patch 'walls'.", *capped]
    return BlockMeshModel(vertices.points, blocks, [], patches, types), roles, reference, notes
