"""The account of one case run: what ran, how far it got, what went wrong."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.foam.casedir import CaseInfo
from tasks.foam.commands import SINGLE_PASS
from tasks.run.acceptance import Acceptance, acceptance_markdown
from tasks.run.logs import (
    LogSummary,
    divergence_sign,
    divergence_signals,
    parse_log_file,
    reached_end_time,
)
from tasks.run.runner import StepResult

REPORT_FILE = "report.json"
REPORT_MARKDOWN = "report.md"
PLOT_TITLES = {"residuals": "initial residuals", "acceptance": "acceptance histories (continuity, Courant, "
                                                                "monitored quantity, patch fluxes)"}


class FatalSummary(BaseModel):
    model_config = ConfigDict(extra="forbid")

    step: str
    message: str
    file: str | None = None
    keyword: str | None = None
    field: str | None = None
    patch: str | None = None
    valid_choices: list[str] = Field(default_factory=list)


class FieldResiduals(BaseModel):
    model_config = ConfigDict(extra="forbid")

    first_initial: float
    last_initial: float
    min_initial: float
    max_initial: float
    n: int


class WallYPlus(BaseModel):
    """y+ on one wall patch at the last time (yPlus function object)."""

    model_config = ConfigDict(extra="forbid")

    patch: str
    min: float
    max: float
    average: float
    nut_bc: str | None = None


class ParallelRun(BaseModel):
    """How a run on several MPI ranks went around its solver."""

    model_config = ConfigDict(extra="forbid")

    decomposed: bool
    reconstructed: bool


class Divergence(BaseModel):
    """Why a run that reached endTime is `diverged`: the first sign seen and where."""

    model_config = ConfigDict(extra="forbid")

    sign: Literal["nan", "continuity", "residual_growth", "bounding"]
    where: str


RunStatus = Literal["completed", "diverged", "failed", "timeout"]


class RunReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_dir: str
    application: str
    status: RunStatus
    divergence: Divergence | None = None
    reached_end_time: bool
    converged_early: bool = False
    backend: Literal["docker", "native"]
    backend_reason: str
    steps: list[StepResult]
    start_time: float | None
    end_time: float | None
    time_reached: float | None
    fatal: FatalSummary | None
    crash: str | None = None
    residuals: dict[str, FieldResiduals] = Field(default_factory=dict)
    courant_max: float | None = None
    continuity_cumulative: float | None = None
    continuity_local: float | None = None
    bounding: dict[str, int] = Field(default_factory=dict)
    warnings: list[str] = Field(default_factory=list)
    restored: list[str] = Field(default_factory=list)
    solver_seconds: float | None = None
    y_plus: list[WallYPlus] = Field(default_factory=list, description="RAS runs that completed: y+ per wall patch")
    acceptance: Acceptance | None = Field(None, description="accept / warn / reject, with every check behind it")
    wall_seconds: float = 0.0
    report_path: str = ""
    np: int = Field(1, description="MPI ranks the solver ran on")
    parallel: ParallelRun | None = Field(None, description="np > 1: decomposePar and reconstructPar succeeded")
    shortened: str | None = Field(None, description="--smoke N: the run was cut to N steps or iterations")
    plots: dict[str, str] = Field(default_factory=dict, description="residuals / acceptance: PNG files written "
                                  "into the case, paths relative to it (write_report)")


PISO_SOLVERS = frozenset({"icoFoam", "pisoFoam"})  # no outer correctors: Co must stay below 1


def _converged_early(log_text: str) -> bool:
    return "solution converged in" in log_text


def run_status(steps: list[StepResult], reached: bool, divergence: Divergence | None) -> RunStatus:
    """A solver log with a sign of divergence makes the run `diverged`, never `completed`
    (whether it reached endTime or crashed on its NaNs)."""
    if any(s.status == "timeout" for s in steps):
        return "timeout"
    if divergence is not None:
        return "diverged"
    return "completed" if reached else "failed"


def build_report(
    info: CaseInfo,
    steps: list[StepResult],
    backend: Literal["docker", "native"],
    backend_reason: str,
    restored: list[str],
    wall_seconds: float,
) -> RunReport:
    """Read the step logs and say how far the case got."""
    fatal: FatalSummary | None = None
    crash: str | None = None
    warnings: list[str] = []
    solver_log: LogSummary | None = None
    converged = False
    for step in steps:
        summary = parse_log_file(step.log_path)
        if step.command == info.application:
            solver_log = summary
            converged = _converged_early(Path(step.log_path).read_text(errors="replace"))
        if fatal is None and summary.fatal is not None:
            f = summary.fatal
            fatal = FatalSummary(
                step=step.command, message=f.message, file=f.file, keyword=f.keyword,
                field=f.field, patch=f.patch, valid_choices=f.valid_choices,
            )
        if crash is None and summary.crash is not None:
            crash = f"{summary.crash.signal} in {step.command}: {summary.crash.message}"
        if step.status == "timeout":
            warnings.append(f"{step.command} was stopped at the step time limit ({step.seconds:.0f} s)")
        elif step.status == "failed" and summary.fatal is None and summary.crash is None:
            warnings.append(f"{step.command} exited with code {step.exit_code}; see {step.log_path}")
        warnings.extend(f"{step.command}: {w}" for w in summary.warnings[:5])

    all_ok = bool(steps) and all(s.status == "ok" for s in steps)
    solver_ran = solver_log is not None
    reached = False
    residuals: dict[str, FieldResiduals] = {}
    courant_max = continuity = continuity_local = None
    bounding: dict[str, int] = {}
    if solver_log is not None:
        end = info.end_time if info.end_time is not None else float("inf")
        # a solver that prints no time at all (financialFoam) or solves once (potentialFoam) has
        # finished its run when it prints End without an error
        finished_untimed = (info.application in SINGLE_PASS or solver_log.last_time is None) and \
            solver_log.end_printed and solver_log.fatal is None and solver_log.crash is None
        reached = all_ok and (reached_end_time(solver_log, end) or converged or finished_untimed)
        residuals = {k: FieldResiduals(**v) for k, v in solver_log.residual_summary().items()}
        if solver_log.courant:
            courant_max = max(c.max for c in solver_log.courant)
        if solver_log.continuity:
            continuity = solver_log.continuity[-1].cumulative
            continuity_local = solver_log.continuity[-1].sum_local
        for b in solver_log.bounding:
            bounding[b.field] = bounding.get(b.field, 0) + 1
        warnings.extend(divergence_signals(solver_log))
        if info.application in PISO_SOLVERS and courant_max is not None and 1 < courant_max <= 10:
            warnings.append(f"Courant number max {courant_max:.3g} > 1: {info.application} (PISO) is accurate and "
                            f"stable below 1; reduce deltaT or refine less in the flow direction")
    np = max((s.np for s in steps), default=1)
    parallel = None
    if np > 1:
        ok = {s.command for s in steps if s.status == "ok"}
        parallel = ParallelRun(decomposed="decomposePar" in ok, reconstructed="reconstructPar" in ok)
    divergence = None
    if solver_log is not None and (found := divergence_sign(solver_log)) is not None:
        divergence = Divergence(sign=found[0], where=found[1])  # type: ignore[arg-type]
    return RunReport(
        divergence=divergence,
        np=np,
        parallel=parallel,
        case_dir=str(info.case_dir),
        application=info.application,
        status=run_status(steps, all_ok and solver_ran and reached, divergence),
        reached_end_time=reached,
        converged_early=converged and reached,
        backend=backend,
        backend_reason=backend_reason,
        steps=steps,
        start_time=info.start_time,
        end_time=info.end_time,
        time_reached=solver_log.last_time if solver_log else None,
        fatal=fatal,
        crash=crash,
        residuals=residuals,
        courant_max=courant_max,
        continuity_cumulative=continuity,
        continuity_local=continuity_local,
        bounding=bounding,
        warnings=list(dict.fromkeys(warnings)),
        restored=restored,
        solver_seconds=solver_log.execution_time_s if solver_log else None,
        wall_seconds=round(wall_seconds, 3),
    )


def write_report(report: RunReport, case_dir: Path) -> Path:
    """report.json and report.md into the case, with the run's plots (residuals.png,
    acceptance.png) drawn first and linked from both (`report.plots`, relative to the case)."""
    from tasks.run.plot import write_run_plots

    path = case_dir / REPORT_FILE
    report.report_path = str(path)
    if not report.plots or not all((case_dir / name).is_file() for name in report.plots.values()):
        solver = next((s for s in report.steps if s.command == report.application), None)
        report.plots = write_run_plots(case_dir, solver.log_path if solver else None, report.application)
    _write_atomic(path, json.dumps(report.model_dump(mode="json"), indent=2) + "\n")
    _write_atomic(case_dir / REPORT_MARKDOWN, report_markdown(report, relative=True))
    return path


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text)
    tmp.replace(path)


def plot_paths(report: RunReport | None) -> dict[str, Path]:
    """The run's plots as paths (case folder + report.plots), for summaries that print them."""
    if report is None:
        return {}
    return {key: Path(report.case_dir) / name for key, name in report.plots.items()}


def plots_markdown(report: RunReport | None, relative: bool = False) -> list[str]:
    """Markdown lines linking the run's plots: images relative to the case (report.md, which sits
    beside them), or links with their full paths (the terminal and the dashboard artifact)."""
    if report is None or not report.plots:
        return []
    if relative:
        return ["", "## Plots", ""] + [f"![{PLOT_TITLES.get(key, key)}]({name})" for key, name in report.plots.items()]
    return ["", "Plots:"] + [f"- {PLOT_TITLES.get(key, key)}: [{path.name}]({path})"
                             for key, path in plot_paths(report).items()]


def markdown_table(rows: Sequence[Mapping[str, object]]) -> str:
    """Rows (dicts with the same keys, in column order) as a markdown table."""
    if not rows:
        return "(no rows)\n"
    cols = list(rows[0])
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    lines += ["| " + " | ".join(str(r.get(c, "")) for c in cols) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def report_markdown(report: RunReport, relative: bool = False) -> str:
    """A short markdown account for the Prefect dashboard and the terminal (`relative`: for
    report.md in the case, its plots shown as images relative to it)."""
    lines = [
        f"# {Path(report.case_dir).name}: {report.status}",
        "",
        f"- solver: `{report.application}` on the **{report.backend}** backend ({report.backend_reason})",
        f"- time reached: {report.time_reached} of endTime {report.end_time}"
        + (" (converged early)" if report.converged_early else ""),
        f"- wall time: {report.wall_seconds:.2f} s; solver time: {report.solver_seconds} s"
        + (f" on {report.np} MPI ranks" if report.np > 1 else ""),
        "",
        "| step | status | exit | seconds |",
        "|---|---|---|---|",
    ]
    lines += [f"| {' '.join((['mpirun', '-np', str(s.np)] if s.np > 1 else []) + [s.command, *s.args])} | {s.status} "
              f"| {s.exit_code} | {s.seconds:.2f} |" for s in report.steps]
    if report.fatal:
        lines += ["", f"**FATAL in {report.fatal.step}**: {report.fatal.message}"]
        if report.fatal.file:
            lines.append(f"- file: `{report.fatal.file}`")
        if report.fatal.keyword:
            lines.append(f"- keyword: `{report.fatal.keyword}`")
    if report.crash:
        lines += ["", f"**crash**: {report.crash}"]
    if report.residuals:
        lines += ["", "| field | first initial residual | last | min | max |", "|---|---|---|---|---|"]
        lines += [
            f"| {f} | {r.first_initial:.3g} | {r.last_initial:.3g} | {r.min_initial:.3g} | {r.max_initial:.3g} |"
            for f, r in report.residuals.items()
        ]
    if report.y_plus:
        lines += ["", "| wall | y+ min | y+ max | y+ average | nut |", "|---|---|---|---|---|"]
        lines += [f"| {w.patch} | {w.min:.3g} | {w.max:.3g} | {w.average:.3g} | {w.nut_bc or '-'} |"
                  for w in report.y_plus]
    if report.acceptance:
        lines += ["", acceptance_markdown(report.acceptance)]
    if report.warnings:
        lines += ["", "Warnings:"] + [f"- {w}" for w in report.warnings[:20]]
    lines += plots_markdown(report, relative)
    return "\n".join(lines) + "\n"
