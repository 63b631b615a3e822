"""Dictionary defaults from canonical/defaults.yaml: the value Casewright writes for an entry
the request does not set, the same for the InputWriter (tasks/edit/caseops.py) and the
Reviewer (tasks/review/): schemes, linear solvers, relaxation, SIMPLE/PISO/PIMPLE entries,
controlDict/transport/turbulence keywords, mesh-quality gates, constant/ files.

Pure lookups over one validated YAML file. What depends on a case (deltaT from the mesh, nu
from the fluid) is computed in tasks/review/defaults.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.paths import CANONICAL_DIR

RelaxationKind = Literal["simple", "simplec", "stress", "transient"]
PRESSURE = re.compile(r"(p|p_rgh|pcorr.*|Phi|pa)(Final)?")


class MeshGate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    value: str
    sense: Literal["max", "min", "exact"]


class ConstantFile(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    class_: str = Field(alias="class")
    entries: dict[str, str]


class DivSchemes(BaseModel):
    model_config = ConfigDict(extra="forbid")

    steady: dict[Literal["U", "scalar", "R"], str]
    transient: dict[Literal["U", "scalar", "R"], str]
    stress: str
    upwind: dict[Literal["steady", "transient"], str]
    extra: dict[str, str]


class RelaxationFactors(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fields: dict[str, str] = Field(default_factory=dict)
    equations: dict[str, str]


class Relaxation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    simple: RelaxationFactors
    simplec: RelaxationFactors
    stress: RelaxationFactors
    transient: RelaxationFactors
    turbulence: str


class AcceptanceLimits(BaseModel):
    """Bounds of the acceptance checks: (ok up to, warn up to); beyond is reject."""

    model_config = ConfigDict(extra="forbid")

    residual_drop_orders: tuple[float, float]
    residual_floor: tuple[float, float]
    continuity_steady: tuple[float, float]
    continuity_transient: tuple[float, float]
    courant_piso: tuple[float, float]
    courant_pimple: tuple[float, float]
    courant_overshoot: float
    alpha_excess: tuple[float, float]
    temperature: tuple[float, float]
    temperature_excess: tuple[float, float]
    mass_imbalance: tuple[float, float]
    stationarity: tuple[float, float]
    stationarity_window: float
    late_bounding_fraction: float


class Defaults(BaseModel):
    model_config = ConfigDict(extra="forbid")

    keywords: dict[str, dict[str, dict[str, str]]]
    aliases: dict[str, str]
    linear_solvers: dict[Literal["pressure", "alpha", "default"], dict[str, str]]
    solver_settings: dict[str, dict[str, str]]
    div_schemes: DivSchemes
    time_schemes: dict[Literal["steady", "transient"], str]
    relaxation: Relaxation
    relaxation_scale: float
    mesh_quality: dict[str, MeshGate]
    constant_files: dict[str, ConstantFile]
    known_keywords: dict[str, list[str]]
    target_courant: float
    acceptance: AcceptanceLimits
    residual_control: dict[str, str]


@lru_cache(maxsize=1)
def defaults() -> Defaults:
    data = yaml.safe_load((CANONICAL_DIR / "defaults.yaml").read_text())
    return Defaults.model_validate(data)


def _regime(steady: bool) -> Literal["steady", "transient"]:
    return "steady" if steady else "transient"


def keyword_values(file: str, section: str) -> dict[str, str]:
    """The canonical entries of one sub-dictionary, e.g. ("fvSolution", "PIMPLE")."""
    return defaults().keywords.get(file, {}).get(section, {})


def linear_solver_body(field: str) -> dict[str, str]:
    """The canonical linear-solver entries for a field by its kind (pressure, alpha, other),
    with what the solver needs besides its name (smoother, preconditioner) after `solver`;
    `pFinal`, `"(U|k)Final"`: relTol 0."""
    name = field.strip('"')
    final = name.endswith("Final")
    base = name[: -len("Final")] if final else name
    kind = "pressure" if PRESSURE.fullmatch(base) else "alpha" if base.startswith("alpha") else "default"
    d = defaults()
    body: dict[str, str] = {}
    for key, value in d.linear_solvers[kind].items():
        body[key] = value
        if key == "solver":
            body.update(d.solver_settings.get(value, {}))
    if final:
        body["relTol"] = "0"
    return body


def convection_schemes(steady: bool) -> dict[str, str]:
    """div(phi,X) by kind of field, {"U": ..., "scalar": ..., "R": ...}, steady or transient."""
    schemes = defaults().div_schemes
    return dict(schemes.steady if steady else schemes.transient)


def convection_scheme(field: str, steady: bool) -> str:
    """The canonical divSchemes entry for div(phi,<field>): linearUpwind for U, limitedLinear
    for scalars and R, bounded forms for steady solvers; the alpha entry of its own."""
    if field.startswith("alpha"):
        return defaults().div_schemes.extra["div(phi,alpha)"]
    table = convection_schemes(steady)
    return table["U"] if field == "U" else table["R"] if field == "R" else table["scalar"]


def convection_entries(fields: Iterable[str], steady: bool, flux: str = "phi") -> dict[str, str]:
    """The divSchemes entries a turbulence model's convected fields need, `div(<flux>,<field>)`
    -> the canonical scheme: what a case gets for every field a model adds (k, omega, nuTilda,
    v2, ReThetat, ...). `flux` is the solver's (phi; rhoPhi for driftFluxFoam and the reacting
    VoF solvers; see tasks.foam.physics.convection_flux)."""
    return {f"div({flux},{field})": convection_scheme(field, steady) for field in fields}


_BOUNDED = re.compile(r"^\s*bounded\s+")


def unbounded_scheme(scheme: str) -> str:
    """A divSchemes entry without its `bounded` prefix (`bounded Gauss limitedLinear 1` ->
    `Gauss limitedLinear 1`): the steady-state correction subtracts div(phi)*X, which a
    transient solver must not (its ddt term holds the continuity error; kept, it crashed
    backwardFacingStep2D's omega on the first pimpleFoam step). Other entries come back unchanged."""
    return _BOUNDED.sub("", scheme)


def stress_scheme() -> str:
    """divSchemes for the stress terms: div((nuEff*dev2(T(grad(U))))), div(R), ..."""
    return defaults().div_schemes.stress


def upwind_scheme(steady: bool) -> str:
    """First-order upwind convection (bounded for steady solvers)."""
    return defaults().div_schemes.upwind[_regime(steady)]


def time_scheme(steady: bool) -> str:
    """The ddtSchemes default: steadyState or Euler."""
    return defaults().time_schemes[_regime(steady)]


def relaxation_factors(kind: RelaxationKind, fields: Iterable[str] | None = None) -> dict[str, dict[str, str]]:
    """A relaxationFactors body: `fields` entries only for the given fields (p, p_rgh) when
    they are named, `equations` entries; empty sections left out."""
    table: RelaxationFactors = getattr(defaults().relaxation, kind)
    present = None if fields is None else set(fields)
    body: dict[str, dict[str, str]] = {}
    chosen = {k: v for k, v in table.fields.items() if present is None or k in present}
    if chosen:
        body["fields"] = chosen
    if table.equations:
        body["equations"] = dict(table.equations)
    return body


def turbulence_relaxation() -> str:
    """The factor for a turbulence equation added to a steady case (and the cap for k-omega)."""
    return defaults().relaxation.turbulence


def describe_relaxation(kind: RelaxationKind) -> str:
    """The factors as a user reads them, e.g. `p 0.3 / U 0.7 / others 0.5`."""
    parts = []
    for section in relaxation_factors(kind).values():
        for key, value in section.items():
            name = key.strip('"')
            parts.append(f"{'others' if name == '.*' else name} {value}")
    return " / ".join(parts)


def acceptance_limits() -> AcceptanceLimits:
    """The bounds of the acceptance verdict (canonical/defaults.yaml `acceptance`)."""
    return defaults().acceptance


def residual_control() -> dict[str, str]:
    """The residualControl a steady case gets when the request states none."""
    return dict(defaults().residual_control)
