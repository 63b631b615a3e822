"""A change request to a moving-mesh case: the motion's new rate or amplitude lands in the
motion the case imposes, whatever the words ("one cycle every 4 s" is a period, not a write
interval; "4 pi rad/s" is 12.57 rad/s), and is read back as the stated value."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from tasks.edit.modify import plan_changes, read_state

EX = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not EX.is_dir(), reason="OpenFOAM tutorials not installed")
AMI = "incompressible/pimpleFoam/RAS/oscillatingInletPeriodicAMI2D"
MIXER = "incompressible/pimpleFoam/laminar/mixerVesselAMI2D"


def _edits(tmp_path: Path, tutorial: str, text: str) -> dict[str, str]:
    case = tmp_path / "case"
    shutil.copytree(EX / tutorial, case)
    plan = plan_changes(read_state(case), text)
    return {e.entry[-1]: e.value for e in plan.edits if isinstance(e.value, str)}


@needs_tutorials
@pytest.mark.parametrize("text, omega, amplitude", [
    ("Slow the inlet motion to one cycle every 4 s.", math.pi / 2, None),
    ("Make the inlet oscillate at 2 Hz instead.", 4 * math.pi, None),
    ("omega 4 pi rad/s, +/- 0.1 m", 4 * math.pi, "(0 0.1 0)"),
])
def test_an_oscillation_changes(tmp_path, text, omega, amplitude):
    got = _edits(tmp_path, AMI, text)
    assert float(got["omega"]) == pytest.approx(omega, rel=1e-6)
    assert got.get("amplitude") == amplitude
    assert "writeInterval" not in got


@needs_tutorials
@pytest.mark.parametrize("text, omega", [
    ("spin the rotor at 2 pi rad/s", 2 * math.pi),
    ("Could the impeller turn at 120 rpm instead?", 4 * math.pi),
    ("rotor: omega = pi rad/s", math.pi),
])
def test_a_rotation_changes(tmp_path, text, omega):
    got = _edits(tmp_path, MIXER, text)
    assert abs(float(got["omega"])) == pytest.approx(omega, rel=1e-6)
