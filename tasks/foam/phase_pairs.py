"""The phase-pair (interfacial) models of OpenFOAM v1912's Euler-Euler solvers, as
canonical/phase_pair_models.yaml keeps them: the lists of constant/phaseProperties (drag, lift,
virtualMass, ...), the v1912 types each takes, the words that name them and the entries each
reads. One table for the planner (tasks/plan/bind_phase_model_table.py) and `modify`
(tasks/edit/modify_pair_catalog.py). Pure reads of the canonical file."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

import yaml

from tasks.core.paths import CANONICAL_DIR

_AND = r"[\s-]*(?:and[\s-]*|&[\s-]*)?"  # "Schiller-Naumann", "Schiller and Naumann", "Schiller & Naumann"


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
        ambiguous={(f, w): tuple(types) for f, names in data["ambiguous"].items() for w, types in names.items()})


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
