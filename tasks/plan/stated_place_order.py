"""A quantity's name written before its place, with no preposition: "velocity inlet 5", "pressure
outlet zero", "temperature in inlet 320 K", "velocity lid 2" -- the order of a language that puts
the head noun first, or of a form's columns. Written in the usual order ("inlet velocity 5",
"outlet pressure 0") so the request's reader takes the value's unit from the name and its place
from the words before it.
Pure functions over text.
"""

from __future__ import annotations

import re

from tasks.plan.stated_back_units import _PLACE

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_ZERO_WORDS = r"zero|nil|null|nought"
# the quantity's name, a place (a preposition and article allowed: "velocity in the inlet"), the value
_QUANTITY_FIRST = re.compile(
    r"(?<![\w-])(?P<name>velocity|speed|pressure|temperature|temp)\s+(?:(?:at|in|of|on|for)\s+)?(?:the\s+)?"
    rf"(?P<place>(?:[a-z]+\s+)?{_PLACE})\s*(?:=|:|is|should\s+be|must\s+be)?\s+"
    rf"(?P<num>{_NUM}|{_ZERO_WORDS})(?![\w-]|\.\d|\s+{_NUM}|\s*[-–—]\s*\d)", re.I)
# words that are a place's qualifier only when a place noun follows ("velocity big inlet 5")
_NOT_A_QUALIFIER = re.compile(r"^(?:and|or|with|of|at|in|on|is|be|to|from|then|that|this|those|these|its|their|"
                              r"each|every|any|which)\s", re.I)

# a value after the number: the number named the place ("temperature at outlet 2 = 310 K": outlet 2)
_VALUE_NEXT = re.compile(rf"^\s*(?:=|:|is|should\s+be|must\s+be|held\s+at|at|of)?\s*(?:{_NUM}|{_ZERO_WORDS})\b", re.I)


def _reordered(m: re.Match[str]) -> str:
    place = m.group("place")
    if _NOT_A_QUALIFIER.match(place):
        return m.group(0)
    if re.fullmatch(r"\d{1,2}", m.group("num")) and _VALUE_NEXT.match(m.string[m.end():]):
        return m.group(0)
    number = "0" if re.fullmatch(_ZERO_WORDS, m.group("num"), re.I) else m.group("num")
    return f"{place} {m.group('name')} {number}"


def quantity_first(text: str) -> str:
    """The text with each "quantity place value" written "place quantity value" ("velocity inlet
    5" -> "inlet velocity 5", "pressure outlet zero" -> "outlet pressure 0"); a bare temperature
    stays unread as before (kelvin or degC: the name leaves its unit open)."""
    return _QUANTITY_FIRST.sub(_reordered, text)
