"""Flows: the executability benchmark (`casewright bench exec`) and validation against
published data (`casewright bench validate`)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from prefect import flow
from pydantic import BaseModel, ConfigDict

from flows.case import execute_case, request_to_case
from flows.modify import modify_case
from flows.steps import run_step
from tasks.bench.execution import BenchCase, CheckResult, evaluate, load_set
from tasks.bench.validate import (
    Comparison,
    build_case,
    compare,
    failed_comparisons,
    post_steps,
    validation_cases,
)
from tasks.core.config import Settings, get_settings
from tasks.core.errors import CasewrightError
from tasks.core.progress import counted
from tasks.edit.sweep import copy_base
from tasks.plan.manifest import CaseRequest
from tasks.run.acceptance import read_verdict
from tasks.run.runner import select_runner


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
    verdict: str | None = None
    verdict_reasons: list[str] = []


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
            copy_base(base, out)
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
    verdict, reasons = read_verdict(out)
    return BenchResult(case_id=case.case_id, category=case.case_id[0], score=score, reason=reason, status=status,
                       seconds=round(time.monotonic() - started, 1), checks=checks, case_dir=str(out),
                       assumptions=assumptions, shortened=shortened, verdict=verdict, verdict_reasons=reasons)


@flow(name="bench-exec", persist_result=False)
def bench_exec(set_name: str, out_root: Path, categories: list[str] | None = None, backend: str | None = None,
               settings: Settings | None = None, progress=None) -> list[BenchResult]:
    """Run the benchmark cases in order (A before the B/C/D cases built on them)."""
    settings = settings or get_settings()
    out_root.mkdir(parents=True, exist_ok=True)
    cases = load_set(set_name, categories)
    results = []
    for case in counted(cases, f"bench {set_name}: cases"):
        result = run_one(case, out_root, settings, backend)
        results.append(result)
        if progress:
            progress(result)
    return results


@flow(name="bench-validate", persist_result=False)
def bench_validate(out_root: Path, only: list[str] | None = None, backend: str | None = None,
                   settings: Settings | None = None, progress=None) -> list[Comparison]:
    """Each validation case: plan it with `new` (or build it from tutorial dictionaries), run
    it, write the cell centres, compare with the published or analytic reference, plot."""
    settings = settings or get_settings()
    out_root.mkdir(parents=True, exist_ok=True)
    rows: list[Comparison] = []
    for case in counted(validation_cases(only), "bench validate: cases"):
        out = out_root / case.id
        if out.exists():
            shutil.rmtree(out)
        if case.request is not None:
            result = request_to_case(CaseRequest(text=case.request, out_dir=out, backend=backend), settings=settings)
            report = result.run
        else:
            build_case(case, out, settings.tutorials_dir)
            report = execute_case(out, backend, settings)
        if report is None or report.status != "completed":
            found = failed_comparisons(case, out, f"the run did not complete ({report.status if report else 'not run'})")
        else:
            post = post_process(out, report.application, backend, settings)
            found = (compare(case, out, out_root / "plots") if post
                     else failed_comparisons(case, out, "writeCellCentres failed; see log.writeCellCentres"))
        verdict = report.acceptance.verdict if report is not None and report.acceptance else None
        found = [c.model_copy(update={"verdict": verdict}) for c in found]
        rows += found
        if progress:
            for c in found:
                progress(c)
    return rows


def post_process(case_dir: Path, application: str, backend: str | None, settings: Settings) -> bool:
    """The post-processing steps a comparison reads (cell centres); False when one fails."""
    runner, _ = select_runner(backend or settings.runner_backend, settings.image, settings.docker_memory,
                              settings.docker_cpus, settings.openfoam_dir)
    step_task = run_step.with_options(retries=settings.infra_retries)
    return all(step_task(runner, case_dir, step, settings.step_timeout_s).status == "ok"
               for step in post_steps(application))
