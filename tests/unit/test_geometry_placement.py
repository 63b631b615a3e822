"""Stated dimensions, positions, cell sizes and counts are built as described (issue 9, class A/B)."""

import pytest

from tasks.geometry.placement import axis_ranges, place
from tasks.geometry.structured import build_structured
from tasks.geometry.text import cell_counts, cell_size, parse_geometry


@pytest.mark.parametrize("text, axis, want", [
    ("domain x 0..1, y 0..0.1 m", "x", [(0, 1)]),
    ("from x = -0.2 m to x = 0", "x", [(-0.2, 0)]),
    ("a duct (y from -0.01 to y = 0.01 m) then (y from -0.03 to 0.03 m)", "y", [(-0.01, 0.01), (-0.03, 0.03)]),
    ("inlet at y +-0.025", "y", [(-0.025, 0.025)]),
    ("a 1 m x 0.1 m box", "x", []),
])
def test_axis_ranges(text, axis, want):
    got = axis_ranges(text, axis)
    assert len(got) == len(want) and all(g == pytest.approx(w) for g, w in zip(got, want))


@pytest.mark.parametrize("text, want", [
    ("fifty by ten by ten cells", [50, 10, 10]),
    ("one hundred and twenty around and twenty cells across the gap", [120, 20]),
    ("80 cells along the pipe and 16 across the radius", [80, 16]),
    ("16 radial x 96 circumferential cells", [96, 16]),
    ("ten cells across and thirty cells in the vertical direction", [10, 30]),
    ("40 cells along the duct and 8 by 8 over the cross-section", [40, 8, 8]),
])
def test_cell_counts(text, want):
    assert cell_counts(text) == want


@pytest.mark.parametrize("text, want", [
    ("uniform 4 mm cells", 0.004), ("cells of roughly 2 cm", 0.02), ("square cells of 0.02 m", 0.02),
    ("mesh size = 3 mm", 0.003), ("~0.05 m cells", 0.05),
])
def test_cell_size(text, want):
    assert cell_size(text) == pytest.approx(want)


def _bounds(spec):
    pts = build_structured(spec).model.vertices
    return (min(p[0] for p in pts), max(p[0] for p in pts), min(p[1] for p in pts), max(p[1] for p in pts))


@pytest.mark.parametrize("text, bounds", [
    ("forward facing step: channel x 0..2, y 0..0.2 m; step 0.05 m high from x = 0.5 to the outlet", (0, 2, 0, 0.2)),
    ("forward-facing step 20 mm high in a channel 50 mm high and 800 mm long from the origin, the step face "
     "200 mm downstream of the inlet", (0, 0.8, 0, 0.05)),
    ("backward-facing step: inlet channel x -0.1..0, y 0.02..0.04; step at x = 0 down to y = 0; outlet at x = 0.6",
     (-0.1, 0.6, 0, 0.04)),
    ("sudden contraction: wide part x 0..0.2, y 0..0.06; narrow part x 0.2..0.5, y 0.02..0.04", (0, 0.5, 0, 0.06)),
    ("sudden expansion, expansion ratio 2: a 1 cm high, 5 cm long inlet channel centred on y = 0 ends at x = 0 and "
     "opens into a 2 cm high channel 20 cm long", (-0.05, 0.2, -0.01, 0.01)),
    ("planar diffuser: inlet duct x -0.2..0 at y +-0.02; walls diverge to y +-0.04 at x = 0.4; outlet duct to x = 0.9",
     (-0.2, 0.9, -0.04, 0.04)),
    ("lid-driven cavity 0.2 m wide x 0.1 m deep, 40x20 cells", (0, 0.2, 0, 0.1)),
])
def test_stated_dimensions_and_positions_are_built(text, bounds):
    assert _bounds(parse_geometry(text)) == pytest.approx(bounds, abs=1e-9)


def test_place_leaves_unplaced_shapes_alone():
    dims = {}
    assert place("pipe", "a pipe", dims) == (0.0, 0.0) and dims == {}


def test_annulus_from_radii_and_obstacle_by_distance():
    ring = parse_geometry("Circular Couette flow between radii of 2 cm and 4 cm, 2D")
    assert ring.shape == "annulus" and (ring.dims.inner_radius, ring.dims.outer_radius) == pytest.approx((0.02, 0.04))
    block = parse_geometry("channel 300 cm by 60 cm from the origin; a 20 cm block side, block centred 80 cm "
                           "downstream of the inlet at mid-height; 2 cm cells")
    assert block.shape == "channel_with_obstacles"
    assert block.obstacles[0].center == pytest.approx((0.8, 0.3)) and block.obstacles[0].width == pytest.approx(0.2)
    assert (block.dims.length, block.dims.height) == pytest.approx((3.0, 0.6))


def test_three_counts_make_a_3d_duct():
    spec = parse_geometry("square duct 50 mm x 50 mm, 0.5 m long along x; 40 by 8 by 8 cells")
    assert spec.two_d is False and spec.mesh.cells == [40, 8, 8]


@pytest.mark.parametrize("text, length", [
    ("forward facing step 0.02 m high, channel x 0..1, y 0..0.08 m, Re 400 on the channel height", 0.08),
    ("sudden contraction: wide part x 0..0.2, y 0..0.06; narrow part x 0.2..0.5, y 0.02..0.04; Reynolds number "
     "100 based on the upstream height", 0.06),
    ("lid-driven cavity 0.2 m wide x 0.1 m deep, Re = 300 on the width", 0.2),
])
def test_reynolds_length_names_the_dimension(text, length):
    from tasks.edit.parametric import reynolds_length

    assert reynolds_length(text, parse_geometry(text), 1.0)[0] == pytest.approx(length)
