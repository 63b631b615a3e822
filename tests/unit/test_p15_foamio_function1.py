"""Time-varying boundary values (a Function1) in the form OpenFOAM v1912 reads.

v1912 (checked natively with rhoPimpleFoam on sineWaveDamping, pimpleFoam on TJunction and
pitzDaily): `K constant 5;`, `K table (...)`, `K polynomial (...)` inline; `K { type sine; ... }`
or `K sine; KCoeffs { ... }` for coefficient types; `K { type table; ... }` and a `KCoeffs` left
beside an inline value abort the solver ("Entry 'K' not found in dictionary ...KCoeffs").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.foam.function1 import function1_value, normalised, sine_value, stale_coefficients, with_function1
from tasks.plan.bind import bind_all
from tasks.plan.bind_function1 import oscillation_part, sentence_around, temperature_difference
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")

SINE_BASE = """FoamFile { version 2.0; format ascii; class volScalarField; object p; }
dimensions [1 -1 -2 0 0 0 0];
internalField uniform 101325;
boundaryField
{
    inlet
    {
        type            uniformFixedValue;
        uniformValue    sine;
        uniformValueCoeffs
        {
            amplitude       constant 1;
            frequency       constant 3000;
            scale           constant 50;
            level           constant 101325;
        }
        value           $internalField;
    }
}
"""


@pytest.mark.parametrize("value", ["constant 101400", "table ((0 101325) (1 101425))", "polynomial ((101325 0) (10 1))",
                                   {"type": "sine", "amplitude": "100", "frequency": "2000", "scale": "1",
                                    "level": "101325"}])
def test_a_value_that_does_not_read_coefficients_drops_them(value):
    path = ["boundaryField", "inlet", "uniformValue"]
    if isinstance(value, str):  # what v1912 aborts on: the value written over the type word, KCoeffs kept
        aborting = SINE_BASE.replace("uniformValue    sine;", f"uniformValue    {value};")
        assert stale_coefficients(aborting) == ["boundaryField/inlet/uniformValueCoeffs"]
    assert stale_coefficients(fd.set_entry(SINE_BASE, path, value)) == []  # every editor goes through set_entry
    text = with_function1(SINE_BASE, path, value)
    assert fd.find(text, ["boundaryField", "inlet", "uniformValueCoeffs"]) is None
    assert stale_coefficients(text) == []
    assert fd.parse_error(text) is None


def test_a_bare_coefficient_type_keeps_its_coefficients():
    text = with_function1(SINE_BASE, ["boundaryField", "inlet", "uniformValue"], "sine")
    assert fd.get(text, ["boundaryField", "inlet", "uniformValueCoeffs", "frequency"]) == "constant 3000"


@pytest.mark.parametrize("given, expected", [
    ({"type": "table", "values": "((0 1) (1 2))"}, "table ((0 1) (1 2))"),
    ({"type": "constant", "value": "5"}, "constant 5"),
    ({"type": "polynomial", "coeffs": "((1 0) (2 1))"}, "polynomial ((1 0) (2 1))"),
    ({"type": "square", "amplitude": "1"}, {"type": "square", "amplitude": "1"}),
    ("constant 3", "constant 3"),
])
def test_inline_types_are_written_inline(given, expected):
    assert normalised(given) == expected


def test_function1_value_forms():
    assert function1_value("table", "((0 1) (1 2))") == "table ((0 1) (1 2))"
    assert function1_value("sine", {"amplitude": "1"}) == {"type": "sine", "amplitude": "1"}
    assert sine_value("2", "5", "(10 0 0)", "(1 0 0)")["level"] == "(10 0 0)"
    with pytest.raises(ValueError, match="inline"):
        function1_value("table", {"values": "x"})
    with pytest.raises(ValueError, match="dictionary of coefficients"):
        function1_value("sine", "1 2")


@pytest.mark.parametrize("text, value, part", [
    ("sinusoidal inlet pressure 100 pa at 2 khz", "100 pa", "amplitude"),
    ("inlet pressure oscillating: amplitude 100 pa at 2 khz", "100 pa", "amplitude"),
    ("the inlet velocity pulsates with a mean of 10 m/s and an amplitude of 2 m/s at 5 hz", "10 m/s", "level"),
    ("the inlet velocity pulsates with a mean of 10 m/s and an amplitude of 2 m/s at 5 hz", "2 m/s", "amplitude"),
    ("inlet 10 m/s pulsing by 2 m/s at 5 hz", "2 m/s", "amplitude"),
    ("inlet 10 m/s pulsing by 2 m/s at 5 hz", "10 m/s", "level"),
    ("inlet velocity 10 m/s. outlet fixed at 0 pa", "10 m/s", None),
    ("temperature at inlet fluctuate with 5 k amplitude, period 2 s", "5 k", "amplitude"),
    ("inlet velocity 10 m/s with turbulent fluctuations, shedding at 20 hz", "10 m/s", None),
    ("inlet velocity 10 m/s, velocity fluctuates at 20 hz", "10 m/s", None),
])
def test_oscillation_part(text, value, part):
    at = text.index(value)
    values_of_kind = sum(text.count(u) for u in (" m/s", " pa", " k ")) if part == "level" else 1
    assert oscillation_part(*sentence_around(text, at), alone=values_of_kind <= 1) == part


@pytest.mark.parametrize("text, kelvin", [("amplitude 5 degC", 5.0), ("amplitude 5 K", 5.0), ("amplitude 9 °F", 5.0)])
def test_temperature_amplitude_is_a_difference(text, kelvin):
    q = read_stated(text)[0]
    assert temperature_difference(q) == pytest.approx(kelvin, abs=1e-5)


# (base tutorial, solver, request, {stated text: (file, entry key path tail, written value)})
PROBES = [
    ("compressible/rhoPimpleFoam/laminar/sineWaveDamping", "rhoPimpleFoam",
     "sinusoidal inlet pressure 100 Pa at 2 kHz",
     {"100 Pa": ("uniformValueCoeffs", "amplitude", "100"), "2 kHz": ("uniformValueCoeffs", "frequency", "2000")}),
    ("compressible/rhoPimpleFoam/laminar/sineWaveDamping", "rhoPimpleFoam",
     "I want the pressure at the inlet to oscillate like a sine wave, its amplitude is 0.5 kPa and the period "
     "of one cycle is 1 ms, around a mean inlet pressure of 1 bar",
     {"0.5 kPa": ("uniformValueCoeffs", "amplitude", "500"), "1 ms": ("uniformValueCoeffs", "frequency", "1000"),
      "1 bar": ("uniformValueCoeffs", "level", "100000")}),
    ("compressible/rhoPimpleFoam/laminar/sineWaveDamping", "rhoPimpleFoam",
     "inlet p: 2 kHz oscillation, amplitude 50 Pa",
     {"50 Pa": ("uniformValueCoeffs", "amplitude", "50"), "2 kHz": ("uniformValueCoeffs", "frequency", "2000")}),
    ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam",
     "water; the inlet total pressure oscillates with an amplitude of 50 Pa and a period of 0.1 s",
     {"50 Pa": ("p0Coeffs", "amplitude", "0.05009016229"), "0.1 s": ("p0Coeffs", "frequency", "10")}),
    ("incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam",
     "inlet velocity pulsating sinusoidally: mean 10 m/s, amplitude 2 m/s, frequency 5 Hz",
     {"10 m/s": ("uniformValueCoeffs", "level", "(10 0 0)"), "2 m/s": ("uniformValueCoeffs", "amplitude", "2"),
      "5 Hz": ("uniformValueCoeffs", "frequency", "5")}),
    ("incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam",
     "the inlet velocity is oscillating with amplitude of 1.5 m/s and the frequency is 20 Hz",
     {"1.5 m/s": ("uniformValueCoeffs", "amplitude", "1.5"), "20 Hz": ("uniformValueCoeffs", "frequency", "20")}),
    ("incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam",
     "inlet flow 8 m/s mean with a sinusoidal pulsation of 2 m/s amplitude at 25 Hz",
     {"8 m/s": ("uniformValueCoeffs", "level", "(8 0 0)"), "2 m/s": ("uniformValueCoeffs", "amplitude", "2"),
      "25 Hz": ("uniformValueCoeffs", "frequency", "25")}),
    ("incompressible/pimpleFoam/RAS/pitzDaily", "pimpleFoam", "pitzDaily: inlet 10 m/s pulsing by 2 m/s at 5 Hz",
     {"10 m/s": ("uniformValueCoeffs", "level", "(10 0 0)"), "2 m/s": ("uniformValueCoeffs", "amplitude", "2")}),
    ("compressible/rhoPimpleFoam/laminar/sineWaveDamping", "rhoPimpleFoam",
     "inlet pressure make oscillation sinus with 200 Pa amplitude, 1 kHz frequency",
     {"200 Pa": ("uniformValueCoeffs", "amplitude", "200"), "1 kHz": ("uniformValueCoeffs", "frequency", "1000")}),
    ("compressible/rhoPimpleFoam/RAS/TJunction", "rhoPimpleFoam",
     "TJunction: inlet total pressure oscillates, amplitude 2 kPa, frequency 50 Hz",
     {"2 kPa": ("p0Coeffs", "amplitude", "2000"), "50 Hz": ("p0Coeffs", "frequency", "50")}),
    ("compressible/rhoPimpleFoam/RAS/angledDuct", "rhoPimpleFoam",
     "inlet temperature oscillating about 300 K mean with an amplitude of 10 degC, period 0.5 s",
     {"300 K": ("uniformValueCoeffs", "level", "300"), "10 degC": ("uniformValueCoeffs", "amplitude", "10"),
      "0.5 s": ("uniformValueCoeffs", "frequency", "2")}),
]


@pytest.mark.parametrize("base, solver, text, expected", PROBES)
def test_oscillating_boundary_values_bind_to_a_sine(base, solver, text, expected):
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / base, solver, text, stated)
    got = {b.stated: (*b.entry[-2:], b.value) for b in binder.bindings if len(b.entry) > 1}
    for said, where in expected.items():
        assert got.get(said) == where, (said, got, binder.not_applied)
    assert not binder.not_applied


def test_a_mean_the_binder_cannot_place_is_never_a_steady_inlet_value():
    text = ("I want the pressure at the inlet to oscillate like a sine wave, its amplitude is 0.5 kPa and the period "
            "of one cycle is 1 ms, the mean pressure stays 1 bar")
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / "compressible/rhoPimpleFoam/laminar/sineWaveDamping", "rhoPimpleFoam", text, stated)
    steady = [b for b in binder.bindings if b.stated == "1 bar" and b.entry[-1] in ("uniformValue", "value")]
    assert not steady


def test_an_inlet_condition_that_cannot_oscillate_is_not_applied_with_its_rate():
    text = "the inlet temperature fluctuates sinusoidally with amplitude 10 degC at 2 Hz"
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / "compressible/rhoPimpleFoam/RAS/TJunction", "rhoPimpleFoam", text, stated)
    reasons = {n.text: n.reason for n in binder.not_applied}
    assert "vary in time" in reasons["10 degC"] and "vary in time" in reasons["2 Hz"]
    assert not [b for b in binder.bindings if b.stated in ("10 degC", "2 Hz")]


def test_a_condition_that_cannot_oscillate_is_not_applied():
    text = "pitzDaily: the outlet pressure oscillates with amplitude 5 Pa at 10 Hz, water"
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / "incompressible/simpleFoam/pitzDaily", "simpleFoam", text, stated)
    reasons = {n.text: n.reason for n in binder.not_applied}
    if "5 Pa" not in reasons:  # the outlet took it: then as a sine, never as a steady level
        assert any(b.entry[-2:] == ["uniformValueCoeffs", "amplitude"] for b in binder.bindings if b.stated == "5 Pa")
    else:
        assert "vary in time" in reasons["5 Pa"]


def test_a_base_sine_scale_does_not_multiply_the_stated_amplitude():
    text = "sinusoidal inlet pressure 100 Pa at 2 kHz"  # sineWaveDamping's sine has scale 50: 100 Pa must stay 100 Pa
    binder = bind_all(TUTORIALS / "compressible/rhoPimpleFoam/laminar/sineWaveDamping", "rhoPimpleFoam", text,
                      read_stated(text))
    written = {tuple(e.entry): e.value for e in binder.edits if e.file == "0/p"}
    assert written[("boundaryField", "inlet", "uniformValueCoeffs", "scale")] == "1"
    assert written[("boundaryField", "inlet", "uniformValueCoeffs", "amplitude")] == "100"
