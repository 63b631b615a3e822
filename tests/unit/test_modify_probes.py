"""`modify` on real tutorials, one table per class of change that used to go wrong: run control
by a factor, write control following the unit of the interval, model switches in any verb,
refinement of 2-D meshes in any plane and of blocks with zone names, counts over several blocks,
MPI ranks, velocities whose value sits behind a macro or a freestream key, cases with no mesh
yet, patches named by a kind word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tasks.core.errors import PlanError
from tasks.edit import caseops
from tasks.edit.modify import apply_changes, plan_changes, read_state, refinement, value_site
from tasks.edit.patch_words import (
    asks_laminar,
    bare_write_interval,
    extra_run,
    increment_sign,
    named_patch,
    relative_run_factors,
    scaled_values,
)
from tasks.foam import dictionary as fd
from tests.conftest import TUTORIALS, copy_tutorial

CAVITY = "incompressible/icoFoam/cavity/cavity"
PITZ = "incompressible/simpleFoam/pitzDaily"
DAMBREAK = "multiphase/interFoam/laminar/damBreak/damBreak"
TJUNCTION = "incompressible/pimpleFoam/RAS/TJunction"
BFS = "incompressible/simpleFoam/backwardFacingStep2D"
MOTORBIKE = "incompressible/simpleFoam/motorBike"
AIRFOIL = "incompressible/simpleFoam/airFoil2D"
ELBOW = "incompressible/icoFoam/elbow"
HEATER = "heatTransfer/chtMultiRegionFoam/multiRegionHeater"
RHOCAVITY = "compressible/rhoPimpleFoam/RAS/cavity"


def _modify(tmp_path: Path, tutorial: str, request: str) -> tuple[Path, list[str]]:
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    state = read_state(case)
    plan = plan_changes(state, request)
    apply_changes(state, plan)
    return case, plan.warnings


def _get(case: Path, rel: str, entry: str) -> str:
    return " ".join((fd.get((case / rel).read_text(), entry.split("/")) or "").split())


# --- run control by a factor --------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("run twice as long", {"endTime": 2.0}),
    ("double the end time", {"endTime": 2.0}),
    ("simulate three times longer", {"endTime": 3.0}),
    ("run for twice as many iterations", {"endTime": 2.0}),
    ("halve the time step", {"deltaT": 0.5}),
    ("use a time step half as large", {"deltaT": 0.5}),
    ("reduce the time step by a factor of 4", {"deltaT": 0.25}),
    ("write twice as often", {"writeInterval": 0.5}),
    ("save half as often", {"writeInterval": 2.0}),
    ("run twice as long and halve the time step", {"endTime": 2.0, "deltaT": 0.5}),
    ("double the mesh resolution", {}),
    ("double the inlet velocity", {}),
    ("halve the cell size", {}),
])
def test_relative_run_factors(text, expected):
    assert relative_run_factors(text) == pytest.approx(expected)


@pytest.mark.parametrize("tutorial, request_text, entry, expected", [
    (CAVITY, "run twice as long", "endTime", "1"),
    (CAVITY, "halve the time step", "deltaT", "0.0025"),
    (CAVITY, "write results twice as often", "writeInterval", "10"),  # steps stay whole
    (PITZ, "run for twice as many iterations", "endTime", "4000"),
    (TJUNCTION, "reduce the time step by a factor of 2", "deltaT", "0.0005"),
    (HEATER, "run twice as long", "endTime", "200"),  # startFrom latestTime: startTime 0.001 is no start
])
def test_run_control_by_a_factor(tmp_path, tutorial, request_text, entry, expected):
    case, _ = _modify(tmp_path, tutorial, request_text)
    assert _get(case, "system/controlDict", entry) == expected


@pytest.mark.parametrize("request_text, control, interval", [
    ("write every 0.05 s", "runTime", "0.05"),
    ("write output every 0.05 seconds", "runTime", "0.05"),
    ("write every 50 steps", "timeStep", "50"),
])
def test_write_control_follows_the_interval_unit(tmp_path, request_text, control, interval):
    case, _ = _modify(tmp_path, CAVITY, request_text)
    assert _get(case, "system/controlDict", "writeControl") == control
    assert _get(case, "system/controlDict", "writeInterval") == interval


def test_write_in_steps_on_a_time_written_case(tmp_path):
    case, _ = _modify(tmp_path, DAMBREAK, "write every 20 time steps")
    assert _get(case, "system/controlDict", "writeControl") == "timeStep"


# --- model switches in any verb -------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("turn the turbulence model off", True),
    ("switch off turbulence", True),
    ("run it without turbulence", True),
    ("disable turbulence modelling", True),
    ("switch to k-epsilon", False),
    ("raise the turbulence intensity to 10 %", False),
])
def test_asks_laminar(text, expected):
    assert asks_laminar(text) is expected


@pytest.mark.parametrize("tutorial, request_text, entry, expected", [
    (PITZ, "turn the turbulence model off", "simulationType", "laminar"),
    (TJUNCTION, "make it laminar", "simulationType", "laminar"),
    (PITZ, "go laminar and set the inlet to 1 m/s", "simulationType", "laminar"),
    ("incompressible/pisoFoam/RAS/cavity", "run it as a large eddy simulation with the Smagorinsky model",
     "LES/LESModel", "Smagorinsky"),
])
def test_model_switch_in_any_verb(tmp_path, tutorial, request_text, entry, expected):
    case, _ = _modify(tmp_path, tutorial, request_text)
    assert _get(case, "constant/turbulenceProperties", entry) == expected


def test_laminar_switch_keeps_untouched_function_object_lists(tmp_path):
    case, _ = _modify(tmp_path, TJUNCTION, "make it laminar")
    assert "(\n            p U\n        );" in (case / "system/controlDict").read_text()


# --- refinement --------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, flat, expected", [
    ("make the cells half as big", [2], [2.0, 2.0, 1.0]),
    ("use cells twice as small", [2], [2.0, 2.0, 1.0]),
    ("halve the cell size", [1], [2.0, 1.0, 2.0]),  # a 2-D case in the x-z plane
    ("refine by 2", [], [2.0, 2.0, 2.0]),
    ("double the resolution in z", [2], [1.0, 1.0, 2.0]),  # named: refined even though flat
])
def test_refinement_keeps_the_flat_axis(text, flat, expected):
    assert refinement(text, two_d=bool(flat), flat=flat) == expected


@pytest.mark.parametrize("tutorial, request_text, expected", [
    (DAMBREAK, "double the mesh resolution", [(46, 16, 1), (38, 16, 1), (46, 84, 1), (8, 84, 1), (38, 84, 1)]),
    (CAVITY, "make the cells half as big", [(40, 40, 1)]),
    (PITZ, "use a 446 by 114 mesh", [(36, 60, 1), (360, 54, 1), (360, 60, 1), (50, 54, 1), (50, 60, 1)]),
    (BFS, "refine the mesh by a factor of 2", [(4, 130, 1), (176, 130, 1), (194, 96, 1), (66, 96, 1), (194, 130, 1),
                                               (66, 130, 1)]),
])
def test_refined_block_counts(tmp_path, tutorial, request_text, expected):
    case, _ = _modify(tmp_path, tutorial, request_text)
    assert caseops.block_cells((case / "system/blockMeshDict").read_text()) == expected


def test_commented_out_blocks_stay(tmp_path):
    case, _ = _modify(tmp_path, BFS, "refine the mesh by a factor of 2")
    assert "(800 1 100)" in (case / "system/blockMeshDict").read_text()


ZONED = """vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1)
  (2 0 0) (2 1 0) (2 0 1) (2 1 1) );
blocks
(
    hex (0 1 2 3 4 5 6 7) inlet ( 15 20 20 ) simpleGrading (1 1 1)
    hex (1 8 9 2 5 10 11 6) (10 20 20) simpleGrading (1 1 1)
);
"""


@pytest.mark.parametrize("text, factors, expected", [
    (ZONED, [2, 2, 2], [(30, 40, 40), (20, 40, 40)]),
    (ZONED, [0.5, 1, 1], [(8, 20, 20), (5, 20, 20)]),
])
def test_scale_blocks_with_zone_names(text, factors, expected):
    assert caseops.block_cells(caseops.scale_blocks(text, factors)) == expected


def test_scale_blocks_refuses_counts_it_cannot_read():
    with pytest.raises(PlanError, match="not plain numbers"):
        caseops.scale_blocks("blocks ( hex (0 1 2 3 4 5 6 7) ($nx $ny 1) simpleGrading (1 1 1) );", [2, 2, 1])


@pytest.mark.parametrize("text, expected", [
    (ZONED, [25, 20, 20]),
    ("vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );\n"
     "blocks ( hex (0 1 2 3 4 5 6 7) (20 20 1) simpleGrading (1 1 1) );", [20, 20, 1]),
    ("vertices ( (0 0 0) ($x 0 0) );\nblocks ( hex (0 1 2 3 4 5 6 7) (20 20 1) simpleGrading (1 1 1) );", None),
])
def test_axis_totals(text, expected):
    assert caseops.axis_totals(text) == expected


def test_refinement_of_a_mesh_without_blockmeshdict_is_not_applied(tmp_path):
    case = copy_tutorial(TUTORIALS / ELBOW, tmp_path / "case")
    plan = plan_changes(read_state(case), "halve the cell size and run to 20 s")
    assert plan.refine is None
    assert any(w.startswith("not applied: mesh refinement") for w in plan.warnings)


# --- MPI ranks ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("tutorial, request_text, ranks", [
    (CAVITY, "run in parallel on 4 cores", 4),  # no decomposeParDict: a new one
    (CAVITY, "use 4 MPI ranks", 4),
    (DAMBREAK, "decompose into 8 subdomains", 8),  # the case's own, edited
])
def test_ranks(tmp_path, tutorial, request_text, ranks):
    case, _ = _modify(tmp_path, tutorial, request_text)
    assert _get(case, "system/decomposeParDict", "numberOfSubdomains") == str(ranks)
    assert json.loads((case / ".casewright/parallel.json").read_text())["np"] == ranks


def test_ranks_never_split_the_flat_axis(tmp_path):
    case, _ = _modify(tmp_path, CAVITY, "run on 4 cores")
    n = _get(case, "system/decomposeParDict", "hierarchicalCoeffs/n")
    assert n == "(2 2 1)"  # cavity: 0.1 x 0.1 x 0.01, z is the empty direction


# --- where a velocity's value lives ---------------------------------------------------------------------

@pytest.mark.parametrize("tutorial, patch, file, entry", [
    (MOTORBIKE, "inlet", "0.orig/include/initialConditions", ["flowVelocity"]),  # include + $internalField
    (AIRFOIL, "inlet", "0/U", ["internalField"]),  # freestreamValue $internalField
    (PITZ, "inlet", "0/U", ["boundaryField", "inlet", "value"]),
    (CAVITY, "movingWall", "0/U", ["boundaryField", "movingWall", "value"]),
])
def test_value_site(tmp_path, tutorial, patch, file, entry):
    case = copy_tutorial(TUTORIALS / tutorial, tmp_path / "case")
    site = value_site(case, "U", patch)
    assert not isinstance(site, str)
    assert (site.file, site.entry) == (file, entry)


@pytest.mark.parametrize("tutorial, patch, reason", [
    ("incompressible/porousSimpleFoam/angledDuct/explicit", "inlet", "flowRateInletVelocity"),
    (TJUNCTION, "inlet", "pressureInletOutletVelocity"),
])
def test_value_site_refuses_conditions_without_a_fixed_value(tmp_path, tutorial, patch, reason):
    src = TUTORIALS / tutorial
    if not src.is_dir():
        pytest.skip("tutorial not installed")
    case = copy_tutorial(src, tmp_path / "case")
    if not (case / "0/U").is_file() and not (case / "0.orig/U").is_file():
        common = src.parent / "common"
        import shutil

        shutil.copytree(common / "0.orig", case / "0.orig")
    site = value_site(case, "U", patch)
    assert isinstance(site, str) and reason in site


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    (MOTORBIKE, "set the inlet speed to 30 m/s", "0.orig/include/initialConditions", "flowVelocity", "(30 0 0)"),
    (AIRFOIL, "set the freestream velocity to 30 m/s", "0/U", "internalField",
     "uniform (29.70787135 4.176407545 0)"),  # the angle of attack stays
    (ELBOW, "raise the second inlet to 4 m/s", "0/U", "boundaryField/velocity-inlet-6/value", "uniform (0 4 0)"),
    (ELBOW, "set velocity-inlet-6 to 4 m/s", "0/U", "boundaryField/velocity-inlet-6/value", "uniform (0 4 0)"),
])
def test_velocity_lands_where_the_case_keeps_it(tmp_path, tutorial, request_text, rel, entry, expected):
    case, _ = _modify(tmp_path, tutorial, request_text)
    assert _get(case, rel, entry) == expected


def test_macro_inlet_adds_no_patch_entries(tmp_path):
    case, _ = _modify(tmp_path, MOTORBIKE, "set the inlet speed to 30 m/s")
    for field in ("U", "k", "omega"):
        assert "inlet" not in fd.keys((case / "0.orig" / field).read_text(), ["boundaryField"])


# --- patches named by a kind word -----------------------------------------------------------------------

@pytest.mark.parametrize("segment, patches, expected", [
    ("set the walls to ", ["movingWall", "fixedWalls", "frontAndBack"], "fixedWalls"),
    ("the outlet pressure ", ["velocity-inlet-5", "pressure-outlet-7", "wall-4"], "pressure-outlet-7"),
    ("the walls ", ["upperWall", "lowerWall"], None),  # neither is "walls"
    ("the second wall to ", ["inlet", "walls"], None),  # a rank: not "the only one"
    ("both walls to ", ["fixedWalls", "inlet"], None),
])
def test_patch_named_by_its_kind_word(segment, patches, expected):
    assert named_patch(segment, patches) == expected


def test_temperature_on_walls_named_by_kind(tmp_path):
    case, _ = _modify(tmp_path, RHOCAVITY, "set the walls to 350 K")
    assert _get(case, "0/T", "boundaryField/fixedWalls/value") == "uniform 350"


def test_case_without_mesh_reads_patches_from_fields(tmp_path):
    case = copy_tutorial(TUTORIALS / ELBOW, tmp_path / "case")
    state = read_state(case)
    assert state.roles["velocity-inlet-5"] == "inlet" and state.roles["wall-4"] == "wall"
    assert state.patches["frontAndBackPlanes"] == "empty"


# --- values changed relative to the case's own ------------------------------------------------------------

@pytest.mark.parametrize("before, expected", [
    ("raise the floor temperature by ", 1),
    ("lower the inlet velocity by ", -1),
    ("cool the hot wall by ", -1),
    ("set the inlet to ", None),
    ("the floor at 300 K, and raise it by 5 K; the ceiling to ", None),
])
def test_increment_sign(before, expected):
    assert increment_sign(before) == expected


@pytest.mark.parametrize("text, expected", [
    ("double the inlet velocity", [("velocity", "the inlet velocity", 2.0)]),
    ("increase the lid speed by 50%", [("velocity", "the lid speed", 1.5)]),
    ("reduce the outlet pressure by 10 percent", [("pressure", "the outlet pressure", 0.9)]),
    ("double the mesh resolution", []),
    ("run twice as long", []),
])
def test_scaled_values(text, expected):
    got = scaled_values(text)
    assert [(k, w) for k, w, _ in got] == [(k, w) for k, w, _ in expected]
    assert [f for _, _, f in got] == pytest.approx([f for _, _, f in expected])


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    (PITZ, "double the inlet velocity", "0/U", "boundaryField/inlet/value", "uniform (20 0 0)"),
    (CAVITY, "increase the lid speed by 50%", "0/U", "boundaryField/movingWall/value", "uniform (1.5 0 0)"),
    (PITZ, "lower the inlet velocity by 2 m/s", "0/U", "boundaryField/inlet/value", "uniform (8 0 0)"),
    ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "raise the floor temperature by 10 K", "0/T.orig",
     "boundaryField/floor/value", "uniform 310"),
    ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "cool the hot wall by 7.75 K", "0/T", "boundaryField/hot/value",
     "uniform 300"),
    (MOTORBIKE, "double the inlet velocity", "0.orig/include/initialConditions", "flowVelocity", "(40 0 0)"),
])
def test_relative_boundary_values(tmp_path, tutorial, request_text, rel, entry, expected):
    case, _ = _modify(tmp_path, tutorial, request_text)
    assert _get(case, rel, entry) == expected


def test_increment_is_not_bound_again_as_a_value(tmp_path):
    case, _ = _modify(tmp_path, "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "raise the floor temperature by 10 K")
    assert "uniform 10;" not in (case / "0/T.orig").read_text()


@pytest.mark.parametrize("text, expected", [
    ("2000 more iterations", (2000.0, "iterations")),
    ("another 0.5 s", (0.5, "s")),
    ("extend the run by 500 iterations", (500.0, "iterations")),
    ("run 3 more", None),
    ("set the inlet to 5 m/s", None),
])
def test_extra_run(text, expected):
    assert extra_run(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("write every 200", 200.0),
    ("writing every 200 iterations", None),  # a unit: the quantity rules read it
    ("write every 0.1 s", None),
    ("save every 25", 25.0),
])
def test_bare_write_interval(text, expected):
    assert bare_write_interval(text) == expected


@pytest.mark.parametrize("tutorial, request_text, entry, expected", [
    (PITZ, "2000 more iterations, writing every 200", "endTime", "4000"),
    (PITZ, "2000 more iterations, writing every 200", "writeInterval", "200"),
    (CAVITY, "another 0.5 s", "endTime", "1"),
    (CAVITY, "100 more time steps", "endTime", "1"),  # 100 x deltaT 0.005
])
def test_run_extended(tmp_path, tutorial, request_text, entry, expected):
    case, _ = _modify(tmp_path, tutorial, request_text)
    assert _get(case, "system/controlDict", entry) == expected


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    (TJUNCTION, "swap k-epsilon for k-omega SST", "constant/turbulenceProperties", "RAS/RASModel", "kOmegaSST"),
    (PITZ, "make it transient", "system/controlDict", "application", "pimpleFoam"),
    (TJUNCTION, "run it steady-state", "system/controlDict", "application", "simpleFoam"),
])
def test_switch_phrasings(tmp_path, tutorial, request_text, rel, entry, expected):
    case, _ = _modify(tmp_path, tutorial, request_text)
    assert _get(case, rel, entry) == expected


def test_mentioning_the_present_model_is_no_switch(tmp_path):
    case = copy_tutorial(TUTORIALS / PITZ, tmp_path / "case")
    plan = plan_changes(read_state(case), "set the inlet to 12 m/s for this k-epsilon run")
    assert plan.model is None


@pytest.mark.parametrize("text, flat, expected", [
    ("refine the mesh by 1.5 in every direction", [2], [1.5, 1.5, 1.0]),  # "every direction" names no axis
    ("refine by 2 in the y direction", [2], [1.0, 2.0, 1.0]),
    ("refine by 2 in the x-direction", [], [2.0, 1.0, 1.0]),
])
def test_refinement_axis_words(text, flat, expected):
    assert refinement(text, two_d=bool(flat), flat=flat) == expected


@pytest.mark.parametrize("text, expected", [
    ("make the inlet velocity 25% lower", [("velocity", 0.75)]),
    ("the lid speed should be 10 percent higher", [("velocity", 1.1)]),
])
def test_scaled_values_after_the_value(text, expected):
    assert [(k, pytest.approx(f)) for k, _, f in scaled_values(text)] == expected


@pytest.mark.parametrize("text, expected", [
    ("run for 0.05 s more", (0.05, "s")),
    ("500 iterations longer", (500.0, "iterations")),
])
def test_extra_run_after_the_amount(text, expected):
    assert extra_run(text) == expected


@pytest.mark.parametrize("tutorial, request_text, rel, entry, expected", [
    (PITZ, "make the inlet velocity 25% lower", "0/U", "boundaryField/inlet/value", "uniform (7.5 0 0)"),
    ("incompressible/pisoFoam/LES/pitzDaily", "run for 0.05 s more", "system/controlDict", "endTime", "0.15"),
    ("incompressible/pisoFoam/LES/pitzDaily", "use RANS instead of LES", "constant/turbulenceProperties",
     "simulationType", "RAS"),
    ("incompressible/pisoFoam/RAS/cavity", "switch to LES", "constant/turbulenceProperties", "LES/LESModel",
     "Smagorinsky"),
])
def test_fresh_phrasings(tmp_path, tutorial, request_text, rel, entry, expected):
    case, warnings = _modify(tmp_path, tutorial, request_text)
    assert _get(case, rel, entry) == expected
    assert not [w for w in warnings if w.startswith("not applied")]


@pytest.mark.parametrize("text, expected", [
    ("coarsen the mesh by half", [0.5, 0.5, 1.0]),
    ("reduce the resolution by half", [0.5, 0.5, 1.0]),
    ("refine the mesh by half", None),  # unclear: nothing guessed
])
def test_coarsen_by_half(text, expected):
    assert refinement(text, two_d=True, flat=[2]) == expected


def test_gravity_on_a_solver_without_it_says_what_to_do(tmp_path):
    from tasks.core.errors import RequestError

    case = copy_tutorial(TUTORIALS / CAVITY, tmp_path / "case")
    with pytest.raises(RequestError, match="switch to buoyantPimpleFoam"):
        plan_changes(read_state(case), "add gravity")
