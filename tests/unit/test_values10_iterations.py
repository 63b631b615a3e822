"""Iteration counts with words between the number and 'iterations', or said with 'iterate'."""

import pytest

from tasks.plan.stated import read_stated
from tasks.plan.values_iterations import iteration_forms


@pytest.mark.parametrize(("text", "count"), [
    ("pitzDaily, 400 SST iterations", 400),
    ("1200 k-omega SST iterations on the bump", 1200),
    ("500 simpleFoam iterations, inlet 10 m/s", 500),
    ("then 250 more iterations please", 250),
    ("iterate 300 times", 300),
    ("iterate the solver for 800 times", 800),
])
def test_the_count_is_read(text: str, count: int) -> None:
    assert [q.value for q in read_stated(text) if q.role == "end_time"] == [count]


@pytest.mark.parametrize("text", ["compare the 3 SST models", "2 laminar cases", "repeat it 3 times"])
def test_other_counts_are_left(text: str) -> None:
    assert iteration_forms(text) == text
