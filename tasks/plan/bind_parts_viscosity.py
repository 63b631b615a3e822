"""Binder step for a dynamic viscosity said of one phase of a multiphase base whose phases keep a
kinematic viscosity in a `phases ( water { nu ...; rho ...; } oil { ... } )` list (multiphaseInterFoam,
multiphaseEulerFoam): "oil of 900 kg/m3 with a dynamic viscosity of 0.09 Pa s", "mercury: 1.5 cP":
that phase's nu = mu / rho, with the density stated for that phase, else the phase's own density in
the base. (Phases kept as their own dictionaries are `bind_properties._phase_mu_as_nu`'s.)
Mixed into `tasks.plan.bind.Binder` through `tasks.plan.bind_parts.PartsBinding`.
"""

from __future__ import annotations

import re

from tasks.plan.bind_parts_layouts import phase_entries
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity


def kinematic(mu: float, rho: float) -> float:
    """nu (m2/s) from mu (Pa s) and rho (kg/m3)."""
    if rho <= 0:
        raise ValueError(f"a density must be positive to give a kinematic viscosity, got {rho} kg/m3")
    return mu / rho


class PhaseViscosityBinding:
    def bind_phase_dynamic_viscosities(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Each dynamic viscosity whose words name one phase of the base, as that phase's nu.
        Returns the quantities taken; a viscosity no phase is named for is left to the others."""
        nu_at = {e.phase: e for e in phase_entries(self.base.text, "nu") if e.form == "list"}
        if len(nu_at) < 2:
            return []
        rho_at = {e.phase: e for e in phase_entries(self.base.text, "rho")}
        phases = list(nu_at)
        taken: list[StatedQuantity] = []
        for q in stated:
            if q.quantity != "dynamic_viscosity":
                continue
            phase = self._phase_of(q, phases)
            if phase is None:
                continue
            said = [s for s in stated if s.quantity == "density" and self._phase_of(s, phases) == phase]
            rho = said[0].value if len(said) == 1 else \
                _number(self._base_phase_value(rho_at[phase])) if phase in rho_at else None
            if not rho or rho <= 0:
                continue
            nu = kinematic(q.value, rho)
            self._set_phase_value(nu_at[phase], nu, f"{phase} nu = mu / rho = {fmt(q.value)} / {fmt(rho)}", q)
            self.assumptions.append(f"{q.text}: {phase} nu = {nu:.4g} m2/s with its density {fmt(rho)} kg/m3"
                                    f"{' (stated)' if len(said) == 1 else ' (the base)'}")
            taken.append(q)
        return taken


def _number(raw: str) -> float | None:
    """The last number of an entry ("rho [1 -3 0 0 0 0 0] 1000" -> 1000), or None."""
    found = re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw.split("]")[-1])
    return float(found[-1]) if found else None
