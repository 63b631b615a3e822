"""A value said before the name it is for moves after that name (tasks.plan.request_order), so
the binders read it: a bare number said first was dropped in silence before."""

import pytest

from tasks.plan.request_order import names_first
from tasks.plan.stated import read_stated


@pytest.mark.parametrize("text, expected", [
    ("pitzDaily, simpleFoam, 15 m/s for the U_in, 1.5e-5 for the air nu",
     "pitzDaily, simpleFoam, U_in 15 m/s, air nu 1.5e-5"),
    ("planarPoiseuille, Maxwell model, 2 s for the lambda; 0.5 for the nuM",
     "planarPoiseuille, Maxwell model, lambda 2 s; nuM 0.5"),
    ("use 350 K as the inlet temperature; 0 Pa for the outlet.", "use inlet temperature 350 K; outlet 0 Pa."),
    ("hotRoom\n- 353.15 K for the heater\n- 3.4e-3 for the beta", "hotRoom\n- heater 353.15 K\n- beta 3.4e-3"),
    ("european call: 50 for the strike, 5 % for the r", "european call: strike 50, r 5 %"),
    ("dam break with 1000 kg/m3 as the water density and 0.07 N/m for the surface tension",
     "dam break with water density 1000 kg/m3 and surface tension 0.07 N/m"),
])
def test_a_value_opening_its_clause_moves_after_its_name(text: str, expected: str) -> None:
    assert names_first(text) == expected


@pytest.mark.parametrize("text", [
    "a velocity of 2 m/s for the inlet",           # the role is said before the value already
    "ramp to 0.5 m/s for the first 2 s, then 1 m/s",  # "for the first 2 s" is a time, not a name
    "hold 10 s for the rest",                        # no name
    "1025 vs 1000 for the rho",                      # the second value does not open its clause
    "cavity, 40x40 cells, endTime 1 s",             # nothing said "for" a name
])
def test_other_clauses_stay_as_written(text: str) -> None:
    assert names_first(text) == text


@pytest.mark.parametrize("text, value", [
    ("cavity, icoFoam, 0.01 for the nu", 0.01),
    ("cavity with icoFoam; 2e-3 m2/s as the kinematic viscosity", 2e-3),
])
def test_a_moved_value_is_stated(text: str, value: float) -> None:
    stated = read_stated(names_first(text))
    assert any(q.quantity == "kinematic_viscosity" and q.value == pytest.approx(value) for q in stated)


@pytest.mark.parametrize("text, expected", [
    ("LES pitzDaily, rhoPimpleFoam; T_in: 350 K", "LES pitzDaily, rhoPimpleFoam; T_in 350 K"),
    ("multiRegionHeater\n- heater base: 600 K\n- water inflow: 0.002 m/s",
     "multiRegionHeater\n- heater base 600 K\n- water inflow 0.002 m/s"),
    ("Outlet pressure: 1 bar, wall temperature : -5 degC", "Outlet pressure 1 bar, wall temperature -5 degC"),
])
def test_the_colon_of_a_key_value_clause_is_dropped(text: str, expected: str) -> None:
    assert names_first(text) == expected


@pytest.mark.parametrize("text", ["mix at a ratio 1:2", "start at 12:30", "Inlet velocity [m/s]: 2",
                                  "Note: the walls are adiabatic"])
def test_other_colons_stay(text: str) -> None:
    assert names_first(text) == text


@pytest.mark.parametrize("text, expected", [
    ("forwardStep, the t_end is 0.5, the Mach is 2.5", "forwardStep, the t_end 0.5, the Mach 2.5"),
    ("the particle density should be 1200 and the diameter is 5 mm",
     "the particle density 1200 and the diameter is 5 mm"),
    ("Re is 100.", "Re 100."),
    ("the strike price equals 50; sigma must be 0.3", "the strike price 50; sigma 0.3"),
])
def test_the_verb_before_a_bare_number_is_dropped(text: str, expected: str) -> None:
    assert names_first(text) == expected


@pytest.mark.parametrize("text", ["the domain is 2 m long", "the blockage is 42%", "the lid speed is 2 m/s"])
def test_a_value_with_a_unit_keeps_its_verb(text: str) -> None:
    assert names_first(text) == text


@pytest.mark.parametrize("text", [
    "Opposed-jet flame: 20 cm/s from each side, both streams at 300 K",
    "Setup: 2 m/s inflow through the left wall",
])
def test_a_colon_that_ends_a_title_stays(text: str) -> None:
    assert names_first(text) == text


def test_a_bare_number_after_of_loses_the_of() -> None:
    assert names_first("pitzDaily, a air nu of 1.5e-5, a U_in of 15 m/s") == "pitzDaily, a air nu 1.5e-5, a U_in of 15 m/s"


@pytest.mark.parametrize("text", ["50 m3/s instead of 75", "3 out of 4 inlets", "a rate of 2 m3/s"])
def test_of_before_a_replaced_value_or_a_unit_stays(text: str) -> None:
    assert names_first(text) == text
