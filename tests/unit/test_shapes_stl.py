"""STL bodies: ASCII and binary readers, bounds, the flat-plate first-layer estimate, and the
blockMeshDict + snappyHexMeshDict written around the body (parsed back with foamlib)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.core.errors import RequestError
from tasks.geometry.stl import SnappySpec, build_snappy, first_layer_height, read_stl, stl_bounds, write_stl


def cube(centre: tuple[float, float, float], side: float):
    """The 12 outward-facing triangles of a cube."""
    lo = [c - side / 2 for c in centre]
    hi = [c + side / 2 for c in centre]
    v = [(x, y, z) for z in (lo[2], hi[2]) for y in (lo[1], hi[1]) for x in (lo[0], hi[0])]
    v = [v[0], v[1], v[3], v[2], v[4], v[5], v[7], v[6]]
    quads = [(0, 3, 2, 1), (4, 5, 6, 7), (0, 1, 5, 4), (2, 3, 7, 6), (1, 2, 6, 5), (0, 4, 7, 3)]
    return [t for a, b, c, d in quads for t in ((v[a], v[b], v[c]), (v[a], v[c], v[d]))]


@pytest.mark.parametrize("binary", [False, True])
def test_stl_round_trip(tmp_path: Path, binary: bool):
    path = tmp_path / "cube.stl"
    write_stl(path, cube((1.0, 2.0, 3.0), 0.5), binary=binary)
    triangles = read_stl(path)
    assert len(triangles) == 12
    lo, hi = stl_bounds(triangles)
    assert lo == pytest.approx((0.75, 1.75, 2.75)) and hi == pytest.approx((1.25, 2.25, 3.25))


def test_not_an_stl_is_refused(tmp_path: Path):
    path = tmp_path / "bad.stl"
    path.write_text("hello")
    with pytest.raises(RequestError, match="neither a binary STL"):
        read_stl(path)


def test_first_layer_height_flat_plate():
    # U 10 m/s over 1 m of air: Re 6.7e5, Cf = 0.026 Re^-1/7 = 0.00382, u_tau 0.437 m/s
    y = first_layer_height(10.0, 1.0, 1.5e-5, 1.0)
    assert y == pytest.approx(1.5e-5 / (10 * math.sqrt(0.026 * (10 / 1.5e-5) ** (-1 / 7) / 2)))
    assert 3e-5 < y < 4e-5
    with pytest.raises(RequestError):
        first_layer_height(0.0, 1.0, 1e-5, 1.0)


def test_snappy_dicts_parse_back(tmp_path: Path):
    stl = tmp_path / "cube.stl"
    write_stl(stl, cube((0, 0, 0), 0.1))
    case = tmp_path / "case"
    build = build_snappy(stl, case, SnappySpec(cell_size=0.01, speed=1.0, nu=1e-5))
    snappy = FoamFile(case / "system/snappyHexMeshDict")
    assert snappy["castellatedMeshControls"]["refinementSurfaces"]["cube"]["level"] == [2, 2]  # 0.025 m halved twice: 0.00625 <= 0.01
    assert snappy["addLayers"] is True
    assert snappy["addLayersControls"]["layers"]["cube"]["nSurfaceLayers"] == 3
    assert snappy["addLayersControls"]["firstLayerThickness"] == pytest.approx(
        first_layer_height(1.0, 0.1, 1e-5, 30), rel=1e-5)
    location = snappy["castellatedMeshControls"]["locationInMesh"]
    assert location[0] < -0.05  # upstream of the body, outside it
    block = FoamFile(case / "system/blockMeshDict")
    assert set(dict(block["boundary"])) == {"inlet", "outlet", "sides"}
    assert [s.command for s in build.steps] == ["blockMesh", "snappyHexMesh", "checkMesh"]
    assert {p.name: p.role for p in build.patches}["cube"] == "body"
    assert (case / "constant/triSurface/cube.stl").is_file()


def test_no_layers_without_a_speed(tmp_path: Path):
    stl = tmp_path / "b.stl"
    write_stl(stl, cube((0, 0, 0), 1.0), binary=True)
    build = build_snappy(stl, tmp_path / "case")
    assert FoamFile(tmp_path / "case/system/snappyHexMeshDict")["addLayers"] is False
    assert any("No wall layers" in a for a in build.assumptions)
