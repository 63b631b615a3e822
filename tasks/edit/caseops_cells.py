"""The cells of a blockMesh mesh as the Courant number sees them.

A graded block's cells are not its length over its count: `simpleGrading (0.5 4 1)`,
`edgeGrading (...)` and multi-section gradings (`((0.2 0.3 4) (0.8 0.7 1))`, often through a
`$macro`) make the cells near a wall or a step several times smaller than the mean, and the
Courant number of a fixed time step is set there. Here every block's edges are divided as
blockMesh divides them (geometric progression of cell sizes with the edge's expansion ratio,
section by section) and a velocity's Courant rate (|U . d| / cell, summed over the block's three
local directions) is taken over every block. Pure functions over the blockMeshDict text.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.foam.includes import expand_strict

Vector = tuple[float, float, float]

# blockMesh's edge numbering of a hex (v0 .. v7): edges 0-3 along the block's local x1, 4-7 along
# x2, 8-11 along x3; simpleGrading (a b c) grades the four edges of each direction alike
HEX_EDGES = ((0, 1), (3, 2), (7, 6), (4, 5), (0, 3), (1, 2), (5, 6), (4, 7), (0, 4), (1, 5), (2, 6), (3, 7))

# hex (v0 .. v7) [zoneName] (n1 n2 n3) [simpleGrading|edgeGrading] (...)
_HEX = re.compile(r"\bhex\s*\(([^()]*)\)\s*(?:[A-Za-z_][\w.:-]*\s*)?\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)"
                  r"\s*(?:(simpleGrading|edgeGrading)\s*(?=\())?")
_ANY_HEX = re.compile(r"\bhex\s*\(")
_COORD = r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
_POINT = re.compile(rf"\({_COORD}{_COORD}{_COORD}\)")
_TOKEN = re.compile(r"\(|\)|[^\s()]+")


class Section(NamedTuple):
    """One section of an edge's grading: its share of the length, of the cells, and its
    expansion ratio (last cell / first cell)."""

    length: float
    cells: float
    ratio: float


Grading = tuple[Section, ...]


def geometric_smallest(length: float, n: int, ratio: float) -> float:
    """The smallest of `n` cells dividing `length` in a geometric progression whose last cell is
    `ratio` times the first (blockMesh's expansion ratio)."""
    if length <= 0 or n < 1:
        raise ValueError(f"an edge needs a positive length and at least one cell (got {length}, {n})")
    if ratio <= 0:
        raise ValueError(f"an expansion ratio must be positive (got {ratio})")
    if n == 1 or math.isclose(ratio, 1.0):
        return length / n
    step = ratio ** (1.0 / (n - 1))
    first = length * (step - 1.0) / (step**n - 1.0)
    return min(first, first * ratio)


def section_counts(n: int, grading: Grading) -> list[int]:
    """The cells of each section of an `n`-cell edge: each section's share of `n` (the shares
    normalised), rounded, at least one, the last section taking what is left."""
    total = sum(s.cells for s in grading) or 1.0
    counts = [max(1, round(n * s.cells / total)) for s in grading[:-1]]
    return [*counts, max(1, n - sum(counts))]


def smallest_cell(length: float, n: int, grading: Grading) -> float:
    """The smallest cell of an edge of `length` divided into `n` cells with `grading`."""
    total = sum(s.length for s in grading) or 1.0
    return min(geometric_smallest(length * s.length / total, k, s.ratio)
               for s, k in zip(grading, section_counts(n, grading)))


def _tree(text: str) -> list | None:
    """A parenthesised value as nested lists of words; None when it does not parse."""
    stack: list[list] = [[]]
    for tok in _TOKEN.findall(text):
        if tok == "(":
            stack.append([])
        elif tok == ")":
            if len(stack) == 1:
                return None
            inner = stack.pop()
            stack[-1].append(inner)
        else:
            stack[-1].append(tok)
    return stack[0] if len(stack) == 1 else None


def _grading(item: str | list) -> Grading | None:
    """One direction's or edge's grading: a ratio, or a list of (length cells ratio) sections."""
    try:
        if isinstance(item, str):
            return (Section(1.0, 1.0, float(item)),)
        sections = tuple(Section(*(float(x) for x in s)) for s in item if isinstance(s, list) and len(s) == 3)
    except (TypeError, ValueError):
        return None
    return sections if sections and len(sections) == len(item) else None


def expand_macros(text: str, clean: str) -> str | None:
    """`text` with every `$name` replaced by the dictionary's entry `name`; None when one stays
    (#calc, a name the dictionary lacks)."""
    return expand_strict(text, clean)


def _grading_text(clean: str, at: int) -> str:
    """The parenthesised grading that starts at `at` (its opening bracket)."""
    depth = 0
    for i in range(at, len(clean)):
        depth += {"(": 1, ")": -1}.get(clean[i], 0)
        if depth == 0:
            return clean[at:i + 1]
    return clean[at:]


def edge_gradings(kind: str | None, spec: str | None) -> list[Grading] | None:
    """The 12 edge gradings of a block from its grading keyword and value (none: uniform)."""
    if kind is None:
        return [(Section(1.0, 1.0, 1.0),)] * 12
    tree = _tree(spec or "")
    if not tree or not isinstance(tree[0], list):
        return None
    items = [_grading(x) for x in tree[0]]
    if any(g is None for g in items):
        return None
    if kind == "simpleGrading" and len(items) == 3:
        return [items[e // 4] for e in range(12)]  # type: ignore[misc]
    if kind == "edgeGrading" and len(items) == 12:
        return items  # type: ignore[return-value]
    return None


# the six faces of a hex (v0 .. v7) by the local direction they are normal to: (min face, max face)
HEX_FACES = (((0, 3, 7, 4), (1, 2, 6, 5)), ((0, 1, 5, 4), (3, 2, 6, 7)), ((0, 1, 2, 3), (4, 5, 6, 7)))

# patch names that stand in the flow's way even when declared `type patch` (sonicFoam's obstacle)
_OBSTACLE_NAME = re.compile(r"wall|obstacle|step|cylinder|body|hole|blade|bluff|square|sphere", re.I)
_PATCH = re.compile(r"([A-Za-z_][\w.:-]*)\s*\{([^{}]*)\}")
_FACE = re.compile(r"\(\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\)")


def wall_faces(text: str) -> frozenset[frozenset[int]]:
    """The vertex sets of the blockMeshDict's faces on walls: patches of type wall, and patches
    whose name says they are a solid in the flow's way (obstacle, step, cylinder, ...)."""
    clean = fd.strip_comments(text)
    boundary = fd.get(clean, ["boundary"]) or ""
    found = set()
    for m in _PATCH.finditer(boundary):
        kind = re.search(r"\btype\s+(\w+)\s*;", m[2])
        if (kind and kind[1] == "wall") or _OBSTACLE_NAME.search(m[1]):
            found |= {frozenset(int(i) for i in f.groups()) for f in _FACE.finditer(m[2])}
    return frozenset(found)


def facing_walls(text: str) -> list[tuple[bool, bool, bool]] | None:
    """Per hex block, per local direction: whether a face normal to it lies on a wall (the
    upstream or downstream face of a step, an obstacle's front or back). A flow along that
    direction must turn in the block: an impulsive start sends it across the block's thinnest
    cells at about its own speed (backwardFacingStep2D's recirculation block: Courant 30 at a
    time step the streamwise cells give 0.5). None when the blocks cannot be read."""
    clean = fd.strip_comments(text)
    blocks = fd.get(clean, ["blocks"]) or ""
    walls = wall_faces(text)
    out = []
    for m in _HEX.finditer(blocks):
        corners = [int(i) for i in re.findall(r"\d+", m[1])]
        if len(corners) != 8:
            return None
        out.append(tuple(any(frozenset(corners[i] for i in face) in walls for face in pair) for pair in HEX_FACES))
    return out  # type: ignore[return-value]


class BlockEdge(NamedTuple):
    """An edge of a block: its unit direction and its smallest cell (metres)."""

    direction: Vector
    smallest: float


def block_edges(text: str) -> list[list[list[BlockEdge]]] | None:
    """Per hex block, per local direction, its four edges (direction, smallest cell); None when
    the vertices, counts or gradings are not plain numbers (after $macros) or a block is missing."""
    clean = fd.strip_comments(text)
    vertices = fd.get(clean, ["vertices"]) or ""
    points = [[float(x) for x in m.groups()] for m in _POINT.finditer(vertices)]
    if not points or len(points) != vertices.count("(") - 1:
        return None
    try:
        scale = float((fd.get(clean, ["convertToMeters"]) or fd.get(clean, ["scale"]) or "1").strip())
    except ValueError:
        return None
    blocks = fd.get(clean, ["blocks"]) or ""
    found = list(_HEX.finditer(blocks))
    if not found or len(found) != len(_ANY_HEX.findall(blocks)):
        return None
    out = []
    for m in found:
        corners = [int(i) for i in re.findall(r"\d+", m[1])]
        if len(corners) != 8 or max(corners) >= len(points):
            return None
        spec = _grading_text(blocks, m.end()) if m[5] else None
        spec = expand_macros(spec, clean) if spec else None
        gradings = edge_gradings(m[5], spec)
        if gradings is None:
            return None
        counts = (int(m[2]), int(m[3]), int(m[4]))
        directions = []
        for axis in range(3):
            edges = []
            for e in range(4 * axis, 4 * axis + 4):
                p, q = (points[corners[i]] for i in HEX_EDGES[e])
                vec = [scale * (b - a) for a, b in zip(p, q)]
                length = math.sqrt(sum(v * v for v in vec))
                if length <= 0:
                    continue  # a collapsed edge (a wedge's axis): no cells across it
                edges.append(BlockEdge(tuple(v / length for v in vec), smallest_cell(length, counts[axis], gradings[e])))
            directions.append(edges)
        out.append(directions)
    return out


def courant_rate(edges: list[list[list[BlockEdge]]], velocity: Vector | None, speed: float,
                 facing: list[tuple[bool, bool, bool]] | None = None) -> float:
    """The Courant number per second of time step of a flow at `velocity` (or, without a
    direction, at `speed` along every direction) on the mesh's cells: per block, the flux rate
    |U . d| / cell summed over its three directions (each at its edge of smallest cell), the
    largest over the blocks. A mesh with a wall that faces the flow (`facing`, facing_walls: a
    step, an obstacle, a cavity's side wall) turns it: from an impulsive start the flow crosses
    the thin cells of every block near the corner at about its own speed, so every direction
    counts at the full speed (backwardFacingStep2D: Courant 31 after one step the streamwise
    cells put at 0.5, the estimate within a factor 1.5; pitzDaily within 1.6)."""
    if velocity is not None and facing is not None and \
            any(_faces_flow(block, walls, velocity) for block, walls in zip(edges, facing)):
        velocity, speed = None, math.sqrt(sum(u * u for u in velocity))
    best = 0.0
    for block in edges:
        rate = 0.0
        for direction in block:
            if velocity is None:
                rate = max(rate, max((speed / e.smallest for e in direction), default=0.0))
            else:
                rate += max((abs(sum(u * d for u, d in zip(velocity, e.direction))) / e.smallest
                             for e in direction), default=0.0)
        best = max(best, rate)
    return best


def _faces_flow(block: list[list[BlockEdge]], facing: tuple[bool, bool, bool], velocity: Vector) -> bool:
    """Whether a wall of the block is normal to a direction the velocity mostly runs along."""
    magnitude = math.sqrt(sum(u * u for u in velocity))
    if magnitude <= 0:
        return False
    for direction, walled in zip(block, facing):
        if walled and any(abs(sum(u * d for u, d in zip(velocity, e.direction))) > 0.5 * magnitude for e in direction):
            return True
    return False


_VECTOR = re.compile(r"uniform\s*\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)")
_AMPLITUDE = re.compile(r"\bamplitude\s+([-+\d.eE]+)\s*;")


def field_velocities(u_text: str) -> tuple[list[Vector], list[float]]:
    """The uniform velocity vectors a U file holds (internal field and patch values) and the
    speeds it gives without a direction (a sine inlet's amplitude)."""
    vectors: list[Vector] = []
    for m in _VECTOR.finditer(fd.strip_comments(u_text)):
        try:
            vectors.append((float(m[1]), float(m[2]), float(m[3])))
        except ValueError:
            continue
    speeds = []
    for m in _AMPLITUDE.finditer(fd.strip_comments(u_text)):
        try:
            speeds.append(abs(float(m[1])))
        except ValueError:
            continue
    return vectors, speeds


class CourantScale(NamedTuple):
    """The velocity that sets the Courant number of a mesh (its magnitude) and the cell length
    it crosses: Co = speed * deltaT / length."""

    speed: float
    length: float


def courant_scale(bmd_text: str, u_text: str) -> CourantScale | None:
    """The fastest Courant rate of the U file's velocities on the blockMeshDict's graded cells,
    as (speed, length); None when the mesh cannot be read or nothing moves."""
    edges = block_edges(bmd_text)
    if edges is None:
        return None
    vectors, speeds = field_velocities(u_text)
    facing = facing_walls(bmd_text)
    rates = [(courant_rate(edges, v, 0.0, facing), math.sqrt(sum(x * x for x in v))) for v in vectors]
    rates += [(courant_rate(edges, None, s), s) for s in speeds]
    rate, speed = max(rates, default=(0.0, 0.0))
    if rate <= 0 or speed <= 0:
        return None
    return CourantScale(speed=speed, length=speed / rate)
