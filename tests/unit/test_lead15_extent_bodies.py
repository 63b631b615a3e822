"""Bodies given by the coordinate ranges they occupy become rectangles (tasks/geometry/text_extents.py
through tasks.geometry.text.parse_geometry)."""
import pytest

from tasks.geometry.text import parse_geometry


def _boxes(text: str) -> list[tuple[float, float, float, float]]:
    g = parse_geometry(text)
    return [(round(o.center[0], 6), round(o.center[1], 6), round(o.width, 6), round(o.height or o.width, 6))
            for o in g.obstacles]


@pytest.mark.parametrize("text, boxes", [
    ("2D channel x 0..0.5 m, y 0..0.05 m with a rectangular block from x = 0.1 to 0.105 m and y = 0 to 0.03 m; "
     "simpleFoam", [(0.1025, 0.015, 0.005, 0.03)]),
    ("2D channel x 0..0.5 m, y 0..0.05 m with two staggered wall baffles, each 5 mm thick and 30 mm tall: baffle 1 "
     "on the bottom wall at x 0.100..0.105 (y 0..0.03), baffle 2 on the top wall at x 0.200..0.205 (y 0.02..0.05); "
     "simpleFoam", [(0.1025, 0.015, 0.005, 0.03), (0.2025, 0.035, 0.005, 0.03)]),
    ("channel from x = 0 to 2 m and y = 0 to 0.4 m; pimpleFoam; an obstacle between x = 0.5 and x = 0.6 m, "
     "between y = 0.15 and y = 0.25 m", [(0.55, 0.2, 0.1, 0.1)]),
])
def test_a_body_given_by_its_ranges_is_the_rectangle_between_them(text, boxes):
    assert _boxes(text) == boxes


def test_a_body_placed_by_its_centre_is_read_as_before():
    assert _boxes("2D channel 1 m x 0.2 m from the origin with a square obstacle of side 0.1 m centred at "
                  "(0.5, 0.1); icoFoam") == [(0.5, 0.1, 0.1, 0.1)]
