"""Applying a change plan to a case: back up every file that may change, switch solver and
turbulence model, refine the blocks, write each edit (to every copy of a field the case keeps)
and read it back, lock the values the change asks for, and return the unified diff."""

from __future__ import annotations

import difflib
import re
import shutil
import time
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import RequestError
from tasks.edit import caseops, caseops_switch
from tasks.edit.caseops_phase_fields import complete_phase_turbulence
from tasks.edit.caseops import initial_field
from tasks.edit.timestep import fit_time_step
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_values import NUMBER
from tasks.foam import dictionary as fd
from tasks.foam.casedir import check_and_read
from tasks.foam.geometry import block_mesh_patches, set_blockmesh_patch_type
from tasks.foam.locked import LockedValue, flatten, load_locked, save_locked
from tasks.foam.physics import fmt, inlet_turbulence, model_spec, unrounded
from tasks.plan.manifest import FileEdit
from tasks.plan.recipes import vec


class ChangeResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    changed: list[str]
    diff: str
    backup: str | None


def backup_files(case: Path, rels: list[str]) -> Path | None:
    existing = [r for r in rels if (case / r).is_file()]
    if not existing:
        return None
    dest = case / ".casewright" / "backup" / time.strftime("%Y%m%dT%H%M%S")
    for rel in existing:
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(case / rel, dest / rel)
    return dest


def apply_changes(state: CaseState, plan: ChangePlan) -> ChangeResult:
    """Back up, then apply the switches, refinement and edits. Returns the unified diff."""
    case = state.case_dir
    before = _editable_files(case)
    backup = backup_files(case, [str(p.relative_to(case)) for p in before])
    _expand_mesh_template(case)
    solver = plan.solver or state.solver
    closed = not any(r in ("inlet", "outlet", "atmosphere") for r in state.roles.values())
    if plan.solver:
        caseops.switch_solver(case, plan.solver, closed_domain=closed)
    model = plan.model or state.model
    values = _bc_values(state, plan)
    if plan.model or plan.solver:
        if plan.model or solver not in ("icoFoam",):
            caseops.set_turbulence_model(case, model, solver, values, state.roles, f"modify: {model}")
        if model != "laminar":
            caseops.ensure_numerics(case, solver, model_spec(model).solved)
            _seed_solved_fields(case, model_spec(model).solved, values)
    if plan.refine:
        bmd = case / "system/blockMeshDict"
        if not bmd.is_file():
            raise RequestError(f"cannot refine the mesh of {case}: it has no system/blockMeshDict (a snappyHexMesh or "
                               "imported mesh: change its refinement levels or the background mesh by hand)")
        bmd.write_text(caseops.scale_blocks(bmd.read_text(), plan.refine))
    for patch, new_type in plan.patch_types.items():
        _set_mesh_patch_type(case, patch, new_type)
    locked = [v for v in load_locked(case)]
    for e in plan.edits:
        targets = _with_pristine_copies(case, e.file)
        if not targets and _dropped_by_switch(e.file, plan.model, state):
            plan.assumptions.append(f"{e.file} not changed ({e.reason}): the {plan.model} model solves no "
                                    f"{e.file.removeprefix('0/')}, so the switch removed the field")
            continue
        if not targets:
            raise RequestError(f"cannot change {e.file} ({e.reason}): the case has no such file")
        for rel in targets:
            (case / rel).write_text(_written(fd.set_entry((case / rel).read_text(), e.entry, e.value), rel, e, backup))
        if e.locked:
            new = [v for rel in targets for v in flatten(e.reason, rel, e.entry, e.value)]
            keys = {(v.file, tuple(v.entry)) for v in new}
            locked = [v for v in locked if (v.file, tuple(v.entry)) not in keys and not _under(v, e)] + new
    for rel in caseops_switch.complete_radiation(case):  # a radiation model switched: its field, solver, schemes
        plan.assumptions.append(f"{rel} written: the selected radiation model needs it")
    for rel in complete_phase_turbulence(case):  # a phase switched to k-omega: its omega from epsilon and k
        plan.assumptions.append(f"{rel} written: the phase's new turbulence model needs it")
    if plan.refine:
        locked = [v for v in locked if not (v.file == "system/blockMeshDict" and v.entry == ["blocks"])]
    if not any(e.file == "system/controlDict" and e.entry == ["deltaT"] for e in plan.edits) and \
            (note := fit_time_step(case, solver)) is not None:
        plan.assumptions.append(note)  # a finer mesh, a faster inlet or a switch to a fixed-step solver
    if plan.ranks:
        _decompose(case, plan.ranks)
        locked = [v for v in locked if not (v.file == "system/decomposeParDict" and v.entry == ["numberOfSubdomains"])]
        locked.append(LockedValue(name="MPI ranks", file="system/decomposeParDict", entry=["numberOfSubdomains"],
                                  value=str(plan.ranks)))
    if plan.model:
        locked.append(LockedValue(name="turbulence model", file="constant/turbulenceProperties",
                                  entry=_model_entry(model), value=model))
    if plan.solver:
        locked.append(LockedValue(name="solver", file="system/controlDict", entry=["application"], value=solver))
    _sync_pristine_dir(case, before)
    locked = [v for v in locked if (case / v.file).is_file()]
    save_locked(case, locked)
    after = _editable_files(case)
    changed, diff = [], []
    for path in sorted(set(before) | set(after)):
        a, b = before.get(path, ""), after.get(path, "")
        if a != b:
            rel = str(path.relative_to(case))
            changed.append(rel + (" (new)" if path not in before else " (removed)" if path not in after else ""))
            diff += difflib.unified_diff(a.splitlines(True), b.splitlines(True), f"a/{rel}", f"b/{rel}")
    return ChangeResult(changed=changed, diff="".join(diff), backup=str(backup) if backup else None)


def _decompose(case: Path, ranks: int) -> None:
    """system/decomposeParDict for `ranks` subdomains (the case's own, minimally edited, else a
    new one), split along the mesh's longest non-flat axes; the rank count is remembered so that
    every later run of the case (modify's, the Reviewer's, run-case) uses it."""
    from tasks.run.parallel import edit_decompose_dict, mesh_extents, record_ranks, split_axes

    path = case / "system/decomposeParDict"
    if ranks > 1:
        extents = mesh_extents(case) or _block_extents(case)
        n = split_axes(extents[0], ranks, extents[1]) if extents else (ranks, 1, 1)
        text, _ = edit_decompose_dict(path.read_text() if path.is_file() else None, ranks, n)
        path.write_text(text)
    record_ranks(case, ranks)


def _block_extents(case: Path) -> tuple[list[float], list[int]] | None:
    """The blockMeshDict's vertex extents and flat axes, for a case not meshed yet."""
    bmd = case / "system/blockMeshDict"
    return caseops.block_extents(bmd.read_text()) if bmd.is_file() else None


def _with_pristine_copies(case: Path, rel: str) -> list[str]:
    """An edit of 0/X goes to every copy of X the case keeps (0/X, 0/X.orig, 0.orig/X): the run
    restores 0/X from its pristine copy, and the two must not disagree."""
    if not rel.startswith("0/") or rel.endswith(".orig"):
        return [rel] if (case / rel).is_file() else []
    name = rel.removeprefix("0/")
    return [r for r in (rel, f"{rel}.orig", f"0.orig/{name}") if (case / r).is_file()]


def _editable_files(case: Path) -> dict[Path, str]:
    """The text of every file `modify` may change: fields (0/, 0.orig/), system/ and constant/
    but the mesh and its surfaces (constant/triSurface holds binary files: rotatingFanInRoom's fan.blend)."""
    return {p: p.read_text() for p in case.rglob("*") if p.is_file() and ".casewright" not in p.parts
            and p.relative_to(case).parts[0] in ("0", "0.orig", "system", "constant") and "polyMesh" not in p.parts
            and "triSurface" not in p.parts}


def _written(text: str, rel: str, e: FileEdit, backup: Path | None) -> str:
    """The edited text, once its value reads back as the change states it (a value the parser
    would place elsewhere or split is caught before it reaches the file)."""
    got = fd.get(text, e.entry)
    if isinstance(e.value, str) and " ".join((got or "").split()) != " ".join(fd.strip_comments(e.value).split()):
        raise RequestError(f"{rel}: {'/'.join(e.entry)} would read back as {got!r}, not {e.value!r} ({e.reason}); "
                           f"not written. Earlier changes of this request are applied; the files before it are in {backup}")
    return text


def _sync_pristine_dir(case: Path, before: dict[Path, str]) -> None:
    """A case that keeps 0.orig has its 0/ replaced by it before every run (as the tutorials'
    Allrun do): a field this change wrote in 0/ only (a new model's omega, rewritten wall
    functions) goes to 0.orig too, and one it removed from 0/ leaves 0.orig."""
    pristine, zero = case / "0.orig", case / "0"
    if not pristine.is_dir():
        return
    for path in (p for p in zero.glob("*") if p.is_file()):
        copy = pristine / path.name
        changed = before.get(path) != path.read_text()
        if changed and (not copy.is_file() or before.get(copy) == copy.read_text()):
            shutil.copy2(path, copy)
    for path in before:
        if path.parent == zero and not path.exists():
            (pristine / path.name).unlink(missing_ok=True)


def _expand_mesh_template(case: Path) -> None:
    """A case meshed from an m4 template (mixerVessel2D, angledDuct) and not meshed yet gets the
    blockMeshDict its makeMesh script would write, so that it runs and can be refined."""
    info = check_and_read(case)
    if info.block_mesh_dict is None and not info.has_mesh and (case / "system/blockMeshDict.m4").is_file():
        caseops.expand_m4(case)


def _seed_solved_fields(case: Path, solved: list[str], values: dict[str, str]) -> None:
    """A field the new model solves must not start at zero everywhere: kEqn (LES) or k-epsilon
    with k = 0 produce no eddy viscosity and k stays 0. Zero internal values kept from the old
    model (Smagorinsky's unused 0/k) get the estimate."""
    for field in ("k", "epsilon", "omega"):
        path = case / "0" / field
        if field in solved and path.is_file() and field in values:
            internal = (fd.get(path.read_text(), ["internalField"]) or "").split()
            if internal[:1] == ["uniform"] and len(internal) == 2 and float(internal[1]) == 0.0:
                caseops.set_internal(case, field, f"uniform {values[field]}")


def _dropped_by_switch(rel: str, model: str | None, state: CaseState) -> bool:
    """True when `rel` is a field the case had that the new turbulence model does not solve (a
    switch to WALE drops 0/k): an edit planned for it (the inlet k of a new inlet speed) has
    nothing to change."""
    if model is None or not rel.startswith("0/"):
        return False
    field = rel.removeprefix("0/").removesuffix(".orig")
    return field in state.fields and field not in model_spec(model).solved


def _under(v: LockedValue, e: FileEdit) -> bool:
    return v.file == e.file and v.entry[:len(e.entry)] == e.entry


def _model_entry(model: str) -> list[str]:
    sim = model_spec(model).simulation_type
    return ["simulationType"] if sim == "laminar" else [sim, f"{sim}Model"]


def _set_mesh_patch_type(case: Path, patch: str, new_type: str) -> None:
    """A patch's mesh type in system/blockMeshDict and, when the mesh was built, in
    constant/polyMesh/boundary (OpenFOAM refuses a slip condition on a symmetryPlane patch)."""
    bmd = case / "system/blockMeshDict"
    if bmd.is_file() and patch in block_mesh_patches(bmd.read_text()):
        bmd.write_text(set_blockmesh_patch_type(bmd.read_text(), patch, new_type))
    boundary = case / "constant/polyMesh/boundary"
    if boundary.is_file():
        text = boundary.read_text()
        new = re.sub(rf"(\b{re.escape(patch)}\s*\{{[^{{}}]*?\btype\s+)\w+(\s*;)", rf"\g<1>{new_type}\g<2>", text, count=1)
        if new != text:
            boundary.write_text(new)


def bc_values(state: CaseState, plan: ChangePlan) -> dict[str, str]:
    """The values the canonical BC selector fills in (k, epsilon, omega, ...) for `state` after `plan`."""
    return _bc_values(state, plan)


def _bc_values(state: CaseState, plan: ChangePlan) -> dict[str, str]:
    """Values for new turbulence fields: from existing k/epsilon where present, else estimates."""
    case = state.case_dir
    speed = 1.0
    for name, role in state.roles.items():
        if role in ("inlet", "movingWall") and (u_file := initial_field(case, "U")) is not None:
            value = fd.get(u_file.read_text(), ["boundaryField", name, "value"]) or ""
            nums = [abs(float(x)) for x in re.findall(NUMBER, value)]
            if nums and max(nums) > 0:
                speed = max(nums)
                break
    turb = inlet_turbulence(speed, 0.1, 1e-5)
    k = turb.k
    if (k_file := initial_field(case, "k")) is not None:
        internal = fd.get(k_file.read_text(), ["internalField"]) or ""
        m = re.search(r"uniform\s+([-+\d.eE]+)", internal)
        if m and float(m.group(1)) > 0:
            k = float(m.group(1))
    eps = turb.epsilon * (k / turb.k) ** 1.5
    omega = eps / (0.09 * k)
    r = unrounded(2 * k / 3)
    values = {"U": vec(speed, 0, 0), "k": unrounded(k), "epsilon": unrounded(eps), "omega": unrounded(omega), "nuTilda": "3e-05",
              "R": f"({r} 0 0 {r} 0 {r})", "T": "300"}
    values.update(plan.bc_values)
    return values
