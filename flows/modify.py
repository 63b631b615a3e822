"""Flow: change an existing case from a request, run it, and review it when it fails."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Literal

from prefect import flow, task
from prefect.cache_policies import NO_CACHE
from pydantic import BaseModel, ConfigDict, Field

from flows.case import run_shortened
from tasks.core.config import Settings, get_settings
from tasks.edit.checks import Problem, check_case
from tasks.edit.modify_steps import PreparedSteps, prepare_steps, unpack_dictionaries
from tasks.edit.modify import (
    CaseState,
    ChangePlan,
    ChangeResult,
    apply_changes,
    plan_changes,
    read_state,
    stated_changes,
)
from tasks.edit.modify_models import StatedChange
from tasks.foam.locked import LockCheck, check_locked
from tasks.plan.stated import NotApplied, StatedQuantity
from tasks.run.report import RunReport
from tasks.run.score import cap_for_not_applied, rubric


class ModifyResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_dir: str
    status: Literal["changed", "completed", "failed"]
    score: int | None
    score_reason: str
    solver: str
    turbulence: str
    changed: list[str]
    diff: str
    backup: str | None
    assumptions: list[str]
    warnings: list[str]
    checks: list[Problem]
    locked: list[LockCheck]
    run: RunReport | None = None
    review: dict | None = None
    seconds: float = 0.0
    notes: list[str] = Field(default_factory=list)
    stated: list[StatedChange | StatedQuantity] = Field(default_factory=list)  # a relative change: its old and new value too
    not_applied: list[NotApplied] = Field(default_factory=list)


@task(name="read-case", persist_result=False, cache_policy=NO_CACHE)
def read_case_state(case_dir: Path) -> CaseState:
    return read_state(case_dir)


@task(name="unpack-dictionaries", persist_result=False, cache_policy=NO_CACHE)
def unpack_case_dictionaries(case_dir: Path) -> list[str]:
    """A copied tutorial's gzipped dictionaries, decompressed so that they can be read and edited."""
    return unpack_dictionaries(case_dir)


@task(name="plan-changes", persist_result=False, cache_policy=NO_CACHE)
def plan_case_changes(state: CaseState, request: str) -> ChangePlan:
    return plan_changes(state, request)


@task(name="apply-changes", persist_result=False, cache_policy=NO_CACHE)
def apply_case_changes(state: CaseState, plan: ChangePlan) -> ChangeResult:
    return apply_changes(state, plan)


@task(name="prepare-steps", persist_result=False, cache_policy=NO_CACHE)
def prepare_case_steps(case_dir: Path, solver: str) -> PreparedSteps:
    """A case with no mesh built yet runs its own Allrun's pre-processing steps (modify_steps)."""
    return prepare_steps(case_dir, solver)


def _review(case_dir: Path, settings: Settings, backend: str | None,
            first: RunReport) -> tuple[RunReport, dict]:
    """The Reviewer's repair loop from the run just made; (final report, review summary)."""
    from flows.review import review_case

    review = review_case(case_dir, max_cycles=settings.reviewer_max_cycles, backend=backend, settings=settings,
                         initial=first)
    return review.final, review.model_dump(mode="json")


@flow(name="modify-case", flow_run_name="modify {case_dir}", persist_result=False)
def modify_case(case_dir: Path, request: str, run: bool = True, backend: str | None = None,
                review: bool = True, settings: Settings | None = None, smoke: int | None = None) -> ModifyResult:
    """unpack -> read -> plan changes -> back up + apply -> the Allrun's steps when no mesh is built -> check
    -> run -> review when it fails."""
    settings = settings or get_settings()
    started = time.monotonic()
    unpacked = unpack_case_dictionaries(case_dir)
    state = read_case_state(case_dir)
    plan = plan_case_changes(state, request)
    change = apply_case_changes(state, plan)
    after = read_state(state.case_dir)
    prepared = prepare_case_steps(after.case_dir, after.solver)
    problems = check_case(after.case_dir, after.solver)
    report: RunReport | None = None
    summary = None
    if run:
        report = run_shortened(after.case_dir, backend, settings, None, smoke)
        if report.status != "completed" and review:
            report, summary = _review(after.case_dir, settings, backend, report)
    locks = check_locked(after.case_dir)
    stated, not_applied = stated_changes(plan, after.case_dir)
    score = cap_for_not_applied(rubric(report, locks), not_applied) if report else None
    status = "changed" if report is None else ("completed" if report.status == "completed" else "failed")
    return ModifyResult(
        case_dir=str(after.case_dir), status=status, score=score.score if score else None,
        score_reason=score.reason if score else "not run (--no-run)", solver=after.solver, turbulence=after.model,
        changed=change.changed, diff=change.diff, backup=change.backup, assumptions=plan.assumptions,
        warnings=plan.warnings, checks=problems, locked=locks, run=report, review=summary,
        seconds=round(time.monotonic() - started, 2), stated=stated, not_applied=not_applied,
        notes=_notes(unpacked, prepared),
    )


def _notes(unpacked: list[str], prepared: PreparedSteps) -> list[str]:
    """What was done to the case besides the change: dictionaries decompressed, steps recorded."""
    notes = [f"decompressed {len(unpacked)} gzipped dictionaries to edit them: {', '.join(unpacked)}"] if unpacked else []
    return notes + ([prepared.note] if prepared.note else [])
