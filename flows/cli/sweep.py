"""`casewright sweep CASE -o OUT --param NAME=v1,v2 [--change "..."] [--set FILE:ENTRY=VALUE]`.

Exit codes: 0 when every variant completed (or was written, with --no-run), 1 when any
failed, 2 for bad usage (nothing written then).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from flows.cli._common import BackendOpt, JsonOpt, check_backend, finish, run_flow


def sweep_cmd(
    case_dir: Path = typer.Argument(..., help="The base case (an OpenFOAM case folder); it is not changed."),
    out: Path = typer.Option(..., "-o", "--out", help="New or empty folder for the variants and the summary."),
    param: list[str] = typer.Option(..., "--param", help="NAME=value1,value2,... (repeat for a grid)."),
    change: Optional[str] = typer.Option(None, "--change",
                                         help="What each variant changes, in words with {NAME} placeholders, "
                                              "e.g. \"lid velocity {U} m/s\" (planned like `casewright modify`)."),
    set_: list[str] = typer.Option([], "--set", help="FILE:ENTRY/PATH=VALUE with {NAME} placeholders, e.g. "
                                                     "constant/transportProperties:nu={nu} (repeatable)."),
    parallel: int = typer.Option(1, "--parallel", min=1, max=16, help="Variants running at once."),
    review: bool = typer.Option(False, "--review", help="Repair failing variants with the Reviewer."),
    no_run: bool = typer.Option(False, "--no-run", help="Write and check the variants, do not run them."),
    max_variants: int = typer.Option(64, "--max-variants", min=1, help="Refuse larger grids."),
    backend: Optional[str] = BackendOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Run a parameter sweep: one base case x a grid of values -> variants, run and tabulated."""
    from tasks.edit.sweep import SweepSpec, check_folders, check_spec, parse_param, parse_set

    check_backend(backend)
    spec = SweepSpec(base_case=case_dir, out_dir=out, params=[parse_param(p) for p in param], change=change,
                     sets=[parse_set(s) for s in set_], parallel=parallel, review=review, run=not no_run,
                     max_variants=max_variants)
    check_spec(spec)
    check_folders(spec)
    result = run_flow("flows.sweep:sweep_cases", spec, backend=backend)
    finish(result, json_out, _sweep_text, ok=not result.failed)


def _sweep_text(result: Any) -> str:
    from tasks.edit.sweep import sweep_table
    from tasks.run.report import markdown_table

    return (markdown_table(sweep_table(result))
            + f"{len(result.variants)} variants in {result.out_dir}: {result.completed} completed, "
              f"{result.failed} failed ({result.seconds:g} s); summary in sweep.md and sweep.json")
