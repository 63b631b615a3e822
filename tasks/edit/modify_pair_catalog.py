"""The interfacial models of OpenFOAM v1912's Euler solvers (twoPhaseEulerFoam, the reacting Euler
solvers) as `modify` reads them: the lists of constant/phaseProperties and their models come from
canonical/phase_pair_models.yaml (tasks/foam/phase_pairs.py); a model's sub-entries come from an
installed tutorial that uses it (`template_body`), else from the canonical entries.
A leaf of the rules of `modify` (modify_phase_pairs)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.foam.phase_pairs import PairModel, pair_table
from tasks.foam.physics_tutorials import solver_tutorials, tutorial_root
from tasks.edit.modify_pair_text import pair_entries

_TABLE = pair_table()
# the lists of phaseProperties, the words that name them and how a report says them
FAMILY_WORDS: dict[str, str] = {f: rf"\b(?:{w})\b" for f, w in _TABLE.family_words.items()}
FAMILY_NAMES = _TABLE.family_names
# every model, longer names first within a list
MODELS: tuple[PairModel, ...] = _TABLE.models
# entries a model reads that only the user can give (a length of the case): never taken from a tutorial
STATED_ONLY: dict[tuple[str, str], tuple[tuple[str, ...], str]] = {
    (m.family, m.type): m.stated_only for m in MODELS if m.stated_only}
# (list, a name several of its models share) -> those models: the request must say which ("Tomiyama drag")
AMBIGUOUS: dict[tuple[str, str], tuple[str, ...]] = _TABLE.ambiguous
# lists a case must not lose: without drag the phases do not exchange momentum
REQUIRED_FAMILIES = _TABLE.required
# lists whose v1912 models include "none" (no force): a removal sets it, the pair stays (the solvers look the model up)
NONE_FAMILIES = _TABLE.none_allowed
# lists whose models read the distance to the walls (fvSchemes wallDist)
WALL_DISTANCE_FAMILIES = _TABLE.wall_distance


def models_named(words: str, family: str | None = None) -> list[PairModel]:
    """The models the words name, of `family` when given (longer names first, each span read once)."""
    low = words.lower()
    taken: list[tuple[int, int]] = []
    found: list[PairModel] = []
    for model in MODELS:
        if family is not None and model.family != family:
            continue
        for m in re.finditer(rf"\b(?:{model.words})\b", low):
            if any(m.start() < b and a < m.end() for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            if model not in found:
                found.append(model)
    return found


def families_named(words: str) -> list[tuple[int, str]]:
    """(position, family) of each list of phaseProperties the words name."""
    low = words.lower()
    return sorted((m.start(), fam) for fam, pattern in FAMILY_WORDS.items() for m in re.finditer(pattern, low))


def template_body(model: PairModel, solver: str, own: str = "") -> str:
    """The sub-entries of `model` ("type IshiiZuber; residualRe 1e-4; swarmCorrection { type none; }"):
    from the case's own phaseProperties (`own`) when it already uses the model, else from the
    installed tutorials of `solver`, else any installed tutorial, else the catalog's entries."""
    for text in (own, *_tutorial_lists(solver), *_tutorial_lists(None)):
        body = _body_of_type(text, model.family, model.type)
        if body is not None:
            return body
    return f"type {model.type}; {model.coeffs_text}".strip()


def _body_of_type(text: str, family: str, type_name: str) -> str | None:
    """The body (one line, comments stripped) of the first entry of `family` whose type is `type_name`."""
    for entry in pair_entries(fd.get(fd.strip_comments(text), [family]) or ""):
        if entry.type == type_name:
            return " ".join(entry.body.split())
    return None


@lru_cache(maxsize=64)
def _tutorial_lists_cached(root: str, solver: str | None) -> tuple[str, ...]:
    tops = solver_tutorials(solver) if solver else (Path(root),)
    return tuple(read_text(path) for top in tops for path in sorted(Path(top).rglob("phaseProperties*")))


def _tutorial_lists(solver: str | None) -> tuple[str, ...]:
    """The phaseProperties texts of the installed tutorials of `solver` (None: of every solver)."""
    return _tutorial_lists_cached(str(tutorial_root()), solver)


def models_of(family: str, solver: str) -> list[str]:
    """The v1912 types of `family` that `solver` can load."""
    return [m.type for m in MODELS if m.family == family and solver not in m.absent_in]
