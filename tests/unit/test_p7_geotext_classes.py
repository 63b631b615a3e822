"""Geometry in words, session 7: the classes of wording the parser missed (spelled and hyphenated
lengths, inches, axis notes, arrows, sections described one after another, coordinates said of the
inlet, a cylinder's domain about the origin, sizes in multiples, annulus bodies, branch lengths,
cell counts named in brackets). Each row: a request's words -> the dimensions it must give."""

from __future__ import annotations

import pytest

from tasks.geometry.spec import unit_factor
from tasks.geometry.text import cell_counts, parse_geometry
from tasks.geometry.text_sections import section_sizes
from tasks.geometry.text_words import length_in_multiples, plain_lengths, spelled_value, times_as


def _close(dims: dict, expected: dict) -> None:
    for k, v in expected.items():
        assert dims.get(k) == pytest.approx(v, rel=1e-6, abs=1e-9), (k, dims)


@pytest.mark.parametrize(("text", "expected"), [
    ("a pipe one and a half metres long", "a pipe 1.5 metres long"),
    ("half a metre long", "0.5 metre long"),
    ("ten inches downstream", "10 inches downstream"),
    ("twenty-five mm wide", "25 mm wide"),
    ("a 4-inch-high channel", "a 4 inch high channel"),
    ("2 m (x) x 0.1 m (y) x 0.2 m (z)", "2 m x 0.1 m x 0.2 m"),
    ("height 20 mm -> 40 mm", "height from 20 mm to 40 mm"),
    ("one corner at the origin", "one corner at the origin"),  # no unit: left alone
    ("twice as deep", "2 times as deep"),
])
def test_plain_lengths(text: str, expected: str) -> None:
    assert plain_lengths(text) == expected


@pytest.mark.parametrize(("words", "value"), [("forty", 40), ("one hundred and twenty", 120), ("twenty-five", 25),
                                              ("three thousand", 3000), ("blue", None)])
def test_spelled_value(words: str, value: int | None) -> None:
    assert spelled_value(words) == value


@pytest.mark.parametrize(("unit", "factor"), [("in", 0.0254), ("inches", 0.0254), ("ft", 0.3048), ("mm", 1e-3),
                                              ("cm", 1e-2), (None, 1.0)])
def test_unit_factor(unit: str | None, factor: float) -> None:
    assert unit_factor(unit) == pytest.approx(factor)


@pytest.mark.parametrize(("text", "expected"), [
    ("twice as deep as it is wide", ("deep", "wide", 2.0)),
    ("one and a half times as tall as it is wide", ("tall", "wide", 1.5)),
    ("three times longer than it is high", ("long", "high", 3.0)),
    ("a tall cavity", None),
])
def test_times_as(text: str, expected: tuple | None) -> None:
    assert times_as(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("length L = 20H", (20.0, "height")), ("40 diameters long", (40.0, "diameter")), ("L = 50 D", (50.0, "diameter")),
    ("a length of 30 channel heights", (30.0, "height")), ("2 m long", None), ("L = 2 m", None),
])
def test_length_in_multiples(text: str, expected: tuple | None) -> None:
    assert length_in_multiples(text) == expected


@pytest.mark.parametrize(("text", "counts"), [
    ("10 x 100 cells (radial x circumferential)", [100, 10]),
    ("150 x 10 cells (axial x radial)", [150, 10]),
    ("150 cells along the axis and 10 in the radial direction", [150, 10]),
    ("80 cells along the duct, 8 over the height and 16 over the width", [80, 8, 16]),
])
def test_cell_counts_named_directions(text: str, counts: list[int]) -> None:
    assert cell_counts(text) == counts


@pytest.mark.parametrize(("text", "expected"), [
    # sections in sequence, sized before or after their noun
    ("a 20 mm channel, 50 mm long, opens at x = 0 into a 40 mm channel that is 0.4 m long",
     {"inlet_height": 0.02, "upstream_length": 0.05, "outlet_height": 0.04, "downstream_length": 0.4}),
    ("the 2.5 cm high inlet duct, 10 cm long, sits on top of the step and opens into a 5 cm high channel 75 cm long",
     {"inlet_height": 0.025, "upstream_length": 0.1, "outlet_height": 0.05, "downstream_length": 0.75}),
    ("the channel after the step is 50 mm high and the domain extends 750 mm beyond the step",
     {"outlet_height": 0.05, "downstream_length": 0.75}),
    ("A 2 cm high channel runs to x = 0, where it suddenly doubles in height to 4 cm and continues for 40 cm",
     {"inlet_height": 0.02, "outlet_height": 0.04, "downstream_length": 0.4}),
    ("overall length 1 m, upstream section 0.2 m long", {"upstream_length": 0.2}),
])
def test_section_sizes(text: str, expected: dict) -> None:
    sizes, _ = section_sizes(text)
    _close(sizes, expected)
    assert set(expected) <= set(sizes)


@pytest.mark.parametrize(("text", "shape", "dims", "origin"), [
    # spelled lengths, inches, axis notes
    ("flow between two parallel plates 20 millimetres apart and half a metre long, bottom plate on y = 0",
     "channel", {"length": 0.5, "height": 0.02}, (0, 0)),
    ("3D rectangular duct 2 m (x) x 0.1 m (y) x 0.2 m (z), one corner at the origin",
     "channel", {"length": 2.0, "height": 0.1, "depth": 0.2}, (0, 0)),
    ("a 3D duct from x = 0 to x = 2 m; its cross-section is 10 cm tall in y and 20 cm wide in z",
     "channel", {"length": 2.0, "height": 0.1, "depth": 0.2}, (0, 0)),
    ("A 3D duct of square section, 4 in on a side and 5 ft long", "channel",
     {"length": 1.524, "height": 0.1016, "depth": 0.1016}, (0, 0)),
    ("2D channel of height H = 0.05 m and length L = 20H", "channel", {"length": 1.0, "height": 0.05}, (0, 0)),
    ("axisymmetric pipe, radius 5 mm, 40 diameters long", "pipe", {"diameter": 0.01, "length": 0.4}, (0, 0)),
    # steps
    ("forward-facing step, channel 40 in x 4 in, origin lower-left, 1 in step starting 10 in from the inlet",
     "forward_step", {"height": 0.1016, "step_height": 0.0254, "upstream_length": 0.254, "downstream_length": 0.762},
     (0.254, 0)),
    ("forward-facing step in a 4-inch-high, 40-inch-long channel (inlet at x = 0, floor at y = 0) whose floor rises "
     "by 1 in at 10 in downstream of the inlet", "forward_step",
     {"height": 0.1016, "step_height": 0.0254, "upstream_length": 0.254}, (0.254, 0)),
    ("forward step: 100 mm channel height, the step (40 mm) starts at x = 250 mm and runs to the outlet at "
     "x = 1000 mm, origin at the inlet floor", "forward_step",
     {"height": 0.1, "step_height": 0.04, "upstream_length": 0.25, "downstream_length": 0.75}, (0.25, 0)),
    ("backward-facing step. The step is 25 mm high and the expansion ratio is 2, so the inlet channel is 25 mm high "
     "and the channel after the step is 50 mm high. The inlet channel is 100 mm long, and the domain extends 750 mm "
     "beyond the step.", "backward_step",
     {"height": 0.05, "step_height": 0.025, "upstream_length": 0.1, "downstream_length": 0.75}, (0, 0)),
    ("backward-facing step of height h = 10 mm, expansion ratio 1.5, 5h of inlet channel and 40h downstream, the "
     "step edge at the origin", "backward_step",
     {"height": 0.03, "step_height": 0.01, "upstream_length": 0.05, "downstream_length": 0.4}, (0, 0)),
    # expansions, contractions, nozzles
    ("2D sudden expansion, channel height 20 mm -> 40 mm, symmetric about y = 0, expansion at x = 0; 50 mm upstream, "
     "400 mm downstream", "sudden_expansion",
     {"inlet_height": 0.02, "outlet_height": 0.04, "upstream_length": 0.05, "downstream_length": 0.4}, (0, 0)),
    ("abrupt 1:2 expansion where a 20 mm channel, 50 mm long, opens at x = 0 into a 40 mm channel that is 0.4 m "
     "long, both centred on y = 0", "sudden_expansion",
     {"inlet_height": 0.02, "outlet_height": 0.04, "upstream_length": 0.05, "downstream_length": 0.4}, (0, 0)),
    ("planar nozzle: a straight section 10 cm high and 10 cm long (x from -0.1 to 0 m), centred on the x axis. "
     "Between x = 0 and x = 0.2 m both walls converge linearly so that the height drops to 4 cm, and a straight "
     "section of that height continues for another 20 cm.", "nozzle",
     {"inlet_height": 0.1, "outlet_height": 0.04, "upstream_length": 0.1, "taper_length": 0.2,
      "downstream_length": 0.2}, (-0.1, 0)),
    ("a plane nozzle with a contraction ratio of 2.5: a 0.1 m wide, 0.1 m long inlet duct ending at x = 0, a 0.2 m "
     "long straight-walled taper, and a 0.2 m long throat duct", "nozzle",
     {"inlet_height": 0.1, "outlet_height": 0.04, "upstream_length": 0.1, "taper_length": 0.2,
      "downstream_length": 0.2}, (-0.1, 0)),
    # cylinder domains about the origin
    ("cylinder in cross-flow, D = 5 cm, centred at (0, 0); domain x -0.5..1 m, y -0.4..0.4 m", "cylinder_crossflow",
     {"diameter": 0.05, "length": 1.5, "height": 0.8, "center_x": 0.5, "center_y": 0.4}, (-0.5, -0.4)),
    ("a 25 mm radius cylinder sitting at the origin: inflow boundary 50 cm upstream of its centre, outflow 1 m "
     "downstream, side boundaries 40 cm either side", "cylinder_crossflow",
     {"diameter": 0.05, "length": 1.5, "height": 0.8, "center_x": 0.5, "center_y": 0.4}, (-0.5, -0.4)),
    ("a 5 cm diameter cylinder centred 0.5 m behind the inlet at mid-height of a 2.5 m long, 0.5 m tall channel",
     "cylinder_crossflow", {"length": 2.5, "height": 0.5, "center_x": 0.5, "center_y": 0.25}, (0, 0)),
    # aerofoil, annulus, T-junction, cavity
    ("NACA 0012, c = 0.3 m, alpha = 6 deg, far field 15 chords", "naca_airfoil",
     {"chord": 0.3, "domain_radius": 4.5, "angle_of_attack": 6.0}, (0, 0)),
    ("two concentric cylinders: the inner cylinder has a diameter of 8 cm and the outer cylinder, with a diameter "
     "of 10 cm, is fixed", "annulus", {"inner_radius": 0.04, "outer_radius": 0.05}, (0, 0)),
    ("Taylor-Couette: a 1 cm annular gap around an 80 mm diameter rotor", "annulus",
     {"inner_radius": 0.04, "outer_radius": 0.05}, (0, 0)),
    ("annulus of inner diameter 20 mm and outer diameter 30 mm, 2D", "annulus",
     {"inner_radius": 0.01, "outer_radius": 0.015}, (0, 0)),
    ("2D T-junction: the main channel is 60 cm long and 5 cm high. Halfway along, a branch of the same width leaves "
     "the top wall and goes straight up for 20 cm.", "t_junction",
     {"length": 0.6, "width": 0.05, "branch_width": 0.05, "branch_length": 0.2}, (0, 0)),
    ("a tee made of a 600 mm by 50 mm horizontal channel and a 50 mm wide vertical arm 200 mm tall joining its upper "
     "wall at x = 300 mm", "t_junction", {"length": 0.6, "width": 0.05, "branch_width": 0.05, "branch_length": 0.2,
                                          "branch_position": 0.3}, (0, 0)),
    ("T-junction where a 2 cm wide branch 10 cm long meets a 4 cm wide, 50 cm long main duct at x = 20 cm",
     "t_junction", {"length": 0.5, "width": 0.04, "branch_width": 0.02, "branch_length": 0.1}, (0, 0)),
    ("a lid-driven cavity one and a half times as tall as it is wide, 0.2 m across", "lid_driven_cavity",
     {"width": 0.2, "height": 0.3}, (0, 0)),
    ("lid-driven cavity twice as wide as it is deep, 20 cm wide", "lid_driven_cavity",
     {"width": 0.2, "height": 0.1}, (0, 0)),
])
def test_parse_geometry_classes(text: str, shape: str, dims: dict, origin: tuple) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape
    _close(spec.dimensions, dims)
    assert spec.origin == pytest.approx(origin)


@pytest.mark.parametrize(("text", "obstacles"), [
    ("Laminar flow in a 2D channel with a rectangular obstruction. The channel is 1.5 m long and 30 cm high. The "
     "obstruction is 10 cm long in the flow direction and 5 cm tall, and its centre sits 40 cm downstream of the "
     "inlet, halfway up the channel.", [{"kind": "rectangle", "center": (0.4, 0.15), "width": 0.1, "height": 0.05}]),
    ("a 100 mm by 50 mm rectangle blocks part of a 1500 mm x 300 mm channel (inlet at x = 0, floor at y = 0); the "
     "rectangle's centre is at x = 400 mm on the channel centreline",
     [{"kind": "rectangle", "center": (0.4, 0.15), "width": 0.1, "height": 0.05}]),
    ("a pair of 2 cm diameter round rods placed one behind the other at x = 20 cm and x = 35 cm, both at mid-height, "
     "inside a 100 cm long, 20 cm high channel",
     [{"kind": "circle", "center": (0.2, 0.1), "diameter": 0.02}, {"kind": "circle", "center": (0.35, 0.1),
                                                                    "diameter": 0.02}]),
    ("a square block 5 cm high centred at (0.5, 0.1) inside a channel that is 2 m long and 20 cm high",
     [{"kind": "square", "center": (0.5, 0.1), "width": 0.05, "height": 0.05}]),
])
def test_obstacles_in_words(text: str, obstacles: list[dict]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    got = [o.model_dump(exclude_none=True) for o in spec.obstacles]
    assert len(got) == len(obstacles)
    for g, e in zip(got, obstacles):
        assert g["kind"] == e["kind"] and g["center"] == pytest.approx(e["center"])
        for k in ("width", "height", "diameter"):
            if k in e:
                assert g[k] == pytest.approx(e[k])


@pytest.mark.parametrize(("text", "free"), [
    ("laminar flow past a cylinder of diameter 5 cm, free-stream velocity 0.02 m/s", False),
    ("flow past a cylinder of diameter 5 cm in a free stream (symmetry planes top and bottom)", True),
])
def test_free_stream_velocity_is_not_an_open_domain(text: str, free: bool) -> None:
    assert parse_geometry(text).dimensions.get("free_stream", False) is free


@pytest.mark.parametrize(("text", "dims", "origin"), [
    ("2D channel occupying 0 < x < 2 m and 0 < y < 0.2 m", {"length": 2.0, "height": 0.2}, (0, 0)),
    ("channel with x in [0, 3] m and y in [0, 0.5] m", {"length": 3.0, "height": 0.5}, (0, 0)),
    ("channel 0–1.5 m in x and 0–0.3 m in y", {"length": 1.5, "height": 0.3}, (0, 0)),
    ("a rectangular domain from (-1, 0) to (2, 0.5) m", {"length": 3.0, "height": 0.5}, (-1, 0)),
    ("a 2D channel of 1.2 m length and 8 cm height", {"length": 1.2, "height": 0.08}, (0, 0)),
])
def test_channel_extents_in_other_notations(text: str, dims: dict, origin: tuple) -> None:
    spec = parse_geometry(text)
    _close(spec.dimensions, dims)
    assert spec.origin == pytest.approx(origin)


def test_a_section_ends_where_its_height_changes() -> None:
    spec = parse_geometry("I want a symmetric planar sudden expansion. A 2 cm high channel, centred on the x axis, runs "
                          "from x = -5 cm to x = 0, where it suddenly doubles in height to 4 cm and continues for 40 cm.")
    _close(spec.dimensions, {"inlet_height": 0.02, "outlet_height": 0.04, "upstream_length": 0.05,
                             "downstream_length": 0.4})


@pytest.mark.parametrize(("text", "centre"), [
    ("a cylinder of radius 1 cm in a 1 m x 0.2 m channel, centred 0.8 m upstream of the outlet and 5 cm below the "
     "top wall", (0.2, 0.15)),
    ("a cylinder D = 2 cm in a channel 1 m long and 20 cm high, its centre 1 cm above the centreline and 25 cm from "
     "the inlet", (0.25, 0.11)),
    ("a cylinder of 4 cm diameter placed a quarter of the way along a 2 m long, 0.4 m high channel, on the centreline",
     (0.5, 0.2)),
])
def test_cylinder_positions_relative_to_walls(text: str, centre: tuple) -> None:
    d = parse_geometry(text).dimensions
    assert (d["center_x"], d["center_y"]) == pytest.approx(centre)


@pytest.mark.parametrize(("text", "centres"), [
    ("channel 2 m by 0.5 m with three cylinders of diameter 0.05 m at x = 0.5, 1.0 and 1.5 m on the centreline",
     [(0.5, 0.25), (1.0, 0.25), (1.5, 0.25)]),
    ("a channel 1 m x 0.1 m with a square rod (side 2 cm) centred at one third of the length on the axis",
     [(1 / 3, 0.05)]),
])
def test_obstacle_positions_in_lists_and_fractions(text: str, centres: list) -> None:
    got = [o.center for o in parse_geometry(text).obstacles]
    assert got == [pytest.approx(c) for c in centres]


def test_dashes_in_shape_names() -> None:
    spec = parse_geometry("2D Taylor–Couette: R1 = 1 cm, R2 = 2 cm")
    assert spec.shape == "annulus" and spec.dimensions == pytest.approx({"inner_radius": 0.01, "outer_radius": 0.02})


@pytest.mark.parametrize(("text", "mesh"), [
    ("dx = 5 mm", {"cell_size": 0.005}), ("Δx = 2 mm", {"cell_size": 0.002}), ("dx = dy = 2 mm", {"cell_size": 0.002}),
    ("with 40 cells per metre", {"cell_size": 0.025}), ("mesh of 100 by 20", {"cells": [100, 20]}),
    ("nx = 100, ny = 20", {"cells": [100, 20]}), ("Nx=80, Ny=16, Nz=16", {"cells": [80, 16, 16]}),
    ("resolution 100 x 20", {"cells": [100, 20]}), ("a mesh of 2 m x 1 m", {}),
])
def test_mesh_words(text: str, mesh: dict) -> None:
    from tasks.geometry.text import mesh_request

    got = mesh_request(plain_lengths(text))
    assert got.keys() == mesh.keys() and all(got[k] == pytest.approx(v) for k, v in mesh.items())


@pytest.mark.parametrize(("text", "dims"), [
    ("differentially heated cavity, H = 0.1 m, aspect ratio H/W = 4, hot wall on the left",
     {"height": 0.1, "width": 0.025, "hot_wall": "left"}),
    ("buoyant flow in a cavity whose width is 10 cm and whose height is twice the width, left wall hot",
     {"width": 0.1, "height": 0.2}),
    ("a tall cavity, depth to width ratio 3, 2 cm wide", {"width": 0.02, "height": 0.06}),
    ("a 2D enclosure 20 cm tall and 5 cm wide, heated from the right side", {"width": 0.05, "height": 0.2,
                                                                             "hot_wall": "right"}),
    ("a cube-shaped cavity of edge 0.1 m, 3D, lid moving in x", {"width": 0.1, "height": 0.1}),
])
def test_cavity_proportions(text: str, dims: dict) -> None:
    got = parse_geometry(text).dimensions
    for k, v in dims.items():
        assert got[k] == (pytest.approx(v) if isinstance(v, float) else v)


@pytest.mark.parametrize(("text", "size"), [("cell size 0.01 m", 0.01), ("mesh size = 3 mm", 0.003)])
def test_cell_size_words_still_read(text: str, size: float) -> None:
    from tasks.geometry.text import cell_size

    assert cell_size(text) == pytest.approx(size)


@pytest.mark.parametrize(("text", "dims"), [
    ("pipe with 20 mm ID, 1 m long, axisymmetric", {"diameter": 0.02, "length": 1.0}),
    ("a 3D pipe of radius R = 0.025 m and length 50R", {"diameter": 0.05, "length": 1.25}),
    ("pipe: D = 1 in, L = 100 D, axisymmetric", {"diameter": 0.0254, "length": 2.54}),
    ("a diffuser: inlet 5 cm high, outlet 15 cm high, the diverging part 40 cm long, 10 cm straight inlet duct and 50 cm "
     "straight outlet duct", {"inlet_height": 0.05, "outlet_height": 0.15, "upstream_length": 0.1,
                               "downstream_length": 0.5, "taper_length": 0.4}),
])
def test_sizes_said_in_other_ways(text: str, dims: dict) -> None:
    _close(parse_geometry(text).dimensions, dims)


@pytest.mark.parametrize(("text", "dims", "origin"), [
    ("2D T-junction: main channel x 0..1 m, y 0..0.1 m; branch 0.1 m wide rising from the top wall between x = 0.45 "
     "and 0.55 m up to y = 0.5 m", {"length": 1.0, "width": 0.1, "branch_width": 0.1, "branch_position": 0.5,
                                    "branch_length": 0.4}, (0, 0)),
    ("A converging channel that narrows from 20 cm to 10 cm over 30 cm, with 20 cm of straight duct ahead of it and "
     "50 cm after, symmetric about y = 0, inlet at x = -0.2 m",
     {"inlet_height": 0.2, "outlet_height": 0.1, "upstream_length": 0.2, "downstream_length": 0.5,
      "taper_length": 0.3}, (-0.2, 0)),
    ("channel 2.2 m x 0.41 m with a cylinder of 10 cm diameter whose centre is at (0.2 m, 0.2 m)",
     {"length": 2.2, "height": 0.41, "center_x": 0.2, "center_y": 0.2}, (0, 0)),
    ("two-dimensional flow over a backward-facing step 5 cm high; channel height after the step 10 cm; the step is "
     "20 cm from the inlet and the outlet 1 m past the step; origin at the inlet's lower corner",
     {"step_height": 0.05, "height": 0.1, "upstream_length": 0.2, "downstream_length": 1.0}, (0.2, 0)),
])
def test_more_placements(text: str, dims: dict, origin: tuple) -> None:
    spec = parse_geometry(text)
    _close(spec.dimensions, dims)
    assert spec.origin == pytest.approx(origin)


@pytest.mark.parametrize(("text", "aoa"), [("a 5-degree angle of attack", 5.0), ("at zero incidence", 0.0),
                                          ("inclined at six degrees", 6.0), ("alpha=3", 3.0)])
def test_angle_of_attack_words(text: str, aoa: float) -> None:
    from tasks.geometry.text import angle_of_attack

    assert angle_of_attack(text) == pytest.approx(aoa)
