"""The LLM fallback of the Reviewer: one-file patch requests for problems no rule covers.

The prompt (templates/prompts/review_patch.j2) carries the problem, a log excerpt, the file
and a short canonical fragment; the answer must be JSON {file, content, explanation}. It is
validated (pydantic), the new file must parse, and it may touch only one existing file
inside the case; anything else is refused and the Reviewer stops.
"""

from __future__ import annotations

import logging
from typing import Sequence

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.errors import LLMError
from tasks.core.llm import LLMClient
from tasks.core.render import render
from tasks.foam.defaults import defaults
from tasks.foam.dictionary import parse_error
from tasks.review.case import CaseView
from tasks.review.models import FileEdit, Patch, Problem

log = logging.getLogger(__name__)

SYSTEM = ("You are an OpenFOAM v1912 expert who fixes broken case files with minimal edits. "
          "You answer with a single JSON object.")
_EXCERPT_LINES = 40
_FRAGMENT_CHARS = 1500


class LLMPatchAnswer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str = Field(min_length=1)
    content: str = Field(min_length=1)
    explanation: str = ""


def log_excerpt(log_text: str, lines: int = _EXCERPT_LINES) -> str:
    """The FATAL block if there is one, else the last lines of the log."""
    all_lines = log_text.splitlines()
    for i, line in enumerate(all_lines):
        if "FOAM FATAL" in line:
            return "\n".join(all_lines[i : i + lines])
    return "\n".join(all_lines[-lines:])


def canonical_fragment(rel: str) -> str:
    """The canonical defaults Casewright keeps for this kind of file, as YAML."""
    name = rel.rsplit("/", 1)[-1]
    d = defaults()
    part: dict[str, object] = {}
    if name in d.keywords:
        part["keywords"] = d.keywords[name]
    if name == "fvSolution":
        part["linear_solvers"] = d.linear_solvers
    if name in ("meshQualityDict", "snappyHexMeshDict"):
        part["mesh_quality"] = {k: v.value for k, v in d.mesh_quality.items()}
    text = yaml.safe_dump(part, sort_keys=False) if part else "(no canonical fragment for this file)"
    return text[:_FRAGMENT_CHARS]


def _target_file(problem: Problem, view: CaseView) -> str | None:
    if problem.file and view.has(problem.file):
        return problem.file
    if problem.field and view.field_copies(problem.field):
        return view.field_copies(problem.field)[0]
    return "system/controlDict" if view.has("system/controlDict") else None


def render_prompt(problem: Problem, view: CaseView, log_text: str, locked: Sequence[str] = ()) -> tuple[str, str]:
    """(file, prompt) for a problem; the file is the one the problem names, else controlDict."""
    rel = _target_file(problem, view)
    if rel is None:
        raise LLMError("no case file to send to the LLM (system/controlDict is missing)")
    files = sorted(p for p in view.texts if not p.startswith(".casewright/"))
    prompt = render(
        "prompts/review_patch.j2", problem=problem, log_excerpt=log_excerpt(log_text), files=files,
        file=rel, file_text=view.texts[rel], canonical=canonical_fragment(rel),
        file_given=bool(problem.file and view.has(problem.file)), locked=list(locked),
    )
    return rel, prompt


def validate_answer(answer: LLMPatchAnswer, view: CaseView, expected: str, allow_other: bool = False) -> Patch:
    """Accept the answer only if it edits one existing file inside the case and parses."""
    rel = answer.file.strip()
    rel = rel[2:] if rel.startswith("./") else rel
    if rel.startswith("/") or ".." in rel.split("/") or rel.startswith(".casewright"):
        raise LLMError(f"the LLM answered with a path outside the case ({answer.file!r}); patch refused")
    if not view.has(rel):
        raise LLMError(f"the LLM answered with {rel!r}, which is not a file of this case; patch refused")
    if rel != expected and not allow_other:
        raise LLMError(f"the LLM edited {rel!r} instead of {expected!r}; patch refused")
    error = parse_error(answer.content)
    if error:
        raise LLMError(f"the LLM's new {rel} does not parse ({error}); patch refused")
    if answer.content == view.texts[rel]:
        raise LLMError(f"the LLM returned {rel} unchanged; nothing to apply")
    explanation = " ".join(answer.explanation.split())[:200] or "no explanation given"
    return Patch(description=f"LLM edit of {rel}: {explanation}", edits=[FileEdit(path=rel, text=answer.content)],
                 rule="llm")


def llm_patch(problem: Problem, view: CaseView, client: LLMClient, log_text: str,
              locked: Sequence[str] = ()) -> Patch:
    """Ask the LLM for a one-file patch; raises LLMError when the answer is unusable."""
    rel, prompt = render_prompt(problem, view, log_text, locked)
    named = bool(problem.file and view.has(problem.file))
    log.info("asking %s for a patch of %s (%s)", client.model, rel, problem.kind)
    answer = client.complete_json([{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}],
                                  LLMPatchAnswer)
    return validate_answer(answer, view, rel, allow_other=not named)
