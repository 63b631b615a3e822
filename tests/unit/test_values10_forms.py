"""Session 10, values: decimal commas, spoken powers and signs, units named before their number,
parts of an extent or a multiplier. Paraphrases of each class in other units, solvers and orders."""

from __future__ import annotations

import pytest

from tasks.plan.extract import quantities
from tasks.plan.extract_words import normalise
from tasks.plan.values_commas import decimal_commas, spoken_powers
from tasks.plan.values_headers import unit_headers
from tasks.plan.values_parts import multiplier_parts


def _values(text: str, kind: str) -> list[float]:
    return [q.value for q in quantities(text) if q.kind == kind]


# class: a decimal comma, before an exponent or before a unit that ends a sentence or has a bracket
@pytest.mark.parametrize("text, kind, value", [
    ("Viscosity of the oil amounts to 1,5e-5 m²/s.", "kinematic_viscosity", 1.5e-5),
    ("kin. viscosity ca. 1,5·10⁻⁵ m²/s", "kinematic_viscosity", 1.5e-5),
    ("mu = 1,8 x 10^-5 Pa·s for the air", "dynamic_viscosity", 1.8e-5),
    ("ν = 1,0e-2 m²/s; t_end = 8 s.", "kinematic_viscosity", 1.0e-2),
    ("End of simulation after 0,75 s.", "time", 0.75),
    ("the outlet stays at 2,0 bar(g)", "pressure", 2.0e5),
    ("T = 20 °C; v = 2,5 m/s.", "velocity", 2.5),
    ("heat flux 1,25 kW/m²!", "heat_flux", 1250.0),
    ("D = 0,35 cm²/s?", "kinematic_viscosity", 3.5e-5),
    ("flow 1,2 m³/h.", "volume_flow", 1.2 / 3600),
])
def test_decimal_commas(text: str, kind: str, value: float) -> None:
    assert _values(text, kind) == [pytest.approx(value, rel=1e-9)]


# class: a group of three after a decimal comma is a decimal when the request writes decimal commas
@pytest.mark.parametrize("text, kind, value", [
    ("1,013 bar at the outlet, 0,5 m/s at the inlet", "pressure", 1.013e5),
    ("density 1,225 kg/m³ and nu = 1,5e-5 m²/s", "density", 1.225),
    ("inlet 2,5 m/s, temperature 1,013 K", "temperature", 1.013),
])
def test_three_digit_group_in_a_decimal_comma_request(text: str, kind: str, value: float) -> None:
    assert _values(text, kind) == [pytest.approx(value, rel=1e-9)]


@pytest.mark.parametrize("text, kind, value", [
    ("rotor 1.500 rpm, nu 1,5e-5 m2/s", "angular_velocity", 1500 * 2 * 3.141592653589793 / 60),
    ("outlet 1.013,25 hPa", "pressure", 101325.0),
    ("2.000 iterations at 0,5 m/s", "iterations", 2000.0),
])
def test_dotted_thousands_in_a_decimal_comma_request(text: str, kind: str, value: float) -> None:
    assert _values(text, kind) == [pytest.approx(value, rel=1e-9)]


def test_dotted_number_in_an_english_request_is_a_decimal() -> None:
    assert _values("rotor 1.500 rpm", "angular_velocity") == [pytest.approx(1.5 * 2 * 3.141592653589793 / 60)]


@pytest.mark.parametrize("text", [
    "cells (40,40,1)",
    "mesh 20,40 in x and y",
    "U = (1,0,0)",
    "1,500 Pa at the outlet",
    "run 2,500 iterations",
])
def test_lists_and_thousands_keep_their_commas(text: str) -> None:
    assert decimal_commas(text) == text


# class: powers of ten and signs said in words
@pytest.mark.parametrize("text, kind, value", [
    ("viscosity one times ten to the minus five square metres per second", "kinematic_viscosity", 1e-5),
    ("nu = 1.5 times ten to the minus five m2/s", "kinematic_viscosity", 1.5e-5),
    ("an outlet pressure of two times ten to the power of five pascals", "pressure", 2e5),
    ("a diffusivity of 4 x 10 to the -5 m^2/s", "kinematic_viscosity", 4e-5),
    ("cold wall at minus five degrees Celsius", "temperature", 268.15),
    ("the plate is held at negative 10 °C", "temperature", 263.15),
    ("zero comma five metres per second at the inlet", "velocity", 0.5),
])
def test_spoken_powers_and_signs(text: str, kind: str, value: float) -> None:
    assert _values(text, kind) == [pytest.approx(value, rel=1e-9)]


@pytest.mark.parametrize("text", [
    "ten minus two cells",  # arithmetic, no sign
    "1.5 x 10 5",  # no power said
    "from 1 to 10 to the outlet",
])
def test_spoken_powers_leave_other_words(text: str) -> None:
    assert spoken_powers(text) == text


# class: a unit named before its number (in brackets, after "in", after a slash)
@pytest.mark.parametrize("text, expected", [
    ("Inlet velocity [m/s]: 1,5", "Inlet velocity: 1,5 m/s"),
    ("T / K = 300", "T = 300 K"),
    ("p_out / bar: 1,2", "p_out: 1,2 bar"),
    ("v in m/s: 2,5", "v: 2,5 m/s"),
    ("Kinematic viscosity in mm²/s: 15", "Kinematic viscosity: 15 mm²/s"),
    ("outlet pressure (in kPa) = 101.3", "outlet pressure = 101.3 kPa"),
    ("U_in/m s-1 = 2,5", "U_in = 2,5 m s-1"),
])
def test_unit_headers(text: str, expected: str) -> None:
    assert unit_headers(text) == expected


@pytest.mark.parametrize("text", [
    "cells in x: 40",
    "mass flow kg/s: 0.3",
    "flow rate 35 l/min = 5.83e-4 m3/s",
    "outlet / inlet = 2",
    "v in m/s: 2.5 m/s",
])
def test_unit_headers_leave_other_text(text: str) -> None:
    assert unit_headers(text) == text


@pytest.mark.parametrize("text, kind, value", [
    ("lid speed in m/s: 1,5", "velocity", 1.5),
    ("t_end / s = 0,4", "time", 0.4),
    ("Temperature in K: 300", "temperature", 300.0),
    ("nu in mm²/s: 2500", "kinematic_viscosity", 2.5e-3),
])
def test_unit_headers_are_read(text: str, kind: str, value: float) -> None:
    assert _values(text, kind) == [pytest.approx(value, rel=1e-9)]


# class: a part of an extent is a fraction; a whole and a part before "times" is a multiplier
@pytest.mark.parametrize("text, value", [
    ("water fills half the tank height", 0.5),
    ("fill the column to half of its depth", 0.5),
    ("0.25 of the height is oil", 0.25),
    ("the lower half of the domain holds water", 0.5),
])
def test_part_of_an_extent(text: str, value: float) -> None:
    assert _values(text, "fraction") == [pytest.approx(value)]


@pytest.mark.parametrize("text, expected", [
    ("1 and a half times the default viscosity", "1.5 times the default viscosity"),
    ("2 and a quarter times faster", "2.25 times faster"),
    ("3 and a half-fold finer", "3.5-fold finer"),
])
def test_multiplier_parts(text: str, expected: str) -> None:
    assert multiplier_parts(text) == expected


def test_multiplier_is_no_fraction() -> None:
    assert _values("one and a half times the tutorial velocity", "fraction") == []
    assert "1.5 times" in normalise("one and a half times the tutorial velocity")


# class: a range written with a spaced hyphen is a range, not one value
@pytest.mark.parametrize("text", [
    "inlet flow 2 - 3 l/min",
    "the wall sits at 20 - 25 °C",
    "back pressure 0 - 1 bar",
])
def test_spaced_hyphen_range(text: str) -> None:
    from tasks.plan.values_kept import range_start
    plain = normalise(text)
    last = quantities(text)[-1]
    assert range_start(plain, last) is not None


# class: a vector with decimal commas, its components apart by spaces or semicolons
@pytest.mark.parametrize("text, vector", [
    ("lid velocity (1,5 0 0) m/s", [1.5, 0.0, 0.0]),
    ("lid velocity (1,5; 0; 0) m/s", [1.5, 0.0, 0.0]),
    ("inflow (0; 2,5; 0) m/s at the side inlet", [0.0, 2.5, 0.0]),
    ("wind [0,5 0 -1,25] m/s", [0.5, 0.0, -1.25]),
])
def test_vector_with_decimal_commas(text: str, vector: list[float]) -> None:
    got = [q.vector for q in quantities(text) if q.vector is not None]
    assert got == [pytest.approx(vector)]


@pytest.mark.parametrize("text", ["cells (40,40,1)", "U (1,0,0) m/s", "a point at (0,5)"])
def test_comma_lists_in_brackets_stay(text: str) -> None:
    assert decimal_commas(text) == text
