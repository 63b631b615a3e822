"""The `run-case` pipeline without Prefect: read the case -> choose the backend -> mesh, fields,
solver (each step retried on infrastructure faults) -> y+ of a RAS run -> acceptance -> report.

flows/case.py runs `execute_case` with its steps as Prefect tasks (TRACKED_STEPS there), inside
the `run-case` and `new` flows, sweeps and benchmarks; `casewright run-case` calls it directly,
with the plain steps, when no Prefect server is running or configured: nothing here imports
prefect, so a short run does not pay for Prefect's import and a flow run (BENCHMARKS.md, 3).
Without a server there is no dashboard artifact: report.md in the case is the report.

What only the report needs (its models, the log parsers, numpy, matplotlib: about half a second)
is imported on a thread while the steps run (`import_in_background`), not before them.
"""

from __future__ import annotations

import importlib
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tasks.core.config import Settings, get_settings
from tasks.core.errors import InfrastructureError
from tasks.foam.casedir import CaseInfo, check_and_read
from tasks.foam.commands import FILE_EDIT, RESTORE_FIELDS
from tasks.foam.coupled_steps import clear_fields_before_restore
from tasks.run.parallel import Decomposition, nothing_to_reconstruct, prepare_decomposition, record_ranks
from tasks.run.runner import BackendChoice, Runner, Step, StepResult, select_runner
from tasks.run.steps import CONVERTERS, apply_recorded_patch_types, plan_steps, restore_initial_fields, run_file_edit

if TYPE_CHECKING:
    from tasks.run.report import RunReport

logger = logging.getLogger(__name__)

Log = logging.Logger | logging.LoggerAdapter[Any]

RETRY_DELAYS_S = (1, 2, 4)  # between attempts of a step that failed outside OpenFOAM; the last repeats
REPORT_MODULES = ("tasks.run.report", "tasks.run.yplus", "tasks.run.plot", "matplotlib.figure",
                  "matplotlib.backends.backend_agg")  # what report_run needs, in the order it needs it


# --- the steps (the flow runs each as a task) ----------------------------------------------------

def run_logged(runner: Runner, case_dir: Path, step: Step, timeout_s: float, log: Log, attempt: int = 1) -> StepResult:
    """One attempt of a whitelisted command, logged when it starts and ends. An OpenFOAM failure
    is a result; only faults outside OpenFOAM raise (InfrastructureError)."""
    log.info("%s on %s (%s backend)", step.label(), case_dir, runner.name)
    result = runner.run(case_dir, step, timeout_s)
    result.attempts = attempt
    retried = f", attempt {attempt}" if attempt > 1 else ""
    log.info("%s: %s in %.2f s (exit %s%s); log %s", step.command, result.status, result.seconds,
             result.exit_code, retried, result.log_path)
    return result


def run_step(runner: Runner, case_dir: Path, step: Step, settings: Settings) -> StepResult:
    """The step, tried again (settings.infra_retries times, after RETRY_DELAYS_S) only when it
    failed outside OpenFOAM, as the flow's retried task does (flows/steps.run_step)."""
    attempt = 1
    while True:
        try:
            return run_logged(runner, case_dir, step, settings.step_timeout_s, logger, attempt)
        except InfrastructureError as exc:
            if attempt > settings.infra_retries:
                raise
            delay = RETRY_DELAYS_S[min(attempt, len(RETRY_DELAYS_S)) - 1]
            logger.warning("%s failed outside OpenFOAM (%s); retry %d of %d in %d s", step.command, exc, attempt,
                           settings.infra_retries, delay)
            time.sleep(delay)
            attempt += 1


def write_decomposition(case_dir: Path, np: int, log: Log = logger) -> Decomposition:
    """system/decomposeParDict for np ranks, once the mesh exists (its extents choose the split)."""
    decomposition = prepare_decomposition(case_dir, np)
    log.info("decomposeParDict %s: %d subdomains, %s %s%s", decomposition.action, decomposition.subdomains,
             decomposition.method, decomposition.n or "", "".join(f"; {n}" for n in decomposition.notes))
    return decomposition


def judge_run(report: RunReport, case_dir: Path, log: Log = logger) -> RunReport:
    """The acceptance verdict (accept / warn / reject) of a run, with its checks."""
    from tasks.run.acceptance import with_acceptance
    from tasks.run.yplus import case_yplus_assessment

    judged = with_acceptance(report, case_dir, case_yplus_assessment(report, case_dir))
    acc = judged.acceptance
    log.info("acceptance %s%s: %s", acc.verdict, "" if acc.converged is None else f" (converged: {acc.converged})",
             "; ".join(acc.reasons[:3]) or "every check ok")
    return judged


@dataclass(frozen=True)
class RunSteps:
    """How the steps are called: directly (PLAIN_STEPS), or as Prefect tasks (flows/case.py),
    which also publish the report as a dashboard artifact."""

    run_step: Callable[[Runner, Path, Step, Settings], StepResult]
    write_decomposition: Callable[[Path, int], Decomposition]
    judge_run: Callable[[RunReport, Path], RunReport]
    publish_report: Callable[[RunReport], None] | None = None


PLAIN_STEPS = RunSteps(run_step, write_decomposition, judge_run)


# --- the pipeline --------------------------------------------------------------------------------

def import_in_background(modules: Sequence[str]) -> None:
    """Import the modules on a daemon thread. A step waits on its subprocess (OpenFOAM, or the
    Docker daemon) without holding the GIL, so what is imported here loads while it runs; a
    later import of the same module waits for this one to finish."""
    def load() -> None:
        for name in modules:
            importlib.import_module(name)

    threading.Thread(target=load, name="import-report-modules", daemon=True).start()


def execute_case(case_dir: Path, backend: str | None, settings: Settings, np: int | None = None, *,
                 steps: RunSteps = PLAIN_STEPS, log: Log = logger) -> RunReport:
    """Mesh, fields, solver; stop at the first failed step. np > 1 runs the solver on np MPI
    ranks (np None: as the case was last run). Then the report (report_run)."""
    started = time.monotonic()
    info = check_and_read(Path(case_dir))
    if np is not None:
        record_ranks(info.case_dir, np)
    runner, choice = select_runner(
        backend or settings.runner_backend, settings.image, settings.docker_memory,
        settings.docker_cpus, settings.openfoam_dir,
    )
    planned = plan_steps(info, np)
    # 0.orig -> 0 where the tutorial's script does it (after snappyHexMesh, createBaffles, ...), else first
    restored = [] if any(s.command == RESTORE_FIELDS for s in planned) else restore_initial_fields(info)
    clear_fields_before_restore(info.case_dir, [s.command for s in planned])  # the mesh steps see no 0/, as in the tutorial
    import_in_background(REPORT_MODULES)
    log.info("%s: %s on the %s backend (%s); steps: %s", info.case_dir, info.application, choice.backend,
             choice.reason, ", ".join(s.label() for s in planned))
    if restored:
        log.info("restored initial fields from their .orig copies: %s", ", ".join(restored))
    results = []
    for step in planned:
        if step.command == RESTORE_FIELDS:
            now = restore_initial_fields(info)
            restored += now
            log.info("restored initial fields from their .orig copies after the mesh steps: %s", ", ".join(now) or "-")
            continue
        if step.command == "decomposePar":
            steps.write_decomposition(info.case_dir, max(s.np for s in planned))
        if step.command == "reconstructPar" and nothing_to_reconstruct(info.case_dir):
            log.info("reconstructPar skipped: the run wrote no time after the start (endTime before the first write)")
            continue
        if step.command == FILE_EDIT:
            result = run_file_edit(info.case_dir, step, choice.backend)
        else:
            result = steps.run_step(runner, info.case_dir, step, settings)
        results.append(result)
        if result.status != "ok":
            break
        if step.command in CONVERTERS and (set_types := apply_recorded_patch_types(info.case_dir)):
            log.info("patch types set after %s: %s", step.command, ", ".join(set_types))
    return report_run(info, results, runner, choice, restored, started, settings, steps, log)


def report_run(info: CaseInfo, results: list[StepResult], runner: Runner, choice: BackendChoice,
               restored: list[str], started: float, settings: Settings, steps: RunSteps, log: Log) -> RunReport:
    """How far the run got, from its logs; a RAS run that completed gets its wall y+ (one more
    run of the solver, post-processing); the acceptance verdict; report.json, report.md and the
    plots written into the case."""
    from tasks.run.report import build_report, write_report
    from tasks.run.yplus import is_ras, with_wall_yplus, yplus_step

    report = build_report(info, results, choice.backend, choice.reason, restored, time.monotonic() - started)
    if report.status == "completed" and is_ras(info.case_dir):
        check = steps.run_step(runner, info.case_dir, yplus_step(info.application), settings)
        report = with_wall_yplus(report, info.case_dir, check)
    report = steps.judge_run(report, info.case_dir)
    write_report(report, info.case_dir)
    log.info("%s %s in %.2f s: time %s of endTime %s; report %s", info.application, report.status,
             report.wall_seconds, report.time_reached, report.end_time, report.report_path)
    if steps.publish_report is not None:
        steps.publish_report(report)
    return report


def run_case(case_dir: Path, backend: str | None = None, settings: Settings | None = None,
             np: int | None = None) -> RunReport:
    """`casewright run-case` without a Prefect server: the run-case flow's pipeline, its steps
    called directly."""
    return execute_case(case_dir, backend, settings or get_settings(), np)
