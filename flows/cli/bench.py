"""`casewright bench exec`: the executability benchmark."""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any, Optional

import typer

from flows.cli._common import JsonOpt, ProgressOpt, err, finish, progress_bars, run_flow, show_progress


def bench_exec_cmd(
    set_name: str = typer.Option("iterasim", "--set", help="Benchmark set: iterasim | requests | geometry (the requests tagged geometry)."),
    category: Optional[str] = typer.Option(None, "--category", help="iterasim: only these categories, e.g. A,B."),
    out: Path = typer.Option(Path("runs/bench-exec"), "--out", help="Where the cases are written (replaced)."),
    backend: Optional[str] = typer.Option(None, "--backend", help="docker | native."),
    tag: Optional[str] = typer.Option(None, "--tag", help="requests: only cases with these tags, comma-separated (e.g. geometry,family=cavity)."),
    held_out: bool = typer.Option(False, "--held-out", help="requests: run the held-out part instead."),
    phrasing: Optional[str] = typer.Option(None, "--phrasing", help="requests: only these phrasings (terse,verbose,other)."),
    smoke: Optional[int] = typer.Option(None, "--smoke", min=1, help="requests: run N steps of each case (reported as shortened)."),
    no_modify: bool = typer.Option(False, "--no-modify", help="requests: skip the modify requests."),
    progress: Optional[bool] = ProgressOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Generate (A, B) and modify (C, D) every case, run it, and score it 0-4."""
    if set_name in ("requests", "geometry"):
        tags = ",".join(t for t in ("geometry" if set_name == "geometry" else None, tag) if t) or None
        with progress_bars(show_progress(progress, json_out)):
            _bench_requests(out, backend, tags, held_out, phrasing, smoke, not no_modify, json_out, set_name)
        return
    cats = category.split(",") if category else None
    if cats and any(c.strip().upper() in "CD" for c in cats) and not any(c.strip().upper() == "A" for c in cats):
        err.print("note: C and D modify the A cases' outputs; they must exist in --out from an earlier run")

    def case_done(r: Any) -> None:
        err.print(f"{r.case_id}: {r.score}/4 in {r.seconds:.0f} s - {r.reason}", highlight=False, soft_wrap=True)

    with progress_bars(show_progress(progress, json_out)):
        results = run_flow("flows.bench:bench_exec", set_name, out.resolve(), cats, backend, progress=case_done)
    scores = [r.score for r in results]
    summary = {
        "set": set_name, "n": len(results), "at_least_3": sum(s >= 3 for s in scores),
        "at_4": sum(s == 4 for s in scores), "mean_score": round(statistics.mean(scores), 3) if scores else None,
        "acceptance": {v: sum(r.verdict == v for r in results) for v in ("accept", "warn", "reject", None)},
        "seconds_total": round(sum(r.seconds for r in results), 1),
        "cases": [r.model_dump(mode="json") for r in results],
    }
    finish(summary, json_out, lambda _: _bench_text(summary, results))


def _bench_text(summary: dict[str, Any], results: list[Any]) -> str:
    lines = ["| case | score | seconds | acceptance | reason |\n|---|---|---|---|---|"]
    lines += [f"| {r.case_id} | {r.score} | {r.seconds:.0f} | {r.verdict or '-'} | {r.reason} |" for r in results]
    lines.append(f"\n{summary['at_4']}/{len(results)} at 4, {summary['at_least_3']}/{len(results)} at >= 3")
    return "\n".join(lines)


def _bench_requests(out: Path, backend: str | None, tag: str | None, held_out: bool, phrasing: str | None,
                    smoke: int | None, with_modify: bool, json_out: bool, set_name: str = "requests") -> None:
    from tasks.bench.requests import summarise

    def progress(r: Any) -> None:
        err.print(f"{r.id} ({r.phrasing}): {r.score}/4 in {r.seconds:.0f} s - {r.reason[:160]}",
                  highlight=False, soft_wrap=True)

    phrasings = phrasing.split(",") if phrasing else None
    results = run_flow("flows.bench_requests:bench_requests", out.resolve(), held_out, tag, phrasings, smoke,
                       backend, with_modify, progress=progress)
    payload = {"set": set_name, "tag": tag, "held_out": held_out, "smoke": smoke, "summary": summarise(results),
               "cases": [r.model_dump(mode="json") for r in results]}

    def text(_: Any) -> str:
        lines = ["| case | phrasing | solver | score | acceptance | seconds | reason |", "|---|---|---|---|---|---|---|"]
        lines += [f"| {r.id} | {r.phrasing} | {r.solver} | {r.score} | {r.acceptance.verdict if r.acceptance else '-'} "
                  f"| {r.seconds:.0f} | {r.reason[:120]} |" for r in results]
        s = payload["summary"]
        lines.append(f"\n{s['score4']}/{s['n']} at 4; solver match {s['solver_match']}; by phrasing {s['by_phrasing']}; "
                     f"acceptance {s['acceptance']}")
        return "\n".join(lines)

    finish(payload, json_out, text)


def bench_validate_cmd(
    case: Optional[str] = typer.Option(None, "--case", help="Only these validation cases, e.g. cavity-re100,couette."),
    out: Path = typer.Option(Path("runs/bench-validate"), "--out", help="Where the cases and plots are written (replaced)."),
    backend: Optional[str] = typer.Option(None, "--backend", help="docker | native."),
    progress: Optional[bool] = ProgressOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Run the validation cases and compare each with published or analytic data (pass/fail per metric)."""
    only = [c.strip() for c in case.split(",")] if case else None

    def case_done(c: Any) -> None:
        value = "-" if c.value is None else f"{c.value:.4g}"
        err.print(f"{c.id}: {'pass' if c.passed else 'FAIL'} ({c.metric} = {value}, tolerance {c.tolerance:g})",
                  highlight=False, soft_wrap=True)

    with progress_bars(show_progress(progress, json_out)):
        rows = run_flow("flows.bench:bench_validate", out.resolve(), only, backend, progress=case_done)
    payload = {"cases": [r.model_dump(mode="json") for r in rows],
               "summary": {"n": len(rows), "passed": sum(r.passed for r in rows)}}
    finish(payload, json_out, lambda _: _validate_text(rows), ok=all(r.passed for r in rows))


def _validate_text(rows: list[Any]) -> str:
    lines = ["| case | metric | value | reference | error | tolerance | result | verdict |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        fmt = (lambda x: "-" if x is None else f"{x:.4g}")
        lines.append(f"| {r.id} | {r.metric} | {fmt(r.value)} | {fmt(r.reference_value)} | {fmt(r.error)} | "
                     f"{r.tolerance:g} | {'pass' if r.passed else 'FAIL'} | {r.verdict or '-'} |")
    lines.append(f"\n{sum(r.passed for r in rows)}/{len(rows)} within tolerance")
    return "\n".join(lines)
