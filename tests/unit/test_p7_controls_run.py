"""Run control and mesh resolution stated in words (session 7, controls): unit-less run
controls, mesh refinement factors, write counts, cell sizes and counts on multi-block meshes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.errors import PlanError
from tasks.edit.timestep import steady_schemes
from tasks.foam import geometry
from tasks.plan.controls import mesh_refinement, run_controls, solver_controls, write_count
from tasks.plan.extract import normalise
from tasks.plan.generic import cells_on_blocks, names_cell_size
from tasks.plan.stated import StatedQuantity


@pytest.mark.parametrize("text, expected", [
    ("hotRoom, 2000 iterations, write every 500", [("writeInterval", 500.0)]),
    ("endTime 5, maxCo 0.2, writeInterval 0.1, mesh 100x10", [("endTime", 5.0), ("writeInterval", 0.1)]),
    ("a write every 250, 1500 iterations", [("writeInterval", 250.0)]),
    ("the run should go to an end time of 50 and write every 25.", [("endTime", 50.0), ("writeInterval", 25.0)]),
    ("stop at time 5", [("endTime", 5.0)]),
    ("output every fifty", [("writeInterval", 50.0)]),
    ("writeInterval 2e-5, end", [("writeInterval", 2e-5)]),
    ("keep only the two most recent time directories", [("purgeWrite", 2.0)]),
    ("purge all but the last 3 writes", [("purgeWrite", 3.0)]),
    ("keep the last 4 time steps on disk", [("purgeWrite", 4.0)]),
    ("write only the last time step", [("purgeWrite", 1.0)]),
    ("only write at the end", [("purgeWrite", 1.0)]),
    # numbers with a unit are quantities of tasks/plan/extract.py, not read here
    ("write every 0.5 s", []),
    ("write every 100 iterations", []),
    ("write every 20 microseconds", []),
    ("endTime 2e-4 s, writeInterval 2e-5 s", []),
    ("end time 2 s", []),
    ("save every 10 time steps", []),
])
def test_run_controls(text: str, expected: list[tuple[str, float]]) -> None:
    got = [(c.key, c.value) for c in run_controls(normalise(text))]
    assert got == expected


def test_run_controls_hold_their_numbers() -> None:
    """solver_controls carries them, so that no other reader takes the same number."""
    controls = solver_controls(normalise("write every 500, keep the last 2 time directories"))
    assert {(c.key, c.value) for c in controls} == {("writeInterval", 500.0), ("purgeWrite", 2.0)}
    assert all(c.number_at >= c.start for c in controls)


@pytest.mark.parametrize("text, factor", [
    ("mesh twice as fine", 2.0),
    ("Make the mesh twice as fine in both directions", 2.0),
    ("double the number of cells in x and y in every block", 2.0),
    ("double the resolution in both directions", 2.0),
    ("twice the resolution", 2.0),
    ("halve the cell size everywhere", 2.0),
    ("cell size halved", 2.0),
    ("cells half the size", 2.0),
    ("refined by a factor of two", 2.0),
    ("refine the mesh by 3", 3.0),
    ("three times finer mesh", 3.0),
    ("1.5x finer", 1.5),
    ("the mesh refined by 2 in both in-plane directions", 2.0),
    ("background blockMesh doubled in x, y and z", 2.0),
    ("coarsen the mesh by a factor of 2", 0.5),
    ("half as many cells in each direction", 0.5),
    ("half the cells in each direction", 0.5),
    ("double the cell size", 0.5),
    ("2 times coarser", 0.5),
    ("resolution halved", 0.5),
    ("refine its three blocks by a factor of two", 2.0),
    ("on a mesh refined 1.5 times", 1.5),
    ("coarsened 2x", 0.5),
])
def test_mesh_refinement(text: str, factor: float) -> None:
    got = mesh_refinement(text)
    assert got is not None and got[0] == pytest.approx(factor)


@pytest.mark.parametrize("text", [
    "refine the grid to 80 by 80 cells", "double the inlet velocity", "twice the viscosity",
    "refine near the wall by 2 levels", "a 2 m by 3 m box", "halve the time step",
])
def test_no_mesh_refinement(text: str) -> None:
    assert mesh_refinement(text) is None


@pytest.mark.parametrize("text, n", [
    ("save 20 snapshots evenly", 20), ("twenty equally spaced outputs", 20), ("10 output times", 10),
    ("20 cells", None), ("5 time steps", None),
])
def test_write_count(text: str, n: int | None) -> None:
    got = write_count(text)
    assert (got[0] if got else None) == n


_CLIPPED = """vertices ( (0 0 0) (0.6 0 0) (0 0.4 0) (0.6 0.4 0) (1 0.4 0) (0 1 0) (0.6 1 0) (1 1 0)
 (0 0 0.1) (0.6 0 0.1) (0 0.4 0.1) (0.6 0.4 0.1) (1 0.4 0.1) (0 1 0.1) (0.6 1 0.1) (1 1 0.1) );
blocks
(
    hex (0 1 3 2 8 9 11 10) (12 8 1) simpleGrading (1 1 1)
    hex (2 3 6 5 10 11 14 13) (12 12 1) simpleGrading (1 1 1)
    hex (3 4 7 6 11 12 15 14) (8 12 1) simpleGrading (1 1 1)
);
boundary ( frontAndBack { type empty; faces ( (0 2 3 1) ); } );
"""
_GRADE = """vertices ( (0 0 0) (1 0 0) (2 0 0) (0 1 0) (1 1 0) (2 1 0) (0 0 1) (1 0 1) (2 0 1) (0 1 1) (1 1 1) (2 1 1) );
blocks
(
    hex (0 1 4 3 6 7 10 9) (10 10 1) simpleGrading (2 2 1)
    hex (1 2 5 4 7 8 11 10) (10 10 1) simpleGrading (0.5 2 1)
);
boundary ( frontAndBack { type empty; faces ( (0 3 4 1) ); } );
"""
# a trapezoid beside a square: their shared edge (1-2) decides both blocks' counts across it
_SKEWED = """vertices ( (0 0 0) (1 0 0) (1 1 0) (0 0.5 0) (2 0 0) (2 1 0)
 (0 0 1) (1 0 1) (1 1 1) (0 0.5 1) (2 0 1) (2 1 1) );
blocks
(
    hex (0 1 2 3 6 7 8 9) (10 5 10) simpleGrading (1 1 1)
    hex (1 4 5 2 7 10 11 8) (10 10 10) simpleGrading (1 1 1)
);
"""
_VARIABLES = """bg { xCells 12; yCells 22; zCells 1; }
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) );
blocks ( hex (0 1 2 3 4 5 6 7) ( $:bg.xCells $:bg.yCells $:bg.zCells ) simpleGrading (1 1 1) );
"""


@pytest.mark.parametrize("text, factor, expected", [
    (_CLIPPED, 2.0, [(24, 16, 1), (24, 24, 1), (16, 24, 1)]),
    (_CLIPPED, 0.5, [(6, 4, 1), (6, 6, 1), (4, 6, 1)]),
    (_GRADE, 2.0, [(20, 20, 1), (20, 20, 1)]),
])
def test_refine_multi_block(text: str, factor: float, expected: list[tuple[int, int, int]]) -> None:
    assert geometry.block_cells(geometry.scale_block_cells(text, factor, factor, factor)) == expected


def test_scaled_count_variables() -> None:
    assert geometry.scaled_count_variables(_VARIABLES, [2, 2, 2]) == [
        (["bg", "xCells"], 12, 24), (["bg", "yCells"], 22, 44), (["bg", "zCells"], 1, 1)]


def test_count_variable_must_be_whole() -> None:
    with pytest.raises(PlanError, match="not a whole number"):
        geometry.count_variables(_VARIABLES.replace("xCells 12;", "xCells #calc \"2*6\";"))


@pytest.mark.parametrize("text, size, scale, expected", [
    (_CLIPPED, 0.025, 1.0, [(24, 16, 1), (24, 24, 1), (16, 24, 1)]),
    (_GRADE, 0.1, 1.0, [(10, 10, 1), (10, 10, 1)]),
    (_GRADE, 5e-5, 0.001, [(20, 20, 1), (20, 20, 1)]),  # millimetre vertices (convertToMeters 0.001), 0.05 mm cells
])
def test_size_blocks(text: str, size: float, scale: float, expected: list[tuple[int, int, int]]) -> None:
    assert geometry.block_cells(geometry.size_blocks(text, size, scale)) == expected


def test_size_blocks_keeps_shared_edges_matching() -> None:
    cells = geometry.block_cells(geometry.size_blocks(_SKEWED, 0.1))
    assert cells[0][1] == cells[1][1]  # the shared edge 1-2 has one count in both blocks
    assert cells[0][2] == cells[1][2] == 10


def test_size_blocks_refuses_a_bad_size() -> None:
    with pytest.raises(PlanError):
        geometry.size_blocks(_GRADE, 0.0)


@pytest.mark.parametrize("dims, per_block, expected", [
    ([20, 20], True, [(20, 20, 1), (20, 20, 1)]),
    ([40, 10], False, [(20, 10, 1), (20, 10, 1)]),  # totals 20 x 10 across the two blocks
])
def test_cells_on_blocks(dims: list[int], per_block: bool, expected: list[tuple[int, int, int]]) -> None:
    new, _ = cells_on_blocks(_GRADE, dims, per_block)
    assert geometry.block_cells(new) == expected


def test_cells_per_block_needs_equal_blocks() -> None:
    with pytest.raises(PlanError, match="different cell counts"):
        cells_on_blocks(_CLIPPED, [20, 20], per_block=True)


@pytest.mark.parametrize("text, said, expected", [
    ("hotRoom, 0.25 m cells, 2000 iterations", "0.25 m", True),
    ("cubic 10 cm cells", "10 cm", True),
    ("a box 10 cm wide with 20 cells", "10 cm", False),
    ("a 2 m long channel", "2 m", False),
    ("10 cm cells across the gap", "10 cm", False),
])
def test_names_cell_size(text: str, said: str, expected: bool) -> None:
    q = StatedQuantity(text=said, quantity="length", value=0.1, unit="m", role="geometry")
    assert names_cell_size(text, q) is expected


@pytest.mark.parametrize("ddt, steady", [("steadyState", True), ("Euler", False), ("CrankNicolson 0.9", False)])
def test_steady_schemes(tmp_path: Path, ddt: str, steady: bool) -> None:
    (tmp_path / "system").mkdir()
    (tmp_path / "system/fvSchemes").write_text(f"ddtSchemes {{ default {ddt}; }}\n")
    assert steady_schemes(tmp_path) is steady


# a 2-D block whose first local axis runs along y (as the blocks of sloshingTank2D's m4 template)
_TURNED = """vertices ( (0 0 0) (0 2 0) (1 2 0) (1 0 0) (0 0 0.1) (0 2 0.1) (1 2 0.1) (1 0 0.1) );
blocks ( hex (0 1 2 3 4 5 6 7) (40 10 1) simpleGrading (1 1 1) );
boundary ( frontAndBack { type empty; faces ( (0 3 2 1) (4 5 6 7) ); } );
"""


def test_block_axes_follow_the_edges() -> None:
    assert geometry.block_axes(_TURNED) == [(1, 0, 2)]  # global x is local axis 1, y is local 0
    assert geometry.aligned_totals(_TURNED) == [10, 40, 1]


@pytest.mark.parametrize("factors, expected", [([1, 2.5, 1], (100, 10, 1)), ([2, 1, 1], (40, 20, 1))])
def test_scale_blocks_along(factors: list[float], expected: tuple[int, int, int]) -> None:
    assert geometry.block_cells(geometry.scale_blocks_along(_TURNED, factors)) == [expected]


@pytest.mark.parametrize("text, axis", [
    ("100 cells along the channel", "along"), ("80 cells in x", 0), ("30 cells across", 1),
    ("20 cells in the spanwise direction", 2), ("50 cells please", None),
])
def test_axis_named(text: str, axis: int | str | None) -> None:
    q = StatedQuantity(text=text.split(" cells")[0] + " cells", quantity="count", value=1.0, role="mesh_cells_axis")
    from tasks.plan.generic import axis_named

    assert axis_named(text, q) == axis


def test_cells_along_refuses_a_one_cell_block() -> None:
    from tasks.plan.generic import cells_along

    new, _ = cells_along(_GRADE, 40, 0)
    assert geometry.block_cells(new) == [(20, 10, 1), (20, 10, 1)]
    with pytest.raises(PlanError, match="one cell thick"):
        cells_along(_GRADE, 2, 0)


@pytest.mark.parametrize("text, factor", [
    ("coarsen the background mesh by 2", 0.5), ("refine the whole mesh by a factor of 2", 2.0),
])
def test_mesh_refinement_with_a_named_mesh(text: str, factor: float) -> None:
    got = mesh_refinement(text)
    assert got is not None and got[0] == factor


@pytest.mark.parametrize("solver, control, expected", [
    ("icoFoam", "deltaT 0.005;\nmaxCo 0.4;\n", 0.4),
    ("pisoFoam", "deltaT 0.005;\nmaxCo 0.25;\n", 0.25),
    ("pimpleFoam", "deltaT 0.005;\nmaxCo 0.4;\n", None),  # adjusts its own step: maxCo is its own business
    ("icoFoam", "deltaT 0.005;\n", None),
])
def test_stated_courant(solver: str, control: str, expected: float | None) -> None:
    from tasks.edit.timestep import stated_courant

    assert stated_courant(control, solver) == expected


def _fixed_step_case(root: Path, max_co: str) -> Path:
    (root / "system").mkdir(parents=True)
    (root / "0").mkdir()
    (root / "system/controlDict").write_text(f"application icoFoam;\ndeltaT 0.001;\nwriteControl timeStep;\n"
                                             f"writeInterval 100;\n{max_co}")
    (root / "system/fvSchemes").write_text("ddtSchemes { default Euler; }\n")
    (root / "system/blockMeshDict").write_text(
        "scale 1;\nvertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1) );\n"
        "blocks ( hex (0 1 2 3 4 5 6 7) (100 100 1) simpleGrading (1 1 1) );\n")
    (root / "0/U").write_text("internalField uniform (0 0 0);\nboundaryField { lid { type fixedValue; "
                              "value uniform (5 0 0); } }\n")
    return root


@pytest.mark.parametrize("max_co, fitted", [("", None), ("maxCo 0.25;\n", "0.0005")])
def test_fit_time_step_follows_a_stated_courant_limit(tmp_path: Path, max_co: str, fitted: str | None) -> None:
    """Co = 5 m/s x 1 ms / 1 cm = 0.5: within the default (1), above a stated 0.25."""
    from tasks.edit.timestep import fit_time_step
    from tasks.foam import dictionary as fd

    case = _fixed_step_case(tmp_path / "case", max_co)
    said = fit_time_step(case, "icoFoam")
    control = (case / "system/controlDict").read_text()
    assert (said is None) is (fitted is None)
    assert fd.get(control, ["deltaT"]) == (fitted or "0.001")
