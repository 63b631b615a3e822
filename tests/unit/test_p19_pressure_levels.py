"""Session-19 pressure class, pure parts: where each pressure condition keeps its level
(bind_pressure_levels), what the words of a pressure say it is (bind_pressure_words), the
reference of a pressure for a solver whose p is relative."""

from __future__ import annotations

import pytest

from tasks.plan.bind_pressure_levels import (discharges, gauge_of, internal_level, level_entry, level_text, normalised_gas,
                                             number_in, outlet_pressure_of)
from tasks.plan.bind_pressure_words import names_a_vessel, pressure_place

_FIELD = """internalField uniform 250000;
boundaryField
{
    fixed { type fixedValue; value uniform 1e5; }
    total { type totalPressure; p0 uniform 3e7; value uniform 3e7; }
    choked { type outletMachNumberPressure; pBack 101325; choked true; relax 0.1; M 0.3; value $internalField; }
    mean { type fixedMean; meanValue constant 1e5; value uniform 1e5; }
    meanBare { type fixedMean; meanValue 2e5; value uniform 2e5; }
    far { type waveTransmissive; field p; psi thermo:psi; fieldInf 101325; gamma 1.4; lInf 0.025; value uniform 1e5; }
    farNoInf { type waveTransmissive; field p; value uniform 1e5; }
    fan { type fanPressure; p0 uniform 40; direction in; value uniform 40; }
    adjoint { type outletInlet; outletValue uniform 0; value uniform 0; }
    fire { type prghTotalHydrostaticPressure; p0 uniform 101325; value uniform 101325; }
    table { type uniformTotalPressure; p0 table ((0 1e5) (1 1.4e5)); }
    wall { type zeroGradient; }
    flux { type fixedFluxPressure; }
}
"""


@pytest.mark.parametrize(("patch", "expected"), [
    ("fixed", ("value", "uniform")), ("total", ("p0", "uniform")), ("choked", ("pBack", "plain")),
    ("mean", ("meanValue", "constant")), ("meanBare", ("meanValue", "plain")), ("far", ("fieldInf", "plain")),
    ("farNoInf", None), ("fan", ("p0", "uniform")), ("adjoint", ("outletValue", "uniform")),
    ("fire", ("p0", "uniform")), ("table", ("p0", "constant")), ("wall", None), ("flux", None), ("missing", None),
])
def test_level_entry_of_each_condition(patch: str, expected: tuple[str, str] | None) -> None:
    assert level_entry(_FIELD, patch) == expected


@pytest.mark.parametrize(("patch", "value"), [
    ("fixed", 1e5), ("total", 3e7), ("choked", 101325.0), ("mean", 1e5), ("meanBare", 2e5), ("far", 101325.0),
    ("fan", 40.0), ("adjoint", 0.0), ("table", None), ("wall", None),
])
def test_outlet_pressure_of_new_conditions(patch: str, value: float | None) -> None:
    assert outlet_pressure_of(_FIELD, patch) == value


@pytest.mark.parametrize(("form", "value", "text"), [
    ("uniform", "1e5", "uniform 1e5"), ("plain", "90000", "90000"), ("constant", "120000", "constant 120000"),
])
def test_level_text(form, value: str, text: str) -> None:
    assert level_text(form, value) == text


@pytest.mark.parametrize(("raw", "value"), [
    ("uniform 1e5", 1e5), ("constant 2", 2.0), ("101325", 101325.0), ("table ((0 1))", None), (None, None),
    ("$internalField", None),
])
def test_number_in(raw: str | None, value: float | None) -> None:
    assert number_in(raw) == value


@pytest.mark.parametrize(("field", "outlets", "charged"), [
    (_FIELD, ["choked"], True),  # chokedNozzle: 2.5 bar inside, 1 atm back pressure
    ("internalField uniform 1e+07; boundaryField { nozzle { type fixedValue; value uniform 0; } }", ["nozzle"], True),
    ("internalField uniform 1e5; boundaryField { out { type fixedValue; value uniform 1e5; } }", ["out"], False),
    ("internalField uniform 0; boundaryField { out { type fixedValue; value uniform 0; } }", ["out"], False),
    ("internalField uniform 1e5; boundaryField { out { type zeroGradient; } }", ["out"], False),  # no level held
    ("internalField uniform 1e5; boundaryField { }", [], False),  # a closed vessel: nothing to discharge to
    ("internalField nonuniform List<scalar> 2(1 2); boundaryField { out { type fixedValue; value uniform 0; } }",
     ["out"], False),
])
def test_discharges(field: str, outlets: list[str], charged: bool) -> None:
    assert discharges(field, outlets) is charged


def test_internal_level() -> None:
    assert internal_level(_FIELD) == 250000.0
    assert internal_level("internalField nonuniform List<scalar> 2(1 2);") is None


@pytest.mark.parametrize(("before", "after", "place"), [
    ("the tank is initially at", "", "initial"),
    ("the vessel starts at", "", "initial"),
    ("pressurised to", "", "initial"),
    ("gas in the domain at", "", "initial"),
    ("", "initially", "initial"),
    ("discharging to an ambient of", "", "ambient"),
    ("vents into the atmosphere at", "", "ambient"),
    ("far-field pressure", "", "ambient"),
    ("the surroundings are at", "", "ambient"),
    ("the gas initially at ambient pressure", "", "initial"),  # initial wins
    ("operating pressure", "", None),
    ("pressure", "", None),
])
def test_pressure_place(before: str, after: str, place: str | None) -> None:
    assert pressure_place(before, after) == place


@pytest.mark.parametrize(("words", "vessel"), [
    ("reservoir at", True), ("the supply tank holds", True), ("upstream pressure", True), ("plenum", True),
    ("inlet total pressure", False), ("the outlet at", False),
])
def test_names_a_vessel(words: str, vessel: bool) -> None:
    assert names_a_vessel(words) is vessel


@pytest.mark.parametrize(("pascal", "reference", "gauge"), [
    (101325.0, None, 0.0),  # "1 atm": the atmosphere
    (2e5, None, 2e5 - 101325.0),  # "2 bar": an absolute level
    (2e5, "gauge", 2e5),  # "2 barg"
    (500.0, None, 500.0),  # "500 Pa": a gauge value
    (120000.0, "absolute", 120000.0 - 101325.0),
])
def test_gauge_of(pascal: float, reference: str | None, gauge: float) -> None:
    assert gauge_of(pascal, reference) == pytest.approx(gauge)


@pytest.mark.parametrize(("text", "normalised"), [
    ("dimensions [1 -1 -2 0 0 0 0]; internalField uniform 1;", True),  # forwardStep
    ("dimensions [1 -1 -2 0 0 0 0]; internalField uniform 1e5;", False),
    ("dimensions [1 -1 -2 0 0 0 0]; internalField uniform 0;", False),  # a relative p_rgh, a setFields default
    ("dimensions [0 2 -2 0 0 0 0]; internalField uniform 1;", False),  # kinematic
])
def test_normalised_gas(text: str, normalised: bool) -> None:
    assert normalised_gas(text) is normalised
