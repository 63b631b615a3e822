"""Numbers counted in a length symbol the request defines ("c = 0.1 m ... x = 3c, a channel 10c long",
"W = 5 cm ... 12W long", "R = 1 cm ... at x = 10R", "D = 2 cm; domain 30 D x 10 D"): the letter after
the number is the symbol, not the unit it also spells (degrees Celsius, watts, Rankine, hours, litres).
The geometry layer turns them into metres (tasks.geometry.text_defined_symbols); the value readers must
not state them as temperatures or powers. Pure functions over text."""

from __future__ import annotations

import re

from tasks.geometry.text_defined_symbols import defined_symbols
from tasks.geometry.text_symbols import symbol_values

# a number and one letter (with an optional subscript) after it: "3c", "10 W", "2.5D", "4 h_1"
_COUNTED = re.compile(r"\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?(?P<gap>\s*)(?:\*\s*|×\s*)?"
                      r"(?P<sym>[A-Za-z](?:_?[A-Za-z0-9])?)\s*")
# the size a conventional letter stands for, when the request names that size with a length
_CONVENTION = {"c": "chord", "D": "diameter", "d": "diameter", "W": "width", "H": "height", "h": "height",
               "R": "radius", "L": "length"}
# what makes a count of a spaced letter a size or a place: a size or place word after it, a product, a point
_SIZE_OR_PLACE_AFTER = re.compile(r"\s*(?:-\s*)?(?:long|high|wide|tall|deep|thick|across|apart|upstream|downstream|from"
                                  r"|behind|after|before|ahead|away|above|below|in\s+(?:length|height|width|diameter)"
                                  r"|x\b|by\b|×)", re.I)
# a time said before the number: "run for 2 h" is two hours even where h is a defined height
_TIME_BEFORE = re.compile(r"\b(?:for|run|simulate|during|after|every|end\s+time|time|until|up\s+to)\s+(?:about\s+)?$", re.I)
_POINT_BEFORE = re.compile(r"(?:\b[xyz]\s*=\s*|\(\s*|\(\s*[^()]{1,20},\s*)$")
# a size's own noun right before the number: "outer wall radius 2 W", "a width of 3 D", "length = 10 c"
_SIZE_BEFORE = re.compile(r"\b(?:radius|radii|diameter|width|length|height|thickness|depth|span|gap|spacing|pitch|distance|"
                          r"offset|chord)\s*(?:of\s+|=\s*|:\s*|is\s+)?(?:about\s+)?$", re.I)
_LENGTH_UNIT = r"(?:mm|cm|m|in|inch(?:es)?|ft|feet|foot|µm|um)\b"


def _length_symbols(text: str) -> set[str]:
    """The letters `text` defines as lengths ("c = 0.1 m", "chord c, which is 0.1 m", "L = 20H")."""
    return set(defined_symbols(text)) | set(symbol_values(text))


def _conventional(text: str, sym: str) -> bool:
    """`sym` is the usual letter of a size the text gives as a length ("the chord is 0.1 m" for c)."""
    noun = _CONVENTION.get(sym)
    return noun is not None and re.search(rf"\b{noun}\b(?:[^.;]|\.\d){{0,30}}?(?<![\d.])\d+(?:\.\d+)?\s*{_LENGTH_UNIT}", text,
                                          re.I) is not None  # "the chord is 0.2 m": a decimal is no sentence end


def counted_in_symbol(text: str, start: int, said: str) -> bool:
    """Whether the quantity `said` (read at text[start:]) is a count of a length symbol: its letter is one the
    text defines as a length, glued to the number ("3c") or spaced where a size or a place is meant ("10 W
    long", "(5 D, 2 D)"); or the usual letter of a size the text gives ("chord 0.1 m ... 3c downstream")."""
    m = _COUNTED.fullmatch(said)
    if m is None:
        return False
    sym, end = m.group("sym"), start + len(said.rstrip())
    if _TIME_BEFORE.search(text[max(0, start - 20):start]):
        return False
    before = text[max(0, start - 30):start]
    context = bool(_SIZE_OR_PLACE_AFTER.match(text, end) or _POINT_BEFORE.search(before) or _SIZE_BEFORE.search(before))
    if sym in _length_symbols(text):
        return not m.group("gap") or context
    return context and _conventional(text, sym)
