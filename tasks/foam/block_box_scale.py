"""A box-shaped blockMesh mesh stretched along its axes: the vertices of a mesh written with literal
coordinates (or variables, evaluated) multiplied along x, y or z by a factor each, the coordinate
origin kept and the cell counts left as they are, and the points that other dictionaries of the case
give in the same coordinates (a setFields box, a topoSet centre, a probe location) moved with them.

A mesh is box-shaped along an axis when every block's faces across it are planes normal to it (the
block's eight vertices take two values of that coordinate) and no edge is curved or projected: then
stretching the coordinate stretches the domain and nothing else. Pure: text in, text or reasons out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tasks.foam import block_vars
from tasks.foam import dictionary as fd

_TOL = 1e-9
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TRIPLE = re.compile(rf"\(\s*({_NUMBER})\s+({_NUMBER})\s+({_NUMBER})\s*\)")
_HEX = re.compile(r"\bhex\s*\(([\d\s]+)\)\s*(?:\w+\s*)?\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)")
# keys whose value (up to its `;`) is one or more points of the case's coordinates
POINT_KEYS = ("box", "boxes", "centre", "center", "origin", "p1", "p2", "point", "points", "locationInMesh",
              "insidePoint", "outsidePoint", "probeLocations", "start", "end", "position", "positions", "min", "max")
_POINT_RUN = re.compile(rf"\b({'|'.join(POINT_KEYS)})\b(\s*)([^;{{}}]*)")
_RADII = ("radius", "innerRadius", "outerRadius", "radius1", "radius2")
_RADIUS_RUN = re.compile(rf"\b({'|'.join(_RADII)})(\s+)({_NUMBER})(?=\s*;)")


@dataclass(frozen=True)
class BoxMesh:
    """A blockMeshDict read as boxes: its vertices (mesh units, variables evaluated), its blocks'
    vertex labels and cells along x, y, z, and its scale factor to metres."""

    points: list[list[float]]
    blocks: list[tuple[list[int], tuple[int, int, int]]]
    scale: float

    def extents(self) -> list[float]:
        """The domain's extents (x, y, z) in metres."""
        return [self.scale * (max(p[a] for p in self.points) - min(p[a] for p in self.points)) for a in range(3)]

    def flat_axes(self) -> list[int]:
        """The axes with one cell in every block: the normal of a 2D case's empty planes (none when
        every axis has one cell: a background box for snappyHexMesh)."""
        flat = [a for a in range(3) if self.blocks and all(cells[a] == 1 for _, cells in self.blocks)]
        return flat if len(flat) < 3 else []


def read_box_mesh(text: str) -> BoxMesh | None:
    """The blockMeshDict's vertices and hex blocks, or None when a vertex is not three numbers or a
    block is not a `hex` of eight labels."""
    points = block_vars.points(text)
    blocks_text = fd.get(block_vars.plain_text(text), ["blocks"])
    if not points or blocks_text is None:
        return None
    blocks: list[tuple[list[int], tuple[int, int, int]]] = []
    for m in _HEX.finditer(blocks_text):
        labels = [int(n) for n in m[1].split()]
        if len(labels) != 8 or max(labels) >= len(points):
            return None
        local = (int(m[2]), int(m[3]), int(m[4]))
        cells = [1, 1, 1]
        for i, corner in enumerate((1, 3, 4)):  # the block's own x, y, z: from vertex 0 to 1, 3 and 4
            d = [abs(points[labels[corner]][a] - points[labels[0]][a]) for a in range(3)]
            cells[max(range(3), key=lambda a: d[a])] = local[i]
        blocks.append((labels, (cells[0], cells[1], cells[2])))
    if not blocks or len(blocks) != len(re.findall(r"\bhex\b", blocks_text)):
        return None
    return BoxMesh(points, blocks, block_vars.scale_of(text))


def not_box_reason(text: str, mesh: BoxMesh | None, axes: list[int]) -> str | None:
    """Why the mesh cannot be stretched along `axes` as a box (None when it can): a curved or projected
    edge, a projected face, a block whose faces across the axis are not planes normal to it."""
    if mesh is None:
        return "its blockMeshDict is not a list of hex blocks with numeric vertices"
    clean = fd.strip_comments(text)
    edges = fd.get(clean, ["edges"])
    if edges is not None and re.search(r"\b(arc|spline|polyLine|BSpline|project\w*)\b", edges):
        return "its blockMeshDict has curved or projected edges"
    if re.search(r"\bproject\b", fd.get(clean, ["faces"]) or "") or fd.get(clean, ["geometry"]) is not None:
        return "its blockMeshDict projects faces onto a geometry"
    for labels, _ in mesh.blocks:
        for a in axes:
            values = sorted({round(mesh.points[i][a], 9) for i in labels})
            if len(values) != 2:
                return f"a block of its mesh is not a box along {'xyz'[a]} (its faces across {'xyz'[a]} are not planes)"
    return None


def scaled_vertices(mesh: BoxMesh, factors: dict[int, float]) -> str:
    """The vertices list, each coordinate along an axis of `factors` multiplied by its factor."""
    rows = []
    for p in mesh.points:
        q = [p[a] * factors.get(a, 1.0) for a in range(3)]
        rows.append("    (" + " ".join(block_vars.number_text(v) for v in q) + ")")
    return "(\n" + "\n".join(rows) + "\n)"


def _scale_triples(segment: str, factors: dict[int, float]) -> str:
    def one(m: re.Match[str]) -> str:
        values = [float(m[i + 1]) * factors.get(i, 1.0) for i in range(3)]
        return "(" + " ".join(block_vars.number_text(v) for v in values) + ")"

    return _TRIPLE.sub(one, segment)


def scale_points_in(value: str, key: str, factors: dict[int, float], radius_factor: float | None) -> tuple[str, bool]:
    """A dictionary entry's value with the points it gives in the case's coordinates stretched by
    `factors` (the entry's own key a point key, or `box (..) (..)` / `centre (..)` inside a list of
    regions), and its radii multiplied by `radius_factor` when the stretch is the same every way.
    Also whether a radius stayed as it was (the stretch is not the same every way)."""
    if key in POINT_KEYS:
        return _scale_triples(value, factors), False
    out = _POINT_RUN.sub(lambda m: m[1] + m[2] + _scale_triples(m[3], factors), value)
    kept = False
    if _RADIUS_RUN.search(out):
        if radius_factor is None:
            kept = True
        else:
            out = _RADIUS_RUN.sub(lambda m: m[1] + m[2] + block_vars.number_text(float(m[3]) * radius_factor), out)
    return out, kept


def point_edits(text: str, factors: dict[int, float],
                radius_factor: float | None) -> tuple[list[tuple[list[str], str]], bool]:
    """The entries (path, new value) of a dictionary whose points move with the stretched mesh, and
    whether a radius in it stayed as it was."""
    clean = fd.strip_comments(text)
    changed: list[tuple[list[str], str]] = []
    kept_any = False
    for path, value in fd.leaves(clean):
        key = path[-1]
        if key in _RADII and _NUMBER_ONLY.fullmatch(value.strip()):
            if radius_factor is None:
                kept_any = True
                continue
            new, kept = block_vars.number_text(float(value) * radius_factor), False
        else:
            new, kept = scale_points_in(value, key, factors, radius_factor)
        kept_any |= kept
        if new != value:
            changed.append((list(path), new))
    return changed, kept_any


_NUMBER_ONLY = re.compile(_NUMBER)


def same_every_way(factors: dict[int, float], flat: list[int]) -> float | None:
    """The one factor of a stretch that is the same along every axis of the domain (a 2D case's flat
    axis apart), else None: only then does a circle or sphere stay one, with its radius scaled."""
    along = [factors.get(a, 1.0) for a in range(3) if a not in flat]
    return along[0] if along and all(abs(f - along[0]) <= _TOL * max(1.0, abs(along[0])) for f in along) else None
