"""What a generated (shape-library) case needs besides its mesh and fields to run: a time step
that fits its smallest cell, free-stream far-field boundaries, the Boussinesq numbers of a
heated cavity (wall temperatures, TRef, beta, Pr and a stated Rayleigh number made consistent),
and, on meshes the buoyant solvers cannot run on here, a temperature carried as a passive scalar.

Pure functions on file text (`smallest_cell_*`, `time_step`, `rayleigh_*`, `axis_aligned_blocks`,
`richardson`) and small writers that edit a scratch case in place (`set_time_step`,
`set_free_stream`, `set_boussinesq`, `set_passive_temperature`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.defaults import convection_schemes, defaults, keyword_values
from tasks.foam.physics import find_fluid, fluid_table, fmt, freestream_turbulence, inlet_turbulence, is_steady, \
    nice_floor
from tasks.geometry.models import MeshBuild, MeshCommand
from tasks.plan.stated import Binding, NotApplied, StatedQuantity

GRAVITY = 9.81
# Transient solvers that read adjustTimeStep/maxCo (the PIMPLE family); icoFoam and pisoFoam do not.
ADJUSTABLE = frozenset({"pimpleFoam", "buoyantBoussinesqPimpleFoam", "buoyantPimpleFoam", "rhoPimpleFoam",
                        "interFoam"})
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


# --- the smallest cell ---------------------------------------------------------------------


def _graded_min(length: float, cells: int, grading: str) -> float:
    """The smallest cell of one block edge: `grading` is an expansion ratio or the multi-grading
    list `((lengthFraction cellFraction ratio) ...)`."""
    sections = [tuple(float(x) for x in m) for m in re.findall(rf"\(\s*({_NUM})\s+({_NUM})\s+({_NUM})\s*\)", grading)]
    if not sections:
        sections = [(1.0, 1.0, float(grading))]
    total_l = sum(s[0] for s in sections) or 1.0
    total_n = sum(s[1] for s in sections) or 1.0
    best = math.inf
    for lf, nf, ratio in sections:
        n = max(1, round(nf / total_n * cells))
        seg = lf / total_l * length
        if n == 1 or abs(ratio - 1.0) < 1e-9 or ratio <= 0:
            best = min(best, seg / n)
            continue
        k = ratio ** (1.0 / (n - 1))
        first = seg * (k - 1) / (k ** n - 1)
        best = min(best, first, first * k ** (n - 1))
    return best


def smallest_cell_block_mesh(text: str) -> float | None:
    """The smallest in-plane cell edge (m) of a blockMeshDict: every hex block, its graded
    cells along each direction that has more than one cell (the empty/wedge direction of a 2D
    mesh has one). None when the dictionary holds no block it can read."""
    text = fd.strip_comments(text)
    scale = float((fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1").split()[0])
    points = [tuple(float(x) for x in m) for m in
              re.findall(rf"\(\s*({_NUM})\s+({_NUM})\s+({_NUM})\s*\)", fd.get(text, ["vertices"]) or "")]
    best = math.inf
    block = re.compile(r"hex\s*\(([\d\s]+)\)\s*(?:\w+\s*)?\(\s*(\d+)\s+(\d+)\s+(\d+)\s*\)\s*(simpleGrading|edgeGrading)"
                       r"\s*\(((?:[^()]|\((?:[^()]|\([^()]*\))*\))*)\)")
    edges = ((0, 1), (3, 2), (7, 6), (4, 5)), ((0, 3), (1, 2), (5, 6), (4, 7)), ((0, 4), (1, 5), (2, 6), (3, 7))
    for m in block.finditer(fd.get(text, ["blocks"]) or ""):
        ids = [int(i) for i in m.group(1).split()]
        if len(ids) != 8 or max(ids) >= len(points):
            continue
        counts = [int(m.group(i)) for i in (2, 3, 4)]
        gradings = re.findall(r"\((?:[^()]|\([^()]*\))*\)|" + _NUM, m.group(6))
        for d in range(3):
            if counts[d] <= 1:
                continue
            g = gradings[d] if m.group(5) == "simpleGrading" and len(gradings) == 3 else \
                gradings[4 * d] if len(gradings) == 12 else "1"
            lengths = [math.dist(points[ids[a]], points[ids[b]]) * scale for a, b in edges[d]]
            length = min((x for x in lengths if x > 0), default=0.0)
            if length > 0:
                best = min(best, _graded_min(length, counts[d], g))
    return best if math.isfinite(best) else None


def smallest_cell_msh(text: str) -> float | None:
    """The shortest in-plane edge (m) of the triangles and quadrilaterals of a Gmsh v2 ASCII
    mesh (the front and back faces of a one-cell-thick 2D mesh)."""
    nodes_at = text.find("$Nodes")
    elements_at = text.find("$Elements")
    if nodes_at < 0 or elements_at < 0:
        return None
    node_lines = text[nodes_at:text.find("$EndNodes")].splitlines()[2:]
    nodes = {}
    for line in node_lines:
        parts = line.split()
        if len(parts) == 4:
            nodes[int(parts[0])] = (float(parts[1]), float(parts[2]), float(parts[3]))
    best = math.inf
    for line in text[elements_at:text.find("$EndElements")].splitlines()[2:]:
        parts = [int(x) for x in line.split()]
        if len(parts) < 3 or parts[1] not in (2, 3):
            continue
        ids = parts[3 + parts[2]:]
        pts = [nodes[i] for i in ids if i in nodes]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            if abs(a[2] - b[2]) < 1e-12:
                d = math.dist(a, b)
                if d > 0:
                    best = min(best, d)
    return best if math.isfinite(best) else None


def smallest_cell(case: Path) -> float | None:
    """The smallest cell size of a generated case's mesh (its blockMeshDict or mesh.msh)."""
    bmd, msh = Path(case) / "system/blockMeshDict", Path(case) / "mesh.msh"
    if msh.is_file():
        return smallest_cell_msh(msh.read_text())
    if bmd.is_file():
        return smallest_cell_block_mesh(bmd.read_text())
    return None


# --- meshes the buoyant solvers run on ----------------------------------------------------

# The installed OpenFOAM v1912 build (Debian 1912.200626-1+b1, also in the docker image) rebuilds
# a cell velocity from face fluxes (fvc::reconstruct) wrongly on alternate cells: the product
# inv(T) & sum(n phi) is formed in place, so a later component reads the x component already
# overwritten (measured on a 2D Gmsh mesh: U_y = inv(T)_yx U_x + inv(T)_yy R_y on every odd cell,
# T = sum of n n |Sf| over the cell's faces). The error vanishes only where T is diagonal, i.e.
# on cells that are boxes aligned with x, y and z. The buoyant solvers
# (buoyantBoussinesq*, buoyantPimple/SimpleFoam) correct U with fvc::reconstruct, so on any other
# mesh they blow up in their first steps (measured: the Gmsh mesh round a cylinder, the O-grid
# pipe, with g = 0 and uniform T too); pimpleFoam and simpleFoam correct U with fvc::grad(p).
RECONSTRUCT_SOLVERS = frozenset({"buoyantBoussinesqPimpleFoam", "buoyantBoussinesqSimpleFoam",
                                 "buoyantPimpleFoam", "buoyantSimpleFoam"})
_CURVED_EDGE = re.compile(r"\b(?:arc|spline|simpleSpline|polyLine|BSpline|project\w*)\b")
_ROTATING = re.compile(r"-(?:rotate|rollPitchYaw|yawPitchRoll|rotate-angle)\b")


def axis_aligned_blocks(text: str, tol: float = 1e-9) -> bool:
    """Every hex block of a blockMeshDict is a box with faces normal to x, y and z (its eight
    vertices take two values along each axis) and no edge is curved or projected, so every cell of
    the mesh is such a box. False when no block can be read (unsure counts as not aligned)."""
    text = fd.strip_comments(text)
    if _CURVED_EDGE.search(fd.get(text, ["edges"]) or "") or fd.find(text, ["geometry"]) is not None:
        return False
    points = [tuple(float(x) for x in m) for m in
              re.findall(rf"\(\s*({_NUM})\s+({_NUM})\s+({_NUM})\s*\)", fd.get(text, ["vertices"]) or "")]
    blocks = [[int(i) for i in m.split()] for m in re.findall(r"hex\s*\(([\d\s]+)\)", fd.get(text, ["blocks"]) or "")]
    if not points or not blocks:
        return False
    for ids in blocks:
        if len(ids) != 8 or max(ids) >= len(points):
            return False
        corners = [points[i] for i in ids]
        for axis in range(3):
            values = [c[axis] for c in corners]
            lo, hi = min(values), max(values)
            near = tol * max(hi - lo, 1.0)
            if any(abs(v - lo) > near and abs(v - hi) > near for v in values):
                return False  # a third level along this axis: a slanted or tapered block
    return True


def reconstruct_safe(case: Path, build: MeshBuild) -> bool:
    """Whether the buoyant solvers (RECONSTRUCT_SOLVERS) run correctly on the mesh a shape build
    makes: a blockMesh of axis-aligned box blocks with no wedge patch and no rotation after it.
    A Gmsh or snappyHexMesh mesh never is."""
    if build.generator != "blockMesh" or any(p.type == "wedge" for p in build.patches):
        return False
    if any(isinstance(s, MeshCommand) and s.command == "transformPoints" and any(_ROTATING.match(a) for a in s.args)
           for s in build.steps):
        return False
    bmd = Path(case) / "system/blockMeshDict"
    return bmd.is_file() and axis_aligned_blocks(bmd.read_text())


def richardson(g: float, beta: float, delta_t: float, length: float, speed: float) -> float:
    """Ri = g beta dT L / U^2: buoyancy against inertia (below 0.1 forced convection, above 10
    natural convection). Infinite without a speed."""
    if speed <= 0:
        return math.inf
    return g * beta * abs(delta_t) * length / speed ** 2


def fluid_prandtl(request: str, stated: list[StatedQuantity]) -> float:
    """The laminar Prandtl number: stated, else the named fluid's, else air's (the templates' fluid)."""
    q = next((q for q in stated if q.role == "prandtl"), None)
    if q is not None and q.value > 0:
        return q.value
    fluid = find_fluid(request) or "air"
    entry = fluid_table().get(fluid) or fluid_table()["air"]
    return entry.pr


def passive_temperature_object(pr: float, prt: float, diffusivity: float | None = None) -> dict[str, str]:
    """The scalarTransport function object that carries T with the flow: diffusivity
    alphaD nu + alphaDt nut = nu/Pr + nut/Prt (laminar and RAS alike), or the constant
    `diffusivity` D (m2/s) for a solver with no turbulence model to read nu from (icoFoam)."""
    if pr <= 0 or prt <= 0:
        raise ValueError(f"Pr and Prt must be positive for a passive temperature (got {pr}, {prt})")
    if diffusivity is not None and diffusivity <= 0:
        raise ValueError(f"a constant diffusivity must be positive (got {diffusivity})")
    out = {"type": "scalarTransport", "libs": '("libsolverFunctionObjects.so")', "field": "T", "phi": "phi"}
    out.update({"D": f"{diffusivity:.6g}"} if diffusivity is not None else
               {"alphaD": f"{1.0 / pr:.6g}", "alphaDt": f"{1.0 / prt:.6g}"})
    return {**out, "nCorr": "0", "resetOnStartUp": "false", "writeControl": "writeTime"}


def set_passive_temperature(case: Path, steady: bool, pr: float, diffusivity: float | None = None) -> list[str]:
    """T solved as a passive scalar next to a solver without an energy equation (the
    scalarTransport function object in controlDict, its div(phi,T) in fvSchemes): forced-convection
    heat transfer. `diffusivity`: a constant D (m2/s) instead of nu/Pr + nut/Prt. The files changed."""
    prt = float(keyword_values("transportProperties", "").get("Prt", "0.85"))
    control = Path(case) / "system/controlDict"
    control.write_text(fd.set_entry(control.read_text(), ["functions", "temperature"],
                                    passive_temperature_object(pr, prt, diffusivity)))
    changed = ["system/controlDict"]
    schemes = Path(case) / "system/fvSchemes"
    text = schemes.read_text()
    if (fd.get(text, ["divSchemes", "default"]) or "none").strip() == "none" and \
            fd.get(text, ["divSchemes", "div(phi,T)"]) is None:
        schemes.write_text(fd.set_entry(text, ["divSchemes", "div(phi,T)"], convection_schemes(steady)["scalar"]))
        changed.append("system/fvSchemes")
    return changed


# --- the time step -------------------------------------------------------------------------


def time_step(speed: float, h: float, courant: float | None = None) -> float:
    """deltaT for a Courant number `courant` (canonical target, 0.5) at `speed` on cells of `h`."""
    if speed <= 0 or h <= 0:
        raise ValueError(f"a time step needs a positive speed and cell size (got {speed}, {h})")
    return nice_floor((courant or defaults().target_courant) * h / speed)


@dataclass
class TimeStepChoice:
    delta_t: float | None
    assumptions: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def set_time_step(case: Path, solver: str, speed: float, stated_dt: float | None, stated_co: bool) -> TimeStepChoice:
    """Fit deltaT to the mesh and the velocity scale: Co = U deltaT / h = 0.5 on the smallest
    cell; the PIMPLE family also gets adjustTimeStep yes and maxCo 0.5 (1 outer corrector) so the
    step follows the flow. A stated deltaT is kept (with a warning when Co > 1)."""
    if is_steady(solver):
        return TimeStepChoice(None)
    h = smallest_cell(case)
    if h is None or speed <= 0:
        return TimeStepChoice(None, [f"deltaT from the {solver} tutorial: the smallest cell could not be read"])
    target = defaults().target_courant
    if stated_dt is not None:
        co = speed * stated_dt / h
        warn = [(f"the stated deltaT {fmt(stated_dt)} s gives Co = {co:.2g} (U {fmt(speed)} m/s, smallest cell "
                 f"{h:.3g} m): above 1 the run is not time-accurate and may diverge; deltaT <= "
                 f"{fmt(time_step(speed, h, 1.0))} s keeps Co <= 1")] if co > 1 else []
        rel = Path(case) / "system/controlDict"
        text = rel.read_text()
        kept = []
        if not stated_co and (fd.get(text, ["adjustTimeStep"]) or "no").strip() in ("yes", "on", "true"):
            rel.write_text(fd.set_entry(text, ["adjustTimeStep"], "no"))
            kept = [f"adjustTimeStep no: the stated deltaT {fmt(stated_dt)} s is kept through the run"]
        return TimeStepChoice(stated_dt, kept, warn)
    dt = time_step(speed, h, target)
    rel = Path(case) / "system/controlDict"
    text = rel.read_text()
    old_dt = float((fd.get(text, ["deltaT"]) or "1").split()[0])
    text = fd.set_entry(text, ["deltaT"], fmt(dt) if dt >= 1e-3 else f"{dt:g}")
    adjustable = solver in ADJUSTABLE
    control = (fd.get(text, ["writeControl"]) or "timeStep").strip()
    interval = float((fd.get(text, ["writeInterval"]) or "1").split()[0])
    if control == "timeStep":  # keep the write times of the template
        text = fd.set_entry(text, ["writeInterval"], fmt(interval * old_dt))
    if adjustable:
        text = fd.set_entry(text, ["writeControl"], "adjustableRunTime")
        text = fd.set_entry(text, ["adjustTimeStep"], "yes")
        if not stated_co:
            text = fd.set_entry(text, ["maxCo"], fmt(_max_co(case, target)))
    elif control in ("timeStep", "adjustableRunTime", "adjustable"):
        text = fd.set_entry(text, ["writeControl"], "runTime")
    rel.write_text(text)
    how = (f"deltaT = {fmt(dt)} s: Co = U deltaT / h = {fmt(speed * dt / h)} with U {fmt(speed)} m/s and the "
           f"smallest cell h = {h:.3g} m")
    if adjustable:
        how += f" (adjustTimeStep yes{'' if stated_co else ', maxCo ' + fmt(_max_co(case, target))} then keeps it)"
    return TimeStepChoice(dt, [how])


def fit_write_interval(case: Path, end_time: float, writes: int = 20, most: int = 100) -> bool:
    """A template's write interval in seconds that does not fit the run (longer than it, or more
    than `most` writes) becomes endTime / `writes`. True when changed."""
    rel = Path(case) / "system/controlDict"
    text = rel.read_text()
    if (fd.get(text, ["writeControl"]) or "timeStep").strip() == "timeStep" or end_time <= 0:
        return False
    interval = float((fd.get(text, ["writeInterval"]) or "0").split()[0])
    if 0 < interval <= end_time and end_time / interval <= most:
        return False
    rel.write_text(fd.set_entry(text, ["writeInterval"], fmt(end_time / writes)))
    return True


def _max_co(case: Path, target: float) -> float:
    """maxCo for the PIMPLE family: the canonical target with one outer corrector, up to 5 with
    outer iterations (the acceptance limits of time accuracy)."""
    text = (Path(case) / "system/fvSolution").read_text()
    outer = int(float((fd.get(text, ["PIMPLE", "nOuterCorrectors"]) or "1").split()[0]))
    return target if outer <= 1 else min(5.0, 2.0 * outer * target)


# --- free-stream far field -----------------------------------------------------------------

_FREESTREAM_SCALARS = ("k", "epsilon", "omega", "nuTilda", "T")


def set_free_stream(case: Path, far: list[str], inlet_values: dict[str, str]) -> list[str]:
    """Far-field patches of an external flow (an airfoil's C- or O-domain): U freestreamVelocity,
    p freestreamPressure, the transported scalars `freestream` (inflow takes the free-stream
    value, outflow is zero-gradient), nut/alphat calculated. `inlet_values` holds the free-stream
    value per field (`(10 0 0)` for U). The internal U starts at the free stream. The files changed."""
    changed = []
    for path in sorted((Path(case) / "0").glob("*")):
        name = path.name
        if not path.is_file():
            continue
        text = path.read_text()
        new = text
        for patch in far:
            if fd.find(new, ["boundaryField", patch]) is None:
                continue
            if name == "U":
                value = f"uniform {inlet_values['U']}"
                body = {"type": "freestreamVelocity", "freestreamValue": value, "value": value}
            elif name == "p":
                body = {"type": "freestreamPressure", "freestreamValue": "uniform 0", "value": "uniform 0"}
            elif name in _FREESTREAM_SCALARS and name in inlet_values:
                value = f"uniform {inlet_values[name]}"
                body = {"type": "freestream", "freestreamValue": value, "value": value}
            else:
                continue
            new = fd.set_entry(new, ["boundaryField", patch], body)
        if name == "U" and far:
            new = fd.set_entry(new, ["internalField"], f"uniform {inlet_values['U']}")
        if new != text:
            path.write_text(new)
            changed.append(f"0/{name}")
    return changed


def inlet_value(case: Path, field_name: str, patch: str) -> str | None:
    """The value (without `uniform`) of a patch's fixed value in 0/<field>, else None."""
    path = Path(case) / "0" / field_name
    if not path.is_file():
        return None
    raw = fd.get(path.read_text(), ["boundaryField", patch, "value"]) or ""
    return raw.replace("uniform", "", 1).strip() or None


# --- inlet turbulence ----------------------------------------------------------------------

TURBULENCE_INLET_FIELDS = ("k", "epsilon", "omega", "nuTilda")


def default_turbulence(speed: float, length: float, nu: float, external: bool, intensity: float | None = None,
                       length_scale: float | None = None) -> dict[str, str]:
    """Inlet values of the turbulence fields that fit the flow: an internal flow's from 5 %
    intensity and a mixing length of 0.07 x its reference length, an external flow's free stream
    from 0.5 % intensity and nut/nu = 5 (canonical turbulence defaults, tasks/foam/physics.py).
    A stated intensity or turbulent length scale replaces the default one, so k, epsilon, omega and
    nuTilda stay one consistent inflow (k = 1.5 (U I)^2, epsilon = Cmu^0.75 k^1.5 / l,
    omega = k^0.5 / (Cmu^0.25 l), nuTilda = (3/2)^0.5 U I l)."""
    if speed <= 0 or length <= 0 or nu <= 0:
        return {"k": "0.01", "epsilon": "0.01", "omega": "1", "nuTilda": "1e-4"}
    if length_scale is not None and length_scale > 0:
        i = intensity if intensity is not None else (0.005 if external else inlet_turbulence(speed, length, nu).intensity)
        k = 1.5 * (speed * i) ** 2
        cmu = 0.09
        values = {"k": k, "epsilon": cmu ** 0.75 * k ** 1.5 / length_scale,
                  "omega": math.sqrt(k) / (cmu ** 0.25 * length_scale),
                  "nuTilda": math.sqrt(1.5) * speed * i * length_scale}
    else:
        t = freestream_turbulence(speed, nu, intensity) if external and intensity is not None and 0 < intensity < 1 \
            else freestream_turbulence(speed, nu) if external else inlet_turbulence(speed, length, nu, intensity)
        values = {"k": t.k, "epsilon": t.epsilon, "omega": t.omega, "nuTilda": t.nuTilda}
    r = 2 * values["k"] / 3
    return {**{f: f"{v:.4g}" for f, v in values.items()}, "R": f"({r:.4g} 0 0 {r:.4g} 0 {r:.4g})"}


_LENGTH_SCALE = re.compile(r"(?:(?:turbulent|turbulence|integral|inlet)\s+)*(?:length[- ]scale|mixing[- ]length|eddy\s+"
                           r"(?:size|length))\s*(?:of|=|:|is|about|around|~)?\s*$", re.I)


def stated_length_scale(text: str, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated length the request calls the inlet's turbulent length scale or mixing length
    ("inlet turbulent length scale 3.5 mm", "a mixing length of 2 mm"), else None."""
    low = text.lower()
    for q in stated:
        at = low.find(q.text.lower())
        if q.role == "geometry" and at > 0 and _LENGTH_SCALE.search(re.split(r"[,;(]", low[max(0, at - 45):at])[-1]):
            return q
    return None


_SOLVER_WORDS = re.compile(r"relax|tolerance|residual|solver|smoother|corrector", re.I)


@dataclass
class NamedTurbulence:
    field: str
    value: float
    text: str  # the value as written


def stated_turbulence(text: str, inlets: list[str]) -> list[NamedTurbulence]:
    """The values the request gives the turbulence fields by name ("k 0.375 m2/s2", "omega = 60
    1/s", "inlet nuTilda 4.5e-5") with no place or an inlet named: a generated case's inlet (or
    free stream) and its initial field take them. A value for another place (a wall) is left to
    the binder."""
    from tasks.plan.extract import normalise
    from tasks.plan.fields import find_field_values

    plain = normalise(text)
    found: dict[str, NamedTurbulence] = {}
    for fv in find_field_values(text, list(TURBULENCE_INLET_FIELDS), inlets):
        if fv.field in found or fv.value is None or fv.value <= 0 or fv.vector is not None:
            continue
        if _SOLVER_WORDS.search(re.split(r"[;,.]\s", plain[max(0, fv.start - 50):fv.start])[-1]):
            continue  # "relax k 0.5", "tolerance for k 1e-6": a solver control, not the field
        if re.match(r"\s*(?:times|x\b|×)", plain[fv.start + len(fv.text):]):
            continue  # "nuTilda of three times the laminar viscosity": a ratio, not the value
        if set(fv.places) - {"inlet", "internal"} or set(fv.patches) - set(inlets):
            continue
        found[fv.field] = NamedTurbulence(fv.field, fv.value, fv.text)
    return list(found.values())


def match_stated(named: NamedTurbulence, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated quantity read from the same words as a named turbulence value, if any."""
    number = named.text.split()[0] if named.text.split() else named.text
    return next((q for q in stated if q.text.split() and q.text.split()[0] == number and
                 abs(q.value - named.value) <= 1e-9 * max(1.0, abs(named.value))), None)


_BODY_WORDS = r"cylinder|obstacle|body|block|square|aerofoil|airfoil|wing|plate|rod|tube|wire|bluff"


def body_temperature(request: str, stated: list[StatedQuantity], bodies: list[str]) -> StatedQuantity | None:
    """The stated wall temperature of the body in the flow ("a heated cylinder at 350 K", "the
    obstacle is held at 60 degC"): one whose clause names the body (its patch name or a body
    word) and no wall of the domain; None otherwise."""
    if not bodies:
        return None
    low = request.lower()
    names = "|".join(re.escape(b.lower()) for b in bodies)
    for q in stated:
        if q.role not in ("hot_wall_temperature", "cold_wall_temperature", "wall_temperature"):
            continue
        at = low.find(q.text.lower())
        if at < 0:
            continue
        before = re.sub(r"\([^()]*\)", " ", low[max(0, at - 80):at])  # "at (0.3, 0.1)": one place, not two clauses
        clause = re.split(r"[;,.]\s|\band\b", before)[-1]
        if re.search(rf"\b(?:{names}|{_BODY_WORDS})", clause) and not re.search(r"\bwalls?\b|\binlet|\bfloor|ceiling",
                                                                               clause):
            return q
    return None


# --- Boussinesq: open boundaries -------------------------------------------------------------

_DENSITY_BCS = ("prghPressure", "prghTotalPressure", "prghTotalHydrostaticPressure")


def boussinesq_open_boundaries(case: Path) -> list[str]:
    """The open patches of a Boussinesq case whose p_rgh condition looks a density up (prghPressure
    and its kin) read `rhok`, the solver's dimensionless Boussinesq density; the default `rho`
    does not exist in buoyantBoussinesq* and stops the run at its first step. The patches changed."""
    path = Path(case) / "0/p_rgh"
    if not path.is_file():
        return []
    text = path.read_text()
    changed = []
    for patch in fd.keys(text, ["boundaryField"]):
        bc = (fd.get(text, ["boundaryField", patch, "type"]) or "").strip()
        if bc in _DENSITY_BCS and (fd.get(text, ["boundaryField", patch, "rho"]) or "").strip() != "rhok":
            text = fd.set_entry(text, ["boundaryField", patch, "rho"], "rhok")
            changed.append(patch)
    if changed:
        path.write_text(text)
    return changed


# --- Boussinesq: temperatures and the Rayleigh number --------------------------------------


def rayleigh(g: float, beta: float, delta_t: float, length: float, nu: float, pr: float) -> float:
    """Ra = g beta dT L^3 / (nu alpha), alpha = nu / Pr."""
    return g * beta * delta_t * length ** 3 * pr / nu ** 2


def delta_t_for_rayleigh(ra: float, g: float, beta: float, length: float, nu: float, pr: float) -> float:
    """The temperature difference that gives Ra."""
    if min(g, beta, length, nu, pr) <= 0:
        raise ValueError("g, beta, L, nu and Pr must be positive to derive a temperature difference from Ra")
    return ra * nu ** 2 / (g * beta * length ** 3 * pr)


def beta_for_rayleigh(ra: float, g: float, delta_t: float, length: float, nu: float, pr: float) -> float:
    """The expansion coefficient that gives Ra at a stated temperature difference."""
    if min(g, delta_t, length, nu, pr) <= 0:
        raise ValueError("g, dT, L, nu and Pr must be positive to derive beta from Ra")
    return ra * nu ** 2 / (g * delta_t * length ** 3 * pr)


def buoyancy_speed(g: float, beta: float, delta_t: float, length: float) -> float:
    """The free-convection velocity scale sqrt(g beta dT L) (m/s)."""
    return math.sqrt(max(g * beta * abs(delta_t) * length, 0.0))


def set_patch_value(case: Path, field_name: str, patch: str, value: str) -> bool:
    path = Path(case) / "0" / field_name
    if not path.is_file():
        return False
    text = path.read_text()
    if fd.find(text, ["boundaryField", patch, "value"]) is None:
        return False
    path.write_text(fd.set_entry(text, ["boundaryField", patch, "value"], f"uniform {value}"))
    return True


def _wall_on(side: str, build: MeshBuild) -> str | None:
    """The heated cavity's wall on a side (its walls are named by position: floor, ceiling,
    leftWall, rightWall)."""
    from tasks.geometry.structured import WALL_BY_SIDE

    name = WALL_BY_SIDE.get(side)
    return name if any(p.name == name for p in build.patches) else None


def keep_dims(old: str, value: float) -> str:
    """`[0 2 -1 0 0 0 0] 1e-05` keeps its dimension set, `nu [..] 1e-5` its name."""
    m = re.match(r"^(.*?\])\s*[-+\d.eE]+\s*$", old.strip())
    return f"{m.group(1)} {value:.6g}" if m else f"{value:.6g}"


@dataclass
class Heat:
    t_ref: float
    walls: dict[str, float]  # fixed-temperature wall -> K
    speed: float  # the buoyancy velocity scale sqrt(g beta dT L)
    bindings: list[Binding]
    refused: list[NotApplied] = field(default_factory=list)  # a stated Ra the other stated values contradict
    gradients: dict[str, float] = field(default_factory=dict)  # heat-flux wall -> dT/dn (K/m), fixedGradient
    used: list[str] = field(default_factory=list)  # stated texts taken here (a heat flux, its rho and cp)


_SIDE_WORDS = (("bottom", r"floor|bottom|base|lower\s+wall|underside|below"),
               ("top", r"ceiling|top|roof|lid|upper\s+wall|above"),
               ("left", r"left"), ("right", r"right"))


def flux_side(request: str, q_text: str) -> str | None:
    """The side of the cavity a stated heat flux enters ("floor heat flux 200 W/m2", "heated
    through the bottom at 200 W/m^2", "the left wall receives 50 W/m2"): the side word nearest
    before it in its clause, else the first one after it; None when the clause names none."""
    low = request.lower()
    at = low.find(q_text.lower())
    if at < 0:
        return None
    start = max(low.rfind(c, 0, at) for c in ";.\n")
    stops = [i for i in (low.find(c, at + len(q_text)) for c in ";.\n,") if i >= 0]
    before, after = low[start + 1:at], low[at + len(q_text):min(stops, default=len(low))]
    best = None
    for side, words in _SIDE_WORDS:
        for m in re.finditer(rf"\b(?:{words})\b", before):
            if best is None or m.start() > best[0]:
                best = (m.start(), side)
    if best is not None:
        return best[1]
    hits = [(m.start(), side) for side, words in _SIDE_WORDS for m in re.finditer(rf"\b(?:{words})\b", after)]
    return min(hits)[1] if hits else None


def said_cp(request: str) -> float | None:
    """A specific heat the request gives by its symbol or name, unit-less or in J/(kg K) or
    kJ/(kg K) ("cp 4180", "cp = 4.18 kJ/(kg K)", "a specific heat of 1005 J/kg/K"), in J/(kg K)."""
    m = re.search(rf"\b(?:cp|c_p|specific\s+heat(?:\s+capacity)?|heat\s+capacity)\s*(?:=|:|of|is)?\s*({_NUM})\s*(kJ)?",
                  request, re.IGNORECASE)
    if m is None:
        return None
    return float(m.group(1)) * (1000.0 if m.group(2) else 1.0)


def flux_gradient(flux: float, rho: float, cp: float, nu: float, pr: float) -> float:
    """dT/dn at a wall taking the heat flux q (W/m2) into a Boussinesq fluid: q / (rho cp alpha),
    alpha = nu / Pr (the solver's laminar diffusivity)."""
    if min(rho, cp, nu, pr) <= 0:
        raise ValueError(f"rho, cp, nu and Pr must be positive for a heat-flux gradient (got {rho}, {cp}, {nu}, {pr})")
    return flux * pr / (rho * cp * nu)


def convective_speed(g: float, beta: float, kinematic_flux: float, length: float) -> float:
    """The convective velocity scale of flux-driven convection, (g beta Q L)^(1/3) with the
    kinematic heat flux Q = q / (rho cp) (K m/s)."""
    return max(g * beta * abs(kinematic_flux) * length, 0.0) ** (1.0 / 3.0)


def set_patch_gradient(case: Path, field_name: str, patch: str, gradient: float) -> bool:
    """A wall of 0/<field> becomes fixedGradient with `gradient` (into the fluid, positive heats)."""
    path = Path(case) / "0" / field_name
    if not path.is_file() or fd.find(path.read_text(), ["boundaryField", patch]) is None:
        return False
    path.write_text(fd.set_entry(path.read_text(), ["boundaryField", patch],
                                 {"type": "fixedGradient", "gradient": f"uniform {gradient:.6g}"}))
    return True


def set_boussinesq(case: Path, request: str, stated: list[StatedQuantity], build: MeshBuild, nu: float,
                   assumptions: list[str]) -> Heat:
    """A heated cavity's Boussinesq numbers: Pr and beta of the fluid named (else the template's),
    the hot and cold wall temperatures stated, TRef (stated, else their mean), and a stated
    Rayleigh number Ra = g beta dT L^3 Pr / nu^2 made to hold: with both wall temperatures
    stated beta follows from it, else the temperature difference does (about TRef)."""
    tp = Path(case) / "constant/transportProperties"
    text = tp.read_text()
    fluid = find_fluid(request)
    entry = fluid_table()[fluid] if fluid else None

    def number(key: str, default: float) -> float:
        raw = (fd.get(text, [key]) or "").split()
        try:
            return float(raw[-1]) if raw else default
        except ValueError:
            return default

    def value(role: str) -> StatedQuantity | None:
        return next((q for q in stated if q.role == role), None)

    pr_q, hot_q, cold_q, ref_q, ra_q, g_q = (value(r) for r in ("prandtl", "hot_wall_temperature",
                                                               "cold_wall_temperature", "reference_temperature",
                                                               "rayleigh", "gravity"))
    sides = sorted((q for q in stated if q.role == "wall_temperature"), key=lambda q: q.value)
    if hot_q is None and cold_q is None and len(sides) == 2 and sides[0].value != sides[1].value:
        cold_q, hot_q = sides  # two facing walls named by side: the shape library heated the hotter one
    pr = pr_q.value if pr_q else (entry.pr if entry and entry.pr else number("Pr", 1.0))
    said = re.search(rf"\b(?:beta|(?:thermal\s+|volumetric\s+)?expansion\s+coefficient)\s*(?:=|:|of|is)?\s*({_NUM})",
                     request, re.IGNORECASE)
    beta = float(said.group(1)) if said else entry.beta if entry and entry.beta else number("beta", 1e-3)
    g = abs(g_q.value) if g_q else GRAVITY
    length = build.reference_length
    hot_walls = [p.name for p in build.patches if p.role == "hot_wall"]
    cold_walls = [p.name for p in build.patches if p.role == "cold_wall"]
    hot, cold = (hot_q.value if hot_q else None), (cold_q.value if cold_q else None)
    t_ref = ref_q.value if ref_q else None
    bindings: list[Binding] = []
    gradients: dict[str, float] = {}
    used: list[str] = []
    refused_flux: list[NotApplied] = []
    flux_q = value("wall_heat_flux")
    if flux_q is not None and (hot_walls or cold_walls):
        names = {p.name for p in build.patches}
        side = flux_side(request, flux_q.text)
        wall = _wall_on(side, build) if side else (hot_walls or cold_walls)[0]
        rho_q, cp_q = value("density"), value("specific_heat")
        rho = rho_q.value if rho_q else (entry.rho if entry else None)
        cp = cp_q.value if cp_q else said_cp(request) or (entry.cp if entry else None)
        if wall is None or wall not in names:
            refused_flux.append(NotApplied(text=flux_q.text, reason=(
                f"the cavity has no {side} wall to take the heat flux (walls: "
                f"{', '.join(p.name for p in build.patches if p.type == 'wall')})")))
        elif rho is None or cp is None:
            refused_flux.append(NotApplied(text=flux_q.text, reason=(
                "a heat flux becomes a temperature gradient q / (rho cp alpha) in a Boussinesq case: state the "
                "fluid's density and specific heat, or name the fluid (water, air)")))
        else:
            gradients[wall] = flux_gradient(flux_q.value, rho, cp, nu, pr)
            taken = [q for q in (flux_q, rho_q, cp_q) if q is not None]
            used += [q.text for q in taken]
            how = (f"dT/dn = q Pr / (rho cp nu) = {fmt(flux_q.value)} x {fmt(pr)} / ({fmt(rho)} x {fmt(cp)} x "
                   f"{fmt(nu)}) K/m (fixedGradient)")
            bindings += [Binding(stated=q.text, file="0/T", entry=["boundaryField", wall, "gradient"],
                                 value=f"uniform {gradients[wall]:.6g}", how=how) for q in taken]
            assumptions.append(f"{wall}: heat flux {fmt(flux_q.value)} W/m2 as fixedGradient T, gradient "
                               f"{gradients[wall]:.4g} K/m (rho {fmt(rho)} kg/m3, cp {fmt(cp)} J/(kg K), alpha = nu/Pr)")
            hot_walls = [w for w in hot_walls if w != wall]
            cold_walls = [w for w in cold_walls if w != wall]
            fixed = [q for q in stated if q.role in ("wall_temperature", "hot_wall_temperature", "cold_wall_temperature")]
            if len(fixed) == 1 and hot is None and cold is None:  # the one wall held at a temperature
                if not cold_walls and not hot_walls:
                    cold_walls = [next(p.name for p in build.patches if p.role in ("hot_wall", "cold_wall")
                                       and p.name != wall)]
                cold = hot = fixed[0].value
    if gradients:
        t_fix = cold if cold is not None else hot
        if t_fix is None:
            t_fix = t_ref if t_ref is not None else number("TRef", 300.0)
        t_ref = t_ref if t_ref is not None else t_fix
        for key, new in (("beta", beta), ("Pr", pr), ("TRef", t_ref)):
            if fd.find(text, [key]) is not None:
                text = fd.set_entry(text, [key], keep_dims(fd.get(text, [key]) or "", new))
        tp.write_text(text)
        walls = {**{n: hot if hot is not None else t_fix for n in hot_walls},
                 **{n: cold if cold is not None else t_fix for n in cold_walls}}
        speed = convective_speed(g, beta, flux_q.value / (rho * cp), length)
        assumptions.append(f"TRef = {fmt(t_ref)} K; the held wall{'s' if len(walls) > 1 else ''} "
                           f"{', '.join(walls) or 'none'} at {fmt(t_fix)} K; velocity scale (g beta q L / (rho cp))^(1/3) "
                           f"= {speed:.3g} m/s")
        return Heat(t_ref, walls, speed, bindings, refused_flux, gradients, used)
    if not hot_walls and not cold_walls:  # no heated walls to set: the fluid's numbers, TRef at the inflow's
        inflow = value("inlet_temperature") or value("initial_temperature")
        if t_ref is None and inflow is not None:
            t_ref = inflow.value
            assumptions.append(f"TRef = {fmt(t_ref)} K, the inflow temperature (the fluid starts at it)")
        t_ref = t_ref if t_ref is not None else number("TRef", 300.0)
        for key, new in (("beta", beta), ("Pr", pr), ("TRef", t_ref)):
            if fd.find(text, [key]) is not None:
                text = fd.set_entry(text, [key], keep_dims(fd.get(text, [key]) or "", new))
        tp.write_text(text)
        return Heat(t_ref, {}, 0.0, [])
    refused: list[NotApplied] = []
    if ra_q is not None and hot is not None and cold is not None and hot != cold and (entry is not None or said):
        have = rayleigh(g, beta, abs(hot - cold), length, nu, pr)
        if abs(have - ra_q.value) > 0.05 * ra_q.value:  # over-determined: the fluid and temperatures win
            refused.append(NotApplied(text=ra_q.text, reason=(
                f"{fluid or 'the fluid'} (beta {fmt(beta)} 1/K, nu {fmt(nu)} m2/s, Pr {fmt(pr)}) with dT {fmt(abs(hot - cold))} K "
                f"and L {fmt(length)} m gives Ra = {fmt(have)}, not {fmt(ra_q.value)}; drop the fluid, a wall "
                "temperature or the Rayleigh number")))
        else:
            bindings.append(Binding(stated=ra_q.text, file="constant/transportProperties", entry=["beta"],
                                    value=f"{beta:.6g}", how="Ra = g beta dT L^3 Pr / nu^2 holds"))
    elif ra_q is not None and hot is not None and cold is not None and hot != cold:
        new_beta = beta_for_rayleigh(ra_q.value, g, abs(hot - cold), length, nu, pr)
        if abs(new_beta - beta) > 0.01 * beta:
            assumptions.append(f"beta = Ra nu^2 / (g dT L^3 Pr) = {fmt(new_beta)} 1/K so that Ra = {fmt(ra_q.value)} "
                               f"holds with dT {fmt(abs(hot - cold))} K, L {fmt(length)} m, nu {fmt(nu)} m2/s, "
                               f"Pr {fmt(pr)} (the template's beta {fmt(beta)} would give Ra = "
                               f"{fmt(rayleigh(g, beta, abs(hot - cold), length, nu, pr))})")
        beta = new_beta
        bindings.append(Binding(stated=ra_q.text, file="constant/transportProperties", entry=["beta"],
                                value=f"{beta:.6g}", how="beta = Ra nu^2 / (g dT L^3 Pr)"))
    elif ra_q is not None:
        dt = delta_t_for_rayleigh(ra_q.value, g, beta, length, nu, pr)
        if hot is not None:
            cold = hot - dt
        elif cold is not None:
            hot = cold + dt
        else:
            t_ref = t_ref if t_ref is not None else number("TRef", 300.0)
            hot, cold = t_ref + dt / 2, t_ref - dt / 2
        assumptions.append(f"dT = Ra nu^2 / (g beta L^3 Pr) = {fmt(dt)} K for Ra = {fmt(ra_q.value)} (L {fmt(length)} m, "
                           f"nu {fmt(nu)} m2/s, beta {fmt(beta)} 1/K, Pr {fmt(pr)}): hot wall {fmt(hot)} K, cold wall "
                           f"{fmt(cold)} K")
        if hot_walls:
            bindings.append(Binding(stated=ra_q.text, file="0/T", entry=["boundaryField", hot_walls[0], "value"],
                                    value=f"uniform {hot:.6g}", how="T_hot - T_cold = Ra nu^2 / (g beta L^3 Pr)"))
    if hot is None or cold is None:
        base = t_ref if t_ref is not None else number("TRef", 300.0)
        hot = hot if hot is not None else (cold + 10.0 if cold is not None else base + 5.0)
        cold = cold if cold is not None else hot - 10.0
        assumptions.append(f"hot wall {fmt(hot)} K, cold wall {fmt(cold)} K (a 10 K difference; state the wall "
                           "temperatures or a Rayleigh number to change it)")
    if t_ref is None:
        t_ref = (hot + cold) / 2
        assumptions.append(f"TRef = {fmt(t_ref)} K, the mean of the wall temperatures (the fluid starts at it)")
    for key, new in (("beta", beta), ("Pr", pr), ("TRef", t_ref)):
        if fd.find(text, [key]) is not None:
            text = fd.set_entry(text, [key], keep_dims(fd.get(text, [key]) or "", new))
    tp.write_text(text)
    assumptions.append(f"Ra = {fmt(rayleigh(g, beta, abs(hot - cold), length, nu, pr))} (g {fmt(g)}, beta "
                       f"{fmt(beta)} 1/K, dT {fmt(abs(hot - cold))} K, L {fmt(length)} m, nu {fmt(nu)} m2/s, Pr {fmt(pr)})")
    walls = {**{n: hot for n in hot_walls}, **{n: cold for n in cold_walls}}
    return Heat(t_ref, walls, buoyancy_speed(g, beta, hot - cold, length), bindings, refused + refused_flux)
