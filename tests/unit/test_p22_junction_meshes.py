"""Junctions of channels and ducts (T, Y, cross; 2D and 3D; dividing and combining): the branch where the request
puts it, each opening's role, and a mesh whose walls are where the request says, checked on the points blockMesh
writes as the benchmark's mesh checks do (bounds, no point inside a solid)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.bench.mesh_check import MeshSpec, judge_mesh, read_cell_count, read_points
from tasks.geometry.build import build_mesh
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_junction import branch_angle, branch_face, branch_inlet, cross_inlets

_FOAM = shutil.which("blockMesh") is not None


def _mesh(text: str, tmp_path: Path):
    """The request's mesh written and run through blockMesh: its points, cell count and the build's patches."""
    build = build_mesh(parse_geometry(text), tmp_path)
    (tmp_path / "constant").mkdir(exist_ok=True)
    env = {**os.environ, "WM_PROJECT_DIR": os.environ.get("WM_PROJECT_DIR", "/usr/share/openfoam")}
    run = subprocess.run(["blockMesh", "-case", str(tmp_path)], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    poly = tmp_path / "constant/polyMesh"
    return read_points(poly), read_cell_count(poly), {p.name: p.role for p in build.patches}


def _inside_box(points, box: list[float]) -> int:
    """How many points lie strictly inside the 3D box [x0, x1, y0, y1, z0, z1] (a solid region)."""
    e = 1e-7
    inside = (points[:, 0] > box[0] + e) & (points[:, 0] < box[1] - e) & (points[:, 1] > box[2] + e) & \
        (points[:, 1] < box[3] - e) & (points[:, 2] > box[4] + e) & (points[:, 2] < box[5] - e)
    return int(inside.sum())


@pytest.mark.skipif(not _FOAM, reason="OpenFOAM (blockMesh) is not installed")
@pytest.mark.parametrize("text, bounds, solid, roles", [
    # a Y: 45 degrees leaning downstream, its centreline meeting the top wall 0.4 m from the inlet
    ("2D Y-junction: main channel 1 m long and 0.1 m high, a branch 0.05 m wide and 0.4 m long leaving the top wall "
     "at 45 degrees, branch centreline meeting the wall 0.4 m from the inlet. Water, 0.1 m/s. 10 mm cells.",
     {"x": [0, 1], "y": [0, 0.1 + 0.4 * 0.5 ** 0.5]}, [[0.0, 0.4 - 0.0354, 0.1, 0.38]],
     {"inlet": "inlet", "outlet": "outlet", "branchOutlet": "outlet"}),
    # a combining tee: the branch (below the channel) is the second inlet
    ("Merging T: 2D, main channel 0.3 m x 0.03 m, a second inlet through a branch 0.02 m wide, 0.08 m long joining "
     "from below at 0.15 m from the left inlet; outlet on the right. 3 mm cells.",
     {"x": [0, 0.3], "y": [-0.08, 0.03]}, [[0.0, 0.14, -0.08, 0.0], [0.16, 0.3, -0.08, 0.0]],
     {"inlet": "inlet", "outlet": "outlet", "branchInlet": "inlet"}),
])
def test_planar_junction_has_its_branch_where_said(text, bounds, solid, roles, tmp_path):
    points, cells, patches = _mesh(text, tmp_path)
    verdict = judge_mesh(points, cells, MeshSpec(bounds=bounds, tol=0.002))
    assert verdict.ok, verdict.found
    for x0, x1, y0, y1 in solid:
        assert judge_mesh(points, cells, MeshSpec(solid=[[x0, y0], [x1, y0], [x1, y1], [x0, y1]])).ok
    assert {k: v for k, v in patches.items() if v in ("inlet", "outlet")} == roles


@pytest.mark.skipif(not _FOAM, reason="OpenFOAM (blockMesh) is not installed")
def test_3d_branch_off_the_z_face_leaves_solid_beside_it(tmp_path):
    points, _, patches = _mesh(
        "3D tee: square duct 0.6 m long with a 0.06 m x 0.06 m cross-section; a side branch 0.04 m wide, 0.2 m long "
        "on the negative z face, 0.25 m from the inlet. Two inlets: the main inlet and the branch; outlet at the far "
        "end. 10 mm cells.", tmp_path)
    assert points.min(0) == pytest.approx([0, 0, -0.2], abs=1e-9)
    assert points.max(0) == pytest.approx([0.6, 0.06, 0.06], abs=1e-9)
    assert _inside_box(points, [0, 0.23, -1, 1, -0.2, 0]) == 0 and _inside_box(points, [0.27, 0.6, -1, 1, -0.2, 0]) == 0
    assert _inside_box(points, [0.23, 0.27, 0, 0.06, -0.2, 0]) > 0  # the branch itself is meshed
    assert sorted(n for n, r in patches.items() if r == "inlet") == ["branchInlet", "inlet"]


@pytest.mark.skipif(not _FOAM, reason="OpenFOAM (blockMesh) is not installed")
def test_3d_cross_junction_with_two_inlet_arms(tmp_path):
    points, _, patches = _mesh(
        "3D four-way junction of square ducts 0.04 m wide, arms 0.1 m long each; flow enters through the left and "
        "bottom arms and leaves through the right and top arms. 10 mm cells.", tmp_path)
    assert points.min(0) == pytest.approx([-0.12, -0.12, 0], abs=1e-9)
    assert points.max(0) == pytest.approx([0.12, 0.12, 0.04], abs=1e-9)
    assert _inside_box(points, [-0.12, -0.02, 0.02, 0.12, -1, 1]) == 0
    assert {n: r for n, r in patches.items() if r in ("inlet", "outlet")} == {
        "inlet": "inlet", "branchBottom": "inlet", "outlet": "outlet", "branchTop": "outlet"}


@pytest.mark.parametrize("text, angle", [
    ("a branch at 45 degrees to the main channel", 45.0),
    ("A 30° Y-junction off the top wall.", 30.0),
    ("the branch points upstream at 60 degrees", 120.0),
    ("a branch square to the channel, 90 degrees", None),
    ("the inlet flow is inclined at 30 degrees. The branch is 5 cm wide.", None),  # no branch in the angle's sentence
])
def test_branch_angle(text, angle):
    assert branch_angle(text) == angle


@pytest.mark.parametrize("text, inlet", [
    ("Combining T-junction with two inlets", True),
    ("cold water enters through a branch on the top wall", True),
    ("the left end and the branch are inlets, the right end the outlet", True),
    ("a dividing tee: the flow splits into the branch", False),
    ("a T-junction, inlet at the left, 1 m/s", False),
])
def test_branch_inlet(text, inlet):
    assert branch_inlet(text) is inlet


def test_cross_inlets_and_z_face():
    assert cross_inlets("Flow enters through the left and bottom arms and leaves through the others.") == \
        ["inlet", "branchBottom"]
    assert cross_inlets("Inlet at the left, three outlets.") == ["inlet"]
    assert branch_face("a branch on the +z side of the duct") == "+z"
    assert branch_face("the branch leaves the negative z face") == "-z"
    assert branch_face("a branch on the top wall; z from 0 to 0.1 m") is None


@pytest.mark.parametrize("text, reason", [
    ("3D T-junction of round pipes: main pipe 50 mm diameter and 1 m long, branch pipe 30 mm diameter and 0.3 m "
     "long at 0.5 m from the inlet.", "round pipes"),
    ("2D Y junction at 45 degrees: main channel 0.3 m long, 0.05 m high, branch 0.1 m wide centred at x = 0.25 m, "
     "0.1 m long.", "must lie within the main"),
])
def test_unbuildable_junctions_are_refused(text, reason):
    with pytest.raises(RequestError, match=reason):
        parse_geometry(text)
