"""The InputWriter: a CaseManifest -> a case directory, one file at a time.

It copies the base tutorial's dictionaries (or a user's example case), generates what must
be generated (parametric blockMesh, field files from the canonical BC selector, model
switches), applies every planned edit with minimal diffs, writes Allrun/Allclean with only
OpenFOAM commands, records provenance and locked values, parses every dictionary back, and
only then moves the finished case into place: a refusal or an error leaves nothing behind.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import time
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import PlanError, UsageError
from tasks.core.render import render
from tasks.edit.caseops_phase_fields import complete_phase_turbulence
from tasks.edit import caseops, caseops_switch
from tasks.edit.timestep import fit_time_step
from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.foam.allrun_inputs import SUFFIX, made_files, resource_files
from tasks.foam.casedir import read_case
from tasks.foam.function1 import with_function1
from tasks.foam.files import find_file, plain_name, read_bytes
from tasks.foam.geometry import block_extents, rectangle
from tasks.foam.roundtrip import structure_problem
from tasks.foam.locked import LockedValue, flatten, save_locked
from tasks.foam.physics import internal_value, model_spec
from tasks.geometry.mesh_limit import check_block_mesh_dicts
from tasks.plan.manifest import CaseManifest
from tasks.run.parallel import DECOMPOSE_DICT, MAX_RANKS, RANKS_FILE, edit_decompose_dict, record_ranks, split_axes
from tasks.run.steps import HOST_STEPS, allrun_line, plan_steps

SKIP_NAMES = {"Allrun", "Allclean", "Allrun.pre", "Allrun-parallel", "README", "README.md", "makeMesh"}
DICTIONARY_DIRS = ("system", "constant", "0")


class WrittenCase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_dir: Path
    files: list[str]
    provenance: dict[str, str]
    locked: list[LockedValue] = Field(default_factory=list)


def check_out_dir(out_dir: Path, force: bool) -> Path:
    out = Path(out_dir).expanduser().resolve()
    if out.exists() and not out.is_dir():
        raise UsageError(f"{out} exists and is not a directory; choose another output folder")
    if out.is_dir() and any(out.iterdir()) and not force:
        raise UsageError(f"{out} is not empty; choose an empty or new folder, or pass --force to replace it "
                         f"(its old content is kept under {out.name}/.casewright/previous-*)")
    if not out.parent.is_dir():
        raise UsageError(f"the parent folder {out.parent} does not exist; create it first")
    return out


def _copy_base(src: Path, dest: Path, only: list[str] | None, variant: str | None = None) -> dict[str, str]:
    prov: dict[str, str] = {}
    for path in sorted(src.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(src)
        if rel.parts[0] in ("constant",) and len(rel.parts) > 1 and rel.parts[1] == "polyMesh":
            pass
        if path.name in SKIP_NAMES or rel.parts[0].startswith(("log.", "processor", ".")) or rel.parts[0] == "report.json":
            continue
        if rel.parts[0].replace(".", "").isdigit() and rel.parts[0] not in ("0", "0.orig"):
            continue  # result time directories of an example case
        name = plain_name(rel)
        if only is not None and name not in only:
            continue
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(read_bytes(path))
        prov[name] = f"copied from {src}"
    for name, text in made_files(src).items():
        if only is None or name in only:
            (dest / name).write_text(text)
            prov[name] = f"made from {name}{SUFFIX} as the tutorial's Allrun makes it"
    for rel, source in resource_files(src, variant).items():  # the files of the variant planned
        name = plain_name(rel)
        if only is None or name in only:
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            (dest / name).write_bytes(read_bytes(source))
            prov[name] = f"copied from {source}, as the tutorial's Allrun copies it"
    return prov


def _write_rectangle(case: Path, params: dict, provenance: str) -> str:
    seg = params.get("segment_names", {})
    names = params["names"]

    def name_of(side: str, index: int) -> str:
        return seg.get(f"{side}:{index}", names[side])

    mesh = rectangle(params["x"], params["y"], params["cells_x"], params["cells_y"], name_of,
                     params.get("types", {}), thickness=params.get("thickness", 0.1 * max(params["x"][-1], 0.01)))
    text = render("foam/blockMeshDict.j2", foam_class="dictionary", object="blockMeshDict", location="system",
                  provenance=provenance, description=f"{len(mesh.blocks)} blocks, {mesh.n_cells} cells",
                  vertices=mesh.vertices, blocks=[b.model_dump() for b in mesh.blocks],
                  patches=[p.model_dump() for p in mesh.patches])
    return caseops.write(case, "system/blockMeshDict", text)


def _apply_mesh(case: Path, m: CaseManifest, prov: dict[str, str]) -> None:
    mp = m.mesh_params
    if "m4" in mp:
        prov[caseops.expand_m4(case, mp["m4"])] = f"expanded with m4 from {m.base_tutorial}/{mp['m4']}"
        (case / mp["m4"]).unlink()
    if "rectangle" in mp:
        prov[_write_rectangle(case, mp["rectangle"], "parametric rectangle")] = "templates/foam/blockMeshDict.j2"
    bmd = case / "system/blockMeshDict"
    if "cells" in mp and "rectangle" not in mp and bmd.is_file():
        text = bmd.read_text()
        counts = geometry.block_cell_counts(text)
        if len(counts) == 1 and list(counts[0]) != list(mp["cells"]):
            bmd.write_text(geometry.set_single_block_cells(text, mp["cells"]))
            prov["system/blockMeshDict"] += f"; cells set to {mp['cells']}"
    for patch, ptype in mp.get("patch_types", {}).items():
        bmd.write_text(geometry.set_blockmesh_patch_type(bmd.read_text(), patch, ptype))
        prov["system/blockMeshDict"] += f"; {patch} type {ptype}"


def _base_model(case: Path) -> str | None:
    tp = case / "constant/turbulenceProperties"
    if not tp.is_file():
        return None
    text = tp.read_text()
    sim = fd.get(text, ["simulationType"])
    if sim == "laminar":
        return "laminar"
    return fd.get(text, ["RAS", "RASModel"]) or fd.get(text, ["LES", "LESModel"])


def _holds_other_settings(case: Path) -> bool:
    """The base's turbulenceProperties selects no model (no simulationType): its solver reads
    other settings from it (dnsFoam's forcing UOalpha, UOsigma, ...), so it is kept."""
    tp = case / "constant/turbulenceProperties"
    return tp.is_file() and fd.find(tp.read_text(), ["simulationType"]) is None


def _rename_field(case: Path, old: str, new: str) -> None:
    for rel in ("system/fvSolution", "system/fvSchemes", "system/setFieldsDict", "system/controlDict"):
        path = case / rel
        if path.is_file():
            path.write_text(path.read_text().replace(old, new))
    for suffix in ("", ".orig"):
        src = case / "0" / f"{old}{suffix}"
        if src.is_file():
            src.rename(case / "0" / f"{new}{suffix}")


def build_case(m: CaseManifest, staging: Path, tutorials_dir: Path, example_dir: Path | None = None) -> WrittenCase:
    """Write the whole case into `staging` (an empty directory)."""
    roles = {p.name: p.role for p in m.patches}
    if m.base_kind == "example" and example_dir is not None:
        source = example_dir
        prov = _copy_base(example_dir, staging, None)
    elif m.base_kind == "parametric":
        source = Path(m.base_tutorial or "")
        prov = _copy_base(source, staging, None)
        prov = {k: f"generated for {m.recipe} (shape library + canonical BC selector)" for k in prov}
        for extra in ("geometry.json", "patch_types.json"):
            src = Path(m.base_tutorial or "") / ".casewright" / extra
            if src.is_file():
                (staging / ".casewright").mkdir(exist_ok=True)
                shutil.copy2(src, staging / ".casewright" / extra)
    else:
        src = source = tutorials_dir / (m.base_tutorial or "")
        if not src.is_dir():
            raise PlanError(f"the base tutorial {src} is missing; install openfoam-examples")
        only = m.mesh_params.get("base_files")
        prov = _copy_base(src, staging, only, m.mesh_params.get("variant"))
    if m.base_kind == "template":
        prov = {k: f"{v} (dictionary reused by the {m.recipe} template)" for k, v in prov.items()}
    _apply_mesh(staging, m, prov)
    for old, new in m.mesh_params.get("rename", {}).items():
        _rename_field(staging, old, new)

    base_app = fd.get((staging / "system/controlDict").read_text(), ["application"])
    closed = not any(p.role in ("inlet", "outlet", "atmosphere") for p in m.patches)
    if base_app != m.solver:
        switched = caseops.switch_solver(staging, m.solver, closed_domain=closed)
        if m.turbulence.model != "laminar":
            switched += caseops.ensure_numerics(staging, m.solver, model_spec(m.turbulence.model).solved)
        for rel in switched:
            prov[rel] = prov.get(rel, "generated") + f"; numerics switched to {m.solver}"
    for rel in caseops.ensure_pressure_reference(staging, m.solver):
        prov[rel] = prov.get(rel, "generated") + "; pressure reference added (no boundary fixes the pressure level)"
    for gen in m.generate:
        internal = gen.internal or f"uniform {internal_value(gen.field, m.solver, {**_defaults(), **m.bc_values})}"
        rel = caseops.write_field(staging, gen.field, m.solver, m.turbulence.model, internal, roles,
                                  {**_defaults(), **m.bc_values}, f"{m.recipe} template")
        prov[rel] = "templates/foam/field.j2 + canonical BC selector"
    wanted, have = m.turbulence.model, _base_model(staging)
    needs_props = m.solver not in ("icoFoam", "laplacianFoam", "potentialFoam", "scalarTransportFoam") and \
        not _holds_other_settings(staging) and \
        not (staging / "constant/regionProperties").is_file() and \
        not (not (staging / "constant/turbulenceProperties").is_file() and
             any((staging / "constant").glob("turbulenceProperties.*")))  # per phase: each phase's own file (binder)
    if needs_props and (have != wanted):
        for rel in caseops.set_turbulence_model(staging, wanted, m.solver, {**_defaults(), **m.bc_values}, roles,
                                                f"{m.recipe}: {wanted}"):
            prov[rel.split(" ")[0]] = prov.get(rel.split(" ")[0], "generated") + f"; turbulence model {wanted}"
    locked: list[LockedValue] = []
    for e in m.edits:
        path = staging / e.file
        if not path.is_file() and not e.locked:
            continue  # a derived value for a field the turbulence switch removed
        if not path.is_file():
            raise PlanError(f"planned edit of {e.file} ({e.reason}) but the base case has no such file")
        path.write_text(with_function1(path.read_text(), e.entry, e.value))
        prov[e.file] = prov.get(e.file, "generated") + f"; {e.reason}"
        if e.locked:
            locked += flatten(e.reason, e.file, e.entry, e.value)
    for rel in caseops_switch.complete_radiation(staging):  # a radiation model switched: its field, solver, schemes
        prov[rel] = prov.get(rel, "generated") + "; what the selected radiation model needs"
    for rel in complete_phase_turbulence(staging):  # a phase switched to k-omega: its omega from epsilon and k
        prov[rel] = prov.get(rel, "generated") + "; what the phase's new turbulence model needs"
    check_block_mesh_dicts(staging)  # a mesh of billions of cells (units mixed up) never reaches blockMesh
    if not any(q.role == "delta_t" for q in m.stated) and not any(e.entry == ["deltaT"] for e in m.edits):
        fitted = fit_time_step(staging, m.solver)
        if fitted:
            m.assumptions.append(fitted)
            prov["system/controlDict"] = prov.get("system/controlDict", "generated") + "; deltaT fitted to the Courant target"
    meta = staging / ".casewright"
    meta.mkdir(exist_ok=True)
    ranks = planned_ranks(m)
    if ranks is not None:
        prov[write_decomposition(staging, ranks)] = prov.get(DECOMPOSE_DICT, "generated") + \
            f"; {ranks} MPI ranks as stated (recorded in {RANKS_FILE})"
    if m.steps:
        (meta / "steps.json").write_text(json.dumps([s.split() for s in m.steps]) + "\n")
    planned = plan_steps(read_case(staging))
    steps = [allrun_line(s) for s in planned]
    # 0/ as the run restores it from 0.orig/ (before any step, or at its restore0Dir step): both kept, equal
    for rel in restore_zero(staging):
        prov[rel] = f"copied from {rel.replace('0/', '0.orig/', 1)}, as restore0Dir does before the run"
    shell = [line for line, s in zip(steps, planned) if s.command in HOST_STEPS]
    (staging / "Allrun").write_text(render("foam/Allrun.j2", steps=steps, shell_steps=shell))
    (staging / "Allclean").write_text(render("foam/Allclean.j2"))
    os.chmod(staging / "Allrun", 0o755)
    os.chmod(staging / "Allclean", 0o755)
    prov["Allrun"] = prov["Allclean"] = "templates/foam/Allrun.j2 / Allclean.j2"
    (meta / "manifest.json").write_text(m.model_dump_json(indent=2) + "\n")
    (meta / "provenance.json").write_text(json.dumps(prov, indent=2, sort_keys=True) + "\n")
    save_locked(staging, locked)
    parse_back(staging, [rel for rel, how in prov.items() if not how.startswith("copied from") or ";" in how], source)
    files = sorted(str(p.relative_to(staging)) for p in staging.rglob("*") if p.is_file() and ".casewright" not in p.parts)
    return WrittenCase(case_dir=staging, files=files, provenance=prov, locked=locked)


def restore_zero(case: Path) -> list[str]:
    """0/ made from 0.orig/ (and each 0/X.orig copied to 0/X), as the tutorials' `restore0Dir`
    does before the first step, for a case that keeps its pristine fields in 0.orig/ and has no
    0/: the written case then holds every field and #include'd file (0/include/initialConditions)
    where the solver reads it, and its Allrun runs as it stands. The run restores 0/ from 0.orig/
    again, so both copies agree. A case with 0/ whose Allrun copies a field from its pristine
    0/X.orig (hotRoom's `cp 0/T.orig 0/T`) gets that copy when 0/X is missing. Returns the files
    made (case-relative)."""
    pristine, zero = case / "0.orig", case / "0"
    made: list[Path] = []
    if pristine.is_dir() and not zero.exists():
        shutil.copytree(pristine, zero)
        made = [p for p in zero.rglob("*") if p.is_file()]
    for orig in sorted(zero.glob("*.orig")) if zero.is_dir() else []:
        target = zero / orig.name.removesuffix(".orig")
        if orig.is_file() and (not target.exists() or made):
            shutil.copy2(orig, target)
            made.append(target)
    return sorted({p.relative_to(case).as_posix() for p in made})


def planned_ranks(m: CaseManifest) -> int | None:
    """The MPI ranks the plan asks for: the binder's rank binding (`.casewright/parallel.json` np,
    or a base decomposeParDict's numberOfSubdomains), else a stated rank count; None for a serial
    case or a count outside 2..MAX_RANKS (the run refuses that with its own message)."""
    values = [b.value for b in m.bindings if (b.file, b.entry) in ((RANKS_FILE, ["np"]),
                                                                   (DECOMPOSE_DICT, ["numberOfSubdomains"]))]
    values += [str(q.value) for q in m.stated if q.role == "ranks"]
    for value in values:
        try:
            ranks = float(value)
        except ValueError:
            continue
        if ranks.is_integer() and 1 < ranks <= MAX_RANKS:
            return int(ranks)
    return None


def write_decomposition(case: Path, ranks: int) -> str:
    """system/decomposeParDict for `ranks` subdomains, written with the case (not only at run time):
    the base's own one minimally edited, else a new one; a method whose library is a stub in
    v1912 (scotch, metis) becomes hierarchical, split along the blockMeshDict's longest non-flat
    extents (the run splits it again by the mesh it made). The ranks are recorded for every later
    run of the case. Returns the file written."""
    bmd = case / "system/blockMeshDict"
    found = block_extents(bmd.read_text(errors="replace")) if bmd.is_file() else None
    extents, flat = found if found is not None else ([1.0, 1.0, 1.0], [2])
    path = case / DECOMPOSE_DICT
    text, _ = edit_decompose_dict(path.read_text() if path.is_file() else None, ranks, split_axes(extents, ranks, flat))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    record_ranks(case, ranks)
    return DECOMPOSE_DICT


def _defaults() -> dict[str, str]:
    return {"U": "(0 0 0)", "T": "300", "k": "0.1", "epsilon": "0.1", "omega": "10", "nuTilda": "1e-4",
            "R": "(0.067 0 0 0.067 0 0.067)"}


def parse_back(case: Path, written: list[str], source: Path | None = None) -> None:
    """Every dictionary this writer generated or edited must parse (foamlib, else PyFoam). A file
    whose original in `source` (the base case) neither parser reads either (`#includeEtc` inside
    a block, `${macro}` lines, m4) is the checkers' limit, not Casewright's: it passes when
    Casewright's own scanner reads it whole (balanced, and written back without loss)."""
    for rel in written:
        path = case / rel
        if not path.is_file() or rel.split("/")[0] not in DICTIONARY_DIRS or "polyMesh" in path.parts:
            continue
        problem = parse_problem(path)
        if problem and _unreadable_in_base(source, rel):
            own = structure_problem(path.read_text(errors="replace"))
            if own is None:
                continue
            problem = f"{problem}; Casewright's own reading: {own}"
        if problem:
            raise PlanError(f"the written file {rel} does not parse: {problem}")


def _unreadable_in_base(source: Path | None, rel: str) -> bool:
    """The base's own copy of `rel` (or of its 0.orig twin) exists and neither parser reads it."""
    if source is None:
        return False
    names = [rel] + ([rel.replace("0/", "0.orig/", 1)] if rel.startswith("0/") else [])
    for name in names:
        found = find_file(source / Path(name).parent, Path(name).name)
        if found is not None:
            with tempfile.TemporaryDirectory() as tmp:
                copy = Path(tmp) / Path(name).name
                copy.write_bytes(read_bytes(found))
                return parse_problem(copy) is not None
    return False


def parse_problem(path: Path) -> str | None:
    """None when the dictionary parses, else the parser's message."""
    from foamlib import FoamFile

    try:
        FoamFile(path).as_dict()
        return None
    except Exception as exc:  # foamlib misses some valid syntax: ask PyFoam before failing
        first = str(exc)[:300]
    try:
        from PyFoam.RunDictionary.ParsedParameterFile import ParsedParameterFile

        ParsedParameterFile(str(path), noHeader=False, doMacroExpansion=False)
        return None
    except Exception:  # both parsers refuse it: report foamlib's message (it names the line)
        return first


def write_case(m: CaseManifest, out_dir: Path, tutorials_dir: Path, force: bool = False,
               example_dir: Path | None = None) -> WrittenCase:
    """Build the case inside `out_dir` and nowhere else.

    The case is built in `out_dir/.casewright-staging` and moved into place only when every
    file is written and parses; on any error the staging folder (and `out_dir`, if this call
    created it) is removed. With `force`, what was in `out_dir` is kept under
    `out_dir/.casewright/previous-<timestamp>/`.
    """
    out = check_out_dir(out_dir, force)
    created = not out.exists()
    out.mkdir(exist_ok=True)
    staging = out / ".casewright-staging"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    try:
        written = build_case(m, staging, tutorials_dir, example_dir)
    except BaseException:
        shutil.rmtree(out if created else staging, ignore_errors=True)
        raise
    old = [p for p in out.iterdir() if p.name != staging.name]
    if old:
        keep = staging / ".casewright" / f"previous-{time.strftime('%Y%m%dT%H%M%S')}"
        keep.mkdir(parents=True)
        for p in old:
            p.rename(keep / p.name)
    for p in list(staging.iterdir()):
        p.rename(out / p.name)
    staging.rmdir()
    written.case_dir = out
    return written
