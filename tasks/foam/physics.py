"""Physics knowledge from canonical/physics.yaml: model fields, BC selector, dimensions,
inlet turbulence; fluid properties from canonical/fluids.yaml. Numerics and dictionary
defaults are canonical/defaults.yaml (tasks/foam/defaults.py).

Pure lookups over validated YAML files; no I/O beyond reading each once. What OpenFOAM itself
says through its installed tutorials (a solver's field dimensions, the initial fields it needs,
the flux it convects turbulence with) is read from them once per process and cached.
"""

from __future__ import annotations

import difflib
import math
import os
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import PlanError
from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_text

Family = Literal["incompressible", "boussinesq", "compressible", "multiphase"]


class FieldSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    class_: str = Field(alias="class")
    kinematic: str
    absolute: str
    internal: str


class ModelSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    simulation_type: Literal["laminar", "RAS", "LES"]
    fields: list[str]
    solved: list[str] = Field(default_factory=list)
    elliptic: list[str] = Field(default_factory=list, description="solved fields without convection (v2f's f): no div(phi,X)")
    low_re: bool = False


class Physics(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fields: dict[str, FieldSpec]
    turbulence_models: dict[str, ModelSpec]
    bc_selector: dict[str, dict[str, dict[str, str]]]
    wall_overrides: dict[str, dict[str, dict[str, str]]]
    boussinesq_overrides: dict[str, dict[str, dict[str, str]]]
    laminar_alphat: dict[str, str]
    ambient_pressure: float
    turbulence_defaults: dict[str, float]
    field_generators: list[str]
    patch_changers: list[str]


@lru_cache(maxsize=1)
def physics() -> Physics:
    data = yaml.safe_load((CANONICAL_DIR / "physics.yaml").read_text())
    return Physics.model_validate(data)


ABSOLUTE_PRESSURE_SOLVERS = frozenset(
    {"rhoSimpleFoam", "rhoPimpleFoam", "rhoCentralFoam", "sonicFoam", "buoyantSimpleFoam",
     "buoyantPimpleFoam", "chtMultiRegionFoam", "chtMultiRegionSimpleFoam", "rhoPorousSimpleFoam",
     "reactingFoam", "fireFoam", "compressibleInterFoam"}
)
MULTIPHASE_SOLVERS = frozenset(
    {"interFoam", "interIsoFoam", "multiphaseInterFoam", "interMixingFoam", "driftFluxFoam",
     "compressibleInterFoam", "twoPhaseEulerFoam", "multiphaseEulerFoam", "MPPICInterFoam"}
)
STEADY_SOLVERS = frozenset(
    {"simpleFoam", "buoyantBoussinesqSimpleFoam", "buoyantSimpleFoam", "rhoSimpleFoam",
     "porousSimpleFoam", "SRFSimpleFoam", "chtMultiRegionSimpleFoam", "potentialFoam",
     "rhoPorousSimpleFoam", "overSimpleFoam", "boundaryFoam"}  # laplacianFoam: dT/dt, transient
)


def solver_family(solver: str) -> Family:
    """The solver's family: boussinesq by name; multiphase when its installed tutorials carry
    phase fractions (alpha.<phase>), compressible when they carry an absolute pressure; the
    hand lists decide for a solver no tutorial tells about."""
    if solver.startswith("buoyantBoussinesq"):
        return "boussinesq"
    phases = tutorial_phase_fractions(solver)
    if phases or (phases is None and solver in MULTIPHASE_SOLVERS):
        return "multiphase"
    if is_absolute_pressure(solver):
        return "compressible"
    return "incompressible"


def tutorial_phase_fractions(solver: str) -> bool | None:
    """Whether the installed tutorials of `solver` carry phase fractions (0/alpha.<phase>) in
    most of their cases; None when no tutorial ships initial fields."""
    return _tutorial_phase_fractions(str(tutorial_root()), solver)


@lru_cache(maxsize=256)
def _tutorial_phase_fractions(root: str, solver: str) -> bool | None:
    votes = [any(n.startswith("alpha.") for n in names) for names in
             (initial_fields(t) for t in solver_tutorials(solver)) if names]
    return (2 * sum(votes) > len(votes)) if votes else None


def is_steady(solver: str) -> bool:
    return solver in STEADY_SOLVERS


def model_spec(name: str) -> ModelSpec:
    models = physics().turbulence_models
    if name in models:
        return models[name]
    close = difflib.get_close_matches(name, list(models), n=3, cutoff=0.4)
    raise PlanError(
        f"unknown turbulence model {name!r}; known: {', '.join(close) if close else ', '.join(models)}"
    )


class SolverModels(BaseModel):
    """canonical/solver_turbulence_models.yaml: the RAS and LES models each probed v1912 solver
    can load (its turbulence-model family), and how the lists were obtained."""

    model_config = ConfigDict(extra="forbid")

    openfoam_version: str
    obtained: str
    generated: str
    families: dict[str, dict[Literal["RAS", "LES"], list[str]]]
    solvers: dict[str, str]


@lru_cache(maxsize=1)
def solver_model_table() -> SolverModels:
    data = yaml.safe_load((CANONICAL_DIR / "solver_turbulence_models.yaml").read_text())
    return SolverModels.model_validate(data)


def solver_models(solver: str, simulation_type: str) -> tuple[str, ...] | None:
    """The `simulation_type` (RAS or LES) models v1912 `solver` can load; None when the solver
    was not probed (nothing is assumed) or the type is laminar."""
    table = solver_model_table()
    family = table.solvers.get(solver)
    if family is None or simulation_type not in ("RAS", "LES"):
        return None
    return tuple(table.families[family][simulation_type])  # type: ignore[index]


# the models a fallback prefers when several share as many fields with the requested one: the
# general-purpose closures first
FALLBACK_ORDER = ("kEpsilon", "kOmegaSST", "realizableKE", "RNGkEpsilon", "kOmega", "SpalartAllmaras",
                  "Smagorinsky", "kEqn", "WALE", "dynamicKEqn")


def nearest_model(model: str, offered: tuple[str, ...] | list[str]) -> str | None:
    """The offered model (one canonical/physics.yaml knows) nearest `model`: the most fields in
    common besides nut (kOmegaSST -> a k model), then FALLBACK_ORDER, then the name; None when
    none of the offered models is known."""
    models = physics().turbulence_models
    known = [m for m in offered if m in models]
    if not known:
        return None
    wanted = set(models[model].fields) - {"nut"} if model in models else set()

    def rank(name: str) -> tuple[int, int, str]:
        shared = len(wanted & (set(models[name].fields) - {"nut"}))
        order = FALLBACK_ORDER.index(name) if name in FALLBACK_ORDER else len(FALLBACK_ORDER)
        return (-shared, order, name)

    return min(known, key=rank)


def loadable_model(solver: str, model: str) -> tuple[str, str | None]:
    """(`model`, None) when v1912 `solver` can load it (or the solver was not probed, or the model
    is laminar), else (the nearest model it can load, a warning naming what it offers):
    driftFluxFoam + kOmegaSST -> kEpsilon."""
    models = physics().turbulence_models
    kind = models[model].simulation_type if model in models else None
    if kind is None:  # a name physics.yaml lacks: whichever type lists it
        kind = next((k for k in ("RAS", "LES") if model in (solver_models(solver, k) or ())), None)
    offered = solver_models(solver, kind) if kind else None
    if offered is None or model in offered:
        return model, None
    chosen = nearest_model(model, offered)
    if chosen is None:
        return model, None
    return chosen, (f"{solver} (OpenFOAM {solver_model_table().openfoam_version}) cannot load the {kind} model "
                    f"{model}; it offers {', '.join(offered)}: {chosen} used instead")


def dimensions(field: str, solver: str) -> str:
    name = "alpha" if field.startswith("alpha.") else field
    spec = physics().fields.get(name)
    if spec is None:
        raise PlanError(f"no dimensions known for field {field!r}")
    seen = tutorial_dimensions(solver, field)
    if len(seen) == 1:  # what the solver's own tutorials give the field
        return format_dimensions(next(iter(seen)))
    family = solver_family(solver)
    if family == "compressible" or (family == "multiphase" and name in ("p", "p_rgh")):
        return spec.absolute
    if name == "alphat" and is_absolute_pressure(solver):  # compressibleInterFoam's alphat is kg/m/s
        return spec.absolute
    return spec.kinematic


Dims = tuple[float, ...]

# SI base units in OpenFOAM's order [kg m s K mol A cd] and the derived units tutorials write
_UNITS: dict[str, Dims] = {
    "kg": (1, 0, 0, 0, 0, 0, 0), "m": (0, 1, 0, 0, 0, 0, 0), "s": (0, 0, 1, 0, 0, 0, 0),
    "K": (0, 0, 0, 1, 0, 0, 0), "mol": (0, 0, 0, 0, 1, 0, 0), "A": (0, 0, 0, 0, 0, 1, 0),
    "cd": (0, 0, 0, 0, 0, 0, 1), "N": (1, 1, -2, 0, 0, 0, 0), "Pa": (1, -1, -2, 0, 0, 0, 0),
    "J": (1, 2, -2, 0, 0, 0, 0), "W": (1, 2, -3, 0, 0, 0, 0),
}
_UNIT = re.compile(r"(/?)\s*([A-Za-z]+)(?:\^\s*([-+]?\d+(?:\.\d+)?))?")


def parse_dimensions(text: str) -> Dims | None:
    """A `dimensions` value as 7 exponents [kg m s K mol A cd]: `[0 1 -1 0 0 0 0]`, the
    5-entry form `[0 1 -1 0 0]` (the last two 0), `[ 0 2 -2 0 0 0 0 ]`, or named units
    `[m s^-1]`, `[m^2/s^2]`, `[kg/m/s^2]`; None when it is neither."""
    inner = text.strip().rstrip(";").strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        return None
    inner = inner[1:-1].strip()
    words = inner.split()
    try:
        numbers = [float(w) for w in words]
    except ValueError:
        numbers = []
    if numbers and len(numbers) in (5, 7):
        return tuple(numbers + [0.0] * (7 - len(numbers)))
    total = [0.0] * 7
    pos = 0
    for m in _UNIT.finditer(inner):
        if inner[pos:m.start()].strip():
            return None
        unit = _UNITS.get(m.group(2))
        if unit is None:
            return None
        power = float(m.group(3) or 1) * (-1 if m.group(1) else 1)
        total = [t + power * u for t, u in zip(total, unit)]
        pos = m.end()
    return tuple(total) if pos and not inner[pos:].strip() else None


def format_dimensions(dims: Dims) -> str:
    """Exponents as OpenFOAM writes them: `[0 2 -2 0 0 0 0]`."""
    return "[" + " ".join(fmt(d) for d in dims) + "]"


DEFAULT_TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
_APPLICATION = re.compile(r"^\s*application\s+\"?(\w+)\"?\s*;", re.M)


def tutorial_root() -> Path:
    """The installed tutorials (`CASEWRIGHT_TUTORIALS_DIR` points elsewhere: tests, other installs)."""
    return Path(os.environ.get("CASEWRIGHT_TUTORIALS_DIR", str(DEFAULT_TUTORIALS)))


def solver_tutorials(solver: str) -> tuple[Path, ...]:
    """The installed tutorial cases whose controlDict names `solver` (read once per root)."""
    return tutorial_index(str(tutorial_root())).get(solver, ())


@lru_cache(maxsize=4)
def tutorial_index(root: str) -> dict[str, tuple[Path, ...]]:
    """Application -> the tutorial cases under `root` whose controlDict names it (read once)."""
    by_app: dict[str, list[Path]] = {}
    base = Path(root)
    for control in sorted(base.rglob("controlDict*")) if base.is_dir() else []:
        if control.parent.name != "system" or control.name not in ("controlDict", "controlDict.gz"):
            continue
        m = _APPLICATION.search(read_text(control))
        if m:
            by_app.setdefault(m.group(1), []).append(control.parent.parent)
    return {app: tuple(cases) for app, cases in by_app.items()}


def tutorial_text(case: Path, rel: str) -> str | None:
    """A tutorial file's text, `.gz` or not; `0/X` is also found as 0.orig/X or 0/X.orig."""
    top, _, name = rel.partition("/")
    candidates = [f"0/{name}", f"0.orig/{name}", f"0/{name}.orig"] if top == "0" and "/" not in name else [rel]
    for cand in candidates:
        parent, _, leaf = cand.rpartition("/")
        found = find_file(case / parent, leaf)
        if found is not None:
            return read_text(found)
    return None


def tutorial_dimensions(solver: str, field: str) -> frozenset[Dims]:
    """The dimensions the installed tutorials of `solver` give 0/<field> (empty when none has
    the field): what OpenFOAM accepts for that solver, whatever its family (sprayFoam,
    XiFoam, cavitatingFoam, ... read an absolute p in Pa)."""
    return _tutorial_dimensions(str(tutorial_root()), solver, field)


@lru_cache(maxsize=1024)
def _tutorial_dimensions(root: str, solver: str, field: str) -> frozenset[Dims]:
    found: set[Dims] = set()
    for tut in solver_tutorials(solver):
        text = tutorial_text(tut, f"0/{field}")
        dims = parse_dimensions(fd.get(text, ["dimensions"]) or "") if text else None
        if dims is not None:
            found.add(dims)
    return frozenset(found)


def initial_fields(case: Path) -> set[str]:
    """The names of a case's initial fields (`.gz` and `.orig` dropped): the files of 0/,
    0.orig/ (restored by the run) and the start-time folder (kivaTest starts at -180); else
    of a 0.<variant>/ folder the Allrun copies (turbulentFlatPlate's 0.kOmegaSST)."""
    folders = [case / "0", case / "0.orig"]
    control = case / "system/controlDict"
    if control.is_file():
        m = _START_TIME.search(control.read_text(errors="replace"))
        if m:
            folders.append(case / m.group(1))
    found = [d for d in folders if d.is_dir()] or sorted(d for d in case.glob("0.*") if d.is_dir())
    return {f.name.removesuffix(".gz").removesuffix(".orig") for d in found for f in d.iterdir() if f.is_file()}


_START_TIME = re.compile(r"^\s*startTime\s+([-+\w.]+)\s*;", re.M)


def tutorial_field_names(solver: str) -> frozenset[str] | None:
    """The initial fields (by base name: `alpha` for alpha.water, `U` for U.air) every installed
    tutorial of `solver` that ships them has (those whose Allrun makes them with createBoxTurb,
    mapFields, createZeroDirectory, ... do not count); None when no tutorial tells. A field some
    runnable tutorial goes without is one the solver does not need (icoReactingMultiphaseInterFoam's
    p, the solid solvers' U)."""
    return _tutorial_field_names(str(tutorial_root()), solver)


@lru_cache(maxsize=256)
def _tutorial_field_names(root: str, solver: str) -> frozenset[str] | None:
    tutorials = solver_tutorials(solver)
    if not tutorials:
        return None
    common: set[str] | None = None
    for tut in tutorials:
        if makes_fields(tut):
            continue
        names = {n.split(".")[0] for n in initial_fields(tut)}  # alpha.water, alpha.sludge: alpha
        if names:
            common = names if common is None else common & names
    return frozenset(common or ())  # no tutorial ships its fields (chemFoam, dsmcFoam): none known to be needed


def makes_fields(case: Path) -> str | None:
    """The utility of canonical field_generators a case's Allrun (or the sequence Casewright
    recorded for it) runs to make initial fields, if any."""
    return _runs_one_of(case, physics().field_generators)


def changes_patches(case: Path) -> str | None:
    """The utility of canonical patch_changers (extrudeToRegionMesh, createPatch, ...) a case
    runs after blockMesh, if any: the blockMeshDict's patches are not the final mesh's."""
    return _runs_one_of(case, physics().patch_changers)


def _runs_one_of(case: Path, names: list[str]) -> str | None:
    scripts = [p for p in (*case.glob("Allrun*"), case / ".casewright/steps.json") if p.is_file()]
    text = " ".join(p.read_text(errors="replace") for p in scripts)
    return next((g for g in names if re.search(rf"\b{re.escape(g)}\b", text)), None)


def convection_flux(solver: str) -> str:
    """The flux a solver convects its turbulence fields with, as its installed tutorials name
    it in divSchemes (div(phi,k) for interFoam, div(rhoPhi,k) for driftFluxFoam,
    div(alphaRhoPhic,k) for MPPICInterFoam); when none is turbulent, a thermodynamic solver's
    momentum flux (compressibleInterFoam's rhoPhi), else phi."""
    return _convection_flux(str(tutorial_root()), solver)


_TURBULENCE_DIV = re.compile(r"div\((\w+),(?:k|epsilon|omega|nuTilda)\)")


_MOMENTUM_DIV = re.compile(r"div\((\w+),U\)")


@lru_cache(maxsize=256)
def _convection_flux(root: str, solver: str) -> str:
    seen: Counter[str] = Counter()
    momentum: Counter[str] = Counter()
    for tut in solver_tutorials(solver):
        turbulent = _turbulent(tut) is not False
        for key in fd.keys(tutorial_text(tut, "system/fvSchemes") or "", ["divSchemes"]):
            m = _TURBULENCE_DIV.fullmatch(key)
            if m and turbulent:  # a laminar tutorial's div(phi,k) is a leftover nothing reads
                seen[m.group(1)] += 1
            m = _MOMENTUM_DIV.fullmatch(key)
            if m:
                momentum[m.group(1)] += 1
    if seen:
        return seen.most_common(1)[0][0]
    # no turbulent tutorial: a thermodynamic solver's turbulence is convected by its mass flux, the one
    # its momentum is (compressibleInterFoam: rhoPhi); an incompressible solver's by the volume flux phi
    if momentum and is_absolute_pressure(solver):
        return momentum.most_common(1)[0][0]
    return "phi"


def _turbulent(tut: Path) -> bool | None:
    """Whether a tutorial runs a turbulence model (its turbulenceProperties simulationType is RAS
    or LES; laminar and climbingRod's twoPhaseTransport are not); None when it has none."""
    props = tutorial_text(tut, "constant/turbulenceProperties")
    if props is None:
        return None
    return (fd.get(props, ["simulationType"]) or "laminar").strip() in ("RAS", "LES")


def needs_alphat(solver: str) -> bool:
    """Whether `solver` with a turbulence model reads 0/alphat (its eddy diffusivity of heat):
    what its turbulent installed tutorials do (alphat or alphat.<phase> among their fields:
    rhoPimpleFoam, compressibleInterFoam yes; interCondensatingEvaporatingFoam no); when none is
    turbulent, every thermodynamic (absolute-pressure) solver does."""
    return _needs_alphat(str(tutorial_root()), solver)


@lru_cache(maxsize=256)
def _needs_alphat(root: str, solver: str) -> bool:
    votes = [any(n == "alphat" or n.startswith("alphat.") for n in initial_fields(tut))
             for tut in solver_tutorials(solver) if _turbulent(tut) and not makes_fields(tut)]
    if votes:
        return any(votes)
    return is_absolute_pressure(solver)


def dimensions_fit(field: str, solver: str, written: str) -> str | None:
    """None when `written` dimensions suit `field` of `solver`, else the dimensions to write.
    The solver's installed tutorials decide when they have the field; the solver family's
    rule (kinematic or absolute pressure) otherwise. Unreadable dimensions are not judged."""
    have = parse_dimensions(written)
    if have is None:
        return None
    seen = tutorial_dimensions(solver, field)
    if seen:
        if have in seen:
            return None
        return format_dimensions(sorted(seen)[0])
    try:
        want = parse_dimensions(dimensions(field, solver))
    except PlanError:
        return None
    return None if want is None or want == have else format_dimensions(want)


def field_class(field: str) -> str:
    if field.startswith("alpha."):
        return "volScalarField"
    return physics().fields[field].class_


CONSTRAINT_ROLES = ("symmetry", "symmetryPlane", "empty", "cyclic", "wedge")


def boundary_condition(
    role: str, field: str, model: str, solver: str, values: dict[str, str]
) -> dict[str, str]:
    """The canonical BC for a patch role and field, with {placeholders} filled from values."""
    table = physics().bc_selector
    key = "alpha" if field.startswith("alpha.") else field
    spec: dict[str, str] | None = None
    if role in CONSTRAINT_ROLES:
        spec = table[role]["*"]
    elif role == "movingWall":
        spec = table["movingWall"].get(key) or table["wall"].get(key)
    elif role == "heatedWall":
        spec = table["heatedWall"].get(key) or table["wall"].get(key)
    else:
        spec = table.get(role, {}).get(key)
    if spec is None:
        raise PlanError(f"no canonical boundary condition for field {field!r} on a {role!r} patch")
    if role in ("wall", "movingWall", "heatedWall"):
        spec = physics().wall_overrides.get(model, {}).get(key, spec) if key != "U" else spec
        if solver_family(solver) == "boussinesq":
            spec = physics().boussinesq_overrides.get("wall", {}).get(key, spec)
    if key == "alphat" and model_spec(model).simulation_type == "laminar" and role not in CONSTRAINT_ROLES:
        spec = physics().laminar_alphat  # buoyantBoussinesq* read alphat even when laminar: zero, no wall function
    filled = {k: _fill(v, values) for k, v in spec.items()}
    if key in ("p", "p_rgh") and is_absolute_pressure(solver):
        ambient = f"uniform {reference_pressure(solver, values)}"
        filled = {k: ambient if v.strip() == "uniform 0" else v for k, v in filled.items()}
    return filled


def is_absolute_pressure(solver: str) -> bool:
    """Solvers whose p is the absolute (thermodynamic) pressure in Pa: what the installed
    tutorials of the solver say (their p or p_rgh in Pa at a thermodynamic level), else the
    hand list for a solver no tutorial tells about."""
    learnt = tutorial_absolute_pressure(solver)
    return solver in ABSOLUTE_PRESSURE_SOLVERS if learnt is None else learnt


_PASCAL: Dims = (1, -1, -2, 0, 0, 0, 0)


def tutorial_absolute_pressure(solver: str) -> bool | None:
    """Whether most installed tutorials of `solver` that ship 0/p (else 0/p_rgh) give it in Pa
    and describe their fluid by a thermodynamic model (constant/thermophysicalProperties*): True
    for rhoPimpleFoam, XiFoam, sprayFoam, compressibleInterFoam, rhoCentralFoam's normalised gas
    (p 1 Pa); False for interFoam (p_rgh in Pa, transportProperties) and simpleFoam (m2/s2);
    None when no tutorial tells."""
    return _tutorial_absolute_pressure(str(tutorial_root()), solver)


@lru_cache(maxsize=256)
def _tutorial_absolute_pressure(root: str, solver: str) -> bool | None:
    votes: list[bool] = []
    for tut in solver_tutorials(solver):
        text = tutorial_text(tut, "0/p") or tutorial_text(tut, "0/p_rgh")
        dims = parse_dimensions(fd.get(text, ["dimensions"]) or "") if text else None
        if dims is None:
            continue
        thermo = any((tut / "constant").glob("thermophysicalProperties*")) or \
            any((tut / "constant").glob("*/thermophysicalProperties*"))  # a multi-region case: per region
        votes.append(dims == _PASCAL and thermo)
    return (2 * sum(votes) > len(votes)) if votes else None


def reference_pressure(solver: str, values: dict[str, str] | None = None) -> str:
    """The ambient pressure for absolute-pressure solvers (values["p_ambient"] when stated,
    else canonical 1e5 Pa), 0 for kinematic-pressure solvers: internal fields, outlet values,
    pRefValue."""
    if not is_absolute_pressure(solver):
        return "0"
    if values and values.get("p_ambient"):
        return values["p_ambient"]
    return fmt(physics().ambient_pressure)


def internal_value(field: str, solver: str, values: dict[str, str]) -> str:
    """The canonical internalField value of a generated field (without `uniform`)."""
    key = "alpha" if field.startswith("alpha.") else field
    if key in ("p", "p_rgh") and is_absolute_pressure(solver):
        return reference_pressure(solver, values)
    return physics().fields[key].internal.format(**values)


def _fill(template: str, values: dict[str, str]) -> str:
    try:
        return template.format(**values)
    except KeyError as exc:
        raise PlanError(f"no value for {{{exc.args[0]}}} in boundary condition {template!r}") from None


class InletTurbulence(BaseModel):
    model_config = ConfigDict(extra="forbid")

    k: float
    epsilon: float
    omega: float
    nuTilda: float
    intensity: float
    length_scale: float


def inlet_turbulence(speed: float, length: float, nu: float, intensity: float | None = None) -> InletTurbulence:
    """k from intensity, epsilon and omega from a mixing length (0.07 x the length scale)."""
    if speed <= 0 or length <= 0 or nu <= 0:
        raise PlanError(f"inlet turbulence needs positive speed, length and nu (got {speed}, {length}, {nu})")
    d = physics().turbulence_defaults
    i = intensity if intensity is not None else d["intensity"]
    cmu = d["cmu"]
    l = d["length_fraction"] * length
    k = 1.5 * (speed * i) ** 2
    eps = cmu**0.75 * k**1.5 / l
    omega = math.sqrt(k) / (cmu**0.25 * l)
    return InletTurbulence(k=k, epsilon=eps, omega=omega, nuTilda=3 * nu, intensity=i, length_scale=l)


def freestream_turbulence(speed: float, nu: float, intensity: float = 0.005,
                          viscosity_ratio: float = 5.0) -> InletTurbulence:
    """Free-stream turbulence for external flows (turbulence_models.md): intensity 0.1-1 % and
    nut/nu 1-10, so the free stream does not carry hundreds of times the molecular viscosity:
    k = 1.5 (U I)^2, omega = k / (nu r), epsilon = Cmu k^2 / (nu r)."""
    if speed <= 0 or nu <= 0 or not 0 < intensity < 1 or viscosity_ratio <= 0:
        raise PlanError(f"free-stream turbulence needs positive speed, nu, ratio and 0 < I < 1 "
                        f"(got {speed}, {nu}, {viscosity_ratio}, {intensity})")
    cmu = physics().turbulence_defaults["cmu"]
    k = 1.5 * (speed * intensity) ** 2
    nut = viscosity_ratio * nu
    return InletTurbulence(k=k, epsilon=cmu * k**2 / nut, omega=k / nut, nuTilda=3 * nu, intensity=intensity,
                           length_scale=cmu**0.75 * k**1.5 / (cmu * k**2 / nut))


def nice_floor(x: float) -> float:
    """The largest 1, 2 or 5 x 10^n not above x."""
    if x <= 0 or not math.isfinite(x):
        return x
    exp = math.floor(math.log10(x))
    for m in (5, 2, 1):
        if m * 10**exp <= x * (1 + 1e-9):
            return float(f"{m * 10**exp:.6g}")
    return float(f"{10**exp:.6g}")


def fmt(x: float) -> str:
    """A number as OpenFOAM text: integers plain, others with 4 significant digits."""
    if float(x).is_integer() and abs(x) < 1e9:
        return str(int(x))
    return f"{x:.4g}"


class FluidEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    aliases: list[str]
    condition: str
    rho: float
    mu: float
    nu: float
    cp: float
    kappa: float
    pr: float
    beta: float


@lru_cache(maxsize=1)
def fluid_table() -> dict[str, FluidEntry]:
    data = yaml.safe_load((CANONICAL_DIR / "fluids.yaml").read_text())
    return {name: FluidEntry.model_validate(entry) for name, entry in data.items()}


def find_fluid(text: str) -> str | None:
    """The first fluid named in the text (by alias, whole words), or None."""
    import re

    low = text.lower()
    best: tuple[int, str] | None = None
    for name, entry in fluid_table().items():
        for alias in entry.aliases:
            m = re.search(rf"\b{re.escape(alias)}\b", low)
            if m and (best is None or m.start() < best[0]):
                best = (m.start(), name)
    return best[1] if best else None


def sine_bc(amplitude: float, period: float, direction: list[float]) -> dict:
    """uniformFixedValue with the v1912 `sine` Function1: amplitude*sin(2 pi t / period)."""
    vec = "(" + " ".join(fmt(x) for x in direction) + ")"
    zero = "(" + " ".join("0" for _ in direction) + ")"
    return {
        "type": "uniformFixedValue",
        "uniformValue": {
            "type": "sine",
            "frequency": fmt(1.0 / period),
            "amplitude": fmt(amplitude),
            "scale": vec,
            "level": zero,
        },
        "value": f"uniform {zero}",
    }
