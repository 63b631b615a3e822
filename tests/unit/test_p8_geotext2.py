"""Geometry text classes (session 8, geotext2): lengths along an axis, polygons as obstacles, everyday
round bodies with a size, grading words, arrows and sizes across, positions from the inlet, tapers by
half-angle and end height or by an x range, and an annulus in key: value lines."""

from __future__ import annotations

import math

import pytest

from tasks.geometry.text import parse_geometry
from tasks.geometry.text_mesh import grading_spans
from tasks.geometry.text_points import vertices


def _dims(text: str) -> dict:
    spec = parse_geometry(text)
    assert spec is not None, text
    return spec.model_dump(exclude_none=True)["dimensions"]


@pytest.mark.parametrize("text, length", [
    ("a 2D channel 5 cm high; the duct runs 0.6 m along x", 0.6),
    ("a plane channel 4 cm high that extends 3 m in the streamwise direction", 3.0),
    ("a 2 m pipe along the x axis, diameter 5 cm, axisymmetric", 2.0),
    ("2D channel\nHeight: 5 cm\nLength along x: 600 mm", 0.6),
    ("the channel spans 1.5 m in the direction of flow and is 20 cm high", 1.5),
    ("a pipe of 25 mm bore, 4 ft along the axial direction", 1.2192),
])
def test_length_along_the_flow(text: str, length: float) -> None:
    assert _dims(text)["length"] == pytest.approx(length)


@pytest.mark.parametrize("text", [
    "forward-facing step, channel 40 in x 4 in, 1 in step 10 in from the inlet",  # "in x" is a product, not "along x"
    "3D straight duct, square section 4 in x 4 in, 5 ft long along x",
])
def test_in_x_is_not_a_length_along_x(text: str) -> None:
    d = _dims(text)
    assert d.get("length", 1.524) < 2 and d.get("downstream_length", 0) < 2


@pytest.mark.parametrize("text, pipe_diameter", [
    ("a 2 m pipe along the x axis, diameter 5 cm", 0.05),
    ("a 5 cm pipe, 2 m long", 0.05),
    ("1-D shock tube, two hundred cells", None),  # "1-D" is not a 1 m tube
])
def test_pipe_size_before_its_noun(text: str, pipe_diameter: float | None) -> None:
    assert _dims(text).get("diameter") == (pytest.approx(pipe_diameter) if pipe_diameter else None)


@pytest.mark.parametrize("text, points", [
    ("vertices (300, 0), (400, 0), (350, 50) mm", [(0.3, 0), (0.4, 0), (0.35, 0.05)]),
    ("corners at (0.1, 0) m, (0.15, 0) m and (0.125, 0.04) m", [(0.1, 0), (0.15, 0), (0.125, 0.04)]),
    ("vertices x,y = (10 cm, 0), (15 cm, 0), (12.5 cm, 4 cm)", [(0.1, 0), (0.15, 0), (0.125, 0.04)]),
    ("vertices in mm: (0,0), (10,0), (0,10)", [(0, 0), (0.01, 0), (0, 0.01)]),
])
def test_vertices_in_their_units(text: str, points: list) -> None:
    got = vertices(text)
    assert got is not None and len(got) == len(points)
    for (x, y), (a, b) in zip(got, points):
        assert (x, y) == (pytest.approx(a), pytest.approx(b))


@pytest.mark.parametrize("text", [
    "a channel 0.5 m by 0.1 m containing a wedge-shaped body with corners at (0.1, 0.04), (0.15, 0.05), (0.1, 0.06)",
    "In our channel, half a metre long and 10 cm high, a wedge-shaped block sits on the floor with corners at "
    "(0.1, 0) m, (0.15, 0) m and (0.125, 0.04) m.",
    "A triangle with vertices x,y = (10 cm, 0), (15 cm, 0), (12.5 cm, 4 cm) on the floor of a 0.5 m by 0.1 m plane channel",
    "a polygonal insert in a duct 2 m x 0.5 m, corners (0.5,0), (0.7,0), (0.7,0.1), (0.5, 0.2)",
])
def test_polygon_in_a_channel_is_an_obstacle(text: str) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert spec.obstacles[0].kind == "polygon" and len(spec.obstacles[0].vertices or []) >= 3


def test_polygon_domain_stays_an_outline() -> None:
    spec = parse_geometry("a triangular domain with vertices (0,0), (1,0), (0,1)")
    assert spec is not None and spec.shape == "rectangle" and spec.outline


@pytest.mark.parametrize("text, diameter", [
    ("a 2 cm heated rod in a water channel 40 cm long and 10 cm high", 0.02),
    ("flow past a 5 mm wire in a channel 0.2 m by 0.05 m", 0.005),
    ("a pin of 3 mm diameter in a 2D channel 10 cm long, 3 cm high", 0.003),
    ("a wire 5 mm across in a channel 0.2 m long and 4 cm high", 0.005),
    ("Channel 400 mm x 100 mm holding a pin of 2 cm, 100 mm downstream of the inlet at mid-height", 0.02),
    ("a 25 mm steel dowel in a water channel 2 ft long and 6 in high", 0.025),
])
def test_everyday_round_body_with_a_size(text: str, diameter: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "cylinder_crossflow"
    assert spec.dimensions["diameter"] == pytest.approx(diameter)


@pytest.mark.parametrize("text, centres, diameter", [
    ("two 30 mm rods in tandem, 10 cm apart, on the centreline of a channel 1 m long and 0.3 m high, first rod 0.3 m from the inlet",
     [(0.3, 0.15), (0.4, 0.15)], 0.03),
    ("Tandem pair of 3 cm rods, spacing 0.1 m, channel 100 cm x 30 cm, first rod 300 mm after the inlet at mid-height",
     [(0.3, 0.15), (0.4, 0.15)], 0.03),
    ("three 5 mm pins side by side, 2 cm apart, 10 cm from the inlet of a channel 50 cm long and 10 cm high",
     [(0.1, 0.03), (0.1, 0.05), (0.1, 0.07)], 0.005),
])
def test_row_of_round_bodies(text: str, centres: list, diameter: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert [o.diameter for o in spec.obstacles] == [pytest.approx(diameter)] * len(centres)
    for o, (x, y) in zip(spec.obstacles, centres):
        assert o.center == (pytest.approx(x), pytest.approx(y))


@pytest.mark.parametrize("text, ratio", [
    ("a 2D channel 1 m long, 0.1 m high, 100 x 40 cells graded towards the walls with expansion ratio 10", 10),
    ("a channel 2 m by 0.2 m; cells clustered near the walls, ratio 5", 5),
    ("a plane channel 2 m long and 0.1 m high, wall-refined with a grading of 4 between centre and wall cells", 4),
    ("a duct 3 m long, 0.3 m high, with an expansion ratio of 8 towards the walls", 8),
])
def test_grading_words_set_wall_grading(text: str, ratio: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel"
    assert spec.mesh.wall_grading == ratio


@pytest.mark.parametrize("text", [
    "expansion ratio 2 over a 25.4 mm rearward-facing step",
    "a sudden expansion with expansion ratio 3",
])
def test_section_expansion_ratio_is_not_grading(text: str) -> None:
    assert grading_spans(text) == []


@pytest.mark.parametrize("text, shape, hin, hout", [
    ("the channel contracts 40 mm -> 100 mm at x = 0", "sudden_expansion", 0.04, 0.1),
    ("the channel contracts from 60 mm to 20 mm at x = 0, 0.2 m upstream and 0.4 m downstream", "sudden_contraction", 0.06, 0.02),
    ("a duct that narrows 4 in -> 1 in at x = 0; 10 in before and 30 in after", "sudden_contraction", 0.1016, 0.0254),
    ("a sudden contraction 60 mm -> 20 mm, 0.2 m upstream and 0.4 m downstream", "sudden_contraction", 0.06, 0.02),
    ("The channel height drops abruptly from sixty to twenty millimetres at x = 0; 20 cm before it and 40 cm after",
     "sudden_contraction", 0.06, 0.02),
    ("a slot that widens from 1 cm to 3 cm at the plane x = 0.1 m", "sudden_expansion", 0.01, 0.03),
])
def test_size_to_size_at_a_plane(text: str, shape: str, hin: float, hout: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape
    assert (spec.dimensions["inlet_height"], spec.dimensions["outlet_height"]) == (pytest.approx(hin), pytest.approx(hout))


@pytest.mark.parametrize("text, height", [
    ("a 2D channel 1.2 m long and 0.09 m across", 0.09),
    ("plane channel, 3 ft long, 4 in across", 0.1016),
])
def test_across_is_a_channel_height(text: str, height: float) -> None:
    assert _dims(text)["height"] == pytest.approx(height)


@pytest.mark.parametrize("text, up, down", [
    ("a forward-facing step 1 cm high in a channel 4 cm high and 0.5 m long; the step face is 200 mm from the inlet", 0.2, 0.3),
    ("forward-facing step: channel 30 cm long and 5 cm high, step height 1 cm, face 0.1 m from the inlet", 0.1, 0.2),
    ("backward facing step of height 2 cm, channel 1 m long total, the step is 200 mm after the inlet (x = 0), downstream height 6 cm",
     0.2, 0.8),
])
def test_step_position_from_the_inlet(text: str, up: float, down: float) -> None:
    d = _dims(text)
    assert (d["upstream_length"], d["downstream_length"]) == (pytest.approx(up), pytest.approx(down))


@pytest.mark.parametrize("text, hout, taper", [
    ("a 2D diffuser: inlet height 4 cm, diverges at 5 deg half-angle until the height is 8 cm", 0.08, 0.02 / math.tan(math.radians(5))),
    ("A two-dimensional diffuser whose walls open at a half-angle of five degrees, starting from a 40 mm high inlet and "
     "continuing until the passage is 80 mm high.", 0.08, 0.02 / math.tan(math.radians(5))),
    ("a nozzle with inlet 10 cm, converging at a 10 degree half angle until it is 4 cm high", 0.04, 0.03 / math.tan(math.radians(10))),
])
def test_taper_by_half_angle_and_end_height(text: str, hout: float, taper: float) -> None:
    d = _dims(text)
    assert (d["outlet_height"], d["taper_length"]) == (pytest.approx(hout), pytest.approx(taper))


@pytest.mark.parametrize("text, taper, origin_x, down", [
    ("a planar nozzle converging from 6 cm to 2 cm over x -0.1..0, then 0.2 m straight", 0.1, -0.3, 0.2),
    ("a diffuser widening from 2 cm to 5 cm over x = 0 to 0.3 m, with 0.1 m of straight duct before it", 0.3, -0.1, None),
])
def test_taper_from_its_x_range(text: str, taper: float, origin_x: float, down: float | None) -> None:
    spec = parse_geometry(text)
    assert spec is not None
    assert spec.dimensions["taper_length"] == pytest.approx(taper)
    assert spec.origin[0] == pytest.approx(origin_x)
    if down is not None:
        assert spec.dimensions["downstream_length"] == pytest.approx(down)


@pytest.mark.parametrize("text", [
    "Geometry: annulus\ninner radius: 1 cm\nouter radius: 3 cm\nrotation: inner wall 10 rad/s",
    "annular gap\n- outer radius: 30 mm\n- inner radius: 10 mm\n- rotation: 100 rpm",
    "Taylor-Couette cell; inner radius: 0.01 m; outer radius: 0.03 m; rotation: inner cylinder at 95.5 rpm",
])
def test_annulus_in_key_value_lines(text: str) -> None:
    d = _dims(text)
    assert (d["inner_radius"], d["outer_radius"]) == (pytest.approx(0.01), pytest.approx(0.03))


@pytest.mark.parametrize("text, plain", [
    ("two thirty-millimetre cylinders", "two 30 millimetre cylinders"),
    ("three five-centimetre rods", "three 5 centimetre rods"),
    ("thirty two mm", "32 mm"),
    ("one hundred and twenty mm", "120 mm"),
    ("one thousand two hundred mm", "1200 mm"),
])
def test_a_count_before_a_spelled_size_stays_a_count(text: str, plain: str) -> None:
    from tasks.geometry.text_words import plain_lengths
    assert plain_lengths(text) == plain
