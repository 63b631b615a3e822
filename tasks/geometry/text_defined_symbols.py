"""Symbols a request defines and then sizes things in: "H = 0.1 m ... L = 20H", "h = H/10",
"a rib of height h = H/4 placed 5H downstream", "t = h/10 thick", "w = 2h". A definition may itself
be counted in another symbol defined before or after it; `defined_symbols` solves them in rounds.
`resolve_defined_symbols` then writes every use of a defined symbol ("20H", "5 H", "H/4", "2h",
"x = 5H", "10h upstream") as metres, so the readers of plain lengths and places see lengths.

The letter is the symbol as the text defines it: case counts ("h" is not "H"), and only a symbol the
text defines is read (the conventional meanings of D, H, h, c are `text_symbols`' and `text_relative`'s
business). Coordinates (x, y, z) and time (t after "run"/"for") are never defined here. Pure functions.
"""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor

# a symbol: one letter with an optional subscript ("H", "h", "D", "L1", "H_i", "e"); not a coordinate
_SYM = r"(?-i:(?![xyz](?![_0-9]))[A-Za-z](?:_[A-Za-z0-9]{1,3}|[0-9])?)"
# an expression in other symbols: "20H", "20 H", "20*H", "20 x H", "H/10", "H / 4", "2h", "0.5 D", "H"
_TERM = rf"(?:(?P<k>{NUM})\s*(?:\*\s*|×\s*|x\s+|times\s+)?)?(?P<s>{_SYM})(?:\s*/\s*(?P<d>{NUM}))?"
_DEF_VALUE = re.compile(rf"(?<![\w.])(?P<name>{_SYM})\s*(?::=|=|≡)\s*(?P<v>{NUM})\s*(?P<u>{UNIT})")
_DEF_EXPR = re.compile(rf"(?<![\w.])(?P<name>{_SYM})\s*(?::=|=|≡)\s*{_TERM}(?![\w.=/])")
# a use: a count or a fraction of a symbol (the symbol alone is a name, not a size: "the height H")
_USE = re.compile(rf"(?<![\w./])(?:(?P<k>{NUM})\s*(?:\*\s*|×\s*|times\s+)?(?P<s1>{_SYM})(?![-+]\d)(?:\s*/\s*(?P<d1>{NUM}))?"
                  rf"|(?P<s2>{_SYM})\s*/\s*(?P<d2>{NUM}))(?!\w|\.\d)(?!\s*(?::=|=|≡))")
# "2D", "3 D": how many dimensions, whatever D stands for (unless a size or place word follows)
_DIMENSIONALITY = re.compile(r"[23]\s*D$")
_SIZE_OR_PLACE_NEXT = re.compile(r"\s*(?:-\s*)?(?:long|high|wide|tall|deep|thick|across|apart|upstream|downstream|from|behind"
                                 r"|after|before|ahead|away|above|below|in\s+(?:length|height|width|diameter))\b", re.I)
# a place counted in a size whose name the readers of places count in ("10h upstream of the step", "5 D behind
# the cylinder", "20 c downstream of the aerofoil"): left for them (`text_lengths.multiples`)
_PLACE_NEXT = re.compile(r"\s*(?:upstream|downstream|before|after|behind|ahead|in\s+front|in\s+the\s+wake)\b", re.I)
_COUNTED_BY_PLACES = {"h": r"\bsteps?\b", "D": r"cylinder|diamet|\bbore|\bpipe|\brod", "d": r"cylinder|diamet|\bbore|\bpipe|\brod",
                      "c": r"chord|aerofoil|airfoil|\bwing|hydrofoil"}
_TIME_BEFORE = re.compile(r"\b(?:for|run|simulate|during|after)\s+(?:about\s+)?$", re.I)


def defined_symbols(text: str, rounds: int = 4) -> dict[str, float]:
    """The symbols `text` defines, in metres: by a value ("H = 0.1 m", "h = 20 mm") or by an expression
    in symbols defined elsewhere in the text ("L = 20H", "h = H/10", "w = 2h"). The first definition of a
    symbol wins; an expression whose symbols stay unknown defines nothing."""
    out: dict[str, float] = {}
    for m in _DEF_VALUE.finditer(text):
        out.setdefault(m.group("name"), float(m.group("v")) * unit_factor(m.group("u")))
    for _ in range(rounds):
        grown = False
        for m in _DEF_EXPR.finditer(text):
            name, sym = m.group("name"), m.group("s")
            if name in out or sym not in out or sym == name:
                continue
            out[name] = _value(out[sym], m.group("k"), m.group("d"))
            grown = True
        if not grown:
            break
    return out


def _value(base: float, count: str | None, divisor: str | None) -> float:
    value = base * (float(count) if count else 1.0)
    if divisor and float(divisor) != 0:
        value /= float(divisor)
    return value


def _metres(value: float) -> str:
    return f"{value:.6g} m"


def resolve_defined_symbols(text: str) -> str:
    """`text` with each definition by an expression written as metres ("L = 20H" -> "L = 2 m") and each
    count or fraction of a defined symbol written as metres ("5H downstream" -> "0.5 m downstream",
    "t = h/10" -> "t = 0.002 m", "x = 10h" -> "x = 0.2 m"); text without definitions comes back as is."""
    values = defined_symbols(text)
    if not values:
        return text

    def definition(m: re.Match[str]) -> str:
        name, sym = m.group("name"), m.group("s")
        if sym not in values or name not in values or m.group("k") is None and m.group("d") is None and sym == name:
            return m.group(0)
        return f"{name} = {_metres(_value(values[sym], m.group('k'), m.group('d')))}"

    text = _DEF_EXPR.sub(definition, text)

    def use(m: re.Match[str]) -> str:
        sym = m.group("s1") or m.group("s2")
        if sym not in values:
            return m.group(0)
        if m.group("s1") and _DIMENSIONALITY.fullmatch(m.group(0).strip()) and \
                not _SIZE_OR_PLACE_NEXT.match(text, m.end()):
            return m.group(0)  # "a 2D channel" with D defined
        named = _COUNTED_BY_PLACES.get(sym)
        if m.group("s1") and named and _PLACE_NEXT.match(text, m.end()) and re.search(named, text, re.I):
            return m.group(0)
        if _TIME_BEFORE.search(text[max(0, m.start() - 25):m.start()]) and sym.lower() == "h":
            return m.group(0)  # "run for 2 h": hours
        if m.group("s1"):
            return _metres(_value(values[sym], m.group("k"), m.group("d1")))
        return _metres(_value(values[sym], None, m.group("d2")))

    return _USE.sub(use, text)
