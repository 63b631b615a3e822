"""The rotating-mixer recipe: mixerVessel2D with an MRF zone (simpleFoam or pimpleFoam)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tasks.foam.physics import inlet_turbulence, is_steady, model_spec
from tasks.plan.bind_motion_zones import planar_sense
from tasks.plan.foam_values import fmt
from tasks.plan.manifest import CaseManifest, Patch, Physics, Turbulence
from tasks.plan.recipes_plan import MIXER, Plan, manifest, pick_solver, reynolds_check, vec
from tasks.plan.recipes_time import time_control

if TYPE_CHECKING:
    from tasks.plan.request import Context

def plan_mixer(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    solver = pick_solver(ctx, "pimpleFoam", ("pimpleFoam", "simpleFoam"), "the MRF mixer")
    steady = is_steady(solver)
    model = ctx.model or "kEpsilon"
    spec = model_spec(model)
    omega_q = ctx.q("angular_velocity")
    omega, locked = p.take("rotor speed", omega_q, 104.72, "rad/s", "the tutorial's")
    omega = planar_sense(ctx.text, omega, 104.72, p.assumptions)  # "the other way", "clockwise" (bind_motion_zones)
    p.set("constant/MRFProperties", ["MRF1", "omega"], fmt(omega), "MRF zone angular velocity", locked)
    p.set("constant/MRFProperties", ["MRF1", "axis"], "(0 0 1)", "rotation about z")
    fluid = p.fluid("water", ctx.q("kinematic_viscosity"))
    p.set("constant/transportProperties", ["nu"], fmt(fluid.nu), "viscosity", ctx.fluid is not None)
    tip = abs(omega) * 0.05
    turb = inlet_turbulence(max(tip, 1e-3), 0.1, fluid.nu)
    bc_values = {"U": vec(0, 0, 0), "k": fmt(turb.k), "epsilon": fmt(turb.epsilon), "omega": fmt(turb.omega),
                 "nuTilda": fmt(3 * fluid.nu), "R": vec(*(2 * turb.k / 3 * x for x in (1, 0, 0, 1, 0, 1)))}
    if spec.simulation_type != "laminar":
        for field in ("k", "epsilon"):
            if field in spec.fields:
                p.set(f"0/{field}", ["internalField"], f"uniform {bc_values[field]}", f"initial {field} from the rotor tip speed")
        p.assumptions.append(f"initial k = {bc_values['k']} (5 % of the rotor tip speed {tip:.3g} m/s)")
    reynolds_check(p, tip, 0.1, fluid.nu, laminar=model == "laminar")
    time = time_control(p, steady, 500 if steady else 2.0, 1 if steady else 1e-3, 50 if steady else 0.1,
                        adjustable=not steady, max_co=1 if not steady else None)
    return manifest(
        p, recipe="mixer", base_tutorial=MIXER, solver=solver, algorithm="SIMPLE" if steady else "PIMPLE",
        steady=steady, turbulence=Turbulence(simulation_type=spec.simulation_type, model=model),
        physics=Physics(mrf=True), fluid=fluid, mesh="blockMesh", mesh_params={"m4": "system/blockMeshDict.m4"},
        patches=[Patch(name="rotor", role="wall"), Patch(name="stator", role="wall"),
                 Patch(name="front", role="empty"), Patch(name="back", role="empty")],
        time=time, bc_values=bc_values,
    )
