"""Phase-pair model switches of `modify` on multiphaseEulerFoam (v1912), which keeps its
interfacial models in constant/transportProperties: drag per phase of a blended pair ("(air
water) { type blended; air { type SchillerNaumann; ... } water { ... } }") and a virtual mass
coefficient per pair ("virtualMass ((air water) 0.5);"). "Wen-Yu drag for the air bubbles" sets
the air's model in each of its pairs; "no virtual mass" sets the pairs' coefficient to 0; any
other list (lift, turbulent dispersion, ...) is said: the solver has none.
A leaf of the rules of `modify` (modify_phase_pairs)."""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.phase_pairs import PairModel, pair_table, pairs_named
from tasks.plan.bind_parts_phase_words import listed_phases, phase_kind
from tasks.plan.bind_phase_pair_lists import blended_drag, pair_items, pair_numbers, render_list
from tasks.plan.manifest import FileEdit

TRANSPORT = "constant/transportProperties"
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def is_multiphase_euler(case: Path) -> bool:
    """True for a multiphaseEulerFoam case: its transportProperties holds a drag list."""
    path = case / TRANSPORT
    return path.is_file() and fd.find(fd.strip_comments(path.read_text()), ["drag"]) is not None


def multiphase_switch(text: str, family: str, model: PairModel | None, scope: str) -> tuple[str | None, str]:
    """(the new value of the transportProperties entry `family`, what changed) for one switch of
    the request on a multiphaseEulerFoam case's text, or (None, why it cannot be made)."""
    clean = fd.strip_comments(text)
    phases = listed_phases(fd.get(clean, ["phases"]) or "")
    said = pairs_named(scope, phases, phase_kind)
    if said.foreign is not None:
        return None, f"the case has no {said.foreign} phase: its phases are {', '.join(phases)}"
    dispersed = {d for d, _ in said.pairs}
    if family == "drag" and model is not None:
        allowed = pair_table().multiphase_euler_drag
        if model.type not in allowed:
            return None, f"multiphaseEulerFoam (v1912) has no {model.type} drag; it has {', '.join(allowed)}"
        span = fd.find(clean, ["drag"])
        items = blended_drag(pair_items(clean[span.value_start:span.end]), phases, dispersed, model.type)
        return render_list(items), f"{model.type} for {', '.join(sorted(dispersed)) or 'every phase'} of each blended pair"
    if family == "virtualMass":
        raw = fd.get(clean, ["virtualMass"]) or ""
        value = "0" if model is None else _coefficient(scope)
        if value is None:
            return None, "multiphaseEulerFoam (v1912) keeps a virtual mass coefficient per pair: state it, e.g. 'Cvm 0.5'"
        return virtual_mass(raw, value, dispersed | {c for _, c in said.pairs if c})
    return None, ("multiphaseEulerFoam (v1912) keeps only drag (per phase of a blended pair) and a virtual mass "
                  "coefficient per pair; use reactingMultiphaseEulerFoam for lift, turbulent dispersion, wall lubrication "
                  "or heat transfer models")


def virtual_mass(raw: str, value: str, named: set[str]) -> tuple[str, str]:
    """(the virtualMass list with `value` for the pairs of the `named` phases (every pair when
    none), what changed)."""
    return pair_numbers(raw, value, named), f"virtual mass coefficient {value} for {', '.join(sorted(named)) or 'every pair'}"


def multiphase_coefficient(text: str, request: str) -> tuple[str, str] | None:
    """(the virtualMass list, what changed) for a virtual mass coefficient the request states
    ("virtual mass coefficient 0.3", "Cvm = 0.25 for the bubbles") on a multiphaseEulerFoam case's
    transportProperties text; None when it states none."""
    for sentence in re.split(r"[.;!?](?:\s|$)|\n", request):
        m = re.search(rf"(?:(?:virtual|added)[\s-]*mass(?:\s+force)?\s+coefficient|\bC_?vm\b)\s*(?:=|:|of|is|to)?\s*"
                      rf"({_NUMBER})(?![\w.])", sentence, re.I)
        if m:
            clean = fd.strip_comments(text)
            phases = listed_phases(fd.get(clean, ["phases"]) or "")
            named = {p for pair in pairs_named(sentence, phases, phase_kind).pairs for p in pair if p}
            return virtual_mass(fd.get(clean, ["virtualMass"]) or "", m.group(1), named)
    return None


def _coefficient(scope: str) -> str | None:
    """The virtual mass coefficient the words give ("Cvm 0.3", "coefficient of 0.25")."""
    m = re.search(rf"(?:\bC_?vm|coefficient)\s*(?:=|:|of|is|to)?\s*({_NUMBER})", scope, re.I)
    return m.group(1) if m else None


def multiphase_edit(family: str, value: str, note: str) -> FileEdit:
    """The edit of one transportProperties list."""
    return FileEdit(file=TRANSPORT, entry=[family], value=value, reason=f"{family}: {note}", locked=True)
