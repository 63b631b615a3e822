"""What every command shares: the common options, JSON output, and the one shape of a command
that runs a flow: settings -> Prefect session -> flow -> JSON or text -> exit code.

Nothing here imports prefect at module level: `config`, `kb`, `--help` and `ask` without a
Prefect server (run_flow_or_direct) never import it.
"""

from __future__ import annotations

import importlib
import json
import logging
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from pydantic import BaseModel
from rich.console import Console

if TYPE_CHECKING:
    from tasks.core.config import Settings

err = Console(stderr=True)

JsonOpt = typer.Option(False, "--json", help="Print one JSON object on stdout and nothing else.")
BackendOpt = typer.Option(None, "--backend", help="docker | native (default: config, auto).")

ProgressOpt = typer.Option(None, "--progress/--no-progress",
                           help="Progress bars on stderr (default: on, but off with --json).")

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


def run_flow(ref: str, *args: Any, settings: Settings | None = None,
             on_log: Callable[[logging.LogRecord], None] | None = None, **kwargs: Any) -> Any:
    """Run the flow `ref` ("module:function") under the Prefect session and return its result.

    The flow is called with `settings=` (loaded here unless given). Its module is imported
    inside the session: Prefect configures its logging when first imported, and the session
    sets the level it starts with (WARNING). `on_log` sees every INFO record of the run's flow
    and task loggers (progress bars read them).
    """
    from flows.server import prefect_session
    from tasks.core.config import get_settings

    settings = settings or get_settings()
    module, _, name = ref.partition(":")
    with prefect_session(settings.prefect_port, settings.prefect_api_url):
        flow = getattr(importlib.import_module(module), name)
        with _run_failures_hidden(not DEBUG.get()), _run_logs_to(on_log):
            return flow(*args, settings=settings, **kwargs)


ServerOpt = typer.Option(None, "--server/--no-server",
                         help="Run as a Prefect flow, tracked in the dashboard (starts the local server if "
                              "needed). Default: only when a Prefect server is running or PREFECT_API_URL is set.")


def server_wanted(server: bool | None, settings: Settings) -> bool:
    """Whether a command that can run without Prefect runs as a flow: `--server`/`--no-server`
    when given, else when a server is configured (PREFECT_API_URL) or answers on the local port."""
    if server is not None:
        return server
    if settings.prefect_api_url:
        return True
    from flows.server import HOST, api_url, healthy

    return _listening(HOST, settings.prefect_port) and healthy(api_url(settings.prefect_port), timeout=0.5)


def _listening(host: str, port: int) -> bool:
    """Something accepts connections on host:port (a refused connect costs well under a millisecond;
    urllib's import, for the health check, about 30 ms)."""
    import socket

    try:
        with socket.create_connection((host, port), timeout=0.2):
            return True
    except OSError:
        return False


def run_flow_or_direct(flow_ref: str, direct_ref: str, *args: Any, server: bool | None,
                       settings: Settings | None = None, **kwargs: Any) -> Any:
    """Run the flow `flow_ref` as run_flow does when `server_wanted`; otherwise call `direct_ref`
    ("module:function", the same pipeline with its steps called directly and no Prefect
    import) with the same arguments and `settings=`."""
    from tasks.core.config import get_settings

    settings = settings or get_settings()
    if server_wanted(server, settings):
        return run_flow(flow_ref, *args, settings=settings, **kwargs)
    module, _, name = direct_ref.partition(":")
    return getattr(importlib.import_module(module), name)(*args, settings=settings, **kwargs)


class _CallbackHandler(logging.Handler):
    def __init__(self, callback: Callable[[logging.LogRecord], None]) -> None:
        super().__init__(logging.INFO)
        self.callback = callback

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.callback(record)
        except Exception:  # noqa: BLE001 - a progress display never stops a run
            self.handleError(record)


RUN_LOGGERS = ("prefect.flow_runs", "prefect.task_runs")


@contextmanager
def _run_logs_to(callback: Callable[[logging.LogRecord], None] | None) -> Iterator[None]:
    if callback is None:
        yield
        return
    handler = _CallbackHandler(callback)
    for name in RUN_LOGGERS:
        logging.getLogger(name).addHandler(handler)
    try:
        yield
    finally:
        for name in RUN_LOGGERS:
            logging.getLogger(name).removeHandler(handler)


@dataclass(frozen=True)
class Outcome:
    """What a command finished with: its --json object and its exit code."""

    payload: Any
    exit_code: int


_CAPTURE: ContextVar[list[Outcome] | None] = ContextVar("casewright_capture", default=None)


@contextmanager
def captured_outcome() -> Iterator[list[Outcome]]:
    """Run a command function in-process (the MCP server): `finish` records the object the command
    would print with --json, and its exit code, into the yielded list instead of printing."""
    outcomes: list[Outcome] = []
    token = _CAPTURE.set(outcomes)
    try:
        yield outcomes
    finally:
        _CAPTURE.reset(token)


def json_ready(result: BaseModel | Mapping[str, Any]) -> Any:
    """The object `--json` prints, as plain JSON values."""
    payload = result.model_dump(mode="json") if isinstance(result, BaseModel) else result
    return json.loads(json.dumps(payload, default=str))


def finish(result: BaseModel | Mapping[str, Any], json_out: bool, text: Callable[[Any], str],
           ok: bool = True) -> NoReturn:
    """Print the result (one JSON object with --json, else `text(result)`) and exit 0 if ok, else 1."""
    code = 0 if ok else 1
    captured = _CAPTURE.get()
    if captured is not None:
        captured.append(Outcome(payload=json_ready(result), exit_code=code))
    elif json_out:
        emit_json(result.model_dump(mode="json") if isinstance(result, BaseModel) else result)
    else:
        typer.echo(text(result))
    raise typer.Exit(code)


def show_progress(progress: bool | None, json_out: bool) -> bool:
    """Bars unless asked not to; with --json only when asked (--progress): scripts read stderr too."""
    return (not json_out) if progress is None else progress


class ProgressBars:
    """Named progress bars on stderr (`update(label, done, total)`): rich bars on a terminal, one
    plain `label: done/total` line per change otherwise (a log file, a pipe); nothing when disabled."""

    def __init__(self, progress: Any | None, lines: bool = False) -> None:
        self._progress = progress
        self._lines = lines
        self._tasks: dict[str, Any] = {}
        self._last: dict[str, tuple[int, int | None]] = {}

    def update(self, label: str, done: int, total: int | None) -> None:
        if self._lines:
            if self._last.get(label) != (done, total):
                self._last[label] = (done, total)
                err.print(f"{label}: {done}/{total if total is not None else '?'}", highlight=False,
                          soft_wrap=True)
            return
        if self._progress is None:
            return
        if label not in self._tasks:
            self._tasks[label] = self._progress.add_task(label, total=total)
        self._progress.update(self._tasks[label], completed=done, total=total)


@contextmanager
def progress_bars(enabled: bool) -> Iterator[ProgressBars]:
    """Progress on stderr for the duration of a command: what the flows and tasks report with
    tasks/core/progress.report_progress, as transient rich bars (gone when the command ends).
    Never on stdout, so --json output stays one object."""
    from tasks.core.progress import progress_to

    if not enabled or _CAPTURE.get() is not None:
        yield ProgressBars(None)
        return
    if not err.is_terminal:
        bars = ProgressBars(None, lines=True)
        with progress_to(bars.update):
            yield bars
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        bars = ProgressBars(progress)
        with progress_to(bars.update):
            yield bars


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
