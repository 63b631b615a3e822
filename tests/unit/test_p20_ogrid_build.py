"""The O-grid about a cylinder in a round far field (tasks/geometry/shape_ogrid.py): four quarter-turn blocks
whose counts around add up to the stated count (split unevenly when it must be), the stated radial count on every
block, the radial grading that gives the stated first cell or growth ratio, patches cylinder / inlet (upstream half)
/ outlet (downstream half) / frontAndBack (2D) or front and back (3D symmetry planes); meshed natively with checkMesh
OK for 2D laminar, 2D graded (RAS) and 3D requests."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from tasks.edit.caseops_cells import geometric_smallest
from tasks.geometry.build import build_mesh, geometry_record
from tasks.geometry.shape_ogrid import build_ogrid, growth_for, per_block
from tasks.geometry.text import parse_geometry
from tests.unit.native_foam import run_foam

needs_foam = pytest.mark.skipif(shutil.which("blockMesh") is None, reason="OpenFOAM not on PATH")

LAMINAR = "2D laminar flow past a cylinder D 0.1 m at Re 40, O-grid, far field radius 20 D, 160 cells around and 60 radial"
RAS = ("simpleFoam k-omega SST, cylinder diameter 50 mm, circular far field of radius 1 m, 160 x 60 (circumferential "
       "x radial), first cell 0.05 mm")
SPAN = ("3D pimpleFoam, cylinder D 1 cm, span 4 cm, far field a circle of radius 20 cm, 64 cells around, 30 radially "
        "and 8 along the span")
ODD = "cylinder 1 in diameter, O-grid, far-field diameter 40 in, 130 around, 50 radial, growth ratio 1.08 per cell"


@pytest.mark.parametrize("text,around,radial,span_cells", [
    (LAMINAR, 160, 60, 1), (RAS, 160, 60, 1), (SPAN, 64, 30, 8), (ODD, 130, 50, 1),
])
def test_the_blocks_hold_the_stated_counts(text, around, radial, span_cells):
    st = build_ogrid(parse_geometry(text))
    blocks = st.model.blocks
    assert len(blocks) == 4
    assert sum(b["cells"][1] for b in blocks) == around
    assert {b["cells"][0] for b in blocks} == {radial}
    assert {b["cells"][2] for b in blocks} == {span_cells}
    assert st.model.n_cells == around * radial * span_cells


def test_the_first_cell_is_the_one_asked_for():
    spec = parse_geometry(RAS)
    st = build_ogrid(spec)
    total = st.model.blocks[0]["grading"][0]
    gap = spec.dims.far_field_radius - spec.dims.diameter / 2
    assert geometric_smallest(gap, 60, total) == pytest.approx(5e-5, rel=1e-6)  # as the mesh editor reads it


def test_a_growth_ratio_grades_the_radial_cells():
    st = build_ogrid(parse_geometry(ODD))
    assert st.model.blocks[0]["grading"][0] == pytest.approx(1.08 ** 49)
    assert any("130 cells around the cylinder as requested, 32 + 33 + 33 + 32" in n for n in st.assumptions)


@pytest.mark.parametrize("n,split", [(160, [40, 40, 40, 40]), (130, [32, 33, 33, 32]), (161, [40, 41, 40, 40]),
                                     (163, [41, 41, 41, 40])])
def test_counts_around_split_over_the_blocks(n, split):
    assert per_block(n) == split and sum(split) == n


@pytest.mark.parametrize("first,gap,n", [(1e-4, 2.0, 60), (0.01, 1.0, 50), (0.05, 1.0, 20)])
def test_growth_for_fills_the_gap(first, gap, n):
    g = growth_for(first, gap, n)
    filled = first * n if abs(g - 1) < 1e-12 else first * (g ** n - 1) / (g - 1)
    assert filled == pytest.approx(gap, rel=1e-9)


def test_the_far_field_halves_are_inlet_and_outlet():
    st = build_ogrid(parse_geometry(LAMINAR))
    model = st.model
    for name, sign in (("inlet", -1), ("outlet", 1)):
        xs = [model.vertices[v][0] for face in model.patches[name] for v in face]
        assert all(sign * x >= -1e-9 for x in xs)
        assert max(math.hypot(*model.vertices[v][:2]) for face in model.patches[name] for v in face) == \
            pytest.approx(2.0)
    assert model.patch_types == {"inlet": "patch", "outlet": "patch", "cylinder": "wall", "frontAndBack": "empty"}
    assert st.roles["cylinder"] == "body" and st.roles["inlet"] == "inlet" and st.roles["outlet"] == "outlet"


def test_the_radius_defaults_to_twenty_diameters():
    spec = parse_geometry("flow around a 2 cm cylinder on an O-grid, 96 cells around and 40 radial")
    st = build_ogrid(spec)
    rs = [math.hypot(x, y) for x, y, _ in st.model.vertices]
    assert max(rs) == pytest.approx(0.4)
    assert any("radius not given: 20 D" in n for n in st.assumptions)


def test_the_record_holds_the_far_field_not_channel_gaps(tmp_path: Path):
    spec = parse_geometry(LAMINAR)
    build = build_mesh(spec, tmp_path)
    record = geometry_record(spec, build)
    assert record["dimensions"]["far_field_radius"] == pytest.approx(2.0)
    assert "distances" not in record
    assert record["bounds"]["x"] == pytest.approx([-2.0, 2.0])


@needs_foam
@pytest.mark.parametrize("text,patches", [
    (LAMINAR, {"inlet", "outlet", "cylinder", "frontAndBack"}),
    (RAS, {"inlet", "outlet", "cylinder", "frontAndBack"}),
    (SPAN, {"inlet", "outlet", "cylinder", "front", "back"}),
    (ODD, {"inlet", "outlet", "cylinder", "frontAndBack"}),
])
def test_the_o_grid_meshes(tmp_path: Path, text, patches):
    spec = parse_geometry(text)
    build = build_mesh(spec, tmp_path)
    assert build.generator == "blockMesh" and {p.name for p in build.patches} == patches
    assert build.two_d is (patches != {"inlet", "outlet", "cylinder", "front", "back"})
    run_foam(tmp_path, "blockMesh")
    assert "Mesh OK." in run_foam(tmp_path, "checkMesh")


@pytest.mark.parametrize("text,radial,total", [
    ("cylinder D 0.1 m, O-grid, far field radius 2 m, 160 cells around and 60 radial, graded toward the wall with "
     "expansion ratio 40", 60, 40.0),
    ("cylinder D 0.1 m, O-grid, far field radius 2 m, 160 cells around, graded toward the wall, expansion ratio 40",
     None, 40.0),
])
def test_a_total_ratio_grades_the_radial_cells(text, radial, total):
    st = build_ogrid(parse_geometry(text))
    block = st.model.blocks[0]
    assert block["grading"][0] == pytest.approx(total)
    assert radial is None or block["cells"][0] == radial
