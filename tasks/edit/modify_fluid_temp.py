"""A fluid's properties at the temperature a request states for it ("water at 35 degC", "the
air was at 22 degC", "at 308 K the fluid is water"): the fluid table holds one condition per
fluid, so the viscosity and density at another temperature come from standard laws of the
fluid: liquid water by the Vogel equation for mu and Thiesen's density (0-100 degC), air by
Sutherland's law for mu and the ideal gas at 1 atm. A fluid without a law keeps its table
values, said in a warning. A leaf of the rules of `modify`."""

from __future__ import annotations

import math
from collections.abc import Callable

from tasks.edit.modify_models import ChangePlan
from tasks.foam.physics import fmt
from tasks.foam.physics_fluids import FluidEntry

_P_ATM = 101325.0
_R_AIR = 287.05  # J/(kg K)


def water_mu(t_k: float) -> float:
    """Dynamic viscosity of liquid water (Pa s), Vogel equation: 1.002e-3 at 20 degC."""
    return 2.414e-5 * 10 ** (247.8 / (t_k - 140.0))


def water_rho(t_k: float) -> float:
    """Density of liquid water (kg/m3), Thiesen's formula: 998.2 at 20 degC, 994.0 at 35 degC."""
    t = t_k - 273.15
    return 1000.0 * (1.0 - (t + 288.9414) / (508929.2 * (t + 68.12963)) * (t - 3.9863) ** 2)


def air_mu(t_k: float) -> float:
    """Dynamic viscosity of air (Pa s), Sutherland's law: 1.846e-5 at 300 K."""
    return 1.716e-5 * (t_k / 273.15) ** 1.5 * (273.15 + 110.4) / (t_k + 110.4)


def air_rho(t_k: float) -> float:
    """Density of air at 1 atm (kg/m3), ideal gas."""
    return _P_ATM / (_R_AIR * t_k)


# fluid -> (mu law, rho law, the range of temperature (K) the laws hold in)
_LAWS = {"water": (water_mu, water_rho, (273.15, 373.15)), "air": (air_mu, air_rho, (150.0, 1000.0))}


def properties_at(fluid: str, entry: FluidEntry, t_k: float) -> FluidEntry | None:
    """The entry with mu, rho and nu at t_k; None when the fluid has no law or t_k is out of its range."""
    law = _LAWS.get(fluid)
    if law is None or not (law[2][0] <= t_k <= law[2][1]) or not math.isfinite(t_k):
        return None
    mu, rho = law[0](t_k), law[1](t_k)
    return entry.model_copy(update={"mu": float(f"{mu:.4g}"), "rho": float(f"{rho:.5g}"), "nu": float(f"{mu / rho:.4g}"),
                                    "condition": f"{fmt(round(t_k, 2))} K (mu, rho and nu from the law of {fluid}; "
                                                 f"cp, kappa, Pr and beta at {entry.condition})"})


def fluid_at_stated_temperature(plan: ChangePlan, fluid: str, entry: FluidEntry, qs,
                                qualifies: Callable[[str, str], str | None]) -> FluidEntry:
    """The fluid's entry at the temperature the request states for it (`qualifies(text, said)`
    names the fluid a stated value qualifies: modify_fluid.fluid_condition), else as the table
    holds it; a temperature the laws cannot take is said in a warning."""
    for q in qs:
        if q.kind != "temperature" or qualifies(plan.request, q.text) != fluid:
            continue
        found = properties_at(fluid, entry, q.value)
        if found is None:
            plan.warnings.append(f"not applied: {fluid} at {q.text.strip()} (no property law for {fluid} at that "
                                 f"temperature: its properties are the table's, at {entry.condition}; state nu to set it)")
            return entry
        plan.assumptions.append(f"{fluid} at {q.text.strip()}: mu {fmt(found.mu)} Pa s, rho {fmt(found.rho)} kg/m3, "
                                f"nu {fmt(found.nu)} m2/s")
        return found
    return entry

