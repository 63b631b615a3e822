"""Plan a case on the geometry the request describes (tasks/geometry builds its mesh).

A scratch case is assembled first: the numerics of the solver's simplest tutorial, the mesh
files of the shape, a field file per solved field from the canonical BC selector (patch
roles from the shape), the turbulence model asked for. The stated values are then bound to
that scratch case exactly as to a tutorial, and the InputWriter copies it into place.
"""

from __future__ import annotations

import json
import re
import shutil
import uuid
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path

from tasks.core.errors import RequestError
from tasks.core.paths import data_dir
from tasks.edit import caseops
from tasks.edit import parametric_setup as setup
from tasks.edit.parametric_heat import buoyancy_ruled_out, heat_mode, place_temperatures
from tasks.edit import parametric_physics as physics
from tasks.edit.parametric_inflow import as_pressure_drop, bernoulli_speed, les_inflow, open_inlets, pressure_driven
from tasks.edit.parametric_carried import implied_carried, plan_carried
from tasks.edit.parametric_scalar import FIELD as SCALAR_FIELD
from tasks.edit.parametric_scalar import OBJECT as SCALAR_OBJECT
from tasks.edit.parametric_scalar import PassiveScalar, diffusivity_entry, passive_scalar, write_scalar
from tasks.edit.parametric_geo_sizes import sizes_in_product, written_with_a_length_unit
from tasks.edit.parametric_notes import notes_of_written_case
from tasks.edit.parametric_template import drop_template_functions, start_from_zero
from tasks.edit.parametric_roles import aim_inlets, feed_openings, inward_normal, mirror_sides, place_inflows
from tasks.foam import dictionary as fd
from tasks.foam.files import find_file, read_bytes
from tasks.foam.physics import find_fluid, fluid_table, fmt, internal_value, is_steady, model_spec
from tasks.geometry.text_part_cells import slashed_along
from tasks.geometry.sized_total import total_met
from tasks.plan.controls_refine import total_limit
from tasks.geometry.build import build_mesh, geometry_record, recorded_fraction
from tasks.geometry.spec_polydomain import polydomain_shear
from tasks.edit.parametric_skewed import correct_non_orthogonal
from tasks.geometry.solver_carry import CARRIED_SOLVERS
from tasks.geometry.models import MeshCommand, PatchInfo, SetPatchTypes
from tasks.geometry.spec import NUM, UNIT, GeometrySpec, resolved_heights
from tasks.geometry.text_duct_roles import said_radius_of
from tasks.geometry.text_part_cells import part_count_key, part_size_key
from tasks.geometry.text_parts import said_dimension
from tasks.geometry.text_numbers import parse_length
from tasks.geometry.text_moving_walls import moving_patches
from tasks.geometry.text_outlines import turned_obstacle
from tasks.geometry.text_wall_speed import plain_walls, wall_turns
from tasks.plan.bind import bind_all, vec
from tasks.plan.manifest import CaseManifest, Patch, TimeControl, Turbulence
from tasks.plan.request import Context
from tasks.plan.select import PHRASE_POINTS, request_features
from tasks.plan.stated import Binding, StatedQuantity

# The tutorial whose system/ and constant/ dictionaries a solver's generated case starts from.
TEMPLATES = {
    "icoFoam": "incompressible/icoFoam/cavity/cavity",
    "simpleFoam": "incompressible/simpleFoam/pitzDaily",
    "pimpleFoam": "incompressible/pimpleFoam/RAS/pitzDaily",
    "pisoFoam": "incompressible/pisoFoam/RAS/cavity",
    "buoyantBoussinesqPimpleFoam": "heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells",
    "buoyantBoussinesqSimpleFoam": "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom",
}
_ROLES = {"inlet": "inlet", "outlet": "outlet", "wall": "wall", "body": "wall", "top": "wall", "bottom": "wall",
          "moving_wall": "movingWall", "hot_wall": "heatedWall", "cold_wall": "heatedWall", "empty": "empty",
          "symmetry": "symmetryPlane", "wedge": "wedge"}
_KEEP = ("system/controlDict", "system/fvSchemes", "system/fvSolution", "constant/transportProperties",
         "constant/turbulenceProperties", "constant/g", "constant/thermophysicalProperties")


def choose_solver(ctx: Context, spec: GeometrySpec) -> tuple[str, str]:
    """(solver, turbulence model) for a generated geometry: the request's, else by its physics."""
    features = request_features(ctx.text, ctx.solver, ctx.model)
    heated = spec.shape == "heated_cavity" or features.flags.get("buoyancy") or features.flags.get("energy")
    turbulent = (ctx.model not in (None, "laminar")) or features.simulation_type in ("RAS", "LES")
    model = ctx.model or ("kOmegaSST" if features.simulation_type == "RAS" else
                          "Smagorinsky" if features.simulation_type == "LES" else "laminar")
    if ctx.solver:
        return ctx.solver, model
    if implied := implied_carried(features.hint_strength, ctx.text, PHRASE_POINTS):  # a tracer on a given flow, ...
        return implied, "laminar"
    if features.flags.get("multiphase"):
        return "interFoam", model
    if features.flags.get("compressible"):  # a density that varies with temperature under gravity: buoyant
        buoyant = features.flags.get("buoyancy") or (
            spec.shape == "heated_cavity" and not buoyancy_ruled_out(ctx.text, features.flags.get("buoyancy")))
        if buoyant:
            return ("buoyantSimpleFoam" if features.steady else "buoyantPimpleFoam"), model
        return ("rhoSimpleFoam" if features.steady else "rhoPimpleFoam"), model
    if heated and buoyancy_ruled_out(ctx.text, features.flags.get("buoyancy")) and spec.shape != "heated_cavity":
        steady = features.steady is not False and features.simulation_type != "LES" if turbulent else features.steady
        return passive_heat_solver(steady), model
    if heated:
        return ("buoyantBoussinesqSimpleFoam" if features.steady else "buoyantBoussinesqPimpleFoam"), model
    if turbulent:
        return ("pimpleFoam" if features.steady is False or features.simulation_type == "LES" else "simpleFoam"), model
    return ("simpleFoam" if features.steady else "icoFoam"), model


def buoyancy_asked(buoyancy_flag: bool | None, stated: list[StatedQuantity], named_solver: str | None) -> bool:
    """The request asks for buoyancy itself: its words (natural convection, buoyancy, a plume), a
    stated gravity or Rayleigh number, or a buoyant solver named. Heat alone (a heated body, wall and
    inlet temperatures) does not."""
    return bool(buoyancy_flag) or any(q.role in ("gravity", "rayleigh") for q in stated) or \
        bool(named_solver and named_solver.startswith("buoyant"))


def passive_heat_solver(steady: bool | None) -> str:
    """The solver that carries a passive temperature (scalarTransport) when the buoyant ones cannot
    run on the mesh: simpleFoam for a steady request, pimpleFoam otherwise (the Boussinesq default)."""
    return "simpleFoam" if steady else "pimpleFoam"


def plan_parametric(ctx: Context, spec: GeometrySpec, stated: list[StatedQuantity]) -> CaseManifest:
    solver, model = choose_solver(ctx, spec)
    if solver in CARRIED_SOLVERS and solver not in TEMPLATES:  # no template: the solver's tutorial is carried
        return plan_carried(ctx, spec, stated, solver)
    template = TEMPLATES.get(solver) or physics_template(ctx, solver, spec.shape)
    if template is None:
        raise RequestError(f"a generated {spec.shape.replace('_', ' ')} is set up here for icoFoam, simpleFoam, "
                           f"pimpleFoam, pisoFoam and the Boussinesq solvers, not {solver}; pass --example DIR")
    features = request_features(ctx.text, ctx.solver, ctx.model)
    # T as a passive scalar next to a solver without an energy equation (also set when the mesh needs it)
    passive = heat_mode(solver, spec.shape, features.flags.get("energy"), features.flags.get("buoyancy"),
                        stated) == "passive"
    notes: list[str] = [f"{solver} has no energy equation: the temperature is carried as a passive scalar "
                        "(scalarTransport), without buoyancy"] if passive else []
    scalar = passive_scalar(ctx.text, stated)
    flow_stated = [as_pressure_drop(ctx.text, q) for q in stated
                   if scalar is None or all(q is not t for t in scalar.taken)]
    for _ in range(3):
        scratch = data_dir() / "scratch" / uuid.uuid4().hex[:12]
        scratch.mkdir(parents=True)
        try:
            manifest = _plan_in(scratch, ctx, spec, flow_stated, solver, model, template, passive, scalar)
        except _Turbulent as high:  # no model asked for and the flow is turbulent: steady RANS instead
            shutil.rmtree(scratch, ignore_errors=True)
            features = request_features(ctx.text, ctx.solver, ctx.model)
            if physics.family(solver) is None:
                solver = "pimpleFoam" if features.steady is False else "simpleFoam"
            model = "kOmegaSST"
            template = TEMPLATES.get(solver) or physics_template(ctx, solver, spec.shape)
            notes.append(f"turbulence model kOmegaSST with {solver}: Re = {high.reynolds:.3g} is turbulent and no "
                         "model was asked for")
            continue
        except _NotCartesian as mesh:  # forced convection on a body-fitted mesh: T rides on pimpleFoam/simpleFoam
            shutil.rmtree(scratch, ignore_errors=True)
            features = request_features(ctx.text, ctx.solver, ctx.model)
            old, solver, passive = solver, passive_heat_solver(features.steady), True
            template = TEMPLATES[solver]
            notes.append(f"{solver} with the temperature as a passive scalar (scalarTransport, diffusivity nu/Pr + "
                         f"nut/Prt), not {old}: {mesh}")
            continue
        except BaseException:
            shutil.rmtree(scratch, ignore_errors=True)
            raise
        manifest.assumptions[1:1] = notes
        return manifest
    raise RequestError("could not plan the generated geometry")  # pragma: no cover - the loop returns


def physics_template(ctx: Context, solver: str, shape: str) -> str | None:
    """The tutorial a compressible, free-surface or compressible-buoyant case on a generated shape
    starts from (learnt from the installed tutorials of `solver`), after refusing a shape the
    physics is not set up on; None for a solver of no such family."""
    if physics.family(solver) is None:
        return None
    physics.refuse_physics(solver, shape)
    from tasks.plan.select_catalog import tutorial_records

    fluid = find_fluid(ctx.text)
    gas = fluid is None or fluid_table()[fluid].rho < 100.0
    return physics.physics_template(tutorial_records(ctx.tutorials_dir), ctx.tutorials_dir, solver, gas).case


def refuse_buoyancy_off_grid(ctx: Context, stated: list[StatedQuantity], solver: str, what: str, instead: str) -> None:
    """A request that asks for buoyancy (its words, gravity, a Rayleigh number, a buoyant solver
    named) on a mesh the buoyant solvers cannot run on (`what`) stops here, saying why and what
    to do `instead`; one that only heats the flow goes on with a passive temperature."""
    features = request_features(ctx.text, ctx.solver, ctx.model)
    if buoyancy_asked(features.flags.get("buoyancy"), stated, ctx.solver):
        raise RequestError(
            f"{solver} cannot run on {what}: the installed OpenFOAM v1912 build rebuilds the cell velocity of the "
            "buoyant solvers (fvc::reconstruct) wrongly on cells that are not axis-aligned boxes, and the run "
            f"diverges in its first steps. {instead}")


def _buoyancy_left_out(request: str, temperatures: list[float], t_ref: float, length: float, speed: float,
                       mesh_keeps_buoyancy: bool = False) -> str:
    """What leaving buoyancy out of a passive-temperature case costs: its Richardson number
    g beta dT L / U^2 (dT: the largest difference of a stated or wall temperature from TRef), a
    warning text (starting "mixed") from 0.1 up, else an assumption."""
    beta = fluid_table()[find_fluid(request) or "air"].beta
    delta = max((abs(t - t_ref) for t in temperatures), default=0.0)
    ri = setup.richardson(setup.GRAVITY, beta, delta, length, speed)
    said = (f"Richardson number g beta dT L / U^2 = {ri:.2g} (beta {fmt(beta)} 1/K, dT {fmt(delta)} K, "
            f"L {fmt(length)} m, U {fmt(speed)} m/s)")
    if ri >= 0.1:
        instead = ("ask for buoyantBoussinesqPimpleFoam (or buoyantBoussinesqSimpleFoam) to include it" if
                   mesh_keeps_buoyancy else
                   "the buoyant solvers cannot run on this mesh here (a rectangular domain keeps them)")
        return f"mixed convection left out: {said}, so buoyancy would change this flow; {instead}"
    return f"buoyancy negligible: {said} < 0.1 (forced convection)"


class _NotCartesian(Exception):
    """The mesh is not made of axis-aligned boxes and the buoyant solvers cannot run on it here."""


class _Turbulent(Exception):
    def __init__(self, reynolds: float) -> None:
        super().__init__(f"Re = {reynolds:.3g}")
        self.reynolds = reynolds


def copy_template(src: Path, scratch: Path) -> None:
    """The solver template's dictionaries (_KEEP) into the scratch case; the mesh comes apart."""
    for rel in _KEEP:
        found = find_file((src / rel).parent, Path(rel).name)
        if found is not None:
            (scratch / rel).parent.mkdir(parents=True, exist_ok=True)
            (scratch / rel).write_bytes(read_bytes(found))


def _plan_in(scratch: Path, ctx: Context, spec: GeometrySpec, stated: list[StatedQuantity], solver: str,
             model: str, template: str, passive: bool = False, scalar: PassiveScalar | None = None) -> CaseManifest:
    copy_template(ctx.tutorials_dir / template, scratch)
    build = build_mesh(spec, scratch)
    if solver in setup.RECONSTRUCT_SOLVERS and not setup.reconstruct_safe(scratch, build):
        refuse_buoyancy_off_grid(
            ctx, stated, solver, f"this {build.generator} mesh",
            "Ask for a rectangular domain (a heated cavity or a channel with heated walls) to keep buoyancy, or for "
            "forced convection without buoyancy to carry the temperature past the body with pimpleFoam/simpleFoam")
        raise _NotCartesian(f"the {build.generator} mesh of the {spec.shape.replace('_', ' ')} is not made of "
                            "axis-aligned boxes, and the installed OpenFOAM v1912 build rebuilds the cell velocity "
                            "of the buoyant solvers wrongly on such meshes (they diverge in their first steps); no "
                            "buoyancy was asked for, so the flow carries the heat without it")
    heated = "Boussinesq" in solver or passive
    fam = physics.family(solver)
    thermal = heated or fam in ("compressible", "buoyant")  # temperatures placed on the parts their words name
    built_roles = {p.name: p.role for p in build.patches}  # what the shape library's notes describe
    fed = feed_openings(ctx.text, scratch, build) + [  # and the openings the shape made inlets (a combining tee)
        p.name for p in build.patches if p.role == "inlet" and p.name != "inlet" and built_roles.get(p.name) == "inlet"]
    mirrored = mirror_sides(ctx.text, scratch, build)
    roles = {p.name: _ROLES[p.role] for p in build.patches}
    # each stated wall, body or inflow temperature on the part of the shape its words name
    placed = place_temperatures(ctx.text, stated, build.patches, build.bounds) \
        if thermal and spec.shape != "heated_cavity" else []
    roles.update({n: "heatedWall" for pl in placed if pl.kind == "wall" for n in pl.patches
                  if roles[n] != "movingWall"})
    far = far_field(build.patches)
    roles.update({name: "inlet" for name in far if roles[name] not in ("inlet", "outlet")})
    # "the top lid moves right at 0.1 m/s and the bottom lid left at the same speed": each wall its own velocity
    moved = moving_patches(ctx.text, [(q.text, q.value) for q in stated if q.quantity == "velocity"], built_roles)
    roles.update({name: "movingWall" for name, _ in moved})
    wall_speed = any(q.role in ("lid_velocity", "wall_velocity") for q in stated)
    drivers = [name for name, _ in moved if built_roles[name] != "moving_wall"]  # a channel's plates said to move
    if wall_speed and "movingWall" not in roles.values():  # a sliding plate (Couette): the top wall moves
        top = next((p.name for p in build.patches if p.role == "top"), None)
        if top is not None:
            roles[top] = "movingWall"
            drivers = [top]
    taken = {m.said for _, m in moved}
    assumptions_extra = []
    if drivers and not any(q.role == "inlet_velocity" and q.text not in taken for q in stated) and \
            "inlet" in roles.values():
        roles.update({n: "outlet" for n, r in roles.items() if r == "inlet"})
        assumptions_extra = ["both ends open (zero-gradient velocity, fixed pressure): the flow is driven "
                             f"by the moving {' and '.join(drivers)} only"]
    stub = scratch / "constant/polyMesh/boundary"
    if build.generator != "blockMesh":  # the field writer reads patch names from the mesh: a stub until gmshToFoam
        stub.parent.mkdir(parents=True, exist_ok=True)
        stub.write_text("FoamFile { version 2.0; format ascii; class polyBoundaryMesh; object boundary; }\n"
                        f"{len(build.patches)}\n(\n" + "".join(
                            f"    {p.name} {{ type {p.type}; nFaces 0; startFace 0; }}\n" for p in build.patches)
                        + ")\n")
    assumptions = [f"geometry: {spec.shape.replace('_', ' ')} built by the shape library ({build.generator}, "
                   f"{build.n_cells} cells)", *build.assumptions, *assumptions_extra,
                   f"numerics, schemes and solver settings from the {solver} tutorial {template}"]
    free_surface = physics.set_free_surface(ctx.text, stated, scratch, build, roles) if fam == "free_surface" else None
    if free_surface is not None:
        assumptions += free_surface.assumptions
    control = scratch / "system/controlDict"
    # the template's post-processing is the tutorial's (placed on its geometry): none of it kept
    # the case starts at 0, the only time it writes fields for (a mapped tutorial starts later)
    control.write_text(fd.set_entry(start_from_zero(drop_template_functions(control.read_text())), ["application"],
                                    solver))
    speed = next((q.value for q in stated if q.role in ("inlet_velocity", "lid_velocity", "wall_velocity")), None)
    nu = _viscosity(ctx, stated, scratch, assumptions) if fam is None else \
        physics.case_viscosity(scratch, fam, stated, assumptions)
    re_q = next((q for q in stated if q.role == "reynolds"), None)
    bindings: list[Binding] = list(free_surface.bindings) if free_surface is not None else []
    if re_q is not None and speed is not None and not any(q.role == "nu" for q in stated):
        length, basis = reynolds_length(ctx.text, spec, build.reference_length)
        nu = speed * length / re_q.value
        _write_nu(scratch / "constant/transportProperties", nu)
        assumptions[:] = [a for a in assumptions if not a.startswith(("kinematic viscosity =", "fluid ="))]
        assumptions.append(f"nu = U L / Re = {fmt(speed)} x {fmt(length)} / {fmt(re_q.value)} = {fmt(nu)} m2/s "
                           f"(L: {basis})")
        bindings.append(Binding(stated=re_q.text, file="constant/transportProperties", entry=["nu"],
                                value=fmt(nu), how=f"nu = U L / Re (L = {basis})"))
    if speed is None and re_q is not None:
        speed = re_q.value * nu / build.reference_length
        assumptions.append(f"U = Re nu / L = {fmt(re_q.value)} x {fmt(nu)} / {fmt(build.reference_length)} = "
                           f"{fmt(speed)} m/s (L: {spec.shape.replace('_', ' ')} reference length)")
    heat = setup.set_boussinesq(scratch, ctx.text, stated, build, nu, assumptions) if heated or fam == "buoyant" \
        else None
    if speed is None and free_surface is not None:
        speed = free_surface.speed
        assumptions.append(f"velocity scale sqrt(g h) = {fmt(speed)} m/s (the water column falling)")
    if speed is None and heat is not None and heat.speed > 0:
        speed = heat.speed
        assumptions.append(f"velocity scale sqrt(g beta dT L) = {fmt(speed)} m/s (free convection)")
    if speed is None and _wall_speed(stated, spec) > 0:
        speed = _wall_speed(stated, spec)
        assumptions.append(f"velocity scale = omega r = {fmt(speed)} m/s (the rotating wall)")
    driven = pressure_driven(stated) if any(r == "inlet" for r in roles.values()) and not far else None
    if speed is None and driven is not None and driven.value > 0:
        rho = next((q.value for q in stated if q.role == "density"), None) or \
            fluid_table()[find_fluid(ctx.text) or "air"].rho
        speed = bernoulli_speed(driven.value, rho)
        assumptions.append(f"velocity scale sqrt(2 dp / rho) = {fmt(speed)} m/s (dp {fmt(driven.value)} Pa, rho "
                           f"{fmt(rho)} kg/m3: the Bernoulli bound, for the time step)")
    if speed is None:
        speed = 1.0
        assumptions.append("velocity = 1 m/s (default); state one to change it")
    direction = list(build.flow_direction)
    inlets = [n for n, r in roles.items() if r == "inlet"]
    inflow = turbulence_inflow(ctx.text, stated, model, speed, build.reference_length, nu, bool(far), inlets)
    values = {"U": vec([speed * d for d in direction]), "T": "300", **inflow.values}
    named_turbulence = inflow.taken
    bindings += inflow.bindings
    assumptions += inflow.assumptions
    if heat is not None:
        values["T"] = f"{heat.t_ref:.6g}"
        bindings += heat.bindings
        inflow_t = next((pl.quantity.value for pl in placed if pl.kind == "inlet"), None)
        if inflow_t is not None and not any(q.role in ("inlet_temperature", "initial_temperature",
                                                       "reference_temperature") for q in stated):
            values["T"] = f"{inflow_t:.6g}"  # the fluid comes in at it and starts at it
    if "movingWall" in roles.values():
        values["U"] = vec([speed, 0.0, 0.0])
    fields = ["U", "p", "p_rgh", "T", "alphat"] if "Boussinesq" in solver else ["U", "p", "T"] if passive else \
        physics.FIELDS[fam] if fam else ["U", "p"]
    for field in fields:
        internal = "uniform (0 0 0)" if field == "U" else f"uniform {values['T']}" if field == "T" else \
            f"uniform {internal_value(field, solver, values)}" if fam else "uniform 0"
        caseops.write_field(scratch, field, solver, model, internal, roles, values, f"shape library: {spec.shape}")
    if model != "laminar" or solver not in ("icoFoam",):
        caseops.set_turbulence_model(scratch, model, solver, values, roles, f"shape library: {model}")
    caseops.ensure_numerics(scratch, solver, [*model_spec(model).solved, *(["T"] if passive else [])])
    if spec.shape == "polygon_domain" and (skewed := correct_non_orthogonal(scratch, polydomain_shear(spec.dims))):
        assumptions.append(skewed)  # slanted walls: sheared cells need corrected gradients
    if passive:
        pr = setup.fluid_prandtl(ctx.text, stated)
        setup.set_passive_temperature(scratch, is_steady(solver), pr, nu / pr if solver == "icoFoam" else None)
        assumptions.append(f"T carried by the flow (scalarTransport function object in controlDict): diffusivity "
                           f"nu/Pr + nut/Prt with Pr {fmt(pr)}; no buoyancy force")
    if scalar is not None:
        diffusivity, how = scalar.diffusivity_for(nu)
        flow_nu = None if solver == "icoFoam" else nu  # icoFoam has no turbulence model to read nu from
        write_scalar(scratch, solver, model, roles, scalar, diffusivity, flow_nu)
        held = diffusivity_entry(flow_nu)
        assumptions.append(f"passive scalar {SCALAR_FIELD} carried by the flow (scalarTransport function object "
                           f"{SCALAR_OBJECT}): {how}; {fmt(scalar.inlet_value)} at the inflow"
                           f"{'' if scalar.said_value else ' (default; state a concentration to change it)'}, 0 inside")
        bindings += [Binding(stated=q.text, file="system/controlDict", entry=["functions", SCALAR_OBJECT, held],
                             value=fd.get((scratch / "system/controlDict").read_text(),
                                          ["functions", SCALAR_OBJECT, held]) or "", how=how) for q in scalar.taken]
    if "Boussinesq" in solver and setup.boussinesq_open_boundaries(scratch):
        assumptions.append("p_rgh at the open boundaries: prghPressure with rho rhok (the Boussinesq density)")
    placed_texts: set[str] = set()
    if driven is not None:
        opened = open_inlets(scratch, [n for n, r in roles.items() if r == "inlet"])
        assumptions.append(f"pressure-driven: {', '.join(opened)} at the stated pressure (fixedValue p, "
                           "pressureInletOutletVelocity U), the flow rate follows from it")
    fluctuating = les_inflow(scratch, model, stated, [n for n in inlets if n not in far], values["U"])
    if fluctuating is not None:
        placed_texts.add(fluctuating.stated)
        bindings.append(fluctuating)
        assumptions.append(f"LES inflow: turbulentInlet on {fluctuating.entry[1]} with fluctuationScale "
                           f"{fluctuating.value} (the stated intensity) about the mean inflow")
    for name, motion in moved:
        value = vec(list(motion.vector()))
        if setup.set_patch_value(scratch, "U", name, value) and motion.said:
            placed_texts.add(motion.said)
            bindings.append(Binding(stated=motion.said, file="0/U", entry=["boundaryField", name, "value"],
                                    value=f"uniform {value}", how=f"the {motion.side} wall's velocity ({motion.how})"))
    inflows = place_inflows(ctx.text, stated, [n for n, r in roles.items() if r == "inlet"]) if fed else []
    if driven is None and build.generator == "blockMesh":  # each inlet into the domain (parametric_roles.aim_inlets)
        aim_inlets(scratch, [n for n in inlets if n not in far], speed)
    for flow in inflows:
        inward = inward_normal((scratch / "system/blockMeshDict").read_text(), flow.patch)
        value = vec([flow.quantity.value * c for c in inward])
        if setup.set_patch_value(scratch, "U", flow.patch, value):
            placed_texts.add(flow.quantity.text)
            bindings.append(Binding(stated=flow.quantity.text, file="0/U", entry=["boundaryField", flow.patch, "value"],
                                    value=f"uniform {value}", how=f"the inflow through {flow.patch}, along its "
                                                                  "inward normal"))
    if mirrored:
        assumptions.append(f"{', '.join(mirrored)}: symmetryPlane (the request makes "
                           f"{'them symmetry planes or slip walls' if len(mirrored) > 1 else 'it a symmetry plane or a slip wall'})")
    if fed:
        assumptions.append(f"{', '.join(fed)}: inlet{'s' if len(fed) > 1 else ''} (the request feeds flow through "
                           f"{'them' if len(fed) > 1 else 'it'}), the other openings outlets")
    for pl in placed:
        value = f"{pl.quantity.value:.6g}"
        held = [n for n in pl.patches if setup.set_patch_value(scratch, "T", n, value)]
        if held:
            placed_texts.add(pl.quantity.text)
            bindings.append(Binding(stated=pl.quantity.text, file="0/T", entry=["boundaryField", held[0], "value"],
                                    value=f"uniform {value}", how=f"the temperature of {', '.join(held)} (the part "
                                                                  "its words name)"))
    body_q = setup.body_temperature(ctx.text, stated, [n for n, r in roles.items() if r == "heatedWall"]) \
        if heat is not None and not heat.walls and not placed_texts else None
    if body_q is not None:
        for name in (n for n, r in roles.items() if r == "heatedWall"):
            setup.set_patch_value(scratch, "T", name, f"{body_q.value:.6g}")
            bindings.append(Binding(stated=body_q.text, file="0/T", entry=["boundaryField", name, "value"],
                                    value=f"uniform {body_q.value:.6g}", how="the body's wall temperature"))
    if heat is not None:
        for name, temperature in heat.walls.items():
            setup.set_patch_value(scratch, "T", name, f"{temperature:.6g}")
        for name, gradient in heat.gradients.items():
            setup.set_patch_gradient(scratch, "T", name, gradient)
    if far:
        free = {f: v for f in ("U", "k", "epsilon", "omega", "nuTilda", "T")
                if (v := setup.inlet_value(scratch, f, next(n for n in far if roles[n] == "inlet"))) is not None}
        if fam in ("compressible", "buoyant"):
            free["p"] = internal_value("p", solver, values)
        setup.set_free_stream(scratch, far, free)
        assumptions.append(f"far field {', '.join(far)}: freestreamVelocity / freestreamPressure, "
                           "the other transported fields freestream (the body is the only wall); the flow starts at "
                           "the free stream")
    if spec.shape == "annulus":
        # "the outer wall moves at 10 cm/s": that wall turns at omega = v / r
        stated[:] = wall_turns(ctx.text, stated, spec.dims.inner_radius, spec.dims.outer_radius, assumptions)
        bindings += _rotating_wall(scratch, plain_walls(ctx.text), stated, assumptions, spec.dims.eccentricity)
    reynolds = speed * build.reference_length / nu
    warnings = []
    if passive and heat is not None:
        temperatures = [*heat.walls.values(), *(q.value for q in stated if q.role.endswith("temperature"))]
        note = _buoyancy_left_out(ctx.text, temperatures, heat.t_ref, build.reference_length, speed,
                                  setup.reconstruct_safe(scratch, build))
        (warnings if note.startswith("mixed") else assumptions).append(note)
    scale = max(speed, _wall_speed(stated, spec))
    dt_q = next((q for q in stated if q.role == "delta_t"), None)
    step = setup.set_time_step(scratch, solver, scale, dt_q.value if dt_q else None,
                               any(q.role == "max_co" for q in stated))
    assumptions += step.assumptions
    warnings += step.warnings
    end_q = next((q for q in stated if q.role == "end_time"), None)
    if step.delta_t is not None and end_q is not None and not any(q.role == "write_interval" for q in stated):
        setup.fit_write_interval(scratch, end_q.value)
    if model == "laminar" and reynolds > 2300 and ctx.model is None and ctx.solver is None and \
            "laminar" not in ctx.text.lower() and not solver.startswith("buoyant") and fam != "free_surface":
        raise _Turbulent(reynolds)  # a buoyant flow has no imposed speed: its Rayleigh number decides (not Re)
    if model == "laminar" and reynolds > 2300 and fam != "free_surface":  # a VOF column: its tutorials are laminar
        warnings.append(f"Re = {reynolds:.3g} (U {fmt(speed)} m/s, L {fmt(build.reference_length)} m, nu {fmt(nu)}) "
                        "with a laminar model: the real flow would be turbulent")
    geometry = geometry_record(spec, build)
    meta = scratch / ".casewright"
    meta.mkdir(exist_ok=True)
    (meta / "geometry.json").write_text(json.dumps(geometry, indent=2) + "\n")
    types = {k: v for s in build.steps if isinstance(s, SetPatchTypes) for k, v in s.types.items()}
    if types:
        (meta / "patch_types.json").write_text(json.dumps(types, indent=2) + "\n")
    if spec.mesh.cell_size:
        geometry["cell_size"] = spec.mesh.cell_size
    if spec.mesh.cells:
        geometry["cells_per_direction"] = " x ".join(str(n) for n in spec.mesh.cells)
    if spec.mesh.body_cells:
        geometry["body_cells"] = spec.mesh.body_cells
    for q in stated:
        if q.role in ("mesh_cells", "mesh_cells_axis") and spec.mesh.body_cells == q.value:
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["body_cells"],
                                    value=str(spec.mesh.body_cells), how="cells round each body: the size at the bodies"))
            continue
        if q.role == "first_layer" and abs((getattr(spec.dims, "first_cell", None) or 0.0) - q.value) <= 1e-9 * q.value:
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["dimensions", "first_cell"],
                                    value=fmt(q.value), how="the O-grid's radial cells grow from it"))
            continue  # an O-grid graded from the first cell at the cylinder (tasks/geometry/shape_ogrid.py)
        section = part_count_key(q.dims or [], q.value, spec.dims.model_dump()) \
            if q.role in ("mesh_cells", "mesh_cells_axis") else part_size_key(q.value, spec.dims.model_dump()) \
            if q.role in ("geometry", "cell_size") and spec.mesh.cell_size != q.value else None
        if section is not None:  # "150 cells along the small pipe": that section's count
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["dimensions", section],
                                    value=str(spec.dims.model_dump()[section]), how="the shape library meshed that section so"))
            continue
        if q.role in ("mesh_cells", "mesh_cells_axis") and (met := total_met(ctx.text, q.value, build.n_cells, spec, total_limit(ctx.text))) is not None:
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["cells"],
                                    value=str(build.n_cells), how=met))  # "about 20 000 cells" (tasks/geometry/sized_total)
            continue
        if q.role in ("mesh_cells", "mesh_cells_axis") and spec.mesh.cells and (
                list(q.dims or []) == list(spec.mesh.cells) or q.value in spec.mesh.cells
                or q.value in (slashed_along(ctx.text) or [])):  # "20, 40 and 60 cells along the parts": x's total
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["cells_per_direction"],
                                    value=geometry["cells_per_direction"], how="the shape library meshed it so"))
            continue
        sized = sizes_in_product(q.dims or [], spec.dims.model_dump()) if q.role in ("mesh_cells", "mesh_cells_axis") and \
            written_with_a_length_unit(ctx.text, q.text) else None
        if sized:  # "W x H x L: 40 x 30 x 500 mm": the shape's sizes, not cell counts
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["dimensions", sized[0]],
                                    value=fmt(spec.dims.model_dump()[sized[0]]), how=f"shape dimensions ({', '.join(sized)})"))
            continue
        ratio = shape_ratio(q, spec.dims.model_dump()) if q.role == "fill_fraction" else None
        if ratio is None and q.role == "fill_fraction" and (part := recorded_fraction(q.value, geometry)):
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=part[0], value=fmt(part[1]),
                                    how=part[2]))  # "an opening half the channel height"
            continue
        if ratio is not None:
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["dimensions", ratio[0]],
                                    value=fmt(spec.dims.model_dump()[ratio[0]]),
                                    how=f"{ratio[0]} = {fmt(q.value)} x {ratio[1]}"))
            continue
        if q.role in ("geometry", "cell_size") and spec.mesh.cell_size and \
                abs(q.value - spec.mesh.cell_size) <= 1e-9 * max(1.0, q.value):
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["cell_size"],
                                    value=fmt(q.value), how="mesh cell size"))
            continue
        if q.role in ("geometry", "cell_size") and spec.mesh.cell_sizes and \
                (k := next((i for i, h in enumerate(spec.mesh.cell_sizes) if abs(q.value - h) <= 1e-9 * max(1.0, h)), None)) is not None:
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["cell_sizes", "xyz"[k]],
                                    value=fmt(q.value), how=f"mesh cell size along {'xyz'[k]}"))
            continue
        if q.role == "angle" and spec.shape == "naca_airfoil" and \
                abs(q.value - float(geometry["dimensions"].get("angle_of_attack") or 0.0)) < 1e-9:
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json",
                                    entry=["dimensions", "angle_of_attack"], value=fmt(q.value),
                                    how="the airfoil is rotated in the mesh; the free stream stays along +x"))
            continue
        turned = turned_obstacle(q.value, geometry) if "angle" in q.role else None
        if turned is not None:  # an ellipse at an angle of attack: the body is turned, the inflow is not
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=turned,
                                    value=fmt(geometry["obstacles"][int(turned[1])]["angle"]),
                                    how="the body is turned in the mesh (negative: clockwise); the free stream stays along +x"))
            continue
        tapered = next((k for k, v in (geometry.get("angles") or {}).items() if abs(v - q.value) <= 1e-4 * max(1.0, q.value)),
                       None) if q.role in ("angle", "wall_angle") else None
        if tapered is not None:  # "converging angle 21 degrees": the taper length was set from it
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["angles", tapered],
                                    value=fmt(geometry["angles"][tapered]), how="the venturi's wall angle, its taper length set from it"))
            continue
        wedge = geometry["dimensions"].get("wedge_angle") if geometry["dimensions"].get("axisymmetric", True) else None
        if q.role in ("angle", "wall_angle") and wedge is not None and abs(q.value - float(wedge)) < 1e-9 and \
                re.search(rf"{re.escape(q.text)}[^.;,]{{0,20}}wedge|wedge[^.;,]{{0,30}}{re.escape(q.text)}", ctx.text, re.I):
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["dimensions", "wedge_angle"],
                                    value=fmt(q.value), how="the axisymmetric wedge's angle"))
            continue
        if q.role in ("angle", "wall_angle") and spec.shape == "bend" and \
                abs(q.value - float(geometry["dimensions"]["angle"])) < 1e-9:
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["dimensions", "angle"],
                                    value=fmt(q.value), how="the bend turns by this angle in the mesh"))
            continue
        side = said_radius_of(ctx.text, q.text, geometry.get("radii") or {}, q.value) if q.role == "geometry" else None
        if side is not None:  # "radius 2 cm": half the diameter the mesh was built with
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["radii", side],
                                    value=fmt(q.value), how=f"the {side} radius (half its diameter)"))
            continue
        if q.role == "geometry":
            if "diameter" in geometry["dimensions"]:
                geometry["radius"] = geometry["dimensions"]["diameter"] / 2
                if abs(geometry["radius"] - q.value) <= 1e-9 * max(1.0, q.value):
                    bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["radius"],
                                            value=fmt(q.value), how="shape dimension (half the diameter)"))
                    continue
            keys = [k for k, v in spec.dims.model_dump().items() if isinstance(v, (int, float)) and
                    abs(v - q.value) <= 1e-9 * max(1.0, abs(q.value))]
            nth = sum(p.text == q.text for p in stated[:next(i for i, p in enumerate(stated) if p is q)])
            key = said_dimension(ctx.text, q.text, nth, keys)  # "branch centre 30 cm ..., branch 30 cm long"
            if key is not None:
                bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["dimensions", key],
                                        value=fmt(q.value), how="shape dimension"))
    own = {q.text for b in bindings for q in stated if b.stated == q.text and
           q.role in ("angle", "rayleigh", "mesh_cells", "mesh_cells_axis", "fill_fraction")}
    # a heated cavity's wall temperatures were set on its hot and cold walls by set_boussinesq
    skip = ("reynolds", "cell_size", "rayleigh", "wall_temperature") if heat is not None and heat.walls else \
        ("reynolds", "cell_size")
    own |= set(heat.used) if heat is not None else set()
    if free_surface is not None:  # the shape's own sizes are no setFields region (the binder would move it)
        own |= {b.stated for b in [*free_surface.bindings, *bindings] if b.file in (".casewright/geometry.json",
                                                                                  "system/setFieldsDict")}
    own |= {q.text for q in named_turbulence} | ({body_q.text} if body_q is not None else set()) | placed_texts
    binder = bind_all(scratch, solver, ctx.text, [q for q in stated if q.role not in skip and q.text not in own])
    turbulent_fields = {n.field for n in setup.stated_turbulence(ctx.text, inlets)} if model != "laminar" else set()
    binder.edits = [e for e in binder.edits if not relaxes_a_turbulence_value(e.file, e.entry, turbulent_fields)
                    and not in_own_function(e.file, e.entry)]
    binder.bindings = [b for b in binder.bindings if not relaxes_a_turbulence_value(b.file, b.entry, turbulent_fields)
                       and not in_own_function(b.file, b.entry)]
    for q in stated:
        if q.role == "reynolds" and re_q is not None:
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["reynolds"],
                                    value=fmt(reynolds), how="U L / nu"))
    geometry["reynolds"] = float(fmt(reynolds))
    (meta / "geometry.json").write_text(json.dumps(geometry, indent=2) + "\n")
    if stub.is_file() and build.generator != "blockMesh":
        shutil.rmtree(stub.parent)
    steps = [" ".join([s.command, *s.args]) for s in build.steps if isinstance(s, MeshCommand)] + \
        (["setFields"] if free_surface is not None else []) + [solver]
    steady = is_steady(solver)
    text = control.read_text()
    time = TimeControl(end_time=float(fd.get(text, ["endTime"]) or 1), delta_t=float(fd.get(text, ["deltaT"]) or 1),
                       write_interval=float(fd.get(text, ["writeInterval"]) or 1))
    assumptions = notes_of_written_case(assumptions, set(build.assumptions), built_roles, roles, frozenset(far))
    return CaseManifest(
        request=ctx.text, recipe=f"geometry:{spec.shape}", base_tutorial=str(scratch), base_kind="parametric",
        solver=solver, algorithm="SIMPLE" if steady else ("PISO" if solver in ("icoFoam", "pisoFoam") else "PIMPLE"),
        steady=steady, turbulence=Turbulence(simulation_type=model_spec(model).simulation_type, model=model),
        mesh="blockMesh" if build.generator == "blockMesh" else "imported",
        patches=[Patch(name=n, role=r) for n, r in roles.items()], time=time, edits=binder.edits,
        bindings=bindings + binder.bindings, not_applied=binder.not_applied + (heat.refused if heat else []),
        assumptions=assumptions + binder.assumptions, warnings=warnings, steps=steps,
        values={"geometry": geometry},
    )


@dataclass
class TurbulenceInflow:
    values: dict[str, str]  # the turbulence fields' inlet (and initial) values
    bindings: list[Binding] = dataclass_field(default_factory=list)
    taken: list[StatedQuantity] = dataclass_field(default_factory=list)  # stated here, not to be bound again
    assumptions: list[str] = dataclass_field(default_factory=list)


def turbulence_inflow(text: str, stated: list[StatedQuantity], model: str, speed: float, length: float, nu: float,
                      external: bool, inlets: list[str]) -> TurbulenceInflow:
    """The inflow turbulence of a generated case: one consistent set of k, epsilon, omega and
    nuTilda from the flow (internal: 5 % intensity, mixing length 0.07 L; external: the free stream)
    or the intensity and length scale stated, and the values the request gives a field by name
    ("k 0.375 m2/s2") at the inlet and in the initial field."""
    intensity_q = next((q for q in stated if q.role == "turbulence_intensity" and 0 < q.value < 1), None)
    scale_q = setup.stated_length_scale(text, stated) if model != "laminar" else None
    out = TurbulenceInflow(setup.default_turbulence(speed, length, nu, external,
                                                    intensity=intensity_q.value if intensity_q else None,
                                                    length_scale=scale_q.value if scale_q else None))
    if model == "laminar" or not inlets:
        return out
    solved = model_spec(model).solved
    if scale_q is not None:
        out.taken.append(scale_q)
        scaled = next((f for f in ("omega", "epsilon", "nuTilda") if f in solved), None)
        if scaled is not None:
            out.bindings.append(Binding(stated=scale_q.text, file=f"0/{scaled}",
                                        entry=["boundaryField", inlets[0], "value"],
                                        value=f"uniform {out.values[scaled]}",
                                        how=f"inlet {scaled} from the turbulent length scale {fmt(scale_q.value)} m"))
    for named in setup.stated_turbulence(text, inlets):
        out.values[named.field] = fmt(named.value)
        q = setup.match_stated(named, stated)
        if q is not None:
            out.taken.append(q)
            out.bindings.append(Binding(stated=q.text, file=f"0/{named.field}", entry=["boundaryField", inlets[0], "value"],
                                        value=f"uniform {fmt(named.value)}",
                                        how=f"{named.field} at the inlet{'s' if len(inlets) > 1 else ''} and in the "
                                            "initial field"))
    source = ("the values stated" if out.taken else "free stream: 0.5 % intensity, nut/nu 5" if external else
              "5 % intensity, mixing length 0.07 x the reference length")
    shown = ", ".join(f"{f} {out.values[f]}" for f in solved if f in setup.TURBULENCE_INLET_FIELDS)
    if shown:
        out.assumptions.append(f"inlet turbulence: {shown} ({source})")
    return out


def relaxes_a_turbulence_value(file: str, entry: list[str], fields: set[str]) -> bool:
    """An edit of a relaxation factor named like a turbulence field the request gave a value
    ("k 0.135 m2/s2" is the inlet's k, not relaxationFactors/equations/k)."""
    return file == "system/fvSolution" and len(entry) >= 2 and entry[0] == "relaxationFactors" and \
        entry[-1] in fields


# The function objects a generated case adds (a passive temperature, a passive scalar): set from the
# request's physics, never the home of another stated value ("cylinder D 0.05 m" is not their D).
OWN_FUNCTIONS = frozenset({"temperature", SCALAR_OBJECT})


def in_own_function(file: str, entry: list[str]) -> bool:
    """An edit inside one of the function objects the shape case added (OWN_FUNCTIONS)."""
    return file == "system/controlDict" and len(entry) >= 2 and entry[0] == "functions" and entry[1] in OWN_FUNCTIONS


def shape_ratio(q: StatedQuantity, dims: dict) -> tuple[str, str] | None:
    """(smaller, larger): the two lengths of the shape whose ratio a stated fraction is ("a depth one
    third of its length"), or None."""
    lengths = {k: float(v) for k, v in dims.items() if isinstance(v, (int, float)) and not isinstance(v, bool) and v}
    for small, a in lengths.items():
        for large, b in lengths.items():
            if small != large and a < b and abs(a / b - q.value) <= 1e-6 * q.value:
                return small, large
    return None


def far_field(patches: list[PatchInfo]) -> list[str]:
    """The open far-field patches of an external flow: when the domain has open (type patch) top or
    bottom boundaries, those and the inlet and outlet; else none (a channel's walls or symmetry
    planes bound it)."""
    sides = [p.name for p in patches if p.type == "patch" and p.role in ("top", "bottom")]
    if not sides:
        return []
    return [p.name for p in patches if p.role in ("inlet", "outlet")] + sides


def _wall_speed(stated: list[StatedQuantity], spec: GeometrySpec) -> float:
    """The speed of a rotating wall (omega r at the outer of the annulus radii), 0 without one."""
    omega = next((abs(q.value) for q in stated if q.role == "angular_velocity"), 0.0)
    radius = max(float(spec.dims.model_dump().get(k) or 0.0) for k in ("outer_radius", "inner_radius", "radius")) \
        if spec.shape == "annulus" else 0.0
    return omega * radius


_BODY_WORDS = r"rib|fence|baffle|block|obstacle|body|plate|fin|post|bar|bump|cube|prism|square|ridge"


def reynolds_length(text: str, spec: GeometrySpec, default: float) -> tuple[float, str]:
    """The length a stated Reynolds number is based on ("Re 100 on the channel height", "based on
    the 10 cm block side"), from the shape's dimensions; else the shape's reference length."""
    m = re.search(r"(?:\bre\b|reynolds\s+number)[^;.]*?\b(?:based\s+)?on\s+(?:the\s+|its\s+)?([^;,.)]{0,40})",
                  text, re.I)
    words = m.group(1).lower() if m else ""
    said = re.search(rf"{NUM}\s*{UNIT}(?![/\w])", words, re.I)  # "based on the lid speed and the 10 cm side"
    if said and (length := parse_length(said.group(0))):
        return length, f"the {words.strip()}, {fmt(length)} m"
    d = spec.dims.model_dump()
    hi_ho = resolved_heights(spec) if spec.shape in ("sudden_expansion", "sudden_contraction", "nozzle",
                                                        "diffuser") else None
    sections = [x.get("diameter") for x in d.get("sections") or [] if isinstance(x, dict) and x.get("diameter")]
    table = [  # a pipe of sections (an orifice, a stepped pipe): its diameter is the inlet's, its throat the least
        (r"orifice|throat|hole|neck|constriction", min(sections) if sections else None),
        (r"diameter|bore|\bd\b", d.get("diameter") or (sections[0] if sections else None) or
         (spec.obstacles[0].diameter if spec.obstacles else None)),
        (r"chord", d.get("chord")),
        # "Re 50 on the rib height", "based on the fence's thickness": the body's own size, not the channel's
        (rf"(?:{_BODY_WORDS})\S*\s+(?:\w+\s+)?height|height\s+of\s+the\s+(?:{_BODY_WORDS})",
         getattr(spec.obstacles[0], "height", None) if spec.obstacles else None),
        (rf"(?:{_BODY_WORDS})\S*\s+(?:\w+\s+)?(?:width|thickness)|(?:width|thickness)\s+of\s+the\s+(?:{_BODY_WORDS})",
         getattr(spec.obstacles[0], "width", None) if spec.obstacles else None),
        (r"side|block|square|obstacle", spec.obstacles[0].width if spec.obstacles else d.get("width")),
        (r"(?:inlet|upstream|narrow)[\w ]*height", hi_ho[0] if hi_ho else None),
        (r"(?:outlet|downstream|wide)[\w ]*height", hi_ho[1] if hi_ho else None),
        (r"step", d.get("step_height")),
        (r"gap", (d["outer_radius"] - d["inner_radius"]) if "outer_radius" in d else None),
        (r"height|depth", d.get("height")),
        # "the channel width" is its size across (a tee's width, a 2D channel's height), a cavity's its width
        (r"width", d.get("width") or d.get("height")),
        (r"length", d.get("width") if "cavity" in spec.shape else d.get("length")),
    ]
    for pattern, value in table:
        if words and re.search(pattern, words) and value:
            return float(value), f"the {words.strip()}, {fmt(float(value))} m"
    return default, f"the {spec.shape.replace('_', ' ')} reference length, {fmt(default)} m"


def _write_nu(tp: Path, nu: float) -> None:
    if not tp.is_file():
        return
    text = tp.read_text()
    old = fd.get(text, ["nu"]) or ""
    new = f"{old.rsplit(']', 1)[0]}] {fmt(nu)}" if "]" in old else fmt(nu)
    tp.write_text(fd.set_entry(text, ["nu"], new))


def _rotating_wall(scratch: Path, text: str, stated: list[StatedQuantity], assumptions: list[str],
                   eccentricity: float = 0.0) -> list[Binding]:
    """A stated angular speed turns the inner cylinder of an annulus (the outer one when the words
    say so): rotatingWallVelocity about its own axis (the inner one's at x = `eccentricity`)."""
    spins = [q for q in stated if q.role == "angular_velocity"]
    if not spins:
        return []
    wall = spinning_wall(text)
    omega = spins[0].value
    u = scratch / "0/U"
    x0 = fmt(eccentricity) if wall == "innerWall" and eccentricity else "0"
    u.write_text(fd.set_entry(u.read_text(), ["boundaryField", wall],
                              f"{{ type rotatingWallVelocity; origin ({x0} 0 0); axis (0 0 1); omega {fmt(omega)}; }}"))
    assumptions.append(f"{wall} rotates at {fmt(omega)} rad/s about the z axis (rotatingWallVelocity); the other wall "
                       "is at rest")
    return [Binding(stated=q.text, file="0/U", entry=["boundaryField", wall, "omega"], value=fmt(omega),
                    how="rotatingWallVelocity") for q in spins]


_SPIN = re.compile(r"\b(?:rotat\w*|turn(?:s|ing)?|spin\w*|revolv\w*|revolutions?|rpm|rev/min|rad/s|driven|moving|moves)\b",
                   re.I)
_SIDE = re.compile(r"\b(inner|outer)\b", re.I)


def spinning_wall(text: str) -> str:
    """The annulus wall a stated rotation turns: the side (inner/outer) written with the first
    rotation words of a sentence, right after them ("a rotating outer cylinder") or the last one
    before them ("the outer cylinder, of radius 4 cm, turns at 30 rpm"); innerWall when none is."""
    for sentence in re.split(r"(?<=[.;])\s+|\n", text):
        for spin in _SPIN.finditer(sentence):
            ahead = re.match(r"\s+(?:\w+\s+)?(inner|outer)\b", sentence[spin.end():], re.I)
            before = list(_SIDE.finditer(sentence[:spin.start()]))
            side = (ahead.group(1) if ahead and spin.group(0).lower().startswith(("rotating", "spinning", "turning",
                                                                                   "moving", "driven")) else
                    before[-1].group(1) if before else ahead.group(1) if ahead else None)
            if side is not None:
                return f"{side.lower()}Wall"
    return "innerWall"


def _viscosity(ctx: Context, stated: list[StatedQuantity], scratch: Path, assumptions: list[str]) -> float:
    nu_q = next((q for q in stated if q.role == "nu"), None)
    if nu_q is not None:
        return nu_q.value
    tp = scratch / "constant/transportProperties"
    fluid = find_fluid(ctx.text)
    if fluid is not None and tp.is_file():
        nu = fluid_table()[fluid].nu
        text = tp.read_text()
        if fd.find(text, ["nu"]) is not None:
            old = fd.get(text, ["nu"]) or ""
            new = f"{old.rsplit(']', 1)[0]}] {fmt(nu)}" if "]" in old else fmt(nu)
            tp.write_text(fd.set_entry(text, ["nu"], new))
        assumptions.append(f"fluid = {fluid} (nu = {fmt(nu)} m2/s)")
        return nu
    text = tp.read_text() if tp.is_file() else ""
    try:
        nu = float((fd.get(text, ["nu"]) or "1e-5").split()[-1])
    except ValueError:
        nu = 1e-5
    assumptions.append(f"kinematic viscosity = {fmt(nu)} m2/s (the template's); name a fluid or state nu to change it")
    return nu


def plan_geometry(text: str, tutorials_dir: Path, spec: GeometrySpec) -> CaseManifest:
    """The manifest of a request whose geometry the shape library builds."""
    from tasks.plan.request import build_context
    from tasks.plan.stated import read_stated

    ctx = build_context(text, tutorials_dir)
    stated = read_stated(ctx.text)
    manifest = plan_parametric(ctx, spec, stated)
    manifest.warnings = list(dict.fromkeys([*manifest.warnings, *ctx.notes]))
    manifest.stated = stated
    return manifest
