"""Session-8 selection classes, each learnt from the tutorials' own dictionaries: a change of phase
the base must model (phaseChangeProperties, a phase-change phase system, a melting source); a
stated turbulence model a tutorial with no turbulence model cannot take (dnsFoam's box); the state
of the fluid (liquid or gas) its thermophysicalProperties gives; the names of its phases, regions
and patches ('sludge', 'ice', 'cabin'); the two-fluid (Euler-Euler) method described in words; a
method's name written in pieces ('MP-PIC'); a chemical reactor's 'well-stirred' that is no stirrer;
LES described by its large eddies; a periodic box; a word whose stem ends in a vowel's y."""

from pathlib import Path

import pytest

from tasks.plan.select import description_of, rank, request_features, solver_hints, tutorial_records
from tasks.plan.select_learnt import (
    fluid_state_of,
    fluid_states_cached,
    own_name_counts,
    own_name_roots,
    own_names_said,
    phases_named,
    requested_state,
)
from tasks.plan.select_names import root
from tasks.plan.select_physics import carries_turbulence, implied_flags
from tasks.plan.select_records import models_phase_change

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _top(text: str) -> str:
    records = tutorial_records(TUTORIALS)
    return rank(request_features(text, None, None), records, limit=1)[0].record.case


def _record(case: str):
    return next(r for r in tutorial_records(TUTORIALS) if r.case == case)


# Class: a change of phase asked for in any of its words; the tutorial's dictionaries say whether it models one.
@pytest.mark.parametrize("text, wanted", [
    ("vapour condensing on a cold plate", True),
    ("the water evaporates from the pool surface", True),
    ("subcooled boiling along a heated channel wall", True),
    ("a block of wax melts in a heated box", True),
    ("the melt solidifies as it cools", True),
    ("a cavity flow without phase change", False),
    ("water and air in a tank, sloshing", False),
])
def test_phase_change_words(text: str, wanted: bool) -> None:
    assert bool(request_features(text, None, None).flags.get("phase_change")) is wanted


@needs_tutorials
@pytest.mark.parametrize("case, has", [
    ("multiphase/interCondensatingEvaporatingFoam/condensatingVessel", True),  # phaseChangeProperties
    ("multiphase/reactingTwoPhaseEulerFoam/RAS/wallBoiling1D", True),  # phaseChange on
    ("multiphase/icoReactingMultiPhaseInterFoam/solidMelting2D", True),  # a (solid to liquid) mass transfer
    ("heatTransfer/chtMultiRegionFoam/windshieldDefrost", True),  # a region's solidificationMeltingSource
    ("multiphase/icoReactingMultiPhaseInterFoam/inertMultiphaseMultiComponent", False),  # an empty mass transfer
    ("multiphase/reactingTwoPhaseEulerFoam/laminar/bubbleColumn", False),
    ("multiphase/interFoam/laminar/damBreak/damBreak", False),
    ("multiphase/interPhaseChangeFoam/cavitatingBullet", True),  # a cavitation model: vapour from the liquid
    ("multiphase/cavitatingFoam/RAS/throttle", True),  # the barotropic mixture
    ("lagrangian/reactingParcelFoam/verticalChannel", True),  # the cloud's liquidEvaporation
])
def test_models_phase_change(case: str, has: bool) -> None:
    assert models_phase_change(TUTORIALS / case) is has


@needs_tutorials
@pytest.mark.parametrize("text, solvers", [
    ("vapour bubbles form on a heated pipe wall where the water boils, gas and liquid as two fluids",
     {"reactingTwoPhaseEulerFoam", "reactingMultiphaseEulerFoam"}),
    ("gallium melting inside a rectangular enclosure heated on the left side, melt convects",
     {"icoReactingMultiphaseInterFoam"}),
    ("a sealed vessel of vapour whose cold walls make it condense into a liquid pool; track the interface",
     {"interCondensatingEvaporatingFoam"}),
])
def test_phase_change_picks_a_base_that_models_it(text: str, solvers: set[str]) -> None:
    assert _record(_top(text)).solver in solvers


def test_phase_change_implies_energy_and_thermo() -> None:
    assert implied_flags({"phase_change": True}) == {"energy", "compressible"}
    assert implied_flags({"compressible": True}) == {"energy"}
    assert implied_flags({}) == set()


# Class: a stated turbulence model (RAS or LES) and a tutorial with no turbulence model at all.
@needs_tutorials
@pytest.mark.parametrize("case, carries", [
    ("DNS/dnsFoam/boxTurb16", False),
    ("basic/laplacianFoam/flange", False),
    ("incompressible/simpleFoam/pitzDaily", True),
    ("incompressible/porousSimpleFoam/straightDuctImplicit", True),  # its fields (k, nut) carry one
    ("incompressible/porousSimpleFoam/angledDuct/explicit", True),  # its Allrun brings them from ../common
])
def test_carries_turbulence(case: str, carries: bool) -> None:
    assert carries_turbulence(_record(case)) is carries


@needs_tutorials
@pytest.mark.parametrize("text", [
    "LES of freely decaying isotropic turbulence in a triply periodic box",
    "box of homogeneous turbulence, periodic on all sides, left to decay; Smagorinsky subgrid model",
    "decay of isotropic turbulence in a cube with cyclic faces, resolve the large eddies, 50 ms",
])
def test_les_request_not_on_a_dns_box(text: str) -> None:
    assert _top(text) == "incompressible/pimpleFoam/LES/decayIsoTurb"


@pytest.mark.parametrize("text, sim", [
    ("resolving the large eddies and modelling the small ones", "LES"),
    ("with a sub-grid scale model", "LES"),
    ("an SGS model of Smagorinsky type", "LES"),
    ("large-eddy simulation", "LES"),
])
def test_les_described_by_its_eddies(text: str, sim: str) -> None:
    assert request_features(text, None, None).simulation_type == sim


# Class: the state of the fluid, liquid or gas, from the tutorial's thermophysicalProperties.
@pytest.mark.parametrize("text, state", [
    ("thermoType { properties liquid; }\n", None),
    ("thermoType {\n    properties      liquid;\n}\n", "liquid"),
    ("    equationOfState rhoConst;\n", "liquid"),
    ("    equationOfState perfectFluid;\n", "liquid"),
    ("    equationOfState perfectGas;\n", "gas"),
    ("    equationOfState Boussinesq;\n", None),
])
def test_fluid_state_of(text: str, state: str | None) -> None:
    assert fluid_state_of(text) == state


@pytest.mark.parametrize("words, state", [
    ({"hot", "water"}, "liquid"), ({"air"}, "gas"), ({"oil", "air"}, None), ({"duct"}, None),
    ({"liquid", "coolant"}, "liquid"), ({"nitrogen"}, "gas"),
])
def test_requested_state(words: set[str], state: str | None) -> None:
    assert requested_state(frozenset(words)) == state


@needs_tutorials
def test_fluid_states_of_regions() -> None:
    assert fluid_states_cached(str(TUTORIALS / "compressible/rhoPimpleFoam/RAS/squareBendLiq")) == {"liquid"}
    assert fluid_states_cached(str(TUTORIALS / "heatTransfer/chtMultiRegionFoam/solarBeamWithTrees")) == {"gas"}


@needs_tutorials
@pytest.mark.parametrize("text, case", [
    ("compressible liquid water flowing round a square duct bend, transient, turbulent",
     "compressible/rhoPimpleFoam/RAS/squareBendLiq"),
    ("pressurised water (compressible liquid) in the 90 degree square bend, time-accurate, k-epsilon",
     "compressible/rhoPimpleFoam/RAS/squareBendLiq"),
    ("steady compressible air flow round a square-section duct bend", "compressible/rhoSimpleFoam/squareBend"),
])
def test_fluid_state_picks_the_tutorial(text: str, case: str) -> None:
    assert _top(text) == case


# Class: the names of the tutorial's phases, regions and patches, counted by how few carry them.
@needs_tutorials
def test_own_name_roots() -> None:
    assert "sludg" in own_name_roots(_record("multiphase/driftFluxFoam/RAS/mixerVessel2D"))
    roots = own_name_roots(_record("heatTransfer/chtMultiRegionFoam/windshieldDefrost"))
    assert "cabin" in roots and "windshield" not in roots  # its own name's words count apart
    assert "ice" not in roots  # its canonical description says 'ice': counted as a geometry word there
    assert not {"inlet", "outlet", "wall", "front", "back"} & roots


@needs_tutorials
def test_common_patch_words_earn_nothing() -> None:
    records = tutorial_records(TUTORIALS)
    counts = own_name_counts(records)
    record = _record("incompressible/simpleFoam/pitzDaily")
    assert own_names_said(record, frozenset({"inlet", "outlet", "wall", "upper", "lower"}), counts) == []


@needs_tutorials
@pytest.mark.parametrize("text, solver", [
    ("activated sludge kept in suspension by a rotating impeller in a 2D tank, RANS", "driftFluxFoam"),
    ("stirred tank of sewage sludge: the solids drift relative to the mixture, impeller zone", "driftFluxFoam"),
    ("a mixing vessel with a rotor where sludge settles out of the water, turbulent", "driftFluxFoam"),
])
def test_phase_name_picks_the_solver(text: str, solver: str) -> None:
    assert _record(_top(text)).solver == solver


@needs_tutorials
@pytest.mark.parametrize("text", [
    "car windshield: the ice layer on the outside melts as warm cabin air heats the glass",
    "warm air from the vents defrosts the windshield; ice on the exterior face, heat through the glass",
    "windshield de-icing: cabin air at 35 C, a layer of ice outside, conduction through the screen",
])
def test_region_names_pick_the_variant(text: str) -> None:
    assert _top(text) == "heatTransfer/chtMultiRegionFoam/windshieldDefrost"


@needs_tutorials
def test_own_names_leave_out_what_the_description_says() -> None:
    assert "lid" in description_of("incompressible/icoFoam/cavity/cavityClipped")
    assert "lid" not in own_name_roots(_record("incompressible/icoFoam/cavity/cavityClipped"))


@needs_tutorials
@pytest.mark.parametrize("text, named", [
    ("sludge settling in a clarifier", ["sludg"]), ("water in a tank", []), ("air over a hill", []),
    ("a particle method for rarefied gas", []), ("bubbles rising in a column", []),
])
def test_a_rare_phase_named_asks_for_two_phases(text: str, named: list[str]) -> None:
    from tasks.plan.select import _FLAG_ROOTS

    records = tutorial_records(TUTORIALS)
    said = request_features(text, None, None).said
    assert phases_named(said, records, own_name_counts(records), _FLAG_ROOTS) == named


# Class: the two-fluid (Euler-Euler) method described without a solver name.
@needs_tutorials
@pytest.mark.parametrize("text", [
    "steam injected into a water pool condenses; model steam and water as interpenetrating continua",
    "boiling at a hot wall, liquid and vapour as two interpenetrating phases with heat and mass transfer",
    "evaporating water with both phases as continua, Eulerian-Eulerian, heat and mass exchange",
])
def test_two_fluid_words_pick_euler_euler(text: str) -> None:
    assert "EulerFoam" in (_record(_top(text)).solver or "")


# Class: a method's name written in pieces.
@pytest.mark.parametrize("text, solver", [
    ("dense particles, MP-PIC, in a tall box of air", "MPPICFoam"),
    ("the water surface advected with iso-Advector", "interIsoFoam"),
    ("a bed of sand grains in rising air, MP-PIC parcels", "MPPICFoam"),
])
def test_hyphenated_method_names(text: str, solver: str) -> None:
    assert solver_hints(text).get(solver, 0) >= 60


# Class: a chemical reactor's ideal mixing is no stirrer.
@pytest.mark.parametrize("text", [
    "ignition delay of methane and air in a well-stirred reactor",
    "perfectly stirred reactor, hydrogen and oxygen, detailed chemistry",
    "a continuously stirred reactor of propane and air",
])
def test_well_stirred_reactor_is_no_rotating_zone(text: str) -> None:
    assert not request_features(text, None, None).flags.get("mrf")


@needs_tutorials
@pytest.mark.parametrize("text", [
    "ignition delay time of a homogeneous hydrogen-air mixture in a well-stirred reactor, no flow",
    "zero-dimensional ignition of hydrogen in a perfectly stirred reactor with detailed kinetics",
])
def test_reactor_requests_pick_chemfoam(text: str) -> None:
    assert _record(_top(text)).solver == "chemFoam"


@pytest.mark.parametrize("word, stem", [
    ("decaying", "decay"), ("decays", "decay"), ("decay", "decay"), ("sprays", "spray"),
    ("cavity", "cavit"), ("cavities", "cavit"), ("bodies", "bod"), ("body", "bod"),
])
def test_vowel_y_stays_in_the_root(word: str, stem: str) -> None:
    assert root(word) == stem


@pytest.mark.parametrize("text", [
    "no LES or RANS model, resolve every scale",
    "direct numerical simulation of a channel",
    "DNS, without any RANS closure",
    "turbulence resolved without an LES model",
])
def test_no_model_named_is_no_turbulence_model(text: str) -> None:
    assert request_features(text, None, None).simulation_type == "laminar"


@needs_tutorials
@pytest.mark.parametrize("text, solver", [
    ("steady turbulent air flow through a duct with a porous filter, Darcy-Forchheimer", "porousSimpleFoam"),
    ("RANS flow of air through an angled duct with a porous catalyst block, steady", "porousSimpleFoam"),
    ("incompressible air through a packed bed in a straight duct, steady RANS", "porousSimpleFoam"),
    ("isotropic turbulence in a triply periodic box, no LES or RANS model, fully resolved", "dnsFoam"),
    ("homogeneous turbulence in a periodic box, direct simulation, 32 cells per side", "dnsFoam"),
    ("turbulence decaying in a periodic cube, every scale on the grid", "dnsFoam"),
])
def test_a_gas_named_without_heat_leaves_thermo_aside(text: str, solver: str) -> None:
    assert _record(_top(text)).solver == solver
