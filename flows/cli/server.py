"""`casewright server start | stop | status`: the local Prefect server (flows/server.py)."""

from __future__ import annotations

from flows.cli._common import JsonOpt, finish


def server_start(json_out: bool = JsonOpt) -> None:
    """Start the local Prefect server (reused by every command) and print the dashboard URL."""
    from flows import server as prefect_server
    from tasks.core.config import get_settings

    finish(prefect_server.start(get_settings().prefect_port), json_out, prefect_server.describe)


def server_stop(json_out: bool = JsonOpt) -> None:
    """Stop the local Prefect server that casewright started."""
    from flows import server as prefect_server
    from tasks.core.config import get_settings

    finish(prefect_server.stop(get_settings().prefect_port), json_out, prefect_server.describe)


def server_status(json_out: bool = JsonOpt) -> None:
    """Say whether the Prefect server runs, and where its dashboard is."""
    from flows import server as prefect_server
    from tasks.core.config import get_settings

    settings = get_settings()
    finish(prefect_server.status(settings.prefect_port, settings.prefect_api_url), json_out, prefect_server.describe)
