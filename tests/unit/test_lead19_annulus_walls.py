"""An annulus's walls placed at a radius ("the inner wall is at r = 2 cm", "the outer cylinder at r = 5 cm")
are its radii, and a size that ends one item of a list ("... 2 cm and outer wall ...") is not the next wall's."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry


@pytest.mark.parametrize("text,inner,outer", [
    ("laminar flow through a 1 m long concentric annulus whose inner wall is at r = 2 cm and outer wall at r = 4 cm, "
     "axisymmetric, simpleFoam", 0.02, 0.04),
    ("Taylor-Couette: the inner cylinder located at r = 3 cm rotates, the outer cylinder at r = 5 cm is fixed", 0.03, 0.05),
    ("annular duct, inner tube at d = 20 mm, outer tube at d = 60 mm, 0.5 m long", 0.01, 0.03),
    ("annular gap, inner radius 20 mm, outer radius 40 mm, length 1 m, axisymmetric", 0.02, 0.04),
    ("annulus between a 40 mm rotor and a 60 mm housing", 0.02, 0.03),
])
def test_annulus_radii(text, inner, outer):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "annulus"
    assert (spec.dims.inner_radius, spec.dims.outer_radius) == pytest.approx((inner, outer))
