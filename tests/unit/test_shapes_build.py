"""build_mesh without OpenFOAM: every blockMeshDict it writes parses back with foamlib and
holds the blocks, cells, gradings and patches the MeshBuild promises; Gmsh writes a v2 ASCII
.msh with one physical group per patch; the boundary post-step and the checkMesh log parser."""

from __future__ import annotations

from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.core.errors import CaseRunError
from tasks.geometry.build import build_mesh, run_mesh, set_patch_types
from tasks.geometry.models import MeshCommand, SetPatchTypes
from tasks.geometry.quality import parse_check_mesh
from tasks.geometry.spec import make_spec

STRUCTURED = {
    "channel": (dict(shape="channel", mesh={"cells": [40, 10]}), {"inlet", "outlet", "top", "bottom", "frontAndBack"}),
    "channel_3d": (dict(shape="channel", two_d=False, mesh={"cells": [20, 8, 6]}), {"inlet", "outlet", "top", "bottom", "walls"}),
    "box": (dict(shape="box"), {"inlet", "outlet", "top", "bottom", "walls"}),
    "backward_step": (dict(shape="backward_step", mesh={"resolution": "coarse"}), {"inlet", "outlet", "walls", "frontAndBack"}),
    "forward_step": (dict(shape="forward_step"), {"inlet", "outlet", "walls", "frontAndBack"}),
    "sudden_expansion": (dict(shape="sudden_expansion"), {"inlet", "outlet", "walls", "frontAndBack"}),
    "sudden_contraction": (dict(shape="sudden_contraction"), {"inlet", "outlet", "walls", "frontAndBack"}),
    "t_junction": (dict(shape="t_junction"), {"inlet", "outlet", "branchOutlet", "walls", "frontAndBack"}),
    "nozzle": (dict(shape="nozzle"), {"inlet", "outlet", "walls", "frontAndBack"}),
    "diffuser": (dict(shape="diffuser"), {"inlet", "outlet", "walls", "frontAndBack"}),
    "lid_driven_cavity": (dict(shape="lid_driven_cavity"), {"movingWall", "fixedWalls", "frontAndBack"}),
    "heated_cavity": (dict(shape="heated_cavity"), {"floor", "ceiling", "leftWall", "rightWall", "frontAndBack"}),
    "pipe_wedge": (dict(shape="pipe"), {"inlet", "outlet", "wall", "front", "back"}),
    "pipe_3d": (dict(shape="pipe", two_d=False, mesh={"resolution": "coarse"}), {"inlet", "outlet", "wall"}),
    "annulus": (dict(shape="annulus"), {"innerWall", "outerWall", "frontAndBack"}),
    "annulus_3d": (dict(shape="annulus", two_d=False, mesh={"cells": [16, 4, 4]}), {"innerWall", "outerWall", "ends"}),
}


def _cells(block: list) -> int:
    nx, ny, nz = block[2]
    return nx * ny * nz


@pytest.mark.parametrize("name", list(STRUCTURED))
def test_block_mesh_dict_parses_back_and_matches_the_build(tmp_path, name):
    fields, patch_names = STRUCTURED[name]
    spec = make_spec(**fields)
    build = build_mesh(spec, tmp_path)
    assert build.generator == "blockMesh"
    assert [s.command for s in build.steps] == ["blockMesh", "checkMesh"]
    assert "system/blockMeshDict" in build.files and (tmp_path / "system/controlDict").is_file()

    d = FoamFile(tmp_path / "system/blockMeshDict")
    n_vertices = len(d["vertices"])
    flat = list(d["blocks"])
    blocks = [flat[i:i + 5] for i in range(0, len(flat), 5)]
    assert all(b[0] == "hex" and b[3] == "simpleGrading" for b in blocks)
    assert all(0 <= v < n_vertices for b in blocks for v in b[1])
    assert sum(_cells(b) for b in blocks) == build.n_cells
    patches = dict(d["boundary"])
    assert set(patches) == patch_names == {p.name for p in build.patches}
    for p in build.patches:
        assert patches[p.name]["type"] == p.type
        assert all(len(f) == 4 and all(0 <= v < n_vertices for v in f) for f in patches[p.name]["faces"])
    if spec.two_d:
        assert all(b[2][2] == 1 for b in blocks), "2D meshes are one cell thick"
    assert any(p.role == "inlet" for p in build.patches) or spec.shape in ("lid_driven_cavity", "heated_cavity", "annulus")


def test_channel_is_graded_toward_both_walls(tmp_path):
    build_mesh(make_spec(shape="channel", mesh={"cells": [40, 10], "wall_grading": 4}), tmp_path)
    hex_ = list(FoamFile(tmp_path / "system/blockMeshDict")["blocks"])
    assert hex_[4][1] == [[0.5, 0.5, 4], [0.5, 0.5, 0.25]]


def test_pipe_wedge_is_five_degrees_one_cell_thick(tmp_path):
    build = build_mesh(make_spec(shape="pipe", dimensions={"diameter": 0.1}), tmp_path)
    d = FoamFile(tmp_path / "system/blockMeshDict")
    vertices = d["vertices"]
    assert len(vertices) == 6  # the axis vertices are shared by both wedge faces
    import math

    wall = [v for v in vertices if v[1] > 0 and v[2] > 0][0]
    assert math.degrees(math.atan2(wall[2], wall[1])) == pytest.approx(2.5)
    assert {p.name: p.role for p in build.patches}["front"] == "wedge"
    assert any("wedge" in a for a in build.assumptions)


def test_defaults_and_sizing_are_stated_as_assumptions(tmp_path):
    build = build_mesh(make_spec(shape="backward_step", dimensions={"step_height": 0.02}), tmp_path)
    text = " ".join(build.assumptions)
    assert "height = 0.1" in text and "step_height" not in text.split("default was used:")[1].split(".")[0]
    assert "20 cells across the smallest feature (step height, 0.02 m)" in text


def test_gmsh_writes_msh_v2_ascii_with_a_physical_group_per_patch(tmp_path):
    spec = make_spec(shape="naca_airfoil", dimensions={"domain_radius": 3}, mesh={"resolution": "coarse"})
    build = build_mesh(spec, tmp_path)
    assert build.generator == "gmsh"
    assert [getattr(s, "command", s.kind) for s in build.steps] == ["gmshToFoam", "set_patch_types", "checkMesh"]
    text = (tmp_path / "mesh.msh").read_text()
    assert text.startswith("$MeshFormat\n2.2 0 8\n")
    names = text.split("$PhysicalNames")[1].split("$EndPhysicalNames")[0].split("\n")[2:-1]
    groups = {line.split()[2].strip('"'): int(line.split()[0]) for line in names}
    assert groups == {**{p.name: 2 for p in build.patches}, "fluid": 3}
    types = build.steps[1].types
    assert types == {"airfoil": "wall", "frontAndBack": "empty"}
    assert 500 < build.n_cells < 10000


BOUNDARY = """FoamFile
{
    version     2.0;
    format      ascii;
    class       polyBoundaryMesh;
    location    "constant/polyMesh";
    object      boundary;
}

3
(
    inlet
    {
        type            patch;
        physicalType    patch;
        nFaces          17;
        startFace       7277;
    }
    cylinder
    {
        type            patch;
        physicalType    patch;
        nFaces          32;
        startFace       7294;
    }
    frontAndBack
    {
        type            patch;
        physicalType    patch;
        nFaces          4144;
        startFace       7326;
    }
)
"""


def test_set_patch_types_edits_only_the_named_patches(tmp_path):
    path = tmp_path / "boundary"
    path.write_text(set_patch_types(BOUNDARY, {"cylinder": "wall", "frontAndBack": "empty"}))
    patches = dict(FoamFile(path)[None])
    assert patches["inlet"] == {"type": "patch", "physicalType": "patch", "nFaces": 17, "startFace": 7277}
    assert patches["cylinder"]["type"] == "wall" and "physicalType" not in patches["cylinder"]
    assert patches["frontAndBack"]["type"] == "empty" and patches["frontAndBack"]["nFaces"] == 4144


def test_set_patch_types_names_the_patches_when_one_is_missing():
    with pytest.raises(CaseRunError, match="no patch 'walls'.*inlet, cylinder, frontAndBack"):
        set_patch_types(BOUNDARY, {"walls": "wall"})


def test_run_mesh_stops_at_the_first_failed_command(tmp_path):
    build = build_mesh(make_spec(shape="lid_driven_cavity"), tmp_path)
    ran: list[str] = []

    def fails(cmd: MeshCommand) -> bool:
        ran.append(cmd.command)
        return False

    with pytest.raises(CaseRunError, match="blockMesh failed .* lid_driven_cavity; see .*log.blockMesh"):
        run_mesh(build, tmp_path, fails)
    assert ran == ["blockMesh"]
    with pytest.raises(CaseRunError, match="did gmshToFoam run"):
        from tasks.geometry.build import apply_post_step

        apply_post_step(tmp_path, SetPatchTypes(types={"a": "wall"}))


CHECK_OK = """Checking geometry...
    Overall domain bounding box (0 0 0) (1 0.1 0.005)
    Max aspect ratio = 1.8404657 OK.
    Mesh non-orthogonality Max: 12.5 average: 3.1
    Non-orthogonality check OK.
    Face pyramids OK.
    Max skewness = 0.40290252 OK.

Mesh OK.

End
"""
CHECK_FAILED = """Mesh stats
    points:           4422
    cells:            2000
Checking geometry...
 ***High aspect ratio cells found, Max aspect ratio: 1234.5, number of cells 12
  <<Writing 12 cells with high aspect ratio to set highAspectRatioCells
    Mesh non-orthogonality Max: 75.2 average: 8
   *Number of severely non-orthogonal (> 70 degrees) faces: 4.
 ***Max skewness = 5.1, 3 highly skew faces detected which may impair the quality of the results

Failed 2 mesh checks.

End
"""


@pytest.mark.parametrize("log, expected", [
    (CHECK_OK, dict(max_non_orthogonality=12.5, max_skewness=0.40290252, max_aspect_ratio=1.8404657, ok=True,
                    n_cells=None, failed_checks=0)),
    (CHECK_FAILED, dict(max_non_orthogonality=75.2, max_skewness=5.1, max_aspect_ratio=1234.5, ok=False,
                        n_cells=2000, failed_checks=2)),
    ("--> FOAM FATAL ERROR: cannot find file", dict(max_non_orthogonality=None, max_skewness=None,
                                                     max_aspect_ratio=None, ok=False)),
])
def test_parse_check_mesh(log, expected):
    quality = parse_check_mesh(log)
    for key, value in expected.items():
        assert getattr(quality, key) == value, key


def test_parse_check_mesh_keeps_the_problems():
    assert len(parse_check_mesh(CHECK_FAILED).problems) == 2


def test_mesh_files_are_relative_to_the_case(tmp_path: Path):
    build = build_mesh(make_spec(shape="channel"), tmp_path)
    assert all((tmp_path / f).is_file() for f in build.files)
