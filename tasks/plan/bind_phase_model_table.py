"""The phase-pair models of OpenFOAM v1912's Euler-Euler solvers as the planner reads them
(canonical/phase_pair_models.yaml through tasks/foam/phase_pairs.py): the entries each model
reads, the models only the reacting solvers' library has, and how a request names a model
("Ishii-Zuber", "Schiller and Naumann", "Lopez de Bertodano"): its letters, lower case.
"""

from __future__ import annotations

import re

from tasks.foam.phase_pairs import normalised, pair_table

_TABLE = pair_table()
# phaseProperties list -> the words that name it in a request
CATEGORY_WORDS: dict[str, str] = _TABLE.family_words
# list -> model -> the entries it reads, with the tutorials' values (models whose entries only the
# user can give, such as Tomiyama wall lubrication's pipe diameter, are left to `modify`)
MODELS: dict[str, dict[str, dict]] = {
    fam: {m.type: m.coeffs for m in _TABLE.models if m.family == fam and m.stated_only is None}
    for fam in _TABLE.family_words}
# the coefficient "a <list> coefficient of x" sets, and the model that reads it alone
MAIN_COEFFICIENT = _TABLE.main_coefficient
# models only the reacting solvers' library has (libreactingEulerianInterfacialModels)
REACTING_ONLY = {(m.family, m.type) for m in _TABLE.models if "twoPhaseEulerFoam" in m.absent_in}
# entries every model of a list keeps from the base's own (shared, not the old model's)
KEPT = _TABLE.kept
# names a request uses for a model other than its own (normalised: lower case, letters only)
ALIASES: dict[str, dict[str, str]] = {
    fam: {alias: m.type for m in _TABLE.models if m.family == fam for alias in m.aliases} for fam in _TABLE.family_words}
# a name several models share: the request must say which
AMBIGUOUS = _TABLE.ambiguous


def coefficient_names(category: str) -> list[str]:
    """The number entries the models of a list read, longest first (no one-letter names: "p",
    "A" are words too)."""
    names = {k for needs in MODELS.get(category, {}).values() for k, v in needs.items()
             if isinstance(v, str) and len(k) > 1 and not k.startswith("residual")}
    return sorted(names, key=len, reverse=True)


def installed(category: str, reacting: bool) -> list[str]:
    """The models of a list the solver's library has."""
    return [m for m in MODELS.get(category, {}) if reacting or (category, m) not in REACTING_ONLY]


def model_span(category: str, tokens: list[str], reacting: bool) -> tuple[str | tuple[str, ...], str] | None:
    """The model of `category` a run of words names, with the words that name it joined (up to
    four: "schiller", "naumann" -> (SchillerNaumann, "schillernaumann")); the model is a tuple of
    candidates when the name is shared by several ("Tomiyama drag"); None when no model is named."""
    names = {normalised(m): m for m in installed(category, reacting)}
    names.update({k: v for k, v in ALIASES.get(category, {}).items() if v in names.values()})
    best: tuple[int, str | tuple[str, ...], str] | None = None
    for i in range(len(tokens)):
        for j in range(min(len(tokens), i + 4), i, -1):
            joined = "".join(tokens[i:j])
            found = names.get(joined) or AMBIGUOUS.get((category, joined))
            if found and (best is None or j - i > best[0]):
                best = (j - i, found, joined)
    return (best[1], best[2]) if best else None


def model_named(category: str, tokens: list[str], reacting: bool) -> str | tuple[str, ...] | None:
    """The model of `category` a run of words names (`model_span` without the words)."""
    span = model_span(category, tokens, reacting)
    return span[0] if span else None
