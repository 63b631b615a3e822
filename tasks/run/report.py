"""The account of one case run: what ran, how far it got, what went wrong."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from tasks.foam.casedir import CaseInfo
from tasks.run.logs import LogSummary, divergence_signals, parse_log_file, reached_end_time
from tasks.run.runner import StepResult

REPORT_FILE = "report.json"


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


class RunReport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_dir: str
    application: str
    status: Literal["completed", "failed"]
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
    bounding: dict[str, int] = Field(default_factory=dict)
    warnings: list[str] = Field(default_factory=list)
    restored: list[str] = Field(default_factory=list)
    solver_seconds: float | None = None
    y_plus: list[WallYPlus] = Field(default_factory=list, description="RAS runs that completed: y+ per wall patch")
    wall_seconds: float = 0.0
    report_path: str = ""


PISO_SOLVERS = frozenset({"icoFoam", "pisoFoam"})  # no outer correctors: Co must stay below 1


def _converged_early(log_text: str) -> bool:
    return "solution converged in" in log_text


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
    courant_max = continuity = None
    bounding: dict[str, int] = {}
    if solver_log is not None:
        end = info.end_time if info.end_time is not None else float("inf")
        reached = all_ok and (reached_end_time(solver_log, end) or converged)
        residuals = {k: FieldResiduals(**v) for k, v in solver_log.residual_summary().items()}
        if solver_log.courant:
            courant_max = max(c.max for c in solver_log.courant)
        if solver_log.continuity:
            continuity = solver_log.continuity[-1].cumulative
        for b in solver_log.bounding:
            bounding[b.field] = bounding.get(b.field, 0) + 1
        warnings.extend(divergence_signals(solver_log))
        if info.application in PISO_SOLVERS and courant_max is not None and 1 < courant_max <= 10:
            warnings.append(f"Courant number max {courant_max:.3g} > 1: {info.application} (PISO) is accurate and "
                            f"stable below 1; reduce deltaT or refine less in the flow direction")
    return RunReport(
        case_dir=str(info.case_dir),
        application=info.application,
        status="completed" if (all_ok and solver_ran and reached) else "failed",
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
        bounding=bounding,
        warnings=list(dict.fromkeys(warnings)),
        restored=restored,
        solver_seconds=solver_log.execution_time_s if solver_log else None,
        wall_seconds=round(wall_seconds, 3),
    )


def write_report(report: RunReport, case_dir: Path) -> Path:
    path = case_dir / REPORT_FILE
    report.report_path = str(path)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(report.model_dump(mode="json"), indent=2) + "\n")
    tmp.replace(path)
    return path


def markdown_table(rows: Sequence[Mapping[str, object]]) -> str:
    """Rows (dicts with the same keys, in column order) as a markdown table."""
    if not rows:
        return "(no rows)\n"
    cols = list(rows[0])
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    lines += ["| " + " | ".join(str(r.get(c, "")) for c in cols) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def report_markdown(report: RunReport) -> str:
    """A short markdown account for the Prefect dashboard and the terminal."""
    lines = [
        f"# {Path(report.case_dir).name}: {report.status}",
        "",
        f"- solver: `{report.application}` on the **{report.backend}** backend ({report.backend_reason})",
        f"- time reached: {report.time_reached} of endTime {report.end_time}"
        + (" (converged early)" if report.converged_early else ""),
        f"- wall time: {report.wall_seconds:.2f} s; solver time: {report.solver_seconds} s",
        "",
        "| step | status | exit | seconds |",
        "|---|---|---|---|",
    ]
    lines += [f"| {' '.join([s.command, *s.args])} | {s.status} | {s.exit_code} | {s.seconds:.2f} |" for s in report.steps]
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
    if report.warnings:
        lines += ["", "Warnings:"] + [f"- {w}" for w in report.warnings[:20]]
    return "\n".join(lines) + "\n"
