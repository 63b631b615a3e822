"""Session 8 binding classes: which words belong to which stated value when values share a list
or a sentence ("key: value" items on lines of their own or run together, "the water at 290 K and
the air at 310 K", equal values listed twice), and the split of tasks.plan.bind into mixins
(every class of binding still reachable from `tasks.plan.bind`)."""

from __future__ import annotations

import pytest

from tasks.plan.bind import Base, Binder, bind_all, edge_angles_deg, hex_edge_angles_deg, patch_roles
from tasks.plan.bind_words import appositive_lead, list_key, next_value_words, own_words, words_until_next_key
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS


def _bind(rel: str, solver: str, text: str):
    if not (TUTORIALS / rel).is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    stated = read_stated(text)
    return stated, bind_all(TUTORIALS / rel, solver, text, stated)


def _where(binder, value_text: str, nth: int = 0) -> set[tuple[str, tuple[str, ...], str]]:
    """(file, entry, value) of the nth stated quantity written `value_text`."""
    out = set()
    for b in binder.bindings:
        if b.stated == value_text:
            out.add((b.file, tuple(b.entry), b.value))
    return out


# 1. pure word rules -----------------------------------------------------------------------
@pytest.mark.parametrize("before, key", [
    ("- side inlets: ", "side inlets"),
    ("fuel: 20 cm/s, ", "fuel"),
    ("- central inlet: 600 k - side inlets: ", "side inlets"),
    ("velocity-inlet-5: 1 m/s; velocity-inlet-6: ", "velocity-inlet-6"),
    ("* lower wall = ", "lower wall"),
    ("air: 4 mm bubbles, ", "air"),
    ("water: density 998 kg/m3, viscosity 1e-6 m2/s; air: density ", "air"),
    ("the inlet at 2 m/s, the outlet at ", None),  # the words right before it name the outlet
    ("inlet at 2 m/s, ", None),  # no key leads the list
    ("fuel: 0.1 m/s, the outlet at 1 bar, ", None),  # a clause of its own between key and value
])
def test_list_key_is_the_key_of_the_item_a_value_is_in(before: str, key: str | None) -> None:
    assert list_key(before) == key


@pytest.mark.parametrize("after, expected", [
    (" - side inlets: 450 k", ""),
    (" on the left wall, 300 k", " on the left wall"),
    (" air: 25 cm/s", ""),
    (" for the lid. next", " for the lid"),
    (" and the outlet\nat 1 bar", " and the outlet"),
])
def test_words_after_a_value_end_at_its_item(after: str, expected: str) -> None:
    assert words_until_next_key(after) == expected


@pytest.mark.parametrize("after, lead, shared", [
    (" the air at 310 k", " the air at ", ""),
    (" 350 k on the left", " ", " on the left"),
    (" oil 800 kg/m3 inside", " oil ", " inside"),
])
def test_next_value_words_split_at_the_next_number(after: str, lead: str, shared: str) -> None:
    assert next_value_words(after) == (lead, shared)


def test_next_value_words_none_without_a_number() -> None:
    assert next_value_words(" on the left") is None


@pytest.mark.parametrize("words, expected", [
    ("the air at", ["air"]),
    ("a temperature of", []),
    ("is held at", []),
    ("the upper wall is", ["upper", "wall"]),
])
def test_own_words_drop_function_and_quantity_words(words: str, expected: list[str]) -> None:
    assert own_words(words) == expected


# 2. key: value items, run together as the planner reads them (lines joined by spaces) -----------
@pytest.mark.parametrize("rel, solver, text, expected", [
    # each item's key names the patch, whatever the item after it names
    ("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam",
     "opposed jet flame - air: 290 K - fuel: 330 K",
     {"290 K": ("0/T", "air"), "330 K": ("0/T", "fuel")}),
    ("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam",
     "counter-flow flame; fuel = 0.05 m/s, 40 degC; air = 0.07 m/s, 60 degC",
     {"40 degC": ("0/T", "fuel"), "60 degC": ("0/T", "air")}),
    ("lagrangian/reactingParcelFoam/verticalChannelLTS", "reactingParcelFoam",
     "spray channel. Inlet temperatures: * side inlets: 500 K * central inlet: 650 K",
     {"500 K": ("0.orig/T", "inletSides"), "650 K": ("0.orig/T", "inletCentral")}),
    ("incompressible/icoFoam/elbow", "icoFoam",
     "elbow. velocity-inlet-6: 2 m/s; velocity-inlet-5: 0.5 m/s",
     {"2 m/s": ("0/U", "velocity-inlet-6"), "0.5 m/s": ("0/U", "velocity-inlet-5")}),
])
def test_key_value_items_bind_to_the_patch_their_key_names(rel, solver, text, expected) -> None:
    _, binder = _bind(rel, solver, text)
    assert not binder.not_applied, binder.not_applied
    for value, (file, patch) in expected.items():
        entries = {(f, e[:2]) for f, e, _ in _where(binder, value)}
        assert (file, ("boundaryField", patch)) in entries, (value, entries)


def test_a_side_named_by_its_item_key() -> None:
    """"- left wall: X - right wall: Y": each value's side from its key (buoyantCavity: hot is the
    wall at x max, cold the wall at x 0)."""
    _, binder = _bind("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
                      "tall cavity, wall temperatures - right wall: 45 degC - left wall: 5 degC")
    assert ("0/T", ("boundaryField", "hot", "value"), "uniform 318.15") in _where(binder, "45 degC")
    assert ("0/T", ("boundaryField", "cold", "value"), "uniform 278.15") in _where(binder, "5 degC")


# 3. the words before a later value are its own -----------------------------------------------
@pytest.mark.parametrize("text, water, air", [
    ("Euler-Euler bubble column: the liquid water begins at 285 K and the gas air at 305 K", 285, 305),
    ("two-fluid column, water initially 295 K while air initially 315 K", 295, 315),
    ("bubbly flow with the air starting at 330 K and the water at 280 K", 280, 330),
])
def test_each_phase_takes_the_value_its_own_words_name(text: str, water: float, air: float) -> None:
    _, binder = _bind("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam", text)
    assert not binder.not_applied, binder.not_applied
    got = {b.file: b.value for b in binder.bindings if b.entry == ["internalField"] and b.file.startswith("0/T.")}
    assert got == {"0/T.water": f"uniform {water:g}", "0/T.air": f"uniform {air:g}"}


@pytest.mark.parametrize("text, fuel, air", [
    ("0.3 m/s and 310 K at the fuel inlet, the air at 0.2 m/s and 290 K", ("0.3", "310"), ("0.2", "290")),
    ("fuel 0.12 m/s and 305 K; the oxidiser air 0.18 m/s and 295 K", ("0.12", "305"), ("0.18", "295")),
    ("the air comes in at 0.4 m/s and 300 K, and the methane fuel at 0.1 m/s and 320 K", ("0.1", "320"),
     ("0.4", "300")),
])
def test_a_place_after_both_values_is_still_shared(text: str, fuel: tuple[str, str], air: tuple[str, str]) -> None:
    """"0.3 m/s and 310 K at the fuel inlet": both values are the fuel's (the next value's own words
    come only before its number), while "the air at 0.2 m/s and 290 K" are the air's."""
    _, binder = _bind("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam", text)
    assert not binder.not_applied, binder.not_applied
    got = {(b.file, b.entry[1]): b.value for b in binder.bindings if b.entry[:1] == ["boundaryField"]}
    assert got[("0/T", "fuel")] == f"uniform {fuel[1]}" and got[("0/T", "air")] == f"uniform {air[1]}"
    assert got[("0/U", "fuel")] == f"uniform ({fuel[0]} 0 0)" and got[("0/U", "air")] == f"uniform (-{air[0]} 0 0)"


# 4. equal values listed for different places ---------------------------------------------------
@pytest.mark.parametrize("text, patches", [
    ("hot room - floor: 12 degC - ceiling: 12 degC", {"floor", "ceiling"}),
    ("room with heater, floor at 290 K and ceiling at 290 K", {"floor", "ceiling"}),
    ("ceiling 300 K; floor 300 K; heater 500 K", {"floor", "ceiling"}),
])
def test_equal_values_each_read_their_own_place(text: str, patches: set[str]) -> None:
    stated, binder = _bind("heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam", text)
    same = [q.text for q in stated]
    value = max(set(same), key=same.count)
    got = {e[1] for f, e, _ in _where(binder, value) if e[0] == "boundaryField"}
    assert patches <= got, (value, got, binder.not_applied)


# 5. the split: every class of binding is still reachable from tasks.plan.bind ----------------
def test_binder_is_made_of_its_mixins_and_names_are_re_exported() -> None:
    names = {c.__name__ for c in Binder.__mro__}
    assert {"VelocityBinding", "PressureBinding", "ThermalBinding", "PatchNameBinding", "SetFieldsBinding",
            "PropertyBinding", "RunBinding", "ByNameBinding", "PartsBinding", "InletBinding"} <= names
    assert callable(edge_angles_deg) and callable(hex_edge_angles_deg) and callable(patch_roles)
    assert Base.__module__ == "tasks.plan.bind_base"


# 6. a value in apposition takes the phrase before it -----------------------------------------------
@pytest.mark.parametrize("before, lead", [
    ("the fuel temperature, ", "the fuel temperature"),
    ("the fuel temperature, 330 k, and the air temperature, ", "the air temperature"),
    ("inlet at 2 m/s, ", None),  # the phrase before holds a value of its own
    ("the air, at ", None),  # a phrase of its own after the comma
    ("instead of pulling on the right edge, a pressure of ", None),
    ("the walls, the floor at ", None),  # the value has words of its own
])
def test_appositive_lead(before: str, lead: str | None) -> None:
    assert appositive_lead(before) == lead


@pytest.mark.parametrize("rel, solver, text, expected", [
    ("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam",
     "The air stream temperature, 310 K, and the fuel stream temperature, 340 K, are held fixed.",
     {"310 K": ("0/T", "air"), "340 K": ("0/T", "fuel")}),
    ("lagrangian/reactingParcelFoam/verticalChannelLTS", "reactingParcelFoam",
     "Gas temperatures were: central inlet, 640 K; side inlets, 470 K.",
     {"640 K": ("0.orig/T", "inletCentral"), "470 K": ("0.orig/T", "inletSides")}),
    ("incompressible/icoFoam/elbow", "icoFoam",
     "Inflow speeds: for velocity-inlet-6, 2.5 m/s, and for velocity-inlet-5, 0.8 m/s.",
     {"2.5 m/s": ("0/U", "velocity-inlet-6"), "0.8 m/s": ("0/U", "velocity-inlet-5")}),
])
def test_values_in_apposition_bind_to_the_patch_before_them(rel, solver, text, expected) -> None:
    _, binder = _bind(rel, solver, text)
    assert not binder.not_applied, binder.not_applied
    for value, (file, patch) in expected.items():
        entries = {(f, e[:2]) for f, e, _ in _where(binder, value)}
        assert (file, ("boundaryField", patch)) in entries, (value, entries)


# 7. a temperature the thermo computes on every patch; a fixed inflow with a non-reflecting pressure --
RUTLAND = "compressible/rhoPimpleAdiabaticFoam/rutlandVortex2D"


@pytest.mark.parametrize("text", [
    "convected vortex, gas temperature 260 K, inflow 45 m/s",
    "Rutland vortex: the air enters from the left at 162 km/h and -13.15 degC",
    "adiabatic vortex transport; temperature: 260 K; inflow velocity: 45 m/s",
])
def test_a_computed_temperature_is_the_domain_s(text: str) -> None:
    """rutlandVortex2D's T is `calculated` on every patch: a stated gas or inflow temperature is the
    internal field, and the left patch (fixed velocity, waveTransmissive pressure) is the inlet."""
    _, binder = _bind(RUTLAND, "rhoPimpleAdiabaticFoam", text)
    assert not binder.not_applied, binder.not_applied
    got = {(b.file, tuple(b.entry)): b.value for b in binder.bindings}
    assert got[("0.orig/T", ("internalField",))] == "uniform 260"
    assert got[("0.orig/U", ("boundaryField", "left", "value"))] == "uniform (45 0 0)"


def test_a_wall_temperature_is_still_refused_where_no_wall_holds_one() -> None:
    _, binder = _bind(RUTLAND, "rhoPimpleAdiabaticFoam", "convected vortex, top wall at 300 K")
    assert [n.text for n in binder.not_applied] == ["300 K"]


@pytest.mark.parametrize("rel, patch", [
    (RUTLAND, "left"),  # fixedValue U, waveTransmissive p
    ("compressible/rhoCentralFoam/biconic25-55Run35", "freestream"),  # fixedValue U and p: a supersonic inflow
    ("incompressible/simpleFoam/pitzDaily", "inlet"),
])
def test_a_fixed_non_zero_velocity_on_an_open_boundary_is_an_inlet(rel: str, patch: str) -> None:
    if not (TUTORIALS / rel).is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    assert patch_roles(Base(TUTORIALS / rel))[patch] == "inlet"


# 8. a title before a colon is no list item ------------------------------------------------------
@pytest.mark.parametrize("text", [
    "Opposed CH4/air jets: 15 cm/s from both nozzles, 0.01 s",
    "air-fuel counterflow flame: 15 cm/s on each side",
    "Counter-flowing fuel and air streams: 15 cm/s each, run 0.01 s",
])
def test_a_title_with_a_colon_does_not_place_the_value(text: str) -> None:
    """"CH4/air flame: 20 cm/s from each side": the title names the air but the value is both
    streams'; a key places a value only where something shows a list."""
    assert list_key(text.lower().split(":")[0] + ": ", " 15 cm/s from each side") is None
    _, binder = _bind("combustion/reactingFoam/laminar/counterFlowFlame2D", "reactingFoam", text)
    got = {b.entry[1] for b in binder.bindings if b.file == "0/U" and b.entry[:1] == ["boundaryField"]}
    assert got == {"fuel", "air"}, (got, binder.not_applied)
