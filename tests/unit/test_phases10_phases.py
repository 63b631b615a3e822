"""Session 10, phases: a dispersed phase's size in its block of a `phases ( name { ...
constantCoeffs { d ...; } } )` list (multiphaseEulerFoam), the phase named by the words (before
or after the value, any unit) or, for bubbles, the one gas phase."""

from __future__ import annotations

import re

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_parts import phase_blocks
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

MULTI = TUTORIALS / "multiphase"
needs_tutorials = pytest.mark.skipif(not MULTI.is_dir(), reason="OpenFOAM tutorials not installed")


def _diameters(binder) -> dict[str, float]:
    raw = next((str(e.value) for e in reversed(binder.edits)
                if e.file == "constant/transportProperties" and e.entry == ["phases"]), "")
    out = {}
    for name, body in phase_blocks(raw).items():
        m = re.search(r"constantCoeffs\s*\{\s*d\s+([-+\d.eE]+)\s*;", body)
        if m:
            out[name] = float(m.group(1))
    return out


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,text,expect",
    [
        ("multiphaseEulerFoam/damBreak4phase", "multiphaseEulerFoam four-phase dam break, mercury droplets "
         "0.8 mm in diameter", {"mercury": 0.0008}),
        ("multiphaseEulerFoam/mixerVessel2D", "the oil droplets are 0.5 mm across and the bubbles 4 mm in "
         "diameter", {"oil": 0.0005, "air": 0.004}),
        ("multiphaseEulerFoam/damBreak4phase", "Euler-Euler dam break; bubble diameter: 5 mm", {"air": 0.005}),
        ("multiphaseEulerFoam/mixerVessel2D", "stirred vessel, 2.5 mm (diameter) air bubbles", {"air": 0.0025}),
    ],
)
def test_phase_diameter_in_phase_list(tutorial, text, expect):
    binder = bind_all(MULTI / tutorial, "multiphaseEulerFoam", text, read_stated(text))
    got = _diameters(binder)
    for phase, d in expect.items():
        assert got.get(phase) == pytest.approx(d), (phase, got)
    assert not binder.not_applied


@needs_tutorials
def test_phase_diameter_leaves_other_phases():
    text = "four-phase mixer, 2 mm air bubbles"
    binder = bind_all(MULTI / "multiphaseEulerFoam/mixerVessel2D", "multiphaseEulerFoam", text, read_stated(text))
    got = _diameters(binder)
    assert got["air"] == pytest.approx(0.002) and got["oil"] == pytest.approx(1e-3)
