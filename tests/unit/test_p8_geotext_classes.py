"""Geometry read from other layouts and word orders (session 8): one table per class of misreading,
each with paraphrases written for the class (other shapes, units and orders than the probes)."""

from __future__ import annotations

import pytest

from tasks.geometry.text import aspect_ratio, mesh_request, multiples, obstacles, parse_geometry, shape_words
from tasks.geometry.text_lengths import _DIAMETERS
from tasks.geometry.text_sections import section_sizes
from tasks.geometry.text_symbols import symbol_lengths, symbol_values
from tasks.geometry.text_words import list_lines, plain_lengths


def _close(got: dict, want: dict) -> None:
    for key, value in want.items():
        assert got.get(key) == pytest.approx(value, rel=1e-6), (key, got)


# --- a request written as lines: one clause per line, bullets dropped ---------------------------

@pytest.mark.parametrize("text, shape, dims", [
    ("Shape: lid-driven cavity\nWidth: 12 cm\nHeight: 6 cm\nLid speed: 1 m/s", "lid_driven_cavity", {"width": 0.12, "height": 0.06}),
    ("• pipe, 3D\n• diameter 30 mm\n• length 1.5 m\n• outlet at x = 1.5 m", "pipe", {"diameter": 0.03, "length": 1.5}),
    ("1. plane channel 2 m long\n2. 25 cm high\n3. Outlet at x = 2 m, inlet at x = 0", "channel", {"length": 2.0, "height": 0.25}),
    ("- channel height: 0.3 m\n- Inlet: uniform 1 m/s\n- length: 3 m", "channel", {"length": 3.0, "height": 0.3}),
])
def test_lines_are_clauses(text, shape, dims):
    spec = parse_geometry(text)
    assert spec.shape == shape
    _close(spec.dimensions, dims)
    assert "inlet_height" not in spec.dimensions and "outlet_height" not in spec.dimensions


@pytest.mark.parametrize("text, dims", [
    ("Shape: lid-driven cavity\nWidth: 12 cm\nHeight: 6 cm\nLid speed: 1 m/s", {"width": 0.12, "height": 0.06}),
    ("- channel height: 0.3 m\n- Inlet: uniform 1 m/s\n- length: 3 m", {"length": 3.0, "height": 0.3}),
    ("Geometry: plane channel\nLength: 1200 mm\nHeight: 60 mm\nOutlet at x = 1.2 m\nSolver: icoFoam", {"length": 1.2, "height": 0.06}),
])
def test_lines_joined_into_one_are_still_clauses(text, dims):
    """The planner collapses whitespace before the geometry is read: the list's clauses come back."""
    spec = parse_geometry(" ".join(text.split()))
    _close(spec.dimensions, dims)
    assert "inlet_height" not in spec.dimensions and "outlet_height" not in spec.dimensions


def test_list_lines_keeps_one_line_text():
    text = "a channel 2 m long and 0.2 m high"
    assert list_lines(text) == text
    assert list_lines("- a: 1 m\n- b: 2 m") == "a: 1 m; b: 2 m"
    assert list_lines("Width 1 m,\nheight 2 m") == "Width 1 m, height 2 m"
    prose = "Flow in a Taylor-Couette cell. Inner radius: 2 cm. The Reynolds number is 100"
    assert list_lines(prose) == prose


@pytest.mark.parametrize("text, cells", [
    ("Grid: 80 x 40", [80, 40]),
    ("cells = 40x20x10", [40, 20, 10]),
    ("Cell count: 100 by 25", [100, 25]),
    ("elements: 64 x 16", [64, 16]),
])
def test_cell_counts_after_their_key(text, cells):
    assert mesh_request(text)["cells"] == cells


def test_a_cell_size_after_the_key_stays_a_size():
    assert mesh_request("cells: 5 mm") == {"cell_size": pytest.approx(0.005)}


# --- symbols defined once and reused as multiples ------------------------------------------------

@pytest.mark.parametrize("text, values", [
    ("D = 2 cm", {"D": 0.02}),
    ("with the pipe radius R = 1.5 in", {"R": 0.0381}),
    ("call the cylinder diameter D, which is 5 mm", {"D": 0.005}),
    ("the bore (d) of 3 cm", {"d": 0.03}),
    ("chord c: 0.5 m", {"c": 0.5}),
    ("inlet velocity U = 2 m/s, nu = 1e-5 m2/s", {}),  # rates and areas are not lengths
])
def test_symbol_values(text, values):
    got = symbol_values(text)
    assert got.keys() == values.keys() and all(got[k] == pytest.approx(v) for k, v in values.items())


@pytest.mark.parametrize("text, shape, dims", [
    ("an axisymmetric pipe, radius R = 1.5 cm; the pipe is 60 R long", "pipe", {"diameter": 0.03, "length": 0.9}),
    ("Let W be the cavity width, W = 8 cm; the lid-driven cavity is 2 W deep", "lid_driven_cavity", {"width": 0.08, "height": 0.16}),
    ("a circular cylinder whose diameter D is 5 mm, in a channel 30 D long and 6 D high", "cylinder_crossflow",
     {"diameter": 0.005, "length": 0.15, "height": 0.03}),
    ("a pipe with bore (D) of 3 cm and a length of 50 times D", "pipe", {"diameter": 0.03, "length": 1.5}),
    ("sudden expansion: inlet height h1 = 4 mm, outlet height 2.5 h1, inlet length 10 h1, outlet length 50 h1", "sudden_expansion",
     {"inlet_height": 0.004, "outlet_height": 0.01}),
])
def test_sizes_in_a_defined_symbol(text, shape, dims):
    spec = parse_geometry(text)
    assert spec.shape == shape
    _close(spec.dimensions, dims)


def test_counts_that_place_something_are_left_to_multiples():
    text = "D = 2 cm; the inlet 6 D upstream and the outlet 20 D downstream, walls 3 D either side"
    assert symbol_lengths(text) == text
    assert symbol_lengths("nothing defined: 20 D long") == "nothing defined: 20 D long"


# --- a change of section called abrupt, the adverb on either side of the verb -----------------------

@pytest.mark.parametrize("text, shape", [
    ("the duct narrows abruptly from 6 cm to 2 cm at x = 0", "sudden_contraction"),
    ("a 2 cm passage that abruptly opens into a 6 cm one", "sudden_expansion"),
    ("the channel sharply contracts to a third of its height", "sudden_contraction"),
    ("an abrupt expansion whose step plane lies at x = 0", "sudden_expansion"),
    ("a 1 cm backward-facing step with expansion ratio 2", "backward_step"),
    ("a step of 2 cm in a 4 cm channel", "backward_step"),
])
def test_abrupt_changes_of_section(text, shape):
    assert shape_words(text) == shape


@pytest.mark.parametrize("text", [
    "the valve suddenly opens and the tank drains through the outlet",
    "the inlet velocity suddenly increases to 2 m/s",
])
def test_sudden_events_are_not_shapes(text):
    assert shape_words(text) not in ("sudden_expansion", "sudden_contraction")


# --- the domain's own boundaries and extents are not a body's place --------------------------------

@pytest.mark.parametrize("text, centre", [
    ("A circular cylinder, 1 cm in diameter, at x = 0.15 m, y = 0.05 m. The domain spans x = 0 to 0.6 m and y = 0 to 0.1 m.",
     (0.15, 0.05)),
    ("outlet plane x = 1 m, inlet plane x = 0, lower wall y = 0; a cylinder with D = 2 cm sits 0.2 m downstream of the inlet "
     "on the centreline of a 10 cm high channel", (0.2, 0.05)),
    ("flow past a 4 mm rod; the channel runs from x = 0 to x = 0.3 m and is 4 cm high; the rod is centred 6 cm from the inlet "
     "at mid-height", (0.06, 0.02)),
])
def test_cylinder_place_ignores_domain_places(text, centre):
    d = parse_geometry(text).dimensions
    assert (d["center_x"], d["center_y"]) == pytest.approx(centre)


@pytest.mark.parametrize("text, centre", [
    ("Is it possible to mesh a channel with a square obstacle? The domain goes from x = 0 to x = 1 m, y from 0 to 0.2 m. "
     "The obstacle (side 2 cm) is centred at (0.3, 0.1).", (0.3, 0.1)),
    ("Channel x = 0 to 2 m, y = 0 to 0.5 m! A square block with 10 cm sides sits with its centre at x = 0.6 m, y = 0.25 m.",
     (0.6, 0.25)),
    ("Could you put a square obstacle in a channel? Origin at (0, 0), the channel 1 m by 0.2 m. Its side is 4 cm and "
     "its centre is at (0.25, 0.1).", (0.25, 0.1)),
])
def test_obstacle_place_ignores_domain_places(text, centre):
    spec = parse_geometry(text)
    assert [tuple(o.center) for o in spec.obstacles] == [pytest.approx(centre)]


# --- side walls and ends counted in diameters ---------------------------------------------------

@pytest.mark.parametrize("text, height", [
    ("cylinder D = 1 cm; walls 3 D above and below the cylinder; 5 D upstream, 10 D downstream", 0.06),
    ("a 2 cm cylinder; both walls lie 5 diameters from the cylinder axis; 4 diameters upstream", 0.2),
    ("a cylinder of diameter d = 4 mm with 6 d to either side and 8 d upstream", 0.048),
])
def test_side_walls_in_diameters(text, height):
    assert parse_geometry(text).dimensions["height"] == pytest.approx(height)


@pytest.mark.parametrize("text, counts", [
    ("the cylinder is 8 D from the inlet and 25 D from the outlet", {"upstream": 8, "downstream": 25}),
    ("centre 12 diameters downstream of the inlet", {"upstream": 12}),
    ("the outlet lies 30 D behind the cylinder and the body is 6 D after the entrance", {"upstream": 6, "downstream": 30}),
])
def test_multiples_from_the_ends(text, counts):
    assert multiples(text, _DIAMETERS) == counts


# --- sections sized by "N of <section>", a taper's size, and "another N" -------------------------

@pytest.mark.parametrize("text, parts, want", [
    ("a 10 cm high inlet duct 5 cm long, then a 15 cm taper narrowing to 4 cm, then 20 cm of straight outlet pipe", 3,
     {"taper_length": 0.15, "downstream_length": 0.2, "inlet_height": 0.1}),
    ("40 mm of upstream channel ahead of the step and 300 mm after it", 2, {"upstream_length": 0.04, "downstream_length": 0.3}),
    ("a 3 cm channel that abruptly widens to 6 cm and then runs on for another 25 cm", 2,
     {"outlet_height": 0.06, "downstream_length": 0.25}),
    ("0.5 m of plain inlet pipe before the contraction and 1 m after it", 2, {"upstream_length": 0.5, "downstream_length": 1.0}),
])
def test_section_sizes_other_orders(text, parts, want):
    _close(section_sizes(text, parts)[0], want)


# --- spelled sizes joined by hyphens ----------------------------------------------------------------

@pytest.mark.parametrize("text, want", [
    ("a ten-inch-wide channel", "10 inch wide channel"),
    ("a two-metre-long pipe", "2 metre long pipe"),
    ("a three-centimetre-diameter rod", "3 centimetre diameter rod"),
])
def test_spelled_hyphenated_sizes(text, want):
    assert want in plain_lengths(text)


# --- an annulus's parts by other nouns ----------------------------------------------------------------

@pytest.mark.parametrize("text, inner, outer", [
    ("flow between concentric cylinders: the inner one has a radius of 1 cm, the outer one has a radius of 3 cm", 0.01, 0.03),
    ("an annulus with an inner boundary of radius 10 mm and an outer boundary of radius 25 mm", 0.01, 0.025),
    ("annular gap: inner shell, with a diameter of 4 cm; outer shell, with a diameter of 8 cm", 0.02, 0.04),
])
def test_annulus_parts_by_other_nouns(text, inner, outer):
    d = parse_geometry(text).dimensions
    assert (d["inner_radius"], d["outer_radius"]) == pytest.approx((inner, outer))


# --- a branch sized by a list of sizes before its noun -----------------------------------------------

@pytest.mark.parametrize("text, width, length", [
    ("a T-junction: main channel 1 m x 0.1 m with a 30 cm long, 4 cm wide side branch at x = 0.5 m", 0.04, 0.3),
    ("tee made of a 2 m by 0.2 m duct and a 0.6 m long and 0.05 m wide branch centred at x = 1 m", 0.05, 0.6),
    ("T-junction; a 25 cm long, 5 cm wide vertical arm leaves the 80 cm x 5 cm main channel at x = 40 cm", 0.05, 0.25),
])
def test_branch_sizes_before_its_noun(text, width, length):
    d = parse_geometry(text).dimensions
    assert (d["branch_width"], d["branch_length"]) == pytest.approx((width, length))


# --- a ratio whose terms are named in brackets ------------------------------------------------------

@pytest.mark.parametrize("text, width, height", [
    ("lid-driven cavity, aspect ratio (H/W) 3, width 2 cm", 0.02, 0.06),
    ("a driven cavity 10 cm wide with aspect ratio (depth/width) 0.5", 0.1, 0.05),
    ("cavity: aspect ratio (height/width), 2; width 40 mm", 0.04, 0.08),
])
def test_cavity_ratio_in_brackets(text, width, height):
    d = parse_geometry(text).dimensions
    assert (d["width"], d["height"]) == pytest.approx((width, height))


def test_aspect_ratio_after_brackets():
    assert aspect_ratio("a channel with aspect ratio (L/H) 10") == pytest.approx(10)


# --- a body described over several sentences ------------------------------------------------------

@pytest.mark.parametrize("text, n", [
    ("A 1 m by 0.3 m channel with a triangular obstacle. Its corners are at (0.3, 0.1), (0.4, 0.15) and (0.3, 0.2).", 1),
    ("Channel 2 m x 0.4 m from the origin. A square block with 5 cm sides is in it. It is centred at (0.5, 0.2).", 1),
    ("Could you add a square obstacle to a 1 m x 0.2 m channel? Its side is 2 cm; its centre is at (0.2, 0.1).", 1),
])
def test_a_body_over_several_sentences(text, n):
    assert len(obstacles(text, 0.4, 2.0)) == n


# --- a symbol given its noun later, counted in a product or a coordinate, or used by convention ---------

@pytest.mark.parametrize("text, shape, dims", [
    ("H = 0.5 in; a forward-facing step of height H in a channel 4 H high and 40 H long", "forward_step",
     {"step_height": 0.0127, "height": 0.0508}),
    ("s = 3 mm. A backward-facing step whose step height is s; the channel after it is 3 s high", "backward_step",
     {"step_height": 0.003, "height": 0.009}),
    ("T-junction with W = 5 cm: main channel 20 W long and W wide, branch 10 W long at x = 10 W", "t_junction",
     {"length": 1.0, "width": 0.05, "branch_length": 0.5, "branch_position": 0.5}),
    ("Cylinder diameter: 25 mm. Domain: 20 D x 10 D. Cylinder centre: 5 D from the inlet, on the centreline.",
     "cylinder_crossflow", {"diameter": 0.025, "length": 0.5, "height": 0.25, "center_x": 0.125, "center_y": 0.125}),
    ("a sudden contraction from H1 = 6 cm to H2 = 2 cm", "sudden_contraction", {"inlet_height": 0.06, "outlet_height": 0.02}),
    ("a square cylinder with side a = 2 cm at (0.3, 0.1) in a channel 1 m by 0.2 m", "channel_with_obstacles",
     {"length": 1.0, "height": 0.2}),
])
def test_symbols_bound_later_or_by_convention(text, shape, dims):
    spec = parse_geometry(text)
    assert spec.shape == shape
    _close(spec.dimensions, dims)


@pytest.mark.parametrize("text, width", [
    ("a square cylinder with side a = 2 cm, centred at x = 0.2 m, y = 0.1 m in a channel 1 m by 0.2 m", 0.02),
    ("a square block of side 5 cm at (0.4, 0.1) inside the duct, 2 m long and 0.2 m high", 0.05),
    ("a 3 cm square obstacle centred at (0.3, 0.15) within a channel of 1.5 m x 0.3 m", 0.03),
])
def test_channel_sizes_after_its_noun_are_not_the_body(text, width):
    body = parse_geometry(text).obstacles[0]
    assert body.width == pytest.approx(width)


@pytest.mark.parametrize("text, side", [
    ("a lid-driven cavity with 15 cm edges", 0.15),
    ("a cubic cavity with edges of 10 cm, 3D", 0.1),
    ("a square enclosure with 4 in sides, the lid moving", 0.1016),
])
def test_cavity_edges(text, side):
    d = parse_geometry(text).dimensions
    assert (d["width"], d["height"]) == pytest.approx((side, side))


# --- fractions of a unit ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, shape, dims", [
    ("water through a 1/2 in pipe, 3 ft long, axisymmetric", "pipe", {"diameter": 0.0127, "length": 0.9144}),
    ("a channel 1 1/2 inches high and 2 ft long", "channel", {"height": 0.0381, "length": 0.6096}),
    ("a 3/4-inch backward-facing step in a 1 1/2 in channel", "backward_step", {"step_height": 0.01905}),
])
def test_fractions_of_a_unit(text, shape, dims):
    spec = parse_geometry(text)
    assert spec.shape == shape
    _close(spec.dimensions, dims)


def test_fractions_without_a_unit_stay():
    assert plain_lengths("H/W = 4, the block at 1/4 of the length") == "H/W = 4, the block at 1/4 of the length"


# --- a channel's proportion with its terms named ------------------------------------------------------

@pytest.mark.parametrize("text, dims", [
    ("a plane channel, H = 2 cm, L/H = 20", {"height": 0.02, "length": 0.4}),
    ("a 2D channel 5 cm high with a length-to-height ratio of 30", {"height": 0.05, "length": 1.5}),
    ("a duct ten times longer than it is high, 4 cm high", {"height": 0.04, "length": 0.4}),
    ("a channel 1 m long, aspect ratio (length/height) 25", {"length": 1.0, "height": 0.04}),
])
def test_channel_proportion(text, dims):
    _close(parse_geometry(text).dimensions, dims)


# --- an enclosure called by its walls' temperatures; a change of section named with a ratio or a past tense ------

@pytest.mark.parametrize("text, shape", [
    ("an enclosure, 10 cm square, whose bottom is at 310 K and top at 300 K", "heated_cavity"),
    ("a closed container 5 cm wide: left side 50 degC, right side 10 degC", "heated_cavity"),
    ("a plane contraction with an area ratio of 3, from 9 cm to 3 cm", "sudden_contraction"),
    ("an expansion with height ratio 2 from 1 cm to 2 cm", "sudden_expansion"),
    ("a 6 cm duct which at x = 0 abruptly narrowed to 2 cm", "sudden_contraction"),
    ("the 1 cm channel suddenly widened into a 4 cm one", "sudden_expansion"),
    ("a smooth contraction nozzle, area ratio 4", "nozzle"),
])
def test_more_shape_words(text, shape):
    assert shape_words(text) == shape


@pytest.mark.parametrize("text, dims", [
    ("a 2 cm forward-facing step in a 6 cm high channel; the step face is 30 cm from the inlet and the outlet lies "
     "1.2 m downstream of the inlet", {"upstream_length": 0.3, "downstream_length": 0.9}),
    ("backward-facing step 1 cm high, channel 3 cm high, 15 cm of inlet channel, 1.5 m from inlet to outlet",
     {"upstream_length": 0.15, "downstream_length": 1.35}),
    ("a sudden contraction from 4 cm to 2 cm with 20 cm of upstream channel; the exit is 70 cm from the inlet",
     {"upstream_length": 0.2, "downstream_length": 0.5}),
])
def test_outlet_from_the_inlet_is_the_whole_length(text, dims):
    _close(parse_geometry(text).dimensions, dims)


@pytest.mark.parametrize("text, dims", [
    ("a 6 cm high duct, 20 cm long, which at x = 0 abruptly narrowed to a 2 cm channel running 50 cm further",
     {"inlet_height": 0.06, "outlet_height": 0.02, "upstream_length": 0.2, "downstream_length": 0.5}),
    ("the channel, 3 cm high and 10 cm long, then stepped down suddenly to 1 cm, continuing for 30 cm more",
     {"inlet_height": 0.03, "outlet_height": 0.01, "downstream_length": 0.3}),
    ("a 1 cm channel that suddenly widened into a 4 cm one, 40 cm long", {"inlet_height": 0.01, "outlet_height": 0.04}),
])
def test_changes_told_in_the_past(text, dims):
    _close(parse_geometry(text).dimensions, dims)


@pytest.mark.parametrize("text, diameters", [
    ("two round pins, 8 mm across, at (0.1, 0.05) and (0.2, 0.05) in a channel 0.5 m by 0.1 m", [0.008, 0.008]),
    ("a pair of discs, each 1 cm across, centred at x = 0.2 m and x = 0.4 m on the centreline of a 1 m x 0.1 m channel",
     [0.01, 0.01]),
    ("three pins of 4 mm diameter at (0.1, 0.05), (0.2, 0.05) and (0.3, 0.05) in a 0.6 m by 0.1 m channel", [0.004] * 3),
])
def test_round_bodies_sized_across(text, diameters):
    assert [o.diameter for o in parse_geometry(text).obstacles] == pytest.approx(diameters)


def test_a_single_rod_sized_across():
    assert parse_geometry("flow past a rod 5 mm thick in a 5 cm high channel").dimensions["diameter"] == pytest.approx(0.005)
