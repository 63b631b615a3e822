"""Stated values in other units and word orders: lists sharing a unit, places listed before or
after the values, values before their role, a role far from its value, bare numbers after a
name, thousands separators, gauge units, units in a bracket heading a list."""

from __future__ import annotations

import pytest

from tasks.plan.extract import listed_before, normalise, quantities
from tasks.plan.stated import read_stated


def _roles(text: str) -> list[tuple[str, float, str]]:
    return [(q.quantity, round(q.value, 6), q.role) for q in read_stated(text)
            if q.quantity not in ("control", "switch")]


@pytest.mark.parametrize("text, expected", [
    ("Cavitating flow through a throttle, inlet and outlet at 250 and 80 bar; simulate one millisecond.",
     [("pressure", 2.5e7, "inlet_pressure"), ("pressure", 8e6, "outlet_pressure"), ("time", 0.001, "end_time")]),
    ("inlet and outlet at 1 bar and 0 bar",
     [("pressure", 1e5, "inlet_pressure"), ("pressure", 0.0, "outlet_pressure")]),
    ("hot and cold walls at 320 and 280 K respectively",
     [("temperature", 320.0, "hot_wall_temperature"), ("temperature", 280.0, "cold_wall_temperature")]),
    ("Spray: central and side inlets at 326.85 and 226.85 degC respectively",
     [("temperature", 600.0, "inlet_temperature"), ("temperature", 500.0, "inlet_temperature")]),
    ("inlet, outlet and walls at 1, 2 and 3 K",
     [("temperature", 1.0, "inlet_temperature"), ("temperature", 2.0, "initial_temperature"),
      ("temperature", 3.0, "wall_temperature")]),
    ("1 and 0 bar at the inlet and outlet respectively",
     [("pressure", 1e5, "inlet_pressure"), ("pressure", 0.0, "outlet_pressure")]),
    ("320 and 280 K for the hot and cold walls",
     [("temperature", 320.0, "hot_wall_temperature"), ("temperature", 280.0, "cold_wall_temperature")]),
    # a list of values with no list of places keeps each value's own reading
    ("cavity, lid 1 m/s, 2 m/s inlet", [("velocity", 1.0, "lid_velocity"), ("velocity", 2.0, "inlet_velocity")]),
    ("Walls at 300 K, 310 K and 320 K", [("temperature", 300.0, "wall_temperature"),
                                         ("temperature", 310.0, "wall_temperature"),
                                         ("temperature", 320.0, "wall_temperature")]),
])
def test_listed_values_take_their_listed_places(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text, place", [
    ("Flange: patch4 and patch2 held at 126.85 and 26.85 degC", ["patch4 held at", "patch2 held at"]),
    ("Temperatures of 320 K and 280 K on the left and right walls", ["on the left walls", "on the right walls"]),
    ("cavity, lid 1 m/s", [None]),
])
def test_listed_values_keep_their_place_words(text: str, place: list[str | None]) -> None:
    assert [q.place for q in read_stated(text)] == place


@pytest.mark.parametrize("text, expected", [
    ("pressure between 1 and 2 bar", [200000.0]),  # a range, not a list
    ("NACA 0012 and 30 m/s", [30.0]),  # a name's digits
    ("nu 1e-5 and 2 m/s", [1e-5, 2.0]),  # a symbol's own number
    ("20, 40 and 60 m/s", [20.0, 40.0, 60.0]),
])
def test_bare_numbers_listed_before_a_unit(text: str, expected: list[float]) -> None:
    assert [q.value for q in quantities(text)] == pytest.approx(expected)


def test_listed_before_reads_the_shared_unit_with_its_offset() -> None:
    text = "at 26.85 and 126.85 degC"
    assert [round(v, 6) for v, _, _ in listed_before(text, text.index("126.85"), "126.85 degC")] == [300.0]


@pytest.mark.parametrize("text, expected", [
    ("1 bar is imposed at the outlet, 2 bar at the inlet",
     [("pressure", 1e5, "outlet_pressure"), ("pressure", 2e5, "inlet_pressure")]),
    ("320 K is applied on the hot wall, 280 K on the cold wall",
     [("temperature", 320.0, "hot_wall_temperature"), ("temperature", 280.0, "cold_wall_temperature")]),
    ("Impose 5 m/s on the top lid", [("velocity", 5.0, "lid_velocity")]),
    ("air at 300 K enters through the inlet", [("temperature", 300.0, "inlet_temperature")]),
    ("the lid, which is a thin moving wall, slides to the right at 3 m/s", [("velocity", 3.0, "lid_velocity")]),
    ("The left wall is heated, with a temperature of 320 K", [("temperature", 320.0, "hot_wall_temperature")]),
    ("Inlet velocity 2 m/s, temperature 300 K",  # a role word before an earlier value is that value's
     [("velocity", 2.0, "inlet_velocity"), ("temperature", 300.0, "initial_temperature")]),
    ("the air comes in at 20 cm/s and 16.85 degC",
     [("velocity", 0.2, "inlet_velocity"), ("temperature", 290.0, "inlet_temperature")]),
    ("12 kg/min of air at 76.85 degC fed through the inlet",
     [("mass_flow", 0.2, "inlet_mass_flow"), ("temperature", 350.0, "inlet_temperature")]),
    ("0.2 kg/s of air at 350 K", [("mass_flow", 0.2, "inlet_mass_flow"), ("temperature", 350.0, "inlet_temperature")]),
    ("Hold patch4 at 400 K and patch2 at 300 K",
     [("temperature", 400.0, "wall_temperature"), ("temperature", 300.0, "wall_temperature")]),
    ("a time step of 1e-4 s and output every 0.05 s, total 0.5 s",
     [("time", 0.0001, "delta_t"), ("time", 0.05, "write_interval"), ("time", 0.5, "end_time")]),
])
def test_roles_in_other_word_orders(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Set the inlet velocity to 2.5 and run until time 5.",
     [("velocity", 2.5, "inlet_velocity"), ("time", 5.0, "end_time")]),
    ("the inlet velocity should be 3 and the run goes up to time 10",
     [("velocity", 3.0, "inlet_velocity"), ("time", 10.0, "end_time")]),
    ("inlet velocity 8, outlet pressure 0",
     [("velocity", 8.0, "inlet_velocity"), ("pressure", 0.0, "outlet_pressure")]),
    ("inlet velocity 8m/s and dt 5ms", [("velocity", 8.0, "inlet_velocity"), ("time", 0.005, "delta_t")]),
    ("speed of sound is normalised to 1, sound speed 1", []),  # no flow velocity
    ("Temperature (K): inlet 300, walls 350",
     [("temperature", 300.0, "inlet_temperature"), ("temperature", 350.0, "wall_temperature")]),
    ("Pressures [bar]: inlet 2, outlet 1.5. Mesh 20 x 20",
     [("pressure", 2e5, "inlet_pressure"), ("pressure", 1.5e5, "outlet_pressure"), ("cells", 400.0, "mesh_cells")]),
])
def test_bare_numbers_whose_unit_a_name_or_heading_fixes(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("a Reynolds number of 10,000", "a Reynolds number of 10000"),
    ("Ra = 250,000 and 1,000,000 cells", "Ra = 250000 and 1000000 cells"),
    ("1,500 Pa", "1500 Pa"),  # one group after a single digit: thousands in an English request
    ("0,5 m and 1,500 Pa", "0.5 m and 1.500 Pa"),  # ... unless the request writes decimal commas: 1.5 Pa
    ("mesh (40,400,1)", "mesh (40,400,1)"),
    ("100,100 cells", "100,100 cells"),
])
def test_thousands_separators(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("1,500 Pa", [1500.0]),  # not 500 Pa
    ("inlet at 30 psig, outlet 2 barg", [206842.71, 200000.0]),
    ("50 L/min", [50e-3 / 60]),
    ("0.9 g/cm3 oil of 30 mPa s", [900.0, 0.03]),
    ("1 cP", [0.001]),
    ("68 degF", [293.15]),
    ("2 kW/m2", [2000.0]),
])
def test_unusual_units(text: str, expected: list[float]) -> None:
    assert [q.value for q in quantities(text)] == pytest.approx(expected)


@pytest.mark.parametrize("text, expected", [
    ("two hundred and fifty iterations", "250 iterations"),
    ("a hundred and twenty seconds", "120 seconds"),
    ("three thousand five hundred steps", "3500 steps"),
    ("one point five metres per second", "1.5 metres per second"),
    ("zero point zero five", "0.05"),
    ("forty by forty cells", "40 by 40 cells"),
    ("one and two", "1 and 2"),  # "and" joins a number only after hundred, thousand, million
    ("five six", "5 6"),
    ("one hundredth of a square metre per second", "0.01 square metre per second"),
])
def test_spelled_numbers(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Outlet: atmospheric (101325 Pa). Inlet: 1.2 atm total pressure.",
     [("pressure", 101325.0, "outlet_pressure"), ("pressure", 121590.0, "inlet_pressure")]),
    ("Lid: moving at 1 m/s; walls: held at 300 K",
     [("velocity", 1.0, "lid_velocity"), ("temperature", 300.0, "wall_temperature")]),
])
def test_a_label_before_a_colon_names_the_value(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("air at −5 °C enters at 2 ms⁻¹", [268.15, 2.0]),
    ("2 ms-1 inflow, dt 5 ms, 3 ms^-1 lid", [2.0, 0.005, 3.0]),
])
def test_metres_per_second_written_ms_and_a_typographic_minus(text: str, expected: list[float]) -> None:
    assert [q.value for q in quantities(text)] == pytest.approx(expected)


@pytest.mark.parametrize("text, expected", [
    ("Supersonic flow past a prism: 320 K, 1 bar gas arriving at 600 m/s",
     [("temperature", 320.0, "inlet_temperature"), ("pressure", 1e5, "inlet_pressure"),
      ("velocity", 600.0, "inlet_velocity")]),
    ("outlet 0 Pa, 300 K inlet", [("pressure", 0.0, "outlet_pressure"), ("temperature", 300.0, "inlet_temperature")]),
    ("lid 1 m/s, 300 K walls", [("velocity", 1.0, "lid_velocity"), ("temperature", 300.0, "wall_temperature")]),
    ("20 degC and 1 atm air fills the room",
     [("temperature", 293.15, "initial_temperature"), ("pressure", 101325.0, "ambient_pressure")]),
    ("300 K air entering through the left", [("temperature", 300.0, "inlet_temperature")]),
])
def test_values_of_different_kinds_listed_before_what_they_describe(
        text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Maxwell model, lambda 2 s, endTime 2 s", [("time", 2.0, "period"), ("time", 2.0, "end_time")]),
    ("0.5 cm spheres, 1.2 g/cm^3, collisions on",
     [("length", 0.005, "particle_diameter"), ("density", 1200.0, "particle_density")]),
])
def test_a_model_time_and_a_particle_property(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert [r for r in _roles(text) if r[0] != "control"] == expected


@pytest.mark.parametrize("text, expected", [
    ("run for 2 s with a 1 ms step, writing every 100 ms",
     [("time", 2.0, "end_time"), ("time", 0.001, "delta_t"), ("time", 0.1, "write_interval")]),
    ("backward-facing step flow run for 2 s", [("time", 2.0, "end_time")]),
    ("simulate between t = 0 and t = 2 s", [("time", 2.0, "end_time")]),
    ("simulate over 0–2 s", [("time", 2.0, "end_time")]),
])
def test_time_ranges_and_a_step_after_its_value(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("The jet, at 300 m/s and 250 K, exits into still air at 1 atm and 300 K.",
     [("velocity", 300.0, "inlet_velocity"), ("temperature", 250.0, "inlet_temperature"),
      ("pressure", 101325.0, "outlet_pressure"), ("temperature", 300.0, "initial_temperature")]),
    ("Air enters at 2 m/s, the room is at 300 K and 1 atm",
     [("velocity", 2.0, "inlet_velocity"), ("temperature", 300.0, "initial_temperature"),
      ("pressure", 101325.0, "ambient_pressure")]),
    ("air enters at 2 m/s and 300 K",
     [("velocity", 2.0, "inlet_velocity"), ("temperature", 300.0, "inlet_temperature")]),
    ("kinematic viscosity one millionth of a square metre per second", [("kinematic_viscosity", 1e-6, "nu")]),
])
def test_a_value_joined_to_another_shares_its_subject(text: str, expected: list[tuple[str, float, str]]) -> None:
    assert _roles(text) == expected
