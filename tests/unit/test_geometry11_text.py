"""Session 11 geometry classes: one unit shared by a list of sizes, ratios in words, a round size named both
ways, section sizes after a decimal, place labels as keys, the direction of a step, rectangular bodies by their
noun, a gradual change named by the change, and an x list that runs into a product."""

from __future__ import annotations

import pytest

from tasks.geometry.shape_body_place import x_list
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_shared_unit import shared_units, spelled_ratios


def _dims(text: str) -> tuple[str, dict]:
    spec = parse_geometry(text)
    assert spec is not None
    return spec.shape, spec.dimensions


@pytest.mark.parametrize("text, expected", [
    ("a duct 60 cm long, 10 cm tall and 5 deep", "a duct 60 cm long, 10 cm tall and 5 cm deep"),
    ("5 deep and 10 cm wide", "5 cm deep and 10 cm wide"),
    ("2 in high and twelve long", "2 in high and 12 in long"),
    ("channel 1 m long; 100 x 20 cells; 5 deep", "channel 1 m long; 100 x 20 cells; 5 deep"),  # no sized neighbour in its clause
    ("cavity 0.1 m wide. 5 deep", "cavity 0.1 m wide. 5 deep"),
    ("forty cells long", "forty cells long"),
])
def test_shared_units(text: str, expected: str) -> None:
    assert shared_units(text) == expected


@pytest.mark.parametrize("text, key, value", [
    ("3D rectangular duct for simpleFoam, 2 ft long in x, 4 in tall and 3 wide, corner at the origin", "depth", 0.0762),
    ("lid-driven cavity for icoFoam: eighty millimetres wide and forty deep", "height", 0.04),
    ("rhoPimpleFoam in a plain 2D channel, 50 long and 5 cm high, lower-left corner at the origin", "length", 0.5),
    ("pisoFoam, plain 2D channel: 300 cm long, 25 high, origin at the lower-left corner", "height", 0.25),
])
def test_shared_unit_in_a_request(text: str, key: str, value: float) -> None:
    assert _dims(text)[1][key] == pytest.approx(value)


@pytest.mark.parametrize("text, expected", [
    ("Expansion ratio three, symmetric", "Expansion ratio 3, symmetric"),
    ("an aspect ratio of twenty-five.", "an aspect ratio of 25."),
    ("H/W = two", "H/W = 2"),
    ("ratio two to one", "ratio two to one"),
])
def test_spelled_ratios(text: str, expected: str) -> None:
    assert spelled_ratios(text) == expected


@pytest.mark.parametrize("text, key, value", [
    ("sudden expansion with an expansion ratio of two, inlet channel 1 inch high, simpleFoam", "outlet_height", 0.0508),
    ("Contraction ratio: four. Inlet height: 80 mm. Abrupt contraction, pimpleFoam laminar.", "outlet_height", 0.02),
    ("Is an abrupt 2D expansion with area ratio three and a 10 mm inlet channel possible with icoFoam?", "outlet_height", 0.03),
    ("lid-driven cavity, 0.1 m wide, aspect ratio H/W = two, icoFoam", "height", 0.2),
])
def test_spelled_ratio_in_a_request(text: str, key: str, value: float) -> None:
    assert _dims(text)[1][key] == pytest.approx(value)


@pytest.mark.parametrize("text, key, value", [
    ("laminar pipe flow with simpleFoam, the bore is 1 in in radius, 2 m long", "diameter", 0.0508),
    ("What happens in an axisymmetric tube whose bore measures 4 mm in radius, 0.5 m long?", "diameter", 0.008),
    ("Taylor-Couette: rotor 15 mm in radius, stator 25 mm in radius, pimpleFoam", "inner_radius", 0.015),
    ("annulus, inner cylinder 20 mm in radius, outer cylinder 40 mm in radius", "outer_radius", 0.04),
    ("channel 1 m by 0.2 m from origin; a pin 1 cm in radius at (0.3, 0.1); icoFoam", "diameter", 0.02),
    ("a 3 ft x 1 ft duct from the origin with a wire, 0.25 in radius, at (1 ft, 6 in); pisoFoam", "diameter", 0.0127),
    ("pipe of diameter 2 cm and 1 m long, pimpleFoam", "diameter", 0.02),  # unchanged
])
def test_round_size_named_after_it(text: str, key: str, value: float) -> None:
    assert _dims(text)[1][key] == pytest.approx(value)


@pytest.mark.parametrize("text, key, value", [
    ("backward-facing step: the inlet channel is 0.05 m high and 0.25 m long; the step is 0.05 m; outlet channel 1.5 m long",
     "upstream_length", 0.25),
    ("sudden contraction, pimpleFoam: the upstream duct is 0.12 m wide and 0.4 m long, the downstream duct 0.04 m wide and"
     " 0.8 m long", "downstream_length", 0.8),
    ("sudden expansion: the inlet channel is 0.02 m high and 0.1 m long, and at x = 0 it opens into a channel 0.06 m high",
     "upstream_length", 0.1),
])
def test_section_sizes_after_a_decimal(text: str, key: str, value: float) -> None:
    assert _dims(text)[1][key] == pytest.approx(value)


@pytest.mark.parametrize("text, expected", [
    ("backward step\nstep height: 2 in\nahead of the step: 10 in\nbehind the step: 60 in\nsimpleFoam",
     {"step_height": 0.0508, "upstream_length": 0.254, "downstream_length": 1.524}),
    ("BFS; step 20 mm; before the step = 100 mm; after the step = 600 mm; channel height 40 mm; pimpleFoam",
     {"step_height": 0.02, "upstream_length": 0.1, "downstream_length": 0.6}),
    ("How long should the recovery be? Say recovery: 1.2 m, approach: 0.3 m, for a 0.05 m backward-facing step in a 0.1 m"
     " channel", {"downstream_length": 1.2, "upstream_length": 0.3}),
    ("forward-facing step height: 25 mm; duct height: 75 mm; past the step: 0.5 m; lead-in: 0.2 m; rhoCentralFoam",
     {"step_height": 0.025, "downstream_length": 0.5, "upstream_length": 0.2}),
    ("case: rising step\nduct height: 8 cm\nrise of the floor: 3 cm\napproach: 30 cm; after the step: 60 cm",
     {"step_height": 0.03, "height": 0.08, "downstream_length": 0.6}),
])
def test_place_labels_a_length(text: str, expected: dict[str, float]) -> None:
    dims = _dims(text)[1]
    assert {k: dims.get(k) for k in expected} == pytest.approx(expected)


@pytest.mark.parametrize("text, shape", [
    ("a step up of 2 cm in a 6 cm channel, 20 cm before and 50 cm after, simpleFoam", "forward_step"),
    ("Flow over a rising step: floor rises by 1 in at x = 0, duct 3 in high, pimpleFoam", "forward_step"),
    ("rhoCentralFoam Mach 3 over an upward step of 0.2 m in a 1 m high channel", "forward_step"),
    ("a 3 cm step (forward facing) in an 8 cm high duct; simpleFoam", "forward_step"),
    ("step height: 5 mm (a step down, backward facing); channel 10 mm; simpleFoam", "backward_step"),
    ("a 2 cm step in a 4 cm channel; pisoFoam", "backward_step"),
])
def test_step_direction(text: str, shape: str) -> None:
    assert _dims(text)[0] == shape


@pytest.mark.parametrize("text, centre, size", [
    ("pimpleFoam: rectangular slab 4 cm x 1 cm centred at (0.2, 0.1) in a 1 m x 0.2 m channel from origin", (0.2, 0.1), (0.04, 0.01)),
    ("Centred at (30, 10) cm, a 5 cm x 2 cm rectangular beam in a 150 cm x 20 cm channel from the origin; simpleFoam",
     (0.3, 0.1), (0.05, 0.02)),
    ("Centred at x = 30 cm and mid-height, a 2 cm by 10 cm rectangular plate (the 10 cm across the flow) stands in a"
     " 120 cm long, 30 cm high 2D channel whose lower-left corner is the origin; pimpleFoam", (0.3, 0.15), (0.02, 0.1)),
    ("Could you simulate a rectangular brick 0.1 x 0.05 m lying on the floor, front face at x = 0.5 m, 2 m x 0.5 m channel,"
     " pisoFoam?", (0.55, 0.025), (0.1, 0.05)),
    ("a rectangular fin 2 mm thick and 20 mm tall stands on the floor at x = 50 mm; channel 300 x 60 mm from origin; icoFoam",
     (0.05, 0.01), (0.002, 0.02)),
    ("obstacle: rectangular rib, 10 mm wide, 5 mm high, on the bottom wall at x = 0.2 m; 1 m x 0.05 m duct from the origin",
     (0.2, 0.0025), (0.01, 0.005)),
])
def test_rectangular_body_nouns(text: str, centre: tuple[float, float], size: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    (ob,) = spec.obstacles
    assert ob.center == pytest.approx(centre)
    assert (ob.width, ob.height) == pytest.approx(size)


@pytest.mark.parametrize("text, shape", [
    ("a 2D contraction from 6 in to 2 in over a 4 in taper, simpleFoam", "nozzle"),
    ("expansion: from 20 mm to 50 mm, linear, over 100 mm; pimpleFoam laminar", "diffuser"),
    ("Gradual enlargement 40 -> 80 mm with a 7 degree half-angle; simpleFoam kOmegaSST", "diffuser"),
    ("reducer, 0.3 m to 0.1 m, tapered over 0.5 m, rhoSimpleFoam", "nozzle"),
    ("sudden expansion from 2 cm to 6 cm at x = 0, smooth inflow", "sudden_expansion"),
    ("abrupt contraction 4:1 over a short distance, upstream 10 cm, downstream 50 cm, inlet height 8 cm", "sudden_contraction"),
])
def test_gradual_change_named_by_the_change(text: str, shape: str) -> None:
    assert _dims(text)[0] == shape


@pytest.mark.parametrize("clause, xs", [
    ("front face at x = 0.5 m, 2 m x 0.5 m channel", [0.5]),
    ("at x = 0.3 m, 1 m by 0.2 m domain", [0.3]),
    ("at x = 0.5, 1.0 and 1.5 m", [0.5, 1.0, 1.5]),
    ("x = 0.5 m and x = 1.0 m", [0.5, 1.0]),
])
def test_x_list_stops_at_a_product(clause: str, xs: list[float]) -> None:
    assert x_list(clause) == pytest.approx(xs)


@pytest.mark.parametrize("text, expected", [
    ("Channel 800 ±0.5 mm OAL", "Channel 800 mm long"),
    ("H 120 (±0.5) mm", "H 120 mm"),
    ("Ø16 +/- 0.1 rod", "Ø16 rod"),
    ("step 20 typ. ±0.2 mm high", "step 20 mm high"),
    ("W x H x L: 50 x 40 x 600 mm", "W 50 mm, H 40 mm, L 600 mm"),
    ("L 800 x H 120 mm", "L 800 mm, H 120 mm"),
    ("C/L at X 200, Y 60", "centreline at x = 200, y = 60"),
    ("50 X 40 mm", "50 X 40 mm"),  # a product, not a coordinate
    ("cells 100 x 20", "cells 100 x 20"),
    ("inlet duct at y +-0.02", "inlet duct at y +-0.02"),  # a symmetric extent, no tolerance
    ("walls at ±5 cm", "walls at ±5 cm"),
])
def test_drafting_words(text: str, expected: str) -> None:
    from tasks.geometry.text_drafting import drafting_words
    assert drafting_words(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Cavity W x H: 150 x 75 mm (±0.2), datum lower-left corner, lid-driven, icoFoam", {"width": 0.15, "height": 0.075}),
    ("pipe ID 1.5 in ±0.01 in, OAL 4 ft; wedge; simpleFoam laminar", {"diameter": 0.0381, "length": 1.2192}),
    ("channel L 2000 x H 400 mm with a Ø50 ±0.05 cylinder on the C/L, X 500 from the inlet face; pisoFoam",
     {"length": 2.0, "height": 0.4, "center_x": 0.5, "center_y": 0.2}),
    ("annulus: rotor OD 40 ±0.02 mm, stator ID 60 ±0.02 mm, common C/L; pimpleFoam", {"inner_radius": 0.02, "outer_radius": 0.03}),
    ("backward step 20 mm high, channel 40 mm high; inlet leg 200 long; outlet leg 300 long; simpleFoam",
     {"upstream_length": 0.2, "downstream_length": 0.3}),  # bare sizes in the unit the drawing's sizes carry
])
def test_drawing_notation_in_a_request(text: str, expected: dict[str, float]) -> None:
    dims = _dims(text)[1]
    assert {k: dims.get(k) for k in expected} == pytest.approx(expected)


@pytest.mark.parametrize("text, two_d", [
    ("duct 50 mm wide, 40 mm high and 600 mm long, corner at origin, simpleFoam", False),
    ("Duct W x H x L: 50 x 40 x 600 mm, datum at inlet lower-left corner; pimpleFoam", False),
    ("a rectangular duct: length 2 ft, height 3 in, width 6 in; rhoSimpleFoam", False),
    ("2D duct 1 m long, 0.1 m high, 0.05 m wide; simpleFoam", True),
    ("channel 1 m long, 0.1 m high and 0.1 m wide, icoFoam", True),  # a channel is 2D unless said otherwise
])
def test_duct_sized_three_ways_is_3d(text: str, two_d: bool) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.two_d is two_d


@pytest.mark.parametrize("text, expected", [
    ("step height 15 mm; duct height 45 mm; approach 150 mm; after the step 900 mm; forward facing; simpleFoam",
     ("forward_step", {"upstream_length": 0.15, "downstream_length": 0.9})),
    ("backward-facing step 1 in; channel 2 in high; ahead of the step 4 in, behind the step 30 in; pisoFoam",
     ("backward_step", {"upstream_length": 0.1016, "downstream_length": 0.762})),
    ("step 2 cm; forward-facing; channel 6 cm high; lead-in 0.1 m; recovery 0.5 m. rhoCentralFoam",
     ("forward_step", {"upstream_length": 0.1, "downstream_length": 0.5})),
])
def test_place_labels_without_their_colon(text: str, expected: tuple[str, dict[str, float]]) -> None:
    shape, dims = _dims(text)
    assert shape == expected[0]
    assert {k: dims.get(k) for k in expected[1]} == pytest.approx(expected[1])


@pytest.mark.parametrize("text, key, value", [
    ("Tee, dimensions in mm: main run 40 wide and 400 long, origin at the lower-left corner of the inlet. A branch 40 wide and"
     " 160 long rises from the top wall, its centreline at x = 120. simpleFoam", "branch_position", 0.12),
    ("2D channel 600 x 150 mm from the origin; a Ø30 rod at x = 150, y = 75. icoFoam", "center_y", 0.075),
    ("channel 1000 x 200 mm from the origin, a 20 mm cylinder with its centre at y = 100 and x = 250. pisoFoam", "center_x", 0.25),
])
def test_bare_coordinate_at_the_end_of_a_sentence(text: str, key: str, value: float) -> None:
    assert _dims(text)[1][key] == pytest.approx(value)
