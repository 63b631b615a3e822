"""Flow: the project's own request set (`casewright bench exec --set requests`)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path
from typing import Callable

from prefect import flow

from flows.case import request_to_case
from flows.modify import modify_case
from tasks.bench.execution import evaluate
from tasks.bench.requests import (
    PHRASINGS,
    AcceptanceRow,
    GeometryRow,
    ModifyCase,
    RequestCase,
    RequestResult,
    combine,
    load_modify,
    load_requests,
    out_dir_for,
)
from tasks.core.config import Settings, get_settings
from tasks.core.errors import CasewrightError
from tasks.core.progress import report_progress
from tasks.edit.sweep import copy_base
from tasks.foam.files import decompress_tree
from tasks.plan.manifest import CaseRequest

PROGRESS = "bench requests: cases"


def run_request(case: RequestCase, phrasing: str, out_root: Path, settings: Settings, backend: str | None,
                smoke: int | None, review: bool = False) -> RequestResult:
    """One phrasing of one case through `new` (the Reviewer off by default: the set measures the
    planner and writer; a repaired run would hide what they got wrong)."""
    out = out_dir_for(out_root, case.id, phrasing)
    if out.exists():
        shutil.rmtree(out)
    started = time.monotonic()
    tags = {**case.tags, **({"tutorial": case.tutorial} if case.tutorial else {})}
    try:
        res = request_to_case(CaseRequest(text=case.phrasings[phrasing], out_dir=out, backend=backend, smoke=smoke,
                                          review=review), settings=settings)
    except Exception as exc:  # a refusal scores 0; so does a crash, named as one (one case never stops the set)
        return RequestResult(id=case.id, phrasing=phrasing, tags=tags, held_out=case.held_out, solver=None,
                             expected_solver=case.expected_solver, score=0, reason=failed_reason(exc),
                             seconds=round(time.monotonic() - started, 1), case_dir=str(out))
    checks = [evaluate(out, c) for c in case.checks]
    score, reason = combine(res.score, res.score_reason, checks)
    return RequestResult(id=case.id, phrasing=phrasing, tags=tags, held_out=case.held_out, solver=res.solver,
                         expected_solver=case.expected_solver, base=res.base, score=score, reason=reason,
                         not_applied=[f"{n.text}: {n.reason}" for n in res.not_applied], checks=checks,
                         seconds=round(time.monotonic() - started, 1), shortened=res.shortened, case_dir=str(out),
                         geometry=GeometryRow.model_validate(res.geometry) if res.geometry else None,
                         acceptance=AcceptanceRow.of(res.acceptance or (res.run.acceptance if res.run else None)))


def failed_reason(exc: Exception) -> str:
    """A case's reason when Casewright raised: a refusal it meant, or a crash (a bug, said as one)."""
    if isinstance(exc, CasewrightError):
        return f"refused: {exc}"
    return f"crashed: {type(exc).__name__}: {exc}"


def write_base(case_id: str, out: Path, settings: Settings) -> None:
    """The base of a modify request when this run did not generate it (a --tag subset, or a base
    from the other part of the set): its case's terse phrasing, written and not run, so that the
    modify checks meet the values that base case states rather than the raw tutorial's."""
    source = next((c for held in (False, True) for c in load_requests(held) if c.id == case_id), None)
    if source is None or "terse" not in source.phrasings:
        return
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        request_to_case(CaseRequest(text=source.phrasings["terse"], out_dir=out, run=False, review=False),
                        settings=settings)
    except CasewrightError:
        shutil.rmtree(out, ignore_errors=True)  # the tutorial stands in (below)


def run_modify(case: ModifyCase, out_root: Path, settings: Settings, backend: str | None,
               smoke: int | None = None) -> RequestResult:
    base = out_dir_for(out_root, case.base_case, "terse")
    out = out_root / f"modify--{case.id}"
    started = time.monotonic()
    tags = {**case.tags, "kind": "modify"}
    if out.exists():
        shutil.rmtree(out)
    if not (base / "system/controlDict").is_file():
        write_base(case.base_case, base, settings)
    if (base / "system/controlDict").is_file():
        copy_base(base, out)  # results left out at the top only: constant/6DoF.dat stays
    elif case.base_tutorial and (settings.tutorials_dir / case.base_tutorial / "system").is_dir():
        copy_base(settings.tutorials_dir / case.base_tutorial, out)  # its case is held out
        decompress_tree(out)
    else:
        return RequestResult(id=case.id, phrasing="modify", tags=tags, held_out=case.held_out, solver=None,
                             expected_solver="", score=0, reason=f"refused: base {case.base_case} was not generated",
                             seconds=0.0, case_dir=str(out))
    try:
        res = modify_case(out, case.request, backend=backend, settings=settings, review=False, smoke=smoke)
    except Exception as exc:  # as in run_request
        return RequestResult(id=case.id, phrasing="modify", tags=tags, held_out=case.held_out, solver=None,
                             expected_solver="", score=0, reason=failed_reason(exc),
                             seconds=round(time.monotonic() - started, 1), case_dir=str(out))
    checks = [evaluate(out, c) for c in case.checks]
    score, reason = combine(res.score, res.score_reason, checks)
    return RequestResult(id=case.id, phrasing="modify", tags=tags, held_out=case.held_out,
                         solver=getattr(res, "solver", None), expected_solver=getattr(res, "solver", "") or "",
                         score=score, reason=reason, checks=checks, seconds=round(time.monotonic() - started, 1),
                         case_dir=str(out), acceptance=AcceptanceRow.of(res.run.acceptance if res.run else None))


@flow(name="bench-requests", persist_result=False)
def bench_requests(out_root: Path, held_out: bool = False, tag: str | None = None, phrasings: list[str] | None = None,
                   smoke: int | None = None, backend: str | None = None, with_modify: bool = True,
                   settings: Settings | None = None,
                   progress: Callable[[RequestResult], None] | None = None) -> list[RequestResult]:
    """Every case of the set in each phrasing, then the modify requests on the terse outputs."""
    settings = settings or get_settings()
    out_root.mkdir(parents=True, exist_ok=True)
    results: list[RequestResult] = []
    cases = load_requests(held_out, tag)
    mods = load_modify(held_out, tag) if with_modify else []
    total = sum(p in case.phrasings for case in cases for p in phrasings or PHRASINGS) + len(mods)
    report_progress(PROGRESS, 0, total)
    for case in cases:
        for phrasing in phrasings or PHRASINGS:
            if phrasing not in case.phrasings:
                continue
            result = run_request(case, phrasing, out_root, settings, backend, smoke)
            results.append(result)
            report_progress(PROGRESS, len(results), total)
            if progress:
                progress(result)
    for mod in mods:
        result = run_modify(mod, out_root, settings, backend, smoke)
        results.append(result)
        report_progress(PROGRESS, len(results), total)
        if progress:
            progress(result)
    return results
