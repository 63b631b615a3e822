"""Run control of a recipe: endTime, deltaT and the write interval from the request's words
(stated.role_of), its unit-less controls (tasks.plan.controls.run_controls), else the recipe's defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tasks.plan.controls import Control, run_controls, write_count
from tasks.plan.controls_time_roles import run_time_role
from tasks.plan.controls_write import write_settings
from tasks.plan.extract import Quantity, normalise
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, role_of
from tasks.plan.manifest import TimeControl
from tasks.plan.recipes_plan import Plan

if TYPE_CHECKING:
    from tasks.plan.request import Context

# "max time step 5 ms" is maxDeltaT (a control read by name, tasks/plan/controls.py), not the time step
_MAX_STEP = ("max time step", "maximum time step", "max. time step", "maxdeltat", "largest time step",
             "time step limit", "time step of at most", "time step up to")


def run_role(q: Quantity) -> str:
    """The role of a quantity: a run time's own words first ("2 ms per step", "0.4 s in total", "dt:
    0.5 ms"; tasks.plan.controls_time_roles), else stated.role_of."""
    said = run_time_role(q.before, q.after) if q.kind == "time" else None
    return said or role_of(q)


def by_role(ctx: "Context", kind: str, role: str) -> Quantity | None:
    """The first quantity of this kind whose words give it this role (run_role: stated.role_of, the
    rule the binder and the verifier use): "run to 1 s" is the end time however it is worded."""
    return next((q for q in ctx.qs if q.kind == kind and run_role(q) == role and
                 not any(w in q.before[-30:] for w in _MAX_STEP)), None)


def time_control(p: Plan, steady: bool, end: float, dt: float, write: float, adjustable: bool = False,
                 max_co: float | None = None) -> TimeControl:
    """endTime, deltaT and write interval from the request, else the given defaults."""
    ctx = p.ctx
    end_q = ctx.q("time", "until", "run for", "endtime", "end time", "simulate", "for", "to t", "t =",
                  exclude=("deltat", "time step", "every", "write", "dt =")) or by_role(ctx, "time", "end_time")
    if steady:
        end_q = ctx.q("iterations", "endtime", "run", "for", "to", exclude=("every", "write")) or \
            by_role(ctx, "iterations", "end_time") or end_q
    dt_q = ctx.q("time", "deltat", "time step", "timestep", "dt", "δt", "Δt", exclude=_MAX_STEP) or \
        by_role(ctx, "time", "delta_t")
    write_q = ctx.q("time", "every", "write", "output") or ctx.q("iterations", "every", "write") or \
        by_role(ctx, "time", "write_interval") or by_role(ctx, "iterations", "write_interval")
    # a value picked by a nearby word whose own words give it another run-control role ("2 s of flow
    # time, Δt = 2.5 ms": the 2.5 ms is the time step) gives way to the one whose words say this role
    end_q = _unless_other_role(ctx, end_q, "end_time")
    dt_q = _unless_other_role(ctx, dt_q, "delta_t")
    write_q = _unless_other_role(ctx, write_q, "write_interval")
    said = {c.key: c for c in run_controls(normalise(ctx.text))}  # "write every 500", "an end time of 50"
    end_v, end_locked = p.take("endTime", end_q, end, "s" if not steady else "iterations")
    if end_q is None and "endTime" in said:
        end_v, end_locked = _said(p, said["endTime"])
    if steady:  # deltaT only counts iterations in a steady solver: not a choice to report
        dt_v, dt_locked = dt, False
        p.values["deltaT"] = dt
    else:
        dt_v, dt_locked = p.take("deltaT", dt_q, dt, "s")
        steps_q = by_role(ctx, "iterations", "end_time") if not end_locked else None
        if steps_q is not None and steps_q.value >= 1:  # "200 time steps of 1 ms": a transient run counts steps
            end_v, end_locked = steps_end(p, steps_q, dt_v)
    write_v, write_locked = p.take("writeInterval", write_q, write, "s" if not steady else "iterations")
    if write_q is None and "writeInterval" in said:
        write_v, write_locked = _said(p, said["writeInterval"])
    elif write_q is None and (count := write_count(ctx.text)) is not None and end_v > 0:
        n, words = count  # "10 snapshots": equally spaced over the run
        write_v, write_locked = (max(1.0, round(end_v / dt_v / n)) if steady else end_v / n), True
        p.bindings.append(Binding(stated=words, file="system/controlDict", entry=["writeInterval"],
                                  value=fmt(write_v), how=f"{n} writes over the run"))
    if "purgeWrite" in said:
        _said(p, said["purgeWrite"])
        p.set("system/controlDict", ["purgeWrite"], str(int(said["purgeWrite"].value)), "time directories kept", True)
    for setting in write_settings(ctx.text):  # "binary output", "gzip the results"
        p.set("system/controlDict", [setting.key], setting.value, f"{setting.key} as said ({setting.words})", True)
    control = "adjustableRunTime" if adjustable else ("runTime" if not steady and write_locked else "timeStep")
    if not steady and not adjustable and not write_locked:
        control, write_v = "runTime", write
    p.set("system/controlDict", ["endTime"], fmt(end_v), "end time", end_locked)
    p.set("system/controlDict", ["deltaT"], fmt(dt_v), "time step", dt_locked)
    p.set("system/controlDict", ["writeControl"], control, "write control")
    p.set("system/controlDict", ["writeInterval"], fmt(write_v), "write interval", write_locked)
    if adjustable:
        p.set("system/controlDict", ["adjustTimeStep"], "yes", "adjustable time step")
        if max_co is not None:
            p.set("system/controlDict", ["maxCo"], fmt(max_co), "Courant limit")
    return TimeControl(end_time=end_v, delta_t=dt_v, write_control=control, write_interval=write_v,
                       adjustable=adjustable, max_co=max_co)


def steps_end(p: Plan, q: Quantity, dt: float) -> tuple[float, bool]:
    """The end time of a transient run stated as a count of time steps ("run 500 time steps",
    "for 200 steps"): that many steps of the run's time step, recorded as the count's binding."""
    end = float(f"{round(q.value) * dt:.10g}")
    p.values["endTime"] = end
    p.bindings.append(Binding(stated=q.text.strip(), file="system/controlDict", entry=["endTime"], value=fmt(end),
                              how=f"{round(q.value)} time steps of {fmt(dt)} s"))
    p.assumptions.append(f"endTime = {fmt(end)} s: {q.text.strip()} of {fmt(dt)} s")
    return end, True


_RUN_ROLES = ("end_time", "delta_t", "write_interval", "start_time")


def _unless_other_role(ctx: "Context", q: Quantity | None, role: str) -> Quantity | None:
    """`q`, unless its words give it another run-control role (stated.role_of): then the quantity
    of the same kind whose words give it `role`, if any."""
    if q is None or run_role(q) == role or run_role(q) not in _RUN_ROLES:
        return q
    return by_role(ctx, q.kind, role)


def _said(p: Plan, c: Control) -> tuple[float, bool]:
    """A unit-less run control of the request (tasks.plan.controls.run_controls), recorded as the
    binding of the stated control of the same label (so no later binder sets it again)."""
    p.values[c.key] = c.value
    p.bindings.append(Binding(stated=c.label, file="system/controlDict", entry=[c.key], value=fmt(c.value),
                              how=f"{c.key} as stated ({c.text})"))
    return c.value, True
