"""A circular cylinder in a free stream with a round far field (an O-domain), meshed as a structured O-grid in
blockMesh: four blocks between the cylinder and the far field, each a quarter turn, with arc edges on both
circles. The cells around are split over the four blocks (unevenly when they must: a block's count around is its
own, so a stated count is kept exactly); the radial cells are graded from the wall (from a first-cell size, a
cell-to-cell growth ratio or a total ratio). The far field's upstream half (x below the centre) is the inlet, its
downstream half the outlet, as the library's NACA O-domain splits it for a free stream along +x. 2D: one cell
thick, front and back empty; 3D: swept over the span along z between two symmetry planes. Pure functions."""

from __future__ import annotations

import math

from tasks.geometry.blocks import Quad, Section, UV, extruded, planar, sweep
from tasks.geometry.models import CELLS_ACROSS
from tasks.geometry.spec import GeometrySpec
from tasks.geometry.structured import Structured
from tasks.geometry.text_ogrid import DEFAULT_RADIUS_D, DEFAULT_SPAN_D

BLOCKS = 4  # quarter turns: the inlet/outlet split at the top and bottom falls on block edges
DEFAULT_GROWTH = 1.1  # radial cell-to-cell ratio when the request gives no radial count
MAX_GROWTH = 1.5  # a stated radial ratio up to this is cell to cell, above it the outer cell over the wall cell


def is_ogrid(spec: GeometrySpec) -> bool:
    """The spec is a cylinder in a round far field (built here, not by Gmsh)."""
    return spec.shape == "cylinder_crossflow" and spec.dims.domain == "O"


def around_cells(stated: int | None, diameter: float, cell_size: float | None, resolution: str | None) -> tuple[int, str]:
    """Cells around the cylinder: the stated count, else the wall's circumference over the cell size or the
    resolution's cells across the diameter (a multiple of the four blocks); and the sentence saying how."""
    if stated is not None:
        return max(BLOCKS, stated), f"{max(BLOCKS, stated)} cells around the cylinder as requested" + (
            f" (at least one per block)." if stated < BLOCKS else ".")
    h = cell_size or diameter / CELLS_ACROSS[resolution or "medium"]
    n = BLOCKS * max(2, math.ceil(math.pi * diameter / h / BLOCKS))
    how = f"cell size {cell_size:g} m" if cell_size else f"the {resolution or 'default medium'} resolution"
    return n, f"{n} cells around the cylinder from {how}."


def per_block(around: int) -> list[int]:
    """The cells around split over the quarter-turn blocks (counter-clockwise from +x): evenly, the cells left over
    given first to the two upstream blocks (mirror images about the x axis), then to the downstream ones."""
    counts = [around // BLOCKS] * BLOCKS
    for k in (1, 2, 0, 3)[:around % BLOCKS]:
        counts[k] += 1
    return counts


def growth_for(first: float, gap: float, n: int) -> float:
    """The cell-to-cell ratio that fills `gap` with `n` cells starting from one of size `first` (bisection on
    first * (g**n - 1) / (g - 1) = gap)."""
    if n < 2 or abs(first * n - gap) <= 1e-12 * gap:
        return 1.0

    def filled(g: float) -> float:
        return first * n if abs(g - 1.0) < 1e-12 else first * (g ** n - 1) / (g - 1)

    lo, hi = 1e-3, 1.0
    if filled(1.0) < gap:
        lo, hi = 1.0, 2.0
        while filled(hi) < gap:
            hi *= 2
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if filled(mid) < gap else (lo, mid)
    return (lo + hi) / 2


def cells_for(first: float, gap: float, growth: float) -> int:
    """How many cells growing by `growth` from one of size `first` reach across `gap`."""
    if growth <= 1.0:
        return max(2, math.ceil(gap / first))
    return max(2, math.ceil(math.log(1 + gap * (growth - 1) / first) / math.log(growth)))


def radial_cells(spec: GeometrySpec, stated: int | None, around: int) -> tuple[int, float, str]:
    """Radial cells, their total grading (outer cell over wall cell) and the sentence saying how: from the first-cell
    size, the growth ratio, a stated total ratio ("graded toward the wall, ratio 20"), else wall cells about as long
    as they are wide."""
    d = spec.dims
    radius = d.far_field_radius or DEFAULT_RADIUS_D * d.diameter
    gap = radius - d.diameter / 2
    said_ratio = "wall_grading" in spec.mesh.model_fields_set
    growth = d.growth_ratio or (spec.mesh.wall_grading if said_ratio and spec.mesh.wall_grading <= MAX_GROWTH else None)
    if d.first_cell is not None:
        n = stated or cells_for(d.first_cell, gap, growth or DEFAULT_GROWTH)
        g = growth_for(d.first_cell, gap, n)
        extra = f"; the growth ratio {growth:g} follows from them and is not used" if growth and stated else ""
        extra += "; the cells shrink outward: the first cell is larger than the gap over the count" if g < 1 else ""
        return n, g ** (n - 1), (f"{n} radial cells from a first cell of {d.first_cell:g} m at the wall, growing "
                                 f"{g:.4g} times cell to cell{extra}.")
    if growth is not None:  # a ratio of 1.5 or less is a cell-to-cell one: over tens of cells a total would be no grading
        first = math.pi * d.diameter / around
        n = stated or cells_for(first, gap, growth)
        return n, growth ** (n - 1), f"{n} radial cells growing {growth:g} times cell to cell from the wall."
    first = math.pi * d.diameter / around  # wall cells as long radially as they are wide around
    if said_ratio:
        n = stated or cells_for(first, gap, DEFAULT_GROWTH)
        ratio = spec.mesh.wall_grading
        return n, ratio, f"{n} radial cells graded toward the wall, the outer cell {ratio:g} times the wall cell."
    n = stated or cells_for(first, gap, DEFAULT_GROWTH)
    g = growth_for(first, gap, n)
    return n, g ** (n - 1), (f"{n} radial cells graded from the wall (first cell {first:.3g} m, about as wide as the "
                             f"cells around; {g:.4g} times cell to cell).")


def ogrid_section(radius_in: float, radius_out: float, centre: UV, around: list[int], radial: int, grading: float) -> Section:
    """The O-grid's four quarter-turn blocks between the two circles about `centre` (`around`: each block's cells
    around), arcs on both."""
    cx, cy = centre
    angles = [math.radians(90 * k) for k in range(BLOCKS)]
    points = [(cx + r * math.cos(a), cy + r * math.sin(a)) for r in (radius_in, radius_out) for a in angles]
    quads, arcs = [], {}
    for k in range(BLOCKS):
        k1 = (k + 1) % BLOCKS
        quads.append(Quad((k, BLOCKS + k, BLOCKS + k1, k1), (radial, around[k]), (grading, 1.0)))
        mid = math.radians(45 + 90 * k)
        for ring, r in ((0, radius_in), (BLOCKS, radius_out)):
            arcs[frozenset((ring + k, ring + k1))] = (cx + r * math.cos(mid), cy + r * math.sin(mid))
    return Section(points, quads, arcs)


def build_ogrid(spec: GeometrySpec) -> Structured:
    """The O-grid about the cylinder: patches cylinder (wall), inlet and outlet (the far field's upstream and
    downstream halves), frontAndBack (empty, 2D) or front and back (symmetry planes, 3D)."""
    d, mesh = spec.dims, spec.mesh
    cells = list(mesh.cells or [])
    around, around_note = around_cells(cells[0] if cells else None, d.diameter, mesh.cell_size, mesh.resolution)
    radial, grading, radial_note = radial_cells(spec, cells[1] if len(cells) > 1 else None, around)
    radius = d.far_field_radius or DEFAULT_RADIUS_D * d.diameter
    centre = (d.center_x, d.center_y)
    split = per_block(around)
    section = ogrid_section(d.diameter / 2, radius, centre, split, radial, grading)
    r_mid = (d.diameter / 2 + radius) / 2

    def classify(a: UV, b: UV) -> str:
        if math.dist(a, centre) < r_mid:
            return "cylinder"
        return "inlet" if (a[0] + b[0]) / 2 < centre[0] else "outlet"

    notes = [f"{around_note[:-1]}, {' + '.join(map(str, split))} over the four quarter-turn blocks.", radial_note,
             f"O-domain: the far field a circle of radius {radius:g} m ({radius / d.diameter:g} D) about the cylinder's "
             f"centre ({centre[0]:g}, {centre[1]:g}) m"
             + ("" if d.far_field_radius else f" (radius not given: {DEFAULT_RADIUS_D:g} D)")
             + "; its upstream half (x below the centre) is the inlet, its downstream half the outlet (free stream "
             "along +x)."]
    if spec.two_d:
        thickness = d.span_length or math.pi * d.diameter / around  # a stated span: the depth forces are taken over
        model = sweep(section, planar(thickness), classify,
                      {"inlet": "patch", "outlet": "patch", "cylinder": "wall", "frontAndBack": "empty"})
        notes.append(f"2D: one cell {thickness:.4g} m thick, front and back empty.")
    else:
        span = d.span_length or DEFAULT_SPAN_D * d.diameter
        nz = cells[2] if len(cells) > 2 else max(1, math.ceil(span / (d.diameter / 5)))
        model = sweep(section, extruded(span, nz, 1.0, "front", "back"), classify,
                      {"inlet": "patch", "outlet": "patch", "cylinder": "wall", "front": "symmetryPlane",
                       "back": "symmetryPlane"})
        notes.append(f"3D: swept {span:g} m along z" + ("" if d.span_length else f" (span not given: {DEFAULT_SPAN_D:g} D)")
                     + f" in {nz} cells; the span ends (front, back) are symmetry planes.")
    roles = {"inlet": "inlet", "outlet": "outlet", "cylinder": "body", "frontAndBack": "empty", "front": "symmetry",
             "back": "symmetry"}
    return Structured(model, {n: roles[n] for n in model.patches}, d.diameter, assumptions=notes)  # type: ignore[misc]
