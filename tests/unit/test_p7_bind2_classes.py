"""Binding classes of the second probe wave: listed values with their own places, a Mach number
restated as a speed, values named like a field vs relaxation factors and residual targets, an
aerofoil's angle of attack and a bend's arc angle, the top-level writeInterval, controls that
take a value written elsewhere, the density of a kinematic pressure, ranks without a
decomposeParDict, and a multiplier with its explicit value."""

from __future__ import annotations

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_angles import aerofoil_case, arc_angles_deg, arc_sweep_deg, is_attack_angle
from tasks.plan.bind_places import overlaps, own_place, own_span
from tasks.plan.bind_relax import factor_ok, relaxation_pairs, relaxation_said, residual_said
from tasks.plan.bind_speeds import mach_tolerance, own_speed, speeds_agree
from tasks.plan.fields import find_field_values
from tasks.plan.stated import StatedQuantity, read_stated
from tests.conftest import TUTORIALS


def _needs(rel: str) -> None:
    if not (TUTORIALS / rel).is_dir():
        pytest.skip("OpenFOAM tutorials not installed")


def _bind(rel: str, solver: str, text: str):
    _needs(rel)
    stated = read_stated(text)
    return stated, bind_all(TUTORIALS / rel, solver, text, stated)


def _bound(binder, text_of: str) -> set[tuple[str, tuple[str, ...], str]]:
    return {(b.file, tuple(b.entry), b.value) for b in binder.bindings if b.stated == text_of}


# 1. listed values with their own places ------------------------------------------------------
@pytest.mark.parametrize("rel, solver, text, expected", [
    ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
     "buoyantCavity, hot and cold walls at 40 and 10 degC", {"hot": "uniform 313.15", "cold": "uniform 283.15"}),
    ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
     "buoyantCavity, the cold and hot walls at 10 and 40 degC", {"hot": "uniform 313.15", "cold": "uniform 283.15"}),
    ("basic/laplacianFoam/flange", "laplacianFoam",
     "flange conduction, patch4 and patch2 held at 126.85 and 26.85 degC", {"patch4": "uniform 400", "patch2": "uniform 300"}),
    ("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam",
     "counterFlowFlame2D, fuel and air inlets at 600 and 500 K", {"fuel": "uniform 600", "air": "uniform 500"}),
])
def test_listed_temperatures_go_to_their_own_places(rel, solver, text, expected):
    _, binder = _bind(rel, solver, text)
    assert not binder.not_applied
    got = {b.entry[1]: b.value for b in binder.bindings if b.file.endswith("/T") and b.entry[0] == "boundaryField"}
    assert got == expected


def test_listed_pressures_go_to_their_own_places():
    _, binder = _bind("multiphase/cavitatingFoam/RAS/throttle", "cavitatingFoam",
                      "cavitatingFoam throttle, inlet and outlet at 250 and 80 bar")
    assert not binder.not_applied
    patches = {b.entry[1] for b in binder.bindings if b.file == "0/p"}
    assert patches == {"inlet", "outlet"}


@pytest.mark.parametrize("place, expected", [
    ("inlet at", "inlet at"), ("  Central  Inlets at ", "central inlets at"), (None, None), ("  ", None),
])
def test_own_place(place, expected):
    q = StatedQuantity(text="1 bar", quantity="pressure", value=1e5, role="outlet_pressure", place=place)
    assert own_place(q) == expected


# 2. a Mach number next to its own speed --------------------------------------------------------
@pytest.mark.parametrize("text, speed_text", [
    ("NACA0012, Mach 0.3 (104 m/s), 298 K", "104 m/s"),
    ("freestream at Mach 0.3, which is 104 m/s at 298 K", "104 m/s"),
    ("inlet air at 100 m/s (Mach 0.3)", "100 m/s"),
    ("Mach 0.85; the lid at 3 m/s, 10 bar", None),  # a number between: not restated
])
def test_own_speed_of_a_mach_number(text, speed_text):
    stated = read_stated(text)
    mach = next(q for q in stated if q.role == "mach")
    got = own_speed(text, mach, stated)
    assert (got.text if got else None) == speed_text


@pytest.mark.parametrize("mach_text, value, sound, speed, agree", [
    ("Mach 0.3", 0.3, 346.6, 100.0, True),  # one digit: +-0.05
    ("Mach 0.3", 0.3, 346.6, 104.0, True),
    ("Mach 0.3", 0.3, 346.6, 150.0, False),
    ("Mach 0.85", 0.85, 340.0, 289.0, True),
    ("Mach 0.85", 0.85, 340.0, 300.0, False),  # two digits: +-0.005 plus 2 %
])
def test_mach_and_speed_agree_to_the_digits_given(mach_text, value, sound, speed, agree):
    mach = StatedQuantity(text=mach_text, quantity="mach", value=value, role="mach")
    assert speeds_agree(mach, sound, speed) is agree
    assert mach_tolerance(mach) > 0


@pytest.mark.parametrize("text, refused", [
    ("NACA0012 rhoPimpleFoam, Mach 0.3 (104 m/s), 298 K", set()),
    ("NACA0012 rhoPimpleFoam, Mach 0.3 (150 m/s)", {"Mach 0.3", "150 m/s"}),
])
def test_mach_with_its_speed_binds_once_or_is_refused_with_both(text, refused):
    stated, binder = _bind("compressible/rhoPimpleFoam/RAS/aerofoilNACA0012", "rhoPimpleFoam", text)
    assert {n.text for n in binder.not_applied} == refused
    if not refused:
        speed = next(q for q in stated if q.quantity == "velocity")
        assert _bound(binder, "Mach 0.3") == _bound(binder, speed.text) != set()
    else:
        assert all("disagree" in n.reason and "150 m/s" in n.reason for n in binder.not_applied)


# 3. values named like a field vs relaxation factors and residual targets ----------------------
@pytest.mark.parametrize("text, number, said", [
    ("relaxation factors: u 0.7, k 0.6.", "0.6", True),
    ("relaxation factors: u 0.7, k 0.6.", "0.7", True),
    ("relax p 0.3, u 0.7 and k 0.135", "0.135", True),
    ("under-relaxation of k = 0.5", "0.5", True),
    ("step flow, relaxation 0.7, inlet k 0.375 m2/s2", "0.375", False),
    ("pitzdaily, k 0.135, omega 60", "0.135", False),
    ("relax u 0.7; k 0.135", "0.135", False),
    ("relaxation factor 0.3 for p, k 0.135", "0.135", False),
])
def test_relaxation_words_lead_the_list(text, number, said):
    assert relaxation_said(text, text.index(number)) is said


@pytest.mark.parametrize("text, number, said", [
    ("residual targets: p 1e-4, nutilda 1e-5", "1e-5", True),
    ("converge to p 1e-4 and nutilda 1e-5", "1e-5", True),
    ("freestream nutilda 3e-5", "3e-5", False),
])
def test_residual_words_lead_the_list(text, number, said):
    assert residual_said(text, text.index(number)) is said


@pytest.mark.parametrize("text, pairs", [
    ("Step flow; relaxation factors: U 0.7, k 0.6.", [("U", 0.7), ("k", 0.6)]),
    ("under-relaxation of U = 0.5 and p = 0.2", [("U", 0.5), ("p", 0.2)]),
    ("relaxation 0.7, inlet k 0.375", []),
])
def test_relaxation_pairs(text, pairs):
    assert [(n, v) for n, v, _, _ in relaxation_pairs(text)] == pairs


@pytest.mark.parametrize("value, ok", [(0.3, True), (1.0, True), (0.0, False), (1.5, False), (60.0, False), (-0.2, False)])
def test_factor_range(value, ok):
    assert factor_ok(value) is ok


@pytest.mark.parametrize("rel, text, field_values, relax", [
    ("incompressible/simpleFoam/pitzDailyExptInlet", "pitzDaily simpleFoam, k 0.135, epsilon 14",
     {"k": "uniform 0.135", "epsilon": "uniform 14"}, {}),
    ("incompressible/simpleFoam/pitzDailyExptInlet", "pitzDaily simpleFoam, relaxation factors: k 0.6, epsilon 0.5",
     {}, {"k": "0.6", "epsilon": "0.5"}),
    ("incompressible/simpleFoam/backwardFacingStep2D", "step flow, steady; relaxation factors: U 0.7, k 0.6.",
     {}, {"U": "0.7", "k": "0.6"}),
    ("incompressible/simpleFoam/airFoil2D", "airFoil2D simpleFoam, freestream nuTilda 3e-5", {"nuTilda": "uniform 3e-05"}, {}),
])
def test_field_values_are_no_relaxation_factors(rel, text, field_values, relax):
    _, binder = _bind(rel, "simpleFoam", text)
    fields = {b.file.rsplit("/", 1)[1]: b.value for b in binder.bindings if b.file.startswith("0/")}
    factors = {b.entry[-1]: b.value for b in binder.bindings if b.file == "system/fvSolution"}
    assert fields == field_values
    assert factors == relax
    assert not any("residualControl" in b.entry for b in binder.bindings)


def test_a_relaxation_factor_outside_the_range_is_refused():
    _, binder = _bind("incompressible/simpleFoam/pitzDailyExptInlet", "simpleFoam",
                      "pitzDaily simpleFoam, relaxation: k 2, epsilon 0.5")
    assert [n.text for n in binder.not_applied] == ["relaxationFactors k 2"]
    assert not [b for b in binder.bindings if b.file.startswith("0/")]


# 4. aerofoil angle of attack, bend arcs ---------------------------------------------------------
@pytest.mark.parametrize("name, patches, value, attack", [
    ("airFoil2D", ["inlet", "outlet", "walls"], 6.0, True),
    ("aerofoilNACA0012", ["freestream", "wall"], 4.0, True),
    ("wingMotion2D_simpleFoam", ["wing", "outlet"], 4.0, True),
    ("airFoil2D", ["inlet", "walls"], 45.0, False),  # beyond an angle of attack
    ("squareBend", ["inlet", "outlet", "walls"], 6.0, False),
    ("wedge15Ma5", ["inlet", "obstacle"], 15.0, False),
])
def test_attack_angle_on_an_aerofoil_case(name, patches, value, attack):
    assert is_attack_angle(value, name, patches) is attack
    assert aerofoil_case(name, patches) is (name != "squareBend" and name != "wedge15Ma5")


@pytest.mark.parametrize("text", [
    "airFoil2D simpleFoam, 26 m/s, alpha = 6 deg",
    "Steady flow over the 2D aerofoil with simpleFoam at 26 m/s, inclined at six degrees to the flow.",
])
def test_aerofoil_wall_angle_turns_the_velocity(text):
    _, binder = _bind("incompressible/simpleFoam/airFoil2D", "simpleFoam", text)
    assert not binder.not_applied
    values = {b.value for b in binder.bindings if b.file == "0/U"}
    assert values == {"uniform (25.85756928 2.717740045 0)"}


@pytest.mark.parametrize("start, mid, end, sweep", [
    ([1, 0, 0], [0, 1, 0], [-1, 0, 0], 180.0),
    ([1, 0, 0], [0, -1, 0], [0, 1, 0], 270.0),
    ([1, 0, 0], [0.70710678, 0.70710678, 0], [0, 1, 0], 90.0),
    ([0, 0, 0], [1, 1, 1], [2, 2, 2], None),
])
def test_arc_sweep(start, mid, end, sweep):
    got = arc_sweep_deg(start, mid, end)
    assert (got is None) if sweep is None else got == pytest.approx(sweep, abs=1e-3)


def test_square_bend_arcs_sweep_ninety_degrees():
    _needs("compressible/rhoSimpleFoam/squareBend")
    text = (TUTORIALS / "compressible/rhoSimpleFoam/squareBend/system/blockMeshDict").read_text()
    assert any(abs(a - 90) < 0.5 for a in arc_angles_deg(text))
    _, binder = _bind("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam", "squareBend, 90 degree bend, 0.5 kg/s")
    assert not binder.not_applied


# 5. writeInterval: controlDict's own entry, also when an #include holds it ---------------------
@pytest.mark.parametrize("rel, solver, text, file", [
    ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam", "TJunction, write every 0.05 s", "system/controlDict"),
    ("incompressible/pimpleFoam/LES/vortexShed", "pimpleFoam", "vortexShed, writeInterval 0.5", "system/controlDict"),
    ("heatTransfer/chtMultiRegionFoam/windshieldCondensation", "chtMultiRegionFoam",
     "windshieldCondensation, writeInterval 5", "system/solverControls"),
    ("heatTransfer/chtMultiRegionFoam/windshieldCondensation", "chtMultiRegionFoam",
     "windshieldCondensation, write every 5 s", "system/solverControls"),
])
def test_write_interval_is_the_top_level_entry(rel, solver, text, file):
    _, binder = _bind(rel, solver, text)
    got = [(b.file, b.entry) for b in binder.bindings]
    assert got == [(file, ["writeInterval"])]


# 6. a control takes only the value written in its own words ------------------------------------
@pytest.mark.parametrize("text, q_text, span, start, end, inside", [
    ("max time step 0.01 s, write every 0.01 s", "0.01 s", (34, 40), 0, 20, False),
    ("max courant 0.5, max alpha courant 0.5", "courant 0.5", (4, 15), 17, 38, False),
])
def test_own_span(text, q_text, span, start, end, inside):
    q = StatedQuantity(text=q_text, quantity="time", value=0.01, role="write_interval")
    got = own_span(text, q, [q], [(start, end)])  # places inside the control's words are not its own
    assert got == span
    assert overlaps(got, start, end) is inside


@pytest.mark.parametrize("rel, solver, text, role, entry", [
    ("incompressible/icoFoam/cavity/cavity", "icoFoam", "cavity icoFoam, max time step 0.01 s, write every 0.01 s",
     "write_interval", ["writeInterval"]),
    ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam",
     "damBreak interFoam, max Courant 0.5, max alpha Courant 0.5, 0.5 s", "max_co", ["maxCo"]),
])
def test_a_control_leaves_a_value_written_elsewhere(rel, solver, text, role, entry):
    stated, binder = _bind(rel, solver, text)
    q = next(q for q in stated if q.role == role)
    assert [b.entry for b in binder.bindings if b.stated == q.text] == [entry]


# 7. the density of a kinematic pressure is applied ----------------------------------------------
@pytest.mark.parametrize("text, density_text", [
    ("backwardFacingStep2D simpleFoam, inlet 40 m/s, outlet 500 Pa, density 1.25 kg/m3", "1.25 kg/m3"),
    ("backwardFacingStep2D simpleFoam, 1.25 kg/m3 air at 40 m/s; 0.5 kPa at the outlet", "1.25 kg/m3"),
])
def test_stated_density_is_bound_to_the_kinematic_pressure(text, density_text):
    _, binder = _bind("incompressible/simpleFoam/backwardFacingStep2D", "simpleFoam", text)
    assert not binder.not_applied
    assert _bound(binder, density_text) == {("0/p", ("boundaryField", "outlet", "value"), "uniform 400")}


# 8. ranks without a decomposeParDict point at the one the writer writes ------------------------
@pytest.mark.parametrize("rel, solver", [
    ("incompressible/simpleFoam/airFoil2D", "simpleFoam"),
    ("incompressible/icoFoam/cavity/cavity", "icoFoam"),
])
def test_ranks_bind_to_decompose_par_dict(rel, solver):
    stated, binder = _bind(rel, solver, "run it on 4 cores")
    q = next(q for q in stated if q.role == "ranks")
    assert _bound(binder, q.text) == {("system/decomposeParDict", ("numberOfSubdomains",), "4")}


# 9. a multiplier with its explicit value --------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("inlet nuTilda of three times the laminar viscosity (4.5e-5)", 4.5e-5),
    ("set the freestream nuTilda to three times the laminar viscosity (3e-5 m2/s).", 3e-5),
    ("nuTilda 2x nu (= 2e-5)", 2e-5),
    ("nuTilda 3e-5 (three times nu)", 3e-5),
    ("nuTilda 3 times nu", None),  # a multiplier alone is no value
])
def test_multiplier_takes_the_explicit_value(text, value):
    got = [f.value for f in find_field_values(text, ["U", "p", "nuTilda", "nut"], ["inlet", "outlet"], {})]
    assert got == ([] if value is None else [pytest.approx(value)])


@pytest.mark.parametrize("angle", [4.0, 6.0, -2.0])
def test_angle_of_attack_without_a_speed_keeps_the_free_stream_magnitude(angle):
    """airFoil2D's free stream is `freestreamValue $internalField`: its speed is read through the macro."""
    import math

    from tasks.plan.foam_values import magnitude

    _, binder = _bind("incompressible/simpleFoam/airFoil2D", "simpleFoam", f"airFoil2D simpleFoam, alpha = {angle:g} deg")
    assert not binder.not_applied
    (value,) = {b.value for b in binder.bindings if b.file == "0/U"}
    assert magnitude(value) == pytest.approx(math.hypot(25.75, 3.62), rel=1e-6)
