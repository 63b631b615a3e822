"""The pre-run checker: problems found in a case before OpenFOAM runs, each with its file
and the fix. Reads files only; writes nothing."""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from tasks.edit.caseops import MODEL_FALLBACK_FILE, covered_by, has_convection_scheme, initial_field
from tasks.edit.caseops_cells import courant_scale
from tasks.edit.checks_patches import missing_entry, patch_type_problems
from tasks.foam import dictionary as fd
from tasks.foam.casedir import mesh_patches
from tasks.foam.coupled_patches import solver_start_patches, unforeseen_changer
from tasks.foam.commands import SOLVERS
from tasks.foam.defaults import convection_entries, defaults
from tasks.foam.locked import check_locked
from tasks.plan.bind_parts_phase_words import listed_phases
from tasks.foam.physics import (
    convection_flux, dimensions_fit, initial_fields, is_steady, needs_alphat, makes_fields, model_spec,
    nearest_model, solver_models,
    solver_family, solver_tutorials, tutorial_field_names, tutorial_root, tutorial_text,
)


class Problem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    severity: Literal["error", "warning"]
    file: str
    message: str
    fix: str


def solver_fields(solver: str, case: Path) -> list[str]:
    """The field files a solver reads at start (besides the turbulence model's); none for an
    application that is not a solver (a mesh tutorial's blockMesh, snappyHexMesh, ...)."""
    if solver not in SOLVERS:
        return []
    family = solver_family(solver)
    if solver == "MPPICFoam" or solver.endswith("ParcelFoam"):
        return ["U.air" if (case / "0/U.air").is_file() else "U", "p"]
    if family == "multiphase":
        phases = case_phases(case)
        return ["U", "p_rgh", f"alpha.{phases[0] if phases else 'water'}"]
    if family == "boussinesq":
        return ["U", "p", "p_rgh", "T"]
    if family == "compressible":
        return ["U", "p", "T"]
    return ["U", "p"]


def case_phases(case: Path) -> list[str]:
    """The phase names of a multiphase case: `phases (water air);` in constant/phaseProperties
    (Euler solvers) or constant/transportProperties (VoF solvers); empty when neither says."""
    for name in ("phaseProperties", "transportProperties", "thermophysicalProperties"):
        path = case / "constant" / name
        value = fd.get(path.read_text(errors="replace"), ["phases"]) if path.is_file() else None
        if value and value.lstrip().startswith("("):
            words = listed_phases(value)  # "(water air)", or multiphaseEulerFoam's "( air { ... } water { ... } )"
            if words and all(_PHASE_WORD.fullmatch(w) for w in words):
                return words
    return []


_PHASE_WORD = re.compile(r"[A-Za-z_][\w.]*")


def has_field(names: set[str] | frozenset[str], field: str) -> bool:
    """A field is there as itself, as `<field>.orig` (restored by the run) or per phase
    (`U.air`, `k.water`), the way OpenFOAM's multiphase solvers name them."""
    return field in names or any(n.startswith(f"{field}.") for n in names)


def required_fields(case: Path, solver: str, model_fields: list[str]) -> list[str]:
    """The initial fields the case must have: the solver's (those its installed tutorials
    have at all: no U for the solid solvers or chemFoam, U.<phase> for the Euler solvers) and
    the turbulence model's. None for a multi-region case (each region has its own 0/<region>/)
    or an application that is not a solver."""
    if solver not in SOLVERS or (case / "constant/regionProperties").is_file():
        return []
    known = tutorial_field_names(solver)
    own = [f for f in solver_fields(solver, case) if known is None or f.split(".")[0] in known]
    return list(dict.fromkeys(own + ([] if solver == "icoFoam" else model_fields)))


def _boundary_fields(case: Path, solver: str) -> list[Problem]:
    """Every patch of the mesh has a condition in each field of 0/, found as OpenFOAM finds it
    (by name, by patch group, by regular expression, through #include and #includeEtc; an empty
    patch needs none), and the field's dimensions suit the solver."""
    problems: list[Problem] = []
    forecast = solver_start_patches(case)  # with the patches createBaffles / createPatch make and take
    patches = forecast.present or mesh_patches(case)
    groups = patch_groups(case, patches)
    changer = unforeseen_changer(case)  # a later step the forecast does not model
    zero = case / "0"  # as written with the case (a copy of 0.orig/ where the case keeps one)
    for path in sorted(zero.glob("*")) if zero.is_dir() else []:
        if not path.is_file() or path.name.endswith((".orig", ".gz")):
            continue
        text = path.read_text(errors="replace")
        top = {e.name: e for e in fd.entries(text)}  # one pass: internalField lists can be long
        field = top.get("boundaryField")
        if field is None or not field.is_dict or not _is_mesh_field(text):
            continue
        span = (field.body_start, field.body_end)
        keys = boundary_keys(path, text, span=span)
        literal = {e.name: e for e in fd.entries(text, *span) if e.kind == "dict" and not e.key.startswith('"')}
        for patch, ptype in patches.items():
            entry = literal.get(patch)
            if entry is not None:  # its type against the mesh type: checks_patches
                continue
            if ptype == "empty" or patch in forecast.filled or patch_covered(patch, groups.get(patch, set()), keys):
                continue
            problems.append(Problem(**missing_entry(f"{zero.name}/{path.name}", patch, ptype, forecast, changer).model_dump()))
        base = path.name
        dims_entry = top.get("dimensions")
        dims = text[dims_entry.value_start:dims_entry.value_end].strip() if dims_entry and dims_entry.kind == "value" else None
        if base in DIMENSIONED_FIELDS and dims:
            want = dimensions_fit(base, solver, dims)
            if want is not None:
                problems.append(Problem(severity="error", file=f"0/{base}", message=f"dimensions {dims} do not fit {solver}",
                                        fix=f"dimensions {want};"))
    return problems


DIMENSIONED_FIELDS = ("p", "p_rgh", "nut", "alphat", "U", "k", "epsilon", "omega")
_CLASS = re.compile(r"^\s*class\s+(\w+)\s*;", re.M)


def _is_mesh_field(text: str) -> bool:
    """A field on the volume or point mesh (not a finite-area field on the faMesh's edges, not
    a dictionary that happens to have a boundaryField)."""
    m = _CLASS.search(text[:2000])
    return m is None or m.group(1).startswith(("vol", "point", "surface"))


_GROUPS = re.compile(r"inGroups\s+(?:List<word>\s*)?(?:\d+\s*)?\(([^)]*)\)")


def patch_groups(case: Path, patches: dict[str, str]) -> dict[str, set[str]]:
    """The groups each patch is in: its type when that is `wall` or a constraint type
    (OpenFOAM adds those), and the inGroups of the mesh or of the blockMeshDict."""
    source = next((p for p in (case / "constant/polyMesh/boundary", case / "system/blockMeshDict") if p.is_file()), None)
    text = source.read_text(errors="replace") if source else ""
    if source is not None and source.name == "blockMeshDict":
        text = fd.get(text, ["boundary"]) or ""
    body = text[text.find("(") + 1: text.rfind(")")] if "(" in text else ""
    out: dict[str, set[str]] = {}
    for patch, ptype in patches.items():
        out[patch] = {ptype} if ptype not in ("patch", "") else set()
        m = _GROUPS.search(fd.get(body, [patch]) or "") if body else None
        if m:
            out[patch] |= set(m.group(1).split())
    return out


def _etc_dirs() -> list[Path]:
    """Where #includeEtc looks: $FOAM_ETC, $WM_PROJECT_DIR/etc, the Debian package's etc."""
    env = [os.environ.get("FOAM_ETC"), f"{os.environ['WM_PROJECT_DIR']}/etc" if os.environ.get("WM_PROJECT_DIR") else None]
    return [Path(d) for d in env if d] + [Path("/usr/share/openfoam/etc"), *sorted(Path("/usr/lib/openfoam").glob("*/etc"))]


_INCLUDE = re.compile(r'#(include|includeEtc|includeIfPresent)\s+"([^"]+)"')


def boundary_keys(path: Path, text: str, depth: int = 0, span: tuple[int, int] | None = None) -> list[str]:
    """The keys of a field's boundaryField as written (regex keys keep their quotes), with the
    keys of the files its #include / #includeEtc lines bring in (`caseDicts/setConstraintTypes`:
    cyclic, empty, symmetryPlane, wedge, ...). `span`: the boundaryField body when known."""
    if span is None:
        span = fd.body_span(text, ["boundaryField"]) if depth == 0 else (0, len(text))
    if span is None:
        return []
    keys: list[str] = []
    for entry in fd.entries(text, *span):
        if entry.kind != "directive":
            keys.append(entry.key)
            continue
        m = _INCLUDE.match(text, entry.key_start)
        if m is None or depth >= 3:
            continue
        name = os.path.expandvars(m.group(2).replace("$FOAM_CASE", str(path.parent.parent)))
        where = [Path(name)] if Path(name).is_absolute() else (
            [d / name for d in _etc_dirs()] if m.group(1) == "includeEtc" else [path.parent / name])
        found = next((w for w in where if w.is_file()), None)
        if found is not None:
            keys += boundary_keys(found, found.read_text(errors="replace"), depth + 1)
    return keys


def patch_covered(patch: str, groups: set[str], keys: list[str]) -> bool:
    """Whether a boundaryField key names the patch, one of its groups (plain keys only) or
    matches its name as a regular expression (quoted keys), as OpenFOAM reads boundaryField."""
    return any(fd.key_matches(k, patch) or (not k.startswith('"') and k in groups) for k in keys)


def _model(case: Path) -> str:
    tp = case / "constant/turbulenceProperties"
    if not tp.is_file():
        return "laminar"
    text = tp.read_text()
    if fd.get(text, ["simulationType"]) in (None, "laminar"):
        return "laminar"
    return fd.get(text, ["RAS", "RASModel"]) or fd.get(text, ["LES", "LESModel"]) or "laminar"


def model_loadable(case: Path, solver: str, model: str) -> list[Problem]:
    """An error when v1912 `solver` cannot load the case's RAS/LES model (canonical/
    solver_turbulence_models.yaml: driftFluxFoam has only buoyantKEpsilon and kEpsilon), naming
    the models it offers; a warning for a model a switch already replaced (MODEL_FALLBACK_FILE)."""
    problems: list[Problem] = []
    record = case / MODEL_FALLBACK_FILE
    if record.is_file():
        try:
            warning = str(json.loads(record.read_text()).get("warning", ""))
        except ValueError:
            warning = ""
        if warning:
            problems.append(Problem(severity="warning", file="constant/turbulenceProperties", message=warning,
                                    fix="choose one of the offered models, or a solver that offers the one asked for"))
    tp = case / "constant/turbulenceProperties"
    kind = fd.get(tp.read_text(), ["simulationType"]) if tp.is_file() else None
    offered = solver_models(solver, (kind or "").strip())
    if offered is None or model in offered:
        return problems
    nearest = nearest_model(model, offered)
    problems.append(Problem(
        severity="error", file="constant/turbulenceProperties",
        message=f"{solver} (v1912) cannot load the {kind} model {model}: its valid {kind}Model types are "
                f"{', '.join(offered)}",
        fix=f"set {kind}/{kind}Model to {nearest or offered[0]} (and write its fields), or use a solver that offers {model}"))
    return problems


def run_fields(case: Path) -> set[str]:
    """The initial fields the solver will find: those of 0.orig/ alone when the case has one (the
    run copies 0.orig over 0, as restore0Dir does, so a field only in 0/ is lost), else
    initial_fields (0/, the start-time folder, `.orig` copies)."""
    orig = case / "0.orig"
    if orig.is_dir() and any(p.is_file() for p in orig.iterdir()):
        return {f.name.removesuffix(".gz").removesuffix(".orig") for f in orig.iterdir() if f.is_file()}
    return initial_fields(case)


def check_case(case: Path, solver: str) -> list[Problem]:
    problems: list[Problem] = []
    model = _model(case)
    try:
        spec_fields = model_spec(model).fields
        solved = model_spec(model).solved
        elliptic = model_spec(model).elliptic
    except Exception:  # an unknown model is itself the problem
        problems.append(Problem(severity="error", file="constant/turbulenceProperties",
                                message=f"unknown turbulence model {model!r}", fix="use a v1912 model name (e.g. kEpsilon, kOmegaSST)"))
        spec_fields, solved, elliptic = [], [], []
    problems += model_loadable(case, solver, model)
    tutorial = (case / ".casewright" / "steps.json").is_file()  # a tutorial's own sequence: its field names are its own
    required = required_fields(case, solver, spec_fields)
    if tutorial:
        required = [f for f in required if f in spec_fields]
    if (solver_family(solver) == "boussinesq" or needs_alphat(solver)) and model != "laminar" and not tutorial:
        required.append("alphat")  # the eddy diffusivity of a thermodynamic solver reads it (alphat.<phase> counts)
    names = run_fields(case)
    maker = makes_fields(case)  # createBoxTurb, createZeroDirectory, mapFields...: made by a step before the solver
    for field in dict.fromkeys(required):
        if not has_field(names, field):
            problems.append(Problem(severity="warning" if maker else "error", file=f"0/{field}",
                                    message=f"{solver} with {model} needs 0/{field}" + (f" (unless {maker} makes it)" if maker else ""),
                                    fix=f"write 0/{field} with a BC for every patch"))
    problems += _boundary_fields(case, solver)
    problems += [Problem(**p.model_dump()) for p in patch_type_problems(case)]
    problems += _numerics(case, solver, solved, elliptic)
    problems += _courant(case, solver)
    problems += _coded(case)
    if model != "laminar":
        problems += _inviscid(case, model)
    for lock in check_locked(case):
        if not lock.ok:
            problems.append(Problem(severity="error", file=lock.file,
                                    message=f"requested {lock.name} {lock.expected!r} not found at {'/'.join(lock.entry)} (found {lock.found!r})",
                                    fix=f"set {'/'.join(lock.entry)} to {lock.expected}"))
    return problems


# where a case states its molecular viscosity: (file, entry path)
_VISCOSITY_ENTRIES = (("constant/thermophysicalProperties", ["mixture", "transport", "mu"]),
                      ("constant/transportProperties", ["nu"]))


def molecular_viscosity(case: Path) -> tuple[str, float] | None:
    """(file, value) of the case's stated molecular viscosity (thermophysicalProperties
    mixture/transport/mu, transportProperties nu, dimensioned or not); None when neither is a
    plain number."""
    for rel, path in _VISCOSITY_ENTRIES:
        file = case / rel
        raw = fd.get(file.read_text(errors="replace"), path) if file.is_file() else None
        try:
            if raw and raw.split():
                return rel, float(raw.split()[-1])
        except ValueError:
            continue
    return None


def _inviscid(case: Path, model: str) -> list[Problem]:
    """A turbulence model on a fluid of zero viscosity (the normalised-gas tutorials: forwardStep,
    obliqueShock) divides by it in its wall functions and stops at start (sigFpe)."""
    found = molecular_viscosity(case)
    if found is None or found[1] > 0:
        return []
    return [Problem(severity="error", file=found[0], message=f"{model} on an inviscid fluid (viscosity 0): its wall "
                    f"functions divide by the viscosity", fix="state the fluid's viscosity (e.g. air mu 1.8e-5 Pa s) "
                    "or keep the flow laminar")]


_CODED = re.compile(r"(?:^|\s)type\s+(coded\w*)\s*;|(#codeStream)\b")


def _coded(case: Path) -> list[Problem]:
    """Dynamic code (codedFixedValue, codedMixed, coded function objects, #codeStream) is
    compiled by OpenFOAM at run time: it needs wmake and a C++ compiler, which Debian's runtime
    package (and the Casewright image built from it) does not have."""
    problems = []
    for path in sorted(p for d in ("0", "system", "constant") if (case / d).is_dir() for p in (case / d).iterdir()):
        if not path.is_file() or path.name.endswith(".orig"):
            continue
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        if "coded" not in text and "#codeStream" not in text:
            continue
        for what in dict.fromkeys(m.group(1) or m.group(2) for m in _CODED.finditer(text)):
            problems.append(Problem(severity="warning", file=str(path.relative_to(case)),
                                    message=f"{what} compiles C++ at run time: it needs wmake and a compiler, which "
                                            f"the Debian openfoam package and the Casewright image lack",
                                    fix="use uniformFixedValue with a Function1 (sine, square, table, tableFile), "
                                        "or run on an OpenFOAM install that can compile"))
    return problems


def momentum_field(case: Path) -> str | None:
    """The velocity the case solves for: U, Urel (SRF), or a phase's U.<phase>; None when it has
    none (chemFoam, laplacianFoam, the solid solvers)."""
    names = {f.name for folder in ("0", "0.orig") if (case / folder).is_dir() for f in (case / folder).iterdir()}
    phases = sorted(n for n in names if n.startswith("U.") and not n.endswith(".orig"))
    return next((n for n in ("U", "Urel", *phases) if n in names), None)


def _numerics(case: Path, solver: str, solved: list[str], elliptic: list[str] = ()) -> list[Problem]:
    problems: list[Problem] = []
    schemes = (case / "system/fvSchemes").read_text() if (case / "system/fvSchemes").is_file() else ""
    solution = (case / "system/fvSolution").read_text() if (case / "system/fvSolution").is_file() else ""
    if (fd.get(schemes, ["divSchemes", "default"]) or "none").strip() == "none":
        div_keys = fd.keys(schemes, ["divSchemes"])
        flux = convection_flux(solver) if solved else "phi"
        missing = [f for f in solved if f not in elliptic and not has_convection_scheme(f, div_keys, flux)]
        for key, scheme in convection_entries(missing, is_steady(solver), flux).items():
            problems.append(Problem(severity="error", file="system/fvSchemes", message=f"no {key} scheme",
                                    fix=f"divSchemes/{key} {scheme};"))
    patterns = fd.keys(solution, ["solvers"])
    algo = next((a for a in ("PIMPLE", "PISO", "SIMPLE") if fd.find(solution, [a]) is not None), None)
    predictor = (fd.get(solution, [algo, "momentumPredictor"]) or "yes") if algo else "yes"
    u_name = momentum_field(case)
    solves_u = u_name is not None and predictor not in ("no", "off", "false") and \
        not (case / "constant/regionProperties").is_file() and tutorials_solve(solver, u_name) is not False \
        and not _implicit_porosity(solution)
    momentum = [u_name] if solves_u and u_name else []
    pimple = not is_steady(solver) and algo == "PIMPLE"
    # one outer corrector: every PIMPLE iteration is the final one, so v1912 reads only <field>Final
    final_only = pimple and _outer_correctors(solution) <= 1
    for field in solved + momentum:
        if not covered_by(field, patterns) and not (final_only and covered_by(f"{field}Final", patterns)):
            problems.append(Problem(severity="error", file="system/fvSolution", message=f"no linear solver for {field}",
                                    fix=f"add solvers/{field}"))
    if pimple:
        for field in solved + momentum:
            if not covered_by(f"{field}Final", patterns):
                problems.append(Problem(severity="error", file="system/fvSolution", message=f"no {field}Final solver for PIMPLE",
                                        fix=f"add solvers/{field}Final (relTol 0)"))
    return problems


def _implicit_porosity(solution: str) -> bool:
    """SIMPLE/nUCorrectors > 0 makes (rho)porousSimpleFoam treat porosity implicitly: U comes
    from inverting the momentum tensor, no linear solver reads solvers/U."""
    try:
        return float(fd.get(solution, ["SIMPLE", "nUCorrectors"]) or 0) > 0
    except ValueError:
        return False


def _outer_correctors(solution: str) -> int:
    try:
        return int(float(fd.get(solution, ["PIMPLE", "nOuterCorrectors"]) or 1))
    except ValueError:
        return 1


def tutorials_solve(solver: str, field: str) -> bool | None:
    """Whether the installed tutorials of `solver` that have `field` (and leave the momentum
    predictor on) all give it a linear solver (or its Final): False for solvers that never
    solve it (potentialFoam, scalarTransportFoam and the uncoupled parcel solvers only read U;
    PDRFoam inverts its momentum matrix; multiphaseEulerFoam has no phase-momentum predictor);
    None when no tutorial tells."""
    return _tutorials_solve(str(tutorial_root()), solver, field)


@lru_cache(maxsize=256)
def _tutorials_solve(root: str, solver: str, field: str) -> bool | None:
    verdicts = []
    for tut in solver_tutorials(solver):
        solution = tutorial_text(tut, "system/fvSolution") or ""
        algo = next((a for a in ("PIMPLE", "PISO", "SIMPLE") if fd.find(solution, [a]) is not None), None)
        if field not in initial_fields(tut) or (algo and (fd.get(solution, [algo, "momentumPredictor"]) or "yes")
                                                      in ("no", "off", "false")):
            continue
        keys = fd.keys(solution, ["solvers"])
        verdicts.append(covered_by(field, keys) or covered_by(f"{field}Final", keys))
    return all(verdicts) if verdicts else None


def courant_estimate(case: Path, solver: str) -> tuple[float, float, float] | None:
    """(Co, dx, speed) of a fixed-step transient case: Co = speed deltaT / dx for the velocity of
    the initial U (internal field, patch values, a sine inlet's amplitude) that crosses the
    blockMesh cells fastest, on the smallest cells of its graded blocks (caseops_cells); None when
    it cannot be told (steady, an adjustable time step, no blockMeshDict, no velocity)."""
    u_file = initial_field(case, "U")
    if is_steady(solver) or not (case / "system/blockMeshDict").is_file() or u_file is None:
        return None
    control = (case / "system/controlDict").read_text()
    if (fd.get(control, ["adjustTimeStep"]) or "no") in ("yes", "on", "true"):
        return None
    try:
        dt = float(fd.get(control, ["deltaT"]) or "nan")
    except ValueError:
        return None
    scale = courant_scale((case / "system/blockMeshDict").read_text(), u_file.read_text())
    if scale is None or dt != dt:
        return None
    return scale.speed * dt / scale.length, scale.length, scale.speed


def _courant(case: Path, solver: str) -> list[Problem]:
    estimate = courant_estimate(case, solver)
    if estimate is None or estimate[0] <= 1:
        return []
    co, dx, speed = estimate
    target = defaults().target_courant
    return [Problem(severity="warning", file="system/controlDict", message=f"Courant number about {co:.2g} (> 1)",
                    fix=f"deltaT <= {target * dx / speed:.3g} or adjustTimeStep yes; maxCo {target:g};")]
