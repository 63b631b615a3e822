"""`casewright new --geometry STL` and `--mesh FILE` end to end: the CLI plans the case on the
user's geometry, real OpenFOAM in the Docker image meshes or converts it (snappyHexMesh,
gmshToFoam, fluentMeshToFoam, a copied polyMesh), checkMesh reports, the solver runs a few
iterations (--smoke), and the report's `geometry` says what was used."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from foamlib import FoamFile

from tests.conftest import cli_json
from tests.unit.test_mesh_import import write_fluent_box, write_gmsh_channel
from tests.unit.test_shapes_stl import cube

pytestmark = pytest.mark.integration

CHANNEL = "steady laminar flow of water in my channel, simpleFoam, inlet velocity 0.01 m/s"
CHANNEL_ROLES = {"inlet": "inlet", "outlet": "outlet", "walls": "wall", "frontAndBack": "empty"}
CHANNEL_TYPES = {"inlet": "patch", "outlet": "patch", "walls": "wall", "frontAndBack": "empty"}


def new_case(tmp_path: Path, env, request: str, *args: str) -> tuple[int, dict]:
    return cli_json(["new", request, "-o", str(tmp_path / "case"), "--smoke", "5", *args], env)


def boundary_types(case: Path) -> dict[str, str]:
    return {name: entry["type"] for name, entry in FoamFile(case / "constant/polyMesh/boundary")[None]}


def assert_ran(r: dict, kind: str, first_steps: list[str]) -> Path:
    assert r["status"] == "completed", (r["score_reason"], r.get("run"))
    assert r["run"]["shortened"] and r["run"]["backend"] == "docker"
    assert [s["command"] for s in r["run"]["steps"]][:len(first_steps)] == first_steps
    geometry = r["geometry"]
    assert geometry["kind"] == kind
    assert geometry["mesh_quality"]["ok"] is True and geometry["cells"] > 0
    return Path(r["case_dir"])


def assert_channel(r: dict, converter: list[str]) -> None:
    case = assert_ran(r, "imported", [*converter, "checkMesh", "simpleFoam"])
    assert r["geometry"]["cells"] == 100
    assert r["geometry"]["patches"] == CHANNEL_ROLES
    assert boundary_types(case) == CHANNEL_TYPES
    u = FoamFile(case / "0/U")["boundaryField"]
    assert u["inlet"]["type"] == "fixedValue" and list(u["inlet"]["value"]) == pytest.approx([0.01, 0, 0])
    assert u["walls"]["type"] == "noSlip" and u["frontAndBack"]["type"] == "empty"
    assert FoamFile(case / "0/p")["boundaryField"]["outlet"]["type"] == "fixedValue"


@pytest.mark.parametrize("binary", [True, False], ids=["binary", "ascii"])
def test_stl_body_meshed_with_snappy_and_run(tmp_path, cli_env, prefect_server, need_docker, binary):
    stl = tmp_path / "cube.stl"
    stl.parent.mkdir(exist_ok=True)
    from tasks.geometry.stl import write_stl

    write_stl(stl, cube((0.0, 0.0, 0.0), 0.1), binary=binary)
    request = ("steady flow of air around my part at 5 m/s, k-omega SST, simpleFoam, coarse mesh" if binary else
               "steady laminar flow of water around my part, simpleFoam, free stream velocity 0.01 m/s, coarse mesh")
    code, r = new_case(tmp_path, cli_env, request, "--geometry", str(stl))
    assert code == 0, r
    case = assert_ran(r, "stl", ["blockMesh", "snappyHexMesh", "checkMesh", "simpleFoam"])
    assert r["geometry"]["cells"] > 20 * 14 * 14  # refined beyond the background box
    assert boundary_types(case) == {"inlet": "patch", "outlet": "patch", "sides": "symmetry", "cube": "wall"}
    assert any("body lengths upstream" in a for a in r["assumptions"])
    assert r["turbulence"] == ("kOmegaSST" if binary else "laminar")
    if binary:  # wall layers sized for y+ 30, and the y+ of the run reported
        assert "wall layers" in " ".join(r["assumptions"])
        assert FoamFile(case / "0/nut")["boundaryField"]["cube"]["type"].startswith("nut")
    else:
        assert "No wall layers." in r["assumptions"]


@pytest.mark.parametrize("version", [2.2, 4.1], ids=["v2", "v4"])
def test_gmsh_mesh_imported_and_run(tmp_path, cli_env, prefect_server, need_docker, version):
    msh = write_gmsh_channel(tmp_path / "channel.msh", version)
    code, r = new_case(tmp_path, cli_env, CHANNEL, "--mesh", str(msh))
    assert code == 0, r
    assert_channel(r, ["gmshToFoam"])
    assert r["geometry"]["format"] == "gmsh"


def test_fluent_mesh_imported_and_run(tmp_path, cli_env, prefect_server, need_docker):
    msh = write_fluent_box(tmp_path / "box.msh")
    code, r = new_case(tmp_path, cli_env, CHANNEL, "--mesh", str(msh))
    assert code == 0, r
    assert_channel(r, ["fluentMeshToFoam"])
    assert r["geometry"]["format"] == "fluent"


def test_polymesh_folder_copied_and_run(tmp_path, cli_env, prefect_server, need_docker):
    from tasks.geometry.build import write_mesh_system
    from tasks.run.runner import Step, select_runner

    given = tmp_path / "given"
    given.mkdir()
    write_gmsh_channel(given / "channel.msh", 2.2)
    write_mesh_system(given)
    runner, _ = select_runner("docker", os.environ.get("CASEWRIGHT_IMAGE", "casewright/openfoam:v1912"))
    assert runner.run(given, Step(command="gmshToFoam", args=["channel.msh"]), timeout_s=120).status == "ok"
    assert set(boundary_types(given).values()) == {"patch"}  # gmshToFoam cannot know wall or empty

    code, r = new_case(tmp_path, cli_env, CHANNEL, "--mesh", str(given / "constant/polyMesh"))
    assert code == 0, r
    assert_channel(r, [])
    assert r["geometry"]["format"] == "polyMesh"
    assert boundary_types(given) == dict.fromkeys(CHANNEL_TYPES, "patch"), "the user's mesh is left as it was"


def test_patch_roles_given_on_the_command_line(tmp_path, cli_env, prefect_server, need_docker):
    msh = write_gmsh_channel(tmp_path / "channel.msh", 4.1, names=("left", "right", "walls", "frontAndBack"))
    code, refused = new_case(tmp_path, cli_env, CHANNEL, "--mesh", str(msh))
    assert code == 2 and "patches left, right" in refused["error"] and "--patch-role" in refused["error"]
    assert not (tmp_path / "case").exists()

    # the inlet on the x-max side: the velocity follows its inward normal, -x
    code, r = new_case(tmp_path, cli_env, CHANNEL, "--mesh", str(msh), "--patch-role", "right=inlet",
                       "--patch-role", "left=pressure-outlet")
    assert code == 0, r
    case = assert_ran(r, "imported", ["gmshToFoam", "checkMesh", "simpleFoam"])
    assert r["geometry"]["patches"] == {"left": "outlet", "right": "inlet", "walls": "wall", "frontAndBack": "empty"}
    assert boundary_types(case) == {"left": "patch", "right": "patch", "walls": "wall", "frontAndBack": "empty"}
    assert any("--patch-role: left outlet, right inlet" in a for a in r["assumptions"])
    u = FoamFile(case / "0/U")["boundaryField"]
    assert u["right"]["type"] == "fixedValue" and list(u["right"]["value"]) == pytest.approx([-0.01, 0, 0])
