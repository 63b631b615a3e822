"""Cell sizes said relative to the base case's: "cells half the tutorial's size", "cells a third
of the current size", "cell size 1/4 of the base mesh", "spacing 50 % of the original", "cells
twice the size of the tutorial's", "elements two thirds as big".

A size ratio r (new cell size / base cell size) refines the mesh by 1/r in every resolved
direction. Pure functions over normalised text (number words already digits).
"""

from __future__ import annotations

import re
from typing import NamedTuple

_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
                 "fourths": 4, "fifth": 5, "fifths": 5, "tenth": 10, "tenths": 10}
_DEN = "|".join(sorted(_DENOMINATORS, key=len, reverse=True))
# what is sized: the cells or their spacing
_SUBJECT = (r"(?:cells?|elements?|cell[\s-]+(?:size|width|length|spacing)s?|(?:mesh|grid)\s+(?:size|spacing)|"
            r"(?:grid\s+|mesh\s+)?spacing)")
# the ratio: "half", "a third", "2 thirds", "1/3", "50 %", "0.5 times", "twice", "3 times"
_RATIO = (rf"(?P<half>half)|(?:a|an|one|1)[\s-]+(?P<den>{_DEN})|(?P<num>\d+)[\s-]+(?P<dens>{_DEN})"
          r"|(?P<a>\d+)\s*/\s*(?P<b>\d+)|(?P<pct>\d+(?:\.\d+)?)\s*%|(?P<twice>twice|double)"
          r"|(?P<times>\d+(?:\.\d+)?)\s*(?:x|times)")
# the base it is compared with: "the tutorial's", "the current", "the base case", "the original mesh"
_REF = (r"(?:the\s+)?(?:tutorial|base|baseline|current|original|default|present|existing|old|reference|standard|"
        r"given|initial)(?:'s)?(?:\s+(?:case|mesh|grid|setup|model)(?:'s)?)?")
_MEASURE = r"(?:cell\s+|mesh\s+|grid\s+)?(?:size|width|spacing|length|dimensions?)"
# "... the tutorial's size", "... of the current size", "... the size of the tutorial ones",
# "... of the base case", "... as big as in the tutorial", "... the size"
_COMPARED = (rf"(?:of\s+)?(?:(?:{_REF})\s+{_MEASURE}|(?:the\s+)?{_MEASURE}(?:\s+(?:of|in|on|from)\s+(?:{_REF}|the\s+\w+))?"
             rf"|as\s+(?:big|large|wide|long)(?:\s+as\b)?|{_REF})")
_RELATIVE = re.compile(
    rf"\b(?P<subject>{_SUBJECT})\s*[:=]?\s*(?:(?:of|at|are|is|be|about|roughly|approximately|only|just|now)\s+)*"
    rf"(?:{_RATIO})\s+{_COMPARED}", re.I)


class RelativeSize(NamedTuple):
    start: int
    factor: float  # refinement factor: above 1 finer (the inverse of the size ratio)
    text: str


def _ratio(m: re.Match[str]) -> float:
    if m.group("half"):
        return 0.5
    if m.group("den"):
        return 1.0 / _DENOMINATORS[m.group("den").lower()]
    if m.group("dens"):
        return int(m.group("num")) / _DENOMINATORS[m.group("dens").lower()]
    if m.group("a"):
        return int(m.group("a")) / int(m.group("b")) if int(m.group("b")) else 0.0
    if m.group("pct"):
        return float(m.group("pct")) / 100
    if m.group("twice"):
        return 2.0
    return float(m.group("times"))


def relative_sizes(text: str) -> list[RelativeSize]:
    """Every cell size the (normalised) text states relative to the base case's, as refinement
    factors ("cells a third of the current size" -> 3.0, "cells twice the tutorial's size" -> 0.5)."""
    out = []
    for m in _RELATIVE.finditer(text):
        ratio = _ratio(m)
        if ratio > 0 and abs(ratio - 1.0) > 1e-9:
            out.append(RelativeSize(m.start(), round(1.0 / ratio, 6), m.group(0)))
    return out
