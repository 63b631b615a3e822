"""A dynamic viscosity the request states, as the kinematic one a recipe writes.

"Water viscosity 1 cP", "the oil's viscosity is 0.05 Pa s": the user states mu, the case keeps
nu = mu / rho. rho is the density the request states, else the table density of the fluid it
names (canonical/fluids.yaml, the density the recipe writes beside nu). With neither the value is
left to the binder, which reports what it could not do. A stated value always wins over the
table: the table only fills what the request leaves out."""

from __future__ import annotations

import re

from tasks.foam.physics import find_fluid, fluid_table
from tasks.plan.extract_models import Quantity

# a density that is not the fluid's ("particle density 2500 kg/m3", "bulk density of the bed")
_NOT_THE_FLUID = ("particle", "parcel", "solid", "grain", "bed", "bulk", "sand", "powder")
# a liquid or a second phase named anywhere: a gas viscosity then belongs to the gas phase, not to
# the liquid a recipe fills
_LIQUID = re.compile(r"\b(?:water|oil|liquid|phases?|glycerol|glycerine|honey|mercury|multiphase|two[- ]phase"
                     r"|vof|free[- ]surface|dam[- ]?break|sloshing|inter\w*Foam|\w*EulerFoam|driftFluxFoam)\b", re.I)


def fluid_density(text: str, qs: list[Quantity]) -> tuple[float, str] | None:
    """(rho in kg/m3, where it came from): the first density the request states for its fluid,
    else the table density of the fluid it names; None when it gives neither."""
    for q in qs:
        if q.kind == "density" and not any(w in q.before[-40:] for w in _NOT_THE_FLUID):
            return q.value, f"stated ({q.text.strip()})"
    fluid = find_fluid(text)
    if fluid is None:
        return None
    return fluid_table()[fluid].rho, f"{fluid}'s table density"


def kinematic_from_dynamic(text: str, qs: list[Quantity]) -> Quantity | None:
    """The stated dynamic viscosity as a kinematic one (same text and place, nu = mu / rho), when
    the request states mu but no nu and a density can be found; else None. A gas's mu in a
    request that also names a liquid is left alone (it is the gas phase's)."""
    if any(q.kind == "kinematic_viscosity" for q in qs):
        return None
    mu = next((q for q in qs if q.kind == "dynamic_viscosity"), None)
    if mu is None or mu.value <= 0:
        return None
    own = find_fluid(re.split(r"[,;.:\n]\s", mu.before)[-1] + " " + mu.after)  # "the air's viscosity is ..."
    if own is not None and fluid_table()[own].rho < 100.0 and _LIQUID.search(text):
        return None
    rho = (fluid_table()[own].rho, f"{own}'s table density") if own is not None and not any(
        q.kind == "density" for q in qs) else fluid_density(text, qs)
    if rho is None or rho[0] <= 0:
        return None
    return mu.model_copy(update={"kind": "kinematic_viscosity", "value": mu.value / rho[0]})
