"""What every recipe shares (tasks/plan/recipes.py): the family tutorials, the Plan that collects
edits, locked values and assumptions, the manifest it becomes, and small value helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from tasks.core.errors import RequestError
from tasks.foam.files import find_file, read_text
from tasks.foam.physics import fluid_table
from tasks.plan.controls import refinement_direction
from tasks.plan.extract import Quantity, normalise
from tasks.plan.foam_values import fmt  # stated values exactly as stated (10 significant digits)
from tasks.plan.stated import Binding
from tasks.plan.manifest import CaseManifest, FileEdit, Fluid

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


def reynolds_speed(p: Plan, nu: float, length: float, what: str) -> float | None:
    """U = Re nu / L when the request states a Reynolds number and no speed (the recipe's own
    length L, its viscosity nu); recorded as an assumption. None without a Reynolds number."""
    re_q = p.ctx.q("reynolds")
    if re_q is None or re_q.value <= 0 or nu <= 0 or length <= 0:
        return None
    speed = re_q.value * nu / length
    p.values[what] = speed
    p.assumptions.append(f"{what} = Re nu / L = {fmt(re_q.value)} x {fmt(nu)} m2/s / {fmt(length)} m = {speed:.4g} m/s "
                         f"(no speed stated; L = {fmt(length)} m is the recipe's reference length)")
    return float(f"{speed:.6g}")


def reynolds_check(p: Plan, speed: float, length: float, nu: float, laminar: bool) -> None:
    re_q = p.ctx.q("reynolds")
    re_calc = speed * length / nu
    p.values["Re"] = re_calc
    if re_q is not None and abs(re_q.value - re_calc) > 0.1 * re_q.value:
        raise RequestError(
            f"contradictory values: Re = {fmt(re_q.value)} was asked for, but U = {fmt(speed)} m/s, "
            f"L = {fmt(length)} m and nu = {fmt(nu)} m2/s give Re = {re_calc:.4g}; drop one of them"
        )
    if re_q is not None and not any(b.stated == re_q.text.strip() for b in p.bindings):
        # Re stated beside the speed, the length and the viscosity it follows from: carried by the viscosity
        # written for it (never derived again from the tutorial's own values by the binder)
        p.bind("reynolds", "constant/transportProperties", ["nu"], fmt(nu),
               f"Re = U L / nu = {fmt(speed)} x {fmt(length)} / {fmt(nu)} = {re_calc:.4g}")
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
