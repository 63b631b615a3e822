"""A mesh refinement said relative to the present mesh (modify_refine): multipliers and
percentages, comparatives of the count or of the cells' size, spelled numbers; and the axes
refinement() gives it."""

from __future__ import annotations

import pytest

from tasks.edit.modify_mesh import refinement
from tasks.edit.modify_refine import comparison_factor, relative_refinement, spelled_multipliers


@pytest.mark.parametrize("text, factor", [
    ("please make the grid 25 percent finer", 1.25),
    ("i want 40% more cells", 1.4),
    ("use 20 per cent fewer cells, the runs are too slow", 0.8),
    ("4 times the number of cells", 4.0),
    ("two times as many cells along the channel", 2.0),
    ("half as many cells", 0.5),
    ("the cells should be 3x smaller", 3.0),
    ("cells twice as large would do", None),  # "as large": not a comparative with a multiplier (left to refinement)
    ("a mesh 1.5 times denser", 1.5),
    ("go for a grid four times coarser", 0.25),
    ("cell spacing 50 % larger", 1 / 1.5),
    ("grid spacing 20% smaller", 1.25),
    ("refine the mesh fourfold", 4.0),
    ("coarsen it twofold", 0.5),
    ("triple the resolution", 3.0),
    ("double the cell count", 2.0),
    ("bump the resolution by a factor of two", 2.0),
    ("reduce the number of cells by a factor 4", 0.25),
    ("coarsen by a factor of 1.5", 1 / 1.5),
])
def test_relative_refinement_paraphrases(text, factor) -> None:
    got = relative_refinement(text)
    assert (got is None) if factor is None else got == pytest.approx(factor)


@pytest.mark.parametrize("text", [
    "run 50 % longer",
    "raise the inlet by 20 %",
    "make the lid three times faster",
    "double the end time",
    "a 30 % higher temperature at the heater",
    "refine the mesh to 80 by 80 cells",  # a count, not a factor
    "write 3 times more often",
])
def test_what_is_no_relative_refinement(text) -> None:
    assert relative_refinement(text) is None


@pytest.mark.parametrize("comparative, size, multiplier, percent, factor", [
    ("finer", False, 2.0, None, 2.0),
    ("coarser", False, 2.0, None, 0.5),
    ("smaller", True, 2.0, None, 2.0),
    ("larger", True, None, 25.0, 0.8),
    ("fewer", False, None, 100.0, None),  # nothing left
    ("smaller", True, None, 100.0, None),  # cells of no size
])
def test_comparison_factor_table(comparative, size, multiplier, percent, factor) -> None:
    got = comparison_factor(comparative, size, multiplier=multiplier, percent=percent)
    assert (got is None) if factor is None else got == pytest.approx(factor)


@pytest.mark.parametrize("text, out", [
    ("three times as many", "3 times as many"),
    ("ten x finer", "10 x finer"),
    ("threefold", "3 fold"),
    ("three cells", "three cells"),  # no multiplier: unchanged
])
def test_spelled_multipliers(text, out) -> None:
    assert spelled_multipliers(text) == out


@pytest.mark.parametrize("text, two_d, flat, factors", [
    ("make the grid 25 percent finer", True, [2], [1.25, 1.25, 1.0]),  # a 2-D case keeps its one cell in z
    ("4x the cells in x", True, [2], [4.0, 1.0, 1.0]),
    ("two times as many cells in the y direction", False, [], [1.0, 2.0, 1.0]),
    ("cells 2x smaller everywhere", False, [], [2.0, 2.0, 2.0]),
    ("40% more cells, nothing else", True, [1], [1.4, 1.0, 1.4]),  # planar in y (flat axis y)
])
def test_refinement_axes_of_a_relative_factor(text, two_d, flat, factors) -> None:
    assert refinement(text, two_d=two_d, flat=flat) == pytest.approx(factors)
