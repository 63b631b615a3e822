"""Flow: the executability benchmark (`casewright bench exec`)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from prefect import flow
from pydantic import BaseModel, ConfigDict

from flows.case import request_to_case
from flows.modify import modify_case
from tasks.bench.execution import BenchCase, CheckResult, evaluate, load_set
from tasks.core.config import Settings, get_settings
from tasks.core.errors import CasewrightError
from tasks.plan.manifest import CaseRequest


class BenchResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_id: str
    category: str
    score: int
    reason: str
    status: str
    seconds: float
    checks: list[CheckResult]
    case_dir: str
    assumptions: list[str] = []
    shortened: str | None = None


def _score(rubric_score: int | None, rubric_reason: str, checks: list[CheckResult]) -> tuple[int, str]:
    if rubric_score is None:
        return 0, rubric_reason
    if rubric_score < 3:
        return rubric_score, rubric_reason
    failed = [c.why for c in checks if not c.ok]
    if failed:
        return 3, f"reached endTime; parameter checks failed: {'; '.join(failed)}"
    return 4, f"{rubric_reason.split(';')[0]}; all {len(checks)} parameter checks pass"


def run_one(case: BenchCase, out_root: Path, settings: Settings, backend: str | None) -> BenchResult:
    out = out_root / case.case_id
    if out.exists():
        shutil.rmtree(out)
    started = time.monotonic()
    try:
        if case.kind == "modify":
            base = out_root / (case.base or "")
            if not base.is_dir():
                raise CasewrightError(f"base case {case.base} was not generated (run its A case first)")
            shutil.copytree(base, out, ignore=shutil.ignore_patterns(
                "[1-9]*", "0.[0-9]*", "log.*", "processor*", "postProcessing", "report.json", "residuals.png"))
            res = modify_case(out, case.query, backend=backend, settings=settings)
            rscore, rreason, status, assumptions, shortened = res.score, res.score_reason, res.status, res.assumptions, None
        else:
            example = out_root / case.example if case.example else None
            res = request_to_case(CaseRequest(text=case.query, out_dir=out, example_dir=example, backend=backend),
                                  settings=settings)
            rscore, rreason, status, assumptions, shortened = res.score, res.score_reason, res.status, res.assumptions, res.shortened
    except CasewrightError as exc:
        return BenchResult(case_id=case.case_id, category=case.case_id[0], score=0, reason=f"refused: {exc}",
                           status="refused", seconds=round(time.monotonic() - started, 1), checks=[], case_dir=str(out))
    checks = [evaluate(out, c) for c in case.checks]
    score, reason = _score(rscore, rreason, checks)
    return BenchResult(case_id=case.case_id, category=case.case_id[0], score=score, reason=reason, status=status,
                       seconds=round(time.monotonic() - started, 1), checks=checks, case_dir=str(out),
                       assumptions=assumptions, shortened=shortened)


@flow(name="bench-exec", persist_result=False)
def bench_exec(set_name: str, out_root: Path, categories: list[str] | None = None, backend: str | None = None,
               settings: Settings | None = None, progress=None) -> list[BenchResult]:
    """Run the benchmark cases in order (A before the B/C/D cases built on them)."""
    settings = settings or get_settings()
    out_root.mkdir(parents=True, exist_ok=True)
    cases = load_set(set_name, categories)
    results = []
    for case in cases:
        result = run_one(case, out_root, settings, backend)
        results.append(result)
        if progress:
            progress(result)
    return results
