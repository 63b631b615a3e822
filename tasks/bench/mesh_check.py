"""Geometry checks on a case's mesh (constant/polyMesh), for request sets that state a shape.

A request that says "channel x 0..2 m, y 0..0.4 m with a 0.1 m square block at (0.5, 0.2)" can be
checked on any correct mesh, whatever tool made it, from the points alone: the bounding box
(`bounds`, or `contains` for "at least this far"), the radial extent about an axis (`radial`:
pipes, wedges, annuli), the absence of points strictly inside a solid (`solid` polygon or
`solid_circle` in the x-y plane: obstacles, steps, the walls of a junction), and the cell count
(`cells`, from the owner file's header). `judge_mesh` is pure; `read_points` / `read_cell_count`
read the files (ascii or binary, plain or .gz).
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from tasks.foam.files import find_file, read_bytes

Axis = Literal["x", "y", "z"]
AXES = {"x": 0, "y": 1, "z": 2}


class Radial(BaseModel):
    """Every point's distance from an axis lies in [min, max], and both ends are reached. For a
    solid pipe (min 0) the nearest point may lie up to a tenth of the radius off the axis: an
    O-grid with an odd cell count across its core block has no point on the axis itself."""

    model_config = ConfigDict(extra="forbid")

    axis: Axis
    centre: list[float] = Field(default_factory=lambda: [0.0, 0.0], min_length=2, max_length=2,
                                description="the axis' position in the other two coordinates (in x, y, z order)")
    min: float = 0.0
    max: float


class MeshSpec(BaseModel):
    """What a correct mesh for the request looks like; lengths in metres, tolerances relative."""

    model_config = ConfigDict(extra="forbid")

    bounds: dict[Axis, list[float]] | None = Field(None, description="axis -> [min, max] of the points")
    contains: dict[Axis, list[float]] | None = Field(None, description="axis -> [lo, hi] the points cover at least")
    radial: Radial | None = None
    solid: list[list[float]] | None = Field(None, description="x-y polygon with no point strictly inside")
    solid_circle: list[float] | None = Field(None, min_length=3, max_length=3, description="[x, y, r]: no point inside")
    cells: int | None = None
    cells_rtol: float = 0.0
    tol: float = 0.01


class MeshVerdict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ok: bool
    found: str


# --- reading ---------------------------------------------------------------------------------

_HEADER_END = re.compile(rb"FoamFile\s*\{.*?\}", re.DOTALL)
_FLOAT = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_POINT = re.compile(rf"\(\s*({_FLOAT})\s+({_FLOAT})\s+({_FLOAT})\s*\)".encode())


def read_points(poly_mesh: Path) -> np.ndarray:
    """The mesh points (n x 3) of `poly_mesh`/points (ascii or binary, plain or .gz)."""
    path = find_file(poly_mesh, "points")
    if path is None:
        raise FileNotFoundError(f"{poly_mesh}/points is missing (was the mesh generated?)")
    raw = read_bytes(path)
    header = _HEADER_END.search(raw)
    body = raw[header.end():] if header else raw
    if header and re.search(rb"format\s+binary", header.group()):
        m = re.match(rb"\s*(?:(?://[^\n]*|/\*.*?\*/)\s*)*(\d+)\s*\(", body, re.DOTALL)
        if m is None:
            raise ValueError(f"{path}: binary points without a count")
        n = int(m.group(1))
        data = np.frombuffer(body[m.end():m.end() + 24 * n], dtype="<f8")
        return data.reshape(n, 3)
    rows = [(float(a), float(b), float(c)) for a, b, c in _POINT.findall(body)]
    return np.array(rows, dtype=float).reshape(-1, 3)


def read_cell_count(poly_mesh: Path) -> int | None:
    """nCells from the owner file's header note (written by every v1912 mesher), else the
    largest owner/neighbour label + 1 of an ascii mesh; None when neither is readable."""
    owner = find_file(poly_mesh, "owner")
    if owner is None:
        return None
    raw = read_bytes(owner)
    m = re.search(rb"nCells:\s*(\d+)", raw[:4000])
    if m:
        return int(m.group(1))
    header = _HEADER_END.search(raw)
    if header and re.search(rb"format\s+binary", header.group()):
        return None
    labels = [int(x) for x in re.findall(rb"^\s*(\d+)\s*$", raw[header.end() if header else 0:], re.MULTILINE)[1:]]
    return max(labels) + 1 if labels else None


# --- judging (pure) ----------------------------------------------------------------------------


def judge_mesh(points: np.ndarray, cells: int | None, spec: MeshSpec) -> MeshVerdict:
    """Every part of `spec` against the points and the cell count; `found` says what was seen."""
    if points.size == 0:
        return MeshVerdict(ok=False, found="no points")
    lo, hi = points.min(axis=0), points.max(axis=0)
    problems: list[str] = []
    seen: list[str] = []
    for axis, (want_lo, want_hi) in (spec.bounds or {}).items():
        a = AXES[axis]
        seen.append(f"{axis} {lo[a]:.6g}..{hi[a]:.6g}")
        slack = spec.tol * max(want_hi - want_lo, 1e-12)
        if abs(lo[a] - want_lo) > slack or abs(hi[a] - want_hi) > slack:
            problems.append(f"{axis} spans {lo[a]:.6g}..{hi[a]:.6g}, not {want_lo:g}..{want_hi:g}")
    for axis, (want_lo, want_hi) in (spec.contains or {}).items():
        a = AXES[axis]
        seen.append(f"{axis} {lo[a]:.6g}..{hi[a]:.6g}")
        slack = spec.tol * max(want_hi - want_lo, 1e-12)
        if lo[a] > want_lo + slack or hi[a] < want_hi - slack:
            problems.append(f"{axis} spans {lo[a]:.6g}..{hi[a]:.6g}, less than {want_lo:g}..{want_hi:g}")
    if spec.radial is not None:
        r = _radius(points, spec.radial)
        seen.append(f"r {r.min():.6g}..{r.max():.6g} about {spec.radial.axis}")
        slack = spec.tol * spec.radial.max
        inner_slack = slack if spec.radial.min > 0 else max(slack, 0.1 * spec.radial.max)
        if abs(r.min() - spec.radial.min) > inner_slack or abs(r.max() - spec.radial.max) > slack:
            problems.append(f"radius about {spec.radial.axis} spans {r.min():.6g}..{r.max():.6g}, "
                            f"not {spec.radial.min:g}..{spec.radial.max:g}")
    if spec.solid is not None:
        inside = _inside_polygon(points[:, :2], np.asarray(spec.solid, dtype=float), spec.tol)
        seen.append(f"{inside} points inside the solid")
        if inside:
            problems.append(f"{inside} mesh points inside the solid polygon {spec.solid}")
    if spec.solid_circle is not None:
        cx, cy, radius = spec.solid_circle
        dist = np.hypot(points[:, 0] - cx, points[:, 1] - cy)
        inside = int(np.sum(dist < radius * (1 - spec.tol)))
        seen.append(f"{inside} points inside the circle")
        if inside:
            problems.append(f"{inside} mesh points inside the circle r = {radius:g} at ({cx:g}, {cy:g})")
    if spec.cells is not None:
        seen.append(f"{cells} cells")
        if cells is None:
            problems.append("cell count unreadable (no owner file header)")
        elif abs(cells - spec.cells) > spec.cells_rtol * spec.cells:
            problems.append(f"{cells} cells, not {spec.cells}")
    return MeshVerdict(ok=not problems, found="; ".join(problems or seen))


def _radius(points: np.ndarray, radial: Radial) -> np.ndarray:
    others = [a for a in range(3) if a != AXES[radial.axis]]
    return np.hypot(points[:, others[0]] - radial.centre[0], points[:, others[1]] - radial.centre[1])


def _inside_polygon(xy: np.ndarray, polygon: np.ndarray, tol: float) -> int:
    """Points strictly inside `polygon`: inside by the even-odd rule and farther than `tol`
    times the polygon's diagonal from every edge (points on the solid's surface are fine)."""
    diagonal = float(np.hypot(*(polygon.max(axis=0) - polygon.min(axis=0))))
    box_lo, box_hi = polygon.min(axis=0), polygon.max(axis=0)
    candidates = xy[np.all((xy > box_lo) & (xy < box_hi), axis=1)]
    if candidates.size == 0:
        return 0
    x, y = candidates[:, 0], candidates[:, 1]
    inside = np.zeros(len(candidates), dtype=bool)
    nearest = np.full(len(candidates), math.inf)
    for (x1, y1), (x2, y2) in zip(polygon, np.roll(polygon, -1, axis=0), strict=True):
        crosses = (y1 > y) != (y2 > y)
        with np.errstate(divide="ignore", invalid="ignore"):
            x_at = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (x < x_at)
        nearest = np.minimum(nearest, _segment_distance(x, y, x1, y1, x2, y2))
    return int(np.sum(inside & (nearest > tol * diagonal)))


def _segment_distance(x: np.ndarray, y: np.ndarray, x1: float, y1: float, x2: float, y2: float) -> np.ndarray:
    dx, dy = x2 - x1, y2 - y1
    length2 = dx * dx + dy * dy
    t = np.clip(((x - x1) * dx + (y - y1) * dy) / length2, 0.0, 1.0) if length2 else np.zeros_like(x)
    return np.hypot(x - (x1 + t * dx), y - (y1 + t * dy))


def check_mesh(case_dir: Path, spec: MeshSpec) -> MeshVerdict:
    """`spec` against the mesh in `case_dir`/constant/polyMesh."""
    poly_mesh = case_dir / "constant" / "polyMesh"
    try:
        points = read_points(poly_mesh)
    except (FileNotFoundError, ValueError) as exc:
        return MeshVerdict(ok=False, found=str(exc))
    return judge_mesh(points, read_cell_count(poly_mesh) if spec.cells is not None else None, spec)
