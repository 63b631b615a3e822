"""`casewright new --geometry body.stl` and `--mesh FILE`: the request gives the physics, the
user's file the geometry.

An STL gets a snappyHexMesh case around it (tasks/geometry/stl.py); a Gmsh or Fluent .msh or
a polyMesh folder is imported with its patches given roles (tasks/geometry/imported.py). Like
the shape library's cases (tasks/edit/parametric.py) the case is assembled in a scratch folder
first: the numerics of the solver's simplest tutorial, the mesh files and steps, a field file
per solved field from the canonical BC selector by patch role, the turbulence model asked for,
the stated values bound; the InputWriter then copies it into place.
"""

from __future__ import annotations

import json
import logging
import math
import shutil
import uuid
from pathlib import Path


from tasks.core.errors import RequestError
from tasks.core.paths import data_dir
from tasks.edit import caseops
from tasks.edit import parametric_physics as physics
from tasks.edit import parametric_setup as setup
from tasks.edit.parametric_template import drop_template_functions
from tasks.edit.parametric import TEMPLATES, _viscosity, copy_template, passive_heat_solver, refuse_buoyancy_off_grid
from tasks.foam import dictionary as fd
from tasks.foam.physics import find_fluid, fluid_table, fmt, internal_value, is_steady, model_spec
from tasks.geometry.imported import (
    assign_roles,
    inspect_mesh,
    inward_direction,
    parse_role_option,
    stage_mesh,
)
from tasks.geometry.models import MeshBuild, MeshCommand, PatchInfo, SetPatchTypes
from tasks.geometry.stl import SnappySpec, build_snappy, read_stl, stl_bounds
from tasks.plan.bind import bind_all, vec
from tasks.plan.manifest import (
    CaseManifest,
    CaseRequest,
    Patch,
    TimeControl,
    Turbulence,
)
from tasks.plan.request import Context, build_context
from tasks.plan.select import request_features
from tasks.plan.stated import StatedQuantity, read_stated

log = logging.getLogger(__name__)

# Geometry role -> the BC selector's role (canonical/physics.yaml bc_selector).
BC_ROLE = {"inlet": "inlet", "outlet": "outlet", "moving_wall": "movingWall", "hot_wall": "heatedWall",
           "empty": "empty", "symmetry": "symmetry", "wedge": "wedge"}
# STL meshing by the resolution word of the request: background cells across the body and the
# target cell size at it (body lengths), wall layers when the flow is turbulent.
RESOLUTION = {"coarse": (2, 1 / 5, 2), "medium": (4, 1 / 20, 3), "fine": (8, 1 / 40, 5)}
TURBULENT_RE = 2300.0


def user_mesh_request(base: CaseRequest, geometry: Path | None, mesh: Path | None,
                      patch_role: list[str]) -> CaseRequest:
    """Check the user's file and roles before anything runs (RequestError, exit 2, on any problem)."""
    if geometry is not None and mesh is not None:
        raise RequestError("give --geometry (an STL to mesh) or --mesh (a mesh to import), not both")
    if base.example_dir is not None:
        raise RequestError("--example and --geometry/--mesh both give the geometry; keep one")
    roles = dict(parse_role_option(v) for v in patch_role)
    if geometry is not None:
        if roles:
            raise RequestError("--patch-role is for --mesh; an STL case names its patches itself "
                               "(inlet, outlet, sides, and the body's wall)")
        read_stl(geometry)
    elif mesh is not None:
        assign_roles(inspect_mesh(mesh), roles)
    return base.model_copy(update={"geometry": geometry, "mesh": mesh, "patch_roles": roles})


def choose_physics(ctx: Context, reynolds: float | None) -> tuple[str, str, str | None]:
    """(solver, turbulence model, why) from the request; a turbulent Re with no model asked for
    gets kOmegaSST; heat with no solver named, a Boussinesq solver (as for a generated shape)."""
    features = request_features(ctx.text, ctx.solver, ctx.model)
    model = ctx.model or ("kOmegaSST" if features.simulation_type == "RAS" else
                          "Smagorinsky" if features.simulation_type == "LES" else "laminar")
    why = None
    if ctx.model is None and model == "laminar" and reynolds is not None and reynolds > TURBULENT_RE \
            and "laminar" not in ctx.text.lower() and ctx.solver in (None, "simpleFoam", "pimpleFoam", "pisoFoam"):
        model, why = "kOmegaSST", f"turbulence model kOmegaSST: Re = {reynolds:.3g} is turbulent and no model was asked for"
    if ctx.solver:
        return ctx.solver, model, why
    if features.flags.get("multiphase"):  # the physics families of the shape library (parametric_physics)
        return "interFoam", model, why
    if features.flags.get("compressible"):
        return ("rhoSimpleFoam" if features.steady else "rhoPimpleFoam"), model, why
    if features.flags.get("buoyancy") or features.flags.get("energy"):  # heat: the Boussinesq solvers, as for a
        return ("buoyantBoussinesqSimpleFoam" if features.steady else  # generated shape (the mesh check after
                "buoyantBoussinesqPimpleFoam"), model, why                # the build may carry T passively instead)
    turbulent = model != "laminar"
    if turbulent:
        return ("pimpleFoam" if features.steady is False or model_spec(model).simulation_type == "LES"
                else "simpleFoam"), model, why
    return ("simpleFoam" if features.steady else "icoFoam"), model, why


class _BuoyantOffGrid(Exception):
    """The user's mesh is not made of axis-aligned boxes and the buoyant solvers cannot run on it here."""


def buoyant_mesh_safe(scratch: Path, build: MeshBuild | None) -> bool:
    """Whether the buoyant solvers run correctly on the user's mesh: the shape library's test
    (parametric_setup.reconstruct_safe) on a snappyHexMesh build; an imported mesh (build None:
    Gmsh, Fluent, a polyMesh folder) has no blockMeshDict of axis-aligned boxes to show it is safe."""
    return build is not None and setup.reconstruct_safe(scratch, build)


def plan_user_mesh(request: CaseRequest, tutorials_dir: Path) -> CaseManifest:
    """The manifest of a case on the user's STL or mesh (built in a scratch folder). A buoyant
    solver chosen for a mesh it cannot run on is replaced by pimpleFoam/simpleFoam carrying T as a
    passive scalar (forced convection), or the request is refused when it asks for buoyancy."""
    ctx = build_context(request.text, tutorials_dir)
    stated = read_stated(ctx.text)
    passive: str | None = None  # the note saying why T is a passive scalar, once the buoyant solver is out
    for _ in range(2):
        scratch = data_dir() / "scratch" / uuid.uuid4().hex[:12]
        scratch.mkdir(parents=True)
        try:
            manifest = _plan_in(scratch, ctx, stated, request, passive)
        except _BuoyantOffGrid as off:
            shutil.rmtree(scratch, ignore_errors=True)
            passive = str(off)
            continue
        except BaseException:
            shutil.rmtree(scratch, ignore_errors=True)
            raise
        break
    else:  # pragma: no cover - the second pass never raises _BuoyantOffGrid
        raise RequestError("could not plan the case on your mesh")
    manifest.warnings = list(dict.fromkeys([*manifest.warnings, *ctx.notes]))
    manifest.stated = stated
    log.info("planned %s on %s with %s (%s)", manifest.recipe, request.geometry or request.mesh, manifest.solver,
             manifest.turbulence.model)
    return manifest


def _speed(stated: list[StatedQuantity]) -> float | None:
    return next((q.value for q in stated if q.role in ("inlet_velocity", "velocity", "free_stream_velocity")), None)


def _nu_estimate(ctx: Context, stated: list[StatedQuantity]) -> float:
    nu = next((q.value for q in stated if q.role == "nu"), None)
    fluid = find_fluid(ctx.text)
    return nu or (fluid_table()[fluid].nu if fluid else 1.5e-5)


def _plan_in(scratch: Path, ctx: Context, stated: list[StatedQuantity], request: CaseRequest,
             passive: str | None = None) -> CaseManifest:
    speed = _speed(stated)
    length, triangles = None, []
    if request.geometry is not None:
        triangles = read_stl(request.geometry)
        lo, hi = stl_bounds(triangles)
        length = max(h - l for h, l in zip(hi, lo))
    reynolds = speed * length / _nu_estimate(ctx, stated) if speed and length else None
    solver, model, why = choose_physics(ctx, reynolds)
    if passive is not None:
        old, solver = solver, passive_heat_solver(request_features(ctx.text, ctx.solver, ctx.model).steady)
        if model_spec(model).simulation_type == "LES" and solver == "simpleFoam":
            solver = "pimpleFoam"
        passive = f"{solver} with the temperature as a passive scalar (scalarTransport), not {old}: {passive}"
    fam = physics.family(solver)
    template = TEMPLATES.get(solver) or family_template(ctx, solver, request.geometry is not None)
    copy_template(ctx.tutorials_dir / template, scratch)
    assumptions: list[str] = [why] if why else []
    nu = _viscosity(ctx, stated, scratch, assumptions) if fam is None else \
        physics.case_viscosity(scratch, fam, stated, assumptions)
    defaulted = speed is None  # said in the notes only when an inlet is left to carry it
    speed = 1.0 if speed is None else speed

    direction: list[float] = [1.0, 0.0, 0.0]
    build: MeshBuild | None = None
    if request.geometry is not None:
        patches, steps, geometry, mesh_notes, build = _stl_mesh(request.geometry, triangles, scratch, ctx, stated,
                                                                speed, nu, model)
        flow = "the flow runs along +x (the STL's own axes)"
    else:
        patches, steps, geometry, mesh_notes, found = _imported_mesh(request, scratch)
        direction = list(found or direction)
        flow = ("the inlet velocity is normal to the inlet, into the mesh" if found else
                "the inlet velocity is along +x (the inlet is not one flat patch whose normal could be read)")
    if solver in setup.RECONSTRUCT_SOLVERS and not buoyant_mesh_safe(scratch, build):
        what = f"your {'snappyHexMesh mesh of ' + request.geometry.name if request.geometry else 'imported mesh'}"
        refuse_buoyancy_off_grid(
            ctx, stated, solver, what,
            "For buoyancy describe a rectangular domain instead of giving a mesh (casewright builds it from boxes); "
            "for forced convection drop the buoyancy words (and any buoyant solver named) and the temperature is "
            "carried by the flow with pimpleFoam/simpleFoam")
        raise _BuoyantOffGrid(f"{what} is not made of axis-aligned boxes, and the installed OpenFOAM v1912 build "
                              "rebuilds the cell velocity of the buoyant solvers wrongly on such meshes (they diverge "
                              "in their first steps); no buoyancy was asked for, so the flow carries the heat "
                              "without it")
    if passive is not None:
        assumptions.insert(0, passive)
    roles = {p.name: BC_ROLE.get(p.role, "wall") for p in patches}
    assumptions += mesh_notes
    assumptions.append(f"numerics, schemes and solver settings from the {solver} tutorial {template}")

    stub = scratch / "constant/polyMesh/boundary"
    stubbed = not stub.is_file()
    if stubbed:  # the field writer reads patch names from the mesh: a stub until the mesh is made
        stub.parent.mkdir(parents=True, exist_ok=True)
        stub.write_text("FoamFile { version 2.0; format ascii; class polyBoundaryMesh; object boundary; }\n"
                        f"{len(patches)}\n(\n" + "".join(f"    {p.name} {{ type {p.type}; nFaces 0; startFace 0; }}\n"
                                                         for p in patches) + ")\n")
    control = scratch / "system/controlDict"
    control.write_text(fd.set_entry(drop_template_functions(control.read_text()), ["application"], solver))
    surface_bindings: list = []  # the stated sizes of a free surface's water region
    if fam == "free_surface":
        if build is None:
            raise RequestError(free_surface_refusal())
        surface = physics.set_free_surface(ctx.text, stated, scratch, build, roles)
        assumptions += surface.assumptions
        surface_bindings = list(surface.bindings)
        steps = [*steps, MeshCommand(command="setFields")]
    if any(r == "inlet" for r in roles.values()):  # a tank's openings are walls: no inflow to describe
        if defaulted:
            assumptions.append("velocity = 1 m/s (default); state one to change it")
        assumptions.append(f"{flow}: U = {vec([speed * d for d in direction])} m/s at the inlet")
    elif fam == "free_surface":
        speed = surface.speed  # the water's own velocity scale sqrt(g h), for the turbulence values
    values = {"U": vec([speed * d for d in direction]), "T": "300", "k": "0.01", "epsilon": "0.01", "omega": "1",
              "nuTilda": "1e-4", "R": "(0.01 0 0 0.01 0 0.01)"}
    if model != "laminar":
        values.update(caseops.turbulence_values(*_free_stream_turbulence(speed, length or 1.0, nu)))
    fields = ["U", "p", "p_rgh", "T", "alphat"] if "Boussinesq" in solver else ["U", "p", "T"] if passive else \
        physics.FIELDS[fam] if fam else ["U", "p"]
    for field in fields:
        internal = "uniform (0 0 0)" if field == "U" else f"uniform {values['T']}" if field == "T" else \
            f"uniform {internal_value(field, solver, values)}" if fam else "uniform 0"
        caseops.write_field(scratch, field, solver, model, internal, roles, values, f"your {geometry['kind']} geometry")
    if model != "laminar" or solver != "icoFoam":
        caseops.set_turbulence_model(scratch, model, solver, values, roles, f"your geometry: {model}")
    caseops.ensure_numerics(scratch, solver, [*model_spec(model).solved, *(["T"] if passive else [])])
    if passive is not None:
        pr = setup.fluid_prandtl(ctx.text, stated)
        setup.set_passive_temperature(scratch, is_steady(solver), pr)
        assumptions.append(f"T carried by the flow (scalarTransport function object in controlDict): diffusivity "
                           f"nu/Pr + nut/Prt with Pr {fmt(pr)}; no buoyancy force")
    warnings = []
    if reynolds is not None:
        geometry["reynolds"] = speed * (length or 1.0) / nu
        if model == "laminar" and geometry["reynolds"] > TURBULENT_RE:
            warnings.append(f"Re = {geometry['reynolds']:.3g} (U {fmt(speed)} m/s, body length {fmt(length or 1.0)} m, "
                            f"nu {fmt(nu)}) with a laminar model: the real flow would be turbulent")
    placed = {b.stated for b in surface_bindings}
    binder = bind_all(scratch, solver, ctx.text, [q for q in stated if q.role not in ("reynolds", "cell_size", "geometry")
                                                  and q.text not in placed])
    if stubbed:
        shutil.rmtree(stub.parent)
    meta = scratch / ".casewright"
    meta.mkdir(exist_ok=True)
    (meta / "geometry.json").write_text(json.dumps(geometry, indent=2) + "\n")
    types = {k: v for s in steps if isinstance(s, SetPatchTypes) for k, v in s.types.items()}
    if types:
        (meta / "patch_types.json").write_text(json.dumps(types, indent=2) + "\n")
    steady = is_steady(solver)
    text = control.read_text()
    time = TimeControl(end_time=float(fd.get(text, ["endTime"]) or 1), delta_t=float(fd.get(text, ["deltaT"]) or 1),
                       write_interval=float(fd.get(text, ["writeInterval"]) or 1))
    return CaseManifest(
        request=ctx.text, recipe=f"{geometry['kind']}:{geometry['format']}", base_tutorial=str(scratch),
        base_kind="parametric", solver=solver,
        algorithm="SIMPLE" if steady else ("PISO" if solver in ("icoFoam", "pisoFoam") else "PIMPLE"),
        steady=steady, turbulence=Turbulence(simulation_type=model_spec(model).simulation_type, model=model),
        mesh="snappy" if request.geometry is not None else "imported",
        patches=[Patch(name=n, role=r) for n, r in roles.items()], time=time, edits=binder.edits,
        bindings=surface_bindings + binder.bindings, not_applied=binder.not_applied, assumptions=assumptions + binder.assumptions,
        warnings=warnings, steps=[" ".join([s.command, *s.args]) for s in steps if isinstance(s, MeshCommand)] + [solver],
        values={"geometry": geometry},
    )


def free_surface_refusal() -> str:
    """Why a free surface is not set up on an imported mesh, and what to do instead."""
    return ("a free surface (interFoam) needs the water region set by setFields in a box of the domain, read here "
            "from a blockMeshDict; an imported mesh has none. Give an STL with --geometry (its snappyHexMesh case "
            "has one), describe a rectangular tank or channel instead of giving a mesh, or pass --example DIR")


def family_template(ctx: Context, solver: str, stl: bool) -> str:
    """The installed tutorial a compressible, free-surface or compressible-buoyant case on the user's
    geometry starts from (parametric_physics.physics_template, as for a generated shape); a solver
    of no such family, or a free surface on an imported mesh, stops with the reason."""
    if physics.family(solver) is None:
        raise RequestError(f"a case on your own geometry is set up here for {', '.join(TEMPLATES)} and "
                           f"{', '.join(physics.FAMILY)}, not {solver}; name one of those solvers in the request")
    if physics.family(solver) == "free_surface" and not stl:
        raise RequestError(free_surface_refusal())
    from tasks.plan.select_catalog import tutorial_records

    fluid = find_fluid(ctx.text)
    gas = fluid is None or fluid_table()[fluid].rho < 100.0
    return physics.physics_template(tutorial_records(ctx.tutorials_dir), ctx.tutorials_dir, solver, gas).case


def _free_stream_turbulence(speed: float, length: float, nu: float) -> tuple[float, float, float, float]:
    """k, epsilon, omega, nuTilda for 5 % intensity and a mixing length of 7 % of the body."""
    k = 1.5 * (0.05 * speed) ** 2
    mixing = 0.07 * length
    epsilon = 0.09 ** 0.75 * k ** 1.5 / mixing
    return k, epsilon, epsilon / (0.09 * k), math.sqrt(1.5) * 0.05 * speed * mixing


def _stl_mesh(stl: Path, triangles: list, scratch: Path, ctx: Context, stated: list[StatedQuantity], speed: float,
              nu: float, model: str) -> tuple[list[PatchInfo], list, dict, list[str], MeshBuild]:
    word = next((w for w in RESOLUTION if w in ctx.text.lower().split()), "medium")
    across, fraction, layers = RESOLUTION[word]
    lo, hi = stl_bounds(triangles)
    size = max(h - l for h, l in zip(hi, lo))
    cell = next((q.value for q in stated if q.role == "cell_size"), None)
    turbulent = model != "laminar"
    spec = SnappySpec(cell_size=cell or size * fraction, background_cells_across=across, speed=speed, nu=nu,
                      y_plus=30.0 if turbulent else 1.0, n_layers=layers if turbulent else 0)
    build = build_snappy(stl, scratch, spec)
    notes = [f"geometry: your STL {stl.name} ({len(triangles)} triangles, body length {fmt(size)} m), "
             f"meshed by snappyHexMesh at {word} resolution" + ("" if cell is None else " with the stated cell size"),
             *build.assumptions]
    if not turbulent:
        notes.append("no wall layers: the flow is laminar")
    geometry = {"kind": "stl", "format": "stl", "source": str(stl), "shape": stl.stem,
                "dimensions": {"body_length": size, "bounds_min": list(lo), "bounds_max": list(hi)},
                "patches": {p.name: p.role for p in build.patches}, "cells": build.n_cells}
    return build.patches, build.steps, geometry, notes, build


def _imported_mesh(request: CaseRequest, scratch: Path) -> tuple[list[PatchInfo], list, dict, list[str],
                                                                     tuple[float, float, float] | None]:
    source = inspect_mesh(request.mesh)  # type: ignore[arg-type]
    roles = assign_roles(source, request.patch_roles)
    staged = stage_mesh(source, roles, scratch)
    given = [p for p in roles if p in request.patch_roles]
    notes = [*staged.assumptions]
    if given:
        notes.append("roles given with --patch-role: " + ", ".join(f"{p} {roles[p]}" for p in given))
    geometry = {"kind": "imported", "format": source.format, "source": str(source.path), "shape": source.path.name,
                "dimensions": {}, "patches": {p.name: p.role for p in staged.patches}, "cells": source.n_cells}
    inlets = [p for p, r in roles.items() if r == "inlet"]
    directions = {inward_direction(source, p) for p in inlets}
    if len(directions) > 1:
        notes.append(f"the inlets {', '.join(inlets)} face different ways: each gets the first's direction; "
                     "set the others' velocity with `casewright modify`")
    direction = inward_direction(source, inlets[0]) if inlets else None
    return staged.patches, staged.steps, geometry, notes, direction
