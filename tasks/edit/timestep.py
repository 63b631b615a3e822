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


# time derivatives whose deltaT is not a physical step: steadyState counts iterations, localEuler
# (local time stepping, the LTS tutorials) sizes each cell's own step from maxCo
_NO_GLOBAL_STEP = frozenset({"steadyState", "localEuler"})


def steady_schemes(case: Path) -> bool:
    """The case's time derivative has no global physical step (fvSchemes ddtSchemes default, every
    region's): steadyState, or localEuler (local time stepping), whatever the solver's name says."""
    paths = [case / "system/fvSchemes", *sorted(case.glob("system/*/fvSchemes"))]
    found = [(fd.get(p.read_text(errors="replace"), ["ddtSchemes", "default"]) or "") for p in paths if p.is_file()]
    return bool(found) and all(value.split()[:1] and value.split()[0] in _NO_GLOBAL_STEP for value in found)


# solvers that run a fixed time step whatever controlDict says (no adjustTimeStep): a maxCo in their
# controlDict is none of the tutorials' own, so it is a limit the request stated
FIXED_STEP_SOLVERS = frozenset({"icoFoam", "pisoFoam", "nonNewtonianIcoFoam"})


def stated_courant(control: str, solver: str) -> float | None:
    """The Courant limit a fixed-step solver's controlDict carries (maxCo, written by the plan
    from "keep Co below 0.5"), or None."""
    if solver not in FIXED_STEP_SOLVERS:
        return None
    try:
        value = float(fd.get(control, ["maxCo"]) or "nan")
    except ValueError:
        return None
    return value if value == value and value > 0 else None


def fit_time_step(case: Path, solver: str) -> str | None:
    """Lower deltaT (and a step-counted writeInterval with it, so output times stay the same)
    when the case as written runs above Co 1, or above the Courant limit the request stated for
    a fixed-step solver; returns the assumption to report, or None."""
    if steady_schemes(case):
        return None  # deltaT of a steady or LTS case only counts iterations (adjointShapeOptimizationFoam, SRF/MRF solvers)
    estimate = courant_estimate(case, solver)
    if estimate is None:
        return None
    control_path = case / "system/controlDict"
    control = control_path.read_text()
    limit = stated_courant(control, solver)
    co, dx, speed = estimate
    if co <= (limit or 1):
        return None
    target = limit or defaults().target_courant
    old_dt = float(fd.get(control, ["deltaT"]))
    new_dt = nice_floor(target * dx / speed)
    control = fd.set_entry(control, ["deltaT"], fmt(new_dt))
    if (fd.get(control, ["writeControl"]) or "timeStep") == "timeStep":
        try:
            steps = float(fd.get(control, ["writeInterval"]) or "1")
        except ValueError:
            steps = 1.0
        control = fd.set_entry(control, ["writeInterval"], str(max(1, round(steps * old_dt / new_dt))))
    control_path.write_text(control)
    return (f"deltaT {fmt(old_dt)} -> {fmt(new_dt)} s: the base's time step gives Courant number "
            f"{co:.2g} at {fmt(speed)} m/s on {fmt(dx)} m cells (target {target:g})")
