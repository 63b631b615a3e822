"""Units read by a grammar, not a list of spellings: products, quotients, powers, parentheses,
prefixes and spelled names, each read into its kind and SI value (angles in degrees); and the
words after a number that are no unit ("in 2D", "step 3 in the Allrun")."""

from __future__ import annotations

import math
import re

import pytest

from tasks.plan.extract import KINEMATIC_PRESSURE_UNIT, _QUANTITY, _kind_of, normalise, parse_number, quantities
from tasks.plan.units import kind_of_dims, read_at, read_unit

C0 = 273.15

# (text, kind, SI value): the first quantity of the text
UNIT_TABLE = [
    # velocity, every way of writing m/s
    ("1.5 m/s", "velocity", 1.5),
    ("1.5 m.s-1", "velocity", 1.5),
    ("1.5 m·s⁻¹", "velocity", 1.5),
    ("1.5 m s^-1", "velocity", 1.5),
    ("1.5 m s-1", "velocity", 1.5),
    ("1.5 m*s**-1", "velocity", 1.5),
    ("1.5 m s^(-1)", "velocity", 1.5),
    ("1.5 metres per second", "velocity", 1.5),
    ("1.5 Meters/second", "velocity", 1.5),
    ("30 km/h", "velocity", 30 / 3.6),
    ("30 km/hr", "velocity", 30 / 3.6),
    ("30 kilometres per hour", "velocity", 30 / 3.6),
    ("5 knots", "velocity", 5 * 1852 / 3600),
    ("10 ft/s", "velocity", 3.048),
    ("20 mph", "velocity", 20 * 0.44704),
    ("15 mm/s", "velocity", 0.015),
    # density
    ("1000 kg/m3", "density", 1000.0),
    ("1000 kg m^-3", "density", 1000.0),
    ("1000 kg·m⁻³", "density", 1000.0),
    ("1000 kg.m-3", "density", 1000.0),
    ("1000 kg/m³", "density", 1000.0),
    ("1000 kilograms per cubic metre", "density", 1000.0),
    ("1 g/cm3", "density", 1000.0),
    ("1 g/mL", "density", 1000.0),
    # dynamic viscosity
    ("1.8e-5 kg/(m·s)", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 kg/(m s)", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 kg/m/s", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 kg/ms", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 N s/m2", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 N·s/m²", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 Pa s", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 Pa.s", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 Pas", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 pascal seconds", "dynamic_viscosity", 1.8e-5),
    ("1.8e-5 pascal-seconds", "dynamic_viscosity", 1.8e-5),
    ("1.2 mPa s", "dynamic_viscosity", 1.2e-3),
    ("1.2 cP", "dynamic_viscosity", 1.2e-3),
    ("1.2 centipoise", "dynamic_viscosity", 1.2e-3),
    # kinematic viscosity
    ("1e-6 m^2 s^-1", "kinematic_viscosity", 1e-6),
    ("1e-6 m2/s", "kinematic_viscosity", 1e-6),
    ("1e-6 m²/s", "kinematic_viscosity", 1e-6),
    ("1e-6 m²s⁻¹", "kinematic_viscosity", 1e-6),
    ("1 mm2/s", "kinematic_viscosity", 1e-6),
    ("0.15 cm^2/s", "kinematic_viscosity", 1.5e-5),
    ("1.5 cSt", "kinematic_viscosity", 1.5e-6),
    ("1e-6 square metres per second", "kinematic_viscosity", 1e-6),
    # kinematic pressure is still pressure
    ("100 m2/s2", "pressure", 100.0),
    ("100 m^2 s^-2", "pressure", 100.0),
    # temperature
    ("20 degrees Celsius", "temperature", 20 + C0),
    ("20 degree celsius", "temperature", 20 + C0),
    ("20 deg C", "temperature", 20 + C0),
    ("20 degC", "temperature", 20 + C0),
    ("20 °C", "temperature", 20 + C0),
    ("20°C", "temperature", 20 + C0),
    ("20 ºC", "temperature", 20 + C0),
    ("20 ℃", "temperature", 20 + C0),
    ("20 Celsius", "temperature", 20 + C0),
    ("20 degrees centigrade", "temperature", 20 + C0),
    ("68 °F", "temperature", 20 + C0),
    ("68 degrees Fahrenheit", "temperature", 20 + C0),
    ("68 deg F", "temperature", 20 + C0),
    ("300 K", "temperature", 300.0),
    ("25 C", "temperature", 25 + C0),            # a bare C after a number is no coulomb
    ("68 F outside", "temperature", 20 + C0),
    ("300 kelvin", "temperature", 300.0),
    # angles stay in degrees; a degree followed by C or F is a temperature
    ("30 degrees", "angle", 30.0),
    ("30°", "angle", 30.0),
    ("30 deg", "angle", 30.0),
    ("0.5 rad", "angle", 0.5 * 180 / math.pi),
    # surface tension
    ("72 mN/m", "surface_tension", 0.072),
    ("0.072 N/m", "surface_tension", 0.072),
    ("0.072 N m^-1", "surface_tension", 0.072),
    ("72 dyn/cm", "surface_tension", 0.072),
    ("0.072 newtons per metre", "surface_tension", 0.072),
    # thermal conductivity and specific heat
    ("0.6 W/m/K", "thermal_conductivity", 0.6),
    ("0.6 W/(m K)", "thermal_conductivity", 0.6),
    ("0.6 W/(m·K)", "thermal_conductivity", 0.6),
    ("0.6 W/mK", "thermal_conductivity", 0.6),
    ("0.6 W m^-1 K^-1", "thermal_conductivity", 0.6),
    ("0.6 watts per metre per kelvin", "thermal_conductivity", 0.6),
    ("4180 J/kg/K", "specific_heat", 4180.0),
    ("4180 J/(kg K)", "specific_heat", 4180.0),
    ("4.18 kJ/(kg K)", "specific_heat", 4180.0),
    ("4180 J/(kg °C)", "specific_heat", 4180.0),
    ("4180 joules per kilogram per kelvin", "specific_heat", 4180.0),
    # Darcy coefficient (inverse area)
    ("1e8 m^-2", "darcy", 1e8),
    ("1e8 1/m2", "darcy", 1e8),
    ("1e8 1/m^2", "darcy", 1e8),
    ("1e8 m⁻²", "darcy", 1e8),
    # volume and mass flow
    ("2 L/s", "volume_flow", 2e-3),
    ("2 l/s", "volume_flow", 2e-3),
    ("3 litres per second", "volume_flow", 3e-3),
    ("60 L/min", "volume_flow", 1e-3),
    ("500 cm3/s", "volume_flow", 5e-4),
    ("500 cm^3 s^-1", "volume_flow", 5e-4),
    ("36000 m^3/h", "volume_flow", 10.0),
    ("2 cubic metres per second", "volume_flow", 2.0),
    ("0.3 kg/s", "mass_flow", 0.3),
    ("720 kg/h", "mass_flow", 0.2),
    # gravity
    ("9.81 m s-2", "gravity", 9.81),
    ("9.81 m/s2", "gravity", 9.81),
    ("9.81 m/s²", "gravity", 9.81),
    ("9.81 m/s^2", "gravity", 9.81),
    ("9.81 metres per second squared", "gravity", 9.81),
    # pressure
    ("1 bar", "pressure", 1e5),
    ("14.7 psi", "pressure", 14.7 * 6894.757),
    ("100 kPa", "pressure", 1e5),
    ("100 KPa", "pressure", 1e5),
    ("2 MPa", "pressure", 2e6),
    ("1 atm", "pressure", 101325.0),
    ("101325 Pa", "pressure", 101325.0),
    ("101325 N/m2", "pressure", 101325.0),
    ("101325 kg/(m s2)", "pressure", 101325.0),
    ("5 pascals", "pressure", 5.0),
    ("50 mbar", "pressure", 5000.0),
    # frequency and rotation
    ("50 Hz", "frequency", 50.0),
    ("2 kHz", "frequency", 2000.0),
    ("1500 rpm", "angular_velocity", 1500 * 2 * math.pi / 60),
    ("1500 RPM", "angular_velocity", 1500 * 2 * math.pi / 60),
    ("1500 rev/min", "angular_velocity", 1500 * 2 * math.pi / 60),
    ("10 rad/s", "angular_velocity", 10.0),
    ("10 rad s^-1", "angular_velocity", 10.0),
    ("10 revolutions per second", "angular_velocity", 20 * math.pi),
    # heat flux, electrical
    ("1000 W/m2", "heat_flux", 1000.0),
    ("1 kW/m²", "heat_flux", 1000.0),
    ("15 uC/m3", "charge_density", 15e-6),
    ("1.5e-4 m^2/V/s", "mobility", 1.5e-4),
    ("10 mS/cm", "conductivity", 1.0),
    # length and time
    ("0.5 in", "length", 0.0127),
    ("0.5 in.", "length", 0.0127),
    ("1/2 inch", "length", 0.0127),
    ("1 1/2 inches", "length", 0.0381),
    ("2 ft", "length", 0.6096),
    ("3 feet", "length", 0.9144),
    ("25.4 mm", "length", 0.0254),
    ("10 µm", "length", 1e-5),
    ("5 centimetres", "length", 0.05),
    ("half a metre", "length", 0.5),
    ("three quarters of a metre", "length", 0.75),
    ("two and a half metres", "length", 2.5),
    ("half an inch", "length", 0.0127),
    ("a quarter of a second", "time", 0.25),
    ("20 ms", "time", 0.02),
    ("2 min", "time", 120.0),
    ("2 mins", "time", 120.0),
    ("3 hrs", "time", 3 * 3600.0),
    ("10 secs", "time", 10.0),
    ("2 h", "time", 7200.0),
    # a unit joined to its number by a hyphen; a range's dash is no sign
    ("a 5-m pipe", "length", 5.0),
    ("a 3-inch pipe", "length", 0.0762),
    ("a 10-minute run", "time", 600.0),
    ("a 15-degree wedge", "angle", 15.0),
    ("1-2 m", "length", 2.0),
    ("T = -5 °C", "temperature", -5 + C0),
    # an article for "per", brackets, numbers with a power of ten
    ("30 km an hour", "velocity", 30 / 3.6),
    ("5 metres a second", "velocity", 5.0),
    ("60 litres a minute", "volume_flow", 1e-3),
    ("100 revs per minute", "angular_velocity", 100 * 2 * math.pi / 60),
    ("2 [m/s]", "velocity", 2.0),
    ("20 m s^{-1}", "velocity", 20.0),
    ("nu = 1.5 × 10⁻⁵ m²/s", "kinematic_viscosity", 1.5e-5),
    ("2 x 10^5 Pa", "pressure", 2e5),
    ("1.5·10^-5 m2/s", "kinematic_viscosity", 1.5e-5),
]


@pytest.mark.parametrize("text,kind,value", UNIT_TABLE)
def test_a_unit_expression_reads_as_its_kind_in_si(text, kind, value):
    got = quantities(text)
    assert got, f"nothing read in {text!r}"
    assert (got[0].kind, got[0].value) == (kind, pytest.approx(value, rel=1e-9)), text
    assert got[0].text in normalise(text)


# a number whose next word is no unit (or no unit of a known kind): no unit quantity
NOT_A_UNIT = [
    "in 2D",
    "step 3 in the Allrun",
    "put 2 in the box",
    "case 1 s",
    "see case 1 s for the details",
    "Table 2 K values",
    "a 2 m2 area",                  # an area has no kind
    "30 kV across the gap",         # a voltage has no kind (the field binder reads it)
    "5 N on the plate",             # a force has no kind
    "2 L of water",                 # a volume has no kind
    "100 J/kg of latent heat",      # an energy per mass is no kinematic pressure
    "h = 10 W/m2K",                 # a heat transfer coefficient: read whole or not at all
    "3 apples",
    "the 2 us",
    "1/4 of the tank",
    "3 per step",
    "5 C-shaped channels",          # a letter naming a shape
    "2 L-shaped ducts",
    "the 4 C's",
    "version 2 C++ code",
    "3.5 W·m⁻²·K⁻¹",                # a heat transfer coefficient has no kind
    "2 kg/m2/s",                    # nor a mass flux
]


@pytest.mark.parametrize("text", NOT_A_UNIT)
def test_words_that_are_no_unit_give_no_unit_quantity(text):
    unit_kinds = {"velocity", "length", "time", "temperature", "pressure", "heat_flux", "volume_flow",
                  "surface_tension", "darcy", "frequency", "angle", "mass_flow", "gravity"}
    assert not [q for q in quantities(text) if q.kind in unit_kinds], text


@pytest.mark.parametrize(
    "text,expected",
    [
        ("water at 20 degrees Celsius enters at 0.3 m.s-1",
         [("temperature", 293.15, "20 degrees Celsius"), ("velocity", 0.3, "0.3 m.s-1")]),
        ("oil of 900 kg·m⁻³ and 0.03 Pa·s flows in at 2 L/s",
         [("density", 900.0, "900 kg·m⁻³"), ("dynamic_viscosity", 0.03, "0.03 Pa·s"),
          ("volume_flow", 0.002, "2 L/s")]),
        ("a 1/2 inch pipe, air at 68 °F, 30 km/h",
         [("length", 0.0127, "1/2 inch"), ("temperature", 293.15, "68 °F"), ("velocity", 30 / 3.6, "30 km/h")]),
        ("surface tension 72 mN/m, contact angle 30°, run half a second",
         [("surface_tension", 0.072, "72 mN/m"), ("angle", 30.0, "30°"), ("time", 0.5, "0.5 second")]),
        ("porous zone with d = 1e8 m^-2 and k = 0.6 W/(m K), cp 4.18 kJ/(kg K)",
         [("darcy", 1e8, "1e8 m^-2"), ("thermal_conductivity", 0.6, "0.6 W/(m K)"),
          ("specific_heat", 4180.0, "4.18 kJ/(kg K)")]),
        ("gravity 9.81 m s-2 downwards, 1 bar outlet, the rotor at 1500 rpm",
         [("gravity", 9.81, "9.81 m s-2"), ("pressure", 1e5, "1 bar"),
          ("angular_velocity", 50 * math.pi, "1500 rpm")]),
        ("the channel is 2 m long, and 0.1 m/s in the x direction",
         [("length", 2.0, "2 m"), ("velocity", 0.1, "0.1 m/s")]),
        ("an inlet of 2 m/s second inlet at 3 m/s",
         [("velocity", 2.0, "2 m/s"), ("velocity", 3.0, "3 m/s")]),
    ],
)
def test_quantities_in_a_sentence(text, expected):
    got = [(q.kind, q.value, q.text) for q in quantities(text)]
    assert len(got) == len(expected), got
    for (kind, value, written), (k, v, t) in zip(expected, got):
        assert (k, t) == (kind, written)
        assert v == pytest.approx(value, rel=1e-9)


def test_each_quantity_keeps_its_words_around_it():
    text = "the lid moves at 1.5 m·s⁻¹ wide open, hot wall at 80 °C."
    lid, wall = quantities(text)
    assert lid.text == "1.5 m·s⁻¹" and lid.start == text.index("1.5") and lid.before.endswith("moves at ")
    assert lid.after.strip() == "wide open"
    assert wall.text == "80 °C" and wall.before.endswith("hot wall at ")


@pytest.mark.parametrize(
    "text,pos,num,unit",
    [
        ("rho = 1000 kg m^-3 here", 6, "1000", "kg m^-3"),
        ("a 1/2 inch pipe", 2, "1/2", "inch"),
        ("2 m s later", 0, "2", "m"),           # "m s" has no kind: the metres alone
        ("2 m-3 m", 0, "2", "m"),               # a dash, not a power
        ("3 m/step", 0, "3", "m"),
    ],
)
def test_the_quantity_pattern_reads_like_a_regex_match(text, pos, num, unit):
    m = _QUANTITY.match(text, pos)
    assert m is not None and m.start() == pos
    assert (m.group("num"), m.group("unit")) == (num, unit)
    assert m.group(0) == text[m.start():m.end()]


def test_the_kind_of_a_unit_as_written():
    assert _kind_of("m.s-1") == ("velocity", 1.0, 0.0)
    kind, scale, offset = _kind_of("°F")
    assert kind == "temperature" and 68 * scale + offset == pytest.approx(293.15)
    assert _kind_of("iterations") == ("iterations", 1.0, 0.0)
    with pytest.raises(ValueError, match="no unit of a known kind"):
        _kind_of("apples")


@pytest.mark.parametrize(
    "text,value", [("1/2", 0.5), ("1 1/2", 1.5), ("2 x 10^5", 2e5), ("1.5e-3", 1.5e-3), ("3 / 4", 0.75),
                   ("1.5 × 10⁻⁵", 1.5e-5), ("1.5·10^-5", 1.5e-5)])
def test_parse_number(text, value):
    assert parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize(
    "unit,dims",
    [
        ("kg/(m s2)", (1, -1, -2, 0, 0, 0)),
        ("J/(kg K)", (0, 2, -2, -1, 0, 0)),
        ("W/m/K", (1, 1, -3, -1, 0, 0)),
        ("m2/(V s)", (-1, 0, 2, 0, 1, 0)),
        ("rad/s", (0, 0, -1, 0, 0, 1)),
    ],
)
def test_read_unit_gives_the_si_dimensions(unit, dims):
    got = read_unit(unit)
    assert got is not None and got.dims == dims and kind_of_dims(got.dims, unit) is not None


def test_a_celsius_temperature_difference_has_no_offset():
    assert read_unit("°C").offset == pytest.approx(273.15)
    assert read_unit("J/(kg °C)").offset == 0.0


def test_read_at_stops_before_a_word_that_is_no_unit():
    text = "5 m/s towards the outlet"
    got = read_at(text, 2)
    assert got is not None and text[2:got.end] == "m/s" and got.kind == "velocity"
    assert read_at("apples", 0) is None


@pytest.mark.parametrize(
    "unit,kinematic",
    [("m2/s2", True), ("m^2/s^2", True), ("m²/s²", True), ("m²s⁻²", True), ("m^2 s^-2", True), ("m2.s-2", True),
     ("m2 s-2", True), ("m2/s", False), ("m/s2", False), ("Pa", False)],
)
def test_a_kinematic_pressure_is_known_by_its_unit(unit, kinematic):
    assert bool(re.search(KINEMATIC_PRESSURE_UNIT, f"100 {unit}")) is kinematic
    assert _kind_of(unit)[0] == "pressure" or not kinematic


@pytest.mark.parametrize(
    "text,normal",
    [
        ("half a metre", "0.5 metre"),
        ("a quarter of a second", "0.25 second"),
        ("three quarters of an inch", "0.75 inch"),
        ("one and a half metres", "1.5 metres"),
        ("a metre and a half", "1.5 metre"),
        ("30 km an hour", "30 km per hour"),
        ("a quarter of the tank", "a quarter of the tank"),       # no unit: a fraction, read later
        ("a 2 m pipe an hour later", "a 2 m pipe 1 hour later"),  # m per hour has no kind
        ("3 s a second time", "3 s a second time"),
    ],
)
def test_spoken_parts_of_units_are_numbers(text, normal):
    assert normalise(text) == normal


def test_finditer_gives_every_quantity_once_in_order():
    text = "2 m/s, 1/2 inch, 3 apples, 4-mm wire, 1-2 m and 20 °C"
    got = [m.group(0) for m in _QUANTITY.finditer(text)]
    assert got == ["2 m/s", "1/2 inch", "4-mm", "2 m", "20 °C"]
