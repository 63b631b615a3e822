"""A burner's power stated in a combustion case ("burner 40 kW", "HRR 136,500 Btu/h", "heat release
rate of 0.05 MW"): the case holds no power, it holds the fuel's mass flow through the burner patch
(fireFoam's `flowRateInletVelocity massFlowRate`, or a fixed fuel velocity). The power becomes that
mass flow, mdot = Q / dHc, with the lower heat of combustion of the case's fuel
(`tasks.plan.bind_power_fuel`). A mass flow stated beside the power wins: the power is checked
against it (within 2 %, else a warning in the assumptions and the power not applied).

The burner is the inlet whose fuel fraction (0/<fuel>) is above zero; several such inlets need
the words to name one. Mixed into `tasks.plan.bind_thermal_power.ThermalPowerBinding`; the rate is
written by the inlet binder's `_set_rate` / `_drive_by_rate` (`tasks.plan.bind_inlets`).
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_inlets import with_number
from tasks.plan.bind_include_scoped import included_rels
from tasks.plan.bind_power_fuel import case_fuel, heat_of_combustion
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, StatedQuantity

_THERMO = "constant/thermophysicalProperties"
_CONSISTENT = 0.02
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
# words that make a power a flame's, not a wall's heat load
_FIRE_WORDS = re.compile(r"\b(?:burners?|fires?|flames?|hrr|heat\s+release|release\s+rate|firing\s+rate|fuel|"
                         r"combustion|burn\w*|pool|propane|methane|heptane|gas\s+flow|output)\b")


def fuel_fraction(raw: str) -> float:
    """The number of a species patch's `value` ("uniform 1.0" -> 1.0), 0 when it holds none."""
    m = _NUMBER.search(raw.replace("uniform", ""))
    return float(m.group(0)) if m and "$" not in raw else 0.0


def mass_flow_of_power(power: float, heat: float) -> float:
    """The fuel mass flow (kg/s) that releases `power` W at `heat` J/kg. Raises ValueError for a
    power or heat that is not positive."""
    if power <= 0 or heat <= 0:
        raise ValueError(f"a burner power and a heat of combustion must be positive (got {power} W, {heat} J/kg)")
    return power / heat


def consistent(power: float, mass_flow: float, heat: float) -> tuple[bool, float]:
    """(whether `mass_flow` kg/s releases `power` W within 2 %, the relative difference)."""
    released = mass_flow * heat
    gap = abs(released - power) / power if power else 1.0
    return gap <= _CONSISTENT, gap


class BurnerPowerBinding:
    """A burner's heat release rate as its fuel mass flow."""

    def _fuel_heat(self) -> tuple[str, float, str] | None:
        """(fuel, J/kg, source) of the base, None when it burns nothing Casewright can name."""
        thermo = self.base.text(_THERMO)
        if thermo is None:
            return None
        files = ["constant/reactions", *included_rels(_THERMO, thermo)]
        reactions = "\n".join(self.base.text(r) or "" for r in files if "reaction" in r.lower())
        fuel = case_fuel(thermo, reactions)
        if fuel is None or not self.base.field_rels(fuel):
            return None
        chem = (fd.get(thermo, ["foamChemistryThermoFile"]) or "").strip().strip(";").strip('"')
        thermo_rel = included_rels(_THERMO, f'#include "{chem}"')[0] if chem else "constant/thermo.compressibleGas"
        heat = heat_of_combustion(fuel, reactions, self.base.text(thermo_rel) or "")
        return (fuel, heat[0], heat[1]) if heat else None

    def _burners(self, fuel: str) -> list[str]:
        """The inflow patches of the velocity field that carry fuel (its fraction above zero)."""
        rels = self.base.field_rels(fuel)
        text = self.base.text(rels[0]) or "" if rels else ""
        bcs = self.base.patch_bcs(self.u_field)
        return [p for p in bcs if bcs[p] in ("flowRateInletVelocity", "fixedValue", "surfaceNormalFixedValue")
                and fuel_fraction(fd.get(text, ["boundaryField", p, "value"]) or "") > 0]

    def burner_power(self, q: StatedQuantity) -> bool:
        """Bind a power said of a flame as the burner's fuel mass flow; False when the base burns
        no fuel or the words make the power something else (a heater's watts in a fire case)."""
        found = self._fuel_heat()
        clause, sentence = self._words_of(q)
        if found is None or not (_FIRE_WORDS.search(clause) or _FIRE_WORDS.search(sentence)
                                 or not self.patches("wall")):
            return False
        fuel, heat, source = found
        burners = self._burners(fuel)
        if len(burners) > 1:
            burners = [p for p in burners if p in self._named_patches(f"{clause} {sentence}")] or burners
        if len(burners) != 1:
            self.refuse(q, f"{q.text} is a burner's heat release: the {fuel} inlets ({', '.join(burners) or 'none'}) "
                           f"are {'several; name the one' if burners else 'none with fuel, so no mass flow can carry it'}")
            return True
        mdot = mass_flow_of_power(q.value, heat)
        said = next((s for s in self._stated if s.quantity == "mass_flow" and s.value > 0), None)
        note = f"{q.text} of {fuel} at a lower heat of combustion of {heat / 1e6:.4g} MJ/kg ({source})"
        if said is not None:
            self._check_power(q, said, heat, note, burners[0])
            return True
        self._write_burner_flow(q, burners[0], mdot)
        self.assumptions.append(f"{note} is a fuel mass flow of {mdot:.4g} kg/s through {burners[0]}"
                                + self._slab_note())
        return True

    def _check_power(self, q: StatedQuantity, said: StatedQuantity, heat: float, note: str, burner: str) -> None:
        """A mass flow stated beside the power wins; the power is its check."""
        ok, gap = consistent(q.value, said.value, heat)
        if ok:
            rel = self.base.field_rels(self.u_field)[0]
            entry = ["boundaryField", burner, "massFlowRate"]
            raw = fd.get(self.base.text(rel) or "", entry)
            value = (with_number(raw, said.value) if raw else None) or f"constant {fmt(said.value)}"
            self.bindings.append(Binding(stated=q.text, file=rel, entry=entry, value=value,
                                         how=f"burner power as the stated mass flow {said.text}"))
            self.assumptions.append(f"{note} agrees with the stated mass flow {said.text} (within {gap:.1%})")
            return
        self.assumptions.append(f"Warning: {note} is {q.value / heat:.4g} kg/s, {gap:.0%} off the stated mass flow "
                                f"{said.text}; the stated mass flow is written")
        self.refuse(q, f"{q.text} disagrees with the stated mass flow {said.text} by {gap:.0%} ({note}); the mass flow "
                       f"is written: state one of the two")

    def _write_burner_flow(self, q: StatedQuantity, burner: str, mdot: float) -> None:
        flow = q.model_copy(update={"value": mdot, "quantity": "mass_flow", "unit": "kg/s", "role": "inlet_mass_flow"})
        rel = self.base.field_rels(self.u_field)[0]
        text = self.base.text(rel) or ""
        what = f"burner mass flow from {q.text}"
        if fd.get(text, ["boundaryField", burner, "massFlowRate"]) is not None:
            self._set_rate(flow, rel, burner, "massFlowRate", what)
        else:
            self._drive_by_rate(flow, rel, burner, "massFlowRate", what)

    def _slab_note(self) -> str:
        """"; a 2-D case: the power is that of its slab" when the base is 2-D (empty patches)."""
        if "empty" in self.base.mesh_types().values() or "empty" in self.base.patch_bcs(self.u_field).values():
            return ("; the case is 2-D: the power is that of the mesh's slab (its depth), the mass flow spread "
                    "over the burner patch's area")
        return ""
