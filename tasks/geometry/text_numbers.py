"""Numbers and lengths in a request's words: a length with its unit ("5 cm" -> 0.05 m), the degree
words, and number words written as digits ("one hundred and twenty by forty" -> "120 by 40"). Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor


LENGTH = rf"({NUM})\s*({UNIT})?"
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


def digits(text: str) -> str:
    """Number words as digits: "one hundred and twenty by forty" -> "120 by 40"."""
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
