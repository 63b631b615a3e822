"""The fault-injection suite: every fault applies to its tutorial, is documented, names a
rule of the catalogue, and records its locked values; scoring is checked on a fake review."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tasks.bench.faults import (
    BASES,
    FAULTS,
    SUITE1,
    PROBES_DIR,
    fault_result,
    locked_values,
    prepare_fault,
    select_faults,
    summarize,
)
from tasks.core.errors import UsageError
from tasks.foam import dictionary as fd
from tasks.foam.locked import check_locked, load_locked
from tasks.review.models import CycleRecord, Problem
from tasks.review.rules import RULES_BY_NAME
from tasks.review.session import ReviewReport
from tasks.run.report import RunReport

TUTORIALS = Path(os.environ.get("CASEWRIGHT_TUTORIALS_DIR", "/usr/share/doc/openfoam-examples/examples"))
README = Path(__file__).resolve().parents[2] / "benchmarks" / "faults" / "README.md"
# faults that break a locked entry on purpose (the repair must restore it)
BREAKS_A_LOCK = {"cavity_misspelled_endTime"}


def test_suite_size_and_ids() -> None:
    ids = [f.id for f in FAULTS]
    assert len(ids) == len(set(ids))
    assert len(FAULTS) >= 30
    assert {f.base for f in FAULTS} <= set(BASES)
    assert sum(1 for f in FAULTS if f.id.startswith(("P1", "P2", "P3", "P4"))) == 4


@pytest.mark.parametrize("fault", SUITE1, ids=[f.id for f in SUITE1])
def test_fault_names_a_catalogue_rule_and_is_documented(fault) -> None:
    assert fault.expected_rule in RULES_BY_NAME
    assert f"`{fault.id}`" in README.read_text(), f"{fault.id} is not in benchmarks/faults/README.md"
    assert locked_values(fault), "every fault records at least one value the user asked for"


def test_unknown_fault_id_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="unknown fault id"):
        select_faults(["no_such_fault"])


@pytest.mark.parametrize("fault", SUITE1, ids=[f.id for f in SUITE1])
def test_fault_applies_to_its_tutorial(fault, tmp_path: Path) -> None:
    source = BASES[fault.base].source
    if not source.startswith("probe:") and not (TUTORIALS / source).is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {TUTORIALS}")
    if source.startswith("probe:") and not PROBES_DIR.is_dir():
        pytest.skip("IteraSim probes not present")
    case = prepare_fault(fault, tmp_path, TUTORIALS)
    assert (case / "system/controlDict").is_file()
    assert load_locked(case) == locked_values(fault)
    checks = check_locked(case)
    if fault.id not in BREAKS_A_LOCK:
        assert all(c.ok for c in checks), [c for c in checks if not c.ok]
    else:
        assert not all(c.ok for c in checks)
    for rel in fault.edits:
        path = case / rel
        assert not path.exists() or path.read_text() != "", rel
    # every dictionary the fault wrote still parses, except deliberate syntax faults
    if fault.expected_rule not in ("fix_block_syntax", "fix_vector_arity"):
        for rel in fault.edits:
            if (case / rel).is_file():
                assert fd.parse_error((case / rel).read_text()) is None, rel


def _review(case: Path, rules: list[str], final_status: str) -> ReviewReport:
    problem = Problem(kind="missing_keyword", step="icoFoam", message="Entry 'nu' not found", keyword="nu")
    run = RunReport(case_dir=str(case), application="icoFoam", status="completed" if final_status == "completed" else "failed",
                    reached_end_time=final_status == "completed", backend="native", backend_reason="test", steps=[],
                    start_time=0, end_time=0.5, time_reached=0.5, fatal=None)
    cycles = [CycleRecord(cycle=i + 1, problem=problem, rule=r, description="d", files_changed=[], diff="",
                          rerun=[], outcome="completed") for i, r in enumerate(rules)]
    return ReviewReport(case_dir=str(case), backend="native", initial_status="failed", initial_problem=problem,
                        cycles=cycles, final_status=final_status, final_problem=None if final_status == "completed" else problem,  # type: ignore[arg-type]
                        final=run, repaired=final_status == "completed", stopped="repaired", locked_intact=True,
                        backup_dir=None, history_dir=str(case / ".casewright/history"))


def test_scoring(tmp_path: Path) -> None:
    fault = select_faults(["cavity_missing_nu"])[0]
    case = tmp_path / "c"
    (case / "system").mkdir(parents=True)
    (case / "system/controlDict").write_text("endTime 0.5;\n")
    (case / "0").mkdir()
    (case / "0/U").write_text("boundaryField { movingWall { type fixedValue; value uniform (1 0 0); } }\n")
    from tasks.foam.locked import save_locked

    save_locked(case, locked_values(fault))
    good = fault_result(fault, case, _review(case, ["add_canonical_keyword"], "completed"), 1.0)
    assert good.repaired and good.params_intact and good.expected_rule_used and good.cycles == 1
    (case / "system/controlDict").write_text("endTime 2;\n")
    bad = fault_result(fault, case, _review(case, [], "failed"), 1.0)
    assert not bad.repaired and not bad.params_intact and "locked value changed" in bad.reason
    totals = summarize([good, bad], "native", 2.0).totals
    assert (totals.faults, totals.repaired, totals.repaired_pct, totals.params_changed) == (2, 1, 50.0, 1)
