"""A 2D domain that is a union of axis-aligned rectangles: read from the request's words (parts by ranges, a table,
a duct of several sections, a row of cavities, a slot feeding a box), built as conformal blocks on the grid of
the parts' breakpoints with square cells at the stated size, and refused when the parts do not form one region."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.spec import make_spec
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry


def _blocks_xy(model):
    """Each block's (x0, x1, y0, y1) and its cell counts."""
    out = []
    for b in model.blocks:
        pts = [model.vertices[v] for v in b["vertices"]]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        out.append(((min(xs), max(xs), min(ys), max(ys)), b["cells"]))
    return out


def _inside_any(model, x, y):
    return any(x0 < x < x1 and y0 < y < y1 for (x0, x1, y0, y1), _ in _blocks_xy(model))


def test_two_cavities_are_blocks_and_the_solid_between_them_is_not():
    spec = parse_geometry("2D channel 1 m long and 0.1 m high with two open cavities in the floor: the first from "
                          "x = 0.3 to 0.4 m, 0.05 m deep, the second from x = 0.6 to 0.7 m, 0.04 m deep. Cell size 0.01 m.")
    assert spec.shape == "rectilinear"
    model = build_structured(spec).model
    assert _inside_any(model, 0.35, -0.045) and _inside_any(model, 0.65, -0.035)  # in each cavity
    assert not _inside_any(model, 0.5, -0.02)  # the solid floor between the cavities
    assert not _inside_any(model, 0.65, -0.045)  # below the second cavity, 0.04 m deep
    assert model.bounds()[:2] == [(0.0, 1.0), (-0.05, 0.1)]
    assert model.n_cells == 100 * 10 + 10 * 5 + 10 * 4  # square 0.01 m cells
    for (x0, x1, y0, y1), (nx, ny, _) in _blocks_xy(model):
        assert (x1 - x0) / nx == pytest.approx(0.01) and (y1 - y0) / ny == pytest.approx(0.01)


def test_table_of_parts_in_millimetres_builds_three_sections():
    spec = parse_geometry("| part | x from | x to | y from | y to |\n|---|---|---|---|---|\n| upstream | 0 | 150 | 0 | 30 |\n"
                          "| middle | 150 | 300 | 0 | 60 |\n| downstream | 300 | 700 | 0 | 90 |\nAll in mm. 3 mm cells.")
    assert spec.shape == "rectilinear"
    assert [tuple(round(v, 6) for v in p) for p in spec.dims.parts] == [(0, 0.15, 0, 0.03), (0.15, 0.3, 0, 0.06),
                                                                          (0.3, 0.7, 0, 0.09)]
    model = build_structured(spec).model
    assert not _inside_any(model, 0.1, 0.05) and _inside_any(model, 0.5, 0.08)
    assert model.n_cells == 50 * 10 + 50 * 20 + round(400 / 3 + 0.5) * 30


def test_symmetric_sections_by_their_heights_and_lengths():
    spec = parse_geometry("2D stepped duct with three sections of heights 2, 4 and 8 cm and lengths 10, 10 and 30 cm, "
                          "symmetric about the centreline. Cell size 0.5 cm.")
    assert [tuple(round(v, 6) for v in p) for p in spec.dims.parts] == [(0, 0.1, -0.01, 0.01), (0.1, 0.2, -0.02, 0.02),
                                                                          (0.2, 0.5, -0.04, 0.04)]


def test_prose_steps_on_the_floor_keep_the_ceiling_flat():
    spec = parse_geometry("A 2D duct: the first section is 20 mm high and 100 mm long, then the height steps up to 40 mm at "
                          "x = 100 mm and stays 40 mm until x = 200 mm, where it steps up again to 80 mm and runs to "
                          "x = 500 mm. The steps are on the bottom wall only. 2 mm cells.")
    assert [tuple(round(v, 6) for v in p) for p in spec.dims.parts] == [(0, 0.1, 0.06, 0.08), (0.1, 0.2, 0.04, 0.08),
                                                                          (0.2, 0.5, 0, 0.08)]


def test_slot_feeding_a_box_is_the_inlet():
    spec = parse_geometry("A 2D plane jet into a box: a slot 5 mm high and 50 mm long feeds a box 200 mm long and 100 mm "
                          "high, the slot centred on the box's left wall. Cell size 2.5 mm.")
    built = build_structured(spec)
    model = built.model
    assert model.bounds()[:2] == [(0.0, 0.25), (0.0, 0.1)]
    inlet = [model.vertices[v] for face in model.patches["inlet"] for v in face]
    assert {round(p[0], 9) for p in inlet} == {0.0} and {round(p[1], 6) for p in inlet} == {0.0475, 0.0525}
    outlet = [model.vertices[v] for face in model.patches["outlet"] for v in face]
    assert {round(p[0], 9) for p in outlet} == {0.25}  # the box's whole right wall
    assert min(p[1] for p in outlet) == pytest.approx(0.0) and max(p[1] for p in outlet) == pytest.approx(0.1)
    assert not _inside_any(model, 0.02, 0.02)  # beside the slot, outside the box


def test_disconnected_parts_are_refused():
    with pytest.raises(RequestError, match="disconnected"):
        parse_geometry("2D domain of two parts, x 0..1 m, y 0..0.1 m and x 2..3 m, y 0..0.1 m. Cell size 0.01 m.")
    with pytest.raises(RequestError, match="corner"):
        make_spec(shape="rectilinear", dimensions={"parts": [(0, 1, 0, 1), (1, 2, 1, 2)]}, two_d=True)


def test_a_solid_part_in_a_channel_is_not_a_union():
    spec = parse_geometry("2D channel x 0..1 m, y 0..0.1 m with a block occupying x 0.3..0.35 m, y 0..0.02 m. Cells 0.005 m.")
    assert spec.shape != "rectilinear"


def test_two_rectangles_without_a_shape_word_and_dx_as_the_cell_size():
    spec = parse_geometry("2D domain made of two rectangles: x 0..1 m, y 0..0.1 m and x 1..3 m, y 0..0.5 m. "
                          "Flow enters at x = 0. dx 0.02 m.")
    assert spec.shape == "rectilinear" and spec.mesh.cell_size == pytest.approx(0.02)
    model = build_structured(spec).model
    assert model.n_cells == 50 * 5 + 100 * 25
    assert not _inside_any(model, 0.5, 0.2) and _inside_any(model, 2.0, 0.4)
