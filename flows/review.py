"""The Reviewer loop as Prefect flows: `review-case` (run, locate, patch, re-run what must
run again, up to N cycles) and `repair-bench` (the fault-injection suite)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Sequence

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE

from flows.steps import run_step
from tasks.bench.faults import (
    FaultResult,
    RepairBenchReport,
    fault_result,
    prepare_fault,
    select_faults,
    summarize,
    unprepared_result,
)
from tasks.core.config import Settings, get_settings
from tasks.core.errors import UsageError
from tasks.core.llm import LLMClient, make_llm_client
from tasks.foam.casedir import CaseInfo
from tasks.foam.commands import FILE_EDIT, RESTORE_FIELDS
from tasks.foam.coupled_steps import clear_fields_before_restore
from tasks.review.locate import MESH_STEPS
from tasks.review.models import Patch
from tasks.review.report import review_markdown
from tasks.review.rules import CATALOGUE
from tasks.review.run import (
    clean_stale_times,
    is_mesh_only,
    merge_results,
    plan_review_steps,
    preflight_problem,
    read_review_case,
    report_for,
    same_steps,
)
from tasks.review.session import REPAIRS, ReviewReport, ReviewSession, rerun_start
from tasks.run.parallel import nothing_to_reconstruct
from tasks.run.report import RunReport, write_report
from tasks.run.runner import Runner, Step, StepResult, backend_of, select_runner
from tasks.run.steps import restore_initial_fields, run_file_edit


def run_steps(runner: Runner, info: CaseInfo, steps: Sequence[Step], settings: Settings) -> tuple[list[StepResult], list[str]]:
    """Restore .orig fields, then run the steps (each a retried Prefect task) until one fails."""
    at_marker = any(s.command == RESTORE_FIELDS for s in steps)  # where the tutorial's script restores them
    restored = restore_initial_fields(info) if not at_marker and any(s.command not in MESH_STEPS for s in steps) \
        else []
    clear_fields_before_restore(info.case_dir, [s.command for s in steps])  # the mesh steps see no 0/, as in the tutorial
    step_task = run_step.with_options(retries=settings.infra_retries)
    results: list[StepResult] = []
    for step in steps:
        if step.command == RESTORE_FIELDS:
            restored += restore_initial_fields(info)
            continue
        if step.command == "reconstructPar" and nothing_to_reconstruct(info.case_dir):
            continue  # the run wrote no time after the start: nothing to gather
        if step.command == FILE_EDIT:
            result = run_file_edit(info.case_dir, step, backend_of(runner))
        else:
            result = step_task(runner, info.case_dir, step, settings.step_timeout_s)
        results.append(result)
        if result.status != "ok":
            break
    return results, restored


@task(name="apply-patch", task_run_name="apply {patch.rule}", persist_result=False, cache_policy=NO_CACHE)
def apply_patch(session: ReviewSession, patch: Patch) -> list[str]:
    return session.apply(patch)


@task(name="publish-review", persist_result=False, cache_policy=NO_CACHE)
def publish_review(review: ReviewReport) -> None:
    key = "review-" + "".join(c if c.isalnum() else "-" for c in Path(review.case_dir).name.lower())[:40]
    create_markdown_artifact(markdown=review_markdown(review), key=key.strip("-") or "review",
                             description=review.case_dir)


def preflight(session: ReviewSession) -> CaseInfo:
    """Read the case; a controlDict that does not parse or names another release's solver is
    repaired (syntax, dialect) before anything runs."""
    while True:
        try:
            return read_review_case(session.case_dir)
        except UsageError as exc:
            problem = preflight_problem(session.case_dir, exc)
            if problem is None or session.observe_static(problem) is None:
                raise
            patch = session.propose(problem)
            if patch is None:
                raise UsageError(f"{exc} ({session.stopped})") from exc
            apply_patch(session, patch)


@flow(name="review-case", flow_run_name="review-case {case_dir}", persist_result=False)
def review_case(
    case_dir: Path,
    max_cycles: int | None = None,
    backend: str | None = None,
    settings: Settings | None = None,
    llm: Any = None,
    use_llm: bool = True,
    rules: Any = None,
    initial: RunReport | None = None,
) -> ReviewReport:
    """Run the case, then locate -> patch -> re-run until it completes or the Reviewer stops.

    `llm` injects an LLMClient (default: the configured endpoint, if any; none with
    `use_llm=False`); `rules` replaces the patch catalogue (tests, experiments). `initial` is
    the report of a run the caller has just made of this case (modify, sweep): when its steps
    are the Reviewer's plan, the case is not run again before the first diagnosis."""
    settings = settings or get_settings()
    started = time.monotonic()
    runner, choice = select_runner(backend or settings.runner_backend, settings.image, settings.docker_memory,
                                   settings.docker_cpus, settings.openfoam_dir)
    client: LLMClient | None = (llm if llm is not None else make_llm_client(settings)) if use_llm else None
    cycles = settings.reviewer_max_cycles if max_cycles is None else max_cycles
    if rules is None:
        rules = REPAIRS if settings.reviewer_strategies else CATALOGUE
    session = ReviewSession(Path(case_dir), cycles, client, rules)
    info = preflight(session)
    plan = plan_review_steps(info)
    if initial is not None and same_steps(plan, initial.steps):
        results, restored = list(initial.steps), list(initial.restored)
    else:
        results, restored = run_steps(runner, info, plan, settings)
    report = report_for(info, results, choice.backend, choice.reason, restored, time.monotonic() - started)
    while (problem := session.observe(report)) is not None:
        patch = session.propose(problem, session.read_logs(report).get(problem.step, ""))
        if patch is None:
            break
        files = apply_patch(session, patch)
        rerun = plan[rerun_start(plan, files, problem.step, is_mesh_only(info)):]
        session.set_rerun(rerun)
        clean_stale_times(info)
        info = read_review_case(info.case_dir)
        latest, restored = run_steps(runner, info, rerun, settings)
        results = merge_results(plan, results, latest)
        report = report_for(info, results, choice.backend, choice.reason, restored, time.monotonic() - started)
    write_report(report, info.case_dir)
    review = session.result(report, choice.backend)
    publish_review(review)
    return review


@flow(name="repair-bench", persist_result=False)
def repair_bench(
    work_dir: Path,
    only: list[str] | None = None,
    backend: str | None = None,
    max_cycles: int = 10,
    settings: Settings | None = None,
) -> RepairBenchReport:
    """The fault-injection suite: each fault on a fresh tutorial copy, reviewed to the end."""
    settings = settings or get_settings()
    started = time.monotonic()
    results: list[FaultResult] = []
    used = backend or settings.runner_backend
    for fault in select_faults(only):
        try:
            case = prepare_fault(fault, Path(work_dir), settings.tutorials_dir)
        except UsageError as exc:
            results.append(unprepared_result(fault, Path(work_dir) / fault.id, str(exc)))
            continue
        t0 = time.monotonic()
        review = review_case.with_options(flow_run_name=f"fault {fault.id}")(
            case, max_cycles=max_cycles, backend=backend, settings=settings, use_llm=False)
        results.append(fault_result(fault, case, review, time.monotonic() - t0))
        used = review.backend
    return summarize(results, used, time.monotonic() - started)
