"""Every stated value, looked for in the written case: found (file, entry) or not applied.

The check reads the files, not the planner's intentions: a value counts as applied only when
a dictionary entry where that role lives holds it (a velocity as a vector of that magnitude
on a patch of 0/U, an end time as controlDict's endTime, a cell count in a blockMesh hex
block, ...). Values the planner derived from a stated one (a viscosity from a Reynolds
number, a setFields box from "the left third") are checked through the planner's binding:
the entry it names must hold the value it says it wrote.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

from tasks.edit.verify_cell_size import block_scale, cell_size_built
from tasks.foam import block_vars
from tasks.foam import dictionary as fd
from tasks.foam.generated_mesh import generated_lengths
from tasks.foam.geometry import block_cell_counts
from tasks.foam.includes import expand_text, include_rel
from tasks.foam.locked import same_value
from tasks.geometry.build import GEOMETRY_RECORD, recorded_lengths
from tasks.plan.bind import edge_angles_deg
from tasks.plan.bind_dimensionless import check_group
from tasks.plan.role_places import ROLE_PLACES as _WHERE
from tasks.plan.role_places import NUMBER as _NUMBER
from tasks.plan.role_places import VECTOR as _VECTOR
from tasks.plan.role_places import close as _close
from tasks.plan.role_places import entry_holds as _entry_holds
from tasks.plan.role_places import numbers as _numbers
from tasks.plan.select_dimensions import agrees_to_stated_digits
from tasks.plan.stated import Binding, NotApplied, StatedQuantity
from tasks.plan.stated_unread import read_by_name

def _files(case: Path, globs: list[str]) -> list[Path]:
    seen: list[Path] = []
    for g in globs:
        for p in sorted(case.glob(g)):
            if p.is_file() and p not in seen and not p.name.endswith((".orig", ".gz")):
                seen.append(p)
    return seen


def find_stated(case: Path, q: StatedQuantity) -> tuple[str, list[str]] | None:
    """(file, entry) of the case that holds the stated value for its role, or None."""
    if q.role in ("mesh_cells", "mesh_cells_axis"):
        return _find_cells(case, q)
    if q.role == "geometry":
        return _find_length(case, q)
    if q.role == "wall_angle":
        path = case / "system/blockMeshDict"
        if path.is_file() and any(abs(a - q.value) < 0.5 for a in edge_angles_deg(path.read_text(errors="replace"))):
            return "system/blockMeshDict", ["blocks"]
        return None
    if q.role.startswith("control:"):
        return _find_control(case, q)
    where = _WHERE.get(q.role)
    if where is None:
        return None
    for path in _files(case, where[0]):
        text, name = inlined(case, path), path.relative_to(case).as_posix()
        for entry, raw in fd.leaves(text):
            if entry and entry[0] in _NOT_VALUES:
                continue  # "[0 1 -1 0 0 0 0]" holds no inlet speed of 1 m/s
            if _entry_holds(q, entry, expand_macros(text, raw), name):
                return name, entry
    return None


# top-level entries that describe a file, never a value of the case: its units and its header
_NOT_VALUES = frozenset({"dimensions", "FoamFile"})
_INCLUDE = re.compile(r'^[ \t]*#include(?:Func)?\s+"([^"]+)"[ \t]*;?[ \t]*$', re.M)


def inlined(case: Path, path: Path, depth: int = 0) -> str:
    """The dictionary's text with each `#include "file"` it names replaced by that file's
    entries, found as OpenFOAM finds them (relative to the dictionary, tagged `<constant>/`,
    `$FOAM_CASE/`, or an absolute path); an include that is missing stays as it is."""
    text = path.read_text(errors="replace")
    rel = path.relative_to(case).as_posix() if path.is_relative_to(case) else path.name

    def include(m: re.Match) -> str:
        found = include_rel(rel, m[1])
        target = Path(m[1]) if m[1].startswith("/") else case / found if found is not None else None
        if depth >= 3 or target is None or not target.is_file():
            return m[0]
        body = inlined(case, target, depth + 1)
        return fd.remove_entry(body, ["FoamFile"]) if fd.find(body, ["FoamFile"]) is not None else body

    return _INCLUDE.sub(include, text)


def resolved(case: Path, path: Path) -> str:
    """The dictionary as OpenFOAM reads it: includes inlined, comments dropped and every `$name`
    macro it defines replaced by its value (a blockMeshDict's `($nx $ny $nz)`, `($L $y1 0)`)."""
    return expand_text(fd.strip_comments(inlined(case, path)))


def expand_macros(text: str, raw: str) -> str:
    """`raw` with its `$name` macros (`$internalField`, `$Uinlet`, `$:inlet.value`) replaced by
    the entries of `text` they name, a few levels deep; a macro `text` does not define stays."""
    return expand_text(raw, text)


_CONTROLS = ["system/controlDict", "system/fvSolution", "system/*/fvSolution"]


def _find_control(case: Path, q: StatedQuantity) -> tuple[str, list[str]] | None:
    """A stated control (role `control:<key>`: "writeInterval", "nNonOrthogonalCorrectors",
    "relaxationFactors:p", "solvers:tolerance:p", "residualControl") in controlDict or fvSolution:
    an entry whose names hold every part of the key (a regex key `"(U|k)"` holds U and k)."""
    parts = [x for x in q.role.removeprefix("control:").split(":") if x]
    for path in _files(case, _CONTROLS):
        text = inlined(case, path)
        for entry, raw in fd.leaves(text):
            if entry[0] != "FoamFile" and control_entry(parts, entry) and \
                    any(_close(x, q.value) for x in _numbers(expand_macros(text, raw), "scalar")):
                return path.relative_to(case).as_posix(), entry
    return None


def control_entry(parts: list[str], entry: list[str]) -> bool:
    """Every part of a control's key names a level of the dictionary entry."""
    names = {w for level in entry for w in re.split(r"[^\w.]+", level) if w}
    return bool(parts) and all(part in names for part in parts)


def _find_cells(case: Path, q: StatedQuantity) -> tuple[str, list[str]] | None:
    path = case / "system/blockMeshDict"
    if not path.is_file():
        return None
    counts = block_cell_counts(resolved(case, path))
    if q.role == "mesh_cells" and q.dims:
        want = [d for d in q.dims if d > 1] if len(q.dims) == 3 else list(q.dims)
        for c in counts:
            have = [d for d in c if d > 1] if len(q.dims) == 3 else list(c[:len(q.dims)])
            if have == want or list(c[:len(q.dims)]) == list(q.dims):
                return "system/blockMeshDict", ["blocks"]
        totals = sum(math.prod(c) for c in counts)
        if counts and len(q.dims) in (2, 3) and totals == math.prod(q.dims) * (1 if len(q.dims) == 3 else counts[0][2]):
            return "system/blockMeshDict", ["blocks"]
        if _over_section(case, q.dims) and counts and all(list(c[1:]) == list(q.dims) for c in counts):
            return "system/blockMeshDict", ["blocks"]
        return None
    if any(int(q.value) in c for c in counts):
        return "system/blockMeshDict", ["blocks"]
    return None


def _over_section(case: Path, dims: list[int]) -> bool:
    """The shape library meshed the case with `dims` cells over its cross-section, as the request
    gave them (its geometry record says so)."""
    record = case / GEOMETRY_RECORD
    return record.is_file() and json.loads(record.read_text()).get("section_cells") == list(dims)


def _find_length(case: Path, q: StatedQuantity) -> tuple[str, list[str]] | None:
    """Where a stated length is: a vertex coordinate or an extent of the blockMeshDict, else an
    entry of the geometry record the shape library built the mesh from (.casewright/geometry.json:
    a Gmsh mesh has no blockMeshDict; an obstacle's size or centre is no vertex)."""
    path = case / "system/blockMeshDict"
    generated = generated_lengths(case)  # a mesh createBoxTurb makes from its dictionary's box: no blockMeshDict's
    for rel, entry, value in generated:
        if _close(value, q.value) or agrees_to_stated_digits(value, q):
            return rel, entry
    if path.is_file() and not generated:
        text = block_vars.plain_text(resolved(case, path))  # #eval{ }/#calc variables evaluated too
        scale = block_scale(text)
        vertices = fd.get(text, ["vertices"]) or ""
        points = [[float(x) * scale for x in m.groups()] for m in _VECTOR.finditer(fd.strip_comments(vertices))]
        # a length is a coordinate or a distance along one axis (x with x): a difference across axes is no length
        axes = [{p[i] for p in points} for i in range(3)]
        lengths = set().union(*axes, *({abs(a - b) for a in axis for b in axis} for axis in axes))
        if any(_close(x, q.value) or agrees_to_stated_digits(x, q) for x in lengths):
            return "system/blockMeshDict", ["vertices"]
    record = case / GEOMETRY_RECORD
    if record.is_file():
        for entry, value in recorded_lengths(json.loads(record.read_text())):
            if _close(value, q.value):
                return GEOMETRY_RECORD, entry
    return None


def _json_value(path: Path, entry: list[str]) -> str | None:
    """A value recorded by the planner in the case's .casewright/*.json (shape dimensions)."""
    if not path.is_file():
        return None
    data = json.loads(path.read_text())
    for key in entry:
        if isinstance(data, list) and key.isdigit() and int(key) < len(data):
            data = data[int(key)]
        elif isinstance(data, list) and key in ("x", "y", "z") and "xyz".index(key) < len(data):
            data = data["xyz".index(key)]  # a point's coordinate ("center": [x, y])
        elif isinstance(data, dict) and key in data:
            data = data[key]
        else:
            return None
    return None if isinstance(data, (dict, list)) else f"{float(data):.9g}" if isinstance(data, (int, float)) else str(data)


def _holds(have: str, value: str) -> bool:
    """The entry's text holds `value` (a setFields region inside a list, say), spacing and
    number spelling aside."""
    words = lambda t: [f"{float(w):.9g}" if _NUMBER.fullmatch(w) else w  # noqa: E731
                       for w in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[^\s()]+", t)]
    want, text = words(value), words(fd.strip_comments(have))
    return any(text[i:i + len(want)] == want for i in range(len(text) - len(want) + 1))


def _built_cell_size(case: Path, q: StatedQuantity) -> str | None:
    """A stated cell size checked on the blocks of the blockMeshDict (tasks.edit.verify_cell_size): `q` verified there,
    with how, or the reason it is not (None: no blockMeshDict to check it on)."""
    path = case / "system/blockMeshDict"
    if not path.is_file():
        return None
    built, how = cell_size_built(block_vars.plain_text(resolved(case, path)), q.value)
    if not built:
        return how
    q.file, q.entry, q.verified, q.note = "system/blockMeshDict", ["blocks"], True, how if q.note is None else f"{q.note}; {how}"
    return None


def verify_stated(case: Path, stated: list[StatedQuantity], bindings: list[Binding],
                  refused: list[NotApplied] = ()) -> tuple[
        list[StatedQuantity], list[NotApplied]]:
    """Each stated quantity with where it was found; the ones not found, with the reason."""
    out: list[StatedQuantity] = []
    missing: list[NotApplied] = []
    claimed: set[tuple[str, str, str]] = set()  # (text, file, entry) an earlier equal statement was found at
    for q in read_by_name(stated):  # not a value in an unread unit that a by-name binding read after all
        q = q.model_copy()
        bound = [b for b in bindings if b.stated == q.text]
        # equal statements ("room air 293.15 K, TRef 293.15 K") are found at places of their own when they have them
        bound = [b for b in bound if (q.text, b.file, "/".join(b.entry)) not in claimed] or bound
        bound.sort(key=lambda b: q.role.split("_")[0] not in (b.how or "").lower())  # its role's own binding first
        size_reason = _built_cell_size(case, q) if q.role == "cell_size" else None  # checked on the blocks built
        if q.role in _WHERE and any(b.file.startswith(".casewright/") for b in bound) and not q.verified:
            found = find_stated(case, q)  # a planner's record is no case file: read the dictionary that holds it
            if found is not None:
                q.file, q.entry, q.verified = found[0], found[1], True
        for b in bound if not q.verified else []:
            path = case / b.file
            if path.suffix == ".json":
                have = _json_value(path, b.entry)
            else:
                have = fd.get(path.read_text(errors="replace"), b.entry) if path.is_file() else None
                if path.is_file() and not same_value(b.value, have) and not (have is not None and _holds(have, b.value)):
                    have = fd.get(resolved(case, path), b.entry)  # the entry reads a variable: `($nx $ny $nz)`
            if same_value(b.value, have) or (have is not None and _holds(have, b.value)):
                q.file, q.entry, q.verified = b.file, b.entry, True
                break
        if not q.verified:
            found = find_stated(case, q)
            if found is not None:
                q.file, q.entry, q.verified = found[0], found[1], True
        if q.verified and q.file is not None:
            claimed.add((q.text, q.file, "/".join(q.entry or [])))
        planned = next((n.reason for n in refused if n.text == q.text), None)
        checked = check_group(q, stated) if not q.verified and not bound and planned is None else None
        if checked is not None and checked[0]:  # "Re = 100" with U, L and nu stated: verified by computing it
            q.verified, q.note = True, checked[1]
        elif checked is not None:
            planned = checked[1]
        if not q.verified:
            reason = planned or size_reason or (
                      f"the planner wrote {bound[0].file} {'/'.join(bound[0].entry)} = {bound[0].value}, "
                      f"but the file does not hold it" if bound else
                      f"no entry of the case holds {q.value:g} {q.unit} for the {q.role.replace('_', ' ')}")
            missing.append(NotApplied(text=q.text, reason=reason))
        out.append(q)
    return out, missing
