"""Mesh resolution stated as a total ("about 12 000 cells", "a 50k-cell mesh", "no more than 20 000
cells") or as cells across a feature ("10 cells over the step height") (session 22, "cells"): the
total read with whether it is a maximum; a parametric shape's cell size searched until its block mesh
meets the total; a tutorial's blocks scaled until the rounded counts meet it (never above a maximum),
read back from the real tutorial blockMeshDicts."""

from __future__ import annotations

import pytest

from tasks.foam import geometry
from tasks.foam.files import find_file, read_text
from tasks.geometry.sized_total import counted_cells, meets
from tasks.geometry.text import parse_geometry
from tasks.plan.bind_run_cells import even_total
from tasks.plan.controls_mesh import fitted_total_factor, mesh_words
from tasks.plan.controls_refine import total_limit
from tasks.plan.extract import normalise
from tasks.plan.request import check_request_text
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS


@pytest.mark.parametrize("text, expected", [
    ("about 12 000 cells", (12000, False)),
    ("a 50k-cell mesh", (50000, False)),
    ("roughly 2e5 cells", (200000, False)),
    ("total cell count around 40,000", (40000, False)),
    ("no more than 20 000 cells", (20000, True)),
    ("keep the mesh under 8000 cells", (8000, True)),
    ("cell count should not exceed 15000", (15000, True)),
    ("a mesh with fewer than 3000 cells", (3000, True)),
    ("5000 cells at most", (5000, True)),
])
def test_total_and_whether_it_is_a_maximum(text: str, expected: tuple[int, bool]) -> None:
    found = total_limit(text)
    assert found is not None and found[:2] == expected


@pytest.mark.parametrize("text", ["100 x 20 cells", "40 cells along x and 20 in y", "16 cells per diameter"])
def test_counts_per_direction_are_no_total(text: str) -> None:
    assert total_limit(text) is None


def test_thousands_separator_of_a_total_is_one_number() -> None:
    assert [q.value for q in read_stated("a cavity, lid 1 m/s, roughly 9,000 cells") if q.role.startswith("mesh")] == [9000]
    assert "100,100 cells" in normalise("100,100 cells")  # a list of counts stays a list
    assert "around 40 000 cells" in check_request_text("channel395 but with around 40 000 cells")


@pytest.mark.parametrize("text, target, at_most", [
    ("A 2D channel 1 m long and 0.1 m high, water at 0.2 m/s, laminar, a 50k-cell mesh", 50000, False),
    ("Backward facing step, step height 0.05 m, inlet 5 m/s air, no more than 20 000 cells", 20000, True),
    ("A square cavity of 5 cm side, lid 0.2 m/s, cell count should not exceed 3000", 3000, True),
])
def test_parametric_shape_sized_to_the_total(text: str, target: int, at_most: bool) -> None:
    spec = parse_geometry(text, total_limit(text))  # the planner reads the total and hands it on
    assert spec is not None and spec.mesh.cell_size is not None
    n = counted_cells(spec)
    assert n is not None and meets(n, target, at_most)
    assert any(str(n) in note for note in spec.notes)  # the count chosen is reported


def test_cells_over_a_feature_set_the_cell_size() -> None:
    spec = parse_geometry("Backward facing step, step height 0.02 m, 10 cells over the step height, air at 3 m/s")
    assert spec is not None and spec.mesh.cell_size == pytest.approx(0.002)


def _tutorial_bmd(tutorial: str) -> str:
    found = find_file(TUTORIALS / tutorial / "system", "blockMeshDict")
    assert found is not None
    return read_text(found)


@pytest.mark.parametrize("tutorial, n, at_most", [
    ("incompressible/pimpleFoam/RAS/TJunction", 30000, True),  # the ideal factor rounds above 30 000
    ("incompressible/simpleFoam/pitzDaily", 20000, False),
    ("multiphase/interFoam/laminar/damBreak/damBreak", 9000, True),
    ("incompressible/pimpleFoam/LES/channel395", 40000, False),  # counts as variables
])
def test_tutorial_blocks_scaled_to_the_total(tutorial: str, n: int, at_most: bool) -> None:
    bmd = _tutorial_bmd(tutorial)
    _, _, after = fitted_total_factor(bmd, n, at_most)
    assert meets(after, n, at_most) if at_most else abs(after - n) <= 0.1 * n


def test_maximum_written_on_a_multi_block_tutorial() -> None:
    text = "Simulate the pitzDaily case but keep the mesh under 8000 cells"
    change = mesh_words(TUTORIALS / "incompressible/simpleFoam/pitzDaily", None, text, read_stated(text))
    assert not change.not_applied
    blocks = next(e.value for e in change.edits if e.entry == ["blocks"])
    total = sum(a * b * c for a, b, c in geometry.block_cells(f"blocks {blocks};"))
    assert 4000 <= total <= 8000


def test_one_block_total_never_above_a_maximum() -> None:
    assert even_total((20, 20, 1), 8050) == [90, 90, 1]  # about 8050: the nearest square
    new = even_total((20, 20, 1), 8050, at_most=True)
    assert new is not None and new[0] * new[1] <= 8050 and new[2] == 1
