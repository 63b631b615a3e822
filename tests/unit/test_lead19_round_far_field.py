"""A round far field (an O-domain) is built about one circular cylinder, as a structured O-grid
(tasks/geometry/shape_ogrid.py), never read as a rectangle's downstream distance; about other bodies it is still
refused with the reason and what to state instead."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.shape_ogrid import is_ogrid
from tasks.geometry.text import parse_geometry


@pytest.mark.parametrize("text", [
    "2D cylinder in a free stream, D 0.1 m at the origin, circular far field of radius 2 m",
    "Cylinder of diameter 5 cm in a uniform stream; the outer boundary is a circle of radius 1 m",
    "flow past a 2 cm cylinder in an unbounded stream on an O-type grid out to 40 diameters",
])
def test_a_round_far_field_about_a_cylinder_is_an_ogrid(text):
    spec = parse_geometry(text)
    assert spec.shape == "cylinder_crossflow" and is_ogrid(spec)


def test_a_round_far_field_about_a_square_body_is_refused():
    with pytest.raises(RequestError, match="round far field"):
        parse_geometry("flow past a square cylinder of side 2 cm in a circular far field of radius 1 m")


@pytest.mark.parametrize("text,shape", [
    ("cylinder D = 1 cm in a free stream, 10 D upstream, 20 D downstream, 10 D to each side", "cylinder_crossflow"),
    ("flow past a cylinder of diameter 0.02 m in a channel 0.5 m long and 0.1 m high", "cylinder_crossflow"),
    ("3D pipe of diameter 5 cm and length 1 m, O-grid mesh", "pipe"),
    ("NACA 0012 at 4 degrees in a circular far field of radius 10 chords", "naca_airfoil"),
])
def test_other_domains_still_build(text, shape):
    assert parse_geometry(text).shape == shape
