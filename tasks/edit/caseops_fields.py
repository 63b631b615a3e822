"""Fields from the canonical BC selector and the turbulence-model switch: patch roles,
generated field files (templates/foam/field.j2), turbulenceProperties, the fields a model needs
and the ones it no longer does, and the numerics of the solved fields."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

from tasks.core.errors import PlanError
from tasks.core.render import render
from tasks.edit.caseops_io import edit, field_writing_patches, initial_field, read, write
from tasks.edit.caseops_models import (
    case_velocity_roles,
    limit_courant,
    model_field_names,
    wall_function_patches,
)
from tasks.edit.caseops_numerics import ensure_numerics
from tasks.edit.coupled_fields import constraint_condition
from tasks.foam import dictionary as fd
from tasks.foam.casedir import mesh_patches
from tasks.foam.defaults import keyword_values, relaxation_factors, upwind_scheme
from tasks.foam.physics import (
    boundary_condition,
    dimensions,
    field_class,
    internal_value,
    is_steady,
    loadable_model,
    unrounded,
    model_spec,
    needs_alphat,
    solver_family,
)

WALL_TYPES = {"wall"}
# where a turbulence switch records the model it used instead of the one asked for (the checker reports it)
MODEL_FALLBACK_FILE = ".casewright/model_fallback.json"

log = logging.getLogger(__name__)


# --- fields from the BC selector ------------------------------------------------------


def role_of(patch: str, patch_type: str, roles: dict[str, str], velocity: dict[str, str] | None = None) -> str:
    """A patch's role: given by the plan, else from its mesh type and name, else (a generic
    `patch` named freestream, far, sides, ...) as the case's velocity field treats it
    (caseops_models.velocity_roles), else wall."""
    if patch in roles:
        return roles[patch]
    if patch_type in ("empty", "symmetry", "symmetryPlane", "cyclic", "wedge"):
        return patch_type
    name = patch.lower()
    if patch_type == "wall" or "wall" in name:
        if any(w in name for w in ("moving", "lid")):
            return "movingWall"
        return "wall"
    for role, words in (("inlet", ("inlet", "inflow")), ("outlet", ("outlet", "outflow")),
                        ("atmosphere", ("atmosphere", "top", "open"))):
        if any(w in name for w in words):
            return role
    return (velocity or {}).get(patch, "wall")


_WALL_ROLES = ("wall", "movingWall", "heatedWall")


def field_role(patch: str, patch_type: str, roles: dict[str, str], velocity: dict[str, str]) -> str:
    """The role a generated field's condition follows: role_of, except that a wall role on a
    patch whose mesh type is not `wall` and whose velocity is no no-slip wall (dahl's slip `top`, a
    supersonic freestream boundary named `bottomWall`, a coded condition) follows the velocity
    (an open boundary when it is neither inflow nor outflow): wall functions there abort the
    solver ("Patch type for patch top must be wall"). No-slip `patch` patches are retyped to wall
    (caseops_models.wall_function_patches) and keep their wall role."""
    role = role_of(patch, patch_type, roles, velocity)
    if role in _WALL_ROLES and patch_type not in WALL_TYPES and velocity and velocity.get(patch) != "wall":
        return velocity.get(patch, "outlet")
    return role


def write_field(
    case: Path, field: str, solver: str, model: str, internal: str,
    roles: dict[str, str], values: dict[str, str], provenance: str,
) -> str:
    """Generate 0/<field> with the canonical BC for every mesh patch."""
    patches = field_writing_patches(case)
    if not patches:
        raise PlanError(f"cannot write 0/{field}: no patches found in constant/polyMesh/boundary, the blockMeshDict "
                        f"or the boundaryField of the fields in 0/ and 0.orig/; run the mesh step first or add a field")
    velocity = case_velocity_roles(case)
    boundary = {
        name: constraint_condition(ptype, internal)
        or boundary_condition(field_role(name, ptype, roles, velocity), field, model, solver, values)
        for name, ptype in patches.items()
    }
    text = render(
        "foam/field.j2", foam_class=field_class(field), object=field, location="0",
        provenance=provenance, dimensions=dimensions(field, solver), internal=internal, boundary=boundary,
    )
    if (case / "0.orig").is_dir():  # the run copies 0.orig over 0 (restore0Dir): the field must be there too
        write(case, f"0.orig/{field}", text)
    return write(case, f"0/{field}", text)


# --- turbulence model -----------------------------------------------------------------

TURBULENCE_FIELDS = model_field_names()  # every canonical model's fields and alphat (ReThetat, phit, flm, ...)


def turbulence_values(k: float, epsilon: float, omega: float, nu_tilda: float) -> dict[str, str]:
    """Uniform values of the model fields, written unrounded (a stated or derived epsilon of
    14.855 stays 14.855)."""
    r = unrounded(2 * k / 3)
    return {
        "k": unrounded(k), "epsilon": unrounded(epsilon), "omega": unrounded(omega), "nuTilda": unrounded(nu_tilda),
        "R": f"({r} 0 0 {r} 0 {r})",
    }


def set_turbulence_model(
    case: Path, model: str, solver: str, values: dict[str, str], roles: dict[str, str],
    provenance: str, keep_existing: bool = True,
) -> list[str]:
    """Switch to `model`: turbulenceProperties, every field it needs (existing files are
    kept when `keep_existing`), unused turbulence fields removed, schemes, solvers and
    relaxation entries for the solved fields. A model `solver` cannot load (driftFluxFoam
    offers only kEpsilon and buoyantKEpsilon) is replaced by the nearest one it can, logged and
    recorded in MODEL_FALLBACK_FILE for the checker to report."""
    changed: list[str] = []
    model, fallback = resolve_model(case, solver, model)
    if fallback:
        changed.append(fallback)
    spec = model_spec(model)
    props = "constant/turbulenceProperties"
    if spec.simulation_type == "laminar":
        text = render("foam/turbulenceProperties.j2", foam_class="dictionary", object="turbulenceProperties",
                      location="constant", provenance=provenance, simulation_type="laminar", model=model,
                      settings={})
        changed.append(write(case, props, text))
    elif (case / props).is_file() and fd.get(read(case, props), ["simulationType"]) == spec.simulation_type:
        sub = spec.simulation_type
        changed.append(edit(case, props, [sub, f"{sub}Model"], model))
        changed.append(edit(case, props, [sub, "turbulence"], keyword_values("turbulenceProperties", sub)["turbulence"]))
    else:
        text = render("foam/turbulenceProperties.j2", foam_class="dictionary", object="turbulenceProperties",
                      location="constant", provenance=provenance, simulation_type=spec.simulation_type, model=model,
                      settings=keyword_values("turbulenceProperties", spec.simulation_type))
        changed.append(write(case, props, text))
    if spec.simulation_type != "laminar":  # wall functions need mesh type wall
        changed += wall_function_patches(case, field_writing_patches(case))
    changed += limit_courant(case, solver)
    needed = set(spec.fields)
    if solver_family(solver) == "boussinesq" or (needs_alphat(solver) and spec.simulation_type != "laminar"):
        # buoyantBoussinesq* read 0/alphat even when laminar (v1912); every thermodynamic solver's
        # (rhoPimpleFoam, compressibleInterFoam, XiFoam, ...) eddy diffusivity reads it with RAS and LES
        needed.add("alphat")
    for field in sorted(needed):
        source = initial_field(case, field)  # what the run starts from: 0.orig/X when the run restores it
        if source is not None and keep_existing and _wall_bcs_fit(case, field, model, solver, roles, values, source):
            continue
        internal = internal_value(field, solver, values)
        changed.append(write_field(case, field, solver, model, f"uniform {internal}", roles, values, provenance))
    removed = []
    for field in sorted(TURBULENCE_FIELDS - needed):
        copies = [p for p in (case / "0" / field, case / "0.orig" / field, case / "0" / f"{field}.orig") if p.is_file()]
        for path in copies:
            path.unlink()
            changed.append(f"{path.relative_to(case)} (removed)")
        if copies:
            removed.append(field)
    changed += drop_fields_from_function_objects(case, removed)
    if "R" in spec.solved and is_steady(solver):
        changed += stabilise_stress_model(case)
    if spec.simulation_type == "LES" and model in LES_COEFFS:
        changed.append(edit(case, props, ["LES", f"{model}Coeffs"], LES_COEFFS[model]))
    changed += ensure_numerics(case, solver, spec.solved + (["T"] if (case / "0/T").is_file() else []))
    return list(dict.fromkeys(changed))


def resolve_model(case: Path, solver: str, model: str) -> tuple[str, str | None]:
    """(the model `solver` will load: `model` or the nearest it offers, the record file written
    when it had to fall back, else None)."""
    used, warning = loadable_model(solver, model)
    if warning is None:
        return model, None
    log.warning("%s", warning)
    record = {"solver": solver, "requested": model, "used": used, "warning": warning}
    return used, write(case, MODEL_FALLBACK_FILE, json.dumps(record, indent=1) + "\n")


LES_COEFFS = {
    "Smagorinsky": {"Ck": "0.094", "Ce": "1.048"},
    "WALE": {"Ck": "0.094", "Ce": "1.048", "Cw": "0.325"},
    "kEqn": {"Ck": "0.094", "Ce": "1.048"},
}


def stabilise_stress_model(case: Path) -> list[str]:
    """Reynolds-stress models need SIMPLE (not SIMPLEC), stronger under-relaxation and
    first-order convection of R and epsilon to get through the first iterations."""
    sol = read(case, "system/fvSolution")
    if fd.find(sol, ["SIMPLE", "consistent"]) is not None:
        sol = fd.set_entry(sol, ["SIMPLE", "consistent"], "no")
    for section, factors in relaxation_factors("stress").items():
        for key, value in factors.items():
            sol = fd.set_entry(sol, ["relaxationFactors", section, key], value)
    write(case, "system/fvSolution", sol)
    schemes = read(case, "system/fvSchemes")
    for key in ("div(phi,R)", "div(phi,epsilon)"):
        schemes = fd.set_entry(schemes, ["divSchemes", key], upwind_scheme(steady=True))
    write(case, "system/fvSchemes", schemes)
    return ["system/fvSolution", "system/fvSchemes"]


def drop_fields_from_function_objects(case: Path, removed: list[str]) -> list[str]:
    """Function objects that sample a field the new model no longer has would stop the run:
    drop those names from their `fields ( ... )` lists in system/."""
    if not removed:
        return []
    changed = []
    for path in sorted((case / "system").glob("*")):
        if not path.is_file():
            continue
        text = path.read_text()

        def clean(m: re.Match[str]) -> str:
            names = [n for n in m.group(2).split() if n not in removed]
            if len(names) == len(m.group(2).split()):
                return m.group(0)  # nothing of this list removed: its layout stays
            return f"{m.group(1)}({' '.join(names)})"

        new = re.sub(r"(\bfields\s*)\(([^()]*)\)", clean, text)
        if new != text:
            path.write_text(new)
            changed.append(str(path.relative_to(case)))
    return changed


def _wall_bcs_fit(case: Path, field: str, model: str, solver: str, roles: dict[str, str], values: dict[str, str],
                  source: Path | None = None) -> bool:
    """True when an existing field file's (`source`, else 0/<field>) wall BCs are the ones `model` needs."""
    text = source.read_text() if source is not None else read(case, f"0/{field}")
    velocity = case_velocity_roles(case)
    for patch, ptype in mesh_patches(case).items():
        role = field_role(patch, ptype, roles, velocity)
        if role not in _WALL_ROLES:
            continue
        want = boundary_condition(role, field, model, solver, values)["type"]
        have = patch_condition_type(text, patch, ptype)
        if have is None and field == "nut" and want == "calculated":
            continue
        if have != want and not (field == "T" or want == "fixedValue" or _both_wall_functions(have, want)):
            return False
    return True


def patch_condition_type(text: str, patch: str, mesh_type: str) -> str | None:
    """The condition type a field file gives `patch` as OpenFOAM resolves it: its own entry, else
    a regular-expression key that matches it ("(upperWall|lowerWall)", ".*Wall"), else the entry
    of its mesh-type group (`wall { ... }`)."""
    found = fd.get(text, ["boundaryField", patch, "type"], regex=True)
    if found is None and mesh_type:
        found = fd.get(text, ["boundaryField", mesh_type, "type"])
    return found


def _both_wall_functions(have: str | None, want: str) -> bool:
    """A wall function the case chose (nutUSpaldingWallFunction, kLowReWallFunction,
    compressible::alphatJayatillekeWallFunction) where the canonical selector would write another
    one of the same field: the case's choice is valid and kept.
    A low-Reynolds-number model's own wall function (nutLowReWallFunction) is not replaced by a
    high-Re one."""
    return have is not None and have.endswith("WallFunction") and want.endswith("WallFunction") and \
        ("LowRe" not in want or "LowRe" in have)
