"""A wall heat flux in an Euler-Euler case (reactingTwoPhaseEulerFoam, reactingMultiphaseEulerFoam):
these solve one temperature per phase (T.liquid, T.gas), and the wall-boiling tutorials impose the
flux on the liquid's (`fixedMultiPhaseHeatFlux` q, the other phases' walls `copiedFixedValue` of
it). The flux goes to the phase field the words name, else the one the base already heats, else
the continuous (non-gas) phase; to the walls the words name, else the walls the base heats.
Mixed into `tasks.plan.bind.Binder` through `tasks.plan.bind_thermal_flux.ThermalFluxBinding`.
"""

from __future__ import annotations

import re

from tasks.plan.bind_parts_phase_words import GAS, KIND_WORDS
from tasks.plan.foam_values import fmt
from tasks.plan.stated import Binding, StatedQuantity

# wall conditions of a phase temperature that carry a heat flux, and the entry holding it
FLUX_ENTRIES = {"fixedMultiPhaseHeatFlux": "q", "externalWallHeatFluxTemperature": "q"}
# the solvers whose library holds fixedMultiPhaseHeatFlux and copiedFixedValue (libreactingEulerianFvPatchFields)
_REACTING_EULER = ("reactingTwoPhaseEulerFoam", "reactingMultiphaseEulerFoam")


def phase_of(field: str) -> str:
    """The phase a per-phase field is for: "T.liquid" -> "liquid"."""
    return field.split(".", 1)[1] if "." in field else field


def pick_phase_field(fields: list[str], words: str, heated: list[str]) -> list[str]:
    """The phase temperature fields a heat flux is for: those the words name (by phase name, or
    as gas / liquid), else those the base already heats, else the one non-gas phase; [] when none
    of these tells one field."""
    named = [f for f in fields if re.search(rf"\b{re.escape(phase_of(f).lower())}\b", words)]
    if not named and re.search(KIND_WORDS["gas"], words):
        named = [f for f in fields if GAS.match(phase_of(f).lower())]
    if not named and re.search(KIND_WORDS["liquid"], words):
        named = [f for f in fields if not GAS.match(phase_of(f).lower())]
    if named:
        return named if len(named) == 1 else []
    if heated:
        return heated
    liquid = [f for f in fields if not GAS.match(phase_of(f).lower())]
    return liquid if len(liquid) == 1 else []


def multiphase_flux_patch(flux: float, phase: str) -> dict[str, str]:
    """The wall condition of a phase temperature that takes `flux` W/m2, split between the phases
    in contact with the wall (as the wall-boiling tutorials write it)."""
    return {"type": "fixedMultiPhaseHeatFlux", "relax": "0.5", "q": f"uniform {fmt(flux)}", "phase": phase,
            "value": "$internalField"}


def copied_patch(source: str) -> dict[str, str]:
    """The wall condition of another phase's temperature that follows the heated phase's."""
    return {"type": "copiedFixedValue", "sourceFieldName": source, "value": "$internalField"}


class PhaseFluxBinding:
    """A heat flux on the phase temperatures of an Euler-Euler case; needs the Binder's `base`,
    `set`, `refuse`, `bindings`, `assumptions`, `solver`, `t_field`, `_words_of` and `_flux_walls`."""

    def _phase_temperatures(self) -> list[str]:
        return [f for f in self.base.fields() if f.startswith("T.") and self.base.field_rels(f)]

    def _heated_walls(self, field: str) -> list[str]:
        """The patches of a phase temperature whose condition carries a heat flux."""
        return [p for p, bc in self.base.patch_bcs(field).items() if bc in FLUX_ENTRIES]

    def bind_phase_heat_flux(self, q: StatedQuantity) -> bool:
        """Set a heat flux on the phase temperature and walls it is for; False when the base has
        no phase temperatures (another binder, or the refusal, goes on). A base that solves no
        energy or cannot take the flux gets the reason in not_applied."""
        fields = self._phase_temperatures()
        if not fields:
            return False
        clause, sentence = self._words_of(q)
        heated = [f for f in fields if self._heated_walls(f)]
        if not heated and self.solver not in _REACTING_EULER:
            self.refuse(q, f"{self.solver} has no wall condition that takes a heat flux on a phase temperature "
                           f"({', '.join(fields)}); fixedMultiPhaseHeatFlux belongs to reactingTwoPhaseEulerFoam "
                           "and reactingMultiphaseEulerFoam: ask for one of those")
            return True
        target = pick_phase_field(fields, clause, heated) or pick_phase_field(fields, sentence, heated)
        if len(target) != 1:
            self.refuse(q, f"which phase takes {q.text} is not clear: name one of {', '.join(map(phase_of, fields))}")
            return True
        field = target[0]
        walls = self._phase_flux_walls(q, field, clause)
        if not walls:
            self.refuse(q, f"which wall takes {q.text} is not clear; name it (walls of {field}: "
                           f"{', '.join(p for p in self.base.patch_bcs(field) if self.roles.get(p) == 'wall')})")
            return True
        for patch in walls:
            self._phase_flux_on(q, field, patch, fields)
        self.assumptions.append(f"{q.text} is the total wall heat flux on {', '.join(walls)}, imposed on {field} "
                                "(fixedMultiPhaseHeatFlux splits it between the phases at the wall)"
                                if self.solver in _REACTING_EULER else f"{q.text} imposed on {field}")
        return True

    def _phase_flux_walls(self, q: StatedQuantity, field: str, clause: str) -> list[str]:
        """The walls of `field` a flux is for: named by patch name, else the ones the base heats,
        else the ones the words say (by side, "the walls", the only wall)."""
        heated = self._heated_walls(field)
        before, self.t_field = self.t_field, field
        try:
            said = self._flux_walls(q)
        finally:
            self.t_field = before
        if any(re.search(rf"\b{re.escape(p.lower())}\b", clause) for p in said):
            return said
        if heated and not re.search(r"\ball (?:the )?walls\b|\bboth walls\b|\bevery wall\b", clause):
            return heated
        return said

    def _phase_flux_on(self, q: StatedQuantity, field: str, patch: str, fields: list[str]) -> None:
        """The flux on one wall of `field`: in the flux entry of the condition the base has there,
        else a new fixedMultiPhaseHeatFlux whose value the other phases' walls copy."""
        bc = self.base.patch_bcs(field).get(patch, "")
        for rel in self.base.field_rels(field):
            if bc in FLUX_ENTRIES:
                self.set(rel, ["boundaryField", patch, FLUX_ENTRIES[bc]], f"uniform {fmt(q.value)}",
                         f"heat flux {fmt(q.value)} W/m2 into {patch} ({field}, {bc})", q)
                continue
            self.set(rel, ["boundaryField", patch], multiphase_flux_patch(q.value, phase_of(field)),
                     f"heat flux {fmt(q.value)} W/m2 into {patch} ({field}, was {bc or 'none'})")
            self.bindings.append(Binding(stated=q.text, file=rel, entry=["boundaryField", patch, "q"],
                                         value=f"uniform {fmt(q.value)}", how=f"heat flux on {patch} ({field})"))
        if bc in FLUX_ENTRIES:
            return
        for other in fields:
            if other != field and self.base.patch_bcs(other).get(patch) not in (None, "copiedFixedValue"):
                for rel in self.base.field_rels(other):
                    self.set(rel, ["boundaryField", patch], copied_patch(field),
                             f"{other} on {patch} follows {field} (copiedFixedValue)")
