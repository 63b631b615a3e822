"""The turbulence-model variants a request may name, each kept exactly as named: the transition
form of k-omega SST (kOmegaSSTLM, "gamma-ReTheta", "Langtry-Menter"), its scale-adaptive and
detached-eddy forms (kOmegaSSTSAS, kOmegaSST[I|D]DES), the Spalart-Allmaras DES family, v2f and
the other v1912 models that share a base model's words ("Lien cubic k-epsilon" is LienCubicKE,
not kEpsilon). tasks/plan/request.TURBULENCE_ALIASES tries these before the base models' own
spellings. Pure regexes over lower-case text, plus the installed model names written as they are."""

from __future__ import annotations

import re
from functools import lru_cache

_SST = r"(?:k[-\s_]?(?:omega|ω)[-\s_]?sst|sst)"
_SA = r"(?:spalart[-\s_]?allmaras|sa)"
_EDDY = r"(?:detached[-\s_]?eddy(?:[-\s_]simulation)?|des)"
# the detached-eddy kinds, the more specific first: "improved delayed" holds "delayed"
_DES_KINDS = (("IDDES", rf"(?:iddes|improved[-\s_]+delayed[-\s_]+{_EDDY})"),
              ("DDES", rf"(?:ddes|delayed[-\s_]+{_EDDY})"),
              ("DES", rf"(?:des|{_EDDY})"))
# Langtry-Menter's gamma-ReTheta transition model, by its names
_LM_WORDS = (r"(?:gamma[-\s_]*re[-\s_]*theta(?:t)?\b|γ[-\s_]*re[-\s_]*θ|langtry[-\s_]*menter\b|lm[-\s_]+transition\b|"
             r"(?:two|2)[-\s_]equation\s+transition\b)")
# words that part a model from the transition words after it ("SST without transition")
_NOT = r"(?!(?:no|not|without|instead|rather|than|but\s+not)\b)"
_NEAR = r"(?:\s+(?:with|using|on|of|based\s+on|from|the|a|an|model|variant|form|version)){0,4}\s+"


def _des_aliases() -> list[tuple[str, str]]:
    """(pattern, model) for each detached-eddy kind: on k-omega SST when SST is named with it
    ("SST IDDES", "delayed DES based on the SST model"), else Spalart-Allmaras (v1912's DES base)."""
    out: list[tuple[str, str]] = []
    for kind, words in _DES_KINDS:
        out.append((rf"\b{_SST}[-\s_]*(?:based[-\s_]+)?{words}\b|\b{words}{_NEAR}{_SST}\b", f"kOmegaSST{kind}"))
        out.append((rf"\b{_SA}[-\s_]*(?:based[-\s_]+)?{words}\b|\b{words}{_NEAR}{_SA}\b|\b{words}\b",
                    f"SpalartAllmaras{kind}"))
    return out


# (pattern, model): variants whose words hold a base model's ("k-omega SST LM" holds "k-omega SST")
VARIANT_ALIASES: list[tuple[str, str]] = [
    # the transition words, with the SST named before them or not ("SST with gamma-ReTheta")
    (rf"(?:\b{_SST}[-\s_]+(?:{_NOT}\w+[-\s_]+){{0,4}}?)?(?:\b{_LM_WORDS})|\b{_SST}[-\s_]*lm\b|"
     rf"\b{_SST}[-\s_]+(?:{_NOT}\w+[-\s_]+)?transition(?:al)?\b|\btransition(?:al)?[-\s_]+{_SST}\b", "kOmegaSSTLM"),
    (rf"\b{_SST}[-\s_]*sas\b|\bscale[-\s_]*adaptive\b", "kOmegaSSTSAS"),
    *_des_aliases(),
    (r"\bv2[-\s_]?f\b|\bv\^?2[-\s_]f\b|\bv[-\s_]?squared[-\s_]f\b|\bdurbin\b", "v2f"),
    (r"\blien[-\s_]*cubic\b|\bcubic[-\s_]+(?:non[-\s_]?linear[-\s_]+)?k[-\s_]?(?:epsilon|eps|ε|e)\b", "LienCubicKE"),
    (r"\bshih\b|\bquadratic[-\s_]+(?:non[-\s_]?linear[-\s_]+)?k[-\s_]?(?:epsilon|eps|ε|e)\b", "ShihQuadraticKE"),
    (r"\blien[-\s_]*leschziner\b", "LienLeschziner"),
    (r"\blam[-\s_]*bremhorst\b", "LamBremhorstKE"),
    (r"\bq[-\s_]*zeta\b|\bq[-\s_]*ζ", "qZeta"),
    (r"\bk[-\s_]?(?:epsilon|ε)[-\s_]*phit[-\s_]*f\b|\bphit[-\s_]*f\b", "kEpsilonPhitF"),
    (r"\bdeardorff\b", "DeardorffDiffStress"),
    (r"\bdynamic[-\s_]+lagrangian\b", "dynamicLagrangian"),
]


@lru_cache(maxsize=1)
def exact_name_aliases() -> list[tuple[str, str]]:
    """(pattern, model) for each RAS and LES model v1912 installs (canonical/installed_names.yaml,
    as OpenFOAM lists them) written as its OpenFOAM name ("kOmegaSSTLM", "SpalartAllmarasIDDES",
    any case), the longest names first. The per-phase models of the Euler solvers are not there."""
    from tasks.core.paths import CANONICAL_DIR
    from tasks.knowledge.installed_names import load_installed_names

    kinds = load_installed_names(CANONICAL_DIR / "installed_names.yaml").kinds
    names = sorted({n for kind in ("ras_models", "les_models") if kind in kinds for n in kinds[kind].names},
                   key=len, reverse=True)
    return [(rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])", name) for name in names]
