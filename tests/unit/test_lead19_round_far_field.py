"""A cylinder in a free stream asked with a round far field (an O-domain) is refused with the reason and what to
state instead: the library's free stream is a rectangle, and building one would be a geometry other than the one
asked for (it had been built, its radius read as a downstream distance, and every value "verified")."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.text import parse_geometry


@pytest.mark.parametrize("text", [
    "2D cylinder in a free stream, D 0.1 m at the origin, circular far field of radius 2 m",
    "Cylinder of diameter 5 cm in a uniform stream; the outer boundary is a circle of radius 1 m",
    "flow past a 2 cm cylinder in an unbounded stream on an O-type grid out to 40 diameters",
])
def test_a_round_far_field_about_a_cylinder_is_refused(text):
    with pytest.raises(RequestError, match="circular far field"):
        parse_geometry(text)


@pytest.mark.parametrize("text,shape", [
    ("cylinder D = 1 cm in a free stream, 10 D upstream, 20 D downstream, 10 D to each side", "cylinder_crossflow"),
    ("flow past a cylinder of diameter 0.02 m in a channel 0.5 m long and 0.1 m high", "cylinder_crossflow"),
    ("3D pipe of diameter 5 cm and length 1 m, O-grid mesh", "pipe"),
    ("NACA 0012 at 4 degrees in a circular far field of radius 10 chords", "naca_airfoil"),
])
def test_other_domains_still_build(text, shape):
    assert parse_geometry(text).shape == shape
