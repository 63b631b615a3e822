"""Run control of `modify`: end time, write interval and time step as stated, as a change of
the present value ("run twice as long", "2000 more iterations", "halve the time step") or as a
calendar duration in the case's own unit of time; and a count of writes ("10 snapshots", "write twenty times"):
the write interval that spreads that many writes over the run (from startTime to the end time
the request sets, else the case's), in seconds for a transient case (writeControl in simulated
time), in whole iterations for a steady one. Also the write and start switches said in words
("write in binary", "compress the output", "restart from the latest time")."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from tasks.edit import caseops
from tasks.edit.caseops_cells import courant_scale
from tasks.edit.modify_mesh import mesh_scale
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_run_more import added_time
from tasks.edit.modify_values import site_magnitude, unrounded, value_site
from tasks.edit.modify_words import key_value_controls
from tasks.edit.patch_words import (
    bare_end_time,
    bare_write_interval,
    durations,
    extra_run,
    in_unit,
    relative_run_factors,
    write_count,
)
from tasks.foam import dictionary as fd
from tasks.foam.physics import fmt, is_steady
from tasks.plan.extract import Quantity, first
from tasks.plan.bind_run_writes import CONTROL, end_write_interval
from tasks.plan.manifest import FileEdit
from tasks.plan.stated import in_case_time


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


def flow_scales(state: CaseState) -> tuple[float | None, float | None, float | None]:
    """(cell size, largest extent, fastest inlet or wall speed) of a case, from its blockMeshDict
    and 0/U; None for what it does not tell (a snappy mesh, a pressure inlet). The cell size is the
    length the Courant number sees: the smallest cells of graded blocks (caseops_cells), else the
    smallest mean cell."""
    cell = length = None
    bmd = state.case_dir / "system/blockMeshDict"
    text = bmd.read_text() if bmd.is_file() else ""
    found, totals = (caseops.block_extents(text), caseops.axis_totals(text)) if text else (None, None)
    if found and totals:
        extents, flat = found
        scale = mesh_scale(text)
        sizes = [extents[a] * scale / totals[a] for a in range(3) if a not in flat and totals[a] and extents[a] > 0]
        cell = min(sizes) if sizes else None
        length = max(extents) * scale if max(extents) > 0 else None
    speeds = [site_magnitude(state.case_dir, site) for patch, role in state.roles.items() if role in ("inlet", "movingWall")
              if not isinstance(site := value_site(state.case_dir, "U", patch), str)]
    speed = max(speeds) if speeds and max(speeds) > 0 else None
    u_file = caseops.initial_field(state.case_dir, "U")
    courant = courant_scale(text, u_file.read_text()) if text and u_file is not None else None
    if courant is not None and speed is not None:
        # the graded blocks' smallest cells, crossed as the case's velocities cross them: a step of
        # 0.5 cell / speed then keeps Co at 0.5 for the fastest of them too
        cell = courant.length * min(1.0, speed / courant.speed)
    return cell, length, speed


def said_of(q: Quantity, *words: str) -> bool:
    """True when the words right after a value, or its own clause before it, name it: "1e-4 s
    time step", "set deltaT to 1e-4 s"; not "halve the time step, and write every 0.05 s"."""
    clause = re.split(r"[,;]|\.\s|\band\b|\bthen\b", q.before.lower())[-1]
    after = q.after.strip().lower()
    return any(after.startswith(w) or re.search(rf"\b{re.escape(w)}\b", clause) for w in words)


def extra_run_edit(plan: ChangePlan, state: CaseState, text: str, qs: list[Quantity] | None = None) -> None:
    """"2000 more iterations", "another 0.5 s", "extend the run by 500 iterations": endTime
    grows by that much (steps of a transient case count deltaT each); an endTime read from the
    same number as an absolute value is replaced."""
    found = extra_run(text)
    said = f"{unrounded(found[0])} {found[1]}".strip() if found else ""
    if found is None and (more := added_time(text, qs)) is not None:  # "a further 0.1 s", "50 ms later than now"
        found, said = (in_case_time(more[0], plan.solver or state.solver), "s"), more[1]
    if found is None:
        return
    amount, unit = found
    end, dt = _control_number(state.case_dir, "endTime"), _control_number(state.case_dir, "deltaT")
    if end is None:
        plan.warnings.append(f"not applied: {unrounded(amount)} {unit} more (system/controlDict has no plain endTime)")
        return
    steps = bool(re.match(r"iteration|step|time ?step", unit)) and not is_steady(state.solver)
    if steps and dt is None:
        plan.warnings.append(f"not applied: {unrounded(amount)} {unit} more (deltaT is not a plain number)")
        return
    new = end + amount * (dt if steps else 1.0)  # type: ignore[operator]
    plan.edits[:] = [e for e in plan.edits if not (e.file == "system/controlDict" and e.entry == ["endTime"])]
    plan.edits.append(FileEdit(file="system/controlDict", entry=["endTime"], value=unrounded(round(new, 12)),
                               reason=f"endTime {unrounded(end)} + {said}", locked=True))


def _control_number(case: Path, key: str) -> float | None:
    """A plain number of system/controlDict, None when absent or not a number ($var, #calc)."""
    path = case / "system/controlDict"
    value = (fd.get(path.read_text(), [key]) or "").strip() if path.is_file() else ""
    try:
        return float(value)
    except ValueError:
        return None


def relative_run_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """Run control changed by a factor of its present value: "run twice as long" (endTime, on the
    time after startTime), "halve the time step" (deltaT), "write twice as often" (writeInterval,
    whole steps when it counts steps). An entry this request already states stays as stated."""
    stated = {e.entry[0] for e in plan.edits if e.file == "system/controlDict" and len(e.entry) == 1}
    for key, factor in relative_run_factors(text).items():
        if key not in stated:
            scale_control(plan, state, key, factor)


def scale_control(plan: ChangePlan, state: CaseState, key: str, factor: float) -> None:
    """system/controlDict's `key` times `factor`: endTime on the time after startTime (whole
    iterations for a steady solver), writeInterval in whole steps when it counts steps."""
    old = _control_number(state.case_dir, key)
    if old is None:
        plan.warnings.append(f"not applied: {key} x {unrounded(factor)} (system/controlDict has no plain number for {key})")
        return
    if key == "endTime":  # the run starts at startTime only with startFrom startTime (else 0/ as a rule)
        start_from = (fd.get((state.case_dir / "system/controlDict").read_text(), ["startFrom"]) or "").strip()
        start = (_control_number(state.case_dir, "startTime") or 0.0) if start_from == "startTime" else 0.0
        new = start + (old - start) * factor
    else:
        new = old * factor
    cd = (state.case_dir / "system/controlDict").read_text()
    counts_steps = key == "writeInterval" and (fd.get(cd, ["writeControl"]) or "").strip() == "timeStep"
    if counts_steps or (key == "endTime" and is_steady(state.solver)):
        new = max(1.0, float(round(new)))
    value = unrounded(round(new, 12))
    plan.edits.append(FileEdit(file="system/controlDict", entry=[key], value=value,
                               reason=f"{key} x {unrounded(factor)}: {unrounded(old)} -> {value}", locked=True))
    if key == "deltaT" and (fd.get(cd, ["adjustTimeStep"]) or "").strip() in ("yes", "on", "true"):
        plan.warnings.append("adjustTimeStep is on: the solver changes deltaT from the first step (maxCo decides)")


def write_control_edit(plan: ChangePlan, state: CaseState, kind: str, solver: str | None = None) -> None:
    """A write interval in seconds needs a time-based writeControl, one in steps `timeStep`:
    the case's writeControl follows the unit the request gives (a steady case counts both).
    `solver`: the one the case runs after the change (default: its own)."""
    path = state.case_dir / "system/controlDict"
    if not path.is_file() or is_steady(solver or state.solver):
        return
    cd = path.read_text()
    control = (fd.get(cd, ["writeControl"]) or "timeStep").strip()
    adjustable = (fd.get(cd, ["adjustTimeStep"]) or "").strip() in ("yes", "on", "true")
    if kind == "time" and control in ("timeStep", "cpuTime", "clockTime"):
        new = "adjustableRunTime" if adjustable else "runTime"
    elif kind == "iterations" and control in ("runTime", "adjustableRunTime", "adjustable"):
        new = "timeStep"
    else:
        return
    plan.edits.append(FileEdit(file="system/controlDict", entry=["writeControl"], value=new,
                               reason=f"write interval in {'seconds' if kind == 'time' else 'steps'}: writeControl {new}",
                               locked=True))


def _time_unit(solver: str) -> str | None:
    """A solver's own unit of time when it is clear: years for financialFoam (expiry), seconds
    for physical solvers; None when its time is not a duration (steady iterations)."""
    if solver == "financialFoam":
        return "year"
    return None if is_steady(solver) else "second"


def duration_end_time(plan: ChangePlan, solver: str, text: str) -> None:
    """An end time given as a calendar duration ("six months", "two years", "3 days") in the
    time unit of the solver the case runs after the change; not applied, with the reason, when
    that unit is unclear."""
    found = durations(text)
    if not found:
        return
    seconds, _unit, words = found[0]
    unit = _time_unit(solver)
    if unit is None:
        plan.warnings.append(f"not applied: {words} (the case {solver} counts iterations, not time)")
        return
    value = round(in_unit(seconds, unit), 10)
    plan.edits.append(FileEdit(file="system/controlDict", entry=["endTime"], value=unrounded(value),
                               reason=f"end time {words} = {unrounded(value)} {unit}s", locked=True))
    if unit != "second":
        plan.assumptions.append(f"{words} = {unrounded(value)}: {solver} counts time in {unit}s")


# a time that is the length of the run: "run it for 0.02 s", "a run of 2 s", "simulate the next 5 s",
# "keep going until 3 s", "a 0.5 s run", "0.5 s of simulated time"; "for 0.02 s" alone in a transient run
_RUN_VERB = r"\b(?:run\w*|simulat\w*|comput\w*|integrat\w*|march\w*|go(?:es|ing)?|keep\s+going|continu\w*|last\w*|advanc\w*)\b"
_RUN_BEFORE = re.compile(rf"{_RUN_VERB}(?:\s+[\w()-]+){{0,4}}?\s+(?:for|of|over|until|till|up\s+to|through|to\s+t\s*=|to)\s*(?:the\s+(?:next|first)\s+)?(?:a\s+total\s+of\s+)?$"
                         r"|\b(?:run|simulate|compute|integrate)\s+(?:(?:for\s+)?(?:the\s+)?(?:next|first|another)\s+)?$")
_RUN_AFTER = re.compile(r"^(?:-?\s*long\s+)?(?:\w+\s+)?(?:run|simulation|computation|of\s+(?:simulated|physical|flow|real)\s+time)\b")


def run_length(q: Quantity, steady: bool) -> bool:
    """True when a time quantity is said as the length of the run: a run verb then "for", "of",
    "until" before it ("run it for 0.02 s", "a transient pisoFoam run of 2 s"), a run noun after it
    ("a 0.5 s run"), or a bare "for" before it in a transient case ("transient for 20 ms")."""
    clause = re.split(r"[,;]|\.\s|\band\s+(?:write|save|output|a\s+time\s+step|dt)\b", q.before.lower())[-1]
    after = q.after.strip().lower()
    if _RUN_BEFORE.search(clause) or _RUN_AFTER.search(after):
        return True
    return not steady and bool(re.search(r"\b(?:for|over)\s*$", clause)) and not re.search(r"\b(?:step|dt|write|every)\b", clause)


# words that make a time the end time when they are in its own clause ("simulating 2 s",
# "t_end = 2 s", "a run length of 5 s"), beyond the ones the extractor's `first` looks for
_END_WORDS = ("simulat", "t_end", "tend", "final time", "stop time", "run length", "physical time", "simulated time",
              "duration", "total", "end")
_STEP_WORDS = ("deltat", "time step", "timestep", "dt", "δt", "delta t", "step")


def run_control_edits(plan: ChangePlan, state: CaseState, text: str, qs: list[Quantity]) -> None:
    """End time, write interval, time step and the write switches a request states, as values
    ("endTime 0.5 s", "write every 0.1 s", "dt 1 ms"), as "key: value" lines ("iterations:
    1500"), as a change of the present value ("run twice as long", "2000 more iterations"), as a
    duration ("six months") or a count of writes; then the controls of a steady <-> transient
    switch for what the request leaves unsaid. Times are read in the unit of the solver the case
    runs after the change (a steady case made transient counts seconds)."""
    case = state.case_dir
    solver = plan.solver or state.solver

    def edit(key: str, value: str, reason: str) -> None:
        plan.edits.append(FileEdit(file="system/controlDict", entry=[key], value=value, reason=reason, locked=True))

    end_q = first(qs, "iterations", "endtime", "end time", "to", "run") or \
        first(qs, "time", "endtime", "end time", "until", "run for", "stop", "end at", "finish", "expir", "duration")
    write_q = first(qs, "iterations", "every", "write") or first(qs, "time", "every", "write")
    iteration_qs = [q for q in qs if q.kind == "iterations" and q is not write_q]
    if end_q is None and len(iteration_qs) == 1 and extra_run(text) is None:  # "..., 1500 iterations, ...": the run length
        end_q = iteration_qs[0]
    dt_q = first(qs, "time", *_STEP_WORDS)
    if dt_q is not None and (dt_q is end_q or dt_q is write_q or not said_of(dt_q, *_STEP_WORDS)):
        dt_q = None
    if end_q is None:
        end_q = next((q for q in qs if q.kind == "time" and q is not write_q and q is not dt_q
                      and (said_of(q, *_END_WORDS) or run_length(q, is_steady(solver))
                           or _alone(text, q) and not is_steady(solver))), None)
    step = dt_q.value if dt_q is not None else _control_number(case, "deltaT")
    if end_q is not None and end_q is not write_q and end_q.kind == "iterations" and not is_steady(solver) and step:
        # "500 steps" of a transient run: that many time steps from startTime
        start = _control_number(case, "startTime") or 0.0
        edit("endTime", unrounded(round(start + end_q.value * step, 12)),
             f"end time ({end_q.text} of {unrounded(step)} s)")
    elif end_q is not None and end_q is not write_q:  # "six months" is 0.5 in financialFoam's years
        edit("endTime", unrounded(in_case_time(end_q.value, solver) if end_q.kind == "time" else end_q.value), "end time")
    elif end_q is None:
        duration_end_time(plan, solver, text)
    if write_q is not None:
        edit("writeInterval", unrounded(write_q.value), "write interval")
        write_control_edit(plan, state, write_q.kind, solver)
    if dt_q is not None:
        edit("deltaT", unrounded(dt_q.value), "time step")
    said = {e.entry[0] for e in plan.edits if e.file == "system/controlDict"}
    for key, value in key_value_controls(text).items():  # "iterations: 1500", "t_end = 2 s"
        if key not in said:
            edit(key, unrounded(value), f"{key} (stated as a key and value)")
    relative_run_edits(plan, state, text)
    extra_run_edit(plan, state, text, qs)
    said = {e.entry[0] for e in plan.edits if e.file == "system/controlDict"}
    if "writeInterval" not in said and (bare := bare_write_interval(text)) is not None:
        edit("writeInterval", unrounded(bare), "write interval (in the unit of the case's writeControl)")
    set_end = next((e for e in plan.edits if e.file == "system/controlDict" and e.entry == ["endTime"]), None)
    if set_end is None and end_q is None and (bare_end := bare_end_time(text)) is not None:
        edit("endTime", unrounded(bare_end), "end time (in the case's own unit of time)")
        set_end = plan.edits[-1]
    said = {e.entry[0] for e in plan.edits if e.file == "system/controlDict"}
    plan.edits += [e for e in write_switches(text) if e.entry[0] not in said]
    count = write_count(text)
    control = case / "system/controlDict"
    if count and "writeInterval" not in said and control.is_file():
        writes = write_count_edits(control.read_text(), state.solver, count, float(str(set_end.value)) if set_end else None)
        plan.edits += writes.edits
        plan.warnings += [writes.warning] if writes.warning else []
    if is_steady(solver) != is_steady(state.solver) and control.is_file():
        stated = {e.entry[0]: str(e.value) for e in plan.edits if e.file == "system/controlDict" and len(e.entry) == 1}
        switch = time_switch_edits(control.read_text(), is_steady(solver), solver, stated, *flow_scales(state))
        plan.edits += switch.edits
        plan.assumptions += switch.assumptions
        plan.warnings += switch.warnings


def _alone(text: str, q: Quantity) -> bool:
    """True when a value is a list item of its own ("transient, dt 1 ms, 2 s"): nothing but
    the value between the clause marks around it."""
    before = re.split(r"[,;:(]|\band\b", text[:q.start])[-1]
    after = re.split(r"[,;)]|\.(?!\d)|\band\b", text[q.start + len(q.text):])[0]
    return not before.strip() and not after.strip()


def end_written(plan: ChangePlan, case: Path, solver: str) -> None:
    """The write interval brought down to the run's span when the plan shortens the run below it and no write
    interval was set (tasks.plan.bind_run_writes): else the run writes no result."""
    mine = {tuple(e.entry): e.value for e in plan.edits if e.file == CONTROL and isinstance(e.value, str)}
    if ("endTime",) not in mine or ("writeInterval",) in mine:
        return
    text = (case / CONTROL).read_text(errors="replace") if (case / CONTROL).is_file() else ""
    found = end_write_interval(lambda key: mine.get((key,)) or fd.get(text, [key]), is_steady(solver))
    if found is not None:
        plan.edits.append(FileEdit(file=CONTROL, entry=["writeInterval"], value=found[0],
                                   reason="write interval = the run's span, so its end is written"))
        plan.assumptions.append(found[1])
