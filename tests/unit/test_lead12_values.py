"""Values read by the lead in session 12: a range's ends measure one thing, a domain split N ways
is N ranks, a tolerance said as one is no value, and an entry a regex key of alternatives holds
is found by its plain name."""

from __future__ import annotations

import pytest

from tasks.plan.bind import _regex_names
from tasks.plan.extract import quantities
from tasks.plan.values_kept import range_start


@pytest.mark.parametrize("text, ranged", [
    ("h 2.5 W/(m2 K) to 26 degC", []),                     # a coefficient and its ambient
    ("4 W/m2K to 10 °C ambient", []),
    ("inlet between 2 m/s and 3 m/s", ["3 m/s"]),
    ("290 to 310 K", ["310 K"]),
    ("from 1 bar to 2 bar", ["2 bar"]),
])
def test_a_range_has_ends_of_one_kind(text: str, ranged: list[str]) -> None:
    assert [q.text for q in quantities(text) if range_start(text, q) is not None] == ranged


@pytest.mark.parametrize("text, ranks", [
    ("decompose 4 ways", 4),
    ("split the domain 8 ways with scotch", 8),
    ("run 4-way parallel", 4),
    ("run in parallel, 6 ways", 6),
    ("two-way coupled particles", None),
    ("a 2-way coupling of the phases", None),
    ("the flow splits 3 ways at the junction", None),  # a flow's split, no parallel run
])
def test_ways_of_a_split_are_ranks(text: str, ranks: int | None) -> None:
    got = [q.value for q in quantities(text) if q.kind == "ranks"]
    assert got == ([] if ranks is None else [ranks])


@pytest.mark.parametrize("text, lengths", [
    ("height 25 mm, tol. ±0.5 mm", [0.025]),
    ("rod dia. 10 mm (typ. ±0.2)", [0.01]),
    ("tolerance +/- 0.1 mm on all sizes, width 40 mm", [0.04]),
    ("channel 100 mm ±0.5 mm long", [0.1]),
])
def test_a_tolerance_said_as_one_is_no_value(text: str, lengths: list[float]) -> None:
    assert [q.value for q in quantities(text) if q.kind == "length"] == pytest.approx(lengths)


@pytest.mark.parametrize("key, names", [
    ('"(k|epsilon|omega)"', ["k", "epsilon", "omega"]),
    ("(k|epsilon|omega|f|v2)", ["k", "epsilon", "omega", "f", "v2"]),
    ('"(U|k)Final"', ["UFinal", "kFinal"]),
    ('"U|k"', ["U", "k"]),
    ('".*"', []),
    ("p", []),
])
def test_regex_keys_stand_for_their_plain_names(key: str, names: list[str]) -> None:
    assert _regex_names(key) == names


@pytest.mark.parametrize("said, read", [
    ("air nu about 1.5e-5", "air nu 1.5e-5"),
    ("the write interval needs to be 0.2 s", "the write interval 0.2 s"),
    ("U_in approx. 1.5e-5", "U_in 1.5e-5"),
    ("a mesh of roughly 3600 cells", "a mesh of roughly 3600 cells"),  # a count keeps its words
    ("rho ~ 1025", "rho 1025"),
    ("air nu -> 1.5e-5", "air nu 1.5e-5"),
    ("DT → 0.002", "DT 0.002"),
    ("lid 2 m/s -> 3 m/s", "lid 2 m/s -> 3 m/s"),   # an old value and the new one: modify's to read
    ("a velocity of 2 m/s", "a velocity of 2 m/s"),  # a value with its unit keeps a short verb
    ("3 out of 4", "3 out of 4"),
])
def test_names_meet_their_values(said: str, read: str) -> None:
    from tasks.plan.request_order import names_first

    assert names_first(said) == read
