"""`modify` classes of session 14, each probed on installed tutorials in several phrasings
(terse engineer, verbose student, other units or word order, non-native): percent, fraction and
factor changes of a bound quantity reported in `stated` with the old and new value; absolute
differences of a pressure ("lower the outlet pressure by 5 kPa"); a factor of a temperature
only on the kelvin scale; "X instead of Y" / "from Y to X" with a warning when the case does not
hold Y; and the Allrun's own pre-processing steps recorded for a copied tutorial whose mesh is
not built yet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.edit.modify import apply_changes, plan_changes, read_state, stated_changes
from tasks.edit.modify_instead import old_values
from tasks.edit.modify_models import StatedChange
from tasks.edit.modify_steps import STEPS_FILE, needs_tutorial_steps, prepare_steps
from tasks.edit.modify_values import uniform_scalar
from tasks.foam import dictionary as fd
from tests.conftest import TUTORIALS, copy_tutorial

CAVITY = "incompressible/icoFoam/cavity/cavity"
PITZ = "incompressible/simpleFoam/pitzDaily"
SQUARE_BEND = "compressible/rhoSimpleFoam/squareBend"
HOT_ROOM = "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"
PLANE_TRANSPORT = "finiteArea/surfactantFoam/planeTransport"
PIPE_CYCLIC = "incompressible/simpleFoam/pipeCyclic"


def _case(tmp_path: Path, tutorial: str) -> Path:
    return copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")


def _modify(case: Path, request: str):
    state = read_state(case)
    plan = plan_changes(state, request)
    apply_changes(state, plan)
    stated, missing = stated_changes(plan, case)
    return plan, stated, missing


def _entry(case: Path, rel: str, entry: str) -> str:
    return " ".join((fd.get((case / rel).read_text(), entry.split("/")) or "").split())


# --- class 1: percent, fraction and factor changes, read back with the old and new value ---------

@pytest.mark.parametrize("tutorial, request_text, rel, entry, old, new", [
    (PITZ, "increase the inlet velocity by 20 %", "0/U", "boundaryField/inlet/value", "uniform (10 0 0)", "uniform (12 0 0)"),
    (PITZ, "inlet U +20%", "0/U", "boundaryField/inlet/value", "uniform (10 0 0)", "uniform (12 0 0)"),
    (PITZ, "please can you make the speed at inlet twenty percent more than now", "0/U", "boundaryField/inlet/value",
     "uniform (10 0 0)", "uniform (12 0 0)"),
    (PITZ, "20% more inflow", "0/U", "boundaryField/inlet/value", "uniform (10 0 0)", "uniform (12 0 0)"),
    (CAVITY, "make the lid 3 times faster", "0/U", "boundaryField/movingWall/value", "uniform (1 0 0)", "uniform (3 0 0)"),
    (CAVITY, "Could you please triple the speed of the moving lid?", "0/U", "boundaryField/movingWall/value",
     "uniform (1 0 0)", "uniform (3 0 0)"),
    (CAVITY, "lid velocity x3", "0/U", "boundaryField/movingWall/value", "uniform (1 0 0)", "uniform (3 0 0)"),
    (CAVITY, "cut the viscosity in half", "constant/transportProperties", "nu", "0.01", "0.005"),
    (CAVITY, "viscosity -50 %", "constant/transportProperties", "nu", "0.01", "0.005"),
    (SQUARE_BEND, "raise the mass flow rate 15 percent", "0/U", "boundaryField/inlet/massFlowRate",
     "constant 0.5", "constant 0.575"),
    (SQUARE_BEND, "I would like the massflow to be 15 per cent higher than it is now please", "0/U",
     "boundaryField/inlet/massFlowRate", "constant 0.5", "constant 0.575"),
    (SQUARE_BEND, "massflow 1.15x", "0/U", "boundaryField/inlet/massFlowRate", "constant 0.5", "constant 0.575"),
    (SQUARE_BEND, "reduce the mass flow by a third", "0/U", "boundaryField/inlet/massFlowRate",
     "constant 0.5", "constant 0.3333333333"),
    (SQUARE_BEND, "outlet pressure +10%", "0/p", "boundaryField/outlet/value", "$internalField (= uniform 110000)", "uniform 121000"),
])
def test_relative_change_is_reported_with_old_and_new(tmp_path, tutorial, request_text, rel, entry, old, new):
    case = _case(tmp_path, tutorial)
    _, stated, missing = _modify(case, request_text)
    assert _entry(case, rel, entry) == new
    changes = [s for s in stated if isinstance(s, StatedChange) and s.file == rel and s.entry == entry.split("/")]
    assert changes and changes[0].old == old and changes[0].new == new and changes[0].verified
    assert missing == []


@pytest.mark.parametrize("tutorial, request_text, expected", [
    (SQUARE_BEND, "lower the outlet pressure by 5 kPa", "uniform 105000"),
    (SQUARE_BEND, "outlet pressure 5 kPa lower than now", "uniform 105000"),
    (SQUARE_BEND, "please reduce outlet pressure by 0.05 bar", "uniform 105000"),
    (SQUARE_BEND, "raise the outlet pressure by 2000 Pa", "uniform 112000"),
    (PITZ, "raise the outlet pressure by 2 m2/s2", "uniform 2"),
    (PITZ, "lower the outlet pressure by 1.177 Pa", "uniform -1"),  # kinematic p: the difference over rho (air)
])
def test_pressure_difference_changes_the_present_value(tmp_path, tutorial, request_text, expected):
    case = _case(tmp_path, tutorial)
    _, stated, missing = _modify(case, request_text)
    assert _entry(case, "0/p", "boundaryField/outlet/value") == expected
    assert missing == [] and all(s.verified for s in stated)
    assert any(isinstance(s, StatedChange) and s.new == expected for s in stated)


@pytest.mark.parametrize("request_text", [
    "inlet temperature +10 % and endTime 200",
    "raise the inlet temperature by 10 percent, and run to endTime 200",
    "endTime 200; the inlet T 10% higher",
])
def test_factor_of_a_temperature_without_kelvin_is_not_applied(tmp_path, request_text):
    case = _case(tmp_path, SQUARE_BEND)
    _, _, missing = _modify(case, request_text)
    assert _entry(case, "0/T", "boundaryField/inlet/value") == "$internalField"
    assert any("scale" in m.reason and "K" in m.reason for m in missing)


@pytest.mark.parametrize("request_text", [
    "raise the inlet temperature by 10 % in kelvin",
    "inlet T +10% (kelvin)",
    "increase the absolute temperature at the inlet by 10 percent",
])
def test_factor_of_a_temperature_in_kelvin(tmp_path, request_text):
    case = _case(tmp_path, SQUARE_BEND)
    _modify(case, request_text)
    assert _entry(case, "0/T", "boundaryField/inlet/value") == "uniform 1100"


def test_temperature_factor_alone_is_refused_with_the_reason(tmp_path):
    case = _case(tmp_path, SQUARE_BEND)
    with pytest.raises(RequestError, match="depends on its scale"):
        plan_changes(read_state(case), "inlet temperature +10 %")


# --- class 2: "X instead of Y", "from Y to X" -----------------------------------------------------

@pytest.mark.parametrize("text, new, old", [
    ("the lid should move at 2 m/s instead of 1 m/s", 2.0, 1.0),
    ("change the lid speed from 3 m/s to 2 m/s", 2.0, 3.0),
    ("lid speed 2 m/s instead of 3", 2.0, 3.0),
    ("Make the heater hotter: 120 degC instead of 100 degC.", 393.15, 373.15),
    ("nu 0.02 m2/s rather than 0.05 m2/s", 0.02, 0.05),
    ("stop at 0.5 s (was 1 s)", 0.5, 1.0),
])
def test_old_values_are_read_beside_the_new(text, new, old):
    pairs = old_values(text)
    assert [(p.new, p.old) for p in pairs] == [pytest.approx((new, old))]


@pytest.mark.parametrize("tutorial, request_text, rel, entry, value, warned", [
    (CAVITY, "the lid should move at 2 m/s instead of 1 m/s", "0/U", "boundaryField/movingWall/value", "uniform (2 0 0)", False),
    (CAVITY, "change the lid speed from 3 m/s to 2 m/s", "0/U", "boundaryField/movingWall/value", "uniform (2 0 0)", True),
    (CAVITY, "lid 5 m/s -> 2 m/s", "0/U", "boundaryField/movingWall/value", "uniform (2 0 0)", True),
    (CAVITY, "nu 0.02 m2/s rather than 0.05 m2/s", "constant/transportProperties", "nu", "0.02", True),
    (CAVITY, "viscosity 0.02 m2/s instead of 0.01", "constant/transportProperties", "nu", "0.02", False),
    (CAVITY, "end at 1 s instead of 0.5 s.", "system/controlDict", "endTime", "1", False),
    (CAVITY, "stop at 0.2 s instead of 0.4 s", "system/controlDict", "endTime", "0.2", True),
    (HOT_ROOM, "Make the heater hotter: 120 degC instead of 100 degC.", "system/setFieldsDict", "regions", None, True),
    (SQUARE_BEND, "inlet temperature 1050 K instead of 1000 K", "0/T", "boundaryField/inlet/value", "uniform 1050", False),
    (SQUARE_BEND, "inlet temperature 1050 K instead of 900 K", "0/T", "boundaryField/inlet/value", "uniform 1050", True),
])
def test_instead_of_sets_the_new_value_and_warns_on_a_wrong_old_one(tmp_path, tutorial, request_text, rel, entry,
                                                                    value, warned):
    case = _case(tmp_path, tutorial)
    plan, stated, missing = _modify(case, request_text)
    if value is not None:
        assert _entry(case, rel, entry) == value
    assert any("as the old value" in w for w in plan.warnings) == warned
    assert missing == [] and all(s.verified for s in stated)


# --- class 3: the Allrun's pre-processing for a case whose mesh is not built ---------------------

@pytest.mark.parametrize("tutorial, first, needed", [
    (PLANE_TRANSPORT, [["blockMesh"], ["makeFaMesh"], ["surfactantFoam"]], True),
    (PIPE_CYCLIC, [["blockMesh"], ["topoSet"], ["refineHexMesh", "c0", "-overwrite"]], True),
    (CAVITY, None, False),  # no Allrun: the default steps
])
def test_tutorial_steps_recorded_for_a_case_without_mesh(tmp_path, tutorial, first, needed):
    case = _case(tmp_path, tutorial)
    assert needs_tutorial_steps(case) == needed
    prepared = prepare_steps(case, read_state(case).solver)
    if not needed:
        assert prepared.steps == [] and not (case / STEPS_FILE).exists()
        return
    recorded = json.loads((case / STEPS_FILE).read_text())
    assert recorded == prepared.steps and recorded[:len(first)] == first
    assert recorded[-1][0] == read_state(case).solver and "Allrun" in prepared.note


def test_case_with_a_mesh_keeps_its_steps(tmp_path):
    case = _case(tmp_path, PLANE_TRANSPORT)
    (case / "constant/polyMesh").mkdir(parents=True, exist_ok=True)
    (case / "constant/polyMesh/owner").write_text("")
    assert prepare_steps(case, "surfactantFoam").steps == []
    assert not (case / STEPS_FILE).exists()


@pytest.mark.parametrize("text, expected", [
    ("internalField uniform 293;\nb { value $internalField; }", "$internalField (= uniform 293)"),
    ("U0 (250 0 0);\nb { value uniform $U0; }", "uniform $U0 (= (250 0 0))"),
    ("b { value uniform 3; }", "uniform 3"),
    ("b { value $nowhere; }", "$nowhere"),
])
def test_followed_macro(text, expected):
    from tasks.edit.modify_values import followed_macro

    assert followed_macro(text, ["b", "value"]) == expected


@pytest.mark.parametrize("text, entry, expected", [
    ("a { value uniform 3; }", ["a", "value"], 3.0),
    ("internalField uniform 293;\nb { value $internalField; }", ["b", "value"], 293.0),
    ("T0 350;\nb { value uniform $T0; }", ["b", "value"], 350.0),
    ("b { value uniform (1 0 0); }", ["b", "value"], None),
    ("b { type zeroGradient; }", ["b", "value"], None),
])
def test_uniform_scalar(text, entry, expected):
    assert uniform_scalar(text, entry) == expected


# --- heat flux of a wall, scaled where 0/T sets it --------------------------------------------------

def _flux_room(tmp_path: Path) -> Path:
    """hotRoom (buoyantPimpleFoam) with a floor at a heat flux of 600 W/m2 and walls at a gradient of 5 K/m."""
    case = _case(tmp_path, "heatTransfer/buoyantPimpleFoam/hotRoom")
    t = case / "0.orig/T"
    text = t.read_text().replace(
        "type            fixedValue;\n        value           uniform 300;",
        "type            externalWallHeatFluxTemperature;\n        mode            flux;\n        q               uniform 600;\n"
        "        kappaMethod     fluidThermo;\n        value           uniform 300;", 1)
    t.write_text(text.replace("type            zeroGradient;", "type            fixedGradient;\n        gradient        uniform 5;"))
    return case


@pytest.mark.parametrize("request_text, floor, walls", [
    ("reduce the heat flux by a third", "uniform 400", "uniform 3.333333333"),
    ("floor heat flux -20%", "uniform 480", "uniform 5"),
    ("Could you please make the heat flux on the floor twice as large?", "uniform 1200", "uniform 5"),
    ("heat flux x0.5 on the fixedWalls", "uniform 600", "uniform 2.5"),
    ("increase the heating power by 10 percent", "uniform 660", "uniform 5.5"),
])
def test_heat_flux_scaled_where_the_walls_set_it(tmp_path, request_text, floor, walls):
    case = _flux_room(tmp_path)
    _, stated, missing = _modify(case, request_text)
    assert _entry(case, "0.orig/T", "boundaryField/floor/q") == floor
    assert _entry(case, "0.orig/T", "boundaryField/fixedWalls/gradient") == walls
    assert missing == [] and all(isinstance(s, StatedChange) and s.verified for s in stated)
    assert {s.quantity for s in stated} <= {"heat_flux", "temperature_gradient"}


def test_heat_flux_factor_on_a_case_without_one_says_why(tmp_path):
    case = _case(tmp_path, HOT_ROOM)
    with pytest.raises(RequestError, match="sets no heat flux"):
        plan_changes(read_state(case), "reduce the heat flux by a third")


TJUNCTION = "incompressible/pimpleFoam/RAS/TJunction"


@pytest.mark.parametrize("request_text, rel_entry, expected", [
    ("raise the inlet pressure by 10 %", "boundaryField/inlet/p0", "table ((0 11) (1 44))"),
    ("inlet total pressure +10 percent", "boundaryField/inlet/p0", "table ((0 11) (1 44))"),
    ("Please, increase pressure on inlet of 20%", "boundaryField/inlet/p0", "table ((0 12) (1 48))"),
    ("lower outlet1 pressure by 1 m2/s2", "boundaryField/outlet1/value", "uniform 9"),
    ("outlet2 pressure 2 m2/s2 lower", "boundaryField/outlet2/value", "uniform -2"),
])
def test_pressure_function_and_difference_on_named_patches(tmp_path, request_text, rel_entry, expected):
    case = _case(tmp_path, TJUNCTION)
    _, stated, missing = _modify(case, request_text)
    assert _entry(case, "0/p", rel_entry) == expected
    assert missing == [] and any(isinstance(s, StatedChange) and s.new == expected and s.verified for s in stated)


@pytest.mark.parametrize("text, factor, expected", [
    ("constant 5", 2.0, "constant 10"),
    ("table ( (0 10) (1 40) )", 1.1, "table ((0 11) (1 44))"),
    ("table ((0 0) (0.5 2e-3))", 0.5, "table ((0 0) (0.5 0.001))"),
    ("sine; amplitude 1;", 2.0, None),
    ("uniform 3", 2.0, None),
])
def test_scaled_function1(text, factor, expected):
    from tasks.edit.modify_values import scaled_function1

    assert scaled_function1(text, factor) == expected


AEROFOIL = "compressible/rhoSimpleFoam/aerofoilNACA0012"


def test_a_tutorial_copied_as_installed_is_unpacked_and_meshed_by_its_allrun(tmp_path):
    """aerofoilNACA0012 copied with its .gz files: the dictionaries are decompressed, the change
    applies through the $Uinlet macro, and the run follows blockMesh -> transformPoints -> extrudeMesh."""
    import shutil

    from tasks.edit.modify_steps import unpack_dictionaries

    src = TUTORIALS / AEROFOIL
    if not src.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    case = Path(shutil.copytree(src, tmp_path / "case"))
    unpacked = unpack_dictionaries(case)
    assert "system/blockMeshDict" in unpacked and not list((case / "system").glob("*.gz"))
    _, stated, missing = _modify(case, "increase the inlet velocity by 10%")
    assert _entry(case, "0/U", "Uinlet") == "(275 0 0)" and missing == []
    prepared = prepare_steps(case, read_state(case).solver)
    assert [s[0] for s in prepared.steps] == ["blockMesh", "transformPoints", "extrudeMesh", "rhoSimpleFoam"]
    assert unpack_dictionaries(case) == []  # nothing left to unpack


@pytest.mark.parametrize("request_text, rel, entry, value, warned", [
    ("change the lid speed 1 m/s to 2 m/s", "0/U", "boundaryField/movingWall/value", "uniform (2 0 0)", False),
    ("set the lid velocity 3 m/s to 2 m/s", "0/U", "boundaryField/movingWall/value", "uniform (2 0 0)", True),
    ("lid from 3 to 2 m/s", "0/U", "boundaryField/movingWall/value", "uniform (2 0 0)", True),
    ("change endTime 0.5 s to 1 s", "system/controlDict", "endTime", "1", False),
    ("change endTime from 0.5 to 1", "system/controlDict", "endTime", "1", False),
    ("increase nu 0.01 to 0.02", "constant/transportProperties", "nu", "0.02", False),
    ("nu from 0.01 to 0.02", "constant/transportProperties", "nu", "0.02", False),
    ("reduce the time step by 50 % to 0.001 s", "system/controlDict", "deltaT", "0.001", False),
])
def test_change_y_to_x_applies_x_only(tmp_path, request_text, rel, entry, value, warned):
    case = _case(tmp_path, CAVITY)
    plan, stated, missing = _modify(case, request_text)
    assert _entry(case, rel, entry) == value
    assert any("as the old value" in w for w in plan.warnings) == warned
    assert missing == []


@pytest.mark.parametrize("said, canonical", [
    ("The flow rate must be decreased of 25 percent", "The flow rate -25%"),
    ("inlet velocity to be raised by 10 percent", "inlet velocity +10%"),
    ("I want that the viscosity is reduced with 30 %", "I want that the viscosity -30%"),
    ("increase the inlet velocity of 20%", "the inlet velocity +20%"),
    ("the lid speed should be increased by 50 %, and the end time doubled", "the lid speed +50%, and the end time doubled"),
    ("I would like the massflow to be 15 per cent higher than it is now please", "I would like the mass flow to be +15% please"),
])
def test_passive_and_non_native_changes_become_target_then_factor(said, canonical):
    from tasks.edit.modify_canon import canonical_changes

    assert canonical_changes(said) == canonical


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    ("incompressible/porousSimpleFoam/straightDuctImplicit", "The flow rate must be decreased of 25 percent", "0/U",
     "boundaryField/inlet/volumetricFlowRate", "constant 0.075"),
    ("incompressible/porousSimpleFoam/straightDuctImplicit", "20% more inflow", "0/U",
     "boundaryField/inlet/volumetricFlowRate", "constant 0.12"),
    (CAVITY, "I want that the viscosity is reduced with 30 %", "constant/transportProperties", "nu", "0.007"),
    (CAVITY, "the lid speed should be increased by 50 %, and the end time doubled", "0/U",
     "boundaryField/movingWall/value", "uniform (1.5 0 0)"),
])
def test_non_native_relative_changes(tmp_path, tutorial, request_text, rel, entry, expected):
    case = _case(tmp_path, tutorial)
    _, stated, missing = _modify(case, request_text)
    assert _entry(case, rel, entry) == expected
    assert missing == [] and any(isinstance(s, StatedChange) and s.new == expected for s in stated)


def test_casewrights_own_allrun_leaves_the_default_steps(tmp_path):
    """A case `new --no-run` wrote (its Allrun runs commands without RunFunctions): no steps are
    recorded and no note is made; the runner's default steps make the mesh."""
    case = _case(tmp_path, CAVITY)
    (case / "Allrun").write_text('#!/bin/sh\ncd "${0%/*}" || exit 1\nblockMesh > log.blockMesh 2>&1 || exit 1\n'
                                 "icoFoam > log.icoFoam 2>&1 || exit 1\n")
    assert needs_tutorial_steps(case)
    prepared = prepare_steps(case, "icoFoam")
    assert prepared.steps == [] and prepared.note == "" and not (case / STEPS_FILE).exists()
