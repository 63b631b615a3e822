"""Edit an existing case from a change request: read the case, work out the changes, and
apply them with minimal diffs (the user's layout and comments stay), after backing up
every file that changes. Values the change asks for become locked.

This module is the facade and the order of the change rules (plan_changes); each family of
rules lives in its own module: run control (modify_run), solver and model switches
(modify_switch), boundary values (modify_boundary), temperatures (modify_thermal), fluids
(modify_fluid), fluid properties (modify_props), the mesh (modify_mesh), the binder for the
rest (modify_bind); reading the case (modify_state) and applying a plan (modify_apply); old
values named beside new ones, checked against the case (modify_instead); the steps a case
without a built mesh runs, from its own Allrun (modify_steps, called by the flow)."""

from __future__ import annotations

import re

from tasks.core.errors import RequestError
from tasks.edit import caseops
from tasks.edit.caseops import initial_field
from tasks.edit.checks import case_phases
from tasks.edit.modify_apply import ChangeResult, apply_changes, backup_files, bc_values
from tasks.edit.modify_bare import bare_value_edits
from tasks.edit.modify_bc_params import bc_parameter_edits
from tasks.edit.modify_bind import bind_the_rest
from tasks.edit.modify_particle_size import particle_size_edits
from tasks.edit.modify_canon import patch_numbers, plain_viscosity
from tasks.edit.modify_boundary import patch_pressure_edits, patch_with_role, scaled_value_edits, velocity_edits
from tasks.edit.modify_instead import old_value_warnings
from tasks.plan.old_values import old_values
from tasks.edit.modify_fluid import (
    conditioned_fluid,
    contact_angle_edits,
    fluid_edits,
    liquid_edits,
    surface_tension_edits,
    target_fluid,
    unknown_fluid,
)
from tasks.edit.modify_mesh import (
    axis_cell_count,
    cell_count_edit,
    cell_size_edit,
    counted_text,
    is_2d,
    mesh_text,
    no_block_mesh,
    refinement,
    set_refinement,
    stated_cell_size,
    unrefinable,
)
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_patch_type import patch_type_edits
from tasks.edit.modify_regions import centre_move_edits
from tasks.edit.modify_phase_models import phase_model_edits
from tasks.edit.modify_pair_coeffs import pair_coefficient_edits
from tasks.edit.modify_phase_pairs import pair_model_edits
from tasks.edit.modify_revert import revert_clauses, revert_edits
from tasks.edit.modify_relative import heater_edits, relative_edits
from tasks.edit.modify_relative_target import relative_target_edits
from tasks.edit.modify_run import end_written, run_control_edits
from tasks.edit.modify_stated import kept_values, missing_field, record_previous, stated_changes
from tasks.edit.modify_state import read_state
from tasks.edit.modify_switch import (
    RECHECK_WORDS,
    REPLACE_BY,
    SWAP_FOR,
    SWITCH_WORDS,
    family_model,
    model_field_values,
    named_alone,
    per_phase_turbulence,
    radiation_model_edits,
    spelled_models,
    target_model,
    time_counterpart,
    with_laminar,
    without_kept_sentences,
)
from tasks.edit.modify_thermal import degree_changes, temperature_edits
from tasks.edit.modify_directions import counts_by_axis, direction_counts, size_word_counts
from tasks.edit.modify_values import patch_direction, unrounded, value_site
from tasks.edit.modify_words import mark_old_before_new, normalise_request
from tasks.edit.patch_words import asks_laminar
from tasks.foam import dictionary as fd
from tasks.foam.defaults import describe_relaxation
from tasks.foam.physics import fluid_table, fmt, is_steady, model_spec, sine_bc, solver_family
from tasks.plan.extract import cell_counts, first, quantities, sines
from tasks.plan.manifest import FileEdit
from tasks.plan.recipes import column_box, setfields_regions
from tasks.plan.request import check_request_text, named_solver
from tasks.plan.bind_motion_rates import rate_forms
from tasks.plan.stated import read_stated

# the names other modules and tests import from here
__all__ = ["CaseState", "ChangePlan", "ChangeResult", "apply_changes", "backup_files", "initial_field", "plan_changes",
           "read_state", "refinement", "stated_changes", "target_model", "value_site"]

_num = unrounded  # older names, kept importable
_time_counterpart = time_counterpart


def _kinematic_only(state: CaseState) -> bool:
    """True when the case's one viscosity is transportProperties' nu (an incompressible case)."""
    path = state.case_dir / "constant/transportProperties"
    props = path.read_text() if path.is_file() else ""
    return fd.get(props, ["nu"]) is not None and not (state.case_dir / "constant/thermophysicalProperties").is_file() \
        and fd.get(props, ["mu"]) is None


def plan_changes(state: CaseState, text: str) -> ChangePlan:
    """Work out the edits a change request asks for. Refuses when it finds none. A clause that
    sets a role back to the tutorial's value ("lid back to default") is planned from the tutorial."""
    rest, roles = revert_clauses(text)
    if not roles:
        return _finish(_plan_text(state, text), state, text)
    edits, warnings = revert_edits(_plan_text, state, roles)
    try:
        plan = _plan_text(state, rest) if re.search(r"\w", rest) else ChangePlan(request=rest)
    except RequestError:
        if not edits:
            raise
        plan = ChangePlan(request=rest)
    planned = {(e.file, tuple(e.entry)) for e in plan.edits}
    plan.edits += [e for e in edits if (e.file, tuple(e.entry)) not in planned]
    plan.warnings += warnings
    if not (plan.edits or plan.solver or plan.model or plan.refine or plan.ranks):
        raise RequestError(f"found no change to make: {'; '.join(w.removeprefix('not applied: ') for w in warnings)}")
    return _finish(plan, state, text)


def _finish(plan: ChangePlan, state: CaseState, text: str) -> ChangePlan:
    """The plan with the present text of each entry it edits, and a warning for each old value
    the request names ("2 m/s instead of 3 m/s") that is not what the case holds."""
    plan = record_previous(plan, state.case_dir)
    plan.warnings += old_value_warnings(plan, mark_old_before_new(text))
    return plan


def _plan_text(state: CaseState, text: str) -> ChangePlan:
    olds = old_values(text)  # "5 cm instead of 10 cm": the old value, which the normalised text drops
    text = normalise_request(patch_numbers(text, list(state.patches)))  # "inlet 6" -> velocity-inlet-6
    text = check_request_text(plain_viscosity(text, _kinematic_only(state)))
    text = rate_forms(text)  # "one cycle every 4 s" is a motion's period, no write interval (bind_motion_rates)
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
    elif solver is None and (counterpart := time_counterpart(state.solver, low)) is not None:
        plan.solver = counterpart
    wanted = spelled_models(without_kept_sentences(text))  # "the liquid's k-epsilon model stays as it is": no switch
    swapped = REPLACE_BY.sub(r"replace \1 with ", SWAP_FOR.sub(r"replace \1 with ", wanted))
    model = target_model(swapped) or ("laminar" if asks_laminar(wanted) else None)
    model = with_laminar(wanted, model, state.model)  # "turn off the k-epsilon model", "from laminar to SST"
    if model is None and (model := family_model(low, state.model)) is not None:
        plan.assumptions.append(f"{model_spec(model).simulation_type} without a model named: {model}")
    asked = re.search(SWITCH_WORDS if model != state.model else RECHECK_WORDS, low) or \
        (model is not None and model != state.model and (named_alone(spelled_models(text), model) or model == "laminar" and asks_laminar(text)))
    if model and asked:
        if model != state.model:
            plan.model = model
        else:
            plan.model = model
            plan.assumptions.append(f"the case already uses {model}: its fields, wall functions, schemes and "
                                    f"solvers were checked and completed where needed")
    if per_phase_turbulence(case) and phase_model_edits(plan, state, text):
        plan.model = None  # "laminar air", "Smagorinsky-Zhang for the water": constant/turbulenceProperties.<phase>
    if plan.model and per_phase_turbulence(case):
        plan.warnings.append(f"not applied: {plan.model}: this case keeps a turbulence model per phase "
                             "(constant/turbulenceProperties.<phase>); modify switches single-phase models only")
        plan.model = None
    target_solver = plan.solver or state.solver
    if plan.model and model_spec(plan.model).simulation_type != "laminar" and target_solver == "icoFoam":
        plan.solver = target_solver = "pisoFoam"
        plan.assumptions.append("solver = pisoFoam (icoFoam is laminar only)")
    if plan.model and "R" in model_spec(plan.model).solved and is_steady(target_solver):
        plan.assumptions.append(f"Reynolds-stress model: SIMPLE (not SIMPLEC), relaxation {describe_relaxation('stress')} "
                                "and upwind convection of R and epsilon, for a stable start")
    if plan.model and model_spec(plan.model).simulation_type == "LES" and is_steady(target_solver):
        plan.warnings.append(f"an LES model with the steady solver {target_solver}: a real LES needs a transient solver")

    run_control_edits(plan, state, text, qs)
    relative_edits(plan, state, text)  # "endTime x2", "dt one third of what it is", "rpm x2"

    u_field = "U.air" if "U.air" in state.fields else "U"
    sine = sines(text)
    speeds = [q for q in qs if q.kind == "velocity"]
    if sine:
        patch = patch_with_role(state, "movingWall") if re.search(r"wall|lid|top", low) else None
        patch = patch or patch_with_role(state, "inlet", "movingWall")
        if patch is None:
            raise RequestError("the change names a velocity, but the case has no inlet or moving wall to put it on")
        direction = patch_direction(case, u_field, patch)
        s = sine[0]
        edit(f"0/{u_field}", ["boundaryField", patch], sine_bc(s.amplitude, s.period, [round(d, 6) for d in direction]),
             f"{patch} velocity {s.text} (Function1 sine)")
    unplaced: list[tuple[str, str, float]] = []
    if not sine and speeds:
        unplaced = velocity_edits(plan, state, text, speeds, u_field)
    patch_pressure_edits(plan, state, text)

    temps = sorted([q for q in qs if q.kind == "temperature"] + degree_changes(qs), key=lambda q: q.start)
    if temps and "0/T" not in (e.file for e in plan.edits) and (t_file := initial_field(case, "T")) is not None:
        t_edits, t_warnings = temperature_edits(state, t_file.read_text(), text, temps)
        plan.edits += t_edits
        plan.warnings += t_warnings
    heater_edits(plan, state, text)  # "heater +10 K": a setFields region's temperature

    asked = without_kept_sentences(text)  # "keep the air viscosity": a fluid named only to keep it is no change
    fluid = target_fluid(asked, state.roles)
    if fluid is None and initial_field(case, "T") is None:  # "the air was at 30 degC": its properties at that
        fluid = conditioned_fluid(text, qs)
    if fluid is None and (unknown := unknown_fluid(asked, state.roles)) is not None:
        plan.warnings.append(f"not applied: {unknown} as the fluid (canonical/fluids.yaml holds {', '.join(fluid_table())} "
                             "only: state its properties, e.g. 'nu 1.2e-4 m2/s' or 'mu 2e-5 Pa s and rho 0.16 kg/m3')")
    pair_model_edits(plan, state, without_kept_sentences(text))  # "drag Ishii-Zuber", "no virtual mass": an Euler case
    pair_coefficient_edits(plan, state, text)  # "Cvm 0.25 for the bubbles"
    if solver_family(state.solver) == "multiphase":
        if fluid in case_phases(case) and not (first(qs, "density") or first(qs, "kinematic_viscosity")):
            fluid = None  # "the drag of the air bubbles": a phase the case has, named, is no change of fluid
        kept_per_phase = not (case / "constant/transportProperties").is_file()  # Euler: the binder's thermo files
        if fluid or (first(qs, "density") or first(qs, "kinematic_viscosity")) and not kept_per_phase:
            liquid_edits(plan, state, fluid, qs)
    elif fluid:
        fluid_edits(plan, state, fluid, qs)

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
        edit("constant/MRFProperties", [zone, "omega"], unrounded(omega_q.value), "MRF angular velocity")

    mesh = mesh_text(case)  # system/blockMeshDict, or what its m4 template expands to
    flat = caseops.flat_axes(counted_text(mesh)) if mesh is not None else []
    counted = mesh is not None and bool(caseops.block_cells(counted_text(mesh)))  # its blocks say which axes are flat
    refine = refinement(low, two_d=not counted and ("empty" in state.roles.values() or is_2d(case)), flat=flat)
    if refine is not None and (reason := unrefinable(case, refine)) is not None:
        plan.warnings.append(f"not applied: mesh refinement x {' x '.join(fmt(f) for f in refine)} ({reason})")
    elif refine is not None:
        set_refinement(plan, case, refine)
        plan.assumptions.append(f"mesh refined by {' x '.join(fmt(f) for f in refine)} (cells per block, x y z)")
    refined = plan.refine is not None or any(e.reason.startswith("mesh refined by") for e in plan.edits)
    counts = cell_counts(text)
    if counts and re.search(r"mesh|cells|resolution|grid", low) and not refined:
        cell_count_edit(plan, case, counts[0])
    written = (case / "system/blockMeshDict").is_file()  # not an m4 template's expansion
    by_direction = counts_by_axis(text, counted_text(mesh)) if not counts and not refined and \
        mesh is not None and written else None
    if by_direction is not None:  # "30 cells across the tube and 600 along it": axes from the mesh's shape
        wanted, problems = by_direction
        plan.warnings.extend(f"not applied: {p}" for p in problems)
        if any(wanted):
            cell_count_edit(plan, case, wanted)
    elif not counts and not refined and not written and (named := direction_counts(text)):
        plan.warnings.append(f"not applied: {', '.join(f'{n} cells {d}' for d, n in named.items())} ({no_block_mesh(case)})")
    elif not counts and not refined and written and (sized := size_word_counts(text, state.up)) is not None:
        cell_count_edit(plan, case, sized)  # "50 cells wide and 150 high"
    elif not counts and not refined and (axis_count := axis_cell_count(text)) is not None:
        cell_count_edit(plan, case, [axis_count[1] if i == axis_count[0] else 0 for i in range(3)])
    size_q = stated_cell_size(qs)
    if size_q is not None and plan.refine is None and not any(e.file == "system/blockMeshDict" for e in plan.edits):
        sized = cell_size_edit(mesh, size_q) if mesh is not None else no_block_mesh(case)
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

    scaled_value_edits(plan, state, text)
    relative_target_edits(plan, state, text)  # "inlet -20%", "nu x0.5": the patch's fixed value, the entry
    patch_type_edits(plan, state, text, bc_values(state, plan))
    model_field_values(plan, state, text)
    surface_tension_edits(plan, state, text)
    contact_angle_edits(plan, state, qs, low)
    particle_size_edits(plan, state, text)  # "the particles 20 % bigger": each injection's size distribution
    bare_value_edits(plan, state, text)  # "bump the inlet to 20": the unit of the field the patch fixes
    bc_parameter_edits(plan, state, text)  # "the heat added to the inflow 20 W": the parameter the patch's condition has
    radiation_model_edits(plan, state, text)  # "replace fvDOM by P1": radiationProperties (modify_switch)
    bind_the_rest(plan, state, text, olds)
    kept = kept_values(text)  # "the density stays at 980 kg/m3": nothing to set, so nothing not applied
    plan.warnings = [w for w in plan.warnings if not any(w.startswith(f"not applied: {k} (") for k in kept)]
    for moved in centre_move_edits(case, text, plan.edits):  # a round initial region moved to a stated point
        plan.edits = [e for e in plan.edits if (e.file, e.entry) != (moved.file, moved.entry)] + [moved]
    for patch, why, speed in unplaced:  # the binder may have set it another way (a flow rate condition replaced, Ubar)
        number = re.compile(rf"(?<![\d.]){re.escape(unrounded(speed))}(?![\d.])")
        said = why.split(" (", 1)[0]  # "600 m/s": an edit whose reason names it carries it (a vector along the flow)
        placed = any(e.file.rsplit("/", 1)[-1].startswith("U") and patch in e.entry for e in plan.edits) if patch else \
            any(isinstance(e.value, str) and number.search(e.value) or f"velocity {said}" in e.reason for e in plan.edits)
        if not placed:
            plan.warnings.append(f"not applied: {why}")
    end_written(plan, case, plan.solver or state.solver)  # a run shortened below its write interval: its end written
    if not (plan.edits or plan.solver or plan.model or plan.refine or plan.ranks):
        if re.search(r"\bgravity\b", low) and not (case / "constant/g").is_file():
            raise RequestError(f"{state.solver} solves no gravity (the case has no constant/g): gravity needs a "
                               "solver that reads it (buoyant*Foam for heat, interFoam for two phases); name one, "
                               "e.g. 'switch to buoyantPimpleFoam'")
        if already := [a for a in plan.assumptions if a.endswith("; not changed")]:  # "Schiller-Naumann drag" it has
            raise RequestError(f"found no change to make: {'; '.join(a.removesuffix('; not changed') for a in already)}")
        if model is not None and model == state.model:
            raise RequestError(f"found no change to make: the case already uses {model} (name another model, "
                               f"or say 'switch to {model}' to have its fields, schemes and solvers checked)")
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
