"""Solver selection for requests that describe the physics without naming a solver
(tasks/plan/select.py, canonical/solvers.yaml, canonical/tutorials.yaml): one table per class of
mistake the probes found. The texts here are written for the tests, not copied from the probes."""

from __future__ import annotations

import pytest

from tasks.plan.generic import choose_base
from tasks.plan.request import build_context
from tasks.plan.select import (
    FOLDER_POINTS,
    MORE_PHRASE_POINTS,
    NAME_POINTS,
    PHRASE_POINTS,
    PLAIN_NAME_POINTS,
    _name_points,
    _record_flags,
    request_features,
    solver_hints,
    tutorial_records,
    words_of,
)
from tests.conftest import TUTORIALS


@pytest.fixture()
def tutorials():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    return TUTORIALS


def _top_solver(text: str, tutorials) -> str | None:
    ranked = choose_base(build_context(text, tutorials))
    return ranked[0].record.solver if ranked else None


# --- class: a physics word no solver's words knew -------------------------------------------


@pytest.mark.parametrize(("text", "solver"), [
    ("rarefied nitrogen at a Knudsen number of 0.5", "dsmcFoam"),
    ("direct simulation Monte Carlo of argon", "dsmcFoam"),
    ("pulverized coal burning in a boiler", "coalChemistryFoam"),
    ("coal dust cloud ignited in a sphere", "coalChemistryFoam"),
    ("a piston compresses the charge, crank angle from -180 to 0", "coldEngineFoam"),
    ("an ice block melting in warm water", "icoReactingMultiphaseInterFoam"),
    ("steam condensing on a chilled plate", "interCondensatingEvaporatingFoam"),
    ("Schnerr-Sauer mass transfer around a hydrofoil", "interPhaseChangeFoam"),
    ("barotropic liquid in an injector hole", "cavitatingFoam"),
    ("a vapour cloud explosion in a congested process plant", "PDRFoam"),
    ("water hammer in a pipeline after a valve closes", "sonicLiquidFoam"),
    ("settling of flocs in a clarifier", "driftFluxFoam"),
    ("gas and solids as interpenetrating continua with kinetic theory", "twoPhaseEulerFoam"),
    ("one-way coupled tracer particles in a room", "icoUncoupledKinematicParcelFoam"),
    ("droplet breakup of a dodecane jet", "sprayFoam"),
    ("ideal flow around a sphere", "potentialFoam"),
    ("a shear rate dependent viscosity of ketchup", "nonNewtonianIcoFoam"),
    ("four immiscible liquids in a box", "multiphaseInterFoam"),
    ("heat sink fins cooled by a fan", "chtMultiRegionFoam"),
    ("the temperature inside the solid and in the coolant", "chtMultiRegionFoam"),
    ("Mach 4 supersonic inlet ramp", "rhoCentralFoam"),
    ("flame wrinkling of a premixed propane flame", "XiFoam"),
    ("a pool fire under a ceiling", "fireFoam"),
    ("smoke from a burning sofa", "fireFoam"),
    ("a detailed reaction mechanism for hydrogen", "reactingFoam"),
    ("the electric field around an electrode", "electrostaticFoam"),
    ("a bar magnet's field", "magneticFoam"),
    ("the free surface height field of a harbour, single phase", "potentialFreeSurfaceFoam"),
    ("water droplets evaporate in a hot duct", "reactingParcelFoam"),
    ("Coriolis and the rotation of the earth on a lake", "shallowWaterFoam"),
])
def test_physics_words_point_to_their_solver(text, solver):
    hints = solver_hints(text)
    assert hints.get(solver, 0) >= PHRASE_POINTS, hints


@pytest.mark.parametrize(("text", "solver"), [
    ("direct simulation Monte Carlo of a gas", "dnsFoam"),  # DSMC is no DNS
    ("laminar flow with no turbulence model", "dnsFoam"),
    ("a compressible nozzle flow of an ideal gas", "buoyantSimpleFoam"),  # any gas is ideal
    ("a fully developed inlet profile for the pipe", "boundaryFoam"),
    ("Transonic solver shock tube", "rhoCentralFoam"),  # a shock tube is both solvers' geometry
])
def test_words_shared_by_other_physics_do_not_point_to_a_solver(text, solver):
    assert solver_hints(text).get(solver, 0) < PHRASE_POINTS


def test_more_names_of_a_method_earn_more():
    one = solver_hints("an irrotational flow")["potentialFoam"]
    two = solver_hints("an irrotational ideal flow")["potentialFoam"]
    assert (one, two) == (PHRASE_POINTS, PHRASE_POINTS + MORE_PHRASE_POINTS)


def test_a_name_inside_a_longer_one_counts_once():
    # 'pool fire' contains 'fire' (the description's 'fires' adds its word points)
    assert solver_hints("a pool fire")["fireFoam"] < PHRASE_POINTS + MORE_PHRASE_POINTS


# --- class: a word of the request read as physics it does not ask for ----------------------


@pytest.mark.parametrize(("text", "flag", "value"), [
    ("the shock wave reflects from the wall, supersonic", "multiphase", None),
    ("a pressure wave travels down the duct", "multiphase", None),
    ("acoustic waves in a resonator", "multiphase", None),
    ("water waves break on a beach", "multiphase", True),
    ("a non-isothermal vessel with a hot wall", "energy", True),  # 'non-isothermal' excludes nothing
    ("an isothermal water tank", "energy", False),
    ("flow through a packed bed of pebbles", "porous", True),
    ("a duct with a porous filter", "porous", True),
])
def test_flag_words_read_in_context(text, flag, value):
    assert request_features(text, None, None).flags.get(flag) == value


def test_a_time_step_is_no_geometry_word():
    assert "step" not in words_of("time step 0.001 s, timestep 1e-3")
    assert "step" in words_of("flow over a backward-facing step")


def test_dispersed_phase_words():
    assert request_features("droplets in a hot duct", None, None).dispersed
    assert not request_features("a water column collapses", None, None).dispersed


# --- class: a tutorial's physics flags misread from its files ---------------------------------


@pytest.mark.parametrize(("case", "flag", "value"), [
    ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "compressible", False),  # Boussinesq
    ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "compressible", True),
    ("lagrangian/coalChemistryFoam/simplifiedSiwek", "combustion", True),  # 'Chemistry' with a capital
    ("multiphase/cavitatingFoam/RAS/throttle", "compressible", True),  # the mixture's compressibility
    ("multiphase/interFoam/laminar/damBreak/damBreak", "compressible", False),
    ("multiphase/icoReactingMultiPhaseInterFoam/solidMelting2D", "combustion", False),  # phase change
    ("incompressible/pisoFoam/laminar/porousBlockage", "porous", True),  # porosity in fvOptions
    ("incompressible/pimpleFoam/laminar/planarPoiseuille", "porous", False),  # fvOptions, no porosity
    ("incompressible/icoFoam/cavity/cavity", "porous", False),
])
def test_record_flags(tutorials, case, flag, value):
    record = next((r for r in tutorial_records(tutorials) if r.case == case), None)
    if record is None:
        pytest.skip(f"{case} not installed")
    assert _record_flags(record)[flag] is value


# --- class: an ordinary noun taken for a tutorial's name ------------------------------------


@pytest.mark.parametrize(("name", "leaf", "mismatched", "points"), [
    ("pitzDaily", True, False, NAME_POINTS),
    ("Goldschmidt", True, True, NAME_POINTS),  # a proper name identifies the tutorial
    ("boxTurb16", True, False, NAME_POINTS),
    ("damBreak", False, False, FOLDER_POINTS),
    ("cylinder", True, False, PLAIN_NAME_POINTS),
    ("cavity", False, False, PLAIN_NAME_POINTS - (NAME_POINTS - FOLDER_POINTS)),  # cavity/cavityClipped
    ("cavity", True, True, 0.0),  # 'a vapour cavity' is no lid-driven cavity
    ("waves", False, True, 0.0),
])
def test_name_points(name, leaf, mismatched, points):
    assert _name_points(name, leaf, mismatched) == points


# --- end to end: the best base's solver for requests that describe the physics ---------------


@pytest.mark.parametrize(("text", "solvers"), [
    # an ordinary noun shared with a tutorial of other physics
    ("potential flow around a cylinder, no viscosity", {"potentialFoam"}),
    ("time-resolved vortex street behind a cylinder in a water tunnel, turbulent", {"pimpleFoam", "pisoFoam"}),
    ("shear-thinning fluid past a cylinder in a channel, laminar", {"nonNewtonianIcoFoam"}),
    ("vapour cavity forming behind a fast underwater projectile, VOF with phase change",
     {"interPhaseChangeFoam", "cavitatingFoam"}),
    ("coal particles burning in a vertical column furnace", {"coalChemistryFoam"}),
    # the physics of a named flow contradicted by the request
    ("differentially heated cavity with a 300 K temperature difference, perfect gas, steady",
     {"buoyantSimpleFoam", "buoyantPimpleFoam"}),
    # a wave that is not a water wave
    ("pressure waves in a Helmholtz resonator, compressible, laminar", {"rhoPimpleFoam"}),
    ("shock waves over a wedge at Mach 3", {"rhoCentralFoam"}),
    # steady or transient twin of a method named by its physics
    ("steady conjugate heat transfer between a heater and the surrounding air", {"chtMultiRegionSimpleFoam"}),
    ("unsteady conjugate heat transfer, solid and fluid regions", {"chtMultiRegionFoam"}),
    # droplets of a spray are its dispersed phase
    ("evaporating fuel droplet spray injected into hot air in a closed chamber", {"sprayFoam"}),
    # a porous zone nobody asked for
    ("laminar transient channel flow at Re 50", {"icoFoam", "pimpleFoam"}),
    # droplets carried by a particle cloud: no free surface needed
    ("passive water droplets exhaled into a room, one-way coupling", {"icoUncoupledKinematicParcelFoam"}),
    # the method called by its physics beats the geometry words of another solver's tutorial
    ("irrotational ideal flow through a T-junction", {"potentialFoam"}),
    # a step of the geometry counts; a time step does not
    ("converged RANS flow over a step in a channel, time step 1", {"simpleFoam"}),
])
def test_best_base_solver(tutorials, text, solvers):
    assert _top_solver(text, tutorials) in solvers
