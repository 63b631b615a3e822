"""The phase-pair models of OpenFOAM v1912's Euler-Euler solvers (phaseProperties `drag`, `lift`,
`virtualMass`, ... lists) and the coefficients each needs, as the installed tutorials and the
solvers' libraries (libcompressibleEulerianInterfacialModels for twoPhaseEulerFoam,
libreactingEulerianInterfacialModels for the reacting solvers) have them; and how a request
names a model ("Ishii-Zuber", "Schiller and Naumann", "Lopez de Bertodano"). Pure tables.
"""

from __future__ import annotations

import re

# phaseProperties list -> the words that name it in a request
CATEGORY_WORDS: dict[str, str] = {
    "drag": r"drag(?![\s-]+(?:coefficient|force\s+on|reduction))",
    "lift": r"lift(?:[\s-]+force)?",
    "virtualMass": r"(?:virtual|added)[\s-]+mass(?:[\s-]+force)?",
    "turbulentDispersion": r"turbulent[\s-]+dispersion(?:[\s-]+force)?",
    "wallLubrication": r"wall[\s-]+lubrication(?:[\s-]+force)?",
    "heatTransfer": r"(?:interfacial[\s-]+|interphase[\s-]+)?heat[\s-]+transfer",
    "aspectRatio": r"aspect[\s-]+ratio",
}
_DRAG_COMMON = {"swarmCorrection": {"type": "none"}}
# list -> model -> the entries it reads, with the tutorials' values ("" marks the solvers that lack it)
MODELS: dict[str, dict[str, dict]] = {
    "drag": {
        "SchillerNaumann": {"residualRe": "1e-3", **_DRAG_COMMON},
        "IshiiZuber": {"residualRe": "1e-3", **_DRAG_COMMON},
        "WenYu": {"residualRe": "1e-3", **_DRAG_COMMON},
        "GidaspowErgunWenYu": {"residualRe": "1e-3", **_DRAG_COMMON},
        "GidaspowSchillerNaumann": {"residualRe": "1e-3", **_DRAG_COMMON},
        "Ergun": {**_DRAG_COMMON},
        "Gibilaro": {**_DRAG_COMMON},
        "SyamlalOBrien": {**_DRAG_COMMON},
        "Lain": {"residualRe": "1e-3", **_DRAG_COMMON},
        "TomiyamaAnalytic": {"residualRe": "1e-3", "residualEo": "1e-4", "residualE": "1e-4", **_DRAG_COMMON},
        "TomiyamaCorrelated": {"A": "24", **_DRAG_COMMON},
        "TomiyamaKataokaZunSakaguchi": {"residualEo": "1e-4", **_DRAG_COMMON},
        "Beetstra": {"residualRe": "1e-3", **_DRAG_COMMON},
        "Tenneti": {"residualRe": "1e-3", **_DRAG_COMMON},
    },
    "lift": {
        "Tomiyama": {},
        "Moraga": {},
        "LegendreMagnaudet": {"residualRe": "1e-3"},
        "constantCoefficient": {"Cl": "0.5"},
    },
    "virtualMass": {
        "constantCoefficient": {"Cvm": "0.5"},
        "Lamb": {},
    },
    "turbulentDispersion": {
        "Burns": {"sigma": "0.7", "Ctd": "1.0", "residualAlpha": "1e-3"},
        "Gosman": {"sigma": "0.7"},
        "LopezDeBertodano": {"Ctd": "1.0"},
        "constantCoefficient": {"Ctd": "1.0"},
    },
    "wallLubrication": {
        "Antal": {"Cw1": "-0.01", "Cw2": "0.05"},
        "Frank": {"Cwc": "10.0", "Cwd": "6.8", "p": "1.7"},
    },
    "heatTransfer": {
        "RanzMarshall": {"residualAlpha": "1e-4"},
        "spherical": {"residualAlpha": "1e-4"},
    },
    "aspectRatio": {
        "constant": {"E0": "1.0"},
        "Tomiyama": {},
        "VakhrushevEfremov": {},
        "Wellek": {},
    },
}
# the coefficient "a <list> coefficient of x" sets, and the model that reads it alone
MAIN_COEFFICIENT = {"virtualMass": ("Cvm", "constantCoefficient"), "lift": ("Cl", "constantCoefficient"),
                    "turbulentDispersion": ("Ctd", "constantCoefficient"), "aspectRatio": ("E0", "constant")}
# models only the reacting solvers' library has (libreactingEulerianInterfacialModels)
REACTING_ONLY = {("drag", "Beetstra"), ("drag", "Tenneti"), ("drag", "TomiyamaKataokaZunSakaguchi")}
# entries every model of a list keeps from the base's own (shared, not the old model's)
KEPT = {"swarmCorrection", "residualRe", "residualAlpha"}
# names a request uses for a model other than its own (normalised: lower case, letters only)
ALIASES: dict[str, dict[str, str]] = {
    "drag": {"gidaspow": "GidaspowErgunWenYu", "syamlalobrien": "SyamlalOBrien", "wenandyu": "WenYu",
             "schillerandnaumann": "SchillerNaumann", "ishiiandzuber": "IshiiZuber"},
    "virtualMass": {"constant": "constantCoefficient", "constantcoefficient": "constantCoefficient"},
    "lift": {"constant": "constantCoefficient", "constantcoefficient": "constantCoefficient"},
    "turbulentDispersion": {"constant": "constantCoefficient", "constantcoefficient": "constantCoefficient",
                            "lopezdebertodano": "LopezDeBertodano"},
    "heatTransfer": {"ranzandmarshall": "RanzMarshall"},
}
# a name several models share: the request must say which
AMBIGUOUS = {("drag", "tomiyama"): ("TomiyamaAnalytic", "TomiyamaCorrelated", "TomiyamaKataokaZunSakaguchi")}


def coefficient_names(category: str) -> list[str]:
    """The number entries the models of a list read, longest first (no one-letter names: "p",
    "A" are words too)."""
    names = {k for needs in MODELS.get(category, {}).values() for k, v in needs.items()
             if isinstance(v, str) and len(k) > 1 and not k.startswith("residual")}
    return sorted(names, key=len, reverse=True)


def normalised(words: str) -> str:
    """A model's name as letters only, lower case: "Ishii-Zuber" -> "ishiizuber"."""
    return re.sub(r"[^a-z]", "", words.lower())


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
