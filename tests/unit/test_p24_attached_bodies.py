"""Bodies attached to bodies or walls: a splitter plate on a cylinder's rear face, a fin or baffle standing out
from a cavity wall. The body and its attachment are one solid touching what it is fixed to (no fluid gap), the
domain keeps its own size, and the block grid cuts them out (tasks/geometry/text_attached.py, text_wall_fins.py)."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import build_mesh
from tasks.geometry.spec import make_spec
from tasks.geometry.text import parse_geometry


def _box(ob) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in ob.outline()], [p[1] for p in ob.outline()]
    return round(min(xs), 9), round(min(ys), 9), round(max(xs), 9), round(max(ys), 9)


@pytest.mark.parametrize("text, body, plate", [
    ("A 2D channel 0.6 m long and 0.1 m high with a square cylinder of side 20 mm centred at x = 0.15 m, y = 0.05 m, "
     "with a splitter plate 40 mm long and 4 mm thick attached to its rear face.",
     (0.14, 0.04, 0.16, 0.06), (0.16, 0.048, 0.2, 0.052)),
    ("channel of length 1 m and height 0.2 m, inside is square cylinder 4 cm at x=0.3 m in middle of height, "
     "on its back face is fixed a plate long 8 cm and thick 0.5 cm",
     (0.28, 0.08, 0.32, 0.12), (0.32, 0.0975, 0.4, 0.1025)),
    ("square cylinder of side 10 mm at x = 0.1 m, y = 0.03 m in a 0.5 m x 0.06 m channel, with a 15 mm long, 1 mm thick "
     "plate attached to its front face", (0.095, 0.025, 0.105, 0.035), (0.08, 0.0295, 0.095, 0.0305)),
    ("Flow past a square cylinder (D = 0.02 m) with a rigid splitter plate of length 2D and thickness 0.1D attached to its "
     "rear face. The channel is 40D long and 5D high; the cylinder centre is 0.2 m from the inlet, midway between the walls.",
     (0.19, 0.04, 0.21, 0.06), (0.21, 0.049, 0.25, 0.051)),
])
def test_splitter_plate_touches_the_square_body_as_one_solid(text, body, plate):
    spec = parse_geometry(text)
    assert spec.shape == "channel_with_obstacles"
    assert [_box(ob) for ob in spec.obstacles] == [body, plate]
    assert spec.obstacles[0].name == spec.obstacles[1].name  # one body, one wall patch


def test_splitter_plate_in_body_diameters_on_a_circle_is_one_polygon():
    spec = parse_geometry("Laminar flow past a circular cylinder of diameter 10 mm in a channel 0.3 m long and 0.06 m high, "
                          "cylinder centre at x = 0.08 m on the centreline, with a splitter plate 2 D long and 0.2 D thick "
                          "fixed to the rear of the cylinder.")
    assert (spec.dims.length, spec.dims.height) == (0.3, 0.06)
    [solid] = spec.obstacles
    assert solid.kind == "polygon"
    assert solid.sizes == pytest.approx({"diameter": 0.01, "plate_length": 0.02, "plate_thickness": 0.002})
    x0, y0, x1, y1 = _box(solid)
    assert (x0, x1) == pytest.approx((0.075, 0.105)) and (y0, y1) == pytest.approx((0.025, 0.035), abs=1e-4)


@pytest.mark.parametrize("text, size, fin", [
    ("A heated square cavity of side 0.1 m, hot wall at 310 K on the left, cold wall 290 K on the right, with a thin "
     "adiabatic fin on the hot wall at mid-height, 50 mm long and 2 mm thick.", 0.1, (0.0, 0.049, 0.05, 0.051)),
    ("A differentially heated square cavity of side 0.1 m (hot left wall 300 K, cold right wall 290 K) with an adiabatic "
     "fin on the cold wall, 30 mm above the floor, 40 mm long and 2 mm thick.", 0.1, (0.06, 0.029, 0.1, 0.031)),
    ("lid-driven square cavity of side 0.2 m, lid speed 1 m/s, with a half-width baffle from the middle of the left wall, "
     "4 mm thick", 0.2, (0.0, 0.098, 0.1, 0.102)),
    ("Square cavity 100 mm side, differentially heated (left 300 K, right 280 K). Fin: from x = 0 to 50 mm, y 49..51 mm.",
     0.1, (0.0, 0.049, 0.05, 0.051)),
    ("Rayleigh-Benard cavity 80 mm wide and 80 mm high, hot bottom 305 K, cold top 295 K, a vertical fin 20 mm tall and "
     "1 mm thick standing on the floor at mid-width.", 0.08, (0.0395, 0.0, 0.0405, 0.02)),
])
def test_fin_stands_on_its_cavity_wall_and_the_cavity_keeps_its_size(text, size, fin):
    spec = parse_geometry(text)
    assert spec.shape == "channel_with_obstacles" and spec.dims.closed
    assert (spec.dims.length, spec.dims.height) == pytest.approx((size, size))
    assert spec.origin == (0.0, 0.0)
    [body] = spec.obstacles
    assert _box(body) == pytest.approx(fin)
    assert body.name in ("fin", "baffle")


def test_a_body_may_stand_on_a_side_wall_only_of_a_closed_enclosure():
    fin = {"kind": "rectangle", "center": (0.025, 0.05), "width": 0.05, "height": 0.002}
    closed = make_spec(shape="channel_with_obstacles", dimensions={"length": 0.1, "height": 0.1, "closed": True},
                       obstacles=[fin])
    assert closed.obstacles[0].width == 0.05
    with pytest.raises(RequestError, match="outside the domain"):  # x = 0 is an open channel's inlet
        make_spec(shape="channel_with_obstacles", dimensions={"length": 0.1, "height": 0.1}, obstacles=[fin])


def test_fin_and_compound_body_are_cut_out_of_a_block_grid(tmp_path):
    fin = parse_geometry("Natural convection, square cavity of side 0.15 m: hot wall on the left at 320 K, cold on the "
                         "right at 290 K. An adiabatic fin 75 mm long and 3 mm thick is attached to the hot wall at mid-height.")
    built = build_mesh(fin, tmp_path / "fin")
    assert built.generator == "blockMesh"
    roles = {p.name: (p.type, p.role) for p in built.patches}
    assert roles["fin"] == ("wall", "body") and roles["leftWall"][0] == "wall"
    assert (built.bounds[0][1], built.bounds[1][1]) == pytest.approx((0.15, 0.15))
    square = parse_geometry("channel 0.45 m x 0.09 m; a square prism of side 15 mm centred at (0.1, 0.045) m, and on its "
                            "back face a splitter plate 30 mm long, 3 mm thick")
    built = build_mesh(square, tmp_path / "square")
    assert built.generator == "blockMesh"
    assert [p.name for p in built.patches if p.role == "body"] == ["obstacle"]


def test_a_plate_said_long_and_thick_hangs_by_its_length_from_the_ceiling():
    spec = parse_geometry("A plate 18 mm long and 2 mm thick hangs from the roof of a channel 0.5 m long, 0.07 m high, "
                          "at x = 0.2 m.")
    [plate] = spec.obstacles
    assert _box(plate) == pytest.approx((0.199, 0.052, 0.201, 0.07))
