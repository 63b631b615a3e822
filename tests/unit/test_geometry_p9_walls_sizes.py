"""Session 9 (geometry3): a closed vessel's shape from its walls' roles, sizes before their noun, proportions of a
2D channel, numbers with another quantity's unit never read as lengths, and bodies the library cannot build."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry, shape_words
from tasks.geometry.text_lengths import named_lengths
from tasks.geometry.text_size_first import unnamed_size
from tasks.geometry.text_unbuildable import unbuildable_body


@pytest.mark.parametrize("text, shape", [
    ("a cube-shaped enclosure 0.3 m, hot left wall, cold right wall, buoyantPimpleFoam", "heated_cavity"),
    ("box of 25 cm; the right wall is cooled to 10 degC and the left kept at 40 degC", "heated_cavity"),
    ("2D square box with a heated wall on one side and a cooled one opposite, buoyantBoussinesqSimpleFoam", "heated_cavity"),
    ("square cavity 5 cm with its floor heated and its ceiling chilled", "heated_cavity"),
    ("a box, left side 310 K, right side 290 K, laminar", "heated_cavity"),
    ("closed box, 10 cm side, with a lid moving at 2 m/s, icoFoam", "lid_driven_cavity"),
    ("square cavity whose top wall slides at 0.3 m/s", "lid_driven_cavity"),
    ("an enclosure, lid velocity 1 m/s, nu 1e-3", "lid_driven_cavity"),
    ("a 3D box 2 m x 1 m x 1 m, inlet on the left, outlet on the right, heated floor", "box"),
])
def test_closed_vessel_shape_from_its_walls(text: str, shape: str) -> None:
    assert shape_words(text) == shape


@pytest.mark.parametrize("text, dims", [
    ("2D channel 3 cm tall and five times as wide as it is tall, pimpleFoam", {"length": 0.15, "height": 0.03}),
    ("planar channel, half as high as it is wide, length 1 m", {"length": 1.0, "height": 0.5}),
    ("a channel whose length is 6 times its height of 20 mm", {"length": 0.12, "height": 0.02}),
    ("a 3 m duct, 0.2 m high, simpleFoam", {"length": 3.0, "height": 0.2}),
    ("flow along a 150 cm passage 10 cm high", {"length": 1.5, "height": 0.1}),
    ("a 40 in channel 4 in tall, icoFoam", {"length": 1.016, "height": 0.1016}),
    ("a 5 cm channel 1 m long", {"length": 1.0, "height": 0.05}),
])
def test_channel_sizes(text: str, dims: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel"
    got = spec.dimensions
    for k, v in dims.items():
        assert got[k] == pytest.approx(v, rel=1e-6), k


@pytest.mark.parametrize("text, width", [
    ("an 8 cm cavity, left wall 30 degC, right wall 20 degC", 0.08),
    ("natural convection in an enclosure of 6 cm, hot wall 320 K, cold wall 300 K", 0.06),
    ("a 0.25 m heated cavity, bottom 40 degC, top 20 degC", 0.25),
    ("a cavity with a hot side at 50 degC and a cold side 21.85 degC, 0.1 m square", 0.1),
    ("left wall 310 K, right wall 290 K, cavity side 0.2 m", 0.2),
])
def test_cavity_side(text: str, width: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "heated_cavity"
    assert spec.dimensions["width"] == pytest.approx(width) and spec.dimensions["height"] == pytest.approx(width)


@pytest.mark.parametrize("text", [
    "cold side 21.85 degC", "hot side at 320 K", "height 3 bar", "side: 5 m/s", "length 40 kPa", "width 12 rpm",
    "side 60 %", "height 2 psi",
])
def test_another_quantity_is_no_length(text: str) -> None:
    assert named_lengths(text) == {}


@pytest.mark.parametrize("text, noun, size", [
    ("a 3 m duct", "channel", 3.0), ("a 20 cm straight channel", "channel", 0.2), ("an 8 cm cavity", "vessel", 0.08),
    ("a lid-driven enclosure of 10 cm", "vessel", 0.1), ("a box (15 cm) with", "vessel", 0.15),
    ("a channel 2 m long", "channel", None), ("a cavity of 2 m x 1 m", "vessel", None), ("a 3 m/s duct flow", "channel", None),
])
def test_unnamed_size(text: str, noun: str, size: float | None) -> None:
    assert unnamed_size(text, noun) == (pytest.approx(size) if size is not None else None)


@pytest.mark.parametrize("text, refused", [
    ("flow past a sphere, simpleFoam", True),
    ("an ellipse in a stream at 2 m/s", True),
    ("turbulent wake behind a 3 cm ball", True),
    ("laminar flow around an elliptical cylinder", True),
    ("a single sphere held in a wind tunnel", True),
    ("granular hopper with 0.5 cm spheres, 1.2 g/cm^3", False),
    ("spherical particles injected into a duct", False),
    ("flow past a cylinder", False),
])
def test_unbuildable_body(text: str, refused: bool) -> None:
    assert (unbuildable_body(text) is not None) == refused
