"""Session 13, values: unit symbols in any letter case and glued to their number, gas volumes at
reference conditions read as masses, "from A to B" with two different measures, and a field's
value after a place named with no preposition."""

from __future__ import annotations

import pytest

from tasks.plan.extract import quantities
from tasks.plan.fields import find_field_values
from tasks.plan.units import read_unit
from tasks.plan.units_case import folded_token, usual_case
from tasks.plan.units_standard import STANDARD_STATES, standard_state_of


def _got(text: str) -> list[tuple[str, float]]:
    return [(q.kind, round(q.value, 6)) for q in quantities(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("inlet air at 320k", [("temperature", 320.0)]),
    ("wall held at 46.85c", [("temperature", 320.0)]),
    ("supply 70f air", [("temperature", 294.261111)]),
    ("T_inf = 518.67r", [("temperature", 288.15)]),
    ("walls 370k, 5k cells is fine", [("temperature", 370.0), ("count", 5000.0)]),
    ("hot wall 350 k, cold wall 300 k.", [("temperature", 350.0), ("temperature", 300.0)]),
    ("outlet 5 MPA", [("pressure", 5e6)]),
    ("outlet 5 mpa", [("pressure", 5e6)]),
    ("viscosity 1 mpa.s", [("dynamic_viscosity", 0.001)]),
    ("inlet 10 KPA gauge", [("pressure", 1e4)]),
    ("density 300 KG/M3", [("density", 300.0)]),
    ("inflow 3 M/S", [("velocity", 3.0)]),
    ("surface tension 72 mn/m", [("surface_tension", 0.072)]),
    ("a 2 KW heater", [("power", 2000.0)]),
    ("pipe 12 MM across", [("length", 0.012)]),
])
def test_a_unit_in_another_case_or_glued_reads_as_meant(text, expected):
    assert _got(text) == expected


@pytest.mark.parametrize("text", [
    "epsilon 14.855 k 0.375",  # k: the next field's name
    "use 2 k-epsilon",  # the model, not 2 K
    "a mesh of 200k",  # a count in thousands
    "grid ~200k",
    "10 r downstream",  # a multiple of a radius
    "cells: 200k",
])
def test_a_letter_that_is_no_temperature_scale_gives_no_temperature(text):
    assert not any(kind == "temperature" for kind, _ in _got(text))


@pytest.mark.parametrize(("text", "pos", "folded"), [
    ("5 MPA", 2, "5 MPa"), ("3 M/S", 2, "3 m/s"), ("320k", 3, "320K"), ("2 kw", 2, "2 kW"),
    ("2 k-epsilon", 2, None), ("5 m/s", 2, None),
])
def test_a_token_is_written_in_the_usual_case_of_its_symbols(text, pos, folded):
    assert folded_token(text, pos) == folded


def test_a_unit_found_after_its_number_reads_in_its_usual_case():
    assert usual_case("k") == "K" and usual_case("mpa.s") == "mPa.s"
    assert read_unit(usual_case("KG/M3")) == read_unit("kg/m3")


_AIR_N = STANDARD_STATES["normal"].air_density()
_AIR_US = STANDARD_STATES["us"].air_density()


@pytest.mark.parametrize(("text", "value"), [
    ("inlet 300 Nm3/h of air", 300 / 3600 * _AIR_N),
    ("5 Nm³/min", 5 / 60 * _AIR_N),
    ("400 normal cubic metres per hour", 400 / 3600 * _AIR_N),
    ("2,000 SCFM", 2000 * 0.3048 ** 3 / 60 * _AIR_US),
    ("50 standard cubic feet per minute", 50 * 0.3048 ** 3 / 60 * _AIR_US),
    ("500 sccm of argon", 500e-6 / 60 * _AIR_N),
    ("10 slpm", 10e-3 / 60 * _AIR_N),
    ("4 Nl/min", 4e-3 / 60 * _AIR_N),
])
def test_a_gas_volume_at_reference_conditions_is_a_mass_flow(text, value):
    q = [q for q in quantities(text) if q.kind == "mass_flow"]
    assert len(q) == 1 and q[0].value == pytest.approx(value, rel=1e-9)
    assert q[0].standard is not None and "kg/m3" in q[0].standard


def test_an_actual_volume_flow_stays_a_volume_flow():
    assert [q.kind for q in quantities("2,000 cfm and 30 L/min")] == ["volume_flow", "volume_flow"]
    assert standard_state_of("m3/h") is None and standard_state_of("Nm3/h") is STANDARD_STATES["normal"]


def test_the_normal_state_is_0_degc_and_one_atmosphere():
    assert _AIR_N == pytest.approx(1.2923, rel=1e-3)
    assert read_unit("Nm3/h").dims == (1, 0, -1, 0, 0, 0)


@pytest.mark.parametrize(("text", "expected"), [
    ("seawater from 1025 kg/m3 to 40 % of the height", [("density", 1025.0), ("fraction", 0.4)]),
    ("raise the inlet from 2 m/s to 300 K", [("velocity", 2.0), ("temperature", 300.0)]),
    ("heat it from 300 K to 5 s", [("temperature", 300.0), ("time", 5.0)]),
    ("change nu from 1e-5 m2/s to 2e-5 m2/s", [("kinematic_viscosity", 2e-5)]),
    ("from 20 C to 300 K", [("temperature", 300.0)]),
])
def test_from_a_to_b_is_a_change_only_when_both_measure_one_thing(text, expected):
    assert _got(text) == expected


_PATCHES = ["inlet", "outlet", "upperWall", "lowerWall", "frontAndBack"]


@pytest.mark.parametrize(("text", "vector", "place"), [
    ("U inlet (7 0 0)", [7.0, 0.0, 0.0], "inlet"),
    ("U inlet [6.5, 0, 0] m/s", [6.5, 0.0, 0.0], "inlet"),
    ("inlet U (1 0 0)", [1.0, 0.0, 0.0], "inlet"),
    ("U_inlet = (2, 0, 0)", None, None),  # read by the vector reader of the extractor instead
    ("U lowerWall: (0.5 0 0)", [0.5, 0.0, 0.0], "lowerWall"),
])
def test_a_vector_after_a_field_and_a_place_goes_to_that_place(text, vector, place):
    got = [f for f in find_field_values(text, ["U", "p", "k"], _PATCHES) if f.vector is not None]
    if vector is None:
        return
    assert got and got[0].vector == vector
    assert place in got[0].places or place in got[0].patches


def test_a_field_after_a_place_word_takes_no_value_of_the_next_field():
    got = find_field_values("k inlet 0.375 epsilon 14.855", ["k", "epsilon"], _PATCHES)
    assert [(f.field, f.value) for f in got] == [("k", 0.375), ("epsilon", 14.855)]


@pytest.mark.parametrize(("text", "count"), [
    ("n_iter = 1000", 1000.0), ("N_iter: 500", 500.0), ("nIter = 200", 200.0), ("n_iterations=250", 250.0),
    ("iter = 300", 300.0),
])
def test_an_iteration_count_written_as_a_symbol_is_the_run_length(text, count):
    assert [(q.kind, q.value) for q in quantities(text)] == [("iterations", count)]


def test_a_linear_solvers_iteration_limit_is_no_run_length():
    assert quantities("maxIter = 800") == []


@pytest.mark.parametrize(("text", "kind", "value"), [
    ("run 500 Iterations", "iterations", 500.0), ("1,500 ITERATIONS", "iterations", 1500.0),
    ("2000 Time Steps", "iterations", 2000.0), ("on 4 Cores", "ranks", 4.0),
])
def test_a_count_word_in_any_case_counts(text, kind, value):
    assert [(q.kind, q.value) for q in quantities(text)] == [(kind, value)]
