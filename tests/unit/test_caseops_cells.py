"""The Courant number of a graded blockMesh mesh is set by its smallest cells (caseops_cells):
geometric gradings, multi-section gradings, edgeGrading, $macros; and the checker's estimate and
the steady -> transient time step follow them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.caseops_cells import (
    Section,
    block_edges,
    courant_scale,
    edge_gradings,
    field_velocities,
    geometric_smallest,
    section_counts,
    smallest_cell,
)
from tasks.edit.checks import courant_estimate
from tasks.foam import dictionary as fd
from tasks.foam.files import decompress_tree

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


@pytest.mark.parametrize("length, n, ratio, smallest", [
    (1.0, 10, 1.0, 0.1),  # uniform
    (1.0, 1, 5.0, 1.0),  # one cell: the edge
    (3.0, 2, 2.0, 1.0),  # 1 + 2
    (3.0, 2, 0.5, 1.0),  # 2 + 1: the smaller at the end
    (7.0, 3, 4.0, 1.0),  # 1 + 2 + 4
    (15.0, 4, 1 / 8, 1.0),  # 8 + 4 + 2 + 1
])
def test_geometric_progression_smallest_cell(length, n, ratio, smallest) -> None:
    assert geometric_smallest(length, n, ratio) == pytest.approx(smallest)


@pytest.mark.parametrize("length, n, ratio", [(0.0, 4, 1.0), (1.0, 0, 1.0), (1.0, 4, 0.0), (1.0, 4, -2.0)])
def test_geometric_progression_refuses_what_blockmesh_would(length, n, ratio) -> None:
    with pytest.raises(ValueError):
        geometric_smallest(length, n, ratio)


def test_sections_share_the_cells_and_the_length() -> None:
    # pitzDaily's posY: 1/5 of the length in 4/11 of the cells graded 2, ... (fractions normalised)
    grading = (Section(1, 4, 2), Section(2, 3, 4), Section(2, 4, 0.25))
    assert section_counts(30, grading) == [11, 8, 11]
    want = min(geometric_smallest(25.4e-3 / 5, 11, 2.0), geometric_smallest(2 * 25.4e-3 / 5, 8, 4.0),
               geometric_smallest(2 * 25.4e-3 / 5, 11, 0.25))
    assert smallest_cell(25.4e-3, 30, grading) == pytest.approx(want)
    assert section_counts(3, (Section(1, 1, 1),) * 5) == [1, 1, 1, 1, 1]  # never a section without a cell
    assert smallest_cell(1.0, 10, (Section(1, 1, 1),)) == pytest.approx(0.1)


@pytest.mark.parametrize("kind, spec, edge0, edge4", [
    (None, None, 1.0, 1.0),
    ("simpleGrading", "(2 0.5 1)", 2.0, 0.5),
    ("edgeGrading", "(4 4 4 4 0.1 1 1 0.1 1 1 1 1)", 4.0, 0.1),
    ("simpleGrading", "(((0.5 0.5 3) (0.5 0.5 0.33)) 1 1)", 3.0, 1.0),
])
def test_edge_gradings_of_every_grading_form(kind, spec, edge0, edge4) -> None:
    gradings = edge_gradings(kind, spec)
    assert gradings is not None and len(gradings) == 12
    assert gradings[0][0].ratio == pytest.approx(edge0)
    assert gradings[4][0].ratio == pytest.approx(edge4)


@pytest.mark.parametrize("spec", ["(1 2)", "(a b c)", "((1 2) 1 1)", "(1 1 1 1 1)"])
def test_unreadable_gradings_are_none(spec) -> None:
    assert edge_gradings("simpleGrading", spec) is None


_BOX = """convertToMeters {scale};
{macros}
vertices ( (0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 0.1) (1 0 0.1) (1 1 0.1) (0 1 0.1) );
blocks ( hex (0 1 2 3 4 5 6 7) ({nx} {ny} 1) {grading} );
"""


def _box(nx: int = 10, ny: int = 10, grading: str = "simpleGrading (1 1 1)", scale: float = 1.0,
         macros: str = "") -> str:
    return _BOX.format(nx=nx, ny=ny, grading=grading, scale=scale, macros=macros)


@pytest.mark.parametrize("text, velocity, length", [
    (_box(), "(1 0 0)", 0.1),
    (_box(grading=""), "(1 0 0)", 0.1),  # no grading keyword: uniform
    (_box(scale=0.001), "(1 0 0)", 1e-4),  # convertToMeters
    # graded across y only: a flow along x does not cross the thin cells
    (_box(grading="simpleGrading (1 10 1)"), "(1 0 0)", 0.1),
    # ... a flow along y does
    (_box(grading="simpleGrading (1 10 1)"), "(0 2 0)", geometric_smallest(1.0, 10, 10.0)),
    # a $macro grading, multi-section
    (_box(grading="simpleGrading ($g 1 1)", macros="g ((0.5 0.5 4) (0.5 0.5 0.25));"), "(1 0 0)",
     geometric_smallest(0.5, 5, 4.0)),
])
def test_courant_length_follows_the_graded_cells_the_flow_crosses(text, velocity, length) -> None:
    scale = courant_scale(text, f"internalField uniform (0 0 0);\nboundaryField {{ in {{ type fixedValue; value uniform {velocity}; }} }}\n")
    assert scale is not None
    assert scale.length == pytest.approx(length, rel=1e-6)


@pytest.mark.parametrize("text", [
    _box(grading="simpleGrading ($missing 1 1)"),  # a macro the dictionary lacks
    _box().replace("(10 10 1)", "($nx 10 1)"),  # counts not plain numbers
    _box().replace("(1 1 0.1)", "(#calc \"1\" 1 0.1)"),  # vertices not plain numbers
])
def test_a_mesh_that_cannot_be_read_is_not_estimated(text) -> None:
    assert block_edges(text) is None


def test_velocities_of_a_u_file_with_their_directions() -> None:
    text = "internalField uniform (0 0 0);\n// uniform (99 0 0)\ninlet { value uniform (0 -5 0); }\nsine { amplitude 2; }"
    vectors, speeds = field_velocities(text)
    assert vectors == [(0.0, 0.0, 0.0), (0.0, -5.0, 0.0)]
    assert speeds == [2.0]


pitz = pytest.mark.skipif(not (TUTORIALS / "incompressible/simpleFoam/pitzDaily").is_dir(),
                          reason="openfoam-examples not installed")


def _tutorial(rel: str, tmp_path: Path) -> Path:
    case = tmp_path / Path(rel).name
    shutil.copytree(TUTORIALS / rel, case)
    decompress_tree(case)
    return case


@pitz
@pytest.mark.parametrize("rel, uniform_cell", [
    ("incompressible/simpleFoam/pitzDaily", 310.6e-3 / 223),  # macros + edgeGrading + multi-section
    ("incompressible/simpleFoam/backwardFacingStep2D", None),  # gradings up to 250 through macros
    ("incompressible/icoFoam/cavity/cavityGrade", 0.005),
])
def test_tutorial_graded_meshes_are_read_to_a_smaller_cell_than_the_mean(rel, uniform_cell, tmp_path) -> None:
    case = _tutorial(rel, tmp_path)
    edges = block_edges((case / "system/blockMeshDict").read_text())
    assert edges is not None
    smallest = min(e.smallest for block in edges for direction in block for e in direction)
    if uniform_cell is not None:
        assert smallest < 0.75 * uniform_cell


@pitz
@pytest.mark.parametrize("rel, solver, dt, speed, co", [
    # pisoFoam on pitzDaily at 1e-5 s: the step turns the flow, which crosses the 0.169 mm wall cells
    # at about 10 m/s (the solver measured Courant 0.74-0.93 in its first steps; 0.19 was the
    # streamwise-only estimate)
    ("incompressible/simpleFoam/pitzDaily", "pisoFoam", 1e-5, 10.0, 0.593),
    ("incompressible/simpleFoam/pitzDaily", "pisoFoam", 1e-4, 10.0, 5.93),
    # backwardFacingStep2D at 1e-5 s: 44.2 m/s across 8.8 um cells (pimpleFoam measured 31 after one step)
    ("incompressible/simpleFoam/backwardFacingStep2D", "pisoFoam", 1e-5, 44.2, 50.05),
    ("incompressible/icoFoam/cavity/cavityGrade", "icoFoam", 0.0025, 1.0, 0.725),
    ("incompressible/icoFoam/cavity/cavity", "icoFoam", 0.005, 1.0, 1.0),
])
def test_checker_estimate_uses_the_smallest_graded_cell(rel, solver, dt, speed, co, tmp_path) -> None:
    case = _tutorial(rel, tmp_path)
    control = case / "system/controlDict"
    control.write_text(fd.set_entry(control.read_text(), ["deltaT"], f"{dt:g}"))
    estimate = courant_estimate(case, solver)
    assert estimate is not None
    assert estimate[0] == pytest.approx(co, rel=0.01)
    assert estimate[2] == pytest.approx(speed)


@pitz
def test_a_restore0dir_case_is_estimated_from_its_pristine_fields(tmp_path) -> None:
    case = _tutorial("incompressible/icoFoam/cavity/cavity", tmp_path)
    shutil.move(case / "0", case / "0.orig")
    assert courant_estimate(case, "icoFoam") is not None
