"""Multi-block blockMesh from a 2D section: quads in a (u, v) plane, extruded in w.

A shape describes its section once (points, counter-clockwise quads with cell counts and
gradings, arcs) and how (u, v, w) maps to (x, y, z): a planar 2D slab one cell thick, a 3D
extrusion, an axisymmetric wedge, or a pipe's cross-section swept along x. Boundary faces are
found (quad edges used once), oriented outwards and named by the shape's classifier.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Union

from tasks.core.render import render

UV = tuple[float, float]
XYZ = tuple[float, float, float]
# A grading: one expansion ratio, or blockMesh multi-grading [[length frac, cell frac, ratio], ...]
Grading = Union[float, list[list[float]]]


@dataclass
class Quad:
    corners: tuple[int, int, int, int]  # counter-clockwise in (u, v)
    cells: tuple[int, int]  # along corner0->1, corner1->2
    grading: tuple[Grading, Grading] = (1.0, 1.0)


@dataclass
class Section:
    points: list[UV]
    quads: list[Quad]
    arcs: dict[frozenset[int], UV] = field(default_factory=dict)  # edge -> a point on the arc
    lines: dict[tuple[int, int], list[UV]] = field(default_factory=dict)  # edge (a, b) -> polyLine points from a to b


@dataclass
class Sweep:
    """How the section becomes 3D: w runs 0 -> 1 over `cells` cells; `front`/`back` name the
    patches at w = 0 and w = 1 (the same name twice joins them)."""

    to_xyz: Callable[[float, float, float], XYZ]
    cells: int = 1
    grading: Grading = 1.0
    front: str = "frontAndBack"
    back: str = "frontAndBack"


# blockMesh's hex vertex order as unit offsets from a cell's low corner
HEX_CORNERS = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)]


class GridVertices:
    """The vertices of a 3D grid of breakpoints (`grid[axis]` its coordinates along x, y, z), each numbered
    once, when a block first uses it: blocks on one grid share their corners, so the mesh is conformal."""

    def __init__(self, grid: list[list[float]]) -> None:
        self.grid = grid
        self.points: list[XYZ] = []
        self._index: dict[tuple[int, int, int], int] = {}

    def index(self, p: tuple[int, int, int]) -> int:
        if p not in self._index:
            self._index[p] = len(self.points)
            self.points.append((self.grid[0][p[0]], self.grid[1][p[1]], self.grid[2][p[2]]))
        return self._index[p]

    def hex(self, i: int, j: int, k: int) -> list[int]:
        """The eight vertex numbers of grid cell (i, j, k), in blockMesh's order."""
        return [self.index((i + a, j + b, k + c)) for a, b, c in HEX_CORNERS]


@dataclass
class BlockMeshModel:
    vertices: list[XYZ]
    blocks: list[dict]
    arcs: list[tuple[int, int, XYZ]]
    patches: dict[str, list[list[int]]]
    patch_types: dict[str, str]
    lines: list[tuple[int, int, list[XYZ]]] = field(default_factory=list)  # polyLine edges: a, b, points a -> b

    @property
    def n_cells(self) -> int:
        return sum(b["cells"][0] * b["cells"][1] * b["cells"][2] for b in self.blocks)

    def bounds(self) -> list[tuple[float, float]]:
        """(min, max) in x, y and z of the vertices and arc points (the mesh's bounding box when
        every arc bulges at most to its named point, as the library's quarter-circle arcs do)."""
        points = self.vertices + [p for _, _, p in self.arcs] + [p for _, _, pts in self.lines for p in pts]
        return [(min(c), max(c)) for c in zip(*points)]


def toward(ends: str, ratio: float, n: int) -> Grading:
    """A grading with cells `ratio` times smaller at the wall end(s): "low", "high", "both", "none"."""
    if ends == "none" or ratio == 1.0 or n < 2:
        return 1.0
    if ends == "low":
        return float(ratio)
    if ends == "high":
        return 1.0 / ratio
    return [[0.5, 0.5, float(ratio)], [0.5, 0.5, 1.0 / ratio]]


def sweep(section: Section, how: Sweep, classify: Callable[[UV, UV], str],
          patch_types: dict[str, str]) -> BlockMeshModel:
    """Extrude `section` as `how` says; `classify(a, b)` names the patch of boundary edge ab."""
    vertices: list[XYZ] = []
    index: dict[tuple[int, int], int] = {}
    seen: dict[tuple[float, ...], int] = {}
    used = sorted({c for q in section.quads for c in q.corners})
    for level in (0, 1):
        for p in used:
            xyz = how.to_xyz(*section.points[p], float(level))
            key = tuple(round(c, 12) for c in xyz)
            if key not in seen:  # a wedge's axis vertices coincide: keep one
                seen[key] = len(vertices)
                vertices.append(xyz)
            index[(p, level)] = seen[key]

    def vid(p: int, level: int) -> int:
        return index[(p, level)]

    blocks = []
    count: dict[frozenset[int], int] = {}
    for q in section.quads:
        c = q.corners
        blocks.append({
            "vertices": [vid(p, 0) for p in c] + [vid(p, 1) for p in c],
            "cells": [q.cells[0], q.cells[1], how.cells],
            "grading": [q.grading[0], q.grading[1], how.grading],
        })
        for a, b in zip(c, c[1:] + c[:1]):
            count[frozenset((a, b))] = count.get(frozenset((a, b)), 0) + 1

    patches: dict[str, list[list[int]]] = {}
    for q in section.quads:
        c = q.corners
        for a, b in zip(c, c[1:] + c[:1]):
            if count[frozenset((a, b))] > 1:
                continue
            face = [vid(a, 0), vid(b, 0), vid(b, 1), vid(a, 1)]
            if len(set(face)) < 3:
                continue  # collapsed onto the axis of a wedge
            name = classify(section.points[a], section.points[b])
            patches.setdefault(name, []).append(face)
        patches.setdefault(how.front, []).append([vid(p, 0) for p in (c[0], c[3], c[2], c[1])])
        patches.setdefault(how.back, []).append([vid(p, 1) for p in c])

    arcs = []
    for edge, mid in section.arcs.items():
        a, b = sorted(edge)
        for level in (0, 1):
            arcs.append((vid(a, level), vid(b, level), how.to_xyz(*mid, float(level))))
    lines = [(vid(a, level), vid(b, level), [how.to_xyz(*p, float(level)) for p in pts])
             for (a, b), pts in section.lines.items() for level in (0, 1)]
    types = {name: patch_types.get(name, "wall") for name in patches}
    return BlockMeshModel(vertices, blocks, arcs, patches, types, lines)


def grid_section(
    xs: list[float], ys: list[float], fluid: Callable[[int, int], bool],
    cells_x: list[int], cells_y: list[int], grade_x: list[Grading], grade_y: list[Grading],
    position: Callable[[int, int], UV] | None = None,
) -> Section:
    """A section made of the fluid cells of a rectilinear grid (vertex (i, j) at
    `position(i, j)`, default (xs[i], ys[j]), so a shape can slant its blocks)."""
    pos = position or (lambda i, j: (xs[i], ys[j]))
    ids: dict[tuple[int, int], int] = {}
    points: list[UV] = []

    def pid(i: int, j: int) -> int:
        if (i, j) not in ids:
            ids[(i, j)] = len(points)
            points.append(pos(i, j))
        return ids[(i, j)]

    quads = [
        Quad((pid(i, j), pid(i + 1, j), pid(i + 1, j + 1), pid(i, j + 1)),
             (cells_x[i], cells_y[j]), (grade_x[i], grade_y[j]))
        for j in range(len(ys) - 1) for i in range(len(xs) - 1) if fluid(i, j)
    ]
    return Section(points, quads)


def planar(thickness: float) -> Sweep:
    return Sweep(lambda u, v, w: (u, v, w * thickness))


def extruded(depth: float, cells: int, grading: Grading, front: str, back: str) -> Sweep:
    return Sweep(lambda u, v, w: (u, v, w * depth), cells, grading, front, back)


def wedge(angle_deg: float, front: str = "front", back: str = "back") -> Sweep:
    """An axisymmetric wedge about the x axis: u = x, v = radius, +/- angle/2 about the x-y plane."""
    half = math.radians(angle_deg) / 2
    return Sweep(lambda u, v, w: (u, v * math.cos(half), v * math.sin(half) * (2 * w - 1)), 1, 1.0, front, back)


def along_x(length: float, cells: int, front: str, back: str) -> Sweep:
    """A cross-section in (y, z) swept from x = 0 to x = length."""
    return Sweep(lambda u, v, w: (w * length, u, v), cells, 1.0, front, back)


def render_block_mesh_dict(model: BlockMeshModel, description: str) -> str:
    patches = [{"name": n, "type": model.patch_types[n], "faces": f} for n, f in model.patches.items()]
    arcs = [(a, b, _point(mid)) for a, b, mid in model.arcs]
    return render("foam/geometry/blockMeshDict.j2", description=description,
                  vertices=[_point(v) for v in model.vertices], blocks=model.blocks, arcs=arcs, patches=patches,
                  lines=[(a, b, " ".join(_point(p) for p in pts)) for a, b, pts in model.lines],
                  foam_class="dictionary", location="system", object="blockMeshDict", provenance="shape library")


def _point(xyz: XYZ) -> str:
    """Coordinates with 10 significant digits (the default filter keeps 6)."""
    return "(" + " ".join(f"{0.0 if abs(c) < 1e-14 else c:.10g}" for c in xyz) + ")"
