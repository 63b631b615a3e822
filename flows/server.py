"""The local Prefect server: started on demand on 127.0.0.1, reused by every command.

A running server makes each flow run cost about a second of overhead, where Prefect's
temporary (ephemeral) server costs several seconds per process (BENCHMARKS.md), so
commands start one in the background when none is running and leave it for the next.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import InfrastructureError
from tasks.core.paths import data_dir

HOST = "127.0.0.1"


class ServerStatus(BaseModel):
    model_config = ConfigDict(extra="forbid")

    running: bool
    api_url: str
    dashboard_url: str
    pid: int | None = None
    managed: bool = True  # False when PREFECT_API_URL points at someone else's server


def prefect_home() -> Path:
    return data_dir() / "prefect"


def _pid_file() -> Path:
    return prefect_home() / "server.pid"


def base_env() -> dict[str, str]:
    """Prefect settings for every process here: own home, SQLite, no analytics, and logging that
    sends run logs at INFO to the API (the dashboard's Logs tab) while the terminal shows only
    warnings. PREFECT_LOGGING_LEVEL and PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL, when the user
    sets them, win (a user who asks for DEBUG sees it in the terminal too)."""
    home = prefect_home()
    level = os.environ.get("PREFECT_LOGGING_LEVEL")
    return {
        "PREFECT_HOME": str(home),
        "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        "DO_NOT_TRACK": "1",
        "PREFECT_API_DATABASE_CONNECTION_URL": f"sqlite+aiosqlite:///{home / 'prefect.db'}",
        # the level of the prefect loggers, hence of what the API handler receives
        "PREFECT_LOGGING_LEVEL": level or "INFO",
        # a logging.yml override (PREFECT_LOGGING_<path>_<key>): the console handler's own level
        "PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL": os.environ.get("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL",
                                                                 level or "WARNING"),
    }


def server_env(port: int) -> dict[str, str]:
    """base_env plus where the server listens and where its dashboard finds the API.

    The dashboard reads the API URL from the server's /ui-settings (PREFECT_UI_API_URL) and
    calls `{api_url}/health`: empty, it calls /health, gets a 404 and shows no data ("Can't
    connect to Server API at ." or "Not Found").
    Unset, the server derives it from PREFECT_API_URL or PREFECT_SERVER_API_HOST/PORT (4200
    by default), not from `--port`, so it is set for the port actually used. PREFECT_UI_URL is
    what the server puts in links to runs (automation notifications).

    The V1 dashboard is served: Prefect 3.9's V2 dashboard loads Amplitude on every page and asks
    sr-client-cfg.amplitude.com for a remote config whatever the analytics settings say, and
    nothing here may reach beyond 127.0.0.1. V1 makes no outside request
    (tests/integration/test_dashboard.py checks it in a real browser).
    """
    return {
        **base_env(),
        "PREFECT_SERVER_UI_V2_ENABLED": "false",
        "PREFECT_SERVER_API_HOST": HOST,
        "PREFECT_SERVER_API_PORT": str(port),
        "PREFECT_UI_API_URL": api_url(port),
        "PREFECT_UI_URL": dashboard_url(port),
    }


def api_url(port: int) -> str:
    return f"http://{HOST}:{port}/api"


def dashboard_url(port: int) -> str:
    return f"http://{HOST}:{port}"


def ui_settings(port: int, timeout: float = 1.0) -> dict[str, Any]:
    """What the running server tells its dashboard (/ui-settings; empty when it does not answer)."""
    try:
        with urllib.request.urlopen(f"{dashboard_url(port)}/ui-settings", timeout=timeout) as resp:
            return json.load(resp)
    except (urllib.error.URLError, OSError, ValueError):
        return {}


def _outdated(port: int, api: str) -> bool:
    """A server of ours started by an older casewright: its dashboard was given another API URL
    (PREFECT_UI_API_URL empty), or it serves the V2 dashboard, which calls an outside host."""
    settings = ui_settings(port)
    return bool(settings) and (settings.get("api_url") != api or settings.get("default_ui") == "v2")


def healthy(url: str, timeout: float = 1.0) -> bool:
    try:
        with urllib.request.urlopen(f"{url.rstrip('/')}/health", timeout=timeout) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError, ValueError):
        return False


def _read_pid() -> int | None:
    try:
        pid = int(_pid_file().read_text().strip())
    except (OSError, ValueError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass
    return pid


def status(port: int, external_url: str | None = None) -> ServerStatus:
    if external_url:
        return ServerStatus(
            running=healthy(external_url), api_url=external_url,
            dashboard_url=external_url.removesuffix("/api"), managed=False,
        )
    url = api_url(port)
    return ServerStatus(
        running=healthy(url), api_url=url, dashboard_url=dashboard_url(port), pid=_read_pid()
    )


def start(port: int, timeout_s: float = 90.0) -> ServerStatus:
    """Start the server in the background (idempotent) and wait until it answers.

    A server of ours started by an older version (see _outdated) is restarted, so the dashboard
    works, and stays on 127.0.0.1, after an upgrade.
    """
    current = status(port)
    if current.running and current.pid is not None and _outdated(port, current.api_url):
        current = stop(port)
    if current.running:
        return current
    home = prefect_home()
    home.mkdir(parents=True, exist_ok=True)
    log_file = open(home / "server.log", "ab")
    proc = subprocess.Popen(
        [sys.executable, "-m", "prefect", "server", "start", "--host", HOST, "--port", str(port)],
        env={**os.environ, **server_env(port)},
        stdout=log_file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    _pid_file().write_text(str(proc.pid))
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if healthy(api_url(port)):
            return status(port)
        if proc.poll() is not None:
            break
        time.sleep(0.3)
    raise InfrastructureError(
        f"the Prefect server did not come up on {HOST}:{port}; see {home / 'server.log'} "
        f"(is the port taken? set CASEWRIGHT_PREFECT_PORT)"
    )


def stop(port: int) -> ServerStatus:
    """Stop the server this tool started (by its recorded PID), if any."""
    pid = _read_pid()
    if pid is not None:
        try:
            os.killpg(pid, signal.SIGTERM)
        except (ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and _read_pid() is not None:
            time.sleep(0.2)
    _pid_file().unlink(missing_ok=True)
    return status(port)


@contextmanager
def prefect_session(port: int, external_url: str | None = None, autostart: bool = True) -> Iterator[str]:
    """Point Prefect at the right API for the duration of a command.

    Uses PREFECT_API_URL when the user set one; otherwise the local server, started when
    none runs (autostart). Yields the API URL in use.
    """
    from prefect.settings import (
        PREFECT_API_URL,
        PREFECT_FLOWS_HEARTBEAT_FREQUENCY,
        PREFECT_HOME,
        temporary_settings,
    )

    url = external_url or api_url(port)
    if not external_url and not healthy(url):
        if not autostart:
            raise InfrastructureError(f"no Prefect server on {url}; run `casewright server start`")
        start(port)
    for key, value in base_env().items():
        os.environ.setdefault(key, value)
    updates = {PREFECT_API_URL: url, PREFECT_HOME: str(prefect_home())}
    if "PREFECT_FLOWS_HEARTBEAT_FREQUENCY" not in os.environ:
        # Flows here run in the foreground of a command: the user sees a crash directly, and
        # the heartbeat thread's shutdown would add up to a second to every flow run.
        updates[PREFECT_FLOWS_HEARTBEAT_FREQUENCY] = None
    with temporary_settings(updates=updates):
        yield url


def describe(st: ServerStatus) -> str:
    state = "running" if st.running else "not running"
    return f"Prefect server {state}: dashboard {st.dashboard_url}"
