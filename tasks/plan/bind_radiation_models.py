"""Which radiation model a request names (P1, fvDOM, viewFactor, none) and the radiationProperties
entries that select it: `radiationModel`, `radiation on`, and the model's coefficients dictionary
when the base lacks it (with the coefficients the request states: "nPhi 4, nTheta 6"). What a
model needs outside radiationProperties (its field file, linear solver, schemes) is written by
`tasks.edit.caseops_switch.complete_radiation` once the case is on disk. The models and their
words are data in canonical/radiation_models.yaml. Used by `new` (bind_radiation) and `modify`
(tasks/edit/modify_switch.py)."""

from __future__ import annotations

import re
from functools import lru_cache

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd


class RadiationModel(BaseModel):
    """One model of canonical/radiation_models.yaml."""

    model_config = ConfigDict(extra="forbid")
    words: list[str]
    ambiguous: bool = False
    coefficients: dict[str, dict[str, str]] = {}
    field: str | None = None
    field_dimensions: str | None = None
    field_condition: str | None = None
    solver_key: str | None = None
    solver: dict[str, str] = {}
    schemes: dict[str, dict[str, str]] = {}
    needs_file: str | None = None


class RadiationModels(BaseModel):
    """canonical/radiation_models.yaml."""

    model_config = ConfigDict(extra="forbid")
    radiation_words: list[str]
    replaced_words: list[str]
    models: dict[str, RadiationModel]


@lru_cache(maxsize=1)
def radiation_models() -> RadiationModels:
    return RadiationModels.model_validate(yaml.safe_load((CANONICAL_DIR / "radiation_models.yaml").read_text()))


def _word(w: str) -> str:
    return r"(?<![\w-])" + re.escape(w).replace(r"\ ", r"[\s_-]+") + r"(?![\w-])"


def said_radiation_model(text: str, radiative_case: bool = False) -> str | None:
    """The radiation model a request asks for, by its words: "P1 radiation", "the discrete
    ordinates method (fvDOM)", "without radiation" (none). A model named as the one replaced
    ("instead of P1", "replace fvDOM by P1", "from fvDOM to P1") is not the one asked for; an
    ambiguous name (P1) counts only in a sentence that speaks of radiation, or anywhere when the
    case itself solves radiation (`radiative_case`: "replace fvDOM by P1"). None when the request
    names no model, or two different ones it does not tell apart."""
    terms = radiation_models()
    replaced = "|".join(_word(w) for w in sorted(terms.replaced_words, key=len, reverse=True))
    wanted: list[tuple[int, str]] = []
    for sentence in re.split(r"(?<!\d)[.;!?](?!\d)|\n", text.lower()):
        radiative = radiative_case or any(re.search(_word(w) + "|" + re.escape(w), sentence) for w in terms.radiation_words)
        for name, model in terms.models.items():
            if model.ambiguous and not radiative:
                continue
            for w in model.words:
                for m in re.finditer(_word(w), sentence):
                    before = sentence[max(0, m.start() - 40):m.start()]
                    # "instead of the discrete ordinates model", "replace fvDOM": the one replaced
                    if re.search(rf"(?:{replaced})\s+(?:the\s+|an?\s+|its\s+)?(?:\w+\s+)?$", before) or \
                            re.search(r"\b(?:replace|swap|trade|exchange)\w*\s+(?:the\s+)?$", before):
                        continue
                    wanted.append((m.start(), name))
    names = {n for _, n in wanted}
    return wanted[0][1] if len(names) == 1 else None


def stated_coefficients(text: str, names: list[str]) -> dict[str, str]:
    """The coefficients of a model the request states by their entry names ("nPhi 4", "nTheta = 6"),
    as written numbers."""
    out: dict[str, str] = {}
    for name in names:
        m = re.search(rf"(?<![\w]){re.escape(name)}(?![\w])\s*(?:=|:|of|is|to)?\s*([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)",
                      text, re.I)
        if m:
            out[name] = m.group(1)
    return out


def model_entries(text: str, model: str, request: str) -> list[tuple[list[str], str | dict[str, str], str]]:
    """(entry, value, why) that make a radiationProperties text select `model`: its name, the
    radiation switched on (off for none), and its coefficients dictionary when the text lacks it,
    with the coefficients the request states. Empty when the text already selects it and lacks
    nothing."""
    spec = radiation_models().models[model]
    out: list[tuple[list[str], str | dict[str, str], str]] = []
    if (fd.get(text, ["radiationModel"]) or "").strip() != model:
        out.append((["radiationModel"], model, f"radiation model {model} as stated"))
    switch = (fd.get(text, ["radiation"]) or "").strip()
    if model != "none" and switch in ("off", "false", "no"):
        out.append((["radiation"], "on", f"radiation switched on for {model}"))
    for name, defaults in spec.coefficients.items():
        if fd.find(text, [name]) is None:
            coeffs = {**defaults, **stated_coefficients(request, list(defaults))}
            out.append(([name], coeffs, f"{name} for the {model} model (absent from the base)"))
    return out


def switch_targets(texts: dict[str, str], solving: list[str]) -> list[str]:
    """The radiationProperties files (case paths -> text) a model switch edits: those that solve
    radiation (`solving`, tasks.plan.bind_radiation.radiation_on); where none does, the one file
    of a single-region case. A solid region's opaqueSolid is never switched."""
    if solving:
        return solving
    single = [rel for rel in texts if rel.count("/") == 1]
    return [rel for rel in single if (fd.get(texts[rel], ["radiationModel"]) or "").strip() != "opaqueSolid"]


def unmet_need(model: str, case_files: set[str]) -> str | None:
    """Why the case cannot take `model` (viewFactor needs its viewFactorsDict for viewFactorsGen),
    None when it can."""
    need = radiation_models().models[model].needs_file
    if need and not any(f.rsplit("/", 1)[-1] == need for f in case_files):
        return f"the {model} model needs view factors computed by viewFactorsGen from a {need}, which this case lacks"
    return None
