"""Geometry in words, session 7 (second pass): the classes of wording the parser still missed --
shapes named by other nouns (slot, tank, rod, fin, triangle, shaft in a housing), tables written with
bars, sizes in brackets and after labels, adverbs between a wall and its change ("the floor drops
abruptly by 2 cm"), section lengths ("for 10 cm", "15 cm of wide duct", "N long overall"), a body's
centre without '=' or at "x = y = 0", cell counts per named direction, and the geometry record's
distances relative to the bodies. Each row: a request's words -> what the parser must give."""

from __future__ import annotations

import pytest

from tasks.geometry.build import recorded_lengths, relative_distances, translate_msh
from tasks.geometry.spec import make_spec
from tasks.geometry.text import cell_counts, cell_size, parse_geometry, shape_words
from tasks.geometry.text_words import plain_lengths, table_rows


def _close(dims: dict, expected: dict) -> None:
    for k, v in expected.items():
        assert dims.get(k) == pytest.approx(v, rel=1e-6, abs=1e-9), (k, dims)


@pytest.mark.parametrize(("text", "shape"), [
    ("laminar flow through a narrow slot 1 m long with a 2 mm gap", "channel"),
    ("water in a plane slit, walls 3 mm apart, 20 cm long", "channel"),
    ("a square tank of side 10 cm whose top moves at 1 m/s", "lid_driven_cavity"),
    ("a container 0.2 m wide; its lid slides to the right at 0.5 m/s", "lid_driven_cavity"),
    ("a tall slot heated on one side, 1 cm wide and 8 cm high", "heated_cavity"),
    ("enclosure 5 cm square with a hot right wall at 310 K and a cold left wall at 290 K", "heated_cavity"),
    ("a rod D 8 mm at (0.1, 0.05) m in a 0.5 x 0.1 m channel", "cylinder_crossflow"),
    ("a 3 mm diameter wire across a 10 cm channel", "cylinder_crossflow"),
    ("flow around a triangle with its corners at (1, 1), (2, 1.5), (1, 2) in a 5 x 3 m channel", "channel_with_obstacles"),
    ("a fin 5 mm thick and 3 cm high stands in the middle of a 40 cm x 10 cm channel", "channel_with_obstacles"),
    ("the gap between a rotating shaft of radius 1 cm and its housing, radius 1.5 cm", "annulus"),
    ("journal bearing: inner radius 20 mm, outer radius 21 mm", "annulus"),
    ("3D box duct 0.5 m long with a 5 cm x 5 cm cross-section", "channel"),
    ("air in a box-section duct 2 m long", "channel"),
    ("a 3D box 1 m x 1 m x 2 m", "box"),
    ("time slot of 2 s for the inlet ramp in a 1 m channel", "channel"),
])
def test_shapes_named_by_other_nouns(text: str, shape: str) -> None:
    assert shape_words(plain_lengths(text)) == shape


@pytest.mark.parametrize(("text", "expected"), [
    ("| step height | 20 mm |\n| upstream channel | 100 mm long, 30 mm high |",
     "step height: 20 mm;\nupstream channel: 100 mm long, 30 mm high;"),
    ("| a | b |\n|---|---|\n| c | d |", "a: b;\nc: d;"),
    ("no table | here", "no table | here"),
])
def test_table_rows(text: str, expected: str) -> None:
    assert table_rows(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("| item | value |\n| step height | 15 mm |\n| inlet channel | 60 mm long, 25 mm high |\n"
     "| downstream channel | 300 mm long, 40 mm high |\n| cells | 2.5 mm squares |\n| shape | backward-facing step |",
     {"step_height": 0.015, "height": 0.04, "upstream_length": 0.06, "downstream_length": 0.3}),
    ("backward-facing step (step height 1 cm, inlet channel 2 cm high, 8 cm long, downstream section 30 cm long)",
     {"step_height": 0.01, "height": 0.03, "upstream_length": 0.08, "downstream_length": 0.3}),
    ("a backward-facing step: air runs along a 4 cm tall inlet channel for 12 cm, then the floor drops sharply by 1 cm "
     "and the channel continues for another 50 cm",
     {"step_height": 0.01, "height": 0.05, "upstream_length": 0.12, "downstream_length": 0.5}),
    ("forward-facing step: channel 6 cm high, 90 cm long, inlet x = 0; the floor rises by 2 cm at x = 30 cm",
     {"step_height": 0.02, "height": 0.06, "upstream_length": 0.3, "downstream_length": 0.6}),
    ("forward step (a 5 mm rise of the floor, 100 mm downstream of the inlet) in a 400 mm x 20 mm channel",
     {"step_height": 0.005, "height": 0.02, "upstream_length": 0.1, "downstream_length": 0.3}),
    ("forward-facing step in a 10 cm channel: the step is 3 cm high and starts 30 cm downstream of the inlet; "
     "the channel is 1 m long overall",
     {"step_height": 0.03, "height": 0.1, "upstream_length": 0.3, "downstream_length": 0.7}),
])
def test_step_sections(text: str, expected: dict) -> None:
    _close(parse_geometry(text).dimensions, expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("sudden contraction symmetric about y = 0: 12 cm high channel from x = -0.3 m narrows to 6 cm at x = 0, outlet at x = 0.4 m",
     {"inlet_height": 0.12, "outlet_height": 0.06, "upstream_length": 0.3, "downstream_length": 0.4}),
    ("an abrupt contraction: upstream the channel is 10 cm tall; at x = 0 its height drops suddenly to 5 cm. The wide part is "
     "25 cm long and the narrow part 35 cm long.",
     {"inlet_height": 0.1, "outlet_height": 0.05, "upstream_length": 0.25, "downstream_length": 0.35}),
    ("2:1 sudden contraction (wide channel: length 150 mm, height 60 mm; narrow channel: height 30 mm, length 250 mm)",
     {"inlet_height": 0.06, "outlet_height": 0.03, "upstream_length": 0.15, "downstream_length": 0.25}),
    ("The duct is 6 cm high until x = 0, where it steps down abruptly to 3 cm (a sudden contraction); 15 cm of wide duct "
     "and 25 cm of narrow duct.",
     {"inlet_height": 0.06, "outlet_height": 0.03, "upstream_length": 0.15, "downstream_length": 0.25}),
    ("planar sudden expansion: the narrow channel (height 8 mm, length 40 mm) ends at x = 0 where the section widens to 24 mm, "
     "downstream part 300 mm long",
     {"inlet_height": 0.008, "outlet_height": 0.024, "upstream_length": 0.04, "downstream_length": 0.3}),
    ("a sudden enlargement: a 2 cm high channel from x = -4 cm to x = 0 opens abruptly into a channel three times taller "
     "(6 cm) which runs on to x = 0.4 m",
     {"inlet_height": 0.02, "outlet_height": 0.06, "upstream_length": 0.04, "downstream_length": 0.4}),
    ("2D nozzle, axis y = 0. Heights: 80 mm in, 20 mm out; lengths: 50 mm straight ahead of the taper, taper 150 mm "
     "(starting at x = 0), 100 mm straight after",
     {"inlet_height": 0.08, "outlet_height": 0.02, "upstream_length": 0.05, "taper_length": 0.15, "downstream_length": 0.1}),
])
def test_change_of_section(text: str, expected: dict) -> None:
    _close(parse_geometry(text).dimensions, expected)


@pytest.mark.parametrize(("text", "expected"), [
    # a centre given without "=", and by a distance with a side said "on each side"
    ("channel 2 m x 0.4 m; square block 10 cm side, centre x 0.6 m, y 0.2 m", (0.6, 0.2, 0.1)),
    ("a 1 m x 0.2 m channel with a block, 4 cm on each side, on the centreline 30 cm from the inlet", (0.3, 0.1, 0.04)),
])
def test_square_body_placement(text: str, expected: tuple) -> None:
    body = parse_geometry(text).obstacles[0]
    assert (*body.center, body.width) == pytest.approx(expected)


@pytest.mark.parametrize(("text", "origin", "dims"), [
    ("cylinder D 2 cm, centre at origin; domain 0.3 m upstream, 1 m downstream, 0.25 m each side",
     (-0.3, -0.25), {"center_x": 0.3, "center_y": 0.25, "length": 1.3, "height": 0.5}),
    ("flow around a 40 mm cylinder (axis at x = y = 0): inlet 400 mm ahead of the axis, outlet 1.2 m behind it, side "
     "boundaries 300 mm away on each side", (-0.4, -0.3), {"center_x": 0.4, "center_y": 0.3, "length": 1.6, "height": 0.6}),
])
def test_cylinder_about_the_origin(text: str, origin: tuple, dims: dict) -> None:
    spec = parse_geometry(text)
    assert spec.origin == pytest.approx(origin)
    _close(spec.dimensions, dims)


@pytest.mark.parametrize(("text", "free"), [
    ("cylinder D 1 cm in a 0.5 x 0.2 m domain with slip sides", True),
    ("cylinder D 1 cm in a 0.5 x 0.2 m domain, side boundaries treated as symmetry planes", True),
    ("cylinder D 1 cm in a 0.5 x 0.2 m channel with no-slip walls", False),
])
def test_cylinder_free_stream_sides(text: str, free: bool) -> None:
    assert bool(parse_geometry(text).dimensions.get("free_stream")) is free


@pytest.mark.parametrize(("text", "expected"), [
    ("60 cells along the duct, 8 over the height and 16 across the width", [60, 8, 16]),
    ("cells: 16 across the width, 8 across the height, 60 streamwise", [60, 8, 16]),
    ("100 cells along the channel and 20 across it", [100, 20]),
    ("fifty cells each way", [50, 50]),
])
def test_cell_counts_by_direction(text: str, expected: list) -> None:
    assert cell_counts(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("cells: 2.5 mm squares", 0.0025),
    ("cells of about a centimetre", None),  # plain_lengths first: "a centimetre" -> "1 centimetre"
])
def test_cell_size_words(text: str, expected: float | None) -> None:
    assert cell_size(text) == (pytest.approx(expected) if expected else None)
    if expected is None:
        assert cell_size(plain_lengths(text)) == pytest.approx(0.01)


@pytest.mark.parametrize(("text", "expected"), [
    ("NACA 0012 strut, chord 0.3 m, inclined 6 degrees nose-up to the flow", 6.0),
    ("NACA 2412, pitched at 3 deg", 3.0),
    ("NACA 0015 at an incidence of 5°", 5.0),
])
def test_angle_words(text: str, expected: float) -> None:
    assert parse_geometry(text).dimensions["angle_of_attack"] == pytest.approx(expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("2D annulus: shaft r 2 cm, housing r 3 cm, centred at the origin", {"inner_radius": 0.02, "outer_radius": 0.03}),
    ("the shaft has a radius of 1 cm and the housing bore has a radius of 1.5 cm", {"inner_radius": 0.01, "outer_radius": 0.015}),
    ("a 2D T-junction: main channel 1 m long and 10 cm wide; halfway along, centred at x = 0.45 m, a side branch 10 cm wide "
     "runs 30 cm upward", {"branch_position": 0.45, "branch_length": 0.3}),
    ("a shallow box cavity of 20 cm length and 5 cm depth, lid moving at 1 m/s", {"width": 0.2, "height": 0.05}),
    ("a fin 5 mm thick and 3 cm high stands in the middle of a 40 cm x 10 cm channel", {"length": 0.4, "height": 0.1}),
])
def test_named_sizes(text: str, expected: dict) -> None:
    _close(parse_geometry(text).dimensions, expected)


def test_thick_plate_is_a_rectangle() -> None:
    body = parse_geometry("a fin 5 mm thick and 3 cm high stands in the middle of a 40 cm x 10 cm channel").obstacles[0]
    assert (body.kind, body.width, body.height, *body.center) == pytest.approx(("rectangle", 0.005, 0.03, 0.2, 0.05))


def test_three_d_duct_width_is_its_depth() -> None:
    spec = parse_geometry("duct (height 20 mm, width 40 mm, length 300 mm); 60 cells along, 8 over the height, 16 across the width")
    assert spec.two_d is False
    _close(spec.dimensions, {"length": 0.3, "height": 0.02, "depth": 0.04})


def test_each_way_in_3d_gives_three_counts() -> None:
    assert parse_geometry("3D lid-driven cube cavity 10 cm, 20 cells each way").mesh.cells == [20, 20, 20]


@pytest.mark.parametrize(("fields", "expected"), [
    ({"shape": "cylinder_crossflow", "dimensions": {"diameter": 0.1, "length": 2.0, "height": 1.0, "center_x": 0.5,
                                                    "center_y": 0.5}},
     {"upstream": 0.5, "downstream": 1.5, "below": 0.5, "above": 0.5, "gap_inlet": 0.45, "gap_floor": 0.45}),
    ({"shape": "channel_with_obstacles", "dimensions": {"length": 1.0, "height": 0.2},
      "obstacles": [{"kind": "square", "center": (0.3, 0.1), "width": 0.04}]},
     {"obstacle0_upstream": 0.3, "obstacle0_downstream": 0.7, "obstacle0_gap_inlet": 0.28, "obstacle0_gap_ceiling": 0.08}),
    ({"shape": "t_junction", "dimensions": {"length": 0.8}}, {"branch_position": 0.4, "branch_to_outlet": 0.4}),
    ({"shape": "backward_step", "dimensions": {"upstream_length": 0.1, "downstream_length": 0.5}}, {"total_length": 0.6}),
])
def test_relative_distances(fields: dict, expected: dict) -> None:
    _close(relative_distances(make_spec(**fields)), expected)


def test_recorded_lengths_hold_the_distances() -> None:
    record = {"dimensions": {"diameter": 0.1}, "distances": {"downstream": 1.5}}
    assert (["distances", "downstream"], 1.5) in recorded_lengths(record)


def test_translate_msh_moves_nodes() -> None:
    msh = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n2\n1 0 0 0\n2 1.5 0.8 0.1\n$EndNodes\n$Elements\n0\n$EndElements\n"
    moved = translate_msh(msh, (-0.5, -0.4))
    assert "1 -0.5 -0.4 0\n2 1 0.4 0.1\n$EndNodes" in moved
    assert moved.startswith("$MeshFormat") and moved.endswith("$EndElements\n")


@pytest.mark.parametrize(("text", "expected"), [
    ("a 2D step: the channel height goes from 2 cm upstream to 6 cm downstream at x = 0 (backward-facing), with 8 cm "
     "upstream and 40 cm downstream", {"step_height": 0.04, "height": 0.06, "upstream_length": 0.08, "downstream_length": 0.4}),
    ("a nozzle: the duct is 12 cm tall; 6 cm later the walls converge linearly over 30 cm to a height of 3 cm, and a "
     "straight 3 cm duct continues for another 10 cm",
     {"inlet_height": 0.12, "outlet_height": 0.03, "upstream_length": 0.06, "taper_length": 0.3, "downstream_length": 0.1}),
    ("inlet duct 0.2 m wide and 0.1 m long, followed by a 0.4 m long converging section down to 0.08 m and a 0.3 m long "
     "straight outlet duct (nozzle)",
     {"inlet_height": 0.2, "outlet_height": 0.08, "upstream_length": 0.1, "taper_length": 0.4, "downstream_length": 0.3}),
    ("contraction: channel narrows abruptly from 12 cm to 4 cm; lengths 0.3 m before and 0.5 m after the contraction",
     {"inlet_height": 0.12, "outlet_height": 0.04, "upstream_length": 0.3, "downstream_length": 0.5}),
    ("backward step: inlet channel height h1 = 2 cm, downstream height 3 cm, 5 cm upstream and 30 cm downstream",
     {"step_height": 0.01, "height": 0.03, "upstream_length": 0.05, "downstream_length": 0.3}),
    ("a sudden expansion with a 1:4 height ratio, inlet channel 1 cm high", {"inlet_height": 0.01, "outlet_height": 0.04}),
    ("The outlet is 2 m downstream of a 10 cm cylinder whose centre is 40 cm from the inlet; the channel is 50 cm high.",
     {"center_x": 0.4, "length": 2.4, "height": 0.5}),
    ("A 2D duct of 5 cm height and 50 cm length with a 1 cm diameter cylinder in the centre",
     {"center_x": 0.25, "center_y": 0.025, "length": 0.5, "height": 0.05}),
])
def test_more_section_and_body_words(text: str, expected: dict) -> None:
    _close(parse_geometry(text).dimensions, expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("A block of 4 cm x 4 cm sits on the floor of a 1 m x 0.2 m channel, 30 cm from the inlet", ("square", 0.3, 0.02, 0.04, 0.04)),
    ("a baffle 1 cm thick and 5 cm tall attached to the bottom wall 0.4 m downstream of the inlet of a 1.5 m x 0.15 m channel",
     ("rectangle", 0.4, 0.025, 0.01, 0.05)),
    ("a fin 2 cm thick and 6 cm high hangs from the ceiling of a 2 m x 0.3 m channel, 50 cm from the inlet",
     ("rectangle", 0.5, 0.27, 0.02, 0.06)),
    ("a rectangular block measuring 6 cm (streamwise) by 2 cm (cross-stream) centred at (0.3, 0.1) in a 1 m x 0.2 m channel",
     ("rectangle", 0.3, 0.1, 0.06, 0.02)),
])
def test_bodies_on_walls_and_noted_sizes(text: str, expected: tuple) -> None:
    body = parse_geometry(text).obstacles[0]
    assert (body.kind, *body.center, body.width, body.height) == pytest.approx(expected)


@pytest.mark.parametrize(("center", "height", "ok"), [
    ((0.5, 0.05), 0.1, True),   # stands on the floor
    ((0.5, 0.25), 0.1, True),   # hangs from the ceiling (channel 0.3 high)
    ((0.5, 0.04), 0.1, False),  # crosses the floor
    ((0.5, 0.15), 0.3, False),  # fills the channel from floor to ceiling: closes it off
])
def test_wall_mounted_bodies(center: tuple, height: float, ok: bool) -> None:
    fields = {"shape": "channel_with_obstacles", "dimensions": {"length": 1.0, "height": 0.3},
              "obstacles": [{"kind": "rectangle", "center": center, "width": 0.02, "height": height}]}
    if ok:
        make_spec(**fields)
    else:
        with pytest.raises(Exception, match="outside the domain"):
            make_spec(**fields)


@pytest.mark.parametrize(("text", "expected"), [
    ("step height 10 mm, expansion ratio 1.5, backward-facing step, upstream 50 mm, downstream 300 mm",
     {"step_height": 0.01, "height": 0.03, "upstream_length": 0.05, "downstream_length": 0.3}),
    ("enclosure: 0.1 m wide, 0.2 m high; left wall hot (50 °C), right wall cold (10 °C)", {"width": 0.1, "height": 0.2}),
    ("channel of 4 ft by 6 in with a 1 in square bar 1 ft from the inlet on the centre line", {"length": 1.2192, "height": 0.1524}),
])
def test_values_after_their_names_and_inches(text: str, expected: dict) -> None:
    _close(parse_geometry(text).dimensions, expected)
