"""Relative changes in chat order rewritten target-first (modify_canon), patch numbers said
with a space, and a plain "viscosity" before a number without a unit in an incompressible case;
then `modify` plans on real tutorial copies."""

from __future__ import annotations

import shutil

import pytest

from tasks.core.config import get_settings
from tasks.edit.modify import plan_changes, read_state
from tasks.edit.modify_canon import canonical_changes, patch_numbers, plain_viscosity
from tasks.foam.files import decompress_tree


@pytest.mark.parametrize("said, canonical", [
    ("2x iters", "iterations x2"),
    ("3x the end time", "the end time x3"),
    ("x5 DT", "DT x5"),
    ("raise the inlet 10%", "the inlet +10%"),
    ("please reduce the lid speed by 20 percent", "the lid speed -20%"),
    ("can u cut the outflow 25%", "the outflow -25%"),
    ("inlet up by 10%", "inlet +10%"),
    ("viscosity down 20 %", "viscosity -20%"),
    ("10% more inlet velocity", "inlet velocity +10%"),
    ("15 percent less nu", "nu -15%"),
    ("inflow 10% up from before", "inflow +10%"),
    ("rpm -50% vs what we had", "rpm -50%"),
    ("2000 its", "2000 iterations"),
    ("visc 0.009", "viscosity 0.009"),
    ("inlet conc 0.5 not 1", "inlet concentration 0.5"),
    ("wall temp 350 K (we had 300 K)", "wall temperature 350 K"),
])
def test_relative_changes_are_written_target_first(said: str, canonical: str) -> None:
    assert canonical_changes(said).strip() == canonical


@pytest.mark.parametrize("said", [
    "2x finer mesh",                       # a refinement: the mesh rules read it
    "run 2x as long",                      # a comparative
    "inlet 10% higher than the outlet",    # a comparison with another patch, no change of the present value
    "set the inlet to 5 m/s",              # no relative change
    "the lower wall at 300 K",             # "lower" names a wall here
])
def test_other_clauses_stay_as_they_are(said: str) -> None:
    assert canonical_changes(said) == said


PATCHES = ["wall-4", "velocity-inlet-5", "velocity-inlet-6", "pressure-outlet-7", "wall-8", "frontAndBack"]


@pytest.mark.parametrize("said, named", [
    ("inlet 6 -> 6 m/s", "velocity-inlet-6 -> 6 m/s"),
    ("outlet #7: 0 Pa", "pressure-outlet-7: 0 Pa"),
    ("wall no. 4 at 300 K", "wall-4 at 300 K"),
    ("inlet 6 m/s", "inlet 6 m/s"),  # a value with its unit, not the patch
])
def test_patch_numbers_said_with_a_space_name_the_patch(said: str, named: str) -> None:
    assert patch_numbers(said, PATCHES) == named


def test_patch_numbers_need_one_patch_of_that_number() -> None:
    assert patch_numbers("outlet 2 at 1 bar", ["outlet2", "inlet2"]) == "outlet2 at 1 bar"
    assert patch_numbers("side 2 to 300 K", ["side2", "side_2"]) == "side 2 to 300 K"  # two of them: left alone


@pytest.mark.parametrize("said, kinematic_only, out", [
    ("viscosity 0.009", True, "kinematic viscosity 0.009"),
    ("viscosity = 1e-5", True, "kinematic viscosity = 1e-5"),
    ("viscosity 1e-5 m2/s", True, "viscosity 1e-5 m2/s"),   # its unit says which
    ("viscosity 0.009", False, "viscosity 0.009"),          # a compressible case: mu or nu, not said
    ("dynamic viscosity 0.001", True, "dynamic viscosity 0.001"),
])
def test_plain_viscosity(said: str, kinematic_only: bool, out: str) -> None:
    assert plain_viscosity(said, kinematic_only) == out


def _case(tmp_path, tutorial: str):
    case = tmp_path / "case"
    shutil.copytree(get_settings().tutorials_dir / tutorial, case)
    decompress_tree(case)
    return read_state(case)


def _edits(plan) -> dict[tuple[str, tuple[str, ...]], str]:
    return {(e.file, tuple(e.entry)): str(e.value) for e in plan.edits}


@pytest.mark.parametrize("tutorial, request_text, file, entry, value", [
    ("incompressible/simpleFoam/pitzDaily", "can u cut the inlet 25%, and 1500 its", "system/controlDict", ("endTime",), "1500"),
    ("incompressible/simpleFoam/pitzDaily", "10 % less inlet vel than before", "0/U", ("boundaryField", "inlet", "value"),
     "uniform (9 0 0)"),
    ("incompressible/simpleFoam/pitzDaily", "visc down 10% vs what we had", "constant/transportProperties", ("nu",), "9e-06"),
    ("incompressible/icoFoam/cavity/cavity", "2x deltaT", "system/controlDict", ("deltaT",), "0.01"),
    ("incompressible/icoFoam/elbow", "raise inlet 5 by 50%", "0/U", ("boundaryField", "velocity-inlet-5", "value"),
     "uniform (1.5 0 0)"),
    ("incompressible/icoFoam/elbow", "velocity-inlet-6 2x", "0/U", ("boundaryField", "velocity-inlet-6", "value"),
     "uniform (0 6 0)"),
    ("incompressible/icoFoam/elbow", "inlet 6 -> 6 m/s pls", "0/U", ("boundaryField", "velocity-inlet-6", "value"),
     "uniform (0 6 0)"),
    ("incompressible/icoFoam/elbow", "visc 0.009", "constant/transportProperties", ("nu",), "0.009"),
    ("basic/scalarTransportFoam/pitzDaily", "inlet tracer -25%", "0/T", ("boundaryField", "inlet", "value"), "uniform 0.75"),
    ("basic/scalarTransportFoam/pitzDaily", "inlet conc 0.5 not 1", "0/T", ("boundaryField", "inlet", "value"), "uniform 0.5"),
])
def test_modify_plans_chat_changes(tmp_path, tutorial, request_text, file, entry, value) -> None:
    plan = plan_changes(_case(tmp_path, tutorial), request_text)
    assert _edits(plan).get((file, entry)) == value, plan.edits


def test_a_factor_of_a_temperature_in_kelvin_is_reported_not_applied(tmp_path) -> None:
    """A heated wall's temperature times a factor depends on its scale (K or degC): reported."""
    plan = plan_changes(_case(tmp_path, "heatTransfer/buoyantSimpleFoam/buoyantCavity"), "hot wall -10%, endTime 10")
    assert not any(e.file.endswith("/T") for e in plan.edits)
    assert any("depends on its scale" in w for w in plan.warnings)
