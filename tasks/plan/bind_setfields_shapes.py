"""The shape of a setFields region named by the request's words: "a spherical drop of water of
radius 5 cm", "a cylinder of liquid 0.1 m in diameter", when the base's region is another shape
(damBreak's water is a box). The region keeps its fieldValues; its selector is rewritten as one
OpenFOAM v1912's setFields has:

    boxToCell      { box (x0 y0 z0) (x1 y1 z1); }
    sphereToCell   { origin (x y z); radius r; }
    cylinderToCell { p1 (x y z); p2 (x y z); radius r; }

Pure: the raw `regions` list in, the new one out.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt, vec

# shape words -> selector
SHAPE_WORDS: dict[str, str] = {
    "sphereToCell": r"\b(?:sphere|spherical|ball|drop(?:let)?|bubble)s?\b",
    "cylinderToCell": r"\b(?:cylinder|cylindrical|disc|disk|circular|round)s?\b",
    "boxToCell": r"\b(?:box|block|rectangle|rectangular|cube|cuboid|slab)s?\b",
}


def shape_of(words: str) -> str | None:
    """The selector the words name (the last shape word said wins), or None."""
    hits = [(m.start(), sel) for sel, pattern in SHAPE_WORDS.items() for m in re.finditer(pattern, words)]
    return max(hits)[1] if hits else None


def _entries(clean: str) -> list[fd.Entry]:
    open_at, close_at = clean.find("("), clean.rfind(")")
    if open_at < 0 or close_at <= open_at:
        return []
    return [e for e in fd.entries(clean, open_at + 1, close_at) if e.kind == "dict"]


def reshape_region(regions_raw: str, index: int, selector: str, centre: list[float], radius: float,
                   bounds: list[tuple[float, float]], axis: int) -> str:
    """The `regions` list with region `index` rewritten as `selector` around `centre`: a sphere of
    `radius`, a cylinder of `radius` along `axis` through the domain, or the box of half-size
    `radius` (clipped to `bounds`); its fieldValues kept. IndexError when there is no such region."""
    clean = fd.strip_comments(regions_raw)
    entries = _entries(clean)
    if not 0 <= index < len(entries):
        raise IndexError(f"setFieldsDict has {len(entries)} regions; no region {index}")
    e = entries[index]
    body = clean[e.body_start:e.body_end]
    values = re.search(r"fieldValues\s*\([^;]*\)\s*;", body)
    if values is None:
        raise ValueError(f"region {index} ({e.name}) of the setFieldsDict has no fieldValues")
    if selector == "sphereToCell":
        where = f"origin {vec(centre)}; radius {fmt(radius)};"
    elif selector == "cylinderToCell":
        p1, p2 = list(centre), list(centre)
        p1[axis], p2[axis] = bounds[axis]
        where = f"p1 {vec(p1)}; p2 {vec(p2)}; radius {fmt(radius)};"
    else:
        lo = [max(c - radius, b[0]) for c, b in zip(centre, bounds)]
        hi = [min(c + radius, b[1]) for c, b in zip(centre, bounds)]
        where = f"box {vec(lo)} {vec(hi)};"
    start = clean.rfind(e.name, 0, e.body_start)
    new = f"{selector}\n    {{\n        {where}\n        {values.group(0)}\n    }}"
    close = clean.find("}", e.body_end)  # the selector's closing brace
    return clean[:start] + new + clean[close + 1:]
