"""Session-9 selection classes: the solver and tutorial chosen from how users describe the physics,
not from solver names. A named flow's phrase said in another word order or with inflected words
("the dam that breaks"), negated ("the dam is not breaking"); a liquid that turns to vapour because
its pressure falls (no heat); a part turning inside a container (a rotating zone); everyday words of
a porous resistance; every solver of canonical/solvers.yaml has everyday names (`also`).
The paraphrases here are not the session's probes."""

from pathlib import Path

import pytest
import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.plan.request import named_model
from tasks.plan.select import rank, request_features, tutorial_records
from tasks.plan.select_features import pressure_vaporises, rotating_frame
from tasks.plan.select_words import normal_text, solver_hints
from tasks.retrieval.router import classify, load_ontology, phrase_roots, word_root

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("a, b", [
    ("breaking", "break"), ("breaks", "break"), ("broken", "break"), ("bubbles", "bubble"),
    ("stirrer", "stirred"), ("stirring", "stir"), ("heater", "heated"), ("shedding", "shed"),
    ("vortices", "vortex"), ("sloshes", "sloshing"), ("columns", "column"), ("tanks", "tank"),
])
def test_word_root_reduces_inflections_alike(a: str, b: str) -> None:
    assert word_root(a) == word_root(b)


@pytest.mark.parametrize("a, b", [("water", "wat"), ("glass", "gla"), ("dam", "damp"), ("room", "roof")])
def test_word_root_keeps_other_words_apart(a: str, b: str) -> None:
    assert word_root(a) != word_root(b)


def test_phrase_roots_drop_function_words_and_flow() -> None:
    assert phrase_roots("dam break") == ("dam", "break")
    assert phrase_roots("flow past a cylinder") == ("cylind",)


@pytest.mark.parametrize("text, phrase", [
    # another word order, inflected words
    ("a dam breaking inside a glass box", "dam break"),
    ("what happens after the dam broke", "dam break"),
    ("a tank whose contents slosh from side to side", "sloshing tank"),
    ("gas bubbles rising in a tall column", "bubble column"),
    ("the shedding of vortices from a square post", "vortex shedding"),
    ("a tank being stirred by an impeller", "stirred tank"),
    ("a step that faces backward in a channel", "backward-facing step"),
    ("an office room heated from the floor", "heated room"),
    ("the impeller of a centrifugal pump", "pump impeller"),
    ("a tube in which a shock travels", "shock tube"),
])
def test_router_finds_a_flow_said_in_another_order(text: str, phrase: str) -> None:
    assert phrase in [p.phrase for p in classify(text, load_ontology()).phrases]


@pytest.mark.parametrize("text, phrase", [
    ("the dam did not break, the water stays", "dam break"),  # negated inside the span
    ("no sloshing in the tank please", "sloshing tank"),  # negated before it
    ("a heated box oscillating inside a room", "heated room"),  # the heat is the box's, words too far apart
    ("a dam upstream of the town; downstream the river bed is dry and the bridge may break", "dam break"),
    ("a cylinder in a stream", "flow past a cylinder"),  # one content word: left to the exact phrase
])
def test_router_leaves_words_that_do_not_name_the_flow(text: str, phrase: str) -> None:
    assert phrase not in [p.phrase for p in classify(text, load_ontology()).phrases]


@pytest.mark.parametrize("text, by_pressure", [
    ("the pressure drops below the saturation pressure behind the valve", True),
    ("propeller blades where the vapor pressure is reached", True),
    ("low pressure zones behind the orifice fill with vapour", True),
    ("the pressure falls so low that bubbles appear", True),
    ("water boiling on a heated plate", False),
    ("a pressure drop of 2 bar across the filter", False),
])
def test_pressure_vaporises(text: str, by_pressure: bool) -> None:
    assert pressure_vaporises(normal_text(text)) is by_pressure


@pytest.mark.parametrize("text, energy", [
    ("water boils in the valve where the pressure drops below the vapour pressure, 1 ms", None),
    ("orifice plate: the liquid flashes and boils as its pressure falls below the saturation pressure", None),
    ("water boils on a heated wall of a pipe, 2 s", True),
    ("boiling water in a kettle whose temperature is 100 degC while the pressure is so low elsewhere", True),
])
def test_boiling_by_low_pressure_asks_for_no_energy(text: str, energy: bool | None) -> None:
    features = request_features(text, None, None)
    assert features.flags.get("energy") is energy
    if energy is None:
        assert features.flags.get("multiphase") is True  # the liquid and its vapour
        assert "reactingTwoPhaseEulerFoam" not in features.hint_strength  # no wall boiling


@pytest.mark.parametrize("text, frame", [
    ("an agitator turning in a vessel of syrup", "zone"),
    ("a whisk spinning in a bowl of cream", "zone"),
    ("a propeller in a towing tank", "zone"),
    ("a stirred beaker", "zone"),
    ("the impeller of a centrifugal pump in a rotating frame of reference", "whole"),
    ("a wave tank with a flap paddle at one end", None),
    ("a stirrer", None),  # a rotating part alone says nothing of its container
])
def test_a_part_turning_inside_a_container_is_a_rotating_zone(text: str, frame: str | None) -> None:
    assert rotating_frame(text) == frame


@pytest.mark.parametrize("text", [
    "air forced through a sponge-like insert in a pipe, steady",
    "a honeycomb flow straightener in a wind tunnel, steady",
    "gas passing a perforated plate in a duct",
    "water seeping through a permeable block",
    "the cabin air filter of a car, 300 iterations",
])
def test_everyday_porous_words_ask_for_a_porous_zone(text: str) -> None:
    assert request_features(text, None, None).flags.get("porous") is True


def test_every_solver_has_everyday_words() -> None:
    data = yaml.safe_load((CANONICAL_DIR / "solvers.yaml").read_text())
    missing = [name for name, entry in data.items() if len((entry or {}).get("also") or []) < 3]
    assert not missing, f"solvers without at least 3 `also` words in canonical/solvers.yaml: {missing}"


@pytest.mark.parametrize("text, solver", [
    ("the sound generated by a vortex passing over an edge, weakly compressible air", "rhoPimpleAdiabaticFoam"),
    ("flow noise of a slow jet of air, the radiated sound matters", "rhoPimpleAdiabaticFoam"),
    ("hot exhaust gas through a catalytic converter, steady", "rhoPorousSimpleFoam"),
    ("heat carried by a frozen velocity field, only the energy equation", "thermoFoam"),
    ("a hot steel part quenched in a water bath", "chtMultiRegionTwoPhaseEulerFoam"),
    ("sand particles moved by a pre-calculated velocity field", "uncoupledKinematicParcelFoam"),
    ("iron particles oxidising in hot air, heterogeneous reactions", "reactingHeterogenousParcelFoam"),
    ("surfactant transport along a flat surface", "surfactantFoam"),
    ("four phases each with its own velocity, oil water air and mercury", "multiphaseEulerFoam"),
    ("the combustion in an engine, the flame after the spark", "XiEngineFoam"),
    ("a slow creeping flow of a very viscous liquid", "icoFoam"),
    ("a cooling fin of aluminium with air blowing over it", "chtMultiRegionFoam"),
])
def test_everyday_words_name_the_method(text: str, solver: str) -> None:
    hints = solver_hints(text)
    assert solver in hints and hints[solver] == max(hints.values()), hints


def _best(text: str) -> str:
    best = rank(request_features(text, None, named_model(text)), tutorial_records(TUTORIALS), limit=1)[0]
    return best.record.solver or ""


@needs_tutorials
@pytest.mark.parametrize("text, solver", [
    ("the dam that broke: a water column falls over in a box, 1 s", "interFoam"),
    ("a container half full of oil sloshing as it is rocked, 3 s", "interFoam"),
    ("orifice in a water line: the pressure drops below the vapour pressure and the water boils, 50 us",
     "cavitatingFoam"),
    ("an agitator in a vessel, steady turbulent mixing, 500 iterations", "simpleFoam"),
    ("steady air flow through a honeycomb flow straightener in a duct, 100 iterations", "porousSimpleFoam"),
    ("Mach 4 gas over a compression ramp, end 0.05", "rhoCentralFoam"),
    ("gas bubbles rising through a liquid column as interpenetrating phases, 3 s", "twoPhaseEulerFoam"),
])
def test_described_physics_picks_the_solver(text: str, solver: str) -> None:
    assert _best(text) == solver
