"""Plan a shape of the geometry library with a solver the library has no template for.

The solver's installed tutorial is carried onto the shape (tasks.geometry.solver_carry): its
dictionaries kept, its fields re-mapped by patch role, a mesh-sized field made uniform (the
velocity a scalarTransportFoam tracer rides on: the stated one, along the shape's flow
direction), the stated values bound to the scratch case as to a tutorial. A tutorial that needs
what the shape has no equivalent of is refused with exit 2, naming it.
"""

from __future__ import annotations

import json
import re
import shutil
import uuid
from pathlib import Path

from tasks.core.errors import RequestError
from tasks.core.paths import data_dir
from tasks.edit.parametric_scalar import passive_scalar
from tasks.edit.parametric_template import drop_template_functions, start_from_zero
from tasks.edit.parametric_time import fit_write_interval, set_time_step
from tasks.foam import dictionary as fd
from tasks.foam.physics import fmt, is_steady
from tasks.geometry.build import build_mesh, geometry_record
from tasks.geometry.models import MeshBuild, MeshCommand
from tasks.geometry.solver_carry import CARRIED_SOLVERS, FLOW_THROUGHS, carry_refusal, copy_carried, field_files, flow_length, through_time
from tasks.geometry.solver_fields import CarriedField, CarryError, ShapePatch, carry_field
from tasks.geometry.spec import GeometrySpec
from tasks.geometry.text_parts import said_dimension
from tasks.plan.bind import bind_all, vec
from tasks.plan.manifest import CaseManifest, Patch, TimeControl, Turbulence
from tasks.plan.request import Context
from tasks.plan.stated import Binding, NotApplied, StatedQuantity

# The roles the manifest knows a patch by (tasks.plan.manifest.Patch.role), from the shape's.
_MANIFEST_ROLE = {"inlet": "inlet", "outlet": "outlet", "moving_wall": "movingWall", "empty": "empty",
                  "symmetry": "symmetryPlane", "wedge": "wedge"}
# Velocity fields a carried solver only reads (it solves no momentum): their inside is the stated flow.
_GIVEN_VELOCITY = {"scalarTransportFoam": "U"}
# The entry of constant/transportProperties a stated diffusivity is (scalarTransportFoam, laplacianFoam).
_DIFFUSIVITY_ENTRY = "DT"


_GIVEN_FLOW = re.compile(r"\b(?:given|prescribed|fixed|frozen|imposed|specified|known|steady\s+uniform)\s+(?:uniform\s+)?"
                         r"(?:velocity|flow)|\bno\s+flow\s+(?:solution|solve|equations?)|\bscalar\s+only\b|"
                         r"\bonly\s+the\s+(?:scalar|tracer|dye)\b|\bwithout\s+solving\s+(?:for\s+)?(?:the\s+)?"
                         r"(?:flow|velocity|momentum)", re.I)
_MOVING = re.compile(r"\bm/s\b|\bvelocity\b|\bspeed\b|\bflow(?:s|ing)?\b", re.I)


def implied_carried(hints: dict[str, float], text: str, least: float) -> str | None:
    """The carried solver the request's words call for without naming it, when it is their
    strongest call (at least `least` points): potential flow (potentialFoam); conduction or
    diffusion with no flow (laplacianFoam); a tracer carried by a given velocity (scalarTransportFoam;
    a tracer in a flow that is solved is the library's passive scalar next to the flow solver)."""
    if not hints:
        return None
    called = max(hints, key=lambda s: hints[s])
    if called not in CARRIED_SOLVERS or hints[called] < least:
        return None
    if called == "scalarTransportFoam" and not _GIVEN_FLOW.search(text):
        return None
    if called == "laplacianFoam" and _MOVING.search(text):
        return None
    return called


def carried_tutorials(ctx: Context, solver: str) -> list[Path]:
    """The installed tutorials of `solver`, the plainest first (fewest initial fields, then name)."""
    from tasks.plan.select_catalog import tutorial_records

    paths = [Path(r.path) for r in tutorial_records(ctx.tutorials_dir) if r.solver == solver]
    return sorted(paths, key=lambda p: (len(field_files(p)), p.as_posix()))


def carry_fields(tutorial: Path, patches: list[ShapePatch], fills: dict[str, str]) -> dict[str, CarriedField]:
    """Every initial field of the tutorial re-mapped onto the shape's patches (`fills`: the uniform
    value of a field whose tutorial values are sized for its mesh). Raises CarryError."""
    return {name: carry_field(text, name, patches, fills.get(name)) for name, text in field_files(tutorial).items()}


def choose_carried(ctx: Context, solver: str, patches: list[ShapePatch],
                   fills: dict[str, str]) -> tuple[Path, dict[str, CarriedField]]:
    """The first tutorial of `solver` that can be carried onto the shape, with its fields; a
    RequestError naming what each one lacks when none can."""
    reasons: list[str] = []
    for tutorial in carried_tutorials(ctx, solver):
        refusal = carry_refusal(tutorial, solver)
        if refusal is None:
            try:
                return tutorial, carry_fields(tutorial, patches, fills)
            except CarryError as exc:
                refusal = f"{solver} (tutorial {tutorial.name}): {exc}"
        reasons.append(refusal)
    if not reasons:
        raise RequestError(f"no installed tutorial runs {solver}, so the shape library has nothing to set it up "
                           "from; pass --example DIR with a case of yours")
    raise RequestError(f"{solver} cannot be set up on the generated shape: {'; '.join(reasons)}. Pass --example DIR "
                       "with a case of yours, or name a solver the shape library sets up")


def flow_velocity(stated: list[StatedQuantity], build: MeshBuild) -> tuple[str, float, bool]:
    """(vector, speed, stated?): the stated inlet speed along the shape's flow direction, else 1 m/s."""
    q = next((q for q in stated if q.role == "inlet_velocity"), None)
    speed = q.value if q is not None else 1.0
    return vec([speed * d for d in build.flow_direction]), speed, q is not None


def set_inflow(text: str, inlets: list[str], value: str) -> str:
    """A field with its fixed inlet values set to `value` (the shape's flow, not the tutorial's)."""
    for name in inlets:
        if fd.find(text, ["boundaryField", name, "value"]) is not None and \
                (fd.get(text, ["boundaryField", name, "type"]) or "") == "fixedValue":
            text = fd.set_entry(text, ["boundaryField", name, "value"], f"uniform {value}")
    return text


def dimension_difference(dims: dict, value: float) -> tuple[str, str] | None:
    """(larger, smaller): the two dimensions of the shape whose difference is `value`, or None."""
    lengths = {k: float(v) for k, v in dims.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
    for big, a in lengths.items():
        for small, b in lengths.items():
            if big != small and a > b and abs(a - b - value) <= 1e-9 * max(1.0, abs(value)):
                return big, small
    return None


def dimension_bindings(text: str, spec: GeometrySpec, stated: list[StatedQuantity]) -> tuple[list[Binding],
                                                                                               list[NotApplied]]:
    """The stated lengths the shape was built with (geometry.json dimensions); the other domain
    lengths are not applied, with the reason."""
    dims = spec.dims.model_dump()
    bindings, refused = [], []
    for i, q in enumerate(stated):
        if q.role != "geometry":
            continue
        keys = [k for k, v in dims.items() if isinstance(v, (int, float)) and not isinstance(v, bool)
                and abs(v - q.value) <= 1e-9 * max(1.0, abs(q.value))]
        key = said_dimension(text, q.text, sum(p.text == q.text for p in stated[:i]), keys)
        apart = dimension_difference(dims, q.value) if key is None else None
        if apart is not None:  # "inlet height 0.05 m" over a 0.025 m step: the 0.075 m height less the step
            bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["dimensions", apart[0]],
                                    value=fmt(dims[apart[0]]), how=f"{apart[0]} - {apart[1]}"))
            continue
        if key is None:
            refused.append(NotApplied(text=q.text, reason=f"no dimension of the generated {spec.shape.replace('_', ' ')} "
                                                          "is this length"))
            continue
        bindings.append(Binding(stated=q.text, file=".casewright/geometry.json", entry=["dimensions", key],
                                value=fmt(q.value), how="shape dimension"))
    return bindings, refused


def bind_diffusivity(case: Path, text: str, stated: list[StatedQuantity]) -> list[Binding]:
    """A stated diffusivity (a tracer's, a conduction's) into transportProperties DT; [] without one."""
    tp = case / "constant/transportProperties"
    scalar = passive_scalar(text, stated) if re.search(r"diffusi", text, re.I) else None
    said = scalar.diffusivity if scalar is not None else None
    if said is None:
        said = next((q for q in stated if q.unit == "m2/s" and re.search(
            rf"diffusi\w*[^,;()\d]{{0,25}}{re.escape(q.text)}", text, re.I)), None)
    if said is None or not tp.is_file() or fd.find(tp.read_text(), [_DIFFUSIVITY_ENTRY]) is None:
        return []
    old = fd.get(tp.read_text(), [_DIFFUSIVITY_ENTRY]) or ""
    new = f"{old.rsplit(']', 1)[0]}] {fmt(said.value)}" if "]" in old else fmt(said.value)
    tp.write_text(fd.set_entry(tp.read_text(), [_DIFFUSIVITY_ENTRY], new))
    return [Binding(stated=said.text, file="constant/transportProperties", entry=[_DIFFUSIVITY_ENTRY],
                    value=fmt(said.value), how="the stated diffusivity")]


def bind_concentration(case: Path, field: str, text: str, stated: list[StatedQuantity],
                       inlets: list[str]) -> list[str]:
    """A stated inflow concentration of a tracer into the carried scalar's inlet values; the
    assumptions said (the tutorial's value kept without one)."""
    scalar = passive_scalar(text, stated)
    path = case / "0" / field
    if scalar is None or not scalar.said_value or not path.is_file():
        return []
    path.write_text(set_inflow(path.read_text(), inlets, fmt(scalar.inlet_value)))
    return [f"tracer {field} enters at {fmt(scalar.inlet_value)} (the stated concentration)"]


def plan_carried(ctx: Context, spec: GeometrySpec, stated: list[StatedQuantity], solver: str) -> CaseManifest:
    """The manifest of `solver` on the shape `spec`, carried from the solver's tutorial."""
    scratch = data_dir() / "scratch" / uuid.uuid4().hex[:12]
    scratch.mkdir(parents=True)
    try:
        return _plan_carried_in(scratch, ctx, spec, stated, solver)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise


def _plan_carried_in(scratch: Path, ctx: Context, spec: GeometrySpec, stated: list[StatedQuantity],
                     solver: str) -> CaseManifest:
    build = build_mesh(spec, scratch)
    if build.generator != "blockMesh":
        raise RequestError(f"{solver} is carried onto blockMesh shapes only; the {spec.shape.replace('_', ' ')} is "
                           f"meshed by {build.generator}. Pass --example DIR with a case of yours")
    patches = [ShapePatch(p.name, p.role, p.type) for p in build.patches]
    velocity, speed, said_speed = flow_velocity(stated, build)
    fills = {name: velocity for name in (_GIVEN_VELOCITY.get(solver),) if name}
    tutorial, fields = choose_carried(ctx, solver, patches, fills)
    copy_carried(tutorial, scratch)
    inlets = [p.name for p in patches if p.role == "inlet"]
    (scratch / "0").mkdir(exist_ok=True)
    for name, carried in fields.items():
        text = carried.text
        if name == _GIVEN_VELOCITY.get(solver):
            text = fd.set_entry(text, ["internalField"], f"uniform {velocity}")
        if name == "U":
            text = set_inflow(text, inlets, velocity)
        (scratch / "0" / name).write_text(text)
    control = scratch / "system/controlDict"
    control.write_text(fd.set_entry(start_from_zero(drop_template_functions(control.read_text())), ["application"],
                                    solver))
    rel = f"the tutorial {tutorial.relative_to(ctx.tutorials_dir)}" if tutorial.is_relative_to(ctx.tutorials_dir) \
        else str(tutorial)
    sources = sorted({f"{shape} <- {src}" for c in fields.values() for shape, src in c.sources.items()})
    assumptions = [f"geometry: {spec.shape.replace('_', ' ')} built by the shape library ({build.generator}, "
                   f"{build.n_cells} cells)", *build.assumptions,
                   f"{solver} carried from {rel}: its dictionaries kept, its fields ({', '.join(fields)}) put on the "
                   f"shape's patches by role ({'; '.join(sources)})"]
    default = "" if said_speed else "; 1 m/s by default, state a velocity to change it"
    if solver in _GIVEN_VELOCITY:
        assumptions.append(f"{_GIVEN_VELOCITY[solver]} = {velocity} m/s everywhere and at the inflow (the flow the "
                           f"scalar rides on{default})")
    elif "U" in fields and inlets:
        assumptions.append(f"U = {velocity} m/s at the inflow{default}")
    bindings = bind_diffusivity(scratch, ctx.text, stated)
    concentration = next((n for n in fields if n not in ("U", "p")), None)
    if concentration is not None:
        assumptions += bind_concentration(scratch, concentration, ctx.text, stated, inlets)
    shape_bindings, refused = dimension_bindings(ctx.text, spec, stated)
    own = {b.stated for b in [*bindings, *shape_bindings]}
    binder = bind_all(scratch, solver, ctx.text, [q for q in stated if q.role != "geometry" and q.text not in own])
    if not is_steady(solver) and "U" in fields:  # a velocity field: deltaT fitted to the flow (Co)
        dt_q = next((q for q in stated if q.role == "delta_t"), None)
        assumptions += set_time_step(scratch, solver, speed, dt_q.value if dt_q else None,
                                     any(q.role == "max_co" for q in stated)).assumptions
    length = flow_length(build.bounds, build.flow_direction)
    if solver in _GIVEN_VELOCITY and length and not any(q.role == "end_time" for q in stated):
        end = through_time(length, speed)
        control.write_text(fd.set_entry(control.read_text(), ["endTime"], fmt(end)))
        fit_write_interval(scratch, end)
        assumptions.append(f"endTime = {fmt(end)} s: the flow passes {fmt(FLOW_THROUGHS)} times through the "
                           f"{fmt(length)} m of the shape at {fmt(speed)} m/s; state an end time to change it")
    meta = scratch / ".casewright"
    meta.mkdir(exist_ok=True)
    (meta / "geometry.json").write_text(json.dumps(geometry_record(spec, build), indent=2) + "\n")
    text = control.read_text()
    steps = [" ".join([s.command, *s.args]) for s in build.steps if isinstance(s, MeshCommand)] + [solver]
    return CaseManifest(
        request=ctx.text, recipe=f"geometry:{spec.shape}", base_tutorial=str(scratch), base_kind="parametric",
        solver=solver, algorithm="SIMPLE" if is_steady(solver) else "PIMPLE", steady=is_steady(solver),
        turbulence=Turbulence(simulation_type="laminar", model="laminar"),
        mesh="blockMesh", patches=[Patch(name=p.name, role=_MANIFEST_ROLE.get(p.role, "wall")) for p in patches],
        time=TimeControl(end_time=float((fd.get(text, ["endTime"]) or "1").split()[0]),
                         delta_t=float((fd.get(text, ["deltaT"]) or "1").split()[0]),
                         write_interval=float((fd.get(text, ["writeInterval"]) or "1").split()[0])),
        edits=binder.edits, bindings=bindings + shape_bindings + binder.bindings,
        not_applied=refused + binder.not_applied, assumptions=assumptions + binder.assumptions, steps=steps,
        values={"geometry": geometry_record(spec, build)},
    )

