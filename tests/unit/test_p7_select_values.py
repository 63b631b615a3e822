"""Session-7 selection classes: physics stated only through values (a Mach number or a gas speed,
a Reynolds number, an iteration count or a physical time, two temperatures), everyday names of the
method (a packed bed, a linearised free surface, liquid flashing to vapour, a water spray, pressure
waves in a liquid, a meniscus), time schemes of solvers whose names mislead, and a physics phrase's
usual tutorial yielding to the tutorial whose geometry the request describes."""

from pathlib import Path

import pytest

from tasks.plan.select import (
    _described_free_surface,
    _is_steady,
    _other_time_scheme,
    rank,
    request_features,
    solver_hints,
    tutorial_records,
)
from tasks.plan.select_values import distinct_temperatures, flow_reynolds, regime_of, regime_words, value_cues
from tasks.plan.extract import quantities

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("text, compressible", [
    ("freestream 250 m/s over a wing profile", True),
    ("air at 900 km/h past a body", True),
    ("Mach 0.72 around an aerofoil", True),
    ("Mach 0.1 in a duct", None),
    ("inlet 10 m/s, pitzDaily", None),
    ("water jet at 120 m/s from a nozzle", None),  # a liquid's speed: its sound speed is 1500 m/s
])
def test_compressible_from_values(text: str, compressible: bool | None) -> None:
    assert value_cues(text).compressible is compressible


@pytest.mark.parametrize("text, regime", [
    ("channel at Re 500", "laminar"),
    ("Reynolds number 100 past a cylinder", "laminar"),
    ("Re 1e5 over a plate", "RAS"),
    ("Re 5000 in a pipe", None),
    ("channel at Re_tau 395", None),  # a friction Reynolds number is no bulk one
    ("no Reynolds number here, 1 m/s", None),
])
def test_regime_from_reynolds(text: str, regime: str | None) -> None:
    assert regime_of(flow_reynolds(quantities(text))) == regime


@pytest.mark.parametrize("text, steady", [
    ("NACA 0012, 1000 iterations", True),
    ("box heaving in a basin, simulate five seconds", False),
    ("run to t = 2 ms", False),
    ("a duct with 0.1 m3/s", None),
])
def test_time_scheme_from_values(text: str, steady: bool | None) -> None:
    assert value_cues(text).steady is steady


@pytest.mark.parametrize("text, count", [
    ("hot wall 313.15 K, cold wall 288.15 K", 2),
    ("300 K and 26.85 degC", 1),  # one temperature written two ways
    ("air at 20 degC", 1),
])
def test_distinct_temperatures(text: str, count: int) -> None:
    assert distinct_temperatures(quantities(text)) == count


@pytest.mark.parametrize("mach, words", [
    (None, []), (0.5, []), (0.85, ["transonic"]), (2.0, ["supersonic"]), (6.0, ["hypersonic", "supersonic"]),
])
def test_regime_words(mach: float | None, words: list[str]) -> None:
    assert regime_words(mach) == words


@pytest.mark.parametrize("text, flag, value, steady, sim", [
    ("NACA 0012 profile, freestream 250 m/s, time-independent solution", "compressible", True, True, None),
    ("a box with walls at 300 K and 350 K, 500 iterations", "energy", True, True, None),
    ("air in a channel at Re 200, simulate 2 s", "compressible", None, False, "laminar"),
    ("water past a cylinder, Re 1e5, converged solution", "compressible", None, True, "RAS"),
    ("a tank shaken in time", "multiphase", None, False, None),
])
def test_features_take_value_cues(text: str, flag: str, value: bool | None, steady: bool | None,
                                  sim: str | None) -> None:
    f = request_features(text, None, None)
    assert (f.flags.get(flag), f.steady, f.simulation_type) == (value, steady, sim)


def test_words_win_over_values() -> None:
    f = request_features("incompressible air at 150 m/s, steady, 2 s end time, laminar, Re 1e6", None, None)
    assert (f.flags["compressible"], f.steady, f.simulation_type) == (False, True, "laminar")


@pytest.mark.parametrize("text, solver", [
    ("steady flow through a packed bed in a duct", "porousSimpleFoam"),
    ("air pushed through a bed of gravel", "porousSimpleFoam"),
    ("a box heaving in a basin, linearised free surface", "potentialFreeSurfaceFoam"),
    ("small waves on a potential surface", "potentialFreeSurfaceFoam"),
    ("liquid flashing to vapour in an orifice", "cavitatingFoam"),
    ("vapour pockets in a throttle", "cavitatingFoam"),
    ("pressure waves through the liquid after a valve opens", "sonicLiquidFoam"),
    ("taking the compressibility of the water into account", "sonicLiquidFoam"),
    ("a water spray evaporating in warm air", "reactingParcelFoam"),
    ("a meniscus rising in a gap, contact angle 45 degrees", "interFoam"),
    ("a jet from a nozzle with shock diamonds", "rhoCentralFoam"),
    ("a nozzle exhausting at Mach 2 (supersonic)", "rhoCentralFoam"),
])
def test_everyday_method_names(text: str, solver: str) -> None:
    assert solver in solver_hints(text), f"{text!r}: {sorted(solver_hints(text))}"


def test_mach_number_names_the_regime() -> None:
    f = request_features("gas leaving a nozzle at Mach 2 into still air", None, None)
    assert "rhoCentralFoam" in f.hint_strength


@pytest.mark.parametrize("solver, steady", [
    ("potentialFoam", True), ("overPotentialFoam", True), ("potentialFreeSurfaceFoam", False),
    ("potentialFreeSurfaceDyMFoam", False), ("simpleFoam", True), ("pimpleFoam", False),
])
def test_steady_solver_names(solver: str, steady: bool) -> None:
    assert _is_steady(solver) is steady


def test_laplacian_runs_either_way() -> None:
    for text in ("steady conduction in a flange", "transient conduction in a flange, 3 s"):
        assert not _other_time_scheme("laplacianFoam", request_features(text, None, None), switchable=False)


@pytest.mark.parametrize("solver, free_surface", [
    ("potentialFreeSurfaceFoam", True), ("potentialFreeSurfaceDyMFoam", True), ("pimpleFoam", False),
    ("interFoam", False),
])
def test_free_surface_described(solver: str, free_surface: bool) -> None:
    assert _described_free_surface(solver) is free_surface


@needs_tutorials
@pytest.mark.parametrize("text, solvers, tutorial", [
    ("steady flow through a packed bed in a straight duct, 0.1 m3/s", {"porousSimpleFoam"}, None),
    # an oscillating box moves: either oscillatingBox (session 10 prefers the moving-mesh one)
    ("oscillating box in a water basin, linearised free surface, 5 s",
     {"potentialFreeSurfaceFoam", "potentialFreeSurfaceDyMFoam"}, None),
    ("Liquid flashing to vapour in a small orifice: high pressure water through a constriction, 1 ms",
     {"cavitatingFoam", "interPhaseChangeFoam"}, None),
    ("a meniscus creeping up a 1 mm channel, water wetting the walls at 45 degrees, air on top",
     {"interFoam"}, "multiphase/interFoam/laminar/capillaryRise"),
    ("water spray evaporating in a hot air stream in a vertical channel, 0.2 s",
     {"reactingParcelFoam", "simpleReactingParcelFoam"}, None),
    ("NACA 0012 profile, freestream 250 m/s, density varies, time-independent solution, 1000 iterations",
     {"rhoSimpleFoam"}, "compressible/rhoSimpleFoam/aerofoilNACA0012"),
    ("0.1 ms after a valve bursts on a vessel of pressurised water, pressure waves in the liquid",
     {"sonicLiquidFoam"}, None),
    ("compressible flow through a nozzle at Mach 2 exhausting into still air, shock cells of the jet",
     {"rhoCentralFoam"}, "compressible/rhoCentralFoam/LadenburgJet60psi"),
    ("Tall air-filled box: 313.15 K on one side wall, 288.15 K on the opposite one, steady",
     {"buoyantSimpleFoam", "buoyantBoussinesqSimpleFoam"}, "heatTransfer/buoyantSimpleFoam/buoyantCavity"),
])
def test_everyday_requests_pick_the_method(text: str, solvers: set[str], tutorial: str | None) -> None:
    best = rank(request_features(text, None, None), tutorial_records(TUTORIALS), limit=1)[0]
    assert best.record.solver in solvers, (best.record.case, best.why)
    if tutorial:
        assert best.record.case == tutorial, (best.record.case, best.why)


@needs_tutorials
def test_physics_phrase_tutorial_yields_to_described_geometry() -> None:
    """'natural convection' routes to hotRoom; a request that describes a tall cavity gets no
    named-flow points for hotRoom, only for the tutorial named by the flow when nothing else fits."""
    records = tutorial_records(TUTORIALS)
    described = rank(request_features("steady natural convection of air in a tall cavity", None, None), records, 0)
    hot_room = next(c for c in described if c.record.case == "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom")
    assert not any("flow named" in w and "solver" not in w for w in hot_room.why)
    plain = rank(request_features("steady natural convection in a room with a heater", None, None), records, 1)[0]
    assert plain.record.case == "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"


@pytest.mark.parametrize("text, name, present", [
    ("the Pitz-Daily step", "pitzdaily", True),
    ("the T-junction case", "tjunction", True),
    ("the DTC hull at 1.6 m/s", "dtchull", True),
    ("Benard cells with a 2 K difference", "benardcells", True),
    ("heat transfer in a pipe", "heattransfer", False),  # ordinary words of the physics, no name
    ("30 m/s inlet", "30ms", False),
])
def test_joined_names(text: str, name: str, present: bool) -> None:
    from tasks.plan.select import joined_names
    assert (name in joined_names(text)) is present


@needs_tutorials
@pytest.mark.parametrize("text, tutorial", [
    ("the Pitz-Daily step, inlet 12 m/s", "incompressible/simpleFoam/pitzDaily"),
    ("the T-junction case for 0.3 s", "incompressible/pimpleFoam/RAS/TJunction"),
    ("the motor bike, 20 m/s", "incompressible/simpleFoam/motorBike"),
    ("the DTC hull at 1.6 m/s", "multiphase/interFoam/RAS/DTCHull"),
    ("Benard cells with a 2 K difference", "heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells"),
    ("the square bend, hot gas at 0.3 kg/s", "compressible/rhoSimpleFoam/squareBend"),
])
def test_tutorial_named_loosely(text: str, tutorial: str) -> None:
    best = rank(request_features(text, None, None), tutorial_records(TUTORIALS), limit=1)[0]
    assert best.record.case == tutorial, (best.record.case, best.why)


@needs_tutorials
def test_loose_name_yields_to_a_method_called_by_name() -> None:
    best = rank(request_features("irrotational ideal flow through a T-junction", None, None),
                tutorial_records(TUTORIALS), limit=1)[0]
    assert best.record.solver == "potentialFoam"


@pytest.mark.parametrize("solver, steady", [
    ("adjointShapeOptimizationFoam", True), ("solidEquilibriumDisplacementFoam", True), ("boundaryFoam", True),
    ("solidDisplacementFoam", False), ("rhoPimpleFoam", False),
])
def test_steady_from_the_solvers_own_description(solver: str, steady: bool) -> None:
    assert _is_steady(solver) is steady


@pytest.mark.parametrize("text, flag, value", [
    ("the impeller region rotates with a sliding interface to the tank", "multiphase", None),  # a mesh interface
    ("a box floating on water", "multiphase", True),
    ("sea waves, water below air", "multiphase", True),
    ("a thermocouple in hot gas with radiation", "energy", True),
])
def test_round2_flags(text: str, flag: str, value: bool | None) -> None:
    assert request_features(text, None, None).flags.get(flag) is value


@pytest.mark.parametrize("text, solver", [
    ("wind turbine rotor represented by an actuator disk", "simpleFoam"),
    ("a paddle turning in a tank on a sliding mesh", "pimpleFoam"),
    ("regular Stokes waves generated in a wave flume", "interFoam"),
    ("a box floating on water with six degrees of freedom", "interFoam"),
    ("vapour bubbles nucleate at a heated wall", "reactingTwoPhaseEulerFoam"),
    ("a water sheet draining over a tube, surface-only model", "liquidFilmFoam"),
    ("put the whole mesh in the fan's rotating coordinate system", "SRFPimpleFoam"),
    ("thermal radiation from the walls to a sensor in hot gas", "buoyantPimpleFoam"),
])
def test_round2_method_names(text: str, solver: str) -> None:
    assert solver in solver_hints(text), f"{text!r}: {sorted(solver_hints(text))}"


@needs_tutorials
@pytest.mark.parametrize("text, solvers", [
    ("wind turbine rotor represented by an actuator disk, steady, 15 m/s wind", {"simpleFoam"}),
    ("rotating fan in a room, transient, turbulent, 2 s", {"pimpleFoam"}),
    ("2D stirred vessel with a rotating impeller on a sliding mesh, laminar, 5 s", {"pimpleFoam"}),
    ("subcooled boiling of water on a heated pipe wall, vapour bubbles, two-fluid", {"reactingTwoPhaseEulerFoam"}),
    ("floating box released in a water tank, rigid body motion, 3 s", {"interFoam"}),
    ("Topology optimisation of the step channel for least pressure loss, steady, adjoint method",
     {"adjointShapeOptimizationFoam"}),
    ("thermocouple bead in a hot gas stream, radiation, transient, 10 s", {"buoyantPimpleFoam"}),
])
def test_round2_requests_pick_the_method(text: str, solvers: set[str]) -> None:
    best = rank(request_features(text, None, None), tutorial_records(TUTORIALS), limit=1)[0]
    assert best.record.solver in solvers, (best.record.case, best.why)


@pytest.mark.parametrize("text, flag, value", [
    ("blood flowing through a T-junction, shear-thinning", "non_newtonian", True),
    ("a Bingham plastic in a pipe", "non_newtonian", True),
    ("water in a pipe", "non_newtonian", None),
    ("a cylinder in a stream at Re 100, shedding", "non_newtonian", None),
])
def test_non_newtonian_flag(text: str, flag: str, value: bool | None) -> None:
    assert request_features(text, None, None).flags.get(flag) is value


def test_shedding_is_transient() -> None:
    assert request_features("a cylinder in a stream, shedding", None, None).steady is False


@needs_tutorials
@pytest.mark.parametrize("text, not_area", [
    ("a cylinder in a stream at Re 100, shedding", "finiteArea/"),  # no liquid film on a cylinder
    ("thermocouple bead in a hot gas stream, radiation, transient, 10 s", "discreteMethods/"),
])
def test_other_physics_areas_need_their_words(text: str, not_area: str) -> None:
    best = rank(request_features(text, None, None), tutorial_records(TUTORIALS), limit=1)[0]
    assert not best.record.case.startswith(not_area), best.record.case


@needs_tutorials
@pytest.mark.parametrize("text, tutorial", [
    ("a plate with a hole pulled at 10 kPa, time-dependent", "stressAnalysis/solidDisplacementFoam/plateHole"),
    ("steel cantilever beam with a load at its free end, static stress, E 200 GPa",
     "stressAnalysis/solidEquilibriumDisplacementFoam/beamEndLoad"),
    ("air at 900 km/h past a wing profile, 2 ms", "compressible/sonicFoam/RAS/nacaAirfoil"),
])
def test_other_areas_and_values_round3(text: str, tutorial: str) -> None:
    best = rank(request_features(text, None, None), tutorial_records(TUTORIALS), limit=1)[0]
    assert best.record.case == tutorial, (best.record.case, best.why)


@needs_tutorials
def test_non_newtonian_tutorials_are_known() -> None:
    from tasks.plan.select import _record_flags
    flagged = {r.case for r in tutorial_records(TUTORIALS) if _record_flags(r)["non_newtonian"]}
    assert {"incompressible/nonNewtonianIcoFoam/offsetCylinder",
            "incompressible/pimpleFoam/RAS/TJunctionArrheniusBirdCarreauTransport"} <= flagged
    assert "incompressible/icoFoam/cavity/cavity" not in flagged


@needs_tutorials
@pytest.mark.parametrize("case, porous, rotates, non_newtonian", [
    ("incompressible/porousSimpleFoam/straightDuctImplicit", True, False, False),
    ("incompressible/pisoFoam/laminar/porousBlockage", True, False, False),
    ("incompressible/pimpleFoam/laminar/mixerVesselAMI2D", False, True, False),
    ("incompressible/simpleFoam/rotorDisk", False, True, False),
    ("incompressible/nonNewtonianIcoFoam/offsetCylinder", False, False, True),
    ("incompressible/icoFoam/cavity/cavity", False, False, False),
    ("", False, False, False),
])
def test_tutorial_files_physics(case: str, porous: bool, rotates: bool, non_newtonian: bool) -> None:
    from tasks.plan.select_records import non_newtonian_cached, porous_cached, rotates_cached
    path = str(TUTORIALS / case) if case else ""
    assert (porous_cached(path), rotates_cached(path), non_newtonian_cached(path)) == (porous, rotates, non_newtonian)


@pytest.mark.parametrize("text, solver", [
    ("molten metal poured into a mould, air escaping", "interFoam"),
    ("rain droplets tracked individually, no effect on the air", "icoUncoupledKinematicParcelFoam"),
    ("a gas leak mixing into the air of a room", "rhoSimpleFoam"),
])
def test_round3_method_names(text: str, solver: str) -> None:
    assert solver in solver_hints(text), f"{text!r}: {sorted(solver_hints(text))}"


@pytest.mark.parametrize("text, steady", [
    ("a passive scalar carried by a frozen flow over a backward-facing step, inlet 5 m/s, run 40 iterations", None),
    ("dye carried through the channel, 200 iterations", None),  # a transient method named: its steps
    ("flow over a backward-facing step, inlet 10 m/s, 400 iterations", True),
    ("steady flow past a cylinder, 400 iterations", True),
])
def test_an_iteration_count_is_steady_only_without_a_transient_method_named(text, steady):
    from tasks.plan.select import request_features

    assert request_features(text, None, None).steady is steady
