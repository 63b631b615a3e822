"""Flow: one base case x a parameter grid -> case variants, each run (and optionally repaired)
as a self-contained task, here on threads or on a Dask cluster.

plan + check every variant -> sweep-plan.json (--dry-run stops here) -> pack the base case ->
submit one run-variant task per variant without a result (base archive + edit list in,
result archive out) -> land each result in OUT/<name> as it comes -> sweep.json, sweep.csv,
sweep.md, plots and a table artifact in the Prefect dashboard.

Inside a variant the OpenFOAM steps are plain retried calls (flows/case_pipeline), not Prefect
tasks: a task run per step, and a report artifact per variant, cost each worker API round trips
and CPU beside the other variants' solvers; the variant's report.md and the sweep's table hold
what they showed. A Dask scheduler unpickles every variant it is sent, so it imports this
module with the first one: start it with `--preload flows.sweep`, as the workers.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from prefect import flow, task
from prefect.artifacts import create_table_artifact
from prefect.cache_policies import NO_CACHE
from prefect.futures import as_completed
from prefect.logging import get_run_logger
from prefect.task_runners import TaskRunner, ThreadPoolTaskRunner

from flows.case_pipeline import execute_case, import_in_background
from tasks.core.config import Settings, get_settings
from tasks.core.errors import InfrastructureError
from tasks.core.progress import report_progress
from tasks.edit.modify import ChangeResult, apply_changes, read_state
from tasks.edit.sweep import (
    SweepResult,
    SweepSpec,
    SweepSummary,
    VariantPlan,
    VariantResult,
    landed_results,
    plan_sweep,
    variant_result,
    write_plan,
    write_variants,
)
from tasks.edit.sweep_output import sweep_table, write_csv, write_plots
from tasks.edit.variant import (
    VariantJob,
    VariantOutcome,
    close_workspace,
    land,
    open_workspace,
    pack_base,
    pack_result,
    worker_name,
)
from tasks.foam.locked import check_locked
from tasks.run.qoi import quantities_of_interest
from tasks.run.report import markdown_table
from tasks.run.score import rubric

TASK = {"persist_result": False, "cache_policy": NO_CACHE}
OK_STATUSES = ("completed", "written", "planned")


@task(name="plan-sweep", **TASK)
def plan_variants(spec: SweepSpec) -> list[VariantPlan]:
    plans = plan_sweep(spec, read_state(spec.base_case))
    get_run_logger().info("sweep: %d variants planned and checked against %s", len(plans), spec.base_case)
    return plans


@task(name="write-sweep-plan", **TASK)
def write_sweep_plan(spec: SweepSpec, plans: list[VariantPlan]) -> Path:
    return write_plan(spec, plans)


@task(name="write-variants", **TASK)
def write_variant_cases(spec: SweepSpec, plans: list[VariantPlan]) -> dict[str, ChangeResult]:
    return write_variants(spec, plans)


@task(name="run-variant", task_run_name="run-variant {job.plan.name}", **TASK)
def run_variant(job: VariantJob, backend: str | None, settings: Settings) -> VariantOutcome:
    """Unpack the base, apply the edits, run (and repair), score; send back the results."""
    started = time.monotonic()
    case = open_workspace(job)
    try:
        change = apply_changes(read_state(case), job.plan.plan)
        report = execute_case(case, backend, settings, job.np, log=get_run_logger())
        reviewed = False
        if report.status != "completed" and job.review:
            from flows.review import review_case

            review = review_case(case, max_cycles=settings.reviewer_max_cycles, backend=backend, settings=settings,
                                 initial=report)
            report, reviewed = review.final or report, True
        score = rubric(report, check_locked(case))
        result = variant_result(job.plan, case, change, report, score.score, score.reason, reviewed)
        result = result.model_copy(update={"worker": worker_name(), "qoi": quantities_of_interest(case, report),
                                           "seconds": round(time.monotonic() - started, 2)})
        return VariantOutcome(result=result, archive=pack_result(case), work_case=str(case))
    finally:
        close_workspace(case)


@task(name="summarise-sweep", **TASK)
def summarise(spec: SweepSpec, results: list[VariantResult], seconds: float, plan_path: Path | None) -> SweepResult:
    ran = [r.seconds for r in results if r.seconds is not None]
    summary = SweepSummary(n=len(results), completed=sum(r.status == "completed" for r in results),
                           failed=sum(r.status not in OK_STATUSES for r in results), wall_s=round(seconds, 2),
                           speedup_vs_serial_estimate=round(sum(ran) / seconds, 2) if ran and seconds > 0 else None)
    result = SweepResult(base_case=str(spec.base_case), out_dir=str(spec.out_dir), params=spec.params,
                         executor=spec.executor, address=spec.address, dry_run=spec.dry_run, variants=results,
                         summary=summary, plan_file=str(plan_path) if plan_path else None)
    if not spec.dry_run:
        result.csv_file = str(write_csv(result, spec.out_dir / "sweep.csv"))
        result.plots = [str(p) for p in write_plots(result, spec.out_dir / "plots")]
        rows = sweep_table(result)
        (spec.out_dir / "sweep.md").write_text(f"# Sweep of {spec.base_case}\n\n{markdown_table(rows)}")
        create_table_artifact(table=rows, key="sweep", description=f"sweep of {spec.base_case} into {spec.out_dir}")
        (spec.out_dir / "sweep.json").write_text(result.model_dump_json(indent=2) + "\n")
    return result


@contextmanager
def variant_runner(spec: SweepSpec) -> Iterator[TaskRunner]:
    """Threads here (`parallel` at a time), a LocalCluster with one single-threaded worker
    process per core, or the Dask scheduler at `address` (connected before anything is sent)."""
    if spec.executor == "threads":
        with ThreadPoolTaskRunner(max_workers=spec.parallel) as runner:
            yield runner
        return
    from prefect_dask import DaskTaskRunner

    if spec.executor == "dask":
        dask = DaskTaskRunner(address=spec.address, client_kwargs={"timeout": "30s"})
    else:
        dask = DaskTaskRunner(cluster_class="distributed.LocalCluster",
                              cluster_kwargs={"n_workers": os.cpu_count() or 1, "threads_per_worker": 1,
                                              "processes": True, "host": "127.0.0.1", "dashboard_address": None})
    with dask as runner:
        try:
            workers = len(runner.client.scheduler_info(n_workers=-1)["workers"])
        except OSError as exc:
            raise InfrastructureError(f"cannot reach the Dask scheduler at {spec.address}: {exc}; start it with "
                                      f"`dask scheduler --preload flows.sweep` and its workers with "
                                      f"`dask worker {spec.address} --preload flows.sweep`") from exc
        get_run_logger().info("sweep: Dask scheduler %s with %d workers", runner.client.scheduler.address, workers)
        yield runner


def run_variants(spec: SweepSpec, plans: list[VariantPlan], backend: str | None,
                 settings: Settings) -> dict[str, VariantResult]:
    """Submit one run-variant task per plan to the sweep's executor; land each result as it comes
    (a plain call: unpacking takes milliseconds, a task run per variant costs the API more).
    A variant lost outside OpenFOAM (its worker gone for good, Docker down) is a failed row."""
    logger = get_run_logger()
    base = pack_base(spec.base_case)
    results: dict[str, VariantResult] = {}
    report_progress("variants", 0, len(plans))
    with variant_runner(spec) as runner:
        futures = {runner.submit(run_variant, {"job": VariantJob(plan=p, base=base, np=spec.np, review=spec.review),
                                               "backend": backend, "settings": settings}): p for p in plans}
        import_in_background(["matplotlib.pyplot"])  # for the summary's plots, while the variants run
        for future in as_completed(list(futures)):
            plan = futures[future]
            try:
                results[plan.name] = land(future.result(), spec.out_dir)
            except Exception as exc:  # recorded as the variant's result; the other variants go on
                logger.error("sweep: variant %s failed outside OpenFOAM: %s", plan.name, exc)
                results[plan.name] = variant_result(plan, spec.out_dir / plan.name, None, None, None,
                                                    f"{type(exc).__name__}: {exc}", False, "failed")
            logger.info("sweep: %d of %d variants done", len(results), len(plans))
            report_progress("variants", len(results), len(plans))
    return results


@flow(name="sweep", flow_run_name="sweep {spec.base_case}", persist_result=False)
def sweep_cases(spec: SweepSpec, backend: str | None = None, settings: Settings | None = None) -> SweepResult:
    """plan + check -> sweep-plan.json -> run each variant without a result -> land -> summary."""
    settings = settings or get_settings()
    started = time.monotonic()
    plans = plan_variants(spec)
    plan_path = write_sweep_plan(spec, plans)
    if spec.dry_run:
        results = [variant_result(p, spec.out_dir / p.name, None, None, None, "planned (--dry-run)", False, "planned")
                   for p in plans]
    elif not spec.run:
        changes = write_variant_cases(spec, plans)
        results = [variant_result(p, spec.out_dir / p.name, changes[p.name], None, None, "not run (--no-run)", False)
                   for p in plans]
    else:
        done = landed_results(spec.out_dir, plans) if spec.resume else {}
        get_run_logger().info("sweep: %d variants to run on %s%s (%d have a result)", len(plans) - len(done),
                              spec.executor, f" {spec.address}" if spec.address else "", len(done))
        ran = run_variants(spec, [p for p in plans if p.name not in done], backend, settings)
        results = [done.get(p.name) or ran[p.name] for p in plans]
    return summarise(spec, results, time.monotonic() - started, plan_path)
