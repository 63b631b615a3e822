"""Values stated as a difference between two places, whatever the word order: a pressure that one
patch holds above another ("the inlet is 5 kPa above the outlet", "a 200 Pa drop across the duct",
"driven by a pressure difference of 3 bar") and a temperature difference ("walls 20 K apart", "a
15 degC difference between the plates", "the floor 2 K warmer than the ceiling"). Pure functions
over the words around one value; the binders turn a difference into the value of a patch. It sits
with the geometry layer's text readers because differences are said between places (patches,
walls, plates) and the shape library's heated cavity reads them too (tasks/geometry/convection.py).
"""

from __future__ import annotations

import re
from typing import Literal

# a word that names a difference of a pressure or a temperature
_DIFFERENCE_NOUN = (r"(?:difference|differential|drop|loss|contrast|delta[\s_-]*(?:p|t)|d(?:p|t)|Δ\s*(?:p|t)|"
                    r"δ\s*(?:p|t)|head)")
# the noun before its value: "a pressure drop of 200 Pa", "dT = 5 K", "a temperature difference
# between the walls of 20 K", "delta p across the duct: 3 kPa" (no other value between them)
_NOUN_BEFORE = re.compile(rf"(?<![a-z]){_DIFFERENCE_NOUN}"
                          r"(?:\s+(?:between|across|over|along|through|from)\s+[^\d,;:]{0,50}?)?"
                          r"(?:\s*(?:of|is|=|:|was|amounts to|equal to|equals|set to|should be|must be|~|≈))?"
                          r"\s*(?:about|approximately|roughly|around|some|only|just)?\s*$")
# the noun right after its value: "a 200 Pa drop across the duct", "2 K temperature difference"
_NOUN_AFTER = re.compile(r"\s*(?:of\s+)?(?:(?:pressure|temperature|thermal)\s+)?"
                         r"(?:difference|differential|drop|loss|contrast)\b")
# a comparison right after the value: "5 kPa above the outlet", "2 K warmer", "20 K apart"
_HIGHER = r"(?:above|higher|more|greater|in excess of|warmer|hotter)"
_LOWER = r"(?:below|lower|less|colder|cooler)"
_COMPARED = re.compile(rf"\s*(?:(?P<up>{_HIGHER}|relative to|compared (?:to|with)|with respect to)|(?P<down>{_LOWER})|"
                       r"(?P<apart>apart))\b(?P<rest>[^,;.\n]{0,60})")
# a comparison before the value, then "by": "the inlet pressure exceeds the outlet pressure by 3 kPa",
# "the floor is warmer than the ceiling by 5 K"
_COMPARED_BY = re.compile(rf"(?P<subject>[^,;\d]*?)\s*\b(?:(?P<up>exceeds?|{_HIGHER}(?:\s+than)?)|(?P<down>{_LOWER}"
                          r"(?:\s+than)?|falls? short of))\s+(?P<reference>[^,;\d]{1,50}?)\s+by\s+"
                          r"(?:about\s+|roughly\s+|some\s+)?$")
# what a pressure compared to the atmosphere is: a gauge value, not a difference between patches
_ATMOSPHERE = re.compile(r"^\s*(?:than\s+)?(?:the\s+)?(?:atmospher\w*|ambient|atm\b|gauge|barometric|zero|vacuum)")
# "raise the wall by 10 K", "10 K up": a change of a value already set (a modify request's)
_CHANGE_BEFORE = re.compile(r"\b(?:increas\w*|decreas\w*|reduc\w*|rais\w*|lower\w*|chang\w*|boost\w*|cut|drop\w*|"
                            r"up|down|warm\w*|cool\w*|heat\w*)\b[^,;.\d]{0,40}\bby\s+(?:about\s+|roughly\s+)?$")

Sign = Literal[1, -1, 0]


def difference_role(kind: str, clause: str, after: str) -> str | None:
    """"pressure_drop" or "temperature_difference" when the words around a pressure or a
    temperature say it is a difference between two places; None otherwise. `clause`: the lower-case
    words of its clause before it; `after`: the words right after it."""
    if kind not in ("pressure", "temperature"):
        return None
    role = "pressure_drop" if kind == "pressure" else "temperature_difference"
    after = after.lower()
    if compared_by(clause) is not None:
        return role  # "the inlet pressure exceeds the outlet's by 3 kPa", "the floor is warmer than the ceiling by 5 K"
    if _CHANGE_BEFORE.search(clause):
        return None  # "raise the floor by 5 K": a change of the value already set
    if _NOUN_AFTER.match(after):
        return role
    compared = _COMPARED.match(after)
    if compared is not None:
        if kind == "pressure" and _ATMOSPHERE.match(compared.group("rest")):
            return None  # "2 bar above atmospheric": a gauge pressure
        return role
    own = clause[_last_digit(clause):]
    if _NOUN_BEFORE.search(own):
        return role
    return None


def compared_by(clause: str) -> tuple[str, str, Sign] | None:
    """(subject words, reference words, sign) of a comparison said before its value ("the floor is
    warmer than the ceiling by 5 K" -> ("the floor is", "the ceiling", 1)); None when there is none."""
    m = _COMPARED_BY.search(clause[_last_digit(clause):].lower())
    if m is None or not re.search(r"\bthan\b|\bexceed|\bshort of\b", m.group(0)):
        return None  # "make the floor warmer by 5 K": a change, measured from nothing else
    return m.group("subject").strip(), m.group("reference").strip(), 1 if m.group("up") else -1


def _last_digit(text: str) -> int:
    """Where the words after the last number of `text` begin (0 when it has none)."""
    last = None
    for last in re.finditer(r"\d[\w.]*", text):
        pass
    return last.end() if last is not None else 0


def difference_sign(after: str) -> Sign:
    """+1 when the words after a difference say its subject is the higher ("2 K warmer", "5 kPa
    above the outlet"), -1 the lower ("3 K colder than the floor"), 0 when they say no direction
    ("20 K apart", "a 15 K difference")."""
    compared = _COMPARED.match(after.lower())
    if compared is None or compared.group("apart"):
        return 0
    return 1 if compared.group("up") else -1


def compared_to(after: str) -> str:
    """The words naming what a difference is measured from ("2 K warmer than the ceiling" ->
    "the ceiling"; "5 kPa above that of the outlet" -> "that of the outlet"); "" when none."""
    compared = _COMPARED.match(after.lower())
    if compared is None or compared.group("apart"):
        return ""
    rest = re.sub(r"^\s*(?:than|that)?\s*", "", compared.group("rest"))
    return re.split(r"\band\b|\bwhile\b|\bwith\b|\(", rest, maxsplit=1)[0].strip()


_BETWEEN = re.compile(r"\s*(?:(?:pressure|temperature|thermal)\s+)?(?:difference|differential|drop|contrast)?\s*"
                      r"(?:between|from)\s+(?P<a>[^,;.\n]{1,60}?)\s+(?:and|to)\s+(?P<b>[^,;.\n]{1,60})")


def between_places(after: str) -> tuple[str, str]:
    """The two places a difference is stated between, in the words after it ("20 K difference
    between patch4 (hot) and patch2" -> ("patch4 (hot)", "patch2")); ("", "") when none."""
    m = _BETWEEN.match(after.lower())
    if m is None:
        return "", ""
    second = re.split(r"\b(?:which|that|while|with|where)\b", m.group("b"), maxsplit=1)[0]
    return m.group("a").strip(), second.strip()


# a temperature unit as written, and the size of one of its degrees in kelvin
_DEGREE_SIZES = ((re.compile(r"°?\s*(?:deg(?:rees?)?\s*)?(?:f\b|fahrenheit)|°f|degf|rankine|\br\b"), 5.0 / 9.0),
                 (re.compile(r"k\b|kelvins?|°?\s*c\b|°c|degc|celsius|centigrade|deg(?:rees?)?\b"), 1.0))
_NUMBER = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(.*)$")


def kelvin_difference(text: str) -> float | None:
    """A temperature as written ("15 degC", "9 °F", "2 K") read as a difference in kelvin (15, 5,
    2): a difference of 15 degC is 15 K, not 288.15 K. None when the text holds no number with a
    temperature unit."""
    m = _NUMBER.match(text)
    if m is None:
        return None
    number, unit = float(m.group(1)), m.group(2).strip().lower()
    for pattern, size in _DEGREE_SIZES:
        if pattern.match(unit):
            return number * size
    return None


def split_difference(hot_or_cold: str | None, sign: Sign, reference: float, delta: float) -> float:
    """The value of the place a difference is stated for, from the value of the place it is
    measured from: up or down by the sign; with no sign, the hot place above and the cold one
    below the reference."""
    if sign == 0:
        sign = -1 if hot_or_cold == "cold" else 1
    return reference + sign * abs(delta)
