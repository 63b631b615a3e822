"""Per-phase turbulence models of an Euler-Euler case named in a request ("kinetic theory for the
particle phase", "phase pressure model", "laminar air", "k-epsilon for the water", "mixture
k-epsilon", "Smagorinsky LES for the liquid"): each goes to constant/turbulenceProperties.<phase>
(simulationType and the model's block, taken from an installed tutorial that selects the model for
a phase, so its coefficients dictionary comes along). A granular model named without a phase is
the particle phase's, a mixture model every phase's. A model whose fields the base lacks
(0/Theta.particles, 0/k.water) is not applied, with why. Runs before the coefficient binders, so a
stated restitution coefficient goes to the model the case now selects.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.config import get_settings
from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.plan.phase_field_sources import derivable
from tasks.plan.bind_parts_phase_words import listed_phases, phase_kind, phase_named
from tasks.plan.stated import StatedQuantity

PHASES_FILE = "constant/phaseProperties"
_CLAUSE = re.compile(r"[,;:!?\n]|\.(?!\d)|\band\b|\bwhile\b|\bwhereas\b|\bbut\b")


class PhaseTurbulenceModel(BaseModel):
    """One entry of canonical/phase_turbulence_models.yaml."""

    model_config = ConfigDict(extra="forbid")

    type: str
    phases: str | None = None
    fields: list[str]
    words: list[str]


@lru_cache(maxsize=1)
def phase_turbulence_models() -> dict[str, PhaseTurbulenceModel]:
    """canonical/phase_turbulence_models.yaml: model -> its facts."""
    data = yaml.safe_load((CANONICAL_DIR / "phase_turbulence_models.yaml").read_text()) or {}
    return {name: PhaseTurbulenceModel(**facts) for name, facts in data.items()}


def _pattern(words: str) -> str:
    """A model's words as a pattern: hyphens and spaces optional between them ("k-epsilon",
    "k epsilon", "kepsilon")."""
    parts = [re.escape(w) for w in re.split(r"[\s-]+", words.lower()) if w]
    return r"(?<![\w-])" + r"[\s-]*".join(parts) + r"(?![\w-])"


class Named(BaseModel):
    """A model the request names: the model, the words naming it, and the phase the words around
    it name (None when they name none)."""

    model_config = ConfigDict(extra="forbid")

    model: str
    words: str
    phase: str | None


def named_models(text: str, phases: list[str]) -> list[Named]:
    """The per-phase models the text names, each with the phase its clause names (the words right
    after the model's first, then those before it, up to the neighbouring model or clause stop)."""
    low = text.lower()
    found: list[tuple[int, int, str]] = []
    for model, facts in phase_turbulence_models().items():
        for words in facts.words:
            found += [(m.start(), m.end(), model) for m in re.finditer(_pattern(words), low)]
    kept: list[tuple[int, int, str]] = []
    for start, end, model in sorted(found, key=lambda f: (f[0] - f[1], f[0])):  # longest first
        if not any(s < end and start < e for s, e, _ in kept):
            kept.append((start, end, model))
    kept.sort()
    out = []
    for i, (start, end, model) in enumerate(kept):
        stop_after = min([m.start() for m in _CLAUSE.finditer(low, end)] + [len(low)])
        stop_after = min(stop_after, kept[i + 1][0] if i + 1 < len(kept) else len(low))
        aside = low.find("(", end, stop_after)  # "k-omega SST (the liquid stays laminar)": an aside, not its phase
        stop_after = aside if aside >= 0 and not low[end:aside].strip() else stop_after
        stops_before = [m.end() for m in _CLAUSE.finditer(low[:start])]
        stop_before = max([0, *stops_before, kept[i - 1][1] if i else 0])
        phase = phase_named(low[end:stop_after], phases) or phase_named(low[stop_before:start], phases)
        out.append(Named(model=model, words=text[start:end], phase=phase))
    return out


@lru_cache(maxsize=64)
def source_case(model: str, solver: str, phase: str) -> tuple[Path, dict] | None:
    """(the case folder, the selecting block as a dict) of an installed tutorial whose phase selects
    the model: the solver's own tutorials and a phase of the same name first; None when none does."""
    kind = phase_turbulence_models()[model].type
    root = Path(get_settings().tutorials_dir)
    files = sorted(root.glob("**/constant/turbulenceProperties.*"),
                   key=lambda p: (solver not in p.parts, p.name.removesuffix(".gz") != f"turbulenceProperties.{phase}",
                                  str(p)))
    for path in files:
        if path.name.endswith((".orig", ".template")):
            continue
        text = fd.strip_comments(read_text(path))
        chosen = fd.get(text, [kind, f"{kind}Model"]) or fd.get(text, [kind, "model"])
        if chosen is not None and chosen.strip() == model:
            return path.parent.parent, as_dict(fd.block(text, [kind]) or "")
    return None


def source_block(model: str, solver: str) -> tuple[str, dict] | None:
    """(simulationType key, the selecting block as a dict) of an installed tutorial whose phase
    selects the model (the solver's own first); None when none does."""
    found = source_case(model, solver, "")
    return (phase_turbulence_models()[model].type, found[1]) if found is not None else None


# what a phase's new model needs from the numerics: the schemes of its terms and the solvers of its fields
_NUMERICS = (("system/fvSchemes", ("ddtSchemes", "gradSchemes", "divSchemes", "laplacianSchemes",
                                   "interpolationSchemes", "snGradSchemes")),
             ("system/fvSolution", ("solvers",)))


def missing_numerics(source: Path, base_text, phase: str) -> list[tuple[str, list[str], str]]:
    """(file, entry, value) of each scheme or solver entry of the source case that names the
    phase's fields (`div(...nut.particles...)`, `"(k|epsilon|Theta).*"`) and the base lacks:
    what the model's terms look up in v1912 and the base never needed."""
    out = []
    for rel, blocks in _NUMERICS:
        found = next((p for p in (source / rel, source / f"{rel}.gz") if p.is_file()), None)
        if found is None:
            continue
        src = fd.strip_comments(read_text(found))
        own = fd.strip_comments(base_text(rel) or "")
        for block in blocks:
            for entry in fd.entries(fd.block(src, [block]) or ""):
                if entry.is_dict or fd.find(own, [block, entry.name]) is not None:
                    continue
                if phase not in entry.name and not re.search(r"Theta|\(k\|", entry.name):
                    continue
                body = fd.block(src, [block]) or ""
                out.append((rel, [block, entry.key], " ".join(body[entry.value_start:entry.value_end].split())))
    return out


def as_dict(text: str) -> dict:
    """A dictionary body as nested dicts of entry texts."""
    out: dict = {}
    for entry in fd.entries(text):
        if entry.is_dict:
            out[entry.name] = as_dict(text[entry.body_start:entry.body_end])
        else:
            out[entry.name] = " ".join(text[entry.value_start:entry.value_end].split())
    return out


def model_block(model: str, solver: str, own: str, phase: str = "") -> dict:
    """The block that selects the model in a phase's file: an installed tutorial's, else the
    base's own block of that type with the model renamed, else the model alone."""
    kind = phase_turbulence_models()[model].type
    found = source_case(model, solver, phase)
    if found is not None:
        return found[1]
    block = as_dict(fd.block(own, [kind]) or "")
    key = "model" if "model" in block else f"{kind}Model"
    return {**block, key: model} if block else {key: model, "turbulence": "on", "printCoeffs": "on"}


def bind_phase_turbulence(binder, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Write the per-phase turbulence models the request names into the base's
    turbulenceProperties.<phase>; returns the switches recorded (stated quantities no other binder
    is to read)."""
    base = binder.base
    phases = listed_phases(fd.get(base.text(PHASES_FILE) or "", ["phases"]) or "")
    files = {p: f"constant/turbulenceProperties.{p}" for p in phases
             if base.text(f"constant/turbulenceProperties.{p}") is not None}
    if not files:
        return []
    fields = set(base.fields())
    taken: list[StatedQuantity] = []
    for named in named_models(binder.text, phases):
        facts = phase_turbulence_models()[named.model]
        targets = [named.phase] if named.phase else \
            list(files) if facts.phases == "all" else \
            [p for p in files if phase_kind(p) == "solid"] if facts.phases == "dispersed" else []
        for phase in [t for t in targets if t in files]:
            q = StatedQuantity(text=f"{named.words} ({phase})", quantity="model", value=1.0, role="phase_model")
            stated.append(q)
            taken.append(q)
            missing = [f"{f}.{phase}" for f in facts.fields if f"{f}.{phase}" not in fields
                       and not derivable(base.root, f, phase)]  # omega from epsilon and k: the writer derives it
            if missing:
                binder.refuse(q, f"{named.model} for the {phase} phase reads {', '.join('0/' + m for m in missing)}, "
                                 f"which the base case lacks; choose a base whose {phase} phase is turbulent "
                                 f"(a RAS or LES tutorial of {binder.solver})")
                continue
            rel = files[phase]
            own = fd.strip_comments(base.text(rel) or "")
            if facts.type == "laminar":
                binder.set(rel, ["simulationType"], "laminar", f"{named.words}: the {phase} phase is laminar", q)
                continue
            binder.set(rel, ["simulationType"], facts.type, f"{phase} phase: {named.model}")
            block = model_block(named.model, binder.solver, own, phase)
            key = next((k for k in ("model", f"{facts.type}Model") if k in block), f"{facts.type}Model")
            binder.set(rel, [facts.type], block, f"{phase} phase: the {named.model} block of an installed tutorial")
            binder.set(rel, [facts.type, key], named.model, f"{named.words}: the {phase} phase's model", q)
            source = source_case(named.model, binder.solver, phase)
            for file, entry, value in missing_numerics(source[0], base.text, phase) if source else []:
                binder.set(file, entry, value, f"{named.model} of the {phase} phase needs it ({source[0].name})")
    return taken
