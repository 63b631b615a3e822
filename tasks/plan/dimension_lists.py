"""A domain's sizes written as one list with the unit once at its end ("a 40x35x30 cm box",
"0.4 by 0.35 by 0.3 m", "a 2 x 1 m tank"): the unit written after each number ("40 cm x 35 cm x
30 cm"), so that the request's reader reads three lengths instead of a cell count ("40 x 35") and
one length. Only a length unit counts: "100 x 24 x 16 cells" stays a cell count. Pure: text in,
text out.
"""

from __future__ import annotations

import re

_NUM = r"(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_JOIN = r"\s*(?:[x×*]|by)\s*"
# "in" is left out: "2 x 1 in the middle" is no size in inches
_LENGTH_UNIT = r"(?:mm|cm|km|m|µm|um|inch(?:es)?|ft|feet|foot)(?![\w/^²³])"
_SIZES = re.compile(rf"(?<![\w.^/*-])(?P<nums>{_NUM}(?:{_JOIN}{_NUM}){{1,2}})(?P<gap>\s?)(?P<unit>{_LENGTH_UNIT})",
                    re.I)


def spread_dimension_units(text: str) -> str:
    """The text with the one length unit after a list of two or three sizes joined by "x" or
    "by" written after each of them ("40x35x30 cm" -> "40 cm x 35 cm x 30 cm")."""

    return _SIZES.sub(_spread, text)


def _spread(m: re.Match[str]) -> str:
    unit = m["unit"]
    numbers = re.findall(_NUM, m["nums"])
    joins = re.findall(_JOIN, m["nums"])
    words = [j.strip() for j in joins]
    out = f"{numbers[0]} {unit}"
    for word, number in zip(words, numbers[1:]):
        out += f" {word} {number} {unit}"
    return out
