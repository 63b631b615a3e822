"""Cell counts along the directions of a curved block mesh: around (circumferential), radial
(across the gap) and axial (along the pipe), as the blocks' vertices and arcs lay them out.

A pipe, annulus or cylinder meshed by blockMesh is a set of blocks whose local directions (edge
0-1, 0-3, 0-4) point every way in x, y, z: the direction a count is for is read from the geometry.
The arcs give the axis of revolution (the normal of their circles, through their centres); each
block edge is then axial (along that normal), radial (its distance from the axis changes) or
around (an arc about the axis, or a chord at one radius). Block directions that share an edge form
one chain, which must keep one count (`chains`); a chain's kind is the kind most of its edges have.
"N around" scales the chains on the outermost ring of arcs so that the ring holds N cells, "N
radial" / "N along the axis" the chains met going out from the axis (along it). Pure functions.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from tasks.core.errors import PlanError
from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.plan.extract import normalise
from tasks.plan.stated import StatedQuantity

Vec = tuple[float, float, float]
Chain = tuple[int, int]  # (block, local axis) that represents a chain
KINDS = ("around", "radial", "axial")  # "pipe" (along the pipe) is axial on a straight pipe
_WORDS = {
    "around": r"\baround\b(?!\s+\d)|\bcircumferential\w*|\bazimuthal\w*|\btangential\w*|\bcircumference\b|\bperiphery\b"
              r"|\bround\s+the\b|\btheta\b|θ",
    "radial": r"\bradial\w*|\bradius\b|\bacross\s+(?:the\s+)?(?:annular\s+)?(?:gap|annulus|ring|clearance)\b",
    "axial": r"\baxial\w*|\balong\s+(?:the\s+)?(?:axis|cylinder)\b",
    # along a pipe: its axis when the mesh is a straight pipe (longest along its axis), not a bend
    "pipe": r"\balong\s+(?:the\s+)?(?:pipe|tube)\b",
}
# across a planar duct that turns (a 2D bend): "10 cells across (the duct)", "12 cells wide", "cross-stream"; on such
# a mesh that is its radial direction (the arcs' blocks' edges from the inner wall to the outer)
_ACROSS = re.compile(r"\bacross\b(?!\s+(?:the\s+)?(?:length|span|depth|z)\b)|\bwide\b|\bcross[- ]?stream\b"
                     r"|\bwall[- ]to[- ]wall\b")
_TOL = 0.01  # relative: tutorials write vertices to a few digits
_CLAUSE_END = re.compile(r"[,;:.()]|\band\b|\bwith\b|\bthen\b")


def curved_kind(text: str, start: int, end: int) -> str | None:
    """The curved direction ("around", "radial", "axial") the cell count at text[start:end] names
    by its own words or the words after it in its clause ("40 cells around the cylinder", "20
    radially", "30 across the gap"), else by a direction noun just before it ("circumferential
    cells: 40"); None when it names none."""
    low = text.lower()
    after = _CLAUSE_END.split(low[end:end + 50])[0]
    before = re.sub(r"\b(?:around|about)\s*$", "", re.split(r"[,;.()]|\band\b", low[max(0, start - 40):start])[-1])
    for words in (re.sub(r"^[\d.\s]+", "", low[start:end]) + " " + after, before):
        hits = sorted((m.start(), kind) for kind, pattern in _WORDS.items() for m in re.finditer(pattern, words))
        if hits:
            return hits[0][1]
    return None


@dataclass(frozen=True)
class CurvedMesh:
    """A blockMeshDict read for its geometry: vertices, each live block's corners and counts, arcs."""

    points: list[Vec]
    corners: list[list[int]]
    counts: list[tuple[int, int, int]]
    arcs: dict[frozenset[int], Vec]
    wedges: list[tuple[int, ...]]  # the faces of its wedge patches (an axisymmetric mesh)


_ARC = re.compile(r"\barc\s+(\d+)\s+(\d+)\s*\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)")


def read_curved(bmd: str) -> CurvedMesh:
    """The blockMeshDict's vertices, blocks and arcs; raises PlanError when its vertices or counts
    are not plain numbers (#codeStream, #eval) or it has no arcs to tell an axis from."""
    clean = fd.strip_comments(bmd)
    points = geometry._points(clean)  # noqa: SLF001  (the one vertex reader)
    counts = geometry.block_cells(bmd)
    if points is None or not counts or len(counts) != len(re.findall(r"\bhex\s*\(", clean)):
        raise PlanError("the base's blockMeshDict computes its vertices or cell counts (#codeStream, #eval, "
                        "variables): the directions of its blocks cannot be told; ask for a refinement factor "
                        "('refine the mesh by 2')")
    corners = []
    for m in re.finditer(r"\bhex\s*\(([^()]*)\)", clean):
        found = [int(i) for i in m.group(1).split()]
        if len(found) != 8 or max(found) >= len(points):
            raise PlanError("the base's blockMeshDict has a block whose vertices are not in its vertex list")
        corners.append(found)
    arcs = {frozenset((int(a), int(b))): (float(x), float(y), float(z))
            for a, b, x, y, z in _ARC.findall(fd.get(clean, ["edges"]) or "")}
    wedges = [tuple(int(i) for i in face) for body in _WEDGE_PATCH.findall(fd.get(clean, ["boundary"]) or "")
              for face in re.findall(r"\(\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\)", body)]
    if not arcs and not wedges:
        raise PlanError("the base's blockMeshDict has no arcs and no wedge patches: its cells run along x, y and z; "
                        "name the direction as x, y or z")
    if any(max(face) >= len(points) for face in wedges):
        raise PlanError("the base's blockMeshDict has a wedge face whose vertices are not in its vertex list")
    return CurvedMesh([tuple(p) for p in points], corners, counts, arcs, wedges)  # type: ignore[misc]


_WEDGE_PATCH = re.compile(r"\{[^{}]*\btype\s+wedge\s*;[^{}]*\}")


def is_curved(bmd: str) -> bool:
    """The blockMeshDict lays its cells out about an axis: it has arcs or wedge patches."""
    clean = fd.strip_comments(bmd)
    return bool(re.search(r"\barc\b", fd.get(clean, ["edges"]) or "") or _WEDGE_PATCH.search(fd.get(clean, ["boundary"]) or ""))


def _sub(a: Vec, b: Vec) -> Vec:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _dot(a: Vec, b: Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec, b: Vec) -> Vec:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _norm(a: Vec) -> float:
    return math.sqrt(_dot(a, a))


def circle(p: Vec, m: Vec, q: Vec) -> tuple[Vec, Vec] | None:
    """(centre, unit normal) of the circle through three points; None when they are in a line."""
    b, c = _sub(m, p), _sub(q, p)
    w = _cross(b, c)
    ww = _dot(w, w)
    if ww <= 1e-24:
        return None
    num = _cross(_sub(tuple(_dot(b, b) * x for x in c), tuple(_dot(c, c) * x for x in b)), w)  # type: ignore[arg-type]
    centre = tuple(pi + ni / (2 * ww) for pi, ni in zip(p, num))
    n = math.sqrt(ww)
    return centre, (w[0] / n, w[1] / n, w[2] / n)  # type: ignore[return-value]


def revolution_axis(mesh: CurvedMesh) -> tuple[Vec, Vec]:
    """(a point on it, unit direction) of the axis the mesh's arcs turn about; raises PlanError
    when the arcs turn about different axes (a bend and a pipe in one mesh)."""
    circles = []
    for pair, mid in mesh.arcs.items():
        a, b = sorted(pair)
        found = circle(mesh.points[a], mid, mesh.points[b])
        if found is not None:
            circles.append((*found, _norm(_sub(mid, found[0]))))
    if not circles:
        return wedge_axis(mesh)
    origin, n, _ = circles[0]
    for centre, other, radius in circles[1:]:  # vertices written to 3 digits (mixer): centres within 5 % of a radius
        off = _sub(centre, origin)
        off_axis = _norm(_sub(off, tuple(_dot(off, n) * x for x in n)))  # type: ignore[arg-type]
        if abs(abs(_dot(other, n)) - 1.0) > 1e-2 or off_axis > 0.05 * radius:
            raise PlanError("the arcs of the base's blockMeshDict turn about different axes; "
                            "name the direction as x, y or z or ask for a refinement factor")
    return origin, n


def wedge_axis(mesh: CurvedMesh) -> tuple[Vec, Vec]:
    """(a point on it, unit direction) of the axis an axisymmetric mesh's two wedge planes meet on;
    raises PlanError when it has no two wedge planes at an angle."""
    normals: list[tuple[Vec, Vec]] = []
    for face in mesh.wedges:
        p = [mesh.points[i] for i in face]
        w = _cross(_sub(p[2], p[0]), _sub(p[3], p[1]))
        if _norm(w) > 0:
            unit = tuple(x / _norm(w) for x in w)
            normals.append((unit, p[0]))  # type: ignore[arg-type]
    first = normals[0] if normals else None
    second = next((m for m in normals[1:] if first and _norm(_cross(m[0], first[0])) > 1e-3), None)
    if first is None or second is None:
        raise PlanError("the base's blockMeshDict has no arcs and its wedge patches do not meet at an angle: "
                        "no axis to count around; name the direction as x, y or z")
    (n1, p1), (n2, p2) = first, second
    d = _cross(n1, n2)
    d = tuple(x / _norm(d) for x in d)  # type: ignore[assignment]
    # the point of the axis nearest the origin: n1.x = n1.p1, n2.x = n2.p2, d.x = 0
    rows, rhs = (n1, n2, d), (_dot(n1, p1), _dot(n2, p2), 0.0)
    det = _dot(rows[0], _cross(rows[1], rows[2]))
    point = tuple(sum(rhs[k] * c[i] for k, c in enumerate((_cross(rows[1], rows[2]), _cross(rows[2], rows[0]),
                                                               _cross(rows[0], rows[1])))) / det for i in range(3))
    return point, d  # type: ignore[return-value]


def _radius(x: Vec, origin: Vec, n: Vec) -> float:
    d = _sub(x, origin)
    return _norm(_sub(d, tuple(_dot(d, n) * c for c in n)))  # type: ignore[arg-type]


def edge_kind(mesh: CurvedMesh, i: int, j: int, origin: Vec, n: Vec) -> str | None:
    """The direction of the block edge between vertices i and j: around (an arc about the axis, or
    a chord whose ends are as far from it), radial, axial, or None when it runs obliquely."""
    p, q = mesh.points[i], mesh.points[j]
    d = _sub(q, p)
    length = _norm(d)
    if length <= 0:
        return None
    if frozenset((i, j)) in mesh.arcs:
        return "around"
    if abs(_dot(d, n)) / length > 0.9:
        return "axial"
    dr = abs(_radius(q, origin, n) - _radius(p, origin, n)) / length
    if dr > 0.7:
        return "radial"
    return "around" if dr < 0.3 and abs(_dot(d, n)) / length < 0.3 else None


def chains(mesh: CurvedMesh) -> dict[Chain, Chain]:
    """(block, local axis) -> its chain's representative: block directions that share an edge must
    keep one cell count, so they are changed together."""
    parent = {(b, a): (b, a) for b in range(len(mesh.corners)) for a in range(3)}

    def root(k: Chain) -> Chain:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    owner: dict[frozenset[int], Chain] = {}
    for b, c in enumerate(mesh.corners):
        for a, edges in enumerate(geometry._AXIS_EDGES):  # noqa: SLF001  (blockMesh's edge numbering)
            for i, j in edges:
                key = frozenset((c[i], c[j]))
                if key in owner:
                    parent[root((b, a))] = root(owner[key])
                else:
                    owner[key] = (b, a)
    return {k: root(k) for k in parent}


def _chain_edges(mesh: CurvedMesh, roots: dict[Chain, Chain]) -> dict[Chain, list[tuple[int, int]]]:
    edges: dict[Chain, list[tuple[int, int]]] = {}
    for (b, a), r in roots.items():
        c = mesh.corners[b]
        edges.setdefault(r, []).extend((c[i], c[j]) for i, j in geometry._AXIS_EDGES[a])  # noqa: SLF001
    return edges


def _arc_blocks(mesh: CurvedMesh) -> set[int]:
    """The blocks that have an arc edge (a bend's turn, not its straight legs)."""
    return {b for b, c in enumerate(mesh.corners) for i, j in (e for es in geometry._AXIS_EDGES for e in es)  # noqa: SLF001
            if frozenset((c[i], c[j])) in mesh.arcs}


def chain_kinds(mesh: CurvedMesh, roots: dict[Chain, Chain], origin: Vec, n: Vec,
                arcs_only: bool = False) -> dict[Chain, str | None]:
    """Each chain's direction: the kind most of its edges have (None on a tie or none); with `arcs_only`, only
    the edges of the blocks that have arcs vote (a long straight leg of a bend runs out from the bend's axis,
    yet it is no radial direction)."""
    voters = _arc_blocks(mesh) if arcs_only else None
    edges_of: dict[Chain, list[tuple[int, int]]] = {}
    for (b, a), r in roots.items():
        if voters is None or b in voters:
            c = mesh.corners[b]
            edges_of.setdefault(r, []).extend((c[i], c[j]) for i, j in geometry._AXIS_EDGES[a])  # noqa: SLF001
    out: dict[Chain, str | None] = {r: None for r in set(roots.values())}
    for r, edges in edges_of.items():
        votes = Counter(k for k in (edge_kind(mesh, i, j, origin, n) for i, j in edges) if k is not None).most_common(2)
        out[r] = votes[0][0] if votes and (len(votes) == 1 or votes[0][1] > votes[1][1]) else None
    return out


def _count(mesh: CurvedMesh, chain: Chain) -> int:
    return mesh.counts[chain[0]][chain[1]]


def _path(mesh: CurvedMesh, roots: dict[Chain, Chain], kinds: dict[Chain, str | None], kind: str,
          origin: Vec, n: Vec) -> list[Chain]:
    """The chains of `kind` met along one line: around, the arcs of the outermost ring at one
    axial station (a chain once per arc); radial or axial, from the innermost (first) span outwards,
    each next chain starting where the last ends."""
    edges = _chain_edges(mesh, roots)
    if kind == "around":  # the arcs of the outermost ring, and the chords between them at that radius
        marks = list(mesh.arcs.values()) or mesh.points  # a wedge mesh: its outermost vertices
        outer = max(_radius(mid, origin, n) for mid in marks)
        station = min(_dot(_sub(mid, origin), n) for mid in marks
                      if abs(_radius(mid, origin, n) - outer) <= _TOL * outer)

        def on_ring(x: Vec) -> bool:
            return abs(_radius(x, origin, n) - outer) <= _TOL * outer and \
                abs(_dot(_sub(x, origin), n) - station) <= _TOL * outer

        seen: dict[frozenset[int], Chain] = {}
        for r, es in edges.items():
            for i, j in es:
                if on_ring(mesh.points[i]) and on_ring(mesh.points[j]) and \
                        edge_kind(mesh, i, j, origin, n) == "around":
                    seen.setdefault(frozenset((i, j)), r)
        return list(seen.values())

    def coordinate(x: Vec) -> float:
        return _radius(x, origin, n) if kind == "radial" else _dot(_sub(x, origin), n)

    spans = sorted((min(coordinate(mesh.points[v]) for e in edges[r] for v in e),
                    max(coordinate(mesh.points[v]) for e in edges[r] for v in e), r)
                   for r, k in kinds.items() if k == kind)
    size = max((hi for _, hi, _ in spans), default=0.0) - min((lo for lo, _, _ in spans), default=0.0)
    path: list[Chain] = []
    reach = -math.inf
    for lo, hi, r in spans:
        if lo >= reach - _TOL * size:
            path.append(r)
            reach = hi
    return path


def _apportion(now: list[int], times: list[int], target: int) -> list[int]:
    """Counts in proportion to `now` (each met `times` times along the line) whose weighted sum
    is `target` where the blocks allow (largest remainders first), at least 1 each."""
    total = sum(c * t for c, t in zip(now, times))
    exact = [c * target / total for c in now]
    out = [max(1, math.floor(x)) for x in exact]
    for i in sorted(range(len(now)), key=lambda i: exact[i] - math.floor(exact[i]), reverse=True):
        if sum(c * t for c, t in zip(out, times)) + times[i] <= target:
            out[i] += 1
    return out


def set_curved_cells(bmd: str, kind: str, n: int) -> tuple[str, str]:
    """The blockMeshDict with `n` cells along `kind` (around, radial, axial): the chains met along
    that direction apportioned in proportion to their counts now, every other chain of that kind
    scaled alike (grading kept). Returns the new text and what was done; raises PlanError when the
    mesh does not show that direction."""
    across = kind == "across"  # across a planar bend: its arcs' radial direction, the straight legs not voting
    kind = "radial" if across else kind
    if kind not in KINDS:
        raise PlanError(f"unknown direction {kind!r}: use one of {', '.join(KINDS)}")
    mesh = read_curved(bmd)
    origin, axis = revolution_axis(mesh)
    roots = chains(mesh)
    kinds = chain_kinds(mesh, roots, origin, axis, arcs_only=across)
    path = _path(mesh, roots, kinds, kind, origin, axis)
    now = [_count(mesh, r) for r in path]
    if not path or sum(now) <= 0:
        raise PlanError(f"the base's blocks have no direction {kind} of its axis; name the direction as x, y or z")
    if all(c == 1 for c in now):
        raise PlanError(f"the base mesh has one cell {kind} (a 2-D or wedge mesh): that direction is not resolved")
    met = Counter(path)
    unique = list(met)
    new = dict(zip(unique, _apportion([_count(mesh, r) for r in unique], [met[r] for r in unique], n)))
    factor = n / sum(now)
    for r, k in kinds.items():
        if k == kind and r not in new:
            new[r] = max(1, round(_count(mesh, r) * factor))
    achieved = sum(new[r] for r in path)
    counts = [[new.get(roots[(b, a)], mesh.counts[b][a]) for a in range(3)] for b in range(len(mesh.counts))]
    blocks = geometry._live_blocks(bmd)  # noqa: SLF001  (the spans of the counts to rewrite)
    out, pos = [], 0
    for m, c in zip(blocks, counts):
        out += [bmd[pos:m.end(1)], f"({c[0]} {c[1]} {c[2]})"]
        pos = m.end()
    how = f"{achieved} cells {kind} (was {sum(now)}; axis {_vec(axis)} from the {'arcs' if mesh.arcs else 'wedge planes'})"
    if achieved != n:
        how += f", the nearest to {n} the blocks' shared edges allow"
    return "".join(out) + bmd[pos:], how


def _vec(v: Vec) -> str:
    return "(" + " ".join(f"{x:.3g}" if abs(x) > 1e-12 else "0" for x in v) + ")"


def curved_counts(bmd: str, text: str, counts: list[StatedQuantity]) -> list[tuple[StatedQuantity, str]]:
    """The counts along one direction that name a direction of a curved mesh (around, radial,
    axial: `curved_kind`), with it, when the mesh has arcs or wedges; an axial count on a mesh
    whose vertices cannot be read, and "along the pipe" on a mesh that is no straight pipe (a
    bend), stay with the x/y/z readers ("along" is the longest side)."""
    if not is_curved(bmd):
        return []
    plain = normalise(text).lower()  # as the counts were read: "40 circumferential cells" -> "40 cells in the ..."
    out = []
    for i, q in enumerate(counts):
        hits = [m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(q.text.lower())}", plain)]
        nth = [c.text for c in counts[:i]].count(q.text)  # "40 cells around, 40 cells radially": each its own place
        at = hits[min(nth, len(hits) - 1)] if hits else -1
        kind = curved_kind(plain, at, at + len(q.text)) if q.role == "mesh_cells_axis" and at >= 0 else None
        if kind == "pipe":
            kind = "axial" if _long_along_axis(bmd) else None
        if kind is None and q.role == "mesh_cells_axis" and at >= 0 and _across(plain, at, at + len(q.text)) and \
                _long_along_axis(bmd) is False:
            kind = "across"  # "10 cells across the duct" of a planar bend or annulus
        if kind is not None and (kind != "axial" or _long_along_axis(bmd) is not None):  # "across": planar, checked
            out.append((q, kind))
    return out


def _across(text: str, start: int, end: int) -> bool:
    """The count at text[start:end] is said across the flow ("10 cells across", "12 cells wide")."""
    return _ACROSS.search(re.sub(r"^[\d.\s]+", "", text[start:end]) + " " + _CLAUSE_END.split(text[end:end + 50])[0]) is not None


def _long_along_axis(bmd: str) -> bool | None:
    """Whether the mesh is longer along its axis than across it (a straight pipe, not a bend);
    None when its geometry cannot be read."""
    try:
        mesh = read_curved(bmd)
        origin, n = revolution_axis(mesh)
    except PlanError:
        return None
    along = [_dot(_sub(p, origin), n) for p in mesh.points]
    return max(along) - min(along) >= 2 * max(_radius(p, origin, n) for p in mesh.points)
