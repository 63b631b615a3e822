"""A body's swing written with a plus-or-minus sign ("swings +/- 30 cm", "moving ± 0.2 m",
"plus or minus 5 cm") is the oscillation's amplitude, never a size of the domain."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

ACMI = Path("/usr/share/doc/openfoam-examples/examples/incompressible/pimpleFoam/RAS/oscillatingInletACMI2D")
needs_tutorials = pytest.mark.skipif(not ACMI.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("text", [
    "the inlet channel swings +/- 30 cm in y at 1 Hz",
    "Inlet of the case moving ± 0.3 m with a period of 1 s",
    "the inlet section oscillates plus or minus 300 mm once per second",
])
def test_a_plus_minus_length_is_the_amplitude(text):
    stated = read_stated(text)
    assert [q.role for q in stated if q.quantity == "length"] == ["motion_amplitude"]


@needs_tutorials
@pytest.mark.parametrize("text", [
    "oscillatingInletACMI2D, the inlet channel swings +/- 30 cm in y at 1 Hz",
    "oscillatingInletACMI2D with the inlet moving ± 0.3 m with a period of 1 s",
])
def test_the_motion_takes_amplitude_and_rate(text):
    binder = bind_all(ACMI, "pimpleFoam", text, read_stated(text))
    got = {e.entry[-1]: e.value for e in binder.edits if e.file == "constant/dynamicMeshDict"}
    assert got["amplitude"] == "(0 0.3 0)"
    assert float(got["omega"]) == pytest.approx(6.283185307)
    assert not binder.not_applied
