"""Where in the domain a stated value holds: the conditions a request puts on a property
("DT 1000 m2/s for z < 0 and 1 m2/s above", "conductivity 5 W/m/K in the bottom half", "the lower
layer 1e-3 m2/s"), and the coordinates inside them, which are never stated values themselves
("z < 0 and 1 m2/s": 0 is where the layers meet, not a diffusivity). Pure.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_LESS = ("<", "<=", "≤", "below", "under", "less than", "smaller than", "lower than", "beneath", "negative")
_COMPARE = r"(?:<=?|>=?|≤|≥|(?:is\s+)?(?:below|under|less\s+than|smaller\s+than|lower\s+than|beneath|above|over|" \
           r"greater\s+than|larger\s+than|higher\s+than|beyond))"
# "z < 0", "x >= 0.5 m", "for z below 0", "where y is greater than 0.1 m"
_AXIS_COMPARE = re.compile(rf"(?<![\w.])(?P<axis>[xyz])\s*(?P<op>{_COMPARE})\s*(?P<at>{_NUMBER})(?:\s*(?P<unit>mm|cm|m)\b)?",
                           re.I)
# "0 < z", "0 m > x": the number first
_COMPARE_AXIS = re.compile(rf"(?<![\w.])(?P<at>{_NUMBER})\s*(?P<unit>mm|cm|m)?\s*(?P<op><=?|>=?|≤|≥)\s*(?P<axis>[xyz])\b",
                           re.I)
# "for negative z", "z positive"
_SIGNED_AXIS = re.compile(r"\b(?:(?P<sign1>negative|positive)\s+(?P<axis1>[xyz])\b|(?P<axis2>[xyz])\s+"
                          r"(?P<sign2>negative|positive)\b)", re.I)
# "in the lower half", "the bottom layer", "upper part", "top half"
_HALF = re.compile(r"\b(?P<side>lower|bottom|upper|top|left|right)\s+(?:half|layer|part|portion|section|"
                   r"region|slab|zone)\b", re.I)
# the rest: "above", "below", "elsewhere", "the rest", "everywhere else", "the other half"
_REST = re.compile(r"\b(?:above|below|beneath|elsewhere|everywhere\s+else|the\s+rest|the\s+remainder|"
                   r"(?:the\s+)?other\s+(?:half|layer|part|side|region))\b", re.I)
_SCALE = {"mm": 1e-3, "cm": 1e-2, "m": 1.0, None: 1.0}


class Condition(NamedTuple):
    """Where a value holds: along `axis` (0, 1, 2, None when the words name no axis: "the
    upper half" of a case whose up axis the binder knows), on the `sign` side (-1 low, +1 high) of
    `threshold` (metres; None: the middle), or the rest of the domain (`rest`: "above", "elsewhere",
    taken against the other conditions of the sentence). `start`, `end`: its words in the text."""

    axis: int | None
    sign: int
    threshold: float | None
    start: int
    end: int
    rest: bool = False


def _sign(op: str, number_first: bool = False) -> int:
    word = " ".join(op.lower().split()).removeprefix("is ")
    less = word in _LESS
    return (1 if less else -1) if number_first else (-1 if less else 1)


def conditions(text: str) -> list[Condition]:
    """Every condition on where a value holds, in the order the text gives them (lower case or
    not): coordinate comparisons, signed axes, named halves or layers, and the rest words."""
    found: list[Condition] = []
    for m in _AXIS_COMPARE.finditer(text):
        found.append(Condition("xyz".index(m["axis"].lower()), _sign(m["op"]), float(m["at"]) * _SCALE[m["unit"]],
                               m.start(), m.end()))
    for m in _COMPARE_AXIS.finditer(text):
        found.append(Condition("xyz".index(m["axis"].lower()), _sign(m["op"], number_first=True),
                               float(m["at"]) * _SCALE[m["unit"]], m.start(), m.end()))
    for m in _SIGNED_AXIS.finditer(text):
        axis, sign = (m["axis1"] or m["axis2"]).lower(), (m["sign1"] or m["sign2"]).lower()
        found.append(Condition("xyz".index(axis), -1 if sign == "negative" else 1, 0.0, m.start(), m.end()))
    for m in _HALF.finditer(text):
        side = m["side"].lower()
        axis = 0 if side in ("left", "right") else None
        found.append(Condition(axis, -1 if side in ("lower", "bottom", "left") else 1, None,
                               m.start(), m.end()))
    taken = [(c.start, c.end) for c in found]
    for m in _REST.finditer(text):
        if not any(a <= m.start() < b for a, b in taken):
            found.append(Condition(None, 0, None, m.start(), m.end(), rest=True))
    return sorted(found, key=lambda c: c.start)


def in_condition(text: str, start: int) -> bool:
    """The number written at `start` is the coordinate of a condition ("z < 0", "for z below
    0.5 m", "0 < x"), where a value holds, not a value of its own (whatever unit a list lent it:
    "z < 0 and 1 m2/s")."""
    return any(c.start <= start < c.end and not c.rest and re.search(r"\d", text[c.start:c.end])
               for c in conditions(text))
