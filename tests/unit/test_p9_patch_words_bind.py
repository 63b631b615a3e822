"""Binding, session 9 (helper patches): a value given to a boundary the user names in their own
words. Each class is checked with paraphrases (other tutorials, units, word orders) over the
installed tutorials; the written value is read back from the binder's bindings.

Classes: patches a coordinated list names together ("the floor as well as the ceiling at 285 K"),
every wall / every wall but some ("all walls at 290 K", "the walls except the floor"), an inlet
named by the side of the domain it lies on ("from the right: 310 K"), the heated / cooled wall
where the base fixes the temperature of one wall only, an inlet named by the distinctive part of
a one-word name ("the fuel jet" for inletfuel), the patches of a one-region case's own field
folder (0/solid/T), and radiation coefficients by meaning, placed by their unit and scaled by it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.patch_words import name_words, stream_part_patches
from tasks.plan.bind import bind_all
from tasks.plan.bind_by_name_common import unit_factor_after
from tasks.plan.bind_words import words_since_value
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

RAD_ROOM = ("heatTransfer/buoyantSimpleFoam/hotRadiationRoom", "buoyantSimpleFoam")
RAD_DOM = ("heatTransfer/buoyantSimpleFoam/hotRadiationRoomFvDOM", "buoyantSimpleFoam")
HOT_ROOM = ("heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam")
COMP_CAVITY = ("compressible/rhoPimpleFoam/RAS/cavity", "rhoPimpleFoam")
FLAME = ("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam")
PARCEL_FLAME = ("lagrangian/reactingParcelFoam/counterFlowFlame2DLTS", "reactingParcelFoam")
EVAP = ("multiphase/icoReactingMultiPhaseInterFoam/evaporationMultiComponent", "icoReactingMultiphaseInterFoam")
JOULE = ("heatTransfer/chtMultiRegionSimpleFoam/jouleHeatingSolid", "chtMultiRegionSimpleFoam")
DLR = ("combustion/reactingFoam/RAS/DLR_A_LTS", "reactingFoam")
CHANNEL = ("lagrangian/simpleReactingParcelFoam/verticalChannel", "simpleReactingParcelFoam")
CAVITY_HEATED = ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam")
POOL = ("combustion/fireFoam/LES/smallPoolFire3D", "fireFoam")


def _written(base: tuple[str, str], text: str) -> dict[tuple[str, str], str]:
    """(file name without its folder's .orig, entry path) -> the value written for a stated quantity."""
    binder = bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))
    return {(b.file.replace("0.orig/", "0/").removesuffix(".orig"), "/".join(b.entry)): " ".join(str(b.value).split())
            for b in binder.bindings}


def _temperatures(base: tuple[str, str], text: str, field: str = "0/T") -> dict[str, float]:
    return {entry.split("/")[1]: float(v.split()[-1]) for (f, entry), v in _written(base, text).items()
            if f == field and entry.startswith("boundaryField/")}


# pure helpers ----------------------------------------------------------------------------------
@pytest.mark.parametrize("before, want", [
    ("the box is at 450 k and both the floor and the ceiling are at ", " and both the floor and the ceiling are at "),
    ("inlet 2 m/s, outlet and walls ", ", outlet and walls "),
    ("first sentence 5 k. the floor and the roof ", "the floor and the roof "),
    ("all walls but the floor at ", ""),
    ("every wall other than the lid ", ""),
])
def test_words_since_value(before, want):
    assert words_since_value(before) == want


@pytest.mark.parametrize("text, factor", [
    ("0.002 1/cm", 100.0), ("0.3 cm^-1", 100.0), ("2 per mm", 1000.0), ("0.2 per metre", 1.0),
    ("0.2 m^-1", 1.0), ("0.5", 1.0),
])
def test_unit_factor_after(text, factor):
    assert unit_factor_after(text, text.find(" ") if " " in text else len(text)) == pytest.approx(factor)


@pytest.mark.parametrize("patch, words", [
    ("inletfuel", ["inlet", "fuel"]), ("inletair", ["inlet", "air"]), ("burnerwall", ["burner", "wall"]),
    ("outlet", ["outlet"]), ("walls", ["walls"]), ("sides", ["sides"]), ("inletCH4", ["inlet", "ch4"]),
    ("velocity-inlet-5", ["velocity", "inlet", "5"]),
])
def test_name_words_split_run_together_kind_words(patch, words):
    assert name_words(patch) == words


@pytest.mark.parametrize("words, patches, want", [
    ("the fuel jet at", ["inletfuel", "inletair", "outlet"], ["inletfuel"]),
    ("the oxidiser stream", ["inletfuel", "inletair", "outlet"], ["inletair"]),
    ("the methane enters at", ["inletCH4", "inletAir", "outlet"], ["inletCH4"]),
    ("the middle stream", ["inletCentral", "inletSides", "outlet"], ["inletCentral"]),
    ("the stream at", ["inletfuel", "inletair"], []),
    ("the lid at", ["movingWall", "fixedWalls"], []),  # walls are not streams
])
def test_stream_part_patches(words, patches, want):
    assert stream_part_patches(words, patches) == want


# several patches named together take the value -------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, want", [
    (RAD_ROOM, "The box is held at 500 K, while the floor as well as the ceiling sit at 285 K.",
     {"box": 500, "floor": 285, "ceiling": 285}),
    (RAD_ROOM, "box 500 K; ceiling and floor both at 12 degC", {"box": 500, "floor": 285.15, "ceiling": 285.15}),
    (HOT_ROOM, "keep the ceiling and the floor at 290 K", {"floor": 290, "ceiling": 290}),
    (RAD_DOM, "heater box: 450 K. Floor, ceiling: 61 degF", {"box": 450, "floor": 289.261, "ceiling": 289.261}),
])
def test_coordinated_patches_share_the_value(base, text, want):
    got = _temperatures(base, text)
    assert {p: got.get(p) for p in want} == pytest.approx(want, rel=1e-4)


# every wall, every wall but some ---------------------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, want, untouched", [
    (HOT_ROOM, "all walls at 290 K", {"floor": 290, "ceiling": 290, "fixedWalls": 290}, []),
    (HOT_ROOM, "every wall at 17 degC", {"floor": 290.15, "ceiling": 290.15, "fixedWalls": 290.15}, []),
    (COMP_CAVITY, "each of the walls held at 350 K", {"movingWall": 350, "fixedWalls": 350}, []),
    (RAD_ROOM, "box 500 K, the walls except the floor at 300 K", {"box": 500, "ceiling": 300, "fixedWalls": 300},
     ["floor"]),
    (RAD_ROOM, "the heater box 480 K and every wall apart from the ceiling 295 K",
     {"box": 480, "floor": 295, "fixedWalls": 295}, ["ceiling"]),
])
def test_every_wall_and_its_exceptions(base, text, want, untouched):
    got = _temperatures(base, text)
    assert {p: got.get(p) for p in want} == pytest.approx(want, rel=1e-4)
    assert not set(untouched) & set(got)


# an inlet (a wall) named by the side of the domain it lies on -------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, want", [
    (FLAME, "the stream entering on the right boundary is at 310 K", {"air": 310}),
    (FLAME, "left-hand inlet: 350 K; right-hand inlet: 305 K", {"fuel": 350, "air": 305}),
    (PARCEL_FLAME, "at the left 700 K, at the right 650 K", {"fuel": 700, "air": 650}),
    (FLAME, "from the left: 20 cm/s, 46.85 degC", {"fuel": 320}),
    (HOT_ROOM, "the bottom plate at 305 K", {"floor": 305}),
    (HOT_ROOM, "32 degC on the bottom", {"floor": 305.15}),
    (CAVITY_HEATED, "the wall on the right at 330 K", {"hot": 330}),
])
def test_patch_named_by_its_side(base, text, want):
    got = _temperatures(base, text)
    assert {p: got.get(p) for p in want} == pytest.approx(want, rel=1e-4)


# the heated (cooled) wall where the base fixes one wall's temperature ---------------------------
@needs_tutorials
@pytest.mark.parametrize("text, want", [
    ("warm wall at 110 degC", 383.15),
    ("the heater wall is kept at 400 K", 400),
    ("icoReactingMultiphaseInterFoam evaporation; hot side: 750 F", 672.039),
])
def test_the_one_fixed_wall_is_the_heated_one(text, want):
    assert _temperatures(EVAP, text) == pytest.approx({"left": want}, rel=1e-4)


@needs_tutorials
def test_the_one_heated_wall_is_not_the_cold_one():
    binder = bind_all(TUTORIALS / EVAP[0], EVAP[1], "the cold wall at 280 K", read_stated("the cold wall at 280 K"))
    assert not binder.bindings and binder.not_applied


# an inlet named by the distinctive part of its name ---------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, field, want", [
    (DLR, "the fuel jet at 300 K, co-flow air at 0.5 m/s", "0/T", {"inletfuel": 300}),
    (DLR, "air co-flow 310 K and a 295 K fuel stream", "0/T", {"inletair": 310, "inletfuel": 295}),
    (CHANNEL, "middle inlet 600 K, the outer inlets 450 K", "0/T", {"inletCentral": 600, "inletSides": 450}),
])
def test_inlet_named_by_its_own_part(base, text, field, want):
    got = _temperatures(base, text, field)
    assert got == pytest.approx(want, rel=1e-4)


@needs_tutorials
def test_coflow_velocity_goes_to_the_air_inlet_only():
    got = _written(DLR, "the fuel jet at 300 K, co-flow air at 0.5 m/s")
    assert got[("0/U", "boundaryField/inletair/value")] == "uniform (0 0 0.5)"
    assert ("0/U", "boundaryField/inletfuel/value") not in got


# a one-region case keeps its fields in the region's folder ---------------------------------------
@needs_tutorials
@pytest.mark.parametrize("text, want", [
    ("hold the right face at 400 K", {"right": 400}),
    ("126.85 degC at the left boundary", {"left": 400}),
    ("Joule heating: bar ends at 450 K (left) and 420 K (right)", {"left": 450, "right": 420}),
])
def test_region_folder_patches(text, want):
    assert _temperatures(JOULE, text, "0/solid/T") == pytest.approx(want, rel=1e-4)


# radiation coefficients by meaning --------------------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, entry, want", [
    (RAD_ROOM, "absorption coefficient 0.5 m^-1", "absorptivity", 0.5),
    (RAD_DOM, "gas emission coefficient of 0.03 per cm", "emissivity", 3.0),
    (RAD_DOM, "the medium absorbs with an absorption coefficient of 0.4 1/m", "absorptivity", 0.4),
    (POOL, "absorption coefficient 0.05 1/m", "absorptivity", 0.05),
    (RAD_DOM, "absorptivity 0.002 1/cm", "absorptivity", 0.2),
])
def test_medium_radiation_coefficients(base, text, entry, want):
    got = _written(base, text)
    value = got[("constant/radiationProperties", f"constantAbsorptionEmissionCoeffs/{entry}")]
    assert float(value.split()[-1]) == pytest.approx(want, rel=1e-6)


@needs_tutorials
@pytest.mark.parametrize("text, entry, want", [
    ("wall emissivity 0.7", "emissivity", 0.7),
    ("the surfaces have an emissivity of 0.85", "emissivity", 0.85),
])
def test_wall_radiation_coefficients(text, entry, want):
    got = _written(RAD_DOM, text)
    assert float(got[("constant/boundaryRadiationProperties", f".*/{entry}")]) == pytest.approx(want)
