"""Plan from any installed tutorial: rank them all, take the best that can carry the request,
bind every stated value, and run it as its own Allrun does.

This is the planner for every request the shape library does not build: the tutorial's
geometry, fields and numerics are kept, the solver and turbulence model follow the request,
and each stated quantity becomes an edit or a `not_applied` entry with its reason.
"""

from __future__ import annotations

import re
from pathlib import Path

from tasks.core.errors import PlanError, RequestError
from tasks.foam import dictionary as fd
from tasks.foam.commands import ALLOWED_COMMANDS, FILE_EDIT, RESTORE_FIELDS
from tasks.foam.mesh_file_edits import UNSUPPORTED
from tasks.foam.files import find_file, read_text
from tasks.foam.physics import is_steady, model_spec
from tasks.plan.foam_values import fmt
from tasks.knowledge.casebase import m4_mesh_template
from tasks.plan.bind import Binder, bind_all
from tasks.plan.controls import write_count
from tasks.plan.controls_mesh import gravity_axis, mesh_words
from tasks.plan.domain_box_resize import STRETCHED, stretch_box
from tasks.plan.domain_resize import resize_domain
from tasks.plan.mesh_files import script_variant
from tasks.plan.controls_mesh import axis_named, cells_along, cells_on_blocks, names_cell_size  # noqa: F401  (older callers)
from tasks.plan.manifest import (
    BaseCandidate,
    CaseManifest,
    FileEdit,
    Patch,
    TimeControl,
    Turbulence,
)
from tasks.geometry.solver_carry import CARRIED_SOLVERS, remeshed_fields  # a solver carried onto a shape
from tasks.plan.request import Context, named_model
from tasks.plan.select_stages import stage_refusal
from tasks.plan.select import (
    PHRASE_POINTS,
    SWITCHABLE,
    Candidate,
    rank,
    request_features,
    tutorial_records,
)
from tasks.plan.region_boxes import in_stated_box
from tasks.plan.select_dimensions import (  # noqa: F401 - re-exported: the planners and tests import them here
    _DIMENSION_WORDS,
    _PARAMETER_WORDS,
    describes_domain,
    domain_extents,
    fits_extents,
    has_dimension,
    lacks_shape,
    names_parameter,
    other_domain_ranges,
    tutorial_extents,
    tutorial_is_2d,
    tutorial_lengths,
)
from tasks.plan.stated import Binding, NotApplied, StatedQuantity


class GeometryDescribed(RequestError):
    """The request describes a shape of the geometry library: the case is built on it
    (tasks/edit/parametric.py), not on a tutorial."""

    def __init__(self, spec) -> None:
        super().__init__(f"the request describes a {spec.shape.replace('_', ' ')}: it is built by the shape library")
        self.spec = spec


# The solvers the shape library sets a generated geometry up for: the keys of TEMPLATES and of the
# physics families (compressible, free surface, buoyant) in tasks/edit/parametric*.py, a layer
# above; a unit test keeps them equal.
SHAPE_LIBRARY_SOLVERS = frozenset(SWITCHABLE | {"buoyantBoussinesqPimpleFoam", "buoyantBoussinesqSimpleFoam",
                                                "rhoSimpleFoam", "rhoPimpleFoam", "interFoam",
                                                "buoyantPimpleFoam", "buoyantSimpleFoam"})
MIN_SCORE = 20.0  # below this the best tutorial shares too little with the request to stand in for it
_SKIPPED_STEPS = {"postProcess", "foamToVTK", "foamListTimes", "surfaceCheck", "checkMesh", "patchSummary"}
_ROLE = {"inlet": "inlet", "outlet": "outlet", "wall": "wall", "moving_wall": "movingWall"}


_APPLICATION = ("$(getApplication)", "$application", "${application}")


def region_names(case_dir: Path) -> list[str]:
    """The regions of a multi-region case (constant/regionProperties), fluid first, or []."""
    from tasks.foam.files import read_text

    found = find_file(case_dir / "constant", "regionProperties")
    if found is None:
        return []
    body = fd.get(read_text(found), ["regions"]) or ""
    return re.findall(r"\w+", re.sub(r"\b(fluid|solid)\b", " ", body))


_NAME_PART = re.compile(r"[a-z0-9.-]+")


def said_as_base_name(text: str, case: str) -> bool:
    """Whether a stated value's words are part of the tutorial's name ("25-55 deg" and "Run 35" of
    biconic25-55Run35, "4 phases" of damBreak4phase): the longest start of the words, spaces
    dropped, that the name holds joins a number to letters or to another number. A bare number
    ("2 m/s" beside mixerVessel2D) is never the name."""
    leaf = case.rsplit("/", 1)[-1].lower()
    compact = re.sub(r"\s+", "", text.lower())
    start = _NAME_PART.match(compact)
    head = start.group() if start else ""
    while head and head not in leaf:
        head = head[:-1]
    return bool(re.search(r"\d", head)) and bool(re.search(r"[a-z]\d|\d[a-z]|\d-\d", head))


def tutorial_steps(c: Candidate, solver: str) -> list[list[str]] | None:
    """The tutorial's Allrun sequence as whitelisted commands (serial), or None when a step
    cannot be reproduced. The solver is `$(getApplication)` or `$application`; a step run for
    each region (`-region $region` in a loop) is run once per region of regionProperties;
    `./Allrun.pre` is already inlined by the case base."""
    record = c.record
    sequence = [s for s in record.run_sequence if not s.app.startswith("./Allrun")]
    solver_at = [i for i, s in enumerate(sequence) if s.app in (record.solver, *_APPLICATION)]
    if solver_at:
        sequence = sequence[:solver_at[-1] + 1]  # what follows the solver is post-processing
    regions = region_names(Path(record.path))
    steps: list[list[str]] = []
    for s in sequence:
        app = solver if s.app in (record.solver, *_APPLICATION) else s.app
        if app in _SKIPPED_STEPS or app in ("decomposePar", "reconstructPar", "reconstructParMesh"):
            continue
        if app == RESTORE_FIELDS:
            if steps and steps[-1] != [RESTORE_FIELDS]:  # before everything it is the default
                steps.append([RESTORE_FIELDS])
            continue
        if app == FILE_EDIT:  # done by Casewright between the steps, unless it cannot be
            if s.args.split()[:1] == [UNSUPPORTED]:
                return None
            steps.append([FILE_EDIT, *s.args.split()])
            continue
        if app not in ALLOWED_COMMANDS:
            return None
        words = s.args.split()
        if "-region" in words and words.index("-region") + 1 < len(words) and \
                words[words.index("-region") + 1].startswith("$"):
            if not regions:
                return None
            at = words.index("-region")
            rest = [a for a in words[:at] + words[at + 2:] if not a.startswith("$")]
            steps += [[app, *rest, "-region", region] for region in regions]
            continue
        steps.append([app, *[a for a in words if not a.startswith("$")]])
    if not steps:
        return None
    if steps[-1][0] != solver:
        if solver not in [s[0] for s in steps]:
            steps.append([solver])
    return steps


def _steps_runnable(c: Candidate, solver: str) -> bool:
    return not c.record.run_sequence or tutorial_steps(c, solver) is not None


def missing_commands(c: Candidate) -> list[str]:
    """The commands of a tutorial's Allrun (before its solver) that this installation cannot run:
    not installed here (foamyHexMesh, foamyQuadMesh: the Debian build has no CGAL) or outside the
    runner's whitelist (redistributePar, a tutorial's own program)."""
    record = c.record
    sequence = [s for s in record.run_sequence if not s.app.startswith("./Allrun")]
    solver_at = [i for i, s in enumerate(sequence) if s.app in (record.solver, *_APPLICATION)]
    if solver_at:
        sequence = sequence[:solver_at[-1] + 1]
    apps = [("a shell line finishing the mesh files" if s.args.startswith(UNSUPPORTED) else None)
            if s.app == FILE_EDIT else s.app for s in sequence]
    return list(dict.fromkeys(a for a in apps if a and a not in ALLOWED_COMMANDS and a not in _SKIPPED_STEPS
                              and a not in (record.solver, *_APPLICATION, RESTORE_FIELDS, "reconstructParMesh")))


def choose_base(ctx: Context) -> list[Candidate]:
    """The installed tutorials by fit to the request, those whose steps cannot run here left out.
    When the best fit is left out, a note says which and why (its Allrun needs a command this
    installation cannot run), so the base that replaces it is no surprise."""
    features = request_features(ctx.text, ctx.solver, ctx.model)
    everything = rank(features, tutorial_records(ctx.tutorials_dir), limit=0)
    # the best fit when it is one stage of a larger tutorial stays first: plan_generic refuses it by name
    ranked = [c for i, c in enumerate(everything) if (i == 0 and stage_refusal(c.record.case, c.record.path))
              or _steps_runnable(c, ctx.solver or c.record.solver or "")]
    if everything and ranked and everything[0] is not ranked[0]:
        dropped = everything[0]
        missing = missing_commands(dropped)
        why = f"its Allrun runs {', '.join(missing)}, which cannot run here" if missing else \
            "its Allrun steps cannot be reproduced here"
        ctx.notes.append(f"{dropped.record.case} fits the request best but {why}; based on "
                         f"{ranked[0].record.case} instead")
    return ranked


def _family_only(ctx: Context, base_family: str | None) -> bool:
    """The request names a turbulence family (LES, RANS) but no model of it, and the base already runs that
    family: its own model (continuousGasKEqn, WALE, realizableKE ...) stays, not the family's usual one."""
    if not ctx.model or not base_family or named_model(ctx.text):
        return False
    try:
        return model_spec(ctx.model).simulation_type == base_family
    except PlanError:
        return False


SIZED_MARGIN = 25.0  # how far below the best fit a tutorial with the stated sizes may score and still be taken


def _lacked_sizes(ctx: Context, stated: list[StatedQuantity], c: Candidate) -> list[StatedQuantity]:
    """The domain sizes the request states that the tutorial's mesh does not have."""
    return [q for q in stated if q.role == "geometry" and describes_domain(ctx.text, q)
            and not has_dimension(Path(c.record.path), q.value)]


def prefer_sized(ctx: Context, stated: list[StatedQuantity], ranked: list[Candidate]) -> list[Candidate]:
    """The ranking with a near fit first when it has every domain size the request states and the
    best fit lacks one ("a two-layer bar 200 cm long": the 2 m column, not the flange), as long as
    the request does not name the best fit; a note says so."""
    if len(ranked) < 2 or names_tutorial(ctx.text, ranked[0]) or stage_refusal(ranked[0].record.case,
                                                                               ranked[0].record.path):
        return ranked
    lacked = _lacked_sizes(ctx, stated, ranked[0])
    if not lacked:
        return ranked
    for c in ranked[1:4]:
        if c.score < ranked[0].score - SIZED_MARGIN or c.score < MIN_SCORE:
            break
        if c.record.solver == ranked[0].record.solver and not _lacked_sizes(ctx, stated, c) and \
                not other_domain_ranges(ctx.text, Path(c.record.path)):
            ctx.notes.append(f"based on {c.record.case}, which has the sizes stated "
                             f"({', '.join(q.text for q in lacked)}), not on {ranked[0].record.case}, which lacks them")
            return [c, *(r for r in ranked if r is not c)]
    return ranked


def plan_generic(ctx: Context, stated: list[StatedQuantity], allow_substitute: bool = False) -> CaseManifest:
    ranked = prefer_sized(ctx, stated, choose_base(ctx))
    features = request_features(ctx.text, ctx.solver, ctx.model)
    spec = shape_to_build(ctx, stated, ranked)
    if spec is not None:
        raise GeometryDescribed(spec)
    if not ranked or ranked[0].score < MIN_SCORE:
        near = ", ".join(c.record.case for c in ranked[:3]) or "none"
        raise RequestError(
            "no installed tutorial fits this request well enough to stand in for it "
            f"(nearest: {near}); name the flow's geometry or solver, pass --example DIR with a case of "
            "yours, or configure an LLM (OPENAI_BASE_URL)")
    best = ranked[0]
    record = best.record
    if refusal := stage_refusal(record.case, record.path):
        raise RequestError(refusal)  # the best fit, but its mesh comes from another stage of its tutorial
    solver = ctx.solver or record.solver or ""
    assumptions: list[str] = []
    warnings: list[str] = []
    if solver != record.solver and not (solver in SWITCHABLE and record.solver in SWITCHABLE):
        raise RequestError(f"{solver} cannot run the nearest tutorial ({record.case}, a {record.solver} case); "
                           "pass --example DIR with a case of yours for it")
    if ctx.solver is None and features.steady is not None and record.solver in SWITCHABLE and \
            is_steady(record.solver) != features.steady:
        solver = "simpleFoam" if features.steady else "pimpleFoam"
        assumptions.append(f"solver = {solver} (the request is {'steady' if features.steady else 'transient'}; "
                           f"the base runs {record.solver})")
    named = [q for q in stated if said_as_base_name(q.text, record.case)]
    if named:  # "biconic 25-55 (Run 35)": the tutorial's name said, not a value of the case
        stated[:] = [q for q in stated if not any(q is n for n in named)]
        assumptions.append(f"{', '.join(q.text for q in named)}: the base tutorial's name ({record.case}), not a value")
    base_dir = Path(record.path)
    steady = is_steady(solver)
    m4 = m4_mesh_template(base_dir)
    mesh_change = mesh_words(base_dir, m4, ctx.text, stated)
    binder = bind_all(base_dir, solver, ctx.text, [q for q in stated if not any(q is t for t in mesh_change.taken)])
    stated.extend(q for q in binder._stated if not any(q is s for s in stated))  # read by a binder (a phi): reported
    write_words(binder, ctx.text, stated, steady)
    binder.bind_write_settings()  # "binary output", "gzip the results": controlDict's write format
    filled = binder.filled  # lengths a fill level or a region's size took
    region_ranks(binder, base_dir)
    base_model = record.turbulence_model if record.simulation_type in ("RAS", "LES") else "laminar"
    model = ctx.model or base_model or "laminar"
    if _family_only(ctx, record.simulation_type):  # "the LES bubble column" on an LES base: the base's own LES model
        model = base_model or model
    if ctx.model is None and features.simulation_type == "laminar":
        model = "laminar"
    try:
        spec = model_spec(model) if model else None
    except PlanError:
        if ctx.model:
            raise
        spec = None  # a model of the base's own (buoyantKEpsilon, a phase model): kept as it is
    control = binder.base.text("system/controlDict") or ""
    time = _time_control(control, binder, steady)
    steps = tutorial_steps(best, solver)
    mesh_params: dict = {}
    if m4:  # the tutorial's scripts expand an m4 template (any name) into blockMeshDict, then run blockMesh
        mesh_params["m4"] = m4
        if steps and not any(s[0] == "blockMesh" for s in steps):
            steps.insert(0, ["blockMesh"])
    variant, chosen = script_variant(base_dir, ctx.text)  # `run resolved` / `run modelled`: the files it links
    if variant is not None:
        mesh_params["variant"] = variant
        assumptions.append(chosen)
    patches = [Patch(name=p, role=_ROLE[r]) for p, r in binder.roles.items() if r in _ROLE]
    assumptions.insert(0, f"base case = the tutorial {record.case} ({'; '.join(best.why)})")
    assumptions += binder.assumptions + mesh_change.assumptions
    if model != (base_model or "laminar"):
        assumptions.append(f"turbulence model {base_model or 'laminar'} -> {model} (every field, "
                           "wall function, scheme and solver entry switched)")
    unbuilt = None  # why the tutorial's box-shaped mesh cannot be stretched to a stated size
    geometry = [q for q in stated if q.role == "geometry" and describes_domain(ctx.text, q)
                and not has_dimension(base_dir, q.value) and not any(q is t for t in [*mesh_change.taken, *filled])
                and not _bound_elsewhere(binder, q)]
    said = len(mesh_change.assumptions)
    if geometry:  # a size the tutorial's parametrised mesh takes (its variables, its m4 defines), or not_applied
        resize_domain(base_dir, m4, ctx.text, geometry, mesh_change, gravity_axis(base_dir))
        geometry = [q for q in geometry if not any(q is t for t in mesh_change.taken)]
    # a box-shaped mesh without a parameter for the size: its coordinates stretched, when the tutorial is the flow
    # the request describes (named, or sharing its name's or geometry words), never a bare solver match ("a
    # kidney-shaped vessel 0.3 m long" is no stretched Poiseuille channel)
    related = any(w.startswith(("geometry words", "its name's words", "the tutorial of the flow", "the tutorial named"))
                  for w in best.why)
    if m4 is None and not related:
        unbuilt = "the request does not describe this tutorial's flow, so its mesh is not the shape asked for"
    elif m4 is None:
        sizes = [q for q in stated if q.role == "geometry" and not any(q is t for t in [*filled, *mesh_change.taken])
                 and not _bound_elsewhere(binder, q) and not any(b.stated == q.text for b in binder.bindings)]
        edited = frozenset(f"{e.file}/{'/'.join(e.entry)}" for e in binder.edits)  # the request's own values
        geometry, unbuilt = stretch_box(base_dir, ctx.text, sizes, geometry, mesh_change, gravity_axis(base_dir), edited)
    assumptions += mesh_change.assumptions[said:]
    warnings += follow_new_mesh(base_dir, mesh_change)  # a field of the tutorial's own mesh, made uniform
    elsewhere = other_domain_ranges(ctx.text, base_dir)  # "from z = 0 to z = 3 m" on a 2 m column
    geometry_said = [q.text for q in geometry] + elsewhere
    if geometry_said:
        text = ", ".join(geometry_said)
        stretch = f" (its mesh cannot be stretched to them: {unbuilt})" if unbuilt else ""
        if not allow_substitute:
            raise RequestError(
                f"the request gives dimensions ({text}) that the tutorial {record.case} does not have, and "
                f"{_not_built_why(ctx, best)}{stretch}; describe the shape (channel, step, cylinder, pipe, ...), "
                "pass --example DIR / --geometry FILE, or --allow-substitute to run the tutorial's geometry instead")
        warnings.insert(0, f"SUBSTITUTED GEOMETRY: the tutorial {record.case}'s geometry is used, not {text}")
    candidates = [BaseCandidate(tutorial=c.record.case, score=c.score, why="; ".join(c.why)) for c in ranked[:3]]
    return CaseManifest(
        request=ctx.text, recipe="tutorial", base_tutorial=record.case, solver=solver,
        algorithm="SIMPLE" if steady else ("PISO" if solver in ("icoFoam", "pisoFoam") else "PIMPLE"),
        steady=steady, turbulence=Turbulence(simulation_type=spec.simulation_type if spec else
                                             (record.simulation_type or "laminar"), model=model),
        mesh="tutorial", mesh_params=mesh_params, patches=patches, time=time, edits=binder.edits + mesh_change.edits,
        bindings=binder.bindings + mesh_change.bindings, not_applied=binder.not_applied + mesh_change.not_applied,
        assumptions=assumptions, warnings=warnings, base_candidates=candidates,
        steps=[" ".join(s) for s in steps] if steps else [], substituted=bool(geometry_said),
        bc_values={"U": "(0 0 0)", "k": "0.1", "epsilon": "0.1", "omega": "10", "nuTilda": "1e-4",
                   "R": "(0.067 0 0 0.067 0 0.067)", "T": "300"},
    )


def follow_new_mesh(base_dir: Path, mesh_change) -> list[str]:
    """When the plan changes the tutorial's mesh, each initial field whose internal values are a
    list of the old mesh ("size 12225 is not equal to the given value of 600") is made uniform at its
    inflow value (an edit added to `mesh_change`), with a warning; one without an inflow value is
    refused. The warnings."""
    if all(e.reason.startswith(STRETCHED) for e in mesh_change.edits):
        return []  # no change, or a stretch that keeps every cell: the fields' lists still fit
    uniform, lacking = remeshed_fields(base_dir)
    if lacking:
        raise RequestError(f"the request changes the mesh of the tutorial, but {', '.join(lacking)} holds values of "
                           "its own mesh and has no inflow value to stand in for them; keep the tutorial's mesh, or "
                           "pass --example DIR with a case of yours")
    for rel, value in uniform.items():
        mesh_change.edits.append(FileEdit(file=rel, entry=["internalField"], value=value,
                                          reason="the tutorial's values belong to its own mesh, which the request "
                                                 "changes"))
    return [f"{rel}: the tutorial's values of its own mesh cannot follow the changed mesh; {value} (its inflow "
            "value) everywhere instead" for rel, value in uniform.items()]


def _bound_elsewhere(binder: Binder, q: StatedQuantity) -> bool:
    """The binder took the length as a length of the flow, not of the domain (a film's thickness
    in 0/h, a roughness, a particle size), bound or not applied with its own reason: no geometry
    to refuse."""
    return any(q is t for t in [*binder.small_lengths, *getattr(binder, "sized_particles", [])])


def shape_to_build(ctx: Context, stated: list[StatedQuantity], ranked: list[Candidate] | None = None):
    """The library shape (a GeometrySpec) the request describes when the shape library, not a
    tutorial, has to build it, else None: nothing the request states about its geometry is dropped.

    The library builds a described shape when no tutorial fits well, or when the best one lacks a
    size or a parameter of the shape the request states (a depth, an aspect ratio, a step height,
    the temperatures of a heated cavity's walls), as long as the library can set up the physics
    asked for. A tutorial stays the base when the request names it ('the pitzDaily tutorial',
    'the cavity case') or asks for physics only it has (then a size it lacks is refused, or
    substituted with --allow-substitute). A shape the library has to build but cannot is refused
    with the reason (RequestError)."""
    from tasks.geometry.text import parse_geometry, shape_words
    from tasks.plan.controls_refine import total_limit
    from tasks.geometry.text_unbuildable import unbuildable_body

    if ctx.example_dir is not None:
        return None
    ranked = choose_base(ctx) if ranked is None else ranked
    best = ranked[0] if ranked else None
    features = request_features(ctx.text, ctx.solver, ctx.model)
    if (best is not None and best.score >= MIN_SCORE and names_tutorial(ctx.text, best)) or \
            not library_sets_up(features, best, _wall_rotation_only(ctx.text, shape_words(ctx.text))):
        return None
    body = unbuildable_body(ctx.text) if shape_words(ctx.text) is None else None
    if body:  # "flow past a sphere": refused with the reason, never planned on a tutorial with another body
        raise RequestError(f"geometry refused: {body}")
    sized = [q for q in stated if q.role == "geometry" and describes_domain(ctx.text, q)
             and not (best and has_dimension(Path(best.record.path), q.value))
             and not (best and has_region_boxes(Path(best.record.path)) and in_stated_box(ctx.text, q.text))]
    weak = best is None or best.score < MIN_SCORE or (
        shape_words(ctx.text) is not None and not any(
            w.startswith(("geometry words", "the tutorial of the flow", "the tutorial named")) for w in best.why))
    if weak and best is not None and _sizes_its_regions(ctx.text, stated, Path(best.record.path)):
        weak = False  # the tank the tutorial has, its liquid and block stated as boxes (damBreakWithObstacle)
    if sized or weak:
        return parse_geometry(ctx.text, total_limit(ctx.text))
    if shape_words(ctx.text) is None or says_name_apart(ctx.text, best):
        return None
    try:
        spec = parse_geometry(ctx.text, total_limit(ctx.text))
    except RequestError:  # the words name a shape but not enough of it to build: the tutorial carries it
        return None
    return spec if spec is not None and lacks_shape(Path(best.record.path), spec, stated) else None


def _sizes_its_regions(text: str, stated: list[StatedQuantity], case: Path) -> bool:
    """Every length the request states is the tutorial's own or part of a box it states for one of the
    tutorial's regions, and it states one such box."""
    lengths = [q for q in stated if q.role == "geometry"]
    boxed = [q for q in lengths if in_stated_box(text, q.text)]
    return bool(boxed) and has_region_boxes(case) and all(
        any(q is b for b in boxed) or has_dimension(case, q.value) for q in lengths)


def has_region_boxes(case: Path) -> bool:
    """The tutorial sizes a region by a box (setFieldsDict's initial liquid, topoSetDict's cut-out block): a box
    the request states for it is that region's, no size of a domain to build (tasks.plan.bind_region_boxes)."""
    from tasks.foam.files import find_file, read_text

    for name in ("setFieldsDict", "topoSetDict"):
        found = find_file(case / "system", name)
        if found is not None and re.search(r"\bbox\s*\(", read_text(found)):
            return True
    return False


# Physics the shape library does not set up: a request asking for it keeps its tutorial.
_NOT_IN_LIBRARY = ("combustion", "lagrangian")


def _not_built_why(ctx: Context, best: Candidate) -> str:
    """Why the shape library does not build a request whose sizes the tutorial lacks: it does not
    know the shape, the request names the tutorial, or it asks for physics the library lacks."""
    from tasks.geometry.text import shape_words

    shape = shape_words(ctx.text)
    if shape is None:
        return "Casewright's shape library does not recognise the shape"
    if names_tutorial(ctx.text, best):
        return "the request names that tutorial"
    features = request_features(ctx.text, ctx.solver, ctx.model)
    asked = ctx.solver or next((s for s in features.solver_hints if s not in SHAPE_LIBRARY_SOLVERS), None)
    what = asked or ", ".join(f for f in _NOT_IN_LIBRARY if features.flags.get(f)) or "this physics"
    return f"the shape library cannot set up {what} on a {shape.replace('_', ' ')}"


# Solvers a rotating-frame word calls for that a spinning wall of the library's annulus does not need
# (the wall gets rotatingWallVelocity); a rotor, an impeller or a named frame still needs them.
_FRAME_SOLVERS = frozenset({"SRFSimpleFoam", "SRFPimpleFoam"})
_ROTATING_FRAME = re.compile(r"\b(?:srf|mrf)\b|rotating\s+(?:reference\s+)?frame|impeller|rotor|propeller|\bfan\b|"
                             r"mixer|stirr|turbine|blade", re.I)


def _wall_rotation_only(text: str, shape: str | None) -> frozenset[str]:
    """The rotating-frame solvers to ignore when an annulus' wall spins (Taylor-Couette: "inner wall
    rotating at 10 rad/s") and nothing asks for a rotating frame; empty otherwise."""
    return _FRAME_SOLVERS if shape == "annulus" and not _ROTATING_FRAME.search(text) else frozenset()


def library_sets_up(features, best: Candidate | None, ignore: frozenset[str] = frozenset()) -> bool:
    """The shape library can set up the physics the request asks for: the solver it names, or
    calls by one of its names, has a template there, and it asks for no free surface, compressible,
    reacting or particle physics. A solver it has no template for but carries from its tutorial
    (CARRIED_SOLVERS: a tracer's scalarTransportFoam, potentialFoam, laplacianFoam, mhdFoam) counts
    as set up; a tutorial whose solver the request's words describe and the library neither has a
    template for nor carries (a porous duct, box turbulence) keeps it."""
    if features.solver:
        return features.solver in SHAPE_LIBRARY_SOLVERS | CARRIED_SOLVERS
    if features.mesh_motion:
        return False  # a moving mesh or a body that moves ('a box heaving at 2 Hz'): no shape has a dynamicMeshDict
    if any(features.flags.get(flag) for flag in _NOT_IN_LIBRARY):
        return False
    called = {s for s, points in features.hint_strength.items() if points >= PHRASE_POINTS and s not in ignore}
    if called and not called & (SHAPE_LIBRARY_SOLVERS | CARRIED_SOLVERS):
        return False
    solver = (best.record.solver or "") if best is not None and best.score >= MIN_SCORE else ""
    return solver in ignore or not (solver in features.hint_strength and
                                    solver not in SHAPE_LIBRARY_SOLVERS | CARRIED_SOLVERS)


def names_tutorial(text: str, best: Candidate) -> bool:
    """The request names the tutorial itself, not only a shape it shares with it: by a name that
    is no plain word ('pitzDaily', 'hotRoom', 'BenardCells'), or by a plain one written as a
    tutorial's ('the cavity tutorial', 'the elbow case', 'tutorial cavity')."""
    words = set(re.findall(r"[a-z][a-z0-9_]+", text.lower()))
    for part in best.record.case.split("/")[2:]:
        name = part.lower()
        if name not in words or len(name) < 4:
            continue
        shape_code = bool(re.fullmatch(r"naca\d{4,5}", name))  # an airfoil's code names a shape, not the tutorial
        if (re.search(r"[A-Z0-9]", part[1:]) and not shape_code) or re.search(
                rf"\b{re.escape(name)}\s+(?:tutorial|case|example)\b|\btutorials?\s+(?:case\s+)?{re.escape(name)}\b",
                text.lower()):
            return True
    return False


def says_name_apart(text: str, best: Candidate) -> bool:
    """The request writes the tutorial's two-or-more-word name as separate words ("the buoyant
    cavity" for buoyantCavity, "a hot room" for hotRoom): with no size stated, that tutorial is the
    geometry meant, not the library's generic shape."""
    low = " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    for part in best.record.case.split("/")[2:]:
        words = [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|\d+", part)]
        if len(words) >= 2 and re.search(rf"\b{' '.join(map(re.escape, words))}\b", low):
            return True
    return False




def _time_control(control: str, binder: Binder, steady: bool) -> TimeControl:
    values = {e.entry[-1]: e.value for e in binder.edits if e.file == "system/controlDict" and isinstance(e.value, str)}

    def number(key: str, default: float) -> float:
        raw = values.get(key) or fd.get(control, [key]) or ""
        try:
            return float(raw)
        except ValueError:
            return default

    return TimeControl(end_time=number("endTime", 1.0), delta_t=number("deltaT", 1.0),
                       write_interval=number("writeInterval", 1.0),
                       adjustable=(values.get("adjustTimeStep") or fd.get(control, ["adjustTimeStep"]) or "no")
                       in ("yes", "on", "true"))


# parallel ranks and write count stated in words ------------------------------------------------
def region_ranks(binder: Binder, base_dir: Path) -> None:
    """The stated ranks in every region's decomposeParDict too (system/solid/decomposeParDict, read
    by `decomposePar -region solid`), so that each region splits into as many parts as the case."""
    ranks = next((e.value for e in reversed(binder.edits) if e.file == "system/decomposeParDict"
                  and e.entry == ["numberOfSubdomains"]), None)
    system = base_dir / "system"
    if not isinstance(ranks, str) or not system.is_dir():
        return
    for folder in sorted(d for d in system.iterdir() if d.is_dir()):
        if find_file(folder, "decomposeParDict") is not None:
            binder.set(f"system/{folder.name}/decomposeParDict", ["numberOfSubdomains"], ranks,
                       f"parallel ranks of region {folder.name}, as the case's")


_WRITE_ROLES = ("write_interval", "control:writeInterval")


def write_words(binder: Binder, text: str, stated: list[StatedQuantity], steady: bool) -> None:
    """"20 snapshots": the write interval that spreads that many writes over the run as planned
    (its end time, start time and time step), in the base's write control (steps or time)."""
    count = write_count(text)
    if count is None or any(q.role in _WRITE_ROLES for q in stated):
        return
    n, words = count
    rel = "system/controlDict"
    try:
        start = float(binder.current(rel, "startTime") or 0)
        end = float(binder.current(rel, "endTime"))
        dt = float(binder.current(rel, "deltaT") or 1)
    except ValueError:
        binder.not_applied.append(NotApplied(text=words, reason="the base's endTime, startTime or deltaT is not a number"))
        return
    span = end - start
    if span <= 0 or dt <= 0:
        binder.not_applied.append(NotApplied(text=words, reason=f"the run spans no time (startTime {start:g}, "
                                             f"endTime {end:g})"))
        return
    control = binder.current(rel, "writeControl") or "timeStep"
    if steady or control == "timeStep":
        value = str(max(1, round(span / dt / n)))
        if not steady and control == "timeStep" and abs(round(span / dt / n) * dt * n - span) > 1e-9 * span:
            binder.set(rel, ["writeControl"], "runTime", "write control in seconds, for equally spaced writes")
            value = fmt(span / n)
    else:
        value = fmt(span / n)
    binder.edits.append(FileEdit(file=rel, entry=["writeInterval"], value=value,
                                 reason=f"{words}: writeInterval {value} over the run", locked=True))
    binder.bindings.append(Binding(stated=words, file=rel, entry=["writeInterval"], value=value,
                                   how=f"{n} writes from {start:g} to {end:g}"))
