"""The oscillation a base imposes takes the stated frequency (or period) and amplitude."""

import math
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
pytestmark = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")


def _edits(tutorial: str, solver: str, text: str) -> dict[str, str]:
    binder = bind_all(EXAMPLES / tutorial, solver, text, read_stated(text))
    assert not binder.not_applied, binder.not_applied
    return {e.entry[-1]: e.value for e in binder.edits if e.entry and e.entry[-1] in ("omega", "frequency", "amplitude")}


@pytest.mark.parametrize(("tutorial", "solver", "text", "want"), [
    ("multiphase/potentialFreeSurfaceDyMFoam/oscillatingBox", "potentialFreeSurfaceDyMFoam",
     "the box heaves at 2 Hz with an amplitude of 3 cm", {"omega": 4 * math.pi, "amplitude": (0, -0.03, 0)}),
    ("multiphase/interFoam/laminar/sloshingCylinder", "interFoam",
     "the cylinder is shaken with a period of 0.5 s and a stroke of 5 cm", {"omega": 4 * math.pi, "amplitude": (0.05, 0, 0)}),
    ("multiphase/potentialFreeSurfaceFoam/oscillatingBox", "potentialFreeSurfaceFoam",
     "box oscillating at 0.5 Hz with an amplitude of 2 cm", {"frequency": 0.5, "amplitude": 2 * math.pi * 0.5 * 0.02}),
])
def test_oscillation(tutorial: str, solver: str, text: str, want: dict) -> None:
    got = _edits(tutorial, solver, text)
    for key, value in want.items():
        numbers = [float(x) for x in got[key].strip("() ").split()]
        assert numbers == pytest.approx(list(value) if isinstance(value, tuple) else [value], rel=1e-6, abs=1e-12)


def test_a_rotation_is_no_oscillation() -> None:
    text = "the cylinder is shaken at 3 Hz"
    binder = bind_all(EXAMPLES / "multiphase/interFoam/laminar/sloshingCylinder", "interFoam", text, read_stated(text))
    assert [e.entry[0] for e in binder.edits if e.entry[-1] == "omega"] == ["oscillation"]  # rotation keeps its omega


def test_no_motion_refuses() -> None:
    text = "cavity, lid at 1 m/s, forcing at 2 Hz"
    binder = bind_all(EXAMPLES / "incompressible/icoFoam/cavity/cavity", "icoFoam", text, read_stated(text))
    assert any("frequency" in n.reason for n in binder.not_applied)


@pytest.mark.parametrize(("text", "period", "end"), [
    ("the inlet section swings up and down; one full swing takes 4 seconds; simulate 3 s", 4.0, 3.0),
    ("each cycle lasts 2 s, run for 10 s", 2.0, 10.0),
    ("the tank rocks, 1.5 s per oscillation, end time 6 s", 1.5, 6.0),
])
def test_the_time_of_one_oscillation_is_a_period(text: str, period: float, end: float) -> None:
    roles = {q.role: q.value for q in read_stated(text)}
    assert roles.get("period") == period and roles.get("end_time") == end


@pytest.mark.parametrize(("text", "tutorial"), [
    ("a propeller rotating at 600 rpm in a 3 m/s water stream, transient", "incompressible/pimpleFoam/RAS/propeller"),
])
def test_a_closed_family_recipe_stands_aside_for_an_inflow(text: str, tutorial: str, tmp_path: Path) -> None:
    from tasks.core.config import get_settings
    from tasks.edit.generate import plan_request, route_request
    from tasks.plan.manifest import CaseRequest

    req = CaseRequest(text=text, out_dir=tmp_path / "case", run=False)
    m = plan_request(req, get_settings(), route_request(text))
    assert m.base_tutorial == tutorial
    assert not m.not_applied
