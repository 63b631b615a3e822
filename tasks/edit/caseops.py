"""Edits of a case directory that the InputWriter and `modify` share.

Each operation reads the files it needs, edits them with minimal diffs (tasks/foam/dictionary.py),
and returns the relative paths it changed. Field files it must create come from the
canonical BC selector (tasks/knowledge) through templates/foam/field.j2.
"""

from __future__ import annotations

import json
import logging
import re
import shutil
import subprocess
from pathlib import Path

from tasks.core.errors import PlanError
from tasks.core.render import render
from tasks.edit.caseops_models import case_velocity_roles, elliptic_fields, limit_courant, model_field_names, wall_function_patches
from tasks.foam import dictionary as fd
from tasks.foam.casedir import block_mesh_default_patch, field_patches as initial_field_patches, mesh_patches
from tasks.foam.defaults import (
    convection_entries,
    convection_schemes,
    keyword_values,
    linear_solver_body,
    relaxation_factors,
    stress_scheme,
    time_scheme,
    turbulence_relaxation,
    unbounded_scheme,
    upwind_scheme,
)
from tasks.foam.geometry import axis_totals, block_cells, block_extents, flat_axes, scale_blocks
from tasks.foam.physics import (
    boundary_condition,
    convection_flux,
    dimensions,
    field_class,
    fmt,
    internal_value,
    is_steady,
    loadable_model,
    model_spec,
    needs_alphat,
    reference_pressure,
    solver_family,
)

WALL_TYPES = {"wall"}
# where a turbulence switch records the model it used instead of the one asked for (the checker reports it)
MODEL_FALLBACK_FILE = ".casewright/model_fallback.json"

log = logging.getLogger(__name__)


def read(case: Path, rel: str) -> str:
    return (case / rel).read_text()


def write(case: Path, rel: str, text: str) -> str:
    path = case / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return rel


def edit(case: Path, rel: str, path: list[str], value: str | dict) -> str:
    text = read(case, rel)
    new = fd.set_entry(text, path, value)
    if new != text:
        write(case, rel, new)
    return rel


def initial_field(case: Path, field: str) -> Path | None:
    """The file a field's initial and boundary values come from at run time: the pristine copy
    (0.orig/X or 0/X.orig) that the run copies over 0/X, as the tutorials' Allrun do, else 0/X."""
    return next((p for p in (case / "0.orig" / field, case / "0" / f"{field}.orig", case / "0" / field) if p.is_file()), None)


def field_writing_patches(case: Path) -> dict[str, str]:
    """Patch name -> type for a field to be written: the built mesh's patches when there is one;
    else the blockMeshDict's together with the patches the other fields name (in 0/ and 0.orig/,
    `.orig` copies too), since snappyHexMesh, fluentMeshToFoam, m4 or a restore0Dir case's own
    route make patches no blockMeshDict lists. An entry for a patch the final mesh lacks is
    ignored by OpenFOAM; a missing one is fatal."""
    if (case / "constant/polyMesh/boundary").is_file():
        return mesh_patches(case)
    return {**initial_field_patches(case, every_folder=True), **mesh_patches(case, fields=False),
            **default_patch(case)}


def default_patch(case: Path) -> dict[str, str]:
    """The patch blockMesh makes of the faces no boundary entry lists, when system/blockMeshDict
    names it (casedir.block_mesh_default_patch); empty without a blockMeshDict."""
    bmd = case / "system/blockMeshDict"
    return block_mesh_default_patch(bmd.read_text(errors="replace")) if bmd.is_file() else {}


def field_patches(case: Path, field: str) -> list[str]:
    return fd.keys(read(case, f"0/{field}"), ["boundaryField"])


# --- generic entries ------------------------------------------------------------------


def set_control(case: Path, **entries: str | float) -> list[str]:
    for key, value in entries.items():
        edit(case, "system/controlDict", [key], value if isinstance(value, str) else fmt(value))
    return ["system/controlDict"] if entries else []


def set_patch_bc(case: Path, field: str, patch: str, bc: dict) -> str:
    return edit(case, f"0/{field}", ["boundaryField", patch], bc)


def set_patch_value(case: Path, field: str, patch: str, value: str) -> str:
    return edit(case, f"0/{field}", ["boundaryField", patch, "value"], value)


def set_internal(case: Path, field: str, value: str) -> str:
    return edit(case, f"0/{field}", ["internalField"], value)


def expand_m4(case: Path, rel: str = "system/blockMeshDict.m4") -> str:
    """Write system/blockMeshDict from the case's m4 mesh template, as the tutorials' makeMesh
    scripts do (`m4 system/blockMeshDict.m4 > system/blockMeshDict`); the template stays."""
    src = case / rel
    if not src.is_file():
        raise PlanError(f"the mesh template {rel} is missing from {case}")
    if shutil.which("m4") is None:
        raise PlanError("this case's mesh needs m4 to expand its template: apt-get install m4")
    out = subprocess.run(["m4", str(src)], check=False, capture_output=True, text=True, cwd=case, timeout=60)
    if out.returncode != 0:
        raise PlanError(f"m4 failed on {rel} in {case}: {out.stderr.strip()[:300]}")
    return write(case, "system/blockMeshDict", out.stdout)


_COORD = r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*"
_POINT = re.compile(rf"\({_COORD}{_COORD}{_COORD}\)")


def patch_centres(case: Path) -> dict[str, tuple[float, float, float]]:
    """Centre of each patch of the case's blockMeshDict (the mean of its face corners), for
    words that place a patch ("the upper outlet", "the left wall"). Empty when the vertices are
    not plain numbers ($x, #calc, m4 macros) or the patches use the old `patches` syntax."""
    bmd = case / "system/blockMeshDict"
    if not bmd.is_file():
        return {}
    text = fd.strip_comments(bmd.read_text())
    vertices = fd.get(text, ["vertices"]) or ""
    points = [[float(x) for x in m.groups()] for m in _POINT.finditer(vertices)]
    if not points or len(points) != vertices.count("(") - 1:
        return {}
    span = fd.find(text, ["boundary"])
    body = text[span.value_start:span.value_end].strip()[1:-1] if span else ""
    centres = {}
    for e in fd.entries(body):
        corners = [int(i) for face in re.findall(r"\(([\d\s]+)\)", fd.get(body, [e.key, "faces"]) or "")
                   for i in face.split()] if e.is_dict else []
        if corners and max(corners) < len(points):
            x, y, z = (sum(points[i][axis] for i in corners) / len(corners) for axis in range(3))
            centres[e.key] = (x, y, z)
    return centres


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
    patch whose mesh type is not `wall` and whose velocity slips or lets fluid leave (dahl's slip
    `top`) follows the velocity: wall functions there abort the solver ("Patch type for patch top
    must be wall"), and such a face is no no-slip wall."""
    role = role_of(patch, patch_type, roles, velocity)
    if role in _WALL_ROLES and patch_type not in WALL_TYPES and velocity.get(patch) == "outlet":
        return "outlet"
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
        name: boundary_condition(field_role(name, ptype, roles, velocity), field, model, solver, values)
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
    r = fmt(2 * k / 3)
    return {
        "k": fmt(k), "epsilon": fmt(epsilon), "omega": fmt(omega), "nuTilda": fmt(nu_tilda),
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
        have = fd.get(text, ["boundaryField", patch, "type"])
        if have is None and field == "nut" and want == "calculated":
            continue
        if have != want and not (field == "T" or want == "fixedValue"):
            return False
    return True


# --- numerics -------------------------------------------------------------------------


def _solver_keys(text: str) -> list[str]:
    return fd.keys(text, ["solvers"])


def covered_by(field: str, patterns: list[str]) -> bool:
    for pat in patterns:
        try:
            if re.fullmatch(pat, field):
                return True
        except re.error:
            continue
    return False


def _relaxation_of(solution: str, field: str) -> float | None:
    """The equation relaxation factor that applies to `field`: its own entry, else the last
    pattern that matches it (OpenFOAM tries regular-expression keys from the last one up)."""
    path = ["relaxationFactors", "equations"]
    value = fd.get(solution, [*path, field])
    if value is None:
        for key in reversed(fd.keys(solution, path)):
            if covered_by(key.strip('"'), [field]) or covered_by(field, [key.strip('"')]):
                value = fd.get(solution, [*path, key])
                break
    try:
        return float(str(value).split()[0]) if value is not None else None
    except ValueError:
        return None


_FLUXES = ("phi", "rhoPhi", "alphaRhoPhi", "alphaPhi", "phid", "phim")


def has_convection_scheme(field: str, div_keys: list[str], flux: str = "phi") -> bool:
    """A divSchemes entry for the convection of `field`, written plainly or as a regular
    expression ("div\\(phi,(k|omega)\\)"): by whatever flux the solver's transport uses when
    `flux` is phi (div(phi,k); div(rhoPhi,k) for VoF mixtures; div(alphaRhoPhic,k) for MPPIC's
    carrier phase), by that flux alone when the solver's is another (compressibleInterFoam reads
    div(rhoPhi,k), a leftover div(phi,k) does not count)."""
    if flux != "phi":
        key = f"div({flux},{field})"
        return key in div_keys or covered_by(key, [k.strip('"') for k in div_keys if k not in (key, "default")])
    plain = re.compile(rf"div\(\w+,{re.escape(field)}\)")
    return any(plain.fullmatch(k) for k in div_keys) or \
        any(covered_by(f"div({other},{field})", div_keys) for other in _FLUXES)


def ensure_numerics(case: Path, solver: str, solved: list[str]) -> list[str]:
    """fvSchemes div terms and fvSolution solvers/relaxation for every solved field. The
    convection entries are the checker's: `div(<flux>,<field>)` with the flux the solver's
    tutorials convect turbulence with (rhoPhi for driftFluxFoam, ...), none for a field some
    entry already covers or a field without convection (v2f's f, kEpsilonPhitF's f)."""
    changed: list[str] = []
    steady = is_steady(solver)
    schemes = read(case, "system/fvSchemes")
    default_div = (fd.get(schemes, ["divSchemes", "default"]) or "none").strip()
    elliptic = elliptic_fields()
    if default_div == "none":
        div_keys = fd.keys(schemes, ["divSchemes"])
        flux = convection_flux(solver)
        missing = [f for f in solved if f != "T" and f not in elliptic and not has_convection_scheme(f, div_keys, flux)]
        entries = convection_entries(missing, steady, flux)
        for key, scheme in entries.items():
            schemes = fd.set_entry(schemes, ["divSchemes", key], scheme)
    if "R" in solved and default_div == "none":
        for key in ("div(R)", "div((nu*dev2(T(grad(U)))))"):
            if fd.get(schemes, ["divSchemes", key]) is None:
                schemes = fd.set_entry(schemes, ["divSchemes", key], stress_scheme())
    if fd.get(schemes, ["wallDist"]) is None:
        schemes = fd.set_entry(schemes, ["wallDist"], keyword_values("fvSchemes", "wallDist"))
    if schemes != read(case, "system/fvSchemes"):
        changed.append(write(case, "system/fvSchemes", schemes))

    solution = read(case, "system/fvSolution")
    patterns = _solver_keys(solution)
    missing = [f for f in solved if not covered_by(f, patterns)]
    if missing:  # turbulence fields and T: one kind of linear solver
        spec = linear_solver_body(missing[0])
        solution = fd.set_entry(solution, ["solvers", "(" + "|".join(missing) + ")"], spec)
    if not steady and fd.find(solution, ["PIMPLE"]) is not None:
        finals = [f"{f}Final" for f in ["U", *solved]]
        patterns = _solver_keys(solution)
        missing_final = [f for f in finals if not covered_by(f, patterns)]
        if missing_final:
            spec = linear_solver_body(missing_final[0])  # a Final entry: relTol 0
            solution = fd.set_entry(solution, ["solvers", "(" + "|".join(missing_final) + ")"], spec)
    if steady and fd.find(solution, ["relaxationFactors", "equations"]) is not None:
        eq = fd.keys(solution, ["relaxationFactors", "equations"])
        rel = float(turbulence_relaxation())
        for field in solved:
            if field != "T" and not covered_by(field, eq):
                solution = fd.set_entry(solution, ["relaxationFactors", "equations", field], fmt(rel))
        if "omega" in solved:  # omega under 0.9 relaxation goes negative (bounding) late in the run
            for field in (f for f in solved if f != "T"):
                factor = _relaxation_of(solution, field)
                if factor is not None and factor > rel:
                    solution = fd.set_entry(solution, ["relaxationFactors", "equations", field], fmt(rel))
    if solution != read(case, "system/fvSolution"):
        changed.append(write(case, "system/fvSolution", solution))
    return changed


# --- solver switches ------------------------------------------------------------------

ALGORITHM = {"SIMPLE": "SIMPLE", "PISO": "PISO", "PIMPLE": "PIMPLE"}
# What switch_solver writes into a new algorithm dictionary besides nNonOrthogonalCorrectors
# (and pRefCell/pRefValue for a closed domain); the values are the canonical ones.
ALGORITHM_KEYS = {"SIMPLE": ["consistent"], "PIMPLE": ["nOuterCorrectors", "nCorrectors", "momentumPredictor"],
                  "PISO": ["nCorrectors"]}


def algorithm_of(solver: str) -> str:
    if is_steady(solver):
        return "SIMPLE"
    if solver in ("icoFoam", "pisoFoam", "nonNewtonianIcoFoam"):
        return "PISO"
    return "PIMPLE"


# pressure conditions that leave the pressure level free (a domain bounded only by them needs pRefCell)
_FREE_PRESSURE = {"zeroGradient", "fixedFluxPressure", "fixedFluxExtrapolatedPressure", "empty", "wedge", "symmetry",
                  "symmetryPlane", "cyclic", "cyclicAMI", "cyclicACMI", "processor", "calculated", "slip", "noSlip"}


def with_pressure_reference(solution: str, algo: str, solver: str) -> str:
    """fvSolution text whose algorithm dictionary has a pressure reference (pRefCell/pRefValue),
    added with the canonical cell and the solver's reference pressure when it has none."""
    if fd.find(solution, [algo]) is None or fd.find(solution, [algo, "pRefCell"]) is not None or \
            fd.find(solution, [algo, "pRefPoint"]) is not None:
        return solution
    solution = fd.set_entry(solution, [algo, "pRefCell"], keyword_values("fvSolution", algo)["pRefCell"])
    return fd.set_entry(solution, [algo, "pRefValue"], reference_pressure(solver))


def pressure_level_free(case: Path) -> bool:
    """Whether no boundary of the case fixes the pressure level (every p_rgh, else p, condition
    is zero-gradient-like): OpenFOAM then needs a reference cell ("Unable to set reference cell")."""
    for name in ("p_rgh", "p"):
        rel = next((f"{d}/{name}" for d in ("0", "0.orig") if (case / d / name).is_file()), None)
        if rel is None:
            continue
        text = read(case, rel)
        types = [fd.get(text, ["boundaryField", key, "type"]) for key in fd.keys(text, ["boundaryField"])]
        return bool(types) and all(t in _FREE_PRESSURE for t in types)
    return False


def ensure_pressure_reference(case: Path, solver: str) -> list[str]:
    """Add pRefCell/pRefValue where the pressure level is free and the algorithm dictionary has
    no reference; the files changed."""
    if not pressure_level_free(case):
        return []
    sol = read(case, "system/fvSolution")
    new = with_pressure_reference(sol, algorithm_of(solver), solver)
    return [write(case, "system/fvSolution", new)] if new != sol else []


def switch_solver(case: Path, solver: str, closed_domain: bool) -> list[str]:
    """Make the case's numerics fit `solver` (application, ddt, algorithm dict, Final solvers,
    relaxation, transportModel). Field and model changes are separate operations."""
    changed = set_control(case, application=solver)
    steady = is_steady(solver)
    algo = algorithm_of(solver)

    schemes = read(case, "system/fvSchemes")
    schemes = fd.set_entry(schemes, ["ddtSchemes", "default"], time_scheme(steady))
    div = convection_schemes(steady)
    schemes = fd.set_entry(schemes, ["divSchemes", "div(phi,U)"], div["U"])
    if not steady:  # every bounded convection entry a steady base holds (k, omega, T, default, ...)
        schemes = unbound_convection(schemes)
    if solver not in ("icoFoam",) and fd.get(schemes, ["divSchemes", "div((nuEff*dev2(T(grad(U)))))"]) is None:
        schemes = fd.set_entry(schemes, ["divSchemes", "div((nuEff*dev2(T(grad(U)))))"], stress_scheme())
    changed.append(write(case, "system/fvSchemes", schemes))

    sol = read(case, "system/fvSolution")
    for other in ("SIMPLE", "PISO", "PIMPLE"):
        if other != algo:
            sol = fd.remove_entry(sol, [other])
    if fd.find(sol, [algo]) is None:
        canonical = keyword_values("fvSolution", algo)
        body: dict[str, str | dict] = {key: canonical[key] for key in ["nNonOrthogonalCorrectors", *ALGORITHM_KEYS[algo]]}
        if algo == "SIMPLE":
            body["residualControl"] = {"p": "1e-3", "U": "1e-4", "(k|epsilon|omega|nuTilda|R|kt|kl)": "1e-4"}
        if closed_domain:
            body.update({key: canonical[key] for key in ("pRefCell", "pRefValue")})
            body["pRefValue"] = reference_pressure(solver)  # absolute-pressure solvers shift p to it
        sol = fd.set_entry(sol, [algo], body)
    elif closed_domain:
        sol = with_pressure_reference(sol, algo, solver)
    if steady:
        if fd.find(sol, ["relaxationFactors"]) is None:
            consistent = (fd.get(sol, ["SIMPLE", "consistent"]) or "").strip() in ("yes", "true", "on")
            present = [path.name for path in (case / "0").glob("*")]
            rel = relaxation_factors("simplec" if consistent else "simple", present)
            sol = fd.set_entry(sol, ["relaxationFactors"], rel)
        for name in _solver_keys(sol):
            if name.endswith("Final") or name.endswith("Final)") or "Final" in name:
                sol = fd.remove_entry(sol, ["solvers", name])
    else:
        if algo == "PISO" or not _final_unrelaxed(sol):
            # PISO has none; PIMPLE with one outer corrector solves only the Final equations, which a
            # steady case's ".*" 0.9 would under-relax: the transient would not be time-accurate
            sol = fd.remove_entry(sol, ["relaxationFactors"])
        if algo == "PIMPLE":  # the pressure a solver solves (p, or p_rgh with gravity) and U
            for field in ("p", "p_rgh", "U"):
                key = f"{field}Final"
                if not covered_by(key, _solver_keys(sol)):
                    base = next((k for k in _solver_keys(sol) if covered_by(field, [k])), None)
                    if base is None:
                        continue
                    sol = fd.set_entry(sol, ["solvers", key], _final_copy(sol, base))
    changed.append(write(case, "system/fvSolution", sol))

    props = case / "constant/transportProperties"
    if props.is_file() and solver not in ("icoFoam",):
        text = props.read_text()
        if fd.get(text, ["transportModel"]) is None and fd.get(text, ["phases"]) is None:
            nu_span = fd.find(text, ["nu"])
            model = keyword_values("transportProperties", "")["transportModel"]
            text = text[:nu_span.key_start] + f"transportModel  {model};\n\n" + text[nu_span.key_start:] if nu_span else text
            changed.append(write(case, "constant/transportProperties", text))
    return list(dict.fromkeys(changed))


def unbound_convection(schemes: str) -> str:
    """An fvSchemes text with `bounded` dropped from every divSchemes entry (the default too):
    what a steady-to-transient switch needs (defaults.unbounded_scheme)."""
    for key in fd.keys(schemes, ["divSchemes"]):
        value = fd.get(schemes, ["divSchemes", key])
        if value is not None and unbounded_scheme(value) != value:
            schemes = fd.set_entry(schemes, ["divSchemes", key], unbounded_scheme(value))
    return schemes


def _final_unrelaxed(sol: str) -> bool:
    """True when no relaxation factor below 1 applies to a Final equation or field (UFinal,
    pFinal, kFinal, ...): OpenFOAM matches the regex keys (".*") against the Final names too."""
    for section in ("fields", "equations"):
        path = ["relaxationFactors", section]
        if fd.find(sol, path) is None:
            continue
        for name in ("UFinal", "pFinal", "p_rghFinal", "kFinal", "epsilonFinal", "omegaFinal", "TFinal"):
            value = fd.get(sol, [*path, name])
            if value is None:
                for key in reversed(fd.keys(sol, path)):
                    if covered_by(name, [key.strip('"')]):
                        value = fd.get(sol, [*path, key])
                        break
            try:
                if value is not None and float(str(value).split()[0]) < 1:
                    return False
            except ValueError:
                continue
    return True


def _final_copy(sol: str, base: str) -> dict:
    """A Final solver entry: the base entry's settings with relTol 0."""
    body = fd.get(sol, ["solvers", base]) or ""
    spec: dict[str, str] = {}
    for e in fd.entries(body):
        if not e.is_dict and not e.key.startswith("#"):
            value = fd.get(body, [e.key])
            if value is not None:
                spec[e.key] = value
    spec["relTol"] = "0"
    return spec


# --- what the acceptance verdict needs ----------------------------------------------------


def add_monitors(case: Path, solver: str) -> list[str]:
    """controlDict function objects for the acceptance checks (tasks/run/acceptance.py): the
    flux through every open patch, and the monitored quantity of a steady run. Entries of the
    same name are replaced; the case's own function objects are kept."""
    from tasks.run.acceptance import monitor_functions

    functions = monitor_functions(case, solver)
    if not functions:
        return []
    text = read(case, "system/controlDict")
    if fd.find(text, ["functions"]) is None:
        text = fd.set_entry(text, ["functions"], {})
    for name, body in functions.items():
        text = fd.set_entry(text, ["functions", name], body)
    write(case, "system/controlDict", text)
    return ["system/controlDict"]


def tighten_residual_control(case: Path) -> list[str]:
    """A steady case's SIMPLE residualControl lowered to the canonical values (numerics.md):
    an entry looser than the canonical value of the fields it covers is lowered, a tighter one
    kept, nothing added. The v1912 tutorials' p 1e-2 stops runs that have not converged."""
    from tasks.foam.defaults import residual_control

    text = read(case, "system/fvSolution")
    path = ["SIMPLE", "residualControl"]
    if fd.find(text, path) is None:
        return []
    canonical = residual_control()

    def canonical_value(field: str) -> float | None:
        for key, value in canonical.items():
            if covered_by(field, [key.strip('"')]):
                return float(value)
        return None

    present = sorted({f.name for f in (case / "0").glob("*")} | {"p", "p_rgh", "U"}) if (case / "0").is_dir() else []
    new = text
    for key in fd.keys(text, path):
        fields = [f for f in present if covered_by(f, [key.strip('"')])] or [key.strip('"')]
        wanted = [v for v in (canonical_value(f) for f in fields) if v is not None]
        if not wanted:
            continue
        have = fd.get(new, [*path, key])
        try:
            looser = float(str(have).split()[0]) > min(wanted)
        except (TypeError, ValueError):
            continue  # a sub-dictionary (PIMPLE-style) or an expression: leave it
        if looser:
            new = fd.set_entry(new, [*path, key], f"{min(wanted):g}")
    if new == text:
        return []
    write(case, "system/fvSolution", new)
    return ["system/fvSolution"]


def residuals_stated(request, manifest) -> bool:
    """True when the request sets its own convergence criteria (a residual or a residualControl
    edit in the plan): those are kept as stated."""
    if "residual" in request.text.lower():
        return True
    return any("residualControl" in e.entry for e in manifest.edits)


# --- blockMesh cell counts: tasks/foam/geometry (block_cells, flat_axes, scale_blocks, axis_totals,
# block_extents), shared with the planner
