"""`casewright bench exec`: the executability benchmark."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Optional

import typer


def register(app: typer.Typer) -> None:
    from flows.cli import JsonOpt, bench_app, emit_json, err, user_errors

    @bench_app.command("exec")
    @user_errors
    def bench_exec_cmd(
        set_name: str = typer.Option("iterasim", "--set", help="Benchmark set (iterasim)."),
        category: Optional[str] = typer.Option(None, "--category", help="Only these categories, e.g. A,B."),
        out: Path = typer.Option(Path("runs/bench-exec"), "--out", help="Where the cases are written (replaced)."),
        backend: Optional[str] = typer.Option(None, "--backend", help="docker | native."),
        json_out: bool = JsonOpt,
    ) -> None:
        """Generate (A, B) and modify (C, D) every case, run it, and score it 0-4."""
        from flows.server import prefect_session
        from tasks.core.config import get_settings

        settings = get_settings()
        cats = category.split(",") if category else None
        if cats and any(c.strip().upper() in "CD" for c in cats) and not any(c.strip().upper() == "A" for c in cats):
            err.print("note: C and D modify the A cases' outputs; they must exist in --out from an earlier run")

        def progress(r) -> None:
            err.print(f"{r.case_id}: {r.score}/4 in {r.seconds:.0f} s - {r.reason}", highlight=False, soft_wrap=True)

        with prefect_session(settings.prefect_port, settings.prefect_api_url):
            from flows.bench import bench_exec

            results = bench_exec(set_name, out.resolve(), cats, backend, settings, progress)
        scores = [r.score for r in results]
        summary = {
            "set": set_name, "n": len(results), "at_least_3": sum(s >= 3 for s in scores),
            "at_4": sum(s == 4 for s in scores), "mean_score": round(statistics.mean(scores), 3) if scores else None,
            "seconds_total": round(sum(r.seconds for r in results), 1),
            "cases": [r.model_dump(mode="json") for r in results],
        }
        if json_out:
            emit_json(summary)
        else:
            typer.echo("| case | score | seconds | reason |\n|---|---|---|---|")
            for r in results:
                typer.echo(f"| {r.case_id} | {r.score} | {r.seconds:.0f} | {r.reason} |")
            typer.echo(f"\n{summary['at_4']}/{len(results)} at 4, {summary['at_least_3']}/{len(results)} at >= 3")
        raise typer.Exit(0)
