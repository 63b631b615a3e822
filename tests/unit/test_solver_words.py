"""A request that calls a method by one of its names is planned on a tutorial of that solver,
even when it also names a flow whose usual solver is another one."""

from __future__ import annotations

import pytest

from tasks.core.config import get_settings
from tasks.plan.select import rank, request_features, tutorial_records


@pytest.mark.parametrize(("text", "solver"), [
    ("optimise the shape of the pitzDaily duct with the adjoint method to cut the pressure loss", "adjointShapeOptimizationFoam"),
    ("injector sprays n-heptane into a closed hot vessel", "sprayFoam"),
    ("oil, water and air as three immiscible fluids in a tank that breaks", "multiphaseInterFoam"),
    ("irrotational flow solution over the backward step, to initialise a later run", "potentialFoam"),
])
def test_the_method_named_wins(text, solver):
    settings = get_settings()
    if not settings.tutorials_dir.is_dir():
        pytest.skip("openfoam-examples not installed")
    best = rank(request_features(text, None, None), tutorial_records(settings.tutorials_dir), limit=1)[0]
    assert best.record.solver == solver, best.why
