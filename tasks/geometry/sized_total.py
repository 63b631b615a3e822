"""A parametric shape's mesh sized to the total cell count a request states ("about 12 000 cells", "a
50k-cell mesh", "no more than 20 000 cells"): the cell size searched until the shape's own mesh holds
that many cells, within 10 % for "about N" and never above N for a maximum. A total beside stated counts
or a stated cell size is left to them. Block meshes are counted without writing them; a Gmsh mesh is
sized from the domain's area instead (its count is reported once it is built). Cells said across a
feature ("10 cells over the step height") size the cells the same way (tasks.geometry.text_feature_cells)."""

from __future__ import annotations

import logging

from tasks.core.errors import CasewrightError
from tasks.geometry.spec import GeometrySpec
from tasks.geometry.text_feature_cells import feature_cells

log = logging.getLogger(__name__)

TOLERANCE = 0.1  # "about N": within 10 %


def counted_cells(spec: GeometrySpec) -> int | None:
    """The cells the shape library's block mesh of `spec` holds; None for a shape Gmsh meshes (counted only
    by meshing it, which planning does once) or one the block builders refuse."""
    from tasks.geometry.shape_ogrid import build_ogrid, is_ogrid
    from tasks.geometry.structured import build_structured

    if meshed_by_gmsh(spec):
        return None
    try:
        return (build_ogrid(spec) if is_ogrid(spec) else build_structured(spec)).model.n_cells
    except (CasewrightError, ValueError, RuntimeError) as err:
        log.info("cells of %s not counted: %s", spec.shape, err)
        return None


def meshed_by_gmsh(spec: GeometrySpec) -> bool:
    """The shape library meshes `spec` with Gmsh (tasks.geometry.build.build_mesh's choice)."""
    from tasks.geometry.build import GMSH_SHAPES
    from tasks.geometry.shape_obstacle_blocks import block_obstacles
    from tasks.geometry.shape_ogrid import is_ogrid

    return (spec.shape in GMSH_SHAPES and not block_obstacles(spec) and not is_ogrid(spec)) or spec.outline is not None


def _with_size(spec: GeometrySpec, h: float) -> GeometrySpec:
    mesh = spec.mesh.model_copy(update={"cell_size": h, "resolution": None, "cells": None})
    return spec.model_copy(update={"mesh": mesh})


def meets(n: int, target: int, at_most: bool) -> bool:
    """`n` cells meet the request: at most `target` (and not under half of it), or within 10 % of it."""
    return target * 0.5 <= n <= target if at_most else abs(n - target) <= TOLERANCE * target


def start_size(spec: GeometrySpec, target: int) -> float | None:
    """A first cell size to try: the block mesh's default (20 cells across its smallest feature), else the
    size that would tile the domain's extents with `target` cells; None when neither is known."""
    from tasks.geometry.structured import smallest_feature

    try:
        return smallest_feature(spec)[0] / 20
    except ValueError:
        pass
    extents = [getattr(spec.dims, name, None) for name in ("length", "height")]
    if not all(isinstance(e, (int, float)) and e > 0 for e in extents):
        return None
    return (extents[0] * extents[1] / target) ** 0.5


def fit_total(spec: GeometrySpec, target: int, at_most: bool, steps: int = 16) -> tuple[GeometrySpec, int] | None:
    """`spec` with the cell size whose mesh meets `target` cells (see `meets`), and its count; None when the
    shape's cells cannot be counted or no size found in `steps` tries meets it. Each try scales the size by
    the last count's ratio to the target, to the power 1/(resolved directions), kept inside the sizes already
    found too fine and too coarse (halving that bracket where the counts jump over the target)."""
    h = start_size(spec, target)
    if h is None:
        return None
    dims = 2 if spec.two_d else 3
    aim = target * (0.95 if at_most else 1.0)  # a maximum: aim a little below it, so rounding up stays under
    fine, coarse = 0.0, float("inf")  # the largest size found too fine (too many cells), the smallest too coarse
    for _ in range(steps):
        trial = _with_size(spec, h)
        n = counted_cells(trial)
        if not n:
            return None
        if meets(n, target, at_most):
            return trial, n
        if at_most and n > target:
            aim *= 0.97
        if n > aim:
            fine = max(fine, h)
        else:
            coarse = min(coarse, h)
        h *= (n / aim) ** (1.0 / dims)
        if fine and coarse < float("inf") and not fine < h < coarse:
            h = (fine * coarse) ** 0.5  # the counts jump (blocks' cells are whole numbers): halve the bracket instead
    return None


Total = tuple[int, bool, str]  # (cells, whether a maximum, the words): tasks.plan.controls_refine.total_limit


def sized_to_total(spec: GeometrySpec | None, text: str, total: Total | None = None) -> GeometrySpec | None:
    """`spec` with its cells sized to the cells the request states across a feature ("10 cells over the
    step height": tasks.geometry.text_feature_cells) or in total, a note saying the size and count chosen
    (or why the total could not be met); `spec` as it is when neither is stated, or counts or a cell size
    are. The total comes read by the planner (its words are normalised there, a layer above)."""
    if spec is None or spec.mesh.cells is not None or spec.mesh.cell_size is not None:
        return spec
    across = feature_cells(text, spec.dims.model_dump())
    if across is not None:
        n, length, words = across
        note = f"{words}: cell size {length / n:.4g} m ({n} cells over {length:g} m), used throughout the mesh"
        return _with_size(spec, length / n).model_copy(update={"notes": [*spec.notes, note]})
    if total is None:
        return spec
    target, at_most, words = total
    if meshed_by_gmsh(spec) and spec.two_d and (h := start_size(spec, int(target * (0.85 if at_most else 1.0)))):
        note = f"{words}: cell size {h:.4g} m, {'at most' if at_most else 'about'} {target} cells estimated from the " \
               "domain's area (the Gmsh mesh's own count is reported once built)"
        return _with_size(spec, h).model_copy(update={"notes": [*spec.notes, note]})
    fitted = fit_total(spec, target, at_most)
    if fitted is None:
        note = f"{words}: not met, no cell size found that gives this {spec.shape.replace('_', ' ')} mesh that " \
               "many cells; its cells are sized by default"
        return spec.model_copy(update={"notes": [*spec.notes, note]})
    sized, n = fitted
    bound = "at most" if at_most else "about"
    note = f"{words}: cell size {sized.mesh.cell_size:.4g} m gives {n} cells ({bound} {target} asked)"
    return sized.model_copy(update={"notes": [*sized.notes, note]})


def total_met(text: str, value: float, n_cells: int, spec: GeometrySpec, total: Total | None = None) -> str | None:
    """How the built mesh meets the count the request states when `value` is that count: the cells across
    a feature that sized it, or the total its `n_cells` meets (the binding's words); None when `value` is
    neither or the count misses the total (then the binder says why)."""
    across = feature_cells(text, spec.dims.model_dump())
    if across is not None and across[0] == value and spec.mesh.cell_size is not None and \
            abs(spec.mesh.cell_size - across[1] / across[0]) <= 1e-9 * across[1]:
        return f"the shape library sized its cells {spec.mesh.cell_size:.4g} m: {across[2]}"
    if total is None or abs(total[0] - value) >= 0.5 or not meets(n_cells, total[0], total[1]):
        return None
    return f"the shape library sized its cells for {n_cells} cells ({'at most' if total[1] else 'about'} {total[0]} asked)"
