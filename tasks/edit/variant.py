"""A sweep variant as a self-contained job: the base case as an archive plus the variant's
edit list in, the variant's report, logs and chosen result files as an archive out. The job
runs in a private working folder on whatever machine picks it up (a Dask worker, a Prefect
worker, a thread here); nothing is shared with the flow but these bytes.

What comes back (keep_result): the case's dictionaries and mesh, the start and the latest
time folders, postProcessing, logs, report.json and .casewright; not processor* folders
(reconstructPar has merged them) nor the intermediate time folders.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.edit.archive import pack_tree, unpack_tree
from tasks.edit.sweep import RESULT_FILE, VariantPlan, VariantResult, keep_base_file
from tasks.run.report import REPORT_FILE

WORK_DIR_ENV = "CASEWRIGHT_WORK_DIR"  # where a worker unpacks its variants (default: the temp folder)


class VariantJob(BaseModel):
    """What a worker needs to run one variant."""

    model_config = ConfigDict(extra="forbid")

    plan: VariantPlan
    base: bytes
    np: int = 1
    review: bool = False


class VariantOutcome(BaseModel):
    """What a worker sends back."""

    model_config = ConfigDict(extra="forbid")

    result: VariantResult
    archive: bytes
    work_case: str


def pack_base(base: Path) -> bytes:
    """The base case without its results, as an archive."""
    return pack_tree(base, keep_base_file)


def worker_name() -> str:
    """The Dask worker's address when running in one, else host:pid."""
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except (ImportError, ValueError):
        return f"{socket.gethostname()}:{os.getpid()}"


def open_workspace(job: VariantJob) -> Path:
    """A private folder under CASEWRIGHT_WORK_DIR (or the temp folder) holding the base case."""
    root = Path(os.environ.get(WORK_DIR_ENV) or tempfile.gettempdir())
    root.mkdir(parents=True, exist_ok=True)
    case = Path(tempfile.mkdtemp(prefix=f"casewright-{job.plan.name[:40]}-", dir=root)) / job.plan.name
    unpack_tree(job.base, case)
    return case


def close_workspace(case: Path) -> None:
    shutil.rmtree(case.parent, ignore_errors=True)


def _times(case: Path) -> list[tuple[float, str]]:
    out = []
    for p in case.iterdir():
        try:
            out.append((float(p.name), p.name))
        except ValueError:
            continue
    return sorted(out)


def result_filter(case: Path):
    """keep_result for this case: the first and the latest time folders only."""
    times = _times(case)
    kept = {times[0][1], times[-1][1]} if times else set()
    all_times = {name for _, name in times}

    def keep_result(rel: Path) -> bool:
        top = rel.parts[0]
        if top.startswith("processor") or top == "dynamicCode":
            return False
        return top not in all_times or top in kept
    return keep_result


def pack_result(case: Path) -> bytes:
    return pack_tree(case, result_filter(case))


def land(outcome: VariantOutcome, out_dir: Path) -> VariantResult:
    """Unpack a variant's results into OUT/<name> (replacing a partial one), point its report at
    the new place, and write OUT/<name>/variant.json."""
    dest = out_dir / outcome.result.name
    if dest.exists():
        shutil.rmtree(dest)
    unpack_tree(outcome.archive, dest)
    report = dest / REPORT_FILE
    if report.is_file():
        data = json.loads(report.read_text())
        text = json.dumps(data, indent=2).replace(json.dumps(outcome.work_case)[1:-1], json.dumps(str(dest))[1:-1])
        report.write_text(text + "\n")
    result = outcome.result.model_copy(update={"case_dir": str(dest)})
    (dest / RESULT_FILE).write_text(result.model_dump_json(indent=2) + "\n")
    return result
