"""Coefficients of the interfacial models an Euler case already has, changed by `modify`: "set
the virtual mass coefficient to 0.3", "Cvm 0.25 for the air bubbles", "lift coefficient 0.1",
"Ctd = 0.5". The coefficient goes into the entries of the pairs the words name (else every pair
whose model reads it) in constant/phaseProperties; a list whose models read no such coefficient is
said, not guessed. A list switched to another model by the same request takes its coefficients
there (modify_phase_pairs)."""

from __future__ import annotations

import re

from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.edit.modify_pair_catalog import FAMILY_NAMES, FAMILY_WORDS
from tasks.edit.modify_pair_multiphase import TRANSPORT, is_multiphase_euler, multiphase_coefficient, multiphase_edit
from tasks.edit.modify_pair_text import PairEntry, pair_entries, top_level
from tasks.edit.modify_phase_pairs import as_written, chosen_entries, phase_property_files, requested_families
from tasks.edit.modify_values import NUMBER
from tasks.edit.modify_switch import without_kept_sentences
from tasks.foam import dictionary as fd
from tasks.foam.physics import fmt
from tasks.plan.bind_phase_coeffs import every_phase, phase_coefficients
from tasks.plan.stated import read_stated
from tasks.plan.manifest import FileEdit

# the coefficients a request may set by name: Cvm, Cl, Ctd, Cw1, Cw2, Cwc, Cwd, E0 (not residuals)
_COEFFICIENT = re.compile(r"^(?:C\w{0,3}|E0)$")
_SAID = r"\s*(?:=|:|of|is|to|at)?\s*(?:about\s+)?"


def pair_coefficient_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """The edits of the coefficients the request states for the interfacial models the case has,
    after those of its phases' own entries (`phase_coefficient_edits`)."""
    phase_coefficient_edits(plan, state, text)
    switched = requested_families(text)
    if is_multiphase_euler(state.case_dir) and "virtualMass" not in switched:
        said = multiphase_coefficient((state.case_dir / TRANSPORT).read_text(), text)
        if said is not None:
            plan.edits.append(multiphase_edit("virtualMass", *said))
            plan.assumptions.append(f"{TRANSPORT} virtual mass: {said[1]}")
    for rel in phase_property_files(state.case_dir):
        clean = fd.strip_comments((state.case_dir / rel).read_text())
        phases = (fd.get(clean, ["phases"]) or "").strip().strip("()").split()
        for fam in FAMILY_NAMES:
            raw = as_written(clean, fam)
            entries = pair_entries(raw or "")
            if fam in switched:
                continue
            unheld = _family_coefficient(text, fam)
            if unheld is not None and not any(_coefficients(e) for e in entries):
                models = ", ".join(sorted({e.type or "?" for e in entries})) or "none"
                plan.warnings.append(f"not applied: {FAMILY_NAMES[fam]} coefficient {unheld} (the case's {FAMILY_NAMES[fam]} "
                                     f"models ({models}) read no coefficient: name a model that does, e.g. "
                                     f"'{FAMILY_NAMES[fam]} constantCoefficient with coefficient {unheld}')")
                continue
            for key, value, scope in _stated(text, fam, entries):
                holding = [e for e in chosen_entries(entries, scope, phases, None) if _value_of(e, key) is not None]
                if not holding:
                    continue
                new = raw
                for e in sorted(holding, key=lambda e: -e.start):  # from the end: earlier spans stay valid
                    body = re.sub(rf"(\b{key}\s+){NUMBER}(\s*;)", lambda m: m.group(1) + value + m.group(2), e.body, count=1)
                    new = new[:e.start] + new[e.start:e.end].replace(e.body, body, 1) + new[e.end:]
                pairs = ", ".join(f"({e.a} {e.how} {e.b})" for e in holding)
                note = f"{key} {value} for {pairs} (was {', '.join(sorted({_value_of(e, key) for e in holding}))})"
                plan.edits.append(FileEdit(file=rel, entry=[fam], value=new, reason=f"{FAMILY_NAMES[fam]}: {note}", locked=True))
                plan.assumptions.append(f"{rel} {FAMILY_NAMES[fam]}: {note}")
                raw, entries = new, pair_entries(new)


def phase_coefficient_edits(plan: ChangePlan, state: CaseState, text: str) -> None:
    """A phase's diameter-model entries and residualAlpha the request states ("cap the bubble size
    at 5 mm": IATECoeffs dMax; "d0 4 mm", "residualAlpha of air 1e-5"), read as the planner reads
    them (tasks/plan/bind_phase_coeffs); sentences that keep things as they are set nothing. A value
    no phase reads is said, and its words are consumed (the binder does not place it elsewhere)."""
    said = without_kept_sentences(text)
    for rel in phase_property_files(state.case_dir):
        clean = fd.strip_comments((state.case_dir / rel).read_text())
        for c in phase_coefficients(said, read_stated(said), clean):
            at = text.find(c.said)
            if at >= 0:
                plan.consumed.append((at, at + len(c.said)))
            if c.reason:
                plan.warnings.append(f"not applied: {c.said} ({c.reason})")
                continue
            for path in [c.path] if c.path else every_phase(c, clean):
                note = f"{path[0]} {'/'.join(path[1:])} {fmt(c.value)} (was {fd.get(clean, path)}; stated {c.said})"
                plan.edits.append(FileEdit(file=rel, entry=path, value=fmt(c.value), reason=note, locked=True))
                plan.assumptions.append(f"{rel} {note}")


def _stated(text: str, fam: str, entries: list[PairEntry]) -> list[tuple[str, str, str]]:
    """(key, value, the words about it) of each coefficient of the list's entries the request
    states by its name ("Cvm 0.25") or as the list's coefficient ("virtual mass coefficient 0.3",
    when its entries read one coefficient)."""
    keys = sorted({k for e in entries for k in _coefficients(e)})
    found = []
    for sentence in re.split(r"[.;!?](?:\s|$)|\n", text):
        for key in keys:
            m = re.search(rf"(?<![\w.]){re.escape(key)}\b{_SAID}({NUMBER})(?![\w.])", sentence)
            if m:
                found.append((key, m.group(1), sentence))
        said = _family_coefficient(sentence, fam)
        if said is not None and len(keys) == 1 and not any(k == keys[0] for k, _, _ in found):
            found.append((keys[0], said, sentence))
    return found


def _family_coefficient(text: str, fam: str) -> str | None:
    """The number the words give as the list's coefficient ("virtual mass coefficient 0.3")."""
    m = re.search(rf"(?:{FAMILY_WORDS[fam]})(?:\s+(?:force|model))?\s+coefficient{_SAID}({NUMBER})(?![\w.])", text, re.I)
    return m.group(1) if m else None


def _coefficients(entry: PairEntry) -> list[str]:
    """The coefficient keys an entry's model reads (its top-level numeric entries named like one)."""
    return [k for k, _ in re.findall(rf"(?:^|[;{{\s])(\w+)\s+({NUMBER})\s*;", top_level(entry.body)) if _COEFFICIENT.match(k)]


def _value_of(entry: PairEntry, key: str) -> str | None:
    m = re.search(rf"(?:^|[;{{\s]){re.escape(key)}\s+({NUMBER})\s*;", top_level(entry.body))
    return m.group(1) if m else None
