"""The pitzDaily recipe: the backward-facing step (simpleFoam, or pimpleFoam's RAS pitzDaily)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tasks.foam.defaults import describe_relaxation
from tasks.foam.physics import is_steady, model_spec
from tasks.plan.foam_values import fmt
from tasks.plan.manifest import CaseManifest, Fluid, Patch, Turbulence
from tasks.plan.bind_inlet_profile import parabolic_profile, parabolic_said
from tasks.plan.controls_patch_extent import patch_bounds
from tasks.plan.recipes_plan import (PITZDAILY, PITZDAILY_PIMPLE, Plan, manifest, pick_solver, reynolds_check,
                                     reynolds_speed, tutorial_text, vec, velocity_vec)
from tasks.plan.recipes_time import time_control

if TYPE_CHECKING:
    from tasks.plan.request import Context

STEP_HEIGHT = 0.0254  # m: the pitzDaily step (and inlet) height, the reference length of its Re
PITZ_TURB_AT_10 = {"k": 0.375, "epsilon": 14.855, "omega": 440.15}


def _parabolic_inlet(p: Plan, ctx: "Context", base: str, speed: float, inlet_u: str) -> None:
    """"A parabolic inlet profile with a mean velocity of 5 m/s": the inlet a planar fixedProfile
    (tasks/plan/bind_inlet_profile.py) across the step's inlet, from the tutorial's blockMeshDict."""
    kind = parabolic_said(ctx.text)
    bounds = patch_bounds(tutorial_text(ctx, base, "system/blockMeshDict"), "inlet") if kind else None
    bc = parabolic_profile(speed, kind, bounds, [1.0, 0.0, 0.0], {2}) if kind and bounds else None
    if bc is None:
        return
    p.set("0/U", ["boundaryField", "inlet"], {**bc, "value": inlet_u}, f"parabolic inlet profile ({kind} speed)", True)
    p.assumptions.append(f"inlet: a planar parabolic profile of {'peak' if kind == 'max' else 'mean'} speed "
                         f"{fmt(speed)} m/s (fixedProfile, zero at the walls)")


def plan_pitzdaily(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    solver = pick_solver(ctx, "simpleFoam", ("simpleFoam", "pimpleFoam"), "the pitzDaily step")
    steady = is_steady(solver)
    base = PITZDAILY if steady else PITZDAILY_PIMPLE
    model = ctx.model or "kEpsilon"
    if ctx.model is None:
        p.assumptions.append("turbulence model = kEpsilon (the tutorial's)")
    spec = model_spec(model)
    if "R" in spec.solved and steady:
        p.assumptions.append(f"Reynolds-stress model: SIMPLE (not SIMPLEC), relaxation {describe_relaxation('stress')} "
                             "and upwind convection of R and epsilon, for a stable start")
    nu_q = ctx.q("kinematic_viscosity")
    if ctx.fluid or nu_q:
        fluid = p.fluid("air", nu_q)
        nu_locked = True
    else:
        fluid = Fluid(name="air (tutorial)", nu=1e-5, rho=1.0, condition="the pitzDaily tutorial's nu")
        p.assumptions.append("nu = 1e-05 m2/s (the tutorial's)")
        nu_locked = False
    speed_q = ctx.q("velocity", "inlet", "velocity", "inflow", "free", "speed", "u =", "at")
    from_re = reynolds_speed(p, fluid.nu, STEP_HEIGHT, "inlet velocity") if speed_q is None else None
    if from_re is not None:  # "Re = 10^4 based on the step height": the inlet speed follows
        speed, locked = from_re, True
    else:
        speed, locked = p.take("inlet velocity", speed_q, 10.0, "m/s", "the tutorial's")
    inlet_u = f"uniform {velocity_vec(speed_q, speed, (1, 0, 0))}"
    p.set("0/U", ["boundaryField", "inlet", "value"], inlet_u, "inlet velocity", locked)
    _parabolic_inlet(p, ctx, base, speed, inlet_u)
    if from_re is not None:
        p.bind("reynolds", "0/U", ["boundaryField", "inlet", "value"], inlet_u, "U = Re nu / L")
    p.set("constant/transportProperties", ["nu"], fmt(fluid.nu), "viscosity", nu_locked)
    reynolds_check(p, speed, STEP_HEIGHT, fluid.nu, laminar=model == "laminar")
    ratio = speed / 10.0
    scaled = {"k": PITZ_TURB_AT_10["k"] * ratio**2, "epsilon": PITZ_TURB_AT_10["epsilon"] * ratio**3,
              "omega": PITZ_TURB_AT_10["omega"] * ratio}
    bc_values = {"U": velocity_vec(speed_q, speed, (1, 0, 0)), **{k: fmt(v) for k, v in scaled.items()},
                 "nuTilda": fmt(3 * fluid.nu), "R": vec(*(2 * scaled["k"] / 3 * x for x in (1, 0, 0, 1, 0, 1)))}
    if abs(ratio - 1) > 1e-9:
        p.assumptions.append(f"inlet turbulence scaled with the inlet speed from the tutorial's values "
                             f"(same intensity and length scale): k = {fmt(scaled['k'])}")
    for field in ("k", "epsilon", "omega"):
        if field in spec.fields:
            p.set(f"0/{field}", ["internalField"], f"uniform {fmt(scaled[field])}", f"initial {field}")
            p.set(f"0/{field}", ["boundaryField", "inlet", "value"], f"uniform {fmt(scaled[field])}",
                  f"inlet {field} consistent with the inlet velocity")
            value = f"uniform {fmt(scaled[field])}"  # the tutorial's zeroGradient lets reverse flow import any value
            p.set(f"0/{field}", ["boundaryField", "outlet"], {"type": "inletOutlet", "inletValue": value, "value": value},
                  f"outlet {field}: inletOutlet (canonical for outlets that may see reverse flow)")
    # PIMPLE with one outer corrector is PISO: time-accurate only at Co <= 1 (numerics.md)
    time = time_control(p, steady, 2000 if steady else 0.3, 1 if steady else 1e-5, 100 if steady else 0.01,
                        adjustable=not steady, max_co=1 if not steady else None)
    if steady and ctx.q("iterations") is None and ctx.q("time", "until", "endtime") is None:
        p.assumptions.append("simpleFoam stops early when the residuals reach the tutorial's residualControl")
    return manifest(
        p, recipe="pitzDaily", base_tutorial=base, solver=solver,
        algorithm="SIMPLE" if steady else "PIMPLE", steady=steady,
        turbulence=Turbulence(simulation_type=spec.simulation_type, model=model), fluid=fluid,
        mesh="tutorial",
        patches=[Patch(name="inlet", role="inlet"), Patch(name="outlet", role="outlet"),
                 Patch(name="upperWall", role="wall"), Patch(name="lowerWall", role="wall"),
                 Patch(name="frontAndBack", role="empty")],
        time=time, bc_values=bc_values,
    )
