"""Binder step for a fluid put in place of one of the base's phases: "oil instead of water",
"replace the water with a mineral oil", "the water phase replaced by glycerol". The phase keeps
its name (alpha.water) and takes the new fluid's density and viscosity from canonical/fluids.yaml
where the request does not state them; a fluid the table does not have is reported not applied
for the properties the request leaves out. Pure parsing (`substitutions`) and a step mixed into
`tasks.plan.bind.Binder` through `tasks.plan.bind_parts.PartsBinding`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.foam.physics import find_fluid, fluid_table
from tasks.plan.bind_parts_layouts import phase_entries, phase_names
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

_WORDS = r"(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*"  # before "instead of": the nearest words
_AFTER = r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}"  # after "replace ... with": up to three words
_SWAPS = (
    # "oil instead of water", "a mineral oil in place of the water", "glycerol rather than water"
    re.compile(rf"(?P<new>{_WORDS})\s+(?:instead\s+of|in\s+place\s+of|rather\s+than)\s+(?:the\s+)?(?P<old>[a-z]\w*)"),
    # "replace the water with oil", "replacing the water phase by a silicone oil"
    re.compile(rf"\breplac(?:e|ing)\s+(?:the\s+)?(?P<old>[a-z]\w*)\s+(?:phase\s+)?(?:with|by)\s+(?:an?\s+|the\s+|some\s+)?"
               rf"(?P<new>{_AFTER})"),
    # "the water (phase) replaced by glycerol", "water swapped for oil"
    re.compile(rf"\b(?P<old>[a-z]\w*)\s+(?:phase\s+)?(?:is\s+|being\s+)?(?:replaced|swapped|exchanged)\s+(?:with|by|for)\s+"
               rf"(?:an?\s+|the\s+|some\s+)?(?P<new>{_AFTER})"),
)
_FILLER = {"a", "an", "the", "some", "with", "use", "using", "of", "and", "but", "fill", "filled"}


class Substitution(NamedTuple):
    """A fluid the request puts in place of a base phase: `fluid` the fluid table's name (None
    when the table has none), `words` the request's words for it."""

    phase: str
    fluid: str | None
    words: str


def substitutions(text: str, phases: list[str]) -> list[Substitution]:
    """The base phases the request replaces by another fluid, once each."""
    low = text.lower()
    found: list[Substitution] = []
    for pattern in _SWAPS:
        for m in pattern.finditer(low):
            old = next((p for p in phases if p.lower() == m.group("old")), None)
            words = " ".join(w for w in m.group("new").split() if w not in _FILLER)
            if old is None or not words or any(s.phase == old for s in found):
                continue
            fluid = find_fluid(words)
            # the fluid's own words: its alias, else (unknown) the word next to "instead of" / "with"
            words = _alias_in(words, fluid) if fluid else words.split()[0 if m.start("new") > m.start("old") else -1]
            if fluid in {p.lower() for p in phases} or words == old.lower():  # another phase of the base: no swap
                continue
            found.append(Substitution(old, fluid, words))
    return found


def _alias_in(words: str, fluid: str) -> str:
    """The alias of `fluid` the words use ("mineral oil"), longest first."""
    aliases = sorted(fluid_table()[fluid].aliases, key=len, reverse=True)
    return next((a for a in aliases if re.search(rf"\b{re.escape(a)}\b", words)), fluid)


class SubstituteBinding:
    def bind_substituted_fluids(self, stated: list[StatedQuantity]) -> None:
        """The replaced phase's density and viscosity from the new fluid's table entry, for the
        properties the request does not state; not applied (with the reason) for a fluid the table
        lacks."""
        phases = phase_names(self.base.text)
        said_rho = any(q.quantity == "density" and q.role != "particle_density" for q in stated)
        said_visc = any(q.quantity in ("kinematic_viscosity", "dynamic_viscosity") for q in stated)
        for sub in substitutions(self.text, phases):
            q = StatedQuantity(text=f"{sub.words} instead of {sub.phase}", quantity="parameter", value=0.0,
                               role="material")
            missing = [w for w, said in (("density", said_rho), ("viscosity", said_visc)) if not said]
            if not missing:
                continue
            if sub.fluid is None:
                self.refuse(q, f"{sub.words}: Casewright's fluid table (canonical/fluids.yaml: "
                               f"{', '.join(fluid_table())}) has no data for it, so the {sub.phase} phase keeps "
                               f"{sub.phase}'s {' and '.join(missing)}; state the {' and '.join(missing)} of {sub.words}")
                continue
            entry = fluid_table()[sub.fluid]
            done = []
            if "density" in missing:
                where = {e.phase: e for e in phase_entries(self.base.text, "rho")}.get(sub.phase)
                if where is not None:
                    self._set_phase_value(where, entry.rho, f"{sub.phase} density ({sub.fluid}, fluid table)", q)
                    done.append(f"rho {fmt(entry.rho)}")
            if "viscosity" in missing and self._set_substitute_viscosity(sub, entry, q):
                done.append(f"nu {fmt(entry.nu)} (mu {fmt(entry.mu)})")
            if done:
                self.assumptions.append(f"{sub.words} instead of {sub.phase}: the phase keeps the name {sub.phase} "
                                        f"(alpha.{sub.phase}) with {sub.fluid}'s {', '.join(done)} "
                                        f"({entry.condition})")

    def _set_substitute_viscosity(self, sub: Substitution, entry, q: StatedQuantity) -> bool:
        """The replaced phase's kinematic viscosity where the base keeps one, else its dynamic
        viscosity (thermophysicalProperties.<phase>)."""
        where = {e.phase: e for e in phase_entries(self.base.text, "nu")}.get(sub.phase)
        if where is not None:
            self._set_phase_value(where, entry.nu, f"{sub.phase} kinematic viscosity ({sub.fluid}, fluid table)", q)
            return True
        rel = f"constant/thermophysicalProperties.{sub.phase}"
        if fd.find(self.base.text(rel) or "", ["mixture", "transport", "mu"]) is not None:
            self.set(rel, ["mixture", "transport", "mu"], fmt(entry.mu),
                     f"{sub.phase} dynamic viscosity ({sub.fluid}, fluid table)", q)
            return True
        return False
