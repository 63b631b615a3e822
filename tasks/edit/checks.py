"""The pre-run checker: problems found in a case before OpenFOAM runs, each with its file
and the fix. Reads files only; writes nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from tasks.edit.caseops import covered_by
from tasks.foam import dictionary as fd
from tasks.foam.casedir import mesh_patches
from tasks.foam.defaults import defaults
from tasks.foam.geometry import block_cell_counts
from tasks.foam.locked import check_locked
from tasks.foam.physics import dimensions, is_steady, model_spec, solver_family


class Problem(BaseModel):
    model_config = ConfigDict(extra="forbid")

    severity: Literal["error", "warning"]
    file: str
    message: str
    fix: str


def solver_fields(solver: str, case: Path) -> list[str]:
    """The field files a solver reads at start (besides the turbulence model's)."""
    family = solver_family(solver)
    if solver == "MPPICFoam" or solver.endswith("ParcelFoam"):
        return ["U.air" if (case / "0/U.air").is_file() else "U", "p"]
    if family == "multiphase":
        tp = (case / "constant/transportProperties")
        phases = fd.get(tp.read_text(), ["phases"]) if tp.is_file() else None
        first = phases.strip("()").split()[0] if phases else "water"
        return ["U", "p_rgh", f"alpha.{first}"]
    if family == "boussinesq":
        return ["U", "p", "p_rgh", "T"]
    if family == "compressible":
        return ["U", "p", "T"]
    return ["U", "p"]


def _model(case: Path) -> str:
    tp = case / "constant/turbulenceProperties"
    if not tp.is_file():
        return "laminar"
    text = tp.read_text()
    if fd.get(text, ["simulationType"]) in (None, "laminar"):
        return "laminar"
    return fd.get(text, ["RAS", "RASModel"]) or fd.get(text, ["LES", "LESModel"]) or "laminar"


def check_case(case: Path, solver: str) -> list[Problem]:
    problems: list[Problem] = []
    model = _model(case)
    try:
        spec_fields = model_spec(model).fields
        solved = model_spec(model).solved
    except Exception:  # an unknown model is itself the problem
        problems.append(Problem(severity="error", file="constant/turbulenceProperties",
                                message=f"unknown turbulence model {model!r}", fix="use a v1912 model name (e.g. kEpsilon, kOmegaSST)"))
        spec_fields, solved = [], []
    tutorial = (case / ".casewright" / "steps.json").is_file()  # a tutorial's own sequence: its field names are its own
    required = ([] if tutorial else solver_fields(solver, case)) + ([] if solver == "icoFoam" else spec_fields)
    if solver_family(solver) == "boussinesq" and model != "laminar" and not tutorial:
        required.append("alphat")
    for field in dict.fromkeys(required):
        if not any((case / folder / field).is_file() for folder in ("0", "0.orig")):  # 0.orig: restored by the run
            problems.append(Problem(severity="error", file=f"0/{field}", message=f"{solver} with {model} needs 0/{field}",
                                    fix=f"write 0/{field} with a BC for every patch"))
    patches = mesh_patches(case)
    for path in sorted((case / "0").glob("*")) if (case / "0").is_dir() else []:
        if not path.is_file() or path.name.endswith(".orig"):
            continue
        text = path.read_text()
        have = set(fd.keys(text, ["boundaryField"]))
        if any(k.startswith('"') or "(" in k or ".*" in k for k in have) or any(k.startswith("#") for k in have):
            continue  # regex patch names or includes: OpenFOAM resolves them
        for patch, ptype in patches.items():
            if patch not in have:
                problems.append(Problem(severity="error", file=f"0/{path.name}", message=f"no entry for patch {patch}",
                                        fix=f"add boundaryField/{patch} (type {ptype} in the mesh)"))
            elif ptype == "empty" and fd.get(text, ["boundaryField", patch, "type"]) != "empty":
                problems.append(Problem(severity="error", file=f"0/{path.name}", message=f"patch {patch} is empty in the mesh but not in the field",
                                        fix=f"set boundaryField/{patch}/type empty"))
        dims = fd.get(text, ["dimensions"])
        base = path.name
        try:
            want = dimensions(base, solver) if base in ("p", "p_rgh", "nut", "alphat", "U", "k", "epsilon", "omega") else None
        except Exception:
            want = None
        if want and dims and " ".join(dims.split()) != want:
            problems.append(Problem(severity="error", file=f"0/{base}", message=f"dimensions {dims} do not fit {solver}",
                                    fix=f"dimensions {want};"))
    problems += _numerics(case, solver, solved)
    problems += _courant(case, solver)
    problems += _coded(case)
    for lock in check_locked(case):
        if not lock.ok:
            problems.append(Problem(severity="error", file=lock.file,
                                    message=f"requested {lock.name} {lock.expected!r} not found at {'/'.join(lock.entry)} (found {lock.found!r})",
                                    fix=f"set {'/'.join(lock.entry)} to {lock.expected}"))
    return problems


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


def _numerics(case: Path, solver: str, solved: list[str]) -> list[Problem]:
    problems: list[Problem] = []
    schemes = (case / "system/fvSchemes").read_text() if (case / "system/fvSchemes").is_file() else ""
    solution = (case / "system/fvSolution").read_text() if (case / "system/fvSolution").is_file() else ""
    if (fd.get(schemes, ["divSchemes", "default"]) or "none").strip() == "none":
        for field in solved:
            if fd.get(schemes, ["divSchemes", f"div(phi,{field})"]) is None:
                problems.append(Problem(severity="error", file="system/fvSchemes", message=f"no div(phi,{field}) scheme",
                                        fix=f"divSchemes/div(phi,{field}) bounded Gauss limitedLinear 1;"))
    patterns = fd.keys(solution, ["solvers"])
    algo = next((a for a in ("PIMPLE", "PISO", "SIMPLE") if fd.find(solution, [a]) is not None), None)
    predictor = (fd.get(solution, [algo, "momentumPredictor"]) or "yes") if algo else "yes"
    u_name = momentum_field(case)
    momentum = [u_name] if u_name and predictor not in ("no", "off", "false") else []
    for field in solved + momentum:
        if not covered_by(field, patterns):
            problems.append(Problem(severity="error", file="system/fvSolution", message=f"no linear solver for {field}",
                                    fix=f"add solvers/{field}"))
    if not is_steady(solver) and fd.find(solution, ["PIMPLE"]) is not None:
        for field in solved + momentum:
            if not covered_by(f"{field}Final", patterns):
                problems.append(Problem(severity="error", file="system/fvSolution", message=f"no {field}Final solver for PIMPLE",
                                        fix=f"add solvers/{field}Final (relTol 0)"))
    return problems


def courant_estimate(case: Path, solver: str) -> tuple[float, float, float] | None:
    """(Co, dx, speed) of a fixed-step transient case: Co = |U| deltaT / dx from the largest fixed
    velocity in 0/U and the smallest blockMesh cell; None when it cannot be told (steady, an
    adjustable time step, no blockMeshDict, no velocity)."""
    if is_steady(solver) or not (case / "system/blockMeshDict").is_file() or not (case / "0/U").is_file():
        return None
    control = (case / "system/controlDict").read_text()
    if (fd.get(control, ["adjustTimeStep"]) or "no") in ("yes", "on", "true"):
        return None
    try:
        dt = float(fd.get(control, ["deltaT"]) or "nan")
    except ValueError:
        return None
    bmd = (case / "system/blockMeshDict").read_text()
    try:
        scale = float(fd.get(bmd, ["convertToMeters"]) or fd.get(bmd, ["scale"]) or 1)
    except ValueError:
        return None  # a scale written as an expression
    verts = [tuple(map(float, v)) for v in re.findall(r"\(\s*([-\d.eE+]+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)\s*\)", fd.get(bmd, ["vertices"]) or "")]
    counts = block_cell_counts(bmd)
    if not verts or not counts:
        return None
    size = [scale * (max(v[i] for v in verts) - min(v[i] for v in verts)) for i in range(3)]
    cells = [max(c[i] for c in counts) for i in range(3)]
    spans = [s / n for s, n in zip(size, cells) if s > 0 and n > 0]
    speeds = [abs(float(x)) for x in re.findall(r"uniform\s*\(\s*([-\d.eE+]+)", (case / "0/U").read_text())]
    speeds += [abs(float(a)) for a in re.findall(r"amplitude\s+([-\d.eE+]+)", (case / "0/U").read_text())]
    speed = max(speeds, default=0.0)
    if not spans or speed <= 0 or dt != dt:
        return None
    dx = min(spans)
    return speed * dt / dx, dx, speed


def _courant(case: Path, solver: str) -> list[Problem]:
    estimate = courant_estimate(case, solver)
    if estimate is None or estimate[0] <= 1:
        return []
    co, dx, speed = estimate
    target = defaults().target_courant
    return [Problem(severity="warning", file="system/controlDict", message=f"Courant number about {co:.2g} (> 1)",
                    fix=f"deltaT <= {target * dx / speed:.3g} or adjustTimeStep yes; maxCo {target:g};")]
