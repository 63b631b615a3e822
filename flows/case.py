"""Flows over one case: run an existing case (`run-case`) and a request to a case (`new`).

The run itself is flows/case_pipeline.execute_case, here with its steps as Prefect tasks
(TRACKED_STEPS); `casewright run-case` calls the pipeline directly when no Prefect server is
running or configured.
"""

from __future__ import annotations

import base64
import io
import os
from pathlib import Path

from prefect import flow, task
from prefect.artifacts import create_markdown_artifact
from prefect.cache_policies import NO_CACHE
from prefect.logging import get_run_logger

from flows import case_pipeline as pipeline
from flows.case_pipeline import RunSteps
from flows.steps import run_step
from tasks.core.config import Settings, get_settings
from tasks.edit.caseops import add_monitors, residuals_stated, tighten_residual_control
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
from tasks.plan.manifest import CaseRequest
from tasks.run.parallel import Decomposition, choose_ranks, requested_ranks
from tasks.run.report import RunReport, report_markdown, write_report
from tasks.run.runner import Runner, Step, StepResult
from tasks.run.smoke import restore, shorten

TASK = {"persist_result": False, "cache_policy": NO_CACHE}
PLOT_MAX_BYTES = 48_000  # the residual plot as embedded in an artifact (the PNG file keeps its size)


def png_data_uri(png: Path, max_bytes: int = PLOT_MAX_BYTES) -> str:
    """The PNG as a `data:` URI for a markdown artifact, so the dashboard shows it offline.

    A residual plot has a few flat colours: a 64-colour palette keeps it sharp at about a
    quarter of the size; it is halved in width and height until it fits max_bytes.
    """
    from PIL import Image

    with Image.open(png) as img:
        img = img.convert("RGB")
    while True:
        buf = io.BytesIO()
        img.quantize(colors=64).save(buf, format="PNG", optimize=True)
        if buf.tell() <= max_bytes or min(img.size) < 100:
            return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
        img = img.resize((img.width // 2, img.height // 2), Image.Resampling.LANCZOS)


def plot_markdown(png: Path, alt: str) -> str:
    """A markdown image of the plot, or a line saying why it is missing (never raises)."""
    try:
        return f"![{alt}]({png_data_uri(png)})\n"
    except OSError as exc:
        get_run_logger().warning("residual plot %s not embedded in the artifact: %s", png, exc)
        return f"(residual plot {png} could not be read: {exc})\n"


@task(name="publish-report", **TASK)
def publish_report(report: RunReport) -> None:
    key = "run-" + "".join(c if c.isalnum() else "-" for c in Path(report.case_dir).name.lower())[:40]
    key = key.strip("-") or "run"
    create_markdown_artifact(markdown=report_markdown(report), key=key, description=report.case_dir)
    get_run_logger().info("report artifact %r for %s", key, report.case_dir)


@task(name="write-decomposition", **TASK)
def write_decomposition(case_dir: Path, np: int) -> Decomposition:
    """system/decomposeParDict for np ranks, once the mesh exists (its extents choose the split)."""
    return pipeline.write_decomposition(case_dir, np, get_run_logger())


@task(name="judge-run", **TASK)
def judge_run(report: RunReport, case_dir: Path) -> RunReport:
    """The acceptance verdict (accept / warn / reject) of a run, with its checks."""
    return pipeline.judge_run(report, case_dir, get_run_logger())


def _run_step_task(runner: Runner, case_dir: Path, step: Step, settings: Settings) -> StepResult:
    """The step as the retried `run-openfoam-step` task (retried on infrastructure faults only)."""
    return run_step.with_options(retries=settings.infra_retries)(runner, case_dir, step, settings.step_timeout_s)


TRACKED_STEPS = RunSteps(_run_step_task, write_decomposition, judge_run, publish_report)


def execute_case(case_dir: Path, backend: str | None, settings: Settings, np: int | None = None) -> RunReport:
    """Mesh, fields, solver as retried tasks of the calling flow; stop at the first failed step.
    np > 1 runs the solver on np MPI ranks (np None: as the case was last run). The report is
    published as a dashboard artifact."""
    return pipeline.execute_case(case_dir, backend, settings, np, steps=TRACKED_STEPS, log=get_run_logger())


@task(name="add-run-monitors", **TASK)
def add_run_monitors(case_dir: Path, solver: str, residuals_stated: bool) -> list[str]:
    """Flow-rate and monitored-quantity function objects for the acceptance checks; a steady
    case's residualControl tightened to the canonical values unless the request states its own."""
    changed = add_monitors(case_dir, solver)
    if not residuals_stated:
        changed += tighten_residual_control(case_dir)
    get_run_logger().info("acceptance monitors: %s", ", ".join(dict.fromkeys(changed)) or "none needed")
    return changed


@flow(name="run-case", flow_run_name="run-case {case_dir}", persist_result=False)
def run_case(case_dir: Path, backend: str | None = None, settings: Settings | None = None,
             np: int | None = None) -> RunReport:
    """Run the case as it is: mesh, fields, solver (on np MPI ranks); stop at the first failed step."""
    return execute_case(case_dir, backend, settings or get_settings(), np)


@task(name="route-request", **TASK)
def route(request: CaseRequest) -> RouteSummary:
    routed = route_request(request.text)
    get_run_logger().info("routed: %s mode, categories %s, %d canonical notes pinned", routed.mode,
                          ", ".join(routed.categories) or "-", len(routed.pinned))
    return routed


@task(name="plan-case", **TASK)
def plan_case(request: CaseRequest, settings: Settings, routed: RouteSummary):
    manifest = plan_request(request, settings, routed)
    get_run_logger().info("planned (%s planner): %s, recipe %s, base %s, %d assumptions", manifest.planner,
                          manifest.solver, manifest.recipe, manifest.base_tutorial, len(manifest.assumptions))
    return manifest


@task(name="write-case", **TASK)
def write_case(request: CaseRequest, manifest, settings: Settings):
    written = write_planned_case(request, manifest, settings)
    get_run_logger().info("wrote %d files into %s", len(written.files), written.case_dir)
    return written


@task(name="check-case", **TASK)
def check_case(written, manifest):
    problems = check_written_case(written, manifest)
    get_run_logger().info("pre-run checks: %d problem(s)%s", len(problems),
                          "".join(f"; {p.severity} in {p.file}" for p in problems[:5]))
    return problems


@task(name="choose-ranks", **TASK)
def choose_run_ranks(request: CaseRequest, manifest, np: int | None) -> tuple[int, list[str]]:
    """The MPI ranks of the run: --np, else what the request asks for ("on 2 cores", "np 4",
    "with 4 processes"), else 1; warnings for an overridden request or more ranks than cores."""
    from tasks.plan.extract import quantities

    stated = [q.value for q in manifest.stated if q.quantity == "ranks"] or \
        [q.value for q in quantities(request.text) if q.kind == "ranks"]
    asked = requested_ranks(request.text, stated)
    ranks, notes = choose_ranks(np, asked, os.cpu_count())
    get_run_logger().info("MPI ranks: %d (%s)%s", ranks, "--np" if np is not None else
                          "the request" if asked else "serial", "".join(f"; {n}" for n in notes))
    for note in notes:
        get_run_logger().warning("%s", note)
    return ranks, notes


@task(name="score-case", **TASK)
def score_and_report(request: CaseRequest, manifest, written, problems, report: RunReport | None,
                     routed: RouteSummary | None = None, review: ReviewSummary | None = None,
                     notes: list[str] | None = None) -> CaseResult:
    result = score_case(request, manifest, written, problems, report, routed, review)
    if notes:
        result = result.model_copy(update={"warnings": [*result.warnings, *notes]})
    markdown = result_markdown(result)
    if result.residual_plot:
        markdown += "\n" + plot_markdown(Path(result.residual_plot), f"initial residuals of {result.solver}")
    key = "case-" + "".join(c if c.isalnum() else "-" for c in written.case_dir.name.lower())[:40]
    key = key.strip("-") or "case"
    create_markdown_artifact(markdown=markdown, key=key, description=str(written.case_dir))
    get_run_logger().info("%s: %s, score %s (%s); artifact %r", written.case_dir, result.status, result.score,
                          result.score_reason, key)
    return result


def run_planned_case(case_dir: Path, request: CaseRequest, settings: Settings, np: int | None) -> RunReport:
    return run_shortened(case_dir, request.backend, settings, np, request.smoke)


def run_shortened(case_dir: Path, backend: str | None, settings: Settings, np: int | None,
                  smoke: int | None) -> RunReport:
    """execute_case, cut to `smoke` steps when asked (the files keep the planned endTime)."""
    shortened = shorten(case_dir, smoke) if smoke else None
    try:
        report = execute_case(case_dir, backend, settings, np)
    finally:
        if shortened:
            restore(case_dir, shortened[0])
    if shortened:
        report.shortened = shortened[1]
        write_report(report, case_dir)
        get_run_logger().info("%s", shortened[1])
    return report


@flow(name="request-to-case", flow_run_name="new {request.out_dir}", persist_result=False)
def request_to_case(request: CaseRequest, settings: Settings | None = None, np: int | None = None) -> CaseResult:
    """request -> route -> plan -> write -> check -> run (on the ranks asked for) -> review a
    failed run -> score. np: --np, which wins over ranks the request states ("on 2 cores")."""
    settings = settings or get_settings()
    routed = route(request)
    manifest = plan_case(request, settings, routed)
    ranks, rank_notes = choose_run_ranks(request, manifest, np)
    written = write_case(request, manifest, settings)
    problems = check_case(written, manifest)
    add_run_monitors(written.case_dir, manifest.solver, residuals_stated(request, manifest))
    report = run_planned_case(written.case_dir, request, settings, ranks) if request.run else None
    review = None
    if report is not None and report.status != "completed" and request.review:
        from flows.review import review_case

        reviewed = review_case(written.case_dir, max_cycles=settings.reviewer_max_cycles, backend=request.backend,
                               settings=settings, initial=report)
        report, review = reviewed.final, review_summary(reviewed)
        if report.acceptance is None:
            report = judge_run(report, written.case_dir)
            write_report(report, written.case_dir)
    return score_and_report(request, manifest, written, problems, report, routed, review, rank_notes)
