"""What a generated (shape-library) case needs besides its mesh and fields to run: a time step
that fits its smallest cell, free-stream far-field boundaries, and the Boussinesq numbers of a
heated cavity (wall temperatures, TRef, beta, Pr and a stated Rayleigh number made consistent).

Pure functions on file text (`smallest_cell_*`, `time_step`, `rayleigh_*`) and small writers
that edit a scratch case in place (`set_time_step`, `set_free_stream`, `set_boussinesq`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.defaults import defaults
from tasks.foam.physics import find_fluid, fluid_table, fmt, is_steady, nice_floor
from tasks.geometry.models import MeshBuild
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
    if not hot_walls and not cold_walls:  # no heated walls to set: the fluid's numbers only
        t_ref = t_ref if t_ref is not None else number("TRef", 300.0)
        for key, new in (("beta", beta), ("Pr", pr)):
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
    return Heat(t_ref, walls, buoyancy_speed(g, beta, hot - cold, length), bindings, refused)
