"""The answer `ask` returns without an LLM: a short summary and steps (file, entry, example, source)
assembled from the context block. Pure functions over context items.

With a quoted error the first item is the canonical section its message matched
(canonical/error_messages.md): its `Means:`, `Change:` and `File:` lines give the summary and the
first step, the tutorial entry found for the error (an `example` item) or the section's own
example gives the example. Without one, the pinned canonical sections give the summary (the
first paragraph of the best one) and one step each (the first dictionary block of the section,
the case file it belongs to). The LLM path (tasks/retrieval/llm.py) answers from the same
context and keeps these steps when it gives none of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from tasks.retrieval.context import overlap_score
from tasks.retrieval.errors import ParsedError
from tasks.retrieval.fusion import ContextItem
from tasks.retrieval.router import tokenize

MAX_STEPS = 3
SUMMARY_CHARS = 400
EXAMPLE_LINES = 14
_FIELD_LINE = re.compile(r"^(Means|Change|File|Message):\s*(.*)$", re.MULTILINE)
_FOAM_BLOCK = re.compile(r"```foam\n(.*?)```", re.DOTALL)
_CASE_PATH = re.compile(r"\b((?:system|constant|0)/[\w.]+)")
# where a case file lives (the folder) when a text names the file without it
CASE_FOLDERS = {
    "system": ["controlDict", "fvSchemes", "fvSolution", "blockMeshDict", "snappyHexMeshDict", "decomposeParDict", "setFieldsDict", "topoSetDict", "surfaceFeatureExtractDict", "createPatchDict", "extrudeMeshDict", "meshQualityDict", "fvOptions"],
    "constant": ["transportProperties", "turbulenceProperties", "thermophysicalProperties", "g", "regionProperties", "radiationProperties", "kinematicCloudProperties", "sprayCloudProperties", "MRFProperties", "dynamicMeshDict", "chemistryProperties", "combustionProperties"],
}
_FOLDER_OF = {name: folder for folder, names in CASE_FOLDERS.items() for name in names}


class AnswerStep(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str | None = Field(None, description="the case file to edit, e.g. system/fvSchemes or 0/U")
    entry: str = Field(description="what to change or set there")
    example: str | None = Field(None, description="an entry in the correct form, from a tutorial or a canonical note")
    source: str = Field(description="the context item this step comes from")


class AskAnswer(BaseModel):
    """The `answer` of `ask --json`."""

    model_config = ConfigDict(extra="forbid")

    summary: str
    steps: list[AnswerStep] = Field(default_factory=list)
    generated_by: str = Field("offline", description="offline (assembled from the context) or llm:<model>")
    citations: list[int] = Field(default_factory=list, description="context item numbers the summary cites")


def section_fields(text: str) -> dict[str, str]:
    """The `Means:`, `Change:` and `File:` lines of an error section (first of each)."""
    found: dict[str, str] = {}
    for key, value in _FIELD_LINE.findall(text):
        found.setdefault(key.lower(), value.strip())
    return found


def first_paragraph(text: str, limit: int = SUMMARY_CHARS) -> str:
    """The first prose paragraph of a section (no heading, list marker, code, or `Key:` line), cut at a
    sentence end within `limit` characters."""
    for block in re.split(r"\n\s*\n", _FOAM_BLOCK.sub("", text)):
        lines = [ln.strip() for ln in block.strip().splitlines()]
        if not lines or lines[0].startswith(("#", "```", "Search terms")) or _FIELD_LINE.match(lines[0]):
            continue
        para = " ".join(ln.lstrip("-* ") for ln in lines)
        if len(para) <= limit:
            return para
        cut = para[:limit]
        end = max(cut.rfind(". "), cut.rfind("; "))
        return cut[: end + 1] if end > limit // 3 else cut.rstrip() + " ..."
    return ""


def example_block(text: str, lines: int = EXAMPLE_LINES) -> str | None:
    """The first dictionary block of a canonical section, at most `lines` lines."""
    m = _FOAM_BLOCK.search(text)
    if not m:
        return None
    body = m.group(1).strip("\n").splitlines()
    return "\n".join(body[:lines] + (["..."] if len(body) > lines else []))


def case_file(text: str) -> str | None:
    """The case file a text is about: an explicit system/, constant/ or 0/ path, a `File:` header
    (tutorial chunks), else the first known dictionary name with its folder."""
    if m := re.search(r"^File: ([\w./]+)", text, re.MULTILINE):
        return m.group(1)
    if m := _CASE_PATH.search(text):
        return m.group(1)
    for name in re.findall(r"\b[A-Za-z]\w+\b", text):
        if name in _FOLDER_OF:
            return f"{_FOLDER_OF[name]}/{name}"
    return None


def _fill(template: str, error: ParsedError) -> str:
    """`0/<field>, entry boundaryField.<patch>.type` with the parsed field and patch."""
    values = {"field": error.field, "patch": error.patch, "keyword": error.keyword}
    return re.sub(r"<(\w+)>", lambda m: values.get(m.group(1)) or m.group(0), template)


def error_answer(error: ParsedError, context: Sequence[ContextItem]) -> AskAnswer | None:
    section = next((c for c in context if c.kind == "canonical" and c.source == error.section), None)
    if section is None:
        return None
    fields = section_fields(section.text)
    example = next((c for c in context if c.kind == "example"), None)
    change = fields.get("change", "")
    if error.unknown and error.suggestion:
        change = f"Replace {error.unknown} by {error.suggestion} (the closest valid choice); {change}".strip()
    file_hint = _fill(fields["file"], error) if fields.get("file") else None
    where = error.case_file or (case_file(file_hint) if file_hint else None)
    summary = " ".join(x for x in (f"{error.message.split(' file: ')[0].strip()}:", fields.get("means", "")) if x)
    steps = [AnswerStep(file=where or file_hint, entry=change or (file_hint or ""),
                        example=example.text if example else example_block(section.text),
                        source=example.source if example else section.source)]
    if example is not None and file_hint:
        steps[0] = steps[0].model_copy(update={"entry": f"{steps[0].entry.rstrip('.')}. Where: {file_hint.rstrip('.')}."})
    return AskAnswer(summary=summary[: 2 * SUMMARY_CHARS], steps=steps)


def closest_first(items: Sequence[ContextItem], question: str) -> list[ContextItem]:
    """Canonical items ordered by how much of the question their heading names, then their text."""
    words = {t for t in tokenize(question) if len(t) >= 4}

    def key(item: ContextItem) -> tuple[int, float]:
        heading = set(tokenize(item.source.split("#", 1)[-1]))
        return -len(words & heading), -overlap_score(item.text, words)

    return sorted(items, key=key)


def offline_answer(context: Sequence[ContextItem], error: ParsedError | None = None, question: str = "",
                   max_steps: int = MAX_STEPS) -> AskAnswer:
    """The structured answer assembled from the context block (no LLM)."""
    if error is not None and (answer := error_answer(error, context)) is not None:
        return answer
    canonical = [c for c in context if c.kind == "canonical"]
    canonical = closest_first(canonical, question) if question else canonical
    if not canonical and not context:
        return AskAnswer(summary="Nothing was retrieved for this question: run `casewright ingest` first.")
    lead = canonical[0] if canonical else context[0]
    steps: list[AnswerStep] = []
    for item in [*canonical, *(c for c in context if c.kind in ("example", "case"))]:
        block = example_block(item.text) if item.kind == "canonical" else item.text[:600]
        if not block:
            continue
        heading = item.source.split("#", 1)[-1]
        steps.append(AnswerStep(file=case_file(block) or case_file(item.text), entry=heading, example=block,
                                source=item.source))
        if len(steps) >= max_steps:
            break
    summary = first_paragraph(lead.text) or lead.source
    return AskAnswer(summary=summary, steps=steps)


def with_llm_summary(offline: AskAnswer, text: str, model: str, citations: Sequence[int]) -> AskAnswer:
    """The LLM's cited answer as the summary; the steps stay those assembled from the same context."""
    return offline.model_copy(update={"summary": text, "generated_by": f"llm:{model}", "citations": list(citations)})
