"""`casewright new` beyond the case families: any installed tutorial as the base, every stated
value applied or reported, the score capped when one is missing, no silent substitution."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import cli_json

pytestmark = pytest.mark.integration


def test_a_passive_scalar_runs_from_its_own_tutorial(tmp_path, cli_env, prefect_server, need_docker):
    code, r = cli_json(["new", "a passive scalar carried by a frozen flow over a backward-facing step, "
                        "inlet 5 m/s, run 40 iterations", "-o", str(tmp_path / "s")], cli_env)
    assert code == 0, r
    assert r["solver"] == "scalarTransportFoam" and r["base"] == "basic/scalarTransportFoam/pitzDaily"
    assert r["score"] == 4, r["score_reason"]
    assert [q["verified"] for q in r["stated"]] == [True, True] and r["not_applied"] == []
    assert len(r["base_candidates"]) == 3
    u = (Path(r["case_dir"]) / "0/U").read_text()
    assert "(5 0 0)" in u


def test_a_stated_value_missing_from_the_files_caps_the_score(tmp_path, cli_env, prefect_server, need_docker):
    """icoFoam has no density: the run completes, but the stated density is not in any file."""
    code, r = cli_json(["new", "lid-driven cavity with icoFoam, lid 1 m/s, density 1000 kg/m3, run for 0.05 s",
                        "-o", str(tmp_path / "c")], cli_env)
    assert r["status"] == "completed"
    assert r["score"] == 3, r["score_reason"]
    assert r["score_reason"].startswith("not applied: 1000 kg/m3")
    assert [n["text"] for n in r["not_applied"]] == ["1000 kg/m3"]


def test_a_geometry_nothing_can_build_is_refused(tmp_path, cli_env):
    code, r = cli_json(["new", "transient flow with pimpleFoam through a kidney-shaped vessel 0.3 m long and "
                        "0.05 m wide", "-o", str(tmp_path / "g"), "--no-run"], cli_env)
    assert code == 2 and r["kind"] == "RequestError"
    assert "--allow-substitute" in r["error"]
    assert not (tmp_path / "g").exists()


def test_smoke_runs_a_few_steps_and_keeps_the_planned_end_time(tmp_path, cli_env, prefect_server, need_docker):
    code, r = cli_json(["new", "lid-driven cavity, icoFoam, lid 1 m/s, run until t = 0.5 s", "-o",
                        str(tmp_path / "k"), "--smoke", "5"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["shortened"] and "smoke" in r["shortened"]
    from tasks.foam import dictionary as fd

    control = (Path(r["case_dir"]) / "system/controlDict").read_text()
    assert fd.get(control, ["endTime"]) == "0.5"


def test_a_described_channel_is_built_and_run(tmp_path, cli_env, prefect_server, need_docker):
    code, r = cli_json(["new", "a 2D channel 1 m long and 0.05 m high, water enters at 0.01 m/s, run for 1 s",
                        "-o", str(tmp_path / "ch"), "--smoke", "10"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["recipe"] == "geometry:channel" and r["score"] == 4, r["score_reason"]
    g = r["geometry"]
    assert g["kind"] == "parametric" and g["shape"] == "channel"
    assert g["dimensions"]["length"] == 1.0 and g["dimensions"]["height"] == 0.05
    assert g["mesh_quality"]["ok"] is True and g["cells"] > 0
    assert all(q["verified"] for q in r["stated"])


def test_a_cylinder_in_a_channel_is_meshed_with_gmsh(tmp_path, cli_env, prefect_server, need_docker):
    code, r = cli_json(["new", "flow past a cylinder of diameter 0.02 m in a channel, Re 20, simulate 0.05 s",
                        "-o", str(tmp_path / "cy"), "--smoke", "5"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["geometry"]["kind"] == "gmsh" and r["geometry"]["mesh_quality"]["ok"] is True
    boundary = (Path(r["case_dir"]) / "constant/polyMesh/boundary").read_text()
    assert "empty" in boundary and "wall" in boundary


def test_a_mesh_finished_by_its_scripts_shell_lines_runs(tmp_path, cli_env, prefect_server, need_docker):
    """biconic25-55Run35 joins its converted points to a header and turns two patches into wedges with
    shell lines of its Allrun: Casewright does both between the OpenFOAM steps, and the case runs."""
    code, r = cli_json(["new", "hypersonic nitrogen over the 25-55 degree double cone with rhoCentralFoam, "
                        "free-stream speed 2400 m/s, cone wall at 300 K, end time 1e-5 s",
                        "-o", str(tmp_path / "b"), "--smoke", "5"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["base"] == "compressible/rhoCentralFoam/biconic25-55Run35" and r["score"] == 4, r["score_reason"]
    case = Path(r["case_dir"])
    boundary = (case / "constant/polyMesh/boundary").read_text()
    assert boundary.count("wedge;") == 2
    assert (case / "log.meshFileEdit.concat.points").read_text().splitlines()[-1].startswith("wrote constant/polyMesh/points")
    assert "uniform (2400 0 0)" in (case / "0/U").read_text()
    assert "Twall           uniform 300;" in (case / "0/T").read_text()
    assert "cat constant/pointsHeader constant/points.tmp > constant/polyMesh/points || exit 1" in \
        (case / "Allrun").read_text()
