"""Which patch takes a stated value when the base has several that could: inlets named by what
they carry in a multi-region case (reverseBurner's inletFuel and inletAir), a heat flux on the
baffles a tutorial makes (circuitBoardCooling) or on a named solid region (multiRegionHeater's
heater), a turbulence intensity at one of several inlets or where k is a fixed value. Probes from
installed tutorials, three phrasings each; every edited dictionary is parsed back."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.bind import bind_all
from tasks.plan.bind_base import Base
from tasks.plan.bind_inlet_turbulence import intensity_k
from tasks.plan.bind_region_flux import outer_fixed_patches, region_flux_condition
from tasks.plan.bind_region_patches import carried_patches, carried_words, comment_words, own_patch, said_patches
from tasks.plan.bind_thermal_baffles import baffle_heats, baffles_said, condition_kind
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
BURNER = "heatTransfer/chtMultiRegionFoam/reverseBurner"
HEATER = "heatTransfer/chtMultiRegionFoam/multiRegionHeater"
BOARD = "heatTransfer/buoyantSimpleFoam/circuitBoardCooling"
DLR = "combustion/reactingFoam/RAS/DLR_A_LTS"
INJECTOR = "compressible/rhoSimpleFoam/gasMixing/injectorPipe"
SANDIA = "combustion/reactingFoam/RAS/SandiaD_LTS"
COUNTERFLOW = "combustion/reactingFoam/laminar/counterFlowFlame2D"
PITZ = "incompressible/simpleFoam/pitzDaily"
T3A = "incompressible/simpleFoam/T3A"
installed = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _bind(tutorial: str, solver: str, text: str):
    return bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))


def _parsed_back(tutorial: str, binder) -> dict[str, str]:
    """Apply the binder's edits to the base's texts; every edited file must parse. Returns
    file -> edited text."""
    base = Base(TUTORIALS / tutorial)
    texts: dict[str, str] = {}
    for e in binder.edits:
        texts[e.file] = fd.set_entry(texts.get(e.file, base.text(e.file) or ""), e.entry, e.value)
    for rel, text in texts.items():  # a fragment the base cannot parse alone (an #include'd patch) stays one
        assert fd.parse_error(text) is None or fd.parse_error(base.text(rel) or "") is not None, rel
    return texts


def _bound(binder) -> dict[str, tuple[str, str, str]]:
    """Stated text -> (file, the patch or entry it went to, value)."""
    return {b.stated: (b.file, "/".join(b.entry), b.value) for b in binder.bindings}


# --- pure: the patch a value's own words name ---------------------------------------------------
BURNER_PATCHES = ["inletFuel", "inletAir", "outlet", "gas_to_solid"]


@pytest.mark.parametrize("before,after,patch", [
    ("fuel at ", " and air at 2 m/s", "inletFuel"),
    ("fuel at 0.8 m/s and air at ", "", "inletAir"),
    ("", " for the fuel and 2 m/s for the air", "inletFuel"),
    ("0.8 m/s for the fuel and ", " for the air", "inletAir"),
    ("methane ", " and air 1.8 m/s", "inletFuel"),
    ("the oxidiser stream enters at ", "", "inletAir"),
    ("air inlet ", ", fuel inlet 0.8 m/s", "inletAir"),
    ("the inlet velocity is ", "", None),  # two inlets, neither named
    ("fuel and air at ", "", None),  # both named alike
    ("the burner wall at ", "", None),  # a coupled patch is never named this way
])
def test_the_patch_a_values_own_words_name(before: str, after: str, patch: str | None) -> None:
    assert own_patch(before, after, BURNER_PATCHES) == patch


@pytest.mark.parametrize("words,patches,found", [
    ("the core jet", ["inletCore", "inletCoflow"], ["inletCore"]),
    ("the hot stream", ["hotInlet", "coldInlet"], ["hotInlet"]),
    ("the second inlet", ["inlet1", "inlet2"], []),  # numbered inlets are the ranked reader's
    ("gas to solid", ["gas_to_solid"], []),
])
def test_said_patches(words: str, patches: list[str], found: list[str]) -> None:
    assert said_patches(words, patches) == found


# --- multi-region: inlets named by what they carry -------------------------------------------------
@installed
@pytest.mark.parametrize("text,fuel,air", [
    ("reverseBurner chtMultiRegionFoam: air inlet 2 m/s, fuel inlet 0.8 m/s", "0.8 m/s", "2 m/s"),
    ("reverse burner cht case, methane 0.6 m/s and air 1.8 m/s at the inlets", "0.6 m/s", "1.8 m/s"),
    ("reverseBurner chtMultiRegionFoam: 0.8 m/s for the fuel and 2 m/s for the air", "0.8 m/s", "2 m/s"),
    ("I want to simulate the reverseBurner conjugate heat transfer tutorial where the methane fuel inlet "
     "velocity is 0.8 m/s and the air inlet velocity is 2 m/s", "0.8 m/s", "2 m/s"),
    ("reverse burner, fuel 50 cm/s and air 150 cm/s", "50 cm/s", "150 cm/s"),
])
def test_region_inlets_named_by_what_they_carry(text: str, fuel: str, air: str) -> None:
    binder = _bind(BURNER, "chtMultiRegionFoam", text)
    bound = _bound(binder)
    assert not binder.not_applied
    assert bound[fuel][:2] == ("0/gas/U", "boundaryField/inletFuel/value")
    assert bound[air][:2] == ("0/gas/U", "boundaryField/inletAir/value")
    texts = _parsed_back(BURNER, binder)
    assert fd.get(texts["0/gas/U"], ["boundaryField", "inletFuel", "type"]) == "fixedValue"


@installed
@pytest.mark.parametrize("text", [
    "reverse burner chtMultiRegionFoam, inlet velocity 1 m/s",
    "reverseBurner with 1 m/s at the inlets",
    "run reverseBurner, gas comes in at 1 m/s",
])
def test_region_inlets_not_named_stay_refused(text: str) -> None:
    binder = _bind(BURNER, "chtMultiRegionFoam", text)
    assert [n.text for n in binder.not_applied] == ["1 m/s"]
    assert not any(e.file == "0/gas/U" for e in binder.edits)


@installed
@pytest.mark.parametrize("text,fuel_t,air_t", [
    ("reverseBurner cht: fuel enters at 350 K, air at 300 K", "uniform 350", "uniform 300"),
    ("reverse burner: the fuel inlet temperature is 80 degC and the air inlet temperature 20 degC",
     "uniform 353.15", "uniform 293.15"),
    ("reverseBurner, 400 K for the fuel and 290 K for the air", "uniform 400", "uniform 290"),
])
def test_region_inlet_temperature_gets_its_own_entry_under_a_pattern(text: str, fuel_t: str, air_t: str) -> None:
    binder = _bind(BURNER, "chtMultiRegionFoam", text)
    assert not binder.not_applied
    texts = _parsed_back(BURNER, binder)
    assert fd.get(texts["0/gas/T"], ["boundaryField", "inletFuel", "value"]) == fuel_t
    assert fd.get(texts["0/gas/T"], ["boundaryField", "inletAir", "value"]) == air_t
    assert fd.get(texts["0/gas/T"], ["boundaryField", '"inlet.*"', "type"]) == "fixedValue"  # the pattern stays


# --- single region: the same words keep working --------------------------------------------------------
@installed
@pytest.mark.parametrize("tutorial,solver,text,where", [
    (COUNTERFLOW, "reactingFoam", "counterflow flame, fuel at 0.15 m/s and air at 0.2 m/s",
     {"0.15 m/s": "fuel", "0.2 m/s": "air"}),
    (INJECTOR, "rhoSimpleFoam", "gasMixing injectorPipe rhoSimpleFoam: fuel at 0.8 m/s and air at 2 m/s",
     {"0.8 m/s": "inlet_fuel", "2 m/s": "inlet_air"}),
    (DLR, "reactingFoam", "DLR flame reactingFoam RAS: fuel jet 42 m/s, coflow air 0.3 m/s",
     {"42 m/s": "inletfuel", "0.3 m/s": "inletair"}),
])
def test_single_region_inlets(tutorial: str, solver: str, text: str, where: dict[str, str]) -> None:
    binder = _bind(tutorial, solver, text)
    bound = _bound(binder)
    assert {s: bound[s][1].split("/")[1] for s in where} == where


# --- heat flux on the baffles a tutorial makes -------------------------------------------------------------
@installed
def test_baffle_heats_read_through_the_includes() -> None:
    base = Base(TUTORIALS / BOARD)
    heats = {h.baffle: h for h in baffle_heats(base.text, True)}
    one_d = heats["baffleFacesThermoBaffle1D"]
    assert (one_d.file, one_d.entry, one_d.condition, one_d.flux_entry) == (
        "0.orig/include/1DBaffle/1DTemperatureMasterBafflePatches", ["T"], "thermalBaffle1D", "qs")
    assert heats["baffleFacesThermoBaffle3D"].flux_entry is None
    assert [h.baffle for h in baffles_said("the board", list(heats.values()))] == ["baffleFacesThermoBaffle1D"]
    assert baffles_said("the floor", list(heats.values())) == []


@pytest.mark.parametrize("raw,kind", [
    ("compressible::thermalBaffle1D<hConstSolidThermoPhysics>", "thermalBaffle1D"),
    ("externalWallHeatFluxTemperature", "externalWallHeatFluxTemperature"),
    (" compressible::thermalBaffle ", "thermalBaffle"),
])
def test_condition_kind(raw: str, kind: str) -> None:
    assert condition_kind(raw) == kind


@installed
@pytest.mark.parametrize("text,flux", [
    ("buoyant circuit board cooling case, the baffles get a heat flux of 500 W/m2", "uniform 500"),
    ("circuitBoardCooling buoyantSimpleFoam: heated board 2 kW/m2", "uniform 2000"),
    ("I would like to run the circuit board cooling tutorial, but with the electronic board (the 1D baffle) "
     "dissipating 46.45 W/ft2 into the air.", "uniform 499.98"),
    ("circuitBoardCooling; baffle heat flux = 0.75 kW/m2", "uniform 750"),
])
def test_heat_flux_on_the_created_baffles(text: str, flux: str) -> None:
    binder = _bind(BOARD, "buoyantSimpleFoam", text)
    assert not binder.not_applied
    texts = _parsed_back(BOARD, binder)
    got = fd.get(texts["0.orig/include/1DBaffle/1DTemperatureMasterBafflePatches"], ["T", "qs"])
    assert got.split()[0] == "uniform" and abs(float(got.split()[1]) - float(flux.split()[1])) < 0.05


@installed
@pytest.mark.parametrize("text", [
    "circuitBoardCooling, floor heat flux 300 W/m2",
    "the circuit board cooling tutorial, the floor gets 300 W/m2",
    "circuit board case with 0.3 kW/m2 on the floor",
])
def test_a_wall_named_keeps_the_flux_off_the_baffles(text: str) -> None:
    binder = _bind(BOARD, "buoyantSimpleFoam", text)
    assert [(b.file, b.entry[1]) for b in binder.bindings] == [("0.orig/T", "floor")]


# --- heat flux on a named solid region --------------------------------------------------------------------
@installed
@pytest.mark.parametrize("text,q", [
    ("multiRegionHeater chtMultiRegionFoam, the heater gets a heat flux of 20 kW/m2", "uniform 20000"),
    ("multiRegionHeater: heat flux 5000 W/m2 into the heater, bottom water at 0.01 m/s", "uniform 5000"),
    ("multi region heater, heater heat flux 1.5 W/cm2", "uniform 15000"),
])
def test_heat_flux_on_a_named_region(text: str, q: str) -> None:
    binder = _bind(HEATER, "chtMultiRegionFoam", text)
    assert not binder.not_applied
    texts = _parsed_back(HEATER, binder)
    patch = fd.get(texts["system/heater/changeDictionaryDict"], ["T", "boundaryField", "minY"]) or ""
    assert "externalWallHeatFluxTemperature" in patch and "solidThermo" in patch
    assert fd.get(texts["system/heater/changeDictionaryDict"], ["T", "boundaryField", "minY", "q"]) == q


@installed
def test_heat_flux_on_no_named_region_is_refused() -> None:
    binder = _bind(HEATER, "chtMultiRegionFoam", "chtMultiRegionFoam multiRegionHeater, 10 kW/m2")
    assert binder.not_applied and "which region" in binder.not_applied[0].reason


def test_region_flux_pure() -> None:
    text = "T { boundaryField { \".*\" { type zeroGradient; } minY { type fixedValue; value uniform 500; } " \
           "heater_to_air { type fixedValue; value uniform 1; } } }"
    assert outer_fixed_patches(text, "heater") == ["minY"]
    assert region_flux_condition(100.0, "fluid", "uniform 300")["kappaMethod"] == "fluidThermo"


# --- turbulence intensity ------------------------------------------------------------------------------------
def test_intensity_k() -> None:
    assert intensity_k(0.05, 10.0) == pytest.approx(0.375)
    with pytest.raises(ValueError, match="not negative"):
        intensity_k(-0.1, 1.0)


@installed
@pytest.mark.parametrize("tutorial,solver,text,where", [
    (DLR, "reactingFoam", "DLR flame reactingFoam RAS: fuel jet 42 m/s with 5 % turbulence intensity, coflow air "
                          "0.3 m/s with 2 % intensity", {"5 %": ("inletfuel", "0.05"), "2 %": ("inletair", "0.02")}),
    (SANDIA, "reactingFoam", "Sandia flame D: pilot turbulence intensity 4 %, air turbulence intensity 3 %",
     {"4 %": ("inletPilot", "0.04"), "3 %": ("inletAir", "0.03")}),
    (INJECTOR, "rhoSimpleFoam", "injector pipe gas mixing rhoSimpleFoam, the air inlet has 8% turbulence intensity "
                                "and the fuel inlet 3%", {"8%": ("inlet_air", "0.08"), "3%": ("inlet_fuel", "0.03")}),
])
def test_intensity_at_the_inlet_named(tutorial: str, solver: str, text: str, where: dict) -> None:
    binder = _bind(tutorial, solver, text)
    got = {b.stated: (b.entry[1], b.value) for b in binder.bindings if b.entry[-1] == "intensity"}
    assert got == where


@installed
@pytest.mark.parametrize("tutorial,text,k", [
    (PITZ, "pitzDaily simpleFoam, inlet 5 m/s, turbulence intensity 3 %", 1.5 * (0.03 * 5) ** 2),
    (PITZ, "pitzDaily: 3 percent turbulence intensity at 15 m/s inflow", 1.5 * (0.03 * 15) ** 2),
    (T3A, "T3A simpleFoam flat plate, 4 % turbulence intensity", 1.5 * (0.04 * 5.4) ** 2),  # the base's speed
    (T3A, "T3A flat plate: Tu = 2.5%, free stream 8 m/s", 1.5 * (0.025 * 8) ** 2),
])
def test_intensity_where_k_is_fixed_becomes_k(tutorial: str, text: str, k: float) -> None:
    binder = _bind(tutorial, "simpleFoam", text)
    assert not binder.not_applied
    texts = _parsed_back(tutorial, binder)
    value = fd.get(texts["0/k"], ["boundaryField", "inlet", "value"])
    assert float(value.split()[1]) == pytest.approx(k, rel=1e-4)
    assert any("1.5 (I U)^2" in a for a in binder.assumptions)


@installed
@pytest.mark.parametrize("text,applied", [
    ("pitzDaily simpleFoam, inlet 7 m/s, inlet k 0.066 m2/s2 (3 % turbulence intensity)", True),
    ("pitzDaily, U = 7 m/s at the inlet, k = 0.066 m2/s2 there, i.e. about 3 % intensity", True),
    ("pitzDaily simpleFoam, inlet 7 m/s, inlet k 0.5 m2/s2 and 3 % turbulence intensity", False),
])
def test_intensity_beside_a_stated_k_agrees_or_is_refused(text: str, applied: bool) -> None:
    binder = _bind(PITZ, "simpleFoam", text)
    intensity = next(q.text for q in read_stated(text) if q.role == "turbulence_intensity")
    assert any(b.stated == intensity for b in binder.bindings) is applied
    if not applied:
        assert "disagree" in next(n.reason for n in binder.not_applied if n.text == intensity)


# --- what an inlet brings: species it fixes, comments on it ------------------------------------------------
_CH4 = "internalField uniform 0; boundaryField { inlet1 { type fixedValue; value uniform 1; } " \
       "inlet2 { type fixedValue; value uniform 0; } outlet { type inletOutlet; value $internalField; } }"
_O2 = "internalField uniform 0.23; boundaryField { inlet1 { type fixedValue; value uniform 0; } " \
      "inlet2 { type fixedValue; value $internalField; } outlet { type inletOutlet; value $internalField; } }"
_U = """boundaryField
{
    inlet1 // hot water
    {
        type fixedValue;
        value uniform (1 0 0);
    }
    inlet2
    {
        // cold stream
        type fixedValue;
        value uniform (1 0 0);
    }
}"""


def test_carried_words_from_the_species_an_inlet_fixes() -> None:
    carried = {p: carried_words({"CH4": _CH4, "O2": _O2}, p) for p in ("inlet1", "inlet2", "outlet")}
    assert {"fuel", "methane", "ch4"} <= carried["inlet1"]
    assert {"air", "oxidiser", "oxygen"} <= carried["inlet2"]
    assert carried["outlet"] == set()  # an outlet fixes nothing


@pytest.mark.parametrize("before,after,patch", [
    ("fuel at ", " and air at 2 m/s", "inlet1"),
    ("fuel at 0.8 m/s and air at ", "", "inlet2"),
    ("", " for the oxidiser", "inlet2"),
    ("the methane stream enters at ", "", "inlet1"),
])
def test_own_patch_by_what_it_carries(before: str, after: str, patch: str) -> None:
    carried = {p: carried_words({"CH4": _CH4, "O2": _O2}, p) for p in ("inlet1", "inlet2")}
    assert own_patch(before, after, ["inlet1", "inlet2", "outlet"], carried) == patch


def test_comment_words_and_carried_patches() -> None:
    carried = {p: comment_words(_U, p) for p in ("inlet1", "inlet2")}
    assert carried == {"inlet1": {"hot", "water"}, "inlet2": {"cold", "stream"}}
    assert carried_patches("the hot water comes in at", carried) == ["inlet1"]
    assert carried_patches("cold side", carried) == ["inlet2"]


@installed
@pytest.mark.parametrize("text,where", [
    ("reverseBurner: oxygen stream 2 m/s, methane 0.8 m/s", {"2 m/s": "inletAir", "0.8 m/s": "inletFuel"}),
    ("reverse burner with the oxidiser entering at 1.2 m/s and the CH4 at 0.4 m/s",
     {"1.2 m/s": "inletAir", "0.4 m/s": "inletFuel"}),
])
def test_region_inlets_by_the_species_they_bring(text: str, where: dict[str, str]) -> None:
    binder = _bind(BURNER, "chtMultiRegionFoam", text)
    assert {b.stated: b.entry[1] for b in binder.bindings} == where


@installed
def test_heat_flux_never_goes_to_a_fluid_regions_inlet() -> None:
    binder = _bind(HEATER, "chtMultiRegionFoam", "multiRegionHeater, the top air gets 300 W/m2")
    assert not any(b.entry[2:3] == ["minX"] for b in binder.bindings)
