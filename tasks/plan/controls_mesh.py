"""Mesh resolution a request states in words, as edits of the base's blockMeshDict.

A cell size ("cells of 5 mm", "cell edge 1 cm"), cell counts ("20 x 20 per block", "100 cells
along x", "80 cells in y per block"), a total ("about 20000 cells") or a refinement factor ("twice
as fine", "coarsen by 2 in y", "twice as many cells across the channel") on the tutorial's own
blockMeshDict: one block or several, an m4 template expanded, counts as variables, the one
region mesh of a multi-region case (system/solid/blockMeshDict), or the dictionary the Allrun
builds the solver's mesh from (`blockMesh -dict system/blockMeshDict.fine`: tasks.plan.mesh_files).
Counts around, radial or along the axis of a curved or wedge mesh follow its blocks' own
directions (tasks.plan.mesh_directions). A direction with one cell in every block (the flat
direction of a 2-D or 1-D mesh) is never refined. Pure apart from reading the base's files (and
running m4 on a template).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tasks.core.errors import PlanError
from tasks.foam import block_layout, block_vars
from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.foam.allrun_inputs import mesh_dictionaries
from tasks.foam.files import find_file, read_text
from tasks.foam.generated_mesh import generator_vector, mesh_generator
from tasks.foam.m4 import expand_template
from tasks.plan.controls import mesh_refinement, refinement_direction, total_cells
from tasks.plan.controls_axis import count_axis
from tasks.plan.controls_refine import total_limit
from tasks.plan.extract import normalise
from tasks.plan.manifest import FileEdit
from tasks.plan.mesh_files import BLOCK_MESH_DICT as _BMD
from tasks.plan.mesh_files import MESH_ROLES, block_mesh_file, labelled_counts, literal_counts, mesh_label
from tasks.plan.mesh_directions import curved_counts, set_curved_cells
from tasks.plan.stated import Binding, NotApplied, StatedQuantity



@dataclass
class MeshChange:
    """What the request's mesh words do to the base's blockMeshDict: edits, what they bind, what
    could not be applied, and the stated quantities taken here (no other binder sets them)."""

    edits: list[FileEdit] = field(default_factory=list)
    bindings: list[Binding] = field(default_factory=list)
    not_applied: list[NotApplied] = field(default_factory=list)
    assumptions: list[str] = field(default_factory=list)
    taken: list[StatedQuantity] = field(default_factory=list)
    file: str = _BMD  # the blockMeshDict the edits go to (a region's: system/solid/blockMeshDict)


def base_block_mesh(base_dir: Path, m4: str | None, rel: str | None = None) -> str | None:
    """The base's blockMeshDict as blockMesh reads it: its own (or its one region's, see
    block_mesh_file), else its m4 template expanded (as the tutorial's scripts do, and as the
    writer does); None when it has neither."""
    if m4 is None:
        path = Path(rel or block_mesh_file(base_dir))
        found = find_file(base_dir / path.parent, path.name)
        return read_text(found) if found is not None else None
    return expand_template(base_dir / m4, base_dir)


def gravity_axis(base_dir: Path) -> int:
    """The axis the base's gravity (constant/g) runs along; y when it has none."""
    found = find_file(base_dir / "constant", "g")
    raw = fd.get(read_text(found), ["value"]) if found is not None else None
    numbers = [abs(float(x)) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw or "")]
    return max(range(3), key=lambda a: numbers[a]) if len(numbers) == 3 and any(numbers) else 1


def _scale_of(text: str) -> float:
    raw = fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1"
    try:
        return float(raw)
    except ValueError:
        return 1.0


def _blocks_edit(change: MeshChange, old: str, new: str, words: str, how: str) -> None:
    before, after = geometry.block_cells(old), geometry.block_cells(new)
    value = fd.get(new, ["blocks"]) or ""
    span = fd.find(new, ["blocks"])  # the edit keeps the blocks' layout and comments
    raw = new[span.value_start:span.value_end].strip().rstrip(";").strip() if span is not None else value
    raw = "\n".join(line for line in fd.strip_comments(raw).splitlines() if line.strip())  # as the checker reads it
    # one edit of the blocks holds every change (a count along x, then one along y); each binding the final blocks
    change.edits = [e for e in change.edits if e.entry != ["blocks"]]
    change.edits.append(FileEdit(file=change.file, entry=["blocks"], value=raw or value, reason=how, locked=True))
    change.bindings = [b.model_copy(update={"value": value}) if b.entry == ["blocks"] else b for b in change.bindings]
    change.bindings.append(Binding(stated=words, file=change.file, entry=["blocks"], value=value, how=how))
    change.assumptions.append(f"{words}: cells per block {' '.join(f'({a} {b} {c})' for a, b, c in before)} -> "
                              f"{' '.join(f'({a} {b} {c})' for a, b, c in after)}")


# a length said as the size of the cells: "25 cm cells", "0.5 cm on a side cells", "cubic 10 cm cells"
_CELLS_AFTER = re.compile(r"\s*(?:-\s*)?(?:(?:cubic|square|uniform|equal|regular|wide|long)\s+|on\s+a\s+side\s+)?"
                          r"(?:grid\s+|mesh\s+)?cells?\b(?!\s+(?:across|along|in|per|over)\b)", re.I)
# "cells of 5 mm" (a size when nothing follows it), "cell edge 1 cm", "cell side length: 2 mm", "a cell width
# of about 4 mm", "grid spacing 1 cm", "Δx = Δy = 1 mm", "dx = 0.5 mm" (a size whatever follows)
_APPROX = r"(?:about\s+|roughly\s+|around\s+|approximately\s+|~\s*)?"
_CELLS_BEFORE = re.compile(rf"\bcells?\s+(?:of\s+)?{_APPROX}$", re.I)
_SIZE_BEFORE = re.compile(r"(?:\bcells?[\s-]+(?:edges?|sides?|size|width|length|spacing|pitch)(?:\s+length)?"
                          r"|\b(?:mesh|grid)\s+(?:spacing|pitch|step)|(?<![\w])(?:Δ|delta\s*|d)[xyz](?:\s*=\s*(?:Δ|delta\s*|d)[xyz])*)"
                          rf"\s*(?:=|:|of|is|equal\s+to|set\s+to)?\s*{_APPROX}$", re.I)


def stated_cell_size(text: str, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The first stated length that is the size of the mesh cells (role cell_size, or a length whose
    words make it one: "square cells 2.5 mm on a side", "cells 2 mm across")."""
    return next((q for q in stated if q.role == "cell_size" or
                 (q.quantity == "length" and q.role in ("geometry", "particle_diameter") and names_cell_size(text, q))),
                None)


def names_cell_size(text: str, q: StatedQuantity) -> bool:
    """The length `q` is the size of the mesh cells ("25 cm cells", "cells 0.5 cm on a side",
    "cell edge 1 cm"), not a dimension of the domain."""
    at = text.find(q.text)
    if at < 0:
        return False
    after, before = text[at + len(q.text):], text[max(0, at - 40):at]
    if _CELLS_AFTER.match(after) or _SIZE_BEFORE.search(before):
        return True
    return bool(_CELLS_BEFORE.search(before)) and \
        bool(re.match(r"\s*(?:on\s+a\s+side|each|wide|across|in\s+size|per\s+side|on\s+each\s+side|everywhere|throughout"
                     r"|in\s+(?:each|every|both|all)\s+directions?)?\s*(?:[,;.)]|$|and\b)", after))


_PER_BLOCK = re.compile(r"\b(?:per|in\s+each|in\s+every|for\s+each|each|every)\s+(?:of\s+the\s+(?:\w+\s+)?)?"
                        r"(?:blocks?|halves|half)\b")


def cells_on_blocks(bmd: str, dims: list[int], per_block: bool) -> tuple[str, str]:
    """A mesh of several blocks with the stated cell counts (x y [z]; two counts are the two
    resolved directions of a 2-D mesh): `per_block`, each block gets them (its blocks must all
    have the same counts, or shared faces would not match); else each direction's total across
    the blocks (pitzDaily: 18 + 180 + 25 in x) is scaled to the stated count, every block in
    proportion. Returns the new text and what was done."""
    blocks = geometry.block_cells(bmd)
    if not blocks:
        raise PlanError("the base's blockMeshDict has no blocks with plain cell counts")
    flat = geometry.empty_axes(bmd)
    axes = [a for a in range(3) if a not in flat] if len(dims) == 2 and flat else [0, 1, 2][:len(dims)]
    if len(dims) != len(axes):
        raise PlanError(f"{len(dims)} cell counts for a mesh that resolves {3 - len(flat)} directions; "
                        "state one count per resolved direction")
    if not per_block:  # each direction's total over the blocks met along a line through the domain
        new = block_layout.set_totals(bmd, dict(zip(axes, dims)))
        return new, f"{' x '.join(str(n) for n in dims)} cells across the blocks ({_per_block_counts(new)})"
    if len(set(blocks)) != 1:
        raise PlanError(f"the base's {len(blocks)} blocks have different cell counts {sorted(set(blocks))}: "
                        "the same counts in every block would not match at their shared faces; ask for a "
                        "refinement factor ('twice as fine') or a cell size")
    factors = [1.0, 1.0, 1.0]
    for axis, n in zip(axes, dims):
        factors[axis] = n / blocks[0][axis]
    return geometry.scale_blocks(bmd, factors), f"{' x '.join(str(n) for n in dims)} cells in every block"


def _per_block_counts(bmd: str) -> str:
    """'blocks (16 26 1) (162 24 1) ...': the counts written, for the report."""
    return "blocks " + " ".join(f"({a} {b} {c})" for a, b, c in geometry.block_cells(bmd))


def axis_named(text: str, q: StatedQuantity, up: int = 1, bmd: str | None = None) -> int | str | None:
    """The direction a cell count's clause names (tasks.plan.controls_axis.count_axis): 0, 1 or 2
    (x, y, z), "along" for "along the channel" (the longest side) when `bmd` is not given, None
    when its clause names none. `up` is the axis gravity runs along ("along the height")."""
    at = text.lower().find(q.text.lower())
    if at < 0:
        return None
    shape = geometry.block_extents(bmd) if bmd else None
    return count_axis(text, at, at + len(q.text), up, shape[0] if shape else None, set(shape[1]) if shape else set())


def only_resolved(bmd: str) -> int | None:
    """The one direction a 1-D mesh resolves (boundaryFoam's channel: y; a shock tube: x): the only
    axis along which some block has more than one cell; None when the mesh resolves more or none."""
    resolved = {a for block in geometry.block_cells(bmd) for a in range(3) if block[a] > 1}
    return resolved.pop() if len(resolved) == 1 else None


def cells_along(bmd: str, n: int, axis: int | str | None) -> tuple[str, str]:
    """A mesh of several blocks with `n` cells across its blocks along one direction (x, y, z, or
    "along": the longest side): the blocks' counts in that direction scaled in proportion."""
    extents = geometry.block_extents(bmd)
    if extents is None:
        raise PlanError("the base's blockMeshDict vertices are not plain numbers: ask for a refinement factor")
    if axis == "along":
        axis = max(range(3), key=lambda a: extents[0][a])
    axis = only_resolved(bmd) if axis is None else axis
    if axis is None:
        raise PlanError("a cell count for one direction needs the direction (x, y, z, along the length, across)")
    new = block_layout.set_totals(bmd, {int(axis): n})
    if any(b >= 2 > a for new_block, old_block in zip(geometry.block_cells(new), geometry.block_cells(bmd))
           for a, b in zip(new_block, old_block)):
        raise PlanError(f"{n} cells along {'xyz'[int(axis)]} across the base's blocks "
                        f"({block_layout.line_total(block_layout.read_layout(bmd), int(axis))} now) would leave a "
                        "block one cell thick; state the count per block or a refinement factor")
    return new, f"{n} cells along {'xyz'[int(axis)]} across the blocks ({_per_block_counts(new)})"


def cells_along_each_block(bmd: str, n: int, axis: int | str | None) -> tuple[str, str]:
    """`n` cells along one direction in every block ("80 cells in y per block"): the blocks must
    hold the same count along it now, so that their shared faces still match."""
    if axis == "along":
        extents = geometry.block_extents(bmd)
        axis = max(range(3), key=lambda a: extents[0][a]) if extents else None
    axis = only_resolved(bmd) if axis is None else axis
    if axis is None:
        raise PlanError("a cell count for one direction needs the direction (x, y, z, along the length, across)")
    now = {block[int(axis)] for block in geometry.block_cells(bmd)}
    if len(now) != 1:
        raise PlanError(f"the base's blocks have different counts along {'xyz'[int(axis)]} {sorted(now)}: the same "
                        "count in every block would not match at their shared faces; state the total count")
    factors = [1.0, 1.0, 1.0]
    factors[int(axis)] = n / now.pop()
    return geometry.scale_blocks(bmd, factors), f"{n} cells along {'xyz'[int(axis)]} in every block"


_HALF = re.compile(r"^\s*(?:cells?\s+)?(?:across|along|over|in|for|on)?\s*(?:the\s+|each\s+|every\s+|one\s+)?"
                   r"half[\s-]?(?:height|width|channel|gap|depth|domain)?\b")


def halves_of(bmd: str, text: str, q: StatedQuantity, axis: int | str | None) -> int:
    """2 when the count is said of one half of the domain ("12 cells across the half height",
    "20 cells over each half-channel") and the mesh splits that direction into two blocks of the
    same extent (channel395's lower and upper halves); else 1."""
    at = text.lower().find(q.text.lower())
    if at < 0 or not isinstance(axis, int) or not _HALF.match(text.lower()[at + len(q.text):]):
        return 1
    points = geometry.block_points(bmd)
    if points is None:
        return 1
    values = sorted({round(p[axis], 9) for p in points})
    return 2 if len(values) == 3 and abs((values[1] - values[0]) - (values[2] - values[1])) <= 1e-6 * (
        values[2] - values[0]) else 1


def _zone_count(bmd: str, text: str, q: StatedQuantity, up: int) -> tuple[str, str] | None:
    """A count said of a block the tutorial names ("60 cells along the outlet block", "20 cells in
    x in block bend1"): set on that block's axis along the named direction (its longest for
    "along"), the blocks sharing its faces following; None when the clause names no one zone or
    no direction."""
    at = text.lower().find(q.text.lower())
    if at < 0:
        return None
    after = re.split(r"[,;:]|\.\s", text[at + len(q.text):at + len(q.text) + 60])[0]
    before = re.split(r"[,;:]|\.\s", text[max(0, at - 40):at])[-1]
    blocks = block_layout.named_blocks(bmd, before + " " + after)
    if not blocks:
        return None
    axis = axis_named(text, q, up)
    if axis is None and not re.search(r"\balong\b", after.lower()):
        return None
    new, where = block_layout.set_block_count(bmd, blocks, axis if isinstance(axis, int) else None, int(q.value))
    return new, f"{int(q.value)} cells {where} in the named block ({_per_block_counts(new)})"


def _per_block_after(text: str, q: StatedQuantity) -> bool:
    """The words after a count, in its clause, say it is each block's ("80 cells in y per block")."""
    at = text.lower().find(q.text.lower())
    after = re.split(r"[,;.:]", text.lower()[at + len(q.text):at + len(q.text) + 50])[0] if at >= 0 else ""
    return bool(_PER_BLOCK.search(after))


def generated_cells(base_dir: Path, text: str, stated: list[StatedQuantity]) -> MeshChange | None:
    """Cell counts of a mesh a generator makes (createBoxTurb's `N` in constant/createBoxTurbDict, see
    canonical/mesh_generators.yaml) written there, not in a blockMeshDict nothing reads: "32^3" or
    "48 x 48 x 24" (the three counts), "32 cells in each direction" (every axis), "40 cells in x" (that
    axis; the others kept). None when the base's mesh is not a generator's with a cells entry, or no
    count is stated."""
    gen = mesh_generator(base_dir)
    counts = [q for q in stated if q.role in ("mesh_cells", "mesh_cells_each", "mesh_cells_axis")]
    if gen is None or gen.cells is None or not counts:
        return None
    rel = gen.dictionary
    now = [int(n) for n in generator_vector(base_dir, gen, gen.cells) or (0, 0, 0)]
    change = MeshChange(file=rel)
    for q in counts:
        if q.role == "mesh_cells" and q.dims and len(q.dims) == 3:
            now = [int(n) for n in q.dims]
        elif q.role == "mesh_cells_each" or (q.role == "mesh_cells" and not q.dims):
            now = [int(q.value)] * 3
        elif isinstance(axis := axis_named(text, q), int) and 0 <= axis < 3:
            now[axis] = int(q.value)
        else:
            change.not_applied.append(NotApplied(text=q.text, reason=f"which direction of the {gen.application} box "
                                                 f"{q.text} is for is not said: say 'in x', 'in y' or 'in z'"))
            change.taken.append(q)
            continue
        change.taken.append(q)
    value = "(" + " ".join(str(n) for n in now) + ")"
    how = f"{gen.application} makes the mesh: {gen.cells} {value} in {rel}"
    if len(change.taken) > len(change.not_applied):
        change.edits.append(FileEdit(file=rel, entry=[gen.cells], value=value, reason=how, locked=True))
        change.bindings += [Binding(stated=q.text, file=rel, entry=[gen.cells], value=value, how=how)
                            for q in change.taken if not any(n.text == q.text for n in change.not_applied)]
    return change


def mesh_words(base_dir: Path, m4: str | None, text: str, stated: list[StatedQuantity]) -> MeshChange:
    """The request's mesh resolution as edits of the base's blockMeshDict (`_mesh_edits`), or of a mesh
    generator's dictionary (`generated_cells`); when the
    tutorial builds several meshes (blockMeshDict.coarse and .fine), the one it says ("the fine
    mesh 50 x 50", else the one the solver runs on), each count on the mesh it names when it
    names several ("coarse mesh 20 x 20, fine mesh 50 x 50"), and the mesh named in the bindings."""
    if m4 is None and (generated := generated_cells(base_dir, text, stated)) is not None:
        return generated  # a mesh createBoxTurb makes: its own cell counts
    scripted = mesh_dictionaries(base_dir) if m4 is None else []
    split = labelled_counts(normalise(text), scripted, stated)
    if not split:
        return _named_mesh(_mesh_edits(base_dir, m4, text, stated), scripted)
    change = MeshChange()
    for rel, own in split.items():
        others = [q for other, qs in split.items() if other != rel for q in qs]
        part = _named_mesh(_mesh_edits(base_dir, m4, text, [q for q in stated if not any(q is o for o in others)], rel),
                           scripted)
        change.edits += part.edits
        change.bindings += part.bindings
        change.not_applied += part.not_applied
        change.assumptions += part.assumptions
        change.taken += [q for q in part.taken if not any(q is t for t in change.taken)]
    return change


def _named_mesh(change: MeshChange, scripted: list[str]) -> MeshChange:
    """The bindings of a change to one of several meshes say which mesh it is ("the fine mesh
    (system/blockMeshDict.fine)"), and whether the solver runs on it."""
    others = [rel for rel in scripted if rel != change.file]
    if not (change.bindings and others and change.file in scripted):
        return change
    label = mesh_label(change.file)
    which = f"the {label} mesh ({change.file})" if label else change.file
    change.bindings = [b.model_copy(update={"how": f"{which}: {b.how}"}) for b in change.bindings]
    runs = "the mesh the solver runs on" if change.file == scripted[-1] else \
        f"named in the request (the solver runs on {scripted[-1]})"
    change.assumptions.append(f"mesh resolution set on {which}, {runs}; {', '.join(others)} left as in the tutorial")
    return change


def _mesh_edits(base_dir: Path, m4: str | None, text: str, stated: list[StatedQuantity],
                rel: str | None = None) -> MeshChange:
    """The request's mesh resolution as edits of the base's blockMeshDict (its own, or the one its
    m4 template expands to): a cell size ("cells of 5 mm", "25 cm cells") on any block mesh where
    the binder cannot set it; cell counts ("20 x 20 per block", "100 cells along x") on a mesh of
    several blocks; a refinement factor ("twice as fine", "halve the cell size", "coarsen by 2")
    on any block mesh, its counts plain or variables (a snappyHexMesh background mesh). A
    refinement factor beside stated counts or sizes is not applied on top of them."""
    change = MeshChange(file=_BMD if m4 is not None else rel or block_mesh_file(base_dir, text))
    sizes = [q for q in stated if q.role == "cell_size"]
    said = [q for q in stated if q.role == "geometry" and names_cell_size(text, q)]  # "25 cm cells"
    per_axis = [(q, axis) for q in stated if q.role in ("cell_size", "geometry") and
                (axis := size_axis(text, q)) is not None]  # "cells 2 mm in x and 1 mm in y"
    if per_axis:
        sizes = said = []
    counts = [q for q in stated if q.role in ("mesh_cells", "mesh_cells_axis", "mesh_cells_each")]
    refine = mesh_refinement(text)
    total = total_cells(text)
    total_q = next((q for q in counts if total and q.role == "mesh_cells_axis" and abs(q.value - total[0]) < 0.5), None)
    counts = [q for q in counts if q is not total_q]
    if not (sizes or said or per_axis or counts or refine or total):
        return change
    bmd = base_block_mesh(base_dir, m4, change.file)
    if bmd is None:
        if refine is not None:
            change.not_applied.append(NotApplied(text=refine[1], reason="the base mesh is not made by blockMesh "
                                                 "(imported, or snappyHexMesh without a background blockMeshDict): "
                                                 "refine it by hand"))
        return change
    # the binder sets counts and sizes on a one-block system/blockMeshDict; a region's mesh or a mesh of
    # several blocks (or an m4 template) is changed here
    # counts and sizes are set on the blocks as numbers ($nx, $ny read where they are defined); a
    # refinement scales the variables themselves
    # vertices and counts written with variables or #eval/#calc (channel395, standingWave) read as numbers
    read = literal_counts(block_vars.plain_text(bmd)) if sizes or said or per_axis or counts else bmd
    curved = curved_counts(read, text, counts)  # "40 cells around", "20 radially": the blocks' own directions
    counts = [q for q in counts if not any(q is c for c, _ in curved)]
    read = _curved_cells(change, read, curved)
    several = m4 is not None or len(geometry.block_cells(read)) > 1 or change.file != _BMD or bool(curved)
    if per_axis:  # "cells 2 mm in x and 1 mm in y": each direction its own size
        read = _axis_sizes(change, read, per_axis)
    read = _size_cells(change, read, (sizes[:1] if several else []) + ([] if sizes else said[:1]))
    if several:
        read = _count_cells(change, read, text, counts, gravity_axis(base_dir))
    _counts_as_variables(change, bmd, read)
    bmd = read if change.edits else bmd
    if total is not None and not (sizes or said[:1] or per_axis or counts):
        if total_q is not None:
            change.taken.append(total_q)
        _total_cells(change, bmd, total[0], total_q.text if total_q is not None else total[1],
                     bool((limit := total_limit(text)) and limit[1]))
    elif refine is not None:
        _refine(change, bmd, refine[0], refine[1], any(q.role in MESH_ROLES for q in stated if q is not total_q),
                refinement_axes(normalise(text), refine[2] + len(refine[1]), bmd))
    return change


# a hex block's three cell counts, numbers or variables: `(20 20 1)`, `($nx $ny $nz)`
_COUNTS = re.compile(r"\bhex\s*\([^()]*\)\s*(?:[A-Za-z_][\w.:-]*\s*)?\(\s*(\$?:?[\w.:]+)\s+(\$?:?[\w.:]+)\s+"
                     r"(\$?:?[\w.:]+)\s*\)")


def _counts_as_variables(change: MeshChange, original: str, new: str) -> None:
    """The blocks' new counts written as the variables the base's blocks name (`nR 14;` for
    `($nR $nR $nZ)`), not as numbers over them, when every changed count is one of them; the
    bindings stay on the blocks (read back with the variables resolved)."""
    if "$" not in original or not any(e.entry == ["blocks"] and e.file == change.file for e in change.edits):
        return
    values = block_vars.count_variable_values(original, geometry.block_cells(new))
    if not values:
        return
    how = "cell counts set where the blocks' variables are defined: " + ", ".join(f"{k} {v}" for k, v in values.items())
    change.edits = [e for e in change.edits if not (e.entry == ["blocks"] and e.file == change.file)]
    change.edits += [FileEdit(file=change.file, entry=[name], value=str(n), reason=how, locked=True)
                     for name, n in values.items()]
    change.assumptions.append(how)


def resolved_block_cells(bmd: str) -> list[tuple[int, int, int]]:
    """Every hex block's cell counts, its variables ($nx, $:backgroundMesh.xCells) read where
    they are defined; raises PlanError when one is neither a whole number nor such a variable."""
    plain = geometry.block_cells(bmd)
    if plain and len(plain) == len(_COUNTS.findall(fd.strip_comments(bmd))):
        return plain
    values = {tuple(path): value for path, value, _ in geometry.count_variables(bmd)}
    out: list[tuple[int, int, int]] = []
    for m in _COUNTS.finditer(fd.strip_comments(bmd)):
        counts = []
        for token in m.groups():
            path = tuple(part for part in re.split(r"[.:/]", token.lstrip("$:")) if part)
            if token.startswith("$") and path in values:
                counts.append(values[path])
            elif token.isdigit():
                counts.append(int(token))
            else:
                raise PlanError(f"system/blockMeshDict: the cell count {token} of a block is not a whole number; "
                                "ask for a refinement factor")
        out.append((counts[0], counts[1], counts[2]))
    return out


def total_factor(bmd: str, n: int) -> tuple[float, int]:
    """(factor for every resolved direction, cells now) that brings a block mesh (counts plain or
    variables) to about `n` cells in all; raises PlanError when its counts cannot be read."""
    blocks = resolved_block_cells(bmd)
    if not blocks:
        raise PlanError("the base's blockMeshDict has no hex blocks whose cell counts can be read")
    now = sum(a * b * c for a, b, c in blocks)
    resolved = [axis for axis in range(3) if any(block[axis] > 1 for block in blocks)]
    return (n / now) ** (1.0 / max(1, len(resolved))), now


def scaled_total(bmd: str, factor: float) -> int:
    """The cells a block mesh holds once every resolved direction is scaled by `factor` (rounded per
    block count as the scaling writes them; variables read where they are defined)."""
    plain = block_vars.plain_text(bmd)
    return sum(a * b * c for a, b, c in resolved_block_cells(
        geometry.scale_blocks(literal_counts(plain), refine_factors(plain, factor, None))))


def fitted_total_factor(bmd: str, n: int, at_most: bool, tries: int = 8) -> tuple[float, int, int]:
    """(factor, cells now, cells after) that brings a block mesh to about `n` cells (within 10 %) or,
    `at_most`, to no more than `n`: the ideal factor corrected by the cells the rounded counts give;
    raises PlanError when the counts cannot be read or no factor meets `n`."""
    factor, now = total_factor(bmd, n)
    resolved = max(1, _resolved_axes(bmd))
    aim = n * (0.97 if at_most else 1.0)
    best: tuple[float, int] | None = None
    for _ in range(tries):
        after = scaled_total(bmd, factor)
        fits = after <= n if at_most else abs(after - n) <= 0.1 * n
        if fits and (best is None or abs(after - n) < abs(best[1] - n)):
            best = (factor, after)
        if fits and abs(after - n) <= 0.03 * n:
            break
        factor *= (aim / after) ** (1.0 / resolved)
    if best is None:
        raise PlanError(f"no scaling of the base's blocks gives {'at most' if at_most else 'about'} {n} cells "
                        f"(the nearest rounded count is {after}); state counts per direction instead")
    return best[0], now, best[1]


def _resolved_axes(bmd: str) -> int:
    """How many directions some block of the mesh has more than one cell along."""
    return sum(1 for axis in range(3) if any(block[axis] > 1 for block in resolved_block_cells(bmd)))


def _total_cells(change: MeshChange, bmd: str, n: int, words: str, at_most: bool = False) -> None:
    """About `n` cells in all (no more than `n` when `at_most`): every resolved direction of every
    block scaled by the same factor, the count chosen reported."""
    try:
        factor, now, after = fitted_total_factor(bmd, n, at_most)
    except PlanError as err:
        change.not_applied.append(NotApplied(text=words, reason=str(err)))
        return
    _refine(change, bmd, factor, words, False)
    change.assumptions.append(f"{words}: the base's {now} cells, every resolved direction x{factor:.3g}: {after} cells")


def refinement_axes(text: str, end: int, bmd: str) -> list[int] | None:
    """The axes (0 x, 1 y, 2 z) a refinement ending at `end` of the normalised text is
    restricted to by the words right after it (tasks.plan.controls.refinement_direction; "along
    the duct" is the mesh's longest side); None for every resolved direction."""
    said = refinement_direction(text, end)
    if said != "along":
        return said
    extents = geometry.block_extents(bmd)
    return [max(range(3), key=lambda a: extents[0][a])] if extents else None


def _size_cells(change: MeshChange, bmd: str, sizes: list[StatedQuantity]) -> str:
    """Cells of the stated size in every block; returns the blockMeshDict as changed."""
    for q in sizes:
        change.taken.append(q)
        try:
            new = geometry.size_blocks(bmd, q.value, _scale_of(bmd))
        except PlanError as err:
            change.not_applied.append(NotApplied(text=q.text, reason=str(err)))
            continue
        _blocks_edit(change, bmd, new, q.text, f"cells of about {q.text} in every block")
        bmd = new
    return bmd


def _axis_sizes(change: MeshChange, bmd: str, sized: list[tuple[StatedQuantity, int]]) -> str:
    """Cells of a stated size along each named direction, on one block or many; returns the
    blockMeshDict as changed."""
    change.taken.extend(q for q, _ in sized)
    try:
        new = block_layout.size_along(bmd, {axis: q.value for q, axis in sized}, _scale_of(bmd))
    except PlanError as err:
        change.not_applied.extend(NotApplied(text=q.text, reason=str(err)) for q, _ in sized)
        return bmd
    for q, axis in sized:
        _blocks_edit(change, bmd, new, q.text, f"cells of about {q.text} along {'xyz'[axis]} ({_per_block_counts(new)})")
    return new


# a cell size said for one direction: "cells 2 mm in x", "1 mm along y", "2 mm in the x direction"
_SIZE_AXIS_AFTER = re.compile(r"\s*(?:in|along)\s+(?:the\s+)?([xyz])(?:[- ]?(?:direction|axis))?\b(?!\s*[=:])", re.I)
# what may stand between the cell word and a later size of a list ("cells 2 mm in x and 1 mm in y")
_SIZE_LIST_BEFORE = re.compile(r"\b(?:cells?|cell\s+sizes?|grid\s+spacing|spacing)\s+(?:of\s+)?"
                               r"(?:[\d.]+\s*[a-zμ]+\s+(?:in|along)\s+(?:the\s+)?[xyz](?:[- ]?direction)?\s*(?:,|and|,\s*and)\s*)*$",
                               re.I)
_SIZE_SYMBOL_BEFORE = re.compile(r"(?<![\w])(?:Δ|delta\s*|d)([xyz])\s*(?:=|:|of|is)?\s*$", re.I)


def size_axis(text: str, q: StatedQuantity) -> int | None:
    """The direction a cell size is said for ("cells 2 mm in x and 1 mm in y", "dx = 2 mm"), None
    when it is said for every direction or is no cell size."""
    at = text.find(q.text)
    if at < 0 or q.quantity != "length":
        return None
    before, after = text[max(0, at - 80):at], text[at + len(q.text):]
    symbol = _SIZE_SYMBOL_BEFORE.search(before)
    if symbol:
        return "xyz".index(symbol[1].lower())
    m = _SIZE_AXIS_AFTER.match(after)
    if m and _SIZE_LIST_BEFORE.search(before):
        return "xyz".index(m[1].lower())
    return None


def _curved_cells(change: MeshChange, bmd: str, curved: list[tuple[StatedQuantity, str]]) -> str:
    """Each count along a direction of a curved mesh set on the blocks' chains along it; returns
    the blockMeshDict as changed."""
    for q, kind in curved:
        change.taken.append(q)
        try:
            new, how = set_curved_cells(bmd, kind, int(q.value))
        except PlanError as err:
            change.not_applied.append(NotApplied(text=q.text, reason=str(err)))
            continue
        _blocks_edit(change, bmd, new, q.text, how)
        bmd = new
    return bmd


def _count_cells(change: MeshChange, bmd: str, text: str, counts: list[StatedQuantity], up: int = 1) -> str:
    """Stated cell counts on a mesh of several blocks: "20 x 20" (per block, or the totals across
    the blocks), "100 cells along x" (one direction's total); returns the blockMeshDict as changed."""
    per_block = bool(_PER_BLOCK.search(text.lower()))
    whole = [q for q in counts if q.role == "mesh_cells" and q.dims][:1]  # the first "N x M" only
    for q in [q for q in counts if q.role in ("mesh_cells_axis", "mesh_cells_each") or any(q is w for w in whole)]:
        change.taken.append(q)
        try:
            if q.role == "mesh_cells_each":  # "32 cells per side": that count along every resolved direction
                flat = set(geometry.flat_axes(bmd)) | set(geometry.empty_axes(bmd))
                new, how = cells_on_blocks(bmd, [1 if a in flat else int(q.value) for a in range(3)], per_block)
            elif q.role == "mesh_cells":
                new, how = cells_on_blocks(bmd, [int(d) for d in q.dims or []], per_block)
            elif (zone := _zone_count(bmd, text, q, up)) is not None:  # "60 cells along the outlet block"
                new, how = zone
            elif _per_block_after(text, q):
                new, how = cells_along_each_block(bmd, int(q.value), axis_named(text, q, up, bmd))
            else:
                axis = axis_named(text, q, up, bmd)
                new, how = cells_along(bmd, int(q.value) * halves_of(bmd, text, q, axis), axis)
        except PlanError as err:
            change.not_applied.append(NotApplied(text=q.text, reason=str(err)))
            continue
        _blocks_edit(change, bmd, new, q.text, how)
        bmd = new  # a count along y scales what a count along x left
    return bmd


def refine_factors(bmd: str, factor: float, axes: list[int] | None) -> list[float]:
    """Per-axis factors of a refinement: `factor` along `axes` (every axis when None), 1 along a
    direction with one cell in every block (the unresolved direction of a 2-D or 1-D mesh, its
    patches empty, cyclic or wall: boundaryFoam's one cell along x stays one)."""
    flat = set(geometry.flat_axes(bmd)) | set(geometry.empty_axes(bmd))
    return [1.0 if a in flat or (axes is not None and a not in axes) else factor for a in range(3)]


def _refine(change: MeshChange, bmd: str, factor: float, words: str, sized: bool,
            axes: list[int] | None = None) -> None:
    """Every block's counts (or the variables they name) times `factor`, in every resolved
    direction or along `axes`; not on top of stated counts or sizes (`sized`)."""
    if sized:
        change.assumptions.append(f"{words}: not applied on top of the stated cell counts or size")
        return
    factors = refine_factors(bmd, factor, axes)
    where = "in every resolved direction" if axes is None else "along " + " and ".join("xyz"[a] for a in axes)
    how = f"mesh {'refined' if factor > 1 else 'coarsened'} x{factor:g} {where}"
    try:
        _blocks_edit(change, bmd, geometry.scale_blocks(bmd, factors), words, how)
        return
    except PlanError:
        pass  # counts that are variables ($:backgroundMesh.xCells): scaled where they are defined
    try:
        scaled = geometry.scaled_count_variables(bmd, factors)
    except PlanError as err:
        change.not_applied.append(NotApplied(text=words, reason=str(err)))
        return
    if not scaled:
        change.not_applied.append(NotApplied(text=words, reason="the base's blockMeshDict has no cell counts to scale"))
        return
    for path, _, new in scaled:
        change.edits.append(FileEdit(file=change.file, entry=path, value=str(new), reason=how, locked=True))
    change.bindings.append(Binding(stated=words, file=change.file, entry=scaled[0][0], value=str(scaled[0][2]), how=how))
    change.assumptions.append(f"{words}: " + ", ".join(f"{'/'.join(p)} {o} -> {n}" for p, o, n in scaled))
