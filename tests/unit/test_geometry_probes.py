"""Geometry requests phrased the way engineers, students and non-native writers write them, one
parametrised table per class of misreading: a dimension written as a symbol (L =, H =, h =), a body's
size taken for the domain's, a position given relative to the inlet or in diameters, several bodies in
one sentence, heights given as "from A to B" or as a ratio, radii as a range, a branch's own sizes, a
half angle, and ratios written "3:1 aspect"."""

from __future__ import annotations

import pytest

from tasks.geometry.spec import resolved_heights
from tasks.geometry.text import (_DIAMETERS, _STEP_HEIGHTS, aspect_ratio, domain_words, multiples, parse_geometry,
                                 section_lengths, section_ratio)
from tasks.plan.generic import fits_extents


def _dims(text: str) -> tuple[str, dict]:
    spec = parse_geometry(text)
    assert spec is not None, text
    d = spec.dims.model_dump()
    if spec.shape in ("nozzle", "diffuser", "sudden_expansion", "sudden_contraction"):
        d["inlet_height"], d["outlet_height"] = resolved_heights(spec)
    return spec.shape, d


def _check(text: str, shape: str, expected: dict) -> None:
    got_shape, d = _dims(text)
    assert got_shape == shape, text
    for key, value in expected.items():
        want = value if isinstance(value, str) else pytest.approx(value, rel=1e-3)
        assert d[key] == want, f"{key} in {text!r}: {d}"


# Class: a dimension written as a symbol ("L = 2 m, H = 0.1 m", "W = 5 cm", "h = 2 cm" of a step).
@pytest.mark.parametrize("text, shape, expected", [
    ("2D channel, L = 2 m, H = 0.2 m", "channel", {"length": 2, "height": 0.2}),
    ("channel with L=3 m and H=50 mm", "channel", {"length": 3, "height": 0.05}),
    ("lid-driven cavity, W = 5 cm, H = 10 cm", "lid_driven_cavity", {"width": 0.05, "height": 0.1}),
    ("backward-facing step, h = 2 cm, H = 6 cm", "backward_step", {"step_height": 0.02, "height": 0.06}),
    ("Channel L = 3 m, H = 0.5 m, circular obstacle of diameter 10 cm at (1, 0.25)", "channel_with_obstacles",
     {"length": 3, "height": 0.5}),
])
def test_symbols_name_dimensions(text, shape, expected):
    _check(text, shape, expected)


# Class: the size of a body (obstacle, cylinder) read as the domain's size.
@pytest.mark.parametrize("text, shape, expected", [
    ("rectangular obstacle 0.2 m wide and 0.1 m high centred at x = 1 m, y = 0.25 m in a channel of length 4 m "
     "and height 0.5 m", "channel_with_obstacles", {"length": 4, "height": 0.5}),
    ("a square block 5 cm high centred at (0.5, 0.1) inside a channel that is 2 m long and 20 cm high",
     "channel_with_obstacles", {"length": 2, "height": 0.2}),
    ("a 2 cm cylinder at (0.2, 0.1) in a channel 1 m long and 0.2 m high", "cylinder_crossflow",
     {"diameter": 0.02, "length": 1, "height": 0.2}),
])
def test_body_sizes_are_not_the_domain(text, shape, expected):
    _check(text, shape, expected)


# Class: a body's position relative to the inlet, on the centreline, or in diameters; a blockage ratio.
@pytest.mark.parametrize("text, expected", [
    ("cylinder of diameter 2 cm, channel 1 m long and 0.2 m high, cylinder centre 0.2 m from the inlet on the "
     "centreline", {"center_x": 0.2, "center_y": 0.1}),
    ("a cylinder with radius 5 mm at (0.1, 0.1), free stream, domain 0.3 m x 0.2 m", {"center_x": 0.1, "center_y": 0.1,
                                                                                       "diameter": 0.01}),
    ("cylinder D = 0.1 m, blockage ratio 0.2, 5 diameters upstream and 15 diameters downstream",
     {"height": 0.5, "center_x": 0.5, "length": 2.0, "center_y": 0.25}),
    ("cylinder of diameter 1 cm, 10 D upstream, 30 D downstream, blockage 10%", {"center_x": 0.1, "length": 0.4,
                                                                                  "height": 0.1}),
    ("a 4 cm cylinder located 0.3 m downstream of the inlet at mid-height of a 1.5 m by 0.4 m channel",
     {"center_x": 0.3, "center_y": 0.2, "length": 1.5, "height": 0.4}),
    ("a cylinder of diameter 0.05 m in a channel 1 m long and 0.3 m high", {"center_y": 0.15}),
])
def test_cylinder_positions(text, expected):
    _check(text, "cylinder_crossflow", expected)


@pytest.mark.parametrize("text, centre", [
    ("Channel L = 3 m, H = 0.5 m. A circular obstacle of diameter 10 cm is located 0.5 m downstream of the inlet "
     "at mid-height.", (0.5, 0.25)),
    ("2 m x 0.4 m channel with a square obstacle of side 0.1 m, 0.6 m from the inlet and 0.1 m above the bottom wall",
     (0.6, 0.1)),
])
def test_obstacle_relative_positions(text, centre):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert spec.obstacles[0].center == pytest.approx(centre)


# Class: several bodies in one sentence, sharing one size.
@pytest.mark.parametrize("text, centres, size", [
    ("two square blocks of 5 cm side in a 1.5 m x 0.3 m channel, first centred at (0.4, 0.15) and second centred "
     "at (0.8, 0.15)", [(0.4, 0.15), (0.8, 0.15)], 0.05),
    ("two cylinders of diameter 2 cm at (0.3, 0.1) and (0.6, 0.1) in a channel 1 m long and 0.2 m high",
     [(0.3, 0.1), (0.6, 0.1)], 0.02),
    ("three circular rods, diameter 1 cm, centred at (0.2, 0.1), (0.4, 0.1) and (0.6, 0.1), channel 1 m x 0.2 m",
     [(0.2, 0.1), (0.4, 0.1), (0.6, 0.1)], 0.01),
])
def test_several_bodies_in_one_sentence(text, centres, size):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert [o.center for o in spec.obstacles] == [pytest.approx(c) for c in centres]
    assert all((o.diameter or o.width) == pytest.approx(size) for o in spec.obstacles)


# Class: the heights of a step given by an expansion ratio, an inlet height, or in step heights.
@pytest.mark.parametrize("text, shape, expected", [
    ("backward-facing step, step height 25 mm, expansion ratio 2", "backward_step",
     {"step_height": 0.025, "height": 0.05}),
    ("backward facing step with expansion ratio 1.5 and channel height 9 cm", "backward_step",
     {"step_height": 0.03, "height": 0.09}),
    ("backward facing step: inlet channel height 1 cm, step of 1 cm, 10 step heights upstream and 30 step heights "
     "downstream", "backward_step", {"step_height": 0.01, "height": 0.02, "upstream_length": 0.1,
                                     "downstream_length": 0.3}),
    ("forward facing step of height 2 cm in a 6 cm high channel, 20 cm before the step and 50 cm after it",
     "forward_step", {"step_height": 0.02, "height": 0.06, "upstream_length": 0.2, "downstream_length": 0.5}),
    ("forward-facing step with a height of 1 cm, channel height 4 cm", "forward_step",
     {"step_height": 0.01, "height": 0.04}),
])
def test_step_heights(text, shape, expected):
    _check(text, shape, expected)


# Class: inlet and outlet heights of expansions, contractions, nozzles and diffusers ("from A to B",
# "inlet 5 cm", "from a 0.2 m high channel", a half angle).
@pytest.mark.parametrize("text, shape, expected", [
    ("sudden expansion from a 2 cm channel to a 6 cm channel", "sudden_expansion",
     {"inlet_height": 0.02, "outlet_height": 0.06}),
    ("abrupt contraction with contraction ratio 4 from a 0.2 m high channel", "sudden_contraction",
     {"inlet_height": 0.2, "outlet_height": 0.05}),
    ("2D nozzle contracting from 10 cm to 4 cm over 20 cm", "nozzle",
     {"inlet_height": 0.1, "outlet_height": 0.04, "taper_length": 0.2}),
    ("diffuser with inlet 5 cm, area ratio 2, length 30 cm", "diffuser",
     {"inlet_height": 0.05, "outlet_height": 0.1, "taper_length": 0.3}),
    ("2D diffuser 10 degrees half angle, inlet height 0.1 m, outlet height 0.2 m", "diffuser",
     {"taper_length": 0.05 / 0.17632698}),
    ("diffuser with a total angle of 20 degrees, inlet height 0.1 m, length 0.5 m", "diffuser",
     {"outlet_height": 0.1 + 2 * 0.5 * 0.17632698}),
    ("converging nozzle with inlet width 30 cm and exit width 10 cm", "nozzle",
     {"inlet_height": 0.3, "outlet_height": 0.1}),
])
def test_inlet_and_outlet_heights(text, shape, expected):
    _check(text, shape, expected)


# Class: the two radii of an annulus as a range or as two diameters.
@pytest.mark.parametrize("text, inner, outer", [
    ("Taylor-Couette gap between r=3 cm and 5 cm", 0.03, 0.05),
    ("Taylor-Couette flow between r = 1 cm and r = 2 cm", 0.01, 0.02),
    ("flow between two concentric cylinders of diameters 40 mm and 60 mm", 0.02, 0.03),
    ("annulus from r = 0.1 m to r = 0.15 m", 0.1, 0.15),
    ("annulus, inner diameter 2 cm, outer diameter 5 cm", 0.01, 0.025),
])
def test_annulus_radii(text, inner, outer):
    _check(text, "annulus", {"inner_radius": inner, "outer_radius": outer})


# Class: a T-junction's branch with its own sizes and position.
@pytest.mark.parametrize("text, expected", [
    ("T-junction, main channel 1 m long and 0.1 m wide, branch 0.05 m wide and 0.3 m long",
     {"length": 1, "width": 0.1, "branch_width": 0.05, "branch_length": 0.3}),
    ("2D tee junction: main duct 2 m by 0.2 m, side branch 0.2 m wide and 0.5 m long located 1.2 m from the inlet",
     {"length": 2, "width": 0.2, "branch_width": 0.2, "branch_length": 0.5, "branch_position": 1.2}),
    ("T-junction with 5 cm wide channels, the main one 60 cm long, the branch 20 cm long",
     {"length": 0.6, "width": 0.05, "branch_width": 0.05, "branch_length": 0.2}),
])
def test_t_junction_branch(text, expected):
    _check(text, "t_junction", expected)


# Class: ratios written "3:1 aspect", "aspect 2", "aspect ratio of 2:1".
@pytest.mark.parametrize("text, ratio", [
    ("lid-driven cavity 3:1 aspect", 3.0), ("aspect ratio of 2:1", 2.0), ("a 4:1 aspect-ratio cavity", 4.0),
    ("aspect ratio 0.5", 0.5),
])
def test_aspect_ratio_forms(text, ratio):
    assert aspect_ratio(text) == pytest.approx(ratio)


# Class: sizes said of a section itself ("the inlet channel is 1 cm high", "outlet section 40 cm long").
@pytest.mark.parametrize("text, expected", [
    ("The inlet channel is 1 cm high and the outlet channel is 2 cm high. Inlet section 10 cm long, outlet section "
     "40 cm long.", {"inlet_height": 0.01, "outlet_height": 0.02, "upstream_length": 0.1, "downstream_length": 0.4}),
    ("upstream duct has a height of 10 mm, downstream channel 30 mm wide", {"inlet_height": 0.01, "outlet_height": 0.03}),
    ("the inlet velocity is 1 m/s", {}),
])
def test_section_lengths(text, expected):
    assert section_lengths(text) == pytest.approx(expected)


@pytest.mark.parametrize("text, ratio", [
    ("expansion ratio 2", 2.0), ("contraction ratio of 1:4", 4.0), ("a 4:1 contraction", 4.0),
    ("sudden contraction 4:1", 4.0), ("area ratio 0.5", 2.0), ("a sudden expansion 2 cm high", None),
])
def test_section_ratio(text, ratio):
    got = section_ratio(text)
    assert (got is None and ratio is None) or got == pytest.approx(ratio)


@pytest.mark.parametrize("text, reference, expected", [
    ("5 diameters upstream and 15 diameters downstream", _DIAMETERS, {"upstream": 5, "downstream": 15}),
    ("domain extends 10D upstream, 30D downstream", _DIAMETERS, {"upstream": 10, "downstream": 30}),
    ("10 step heights before the step and 40 step heights after it", _STEP_HEIGHTS, {"upstream": 10, "downstream": 40}),
    ("5h upstream and 20h downstream", _STEP_HEIGHTS, {"upstream": 5, "downstream": 20}),
    ("an upstream length of 8 D", _DIAMETERS, {"upstream": 8}),
    ("5 m downstream of the inlet", _DIAMETERS, {}),
])
def test_multiples_of_a_reference_length(text, reference, expected):
    assert multiples(text, reference) == pytest.approx(expected)


@pytest.mark.parametrize("text, kept, blanked", [
    ("rectangular obstacle 0.2 m wide and 0.1 m high in a channel of length 4 m", "channel of length 4 m", "0.2 m wide"),
    ("a 2 cm cylinder at (0.2, 0.1) in a channel 1 m long", "channel 1 m long", "2 cm"),
    ("channel 2 m long and 0.4 m high. The block is 0.1 m high.", "0.4 m high", "0.1 m high"),
])
def test_domain_words_blank_the_bodies(text, kept, blanked):
    words = domain_words(text)
    assert kept in words and blanked not in words


# Class: a shape word glued to its code or a symbol after a dimension name.
@pytest.mark.parametrize("text, shape, expected", [
    ("2D simulation of NACA0015 profile, chord c = 0.15 m, alpha = 10 deg", "naca_airfoil",
     {"naca": "0015", "chord": 0.15, "angle_of_attack": 10}),
    ("annular gap of 1 cm around an inner cylinder of diameter 4 cm", "annulus",
     {"inner_radius": 0.02, "outer_radius": 0.03}),
    ("Taylor Couette: inner cylinder radius 20 mm rotating, outer cylinder radius 30 mm fixed", "annulus",
     {"inner_radius": 0.02, "outer_radius": 0.03}),
    ("sudden contraction 4:1, downstream height 2.5 cm", "sudden_contraction",
     {"inlet_height": 0.1, "outlet_height": 0.025}),
    ("vortex shedding behind a cylinder of diameter 0.5 m", "cylinder_crossflow",
     {"diameter": 0.5, "length": 11.0, "height": 2.05, "center_x": 1.0, "center_y": 1.0}),
])
def test_words_glued_or_symbolic(text, shape, expected):
    _check(text, shape, expected)


# Class (routing): a tutorial that has the stated lengths in other roles is not the requested domain.
@pytest.mark.parametrize("sides, extents, fits", [
    ([1.0, 0.1], [0.2, 1.0, 0.2], False),  # 0.1 is only half of a side
    ([1.0, 0.1], [1.0, 0.1, 0.01], True), ([0.1, 0.1], [0.1, 0.1, 0.01], True),
    ([0.1, 0.3], [0.1, 0.1, 0.01], False), ([], [1.0], True), ([1.0], [], True),
])
def test_fits_extents(sides, extents, fits):
    assert fits_extents(sides, extents) is fits


# Class: "0.8 m in length", a section "narrow"/"wide", heights "from 5 cm to 10 cm", a cylinder placed by x only.
@pytest.mark.parametrize("text, shape, expected", [
    ("2-D duct, 0.8 m in length and 4 cm in height", "channel", {"length": 0.8, "height": 0.04}),
    ("a box 2 m in length, 1 m in width and 0.5 m in height", "box", {"length": 2, "width": 1, "height": 0.5}),
    ("sudden enlargement: narrow channel 1 cm, wide channel 4 cm", "sudden_expansion",
     {"inlet_height": 0.01, "outlet_height": 0.04}),
    ("sudden contraction, wide channel 6 cm, narrow channel 2 cm", "sudden_contraction",
     {"inlet_height": 0.06, "outlet_height": 0.02}),
    ("backward facing step where the channel height goes from 5 cm to 10 cm", "backward_step",
     {"step_height": 0.05, "height": 0.1}),
    ("forward step: upstream channel 4 cm high, downstream channel 3 cm high", "forward_step",
     {"step_height": 0.01, "height": 0.04}),
    ("confined cylinder: D = 4 cm, channel height 16 cm, cylinder 20 cm downstream of the inlet, channel length 1 m",
     "cylinder_crossflow", {"center_x": 0.2, "center_y": 0.08, "length": 1, "height": 0.16}),
    ("backward-facing step spanning x from 0 to 2 m, step height 1 cm, channel height 2 cm", "backward_step",
     {"step_height": 0.01, "height": 0.02}),
])
def test_more_phrasings(text, shape, expected):
    _check(text, shape, expected)


def test_an_outline_sizes_the_geometry_record():
    from tasks.geometry.build import geometry_record
    from tasks.geometry.models import MeshBuild

    spec = parse_geometry("domain with vertices at (0,0), (10,0), (10,1), (0,1)")
    build = MeshBuild(shape=spec.shape, generator="blockMesh", steps=[], files=[], patches=[], n_cells=1, two_d=True,
                      reference_length=1.0)
    record = geometry_record(spec, build)
    assert record["dimensions"]["length"] == pytest.approx(10) and record["dimensions"]["height"] == pytest.approx(1)



@pytest.mark.parametrize(("text", "inner", "outer"), [
    ("Taylor-Couette flow between cylinders of radius 3 cm and 5 cm", 0.03, 0.05),
    ("annulus between two cylinders, diameters of 40 and 60 mm", 0.02, 0.03),
    ("flow in the annular gap between concentric cylinders with radius 0.1 m and 0.15 m", 0.1, 0.15),
])
def test_annulus_radii_given_as_a_pair(text, inner, outer):
    _check(text, "annulus", {"inner_radius": inner, "outer_radius": outer})


# Class: a height qualified by the section it belongs to ("channel height 2 cm downstream").
@pytest.mark.parametrize("text, shape, expected", [
    ("backward facing step, step height 1 cm and channel height 2 cm downstream", "backward_step",
     {"step_height": 0.01, "height": 0.02}),
    ("sudden expansion, height 2 cm upstream and 5 cm downstream", "sudden_expansion",
     {"inlet_height": 0.02, "outlet_height": 0.05}),
])
def test_a_height_named_with_its_section(text, shape, expected):
    _check(text, shape, expected)


# Class: a total length split about the change of section.
@pytest.mark.parametrize("text, expected", [
    ("sudden contraction from 6 cm to 2 cm, 40 cm long in total", {"upstream_length": 0.2, "downstream_length": 0.2}),
    ("sudden expansion from 2 cm to 6 cm, overall length 1 m, upstream section 0.2 m long",
     {"upstream_length": 0.2, "downstream_length": 0.8}),
])
def test_a_total_length_is_split_about_the_change(text, expected):
    from tasks.geometry.text import parse_geometry

    dims = parse_geometry(text).dimensions
    for key, value in expected.items():
        assert dims[key] == pytest.approx(value)


# Class: bodies placed by several x positions, or "in the middle" of the channel.
@pytest.mark.parametrize("text, centres", [
    ("channel 2 m by 0.4 m with two cylinders of diameter 0.05 m at x = 0.5 m and x = 1.0 m on the centreline",
     [(0.5, 0.2), (1.0, 0.2)]),
    ("a square cylinder of side 2 cm placed in the middle of a 1 m x 0.2 m channel", [(0.5, 0.1)]),
    ("a 1 m long, 0.2 m high channel with a 3 cm square block centred in the channel", [(0.5, 0.1)]),
])
def test_bodies_placed_by_x_positions_or_in_the_middle(text, centres):
    from tasks.geometry.text import parse_geometry

    spec = parse_geometry(text)
    assert spec.shape == "channel_with_obstacles"
    assert [tuple(pytest.approx(c) for c in o.center) for o in spec.obstacles] == [tuple(c) for c in centres]
