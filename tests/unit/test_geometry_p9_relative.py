"""Geometries said in the user's own words (session 9): sizes counted in another size, bodies named by
their size, annuli by their bodies, ratios beside their values, and geometries the library cannot build
(refused, never substituted). The texts are paraphrases written for these tests, not the probes'."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_relative import absolute_lengths, reference_sizes
from tasks.geometry.text_unbuildable import unbuildable_reason


def _dims(text: str) -> dict:
    spec = parse_geometry(text)
    assert spec is not None, text
    return spec.model_dump()["dimensions"]


# --- a size counted in another size of the request ------------------------------------------------

@pytest.mark.parametrize("text, refs, expected", [
    ("a domain 40 D long", {"diameter": 0.01}, "a domain 0.4 m long"),
    ("length of 12 channel heights", {"height": 0.05}, "length of 0.6 m"),
    ("the inlet leg is six step heights long", {"step_height": 0.02}, "the inlet leg is 0.12 m long"),
    ("whose depth is a quarter of its width", {"width": 0.4}, "whose depth is 0.1 m"),
    ("step height H/4", {"height": 0.08}, "step height 0.02 m"),
    ("its centre three sides downstream of the inlet", {"side": 0.05}, "its centre 0.15 m downstream of the inlet"),
    ("a 3D cylinder", {"diameter": 0.01}, "a 3D cylinder"),  # a dimensionality, not three diameters
    ("the cylinder 5 D downstream of the inlet", {"diameter": 0.01}, "the cylinder 5 D downstream of the inlet"),  # placed elsewhere
    ("a domain 40 D long", {}, "a domain 40 D long"),  # no diameter stated: left as written
])
def test_absolute_lengths_rewrites_counted_sizes(text, refs, expected):
    assert absolute_lengths(text, reference_sizes(refs)) == expected


def test_reference_sizes_pairs_radius_and_diameter():
    assert reference_sizes({"radius": 0.01}) == {"radius": 0.01, "diameter": 0.02}
    assert reference_sizes({"diameter": 0.3}) == {"diameter": 0.3, "radius": 0.15}


@pytest.mark.parametrize("text, expected", [
    ("Vortex shedding past a rod of radius 5 mm: the box is forty diameters long and twelve diameters high from the "
     "origin, the rod centred ten diameters from the inlet and vertically centred; pisoFoam",
     {"diameter": 0.01, "length": 0.4, "height": 0.12, "center_x": 0.1, "center_y": 0.06}),
    ("cylinder D = 0.5 in, domain 30 D long by 8 D high, centre 6 D downstream of inlet, centered vertically",
     {"diameter": 0.0127, "length": 0.381, "height": 0.1016, "center_x": 0.0762, "center_y": 0.0508}),
])
def test_cylinder_domain_in_diameters(text, expected):
    d = _dims(text)
    for k, v in expected.items():
        assert d[k] == pytest.approx(v, rel=1e-6), (k, d)


@pytest.mark.parametrize("text, expected", [
    ("backward facing step 1 in high, expansion ratio 1.5; the inlet channel is 4 step heights long and the "
     "outlet region forty step heights long", {"step_height": 0.0254, "upstream_length": 0.1016, "downstream_length": 1.016}),
    ("rearward-facing step, h = 10 mm, channel height 30 mm; upstream length: 8 step heights, downstream length: 25 step heights",
     {"step_height": 0.01, "height": 0.03, "upstream_length": 0.08, "downstream_length": 0.25}),
])
def test_step_sections_in_step_heights(text, expected):
    d = _dims(text)
    for k, v in expected.items():
        assert d[k] == pytest.approx(v, rel=1e-6), (k, d)


@pytest.mark.parametrize("text, length, height", [
    ("a flat channel whose length is 25 times its 2 cm height, laminar pimpleFoam", 0.5, 0.02),
    ("planar duct of height 0.05 m; length: 16 channel heights; simpleFoam", 0.8, 0.05),
    ("2D channel 10 mm tall and 30 H long, icoFoam", 0.3, 0.01),
])
def test_channel_length_in_heights(text, length, height):
    d = _dims(text)
    assert d["length"] == pytest.approx(length) and d["height"] == pytest.approx(height)


@pytest.mark.parametrize("text, step", [
    ("forward-facing step in a 9 cm high channel 1 m long; the step rises a third of the channel height, its face 30 cm from the inlet", 0.03),
    ("forward step: channel height H = 12 cm, step height H/4, rhoCentralFoam", 0.03),
])
def test_step_height_as_a_part_of_the_channel(text, step):
    assert _dims(text)["step_height"] == pytest.approx(step)


@pytest.mark.parametrize("text, width, height", [
    ("lid-driven cavity 8 cm wide, aspect ratio 2 (height/width), icoFoam", 0.08, 0.16),
    ("a shear-driven cavity 30 cm wide, aspect ratio of 0.5 (H/W), lid 1 m/s", 0.3, 0.15),
    ("natural convection in a slot, aspect ratio 5 (height/width), 40 mm wide, hot wall left 50 degC, cold right 10 degC", 0.04, 0.2),
])
def test_ratio_named_after_its_value(text, width, height):
    d = _dims(text)
    assert d["width"] == pytest.approx(width) and d["height"] == pytest.approx(height)


# --- bodies named by their size -------------------------------------------------------------------

@pytest.mark.parametrize("text, centre, diameter", [
    ("a 1.5 m x 0.3 m channel from the origin with an obstacle of 3 cm radius a third of the way along, centred vertically",
     (0.5, 0.15), 0.06),
    ("channel 50 cm by 10 cm (lower left at the origin), round obstacle diameter 2 cm, centre 12 cm from inlet, at mid-height",
     (0.12, 0.05), 0.02),
])
def test_round_obstacle_by_its_size(text, centre, diameter):
    spec = parse_geometry(text)
    ob = spec.model_dump()["obstacles"][0] if spec.shape == "channel_with_obstacles" else None
    if ob is None:  # a single round body may be built as the cylinder shape
        d = spec.model_dump()["dimensions"]
        assert (d["center_x"], d["center_y"]) == pytest.approx(centre) and d["diameter"] == pytest.approx(diameter)
    else:
        assert ob["kind"] == "circle" and ob["center"] == pytest.approx(centre) and ob["diameter"] == pytest.approx(diameter)


@pytest.mark.parametrize("text, centre, side", [
    ("a 60 cm x 15 cm channel from the origin with a square obstacle 3 cm side, its centre four sides downstream of the inlet, "
     "centred vertically", (0.12, 0.075), 0.03),
    ("a 2D duct 1 m long and 0.2 m high from the origin containing a square block of 4 cm on each side; the block's centre is "
     "25 cm downstream of the inlet and halfway between the top and bottom", (0.25, 0.1), 0.04),
])
def test_square_obstacle_placed_in_words(text, centre, side):
    ob = parse_geometry(text).model_dump()["obstacles"][0]
    assert ob["kind"] == "square" and ob["center"] == pytest.approx(centre) and ob["width"] == pytest.approx(side)


# --- annuli named by their bodies ----------------------------------------------------------------

@pytest.mark.parametrize("text, inner, outer", [
    ("Taylor-Couette flow between an inner cylinder of 6 cm diameter and an outer cylinder of 10 cm diameter, 2D", 0.03, 0.05),
    ("fluid in the 1 cm wide gap between a shaft of radius 2 cm and its stationary housing, shaft at 5 rad/s", 0.02, 0.03),
    ("a rotor of radius 4 cm spins inside a fixed outer cylinder with a 6 cm radius; icoFoam", 0.04, 0.06),
])
def test_annulus_from_its_bodies(text, inner, outer):
    spec = parse_geometry(text)
    assert spec.shape == "annulus"
    d = spec.model_dump()["dimensions"]
    assert d["inner_radius"] == pytest.approx(inner) and d["outer_radius"] == pytest.approx(outer)


def test_annulus_cells_across_the_gap():
    spec = parse_geometry("2D annulus between radii 2 cm and 4 cm, 12 cells across the gap and 80 around")
    assert sorted(spec.mesh.cells) == [12, 80]


# --- sections of a change, their labels and where the shape starts --------------------------------

def test_section_ratio_not_read_across_a_label_colon():
    d = _dims("sudden expansion, expansion ratio 2: 1 cm high inlet channel 5 cm long, outlet 30 cm long")
    assert d["inlet_height"] == pytest.approx(0.01) and d["outlet_height"] == pytest.approx(0.02)


@pytest.mark.parametrize("text, expected", [
    ("2D converging nozzle; inlet height 10 cm, outlet height 5 cm; a 8 cm straight inlet duct, 15 cm taper and a 25 cm outlet duct",
     {"upstream_length": 0.08, "taper_length": 0.15, "downstream_length": 0.25}),
    ("diffuser: inlet width 2 in, outlet width 4 in, 3 in straight entry section, 10 in taper, 12 in exit section",
     {"upstream_length": 0.0762, "taper_length": 0.254, "downstream_length": 0.3048}),
])
def test_nozzle_section_lengths_before_their_nouns(text, expected):
    d = _dims(text)
    for k, v in expected.items():
        assert d[k] == pytest.approx(v, rel=1e-6), (k, d)


def test_nozzle_starting_at_a_coordinate_is_its_inlet():
    spec = parse_geometry("a converging nozzle symmetric about y = 0 starting at x = 0: inlet duct 5 cm high and 10 cm long, "
                          "taper over 10 cm to 2 cm, outlet duct 20 cm long")
    assert spec.origin[0] == pytest.approx(0.0)


def test_t_junction_branch_centreline_from_the_inlet():
    d = _dims("T-junction, 2D: the 5 cm wide side branch, 30 cm long, leaves the top of a 10 cm wide, 1 m long main duct, "
              "its centreline 40 cm from the inlet")
    assert d["branch_position"] == pytest.approx(0.4)


def test_a_unitless_angle_before_a_pipe_is_not_its_diameter():
    assert _dims("a 45 degree inclined pipe of 2 cm bore, 1 m long")["diameter"] == pytest.approx(0.02)


# --- geometries the library cannot build: refused with the reason ---------------------------------

@pytest.mark.parametrize("text, word", [
    ("flow around a 2 cm sphere in a 3D box 30 cm x 10 cm x 10 cm, pisoFoam", "sphere"),
    ("a 1 m x 0.2 m channel with an oval obstacle 6 cm long and 2 cm high at its centre", "ellipse"),
    ("turbulent flow through a 90 degree bend in a 5 cm pipe", "bend"),
    ("NACA 64-212 aerofoil at 3 deg angle of attack, chord 0.5 m", "4-digit"),
    ("a Clark Y aerofoil of 30 cm chord at 5 degrees incidence", "4-digit"),
    ("NACA 23015 wing section pitched at 2 degrees, chord 1 m", "4-digit"),
])
def test_unbuildable_geometry_is_refused(text, word):
    assert word in (unbuildable_reason(text) or "")
    with pytest.raises(RequestError, match="geometry refused"):
        parse_geometry(text)


@pytest.mark.parametrize("text", [
    "NACA 4415 aerofoil at 6 degrees incidence, chord 25 cm",
    "a 2D channel 1 m x 0.1 m with a circular obstacle of 2 cm diameter at (0.3, 0.05)",
    "a straight pipe of 25 mm bore and 1.5 m length",
])
def test_library_shapes_are_not_refused(text):
    assert unbuildable_reason(text) is None
    assert parse_geometry(text) is not None


# --- sizes before and after the noun --------------------------------------------------------------

@pytest.mark.parametrize("text, kind, centre, size", [
    ("a 60 x 12 cm channel with a 1 cm thick, 3 cm tall fin on the floor 15 cm from the inlet", "rectangle", (0.15, 0.015), (0.01, 0.03)),
    ("a 2 m by 0.3 m channel from the origin with a square block of 5 cm at a quarter of the channel length on the centreline",
     "square", (0.5, 0.15), (0.05, 0.05)),
])
def test_body_sizes_around_its_noun(text, kind, centre, size):
    ob = parse_geometry(text).model_dump()["obstacles"][0]
    assert ob["kind"] == kind and ob["center"] == pytest.approx(centre)
    assert (ob["width"], ob["height"]) == pytest.approx(size)


@pytest.mark.parametrize("text, diameter", [
    ("tube with a 9 mm internal diameter, 40 cm long, wedge", 0.009),
    ("a pipe of inside diameter 1.5 in and 4 ft length, 3D", 0.0381),
])
def test_pipe_inside_diameter(text, diameter):
    assert _dims(text)["diameter"] == pytest.approx(diameter)


def test_t_junction_bare_widths_before_their_nouns():
    d = _dims("2D tee: a 8 cm main duct 1.2 m long with a 4 cm branch 30 cm long, 50 cm from the inlet")
    assert (d["width"], d["branch_width"], d["branch_length"], d["branch_position"]) == pytest.approx((0.08, 0.04, 0.3, 0.5))
