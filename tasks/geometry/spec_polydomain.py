"""The dimensions of a 2D domain bounded by straight walls that are not all axis-aligned (a trapezoidal or
sloped-wall lid-driven cavity, a parallelogram duct, an offset or dog-leg channel, a channel with a ramp or a slanted
wall): one simple polygon given by its corners, and how it splits into the quadrilateral blocks blockMesh meshes:
one block when it has four corners, else the slabs between vertical cuts through its corners (the polygon must then
run from a vertical inlet end to a vertical outlet end with one floor and one ceiling between them). The checks
refuse an outline that splits into none, or a cavity whose lid is not level. Pure; metres."""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tasks.geometry.shape_polygon import _open, _signed_area

Point = tuple[float, float]
Corners = tuple[Point, Point, Point, Point]  # counter-clockwise: bottom-left, bottom-right, top-right, top-left
EPS = 1e-9


class PolyDomainDims(BaseModel):
    """The polygon's corners (metres, either turning sense, normalised counter-clockwise) and what flows in it: a
    lid-driven cavity (the top edge moves) or a channel (inlet at the smallest x, outlet at the largest)."""

    model_config = ConfigDict(extra="forbid")

    # default: a dog-leg channel 0.1 m high, two 0.5 m legs joined by a 45 degree jog that lifts it by 0.05 m
    vertices: list[Point] = Field(default_factory=lambda: [(0.0, 0.0), (0.5, 0.0), (0.55, 0.05), (1.05, 0.05), (1.05, 0.15),
                                                           (0.55, 0.15), (0.5, 0.1), (0.0, 0.1)], min_length=3)
    kind: Literal["cavity", "channel"] = "channel"
    # walls that follow a curve between two neighbouring corners (a wave, a bump: text_wall_profile.py): each the
    # points along it from one corner to the other, both corners included; the blocks take it as a polyLine edge
    curves: list[list[Point]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _counter_clockwise(self) -> PolyDomainDims:
        pts = _open(list(self.vertices))
        pts = pts if _signed_area(pts) > 0 else pts[::-1]
        if pts != list(self.vertices):
            self.vertices = pts
        n = len(pts)
        sides = {frozenset((_key(pts[k]), _key(pts[(k + 1) % n]))) for k in range(n)}
        for curve in self.curves:
            if len(curve) < 3 or frozenset((_key(curve[0]), _key(curve[-1]))) not in sides:
                raise ValueError(f"a curved wall from {curve[0]} to {curve[-1]} does not join two neighbouring "
                                 f"corners of the outline; give its points from one corner to the next")
        return self


def _key(p: Point) -> tuple[float, float]:
    return round(p[0], 9), round(p[1], 9)


def curve_between(d: PolyDomainDims, a: Point, b: Point) -> list[Point] | None:
    """The points of the curved wall from corner a to corner b (ordered a -> b, both ends left out), or None when
    the wall between them is straight."""
    for curve in d.curves:
        if (_key(curve[0]), _key(curve[-1])) == (_key(a), _key(b)):
            return list(curve[1:-1])
        if (_key(curve[-1]), _key(curve[0])) == (_key(a), _key(b)):
            return list(curve[::-1][1:-1])
    return None


def _rotated(pts: list[Point], k: int) -> list[Point]:
    return pts[k:] + pts[:k]


def _mean(a: Point, b: Point, axis: int) -> float:
    return (a[axis] + b[axis]) / 2


def _convex(q: Corners) -> bool:
    return all((q[(i + 1) % 4][0] - q[i][0]) * (q[(i + 2) % 4][1] - q[i][1])
               - (q[(i + 1) % 4][1] - q[i][1]) * (q[(i + 2) % 4][0] - q[i][0]) > EPS * EPS for i in range(4))


def _one_quad(pts: list[Point], kind: str) -> Corners:
    """The four corners ordered so that edge 2-3 is a cavity's top (its lid) or edge 3-0 a channel's inlet end."""
    edges = [(pts[k], pts[(k + 1) % 4]) for k in range(4)]
    if kind == "cavity":
        k = max(range(4), key=lambda i: _mean(*edges[i], 1))
        c = _rotated(pts, (k + 2) % 4)
    else:
        k = min(range(4), key=lambda i: _mean(*edges[i], 0))
        c = _rotated(pts, (k + 1) % 4)
        if max(range(4), key=lambda i: _mean(*edges[i], 0)) != (k + 2) % 4:
            raise ValueError(f"the duct's corners {pts} have no end facing the flow opposite its inlet end; give "
                             f"the corners of a duct whose inlet end (smallest x) faces its outlet end")
    return c[0], c[1], c[2], c[3]


def _chain(pts: list[Point]) -> tuple[list[Point], list[Point]] | None:
    """The floor (left to right) and the ceiling (left to right) of a polygon that runs from a vertical end at
    its smallest x to one at its largest, every other edge sloping or level; None when it does not."""
    xs = [p[0] for p in pts]
    x0, x1 = min(xs), max(xs)
    tol = EPS * max(1.0, x1 - x0)
    n = len(pts)
    ends = [k for k in range(n) if abs(pts[k][0] - pts[(k + 1) % n][0]) < tol]
    left = [k for k in ends if abs(pts[k][0] - x0) < tol]
    right = [k for k in ends if abs(pts[k][0] - x1) < tol]
    if len(ends) != 2 or len(left) != 1 or len(right) != 1:
        return None
    # counter-clockwise: the left end runs down, the floor from its lower corner to the right end, which runs up
    start, stop = (left[0] + 1) % n, right[0]
    floor = [pts[(start + i) % n] for i in range((stop - start) % n + 1)]
    top_start, top_stop = (right[0] + 1) % n, left[0]
    ceiling = [pts[(top_start + i) % n] for i in range((top_stop - top_start) % n + 1)][::-1]
    for wall in (floor, ceiling):
        if any(b[0] - a[0] <= tol for a, b in zip(wall, wall[1:])):
            return None  # a wall that turns back or stands vertical: not a floor or a ceiling
    return floor, ceiling


def _height_at(wall: list[Point], x: float) -> float:
    for a, b in zip(wall, wall[1:]):
        if a[0] - EPS <= x <= b[0] + EPS:
            t = (x - a[0]) / (b[0] - a[0])
            return a[1] + t * (b[1] - a[1])
    raise ValueError(f"x = {x} is outside the wall {wall}")


def quad_chain(d: PolyDomainDims) -> list[Corners]:
    """The domain as quadrilateral blocks in a chain from left to right (one block for four corners), each
    convex, neighbours sharing a whole edge. ValueError, with what to give, when it splits into none."""
    pts = list(d.vertices)
    if len(pts) == 4:
        q = _one_quad(pts, d.kind)
        if not _convex(q):
            raise ValueError(f"the four corners {pts} make a quadrilateral that is not convex; give the corners of "
                             f"a convex one (a trapezoid, a parallelogram)")
        return [q]
    walls = _chain(pts)
    if walls is None:
        raise ValueError(f"the outline {pts} does not run from a vertical end at its smallest x to one at its "
                         f"largest with one floor and one ceiling between them; give its corners so, or a "
                         f"four-cornered outline")
    floor, ceiling = walls
    cuts = sorted({round(p[0], 12) for p in pts})
    quads: list[Corners] = []
    for a, b in zip(cuts, cuts[1:]):
        lo_a, lo_b, hi_a, hi_b = _height_at(floor, a), _height_at(floor, b), _height_at(ceiling, a), _height_at(ceiling, b)
        q = ((a, lo_a), (b, lo_b), (b, hi_b), (a, hi_a))
        if not _convex(q):
            raise ValueError(f"the floor and the ceiling of the outline {pts} meet or cross between x = {a:g} and "
                             f"{b:g} m; give an outline with fluid between them everywhere")
        quads.append(q)
    return quads


def lid_edge(d: PolyDomainDims, quads: list[Corners]) -> list[tuple[Point, Point]]:
    """A cavity's lid: the top edges of its blocks, which must be level (the lid slides along x)."""
    tops = [(q[3], q[2]) for q in quads]
    ys = [p[1] for edge in tops for p in edge]
    span = max(p[0] for p in d.vertices) - min(p[0] for p in d.vertices)
    if max(ys) - min(ys) > EPS * max(1.0, span):
        raise ValueError(f"the cavity's top edge runs from {tops[0][0]} to {tops[-1][1]}, not level: a lid slides "
                         f"along x; give the corners with a level top edge")
    return tops


def block_gaps(d: PolyDomainDims, q: Corners) -> list[float]:
    """The heights of a block across the channel at its ends and at every point of its curved floor or ceiling."""
    floor = [q[0]] + (curve_between(d, q[0], q[1]) or []) + [q[1]]
    ceiling = [q[3]] + (curve_between(d, q[3], q[2]) or []) + [q[2]]
    return [_height_at(ceiling, p[0]) - p[1] for p in floor] + [p[1] - _height_at(floor, p[0]) for p in ceiling]


def check_polydomain(d: PolyDomainDims) -> None:
    """Refuse an outline that cannot be meshed as a chain of blocks, a curved wall that meets the wall across from
    it, or a cavity without a level lid (ValueError)."""
    quads = quad_chain(d)
    if d.kind == "cavity":
        lid_edge(d, quads)
    for q in quads:
        if d.curves and min(block_gaps(d, q)) <= 0:
            raise ValueError(f"the curved wall between x = {q[0][0]:g} and {q[1][0]:g} m meets the wall across the "
                             f"channel; give a lower profile or a taller channel")


def polydomain_extent(d: PolyDomainDims) -> float:
    """The length the first cell count is spread over: along the blocks, end to end (their mean edge lengths)."""
    return sum(along_length(q) for q in quad_chain(d))


def _turn(a: Point, b: Point, c: Point) -> float:
    """How far (degrees) a wall turns at b between its edges ab and bc."""
    return abs(math.degrees(math.atan2(c[1] - b[1], c[0] - b[0]) - math.atan2(b[1] - a[1], b[0] - a[0])))


def polydomain_smallest(d: PolyDomainDims) -> float:
    """The smallest of the blocks' sides (sizes the default mesh), a run of blocks whose floor and ceiling bend by
    less than 10 degrees from one to the next counted as one side: a curved wall followed through many stations
    (text_wall_profile.py) is one feature, not its short straight pieces."""
    quads = quad_chain(d)
    runs, run = [], along_length(quads[0])
    for p, q in zip(quads, quads[1:]):
        if max(_turn(p[0], p[1], q[1]), _turn(p[3], p[2], q[2])) < 10.0:
            run += along_length(q)
        else:
            runs.append(run)
            run = along_length(q)
    runs.append(run)
    sides = [min(block_gaps(d, q)) if d.curves else min(math.dist(q[1], q[2]), math.dist(q[0], q[3])) for q in quads]
    if len(quads) == 1:
        sides += [math.dist(q[i], q[(i + 1) % 4]) for q in quads for i in range(4)]
    return min(runs + sides)


def along_length(q: Corners) -> float:
    return (math.dist(q[0], q[1]) + math.dist(q[3], q[2])) / 2


def across_length(q: Corners) -> float:
    return max(math.dist(q[1], q[2]), math.dist(q[0], q[3]))


def polydomain_distances(d: PolyDomainDims) -> dict[str, float]:
    """The lengths a request may give of such a domain other than its corners: its extents along x and y, and each
    wall's length and its runs along x and y (a leg's length, a lid's width, a jog's offset, a ramp's rise)."""
    pts = list(d.vertices)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts + [c for curve in d.curves for c in curve]]
    out = {"extent_x": max(xs) - min(xs), "extent_y": max(ys) - min(ys)}
    for k, (a, b) in enumerate(zip(pts, pts[1:] + pts[:1])):
        out[f"edge{k}_length"] = math.dist(a, b)
        out[f"edge{k}_dx"], out[f"edge{k}_dy"] = abs(b[0] - a[0]), abs(b[1] - a[1])
    return out


def polydomain_shear(d: PolyDomainDims) -> float:
    """How far (degrees) the blocks' corners are from square: the worst non-orthogonality their cells will have."""
    worst = 0.0
    for q in quad_chain(d):
        for i in range(4):
            a, b, c = q[i - 1], q[i], q[(i + 1) % 4]
            u, v = (a[0] - b[0], a[1] - b[1]), (c[0] - b[0], c[1] - b[1])
            cos = (u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))
            worst = max(worst, abs(90.0 - math.degrees(math.acos(max(-1.0, min(1.0, cos))))))
    return worst
