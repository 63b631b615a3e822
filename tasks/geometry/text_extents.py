"""Bodies given by the coordinate ranges they occupy: "a baffle on the bottom wall at x
0.100..0.105 (y 0..0.03)", "a block from x = 0.4 to 0.5 m and y = 0 to 0.1 m", "an obstacle with
0.1 < x < 0.15, 0 < y < 0.02". Each body's own words (from its noun to the next body's noun) hold
one x range and one y range; the body is the rectangle between them. Pure."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.placement import axis_ranges


def extent_bodies(clauses: list[str], names_a_body: re.Pattern[str]) -> list[dict[str, Any]]:
    """The rectangles of every body of `clauses` that is given by an x range and a y range in its own
    words (after its noun, before the next body's noun); [] when none is."""
    out: list[dict[str, Any]] = []
    for clause in clauses:
        starts = [m.start() for m in names_a_body.finditer(clause)]
        for start, end in zip(starts, [*starts[1:], len(clause)]):
            box = _box(clause[start:end])
            if box is not None and box not in out:
                out.append(box)
    return out


def _box(words: str) -> dict[str, Any] | None:
    """The rectangle between the first x range and the first y range of one body's words."""
    xs, ys = axis_ranges(words, "x"), axis_ranges(words, "y")
    if not xs or not ys:
        return None
    (x0, x1), (y0, y1) = sorted(xs[0]), sorted(ys[0])
    if x1 <= x0 or y1 <= y0:
        return None
    width, height = x1 - x0, y1 - y0
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    if abs(width - height) <= 1e-12 * max(width, height):
        return {"kind": "square", "center": centre, "width": width}
    return {"kind": "rectangle", "center": centre, "width": width, "height": height}
