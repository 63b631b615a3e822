"""Bodies in a designer's words: a block standing on a plate, placed by a face; a rod across the duct; OD/ID sizes."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry


@pytest.mark.parametrize("text, centre, size", [
    ("Flat plate with a 20 mm square block on it, front face of the block 100 mm from the inlet; air space above the"
     " plate 500 x 100 mm, origin lower-left; icoFoam", (0.11, 0.01), (0.02, 0.02)),
    ("2D channel 1 m x 0.2 m from the origin; a 40 mm square block on the floor, upstream face at x = 300 mm; icoFoam",
     (0.32, 0.02), (0.04, 0.04)),
    ("2D channel 1 m x 0.2 m from the origin; a 40 x 20 mm rib sitting on the floor, its rear face at x = 0.5 m; icoFoam",
     (0.48, 0.01), (0.04, 0.02)),
    ("duct 3 ft x 6 in (origin lower-left), a 1 in square bar standing on the bottom wall with its leading face 10 in from"
     " the inlet, simpleFoam", (0.2667, 0.0127), (0.0254, 0.0254)),
])
def test_block_on_a_wall_placed_by_a_face(text: str, centre: tuple[float, float], size: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    (ob,) = spec.obstacles
    assert ob.center == pytest.approx(centre)
    assert (ob.width, ob.height or ob.width) == pytest.approx(size)


@pytest.mark.parametrize("text, diameter, centre", [
    ("a rod across the duct, Ø10 mm, 80 mm downstream of the inlet at mid-height; duct 400 x 50 mm from origin; pimpleFoam",
     0.01, (0.08, 0.025)),
    ("a 3 mm wire spanning the tunnel 0.2 m from the inlet, on the centreline of a 1 m x 0.1 m test section from the origin",
     0.003, (0.2, 0.05)),
])
def test_round_body_across_the_flow(text: str, diameter: float, centre: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "cylinder_crossflow"
    d = spec.dimensions
    assert (d["diameter"], d["center_x"], d["center_y"]) == pytest.approx((diameter, *centre))


@pytest.mark.parametrize("text, radii", [
    ("annulus: ID 40 mm, OD 60 mm, inner wall rotating 5 rad/s, icoFoam 2D", (0.02, 0.03)),
    ("Taylor-Couette gap, inner cylinder OD 2 in, outer cylinder ID 3 in; pimpleFoam", (0.0254, 0.0381)),
])
def test_annulus_by_od_and_id(text: str, radii: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "annulus"
    assert (spec.dimensions["inner_radius"], spec.dimensions["outer_radius"]) == pytest.approx(radii)


@pytest.mark.parametrize("text, size, origin", [
    ("rectangular region, corners (0, 0) and (600, 150) mm; icoFoam", (0.6, 0.15), (0.0, 0.0)),
    ("a channel with corners at (-0.5, 0) and (1.5, 0.3); simpleFoam", (2.0, 0.3), (-0.5, 0.0)),
    ("2D rectangle, opposite corners (10, 0) in and (50, 8) in, icoFoam", (1.016, 0.2032), (0.254, 0.0)),
])
def test_rectangle_by_two_corners(text: str, size: tuple[float, float], origin: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.outline is None
    assert (spec.dimensions["length"], spec.dimensions["height"]) == pytest.approx(size)
    assert tuple(spec.origin) == pytest.approx(origin)


@pytest.mark.parametrize("text, first", [
    ("channel 800 x 200 mm, origin lower-left; obstacle outline: (100, 80), (140, 80), (140, 120), (100, 120); icoFoam",
     (0.1, 0.08)),
    ("channel 1 m x 0.2 m from the origin with a body whose profile is (0.3, 0.05), (0.4, 0.05), (0.35, 0.12); icoFoam",
     (0.3, 0.05)),
    ("a duct 40 in x 8 in from the origin; block contour (10, 2) in, (12, 2) in, (12, 4) in, (10, 4) in; simpleFoam",
     (0.254, 0.0508)),
])
def test_obstacle_outline_words(text: str, first: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    (ob,) = spec.obstacles
    assert ob.kind == "polygon" and ob.vertices[0] == pytest.approx(first)
