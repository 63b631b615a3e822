"""Binder step for the initial volume fraction of a phase stated in words: "30 % air initially
everywhere", "the initial volume fraction of air should be 0.3", "60 % water, 20 % oil and 10 %
mercury by volume", "a gas hold-up of 10 %", "composition (vol-%): water 60, oil 20". Each goes to
the uniform internalField of 0/alpha.<phase> where setFields does not set that phase. A fill
("60 % full", "the lower 40 % is water") is no fraction of a phase: bind_setfields_fill takes it.
Pure parsing (`phase_fractions`) and a step mixed into `tasks.plan.bind.Binder` through
`tasks.plan.bind_parts.PartsBinding`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.plan.bind_parts_phase_words import (
    FRACTION_NUMBER, GAS, PCT, alpha_phases, fraction_words, phase_mentions, unit_after,
)
from tasks.plan.bind_setfields_fill import spelled_fraction
from tasks.plan.foam_values import fmt
from tasks.plan.regions import read_set_fields
from tasks.plan.stated import StatedQuantity

# a number and, if written, its percent sign; no other unit after it ("0.3 m", "20 s" are no fractions)
_UNIT_AFTER = unit_after(r"mpa|hr|rad|hz|n|w|j|mol|cp|cst|mps|mph|kmh|ft|in|cells?|iterations?|steps?")
# words that make a number a volume fraction of a phase, and that make it a fill of the domain instead
_FRACTION_WORDS = re.compile(rf"{fraction_words('composition|mixture').pattern}|vol[\s.-]*%")
_PERCENT_HEADER = re.compile(rf"\((?:vol(?:ume)?[\s.-]*)?{PCT}\)|\bvol(?:ume)?[\s.-]*{PCT}|\bin\s+{PCT}")
_FILL_WORDS = re.compile(r"\b(?:full|fill\w*|level|height|depth|deep|bottom|lower|upper|top|left|right|half|"
                         r"third|quarter|intensity|efficiency|relax\w*)\b")
# a fraction in words right before the phase it is of: "half water, a quarter oil, a tenth mercury"
_WORD_FRACTION = re.compile(r"(?<![\w-])(?P<w>(?:(?:a|one)\s+)?(?:half|third|quarter|fifth|tenth)|two\s+thirds|"
                            r"three\s+quarters|two\s+fifths|three\s+fifths)\s+(?:of\s+)?(?:the\s+)?(?P<name>[a-z]\w*)\b")
_SIDE_BEFORE = re.compile(r"\b(?:lower|upper|bottom|top|left|right|first|last|other)\s*$")
_HOLDUP = re.compile(r"\b(?:gas\s+)?hold[\s-]?up\b|\bgas\s+(?:volume\s+)?fraction\b|\bvoid(?:age|\s+fraction)\b")


class PhaseFraction(NamedTuple):
    """A phase's stated volume fraction (0..1), with the number as the request writes it."""

    phase: str
    value: float
    written: str
    at: int  # where the number starts in the request


def _segments(sentence: str) -> list[tuple[int, str]]:
    """A sentence cut at commas and semicolons (start offset, words)."""
    out, at = [], 0
    for m in re.finditer(r"[,;]\s", sentence + ", "):
        out.append((at, sentence[at:m.start()]))
        at = m.end()
    return out


def phase_fractions(text: str, phases: list[str]) -> list[PhaseFraction]:
    """The volume fractions a request gives the named `phases`: in each comma-separated part of a
    sentence that says fraction words (or writes the number with %), each number goes to the
    phase named nearest to it; a hold-up with no phase named goes to the one gas phase."""
    low = text.lower()
    gases = [p for p in phases if GAS.match(p.lower())]
    found: list[PhaseFraction] = []
    starts = [0] + [m.end() for m in re.finditer(r"(?<=[.!?])\s+|\n", low)]
    for begin, end in zip(starts, starts[1:] + [len(low)]):
        sentence = low[begin:end]
        percent_header = bool(_PERCENT_HEADER.search(sentence))
        cue = bool(_FRACTION_WORDS.search(sentence)) or percent_header
        for offset, part in _segments(sentence):
            if _FILL_WORDS.search(part):
                continue
            names = phase_mentions(part, phases)
            values = [m for m in FRACTION_NUMBER.finditer(part) if not _UNIT_AFTER.match(part[m.end("v"):])]
            for m in values:
                pct = bool(m.group("pct")) or (percent_header and not m.group("pct") and float(m.group("v")) > 1)
                if not (cue or m.group("pct")):
                    continue
                value = float(m.group("v")) / (100 if pct else 1)
                if not 0 <= value <= 1:
                    continue
                near = sorted(names, key=lambda n: (abs(n[0] - m.start()), n[0] < m.start()))
                phase = near[0][1] if near else (gases[0] if len(gases) == 1 and _HOLDUP.search(part) else None)
                if phase is not None and not any(f.phase == phase for f in found):
                    found.append(PhaseFraction(phase, value, m.group(0).strip(), begin + offset + m.start()))
    return found + [f for f in _word_fractions(low, phases) if not any(g.phase == f.phase for g in found)]


def _word_fractions(low: str, phases: list[str]) -> list[PhaseFraction]:
    """Fractions in words right before a phase's name ("half water, a quarter oil"); not a side
    of the domain ("the lower half water": a fill, bind_setfields_fill's)."""
    found = []
    for m in _WORD_FRACTION.finditer(low):
        phase = next((p for p in phases if p.lower() == m.group("name")), None)
        value = spelled_fraction(m.group("w"))
        if phase is None or value is None or _SIDE_BEFORE.search(low[:m.start()]):
            continue
        found.append(PhaseFraction(phase, value, m.group("w").strip(), m.start()))
    return found


class FractionBinding:
    def bind_phase_fractions(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Stated volume fractions into the uniform internalField of each phase's 0/alpha.<phase>
        (not where setFields sets that phase, nor where this plan already set it)."""
        phases = alpha_phases(self.base.fields())
        if not phases:
            return []
        sf = read_set_fields(self.base.text("system/setFieldsDict") or "")
        taken: list[StatedQuantity] = []
        entering = getattr(self, "inlet_fraction_at", [])  # fractions where a phase enters: not initial ones
        for frac in phase_fractions(self.text, phases):
            if frac.at in entering:
                continue
            field = f"alpha.{frac.phase}"
            rels = self.base.field_rels(field)
            if sf.holds(field) or any(e.file in rels and e.entry == ["internalField"] for e in self.edits):
                continue
            if not all((fd.get(self.base.text(r) or "", ["internalField"]) or "").strip().startswith("uniform")
                       for r in rels):
                continue
            q = _stated_at(stated, self.text, frac) or \
                StatedQuantity(text=frac.written, quantity="parameter", value=frac.value, role=f"entry:{field}")
            if q not in stated:
                stated.append(q)
            for rel in rels:
                self.set(rel, ["internalField"], f"uniform {fmt(frac.value)}", f"initial volume fraction of "
                         f"{frac.phase}", q)
            taken.append(q)
        return taken


def _stated_at(stated: list[StatedQuantity], text: str, frac: PhaseFraction) -> StatedQuantity | None:
    """The stated quantity written where the fraction is: of those written alike ("10 %" twice),
    the one whose rank among them is the rank of this occurrence in the request."""
    alike = [s for s in stated if s.text.strip().lower() == frac.written]
    rank = text.lower().count(frac.written, 0, frac.at)
    return alike[rank] if rank < len(alike) else None
