"""Session 12, thermal: a value's own words (a region or patch named after the value), per-region
material properties of multi-region cases, a heat transfer coefficient for "the walls / envelope /
enclosure" of the base (less the walls other values hold and the base's heat sources), and a heat
load in watts on a wall (mode power, or P / A as a flux where no thermo gives kappa). Binder rows use
real tutorials; the sentences are paraphrases of each class, not the probes'."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_thermal_power import flux_of_power, is_power, power_patch
from tasks.plan.bind_thermal_regions import property_regions, regions_in
from tasks.plan.bind_thermal_segments import names_said, nearest_group, own_words, split_gap
from tasks.plan.bind_thermal_walls import heat_sources
from tasks.plan.stated import StatedQuantity, read_stated
from tests.unit.test_thermal11_convective import _written

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
MRH_RAD = "heatTransfer/chtMultiRegionSimpleFoam/multiRegionHeaterRadiation"
MRH = "heatTransfer/chtMultiRegionFoam/multiRegionHeater"
SNAPPY_MRH = "heatTransfer/chtMultiRegionFoam/snappyMultiRegionHeater"
FVDOM = "heatTransfer/buoyantSimpleFoam/hotRadiationRoomFvDOM"
HOTROOM = "heatTransfer/buoyantPimpleFoam/hotRoom"
THERMOCOUPLE = "heatTransfer/buoyantPimpleFoam/thermocoupleTestCase"
CAVITY = "heatTransfer/buoyantSimpleFoam/buoyantCavity"
BOUSSINESQ_ROOM = "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"
IGLOO = "heatTransfer/buoyantBoussinesqSimpleFoam/iglooWithFridges"
SOLIDS = ["bottomAir", "topAir", "heater", "leftSolid", "rightSolid"]


# --- pure readings ---------------------------------------------------------------------------

@pytest.mark.parametrize(("gap", "earlier", "later"), [
    (" in the left solid and ", " in the left solid and ", ""),
    (" (leftsolid), ", " (leftsolid)", " "),
    (" (leftsolid, rightsolid); ", " (leftsolid, rightsolid)", " "),
    (" = heater; fr4 ", " = heater", " fr4 "),
    (" for the copper block, and the plates at ", " for the copper block", " and the plates at "),
    (" ", " ", ""),
])
def test_split_gap(gap: str, earlier: str, later: str) -> None:
    assert split_gap(gap) == (earlier, later)


@pytest.mark.parametrize(("text", "values", "index", "leading", "trailing"), [
    ("k 200 w/mk leftsolid, 16 w/mk rightsolid", ["200 w/mk", "16 w/mk"], 1, " ", " rightsolid"),
    ("k 200 w/mk leftsolid, 16 w/mk rightsolid", ["200 w/mk", "16 w/mk"], 0, "k ", " leftsolid"),
    ("the heater. the plates are fr4 at 0.3 w/mk.", ["0.3 w/mk"], 0, "the plates are fr4 at ", ""),
    ("copper 390 w/mk = heater; fr4 0.3 w/mk = leftsolid and rightsolid", ["390 w/mk", "0.3 w/mk"], 1,
     " fr4 ", " = leftsolid and rightsolid"),
])
def test_own_words(text: str, values: list[str], index: int, leading: str, trailing: str) -> None:
    spans = [(text.find(v), text.find(v) + len(v)) for v in values]
    assert own_words(text, spans, index) == (leading, trailing)


def test_own_words_out_of_range_is_empty() -> None:
    assert own_words("abc", [(0, 1)], 3) == ("", "")


@pytest.mark.parametrize(("words", "found"), [
    ("the left solid", ["leftSolid"]),
    ("left-solid and right_solid", ["leftSolid", "rightSolid"]),
    ("the heater block", ["heater"]),
    ("the heaters", []),  # a whole word only
    ("bottomair", ["bottomAir"]),
])
def test_names_said(words: str, found: list[str]) -> None:
    assert names_said(words, SOLIDS) == found


@pytest.mark.parametrize(("leading", "trailing", "regions"), [
    ("conductivity", "in the left solid", ["leftSolid"]),
    ("the heater is copper,", "", ["heater"]),
    ("the left plate", "(rightSolid)", ["rightSolid"]),  # said right after the value wins
    ("the left plate is aluminium at", "", ["leftSolid"]),  # a position word one region has
    ("the plates", "", []),
])
def test_property_regions(leading: str, trailing: str, regions: list[str]) -> None:
    assert property_regions(leading, trailing, SOLIDS) == regions


@pytest.mark.parametrize(("words", "last", "group"), [
    ("set up the heater case; the right plate, rightsolid, is steel at ", True, ["rightSolid"]),
    ("the heater and leftsolid at ", True, ["heater", "leftSolid"]),
    (" for leftsolid, rightsolid and the heater", False, ["heater", "leftSolid", "rightSolid"]),
    (" in the heater block next to leftsolid", False, ["heater"]),
    ("no region here", True, []),
])
def test_nearest_group(words: str, last: bool, group: list[str]) -> None:
    assert nearest_group(words, SOLIDS, last) == group


def test_regions_in_needs_one_region_per_position_word() -> None:
    assert regions_in("the bottom one", ["bottomAir", "bottomWater"]) == []


_ROOM_T = """internalField uniform 300;
boundaryField
{
    floor { type fixedValue; value uniform 300; }
    fixedWalls { type zeroGradient; }
    box { type fixedValue; value uniform 500; }
}
"""
_CAVITY_T = """internalField uniform 293;
boundaryField
{
    hot { type fixedValue; value uniform 307; }
    cold { type fixedValue; value uniform 288; }
}
"""


@pytest.mark.parametrize(("text", "sources"), [
    (_ROOM_T, {"box"}),
    (_CAVITY_T, set()),  # every fixed wall differs alike: no one heat source
    ("internalField nonuniform List<scalar> 0();\nboundaryField { a { type fixedValue; value uniform 1; } }", set()),
])
def test_heat_sources(text: str, sources: set[str]) -> None:
    assert heat_sources(text) == sources


def test_power_patch_and_flux() -> None:
    assert power_patch(60.0, "uniform 300") == {"type": "externalWallHeatFluxTemperature", "mode": "power", "Q": "60",
                                                "kappaMethod": "fluidThermo", "kappa": "none", "value": "uniform 300"}
    assert flux_of_power(300.0, 3.0) == pytest.approx(100.0)
    assert flux_of_power(300.0, None) is None
    with pytest.raises(ValueError, match="must not be negative"):
        power_patch(-5.0, "uniform 300")


def test_is_power_by_kind_or_dimensions() -> None:
    assert is_power(_p("5 W", 5.0))
    assert is_power(StatedQuantity(text="5 W", quantity="other", value=5.0, role="x", dims=[1, 2, -3, 0, 0, 0]))
    assert not is_power(StatedQuantity(text="5 W/m2", quantity="heat_flux", value=5.0, role="wall_heat_flux"))


# --- binder rows on tutorial bases -------------------------------------------------------------

def _p(text: str, value: float) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="power", value=value, unit="W", role="heat_load", dims=[1, 2, -3, 0, 0, 0])




def _bind_text(tutorial: str, solver: str, text: str, extra: list[StatedQuantity] | None = None):
    stated = read_stated(text) + (extra or [])
    return bind_all(TUTORIALS / tutorial, solver, text, stated)


KAPPA = ["mixture", "transport", "kappa"]


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "expected"), [
    # region after the value, in words
    (MRH_RAD, "chtMultiRegionSimpleFoam", "conductivity 120 W/(m K) for the left solid and 45 W/(m K) for the right "
     "solid", {"leftSolid": "120", "rightSolid": "45", "heater": None}),
    # region names in brackets after the values, a list
    (MRH, "chtMultiRegionFoam", "Solid conductivities: 237 W/m/K (heater), 0.25 W/m/K (leftSolid)",
     {"heater": "237", "leftSolid": "0.25", "rightSolid": None}),
    # "value = region" lines, two regions sharing one value
    (SNAPPY_MRH, "chtMultiRegionFoam", "aluminium 205 W/mK = heater\nFR4 0.3 W/mK = leftSolid and rightSolid",
     {"heater": "205", "leftSolid": "0.3", "rightSolid": "0.3"}),
    # a region said in an earlier clause of the sentence is not the value's
    (MRH, "chtMultiRegionFoam", "For the multiRegionHeater with the heater as is, the rightSolid block is brass at "
     "110 W/(m K).", {"rightSolid": "110", "heater": None, "leftSolid": None}),
    # region before the value (its sentence), in another unit system
    (MRH, "chtMultiRegionFoam", "The rightSolid plate is stainless steel. Its conductivity is 8.67 BTU/(hr ft F).",
     {"rightSolid": "15.0059", "heater": None}),
])
def test_region_property_goes_to_the_region_its_words_name(tutorial, solver, text, expected) -> None:
    b = _bind_text(tutorial, solver, text)
    assert not [n for n in b.not_applied if "W" in n.text or "BTU" in n.text], b.not_applied
    for region, value in expected.items():
        got = _written(b, f"constant/{region}/thermophysicalProperties", KAPPA)
        if value is None:
            assert got is None
        else:
            assert got is not None and float(got) == pytest.approx(float(value), rel=1e-3)


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "rel", "convective", "kept"), [
    # "the walls" in another clause of the sentence; the box (a heat source) and nothing else held
    (FVDOM, "buoyantSimpleFoam", "Keep the box at 420 K; the room's walls, however, should all exchange heat with "
     "8 W/(m2 K) towards 15 degC surroundings.", "0/T", ["floor", "ceiling", "fixedWalls"], ["box"]),
    # the envelope as a key, the floor held by another value
    (HOTROOM, "buoyantPimpleFoam", "Envelope: 1.2 W/m2K, outdoor 268.15 K\nFloor: 290 K", "0.orig/T",
     ["ceiling", "fixedWalls"], ["floor"]),
    # a question, the enclosure named after the value
    (THERMOCOUPLE, "buoyantPimpleFoam", "Could the gas lose heat at 20 W/(m2 K) through the enclosure to an "
     "ambient of 300 K?", "0/T", ["walls"], []),
    # a patch named in the coefficient's sentence, not in its clause
    (HOTROOM, "buoyantPimpleFoam", "The ceiling, which faces the loft, gets a coefficient of 2 W/(m2 K) against "
     "the loft air at 275 K.", "0.orig/T", ["ceiling"], ["floor", "fixedWalls"]),
])
def test_walls_said_as_a_whole_become_convective(tutorial, solver, text, rel, convective, kept) -> None:
    b = _bind_text(tutorial, solver, text)
    assert not [n for n in b.not_applied if "W" in n.text], b.not_applied
    for patch in convective:
        assert _written(b, rel, ["boundaryField", patch, "type"]) == "externalWallHeatFluxTemperature", patch
    for patch in kept:
        assert _written(b, rel, ["boundaryField", patch, "type"]) != "externalWallHeatFluxTemperature", patch


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "power", "rel", "patch", "entry", "value"), [
    (FVDOM, "buoyantSimpleFoam", "the box dissipates 150 W", ("150 W", 150.0), "0/T", "box", "Q", 150.0),
    (CAVITY, "buoyantSimpleFoam", "Q_hot: 20 W", ("20 W", 20.0), "0/T", "hot", "Q", 20.0),
    # no thermo: P / A over the floor's 100 m2, as a gradient q Pr / (rho cp nu)
    (BOUSSINESQ_ROOM, "buoyantBoussinesqSimpleFoam", "0.5 kW from the floor", ("0.5 kW", 500.0), "0/T.orig",
     "floor", "gradient", 5.0 * 0.7 / (1.177 * 1007 * 1e-5)),
])
def test_a_heat_load_goes_to_its_wall(tutorial, solver, text, power, rel, patch, entry, value) -> None:
    b = _bind_text(tutorial, solver, text, [_p(*power)])
    assert not b.not_applied, b.not_applied
    got = _written(b, rel, ["boundaryField", patch, entry])
    assert got is not None and float(str(got).split()[-1]) == pytest.approx(value, rel=1e-3)


@needs_tutorials
def test_a_heat_load_without_a_known_area_is_not_applied() -> None:
    b = bind_all(TUTORIALS / IGLOO, "buoyantBoussinesqSimpleFoam", "the fridges give off 80 W", [_p("80 W", 80.0)])
    assert [n.text for n in b.not_applied] == ["80 W"]
    assert "area" in b.not_applied[0].reason


HEATX = "heatTransfer/chtMultiRegionSimpleFoam/heatExchanger"
DEFROST = "heatTransfer/chtMultiRegionFoam/windshieldDefrost"


@needs_tutorials
@pytest.mark.parametrize(("tutorial", "solver", "text", "rel", "entry", "value"), [
    (HEATX, "chtMultiRegionSimpleFoam", "heatExchanger: 305 K entering via the air inlet, 415 K porous inlet",
     "0.orig/porous/T", ["boundaryField", "inlet", "value"], 415.0),
    (HEATX, "chtMultiRegionSimpleFoam", "heatExchanger: 305 K entering via the air inlet, 415 K porous inlet",
     "0.orig/air/T", ["boundaryField", "inlet", "value"], 305.0),
    (MRH, "chtMultiRegionFoam", "multiRegionHeater - 85 °F supplied to bottomWater",
     "system/bottomWater/changeDictionaryDict", ["T", "boundaryField", "minX", "value"], 302.594),
    (DEFROST, "chtMultiRegionFoam", "windshieldDefrost: 318 K coming in at the cabin", "0.orig/cabin/T",
     ["boundaryField", "inlet", "value"], 318.0),
])
def test_a_temperature_goes_to_the_region_named_after_it(tutorial, solver, text, rel, entry, value) -> None:
    b = _bind_text(tutorial, solver, text)
    assert not b.not_applied, b.not_applied
    got = _written(b, rel, entry)
    assert got is not None and float(str(got).split()[-1]) == pytest.approx(value, rel=1e-4)
