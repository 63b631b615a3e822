"""Bodies in 2D domains: several like bodies with one size and a list of centres, a body inside a closed
enclosure (its walls and the body each their own patch, temperatures bound to them), and thin bodies turned
nose-up or nose-down (the sense of the turn, and no mesh inside the plate)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from tasks.bench.mesh_check import _inside_polygon
from tasks.geometry.build import build_mesh
from tasks.geometry.text import parse_geometry


def _centres(spec) -> list[tuple[float, float]]:
    return sorted((round(o.center[0], 9), round(o.center[1], 9)) for o in spec.obstacles)


# --- 1. several bodies, one size, each at its own place --------------------------------------------------------

@pytest.mark.parametrize("text, kind, size, centres", [
    ("pimpleFoam laminar, channel 1.4 m long and 0.35 m high past two square cylinders side 0.07 m, staggered: centres "
     "(0.35, 0.12) and (0.6, 0.22)", "square", 0.07, [(0.35, 0.12), (0.6, 0.22)]),
    ("2D channel 900 mm long, 250 mm high, icoFoam.\n- obstacle 1: square, side 0.05 m, centre at x = 0.25 m, y = 0.1 m\n"
     "- obstacle 2: square, side 0.05 m, centre at x = 0.45 m, y = 0.15 m", "square", 0.05, [(0.25, 0.1), (0.45, 0.15)]),
    ("A channel 1.1 m long and 0.32 m tall with two squares of side 3 cm. The upstream square is centred 25 cm "
     "downstream and 12 cm up, the downstream square is centred 55 cm downstream and 20 cm up.", "square", 0.03,
     [(0.25, 0.12), (0.55, 0.2)]),
    ("two circular cylinders D = 0.025 m side by side in a channel 0.8 m x 0.2 m, centres (0.2, 0.07) and (0.2, 0.13)",
     "circle", 0.025, [(0.2, 0.07), (0.2, 0.13)]),
    ("channel 1 m long and 0.3 m high, two square cylinders of side 0.04 m side by side at x = 0.35 m, at y = 0.1 m and "
     "y = 0.2 m", "square", 0.04, [(0.35, 0.1), (0.35, 0.2)]),
])
def test_a_shared_size_applies_to_every_listed_centre(text: str, kind: str, size: float, centres) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert [o.kind for o in spec.obstacles] == [kind] * len(centres)
    assert all((o.diameter if kind == "circle" else o.width) == pytest.approx(size) for o in spec.obstacles)
    assert [v for c in _centres(spec) for v in c] == pytest.approx([v for c in sorted(centres) for v in c])


# --- 2. a body in a closed enclosure -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, size, kind, centre, moving", [
    ("buoyantBoussinesqPimpleFoam: a 0.12 m square enclosure with a heated square block of side 0.03 m at its centre at "
     "320 K; side walls at 295 K, top and bottom adiabatic", (0.12, 0.12), "square", (0.06, 0.06), None),
    ("natural convection in a rectangular enclosure 0.24 m wide and 0.12 m tall with a hot square cylinder of side 2 cm "
     "at its centre", (0.24, 0.12), "square", (0.12, 0.06), None),
    ("buoyantPimpleFoam: a cold circular cylinder of diameter 0.05 m at the centre of a 0.25 m x 0.25 m cavity, left "
     "and right walls at 300 K", (0.25, 0.25), "circle", (0.125, 0.125), None),
    ("Lid-driven cavity 0.15 m x 0.15 m with a square block of side 0.03 m at its centre, lid speed 0.5 m/s, icoFoam",
     (0.15, 0.15), "square", (0.075, 0.075), ["top"]),
])
def test_a_body_in_an_enclosure_keeps_the_enclosure(text: str, size, kind: str, centre, moving) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles" and spec.dims.closed
    assert (spec.dims.length, spec.dims.height) == pytest.approx(size)
    assert [o.kind for o in spec.obstacles] == [kind] and spec.obstacles[0].center == pytest.approx(centre)
    assert spec.dims.moving_walls == moving


def test_an_enclosed_block_is_a_block_mesh_of_four_walls_and_the_body(tmp_path) -> None:
    spec = parse_geometry("natural convection: 0.1 m square enclosure, heated square block of side 0.02 m at its "
                          "centre at 313 K, side walls at 293 K, top and bottom adiabatic")
    build = build_mesh(spec, tmp_path)
    assert build.generator == "blockMesh"  # hexahedra: the buoyant solvers of v1912 run on them
    assert {p.name: p.role for p in build.patches} == {"leftWall": "wall", "rightWall": "wall", "floor": "wall",
                                                      "ceiling": "wall", "obstacle": "body", "frontAndBack": "empty"}
    text = (tmp_path / "system/blockMeshDict").read_text()
    assert "inlet" not in text and "outlet" not in text
    vertices = [tuple(map(float, v)) for v in re.findall(r"\(\s*([-\d.e]+)\s+([-\d.e]+)\s+[-\d.e]+\s*\)",
                                                         text.split("blocks")[0])]
    for block in re.findall(r"hex\s*\(([\d\s]+)\)", text):
        corners = [vertices[int(i)] for i in block.split()]
        cx, cy = sum(c[0] for c in corners) / 8, sum(c[1] for c in corners) / 8
        assert not (0.04 < cx < 0.06 and 0.04 < cy < 0.06), "a block inside the heated body"


@pytest.mark.parametrize("text, walls", [
    ("a heated square block at 313 K; side walls at 293.15 K, top and bottom adiabatic", {"leftWall", "rightWall"}),
    ("a heated square block at 313 K. Left and right walls are at 293.15 K; top and bottom adiabatic",
     {"leftWall", "rightWall"}),
    ("a heated square block at 313 K; the right wall at 293.15 K, the others adiabatic", {"rightWall"}),
])
def test_enclosure_temperatures_go_to_the_walls_named(text: str, walls: set[str]) -> None:
    from tasks.edit.parametric_heat import place_temperatures
    from tasks.geometry.models import PatchInfo
    from tasks.plan.stated import read_stated

    patches = [PatchInfo(name=n, type="wall", role="wall") for n in ("leftWall", "rightWall", "floor", "ceiling")]
    patches.append(PatchInfo(name="obstacle", type="wall", role="body"))
    placed = {p.quantity.text: set(p.patches) for p in place_temperatures(text, read_stated(text), patches)}
    assert placed == {"313 K": {"obstacle"}, "293.15 K": walls}


# --- 3. turned thin bodies ----------------------------------------------------------------------------------------

def _leading_edge_rise(spec) -> float:
    """How much higher the upstream end of the one turned body is than its downstream end."""
    pts = spec.obstacles[0].outline()
    left = sorted(pts)[:2]
    right = sorted(pts)[-2:]
    return sum(p[1] for p in left) / 2 - sum(p[1] for p in right) / 2


@pytest.mark.parametrize("text, up", [
    ("pimpleFoam laminar, a flat plate 0.1 m long and 0.01 m thick inclined 20 degrees nose-up (leading edge upstream "
     "and higher), centred at (0.5, 0.2) in a channel 1.5 m x 0.4 m", True),
    ("a plate 0.12 m long, 0.012 m thick, inclined at 25 degrees to the flow, leading edge lowered, centre (0.4, 0.2) in "
     "a 1.2 m by 0.4 m channel", False),
    ("a rectangle 0.08 m x 0.01 m at 15 degrees angle of attack in a channel 1 m long and 0.3 m high, centred at "
     "x = 0.4 m, y = 0.15 m", True),
    ("flat plate chord 0.09 m thickness 0.009 m, angle of attack 8 deg, in a 2D channel 1 m long 0.3 m high, centre "
     "x=0.3 m y=0.15 m", True),
    ("a rectangular block 50 mm x 5 mm centred at (0.25, 0.1) m rotated 30 degrees counterclockwise in a channel 0.8 m "
     "x 0.2 m", False),
])
def test_the_sense_of_a_turn(text: str, up: bool) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles" and len(spec.obstacles) == 1
    assert (_leading_edge_rise(spec) > 0) is up


def test_an_inclined_thin_plate_has_no_mesh_inside(tmp_path) -> None:
    spec = parse_geometry("a flat plate 0.1 m long and 0.01 m thick inclined 20 degrees nose-up, centred at (0.3, 0.15) "
                          "in a channel 0.8 m x 0.3 m; cell size 0.01 m")
    build = build_mesh(spec, tmp_path)
    assert build.generator == "gmsh"
    msh = (tmp_path / "mesh.msh").read_text()
    nodes = msh.split("$Nodes")[1].split("$EndNodes")[0].split("\n")[2:]
    xy = np.array([[float(v) for v in line.split()[1:3]] for line in nodes if line.strip()])
    plate = np.array(spec.obstacles[0].outline())
    assert _inside_polygon(xy, plate, 1e-3) == 0
    near = np.hypot(xy[:, 0] - 0.3, xy[:, 1] - 0.15) < 0.06
    assert near.sum() > 20  # the plate's outline is meshed, not lost
