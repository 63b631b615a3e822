"""The project's own request set (benchmarks/requests/): cases written from the installed
tutorials, each in three phrasings, plus modify requests; a held-out part kept apart. The
geometry requests (geometry.yaml, geometry_held_out.yaml: shapes stated by their dimensions,
tagged `set: geometry`) are part of the set; `--tag geometry` selects them.

Data and summaries only; the flow that runs them is flows/bench.py. A case scores 4 only
when its run reaches endTime, every value the request states is found in the files, and
every check of the set passes.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.bench.execution import Check, CheckResult
from tasks.core.errors import UsageError
from tasks.core.paths import BENCHMARKS_DIR
from tasks.run.acceptance import Acceptance

REQUESTS_DIR = BENCHMARKS_DIR / "requests"
PHRASINGS = ("terse", "verbose", "other")
# the held-out part: the first draw (held_out.yaml, kept aside from the development set) and the
# later draws written by someone who never read the planner (held_out_fresh*.yaml, tags `draw`)
CASE_FILES = {False: ("cases.yaml", "geometry.yaml"),
              True: ("held_out.yaml", "geometry_held_out.yaml", "held_out_fresh.yaml", "geometry_held_out_fresh.yaml",
                     "held_out_fresh13.yaml", "geometry_held_out_fresh13.yaml",
                     "held_out_fresh14.yaml", "geometry_held_out_fresh14.yaml",
                     "held_out_fresh15.yaml", "geometry_held_out_fresh15.yaml",
                     "held_out_fresh16.yaml", "geometry_held_out_fresh16.yaml",
                     "held_out_fresh17.yaml", "geometry_held_out_fresh17.yaml",
                     "held_out_fresh18.yaml", "geometry_held_out_fresh18.yaml",
                     "held_out_fresh19.yaml", "geometry_held_out_fresh19.yaml",
                     "held_out_fresh20.yaml", "geometry_held_out_fresh20.yaml",
                     "held_out_fresh22.yaml", "geometry_held_out_fresh22.yaml",
                     "held_out_fresh23.yaml", "geometry_held_out_fresh23.yaml",
                     "held_out_fresh24.yaml", "geometry_held_out_fresh24.yaml",
                     "held_out_fresh25.yaml", "geometry_held_out_fresh25.yaml",
                     "held_out_fresh26.yaml", "geometry_held_out_fresh26.yaml",
                     "held_out_fresh27.yaml", "geometry_held_out_fresh27.yaml",
                     "held_out_fresh28.yaml", "geometry_held_out_fresh28.yaml",
                     "held_out_fresh29.yaml", "geometry_held_out_fresh29.yaml",
                     "held_out_fresh30.yaml", "geometry_held_out_fresh30.yaml")}
MODIFY_FILES = {False: ("modify.yaml",), True: ("modify_held_out.yaml", "modify_held_out_fresh13.yaml",
                                             "modify_held_out_fresh14.yaml", "modify_held_out_fresh15.yaml",
                                             "modify_held_out_fresh16.yaml", "modify_held_out_fresh17.yaml",
                                             "modify_held_out_fresh18.yaml", "modify_held_out_fresh19.yaml",
                                             "modify_held_out_fresh20.yaml", "modify_held_out_fresh22.yaml",
                                             "modify_held_out_fresh23.yaml", "modify_held_out_fresh24.yaml",
                                             "modify_held_out_fresh25.yaml", "modify_held_out_fresh26.yaml",
                                             "modify_held_out_fresh27.yaml", "modify_held_out_fresh28.yaml",
                                             "modify_held_out_fresh29.yaml", "modify_held_out_fresh30.yaml")}
VERDICTS = ("accept", "warn", "reject", "none")


class RequestCase(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str
    tutorial: str | None = None          # None: a geometry request, written from a shape, not a tutorial
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


class GeometryRow(BaseModel):
    """The geometry a generated case was built on (from `casewright new`'s result)."""

    model_config = ConfigDict(extra="ignore")

    kind: str | None = None
    shape: str | None = None
    dimensions: dict[str, Any] | None = None
    cells: int | None = None
    mesh_quality: dict[str, Any] | None = None


class AcceptanceRow(BaseModel):
    """The run's acceptance verdict (tasks/run/acceptance.py) with its warn/reject reasons."""

    model_config = ConfigDict(extra="forbid")

    verdict: Literal["accept", "warn", "reject"]
    converged: bool | None = None
    reasons: list[str] = Field(default_factory=list)

    @classmethod
    def of(cls, acceptance: Acceptance | None) -> AcceptanceRow | None:
        if acceptance is None:
            return None
        return cls(verdict=acceptance.verdict, converged=acceptance.converged, reasons=acceptance.reasons)


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
    geometry: GeometryRow | None = None
    acceptance: AcceptanceRow | None = None


def _load(name: str) -> list[dict[str, Any]]:
    path = REQUESTS_DIR / name
    if not path.is_file():
        return []
    data = yaml.safe_load(path.read_text()) or []
    if not isinstance(data, list):
        raise UsageError(f"{path}: expected a list of cases")
    return data


def load_requests(held_out: bool = False, tag: str | None = None) -> list[RequestCase]:
    """The development cases (or the held-out ones), tutorial and geometry requests, optionally
    only those with every tag of `tag` (comma-separated, e.g. `geometry,solver=icoFoam`)."""
    if not REQUESTS_DIR.is_dir():
        raise UsageError(f"{REQUESTS_DIR} is missing; the request set ships with the project")
    rows = [r for name in CASE_FILES[held_out] for r in _load(name)]
    cases = [RequestCase.model_validate({**r, "held_out": held_out}) for r in rows]
    duplicated = sorted({c.id for c in cases if sum(d.id == c.id for d in cases) > 1})
    if duplicated:
        raise UsageError(f"{REQUESTS_DIR}: case ids used twice: {', '.join(duplicated)}; give each case its own id")
    return [c for c in cases if has_tags(c.tags, tag)]


def load_modify(held_out: bool = False, tag: str | None = None) -> list[ModifyCase]:
    rows = [r for name in MODIFY_FILES[held_out] for r in _load(name)]
    cases = [ModifyCase.model_validate({**r, "held_out": held_out}) for r in rows]
    return [c for c in cases if has_tags(c.tags, tag)]


def has_tags(tags: dict[str, Any], want: str | None) -> bool:
    """Every comma-separated part of `want` matches (None or empty: everything matches)."""
    return all(_has_tag(tags, part.strip()) for part in (want or "").split(",") if part.strip())


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
        "by_shape": {s: rate([r for r in results if r.tags.get("geometry") == s])
                     for s in sorted({str(r.tags["geometry"]) for r in results if r.tags.get("geometry")})},
        "acceptance": verdict_shares(results),
        "development": rate([r for r in results if not r.held_out]),
        "mean_score": round(statistics.mean(r.score for r in results), 3) if results else None,
        "seconds_total": round(sum(r.seconds for r in results), 1),
    }


def verdict_shares(results: list[RequestResult]) -> dict[str, float | None]:
    """The share of rows with each acceptance verdict (`none`: no run, so no verdict)."""
    verdicts = [r.acceptance.verdict if r.acceptance else "none" for r in results]
    return {v: round(verdicts.count(v) / len(verdicts), 3) if verdicts else None for v in VERDICTS}


def out_dir_for(root: Path, case_id: str, phrasing: str) -> Path:
    return root / f"{case_id}--{phrasing}"
