"""Locate the first meaningful problem of a run: the FATAL of the first failed step (file,
keyword, field, patch, valid choices), a mesh that fails its quality checks, a solver that
diverged, or, for a run that looked fine, a wall treatment that does not fit the model.

Pure: a `RunReport`, the step logs' text and a `CaseView` in, a `Problem` (or None) out.
"""

from __future__ import annotations

import math
import re
from typing import Mapping

from tasks.review.audit import audit_wall_functions
from tasks.review.case import CaseView
from tasks.review.models import Problem
from tasks.review.strategies.decomposition import decomposition_problem
from tasks.run.logs import (
    FatalError,
    LogSummary,
    divergence_signals,
    late_bounding,
    parse_log,
)
from tasks.run.report import RunReport

MESH_STEPS = ("blockMesh", "snappyHexMesh", "surfaceFeatureExtract", "checkMesh")
_ENTRY = re.compile(r"""(?:Entry '([^']+)' not found|keyword ([^\s'"]+) is undefined) in dictionary "([^"]+)\"""")
_UNKNOWN = re.compile(r"\bUnknown\b.*?\b(?:type|scheme|model|name|function)\s+(\S+)")
_ENUM = re.compile(r"(\S+) is not in enumeration: \d*\s*\(([^)]*)\)")
_MISSING_FILE = re.compile(r'cannot find file "([^"]+)"')
_CLASS = re.compile(r"unexpected class name (\S+) expected (\S+)")
_CONSTRAINT = re.compile(r"patch type '(\w+)' not constraint type '(\w+)'.*?for patch (\S+) of field (\S+)")
_POINT = re.compile(r"Point label \(?(\d+)\)? out of range (\d+)\.\.(\d+)")
_CAST = re.compile(r"Attempt to cast type (\w+) to type (\w+)")
_SNAPPY_ILLEGAL = re.compile(r"Finished meshing with (\d+) illegal faces")
_CHECKMESH_FAILED = re.compile(r"Failed (\d+) mesh checks")


def relative(path: str, case_prefixes: list[str]) -> str:
    """A path OpenFOAM printed, relative to the case (host path or the container's /case)."""
    p = path.strip().strip('"').rstrip(".")
    for prefix in case_prefixes:
        pre = prefix.rstrip("/") + "/"
        if prefix and p.startswith(pre):
            return p[len(pre):]
    return p.lstrip("./") if not p.startswith("/") else p


def split_scoped(rel: str, view: CaseView) -> tuple[str, list[str]]:
    """`system/fvSolution.solvers.p` -> (`system/fvSolution`, [solvers, p]); file names may
    hold dots themselves (`0/alpha.water.boundaryField.leftWall`)."""
    parts = rel.split(".")
    for i in range(len(parts), 0, -1):
        candidate = ".".join(parts[:i])
        if view.has(candidate):
            return candidate, parts[i:]
    return rel, []


def _field_of(rel: str) -> str | None:
    top, _, name = rel.partition("/")
    return name if top in ("0", "0.orig") and name and "/" not in name else None


def problem_from_fatal(step: str, fatal: FatalError, view: CaseView, prefixes: list[str]) -> Problem:
    msg = fatal.message
    if (decomposing := decomposition_problem(step, msg, fatal.valid_choices)) is not None:
        return decomposing
    raw_file = fatal.file
    if m := _ENTRY.search(msg):
        raw_file = m[3]
    rel, scope = split_scoped(relative(raw_file, prefixes), view) if raw_file else (None, [])
    base = dict(step=step, message=msg, file=rel, dict_path=scope, valid_choices=fatal.valid_choices,
                field=fatal.field or (_field_of(rel) if rel else None), patch=fatal.patch)

    if m := _ENTRY.search(msg):
        return Problem(kind="missing_keyword", keyword=m[1] or m[2], **base)
    if m := _CONSTRAINT.search(msg):
        base.update(field=m[4], patch=m[3])
        return Problem(kind="constraint_mismatch", value=m[2], keyword=m[3], **base)
    if "Cannot find patchField entry for" in msg:
        return Problem(kind="missing_patch", keyword=fatal.patch, **base)
    if m := _MISSING_FILE.search(msg):
        missing = relative(m[1], prefixes)
        base.update(file=missing, dict_path=[], field=_field_of(missing))
        return Problem(kind="missing_file", keyword=missing, **base)
    if m := _POINT.search(msg):
        return Problem(kind="mesh_vertices", keyword=m[1], metrics={"label": float(m[1]), "max": float(m[3])}, **base)
    if m := _ENUM.search(msg):
        base["valid_choices"] = m[2].split()
        return Problem(kind="bad_enum", value=m[1], **base)
    if m := _CLASS.search(msg):
        base["valid_choices"] = [m[2]]
        return Problem(kind="wrong_class", value=m[1], keyword="class", **base)
    if m := _CAST.search(msg):
        return Problem(kind="wall_function", value=m[1], keyword=m[2], **base)
    if m := _UNKNOWN.search(msg):
        return Problem(kind="unknown_type", value=m[1].rstrip(".,;"), **base)
    if "Unable to set reference cell" in msg:
        return Problem(kind="reference_cell", keyword="pRefCell", **base)
    if "dimensions" in msg.lower() or re.search(r"\[\S+\[[-\d. ]+\]", msg):
        return Problem(kind="dimensions", **base)
    if re.search(r"Wrong token type|Bad token|expected (?:scalar|label|a |\w+ value)|"
                 r"Expected a '\(' or a '\{'", msg):
        kind = "mesh_block_syntax" if rel and rel.endswith("blockMeshDict") else "value_syntax"
        return Problem(kind=kind, **base)
    return Problem(kind="fatal", **base)


def courant_metrics(summary: LogSummary) -> dict[str, float]:
    """The first positive finite Courant max (what the initial deltaT gave), the peak, and
    the time step OpenFOAM took."""
    out: dict[str, float] = {}
    positive = [c.max for c in summary.courant if math.isfinite(c.max) and c.max > 0]
    if positive:
        out["courant_first"] = positive[0]
        out["courant_max"] = max(positive)
    if summary.first_time is not None and summary.times:
        out["time_reached"] = summary.last_time or 0.0
    return out


def severe_divergence(summary: LogSummary) -> list[str]:
    """Signs that the numbers cannot be trusted even if the run reached endTime: NaN/Inf,
    a Courant number above 10, a growing local continuity error, a crash."""
    signals = divergence_signals(summary)
    keep = ("non-finite", "not finite", "Courant number max reached", "local continuity error grew", "crashed")
    return [s for s in signals if any(k in s for k in keep)]


def persistent_bounding(summary: LogSummary, share: float = 0.2, minimum: int = 5) -> tuple[str, list[str]] | None:
    """(worst field, evidence) when bounding hits at least `share` of the time steps of the
    last quarter of the run: early bounding while a solution settles is normal."""
    if summary.times < 20 or summary.first_time is None or summary.last_time is None:
        return None
    late = late_bounding(summary)
    steps = {b.time for b in late}
    if len(steps) < max(minimum, share * 0.25 * summary.times):
        return None
    counts: dict[str, int] = {}
    for b in late:
        counts[b.field] = counts.get(b.field, 0) + 1
    worst = max(counts, key=lambda f: counts[f])
    evidence = [f"bounding {f} on {n} of the last {round(0.25 * summary.times)} steps" for f, n in counts.items()]
    return worst, evidence


def _divergence(step: str, summary: LogSummary, signals: list[str], note: str) -> Problem:
    return Problem(kind="divergence", step=step, message=f"{step} {note}: " + "; ".join(signals),
                   evidence=signals, metrics=courant_metrics(summary))


def locate_problem(report: RunReport, view: CaseView, logs: Mapping[str, str]) -> Problem | None:
    """The first problem worth a patch, in run order; None for a clean, completed run."""
    prefixes = [report.case_dir, "/case"]
    for step in report.steps:
        text = logs.get(step.command, "")
        summary = parse_log(text)
        if summary.fatal is not None:
            return problem_from_fatal(step.command, summary.fatal, view, prefixes)
        if step.command == "snappyHexMesh" and (m := _SNAPPY_ILLEGAL.search(text)) and int(m[1]) > 0:
            return _mesh_quality(step.command, f"snappyHexMesh finished meshing with {m[1]} illegal faces",
                                 view, [m[0]], float(m[1]))
        if step.command == "checkMesh" and (m := _CHECKMESH_FAILED.search(text)):
            errors = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("***")]
            return _mesh_quality(step.command, f"checkMesh: {m[0]}", view, errors[:10], float(m[1]))
        if step.status != "ok":
            if step.command not in MESH_STEPS and (summary.crash or severe_divergence(summary)):
                return _divergence(step.command, summary, severe_divergence(summary) or ["crashed"], "failed")
            kind = "incomplete" if step.status == "timeout" else "crash"
            detail = summary.crash.message if summary.crash else f"exit code {step.exit_code}"
            return Problem(kind=kind, step=step.command, message=f"{step.command} {step.status}: {detail}",
                           evidence=[w for w in summary.warnings[:5]])
        if step.command == report.application:
            signals = severe_divergence(summary)
            if signals:
                return _divergence(step.command, summary, signals, "diverged")
    if report.status == "diverged":
        sign = report.divergence
        where = f"{sign.sign}: {sign.where}" if sign else "divergence"
        return Problem(kind="divergence", step=report.application, evidence=[where],
                       message=f"{report.application} diverged ({where})",
                       metrics=courant_metrics(parse_log(logs.get(report.application, ""))))
    if report.status != "completed":
        return Problem(kind="incomplete", step=report.application,
                       message=f"{report.application} stopped at t={report.time_reached} before endTime {report.end_time}")
    findings = audit_wall_functions(view)
    if not findings:
        solver_log = parse_log(logs.get(report.application, ""))
        bounded = persistent_bounding(solver_log)
        if bounded is not None:
            field, evidence = bounded
            return Problem(kind="bounding", step=report.application, field=field, keyword=field,
                           file="system/fvSchemes", message=f"{report.application}: " + "; ".join(evidence),
                           evidence=evidence, valid_choices=sorted({b.field for b in solver_log.bounding}))
    if findings:
        first = findings[0]
        return Problem(
            kind="wall_function", step="audit", field=first.field, patch=first.patch, value=first.have,
            file=view.field_copies(first.field)[0], keyword=first.field,
            message=f"{first.field} on wall patch {first.patch} is {first.have}, which does not fit "
                    f"the {view.turbulence()[1]} model (expected {first.want.get('type')})",
            evidence=[f"{f.field}/{f.patch}: {f.have} -> {f.want.get('type')}" for f in findings],
        )
    return None


def _mesh_quality(step: str, message: str, view: CaseView, evidence: list[str], count: float) -> Problem:
    file = "system/meshQualityDict" if view.has("system/meshQualityDict") else "system/snappyHexMeshDict"
    return Problem(kind="mesh_quality", step=step, message=message, file=file, evidence=evidence,
                   metrics={"count": count})
