"""The bends, cavity channels and cross junctions of the shape library mesh with the installed blockMesh
and pass checkMesh; the inlet and outlet patches are where the request put them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tasks.geometry.build import build_mesh
from tasks.geometry.quality import parse_check_mesh
from tasks.geometry.spec import make_spec
from tasks.geometry.text import parse_geometry
from tests.unit.native_foam import run_foam as _run

pytestmark = pytest.mark.skipif(shutil.which("blockMesh") is None, reason="native OpenFOAM (blockMesh) not installed")

SPECS = {
    "curved 90": dict(shape="bend", dimensions=dict(width=0.1, inlet_length=0.5, outlet_length=0.3, inner_radius=0.05)),
    "curved 45": dict(shape="bend", dimensions=dict(width=0.1, angle=45, inner_radius=0.2)),
    "curved 135": dict(shape="bend", dimensions=dict(width=0.1, angle=135, inner_radius=0.2)),
    "curved U": dict(shape="bend", dimensions=dict(width=0.1, angle=180, inner_radius=0.1)),
    "sharp L": dict(shape="bend", dimensions=dict(width=0.1, inlet_length=1, outlet_length=0.5)),
    "sharp U, unequal legs": dict(shape="bend", dimensions=dict(width=0.1, angle=180, inlet_length=1, outlet_length=0.5)),
    "cavity in the floor": dict(shape="channel_with_cavity", dimensions=dict(length=2, height=0.2, cavity_width=0.2,
                                                                              cavity_depth=0.1, cavity_start=1)),
    "cavity in the ceiling": dict(shape="channel_with_cavity", dimensions=dict(cavity_wall="ceiling")),
    "cross": dict(shape="cross_junction", dimensions=dict(width=0.1, branch_width=0.05, arm_length=0.5)),
}
TEXTS = {
    "student L-duct": "I would like to simulate flow through a two-dimensional L-shaped duct. The duct is 5 cm wide, the "
                      "horizontal leg is 40 cm long and the vertical leg is 30 cm long. Use 40 by 10 cells.",
    "imperial elbow": "elbow, 90 deg, duct 4 in wide, bend radius 8 in, 2 ft straight sections before and after",
    "groove": "channel L=1 m H=0.1 m with notch 0.05 x 0.05 m in floor at x = 0.4 m, coarse mesh",
    "annulus by a gap": "Couette flow in a 5 mm gap around a 20 mm rod rotating at 10 rad/s",
}


def _patch_faces(case: Path) -> dict[str, int]:
    text = (case / "constant/polyMesh/boundary").read_text()
    return {m[1]: int(m[2]) for m in re.finditer(r"(\w+)\s*\{[^}]*?nFaces\s+(\d+);", text)}


def _mesh_ok(spec, case: Path) -> dict[str, int]:
    build = build_mesh(spec, case)
    _run(case, "blockMesh")
    quality = parse_check_mesh(_run(case, "checkMesh"))
    assert quality.ok and quality.n_cells == build.n_cells, quality
    faces = _patch_faces(case)
    for role in ("inlet", "outlet"):
        assert all(faces.get(name, 0) > 0 for name in build.patches_with(role)) and build.patches_with(role) or \
            spec.shape == "annulus"
    return faces


@pytest.mark.parametrize("name", list(SPECS))
def test_block_shapes_mesh_and_pass_check_mesh(name: str, tmp_path: Path) -> None:
    faces = _mesh_ok(make_spec(**SPECS[name]), tmp_path)
    assert faces["frontAndBack"] > 0


@pytest.mark.parametrize("name", list(TEXTS))
def test_requests_mesh_and_pass_check_mesh(name: str, tmp_path: Path) -> None:
    _mesh_ok(parse_geometry(TEXTS[name]), tmp_path)


def test_a_sharp_l_bend_spans_its_legs(tmp_path: Path) -> None:
    spec = parse_geometry(TEXTS["student L-duct"])
    build = build_mesh(spec, tmp_path)
    (x0, x1), (y0, y1) = build.bounds[0], build.bounds[1]
    assert (x0, x1, y0, y1) == pytest.approx((-0.4, 0.05, 0.0, 0.35))
    assert build.n_cells == 40 * 10 + 10 * 10  # 40 along the two legs and 10 across, plus the 10 x 10 corner


def test_a_cavity_channel_names_the_cavity_walls(tmp_path: Path) -> None:
    faces = _mesh_ok(make_spec(**SPECS["cavity in the floor"]), tmp_path)
    assert {"inlet", "outlet", "top", "bottom", "cavity"} <= faces.keys()
