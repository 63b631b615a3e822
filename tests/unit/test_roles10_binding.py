"""Binding stated values to their role and patch (session 10): a list's one unit carried by each
value, numbered patches named by rank or number with any word for their kind, values listed for
several inlets or outlets in order, inlet/outlet synonyms, lengths a boundary condition holds
(an atmospheric inflow's Zref and z0), and a length's datum that names no place of the next value.
The requests here are paraphrases written for the class, not the probes' wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.patch_words import named_patch
from tasks.foam.patch_names import kind_of_word, ranked_patches
from tasks.plan.bind import bind_all
from tasks.plan.bind_by_name_lengths import with_length
from tasks.plan.bind_words import without_datums
from tasks.plan.stated import read_stated
from tasks.plan.stated_shared_units import echoed_units, shared_units

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _roles(text: str) -> list[tuple[str, str]]:
    return [(q.text, q.role) for q in read_stated(text)]


# a list's one unit, written after each of its values -------------------------------------------

@pytest.mark.parametrize(("text", "want"), [
    ("exits held at 3 and 1.5 m2/s2", "exits held at 3 m2/s2 and 1.5 m2/s2"),
    ("the three jets: 2, 4 and 6 ft/s", "the three jets: 2 ft/s, 4 ft/s and 6 ft/s"),
    ("upper and lower plates at 60 & 20 degC", "upper and lower plates at 60 degC & 20 degC"),
    ("feeds at 2.5 and 3 psig", "feeds at 2.5 psig and 3 psig"),
    # not a list of one kind: a named group, a range, counts, a word read as a unit
    ("Re 500 and 3 m/s", "Re 500 and 3 m/s"),
    ("between 280 and 300 K", "between 280 and 300 K"),
    ("80 and 40 cells", "80 and 40 cells"),
    ("grading 4 and 2 in x", "grading 4 and 2 in x"),
])
def test_shared_units(text: str, want: str) -> None:
    assert shared_units(text) == want


def test_a_kinematic_unit_reaches_every_listed_value() -> None:
    stated = read_stated("interFoam duct: outlets A and B at 4 and 2 m^2/s^2")
    assert [q.text for q in stated if q.quantity == "pressure"] == ["4 m^2/s^2", "2 m^2/s^2"]


# numbered patches by rank or number, whatever word the request uses for their kind -------------

_TEE = ["inlet", "outlet1", "outlet2", "defaultFaces"]
_TEE_ROLES = {"inlet": "inlet", "outlet1": "outlet", "outlet2": "outlet", "defaultFaces": "wall"}
_ELBOW = ["velocity-inlet-5", "velocity-inlet-6", "pressure-outlet-7", "wall-8"]


@pytest.mark.parametrize(("words", "patches", "roles", "want"), [
    ("2.5 psi on the second discharge", _TEE, _TEE_ROLES, ["outlet2"]),
    ("the first exhaust at", _TEE, _TEE_ROLES, ["outlet1"]),
    ("exit no. 2 held at", _TEE, None, ["outlet2"]),
    ("outflow #1", _TEE, _TEE_ROLES, ["outlet1"]),
    ("the 2nd intake", _ELBOW, None, ["velocity-inlet-6"]),
    ("the first side entrance", _ELBOW, None, ["velocity-inlet-5"]),
    ("the third exit", _TEE, _TEE_ROLES, []),  # there are two
    ("the second inlet", _TEE, _TEE_ROLES, []),  # one inlet, not numbered
])
def test_ranked_patches(words: str, patches: list[str], roles: dict[str, str] | None, want: list[str]) -> None:
    assert [p for _, p in ranked_patches(words, patches, roles)] == want


@pytest.mark.parametrize(("word", "kind"), [("exits", "outlet"), ("discharge", "outlet"), ("intakes", "inlet"),
                                            ("entrance", "inlet"), ("wall", "wall"), ("lid", None)])
def test_kind_of_word(word: str, kind: str | None) -> None:
    assert kind_of_word(word) == kind


def test_modify_reads_a_ranked_synonym() -> None:
    assert named_patch("raise the pressure on the second exit to", _TEE) == "outlet2"


# values listed for several inlets or outlets in order ------------------------------------------

@pytest.mark.parametrize(("text", "places"), [
    ("Set the three outlets to 10, 20 and 30 kPa.", ["first outlet at", "second outlet at", "third outlet at"]),
    ("Both intakes get 2 and 3.5 m/s.", ["first intake at", "second intake at"]),
    ("Put 300 K and 320 K on the inlets, respectively.", ["first inlet at", "second inlet at"]),
    ("The exits sit at 1 bar and 0.9 bar respectively; run 2 s.", ["first exit at", "second exit at"]),
    ("Hold the discharge branches at 4 and 2 psig (in that order).", ["first discharge at", "second discharge at"]),
    ("the two inlet ports get 2 and 3 m/s", ["first inlet at", "second inlet at"]),
])
def test_listed_values_take_ranked_places(text: str, places: list[str]) -> None:
    listed = [q for q in read_stated(text) if q.quantity in ("pressure", "velocity", "temperature")]
    assert [q.place for q in listed] == places


@pytest.mark.parametrize("text", [
    "outlets at 1 bar and 2 bar",  # neither a count nor "respectively"
    "the two outlets at 1 bar",  # one value
    "the three outlets at 1 and 2 bar",  # the count is not the list's
    "the outlet pipe at 2 and 3 bar respectively",  # one outlet
])
def test_no_ranked_places_without_order(text: str) -> None:
    assert all(q.place is None or "first" not in q.place for q in read_stated(text))


# inlet and outlet synonyms and places named a few words after the value ------------------------

@pytest.mark.parametrize(("text", "want"), [
    ("discharge held at 2 bar", [("2 bar", "outlet_pressure")]),
    ("4 kPa at the exhaust", [("4 kPa", "outlet_pressure")]),
    ("8 m/s through the intake", [("8 m/s", "inlet_velocity")]),
    ("the entrance pressure is 3 bar", [("3 bar", "inlet_pressure")]),
    ("1 atm at the lower branch exit", [("1 atm", "outlet_pressure")]),
])
def test_kind_synonyms_give_roles(text: str, want: list[tuple[str, str]]) -> None:
    assert _roles(text) == want


# lengths of boundary conditions --------------------------------------------------------------

@pytest.mark.parametrize(("text", "role"), [
    ("ABL inflow, Zref = 10 m", "reference_height"),
    ("the log-law profile has its reference height at 328 ft", "reference_height"),
    ("wind speed quoted at 80 m hub height", "reference_height"),
    ("wind measured 10 m above the ground", "reference_height"),
    ("aerodynamic roughness length of 3 cm", "roughness_length"),
    ("z0 0.2 m over the forest", "roughness_length"),
    ("a rough pipe, sand-grain roughness Ks = 0.5 mm", "roughness_height"),
    # shapes stay shapes
    ("a box 1 m above the ground", "geometry"),
    ("a channel 0.2 m high", "geometry"),
])
def test_boundary_length_roles(text: str, role: str) -> None:
    assert [r for _, r in _roles(text)][-1] == role


@pytest.mark.parametrize(("raw", "value", "want"), [
    ("uniform 0.1", 0.03, "uniform 0.03"), ("20", 80.0, "80"), ("constant 1", 2.0, "constant 2"),
    ("$z0", 1.0, None), ("table ((0 1) (1 2))", 1.0, None),
])
def test_with_length(raw: str, value: float, want: str | None) -> None:
    assert with_length(raw, value) == want


@needs_tutorials
@pytest.mark.parametrize("text", [
    "ABL over the hill: 9 m/s at Zref 30 m, z0 2 cm",
    "Reference height 30 m where the wind is 32.4 km/h; roughness length 0.02 m.",
    "30 m above ground the wind should reach 9 m/s (reference); aerodynamic roughness 20 mm.",
])
def test_boundary_lengths_bind_to_the_abl_include(text: str) -> None:
    binder = bind_all(TUTORIALS / "incompressible/simpleFoam/turbineSiting", "simpleFoam", text, read_stated(text))
    edits = {(e.file, e.entry[-1]): e.value for e in binder.edits}
    assert edits[("0.orig/include/ABLConditions", "Zref")] == "30"
    assert edits[("0.orig/include/ABLConditions", "z0")] == "uniform 0.02"
    assert edits[("0.orig/include/ABLConditions", "Uref")] == "9"


# a length's datum names no place of the next value --------------------------------------------

@pytest.mark.parametrize(("words", "want"), [
    ("50 m above ground is where it reaches", " is where it reaches"),
    ("2 cm below the lid the fluid is at", " the fluid is at"),
    ("0.3 m from the inlet wall the probe reads", " wall the probe reads"),
    ("the floor at", "the floor at"),
])
def test_without_datums(words: str, want: str) -> None:
    assert without_datums(words).split() == want.split()


@needs_tutorials
@pytest.mark.parametrize("text", [
    "compressible T-junction: 0.95 bar at the second exit, 1 bar at the first exit, 0.1 s",
    "rhoPimpleFoam TJunction; the first discharge stays at 100 kPa while the second discharge drops to 95 kPa",
    "TJunction rhoPimpleFoam, the two outlets at 1 and 0.95 bar respectively",
])
def test_ranked_outlets_bind_on_a_tee(text: str) -> None:
    stated = read_stated(text)
    binder = bind_all(TUTORIALS / "compressible/rhoPimpleFoam/RAS/TJunction", "rhoPimpleFoam", text, stated)
    edits = {tuple(e.entry): e.value for e in binder.edits if e.file == "0/p"}
    assert edits[("boundaryField", "outlet2", "value")] == "uniform 95000"
    assert edits.get(("boundaryField", "outlet1", "value"), "uniform 100000") in ("uniform 100000", "uniform 1e+05")


# a value's role said after it: a pointer sentence, a verb that puts it somewhere, a slash list --

@pytest.mark.parametrize(("text", "want"), [
    ("Use 0.3 m/s. This is the speed at the intake.", [("0.3 m/s", "inlet_velocity")]),
    ("Set 2 bar. That's what the exhaust sees.", [("2 bar", "outlet_pressure")]),
    ("Take 290 K. It is the temperature of the cold wall.", [("290 K", "cold_wall_temperature")]),
    ("2 bar goes to the exit", [("2 bar", "outlet_pressure")]),
    ("0.5 m/s applies to the entry", [("0.5 m/s", "inlet_velocity")]),
    ("350 K belongs to the heated side", [("350 K", "hot_wall_temperature")]),
])
def test_roles_said_after_the_value(text: str, want: list[tuple[str, str]]) -> None:
    assert _roles(text) == want


@pytest.mark.parametrize(("text", "places"), [
    ("feed/discharge pressures 4 and 1 bar", ["feed pressures", "discharge pressures"]),
    ("upper/lower walls at 310 and 300 K", ["upper walls at", "lower walls at"]),
    ("hot/cold plates held at 350 and 300 K", ["hot plates held at", "cold plates held at"]),
])
def test_slash_lists_pair_places(text: str, places: list[str]) -> None:
    assert [q.place for q in read_stated(text)] == places


def test_a_slash_in_a_unit_lists_nothing() -> None:
    assert all(q.place is None for q in read_stated("speeds in m/s and km/h: 2 m/s and 3 km/h"))


@needs_tutorials
@pytest.mark.parametrize(("text", "patch"), [
    ("TJunction pimpleFoam: kinematic pressure 6 m2/s2 on exit number 2", "outlet2"),
    ("pimpleFoam T-junction, outlet #1 held at 6 m2/s2", "outlet1"),
    ("T-junction (pimpleFoam): 6 m^2/s^2 at the second branch's exit", "outlet2"),
])
def test_numbered_patch_words_reach_the_binder(text: str, patch: str) -> None:
    binder = bind_all(TUTORIALS / "incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam", text, read_stated(text))
    assert {e.entry[1] for e in binder.edits if e.file == "0/p" and e.value == "uniform 6"} == {patch}


@needs_tutorials
@pytest.mark.parametrize("text", [
    "elbow icoFoam: main and side inlet at 2 and 5 m/s",
    "mixing elbow, laminar: 2 m/s and 5 m/s for the large and small inlets respectively",
    "icoFoam elbow; the two inlets at 2 and 5 m/s respectively",
])
def test_a_listed_speed_is_no_attribute_of_the_one_before(text: str) -> None:
    binder = bind_all(TUTORIALS / "incompressible/icoFoam/elbow", "icoFoam", text, read_stated(text))
    edits = {e.entry[1]: e.value for e in binder.edits if e.file == "0/U" and len(e.entry) > 2}
    assert edits["velocity-inlet-5"].endswith("(2 0 0)") or "2" in edits["velocity-inlet-5"]
    assert "5" in edits["velocity-inlet-6"]


# a unit said once for two parallel places ---------------------------------------------------

@pytest.mark.parametrize(("text", "want"), [
    ("2 psig at the feed and 0.5 at the discharge", "2 psig at the feed and 0.5 psig at the discharge"),
    ("the warm plate at 40 degC and the cool one at 15", "the warm plate at 40 degC and the cool one at 15 degC"),
    ("9 ft/s through the first inlet, 4 through the second inlet",
     "9 ft/s through the first inlet, 4 ft/s through the second inlet"),
    # a second number that is no value of that kind
    ("inlet 2 m/s, 50 iterations and 3 correctors", "inlet 2 m/s, 50 iterations and 3 correctors"),
    ("2 m/s at the inlet, 100 at the end", "2 m/s at the inlet, 100 at the end"),
    ("inlet at 300 K and 2 in x", "inlet at 300 K and 2 in x"),
    ("lid 1 m/s and 20 x 20 cells", "lid 1 m/s and 20 x 20 cells"),
    ("2 m/s at the inlet and the dye fraction at the inlet to 0.01, run 5 s",
     "2 m/s at the inlet and the dye fraction at the inlet to 0.01, run 5 s"),
    ("1 bar at the exit, and a relaxation factor at the exit of 0.3", "1 bar at the exit, and a relaxation factor at the exit of 0.3"),
    ("inflow 0.03 m/s and the sludge (by volume) at the inlet to 0.002",
     "inflow 0.03 m/s and the sludge (by volume) at the inlet to 0.002"),
])
def test_echoed_units(text: str, want: str) -> None:
    assert echoed_units(text) == want


def test_an_echoed_value_takes_its_own_role() -> None:
    assert _roles("Exit held at 1.2 bar, and the intake at 3.") == [("1.2 bar", "outlet_pressure"),
                                                                   ("3 bar", "inlet_pressure")]


@needs_tutorials
@pytest.mark.parametrize("text", [
    "TJunction pimpleFoam, a turbulent mixing length of 0.5 cm at the inlet",
    "T-junction: mixing length = 5 mm for the inflow turbulence",
    "TJunction with a 5 mm mixing length at the inlet",
])
def test_a_mixing_length_goes_to_the_inlet_condition(text: str) -> None:
    binder = bind_all(TUTORIALS / "incompressible/pimpleFoam/RAS/TJunction", "pimpleFoam", text, read_stated(text))
    edits = {(e.file, tuple(e.entry)): e.value for e in binder.edits}
    assert edits[("0/epsilon", ("boundaryField", "inlet", "mixingLength"))] == "0.005"
