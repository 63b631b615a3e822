"""Session 10 word classes: angle signs in words, cell counts by direction words, sizes by comparison,
annulus walls named as machine parts, branch synonyms, bodies placed by order, dimensionless groups before a body."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry
from tasks.geometry.text_annulus import part_radii
from tasks.geometry.text_lengths import angle_of_attack
from tasks.geometry.text_mesh import cell_counts


@pytest.mark.parametrize("text, angle", [
    ("NACA 0012 at an angle of attack of minus three degrees", -3.0),
    ("an aerofoil pitched 5 deg nose down", -5.0),
    ("incidence 4 degrees, leading edge down", -4.0),
    ("a negative angle of attack of 2.5 deg", -2.5),
    ("AoA = -6", -6.0),
    ("pitched 3 degrees nose up", 3.0),
    ("at 8 degrees incidence, gravity along -y", 8.0),
])
def test_angle_sign_in_words(text: str, angle: float) -> None:
    assert angle_of_attack(text) == angle


@pytest.mark.parametrize("text, cells", [
    ("eighty cells across and twenty down", [80, 20]),
    ("60 cells wide and 30 cells tall", [60, 30]),
    ("10 cells wide, 40 cells from top to bottom", [10, 40]),
    ("twelve cells across the gap by seventy-two round it", [72, 12]),
    ("100 cells along the channel and 20 across", [100, 20]),
])
def test_cell_counts_by_direction_words(text: str, cells: list[int]) -> None:
    assert cell_counts(text) == cells


@pytest.mark.parametrize("text, dims", [
    ("icoFoam lid-driven cavity 100 mm deep and four times as wide", {"width": 0.4, "height": 0.1}),
    ("a driven cavity 8 cm wide and three times as deep, lid 1 m/s", {"width": 0.08, "height": 0.24}),
    ("2D channel 2 in high and 20 times as long, simpleFoam", {"height": 0.0508, "length": 1.016}),
    ("lid-driven cavity twice as wide as it is deep, 5 cm deep", {"width": 0.1, "height": 0.05}),
])
def test_sizes_by_comparison(text: str, dims: dict[str, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None
    for k, v in dims.items():
        assert spec.dimensions[k] == pytest.approx(v, rel=1e-6), k


@pytest.mark.parametrize("text, radii", [
    ("Couette cell: bore 80 mm, rotor 40 mm diameter at 20 rpm", {"inner_radius": 0.02, "outer_radius": 0.04}),
    ("a Ø30 shaft turning in a housing of ID 2 in", {"inner_radius": 0.015, "outer_radius": 0.0254}),
    ("spindle of radius 1 cm inside a stator with a 6 cm diameter", {"inner_radius": 0.01, "outer_radius": 0.03}),
])
def test_annulus_parts(text: str, radii: dict[str, float]) -> None:
    got = part_radii(text)
    assert got == pytest.approx(radii)


def test_couette_cell_is_an_annulus() -> None:
    spec = parse_geometry("rotational viscometer, cross-section only: bob 30 mm diameter at 12.5 rad/s, cup 36 mm bore; pimpleFoam")
    assert spec is not None and spec.shape == "annulus"
    assert spec.dimensions["inner_radius"] == pytest.approx(0.015)
    assert spec.dimensions["outer_radius"] == pytest.approx(0.018)


@pytest.mark.parametrize("text, branch", [
    ("a tee: run 60 cm long and 5 cm wide from the origin, a 5 cm wide, 20 cm long stub on top at x = 20 cm", 0.2),
    ("T-junction, main duct 1 m x 0.1 m, spur 0.1 m wide and 0.3 m long at mid-length", 0.3),
    ("T-junction; main channel 2 ft long, 2 in wide; take-off 2 in wide and 8 in long", 0.2032),
])
def test_branch_synonyms(text: str, branch: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "t_junction"
    assert spec.dimensions["branch_length"] == pytest.approx(branch)


@pytest.mark.parametrize("text", [
    "Two square blocks of 2 cm side sit in a 1 m x 0.2 m channel from the origin; the first is centred at (0.3, 0.1) and the"
    " second at (0.5, 0.1).",
    "A 1 m by 0.2 m duct (corner at origin) holds two rods. Each rod is 2 cm in diameter. The upstream one is at (0.3, 0.1);"
    " the downstream one is at (0.5, 0.1).",
    "channel 1000 x 200 mm from origin with a pair of 20 mm cylinders; one at (300, 100) mm, the other at (500, 100) mm",
])
def test_bodies_placed_by_order(text: str) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert sorted(round(o.center[0], 6) for o in spec.obstacles) == [0.3, 0.5]


@pytest.mark.parametrize("text", [
    "Re = 40 cylinder, 4 cm diameter, in a 0.8 m x 0.32 m box from the origin, centre at (0.2, 0.16)",
    "a Reynolds number 100 cylinder of diameter 4 cm at (0.2, 0.16) in a channel 0.8 m long and 0.32 m high",
    "Ma 2 wedge? no: a Re 200 rod, diameter 40 mm, at (0.2, 0.16) m in a 0.8 by 0.32 m channel",
])
def test_dimensionless_group_is_not_a_size(text: str) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "cylinder_crossflow"
    assert spec.dimensions["diameter"] == pytest.approx(0.04)


@pytest.mark.parametrize("text, mesh", [
    ("grid spacing 0.5 in", {"cell_size": 0.0127}),
    ("a mesh resolution of 1/16 in", {"cell_size": 0.0015875}),
    ("mesh: 2 mm quads", {"cell_size": 0.002}),
    ("4 mm hexes throughout", {"cell_size": 0.004}),
    ("80 divisions along x, 20 along y", {"cells": [80, 20]}),
    ("10 cells along the y axis and 50 along x", {"cells": [50, 10]}),
])
def test_mesh_words(text: str, mesh: dict) -> None:
    from tasks.geometry.text_mesh import mesh_request
    from tasks.geometry.text_words import plain_lengths
    got = mesh_request(plain_lengths(text))
    for k, v in mesh.items():
        assert got[k] == pytest.approx(v)
