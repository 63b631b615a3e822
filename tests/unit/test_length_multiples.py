"""A multiple of a length of the geometry ("10 step heights upstream", "5h downstream") is not a
count of time steps nor a time in hours."""

from __future__ import annotations

import pytest

from tasks.plan.extract import quantities


@pytest.mark.parametrize(("text", "kept"), [
    ("inlet 10 step heights upstream and 30 step heights downstream, 500 steps", [("iterations", 500.0)]),
    ("domain from 5h upstream to 20h downstream, run 2 h", [("time", 7200.0)]),
    ("outlet 25 h behind the step", []),
    ("write every 20 steps, 3 h of flow time", [("iterations", 20.0), ("time", 10800.0)]),
    ("a 4 step-height long recirculation", []),
])
def test_length_multiples_are_not_counts_or_times(text: str, kept: list[tuple[str, float]]) -> None:
    assert [(q.kind, q.value) for q in quantities(text)] == kept


@pytest.mark.parametrize(("text", "dims"), [
    ("Mesh: 40 x 40.", [40, 40]),
    ("grid 20x20x20. Run 1 s", [20, 20, 20]),
])
def test_a_cell_count_may_end_a_sentence(text: str, dims: list[int]) -> None:
    assert [q.dims for q in quantities(text) if q.kind == "cells"] == [dims]


@pytest.mark.parametrize(("text", "role"), [
    ("Particles are injected into the Goldschmidt column, DPMFoam, 0.5 s.", "end_time"),
    ("pimpleFoam, dt 0.001 s", "delta_t"),
])
def test_short_role_words_are_whole_words(text: str, role: str) -> None:
    from tasks.plan.stated import read_stated

    assert [q.role for q in read_stated(text) if q.quantity == "time"] == [role]
