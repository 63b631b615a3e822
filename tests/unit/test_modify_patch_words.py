"""`modify` finds the patch a change names by rank, number or place, reads a surface tension in
any usual unit, and works on tutorial cases as they are shipped: meshes from m4 templates,
fields kept as pristine `.orig` copies, surface tension in each solver family's file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.modify import apply_changes, initial_field, plan_changes, read_state
from tasks.edit.patch_words import named_patch, surface_tension
from tasks.foam import dictionary as fd
from tasks.foam.casedir import mesh_patches
from tasks.foam.geometry import block_mesh_patches
from tests.conftest import TUTORIALS, copy_tutorial

NUMBERED = ["inlet", "outlet1", "outlet2", "walls"]
FLUENT_STYLE = ["wall-4", "velocity-inlet-5", "velocity-inlet-6", "pressure-outlet-7"]
TEE = {"inlet": (0.0, 0.0, 0.0), "outlet1": (0.3, -0.2, 0.0), "outlet2": (0.3, 0.2, 0.0)}
BOX = {"west": (0.0, 0.5, 0.5), "east": (1.0, 0.5, 0.5), "base": (0.5, 0.0, 0.5), "lid": (0.5, 1.0, 0.5)}


@pytest.mark.parametrize("segment, patches, expected", [
    ("give the second outlet a pressure of ", NUMBERED, "outlet2"),
    ("the first outlet at ", NUMBERED, "outlet1"),
    ("outlet number 2 to ", NUMBERED, "outlet2"),
    ("outlet #1 gets ", NUMBERED, "outlet1"),
    ("the 2nd inlet to ", FLUENT_STYLE, "velocity-inlet-6"),
    ("the first velocity inlet at ", FLUENT_STYLE, "velocity-inlet-5"),
    ("a third outlet at ", NUMBERED, None),  # there is none
    ("the second wall to ", NUMBERED, None),  # one wall patch: nothing to rank
])
def test_patch_named_by_rank_or_number(segment, patches, expected):
    assert named_patch(segment, patches) == expected


@pytest.mark.parametrize("segment, centres, up, expected", [
    ("the upper outlet to ", TEE, 1, "outlet2"),
    ("the lower outlet at ", TEE, 1, "outlet1"),
    ("the left outlet at ", TEE, 1, None),  # both outlets at the same x
    ("the left-hand wall at ", BOX, 1, "west"),
    ("the right wall at ", BOX, 1, "east"),
    ("the top wall to ", BOX, 1, "lid"),
    ("the bottom wall to ", BOX, 2, None),  # z up: west, east, base and lid share the lowest z
])
def test_patch_named_by_place(segment, centres, up, expected):
    assert named_patch(segment, centres, centres, up) == expected


def test_a_name_beats_a_place():
    """'the upper outlet2' names outlet2 by name even where outlet2 is not the higher one."""
    flipped = {"outlet1": (0.0, 1.0, 0.0), "outlet2": (0.0, -1.0, 0.0)}
    assert named_patch("the upper outlet2 at ", flipped, flipped) == "outlet2"


@pytest.mark.parametrize("text, newton_per_metre", [
    ("reduce the surface tension to 0.025 N/m", 0.025),
    ("an interfacial tension of 38 mN/m between the liquids", 0.038),
    ("with sigma = 0.05", 0.05),
    ("surface tension 30 dyn/cm; run 2 s", 0.03),
    ("surface tension 61", 0.061),  # a bare value of 1 or more is mN/m
])
def test_surface_tension_in_newton_per_metre(text, newton_per_metre):
    assert surface_tension(text)[0] == pytest.approx(newton_per_metre)


def test_no_surface_tension_without_a_value():
    assert surface_tension("make the surface tension weaker, and run for 3 s") is None


OLD_SYNTAX_TEMPLATE = """changecom(//)changequote([,])
define(r, 0.2)
vertices ( (0 0 0) (r 0 0) );
blocks ( hex (0 1 2 3 4 5 6 7) (10 10 1) simpleGrading (1 1 1) );
patches
(
    wall impeller
    (
        quad2D(r0, r1)
    )
    empty sides
    (
        frontQuad(hb0, hb1, hb2, hb3)
    )
);
"""

NEW_SYNTAX = """boundary
(
    #include "extraPatches"
    left { type wall; faces ((0 4 7 3)); }
    right
    {
        type patch;
        faces ( (1 2 6 5) );
    }
);
"""


def test_patches_of_both_blockmesh_syntaxes_and_of_an_m4_template():
    assert block_mesh_patches(OLD_SYNTAX_TEMPLATE) == {"impeller": "wall", "sides": "empty"}
    assert block_mesh_patches(NEW_SYNTAX) == {"left": "wall", "right": "patch"}


def _tutorial(tmp_path: Path, rel: str) -> Path:
    return copy_tutorial(TUTORIALS / rel, tmp_path / "case")


def test_m4_tutorial_takes_a_model_switch(tmp_path):
    """mixerVessel2D ships blockMeshDict.m4 only: its patches come from the template, the new
    0/omega covers them, and the case gets the blockMeshDict it runs from."""
    case = _tutorial(tmp_path, "incompressible/simpleFoam/mixerVessel2D")
    assert mesh_patches(case) == {"rotor": "wall", "stator": "wall", "front": "empty", "back": "empty"}
    state = read_state(case)
    result = apply_changes(state, plan_changes(state, "Use the k-omega SST model and turn the impeller at 800 rpm."))
    omega = (case / "0/omega").read_text()
    assert set(fd.keys(omega, ["boundaryField"])) == {"rotor", "stator", "front", "back"}
    assert "system/blockMeshDict (new)" in result.changed
    assert mesh_patches(case) == {"rotor": "wall", "stator": "wall", "front": "empty", "back": "empty"}
    assert float(fd.get((case / "constant/MRFProperties").read_text(), ["MRF1", "omega"])) == pytest.approx(83.776, rel=1e-3)


def test_lower_outlet_pressure_goes_to_the_lower_patch_only(tmp_path):
    case = _tutorial(tmp_path, "incompressible/pimpleFoam/RAS/TJunction")
    before = (case / "0/p").read_text()
    state = read_state(case)
    apply_changes(state, plan_changes(state, "Set the kinematic pressure of the lower outlet to 3 m^2/s^2."))
    after = (case / "0/p").read_text()
    lower = min(("outlet1", "outlet2"), key=lambda p: state.centres[p][1])
    upper = ({"outlet1", "outlet2"} - {lower}).pop()
    assert fd.get(after, ["boundaryField", lower, "value"]) == "uniform 3"
    assert fd.get(after, ["boundaryField", upper]) == fd.get(before, ["boundaryField", upper])


def test_roof_temperature_goes_to_the_pristine_copy_the_run_restores(tmp_path):
    """hotRoom keeps 0/T.orig only (its Allrun copies it to 0/T): the ceiling value goes there."""
    case = _tutorial(tmp_path, "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom")
    state = read_state(case)
    apply_changes(state, plan_changes(state, "Hold the roof at 291 K."))
    t = initial_field(case, "T").read_text()
    assert initial_field(case, "T") == case / "0/T.orig"
    assert fd.get(t, ["boundaryField", "ceiling", "value"]) == "uniform 291"
    assert fd.get(t, ["boundaryField", "floor", "value"]) == "uniform 300"


def test_left_wall_of_a_tall_cavity_in_celsius(tmp_path):
    case = _tutorial(tmp_path, "heatTransfer/buoyantSimpleFoam/buoyantCavity")
    state = read_state(case)
    left = min(("hot", "cold"), key=lambda p: state.centres[p][0])
    plan = plan_changes(state, "Put the left wall at 8 degC.")
    assert [(e.entry[1], e.value) for e in plan.edits if e.file == "0/T"] == [(left, "uniform 281.15")]


@pytest.mark.parametrize("rel, request_text, file, entry, expected", [
    ("multiphase/interFoam/laminar/capillaryRise", "Weaken the surface tension to 52 mN/m.",
     "constant/transportProperties", ["sigma"], "0.052"),
    ("multiphase/compressibleInterFoam/laminar/depthCharge2D", "surface tension 0.06 N/m",
     "constant/thermophysicalProperties", ["sigma", "sigma"], "0.06"),
    ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "Use an interfacial tension of 0.065 N/m.",
     "constant/phaseProperties", ["sigma"], "( (air and water) 0.065 )"),
])
def test_surface_tension_written_where_each_solver_reads_it(tmp_path, rel, request_text, file, entry, expected):
    case = _tutorial(tmp_path, rel)
    state = read_state(case)
    apply_changes(state, plan_changes(state, request_text))
    assert fd.get((case / file).read_text(), entry) == expected


def test_surface_tension_of_one_pair_among_several(tmp_path):
    case = _tutorial(tmp_path, "multiphase/multiphaseInterFoam/laminar/damBreak4phase")
    state = read_state(case)
    apply_changes(state, plan_changes(state, "Between oil and mercury use a surface tension of 0.4 N/m."))
    sigmas = fd.get((case / "constant/transportProperties").read_text(), ["sigmas"])
    assert "(oil mercury) 0.4" in sigmas
    assert sigmas.count("0.07") == 5


def test_plain_patches_blowing_in_are_inlets_for_both_jets(tmp_path):
    """counterFlowFlame2D's fuel and air are plain patches with a fixed velocity: inlets, not
    moving walls, so 'both jets' changes both, each keeping its direction."""
    case = _tutorial(tmp_path, "combustion/reactingFoam/laminar/counterFlowFlame2D")
    state = read_state(case)
    assert state.roles["fuel"] == state.roles["air"] == "inlet"
    plan = plan_changes(state, "Slow both jets down to 0.05 m/s.")
    assert {e.entry[1]: e.value for e in plan.edits if e.file == "0/U"} == {
        "fuel": "uniform (0.05 0 0)", "air": "uniform (-0.05 0 0)"}


def test_model_switch_reaches_the_pristine_fields_dir(tmp_path):
    """ellipsekkLOmega keeps its fields in 0.orig (the run copies it to 0/): the fields a
    model switch writes must be there too, or the run starts without them."""
    case = _tutorial(tmp_path, "incompressible/pimpleFoam/RAS/ellipsekkLOmega")
    state = read_state(case)
    apply_changes(state, plan_changes(state, "Change the RANS model to k-omega SST."))
    for field in ("k", "omega"):
        assert (case / "0.orig" / field).read_text() == (case / "0" / field).read_text()
    # the case's own low-Re wall function on nut is valid for k-omega SST and kept as it was
    assert "nutLowReWallFunction" in (case / "0.orig" / "nut").read_text()
    assert not (case / "0" / "nut").is_file() or \
        (case / "0" / "nut").read_text() == (case / "0.orig" / "nut").read_text()
