"""Session 10, thermal: a wall named by a piece of its patch name, a start temperature said with a
verb of starting, the backflow temperature of an open boundary that follows the initial one, the
Prandtl number and conductivity of a thermo, wall heat fluxes on tutorial bases, and an inflow
temperature stated as a difference. Paraphrases of each class; binder rows use real tutorials."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_thermal_flux import (
    conduction_gradient,
    flux_gradient,
    flux_patch_dict,
    prandtl_from_conductivity,
)
from tasks.plan.bind_thermal_words import (
    backflow_following_internal,
    label_before,
    name_roots,
    patches_named_by_words,
    role_after,
    says_start_state,
    source_kind,
)
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
IGLOO = "heatTransfer/buoyantBoussinesqSimpleFoam/iglooWithFridges"
FRIDGE = ["wall", "twoFridgeFreezers_seal_0", "twoFridgeFreezers_herring_1"]


# --- pure readings ---------------------------------------------------------------------------

@pytest.mark.parametrize(("patch", "roots"), [
    ("twoFridgeFreezers_seal_0", {"fridg", "freezer"}),
    ("heatedPlate", {"plat"}),
    ("radiatorPanel_1", {"radiator", "panel"}),
    ("fixedWalls", set()),
    ("patch4", set()),
])
def test_name_roots_leave_generic_pieces_out(patch: str, roots: set[str]) -> None:
    assert name_roots(patch) == roots


@pytest.mark.parametrize(("words", "patches", "named"), [
    ("the freezers at 35 degc", FRIDGE, FRIDGE[1:]),
    ("fridge surfaces: 308 k", FRIDGE, FRIDGE[1:]),
    ("the herring at 300 k", FRIDGE, ["twoFridgeFreezers_herring_1"]),
    ("igloo wall -15 degc", FRIDGE, []),
    ("the heated plates are at 60 degc", ["heatedPlate", "coldWall"], ["heatedPlate"]),
    ("the radiators run at 70 degc", ["radiatorPanel", "window"], ["radiatorPanel"]),
])
def test_patches_named_by_a_piece_of_their_name(words: str, patches: list[str], named: list[str]) -> None:
    assert patches_named_by_words(words, patches) == named


@pytest.mark.parametrize(("words", "start"), [
    ("the gas inside should start at ", True),
    ("and the metal begins at ", True),
    ("the water at t = 0 is ", True),
    ("initially the slab sits at ", True),
    ("to begin with, the oil is ", True),
    ("the walls should be held at ", False),
    ("the floor starts at ", False),  # a wall's own start: the patch binder's
    ("walls at ", False),
    ("at t = 0.5 s the gas is ", False),
    ("t0 = ", True),
    ("t_init: ", True),
    ("t_wall = ", False),
])
def test_a_start_state_is_said_by_a_verb_of_starting(words: str, start: bool) -> None:
    assert says_start_state(words) is start


@pytest.mark.parametrize(("words", "label"), [
    ("flange, steady conduction. patch4: ", "patch4"),
    ("- lower wall = ", "lower wall"),
    ("the floor is held at ", ""),
    ("window surface temperature: ", "window surface temperature"),
])
def test_the_label_a_value_is_written_after(words: str, label: str) -> None:
    assert label_before(words) == label


@pytest.mark.parametrize(("after", "words"), [
    (": the walls. 30 degc: the gas", "the walls"),
    (" -> floor and ceiling; 5 k", "floor and ceiling"),
    (": the water at t = 0.", "the water at t = 0"),
    (" on patch2, 300 k", ""),
    (": patch4. 280 k", "patch4"),
    (": 20 kw/m2", ""),
])
def test_the_words_a_value_is_labelled_with_after_it(after: str, words: str) -> None:
    assert role_after(after) == words


@pytest.mark.parametrize(("words", "kind"), [
    ("the radiator surface runs at ", "hot"),
    ("a cast-iron stove, ", "hot"),
    ("cpu package held at ", "hot"),
    ("the single glazing window at ", "cold"),
    ("chilled ceiling panels: ", "cold"),
    ("the floor is at ", None),
    ("a window above the radiator at ", "hot"),  # the one named nearest the value
])
def test_a_heat_source_or_cold_surface_is_named(words: str, kind: str | None) -> None:
    assert source_kind(words) == kind


@pytest.mark.parametrize(("bcs", "internal", "following"), [
    ({"outlet": ("inletOutlet", "uniform 300"), "inlet": ("fixedValue", None)}, "uniform 300", ["outlet"]),
    ({"outlet": ("inletOutlet", "$internalField")}, "uniform 293", []),
    ({"top": ("inletOutlet", "uniform 290"), "sides": ("inletOutlet", "uniform 300")}, "uniform 300", ["sides"]),
    ({"freestream": ("inletOutlet", "uniform $Tinlet")}, "uniform $Tinlet", []),
])
def test_backflow_follows_the_initial_temperature(bcs: dict, internal: str, following: list[str]) -> None:
    assert backflow_following_internal(bcs, internal) == following


def test_heat_flux_formulas() -> None:
    assert flux_gradient(200.0, 1.2, 1000.0, 1.5e-5, 0.7) == pytest.approx(200 * 0.7 / (1.2 * 1000 * 1.5e-5))
    assert conduction_gradient(5000.0, 50.0) == pytest.approx(100.0)
    assert prandtl_from_conductivity(1000.0, 1.8e-5, 0.05) == pytest.approx(0.36)
    for bad in (lambda: conduction_gradient(1.0, 0.0), lambda: prandtl_from_conductivity(1000.0, 0.0, 0.1),
                lambda: flux_gradient(1.0, 1.0, -1.0, 1e-5, 0.7)):
        with pytest.raises(ValueError, match="positive"):
            bad()
    bc = flux_patch_dict(150.0, "$internalField")
    assert (bc["type"], bc["mode"], bc["q"], bc["kappaMethod"]) == \
        ("externalWallHeatFluxTemperature", "flux", "uniform 150", "fluidThermo")


# --- binder on real tutorials ----------------------------------------------------------------

def _bind(tutorial: str, solver: str, text: str):
    return bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))


def _edits(binder, rel: str) -> dict[str, object]:
    return {"/".join(e.entry): e.value for e in binder.edits if e.file == rel}


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "rel", "entry", "value"), [
    (IGLOO, "buoyantBoussinesqSimpleFoam", "steady igloo; the freezers run at 40 degC, the igloo wall at 260 K",
     "0/T", "boundaryField/twoFridgeFreezers_seal_0/value", "uniform 313.15"),
    (IGLOO, "buoyantBoussinesqSimpleFoam", "igloo: 95 F on the fridge-freezer surfaces",
     "0/T", "boundaryField/twoFridgeFreezers_seal_0/value", "uniform 308.15"),
    # a start temperature said with a verb of starting, whatever wall words come before it
    ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
     "hot wall 310 K, cold wall 290 K, and the air inside begins at 300 K", "0/T", "internalField", "uniform 300"),
    ("basic/laplacianFoam/flange", "laplacianFoam",
     "patch4 at 400 K, patch2 at 280 K; the flange should start at 280 K", "0/T", "internalField", "uniform 280"),
    ("heatTransfer/buoyantPimpleFoam/thermocoupleTestCase", "buoyantPimpleFoam",
     "walls 900 K; the gas inside starts at 86 F", "0/T", "internalField", "uniform 303.15"),
    # a free stream let in through an inletOutlet whose key is a regex ("(inlet|outlet).*"), by its macro
    ("compressible/sonicFoam/RAS/nacaAirfoil", "sonicFoam", "nacaAirfoil with a free-stream temperature of 250 K",
     "0/include/initialConditions", "temperature", "250"),
    ("compressible/sonicFoam/RAS/nacaAirfoil", "sonicFoam", "the air arrives at -10 degC",
     "0/include/initialConditions", "temperature", "263.15"),
    # a value labelled after it: "value: role"
    ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
     "tall cavity. 310 K -> hot wall; 290 K -> cold wall; 300 K: the air", "0/T", "internalField", "uniform 300"),
    ("basic/laplacianFoam/flange", "laplacianFoam",
     "flange conduction. 450 K: patch4. 280 K: the metal at t = 0", "0/T", "boundaryField/patch4/value",
     "uniform 450"),
    ("basic/laplacianFoam/flange", "laplacianFoam",
     "flange conduction. 450 K: patch4. 280 K: the metal at t = 0", "0/T", "internalField", "uniform 280"),
    (IGLOO, "buoyantBoussinesqSimpleFoam", "igloo. 38 degC: the fridge doors. -20 degC: igloo wall",
     "0/T", "boundaryField/twoFridgeFreezers_seal_0/value", "uniform 311.15"),
    # a heat source or a cold surface the base names no patch for: its hottest (coldest) fixed wall
    ("heatTransfer/buoyantSimpleFoam/hotRadiationRoomFvDOM", "buoyantSimpleFoam",
     "the stove surface runs at 450 K, floor and ceiling 290 K", "0/T", "boundaryField/box/value", "uniform 450"),
    ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
     "double glazing study: the window pane at 278.15 K, room-side wall 295 K", "0/T",
     "boundaryField/cold/value", "uniform 278.15"),
    # the backflow of an open boundary follows the initial temperature
    ("heatTransfer/buoyantSimpleFoam/circuitBoardCooling", "buoyantSimpleFoam",
     "circuit board, everything initially at 310 K", "0.orig/T", "boundaryField/outlet/inletValue", "uniform 310"),
    # a Prandtl number where the thermo keeps it
    ("compressible/rhoSimpleFoam/aerofoilNACA0012", "rhoSimpleFoam", "aerofoil, Prandtl number 0.75",
     "constant/thermophysicalProperties", "mixture/transport/Pr", "0.75"),
    ("heatTransfer/buoyantPimpleFoam/thermocoupleTestCase", "buoyantPimpleFoam",
     "thermocouple in a gas with a Prandtl number of 0.69", "constant/thermophysicalProperties",
     "mixture/transport/Pr", "0.69"),
    # a conductivity as the const transport's Pr = Cp mu / kappa
    ("heatTransfer/buoyantPimpleFoam/thermocoupleTestCase", "buoyantPimpleFoam",
     "gas conductivity 0.05 W/(m K)", "constant/thermophysicalProperties", "mixture/transport/Pr", "0.36"),
    # an inflow temperature as a difference from the fluid's
    ("heatTransfer/buoyantSimpleFoam/circuitBoardCooling", "buoyantSimpleFoam",
     "the box air starts at 300 K and the inlet air is 10 K colder", "0.orig/T",
     "boundaryField/inlet/value", "uniform 290"),
    ("heatTransfer/buoyantSimpleFoam/circuitBoardCooling", "buoyantSimpleFoam",
     "initial temperature 27 degC; supply air 5 K warmer than the room", "0.orig/T",
     "boundaryField/inlet/value", "uniform 305.15"),
])
def test_a_temperature_or_property_goes_to_its_entry(tutorial: str, solver: str, text: str, rel: str, entry: str,
                                                     value: str) -> None:
    binder = _bind(tutorial, solver, text)
    edits = _edits(binder, rel)
    assert edits.get(entry) == value, (edits, binder.not_applied)


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "rel", "patch", "key", "value"), [
    ("heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam", "a heat flux of 150 W/m2 on the floor",
     "0.orig/T", "floor", "q", "uniform 150"),
    ("heatTransfer/buoyantPimpleFoam/thermocoupleTestCase", "buoyantPimpleFoam", "the walls receive 2 kW/m2",
     "0/T", "walls", "q", "uniform 2000"),
    ("heatTransfer/buoyantSimpleFoam/hotRadiationRoom", "buoyantSimpleFoam", "the box gives off 300 W/m^2",
     "0/T", "box", "q", "uniform 300"),
    (IGLOO, "buoyantBoussinesqSimpleFoam", "the fridges give off 40 W/m2",
     "0/T", "twoFridgeFreezers_seal_0", "gradient", None),
    ("basic/laplacianFoam/flange", "laplacianFoam", "5000 W/m2 into patch4, conductivity 50 W/(m K)",
     "0/T", "patch4", "gradient", "uniform 100"),
    ("basic/laplacianFoam/flange", "laplacianFoam", "k = 25 W/m/K. patch4: 10 kW/m2. patch2: 20 degC",
     "0/T", "patch4", "gradient", "uniform 400"),
    ("heatTransfer/buoyantPimpleFoam/thermocoupleTestCase", "buoyantPimpleFoam",
     "q = 800 W/m2 on every wall; T0 = 290 K", "0/T", "walls", "q", "uniform 800"),
])
def test_a_wall_heat_flux_on_a_tutorial_base(tutorial: str, solver: str, text: str, rel: str, patch: str, key: str,
                                             value: str | None) -> None:
    binder = _bind(tutorial, solver, text)
    bc = _edits(binder, rel).get(f"boundaryField/{patch}")
    assert isinstance(bc, dict), (_edits(binder, rel), binder.not_applied)
    assert (value is None and float(bc[key].split()[-1]) > 0) or bc[key] == value, bc
    assert not binder.not_applied, binder.not_applied


@needs_tutorials
def test_a_heat_flux_into_a_solid_without_its_conductivity_is_refused_with_what_to_state() -> None:
    binder = _bind("basic/laplacianFoam/flange", "laplacianFoam", "a heat flux of 2 kW/m2 into patch4")
    assert any("conductivity" in n.reason for n in binder.not_applied), binder.not_applied
