"""Edit an existing case from a change request: read the case, work out the changes, and
apply them with minimal diffs (the user's layout and comments stay), after backing up
every file that changes. Values the change asks for become locked."""

from __future__ import annotations

import difflib
import functools
import json
import re
import shutil
import time
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.core.errors import PlanError, RequestError
from tasks.edit import caseops
from tasks.edit.caseops import initial_field
from tasks.edit.modify_mesh import (
    axis_cell_count,
    cell_size_edit,
    describe_counts,
    mesh_scale,
    no_block_mesh,
    stated_cell_size,
)
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_props import scaled_flow_rate, scaled_property
from tasks.edit.modify_run import time_switch_edits, write_count_edits, write_switches
from tasks.edit.modify_stated import missing_field, stated_changes  # noqa: F401 (stated_changes: modify's API)
from tasks.edit.modify_thermal import degree_changes, fixed_temperatures, temperature_edits, temperature_patch
from tasks.edit.patch_words import (
    durations,
    in_unit,
    asks_laminar,
    after_sign,
    bare_end_time,
    bare_write_interval,
    extra_run,
    increment_sign,
    relative_run_factors,
    scaled_values,
    segment_before,
    stated_direction,
    surface_tension,
    write_count,
)
from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.foam.casedir import check_and_read, field_files, mesh_patches
from tasks.foam.defaults import describe_relaxation
from tasks.foam.locked import LockedValue, flatten, load_locked, save_locked
from tasks.foam.physics import (
    find_fluid,
    fluid_table,
    fmt,
    inlet_turbulence,
    is_steady,
    model_spec,
    sine_bc,
    solver_family,
)
from tasks.plan.extract import Quantity, cell_counts, first, quantities, sines
from tasks.plan.manifest import FileEdit
from tasks.plan.recipes import column_box, setfields_regions, vec
from tasks.plan.request import check_request_text, final_model, named_solver
from tasks.plan.stated import in_case_time, read_stated

_NUMBER = r"[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?"


class ChangeResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    changed: list[str]
    diff: str
    backup: str | None


def read_state(case_dir: Path) -> CaseState:
    info = check_and_read(case_dir)
    case = info.case_dir
    model = "laminar"
    tp = case / "constant/turbulenceProperties"
    if tp.is_file():
        text = tp.read_text()
        if fd.get(text, ["simulationType"]) not in (None, "laminar"):
            model = fd.get(text, ["RAS", "RASModel"]) or fd.get(text, ["LES", "LESModel"]) or "laminar"
    patches = mesh_patches(case, fields=False) or _field_patches(case)
    roles = {}
    manifest = case / ".casewright/manifest.json"
    if manifest.is_file():
        roles = {p["name"]: p["role"] for p in json.loads(manifest.read_text()).get("patches", [])}
    roles = {name: caseops.role_of(name, ptype, roles) for name, ptype in patches.items()}
    if (u_file := initial_field(case, "U")) is not None:
        # a fixed non-zero velocity: a moving wall on a wall patch, an inlet on a plain patch
        # whose name says neither (counterFlowFlame2D's fuel and air)
        text = u_file.read_text()
        for name, ptype in patches.items():
            if roles.get(name) == "wall" and fd.get(text, ["boundaryField", name, "type"]) in ("fixedValue", "uniformFixedValue"):
                value = fd.get(text, ["boundaryField", name, "value"]) or ""
                if re.search(r"[1-9]", value.replace("uniform", "")) or fd.get(text, ["boundaryField", name, "uniformValue"]):
                    roles[name] = "movingWall" if ptype == "wall" else "inlet"
    centres = {p: c for p, c in caseops.patch_centres(case).items() if patches.get(p) not in _CONSTRAINTS}
    return CaseState(case_dir=case, solver=info.application, model=model, patches=patches, roles=roles,
                     fields=field_files(case), centres=centres, up=_up_axis(case))


def _field_patches(case: Path) -> dict[str, str]:
    """Patch name -> type from the fields' boundaryField, for a case whose mesh is not built yet
    and has no blockMeshDict (elbow's Fluent mesh, a snappyHexMesh case): the type a field gives
    (empty, symmetry, wedge, ...), else wall for a wall-like condition or name, else patch.
    Regular-expression and group keys are left out."""
    texts = [p.read_text() for p in (initial_field(case, f) for f in ("U", "p", "p_rgh", "T")) if p is not None]
    out: dict[str, str] = {}
    for text in texts:
        for name in fd.keys(text, ["boundaryField"]):
            if name in out or not re.fullmatch(r"[A-Za-z_][\w.:-]*", name):
                continue
            bc = (fd.get(text, ["boundaryField", name, "type"]) or "").strip()
            if bc in _CONSTRAINTS:
                out[name] = bc
            elif bc in ("noSlip", "slip", "movingWallVelocity") or re.search(r"wall", name, re.I):
                out[name] = "wall"
            else:
                out[name] = "patch"
    return out


_CONSTRAINTS = ("empty", "symmetry", "symmetryPlane", "wedge", "cyclic", "cyclicAMI", "processor")


def _up_axis(case: Path) -> int:
    """The axis against gravity (constant/g), y when the case has no gravity."""
    g = case / "constant/g"
    value = (fd.get(g.read_text(), ["value"]) or "") if g.is_file() else ""
    nums = [float(x) for x in re.findall(_NUMBER, value)]
    return max(range(3), key=lambda i: abs(nums[i])) if len(nums) == 3 and any(nums) else 1


def _patch_with_role(state: CaseState, *roles: str) -> str | None:
    return next((p for p, r in state.roles.items() if r in roles), None)


def _direction(case: Path, field: str, patch: str) -> list[float]:
    value = fd.get(initial_field(case, field).read_text(), ["boundaryField", patch, "value"]) or ""  # type: ignore[union-attr]
    nums = [float(x) for x in re.findall(_NUMBER, value)]
    if len(nums) == 3 and any(nums):
        norm = sum(x * x for x in nums) ** 0.5
        return [x / norm for x in nums]
    return [1.0, 0.0, 0.0]


def plan_changes(state: CaseState, text: str) -> ChangePlan:
    """Work out the edits a change request asks for. Refuses when it finds none."""
    text = check_request_text(text)
    plan = ChangePlan(request=text)
    case = state.case_dir
    qs = quantities(text)
    low = text.lower()

    def edit(file: str, keys: list[str], value, reason: str, locked: bool = True) -> None:
        plan.edits.append(FileEdit(file=file, entry=keys, value=value, reason=reason, locked=locked))

    solver = named_solver(re.split(r"\b(?:to|using|with)\b", text, maxsplit=1)[-1]) or \
        named_solver(re.sub(rf"\b{re.escape(state.solver)}\b", " ", text, flags=re.I)) or None  # "make it pimpleFoam with ..."
    if solver and solver != state.solver:
        plan.solver = solver
    elif solver is None and (counterpart := _time_counterpart(state.solver, low)) is not None:
        plan.solver = counterpart
    swapped = _REPLACE_BY.sub(r"replace \1 with ", _SWAP_FOR.sub(r"replace \1 with ", text))
    model = target_model(swapped) or ("laminar" if asks_laminar(text) else None)
    if model is None and (model := _family_model(low, state.model)) is not None:
        plan.assumptions.append(f"{model_spec(model).simulation_type} without a model named: {model}")
    asked = re.search(_SWITCH_WORDS if model != state.model else _RECHECK_WORDS, low)
    if model and asked:
        if model != state.model:
            plan.model = model
        else:
            plan.model = model
            plan.assumptions.append(f"the case already uses {model}: its fields, wall functions, schemes and "
                                    f"solvers were checked and completed where needed")
    target_solver = plan.solver or state.solver
    if plan.model and model_spec(plan.model).simulation_type != "laminar" and target_solver == "icoFoam":
        plan.solver = target_solver = "pisoFoam"
        plan.assumptions.append("solver = pisoFoam (icoFoam is laminar only)")
    if plan.model and "R" in model_spec(plan.model).solved and is_steady(target_solver):
        plan.assumptions.append(f"Reynolds-stress model: SIMPLE (not SIMPLEC), relaxation {describe_relaxation('stress')} "
                                "and upwind convection of R and epsilon, for a stable start")
    if plan.model and model_spec(plan.model).simulation_type == "LES" and is_steady(target_solver):
        plan.warnings.append(f"an LES model with the steady solver {target_solver}: a real LES needs a transient solver")

    end_q = first(qs, "iterations", "endtime", "end time", "to", "run") or \
        first(qs, "time", "endtime", "end time", "until", "run for", "stop", "end at", "finish", "expir", "duration")
    write_q = first(qs, "iterations", "every", "write") or first(qs, "time", "every", "write")
    iteration_qs = [q for q in qs if q.kind == "iterations" and q is not write_q]
    if end_q is None and len(iteration_qs) == 1 and extra_run(text) is None:  # "..., 1500 iterations, ...": the run length
        end_q = iteration_qs[0]
    if end_q is not None and end_q is not write_q:  # "six months" is 0.5 in financialFoam's years
        edit("system/controlDict", ["endTime"], _num(in_case_time(end_q.value, state.solver) if end_q.kind == "time"
                                                     else end_q.value), "end time")
    elif end_q is None:
        _duration_end_time(plan, state, text)
    if write_q is not None:
        edit("system/controlDict", ["writeInterval"], fmt(write_q.value), "write interval")
        _write_control_edit(plan, state, write_q.kind)
    dt_q = first(qs, "time", "deltat", "time step")
    if dt_q is not None and dt_q is not end_q and dt_q is not write_q and _said_of(dt_q, "deltat", "time step", "timestep", "dt"):
        edit("system/controlDict", ["deltaT"], fmt(dt_q.value), "time step")
    _relative_run_edits(plan, state, text)
    _extra_run_edit(plan, state, text)
    if write_q is None and (bare := bare_write_interval(text)) is not None:
        edit("system/controlDict", ["writeInterval"], _num(bare), "write interval (in the unit of the case's writeControl)")
    set_end = next((e for e in plan.edits if e.file == "system/controlDict" and e.entry == ["endTime"]), None)
    if set_end is None and end_q is None and (bare_end := bare_end_time(text)) is not None:
        edit("system/controlDict", ["endTime"], _num(bare_end), "end time (in the case's own unit of time)")
        set_end = plan.edits[-1]
    said = {tuple(e.entry) for e in plan.edits if e.file == "system/controlDict"}
    plan.edits += [e for e in write_switches(text) if tuple(e.entry) not in said]
    count = write_count(text)
    if count and not any(e.file == "system/controlDict" and e.entry == ["writeInterval"] for e in plan.edits) \
            and (case / "system/controlDict").is_file():
        writes = write_count_edits((case / "system/controlDict").read_text(), state.solver, count,
                                   float(str(set_end.value)) if set_end else None)
        plan.edits += writes.edits
        plan.warnings += [writes.warning] if writes.warning else []

    new_solver = plan.solver or state.solver
    if is_steady(new_solver) != is_steady(state.solver) and (case / "system/controlDict").is_file():
        said = {e.entry[0]: str(e.value) for e in plan.edits if e.file == "system/controlDict" and len(e.entry) == 1}
        switch = time_switch_edits((case / "system/controlDict").read_text(), is_steady(new_solver), new_solver, said,
                                   *_flow_scales(state))
        plan.edits += switch.edits
        plan.assumptions += switch.assumptions
        plan.warnings += switch.warnings

    u_field = "U.air" if "U.air" in state.fields else "U"
    sine = sines(text)
    speeds = [q for q in qs if q.kind == "velocity"]
    if sine:
        patch = _patch_with_role(state, "movingWall") if re.search(r"wall|lid|top", low) else None
        patch = patch or _patch_with_role(state, "inlet", "movingWall")
        if patch is None:
            raise RequestError("the change names a velocity, but the case has no inlet or moving wall to put it on")
        direction = _direction(case, u_field, patch)
        s = sine[0]
        edit(f"0/{u_field}", ["boundaryField", patch], sine_bc(s.amplitude, s.period, [round(d, 6) for d in direction]),
             f"{patch} velocity {s.text} (Function1 sine)")
    unplaced: list[tuple[str, str]] = []
    if not sine and speeds:
        unplaced = _velocity_edits(plan, state, text, speeds, u_field)
    _patch_pressure_edits(plan, state, text)

    temps = sorted([q for q in qs if q.kind == "temperature"] + degree_changes(qs), key=lambda q: q.start)
    if temps and "0/T" not in (e.file for e in plan.edits) and (t_file := initial_field(case, "T")) is not None:
        t_edits, t_warnings = temperature_edits(state, t_file.read_text(), text, temps)
        plan.edits += t_edits
        plan.warnings += t_warnings

    fluid = _target_fluid(text)
    if solver_family(state.solver) == "multiphase":
        if fluid or first(qs, "density") or first(qs, "kinematic_viscosity"):
            _liquid_edits(plan, state, fluid, qs)
    elif fluid:
        _fluid_edits(plan, state, fluid, qs)

    cloud = case / "constant/kinematicCloudProperties"
    if cloud.is_file():
        d_q = first(qs, "length", "diameter", "size")
        rho_q = first(qs, "density", "density", "particle")
        if d_q:
            edit("constant/kinematicCloudProperties",
                 ["subModels", "injectionModels", "model1", "sizeDistribution", "fixedValueDistribution", "value"],
                 fmt(d_q.value), "particle diameter")
        if rho_q:
            edit("constant/kinematicCloudProperties", ["constantProperties", "rho0"], fmt(rho_q.value), "particle density")

    ranks_q = first(qs, "ranks")
    if ranks_q is not None:
        plan.ranks = int(ranks_q.value)
        plan.assumptions.append(f"{plan.ranks} MPI ranks: system/decomposeParDict, remembered for the runs of the case")

    omega_q = first(qs, "angular_velocity")
    if omega_q and (case / "constant/MRFProperties").is_file():
        mrf = (case / "constant/MRFProperties").read_text()
        zone = next((k for k in fd.keys(mrf) if fd.get(mrf, [k, "omega"]) is not None), None)
        if zone is None:
            raise RequestError("constant/MRFProperties has no zone with an omega entry to change")
        edit("constant/MRFProperties", [zone, "omega"], _num(omega_q.value), "MRF angular velocity")

    bmd_path = case / "system/blockMeshDict"
    flat = caseops.flat_axes(bmd_path.read_text()) if bmd_path.is_file() else []
    refine = refinement(low, two_d="empty" in state.roles.values() or _is_2d(case), flat=flat)
    if refine is not None and (reason := _unrefinable(case, refine)) is not None:
        plan.warnings.append(f"not applied: mesh refinement x {' x '.join(fmt(f) for f in refine)} ({reason})")
    elif refine is not None:
        plan.refine = refine
        plan.assumptions.append(f"mesh refined by {' x '.join(fmt(f) for f in refine)} (cells per block, x y z)")
    counts = cell_counts(text)
    if counts and re.search(r"mesh|cells|resolution|grid", low) and plan.refine is None:
        _cell_count_edit(plan, case, counts[0])
    if not counts and plan.refine is None and (axis_count := axis_cell_count(text)) is not None:
        _cell_count_edit(plan, case, [axis_count[1] if i == axis_count[0] else 0 for i in range(3)])
    size_q = stated_cell_size(qs)
    if size_q is not None and plan.refine is None and not any(e.file == "system/blockMeshDict" for e in plan.edits):
        sized = cell_size_edit(bmd_path.read_text(), size_q) if bmd_path.is_file() else no_block_mesh(case)
        if isinstance(sized, str):
            plan.warnings.append(f"not applied: {size_q.text} cells ({sized})")
        else:
            plan.edits.append(sized)

    box = column_box(text, last=True)
    if box and (case / "system/setFieldsDict").is_file():
        sfd = (case / "system/setFieldsDict").read_text()
        regions = fd.get(sfd, ["regions"]) or ""
        field = (re.search(r"volScalarFieldValue\s+(\S+)", regions) or re.search(r"volScalarFieldValue\s+(\S+)", sfd))
        old = re.search(r"box\s*\(([^)]*)\)\s*\(([^)]*)\)", regions)
        if field is None or old is None:
            raise RequestError("system/setFieldsDict has no boxToCell region to move")
        lo = [float(x) for x in old.group(1).split()]
        hi = [float(x) for x in old.group(2).split()]
        span = fd.find(sfd, ["regions"])
        edit("system/setFieldsDict", ["regions"],
             setfields_regions(field.group(1), [box[0], lo[1], lo[2]], [box[1], hi[1], hi[2]]), f"water column: {box[2]}")
        del span

    _scaled_value_edits(plan, state, text)
    _surface_tension_edits(plan, state, text)
    _contact_angle_edits(plan, state, qs, low)
    _bind_the_rest(plan, state, text)
    for patch, why in unplaced:  # the binder may have set it another way (a flow rate condition replaced)
        if not any(e.file.endswith(f"/{u_field}") and patch in e.entry for e in plan.edits):
            plan.warnings.append(f"not applied: {why}")
    if not (plan.edits or plan.solver or plan.model or plan.refine or plan.ranks):
        if re.search(r"\bgravity\b", low) and not (case / "constant/g").is_file():
            raise RequestError(f"{state.solver} solves no gravity (the case has no constant/g): gravity needs a "
                               "solver that reads it (buoyant*Foam for heat, interFoam for two phases); name one, "
                               "e.g. 'switch to buoyantPimpleFoam'")
        missing = [reason for q in read_stated(text) if (reason := missing_field(q.quantity, case, state.solver))]
        missing += [w.removeprefix("not applied: ") for w in plan.warnings if w.startswith("not applied: ")]
        if missing:
            raise RequestError(f"found no change to make: {'; '.join(missing)}")
        raise RequestError(
            "found no change to make offline in this request: name a value with its unit (velocity, "
            "temperature, endTime...), a turbulence model or solver to switch to, a fluid, a mesh refinement "
            "factor or a setFields region; or configure an LLM for free-form changes"
        )
    return plan


# a steady solver and its transient counterpart (the same physics, PIMPLE for SIMPLE)
_STEADY_TRANSIENT = {"simpleFoam": "pimpleFoam", "buoyantSimpleFoam": "buoyantPimpleFoam",
                     "buoyantBoussinesqSimpleFoam": "buoyantBoussinesqPimpleFoam", "rhoSimpleFoam": "rhoPimpleFoam",
                     "SRFSimpleFoam": "SRFPimpleFoam", "chtMultiRegionSimpleFoam": "chtMultiRegionFoam"}
_TRANSIENT_STEADY = {**{t: s for s, t in _STEADY_TRANSIENT.items()}, "icoFoam": "simpleFoam", "pisoFoam": "simpleFoam"}
_TIME_WORDS = re.compile(r"\b(?:make|run|switch|change|convert|turn|go)\w*\b[^.;]*?\b(?P<w>transient|unsteady|"
                         r"time[- ]dependent|time[- ]accurate|steady(?:[- ]state)?)\b"
                         # or opening a clause without a verb: "steady state with SA, 1500 iterations"
                         r"|(?:^|[.;,:]\s*)(?:an?\s+|the\s+)?(?P<w2>transient|unsteady|steady[- ]state)\b(?!\s+(?:inlet|flow rate|"
                         r"velocity|value|condition|profile))")


def _flow_scales(state: CaseState) -> tuple[float | None, float | None, float | None]:
    """(smallest mean cell size, largest extent, fastest inlet or wall speed) of a case, from
    its blockMeshDict and 0/U; None for what it does not tell (a snappy mesh, a pressure inlet)."""
    cell = length = None
    bmd = state.case_dir / "system/blockMeshDict"
    text = bmd.read_text() if bmd.is_file() else ""
    found, totals = (caseops.block_extents(text), caseops.axis_totals(text)) if text else (None, None)
    if found and totals:
        extents, flat = found
        scale = mesh_scale(text)
        sizes = [extents[a] * scale / totals[a] for a in range(3) if a not in flat and totals[a] and extents[a] > 0]
        cell = min(sizes) if sizes else None
        length = max(extents) * scale if max(extents) > 0 else None
    speeds = [_site_magnitude(state.case_dir, site) for patch, role in state.roles.items() if role in ("inlet", "movingWall")
              if not isinstance(site := value_site(state.case_dir, "U", patch), str)]
    speed = max(speeds) if speeds and max(speeds) > 0 else None
    return cell, length, speed


def _said_of(q: Quantity, *words: str) -> bool:
    """True when the words right after a value, or its own clause before it, name it: "1e-4 s
    time step", "set deltaT to 1e-4 s"; not "halve the time step, and write every 0.05 s"."""
    clause = re.split(r"[,;]|\.\s|\band\b|\bthen\b", q.before.lower())[-1]
    after = q.after.strip().lower()
    return any(after.startswith(w) or re.search(rf"\b{re.escape(w)}\b", clause) for w in words)


def _time_counterpart(solver: str, low: str) -> str | None:
    """The solver "make it transient" / "run it steady-state" asks for: the counterpart of the
    case's solver, None when the words ask for no such switch or the case already is that."""
    m = _TIME_WORDS.search(low)
    if m is None:
        return None
    wants_steady = (m.group("w") or m.group("w2")).startswith("steady")
    if wants_steady == is_steady(solver):
        return None
    return (_TRANSIENT_STEADY if wants_steady else _STEADY_TRANSIENT).get(solver)


# a family named without a model ("switch to LES", "use RANS instead of LES"): its usual model
_FAMILIES = ((re.compile(r"\b(?:rans|ras|reynolds[- ]averaged)\b"), "kOmegaSST"),
             (re.compile(r"\b(?:les|large[- ]eddy(?:\s+simulation)?)\b"), "Smagorinsky"))
_NOT_TARGET = re.compile(r"\b(?:instead of|rather than|in place of|from|replacing)\s+(?:the\s+)?(?:an?\s+)?"
                         r"(?:rans|ras|les|large[- ]eddy(?:\s+simulation)?|laminar)\b")


def _family_model(low: str, current: str) -> str | None:
    """The model a request means when it names only a family: kOmegaSST for RANS (the
    all-round choice of canonical/turbulence_models.md), Smagorinsky for LES; None when it names
    none, or only the family the case already has."""
    rest = _NOT_TARGET.sub(" ", low)
    hits = sorted((m.start(), model) for pattern, model in _FAMILIES if (m := pattern.search(rest)))
    if not hits:
        return None
    model = hits[0][1]
    return None if model_spec(model).simulation_type == model_spec(current).simulation_type else model


# "swap A for B", "trade A for B": B replaces A
_SWAP_FOR = re.compile(r"\b(?:swap|trade|exchange)\w*\s+(?:out\s+)?(.+?)\s+for\s+", re.I)

# "replace A by B", "exchange A for B": B replaces A (final_model reads "replace A with B")
_REPLACE_BY = re.compile(r"\b(?:replac\w*|exchang\w*)\s+(.+?)\s+(?:by|for)\s+(?=\S)", re.I)

# words that ask for the model the case already has to be checked and completed
_RECHECK_WORDS = r"\b(switch|change|convert|use|add|replace|turbulen|go back|revert|instead)"

# words that make a named model the one to switch to ("make it laminar", "run it as LES with
# Smagorinsky", "turn the turbulence model off"), not a mention of the model the case has
_SWITCH_WORDS = (r"\b(switch|change|convert|use|add|replace|turbulen|go back|revert|instead|make|run|turn|set|"
                 r"simulat|model|go\b|move|try|want|need|swap|trade|exchange|with)")


_FACTOR_WORDS = {"double": 2.0, "twice": 2.0, "triple": 3.0, "quadruple": 4.0, "halve": 0.5, "half": 0.5}


_SPELLED = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "eight": 8, "ten": 10}
_SPELLED_TIMES = re.compile(rf"\b({'|'.join(_SPELLED)})\s+times\b")


def refinement(low: str, two_d: bool, flat: Iterable[int] = ()) -> list[float] | None:
    """Cell-count factors (x, y, z) a change request asks for: "halve the cell size" (x2),
    "double the resolution in x" (x2 in x), "refine the mesh by a factor of 3", "coarsen by 2",
    "twice as fine", "cells half as big"; None when it asks for no refinement. An axis in `flat`
    (one cell in every block: the empty direction of a 2-D case, in x, y or z) keeps its one
    cell unless the words name it."""
    low = _SPELLED_TIMES.sub(lambda m: f"{_SPELLED[m.group(1)]} times", low)  # "three times finer"
    size_words = r"(?:cell size|cell sizes|cell spacing|grid spacing|mesh size|spacing|cell width)"
    count_words = r"(?:resolution|cells|cell count|number of cells|mesh|grid)"
    factor: float | None = None
    m = re.search(rf"\b(double|twice|triple|quadruple|halve|half)\b[^.;,]*?{size_words}|{size_words}[^.;,]*?\b(doubled|halved|tripled)\b", low)
    if m:
        word = (m.group(1) or m.group(2) or "").removesuffix("d").removesuffix("e") + ("e" if (m.group(2) or "").startswith("halv") else "")
        word = {"doubl": "double", "halv": "halve", "halve": "halve", "tripl": "triple"}.get(word, word)
        factor = 1.0 / _FACTOR_WORDS.get(word, 1.0)
    if factor is None and re.search(rf"\b(?:coarsen\w*|(?:reduce|lower|decrease|cut)\w*\s+(?:the\s+)?{count_words})\b[^.;]*?"
                                    r"\bby\s+(?:a\s+)?half\b", low):
        factor = 0.5  # "coarsen the mesh by half", "reduce the resolution by half"
    if factor is None:  # "cells half as big", "cells twice as small", "a grid twice as fine"
        m = re.search(r"\b(?:cells?|grid|mesh|spacing)\b[^.;,]*?\b(half|twice|two times|three times|four times)\s+as\s+"
                      r"(big|large|wide|long|coarse|small|fine|narrow|short)\b", low)
        if m:
            n = {"half": 0.5, "twice": 2.0, "two times": 2.0, "three times": 3.0, "four times": 4.0}[m.group(1)]
            bigger = m.group(2) in ("big", "large", "wide", "long", "coarse")
            factor = 1.0 / n if bigger else n
    if factor is None:
        m = re.search(rf"\b(double|twice|triple|quadruple|halve|half)\b[^.;,]*?{count_words}|{count_words}[^.;,]*?\b(doubled|halved)\b", low)
        if m:
            word = m.group(1) or {"doubled": "double", "halved": "halve"}[m.group(2)]
            factor = _FACTOR_WORDS[word]
    if factor is None:
        m = re.search(rf"\b(increase|raise|multiply|decrease|reduce|lower)\w*\b[^.;]*?{count_words}[^.;]*?by\s+"
                      r"(?:a\s+)?factor\s+(?:of\s+)?(\d+(?:\.\d+)?)", low)
        if m:
            n = float(m.group(2))
            factor = n if m.group(1).startswith(("increase", "raise", "multiply")) else 1.0 / n
    if factor is None:
        # "refine by 2", never the "by" of a cell count ("refine to 80 by 80 cells")
        m = re.search(r"\b(refine|coarsen)\w*\b[^.;]*?(?:by\s+(?:a\s+)?factor\s+(?:of\s+)?|(?<![\d.]\s)(?<![\d.])by\s+)"
                      r"(\d+(?:\.\d+)?)(?!\s*(?:by|x|\*)\s*\d)", low) or \
            re.search(r"\b(\d+(?:\.\d+)?)\s*(?:x|times)\s+(finer|coarser)\b", low)
        if m:
            verb, number = (m.group(1), m.group(2)) if not m.group(1)[0].isdigit() else (m.group(2), m.group(1))
            factor = float(number) if verb.startswith(("refine", "finer")) else 1.0 / float(number)
        elif re.search(r"\b(twice|two times) as fine\b", low):
            factor = 2.0
    if factor is None:
        return None
    axes = [bool(re.search(p, low)) for p in (r"\bin x\b|\bx[- ]direction|streamwise|along x|\bx\s+(?:and|,)|\(x\)|\bx[- ]only\b",
                                              r"\bin y\b|\by[- ]direction|wall[- ]normal|along y|(?:and|,)\s+y\b|\(y\)|\by[- ]only\b",
                                              r"\bin z\b|\bz[- ]direction|spanwise|along z|(?:and|,)\s+z\b|\(z\)|\bz[- ]only\b")]
    if not any(axes):
        flat = set(flat)
        axes = [i not in flat for i in range(3)] if flat else [True, True, not two_d]
    return [factor if a else 1.0 for a in axes]


def _extra_run_edit(plan: ChangePlan, state: CaseState, text: str) -> None:
    """"2000 more iterations", "another 0.5 s", "extend the run by 500 iterations": endTime
    grows by that much (steps of a transient case count deltaT each); an endTime read from the
    same number as an absolute value is replaced."""
    found = extra_run(text)
    if found is None:
        return
    amount, unit = found
    end, dt = _control_number(state.case_dir, "endTime"), _control_number(state.case_dir, "deltaT")
    if end is None:
        plan.warnings.append(f"not applied: {_num(amount)} {unit} more (system/controlDict has no plain endTime)")
        return
    steps = bool(re.match(r"iteration|step|time ?step", unit)) and not is_steady(state.solver)
    if steps and dt is None:
        plan.warnings.append(f"not applied: {_num(amount)} {unit} more (deltaT is not a plain number)")
        return
    new = end + amount * (dt if steps else 1.0)  # type: ignore[operator]
    plan.edits[:] = [e for e in plan.edits if not (e.file == "system/controlDict" and e.entry == ["endTime"])]
    plan.edits.append(FileEdit(file="system/controlDict", entry=["endTime"], value=_num(round(new, 12)),
                               reason=f"endTime {_num(end)} + {_num(amount)} {unit}".strip(), locked=True))


def _scaled_value_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """Boundary values scaled without being given: "double the inlet velocity", "increase the
    lid speed by 50%", "reduce the outlet pressure by 10 percent", "halve the hot wall
    temperature" (in K): the present value on the patch the words name (for a velocity, else the
    moving wall or inlet) times the factor."""
    low = text.lower()
    for kind, words, factor in scaled_values(text):
        if kind == "flow_rate" and (rate := scaled_flow_rate(state, words, factor)) is not None:
            plan.edits += rate.edits
            plan.warnings += rate.warnings
            continue
        if kind == "flow_rate":  # an inlet of fixed velocity: the same flow rate change
            kind = "velocity"
        if kind in ("viscosity", "density"):
            change = scaled_property(state.case_dir, kind, words, factor, text)
            plan.edits += change.edits
            plan.warnings += change.warnings
            plan.assumptions += change.assumptions
        elif kind == "velocity":
            u_field = "U.air" if "U.air" in state.fields else "U"
            for patch in _velocity_targets(state, low, words, first_value=True):
                site = value_site(state.case_dir, u_field, patch)
                if isinstance(site, str):
                    plan.warnings.append(f"not applied: {words} x {_num(factor)} ({site})")
                    continue
                old = fd.get((state.case_dir / _pristine(state.case_dir, site.file)).read_text(), site.entry) or ""
                nums = [float(x) for x in re.findall(_NUMBER, old)]
                if len(nums) != 3:
                    plan.warnings.append(f"not applied: {words} x {_num(factor)} ({site.file} {'/'.join(site.entry)} is {old!r})")
                    continue
                speed = vec(*(round(x * factor, 12) for x in nums))
                plan.edits.append(FileEdit(file=site.file, entry=site.entry, value=f"uniform {speed}" if site.uniform else speed,
                                           reason=f"{patch} velocity x {_num(factor)}", locked=True))
        else:
            field = "T" if kind == "temperature" else ("p_rgh" if initial_field(state.case_dir, "p") is None else "p")
            path = initial_field(state.case_dir, field)
            patch = state.patch_named(words) if path is not None else None
            if patch is None and path is not None and kind == "temperature":  # "halve the hot wall temperature"
                patch = temperature_patch(state, words, *fixed_temperatures(path.read_text()))
            if path is None or patch is None:
                plan.warnings.append(f"not applied: {words} x {_num(factor)} (no {field} patch named by '{words}')")
                continue
            bc = fd.get(path.read_text(), ["boundaryField", patch]) or ""
            key = "p0" if re.search(r"\bp0\b", bc) else "value"
            old = (fd.get(path.read_text(), ["boundaryField", patch, key]) or "").split()
            if len(old) != 2 or old[0] != "uniform" or not re.fullmatch(_NUMBER, old[1]) or float(old[1]) == 0:
                plan.warnings.append(f"not applied: {words} x {_num(factor)} ({patch} {key} is {' '.join(old) or 'not set'}: "
                                     "no non-zero uniform value to scale)")
                continue
            new = _num(round(float(old[1]) * factor, 10))
            plan.edits.append(FileEdit(file=f"0/{field}", entry=["boundaryField", patch, key], value=f"uniform {new}",
                                       reason=f"{patch} {kind} x {_num(factor)}", locked=True))


def _pristine(case: Path, rel: str) -> str:
    """The copy of a 0/ file the run starts from (0.orig/X or 0/X.orig when the case keeps one)."""
    if rel.startswith("0/"):
        found = initial_field(case, rel.removeprefix("0/"))
        if found is not None:
            return str(found.relative_to(case))
    return rel


def _site_magnitude(case: Path, site: ValueSite) -> float:
    value = fd.get((case / _pristine(case, site.file)).read_text(), site.entry) or ""
    nums = [float(x) for x in re.findall(_NUMBER, value)]
    return sum(x * x for x in nums) ** 0.5 if len(nums) == 3 else 0.0


def _control_number(case: Path, key: str) -> float | None:
    """A plain number of system/controlDict, None when absent or not a number ($var, #calc)."""
    path = case / "system/controlDict"
    value = (fd.get(path.read_text(), [key]) or "").strip() if path.is_file() else ""
    try:
        return float(value)
    except ValueError:
        return None


def _relative_run_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """Run control changed by a factor of its present value: "run twice as long" (endTime, on the
    time after startTime), "halve the time step" (deltaT), "write twice as often" (writeInterval,
    whole steps when it counts steps). An entry this request already states stays as stated."""
    stated = {e.entry[0] for e in plan.edits if e.file == "system/controlDict" and len(e.entry) == 1}
    for key, factor in relative_run_factors(text).items():
        if key in stated:
            continue
        old = _control_number(state.case_dir, key)
        if old is None:
            plan.warnings.append(f"not applied: {key} x {_num(factor)} (system/controlDict has no plain number for {key})")
            continue
        if key == "endTime":  # the run starts at startTime only with startFrom startTime (else 0/ as a rule)
            start_from = (fd.get((state.case_dir / "system/controlDict").read_text(), ["startFrom"]) or "").strip()
            start = (_control_number(state.case_dir, "startTime") or 0.0) if start_from == "startTime" else 0.0
            new = start + (old - start) * factor
        else:
            new = old * factor
        cd = (state.case_dir / "system/controlDict").read_text()
        counts_steps = key == "writeInterval" and (fd.get(cd, ["writeControl"]) or "").strip() == "timeStep"
        if counts_steps or (key == "endTime" and is_steady(state.solver)):
            new = max(1.0, float(round(new)))
        value = _num(round(new, 12))
        plan.edits.append(FileEdit(file="system/controlDict", entry=[key], value=value,
                                   reason=f"{key} x {_num(factor)}: {_num(old)} -> {value}", locked=True))
        if key == "deltaT" and (fd.get(cd, ["adjustTimeStep"]) or "").strip() in ("yes", "on", "true"):
            plan.warnings.append("adjustTimeStep is on: the solver changes deltaT from the first step (maxCo decides)")


def _write_control_edit(plan: ChangePlan, state: CaseState, kind: str) -> None:
    """A write interval in seconds needs a time-based writeControl, one in steps `timeStep`:
    the case's writeControl follows the unit the request gives (a steady case counts both)."""
    path = state.case_dir / "system/controlDict"
    if not path.is_file() or is_steady(state.solver):
        return
    cd = path.read_text()
    control = (fd.get(cd, ["writeControl"]) or "timeStep").strip()
    adjustable = (fd.get(cd, ["adjustTimeStep"]) or "").strip() in ("yes", "on", "true")
    if kind == "time" and control in ("timeStep", "cpuTime", "clockTime"):
        new = "adjustableRunTime" if adjustable else "runTime"
    elif kind == "iterations" and control in ("runTime", "adjustableRunTime", "adjustable"):
        new = "timeStep"
    else:
        return
    plan.edits.append(FileEdit(file="system/controlDict", entry=["writeControl"], value=new,
                               reason=f"write interval in {'seconds' if kind == 'time' else 'steps'}: writeControl {new}",
                               locked=True))


def _unrefinable(case: Path, factors: list[float]) -> str | None:
    """Why the blockMeshDict cannot be refined by `factors`, None when it can (a case meshed from
    an m4 template is expanded when the change is applied)."""
    bmd = case / "system/blockMeshDict"
    if not bmd.is_file():
        if (case / "system/blockMeshDict.m4").is_file():
            return None
        return no_block_mesh(case)
    try:
        caseops.scale_blocks(bmd.read_text(), factors)
    except PlanError as err:
        return str(err)
    return None


def _cell_count_edit(plan: ChangePlan, case: Path, counts: list[int]) -> None:
    """"80 by 80 cells": the counts of a one-block mesh; a mesh of several blocks is scaled so
    that its largest total along each stated axis becomes the stated count (blocks keep their
    proportions and shared faces keep matching counts)."""
    bmd = case / "system/blockMeshDict"
    if not bmd.is_file():
        plan.warnings.append(f"not applied: {describe_counts(counts)} ({no_block_mesh(case)})")
        return
    text = bmd.read_text()
    cells = caseops.block_cells(text)
    wanted = counts + [0] * (3 - len(counts))
    if len(cells) == 1:
        value = geometry.set_single_block_cells(fd.get(text, ["blocks"]) or "", [c or cells[0][i] for i, c in enumerate(wanted)])
        plan.edits.append(FileEdit(file="system/blockMeshDict", entry=["blocks"], value=value, reason="mesh resolution",
                                   locked=True))  # the stated counts replace a resolution the base case locked
        return
    # several blocks: the stated count is the total across the mesh along that axis
    totals = caseops.axis_totals(text)
    if totals is None:
        plan.warnings.append(f"not applied: {describe_counts(counts)} (the blockMeshDict's vertices are not "
                             "plain numbers: its blocks' cells along each axis cannot be added up)")
        return
    factors = [wanted[i] / totals[i] if wanted[i] and totals[i] else 1.0 for i in range(3)]
    if (reason := _unrefinable(case, factors)) is not None:
        plan.warnings.append(f"not applied: {describe_counts(counts)} ({reason})")
        return
    plan.refine = factors
    plan.assumptions.append(f"{' x '.join(map(str, counts))} cells over {len(cells)} blocks: every block scaled by "
                            f"{' x '.join(f'{f:.3g}' for f in factors)} (x y z), so the cell counts across the mesh are "
                            "about the stated ones")


def _is_2d(case: Path) -> bool:
    return "empty" in mesh_patches(case).values()


def _bind_the_rest(plan: ChangePlan, state: CaseState, text: str) -> None:
    """Every stated value the change rules above left unbound goes through the same binder as
    `new` (any entry the case really has: a named parameter, a flow rate, a heater region, ...)."""
    from tasks.foam.locked import flatten
    from tasks.plan.architect import recipe_holds
    from tasks.plan.bind import bind_all
    from tasks.plan.stated import read_stated

    # a planned edit carries a stated value only in a place of its role: "endTime 0.5 and maxCo
    # 0.5" is two values, the end time's edit does not carry the Courant number
    planned = [leaf for e in plan.edits for leaf in flatten(e.reason, e.file, list(e.entry), e.value)]
    mesh_done = plan.refine is not None or any(e.file.endswith("blockMeshDict") for e in plan.edits)
    stated = [q for q in read_stated(text) if q.role not in ("geometry", "ranks")
              and (q.quantity in ("control", "switch") or not recipe_holds(q, planned))
              and not (mesh_done and q.role in ("mesh_cells", "mesh_cells_axis", "cell_size"))
              and not _is_increment(text, q.text)]
    if not stated:
        return
    binder = bind_all(state.case_dir, plan.solver or state.solver, text, stated)
    taken = {(_field_name(e.file), tuple(e.entry)) for e in plan.edits}
    for e in binder.edits:
        if (_field_name(e.file), tuple(e.entry)) not in taken and (state.case_dir / e.file).is_file():
            plan.edits.append(e)
            taken.add((_field_name(e.file), tuple(e.entry)))  # one edit per entry (the binder may place a value twice)
    plan.assumptions += binder.assumptions
    plan.warnings += [f"not applied: {n.text} ({n.reason})" for n in binder.not_applied]


def _is_increment(text: str, quantity: str) -> bool:
    """True when every mention of `quantity` ("10 K", "25%") in the text is a change of the
    present value ("raise the floor temperature by 10 K", "25% lower"): the rules above applied
    it, the binder must not read it as the new value."""
    found = list(re.finditer(re.escape(quantity), text))
    return bool(found) and all(increment_sign(text[:m.start()]) is not None or _RELATIVE_AFTER.match(text, m.end())
                               for m in found)


# "25% lower", "10 percent higher": a change of the present value, read by scaled_values
_RELATIVE_AFTER = re.compile(r"\s*(?:%|percent)?\s+(?:lower|higher|faster|slower|smaller|larger|greater|less|warmer|hotter|"
                            r"colder|cooler|more|longer|shorter)\b(?!\s+than\b)", re.I)


def _field_name(rel: str) -> str:
    """0/T for each copy of a field (0/T, 0/T.orig, 0.orig/T): edits of one are edits of all."""
    if rel.startswith("0.orig/"):
        rel = "0/" + rel.removeprefix("0.orig/")
    return rel.removesuffix(".orig") if rel.startswith("0/") else rel


def _inlet_turbulence_edits(plan: ChangePlan, state: CaseState, patch: str, speed: float,
                            solved: list[str]) -> None:
    """Inlet k/epsilon/omega for the new speed, for the fields the (new) model solves: a model
    switch in the same request creates them before these edits are applied."""
    nu = 1e-5
    tp = state.case_dir / "constant/transportProperties"
    if tp.is_file():
        try:
            nu = float((fd.get(tp.read_text(), ["nu"]) or "1e-5").split()[-1])
        except ValueError:
            pass
    turb = inlet_turbulence(speed, 0.025, nu)
    count = len(plan.edits)
    for field, value in (("k", turb.k), ("epsilon", turb.epsilon), ("omega", turb.omega)):
        existing = initial_field(state.case_dir, field)
        if existing is not None and not _literal_value(existing.read_text(), patch):
            continue  # the patch's value comes from an include or a macro ($turbulentKE): left as the case has it
        if field in solved:
            plan.edits.append(FileEdit(file=f"0/{field}", entry=["boundaryField", patch, "value"], value=f"uniform {fmt(value)}",
                                       reason=f"inlet {field} for {fmt(speed)} m/s (5 % intensity)"))
    if len(plan.edits) > count:
        plan.assumptions.append("inlet turbulence recomputed for the new inlet speed (5 % intensity)")


target_model = functools.partial(final_model, families=False)  # "replace A with B", "B instead of A"; families below


def _contact_angle_edits(plan: ChangePlan, state: CaseState, qs, low: str) -> None:
    """"contact angle 60 degrees": theta0 of constantAlphaContactAngle on the walls of the
    phase-fraction field (walls it names, else every wall); a wall without that condition gets it."""
    angle = next((q for q in qs if q.kind == "angle" and re.search(r"contact|wett|theta", q.before[-40:] + q.after[:20])), None)
    if angle is None:
        return
    alpha = next((f for f in state.fields if f.startswith("alpha.") and not f.endswith((".orig", "Mean"))), None)
    if alpha is None:
        plan.warnings.append(f"not applied: contact angle {angle.text} (the case has no phase-fraction field alpha.*)")
        return
    atext = (state.case_dir / "0" / alpha).read_text()
    walls = [p for p, r in state.roles.items() if r in ("wall", "movingWall") and p in fd.keys(atext, ["boundaryField"])]
    named = state.patch_named(angle.before[-60:], walls)
    copies = [f for f in (alpha, f"{alpha}.orig") if (state.case_dir / "0" / f).is_file()]  # Allrun copies .orig over
    for patch, copy in ((p, c) for p in ([named] if named else walls) for c in copies):
        bc = fd.get((state.case_dir / "0" / copy).read_text(), ["boundaryField", patch]) or ""
        if "constantAlphaContactAngle" in bc:
            plan.edits.append(FileEdit(file=f"0/{copy}", entry=["boundaryField", patch, "theta0"], value=_num(angle.value),
                                       reason=f"{patch} contact angle {_num(angle.value)} deg", locked=True))
        else:
            plan.edits.append(FileEdit(file=f"0/{copy}", entry=["boundaryField", patch],
                                       value={"type": "constantAlphaContactAngle", "theta0": _num(angle.value),
                                              "limit": "gradient", "value": "uniform 0"},
                                       reason=f"{patch} contact angle {_num(angle.value)} deg", locked=True))


_TENSION_FILES = ("constant/transportProperties", "constant/thermophysicalProperties", "constant/phaseProperties")


def _surface_tension_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """"surface tension 30 mN/m": sigma in N/m where the case keeps it: transportProperties
    (interFoam), thermophysicalProperties (compressibleInterFoam, also as a `constant` dict) or
    phaseProperties and multiphaseInterFoam's `sigmas` (a list of phase pairs: the pair the words
    name, or the only one). Its dimensions, when written, stay."""
    stated = surface_tension(text)
    if stated is None:
        return
    value, words = stated
    for rel in _TENSION_FILES:
        path = state.case_dir / rel
        ftext = path.read_text() if path.is_file() else ""
        key = next((k for k in ("sigma", "sigmas") if fd.get(ftext, [k]) is not None), None)
        if key is None:
            continue
        reason = f"surface tension {_num(value)} N/m"
        if fd.get(ftext, [key, "sigma"]) is not None:
            plan.edits.append(FileEdit(file=rel, entry=[key, "sigma"], value=_num(value), reason=reason, locked=True))
            return
        span = fd.find(ftext, [key])
        old = ftext[span.value_start:span.value_end].strip() if span else ""  # as written: a list keeps its lines
        new = _pair_tension(old, value, text) if old.startswith("(") else _NUMBER_AT_END.sub(_num(value), old)
        if new is None:
            plan.warnings.append(f"not applied: {words} ({rel} {key} lists several phase pairs; name the two phases)")
        else:
            plan.edits.append(FileEdit(file=rel, entry=[key], value=new, reason=reason, locked=True))
        return
    if "tension" in words:
        plan.warnings.append(f"not applied: {words} (the case has no surface tension entry sigma in {', '.join(_TENSION_FILES)})")


_NUMBER_AT_END = re.compile(_NUMBER + r"\s*$")
_PAIR = re.compile(r"\(([^()]*)\)\s*(" + _NUMBER + ")")


def _pair_tension(old: str, value: float, text: str) -> str | None:
    """A `( (air water) 0.07 ... )` list with the new value on the pair whose two phases the
    words name, or on its only pair; None when that pair is unclear."""
    pairs = list(_PAIR.finditer(old))
    low = text.lower()
    named = [m for m in pairs if all(re.search(rf"\b{re.escape(w.lower())}\b", low) for w in m.group(1).split() if w != "and")]
    chosen = pairs if len(pairs) == 1 else named
    if len(chosen) != 1:
        return None
    m = chosen[0]
    return old[:m.start(2)] + _num(value) + old[m.end(2):]


def _time_unit(state: CaseState) -> str | None:
    """The case's own unit of time when it is clear: years for financialFoam (expiry), seconds
    for physical solvers; None when the case's time is not a duration (steady iterations)."""
    if state.solver == "financialFoam":
        return "year"
    return None if is_steady(state.solver) else "second"


def _duration_end_time(plan: ChangePlan, state: CaseState, text: str) -> None:
    """An end time given as a calendar duration ("six months", "two years", "3 days") in the
    case's own time unit; not applied, with the reason, when that unit is unclear."""
    found = durations(text)
    if not found:
        return
    seconds, _unit, words = found[0]
    unit = _time_unit(state)
    if unit is None:
        plan.warnings.append(f"not applied: {words} (the case {state.solver} counts iterations, not time)")
        return
    value = round(in_unit(seconds, unit), 10)
    plan.edits.append(FileEdit(file="system/controlDict", entry=["endTime"], value=_num(value),
                               reason=f"end time {words} = {_num(value)} {unit}s", locked=True))
    if unit != "second":
        plan.assumptions.append(f"{words} = {_num(value)}: {state.solver} counts time in {unit}s")


def _velocity_targets(state: CaseState, low: str, segment: str, first_value: bool) -> list[str]:
    """Patches a stated velocity goes to: the one its words name ("the air inlet 0.3 m/s"),
    every inlet for "both/all inlets", else (first velocity only) the moving wall or the inlet."""
    movers = [p for p, r in state.roles.items() if r in ("inlet", "movingWall")]
    named = state.patch_named(segment)
    if named is not None:
        return [named]
    if not first_value:
        return []
    if re.search(r"\b(both|all|every|each)\b", segment):
        inlets = [p for p, r in state.roles.items() if r == "inlet"]
        if inlets:
            return inlets
    patch = _patch_with_role(state, "movingWall") if re.search(r"wall|lid|top", low) else None
    patch = patch or _patch_with_role(state, "inlet", "movingWall")
    if patch is None and movers == []:
        raise RequestError("the change names a velocity, but the case has no inlet or moving wall to put it on")
    return [patch] if patch else []


def _velocity_edits(plan: ChangePlan, state: CaseState, text: str, speeds, u_field: str) -> list[tuple[str, str]]:
    """A stated speed on the patch(es) it is for, along the direction its words give ("towards
    -x") or else the patch's present direction; inlet turbulence follows an inlet's new speed.
    Returns (patch, why) for each speed with no fixed value to hold it (a flow-rate inlet)."""
    low = text.lower()
    unplaced: list[tuple[str, str]] = []
    previous_end = None
    for i, q in enumerate(speeds):
        segment = segment_before(low, q.start, previous_end)
        previous_end = q.start + len(q.text)
        after = re.split(r"[.;,]|\band\b", q.after, maxsplit=1)[0]
        for patch in _velocity_targets(state, low, segment, first_value=i == 0):
            site = value_site(state.case_dir, u_field, patch)
            if isinstance(site, str):
                unplaced.append((patch, f"{patch} velocity {_num(q.value)} m/s ({site})"))
                continue
            direction = stated_direction(after) or stated_direction(segment) or _site_direction(state.case_dir, site) \
                or _direction(state.case_dir, u_field, patch)
            magnitude, change = q.value, ""
            if (sign := increment_sign(segment) or after_sign(q.after)) is not None:  # "by 2 m/s", "2 m/s faster"
                magnitude = max(0.0, _site_magnitude(state.case_dir, site) + sign * q.value)
                change = f" ({'+' if sign > 0 else '-'}{q.text})"
            speed = vec(*(magnitude * d for d in direction))
            plan.edits.append(FileEdit(file=site.file, entry=site.entry, value=f"uniform {speed}" if site.uniform else speed,
                                       reason=f"{patch} velocity {_num(magnitude)} m/s{change}", locked=True))
            if site.note:
                plan.assumptions.append(f"{patch} velocity {_num(q.value)} m/s: {site.note}")
            target_model = plan.model or state.model
            if state.roles.get(patch) == "inlet" and target_model != "laminar":
                _inlet_turbulence_edits(plan, state, patch, magnitude, model_spec(target_model).solved)
    return unplaced


_KINEMATIC_PRESSURE = re.compile(r"([-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\s*m\s*\^?\s*2\s*/\s*s\s*\^?\s*2\b", re.I)


def _patch_pressure_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """A pressure stated for a named patch ("outlet2 pressure 2 m^2/s^2", "the outlet at 1 bar")
    goes to that patch's p (its value, or p0 for a total-pressure condition)."""
    p_file = initial_field(state.case_dir, "p")
    if p_file is None:
        return
    ptext = p_file.read_text()
    patches = fd.keys(ptext, ["boundaryField"])
    stated = [(q.start, q.start + len(q.text), q.value) for q in quantities(text) if q.kind == "pressure"]
    stated += [(m.start(), m.end(), float(m.group(1))) for m in _KINEMATIC_PRESSURE.finditer(text)]
    previous_end = None
    for start, end, value in sorted(stated):
        segment = segment_before(text.lower(), start, previous_end)
        previous_end = end
        patch = state.patch_named(segment, patches)
        if patch is None or "pressure" not in segment and not re.search(r"\bp\b", segment):
            continue
        bc = fd.get(ptext, ["boundaryField", patch]) or ""
        key = "p0" if re.search(r"\bp0\b", bc) and "otalPressure" in bc else "value"
        plan.edits.append(FileEdit(file="0/p", entry=["boundaryField", patch, key], value=f"uniform {_num(value)}",
                                   reason=f"{patch} pressure {_num(value)}", locked=True))


def _num(x: float) -> str:
    """A value the user stated, written without rounding it (313.15, not 313.1)."""
    return fmt(x) if float(x).is_integer() else f"{float(x):.10g}"


def _target_fluid(text: str) -> str | None:
    m = re.search(r"\bto\s+(\w+)", text, re.I)
    candidates = [find_fluid(m.group(1))] if m else []
    return next((c for c in candidates if c), None) or (find_fluid(text) if re.search(r"fluid|liquid", text, re.I) else None)


def _fluid_edits(plan: ChangePlan, state: CaseState, fluid: str, qs) -> None:
    entry = fluid_table()[fluid]
    tp = "constant/transportProperties"
    text = (state.case_dir / tp).read_text() if (state.case_dir / tp).is_file() else ""
    plan.edits.append(FileEdit(file=tp, entry=["nu"], value=fmt(entry.nu), reason=f"{fluid} kinematic viscosity", locked=True))
    if fd.get(text, ["beta"]) is not None:
        plan.edits.append(FileEdit(file=tp, entry=["beta"], value=fmt(entry.beta), reason=f"{fluid} thermal expansion", locked=True))
    if fd.get(text, ["Pr"]) is not None:
        plan.edits.append(FileEdit(file=tp, entry=["Pr"], value=fmt(entry.pr), reason=f"{fluid} Prandtl number (mu cp / kappa)", locked=True))
    plan.assumptions.append(f"{fluid} properties at {entry.condition}: rho {fmt(entry.rho)} kg/m3, mu {fmt(entry.mu)} Pa s, "
                            f"cp {fmt(entry.cp)} J/(kg K), kappa {fmt(entry.kappa)} W/(m K), Pr {fmt(entry.pr)}")
    if solver_family(state.solver) == "boussinesq":
        plan.assumptions.append("the Boussinesq solver reads nu, beta and Pr from transportProperties (rho, cp and kappa enter through Pr)")


def _liquid_edits(plan: ChangePlan, state: CaseState, fluid: str | None, qs) -> None:
    tp = (state.case_dir / "constant/transportProperties").read_text()
    phases = (fd.get(tp, ["phases"]) or "(water air)").strip("()").split()
    liquid = next((p for p in phases if p != "air"), phases[0])
    entry = fluid_table()[fluid] if fluid else None
    nu_q, rho_q = first(qs, "kinematic_viscosity"), first(qs, "density")
    nu = nu_q.value if nu_q else (entry.nu if entry else None)
    rho = rho_q.value if rho_q else (entry.rho if entry else None)
    name = fluid or "liquid"
    if nu is not None:
        plan.edits.append(FileEdit(file="constant/transportProperties", entry=[liquid, "nu"], value=fmt(nu), reason=f"{name} nu", locked=True))
    if rho is not None:
        plan.edits.append(FileEdit(file="constant/transportProperties", entry=[liquid, "rho"], value=fmt(rho), reason=f"{name} rho", locked=True))
    if fluid and fluid != liquid:
        plan.assumptions.append(f"the liquid phase keeps the name '{liquid}' (field alpha.{liquid}) with {fluid}'s properties")


def backup_files(case: Path, rels: list[str]) -> Path | None:
    existing = [r for r in rels if (case / r).is_file()]
    if not existing:
        return None
    dest = case / ".casewright" / "backup" / time.strftime("%Y%m%dT%H%M%S")
    for rel in existing:
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(case / rel, dest / rel)
    return dest


def apply_changes(state: CaseState, plan: ChangePlan) -> ChangeResult:
    """Back up, then apply the switches, refinement and edits. Returns the unified diff."""
    case = state.case_dir
    before = _editable_files(case)
    backup = backup_files(case, [str(p.relative_to(case)) for p in before])
    _expand_mesh_template(case)
    solver = plan.solver or state.solver
    closed = not any(r in ("inlet", "outlet", "atmosphere") for r in state.roles.values())
    if plan.solver:
        caseops.switch_solver(case, plan.solver, closed_domain=closed)
    model = plan.model or state.model
    values = _bc_values(state, plan)
    if plan.model or plan.solver:
        if plan.model or solver not in ("icoFoam",):
            caseops.set_turbulence_model(case, model, solver, values, state.roles, f"modify: {model}")
        if model != "laminar":
            caseops.ensure_numerics(case, solver, model_spec(model).solved)
            _seed_solved_fields(case, model_spec(model).solved, values)
    if plan.refine:
        bmd = case / "system/blockMeshDict"
        if not bmd.is_file():
            raise RequestError(f"cannot refine the mesh of {case}: it has no system/blockMeshDict (a snappyHexMesh or "
                               "imported mesh: change its refinement levels or the background mesh by hand)")
        bmd.write_text(caseops.scale_blocks(bmd.read_text(), plan.refine))
    locked = [v for v in load_locked(case)]
    for e in plan.edits:
        targets = _with_pristine_copies(case, e.file)
        if not targets:
            raise RequestError(f"cannot change {e.file} ({e.reason}): the case has no such file")
        for rel in targets:
            (case / rel).write_text(_written(fd.set_entry((case / rel).read_text(), e.entry, e.value), rel, e, backup))
        if e.locked:
            new = [v for rel in targets for v in flatten(e.reason, rel, e.entry, e.value)]
            keys = {(v.file, tuple(v.entry)) for v in new}
            locked = [v for v in locked if (v.file, tuple(v.entry)) not in keys and not _under(v, e)] + new
    if plan.refine:
        locked = [v for v in locked if not (v.file == "system/blockMeshDict" and v.entry == ["blocks"])]
    if plan.ranks:
        _decompose(case, plan.ranks)
        locked = [v for v in locked if not (v.file == "system/decomposeParDict" and v.entry == ["numberOfSubdomains"])]
        locked.append(LockedValue(name="MPI ranks", file="system/decomposeParDict", entry=["numberOfSubdomains"],
                                  value=str(plan.ranks)))
    if plan.model:
        locked.append(LockedValue(name="turbulence model", file="constant/turbulenceProperties",
                                  entry=_model_entry(model), value=model))
    if plan.solver:
        locked.append(LockedValue(name="solver", file="system/controlDict", entry=["application"], value=solver))
    _sync_pristine_dir(case, before)
    locked = [v for v in locked if (case / v.file).is_file()]
    save_locked(case, locked)
    after = _editable_files(case)
    changed, diff = [], []
    for path in sorted(set(before) | set(after)):
        a, b = before.get(path, ""), after.get(path, "")
        if a != b:
            rel = str(path.relative_to(case))
            changed.append(rel + (" (new)" if path not in before else " (removed)" if path not in after else ""))
            diff += difflib.unified_diff(a.splitlines(True), b.splitlines(True), f"a/{rel}", f"b/{rel}")
    return ChangeResult(changed=changed, diff="".join(diff), backup=str(backup) if backup else None)


def _decompose(case: Path, ranks: int) -> None:
    """system/decomposeParDict for `ranks` subdomains (the case's own, minimally edited, else a
    new one), split along the mesh's longest non-flat axes; the rank count is remembered so that
    every later run of the case (modify's, the Reviewer's, run-case) uses it."""
    from tasks.run.parallel import edit_decompose_dict, mesh_extents, record_ranks, split_axes

    path = case / "system/decomposeParDict"
    if ranks > 1:
        extents = mesh_extents(case) or _block_extents(case)
        n = split_axes(extents[0], ranks, extents[1]) if extents else (ranks, 1, 1)
        text, _ = edit_decompose_dict(path.read_text() if path.is_file() else None, ranks, n)
        path.write_text(text)
    record_ranks(case, ranks)


def _block_extents(case: Path) -> tuple[list[float], list[int]] | None:
    """The blockMeshDict's vertex extents and flat axes, for a case not meshed yet."""
    bmd = case / "system/blockMeshDict"
    return caseops.block_extents(bmd.read_text()) if bmd.is_file() else None


def _with_pristine_copies(case: Path, rel: str) -> list[str]:
    """An edit of 0/X goes to every copy of X the case keeps (0/X, 0/X.orig, 0.orig/X): the run
    restores 0/X from its pristine copy, and the two must not disagree."""
    if not rel.startswith("0/") or rel.endswith(".orig"):
        return [rel] if (case / rel).is_file() else []
    name = rel.removeprefix("0/")
    return [r for r in (rel, f"{rel}.orig", f"0.orig/{name}") if (case / r).is_file()]


def _editable_files(case: Path) -> dict[Path, str]:
    """The text of every file `modify` may change: fields (0/, 0.orig/), system/ and constant/
    but the mesh."""
    return {p: p.read_text() for p in case.rglob("*") if p.is_file() and ".casewright" not in p.parts
            and p.relative_to(case).parts[0] in ("0", "0.orig", "system", "constant") and "polyMesh" not in p.parts}


def _written(text: str, rel: str, e: FileEdit, backup: Path | None) -> str:
    """The edited text, once its value reads back as the change states it (a value the parser
    would place elsewhere or split is caught before it reaches the file)."""
    got = fd.get(text, e.entry)
    if isinstance(e.value, str) and " ".join((got or "").split()) != " ".join(fd.strip_comments(e.value).split()):
        raise RequestError(f"{rel}: {'/'.join(e.entry)} would read back as {got!r}, not {e.value!r} ({e.reason}); "
                           f"not written. Earlier changes of this request are applied; the files before it are in {backup}")
    return text


def _sync_pristine_dir(case: Path, before: dict[Path, str]) -> None:
    """A case that keeps 0.orig has its 0/ replaced by it before every run (as the tutorials'
    Allrun do): a field this change wrote in 0/ only (a new model's omega, rewritten wall
    functions) goes to 0.orig too, and one it removed from 0/ leaves 0.orig."""
    pristine, zero = case / "0.orig", case / "0"
    if not pristine.is_dir():
        return
    for path in (p for p in zero.glob("*") if p.is_file()):
        copy = pristine / path.name
        changed = before.get(path) != path.read_text()
        if changed and (not copy.is_file() or before.get(copy) == copy.read_text()):
            shutil.copy2(path, copy)
    for path in before:
        if path.parent == zero and not path.exists():
            (pristine / path.name).unlink(missing_ok=True)


def _expand_mesh_template(case: Path) -> None:
    """A case meshed from an m4 template (mixerVessel2D, angledDuct) and not meshed yet gets the
    blockMeshDict its makeMesh script would write, so that it runs and can be refined."""
    info = check_and_read(case)
    if info.block_mesh_dict is None and not info.has_mesh and (case / "system/blockMeshDict.m4").is_file():
        caseops.expand_m4(case)


class ValueSite(BaseModel):
    """Where a patch's fixed value is written: a boundaryField entry, or the macro it refers to
    ($internalField, $flowVelocity of an included file)."""

    model_config = ConfigDict(extra="forbid")

    file: str  # relative to the case: 0/U, 0.orig/include/initialConditions
    entry: list[str]
    uniform: bool  # the value is written "uniform (x y z)", else a bare "(x y z)" (a macro used as "uniform $X")
    note: str = ""


# the entry that holds a condition's fixed value, by condition type; None: no fixed value to set
_VALUE_KEYS: dict[str, str | None] = {
    "freestreamVelocity": "freestreamValue", "freestream": "freestreamValue", "uniformFixedValue": "uniformValue",
    "fixedMean": "meanValue", "inletOutlet": "inletValue", "flowRateInletVelocity": None,
    "pressureInletOutletVelocity": None, "zeroGradient": None, "noSlip": None, "slip": None,
    "totalPressure": None, "fixedFluxPressure": None, "timeVaryingMappedFixedValue": None, "turbulentInlet": None,
}
_MACRO = re.compile(r"(uniform\s+)?\$([\w.:]+)")


def value_site(case: Path, field: str, patch: str) -> ValueSite | str:
    """Where `patch`'s fixed value of `field` is set: its own `value` (freestreamValue,
    uniformValue... by condition type), followed through a macro ($internalField, a variable of
    an #include file, as motorBike's `inlet { value $internalField; }` from include/fixedInlet with
    `internalField uniform $flowVelocity;`). A string says why there is none (flowRateInletVelocity,
    a patch no file names)."""
    path = initial_field(case, field)
    if path is None:
        return f"the case has no {field} field"
    rel = str(path.relative_to(case))
    own = f"0/{field}"  # the field's own file: an edit goes to every copy of it (0/U, 0.orig/U)
    text = path.read_text()
    bc_file, bc_text = own, text
    if fd.get(text, ["boundaryField", patch]) is None:
        found = _included_with(case, path, ["boundaryField"], patch)
        if found is None:
            return f"{rel} has no entry for the patch {patch} (a regular expression or group covers it)"
        bc_file, bc_text = found
        prefix: list[str] = []
    else:
        prefix = ["boundaryField"]
    bc_type = (fd.get(bc_text, [*prefix, patch, "type"]) or "fixedValue").strip()
    key = _VALUE_KEYS.get(bc_type, "value")
    if key is None:
        return f"{patch} has a {bc_type} condition in {bc_file}: it sets no fixed {field} value to change"
    current = (fd.get(bc_text, [*prefix, patch, key]) or "").strip()
    site = ValueSite(file=bc_file, entry=[*prefix, patch, key], uniform=True)
    seen = 0
    while (m := _MACRO.fullmatch(current)) and seen < 4:  # $internalField -> uniform $flowVelocity -> (20 0 0)
        seen += 1
        name, uniform = m.group(2), m.group(1) is None
        if fd.get(text, [name]) is not None:
            site = ValueSite(file=own, entry=[name], uniform=uniform and site.uniform)
            current = fd.get(text, [name]).strip()  # type: ignore[union-attr]
        elif (found := _included_with(case, path, [], name)) is not None:
            site = ValueSite(file=found[0], entry=[name], uniform=uniform and site.uniform)
            current = (fd.get(found[1], [name]) or "").strip()
        else:
            return f"{patch}'s {key} is ${name}, defined in no file the case includes"
        site.note = (f"{patch} takes its value from ${name}: changed in {site.file}, so every entry that uses "
                     f"${name} follows (the initial field too)")
    return site


def _included_with(case: Path, path: Path, where: list[str], key: str) -> tuple[str, str] | None:
    """(relative path, text) of a file that `path` #includes inside `where` (top level: []) and
    that defines `key` at its top level."""
    text = path.read_text()
    span = fd.find(text, where) if where else None
    scope = text[span.body_start:span.body_end] if span and span.body_start >= 0 else text
    for name in re.findall(r'#include(?:Etc)?\s+"([^"]+)"', scope):
        inc = (path.parent / name)
        if inc.is_file() and fd.get(inc.read_text(), [key]) is not None:
            return str(inc.relative_to(case)), inc.read_text()
    return None


def _literal_value(text: str, patch: str) -> bool:
    """True when the patch has its own entry with a value that is no macro."""
    value = (fd.get(text, ["boundaryField", patch, "value"]) or "").strip()
    return bool(value) and _MACRO.fullmatch(value) is None


def _site_direction(case: Path, site: ValueSite) -> list[float] | None:
    """The unit direction of the vector at a value site, None when it is zero or no vector."""
    value = fd.get((case / _pristine(case, site.file)).read_text(), site.entry) or ""
    nums = [float(x) for x in re.findall(_NUMBER, value)]
    if len(nums) == 3 and any(nums):
        norm = sum(x * x for x in nums) ** 0.5
        return [x / norm for x in nums]
    return None


def _seed_solved_fields(case: Path, solved: list[str], values: dict[str, str]) -> None:
    """A field the new model solves must not start at zero everywhere: kEqn (LES) or k-epsilon
    with k = 0 produce no eddy viscosity and k stays 0. Zero internal values kept from the old
    model (Smagorinsky's unused 0/k) get the estimate."""
    for field in ("k", "epsilon", "omega"):
        path = case / "0" / field
        if field in solved and path.is_file() and field in values:
            internal = (fd.get(path.read_text(), ["internalField"]) or "").split()
            if internal[:1] == ["uniform"] and len(internal) == 2 and float(internal[1]) == 0.0:
                caseops.set_internal(case, field, f"uniform {values[field]}")


def _under(v: LockedValue, e: FileEdit) -> bool:
    return v.file == e.file and v.entry[:len(e.entry)] == e.entry


def _model_entry(model: str) -> list[str]:
    sim = model_spec(model).simulation_type
    return ["simulationType"] if sim == "laminar" else [sim, f"{sim}Model"]


def _bc_values(state: CaseState, plan: ChangePlan) -> dict[str, str]:
    """Values for new turbulence fields: from existing k/epsilon where present, else estimates."""
    case = state.case_dir
    speed = 1.0
    for name, role in state.roles.items():
        if role in ("inlet", "movingWall") and (u_file := initial_field(case, "U")) is not None:
            value = fd.get(u_file.read_text(), ["boundaryField", name, "value"]) or ""
            nums = [abs(float(x)) for x in re.findall(_NUMBER, value)]
            if nums and max(nums) > 0:
                speed = max(nums)
                break
    turb = inlet_turbulence(speed, 0.1, 1e-5)
    k = turb.k
    if (k_file := initial_field(case, "k")) is not None:
        internal = fd.get(k_file.read_text(), ["internalField"]) or ""
        m = re.search(r"uniform\s+([-+\d.eE]+)", internal)
        if m and float(m.group(1)) > 0:
            k = float(m.group(1))
    eps = turb.epsilon * (k / turb.k) ** 1.5
    omega = eps / (0.09 * k)
    r = fmt(2 * k / 3)
    values = {"U": vec(speed, 0, 0), "k": fmt(k), "epsilon": fmt(eps), "omega": fmt(omega), "nuTilda": "3e-05",
              "R": f"({r} 0 0 {r} 0 {r})", "T": "300"}
    values.update(plan.bc_values)
    return values
