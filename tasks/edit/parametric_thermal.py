"""Forced-convection heat on a generated (shape-library) case: the Richardson number that tells
forced from natural convection, the fluid's Prandtl number, T carried as a passive scalar next
to a solver without an energy equation, and the stated temperature of a body in the flow.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.defaults import convection_schemes, keyword_values
from tasks.foam.physics import find_fluid, fluid_table
from tasks.plan.stated import StatedQuantity


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
