"""Roles of stated values by class (session 8, roles2): a fluid's temperature vs a body's, a count
ending a sentence, a drop of pressure, a jet leaving a nozzle, units in a header, a symbol of a
length before "h", financialFoam's rates, and a request's line structure."""

from __future__ import annotations

import pytest

from tasks.plan.request import check_request_text, join_lines
from tasks.plan.stated import read_stated


def _roles(text: str) -> list[tuple[float, str]]:
    return [(round(q.value, 6), q.role) for q in read_stated(text) if q.quantity not in ("switch", "control")]


# 1. a fluid at a temperature: the inflow's when the clause says an inflow, else the fluid's initial one
@pytest.mark.parametrize(("text", "expected"), [
    ("Oil at 60 degC is pumped in through the left inlet", (333.15, "inlet_temperature")),
    ("buoyantPimpleFoam: the gas in the box starts at 280 K", (280.0, "initial_temperature")),
    ("a cube at 400 K cools down in quiescent water at 15 °C", (288.15, "initial_temperature")),
    ("the coolant comes in at 290 K", (290.0, "inlet_temperature")),
    ("0.1 kg/s of nitrogen at 310 K", (310.0, "inlet_temperature")),
    ("hot air at 330 K fills the room", (330.0, "initial_temperature")),
])
def test_a_fluid_at_a_temperature_is_not_a_wall(text: str, expected: tuple[float, str]) -> None:
    assert expected in _roles(text)


# 2. a solid body at a temperature is a wall
@pytest.mark.parametrize(("text", "expected"), [
    ("a row of tubes, all at 370 K, in cross flow", (370.0, "wall_temperature")),
    ("three fins held at 60 degC", (333.15, "wall_temperature")),
    ("the sphere is at 500 K and the air around it at 300 K", (500.0, "wall_temperature")),
    ("flow past a warm cylinder (320 K)", (320.0, "hot_wall_temperature")),
    ("the wire is kept at 450 K", (450.0, "wall_temperature")),
])
def test_a_body_at_a_temperature_is_a_wall(text: str, expected: tuple[float, str]) -> None:
    assert expected in _roles(text)


def test_the_fluid_beside_a_body_keeps_its_own_temperature() -> None:
    roles = _roles("the sphere is at 500 K and the air around it at 300 K")
    assert (300.0, "initial_temperature") in roles


# 3. a count ending a sentence is the run length; a count after "every" stays an interval
@pytest.mark.parametrize(("text", "expected", "interval"), [
    ("Use simpleFoam on the motorBike and do 300 iterations.", 300.0, None),
    ("Save every 25 iterations. Stop at one thousand iterations.", 1000.0, 25.0),
    ("porousSimpleFoam, output each 100 iterations; 2000 iterations in total.", 2000.0, 100.0),
])
def test_a_count_at_the_end_is_the_run_length(text: str, expected: float, interval: float | None) -> None:
    roles = _roles(text)
    assert (expected, "end_time") in roles
    if interval is not None:
        assert (interval, "write_interval") in roles


# 4. a pressure drop is a difference the inlet is held at above the outlet (session 9: its own role,
# bound as outlet + drop); what leaves a nozzle enters the domain
@pytest.mark.parametrize(("text", "expected"), [
    ("the pump gives a pressure difference of 3 psi", (20684.27, "pressure_drop")),
    ("Δp = 250 Pa along the pipe", (250.0, "pressure_drop")),
    ("a 1 bar pressure drop over the valve", (100000.0, "pressure_drop")),
    ("cold gas issues from the orifice at 250 K", (250.0, "inlet_temperature")),
    ("the fuel leaves the injector at 40 degC", (313.15, "inlet_temperature")),
    ("steam leaves the nozzle at 400 K", (400.0, "inlet_temperature")),
])
def test_drops_and_nozzles(text: str, expected: tuple[float, str]) -> None:
    got = _roles(text)
    assert any(abs(v - expected[0]) <= 1e-3 * abs(expected[0]) and r == expected[1] for v, r in got), got


# 5. a unit in a header: every value under it, each with its own role
@pytest.mark.parametrize(("text", "expected"), [
    ("Wall temperatures [K]: hot = 330; cold = 290", [(330.0, "hot_wall_temperature"), (290.0, "cold_wall_temperature")]),
    ("Bead density (kg/m3): 1100.", [(1100.0, "particle_density")]),
    ("Kinematic viscosity (m2/s): 1e-6", [(1e-06, "nu")]),
    ("Inlet speed (km/h): 36", [(10.0, "inlet_velocity")]),
])
def test_header_units(text: str, expected: list[tuple[float, str]]) -> None:
    got = _roles(text)
    for e in expected:
        assert e in got, got


# 6. a symbol defined as a length: "30h" later is that length's multiple, not hours
@pytest.mark.parametrize("text", [
    "step height h = 1 cm; the outlet lies 25h downstream; inlet 2 m/s",
    "with h = 5 mm, a domain 40h long",
    "channel half-height h = 0.05 m; inlet 10h upstream of the step",
])
def test_a_length_symbol_is_no_hour(text: str) -> None:
    assert not [q for q in read_stated(text) if q.quantity == "time"]


# 7. financialFoam's entries by their everyday names (canonical/entry_names.yaml)
def test_finance_names_are_known() -> None:
    import yaml

    from tasks.core.paths import CANONICAL_DIR

    names = yaml.safe_load((CANONICAL_DIR / "entry_names.yaml").read_text())
    assert names["interest"] == ["r"]
    assert names["exercise price"] == ["strike"]
    assert "sigma" in names["volatility"]


# 8. line structure: list items stay items, wrapped sentences stay sentences
@pytest.mark.parametrize(("text", "expected"), [
    ("pitzDaily\n- inlet: 5 m/s\n- iterations: 400", "pitzDaily; - inlet: 5 m/s; - iterations: 400"),
    ("Temperatures (degC):\nhot = 40\ncold = 20", "Temperatures (degC): hot = 40; cold = 20"),
    ("the lid moves at\n1 m/s and the cavity\nis 0.1 m wide.", "the lid moves at 1 m/s and the cavity is 0.1 m wide."),
    ("Run icoFoam.\nEnd time 0.5 s.", "Run icoFoam. End time 0.5 s."),
    ("1) inlet 2 m/s\n2) outlet 0 Pa", "1) inlet 2 m/s; 2) outlet 0 Pa"),
])
def test_line_structure_is_kept(text: str, expected: str) -> None:
    assert join_lines(text) == expected


def test_listed_lines_keep_their_roles() -> None:
    text = check_request_text("Cavity case\nlid speed = 2 m/s\nend time = 3 s\nwrite interval = 0.5 s")
    roles = _roles(text)
    assert (2.0, "lid_velocity") in roles and (3.0, "end_time") in roles and (0.5, "write_interval") in roles
