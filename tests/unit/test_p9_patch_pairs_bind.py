"""Binding, session 9 (helper patches2): which part a value belongs to where one sentence pairs
several. Each class is checked with paraphrases over the installed tutorials (other solvers,
units and word orders than the probes); the written value is read back from the binder.

Classes: a patch named right after a value by on/at/for, or the patch nearest before a relative
clause ("patch2, which is held at 290 K"); a phase named right before a bracket or apposition with
its value ("oil, 900 kg/m3, over water"); a multi-region value where one region fits the words or
the case has one region; a wall group said by what is left ("the remaining walls", "the other
three faces", "the two fixed ones").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_words import nearest_name, relative_head, words_named_after
from tasks.plan.multi_region import sole_region
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")

FLANGE = ("basic/laplacianFoam/flange", "laplacianFoam")
HOT_ROOM = ("heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam")
CAVITY = ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam")
DAHL = ("multiphase/driftFluxFoam/RAS/dahl", "driftFluxFoam")
MIXER = ("multiphase/driftFluxFoam/RAS/mixerVessel2D", "driftFluxFoam")
DAM = ("multiphase/interFoam/laminar/damBreak/damBreak", "interFoam")
JOULE = ("heatTransfer/chtMultiRegionSimpleFoam/jouleHeatingSolid", "chtMultiRegionSimpleFoam")
BURNER = ("heatTransfer/chtMultiRegionFoam/reverseBurner", "chtMultiRegionFoam")
WINDSHIELD = ("heatTransfer/chtMultiRegionFoam/windshieldCondensation", "chtMultiRegionFoam")
QUENCH = ("heatTransfer/chtMultiRegionTwoPhaseEulerFoam/solidQuenching2D", "chtMultiRegionTwoPhaseEulerFoam")


def _written(base: tuple[str, str], text: str) -> dict[tuple[str, str], float]:
    """(file without .orig, entry path) -> the number written for a stated quantity."""
    binder = bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))
    return {(b.file.replace("0.orig/", "0/").removesuffix(".orig"), "/".join(b.entry)): float(str(b.value).split()[-1])
            for b in binder.bindings if str(b.value).split() and _is_number(str(b.value).split()[-1])}


def _is_number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True


def _patch_t(base: tuple[str, str], text: str) -> dict[str, float]:
    return {entry.split("/")[1]: v for (f, entry), v in _written(base, text).items()
            if f == "0/T" and entry.startswith("boundaryField/")}


# pure helpers ----------------------------------------------------------------------------------
@pytest.mark.parametrize("after, want", [
    (" on patch2 and 20 k on patch1", "patch2"),
    (" for the water.", "water"),
    (" at the lower wall, 3 m/s", "lower wall"),
    (" and patch2", ""),
    (") over the sludge", "sludge"),
    (" at 300 k", ""),
])
def test_words_named_after(after: str, want: str) -> None:
    assert words_named_after(after) == want


@pytest.mark.parametrize("before, want", [
    ("patch4 (hot) and patch2, which is at ", "patch4 (hot) and patch2"),
    ("the floor, that stays at ", "the floor"),
    ("the floor at ", None),
    ("the lid which moves at ", "the lid"),
])
def test_relative_head(before: str, want: str | None) -> None:
    assert relative_head(before) == want


@pytest.mark.parametrize("words, names, want", [
    ("sludge (density 1030 kg/m3) against water (", ["sludge", "water"], "water"),
    ("oil, ", ["water", "oil"], "oil"),
    ("mercury below the oil and ", ["water", "oil", "mercury", "air"], "oil"),
    ("nothing here", ["water", "air"], None),
])
def test_nearest_name(words: str, names: list[str], want: str | None) -> None:
    assert nearest_name(words, names) == want


@pytest.mark.parametrize("clause, regions, fits, want", [
    ("conductivity", {"solid": "solid"}, None, "solid"),
    ("the steel liner", {"gas": "fluid", "solid": "solid"}, None, "solid"),
    ("the gas", {"gas": "fluid", "solid": "solid"}, None, "gas"),
    ("the billet starts at", {"water": "fluid", "solid": "solid"}, None, "solid"),
    ("conductivity", {"gas": "fluid", "solid": "solid"}, {"solid"}, "solid"),
    ("conductivity", {"gas": "fluid", "solid": "solid"}, set(), None),
    ("the metal", {"heater": "solid", "leftSolid": "solid", "topAir": "fluid"}, None, None),
])
def test_sole_region(clause: str, regions: dict[str, str], fits: set[str] | None, want: str | None) -> None:
    assert sole_region(clause, regions, fits) == want


# class 1: which patch a value belongs to where a sentence pairs several ------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, want", [
    (FLANGE, "flange: 80 degC on patch3 and 20 degC on patch1", {"patch3": 353.15, "patch1": 293.15}),
    (FLANGE, "laplacianFoam flange, 600 K for patch4 and 250 K for patch2", {"patch4": 600, "patch2": 250}),
    (FLANGE, "conduction in the flange with patch4 at 500 K and patch2, which is held at 290 K",
     {"patch4": 500, "patch2": 290}),
    (FLANGE, "flange: 500 K on patch4 and patch2 at 300 K", {"patch4": 500, "patch2": 300}),
    (HOT_ROOM, "hot room with buoyantPimpleFoam: 20 degC on the ceiling and 35 degC on the floor",
     {"ceiling": 293.15, "floor": 308.15}),
])
def test_value_pairs_with_its_patch(base: tuple[str, str], text: str, want: dict[str, float]) -> None:
    got = _patch_t(base, text)
    for patch, value in want.items():
        assert got.get(patch) == pytest.approx(value), (patch, got)


# class 2: a phase named right before a bracket or apposition with its value --------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, want", [
    (DAHL, "dahl with driftFluxFoam: 1100 kg/m3 for the sludge and 1000 kg/m3 for the water",
     {"sludge": 1100, "water": 1000}),
    (DAHL, "settling tank (driftFluxFoam) - water (0.999 g/cm3) below sludge (1.2 g/cm3)",
     {"water": 999, "sludge": 1200}),
    (MIXER, "stirred tank, driftFluxFoam: sludge, 1100 kg/m3, under water, 1010 kg/m3",
     {"sludge": 1100, "water": 1010}),
    (DAM, "damBreak with interFoam: water (1020 kg/m^3) and air (1.1 kg/m^3)", {"water": 1020, "air": 1.1}),
])
def test_phase_takes_its_bracket(base: tuple[str, str], text: str, want: dict[str, float]) -> None:
    got = {entry.split("/")[0]: v for (f, entry), v in _written(base, text).items()
           if f == "constant/transportProperties" and entry.endswith("/rho")}
    for phase, value in want.items():
        assert got.get(phase) == pytest.approx(value), (phase, got)


# class 3: a multi-region value where the case or the words leave one region ------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, rel, entry, value", [
    (JOULE, "jouleHeatingSolid with chtMultiRegionSimpleFoam, thermal conductivity 120 W/m/K",
     "constant/solid/thermophysicalProperties", "mixture/transport/kappa", 120),
    (JOULE, "chtMultiRegionSimpleFoam joule heating: rho = 2.7 g/cm3",
     "constant/solid/thermophysicalProperties", "mixture/equationOfState/rho", 2700),
    (BURNER, "reverse burner, chtMultiRegionFoam: the metal liner has Cp 500 J/kg/K",
     "constant/solid/thermophysicalProperties", "mixture/thermodynamics/Cp", 500),
    (WINDSHIELD, "windshieldCondensation (chtMultiRegionFoam) with glass of density 2500 kg/m3",
     "constant/windshield/thermophysicalProperties", "mixture/equationOfState/rho", 2500),
    (QUENCH, "solidQuenching2D: steel billet conductivity 40 W/m/K",
     "constant/solid/thermophysicalProperties", "mixture/transport/kappa", 40),
])
def test_region_the_words_leave(base: tuple[str, str], text: str, rel: str, entry: str, value: float) -> None:
    assert _written(base, text).get((rel, entry)) == pytest.approx(value)


# class 4: a wall group said by what is left ----------------------------------------------------
@needs_tutorials
@pytest.mark.parametrize("base, text, want", [
    (HOT_ROOM, "buoyantPimpleFoam hot room: floor 310 K, the rest of the walls 290 K",
     {"floor": 310, "ceiling": 290, "fixedWalls": 290}),
    (FLANGE, "flange, laplacianFoam: patch4 at 600 K and the other three faces at 300 K",
     {"patch4": 600, "patch1": 300, "patch2": 300, "patch3": 300}),
    (FLANGE, "flange: patch1 400 K; the two fixed ones at 300 K", {"patch1": 400, "patch2": 300, "patch4": 300}),
    (CAVITY, "buoyant cavity: hot 330 K, 295 K for the remaining walls", {"hot": 330, "cold": 295}),
])
def test_rest_of_the_walls(base: tuple[str, str], text: str, want: dict[str, float]) -> None:
    got = _patch_t(base, text)
    for patch, value in want.items():
        assert got.get(patch) == pytest.approx(value), (patch, got)
