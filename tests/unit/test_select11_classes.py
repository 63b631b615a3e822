"""Session-11 selection classes: a physics word repeated bare after a phrase that asks for other
physics ('a sound wave ... the wave'); the dimension said as the space the flow is solved in; a
number a tutorial's name carries said by its word ('fifth-order Stokes'); a method's two-word name
with a qualifying word inside; fluids named as replaced, absent or compared are no phases; a method
called by its author's name ('Riemann'); a stage of a larger tutorial refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.request import named_model
from tasks.plan.select import rank, request_features, tutorial_records
from tasks.plan.select_anaphora import anaphoric_heads
from tasks.plan.select_numbered import name_numbers, numbered_name_points, said_ranks
from tasks.plan.select_phases import fluids_named, phases_stated
from tasks.plan.select_stages import mesh_stage, stage_refusal
from tasks.plan.select_wholename import said_dimension
from tasks.plan.select_words import eponyms_said, solver_hints

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _best(text: str) -> str:
    return rank(request_features(text, None, named_model(text)), tutorial_records(TUTORIALS), limit=1)[0].record.case


@pytest.mark.parametrize("text, multiphase", [
    # the bare noun refers back to the acoustic / shock / mesh phrase said first
    ("a pressure wave runs down a duct of air and the wave reflects at the closed end", False),
    ("Shock waves in nitrogen at 600 K: how do the waves interact behind the step?", False),
    ("rotor and stator joined by a sliding interface; the interface is non-conformal; 300 rpm", False),
    ("key: value -- signal: acoustic wave, 2 kHz; wave absorbed at the outlet; gas: air", False),
    # a water wave, or a free surface said besides, stays multiphase
    ("regular water waves in a flume; the wave height is 5 cm", True),
    ("an acoustic wave in the air above a free surface of water", True),
])
def test_a_bare_word_after_its_false_friend_is_that_phrase(text: str, multiphase: bool) -> None:
    assert bool(request_features(text, None, None).flags.get("multiphase")) is multiphase


def test_anaphoric_heads_only_for_flag_words() -> None:
    assert anaphoric_heads(" a sound wave passes ", ("sound wave", "pressure drop"), ("wave", "a drop of")) == \
        ("wave", "waves")
    assert anaphoric_heads(" a pressure drop ", ("sound wave", "pressure drop"), ("wave", "a drop of")) == ()


@pytest.mark.parametrize("text, dimension", [
    ("the fire plume is resolved in all three dimensions with LES", 3),
    ("solved in two space dimensions, laminar", 2),
    ("a 3 dimensional jet of air", 3),
    ("flow in one spatial dimension only, a long tube", 1),
    ("Q: can you do this in 2 dimensions?", 2),
    # the sizes of a room are no dimension of space
    ("the room's three dimensions are 4 m, 3 m and 2.5 m", None),
    ("the three dimensions of the box: 1 m each", None),
    ("2D and 3D both fine", None),
])
def test_dimension_said_as_the_space_solved_in(text: str, dimension: int | None) -> None:
    assert said_dimension(text) == dimension


@pytest.mark.parametrize("leaf, pairs", [
    ("stokesV", (("stokes", 5),)),
    ("stokesII", (("stokes", 2),)),
    ("boxTurb16", (("turb", 16),)),
    ("depthCharge2D", ()),
    ("damBreak4phase", ()),
    ("wallBoiling1D_3phase", ()),
])
def test_numbers_a_name_carries(leaf: str, pairs: tuple[tuple[str, int], ...]) -> None:
    assert name_numbers(leaf) == pairs


@pytest.mark.parametrize("text, best", [
    ("fifth-order Stokes waves, height 0.1 m, period 2 s", "stokesV"),
    ("key: wave theory = Stokes V; flume; 6 s", "stokesV"),
    ("Would you generate waves after Stokes (order two)?", "stokesII"),
    ("a Stokes wave of the first order, 1 m deep tank", "stokesI"),
    ("Stokes theory, 2nd order, laminar, 10 s", "stokesII"),
])
def test_the_number_said_by_the_names_word_picks_the_sibling(text: str, best: str) -> None:
    ranks = said_ranks(text)
    points = {leaf: numbered_name_points(f"multiphase/interFoam/laminar/waves/{leaf}", ranks)
              for leaf in ("stokesI", "stokesII", "stokesV")}
    assert max(points, key=points.__getitem__) == best
    assert points[best] > 0 and all(p < 0 for leaf, p in points.items() if leaf != best)


@pytest.mark.parametrize("text", [
    "Stokes waves, 1 m high, 5 s period",  # values, no rank
    "Stokes waves. I think 2 s is enough",
])
def test_values_near_the_word_are_no_rank(text: str) -> None:
    assert numbered_name_points("multiphase/interFoam/laminar/waves/stokesII", said_ranks(text)) == 0.0


@pytest.mark.parametrize("text, solver, present", [
    ("dam break with a sharp geometric interface reconstruction", "interIsoFoam", True),
    ("air forced through a loosely packed granular bed", "porousSimpleFoam", True),
    ("the free water surface in a tank", "interFoam", True),
    ("a thin falling liquid water film on a bar", "liquidFilmFoam", True),
    # a joining word between the two is two ideas, not one name
    ("a sharp and clean interface", "interIsoFoam", False),
])
def test_a_two_word_name_with_a_qualifier_inside(text: str, solver: str, present: bool) -> None:
    hints = solver_hints(text)
    assert (hints.get(solver, 0.0) >= 60.0) is present


@pytest.mark.parametrize("text, fluids", [
    ("dam break with oil instead of water, air above", {"oil", "air"}),
    ("replace the water with glycerol; air on top and mercury below", {"glycerol", "air", "mercury"}),
    ("the water is replaced by honey, with air above", {"honey", "air"}),
    ("water and air only, no mercury or oil", {"water", "air"}),
    ("a liquid denser than water with oil and air", {"oil", "air"}),
    ("a water-like liquid under air", {"air"}),
    ("water, oil, mercury and air side by side", {"water", "oil", "mercury", "air"}),
    ("water and air; the density of water is 998 kg/m3", {"water", "air"}),
])
def test_fluids_replaced_absent_or_compared_are_no_phases(text: str, fluids: set[str]) -> None:
    assert fluids_named(text) == fluids


def test_a_replaced_fluid_does_not_make_three_phases() -> None:
    assert phases_stated("dam break, oil rather than water, air above") == 2
    assert phases_stated("four fluids: water, oil, mercury, air") == 4


@pytest.mark.parametrize("text, found", [
    ("transonic bump, a Riemann solver for the fluxes", {"riemann": "rhoCentralFoam"}),
    ("central upwind after kurganov, Mach 3", {"kurganov": "rhoCentralFoam"}),
    ("duct flow at Hartmann number 20", {"hartmann": "mhdFoam"}),
    ("Black smoke from a chimney", {}),  # a short common word opening a sentence
    ("a flume without Coriolis forcing", {}),  # negated
])
def test_a_method_called_by_its_authors_name(text: str, found: dict[str, str]) -> None:
    assert eponyms_said(text) == found


@needs_tutorials
def test_a_stage_without_its_own_mesh_names_the_stage_that_makes_it() -> None:
    wing = TUTORIALS / "incompressible/pimpleFoam/RAS/wingMotion/wingMotion2D_pimpleFoam"
    assert mesh_stage(str(wing)) == "wingMotion_snappyHexMesh"
    box = TUTORIALS / "mesh/moveDynamicMesh/relativeMotion/box2D_moveDynamicMesh"
    assert mesh_stage(str(box)) == "box_snappyHexMesh"
    assert mesh_stage(str(TUTORIALS / "incompressible/icoFoam/cavity/cavity")) is None
    message = stage_refusal("incompressible/pimpleFoam/RAS/wingMotion/wingMotion2D_pimpleFoam", str(wing))
    assert message and "wingMotion_snappyHexMesh" in message and "--example" in message


@needs_tutorials
@pytest.mark.parametrize("text, best", [
    ("Sound waves in a 1D pipe of air; the wave should be damped near the exit by an acoustic damping zone; 10 ms",
     "compressible/rhoPimpleFoam/laminar/sineWaveDamping"),
    ("A small methane pool fire computed in three dimensions with LES, 1 s", "combustion/fireFoam/LES/smallPoolFire3D"),
    ("Could you set up fifth-order Stokes waves in a flume, laminar, 10 s?", "multiphase/interFoam/laminar/waves/stokesV"),
    ("I want to model water droplets sprayed onto a horizontal cylinder where they form a liquid film, laminar, 2 s",
     "lagrangian/reactingParcelFoam/cylinder"),
])
def test_the_classes_pick_the_tutorial(text: str, best: str) -> None:
    assert _best(text) == best


@pytest.mark.parametrize("text, heated", [
    # Boussinesq's wave theory: no heat, no buoyancy
    ("a solitary wave after Boussinesq theory in a flume, laminar", False),
    ("key: wave model = Boussinesq type solitary wave; depth 0.5 m", False),
    ("Could you send Boussinesq waves down a channel of still water?", False),
    # his buoyancy approximation
    ("a hot room with the Boussinesq approximation, 30 degC heater", True),
])
def test_boussinesq_wave_theory_is_no_buoyancy(text: str, heated: bool) -> None:
    flags = request_features(text, None, None).flags
    assert bool(flags.get("buoyancy") or flags.get("energy")) is heated


@pytest.mark.parametrize("text", [
    "dam break with oil instead of water, air above",
    "replace the water with glycerol; air on top; dam break",
])
def test_two_fluids_named_cost_a_four_phase_base(text: str) -> None:
    from tasks.plan.select_phases import phase_count_points
    features = request_features(text, None, None)
    four = [r for r in tutorial_records(TUTORIALS) if r.case.endswith("multiphaseInterFoam/laminar/damBreak4phase")]
    assert features.phases == 2
    assert not four or phase_count_points(four[0], features.phases, True, []) < 0
