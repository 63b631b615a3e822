"""A closed 2D room or tank whose inlet and outlet are parts of its walls, or short ducts on the outside of a
wall: read from the request's words (ranges, "the top N of the wall", size and offset from a corner or the floor,
ducts by their sizes or by their ranges outside the room) and built as blocks whose edges fall on the openings'
edges, the openings the only inlet and outlet faces and every other boundary face a wall."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.shape_rectilinear_dims import RectilinearDims, check_rectilinear
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry

FT = 0.3048


def _patch_box(model, name):
    """The (x0, x1, y0, y1) extent of a patch's faces."""
    pts = [model.vertices[v] for face in model.patches[name] for v in face]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), max(xs), min(ys), max(ys)


def _approx(values):
    return pytest.approx(values, abs=1e-9)


@pytest.mark.parametrize("text, room, inlet, outlet", [
    ("A 2D ventilated room 5 m wide and 2.8 m high. Air enters through an opening in the left wall between y = 2.3 and "
     "2.6 m and leaves through an opening in the right wall between y = 0.1 and 0.4 m.",
     (0, 5, 0, 2.8), ("left", (2.3, 2.6)), ("right", (0.1, 0.4))),
    ("Closed tank 3 m x 1.5 m (2D). Inflow through the top 15 cm of the left wall, overflow over the top 15 cm of the "
     "right wall.", (0, 3, 0, 1.5), ("left", (1.35, 1.5)), ("right", (1.35, 1.5))),
    ("Box (2D) 300 mm by 200 mm. Inlet: 20 mm vent in the floor, 40 mm from the left corner. Outlet: 20 mm opening in "
     "the ceiling 40 mm from the right corner.", (0, 0.3, 0, 0.2), ("bottom", (0.04, 0.06)), ("top", (0.24, 0.26))),
    ("A 2D room 14 ft wide and 10 ft tall with a supply opening in the upper 1 ft of the left wall and a return opening "
     "in the right wall, 1 ft high, its bottom edge 0.5 ft above the floor.",
     (0, 14 * FT, 0, 10 * FT), ("left", (9 * FT, 10 * FT)), ("right", (0.5 * FT, 1.5 * FT))),
])
def test_openings_on_parts_of_walls(text, room, inlet, outlet):
    spec = parse_geometry(text)
    assert spec.shape == "rectilinear"
    d = spec.dims
    assert d.parts == [_approx(room)]
    assert (d.inlet_side, d.inlet_span) == (inlet[0], _approx(inlet[1]))
    assert (d.outlet_side, d.outlet_span) == (outlet[0], _approx(outlet[1]))


def test_ducts_by_sizes_and_by_ranges_make_the_same_domain():
    by_sizes = parse_geometry("room 500 cm x 300 cm in 2D, supply duct on the left wall 50 cm long and 30 cm high, its "
                              "upper side 10 cm below the ceiling; extract duct on the right wall, 50 cm long, 30 cm high, "
                              "lower side 20 cm above the floor. Mesh 5 cm.")
    by_ranges = parse_geometry("2D room x from 0 to 5 m, y from 0 to 3 m; supply duct x from -0.5 to 0 m, y from 2.6 to "
                               "2.9 m; extract duct x from 5 to 5.5 m, y from 0.2 to 0.5 m. Mesh 5 cm.")
    for spec in (by_sizes, by_ranges):
        assert spec.shape == "rectilinear"
        assert spec.dims.parts == [_approx((0, 5, 0, 3)), _approx((-0.5, 0, 2.6, 2.9)), _approx((5, 5.5, 0.2, 0.5))]
        assert (spec.dims.inlet_part, spec.dims.inlet_side, spec.dims.outlet_part, spec.dims.outlet_side) == \
            (1, "left", 2, "right")
        assert spec.mesh.cell_size == pytest.approx(0.05)
    model = build_structured(by_sizes).model
    assert _patch_box(model, "inlet") == _approx((-0.5, -0.5, 2.6, 2.9))  # the duct's far end
    assert _patch_box(model, "outlet") == _approx((5.5, 5.5, 0.2, 0.5))
    assert model.n_cells == 100 * 60 + 2 * 10 * 6


def test_an_opening_is_exactly_its_stretch_of_the_wall_and_the_rest_is_wall():
    spec = parse_geometry("2D tank 24 in x 12 in; feed through the top 2 in of the left wall; drain through a 1 in opening "
                          "in the floor 3 in from the right corner. Cell size 0.5 in.")
    model = build_structured(spec).model
    inch = 0.0254
    assert _patch_box(model, "inlet") == _approx((0, 0, 10 * inch, 12 * inch))
    assert _patch_box(model, "outlet") == _approx((20 * inch, 21 * inch, 0, 0))
    assert spec.mesh.cell_size == pytest.approx(0.5 * inch)
    left_walls = [sorted(model.vertices[v][1] for v in face) for face in model.patches["walls"]
                  if all(abs(model.vertices[v][0]) < 1e-12 for v in face)]
    assert [(ys[0], ys[-1]) for ys in left_walls] == [_approx((0, 10 * inch))]  # the left wall below the opening


def test_a_baffle_in_the_tank_is_left_out_and_an_unread_body_is_refused():
    spec = parse_geometry("Closed water tank 2.5 m long, 1 m high, 2D; a baffle from x = 1.1 to 1.13 m hangs from the lid "
                          "down to y = 0.3 m. Water enters through the top 10 cm of the left wall and leaves through the "
                          "bottom 10 cm of the right wall. Cells of 2 cm.")
    assert spec.dims.solids == [_approx((1.1, 1.13, 0.3, 1.0))]
    model = build_structured(spec).model
    assert model.n_cells == (55 + 2 + 69) * 50 - 2 * 35
    with pytest.raises(RequestError, match="body inside it"):
        parse_geometry("2D room 4 m x 3 m with a radiator under the window. Inlet: opening in the left wall y 2.6..2.8 m; "
                       "outlet: opening in the right wall y 0..0.2 m.")


def test_an_opening_past_the_end_of_its_wall_is_refused():
    with pytest.raises(ValueError, match="does not lie on the left wall"):
        check_rectilinear(RectilinearDims(parts=[(0, 4, 0, 3)], inlet_part=0, inlet_span=(2.8, 3.2), outlet_part=0,
                                          outlet_span=(0, 0.2)))


def test_a_lid_driven_cavity_and_a_channel_are_not_rooms():
    assert parse_geometry("2D lid-driven cavity 0.1 m x 0.1 m, lid at 1 m/s, 20 x 20 cells").shape == "lid_driven_cavity"
    assert parse_geometry("2D channel 1 m long, 0.1 m high, inlet on the left, outlet on the right").shape == "channel"
