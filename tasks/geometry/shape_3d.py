"""The 2D sections of the shape library built in 3D: a step, a sudden expansion or contraction, a planar
nozzle or diffuser, a T-junction, a cross junction, extruded across z between two side patches (walls, or symmetry planes
when the request says so) instead of one cell thick between `empty` faces. Pure functions; metres."""

from __future__ import annotations

import math

from tasks.geometry.blocks import BlockMeshModel, Section, Sweep, planar, sweep, toward
from tasks.geometry.models import CELLS_ACROSS, Sizing
from tasks.geometry.shape_nozzle import nozzle_stations
from tasks.geometry.spec import GeometrySpec, resolved_heights

SIDE_WALLS = "sideWalls"  # the one wall patch at both ends of the span (z = start and z = start + depth)
DEFAULT_3D_CELLS = 200_000  # the most cells of a 3D section whose request said nothing of its mesh (about)
SIDE_PLANES = ("front", "back")  # symmetry sides: one flat patch each (a symmetryPlane must be planar)


def extruded_depth(spec: GeometrySpec) -> tuple[float, str | None]:
    """The z extent of a 3D extruded section, and why it is that when the request did not say (None: as said)."""
    d, s = spec.dims, spec.shape
    if d.depth is not None:
        return d.depth, None
    if s in ("backward_step", "forward_step"):
        return d.height, f"depth not given: {d.height:g} m, as deep as the channel is high (a square duct)"
    if s in ("sudden_expansion", "sudden_contraction"):
        wide = max(resolved_heights(spec))
        return wide, f"depth not given: {wide:g} m, as deep as the wide section is high (a square duct)"
    if s in ("nozzle", "diffuser"):
        wide = max(nozzle_stations(spec)[1])
        return wide, f"depth not given: {wide:g} m, as deep as the widest section is high"
    if s in ("t_junction", "cross_junction", "bend"):
        return d.width, f"depth not given: {d.width:g} m, as deep as the {'duct' if s == 'bend' else 'main channel'} is " \
                        f"wide (a square duct)"
    raise ValueError(f"{s} is not built as an extruded 3D section")


def span_sweep(spec: GeometrySpec, section: Section, classify, types: dict[str, str], sz: Sizing) -> BlockMeshModel:
    """`section` one cell thick between `empty` front and back (2D), or extruded across its depth with the
    side patches the request asked for, cells graded toward them when they are walls (3D)."""
    if spec.two_d:
        return sweep(section, planar(sz.h), classify, {**types, "frontAndBack": "empty"})
    depth, _ = extruded_depth(spec)
    nz = spec.span.cells or sz.along([depth], 2)[0]
    walls = spec.span.sides == "wall"
    z0 = spec.span.z_start
    front, back = (SIDE_WALLS, SIDE_WALLS) if walls else SIDE_PLANES
    how = Sweep(lambda u, v, w: (u, v, z0 + w * depth), nz, toward("both", sz.wall_grading, nz) if walls else 1.0,
                front, back)
    return sweep(section, how, classify, {**types, front: spec.span.sides, back: spec.span.sides})


def span_notes(spec: GeometrySpec) -> list[str]:
    """The sentences saying how a 2D section was extruded into 3D (its depth, where it starts, its sides)."""
    depth, why = extruded_depth(spec)
    z0 = spec.span.z_start
    if spec.shape == "t_junction" and spec.dims.branch_face is not None:
        return [f"3D: the main duct spans z from {z0:g} to {z0 + depth:g} m ({why or 'as requested'}) and y from 0 to "
                f"{spec.dims.width:g} m; its top and bottom are walls ({SIDE_WALLS}), the branch leaves its "
                f"{spec.dims.branch_face} face."]
    sides = f"symmetry planes ({' and '.join(SIDE_PLANES)})" if spec.span.sides == "symmetryPlane" \
        else f"walls ({SIDE_WALLS})"
    return [f"3D: the section is extruded across z from {z0:g} to {z0 + depth:g} m ({why or 'as requested'}); "
            f"the two sides are {sides}."]


def default_3d_size(spec: GeometrySpec, smallest: float, feature: str, length: float) -> tuple[float, list[str]]:
    """The cell size of a 3D section whose request did not size its mesh: the coarse level's (10 cells across the
    smallest feature), or larger so that its bounding box holds about DEFAULT_3D_CELLS cubes; the sentence saying so."""
    depth, _ = extruded_depth(spec)
    coarse = smallest / CELLS_ACROSS["coarse"]
    capped = (length * _section_height(spec) * depth / DEFAULT_3D_CELLS) ** (1 / 3)
    if coarse >= capped:
        return coarse, [f"Cell size {coarse:.4g} m: {CELLS_ACROSS['coarse']} cells across the smallest feature ({feature}, "
                        f"{smallest:g} m), coarse by default in 3D; say 'medium', 'fine' or a cell size for a finer mesh."]
    return capped, [f"Cell size {capped:.4g} m: about {DEFAULT_3D_CELLS} cells by default in 3D ({smallest / capped:.3g} "
                    f"across the smallest feature, {feature} {smallest:g} m); give a cell size or cell counts for a finer mesh."]


def _section_height(spec: GeometrySpec) -> float:
    """The height of the section's bounding box (y)."""
    d, s = spec.dims, spec.shape
    if s in ("sudden_expansion", "sudden_contraction"):
        return max(resolved_heights(spec))
    if s in ("nozzle", "diffuser"):
        return max(nozzle_stations(spec)[1])
    if s == "t_junction":
        return d.width + (0.0 if d.branch_face else d.branch_length)
    if s == "cross_junction":
        return d.width + 2 * (d.branch_arm_length or d.arm_length)
    return d.height
