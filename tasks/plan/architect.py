"""The Architect: a request in plain language -> a CaseManifest, deterministically.

It reads quantities and named choices from the text (tasks/extract), recognises the case
family (a recipe in tasks/recipes), resolves under- and over-determined parameter sets,
and states every default it takes. When it cannot plan a request offline it refuses with
what would make the request plannable.
"""

from __future__ import annotations

from pathlib import Path

from tasks.core.errors import RequestError
from tasks.foam.physics import fluid_table
from tasks.plan import recipes
from tasks.plan.extract import sines
from tasks.plan.manifest import CaseManifest
from tasks.plan.request import build_context


def plan(text: str, tutorials_dir: Path, example_dir: Path | None = None) -> CaseManifest:
    """Plan a case offline. Raises RequestError when the request cannot be planned."""
    ctx = build_context(text, tutorials_dir, example_dir)
    recipe = recipes.detect(ctx)
    if recipe is None:
        raise RequestError(
            "cannot plan this request offline: name a geometry Casewright knows (lid-driven cavity, "
            "pitzDaily / backward-facing step, heated cavity / natural convection, dam break, "
            "bubble column, particle column, rotating mixer), or name an OpenFOAM solver "
            "(e.g. simpleFoam) to start from its tutorial, or pass --example DIR with a case of "
            "yours, or configure an LLM (OPENAI_BASE_URL) for free-form requests"
        )
    manifest = recipe(ctx)
    manifest.warnings = list(dict.fromkeys([*manifest.warnings, *ctx.notes]))
    return manifest


def fluids_text() -> str:
    return ", ".join(fluid_table())


def sine_in(text: str):
    found = sines(text)
    return found[0] if found else None
