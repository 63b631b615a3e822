"""Flows over one case: run an existing case (`run-case`) and a request to a case (`new`)."""

from __future__ import annotations

import time
from pathlib import Path

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows.steps import run_step
from tasks.core.config import Settings, get_settings
from tasks.edit.generate import (
    CaseResult,
    ReviewSummary,
    RouteSummary,
    check_written_case,
    plan_request,
    result_markdown,
    review_summary,
    route_request,
    score_case,
    write_planned_case,
)
from tasks.foam.casedir import check_and_read
from tasks.plan.manifest import CaseRequest
from tasks.run.report import RunReport, build_report, report_markdown, write_report
from tasks.run.runner import select_runner
from tasks.run.steps import plan_steps, restore_initial_fields
from tasks.run.yplus import is_ras, with_wall_yplus, yplus_step


@task(name="publish-report", persist_result=False, cache_policy=NO_CACHE)
def publish_report(report: RunReport) -> None:
    key = "run-" + "".join(c if c.isalnum() else "-" for c in Path(report.case_dir).name.lower())[:40]
    create_markdown_artifact(markdown=report_markdown(report), key=key.strip("-") or "run", description=report.case_dir)


def execute_case(case_dir: Path, backend: str | None, settings: Settings) -> RunReport:
    """Mesh, fields, solver as retried tasks of the calling flow; stop at the first failed step."""
    started = time.monotonic()
    info = check_and_read(Path(case_dir))
    runner, choice = select_runner(
        backend or settings.runner_backend, settings.image, settings.docker_memory,
        settings.docker_cpus, settings.openfoam_dir,
    )
    restored = restore_initial_fields(info)
    step_task = run_step.with_options(retries=settings.infra_retries)
    results = []
    for step in plan_steps(info):
        result = step_task(runner, info.case_dir, step, settings.step_timeout_s)
        results.append(result)
        if result.status != "ok":
            break
    report = build_report(info, results, choice.backend, choice.reason, restored, time.monotonic() - started)
    if report.status == "completed" and is_ras(info.case_dir):
        check = step_task(runner, info.case_dir, yplus_step(info.application), settings.step_timeout_s)
        report = with_wall_yplus(report, info.case_dir, check)
    write_report(report, info.case_dir)
    publish_report(report)
    return report


@flow(name="run-case", flow_run_name="run-case {case_dir}", persist_result=False)
def run_case(case_dir: Path, backend: str | None = None, settings: Settings | None = None) -> RunReport:
    """Run the case as it is: mesh, fields, solver; stop at the first failed step."""
    return execute_case(case_dir, backend, settings or get_settings())


@task(name="route-request", persist_result=False, cache_policy=NO_CACHE)
def route(request: CaseRequest) -> RouteSummary:
    return route_request(request.text)


@task(name="plan-case", persist_result=False, cache_policy=NO_CACHE)
def plan_case(request: CaseRequest, settings: Settings, routed: RouteSummary):
    return plan_request(request, settings, routed)


@task(name="write-case", persist_result=False, cache_policy=NO_CACHE)
def write_case(request: CaseRequest, manifest, settings: Settings):
    return write_planned_case(request, manifest, settings)


@task(name="check-case", persist_result=False, cache_policy=NO_CACHE)
def check_case(written, manifest):
    return check_written_case(written, manifest)


@task(name="score-case", persist_result=False, cache_policy=NO_CACHE)
def score_and_report(request: CaseRequest, manifest, written, problems, report: RunReport | None,
                     routed: RouteSummary | None = None, review: ReviewSummary | None = None) -> CaseResult:
    result = score_case(request, manifest, written, problems, report, routed, review)
    key = "case-" + "".join(c if c.isalnum() else "-" for c in written.case_dir.name.lower())[:40]
    create_markdown_artifact(markdown=result_markdown(result), key=key.strip("-") or "case",
                             description=str(written.case_dir))
    return result


@flow(name="request-to-case", flow_run_name="new {request.out_dir}", persist_result=False)
def request_to_case(request: CaseRequest, settings: Settings | None = None) -> CaseResult:
    """request -> route -> plan -> write -> check -> run -> review a failed run -> score."""
    settings = settings or get_settings()
    routed = route(request)
    manifest = plan_case(request, settings, routed)
    written = write_case(request, manifest, settings)
    problems = check_case(written, manifest)
    report = execute_case(written.case_dir, request.backend, settings) if request.run else None
    review = None
    if report is not None and report.status != "completed" and request.review:
        from flows.review import review_case

        reviewed = review_case(written.case_dir, max_cycles=settings.reviewer_max_cycles, backend=request.backend,
                               settings=settings, initial=report)
        report, review = reviewed.final, review_summary(reviewed)
    return score_and_report(request, manifest, written, problems, report, routed, review)
