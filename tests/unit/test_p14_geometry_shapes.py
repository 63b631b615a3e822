"""Bends, channels with a cavity, cross junctions and annuli read from many phrasings (terse, verbose,
other units, non-native word order): the shape named and every stated size in its dimensions."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import build_mesh, geometry_record, relative_distances
from tasks.geometry.spec import make_spec
from tasks.geometry.text import parse_geometry, shape_words
from tasks.geometry.text_lengths import named_lengths

IN, FT = 0.0254, 0.3048


def _dims(text: str, shape: str) -> dict:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape, (text, spec and spec.shape)
    return spec.dims.model_dump()


def _close(got: dict, want: dict) -> None:
    for key, value in want.items():
        assert got[key] == (pytest.approx(value) if isinstance(value, float) else value), (key, got)


BENDS = [
    # terse engineer
    ("2D laminar flow in a 90 degree bend: channel width 0.1 m, inlet leg 1 m, outlet leg 1 m, water 0.01 m/s, icoFoam",
     dict(width=0.1, inlet_length=1.0, outlet_length=1.0, angle=90.0, inner_radius=None)),
    ("elbow, 90 deg, duct 4 in wide, bend radius 8 in, 2 ft straight sections before and after, simpleFoam air 10 m/s",
     dict(width=4 * IN, inlet_length=2 * FT, outlet_length=2 * FT, inner_radius=6 * IN)),
    ("90° elbow duct W=0.05 m, R=0.1 m, L1=0.5 m, L2=0.8 m",
     dict(width=0.05, inlet_length=0.5, outlet_length=0.8, inner_radius=0.075)),
    ("U-bend 2D, width 20 mm, legs 200 mm each, inner radius 10 mm, icoFoam nu 1e-6, inlet 0.05 m/s",
     dict(width=0.02, inlet_length=0.2, outlet_length=0.2, angle=180.0, inner_radius=0.01)),
    # verbose student
    ("I would like to simulate flow through a two-dimensional L-shaped duct. The duct is 5 cm wide, the horizontal leg "
     "is 40 cm long and the vertical leg is 30 cm long, with a sharp corner. Use simpleFoam with nu 1e-6 and 0.2 m/s inlet.",
     dict(width=0.05, inlet_length=0.4, outlet_length=0.3, angle=90.0, inner_radius=None)),
    ("Please could you set up a simulation of laminar flow of water through a two-dimensional duct that has a right-angle "
     "bend. The duct is 2 cm wide. The straight inlet section is 20 cm long and the straight outlet section is 10 cm long. "
     "The inner radius of the bend is 1 cm. I want to use simpleFoam.",
     dict(width=0.02, inlet_length=0.2, outlet_length=0.1, angle=90.0, inner_radius=0.01)),
    # other word order, non-native
    ("channel make 90 degree turn, width is 0.1 m, before turn 1 m, after turn 0.5 m, icoFoam",
     dict(width=0.1, inlet_length=1.0, outlet_length=0.5, angle=90.0)),
    ("channel that turns through 45 degrees, width 0.1 m, centreline radius 0.3 m, 1 m before the bend and 2 m after",
     dict(angle=45.0, inner_radius=0.25, inlet_length=1.0, outlet_length=2.0)),
    ("180 degree bend, width 50 mm, legs 0.3 m apart, each leg 500 mm long",
     dict(angle=180.0, leg_spacing=0.3, inlet_length=0.5, outlet_length=0.5, inner_radius=None)),
    ("a 2D L-bend: 10 cm wide duct, inlet arm 60 cm, outlet arm 40 cm, mitred corner",
     dict(width=0.1, inlet_length=0.6, outlet_length=0.4, inner_radius=None)),
    ("2D channel 5 cm wide bends through 60 degrees, inner radius 10 cm, legs 50 cm",
     dict(angle=60.0, inner_radius=0.1, inlet_length=0.5, outlet_length=0.5)),
    ("a duct turning 135 degrees, 0.1 m wide, legs 1 m, bend radius 0.3 m", dict(angle=135.0, inner_radius=0.25)),
    ("a curved bend whose inner wall is a circular arc of radius 5 cm, duct 2 cm wide, legs 20 cm", dict(inner_radius=0.05)),
    ("2D bend, outer wall radius 12 cm, duct 2 cm wide, legs 20 cm", dict(inner_radius=0.1)),
    ("2D bend, width 0.1 m, legs 1 m, endTime 180 s", dict(angle=90.0)),
]


@pytest.mark.parametrize(("text", "shape"), [
    ("backward-facing step with a sharp corner, step 0.05 m", "backward_step"),
    ("forward step, a 90 degree corner 3 cm high", "forward_step"),
])
def test_a_step_with_a_corner_is_no_bend(text: str, shape: str) -> None:
    assert shape_words(text) == shape


@pytest.mark.parametrize(("text", "want"), BENDS)
def test_a_bend_is_built_with_its_stated_sizes(text: str, want: dict) -> None:
    _close(_dims(text, "bend"), want)


@pytest.mark.parametrize("text", [
    "run the icoFoam elbow with the inlet velocity 2 m/s",  # the elbow tutorial, named without a size
    "Mixing elbow: 5.4 km/h through the main inlet (x direction), 14.4 km/h through the small inlet",
    "Hot gas through the square-section bend: 1080 kg/h entering at 326.85 degC",  # squareBend
    "mixing elbow 0.1 m wide with two inlets",
])
def test_a_tutorial_bend_is_not_the_library_bend(text: str) -> None:
    assert shape_words(text) != "bend"


@pytest.mark.parametrize("text", [
    "turbulent flow through a 90 degree bend in a 5 cm pipe",
    "a 90 degree pipe elbow of 50 mm diameter with simpleFoam",
])
def test_a_round_or_3d_elbow_is_refused_with_its_reason(text: str) -> None:
    with pytest.raises(RequestError, match="geometry refused"):
        parse_geometry(text)


def test_a_square_ducts_3d_bend_is_the_2d_bend_extruded() -> None:
    spec = parse_geometry("3D bend of a square duct 0.1 m wide, legs 1 m")
    assert spec.shape == "bend" and not spec.two_d and spec.dims.width == 0.1


def test_a_centreline_radius_too_small_for_the_width_is_left_unbound() -> None:
    spec = parse_geometry("2D bend, duct 0.2 m wide, bend radius 0.05 m, legs 1 m")
    assert spec.dims.inner_radius is None and any("sharp corner" in n for n in spec.notes)


CAVITIES = [
    ("2D channel 2 m long, 0.2 m high, with a 0.2 m wide, 0.1 m deep cavity in the floor starting 1 m from the inlet, "
     "inlet 1 m/s, icoFoam nu 1e-3",
     dict(length=2.0, height=0.2, cavity_width=0.2, cavity_depth=0.1, cavity_start=1.0, cavity_wall="floor")),
    ("I am a student and I want to model flow over a rectangular groove cut into the bottom wall of a channel. The "
     "channel is 50 cm long and 5 cm high; the groove is 5 cm long and 2 cm deep and begins 20 cm downstream of the "
     "inlet. Laminar, simpleFoam, nu 1e-5, U 0.1 m/s",
     dict(length=0.5, height=0.05, cavity_width=0.05, cavity_depth=0.02, cavity_start=0.2)),
    ("channel L=1 m H=0.1 m with notch 0.05 x 0.05 m in floor at x = 0.4 m, pimpleFoam",
     dict(length=1.0, height=0.1, cavity_width=0.05, cavity_depth=0.05, cavity_start=0.4)),
    ("duct with a cavity of width 10 mm and depth 20 mm in the ceiling, duct 100 mm long, 10 mm high, centred at x = 50 mm",
     dict(length=0.1, height=0.01, cavity_width=0.01, cavity_depth=0.02, cavity_start=0.045, cavity_wall="ceiling")),
    ("a channel 40 in long and 4 in high with a 2 in deep, 3 in wide recess in the floor 10 in from the inlet",
     dict(length=40 * IN, height=4 * IN, cavity_width=3 * IN, cavity_depth=2 * IN, cavity_start=10 * IN)),
    ("open cavity 3 cm wide and 3 cm deep below a channel 30 cm long and 1 cm high, cavity starts 10 cm from inlet, icoFoam",
     dict(length=0.3, height=0.01, cavity_width=0.03, cavity_depth=0.03, cavity_start=0.1)),
    ("2D duct 1 m long, 0.1 m tall; the floor has a 0.05 m deep, 0.1 m long trench centred at x = 0.5 m",
     dict(length=1.0, height=0.1, cavity_width=0.1, cavity_depth=0.05, cavity_start=0.45)),
    ("channel with a groove, channel 0.6 m x 0.06 m, groove 30 mm by 15 mm at x = 0.2 m",
     dict(length=0.6, height=0.06, cavity_width=0.03, cavity_depth=0.015, cavity_start=0.2)),
]


@pytest.mark.parametrize(("text", "want"), CAVITIES)
def test_a_cavity_in_a_channel_wall_is_built_not_read_as_a_lid_driven_cavity(text: str, want: dict) -> None:
    _close(_dims(text, "channel_with_cavity"), want)


@pytest.mark.parametrize("text", ["lid-driven cavity 0.1 m, lid 1 m/s, icoFoam",
                                  "square cavity heated from below, 5 cm side, floor at 310 K and ceiling at 300 K"])
def test_a_closed_cavity_stays_a_cavity(text: str) -> None:
    assert shape_words(text) in ("lid_driven_cavity", "heated_cavity")


CROSSES = [
    ("cross junction (four-way) of two channels 0.1 m wide, arms 0.5 m long, inlet left 0.1 m/s, simpleFoam nu 1e-5",
     dict(width=0.1, arm_length=0.5)),
    ("Four-way junction: main channel 2 m long and 0.2 m wide, the cross channel 0.1 m wide, simpleFoam",
     dict(width=0.2, branch_width=0.1, arm_length=0.95)),
    ("four way crossing: main duct 0.05 m wide, cross duct width 0.03 m, arms 0.2 m each",
     dict(width=0.05, branch_width=0.03, arm_length=0.2)),
    ("two channels crossing at right angles, both 4 cm wide, each arm 20 cm long", dict(width=0.04, arm_length=0.2)),
    ("intersecting channels 1 in wide with arms of 6 in", dict(width=IN, arm_length=6 * IN)),
    ("cross junction, all four arms 0.3 m long, channels 0.1 m wide", dict(width=0.1, arm_length=0.3)),
]


@pytest.mark.parametrize(("text", "want"), CROSSES)
def test_a_cross_junction_is_built_with_its_arms(text: str, want: dict) -> None:
    _close(_dims(text, "cross_junction"), want)


TEES = [
    ("tee: main channel width 20 mm length 200 mm, branch width 10 mm length 60 mm",
     dict(length=0.2, width=0.02, branch_width=0.01, branch_length=0.06)),
    ("T-junction, all arms 0.1 m wide, main run 1 m long, side branch 0.4 m long, simpleFoam",
     dict(length=1.0, width=0.1, branch_width=0.1, branch_length=0.4)),
    ("I need a 2D T-junction where the main channel is 2 m long and 0.2 m wide and a branch 0.1 m wide and 0.5 m long "
     "leaves the top wall at 1.2 m from the inlet",
     dict(length=2.0, width=0.2, branch_width=0.1, branch_length=0.5, branch_position=1.2)),
    # arms measured from the junction
    ("T-junction of 0.1 m wide channels, all three arms 0.5 m long, simpleFoam",
     dict(length=1.1, width=0.1, branch_length=0.5, branch_position=0.55)),
    ("2D tee, width 5 cm, each arm 30 cm, inlet on the left", dict(length=0.65, branch_length=0.3, branch_position=0.325)),
    ("T junction: inlet arm 1 m, outlet arm 0.6 m, branch arm 0.4 m, all 0.1 m wide",
     dict(length=1.7, branch_length=0.4, branch_position=1.05)),
]


@pytest.mark.parametrize(("text", "want"), TEES)
def test_a_t_junction_keeps_each_arm_its_sizes(text: str, want: dict) -> None:
    _close(_dims(text, "t_junction"), want)


@pytest.mark.parametrize(("text", "want"), [
    ("width 20 mm length 200 mm", {"width": 0.02, "length": 0.2}),
    ("duct length 200 mm width 20 mm", {"width": 0.02, "length": 0.2}),
    ("a 3 m length of duct", {"length": 3.0}),
])
def test_a_size_after_a_dimension_name_is_that_dimension(text: str, want: dict) -> None:
    assert named_lengths(text) == pytest.approx(want)


ANNULI = [
    ("2D Taylor-Couette flow, radii 0.05 and 0.02 m, inner cylinder rotating at 2 rad/s", 0.02, 0.05),
    ("annulus, outer diameter 10 cm, inner 4 cm, inner wall rotates at 1 rad/s, icoFoam, nu 1e-5", 0.02, 0.05),
    ("Couette flow in a 5 mm gap around a 20 mm rod rotating at 10 rad/s, icoFoam, nu 1e-6", 0.01, 0.015),
    ("I want to simulate flow between two concentric cylinders: the outer one has a radius of 0.1 m and the inner one a "
     "radius of 0.06 m; the inner spins at 1 rad/s", 0.06, 0.1),
    ("Taylor-Couette, outer radius 5 cm, inner radius 2 cm", 0.02, 0.05),
    ("Taylor-Couette with diameters of 100 mm and 40 mm", 0.02, 0.05),
    ("a rod of 20 mm diameter rotating inside a 30 mm diameter tube, Taylor-Couette", 0.01, 0.015),
    ("taylor couette cell: outer cylinder 0.1 m radius, inner cylinder 0.05 m radius", 0.05, 0.1),
    ("Taylor-Couette, inner 2 cm and outer 5 cm radius, icoFoam", 0.02, 0.05),
    ("a shaft of 40 mm diameter spinning at 100 rpm inside a 60 mm bore, 2D", 0.02, 0.03),
    ("2D Taylor-Couette: gap 1 cm, outer radius 4 cm", 0.03, 0.04),
    ("annular gap with inner radius 20 mm and outer radius 50 mm", 0.02, 0.05),
    ("Taylor–Couette cell, 50 mm outer and 20 mm inner radii", 0.02, 0.05),
    ("Couette flow between an inner cylinder (diameter 4 cm) and an outer cylinder (diameter 10 cm), 2D", 0.02, 0.05),
    ("annular duct: OD 50 mm, ID 30 mm, 2D", 0.015, 0.025),
    ("Taylor-Couette, R1 = 2 cm, R2 = 5 cm, inner rotating 1 rad/s", 0.02, 0.05),
]


@pytest.mark.parametrize(("text", "inner", "outer"), ANNULI)
def test_annulus_radii_in_any_order_give_inner_less_than_outer(text: str, inner: float, outer: float) -> None:
    d = _dims(text, "annulus")
    assert (d["inner_radius"], d["outer_radius"]) == pytest.approx((inner, outer))


@pytest.mark.parametrize(("fields", "want"), [
    (dict(shape="bend", dimensions=dict(width=0.1, inner_radius=0.2)), {"centreline_radius": 0.25, "outer_radius": 0.3}),
    (dict(shape="channel_with_cavity", dimensions=dict(length=2, cavity_start=1, cavity_width=0.2)),
     {"cavity_end": 1.2, "cavity_to_outlet": 0.8}),
    (dict(shape="cross_junction", dimensions=dict(width=0.1, arm_length=0.5)), {"main_length": 1.1}),
    (dict(shape="annulus", dimensions=dict(inner_radius=0.02, outer_radius=0.05)), {"gap": 0.03, "outer_diameter": 0.1}),
])
def test_lengths_stated_relative_to_the_shape_are_recorded(fields: dict, want: dict) -> None:
    got = relative_distances(make_spec(**fields))
    assert {k: got[k] for k in want} == pytest.approx(want)


@pytest.mark.parametrize(("fields", "match"), [
    (dict(shape="bend", dimensions=dict(angle=60)), "sharp corner"),
    (dict(shape="channel_with_cavity", dimensions=dict(length=1, cavity_start=0.95, cavity_width=0.1)), "within the channel"),
    (dict(shape="bend", dimensions=dict(angle=180, inner_radius=0.1, leg_spacing=0.2)), "not both"),
])
def test_sizes_that_do_not_close_are_refused(fields: dict, match: str) -> None:
    with pytest.raises(RequestError, match=match):
        make_spec(**fields)


def test_the_geometry_record_says_which_dimensions_were_not_stated(tmp_path) -> None:
    spec = parse_geometry("2D duct bend 0.1 m wide, legs 1 m each, inner radius 0.2 m")
    record = geometry_record(spec, build_mesh(spec, tmp_path))
    assert record["defaulted"] == ["angle"] and record["dimensions"]["angle"] == 90.0
    assert record["distances"]["centreline_radius"] == pytest.approx(0.25)
