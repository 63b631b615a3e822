"""`casewright ask` and `casewright bench retrieval`. flows/cli.py calls `register(app)`.

The helpers of flows/cli.py are imported inside `register` (flows/cli.py imports this module
while it is itself being imported), and `bench` is looked up on the app that is passed in, so
`python -m flows.cli` and the `casewright` script register on the same objects.
"""

from __future__ import annotations

from typing import Any, Optional

import typer

from tasks.core.errors import UsageError

ABLATION_HEADER = ("config", "mean", "median", "min", "n_perfect", "corrected mean", "p50 ms", "p95 ms")


def _options(no_expansion: bool, no_lexical: bool, no_mmr: bool, no_canonical: bool, no_case_base: bool) -> Any:
    from tasks.retrieval.fusion import RetrievalOptions

    return RetrievalOptions(expansion=not no_expansion, lexical=not no_lexical, mmr=not no_mmr,
                            canonical=not no_canonical, case_base=not no_case_base)


def ask_cmd(
    question: str = typer.Argument(..., help="A question or case request in plain language."),
    tool: Optional[str] = typer.Option(None, "--tool", help="The solver of the case the question is about."),
    no_expansion: bool = typer.Option(False, "--no-expansion", help="Search with the question only."),
    no_lexical: bool = typer.Option(False, "--no-lexical", help="Dense (pgvector) lists only."),
    no_mmr: bool = typer.Option(False, "--no-mmr", help="Plain fused order instead of MMR."),
    no_canonical: bool = typer.Option(False, "--no-canonical", help="No pinned canonical sections."),
    no_case_base: bool = typer.Option(False, "--no-case-base", help="No base-case summary from the case base."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout and nothing else."),
) -> None:
    """Route a question, retrieve its context block (and answer it when an LLM is configured)."""
    from flows.cli import emit_json
    from flows.server import prefect_session
    from tasks.core.config import get_settings

    if not question.strip():
        raise UsageError("the question is empty: pass it in quotes, e.g. casewright ask \"why does k bound?\"")
    settings = get_settings()
    _check_store(settings)  # a missing store is a one-line error here, not a failed flow run
    from flows.ask import AskRequest

    request = AskRequest(question=question, tool=tool,
                         options=_options(no_expansion, no_lexical, no_mmr, no_canonical, no_case_base))
    with prefect_session(settings.prefect_port, settings.prefect_api_url):
        from flows.ask import ask

        result = ask(request, settings=settings)
    if json_out:
        emit_json(result.model_dump(mode="json"))
    else:
        typer.echo(_ask_text(result))


def _check_store(settings: Any) -> None:
    from tasks.knowledge import store
    from tasks.knowledge.embed import provider_from_settings

    provider = provider_from_settings(settings)  # name and dimension only: the model is not loaded here
    with store.connect(settings) as conn:
        store.check_store(conn, model=provider.name, dimension=provider.dimension)


def _ask_text(result: Any) -> str:
    lines = [f"mode: {result.mode} ({result.reason})",
             f"categories: {', '.join(result.categories) or '-'}",
             f"tools: {', '.join(result.tools) or '-'}"]
    if result.variants:
        lines.append(f"variants ({result.expansion}):")
        lines += [f"  [{v.kind}] {v.text}" for v in result.variants]
    if result.expansion_error:
        lines.append(f"  (LLM variants unavailable: {result.expansion_error})")
    lines.append(f"context ({len(result.context)} items, {result.latency_ms:.0f} ms):")
    for n, item in enumerate(result.context, start=1):
        lines += ["", f"[{n}] {item.source}  ({item.kind}, score {item.score:.4g})", item.text]
    if result.answer:
        lines += ["", "answer:", result.answer]
        lines += [f"  [{c['n']}] {c['source']}" for c in result.citations]
    elif result.answer_error:
        lines += ["", f"no answer: {result.answer_error}"]
    return "\n".join(lines)


def bench_retrieval_cmd(
    set_name: str = typer.Option("iterasim", "--set", help="iterasim (28 A-D cases) or ablation30."),
    no_expansion: bool = typer.Option(False, "--no-expansion", help="Search with the question only."),
    no_lexical: bool = typer.Option(False, "--no-lexical", help="Dense (pgvector) lists only."),
    no_mmr: bool = typer.Option(False, "--no-mmr", help="Plain fused order instead of MMR."),
    no_canonical: bool = typer.Option(False, "--no-canonical", help="No pinned canonical sections."),
    no_case_base: bool = typer.Option(False, "--no-case-base", help="No base-case summary from the case base."),
    ablation: bool = typer.Option(False, "--ablation", help="Run full, each component off in turn, and flat "
                                  "(dense only: no expansion, lexical, MMR, canonical or case base); print the table."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout and nothing else."),
) -> None:
    """Score retrieval by the IteraSim paper's Eq. 3 (offline; all queries in one warm process)."""
    from flows.cli import emit_json
    from tasks.bench.retrieval import ABLATIONS, run_benchmark
    from tasks.core.config import get_settings
    from tasks.retrieval.fusion import RetrievalOptions

    if set_name not in ("iterasim", "ablation30"):
        raise UsageError(f"unknown --set {set_name!r}: use iterasim or ablation30")
    if ablation:
        configs = {name: RetrievalOptions(**flags) for name, flags in ABLATIONS.items()}
    else:
        configs = {"run": _options(no_expansion, no_lexical, no_mmr, no_canonical, no_case_base)}
    reports = run_benchmark(set_name, configs, get_settings())
    if ablation:
        rows = [{"config": name, **r.model_dump(include={"mean", "median", "min", "n_perfect"}),
                 "corrected_mean": r.corrected.mean, "latency_ms": r.latency_ms.model_dump()}
                for name, r in reports.items()]
        if json_out:
            emit_json({"set": set_name, "rows": rows, "paper": reports["full"].paper,
                       "cold_start_ms": reports["full"].cold_start_ms,
                       "runs": {name: r.model_dump(mode="json") for name, r in reports.items()}})
        else:
            typer.echo(_ablation_text(set_name, reports))
        return
    report = reports["run"]
    if json_out:
        emit_json(report.model_dump(mode="json"))
    else:
        typer.echo(_report_text(report))


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _report_text(r: Any) -> str:
    paper: dict[str, Any] = r.paper
    lines = [f"retrieval benchmark {r.set}: {r.n} cases, options {r.options}", "",
             f"{'':18}{'Casewright':>12}{'paper':>10}",
             f"{'mean':18}{_pct(r.mean):>12}{paper.get('mean', paper.get('full', '-'))!s:>10}",
             f"{'median':18}{_pct(r.median):>12}{paper.get('median', '-')!s:>10}",
             f"{'min':18}{_pct(r.min):>12}",
             f"{'n_perfect':18}{r.n_perfect:>12}{paper.get('n_perfect', '-')!s:>10}"]
    by_paper = paper.get("by_category", {})
    for cat, s in r.by_category.items():
        lines.append(f"{'  ' + cat + f' (n={s.n})':18}{_pct(s.mean):>12}{by_paper.get(cat, '-')!s:>10}")
    lines += [f"{'corrected solvers':18}{_pct(r.corrected.mean):>12}   (median {_pct(r.corrected.median)}, "
              f"min {_pct(r.corrected.min)}, n_perfect {r.corrected.n_perfect})",
              f"latency p50 {r.latency_ms.p50:.1f} ms, p95 {r.latency_ms.p95:.1f} ms, max {r.latency_ms.max:.1f} ms, "
              f"CPU p50 {r.latency_ms.cpu_p50:.1f} ms at load average {r.latency_ms.load_avg} "
              f"(paper median {paper.get('latency_median_s', '-')} s)",
              f"cold start (ms): {r.cold_start_ms}; queries encoded by {r.encoder}", "",
              f"{'case':6}{'score':>8}{'corr.':>8}{'mode':>10}{'ms':>8}  missing"]
    for c in r.cases:
        lines.append(f"{c.case_id:6}{_pct(c.score):>8}{_pct(c.score_corrected):>8}{c.mode:>10}"
                     f"{c.latency_ms:>8.1f}  {', '.join(c.missing) or '-'}")
    return "\n".join(lines)


def _ablation_text(set_name: str, reports: dict[str, Any]) -> str:
    full = reports["full"]
    paper = full.paper if set_name == "ablation30" else {"full": full.paper.get("mean")}
    lines = [f"ablation on {set_name} ({full.n} queries; paper column: the IteraSim paper's value)", "",
             f"{'config':<28}" + "".join(f"{h:>16}" for h in ABLATION_HEADER[1:]) + f"{'paper':>10}"]
    for name, r in reports.items():
        cells = (_pct(r.mean), _pct(r.median), _pct(r.min), str(r.n_perfect), _pct(r.corrected.mean),
                 f"{r.latency_ms.p50:.1f}", f"{r.latency_ms.p95:.1f}")
        ref = paper.get(name)
        lines.append(f"{name:<28}" + "".join(f"{c:>16}" for c in cells) + f"{f'{ref} %' if ref else '-':>10}")
    lines += ["", f"CPU p50 of the full run {full.latency_ms.cpu_p50:.1f} ms at load average {full.latency_ms.load_avg}; "
              f"cold start (ms): {full.cold_start_ms}; queries encoded by {full.encoder}"]
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add `ask` to the app and `retrieval` to its `bench` sub-app."""
    from flows.cli import user_errors

    app.command("ask")(user_errors(ask_cmd))
    bench = next((g.typer_instance for g in app.registered_groups if g.name == "bench"), None)
    if bench is None:
        raise RuntimeError("flows/cli.py has no `bench` sub-app to register `bench retrieval` on")
    bench.command("retrieval")(user_errors(bench_retrieval_cmd))
