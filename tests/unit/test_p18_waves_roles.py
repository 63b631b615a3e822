"""Wave-flume words (pure): what a stated length, time, frequency or angle is in a wave case
(the wave's height, amplitude, period, length, direction, ramp time, the still-water depth,
a paddle stroke, or none of them), the wave models a request names, and the unit-less role
numbers (drag coefficients, stem densities, porosity) the quantity reader leaves unread."""

from __future__ import annotations

import pytest

from tasks.plan.bind_waves_words import said_paddle_motion, said_wave_models, said_wave_switch, wave_role
from tasks.plan.stated_roles_coeffs import coefficients, pick_places


def _role(text: str, said: str, quantity: str) -> str | None:
    at = text.index(said)
    return wave_role(quantity, text[:at], text[at + len(said):])


@pytest.mark.parametrize(
    "text,said,quantity,role",
    [
        # heights: terse, verbose, symbol, value-first, non-native word order
        ("Boussinesq wave height 0.04 m, mesh 175 x 7 x 42, endTime 2 s", "0.04 m", "length", "height"),
        ("a solitary wave 0.07 m high on 0.15 m still-water depth", "0.07 m", "length", "height"),
        ("I would like to send a 7 cm wave down the flume", "7 cm", "length", "height"),
        ("H = 0.05 m, T = 2 s", "0.05 m", "length", "height"),
        ("waves of height 8 cm", "8 cm", "length", "height"),
        ("the height of the waves is 0.1 m", "0.1 m", "length", "height"),
        ("use a 0.06 m wave height", "0.06 m", "length", "height"),
        ("waves at 30 degrees, 6 cm high, T = 1.5 s", "6 cm", "length", "height"),
        ("Wave Height 4 cm", "4 cm", "length", "height"),
        # amplitude (H/2), wavelength
        ("wave amplitude 3 cm", "3 cm", "length", "amplitude"),
        ("an amplitude of 25 mm", "25 mm", "length", "amplitude"),
        ("wavelength 6 m", "6 m", "length", "length"),
        ("a 2 m wave length", "2 m", "length", "length"),
        ("L = 4.5 m", "4.5 m", "length", "length"),
        # still-water depth: words, symbol, value first
        ("0.15 m still-water depth", "0.15 m", "length", "depth"),
        ("15 cm of still water", "15 cm", "length", "depth"),
        ("water depth 0.4 m", "0.4 m", "length", "depth"),
        ("h = 0.4 m", "0.4 m", "length", "depth"),
        ("still water level at 250 mm", "250 mm", "length", "depth"),
        ("the water is 0.3 m deep", "0.3 m", "length", "depth"),
        # periods, ramp, stroke, angle
        ("wave period 1.5 s", "1.5 s", "time", "period"),
        ("make the waves 1.5 s period", "1.5 s", "time", "period"),
        ("T = 2 s", "2 s", "time", "period"),
        ("1500 ms period", "1500 ms", "time", "period"),
        ("ramp time 3 s", "3 s", "time", "ramp"),
        ("at 0.5 Hz", "0.5 Hz", "frequency", "frequency"),
        ("paddle stroke 0.1 m", "0.1 m", "length", "stroke"),
        ("wave angle 10 degrees", "10 degrees", "angle", "angle"),
        ("waves arriving at 15 deg", "15 deg", "angle", "angle"),
        # none of them: a run time, a domain size, a time symbol t
        ("run 20 s instead", "20 s", "time", None),
        ("endTime 2 s", "2 s", "time", None),
        ("a flume 30 m long", "30 m", "length", None),
        ("a flume, 0.8 m high", "0.8 m", "length", None),
        ("t = 0.5 s", "0.5 s", "time", None),
        ("flume depth 1 m", "1 m", "length", None),
        ("waves in a flume 0.8 m high", "0.8 m", "length", None),
        ("a domain of 30 m length and 0.8 m height", "0.8 m", "length", None),  # the domain's depth (its mesh), not the water's
        ("the tank is 1 m deep", "1 m", "length", None),
        ("a flume with a water depth of 0.4 m", "0.4 m", "length", "depth"),
        ("mesh 175 x 7 x 42, 0.01 m cells", "0.01 m", "length", None),
    ],
)
def test_the_words_around_a_value_give_its_wave_role(text, said, quantity, role):
    assert _role(text, said, quantity) == role


@pytest.mark.parametrize(
    "text,models",
    [
        ("use StokesII waves", ["StokesII"]),
        ("switch to Stokes 5th order", ["StokesV"]),
        ("second-order Stokes waves please", ["StokesII"]),
        ("a Grimshaw solitary wave", ["Grimshaw"]),
        ("McCowan solitary wave", ["McCowan"]),
        ("the stokesI flume but with cnoidal waves", ["StokesI", "cnoidal"]),
        ("stream function waves", ["streamFunction"]),
        ("a JONSWAP spectrum", ["irregular"]),
        ("Stokes II", ["StokesII"]),
        ("a wave height of 5 cm", []),
    ],
)
def test_wave_models_named(text, models):
    assert [name for name, _ in said_wave_models(text)] == models


@pytest.mark.parametrize(
    "text,motion",
    [("switch to a flap paddle", "flap"), ("piston-type wavemaker", "piston"), ("the paddle of the piston type", "piston"),
     ("waves 5 cm high", None)],
)
def test_paddle_motion_named(text, motion):
    said = said_paddle_motion(text)
    assert (said[0] if said else None) == motion
    assert said_wave_switch(text) == (motion is not None)


@pytest.mark.parametrize(
    "text,found",
    [
        ("mangrove stems N = 800 per m^2, drag coefficient Cd 1.2, porosity 0.4",
         [("N", 800.0), ("Cd", 1.2), ("porosity", 0.4)]),
        ("a stem density of 800 stems per square metre", [("N", 800.0)]),
        ("0.08 stems per cm^2, Cd = 1.2 for both the momentum source and the turbulence model",
         [("N", 800.0), ("Cd", 1.2)]),
        ("800 stems/m2 with Cd=1.2 and Cm 1", [("N", 800.0), ("Cd", 1.2), ("Cm", 1.0)]),
        ("Ckp 1.0 and Cep 3.5, 1000 plants per square metre", [("Ckp", 1.0), ("Cep", 3.5), ("N", 1000.0)]),
        ("drag coefficient of 1.2 and inertia coefficient 2", [("Cd", 1.2), ("Cm", 2.0)]),
        ("C_d = 0.9", [("Cd", 0.9)]),
        ("the stem drag coefficient is taken as 1.2 for both", [("Cd", 1.2)]),
        ("density 1000 kg/m3 and an area of 5 m2", []),
        ("Cdrag 3", []),
        ("Angled duct with a porous block, implicit porosity: 180 m^3/h inflow", []),
        ("porosity 40", []),
        ("Cd: 5 m/s", []),
        ("Darcy D 5000 1/m2, U_in 2 m/s", []),  # a Darcy coefficient's unit, no count per area
        ("Darcy resistance coefficient 5000 1/m^2 in all directions", []),
    ],
)
def test_role_numbers_without_a_unit_are_read(text, found):
    assert [(c.names[0], round(c.value, 9)) for c in coefficients(text)] == found


_TWO = [("system/fvOptions", ["Mangroves", "c", "Cd"]), ("system/fvOptions", ["TurbulenciaMangroves", "c", "Cd"])]


@pytest.mark.parametrize(
    "values,words,picked",
    [
        (["1.52", "1.52"], "Cd 1.2", [0, 1]),  # the same parameter in both: both
        (["1.52", "2"], "Cd 1.2", None),  # different and not named: not applied
        (["1.52", "2"], "Cd = 1.2 for both the momentum source and the turbulence model", [0, 1]),
        (["1.52", "2"], "Cd 1.2 in the turbulence model", [1]),
        (["1.52", "2"], "Cd 1.2 for the momentum source", [0]),
    ],
)
def test_an_entry_in_several_dictionaries_goes_where_the_words_say(values, words, picked):
    got = pick_places(_TWO, values, words)
    assert (None if got is None else [_TWO.index(p) for p in got]) == picked
