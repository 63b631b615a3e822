"""One Jinja environment for OpenFOAM dictionaries and LLM prompts (templates/)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from tasks.core.paths import TEMPLATES_DIR


def foam_value(value: Any) -> str:
    """A Python value as OpenFOAM text: vectors `(1 0 0)`, booleans `true`, numbers plain."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "(" + " ".join(foam_value(v) for v in value) + ")"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e9:
            return str(int(value))
        return f"{value:.6g}"
    return str(value)


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES_DIR)),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["foam"] = foam_value
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
