"""Where a stated value holds (tasks.plan.stated_conditions): coordinate comparisons, halves and
layers, the rest words; the coordinate of a condition is never a stated value of its own."""

from __future__ import annotations

import pytest

from tasks.plan.extract import normalise
from tasks.plan.stated import read_stated
from tasks.plan.stated_conditions import conditions, in_condition


@pytest.mark.parametrize(("text", "axis", "sign", "threshold"), [
    ("for z < 0", 2, -1, 0.0),
    ("where x >= 0.5 m", 0, 1, 0.5),
    ("for z below 0", 2, -1, 0.0),
    ("where y is greater than 10 cm", 1, 1, 0.1),
    ("0 < z", 2, 1, 0.0),
    ("for negative z", 2, -1, 0.0),
    ("in the lower half", None, -1, None),
    ("the top layer", None, 1, None),
    ("on the right half", 0, 1, None),
])
def test_conditions_read_axis_side_and_cut(text: str, axis, sign: int, threshold) -> None:
    found = [c for c in conditions(text) if not c.rest]
    assert len(found) == 1
    c = found[0]
    assert (c.axis, c.sign) == (axis, sign)
    assert c.threshold == pytest.approx(threshold) if threshold is not None else c.threshold is None


@pytest.mark.parametrize("text", ["1 m2/s above", "1 m2/s elsewhere", "and the rest 2 W/m/K", "the other half"])
def test_rest_words_are_conditions_against_the_others(text: str) -> None:
    assert [c.rest for c in conditions(text)] == [True]


@pytest.mark.parametrize("text", ["the y+ below 1", "dy < 1 mm", "10 x 20 cm", "the first layer height 1 mm",
                                  "inlet 5 m/s, outlet 0 Pa"])
def test_no_condition_in_ordinary_words(text: str) -> None:
    assert not [c for c in conditions(text) if not c.rest]


def test_the_coordinate_of_a_condition_is_marked() -> None:
    text = "DT 1000 m2/s for z < 0 and 1 m2/s above"
    assert in_condition(text, text.index("0 and"))
    assert not in_condition(text, text.index("1000"))
    assert not in_condition(text, text.index("1 m2/s"))


@pytest.mark.parametrize(("text", "kept"), [
    # the brief's phrasing: the coordinate 0 was read as a diffusivity
    ("laplacianFoam, 1D two-layer column z -1..1 m (weightedFluxExample), DT 1000 m2/s for z < 0 and 1 m2/s above",
     ["1000 m2/s", "1 m2/s"]),
    ("DT = 1e6 m2/s for z below 0 m and 1 m2/s for z above 0 m", ["1e6 m2/s", "1 m2/s"]),
    ("the conductivity is 2 W/m/K where x > 0.5 m and 10 W/m/K where x < 0.5 m", ["2 W/m/K", "10 W/m/K"]),
    ("viscosity of 1e-3 m2/s for 0 < y, 1e-6 m2/s elsewhere", ["1e-3 m2/s", "1e-6 m2/s"]),
])
def test_condition_coordinates_are_not_stated_values(text: str, kept: list[str]) -> None:
    said = [q.text for q in read_stated(text) if q.quantity != "length"]
    assert said == kept


def test_a_coordinate_range_is_still_read() -> None:
    """'from z = -1 m to z = 1 m' is no condition: its lengths stay stated (the refusal compares them)."""
    said = [q.text for q in read_stated(normalise("a column from z = -1 m to z = 1 m"))]
    assert "1 m" in said
