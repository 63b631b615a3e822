"""Session-10 selection classes: steady or transient said without the words; a body or container
said to move (shaken, heaving, pitching, moved by a ship) asks for a moving mesh, a flow quantity
that oscillates does not; an interface between mesh zones is no free surface; three or more phases
counted or named want a base that carries as many; a compressible gas over a liquid is compressible
VOF; a moving-mesh or compressible variant of a solver shares its tutorial's geometry words."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.request import named_model
from tasks.plan.select import description_of, rank, request_features, tutorial_records
from tasks.plan.select_motion import body_moves
from tasks.plan.select_phases import phases_stated
from tasks.plan.select_time import time_regime

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _best(text: str) -> str:
    return rank(request_features(text, None, named_model(text)), tutorial_records(TUTORIALS), limit=1)[0].record.case


@pytest.mark.parametrize("text, steady", [
    # the end state only, said without 'steady'
    ("air through an S-bend; the time history is not needed, only the final flow", True),
    ("I just want the flow once it has settled down around the building", True),
    ("what does the wake look like when nothing changes any more?", True),
    ("give me the equilibrium flow field in the heat exchanger", True),
    ("how the jet develops over time doesn't matter to me, only where it ends", True),
    ("no start-up transient needed, just the converged solution", True),
    # the flow followed in time, said without 'transient'
    ("I want to watch how the smoke spreads through the hall", False),
    ("make a movie of the vortex street behind the pole", False),
    ("follow the evolution of the mixing layer", False),
    ("show how the dye plume grows over time", False),
    # neither: particles that settle down sink, the flow does not stop changing
    ("fine sand particles settle down in a basin", None),
    ("the sediment settles down to the bottom of the tank over an hour", None),
    ("air at 10 m/s through a pipe, k-epsilon", None),
])
def test_time_regime_said_indirectly(text: str, steady: bool | None) -> None:
    assert time_regime(text) is steady


@pytest.mark.parametrize("text, steady", [
    ("flow over a hill at 5 m/s, k-omega SST; how it changes in time does not matter, only the end state", True),
    ("water through a valve: show how the flow evolves as time goes on", False),
])
def test_features_take_the_indirect_time_regime(text: str, steady: bool) -> None:
    assert request_features(text, None, None).steady is steady


@pytest.mark.parametrize("text, moves", [
    ("a flask of oil shaken from side to side at 3 Hz", True),
    ("a wing section pitching at 5 Hz in a wind tunnel", True),
    ("the plate vibrates with an amplitude of 1 mm", True),
    ("a buoy bobbing in the waves", True),
    ("a bucket carried by the ship, rolling and heaving", True),
    ("the piston moves back and forth 20 times a second", True),
    ("the whole tank tilts periodically", True),
    # a flow quantity in time, a moving wall condition, a rotation: no mesh motion
    ("an oscillating inlet velocity of 2 m/s amplitude in a pipe", False),
    ("pulsating pressure at the duct's inlet", False),
    ("the lid of the cavity slides back and forth", False),
    ("a fan spinning at 1500 rpm in a box", False),
    ("water at 3 m/s through a channel", False),
])
def test_a_body_said_to_move(text: str, moves: bool) -> None:
    assert body_moves(text) is moves


@pytest.mark.parametrize("text, flag", [
    ("two zones coupled through a non-conformal interface, air at 2 m/s", None),
    ("a rotor-stator interface between the blade row and the casing", None),
    ("the AMI interface between the rotating and the fixed mesh", None),
    ("the interface between oil and water in a tank", True),
])
def test_a_mesh_interface_is_no_free_surface(text: str, flag: bool | None) -> None:
    assert request_features(text, None, None).flags.get("multiphase") is flag


@pytest.mark.parametrize("text, phases", [
    ("four immiscible liquids in a 2D box", 4),
    ("three phases: water, oil and air, breaking dam", 3),
    ("kerosene, water and air in a tilted tank", 3),
    ("air bubbles rising through water", 2),
    ("steam condensing on a cold plate with air and water vapour", 1),
    ("flow of air in a duct", 1),
])
def test_phases_counted_or_named(text: str, phases: int) -> None:
    assert phases_stated(text) == phases


@pytest.mark.parametrize("case, sibling", [
    ("multiphase/potentialFreeSurfaceDyMFoam/oscillatingBox", "multiphase/potentialFreeSurfaceFoam/oscillatingBox"),
    ("multiphase/compressibleInterDyMFoam/laminar/sloshingTank2D", "multiphase/interFoam/laminar/sloshingTank2D"),
])
def test_a_variant_solver_shares_its_base_solvers_description(case: str, sibling: str) -> None:
    assert description_of(case) == description_of(sibling) != ()


@needs_tutorials
@pytest.mark.parametrize("text, tutorial", [
    # a moving body: a tutorial that moves it, by its mesh or by a boundary motion (the fixed-mesh
    # oscillatingBox imposes the box's sine velocity); the moving mesh when the request says so
    ("a submerged box bobs up and down 1 Hz just below the sea level, 10 s",
     "multiphase/potentialFreeSurfaceFoam/oscillatingBox"),
    ("a submerged box bobs up and down 1 Hz just below the sea level on a moving mesh, 10 s",
     "multiphase/potentialFreeSurfaceDyMFoam/oscillatingBox"),
    ("The inlet channel of a 2D duct swings sideways by 0.2 m; air at 1 m/s; RANS k-epsilon; 2 s",
     "incompressible/pimpleFoam/RAS/oscillatingInletACMI2D"),
    # three or more phases
    ("Stirred 2D vessel holding mercury, oil, water and air with sharp interfaces, 20 rpm",
     "multiphase/multiphaseInterFoam/laminar/mixerVessel2D"),
    ("dam of four different liquids collapsing in a 2D tank, laminar, 1 s",
     "multiphase/multiphaseInterFoam/laminar/damBreak4phase"),
    # a compressible gas over the liquid of a moving tank
    ("ship tank partially filled with water, the air on top compressible, rolling motion, 2D, 1 s",
     "multiphase/compressibleInterDyMFoam/laminar/sloshingTank2D"),
])
def test_selection_classes(text: str, tutorial: str) -> None:
    assert _best(text) == tutorial


@pytest.mark.parametrize("text, length, domain", [
    ("a half-full jar that moves back and forth by 0.05 m", "0.05 m", False),
    ("the flap swings sideways by 20 cm at 0.5 Hz", "20 cm", False),
    ("piston with a stroke of 30 mm in a 0.2 m long cylinder", "30 mm", False),
    ("piston with a stroke of 30 mm in a 0.2 m long cylinder", "0.2 m", True),
])
def test_how_far_a_body_moves_is_no_size_of_the_domain(text: str, length: str, domain: bool) -> None:
    from tasks.plan.generic import describes_domain
    from tasks.plan.stated import read_stated

    q = next(q for q in read_stated(text) if q.text == length)
    assert describes_domain(text, q) is domain


@pytest.mark.parametrize("text, noun", [
    ("a cylindrical tank", "cylinder"),
    ("a spherical drop", "sphere"),
    ("an annular gap between two pipes", "annulus"),
    ("flow in a rectangular duct", "rectangle"),
])
def test_a_shape_adjective_names_its_noun(text: str, noun: str) -> None:
    from tasks.plan.select_words import _stem, words_of

    assert _stem(noun) in words_of(text)
