"""Cell counts per global direction on multi-block tutorial meshes (session 18, "blockcounts").

A stated total along x, y or z ("200 x 50", "150 cells streamwise") on a mesh of several blocks is
spread over the blocks a line through the domain meets, exact on the longest line, shared faces
conforming; a layout that turns (a bend, an O-grid) is refused with the reason, never meshed
wrongly. Probed on installed tutorials in new (pure functions, as controls_mesh and the binder
call them) and modify (plan_changes on a copied tutorial), several phrasings each.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.core.errors import PlanError, RequestError
from tasks.edit.modify import apply_changes, plan_changes, read_state, stated_changes
from tasks.edit.modify_steps import unpack_dictionaries
from tasks.foam import block_layout as bl
from tasks.foam import geometry
from tasks.foam.files import find_file, read_text
from tests.conftest import TUTORIALS

PITZ = "incompressible/simpleFoam/pitzDaily"
BFS = "incompressible/simpleFoam/backwardFacingStep2D"
TJUNCTION = "incompressible/pimpleFoam/RAS/TJunction"
CONTRACTION = "incompressible/pimpleFoam/laminar/planarContraction"
DAMBREAK = "multiphase/interFoam/laminar/damBreak/damBreak"
PRISM = "compressible/sonicFoam/RAS/prism"
ROOM = "heatTransfer/buoyantSimpleFoam/hotRadiationRoom"
BEND = "compressible/rhoSimpleFoam/squareBend"
PLATE_HOLE = "stressAnalysis/solidDisplacementFoam/plateHole"
CLIPPED = "incompressible/icoFoam/cavity/cavityClipped"


def _bmd(tutorial: str) -> str:
    found = find_file(TUTORIALS / tutorial / "system", "blockMeshDict")
    assert found is not None
    return read_text(found)


def _conforming(text: str) -> bool:
    """Every two block axes that share an edge hold the same count."""
    layout = bl.read_layout(text)
    seen: dict[int, int] = {}
    return all(seen.setdefault(layout.groups[b][a], layout.counts[b][a]) == layout.counts[b][a]
               for b in range(len(layout.counts)) for a in range(3))


@pytest.mark.parametrize("tutorial, totals", [
    (PITZ, {0: 200, 1: 50}),
    (PITZ, {0: 150}),
    (PITZ, {1: 80}),
    (BFS, {0: 400, 1: 80}),
    (BFS, {0: 301}),
    (TJUNCTION, {0: 100, 1: 200, 2: 16}),
    (CONTRACTION, {0: 100, 1: 40}),
    (DAMBREAK, {0: 80, 1: 80}),
    (PRISM, {0: 200, 1: 100}),
    (ROOM, {0: 50, 1: 30, 2: 21}),
    (CLIPPED, {0: 41, 1: 39}),
])
def test_totals_are_exact_and_faces_conform(tutorial: str, totals: dict[int, int]) -> None:
    text = _bmd(tutorial)
    new = bl.set_totals(text, totals)
    back = bl.read_layout(new)
    assert all(bl.line_total(back, g) == n for g, n in totals.items())
    assert _conforming(new)
    old, after = geometry.block_cells(text), geometry.block_cells(new)
    assert len(old) == len(after) and all(c >= 1 for block in after for c in block)
    for g in set(range(3)) - set(totals):  # a direction not stated keeps its counts
        assert bl.line_total(back, g) == bl.line_total(bl.read_layout(text), g)


def test_finer_blocks_stay_finer() -> None:
    """The step's recirculation block of backwardFacingStep2D keeps its share of the cells."""
    new = geometry.block_cells(bl.set_totals(_bmd(BFS), {0: 440}))
    old = geometry.block_cells(_bmd(BFS))
    assert [n[0] for n in new] == [2 * o[0] for o in old]


def test_gradings_and_zone_names_are_kept() -> None:
    text = _bmd(BEND)
    new = bl.set_totals(text, {2: 30})
    assert new.count("simpleGrading (1 1 1)") == text.count("simpleGrading (1 1 1)") and " bend1 " in new
    assert [block[1] for block in geometry.block_cells(new)] == [30] * 4  # local y runs along z in every block


@pytest.mark.parametrize("tutorial, totals", [(BEND, {0: 300}), (BEND, {1: 40}), (PLATE_HOLE, {0: 40})])
def test_a_layout_that_turns_is_refused_with_the_reason(tutorial: str, totals: dict[int, int]) -> None:
    with pytest.raises(PlanError, match="turn|no axis along|ring"):
        bl.set_totals(_bmd(tutorial), totals)


def test_too_few_cells_for_the_blocks_is_refused() -> None:
    with pytest.raises(PlanError, match="one cell"):
        bl.set_totals(_bmd(BFS), {0: 3})


@pytest.mark.parametrize("total, weights, expected", [
    (10, [1.0, 1.0], [5, 5]),
    (11, [1.0, 1.0, 1.0], [4, 4, 3]),
    (5, [100.0, 1.0], [4, 1]),
    (200, [18.0, 180.0, 25.0], [16, 162, 22]),
])
def test_split_exact(total: int, weights: list[float], expected: list[int]) -> None:
    assert bl.split_exact(total, weights) == expected
    assert sum(bl.split_exact(total, weights)) == total


def test_counts_written_as_variables_are_read() -> None:
    """Vertices written with variables (channel395's convertToMeters and #eval-free `$` forms)
    are read through tasks.foam.block_vars."""
    text = ("convertToMeters 1; L 2; H 1;\nvertices ((0 0 0) ($L 0 0) ($L $H 0) (0 $H 0) (0 0 1) ($L 0 1) ($L $H 1) "
            "(0 $H 1) (4 0 0) (4 1 0) (4 0 1) (4 1 1));\nblocks (hex (0 1 2 3 4 5 6 7) (10 5 1) simpleGrading (1 1 1)\n"
            "hex (1 8 9 2 5 10 11 6) (20 5 1) simpleGrading (2 1 1));\n")
    new = bl.set_totals(text, {0: 60, 1: 10})
    assert geometry.block_cells(new) == [(20, 10, 1), (40, 10, 1)] and "simpleGrading (2 1 1)" in new


# --- modify -----------------------------------------------------------------------------------

def _modify(tmp_path: Path, tutorial: str, request: str):
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / tutorial, case)
    unpack_dictionaries(case)
    state = read_state(case)
    plan = plan_changes(state, request)
    apply_changes(state, plan)
    stated, missing = stated_changes(plan, case)
    return case, plan, stated, missing


@pytest.mark.parametrize("tutorial, request_text, totals", [
    (PITZ, "refine to 200 x 50", {0: 200, 1: 50}),
    (PITZ, "could you please change the mesh so that it has 300 by 60 cells in total?", {0: 300, 1: 60}),
    (PITZ, "mesh: 250x40 cells", {0: 250, 1: 40}),
    (BFS, "use 400 x 80 cells", {0: 400, 1: 80}),
    (TJUNCTION, "100 x 200 x 16 cells", {0: 100, 1: 200, 2: 16}),
    (DAMBREAK, "Please set the grid to 90 by 90 cells.", {0: 90, 1: 90}),
])
def test_modify_counts_on_multi_block_meshes(tmp_path: Path, tutorial: str, request_text: str,
                                            totals: dict[int, int]) -> None:
    case, plan, stated, missing = _modify(tmp_path, tutorial, request_text)
    text = (case / "system/blockMeshDict").read_text()
    assert not any("not applied" in w for w in plan.warnings), plan.warnings
    layout = bl.read_layout(text)
    assert all(bl.line_total(layout, g) == n for g, n in totals.items())
    assert _conforming(text)


@pytest.mark.parametrize("tutorial, request_text, reason", [
    (BEND, "mesh 300 x 40 x 30 cells", "turn|no axis along"),
    (PITZ, "mesh 300 x 40 x 30 cells", "one cell along z"),  # 2-D: its empty direction is not refined
])
def test_modify_counts_that_cannot_be_spread_say_why(tmp_path: Path, tutorial: str, request_text: str,
                                                     reason: str) -> None:
    with pytest.raises(RequestError, match=reason):
        _modify(tmp_path, tutorial, request_text)


@pytest.mark.parametrize("request_text, axis, total", [
    ("100 cells streamwise", 0, 100),
    ("refine to 200 x 50", 0, 200),
    ("I'd like 60 cells in the y direction please", 1, 60),
])
def test_modify_one_direction_on_pitz_daily(tmp_path: Path, request_text: str, axis: int, total: int) -> None:
    case, plan, _, missing = _modify(tmp_path, PITZ, request_text)
    assert not missing and plan.refine is None  # "refine to 200 x 50" is counts, never a factor of 50
    assert bl.line_total(bl.read_layout((case / "system/blockMeshDict").read_text()), axis) == total


# --- a count in a block the tutorial names ------------------------------------------------------

@pytest.mark.parametrize("words, g, n, expected", [
    ("in the outlet block", None, 100, [(20, 20, 20), (100, 20, 20), (30, 20, 20), (30, 20, 20)]),
    ("along block bend1 please", None, 60, [(20, 20, 20), (200, 20, 20), (60, 20, 20), (30, 20, 20)]),
    ("in z for the inlet zone", 2, 40, [(20, 40, 20), (200, 40, 20), (30, 40, 20), (30, 40, 20)]),  # shared faces follow
])
def test_count_in_a_named_block(words: str, g: int | None, n: int, expected: list[tuple[int, int, int]]) -> None:
    text = _bmd(BEND)
    blocks = bl.named_blocks(text, words)
    new, _ = bl.set_block_count(text, blocks, g, n)
    assert geometry.block_cells(new) == expected and _conforming(new)


@pytest.mark.parametrize("words", ["the inlet and outlet blocks", "at the inlet", "in the first block", ""])
def test_no_or_two_named_blocks_name_none(words: str) -> None:
    assert bl.named_blocks(_bmd(BEND), words) == []


# --- a cell size per direction ----------------------------------------------------------------

def test_size_along_sets_each_direction() -> None:
    new = bl.size_along(_bmd(PITZ), {0: 0.002, 1: 0.001}, 0.001)  # pitzDaily is in mm (convertToMeters 0.001)
    assert geometry.block_cells(new) == [(10, 24, 1), (103, 23, 1), (103, 24, 1), (42, 23, 1), (42, 24, 1)]
    assert _conforming(new)


def test_size_along_a_bend_is_refused() -> None:
    with pytest.raises(PlanError, match="no axis along|turn"):
        bl.size_along(_bmd(BEND), {0: 0.002}, 0.001)


@pytest.mark.parametrize("text, value, axis", [
    ("pitzDaily, cells 2 mm in x and 1 mm in y", "2 mm", 0),
    ("pitzDaily, cells 2 mm in x and 1 mm in y", "1 mm", 1),
    ("a mesh spacing dx = 2 mm and dy = 0.5 mm", "0.5 mm", 1),
    ("grid spacing 3 mm along the z direction", "3 mm", 2),
    ("a channel 0.3 m in x with 1 mm cells", "0.3 m", None),  # a dimension of the domain, not a size
    ("cubic cells of 1 mm", "1 mm", None),  # every direction
])
def test_size_axis(text: str, value: str, axis: int | None) -> None:
    from tasks.plan.controls_mesh import size_axis
    from tasks.plan.stated import StatedQuantity

    q = StatedQuantity(text=value, quantity="length", value=0.001, unit="m", role="geometry")
    assert size_axis(text, q) == axis
