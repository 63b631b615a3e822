"""The interfacial models of OpenFOAM v1912's Euler solvers (twoPhaseEulerFoam, the reacting Euler
solvers): for each list of constant/phaseProperties (drag, lift, virtualMass, ...) the words that
name it, the models it takes (their v1912 type names, as the solvers list them when given an
unknown type) and the words that name each model. A model's sub-entries come from an installed
tutorial that uses it (`template_body`); the few entries here are for models no tutorial uses.
A leaf of the rules of `modify` (modify_phase_pairs)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from tasks.foam import dictionary as fd
from tasks.foam.files import read_text
from tasks.foam.physics_tutorials import solver_tutorials, tutorial_root
from tasks.edit.modify_pair_text import pair_entries


class PairModel(NamedTuple):
    """One interfacial model: the phaseProperties list it goes in, its v1912 type, the words
    that name it, the sub-entries v1912 reads when no installed tutorial shows them and the
    solvers that lack it."""

    family: str
    type: str
    words: str
    coeffs: str = ""
    absent_in: tuple[str, ...] = ()  # v1912 solvers whose libraries lack the model


# the lists of phaseProperties and the words that name them
FAMILY_WORDS: dict[str, str] = {
    "drag": r"\bdrag\b",
    "lift": r"\blift\b",
    "virtualMass": r"\bvirtual[\s-]*mass\b|\badded[\s-]*mass\b",
    "turbulentDispersion": r"\bturbulent[\s-]*dispersion\b|\bdispersion\b",
    "wallLubrication": r"\bwall[\s-]*lubrication\b|\blubrication\b",
    "heatTransfer": r"\b(?:interfacial|interphase|inter-phase)\s+heat[\s-]*transfer\b|\bheat[\s-]*transfer\s+(?:model|correlation)\b",
    "aspectRatio": r"\baspect[\s-]*ratio\b",
}
FAMILY_NAMES = {"drag": "drag", "lift": "lift", "virtualMass": "virtual mass", "turbulentDispersion": "turbulent dispersion",
                "wallLubrication": "wall lubrication", "heatTransfer": "interfacial heat transfer", "aspectRatio": "aspect ratio"}

_AND = r"[\s-]*(?:and[\s-]*|&[\s-]*)?"
_RE = "residualRe 1e-3;"
_DRAG = "residualRe 1e-3; swarmCorrection { type none; }"  # every v1912 drag model reads a swarmCorrection
# longer names first: "Gidaspow-Schiller-Naumann" before "Schiller-Naumann"
MODELS: tuple[PairModel, ...] = (
    PairModel("drag", "GidaspowSchillerNaumann", rf"gidaspow{_AND}schiller{_AND}naumann", _DRAG),
    PairModel("drag", "GidaspowErgunWenYu", rf"gidaspow(?:{_AND}ergun{_AND}wen{_AND}yu)?", _DRAG),
    PairModel("drag", "SchillerNaumann", rf"schiller{_AND}naumann", _DRAG),
    PairModel("drag", "IshiiZuber", rf"ishii{_AND}zuber", _DRAG),
    PairModel("drag", "WenYu", rf"wen{_AND}yu", _DRAG),
    PairModel("drag", "Ergun", r"ergun", _DRAG),
    PairModel("drag", "SyamlalOBrien", rf"syamlal{_AND}o\W?\s*brien", _DRAG),
    PairModel("drag", "Beetstra", r"beetstra", _DRAG, ("twoPhaseEulerFoam",)),
    PairModel("drag", "Tenneti", r"tenneti", _DRAG, ("twoPhaseEulerFoam",)),
    PairModel("drag", "Lain", r"lain", _DRAG),
    PairModel("drag", "Gibilaro", r"gibilaro", _DRAG),
    PairModel("drag", "TomiyamaAnalytic", r"tomiyama[\s-]*analytic(?:al)?", f"{_DRAG} residualEo 1e-4; residualE 1e-4;"),
    PairModel("drag", "TomiyamaCorrelated", r"tomiyama[\s-]*correlated", f"{_DRAG} A 24;"),
    PairModel("drag", "TomiyamaKataokaZunSakaguchi", rf"tomiyama[\s-]*kataoka(?:{_AND}zun{_AND}sakaguchi)?|\btkzs\b",
              f"{_DRAG} residualEo 1e-4;", ("twoPhaseEulerFoam",)),
    PairModel("drag", "segregated", r"segregated", "m 0.5; n 8; swarmCorrection { type none; }"),
    PairModel("lift", "LegendreMagnaudet", rf"legendre{_AND}magnaudet", _RE),
    PairModel("lift", "Moraga", r"moraga"),
    PairModel("lift", "Tomiyama", r"tomiyama"),
    PairModel("lift", "constantCoefficient", r"constant(?:[\s-]*coefficient)?", "Cl 0.5;"),
    PairModel("virtualMass", "Lamb", r"lamb"),
    PairModel("virtualMass", "constantCoefficient", r"constant(?:[\s-]*coefficient)?", "Cvm 0.5;"),
    PairModel("turbulentDispersion", "Burns", r"burns", "sigma 0.7; Ctd 1.0; residualAlpha 1e-3;"),
    PairModel("turbulentDispersion", "Gosman", r"gosman", "sigma 0.7;"),
    PairModel("turbulentDispersion", "LopezDeBertodano", r"lopez[\s-]*(?:de[\s-]*)?bertodano|\bde[\s-]*bertodano", "Ctd 1.0;"),
    PairModel("turbulentDispersion", "constantCoefficient", r"constant(?:[\s-]*coefficient)?", "Ctd 1.0;"),
    PairModel("wallLubrication", "Antal", r"antal", "Cw1 -0.01; Cw2 0.05;"),
    PairModel("wallLubrication", "Frank", r"frank", "Cwc 10.0; Cwd 6.8; p 1.7;"),
    PairModel("wallLubrication", "Tomiyama", r"tomiyama"),  # reads the pipe diameter D: stated, never guessed
    PairModel("heatTransfer", "RanzMarshall", rf"ranz{_AND}marshall", "residualAlpha 1e-4;"),
    PairModel("heatTransfer", "spherical", r"spherical", "residualAlpha 1e-4;"),
    PairModel("aspectRatio", "VakhrushevEfremov", rf"vakhrushev{_AND}efremov"),
    PairModel("aspectRatio", "Wellek", r"wellek"),
    PairModel("aspectRatio", "Tomiyama", r"tomiyama"),
    PairModel("aspectRatio", "constant", r"constant", "E0 1.0;"),
)
# entries a model reads that only the user can give (a length of the case): never taken from a tutorial
# (v1912's Tomiyama wall lubrication reads the diameter under the key Cwd, later versions under D: both are written)
STATED_ONLY: dict[tuple[str, str], tuple[tuple[str, ...], str]] = {
    ("wallLubrication", "Tomiyama"): (("D", "Cwd"), "the pipe diameter D")}
# lists a case must not lose: without drag the phases do not exchange momentum
REQUIRED_FAMILIES = ("drag",)
# lists whose v1912 models include "none" (no force): a removal sets it, the pair stays (the solvers look the model up)
NONE_FAMILIES = ("virtualMass", "lift", "turbulentDispersion", "wallLubrication")
# lists whose models read the distance to the walls (fvSchemes wallDist)
WALL_DISTANCE_FAMILIES = ("wallLubrication",)


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
    return f"type {model.type}; {model.coeffs}".strip()


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
