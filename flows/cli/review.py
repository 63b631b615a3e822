"""`casewright review DIR` and `casewright bench repair`.

`review` always runs the case first (the files are the truth; logs may be stale), then
repairs it. Exit codes: 0 when the final status is completed, 1 otherwise, 2 bad usage.
`bench repair` exits 0 when at least --min-repaired percent of the faults are repaired and
no locked value changed, else 1.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Optional

import typer

from flows.cli._common import BackendOpt, JsonOpt, check_backend, finish, run_flow


def review_cmd(
    case_dir: Path = typer.Argument(..., help="A failing OpenFOAM case directory (holding system/controlDict)."),
    max_cycles: Optional[int] = typer.Option(None, "--max-cycles", min=0,
                                             help="Patch/re-run cycles at most (default: reviewer_max_cycles, 10)."),
    backend: Optional[str] = BackendOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Run a case, then diagnose and repair it: locate -> patch -> re-run, up to N cycles."""
    from tasks.foam.casedir import check_case_dir
    from tasks.review.report import review_markdown

    check_backend(backend)
    check_case_dir(case_dir)
    review = run_flow("flows.review:review_case", case_dir, max_cycles=max_cycles, backend=backend)
    finish(review, json_out, review_markdown, ok=review.final_status == "completed")


def bench_repair_cmd(
    only: Optional[str] = typer.Option(None, "--only", help="Comma-separated fault ids (default: all)."),
    backend: Optional[str] = BackendOpt,
    max_cycles: int = typer.Option(10, "--max-cycles", min=1, help="Cycles per fault."),
    work_dir: Optional[Path] = typer.Option(None, "--work-dir", help="Where the broken cases are written."),
    min_repaired: float = typer.Option(90.0, "--min-repaired", help="Exit 1 below this repaired percentage."),
    json_out: bool = JsonOpt,
) -> None:
    """The Reviewer's fault-injection suite (benchmarks/faults/README.md) on fresh tutorial copies."""
    from tasks.bench.faults import select_faults
    from tasks.core.config import get_settings
    from tasks.core.paths import data_dir

    check_backend(backend)
    ids = [i.strip() for i in only.split(",") if i.strip()] if only else None
    select_faults(ids)  # unknown ids are a usage error before anything runs
    settings = get_settings()
    target = work_dir or data_dir() / "bench" / "repair" / time.strftime("%Y%m%dT%H%M%S")
    target.mkdir(parents=True, exist_ok=True)
    report = run_flow("flows.review:repair_bench", target, only=ids, backend=backend, max_cycles=max_cycles,
                      settings=settings)
    ok = report.totals.repaired_pct >= min_repaired and report.totals.params_changed == 0
    finish(report, json_out, _bench_text, ok=ok)


def _bench_text(report: Any) -> str:
    t = report.totals
    lines = [f"{'fault':<36} {'repaired':<9} {'cycles':<7} {'locked ok':<10} reason"]
    for f in report.faults:
        lines.append(f"{f.id:<36} {str(f.repaired):<9} {f.cycles:<7} {str(f.params_intact):<10} {f.reason[:90]}")
    lines.append(f"\n{t.repaired}/{t.faults} repaired ({t.repaired_pct}%), {t.params_changed} with a locked value "
                 f"changed, {t.cycles_total} cycles, {t.seconds} s on the {report.backend} backend")
    for name, part in (("seen", report.seen), ("held out", report.held_out)):
        if part is not None:
            lines.append(f"{name}: {part.repaired}/{part.faults} repaired ({part.repaired_pct}%), "
                         f"{part.params_changed} with a locked value changed")
    return "\n".join(lines)
