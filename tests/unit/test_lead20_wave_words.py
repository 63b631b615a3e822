"""Wave words: a value's generating side is read from its own sentence (a side named for the
absorber in the sentence before is not the value's), and "linear Stokes waves" name StokesI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_waves_words import said_wave_models
from tasks.plan.stated import read_stated

WAVES = Path("/usr/share/doc/openfoam-examples/examples/multiphase/interFoam/laminar/waves")
needs_tutorials = pytest.mark.skipif(not WAVES.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("text,model", [
    ("linear Stokes waves, 3 cm high", "StokesI"),
    ("a train of linear Stokes waves with T = 1.8 s", "StokesI"),
    ("first-order Stokes waves", "StokesI"),
    ("Airy waves of 2 s period", "StokesI"),
    ("linear waves", "StokesI"),
    ("second order Stokes waves", "StokesII"),
])
def test_linear_stokes_names_first_order(text, model):
    assert [name for name, _ in said_wave_models(text)] == [model]


@needs_tutorials
@pytest.mark.parametrize("text", [
    "Waves are made at the inlet and absorbed at the outlet. The wave height is 0.03 m and the period 1.6 s.",
    "A flume whose outlet absorbs the waves; wave height 3 cm, period 1.6 s, run 1 s.",
    "The outlet must absorb everything! Wave height shall be 30 mm, wave period 1.6 s.",
])
def test_a_height_takes_the_generator_when_the_absorber_is_named_in_another_sentence(text):
    binder = bind_all(WAVES / "stokesI", "interFoam", text, read_stated(text))
    heights = [e for e in binder.edits if e.file == "constant/waveProperties" and e.entry[-1] == "waveHeight"]
    assert [e.entry[0] for e in heights] == ["inlet"]
    assert float(heights[0].value) == pytest.approx(0.03)
    assert not [n for n in binder.not_applied if "absorbs" in n.reason]


@needs_tutorials
def test_a_height_said_of_the_absorbing_side_in_its_own_sentence_is_still_refused():
    text = "stokesI flume: wave height at the outlet 0.03 m"
    binder = bind_all(WAVES / "stokesI", "interFoam", text, read_stated(text))
    assert [n for n in binder.not_applied if "only absorbs" in n.reason]
