"""An energy per mass said of a pressure is a kinematic pressure: J/kg is m2/s2, the unit of
p/rho, and "inlet total pressure 50 J/kg" states p/rho = 50, not a latent heat. The unit alone
reads as an energy per mass (tasks.plan.units_kinds: "latent heat 334 kJ/kg"); the words of its
sentence decide: the nearest of a pressure word and an energy word before the value wins."""

from __future__ import annotations

import re

from tasks.plan.extract_models import Quantity

# words that make the value a pressure: "total pressure", "p/rho", "p0", "p_rgh", "head"
_PRESSURE_WORDS = re.compile(r"\bpressures?\b|\bp\s*/\s*rho\b|\bp/ρ|\bp0\b|\bp_rgh\b|\bkinematic\s+p\b|\bfans?\b", re.I)
# words that make it an energy per mass: a latent heat, an enthalpy, a heat of fusion
_ENERGY_WORDS = re.compile(r"\blatent\b|\benthalp|\bheat\b|\benergy\b|\bfusion\b|\bvapori[sz]ation\b|"
                           r"\bevaporation\b|\bmelting\b|\bcalorific\b|\bheating value\b", re.I)


def kinematic_energy(plain: str, q: Quantity) -> Quantity:
    """`q` read as a kinematic pressure (kind "pressure", value in m2/s2 unchanged) when it is an
    energy per mass whose sentence, before it, names a pressure after any energy word; `q`
    unchanged otherwise."""
    if q.kind != "specific_energy":
        return q
    sentence = re.split(r"[.;!?]\s|\n", plain[:q.start])[-1]
    pressure = [m.end() for m in _PRESSURE_WORDS.finditer(sentence)]
    energy = [m.end() for m in _ENERGY_WORDS.finditer(sentence)]
    if not pressure or (energy and energy[-1] > pressure[-1]):
        return q
    return q.model_copy(update={"kind": "pressure"})


def energy_per_mass_unit(text: str) -> bool:
    """True when a stated value is written in an energy per mass (J/kg, kJ/kg, "joules per kg"):
    as a pressure, it is p/rho already."""
    return bool(re.search(r"J\s*(?:/|per\s+)\s*kg|J\s*[·.*]?\s*kg\s*(?:\^?\s*-\s*1|⁻¹)|joules?\s+per\s+kilo",
                          text, re.I))
