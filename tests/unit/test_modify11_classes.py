"""`modify`, session 11 classes: the new fluid read by its marks (an arrow, "was", "with",
"instead"), the Reynolds number kept "as before", the turbulence values and the density that
follow a new fluid, a speed stated as a magnitude, a duration added to the run in any unit, a
factor after the words for the cell count, a signed amount as a change, and a factor after a
target that names no quantity (a patch, an entry key or its plain name, a rotating part)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.modify import apply_changes, plan_changes, read_state, refinement, stated_changes
from tasks.edit.modify_fluid import keeps_reynolds, target_fluid
from tasks.edit.modify_fluid_follow import scaled_uniform
from tasks.edit.modify_factor import factor_in
from tasks.edit.modify_run_more import added_time
from tasks.edit.modify_words import present_sign, stated_sign
from tasks.foam import dictionary as fd
from tests.conftest import TUTORIALS, copy_tutorial

CAVITY = "incompressible/icoFoam/cavity/cavity"
PISO_CAVITY = "incompressible/pisoFoam/RAS/cavity"
BUMP = "incompressible/simpleFoam/bump2D"
AIRFOIL = "incompressible/simpleFoam/airFoil2D"
PITZ = "incompressible/simpleFoam/pitzDaily"
FLANGE = "basic/laplacianFoam/flange"
HOTROOM = "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"
MIXER_VOF = "multiphase/interFoam/laminar/mixerVessel2D"
SRF_MIXER = "incompressible/SRFSimpleFoam/mixer"
DAMBREAK = "multiphase/interFoam/laminar/damBreak/damBreak"


def _modify(tmp_path: Path, tutorial: str, request: str):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    state = read_state(case)
    plan = plan_changes(state, request)
    apply_changes(state, plan)
    return case, plan


def _number(case: Path, rel: str, entry: str) -> float:
    path = case / rel
    if not path.is_file() and rel.startswith("0/"):
        path = next(p for p in (case / f"{rel}.orig", case / "0.orig" / rel[2:]) if p.is_file())
    value = (fd.get(path.read_text(), entry.split("/")) or "").replace("uniform", " ").replace("constant", " ")
    return float(value.split()[0].strip("()"))  # a scalar, or a vector's first component


# --- the new fluid by its marks ----------------------------------------------------------------

@pytest.mark.parametrize("text, fluid", [
    ("fluid air -> water", "water"),
    ("liquid water => oil", "oil"),
    ("Fluid: oil (was water)", "oil"),
    ("put oil in the vessel instead of the water", "oil"),
    ("go from water to air", "air"),
    ("replace the water by oil", "oil"),
    ("use water to cool it", "water"),
    ("the air inlet at 3 m/s", None),
])
def test_target_fluid_marks(text: str, fluid: str | None) -> None:
    assert target_fluid(text) == fluid


@pytest.mark.parametrize("text, kept", [
    ("Reynolds number: as before", True),
    ("Re like before, fluid water", True),
    ("oil; Re as it is", True),
    ("Re 5000 with water", False),
])
def test_keeps_reynolds_as_before(text: str, kept: bool) -> None:
    assert keeps_reynolds(text) == kept


@pytest.mark.parametrize("value, factor, expected", [
    ("uniform 6.93e-5", 1.004e-6 / 2.31e-5, "uniform 3.012e-06"),
    ("uniform 0.14", 0.5, "uniform 0.07"),
    ("$internalField", 2.0, None),
    ("nonuniform List<scalar> 2(1 2)", 2.0, None),
])
def test_scaled_uniform(value: str, factor: float, expected: str | None) -> None:
    assert scaled_uniform(value, factor) == expected


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    # Spalart-Allmaras: nuTilda = 3 nu stays 3 nu (bump2D's comment), U follows for the same Re
    (BUMP, "air -> water, same Re", "0/nuTilda", "internalField", 3.012e-06),
    (BUMP, "Fluid: water (was air). Reynolds number: as before.", "0/U", "internalField", 3.018),
    # k-epsilon with the same Re: k ~ U^2 (intensity kept), the lid slower by nu_new/nu_old
    (PISO_CAVITY, "could it be water instead of air, Re unchanged?", "0/k", "internalField", 0.00375 * 0.1004 ** 2),
    (PISO_CAVITY, "water rather than air; same Reynolds number", "0/U", "boundaryField/movingWall/value", 0.1004),
    # a single-phase case that keeps rho: it follows the fluid
    (AIRFOIL, "switch the fluid to water", "constant/transportProperties", "rho", 998.2),
])
def test_fluid_swap_follows(tmp_path, tutorial, request_text, rel, entry, expected) -> None:
    case, _ = _modify(tmp_path, tutorial, request_text)
    assert _number(case, rel, entry) == pytest.approx(expected, rel=2e-3)


@pytest.mark.parametrize("request_text", [
    "fluid -> water, freestream 2 m/s, same angle of attack",
    "at 2 m/s and the present incidence, water instead of air",
    "Speed: 2 m/s. Fluid: water.",
])
def test_speed_along_kept_direction_is_reported_applied(tmp_path, request_text) -> None:
    case, plan = _modify(tmp_path, AIRFOIL, request_text)
    _, missing = stated_changes(plan, case)
    assert not missing
    u = fd.get((case / "0/U").read_text(), ["internalField"]) or ""
    x, y, _ = (float(v) for v in u.replace("uniform", "").strip(" ()").split())
    assert (x * x + y * y) ** 0.5 == pytest.approx(2.0, rel=1e-6)
    assert y / x == pytest.approx(3.62 / 25.75, rel=1e-6)


# --- a duration added to the run --------------------------------------------------------------

@pytest.mark.parametrize("text, seconds", [
    ("extend the run by a further 0.1 seconds", 0.1),
    ("end time: 0.1 s later than now", 0.1),
    ("simulate 300 ms past the current end", 0.3),
    ("additional simulated time: 1 min", 60.0),
    ("could we push it by another 2 hours?", 7200.0),
    ("endTime 0.5 s", None),
    ("dt 1 ms more", None),
    ("write every 0.1 s", None),
])
def test_added_time(text: str, seconds: float | None) -> None:
    found = added_time(text)
    assert (found[0] if found else None) == (pytest.approx(seconds) if seconds is not None else None)


@pytest.mark.parametrize("tutorial, request_text, expected", [
    (CAVITY, "end time: 500 ms later than it is", 1.0),
    (DAMBREAK, "additional simulated time: 1 min", 61.0),
    (PISO_CAVITY, "run a further 2 s", 12.0),
])
def test_added_time_on_cases(tmp_path, tutorial, request_text, expected) -> None:
    case, plan = _modify(tmp_path, tutorial, request_text)
    assert _number(case, "system/controlDict", "endTime") == pytest.approx(expected)
    assert not stated_changes(plan, case)[1]


# --- a factor after the words for the cell count -----------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("cells per direction: twice the present count", [2.0, 2.0, 1.0]),
    ("resolution, double what we had", [2.0, 2.0, 1.0]),
    ("number of cells x3 in every direction", [3.0, 3.0, 1.0]),
    ("grid: half the present count", [0.5, 0.5, 1.0]),
    ("mesh the domain and double the inlet velocity", None),
    ("refine the mesh by half", None),
    ("mesh: 50 x 50", None),  # a count, not a factor of 50
    ("coarsen mesh x2, 1 s", [0.5, 0.5, 1.0]),
])
def test_count_then_factor(text: str, expected) -> None:
    assert refinement(text, two_d=True, flat=[2]) == expected


# --- signs and comparisons as changes ---------------------------------------------------------

@pytest.mark.parametrize("said, kind, sign", [
    ("+50 K", "temperature", 1), ("-20 K", "temperature", -1), ("-10 degC", "temperature", None),
    ("+0.5 m/s", "velocity", 1), ("-2 m/s", "velocity", None), ("300 K", "temperature", None),
])
def test_stated_sign(said: str, kind: str, sign: int | None) -> None:
    assert stated_sign(said, kind) == sign


@pytest.mark.parametrize("after, sign", [
    (" hotter than it is", 1), (" warmer than we had", 1), (" slower than what we had", -1),
    (" colder than it was", -1), (" faster compared to the last run", 1), (" hotter than the floor", None),
])
def test_present_sign_more_references(after: str, sign: int | None) -> None:
    assert present_sign(after) == sign


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    (FLANGE, "patch4 +50 K", "0/T", "boundaryField/patch4/value", 623.0),
    (FLANGE, "patch2: -3 K", "0/T", "boundaryField/patch2/value", 270.0),
    (HOTROOM, "the ceiling, +2 degC please", "0/T", "boundaryField/ceiling/value", 302.0),
    (FLANGE, "make patch4 fifty kelvin hotter than it is", "0/T", "boundaryField/patch4/value", 623.0),
])
def test_signed_temperature_is_a_change(tmp_path, tutorial, request_text, rel, entry, expected) -> None:
    case, plan = _modify(tmp_path, tutorial, request_text)
    assert _number(case, rel, entry) == pytest.approx(expected)
    assert not stated_changes(plan, case)[1]


# --- a factor after a target that names no quantity --------------------------------------------

@pytest.mark.parametrize("text, factor", [
    ("-20 %", 0.8), ("+10 percent", 1.1), ("20 % lower", 0.8), ("10% up", 1.1), ("x2", 2.0), ("3x", 3.0),
    ("halved", 0.5), ("the cell count", None),
])
def test_factor_in(text: str, factor: float | None) -> None:
    found = factor_in(text)
    assert (found[0] if found else None) == (pytest.approx(factor) if factor is not None else None)


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    (CAVITY, "lid -20%", "0/U", "boundaryField/movingWall/value", 0.8),
    (PITZ, "inlet +25 %", "0/U", "boundaryField/inlet/value", 12.5),
    (CAVITY, "nu -10%", "constant/transportProperties", "nu", 0.009),  # never nu = -0.1
    (HOTROOM, "Pr 2x", "constant/transportProperties", "Pr", 1.4),  # never Pr = 2
    (HOTROOM, "expansion coefficient x2", "constant/transportProperties", "beta", 0.006),
    (FLANGE, "DT halved", "constant/transportProperties", "DT", 2e-05),
    (SRF_MIXER, "can the impeller turn 50 % faster?", "constant/SRFProperties", "rpmCoeffs/rpm", 1500.0),
    (MIXER_VOF, "spin the rotor twice as fast", "constant/MRFProperties", "MRF1/omega", 12.5663706),
])
def test_factor_after_a_target(tmp_path, tutorial, request_text, rel, entry, expected) -> None:
    case, plan = _modify(tmp_path, tutorial, request_text)
    assert _number(case, rel, entry) == pytest.approx(expected, rel=1e-6)
    assert not [w for w in plan.warnings if w.startswith("not applied")]


# --- a new fluid the table does not hold is reported, never dropped ------------------------------

@pytest.mark.parametrize("text, name", [
    ("use helium instead of air, endTime 500", "helium"),
    ("air -> helium, same inlet speed", "helium"),
    ("replace the water with glycerol", "glycerol"),
    ("Fluid: mercury", "mercury"),
    ("change the air to CO2", "co2"),
    ("fluid -> water", None),
    ("the fluid is incompressible", None),
    ("air to 3 m/s", None),
])
def test_unknown_fluid(text: str, name: str | None) -> None:
    from tasks.edit.modify_fluid import unknown_fluid

    assert unknown_fluid(text) == name


@pytest.mark.parametrize("tutorial, request_text", [
    (PITZ, "use helium instead of air, endTime 500"),
    ("compressible/rhoPimpleFoam/RAS/angledDuct", "air -> helium, run to 20 s"),
])
def test_unknown_fluid_is_reported(tmp_path, tutorial, request_text) -> None:
    _, plan = _modify(tmp_path, tutorial, request_text)
    assert any(w.startswith("not applied: helium") for w in plan.warnings)
