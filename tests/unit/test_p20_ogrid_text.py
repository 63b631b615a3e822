"""A cylinder in a free stream with a round far field (an O-domain) is read, not refused: the far field's radius
(in diameters, metres, inches, or as a diameter), the counts around, radial and along the span (by their direction
words or by labels "160 x 60 (circumferential x radial)"), the first cell at the wall, a growth ratio and the span.
A square, an ellipse or several bodies in a round far field are still refused with the reason. Probes: four
configurations of my own, three phrasings each (terse, verbose student, other units / word order)."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_ogrid import far_field_radius, first_cell, growth_ratio, o_domain, span_length
from tasks.geometry.text_round_cells import annulus_cells

# (request, diameter, far field radius (None: not given), [around, radial(, span)], first cell, growth, span, 2D)
CASES = [
    # 2D laminar: D 0.1 m, R 2 m, 160 x 60
    ("2D cylinder D=0.1 m, O-grid, far field R = 20D, 160 cells around, 60 radial, Re 40",
     0.1, 2.0, [160, 60], None, None, None, True),
    ("Hi, for my CFD class I need to simulate the laminar flow past a circular cylinder of diameter 0.1 m at a "
     "Reynolds number of 40. I would like to use an O-grid where the outer boundary is a circle of radius 2 m, with "
     "160 cells around the cylinder and 60 cells in the radial direction.",
     0.1, 2.0, [160, 60], None, None, None, True),
    ("Mesh: 60 radial cells and 160 circumferential cells; circular far field of radius 200 cm about a cylinder of "
     "100 mm diameter; 2D laminar, Re = 40.", 0.1, 2.0, [160, 60], None, None, None, True),
    # 2D RAS graded from a first cell: D 50 mm, R 20 D = 1 m, 160 x 60, first cell 0.05 mm
    ("k-omega SST simpleFoam, cylinder D 50 mm, U 10 m/s, circular far field radius 20 D, 160 x 60 "
     "(circumferential x radial), first cell 0.05 mm", 0.05, 1.0, [160, 60], 5e-5, None, None, True),
    ("I am a student trying to run a steady RANS simulation with the k-omega SST model of air flowing at 10 m/s "
     "over a cylinder with a diameter of 50 millimetres. The computational domain should be circular, with its outer "
     "boundary 20 diameters away from the cylinder. Please use 160 cells around the cylinder and 60 cells radially, "
     "with the first cell at the wall 0.05 mm thick.", 0.05, 1.0, [160, 60], 5e-5, None, None, True),
    ("simpleFoam kOmegaSST, air 10 m/s; O-mesh 60 radial by 160 circumferential cells around a 5 cm cylinder, "
     "far field at 1 m radius, first-layer height 5e-5 m", 0.05, 1.0, [160, 60], 5e-5, None, None, True),
    # 3D span: D 1 cm, R 0.2 m, span 4 cm, 64 x 30 x 8
    ("3D cylinder D 0.01 m, span 0.04 m, round far field radius 0.2 m, 64 cells around, 30 radial, 8 along the "
     "span, pimpleFoam", 0.01, 0.2, [64, 30, 8], None, None, 0.04, False),
    ("Could you set up a three-dimensional pimpleFoam simulation of flow past a cylinder with diameter 1 cm? The "
     "cylinder should span 4 cm in z, and the far field should be a circle of radius 20 cm. For the mesh please use "
     "64 cells around the circumference, 30 cells in the radial direction and 8 cells along the span.",
     0.01, 0.2, [64, 30, 8], None, None, 0.04, False),
    ("O-grid, 3D: 64 circumferential x 30 radial x 8 spanwise cells, far-field radius 200 mm, cylinder D = 10 mm, "
     "spanwise length 40 mm", 0.01, 0.2, [64, 30, 8], None, None, 0.04, False),
    # inches, the far field given as a diameter, a count that does not split over four blocks, a growth ratio
    ("cylinder 1 in diameter, O-grid, far-field diameter 40 in, 130 around, 50 radial, growth ratio 1.08 per cell",
     0.0254, 0.508, [130, 50], None, 1.08, None, True),
    ("My cylinder is one inch in diameter and I would like an O-type mesh whose far-field diameter is 40 inches; 130 cells "
     "around the rod and 50 in the radial direction, with a cell-to-cell growth ratio of 1.08.",
     0.0254, 0.508, [130, 50], None, 1.08, None, True),
    ("130 x 50 cells (theta x r), stretching ratio 1.08 per cell from the wall, a 25.4 mm cylinder, circular outer "
     "boundary of radius 508 mm", 0.0254, 0.508, [130, 50], None, 1.08, None, True),
    # no radius given: 20 D by default (left to the builder)
    ("flow around a 2 cm cylinder on an O-grid, 96 cells around and 40 radial", 0.02, None, [96, 40], None, None,
     None, True),
]


@pytest.mark.parametrize("text,dia,radius,cells,first,growth,span,two_d", CASES)
def test_an_o_domain_about_a_cylinder_is_read(text, dia, radius, cells, first, growth, span, two_d):
    spec = parse_geometry(text)
    d = spec.dims
    assert spec.shape == "cylinder_crossflow" and d.domain == "O"
    assert d.diameter == pytest.approx(dia)
    assert d.far_field_radius == (pytest.approx(radius) if radius else None)
    assert spec.mesh.cells == cells
    assert d.first_cell == (pytest.approx(first) if first else None)
    if growth:  # read here, or as the mesh's grading ratio ("stretching ratio 1.08 from the wall"): cell to cell
        assert (d.growth_ratio or spec.mesh.wall_grading) == pytest.approx(growth)
    else:
        assert d.growth_ratio is None
    assert d.span_length == (pytest.approx(span) if span else None)
    assert spec.two_d is two_d
    assert (d.center_x, d.center_y) == (0.0, 0.0)


@pytest.mark.parametrize("text", [
    "a square cylinder of side 2 cm in a circular far field of radius 0.5 m",
    "an elliptical cylinder, semi-axes 2 cm and 1 cm, in a free stream with a circular outer boundary of radius 1 m",
    "two cylinders of 1 cm diameter in tandem, 5 cm apart, O-grid far field of radius 0.5 m",
])
def test_bodies_the_o_grid_cannot_build_are_refused(text):
    with pytest.raises(RequestError, match="one circular cylinder only"):
        parse_geometry(text)


@pytest.mark.parametrize("text", [
    "cylinder D = 1 cm in a free stream, 10 D upstream, 20 D downstream, 10 D to each side",
    "flow past a cylinder of diameter 0.02 m in a channel 0.5 m long and 0.1 m high",
])
def test_a_rectangular_free_stream_is_unchanged(text):
    spec = parse_geometry(text)
    assert spec.shape == "cylinder_crossflow" and spec.dims.domain == "rect"


def test_a_3d_cylinder_in_a_rectangle_is_still_refused():
    with pytest.raises(RequestError, match="2D only"):
        parse_geometry("3D flow past a cylinder D 1 cm in a channel 0.5 m long and 0.1 m high, span 4 cm")


@pytest.mark.parametrize("text,radius", [
    ("far field of radius 20 D", 2.0), ("O-type grid out to 40 diameters", 4.0), ("far-field diameter 2 m", 1.0),
    ("the outer boundary is a circle of radius 150 cm", 1.5), ("O-grid around a 1 inch rod", None),
    ("O-grid with 160 cells around", None), ("far field at r = 30D", 3.0),
])
def test_far_field_radius(text, radius):
    assert far_field_radius(text, 0.1) == (pytest.approx(radius) if radius else None)


@pytest.mark.parametrize("text,value", [
    ("first cell 0.1 mm", 1e-4), ("first-layer height of 2e-5 m", 2e-5), ("wall cell size 0.001 D", 1e-4),
    ("first cell at the wall 0.05 mm thick", 5e-5),
])
def test_first_cell(text, value):
    assert first_cell(text, 0.1) == pytest.approx(value)


@pytest.mark.parametrize("text,value", [
    ("growth rate 1.05 per cell", 1.05), ("cell-to-cell ratio 1.1", 1.1), ("expansion ratio 10", None),
    ("stretching ratio 1.2 from the wall", 1.2),
])
def test_growth_ratio(text, value):
    assert growth_ratio(text) == value


@pytest.mark.parametrize("text,value", [("span 4 D", 0.4), ("spanwise length 0.3 m", 0.3), ("0.2 m deep", 0.2)])
def test_span_length(text, value):
    assert span_length(text, 0.1) == pytest.approx(value)


@pytest.mark.parametrize("text,counts", [
    ("160 x 60 (circumferential x radial)", [160, 60]),
    ("a grid of 60 x 160 (radial x theta) cells", [160, 60]),
    ("96 x 48 x 20 cells (around, radial, spanwise)", [96, 48, 20]),
    ("40 by 200 cells (r by θ)", [200, 40]),
    ("160 x 60 (length x height)", None),
])
def test_counts_labelled_after_them(text, counts):
    assert annulus_cells(text) == counts


@pytest.mark.parametrize("text,asks", [
    ("O-grid", True), ("circular far field", True), ("the domain should be circular", True),
    ("far field 20 D away in a rectangle", False), ("3D pipe, square core", False),
])
def test_o_domain_words(text, asks):
    assert bool(o_domain(text)) is asks


@pytest.mark.parametrize("text,counts", [
    ("O-type grid with 160 cells around the cylinder and 60 cells from the wall out to the far field", [160, 60]),
    ("O-grid: 128 around, 40 wall-normal", [128, 40]),
    ("96 cells around and 30 between the cylinder and the far field", [96, 30]),
])
def test_radial_counts_named_by_the_o_grid_words(text, counts):
    assert annulus_cells(text) == counts


@pytest.mark.parametrize("text,radius", [  # refused until session 20: now built as an O-grid
    ("2D cylinder in a free stream, D 0.1 m at the origin, circular far field of radius 2 m", 2.0),
    ("Cylinder of diameter 5 cm in a uniform stream; the outer boundary is a circle of radius 1 m", 1.0),
    ("flow past a 2 cm cylinder in an unbounded stream on an O-type grid out to 40 diameters", 0.8),
])
def test_round_far_fields_once_refused_are_built(text, radius):
    spec = parse_geometry(text)
    assert spec.dims.domain == "O" and spec.dims.far_field_radius == pytest.approx(radius)


@pytest.mark.parametrize("text", [
    "cylinder D 0.1 m in a channel 2.2 m long and 0.41 m high, with an O-grid around the cylinder",
    "flow past a 1 cm cylinder between side walls 10 cm apart, O-mesh near the body",
])
def test_an_o_grid_about_a_body_in_a_channel_keeps_the_channel(text):
    spec = parse_geometry(text)
    assert spec.shape == "cylinder_crossflow" and spec.dims.domain == "rect"


@pytest.mark.parametrize("text,cells,dia", [
    ("cylinder D 0.1 m, O-grid, far field radius 2 m, 160 cells around, graded toward the wall", [160], 0.1),
    ("3D laminar pimpleFoam, cylinder 2 cm, O-grid out to 30 D, span 3 D, 48 circumferential cells", [48], 0.02),
])
def test_a_count_around_alone_is_kept(text, cells, dia):
    spec = parse_geometry(text)
    assert spec.mesh.cells == cells and spec.dims.diameter == pytest.approx(dia)
