"""Cell counts along the global directions of a blockMesh mesh of several blocks.

A line through the domain along x (or y, z) crosses a chain of blocks, from face to shared face;
the cells it meets are the sum of those blocks' counts along it. Block axes that share an edge
must keep one count (their shared faces stay conforming): they form a *group*, one count each.
A total stated along a direction ("200 cells along x", "80 x 20") is spread over the groups of
the longest line in proportion to the cells they hold now (largest remainder: at least one cell
each, the total exact), so the tutorial's finer blocks (a step's recirculation, a wall's layer)
stay finer; the groups only on shorter lines are scaled by the same factor. A chain that
turns (an O-grid, a bend, a block whose axes are rotated from x, y, z) has no count along a
global direction: PlanError says so. Gradings are kept (only the counts change). Pure: text in,
text or numbers out.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from tasks.core.errors import PlanError
from tasks.foam import block_vars
from tasks.foam import dictionary as fd

# hex (v0 .. v7) [zoneName] (nx ny nz), the counts plain numbers
_HEX = re.compile(r"(\bhex\s*\(([^()]*)\)\s*(?:[A-Za-z_][\w.:-]*\s*)?)\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)")
_ANY_HEX = re.compile(r"\bhex\s*\(")
# blockMesh's corners of the four edges along each local axis, and of the two faces normal to it
_AXIS_EDGES = (((0, 1), (3, 2), (7, 6), (4, 5)), ((0, 3), (1, 2), (5, 6), (4, 7)), ((0, 4), (1, 5), (2, 6), (3, 7)))
_FACES = (((0, 3, 7, 4), (1, 2, 6, 5)), ((0, 1, 5, 4), (3, 2, 6, 7)), ((0, 1, 2, 3), (4, 5, 6, 7)))
# a block axis runs along a global direction when its mean edge is within ~25 degrees of it
_ALIGNED = 0.9
AXES = "xyz"


class Layout(NamedTuple):
    """A blockMeshDict's hex blocks: vertices (unscaled), each block's corners and counts, and each
    block axis' group (the axes that share an edge, hence one count)."""

    points: list[list[float]]
    corners: list[tuple[int, ...]]
    counts: list[tuple[int, int, int]]
    groups: list[tuple[int, int, int]]


class Line(NamedTuple):
    """A chain of blocks along a global direction: the groups it crosses, in order, the mean
    length of each crossed block along it, and its cells along it now."""

    groups: tuple[int, ...]
    lengths: tuple[float, ...]
    cells: tuple[int, ...]

    @property
    def length(self) -> float:
        return sum(self.lengths)


def read_layout(text: str) -> Layout:
    """The blocks of a blockMeshDict whose counts are plain numbers (vertices may be variables or
    #eval); raises PlanError, saying what to ask for instead, when they cannot be read."""
    clean = block_vars.plain_text(text)
    points = block_vars.points(text) if ("$" in text or "#" in text) else _plain_points(clean)
    found = list(_HEX.finditer(clean))
    if points is None or not found or len(found) != len(_ANY_HEX.findall(clean)):
        raise PlanError("system/blockMeshDict: its vertices or cell counts are not plain numbers, so its blocks "
                        "cannot be laid out along x, y and z; ask for a refinement factor ('refine by 2')")
    corners = [tuple(int(i) for i in m[2].split()) for m in found]
    if any(len(c) != 8 or max(c) >= len(points) for c in corners):
        raise PlanError("system/blockMeshDict: a hex block does not name eight of its vertices")
    return Layout(points, corners, [(int(m[3]), int(m[4]), int(m[5])) for m in found], _groups(corners))


def _plain_points(clean: str) -> list[list[float]] | None:
    vertices = fd.get(clean, ["vertices"]) or ""
    triples = re.findall(r"\(([^()]*)\)", vertices)
    try:
        points = [[float(x) for x in t.split()] for t in triples]
    except ValueError:
        return None
    return points if points and all(len(p) == 3 for p in points) else None


def _groups(corners: list[tuple[int, ...]]) -> list[tuple[int, int, int]]:
    """Per block, per local axis, a group id: axes linked through a shared edge share it."""
    parent = list(range(3 * len(corners)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    owner: dict[frozenset[int], int] = {}
    for b, c in enumerate(corners):
        for a, edges in enumerate(_AXIS_EDGES):
            for i, j in edges:
                key = frozenset((c[i], c[j]))
                if len(key) == 1:
                    continue  # a collapsed edge (a wedge's axis) links nothing
                if key in owner:
                    parent[root(3 * b + a)] = root(owner[key])
                else:
                    owner[key] = 3 * b + a
    return [(root(3 * b), root(3 * b + 1), root(3 * b + 2)) for b in range(len(corners))]


def _edge(layout: Layout, b: int, a: int) -> tuple[list[float], float]:
    """The mean edge vector of block `b` along its local axis `a`, and the mean edge length."""
    c = layout.corners[b]
    vectors = [[q - p for p, q in zip(layout.points[c[i]], layout.points[c[j]])] for i, j in _AXIS_EDGES[a]]
    mean = [sum(v[k] for v in vectors) / 4 for k in range(3)]
    return mean, sum(math.sqrt(sum(x * x for x in v)) for v in vectors) / 4


def _along(layout: Layout, b: int, g: int) -> tuple[int, int]:
    """(local axis, +1 or -1) of block `b` that runs along global direction `g`; raises when none does."""
    for a in range(3):
        mean, _ = _edge(layout, b, a)
        norm = math.sqrt(sum(x * x for x in mean))
        if norm > 0 and abs(mean[g]) / norm >= _ALIGNED:
            return a, 1 if mean[g] > 0 else -1
    raise PlanError(f"block {b} of the blockMeshDict has no axis along {AXES[g]} (its blocks turn or are rotated: "
                    f"an O-grid, a bend); a count along {AXES[g]} cannot be spread over them: ask for a cell size "
                    "or a refinement factor")


def _along_or_none(layout: Layout, b: int, g: int) -> int | None:
    """The local axis of block `b` along `g`, None when none is."""
    try:
        return _along(layout, b, g)[0]
    except PlanError:
        return None


def _faces(layout: Layout) -> dict[frozenset[int], list[tuple[int, int, int]]]:
    """Face (vertex set) -> the (block, local axis, side 0/1) that have it."""
    out: dict[frozenset[int], list[tuple[int, int, int]]] = {}
    for b, c in enumerate(layout.corners):
        for a, pair in enumerate(_FACES):
            for side, face in enumerate(pair):
                out.setdefault(frozenset(c[i] for i in face), []).append((b, a, side))
    return out


def _walk(layout: Layout, faces: dict, start: int, g: int, forward: bool) -> list[tuple[int, int]]:
    """The (block, local axis) met from block `start` on, across shared faces, towards +g (or -g)."""
    out: list[tuple[int, int]] = []
    b = start
    seen = {start}
    while True:
        a, sign = _along(layout, b, g)
        side = 1 if (sign > 0) == forward else 0
        face = frozenset(layout.corners[b][i] for i in _FACES[a][side])
        nxt = [(n, na, ns) for n, na, ns in faces.get(face, []) if n != b]
        if not nxt:
            return out
        n, na, ns = nxt[0]
        if n in seen:
            raise PlanError(f"the blocks close on themselves along {AXES[g]} (a ring of blocks): a count along "
                            f"{AXES[g]} has no start; ask for a cell size or a refinement factor")
        a2, sign2 = _along(layout, n, g)
        if a2 != na or (ns == 0) != ((sign2 > 0) == forward):
            raise PlanError(f"the chain of blocks along {AXES[g]} turns at block {n} (a bend or an O-grid): a count "
                            f"along {AXES[g]} cannot be spread over it; ask for a cell size or a refinement factor")
        seen.add(n)
        out.append((n, a2))
        b = n


def lines_along(layout: Layout, g: int) -> list[Line]:
    """Every distinct chain of blocks along global direction `g` (0 x, 1 y, 2 z), longest first;
    raises PlanError when a chain turns or a block has no axis along `g`."""
    faces = _faces(layout)
    found: dict[tuple[int, ...], Line] = {}
    for b in range(len(layout.corners)):
        a, _ = _along(layout, b, g)
        chain = list(reversed(_walk(layout, faces, b, g, False))) + [(b, a)] + _walk(layout, faces, b, g, True)
        groups = tuple(layout.groups[n][na] for n, na in chain)
        if len(set(groups)) != len(groups):
            raise PlanError(f"a line along {AXES[g]} crosses the same chain of blocks twice; a count along "
                            f"{AXES[g]} cannot be spread over it: ask for a refinement factor")
        lengths = tuple(_edge(layout, n, na)[1] for n, na in chain)
        line = Line(groups, lengths, tuple(layout.counts[n][na] for n, na in chain))
        if groups not in found or line.length > found[groups].length:
            found[groups] = line
    return sorted(found.values(), key=lambda line: -line.length)


def split_exact(total: int, weights: list[float]) -> list[int]:
    """`total` cells over segments in proportion to their weights, each at least one, summing to
    `total` exactly (largest remainders get the spare cells); raises when total < segments."""
    if total < len(weights):
        raise PlanError(f"{total} cells cannot give each of the {len(weights)} blocks along the line one cell")
    span = sum(weights) or 1.0
    exact = [total * w / span for w in weights]
    counts = [max(1, math.floor(e)) for e in exact]
    order = sorted(range(len(weights)), key=lambda i: exact[i] - counts[i], reverse=True)
    k = 0
    while sum(counts) < total:
        counts[order[k % len(order)]] += 1
        k += 1
    while sum(counts) > total:  # the ones raised to one cell took cells from the largest
        big = max(range(len(counts)), key=lambda i: counts[i] - exact[i])
        counts[big] -= 1
    return counts


def counts_along(layout: Layout, g: int, total: int) -> dict[int, int]:
    """Group -> count that puts `total` cells on every full-length line along `g`, each line's
    groups in proportion to their cells now, and the groups only on shorter lines scaled by the
    same factor. Raises PlanError (with the counts it would need) when two full lines cannot
    both have it."""
    lines = lines_along(layout, g)
    longest = lines[0].length
    if longest <= 0:
        raise PlanError(f"the mesh has no extent along {AXES[g]}")
    factor = total / sum(lines[0].cells)
    assigned: dict[int, int] = {}
    for line in lines:
        free = [i for i, group in enumerate(line.groups) if group not in assigned]
        if line.length >= longest * (1 - 1e-3):
            rest = total - sum(assigned[group] for group in line.groups if group in assigned)
            if free and rest < len(free):
                raise PlanError(f"{total} cells along {AXES[g]} cannot give each of the {len(line.groups)} blocks "
                                f"along it at least one cell; state at least {len(line.groups) + total - rest}")
            if not free and rest != 0:
                now = [assigned.get(group, 0) for group in line.groups]
                raise PlanError(f"{total} cells along {AXES[g]} cannot be met on every line through the blocks: "
                                f"one line would hold {' + '.join(map(str, now))} (its blocks are shared with "
                                "another line); state a cell size or a refinement factor")
            shares = split_exact(rest, [line.cells[i] for i in free]) if free else []
        else:
            shares = [max(1, round(line.cells[i] * factor)) for i in free]
        for i, n in zip(free, shares):
            assigned[line.groups[i]] = n
    return assigned


def line_total(layout: Layout, g: int) -> int:
    """The cells on the longest line along `g` (what a stated total along `g` is checked against)."""
    line = lines_along(layout, g)[0]
    count = {layout.groups[b][a]: layout.counts[b][a] for b in range(len(layout.corners)) for a in range(3)}
    return sum(count[group] for group in line.groups)


def with_counts(text: str, layout: Layout, group_counts: dict[int, int]) -> str:
    """`text` with each block's counts set from its groups' (a group not given keeps its count);
    the blocks are matched as read_layout read them, so their counts must be plain numbers."""
    found = list(_HEX.finditer(fd.strip_comments(text)))
    if len(found) != len(layout.corners):
        raise PlanError("system/blockMeshDict: its blocks' counts are not plain numbers where they are written; "
                        "ask for a refinement factor")
    out, pos = [], 0
    for b, m in enumerate(found):
        n = [group_counts.get(layout.groups[b][a], layout.counts[b][a]) for a in range(3)]
        out += [text[pos:m.end(1)], f"({n[0]} {n[1]} {n[2]})"]
        pos = m.end()
    return "".join(out) + text[pos:]


def set_totals(text: str, totals: dict[int, int]) -> str:
    """The blockMeshDict with `totals[g]` cells along each stated global direction g (the
    longest line along it exact, the others at the same mean size), checked on read-back."""
    layout = read_layout(text)
    wanted: dict[int, int] = {}
    for g, total in totals.items():
        if total != 1 and all(layout.counts[b][a] == 1 for b in range(len(layout.counts)) for a in range(3)
                              if _along_or_none(layout, b, g) == a):
            raise PlanError(f"the mesh has one cell along {AXES[g]} in every block (its 2-D or 1-D direction): "
                            f"{total} cells along {AXES[g]} would make it 3-D; state the counts of the directions "
                            "it resolves")
        for group, n in counts_along(layout, g, total).items():
            if wanted.setdefault(group, n) != n:
                raise PlanError(f"a chain of blocks runs along {AXES[g]} and another direction at once; "
                                "state a cell size or a refinement factor")
    new = with_counts(text, layout, wanted)
    back = read_layout(new)
    for g, total in totals.items():
        if line_total(back, g) != total:
            raise PlanError(f"{total} cells along {AXES[g]} could not be set exactly on the blocks "
                            f"({line_total(back, g)} read back); state a cell size or a refinement factor")
    return new


# hex (v0 .. v7) zoneName (counts): the zone names the tutorial gives its blocks (squareBend's inlet)
_ZONE = re.compile(r"\bhex\s*\([^()]*\)\s*([A-Za-z_][\w.:-]*)\s*\(")


def named_blocks(text: str, words: str) -> list[int]:
    """The blocks whose zone name the words say as a block or zone ("in the inlet block", "for
    zone bend1", "outlet block"); empty when they name none or name two different zones."""
    names = [m[1] for m in _ZONE.finditer(fd.strip_comments(text)) if m[1] not in ("simpleGrading", "edgeGrading")]
    low = words.lower()
    said = {name for name in names if re.search(rf"\b(?:block|zone)s?\s+{re.escape(name.lower())}\b|"
                                                rf"\b{re.escape(name.lower())}\s+(?:block|zone)s?\b", low)}
    mentioned = {name for name in names if re.search(rf"\b{re.escape(name.lower())}\b", low)}
    if len(said) != 1 or mentioned != said:  # "the inlet and outlet blocks": two zones, not one
        return []
    name = said.pop()
    zones = [m[1] for m in _ZONE.finditer(fd.strip_comments(text))]
    return [b for b, zone in enumerate(zones) if zone == name] if len(zones) == len(_ANY_HEX.findall(
        fd.strip_comments(text))) else []


def set_block_count(text: str, blocks: list[int], g: int | None, n: int) -> tuple[str, str]:
    """`n` cells along global direction `g` (None: each block's longest axis) in the given blocks,
    every block that shares their faces along it following (its group); the new text and the
    axis used. Raises PlanError when a block has no axis along `g` or the blocks disagree."""
    layout = read_layout(text)
    wanted: dict[int, int] = {}
    for b in blocks:
        a = max(range(3), key=lambda k: _edge(layout, b, k)[1]) if g is None else _along(layout, b, g)[0]
        if layout.counts[b][a] == 1 and n != 1:
            raise PlanError(f"block {b} has one cell along that direction (its 2-D or 1-D direction): state a "
                            "direction it resolves")
        wanted[layout.groups[b][a]] = n
    new = with_counts(text, layout, wanted)
    back = read_layout(new)
    if any(back.counts[b][a] != n for b in blocks for a in range(3) if back.groups[b][a] in wanted):
        raise PlanError(f"{n} cells could not be set on the named block (read back differs)")
    return new, "along its length" if g is None else f"along {AXES[g]}"


def size_along(text: str, sizes: dict[int, float], scale: float = 1.0) -> str:
    """The blockMeshDict with cells of about `sizes[g]` metres along each given global direction g
    ("2 mm in x, 1 mm in y"): every group of block axes along g gets its mean edge length (times
    `scale`, convertToMeters) over the size, at least one cell; the other directions keep theirs.
    Raises PlanError when a block has no axis along a given direction or a group runs along two."""
    if any(size <= 0 for size in sizes.values()):
        raise PlanError("a cell size must be positive")
    layout = read_layout(text)
    lengths: dict[int, list[float]] = {}
    direction: dict[int, int] = {}
    for g in sizes:
        for b in range(len(layout.corners)):
            a = _along(layout, b, g)[0]
            group = layout.groups[b][a]
            if direction.setdefault(group, g) != g:
                raise PlanError(f"a chain of blocks runs along {AXES[direction[group]]} and {AXES[g]} at once; state "
                                "one cell size for every direction")
            lengths.setdefault(group, []).append(_edge(layout, b, a)[1] * scale)
    counts = {group: max(1, round(sum(ls) / len(ls) / sizes[direction[group]])) for group, ls in lengths.items()}
    return with_counts(text, layout, counts)
