"""The discretisation schemes a request names, read from its words: each mention with its kind
(convection, flux, time, gradient, laplacian, diffusivity: the laplacian's face interpolation), its v1912 name (canonical/schemes.yaml), the coefficient
stated after it ("limitedLinear 0.5", "Crank-Nicolson 0.7", "limited 0.33") and the fields its
words give ("vanLeer for the scalar", "U with linearUpwind", "k and epsilon: upwind"). Pure.
"""

from __future__ import annotations

import re
from functools import lru_cache

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR

_NUMBER = r"(?P<c>\d*\.?\d+(?:[eE][-+]?\d+)?)"
# "limitedLinear 0.5", "Crank-Nicolson (psi = 0.7)", "Crank-Nicolson scheme with an off-centering coefficient of 0.9"
_COEFFICIENT = re.compile(r"\s*(?:schemes?\s+|time\s+scheme\s+)?\(?\s*(?:with\s+)?(?:an?\s+|the\s+)?"
                          r"(?:(?:off[\s-]*cent(?:er|re)ing|blending|limiter|psi|ψ|coefficient|factor|coeff)\s*)*"
                          r"(?:of|=|:)?\s*" + _NUMBER + r"(?!\w|\.\d)")
_STOP = re.compile(r"[.;!?\n](?!\d)")
_CUE = re.compile(r"scheme|differenc|discreti[sz]|convect|advect|interpolat|\bdiv|fvSchemes|\border\b|limiter|"
                  r"everywhere|\bfor\s+(?:the\s+)?(?:U\b|k\b|T\b|velocity|momentum|turbulen|scalar|all\b)|"
                  r"\b(?:U|k|T|epsilon|omega|nuTilda|velocity|turbulence)\s*:", re.I)
_PLACE_AFTER = re.compile(r"\s+(?:of\b(?!\s+(?:U|k|T|the\s+(?:velocity|momentum|turbulen\w*|scalar|energy)))|"
                          r"side|direction|wall|face|edge|region|corner|end|building|part|slope|flank)", re.I)
_NEGATED = re.compile(r"\b(?:no|not|without|avoid|avoiding|instead\s+of|rather\s+than|never)\s+(?:\w+\s+)?$", re.I)
_NUMBER_BEFORE = re.compile(r"(?:\d|\b(?:one|two|three|four|five|six|several))\s*(?:extra\s+|more\s+)?$", re.I)


class SchemeTable(BaseModel):
    """canonical/schemes.yaml."""

    model_config = ConfigDict(extra="forbid")

    convection: dict[str, list[str]]
    vector_names: dict[str, str]
    needs_cue: list[str]
    coefficient: dict[str, float]
    gradient_argument: list[str]
    families: list[str]
    unknown: list[str]
    flux: dict[str, list[str]]
    flux_unknown: list[str]
    time: dict[str, list[str]]
    time_coefficient: dict[str, float]
    time_unknown: list[str]
    gradient: dict[str, list[str]]
    laplacian: dict[str, list[str]]
    laplacian_coefficient: dict[str, float]
    laplacian_interpolation: dict[str, list[str]]
    lts_solvers: list[str]
    consistent_solvers: list[str]


class Mention(BaseModel):
    """One scheme the request names: `name` is v1912's ("" for a family or an unknown name)."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    name: str
    start: int
    end: int  # after the coefficient when one is stated
    said: str
    coefficient: float | None = None
    unknown: bool = False  # a scheme v1912 does not have
    family: bool = False  # "TVD": a family, no one scheme


@lru_cache(maxsize=1)
def scheme_table() -> SchemeTable:
    """The scheme words and v1912 names (canonical/schemes.yaml)."""
    return SchemeTable.model_validate(yaml.safe_load((CANONICAL_DIR / "schemes.yaml").read_text()))


@lru_cache(maxsize=None)
def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A phrase as a whole-word regex: a space also matches a hyphen or nothing; an acronym
    (all capitals) matches only in capitals ("QUICK", not "a quick run")."""
    words = re.split(r"[\s-]+", phrase.strip())
    body = r"[ \t-]*".join(re.escape(w) for w in words)  # within one line
    flags = 0 if phrase.isupper() and len(phrase) > 1 else re.I
    return re.compile(rf"(?<![\w-]){body}(?![\w-])", flags)


def _candidates(text: str) -> list[Mention]:
    table = scheme_table()
    groups: list[tuple[str, dict[str, list[str]]]] = [
        ("convection", {name: [*words, *([table.vector_names[name]] if name in table.vector_names else []),
                               *([f"{name}V"] if name in table.gradient_argument else [])]
                        for name, words in table.convection.items()}),
        ("convection", {"": table.families}), ("convection", {"?": table.unknown}),
        ("flux", table.flux), ("flux", {"?": table.flux_unknown}),
        ("time", table.time), ("time", {"?": table.time_unknown}),
        ("gradient", table.gradient), ("laplacian", table.laplacian),
        ("diffusivity", table.laplacian_interpolation)]
    found = []
    for kind, names in groups:
        for name, phrases in names.items():
            for phrase in phrases:
                for m in phrase_pattern(phrase).finditer(text):
                    found.append(Mention(kind=kind, name="" if name in ("", "?") else name, start=m.start(),
                                         end=m.end(), said=m.group(0), unknown=name == "?", family=name == ""))
    return found


def _sentence(text: str, at: int) -> str:
    starts = [m.end() for m in _STOP.finditer(text, 0, at)]
    stop = _STOP.search(text, at)
    return text[(starts[-1] if starts else 0):(stop.start() if stop else len(text))]


def _with_coefficient(text: str, m: Mention) -> Mention:
    """The mention with the number stated right after it, for the names that read one."""
    table = scheme_table()
    reads = (m.kind == "convection" and m.name in table.coefficient) or \
        (m.kind == "time" and m.name in table.time_coefficient) or \
        (m.kind == "laplacian" and m.name in table.laplacian_coefficient) or "imited" in m.name
    if m.kind == "gradient":  # "cellLimited Gauss linear 1", "cellLimited leastSquares 0.5"
        inner = re.match(r"\s*(?:Gauss\s+linear|least[\s-]*squares)", text[m.end:], re.I)
        if inner and "imited" in m.name:
            m = m.model_copy(update={"end": m.end + inner.end(), "said": text[m.start:m.end + inner.end()]})
    c = _COEFFICIENT.match(text[m.end:]) if reads else None
    if c is None:
        return m
    end = m.end + c.end()
    if "(" in c.group(0) and text[end:].lstrip().startswith(")"):  # "Crank-Nicolson (psi = 0.5)"
        end = text.index(")", end) + 1
    return m.model_copy(update={"coefficient": float(c.group("c")), "end": end, "said": text[m.start:end].strip()})


def _needs_cue(m: Mention) -> bool:
    return any(phrase_pattern(p).fullmatch(m.said) for p in scheme_table().needs_cue)


def _kept(text: str, m: Mention, beside_scheme: bool) -> bool:
    """A mention that names a scheme here: an ordinary word only in a sentence about schemes (or
    beside another scheme's name); "3 non-orthogonal corrections" counts correctors; a bare
    "limited" needs its coefficient."""
    if _needs_cue(m) and (_PLACE_AFTER.match(text, m.end) or
                          not beside_scheme and not _CUE.search(_sentence(text, m.start))):
        return False  # "upwind of the building", "the upwind side"
    if _NEGATED.search(text[max(0, m.start - 30):m.start]) or re.search(r"central[\s-]*$", text[:m.start], re.I):
        return False  # "no LTS, real transient", "without limited gradients"; "central-upwind" (Kurganov)
    if m.kind == "laplacian" and _NUMBER_BEFORE.search(text[max(0, m.start - 14):m.start]):
        return False
    if m.kind == "laplacian" and m.name == "limited" and m.coefficient is None and \
            not re.search(r"corrected|correction", m.said, re.I):
        return False
    return True


def scheme_mentions(text: str) -> list[Mention]:
    """Every scheme the text names, in order: where phrases overlap the longest wins ("second
    order upwind" over "upwind", "limited linear" over "limited")."""
    chosen: list[Mention] = []
    for m in sorted(_candidates(text), key=lambda m: (-(m.end - m.start), m.start)):
        if not any(m.start < c.end and c.start < m.end for c in chosen):
            chosen.append(m)
    out: list[Mention] = []
    for m in sorted(chosen, key=lambda m: m.start):
        if not out or m.start >= out[-1].end:  # "cellLimited Gauss linear 1" is one gradient mention
            out.append(_with_coefficient(text, m))
    plain = [m for m in out if not _needs_cue(m)]
    kept = [m for m in out if _kept(text, m, any(_sentence(text, p.start) == _sentence(text, m.start)
                                                 for p in plain if p is not m))]
    # "TVD with the Minmod limiter": Minmod; "limited 0.33 non-orthogonal correction": limited
    named = [m for m in kept if (m.kind == "convection" and m.name) or (m.kind == "laplacian" and m.name == "limited")]
    return [m for m in kept if not (m.family or (m.kind == "laplacian" and m.name == "corrected")) or not any(
        _sentence(text, n.start) == _sentence(text, m.start) and n.kind == m.kind for n in named)]


# words that name a field's group; the keys are matched against the fields of the base's entries
FIELD_WORDS: dict[str, str] = {
    "U": r"\bU\b|velocit(?:y|ies)|momentum",
    "turbulence": r"turbulen(?:ce|t)(?!\s+kinetic)",
    "k": r"\bk\b|turbulent kinetic energy|\btke\b",
    "epsilon": r"\bepsilon\b|dissipation",
    "omega": r"\bomega\b|specific dissipation",
    "nuTilda": r"\bnuTilda\b|spalart",
    "energy": r"\bT\b|temperature|(?<!kinetic )energy|enthalpy|\bscalars?\b|\bheat\b",
    "alpha": r"\balpha\w*|volume fraction|phase fraction|interface|\bvof\b",
    "species": r"\bYi\b|species|mass fractions?",
    "p": r"\bp\b|pressure",
    "rho": r"\brho\b|density",
}
_CASED = {"U", "k", "T", "p", "Yi", "nuTilda", "rho"}  # single letters are field names only in their own case
_FILLER = r"\b(?:use|using|apply|take|then|please|with|a|an|the|scheme)\b"
_WHAT = r"schemes?|interpolation|differencing|limiter|discreti[sz]ation|gradients?|grads?|laplacians?"
TURBULENCE = ("k", "epsilon", "omega", "nuTilda", "R", "kl", "kt", "v2", "f", "ReThetat", "gammaInt", "nut")
ENERGY = ("T", "h", "e", "Ts", "s")


def _field_groups(words: str) -> list[str]:
    out = []
    for group, pattern in FIELD_WORDS.items():
        parts = pattern.split("|")
        cased = [p for p in parts if any(re.fullmatch(rf"\\b{n}\\b", p) for n in _CASED)]
        loose = [p for p in parts if p not in cased]
        if (cased and re.search("|".join(cased), words)) or (loose and re.search("|".join(loose), words, re.I)):
            out.append(group)
    return out


def mention_fields(text: str, mentions: list[Mention], index: int) -> list[str]:
    """The field groups the words around one mention give ("for U", "U: linearUpwind", "velocity
    with QUICK"), [] for every field ("everywhere", or none named): the words after it up to the
    next mention when they start with for/on/of, else the words before it back to the previous one."""
    m = mentions[index]
    nxt = mentions[index + 1].start if index + 1 < len(mentions) else len(text)
    stop = _STOP.search(text, m.end)
    after = text[m.end:min(nxt, stop.start() if stop else len(text))]
    lead = re.match(rf"\s*(?:\)\s*)?(?:(?:{_WHAT})\s+)?(?:for|on|of|in|to|applied\s+to)\b(?P<w>.*)", after, re.I | re.S)
    if lead:
        words = re.split(r"\b(?:with|using|via|but|while|whereas)\b|:|,?\s*\band\s+(?:on|for)\b", lead.group("w"))[0]
        if re.search(r"\b(?:everything|everywhere|all)\b", words, re.I) and not _field_groups(words):
            return []
        groups = _field_groups(words)
        if groups:
            return groups
    prev = mentions[index - 1].end if index > 0 else 0
    starts = [s.end() for s in _STOP.finditer(text, prev, m.start)]
    before = text[(starts[-1] if starts else prev):m.start]
    parts = re.split(r"([,:])|\b(?:but|while|whereas)\b", before)  # [part, separator, part, ...]
    own = parts[-1]
    own_sentence = bool(starts) or index == 0  # no earlier mention's words before it in its sentence
    if not re.sub(_FILLER, "", own, flags=re.I).strip() and len(parts) > 2 and own_sentence and \
            (parts[-2] == ":" or re.match(r"\s*(?:for|on)\b", parts[-3], re.I)):  # "For k and epsilon, upwind"
        at = len(parts) - 3
        own = parts[at]
        while at >= 2 and parts[at - 1] == "," and len(parts[at - 2].split()) <= 3 and _field_groups(parts[at - 2]):
            at -= 2  # "for U, k and omega: limitedLinear 1": the list goes on before the comma
            own = f"{parts[at]},{own}"
    return _field_groups(own)
