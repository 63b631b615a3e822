"""Session 12, roles: role words typed in haste (respelled against the role vocabulary and the base's
patch names), role words never found inside other words, "value: role" items, and a value that
starts a line after a line ending in a word."""

from __future__ import annotations

import pytest

from tasks.plan.stated import read_stated
from tasks.plan.stated_roles import _says
from tasks.plan.stated_spelling import edit_distance, meant_word, respelled, role_vocabulary


def _roles(text: str) -> list[tuple[str, float]]:
    return [(q.role, q.value) for q in read_stated(text)]


@pytest.mark.parametrize("typed, meant", [
    ("inelt", "inlet"), ("outet", "outlet"), ("oultet", "outlet"), ("temprature", "temperature"),
    ("tempreature", "temperature"), ("viscosty", "viscosity"), ("velocty", "velocity"), ("presure", "pressure"),
    ("pressre", "pressure"), ("cieling", "ceiling"), ("ambinet", "ambient"), ("intial", "initial"),
    ("iteratoins", "iterations"), ("entrence", "entrance"), ("dicharge", "discharge"),
])
def test_a_mistyped_role_word_is_the_word_it_was_meant_to_be(typed: str, meant: str) -> None:
    assert meant_word(typed, role_vocabulary()) == meant


@pytest.mark.parametrize("word", [
    # English words one edit from a role word, inflections, and words too short to tell
    "outset", "inset", "islet", "calls", "falls", "walks", "event", "atmosphere", "internal", "simulate",
    "inlets", "walls", "entering", "iteration", "outer", "leading", "string", "exist", "bottle", "water",
])
def test_a_word_of_its_own_stays(word: str) -> None:
    assert meant_word(word, role_vocabulary()) is None


@pytest.mark.parametrize("text, expected", [
    ("temprature at the inelt 320 K", "temperature at the inlet 320 K"),
    ("Inelt velocty 3 m/s", "Inlet velocity 3 m/s"),
    ("T_inelt 300 K, inletFule, TEMPRATURE", "T_inelt 300 K, inletFule, TEMPRATURE"),  # names and capitals stay
    ("from the outset the presure is 1 bar", "from the outset the pressure is 1 bar"),
])
def test_respelled_text(text: str, expected: str) -> None:
    assert respelled(text) == expected


def test_patch_names_join_the_vocabulary() -> None:
    assert respelled("the heatr at 350 K", ["heater"]) == "the heater at 350 K"
    assert respelled("the burnr at 350 K", ["burner"]) == "the burner at 350 K"
    assert respelled("the burnr at 350 K") == "the burnr at 350 K"


@pytest.mark.parametrize("a, b, d", [("inelt", "inlet", 1), ("kitten", "sitting", 3), ("abc", "abc", 0)])
def test_edit_distance(a: str, b: str, d: int) -> None:
    assert edit_distance(a, b, limit=3) == d


@pytest.mark.parametrize("text, expected", [
    # mistyped roles, other solvers' words, other units and orders
    ("outet presure 1.5 bar, inelt temprature 350 K", [("outlet_pressure", 150000.0), ("inlet_temperature", 350.0)]),
    ("the oultet is held at 2 psi", [("outlet_pressure", pytest.approx(13789.5, rel=1e-3))]),
    ("walls at 60 degC and 20 degC at the inelt", [("wall_temperature", 333.15), ("inlet_temperature", 293.15)]),
    ("what is the flow like if the entrence gets 25 degC?", [("inlet_temperature", 298.15)]),
    ("ambinet presure: 95 kPa", [("ambient_pressure", 95000.0)]),
    ("intial temprature 280 K everywhere", [("initial_temperature", 280.0)]),
])
def test_mistyped_role_words_give_the_role(text: str, expected: list[tuple[str, float]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("word, text, says", [
    ("sphere", "atmospheres around it", False),
    ("heated", "unheated air", False),
    ("heated", "the heated plate", True),
    ("enter", "air entering", True),
    ("wall", "the sidewall", True),
    ("wall", "the topwalls", True),
    ("inlet", "the inlet", True),
    ("outlet", "a throughoutlet", False),
])
def test_a_role_word_is_never_found_inside_another_word(word: str, text: str, says: bool) -> None:
    assert _says(word, text) is says


@pytest.mark.parametrize("text, expected", [
    ("Square bend.\n340 K: walls\n290 K: inlet\n1.5 bar: outlet",
     [("wall_temperature", 340.0), ("inlet_temperature", 290.0), ("outlet_pressure", 150000.0)]),
    ("- 2 m/s -> lid\n- 0.01 m2/s -> nu", [("lid_velocity", 2.0), ("nu", 0.01)]),
    ("300 K = inflow, 1 bar = outlet", [("inlet_temperature", 300.0), ("outlet_pressure", 100000.0)]),
    ("values:\n* 45 degC - ceiling\n* 1 atm - exit", [("wall_temperature", 318.15), ("outlet_pressure", 101325.0)]),
    ("end 2 s, 0.1 s: write interval", [("end_time", 2.0), ("write_interval", 0.1)]),
])
def test_a_value_heading_its_item_takes_the_label_after_it(text: str, expected: list[tuple[str, float]]) -> None:
    assert _roles(text) == [(r, pytest.approx(v)) for r, v in expected]


@pytest.mark.parametrize("text, count", [
    ("pipe flow\n2 m/s inlet velocity\nend time 3 s", 2),
    ("Heated cavity\n300 K initial\n310 K hot wall", 2),
    ("Notes on the run\n0.5 s end time", 1),
])
def test_a_value_starting_a_line_after_a_word_is_read(text: str, count: int) -> None:
    assert len(read_stated(text)) == count
