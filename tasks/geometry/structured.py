"""The shapes meshed with parametric multi-block blockMesh: channels, boxes, steps, sudden
expansions/contractions, T-junctions, nozzles/diffusers, cavities, pipes (wedge and O-grid),
annuli, and the 2D ducts laid out in shape_blocks.py (bends, channels with a cavity, cross junctions).
Cells are graded toward walls; 2D meshes are one cell thick with `empty` faces."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

from tasks.geometry.blocks import (UV, BlockMeshModel, Quad, Section, along_x, extruded, grid_section, planar,
                                   sweep, toward, wedge)
from tasks.geometry.models import Role, Sizing, sizing_for
from tasks.geometry.shape_blocks import LAYOUTS, Layout
from tasks.geometry.shape_nozzle import nozzle_stations, wall_heights
from tasks.geometry.shape_box_obstacles import box_obstacle_mesh, smallest_box_feature
from tasks.geometry.shape_obstacle_blocks import obstacle_grid_layout
from tasks.geometry.shape_polydomain import polydomain_layout
from tasks.geometry.spec_polydomain import polydomain_extent, polydomain_smallest
from tasks.geometry.shape_rectilinear import rectilinear_layout
from tasks.geometry.shape_rectilinear_3d import rectilinear_3d_mesh
from tasks.geometry.shape_rectilinear_dims import breakpoints, smallest_part
from tasks.geometry.shape_3d import default_3d_size, span_notes, span_sweep
from tasks.geometry.shape_axisym import coarse_3d, full_model, smallest_gap, stepped_pipe_notes, wedge_model
from tasks.geometry.shape_junction import tee_mesh
from tasks.geometry.spec import EXTRUDED_3D, OPPOSITE, SECTION_SHAPES, GeometrySpec, MeshSpec, resolved_heights
from tasks.geometry.text_part_cells import narrow_rows

EPS = 1e-9


@dataclass
class Structured:
    model: BlockMeshModel
    roles: dict[str, Role]
    reference_length: float
    flow_direction: tuple[float, float, float] = (1.0, 0.0, 0.0)
    assumptions: list[str] = field(default_factory=list)


def smallest_feature(spec: GeometrySpec) -> tuple[float, str]:
    """The smallest length of a structured shape, and its name (sizes the default mesh)."""
    d, s = spec.dims, spec.shape
    if s == "channel_with_obstacles":
        return d.height, "channel height"  # each span between obstacle edges gets two cells at least
    if s == "duct_with_obstacles":
        return smallest_box_feature(d)
    if s in ("rectangle", "channel"):
        if spec.outline:
            xs, ys = zip(*spec.outline)
            return min(max(xs) - min(xs), max(ys) - min(ys)), "domain height"
        return min(d.height, d.length), "channel height"
    if s == "box":
        return min(d.length, d.height, d.width), "box side"
    if s in ("backward_step", "forward_step"):
        return min(d.step_height, d.height - d.step_height), "step height"
    if s in ("sudden_expansion", "sudden_contraction"):
        hi, ho = resolved_heights(spec)
        narrow = min(hi, ho) / 2 if d.axisymmetric else min(hi, ho)  # a round pipe's diameters: its radius
        return min(narrow, abs(ho - hi) / 2), "narrow pipe radius / step" if d.axisymmetric else "narrow channel height / step"
    if s in ("nozzle", "diffuser"):
        narrow = min(nozzle_stations(spec)[1])
        return (narrow / 2 if d.axisymmetric else narrow), "throat height"
    if s == "t_junction":
        return min(d.width, d.branch_width), "channel width"
    if s in ("lid_driven_cavity", "heated_cavity"):
        return min(d.width, d.height), "cavity side"
    if s == "pipe":
        return d.diameter, "pipe diameter"
    if s == "annulus":
        return d.outer_radius - d.inner_radius, "annular gap"
    if s == "bend":
        return d.width, "duct width"
    if s == "channel_with_cavity":
        return min(d.height, d.cavity_width, d.cavity_depth), "channel height / cavity size"
    if s == "cross_junction":
        return min(d.width, d.branch_width or d.width), "channel width"
    if s == "rectilinear":
        return smallest_part(d), "smallest part of the domain"
    if s == "polygon_domain":
        return polydomain_smallest(d), "shortest side of a block"
    if s == "stepped_pipe":
        return smallest_gap(d), "narrowest radial gap (bore radius or bore to wall)"
    raise ValueError(f"{s} is not a blockMesh shape")


def build_structured(spec: GeometrySpec) -> Structured:
    smallest, feature = smallest_feature(spec)
    mesh, notes = _section_counts(spec)
    unsized_3d = not spec.two_d and spec.shape in EXTRUDED_3D and mesh.cells is None and mesh.cell_size is None and \
        mesh.resolution is None
    if unsized_3d:  # its cells grow as the cube of those across: coarse, and at most about DEFAULT_3D_CELLS
        h, sized = default_3d_size(spec, smallest, feature, _x_extent(spec))
        sizing = Sizing(h=h, wall_grading=mesh.wall_grading)
    else:
        sizing, sized = sizing_for(mesh, smallest, feature, _x_extent(spec))
    notes = notes if spec.mesh.over_section else sized + notes  # the section's counts say it better
    out = _BUILDERS[spec.shape](spec, sizing)
    out.assumptions = notes + out.assumptions
    if any(spec.origin):
        _translate(out.model, spec.origin)
        out.assumptions.append(f"Placed as described: the shape's own coordinates moved by ({spec.origin[0]:g}, "
                               f"{spec.origin[1]:g}) m.")
    if spec.axis != "x":
        _lay_along(out, spec.axis)
    if not spec.two_d and spec.shape in EXTRUDED_3D:
        out.assumptions.extend(span_notes(spec))
    elif not spec.two_d and spec.shape not in ("pipe", "box", "duct_with_obstacles", "stepped_pipe", "rectilinear"):
        out.assumptions.append("3D: the section is extruded over the depth; front and back are walls.")
    return out


def _section_counts(spec: GeometrySpec) -> tuple[MeshSpec, list[str]]:
    """The mesh request with three counts for a 3D duct or box whose cross-section was given its
    counts (x sized like the section's cells when no count along it was given); the sentences
    saying so, or flagging two counts for a 3D shape that did not say they are the section's."""
    mesh, d = spec.mesh, spec.dims
    if spec.two_d or spec.shape not in SECTION_SHAPES or not mesh.cells or len(mesh.cells) != 2:
        if mesh.over_section and mesh.cells and len(mesh.cells) == 3:
            return mesh, [f"{mesh.cells[1]} x {mesh.cells[2]} cells over the cross-section (y by z), "
                          f"{mesh.cells[0]} along x, as requested."]
        return mesh, []
    first, second = mesh.cells
    if mesh.over_section:
        nx = max(1, round(_x_extent(spec) * first / d.height))
        return mesh.model_copy(update={"cells": [nx, first, second]}), [
            f"{first} x {second} cells over the cross-section (y by z) as requested; {nx} along x, for cells as "
            f"long as they are high ({d.height / first:.4g} m)."]
    return mesh, [f"Two cell counts for a 3D {spec.shape}: {first} along x and {second} along y as given; z is "
                  f"sized like x. Give three counts (x by y by z), or say 'N by M cells over the cross-section', "
                  f"to set all three."]


def _lay_along(out: Structured, axis: str) -> None:
    """Turn a shape built along x so that its x lies along `axis`: a cyclic exchange of the coordinates
    ((x, y, z) -> (y, z, x) for z), which keeps the blocks right-handed; the flow direction turns with it."""
    turn = {"y": (2, 0, 1), "z": (1, 2, 0)}[axis]  # new coordinate i is the old coordinate turn[i]

    def turned(p: tuple[float, float, float]) -> tuple[float, float, float]:
        return (p[turn[0]], p[turn[1]], p[turn[2]])

    model = out.model
    model.vertices = [turned(p) for p in model.vertices]
    model.arcs = [(a, b, turned(p)) for a, b, p in model.arcs]
    model.lines = [(a, b, [turned(p) for p in pts]) for a, b, pts in model.lines]
    out.flow_direction = turned(out.flow_direction)
    out.assumptions.append(f"Laid along {axis} as asked: the shape's own x (its axis) is the {axis} axis, its y and z "
                           f"the {'z and x' if axis == 'y' else 'x and y'} axes.")


def _translate(model: BlockMeshModel, by: tuple[float, float]) -> None:
    """Move every vertex and arc point of `model` by `by` in x and y."""
    dx, dy = by
    model.vertices = [(x + dx, y + dy, z) for x, y, z in model.vertices]
    model.arcs = [(a, b, (p[0] + dx, p[1] + dy, p[2])) for a, b, p in model.arcs]
    model.lines = [(a, b, [(p[0] + dx, p[1] + dy, p[2]) for p in pts]) for a, b, pts in model.lines]


def _x_extent(spec: GeometrySpec) -> float:
    """The length that `cells[0]` is spread over."""
    d, s = spec.dims, spec.shape
    if s in ("rectangle", "channel", "box", "t_junction", "pipe", "channel_with_obstacles", "duct_with_obstacles"):
        if spec.outline:
            xs = [p[0] for p in spec.outline]
            return max(xs) - min(xs)
        return d.length
    if s in ("backward_step", "forward_step", "sudden_expansion", "sudden_contraction"):
        return d.upstream_length + d.downstream_length
    if s in ("nozzle", "diffuser"):
        return nozzle_stations(spec)[0][-1]
    if s in ("lid_driven_cavity", "heated_cavity"):
        return d.width
    if s == "annulus":
        return math.pi * (d.inner_radius + d.outer_radius)  # the mean circumference
    if s == "bend":  # the centreline path (a sharp corner counted once)
        turn = math.radians(d.angle) * (d.inner_radius + d.width / 2) if d.inner_radius is not None else 0.0
        return d.inlet_length + turn + d.outlet_length
    if s == "channel_with_cavity":
        return d.length
    if s == "cross_junction":
        return 2 * d.arm_length + (d.branch_width or d.width)
    if s == "rectilinear":
        xs = breakpoints(list(d.parts))[0]
        return xs[-1] - xs[0]
    if s == "polygon_domain":
        return polydomain_extent(d)
    if s == "stepped_pipe":
        return sum(p.length for p in d.sections)
    raise ValueError(s)


# --- helpers ------------------------------------------------------------------------------


def _by_side(xs: list[float], ys: list[float], names: dict[str, str], inner: str = "walls") -> Callable[[UV, UV], str]:
    """Name a boundary edge by the domain side it lies on (left/right/bottom/top), else `inner`."""
    def classify(a: UV, b: UV) -> str:
        if abs(a[0] - xs[0]) < EPS and abs(b[0] - xs[0]) < EPS:
            return names.get("left", inner)
        if abs(a[0] - xs[-1]) < EPS and abs(b[0] - xs[-1]) < EPS:
            return names.get("right", inner)
        if abs(a[1] - ys[0]) < EPS and abs(b[1] - ys[0]) < EPS:
            return names.get("bottom", inner)
        if abs(a[1] - ys[-1]) < EPS and abs(b[1] - ys[-1]) < EPS:
            return names.get("top", inner)
        return inner
    return classify


def _sweep_2d_or_3d(spec: GeometrySpec, section: Section, classify, types: dict[str, str], sizing: Sizing,
                    depth: float, side: str = "walls"):
    if spec.two_d:
        how = planar(sizing.h)
        types = {**types, "frontAndBack": "empty"}
    else:
        nz = sizing.along([depth], 2)[0]
        how = extruded(depth, nz, toward("both", sizing.wall_grading, nz), side, side)
    return sweep(section, how, classify, types)


def _roles(model: BlockMeshModel, named: dict[str, Role]) -> dict[str, Role]:
    by_type = {"empty": "empty", "wedge": "wedge", "symmetryPlane": "symmetry", "wall": "wall"}
    return {n: named.get(n, by_type.get(t, "wall")) for n, t in model.patch_types.items()}  # type: ignore[misc]


IO = {"inlet": "patch", "outlet": "patch"}
# A heated cavity's walls are named by where they are, as OpenFOAM's room and cavity tutorials do
# (floor, ceiling): a user who says "heated from below" finds the floor, whichever side is hot.
WALL_BY_SIDE = {"bottom": "floor", "top": "ceiling", "left": "leftWall", "right": "rightWall"}


# --- shapes ---------------------------------------------------------------------------------


def _channel(spec: GeometrySpec, sz: Sizing) -> Structured:
    d = spec.dims
    notes = []
    if spec.outline:
        xs_, ys_ = zip(*spec.outline)
        x0, x1, y0, y1 = min(xs_), max(xs_), min(ys_), max(ys_)
    else:
        x0, x1, y0, y1 = 0.0, d.length, 0.0, d.height
    xs, ys = [x0, x1], [y0, y1]
    nx, ny = sz.along([x1 - x0], 0), sz.along([y1 - y0], 1)
    section = grid_section(xs, ys, lambda i, j: True, nx, ny, [1.0], [toward("both", sz.wall_grading, ny[0])])
    depth = d.width if spec.shape == "box" else (d.depth or d.height)
    if not spec.two_d and spec.shape != "box" and d.depth is None:
        notes.append(f"Depth not given: {depth:g} m (the height).")
    sides = {"left": "inlet", "right": "outlet", "top": "top", "bottom": "bottom"}
    model = _sweep_2d_or_3d(spec, section, _by_side(xs, ys, sides), {**IO, "top": "wall", "bottom": "wall"}, sz, depth)
    notes.append("Inlet at the low-x end, outlet at the high-x end; top and bottom are walls (separate patches, "
                 "so either can move or be heated).")
    return Structured(model, _roles(model, {"inlet": "inlet", "outlet": "outlet", "top": "top", "bottom": "bottom"}),
                      y1 - y0, assumptions=notes)


def _step(spec: GeometrySpec, sz: Sizing) -> Structured:
    d = spec.dims
    s, H = d.step_height, d.height
    xs, ys = [-d.upstream_length, 0.0, d.downstream_length], [0.0, s, H]
    backward = spec.shape == "backward_step"
    solid = (0, 0) if backward else (1, 0)
    nx, ny = sz.along([d.upstream_length, d.downstream_length], 0), sz.along([s, H - s], 1)
    g = sz.wall_grading
    gx = [toward("none" if backward else "high", g, nx[0]), toward("low" if backward else "none", g, nx[1])]
    gy = [toward("low", g, ny[0]), toward("both", g, ny[1])]
    section = grid_section(xs, ys, lambda i, j: (i, j) != solid, nx, ny, gx, gy)
    model = span_sweep(spec, section, _by_side(xs, ys, {"left": "inlet", "right": "outlet"}), IO, sz)
    where = "the step edge at x = 0, y = " + (f"{s:g}" if backward else "0 rising to " + f"{s:g}")
    return Structured(model, _roles(model, {"inlet": "inlet", "outlet": "outlet"}), s,
                      assumptions=[f"Origin at the foot of the step ({where}); the step height is the reference length."])


def _expansion(spec: GeometrySpec, sz: Sizing) -> Structured:
    d = spec.dims
    hi, ho = resolved_heights(spec)
    wide, narrow = max(hi, ho), min(hi, ho)
    xs = [-d.upstream_length, 0.0, d.downstream_length]
    round_ = d.axisymmetric
    ys = [0.0, narrow / 2, wide / 2] if round_ else [-wide / 2, -narrow / 2, narrow / 2, wide / 2]
    widening = spec.shape == "sudden_expansion"
    narrow_col = 0 if widening else 1
    sized = sz.along([d.upstream_length, d.downstream_length], 0)
    nx = [d.upstream_cells or sized[0], d.downstream_cells or sized[1]]  # each section's count when stated
    rows = [narrow / 2, (wide - narrow) / 2] if round_ else [(wide - narrow) / 2, narrow, (wide - narrow) / 2]
    ny = Sizing(h=sz.h, cells=[1, d.across_cells]).along(rows, 1) if d.across_cells else sz.along(rows, 1)
    if d.narrow_cells and d.across_cells:  # the narrow section's own count: its rows, the wide one's rest beside them
        ny = narrow_rows(d.narrow_cells, d.across_cells, round_)
    g = sz.wall_grading
    gx = [toward("none", g, nx[0]), toward("low", g, nx[1])] if widening else \
        [toward("high", g, nx[0]), toward("none", g, nx[1])]
    gy = [toward("none", g, ny[0]), toward("high", g, ny[1])] if round_ else \
        [toward("low", g, ny[0]), toward("both", g, ny[1]), toward("high", g, ny[2])]
    core = 0 if round_ else 1
    section = grid_section(xs, ys, lambda i, j: i != narrow_col or j == core, nx, ny, gx, gy)
    if round_:
        model = sweep(section, wedge(d.wedge_angle), _by_side(xs, [0.0, 1e9], {"left": "inlet", "right": "outlet"}),
                      {**IO, "walls": "wall", "front": "wedge", "back": "wedge"})
        notes = [f"Axisymmetric about the x axis (a {d.wedge_angle:g} degree wedge, one cell thick): inlet diameter {hi:g} m, "
                 f"outlet diameter {ho:g} m, the step at x = 0."]
    else:
        model = span_sweep(spec, section, _by_side(xs, ys, {"left": "inlet", "right": "outlet"}), IO, sz)
        notes = [f"Symmetric about y = 0: inlet height {hi:g} m, outlet height {ho:g} m, the change at x = 0."]
    if d.upstream_cells or d.downstream_cells or d.across_cells:
        notes.append(f"Cells as requested: {nx[0]} along the inlet section, {nx[1]} along the outlet section, "
                     f"{sum(ny)} across the wide section.")
    if d.inlet_height is None or d.outlet_height is None:
        notes.append("A height not given was set from the default expansion ratio 3.")
    return Structured(model, _roles(model, {"inlet": "inlet", "outlet": "outlet"}), narrow / 2 if round_ else narrow,
                      assumptions=notes)


def _t_junction(spec: GeometrySpec, sz: Sizing) -> Structured:
    model, named, notes = tee_mesh(spec, sz)
    return Structured(model, _roles(model, named), spec.dims.width, assumptions=notes)


def _nozzle(spec: GeometrySpec, sz: Sizing) -> Structured:
    d = spec.dims
    xs, heights = nozzle_stations(spec)
    half = [h / 2 for h in heights]
    nx = sz.along([b - a for a, b in zip(xs, xs[1:])], 0)
    across = half if d.axisymmetric else heights
    ny = [d.across_cells] if d.across_cells else sz.along([max(across)], 1) if sz.cells else \
        [max(2, math.ceil(min(across) / sz.h))]
    ends = "high" if d.axisymmetric else "both"
    lower, upper = wall_heights(spec, heights)  # symmetric about y = 0, or one wall straight
    section = grid_section(xs, [0.0, 1.0], lambda i, j: True, nx, ny, [1.0] * len(nx),
                           [toward(ends, sz.wall_grading, ny[0])],
                           position=(lambda i, j: (xs[i], half[i] * j)) if d.axisymmetric
                           else (lambda i, j: (xs[i], lower[i] + (upper[i] - lower[i]) * j)))
    names = {"left": "inlet", "right": "outlet"}
    if d.axisymmetric:
        model = sweep(section, wedge(d.wedge_angle), _by_side(xs, [0.0, 1e9], names),
                      {**IO, "walls": "wall", "front": "wedge", "back": "wedge"})
    else:
        model = span_sweep(spec, section, _by_side(xs, [-1e9, 1e9], names), IO, sz)
    sizes = " -> ".join(f"{h:g}" for h in heights)
    what = f"Axisymmetric about the x axis (a {d.wedge_angle:g} degree wedge, one cell thick), diameters" if d.axisymmetric \
        else f"The {d.flat_wall} wall straight, the other sloping; heights" if d.flat_wall \
        else "Symmetric about y = 0, heights"
    return Structured(model, _roles(model, {"inlet": "inlet", "outlet": "outlet"}), min(across), assumptions=[
        f"{what} {sizes} m at x = {', '.join(f'{x:g}' for x in xs)} m (straight walls between the stations); "
        f"the same number of cells across every section."])


def _cavity(spec: GeometrySpec, sz: Sizing) -> Structured:
    d = spec.dims
    xs, ys = [0.0, d.width], [0.0, d.height]
    nx, ny = sz.along([d.width], 0), sz.along([d.height], 1)
    g = sz.wall_grading
    section = grid_section(xs, ys, lambda i, j: True, nx, ny,
                           [toward("both", g, nx[0])], [toward("both", g, ny[0])])
    depth = d.depth or d.width
    if spec.shape == "lid_driven_cavity":
        moving = d.moving_walls or ["top"]
        # one lid: movingWall, as in the cavity tutorial; several moving walls: each its own patch, named by its side
        names = {"top": "movingWall"} if moving == ["top"] else {side: side for side in moving}
        roles = {names[side]: "moving_wall" for side in moving}
        model = _sweep_2d_or_3d(spec, section, _by_side(xs, ys, names, inner="fixedWalls"), {}, sz, depth,
                                side="fixedWalls")
        notes = ["The lid is the top wall (movingWall); the other walls are fixed."] if moving == ["top"] else [
            f"Moving walls, each its own patch: {', '.join(names[s] for s in moving)}; the other walls are fixed."]
    else:
        hot, cold = d.hot_wall, OPPOSITE[d.hot_wall]
        names = dict(WALL_BY_SIDE)
        roles = {names[hot]: "hot_wall", names[cold]: "cold_wall"}
        model = _sweep_2d_or_3d(spec, section, _by_side(xs, ys, names), {}, sz, depth, side="frontAndBack")
        adiabatic = [names[s] for s in WALL_BY_SIDE if s not in (hot, cold)] + ([] if spec.two_d else ["frontAndBack"])
        notes = [f"Walls named by position ({', '.join(WALL_BY_SIDE.values())}): hot wall at the {hot} "
                 f"({names[hot]}), cold wall at the {cold} ({names[cold]}); {' and '.join(adiabatic)} adiabatic "
                 f"(zero-gradient T); gravity along -y."]
    return Structured(model, _roles(model, roles), d.height if spec.shape == "heated_cavity" else d.width,
                      assumptions=notes)


def _pipe(spec: GeometrySpec, sz: Sizing) -> Structured:
    d = spec.dims
    R, L = d.diameter / 2, d.length
    g = sz.wall_grading
    if spec.two_d:
        nx = sz.along([L], 0)
        nr = sz.along([R], 1) if sz.cells else [max(2, math.ceil(R / sz.h))]
        section = grid_section([0.0, L], [0.0, R], lambda i, j: True, nx, nr, [1.0], [toward("high", g, nr[0])])
        model = sweep(section, wedge(d.wedge_angle), _by_side([0.0, L], [0.0, R], {
            "left": "inlet", "right": "outlet", "top": "wall"}), {**IO, "wall": "wall", "front": "wedge", "back": "wedge"})
        return Structured(model, _roles(model, {"inlet": "inlet", "outlet": "outlet"}), d.diameter, assumptions=[
            f"Axisymmetric: a {d.wedge_angle:g} degree wedge about the x axis (the pipe axis), one cell thick.",
            "Inlet at x = 0, outlet at x = length."])
    # 3D O-grid: a square core and four blocks out to the wall, swept along x
    n_side = sz.cells[1] // 2 if sz.cells and len(sz.cells) > 1 else max(2, math.ceil(math.pi * R / 2 / sz.h / 1.5))
    rc = 0.5 * R
    nr = max(2, math.ceil((R - rc) / sz.h))
    phis = [math.radians(45 + 90 * k) for k in range(4)]
    core = [(rc * math.cos(p), rc * math.sin(p)) for p in phis]
    wall = [(R * math.cos(p), R * math.sin(p)) for p in phis]
    points = core + wall
    quads = [Quad((2, 3, 0, 1), (n_side, n_side))]
    arcs = {}
    for k in range(4):
        k1 = (k + 1) % 4
        quads.append(Quad((k, 4 + k, 4 + k1, k1), (nr, n_side), (toward("high", g, nr), 1.0)))
        mid = math.radians(90 + 90 * k)
        arcs[frozenset((4 + k, 4 + k1))] = (R * math.cos(mid), R * math.sin(mid))
    nx = sz.along([L], 0)[0]
    model = sweep(Section(points, quads, arcs), along_x(L, nx, "inlet", "outlet"), lambda a, b: "wall",
                  {**IO, "wall": "wall"})
    return Structured(model, _roles(model, {"inlet": "inlet", "outlet": "outlet"}), d.diameter, assumptions=[
        "3D pipe along x: an O-grid (square core, four blocks to the wall); inlet at x = 0, outlet at x = length."])


def _stepped_pipe(spec: GeometrySpec, sz: Sizing) -> Structured:
    """A round pipe whose diameter changes along x (tasks/geometry/shape_axisym.py): a wedge in 2D, full in 3D."""
    d = spec.dims
    unsized = spec.mesh.cells is None and spec.mesh.cell_size is None and spec.mesh.resolution is None
    sz, coarse = (sz, []) if spec.two_d else coarse_3d(d, sz, unsized and not (d.axial_cell or d.radial_cell))
    graded = spec.mesh.cell_size is None  # a stated cell size holds all along the pipe
    model = wedge_model(d, sz, graded) if spec.two_d else full_model(d, sz, graded)
    return Structured(model, _roles(model, {"inlet": "inlet", "outlet": "outlet"}), min(p.diameter for p in d.sections),
                      assumptions=stepped_pipe_notes(d, bool(spec.two_d)) + coarse)


def _annular_duct(spec: GeometrySpec, sz: Sizing) -> Structured:
    """Flow along the gap between two coaxial tubes (axis x): an axisymmetric wedge in 2D, the annulus swept along
    x in 3D; inlet at x = 0, outlet at x = length, innerWall and outerWall."""
    d = spec.dims
    ri, ro, g = d.inner_radius, d.outer_radius, sz.wall_grading
    length = d.length or 20 * (ro - ri)
    notes = [] if d.length else [f"Length not given: {length:g} m (20 times the gap)."]
    walls = {**IO, "innerWall": "wall", "outerWall": "wall"}
    nx = sz.along([length], 0)
    if spec.two_d:
        nr = sz.along([ro - ri], 1) if sz.cells else [max(2, math.ceil((ro - ri) / sz.h))]
        section = grid_section([0.0, length], [ri, ro], lambda i, j: True, nx, nr, [1.0], [toward("both", g, nr[0])])
        model = sweep(section, wedge(d.wedge_angle), _by_side([0.0, length], [ri, ro], {
            "left": "inlet", "right": "outlet", "bottom": "innerWall", "top": "outerWall"}),
            {**walls, "front": "wedge", "back": "wedge"})
        notes.insert(0, f"Axisymmetric annular duct: a {d.wedge_angle:g} degree wedge about the x axis from r = {ri:g} "
                        f"to r = {ro:g} m, one cell thick; inlet at x = 0, outlet at x = {length:g} m.")
    else:
        section = _annulus_section(ri, ro, sz, across=1, around_from=2)
        model = sweep(section, along_x(length, nx[0], "inlet", "outlet"), _by_radius(ri, ro), walls)
        notes.insert(0, f"3D annular duct along x: the gap r = {ri:g}..{ro:g} m swept from x = 0 to x = {length:g} m "
                        f"(inlet to outlet).")
    return Structured(model, _roles(model, {"inlet": "inlet", "outlet": "outlet"}), 2 * (ro - ri), assumptions=notes)


def _by_radius(ri: float, ro: float, e: float = 0.0) -> Callable[[UV, UV], str]:
    """Name an edge of an annulus section by the round wall it lies on (the inner one centred at x = `e`)."""
    return lambda a, b: "innerWall" if math.hypot(a[0] - e, a[1]) < (ri + ro - e) / 2 else "outerWall"


def _annulus_section(ri: float, ro: float, sz: Sizing, across: int = 1, around_from: int = 0, e: float = 0.0) -> Section:
    """The ring between two radii in four blocks with arc edges, the inner circle's centre at x = `e` (an eccentric
    annulus); cells across the gap from count `across` of the request and around from count `around_from` (split
    over the four blocks), else from the cell size."""
    g = sz.wall_grading
    cells = sz.cells or []
    n_t = max(1, cells[around_from] // 4) if len(cells) > around_from else max(2, math.ceil(math.pi * (ri + ro) / 4 / sz.h))
    n_r = cells[across] if len(cells) > across else max(2, math.ceil((ro - ri) / sz.h))
    phis = [math.radians(90 * k) for k in range(4)]
    points = [(e + ri * math.cos(p), ri * math.sin(p)) for p in phis] + [(ro * math.cos(p), ro * math.sin(p)) for p in phis]
    quads, arcs = [], {}
    for k in range(4):
        k1 = (k + 1) % 4
        quads.append(Quad((k, 4 + k, 4 + k1, k1), (n_r, n_t), (toward("both", g, n_r), 1.0)))
        mid = math.radians(45 + 90 * k)
        arcs[frozenset((k, k1))] = (e + ri * math.cos(mid), ri * math.sin(mid))
        arcs[frozenset((4 + k, 4 + k1))] = (ro * math.cos(mid), ro * math.sin(mid))
    return Section(points, quads, arcs)


def _annulus(spec: GeometrySpec, sz: Sizing) -> Structured:
    d = spec.dims
    if d.axial_flow:
        return _annular_duct(spec, sz)
    ri, ro = d.inner_radius, d.outer_radius
    length = d.length or 2 * ro
    e = d.eccentricity
    model = _sweep_2d_or_3d(spec, _annulus_section(ri, ro, sz, e=e), _by_radius(ri, ro, e), {}, sz, length, side="ends")
    notes = ["Coaxial cylinders about the z axis: innerWall (the rotor in Taylor-Couette flow) and outerWall."] if not e else [
        f"Eccentric cylinders: outerWall about the z axis, innerWall (the rotor) centred at x = {e:g} m "
        f"(eccentricity ratio {e / (ro - ri):g})."]
    if not spec.two_d and d.length is None:
        notes.append(f"Length not given: {length:g} m (twice the outer radius).")
    return Structured(model, _roles(model, {}), ro - ri, flow_direction=(0.0, 0.0, 0.0), assumptions=notes)


def _laid_out(spec: GeometrySpec, sz: Sizing) -> Structured:
    """A 2D shape laid out by tasks/geometry/shape_blocks.py, one cell thick with empty front and back (a cross
    junction in 3D: extruded across z, shape_3d)."""
    layout = LAYOUTS[spec.shape](spec.dims, sz)
    if not spec.two_d and spec.shape in EXTRUDED_3D:
        model = span_sweep(spec, layout.section, layout.classify, layout.types, sz)
        return Structured(model, _roles(model, layout.roles), layout.reference_length, assumptions=layout.notes)
    return _planar_layout(layout, sz)


def _obstacle_grid(spec: GeometrySpec, sz: Sizing) -> Structured:
    """A channel with rectangular obstacles on its walls (tasks/geometry/shape_obstacle_blocks.py), one cell thick."""
    st = _planar_layout(obstacle_grid_layout(spec, sz), sz)
    if spec.dims.u_turn == "right":  # a U-turn fed through its right end: the flow enters along -x
        st.flow_direction = (-1.0, 0.0, 0.0)
    return st


def _box_obstacles(spec: GeometrySpec, sz: Sizing) -> Structured:
    """A 3D duct with box obstacles (tasks/geometry/shape_box_obstacles.py)."""
    built = box_obstacle_mesh(spec.dims, sz, spec.mesh.cells is not None or spec.mesh.cell_size is not None)
    return Structured(built.model, built.roles, built.reference_length, assumptions=built.notes)


def _boxes(spec: GeometrySpec, sz: Sizing) -> Structured:
    """A 3D duct that is a union of boxes (tasks/geometry/shape_rectilinear_3d.py)."""
    model, roles, reference, notes = rectilinear_3d_mesh(spec.dims, sz, spec.mesh.cells is not None or
                                                         spec.mesh.cell_size is not None)
    return Structured(model, roles, reference, assumptions=notes)


def _planar_layout(layout: Layout, sz: Sizing) -> Structured:
    """A laid-out 2D section swept one cell thick with empty front and back."""
    model = sweep(layout.section, planar(sz.h), layout.classify, {**layout.types, "frontAndBack": "empty"})
    return Structured(model, _roles(model, layout.roles), layout.reference_length, assumptions=layout.notes)


_BUILDERS: dict[str, Callable[[GeometrySpec, Sizing], Structured]] = {
    "rectangle": _channel, "channel": _channel, "box": _channel,
    "backward_step": _step, "forward_step": _step,
    "sudden_expansion": _expansion, "sudden_contraction": _expansion,
    "t_junction": _t_junction, "nozzle": _nozzle, "diffuser": _nozzle,
    "lid_driven_cavity": _cavity, "heated_cavity": _cavity,
    "pipe": _pipe, "annulus": _annulus, "stepped_pipe": _stepped_pipe, **{shape: _laid_out for shape in LAYOUTS},
    "channel_with_obstacles": _obstacle_grid, "duct_with_obstacles": _box_obstacles,
    "rectilinear": lambda spec, sz: _planar_layout(rectilinear_layout(spec.dims, sz), sz) if spec.two_d else _boxes(spec, sz),
    "polygon_domain": lambda spec, sz: _planar_layout(polydomain_layout(spec.dims, sz), sz),
}
STRUCTURED_SHAPES = frozenset(_BUILDERS)
