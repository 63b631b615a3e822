"""Session-12 selection classes: physics left out in any voice ('turbulence was neglected', 'turbulence
model: none', 'the Boussinesq approximation not being invoked'); overlapping (overset) grids described
without the method's name; a mesh said to move or deform, a body falling into a liquid; a gas and a
liquid named side by side or a liquid's level as two phases; a short physics word inside another word
('Sandia' is no sand); a count of phases with Euler-Euler; a method's variant after the general method
on ties; a stage built from a sibling case refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.request import named_model
from tasks.plan.select import extends_another, rank, request_features, tutorial_records
from tasks.plan.select_described import (
    body_falls,
    gas_and_liquid_named,
    mesh_motion_described,
    overset_described,
    surface_described,
    turbulence_left_out,
)
from tasks.plan.select_negation import inflected, negated_after, without_left_out
from tasks.plan.select_phases import many_phase_euler, phases_counted
from tasks.plan.select_stages import built_from_stage, stage_refusal
from tasks.plan.select_words import _says, normal_text

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _best(text: str) -> str:
    return rank(request_features(text, None, named_model(text)), tutorial_records(TUTORIALS), limit=1)[0].record.case


# ---- physics left out -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, left_out", [
    ("Turbulence was neglected and 2 s were simulated.", True),
    ("turbulence model: none", True),
    ("turbulence -- off", True),
    ("The flow being slow, turbulence has not been modelled.", True),
    ("Neglecting turbulence, the channel was run at 0.1 m/s.", True),
    ("In the absence of turbulence the flow stays laminar.", True),
    ("Inviscid flow at Mach 2 over a wedge.", True),
    ("viscous effects were entirely neglected", True),
    ("turbulent flow, k-omega SST", False),
    ("the turbulent kinetic energy at the inlet is not needed", False),
    ("The flow was turbulent and the k-epsilon closure was employed.", False),
])
def test_turbulence_left_out_in_any_voice(text: str, left_out: bool) -> None:
    assert turbulence_left_out(normal_text(text)) is left_out


@pytest.mark.parametrize("rest, negated", [
    (" was neglected ", True), (" effects were not considered ", True), (" approximation not being invoked ", True),
    (" model none ", True), (" has been switched off ", True), (" terms may be omitted ", True),
    (" was included ", False), (" is strong ", False), (" model k epsilon ", False),
])
def test_negated_after_reads_tense_and_mood(rest: str, negated: bool) -> None:
    assert negated_after(rest) is negated


@pytest.mark.parametrize("text, phrase, said", [
    ("buoyancy effects were neglected", "buoyan", False),
    ("radiation was not modelled", "radiation", True),  # whole=True below: negated -> False
    ("compressibility being negligible", "compressib", False),
    ("the Boussinesq approximation was invoked", "boussinesq", True),
])
def test_physics_words_left_out_are_not_said(text: str, phrase: str, said: bool) -> None:
    whole = phrase == "radiation"
    expected = False if whole else said
    assert _says(normal_text(text), phrase, whole=whole) is expected


def test_words_left_out_name_no_tutorial() -> None:
    blanked = without_left_out("Natural convection in a tall cavity; the Boussinesq approximation not being invoked.")
    assert "Boussinesq" not in blanked and "cavity" in blanked and len(blanked) == len(
        "Natural convection in a tall cavity; the Boussinesq approximation not being invoked.")


@pytest.mark.parametrize("word, rest, whole_word", [
    ("sand", "ia flame d", False), ("mach", "ine drum", False), ("heat", "hrow", False),
    ("sand", "y bed", True), ("heat", "ed wall", True), ("burn", "t gas", True), ("flame", "let model", True),
    ("buoyan", "cy driven", True),  # a stem takes any ending
])
def test_short_words_match_only_their_inflections(word: str, rest: str, whole_word: bool) -> None:
    assert inflected(" " + word, rest) is whole_word


@needs_tutorials
@pytest.mark.parametrize("text, tutorial", [
    # other solvers, other voices than the probes: the negated method or physics no longer decides
    ("The steady flow of air in a differentially heated tall cavity was computed; the Boussinesq approximation "
     "was not used, density following the perfect-gas law.", "heatTransfer/buoyantSimpleFoam/buoyantCavity"),
    ("Could you run the dam break with turbulence switched off, 1 s?", "multiphase/interFoam/laminar/damBreak/damBreak"),
    ("Sandia flame D: piloted methane jet flame, k-epsilon, EDC combustion", "combustion/reactingFoam/RAS/SandiaD_LTS"),
])
def test_left_out_physics_choose_the_base(text: str, tutorial: str) -> None:
    assert _best(text) == tutorial


# ---- overset grids, moving meshes, falling bodies ------------------------------------------------------

@pytest.mark.parametrize("text, overset", [
    ("the blade has its own grid, overlapping a stationary background grid", True),
    ("a body-fitted grid around the cylinder was embedded in a Cartesian background grid", True),
    ("two meshes overlap; the solution is interpolated between the grids", True),
    ("component mesh: rotor; background mesh: box", True),
    ("a background mesh refined around the STL surface with snappyHexMesh", False),
    ("mesh refinement regions overlap near the wall", False),
    ("a rotor in a box", False),
])
def test_overset_grids_described(text: str, overset: bool) -> None:
    assert overset_described(normal_text(text)) is overset


@pytest.mark.parametrize("text, moves", [
    ("the grid was moved with the body", True),
    ("mesh: moving with the piston", True),
    ("the computational domain must deform to follow the flap", True),
    ("computed on a deforming grid", True),
    ("a fine mesh near the moving lid", False),
    ("no moving mesh is needed", False),
    ("the mesh is refined near the walls", False),
    ("convection cells rotating between the plates", False),
])
def test_mesh_motion_described(text: str, moves: bool) -> None:
    assert mesh_motion_described(normal_text(text)) is moves


@pytest.mark.parametrize("text, falls", [
    ("a steel ball is released above the tank and falls into the water", True),
    ("the water entry of a wedge", True),
    ("dropping a small cube onto the free surface", True),
    ("a body of water falls over the weir", False),
    ("the jet hits the plate", False),
    ("the box where the water hits the wall", False),
])
def test_a_falling_body(text: str, falls: bool) -> None:
    assert body_falls(normal_text(text)) is falls


@needs_tutorials
@pytest.mark.parametrize("text, solver", [
    ("omega: 30 rad/s; grids: blade grid overlapping a fixed background grid; laminar", "overPimpleDyMFoam"),
    ("A heated cube oscillating sideways in air; its near-body grid was embedded in a background grid; buoyant.",
     "overBuoyantPimpleDyMFoam"),
    ("Could you drop a rigid sphere into a pool, with air and water compressible and the mesh following it?",
     "compressibleInterDyMFoam"),
    ("The tank mesh was moved sinusoidally to slosh the water inside, laminar.", "interFoam"),
])
def test_described_motion_chooses_a_moving_base(text: str, solver: str) -> None:
    best = rank(request_features(text, None, named_model(text)), tutorial_records(TUTORIALS), limit=1)[0]
    assert best.record.solver == solver


# ---- two phases named by their fluids or their level --------------------------------------------------------

@pytest.mark.parametrize("text, two_phase", [
    ("fluids: air + water", True),
    ("the oil and the air are both incompressible", True),
    ("air/water interface", True),
    ("a still water surface", True),
    ("liquid level 0.4 m", True),
    ("the tank is filled up to 30 %", True),
    ("gas hold-up 10 %", True),
    ("the block is cooled by air; water flows in the jacket", False),
    ("an air-cooled water pipe", False),
])
def test_gas_and_liquid_named(text: str, two_phase: bool) -> None:
    assert gas_and_liquid_named(text) is two_phase


def test_a_level_is_a_free_surface_but_a_pair_alone_is_not() -> None:
    assert surface_described("water level: 50 cm") and surface_described("captured with VOF")
    assert not surface_described("air and water")


@pytest.mark.parametrize("text, counted", [
    ("a 4-phase stirred tank", True), ("a three-phase separator", True), ("four phases, Euler-Euler", True),
    ("a two-phase flow", False), ("phase 4 of the project", False),
])
def test_phase_counts_singular_and_plural(text: str, counted: bool) -> None:
    assert phases_counted(text) is counted


def test_many_phases_as_continua_point_to_the_many_phase_euler_solvers() -> None:
    hints = {"twoPhaseEulerFoam": 60.0, "multiphaseInterFoam": 60.0}
    out = many_phase_euler(hints, 4, True, ["multiphaseEulerFoam", "reactingMultiphaseEulerFoam", "twoPhaseEulerFoam"])
    assert out["multiphaseEulerFoam"] == 60.0 and out["reactingMultiphaseEulerFoam"] == 60.0
    assert out["twoPhaseEulerFoam"] < 60.0 and out["multiphaseInterFoam"] < 60.0
    assert many_phase_euler(hints, 2, True, ["multiphaseEulerFoam"]) == hints  # two phases: unchanged
    assert many_phase_euler(hints, 4, False, ["multiphaseEulerFoam"]) == hints  # no continua said


# ---- ties and stages ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("solver, variant", [
    ("interIsoFoam", True), ("sonicDyMFoam", True), ("interFoam", False), ("rhoPimpleFoam", False),
])
def test_a_variant_of_another_method(solver: str, variant: bool) -> None:
    solvers = frozenset({"interFoam", "interIsoFoam", "sonicFoam", "sonicDyMFoam", "pimpleFoam", "rhoPimpleFoam"})
    assert extends_another(solver, solvers) is variant


@needs_tutorials
def test_the_general_method_wins_a_tie_with_its_variant() -> None:
    assert _best("A weir with the water level upstream at 50 cm; air/water; turbulent k-epsilon.") == \
        "multiphase/interFoam/RAS/weirOverflow"


@needs_tutorials
@pytest.mark.parametrize("case, stage", [
    ("multiphase/overInterDyMFoam/floatingBody/background", "floatingBody"),
    ("incompressible/overPimpleDyMFoam/cylinder/cylinderAndBackground", "cylinderMesh"),
    ("incompressible/overPimpleDyMFoam/simpleRotor", None),
])
def test_a_stage_built_from_a_sibling_is_refused_by_name(case: str, stage: str | None) -> None:
    path = str(TUTORIALS / case)
    assert built_from_stage(path) == stage
    refusal = stage_refusal(case, path)
    assert (refusal is None) if stage is None else (stage in refusal and "--example" in refusal)
