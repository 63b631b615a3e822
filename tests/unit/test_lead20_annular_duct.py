"""Flow along the gap between two coaxial tubes (an annular duct): read as an annulus with axial flow,
built as an axisymmetric wedge (2D) or the ring swept along x (3D) with inlet, outlet, innerWall and
outerWall, meshed natively with checkMesh OK. A Taylor-Couette cell stays closed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.geometry.build import build_mesh
from tasks.geometry.text import parse_geometry
from tests.unit.native_foam import run_foam

needs_foam = pytest.mark.skipif(shutil.which("blockMesh") is None, reason="OpenFOAM not on PATH")


@pytest.mark.parametrize("text,ri,ro,length", [
    ("axisymmetric annular duct, inner radius 8 mm, outer radius 20 mm, length 0.4 m, inlet velocity 0.05 m/s",
     0.008, 0.020, 0.4),
    ("I want to model oil flowing through the gap between two coaxial tubes: the inner tube has a diameter of 30 mm "
     "and the outer tube 50 mm, the annulus is 1 m long and the oil enters at 0.1 m/s.", 0.015, 0.025, 1.0),
    ("concentric annulus, inner wall at r = 2 cm, outer wall at r = 3.5 cm, 60 cm long; water enters at 1 cm/s, "
     "axisymmetric", 0.02, 0.035, 0.6),
])
def test_flow_through_an_annulus_is_an_annular_duct(text, ri, ro, length):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "annulus"
    assert spec.dims.axial_flow
    assert (spec.dims.inner_radius, spec.dims.outer_radius, spec.dims.length) == pytest.approx((ri, ro, length))


@pytest.mark.parametrize("text", [
    "Taylor-Couette flow between an inner cylinder of radius 1 cm rotating at 10 rad/s and an outer cylinder of radius 2 cm",
    "annulus between coaxial cylinders, inner radius 5 cm, outer radius 8 cm, inner wall spins at 60 rpm",
])
def test_a_taylor_couette_cell_has_no_axial_flow(text):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "annulus"
    assert not spec.dims.axial_flow


@needs_foam
@pytest.mark.parametrize("text,two_d,patches", [
    ("axisymmetric annular duct (wedge): inner radius 10 mm, outer radius 25 mm, length 300 mm, inlet 0.02 m/s, "
     "60 x 12 cells", True, {"inlet", "outlet", "innerWall", "outerWall", "front", "back"}),
    ("3D annular duct between coaxial tubes, inner diameter 20 mm, outer diameter 50 mm, 200 mm long, inlet "
     "velocity 0.1 m/s", False, {"inlet", "outlet", "innerWall", "outerWall"}),
])
def test_the_annular_duct_meshes(tmp_path: Path, text, two_d, patches):
    spec = parse_geometry(text)
    assert spec is not None and spec.dims.axial_flow and bool(spec.two_d) == two_d
    build = build_mesh(spec, tmp_path)
    assert {p.name for p in build.patches} == patches
    run_foam(tmp_path, "blockMesh")
    assert "Mesh OK." in run_foam(tmp_path, "checkMesh")
    lo, hi = build.bounds[0]
    assert (lo, hi) == pytest.approx((0.0, spec.dims.length))
