"""`casewright config`: the effective configuration."""

from __future__ import annotations

from typing import Any

from flows.cli._common import JsonOpt, finish


def config_cmd(json_out: bool = JsonOpt) -> None:
    """Show the effective configuration (secrets masked)."""
    from tasks.core.config import load_settings

    finish(load_settings().public_dict(), json_out, _config_text)


def _config_text(data: dict[str, Any]) -> str:
    return "\n".join(f"{key} = {value}" for key, value in data.items())
