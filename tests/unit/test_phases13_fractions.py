"""Fractions of a phase where it enters, and a phase named as the key of its value (session 13)."""

from __future__ import annotations

from pathlib import Path

import re

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_parts_inlet_fractions import inlet_fractions
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("text,phases,want", [
    ("bubble column, inlet gas fraction: 25 %", ["air", "water"], [("air", 0.25)]),
    ("the sludge comes in at a volume fraction of 0.002", ["sludge"], [("sludge", 0.002)]),
    ("0.3 is the air volume fraction at the inlet", ["air", "water"], [("air", 0.3)]),
    ("gas hold-up at the sparger: 35 percent", ["gas", "liquid"], [("gas", 0.35)]),
    ("solids are fed with a loading of 5 % by volume", ["particles", "air"], [("particles", 0.05)]),
    ("initial air fraction 0.3 everywhere", ["air", "water"], []),  # not where it enters
    ("inlet velocity 0.1 m/s, 20 % turbulence", ["air", "water"], []),  # no fraction of a phase
    ("air enters at 0.1 m/s", ["air", "water"], []),
])
def test_the_fraction_of_an_entering_phase(text: str, phases: list[str], want: list[tuple[str, float]]) -> None:
    assert [(f.phase, f.value) for f in inlet_fractions(text, phases)] == want


def _edits(tutorial: str, solver: str, text: str) -> dict[tuple[str, str], object]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return {(e.file, "/".join(e.entry)): e.value for e in binder.edits}


@needs_tutorials
@pytest.mark.parametrize("tutorial,solver,text,field,other", [
    ("multiphase/multiphaseEulerFoam/bubbleColumn", "multiphaseEulerFoam", "bubble column, inlet gas fraction: 25 %",
     "0/alpha.air.orig", "0/alpha.water.orig"),
    ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam",
     "what if the gas hold-up at the inlet is 25 percent?", "0/alpha.air.orig", None),
])
def test_an_inlet_fraction_goes_to_the_inlet_not_to_the_fill(tutorial: str, solver: str, text: str, field: str,
                                                              other: str | None) -> None:
    edits = _edits(tutorial, solver, text)
    assert edits[(field, "boundaryField/inlet/value")] == "uniform 0.25"
    if other:
        assert edits[(other, "boundaryField/inlet/value")] == "uniform 0.75"
    assert not any(f == "system/setFieldsDict" for f, _ in edits)


@needs_tutorials
@pytest.mark.parametrize("text", [
    "dam break with four phases oil 880 kg/m3 mercury 13500 kg/m3",
    "4 phases: oil: 880 kg/m3, mercury: 13500 kg/m3",
    "two fluids we care about, oil = 880 kg/m3 and mercury = 13500 kg/m3",
])
def test_a_phase_named_before_its_value_after_a_count(text: str) -> None:
    edits = _edits("multiphase/multiphaseInterFoam/laminar/damBreak4phase", "multiphaseInterFoam", text)
    phases = str(edits[("constant/transportProperties", "phases")])
    assert re.search(r"oil\s*\{[^}]*rho\s+880\s*;", phases)
    assert re.search(r"mercury\s*\{[^}]*rho\s+13500\s*;", phases)
    assert re.search(r"water\s*\{[^}]*rho\s+1000\s*;", phases)
