"""Model field values are written with their full value (a stated epsilon 14.855 is not 14.86)."""

from __future__ import annotations

import pytest

from tasks.edit.caseops_fields import turbulence_values
from tasks.foam.physics import fmt, unrounded


@pytest.mark.parametrize("x, text", [
    (14.855, "14.855"), (0.0012345, "0.0012345"), (313.15, "313.15"), (2.0, "2"), (1e-05, "1e-05"),
    (123456.5, "123456.5"), (0.37500000001, "0.37500000001"[:12]),
])
def test_unrounded_keeps_the_value(x, text) -> None:
    assert float(unrounded(x)) == pytest.approx(x, rel=1e-9)
    assert unrounded(x) == text or float(unrounded(x)) == float(text)


@pytest.mark.parametrize("k, epsilon, omega", [(0.375, 14.855, 440.1481), (1.23456e-3, 2.71828e-4, 2.44663), (3.75, 0.0123456, 987.654)])
def test_turbulence_values_are_unrounded(k, epsilon, omega) -> None:
    values = turbulence_values(k, epsilon, omega, 3e-5)
    assert float(values["epsilon"]) == epsilon and float(values["omega"]) == omega and float(values["k"]) == k
    assert values["epsilon"] != fmt(epsilon) or fmt(epsilon) == unrounded(epsilon)


import shutil
from pathlib import Path

from tasks.edit.modify import apply_changes, plan_changes, read_state
from tasks.foam import dictionary as fd
from tasks.foam.files import decompress_tree

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="openfoam-examples not installed")
@pytest.mark.parametrize("rel, request_text, field, value", [
    ("incompressible/pisoFoam/RAS/cavity", "switch to k-epsilon, epsilon 14.855 m2/s3", "epsilon", 14.855),
    ("incompressible/simpleFoam/pitzDaily", "use kOmegaSST with omega = 123.4567 1/s at the inlet", "omega", 123.4567),
    ("incompressible/pimpleFoam/RAS/TJunction", "k-omega SST please; inlet k 0.0012345 m2/s2", "k", 0.0012345),
])
def test_a_stated_model_value_is_written_unrounded(rel, request_text, field, value, tmp_path) -> None:
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / rel, case)
    decompress_tree(case)
    state = read_state(case)
    plan = plan_changes(state, request_text)
    apply_changes(state, plan)
    text = (case / f"0/{field}").read_text()
    written = [fd.get(text, ["internalField"])] + [fd.get(text, ["boundaryField", p, "value"]) for p in fd.keys(text, ["boundaryField"])]
    assert any(w and w.split()[-1] == unrounded(value) for w in written), written


from tasks.edit.modify_words import all_scaled, scaled_from_reference


@pytest.mark.parametrize("text, kind, factor", [
    ("bump the outlet pressure to three times its present value", "pressure", 3.0),
    ("viscosity 20 percent above what it is now", "viscosity", 1.2),
    ("Temperature of the hot wall -- 5% below the current one", "temperature", 0.95),
    ("we want the flow rate at 2.5 x what it is", "flow_rate", 2.5),
    ("lid speed = half the current", "velocity", 0.5),
])
def test_a_factor_said_against_the_present_value(text, kind, factor) -> None:
    got = scaled_from_reference(text)
    assert [(k, round(f, 9)) for k, _, f in got] == [(kind, factor)]


@pytest.mark.parametrize("text", ["set the inlet velocity to twice the current value", "inlet speed x2 of what it is now"])
def test_a_reference_factor_read_twice_is_applied_once(text) -> None:
    assert len([s for s in all_scaled(text) if s[0] == "velocity"]) == 1


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="openfoam-examples not installed")
@pytest.mark.parametrize("rel, request_text, patch, value", [
    ("incompressible/icoFoam/cavity/cavity", "movingWall velocity: 30 percent over its current value", "movingWall", "uniform (1.3 0 0)"),
    ("incompressible/simpleFoam/pitzDaily", "inlet velocity at two times what it is", "inlet", "uniform (20 0 0)"),
])
def test_a_reference_factor_scales_the_patch(rel, request_text, patch, value, tmp_path) -> None:
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / rel, case)
    decompress_tree(case)
    state = read_state(case)
    apply_changes(state, plan_changes(state, request_text))
    assert fd.get((case / "0/U").read_text(), ["boundaryField", patch, "value"]) == value
