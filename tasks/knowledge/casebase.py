"""The structured case base: what each tutorial case is, read from its files, and the
cascading-fallback lookup that picks a base case for a request.

Dictionaries are read with the one dictionary layer (tasks/foam/dictionary.py). Everything
here is pure or reads files only; the `cases` table lives in tasks/knowledge/store.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.foam import dictionary as fd
from tasks.foam.allrun_inputs import made_files, resource_files
from tasks.foam.files import find_file, read_text
from tasks.knowledge.run_script import called_scripts, m4_expansions, m4_template, script_steps

# --- reading OpenFOAM text -----------------------------------------------------------------


def find_block(text: str, *path: str) -> str | None:
    """The inside of the sub-dictionary at `path` (e.g. `"RAS"` or `"boundaryField", "inlet"`)."""
    return fd.block(text, path)


def dict_value(text: str, key: str) -> str | None:
    """The value of a top-level `key value;` entry, without comments, `;` or quotes."""
    found = fd.find(text, [key])
    if found is None or found.kind != "value":
        return None
    return fd.get(text, [key]).strip('"') or None  # type: ignore[union-attr]


# --- the cheap per-case summary (used for every document's metadata) ----------------------

Compressibility = Literal["incompressible", "compressible"]
_COMPRESSIBLE_PREFIXES = ("rho", "sonic", "buoyant", "cht", "compressible", "reacting", "fire",
                          "XiFoam", "XiDyMFoam", "XiEngineFoam", "PDRFoam", "chemFoam",
                          "coldEngineFoam", "engineFoam", "thermoFoam", "twoPhaseEulerFoam",
                          "multiphaseEulerFoam", "sprayFoam", "dsmcFoam", "solidFoam")


class CaseSummary(BaseModel):
    """What every document of a case is tagged with."""

    model_config = ConfigDict(extra="forbid")

    case: str = Field(description="case path relative to its source root")
    solver: str | None = None
    simulation_type: str | None = Field(None, description="laminar | RAS | LES")
    turbulence_model: str | None = Field(None, description="kOmegaSST, Smagorinsky, laminar, ...")
    compressibility: Compressibility | None = None


def find_case_dirs(root: Path) -> list[Path]:
    """Every OpenFOAM case (a directory with system/controlDict, or one its Allrun makes from
    controlDict.template) under `root`, sorted."""
    return sorted(p.parent.parent for p in root.rglob("controlDict*")
                  if p.parent.name == "system" and (p.name in ("controlDict", "controlDict.gz") or (
                      p.name == "controlDict.template" and "system/controlDict" in made_files(p.parent.parent))))


def case_text(case_dir: Path, rel: str) -> str | None:
    """A case file's text: the file (or .gz), else the one the tutorial's Allrun makes from a template."""
    found = find_file((case_dir / rel).parent, Path(rel).name)
    return read_text(found) if found else made_files(case_dir).get(rel)


def _turbulence_files(case_dir: Path) -> list[Path]:
    constant = case_dir / "constant"
    names = ["turbulenceProperties", "momentumTransport", "RASProperties", "LESProperties"]
    found = [p for n in names if (p := find_file(constant, n)) is not None]
    if constant.is_dir():
        found += sorted(p for p in constant.glob("turbulenceProperties.*") if p.is_file())
        found += sorted(p for p in constant.glob("*/turbulenceProperties*") if p.is_file())
    return found


def read_turbulence(case_dir: Path) -> tuple[str | None, str | None]:
    """(simulationType, model) from constant/turbulenceProperties (or RAS/LESProperties).

    The first phase/region file decides for multiphase and multi-region cases.
    """
    made = made_files(case_dir).get("constant/turbulenceProperties")
    for path in _turbulence_files(case_dir):
        text = made if made is not None and path.name.endswith(".template") else read_text(path)
        sim = dict_value(text, "simulationType")
        if path.name.startswith(("RASProperties", "LESProperties")):
            sim = "RAS" if path.name.startswith("RAS") else "LES"
            model = dict_value(text, f"{sim}Model")
            return sim, model
        if sim is None:
            continue
        if sim in ("laminar", "laminarModel"):
            block = find_block(text, "laminar")
            model = (dict_value(block, "model") or dict_value(block, "laminarModel")) if block else None
            return "laminar", model or "laminar"
        block = find_block(text, sim)
        model = None
        if block is not None:
            model = dict_value(block, f"{sim}Model") or dict_value(block, "model")
        return sim, model
    return None, None


def guess_compressibility(solver: str | None, case_dir: Path | None, rel: str = "") -> Compressibility | None:
    """compressible when the case has a thermophysicalProperties file or the solver name says so."""
    if case_dir is not None and (case_dir / "constant").is_dir():
        constant = case_dir / "constant"
        if any(constant.glob("thermophysicalProperties*")) or any(constant.glob("*/thermophysicalProperties*")):
            return "compressible"
    if solver:
        if solver.startswith(_COMPRESSIBLE_PREFIXES) or "compressible" in solver.lower().replace("incompressible", ""):
            return "compressible"
        if solver.endswith("Foam"):
            return "incompressible"
    top = rel.split("/", 1)[0]
    return top if top in ("incompressible", "compressible") else None  # type: ignore[return-value]


def read_case_summary(case_dir: Path, root: Path) -> CaseSummary:
    control = case_text(case_dir, "system/controlDict")
    solver = dict_value(control, "application") if control else None
    sim, model = read_turbulence(case_dir)
    rel = case_dir.relative_to(root).as_posix() if case_dir != root else case_dir.name
    return CaseSummary(case=rel, solver=solver, simulation_type=sim, turbulence_model=model,
                       compressibility=guess_compressibility(solver, case_dir, rel))


# --- the full case record ------------------------------------------------------------------

# Changes whenever what read_case_record reads from a case changes (new Allrun forms, files):
# a cache of records must key on it, or it keeps serving records read the old way.
RECORD_VERSION = 11

_CONVERTERS = ("fluentMeshToFoam", "fluent3DMeshToFoam", "gmshToFoam", "ideasUnvToFoam",
               "plot3dToFoam", "star4ToFoam", "starToFoam", "ansysToFoam", "kivaToFoam",
               "cfx4ToFoam", "ccmToFoam", "netgenNeutralToFoam", "tetgenToFoam", "datToFoam",
               "gambitToFoam", "mshToFoam", "foamMeshToFluent", "vtkUnstructuredToFoam")
_M4_LINE = re.compile(r"^\s*m4\b", re.M)


class RunStep(BaseModel):
    model_config = ConfigDict(extra="forbid")

    app: str
    args: str = ""
    parallel: bool = False


class FieldInfo(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    field_class: str | None = None
    patches: dict[str, str] = Field(default_factory=dict, description="patch -> BC type")


class CaseRecord(CaseSummary):
    """One row of the structured case base."""

    origin: str = Field("tutorial", description="tutorial | user:<root>")
    path: str = Field("", description="absolute path of the case directory")
    algorithm: str | None = Field(None, description="SIMPLE | PISO | PIMPLE")
    energy: bool = False
    buoyancy: bool = False
    multiphase: bool = False
    lagrangian: bool = False
    mrf: bool = False
    dynamic_mesh: bool = False
    mesh_method: str = "unknown"
    fields: list[FieldInfo] = Field(default_factory=list)
    files: list[str] = Field(default_factory=list)
    run_sequence: list[RunStep] = Field(default_factory=list)


def read_algorithm(case_dir: Path) -> str | None:
    """PIMPLE / PISO / SIMPLE: the algorithm dictionary present in system/fvSolution."""
    system = case_dir / "system"
    candidates = [p for p in [find_file(system, "fvSolution")] if p is not None]
    candidates += sorted(system.glob("*/fvSolution*"))
    for path in candidates:
        keys = {e.name for e in fd.entries(read_text(path)) if e.kind == "dict"}
        for algo in ("PIMPLE", "PISO", "SIMPLE"):
            if algo in keys:
                return algo
    return None


def read_fields(case_dir: Path) -> list[FieldInfo]:
    """Fields of 0/ (or 0.orig/) with each patch's BC type; regions as `region/field`."""
    zero = next((case_dir / d for d in ("0.orig", "0") if (case_dir / d).is_dir()), None)
    if zero is None:
        return []
    fields: list[FieldInfo] = []
    for path in sorted(p for p in zero.rglob("*") if p.is_file()):
        rel = path.relative_to(zero).as_posix().removesuffix(".gz")
        if "include" in rel.split("/")[:-1] or rel.endswith((".orig", ".org")):
            continue
        text = read_text(path)
        if "boundaryField" not in text or path.stat().st_size > 2_000_000:
            continue
        header = find_block(text, "FoamFile") or ""
        patches = _patch_types(find_block(text, "boundaryField") or "", path.parent)
        fields.append(FieldInfo(name=rel, field_class=dict_value(header, "class"), patches=patches))
    return fields


_INCLUDE = re.compile(r'#include\s+"([^"$]+)"')


def _patch_types(bf_text: str, directory: Path, depth: int = 0) -> dict[str, str]:
    """patch -> BC type of a boundaryField body, following local `#include "file"` lines."""
    patches: dict[str, str] = {}
    for entry in fd.entries(bf_text):
        if entry.kind == "dict":
            bc = dict_value(bf_text[entry.body_start : entry.body_end], "type")
            if bc:
                patches[entry.name] = bc
        elif entry.kind == "directive" and entry.key == "#include" and depth < 3:
            target = _INCLUDE.search(bf_text, entry.key_start, entry.end)
            included = directory / target.group(1) if target else None
            if included is not None and included.is_file():
                patches.update(_patch_types(read_text(included), included.parent, depth + 1))
    return patches


def read_run_sequence(case_dir: Path, solver: str | None) -> list[RunStep]:
    """The OpenFOAM steps of Allrun in order (tasks/knowledge/run_script.py reads them as the
    shell would: RunFunctions options, shell functions, quoted arguments), with the steps of the
    sibling scripts it calls (./Allrun.pre, ./Allrun.mesh) where it calls them; an Allrun.pre it
    does not call runs first."""
    called = called_scripts(case_dir)
    steps = [] if "Allrun.pre" in called else script_steps(case_dir, "Allrun.pre", solver, set())
    steps += script_steps(case_dir, "Allrun", solver, set())
    return [RunStep(app=s.app, args=s.args, parallel=s.parallel) for s in steps]


_CODED = re.compile(r"codedFixedValue|#codeStream|\bcoded\b")


def _dict_argument(args: str) -> str | None:
    """The dictionary a `-postProcess -dict system/X` step reads ('system/X'), or None."""
    words = args.split()
    if "-postProcess" not in words or "-dict" not in words or words.index("-dict") + 1 >= len(words):
        return None
    return words[words.index("-dict") + 1]


def coded_setup_dicts(case_dir: Path, steps: list[RunStep]) -> frozenset[str]:
    """The dictionaries (relative to the case) of steps that only set fields up with a coded
    function object before the run (`rhoPimpleAdiabaticFoam -postProcess -dict system/preProcess`
    writes rutlandVortex2D's vortex): without a compiler the case starts from its own 0/ fields."""
    out: set[str] = set()
    for step in steps:
        rel = _dict_argument(step.args)
        found = find_file(case_dir / rel.rsplit("/", 1)[0], rel.rsplit("/", 1)[-1]) if rel and "/" in rel else None
        if found is not None and _CODED.search(read_text(found)):
            out.add(rel)
    return frozenset(out)


def without_coded_setup(case_dir: Path, steps: list[RunStep]) -> list[RunStep]:
    """The run's steps without those that need a compiler only to set fields up (coded_setup_dicts)."""
    coded = coded_setup_dicts(case_dir, steps)
    return [s for s in steps if _dict_argument(s.args) not in coded] if coded else steps


def m4_mesh_template(case_dir: Path) -> str | None:
    """The m4 template (relative to the case) its scripts expand into system/blockMeshDict
    (`m4 system/pachuka.m4 > system/blockMeshDict`, `m4 < system/blockMeshDict.m4 > ...`, a
    template its Allrun copies from ../common), or None: the planner expands it when it writes
    the case (mesh_params["m4"], tasks/edit/caseops.expand_m4)."""
    return m4_template(case_dir, frozenset(resource_files(case_dir)))


_OWN_CASE = frozenset({"$FOAM_CASE", "${FOAM_CASE}", "<case>", ".", "./"})
# what extrudeMesh builds from while keeping the case's own mesh: `mesh` adds layers to it. From
# `patch` (aerofoilNACA0012, climbingRod) the mesh written is a new one, the extrusion of one patch
# of the blockMesh (flattened first): the extrusion is what shapes the mesh.
_GROWS_IN_PLACE = frozenset({"mesh"})


def extrusion_builds_mesh(case_dir: Path, step: RunStep) -> bool:
    """Whether an extrudeMesh step builds the mesh rather than grow the case's own in place: built
    from a surface, from a patch, or from a `sourceCase` elsewhere (`"../wingMotion_snappyHexMesh"`);
    `constructFrom mesh` on the case itself (`sourceCase "<case>"`, waterChannel's channel
    extensions) only grows the mesh another utility built. A dictionary not found builds (what it
    reads is unknown)."""
    words = step.args.split()
    rel = words[words.index("-dict") + 1] if "-dict" in words[:-1] else "system/extrudeMeshDict"
    found = find_file((case_dir / rel).parent, Path(rel).name)
    if found is None:
        return True
    text = read_text(found)
    source = dict_value(text, "sourceCase")
    return dict_value(text, "constructFrom") not in _GROWS_IN_PLACE or (source is not None and source not in _OWN_CASE)


def read_mesh_method(case_dir: Path, steps: list[RunStep]) -> str:
    """How the case's mesh is first built: snappyHexMesh, foamyMesh, m4+blockMesh, converted,
    extrudeMesh (`extrusion_builds_mesh`), blockMesh, provided polyMesh or unknown. A mesh grown
    in place by extrusion keeps the method of the utility that built it."""
    apps = {s.app for s in steps}
    scripts = " ".join(read_text(p) for n in ("Allrun", "Allrun.pre", "Allmesh")
                       if (p := find_file(case_dir, n)) is not None)
    system = case_dir / "system"
    if "snappyHexMesh" in apps or find_file(system, "snappyHexMeshDict"):
        return "snappyHexMesh"
    if "foamyHexMesh" in apps or "foamyQuadMesh" in apps:
        return "foamyMesh"
    if _M4_LINE.search(scripts) or m4_expansions(case_dir) or list(system.glob("blockMeshDict.m4*")):
        return "m4+blockMesh"
    if any(app in _CONVERTERS for app in apps) or any(c in scripts for c in _CONVERTERS):
        return "converted"
    if any(s.app == "extrudeMesh" and extrusion_builds_mesh(case_dir, s) for s in steps):
        return "extrudeMesh"
    if "blockMesh" in apps or find_file(system, "blockMeshDict") or list(system.glob("*/blockMeshDict*")):
        return "blockMesh"
    if (case_dir / "constant" / "polyMesh").is_dir():
        return "provided polyMesh"
    return "unknown"


def read_case_record(case_dir: Path, root: Path, origin: str = "tutorial") -> CaseRecord:
    """Everything the Architect needs to know about one case, read from its files."""
    summary = read_case_summary(case_dir, root)
    constant = case_dir / "constant"
    files = sorted(p.relative_to(case_dir).as_posix().removesuffix(".gz") for p in case_dir.rglob("*")
                   if p.is_file() and "polyMesh" not in p.parts)
    fields = read_fields(case_dir)
    zero_names = {f.name.rsplit("/", 1)[-1] for f in fields}
    steps = without_coded_setup(case_dir, read_run_sequence(case_dir, summary.solver))
    solver = summary.solver or ""
    multiphase = (any(n.startswith("alpha.") for n in zero_names) or any(constant.glob("phaseProperties*"))
                  or "Phase" in solver or "inter" in solver)
    return CaseRecord(
        **summary.model_dump(),
        origin=origin,
        path=str(case_dir),
        algorithm=read_algorithm(case_dir),
        energy=summary.compressibility == "compressible" or "T" in zero_names,
        buoyancy="buoyant" in solver.lower() or ("p_rgh" in zero_names and not multiphase),
        multiphase=multiphase,
        lagrangian=any(constant.glob("*[cC]loud*Properties*")) or "Parcel" in solver or "DPM" in solver
        or "MPPIC" in solver,
        mrf=find_file(constant, "MRFProperties") is not None,
        dynamic_mesh=_has_dynamic_mesh(constant) or "DyM" in solver,
        mesh_method=read_mesh_method(case_dir, steps),
        fields=fields,
        files=files,
        run_sequence=steps,
    )


def _has_dynamic_mesh(constant: Path) -> bool:
    path = find_file(constant, "dynamicMeshDict")
    if path is None:
        return False
    mesh_type = dict_value(read_text(path), "dynamicFvMesh")
    return mesh_type not in (None, "staticFvMesh")


# --- cascading-fallback lookup -------------------------------------------------------------

Relaxed = Literal["turbulence", "solver", "solver+turbulence", "all"]


class CaseLookup(BaseModel):
    """Ranked base cases; `relaxed` names the constraint given up to find them (None: exact)."""

    model_config = ConfigDict(extra="forbid")

    solver: str | None
    turbulence: str | None
    compressibility: Compressibility | None
    relaxed: Relaxed | None
    cases: list[CaseRecord]


def _turbulence_matches(record: CaseSummary, wanted: str) -> bool:
    wanted_l = wanted.lower()
    if wanted_l in ("laminar", "none"):
        return (record.simulation_type or "").lower() == "laminar"
    return wanted_l in ((record.turbulence_model or "").lower(), (record.simulation_type or "").lower())


def _complexity(record: CaseRecord) -> int:
    flags = (record.multiphase, record.lagrangian, record.mrf, record.dynamic_mesh)
    mesh = {"blockMesh": 0, "m4+blockMesh": 1, "snappyHexMesh": 2}.get(record.mesh_method, 3)
    return 4 * sum(flags) + mesh + len(record.files) // 25


def lookup_cases(
    records: list[CaseRecord],
    *,
    solver: str | None = None,
    turbulence: str | None = None,
    compressibility: Compressibility | None = None,
    limit: int = 5,
) -> CaseLookup:
    """Exact (solver + turbulence) -> solver -> (compressibility + turbulence) -> compressibility.

    The compressibility of a solver is taken from the case base (the solver's own cases),
    else guessed from its name. Within a level, simpler cases rank first.
    """
    if compressibility is None and solver:
        own = [r.compressibility for r in records if r.solver == solver and r.compressibility]
        compressibility = own[0] if own else guess_compressibility(solver, None)

    def by_solver(r: CaseRecord) -> bool:
        return solver is not None and r.solver == solver

    def by_turb(r: CaseRecord) -> bool:
        return turbulence is not None and _turbulence_matches(r, turbulence)

    def by_comp(r: CaseRecord) -> bool:
        return compressibility is not None and r.compressibility == compressibility

    levels: list[tuple[Relaxed | None, object]] = []
    if solver and turbulence:
        levels += [(None, lambda r: by_solver(r) and by_turb(r)), ("turbulence", by_solver),
                   ("solver", lambda r: by_comp(r) and by_turb(r)), ("solver+turbulence", by_comp)]
    elif solver:
        levels += [(None, by_solver), ("solver", by_comp)]
    elif turbulence:
        levels += [(None, lambda r: by_turb(r) and (compressibility is None or by_comp(r))),
                   ("turbulence", by_comp)]
    elif compressibility:
        levels += [(None, by_comp)]
    levels.append(("all", lambda r: True))
    for relaxed, predicate in levels:
        hits = [r for r in records if predicate(r)]  # type: ignore[operator]
        if hits:
            hits.sort(key=lambda r: (_complexity(r), r.case))
            if len(levels) == 1:  # nothing was asked for: nothing was relaxed
                relaxed = None
            return CaseLookup(solver=solver, turbulence=turbulence, compressibility=compressibility,
                              relaxed=relaxed, cases=hits[:limit])
    return CaseLookup(solver=solver, turbulence=turbulence, compressibility=compressibility,
                      relaxed="all", cases=[])
