"""Flows over one case: run an existing case (`run-case`)."""

from __future__ import annotations

import time
from pathlib import Path

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows.steps import run_step
from tasks.casedir import check_and_read, plan_steps, restore_initial_fields
from tasks.config import Settings, get_settings
from tasks.report import RunReport, build_report, report_markdown, write_report
from tasks.runner import select_runner


@task(name="publish-report", persist_result=False, cache_policy=NO_CACHE)
def publish_report(report: RunReport) -> None:
    key = "run-" + "".join(c if c.isalnum() else "-" for c in Path(report.case_dir).name.lower())[:40]
    create_markdown_artifact(markdown=report_markdown(report), key=key.strip("-") or "run", description=report.case_dir)


@flow(name="run-case", flow_run_name="run-case {case_dir}", persist_result=False)
def run_case(case_dir: Path, backend: str | None = None, settings: Settings | None = None) -> RunReport:
    """Run the case as it is: mesh, fields, solver; stop at the first failed step."""
    settings = settings or get_settings()
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
    write_report(report, info.case_dir)
    publish_report(report)
    return report
