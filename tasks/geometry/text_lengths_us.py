"""Lengths written the US way in words, as one length: feet and inches said together ("3 ft 2 in", "2 feet 6 inches",
"3 feet and 2 inches", "5 ft 6-1/2 in") -> inches ('38"'), as the primed form (5'6" -> 66") is read. Feet followed
by a separate size ("10 ft, 2 in diameter", "a 10 ft 2 in pipe": a pipe 10 ft long and 2 in across) stay as written.
Pure function over text."""

from __future__ import annotations

import re

_INCHES = r"(?P<inch>\d+(?:\.\d+)?)"
_FEET_THEN_INCHES = re.compile(
    rf"(?<![\w.])(?P<ft>\d+(?:\.\d+)?)\s*(?:ft\b\.?|feet\b|foot\b)\s*(?:and\s+)?{_INCHES}\s*(?:inch(?:es)?\b|in\b\.?|\"|″)"
    r"(?!\s*(?:diameter|dia\b|bore|ID\b|OD\b|across|wide|thick|pipe|tube|duct|hose|nozzle|orifice|schedule|sch\b|NPS|nominal))",
    re.I)


def _decimal(value: float) -> str:
    return f"{value:.12g}"


def feet_inches_words(text: str) -> str:
    """Feet and inches said one after the other as inches: "3 ft 2 in" -> '38"', "2 feet 6 inches" -> '30"'; an
    inch part of 12 or more is another size ("10 ft 14 in") and stays."""
    def inches(m: re.Match[str]) -> str:
        inch = float(m.group("inch"))
        return f'{_decimal(float(m.group("ft")) * 12 + inch)}"' if inch < 12 else m.group(0)

    return _FEET_THEN_INCHES.sub(inches, text)
