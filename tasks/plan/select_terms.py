"""The distinctive words of each tutorial's own dictionaries, and how a request says them.

A tutorial's records name its solver, flags and patches; the model and technique it uses live in
its dictionaries: `localEuler` (local time stepping), `populationBalanceModel`, `fvDOM`,
`SchnerrSauer`, `cyclicAMI`, `MUCSheterogeneousRate`, its fed fuel species. Each tutorial's
terms are the identifiers its constant/ and system/ files write (keys, values and the files'
own names) and the fuels its inlets feed; canonical/dictionary_terms.yaml says which words a user
says for a term ('local time stepping' -> localEuler). A request earns a tutorial points for
every term it says that the tutorial writes, weighted by how few tutorials write it (an IDF), so
rare words decide. Pure functions over files read once per installation and cached.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR
from tasks.foam.files import find_file, plain_name, read_text
from tasks.plan.select_negation import negated_after, negated_before

# files that hold data rather than a model's choice (mechanisms, meshes, tables, surfaces)
_SKIPPED_PARTS = frozenset({"polyMesh", "triSurface", "boundaryData", "extendedFeatureEdgeMesh", "geometry"})
_SKIPPED_NAME = re.compile(r"(?:^reactions|^thermo\.|\.(?:stl|obj|eMesh|dat|inp|csv|vtk|ftr|msh|ccm|txt)$|^foam\.)",
                           re.I)
_MAX_CHARS = 200_000
_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# a species field in 0/ (a formula: capital letters and digits, 'NC7H16', 'CH4') and its values
_FORMULA = re.compile(r"^(?:[NIST])?(?:[A-Z][a-z]?\d*){1,12}$")
_NUMBER = r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"  # float() reads every match
_UNIFORM = re.compile(r"\buniform\s+" + _NUMBER)
FED_SHARE = 0.01  # a species fed at an inlet (or filling the domain) at this mass fraction or more
_NOT_FUELS = frozenset({"O2", "N2", "AR", "Ar", "H2O", "CO2"})  # air and products
FED = "fed:"  # the term of a fuel species a tutorial feeds ('fed:h2'): a species list alone names none
# a term written by more than this share of the tutorials tells none apart
COMMON_SHARE = 0.25
TERM_POINTS = 16.0  # points per unit of inverse document frequency
MAX_TERM_POINTS = 120.0


def _dictionary_files(root: Path) -> list[Path]:
    """The text dictionaries of a tutorial's constant/ and system/ folders (regions' included)."""
    out = []
    for folder in ("constant", "system"):
        base = root / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(base).parts
            if path.is_file() and not _SKIPPED_PARTS.intersection(rel) \
                    and not _SKIPPED_NAME.search(plain_name(path.name)):
                out.append(path)
    return out


def identifiers(text: str) -> set[str]:
    """The identifiers a dictionary writes, comments left out, lower case; a model's coefficients
    ('MaxwellCoeffs', chosen by a template placeholder) name the model too."""
    words = {w.lower() for w in _IDENTIFIER.findall(_COMMENT.sub(" ", text[:_MAX_CHARS]))}
    return words | {w.removesuffix("coeffs") for w in words if w.endswith("coeffs") and len(w) > len("coeffs")}


def _fed_species(root: Path) -> set[str]:
    """The fuel species (neither air nor a product) a tutorial's 0/ fields set at a mass fraction
    of FED_SHARE or more anywhere: its inlet's fuel ('H2' of a hydrogen jet flame)."""
    folder = next((root / name for name in ("0", "0.orig") if (root / name).is_dir()), None)
    if folder is None:
        return set()
    out = set()
    for path in folder.iterdir():
        name = plain_name(path.name)
        if not path.is_file() or name in _NOT_FUELS or not _FORMULA.match(name) or not any(c.isdigit() for c in name):
            continue
        values = [float(v) for v in _UNIFORM.findall(read_text(path))]
        if any(FED_SHARE <= v <= 1.0 for v in values):
            out.add(FED + name.lower())
    return out


_FRACTIONS = re.compile(r"^\s*fractions\s*\{([^}]*)\}", re.M)
_AMOUNT = re.compile(r"^\s*([A-Za-z][A-Za-z0-9]*)\s+" + _NUMBER + r"\s*;", re.M)


def _initial_species(root: Path) -> set[str]:
    """The fuel species a 0-D reactor's constant/initialConditions mixes in ('fractions { H2 1;
    N2 3.76; O2 1; }' of chemFoam's hydrogen case)."""
    found = find_file(root / "constant", "initialConditions")
    block = _FRACTIONS.search(read_text(found)) if found is not None else None
    if block is None:
        return set()
    return {FED + name.lower() for name, amount in _AMOUNT.findall(block.group(1))
            if name not in _NOT_FUELS and float(amount) > 0}


def tutorial_terms(root: Path) -> frozenset[str]:
    """Every term of one tutorial: its dictionaries' identifiers and file names, the fuels its
    fields feed or its reactor starts with."""
    terms: set[str] = set()
    for path in _dictionary_files(root):
        terms.add(plain_name(path.name).lower())
        terms |= identifiers(read_text(path))
    return frozenset(terms | _fed_species(root) | _initial_species(root))


class TermsSaid(BaseModel):
    """The dictionary terms a request says: each phrase said (or identifier written) with the
    terms, spelt as the dictionaries write them, that it stands for; one phrase earns a tutorial
    its best term once."""

    model_config = ConfigDict(extra="forbid")

    phrases: dict[str, tuple[str, ...]] = {}


@lru_cache(maxsize=1)
def term_phrases() -> dict[str, tuple[str, ...]]:
    """Phrase -> terms: canonical/dictionary_terms.yaml, and every name
    canonical/species.yaml gives a fuel (the term of the fuel a tutorial feeds)."""
    path = CANONICAL_DIR / "dictionary_terms.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping term -> [phrases]; fix the file's layout")
    out: dict[str, list[str]] = {}
    for term, phrases in data.items():
        for phrase in phrases or ():
            out.setdefault(" ".join(str(phrase).lower().split()), []).append(str(term))
    from tasks.plan.species_data import species_data  # the species' own table, read once

    for name, formulas in species_data().names.items():
        fuels = [f for f in ([formulas] if isinstance(formulas, str) else formulas) if f not in _NOT_FUELS]
        if fuels:
            out.setdefault(" ".join(name.lower().replace("-", " ").split()), []).extend(FED + f for f in fuels)
    return {phrase: tuple(dict.fromkeys(terms)) for phrase, terms in out.items()}


_TECHNICAL = re.compile(r"\b[A-Za-z][a-z0-9]+[A-Z][A-Za-z0-9]*\b"  # 'cyclicAMI', 'fvDOM', 'SchnerrSauer'
                        r"|\b[A-Z]{3,5}\b")  # an acronym a dictionary may write: 'SDA', 'MRF', 'LTS'


@lru_cache(maxsize=1)
def _switchable_names() -> frozenset[str]:
    """Names a request writes that any tutorial can take, no tutorial's own choice: the
    turbulence models (canonical/solver_turbulence_models.yaml), lower case."""
    from tasks.foam.physics_models import solver_model_table

    return frozenset(m.lower() for family in solver_model_table().families.values()
                     for models in family.values() for m in models)


def terms_said(text: str, normal: str) -> TermsSaid:
    """The terms a request says: canonical phrases found in its normal text (normal_text: lower
    case, padded, hyphens as spaces) with no longer phrase said over them and not negated, and the technical
    camelCase names it writes ('cyclicAMI', 'SchnerrSauer'), turbulence models aside, standing for themselves."""
    found: dict[str, tuple[str, ...]] = {}
    phrases = term_phrases()
    for phrase in sorted(phrases, key=len, reverse=True):
        at = normal.find(f" {phrase} ")
        if at >= 0 and not any(f" {phrase} " in f" {longer} " for longer in found) \
                and not negated_before(normal[:at + 1]) and not negated_after(normal[at + len(phrase) + 1:]):
            found[phrase] = phrases[phrase]  # 'no LTS', 'population balance neglected': not asked for
    for word in _TECHNICAL.findall(text):
        at = normal.find(f" {word.lower()} ")
        if at >= 0 and (negated_before(normal[:at + 1]) or negated_after(normal[at + len(word) + 1:])):
            continue  # 'no LTS': not asked for
        if not word.endswith("Foam") and word.lower() not in _switchable_names():  # solvers, models: elsewhere
            found.setdefault(word.lower(), (word,))
    return TermsSaid(phrases=found)


class TermIndex(BaseModel):
    """Every tutorial's terms and how many tutorials write each term."""

    model_config = ConfigDict(extra="forbid")

    terms: dict[str, frozenset[str]]  # tutorial path -> its terms
    counts: dict[str, int]  # term -> tutorials writing it

    def weight(self, term: str) -> float:
        """log(N / df) of a term, 0 for one written by more than COMMON_SHARE of the tutorials
        or by none."""
        n, df = len(self.terms), self.counts.get(term.lower(), 0)
        return math.log(n / df) if df and df <= COMMON_SHARE * n else 0.0


@lru_cache(maxsize=4)
def term_index(paths: tuple[str, ...]) -> TermIndex:
    """The terms of the tutorials at `paths`, read once per set of tutorials."""
    terms = {p: tutorial_terms(Path(p)) if p else frozenset() for p in paths}
    counts: dict[str, int] = {}
    for found in terms.values():
        for term in found:
            counts[term] = counts.get(term, 0) + 1
    return TermIndex(terms=terms, counts=counts)


def term_points(path: str, said: TermsSaid, index: TermIndex) -> tuple[float, list[str]]:
    """Points a tutorial earns for the terms a request says that its dictionaries write (each
    phrase its rarest term, TERM_POINTS per unit of IDF, at most MAX_TERM_POINTS), and the reasons."""
    own = index.terms.get(path, frozenset())
    total, why, used = 0.0, [], set()
    for phrase, terms in said.phrases.items():
        best = max(((index.weight(t), t) for t in terms if t.lower() in own), default=(0.0, ""))
        if best[0] > 0 and best[1].lower() not in used:  # 'LTS, pseudo-transient': one term, said twice
            used.add(best[1].lower())
            total += TERM_POINTS * best[0]
            term = best[1].removeprefix(FED)
            why.append(f"its dictionaries write {term}" + ("" if phrase == best[1].lower() else f" ('{phrase}')")
                       + (" as a fed species" if best[1].startswith(FED) else ""))
    return min(total, MAX_TERM_POINTS), why


def tells_apart(path: str, sibling_paths: list[str], said: TermsSaid, index: TermIndex) -> bool:
    """The request says a term that this tutorial's dictionaries write and none of its siblings'
    do (the tutorials its name extends: 'bubbleColumnPolydisperse' writes populationBalance, no
    'bubbleColumn' does): the variant is named by what it does, not by the word its name adds."""
    own = index.terms.get(path, frozenset())
    theirs = frozenset().union(*(index.terms.get(p, frozenset()) for p in sibling_paths)) if sibling_paths \
        else frozenset()
    return bool(sibling_paths) and any(t.lower() in own and t.lower() not in theirs and index.weight(t) > 0
                                       for terms in said.phrases.values() for t in terms)
