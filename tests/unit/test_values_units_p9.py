"""Stated values in other units and number forms (session 9, values helper).

Classes: units a reader may not know yet (Rankine, column heights of water and mercury, BTU, psf,
torr, kgf, thou, cc, fpm, knots, centistoke, a degree Fahrenheit or Celsius as a difference inside
a compound unit, an inch in a quotient); bare powers of ten (10^-5, 10⁻⁵); thousands separators
("1,000", "101 325"); a tolerance after a value ("5 ± 0.1 m/s"). The phrasings here are not those of
the probes (/work/tmp/p9/values/probes*.yaml).
"""

from __future__ import annotations

import pytest

from tasks.plan.extract import normalise, parse_number, quantities
from tasks.plan.units import read_unit


def _one(text: str, kind: str) -> float:
    found = [q for q in quantities(text) if q.kind == kind]
    assert found, f"no {kind} in {text!r}: {quantities(text)}"
    return found[0].value


@pytest.mark.parametrize("text, kind, value", [
    # absolute temperatures on the Rankine scale
    ("the free stream is at 540 degrees Rankine", "temperature", 300.0),
    ("T_wall = 671.67 °R", "temperature", 373.15),
    ("inlet gas 600 degR, outlet free", "temperature", 333.333333),
    ("a 459.67 deg R ambient", "temperature", 255.372222),
    # pressures as column heights of water or mercury
    ("fan pressure rise of 2 inH2O", "pressure", 498.17782),
    ("a 50 mmH2O drop across the filter", "pressure", 490.3325),
    ("back pressure: 29.92 inHg", "pressure", 101320.76),
    ("duct static pressure 1.5 in. w.c.", "pressure", 373.63336),
    ("the suction side sits at 5 inches of mercury", "pressure", 16931.9),
    ("outlet pressure 750 millimetres of mercury", "pressure", 99991.79),
    ("ambient 760 mm of mercury", "pressure", 101325.0),
    ("a draft of 0.5 inches of water column", "pressure", 124.54445),
    # trade and imperial units
    ("outlet at 380 torr", "pressure", 50662.5),
    ("roof load of 40 psf", "pressure", 1915.21036),
    ("a 2 kgf/cm2 supply", "pressure", 196133.0),
    ("specific heat 1 Btu/(lbm °F)", "specific_heat", 4186.8),
    ("cp = 0.45 BTU/lb/F for the steel", "specific_heat", 1884.06),
    ("water cp is 1 kcal/kg/C", "specific_heat", 4184.0),
    ("insulation conductivity 0.02 Btu/hr/ft/°F", "thermal_conductivity", 0.0346146),
    ("solar load 300 BTU/h/ft2 on the roof", "heat_flux", 946.3817),
    ("oil density 0.87 g/cc", "density", 870.0),
    ("coating 3 thou thick", "length", 7.62e-5),
    ("a film of 12 mils", "length", 3.048e-4),
    ("a 15 kn breeze over the deck", "velocity", 7.716667),
    ("duct air at 800 fpm", "velocity", 4.064),
    ("jet exits at 120 in/s", "velocity", 3.048),
    ("glycerol near 1100 centistokes", "kinematic_viscosity", 1.1e-3),
    ("kinematic viscosity of one centistoke", "kinematic_viscosity", 1e-6),
])
def test_units_the_reader_did_not_know(text: str, kind: str, value: float) -> None:
    assert _one(text, kind) == pytest.approx(value, rel=1e-4)


@pytest.mark.parametrize("text", [
    "a 10 cm x 20 cm water column in the corner",  # a shape, not a pressure
    "fill the tank with 0.3 m of water",  # a depth
    "a 5 mm film of water on the plate",
])
def test_water_heights_that_are_lengths(text: str) -> None:
    kinds = {q.kind for q in quantities(text)}
    assert "pressure" not in kinds and "length" in kinds


@pytest.mark.parametrize("unit, kind", [
    ("Btu/(hr ft F)", "thermal_conductivity"), ("kJ/(kg C)", "specific_heat"), ("BTU/lb/F", "specific_heat"),
    ("in/s", "velocity"), ("g/cc", "density"), ("inH2O", "pressure"), ("°R", "temperature"),
])
def test_compound_units_read_whole(unit: str, kind: str) -> None:
    assert read_unit(unit) is not None, unit


@pytest.mark.parametrize("written, value", [
    ("10^5", 1e5), ("10^-5", 1e-5), ("10**-6", 1e-6), ("10⁻⁵", 1e-5), ("10⁶", 1e6), ("-10^3", -1e3),
    ("2.5e−5", 2.5e-5), ("1.5·10⁻⁵", 1.5e-5), ("3 x 10^4", 3e4),
])
def test_parse_number_powers_of_ten(written: str, value: float) -> None:
    assert parse_number(written) == pytest.approx(value)


@pytest.mark.parametrize("text, kind, value", [
    ("air with nu 10^-5 m2/s at the inlet", "kinematic_viscosity", 1e-5),
    ("a Reynolds number of 10^6 on the chord", "reynolds", 1e6),
    ("Ra = 10⁹ in the cavity", "rayleigh", 1e9),
    ("mu 2.1e−5 Pa s", "dynamic_viscosity", 2.1e-5),
    ("diffusivity 10⁻⁴ m²/s", "kinematic_viscosity", 1e-4),
])
def test_bare_powers_of_ten_in_text(text: str, kind: str, value: float) -> None:
    assert _one(text, kind) == pytest.approx(value)


@pytest.mark.parametrize("text, kind, value", [
    ("hold the outlet at 2,500 Pa", "pressure", 2500.0),
    ("5,000 iterations of simpleFoam", "iterations", 5000.0),
    ("the tank is at 202 650 Pa", "pressure", 202650.0),
    ("a 1,200 rpm impeller", "angular_velocity", 125.6637),
    ("density 1 025 kg/m3 for sea water", "density", 1025.0),
])
def test_thousands_separators(text: str, kind: str, value: float) -> None:
    assert _one(text, kind) == pytest.approx(value, rel=1e-5)


def test_decimal_commas_read_three_digit_groups_as_decimals() -> None:
    """A request that writes decimal commas ("0,25 m") writes "1,500 Pa" for 1.5 Pa too; a count stays."""
    assert "1.500 Pa" in normalise("a 0,25 m gap and 1,500 Pa")
    assert "1500 iterations" in normalise("a 0,25 m gap and 1,500 iterations")


@pytest.mark.parametrize("text, kind, value", [
    ("the jet leaves at 12 ± 0.5 m/s", "velocity", 12.0),
    ("wall temperature 350 K ± 1 K throughout", "temperature", 350.0),
    ("a supply pressure of 3 bar +/- 2 %", "pressure", 3e5),
    ("water at 15 °C plus or minus 0.5 °C", "temperature", 288.15),
    ("inflow 2 m/s (± 5 %), outlet open", "velocity", 2.0),
])
def test_tolerance_keeps_nominal_value(text: str, kind: str, value: float) -> None:
    found = [q.value for q in quantities(text) if q.kind == kind]
    assert found == [pytest.approx(value)]


def test_plus_minus_without_a_value_stays() -> None:
    assert "±" in normalise("sweep the flap ±10 degrees")


def test_extract_facade_keeps_its_names() -> None:
    """tasks.plan.extract was split into extract_* modules; importers still find every name there."""
    import tasks.plan.extract as extract

    for name in ("normalise", "quantities", "Quantity", "Sine", "Kind", "sines", "cell_counts", "first", "mentions",
                 "parse_number", "symbol_number", "listed_before", "GROUP_KINDS", "KINEMATIC_PRESSURE_UNIT",
                 "_QUANTITY", "_kind_of", "_COUNT_UNIT", "spoken_units", "spoken_fractions", "spoken_rates",
                 "spoken_durations", "pressure_reference", "restated_once", "length_multiple", "counts_after"):
        assert hasattr(extract, name), name


@pytest.mark.parametrize("text, kind, value", [
    # a rate said with "a", "each" or "every" for "per", the unit in one to three words
    ("the belt moves 3 metres each second", "velocity", 3.0),
    ("pump 90 litres every minute into the tank", "volume_flow", 1.5e-3),
    ("extract 7.2 cubic metres an hour", "volume_flow", 2e-3),
    ("feed 36 kilograms every hour of slurry", "mass_flow", 0.01),
    ("the ship sails at 18 kilometres each hour", "velocity", 5.0),
    # pounds of force
    ("tyre at 32 pounds per square inch", "pressure", 220632.2),
    ("snow load 20 pounds per sq. foot", "pressure", 957.6052),
    # a letter o for the degree sign
    ("supply air at 18 oC", "temperature", 291.15),
    ("outdoor 95 oF design day", "temperature", 308.15),
    # an inch where a size ends
    ("a 3 in duct carries the air", "length", 0.0762),
    ("a 6 in x 10 in opening", "length", 0.1524),
    ("a 0.25 in OD capillary", "length", 0.00635),
])
def test_per_phrasings_pounds_degrees_inches(text: str, kind: str, value: float) -> None:
    assert _one(text, kind) == pytest.approx(value, rel=1e-4)


@pytest.mark.parametrize("text", ["put 2 in the box", "3 in total", "2 oCean waves",
                                  "a 3 mil cell mesh"])
def test_words_that_are_no_units(text: str) -> None:
    assert quantities(text) == []
