"""What every command shares: the common options, JSON output, and the one shape of a command
that runs a flow: settings -> Prefect session -> flow -> JSON or text -> exit code.

Nothing here imports prefect at module level: `config`, `kb` and `--help` never start it.
"""

from __future__ import annotations

import importlib
import json
import logging
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from pydantic import BaseModel
from rich.console import Console

if TYPE_CHECKING:
    from tasks.core.config import Settings

err = Console(stderr=True)

JsonOpt = typer.Option(False, "--json", help="Print one JSON object on stdout and nothing else.")
BackendOpt = typer.Option(None, "--backend", help="docker | native (default: config, auto).")

BACKENDS = ("docker", "native", "auto")


DEBUG: ContextVar[bool] = ContextVar("casewright_debug", default=False)
"""`casewright --debug` (or CASEWRIGHT_DEBUG=1): set by the root callback for the running command."""


def emit_json(payload: Any) -> None:
    sys.stdout.write(json.dumps(payload, default=str) + "\n")
    sys.stdout.flush()


def check_backend(backend: str | None) -> None:
    from tasks.core.errors import UsageError

    if backend not in (None, *BACKENDS):
        raise UsageError(f"unknown backend {backend!r}: use docker, native or auto")


def run_flow(ref: str, *args: Any, settings: Settings | None = None, **kwargs: Any) -> Any:
    """Run the flow `ref` ("module:function") under the Prefect session and return its result.

    The flow is called with `settings=` (loaded here unless given). Its module is imported
    inside the session: Prefect configures its logging when first imported, and the session
    sets the level it starts with (WARNING).
    """
    from flows.server import prefect_session
    from tasks.core.config import get_settings

    settings = settings or get_settings()
    module, _, name = ref.partition(":")
    with prefect_session(settings.prefect_port, settings.prefect_api_url):
        flow = getattr(importlib.import_module(module), name)
        with _run_failures_hidden(not DEBUG.get()):
            return flow(*args, settings=settings, **kwargs)


def finish(result: BaseModel | Mapping[str, Any], json_out: bool, text: Callable[[Any], str],
           ok: bool = True) -> NoReturn:
    """Print the result (one JSON object with --json, else `text(result)`) and exit 0 if ok, else 1."""
    if json_out:
        emit_json(result.model_dump(mode="json") if isinstance(result, BaseModel) else result)
    else:
        typer.echo(text(result))
    raise typer.Exit(0 if ok else 1)


class _RunFailureFilter(logging.Filter):
    """Drops Prefect's console records of a failed flow or task run: the traceback and the
    `Finished in state Failed(...)` line. The CLI reports that failure itself, as one line;
    the records still reach the Prefect API (the dashboard)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.ERROR or not record.name.startswith(("prefect.flow_runs", "prefect.task_runs")):
            return True
        return not (record.exc_info or record.getMessage().startswith("Finished in state Failed"))


@contextmanager
def _run_failures_hidden(enabled: bool) -> Iterator[None]:
    """Apply _RunFailureFilter to Prefect's console handlers (not to its API handler)."""
    if not enabled:
        yield
        return
    from prefect.logging.handlers import PrefectConsoleHandler

    handlers = [h for h in logging.getLogger().handlers if isinstance(h, PrefectConsoleHandler)]
    quiet = _RunFailureFilter()
    for handler in handlers:
        handler.addFilter(quiet)
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(quiet)
