"""`casewright ask` and `casewright bench retrieval`.

`ask` runs the `ask` flow when a Prefect server is running or configured (or with --server);
otherwise the same pipeline without Prefect (flows/ask_pipeline.py), which answers sooner.
"""

from __future__ import annotations

from typing import Any, Optional

import typer

from flows.cli._common import JsonOpt, ServerOpt, finish, run_flow_or_direct

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
    server: Optional[bool] = ServerOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Route a question, retrieve its context block (and answer it when an LLM is configured)."""
    from tasks.core.config import get_settings
    from tasks.core.errors import UsageError

    if not question.strip():
        raise UsageError("the question is empty: pass it in quotes, e.g. casewright ask \"why does k bound?\"")
    settings = get_settings()
    _check_store(settings)  # a missing store is a one-line error here, not a failed flow run
    from flows.ask_pipeline import AskRequest

    request = AskRequest(question=question, tool=tool,
                         options=_options(no_expansion, no_lexical, no_mmr, no_canonical, no_case_base))
    result = run_flow_or_direct("flows.ask:ask", "flows.ask_pipeline:ask_question", request, server=server,
                                settings=settings)
    finish(result, json_out, _ask_text)


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
    if result.parsed_error:
        e = result.parsed_error
        lines += ["", f"error quoted: {e.message}", f"  file {e.case_file or '-'}, entry {e.keyword or e.unknown or '-'}, "
                  f"section {e.section or '-'}"]
    lines += ["", f"answer ({result.answer.generated_by}):", result.answer.summary]
    lines += [f"  [{c['n']}] {c['source']}" for c in result.citations]
    for n, step in enumerate(result.answer.steps, start=1):
        lines += [f"  step {n}: {step.file or '-'}: {step.entry}  ({step.source})"]
        lines += [f"      {line}" for line in (step.example or "").splitlines()]
    if result.answer_error:
        lines += ["", f"no LLM answer: {result.answer_error}"]
    return "\n".join(lines)


def bench_retrieval_cmd(
    set_name: str = typer.Option("iterasim", "--set", help="iterasim (28 A-D cases), ablation30 or questions "
                                 "(the project's own set: term coverage and mode, held-out fifth reported apart)."),
    no_expansion: bool = typer.Option(False, "--no-expansion", help="Search with the question only."),
    no_lexical: bool = typer.Option(False, "--no-lexical", help="Dense (pgvector) lists only."),
    no_mmr: bool = typer.Option(False, "--no-mmr", help="Plain fused order instead of MMR."),
    no_canonical: bool = typer.Option(False, "--no-canonical", help="No pinned canonical sections."),
    no_case_base: bool = typer.Option(False, "--no-case-base", help="No base-case summary from the case base."),
    ablation: bool = typer.Option(False, "--ablation", help="Run full, each component off in turn, and flat "
                                  "(dense only: no expansion, lexical, MMR, canonical or case base); print the table."),
    json_out: bool = JsonOpt,
) -> None:
    """Score retrieval by the IteraSim paper's Eq. 3 (offline; all queries in one warm process)."""
    from tasks.bench.retrieval import ABLATIONS, run_benchmark
    from tasks.core.config import get_settings
    from tasks.core.errors import UsageError
    from tasks.retrieval.fusion import RetrievalOptions

    if set_name not in ("iterasim", "ablation30", "questions"):
        raise UsageError(f"unknown --set {set_name!r}: use iterasim, ablation30 or questions")
    if set_name == "questions":
        from tasks.bench.retrieval import run_questions

        report = run_questions(_options(no_expansion, no_lexical, no_mmr, no_canonical, no_case_base), get_settings())
        finish(report, json_out, _questions_text)
        return
    if ablation:
        configs = {name: RetrievalOptions(**flags) for name, flags in ABLATIONS.items()}
    else:
        configs = {"run": _options(no_expansion, no_lexical, no_mmr, no_canonical, no_case_base)}
    reports = run_benchmark(set_name, configs, get_settings())
    if not ablation:
        finish(reports["run"], json_out, _report_text)
    rows = [{"config": name, **r.model_dump(include={"mean", "median", "min", "n_perfect"}),
             "corrected_mean": r.corrected.mean, "latency_ms": r.latency_ms.model_dump()}
            for name, r in reports.items()]
    table = {"set": set_name, "rows": rows, "paper": reports["full"].paper,
             "cold_start_ms": reports["full"].cold_start_ms,
             "runs": {name: r.model_dump(mode="json") for name, r in reports.items()}}
    finish(table, json_out, lambda _: _ablation_text(set_name, reports))


def _questions_text(r: Any) -> str:
    s = r.summary
    lines = [f"question set: {s.n} questions, term coverage mean {_pct(s.mean)} (development {_pct(s.dev_mean)}, "
             f"held-out {_pct(s.held_out_mean)}), mode right {_pct(s.mode_accuracy)}",
             f"latency p50 {s.latency_ms.p50:.1f} ms, p95 {s.latency_ms.p95:.1f} ms", "", "by topic:"]
    lines += [f"  {topic:28}{_pct(v):>8}" for topic, v in s.by_topic.items()]
    lines += ["", f"{'id':10}{'topic':28}{'cover':>8}{'mode':>10}  missing"]
    lines += [f"{c.id:10}{c.topic:28}{_pct(c.coverage):>8}{c.mode + ('' if c.mode_ok else '!'):>10}  "
              f"{'(held out)' if c.held_out else ', '.join(c.missing) or '-'}" for c in r.cases]
    return "\n".join(lines)


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
