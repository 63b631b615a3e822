"""`casewright sweep CASE -o OUT --param NAME=v1,v2 [--change "..."] [--set FILE:ENTRY=VALUE]`.

Exit codes: 0 when every variant completed (or was written, with --no-run, or planned, with
--dry-run), 1 when any failed, 2 for bad usage (nothing written then).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from flows.cli._common import (
    BackendOpt,
    JsonOpt,
    ProgressOpt,
    check_backend,
    finish,
    progress_bars,
    run_flow,
    show_progress,
)
from flows.cli.case import NpOpt

DASK_ENV = "CASEWRIGHT_DASK_ADDRESS"


def sweep_cmd(
    case_dir: Path = typer.Argument(..., help="The base case (an OpenFOAM case folder); it is not changed."),
    out: Path = typer.Option(..., "-o", "--out", help="New or empty folder for the variants and the summary."),
    param: list[str] = typer.Option(..., "--param", help="NAME=value1,value2,... or a range NAME=A..B:N (N values from A to B; A..B: whole numbers). Repeat for a grid."),
    change: Optional[str] = typer.Option(None, "--change",
                                         help="What each variant changes, in words with {NAME} placeholders, "
                                              "e.g. \"lid velocity {U} m/s\" (planned like `casewright modify`)."),
    set_: list[str] = typer.Option([], "--set", help="FILE:ENTRY/PATH=VALUE with {NAME} placeholders, e.g. "
                                                     "constant/transportProperties:nu={nu} (repeatable)."),
    parallel: int = typer.Option(1, "--parallel", min=1, max=16, help="Variants running at once (threads)."),
    dask: Optional[str] = typer.Option(None, "--dask", envvar=DASK_ENV,
                                       help="Run the variants on Dask: tcp://HOST:PORT of a running scheduler, or "
                                            "`local` for a LocalCluster with one worker process per core."),
    np: Optional[int] = NpOpt,
    review: bool = typer.Option(False, "--review", help="Repair failing variants with the Reviewer."),
    no_run: bool = typer.Option(False, "--no-run", help="Write and check the variants, do not run them."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Plan and check every variant and write OUT/sweep-plan.json; "
                                                          "write and run nothing else."),
    resume: bool = typer.Option(False, "--resume", help="OUT holds this sweep already: run only the variants "
                                                        "without a result."),
    max_variants: Optional[int] = typer.Option(None, "--max-variants", min=1,
                                               help="Refuse larger grids (default 64; 10000 with --dry-run)."),
    backend: Optional[str] = BackendOpt,
    progress: Optional[bool] = ProgressOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Run a parameter sweep: one base case x a grid of values -> variants, run and tabulated."""
    from tasks.edit.sweep import SweepSpec, check_folders, check_spec, parse_param, parse_set

    check_backend(backend)
    executor, address = _executor(dask)
    spec = SweepSpec(base_case=case_dir, out_dir=out, params=[parse_param(p) for p in param], change=change,
                     sets=[parse_set(s) for s in set_], parallel=parallel, review=review, run=not no_run,
                     max_variants=max_variants, np=np or 1, executor=executor, address=address, dry_run=dry_run,
                     resume=resume)
    check_spec(spec)
    check_folders(spec)
    with progress_bars(show_progress(progress, json_out) and not dry_run) as bars:
        result = run_flow("flows.sweep:sweep_cases", spec, backend=backend, on_log=_variants_done(bars))
    finish(result, json_out, _sweep_text, ok=not result.summary.failed)


def _variants_done(bars: Any) -> Any:
    """The flow's `sweep: N of M variants done` log lines as a progress bar."""
    import re

    pattern = re.compile(r"sweep: (\d+) of (\d+) variants done")

    def on_log(record: Any) -> None:
        if match := pattern.search(record.getMessage()):
            bars.update("variants", int(match[1]), int(match[2]))

    return on_log


def _executor(dask: str | None) -> tuple[str, str | None]:
    from tasks.core.errors import UsageError

    if not dask:
        return "threads", None
    if dask == "local":
        return "dask-local", None
    if not dask.startswith(("tcp://", "tls://")) or ":" not in dask.split("://", 1)[1]:
        raise UsageError(f"--dask {dask!r}: give tcp://HOST:PORT of a running `dask scheduler`, or `local` "
                         f"(also read from {DASK_ENV})")
    return "dask", dask


def _sweep_text(result: Any) -> str:
    from tasks.edit.sweep import MAX_VARIANTS
    from tasks.edit.sweep_output import sweep_table
    from tasks.run.report import markdown_table

    s = result.summary
    if result.dry_run:
        limit = f" and with --max-variants {s.n}" if s.n > MAX_VARIANTS else ""
        return (f"{s.n} variants planned and checked in {s.wall_s:g} s; nothing run. The plan: {result.plan_file}\n"
                f"Run it with the same command, without --dry-run{limit}.")
    where = result.executor + (f" {result.address}" if result.address else "")
    speedup = f", {s.speedup_vs_serial_estimate:g}x the serial estimate" if s.speedup_vs_serial_estimate else ""
    return (markdown_table(sweep_table(result))
            + f"{s.n} variants in {result.out_dir} on {where}: {s.completed} completed, {s.failed} failed "
              f"({s.wall_s:g} s{speedup}); summary in sweep.md, sweep.csv and sweep.json"
            + (f", {len(result.plots)} plots in plots/" if result.plots else ""))
