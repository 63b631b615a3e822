"""Words and numbers the two phase-fraction binders share: a volume fraction in the initial
state (tasks.plan.bind_parts_fractions) and where a phase enters
(tasks.plan.bind_parts_inlet_fractions). Pure regexes and helpers, no binder state.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

PCT = r"(?:%|percent\b|per\s*cent\b)"
# a number and, if written, its percent sign: "0.4", "25 %", "2e-3" (a number glued to letters is a
# name: "2D", "k2"; a sentence's full stop after it is no decimal point)
FRACTION_NUMBER = re.compile(rf"(?<![\w.\-])(?P<v>\d+(?:\.\d+)?(?:e-?\d+)?|\.\d+)(?!\.?\d)(?![a-z_])\s*(?P<pct>{PCT})?")
# units that make a number no fraction ("0.3 m", "20 s"); each binder adds the ones its requests use
_UNITS = r"m|cm|mm|km|s|ms|min|h|kg|g|k|pa|kpa|bar|psi|rpm|l|deg\w*|°\w*"
# words that make a number a volume fraction of a phase; each binder adds its own
_FRACTION_WORDS = (r"volume\s+fractions?|fractions?|hold[\s-]?up|voidage|by\s+volume|vol(?:ume)?[\s.-]*%|loading|"
                   r"concentration|content")
GAS = re.compile(r"^(?:air|gas|vapou?r|steam)\d*$")
_ALPHA = re.compile(r"alpha\.(?P<phase>[A-Za-z]\w*)")


def unit_after(more: str) -> re.Pattern[str]:
    """A unit right after a number: the shared units and `more` (regex alternatives)."""
    return re.compile(rf"\s*(?:{_UNITS}|{more})\b")


def fraction_words(more: str) -> re.Pattern[str]:
    """Words that say a fraction of a phase: the shared ones and `more` (regex alternatives)."""
    return re.compile(rf"\b(?:{_FRACTION_WORDS}|{more})\b")


def alpha_phases(fields: Iterable[str]) -> list[str]:
    """The phases of a case's alpha.<phase> fields, sorted (not alpha.phi nor alphat):
    ["alpha.water", "alpha.air", "alphat"] -> ["air", "water"]."""
    return sorted({m.group("phase") for f in fields if (m := _ALPHA.fullmatch(f))})


def phase_mentions(words: str, phases: Iterable[str]) -> list[tuple[int, str]]:
    """Where each of `phases` is named in `words` (lower case): (start, phase), in phase order."""
    return [(m.start(), p) for p in phases for m in re.finditer(rf"\b{re.escape(p.lower())}\b", words)]
