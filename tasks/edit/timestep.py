"""Keep a fixed-step transient case stable when the plan raised its speeds.

A tutorial's deltaT is chosen for the tutorial's velocities on the tutorial's mesh. A request
that asks for a lid twenty times faster, or a finer mesh, keeps that deltaT and the run diverges
within a few steps (Co = |U| deltaT / dx far above 1). When the request did not state a time
step, the written case gets the largest round deltaT that keeps the Courant number at the
project's target, and says so; a stated deltaT is never changed (the checker warns instead).
"""

from __future__ import annotations

from pathlib import Path

from tasks.edit.checks import courant_estimate
from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults
from tasks.foam.physics import fmt, nice_floor


def fit_time_step(case: Path, solver: str) -> str | None:
    """Lower deltaT (and a step-counted writeInterval with it, so output times stay the same)
    when the case as written runs above Co 1; returns the assumption to report, or None."""
    estimate = courant_estimate(case, solver)
    if estimate is None or estimate[0] <= 1:
        return None
    co, dx, speed = estimate
    control_path = case / "system/controlDict"
    control = control_path.read_text()
    old_dt = float(fd.get(control, ["deltaT"]))
    new_dt = nice_floor(defaults().target_courant * dx / speed)
    control = fd.set_entry(control, ["deltaT"], fmt(new_dt))
    if (fd.get(control, ["writeControl"]) or "timeStep") == "timeStep":
        try:
            steps = float(fd.get(control, ["writeInterval"]) or "1")
        except ValueError:
            steps = 1.0
        control = fd.set_entry(control, ["writeInterval"], str(max(1, round(steps * old_dt / new_dt))))
    control_path.write_text(control)
    return (f"deltaT {fmt(old_dt)} -> {fmt(new_dt)} s: the base's time step gives Courant number "
            f"{co:.2g} at {fmt(speed)} m/s on {fmt(dx)} m cells (target {defaults().target_courant:g})")
