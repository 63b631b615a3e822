"""`--smoke N`: run only N time steps or iterations of a case, for a quick "does it start" check.

The case's controlDict is shortened for the run and put back afterwards, so the files keep
the end time that was planned (and that a request may have stated); the report says the
run was shortened.
"""

from __future__ import annotations

from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.physics import fmt


def shorten(case_dir: Path, steps: int) -> tuple[str, str] | None:
    """Cut endTime to startTime + steps * deltaT; returns (the original controlDict text, a
    note), or None when the case already ends within that many steps."""
    path = case_dir / "system/controlDict"
    text = path.read_text()
    try:
        start = float(fd.get(text, ["startTime"]) or 0)
        end = float(fd.get(text, ["endTime"]) or 0)
        dt = float(fd.get(text, ["deltaT"]) or 1)
    except ValueError:
        return None
    short = start + steps * dt
    if short >= end:
        return None
    new = fd.set_entry(text, ["endTime"], fmt(short))
    for key in ("writeInterval",):
        new = fd.set_entry(new, [key], fmt(steps if (fd.get(text, ["writeControl"]) or "timeStep") == "timeStep"
                                           else steps * dt))
    path.write_text(new)
    return text, f"smoke run: endTime {fmt(end)} shortened to {fmt(short)} ({steps} steps of {fmt(dt)})"


def restore(case_dir: Path, original: str) -> None:
    (case_dir / "system/controlDict").write_text(original)
