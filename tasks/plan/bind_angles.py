"""Angles a request states for a tutorial's shape: on an aerofoil case an unlabelled angle
("alpha = 6 deg", "inclined at six degrees") is its angle of attack; a bend's angle is the
angle its blockMesh arc edges sweep (squareBend: 90 degrees per arc)."""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import VECTOR

MAX_ATTACK_DEG = 30.0  # the shape library's bound on an angle of attack
_FOIL = re.compile(r"foil|wing|naca|blade|airfoil|aerofoil|hydrofoil", re.I)
_ARC_POINT = re.compile(r"\barc\s+(\d+)\s+(\d+)\s*\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)")
_ARC_ANGLE = re.compile(r"\barc\s+(\d+)\s+(\d+)\s+([-+\d.eE]+)\s*\(")  # "arc 1 8 90 (0 0 1)": angle and axis


def aerofoil_case(case_name: str, patches: list[str]) -> bool:
    """The base is an aerofoil (wing, blade) case: its folder or one of its patches says so."""
    return bool(_FOIL.search(case_name)) or any(_FOIL.search(p) for p in patches)


def is_attack_angle(value_deg: float, case_name: str, patches: list[str]) -> bool:
    """An unlabelled angle on an aerofoil case, within an angle of attack's range."""
    return abs(value_deg) <= MAX_ATTACK_DEG and aerofoil_case(case_name, patches)


def _sub(a: list[float], b: list[float]) -> list[float]:
    return [x - y for x, y in zip(a, b)]


def _dot(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


def _cross(a: list[float], b: list[float]) -> list[float]:
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def arc_sweep_deg(start: list[float], mid: list[float], end: list[float]) -> float | None:
    """The angle (degrees) the circular arc from start through mid to end sweeps; None when the
    three points lie on a line."""
    u, v = _sub(mid, start), _sub(end, start)
    n = _cross(u, v)
    nn = _dot(n, n)
    if nn < 1e-24:
        return None
    # circumcentre of the triangle start, mid, end
    w = [(_dot(u, u) * c1 + _dot(v, v) * c2) / (2 * nn)
         for c1, c2 in zip(_cross(v, n), _cross(n, u))]
    centre = [s + x for s, x in zip(start, w)]
    a, b, m = _sub(start, centre), _sub(end, centre), _sub(mid, centre)
    short = _between(a, b)
    # the arc passes through mid: mid on the short arc when its two parts add up to it
    return short if abs(_between(a, m) + _between(m, b) - short) < 1e-6 * max(1.0, short) else 360.0 - short


def _between(a: list[float], b: list[float]) -> float:
    """The angle (degrees, 0..180) between two vectors."""
    c = _cross(a, b)
    return math.degrees(math.atan2(math.sqrt(_dot(c, c)), _dot(a, b)))


def arc_angles_deg(block_mesh: str) -> list[float]:
    """The angles the arc edges of a blockMeshDict sweep, each arc's and, for arcs that share
    their circle (centre and radius), their sum (a bend made of two 45 degree blocks is 90)."""
    text = fd.strip_comments(block_mesh)
    points = [[float(x) for x in m.groups()] for m in VECTOR.finditer(fd.get(text, ["vertices"]) or "")]
    edges = fd.get(text, ["edges"]) or ""
    out: list[float] = []
    circles: dict[tuple, float] = {}
    for m in _ARC_POINT.finditer(edges):
        i, j = int(m.group(1)), int(m.group(2))
        if max(i, j) >= len(points):
            continue
        mid = [float(x) for x in m.groups()[2:]]
        sweep = arc_sweep_deg(points[i], mid, points[j])
        if sweep is None:
            continue
        out.append(sweep)
        key = _circle_key(points[i], mid, points[j])
        circles[key] = circles.get(key, 0.0) + sweep
    out += [float(m.group(3)) for m in _ARC_ANGLE.finditer(edges)]
    out += [s for s in circles.values() if s not in out]
    return out


def _circle_key(start: list[float], mid: list[float], end: list[float]) -> tuple:
    u, v = _sub(mid, start), _sub(end, start)
    n = _cross(u, v)
    nn = _dot(n, n)
    w = [(_dot(u, u) * c1 + _dot(v, v) * c2) / (2 * nn) for c1, c2 in zip(_cross(v, n), _cross(n, u))]
    centre = [s + x for s, x in zip(start, w)]
    radius = math.sqrt(_dot(w, w))
    return tuple(round(c, 3) for c in centre) + (round(radius, 3),)


_HEX_EDGES = ((0, 1), (1, 2), (2, 3), (3, 0), (4, 5), (5, 6), (6, 7), (7, 4))


def edge_angles_deg(block_mesh: str) -> list[float]:
    """The angles a blockMeshDict's shape has: those (0..90 deg from the x axis, in the x-y
    plane) of its hex blocks' edges (a 15 degree wedge has an edge at 15), then the angles its
    arc edges sweep (squareBend's arcs sweep 90; see arc_angles_deg)."""
    return hex_edge_angles_deg(block_mesh) + arc_angles_deg(block_mesh)


def hex_edge_angles_deg(block_mesh: str) -> list[float]:
    """The angles (0..90 deg from the x axis, in the x-y plane) of the edges of a blockMeshDict's
    hex blocks."""
    text = fd.strip_comments(block_mesh)
    points = [[float(x) for x in m.groups()] for m in VECTOR.finditer(fd.get(text, ["vertices"]) or "")]
    out: list[float] = []
    for hexa in re.finditer(r"hex\s*\(([\d\s]+)\)", fd.get(text, ["blocks"]) or ""):
        ids = [int(i) for i in hexa.group(1).split()]
        if len(ids) != 8 or max(ids) >= len(points):
            continue
        for a, b in _HEX_EDGES:
            dx, dy = (points[ids[b]][i] - points[ids[a]][i] for i in (0, 1))
            if abs(dx) + abs(dy) > 0:
                angle = abs(math.degrees(math.atan2(dy, dx))) % 180
                out.append(min(angle, 180 - angle))
    return out
