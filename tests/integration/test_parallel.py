"""`--np N`: decomposePar, `mpirun -np N <solver> -parallel` inside the OpenFOAM container (no
network), reconstructPar; the report reads the parallel logs. The Reviewer on decomposition
errors, the ranks a `new` request asks for, and the containers of a killed run."""

from __future__ import annotations

import json
import math
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from foamlib import FoamFile

from tests.conftest import CAVITY, DAMBREAK, cli_json, copy_tutorial, set_entry

pytestmark = pytest.mark.integration


def test_run_case_on_two_ranks(tmp_path: Path, cli_env: dict[str, str], prefect_server: str,
                               need_docker: None) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    code, r = cli_json(["run-case", str(case), "--np", "2", "--backend", "docker"], cli_env)
    assert code == 0, r
    assert r["status"] == "completed" and r["np"] == 2
    assert r["parallel"] == {"decomposed": True, "reconstructed": True}
    assert [(s["command"], s["args"], s["np"]) for s in r["steps"]] == [
        ("blockMesh", [], 1), ("decomposePar", ["-force"], 1), ("icoFoam", ["-parallel"], 2), ("reconstructPar", [], 1)]
    assert r["time_reached"] == pytest.approx(0.5) and r["residuals"]["p"]["n"] > 50
    assert (case / "0.5/U").is_file() and (case / "processor1/0.5/U").is_file()
    decompose = FoamFile(case / "system/decomposeParDict")
    assert decompose["numberOfSubdomains"] == 2 and decompose["method"] == "hierarchical"
    assert list(decompose["hierarchicalCoeffs"]["n"]) == [2, 1, 1]  # never across the empty z direction
    assert "Finalising parallel run" in (case / "log.icoFoam").read_text()

    # the case remembers its ranks: a plain run-case runs on 2 again; --np 1 returns to serial
    code, r = cli_json(["run-case", str(case), "--backend", "docker"], cli_env)
    assert code == 0 and r["np"] == 2, r
    code, r = cli_json(["run-case", str(case), "--np", "1", "--backend", "docker"], cli_env)
    assert code == 0 and r["np"] == 1 and r["parallel"] is None and [s["command"] for s in r["steps"]] == [
        "blockMesh", "icoFoam"], r


def test_a_parallel_run_that_writes_no_time_is_not_reconstructed(tmp_path: Path, cli_env: dict[str, str],
                                                                  prefect_server: str, need_docker: None) -> None:
    """endTime before the first write: reconstructPar would stop on "No times selected"; the run
    completes, with nothing to reconstruct."""
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    set_entry(case / "system/controlDict", "endTime", "0.05")
    code, r = cli_json(["run-case", str(case), "--np", "2", "--backend", "docker"], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["parallel"] == {"decomposed": True, "reconstructed": False}
    assert [s["command"] for s in r["steps"]] == ["blockMesh", "decomposePar", "icoFoam"]


def test_a_tutorial_decomposition_is_matched_to_the_rank_count(tmp_path: Path, cli_env: dict[str, str],
                                                              prefect_server: str, need_docker: None) -> None:
    """damBreak ships `simple` with `coeffs { n (2 2 1); }` for 4 subdomains; on 2 ranks both
    are edited, the rest of the user's file kept."""
    case = copy_tutorial(DAMBREAK, tmp_path / "damBreak")
    set_entry(case / "system/controlDict", "endTime", "0.1")
    before = (case / "system/decomposeParDict").read_text()
    assert "numberOfSubdomains 4;" in before
    code, r = cli_json(["run-case", str(case), "--np", "2", "--backend", "docker"], cli_env)
    assert code == 0, r
    assert r["status"] == "completed" and r["parallel"] == {"decomposed": True, "reconstructed": True}
    decompose = FoamFile(case / "system/decomposeParDict")
    assert decompose["numberOfSubdomains"] == 2 and decompose["method"] == "simple"
    assert list(decompose["coeffs"]["n"]) == [2, 1, 1]
    assert decompose["distributed"] is False and "simpleCoeffs" not in decompose  # the user's layout stays


def test_a_sweep_runs_each_variant_on_two_ranks(tmp_path: Path, cli_env: dict[str, str], prefect_server: str,
                                                need_docker: None) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    out = tmp_path / "sweep"
    code, r = cli_json(["sweep", str(case), "-o", str(out), "--param", "U=1,2", "--change", "lid velocity {U} m/s",
                        "--np", "2"], cli_env)
    assert code == 0, r
    assert [v["np"] for v in r["variants"]] == [2, 2]
    assert not list(out.glob("*/processor*"))  # reconstructed results come back, not the pieces
    assert (out / "U-2/0.5/U").is_file()


# --- the Reviewer on decomposition errors ------------------------------------------------------------

PARALLEL_FAULT_IDS = ["par_cavity_subdomains_3", "par_cavity_n_product", "par_cavity_simple_n", "par_cavity_scotch",
                      "par_cavity_metis", "par_cavity_method_typo", "par_cavity_no_dict"]


def test_the_reviewer_repairs_each_decomposition_fault(tmp_path: Path, cli_env: dict[str, str], prefect_server: str,
                                                       need_docker: None) -> None:
    """Each parallel fault (tasks/bench/faults_parallel.py) fails in real OpenFOAM on 2 ranks,
    is recognised from its log and repaired in one cycle; the re-run decomposes again."""
    code, r = cli_json(["bench", "repair", "--only", ",".join(PARALLEL_FAULT_IDS), "--work-dir", str(tmp_path),
                        "--backend", "docker"], cli_env)
    assert code == 0, r
    by_id = {f["id"]: f for f in r["faults"]}
    for fault_id in PARALLEL_FAULT_IDS:
        f = by_id[fault_id]
        assert (f["initial_status"], f["final_status"], f["repaired"]) == ("failed", "completed", True), f
        assert f["rules"] == ["decomposition"] and f["expected_rule_used"] and f["params_intact"], f
        case = Path(f["case_dir"])
        decompose = FoamFile(case / "system/decomposeParDict")
        assert decompose["numberOfSubdomains"] == 2 and decompose["method"] in ("hierarchical", "simple"), fault_id
        block = "simpleCoeffs" if decompose["method"] == "simple" else "hierarchicalCoeffs"
        assert list(decompose[block]["n"]) == [2, 1, 1], fault_id
        record = json.loads((case / ".casewright/history/001.json").read_text())
        assert record["problem"]["kind"] == "decomposition" and record["rerun"][0] == "decomposePar -force", record
        assert (case / "0.5/U").is_file() and "Finalising parallel run" in (case / "log.icoFoam").read_text()


def _declare_plain_decompose(case: Path) -> None:
    """A case whose recorded command sequence (as a planner takes it from an Allrun) runs
    `decomposePar` itself, without -force: it refuses processor directories already there."""
    (case / ".casewright/steps.json").write_text(json.dumps([["blockMesh"], ["decomposePar"], ["icoFoam"]]))


def test_stale_processor_directories_of_casewright_are_removed(tmp_path: Path, cli_env: dict[str, str],
                                                               prefect_server: str, need_docker: None) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    set_entry(case / "system/controlDict", "endTime", "0.1")
    code, r = cli_json(["run-case", str(case), "--np", "2", "--backend", "docker"], cli_env)
    assert code == 0 and r["parallel"] == {"decomposed": True, "reconstructed": True}, r
    assert json.loads((case / ".casewright/parallel.json").read_text())["decomposed"]["dirs"] == ["processor0",
                                                                                                  "processor1"]
    _declare_plain_decompose(case)
    code, review = cli_json(["review", str(case), "--backend", "docker"], cli_env)
    assert code == 0, review
    assert review["initial_problem"]["kind"] == "decomposition"
    assert review["initial_problem"]["keyword"] == "already_decomposed"
    assert "Case is already decomposed with 2 domains" in review["initial_problem"]["message"]
    cycle = review["cycles"][0]
    assert cycle["files_changed"] == ["processor0/", "processor1/"] and cycle["outcome"] == "completed"
    assert cycle["rerun"][:2] == ["decomposePar", "decomposePar -force"]
    assert review["final_status"] == "completed" and (case / "processor1/constant/polyMesh/owner").is_file()


def test_processor_directories_of_the_user_are_never_removed(tmp_path: Path, cli_env: dict[str, str],
                                                             prefect_server: str, need_docker: None) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    set_entry(case / "system/controlDict", "endTime", "0.1")
    code, r = cli_json(["run-case", str(case), "--np", "2", "--backend", "docker"], cli_env)
    assert code == 0, r
    record = case / ".casewright/parallel.json"
    record.write_text(json.dumps({"np": 2}))  # as if the user had decomposed the case themselves
    (case / "processor1/mine.txt").write_text("the user's\n")
    _declare_plain_decompose(case)
    code, review = cli_json(["review", str(case), "--backend", "docker"], cli_env)
    assert code == 1 and review["final_status"] == "failed", review
    assert review["initial_problem"]["keyword"] == "already_decomposed" and review["cycles"] == []
    assert "not written by Casewright" in review["stopped"]
    assert "processor0, processor1" in review["needs_user"] and "reconstructPar" in review["needs_user"]
    assert (case / "processor1/mine.txt").read_text() == "the user's\n"


# --- ranks from the request ----------------------------------------------------------------------------

DAMBREAK_REQUEST = "dam break with interFoam, run until t = 0.1 s"


def test_new_runs_on_the_cores_the_request_asks_for(tmp_path: Path, cli_env: dict[str, str], prefect_server: str,
                                                    need_docker: None) -> None:
    """damBreak: the planner writes the stated ranks (and the stub scotch) into the tutorial's
    decomposeParDict; the run is on those ranks, with a method v1912 can run."""
    code, r = cli_json(["new", DAMBREAK_REQUEST + ", on 2 cores", "-o", str(tmp_path / "two")], cli_env)
    assert code == 0 and r["status"] == "completed", r
    assert r["run"]["np"] == 2 and r["run"]["parallel"] == {"decomposed": True, "reconstructed": True}
    assert [s["command"] for s in r["run"]["steps"]][-3:] == ["decomposePar", "interFoam", "reconstructPar"]
    decompose = FoamFile(tmp_path / "two/system/decomposeParDict")
    # the tutorial's own method (simple) is kept, its n edited; never the stub scotch
    assert decompose["numberOfSubdomains"] == 2 and decompose["method"] in ("simple", "hierarchical")
    n = re.search(r"\bn\s*\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)", (tmp_path / "two/system/decomposeParDict").read_text())
    assert n is not None and math.prod(int(x) for x in n.groups()) == 2

    # an explicit --np wins, and says so
    code, r = cli_json(["new", "run it in parallel with 4 processes: " + DAMBREAK_REQUEST, "-o", str(tmp_path / "one"),
                        "--np", "1", "--no-run"], cli_env)
    assert code == 0 and r["status"] == "written", r
    assert any("--np 1 overrides the 4 MPI ranks" in w for w in r["warnings"]), r["warnings"]


# --- containers of a killed process ------------------------------------------------------------------


def _containers_of(case: Path) -> list:
    import docker

    client = docker.from_env()
    return [c for c in client.containers.list(all=True, filters={"label": "casewright.case"})
            if c.labels.get("casewright.case") == str(case)]


def _start_long_run(tmp_path: Path, cli_env: dict[str, str], name: str) -> tuple[subprocess.Popen, Path]:
    case = copy_tutorial(CAVITY, tmp_path / name)
    set_entry(case / "system/controlDict", "endTime", "20")  # minutes: it is stopped in the middle
    proc = subprocess.Popen([sys.executable, "-m", "flows.cli", "run-case", str(case), "--backend", "docker"],
                            env=cli_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            cwd=Path(__file__).resolve().parents[2])
    deadline = time.monotonic() + 180
    log = case / "log.icoFoam"
    while not (log.is_file() and log.read_text(errors="replace").count("\nTime = ") > 20):
        assert time.monotonic() < deadline and proc.poll() is None, "icoFoam did not start"
        time.sleep(0.2)
    return proc, case


def test_the_container_of_a_killed_run_is_reaped_by_the_next(tmp_path: Path, cli_env: dict[str, str],
                                                             prefect_server: str, need_docker: None) -> None:
    proc, case = _start_long_run(tmp_path, cli_env, "killed")
    try:
        proc.kill()  # kill -9: no handler runs
        proc.wait()
        orphans = _containers_of(case)
        assert [c.status for c in orphans] == ["running"], "the killed run's solver goes on in its container"
        assert orphans[0].labels["casewright.owner.pid"] == str(proc.pid)
        other = copy_tutorial(CAVITY, tmp_path / "next")
        set_entry(other / "system/controlDict", "endTime", "0.01")
        code, r = cli_json(["run-case", str(other), "--backend", "docker"], cli_env)
        assert code == 0, r
        assert _containers_of(case) == []
    finally:
        for c in _containers_of(case):
            c.remove(force=True)


def test_sigterm_removes_the_running_container(tmp_path: Path, cli_env: dict[str, str], prefect_server: str,
                                               need_docker: None) -> None:
    proc, case = _start_long_run(tmp_path, cli_env, "terminated")
    try:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
        assert _containers_of(case) == []
    finally:
        if proc.poll() is None:
            proc.kill()
        for c in _containers_of(case):
            c.remove(force=True)
