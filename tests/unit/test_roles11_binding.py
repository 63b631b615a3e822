"""Session 11 role binding: a patch's number inside a "key: value" key, places listed with a slash,
a value whose clause points back at a place named before it, a value joined to its place by a
passive verb, and the split of tasks.edit.patch_words."""

from __future__ import annotations

import pytest

from tasks.plan.bind_words import list_key
from tasks.plan.stated import plain_forms, read_stated
from tasks.plan.stated_anaphora import anaphoric_place, points_back


def _roles(text: str) -> list[tuple[str, str]]:
    return [(q.text, q.role) for q in read_stated(text)]


def _places(text: str) -> dict[str, str | None]:
    return {q.text: q.place for q in read_stated(text)}


# a number that names the patch stays in the key ("exit number 2: 5 m2/s2" is exit number 2's)
@pytest.mark.parametrize("before, after, key", [
    ("pressure at exit number 1: ", ", pressure at exit number 2: 5 m2/s2", "pressure at exit number 1"),
    ("- inlet 2: ", "\n- inlet 1: 3 m/s", "inlet 2"),
    ("outlet # 3 = ", "; outlet # 1 = 2 bar", "outlet # 3"),
    ("temperature on wall number 4: ", ", wall number 2: 300 K", "temperature on wall number 4"),
])
def test_a_patch_number_stays_in_its_key(before: str, after: str, key: str) -> None:
    assert list_key(before, after) == key


@pytest.mark.parametrize("before, after", [
    ("run for 2 s: ", ""),  # a value of its own before the colon: no key of a list
    ("- fuel: 20 cm/s, ", ""),
])
def test_a_value_before_the_colon_is_still_a_value(before: str, after: str) -> None:
    assert list_key(before, after) != "run for 2 s"


@pytest.mark.parametrize("text, fragment", [
    ("exit no. 2: 5 m2/s2", "exit number 2: 5 m2/s2"),
    ("Outlet No.1 at 3 bar", "Outlet number 1 at 3 bar"),
    ("inlet nr. 3 = 2 m/s", "inlet number 3 = 2 m/s"),
])
def test_a_number_abbreviation_ends_no_sentence(text: str, fragment: str) -> None:
    assert fragment in plain_forms(text)


# places listed with a slash, spaced or after a numbered name, take the listed values in order
@pytest.mark.parametrize("text, first, second, place1, place2", [
    ("outlet1 / outlet2 kinematic pressure 12 and 4 m2/s2 respectively", "12 m2/s2", "4 m2/s2", "outlet1", "outlet2"),
    ("inlet / outlet at 2 and 1 bar", "2 bar", "1 bar", "inlet", "outlet"),
    ("floor / ceiling temperatures 310 K and 290 K", "310 K", "290 K", "floor", "ceiling"),
    ("velocity-inlet-5 / velocity-inlet-6 at 1 and 3 m/s", "1 m/s", "3 m/s", "inlet-5", "inlet-6"),
])
def test_places_listed_with_a_slash_pair_with_the_values(text: str, first: str, second: str, place1: str,
                                                         place2: str) -> None:
    places = _places(text)
    assert place1 in (places[first] or "").lower() and place2 not in (places[first] or "").lower()
    assert place2 in (places[second] or "").lower()


# a list of places at the end of a longer clause: its first item is the last word before the join
@pytest.mark.parametrize("text, first, second, place1, place2", [
    ("What happens in the hotRoom if floor/ceiling are 305 and 290 K?", "305 K", "290 K", "floor", "ceiling"),
    ("I would like to know what the flow does when the inlet and outlet are at 2 and 1 bar", "2 bar", "1 bar",
     "inlet", "outlet"),
    ("please tell me how the cavity behaves for hot and cold walls of 40 and 10 degC", "40 degC", "10 degC",
     "hot", "cold"),
])
def test_a_list_closing_a_long_clause_pairs_its_places(text: str, first: str, second: str, place1: str,
                                                       place2: str) -> None:
    places = _places(text)
    assert place1 in (places[first] or "").lower() and place2 not in (places[first] or "").lower()
    assert place2 in (places[second] or "").lower() and place1 not in (places[second] or "").lower()


@pytest.mark.parametrize("text", ["inlet velocity 2 m/s", "density 1000 kg/m3 and 5 m2/s2 outlet",
                                  "flow 3 ft/min at the inlet"])
def test_a_unit_slash_lists_no_places(text: str) -> None:
    assert all(p is None for p in _places(text).values())


# a value whose own clause points back at the place the clause before it named
@pytest.mark.parametrize("text, value, role", [
    ("the air comes in at 0.2 m/s; its temperature there is 295 K", "295 K", "inlet_temperature"),
    ("Water enters through the inlet at 1 m/s. Its temperature is 320 K.", "320 K", "inlet_temperature"),
    ("The exit is open to the room - the pressure at that boundary is 1.1 bar.", "1.1 bar", "outlet_pressure"),
    ("the feed supplies 0.3 kg/s, and on the same patch we put 350 K", "350 K", "inlet_temperature"),
    ("The outlet is vented; there the pressure is 95 kPa", "95 kPa", "outlet_pressure"),
    ("gas comes in at 0.1 kg/s - temperature there: 60 degC", "60 degC", "inlet_temperature"),
    ("supply: 2 L/min of water\ntemperature at that port = 15 degC", "15 degC", "inlet_temperature"),
])
def test_a_value_pointing_back_takes_the_earlier_place(text: str, value: str, role: str) -> None:
    assert (value, role) in _roles(text)


@pytest.mark.parametrize("text, value", [
    ("The tank holds water; its temperature is 300 K.", "300 K"),  # no place before: the fluid's
    ("ceiling -4 K relative to the floor, which stays at its 301 K", "301 K"),  # a relative clause's head
    ("lid 1 m/s, run it for 5 s", "5 s"),
])
def test_no_earlier_place_no_anaphoric_place(text: str, value: str) -> None:
    plain = plain_forms(text)
    at = plain.find(value)
    kind = {"K": "temperature", "s": "time"}[value.split()[-1]]
    assert anaphoric_place(plain, at, at + len(value), kind) is None


@pytest.mark.parametrize("own, expected", [
    ("its temperature there is ", True),
    ("the pressure at that boundary is ", True),
    ("at the outlet it is ", False),  # names its own place
    ("the temperature is ", False),
])
def test_points_back(own: str, expected: bool) -> None:
    assert points_back(own) is expected


# a value joined to its place by a passive verb: "16.85 degC was measured on the cold plate"
@pytest.mark.parametrize("text, value, role", [
    ("In the lab, 290 K was measured on the cold plate, while 320 K was imposed on the hot plate",
     "290 K", "cold_wall_temperature"),
    ("In the lab, 290 K was measured on the cold plate, while 320 K was imposed on the hot plate",
     "320 K", "hot_wall_temperature"),
    ("2 bar was recorded at the exit and 3 m/s was measured at the inlet", "2 bar", "outlet_pressure"),
    ("30 psi has been maintained at the discharge", "30 psi", "outlet_pressure"),
    ("45 degC should be maintained on the heated floor", "45 degC", "hot_wall_temperature"),
])
def test_a_passive_verb_leads_a_value_to_its_place(text: str, value: str, role: str) -> None:
    assert (value, role) in _roles(text)


def test_patch_words_split_keeps_every_import() -> None:
    from tasks.edit import patch_words, patch_words_run, patch_words_values

    for name in ("durations", "in_unit", "relative_run_factors", "asks_laminar", "extra_run", "bare_write_interval",
                 "bare_end_time", "write_count"):
        assert getattr(patch_words, name) is getattr(patch_words_run, name)
    for name in ("surface_tension", "increment_sign", "scaled_values", "after_sign", "temperature_difference",
                 "hot_or_cold", "extreme_patch"):
        assert getattr(patch_words, name) is getattr(patch_words_values, name)
    assert patch_words.scaled_values("triple the outlet pressure") == [("pressure", "the outlet pressure", 3.0)]


# values listed first, then a pointer back at them that names their places in the same order
@pytest.mark.parametrize("text, first, second, role1, role2", [
    ("325 K and 285 K - these are the hot and the cold wall.", "325 K", "285 K", "hot_wall_temperature",
     "cold_wall_temperature"),
    ("2 and 1 bar, which are for inlet and outlet", "2 bar", "1 bar", "inlet_pressure", "outlet_pressure"),
    ("pressures 3 and 2 bar, they go to the intake and the exhaust", "3 bar", "2 bar", "inlet_pressure",
     "outlet_pressure"),
    ("12 and 4 m2/s2 (those of outlet1 and outlet2)", "12 m2/s2", "4 m2/s2", "outlet_pressure", "outlet_pressure"),
    ("pressures 6 and 2 m2/s2; they apply to the first and second outlet", "6 m2/s2", "2 m2/s2", "outlet_pressure",
     "outlet_pressure"),
])
def test_a_pointer_after_a_list_names_its_places(text: str, first: str, second: str, role1: str, role2: str) -> None:
    roles = _roles(text)
    assert (first, role1) in roles and (second, role2) in roles


def test_a_pointer_places_numbered_patches_in_order() -> None:
    places = _places("12 and 4 m2/s2 (those of outlet1 and outlet2)")
    assert places["12 m2/s2"] == "outlet1" and places["4 m2/s2"] == "outlet2"


# a numbered patch said as its kind word and a bare digit ("outlet 2 should see ..."), never a value's number
@pytest.mark.parametrize("words, patches", [
    ("outlet 2 should see ", ["outlet2"]),
    ("exit 1: ", ["outlet1"]),
    ("exit 2 at 3 psi", ["outlet2"]),
    ("outlet 1 and outlet 2 at", ["outlet1", "outlet2"]),
    ("outlet 2 bar", []),
    ("the outlet 2.5 bar", []),
    ("outlet 2 m2/s2", []),
    ("outlet 3 %", []),
])
def test_a_bare_patch_number_after_its_kind(words: str, patches: list[str]) -> None:
    from tasks.foam.patch_names import ranked_patches

    assert [p for _, p in ranked_patches(words, ["inlet", "outlet1", "outlet2", "defaultFaces"])] == patches


@pytest.mark.parametrize("after, words", [
    (" for outlet 2", "outlet 2"),
    (" on exit number 1, and", "exit number 1"),
    (" at inlet 3 while", "inlet 3"),
    (" for the water 20 k", "water"),  # a value, not a patch's number
    (" on patch2 and 20 k", "patch2"),
])
def test_a_patch_number_after_a_value_names_its_owner(after: str, words: str) -> None:
    from tasks.plan.bind_words import words_named_after

    assert words_named_after(after) == words


@pytest.mark.parametrize("text, kept", [
    ("5 m2/s2 on outlet 2 and 1 m2/s2 on outlet 1", "outlet 2 and 1 m2/s2"),
    ("3 bar at exit 1 and 2 bar at exit 2", "exit 1 and 2 bar"),
    ("20 degC on inlet #1 and 30 degC on inlet #2", "inlet #1 and 30 degC"),
])
def test_a_patch_number_starts_no_shared_unit_list(text: str, kept: str) -> None:
    assert kept in plain_forms(text)


@pytest.mark.parametrize("text, spread", [
    ("outlets at 2 and 1 bar", "2 bar and 1 bar"),
    ("inlet 300 and 310 K", "300 K and 310 K"),
])
def test_other_lists_still_share_their_unit(text: str, spread: str) -> None:
    assert spread in plain_forms(text)
