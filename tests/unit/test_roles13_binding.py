"""Session 13, roles: several values of one field on different patches (a unit said once after
place-value pairs, places listed in a header), patch names typed as place words ("hotWall"),
the quantity's name before its place with no preposition ("velocity inlet 5"), and the words a
request uses for a floor, a ceiling, a hotter or colder patch -- bound to their own patch of the
installed tutorials, none dropped, none applied twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated
from tasks.plan.stated_back_units import backward_units
from tasks.plan.stated_camel import split_place_names
from tasks.plan.stated_place_order import quantity_first

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize("text, want", [
    ("T left 320 right 280 K", "T left 320 K right 280 K"),
    ("p inlet 2, outlet 0 bar", "p inlet 2 bar, outlet 0 bar"),
    ("inlet 300 walls 350 outlet 320 K", "inlet 300 K walls 350 K outlet 320 K"),
    ("the hot wall 350, the cold wall 300 K", "the hot wall 350 K, the cold wall 300 K"),
    ("top 10 while the bottom 40 degC", "top 10 degC while the bottom 40 degC"),
    ("outlet1 5, outlet2 2 m2/s2", "outlet1 5 m2/s2, outlet2 2 m2/s2"),
    ("hot plate 306 and cold plate 296 (kelvin)", "hot plate 306 (kelvin) and cold plate 296 (kelvin)"),
    # no pair: a patch's number, a count, another quantity's name between them
    ("outlet 2 and 1 m2/s2", "outlet 2 and 1 m2/s2"),
    ("cavity 40 cells lid 2 m/s", "cavity 40 cells lid 2 m/s"),
    ("temperature inlet 320, pressure outlet 1.1 bar", "temperature inlet 320, pressure outlet 1.1 bar"),
    ("U inlet 3 outlet 320 K", "U inlet 3 outlet 320 K"),
])
def test_a_unit_said_after_the_last_pair_goes_back_to_each_bare_value(text: str, want: str) -> None:
    assert backward_units(text) == want


@pytest.mark.parametrize("text, want", [
    ("hotWall 320 coldWall 290 K", "hot wall 320 cold wall 290 K"),
    ("movingWall at 2 m/s", "moving wall at 2 m/s"),
    ("lowerWall 300 K, sideWalls 310 K", "lower wall 300 K, side walls 310 K"),
    ("innerInlet 5 m/s", "inner inlet 5 m/s"),
    # names of tutorials, solvers and patches that are no places stay as written
    ("pitzDaily buoyantCavity frontAndBack", "pitzDaily buoyantCavity frontAndBack"),
    ("velocity-inlet-5 and outlet2", "velocity-inlet-5 and outlet2"),
])
def test_a_patch_name_made_of_place_words_reads_as_those_words(text: str, want: str) -> None:
    assert split_place_names(text) == want


@pytest.mark.parametrize("text, want", [
    ("velocity inlet 12, pressure outlet zero", "inlet velocity 12, outlet pressure 0"),
    ("velocity lid 2", "lid velocity 2"),
    ("the velocity of inlet is 5 m/s", "the inlet velocity 5 m/s"),
    ("temperature in inlet 300 K", "inlet temperature 300 K"),
    ("velocity big inlet 1 m/s", "big inlet velocity 1 m/s"),
    # no value right after the place, or a Fluent patch name: as written
    ("pressure outlet boundary", "pressure outlet boundary"),
    ("elbow velocity-inlet-5 2 m/s", "elbow velocity-inlet-5 2 m/s"),
    ("temperature at that port = 15 degC", "temperature at that port = 15 degC"),
])
def test_a_quantity_named_before_its_place_reads_in_the_usual_order(text: str, want: str) -> None:
    assert quantity_first(text) == want


@pytest.mark.parametrize("text, places", [
    ("wall temperatures (left, right): 320 K, 280 K", ["left ", "right "]),
    ("T (inlet, outlet): 300 K, 350 K", ["inlet ", "outlet "]),
    ("kinematic pressure at outlet1 and outlet2: 5 m2/s2, 2 m2/s2", ["outlet1 ", "outlet2 "]),
])
def test_places_listed_in_a_header_pair_with_the_values_after_it(text: str, places: list[str]) -> None:
    got = [q.place for q in read_stated(text)]
    assert [p.split()[-1] + " " for p in got if p] == places


def test_a_header_of_units_lists_no_places() -> None:
    assert all(q.place is None for q in read_stated("speeds in m/s and km/h: 2 m/s and 3 km/h"))


@pytest.mark.parametrize("text, roles", [
    ("the hotter plate 303 K and the colder plate 297 K", ["hot_wall_temperature", "cold_wall_temperature"]),
    ("the warmer side 335 K, the cooler side 295 K", ["hot_wall_temperature", "cold_wall_temperature"]),
    ("ground 295 K, roof 285 K", ["wall_temperature", "wall_temperature"]),
    ("heated cavity 0.1 m, 40x40 cells", ["geometry", "mesh_cells"]),
])
def test_role_words_of_patches_and_counts(text: str, roles: list[str]) -> None:
    assert [q.role for q in read_stated(text)] == roles


def _edits(tutorial: str, solver: str, text: str) -> dict[tuple[str, str], str]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    return {(e.file, "/".join(e.entry)): e.value for e in binder.edits}


_BENARD = ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam")
_CAVITY = ("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam")
_TJUNCTION = ("incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam")
_BEND = ("compressible/rhoSimpleFoam/squareBend", "rhoSimpleFoam")


@needs_tutorials
@pytest.mark.parametrize("base, text, placed", [
    # several values of one field, each on its own patch
    (_BENARD, "T floor 306 ceiling 296 K", {"floor": "uniform 306", "ceiling": "uniform 296"}),
    (_CAVITY, "hotWall 325 coldWall 292 K", {"hot": "uniform 325", "cold": "uniform 292"}),
    (_TJUNCTION, "p outlet1 7, outlet2 4 m2/s2", {"outlet1": "uniform 7", "outlet2": "uniform 4"}),
    (_BEND, "temperature (inlet, walls): 305 K, 340 K", {"inlet": "uniform 305"}),
    (_BENARD, "the warmer plate 304 K, the cooler plate 299 K", {"floor": "uniform 304", "ceiling": "uniform 299"}),
    (_BENARD, "Boussinesq convection: temperature floor 307, temperature ceiling 297 K",
     {"floor": "uniform 307", "ceiling": "uniform 297"}),
    (("heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam"), "ground 296 K and roof 288 K",
     {"floor": "uniform 296", "ceiling": "uniform 288"}),
])
def test_each_value_of_one_field_lands_on_its_own_patch(base: tuple[str, str], text: str,
                                                         placed: dict[str, str]) -> None:
    binder = bind_all(TUTORIALS / base[0], base[1], text, read_stated(text))
    got: dict[str, str] = {}
    for e in binder.edits:  # a patch's value, or its whole dictionary when the binder fixes its type too
        if e.entry[0] == "boundaryField" and e.file.split("/")[-1] in ("T", "p"):
            value = e.value.get("value") if isinstance(e.value, dict) else e.value if e.entry[-1] == "value" else None
            if value is not None:
                got[e.entry[1]] = value
    assert {p: got.get(p) for p in placed} == placed


@needs_tutorials
@pytest.mark.parametrize("base, text, file, entry, value", [
    (("incompressible/simpleFoam/pitzDaily", "simpleFoam"), "velocity inlet 11, pressure outlet zero",
     "0/U", "boundaryField/inlet/value", "uniform (11 0 0)"),
    (("incompressible/icoFoam/cavity/cavity", "icoFoam"), "velocity of lid is 4",
     "0/U", "boundaryField/movingWall/value", "uniform (4 0 0)"),
    (_BEND, "the pressure in outlet 1.3 bar must be", "0/p", "boundaryField/outlet/value", "uniform 130000"),
])
def test_a_value_after_its_quantity_and_place_lands_there(base: tuple[str, str], text: str, file: str, entry: str,
                                                          value: str) -> None:
    assert _edits(*base, text).get((file, entry)) == value
