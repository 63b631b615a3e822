"""Prefect tasks that wrap the runner: one retried task per OpenFOAM step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prefect import task
from prefect.cache_policies import NO_CACHE
from prefect.logging import get_run_logger

from flows.case_pipeline import RETRY_DELAYS_S, run_logged
from tasks.core.errors import InfrastructureError
from tasks.run.runner import Runner, Step, StepResult


def retry_infrastructure_only(task_obj: Any, task_run: Any, state: Any) -> bool:
    """Retry a step only when it failed outside OpenFOAM (daemon, container start)."""
    exc = state.data if isinstance(state.data, BaseException) else None
    if exc is None:
        try:
            state.result(raise_on_failure=True)
        except BaseException as raised:  # noqa: BLE001 - we only inspect its type
            exc = raised
    return isinstance(exc, InfrastructureError)


@task(
    name="run-openfoam-step",
    task_run_name="{step.command}",
    retries=3,
    retry_delay_seconds=list(RETRY_DELAYS_S),
    retry_condition_fn=retry_infrastructure_only,
    persist_result=False,
    cache_policy=NO_CACHE,
)
def run_step(runner: Runner, case_dir: Path, step: Step, timeout_s: float) -> StepResult:
    """Run one whitelisted command. An OpenFOAM failure is a result; only faults raise."""
    from prefect.runtime import task_run

    return run_logged(runner, case_dir, step, timeout_s, get_run_logger(), int(task_run.run_count or 1))
