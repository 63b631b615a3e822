"""The executability rubric (0-4) of a generated case, with its reason."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from tasks.foam.locked import LockCheck
from tasks.run.report import RunReport

MESHERS = {"blockMesh", "snappyHexMesh", "surfaceFeatureExtract", "gmshToFoam", "fluentMeshToFoam",
           "fluent3DMeshToFoam", "extrudeMesh", "topoSet", "refineMesh"}


class Score(BaseModel):
    model_config = ConfigDict(extra="forbid")

    score: int
    reason: str


def rubric(report: RunReport, locks: list[LockCheck]) -> Score:
    """0 mesher fails, 1 solver aborts at start, 2 dies before endTime, 3 reaches endTime,
    4 reaches endTime with every requested parameter verified in the files."""
    failed = next((s for s in report.steps if s.status != "ok"), None)
    if failed is not None and failed.command in MESHERS:
        why = report.fatal.message if report.fatal else f"exit {failed.exit_code}"
        return Score(score=0, reason=f"{failed.command} failed: {why}")
    if report.status == "diverged":
        where = report.divergence.where if report.divergence else "see the log"
        return Score(score=2, reason=f"{report.application} diverged ({where}): the numbers cannot be trusted")
    if not report.reached_end_time:
        started = report.time_reached is not None and report.time_reached > (report.start_time or 0)
        why = report.fatal.message if report.fatal else (report.crash or "stopped early")
        if not started:
            return Score(score=1, reason=f"{report.application} aborted at start: {why}")
        return Score(score=2, reason=f"{report.application} stopped at t={report.time_reached} "
                                     f"before endTime {report.end_time}: {why}")
    bad = [c for c in locks if not c.ok]
    if bad:
        names = ", ".join(f"{c.name} ({c.file}: expected {c.expected!r}, found {c.found!r})" for c in bad)
        return Score(score=3, reason=f"reached endTime, but requested values differ: {names}")
    how = "converged before endTime" if report.converged_early else f"reached endTime {report.end_time}"
    return Score(score=4, reason=f"{how}; {len(locks)} requested values verified in the files")


def cap_for_not_applied(score: Score, not_applied: list) -> Score:
    """A stated value missing from the files caps the score at 3, and the reason says so first."""
    if not not_applied:
        return score
    names = ", ".join(n.text for n in not_applied)
    return Score(score=min(score.score, 3), reason=f"not applied: {names}; {score.reason}")
