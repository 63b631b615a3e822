"""A dynamic viscosity said of one phase of a `phases ( ... )` list: that phase's nu = mu / rho."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_parts_viscosity import kinematic
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def test_kinematic_needs_a_positive_density() -> None:
    assert kinematic(0.09, 900) == pytest.approx(1e-4)
    with pytest.raises(ValueError, match="positive"):
        kinematic(1e-3, 0)


def _phase_nu(edits: dict[tuple[str, str], object], phase: str) -> float | None:
    raw = str(edits.get(("constant/transportProperties", "phases"), ""))
    m = re.search(rf"{phase}\s*\{{[^}}]*?nu\s+([-+\d.eE]+)\s*;", raw)
    return float(m.group(1)) if m else None


@needs_tutorials
@pytest.mark.parametrize("tutorial,solver,text,phase,nu", [
    # the density stated for that phase
    ("multiphase/multiphaseInterFoam/laminar/damBreak4phase", "multiphaseInterFoam",
     "four-phase dam break: oil of 900 kg/m3 with a dynamic viscosity of 0.09 Pa s", "oil", 1e-4),
    # the phase's own density in the base (mercury 13529 kg/m3)
    ("multiphase/multiphaseInterFoam/laminar/damBreak4phase", "multiphaseInterFoam",
     "dam break of four fluids; the mercury has a viscosity of 1.5 cP", "mercury", 1.5e-3 / 13529),
    # value before its phase, another Euler base
    ("multiphase/multiphaseEulerFoam/damBreak4phase", "multiphaseEulerFoam",
     "multiphaseEulerFoam dam break, 50 mPa s for the oil", "oil", 0.05 / 500),
])
def test_a_phases_dynamic_viscosity_is_its_nu(tutorial: str, solver: str, text: str, phase: str, nu: float) -> None:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    edits = {(e.file, "/".join(e.entry)): e.value for e in binder.edits}
    assert _phase_nu(edits, phase) == pytest.approx(nu, rel=1e-3)
    assert _phase_nu(edits, "water") in (None, 1e-6)
