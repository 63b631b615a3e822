"""Progress of the long loops (ingest batches, benchmark cases, sweep variants), reported to
whoever listens without knowing who: a loop calls `report_progress(label, done, total)` (or
iterates through `counted`), the CLI listens with `progress_to(callback)` and draws bars on
stderr. Nobody listening (a test, the MCP server, a flow run from elsewhere) costs nothing.

The listener is a context variable: it follows the command into its flow and the flow's tasks
(Prefect runs them in a copy of the caller's context).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

Progress = Callable[[str, int, "int | None"], None]  # (label, done, total)
T = TypeVar("T")

_listener: ContextVar[Progress | None] = ContextVar("casewright_progress", default=None)


def report_progress(label: str, done: int, total: int | None) -> None:
    """`done` of `total` (None: unknown) items of the loop called `label` are finished."""
    callback = _listener.get()
    if callback is not None:
        callback(label, done, total)


@contextmanager
def progress_to(callback: Progress | None) -> Iterator[None]:
    """Send the progress reported in this context to `callback` (None: to nobody)."""
    token = _listener.set(callback)
    try:
        yield
    finally:
        _listener.reset(token)


def counted(items: Sequence[T], label: str) -> Iterator[T]:
    """The items, reporting 0 of n before the first and i of n after the i-th is done."""
    total = len(items)
    report_progress(label, 0, total)
    for done, item in enumerate(items, start=1):
        yield item
        report_progress(label, done, total)
