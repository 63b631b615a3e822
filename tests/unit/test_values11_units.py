"""Session 11, values: US customary units, heat transfer coefficients, typed number forms and unit headers.

Each table holds paraphrases of one class (other solvers' quantities, other unit systems, other word orders);
every row is read through the public readers (tasks.plan.units.read_unit, tasks.plan.extract.quantities).
"""

from __future__ import annotations

import math

import pytest

from tasks.plan.extract import quantities
from tasks.plan.units import kind_of_dims, read_at, read_unit
from tasks.plan.values_glyphs import bracketed_numbers, typed_numbers


def _one(text: str, kind: str) -> float:
    got = [q for q in quantities(text) if q.kind == kind]
    assert len(got) == 1, f"{text!r}: expected one {kind}, read {[(q.kind, q.value, q.text) for q in quantities(text)]}"
    return got[0].value


# class: a US customary unit (mass in slugs, speeds in fps/mph/kt, times in msec, lone Rankine letter)
@pytest.mark.parametrize("text, kind, si", [
    ("air density 0.002377 slug/ft^3 at sea level", "density", 1.2250554),
    ("rho = 1.94 slugs/ft³ (water)", "density", 999.835),
    ("cruise @ 250 fps", "velocity", 76.2),
    ("free stream 60 mi/hr", "velocity", 26.8224),
    ("approach speed 140 kt", "velocity", 72.0222),
    ("end time 2.5 msec", "time", 0.0025),
    ("time step 5 usec", "time", 5e-6),
    ("stagnation temperature 540 R", "temperature", 300.0),
    ("wall held at 671.67 R thru the run", "temperature", 373.15),
    ("a 3 psid drop across the screen", "pressure", 20684.271),
])
def test_us_customary_units(text: str, kind: str, si: float) -> None:
    assert _one(text, kind) == pytest.approx(si, rel=1e-5)


# class: a degree written inside a compound unit: after a hyphen ("BTU/hr-ft-°F") or glued after a power ("W/m²°C")
@pytest.mark.parametrize("unit, kind, factor", [
    ("BTU/hr-ft-°F", "thermal_conductivity", 1.7307347),
    ("Btu/lbm-°R", "specific_heat", 4186.8),
    ("Btu/lbm-R", "specific_heat", 4186.8),
    ("W/m²°C", "heat_transfer_coefficient", 1.0),
    ("W/m2°K", "heat_transfer_coefficient", 1.0),
    ("kcal/kg-°C", "specific_heat", 4184.0),
])
def test_degree_in_compound_units(unit: str, kind: str, factor: float) -> None:
    u = read_unit(unit)
    assert u is not None, unit
    assert kind_of_dims(u.dims) == kind
    assert u.factor == pytest.approx(factor, rel=1e-6)
    assert u.offset == 0.0  # a degree inside a compound is a difference, never an offset


# class: a heat transfer coefficient in its written forms (SI, exponent style, imperial, spelled)
@pytest.mark.parametrize("unit, factor", [
    ("W/(m²·K)", 1.0), ("W m-2 K-1", 1.0), ("W·m⁻²·K⁻¹", 1.0), ("W/m2K", 1.0), ("W/m^2/K", 1.0),
    ("W/(m^2 C)", 1.0), ("kW/m2K", 1000.0), ("watts per square metre per kelvin", 1.0),
    ("BTU/(hr ft² °F)", 5.6782633), ("Btu/hr-ft2-F", 5.6782633), ("BTU/(h·ft²·°R)", 5.6782633),
    ("kcal/(h m² °C)", 1.1622222),
])
def test_heat_transfer_coefficient_forms(unit: str, factor: float) -> None:
    u = read_unit(unit)
    assert u is not None and kind_of_dims(u.dims) == "heat_transfer_coefficient", unit
    assert u.factor == pytest.approx(factor, rel=1e-6)


@pytest.mark.parametrize("text, si", [
    ("outside walls: h = 12 W/(m2 K) to 0 degC air", 12.0),
    ("film coefficient approx. 3 Btu/hr-ft2-F", 17.03479),
    ("convective coefficient of 25 W m-2 K-1 on the fins", 25.0),
    ("heat transfer coefficient: 8 W/m²°C", 8.0),
])
def test_heat_transfer_coefficient_is_a_quantity(text: str, si: float) -> None:
    assert _one(text, "heat_transfer_coefficient") == pytest.approx(si, rel=1e-5)


# class: numbers typed with glyphs or typewriter forms
@pytest.mark.parametrize("text, expected", [
    ("a 2½ inch pipe", "a 2.5 inch pipe"),
    ("inlet 1 ¾ ft/s", "inlet 1.75 ft/s"),
    ("½ bar above ambient", "0.5 bar above ambient"),
    ("a 1-1/2 in. hose", "a 1.5 in. hose"),
    ("3-3/16 in gap", "3.1875 in gap"),
    ("pages 3-5/2", "pages 3-5/2"),  # an improper fraction is no mixed number
    ("5'000 iterations", "5000 iterations"),
    ("1’250’000 cells", "1250000 cells"),
    ("a 5'6\" door", "a 66\" door"),
    ("a 12' long duct", "a 12 ft long duct"),
    ("the 1990's data", "the 1990's data"),
    ("Re .......... 5000", "Re: 5000"),
    ("T_wall … 350 K", "T_wall: 350 K"),
    ("range 0..100 m/s", "range 0..100 m/s"),
])
def test_typed_numbers(text: str, expected: str) -> None:
    assert typed_numbers(text) == expected


def _unit_at(text: str, pos: int) -> bool:
    return read_at(text, pos) is not None


@pytest.mark.parametrize("text, expected", [
    ("inlet (5) m/s", "inlet 5 m/s"),
    ("p = (1.2e5) Pa", "p = 1.2e5 Pa"),
    ("the (2) inlets", "the (2) inlets"),
    ("f(3) K", "f(3) K"),
])
def test_bracketed_numbers(text: str, expected: str) -> None:
    assert bracketed_numbers(text, _unit_at) == expected


@pytest.mark.parametrize("text, kind, si", [
    ("inlet velocity (5 ± 0.1) m/s", "velocity", 5.0),
    ("T_in = (300 +/- 2) K", "temperature", 300.0),
    ("back pressure (101.3 ± 0.5) kPa", "pressure", 101300.0),
    ("a 2½ in pipe", "length", 0.0635),
    ("flow at 1-1/2 ft/s", "velocity", 0.4572),
    ("run 5'000 iterations", "iterations", 5000.0),
])
def test_typed_values_read(text: str, kind: str, si: float) -> None:
    assert _one(text, kind) == pytest.approx(si, rel=1e-6)


# class: the unit named before its number in a table or key list: after a comma, with a leader, in brackets
@pytest.mark.parametrize("text, kind, si", [
    ("Inlet velocity, m/s: 5", "velocity", 5.0),
    ("Outlet pressure, psig = 3", "pressure", 20684.271),
    ("Wall temp., °F ....... 140", "temperature", 333.15),
    ("Kinematic viscosity, mm²/s .. 20", "kinematic_viscosity", 2e-5),
    ("Free-stream speed [ft/s] 15", "velocity", 4.572),
    ("Temperature, deg F: 70", "temperature", 294.26111),
])
def test_unit_before_number(text: str, kind: str, si: float) -> None:
    assert _one(text, kind) == pytest.approx(si, rel=1e-5)


def test_comma_header_is_no_time() -> None:
    """ "velocity, m/s: 5" once read as "m: 5 s" (a time of 5 s): the header's unit is the value's."""
    assert [q.kind for q in quantities("Inlet velocity, m/s: 5")] == ["velocity"]


# class: the Mach number by its symbol with a free-stream subscript
@pytest.mark.parametrize("text, si", [("M∞ = 2.5", 2.5), ("M_inf = 3", 3.0), ("M_∞ = 0.8", 0.8), ("M = 2", 2.0)])
def test_mach_symbol_subscripts(text: str, si: float) -> None:
    assert _one(text, "mach") == pytest.approx(si)


def test_rankine_scale_has_no_offset() -> None:
    u = read_unit("°R")
    assert u is not None and u.offset == 0.0 and math.isclose(u.factor, 5 / 9)


# class: a spelled number with "and a half" before a scale word, hyphenated or not
@pytest.mark.parametrize("text, kind, si", [
    ("two and a half thousand iterations", "iterations", 2500.0),
    ("one and a half million cells in total", "count", 1_500_000.0),
    ("3 and a quarter thousand time steps", "iterations", 3250.0),
    ("lid at one-and-a-half metres per second", "velocity", 1.5),
    ("inlet two-and-a-half feet per second", "velocity", 0.762),
])
def test_and_a_half_numbers(text: str, kind: str, si: float) -> None:
    assert _one(text, kind) == pytest.approx(si, rel=1e-6)


# class: a part of one unit, by glyph, ordinal word or decimal ("¾ of a second", "a twentieth of a second")
@pytest.mark.parametrize("text, kind, si", [
    ("simulate ¾ of a second", "time", 0.75),
    ("a gap of ⅛ of an inch", "length", 0.003175),
    ("run for a twentieth of a second", "time", 0.05),
    ("three sixteenths of an inch thick", "length", 0.0047625),
    ("0.5 of a metre wide", "length", 0.5),
])
def test_parts_of_a_unit(text: str, kind: str, si: float) -> None:
    assert _one(text, kind) == pytest.approx(si, rel=1e-6)


@pytest.mark.parametrize("text", ["the eighth patch at 5 m/s", "fill 0.5 of a tank with water"])
def test_parts_of_no_unit_stay(text: str) -> None:
    assert not [q for q in quantities(text) if q.kind in ("time", "length")]


# class: a value restated in brackets in another unit, rounded to the digits it is written to
@pytest.mark.parametrize("text, kind, si", [
    ("inlet 100 ft/s (~30 m/s)", "velocity", 30.48),
    ("free stream 250 knots (approx. 130 m/s)", "velocity", 128.6111),
    ("lid 5 m/s (about 16 ft/s)", "velocity", 5.0),
    # a US value restated in metric without a mark of approximation: the metric value, as the case is written in it
    # (session 28; these two kept the first value before)
    ("air at 0.0765 lbm/ft3 [1.2 kg/m3]", "density", 1.2),
    ("nu 1.6E-4 ft2/s (1.5e-5 m2/s)", "kinematic_viscosity", 1.5e-5),
])
def test_rounded_restatement_is_one_value(text: str, kind: str, si: float) -> None:
    assert _one(text, kind) == pytest.approx(si, rel=1e-5)


@pytest.mark.parametrize("text", ["inlet 10 m/s (20 mph)", "inlet 3 m/s (3.1 m/s)", "inlet 3 m/s and outlet 3.1 m/s"])
def test_other_values_stay_two(text: str) -> None:
    assert len([q for q in quantities(text) if q.kind == "velocity"]) == 2


# class: a capital X for "times" (a power of ten) or "by" (cell counts)
@pytest.mark.parametrize("text, kind, si", [
    ("nu 1.5X10-5 m2/s", "kinematic_viscosity", 1.5e-5),
    ("Re = 2X10^5", "reynolds", 2e5),
    ("mu 1.8 X 10^-5 Pa s", "dynamic_viscosity", 1.8e-5),
    ("a 40X40 mesh", "cells", 1600.0),
    ("mesh 80 X 40 X 1", "cells", 3200.0),
])
def test_capital_x(text: str, kind: str, si: float) -> None:
    assert _one(text, kind) == pytest.approx(si, rel=1e-9)


# class: a table whose columns carry the names and units (one row of values), or whose cells are tab-separated
@pytest.mark.parametrize("text, expected", [
    ("| Inlet velocity (m/s) | Viscosity (m²/s) | End time (s) |\n|---|---|---|\n| 5 | 1e-5 | 2 |",
     {"velocity": 5.0, "kinematic_viscosity": 1e-5, "time": 2.0}),
    ("| U_in [ft/s] | T_in [°F] |\n|--|--|\n| 16.4 | 68 |", {"velocity": 4.99872, "temperature": 293.15}),
    ("Parameter\tValue\tUnit\nInlet velocity\t5\tm/s\nKinematic viscosity\t1e-5\tm2/s",
     {"velocity": 5.0, "kinematic_viscosity": 1e-5}),
    ("Inlet velocity (m/s)\tOutlet pressure (Pa)\n5\t0", {"velocity": 5.0, "pressure": 0.0}),
    ("lid speed\t2 m/s\nend time\t3 s", {"velocity": 2.0, "time": 3.0}),
    ("| Density | 1.2 | kg/m3 |\n| Viscosity | 1.8e-5 | Pa s |", {"density": 1.2, "dynamic_viscosity": 1.8e-5}),
    # a header whose names or units hold digits ("T0", "m2/s") is still a header
    ("| nu (m2/s) | end (s) |\n|---|---|\n| 4e-4 | 3 |", {"kinematic_viscosity": 4e-4, "time": 3.0}),
    ("Lid (km/h)\tT0 (°C)\tEnd (s)\n72\t40\t0.1", {"velocity": 20.0, "temperature": 313.15, "time": 0.1}),
])
def test_column_and_tab_tables(text: str, expected: dict[str, float]) -> None:
    got = {q.kind: q.value for q in quantities(text)}
    assert got == pytest.approx(expected, rel=1e-5)


# class: pounds read by what the unit must measure: "lb" is a force where a mass makes no known kind
@pytest.mark.parametrize("unit, kind, factor", [
    ("lb/ft²", "pressure", 47.880259),
    ("lb/in2", "pressure", 6894.7573),
    ("lb-s/ft2", "dynamic_viscosity", 47.880259),
    ("lb/ft3", "density", 16.018463),  # a mass per volume: the pound of mass
    ("lbs/hr", "mass_flow", 1.2599788e-4),
    ("pound-mass per cubic foot", "density", 16.018463),
    ("in. of Hg", "pressure", 3386.3886),
])
def test_pounds_by_dimensions(unit: str, kind: str, factor: float) -> None:
    u = read_unit(unit)
    assert u is not None and kind_of_dims(u.dims) == kind, unit
    assert u.factor == pytest.approx(factor, rel=1e-5)


@pytest.mark.parametrize("text, si", [("T 70 F.", 294.26111), ("inlet air at 95 F. Walls adiabatic", 308.15),
                                      ("the gas at 540 R.", 300.0)])
def test_scale_letter_before_a_full_stop(text: str, si: float) -> None:
    assert _one(text, "temperature") == pytest.approx(si, rel=1e-6)


@pytest.mark.parametrize("text, expected", [
    ("a channel 10' long and 1½ ft high", "a channel 10 ft long and 1.5 ft high"),
    ("one hundred by 2-1/2 in", "100 by 2.5 in"),
    ("a 3'6\" wide door", "a 42\" wide door"),
])
def test_geometry_digits_read_glyph_numbers(text: str, expected: str) -> None:
    from tasks.geometry.text_numbers import digits

    assert digits(text) == expected
