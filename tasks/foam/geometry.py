"""Parametric blockMesh geometry (multi-block 2D rectangles with named boundary segments) and
edits of a blockMeshDict's blocks and patches."""

from __future__ import annotations

import re
from typing import Callable

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import PlanError
from tasks.foam import block_vars
from tasks.foam import dictionary as fd


class BlockSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    vertices: list[int]
    cells: list[int]
    grading: list[float]


class PatchSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    type: str
    faces: list[list[int]]


class BlockMesh(BaseModel):
    model_config = ConfigDict(extra="forbid")

    vertices: list[list[float]]
    blocks: list[BlockSpec]
    patches: list[PatchSpec]

    @property
    def n_cells(self) -> int:
        total = 0
        for b in self.blocks:
            total += b.cells[0] * b.cells[1] * b.cells[2]
        return total


# side names: "bottom" and "top" are indexed by x segment, "left" and "right" by y segment
SideNamer = Callable[[str, int], str]


def rectangle(
    x_edges: list[float],
    y_edges: list[float],
    cells_x: list[int],
    cells_y: list[int],
    name_of: SideNamer,
    patch_types: dict[str, str],
    thickness: float = 0.1,
    empty_name: str = "frontAndBack",
) -> BlockMesh:
    """A 2D (one cell thick) rectangle split at the given edges, one block per cell of the
    split grid; `name_of(side, index)` names the patch of each boundary segment."""
    nx, ny = len(x_edges) - 1, len(y_edges) - 1
    if nx < 1 or ny < 1 or len(cells_x) != nx or len(cells_y) != ny:
        raise ValueError("rectangle needs >= 2 edges per direction and one cell count per segment")
    if any(b <= a for a, b in zip(x_edges, x_edges[1:])) or any(b <= a for a, b in zip(y_edges, y_edges[1:])):
        raise ValueError("rectangle edges must increase")

    def v(i: int, j: int, k: int) -> int:
        return k * (nx + 1) * (ny + 1) + j * (nx + 1) + i

    vertices = [[x, y, z] for z in (0.0, thickness) for y in y_edges for x in x_edges]
    blocks = [
        BlockSpec(
            vertices=[v(i, j, 0), v(i + 1, j, 0), v(i + 1, j + 1, 0), v(i, j + 1, 0),
                      v(i, j, 1), v(i + 1, j, 1), v(i + 1, j + 1, 1), v(i, j + 1, 1)],
            cells=[cells_x[i], cells_y[j], 1],
            grading=[1, 1, 1],
        )
        for j in range(ny) for i in range(nx)
    ]
    faces: dict[str, list[list[int]]] = {}
    for i in range(nx):
        faces.setdefault(name_of("bottom", i), []).append([v(i, 0, 0), v(i + 1, 0, 0), v(i + 1, 0, 1), v(i, 0, 1)])
        faces.setdefault(name_of("top", i), []).append([v(i, ny, 0), v(i, ny, 1), v(i + 1, ny, 1), v(i + 1, ny, 0)])
    for j in range(ny):
        faces.setdefault(name_of("left", j), []).append([v(0, j, 0), v(0, j, 1), v(0, j + 1, 1), v(0, j + 1, 0)])
        faces.setdefault(name_of("right", j), []).append([v(nx, j, 0), v(nx, j + 1, 0), v(nx, j + 1, 1), v(nx, j, 1)])
    faces[empty_name] = [
        f for j in range(ny) for i in range(nx)
        for f in ([v(i, j, 0), v(i, j + 1, 0), v(i + 1, j + 1, 0), v(i + 1, j, 0)],
                  [v(i, j, 1), v(i + 1, j, 1), v(i + 1, j + 1, 1), v(i, j + 1, 1)])
    ]
    patch_types = {**patch_types, empty_name: "empty"}
    patches = [PatchSpec(name=name, type=patch_types.get(name, "wall"), faces=fs) for name, fs in faces.items()]
    return BlockMesh(vertices=vertices, blocks=blocks, patches=patches)


def split_cells(total: int, lengths: list[float]) -> list[int]:
    """Distribute `total` cells over segments in proportion to their lengths (at least 1 each)."""
    span = sum(lengths)
    counts = [max(1, round(total * length / span)) for length in lengths]
    return counts


# --- blockMesh ------------------------------------------------------------------------

# hex (v0 .. v7) [zoneName] (nx ny nz): the zone name is optional (angledDuct's `porosity (20 20 20)`)
_BLOCK = re.compile(r"(\bhex\s*\([^()]*\)\s*(?:[A-Za-z_][\w.:-]*\s*)?)\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)")
_ANY_HEX = re.compile(r"\bhex\s*\(")
_COORD = r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
_POINT = re.compile(rf"\({_COORD}{_COORD}{_COORD}\)")
# patch types that make an axis with one cell a non-solved direction (2-D planar or axisymmetric)
_FLAT_TYPES = frozenset({"empty", "wedge"})


def _live_blocks(text: str) -> list[re.Match[str]]:
    """The hex blocks with literal cell counts outside comments, matched on a comment-blanked copy
    of `text` (same offsets, so the spans index `text` itself)."""
    return list(_BLOCK.finditer(fd.strip_comments(text)))


def block_cells(text: str) -> list[tuple[int, int, int]]:
    """The (nx, ny, nz) of every hex block of a blockMeshDict text (zone-named or not), commented-out
    blocks left out; blocks whose counts are not plain numbers ($nx, #calc) are not listed."""
    return [(int(m[2]), int(m[3]), int(m[4])) for m in _live_blocks(text)]


def block_cell_counts(text: str) -> list[tuple[int, int, int]]:
    """Alias of `block_cells` (the name its older callers use)."""
    return block_cells(text)


def flat_axes(text: str) -> list[int]:
    """Axes (0 x, 1 y, 2 z) with one cell in every block: the non-solved direction(s) of a 2-D or
    1-D mesh, whichever axis it is (planarPoiseuille: x and z)."""
    cells = block_cells(text)
    return [axis for axis in range(3) if cells and all(c[axis] == 1 for c in cells)]


# the two faces of a hex normal to each of its local axes, as corner indices (blockMesh numbering)
_AXIS_FACES = (((0, 4, 7, 3), (1, 2, 6, 5)), ((0, 1, 5, 4), (3, 7, 6, 2)), ((0, 3, 2, 1), (4, 5, 6, 7)))
_QUAD = re.compile(r"\(\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\)")


def empty_axes(text: str) -> list[int]:
    """`flat_axes` of a real 2-D (or axisymmetric) case: one with an empty or wedge patch, or whose
    faces across the flat axis are left to blockMesh's default patch (empty unless `defaultPatch`
    says otherwise: damBreak). None for a 3-D mesh that merely has one cell along an axis and
    lists those faces in patches of its own."""
    flat = flat_axes(text)
    if not flat or _FLAT_TYPES & set(block_mesh_patches(text).values()):
        return flat
    clean = fd.strip_comments(text)
    default = fd.get(clean, ["defaultPatch", "type"])
    if default is not None:
        return flat if str(default).strip() in _FLAT_TYPES else []
    listed = _boundary_faces(clean)
    corners = [[int(v) for v in m[1][m[1].index("(") + 1:m[1].index(")")].split()] for m in _BLOCK.finditer(clean)]
    if listed is None or any(len(c) != 8 for c in corners):
        return flat  # face lists not readable (macros): the one-cell axis is taken as the flat one
    return [axis for axis in flat
            if any(frozenset(c[i] for i in face) not in listed for c in corners for face in _AXIS_FACES[axis])]


def _boundary_faces(clean: str) -> set[frozenset[int]] | None:
    """Vertex sets of the faces a (comment-free) blockMeshDict's boundary/patches list names;
    None when it has no such list."""
    m = _PATCH_LIST.search(clean)
    if m is None:
        return None
    body = clean[m.end():_closing(clean, m.end() - 1)]
    return {frozenset(int(v) for v in q.groups()) for q in _QUAD.finditer(body)}


def scale_blocks(text: str, factors: list[float]) -> str:
    """Every hex block's cell counts multiplied by `factors` (x, y, z), rounded, at least 1; zone
    names, commented-out blocks and the rest of the text stay as written. Raises when a live block's
    counts are not plain numbers ($nx, #calc), so that a refinement is never reported for a mesh it
    did not change."""
    if len(factors) != 3:
        raise PlanError(f"need three refinement factors (x y z), got {factors}")
    blocks = _live_blocks(text)
    hexes = len(_ANY_HEX.findall(fd.strip_comments(text)))
    if hexes == 0 or len(blocks) != hexes:
        raise PlanError("system/blockMeshDict: the cell counts of its blocks are not plain numbers "
                        f"({hexes} hex blocks, {len(blocks)} with literal counts); "
                        "change them by hand or with their variables")
    out, pos = [], 0
    for m in blocks:
        n = [max(1, round(int(m[i + 2]) * factors[i])) for i in range(3)]
        out += [text[pos:m.end(1)], f"({n[0]} {n[1]} {n[2]})"]
        pos = m.end()
    return "".join(out) + text[pos:]


def scale_block_cells(text: str, fx: float, fy: float, fz: float) -> str:
    """`scale_blocks` by (fx, fy, fz), except that the flat axes of a 2-D case (one cell in every
    block, with an empty or wedge patch) keep their one cell whatever their factor."""
    flat = empty_axes(text)
    return scale_blocks(text, [1.0 if axis in flat else f for axis, f in enumerate((fx, fy, fz))])


def count_variables(text: str) -> list[tuple[list[str], int, int]]:
    """(entry path, value, first local axis) of every variable a live block's cell count refers to
    (`$nx` -> ["nx"], `$:backgroundMesh.xCells` -> ["backgroundMesh", "xCells"]), each once, read by
    tasks.foam.block_vars.count_variables (derived variables such as `nz1 $nx2;` evaluated); raises
    when a referenced entry is missing or not a whole number."""
    return [(path, value, axes[0]) for path, value, axes in block_vars.count_variables(text)]


def scaled_count_variables(text: str, factors: list[float]) -> list[tuple[list[str], int, int]]:
    """(entry path, old value, new value) of the cell-count variables to set to refine by `factors`
    (x, y, z): tasks.foam.block_vars.scaled_count_variables."""
    return block_vars.scaled_count_variables(text, factors)


# the four edges of a hex along each of its local axes, as corner indices (blockMesh numbering)
_AXIS_EDGES = (((0, 1), (3, 2), (7, 6), (4, 5)), ((0, 3), (1, 2), (5, 6), (4, 7)), ((0, 4), (1, 5), (2, 6), (3, 7)))


def _block_corners(head: str, n_points: int) -> list[int] | None:
    corners = [int(i) for i in re.findall(r"\d+", head[head.index("(") + 1:head.index(")")])]
    return corners if len(corners) == 8 and max(corners) < n_points else None


def size_blocks(text: str, size: float, scale: float = 1.0) -> str:
    """Every hex block's cell counts set so that its cells are about `size` (metres) long: along
    each local axis, the mean length of the block's four edges on that axis (times `scale`, the
    dictionary's convertToMeters) over `size`, at least 1. Block axes that share an edge are
    counted together (their mean over all their edges), so blocks that share a face keep
    matching counts even where a block is not a box (angledDuct's inlet, cavityClipped). A flat
    axis of a 2-D mesh keeps its count. Raises when the vertices or counts are not plain numbers."""
    if size <= 0:
        raise PlanError(f"a cell size must be positive, got {size}")
    clean = fd.strip_comments(text)
    points = _points(clean)
    blocks = _live_blocks(text)
    if points is None or not blocks or len(blocks) != len(_ANY_HEX.findall(clean)):
        raise PlanError("system/blockMeshDict: its vertices or cell counts are not plain numbers; "
                        "ask for a refinement factor instead of a cell size")
    corners = [_block_corners(m[1], len(points)) for m in blocks]
    if any(c is None for c in corners):
        raise PlanError("system/blockMeshDict: a block names vertices the vertex list does not have")
    # union-find over (block, axis): linked when they share an edge
    parent = {(b, a): (b, a) for b in range(len(blocks)) for a in range(3)}

    def root(k: tuple[int, int]) -> tuple[int, int]:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    owner: dict[frozenset[int], tuple[int, int]] = {}
    lengths: dict[tuple[int, int], list[float]] = {k: [] for k in parent}
    for b, c in enumerate(corners):
        for a, edges in enumerate(_AXIS_EDGES):
            for i, j in edges:
                p, q = points[c[i]], points[c[j]]  # type: ignore[index]
                lengths[(b, a)].append(scale * sum((x - y) ** 2 for x, y in zip(p, q)) ** 0.5)
                key = frozenset((c[i], c[j]))  # type: ignore[index]
                if key in owner:
                    parent[root((b, a))] = root(owner[key])
                else:
                    owner[key] = (b, a)
    groups: dict[tuple[int, int], list[float]] = {}
    for k, ls in lengths.items():
        groups.setdefault(root(k), []).extend(ls)
    flat = set(empty_axes(text))
    out, pos = [], 0
    for b, m in enumerate(blocks):
        counts = [int(m[a + 2]) if a in flat else
                  max(1, round(sum(groups[root((b, a))]) / len(groups[root((b, a))]) / size)) for a in range(3)]
        out += [text[pos:m.end(1)], f"({counts[0]} {counts[1]} {counts[2]})"]
        pos = m.end()
    return "".join(out) + text[pos:]


def block_axes(text: str) -> list[tuple[int, int, int]] | None:
    """For each live block, the local axis (0, 1, 2: edge 0-1, 0-3, 0-4) that runs along the
    global x, y and z: the assignment whose edges line up best with them (a block of an m4
    template often runs its first axis along y: sloshingTank2D). None when the vertices are not
    plain numbers."""
    from itertools import permutations

    clean = fd.strip_comments(text)
    points = _points(clean)
    if points is None:
        return None
    out: list[tuple[int, int, int]] = []
    for m in _live_blocks(text):
        corners = _block_corners(m[1], len(points))
        if corners is None:
            return None
        edges = []
        for other in (1, 3, 4):
            v = [b - a for a, b in zip(points[corners[0]], points[corners[other]])]
            norm = sum(x * x for x in v) ** 0.5 or 1.0
            edges.append([abs(x) / norm for x in v])
        # perm[g] = the local axis along global axis g
        best = max(permutations(range(3)), key=lambda perm: sum(edges[perm[g]][g] for g in range(3)))
        out.append((best[0], best[1], best[2]))
    return out


def aligned_totals(text: str) -> list[int] | None:
    """Cells across a mesh of several blocks along global x, y and z, each block counted on its
    local axis along that direction (`block_axes`): per direction, the counts of the blocks that
    start at distinct coordinates, summed. None when the vertices are not plain numbers."""
    clean = fd.strip_comments(text)
    points, axes = _points(clean), block_axes(text)
    if points is None or axes is None:
        return None
    totals = []
    for g in range(3):
        starts: dict[float, int] = {}
        for m, axis in zip(_live_blocks(text), axes):
            corners = _block_corners(m[1], len(points)) or []
            start = round(min(points[i][g] for i in corners), 9)
            starts[start] = max(starts.get(start, 0), int(m[axis[g] + 2]))
        totals.append(sum(starts.values()))
    return totals


def scale_blocks_along(text: str, factors: list[float]) -> str:
    """Every block's cell counts scaled by `factors` given along global x, y and z, each applied to
    the block's local axis along that direction (`block_axes`); rounded, at least 1."""
    axes = block_axes(text)
    if axes is None:
        raise PlanError("system/blockMeshDict: its vertices are not plain numbers; ask for a refinement factor")
    out, pos = [], 0
    for m, axis in zip(_live_blocks(text), axes):
        local = [1.0, 1.0, 1.0]
        for g in range(3):
            local[axis[g]] = factors[g]
        n = [max(1, round(int(m[i + 2]) * local[i])) for i in range(3)]
        out += [text[pos:m.end(1)], f"({n[0]} {n[1]} {n[2]})"]
        pos = m.end()
    return "".join(out) + text[pos:]


def set_single_block_cells(text: str, cells: list[int]) -> str:
    """The counts of the one live hex block of `text` set to `cells` (nz kept when only two are
    given); zone name and comments stay."""
    blocks = _live_blocks(text)
    if len(blocks) != 1:
        raise PlanError(f"expected one block with plain cell counts in blockMeshDict, found {len(blocks)}: "
                        "set the counts of a multi-block mesh by refining it")
    m = blocks[0]
    nz = cells[2] if len(cells) > 2 else m[4]
    return f"{text[:m.end(1)]}({cells[0]} {cells[1]} {nz}){text[m.end():]}"


def block_points(text: str) -> list[list[float]] | None:
    """The vertices of a blockMeshDict (unscaled), its variables and #eval/#calc expressions
    evaluated; None when they cannot be read as numbers."""
    return _points(fd.strip_comments(text))


def _points(clean: str) -> list[list[float]] | None:
    vertices = fd.get(clean, ["vertices"]) or ""
    if "$" in vertices or "#" in vertices or "project" in vertices:  # ($L $H 0), #eval{ }, projected points
        return block_vars.points(clean)
    points = [[float(x) for x in m.groups()] for m in _POINT.finditer(vertices)]
    if not points or len(points) != vertices.count("(") - 1:
        return None
    return points


def axis_totals(text: str) -> list[int] | None:
    """Cells across a multi-block mesh along x, y and z: per axis, the counts of the blocks that
    start at distinct coordinates along it, summed (pitzDaily: 18 + 180 + 25 in x). None when
    the vertices are not plain numbers."""
    clean = fd.strip_comments(text)
    points = _points(clean)
    if points is None:
        return None
    totals = []
    for axis in range(3):
        starts: dict[float, int] = {}
        for m in _BLOCK.finditer(clean):
            head = m[1]
            corners = [int(i) for i in re.findall(r"\d+", head[head.index("("):head.index(")")])][:8]
            if not corners or max(corners) >= len(points):
                return None
            start = round(min(points[i][axis] for i in corners), 9)
            starts[start] = max(starts.get(start, 0), int(m[axis + 2]))
        totals.append(sum(starts.values()))
    return totals


def block_extents(text: str) -> tuple[list[float], list[int]] | None:
    """A blockMeshDict's vertex extents (x, y, z) and its flat axes (one cell in every block);
    None when its vertices are not plain numbers."""
    clean = fd.strip_comments(text)
    points = _points(clean)
    if points is None:
        return None
    return [max(p[a] for p in points) - min(p[a] for p in points) for a in range(3)], flat_axes(clean)


def set_blockmesh_patch_type(text: str, patch: str, new_type: str) -> str:
    """Change one patch's type inside a blockMeshDict's `boundary ( ... )` list."""
    span = fd.find(text, ["boundary"])
    if span is None:
        raise PlanError("blockMeshDict has no boundary list")
    open_at = text.find("(", span.value_start, span.end)
    close_at = text.rfind(")", span.value_start, span.end)
    body = text[open_at + 1:close_at]
    new_body = fd.set_entry(body, [patch, "type"], new_type) if fd.find(body, [patch]) else body
    if new_body == body and fd.find(body, [patch]) is None:
        raise PlanError(f"blockMeshDict has no patch {patch!r}")
    return text[:open_at + 1] + new_body + text[close_at:]


_PATCH_LIST = re.compile(r"(?m)^\s*(boundary|patches)\s*\(")
_NEW_STYLE = re.compile(r"\s*([\w.:-]+)\s*\{")  # boundary ( name { type wall; faces (...); } )
_OLD_STYLE = re.compile(r"\s*(\w+)\s+([\w.:-]+)\s*\(")  # patches ( wall name ( (faces) ) )


def block_mesh_patches(text: str) -> dict[str, str]:
    """Patch name -> type that a blockMeshDict defines, in either syntax (`boundary` or the old
    `patches`), read from the text itself so that an unexpanded m4 template (mixerVessel2D,
    angledDuct: macros only inside the face lists) gives the same names as its expansion."""
    text = re.sub(r"(?m)^\s*#.*$", "", fd.strip_comments(text))  # #include, #calc: no patch of their own
    m = _PATCH_LIST.search(text)
    if m is None:
        return {}
    body = text[m.end():_closing(text, m.end() - 1)]
    entry = _NEW_STYLE if m.group(1) == "boundary" else _OLD_STYLE
    patches: dict[str, str] = {}
    pos = 0
    while e := entry.match(body, pos):
        end = _closing(body, e.end() - 1)
        if m.group(1) == "boundary":
            ptype = re.search(r"\btype\s+(\w+)\s*;", body[e.end():end])
            patches[e.group(1)] = ptype.group(1) if ptype else "patch"
        else:
            patches[e.group(2)] = e.group(1)
        pos = end + 1
    return patches


def _closing(text: str, open_at: int) -> int:
    """Index of the bracket closing the one at `open_at` (either kind), or the text's end."""
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] in "({":
            depth += 1
        elif text[i] in ")}":
            depth -= 1
            if depth == 0:
                return i
    return len(text)
