"""What the review flow runs: the case's steps (a mesh-only case, whose controlDict names
snappyHexMesh or blockMesh, ends with checkMesh), the subset that must run again, the stale
time directories to remove, and the report of the steps as they stand."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Literal, Sequence

from tasks.core.errors import UsageError
from tasks.foam.casedir import CaseInfo, check_and_read, check_case_dir, top_level_entries
from tasks.foam.commands import RESTORE_FIELDS
from tasks.review.models import Problem
from tasks.review.session import stale_time_dirs
from tasks.run.report import RunReport, build_report
from tasks.run.runner import Step, StepResult
from tasks.run.steps import plan_steps

MESHERS = ("snappyHexMesh", "blockMesh")


def read_review_case(case_dir: Path) -> CaseInfo:
    """Like `read_case`, but a case whose controlDict names a mesher is accepted as a
    mesh-only case (the snappyHexMesh tutorials, IteraSim probe P4)."""
    path = check_case_dir(case_dir)
    application = top_level_entries((path / "system/controlDict").read_text(errors="replace")).get(
        "application", "").strip('"')
    if application not in MESHERS:
        return check_and_read(path)

    def found(*names: str) -> Path | None:
        return next((path / n for n in names if (path / n).is_file()), None)

    entries = top_level_entries((path / "system/controlDict").read_text(errors="replace"))
    info = CaseInfo(
        case_dir=path, application=application, start_time=_num(entries.get("startTime")),
        end_time=_num(entries.get("endTime")), delta_t=_num(entries.get("deltaT")),
        block_mesh_dict=found("system/blockMeshDict", "constant/polyMesh/blockMeshDict"),
        snappy_dict=found("system/snappyHexMeshDict"),
        surface_features_dict=found("system/surfaceFeatureExtractDict"),
        set_fields_dict=None, has_mesh=(path / "constant/polyMesh/owner").is_file(),
        zero_orig_dir=(path / "0.orig").is_dir(), orig_field_files=[],
    )
    if info.block_mesh_dict is None and info.snappy_dict is None:
        raise UsageError(f"{path}: controlDict names {application} but there is no blockMeshDict "
                         f"or snappyHexMeshDict to mesh with")
    return info


def _num(value: str | None) -> float | None:
    try:
        return float(value) if value is not None else None
    except ValueError:
        return None


def is_mesh_only(info: CaseInfo) -> bool:
    return info.application in MESHERS


def plan_review_steps(info: CaseInfo) -> list[Step]:
    """The case's steps; snappyHexMesh is followed by checkMesh (its quality is checked)."""
    if is_mesh_only(info):
        steps = [Step(command="blockMesh")] if info.block_mesh_dict else []
        if info.snappy_dict is not None:
            if info.surface_features_dict is not None:
                steps.append(Step(command="surfaceFeatureExtract"))
            steps.append(Step(command="snappyHexMesh", args=["-overwrite"]))
        return steps + [Step(command="checkMesh")]
    steps = plan_steps(info)
    out: list[Step] = []
    for step in steps:
        out.append(step)
        if step.command == "snappyHexMesh":
            out.append(Step(command="checkMesh"))
    return out


def same_steps(plan: Sequence[Step], results: Sequence[StepResult]) -> bool:
    """Whether `results` are a run of `plan`: the same steps in order, up to where it stopped
    (a failed step, or the end)."""
    plan = [s for s in plan if s.command != RESTORE_FIELDS]  # done in-process: no result of its own
    labels = [" ".join([r.command, *r.args]) for r in results]
    if not labels or labels != [s.label() for s in plan][:len(labels)]:
        return False
    return len(labels) == len(plan) or results[-1].status != "ok"


def merge_results(plan: Sequence[Step], previous: Sequence[StepResult], latest: Sequence[StepResult]) -> list[StepResult]:
    """The steps as they stand: the latest result of each planned step, in plan order, up to
    the first one that did not succeed."""
    by_label = {" ".join([r.command, *r.args]): r for r in [*previous, *latest]}
    out: list[StepResult] = []
    for step in plan:
        if step.command == RESTORE_FIELDS:
            continue
        result = by_label.get(step.label())
        if result is None:
            break
        out.append(result)
        if result.status != "ok":
            break
    return out


def report_for(info: CaseInfo, results: list[StepResult], backend: Literal["docker", "native"],
               reason: str, restored: list[str], seconds: float) -> RunReport:
    """`build_report`, with a mesh-only case completed when every meshing step succeeded."""
    report = build_report(info, results, backend, reason, restored, seconds)
    if is_mesh_only(info):
        ok = bool(results) and all(r.status == "ok" for r in results) and results[-1].command == "checkMesh"
        report = report.model_copy(update={"status": "completed" if ok else "failed", "reached_end_time": ok})
    return report


def clean_stale_times(info: CaseInfo) -> list[str]:
    """Remove the time directories a failed run wrote (not the start time); returns them."""
    removed = []
    for path in stale_time_dirs(info.case_dir, info.start_time):
        shutil.rmtree(path)
        removed.append(path.name)
    return removed


def preflight_problem(case_dir: Path, error: UsageError) -> Problem | None:
    """A case that cannot be read: its controlDict does not parse or names no installed
    solver. None for any other refusal (no case here at all)."""
    if not (Path(case_dir) / "system/controlDict").is_file():
        return None
    message = str(error)
    if "application" not in message and "controlDict" not in message:
        return None
    return Problem(kind="preflight", step="preflight", message=message, file="system/controlDict",
                   keyword="application")
