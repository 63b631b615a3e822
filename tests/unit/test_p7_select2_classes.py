"""Session-7 second-wave selection classes: a stated turbulence model rules out a laminar-only
solver; a variant of a tutorial is picked by the word that tells it apart ('clipped', 'graded',
'coupled'); words of a tutorial's name count by how few names carry them ('prism', 'biconic',
'thermocouple'); radiation and a moving mesh, when stated, must be carried by the base; and a wave's
height or amplitude is no size of the domain."""

from pathlib import Path

import pytest

from tasks.plan.generic import describes_domain
from tasks.plan.request import named_model
from tasks.plan.select import _laminar_only, description_of, rank, request_features, tutorial_records
from tasks.plan.select_names import (
    abbreviates,
    added_words,
    all_name_words_said,
    base_leaf,
    request_words,
    camel_words,
    clause_roots,
    name_word_counts,
    name_word_points,
    name_words_said,
    root,
    said_roots,
    tutorial_name_words,
)
from tasks.plan.select_records import carries_radiation, moves_mesh
from tasks.plan.stated import StatedQuantity

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("a, b, same", [
    ("graded", "Grade", True), ("clipped", "Clipped", True), ("clip", "clipped", True),
    ("radiating", "Radiation", True), ("radiative", "radiation", True), ("splashing", "splash", True),
    ("boxes", "box", True), ("cavities", "cavity", True), ("waves", "wave", True),
    ("room", "rooms", True), ("wall", "walls", True),
    ("heater", "heated", False), ("prism", "prison", False), ("cone", "cylinder", False),
])
def test_root_joins_forms_of_one_word(a: str, b: str, same: bool) -> None:
    assert (root(a) == root(b)) is same


@pytest.mark.parametrize("part, words", [
    ("cavityCoupledU", ["cavity", "coupled", "u"]),
    ("biconic25-55Run35", ["biconic", "25", "55", "run", "35"]),
    ("hotRadiationRoomFvDOM", ["hot", "radiation", "room", "fv", "dom"]),
    ("TJunction", ["t", "junction"]),
])
def test_camel_words(part: str, words: list[str]) -> None:
    assert camel_words(part) == words


@pytest.mark.parametrize("case, words", [
    ("incompressible/pisoFoam/RAS/cavityCoupledU", ("cavity", "coupled")),
    ("incompressible/icoFoam/cavity/cavityClipped", ("cavity", "clipped")),
    ("heatTransfer/buoyantPimpleFoam/thermocoupleTestCase", ("thermocouple",)),  # 'test case' names no shape
    ("compressible/rhoCentralFoam/biconic25-55Run35", ("biconic",)),
    ("incompressible/porousSimpleFoam/angledDuct/explicit", ("angled", "duct")),
])
def test_tutorial_name_words(case: str, words: tuple[str, ...]) -> None:
    assert tutorial_name_words(case) == words


@pytest.mark.parametrize("text, case, said", [
    ("a clipped lid-driven cavity", "incompressible/icoFoam/cavity/cavityClipped", True),
    ("the cavity on the graded mesh", "incompressible/icoFoam/cavity/cavityGrade", True),
    ("a room with a radiating hot box", "heatTransfer/buoyantSimpleFoam/hotRadiationRoom", True),
    ("a lid-driven cavity", "incompressible/icoFoam/cavity/cavityClipped", False),
    ("a prism at Mach 3", "compressible/sonicFoam/RAS/prism", False),  # one word is no name written apart
    ("a meniscus up a 1 mm channel, water wetting the walls", "multiphase/interFoam/RAS/waterChannel", False),
    ("water enters the long inlet pipe and then, far downstream, a channel", "multiphase/interFoam/RAS/waterChannel",
     False),  # the words far apart
])
def test_all_name_words_said(text: str, case: str, said: bool) -> None:
    assert all_name_words_said(case, clause_roots(text)) is said


def test_rare_name_words_count_more_than_common_ones() -> None:
    cases = ["a/b/waterChannel", "a/b/verticalChannel", "a/c/verticalChannel", "a/b/injectionChannel", "a/b/prism"]
    counts = name_word_counts(cases)
    assert counts[root("channel")] == 3 and counts[root("vertical")] == 1  # one name under two solvers is one
    said = said_roots(["prism", "channel"])
    assert name_word_points(name_words_said("a/b/prism", said), counts) > \
        name_word_points(name_words_said("a/b/waterChannel", said), counts) > 0


@pytest.mark.parametrize("short, word, yes", [
    ("expt", "experimental", True), ("temp", "temperature", True), ("expt", "expert", False),
    ("fan", "fantastic", False),  # too short to abbreviate
    ("inlet", "inlet", False),  # the same word is said, not abbreviated
])
def test_abbreviates(short: str, word: str, yes: bool) -> None:
    assert abbreviates(short, word) is yes


LEAVES = frozenset({"pitzDaily", "pitzDailyExptInlet", "cavity", "cavityClipped", "TJunction", "TJunctionFan",
                    "angledDuct", "angledDuctLTS", "damBreak", "damBreakWithObstacle", "boxTurb16"})


@pytest.mark.parametrize("case, base, added", [
    ("incompressible/simpleFoam/pitzDailyExptInlet", "pitzDaily", ["expt", "inlet"]),
    ("incompressible/icoFoam/cavity/cavityClipped", "cavity", ["clipped"]),
    ("incompressible/pimpleFoam/RAS/TJunctionFan", "TJunction", ["fan"]),
    ("compressible/rhoPimpleFoam/RAS/angledDuctLTS", "angledDuct", []),  # a run variant adds no shape word
    ("multiphase/interFoam/laminar/damBreakWithObstacle", "damBreak", ["obstacle"]),
    ("incompressible/simpleFoam/pitzDaily", None, []),
])
def test_variant_and_its_base(case: str, base: str | None, added: list[str]) -> None:
    assert base_leaf(case, LEAVES) == base
    if base:
        assert added_words(case, base) == added


@pytest.mark.parametrize("solver, laminar_only", [
    ("icoFoam", True), ("nonNewtonianIcoFoam", True), ("sonicLiquidFoam", True), ("mhdFoam", True),
    ("pisoFoam", False), ("pimpleFoam", False), ("rhoPimpleAdiabaticFoam", False), ("sonicFoam", False),
])
def test_laminar_only_from_the_solvers_own_description(solver: str, laminar_only: bool) -> None:
    assert _laminar_only(solver) is laminar_only


@pytest.mark.parametrize("text, on", [
    ("radiation on;\nradiationModel P1;\n", True),
    ("radiation off;\nradiationModel none;\n", False),
    ("radiationModel fvDOM;\n", True),
])
def test_carries_radiation(tmp_path: Path, text: str, on: bool) -> None:
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant" / "radiationProperties").write_text(text)
    assert carries_radiation(tmp_path) is on


@pytest.mark.parametrize("mesh, moves", [
    ("dynamicMotionSolverFvMesh", True), ("dynamicOversetFvMesh", True), ("staticFvMesh", False),
    ("dynamicRefineFvMesh", False),  # adaptive refinement moves no point
])
def test_moves_mesh(tmp_path: Path, mesh: str, moves: bool) -> None:
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant" / "dynamicMeshDict").write_text(f"dynamicFvMesh   {mesh};\n")
    assert moves_mesh(tmp_path) is moves


@pytest.mark.parametrize("text, words", [
    ("radiation by fvDOM", ["radiation", "by", "fvdom", "fv", "dom"]),
    ("the pitzDaily step", ["the", "pitzdaily", "pitz", "daily", "step"]),
])
def test_request_words_split_camel_case(text: str, words: list[str]) -> None:
    assert request_words(text) == words


@pytest.mark.parametrize("case, sibling", [
    ("multiphase/cavitatingFoam/LES/throttle", "multiphase/cavitatingFoam/RAS/throttle"),
    ("multiphase/twoPhaseEulerFoam/laminar/fluidisedBed", "multiphase/twoPhaseEulerFoam/RAS/fluidisedBed"),
])
def test_a_sibling_under_another_turbulence_folder_shares_the_description(case: str, sibling: str) -> None:
    assert description_of(case) == description_of(sibling) != ()


def test_no_sibling_across_solvers() -> None:
    assert description_of("multiphase/reactingTwoPhaseEulerFoam/laminar/fluidisedBed") == ()


@pytest.mark.parametrize("text", ["an air-filled cavity heated from one side", "a differentially heated box"])
def test_heated_from_one_side_is_buoyant(text: str) -> None:
    assert request_features(text, None, None).flags.get("buoyancy") is True


def _best(text: str) -> str:
    best = rank(request_features(text, None, named_model(text)), tutorial_records(TUTORIALS), limit=1)[0]
    return best.record.case


@needs_tutorials
@pytest.mark.parametrize("text, tutorial", [
    # a stated turbulence model (or family) rules out the laminar-only solver of the flow's usual tutorial
    ("turbulent lid-driven cavity, transient, k-epsilon", "incompressible/pisoFoam/RAS/cavity"),
    ("unsteady lid-driven cavity, k-omega SST, lid 1 m/s", "incompressible/pisoFoam/RAS/cavity"),
    ("Transient RANS in a lid-driven box: 10.8 km/h lid, from t = 0 to 5 s", "incompressible/pisoFoam/RAS/cavity"),
    ("lid-driven cavity, laminar, lid 1 m/s, 0.5 s", "incompressible/icoFoam/cavity/cavity"),
    # the variant named by its distinguishing word
    ("clipped lid-driven cavity, lid 1 m/s, 1 s", "incompressible/icoFoam/cavity/cavityClipped"),
    ("Lid-driven cavity on the graded mesh, laminar, run until t = 1 s", "incompressible/icoFoam/cavity/cavityGrade"),
    ("turbulent lid-driven cavity solved with the coupled velocity solver", "incompressible/pisoFoam/RAS/cavityCoupledU"),
    ("the pitzDaily step with the experimental inlet profile", "incompressible/simpleFoam/pitzDailyExptInlet"),
    ("the pitzDaily step, steady, inlet 10 m/s", "incompressible/simpleFoam/pitzDaily"),
    ("turbulent T-junction with a fan", "incompressible/pimpleFoam/RAS/TJunctionFan"),
    # ... but not a steady tutorial named apart for a transient request, nor words of a clause apart
    ("turbulent backward-facing step flow for 1.5 s of physical time", "incompressible/pimpleFoam/RAS/pitzDaily"),
    ("a meniscus creeping up a 1 mm channel, water wetting the walls at 45 degrees, air on top",
     "multiphase/interFoam/laminar/capillaryRise"),
    # a word of a tutorial's name few names carry, the physics fitting
    ("supersonic flow past a prism at Mach 3", "compressible/sonicFoam/RAS/prism"),
    ("Nitrogen at 2.1 km/s over a 25-55 degree biconic body, shock-induced separation",
     "compressible/rhoCentralFoam/biconic25-55Run35"),
    ("Thermocouple in a heated box: three minutes of physical time", "heatTransfer/buoyantPimpleFoam/thermocoupleTestCase"),
    ("Open channel with a free surface: 20 m3/s of water through the inlet, 50 s", "multiphase/interFoam/RAS/waterChannel"),
    ("Evaporating spray in a vertical channel, inlets at 600 K and 500 K, 50 ms",
     "lagrangian/reactingParcelFoam/verticalChannel"),
    ("water drops splashing onto a panel with a liquid film", "lagrangian/reactingParcelFoam/splashPanel"),
    # stated physics the base must carry: radiation, a moving mesh, compressibility
    ("room with a radiating hot box, steady", "heatTransfer/buoyantSimpleFoam/hotRadiationRoom"),
    ("heated box oscillating inside a room, moving mesh", "heatTransfer/overBuoyantPimpleDyMFoam/movingBox"),
    ("Angled duct with porous block, compressible, end time 50", "compressible/rhoPimpleFoam/RAS/angledDuct"),
    ("Compressible stirred 2-D vessel (MRF), transient: 20 ms", "compressible/rhoPimpleFoam/RAS/mixerVessel2D"),
    ("Oscillating box under a free surface: five seconds, Co at most 0.2",
     "multiphase/potentialFreeSurfaceFoam/oscillatingBox"),
    ("steady room with a hot box, radiation by discrete ordinates (fvDOM)",
     "heatTransfer/buoyantSimpleFoam/hotRadiationRoomFvDOM"),
    # a turbulence folder's variants: RANS before LES when the request states neither
    ("throttle cavitatingFoam, inlet total pressure 200 bar, outlet 50 bar, 0.0005 s",
     "multiphase/cavitatingFoam/RAS/throttle"),
    ("I need the laminar fluidised bed case with twoPhaseEulerFoam, 1 s",
     "multiphase/twoPhaseEulerFoam/laminar/fluidisedBed"),
])
def test_stated_physics_and_name_words_pick_the_tutorial(text: str, tutorial: str) -> None:
    assert _best(text) == tutorial


@pytest.mark.parametrize("text, length, domain", [
    ("10 s of 5 cm high sea waves travelling along a channel, water below air.", "5 cm", False),
    ("waves 5 cm high in a flume 10 m long", "5 cm", False),
    ("waves 5 cm high in a flume 10 m long", "10 m", True),
    ("regular waves of 5 cm height in a tank, 10 s", "5 cm", False),
    ("waves with a height of 0.1 m in a 20 m long flume", "0.1 m", False),
    ("a channel 2 m long with 4 cm tall waves", "4 cm", False),
    ("a channel 2 m long with 4 cm tall waves", "2 m", True),
    ("swell 2 m high approaching a 50 m long breakwater", "2 m", False),
    ("a 5 cm wave in a 3 m long tank", "5 cm", False),
    ("a box oscillating with an amplitude of 2 cm under the water surface", "2 cm", False),
    ("a 3 m long wave tank", "3 m", True),
    ("a flume 10 m long where waves break", "10 m", True),
    ("a 10 cm high step in a channel", "10 cm", True),
])
def test_a_waves_size_is_no_size_of_the_domain(text: str, length: str, domain: bool) -> None:
    assert describes_domain(text, StatedQuantity(text=length, quantity="length", value=1.0, role="geometry")) is domain
