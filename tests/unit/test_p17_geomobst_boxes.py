"""Box obstacles in 3D ducts and boxes: full-height pillars, floor-mounted blocks and cubes, read from several
phrasings and units, meshed as multi-block blockMesh with the obstacle's blocks left out and patches named by
role; a round body in 3D and an obstacle outside the duct refused with the reason."""

from __future__ import annotations

import re

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import build_mesh, relative_distances
from tasks.geometry.models import Sizing
from tasks.geometry.shape_box_obstacles import box_obstacle_mesh
from tasks.geometry.spec import make_spec
from tasks.geometry.text import parse_geometry

# (request, (length, height, depth), [(x0, x1, y0, y1, z0, z1), ...])
BOXES = [
    ("a 3D duct 1 m x 0.4 m x 0.2 m with a square pillar 0.1 m across spanning the full height at x = 0.3 m, simpleFoam",
     (1.0, 0.4, 0.2), [(0.25, 0.35, 0.0, 0.4, 0.05, 0.15)]),
    ("Three-dimensional channel, 40 cm long, 8 cm high and 10 cm wide, containing a 2 cm cube sitting on the bottom "
     "wall 10 cm downstream of the inlet; pimpleFoam, 80x16x20 cells", (0.4, 0.08, 0.1), [(0.09, 0.11, 0.0, 0.02, 0.04, 0.06)]),
    ("a cube of side 5 cm on the floor of a box 50 cm long, 20 cm wide and 20 cm high, 15 cm from the inlet",
     (0.5, 0.2, 0.2), [(0.125, 0.175, 0.0, 0.05, 0.075, 0.125)]),
    ("3D channel 600 mm long, 100 mm wide, 50 mm high with a wall-mounted block 20 mm x 20 mm x 10 mm high on the floor "
     "at x = 150 mm", (0.6, 0.05, 0.1), [(0.14, 0.16, 0.0, 0.01, 0.04, 0.06)]),
    ("box 20 in long, 6 in high, 6 in wide with two 1 in cubes on the floor in tandem 4 in apart, the first 5 in from the "
     "inlet", (0.508, 0.1524, 0.1524), [(0.1143, 0.1397, 0.0, 0.0254, 0.0635, 0.0889),
                                          (0.2159, 0.2413, 0.0, 0.0254, 0.0635, 0.0889)]),
    ("I need a three-dimensional box-shaped domain 2 m long, 0.5 m wide and 0.5 m tall, with a solid cube of 0.1 m edge "
     "sitting on the floor 0.5 m from the inlet, centred across the width.", (2.0, 0.5, 0.5), [(0.45, 0.55, 0.0, 0.1, 0.2, 0.3)]),
    ("3D duct L=800 mm, H=100 mm, W=200 mm; square post 25 mm, floor to ceiling, centre at x = 200 mm; pisoFoam",
     (0.8, 0.1, 0.2), [(0.1875, 0.2125, 0.0, 0.1, 0.0875, 0.1125)]),
    ("In 3D channel (length 1.2 m, height 0.15 m, width 0.3 m) is put one block 0.1 m long, 0.05 m wide, 0.03 m high on "
     "bottom wall at x=0.4 m", (1.2, 0.15, 0.3), [(0.35, 0.45, 0.0, 0.03, 0.125, 0.175)]),
    ("3D duct 0.5 x 0.1 x 0.1 m, two square pillars 2 cm across, full height, side by side 5 cm apart at x = 0.2 m",
     (0.5, 0.1, 0.1), [(0.19, 0.21, 0.0, 0.1, 0.015, 0.035), (0.19, 0.21, 0.0, 0.1, 0.065, 0.085)]),
]


@pytest.mark.parametrize("text", [
    "3D duct 1 m x 0.1 m x 0.1 m, block-structured mesh 50x10x10, simpleFoam, post-processing of pressure",
    "a 3D box 0.5 m x 0.2 m x 0.2 m, multi-block mesh",
])
def test_mesh_and_run_words_are_not_read_as_a_solid_body(text):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape in ("channel", "box") and spec.two_d is False


@pytest.mark.parametrize("text, domain, boxes", BOXES)
def test_a_box_obstacle_in_a_3d_duct_is_read_with_its_duct(text, domain, boxes):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "duct_with_obstacles" and spec.two_d is False
    d = spec.dims
    assert (d.length, d.height, d.depth) == pytest.approx(domain)
    got = [(b.x0, b.x1, b.y0, b.y1, b.z0, b.z1) for b in d.blocks]
    assert len(got) == len(boxes)
    for box, want in zip(got, boxes):
        assert box == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize("text, why", [
    ("a 3D duct 1 m x 0.4 m x 0.2 m with a circular cylinder of diameter 0.1 m spanning the full height at x = 0.3 m",
     "2D only|round obstacle"),
    ("3D duct 1 m long, 0.2 m high, 0.2 m deep with a 5 cm cube on the floor at x = 0.99 m", "outside the domain"),
    ("3D channel 1 m long, 0.2 m high, 0.3 m wide with a round pillar of diameter 5 cm from floor to ceiling at x = 0.3 m",
     "round obstacle"),
    ("a box 1 m x 0.5 m x 0.5 m with a cylindrical post 4 cm in diameter standing on the floor", "round obstacle"),
    ("3D duct 1 m x 0.4 m x 0.2 m with a pillar at x = 0.3 m", "size is not read"),
])
def test_a_round_body_in_3d_or_a_block_outside_the_duct_is_refused(text, why):
    with pytest.raises(RequestError, match=why):
        parse_geometry(text)


def test_the_block_mesh_leaves_the_obstacle_out_and_names_patches_by_role(tmp_path):
    spec = make_spec(shape="duct_with_obstacles", dimensions={"length": 1, "height": 0.4, "depth": 0.2, "blocks": [
        {"x0": 0.25, "x1": 0.35, "y0": 0, "y1": 0.4, "z0": 0.05, "z1": 0.15}]}, mesh={"cells": [50, 20, 10]})
    build = build_mesh(spec, tmp_path)
    assert {p.name: p.role for p in build.patches} == {"inlet": "inlet", "outlet": "outlet", "walls": "wall",
                                                        "obstacle": "body"}
    assert build.n_cells == 50 * 20 * 10 - 5 * 20 * 5  # the pillar's cells left out
    text = (tmp_path / "system/blockMeshDict").read_text()
    assert len(re.findall(r"\bhex\s*\(", text)) == 8  # 3 x 1 x 3 blocks around a full-height pillar, less its own
    assert relative_distances(spec)["obstacle0_center_x"] == pytest.approx(0.3)


def test_several_boxes_get_numbered_patches_and_every_face_is_outward():
    spec = make_spec(shape="duct_with_obstacles", dimensions={"length": 0.5, "height": 0.2, "depth": 0.2, "blocks": [
        {"x0": 0.15, "x1": 0.2, "y0": 0, "y1": 0.05, "z0": 0.075, "z1": 0.125},
        {"x0": 0.3, "x1": 0.35, "y0": 0.05, "y1": 0.1, "z0": 0.075, "z1": 0.125}]})
    assert relative_distances(spec)["obstacle0_1_pitch_x"] == pytest.approx(0.15)
    built = box_obstacle_mesh(spec.dims, Sizing(h=0.025))
    assert set(built.model.patches) == {"inlet", "outlet", "walls", "obstacle1", "obstacle2"}
    pts = built.model.vertices
    centre = (0.25, 0.1, 0.1)
    for face in built.model.patches["walls"] + built.model.patches["inlet"]:  # the duct's faces point away from its middle
        a, b, c = (pts[i] for i in face[:3])
        u, v = [b[k] - a[k] for k in range(3)], [c[k] - a[k] for k in range(3)]
        normal = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
        assert sum(n * (a[k] - centre[k]) for k, n in enumerate(normal)) > 0


def test_a_box_that_fills_the_cross_section_or_overlaps_another_is_refused():
    with pytest.raises(RequestError, match="closes it off"):
        make_spec(shape="duct_with_obstacles", dimensions={"length": 1, "height": 0.1, "depth": 0.1, "blocks": [
            {"x0": 0.4, "x1": 0.5, "y0": 0, "y1": 0.1, "z0": 0, "z1": 0.1}]})
    with pytest.raises(RequestError, match="overlap"):
        make_spec(shape="duct_with_obstacles", dimensions={"length": 1, "height": 0.1, "depth": 0.1, "blocks": [
            {"x0": 0.4, "x1": 0.5, "y0": 0, "y1": 0.05, "z0": 0, "z1": 0.05},
            {"x0": 0.45, "x1": 0.55, "y0": 0, "y1": 0.05, "z0": 0, "z1": 0.05}]})
