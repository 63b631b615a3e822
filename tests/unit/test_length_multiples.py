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
