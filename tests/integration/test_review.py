"""`casewright review` and `casewright bench repair` on real OpenFOAM (Docker image by
default, one native run), under the session's Prefect server."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tasks.bench.faults import prepare_fault, select_faults
from tasks.foam.locked import LockedValue, check_locked, save_locked
from tests.conftest import CAVITY, TEST_PREFECT_PORT, TUTORIALS, cli_json, copy_tutorial, set_entry

pytestmark = pytest.mark.integration



def cavity_without_nu(dest: Path) -> Path:
    case = copy_tutorial(CAVITY, dest)
    props = case / "constant/transportProperties"
    original = props.read_text()
    props.write_text(re.sub(r"(?m)^nu\s.*\n", "", original))
    save_locked(case, [LockedValue(name="lid", file="0/U", entry=["boundaryField", "movingWall", "value"],
                                   value="uniform (1 0 0)")])
    return case


@pytest.mark.parametrize("backend", ["docker", "native"])
def test_cavity_without_nu_repaired_in_one_cycle(backend, tmp_path, cli_env, prefect_server, request) -> None:
    if backend == "docker":
        request.getfixturevalue("need_docker")
    case = cavity_without_nu(tmp_path / "cavity")
    broken = (case / "constant/transportProperties").read_text()
    code, review = cli_json(["review", str(case), "--backend", backend], cli_env)
    assert code == 0, review
    assert (review["initial_status"], review["final_status"], review["repaired"]) == ("failed", "completed", True)
    assert review["initial_problem"]["kind"] == "missing_keyword" and review["initial_problem"]["keyword"] == "nu"
    assert review["initial_problem"]["file"] == "constant/transportProperties"
    assert len(review["cycles"]) == 1
    cycle = review["cycles"][0]
    assert cycle["rule"] in ("add_canonical_keyword", "reference") and cycle["outcome"] == "completed"
    assert cycle["rerun"] == ["icoFoam"], "a dictionary fix re-runs the solver only"
    assert re.search(r"(?m)^nu\s+\S+;", (case / "constant/transportProperties").read_text())
    assert review["final"]["reached_end_time"] and review["final"]["backend"] == backend
    # history and backup
    record = json.loads((case / ".casewright/history/001.json").read_text())
    assert record["rule"] in ("add_canonical_keyword", "reference") and "+nu" in record["diff"]
    assert record["outcome"] == "completed"
    backup = Path(review["backup_dir"])
    assert (backup / "constant/transportProperties").read_text() == broken
    assert json.loads((backup / "manifest.json").read_text())["backed_up"] == ["constant/transportProperties"]
    assert review["locked_intact"] and all(c.ok for c in check_locked(case))


def test_blockmesh_missing_vertices_repaired(tmp_path, cli_env, prefect_server, need_docker) -> None:
    case = prepare_fault(select_faults(["P2_mesh_fix"])[0], tmp_path, TUTORIALS)
    code, review = cli_json(["review", str(case)], cli_env)
    assert code == 0, review
    assert [c["rule"] for c in review["cycles"]] == ["restore_block_vertices"]
    assert review["cycles"][0]["rerun"] == ["blockMesh", "icoFoam"], "a mesh fix re-runs meshing and after"
    assert review["initial_problem"]["step"] == "blockMesh"
    text = (case / "system/blockMeshDict").read_text()
    assert "(1 1 0.1)" in text and "(0 1 0.1)" in text
    assert (case / "constant/polyMesh/owner").is_file() and review["final_status"] == "completed"


def test_locked_value_is_never_changed(tmp_path, cli_env, prefect_server, need_docker) -> None:
    """deltaT 20x too large, but the user locked it: the time-step rule is refused, the
    Reviewer tries what else it has and stops early; deltaT is untouched."""
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    set_entry(case / "system/controlDict", "deltaT", "0.1")
    save_locked(case, [LockedValue(name="dt", file="system/controlDict", entry=["deltaT"], value="0.1")])
    code, review = cli_json(["review", str(case), "--max-cycles", "6"], cli_env)
    assert code == 1
    assert review["initial_problem"]["kind"] == "divergence"
    assert any("reduce_time_step: would change locked system/controlDict:deltaT" in r
               for c in review["cycles"] for r in c["rejected"])
    assert "reduce_time_step" not in [c["rule"] for c in review["cycles"]]
    assert len(review["cycles"]) < 6 and review["final_status"] != "completed"
    assert re.search(r"(?m)^deltaT\s+0\.1;", (case / "system/controlDict").read_text())
    assert review["locked_intact"] is True


def test_same_problem_twice_stops_early(tmp_path, cli_env, prefect_server, need_docker, monkeypatch) -> None:
    """A patch that does not cure its problem: the loop stops after one cycle, not ten."""
    from flows.server import prefect_session
    from tasks.core.config import load_settings
    from tasks.review.edits import Rule, patch

    def comment_only(problem, view):  # edits the right file but not the cause
        rel = "constant/transportProperties"
        return patch("added a comment", {rel: view.text(rel) + "// reviewed\n"}, view)

    monkeypatch.setenv("CASEWRIGHT_DATA_DIR", cli_env["CASEWRIGHT_DATA_DIR"])
    case = cavity_without_nu(tmp_path / "cavity")
    settings = load_settings(runner_backend="docker", prefect_port=TEST_PREFECT_PORT)
    with prefect_session(TEST_PREFECT_PORT):
        from flows.review import review_case

        review = review_case(case, max_cycles=10, settings=settings, use_llm=False,
                             rules=[Rule("comment_only", frozenset({"missing_keyword"}), comment_only, "test")])
    assert len(review.cycles) == 1 and review.cycles[0].rule == "comment_only"
    assert review.stopped.startswith("the same problem survived its patch")
    assert review.final_status == "failed" and not review.repaired
    assert sorted(p.name for p in (case / ".casewright/history").iterdir()) == ["001.json"]


def test_a_run_the_caller_just_made_is_not_repeated(tmp_path, cli_env, prefect_server, need_docker,
                                                    monkeypatch) -> None:
    """modify, new and sweep hand their failed run to the Reviewer: it diagnoses that run."""
    from flows.server import prefect_session
    from tasks.core.config import load_settings

    monkeypatch.setenv("CASEWRIGHT_DATA_DIR", cli_env["CASEWRIGHT_DATA_DIR"])
    case = cavity_without_nu(tmp_path / "cavity")
    settings = load_settings(runner_backend="docker", prefect_port=TEST_PREFECT_PORT)
    with prefect_session(TEST_PREFECT_PORT):
        from flows.case import run_case
        from flows.review import review_case

        first = run_case(case, settings=settings)
        meshed = (case / "log.blockMesh").stat().st_mtime_ns
        review = review_case(case, settings=settings, use_llm=False, initial=first)
    assert first.status == "failed" and review.initial_problem.keyword == "nu"
    assert review.repaired and review.cycles[0].rerun == ["icoFoam"]
    assert (case / "log.blockMesh").stat().st_mtime_ns == meshed  # neither the first run nor the fix re-meshed


def test_bench_repair_runs_faults_end_to_end(tmp_path, cli_env, prefect_server, need_docker) -> None:
    ids = "dambreak_missing_alpha,pitz_no_relaxation,pimple_missing_final,cavity_block_cells_commas"
    code, bench = cli_json(["bench", "repair", "--only", ids, "--work-dir", str(tmp_path)], cli_env)
    assert code == 0, bench
    assert [f["id"] for f in bench["faults"]] == ids.split(",")
    assert bench["totals"]["faults"] == 4 and bench["totals"]["repaired"] == 4
    assert bench["totals"]["params_changed"] == 0
    for fault in bench["faults"]:
        assert fault["repaired"] and fault["params_intact"] and fault["cycles"] >= 1, fault
        assert fault["expected_rule_used"] or fault["strategy"] not in ("", "rule"), fault  # a strategy may come first
    alpha = next(f for f in bench["faults"] if f["id"] == "dambreak_missing_alpha")
    history = json.loads((Path(alpha["case_dir"]) / ".casewright/history/001.json").read_text())
    assert history["rerun"] == ["setFields", "interFoam"], "a field fix re-runs setFields and the solver"


def test_review_usage_errors(tmp_path, cli_env) -> None:
    code, out = cli_json(["review", str(tmp_path / "nowhere")], cli_env)
    assert code == 2 and "does not exist" in out["error"]
    code, out = cli_json(["review", str(tmp_path), "--backend", "podman"], cli_env)
    assert code == 2 and "unknown backend" in out["error"]
    code, out = cli_json(["bench", "repair", "--only", "no_such_fault"], cli_env)
    assert code == 2 and "unknown fault id" in out["error"]


# --- suite 2: each fault of tasks/bench/faults_new.py through the Reviewer ------------------

from tasks.bench.faults import SUITE2  # noqa: E402
from tasks.foam.locked import check_locked as _check_locked  # noqa: E402


def _one_per_class(faults):
    """The first two faults of each strategy class (syntax, reference, numerics, consistency,
    dialect): the whole suite, 82 runs, is `casewright bench repair` (BENCHMARKS.md), too long for CI."""
    seen: dict[str, int] = {}
    picked = []
    for f in faults:
        cls = f.kind.split("/", 1)[0]
        if seen.get(cls, 0) < 2:
            seen[cls] = seen.get(cls, 0) + 1
            picked.append(f)
    return picked


CI_SUITE2 = _one_per_class([f for f in SUITE2 if not f.held_out])


@pytest.mark.parametrize("fault", CI_SUITE2, ids=[f.id for f in CI_SUITE2])
def test_suite2_fault_is_repaired(fault, tmp_path, cli_env, prefect_server, need_docker) -> None:
    """`casewright review` repairs the fault: the final run completes (not diverged), every
    locked value reads as the user set it, and every cycle names its strategy and source."""
    case = prepare_fault(fault, tmp_path, TUTORIALS)
    code, review = cli_json(["review", str(case), "--json"], cli_env)
    assert review["final_status"] == "completed", review.get("stopped")
    assert review["repaired"] and review["locked_intact"] and all(c.ok for c in _check_locked(case))
    assert review["needs_user"] is None
    for step in review["history"]:
        assert step["strategy"] and step["source"] and step["diff"]
