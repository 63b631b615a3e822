"""Which way a blockMesh patch faces: the unit normal of each of its faces pointing into the block it
bounds, read from the blockMeshDict (vertices, hex blocks, boundary faces), and the direction an
inlet's speed takes when the words give none: the base's own inflow vector when it enters the
domain through the patch, else the patch's inward normal (a T-junction's side inlet faces y, not x;
a shape whose inlet moved keeps no stale tutorial vector).

Pure functions over blockMeshDict text; None wherever the text is not plain numbers (macros,
#calc) or the faces do not all face one way.
"""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.plan.controls_patch_extent import _faces, _scale
from tasks.plan.foam_values import VECTOR

_HEX = re.compile(r"\bhex\s*\(\s*((?:\d+\s+){7}\d+)\s*\)")
# a base inflow vector this close to lying in the patch's plane does not enter through it
_ENTERS = 0.05


def block_vertices(block_mesh: str) -> list[list[float]]:
    """The scaled vertices of a blockMeshDict; [] when they are not plain numbers."""
    text = fd.strip_comments(block_mesh)
    scale = _scale(text)
    return [[float(x) * scale for x in m.groups()] for m in VECTOR.finditer(fd.get(text, ["vertices"]) or "")]


def block_hexes(block_mesh: str) -> list[tuple[int, ...]]:
    """The eight vertex labels of each hex block."""
    text = fd.strip_comments(block_mesh)
    return [tuple(int(i) for i in m.group(1).split()) for m in _HEX.finditer(fd.get(text, ["blocks"]) or "")]


def _sub(a: list[float], b: list[float]) -> list[float]:
    return [a[k] - b[k] for k in range(3)]


def _cross(u: list[float], v: list[float]) -> list[float]:
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def _unit(v: list[float]) -> list[float] | None:
    size = math.sqrt(sum(c * c for c in v))
    return [c / size + 0.0 for c in v] if size > 1e-300 else None


def _centre(points: list[list[float]]) -> list[float]:
    return [sum(p[k] for p in points) / len(points) for k in range(3)]


def face_inward_normal(points: list[list[float]], hexes: list[tuple[int, ...]],
                       face: tuple[int, ...]) -> list[float] | None:
    """The unit normal of a boundary face (four vertex labels) pointing into the hex block that
    holds all four; None for a degenerate face or one no block holds."""
    if len(face) != 4 or any(i >= len(points) for i in face):
        return None
    owner = next((h for h in hexes if set(face) <= set(h) and all(i < len(points) for i in h)), None)
    if owner is None:
        return None
    a, b, c, d = (points[i] for i in face)
    normal = _unit(_cross(_sub(c, a), _sub(d, b)))
    if normal is None:
        return None
    towards = _sub(_centre([points[i] for i in owner]), _centre([a, b, c, d]))
    sense = sum(normal[k] * towards[k] for k in range(3))
    if abs(sense) < 1e-300:
        return None
    return [c * (1.0 if sense > 0 else -1.0) + 0.0 for c in normal]


def patch_inward_normal(block_mesh: str, patch: str, tolerance: float = 1e-6) -> list[float] | None:
    """The unit normal into the domain of a blockMesh patch whose faces all face one way (an inlet at
    a branch's end -> (0 -1 0)); None when they do not, or the dictionary cannot be read."""
    text = fd.strip_comments(block_mesh)
    points, hexes, faces = block_vertices(text), block_hexes(text), _faces(text, patch)
    normals = [face_inward_normal(points, hexes, f) for f in faces]
    if not normals or any(n is None for n in normals):
        return None
    first = normals[0]
    if any(sum(n[k] * first[k] for k in range(3)) < 1 - tolerance for n in normals):  # type: ignore[index]
        return None
    return [round(c, 12) + 0.0 for c in first]


def inflow_direction(base: list[float] | None, inward: list[float] | None) -> list[float] | None:
    """The direction a stated inlet speed takes when its words give none: the base's inflow vector
    when it enters through the patch (a tutorial's angled inflow is kept), else the patch's inward
    normal; the base's vector when the normal is not known."""
    if inward is None:
        return base
    if base is not None and sum(base[k] * inward[k] for k in range(3)) > _ENTERS:
        return base
    return inward


def leaves_through(v: list[float], inward: list[float] | None) -> bool:
    """A velocity set on an inlet points out of the domain through it (against its inward normal)."""
    return inward is not None and sum(v[k] * inward[k] for k in range(3)) < -1e-12
