"""A run shortened below its write interval writes no result: OpenFOAM writes at the write times only, never
at the end time by itself (mdEquilibrationFoam with endTime 5e-13 s and writeInterval 5e-12 s wrote nothing).
When a plan (new or modify) sets the end time and no write interval or write count was stated, the write
interval is brought down to the run's span (in time steps or in seconds, as the base's writeControl counts) so
at least the end is written. Pure functions, and the binder step `keep_end_written`."""

from __future__ import annotations

from typing import Any, Callable

from tasks.foam.physics import is_steady
from tasks.plan.controls_run import write_count
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

CONTROL = "system/controlDict"
_WRITE_ROLES = ("write_interval", "control:writeInterval")
_IN_TIME = ("runTime", "adjustableRunTime", "adjustable")


def end_write_interval(current: Callable[[str], str | None], steady: bool) -> tuple[str, str] | None:
    """(new writeInterval, the note saying why) when the run as planned (`current`: controlDict key -> value)
    ends before its first write time; None when it writes, or its controls are not numbers."""
    def number(key: str, default: float | None = None) -> float | None:
        try:
            return float(current(key))  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return default

    start, end, interval = number("startTime", 0.0), number("endTime"), number("writeInterval")
    control = (current("writeControl") or "timeStep").strip()
    if end is None or interval is None or start is None or end <= start:
        return None
    if control == "timeStep" or steady:
        dt = 1.0 if steady else number("deltaT")
        if not dt or dt <= 0 or interval <= (end - start) / dt * (1 + 1e-9):
            return None
        value, unit = str(max(1, round((end - start) / dt))), "time steps"
    elif control in _IN_TIME and interval > (end - start) * (1 + 1e-9):
        value, unit = fmt(end - start), "s"
    else:
        return None
    return value, (f"writeInterval {fmt(interval)} -> {value} ({unit}): the base's interval is longer than the planned "
                   f"run, which would write no result")


def keep_end_written(binder: Any, stated: list[StatedQuantity]) -> None:
    """Lower writeInterval to the run's span when the planned end time leaves no write time before it (`binder`: the
    plan's tasks.plan.bind.Binder, which calls this)."""
    if not any(e.file == CONTROL and e.entry == ["endTime"] for e in binder.edits):
        return
    if any(q.role in _WRITE_ROLES for q in stated) or write_count(binder.text) is not None or \
            any(e.file == CONTROL and e.entry == ["writeInterval"] for e in binder.edits):
        return
    found = end_write_interval(lambda key: binder.current(CONTROL, key), is_steady(binder.solver))
    if found is not None:
        binder.set(CONTROL, ["writeInterval"], found[0], "write interval = the run's span, so its end is written")
        binder.assumptions.append(found[1])
