"""Per-phase coefficients of an Euler-Euler case's diameter model and residuals, as a request
states them: an IATE phase's largest and smallest bubble ("cap the bubble size at 5 mm", "dMin
0.1 mm", "bubbles may not grow above 8 mm"), an isothermal phase's reference diameter and
pressure ("d0 4 mm at p0 1 bar"), a phase's residualAlpha ("residualAlpha of air 1e-5"). Read
from the request's words, bound to constant/phaseProperties <phase> [<model>Coeffs] <entry> of the
phase whose model reads it (the phase named, else the only one); a value no phase's model reads
is refused with the models the case has. One reader (`phase_coefficients`) for the planner
(`bind_phase_coeffs`) and `modify` (tasks/edit/modify_pair_coeffs.py). The entries and their words
are canonical/phase_pair_models.yaml `phase_entries`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.foam.phase_pairs import PhaseEntry, phase_entries
from tasks.plan.bind_members import sentence_at
from tasks.plan.bind_parts_phase_words import listed_phases, phase_kind
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

PHASES_FILE = "constant/phaseProperties"
_STOP = re.compile(r"[,;:!?()\n]|\.(?!\d)|\b(?:and|but|while|whereas)\b")
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# a length is a bubble's size only where its clause speaks of one ("larger than 2 m" alone is no dMax)
_SIZE_CONTEXT = re.compile(r"\b(?:bubbles?|diameters?|sizes?|d[_\s-]?(?:max|min|0)|iate|interfacial|droplets?|drops?|"
                           r"particles?)\b", re.I)


ENTRIES = phase_entries()  # canonical/phase_pair_models.yaml phase_entries
_RESIDUAL_ALPHA = next(e for e in ENTRIES if e.key == "residualAlpha")


class PhaseCoefficient(NamedTuple):
    """A value the request gives an entry of a phase: the words that state it, the phase, the
    entry's path in phaseProperties and the value (SI); `reason` is set instead of a path when
    no phase of the case reads the entry."""

    said: str
    value: float
    key: str
    phase: str | None
    path: list[str] | None
    reason: str = ""


def phase_readers(text: str) -> dict[str, dict[str, list[str]]]:
    """Each phase of a phaseProperties text with the entries its model (or the phase itself)
    has, as paths: {"air": {"dMax": ["air", "IATECoeffs", "dMax"], "residualAlpha": [...]}}."""
    raw = fd.get(text, ["phases"])
    out: dict[str, dict[str, list[str]]] = {}
    for phase in listed_phases(raw) if raw else []:
        model = (fd.get(text, [phase, "diameterModel"]) or "").strip()
        paths: dict[str, list[str]] = {}
        for entry in ENTRIES:
            path = [phase, f"{model}Coeffs", entry.key] if entry.model else [phase, entry.key]
            if entry.model in (None, model) and fd.find(text, path) is not None:
                paths[entry.key] = path
        out[phase] = paths
    return out


def entry_named(before: str, after: str) -> PhaseEntry | None:
    """The entry the words around a value name: the one named nearest before it (within its
    clause), else right after it ("5 mm as the maximum")."""
    best: tuple[int, PhaseEntry] | None = None
    for entry in ENTRIES:
        for m in re.finditer(entry.words, before, re.I):
            if best is None or m.end() > best[0]:
                best = (m.end(), entry)
    if best:
        return best[1]
    return next((e for e in ENTRIES if re.search(e.words, after, re.I)), None)


def _clause_around(text: str, start: int, end: int) -> tuple[str, str]:
    """The words of the value's clause before it (from the last stop or number) and after it
    (to the next stop or number)."""
    head = text[:start]
    numbers = re.finditer(r"(?<![\w.])" + _NUMBER + r"\s*\w*", head)
    cut = max([0] + [m.end() for m in _STOP.finditer(head)] + [m.end() for m in numbers])
    tail = text[end:]
    stop = _STOP.search(tail)
    nxt = re.search(r"\d", tail)
    return head[cut:], tail[:min(stop.start() if stop else len(tail), nxt.start() if nxt else len(tail))]


def _phase_for(key: str, words: str, readers: dict[str, dict[str, list[str]]],
               models: dict[str, str]) -> tuple[str | None, str]:
    """The phase that takes `key`: the one named in the words that reads it, else the only phase
    that reads it; (None, why) otherwise."""
    holding = [p for p, paths in readers.items() if key in paths]
    named = [p for p in readers if re.search(rf"\b{re.escape(p.lower())}\b", words.lower())]
    if not named and re.search(r"\bbubbles?\b", words.lower()):
        named = [p for p in readers if phase_kind(p) == "gas"]
    if named and named[0] in holding and len(named) == 1:
        return named[0], ""
    if named and not set(named) & set(holding):
        return None, f"{' and '.join(named)} has no {key} to set (diameter models: {_listed(models)})"
    if len(holding) == 1:
        return holding[0], ""
    if not holding:
        return None, f"no phase of the case reads {key} (its diameter models: {_listed(models)})"
    return None, f"several phases ({', '.join(holding)}) have {key}: name the phase"


def diameter_models(text: str) -> dict[str, str]:
    """Each phase of a phaseProperties text with its diameterModel ("none" when it has none)."""
    raw = fd.get(text, ["phases"])
    return {p: (fd.get(text, [p, "diameterModel"]) or "none").strip() for p in (listed_phases(raw) if raw else [])}


def _listed(models: dict[str, str]) -> str:
    return ", ".join(f"{p}: {m}" for p, m in models.items())


def phase_coefficients(text: str, stated: list[StatedQuantity], phases_text: str) -> list[PhaseCoefficient]:
    """The phase entries the request's words give values: each stated length or pressure whose
    words name a diameter-model entry (dMax, dMin, d0, p0), and each number after residualAlpha.
    Empty for a case without a phaseProperties `phases` list."""
    readers, models = phase_readers(phases_text), diameter_models(phases_text)
    if not readers:
        return []
    out: list[PhaseCoefficient] = []
    searched = 0
    for q in stated:
        if q.quantity not in ("length", "pressure"):
            continue
        at = text.find(q.text, searched if text.find(q.text, searched) >= 0 else 0)
        if at < 0:
            continue
        searched = at + len(q.text)
        before, after = _clause_around(text, at, at + len(q.text))
        entry = entry_named(before, after)
        if entry is None or entry.quantity != q.quantity or \
                (q.quantity == "length" and not _SIZE_CONTEXT.search(sentence_at(text, at))):
            continue
        if not any(entry.key in paths for paths in readers.values()) and entry.key == "p0":
            continue  # "reference pressure" without an isothermal phase: pRef's, not a diameter model's
        out.append(_coefficient(q.text, q.value, entry, f"{before} {after}", readers, models))
    said = rf"(?P<own>[^.,;\d]*?)\s*(?:=|:|of|is|to)?\s*(?P<v>{_NUMBER})(?![\w.])"
    for m in re.finditer(_RESIDUAL_ALPHA.words + said, text, re.I):
        head = text[max(0, m.start() - 30):m.start()]
        out.append(_coefficient(m.group("v"), float(m.group("v")), _RESIDUAL_ALPHA, f"{head} {m.group('own')}", readers,
                                models))
    return out


def _coefficient(said: str, value: float, entry: PhaseEntry, words: str,
                 readers: dict[str, dict[str, list[str]]], models: dict[str, str]) -> PhaseCoefficient:
    """The phase and path of one stated entry; a phase's own entry (residualAlpha) said of no
    phase when several have it is every phase's (no path, no reason)."""
    phase, why = _phase_for(entry.key, words, readers, models)
    if entry.model is None and phase is None and why.startswith("several"):
        why = ""
    return PhaseCoefficient(said, value, entry.key, phase, readers[phase][entry.key] if phase else None, why)


def every_phase(coefficient: PhaseCoefficient, phases_text: str) -> list[list[str]]:
    """The paths a phase entry said of no phase goes to: every phase that has it (a
    residualAlpha said once is every phase's)."""
    return [paths[coefficient.key] for paths in phase_readers(phases_text).values() if coefficient.key in paths]


def _states(q: StatedQuantity, c: PhaseCoefficient) -> bool:
    """Whether a stated quantity is the value of `c`: its words, or the same entry read by its
    name as a control ("residualAlpha 1e-5")."""
    return q.text == c.said or (q.role == f"control:{c.key}" and q.value == c.value)


def bind_phase_coeffs(binder, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Bind the phase entries the request names (a Binder's base, text, set, bindings, refuse);
    the stated quantities taken, and a record for each dimensionless value read by name."""
    text = binder.base.text(PHASES_FILE) or ""
    taken: list[StatedQuantity] = []
    for c in phase_coefficients(binder.text, stated, text):
        q = next((s for s in stated if _states(s, c) and not any(s is t for t in taken)), None)
        if q is not None and q.role.startswith("control:"):  # a phase's entry, not a solver control to refuse
            at = next(i for i, s in enumerate(stated) if s is q)
            stated[at] = q = q.model_copy(update={"quantity": "parameter", "role": f"entry:{c.key}"})
        if q is None:
            q = StatedQuantity(text=f"{c.key} {c.said}", quantity="parameter", value=c.value, role=f"entry:{c.key}")
            binder._stated.append(q)
        taken.append(q)
        if c.reason:
            binder.refuse(q, c.reason)
            continue
        for path in [c.path] if c.path else every_phase(c, text):
            old = fd.get(text, path) or ""
            binder.set(PHASES_FILE, path, binder._keep_dims(old, c.value) if "[" in old else fmt(c.value),
                       f"{path[0]} {'/'.join(path[1:])}", q)
    return taken
