"""`casewright run-case` on real tutorials, in the Docker image and natively."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import CAVITY, PITZDAILY, cli_json, copy_tutorial, run_cli, set_entry

pytestmark = pytest.mark.integration


def run_case_json(case: Path, env: dict[str, str], *extra: str) -> tuple[int, dict]:
    return cli_json(["run-case", str(case), *extra], env)


BACKENDS = ["docker", "native"]


@pytest.mark.parametrize("server", ["--server", "--no-server"])  # a Prefect flow, or the pipeline called directly
@pytest.mark.parametrize("backend", BACKENDS)
def test_cavity_completes(backend, server, tmp_path, cli_env, prefect_server, request):
    if backend == "docker":
        request.getfixturevalue("need_docker")
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    code, report = run_case_json(case, cli_env, "--backend", backend, server)
    assert code == 0, report
    assert report["status"] == "completed"
    assert report["reached_end_time"] is True
    assert report["backend"] == backend
    assert report["fatal"] is None
    assert [s["command"] for s in report["steps"]] == ["blockMesh", "icoFoam"]
    assert report["time_reached"] == pytest.approx(0.5)
    assert set(report["residuals"]) >= {"Ux", "Uy", "p"}
    assert (case / "0.5" / "U").is_file(), "the solver must have written its last time"
    saved = json.loads((case / "report.json").read_text())
    assert saved["status"] == "completed" and report["report_path"] == str(case / "report.json")
    assert report["acceptance"]["verdict"] == "accept" and (case / "residuals.png").is_file()


@pytest.mark.parametrize("backend", BACKENDS)
def test_pitzdaily_short_completes(backend, tmp_path, cli_env, prefect_server, request):
    if backend == "docker":
        request.getfixturevalue("need_docker")
    case = copy_tutorial(PITZDAILY, tmp_path / "pitzDaily")
    set_entry(case / "system/controlDict", "endTime", "40")
    set_entry(case / "system/controlDict", "writeInterval", "20")
    code, report = run_case_json(case, cli_env, "--backend", backend)
    assert code == 0, report
    assert report["status"] == "completed" and report["reached_end_time"] is True
    assert report["time_reached"] == pytest.approx(40)
    assert {"Ux", "p", "k", "epsilon"} <= set(report["residuals"])
    assert report["residuals"]["p"]["last_initial"] < report["residuals"]["p"]["first_initial"]
    # a RAS run that completed gets y+ per wall patch (an extra post-processing run, not a step)
    assert [s["command"] for s in report["steps"]] == ["blockMesh", "simpleFoam"]
    walls = {w["patch"]: w for w in report["y_plus"]}
    assert set(walls) == {"upperWall", "lowerWall"} and (case / "log.yPlus").is_file()
    assert all(w["nut_bc"] == "nutkWallFunction" and 0 < w["min"] <= w["average"] <= w["max"] for w in walls.values())
    assert (case / "40" / "yPlus").is_file()


def test_cavity_without_nu_fails_with_fatal(tmp_path, cli_env, prefect_server, need_docker):
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    props = case / "constant/transportProperties"
    props.write_text(re.sub(r"(?m)^nu\s.*$", "", props.read_text()))
    code, report = run_case_json(case, cli_env)
    assert code == 1
    assert report["status"] == "failed" and report["reached_end_time"] is False
    assert report["backend"] == "docker"
    assert "nu" in report["fatal"]["message"].split() or "nu" in report["fatal"]["message"]
    assert report["fatal"]["keyword"] == "nu"
    assert report["fatal"]["file"].endswith("transportProperties")
    assert report["steps"][-1]["command"] == "icoFoam" and report["steps"][-1]["status"] == "failed"


def test_blockmesh_with_missing_vertex_fails_at_blockmesh(tmp_path, cli_env, prefect_server, need_docker):
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    bmd = case / "system/blockMeshDict"
    text = bmd.read_text()
    # drop the last of the 8 vertices: the hex block then names a point that does not exist
    new = re.sub(r"\(0 1 0\.1\)\s*\n", "", text, count=1)
    assert new != text
    bmd.write_text(new)
    code, report = run_case_json(case, cli_env, "--backend", "docker")
    assert code == 1
    assert [s["command"] for s in report["steps"]] == ["blockMesh"]
    assert report["steps"][0]["status"] == "failed"
    assert report["fatal"] is not None and report["fatal"]["step"] == "blockMesh"
    assert report["fatal"]["message"]


def test_unknown_application_is_refused(tmp_path, cli_env):
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    set_entry(case / "system/controlDict", "application", "rm")
    proc = run_cli(["run-case", str(case), "--json"], cli_env)
    assert proc.returncode == 2
    payload = json.loads(proc.stdout)
    assert "not an OpenFOAM v1912 solver" in payload["error"]
    assert not (case / "log.blockMesh").exists(), "nothing may run for a refused case"


def test_missing_case_dir_is_a_usage_error(tmp_path, cli_env):
    proc = run_cli(["run-case", str(tmp_path / "nope"), "--json"], cli_env)
    assert proc.returncode == 2
    assert "does not exist" in json.loads(proc.stdout)["error"]


def test_a_single_pass_solver_completes(tmp_path, cli_env, prefect_server, need_docker):
    """potentialFoam solves once at the start time and prints End: that is its whole run, not an
    abort at start."""
    tutorial = CAVITY.parents[3] / "basic/potentialFoam/pitzDaily"
    if not tutorial.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    case = copy_tutorial(tutorial, tmp_path / "potential")
    code, r = cli_json(["run-case", str(case), "--backend", "docker"], cli_env)
    assert code == 0 and r["status"] == "completed" and r["reached_end_time"], r
