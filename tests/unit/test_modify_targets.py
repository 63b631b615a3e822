"""`modify` puts each stated value on the patch its words name, keeps degC exact, reads model
switches, calendar durations and contact angles."""

from pathlib import Path

import pytest

from tasks.edit.modify import CaseState, _num, plan_changes, refinement, target_model
from tasks.edit.patch_words import durations, in_unit, named_patch, stated_direction

T_FIELD = """FoamFile { version 2.0; format ascii; class volScalarField; object T; }
dimensions [0 0 0 1 0 0 0];
internalField uniform 300;
boundaryField
{
    floor { type fixedValue; value uniform 305; }
    ceiling { type fixedValue; value uniform 295; }
    sideWalls { type zeroGradient; }
}
"""


@pytest.mark.parametrize("segment, patches, expected", [
    ("floor at ", ["floor", "ceiling", "sideWalls"], "floor"),
    (" and ceiling at ", ["floor", "ceiling", "sideWalls"], "ceiling"),
    ("set the bottom to ", ["floor", "ceiling"], "floor"),
    ("lower the hot wall to ", ["hot", "cold", "frontAndBack"], "hot"),
    ("raise the pressure at outlet2 to ", ["inlet", "outlet1", "outlet2"], "outlet2"),
    ("outlet 1 at ", ["inlet", "outlet1", "outlet2"], "outlet1"),
    ("the air inlet ", ["fuel", "air", "outlet"], "air"),
    ("the wall at ", ["walls", "inlet"], None),
])
def test_named_patch(segment, patches, expected):
    assert named_patch(segment, patches) == expected


@pytest.mark.parametrize("words, expected", [
    (" towards -x", [-1.0, 0.0, 0.0]),
    (" in the negative y direction", [0.0, -1.0, 0.0]),
    (" along +z", [0.0, 0.0, 1.0]),
    (" pointing down", [0.0, -1.0, 0.0]),
    (" at the inlet", None),
])
def test_stated_direction(words, expected):
    assert stated_direction(words) == expected


@pytest.mark.parametrize("text, unit, expected", [
    ("shorten the expiry to six months", "year", 0.5),
    ("run for 2 years", "year", 2.0),
    ("stop after three minutes", "second", 180.0),
])
def test_durations_in_case_unit(text, unit, expected):
    seconds = durations(text)[0][0]
    assert in_unit(seconds, unit) == pytest.approx(expected)


@pytest.mark.parametrize("text, expected", [
    ("Replace the Smagorinsky model with the one-equation kEqn subgrid model", "kEqn"),
    ("use kEqn instead of Smagorinsky", "kEqn"),
    ("use WALE rather than the Smagorinsky model", "WALE"),
    ("switch from k-epsilon to k-omega SST", "kOmegaSST"),
])
def test_target_model(text, expected):
    assert target_model(text) == expected


def test_refinement_axis_in_brackets():
    assert refinement("double the resolution along the tank (x) only", two_d=True) == [2.0, 1.0, 1.0]


def test_stated_celsius_is_not_rounded():
    assert _num(313.15) == "313.15"
    assert _num(301.0) == "301"


def _state(tmp_path: Path, solver: str = "buoyantBoussinesqPimpleFoam") -> CaseState:
    (tmp_path / "0").mkdir()
    (tmp_path / "0/T").write_text(T_FIELD)
    return CaseState(case_dir=tmp_path, solver=solver, model="laminar",
                     patches={"floor": "wall", "ceiling": "wall", "sideWalls": "wall"},
                     roles={"floor": "wall", "ceiling": "wall", "sideWalls": "wall"}, fields=["T"])


def _t_edits(plan):
    return {e.entry[1]: e.value for e in plan.edits if e.file == "0/T"}


def test_temperatures_go_to_the_patches_named(tmp_path):
    plan = plan_changes(_state(tmp_path), "Make it gentler: ceiling at 299 K and floor at 301 K.")
    assert _t_edits(plan) == {"ceiling": "uniform 299", "floor": "uniform 301"}


def test_one_named_wall_in_celsius_leaves_the_others(tmp_path):
    plan = plan_changes(_state(tmp_path), "Set the bottom wall to 40 degC.")
    assert _t_edits(plan) == {"floor": "uniform 313.15"}


def test_hot_wall_without_a_patch_of_that_name_is_the_hottest(tmp_path):
    plan = plan_changes(_state(tmp_path), "Make the hot wall 310 K.")
    assert _t_edits(plan) == {"floor": "uniform 310"}
