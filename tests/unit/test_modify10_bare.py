"""`modify` classes of short follow-ups (session 10), each with paraphrases not in the probes: a
number without a unit for a patch (the unit of the field the patch fixes), a value before the
role it is for ("try 600 for Re"), a finer or coarser mesh without a factor, a change by a
percentage after a verb of change ("bump the inflow up by 10 percent"), an amount added to the
run carried into the case, a fluid change on a compressible case."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.edit.modify import plan_changes, read_state
from tasks.edit.modify_bare import bare_values
from tasks.edit.modify_mesh import default_refinement, refinement
from tasks.edit.modify_stated import stated_changes
from tasks.edit.modify_words import all_scaled, normalise_request
from tests.unit.modify_cases import entry_of, modify_case, tutorial_case

ICO_CAVITY = "incompressible/icoFoam/cavity/cavity"
PIMPLE_PITZ = "incompressible/pimpleFoam/RAS/pitzDaily"
BUOYANT_CAVITY = "heatTransfer/buoyantSimpleFoam/buoyantCavity"
RHO_TJUNCTION = "compressible/rhoPimpleFoam/RAS/TJunction"
ELBOW = "incompressible/icoFoam/elbow"


_case, _modify, _get = tutorial_case, modify_case, entry_of


@pytest.mark.parametrize("text, values", [
    ("outlet to 0", [0.0]),
    ("inlet 12, please", [12.0]),
    ("40 x 40 cells", []),
    ("make it 3x finer", []),
    ("2000 more steps", []),
    ("refine by 2", []),
    ("velocity-inlet-5 to 3", [3.0]),  # the digit of a patch name is no value
])
def test_bare_values(text: str, values: list[float]) -> None:
    assert [v for _, _, v in bare_values(text)] == values


@pytest.mark.parametrize("text, expected", [
    ("try 600 for Re", "try Re 600"),
    ("let's do 0.2 for Mach", "let's do Mach 0.2"),
    ("use 350 K for the hot wall", "use the hot wall 350 K"),
    ("2e-4 s for the time step", "the time step 2e-4 s"),
    ("run 2 s for the test", "run 2 s for the test"),  # no role after "for"
])
def test_value_before_its_role(text: str, expected: str) -> None:
    assert normalise_request(text) == expected


@pytest.mark.parametrize("text, factor", [
    ("coarser grid please", 0.5), ("refine the mesh", 2.0), ("a finer mesh", 2.0), ("fewer cells", 0.5),
    ("refine the mesh by half", None), ("finer time step", None), ("refine to 80 by 80 cells", None),
])
def test_default_refinement(text: str, factor: float | None) -> None:
    assert default_refinement(text) == factor


def test_default_refinement_keeps_flat_axis() -> None:
    assert refinement("coarser mesh please", two_d=True, flat=[2]) == [0.5, 0.5, 1.0]


@pytest.mark.parametrize("text, kind, factor", [
    ("bump the inflow up by 10 percent", "flow_rate", 1.1),
    ("push the lid speed up by 25 %", "velocity", 1.25),
    ("trim the inlet velocity by 20 per cent", "velocity", 0.8),
    ("bump the outlet pressure down by 5 %", "pressure", 0.95),
])
def test_change_by_percent(text: str, kind: str, factor: float) -> None:
    got = [(k, round(f, 9)) for k, _, f in all_scaled(text)]
    assert (kind, round(factor, 9)) in got


# --- on real tutorial copies ---

@pytest.mark.parametrize("tutorial, text, rel, entry, expected", [
    (ICO_CAVITY, "lid to 2", "0/U", ("boundaryField", "movingWall", "value"), "uniform (2 0 0)"),
    (PIMPLE_PITZ, "2 for the inlet, please", "0/U", ("boundaryField", "inlet", "value"), "uniform (2 0 0)"),
    (PIMPLE_PITZ, "set the outlet to 0.5", "0/p", ("boundaryField", "outlet", "value"), "uniform 0.5"),
    (BUOYANT_CAVITY, "hot wall: 320", "0/T", ("boundaryField", "hot", "value"), "uniform 320"),
])
def test_bare_value_goes_to_the_fixed_field(tmp_path: Path, tutorial: str, text: str, rel: str,
                                            entry: tuple[str, ...], expected: str) -> None:
    case = _case(tmp_path, tutorial)
    _modify(case, text)
    assert _get(case, rel, *entry) == expected


def test_amount_added_to_the_run_is_carried(tmp_path: Path) -> None:
    case = _case(tmp_path, ICO_CAVITY)  # endTime 0.5
    plan = _modify(case, "now run it 0.25 s longer")
    assert float(_get(case, "system/controlDict", "endTime")) == pytest.approx(0.75)
    _, missing = stated_changes(plan, case)
    assert not missing


def test_fluid_on_a_compressible_case_says_where_it_lives(tmp_path: Path) -> None:
    case = _case(tmp_path, RHO_TJUNCTION)
    with pytest.raises(RequestError, match="thermophysicalProperties"):
        plan_changes(read_state(case), "switch to water")
