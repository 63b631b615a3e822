"""Run control of `modify` given as a count of writes ("10 snapshots", "write twenty times"):
the write interval that spreads that many writes over the run (from startTime to the end time
the request sets, else the case's), in seconds for a transient case (writeControl in simulated
time), in whole iterations for a steady one. Also the write and start switches said in words
("write in binary", "compress the output", "restart from the latest time")."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from tasks.foam import dictionary as fd
from tasks.foam.physics import is_steady
from tasks.plan.manifest import FileEdit


class WriteCount(BaseModel):
    model_config = ConfigDict(extra="forbid")

    edits: list[FileEdit] = Field(default_factory=list)
    warning: str | None = None


def _number(text: str, key: str) -> float | None:
    try:
        return float((fd.get(text, [key]) or "").strip())
    except ValueError:
        return None


def write_count_edits(control_dict: str, solver: str, count: int, end_time: float | None) -> WriteCount:
    """writeInterval (and writeControl) for `count` writes over the run; `end_time` is the end
    time the same request sets, None to keep the case's."""
    end = end_time if end_time is not None else _number(control_dict, "endTime")
    start = (_number(control_dict, "startTime") or 0.0) if (fd.get(control_dict, ["startFrom"]) or "").strip() == "startTime" else 0.0
    if end is None or end <= start:
        return WriteCount(warning=f"not applied: {count} writes (system/controlDict has no plain endTime after startTime)")
    span = end - start
    out = WriteCount()
    control = (fd.get(control_dict, ["writeControl"]) or "timeStep").strip()
    if is_steady(solver):
        steps = max(1, round(span / count))
        out.edits.append(FileEdit(file="system/controlDict", entry=["writeInterval"], value=str(steps),
                                  reason=f"{count} writes over {span:g} iterations", locked=True))
        if control != "timeStep":
            out.edits.append(FileEdit(file="system/controlDict", entry=["writeControl"], value="timeStep",
                                      reason="writes counted in iterations", locked=True))
        return out
    out.edits.append(FileEdit(file="system/controlDict", entry=["writeInterval"], value=f"{span / count:.10g}",
                              reason=f"{count} writes over {span:g} s", locked=True))
    if control not in ("runTime", "adjustableRunTime", "adjustable"):
        adjustable = (fd.get(control_dict, ["adjustTimeStep"]) or "").strip() in ("yes", "on", "true")
        out.edits.append(FileEdit(file="system/controlDict", entry=["writeControl"],
                                  value="adjustableRunTime" if adjustable else "runTime",
                                  reason="write interval in simulated time", locked=True))
    return out


# a format word said of the output ("write the results in binary", "binary output"), not "a binary mixture"
_FORMAT = (r"\b(?:writ\w*|sav\w*|output\w*|format|results?|fields?|files?|data)\b[^.;]{{0,30}}?\b(?:{0})\b"
           r"|\b(?:{0})\s+(?:format|output|files?|writ\w*)")
_BINARY = re.compile(_FORMAT.format("binary"))
_ASCII = re.compile(_FORMAT.format(r"ascii|plain[- ]text|human[- ]readable"))
_NO_COMPRESSION = re.compile(r"\b(?:uncompress\w*|no\s+compression|without\s+compression|(?:do not|don't|never)\s+compress\w*|"
                             r"(?:turn|switch)\w*\s+(?:the\s+)?compression\s+off|(?:turn|switch)\w*\s+off\s+(?:the\s+)?compression)\b")
_COMPRESSION = re.compile(r"\b(?:compress(?!ib)\w*|gzip\w*|zipped)\b")  # not "compressible"
_LATEST = re.compile(r"\b(?:restart|start|continue|resume|carry on|pick up)\w*\b[^.;]*?\b(?:from|at)\s+(?:the\s+)?"
                     r"(?:latest|last|most recent)\s+(?:time|write|result|saved|output|step)|\bwhere it (?:stopped|left off)\b")


def write_switches(text: str) -> list[FileEdit]:
    """controlDict entries a request sets by words alone: "write in binary" (writeFormat),
    "compress the output" / "no compression" (writeCompression), "restart from the latest
    time" (startFrom latestTime)."""
    low = text.lower()
    out = []
    fmt = "binary" if _BINARY.search(low) else ("ascii" if _ASCII.search(low) else None)
    if fmt:
        out.append(FileEdit(file="system/controlDict", entry=["writeFormat"], value=fmt, reason=f"write {fmt}", locked=True))
    compression = "off" if _NO_COMPRESSION.search(low) else ("on" if _COMPRESSION.search(low) else None)
    if compression:
        out.append(FileEdit(file="system/controlDict", entry=["writeCompression"], value=compression,
                            reason=f"writeCompression {compression}", locked=True))
    if _LATEST.search(low):
        out.append(FileEdit(file="system/controlDict", entry=["startFrom"], value="latestTime",
                            reason="start from the latest time written", locked=True))
    return out


class TimeSwitch(BaseModel):
    """Run control that a steady <-> transient switch needs and the request did not state."""

    model_config = ConfigDict(extra="forbid")

    edits: list[FileEdit] = Field(default_factory=list)
    assumptions: list[str] = Field(default_factory=list)
    warnings: list[str] = Field(default_factory=list)


def _round(x: float, digits: int = 1) -> str:
    return f"{float(f'{x:.{digits}g}'):g}"


def _set(out: TimeSwitch, key: str, value: str, why: str) -> None:
    out.edits.append(FileEdit(file="system/controlDict", entry=[key], value=value, reason=why))


def time_switch_edits(control_dict: str, to_steady: bool, solver: str, stated: dict[str, str],
                      cell: float | None, length: float | None, speed: float | None) -> TimeSwitch:
    """endTime, deltaT and writes for a case switched to `solver` (steady when `to_steady`),
    for the entries the request did not state (`stated`: controlDict key -> value it set):
    a steady case counts iterations (deltaT 1, 1000 of them, a write every tenth); a transient
    one gets a time step from the Courant number (0.5 x cell / speed, adjusted at run time by
    the PIMPLE solvers), ten flow-through times (length / speed) and ten writes over them."""
    out = TimeSwitch()
    if to_steady:
        if "deltaT" not in stated:
            _set(out, "deltaT", "1", "a steady solver counts iterations: deltaT 1")
        end = stated.get("endTime")
        if end is None:
            end = "1000"
            _set(out, "endTime", end, "1000 iterations")
            out.assumptions.append(f"{solver}: 1000 iterations (the transient end time was in seconds; state another count "
                                   "with 'run 3000 iterations')")
        if "writeInterval" not in stated:
            _set(out, "writeInterval", str(max(1, round(float(end) / 10))), "a write every tenth of the iterations")
        if "writeControl" not in stated:
            _set(out, "writeControl", "timeStep", "writes counted in iterations")
        if (fd.get(control_dict, ["adjustTimeStep"]) or "").strip() in ("yes", "on", "true"):
            _set(out, "adjustTimeStep", "no", "no Courant-adjusted step in a steady run")
        return out
    dt = stated.get("deltaT")
    if dt is None:
        if cell is None or speed is None or speed <= 0:
            out.warnings.append("not applied: a time step for the transient run (no cell size or velocity to estimate "
                                "it from); state one, e.g. 'time step 1e-4 s'")
        else:
            dt = _round(0.5 * cell / speed)
            _set(out, "deltaT", dt, f"Courant number 0.5 on {cell:.3g} m cells at {speed:.3g} m/s")
            out.assumptions.append(f"time step {dt} s: Courant number 0.5 with {cell:.3g} m cells at {speed:.3g} m/s")
    if "pimple" in solver.lower() and "adjustTimeStep" not in stated:
        _set(out, "adjustTimeStep", "yes", "time step adjusted to the Courant number")
        if "maxCo" not in stated:
            _set(out, "maxCo", "0.5", "maximum Courant number 0.5")
    end = stated.get("endTime")
    if end is None:
        if length is None or speed is None or speed <= 0:
            out.warnings.append("not applied: an end time in seconds for the transient run; state one, e.g. 'end time 2 s'")
            return out
        end = _round(10 * length / speed, 2)
        _set(out, "endTime", end, "ten flow-through times")
        out.assumptions.append(f"end time {end} s: ten flow-through times ({length:.3g} m at {speed:.3g} m/s); "
                               "state another with 'end time 2 s'")
    if "writeInterval" not in stated:
        _set(out, "writeInterval", _round(float(end) / 10, 2), "ten writes over the run")
        if "writeControl" not in stated:
            _set(out, "writeControl", "adjustableRunTime" if "pimple" in solver.lower() else "runTime", "writes in simulated time")
    return out
