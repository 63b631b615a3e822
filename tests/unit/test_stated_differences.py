"""A stated quantity gets the role its words give it, whatever the word order (session 9, roles):
a pressure or temperature stated as a difference between two places, and the buoyancy groups
(Grashof, Rayleigh, Richardson) that give a temperature difference with the base's properties.
Paraphrases of each class, not the probes' wording; binder rows use real tutorials."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_pressure import outlet_pressure_of
from tasks.plan.bind_thermal_differences import buoyancy_delta_t, height_along_gravity, last_number
from tasks.plan.stated import read_stated
from tasks.geometry.text_differences import (
    between_places,
    compared_to,
    difference_sign,
    kelvin_difference,
    split_difference,
)

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _roles(text: str) -> list[tuple[float, str]]:
    return [(round(q.value, 6), q.role) for q in read_stated(text) if q.quantity not in ("switch", "control")]


# 1. a pressure stated between two places, the difference word before or after the value or a comparison
@pytest.mark.parametrize(("text", "expected"), [
    ("the upstream end sits 12 psi above the exit", (82737.09, "pressure_drop")),
    ("a 0.8 bar drop from inlet to outlet", (80000.0, "pressure_drop")),
    ("flow pushed by 500 Pa of pressure difference", (500.0, "pressure_drop")),
    ("the outlet is 3 kPa lower than the inlet", (3000.0, "pressure_drop")),
    ("ΔP: 150 Pa between the two ends of the pipe", (150.0, "pressure_drop")),
    ("the pressure differential across the nozzle is 2.5 kPa", (2500.0, "pressure_drop")),
    ("fan raising the pressure, outlet 101 kPa, inlet 4 kPa higher", (4000.0, "pressure_drop")),
])
def test_a_pressure_between_two_places_is_a_drop(text: str, expected: tuple[float, str]) -> None:
    got = _roles(text)
    assert any(abs(v - expected[0]) <= 1e-3 * expected[0] and r == expected[1] for v, r in got), got


# 2. a pressure above the atmosphere, or a plain pressure at a place, is no difference
@pytest.mark.parametrize("text", [
    "the tank is pressurised to 2 bar above atmospheric",
    "outlet held at 1 atm",
    "inlet total pressure 1.3 bar, outlet 1 bar",
    "raise the inlet pressure by 500 Pa",
])
def test_an_absolute_or_gauge_pressure_is_no_drop(text: str) -> None:
    assert all(r != "pressure_drop" for _, r in _roles(text)), _roles(text)


# 3. a temperature difference, in any unit (a degree is a kelvin, a Fahrenheit degree 5/9 of one)
@pytest.mark.parametrize(("text", "expected"), [
    ("the left wall is 18 degF hotter than the right one", (10.0, "temperature_difference")),
    ("a ΔT of 8 K across the cavity", (8.0, "temperature_difference")),
    ("plates kept 12 °C apart", (12.0, "temperature_difference")),
    ("sidewalls with a 30 K temperature difference", (30.0, "temperature_difference")),
    ("the chip runs 45 degC warmer than the coolant", (45.0, "temperature_difference")),
    ("a temperature difference between the heater and the roof of 6 K", (6.0, "temperature_difference")),
    ("the lid is 4 K colder than the base", (4.0, "temperature_difference")),
])
def test_a_temperature_between_two_places_is_a_difference(text: str, expected: tuple[float, str]) -> None:
    got = _roles(text)
    assert any(abs(v - expected[0]) <= 1e-6 + 1e-6 * expected[0] and r == expected[1] for v, r in got), got


@pytest.mark.parametrize("text", [
    "raise the floor temperature by 5 K",
    "the floor at 300 K and the ceiling at 295 K",
    "Reduce the temperature difference: floor at 301 K and ceiling at 299 K",
    "air enters at 20 degC",
])
def test_an_absolute_temperature_is_no_difference(text: str) -> None:
    assert all(r != "temperature_difference" for _, r in _roles(text)), _roles(text)


def test_differences_are_bound_after_the_values_they_are_measured_from() -> None:
    roles = [q.role for q in read_stated("walls 10 K apart with the cold one at 290 K")]
    assert roles[-1] == "temperature_difference" and "temperature_difference" not in roles[:-1]


# 4. the pure pieces: sign, reference words, places named by "between", units, the split
@pytest.mark.parametrize(("after", "sign", "reference"), [
    (" warmer than the ceiling", 1, "the ceiling"),
    (" below that of the inlet", -1, "of the inlet"),
    (" apart", 0, ""),
    (" difference", 0, ""),
    (" hotter", 1, ""),
])
def test_sign_and_reference_of_a_comparison(after: str, sign: int, reference: str) -> None:
    assert difference_sign(after) == sign
    assert compared_to(after) == reference


@pytest.mark.parametrize(("after", "places"), [
    (" difference between the hot plate and the cold plate", ("the hot plate", "the cold plate")),
    (" drop from inlet to outlet, steady", ("inlet", "outlet")),
    (" between wall1 and wall2 which is cooled", ("wall1", "wall2")),
    (" apart", ("", "")),
])
def test_places_a_difference_is_between(after: str, places: tuple[str, str]) -> None:
    assert between_places(after) == places


@pytest.mark.parametrize(("text", "kelvin"), [
    ("15 degC", 15.0), ("9 °F", 5.0), ("2 K", 2.0), ("3.5 kelvin", 3.5), ("20 degrees", 20.0), ("5 m/s", None),
])
def test_kelvin_difference(text: str, kelvin: float | None) -> None:
    got = kelvin_difference(text)
    assert got == pytest.approx(kelvin) if kelvin is not None else got is None


@pytest.mark.parametrize(("kind", "sign", "reference", "delta", "value"), [
    (None, 1, 300.0, 2.0, 302.0), (None, -1, 300.0, 2.0, 298.0), ("cold", 0, 310.0, 5.0, 305.0),
    ("hot", 0, 290.0, 5.0, 295.0), (None, 0, 290.0, -5.0, 295.0),
])
def test_split_difference(kind, sign, reference, delta, value) -> None:
    assert split_difference(kind, sign, reference, delta) == pytest.approx(value)


# 5. buoyancy groups -> temperature difference
@pytest.mark.parametrize(("group", "value", "kwargs", "delta"), [
    ("grashof", 9810.0, dict(g=9.81, beta=1e-3, length=1.0, nu=1e-3), 1.0),
    ("rayleigh", 7.1e5, dict(g=9.81, beta=3e-3, length=0.1, nu=1.5e-5, prandtl=0.71), 7.1e5 / 0.71 * 2.25e-10 / 2.943e-5),
    ("richardson", 0.5, dict(g=9.81, beta=3.4e-3, length=0.2, nu=1e-5, speed=0.5), 0.5 * 0.25 / (9.81 * 3.4e-3 * 0.2)),
])
def test_buoyancy_delta_t(group: str, value: float, kwargs: dict, delta: float) -> None:
    assert buoyancy_delta_t(group, value, **kwargs) == pytest.approx(delta, rel=1e-9)


@pytest.mark.parametrize(("group", "kwargs", "missing"), [
    ("richardson", dict(g=9.81, beta=1e-3, length=1.0, nu=1e-5), "speed"),
    ("rayleigh", dict(g=9.81, beta=1e-3, length=1.0, nu=1e-5), "Prandtl"),
    ("grashof", dict(g=9.81, beta=0.0, length=1.0, nu=1e-5), "beta"),
    ("grashof", dict(g=9.81, beta=1e-3, length=0.0, nu=1e-5), "length"),
])
def test_buoyancy_delta_t_names_what_is_missing(group: str, kwargs: dict, missing: str) -> None:
    with pytest.raises(ValueError, match=missing):
        buoyancy_delta_t(group, 1e4, **kwargs)


def test_height_along_gravity() -> None:
    block = "convertToMeters 0.5;\nvertices ( (0 0 0) (4 0 0) (4 2 0) (0 2 0) (0 0 1) (4 0 1) (4 2 1) (0 2 1) );\n"
    assert height_along_gravity(block, "(0 -9.81 0)") == pytest.approx(1.0)
    assert height_along_gravity(block, "(0 0 -9.81)") == pytest.approx(0.5)
    assert height_along_gravity(block, "") is None


@pytest.mark.parametrize(("raw", "value"), [
    ("uniform 300", 300.0), ("[0 2 -1 0 0 0 0] 1e-05", 1e-5), ("constant 2", 2.0), ("table ((0 1) (1 2))", None),
    (None, None),
])
def test_last_number(raw, value) -> None:
    assert last_number(raw) == value


@pytest.mark.parametrize(("patch", "value"), [("a", 1e5), ("b", 2.0), ("c", 3.0), ("d", 4.0), ("e", None)])
def test_outlet_pressure_of_each_condition(patch: str, value: float | None) -> None:
    field = ("internalField uniform 1e5;\nboundaryField\n{\n a { type fixedValue; value $internalField; }\n"
             " b { type totalPressure; p0 uniform 2; }\n c { type waveTransmissive; fieldInf 3; value uniform 9; }\n"
             " d { type uniformTotalPressure; p0 constant 4; }\n e { type zeroGradient; }\n}\n")
    assert outlet_pressure_of(field, patch) == value


# 6. binders on real tutorials: the difference measured from the stated or the base's value
def _written(tutorial: str, solver: str, text: str) -> tuple[dict[tuple[str, str], str], dict[str, str]]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    edits = {(e.file, "/".join(e.entry)): e.value for e in binder.edits if isinstance(e.value, str)}
    return edits, {n.text: n.reason for n in binder.not_applied}


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "file", "entry", "value"), [
    # compressible, absolute p: the stated outlet level plus the drop
    ("compressible/rhoPimpleFoam/RAS/TJunction", "rhoPimpleFoam",
     "the outlets are at 1.5 bar and the inlet 20 kPa above them", "0/p", "boundaryField/inlet/p0", "constant 170000"),
    # the base's far-field outlet level plus the drop
    ("compressible/sonicFoam/RAS/prism", "sonicFoam",
     "a 0.25 bar difference across the channel", "0/p", "boundaryField/inlet/value", "uniform 125000"),
    # incompressible: kinematic, from the base's lowest outlet
    ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam",
     "air of density 1.2 kg/m3 pushed by a 30 Pa pressure drop", "0/p", "boundaryField/inlet/p0", "constant 25"),
    # a wall above the stated other wall
    ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
     "cold wall 290 K; the hot one 30 K warmer", "0/T", "boundaryField/hot/value", "uniform 320"),
    ("basic/laplacianFoam/flange", "laplacianFoam",
     "patch2 at 300 K, patch4 kept 100 degC above it", "0/T", "boundaryField/patch4/value", "uniform 400"),
    # no wall named: the hot one above the coldest
    ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam",
     "dT = 4 K between the plates", "0/T", "boundaryField/floor/value", "uniform 304"),
    # Rayleigh number with the base's nu, beta, Pr, g and height (Ra = 9810 dT here)
    ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam",
     "Rayleigh number 49050, ceiling at 295 K", "0/T", "boundaryField/floor/value", "uniform 300"),
])
def test_a_difference_is_measured_from_the_other_place(tutorial, solver, text, file, entry, value) -> None:
    edits, refused = _written(tutorial, solver, text)
    assert " ".join(edits.get((file, entry), "").split()) == value, (edits, refused)


@needs_tutorials
def test_a_drop_on_a_velocity_inlet_is_refused_with_what_to_state() -> None:
    edits, refused = _written("incompressible/simpleFoam/pitzDaily", "simpleFoam", "a 100 Pa drop across the step")
    assert "velocity" in refused.get("100 Pa", ""), refused


# 7. a comparison said before its value, then "by"; a change ("raise ... by") is no comparison
@pytest.mark.parametrize(("text", "role"), [
    ("the exit pressure falls short of the inlet's by 4 kPa", "pressure_drop"),
    ("the heater runs hotter than the walls by 40 degC", "temperature_difference"),
    ("upstream pressure exceeds the downstream one by 0.2 bar", "pressure_drop"),
])
def test_a_comparison_then_by(text: str, role: str) -> None:
    assert [r for _, r in _roles(text)] == [role]


@pytest.mark.parametrize("text", ["make the lid wall cooler by 5 K", "increase the outlet pressure by 2 kPa",
                                  "warm the floor up by 3 degC"])
def test_a_change_by_is_no_difference_between_places(text: str) -> None:
    assert not {"pressure_drop", "temperature_difference"} & {r for _, r in _roles(text)}, _roles(text)


# 8. the role word after the value, past a qualifier or a "the temperature of"
@pytest.mark.parametrize(("text", "role"), [
    ("0.95 bar static at the exit, 1.1 bar total at the inlet", ["outlet_pressure", "inlet_pressure"]),
    ("310 K is the temperature of the heated plate", ["hot_wall_temperature"]),
    ("3 m/s mean through the inlet", ["inlet_velocity"]),
    ("0 Pa is the pressure at the outlet", ["outlet_pressure"]),
])
def test_the_role_word_after_the_value(text: str, role: list[str]) -> None:
    assert [r for _, r in _roles(text)] == role


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "file", "entry", "value"), [
    ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam",
     "the floor is warmer than the ceiling by 6 K", "0/T", "boundaryField/floor/value", "uniform 306"),
    ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam",
     "floor at 305 K; ceiling 3 K colder", "0/T", "boundaryField/ceiling/value", "uniform 302"),
    ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam",
     "ceiling -4 K relative to the floor, which stays at its 301 K", "0/T", "boundaryField/ceiling/value",
     "uniform 297"),
    ("compressible/rhoPimpleFoam/RAS/TJunction", "rhoPimpleFoam",
     "the inlet pressure exceeds the outlet pressure by 3 kPa", "0/p", "boundaryField/inlet/p0", "constant 103000"),
])
def test_a_comparison_is_measured_from_the_other_place(tutorial, solver, text, file, entry, value) -> None:
    edits, refused = _written(tutorial, solver, text)
    assert " ".join(edits.get((file, entry), "").split()) == value, (edits, refused)
