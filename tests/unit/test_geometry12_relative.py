"""Session 12, geometry: sizes said relative to other sizes (multiples, fractions, counts of a qualified size),
nominal pipe sizes, a drawing's unit declared in brackets, postfix labels, a branch off a run. Each class is
tested with paraphrases in other shapes, units and word orders than the probes."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry
from tasks.geometry.text_nominal import inches, nominal_sizes, nps_bore_mm
from tasks.geometry.text_ratio import multiplier_value, ratio_sizes, reference_value


@pytest.mark.parametrize(("word", "value"), [
    ("half", 0.5), ("a third", 1 / 3), ("one-quarter", 0.25), ("two thirds", 2 / 3), ("3 quarters", 0.75),
    ("twice", 2.0), ("double", 2.0), ("3 times", 3.0), ("1.5 x", 1.5), ("150 % of", 1.5), ("a fifth", 0.2),
])
def test_multiplier_value(word: str, value: float) -> None:
    assert multiplier_value(word) == pytest.approx(value)


@pytest.mark.parametrize(("qualifiers", "noun", "refs", "value"), [
    ("inlet ", "height", {"inlet_height": 0.02}, 0.02),
    ("shaft ", "diameter", {"inner_radius": 0.02}, 0.04),
    ("sleeve ", "radius", {"outer_diameter": 0.1}, 0.05),
    ("header ", "width", {"width": 0.1}, 0.1),
    ("channel ", "height", {"outlet_height": 0.04, "inlet_height": 0.03}, 0.04),  # a step's channel: the larger section
    ("step ", "height", {"height": 0.04}, None),  # the step's own height is not the channel's
    ("branch ", "width", {"width": 0.1}, None),
])
def test_reference_value(qualifiers: str, noun: str, refs: dict[str, float], value: float | None) -> None:
    got = reference_value(qualifiers, noun, refs)
    assert (got is None and value is None) or got == pytest.approx(value)


@pytest.mark.parametrize(("text", "refs", "expected"), [
    ("the outlet is half the inlet width", {"inlet_height": 0.06}, "the outlet is 0.03 m wide"),
    ("step height a quarter of the channel height", {"height": 0.04}, "step height 0.01 m"),
    ("outlet duct three times as tall as the inlet duct", {"inlet_height": 0.01}, "outlet duct 0.03 m high"),
    ("its centreline four header widths downstream of the inlet", {"width": 0.1}, "its centreline 0.4 m downstream of the inlet"),
    ("an annular gap of half the shaft diameter", {"inner_radius": 0.02}, "an annular gap of 0.02 m"),
    ("half the inlet width", {}, "half the inlet width"),  # no reference known: kept
])
def test_ratio_sizes(text: str, refs: dict[str, float], expected: str) -> None:
    assert ratio_sizes(text, refs) == expected


# (text, shape, {dimension: metres}) -- paraphrases of the class in other solvers, units and word orders
_RELATIVE = [
    ("pimpleFoam laminar: 2D sudden contraction, inlet leg 80 mm high and 0.4 m long, outlet leg a quarter of the inlet "
     "height and 1 m long", "sudden_contraction", {"inlet_height": 0.08, "outlet_height": 0.02, "downstream_length": 1.0}),
    ("Backward-facing step, dimensions in inches: the duct after the step is 4 in tall, the step height is half the duct "
     "height, 10 step heights before the step and 40 after", "backward_step",
     {"step_height": 0.0508, "upstream_length": 0.508, "downstream_length": 1.016}),
    ("shape: annulus\ninner radius: 25 mm\nouter radius: twice the inner radius\ninner wall rotates at 10 rad/s", "annulus",
     {"inner_radius": 0.025, "outer_radius": 0.05}),
    ("Could you set up a 2D T-junction where the main channel is 60 mm wide and 1 m long and the branch is two thirds of "
     "the main channel width, rising 0.3 m, its centreline 0.4 m from the inlet?", "t_junction",
     {"width": 0.06, "branch_width": 0.04, "branch_length": 0.3, "branch_position": 0.4}),
    ("icoFoam, 2D channel, H = 0.1 m, length 10 H, square block with side a fifth of the channel height centred 3 H "
     "downstream of the inlet at mid-height", "channel_with_obstacles", {"length": 1.0, "height": 0.1}),
    ("BFS: h = H/4 where H = 40 mm is the height after the step; upstream length 5h; downstream length 30h", "backward_step",
     {"step_height": 0.01, "upstream_length": 0.05, "downstream_length": 0.3}),
    ("A backward-facing step whose channel after the step is 40 mm high; the step itself is a quarter of that height. "
     "Give the inlet passage a length of five step heights and the passage after the step thirty step heights.", "backward_step",
     {"step_height": 0.01, "upstream_length": 0.05, "downstream_length": 0.3}),
    ("sudden expansion in a duct: the inlet channel is 12 mm high and 60 mm long, the outlet channel is twice as high as "
     "the inlet channel and 25 inlet heights long", "sudden_expansion",
     {"inlet_height": 0.012, "outlet_height": 0.024, "downstream_length": 0.3}),
]


@pytest.mark.parametrize(("text", "shape", "dims"), _RELATIVE)
def test_relative_sizes_end_to_end(text: str, shape: str, dims: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape
    for name, value in dims.items():
        assert spec.dimensions.get(name) == pytest.approx(value, rel=1e-3), (name, spec.dimensions)


@pytest.mark.parametrize(("word", "value"), [("2", 2.0), ("1-1/2", 1.5), ("1 1/2", 1.5), ("3/4", 0.75), ("1½", 1.5)])
def test_inches(word: str, value: float) -> None:
    assert inches(word) == pytest.approx(value)


@pytest.mark.parametrize(("text", "expected"), [
    ("a DN50 pipe", "a 50 mm bore pipe"), ("DN 100 line", "100 mm bore pipe line"), ("NPS 2 pipe", "50 mm bore pipe"),
    ("a 4-inch NB main", "a 100 mm bore pipe main"), ("3/4\" NPS hose", "20 mm bore hose"), ("DNA sample", "DNA sample"),
    ("a DN25 tap on the pipe", "a 25 mm bore tap on the pipe"),
])
def test_nominal_sizes(text: str, expected: str) -> None:
    assert nominal_sizes(text) == expected


def test_nps_off_the_table_is_its_inch_size() -> None:
    assert nps_bore_mm(7.0) == pytest.approx(177.8)


@pytest.mark.parametrize(("text", "diameter", "length"), [
    ("axisymmetric DN50 pipe, 40 diameters long, simpleFoam", 0.05, 2.0),
    ("NPS 2 pipe, 3 m long, axisymmetric, pimpleFoam", 0.05, 3.0),
    ("a 4-inch NPS pipe 6 m long, axisymmetric", 0.1, 6.0),
    ("nominal bore 3 inch, pipe 4 m long", 0.08, 4.0),
])
def test_nominal_pipe_end_to_end(text: str, diameter: float, length: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "pipe"
    assert spec.dimensions["diameter"] == pytest.approx(diameter)
    assert spec.dimensions["length"] == pytest.approx(length)


# a drawing: unit declared in brackets for unitless sizes, labels after the size, OAL, a product's second size
_DRAWING = [
    ("Ø30 pin, C/L 150 from inlet face, 75 above bottom wall; channel 600 OAL x 150 (all mm), pimpleFoam", "cylinder_crossflow",
     {"diameter": 0.03, "length": 0.6, "height": 0.15, "center_x": 0.15, "center_y": 0.075}),
    ("Backward-facing step. Step H 25 mm at X 0; inlet passage 25 H x 125 L (mm); downstream passage 50 H x 750 L, floor at Y 0.",
     "backward_step", {"step_height": 0.025, "height": 0.05, "upstream_length": 0.125, "downstream_length": 0.75}),
    ("Annulus section, 2D. ID 60 dia., OD 100 dia. (mm, ±0.05), concentric", "annulus", {"inner_radius": 0.03, "outer_radius": 0.05}),
    ("Rod dia 1 [in], centre 6 from the inlet and 2 above the floor; tunnel 24 long x 4 (all in), icoFoam", "cylinder_crossflow",
     {"diameter": 0.0254, "length": 0.6096, "height": 0.1016, "center_x": 0.1524, "center_y": 0.0508}),
    ("Branch 40 wide x 160 long on top of a 40 x 400 run (mm); branch C/L 120 from run inlet; simpleFoam", "t_junction",
     {"length": 0.4, "width": 0.04, "branch_width": 0.04, "branch_length": 0.16, "branch_position": 0.12}),
]


@pytest.mark.parametrize(("text", "shape", "dims"), _DRAWING)
def test_drawing_sizes_end_to_end(text: str, shape: str, dims: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape
    for name, value in dims.items():
        assert spec.dimensions.get(name) == pytest.approx(value, rel=1e-3), (name, spec.dimensions)


@pytest.mark.parametrize("text", [
    "a side branch 30 mm wide leaves the main pipe, 2D, simpleFoam",
    "the branch comes off the header 0.4 m from the inlet",
])
def test_branch_off_a_run_is_a_tee(text: str) -> None:
    from tasks.geometry.text_shapes import shape_words
    assert shape_words(text) == "t_junction"


@pytest.mark.parametrize(("text", "diameter", "length"), [
    ("Laminar flow in a DN80 line, 4 m of straight run, axisymmetric wedge, simpleFoam", 0.08, 4.0),
    ("0.5 m/s of water through 3 m of DN 25 tube (2D axisymmetric), icoFoam, 5 s", 0.025, 3.0),
    ("a 6 m run of NPS 3 pipe, axisymmetric", 0.08, 6.0),
])
def test_plant_pipe_words(text: str, diameter: float, length: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "pipe"
    assert spec.dimensions["diameter"] == pytest.approx(diameter)
    assert spec.dimensions["length"] == pytest.approx(length)


@pytest.mark.parametrize(("text", "centre", "side"), [
    ("Channel 1200 x 200 (dims in mm) with a square bar 40 across, centred 300 from the inlet and 100 off the floor; icoFoam",
     (0.3, 0.1), 0.04),
    ("channel 2 m long and 0.5 m high, a square block 10 cm across sitting 0.6 m in from the inlet, 20 cm up from the floor",
     (0.6, 0.2), 0.1),
])
def test_square_across_placed_from_features(text: str, centre: tuple[float, float], side: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    body = spec.obstacles[0]
    assert body.center == pytest.approx(centre)
    assert body.width == pytest.approx(side)


@pytest.mark.parametrize(("text", "centre_y"), [
    ("a 2 cm rod 10 cm in from the inlet, 3 cm up from the floor, channel 50 cm long and 8 cm high", 0.03),
    ("a 2 cm rod 10 cm from the inlet, 2 cm down from the top wall, channel 50 cm long and 8 cm high", 0.06),
])
def test_body_height_from_a_wall(text: str, centre_y: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.dimensions["center_y"] == pytest.approx(centre_y)


# a body's place along the channel as a part of its length: numeric fractions, percentages, "midway"
@pytest.mark.parametrize(("text", "centre_x"), [
    ("Channel length: 2 m; height: 40 cm; square block side 5 cm at 25 % of the channel length, mid-height; icoFoam", 0.5),
    ("a 5 cm rod placed 1/4 of the way down a 1 m by 20 cm channel at half height, simpleFoam laminar", 0.25),
    ("Is it possible to put a 4 cm square obstacle midway along a 2 m long, 0.4 m high channel, centred vertically?", 1.0),
    ("a 3 cm cylinder halfway down a 1.5 m long, 0.3 m high duct, on the axis, pimpleFoam", 0.75),
    ("channel 3 m by 0.6 m; a 0.1 m cylinder sits at a third of the channel length on the centreline", 1.0),
])
def test_place_as_a_part_of_the_length(text: str, centre_x: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None
    x = spec.obstacles[0].center[0] if spec.obstacles else spec.dimensions["center_x"]
    assert x == pytest.approx(centre_x)
