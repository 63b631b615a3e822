"""`casewright mcp`: the commands as MCP tools over stdio (flows/mcp_server.py)."""

from __future__ import annotations

from pathlib import Path

import typer


def mcp_cmd(
    root: Path = typer.Option(Path("."), "--root", help="Every path a tool reads or writes must lie inside this "
                              "folder (relative paths are taken from it). Default: the current folder."),
) -> None:
    """Serve ask, new, modify, review, run_case, sweep, kb_cases and config as MCP tools (stdio)."""
    from flows.mcp_server import serve
    from tasks.core.errors import UsageError

    if not root.is_dir():
        raise UsageError(f"--root {root} is not a folder: pass an existing folder to confine the tools' paths to")
    serve(root.resolve())
