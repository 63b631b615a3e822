"""A stated cell size checked on the mesh that was built: every hex block of the blockMeshDict, along each axis
it has more than one cell on, is its edge's length over its count, that count being the length over the size
rounded to a whole number (a 1/16 in size on a 0.1397 m block: 88 cells). A size is not looked up as a number
in a file: the planner's record may round it, and a block that holds it nowhere may still be built from it.
Pure functions over the blockMeshDict's text (macros and #calc already evaluated)."""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd

# hex (v0 .. v7) [zone] (nx ny nz)
_HEX = re.compile(r"\bhex\s*\(\s*((?:\d+\s+){7}\d+)\s*\)\s*(?:[A-Za-z_][\w.:-]*\s*)?\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)")
_NUM = r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
_POINT = re.compile(rf"\({_NUM}{_NUM}{_NUM}\)")
# the corner pairs of a hex that run along each local axis (blockMesh numbering)
_AXIS_EDGES = (((0, 1), (3, 2), (7, 6), (4, 5)), ((0, 3), (1, 2), (5, 6), (4, 7)), ((0, 4), (1, 5), (2, 6), (3, 7)))


def block_scale(text: str) -> float:
    """The blockMeshDict's `convertToMeters` (or `scale`), 1 when it has none."""
    value = fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"])
    try:
        return float(value) if value else 1.0
    except ValueError:
        return 1.0


def block_spacings(text: str) -> list[tuple[float, int]]:
    """(length, cells) of every block along each local axis with more than one cell; the length is the mean of the
    axis's four edges (straight, corner to corner). [] when the vertices or blocks cannot be read."""
    vertices = fd.get(text, ["vertices"]) or ""
    scale = block_scale(text)
    points = [tuple(float(v) * scale for v in m.groups()) for m in _POINT.finditer(vertices)]
    out: list[tuple[float, int]] = []
    for m in _HEX.finditer(text):
        corners = [int(i) for i in m.group(1).split()]
        if max(corners) >= len(points):
            return []
        for axis, edges in enumerate(_AXIS_EDGES):
            n = int(m.group(2 + axis))
            length = sum(math.dist(points[corners[a]], points[corners[b]]) for a, b in edges) / 4
            if n > 1 and length > 0:
                out.append((length, n))
    return out


def _rounded(length: float, n: int, size: float) -> bool:
    """`n` cells of `length` are cells of `size` as near as a whole count can make them."""
    exact = length / size
    return n in {max(1, math.floor(exact + 1e-6)), max(1, math.ceil(exact - 1e-6))}


def cell_size_built(text: str, size: float) -> tuple[bool, str]:
    """Whether the blocks of the blockMeshDict `text` are meshed at the cell size `size` (m): each block's length over
    its count, along every axis it has cells on, is that size within the rounding a whole count forces. With the
    reason: the blocks that round and by how much, or the first block that is not at that size."""
    spans = block_spacings(text)
    if not spans or size <= 0:
        return False, "the blockMeshDict has no blocks whose sizes can be read"
    off = [(length, n) for length, n in spans if not _rounded(length, n, size)]
    if off:
        length, n = off[0]
        return False, (f"a block {length:.6g} m long has {n} cells ({length / n:.6g} m each), not cells of {size:.6g} m; "
                       "give the cell size again or a count per direction")
    spacings = [length / n for length, n in spans]
    worst = max(spacings, key=lambda s: abs(s - size))
    if abs(worst - size) <= 1e-6 * size:
        return True, f"every block is meshed at {size:.6g} m cells (block length / cell count)"
    return True, (f"every block is meshed at {size:.6g} m cells as near as whole counts allow "
                  f"(block length / cell count from {min(spacings):.6g} to {max(spacings):.6g} m)")
