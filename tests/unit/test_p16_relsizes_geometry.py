"""Session 16, relsizes: sizes said relative to another size, parts given by coordinate ranges, a cavity sized by one
length and an aspect ratio, an annulus's cell counts by direction words and a wall moved by a tangential speed. Each
class is probed with several phrasings (terse, verbose, other units and word order); dimensions are our own."""

from __future__ import annotations

import pytest

from tasks.geometry.build import build_mesh, geometry_record, recorded_fraction
from tasks.geometry.shape_obstacle_blocks import block_obstacles
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_body_proportions import across_fractions, self_proportions
from tasks.geometry.text_range_parts import range_parts
from tasks.geometry.text_round_cells import annulus_cells
from tasks.geometry.text_wall_speed import moved_wall, plain_walls, wall_turns
from tasks.plan.stated import StatedQuantity


def _boxes(text: str) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of each obstacle the text gives, rounded, sorted."""
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    out = []
    for ob in spec.obstacles:
        xs, ys = [p[0] for p in ob.outline()], [p[1] for p in ob.outline()]
        out.append(tuple(round(v, 6) for v in (min(xs), min(ys), max(xs), max(ys))))
    return sorted(out)  # type: ignore[return-value]


# --- 1. relative sizes -----------------------------------------------------------------------

ORIFICE = [(0.3, 0.0, 0.302, 0.0125), (0.3, 0.0375, 0.302, 0.05)]


@pytest.mark.parametrize("text, boxes", [
    ("2D channel 1 m long and 50 mm high with an orifice plate at x = 0.301 m whose opening is half the channel height, "
     "plate 2 mm thick; pimpleFoam, inlet 0.2 m/s", ORIFICE),
    ("I would like a two-dimensional channel, 1 m in length and 5 cm in height. At x = 0.301 m there is an orifice plate "
     "2 mm thick; its opening is half the channel height and centred.", ORIFICE),
    ("Orifice plate in a 2D duct 100 cm long, 50 mm high: plate 2 mm thick at x = 301 mm, beta 0.5", ORIFICE),
])
def test_orifice_plate_opening_relative_to_the_height_is_two_wall_plates(text: str, boxes: list) -> None:
    assert _boxes(text) == [tuple(round(v, 6) for v in b) for b in boxes]


PLATE = [(0.196, 0.0, 0.204, 0.04)]


@pytest.mark.parametrize("text, boxes", [
    ("channel 0.8 m x 0.08 m with a plate a tenth of the channel height thick standing on the floor at x = 0.2 m, "
     "half the channel height tall", PLATE),
    ("A channel 0.8 m long and 0.08 m high has a plate on the floor at x = 0.2 m; the plate is a tenth of the channel "
     "height thick and half the channel height tall.", PLATE),
    ("rectangular obstacle on the bottom wall at x = 0.1 m, 10 mm high and twice as long as it is high, in a channel "
     "0.5 m long and 0.05 m high", [(0.09, 0.0, 0.11, 0.01)]),
    ("in a 50 cm by 5 cm channel, a block on the floor at x = 10 cm, 1 cm tall and twice as long as it is tall",
     [(0.09, 0.0, 0.11, 0.01)]),
    ("channel 1 m by 0.1 m with a baffle 2 mm thick on the floor at x = 0.3 m reaching 40 % across the channel",
     [(0.299, 0.0, 0.301, 0.04)]),
    ("channel 1 m long, 0.1 m high, a fence on the floor 0.3 m from the inlet, 2 mm thick, its height 40% of the "
     "channel height", [(0.299, 0.0, 0.301, 0.04)]),
])
def test_a_wall_body_sized_relative_to_the_channel_or_itself(text: str, boxes: list) -> None:
    assert _boxes(text) == boxes


@pytest.mark.parametrize("text, boxes", [
    ("channel 1 m by 0.1 m with two staggered baffles 2 mm thick at x = 0.3 m and x = 0.5 m, reaching 40 % across the "
     "channel, first on the floor, second on the ceiling", [(0.299, 0.0, 0.301, 0.04), (0.499, 0.06, 0.501, 0.1)]),
    ("Staggered baffle channel: 60 cm long, 5 cm high; three baffles at x = 15, 30 and 45 cm alternately on the bottom "
     "and top walls, each 1 mm thick and reaching halfway across the channel",
     [(0.1495, 0.0, 0.1505, 0.025), (0.2995, 0.025, 0.3005, 0.05), (0.4495, 0.0, 0.4505, 0.025)]),
    ("three ribs on the floor at x = 0.2, 0.4 and 0.6 m, 5 mm high and 5 mm thick, in a channel 1 m long and 0.05 m "
     "high", [(0.1975, 0.0, 0.2025, 0.005), (0.3975, 0.0, 0.4025, 0.005), (0.5975, 0.0, 0.6025, 0.005)]),
])
def test_a_row_of_wall_bodies_sized_once_for_all(text: str, boxes: list) -> None:
    assert _boxes(text) == boxes


@pytest.mark.parametrize("text, expected", [
    ("a rib 10 mm high and twice as long as it is high", "a rib 10 mm high and 0.02 m long"),
    ("a block 4 cm long and half as high as it is long", "a block 4 cm long and 0.02 m high"),
    ("a channel 0.1 m high and 20 times as long as it is high", "a channel 0.1 m high and 20 times as long as it is high"),
])
def test_self_proportions_only_for_bodies(text: str, expected: str) -> None:
    assert self_proportions(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("baffles reaching 40 % across the channel", "baffles reaching 0.04 m into the channel"),
    ("a fence extending halfway across the duct", "a fence extending 0.05 m into the channel"),
    ("a fin projecting a third of the way into the channel", "a fin projecting 0.0333333 m into the channel"),
    ("the rib is 25 per cent of the channel height", "the rib is 0.025 m"),
])
def test_across_fractions(text: str, expected: str) -> None:
    assert across_fractions(text, 0.1) == expected


def test_across_fractions_need_the_height() -> None:
    assert across_fractions("baffles reaching 40 % across the channel", None) == "baffles reaching 40 % across the channel"


# --- 2. parts given by coordinate ranges -----------------------------------------------------------

TWO_PLATES = [(0.2, 0.0, 0.205, 0.0125), (0.2, 0.0375, 0.205, 0.05)]


@pytest.mark.parametrize("text, boxes", [
    ("channel 0.6 m long, 50 mm high; a plate from x = 0.2 to 0.205 m spanning y = 0 to 12.5 mm and another from "
     "y = 37.5 mm to the top", TWO_PLATES),
    ("Two plates: one from x = 200 mm to x = 205 mm, y from 0 to 12.5 mm; the other at the same x from y = 37.5 mm up "
     "to the ceiling. Channel 600 mm long and 50 mm high.", TWO_PLATES),
    ("2D channel 60 cm x 5 cm. Plate 1 occupies 0.2 < x < 0.205, 0 < y < 0.0125 (m); plate 2 occupies "
     "0.2 < x < 0.205, 0.0375 < y < 0.05 (m).", TWO_PLATES),
    ("2D channel 0.4 m x 0.04 m, a block occupying 0.1 < x < 0.15, 0 < y < 0.02", [(0.1, 0.0, 0.15, 0.02)]),
    ("channel x 0..0.4, y 0..0.04 (m) with a baffle between x = 0.1 and 0.15 m from the floor to y = 2 cm",
     [(0.1, 0.0, 0.15, 0.02)]),
    ("channel 1 m x 0.1 m; a baffle hanging from the ceiling between x = 0.3 and 0.31 m, 3 cm deep",
     [(0.3, 0.07, 0.31, 0.1)]),
    ("a channel 0.6 m long and 0.06 m high with a rectangular block on the floor from x = 0.2 m to x = 0.26 m, 0.02 m "
     "tall", [(0.2, 0.0, 0.26, 0.02)]),
    ("Channel 80 cm by 8 cm. Obstacle: x from 20 cm to 22 cm, y from 0 to 4 cm.", [(0.2, 0.0, 0.22, 0.04)]),
    ("2D duct, L = 1 m, H = 0.1 m, with a rib in the region 0.4 m < x < 0.41 m, y < 0.02 m", [(0.4, 0.0, 0.41, 0.02)]),
    ("2D channel 1 m x 0.1 m, a plate at 0.3 < x < 0.31 m, y > 0.08 m", [(0.3, 0.08, 0.31, 0.1)]),
])
def test_parts_given_by_coordinate_ranges(text: str, boxes: list) -> None:
    assert _boxes(text) == boxes


def test_the_domain_s_own_ranges_are_no_part() -> None:
    assert range_parts("2D channel 1 m x 0.1 m (x 0..1, y 0..0.1), icoFoam") == []
    spec = parse_geometry("channel x 0..0.4, y 0..0.04 (m) with a baffle between x = 0.1 and 0.15 m from the floor to "
                          "y = 2 cm")
    assert spec is not None and (spec.dims.length, spec.dims.height) == (0.4, 0.04)


def test_wall_obstacles_are_cut_out_of_a_block_mesh(tmp_path) -> None:
    spec = parse_geometry("channel 0.6 m long, 50 mm high; a plate from x = 0.2 to 0.205 m spanning y = 0 to 12.5 mm "
                          "and another from y = 37.5 mm to the top; 240 x 20 cells")
    assert spec is not None and block_obstacles(spec)
    build = build_mesh(spec, tmp_path)
    assert build.generator == "blockMesh"
    assert {p.name: p.role for p in build.patches} == {"inlet": "inlet", "outlet": "outlet", "walls": "wall",
                                                      "obstacle1": "body", "obstacle2": "body", "frontAndBack": "empty"}
    assert build.bounds is not None and build.bounds[:2] == [pytest.approx((0.0, 0.6)), pytest.approx((0.0, 0.05))]
    text = (tmp_path / "system/blockMeshDict").read_text()
    assert "obstacle1" in text and "obstacle2" in text
    assert 240 * 20 - 4 * 20 <= build.n_cells <= 242 * 20  # the plates' cells left out


def test_a_floating_square_stays_with_gmsh() -> None:
    spec = parse_geometry("channel 2 x 0.4 m (origin lower-left), square obstacle 0.1 m side centred at (0.5, 0.2)")
    assert spec is not None and not block_obstacles(spec)


# --- 3. a cavity sized by one length and an aspect ratio -----------------------------------------------------

@pytest.mark.parametrize("text, width, height", [
    ("Rayleigh-Benard cell 0.2 m high, aspect ratio 2, heated from below", 0.4, 0.2),
    ("Rayleigh–Bénard convection between two horizontal plates 20 cm apart, aspect ratio 2, lower plate 305 K, upper "
     "295 K", 0.4, 0.2),
    ("RB cell, H = 0.2 m, aspect ratio 2, bottom 301 K, top 299 K", 0.4, 0.2),
    ("A heated-from-below enclosure, aspect ratio 2, 40 cm wide", 0.4, 0.2),
    ("Set up the BenardCells case but with a 2D cell 0.2 m high and aspect ratio 2; hot floor 310 K, cold ceiling "
     "300 K", 0.4, 0.2),
    ("tall differentially heated cavity, width 5 cm, aspect ratio 4, hot left wall, cold right wall", 0.05, 0.2),
    ("Rayleigh-Benard box 0.1 m wide, aspect ratio (height/width) 0.5, heated from below", 0.1, 0.05),
])
def test_cavity_one_length_and_aspect_ratio(text: str, width: float, height: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "heated_cavity"
    assert (round(spec.dims.width, 9), round(spec.dims.height, 9)) == (width, height)


# --- 4. annulus: cells by direction words, a wall moved by a tangential speed ------------------------------

@pytest.mark.parametrize("text, cells", [
    ("160 cells around, 20 across the gap", [160, 20]),
    ("40 cells in the radial direction and 200 in the azimuthal direction", [200, 40]),
    ("use 20 cells radially and 120 azimuthally", [120, 20]),
    ("a grid of 20 (radial) x 120 (circumferential)", [120, 20]),
    ("theta: 120 cells, r: 20 cells", [120, 20]),
    ("the gap gets 16 cells, the circumference 128", [128, 16]),
    ("twenty cells across the gap by one hundred and twenty around", [120, 20]),
    ("160 cells around, 20 across the gap and 50 along the axis", [160, 20, 50]),
    ("100 x 20 cells", None),
])
def test_annulus_cells_by_direction_words(text: str, cells: list[int] | None) -> None:
    assert annulus_cells(text) == cells


def test_a_3d_annulus_from_three_direction_counts() -> None:
    spec = parse_geometry("Taylor-Couette cell: inner cylinder radius 2 cm, outer 4 cm, 10 cm long, 160 cells around, "
                          "20 across the gap and 50 along the axis")
    assert spec is not None and spec.shape == "annulus" and spec.two_d is False and spec.mesh.cells == [160, 20, 50]


@pytest.mark.parametrize("text, said, wall", [
    ("annulus, inner cylinder fixed, outer wall moves at 10 cm/s", "10 cm/s", ("outer", 1)),
    ("Couette flow: the inner cylinder's surface speed is 0.2 m/s, the outer one is at rest", "0.2 m/s", ("inner", 1)),
    ("gap between cylinders of radius 1 and 2 cm; a tangential velocity of 5 cm/s on the outer cylinder", "5 cm/s",
     ("outer", 1)),
    ("the outer wall slides clockwise at 0.1 m/s", "0.1 m/s", ("outer", -1)),
    ("Couette cell: rotor radius 30 mm, stator radius 40 mm, rotor surface speed 0.5 m/s", "0.5 m/s", ("inner", 1)),
    ("a shaft of diameter 40 mm in a housing of diameter 60 mm; the housing rotates at 0.2 m/s tangential speed",
     "0.2 m/s", ("outer", 1)),
    ("inlet velocity 2 m/s", "2 m/s", None),
])
def test_the_wall_a_tangential_speed_moves(text: str, said: str, wall: tuple[str, int] | None) -> None:
    assert moved_wall(text, said) == wall


def test_wall_turns_writes_omega_v_over_r() -> None:
    text = "2D Taylor-Couette annulus, inner radius 0.02 m, outer radius 0.04 m, outer wall moves at 10 cm/s"
    q = StatedQuantity(text="10 cm/s", quantity="velocity", value=0.1, unit="m/s", role="lid_velocity")
    notes: list[str] = []
    (turned,) = wall_turns(text, [q], 0.02, 0.04, notes)
    assert (turned.role, turned.quantity, round(turned.value, 9)) == ("angular_velocity", "angular_velocity", 2.5)
    assert notes and "omega = v / r" in notes[0]
    spin = StatedQuantity(text="1 rad/s", quantity="angular_velocity", value=1.0, unit="rad/s", role="angular_velocity")
    assert wall_turns(text, [q, spin], 0.02, 0.04, []) == [q, spin]  # a stated rate says the turn


@pytest.mark.parametrize("text, fraction, entry", [
    ("2D channel 1 m long and 50 mm high with an orifice plate at x = 0.3 m whose opening is half the channel height, "
     "plate 2 mm thick", 0.5, ["distances", "obstacle0_1_opening"]),
    ("channel 1 m by 0.1 m with a baffle 2 mm thick on the floor at x = 0.3 m reaching 40 % across the channel", 0.4,
     ["obstacles", "0", "height"]),
])
def test_a_stated_fraction_is_read_back_from_the_geometry_record(tmp_path, text: str, fraction: float, entry: list) -> None:
    spec = parse_geometry(text)
    assert spec is not None
    record = geometry_record(spec, build_mesh(spec, tmp_path))
    found = recorded_fraction(fraction, record)
    assert found is not None and found[0] == entry
    assert recorded_fraction(0.37, record) is None


def test_a_fraction_of_another_shape_is_not_the_geometry_s() -> None:
    assert recorded_fraction(0.5, {"shape": "heated_cavity", "dimensions": {"width": 0.1, "height": 0.2}}) is None


@pytest.mark.parametrize("text, sizes", [
    ("a forward step whose height is 40 % of the channel height, channel 0.1 m high", {"step_height": 0.04, "height": 0.1}),
    ("backward-facing step: outlet channel 9 cm high, step height one third of the outlet height, 20 cm upstream and "
     "1 m downstream", {"step_height": 0.03, "height": 0.09}),
    ("BFS with the step a third of the outlet height; outlet height 0.09 m", {"step_height": 0.03, "height": 0.09}),
])
def test_a_step_sized_relative_to_the_channel(text: str, sizes: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape in ("forward_step", "backward_step")
    assert {k: round(getattr(spec.dims, k), 9) for k in sizes} == sizes


def test_a_square_sized_relative_to_a_channel_given_as_a_product() -> None:
    assert _boxes("channel 2 m x 0.4 m with a square obstacle whose side is a quarter of the channel height, centred "
                  "at (0.5, 0.2)") == [(0.45, 0.15, 0.55, 0.25)]


def test_plain_walls_names_machine_parts_inner_and_outer() -> None:
    assert plain_walls("a shaft in a housing; the housing rotates at 30 rpm, the inner cylinder is fixed") == \
        "a inner cylinder in a outer cylinder; the outer cylinder rotates at 30 rpm, the inner cylinder is fixed"
