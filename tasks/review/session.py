"""The Reviewer: after a failed or suspicious run, locate the first problem, choose a patch
from the catalogue (or the LLM), apply it with a backup and a history record, and say what
must run again. flows/review.py drives the loop; everything it decides is here.

Stopping: no problem left; `max_cycles` patches applied; no rule applies (or every rule's
patch would change a locked value or not parse); or the same problem (kind + file +
keyword) survives its patch. A numerical problem (divergence, bounding, mesh quality) may
survive one patch, since its cure can take two steps (a smaller deltaT, then upwind schemes).
"""

from __future__ import annotations

import difflib
import json
import logging
import shutil
import time
from collections import Counter
from pathlib import Path
from typing import Sequence

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import LLMError
from tasks.core.llm import LLMClient, TokenUsage
from tasks.foam import dictionary as fd
from tasks.foam.dictionary import parse_error
from tasks.foam.locked import LockedValue, check_locked, load_locked, same_value
from tasks.review.case import CaseView
from tasks.review.edits import Rule
from tasks.review.llm import llm_patch
from tasks.review.locate import locate_problem
from tasks.review.models import NUMERICAL_KINDS, CycleRecord, HistoryItem, Patch, Problem, ReviewStatus
from tasks.review.rules import CATALOGUE
from tasks.review.strategies import STRATEGIES
from tasks.run.parallel import PROCESSOR_DIR, processor_identities, split_owned
from tasks.run.report import RunReport
from tasks.run.runner import Step

__all__ = ["ReviewReport", "ReviewSession", "choose_patch", "load_locked", "patch_violations",
           "rerun_start", "review_status", "stale_time_dirs"]

log = logging.getLogger(__name__)

HISTORY_DIR = ".casewright/history"
BACKUP_DIR = ".casewright/backup"
# strategies first (a class of mistakes each), the rule catalogue as the last resort
REPAIRS: list[Rule] = [*STRATEGIES, *CATALOGUE]
MESH_FILES = ("system/blockMeshDict", "constant/polyMesh/blockMeshDict", "system/snappyHexMeshDict",
              "system/meshQualityDict", "system/surfaceFeatureExtractDict", "system/surfaceFeaturesDict")


class ReviewReport(BaseModel):
    """What `casewright review` returns: where the case started, every cycle, where it ended."""

    model_config = ConfigDict(extra="forbid")

    case_dir: str
    backend: str
    initial_status: ReviewStatus
    initial_problem: Problem | None
    cycles: list[CycleRecord]
    final_status: ReviewStatus
    final_problem: Problem | None
    final: RunReport
    repaired: bool
    stopped: str
    locked_intact: bool
    history: list[HistoryItem] = []
    needs_user: str | None = None
    backup_dir: str | None
    history_dir: str
    llm_usage: TokenUsage | None = None
    seconds: float = 0.0


def review_status(report: RunReport, problem: Problem | None) -> ReviewStatus:
    if report.status == "completed":
        return "completed" if problem is None else "suspicious"
    return "diverged" if report.status == "diverged" else "failed"


# --- choosing a patch ----------------------------------------------------------------------


def _same_file(locked_file: str, path: str) -> bool:
    """0/U, 0/U.orig and 0.orig/U hold the same field."""
    def key(p: str) -> str:
        top, _, name = p.partition("/")
        if top in ("0", "0.orig") and "/" not in name:
            return "field:" + (name[: -len(".orig")] if name.endswith(".orig") else name)
        return p
    return key(locked_file) == key(path)


def patch_violations(patch: Patch, view: CaseView, locked: Sequence[LockedValue]) -> list[str]:
    """Why a patch may not be applied: a locked value changed, a file that does not parse,
    a path outside the case, a directory to remove that is not a processor directory
    Casewright's own decomposePar wrote."""
    problems: list[str] = []
    problems += _removal_violations(patch.removes, view)
    for edit in patch.edits:
        if edit.path.startswith("/") or ".." in edit.path.split("/") or edit.path.startswith(".casewright"):
            problems.append(f"{edit.path} is outside the case")
            continue
        error = parse_error(edit.text)
        if error:
            problems.append(f"{edit.path} would not parse ({error})")
        for value in locked:
            if not _same_file(value.file, edit.path):
                continue
            before = fd.get(view.text(edit.path) or "", value.entry)
            after = fd.get(edit.text, value.entry)
            if not same_value(after, before) and not same_value(after, value.value):
                problems.append(f"would change locked {value.file}:{'/'.join(value.entry)} "
                                f"({value.value!r} -> {after!r})")
    return problems


NOT_OURS = "not written by Casewright"


def _removal_violations(removes: Sequence[str], view: CaseView) -> list[str]:
    """Only processor<N> directories that Casewright's own decomposePar wrote may be removed
    (.casewright/parallel.json records them); a user's are never deleted."""
    if not removes:
        return []
    odd = [r for r in removes if not PROCESSOR_DIR.fullmatch(r)]
    if odd:
        return [f"would remove {', '.join(odd)}: only processor directories may be removed"]
    where = Path(view.case_dir or ".")
    present = processor_identities(where, removes)
    _, theirs = split_owned(present, view.text(".casewright/parallel.json"))
    if not theirs:
        return []
    return [(f"{', '.join(theirs)} {NOT_OURS} (no decomposition of Casewright's marks them): they may hold "
             f"your results; reconstruct or move them yourself (e.g. `reconstructPar -case {where}` then "
             f"`rm -r {where}/processor*`), then run again")]


def choose_patch(
    problem: Problem,
    view: CaseView,
    locked: Sequence[LockedValue] = (),
    tried: Sequence[str] = (),
    rules: Sequence[Rule] = REPAIRS,
) -> tuple[Patch | None, list[str]]:
    """The first catalogue patch for the problem that parses and keeps every locked value.
    Returns (patch or None, the reasons other rules were refused)."""
    rejected: list[str] = []
    for rule in rules:
        if problem.kind not in rule.kinds or rule.name in tried:
            continue
        candidate = rule.fn(problem, view)
        if candidate is None:
            continue
        why = patch_violations(candidate, view, locked)
        if why:
            rejected.append(f"{rule.name}: " + "; ".join(why))
            log.info("rule %s refused: %s", rule.name, why)
            continue
        return candidate.model_copy(update={
            "rule": rule.name, "strategy": candidate.strategy or "rule",
            "source": candidate.source or f"rule {rule.name} (tasks/review/rules: {rule.summary})"}), rejected
    return None, rejected


# --- what runs again ---------------------------------------------------------------------


def rerun_start(plan: Sequence[Step], files: Sequence[str], problem_step: str, mesh_only: bool) -> int:
    """Index of the first step to run again: meshing when a mesh dictionary changed, else
    setFields (after restoring .orig files) or the solver; never after the step that failed.
    A parallel run decomposes again (decomposePar -force) whenever it would start after the
    decomposition: the processor directories hold the fields and mesh of the run before."""
    commands = [s.command for s in plan]
    if mesh_only or any(f in MESH_FILES or f.startswith("constant/triSurface/") for f in files):
        start = 0
    else:
        start = commands.index("setFields") if "setFields" in commands else len(commands) - 1
    if problem_step in commands:
        start = min(start, commands.index(problem_step))
    if "decomposePar" in commands:
        start = min(start, commands.index("decomposePar"))
    return start


def stale_time_dirs(case_dir: Path, start_time: float | None) -> list[Path]:
    """Time directories a run wrote after the start time (the start time itself is kept)."""
    start = start_time if start_time is not None else 0.0
    out: list[Path] = []
    for path in case_dir.iterdir():
        if not path.is_dir():
            continue
        try:
            t = float(path.name)
        except ValueError:
            continue
        if t > start + 1e-12 * max(1.0, abs(start)):
            out.append(path)
    return sorted(out)


def unified_diff(path: str, old: str | None, new: str) -> str:
    return "".join(difflib.unified_diff((old or "").splitlines(True), new.splitlines(True),
                                        f"a/{path}" if old is not None else "/dev/null", f"b/{path}"))


# --- the session -------------------------------------------------------------------------


class ReviewSession:
    """State of one review: cycles so far, rules tried per problem, backup and history."""

    def __init__(self, case_dir: Path, max_cycles: int, llm: LLMClient | None = None,
                 rules: Sequence[Rule] = REPAIRS) -> None:
        self.case_dir = Path(case_dir)
        self.max_cycles = max_cycles
        self.llm = llm
        self.rules = rules
        self.locked = load_locked(self.case_dir)
        self.cycles: list[CycleRecord] = []
        self.tried: dict[str, list[str]] = {}
        self.survived: Counter[str] = Counter()
        self.stopped = ""
        self.initial: tuple[ReviewStatus, Problem | None] | None = None
        self.backup_dir: Path | None = None
        self._backed_up: set[str] = set()
        self._created: list[str] = []
        self._pending: dict[str, object] | None = None
        self._proposal: tuple[Problem, list[str]] | None = None
        self.last_problem: Problem | None = None
        self.needs_user: str | None = None
        self.history_dir = self.case_dir / HISTORY_DIR
        self._history_base = len(list(self.history_dir.glob("*.json"))) if self.history_dir.is_dir() else 0
        self.started = time.monotonic()

    def view(self) -> CaseView:
        return CaseView.load(self.case_dir)

    @staticmethod
    def read_logs(report: RunReport) -> dict[str, str]:
        logs: dict[str, str] = {}
        for step in report.steps:
            try:
                logs[step.command] = Path(step.log_path).read_text(errors="replace")
            except OSError:
                logs[step.command] = ""
        return logs

    def observe(self, report: RunReport) -> Problem | None:
        """Locate the problem of the latest run, close the pending cycle, and decide whether
        to go on; returns the problem to patch, or None when the review stops."""
        problem = locate_problem(report, self.view(), self.read_logs(report))
        status = review_status(report, problem)
        if self.initial is None:
            self.initial = (status, problem)
        if self._pending is not None:
            self._close_cycle(status)
        self.last_problem = problem
        if problem is None:
            self.stopped = "repaired" if self.cycles else "nothing to repair"
            return None
        if self.cycles and self.cycles[-1].problem.signature() == problem.signature():
            self.survived[problem.signature()] += 1
            allowance = 1 if problem.kind in NUMERICAL_KINDS else 0
            if self.survived[problem.signature()] > allowance:
                self.stopped = f"the same problem survived its patch ({problem.kind} in {problem.file or problem.step})"
                return None
        if len(self.cycles) >= self.max_cycles:
            self.stopped = f"max cycles reached ({self.max_cycles})"
            return None
        return problem

    def observe_static(self, problem: Problem) -> Problem | None:
        """A problem found before the case can run at all (preflight): close the pending
        cycle as failed, and go on unless the cycles are used up."""
        if self.initial is None:
            self.initial = ("failed", problem)
        if self._pending is not None:
            self._close_cycle("failed")
        self.last_problem = problem
        if len(self.cycles) >= self.max_cycles:
            self.stopped = f"max cycles reached ({self.max_cycles})"
            return None
        return problem

    def propose(self, problem: Problem, log_text: str = "") -> Patch | None:
        """The patch for this problem (catalogue first, then the LLM when configured)."""
        view = self.view()
        tried = self.tried.get(problem.signature(), [])
        patch, rejected = choose_patch(problem, view, self.locked, tried, self.rules)
        if patch is None and self.llm is not None and "llm" not in tried:
            try:
                candidate = llm_patch(problem, view, self.llm, log_text,
                                      [f"{v.file}: {'/'.join(v.entry)} = {v.value}" for v in self.locked])
                why = patch_violations(candidate, view, self.locked)
                if why:
                    rejected.append("llm: " + "; ".join(why))
                else:
                    patch = candidate.model_copy(update={"strategy": "llm", "source": "LLM patch (validated)"})
            except LLMError as exc:
                rejected.append(f"llm: {exc}")
        if patch is None:
            self.stopped = "no strategy or rule applies" + (f" (refused: {'; '.join(rejected)})" if rejected else "")
            locked = [r for r in rejected if "would change locked" in r]
            if locked:
                self.needs_user = ("the repair would change a value you set: " + "; ".join(locked)
                                   + "; change it yourself or unlock it")
            elif theirs := [r for r in rejected if NOT_OURS in r]:
                self.needs_user = "the repair would delete processor directories that are not Casewright's: " \
                    + "; ".join(theirs)
        self._proposal = (problem, rejected)
        return patch

    def apply(self, patch: Patch) -> list[str]:
        """Back up (once per file) and write the patch; returns the files changed."""
        assert self._proposal is not None, "apply() follows propose()"
        problem, rejected = self._proposal
        if self.backup_dir is None:
            # "-review": restore_initial_fields backs up 0/ under the bare timestamp
            self.backup_dir = self.case_dir / BACKUP_DIR / (time.strftime("%Y%m%dT%H%M%S") + "-review")
        diffs: list[str] = []
        for edit in patch.edits:
            target = self.case_dir / edit.path
            old = target.read_text() if target.is_file() else None
            if edit.path not in self._backed_up:
                self._backed_up.add(edit.path)
                if old is not None:
                    (self.backup_dir / edit.path).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(target, self.backup_dir / edit.path)
                else:
                    self._created.append(edit.path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(edit.text)
            diffs.append(unified_diff(edit.path, old, edit.text))
        for rel in patch.removes:  # checked by patch_violations: processor dirs Casewright wrote
            target = self.case_dir / rel
            if target.is_dir():
                shutil.rmtree(target)
                diffs.append(f"removed {rel}/ (written by Casewright's decomposePar; decomposed again on the re-run)\n")
        self._write_backup_manifest()
        self.tried.setdefault(problem.signature(), []).append(patch.rule)
        self._pending = {"problem": problem, "patch": patch, "rejected": rejected, "diff": "".join(diffs),
                         "started": time.monotonic()}
        return patch.files()

    def set_rerun(self, steps: Sequence[Step]) -> None:
        if self._pending is not None:
            self._pending["rerun"] = [s.label() for s in steps]

    def _write_backup_manifest(self) -> None:
        assert self.backup_dir is not None
        self.backup_dir.mkdir(parents=True, exist_ok=True)
        manifest = {"backed_up": sorted(self._backed_up - set(self._created)), "created": self._created}
        (self.backup_dir / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")

    def _close_cycle(self, outcome: ReviewStatus) -> None:
        p = self._pending
        assert p is not None
        patch: Patch = p["patch"]  # type: ignore[assignment]
        record = CycleRecord(
            cycle=len(self.cycles) + 1, problem=p["problem"], rule=patch.rule,  # type: ignore[arg-type]
            strategy=patch.strategy, source=patch.source,
            description=patch.description, files_changed=patch.files(), diff=str(p["diff"]),
            rerun=list(p.get("rerun", [])), rejected=list(p["rejected"]), outcome=outcome,  # type: ignore[arg-type]
            seconds=round(time.monotonic() - float(p["started"]), 3),  # type: ignore[arg-type]
        )
        self.cycles.append(record)
        self.history_dir.mkdir(parents=True, exist_ok=True)
        path = self.history_dir / f"{self._history_base + record.cycle:03d}.json"
        path.write_text(json.dumps(record.model_dump(mode="json"), indent=2) + "\n")
        self._pending = None

    def result(self, final: RunReport, backend: str) -> ReviewReport:
        initial_status, initial_problem = self.initial or ("failed", None)
        final_problem = self.last_problem
        final_status = review_status(final, final_problem)
        checks = check_locked(self.case_dir, self.locked) if self.locked else []
        return ReviewReport(
            case_dir=str(self.case_dir), backend=backend, initial_status=initial_status,
            initial_problem=initial_problem, cycles=self.cycles, final_status=final_status,
            final_problem=final_problem, final=final,
            repaired=initial_status != "completed" and final_status == "completed",
            stopped=self.stopped or "stopped", locked_intact=all(c.ok for c in checks),
            history=[HistoryItem(cycle=c.cycle, problem=f"{c.problem.kind}: {c.problem.message[:300]}",
                                 strategy=c.strategy, source=c.source, files=c.files_changed, diff=c.diff)
                     for c in self.cycles],
            needs_user=self.needs_user if final_status != "completed" else None,
            backup_dir=str(self.backup_dir) if self.backup_dir else None,
            history_dir=str(self.history_dir), llm_usage=self.llm.usage if self.llm else None,
            seconds=round(time.monotonic() - self.started, 3),
        )
