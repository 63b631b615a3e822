"""The blocks of a 2D domain that is a union of axis-aligned rectangles: one block per fluid cell of the grid of
every x and y breakpoint of the parts, so neighbouring blocks share whole faces and the mesh is conformal. Cells
are square at the stated size (each grid interval gets length / size cells, rounded up) and ungraded. The
inlet and outlet are the boundary edges on the side the request names; every other boundary edge is a wall.
Pure; lengths in metres."""

from __future__ import annotations

from tasks.geometry.blocks import UV, grid_section
from tasks.geometry.models import Sizing
from tasks.geometry.shape_blocks import Layout
from tasks.geometry.shape_rectilinear_dims import RectilinearDims, fluid_cells, opening, opening_cuts

_TOL = 1e-9


def _on_opening(a: UV, b: UV, side: str, line: float, span: tuple[float, float] | None) -> bool:
    """Whether boundary edge ab lies on the opening's line (and within its span along the line)."""
    axis = 0 if side in ("left", "right") else 1
    if abs(a[axis] - line) > _TOL * max(1.0, abs(line)) or abs(b[axis] - line) > _TOL * max(1.0, abs(line)):
        return False
    if span is None:
        return True
    other = 1 - axis
    lo, hi = sorted((a[other], b[other]))
    return lo >= span[0] - _TOL and hi <= span[1] + _TOL


def rectilinear_layout(d: RectilinearDims, sz: Sizing) -> Layout:
    """The union of the parts on its breakpoint grid; the inlet and outlet where `d` puts them, the rest walls."""
    parts = list(d.parts)
    xs, ys, cells = fluid_cells(parts, opening_cuts(d), list(d.solids))
    nx = sz.along([b - a for a, b in zip(xs, xs[1:])], 0)
    ny = sz.along([b - a for a, b in zip(ys, ys[1:])], 1)
    section = grid_section(xs, ys, lambda i, j: (i, j) in cells, nx, ny, [1.0] * len(nx), [1.0] * len(ny))
    inlet, outlet = opening(d, "inlet"), opening(d, "outlet")

    def classify(a: UV, b: UV) -> str:
        if _on_opening(a, b, *inlet):
            return "inlet"
        if _on_opening(a, b, *outlet):
            return "outlet"
        return "walls"

    side, line, span = inlet
    if span is None:  # the inlet's extent across the flow: the reference length
        axis = 0 if side in ("left", "right") else 2
        at = [p for p in parts if abs(p[axis if side in ("left", "bottom") else axis + 1] - line) < _TOL * max(1.0, abs(line))]
        span = (min(p[2 - axis] for p in at), max(p[3 - axis] for p in at))
    described = "; ".join(f"x {x0:g}..{x1:g}, y {y0:g}..{y1:g}" for x0, x1, y0, y1 in parts)

    def where(role: str, at: tuple) -> str:  # "the left x = 0 m" (the whole side) or "... for y 0.8..1 m" (part of it)
        tangent = "y" if at[0] in ("left", "right") else "x"
        stretch = f" for {tangent} {at[2][0]:g}..{at[2][1]:g} m" if getattr(d, f"{role}_span") is not None else ""
        return f"the {at[0]} {'x' if tangent == 'y' else 'y'} = {at[1]:g} m{stretch}"

    notes = [f"2D domain built as the union of {len(parts)} rectangle(s) ({described} m) on a grid of "
             f"{len(xs) - 1} x {len(ys) - 1} blocks of which {len(cells)} are fluid; inlet on {where('inlet', inlet)}, "
             f"outlet on {where('outlet', outlet)}, every other edge the patch 'walls'."]
    if d.solids:
        notes.append(f"{len(d.solids)} solid bod{'y' if len(d.solids) == 1 else 'ies'} left out of the mesh (their faces "
                     f"walls): " + "; ".join(f"x {x0:g}..{x1:g}, y {y0:g}..{y1:g} m" for x0, x1, y0, y1 in d.solids) + ".")
    types = {"inlet": "patch", "outlet": "patch", "walls": "wall"}
    return Layout(section, classify, types, {"inlet": "inlet", "outlet": "outlet"}, span[1] - span[0], notes)
