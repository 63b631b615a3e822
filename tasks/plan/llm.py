"""The LLM planner: the same CaseManifest, asked of an OpenAI-compatible model when one is
configured. Its answer is validated like any untrusted input; one retry with the error, then
the caller falls back to the deterministic planner."""

from __future__ import annotations

import logging
from pathlib import Path, PurePosixPath

from tasks.core.errors import LLMError, PlanError
from tasks.core.llm import LLMClient
from tasks.core.render import render
from tasks.foam.commands import SOLVERS
from tasks.plan.manifest import CaseManifest
from tasks.plan.recipes import CAVITY, DAMBREAK, PITZDAILY
from tasks.plan.stated import read_stated

log = logging.getLogger(__name__)


def validate_manifest(m: CaseManifest, tutorials_dir: Path) -> CaseManifest:
    """Refuse a plan that names an unknown solver, a missing base, or files outside the case."""
    if m.solver not in SOLVERS:
        raise PlanError(f"solver {m.solver!r} is not an OpenFOAM v1912 solver")
    if m.base_kind != "tutorial" or not m.base_tutorial or not (tutorials_dir / m.base_tutorial).is_dir():
        raise PlanError(f"base_tutorial {m.base_tutorial!r} is not a tutorial directory under {tutorials_dir}")
    for e in m.edits:
        p = PurePosixPath(e.file)
        if p.is_absolute() or ".." in p.parts or p.parts[0] not in ("0", "system", "constant"):
            raise PlanError(f"edit of {e.file!r} is outside the case's 0/, system/ and constant/")
    m.planner = "llm"
    return m


def plan_with_llm(llm: LLMClient, request: str, tutorials_dir: Path, context: str = "") -> CaseManifest:
    """Ask for a manifest; on an invalid answer ask once more with the reason. Raises LLMError
    or PlanError when both answers are unusable."""
    error: str | None = None
    for attempt in (1, 2):
        prompt = render("prompts/plan_case.j2", request=request, error=error, tutorials_dir=str(tutorials_dir),
                        examples=[CAVITY, PITZDAILY, DAMBREAK], context=context)
        try:
            manifest = llm.complete_json([{"role": "user", "content": prompt}], CaseManifest)
            return ground(validate_manifest(manifest, tutorials_dir), request, tutorials_dir)
        except (LLMError, PlanError) as exc:
            error = str(exc)
            log.warning("LLM plan attempt %d rejected: %s", attempt, error[:200])
    raise PlanError(f"the LLM planner gave no usable manifest: {error}")


def ground(manifest: CaseManifest, request: str, tutorials_dir: Path) -> CaseManifest:
    """The LLM's plan answers to the same request model as the offline one: the stated values are
    read from the request text by the deterministic extractor (never taken from what the model
    chose to set), and every stated value the model's edits do not carry is bound by the
    deterministic binder on the model's base, or listed as not applied; the score then verifies
    them all in the written files."""
    from tasks.plan.architect import complete_with_binder
    from tasks.plan.request import build_context

    ctx = build_context(request, tutorials_dir)
    manifest.stated = read_stated(ctx.text)
    manifest.bindings, manifest.not_applied = [], []
    complete_with_binder(manifest, ctx, manifest.stated, tutorials_dir)
    return manifest

