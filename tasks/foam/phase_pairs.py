"""The phase-pair (interfacial) models of OpenFOAM v1912's Euler-Euler solvers, as
canonical/phase_pair_models.yaml keeps them: the lists of constant/phaseProperties (drag, lift,
virtualMass, ...), the v1912 types each takes, the words that name them and the entries each
reads. One table for the planner (tasks/plan/bind_phase_model_table.py) and `modify`
(tasks/edit/modify_pair_catalog.py). Pure reads of the canonical file."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from collections.abc import Callable
from typing import Any, NamedTuple

import yaml

from tasks.core.paths import CANONICAL_DIR

_AND = r"[\s\-–—]*(?:and[\s\-–—]*|&[\s\-–—]*)?"  # "Schiller-Naumann", "Schiller and Naumann", "Schiller & Naumann"


@dataclass(frozen=True)
class PairModel:
    """One interfacial model: the phaseProperties list it goes in, its v1912 type, the words
    (regex) that name it, the entries it reads with the tutorials' values, other names (letters
    only), the v1912 solvers whose libraries lack it and the entries only the user can give.
    Hashable by its list and type (the entries are data about it, not its identity)."""

    family: str
    type: str
    words: str
    coeffs: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    aliases: tuple[str, ...] = ()
    absent_in: tuple[str, ...] = ()
    stated_only: tuple[tuple[str, ...], str] | None = None

    @property
    def coeffs_text(self) -> str:
        """The entries as dictionary text: "residualRe 1e-3; swarmCorrection { type none; }"."""
        return " ".join(_entry_text(k, v) for k, v in self.coeffs.items())


class PairTable(NamedTuple):
    """The whole canonical table."""

    family_words: dict[str, str]
    family_names: dict[str, str]
    models: tuple[PairModel, ...]
    required: tuple[str, ...]
    none_allowed: tuple[str, ...]
    wall_distance: tuple[str, ...]
    kept: frozenset[str]
    main_coefficient: dict[str, tuple[str, str]]
    ambiguous: dict[tuple[str, str], tuple[str, ...]]
    reads_aspect_ratio: frozenset[tuple[str, str]]
    aspect_ratio_default: str
    reads_surface_tension: frozenset[tuple[str, str]]
    multiphase_euler_drag: tuple[str, ...]


def _entry_text(key: str, value: Any) -> str:
    if isinstance(value, dict):
        return f"{key} {{ " + " ".join(_entry_text(k, v) for k, v in value.items()) + " }"
    return f"{key} {value};"


def _model(row: dict[str, Any]) -> PairModel:
    stated = row.get("stated_only")
    return PairModel(family=row["family"], type=row["type"], words=str(row["words"]).replace("{and}", _AND),
                     coeffs={k: v if isinstance(v, dict) else str(v) for k, v in (row.get("coeffs") or {}).items()},
                     aliases=tuple(row.get("aliases") or ()), absent_in=tuple(row.get("absent_in") or ()),
                     stated_only=(tuple(stated["entries"]), stated["what"]) if stated else None)


@lru_cache(maxsize=1)
def pair_table() -> PairTable:
    """canonical/phase_pair_models.yaml, read once."""
    data = yaml.safe_load((CANONICAL_DIR / "phase_pair_models.yaml").read_text())
    families = data["families"]
    return PairTable(
        family_words={f: v["words"] for f, v in families.items()},
        family_names={f: v["name"] for f, v in families.items()},
        models=tuple(_model(row) for row in data["models"]),
        required=tuple(data["required"]), none_allowed=tuple(data["none_allowed"]),
        wall_distance=tuple(data["wall_distance"]), kept=frozenset(data["kept"]),
        main_coefficient={f: (v[0], v[1]) for f, v in data["main_coefficient"].items()},
        ambiguous={(f, w): tuple(types) for f, names in data["ambiguous"].items() for w, types in names.items()},
        reads_aspect_ratio=frozenset((f, t) for f, types in data["reads_aspect_ratio"].items() for t in types),
        aspect_ratio_default=data["aspect_ratio_default"],
        reads_surface_tension=frozenset((f, t) for f, types in data["reads_surface_tension"].items() for t in types),
        multiphase_euler_drag=tuple(data["multiphase_euler_drag"]))


def aspect_ratio_model() -> PairModel:
    """The aspectRatio model a pair gets when a model that reads its aspect ratio is switched on
    and the pair has none (constant, E0 1.0, as the tutorials)."""
    table = pair_table()
    return next(m for m in table.models if m.family == "aspectRatio" and m.type == table.aspect_ratio_default)


class PhaseEntry(NamedTuple):
    """One entry of a phase's diameter model or of the phase itself that a request may state: its
    key, the diameterModel that reads it (None: the phase), the quantity of its value and the
    words (regex) that name it."""

    key: str
    model: str | None
    quantity: str
    words: str


_SIZE = r"(?:bubble|particle|droplet|drop)?s?\s*(?:diameter|size|dia\.?)s?"


@lru_cache(maxsize=1)
def phase_entries() -> tuple[PhaseEntry, ...]:
    """canonical/phase_pair_models.yaml `phase_entries`, read once ({size} filled in)."""
    data = yaml.safe_load((CANONICAL_DIR / "phase_pair_models.yaml").read_text())
    return tuple(PhaseEntry(key=row["key"], model=row["model"], quantity=row["quantity"],
                            words=str(row["words"]).replace("{size}", _SIZE)) for row in data["phase_entries"])


def normalised(words: str) -> str:
    """A model's name as letters only, lower case: "Ishii-Zuber" -> "ishiizuber"."""
    return re.sub(r"[^a-z]", "", words.lower())


# --- the pair a request's words name ------------------------------------------------------------

# words that make a phase the dispersed one, by what it is ("bubble column" is no bubble)
_DISPERSED_KIND = {"gas": r"bubbles?(?![\s-]*columns?\b)", "liquid": r"droplets?|drops?", "solid": r"particles?|grains?"}
_DISPERSED_WORD = "|".join(_DISPERSED_KIND.values())
# words for a phase by its kind, not by a fluid ("the gas", "the liquid phase", "solids")
_KIND_WORD = {"gas": r"gas|gases|vapou?r", "liquid": r"liquids?", "solid": r"solids?"}
# fluids a request names a phase by: a case whose phases are named otherwise has no such phase
# unless one phase of that kind has a generic name ("gas", "liquid", "particles")
_FLUID_KIND = {"air": "gas", "nitrogen": "gas", "oxygen": "gas", "hydrogen": "gas", "helium": "gas", "argon": "gas",
               "co2": "gas", "methane": "gas", "steam": "gas", "water": "liquid", "oil": "liquid", "mercury": "liquid",
               "ethanol": "liquid", "glycerol": "liquid", "glycerine": "liquid", "kerosene": "liquid", "diesel": "liquid",
               "sand": "solid", "glass": "solid", "catalyst": "solid", "coal": "solid"}
_GENERIC = re.compile(r"^(?:gas|liquid|solids?|particles?|vapou?r|dispersed|continuous)\d*$")
# "air bubbles in the water", "droplets in air", "gas in liquid", "the particles in air"
_IN_PHRASE = re.compile(rf"\b([a-z][\w.]*)(?:\s+({_DISPERSED_WORD}))?\s+in\s+(?:the\s+|a\s+)?([a-z][\w.]*)")
# "oil droplets", "nitrogen bubbles": a fluid named with a dispersed kind
_KIND_PHRASE = re.compile(rf"\b([a-z][\w.]*)\s+(?:{_DISPERSED_WORD})\b")


class NamedPairs(NamedTuple):
    """The (dispersed, continuous or None) pairs the words name with "in", and a fluid they name
    as a side of a pair that the case has no phase for (None when every side is a phase)."""

    pairs: list[tuple[str, str | None]]
    foreign: str | None


def _phases_for(word: str, phases: list[str], kind: Callable[[str], str]) -> list[str] | None:
    """The phases a word names: a phase by its name; a kind ("bubbles", "the gas") each phase of
    that kind; a fluid ("air", "oil") the one phase of its kind with a generic name ("gas");
    [] when it names a fluid or kind the case has no phase for; None when it names no phase."""
    low = word.lower()
    named = [p for p in phases if p.lower() == low]
    if named:
        return named
    for what, pattern in _DISPERSED_KIND.items():
        if re.fullmatch(pattern, low) or re.fullmatch(_KIND_WORD[what], low):
            return [p for p in phases if kind(p) == what]
    if low in _FLUID_KIND:
        return [p for p in phases if kind(p) == _FLUID_KIND[low] and _GENERIC.match(p.lower())][:1] or []
    return None


def pairs_named(words: str, phases: list[str], kind: Callable[[str], str]) -> NamedPairs:
    """The pairs the words name as "<dispersed> in <continuous>" ("air bubbles in the water" ->
    (air, water); "droplets in air" -> (water, air); "bubbles in the column" -> (air, None)), with
    `kind(phase)` telling a phase's kind (gas, liquid, solid); and the first fluid or kind named
    as a side of a pair ("oil droplets in water", "particles" in a bubble column) that the case
    lacks. A dispersed kind named alone ("for the droplets") is each phase of it, dispersed (None)."""
    low = words.lower()
    pairs: list[tuple[str, str | None]] = []
    foreign = None
    for m in _IN_PHRASE.finditer(low):
        first = _phases_for(m.group(1), phases, kind)
        if first is None and m.group(2):
            first = _phases_for(m.group(2), phases, kind)
        if first is None:
            continue
        second = _phases_for(m.group(3), phases, kind)
        for side, said in ((first, m.group(1) if _phases_for(m.group(1), phases, kind) is not None else m.group(2)),
                           (second, m.group(3))):
            if side == [] and foreign is None:
                foreign = said
        pairs += [(d, c) for d in first for c in (second or [None]) if d != c]
    for m in _KIND_PHRASE.finditer(low):
        if m.group(1) in _FLUID_KIND and _phases_for(m.group(1), phases, kind) == [] and foreign is None:
            foreign = m.group(1)
    lone = [w.group() for w in re.finditer(rf"\b(?:{_DISPERSED_WORD})\b", low)]
    if foreign is None:
        foreign = next((w for w in lone if _phases_for(w, phases, kind) == []), None)
    if not pairs and foreign is None:  # "for the droplets": each phase of that kind, dispersed
        pairs = list(dict.fromkeys((p, None) for w in lone for p in _phases_for(w, phases, kind) or []))
    return NamedPairs(pairs, foreign)


_TENSION_LISTS = ("surfaceTension", "sigma")


def lacks_surface_tension(phase_properties: str, family: str, model: str, pairs: list[tuple[str, str]]) -> str | None:
    """The pair ("(gas and liquid)") whose surface tension `model` of `family` reads (its Eotvos
    number, divided by sigma) that the case's phaseProperties text (comments stripped) holds no
    non-zero value for ("sigma ((air and water) 0.07);", "surfaceTension ((air and water) { type
    constant; sigma 0.07; })"); None when every pair has one or the model reads none."""
    if (family, model) not in pair_table().reads_surface_tension:
        return None
    held = " ".join(m.group(1) for name in _TENSION_LISTS
                    for m in re.finditer(rf"^\s*{name}\s*(\(.*?\n\s*\)|\(.*?\));", phase_properties, re.S | re.M))
    for a, b in pairs:
        key = rf"\(\s*(?:{re.escape(a)}\s+and\s+{re.escape(b)}|{re.escape(b)}\s+and\s+{re.escape(a)})\s*\)"
        value = re.search(rf"{key}\s*(?:\{{[^}}]*?\bsigma\s+)?([-+.\deE]+)", held)
        if value is None or not _positive(value.group(1)):
            return f"({a} and {b})"
    return None


def _positive(number: str) -> bool:
    try:
        return float(number) > 0
    except ValueError:
        return False


# models whose words are common words too ("constant", "spherical", "Frank") or that several lists take
# ("Tomiyama"): read only beside the list they go in
_NOT_ALONE = {"constant", "constantCoefficient", "spherical", "Lamb", "Frank", "Lain", "segregated", "Tomiyama"}


def models_named_alone(sentence: str) -> list[tuple[PairModel, int, int]]:
    """(model, start, end) of each model a sentence names by a name only one list takes ("switch
    to Ishii-Zuber": drag), read at its longest ("Gidaspow-Schiller-Naumann", not
    "Schiller-Naumann"), in the sentence's order."""
    low = sentence.lower()
    spans: dict[tuple[int, int], list[PairModel]] = {}
    for model in pair_table().models:
        for m in re.finditer(rf"\b(?:{model.words})\b", low):
            spans.setdefault((m.start(), m.end()), []).append(model)
    longest = [span for span in spans if not any(o != span and o[0] <= span[0] and span[1] <= o[1] for o in spans)]
    return [(spans[span][0], *span) for span in sorted(longest)
            if len({m.family for m in spans[span]}) == 1 and spans[span][0].type not in _NOT_ALONE]
