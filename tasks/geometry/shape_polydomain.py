"""The blockMesh blocks of a 2D domain bounded by straight walls not all axis-aligned (spec_polydomain.py): the
chain of quadrilaterals, their cells and the patches by role. A cavity's top edge is the lid (movingWall), its
other walls fixedWalls; a channel's end at the smallest x is the inlet, at the largest x the outlet, the rest walls;
front and back are empty (structured._planar_layout). Pure; metres."""

from __future__ import annotations

import math

from tasks.geometry.blocks import Quad, Section, toward
from tasks.geometry.models import Sizing
from tasks.geometry.shape_blocks import Layout, by_segments
from tasks.geometry.spec_polydomain import (
    Point,
    PolyDomainDims,
    across_length,
    along_length,
    curve_between,
    lid_edge,
    quad_chain,
)


def polydomain_layout(d: PolyDomainDims, sz: Sizing) -> Layout:
    """The blocks, their cells (the first count shared along the chain by length, the second across every block)
    and how the boundary edges are named."""
    quads = quad_chain(d)
    points: list[Point] = []
    index: dict[tuple[float, float], int] = {}
    cavity = d.kind == "cavity"

    def pid(p: Point) -> int:
        key = (round(p[0], 12), round(p[1], 12))
        if key not in index:
            index[key] = len(points)
            points.append(p)
        return index[key]

    along = sz.along([along_length(q) for q in quads], 0)
    across = sz.along([max(across_length(q) for q in quads)], 1)[0]
    g = sz.wall_grading
    blocks = [Quad((pid(q[0]), pid(q[1]), pid(q[2]), pid(q[3])), (n, across),
                   (toward("both", g, n) if cavity and len(quads) == 1 else 1.0, toward("both", g, across)))
              for q, n in zip(quads, along)]
    lines = {}
    for q in quads:  # a floor or ceiling that follows a curve: the block's edge is a polyLine through its points
        for a, b in ((q[0], q[1]), (q[3], q[2])):
            if (curve := curve_between(d, a, b)) is not None:
                lines[(pid(a), pid(b))] = curve
    section = Section(points, blocks, lines=lines)
    sides = ", ".join(f"({x:g}, {y:g})" for x, y in d.vertices)
    shape = f"{len(quads)} blocks in a chain" if len(quads) > 1 else "one block"
    if cavity:
        classify = by_segments({"movingWall": lid_edge(d, quads)}, inner="fixedWalls")
        return Layout(section, classify, {"movingWall": "wall", "fixedWalls": "wall"}, {"movingWall": "moving_wall"},
                      max(math.dist(*e) for e in lid_edge(d, quads)), [
                          f"Cavity with corners {sides} m, meshed as {shape}: the top edge is the lid (movingWall), "
                          f"the other walls fixedWalls."])
    inlet, outlet = (quads[0][3], quads[0][0]), (quads[-1][1], quads[-1][2])
    classify = by_segments({"inlet": [inlet], "outlet": [outlet]})
    return Layout(section, classify, {"inlet": "patch", "outlet": "patch", "walls": "wall"},
                  {"inlet": "inlet", "outlet": "outlet"}, min(across_length(q) for q in quads), [
                      f"Channel with corners {sides} m, meshed as {shape} ({', '.join(map(str, along))} cells along, "
                      f"{across} across): the end at the smallest x is the inlet, at the largest x the outlet, every "
                      f"other edge a wall."])
