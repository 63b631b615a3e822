"""Heat transfer on meshes the buoyant solvers cannot run on here.

The installed OpenFOAM v1912 build rebuilds the cell velocity of fvc::reconstruct wrongly on every
other cell unless the cell is an axis-aligned box, so buoyantBoussinesq* diverges in its first steps
on a Gmsh mesh round a body or an O-grid pipe. The shape library then carries the temperature as a
passive scalar with pimpleFoam/simpleFoam (forced convection), or stops when buoyancy was asked
for. Every edited dictionary is parsed back with foamlib."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.core.config import get_settings
from tasks.core.errors import RequestError
from tasks.edit import parametric_setup as setup
from tasks.edit.parametric import buoyancy_asked, passive_heat_solver, plan_geometry
from tasks.geometry.models import MeshBuild, MeshCommand, PatchInfo
from tasks.geometry.text import parse_geometry
from tasks.plan.stated import StatedQuantity

HEADER = "FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }\n"
BOX = "(0 0 0) (1 0 0) (1 0.1 0) (0 0.1 0) (0 0 0.01) (1 0 0.01) (1 0.1 0.01) (0 0.1 0.01)"
# two boxes side by side: a step's or a T-junction's blocks
TWO_BOXES = ("(0 0 0) (1 0 0) (1 1 0) (0 1 0) (0 0 1) (1 0 1) (1 1 1) (0 1 1) "
             "(2 0 0) (2 1 0) (2 0 1) (2 1 1)")
# the outlet end lifted: a diffuser's slanted block
SLANTED = "(0 0 0) (1 0 0) (1 0.2 0) (0 0.1 0) (0 0 0.01) (1 0 0.01) (1 0.2 0.01) (0 0.1 0.01)"


def _dict(vertices: str, blocks: str, edges: str = "") -> str:
    return HEADER + f"vertices ( {vertices} );\nblocks ( {blocks} );\nedges ( {edges} );\nboundary ();\n"


HEX = "hex (0 1 2 3 4 5 6 7) (10 10 1) simpleGrading (1 1 1)"


@pytest.mark.parametrize("text, aligned", [
    (_dict(BOX, HEX), True),
    (_dict(BOX, "hex (0 1 2 3 4 5 6 7) (100 20 1) simpleGrading (1 ((0.5 0.5 4) (0.5 0.5 0.25)) 1)"), True),
    (_dict(TWO_BOXES, HEX + " hex (1 8 9 2 5 10 11 6) (10 10 10) simpleGrading (1 1 1)"), True),
    (_dict(BOX.replace("(1 0.1 0)", "(1 0.1 1e-13)"), HEX), True),  # round-off is not a third level
    (_dict(BOX, HEX, "arc 0 1 (0.5 -0.05 0)"), False),  # an O-grid's curved edge
    (_dict(BOX, HEX, "spline 0 1 ((0.3 0.01 0) (0.6 0.01 0))"), False),
    (_dict(BOX, HEX, "project 0 1 (cylinder)"), False),
    (_dict(SLANTED, HEX), False),  # a diffuser: a third y level
    (_dict(BOX, "hex (0 1 2 3 4 5 6 9) (10 10 1) simpleGrading (1 1 1)"), False),  # a vertex it cannot read
    (HEADER + "vertices ();\nblocks ();\n", False),
    ("", False),
])
def test_axis_aligned_blocks(text, aligned):
    assert setup.axis_aligned_blocks(text) is aligned


def test_a_projected_geometry_is_not_aligned():
    assert not setup.axis_aligned_blocks(_dict(BOX, HEX) + "geometry { cylinder { type searchableCylinder; } }\n")


def _build(generator: str, patch_type: str = "empty", steps: list | None = None) -> MeshBuild:
    return MeshBuild(shape="channel", generator=generator, steps=steps or [], files=[], n_cells=100, two_d=True,
                     reference_length=0.1,
                     patches=[PatchInfo(name="inlet", type="patch", role="inlet"),
                              PatchInfo(name="sides", type=patch_type, role="empty" if patch_type == "empty" else
                                        "wedge")])


@pytest.mark.parametrize("generator, patch_type, steps, safe", [
    ("blockMesh", "empty", [], True),
    ("gmsh", "empty", [], False),
    ("snappyHexMesh", "empty", [], False),
    ("blockMesh", "wedge", [], False),
    ("blockMesh", "empty", [MeshCommand(command="transformPoints", args=["-rotate-angle", "((0 0 1) 30)"])], False),
    ("blockMesh", "empty", [MeshCommand(command="transformPoints", args=["-translate", "(1 0 0)"])], True),
])
def test_reconstruct_safe(tmp_path, generator, patch_type, steps, safe):
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(_dict(BOX, HEX))
    assert setup.reconstruct_safe(tmp_path, _build(generator, patch_type, steps)) is safe


def test_reconstruct_safe_needs_a_readable_aligned_block_mesh(tmp_path):
    assert not setup.reconstruct_safe(tmp_path, _build("blockMesh"))  # no blockMeshDict
    (tmp_path / "system").mkdir()
    (tmp_path / "system/blockMeshDict").write_text(_dict(BOX, HEX, "arc 0 1 (0.5 -0.05 0)"))
    assert not setup.reconstruct_safe(tmp_path, _build("blockMesh"))


@pytest.mark.parametrize("g, beta, dt, length, speed, ri", [
    (9.81, 3.33e-3, 50.0, 0.02, 0.5, 0.1307),  # the heated cylinder at 0.5 m/s: mixed convection
    (9.81, 2.07e-4, 30.0, 0.02, 0.05, 0.4874),
    (9.81, 3.33e-3, -50.0, 0.02, 5.0, 0.001307),  # a cooled body: the size of dT counts
    (9.81, 3.33e-3, 0.0, 0.02, 0.5, 0.0),
])
def test_richardson(g, beta, dt, length, speed, ri):
    assert setup.richardson(g, beta, dt, length, speed) == pytest.approx(ri, rel=1e-3)


def test_richardson_without_a_speed_is_infinite():
    assert math.isinf(setup.richardson(9.81, 1e-3, 10.0, 0.1, 0.0))


def _q(role: str, value: float, text: str = "x") -> StatedQuantity:
    return StatedQuantity(text=text, quantity="q", value=value, role=role)


@pytest.mark.parametrize("flag, stated, named, asked", [
    (True, [], None, True),
    (False, [], None, False),  # 'buoyancy neglected'
    (None, [_q("inlet_temperature", 300.0)], None, False),  # heat alone
    (None, [_q("gravity", -9.81)], None, True),
    (None, [_q("rayleigh", 1e5)], None, True),
    (None, [], "buoyantBoussinesqSimpleFoam", True),
    (None, [], "pimpleFoam", False),
])
def test_buoyancy_asked(flag, stated, named, asked):
    assert buoyancy_asked(flag, stated, named) is asked


@pytest.mark.parametrize("steady, solver", [(True, "simpleFoam"), (False, "pimpleFoam"), (None, "pimpleFoam")])
def test_passive_heat_solver(steady, solver):
    assert passive_heat_solver(steady) == solver


@pytest.mark.parametrize("request_text, stated, pr", [
    ("air past a heated cylinder", [], 0.707),
    ("water through a heated pipe", [], None),  # the fluid table's water
    ("oil", [_q("prandtl", 7.0)], 7.0),
    ("a heated body", [], 0.707),  # no fluid named: the templates' air
])
def test_fluid_prandtl(request_text, stated, pr):
    from tasks.foam.physics import fluid_table

    expected = pr if pr is not None else fluid_table()["water"].pr
    assert setup.fluid_prandtl(request_text, stated) == pytest.approx(expected, rel=1e-3)


@pytest.mark.parametrize("pr, prt", [(0.707, 0.85), (7.0, 0.85), (1.0, 1.0)])
def test_passive_temperature_object_diffuses_with_nu_over_pr(pr, prt):
    fo = setup.passive_temperature_object(pr, prt)
    assert fo["type"] == "scalarTransport" and fo["field"] == "T"
    assert float(fo["alphaD"]) == pytest.approx(1 / pr, rel=1e-5)
    assert float(fo["alphaDt"]) == pytest.approx(1 / prt, rel=1e-5)


@pytest.mark.parametrize("pr, prt", [(0.0, 0.85), (0.7, -1.0)])
def test_passive_temperature_object_needs_positive_prandtl_numbers(pr, prt):
    with pytest.raises(ValueError, match="Pr and Prt must be positive"):
        setup.passive_temperature_object(pr, prt)


@pytest.mark.parametrize("tutorial, steady, scheme", [
    ("incompressible/pimpleFoam/RAS/pitzDaily", False, "Gauss limitedLinear 1"),
    ("incompressible/simpleFoam/pitzDaily", True, "bounded Gauss limitedLinear 1"),
])
def test_set_passive_temperature_parses_back(tmp_path, tutorial, steady, scheme):
    from tasks.foam.defaults import convection_schemes

    src = get_settings().tutorials_dir / tutorial / "system"
    if not src.is_dir():
        pytest.skip(f"tutorial {tutorial} not installed")
    shutil.copytree(src, tmp_path / "system")
    changed = setup.set_passive_temperature(tmp_path, steady, 0.707)
    assert changed == ["system/controlDict", "system/fvSchemes"]
    control = FoamFile(tmp_path / "system/controlDict")
    fo = control["functions"]["temperature"]
    assert fo["type"] == "scalarTransport" and fo["field"] == "T" and fo["phi"] == "phi"
    assert fo["alphaD"] == pytest.approx(1 / 0.707, rel=1e-5) and fo["alphaDt"] == pytest.approx(1 / 0.85, rel=1e-5)
    div = FoamFile(tmp_path / "system/fvSchemes")["divSchemes"]["div(phi,T)"]
    assert " ".join(str(x) for x in (div if isinstance(div, (list, tuple)) else [div])) == \
        convection_schemes(steady)["scalar"] == scheme
    assert setup.set_passive_temperature(tmp_path, steady, 0.707) == ["system/controlDict"]  # div kept, not doubled


# --- the library's plan ------------------------------------------------------------------------

def _plan(text: str):
    return plan_geometry(text, get_settings().tutorials_dir, parse_geometry(text))


FORCED = ("forced convection: air at 0.5 m/s past a heated cylinder of diameter 2 cm in a channel 0.5 m long and "
          "0.1 m high, cylinder at 350 K, inlet air 300 K, laminar, 2 s")


@pytest.mark.parametrize("text, solver", [
    (FORCED, "pimpleFoam"),
    ("steady " + FORCED.replace(", 2 s", ""), "simpleFoam"),
    ("laminar flow of water at 0.05 m/s through a 3D pipe of diameter 2 cm and length 0.3 m, pipe wall heated to "
     "330 K, inlet water at 300 K, 1 s", "pimpleFoam"),  # the O-grid pipe: arcs
])
def test_heat_past_a_body_rides_on_pimple_or_simple_foam(text, solver):
    manifest = _plan(text)
    scratch = Path(manifest.base_tutorial)
    try:
        assert manifest.solver == solver
        assert not (scratch / "0/p_rgh").exists() and not (scratch / "0/alphat").exists()
        t = FoamFile(scratch / "0/T")
        assert t["boundaryField"]["inlet"]["type"] == "fixedValue"
        fo = FoamFile(scratch / "system/controlDict")["functions"]["temperature"]
        assert fo["type"] == "scalarTransport"
        said = " ".join(manifest.assumptions + manifest.warnings)
        assert "passive scalar" in said and "Richardson number" in said
        bound = {b.stated: b.file for b in manifest.bindings}
        assert bound.get("300 K") == "0/T"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def test_the_mixed_convection_it_leaves_out_is_a_warning():
    manifest = _plan(FORCED)
    shutil.rmtree(manifest.base_tutorial, ignore_errors=True)
    assert any(w.startswith("mixed convection left out") and "0.13" in w for w in manifest.warnings)


def test_buoyancy_asked_for_round_a_body_stops_with_what_to_do():
    with pytest.raises(RequestError, match="rectangular domain") as err:
        _plan("natural convection from a heated cylinder of diameter 2 cm at 350 K in a channel 0.5 m long and "
              "0.1 m high with air entering at 0.05 m/s and 300 K, laminar, 2 s")
    assert "fvc::reconstruct" in str(err.value)


def test_a_heated_channel_of_boxes_keeps_the_boussinesq_solver():
    manifest = _plan("forced convection: air at 0.5 m/s in a 2D channel 0.5 m long and 0.1 m high, bottom wall at "
                     "350 K, inlet air 300 K, laminar, 2 s")
    scratch = Path(manifest.base_tutorial)
    try:
        assert manifest.solver == "buoyantBoussinesqPimpleFoam"
        assert (scratch / "0/p_rgh").is_file()
        assert "temperature" not in (FoamFile(scratch / "system/controlDict").get("functions") or {})
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
