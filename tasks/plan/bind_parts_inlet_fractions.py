"""Binder step for the volume fraction of a phase where it enters: "air enters at the inlet with a
volume fraction of 0.4", "inlet gas fraction: 25 %", "gas hold-up at the sparger 35 percent",
"the sludge comes in at 0.002 by volume". The phase's alpha.<phase> at each inlet the words name
(fixedValue `value`, inletOutlet `inletValue`), and with two phases the other phase's 1 - f there.
Pure parsing (`inlet_fractions`) and a step mixed into `tasks.plan.bind.Binder` through
`tasks.plan.bind_parts.PartsBinding`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.plan.bind_parts_phase_words import (
    FRACTION_NUMBER, GAS, alpha_phases, fraction_words, phase_mentions, unit_after,
)
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

_UNIT_AFTER = unit_after(r"um|µm|m/s|m3/s|l/s|kg/s|kg/m3")
_FRACTION = fraction_words(r"void\s+fraction|alpha")
_ENTERING = re.compile(r"\b(?:inlets?|inflow|enters?|entering|comes?\s+in|fed|feed|sparger|injected|injection|"
                       r"admitted|supplied|incoming|bottom\s+inlet)\b")
_GAS_WORDS = re.compile(r"\b(?:gas|air|bubbles?|hold[\s-]?up|void(?:age)?|vapou?r|steam)\b")
_SOLID_WORDS = re.compile(r"\b(?:solids?|particles?|grains?|sand|sediment|beads?|powder|sludge|slurry)\b")
_LIQUID = re.compile(r"^(?:water|liquid|oil)\d*$")


class InletFraction(NamedTuple):
    """A phase's volume fraction (0..1) where it enters, with the number as written and where."""

    phase: str
    value: float
    written: str
    at: int


def _clauses(text: str) -> list[tuple[int, str]]:
    """The request cut into clauses at sentence ends, semicolons and line breaks (start, words)."""
    out, at = [], 0
    for m in re.finditer(r"(?<=[.!?;])\s+|\n", text + "\n"):
        out.append((at, text[at:m.start()]))
        at = m.end()
    return out


def inlet_fractions(text: str, phases: list[str]) -> list[InletFraction]:
    """The fractions a request gives phases where they enter: in a clause that says a fraction
    (or writes the number with %) and says entering (inlet, enters, sparger, feed), each number
    between 0 and 1 (or percent) goes to the phase named in the clause, else to the one gas phase
    where the words say gas (hold-up, bubbles), else to the one phase neither gas nor liquid where
    they say solids."""
    low = text.lower()
    gases = [p for p in phases if GAS.match(p.lower())]
    solids = [p for p in phases if not GAS.match(p.lower()) and not _LIQUID.match(p.lower())]
    found: list[InletFraction] = []
    for begin, clause in _clauses(low):
        if not _ENTERING.search(clause):
            continue
        named = list(dict.fromkeys(p for _, p in phase_mentions(clause, phases)))
        for m in FRACTION_NUMBER.finditer(clause):
            if _UNIT_AFTER.match(clause[m.end("v"):]) and not m.group("pct"):
                continue
            if not (m.group("pct") or _FRACTION.search(clause)):
                continue
            value = float(m.group("v")) / (100 if m.group("pct") else 1)
            if not 0 <= value <= 1:
                continue
            phase = named[0] if len(named) == 1 else \
                gases[0] if not named and len(gases) == 1 and _GAS_WORDS.search(clause) else \
                solids[0] if not named and len(solids) == 1 and _SOLID_WORDS.search(clause) else None
            if phase is not None and not any(f.phase == phase for f in found):
                found.append(InletFraction(phase, value, m.group(0).strip(), begin + m.start()))
    return found


class InletFractionBinding:
    def bind_inlet_fractions(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Stated fractions of entering phases into alpha.<phase> at the base's inlets (and the
        other phase's complement where there are two). Returns the quantities taken."""
        phases = alpha_phases(self.base.fields())
        inlets = self.patches("inlet")
        taken: list[StatedQuantity] = []
        self.inlet_fraction_at: list[int] = []
        if not phases or not inlets:
            return taken
        for frac in inlet_fractions(self.text, phases):
            q = next((s for s in stated if s.text.strip().lower() == frac.written and
                      self.value_at(self.text.lower(), s) == frac.at), None) or \
                next((s for s in stated if s.text.strip().lower() == frac.written), None) or \
                StatedQuantity(text=frac.written, quantity="parameter", value=frac.value, role=f"entry:alpha.{frac.phase}")
            done = self._alpha_at_inlets(frac.phase, frac.value, inlets, q)
            others = [p for p in phases if p != frac.phase]
            if done and len(others) == 1:
                self._alpha_at_inlets(others[0], round(1 - frac.value, 12), inlets, None)
            if done:
                if q not in stated:
                    stated.append(q)
                taken.append(q)
                self.inlet_fraction_at.append(frac.at)
        return taken

    def _alpha_at_inlets(self, phase: str, value: float, inlets: list[str], q: StatedQuantity | None) -> bool:
        """alpha.<phase> = value at each inlet that fixes it (fixedValue value, inletOutlet inletValue)."""
        field = f"alpha.{phase}"
        done = False
        for rel in self.base.field_rels(field):
            text = self.base.text(rel) or ""
            for patch in inlets:
                kind = (fd.get(text, ["boundaryField", patch, "type"]) or "").strip()
                key = {"fixedValue": "value", "inletOutlet": "inletValue"}.get(kind)
                if key is None:
                    continue
                self.set(rel, ["boundaryField", patch, key], f"uniform {fmt(value)}",
                         f"{phase} volume fraction entering at {patch}", q)
                done = True
        return done
