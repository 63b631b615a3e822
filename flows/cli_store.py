"""`casewright ingest` and `casewright kb cases`: the knowledge-store commands.

flows/cli.py calls `register(app)`. Errors are CasewrightError subclasses; the CLI edge turns
them into one line. With --json, stdout carries one JSON object and progress goes to stderr.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Optional

import typer

from tasks.core.errors import CasewrightError, UsageError

kb_app = typer.Typer(help="Inspect the knowledge store.", no_args_is_help=True)


def _emit(payload: Any) -> None:
    sys.stdout.write(json.dumps(payload, default=str) + "\n")
    sys.stdout.flush()


def _fail(exc: CasewrightError, json_out: bool) -> None:
    from rich.console import Console

    if json_out:
        _emit({"error": str(exc), "kind": type(exc).__name__})
    Console(stderr=True).print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
    raise typer.Exit(exc.exit_code)


def ingest_cmd(
    source: Optional[list[Path]] = typer.Option(
        None, "--source", help="A folder of notes and/or OpenFOAM cases to add (repeatable)."
    ),
    rebuild: bool = typer.Option(False, "--rebuild", help="Drop the store and rebuild it from scratch."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout and nothing else."),
) -> None:
    """Build or refresh the knowledge store (tutorials, caseDicts, OpenFOAM help, canonical notes)."""
    try:
        summary = _run_ingest(source or [], rebuild)
    except CasewrightError as exc:
        _fail(exc, json_out)
        return
    if json_out:
        _emit(summary.model_dump(mode="json"))
        return
    typer.echo(
        f"ingested {summary.documents_seen} documents in {summary.seconds:.1f} s: {summary.added} added, "
        f"{summary.changed} changed, {summary.removed} removed, {summary.skipped} unchanged; "
        f"{summary.chunks_total} chunks in the store, {summary.embedded} texts embedded "
        f"({summary.embedding_model}); {summary.cases} cases in the case base; questions encoded by "
        f"{summary.query_encoder}"
    )


def _run_ingest(sources: list[Path], rebuild: bool) -> Any:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from flows.ingest import IngestRequest, ingest_corpus, progress_to
    from flows.server import prefect_session
    from tasks.core.config import get_settings

    missing = [str(s) for s in sources if not s.is_dir()]
    if missing:
        raise UsageError(f"--source must be a directory: {', '.join(missing)} not found")
    settings = get_settings()
    request = IngestRequest(sources=[s.resolve() for s in sources], rebuild=rebuild)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        tasks: dict[str, Any] = {}

        def on_progress(phase: str, done: int, total: int) -> None:
            label = {"discover": "reading sources", "embed": "embedding + storing documents"}.get(phase, phase)
            if phase not in tasks:
                tasks[phase] = bar.add_task(label, total=total)
            bar.update(tasks[phase], completed=done, total=total)

        with prefect_session(settings.prefect_port, settings.prefect_api_url), progress_to(on_progress):
            return ingest_corpus(request, settings=settings)


def kb_cases_cmd(
    solver: Optional[str] = typer.Option(None, "--solver", help="e.g. simpleFoam"),
    turbulence: Optional[str] = typer.Option(None, "--turbulence", help="e.g. kOmegaSST, laminar, LES"),
    limit: int = typer.Option(5, "--limit", min=1, help="How many base cases to list."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object on stdout and nothing else."),
) -> None:
    """Base cases for a solver / turbulence model, with the cascading fallback explained."""
    from tasks.knowledge import store
    from tasks.knowledge.casebase import lookup_cases

    try:
        with store.connect() as conn:
            records = store.fetch_cases(conn)
        if not records:
            raise UsageError("the case base is empty: run `casewright ingest` first")
        found = lookup_cases(records, solver=solver, turbulence=turbulence, limit=limit)
    except CasewrightError as exc:
        _fail(exc, json_out)
        return
    if json_out:
        _emit({"solver": found.solver, "turbulence": found.turbulence, "compressibility": found.compressibility,
               "relaxed": found.relaxed,
               "cases": [c.model_dump(mode="json", exclude={"fields", "files"}) for c in found.cases]})
        return
    relaxed = "exact match" if found.relaxed is None else f"relaxed: {found.relaxed}"
    typer.echo(f"{len(found.cases)} base case(s) ({relaxed})")
    for case in found.cases:
        turb = " ".join(x for x in (case.simulation_type, case.turbulence_model) if x) or "-"
        typer.echo(f"  {case.case}  [{case.solver}, {turb}, {case.compressibility or '-'}, "
                   f"{case.algorithm or '-'}, mesh {case.mesh_method}]")


def register(app: typer.Typer) -> None:
    """Add `ingest` and the `kb` sub-app to the casewright CLI."""
    app.command("ingest")(ingest_cmd)
    kb_app.command("cases")(kb_cases_cmd)
    app.add_typer(kb_app, name="kb")
