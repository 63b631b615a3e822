"""The column recipes: a bubble column (interFoam on a generated rectangle, air injected at the
bottom) and a particle column (MPPICFoam column tutorial)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tasks.plan.foam_values import fmt
from tasks.plan.manifest import CaseManifest, Fluid, Patch, Physics, SetFieldsBox
from tasks.plan.recipes_dambreak import setfields_regions
from tasks.plan.recipes_plan import COLUMN, DAMBREAK, Plan, manifest, pick_solver, velocity_vec
from tasks.plan.recipes_time import time_control

if TYPE_CHECKING:
    from tasks.plan.request import Context

# --- bubble column (interFoam, air injected at the bottom) --------------------------------


def plan_bubble_column(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    solver = pick_solver(ctx, "interFoam", ("interFoam", "interIsoFoam"), "the bubble column")
    width, w_locked = p.take("width", ctx.q("length", "wide", "width"), 0.1, "m")
    height, h_locked = p.take("height", ctx.q("length", "tall", "height", "high"), 0.5, "m")
    speed_q = ctx.q("velocity", "velocity", "inject", "inlet", "at")
    speed, v_locked = p.take("air inlet velocity", speed_q, 0.1, "m/s")
    level = round(0.8 * height, 6)
    p.assumptions.append(f"water fills the column to {fmt(level)} m (80 %), air above; air enters through the middle fifth of the bottom")
    why = "the request names it" if ctx.solver else "the planner cannot yet size a twoPhaseEulerFoam case to a request"
    p.warnings.append(f"interFoam (VOF) resolves each bubble's interface: 5 mm cells resolve only bubbles of about 2.5 cm "
                      f"and more (5 cells per diameter), so this is a large-bubble (slug) simulation, not a dispersed "
                      f"bubble column; solver_selection.md recommends twoPhaseEulerFoam (Euler-Euler) for that. "
                      f"interFoam here because {why}")
    inlet_w = width / 5
    xs = [0, (width - inlet_w) / 2, (width + inlet_w) / 2, width]
    nx = max(4, round(width / 0.005))
    cells_x = [max(1, round(nx * (b - a) / width)) for a, b in zip(xs, xs[1:])]
    ny = max(10, round(height / 0.005))
    names = {("bottom", 1): "inlet"}

    regions = setfields_regions("alpha.air", [-1, level, -1], [width + 1, height + 1, 1])
    p.set("system/setFieldsDict", ["regions"], regions, "air above the water level")
    p.set("system/setFieldsDict", ["defaultFieldValues"], "(\n    volScalarFieldValue alpha.air 0\n)", "water below")
    p.set("constant/transportProperties", ["phases"], "(air water)", "alpha.air is the solved phase fraction")
    p.set("0/U", ["boundaryField", "inlet", "value"], f"uniform {velocity_vec(speed_q, speed, (0, 1, 0))}", "air inlet velocity", v_locked)
    p.set("0/alpha.air", ["boundaryField", "atmosphere"],
          {"type": "inletOutlet", "inletValue": "uniform 1", "value": "uniform 1"}, "air above the free surface")
    time = time_control(p, False, 0.5, 0.0005, 0.05, adjustable=True, max_co=0.5)
    p.set("system/controlDict", ["maxAlphaCo"], "0.5", "interface Courant limit")
    return manifest(
        p, recipe="bubbleColumn", base_tutorial=DAMBREAK, base_kind="template", solver=solver,
        algorithm="PIMPLE", steady=False, physics=Physics(gravity=[0, -9.81, 0], phases=["air", "water"]),
        fluid=Fluid(name="water", nu=1e-6, rho=1000), mesh="blockMesh",
        mesh_params={"rectangle": {"x": xs, "y": [0, height], "cells_x": cells_x, "cells_y": [ny],
                                   "segment_names": {f"{s}:{i}": n for (s, i), n in names.items()},
                                   "names": {"bottom": "walls", "top": "atmosphere", "left": "walls", "right": "walls"},
                                   "types": {"walls": "wall", "inlet": "patch", "atmosphere": "patch"}},
                     "base_files": ["system/controlDict", "system/fvSchemes", "system/fvSolution",
                                    "system/setFieldsDict", "constant/g", "constant/transportProperties",
                                    "constant/turbulenceProperties"],
                     "rename": {"alpha.water": "alpha.air"}},
        patches=[Patch(name="inlet", role="inlet"), Patch(name="walls", role="wall"),
                 Patch(name="atmosphere", role="atmosphere"), Patch(name="frontAndBack", role="empty")],
        generate=[{"field": f, "internal": ""} for f in ("U", "p_rgh", "alpha.air")],
        set_fields=[SetFieldsBox(field="alpha.air", box_min=[-1, level, -1], box_max=[width + 1, height + 1, 1])],
        time=time, bc_values={"U": velocity_vec(speed_q, speed, (0, 1, 0))},
    )


# --- particle column (MPPICFoam) -----------------------------------------------------------


def plan_particle_column(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    solver = pick_solver(ctx, "MPPICFoam", ("MPPICFoam",), "the particle column")
    d_q = ctx.q("length", "diameter", "size", "particle")
    d, d_locked = p.take("particle diameter", d_q, 3e-4, "m", "the tutorial's")
    rho_q = ctx.q("density", "particle", "density")
    rho_p, rho_locked = p.take("particle density", rho_q, 2526.0, "kg/m3", "the tutorial's")
    cloud = "constant/kinematicCloudProperties"
    p.set(cloud, ["subModels", "injectionModels", "model1", "sizeDistribution", "fixedValueDistribution", "value"],
          fmt(d), "particle diameter", d_locked)
    p.set(cloud, ["constantProperties", "rho0"], fmt(rho_p), "particle density", rho_locked)
    p.set(cloud, ["subModels", "packingModel"], "implicit", "MPPIC packing model (particle collisions)")
    inlet = end_of("inlet", ctx.text)
    outlet = end_of("outlet", ctx.text)
    inlet = inlet or ({"top": "bottom", "bottom": "top"}[outlet] if outlet else None)
    if inlet:
        out = "bottom" if inlet == "top" else "top"
        u_q = ctx.q("velocity", "inlet", "inflow", "air", "at")
        u_in, _ = p.take("air inlet velocity", u_q, 0.01, "m/s", "no inlet velocity given")
        p.assumptions.append(f"air enters at the {inlet} and leaves at the {out}")
        into = -u_in if inlet == "top" else u_in  # gravity and the column axis are z
        p.set("0/U.air", ["boundaryField", inlet], {"type": "fixedValue", "value": f"uniform {velocity_vec(u_q, into, (0, 0, 1))}"},
              f"air inlet at the {inlet}", u_q is not None)
        p.set("0/U.air", ["boundaryField", out], {"type": "zeroGradient"}, f"outlet at the {out}")
        p.set("0/p", ["boundaryField", inlet], {"type": "fixedFluxPressure", "value": "uniform 0"},
              "velocity inlet: fixedFluxPressure (gravity in the flux), as the tutorial's walls")
        p.set("0/p", ["boundaryField", out], {"type": "fixedValue", "value": "uniform 0"}, "outlet pressure")
        p.set(cloud, ["subModels", "localInteractionCoeffs", "patches"],
              f"(\n    sides {{ type rebound; e 1; mu 0; }}\n    {inlet} {{ type rebound; e 1; mu 0; }}\n"
              f"    {out} {{ type escape; }}\n)", "particles leave through the outlet")
    time = time_control(p, False, 0.5, 2e-4, 0.05)
    p.assumptions.append("gravity (0 0 -9.81) m/s2 along the column axis (the tutorial's); air rho 1.2 kg/m3, nu 1e-05 m2/s")
    return manifest(
        p, recipe="particleColumn", base_tutorial=COLUMN, solver=solver, algorithm="PIMPLE", steady=False,
        physics=Physics(gravity=[0, 0, -9.81], particles=True), fluid=Fluid(name="air", nu=1e-5, rho=1.2),
        mesh="tutorial", mesh_params={"patch_types": {"top": "patch", "bottom": "patch"} if inlet else {},
                                      "cells": [4, 1, 40]},
        patches=[Patch(name="top", role=("inlet" if inlet == "top" else "outlet") if inlet else "wall"),
                 Patch(name="bottom", role=("inlet" if inlet == "bottom" else "outlet") if inlet else "wall"),
                 Patch(name="sides", role="symmetry")],
        time=time,
    )


def end_of(role: str, text: str) -> str | None:
    """The end of a vertical domain (top or bottom) a boundary of this role is placed at: 'an inlet
    at the top', 'air enters through the bottom', 'a bottom outlet'."""
    words = {"inlet": r"inlet|inflow|enters?|injected|fed|supplied", "outlet": r"outlet|outflow|leaves?|exits?"}[role]
    m = re.search(rf"\b(?:{words})\b[^.;,]{{0,24}}?\b(top|bottom)\b|\b(top|bottom)\s+(?:{words})\b", text, re.I)
    return (m.group(1) or m.group(2)).lower() if m else None
