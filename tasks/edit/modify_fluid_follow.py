"""What follows a change of fluid besides its own properties: the turbulence values written in
units of the viscosity (nuTilda, nut: the turbulent viscosity ratio of the free stream stays, as
the tutorials set it, "nuTilda = 3 nu"), the turbulence of a flow whose speed was scaled to keep
the Reynolds number (same intensity and length scale: k ~ U^2, epsilon ~ U^3, omega ~ U), and the
fluid's density where a single-phase case keeps one (transportProperties rho, a forces function's
rhoInf). What cannot follow is named in a warning, never dropped."""

from __future__ import annotations

import re
from pathlib import Path

from tasks.edit.caseops import initial_field
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_values import NUMBER, unrounded
from tasks.foam import dictionary as fd
from tasks.plan.manifest import FileEdit

# boundary entries that hold a fixed value of a scalar field, by the names conditions give them
_VALUE_KEYS = ("value", "freestreamValue", "inletValue", "uniformValue", "referenceField")
_UNIFORM = re.compile(rf"\s*uniform\s+({NUMBER})\s*")


def scaled_uniform(value: str | None, factor: float) -> str | None:
    """"uniform 6.93e-5" times `factor` ("uniform 3.012e-06"); None for anything else (a macro
    such as $internalField follows its source, a nonuniform list is not scaled here)."""
    m = _UNIFORM.fullmatch(value or "")
    if m is None:
        return None
    return f"uniform {unrounded(round(float(m.group(1)) * factor, 15))}"


def scaled_field_edits(case: Path, field: str, factor: float, why: str) -> tuple[list[FileEdit], list[str]]:
    """Edits that multiply every uniform value of a scalar field (internalField and each patch's
    fixed values) by `factor`, and the entries that hold another kind of value (nonuniform),
    which stay as they are. No field: nothing."""
    path = initial_field(case, field)
    if path is None:
        return [], []
    text = path.read_text()
    edits: list[FileEdit] = []
    left: list[str] = []
    sites = [["internalField"]] + [["boundaryField", p, k] for p in fd.keys(text, ["boundaryField"]) for k in _VALUE_KEYS]
    for entry in sites:
        old = fd.get(text, entry)
        if old is None or old.strip().startswith("$") or re.fullmatch(r"uniform\s+\$\S+", old.strip()):
            continue
        new = scaled_uniform(old, factor)
        if new is None:
            left.append("/".join(entry))
        elif new != " ".join(old.split()):
            edits.append(FileEdit(file=f"0/{field}", entry=entry, value=new, reason=f"{field} x {unrounded(factor)} ({why})",
                                  locked=True))
    return edits, left


# the turbulence fields a scaled speed moves, with the power of the speed each goes with (same
# intensity and length scale); nut and nuTilda go with the viscosity ratio instead
_SPEED_POWER = {"k": 2, "epsilon": 3, "omega": 1}
_VISCOUS_FIELDS = ("nuTilda", "nut")


def follow_fluid_turbulence(plan: ChangePlan, state: CaseState, nu_ratio: float, speed_factor: float | None) -> None:
    """The turbulence values that depend on the fluid: nuTilda and nut x nu_new/nu_old (the
    turbulent viscosity ratio kept); with the speed scaled for the same Reynolds number, k, epsilon
    and omega scale with it. A laminar case has none of these fields: nothing to do."""
    if nu_ratio <= 0:
        return
    scaled: list[str] = []
    for field in _VISCOUS_FIELDS:
        if field == "nut" and "nuTilda" not in state.fields and speed_factor is None:
            continue  # k-epsilon/k-omega: nut = k/omega keeps its value when k, omega and the speed stay
        edits, left = scaled_field_edits(state.case_dir, field, nu_ratio, "turbulent viscosity ratio kept")
        _take(plan, field, edits, left, scaled)
    if speed_factor is not None:
        for field, power in _SPEED_POWER.items():
            edits, left = scaled_field_edits(state.case_dir, field, speed_factor ** power,
                                             f"same intensity and length scale at U x {unrounded(speed_factor)}")
            _take(plan, field, edits, left, scaled)
    if scaled:
        plan.assumptions.append(f"turbulence values follow the fluid: {', '.join(scaled)} scaled "
                                f"(nu x {unrounded(round(nu_ratio, 6))}"
                                + (f", U x {unrounded(round(speed_factor, 6))})" if speed_factor is not None else ")"))


def _take(plan: ChangePlan, field: str, edits: list[FileEdit], left: list[str], scaled: list[str]) -> None:
    taken = {tuple(e.entry) for e in plan.edits if e.file == f"0/{field}"}  # a value the request states wins
    fresh = [e for e in edits if tuple(e.entry) not in taken]
    plan.edits += fresh
    if fresh:
        scaled.append(field)
    if left:
        plan.warnings.append(f"not applied: {field} {', '.join(left)} for the new fluid (not a uniform value; "
                             "scale it by hand or state it)")


def follow_fluid_density(plan: ChangePlan, state: CaseState, rho: float, fluid: str) -> None:
    """A single-phase incompressible case's density entries take the new fluid's: transportProperties
    rho (kept in its dimensioned form) and rhoInf of a forces/forceCoeffs function in system/."""
    tp = "constant/transportProperties"
    text = (state.case_dir / tp).read_text() if (state.case_dir / tp).is_file() else ""
    old = fd.get(text, ["rho"])
    if old is not None and re.search(NUMBER + r"\s*$", old):
        new = re.sub(NUMBER + r"\s*$", unrounded(rho), old)
        plan.edits.append(FileEdit(file=tp, entry=["rho"], value=new, reason=f"{fluid} density", locked=True))
    for path in sorted((state.case_dir / "system").glob("*")):
        if not path.is_file() or "rhoInf" not in (ftext := path.read_text(errors="replace")):
            continue
        for entry in _entries_named(ftext, "rhoInf"):
            value = fd.get(ftext, entry) or ""
            if re.fullmatch(NUMBER, value.strip()):
                plan.edits.append(FileEdit(file=f"system/{path.name}", entry=entry, value=unrounded(rho),
                                           reason=f"{fluid} density (forces rhoInf)", locked=True))
            else:
                plan.warnings.append(f"not applied: {'/'.join(entry)} in system/{path.name} is {value!r}: set it to "
                                     f"{unrounded(rho)} kg/m3 for {fluid}")


def _entries_named(text: str, key: str, path: tuple[str, ...] = (), depth: int = 0) -> list[list[str]]:
    """The paths of every entry called `key` in the file, down to three levels of sub-dictionaries."""
    found: list[list[str]] = []
    for name in fd.keys(text, list(path)):
        if name == key:
            found.append([*path, name])
        elif depth < 3 and fd.find(text, [*path, name]) is not None and fd.find(text, [*path, name]).kind == "dict":
            found += _entries_named(text, key, (*path, name), depth + 1)
    return found
