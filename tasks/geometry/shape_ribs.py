"""Ribs on a channel wall as obstacles: each rib's outline (a triangle, a trapezoid, a half-disc, a rectangle or the
polygon its vertices give) standing on its wall, placed by its leading edge, centre, trailing edge or apex, repeated
at a pitch. Pure functions; metres. A rib that does not fit (taller than the channel, a row that runs past the
outlet, ribs that overlap) is refused with the reason by the spec's checks."""

from __future__ import annotations

import math
from typing import Any

from tasks.core.errors import RequestError
from tasks.geometry.spec import Point
from tasks.geometry.text_outlines import falls_along_flow
from tasks.geometry.text_ribs import ADJECTIVE, RibRow

# vertices of a half-disc's arc (every 7.5 degrees)
ARC_SEGMENTS = 24


def _profile(row: RibRow, height: float) -> tuple[list[Point], float]:
    """The rib's outline on the floor with its base from x = 0 (counter-clockwise), and the x of its apex or crest
    centre; refuses one the words do not size."""
    s = dict(row.sizes)
    if row.height_fraction is not None and "height" not in s:
        s["height"] = row.height_fraction * height
    if "apex_y" in s and "height" not in s:  # the apex's distance from its wall
        s["height"] = height - s["apex_y"] if row.wall == "top" else s["apex_y"]
    base, tall = s.get("base"), s.get("height")
    if row.outline == "semicircle":
        r = s.get("radius") or tall or (base / 2 if base else None)
        if not r:
            raise RequestError("geometry refused: the semicircular bump needs its radius or diameter, e.g. 'radius 8 mm'")
        arc = [(r - r * math.cos(math.pi * k / ARC_SEGMENTS), r * math.sin(math.pi * k / ARC_SEGMENTS))
               for k in range(ARC_SEGMENTS + 1)]
        return [(round(x, 12), round(y, 12)) for x, y in arc][::-1], r
    if row.outline == "trapezoid" and base and tall and s.get("top"):
        top = s["top"]
        return [(0.0, 0.0), (base, 0.0), ((base + top) / 2, tall), ((base - top) / 2, tall)], base / 2
    if not base or not tall:
        need = {"trapezoid": "its bottom and top widths and its height", "rectangle": "its width and height"}.get(
            row.outline, "its base and its height (or apex angle, or base range and apex point)")
        raise RequestError(f"geometry refused: the {ADJECTIVE[row.outline]} rib needs {need}, e.g. "
                           "'base 10 mm, height 5 mm' or 'rib height is 1/4 of the channel height'")
    if row.outline == "right_triangle":
        apex = 0.0 if falls_along_flow(row.words) else base
        return [(0.0, 0.0), (base, 0.0), (apex, tall)], apex
    if row.outline == "triangle":
        apex = s["apex_x"] - row.at if "apex_x" in s and row.at is not None and row.reference == "leading" else base / 2
        if not 0 <= apex <= base:
            raise RequestError(f"geometry refused: the rib's apex (x = {s['apex_x']:g} m) lies outside its base "
                               f"(x = {row.at:g} to {row.at + base:g} m)")
        return [(0.0, 0.0), (base, 0.0), (apex, tall)], apex
    return [(0.0, 0.0), (base, 0.0), (base, tall), (0.0, tall)], base / 2


def _leading_x(row: RibRow, pts: list[Point], apex: float, length: float) -> tuple[float, str | None]:
    """The x of the first rib's leading edge, and a note when the words gave no place."""
    base = max(p[0] for p in pts)
    at = row.positions[0] if row.positions else row.at
    if at is None:
        span = base + (row.count - 1) * _pitch(row, pts)
        x = round((length - span) / 2 if row.count > 1 else length / 4 - base / 2, 9)
        where = ("the row centred along the channel" if row.count > 1 else
                 "its centre a quarter of the channel length from the inlet")
        return x, f"The rib's place along the channel was not given: {where} (leading edge x = {x:g} m)."
    shift = {"leading": 0.0, "centre": base / 2, "trailing": base, "apex": apex}[row.reference]
    return at - shift, None


def _pitch(row: RibRow, pts: list[Point]) -> float:
    """The row's pitch (m): as said, or its ratio to the rib's height ("p/e = 10"); 0 for one rib."""
    if row.pitch is not None:
        return row.pitch
    if row.pitch_ratio is not None:
        return row.pitch_ratio * max(p[1] for p in pts)
    return 0.0


def _on_wall(pts: list[Point], x0: float, wall: str, height: float) -> list[Point]:
    """The floor profile moved to x0 and, on the top wall, hung from it (mirrored, counter-clockwise kept)."""
    if wall == "top":
        return [(round(x0 + x, 9), round(height - y, 9)) for x, y in pts][::-1]
    return [(round(x0 + x, 9), round(y, 9)) for x, y in pts]


def _check_fits(row: RibRow, pts: list[Point], starts: list[float], length: float, height: float) -> None:
    """Refuse ribs too tall for the channel, a row that leaves it, or ribs that touch (each rib's leading edge in
    `starts`)."""
    base, tall = max(p[0] for p in pts), max(p[1] for p in pts)
    walls = 2 if row.wall == "both" else 1
    if walls * tall >= height:
        raise RequestError(f"geometry refused: the rib is {tall:g} m high{' on each wall' if walls == 2 else ''}, which "
                           f"closes the {height:g} m high channel: give a lower rib or a taller channel")
    x0, end = min(starts), max(starts) + base
    if x0 <= 0 or end >= length:
        raise RequestError(f"geometry refused: the rib{'s' if len(starts) > 1 else ''} span x = {x0:g} to {end:g} m, "
                           f"beyond the channel (x = 0 to {length:g} m): check the place, pitch and count of the ribs")
    gaps = [b - a for a, b in zip(sorted(starts), sorted(starts)[1:])]
    if gaps and min(gaps) <= base:
        raise RequestError(f"geometry refused: ribs {base:g} m wide, {min(gaps):g} m apart, touch or overlap: the pitch "
                           "must exceed the rib's base")


def rib_obstacles(row: RibRow, length: float, height: float) -> tuple[list[dict[str, Any]], list[str]]:
    """The obstacles (polygons, or rectangles a structured mesh can take) of the ribs in a `length` x `height`
    channel, and notes on what was assumed."""
    if row.outline == "polygon" and row.vertices:
        return [{"kind": "polygon", "vertices": row.vertices}], []
    pts, apex = _profile(row, height)
    x0, note = _leading_x(row, pts, apex, length)
    pitch = _pitch(row, pts)
    walls = ["bottom", "top"] if row.wall == "both" else [row.wall]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    sizes = {k: round(v, 9) for k, v in {**row.sizes, "base": max(xs) - min(xs), "height": max(ys)}.items()
             if k in ("base", "height", "top", "radius") and v > 0}
    out: list[dict[str, Any]] = []
    starts = [x0 + k * pitch for k in range(row.count)]
    if row.positions:  # each rib's place listed: moved as the first by its reference
        starts = [x0 + x - row.positions[0] for x in row.positions]
    _check_fits(row, pts, starts, length, height)
    for start in starts:
        for wall in walls:
            placed = _on_wall(pts, start, wall, height)
            if row.outline == "rectangle":
                xs, ys = [p[0] for p in placed], [p[1] for p in placed]
                out.append({"kind": "rectangle", "center": (round((min(xs) + max(xs)) / 2, 9), round((min(ys) + max(ys)) / 2, 9)),
                            "width": round(max(xs) - min(xs), 9), "height": round(max(ys) - min(ys), 9)})
            else:
                out.append({"kind": "polygon", "vertices": placed, **({"sizes": sizes} if sizes else {})})
    notes = [note] if note else []
    if row.count > 1:
        notes.append(f"{row.count} ribs at a pitch of {pitch:g} m, the first's leading edge at x = {x0:g} m.")
    return out, notes
