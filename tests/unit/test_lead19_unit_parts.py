"""Parts of a unit said as an adjective ("half-centimetre cells", "a quarter-inch pipe", "a
three-quarter-inch bore", "a half inch gap") are lengths of that size, never a fill fraction;
a part of anything else stays a fraction; "plus or minus" is no negative sign."""

from __future__ import annotations

import pytest

from tasks.plan.stated import read_stated


@pytest.mark.parametrize("text,value,role", [
    ("use half-centimetre cells everywhere", 0.005, "cell_size"),
    ("a quarter-inch pipe", 0.00635, "geometry"),
    ("a three-quarter-inch bore", 0.01905, "geometry"),
    ("a half inch gap between the plates", 0.0127, "geometry"),
    ("an eighth-inch thick plate", 0.003175, "geometry"),
    ("one and a half metres long", 1.5, "geometry"),  # the whole and its part stay one length
    ("half a metre long channel", 0.5, "geometry"),
])
def test_a_part_of_a_unit_is_a_length(text, value, role):
    found = [(q.value, q.role) for q in read_stated(text)]
    assert len(found) == 1
    assert found[0][0] == pytest.approx(value) and found[0][1] == role


@pytest.mark.parametrize("text,fraction", [
    ("fill a quarter of the tank with water", 0.25),
    ("half the height is water", 0.5),
])
def test_a_part_of_anything_else_stays_a_fraction(text, fraction):
    assert [(q.value, q.role) for q in read_stated(text)] == [(fraction, "fill_fraction")]


def test_time_parts_are_left_to_the_rate_reader():
    assert [(q.value, q.role) for q in read_stated("write every half second")] == [(0.5, "write_interval")]


@pytest.mark.parametrize("text,value", [("cool the wall to minus 5 degC", 268.15), ("a swing of plus or minus 3 cm", 0.03)])
def test_spoken_signs(text, value):
    assert [q.value for q in read_stated(text)] == [pytest.approx(value)]


@pytest.mark.parametrize("text,counts", [
    ("O-grid with 120 cells around and 40 radial", [120, 40]),
    ("30 cells axial and 10 radial", [30, 10]),
    ("20 cells across the radius and 80 axial", [20, 80]),
    ("64 cells circumferentially and 32 radially", [64, 32]),
])
def test_a_count_listed_with_a_direction_adjective_is_stated(text, counts):
    assert [q.value for q in read_stated(text) if q.quantity == "count"] == counts
