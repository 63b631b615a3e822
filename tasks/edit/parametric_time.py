"""The time step of a generated (shape-library) case: deltaT fitted to its smallest cell and
velocity scale (Co = 0.5), adjustTimeStep for the PIMPLE family, a stated deltaT kept with a
warning when Co > 1, and a template's write interval fitted to the run (`TimeStepChoice`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tasks.edit.parametric_mesh import smallest_cell
from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults
from tasks.foam.physics import fmt, is_steady, nice_floor

# Transient solvers that read adjustTimeStep/maxCo (the PIMPLE family); icoFoam and pisoFoam do not.
ADJUSTABLE = frozenset({"pimpleFoam", "buoyantBoussinesqPimpleFoam", "buoyantPimpleFoam", "rhoPimpleFoam",
                        "interFoam"})


def time_step(speed: float, h: float, courant: float | None = None) -> float:
    """deltaT for a Courant number `courant` (canonical target, 0.5) at `speed` on cells of `h`."""
    if speed <= 0 or h <= 0:
        raise ValueError(f"a time step needs a positive speed and cell size (got {speed}, {h})")
    return nice_floor((courant or defaults().target_courant) * h / speed)


@dataclass
class TimeStepChoice:
    delta_t: float | None
    assumptions: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def set_time_step(case: Path, solver: str, speed: float, stated_dt: float | None, stated_co: bool) -> TimeStepChoice:
    """Fit deltaT to the mesh and the velocity scale: Co = U deltaT / h = 0.5 on the smallest
    cell; the PIMPLE family also gets adjustTimeStep yes and maxCo 0.5 (1 outer corrector) so the
    step follows the flow. A stated deltaT is kept (with a warning when Co > 1)."""
    if is_steady(solver):
        return TimeStepChoice(None)
    h = smallest_cell(case)
    if h is None or speed <= 0:
        return TimeStepChoice(None, [f"deltaT from the {solver} tutorial: the smallest cell could not be read"])
    target = defaults().target_courant
    if stated_dt is not None:
        co = speed * stated_dt / h
        warn = [(f"the stated deltaT {fmt(stated_dt)} s gives Co = {co:.2g} (U {fmt(speed)} m/s, smallest cell "
                 f"{h:.3g} m): above 1 the run is not time-accurate and may diverge; deltaT <= "
                 f"{fmt(time_step(speed, h, 1.0))} s keeps Co <= 1")] if co > 1 else []
        rel = Path(case) / "system/controlDict"
        text = rel.read_text()
        kept = []
        if not stated_co and (fd.get(text, ["adjustTimeStep"]) or "no").strip() in ("yes", "on", "true"):
            rel.write_text(fd.set_entry(text, ["adjustTimeStep"], "no"))
            kept = [f"adjustTimeStep no: the stated deltaT {fmt(stated_dt)} s is kept through the run"]
        return TimeStepChoice(stated_dt, kept, warn)
    dt = time_step(speed, h, target)
    rel = Path(case) / "system/controlDict"
    text = rel.read_text()
    old_dt = float((fd.get(text, ["deltaT"]) or "1").split()[0])
    text = fd.set_entry(text, ["deltaT"], fmt(dt) if dt >= 1e-3 else f"{dt:g}")
    adjustable = solver in ADJUSTABLE
    control = (fd.get(text, ["writeControl"]) or "timeStep").strip()
    interval = float((fd.get(text, ["writeInterval"]) or "1").split()[0])
    if control == "timeStep":  # keep the write times of the template
        text = fd.set_entry(text, ["writeInterval"], fmt(interval * old_dt))
    if adjustable:
        text = fd.set_entry(text, ["writeControl"], "adjustableRunTime")
        text = fd.set_entry(text, ["adjustTimeStep"], "yes")
        if not stated_co:
            text = fd.set_entry(text, ["maxCo"], fmt(_max_co(case, target)))
    elif control in ("timeStep", "adjustableRunTime", "adjustable"):
        text = fd.set_entry(text, ["writeControl"], "runTime")
    rel.write_text(text)
    how = (f"deltaT = {fmt(dt)} s: Co = U deltaT / h = {fmt(speed * dt / h)} with U {fmt(speed)} m/s and the "
           f"smallest cell h = {h:.3g} m")
    if adjustable:
        how += f" (adjustTimeStep yes{'' if stated_co else ', maxCo ' + fmt(_max_co(case, target))} then keeps it)"
    return TimeStepChoice(dt, [how])


def fit_write_interval(case: Path, end_time: float, writes: int = 20, most: int = 100) -> bool:
    """A template's write interval in seconds that does not fit the run (longer than it, or more
    than `most` writes) becomes endTime / `writes`. True when changed."""
    rel = Path(case) / "system/controlDict"
    text = rel.read_text()
    if (fd.get(text, ["writeControl"]) or "timeStep").strip() == "timeStep" or end_time <= 0:
        return False
    interval = float((fd.get(text, ["writeInterval"]) or "0").split()[0])
    if 0 < interval <= end_time and end_time / interval <= most:
        return False
    rel.write_text(fd.set_entry(text, ["writeInterval"], fmt(end_time / writes)))
    return True


def _max_co(case: Path, target: float) -> float:
    """maxCo for the PIMPLE family: the canonical target with one outer corrector, up to 5 with
    outer iterations (the acceptance limits of time accuracy)."""
    text = (Path(case) / "system/fvSolution").read_text()
    outer = int(float((fd.get(text, ["PIMPLE", "nOuterCorrectors"]) or "1").split()[0]))
    return target if outer <= 1 else min(5.0, 2.0 * outer * target)
