"""`modify` classes found by the session-7 probes: hot and cold patch words read from 0/T
(whatever the patches are called), relative values after the number ("50 K warmer", "25 %
less viscous") and temperature differences in degC/degF, properties and flow rates scaled by
a factor, run control by percent, by a count of writes or without a unit, a cell size on one
block or many, "replace A by B", refusals that name what is missing, and the stated values a
change carries (a change of the present value, rpm, a duration in the case's time unit)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.edit.modify import apply_changes, plan_changes, read_state, stated_changes
from tasks.edit.modify_mesh import stated_cell_size
from tasks.edit.modify_props import scaled_number
from tasks.edit.modify_run import write_count_edits
from tasks.edit.patch_words import (
    after_sign,
    bare_end_time,
    extreme_patch,
    hot_or_cold,
    kind_in_other_number,
    relative_run_factors,
    scaled_values,
    temperature_difference,
    write_count,
)
from tasks.foam import dictionary as fd
from tasks.plan.extract import quantities
from tests.conftest import TUTORIALS, copy_tutorial

BENARD = "heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells"
PISO_CAVITY = "incompressible/pisoFoam/RAS/cavity"
CAVITY_GRADE = "incompressible/icoFoam/cavity/cavityGrade"
CONTRACTION = "incompressible/pimpleFoam/laminar/planarContraction"
THERMOCOUPLE = "heatTransfer/buoyantPimpleFoam/thermocoupleTestCase"
STRAIGHT_DUCT = "incompressible/porousSimpleFoam/straightDuctImplicit"
PIPE_CYCLIC = "incompressible/simpleFoam/pipeCyclic"
OBLIQUE = "compressible/rhoCentralFoam/obliqueShock"
SINE_WAVE = "compressible/rhoPimpleFoam/laminar/sineWaveDamping"
DAMBREAK = "multiphase/interFoam/laminar/damBreak/damBreak"
SQUARE_BEND_RHO = "compressible/rhoSimpleFoam/squareBend"


# --- pure word readers --------------------------------------------------------------------------

@pytest.mark.parametrize("after, expected", [
    (" warmer and the", 1), (" colder", -1), (" hotter", 1), (" cooler", -1), (" faster", 1),
    (" lower than the wall", None), (" at the inlet", None), ("", None),
])
def test_after_sign(after, expected):
    assert after_sign(after) == expected


@pytest.mark.parametrize("written, kelvin", [
    ("10 degC", 10.0), ("10 °C", 10.0), ("5 K", 5.0), ("18 degF", 10.0), ("9 °F", 5.0), ("3 degrees", 3.0),
    ("2 m/s", None),
])
def test_temperature_difference(written, kelvin):
    got = temperature_difference(written)
    assert (got is None and kelvin is None) or got == pytest.approx(kelvin)


@pytest.mark.parametrize("segment, expected", [
    ("make the heated wall ", "hot"), ("the cold side at ", "cold"), (" warmer and the cooled wall ", "cold"),
    (" colder and the hot wall ", "hot"), (" warmer and the other one ", None), ("the left wall ", None),
])
def test_hot_or_cold(segment, expected):
    assert hot_or_cold(segment) == expected


@pytest.mark.parametrize("word, values, among, expected", [
    ("hot", {"leftWall": 310.0, "rightWall": 290.0}, None, "leftWall"),
    ("cold", {"leftWall": 310.0, "rightWall": 290.0}, None, "rightWall"),
    ("hot", {"leftWall": 285.0, "rightWall": 305.0}, None, "rightWall"),
    ("hot", {"wall": 265.0, "fridge": 303.0, "inlet": 400.0}, ["wall", "fridge"], "fridge"),
    ("hot", {"a": 300.0, "b": 300.0}, None, None),
    ("hot", {"a": 310.0, "b": 310.0, "c": 290.0}, None, None),
])
def test_extreme_patch(word, values, among, expected):
    assert extreme_patch(word, values, among) == expected


@pytest.mark.parametrize("segment, patches, expected", [
    ("drop the wall temperature by ", ["walls"], "walls"),
    ("the inlets at ", ["inlet", "outlet"], "inlet"),
    ("the wall at ", ["walls", "fixedWalls"], None),
    ("the pressure at ", ["walls"], None),
])
def test_kind_in_other_number(segment, patches, expected):
    assert kind_in_other_number(segment, patches) == expected


@pytest.mark.parametrize("text, expected", [
    ("Run 50% longer.", {"endTime": 1.5}),
    ("extend the run by 50 %", {"endTime": 1.5}),
    ("reduce the time step by 30 percent", {"deltaT": 0.7}),
    ("make the time step 20 percent smaller", {"deltaT": 0.8}),
    ("make the simulation 25% shorter", {"endTime": 0.75}),
    ("increase the inlet speed by 20 % and run to 0.5 s", {}),
    ("reduce the simulated inlet velocity by 10%", {}),
    ("double the inlet velocity of the simulation", {}),
])
def test_relative_run_by_percent(text, expected):
    got = relative_run_factors(text)
    assert got.keys() == expected.keys()
    assert all(got[k] == pytest.approx(v) for k, v in expected.items())


@pytest.mark.parametrize("text, kind, factor", [
    ("Double the viscosity and slow the lid", "viscosity", 2.0),
    ("increase the viscosity by 50%", "viscosity", 1.5),
    ("make the fluid 3 times more viscous", "viscosity", 3.0),
    ("a fluid twice as viscous", "viscosity", 2.0),
    ("Make the fluid 25 % less viscous", "viscosity", 0.75),
    ("halve the water density", "density", 0.5),
    ("double the flow rate", "flow_rate", 2.0),
    ("cut the mass flow by 20 %", "flow_rate", 0.8),
])
def test_scaled_properties(text, kind, factor):
    found = [(k, f) for k, _, f in scaled_values(text)]
    assert (kind, pytest.approx(factor)) in found


@pytest.mark.parametrize("text, end, count", [
    ("end at t = 5 and save every 0.5", 5.0, None),
    ("stop at 200", 200.0, None),
    ("endTime 0.3", 0.3, None),
    ("run to 1000 iterations", None, None),
    ("run 4 in parallel", None, None),
    ("I only need 10 snapshots over the run.", None, 10),
    ("write the fields twenty times", None, 20),
    ("write 3 times as often", None, None),
])
def test_bare_end_and_write_count(text, end, count):
    assert bare_end_time(text) == end
    assert write_count(text) == count


@pytest.mark.parametrize("text, size", [
    ("refine to 1 mm cells", 0.001), ("cell size 5 mm", 0.005), ("make the cells 2.5 mm", 0.0025),
    ("a grid spacing of 0.5 mm", 0.0005), ("the channel is 2 m long", None), ("inlet 5 m/s", None),
])
def test_stated_cell_size(text, size):
    q = stated_cell_size(quantities(text))
    assert (q is None and size is None) or (q is not None and q.value == pytest.approx(size))


@pytest.mark.parametrize("value, factor, expected", [
    ("1e-05", 2.0, "2e-05"), ("[0 2 -1 0 0 0 0] 1e-05", 2.0, "[0 2 -1 0 0 0 0] 2e-05"),
    ("constant 0.1", 1.5, "constant 0.15"), ("$nuValue", 2.0, None),
])
def test_scaled_number(value, factor, expected):
    assert scaled_number(value, factor) == expected


@pytest.mark.parametrize("solver, control, count, end, interval, write_control", [
    ("pimpleFoam", "writeControl timeStep; writeInterval 20; endTime 5; deltaT 0.01;", 10, None, "0.5", "runTime"),
    ("pimpleFoam", "writeControl adjustableRunTime; endTime 5; adjustTimeStep yes;", 4, 2.0, "0.5", None),
    ("simpleFoam", "writeControl timeStep; endTime 1000;", 4, None, "250", None),
])
def test_write_count_edits(solver, control, count, end, interval, write_control):
    got = write_count_edits(control, solver, count, end)
    values = {e.entry[0]: e.value for e in got.edits}
    assert values["writeInterval"] == interval
    assert values.get("writeControl") == write_control


# --- on real cases ------------------------------------------------------------------------------

def _heated_square(tmp_path: Path, left: float, right: float) -> Path:
    """BenardCells turned into a square cavity whose walls are named by position (as the shape
    library names them): floor, ceiling (adiabatic), leftWall, rightWall (fixed temperatures)."""
    case = copy_tutorial(TUTORIALS / BENARD, tmp_path / "square")
    bmd = case / "system/blockMeshDict"
    text = bmd.read_text()
    text = re.sub(r"sideWalls\s*\{[^{}]*\([^{}]*\)\s*\);\s*\}",
                  "leftWall { type wall; faces ((0 4 7 3)); }\n    rightWall { type wall; faces ((2 6 5 1)); }", text)
    bmd.write_text(text.replace("(90 10 1)", "(20 20 1)"))
    for field in ("T", "U"):
        path = case / "0" / field
        body = path.read_text()
        side = fd.get(body, ["boundaryField", "sideWalls"]) or ""
        body = fd.set_entry(body, ["boundaryField", "leftWall"], side)
        body = fd.set_entry(body, ["boundaryField", "rightWall"], side)
        path.write_text(body)
    t = (case / "0/T").read_text()
    t = fd.set_entry(t, ["boundaryField", "leftWall"], {"type": "fixedValue", "value": f"uniform {left:g}"})
    t = fd.set_entry(t, ["boundaryField", "rightWall"], {"type": "fixedValue", "value": f"uniform {right:g}"})
    t = fd.set_entry(t, ["boundaryField", "floor"], {"type": "zeroGradient"})
    t = fd.set_entry(t, ["boundaryField", "ceiling"], {"type": "zeroGradient"})
    (case / "0/T").write_text(t)
    return case


def _modify(case: Path, request: str):
    state = read_state(case)
    plan = plan_changes(state, request)
    apply_changes(state, plan)
    return plan


def _get(case: Path, rel: str, entry: str) -> str:
    return " ".join((fd.get((case / rel).read_text(), entry.split("/")) or "").split())


@pytest.mark.parametrize("left, right, request_text, expected", [
    (310, 290, "Raise the hot wall to 320 K.", {"leftWall": "uniform 320", "rightWall": "uniform 290"}),
    (285, 305, "Lower the hot wall to 300 K.", {"rightWall": "uniform 300", "leftWall": "uniform 285"}),
    (310, 290, "cold side at 10 degC", {"rightWall": "uniform 283.15", "leftWall": "uniform 310"}),
    (310, 290, "Make the heated wall 5 K warmer and the cooled wall 5 K colder.",
     {"leftWall": "uniform 315", "rightWall": "uniform 285"}),
    (310, 290, "Cool the cold wall down by 10 degC.", {"rightWall": "uniform 280", "leftWall": "uniform 310"}),
    (310, 290, "300 K on the left boundary", {"leftWall": "uniform 300", "rightWall": "uniform 290"}),
    (310, 290, "halve the hot wall temperature in kelvin", {"leftWall": "uniform 155"}),  # a factor of T: K said
])
def test_hot_and_cold_walls_found_from_temperatures(tmp_path, left, right, request_text, expected):
    case = _heated_square(tmp_path, left, right)
    plan = _modify(case, request_text)
    for patch, value in expected.items():
        assert _get(case, "0/T", f"boundaryField/{patch}/value") == value
    _, missing = stated_changes(plan, case)
    assert missing == []


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    (THERMOCOUPLE, "Make the walls 50 K warmer", "0/T", "boundaryField/walls/value", "uniform 923.15"),
    (THERMOCOUPLE, "Drop the wall temperature by 90 degF.", "0/T", "boundaryField/walls/value", "uniform 823.15"),
    (PISO_CAVITY, "Bump the lid speed up by 0.5 m/s.", "0/U", "boundaryField/movingWall/value", "uniform (1.5 0 0)"),
    (CAVITY_GRADE, "Halve the time step, and write results every 0.05 s.", "system/controlDict", "deltaT", "0.00125"),
    (SINE_WAVE, "Run 50% longer.", "system/controlDict", "endTime", "0.03"),
    (OBLIQUE, "end at t = 5 and save every 0.5", "system/controlDict", "endTime", "5"),
    (PIPE_CYCLIC, "Replace realizable k-epsilon by k-omega SST", "constant/turbulenceProperties", "RAS/RASModel", "kOmegaSST"),
    (STRAIGHT_DUCT, "double the flow rate", "0/U", "boundaryField/inlet/volumetricFlowRate", "constant 0.2"),
    (PISO_CAVITY, "I want a mesh three times finer.", "system/blockMeshDict", "blocks",
     "( hex (0 1 2 3 4 5 6 7) (60 60 1) simpleGrading (1 1 1) )"),
])
def test_relative_and_unitless_changes(tmp_path, tutorial, request_text, rel, entry, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    plan = _modify(case, request_text)
    assert _get(case, rel, entry) == expected
    _, missing = stated_changes(plan, case)
    assert missing == []


@pytest.mark.parametrize("tutorial, request_text, rel, entry, number", [
    (PISO_CAVITY, "Double the viscosity", "constant/transportProperties", "nu", 2e-5),
    (PISO_CAVITY, "Make the fluid 25 % less viscous", "constant/transportProperties", "nu", 7.5e-6),
    (DAMBREAK, "double the water viscosity", "constant/transportProperties", "water/nu", 2e-6),
    (DAMBREAK, "halve the density of the air", "constant/transportProperties", "air/rho", 0.5),
])
def test_scaled_property_in_case(tmp_path, tutorial, request_text, rel, entry, number):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, request_text)
    assert float(_get(case, rel, entry).split()[-1]) == pytest.approx(number)


def test_sutherland_viscosity_is_refused_with_the_reason(tmp_path):
    case = copy_tutorial(TUTORIALS / SQUARE_BEND_RHO, tmp_path / "case")
    with pytest.raises(RequestError, match="Sutherland"):
        plan_changes(read_state(case), "double the viscosity")


@pytest.mark.parametrize("tutorial, request_text, blocks", [
    (CONTRACTION, "cell size 0.5 mm", None),
    (CAVITY_GRADE, "refine to 2.5 mm cells", ["(20 20 1)"] * 4),
])
def test_cell_size(tmp_path, tutorial, request_text, blocks):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    before = _get(case, "system/blockMeshDict", "blocks")
    _modify(case, request_text)
    after = _get(case, "system/blockMeshDict", "blocks")
    assert after != before
    if blocks:
        assert re.findall(r"hex \([\d ]+\) (\(\d+ \d+ \d+\))", after) == blocks


@pytest.mark.parametrize("tutorial, request_text, message", [
    (PISO_CAVITY, "Set the hot wall to 350 K.", r"no T field.*switch to"),
    (STRAIGHT_DUCT, "double the inlet velocity", r"flowRateInletVelocity"),
    (THERMOCOUPLE, "Set the inlet velocity to 2 m/s.", r"no inlet"),
])
def test_refusals_name_what_is_missing(tmp_path, tutorial, request_text, message):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    with pytest.raises(RequestError, match=message):
        plan_changes(read_state(case), request_text)


def test_make_it_named_solver_after_other_words(tmp_path):
    case = copy_tutorial(TUTORIALS / "incompressible/simpleFoam/squareBend", tmp_path / "case")
    plan = plan_changes(read_state(case), "Go laminar, and make it pimpleFoam with end time 1 s.")
    assert plan.solver == "pimpleFoam"
    assert plan.model == "laminar"


# --- batch 4: speed factors without a kind word, write switches, "lower" the verb ----------------

@pytest.mark.parametrize("text, factor", [
    ("make the lid go twice as fast", 2.0), ("make the inflow 40% faster", 1.4), ("the inlet 3 times slower", 1 / 3),
    ("spin the rotor 20% faster", None), ("make the run twice as fast", None),
])
def test_speed_factor_without_a_kind_word(text, factor):
    found = [f for k, _, f in scaled_values(text) if k == "velocity"]
    assert found == ([] if factor is None else [pytest.approx(factor)])


@pytest.mark.parametrize("text, expected", [
    ("write the results in binary and compress them", {"writeFormat": "binary", "writeCompression": "on"}),
    ("save in plain text, no compression", {"writeFormat": "ascii", "writeCompression": "off"}),
    ("use a binary mixture of gases", {}),
    ("switch to compressible flow with rhoPimpleFoam", {}),
    ("restart from the latest time and run to 20 s", {"startFrom": "latestTime"}),
    ("carry on where it left off", {"startFrom": "latestTime"}),
])
def test_write_switches(text, expected):
    from tasks.edit.modify_run import write_switches

    assert {e.entry[0]: e.value for e in write_switches(text)} == expected


@pytest.mark.parametrize("segment, patches, expected", [
    ("lower the hot wall to ", ["floor", "ceiling", "leftWall"], []),
    ("the lower wall at ", ["floor", "ceiling", "leftWall"], ["floor"]),
    ("lower the floor to ", ["floor", "ceiling"], ["floor"]),
])
def test_lower_as_a_verb_names_no_patch(segment, patches, expected):
    from tasks.edit.patch_words import patch_mentions

    assert sorted({p for _, _, p in patch_mentions(segment, patches)}) == expected


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    (PISO_CAVITY, "make the lid go twice as fast", "0/U", "boundaryField/movingWall/value", "uniform (2 0 0)"),
    (PISO_CAVITY, "write output in binary", "system/controlDict", "writeFormat", "binary"),
    (OBLIQUE, "I only need 4 snapshots", "system/controlDict", "writeInterval", "2.5"),
])
def test_batch4_in_case(tmp_path, tutorial, request_text, rel, entry, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, request_text)
    assert _get(case, rel, entry) == expected


@pytest.mark.parametrize("t_text, values", [
    ("internalField uniform 293;\nboundaryField { inlet { type fixedValue; value $internalField; } "
     "wall { type zeroGradient; } }", {"inlet": 293.0}),
    ("Tw 350;\ninternalField uniform 300;\nboundaryField { hot { type fixedValue; value uniform $Tw; } "
     "cold { type fixedValue; value uniform 280; } }", {"hot": 350.0, "cold": 280.0}),
    ("internalField uniform 300;\nboundaryField { a { type fixedValue; value $missing; } }", {}),
])
def test_fixed_temperatures_follow_macros(t_text, values):
    from tasks.edit.modify_thermal import fixed_temperatures

    assert fixed_temperatures(t_text)[1] == values


def test_temperature_change_on_a_macro_valued_inlet(tmp_path):
    case = copy_tutorial(TUTORIALS / STRAIGHT_DUCT, tmp_path / "case")
    _modify(case, "raise the inlet temperature by 10 K")
    assert _get(case, "0/T", "boundaryField/inlet/value") == "uniform 303"
    assert _get(case, "0/T", "internalField") == "uniform 293"


# --- a cell count for one direction, and cases with no blockMeshDict ----------------------------

@pytest.mark.parametrize("text, expected", [
    ("use 80 cells across the channel height", (1, 80)), ("40 cells in y", (1, 40)),
    ("200 cells streamwise", (0, 200)), ("in the x direction, 120 cells", (0, 120)),
    ("refine to 80 by 80 cells", None), ("20 cells per block", None),
])
def test_axis_cell_count(text, expected):
    from tasks.edit.modify_mesh import axis_cell_count

    assert axis_cell_count(text) == expected


@pytest.mark.parametrize("counts, words", [([0, 80, 0], "80 cells in y"), ([80, 80], "80 x 80 cells"), ([120], "120 cells")])
def test_describe_counts(counts, words):
    from tasks.edit.modify_mesh import describe_counts

    assert describe_counts(counts) == words


def test_axis_count_on_several_blocks(tmp_path):
    case = copy_tutorial(TUTORIALS / CAVITY_GRADE, tmp_path / "case")
    _modify(case, "40 cells in y")
    assert re.findall(r"hex \([\d ]+\) (\(\d+ \d+ \d+\))", _get(case, "system/blockMeshDict", "blocks")) == ["(10 20 1)"] * 4


def test_gmsh_mesh_refusal_says_what_to_do(tmp_path):
    case = copy_tutorial(TUTORIALS / PISO_CAVITY, tmp_path / "case")
    (case / "system/blockMeshDict").unlink()
    (case / "mesh.msh").write_text("$MeshFormat\n2.2 0 8\n$EndMeshFormat\n")
    with pytest.raises(RequestError, match="gmsh.*casewright new"):
        plan_changes(read_state(case), "use 80 cells in y")


# --- run control a steady <-> transient switch needs ---------------------------------------------

@pytest.mark.parametrize("to_steady, solver, stated, cell, length, speed, expected", [
    (True, "simpleFoam", {}, None, None, None,
     {"deltaT": "1", "endTime": "1000", "writeInterval": "100", "writeControl": "timeStep", "adjustTimeStep": "no"}),
    (True, "simpleFoam", {"endTime": "2000"}, None, None, None,
     {"deltaT": "1", "writeInterval": "200", "writeControl": "timeStep", "adjustTimeStep": "no"}),
    (False, "pimpleFoam", {}, 0.002, 0.5, 5.0,
     {"deltaT": "0.0002", "adjustTimeStep": "yes", "maxCo": "0.5", "endTime": "1", "writeInterval": "0.1",
      "writeControl": "adjustableRunTime"}),
    (False, "pimpleFoam", {"deltaT": "1e-4", "endTime": "0.2"}, 0.002, 0.5, 5.0,
     {"adjustTimeStep": "yes", "maxCo": "0.5", "writeInterval": "0.02", "writeControl": "adjustableRunTime"}),
    (False, "pisoFoam", {"endTime": "2"}, None, None, None, {"writeInterval": "0.2", "writeControl": "runTime"}),
])
def test_time_switch_edits(to_steady, solver, stated, cell, length, speed, expected):
    from tasks.edit.modify_run import time_switch_edits

    control = "endTime 0.5; deltaT 0.001; writeControl adjustableRunTime; writeInterval 0.01; adjustTimeStep yes;" \
        if to_steady else "endTime 500; deltaT 1; writeControl timeStep; writeInterval 50;"
    got = time_switch_edits(control, to_steady, solver, stated, cell, length, speed)
    assert {e.entry[0]: e.value for e in got.edits} == expected


@pytest.mark.parametrize("tutorial, request_text, expected", [
    ("incompressible/pimpleFoam/RAS/pitzDaily", "Convert this to a steady-state simulation",
     {"application": "simpleFoam", "deltaT": "1", "endTime": "1000", "writeControl": "timeStep"}),
    ("incompressible/simpleFoam/squareBend", "make it transient with end time 0.2 s",
     {"application": "pimpleFoam", "endTime": "0.2", "adjustTimeStep": "yes", "writeControl": "adjustableRunTime"}),
])
def test_steady_transient_switch_run_control(tmp_path, tutorial, request_text, expected):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    _modify(case, request_text)
    for key, value in expected.items():
        assert _get(case, "system/controlDict", key) == value
    dt = float(_get(case, "system/controlDict", "deltaT"))
    end = float(_get(case, "system/controlDict", "endTime"))
    assert end / dt <= 1e5  # never millions of steps left over from the other kind of run


@pytest.mark.parametrize("segment, expected", [
    ("make the cooling water inlet ", "inlet"),           # the one inlet, not the coldest wall
    ("the hot wall to ", "wallA"),
    ("the cold one at ", "wallB"),
    ("the left wall at ", None),                           # no patch is named left here
])
def test_temperature_patch_kind_and_extremes(tmp_path, segment, expected):
    from tasks.edit.modify import CaseState
    from tasks.edit.modify_thermal import temperature_patch

    patches = {"inlet": "patch", "outlet": "patch", "wallA": "wall", "wallB": "wall"}
    roles = {"inlet": "inlet", "outlet": "outlet", "wallA": "wall", "wallB": "wall"}
    state = CaseState(case_dir=tmp_path, solver="buoyantPimpleFoam", model="laminar", patches=patches, roles=roles, fields=["T"])
    values = {"inlet": 300.0, "wallA": 350.0, "wallB": 250.0}
    assert temperature_patch(state, segment, list(values), values) == expected


@pytest.mark.parametrize("text, kelvin", [
    ("make the warm side 5 degrees cooler", [5.0]),
    ("raise the hot wall temperature by 3 degrees", [3.0]),
    ("contact angle 60 degrees", []),
    ("tilt the inlet by 10 degrees", []),
])
def test_degrees_that_are_temperature_changes(text, kelvin):
    from tasks.edit.modify_thermal import degree_changes

    got = degree_changes(quantities(text))
    assert [q.value for q in got] == kelvin and all(q.kind == "temperature" for q in got)


# --- batch 8: a switch said without a verb, a model after "with", a lone iteration count ---------

@pytest.mark.parametrize("solver, text, expected", [
    ("pimpleFoam", "steady state with spalart-allmaras, 1500 iterations", "simpleFoam"),
    ("simpleFoam", "transient, time step 1e-4 s", "pimpleFoam"),
    ("pimpleFoam", "make it steady", "simpleFoam"),
    ("pimpleFoam", "a steady inlet velocity of 2 m/s", None),
    ("simpleFoam", "steady state, 500 iterations", None),  # already steady
])
def test_time_counterpart_without_a_verb(solver, text, expected):
    from tasks.edit.modify import _time_counterpart

    assert _time_counterpart(solver, text) == expected


def test_steady_switch_model_and_iterations_in_one_list(tmp_path):
    case = copy_tutorial(TUTORIALS / "incompressible/pimpleFoam/RAS/pitzDaily", tmp_path / "case")
    plan = _modify(case, "steady state with Spalart-Allmaras, 1500 iterations, inlet 12 m/s")
    assert plan.solver == "simpleFoam" and plan.model == "SpalartAllmaras"
    assert _get(case, "system/controlDict", "endTime") == "1500"
    assert _get(case, "system/controlDict", "deltaT") == "1"
    assert _get(case, "0/U", "boundaryField/inlet/value") == "uniform (12 0 0)"
