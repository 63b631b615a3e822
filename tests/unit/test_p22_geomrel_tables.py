"""A body placed by "name: value" items (a markdown table's rows, or a typed list): a centre coordinate by name
("cylinder centre x", "x position"), a distance from a boundary ("distance from the inlet"), one body's sizes over
several rows; and a thin plate the words turn and place. Each must be built where the items put it."""

from __future__ import annotations

import math

import pytest

from tasks.geometry.text import parse_geometry
from tasks.geometry.text_tables_places import placed_items


@pytest.mark.parametrize("items, words", [
    ("cylinder centre x: 0.4 m; cylinder diameter: 20 mm", "cylinder centre at x = 0.4 m, diameter: 20 mm"),
    ("block width: 20 mm\nblock height: 10 mm\nx position: 0.25 m", "block width: 20 mm, height: 10 mm, at x = 0.25 m"),
    ("side: 16 mm; distance from the inlet: 0.2 m", "side: 16 mm, 0.2 m from the inlet"),
    ("length: 3 m; height: 0.6 m", "length: 3 m; height: 0.6 m"),  # no place: left as written
])
def test_place_items_are_written_as_placing_words(items: str, words: str) -> None:
    assert placed_items(items) == words


@pytest.mark.parametrize("text, kind, centre, size", [
    ("Dimensions of the channel:\n| quantity | value |\n|---|---|\n| length | 2 m |\n| height | 200 mm |\n"
     "| cylinder diameter | 20 mm |\n| cylinder centre x | 0.4 m |\nThe cylinder is on the centreline.",
     "circle", (0.4, 0.1), (0.02, 0.02)),
    ("| item | size |\n|---|---|\n| channel length | 0.8 m |\n| channel height | 0.16 m |\n| square obstacle side | 16 mm |\n"
     "| distance from the inlet | 0.2 m |\nThe square obstacle sits on the centreline.", "square", (0.2, 0.08), (0.016, 0.016)),
    ("Block in a channel\nlength: 0.8 m\nheight: 0.16 m\nblock width: 20 mm\nblock height: 10 mm\nx position: 0.25 m\n"
     "y position: 0.05 m", "rectangle", (0.25, 0.05), (0.02, 0.01)),
])
def test_a_table_places_and_sizes_its_body(text: str, kind: str, centre: tuple[float, float], size: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    if spec.shape == "cylinder_crossflow":  # one circle in a channel: the library's cylinder shape
        d = spec.dims
        assert (kind, (d.center_x, d.center_y), d.diameter) == ("circle", pytest.approx(centre), pytest.approx(size[0]))
        return
    (body,) = spec.obstacles
    assert body.kind == kind and body.center == pytest.approx(centre)
    assert (body.width, body.height) == pytest.approx(size)


def test_a_plate_turned_and_placed_in_words_is_built_turned() -> None:
    spec = parse_geometry("flat plate 0.1 m long and 5 mm thick inclined at 20 degrees to the flow, centre at "
                          "(0.4, 0.15) m, in a 1.2 m by 0.3 m channel")
    assert spec.shape == "channel_with_obstacles"
    (body,) = spec.obstacles
    assert body.kind == "polygon" and body.angle == 20 and body.sizes == {"width": 0.1, "height": 0.005}
    xs, ys = [v[0] for v in body.vertices], [v[1] for v in body.vertices]
    a = math.radians(20)
    assert max(xs) - min(xs) == pytest.approx(0.1 * math.cos(a) + 0.005 * math.sin(a))
    assert max(ys) - min(ys) == pytest.approx(0.1 * math.sin(a) + 0.005 * math.cos(a))
    assert ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2) == pytest.approx((0.4, 0.15))
