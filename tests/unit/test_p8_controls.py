"""Run control and mesh resolution stated in words (session 8, controls): purge and write
phrasings, refinements restricted to named directions, one-cell directions left alone, cell sizes
named before their value, a region's own blockMeshDict and decomposeParDict."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.core.errors import PlanError
from tasks.foam import geometry
from tasks.plan.controls import mesh_refinement, refinement_direction, run_controls, total_cells
from tasks.plan.extract import normalise
from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.plan.controls_mesh import (block_mesh_file, cells_along_each_block, mesh_words, names_cell_size,
                                      refine_factors, resolved_block_cells, total_factor)
from tasks.plan.recipes import refined_counts
from tasks.plan.stated import StatedQuantity, read_stated

TUTORIALS = Path(get_settings().tutorials_dir)
JOULE = TUTORIALS / "heatTransfer/chtMultiRegionSimpleFoam/jouleHeatingSolid"


@pytest.mark.parametrize("text, expected", [
    # purgeWrite: the newest N kept, said many ways
    ("keep just the last 5", [("purgeWrite", 5.0)]),
    ("retain the newest 2 time directories", [("purgeWrite", 2.0)]),
    ("delete all but the latest 6", [("purgeWrite", 6.0)]),
    ("remove everything except for the 2 newest", [("purgeWrite", 2.0)]),
    ("only the last 4 time folders are kept", [("purgeWrite", 4.0)]),
    ("store 3 result folders", [("purgeWrite", 3.0)]),
    # a kept duration or a kept value is no purge
    ("keep the last 10 s of data", []),
    ("keep the inlet at 5 m/s", []),
    # unit-less write intervals after other verbs and prepositions
    ("dump fields once every 25", [("writeInterval", 25.0)]),
    ("save on every 200, 1000 iterations", [("writeInterval", 200.0)]),
    ("write results per 100", [("writeInterval", 100.0)]),
    ("write each 0.25 s", []),  # a unit: a quantity of tasks/plan/extract.py
])
def test_run_controls_purge_and_write(text: str, expected: list[tuple[str, float]]) -> None:
    assert [(c.key, c.value) for c in run_controls(normalise(text))] == expected


@pytest.mark.parametrize("text, factor, axes", [
    ("three times as many cells along z", 3.0, [2]),
    ("refine by 2 in the streamwise direction", 2.0, [0]),
    ("coarsen the grid by a factor of 2 in the vertical, run 3 s", 0.5, [1]),
    ("4x more cells in x and z", 4.0, [0, 2]),
    ("twice as fine in all three directions", 2.0, None),
    ("halve the cell size across the gap, then run to 5 s", 2.0, [1]),
    ("double the number of grid points in the spanwise direction", 2.0, [2]),
    ("refine the mesh by 2 and set the inlet to 5 m/s", 2.0, None),
    ("twice as fine", 2.0, None),
])
def test_refinement_direction(text: str, factor: float, axes: list[int] | None) -> None:
    found = mesh_refinement(text)
    assert found is not None and found[0] == pytest.approx(factor)
    assert refinement_direction(normalise(text), found[2] + len(found[1])) == axes


def test_refinement_along_names_the_longest_side() -> None:
    text = "twice as many cells along the duct only"
    found = mesh_refinement(text)
    assert found is not None
    assert refinement_direction(normalise(text), found[2] + len(found[1])) == "along"


# a 1-D channel of two blocks, one cell along x and z with cyclic sides (boundaryFoam's layout)
_CHANNEL = """
convertToMeters 0.05;
vertices ((0 0 0) (0 1 0) (0 2 0) (1 0 0) (1 1 0) (1 2 0) (0 0 1) (0 1 1) (0 2 1) (1 0 1) (1 1 1) (1 2 1));
blocks
(
    hex (0 3 4 1 6 9 10 7) (1 40 1) simpleGrading (1 100 1)
    hex (1 4 5 2 7 10 11 8) (1 40 1) simpleGrading (1 0.01 1)
);
boundary
(
    front { type cyclic; neighbourPatch back; faces ((0 3 9 6) (1 4 10 7)); }
    back { type cyclic; neighbourPatch front; faces ((1 4 10 7) (2 5 11 8)); }
    walls { type wall; faces ((0 1 7 6) (3 4 10 9)); }
);
"""


@pytest.mark.parametrize("factor, axes, expected", [
    (2.0, None, [1.0, 2.0, 1.0]),      # the one-cell directions stay one cell
    (0.5, None, [1.0, 0.5, 1.0]),
    (3.0, [1], [1.0, 3.0, 1.0]),
    (2.0, [0], [1.0, 1.0, 1.0]),       # x has one cell: nothing to refine there
])
def test_refine_factors_leave_one_cell_directions(factor: float, axes: list[int] | None, expected: list[float]) -> None:
    assert refine_factors(_CHANNEL, factor, axes) == expected


@pytest.mark.parametrize("n, axis, expected", [
    (80, 1, [(1, 80, 1), (1, 80, 1)]),
    (10, 1, [(1, 10, 1), (1, 10, 1)]),
    (25, "along", [(1, 25, 1), (1, 25, 1)]),  # the blocks stack along y, their longest side
])
def test_cells_along_each_block(n: int, axis: int | str, expected: list[tuple[int, int, int]]) -> None:
    new, _ = cells_along_each_block(_CHANNEL, n, axis)
    assert geometry.block_cells(new) == expected


def test_cells_along_each_block_needs_equal_counts() -> None:
    uneven = _CHANNEL.replace("(1 40 1) simpleGrading (1 0.01 1)", "(1 30 1) simpleGrading (1 0.01 1)")
    with pytest.raises(PlanError, match="different counts along y"):
        cells_along_each_block(uneven, 80, 1)


@pytest.mark.parametrize("text, value_text, expected", [
    ("square cells, cell edge 4 mm", "4 mm", True),
    ("a cell side length of 2 cm everywhere", "2 cm", True),
    ("Δx = Δy = 0.5 mm", "0.5 mm", True),
    ("grid spacing: 1 cm", "1 cm", True),
    ("cell width about 3 mm, run 1 s", "3 mm", True),
    ("a 4 mm gap between the plates", "4 mm", False),
])
def test_names_cell_size_before_value(text: str, value_text: str, expected: bool) -> None:
    q = StatedQuantity(text=value_text, quantity="length", value=0.001, role="geometry")
    assert names_cell_size(text, q) is expected


@pytest.mark.parametrize("text, counts, expected", [
    ("cavity, coarsen by 2 in y", [20, 20], [20, 10]),
    ("cavity twice as fine", [20, 20], [40, 40]),
    ("cavity with 3 times as many cells in x only", [20, 80], [60, 80]),
    ("cavity, double the cells along the cavity", [20, 20], [40, 20]),
])
def test_refined_counts_of_a_rectangle(text: str, counts: list[int], expected: list[int]) -> None:
    found = mesh_refinement(text)
    assert found is not None
    assert refined_counts(text, found, counts) == expected


def test_block_mesh_file_of_a_region(tmp_path: Path) -> None:
    (tmp_path / "system/solid").mkdir(parents=True)
    (tmp_path / "system/solid/blockMeshDict").write_text("blocks ();\n")
    assert block_mesh_file(tmp_path) == "system/solid/blockMeshDict"
    (tmp_path / "system/fluid").mkdir()
    (tmp_path / "system/fluid/blockMeshDict").write_text("blocks ();\n")
    assert block_mesh_file(tmp_path) == "system/blockMeshDict"  # two regions: not one mesh to change
    (tmp_path / "system/blockMeshDict").write_text("blocks ();\n")
    assert block_mesh_file(tmp_path) == "system/blockMeshDict"


@pytest.mark.skipif(not JOULE.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize("text, expected", [
    ("solid bar meshed with 100 x 4 cells", (100, 4, 1)),
    ("refine the bar's mesh by 2", (1000, 40, 1)),
    ("coarsen the grid by 5 along x only", (100, 20, 1)),
])
def test_mesh_words_on_a_region_mesh(text: str, expected: tuple[int, int, int]) -> None:
    change = mesh_words(JOULE, None, text, read_stated(text))
    assert change.file == "system/solid/blockMeshDict"
    assert not change.not_applied
    edit = next(e for e in change.edits if e.entry == ["blocks"])
    assert edit.file == "system/solid/blockMeshDict"
    assert geometry.block_cells(f"blocks {edit.value};") == [expected]


@pytest.mark.skipif(not JOULE.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize("text, ranks", [
    ("jouleHeatingSolid with chtMultiRegionSimpleFoam on 2 cores", "2"),
    ("Joule heating solid case (chtMultiRegionSimpleFoam), run in parallel with 3 MPI ranks", "3"),
    ("jouleHeatingSolid, decompose into 6 subdomains", "6"),
])
def test_ranks_reach_every_region(text: str, ranks: str) -> None:
    from tasks.plan.architect import plan

    manifest = plan(text, TUTORIALS)
    written = {(e.file, tuple(e.entry)): e.value for e in manifest.edits}
    assert written[("system/decomposeParDict", ("numberOfSubdomains",))] == ranks
    assert written[("system/solid/decomposeParDict", ("numberOfSubdomains",))] == ranks


@pytest.mark.parametrize("text, expected", [
    ("a mesh of about 30k cells", 30000),
    ("roughly 2500 cells in total", 2500),
    ("use a 12000-cell grid", 12000),
    ("no more than 8000 hexahedra", 8000),
    ("approximately four thousand cells", 4000),
    # counts along a direction, per block or of a product are no totals
    ("30 by 30 cells", None),
    ("about 40 cells across the gap", None),
    ("500 cells per block", None),
    ("about 200 cells along x", None),
])
def test_total_cells(text: str, expected: int | None) -> None:
    found = total_cells(text)
    assert (found[0] if found else None) == expected


def test_total_factor_counts_resolved_directions_only() -> None:
    factor, now = total_factor(_CHANNEL, 320)  # 80 cells now, one resolved direction (y)
    assert now == 80 and factor == pytest.approx(4.0)


DAMBREAK = TUTORIALS / "multiphase/interFoam/laminar/damBreak/damBreak"
HOTROOM = TUTORIALS / "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"


@pytest.mark.skipif(not DAMBREAK.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize("base, text, target", [
    (DAMBREAK, "dam break with a grid of roughly 9000 cells", 9000),
    (DAMBREAK, "around 5000 cells overall", 5000),
    (HOTROOM, "hot room, about 100000 cells", 100000),
])
def test_mesh_words_total_cells(base: Path, text: str, target: int) -> None:
    change = mesh_words(base, None, text, read_stated(text))
    assert not change.not_applied
    edit = next(e for e in change.edits if e.entry == ["blocks"])
    got = sum(a * b * c for a, b, c in geometry.block_cells(f"blocks {edit.value};"))
    assert abs(got - target) / target < 0.1


@pytest.mark.parametrize("text, target", [
    ("lid-driven cavity with icoFoam, about 2500 cells", 2500),
    ("icoFoam cavity on a mesh of roughly 3600 cells, lid at 1 m/s", 3600),
    ("cavity (icoFoam), 1000 cells in total", 1000),
])
def test_cavity_total_cells(text: str, target: int) -> None:
    """Whichever cavity base is chosen (the recipe's square or a multi-block variant), the mesh
    holds about the stated number of cells."""
    from tasks.plan.architect import plan

    manifest = plan(text, TUTORIALS)
    blocks = next(e.value for e in manifest.edits if e.file == "system/blockMeshDict" and e.entry == ["blocks"])
    got = sum(a * b * c for a, b, c in geometry.block_cells(f"blocks {blocks};"))
    assert abs(got - target) / target < 0.1
    assert not manifest.not_applied


@pytest.mark.parametrize("text", ["keep the last 5 cm of the pipe straight", "keep the latest 2 K offset",
                                  "keep the last 3 % of the inlet", "keep the last 4 iterations' residuals"])
def test_purge_is_not_a_kept_length(text: str) -> None:
    assert [c for c in run_controls(normalise(text)) if c.key == "purgeWrite"] == []


_VARIABLE_BOX = """
nx 40;
ny 1;
nz 25;
blocks
(
    hex (0 1 2 3 4 5 6 7) ($nx $ny $nz) simpleGrading (1 1 1)
    hex (1 8 9 2 5 10 11 6) (10 $ny $nz) simpleGrading (1 1 1)
);
"""


def test_resolved_block_cells_reads_variables() -> None:
    assert resolved_block_cells(_VARIABLE_BOX) == [(40, 1, 25), (10, 1, 25)]
    factor, now = total_factor(_VARIABLE_BOX, 5000)  # 1250 cells, two resolved directions
    assert now == 1250 and factor == pytest.approx(2.0)


STANDING = TUTORIALS / "multiphase/interIsoFoam/standingWave"
DISC = TUTORIALS / "multiphase/interIsoFoam/discInConstantFlow"


@pytest.mark.skipif(not STANDING.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize("base, text, target", [
    (STANDING, "standing wave on a grid of about 10000 cells", 10000),
    (STANDING, "some 40000 cells overall", 40000),
    (DISC, "disc advection with approximately 3000 cells", 3000),
])
def test_total_cells_on_count_variables(base: Path, text: str, target: int) -> None:
    change = mesh_words(base, None, text, read_stated(text))
    assert not change.not_applied and change.edits
    bmd = read_text(base / "system/blockMeshDict")
    for edit in change.edits:  # each edit sets one count variable (nx, nz)
        bmd = fd.set_entry(bmd, edit.entry, edit.value)
    got = sum(a * b * c for a, b, c in resolved_block_cells(bmd))
    assert abs(got - target) / target < 0.1
