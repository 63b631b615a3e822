"""Symbols a request gives its lengths and reuses: "D = 2 cm ... a channel 20 D long", "call the
diameter D, which is 2 cm", "inlet height h = 1 cm, outlet height 3h", "the bore D is 4 cm and the
length twenty-five times D", "H = 0.5 in; a step of height H", "Domain: 20 D x 10 D" (D the diameter
by convention), "branch at x = 10 W". `symbol_lengths` rewrites a symbol's definition in one form
("<noun> = 2 cm") and a size counted in it ("20 D long", "height 3h", "L = 25 D") as a length in
metres, so the readers of named lengths see plain lengths. Counts of a symbol that say where
something lies ("5 D upstream", "10 h after the step") are left for `multiples`, which counts them.
Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor

# a symbol: one letter, with an optional subscript ("D", "h", "c", "R_i", "Ri", "L1", "D_h")
# (not a coordinate or the time: "x = 0.2 m", "to r = 0.15 m", "t = 5 s" place and time things, they name no size)
_SYM = r"(?-i:(?![xyzrt](?![_0-9]|[io](?![a-z])|[A-Za-z]))[A-Za-z](?:_[A-Za-z0-9]{1,3}|[0-9]|[io](?![a-z]))?)"
# the words whose size a symbol names
_DIM_NOUN = (r"(?:diameter|radius|height|width|length|chord|bore|gap|side|depth|thickness|span|size|spacing"
             r"|breadth|opening)")
# "D = 2 cm", "h := 1 cm", "c=0.3 m" (not "U = 2 m/s": UNIT refuses rates)
_DEFINED = re.compile(rf"(?<![\w.])({_SYM})\s*(?::=|=|≡)\s*({NUM})\s*({UNIT})")
# "diameter D, which is 2 cm", "bore D is 4 cm", "height (H) of 5 cm", "chord c: 1 ft", "radius R, 3 cm"
_NAMED = re.compile(rf"\b({_DIM_NOUN})\s+(?:\(\s*)?({_SYM})(?:\s*\))?\s*(?:,\s*which\s+is|,?\s+(?:is|was|of|equal\s+to)"
                    rf"|\s*:|,)\s*(?:about\s+|roughly\s+|equal\s+to\s+)?({NUM})\s*({UNIT})", re.I)
# a count of a symbol: "20 D", "20D", "20 x D", "20*D", "20 times D"; or the symbol alone ("a step of height H")
_COUNT = rf"(?<![\w.])(?:({NUM})\s*(?:x\s*|×\s*|\*\s*|times\s+)?)?({_SYM})(?![\w=])(?!\s*(?::=|=|≡))"
# what makes a count a size: an adjective after it, a dimension word before it, a product of sizes, a coordinate
_SIZE_AFTER = r"(?=\s*(?:-\s*)?(?:long|high|wide|tall|deep|thick|across|in\s+(?:length|height|width|diameter|depth)|apart)\b)"
_SIZE_BEFORE = (rf"(?:\b{_DIM_NOUN}s?\b|(?-i:\b[LHWR]\b))\s*(?:\(\s*{_SYM}\s*\)\s*)?(?:of\s+|=\s*|:\s*|is\s+|was\s+"
                r"|equal\s+to\s+|equals\s+)?(?:about\s+|roughly\s+)?$")
_PRODUCT_AFTER = rf"(?=\s*(?:x|by|×)\s*{NUM}\s*(?:x\s*|\*\s*)?{_SYM}(?![\w=]))"
_PRODUCT_BEFORE = rf"{NUM}\s*(?:\*\s*)?{_SYM}\s*(?:x|by|×)\s*$"
_COORDINATE_BEFORE = rf"(?:\b[xyzr]\s*=\s*|\(\s*(?:{NUM}\s*(?:\*\s*)?(?:{_SYM}|{UNIT})?\s*[,;]\s*)?)$"
# a count that says where something lies: multiples() reads it
_PLACE_AFTER = r"\s*(?:\w+\s+)?(?:upstream|downstream|before|after|behind|ahead|in\s+front|in\s+the\s+wake|from|away|either|each|on)\b"
# a definition inside a phrase that wants its value: "from H1 = 6 cm to H2 = 2 cm", "into h2 = 3 cm"
_INLINE = re.compile(rf"\b(from|into|to)\s+({_SYM})\s*=\s*(?={NUM}\s*{UNIT})")
# the size a conventional symbol stands for when the request uses it without defining it ("diameter 25 mm ... 20 D")
_CONVENTION = {"D": "diameter", "d": "diameter", "R": "radius", "c": "chord", "W": "width", "w": "width"}


def symbol_values(text: str) -> dict[str, float]:
    """The symbols the text defines, in metres: "D = 2 cm" -> {"D": 0.02}; "diameter D, which is
    2 cm" -> {"D": 0.02}. The first definition of a symbol wins."""
    out: dict[str, float] = {}
    for m in _DEFINED.finditer(text):
        out.setdefault(m.group(1), float(m.group(2)) * unit_factor(m.group(3)))
    for m in _NAMED.finditer(text):
        out.setdefault(m.group(2), float(m.group(3)) * unit_factor(m.group(4)))
    return out


def _conventional(text: str, values: dict[str, float]) -> dict[str, float]:
    """`values` and the conventional symbols the text counts in without defining them ("20 D x 10 D" with
    "cylinder diameter: 25 mm" -> D = 0.025 m), from the named size they stand for."""
    from tasks.geometry.text_lengths import named_lengths

    used = {m.group(2) for m in re.finditer(_COUNT, text) if m.group(1)} - set(values)
    wanted = {s: _CONVENTION[s] for s in used if s in _CONVENTION}
    if not wanted:
        return values
    named = named_lengths(text)
    if "diameter" not in named and "radius" in named:
        named["diameter"] = 2 * named["radius"]
    return {**{s: named[n] for s, n in wanted.items() if n in named}, **values}


def _named_as_defined(text: str) -> str:
    """ "diameter D, which is 2 cm" -> "diameter D = 2 cm" (the form named_lengths reads)."""
    return _NAMED.sub(lambda m: f"{m.group(1)} {m.group(2)} = {m.group(3)} {m.group(4)}", text)


def symbol_lengths(text: str) -> str:
    """`text` with every symbol definition written "<noun> <S> = <value> <unit>" and every size
    counted in a symbol ("20 D long", "outlet height 3h", "L = 25 D", "length 25 times D", "20 D x
    10 D", "x = 10 W", "a step of height H") written as metres ("0.4 m long"). Counts that say where
    something lies ("5 D upstream", "10 H from the inlet") are kept. A bare definition ("H = 0.5 in")
    whose symbol the text then gives a noun ("a step of height H") is blanked, so that its letter is
    not read as the size that letter usually names."""
    values = _conventional(text, symbol_values(text))
    if not values:
        return text
    t = _named_as_defined(text)
    t = _INLINE.sub(r"\1 ", t)  # "from H1 = 6 cm" -> "from 6 cm"
    bound: set[str] = set()

    def size(m: re.Match[str]) -> str:
        sym = m.group(2)
        if sym not in values:
            return m.group(0)
        before, after = t[max(0, m.start() - 40):m.start()], t[m.end():m.end() + 40]
        if m.group(1) is None:  # the symbol alone: only after the noun it stands for
            if not re.search(_SIZE_BEFORE, before, re.I) or re.search(r"=\s*$", before):
                return m.group(0)
            bound.add(sym)
        elif re.match(_PLACE_AFTER, after, re.I) or not (
                re.match(_SIZE_AFTER, after, re.I) or re.search(_SIZE_BEFORE, before, re.I) or re.match(_PRODUCT_AFTER, after)
                or re.search(_PRODUCT_BEFORE, before) or re.search(_COORDINATE_BEFORE, before)):
            return m.group(0)
        return f"{float(m.group(1) or 1) * values[sym]:.6g} m"

    t = re.sub(_COUNT, size, t)
    # "side a = 2 cm", "inlet height h1 = 1 cm": the noun says what the value is; the symbol has done its work
    t = re.sub(rf"\b({_DIM_NOUN}s?)\s+(?:\(\s*)?{_SYM}(?:\s*\))?\s*(?=(?::=|=|≡)\s*{NUM}\s*{UNIT})", r"\1 ", t, flags=re.I)
    for sym in bound:  # "H = 0.5 in; a step of height H": the definition said no more than the value
        t = re.sub(rf"(?<![\w.])(?-i:{re.escape(sym)})\s*(?::=|=|≡)\s*{NUM}\s*{UNIT}\s*[;,]?", " ", t, count=1)
    return t
