"""Case families the Architect plans offline. Each recipe reads the request context and
returns a CaseManifest: the base (tutorial or template), the solver and model, and every
value as an explicit file edit, with what the user asked for marked `locked`."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from tasks.core.errors import RequestError
from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults, describe_relaxation
from tasks.foam.files import find_file, read_text
from tasks.foam.geometry import set_single_block_cells
from tasks.foam.physics import fluid_table, inlet_turbulence, is_steady, model_spec, sine_bc
from tasks.plan.controls import Control, mesh_refinement, refinement_direction, run_controls, total_cells, write_count
from tasks.plan.extract import Quantity, cell_counts, normalise, sines
from tasks.plan.foam_values import fmt  # stated values exactly as stated (10 significant digits)
from tasks.plan.stated import Binding, role_of
from tasks.plan.select import request_features
from tasks.plan.manifest import CaseManifest, FileEdit, Fluid, Patch, Physics, SetFieldsBox, TimeControl, Turbulence

if TYPE_CHECKING:
    from tasks.plan.request import Context

Recipe = Callable[["Context"], CaseManifest]

CAVITY = "incompressible/icoFoam/cavity/cavity"
PITZDAILY = "incompressible/simpleFoam/pitzDaily"
PITZDAILY_PIMPLE = "incompressible/pimpleFoam/RAS/pitzDaily"
HOTROOM = "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"
HOTROOM_TRANSIENT = "heatTransfer/buoyantBoussinesqPimpleFoam/hotRoom"  # its fvSolution has the *Final solvers
DAMBREAK = "multiphase/interFoam/laminar/damBreak/damBreak"
COLUMN = "lagrangian/MPPICFoam/column"
MIXER = "incompressible/simpleFoam/mixerVessel2D"


def vec(*xs: float) -> str:
    return "(" + " ".join(fmt(x) for x in xs) + ")"


def velocity_vec(q: Quantity | None, speed: float, axis: tuple[float, float, float]) -> str:
    """The velocity a recipe writes: the vector the request states ("(10 1 0) m/s", "u = 10 m/s,
    v = 1 m/s"), else `speed` along the recipe's own `axis`."""
    if q is not None and q.vector is not None:
        return vec(*q.vector)
    return vec(*(speed * a for a in axis))


def tutorial_text(ctx: "Context", base: str, rel: str) -> str:
    path = ctx.tutorials_dir / base / rel
    found = find_file(path.parent, path.name)
    if found is None:
        raise RequestError(f"the OpenFOAM tutorial file {path} is missing; install openfoam-examples")
    return read_text(found)


class FamilyMismatch(RequestError):
    """The request names a solver this family is not planned with: another base may carry it."""


def pick_solver(ctx: "Context", default: str, allowed: tuple[str, ...], what: str) -> str:
    """The solver the request names (it must suit the family), else the family's default."""
    solver = ctx.solver or default
    if solver not in allowed:
        raise FamilyMismatch(f"{what} is planned with {' or '.join(allowed)} here, not {solver}")
    return solver


class Plan:
    """Collects edits, locked values and assumptions while a recipe plans."""

    def __init__(self, ctx: "Context") -> None:
        self.ctx = ctx
        self.edits: list[FileEdit] = []
        self.assumptions: list[str] = []
        self.warnings: list[str] = []
        self.values: dict[str, object] = {}
        self.bindings: list[Binding] = []

    def set(self, file: str, keys: list[str], value: str | dict, reason: str, locked: bool = False) -> None:
        self.edits.append(FileEdit(file=file, entry=keys, value=value, reason=reason, locked=locked))

    def bind(self, kind: str, file: str, keys: list[str], value: str, how: str) -> None:
        """Record that a value derived from the request's first `kind` quantity went into `file`."""
        q = next((q for q in self.ctx.qs if q.kind == kind), None)
        if q is not None:
            self.bindings.append(Binding(stated=q.text.strip(), file=file, entry=keys, value=value, how=how))

    def take(self, name: str, q: Quantity | None, default: float, unit: str, why: str = "") -> tuple[float, bool]:
        """A value from the request (locked) or a stated default."""
        if q is not None:
            self.values[name] = q.value
            return q.value, True
        self.values[name] = default
        self.assumptions.append(f"{name} = {fmt(default)} {unit}" + (f" ({why})" if why else " (default)"))
        return default, False

    def fluid(self, default: str, nu_q: Quantity | None = None, rho_q: Quantity | None = None) -> Fluid:
        name = self.ctx.fluid or default
        entry = fluid_table()[name]
        if self.ctx.fluid is None:
            self.assumptions.append(f"fluid = {name} ({entry.condition}); name another fluid to change it")
        fluid = Fluid(name=name, nu=entry.nu, rho=entry.rho, mu=entry.mu, cp=entry.cp, kappa=entry.kappa,
                      pr=entry.pr, beta=entry.beta, condition=entry.condition)
        if nu_q is not None:
            fluid.nu = nu_q.value
        if rho_q is not None:
            fluid.rho = rho_q.value
        return fluid


# "max time step 5 ms" is maxDeltaT (a control read by name, tasks/plan/controls.py), not the time step
_MAX_STEP = ("max time step", "maximum time step", "max. time step", "maxdeltat", "largest time step",
             "time step limit", "time step of at most", "time step up to")


def by_role(ctx: "Context", kind: str, role: str) -> Quantity | None:
    """The first quantity of this kind whose words give it this role (stated.role_of, the rule the
    binder and the verifier use): "run to 1 s" is the end time however it is worded."""
    return next((q for q in ctx.qs if q.kind == kind and role_of(q) == role and
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


_RUN_ROLES = ("end_time", "delta_t", "write_interval", "start_time")


def _unless_other_role(ctx: "Context", q: Quantity | None, role: str) -> Quantity | None:
    """`q`, unless its words give it another run-control role (stated.role_of): then the quantity
    of the same kind whose words give it `role`, if any."""
    if q is None or role_of(q) == role or role_of(q) not in _RUN_ROLES:
        return q
    return by_role(ctx, q.kind, role)


_CELLS_NEXT = ("cells", "cell ", "cell,", "cubic cells", "square cells", "uniform cells", "grid cells", "mesh cells")


def cell_size_of(ctx: "Context") -> Quantity | None:
    """The length the request gives as the size of the cells ("25 cm cells", "cells of 5 mm")."""
    return next((q for q in ctx.qs if q.kind == "length" and (
        q.after.strip().lower().startswith(_CELLS_NEXT) or q.before.rstrip().endswith(("cells of", "cell size",
                                                                                       "cell size of", "cells")))), None)


def stated_text(text: str, role: str, value: float) -> str | None:
    """The words of the stated quantity of `role` and `value` (so that the binder leaves it to the
    recipe), or None."""
    from tasks.plan.stated import read_stated

    return next((q.text for q in read_stated(text) if q.role == role and abs(q.value - value) < 1e-9 * max(1, value)),
                None)


def refined_counts(text: str, refine: tuple[float, str, int], counts: list[int]) -> list[int]:
    """A generated rectangle's cell counts (x, y) refined by `refine` (tasks.plan.controls.
    mesh_refinement) along the directions its words name ("coarsen by 2 in y"), else both;
    "along" is x."""
    said = refinement_direction(normalise(text), refine[2] + len(refine[1]))
    axes = [0] if said == "along" else said
    return [max(1, round(n * refine[0])) if axes is None or axis in axes else n for axis, n in enumerate(counts)]


def _said(p: Plan, c: Control) -> tuple[float, bool]:
    """A unit-less run control of the request (tasks.plan.controls.run_controls), recorded as the
    binding of the stated control of the same label (so no later binder sets it again)."""
    p.values[c.key] = c.value
    p.bindings.append(Binding(stated=c.label, file="system/controlDict", entry=[c.key], value=fmt(c.value),
                              how=f"{c.key} as stated ({c.text})"))
    return c.value, True


def reynolds_check(p: Plan, speed: float, length: float, nu: float, laminar: bool) -> None:
    re_q = p.ctx.q("reynolds")
    re_calc = speed * length / nu
    p.values["Re"] = re_calc
    if re_q is not None and abs(re_q.value - re_calc) > 0.1 * re_q.value:
        raise RequestError(
            f"contradictory values: Re = {fmt(re_q.value)} was asked for, but U = {fmt(speed)} m/s, "
            f"L = {fmt(length)} m and nu = {fmt(nu)} m2/s give Re = {re_calc:.4g}; drop one of them"
        )
    if laminar and re_calc > 2.0e3:
        p.warnings.append(f"Re = {re_calc:.3g} with a laminar solver: the real flow would be turbulent")


def manifest(p: Plan, **fields) -> CaseManifest:
    _mesh_words(p, fields)
    m = CaseManifest(request=p.ctx.text, edits=p.edits, assumptions=p.assumptions,
                     warnings=p.warnings, values=p.values, bindings=p.bindings, **fields)
    return m


def _mesh_words(p: Plan, fields: dict) -> None:
    """A refinement factor, a cell size or cell counts on a recipe's tutorial mesh of several
    blocks (or an m4 template): tasks.plan.controls_mesh.mesh_words, as for any tutorial base. A mesh
    the recipe generates or sizes itself (a rectangle, the cavity's counts) is left to it."""
    from tasks.plan.controls_mesh import mesh_words
    from tasks.plan.stated import read_stated

    params = fields.get("mesh_params") or {}
    base = fields.get("base_tutorial")
    if not base or fields.get("base_kind", "tutorial") != "tutorial" or "rectangle" in params or "cells" in params:
        return
    change = mesh_words(p.ctx.tutorials_dir / base, params.get("m4"), p.ctx.text, read_stated(p.ctx.text))
    p.edits += change.edits
    p.bindings += change.bindings
    p.assumptions += change.assumptions
    if change.not_applied:
        fields["not_applied"] = [*fields.get("not_applied", []), *change.not_applied]


# --- cavity ----------------------------------------------------------------------------


def plan_cavity(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    solver = pick_solver(ctx, "icoFoam", ("icoFoam", "pisoFoam", "pimpleFoam", "simpleFoam"), "a lid-driven cavity")
    turbulent = request_features(ctx.text, ctx.solver, ctx.model).simulation_type == "RAS"  # "turbulent (RANS)"
    model = ctx.model or ("kEpsilon" if solver == "simpleFoam" or turbulent else "laminar")
    if solver == "icoFoam" and model != "laminar":
        solver = "pisoFoam"
        p.assumptions.append(f"solver = pisoFoam (icoFoam is laminar only; {model} asked for)")
    steady = is_steady(solver)
    length_q = ctx.q("length", "side", "domain", "square", "size", "cavity", "length")
    side = square_side(ctx.text)
    if side is not None and length_q is None:
        length, locked_l = side, True
        p.values["L"] = side
    else:
        length, locked_l = p.take("L", length_q, 0.1, "m", "the tutorial's 0.1 m square")
    p.set("system/blockMeshDict", ["convertToMeters"], fmt(length), "domain size", locked_l)
    # the v1912 tutorial scales with `scale 0.1`, which blockMesh reads before convertToMeters: set both
    p.set("system/blockMeshDict", ["scale"], fmt(length), "domain size (v1912 keyword)", locked_l)
    counts = cell_counts(ctx.text)
    nx, ny = (counts[0][0], counts[0][1]) if counts else (20, 20)
    refine = None if counts else mesh_refinement(ctx.text)
    if refine is not None:  # "twice as fine": the tutorial's 20 x 20 scaled (along the directions said)
        nx, ny = refined_counts(ctx.text, refine, [20, 20])
        p.assumptions.append(f"mesh = {nx} x {ny} x 1 cells ({refine[1]}: the tutorial's 20 x 20 refined x{refine[0]:g})")
        p.bindings.append(Binding(stated=refine[1], file="system/blockMeshDict", entry=["blocks"],
                                  value=f"({nx} {ny} 1)", how="mesh refinement of the tutorial's 20 x 20"))
    elif not counts and (total := total_cells(ctx.text)) is not None:  # "about 1600 cells": a square grid
        nx = ny = max(1, round(math.sqrt(total[0])))
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
        speed, locked = p.take("lid velocity", lid_q, 1.0, "m/s")
        p.set("0/U", ["boundaryField", "movingWall"], {"type": "fixedValue", "value": f"uniform {velocity_vec(lid_q, speed, (1, 0, 0))}"},
              "lid velocity", locked)
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


# --- pitzDaily (backward-facing step) ---------------------------------------------------

PITZ_TURB_AT_10 = {"k": 0.375, "epsilon": 14.855, "omega": 440.15}


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
    speed_q = ctx.q("velocity", "inlet", "velocity", "inflow", "free", "speed", "u =", "at")
    speed, locked = p.take("inlet velocity", speed_q, 10.0, "m/s", "the tutorial's")
    p.set("0/U", ["boundaryField", "inlet", "value"], f"uniform {velocity_vec(speed_q, speed, (1, 0, 0))}", "inlet velocity", locked)
    nu_q = ctx.q("kinematic_viscosity")
    if ctx.fluid or nu_q:
        fluid = p.fluid("air", nu_q)
        nu_locked = True
    else:
        fluid = Fluid(name="air (tutorial)", nu=1e-5, rho=1.0, condition="the pitzDaily tutorial's nu")
        p.assumptions.append("nu = 1e-05 m2/s (the tutorial's)")
        nu_locked = False
    p.set("constant/transportProperties", ["nu"], fmt(fluid.nu), "viscosity", nu_locked)
    reynolds_check(p, speed, 0.0254, fluid.nu, laminar=model == "laminar")
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


# --- heated cavity (natural convection, Boussinesq) ---------------------------------------


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
    t_hot, hot_locked = p.take("hot wall T", hot_q, 320.0, "K")
    t_cold, cold_locked = p.take("cold wall T", cold_q, 300.0, "K")
    if t_hot <= t_cold:
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
    p.set("0/T", ["boundaryField", "floor", "value"], f"uniform {fmt(t_hot)}", "heated bottom wall", hot_locked)
    p.set("0/T", ["boundaryField", "ceiling", "value"], f"uniform {fmt(t_cold)}", "cold top wall", cold_locked)
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
        patches=[Patch(name="floor", role="heatedWall"), Patch(name="ceiling", role="heatedWall"),
                 Patch(name="leftWall", role="wall"), Patch(name="rightWall", role="wall"),
                 Patch(name="frontAndBack", role="empty")],
        generate=[{"field": f, "internal": ""} for f in dict.fromkeys(generate)],
        time=time, bc_values=bc_values,
    )


# --- dam break (interFoam) -----------------------------------------------------------------

DAM_L = 0.584  # the damBreak tank is 4 x 0.146 m square
DAM_H = 0.292  # the tutorial's column height
_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6,
                 "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}
_NUMERATORS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
               "eight": 8, "nine": 9}
_FRACTION = (r"(?:(?:(?P<num>a|an|one|two|three|four|five|six|seven|eight|nine|\d+)[- ])?"
             r"(?P<den>halves|half|(?:third|quarter|fourth|fifth|sixth|seventh|eighth|ninth|tenth)s?)"
             r"|(?P<a>\d+)\s*/\s*(?P<b>\d+)|(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent))")
_SIDE = r"(?P<side>left|right|centre|center|middle)(?:most|-hand)?"
_SIDE_FRACTION = [re.compile(_SIDE + r"(?:\s+side)?\s+" + _FRACTION + r"(?!\w)", re.I),
                  re.compile(_FRACTION + r"\s+of\s+the\s+\w+\s+(?:on|at|to(?:wards)?)\s+the\s+" + _SIDE, re.I)]


def _fraction_value(m: re.Match) -> float:
    if m.group("pct"):
        return float(m.group("pct")) / 100
    if m.group("a"):
        return int(m.group("a")) / max(int(m.group("b")), 1)
    den = _DENOMINATORS[m.group("den").lower().rstrip("s") if m.group("den").lower() != "halves" else "halves"]
    num = m.group("num")
    return (int(num) if num and num.isdigit() else _NUMERATORS.get((num or "one").lower(), 1)) / den


def column_box(text: str, last: bool = False) -> tuple[float, float, str] | None:
    """The x extent of a liquid column given as a fraction of the tank at one side ('the left
    third', 'right two fifths', 'the left 25 %', 'a quarter of the tank on the right'); with
    `last`, the final one named (for 'from the left third to the right third')."""
    found = sorted((m for pattern in _SIDE_FRACTION for m in pattern.finditer(text)), key=lambda m: m.start())
    if not found:
        return None
    m = found[-1] if last else found[0]
    frac = _fraction_value(m)
    if not 0 < frac <= 1:
        return None
    side, width = m.group("side").lower(), DAM_L * frac
    if side == "left":
        return 0.0, width, m.group(0)
    if side == "right":
        return DAM_L - width, DAM_L, m.group(0)
    return (DAM_L - width) / 2, (DAM_L + width) / 2, m.group(0)


def setfields_regions(field: str, lo: list[float], hi: list[float], value: float = 1) -> str:
    return (f"(\n    boxToCell\n    {{\n        box {vec(*lo)} {vec(*hi)};\n        fieldValues\n        (\n"
            f"            volScalarFieldValue {field} {fmt(value)}\n        );\n    }}\n)")


def liquid_edits(p: Plan, phase: str, fluid: Fluid, locked: bool) -> None:
    tp = "constant/transportProperties"
    p.set(tp, [phase, "nu"], fmt(fluid.nu), f"{fluid.name} kinematic viscosity", locked)
    p.set(tp, [phase, "rho"], fmt(fluid.rho), f"{fluid.name} density", locked)


def plan_dam_break(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    solver = pick_solver(ctx, "interFoam", ("interFoam", "interIsoFoam"), "the dam break")
    box = column_box(ctx.text)
    height_q = ctx.q("length", "height", "high", "tall", "deep")
    h, h_locked = p.take("column height", height_q, DAM_H, "m", "the tutorial's")
    width_q = ctx.q("length", "wide", "width", exclude=("tank", "domain"))
    sized: list[Quantity] = []
    if box is None and width_q is not None and width_q is not height_q and 0 < width_q.value < DAM_L:
        right = re.search(r"\bright\b", ctx.text, re.I) and not re.search(r"\bleft\b", ctx.text, re.I)
        x0, x1 = (DAM_L - width_q.value, DAM_L) if right else (0.0, width_q.value)
        where = f"a column {width_q.text.strip()} wide at the {'right' if right else 'left'} wall"
        box = (x0, x1, where)
        sized.append(width_q)
    elif box is None:
        x0, x1, where = 0.0, 0.1461, "the tutorial's"
        p.assumptions.append("water column = the tutorial's (x 0 to 0.1461 m, height 0.292 m)")
    else:
        x0, x1, where = box[0], box[1], box[2]
    regions = setfields_regions("alpha.water", [x0, 0, -1], [x1, h, 1])
    for q in [*sized, *([height_q] if height_q is not None else [])]:
        p.bindings.append(Binding(stated=q.text.strip(), file="system/setFieldsDict", entry=["regions"],
                                  value=regions, how="the water column's box (boxToCell)"))
    p.set("system/setFieldsDict", ["regions"], regions, f"water column: {where}", box is not None or h_locked)
    if box is not None:
        p.bind("fraction", "system/setFieldsDict", ["regions"], f"box {vec(x0, 0, -1)} {vec(x1, h, 1)}",
               f"{where} of the {DAM_L} m tank")
    p.values.update(column_x=[x0, x1], column_height=h)
    nu_q, rho_q = ctx.q("kinematic_viscosity"), ctx.q("density")
    liquid_named = ctx.fluid if ctx.fluid and ctx.fluid != "air" else None
    if liquid_named or nu_q or rho_q:
        entry = fluid_table()[liquid_named or "water"]
        fluid = Fluid(name=liquid_named or "water", nu=nu_q.value if nu_q else entry.nu,
                      rho=rho_q.value if rho_q else entry.rho, condition=entry.condition)
        liquid_edits(p, "water", fluid, True)
        if fluid.name != "water":
            p.assumptions.append(f"the liquid phase keeps OpenFOAM's name 'water' (field alpha.water) with {fluid.name}'s properties")
    else:
        e = fluid_table()["water"]
        fluid = Fluid(name="water", nu=1e-6, rho=1000, condition="the tutorial's water")
        p.assumptions.append("liquid = water (nu 1e-06 m2/s, rho 1000 kg/m3, the tutorial's)")
        del e
    time = time_control(p, False, 1.0, 0.001, 0.05, adjustable=True, max_co=1)
    return manifest(
        p, recipe="damBreak", base_tutorial=DAMBREAK, solver=solver, algorithm="PIMPLE", steady=False,
        physics=Physics(gravity=[0, -9.81, 0], phases=["water", "air"]), fluid=fluid, mesh="tutorial",
        patches=[Patch(name="leftWall", role="wall"), Patch(name="rightWall", role="wall"),
                 Patch(name="lowerWall", role="wall"), Patch(name="atmosphere", role="atmosphere"),
                 Patch(name="defaultFaces", role="empty")],
        set_fields=[SetFieldsBox(field="alpha.water", box_min=[x0, 0, -1], box_max=[x1, h, 1])],
        time=time,
    )


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


# --- rotating mixer (MRF) ------------------------------------------------------------------


def plan_mixer(ctx: "Context") -> CaseManifest:
    p = Plan(ctx)
    solver = pick_solver(ctx, "pimpleFoam", ("pimpleFoam", "simpleFoam"), "the MRF mixer")
    steady = is_steady(solver)
    model = ctx.model or "kEpsilon"
    spec = model_spec(model)
    omega_q = ctx.q("angular_velocity")
    omega, locked = p.take("rotor speed", omega_q, 104.72, "rad/s", "the tutorial's")
    p.set("constant/MRFProperties", ["MRF1", "omega"], fmt(omega), "MRF zone angular velocity", locked)
    p.set("constant/MRFProperties", ["MRF1", "axis"], "(0 0 1)", "rotation about z")
    fluid = p.fluid("water", ctx.q("kinematic_viscosity"))
    p.set("constant/transportProperties", ["nu"], fmt(fluid.nu), "viscosity", ctx.fluid is not None)
    tip = omega * 0.05
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


# --- any solver: start from its simplest tutorial ----------------------------------------



# --- recognising the family ------------------------------------------------------------------

FAMILIES: list[tuple[tuple[str, ...], Recipe]] = [
    (("lid-driven", "lid driven", "cavity flow", "driven cavity", "cavity"), plan_cavity),
    (("pitzdaily", "pitz daily", "backward-facing step", "backward facing step", "backstep"), plan_pitzdaily),
    (("bubble column", "bubbles", "bubble"), plan_bubble_column),
    (("dam break", "dambreak", "dam-break", "collapsing water column", "water column"), plan_dam_break),
    (("particle column", "mppic", "particle-laden column", "particle bed"), plan_particle_column),
    (("mixer", "mixing vessel", "stirred", "impeller", "mrf", "rotating"), plan_mixer),
    (("natural convection", "hot room", "hotroom", "heated cavity", "buoyancy-driven", "buoyant",
      "rayleigh", "boussinesq", "differentially heated"), plan_heated_cavity),
]
SOLVER_FAMILY = {
    "icoFoam": plan_cavity, "interFoam": plan_dam_break, "MPPICFoam": plan_particle_column,
    "buoyantBoussinesqSimpleFoam": plan_heated_cavity, "buoyantBoussinesqPimpleFoam": plan_heated_cavity,
}


def detect(ctx: "Context") -> Recipe | None:
    """The recipe for a request: its geometry words first (cavity with 'heated' goes to
    natural convection), then the solver it names."""
    low = ctx.text.lower()
    hits = [(min(low.find(w) for w in words if w in low), recipe)
            for words, recipe in FAMILIES if any(w in low for w in words)]
    if hits:
        recipes_hit = [r for _, r in sorted(hits, key=lambda h: h[0])]
        if plan_heated_cavity in recipes_hit and plan_cavity in recipes_hit:
            return _unless_variant(ctx, plan_heated_cavity)
        if plan_bubble_column in recipes_hit:
            return plan_bubble_column
        if ctx.solver in SOLVER_FAMILY and SOLVER_FAMILY[ctx.solver] in recipes_hit:
            return _unless_variant(ctx, SOLVER_FAMILY[ctx.solver])
        return _unless_variant(ctx, recipes_hit[0])
    if ctx.example_dir is not None:
        from_example = recipe_of_example(ctx.example_dir)
        if from_example is not None:
            ctx.notes.append(f"geometry taken from the example case {ctx.example_dir}")
            return from_example
    return None


def leaf(case: str) -> str:
    """A tutorial's own folder name: 'incompressible/icoFoam/cavity/cavityClipped' -> cavityClipped."""
    return case.rstrip("/").rsplit("/", 1)[-1]


def is_variant(case: str, family_case: str) -> bool:
    """`case` is a variant of the family tutorial: its own name extends the family's name
    (cavityClipped, cavityGrade, cavityCoupledU of cavity; pitzDailyExptInlet of pitzDaily;
    damBreakWithObstacle of damBreak). The family tutorial itself, or one of the same name under
    another solver, is no variant."""
    name, family = leaf(case), leaf(family_case)
    return len(name) > len(family) and name.startswith(family)


# The tutorial each recipe is built on, whose named variants the recipe cannot plan (it edits the
# family tutorial's own mesh and fields). The bubble column is a generated shape: no family tutorial.
FAMILY_TUTORIAL: dict[Recipe, str] = {
    plan_cavity: CAVITY, plan_pitzdaily: PITZDAILY, plan_dam_break: DAMBREAK, plan_heated_cavity: HOTROOM,
    plan_particle_column: COLUMN, plan_mixer: MIXER,
}


def variant_chosen(ctx: "Context", recipe: Recipe) -> str | None:
    """The ranker's first tutorial for the request when it is a variant of the recipe's family
    tutorial (the request describes the clipped cavity, the graded cavity, the experimental
    pitzDaily inlet), else None."""
    family = FAMILY_TUTORIAL.get(recipe)
    if family is None or ctx.example_dir is not None:
        return None
    from tasks.plan.generic import choose_base  # generic imports the planners' shared modules

    ranked = choose_base(ctx)
    return ranked[0].record.case if ranked and is_variant(ranked[0].record.case, family) else None


def _unless_variant(ctx: "Context", recipe: Recipe) -> Recipe | None:
    """The recipe, or None (plan generically) when the best tutorial for the request is a variant
    of the recipe's family tutorial: the variant is the base, with its own mesh and set-up."""
    variant = variant_chosen(ctx, recipe)
    if variant is None:
        return recipe
    ctx.notes.append(f"planned on {variant}, the variant of {leaf(FAMILY_TUTORIAL[recipe])} the request "
                     f"describes, not on the {recipe.__name__.removeprefix('plan_').replace('_', ' ')} recipe's "
                     f"{FAMILY_TUTORIAL[recipe]}")
    return None


EXAMPLE_PATCHES: list[tuple[set[str], Recipe]] = [
    ({"movingWall", "fixedWalls"}, plan_cavity),
    ({"inlet", "outlet", "upperWall", "lowerWall"}, plan_pitzdaily),
    ({"floor", "ceiling"}, plan_heated_cavity),
    ({"leftWall", "rightWall", "lowerWall", "atmosphere"}, plan_dam_break),
    ({"rotor", "stator"}, plan_mixer),
]
BY_NAME = {"cavity": plan_cavity, "pitzDaily": plan_pitzdaily, "heatedCavity": plan_heated_cavity,
           "damBreak": plan_dam_break, "bubbleColumn": plan_bubble_column,
           "particleColumn": plan_particle_column, "mixer": plan_mixer}


def recipe_of_example(example: Path) -> Recipe | None:
    """The family of a user's example case: ours records it; otherwise its patch names tell."""
    import json

    manifest = example / ".casewright/manifest.json"
    if manifest.is_file():
        name = json.loads(manifest.read_text()).get("recipe")
        if name in BY_NAME:
            return BY_NAME[name]
    from tasks.foam.casedir import mesh_patches

    patches = set(mesh_patches(example))
    for needed, recipe in EXAMPLE_PATCHES:
        if needed <= patches:
            return recipe
    return None
