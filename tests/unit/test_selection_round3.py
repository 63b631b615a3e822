"""Round-3 selection classes, from plain (non-native, student) phrasings: physics said in everyday
words (faster than sound, no fan, gas and liquid, one phase, a cloud of drops), the method's
everyday names (canonical/solvers.yaml `also`), N-phase VOF only when more than two phases are
asked for, particles carried by a continuum method the request names, a solid-only multi-region
case kept from flow requests."""

from pathlib import Path

import pytest

from tasks.plan.select import _n_phase_vof, rank, request_features, solver_hints, tutorial_records

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("text, flag, value", [
    ("the gas moves faster than sound over a ramp", "compressible", True),
    ("flow speed is above the speed of sound", "compressible", True),
    ("a bubble of air that is compressed by the water", "compressible", True),
    ("nobody blows, no fan, the warm plate heats the air", "buoyancy", True),
    ("air rises above a hot cylinder", "buoyancy", True),
    ("gas and liquid in a vertical pipe", "multiphase", True),
    ("a drop of oil rises in water", "multiphase", True),
    ("harbour water level, one phase only, free surface", "multiphase", False),
    ("the pressure drop along a straight duct", "multiphase", None),
    ("a cloud of droplets carried by air", "lagrangian", True),
])
def test_everyday_physics_words(text: str, flag: str, value: bool | None) -> None:
    assert request_features(text, None, None).flags.get(flag) is value


@pytest.mark.parametrize("text, solver", [
    ("electric charge sits on two plates", "electrostaticFoam"),
    ("vapour bubbles appear on the pump blade", "interPhaseChangeFoam"),
    ("vapor bubbles inside an injector", "cavitatingFoam"),
    ("gasoline is injected into the cylinder", "sprayFoam"),
    ("an explosion inside an offshore module", "PDRFoam"),
    ("a thin liquid film on an inclined plate", "liquidFilmFoam"),
    ("water boils at the bottom of a kettle", "reactingTwoPhaseEulerFoam"),
    ("moisture condense on a window", "interCondensatingEvaporatingFoam"),
    ("tracer particles released in a ventilated room", "icoUncoupledKinematicParcelFoam"),
    ("a furnace, big temperature difference, density changes", "buoyantPimpleFoam"),
    ("three liquids layered in a beaker", "multiphaseInterFoam"),
    ("paint whose viscosity depends on shear", "nonNewtonianIcoFoam"),
    ("sand grains with four-way coupling", "DPMFoam"),
    ("gas and catalyst powder as two fluids", "twoPhaseEulerFoam"),
    ("tide rises in an estuary", "potentialFreeSurfaceFoam"),
    ("a bullet going faster than sound", "rhoCentralFoam"),
    ("a gas burner on a kitchen stove", "reactingFoam"),
    ("silt and mud settle in a reservoir", "driftFluxFoam"),
    ("turbulence decay in a periodic box", "dnsFoam"),
])
def test_everyday_method_names(text: str, solver: str) -> None:
    assert solver in solver_hints(text), f"{text!r}: {sorted(solver_hints(text))}"


@pytest.mark.parametrize("solver, n_phase", [
    ("multiphaseInterFoam", True), ("interMixingFoam", True), ("interFoam", False),
    ("compressibleInterFoam", False), ("multiphaseEulerFoam", False), ("twoPhaseEulerFoam", False),
    ("simpleFoam", False),
])
def test_n_phase_vof(solver: str, n_phase: bool) -> None:
    assert _n_phase_vof(solver) is n_phase


def _top(text: str) -> str:
    candidates = rank(request_features(text, None, None), tutorial_records(TUTORIALS), 1)
    return candidates[0].record.case


@needs_tutorials
@pytest.mark.parametrize("text, check", [
    # everyday physics words
    ("air goes faster than sound past a small step", lambda c: "/rhoCentralFoam/" in c),
    ("a warm wall and still air, no fan, the air moves by itself", lambda c: "/buoyant" in c),
    ("the sea in a bay, single phase model, free surface by pressure",
     lambda c: "/potentialFreeSurfaceFoam/" in c),
    ("a cloud of drops sprayed in warm air, they evaporate, nothing burns", lambda c: "ParcelFoam/" in c
     or "/sprayFoam/" in c),
    # the method's everyday names
    ("metal housing with a hot chip inside, air from a fan cools it", lambda c: "/chtMultiRegion" in c),
    ("explosion of a gas cloud among many pipes and obstacles", lambda c: "/PDRFoam/" in c),
    ("gas burner flame, fuel and oxidizer not mixed before", lambda c: "/reactingFoam/" in c
     or "/rhoReactingFoam/" in c),
    ("a jet of liquid breaks into drops, interface between water and air", lambda c: "/interFoam/" in c),
    # particles carried by the continuum method the request names
    ("fine sand particles settle down with the mud in a basin", lambda c: "/driftFluxFoam/" in c),
    # a solid-only multi-region case is no base for a flow
    ("airliner wing at high speed near sound speed, steady", lambda c: "jouleHeatingSolid" not in c),
    ("ship hull moving through sea water", lambda c: "/interFoam/" in c and "Hull" in c),
])
def test_class_picks(text: str, check) -> None:
    case = _top(text)
    assert check(case), f"{text!r} picked {case}"


@pytest.mark.parametrize("text, flag, value", [
    ("warm and cold streams meet, buoyancy is ignored", "buoyancy", False),
    ("neglecting buoyancy, a heated duct", "buoyancy", False),
    ("a hot block in a box, gravity is neglected", "buoyancy", False),
    ("combustion is not considered, a cold spray of water", "combustion", False),
    ("a non-rotating drum full of water", "mrf", None),
    ("buoyancy drives the flow in the cellar", "buoyancy", True),
    ("non-premixed flame of propane", "combustion", True),
])
def test_physics_switched_off(text: str, flag: str, value: bool) -> None:
    assert request_features(text, None, None).flags.get(flag) is value


@pytest.mark.parametrize("text, sim", [
    ("water around a pebble, no turbulence", "laminar"),
    ("not turbulent, slow oil in a gap", "laminar"),
    ("non-turbulent jet", "laminar"),
    ("turbulent jet of air", "RAS"),
])
def test_turbulence_negated(text: str, sim: str) -> None:
    assert request_features(text, None, None).simulation_type == sim


@needs_tutorials
@pytest.mark.parametrize("text, check", [
    # a family's shared name ('overset') brings none of a member's extra physics
    ("a paddle moving inside the domain on an overset grid", lambda c: "/overPimpleDyMFoam/" in c),
    ("two overlapping meshes, one part moving, incompressible", lambda c: "/overPimpleDyMFoam/" in c),
    # a physics word is no geometry word
    ("slow fluid passes a ball, no turbulence, over time", lambda c: "dnsFoam" not in c),
    # everyday names of a tutorial's geometry (canonical/tutorials.yaml)
    ("wind blowing across mountains where turbines stand", lambda c: c.endswith("turbineSiting")),
    ("water molecules as atoms in a cube, molecular dynamics", lambda c: "molecularDynamics" in c),
])
def test_class_picks_round3b(text: str, check) -> None:
    case = _top(text)
    assert check(case), f"{text!r} picked {case}"
