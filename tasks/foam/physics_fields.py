"""A generated field's header and values: its dimensions and class, the canonical boundary
condition of a patch role (with {placeholders} filled), its internal value and the reference
pressure; a sine-in-time inlet."""

from __future__ import annotations

from tasks.core.errors import PlanError
from tasks.foam.physics_models import model_spec, physics
from tasks.foam.physics_numbers import fmt, format_dimensions, parse_dimensions
from tasks.foam.physics_solvers import is_absolute_pressure, solver_family
from tasks.foam.physics_tutorials import tutorial_dimensions

def dimensions(field: str, solver: str) -> str:
    name = "alpha" if field.startswith("alpha.") else field
    spec = physics().fields.get(name)
    if spec is None:
        raise PlanError(f"no dimensions known for field {field!r}")
    seen = tutorial_dimensions(solver, field)
    if len(seen) == 1:  # what the solver's own tutorials give the field
        return format_dimensions(next(iter(seen)))
    family = solver_family(solver)
    if family == "compressible" or (family == "multiphase" and name in ("p", "p_rgh")):
        return spec.absolute
    if name == "alphat" and is_absolute_pressure(solver):  # compressibleInterFoam's alphat is kg/m/s
        return spec.absolute
    return spec.kinematic


def dimensions_fit(field: str, solver: str, written: str) -> str | None:
    """None when `written` dimensions suit `field` of `solver`, else the dimensions to write.
    The solver's installed tutorials decide when they have the field; the solver family's
    rule (kinematic or absolute pressure) otherwise. Unreadable dimensions are not judged."""
    have = parse_dimensions(written)
    if have is None:
        return None
    seen = tutorial_dimensions(solver, field)
    if seen:
        if have in seen:
            return None
        return format_dimensions(sorted(seen)[0])
    try:
        want = parse_dimensions(dimensions(field, solver))
    except PlanError:
        return None
    return None if want is None or want == have else format_dimensions(want)


def field_class(field: str) -> str:
    if field.startswith("alpha."):
        return "volScalarField"
    return physics().fields[field].class_


CONSTRAINT_ROLES = ("symmetry", "symmetryPlane", "empty", "cyclic", "wedge")


def boundary_condition(
    role: str, field: str, model: str, solver: str, values: dict[str, str]
) -> dict[str, str]:
    """The canonical BC for a patch role and field, with {placeholders} filled from values."""
    table = physics().bc_selector
    key = "alpha" if field.startswith("alpha.") else field
    spec: dict[str, str] | None = None
    if role in CONSTRAINT_ROLES:
        spec = table[role]["*"]
    elif role == "movingWall":
        spec = table["movingWall"].get(key) or table["wall"].get(key)
    elif role == "heatedWall":
        spec = table["heatedWall"].get(key) or table["wall"].get(key)
    else:
        spec = table.get(role, {}).get(key)
    if spec is None:
        raise PlanError(f"no canonical boundary condition for field {field!r} on a {role!r} patch")
    if role in ("wall", "movingWall", "heatedWall"):
        spec = physics().wall_overrides.get(model, {}).get(key, spec) if key != "U" else spec
        if solver_family(solver) == "boussinesq":
            spec = physics().boussinesq_overrides.get("wall", {}).get(key, spec)
    if key == "alphat" and model_spec(model).simulation_type == "laminar" and role not in CONSTRAINT_ROLES:
        spec = physics().laminar_alphat  # buoyantBoussinesq* read alphat even when laminar: zero, no wall function
    filled = {k: _fill(v, values) for k, v in spec.items()}
    if key in ("p", "p_rgh") and is_absolute_pressure(solver):
        ambient = f"uniform {reference_pressure(solver, values)}"
        filled = {k: ambient if v.strip() == "uniform 0" else v for k, v in filled.items()}
    return filled


def reference_pressure(solver: str, values: dict[str, str] | None = None) -> str:
    """The ambient pressure for absolute-pressure solvers (values["p_ambient"] when stated,
    else canonical 1e5 Pa), 0 for kinematic-pressure solvers: internal fields, outlet values,
    pRefValue."""
    if not is_absolute_pressure(solver):
        return "0"
    if values and values.get("p_ambient"):
        return values["p_ambient"]
    return fmt(physics().ambient_pressure)


def internal_value(field: str, solver: str, values: dict[str, str]) -> str:
    """The canonical internalField value of a generated field (without `uniform`)."""
    key = "alpha" if field.startswith("alpha.") else field
    if key in ("p", "p_rgh") and is_absolute_pressure(solver):
        return reference_pressure(solver, values)
    return physics().fields[key].internal.format(**values)


def _fill(template: str, values: dict[str, str]) -> str:
    try:
        return template.format(**values)
    except KeyError as exc:
        raise PlanError(f"no value for {{{exc.args[0]}}} in boundary condition {template!r}") from None


def sine_bc(amplitude: float, period: float, direction: list[float]) -> dict:
    """uniformFixedValue with the v1912 `sine` Function1: amplitude*sin(2 pi t / period)."""
    vec = "(" + " ".join(fmt(x) for x in direction) + ")"
    zero = "(" + " ".join("0" for _ in direction) + ")"
    return {
        "type": "uniformFixedValue",
        "uniformValue": {
            "type": "sine",
            "frequency": fmt(1.0 / period),
            "amplitude": fmt(amplitude),
            "scale": vec,
            "level": zero,
        },
        "value": f"uniform {zero}",
    }
