"""Relaxation factors and residual targets set by a field's name ("relaxation factors: U 0.7,
k 0.6", "residuals: p 1e-4"): a value named like a field ("k 0.135", "omega 60", "nuTilda 3e-5")
is a relaxation factor (or residual target) only where relaxation (residual) words lead the list
it stands in, and a factor lies in (0, 1]."""

from __future__ import annotations

import re

_RELAX_WORD = re.compile(r"\b(?:under[- ]?)?relax\w*")
_RESIDUAL_WORD = re.compile(r"\bresidual\w*|\bconverge\w*|\btolerances?\b")
# the words between the lead and its list: "residual targets of", "residuals should drop below", "converge to"
_VERB = r"(?:(?:should|must|will|to|shall)\s+)?(?:reach\w*|drop\w*|fall\w*|fell|go(?:es)?|get\w*|come\w*|hit\w*|be|are|is)"
_LEAD = re.compile(r"^\s*(?:(?:factors?|targets?|controls?|values?|levels?|tolerances?|criteri(?:a|on))\b)?\s*"
                   rf"(?:{_VERB}\b\s*)?(?:(?:down\s+)?(?:of|for|on|to|by|is|are|as|below|under|beneath)\b|[:=<])?\s*")
_NAME = r"(?:[A-Za-z_][\w.*]*|\"[^\"]*\")"
_LINK = r"\s*(?:[:=]|\b(?:of|by|to|at|is)\b)?\s*"
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_ITEM_SPLIT = re.compile(r",|\band\b|&")
# a list up to the number asked about: a bare first number, "name number" pairs, then the name
_LIST = re.compile(rf"(?:{_NUM}\s+)?(?:{_NAME}{_LINK}{_NUM}\s+)*(?:{_NAME}(?:\s*[:=]|\s+(?:of|by|to|at|is))?)?")


def is_relaxation_entry(rel: str, entry: list[str]) -> bool:
    """The entry is a relaxation factor of fvSolution (relaxationFactors/equations/k)."""
    return rel.endswith("fvSolution") and bool(entry) and entry[0] == "relaxationFactors"


def is_residual_entry(rel: str, entry: list[str]) -> bool:
    """The entry is a residual target of fvSolution (SIMPLE/residualControl/p)."""
    return rel.endswith("fvSolution") and "residualControl" in entry[:-1]


def residual_said(low: str, at: int) -> bool:
    """The number at `at` stands in a list that residual (convergence) words lead."""
    return relaxation_said(low, at, _RESIDUAL_WORD)


def relaxation_said(low: str, at: int, lead: re.Pattern[str] = _RELAX_WORD) -> bool:
    """The number at `at` of the lower-case request stands in a list that relaxation words lead
    ("under-relaxation: p 0.3, U 0.7 and k 0.6" for each of the three; not "relaxation 0.7, inlet
    k 0.375 m2/s2", whose k is the field's)."""
    head = low[:at]
    words = list(lead.finditer(head))
    if not words:
        return False
    segment = head[words[-1].end():]
    if re.search(r"[.;!?]\s|\n", segment):
        return False
    segment = _LEAD.sub("", segment, count=1)
    # the pairs may be joined by commas, "and" or spaces alone ("residualControl p 1e-4 U 1e-5")
    return _LIST.fullmatch(_ITEM_SPLIT.sub(" ", segment).strip()) is not None


def factor_ok(value: float) -> bool:
    """A relaxation factor lies in (0, 1]."""
    return 0.0 < value <= 1.0


_PAIR_AT = re.compile(rf"(?P<name>{_NAME}){_LINK}(?P<num>{_NUM})")
_JOINER = re.compile(r"\s*(?:,\s*(?:and\s+)?|\band\s+|&\s*)|\s+(?=[A-Za-z_\"])")


def relaxation_pairs(text: str) -> list[tuple[str, float, int, str]]:
    """(field word, factor, position, words) of each "name factor" pair in a list that relaxation
    words lead ("relaxation factors: U 0.7, k 0.6" -> U 0.7 and k 0.6), in the normalised text."""
    out: list[tuple[str, float, int, str]] = []
    for lead in _RELAX_WORD.finditer(text.lower()):
        at = len(text) - len(_LEAD.sub("", text[lead.end():], count=1))
        while (pair := _PAIR_AT.match(text, at)) is not None:
            out.append((pair.group("name").strip('"'), float(pair.group("num")), pair.start("num"), pair.group(0)))
            joiner = _JOINER.match(text, pair.end())
            if joiner is None:
                break
            at = joiner.end()
    return out
