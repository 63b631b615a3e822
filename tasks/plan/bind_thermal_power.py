"""A heat load in watts on a wall ("the box dissipates 300 W", "the hot plate is heated with 50 W"):
where a thermo computes the wall's conductivity, the wall becomes `externalWallHeatFluxTemperature`
mode power with Q the stated power (OpenFOAM spreads it over the patch); where none does (a
Boussinesq case) it is the heat flux P / A over the patch's area A read from the blockMeshDict,
as a temperature gradient. Not applied, with the reason, where the wall is not clear or its area
is not known (a snappyHexMesh surface).

A power is a quantity of dimensions kg m2 s-3 (W); the extractor must read it (kind "power") for a
request to reach this binder. Mixed into `tasks.plan.bind.Binder` through `ThermalBinding`."""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_inlets import patch_area
from tasks.plan.bind_power_burner import BurnerPowerBinding
from tasks.plan.bind_power_regions import RegionTemperatureBinding
from tasks.plan.bind_thermal_segments import names_said, own_words
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, StatedQuantity

POWER_DIMS = [1, 2, -3, 0, 0, 0]
_THERMO = "constant/thermophysicalProperties"


def is_power(q: StatedQuantity) -> bool:
    """Whether a stated value is a power in watts (by its kind or its dimensions)."""
    return q.quantity in ("power", "heat_load") or (q.dims is not None and list(q.dims[:6]) == POWER_DIMS)


def power_patch(power: float, value: str) -> dict[str, str]:
    """The boundary condition of a wall that gives `power` W to the fluid (Q, spread by OpenFOAM
    over the patch). Raises ValueError for a negative power."""
    if power < 0:
        raise ValueError(f"a heat load must not be negative (got {power} W); state a heat flux for a cooled wall")
    return {"type": "externalWallHeatFluxTemperature", "mode": "power", "Q": fmt(power),
            "kappaMethod": "fluidThermo", "kappa": "none", "value": value}


def flux_of_power(power: float, area: float | None) -> float | None:
    """P / A (W/m2), None when the area is unknown or not positive."""
    if area is None or area <= 0:
        return None
    return power / area


class ThermalPowerBinding(BurnerPowerBinding, RegionTemperatureBinding):
    """Heat loads (W) on walls; a burner's power in a combustion case (its fuel mass flow); the
    gas's start temperature followed into a fire case's solid regions."""

    def _heat_load(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        rels = self.base.field_rels(self.t_field)
        if not rels:
            self.refuse(q, f"{self.solver} solves no temperature to take a heat load")
            return
        walls = self._flux_walls(q) or self._walls_of_own_words(q)
        if not walls:
            self.refuse(q, "which wall gives off the heat load is not clear; name it (walls of the base: "
                           f"{', '.join(p for p in self.base.patch_bcs(self.t_field) if self.roles.get(p) == 'wall')})")
            return
        if self.base.text(_THERMO) is not None and len(walls) == 1:
            for rel in rels:
                text = self.base.text(rel) or ""
                value = fd.get(text, ["boundaryField", walls[0], "value"]) or "$internalField"
                self.set(rel, ["boundaryField", walls[0]], power_patch(q.value, value),
                         f"heat load {fmt(q.value)} W from {walls[0]}")
                self.bindings.append(Binding(stated=q.text, file=rel, entry=["boundaryField", walls[0], "Q"],
                                             value=fmt(q.value), how=f"heat load on {walls[0]} (mode power)"))
            return
        mesh = self.base.text("system/blockMeshDict") or ""
        areas = [patch_area(mesh, p) for p in walls]
        flux = flux_of_power(q.value, sum(a for a in areas if a) if all(areas) else None)
        if flux is None:
            self.refuse(q, f"{q.text} over {', '.join(walls)} needs the patch area, which the base's mesh does not "
                           f"give (no plain blockMeshDict patch); state a heat flux in W/m2 instead")
            return
        self.assumptions.append(f"{q.text} over {', '.join(walls)} ({sum(a for a in areas if a):.4g} m2 from the "
                                f"blockMeshDict) is a heat flux of {flux:.4g} W/m2")
        flux_q = q.model_copy(update={"value": flux, "quantity": "heat_flux", "role": "wall_heat_flux"})
        before = len(self.bindings)
        self._wall_heat_flux(flux_q, stated)
        total = sum(a for a in areas if a)
        self.bindings[before:] = [b.model_copy(update={"how": f"{b.how}: {q.text} / {total:.4g} m2"})
                                  for b in self.bindings[before:]]

    def _walls_of_own_words(self, q: StatedQuantity) -> list[str]:
        """The temperature's wall patches a power's own words name, read up to the values next to it,
        a symbol's subscript as a word ("Q_hot: 20 W", "P_box = 60 W", "60 W (box)")."""
        low = self.text.lower()
        spans = []
        for s in self._stated:
            at = self.value_at(low, s)
            spans.append((at, at + len(s.text)) if at >= 0 else (-1, -1))
        index = next((i for i, s in enumerate(self._stated) if s is q), -1)
        words = " ".join(own_words(low, spans, index)).replace("_", " ")
        walls = [p for p in self.base.patch_bcs(self.t_field) if self.roles.get(p) == "wall"]
        return [p for p in walls if re.search(rf"(?<![\w]){re.escape(p.lower())}(?![\w])", words)] or \
            names_said(words, walls)

    def bind_patch(self, q: StatedQuantity) -> bool:
        """A power in watts is a burner's fuel flow in a case that burns a fuel, else a wall's heat
        load, whatever role the words gave it; any other value goes to the next binder in the MRO."""
        if is_power(q):
            if not self.burner_power(q):
                self._heat_load(q, self._stated)
            return True
        return bool(super().bind_patch(q))  # type: ignore[misc]
