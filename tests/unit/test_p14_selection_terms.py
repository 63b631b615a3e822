"""Session-14 selection by the words of the tutorials' own dictionaries (tasks/plan/select_terms.py):
a model or technique the request names in a user's words ('local time stepping', 'population balance',
'discrete ordinates', 'Schnerr-Sauer', 'sliding mesh', 'iron oxide') earns the tutorials whose
constant/ and system/ files write its term, weighted by how few tutorials write it; the fuel a
tutorial feeds counts as its term ('hydrogen' -> fed H2). Probes describe the physics of installed
tutorials without naming them, in a terse and a verbose phrasing each."""

from pathlib import Path

import pytest

from tasks.plan.generic import choose_base
from tasks.plan.request import Context, final_model, named_solver
from tasks.plan.select_terms import (
    FED,
    TermIndex,
    TermsSaid,
    identifiers,
    term_index,
    term_phrases,
    term_points,
    terms_said,
    tutorial_terms,
)
from tasks.plan.select_words import normal_text

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _top(text: str) -> str:
    ctx = Context(text=text, qs=[], solver=named_solver(text), model=final_model(text), fluid=None,
                  tutorials_dir=TUTORIALS)
    return choose_base(ctx)[0].record.case


PROBES = [
    ('combustion/reactingFoam/RAS/DLR_A_LTS',
     'turbulent hydrogen jet flame, RANS, local time stepping to reach steady state fast'),
    ('combustion/reactingFoam/RAS/DLR_A_LTS',
     'I want to model a lifted turbulent jet flame of a hydrogen/nitrogen fuel in co-flowing air, using LTS pseudo-transient marching with k-epsilon.'),
    ('combustion/chemFoam/h2',
     'ignition delay of a hydrogen-air mixture, constant-pressure reactor, 0-D chemistry'),
    ('combustion/chemFoam/h2',
     'Please compute the autoignition time of H2/air in a homogeneous zero-dimensional constant pressure reactor starting at 1000 K.'),
    ('multiphase/cavitatingFoam/RAS/throttle',
     'cavitation in a throttle nozzle, RANS, inlet pressure 300 bar'),
    ('multiphase/cavitatingFoam/RAS/throttle',
     'I need to simulate cavitating flow of diesel fuel through a small throttle (a sharp-edged orifice), with vapour forming where the pressure drops.'),
    ('incompressible/pimpleFoam/RAS/propeller',
     'propeller in a water tunnel, rotating blades with AMI sliding mesh, k-omega SST, transient'),
    ('incompressible/pimpleFoam/RAS/propeller',
     'Simulate a marine screw rotating at 2000 rpm inside a cylindrical domain; the rotor region should rotate with a sliding interface (arbitrary mesh interface) and the flow is single-phase and incompressible.'),
    ('multiphase/multiphaseEulerFoam/bubbleColumn',
     'bubble column with three phases (air, water, oil), Euler-Euler'),
    ('multiphase/multiphaseEulerFoam/bubbleColumn',
     'A rectangular column containing water and oil layers with air bubbling up from the bottom; treat each of the three phases as an interpenetrating continuum.'),
    ('multiphase/reactingTwoPhaseEulerFoam/RAS/bubbleColumnPolydisperse',
     'bubble column with population balance for bubble size distribution, class method, RANS'),
    ('multiphase/reactingTwoPhaseEulerFoam/RAS/bubbleColumnPolydisperse',
     'I want to predict how the bubble size distribution evolves in an air-water bubble column using a population balance model with breakup and coalescence.'),
    ('lagrangian/reactingHeterogenousParcelFoam/rectangularDuct',
     'reacting pellets in a rectangular duct, heterogeneous surface reaction of the particles with the gas'),
    ('lagrangian/reactingHeterogenousParcelFoam/rectangularDuct',
     'Model iron oxide pellets being reduced as they are carried through a duct by a hot gas stream; the reaction happens on the particle surface.'),
    ('lagrangian/sprayFoam/aachenBomb',
     'diesel spray injected into a constant-volume combustion chamber, n-heptane, atomisation and breakup'),
    ('lagrangian/sprayFoam/aachenBomb',
     'Please set up a fuel injector spraying liquid n-heptane into hot compressed air in a closed vessel, with droplet breakup, evaporation and ignition.'),
    ('incompressible/SRFSimpleFoam/mixer',
     'steady flow in a rotating mixer solved in the single rotating reference frame, RANS'),
    ('incompressible/SRFSimpleFoam/mixer',
     'The whole domain rotates at 5000 rpm; I want the steady relative velocity in a rotating frame of reference for a mixer sector with cyclic sides.'),
    ('incompressible/simpleFoam/rotorDisk',
     'steady flow through a rotor represented by an actuator disk (rotor disk source) with blade element data'),
    ('incompressible/simpleFoam/rotorDisk',
     'Model a helicopter-like rotor with a momentum source (rotorDisk fvOption) instead of resolving the blades; steady, k-omega SST.'),
    ('multiphase/interPhaseChangeFoam/cavitatingBullet',
     'Water flowing past a bullet-shaped body at high speed forms a cavity of vapour behind its nose; mass transfer model Schnerr-Sauer.'),
    ('heatTransfer/buoyantSimpleFoam/hotRadiationRoomFvDOM',
     'room with a hot box, natural convection and thermal radiation with the finite volume discrete ordinates method'),
    ('heatTransfer/buoyantSimpleFoam/hotRadiationRoomFvDOM',
     'Steady buoyant air flow in a closed room heated by a warm block, including radiative heat transfer solved by discrete ordinates (fvDOM).'),
    ('compressible/rhoCentralFoam/shockTube',
     'Sod shock tube, 1D, high pressure 1 bar left, 0.1 bar right, density-based central scheme'),
    ('compressible/rhoCentralFoam/shockTube',
     'A one-dimensional tube with a diaphragm separating high and low pressure gas is suddenly opened; capture the shock, contact and expansion fan.'),
    ('DNS/dnsFoam/boxTurb16',
     'direct numerical simulation of decaying homogeneous isotropic turbulence in a periodic box, spectral forcing'),
    ('DNS/dnsFoam/boxTurb16',
     'I want DNS of forced isotropic turbulence in a triply periodic cube, no turbulence model.'),
    ('electromagnetics/mhdFoam/hartmann',
     'Hartmann flow, conducting liquid metal in a channel under a transverse magnetic field, MHD'),
    ('electromagnetics/mhdFoam/hartmann',
     'Magnetohydrodynamic flow of an electrically conducting fluid between two plates with an applied magnetic field B = 20 T.'),
    ('multiphase/driftFluxFoam/RAS/dahl',
     'settling of sludge in a tank, drift-flux model, relative velocity of the dispersed phase'),
    ('multiphase/driftFluxFoam/RAS/dahl',
     'Model activated sludge sedimenting in a clarifier with a mixture (drift flux) approach and a plastic viscosity for the sludge.'),
    ('multiphase/twoLiquidMixingFoam/lockExchange',
     'lock exchange between two miscible liquids of different density, gravity current'),
    ('multiphase/twoLiquidMixingFoam/lockExchange',
     'Two miscible liquids (fresh and salty water) are separated by a gate which is removed; simulate the density current that forms.'),
    ('compressible/rhoPimpleFoam/RAS/angledDuctLTS',
     'compressible flow through an angled duct with a porous zone, local time-stepping'),
    ('compressible/rhoPimpleFoam/RAS/angledDuctLTS',
     'Gas flow in a bent duct with a porous block in it, run pseudo-transient with local time stepping to converge quickly.'),
    ('lagrangian/MPPICFoam/cyclone',
     'cyclone separator with particles, MP-PIC dense particle cloud, LES'),
    ('lagrangian/MPPICFoam/cyclone',
     'Particles injected into a gas cyclone separator; model dense particle collisions with the multiphase particle-in-cell approach.'),
    ('lagrangian/coalChemistryFoam/simplifiedSiwek',
     'coal dust combustion in a 20 litre sphere, pulverised coal particles devolatilise and burn'),
    ('lagrangian/coalChemistryFoam/simplifiedSiwek',
     'Simulate pulverized coal particles injected into a vessel, with devolatilisation, char surface combustion and gas phase reactions.'),
    ('multiphase/interCondensatingEvaporatingFoam/condensatingVessel',
     'condensation of water vapour on cold walls of a vessel with a liquid pool, VOF with phase change'),
    ('multiphase/interCondensatingEvaporatingFoam/condensatingVessel',
     'A closed vessel partly filled with water and steam; the steam condenses at the cool walls and the interface is tracked.'),
    ('heatTransfer/chtMultiRegionSimpleFoam/jouleHeatingSolid',
     'Joule heating of a solid conductor by an electric current, steady conjugate heat transfer'),
    ('heatTransfer/chtMultiRegionSimpleFoam/jouleHeatingSolid',
     'A solid bar heated by electrical resistance (ohmic heating) with a fixed voltage across it; compute the steady temperature field.'),
    ('combustion/fireFoam/LES/smallPoolFire2D',
     '2D pool fire of methane, buoyant turbulent diffusion flame, LES, eddy dissipation combustion'),
    ('combustion/fireFoam/LES/smallPoolFire2D',
     'A small fire above a fuel pan releasing gaseous methane into quiescent air, with radiation and buoyancy; large eddy simulation in two dimensions.'),
    ('multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling',
     'Water flowing upward in a vertical heated pipe starts to boil at the wall; use a wall heat flux partitioning model with RANS turbulence.'),
    ('incompressible/pimpleFoam/laminar/planarPoiseuille',
     'start-up of planar Poiseuille flow of a viscoelastic fluid, Maxwell model, laminar'),
    ('incompressible/pimpleFoam/laminar/planarPoiseuille',
     'Channel flow between two plates driven by a pressure gradient, the fluid is viscoelastic with a single-mode Maxwell (laminar) model; compare against the analytic solution.'),
    ('multiphase/interFoam/laminar/capillaryRise',
     'capillary rise of water in a narrow vertical tube, contact angle 45 degrees, surface tension'),
    ('multiphase/interFoam/laminar/capillaryRise',
     'Water climbs up a thin gap between two plates due to surface tension and wall wetting; VOF, laminar.'),
    ('incompressible/boundaryFoam/boundaryWallFunctions',
     '1D fully developed turbulent channel flow, wall functions, steady'),
    ('incompressible/boundaryFoam/boundaryWallFunctions',
     'I need a one dimensional fully developed turbulent wall-bounded flow to test wall function behaviour with k-epsilon.'),
    ('stressAnalysis/solidDisplacementFoam/plateHole',
     'stress concentration around a hole in a plate under tension, linear elastic solid'),
    ('stressAnalysis/solidDisplacementFoam/plateHole',
     'An infinite plate with a circular hole loaded in uniaxial tension of 10 kPa; compute displacement and stress.'),
    ('lagrangian/reactingParcelFoam/verticalChannelLTS',
     'water droplets injected into a vertical channel with hot air, evaporating, steady-state via LTS'),
    ('lagrangian/reactingParcelFoam/verticalChannelLTS',
     'evaporating spray of water in upward hot air flow in vertical duct, using local time step acceleration, RANS'),
    ('combustion/reactingFoam/laminar/counterFlowFlame2DLTS',
     'laminar methane counter flow flame 2D, local time stepping'),
    ('combustion/reactingFoam/laminar/counterFlowFlame2DLTS',
     'Two opposed jets (fuel methane from left, air from right) form a laminar diffusion flame; march with local time-stepping.'),
    ('combustion/chemFoam/ic8h18',
     'ignition delay of iso-octane air mixture at 20 bar in a constant pressure reactor'),
    ('combustion/chemFoam/ic8h18',
     'compute autoignition of isooctane/air, 0-D homogeneous reactor, 800 K initial temperature'),
    ('combustion/chemFoam/nc7h16',
     'n-heptane autoignition, zero-dimensional, constant pressure, detailed chemistry'),
    ('combustion/chemFoam/nc7h16',
     'ignition delay time of heptane air, batch reactor at 40 bar'),
    ('combustion/chemFoam/gri',
     'methane ignition delay with the GRI mechanism, constant pressure reactor'),
    ('combustion/chemFoam/gri',
     'zero dimensional autoignition of natural gas (methane) in air, GRI-Mech 3.0 kinetics'),
    ('multiphase/twoPhaseEulerFoam/laminar/bubbleColumnIATE',
     'laminar bubble column with interfacial area transport equation for the bubble diameter'),
    ('multiphase/twoPhaseEulerFoam/laminar/bubbleColumnIATE',
     'air-water bubble column where the bubble diameter is transported by the IATE model'),
    ('multiphase/interFoam/laminar/damBreakWithObstacle',
     '3D dam break with an obstacle, adaptive mesh refinement at the interface'),
    ('multiphase/interFoam/laminar/damBreakWithObstacle',
     'column of water collapses onto a box obstacle, the mesh is refined dynamically around the free surface'),
    ('combustion/chemFoam/ic8h18_TDAC',
     'iso-octane ignition in a constant pressure reactor with TDAC tabulation'),
    ('combustion/chemFoam/ic8h18_TDAC',
     'iso octane autoignition 0-D with dynamic adaptive chemistry and ISAT tabulation to speed up'),
    ('heatTransfer/chtMultiRegionFoam/externalSolarLoad',
     'conjugate heat transfer with solar load and view factor radiation, transient'),
    ('lagrangian/MPPICFoam/column',
     'dense particles settling in a column of air, MP-PIC packing model'),
    ('lagrangian/MPPICFoam/column',
     'particle-in-cell simulation of a packed bed of particles falling in a column'),
]


@needs_tutorials
@pytest.mark.parametrize("tutorial, text", PROBES)
def test_physics_described_without_the_name_picks_the_tutorial(tutorial: str, text: str) -> None:
    assert _top(text) == tutorial


@pytest.mark.parametrize("text, phrase, term", [
    ("reacting jet, RANS, local time stepping", "local time stepping", "localEuler"),
    ("Please use local time-stepping (LTS) to converge the flame.", "local time stepping", "localEuler"),
    ("pseudo-transient run of a flame", "pseudo transient", "localEuler"),
    ("bubble column with population balance", "population balance", "populationBalance"),
    ("I want the bubble size distribution with breakup and coalescence", "bubble size distribution",
     "populationBalance"),
    ("radiation by the discrete ordinates method", "discrete ordinates", "fvDOM"),
    ("Cavitation model Schnerr-Sauer", "schnerr sauer", "SchnerrSauer"),
    ("rotating blades on a sliding mesh", "sliding mesh", "cyclicAMI"),
    ("the rotor region joins through an arbitrary mesh interface", "arbitrary mesh interface", "cyclicAMI"),
    ("iron oxide particles reduced in a duct", "iron oxide", "Fe3O4"),
    ("a hydrogen jet flame", "hydrogen", FED + "H2"),
    ("n-heptane spray", "n heptane", FED + "NC7H16"),
    ("ignition delay of methane at 20 bar", "ignition delay", "initialConditions"),
])
def test_phrases_say_their_terms(text: str, phrase: str, term: str) -> None:
    said = terms_said(text, normal_text(text)).phrases
    assert term in said[phrase]


@pytest.mark.parametrize("text, word", [
    ("pipe with cyclicAMI patches", "cyclicAMI"),
    ("set the radiation model to fvDOM", "fvDOM"),
    ("use the SchnerrSauer phase change model", "SchnerrSauer"),
])
def test_camel_case_names_stand_for_themselves(text: str, word: str) -> None:
    assert terms_said(text, normal_text(text)).phrases[word.lower()] == (word,)


@pytest.mark.parametrize("text", [
    "pitzDaily with kOmegaSST, inlet 10 m/s",
    "channel395 with the WALE model",  # a turbulence model: any tutorial can take it
    "run simpleFoam on the motorBike",  # a solver is matched as a solver
    "a longer local time stepping",  # the longer phrase only: 'local time step' is inside it
])
def test_turbulence_models_and_solvers_are_no_terms(text: str) -> None:
    said = terms_said(text, normal_text(text)).phrases
    assert not {"komegasst", "wale", "simplefoam", "local time step"} & set(said)


def test_model_coefficients_name_the_model() -> None:
    text = "laminar\n{\n    laminarModel LAMINAR_MODEL; // Maxwell\n    MaxwellCoeffs { nuM 1; }\n}\n"
    words = identifiers(text)
    assert {"maxwell", "maxwellcoeffs", "laminarmodel"} <= words


def test_every_canonical_phrase_is_lower_case_and_names_a_term() -> None:
    phrases = term_phrases()
    assert phrases and all(p == p.lower() and terms for p, terms in phrases.items())


def _index() -> TermIndex:
    return TermIndex(terms={"a": frozenset({"rare", "common"}), "b": frozenset({"common"}),
                            "c": frozenset({"common"}), "d": frozenset()},
                     counts={"rare": 1, "common": 3})


def test_rare_terms_weigh_more_and_common_ones_nothing() -> None:
    index = _index()
    assert index.weight("rare") > 0
    assert index.weight("common") == 0.0  # three of four tutorials write it
    assert index.weight("unknown") == 0.0


def test_one_term_said_twice_counts_once() -> None:
    said = TermsSaid(phrases={"lts": ("rare",), "pseudo transient": ("rare",)})
    points, why = term_points("a", said, _index())
    assert points == pytest.approx(term_points("a", TermsSaid(phrases={"lts": ("rare",)}), _index())[0])
    assert len(why) == 1 and "rare" in why[0]
    assert term_points("b", said, _index()) == (0.0, [])


@needs_tutorials
@pytest.mark.parametrize("case, term", [
    ("combustion/reactingFoam/RAS/DLR_A_LTS", "localeuler"),
    ("combustion/reactingFoam/RAS/DLR_A_LTS", FED + "h2"),
    ("multiphase/reactingTwoPhaseEulerFoam/RAS/bubbleColumnPolydisperse", "populationbalance"),
    ("lagrangian/reactingHeterogenousParcelFoam/rectangularDuct", "heterogeneousreactingmodel"),
    ("multiphase/cavitatingFoam/RAS/throttle", "barotropiccompressibilitymodel"),
    ("incompressible/pimpleFoam/RAS/propeller", "cyclicami"),
    ("incompressible/pimpleFoam/laminar/planarPoiseuille", "maxwell"),
])
def test_installed_tutorials_write_their_terms(case: str, term: str) -> None:
    assert term in tutorial_terms(TUTORIALS / case)


@needs_tutorials
def test_a_trace_species_is_no_fed_fuel() -> None:
    # Sandia flame D's inlet carries H2 at 1.3e-4 only: its fuel is methane
    terms = tutorial_terms(TUTORIALS / "combustion/reactingFoam/RAS/SandiaD_LTS")
    assert FED + "ch4" in terms and FED + "h2" not in terms


@needs_tutorials
def test_the_index_counts_each_tutorial_once() -> None:
    paths = tuple(str(TUTORIALS / c) for c in ("combustion/reactingFoam/RAS/DLR_A_LTS",
                                              "combustion/reactingFoam/RAS/SandiaD_LTS"))
    index = term_index(paths)
    assert index.counts["localeuler"] == 2 and index.counts[FED + "h2"] == 1


@pytest.mark.parametrize("text", [
    "hydrogen jet flame, no LTS, real transient",
    "bubble column, population balance neglected",
    "room with radiation, without discrete ordinates",
])
def test_a_negated_phrase_says_no_term(text: str) -> None:
    said = terms_said(text, normal_text(text)).phrases
    assert not {"lts", "population balance", "discrete ordinates"} & set(said)


@needs_tutorials
@pytest.mark.parametrize("text, tutorial", [
    ("pellets reacting with a hot gas stream in a rectangular duct",
     "lagrangian/reactingHeterogenousParcelFoam/rectangularDuct"),
    ("Reacting particles (pellets) in a duct: the solid pellets react with the gas on their surface, "
     "heterogeneous chemistry", "lagrangian/reactingHeterogenousParcelFoam/rectangularDuct"),
    ("fuel spray injected through a nozzle into a hot chamber, droplets evaporate", "lagrangian/sprayFoam/aachenBomb"),
])
def test_a_reacting_pellet_is_no_spray(text: str, tutorial: str) -> None:
    assert _top(text) == tutorial
