"""A change request that switches the turbulence model of one phase of an Euler-Euler case
("in the water phase, replace the one-equation model by Smagorinsky-Zhang; keep the gas-phase
model", "laminar air", "liquid: standard k-epsilon instead of Lahey"): the model goes to
constant/turbulenceProperties.<phase> of the phase the request names, every other phase's file
stays as it is. The models, their simulationType and the fields they read are
canonical/phase_turbulence_models.yaml; the block that selects a model comes from an installed
tutorial (`tasks.plan.bind_phase_turbulence.model_block`), and an LES model whose block lists no
coefficients gets the v1912 defaults written out (canonical/phase_les_coeffs.yaml)."""

from __future__ import annotations

import re
from functools import lru_cache

import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.edit.modify_models import CaseState, ChangePlan
from tasks.foam import dictionary as fd
from tasks.plan.bind_parts_phase_words import listed_phases, phase_named
from tasks.plan.bind_phase_turbulence import Named, model_block, named_models, phase_turbulence_models
from tasks.plan.manifest import FileEdit
from tasks.plan.phase_field_sources import derivable

# a clause that keeps what it names ("keep the gas-phase model", "the water keeps NicenoKEqn",
# "particles unchanged"): its phase is not the one switched
_KEEPS = re.compile(r"\b(?:keeps?|kept|stays?|remains?|unchanged|untouched|as it is|as is|leave|left alone|"
                    r"do(?:es)? not change|don'?t change|not touched)\b")
_CLAUSES = re.compile(r"[,;:!?\n]|\.(?!\d)|\b(?:while|whereas|but)\b")
_SWITCH = re.compile(r"\b(?:switch|change|convert|use|replac|swap|instead|rather than|turn|make|set)\w*")
# words before a model that make it the one switched to ("replace X by Y", "from X to Y", "X -> Y")
_TO = re.compile(r"(?:\bto|\bby|\bwith|->|→|\binto)\s*(?:the\s+|a\s+|an\s+)?(?:\w+[\s-]+){0,3}$")


@lru_cache(maxsize=1)
def les_default_coeffs() -> dict[str, dict[str, float]]:
    """canonical/phase_les_coeffs.yaml: LES model -> its v1912 default coefficients."""
    return yaml.safe_load((CANONICAL_DIR / "phase_les_coeffs.yaml").read_text()) or {}


def phase_files(state: CaseState) -> dict[str, str]:
    """The phases of the case that keep a turbulenceProperties.<phase>, and that file."""
    text = _read(state, "constant/phaseProperties")
    phases = listed_phases(fd.get(text, ["phases"]) or "")
    return {p: f"constant/turbulenceProperties.{p}" for p in phases
            if (state.case_dir / f"constant/turbulenceProperties.{p}").is_file()}


def _read(state: CaseState, rel: str) -> str:
    path = state.case_dir / rel
    return fd.strip_comments(path.read_text()) if path.is_file() else ""


def present_model(own: str) -> str:
    """The model a phase's turbulenceProperties selects: its RAS or LES model, or "laminar"."""
    kind = (fd.get(own, ["simulationType"]) or "laminar").strip()
    if kind not in ("RAS", "LES"):
        return "laminar"
    return (fd.get(own, [kind, f"{kind}Model"]) or fd.get(own, [kind, "model"]) or "").strip()


def switched_phase(text: str, named: Named, phases: list[str]) -> str | None:
    """The phase a named model is for: the one its own clause names, else the one phase its
    sentence names outside the clauses that keep something ("keep the gas-phase model")."""
    if named.phase is not None:
        return named.phase
    low = text.lower()
    at = low.find(named.words.lower())
    if at < 0:
        return None
    stop = re.compile(r"[.!?\n](?:\s|$)")
    start = max([0, *(m.end() for m in stop.finditer(low[:at]))])
    after = stop.search(low, at)
    end = after.start() if after else len(low)
    sentence = low[start:end]
    clauses = [c for c in _CLAUSES.split(sentence) if not _KEEPS.search(c)]
    found = {p for c in clauses if (p := phase_named(c, phases)) is not None}
    return found.pop() if len(found) == 1 else None


def _kept(low: str, words: str) -> bool:
    """True when the clause of a model's words keeps it ("the water keeps NicenoKEqn", "the
    liquid's k-epsilon stays") and asks for no switch."""
    at = low.find(words)
    if at < 0:
        return False
    start = max([0, *(m.end() for m in _CLAUSES.finditer(low[:at]))])
    after = _CLAUSES.search(low, at + len(words))
    clause = low[start:after.start() if after else len(low)]
    return bool(_KEEPS.search(clause)) and not _SWITCH.search(clause)


def chosen_models(text: str, phases: list[str], present: dict[str, str]) -> tuple[dict[str, Named], list[str]]:
    """The model each phase switches to, and why any named model is left out. Of several models
    named for one phase, the one after "to / by / with" ("from k-epsilon to Lahey k-epsilon"),
    else the one it does not have now."""
    per_phase: dict[str, list[Named]] = {}
    problems: list[str] = []
    low = text.lower()
    for named in named_models(text, phases):
        if _kept(low, named.words.lower()):
            continue  # "the water keeps NicenoKEqn": no model to switch to
        facts = phase_turbulence_models()[named.model]
        if named.phase is None and facts.phases == "all":
            for phase in phases:
                per_phase.setdefault(phase, []).append(named)
            continue
        phase = switched_phase(text, named, phases)
        if phase is None and facts.phases == "dispersed":
            phase = next((p for p in phases if re.match(r"(?:solids?|particles?|sand|grains?|beads?|powders?)\d*$", p)), None)
        if phase is None:
            problems.append(f"{named.words}: which phase takes it is not clear (name one of {', '.join(phases)})")
            continue
        per_phase.setdefault(phase, []).append(named)
    chosen: dict[str, Named] = {}
    for phase, models in per_phase.items():
        after = [n for n in models if len(models) > 1 and _TO.search(low[:low.find(n.words.lower())])]
        new = after[-1:] or [n for n in models if n.model != present.get(phase)] or models[:1]
        if len({n.model for n in new}) > 1:
            problems.append(f"{' or '.join(n.words for n in new)} for the {phase} phase: name one model to switch to")
            continue
        chosen[phase] = new[0]
    return chosen, problems


def phase_model_edits(plan: ChangePlan, state: CaseState, text: str) -> bool:
    """Plan the per-phase model switches the request names; True when it names any (applied or
    not applied with why), so the single-phase switch is not tried."""
    files = phase_files(state)
    if not files:
        return False
    owns = {p: _read(state, rel) for p, rel in files.items()}
    chosen, problems = chosen_models(text, list(files), {p: present_model(o) for p, o in owns.items()})
    plan.warnings += [f"not applied: {p}" for p in problems]
    for phase, named in chosen.items():
        facts = phase_turbulence_models()[named.model]
        own, rel = owns[phase], files[phase]
        if named.model == present_model(own):
            plan.assumptions.append(f"the {phase} phase already uses {named.model}; not changed")
            continue
        missing = [f"0/{f}.{phase}" for f in facts.fields if f"{f}.{phase}" not in state.fields
                   and not derivable(state.case_dir, f, phase)]  # omega from epsilon and k (caseops_phase_fields)
        if missing:
            plan.warnings.append(f"not applied: {named.model} for the {phase} phase reads {', '.join(missing)}, which "
                                 "the case lacks (switch between models that read the fields the phase has)")
            continue
        why = f"{named.words}: the {phase} phase's model"
        plan.edits.append(FileEdit(file=rel, entry=["simulationType"], value=facts.type, reason=why, locked=True))
        if facts.type == "laminar":
            continue
        block = model_block(named.model, state.solver, own)
        key = next((k for k in ("model", f"{facts.type}Model") if k in block), f"{facts.type}Model")
        block = {**block, key: named.model}
        coeffs = les_default_coeffs().get(named.model) if facts.type == "LES" else None
        if coeffs and f"{named.model}Coeffs" not in block:
            block[f"{named.model}Coeffs"] = {k: str(v) for k, v in coeffs.items()}
            plan.assumptions.append(f"{named.model} for the {phase} phase with the v1912 default coefficients "
                                    f"({', '.join(f'{k} {v}' for k, v in coeffs.items())}), written out")
        plan.edits.append(FileEdit(file=rel, entry=[facts.type], value=block, reason=f"{phase} phase: {named.model}"))
        plan.edits.append(FileEdit(file=rel, entry=[facts.type, key], value=named.model, reason=why, locked=True))
    return bool(chosen or problems)
