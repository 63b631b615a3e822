"""A mesh refinement said as a comparison with the present mesh: a multiplier or a percentage,
a comparative (finer, coarser, more, fewer, smaller, larger) and what it is said of (the cells,
the mesh, the resolution; or the cells' size, which inverts it).

    "make the mesh 50 % finer"          -> 1.5      "3x the cells in y"            -> 3
    "three times as many cells"         -> 3        "25 percent fewer cells"       -> 0.75
    "cells 2x smaller"                  -> 2        "a grid 2.5 times coarser"     -> 0.4
    "refine it threefold"               -> 3        "cell size 20 % larger"        -> 1 / 1.2

The factor is per direction (cells along each refined axis); which axes is the caller's
(modify_mesh.refinement). Pure functions over lower-case text.
"""

from __future__ import annotations

import re

_SPELLED = {"one and a half": 1.5, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0, "six": 6.0, "eight": 8.0,
            "ten": 10.0, "twice": 2.0, "double": 2.0, "triple": 3.0, "quadruple": 4.0}
_SPELLED_WORD = re.compile(r"\b(one and a half|two|three|four|five|six|eight|ten)\b(?=[\s-]*(?:times|fold|x\b))")
_FOLD = re.compile(r"\b(two|three|four|five|six|eight|ten)fold\b")

NUMBER = r"(\d+(?:\.\d+)?)"
MULTIPLIER = rf"(?:{NUMBER}\s*(?:x|×|times|-?\s*fold)|(twice|double|triple|quadruple))"
PERCENT = rf"{NUMBER}\s*(?:%|percent|per\s*cent)"
# what a comparison is said of: the count (more cells = finer) or the size (smaller cells = finer)
COUNT_NOUNS = r"(?:cells?|cell count|number of cells|mesh|grid|resolution|mesh resolution|grid points|elements)"
SIZE_NOUNS = r"(?:cell size|cell sizes|cell spacing|grid spacing|mesh spacing|spacing|cell width|cell length)"
FINER = ("finer", "more", "denser", "refined", "higher", "smaller", "tinier")
COARSER = ("coarser", "fewer", "less", "lower", "larger", "bigger", "sparser")
_COMPARATIVE = rf"({'|'.join(FINER + COARSER)})"
# comparatives of a size: said of the cells they compare the cells' size ("cells 2x smaller": finer)
_FACTOR_NUMBER = r"(\d+(?:\.\d+)?|two|three|four|five|six|eight|ten)\b"
_SIZE_COMPARATIVES = ("smaller", "tinier", "larger", "bigger")
_CLAUSE = re.compile(r"[,;:.!?()]|\band\b|\bthen\b|\balso\b")


def spelled_multipliers(low: str) -> str:
    """Spelled multipliers as digits: "three times" -> "3 times", "threefold" -> "3 fold"."""
    low = _FOLD.sub(lambda m: f"{_SPELLED[m.group(1)]:g} fold", low)
    return _SPELLED_WORD.sub(lambda m: f"{_SPELLED[m.group(1)]:g}", low)


def _multiplier(m: re.Match[str], number: int, word: int) -> float:
    return float(m.group(number)) if m.group(number) else _SPELLED[m.group(word)]


def comparison_factor(comparative: str, size: bool, multiplier: float | None = None,
                      percent: float | None = None) -> float | None:
    """Cells per direction after "<multiplier or percent> <comparative>" said of the cells'
    count (`size` False: "50 % finer", "20 % fewer cells") or their size ("cell size 20 % larger",
    "cells 2x smaller"); None for a percentage that leaves nothing ("100 % fewer")."""
    finer = comparative in FINER
    if multiplier is not None:
        return multiplier if finer else 1.0 / multiplier
    p = (percent or 0.0) / 100
    if size:
        new_size = 1 - p if finer else 1 + p
        return 1.0 / new_size if new_size > 0 else None
    count = 1 + p if finer else 1 - p
    return count if count > 0 else None


def relative_refinement(low: str) -> float | None:
    """The cell-count factor per direction of a refinement said relative to the present mesh;
    None when the text says none."""
    text = spelled_multipliers(low)
    # "3x the cells", "twice the resolution", "4 times the number of cells"
    m = re.search(rf"{MULTIPLIER}\s+(?:the\s+)?(?:present\s+|current\s+)?{COUNT_NOUNS}\b", text)
    if m:
        return _multiplier(m, 1, 2)
    # "three times as many cells", "half as many cells"
    m = re.search(rf"(?:{MULTIPLIER}|(half))\s+as\s+(many|few)\s+{COUNT_NOUNS}\b", text)
    if m:
        n = 0.5 if m.group(3) else _multiplier(m, 1, 2)
        return n if m.group(4) == "many" else 1.0 / n
    # "cells 2x smaller", "a mesh 2.5 times coarser", "50 % finer", "20 % more cells", "spacing 20 % larger"
    for amount, relative in ((MULTIPLIER, False), (PERCENT, True)):
        for m in re.finditer(rf"{amount}\s+{_COMPARATIVE}\b", text):
            before = _CLAUSE.split(text[max(0, m.start() - 60):m.start()])[-1]
            after = _CLAUSE.split(text[m.end():m.end() + 40])[0]
            comparative = m.group(len(m.groups()))
            size = bool(re.search(rf"\b{SIZE_NOUNS}\b", before + " " + after)) or \
                (comparative in _SIZE_COMPARATIVES and bool(re.search(r"\bcells?\b", before + " " + after)))
            if not size and not re.search(rf"\b{COUNT_NOUNS}\b", before + " " + after):
                continue
            factor = comparison_factor(comparative, size, percent=float(m.group(1))) if relative else \
                comparison_factor(comparative, size, multiplier=_multiplier(m, 1, 2))
            if factor is not None:
                return factor
    # "bump the resolution by a factor of two", "coarsen by a factor of 1.5", "cut the cell count by a factor 2"
    m = re.search(rf"\b(refine|coarsen|increas|rais|bump|boost|multipl|doubl|reduc|decreas|lower|cut|divid)\w*\b"
                  rf"[^.;,]*?\b{COUNT_NOUNS}\b[^.;,]*?\bby\s+(?:a\s+)?factor\s+(?:of\s+)?{_FACTOR_NUMBER}"
                  rf"|\b(refine|coarsen)\w*\b[^.;,]*?\bby\s+(?:a\s+)?factor\s+(?:of\s+)?{_FACTOR_NUMBER}", text)
    if m:
        verb = m.group(1) or m.group(3)
        n = float(m.group(2) or m.group(4)) if (m.group(2) or m.group(4) or "")[:1].isdigit() else \
            _SPELLED[m.group(2) or m.group(4)]
        if n > 0:
            return n if verb.startswith(("refine", "increas", "rais", "bump", "boost", "multipl", "doubl")) else 1.0 / n
    # "refine it threefold", "refine the mesh 2x"
    m = re.search(rf"\b(refine|coarsen)\w*\b[^.;,]*?\b{MULTIPLIER}(?!\s*\d)", text)
    if m:
        n = _multiplier(m, 2, 3)
        return n if m.group(1).startswith("refine") else 1.0 / n
    return None
