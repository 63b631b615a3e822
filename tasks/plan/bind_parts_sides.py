"""The blockMeshDict patches on a named side of the domain ("the left wall", "the floor"): left
and right along x, bottom and top along gravity.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import VECTOR, direction

# a side word -> (axis, +1 for the high end / -1 for the low end); "up" is against gravity
_SIDE_AXES: dict[str, tuple[str, int]] = {"left": ("x", -1), "right": ("x", 1), "bottom": ("up", -1), "top": ("up", 1)}


def patches_on_side(block_mesh: str, side: str, gravity: str = "") -> list[str]:
    """The blockMeshDict patches whose every face lies on the named side of the domain: left and
    right are the low and high x; bottom (floor) and top (ceiling, lid) the low and high end of
    the axis gravity runs along (y when the case has no gravity). Empty when the mesh's vertices
    are not plain numbers or no patch lies wholly on that side."""
    if side not in _SIDE_AXES:
        return []
    text = fd.strip_comments(block_mesh)
    points = [[float(x) for x in m.groups()] for m in VECTOR.finditer(fd.get(text, ["vertices"]) or "")]
    found = fd.find(text, ["boundary"])
    body = text[found.value_start:found.end] if found and found.kind == "value" else ""
    inner = body[body.find("(") + 1:body.rfind(")")] if "(" in body else ""
    if not points or not inner:
        return []
    axis_name, sign = _SIDE_AXES[side]
    g = direction(gravity) if gravity else None
    if axis_name == "x":
        axis = 0
    elif g:
        axis = max(range(3), key=lambda i: abs(g[i]))
        sign = sign if g[axis] < 0 else -sign  # "bottom" is where gravity points
    else:
        axis = 1
    bound = (max if sign > 0 else min)(p[axis] for p in points)
    tol = 1e-9 * max(1.0, max(abs(p[axis]) for p in points))
    out = []
    for entry in fd.entries(inner):
        if entry.kind != "dict":
            continue
        faces = re.findall(r"\(\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\)", fd.get(inner, [entry.name, "faces"]) or "")
        ids = [int(i) for face in faces for i in face]
        if faces and all(i < len(points) for i in ids) and all(abs(points[i][axis] - bound) <= tol for i in ids):
            out.append(entry.name)
    return out
