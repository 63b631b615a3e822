"""Regular waves asked of a flume whose generator makes a solitary wave: the periodic model
that suits the stated height, period and depth (linear dispersion, Ursell number, steepness),
said as an assumption; no period, no switch (refused with what to state)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated
from tasks.plan.wave_theory import periodic_model, wavelength

WAVES = Path("/usr/share/doc/openfoam-examples/examples/multiphase/interFoam/laminar/waves")
needs_tutorials = pytest.mark.skipif(not WAVES.is_dir(), reason="OpenFOAM tutorials not installed")


def test_wavelength_solves_the_dispersion_relation():
    for period, depth in [(2.0, 0.5), (3.0, 0.4), (8.0, 10.0), (1.0, 5.0)]:
        length = wavelength(period, depth)
        k, omega = 2 * math.pi / length, 2 * math.pi / period
        assert omega ** 2 == pytest.approx(9.81 * k * math.tanh(k * depth), rel=1e-6)
    assert wavelength(2.0, None) == pytest.approx(9.81 * 4 / (2 * math.pi))


@pytest.mark.parametrize("height,period,depth,model", [
    (0.1, 4.0, 0.4, "cnoidal"),  # long waves in shallow water (the cnoidal tutorial's own)
    (0.01, 2.0, 1.0, "StokesI"),  # a very gentle wave
    (0.05, 1.0, 0.6, "StokesII"),
    (0.3, 1.2, 2.0, "StokesV"),  # a steep deep-water wave
    (0.1, 2.0, None, "StokesII"),  # depth unknown: deep water
])
def test_the_theory_follows_depth_and_steepness(height, period, depth, model):
    assert periodic_model(height, period, depth)[0] == model


def _wave_edits(case: str, text: str):
    binder = bind_all(WAVES / case, "interFoam", text, read_stated(text))
    got = {e.entry[-1]: e.value for e in binder.edits if e.file == "constant/waveProperties" and isinstance(e.value, str)}
    return binder, got


@needs_tutorials
@pytest.mark.parametrize("case,text,model", [
    ("mangroveInteraction", "mangroveInteraction with regular waves, 10 cm high, period 2 s, run 5 s", "StokesII"),
    ("mangroveInteraction", "Please set up the mangrove wave flume but with a periodic wave train: T = 2 s, "
                            "H = 0.1 m, simulate 5 seconds.", "StokesII"),
    ("solitary", "solitary flume with monochromatic waves of 4 s period, wave height 0.1 m, water depth 0.4 m",
     "cnoidal"),
])
def test_regular_waves_switch_a_solitary_generator(case, text, model):
    binder, got = _wave_edits(case, text)
    assert got.get("waveModel") == model
    assert "wavePeriod" in got and "rampTime" in got  # v1912 stops without a ramp for periodic waves
    assert any("regular waves in place of the base's solitary wave" in a for a in binder.assumptions)
    assert not [n for n in binder.not_applied if "period" in n.reason]


@needs_tutorials
def test_regular_waves_without_a_period_are_refused_not_guessed():
    binder, got = _wave_edits("mangroveInteraction", "mangroveInteraction with regular waves, 4 cm high, run 10 s")
    assert "waveModel" not in got
    assert [n.text for n in binder.not_applied] == ["regular waves"]
    assert "need a period" in binder.not_applied[0].reason


@needs_tutorials
def test_a_named_model_is_not_overruled():
    _, got = _wave_edits("mangroveInteraction", "mangrove flume with StokesI waves, T = 2 s, wave height 0.1 m")
    assert got.get("waveModel") == "StokesI"


@pytest.mark.parametrize("text,waves", [
    ("a numerical wave tank: a solitary wave (boussinesq model) of 3 cm over 30 cm still water", True),
    ("boussinesq solitary wave, h 0.1 m, water depth 0.5 m", True),
    ("hot room natural convection with the boussinesq approximation, heater at 320 k", False),
    ("boussinesq waves in a flume with the water at 20 degc", False),  # heat said: the approximation may be meant
    ("rayleigh-benard cell, boussinesq, 2 k temperature difference", False),
])
def test_boussinesq_names_the_wave_theory_only_among_water_waves(text, waves):
    from tasks.plan.select_flag_words import boussinesq_waves
    assert boussinesq_waves(text) is waves


@pytest.mark.parametrize("text,said,quantity,role", [
    ("solitary wave, H 0.1 m, depth 0.5 m", "0.1 m", "length", "height"),
    ("stokesII flume: H 6 cm, T 2 s, h 0.4 m", "2 s", "time", "period"),
    ("stokesII flume: H 6 cm, T 2 s, h 0.4 m", "0.4 m", "length", "depth"),
    ("a flume with a pile, d 0.3 m", "0.3 m", "length", None),  # a bare d is a diameter as often as a depth
])
def test_wave_symbols_without_an_equals_sign(text, said, quantity, role):
    from tasks.plan.bind_waves_words import wave_role
    at = text.index(said)
    assert wave_role(quantity, text[:at], text[at + len(said):]) == role
