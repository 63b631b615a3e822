"""Bare numbers given to a named field: "floor temperature 350", "set U at the inlet to 2",
"the temperature of the top wall is 350", "T on the heater = 400".

The field names the kind and the case's field holds it in SI (T in K, U in m/s), so a number
that is plausible in that unit is read in it, and the reading is said as an assumption. A number
that is not plausible there ("wall temperature 20": 20 K? 20 degC?) is left unread and reported,
never guessed. Pressures are left alone: p is in Pa or in m2/s2 depending on the solver. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from tasks.foam.patch_names import KIND_ALT
from tasks.plan.extract_pattern import _COUNT_UNIT
from tasks.plan.units import read_at


def unit_follows(text: str, end: int) -> bool:
    """A unit is written right after the number that ends at `end` ("velocity 2 m/s", "dt 5ms");
    a plain word is none ("velocity 2.5 and ...")."""
    word = re.match(r"\s?(?=[A-Za-zµ°%])", text[end:end + 2])
    return word is not None and (read_at(text, end + word.end()) is not None
                                 or _COUNT_UNIT.match(text, end + word.end()) is not None)


class BareField(NamedTuple):
    """A field a bare number may be given to: its name, SI unit and the plausible range there."""

    field: str
    unit: str
    low: float
    high: float


_FIELDS: list[tuple[str, BareField]] = [
    (r"temperatures?|temp\.?|(?-i:T)", BareField("T", "K", 150.0, 5000.0)),
    # not a sound speed ("sound speed 1" of a normalised gas): no flow velocity
    (r"velocity|velocities|(?<!sound )speed|(?-i:U)(?!-)", BareField("U", "m/s", -1000.0, 1000.0)),
]
_NUM = r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"  # not a full stop after it ("is 350.")
# the field word, its place after it ("at the inlet", "of the top wall"), the link, the bare number
_PLACE = r"(?:\s+(?:at|on|of|for|along|through|across)\s+(?:the\s+|both\s+|all\s+)?(?!sound\b)[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)?"
_LINK = r"\s*(?:=|:|is|are|to|at|of|be|should\s+be|must\s+be|set\s+to|equal\s+to|equals)?\s*"
_AFTER = r"(?!\d|\.\d|\s*(?:[%°/\-–—(\[*×^+]|x\s*\d|to\s+[-+]?\.?\d|and\s+[-+]?\.?\d|,\s*[-+]?\.?\d))"  # a list (its unit comes last), an expression


class BareReading(NamedTuple):
    """A bare number read in its field's unit (`note` says so), or left unread (`note` says why)."""

    phrase: str  # the field's words and the number, as written
    number: str
    field: str
    value: float
    unit: str | None  # None: not plausible in the field's unit, left unread
    note: str


# words that make the numbers after them in the same clause solver controls, not field values
_CONTROL_CLAUSE = re.compile(r"relax|residual|toleran|converge|criteri|factor", re.I)


# a patch's kind word right before a number: the number names the patch ("outlet 1", "inlet #2")
_PATCH_NUMBER = re.compile(rf"\b(?:{KIND_ALT})\s*#?\s*$", re.I)


def _clause_before(text: str, start: int) -> str:
    """The clause the match starts in, up to the match: back to a ';', a sentence end or a line break."""
    cut = max((m.end() for m in re.finditer(r"[;\n]|[.!?](?=\s)", text[:start])), default=0)
    return text[cut:start]


def _pattern(words: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w.$-])(?:{words})(?![\w]){_PLACE}{_LINK}(?P<num>{_NUM}){_AFTER}", re.I)


_PATTERNS = [(_pattern(words), spec) for words, spec in _FIELDS]


def _read(m: re.Match[str], spec: BareField, unit_at: Callable[[str, int], bool], readings: list[BareReading]) -> str:
    """The match with the field's unit after its number when it is bare and plausible there."""
    end = m.end("num")
    if unit_at(m.string, end):
        return m.group(0)  # "temperature 300 K": not bare
    if _CONTROL_CLAUSE.search(_clause_before(m.string, m.start())):
        return m.group(0)  # "relaxation factors: U 0.7", "residualControl U 1e-6": a solver control, no field value
    phrase, number = m.group(0).strip(), m.group("num")
    if re.fullmatch(r"\d{1,2}", number) and _PATCH_NUMBER.search(m.string, 0, m.start("num")):
        return m.group(0)  # "the air leaving outlet 1": the patch's number, no value
    value = float(number)
    if not spec.low <= value <= spec.high:
        if re.match(r"[TU]\b", phrase):
            return m.group(0)  # "T = 2": a bare symbol may be another quantity (a period): left alone, not reported
        readings.append(BareReading(phrase, number, spec.field, value, None,
                                    f"{number} is given to {spec.field} without a unit and is no plausible value in "
                                    f"{spec.unit} ({spec.field}'s unit): write its unit"))
        return m.group(0)
    readings.append(BareReading(phrase, number, spec.field, value, spec.unit,
                                f"'{phrase}' has no unit: read in {spec.unit}, the unit of the case's {spec.field} field"))
    cut = end - m.start()
    return f"{m.group(0)[:cut]} {spec.unit}{m.group(0)[cut:]}"


def bare_field_values(text: str, unit_at: Callable[[str, int], bool] = unit_follows) -> tuple[str, list[BareReading]]:
    """The text with each bare number given to a named field followed by the field's SI unit
    where the number is plausible in it, and what was read (or left unread, with why).
    `unit_at(text, end)` says whether a unit follows the number ending at `end` (then it is not bare)."""
    readings: list[BareReading] = []
    for pattern, spec in _PATTERNS:
        text = pattern.sub(lambda m, spec=spec: _read(m, spec, unit_at, readings), text)
    return text, readings
