"""A model the planned solver cannot load is replaced in the plan itself (tasks/edit/generate.plan_request),
with the reason as the first warning, so the report names the model that runs."""
from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.edit.generate import plan_request, route_request
from tasks.plan.manifest import CaseRequest

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
pytestmark = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="openfoam-examples not installed")


@pytest.mark.parametrize("text, solver, model", [
    ("driftFluxFoam dahl settling tank with the k-omega SST model", "driftFluxFoam", "kEpsilon"),
    ("the dahl sludge settling case (driftFluxFoam), turbulence by realizable k-epsilon", "driftFluxFoam", "kEpsilon"),
    ("pitzDaily with simpleFoam and kOmegaSST, inlet 10 m/s", "simpleFoam", "kOmegaSST"),
])
def test_the_planned_model_is_one_the_solver_loads(tmp_path, text, solver, model):
    request = CaseRequest(text=text, out_dir=tmp_path / "case", run=False)
    manifest = plan_request(request, get_settings(), route_request(text))
    assert manifest.solver == solver and manifest.turbulence.model == model
    fell_back = manifest.warnings and "cannot load" in manifest.warnings[0]
    assert bool(fell_back) == (solver == "driftFluxFoam")
