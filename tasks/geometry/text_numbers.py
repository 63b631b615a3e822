"""Numbers and lengths in a request's words: a length with its unit ("5 cm" -> 0.05 m), the degree
words, number words written as digits ("one hundred and twenty by forty" -> "120 by 40") and numbers
typed with glyphs written as decimals ("1½ ft" -> "1.5 ft", "1-1/2 in" -> "1.5 in", 5'6" -> 66"). Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_lengths_us import feet_inches_words


LENGTH = rf"({NUM})\s*({UNIT})?"


def length_pair(a: str, a_unit: str | None, b: str, b_unit: str | None) -> tuple[float, float]:
    """Two lengths said together in metres, the first in the second's unit when it has none ("10 and 20 cm",
    "between 1 cm and 3 cm")."""
    return float(a) * unit_factor(a_unit or b_unit), float(b) * unit_factor(b_unit or a_unit)
# a unit of another quantity after a number: a temperature, a pressure, a speed, a rate, a frequency, a
# viscosity, a power or a time makes "cold side 21.85 degC", "height 2 bar", "side: 5 m/s" no length
OTHER_UNIT = re.compile(
    r"\s*(?:°|º|deg(?:rees?)?\s*[CFK]?\b|degC|degF|(?-i:K|C|F)\b|kelvin|celsius|fahrenheit"
    r"|(?:[kMGh]|m)?Pa\b|pascals?|bar[ga]?\b|mbar|psi[ag]?\b|atm\b|torr|mmHg"
    r"|(?:m|cm|mm|km|ft|in)\s*/\s*(?:s|h|min)\b|km/?h|kph|mph|knots?\b|kts?\b|m\s*/?\s*s\b|ms\^?-1"
    r"|(?:m|cm|mm)\s*(?:\^|\*\*)?\s*[23²³]|L\s*/\s*(?:min|s|h)|lpm|gpm|cfm|kg\s*/|g\s*/"
    r"|rpm\b|rad\s*/\s*s|Hz\b|[kMW]?W\b|watts?\b|%|percent"
    r"|(?:s|sec|seconds?|ms|min|minutes?|h|hours?)\b(?!\s*(?:long|high|wide|tall|deep|x|by)\b))", re.I)


def other_unit_follows(text: str, end: int) -> bool:
    """The number ending at `end` carries a unit of another quantity than length ("21.85 degC", "2 bar")."""
    return bool(OTHER_UNIT.match(text, end))
_DEG = r"(?:°|degrees?|degs?\b|deg\b)"


def parse_length(text: str) -> float | None:
    """The first length in `text` in metres ("5 cm" -> 0.05, "2 in" -> 0.0508)."""
    m = re.search(rf"(?<![\w.]){NUM}\s*{UNIT}", text, re.I) or re.search(rf"(?<![\w.]){NUM}", text)
    if not m:
        return None
    num = re.match(NUM, m.group(0))
    return float(num.group(0)) * unit_factor(m.group(0)[num.end():].strip() or None)  # type: ignore[union-attr]


_ONES = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                     "fourteen fifteen sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * i for i, w in enumerate("_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()) if i > 1}


# numbers typed with glyphs or typewriter forms, written as plain decimals (used by tasks.plan.values_glyphs too)
_VULGAR = {"½": 1 / 2, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 1 / 4, "¾": 3 / 4, "⅕": 1 / 5, "⅖": 2 / 5, "⅗": 3 / 5,
           "⅘": 4 / 5, "⅙": 1 / 6, "⅚": 5 / 6, "⅛": 1 / 8, "⅜": 3 / 8, "⅝": 5 / 8, "⅞": 7 / 8}
_VULGAR_NUMBER = re.compile(rf"(?<![\d.])(?:(?P<whole>\d+)[ \t]?)?(?P<part>[{''.join(_VULGAR)}])")
# "1-1/2": a whole, a dash and a proper fraction with a denominator a ruler or a pipe schedule uses
_DASHED_MIXED = re.compile(r"(?<![\d./-])(?P<whole>\d+)-(?P<a>\d{1,2})/(?P<b>2|3|4|8|16|32|64)(?![\d/.])")
# thousands grouped by an apostrophe, as Swiss and some US notes write them: "5'000", "1’250’000"
_APOSTROPHE_THOUSANDS = re.compile(r"(?<![\d.'’])\d{1,3}(?:['’]\d{3})+(?![\d'’\"″.])")
# a capital X for "times" before a power of ten: "1.5X10-5", "2 X 10^5"
_CAPITAL_TIMES = re.compile(r"(?<=\d)[ \t]*X[ \t]*(?=10(?:\^|\*\*|[-+−]?\d|[⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹]))")
# feet and inches with primes: 5'6", 10′ 4.5″, and feet alone: 12' (not "5's", not a thousands apostrophe)
_FEET_INCHES = re.compile(r"(?<![\d.'’])(?P<ft>\d+(?:\.\d+)?)\s*['′’]\s*-?\s*(?P<inch>\d+(?:\.\d+)?)\s*(?:\"|″|''|in\b\.?)")
_FEET = re.compile(r"(?<![\d.'’])(?P<ft>\d+(?:\.\d+)?)\s*['′](?![\w'’\"″]|\s*-?\s*\d)")


def _decimal(value: float) -> str:
    return f"{value:.12g}"


def vulgar_fractions(text: str) -> str:
    """Vulgar fraction glyphs as decimals: "2½" -> "2.5", "1 ¾" -> "1.75", "½" -> "0.5"."""
    def value(m: re.Match[str]) -> str:
        return _decimal(int(m.group("whole") or 0) + _VULGAR[m.group("part")])

    return _VULGAR_NUMBER.sub(value, text)


def dashed_mixed_numbers(text: str) -> str:
    """A whole and a proper fraction joined by a dash, as US drawings write them: "1-1/2" -> "1.5"."""
    def value(m: re.Match[str]) -> str:
        a, b = int(m.group("a")), int(m.group("b"))
        return _decimal(int(m.group("whole")) + a / b) if 0 < a < b else m.group(0)

    return _DASHED_MIXED.sub(value, text)


def apostrophe_thousands(text: str) -> str:
    """Thousands grouped by an apostrophe written whole: "5'000" -> "5000" (not feet and inches: 5'6")."""
    return _APOSTROPHE_THOUSANDS.sub(lambda m: re.sub(r"['’]", "", m.group(0)), text)


def feet_and_inches(text: str) -> str:
    """Lengths with primes as one unit: 5'6" -> 66" (inches), 12' -> 12 ft."""
    text = _FEET_INCHES.sub(lambda m: f'{_decimal(float(m.group("ft")) * 12 + float(m.group("inch")))}"', text)
    return _FEET.sub(lambda m: f"{m.group('ft')} ft", text)


def typed_forms(text: str) -> str:
    """Numbers typed with glyphs as plain decimals: "2½" -> "2.5", "1-1/2" -> "1.5", "5'000" -> "5000",
    5'6" -> 66", "12'" -> "12 ft", "1.5X10-5" -> "1.5x10-5"."""
    text = _CAPITAL_TIMES.sub("x", text)
    return feet_inches_words(feet_and_inches(apostrophe_thousands(dashed_mixed_numbers(vulgar_fractions(text)))))


def digits(text: str) -> str:
    """Number words as digits: "one hundred and twenty by forty" -> "120 by 40"; glyph numbers as
    decimals ("1½ ft" -> "1.5 ft", "10' long" -> "10 ft long")."""
    text = typed_forms(text)

    def small(m: re.Match[str]) -> str:
        tens, ones = m.group("tens"), m.group("ones")
        return str((_TENS[tens.lower()] if tens else 0) + (_ONES[ones.lower()] if ones else 0))

    t = re.sub(rf"\b(?:(?P<tens>{'|'.join(_TENS)})(?:[- ](?P<ones>{'|'.join(list(_ONES)[1:10])}))?|"
               rf"(?P<ones2>{'|'.join(_ONES)}))\b",
               lambda m: small(m) if m.group("tens") else str(_ONES[m.group("ones2").lower()]), text, flags=re.I)
    t = re.sub(r"\b(?:a\s+|1\s+)?(hundred|thousand)\b", lambda m: "100" if m.group(1).lower() == "hundred" else "1000",
               t, flags=re.I)
    t = re.sub(r"\b(\d+)\s+(100|1000)\b", lambda m: str(int(m.group(1)) * int(m.group(2))), t)
    return re.sub(r"\b(\d+00)\s+and\s+(\d{1,2})\b", lambda m: str(int(m.group(1)) + int(m.group(2))), t)
