"""`casewright sweep` on a real case with real OpenFOAM runs in the Docker image."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import cli_json

pytestmark = pytest.mark.integration



@pytest.fixture()
def cavity(planned_cavity: Path) -> Path:
    """The lid-driven cavity `casewright new` plans (0.1 s), a copy of the session's (tests/conftest.py)."""
    return planned_cavity


def _files(case: Path) -> dict[str, bytes]:
    return {str(p.relative_to(case)): p.read_bytes() for p in case.rglob("*") if p.is_file()}


def test_a_two_by_two_grid_runs_every_variant(cavity: Path, tmp_path: Path, cli_env: dict[str, str],
                                              prefect_server: str, need_docker: None) -> None:
    before = _files(cavity)
    out = tmp_path / "sweep"
    code, r = cli_json(["sweep", str(cavity), "-o", str(out), "--param", "U=0.5,3", "--param", "nu=0.01,0.02",
                        "--change", "lid velocity {U} m/s", "--set", "constant/transportProperties:nu={nu}",
                        "--parallel", "2"], cli_env)
    assert code == 0, r
    assert (r["summary"]["completed"], r["summary"]["failed"]) == (4, 0) and r["executor"] == "threads"
    by_name = {v["name"]: v for v in r["variants"]}
    assert sorted(by_name) == ["U-0.5_nu-0.01", "U-0.5_nu-0.02", "U-3_nu-0.01", "U-3_nu-0.02"]
    for name, v in by_name.items():
        case = out / name
        assert v["score"] == 4, v  # reached endTime with the requested (swept) values in the files
        assert v["time_reached"] == pytest.approx(0.1)
        assert f"uniform ({v['params']['U']} 0 0)" in (case / "0/U").read_text()
        assert f"nu              {v['params']['nu']};" in (case / "constant/transportProperties").read_text()
        assert (case / "0.1/U").is_file()
    # six times the lid speed: the change keeps icoFoam's fixed time step below Courant 1 (a smaller deltaT,
    # stated as an assumption), so no variant runs above it
    slow, fast = by_name["U-0.5_nu-0.01"]["courant_max"], by_name["U-3_nu-0.01"]["courant_max"]
    delta_t = {n: float(re.search(r"^deltaT\s+([^;]+);", (out / n / "system/controlDict").read_text(), re.M)[1])
               for n in ("U-0.5_nu-0.01", "U-3_nu-0.01")}
    assert fast < 1 and slow < 1 and delta_t["U-3_nu-0.01"] < delta_t["U-0.5_nu-0.01"]
    assert not any(w.startswith("Courant number max") for v in by_name.values() for w in v["warnings"])
    summary = json.loads((out / "sweep.json").read_text())
    assert len(summary["variants"]) == 4 and "| U-3_nu-0.02 | 3 | 0.02 | completed |" in (out / "sweep.md").read_text()
    assert _files(cavity) == before  # the base case is not touched


def test_a_failing_variant_is_reported_and_the_others_still_run(cavity: Path, tmp_path: Path,
                                                                cli_env: dict[str, str], prefect_server: str,
                                                                need_docker: None) -> None:
    out = tmp_path / "sweep"
    code, r = cli_json(["sweep", str(cavity), "-o", str(out), "--param", "s=linear,nosuchscheme",
                        "--set", "system/fvSchemes:divSchemes/div(phi,U)=Gauss {s}"], cli_env)
    assert code == 1, r
    by_name = {v["name"]: v for v in r["variants"]}
    assert by_name["s-linear"]["status"] == "completed"
    failed = by_name["s-nosuchscheme"]
    # OpenFOAM looks div schemes up when it first uses them: the solver starts, then stops
    assert failed["status"] == "failed" and failed["score"] == 2 and "nosuchscheme" in failed["reason"], failed


def test_a_non_empty_out_folder_is_refused_before_anything_runs(cavity: Path, tmp_path: Path,
                                                                 cli_env: dict[str, str]) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    code, r = cli_json(["sweep", str(cavity), "-o", str(out), "--param", "U=1,2", "--change", "lid velocity {U} m/s"],
                       cli_env)
    assert code == 2 and "not an empty folder" in r["error"]
    assert [p.name for p in out.iterdir()] == ["notes.txt"]


def test_a_dry_run_plans_a_thousand_variants_and_a_resume_runs_only_the_missing(
        cavity: Path, tmp_path: Path, cli_env: dict[str, str], prefect_server: str, need_docker: None) -> None:
    out = tmp_path / "plan"
    ten = ",".join(str(i) for i in range(1, 11))
    code, r = cli_json(["sweep", str(cavity), "-o", str(out), "--param", f"U={ten}", "--param", f"a={ten}",
                        "--param", f"b={ten}", "--change", "lid velocity {U} m/s",
                        "--set", "constant/transportProperties:nu=0.0{a}{b}", "--dry-run"], cli_env)
    assert code == 0, r
    # how fast a dry run plans is the sweep benchmark's number, not a test's (a timed assertion measures the machine)
    assert r["dry_run"] and r["summary"]["n"] == 1000 and r["summary"]["wall_s"] >= 0
    assert {v["status"] for v in r["variants"]} == {"planned"}
    assert [p.name for p in out.iterdir()] == ["sweep-plan.json"]  # nothing written but the plan
    plan = json.loads((out / "sweep-plan.json").read_text())
    assert len(plan["variants"]) == 1000 and plan["variants"][-1]["name"] == "U-10_a-10_b-10"

    # a small grid: plan it, run it, lose one result, resume
    out = tmp_path / "small"
    args = ["sweep", str(cavity), "-o", str(out), "--param", "U=1,2", "--change", "lid velocity {U} m/s"]
    assert cli_json([*args, "--dry-run"], cli_env)[0] == 0
    code, first = cli_json(args, cli_env)  # the folder holds only the plan: it runs
    assert code == 0 and first["summary"]["completed"] == 2, first
    kept = (out / "U-1" / "variant.json").read_text()
    (out / "U-2" / "variant.json").unlink()
    code, r = cli_json(args, cli_env)
    assert code == 2 and "--resume" in r["error"]
    code, r = cli_json([*args, "--resume"], cli_env)
    assert code == 0 and r["summary"]["completed"] == 2, r
    assert (out / "U-1" / "variant.json").read_text() == kept  # not run again
    assert (out / "U-2" / "variant.json").is_file() and (out / "U-2" / "0.1/U").is_file()
    assert "U-1,1,completed,4" in (out / "sweep.csv").read_text()
