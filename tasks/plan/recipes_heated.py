"""The heated-cavity recipe: natural convection heated from below (buoyantBoussinesq*Foam on a
generated rectangle), the solver and model chosen from the Rayleigh number."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from tasks.foam.physics import inlet_turbulence, is_steady, model_spec
from tasks.plan.controls import mesh_refinement
from tasks.plan.extract import Quantity, cell_counts
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding
from tasks.plan.manifest import CaseManifest, Patch, Physics, Turbulence
from tasks.plan.recipes_plan import (HOTROOM, HOTROOM_TRANSIENT, Plan, cell_size_of, manifest, pick_solver,
                                     refined_counts, vec)
from tasks.plan.recipes_time import time_control

if TYPE_CHECKING:
    from tasks.plan.request import Context

# a side of the generated rectangle in a temperature's own words -> its wall patch
_SIDE_WORD = re.compile(r"(?<![a-z])(left|west|right|east|bottom|floor|lower|top|ceiling|upper|roof)(?![a-z])")
_WALL_OF = {"left": "leftWall", "west": "leftWall", "right": "rightWall", "east": "rightWall", "bottom": "floor",
            "floor": "floor", "lower": "floor", "top": "ceiling", "ceiling": "ceiling", "upper": "ceiling",
            "roof": "ceiling"}


def wall_of(q: Quantity) -> str | None:
    """The cavity wall a temperature's own words name: the last side word of its clause before it
    ("left wall 320 K", "T_right = 300 K", "cooled from the left side at 290 K"), else the first
    right after it ("320 K on the left"); None when its words name no side."""
    own = re.split(r"[,;:(]|\band\b|\bwhile\b|\d", q.before)[-1]
    found = _SIDE_WORD.findall(own) or _SIDE_WORD.findall(re.split(r"[,;.]|\band\b", q.after)[0])[:1]
    return _WALL_OF[found[-1]] if found else None


def _side_heated(ctx: "Context", ref: Quantity | None) -> tuple[Quantity | None, str, Quantity | None, str] | None:
    """(hot q, its wall, cold q, its wall) when the request holds the left or right wall at a
    temperature ("left wall 320 K, right wall 300 K"): the side walls are the heated pair, floor and
    ceiling adiabatic. A side stated alone pairs with the other side at the one other temperature."""
    temps = [q for q in ctx.qs if q.kind == "temperature" and q is not ref]
    walls = {w: q for q in reversed(temps) if (w := wall_of(q)) is not None}
    if not {"leftWall", "rightWall"} & set(walls) or {"floor", "ceiling"} & set(walls):
        return None
    rest = [q for q in temps if wall_of(q) is None]
    for side, other in (("leftWall", "rightWall"), ("rightWall", "leftWall")):
        if side not in walls and rest:
            walls[side] = rest[0]
    said = sorted(walls.items(), key=lambda item: item[1].value)
    if len(said) == 1:
        (wall, q), = said
        return (q, wall, None, "rightWall" if wall == "leftWall" else "leftWall")
    (cold_wall, cold), (hot_wall, hot) = said[0], said[-1]
    return hot, hot_wall, cold, cold_wall


def _temperatures(ctx: "Context") -> tuple[Quantity | None, Quantity | None, Quantity | None]:
    hot = ctx.q("temperature", "bottom", "floor", "heated", "hot", "heater")
    cold = ctx.q("temperature", "top", "ceiling", "cold", "cooled", exclude=("reference",))
    ref = ctx.q("temperature", "reference", "tref", "ambient", "initial")
    temps = [q for q in ctx.qs if q.kind == "temperature" and q is not ref]
    if hot is None and temps:
        hot = max(temps, key=lambda q: q.value)
    if cold is None and len(temps) > 1:
        cold = min(temps, key=lambda q: q.value)
    return hot, cold, ref


RA_STEADY_RB = 1.0e4   # Rayleigh-Benard: steady rolls just above onset (1708), unsteady beyond
RA_TURBULENT = 1.0e8   # below: resolved (laminar) convection; above: a turbulence model


def rayleigh_choice(ra: float) -> tuple[str, str, str]:
    """(solver, model, why) for natural convection heated from below at Rayleigh number ra."""
    if ra < RA_STEADY_RB:
        return "buoyantBoussinesqSimpleFoam", "laminar", f"Ra < {RA_STEADY_RB:.0e}: steady laminar convection"
    if ra < RA_TURBULENT:
        return ("buoyantBoussinesqPimpleFoam", "laminar",
                f"{RA_STEADY_RB:.0e} <= Ra < {RA_TURBULENT:.0e}: unsteady laminar convection, resolved (transient, no model)")
    return ("buoyantBoussinesqPimpleFoam", "kEpsilon",
            f"Ra >= {RA_TURBULENT:.0e}: turbulent, unsteady; kEpsilon has no buoyancy production term in v1912 "
            f"(LES is the accurate choice)")


def plan_heated_cavity(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    hot_q, cold_q, ref_q = _temperatures(ctx)
    sides = _side_heated(ctx, ref_q)
    hot_wall, cold_wall = "floor", "ceiling"
    if sides is not None:  # the stated side walls are the heated pair, not the recipe's floor and ceiling
        hot_q, hot_wall, cold_q, cold_wall = sides
    t_hot, hot_locked = p.take("hot wall T", hot_q, 320.0, "K")
    t_cold, cold_locked = p.take("cold wall T", cold_q, 300.0, "K")
    if sides is None and t_hot <= t_cold:
        p.warnings.append(f"the heated (bottom) wall is not warmer than the top wall ({t_hot} K vs {t_cold} K): stable stratification")
    t_ref, ref_locked = p.take("TRef", ref_q, (t_hot + t_cold) / 2, "K", "mean of the wall temperatures")
    fluid = p.fluid("air", ctx.q("kinematic_viscosity"))
    beta = 1.0 / t_ref if fluid.name == "air" else (fluid.beta or 2e-4)
    width_q = ctx.q("length", "wide", "width")
    height_q = ctx.q("length", "tall", "height", "high")
    width, _ = p.take("width", width_q, 0.5, "m", "a tall cavity, aspect ratio 4")
    height, _ = p.take("height", height_q, 2.0, "m", "a tall cavity, aspect ratio 4")
    g = 9.81
    ra = g * beta * abs(t_hot - t_cold) * height**3 / (fluid.nu * fluid.nu / (fluid.pr or 0.71))
    auto_solver, auto_model, why = rayleigh_choice(ra)
    solver = pick_solver(ctx, auto_solver, ("buoyantBoussinesqSimpleFoam", "buoyantBoussinesqPimpleFoam"),
                         "natural convection")
    steady = is_steady(solver)
    model = ctx.model or auto_model
    p.values["Ra"] = ra
    p.assumptions.append(f"Ra = {ra:.3g} (g beta dT H^3 / (nu alpha), H = {fmt(height)} m): {why}")
    if ctx.model is None:
        p.assumptions.append(f"turbulence model = {model} (from Ra)")
    if ctx.solver is None:
        p.assumptions.append(f"solver = {solver} (from Ra)")
    elif steady and ra >= RA_STEADY_RB:
        p.warnings.append(f"steady {solver} at Ra = {ra:.3g}: convection heated from below is unsteady above about "
                          f"{RA_STEADY_RB:.0e}; residuals may stall (buoyantBoussinesqPimpleFoam follows it in time)")
    if model != "laminar":
        p.warnings.append(f"{model} in v1912 has no buoyancy production term: the buoyancy source of turbulence in "
                          f"the thermal plumes is missing")
    spec = model_spec(model)
    counts = cell_counts(ctx.text)
    nx, ny = (counts[0][0], counts[0][1]) if counts else (20, 80)
    size_q = None if counts else cell_size_of(ctx)
    refine = None if counts or size_q else mesh_refinement(ctx.text)
    if size_q is not None:  # "25 cm cells": the generated rectangle's counts
        nx, ny = max(1, round(width / size_q.value)), max(1, round(height / size_q.value))
        p.bindings.append(Binding(stated=size_q.text.strip(), file="system/blockMeshDict", entry=["blocks"],
                                  value=f"({nx} {ny} 1)", how=f"cells of {size_q.text.strip()}"))
    elif refine is not None:  # "twice as fine": the default 20 x 80 scaled (along the directions said)
        nx, ny = refined_counts(ctx.text, refine, [nx, ny])
    if not counts:
        p.assumptions.append(f"mesh = {nx} x {ny} cells" + (f" ({size_q.text.strip()} cells)" if size_q else
                                                            f" ({refine[1]})" if refine else ""))
    u_buoy = math.sqrt(g * beta * abs(t_hot - t_cold) * height)
    turb = inlet_turbulence(max(u_buoy, 0.01), width, fluid.nu)
    bc_values = {"U": vec(0, 0, 0), "T": fmt(t_ref), "k": fmt(turb.k), "epsilon": fmt(turb.epsilon),
                 "omega": fmt(turb.omega), "nuTilda": fmt(3 * fluid.nu),
                 "R": vec(*(2 * turb.k / 3 * x for x in (1, 0, 0, 1, 0, 1)))}
    p.values.update(beta=beta, Pr=fluid.pr, buoyancy_velocity=u_buoy)
    p.assumptions.append(f"initial k = {fmt(turb.k)} from the buoyancy velocity sqrt(g beta dT H) = {u_buoy:.3g} m/s")
    tp = "constant/transportProperties"
    p.set(tp, ["nu"], fmt(fluid.nu), "kinematic viscosity", ctx.fluid is not None)
    p.set(tp, ["beta"], f"{beta:.4g}", "thermal expansion (1/TRef for an ideal gas)" if fluid.name == "air" else "thermal expansion")
    p.set(tp, ["TRef"], fmt(t_ref), "reference temperature", ref_locked)
    p.set(tp, ["Pr"], fmt(fluid.pr or 0.71), "laminar Prandtl number")
    p.set(tp, ["Prt"], "0.85", "turbulent Prandtl number")
    p.set("constant/g", ["value"], vec(0, -g, 0), "gravity, y up", ctx.has("gravity", "9.81"))
    p.set("0/T", ["internalField"], f"uniform {fmt(t_ref)}", "initial temperature")
    for wall, t, what, locked in ((hot_wall, t_hot, "heated", hot_locked), (cold_wall, t_cold, "cold", cold_locked)):
        p.set("0/T", ["boundaryField", wall, "value"], f"uniform {fmt(t)}", f"{what} wall ({wall})", locked)
    if sides is not None:
        p.assumptions.append(f"heated side walls: {hot_wall} {fmt(t_hot)} K, {cold_wall} {fmt(t_cold)} K; floor and "
                             f"ceiling adiabatic (zeroGradient)")
    heated = (hot_wall, cold_wall)
    time = time_control(p, steady, 1000 if steady else 20, 1 if steady else 0.01, 100 if steady else 1,
                        adjustable=not steady, max_co=0.9 if not steady else None)
    generate = ["U", "p", "p_rgh", "T", *spec.fields, "alphat"]  # buoyantBoussinesq* read alphat even when laminar
    return manifest(
        p, recipe="heatedCavity", base_tutorial=HOTROOM if steady else HOTROOM_TRANSIENT, base_kind="template",
        solver=solver,
        algorithm="SIMPLE" if steady else "PIMPLE", steady=steady,
        turbulence=Turbulence(simulation_type=spec.simulation_type, model=model),
        physics=Physics(energy=True, buoyancy=True, gravity=[0, -g, 0]), fluid=fluid, mesh="blockMesh",
        mesh_params={"rectangle": {"x": [0, width], "y": [0, height], "cells_x": [nx], "cells_y": [ny],
                                   "names": {"bottom": "floor", "top": "ceiling", "left": "leftWall", "right": "rightWall"},
                                   "types": {"floor": "wall", "ceiling": "wall", "leftWall": "wall", "rightWall": "wall"}},
                     "base_files": ["system/controlDict", "system/fvSchemes", "system/fvSolution",
                                    "constant/g", "constant/transportProperties", "constant/turbulenceProperties"]},
        patches=[*(Patch(name=n, role="heatedWall" if n in heated else "wall")
                   for n in ("floor", "ceiling", "leftWall", "rightWall")),
                 Patch(name="frontAndBack", role="empty")],
        generate=[{"field": f, "internal": ""} for f in dict.fromkeys(generate)],
        time=time, bc_values=bc_values,
    )
