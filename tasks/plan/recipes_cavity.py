"""The lid-driven cavity recipe (icoFoam cavity tutorial; pisoFoam, pimpleFoam or simpleFoam
when a turbulence model or a steady run is asked for)."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults
from tasks.foam.geometry import set_single_block_cells
from tasks.foam.physics import inlet_turbulence, is_steady, model_spec, sine_bc
from tasks.plan.controls import mesh_refinement, total_cells
from tasks.plan.controls_refine import total_limit
from tasks.plan.controls_mesh import stated_cell_size
from tasks.plan.extract import cell_counts, sines
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, read_stated
from tasks.plan.select import request_features
from tasks.plan.manifest import CaseManifest, Fluid, Patch, Turbulence
from tasks.plan.recipes_plan import (CAVITY, Plan, manifest, pick_solver, refined_counts, reynolds_check,
                                     reynolds_speed, stated_text, tutorial_text, velocity_vec)
from tasks.plan.recipes_time import time_control

if TYPE_CHECKING:
    from tasks.plan.request import Context

def plan_cavity(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    solver = pick_solver(ctx, "icoFoam", ("icoFoam", "pisoFoam", "pimpleFoam", "simpleFoam"), "a lid-driven cavity")
    turbulent = request_features(ctx.text, ctx.solver, ctx.model).simulation_type == "RAS"  # "turbulent (RANS)"
    model = ctx.model or ("kEpsilon" if solver == "simpleFoam" or turbulent else "laminar")
    if solver == "icoFoam" and model != "laminar":
        solver = "pisoFoam"
        p.assumptions.append(f"solver = pisoFoam (icoFoam is laminar only; {model} asked for)")
    steady = is_steady(solver)
    counts = cell_counts(ctx.text)
    size_q = None if counts else stated_cell_size(ctx.text, read_stated(ctx.text))
    length_q = ctx.q("length", "side", "domain", "square", "size", "cavity", "length")
    if length_q is not None and size_q is not None and length_q.text.strip() == size_q.text.strip():
        length_q = None  # "2.5 mm cells": the size of the cells, not of the cavity
    side = square_side(ctx.text)
    if side is not None and length_q is None:
        length, locked_l = side, True
        p.values["L"] = side
    else:
        length, locked_l = p.take("L", length_q, 0.1, "m", "the tutorial's 0.1 m square")
    p.set("system/blockMeshDict", ["convertToMeters"], fmt(length), "domain size", locked_l)
    # the v1912 tutorial scales with `scale 0.1`, which blockMesh reads before convertToMeters: set both
    p.set("system/blockMeshDict", ["scale"], fmt(length), "domain size (v1912 keyword)", locked_l)
    nx, ny = (counts[0][0], counts[0][1]) if counts else (20, 20)
    refine = None if counts or size_q else mesh_refinement(ctx.text)
    if size_q is not None and size_q.value > 0:  # "2.5 mm cells", "cells 5 mm across": the square's side / size
        nx = ny = max(1, round(length / size_q.value))
        p.assumptions.append(f"mesh = {nx} x {ny} x 1 cells (cells of {size_q.text} on the {fmt(length)} m square)")
        p.bindings.append(Binding(stated=size_q.text, file="system/blockMeshDict", entry=["blocks"],
                                  value=f"({nx} {ny} 1)", how=f"cells of {size_q.text}"))
        counts = [(nx, ny, 1)]  # locks the blocks below
    elif refine is not None:  # "twice as fine": the tutorial's 20 x 20 scaled (along the directions said)
        nx, ny = refined_counts(ctx.text, refine, [20, 20])
        p.assumptions.append(f"mesh = {nx} x {ny} x 1 cells ({refine[1]}: the tutorial's 20 x 20 refined x{refine[0]:g})")
        p.bindings.append(Binding(stated=refine[1], file="system/blockMeshDict", entry=["blocks"],
                                  value=f"({nx} {ny} 1)", how="mesh refinement of the tutorial's 20 x 20"))
    elif not counts and (total := total_cells(ctx.text)) is not None:  # "about 1600 cells": a square grid
        at_most = (limit := total_limit(ctx.text)) is not None and limit[1]  # "no more than 8050 cells": 89 x 89
        nx = ny = max(1, math.isqrt(total[0]) if at_most else round(math.sqrt(total[0])))
        p.assumptions.append(f"mesh = {nx} x {ny} x 1 cells ({total[1]})")
        p.bindings.append(Binding(stated=stated_text(ctx.text, "mesh_cells_axis", total[0]) or total[1],
                                  file="system/blockMeshDict", entry=["blocks"], value=f"({nx} {ny} 1)",
                                  how=f"{nx} x {ny} cells for {total[1]}"))
        counts = [(nx, ny, 1)]  # locks the blocks below
    elif not counts:
        p.assumptions.append("mesh = 20 x 20 x 1 cells (the tutorial's)")
    bmd = tutorial_text(ctx, CAVITY, "system/blockMeshDict")
    blocks = fd.get(bmd, ["blocks"]) or ""
    new_blocks = set_single_block_cells(blocks, [nx, ny, 1])
    p.set("system/blockMeshDict", ["blocks"], new_blocks, "mesh resolution", bool(counts) or refine is not None)
    sine = sines(ctx.text)
    lid_q = None
    if sine:
        s = sine[0]
        speed = abs(s.amplitude)
        p.values.update(lid_amplitude=s.amplitude, lid_period=s.period)
        p.set("0/U", ["boundaryField", "movingWall"], sine_bc(s.amplitude, s.period, [1, 0, 0]),
              f"lid velocity {s.text} (Function1 sine; no coded BC needed)", True)
    else:
        lid_q = ctx.q("velocity", "lid", "top", "moves", "moving", "wall", "velocity", "at", "speed")
        said_nu = (ctx.q("kinematic_viscosity") or (p.fluid("water") if ctx.fluid else None))
        from_re = reynolds_speed(p, said_nu.nu if isinstance(said_nu, Fluid) else said_nu.value, length,
                                 "lid velocity") if lid_q is None and said_nu is not None else None
        speed, locked = (from_re, True) if from_re is not None else p.take("lid velocity", lid_q, 1.0, "m/s")
        lid_u = f"uniform {velocity_vec(lid_q, speed, (1, 0, 0))}"
        p.set("0/U", ["boundaryField", "movingWall"], {"type": "fixedValue", "value": lid_u}, "lid velocity", locked)
        if from_re is not None:  # Re and the fluid (or nu) given: the lid speed follows
            p.bind("reynolds", "0/U", ["boundaryField", "movingWall", "value"], lid_u, "U = Re nu / L")
    nu_q, re_q = ctx.q("kinematic_viscosity"), ctx.q("reynolds")
    if ctx.fluid or nu_q:
        fluid = p.fluid("water", nu_q)
        nu_locked = True
    elif re_q is not None and re_q.value > 0:  # Re, lid speed and side given: the viscosity follows
        nu = speed * length / re_q.value
        fluid = Fluid(name="fluid of the stated Re", nu=float(f"{nu:.6g}"), rho=1.0, condition="nu = U L / Re")
        p.assumptions.append(f"nu = {fmt(fluid.nu)} m2/s = U L / Re ({fmt(speed)} m/s x {fmt(length)} m / {fmt(re_q.value)})")
        p.bind("reynolds", "constant/transportProperties", ["nu"], fmt(fluid.nu), "nu = U L / Re")
        nu_locked = True
    else:
        fluid = Fluid(name="tutorial fluid", nu=0.01, rho=1.0, condition="the cavity tutorial's nu")
        p.assumptions.append("nu = 0.01 m2/s (the cavity tutorial's; Re = 10 at 1 m/s); name a fluid to change it")
        nu_locked = False
    p.set("constant/transportProperties", ["nu"], fmt(fluid.nu), "viscosity", nu_locked)
    reynolds_check(p, speed, length, fluid.nu, model == "laminar")
    dx = length / nx
    co_q = ctx.q("courant")  # "keep Co below 0.5": the fixed time step of icoFoam / pisoFoam follows it
    courant = co_q.value if co_q is not None and co_q.value > 0 else defaults().target_courant
    dt_default = 1.0 if steady else float(f"{min(0.005 * length / 0.1, courant * dx / max(speed, 1e-9)):.2g}")
    time = time_control(p, steady, 1000 if steady else 0.5, dt_default, 100 if steady else 0.05)
    if co_q is not None and not steady and p.values.get("deltaT") == dt_default:
        p.bindings.append(Binding(stated=co_q.text.strip(), file="system/controlDict", entry=["deltaT"],
                                  value=fmt(dt_default), how=f"fixed time step for Co {fmt(courant)} on {fmt(dx)} m cells "
                                                             f"at {fmt(speed)} m/s"))
        p.assumptions.append(f"deltaT = {fmt(dt_default)} s: Courant number {fmt(courant)} ({co_q.text.strip()}) "
                             f"at the lid speed on {fmt(dx)} m cells ({solver} runs a fixed time step)")
    if not steady:
        co = speed * time.delta_t / dx
        p.values["Courant"] = co
        if co > 1:
            p.warnings.append(f"Courant number about {co:.2g} (> 1) with deltaT = {fmt(time.delta_t)} s: "
                              f"the run may diverge; use deltaT <= {fmt(courant * dx / speed)} s")
    lid = velocity_vec(lid_q, speed, (1, 0, 0))
    bc_values: dict[str, str] = {"U": lid}
    if model != "laminar":
        turb = inlet_turbulence(max(speed, 1e-3), length, fluid.nu)
        bc_values.update(k=fmt(turb.k), epsilon=fmt(turb.epsilon), omega=fmt(turb.omega), nuTilda=fmt(turb.nuTilda))
        p.assumptions.append(f"initial k = {fmt(turb.k)}, epsilon = {fmt(turb.epsilon)} (5 % intensity of the lid speed)")
    spec = model_spec(model)
    return manifest(
        p, recipe="cavity", base_tutorial=CAVITY, solver=solver,
        algorithm="SIMPLE" if steady else ("PISO" if solver in ("icoFoam", "pisoFoam") else "PIMPLE"),
        steady=steady, turbulence=Turbulence(simulation_type=spec.simulation_type, model=model),
        fluid=fluid, mesh="blockMesh", mesh_params={"cells": [nx, ny, 1], "L": length},
        patches=[Patch(name="movingWall", role="movingWall"), Patch(name="fixedWalls", role="wall"),
                 Patch(name="frontAndBack", role="empty")],
        time=time, bc_values=bc_values,
    )


_TO_METRES = {"m": 1.0, "cm": 0.01, "mm": 0.001}


def square_side(text: str) -> float | None:
    """The side of a square (or cube) domain the request states without naming a length: a unit
    square, cube or box (side 1 m), or equal sides written as a product ('2 m x 2 m')."""
    if re.search(r"\bunit\s+(?:square|cube|box)\b", text, re.I):
        return 1.0
    m = re.search(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(m|cm|mm)?\s*(?:x|×|by)\s*(\d+(?:\.\d+)?)\s*(m|cm|mm)\b", text, re.I)
    if m and float(m.group(1)) * _TO_METRES[(m.group(2) or m.group(4)).lower()] == \
            float(m.group(3)) * _TO_METRES[m.group(4).lower()]:
        return float(m.group(3)) * _TO_METRES[m.group(4).lower()]
    return None
