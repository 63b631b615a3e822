"""`casewright bench exec`: the executability benchmark."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any, Optional

import typer

from flows.cli._common import JsonOpt, err, finish, run_flow


def bench_exec_cmd(
    set_name: str = typer.Option("iterasim", "--set", help="Benchmark set (iterasim)."),
    category: Optional[str] = typer.Option(None, "--category", help="Only these categories, e.g. A,B."),
    out: Path = typer.Option(Path("runs/bench-exec"), "--out", help="Where the cases are written (replaced)."),
    backend: Optional[str] = typer.Option(None, "--backend", help="docker | native."),
    json_out: bool = JsonOpt,
) -> None:
    """Generate (A, B) and modify (C, D) every case, run it, and score it 0-4."""
    cats = category.split(",") if category else None
    if cats and any(c.strip().upper() in "CD" for c in cats) and not any(c.strip().upper() == "A" for c in cats):
        err.print("note: C and D modify the A cases' outputs; they must exist in --out from an earlier run")

    def progress(r: Any) -> None:
        err.print(f"{r.case_id}: {r.score}/4 in {r.seconds:.0f} s - {r.reason}", highlight=False, soft_wrap=True)

    results = run_flow("flows.bench:bench_exec", set_name, out.resolve(), cats, backend, progress=progress)
    scores = [r.score for r in results]
    summary = {
        "set": set_name, "n": len(results), "at_least_3": sum(s >= 3 for s in scores),
        "at_4": sum(s == 4 for s in scores), "mean_score": round(statistics.mean(scores), 3) if scores else None,
        "seconds_total": round(sum(r.seconds for r in results), 1),
        "cases": [r.model_dump(mode="json") for r in results],
    }
    finish(summary, json_out, lambda _: _bench_text(summary, results))


def _bench_text(summary: dict[str, Any], results: list[Any]) -> str:
    lines = ["| case | score | seconds | reason |\n|---|---|---|---|"]
    lines += [f"| {r.case_id} | {r.score} | {r.seconds:.0f} | {r.reason} |" for r in results]
    lines.append(f"\n{summary['at_4']}/{len(results)} at 4, {summary['at_least_3']}/{len(results)} at >= 3")
    return "\n".join(lines)
