"""The project's own request set (benchmarks/requests/): cases written from the installed
tutorials, each in three phrasings, plus modify requests; a held-out part kept apart.

Data and summaries only; the flow that runs them is flows/bench.py. A case scores 4 only
when its run reaches endTime, every value the request states is found in the files, and
every check of the set passes.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.bench.execution import Check, CheckResult
from tasks.core.errors import UsageError
from tasks.core.paths import BENCHMARKS_DIR

REQUESTS_DIR = BENCHMARKS_DIR / "requests"
PHRASINGS = ("terse", "verbose", "other")


class RequestCase(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str
    tutorial: str
    expected_solver: str
    tags: dict[str, Any] = Field(default_factory=dict)
    phrasings: dict[str, str]
    checks: list[Check] = Field(default_factory=list)
    held_out: bool = False


class ModifyCase(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str
    base_case: str
    base_tutorial: str | None = None
    request: str
    tags: dict[str, Any] = Field(default_factory=dict)
    checks: list[Check] = Field(default_factory=list)
    held_out: bool = False


class RequestResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    phrasing: str
    tags: dict[str, Any]
    held_out: bool
    solver: str | None
    expected_solver: str
    base: str | None = None
    score: int
    reason: str
    not_applied: list[str] = Field(default_factory=list)
    checks: list[CheckResult] = Field(default_factory=list)
    seconds: float
    shortened: str | None = None
    case_dir: str = ""


def _load(name: str) -> list[dict[str, Any]]:
    path = REQUESTS_DIR / name
    if not path.is_file():
        return []
    data = yaml.safe_load(path.read_text()) or []
    if not isinstance(data, list):
        raise UsageError(f"{path}: expected a list of cases")
    return data


def load_requests(held_out: bool = False, tag: str | None = None) -> list[RequestCase]:
    """The development cases (or the held-out ones), optionally only those with a tag value."""
    if not REQUESTS_DIR.is_dir():
        raise UsageError(f"{REQUESTS_DIR} is missing; the request set ships with the project")
    rows = _load("held_out.yaml" if held_out else "cases.yaml")
    cases = [RequestCase.model_validate({**r, "held_out": held_out}) for r in rows]
    if tag:
        cases = [c for c in cases if _has_tag(c.tags, tag)]
    return cases


def load_modify(held_out: bool = False, tag: str | None = None) -> list[ModifyCase]:
    rows = _load("modify_held_out.yaml" if held_out else "modify.yaml")
    cases = [ModifyCase.model_validate({**r, "held_out": held_out}) for r in rows]
    return [c for c in cases if not tag or _has_tag(c.tags, tag)]


def _has_tag(tags: dict[str, Any], want: str) -> bool:
    """`family=cavity`, or a bare value matched against every tag."""
    key, _, value = want.partition("=")
    if value:
        got = tags.get(key)
        return value in got if isinstance(got, list) else got == value
    return any(want == v or (isinstance(v, list) and want in v) for v in tags.values())


def combine(score: int | None, reason: str, checks: list[CheckResult]) -> tuple[int, str]:
    """The rubric score, capped at 3 when a check of the set fails."""
    if score is None:
        return 0, reason
    failed = [c.why for c in checks if not c.ok]
    if score == 4 and failed:
        return 3, f"checks failed: {'; '.join(failed)}; {reason}"
    return score, reason


def summarise(results: list[RequestResult]) -> dict[str, Any]:
    def rate(rows: list[RequestResult]) -> float | None:
        return round(sum(r.score == 4 for r in rows) / len(rows), 3) if rows else None

    by_phrasing = {p: rate([r for r in results if r.phrasing == p]) for p in sorted({r.phrasing for r in results})}
    ran = [r for r in results if r.score > 0 or "refused" not in r.reason]
    return {
        "n": len(results),
        "ran": len(ran),
        "score4": sum(r.score == 4 for r in results),
        "score4_rate": rate(results),
        "at_least_3": sum(r.score >= 3 for r in results),
        "solver_match": round(sum(r.solver == r.expected_solver for r in results) / len(results), 3) if results else None,
        "tutorials": len({r.tags.get("tutorial", r.id) for r in results}),
        "by_phrasing": by_phrasing,
        "held_out": rate([r for r in results if r.held_out]),
        "development": rate([r for r in results if not r.held_out]),
        "mean_score": round(statistics.mean(r.score for r in results), 3) if results else None,
        "seconds_total": round(sum(r.seconds for r in results), 1),
    }


def out_dir_for(root: Path, case_id: str, phrasing: str) -> Path:
    return root / f"{case_id}--{phrasing}"
