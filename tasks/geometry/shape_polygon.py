"""Plane polygon helpers for the geometry checks: an open vertex list, signed area, whether two
segments touch or cross, whether a point lies in a polygon, whether two polygons overlap. Pure
functions."""

from __future__ import annotations

Point = tuple[float, float]


def _open(points: list[Point]) -> list[Point]:
    pts = [(float(x), float(y)) for x, y in points]
    return pts[:-1] if len(pts) > 1 and pts[0] == pts[-1] else pts


def _signed_area(pts: list[Point]) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """True when segments ab and cd touch or cross."""
    o1, o2, o3, o4 = _orient(a, b, c), _orient(a, b, d), _orient(c, d, a), _orient(c, d, b)
    if (o1 * o2 < 0) and (o3 * o4 < 0):
        return True

    def on(p: Point, q: Point, r: Point) -> bool:
        return min(p[0], q[0]) - 1e-12 <= r[0] <= max(p[0], q[0]) + 1e-12 and \
            min(p[1], q[1]) - 1e-12 <= r[1] <= max(p[1], q[1]) + 1e-12

    return any(abs(o) < 1e-14 and on(p, q, r) for o, p, q, r in
               ((o1, a, b, c), (o2, a, b, d), (o3, c, d, a), (o4, c, d, b)))


def point_in_polygon(p: Point, pts: list[Point]) -> bool:
    inside = False
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        if (y0 > p[1]) != (y1 > p[1]) and p[0] < x0 + (p[1] - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _polygons_overlap(a: list[Point], b: list[Point]) -> bool:
    ea, eb = list(zip(a, a[1:] + a[:1])), list(zip(b, b[1:] + b[:1]))
    if any(_segments_cross(*s, *t) for s in ea for t in eb):
        return True
    return point_in_polygon(a[0], b) or point_in_polygon(b[0], a)
