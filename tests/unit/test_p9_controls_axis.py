"""The direction a cell count is for (tasks/plan/controls_axis.py): the words after it in its
clause, else the nearest before it; height along gravity, across = the widest other side."""

from __future__ import annotations

import pytest

from tasks.plan.controls_axis import count_axis

_COLUMN = [0.15, 1.0, 0.1]   # a 2-D column, y up, z flat
_CHANNEL = [4.0, 0.2, 0.1]   # an x-long channel, z flat
_TANK_Z_UP = [1.0, 0.1, 0.6]  # gravity along z, y flat


def _axis(text: str, count: str, up: int = 1, ext: list[float] | None = None, flat: set[int] | None = None):
    at = text.find(count)
    return count_axis(text, at, at + len(count), up, ext, flat or set())


@pytest.mark.parametrize("text, count, up, ext, flat, axis", [
    ("200 cells over the height, 30 across", "200 cells", 1, _COLUMN, {2}, 1),
    ("use 60 cells in the vertical direction", "60 cells", 2, _TANK_Z_UP, {1}, 2),   # vertical is z here
    ("the tank: 90 cells over its height", "90 cells", 2, _TANK_Z_UP, {1}, 2),
    ("40 cells across the column", "40 cells", 1, _COLUMN, {2}, 0),                  # across a y-long column: x
    ("40 cells across the channel", "40 cells", 1, _CHANNEL, {2}, 1),                # across an x-long channel: y
    ("300 cells lengthwise", "300 cells", 1, _CHANNEL, {2}, 0),
    ("along the 1 m height: 150 cells", "150 cells", 1, _COLUMN, {2}, 1),             # the words before it
    ("in the streamwise direction 500 cells", "500 cells", 1, _CHANNEL, {2}, 0),
    ("120 cells in y and 30 in x", "120 cells", 1, None, None, 1),                   # its own clause, not the next
    ("80 cells along the pipe", "80 cells", 1, [0.05, 0.05, 2.0], set(), 2),         # along: the longest side
    ("80 cells along the pipe", "80 cells", 1, None, None, "along"),
    ("50 cells please", "50 cells", 1, None, None, None),
])
def test_count_axis(text: str, count: str, up: int, ext, flat, axis) -> None:
    assert _axis(text, count, up, ext, flat) == axis


# --- resolution levels in words (tasks/plan/controls.py mesh_refinement) ----------------------

@pytest.mark.parametrize("text, factor", [
    ("run it on a coarse grid first", 0.5),
    ("I need a fine mesh for the mixing layer", 2.0),
    ("use a very fine blockMesh resolution", 4.0),
    ("Resolution: coarse", 0.5),
    ("a finer grid than the tutorial", 2.0),
    ("extra-coarse mesh, just to test", 0.25),
])
def test_resolution_level_words(text: str, factor: float) -> None:
    from tasks.plan.controls import mesh_refinement

    found = mesh_refinement(text)
    assert found is not None and found[0] == pytest.approx(factor)


@pytest.mark.parametrize("text", [
    "a finer mesh near the wall",          # local refinement: not the whole mesh
    "the medium mesh of the tutorial",     # the base's own
    "define the mesh and run it",
    "fine particles in a coarse sand bed",
])
def test_no_resolution_level(text: str) -> None:
    from tasks.plan.controls import mesh_refinement

    assert mesh_refinement(text) is None


# --- total cell counts in other forms (tasks/plan/controls.py total_cells) ---------------------

@pytest.mark.parametrize("text, n", [
    ("a grid of some 12,500 cells", 12500),
    ("target: ~3e4 cells", 30000),
    ("cell count = 6400", 6400),
    ("Number of cells: 2,500 (2D)", 2500),
])
def test_total_cells_other_forms(text: str, n: int) -> None:
    from tasks.plan.controls import total_cells

    found = total_cells(text)
    assert found is not None and found[0] == n


@pytest.mark.parametrize("text", ["cells: 30 x 60", "cells = 200 per block", "cells: 50 along x"])
def test_no_total_cells(text: str) -> None:
    from tasks.plan.controls import total_cells

    assert total_cells(text) is None
