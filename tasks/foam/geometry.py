"""Parametric blockMesh geometry (multi-block 2D rectangles with named boundary segments) and
edits of a blockMeshDict's blocks and patches."""

from __future__ import annotations

import re
from typing import Callable

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import PlanError
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

_HEX = re.compile(r"(hex\s*\([^)]*\)\s*)\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)")


def scale_block_cells(text: str, fx: float, fy: float, fz: float = 1.0) -> str:
    """Multiply the cell counts of every hex block in a blockMeshDict text."""
    def repl(m: re.Match[str]) -> str:
        nx, ny, nz = (int(m.group(i)) for i in (2, 3, 4))
        return f"{m.group(1)}({max(1, round(nx * fx))} {max(1, round(ny * fy))} {max(1, round(nz * fz))})"

    return _HEX.sub(repl, text)


def set_single_block_cells(text: str, cells: list[int]) -> str:
    blocks = _HEX.findall(text)
    if len(blocks) != 1:
        raise PlanError(f"expected one block in blockMeshDict, found {len(blocks)}")
    return _HEX.sub(lambda m: f"{m.group(1)}({cells[0]} {cells[1]} {cells[2] if len(cells) > 2 else m.group(4)})", text)


def block_cell_counts(text: str) -> list[tuple[int, int, int]]:
    return [(int(a), int(b), int(c)) for _, a, b, c in _HEX.findall(text)]


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
