"""How far apart a channel's obstacles are, as a request may state it: centre to centre (along x, across y and
straight) and surface to surface (the gap along x, across y) for each pair. Pure; metres."""

from __future__ import annotations

import math

from tasks.geometry.spec import Obstacle


def _box(body: Obstacle) -> tuple[float, float, float, float]:
    pts = body.outline()
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def obstacle_spacings(bodies: list[Obstacle]) -> dict[str, float]:
    """Named distances between every two obstacles i < j: `obstacle{i}_{j}_pitch_x`/`_pitch_y`/`_pitch` (centre to
    centre) and `obstacle{i}_{j}_gap_x`/`_gap_y` (clear distance between their surfaces along x / across y, when
    positive)."""
    out: dict[str, float] = {}
    boxes = [_box(b) for b in bodies]
    for i, a in enumerate(boxes):
        for j, b in enumerate(boxes[i + 1:], i + 1):
            ca, cb = ((a[0] + a[2]) / 2, (a[1] + a[3]) / 2), ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
            name = f"obstacle{i}_{j}_"
            out[name + "pitch_x"], out[name + "pitch_y"] = abs(cb[0] - ca[0]), abs(cb[1] - ca[1])
            out[name + "pitch"] = math.dist(ca, cb)
            out[name + "gap_x"] = max(b[0] - a[2], a[0] - b[2])
            out[name + "gap_y"] = max(b[1] - a[3], a[1] - b[3])
    return out
