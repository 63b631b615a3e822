"""Parse OpenFOAM solver/utility logs into pydantic models (formats checked on v1912).

v1912 quirks: ``Unknown patchField type X for patch type wall`` names neither patch
nor field (both come from ``file: .../0/U.boundaryField.movingWall``); choice lists
are ``N\\n(\\na\\n)`` or inline ``N(a b)``; adjustable-deltaT solvers print
``Courant Number`` before ``Time =`` (attributed to the following step).
"""

from __future__ import annotations

import math
import os
import re
from collections import Counter
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

_NUM = r"[-+]?(?:(?i:nan|inf(?:inity)?)|\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)"
_RE_TIME = re.compile(rf"^Time = ({_NUM})s?$")
# solidDisplacementFoam and its kin print "Iteration: N", electrostaticFoam "Iteration = t",
# and never "Time = "
_RE_ITERATION = re.compile(rf"^Iteration(?::| =) ({_NUM})$")
_RE_EXEC = re.compile(r"^Exec\s*:\s*(\S+)")
_RE_RESIDUAL = re.compile(
    rf"^(\w+):\s+Solving for (\S+), Initial residual = ({_NUM}), "
    rf"Final residual = ({_NUM}), No Iterations (\d+)"
)
_RE_COURANT = re.compile(rf"^(Interface )?Courant Number mean: ({_NUM}) max: ({_NUM})")
_RE_CONTINUITY = re.compile(
    rf"^time step continuity errors\s*(?:\([^)]*\)\s*)?: sum local = ({_NUM}), "
    rf"global = ({_NUM}), cumulative = ({_NUM})"
)
_RE_BOUNDING = re.compile(rf"^bounding (\S+), min: ({_NUM}) max: ({_NUM}) average: ({_NUM})")
_RE_CLOCK = re.compile(rf"^ExecutionTime = ({_NUM}) s\s+ClockTime = ({_NUM}) s")
_RE_FRAME = re.compile(r"^#(\d+)\s+(.*)$")
_RE_PROC_PREFIX = re.compile(r"^\[\d+\] ?")
# shell reports: "bash: line 1:  8443 Floating point exceptionicoFoam", "Aborted (core dumped)";
# mpirun's: "mpirun noticed that process rank 1 ... exited on signal 8 (Floating point exception)."
_RE_SHELL_SIGNAL = re.compile(
    r"^(?:.*?\b\d+\s+|.*?exited on signal \d+ \()?(Floating point exception|Segmentation fault|Aborted)")
_RE_FILE = re.compile(r"^file: (.*?)(?: at line (\d+)| from line (\d+) to line \d+)?\.?$")
_RE_VALID = re.compile(r"^Valid\b.*?:\s*(.*)$")
# "keyword nu is undefined", "Entry 'nu' not found", "Cannot find patchField entry for lowerWall"
_RE_KEYWORD = re.compile(r"\bkeyword '?([^'\s]+)|\bEntry '([^']+)' not found|patchField entry for (\S+)")
_STOP_LINES = ("FOAM exiting", "FOAM aborting", "FOAM parallel run exiting", "FOAM parallel run aborting")
_Signal = Literal["SIGFPE", "SIGSEGV", "SIGABRT", "other"]
_SIGNALS: tuple[tuple[_Signal, tuple[str, ...]], ...] = (
    ("SIGFPE", ("sigFpe", "Floating point exception")),
    ("SIGSEGV", ("sigSegv", "Segmentation fault")),
    ("SIGABRT", ("sigAbrt", "error::abort", "Aborted")),
)
_MAX_WARNINGS = 20


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FatalError(_Model):
    kind: Literal["fatal", "fatal_io"]
    message: str
    file: str | None = None
    keyword: str | None = None
    field: str | None = None
    patch: str | None = None
    line: int | None = None
    function: str | None = None
    source: str | None = None
    valid_choices: list[str] = []


class ResidualRecord(_Model):
    time: float
    field: str
    solver: str
    initial: float
    final: float
    iterations: int


class CourantRecord(_Model):
    time: float
    mean: float
    max: float


class ContinuityRecord(_Model):
    time: float
    sum_local: float
    global_error: float
    cumulative: float


class BoundingRecord(_Model):
    time: float
    field: str
    min: float
    max: float
    average: float


class CrashInfo(_Model):
    signal: _Signal
    frames: list[str]
    message: str


class LogSummary(_Model):
    application: str | None = None
    fatal: FatalError | None = None
    warnings: list[str] = []
    times: int = 0
    first_time: float | None = None
    last_time: float | None = None
    last_delta_t: float | None = None  # difference between the last two "Time =" values
    end_printed: bool = False
    residuals: list[ResidualRecord] = []
    courant: list[CourantRecord] = []
    interface_courant: list[CourantRecord] = []
    continuity: list[ContinuityRecord] = []
    bounding: list[BoundingRecord] = []
    crash: CrashInfo | None = None
    execution_time_s: float | None = None
    clock_time_s: float | None = None

    def step_residuals(self) -> list[ResidualRecord]:
        """First solve of each field per time step: its initial residual is the usual
        convergence measure (as plotted by foamMonitor / the residuals function object)."""
        last_time: dict[str, float] = {}
        out: list[ResidualRecord] = []
        for rec in self.residuals:
            if last_time.get(rec.field) != rec.time:
                last_time[rec.field] = rec.time
                out.append(rec)
        return out

    def final_residuals(self) -> dict[str, ResidualRecord]:
        """Per field: the first solve in the last time step that solved that field."""
        return {rec.field: rec for rec in self.step_residuals()}

    def residual_summary(self) -> dict[str, dict[str, float]]:
        """Per field stats over ``step_residuals()`` initial residuals (NaNs ignored for min/max)."""
        out: dict[str, dict[str, float]] = {}
        for field, recs in _by_field(self.step_residuals()).items():
            vals = [r.initial for r in recs]
            ok = _finite(vals)
            out[field] = {"first_initial": vals[0], "last_initial": vals[-1], "n": float(len(vals)),
                          "min_initial": min(ok, default=math.nan), "max_initial": max(ok, default=math.nan)}
        return out


def _by_field(records: list[ResidualRecord]) -> dict[str, list[ResidualRecord]]:
    series: dict[str, list[ResidualRecord]] = {}
    for rec in records:
        series.setdefault(rec.field, []).append(rec)
    return series


def _finite(values: list[float]) -> list[float]:
    return [v for v in values if math.isfinite(v)]


def _abs_or_inf(value: float) -> float:
    return abs(value) if math.isfinite(value) else math.inf


def _group(m: re.Match[str] | None, n: int) -> str | None:
    return m[n] if m else None


def _norm(parts: list[str]) -> str:
    return " ".join(" ".join(parts).split())


def _parse_choices(lines: list[str], i: int, rest: str) -> tuple[list[str], int]:
    """Read an OpenFOAM list (``N(a b)`` or ``N\\n(\\na\\n)``) starting at ``rest``/line ``i``."""
    chunks = [rest]
    while ")" not in chunks[-1] and i + 1 < len(lines):
        nxt = lines[i + 1].strip()
        if nxt.startswith(("file:", "From function")) or nxt in _STOP_LINES:
            break
        i += 1
        chunks.append(nxt)
    inner = " ".join(chunks).partition("(")[2]  # drop the leading count
    return (inner.rpartition(")")[0] if ")" in inner else inner).split(), i


def _parse_fatal(lines: list[str], start: int) -> FatalError:
    head = lines[start]
    kind: Literal["fatal", "fatal_io"] = "fatal_io" if "FATAL IO ERROR" in head else "fatal"
    message = [head.partition("ERROR:")[2]]
    info: dict[str, object] = {"valid_choices": []}
    i = start
    while i + 1 < len(lines):
        i += 1
        s = lines[i].strip()
        if s in _STOP_LINES or s.startswith("--> FOAM") or _RE_FRAME.match(s):
            break
        if s.startswith("From function"):
            info["function"] = s[len("From function") :].strip() or None
        elif s.startswith("in file "):
            info["source"] = s[len("in file ") :].rstrip(".").strip()
        elif m := _RE_FILE.match(s):
            info["file"], number = m[1].strip(), m[2] or m[3]
            info["line"] = int(number) if number else None
        elif m := _RE_VALID.match(s):
            info["valid_choices"], i = _parse_choices(lines, i, m[1])
        elif s:
            message.append(s)
    text = _norm(message)
    file = info.get("file")
    if file is None and (m := re.search(r'dictionary "([^"]+)"', text)):
        file = info["file"] = m[1]
    if m := _RE_KEYWORD.search(text):
        info["keyword"] = next(g for g in m.groups() if g)
    # "<dir>/0/U.boundaryField.movingWall" -> field U, patch movingWall
    scoped = re.search(r"([^/\s]+)\.boundaryField(?:\.(\S+))?$", str(file or ""))
    info["field"] = _group(re.search(r"\bof field (\S+)", text), 1) or _group(scoped, 1)
    m = re.search(r"\bfor patch (?!type\b)(\S+)|Cannot find patchField entry for (\S+)", text)
    info["patch"] = _group(m, 1) or _group(m, 2) or _group(scoped, 2)
    return FatalError(kind=kind, message=text, **info)  # type: ignore[arg-type]


def _parse_warning(lines: list[str], start: int) -> str:
    parts = [lines[start].partition("Warning")[2].lstrip(" :")]
    for line in lines[start + 1 :]:
        s = line.strip()
        if (not s and any(parts)) or s.startswith("-->") or _RE_FRAME.match(s):
            break
        if not s.startswith(("From function", "in file ")):
            parts.append(s)
    return _norm(parts)


def _parse_crash(lines: list[str]) -> CrashInfo | None:
    """First ``#0 ... #N`` stack trace plus any shell "Floating point exception" report."""
    frames: list[str] = []
    shell = ""
    in_trace = False
    for line in lines:
        m = _RE_FRAME.match(line.strip())
        if m and (in_trace or (m.group(1) == "0" and not frames)):
            in_trace = True
            frames.append(m.group(2).strip())
            continue
        in_trace = False
        if not shell and _RE_SHELL_SIGNAL.search(line):
            shell = line.strip()
    if not frames and not shell:
        return None
    hay = " ".join([*frames, shell])
    signal = next((sig for sig, keys in _SIGNALS if any(k in hay for k in keys)), "other")
    return CrashInfo(signal=signal, frames=frames, message=shell)


def parse_log(text: str) -> LogSummary:
    """Parse a whole OpenFOAM log; records printed before the first ``Time =`` get time 0.0."""
    lines = [_RE_PROC_PREFIX.sub("", ln) for ln in text.splitlines()]
    out = LogSummary()
    warnings: list[str] = []
    t: float | None = None
    step_open = False
    pending: list[tuple[bool, float, float]] = []  # Courant lines printed before "Time ="

    def flush_courant(time: float) -> None:
        for interface, mean, cmax in pending:
            target = out.interface_courant if interface else out.courant
            target.append(CourantRecord(time=time, mean=mean, max=cmax))
        pending.clear()

    time_re = _RE_TIME
    if not any(_RE_TIME.match(ln.strip()) for ln in lines) and any(_RE_ITERATION.match(ln.strip()) for ln in lines):
        time_re = _RE_ITERATION
    for i, raw in enumerate(lines):
        s = raw.strip()
        now = t if t is not None else 0.0
        if m := time_re.match(s):
            out.last_delta_t = float(m[1]) - t if t is not None else None
            t = float(m[1])
            out.times += 1
            out.first_time, out.last_time = (t if out.first_time is None else out.first_time), t
            step_open = True
            flush_courant(t)
        elif m := _RE_RESIDUAL.match(s):
            out.residuals.append(ResidualRecord(time=now, field=m[2], solver=m[1], initial=float(m[3]),
                                                final=float(m[4]), iterations=int(m[5])))
        elif m := _RE_COURANT.match(s):
            pending.append((bool(m[1]), float(m[2]), float(m[3])))
            if step_open:
                flush_courant(now)
        elif m := _RE_CONTINUITY.match(s):
            out.continuity.append(ContinuityRecord(time=now, sum_local=float(m[1]),
                                                   global_error=float(m[2]), cumulative=float(m[3])))
        elif m := _RE_BOUNDING.match(s):
            out.bounding.append(BoundingRecord(time=now, field=m[1], min=float(m[2]), max=float(m[3]),
                                               average=float(m[4])))
        elif m := _RE_CLOCK.match(s):
            out.execution_time_s, out.clock_time_s = float(m[1]), float(m[2])
            step_open = False
        elif s == "End":
            out.end_printed = True
        elif out.application is None and (m := _RE_EXEC.match(s)):
            out.application = m[1]
        elif "--> FOAM FATAL" in s and out.fatal is None:
            out.fatal = _parse_fatal(lines, i)
        elif "--> FOAM Warning" in s and len(warnings) < _MAX_WARNINGS:
            w = _parse_warning(lines, i)
            if w and w not in warnings:
                warnings.append(w)
    flush_courant(t if t is not None else 0.0)
    out.warnings = warnings
    out.crash = _parse_crash(lines)
    return out


def parse_log_file(path: str | os.PathLike[str]) -> LogSummary:
    """Parse a log file; an unreadable or missing file gives an empty ``LogSummary``."""
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return LogSummary()
    return parse_log(text)


def reached_end_time(summary: LogSummary, end_time: float, rel_tol: float = 1e-6) -> bool:
    """Last time reached ``end_time`` and no fatal error/crash.  OpenFOAM stops at ``endTime -
    deltaT/2``, so a run that printed ``End`` may stop short (damBreak: 0.0195 of 0.02): allowed."""
    if summary.last_time is None or summary.fatal is not None or summary.crash is not None:
        return False
    slack = 0.5 * summary.last_delta_t if summary.end_printed and summary.last_delta_t else 0.0
    return summary.last_time >= end_time * (1.0 - rel_tol) - 1e-12 - max(slack, 0.0)


def _residual_findings(summary: LogSummary) -> list[str]:
    found: list[str] = []
    bad = [r for r in summary.residuals if not (math.isfinite(r.initial) and math.isfinite(r.final))]
    if bad:
        fields = ", ".join(dict.fromkeys(r.field for r in bad))
        found.append(f"non-finite (NaN/Inf) residuals from t={bad[0].time:g} for: {fields}")
    for field, recs in _by_field(summary.step_residuals()).items():
        low, worst = math.inf, (1.0, 0.0, 0.0, 0.0)  # ratio, min, value, time
        for rec in recs:
            if not math.isfinite(rec.initial) or rec.initial <= 0:
                continue
            low = min(low, rec.initial)
            if rec.initial / low > worst[0]:
                worst = (rec.initial / low, low, rec.initial, rec.time)
        if worst[0] > 1e3:
            ratio, lo, hi, when = worst
            found.append(f"{field} initial residual grew {ratio:.3g}x from {lo:.3g} to {hi:.3g} (t={when:g})")
    return found


def late_bounding(summary: LogSummary) -> list[BoundingRecord]:
    """Bounding in the last quarter of the run: early bounding while a steady solution
    settles is normal; bounding that persists is a sign of trouble."""
    if not summary.bounding or summary.first_time is None or summary.last_time is None:
        return [b for b in summary.bounding if b.min < 0]
    cutoff = summary.first_time + 0.75 * (summary.last_time - summary.first_time)
    # "bounding kl, min: 0": a field resting at its lower limit (kl is 0 on walls), not a negative excursion
    return [b for b in summary.bounding if b.time >= cutoff and b.min < 0]


def divergence_signals(summary: LogSummary) -> list[str]:
    """Human-readable signs of numerical trouble; empty for a healthy run.  Courant growth
    (10x) counts only if the latest max is > 1: adjustable deltaT ramps Co up to maxCo <= 1."""
    found = _residual_findings(summary)
    co = summary.courant
    if co:
        peak = max(co, key=lambda c: _abs_or_inf(c.max))
        positive = _finite([c.max for c in co if c.max > 0])
        if not math.isfinite(peak.max) or peak.max > 10:
            found.append(f"Courant number max reached {peak.max:.3g} (t={peak.time:g})")
        elif positive and co[-1].max > 1 and co[-1].max >= 10 * min(positive):
            found.append(f"Courant number max grew {co[-1].max / min(positive):.3g}x to {co[-1].max:.3g}")
    if summary.continuity:
        # Cumulative errors drift upward in any steady run; what matters is the local error
        # per step growing, or turning non-finite.
        local = [c.sum_local for c in summary.continuity]
        last = summary.continuity[-1]
        finite = _finite(local)
        if not math.isfinite(last.sum_local) or not math.isfinite(last.cumulative):
            found.append(f"continuity error is not finite at t={last.time:g}")
        elif finite and last.sum_local > 1e-3 and last.sum_local > 10 * min(finite):
            found.append(f"local continuity error grew to {last.sum_local:.3g} (t={last.time:g})")
    late = late_bounding(summary)
    if late:
        counts = Counter(b.field for b in late)
        field, _ = counts.most_common(1)[0]
        low = min(late, key=lambda b: b.min if b.field == field else math.inf)
        per_field = ", ".join(f"{f} {n}" for f, n in counts.most_common())
        found.append(f"bounding applied {len(late)} times late in the run ({per_field}); "
                     f"worst field {field}, min {low.min:.3g} (t={low.time:g})")
    if summary.crash is not None:
        found.append(f"run crashed with {summary.crash.signal}")
    return found


# Thresholds of a run that reached endTime but whose numbers cannot be trusted (`diverged`).
CONTINUITY_LIMIT = 1.0           # local continuity error at the last step (healthy runs: < 1e-2; the
CONTINUITY_ABSURD = 1e6          # first SIMPLE iterations may exceed 1), or at any step this
CONTINUITY_GROWTH = 100.0        # ... and grown this many times its minimum over the run
RESIDUAL_GROWTH = 1e3            # initial residual above 1 and this many times its minimum
BOUNDING_STORM_SHARE = 0.5       # bounding on this share of the last quarter's steps ...
BOUNDING_STORM_MIN = 10          # ... and on at least this many steps
BOUNDING_ABSURD = 1e10           # or a bounded field whose minimum reached -1e10


def divergence_sign(summary: LogSummary) -> tuple[str, str] | None:
    """(sign, where) when a solver log shows divergence: NaN/Inf, a local continuity error
    above CONTINUITY_LIMIT, residuals that grew by orders of magnitude, or a bounding storm.
    None for a healthy log. Pure; the report calls a run with a sign `diverged`."""
    for rec in summary.residuals:
        if not (math.isfinite(rec.initial) and math.isfinite(rec.final)):
            return "nan", f"{rec.field} residual at t={rec.time:g}"
    for c in [*summary.courant, *summary.interface_courant]:
        if not (math.isfinite(c.max) and math.isfinite(c.mean)):
            return "nan", f"Courant number at t={c.time:g}"
    for c in summary.continuity:
        if not (math.isfinite(c.sum_local) and math.isfinite(c.cumulative)):
            return "nan", f"continuity error at t={c.time:g}"
        if c.sum_local > CONTINUITY_ABSURD:
            return "continuity", f"local continuity error {c.sum_local:.3g} at t={c.time:g}"
    if summary.continuity and (last := summary.continuity[-1]).sum_local > CONTINUITY_LIMIT:
        low = min(c.sum_local for c in summary.continuity)
        if last.sum_local > CONTINUITY_GROWTH * max(low, 1e-300):  # a SIMPLE start sits near 1 and falls
            return "continuity", (f"local continuity error {last.sum_local:.3g} at the last step (t={last.time:g}), "
                                  f"{last.sum_local / max(low, 1e-300):.3g}x its minimum")
    for field, recs in _by_field(summary.step_residuals()).items():
        low = math.inf
        for rec in recs:
            if rec.initial > 0:
                low = min(low, rec.initial)
            if rec.initial > 1.0 and rec.initial > RESIDUAL_GROWTH * low:
                return "residual_growth", f"{field} initial residual {rec.initial:.3g} ({rec.initial / low:.3g}x its " \
                                          f"minimum) at t={rec.time:g}"
    for b in summary.bounding:
        if not math.isfinite(b.min) or b.min < -BOUNDING_ABSURD:
            return "bounding", f"bounding {b.field} min {b.min:.3g} at t={b.time:g}"
    late = late_bounding(summary)
    steps = {b.time for b in late}
    quarter = 0.25 * summary.times
    if summary.times >= 8 and len(steps) >= max(BOUNDING_STORM_MIN, BOUNDING_STORM_SHARE * quarter):
        worst = Counter(b.field for b in late).most_common(1)[0][0]
        return "bounding", f"bounding {worst} on {len(steps)} time steps of the last quarter, from t={min(steps):g}"
    return None
