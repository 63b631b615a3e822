"""A fixed-step transient case whose speed the plan raised gets a deltaT that keeps Co at the
target; a case already below Co 1, a steady case or an adjustable time step are left alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.checks import courant_estimate
from tasks.edit.timestep import fit_time_step
from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
CAVITY = TUTORIALS / "incompressible/icoFoam/cavity/cavity"
RHO_CAVITY = TUTORIALS / "compressible/rhoPimpleFoam/RAS/cavity"

pytestmark = pytest.mark.skipif(not CAVITY.is_dir(), reason="openfoam-examples not installed")


def _copy(src: Path, tmp_path: Path, lid: float) -> Path:
    case = tmp_path / src.name
    shutil.copytree(src, case)
    u = case / "0/U"
    u.write_text(fd.set_entry(u.read_text(), ["boundaryField", "movingWall", "value"], f"uniform ({lid:g} 0 0)"))
    return case


def _control(case: Path, key: str) -> str:
    return fd.get((case / "system/controlDict").read_text(), [key])


def test_a_faster_lid_gets_a_smaller_step_and_the_same_output_times(tmp_path):
    case = _copy(CAVITY, tmp_path, 12.0)  # the tutorial: 1 m/s, deltaT 0.005, 20 x 20 on 0.1 m
    assert courant_estimate(case, "icoFoam")[0] > 1
    note = fit_time_step(case, "icoFoam")
    assert note and "deltaT 0.005 ->" in note
    co, _, _ = courant_estimate(case, "icoFoam")
    assert co <= defaults().target_courant + 1e-9
    dt = float(_control(case, "deltaT"))
    # writeControl timeStep: the interval in steps grows so fields are still written every 0.1 s
    assert int(_control(case, "writeInterval")) * dt == pytest.approx(20 * 0.005)


def test_runtime_write_control_keeps_its_interval(tmp_path):
    case = _copy(RHO_CAVITY, tmp_path, 15.0)
    before = _control(case, "writeInterval")
    assert fit_time_step(case, "rhoPimpleFoam")
    assert _control(case, "writeInterval") == before
    assert float(_control(case, "deltaT")) < 0.01


def test_a_stable_case_is_left_alone(tmp_path):
    case = _copy(CAVITY, tmp_path, 1.0)
    text = (case / "system/controlDict").read_text()
    assert fit_time_step(case, "icoFoam") is None
    assert (case / "system/controlDict").read_text() == text


def test_steady_and_adjustable_cases_are_not_estimated(tmp_path):
    case = _copy(CAVITY, tmp_path, 30.0)
    assert courant_estimate(case, "simpleFoam") is None
    control = case / "system/controlDict"
    control.write_text(fd.set_entry(control.read_text(), ["adjustTimeStep"], "yes"))
    assert fit_time_step(case, "icoFoam") is None


@pytest.mark.parametrize("ddt, fitted", [("steadyState", False), ("localEuler", False), ("Euler", True),
                                         ("backward", True), ("CrankNicolson 0.9", True)])
def test_only_a_global_physical_step_is_fitted(tmp_path, ddt, fitted):
    """Local time stepping (localEuler, the LTS tutorials) sizes each cell's step from maxCo, and
    steadyState counts iterations: neither deltaT (nor a step-counted writeInterval) is rescaled."""
    case = _copy(CAVITY, tmp_path, 30.0)
    schemes = case / "system/fvSchemes"
    schemes.write_text(fd.set_entry(schemes.read_text(), ["ddtSchemes", "default"], ddt))
    before = (_control(case, "deltaT"), _control(case, "writeInterval"))
    assert (fit_time_step(case, "icoFoam") is not None) == fitted
    assert ((_control(case, "deltaT"), _control(case, "writeInterval")) != before) == fitted
