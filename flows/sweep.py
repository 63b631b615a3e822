"""Flow: one base case x a parameter grid -> case variants, each run (and optionally repaired).

plan every variant -> write them all (or nothing) -> run each as a task, `parallel` at a time
(each mesh/solver step inside is the usual retried step task) -> sweep.json, sweep.md and a
table artifact in the Prefect dashboard.
"""

from __future__ import annotations

import time
from pathlib import Path

from prefect import flow, task
from prefect.artifacts import create_table_artifact
from prefect.cache_policies import NO_CACHE
from prefect.logging import get_run_logger
from prefect.task_runners import ThreadPoolTaskRunner

from flows.case import execute_case
from tasks.core.config import Settings, get_settings
from tasks.edit.modify import ChangeResult, read_state
from tasks.edit.sweep import (
    SweepResult,
    SweepSpec,
    VariantPlan,
    VariantResult,
    plan_sweep,
    sweep_table,
    variant_result,
    write_variants,
)
from tasks.foam.locked import check_locked
from tasks.run.report import markdown_table
from tasks.run.score import rubric

TASK = {"persist_result": False, "cache_policy": NO_CACHE}


@task(name="plan-sweep", **TASK)
def plan_variants(spec: SweepSpec) -> list[VariantPlan]:
    return plan_sweep(spec, read_state(spec.base_case))


@task(name="write-variants", **TASK)
def write_variant_cases(spec: SweepSpec, plans: list[VariantPlan]) -> dict[str, ChangeResult]:
    return write_variants(spec, plans)


@task(name="run-variant", task_run_name="run-variant {plan.name}", **TASK)
def run_variant(plan: VariantPlan, case_dir: Path, change: ChangeResult, spec: SweepSpec, backend: str | None,
                settings: Settings) -> VariantResult:
    report = execute_case(case_dir, backend, settings)
    reviewed = False
    if report.status != "completed" and spec.review:
        from flows.review import review_case

        review = review_case(case_dir, max_cycles=settings.reviewer_max_cycles, backend=backend, settings=settings,
                             initial=report)
        report, reviewed = review.final or report, True
    score = rubric(report, check_locked(case_dir))
    return variant_result(plan, case_dir, change, report, score.score, score.reason, reviewed)


@task(name="summarise-sweep", **TASK)
def summarise(spec: SweepSpec, results: list[VariantResult], seconds: float) -> SweepResult:
    result = SweepResult(base_case=str(spec.base_case), out_dir=str(spec.out_dir), params=spec.params,
                         variants=results, completed=sum(r.status == "completed" for r in results),
                         failed=sum(r.status == "failed" for r in results), seconds=round(seconds, 1))
    rows = sweep_table(result)
    (spec.out_dir / "sweep.json").write_text(result.model_dump_json(indent=2) + "\n")
    (spec.out_dir / "sweep.md").write_text(f"# Sweep of {spec.base_case}\n\n{markdown_table(rows)}")
    create_table_artifact(table=rows, key="sweep", description=f"sweep of {spec.base_case} into {spec.out_dir}")
    return result


@flow(name="sweep", flow_run_name="sweep {spec.base_case}", persist_result=False,
      task_runner=ThreadPoolTaskRunner(max_workers=16))
def sweep_cases(spec: SweepSpec, backend: str | None = None, settings: Settings | None = None) -> SweepResult:
    """plan -> write all variants -> run each (parallel at a time) -> summary files and artifact."""
    settings = settings or get_settings()
    logger = get_run_logger()
    started = time.monotonic()
    plans = plan_variants(spec)
    changes = write_variant_cases(spec, plans)
    logger.info("sweep: %d variants written under %s", len(plans), spec.out_dir)
    if not spec.run:
        results = [variant_result(p, spec.out_dir / p.name, changes[p.name], None, None, "not run (--no-run)", False)
                   for p in plans]
    else:
        results = []
        for wave in range(0, len(plans), spec.parallel):  # `parallel` variants at a time, also under a worker
            futures = [run_variant.submit(p, spec.out_dir / p.name, changes[p.name], spec, backend, settings)
                       for p in plans[wave:wave + spec.parallel]]
            results += [f.result() for f in futures]
            logger.info("sweep: %d of %d variants done", len(results), len(plans))
    return summarise(spec, results, time.monotonic() - started)
