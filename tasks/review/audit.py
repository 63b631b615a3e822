"""Static checks the Reviewer runs on a case whose run looked fine or failed without naming
a file: wall treatment that does not match the turbulence model, field dimensions that do
not match the solver family. Pure functions over a `CaseView`."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import PlanError
from tasks.foam import dictionary as fd
from tasks.foam.physics import boundary_condition, model_spec, physics
from tasks.review.case import CaseView

_INTERNAL = "__internal__"


class WallFinding(BaseModel):
    model_config = ConfigDict(extra="forbid")

    field: str
    patch: str
    have: str
    want: dict[str, str]


class DimensionFinding(BaseModel):
    model_config = ConfigDict(extra="forbid")

    field: str
    have: str
    want: str


def _mismatch(field: str, have: str, low_re: bool) -> bool:
    low = have.lower()
    if field == "nut":
        return have in ("calculated", "zeroGradient") and not low_re
    if field == "epsilon":
        return "omega" in low or (have == "zeroGradient" and not low_re)
    if field == "omega":
        return "epsilon" in low or (have == "zeroGradient" and not low_re)
    if field == "k":
        return "epsilon" in low or "omega" in low
    return False


def wall_bc(view: CaseView, field: str, model: str) -> dict[str, str] | None:
    """The canonical wall BC of `field` for `model`; values refer to `$internalField`."""
    values = {name: _INTERNAL for name in ("k", "epsilon", "omega", "nut", "nuTilda", "R", "T", "U")}
    try:
        bc = boundary_condition("wall", field, model, view.application, values)
    except PlanError:
        return None
    return {k: ("$internalField" if v == f"uniform {_INTERNAL}" else v) for k, v in bc.items()}


def audit_wall_functions(view: CaseView) -> list[WallFinding]:
    """Wall BCs of RAS fields that do not fit the model (omega zeroGradient with kOmegaSST,
    epsilonWallFunction on omega, nut calculated on walls, ...)."""
    sim, model = view.turbulence()
    if sim != "RAS":
        return []
    try:
        spec = model_spec(model)
    except PlanError:
        return []
    walls = [p for p, ptype in view.patches().items() if ptype == "wall"]
    findings: list[WallFinding] = []
    for field in spec.fields:
        text = view.field_text(field)
        if text is None:
            continue
        for patch in walls:
            have = fd.get(text, ["boundaryField", patch, "type"], regex=True)
            if have is None or not _mismatch(field, have, spec.low_re):
                continue
            want = wall_bc(view, field, model)
            if want and want.get("type") != have:
                findings.append(WallFinding(field=field, patch=patch, have=have, want=want))
    return findings


# Solvers whose pressure is kinematic (p/rho, m2/s2); everything the knowledge layer calls
# compressible or multiphase, or whose name says so, works in Pa.
KINEMATIC_PRESSURE = frozenset(
    """icoFoam simpleFoam pimpleFoam pisoFoam SRFSimpleFoam SRFPimpleFoam porousSimpleFoam
    nonNewtonianIcoFoam boundaryFoam adjointOptimisationFoam adjointShapeOptimizationFoam
    overSimpleFoam overPimpleDyMFoam buoyantBoussinesqSimpleFoam buoyantBoussinesqPimpleFoam
    potentialFoam DPMFoam MPPICFoam DPMDyMFoam MPPICDyMFoam""".split()
)
_ABSOLUTE_PREFIXES = ("rho", "sonic", "reacting", "compressible", "Xi", "PDR", "spray", "buoyantPimple",
                      "buoyantSimple", "cht", "fire", "coal", "engine", "inter", "multiphase",
                      "twoPhase", "twoLiquid", "driftFlux", "cavitating", "overInter", "icoReacting")
_AUDITED = ("U", "p", "p_rgh", "k", "epsilon", "omega", "nut", "nuTilda", "alphat", "T")


def expected_dimensions(view: CaseView, field: str) -> str | None:
    """Canonical dimensions of a field for this case's solver, or None when not sure."""
    app = view.application
    if field.startswith("alpha."):
        return "[0 0 0 0 0 0 0]"
    if field not in _AUDITED or (field == "T" and app == "scalarTransportFoam"):
        return None
    spec = physics().fields.get(field)
    if spec is None:
        return None
    if field in ("p", "p_rgh", "alphat"):
        if app in KINEMATIC_PRESSURE:
            return spec.kinematic
        if view.family in ("compressible", "multiphase") or app.startswith(_ABSOLUTE_PREFIXES):
            return spec.absolute if field != "alphat" or view.family != "multiphase" else None
        return None
    return spec.kinematic


def _norm_dims(text: str) -> str:
    parts = text.replace("[", " ").replace("]", " ").split()
    try:
        numbers = [float(x) for x in parts]
    except ValueError:
        return " ".join(parts)  # unit names ([m/s]): compared as written
    return " ".join(f"{x:g}" for x in numbers + [0.0] * (7 - len(numbers)))


def audit_dimensions(view: CaseView) -> list[DimensionFinding]:
    findings: list[DimensionFinding] = []
    for field in view.field_names():
        text = view.field_text(field)
        have = fd.get(text, ["dimensions"]) if text else None
        want = expected_dimensions(view, field)
        numeric = have is not None and re.fullmatch(r"\[[\s\d.eE+-]*\]", have.strip()) is not None
        if have and want and numeric and _norm_dims(have) != _norm_dims(want):
            findings.append(DimensionFinding(field=field, have=have, want=want))
    return findings
