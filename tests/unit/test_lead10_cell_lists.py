"""Cell counts listed one after another, each with its own direction word, are all stated and
each goes to its own axis."""

import pytest

from tasks.plan.controls_axis import count_axis
from tasks.plan.stated import read_stated


@pytest.mark.parametrize(("text", "counts"), [
    ("cavity with 40 cells across and 60 down", [40, 60]),
    ("lid-driven cavity, 50 along x and 50 across", [50, 50]),
    ("a box: 30 in x, 12 spanwise and 8 up", [30, 12, 8]),
    ("duct, 80 cells lengthwise, 20 crosswise", [80, 20]),
])
def test_every_listed_count_is_stated(text: str, counts: list[int]) -> None:
    got = [q.value for q in read_stated(text) if q.role == "mesh_cells_axis"]
    assert got == counts


@pytest.mark.parametrize(("text", "pairs"), [
    ("lid-driven cavity, 30 cells by 30", 900), ("64 cells x 32 mesh", 2048), ("grid 40 cells by 20", 800),
])
def test_a_pair_with_cells_between(text: str, pairs: int) -> None:
    assert [q.value for q in read_stated(text) if q.role == "mesh_cells"] == [pairs]


@pytest.mark.parametrize(("text", "count", "axis"), [
    ("40 cells across and 60 down", "40 cells", 0),  # a square cavity, a vertical count said: across is level
    ("40 cells across and 60 down", "60 down", 1),
    ("20 cells from top to bottom, 30 across", "30 across", 0),
    ("40 cells along x and 40 across", "40 across", 1),  # no vertical word: the other way
])
def test_across_and_down_on_a_square(text: str, count: str, axis: int) -> None:
    start = text.index(count)
    assert count_axis(text, start, start + len(count), up=1, extents=[0.1, 0.1, 0.01], flat={2}) == axis
