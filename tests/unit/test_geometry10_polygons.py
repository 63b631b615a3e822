"""Regular polygon bodies named by their side count and sized by a side, the flats, the corners or a circle."""

from __future__ import annotations

import math

import pytest

from tasks.geometry.text import parse_geometry
from tasks.geometry.text_polygons import circumradius, polygon_sides, regular_polygon


@pytest.mark.parametrize("words, n", [
    ("a regular hexagon", 6), ("an octagonal bar", 8), ("a 5-sided prism", 5), ("an 8-gon", 8),
    ("six equal sides of 5 cm", 6), ("an equilateral triangle", 3), ("a 19 mm hex bar", 6),
    ("pentagonal pillar", 5), ("hex mesh of 20 cells", None), ("a square block", None),
])
def test_polygon_sides(words: str, n: int | None) -> None:
    assert polygon_sides(words) == n


@pytest.mark.parametrize("words, n, radius", [
    ("hexagon, side 5 cm", 6, 0.05),
    ("octagon 40 mm across flats", 8, 0.02 / math.cos(math.pi / 8)),
    ("hex bar A/F 19 mm", 6, 0.0095 / math.cos(math.pi / 6)),
    ("pentagon, across corners 0.1 m", 5, 0.05),
    ("triangle inscribed in a 4 cm circle", 3, 0.02),
    ("an equilateral triangle with sides of 2 in", 3, 0.0508 / math.sqrt(3)),
    ("a 30 mm hexagon", 6, 0.015 / math.cos(math.pi / 6)),
])
def test_circumradius(words: str, n: int, radius: float) -> None:
    assert circumradius(words, n) == pytest.approx(radius, rel=1e-6)


def test_flat_face_upstream_by_default_and_corner_on_request() -> None:
    flat = regular_polygon("hexagon of side 1 m", (0.0, 0.0))
    assert flat is not None and min(x for x, _ in flat) == pytest.approx(-math.sqrt(3) / 2)
    corner = regular_polygon("hexagon of side 1 m, a corner pointing upstream", (0.0, 0.0))
    assert corner is not None and min(x for x, _ in corner) == pytest.approx(-1.0)


@pytest.mark.parametrize("text, centre, inner", [
    ("pimpleFoam in a 2 m x 0.5 m channel from the origin with an octagonal bar 8 cm across flats centred at (0.6, 0.25)",
     (0.6, 0.25), 0.04),
    ("Channel L = 800 mm, H = 200 mm, origin lower-left; hexagonal prism with 25 mm sides at x = 200 mm, y = 100 mm; simpleFoam",
     (0.2, 0.1), 0.025 * math.cos(math.pi / 6)),
    ("icoFoam.\nchannel: 3 ft by 1 ft, corner at origin\nobstacle: pentagon, across corners 4 in, centre at (12, 6) in",
     (0.3048, 0.1524), 0.0508 * math.cos(math.pi / 5)),
    ("a five-sided body of side 3 cm centred at (0.3, 0.1) in a 1 m by 0.2 m duct whose lower left corner is the origin",
     (0.3, 0.1), 0.03 / 2 / math.tan(math.pi / 5)),
])
def test_parse_regular_polygon_obstacle(text: str, centre: tuple[float, float], inner: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    (ob,) = spec.obstacles
    assert ob.kind == "polygon" and ob.vertices
    cx = sum(x for x, _ in ob.vertices) / len(ob.vertices)
    cy = sum(y for _, y in ob.vertices) / len(ob.vertices)
    assert (cx, cy) == pytest.approx(centre, abs=1e-6)
    # the inscribed radius: the nearest side midpoint
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(ob.vertices, ob.vertices[1:] + ob.vertices[:1])]
    assert min(math.dist(m, centre) for m in mids) == pytest.approx(inner, rel=1e-4)
