"""Geometry from words: units, points, centres, ranges, named lengths, aspect ratios, angles of
attack, NACA codes, the shape named, and whole requests turned into a GeometrySpec."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.text import (angle_of_attack, aspect_ratio, centre, coordinate_range, find_points, mesh_request,
                                 naca_code, named_lengths, parse_geometry, parse_length, shape_words, vertices)


@pytest.mark.parametrize("text, metres", [
    ("5 cm", 0.05), ("5cm", 0.05), ("25.4 mm", 0.0254), ("2 in", 0.0508), ("2 inches", 0.0508), ('3"', 0.0762),
    ("1.5 m", 1.5), ("0.1 metres", 0.1), ("10 millimeters", 0.01), ("1 ft", 0.3048), (".5 m", 0.5),
    ("1e-3 m", 1e-3), ("2", 2.0), ("a length of 12 centimetres", 0.12),
])
def test_parse_length_converts_units(text, metres):
    assert parse_length(text) == pytest.approx(metres)


@pytest.mark.parametrize("text", ["inlet velocity 15 m/s", "area 2 m^2", "no numbers here"])
def test_rates_and_areas_are_not_lengths(text):
    assert named_lengths(text) == {}


@pytest.mark.parametrize("text, points", [
    ("vertices at (0,0), (10,0), (10,1), (0,1)", [(0, 0), (10, 0), (10, 1), (0, 1)]),
    ("a polygon with corners (0, 0); (2, 0) and (1, 1.5)", [(0, 0), (2, 0), (1, 1.5)]),
    ("points (0,0), (100,0), (100,20), (0,20) in mm", [(0, 0), (0.1, 0), (0.1, 0.02), (0, 0.02)]),
    ("vertices at (-1, -0.5), (1, -0.5), (0, 0.5) cm", [(-0.01, -0.005), (0.01, -0.005), (0, 0.005)]),
])
def test_vertices(text, points):
    assert flat(vertices(text)) == pytest.approx(flat(points))


def flat(points):
    return [c for p in points for c in p]


@pytest.mark.parametrize("text, point", [
    ("centred at (3, 2)", (3, 2)), ("centered at (0.5,0.2)", (0.5, 0.2)), ("center at (1, -1)", (1, -1)),
    ("located at (0.2, 0.2)", (0.2, 0.2)), ("with its centre at x = 0.3 m, y = 20 cm", (0.3, 0.2)),
    ("a cylinder at x = 0.2, y = 0.2", (0.2, 0.2)), ("positioned at (30, 20) mm", (0.03, 0.02)),
    ("no position given", None),
])
def test_centre(text, point):
    got = centre(text)
    assert (got is None and point is None) or got == pytest.approx(point)


@pytest.mark.parametrize("text, span", [
    ("from x = 0 to x = 4", (0, 4)), ("from x=0 to 4 m", (0, 4)), ("x from -1 to 3 m", (-1, 3)),
    ("between x = 10 and x = 50 mm", (0.01, 0.05)), ("the domain spans x from 0 to 200 mm", (0, 0.2)),
])
def test_coordinate_range(text, span):
    assert coordinate_range(text, "x") == pytest.approx(span)


@pytest.mark.parametrize("text, expected", [
    ("height 0.1 m", {"height": 0.1}),
    ("a height of 10 cm", {"height": 0.1}),
    ("2 m long and 0.1 m high", {"length": 2.0, "height": 0.1}),
    ("length = 3 m, width: 50 mm", {"length": 3.0, "width": 0.05}),
    ("diameter 5 cm", {"diameter": 0.05}),
    ("a 5 cm diameter cylinder", {"diameter": 0.05}),
    ("a cylinder 2 in in diameter", {"diameter": 0.0508}),
    ("radius is 1 mm", {"radius": 0.001}),
    ("a 0.5 m chord", {"chord": 0.5}),
    ("step height 25.4 mm and channel height 50.8 mm", {"step_height": 0.0254, "height": 0.0508}),
    ("a 5 cm step", {"step_height": 0.05}),
    ("inner radius 1 cm and outer radius 2 cm", {"inner_radius": 0.01, "outer_radius": 0.02}),
    ("a gap of 5 mm", {"gap": 0.005}),
    ("1 m wide, 2 m tall, 0.5 m deep", {"width": 1.0, "height": 2.0, "depth": 0.5}),
    ("inlet height 2 cm, outlet height 6 cm", {"inlet_height": 0.02, "outlet_height": 0.06}),
])
def test_named_lengths(text, expected):
    got = named_lengths(text)
    assert got == pytest.approx(expected)


@pytest.mark.parametrize("text, ratio", [
    ("aspect ratio 4", 4.0), ("an aspect ratio of 2.5", 2.5), ("aspect-ratio = 0.5", 0.5),
    ("with a 4:1 aspect ratio", 4.0), ("aspect ratio 1:2", 0.5), ("square", None),
])
def test_aspect_ratio(text, ratio):
    assert aspect_ratio(text) == ratio


@pytest.mark.parametrize("text, degrees", [
    ("angle of attack 4 degrees", 4.0), ("an angle of attack of 4°", 4.0), ("AoA = -2.5 deg", -2.5),
    ("at 8 degrees angle of attack", 8.0), ("alpha = 10", 10.0), ("at 6° incidence", 6.0),
    ("at 12 degrees", 12.0), ("no angle", None),
])
def test_angle_of_attack(text, degrees):
    assert angle_of_attack(text) == degrees


@pytest.mark.parametrize("text, code", [
    ("NACA 0012", "0012"), ("a naca2412 aerofoil", "2412"), ("NACA-4415 wing section", "4415"), ("NACA 23012", None),
])
def test_naca_code(text, code):
    assert naca_code(text) == code


@pytest.mark.parametrize("text, mesh", [
    ("on a 100 x 20 cells mesh", {"cells": [100, 20]}), ("a 40 by 40 by 10 grid", {"cells": [40, 40, 10]}),
    ("cell size 1 mm", {"cell_size": 0.001}), ("a fine mesh", {"resolution": "fine"}),
    ("coarse grid please", {"resolution": "coarse"}), ("nothing", {}),
])
def test_mesh_request(text, mesh):
    assert mesh_request(text) == mesh


@pytest.mark.parametrize("text, shape", [
    ("flow past a cylinder at Re 100", "cylinder_crossflow"),
    ("von Karman vortex street behind a circular cylinder", "cylinder_crossflow"),
    ("vortex shedding around a cylinder in a channel", "cylinder_crossflow"),
    ("laminar flow in a pipe", "pipe"), ("Hagen-Poiseuille flow through a tube", "pipe"),
    ("a T-junction with two outlets", "t_junction"), ("flow through a tee", "t_junction"),
    ("flow over a backward-facing step", "backward_step"), ("backward facing step, Re 800", "backward_step"),
    ("the classic backstep", "backward_step"), ("flow over a forward-facing step", "forward_step"),
    ("NACA 0012 at 4 degrees", "naca_airfoil"), ("an aerofoil in a wind tunnel", "naca_airfoil"),
    ("airfoil lift", "naca_airfoil"),
    ("Taylor-Couette flow", "annulus"), ("flow in the annulus between two cylinders", "annulus"),
    ("flow between two rotating cylinders", "annulus"),
    ("a converging nozzle", "nozzle"), ("a 2D diffuser", "diffuser"),
    ("a sudden expansion in a channel", "sudden_expansion"), ("sudden contraction", "sudden_contraction"),
    ("lid-driven cavity at Re 1000", "lid_driven_cavity"), ("a cavity with aspect ratio 2", "lid_driven_cavity"),
    ("natural convection in a differentially heated cavity", "heated_cavity"),
    ("a square cavity with a hot wall on the left", "heated_cavity"),
    ("channel with two square obstacles", "channel_with_obstacles"),
    ("plane Poiseuille flow between parallel plates", "channel"), ("flow in a 2D channel", "channel"),
    ("air in a box", "box"), ("a rectangular domain", "rectangle"),
    ("what is the k-epsilon model", None),
])
def test_shape_words(text, shape):
    assert shape_words(text) == shape


@pytest.mark.parametrize("text, shape, dims", [
    ("2D channel 2 m long and 0.1 m high, inlet velocity 1 m/s", "channel", {"length": 2.0, "height": 0.1}),
    ("flow past a cylinder of diameter 5 cm centred at (0.3, 0.2) in a channel 2.2 m long and 0.41 m high",
     "cylinder_crossflow", {"diameter": 0.05, "center_x": 0.3, "center_y": 0.2, "length": 2.2, "height": 0.41}),
    ("a cylinder of radius 1 cm in a free stream", "cylinder_crossflow", {"diameter": 0.02, "free_stream": True}),
    ("NACA 2412 at an angle of attack of 4 degrees, chord 0.5 m, O-grid", "naca_airfoil",
     {"naca": "2412", "angle_of_attack": 4.0, "chord": 0.5, "domain": "O"}),
    ("backward-facing step, step height 25.4 mm, channel height 2 in", "backward_step",
     {"step_height": 0.0254, "height": 0.0508}),
    ("lid-driven cavity with aspect ratio 4", "lid_driven_cavity", {"width": 0.1, "height": 0.4}),
    ("a lid driven cavity 1 cm wide with aspect ratio 2", "lid_driven_cavity", {"width": 0.01, "height": 0.02}),
    ("a square heated cavity of side 0.5 m", "heated_cavity", {"width": 0.5, "height": 0.5}),
    ("Taylor-Couette flow, inner radius 1 cm, gap 5 mm", "annulus", {"inner_radius": 0.01, "outer_radius": 0.015}),
    ("pipe with a diameter of 20 mm and 1 m long", "pipe", {"diameter": 0.02, "length": 1.0}),
    ("a 0.3 m long diffuser with inlet height 5 cm and area ratio 2", "diffuser",
     {"taper_length": 0.3, "inlet_height": 0.05, "outlet_height": 0.1}),
    ("a sudden expansion from inlet height 1 cm with expansion ratio 3", "sudden_expansion",
     {"inlet_height": 0.01, "outlet_height": 0.03}),
    ("a T-junction, main channel 1 m long and 10 cm wide, branch width 5 cm", "t_junction",
     {"length": 1.0, "width": 0.1, "branch_width": 0.05}),
])
def test_parse_geometry(text, shape, dims):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape
    for key, value in dims.items():
        assert getattr(spec.dims, key) == pytest.approx(value), key


def test_parse_geometry_obstacles_and_dimensionality():
    spec = parse_geometry("a 2D channel 2 m long and 0.4 m high with a square obstacle of side 0.1 m centred at "
                          "(0.5, 0.2) and a circular obstacle of diameter 5 cm at (1.0, 0.2)")
    assert spec is not None and spec.two_d
    kinds = [(o.kind, o.center, o.width or o.diameter) for o in spec.obstacles]
    assert kinds == [("square", (0.5, 0.2), 0.1), ("circle", (1.0, 0.2), 0.05)]
    assert parse_geometry("a 3D lid-driven cavity").two_d is False
    assert parse_geometry("an axisymmetric pipe").two_d is True


def test_parse_geometry_outline_and_range():
    spec = parse_geometry("a domain with vertices at (0,0), (10,0), (10,1), (0,1)")
    assert spec is not None and spec.shape == "rectangle" and spec.outline == [(0, 0), (10, 0), (10, 1), (0, 1)]
    spec = parse_geometry("a channel from x = 0 to x = 4 m, height 0.2 m")
    assert spec.dims.length == pytest.approx(4.0) and spec.dims.height == pytest.approx(0.2)


def test_parse_geometry_refuses_what_cannot_be_built_and_ignores_non_geometry():
    with pytest.raises(RequestError, match="obstacle outside the domain"):
        parse_geometry("a cylinder of diameter 0.1 m centred at (0.2, 0.4) in a channel 0.41 m high")
    with pytest.raises(RequestError, match="step_height"):
        parse_geometry("backward-facing step with step height 10 cm and channel height 5 cm")
    assert parse_geometry("use the k-omega SST model with inlet 15 m/s") is None


def test_find_points_in_mm():
    assert flat(find_points("(0, 0) and (10, 20) in mm")) == pytest.approx([0, 0, 0.01, 0.02])
