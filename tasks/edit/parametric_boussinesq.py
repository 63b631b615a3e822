"""The Boussinesq numbers of a generated heated cavity (`Heat`): wall temperatures or a wall heat
flux (as a fixedGradient T), TRef, beta and Pr of the fluid, a stated Rayleigh number made
consistent with them, and open p_rgh boundaries that read the Boussinesq density `rhok`.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from tasks.edit.parametric_mesh import NUMBER as _NUM
from tasks.edit.parametric_walls import rayleigh_of, walls_from_difference
from tasks.foam import dictionary as fd
from tasks.foam.physics import find_fluid, fluid_table, fmt
from tasks.geometry.models import MeshBuild
from tasks.plan.bind_thermal_flux import flux_gradient
from tasks.plan.stated import Binding, NotApplied, StatedQuantity

GRAVITY = 9.81


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


def _write_properties(path: Path, text: str) -> None:
    if path.is_file():
        path.write_text(text)


def set_boussinesq(case: Path, request: str, stated: list[StatedQuantity], build: MeshBuild, nu: float,
                   assumptions: list[str]) -> Heat:
    """A heated cavity's Boussinesq numbers: Pr and beta of the fluid named (else the template's),
    the hot and cold wall temperatures stated, TRef (stated, else their mean), and a stated
    Rayleigh number Ra = g beta dT L^3 Pr / nu^2 made to hold: with both wall temperatures
    stated beta follows from it, else the temperature difference does (about TRef)."""
    tp = Path(case) / "constant/transportProperties"
    text = tp.read_text() if tp.is_file() else ""  # none: a compressible buoyant solver (the fluid's numbers)
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
        _write_properties(tp, text)
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
        _write_properties(tp, text)
        return Heat(t_ref, {}, 0.0, [])
    refused: list[NotApplied] = []
    pair = walls_from_difference(hot, cold, stated, t_ref if t_ref is not None else number("TRef", 300.0))
    hot, cold = pair.hot, pair.cold
    used += list(pair.taken)
    if pair.note:
        assumptions.append(pair.note)
        dt_text = next(t for t in pair.taken if t in {q.text for q in stated if q.role == "temperature_difference"})
        placed_on = hot_walls[0] if hot_walls else cold_walls[0]
        bindings.append(Binding(stated=dt_text, file="0/T", entry=["boundaryField", placed_on, "value"],
                                value=f"uniform {(hot if hot_walls else cold):.6g}", how="T_hot = T_cold + dT"))
    if pair.refused:
        refused.append(NotApplied(text=next(q.text for q in stated if q.role == "temperature_difference"),
                                  reason=pair.refused))
    ra_q = rayleigh_of(stated, pr)
    if ra_q is not None and value("rayleigh") is None:
        used.append(ra_q.text)  # a Grashof number made a Rayleigh number here: bound here, not again
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
    _write_properties(tp, text)
    assumptions.append(f"Ra = {fmt(rayleigh(g, beta, abs(hot - cold), length, nu, pr))} (g {fmt(g)}, beta "
                       f"{fmt(beta)} 1/K, dT {fmt(abs(hot - cold))} K, L {fmt(length)} m, nu {fmt(nu)} m2/s, Pr {fmt(pr)})")
    walls = {**{n: hot for n in hot_walls}, **{n: cold for n in cold_walls}}
    return Heat(t_ref, walls, buoyancy_speed(g, beta, hot - cold, length), bindings, refused + refused_flux,
                used=used)
