"""`casewright ingest` and `casewright kb cases`: the knowledge-store commands.

With --json, stdout carries one JSON object and progress goes to stderr.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer

from flows.cli._common import JsonOpt, ProgressOpt, finish, progress_bars, run_flow, show_progress


def ingest_cmd(
    source: Optional[list[Path]] = typer.Option(
        None, "--source", help="A folder of notes and/or OpenFOAM cases to add (repeatable)."
    ),
    rebuild: bool = typer.Option(False, "--rebuild", help="Drop the store and rebuild it from scratch."),
    only: Optional[list[str]] = typer.Option(
        None, "--only", help="Ingest only these kinds of source (repeatable): tutorial, caseDict, help, canonical, "
                             "user. Sources not named are left as they are in the store."),
    progress: Optional[bool] = ProgressOpt,
    json_out: bool = JsonOpt,
) -> None:
    """Build or refresh the knowledge store (tutorials, caseDicts, OpenFOAM help, canonical notes)."""
    from flows.ingest import IngestRequest
    from tasks.core.config import get_settings
    from tasks.core.errors import UsageError
    from tasks.knowledge.corpus import ALL_KINDS

    sources = source or []
    missing = [str(s) for s in sources if not s.is_dir()]
    if missing:
        raise UsageError(f"--source must be a directory: {', '.join(missing)} not found")
    unknown = sorted(set(only or []) - set(ALL_KINDS))
    if unknown:
        raise UsageError(f"--only {', '.join(unknown)}: not a kind of source; use {', '.join(ALL_KINDS)}")
    settings = get_settings()
    request = IngestRequest(sources=[s.resolve() for s in sources], rebuild=rebuild,
                            kinds=list(dict.fromkeys(only)) if only else list(ALL_KINDS))
    with progress_bars(show_progress(progress, json_out)):
        summary = run_flow("flows.ingest:ingest_corpus", request, settings=settings)
    finish(summary, json_out, _ingest_text)


def _ingest_text(summary: Any) -> str:
    return (
        f"ingested {summary.documents_seen} documents in {summary.seconds:.1f} s: {summary.added} added, "
        f"{summary.changed} changed, {summary.removed} removed, {summary.skipped} unchanged; "
        f"{summary.chunks_total} chunks in the store, {summary.embedded} texts embedded "
        f"({summary.embedding_model}); {summary.cases} cases in the case base; questions encoded by "
        f"{summary.query_encoder}"
    )


def kb_cases_cmd(
    solver: Optional[str] = typer.Option(None, "--solver", help="e.g. simpleFoam"),
    turbulence: Optional[str] = typer.Option(None, "--turbulence", help="e.g. kOmegaSST, laminar, LES"),
    limit: int = typer.Option(5, "--limit", min=1, help="How many base cases to list."),
    json_out: bool = JsonOpt,
) -> None:
    """Base cases for a solver / turbulence model, with the cascading fallback explained."""
    from tasks.core.errors import UsageError
    from tasks.knowledge import store
    from tasks.knowledge.casebase import lookup_cases

    with store.connect() as conn:
        records = store.fetch_cases(conn)
    if not records:
        raise UsageError("the case base is empty: run `casewright ingest` first")
    found = lookup_cases(records, solver=solver, turbulence=turbulence, limit=limit)
    payload = {"solver": found.solver, "turbulence": found.turbulence, "compressibility": found.compressibility,
               "relaxed": found.relaxed,
               "cases": [c.model_dump(mode="json", exclude={"fields", "files"}) for c in found.cases]}
    finish(payload, json_out, lambda _: _cases_text(found))


def _cases_text(found: Any) -> str:
    relaxed = "exact match" if found.relaxed is None else f"relaxed: {found.relaxed}"
    lines = [f"{len(found.cases)} base case(s) ({relaxed})"]
    for case in found.cases:
        turb = " ".join(x for x in (case.simulation_type, case.turbulence_model) if x) or "-"
        lines.append(f"  {case.case}  [{case.solver}, {turb}, {case.compressibility or '-'}, "
                     f"{case.algorithm or '-'}, mesh {case.mesh_method}]")
    return "\n".join(lines)
