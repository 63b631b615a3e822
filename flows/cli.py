"""The `casewright` command. Errors become one line and an exit code here, at the edge."""

from __future__ import annotations

import json
import sys
from functools import wraps
from pathlib import Path
from typing import Any, Callable, Optional

import typer
from rich.console import Console

from tasks.core.errors import CasewrightError

app = typer.Typer(
    name="casewright",
    help="Turn CFD requests into validated, runnable OpenFOAM cases (offline first).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
server_app = typer.Typer(help="The local Prefect server and dashboard (127.0.0.1).", no_args_is_help=True)
app.add_typer(server_app, name="server")
bench_app = typer.Typer(help="Benchmarks: retrieval, executability, repair.", no_args_is_help=True)
app.add_typer(bench_app, name="bench")

err = Console(stderr=True)

JsonOpt = typer.Option(False, "--json", help="Print one JSON object on stdout and nothing else.")


def emit_json(payload: Any) -> None:
    sys.stdout.write(json.dumps(payload, default=str) + "\n")
    sys.stdout.flush()


def check_backend(backend: str | None) -> None:
    from tasks.core.errors import UsageError

    if backend not in (None, "docker", "native", "auto"):
        raise UsageError(f"unknown backend {backend!r}: use docker, native or auto")


def user_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn CasewrightError into `error: ...` (and {"error": ...} with --json) and its exit code."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except CasewrightError as exc:
            if kwargs.get("json_out"):
                emit_json({"error": str(exc), "kind": type(exc).__name__})
            err.print(f"[red]error:[/red] {exc}", highlight=False, soft_wrap=True)
            raise typer.Exit(exc.exit_code) from None

    return wrapper


@app.command("config")
@user_errors
def config_cmd(json_out: bool = JsonOpt) -> None:
    """Show the effective configuration (secrets masked)."""
    from tasks.core.config import load_settings

    data = load_settings().public_dict()
    if json_out:
        emit_json(data)
    else:
        for key, value in data.items():
            typer.echo(f"{key} = {value}")


@app.command("run-case")
@user_errors
def run_case_cmd(
    case_dir: Path = typer.Argument(..., help="An OpenFOAM case directory (holding system/controlDict)."),
    backend: Optional[str] = typer.Option(None, "--backend", help="docker | native (default: config, auto)."),
    json_out: bool = JsonOpt,
) -> None:
    """Run an existing case as it is and report how far it got."""
    from flows.server import prefect_session
    from tasks.core.config import get_settings

    check_backend(backend)
    settings = get_settings()
    with prefect_session(settings.prefect_port, settings.prefect_api_url):
        from flows.case import run_case

        report = run_case(case_dir, backend=backend, settings=settings)
    if json_out:
        emit_json(report.model_dump(mode="json"))
    else:
        from tasks.run.report import report_markdown

        typer.echo(report_markdown(report))
    raise typer.Exit(0 if report.status == "completed" else 1)


@app.command("new")
@user_errors
def new_cmd(
    request: str = typer.Argument(..., help="The case in plain language, e.g. \"pitzDaily with k-omega SST, inlet 15 m/s\"."),
    out: Path = typer.Option(..., "-o", "--out", help="Folder to write the case into (new or empty)."),
    example: Optional[Path] = typer.Option(None, "--example", help="A case of yours to use as the base when it fits."),
    no_run: bool = typer.Option(False, "--no-run", help="Write and check the case, do not run it."),
    no_review: bool = typer.Option(False, "--no-review", help="Report a failing run as it is (no Reviewer repair)."),
    force: bool = typer.Option(False, "--force", help="Write into a non-empty folder (its content is kept under .casewright/previous-*)."),
    backend: Optional[str] = typer.Option(None, "--backend", help="docker | native (default: config, auto)."),
    json_out: bool = JsonOpt,
) -> None:
    """Turn a request into a case, check it, run it and score it (0-4)."""
    from flows.server import prefect_session
    from tasks.core.config import get_settings
    from tasks.core.errors import UsageError
    from tasks.plan.manifest import CaseRequest

    check_backend(backend)
    if example is not None and not (example / "system" / "controlDict").is_file():
        raise UsageError(f"--example {example} is not an OpenFOAM case (no system/controlDict)")
    settings = get_settings()
    req = CaseRequest(text=request, out_dir=out, example_dir=example, run=not no_run, review=not no_review,
                      force=force, backend=backend)
    with prefect_session(settings.prefect_port, settings.prefect_api_url):
        from flows.case import request_to_case

        result = request_to_case(req, settings=settings)
    if json_out:
        emit_json(result.model_dump(mode="json"))
    else:
        from tasks.edit.generate import result_markdown

        typer.echo(result_markdown(result))
    raise typer.Exit(0 if result.status in ("completed", "written") else 1)


@app.command("modify")
@user_errors
def modify_cmd(
    case_dir: Path = typer.Argument(..., help="An existing OpenFOAM case to change."),
    request: str = typer.Argument(..., help="The change, e.g. \"switch to k-omega SST\" or \"inlet 15 m/s\"."),
    no_run: bool = typer.Option(False, "--no-run", help="Apply and check the change, do not run."),
    backend: Optional[str] = typer.Option(None, "--backend", help="docker | native (default: config, auto)."),
    show_diff: bool = typer.Option(False, "--diff", help="Print the unified diff of the change."),
    json_out: bool = JsonOpt,
) -> None:
    """Change an existing case (minimal diffs, backups kept), run it, and repair it if it fails."""
    from flows.server import prefect_session
    from tasks.core.config import get_settings

    check_backend(backend)
    settings = get_settings()
    with prefect_session(settings.prefect_port, settings.prefect_api_url):
        from flows.modify import modify_case

        result = modify_case(case_dir, request, run=not no_run, backend=backend, settings=settings)
    if json_out:
        emit_json(result.model_dump(mode="json"))
    else:
        typer.echo(f"{result.case_dir}: {result.status}" + (f", score {result.score}/4" if result.score is not None else ""))
        typer.echo(f"  {result.score_reason}")
        typer.echo("  changed: " + ", ".join(result.changed))
        for line in result.assumptions:
            typer.echo(f"  assumed: {line}")
        for line in result.warnings:
            typer.echo(f"  warning: {line}")
        if result.backup:
            typer.echo(f"  backup: {result.backup}")
        if show_diff:
            typer.echo(result.diff)
    raise typer.Exit(0 if result.status in ("completed", "changed") else 1)


@server_app.command("start")
@user_errors
def server_start(json_out: bool = JsonOpt) -> None:
    """Start the local Prefect server (reused by every command) and print the dashboard URL."""
    from flows import server as prefect_server
    from tasks.core.config import get_settings

    st = prefect_server.start(get_settings().prefect_port)
    emit_json(st.model_dump()) if json_out else typer.echo(prefect_server.describe(st))


@server_app.command("stop")
@user_errors
def server_stop(json_out: bool = JsonOpt) -> None:
    """Stop the local Prefect server that casewright started."""
    from flows import server as prefect_server
    from tasks.core.config import get_settings

    st = prefect_server.stop(get_settings().prefect_port)
    emit_json(st.model_dump()) if json_out else typer.echo(prefect_server.describe(st))


@server_app.command("status")
@user_errors
def server_status(json_out: bool = JsonOpt) -> None:
    """Say whether the Prefect server runs, and where its dashboard is."""
    from flows import server as prefect_server
    from tasks.core.config import get_settings

    settings = get_settings()
    st = prefect_server.status(settings.prefect_port, settings.prefect_api_url)
    emit_json(st.model_dump()) if json_out else typer.echo(prefect_server.describe(st))


def _register_optional() -> None:
    """Commands that live in their own modules register themselves here."""
    import importlib

    for name in ("flows.cli_store", "flows.cli_review", "flows.cli_retrieval", "flows.cli_bench", "flows.cli_sweep"):
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(app)


_register_optional()


def main() -> None:
    app()


if __name__ == "__main__":
    # Run the package's copy of this module (`flows.cli`), where the optional command modules
    # registered themselves, not the `__main__` copy that `python -m flows.cli` executes.
    from flows import cli as _package_cli

    _package_cli.main()
