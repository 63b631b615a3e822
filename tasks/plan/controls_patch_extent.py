"""The size of a named patch of a blockMesh base, from its faces in system/blockMeshDict: the
inlet's height, the lid's length; the reference length of a Reynolds or Peclet number on a
tutorial base. Pure; tasks/plan/bind_run.py uses it."""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_POINT = re.compile(rf"\(\s*({_NUMBER})\s+({_NUMBER})\s+({_NUMBER})\s*\)")
_FACE = re.compile(r"\(\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\)")


def _scale(bmd: str) -> float:
    raw = fd.get(bmd, ["convertToMeters"]) or fd.get(bmd, ["scale"]) or "1"
    try:
        return float(raw.strip().rstrip(";"))
    except ValueError:
        return 1.0


def _faces(bmd: str, patch: str) -> list[tuple[int, ...]]:
    """The vertex labels of the patch's faces, in a `boundary ( name { faces (...); } )` list or the
    old `patches ( type name (...) )` one; none when the patch is not there."""
    m = re.search(rf"(?<![\w.]){re.escape(patch)}\s*\{{[^{{}}]*?\bfaces\s*\(((?:\s*\([\d\s]+\))*)\s*\)", bmd)
    if m is None:
        m = re.search(rf"\b\w+\s+{re.escape(patch)}\s*\(((?:\s*\([\d\s]+\))*)\s*\)", bmd)
    return [tuple(int(g) for g in f.groups()) for f in _FACE.finditer(m.group(1))] if m else []


def patch_extents(bmd: str, patch: str) -> list[float] | None:
    """The patch's size along x, y and z (metres), or None when its faces or the vertices are not
    plain numbers (m4, $variables, #calc)."""
    bounds = patch_bounds(bmd, patch)
    return [high - low for low, high in bounds] if bounds is not None else None


def patch_size(bmd: str, patch: str, flat: set[int]) -> float | None:
    """The patch's largest size across the directions the mesh resolves (not its flat, one-cell
    ones): an inlet's height in a 2-D channel, a lid's length."""
    ext = patch_extents(bmd, patch)
    if ext is None:
        return None
    sizes = [e for a, e in enumerate(ext) if a not in flat and e > 0]
    return max(sizes) if sizes else None


def patch_bounds(bmd: str, patch: str) -> list[tuple[float, float]] | None:
    """The patch's (low, high) coordinates along x, y and z (metres), or None as for
    `patch_extents`."""
    text = fd.strip_comments(bmd)
    vertices = [[float(g) for g in p.groups()] for p in _POINT.finditer(fd.get(text, ["vertices"]) or "")]
    faces = _faces(text, patch)
    if not vertices or not faces or any(i >= len(vertices) for f in faces for i in f):
        return None
    points = [vertices[i] for f in faces for i in f]
    scale = _scale(text)
    return [(min(p[a] for p in points) * scale, max(p[a] for p in points) * scale) for a in range(3)]
