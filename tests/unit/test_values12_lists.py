"""Session 12 (values): numbers listed before their one shared unit (commas, semicolons, slashes,
"resp."), decimal commas inside such lists, slash chains that are no fractions, and a count's name
a few words before its bare number."""

from __future__ import annotations

import pytest

from tasks.plan.extract import quantities
from tasks.plan.extract_words import normalise


def _read(text: str) -> list[tuple[str, float]]:
    return [(q.kind, round(q.value, 6)) for q in quantities(text)]


@pytest.mark.parametrize("text, expected", [
    # commas only (each with a space after it): a list, not decimals
    ("inlets 2, 5 m/s (main +x, side +y)", [("velocity", 2.0), ("velocity", 5.0)]),
    ("wall temperatures: 300, 320, 340 K", [("temperature", 300.0), ("temperature", 320.0), ("temperature", 340.0)]),
    ("outlets at 1, 1.2 bar", [("pressure", 100000.0), ("pressure", 120000.0)]),
    ("flow rates (10, 20 l/min)", [("volume_flow", 0.000167), ("volume_flow", 0.000333)]),
    # semicolons
    ("inlets: 1,5; 2,5 m/s", [("velocity", 1.5), ("velocity", 2.5)]),
    # slashes: three or more numbers, decimals, or names listed with slashes
    ("inlets 2/3/4 m/s", [("velocity", 2.0), ("velocity", 3.0), ("velocity", 4.0)]),
    ("hot/cold = 318,65/285,65 Kelvin", [("temperature", 318.65), ("temperature", 285.65)]),
    ("densities water/air 998,2/1,2 kg/m³", [("density", 998.2), ("density", 1.2)]),
    ("Einlass/Auslass 3,0/1,0 bar", [("pressure", 300000.0), ("pressure", 100000.0)]),
    # "resp." and "bzw."
    ("hot and cold walls at 45,5 resp. 12,5 °C", [("temperature", 318.65), ("temperature", 285.65)]),
    ("inlet and outlet 2 bzw. 0,5 bar", [("pressure", 200000.0), ("pressure", 50000.0)]),
    # decimal commas inside a list that ends in its unit
    ("velocities 1,5, 2,5 and 3,5 m/s", [("velocity", 1.5), ("velocity", 2.5), ("velocity", 3.5)]),
    ("speeds 1,5 and 2 ft/s", [("velocity", 0.4572), ("velocity", 0.6096)]),
])
def test_listed_numbers_share_the_last_unit(text: str, expected: list[tuple[str, float]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("1,5 m/s", [("velocity", 1.5)]),  # a decimal comma, no list
    ("endTime 10, 5 m/s", [("velocity", 5.0)]),  # a name with its own value leads no list
    ("cavity, 40, 1 m/s", [("velocity", 1.0)]),
    ("gas 2, 5 m/s", [("velocity", 5.0)]),
    ("a 1/2 in pipe", [("length", 0.0127)]),  # a fraction, no slash list
    ("3/4 m/s", [("velocity", 0.75)]),
    ("between 1,5 and 2,5 bar", [("pressure", 250000.0)]),  # a range's low end is no list item
])
def test_no_list_where_none_is_meant(text: str, expected: list[tuple[str, float]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("velocities 1,5, 2,5 and 3,5 m/s", "velocities 1.5, 2.5 and 3.5 m/s"),
    ("walls 20,5 / 30,5 °C", "walls 20.5 / 30.5 °C"),
    ("at 45,5 resp. 12,5 °C", "at 45.5 resp. 12.5 °C"),
    ("1,5 to 2,5 m/s", "1.5 to 2.5 m/s"),
    ("1,5–2,5 m/s", "1.5–2.5 m/s"),
    ("cells 20,40 and 60", "cells 20,40 and 60"),  # no unit at the list's end: left as written
    ("(1,0,0) and 2 m/s", "(1,0,0) and 2 m/s"),
])
def test_decimal_commas_in_lists(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("iterations number is 200", [("iterations", 200.0)]),
    ("for iterations I want 300.", [("iterations", 300.0)]),
    ("iterations, let us say 800.", [("iterations", 800.0)]),
    ("iterations: let us say 1200.", [("iterations", 1200.0)]),
    ("iterations - roughly 900.", [("iterations", 900.0)]),
    ("time steps we need 1200 please", [("iterations", 1200.0)]),
    ("the cores are 4, thanks", [("ranks", 4.0)]),
    ("iterations for the 2 inlets", []),  # a preposition and article lead another thing
    ("iterations and 4 cores", [("ranks", 4.0)]),
])
def test_count_named_a_few_words_before_its_number(text: str, expected: list[tuple[str, float]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("floor/ceiling: 305/295 K", [("temperature", 305.0), ("temperature", 295.0)]),
    ("outlets 3/1 bar", [("pressure", 300000.0), ("pressure", 100000.0)]),
    ("hot/cold walls 50/20 °C", [("temperature", 323.15), ("temperature", 293.15)]),
    ("inlet/outlet 2/3 m/s", [("velocity", 2.0), ("velocity", 3.0)]),
    ("a 1/2 in pipe", [("length", 0.0127)]),  # fractions stay fractions
    ("1 1/2 in", [("length", 0.0381)]),
    ("3/4 m/s", [("velocity", 0.75)]),
])
def test_slash_pairs_before_a_unit(text: str, expected: list[tuple[str, float]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("turbulence intensity 0,1 %", [("fraction", 0.001)]),  # a comma after a lone zero is a decimal
    ("intensity 2,5%", [("fraction", 0.025)]),  # a percent sign reads as a unit
    ("fill 0,3 of the height", [("fraction", 0.3)]),
    ("Co 0,5", [("courant", 0.5)]),
    ("(0,1)", []),  # a bracketed pair stays a pair
])
def test_decimal_comma_before_no_unit(text: str, expected: list[tuple[str, float]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("3,6 km/h resp. 1 m/s", [("velocity", 1.0)]),  # the same value restated: one quantity
    ("nu = 15 mm²/s resp. 1,5·10⁻⁵ m²/s", [("kinematic_viscosity", 1.5e-05)]),
    ("outlet 1 bar bzw. 100 kPa", [("pressure", 100000.0)]),
    ("walls 40 °C resp. 10 °C", [("temperature", 313.15), ("temperature", 283.15)]),  # two values
])
def test_resp_restates_or_lists(text: str, expected: list[tuple[str, float]]) -> None:
    assert _read(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("end time 5x10^-3 s.", "end time 5e-3 s."),
    ("nu = 1,2·10^-5 m^2/s", "nu = 1.2e-5 m^2/s"),
    ("p0 2 x 10^5 Pa", "p0 2e5 Pa"),
    ("1.5*10^(-5) m2/s", "1.5e-5 m2/s"),
    ("Ra 1.5×10⁶", "Ra 1.5e6"),
    ("40 cm x 10 cm", "40 cm x 10 cm"),  # no power written: no power read
    ("100 x 10 cells", "100 x 10 cells"),
    ("20 x 10^2 cells", "20 x 10^2 cells"),  # a cell count stays as written
])
def test_written_powers_become_e_notation(text: str, expected: str) -> None:
    assert normalise(text) == expected


@pytest.mark.parametrize("text, kind, value", [
    ("stop time 5×10⁻³ s", "time", 0.005),
    ("outlet at 1,01325 x 10^5 Pa", "pressure", 101325.0),
    ("k = 3.75 x 10^-3 m2/s2", "pressure", 0.00375),
])
def test_written_powers_read_whole(text: str, kind: str, value: float) -> None:
    assert [(q.kind, round(q.value, 9)) for q in quantities(text)][-1:] == [(kind, value)]
