"""Symbols a request defines and then sizes things in: "H = 0.1 m ... L = 20H", "h = H/10",
"a rib of height h = H/4 placed 5H downstream", "t = h/10 thick", "w = 2h". A definition may itself
be counted in another symbol defined before or after it; `defined_symbols` solves them in rounds.
`resolve_defined_symbols` then writes every use of a defined symbol ("20H", "5 H", "H/4", "2h",
"x = 5H", "10h upstream", "(5D, 2D)", "y = L/4") as metres, and each multiple of pi as its decimal ("9*2*pi cm", "2 pi r"), so the readers of plain lengths and places see
lengths; so too the symbol alone where a size or a place is wanted ("x = L", "W high", "inner radius W"), and a
symbol named for a size ("H the step height, H = 1 in" -> "the step height = 0.0254 m"). A bare definition that
names no size of the domain ("Let L = 0.5 m be the reference length", "H = 1 in" once H was named) is left as its
letter, so that the letter is not read as the size it usually names.

The letter is the symbol as the text defines it: case counts ("h" is not "H"), and only a symbol the
text defines is read (the conventional meanings of D, H, h, c are `text_symbols`' and `text_relative`'s
business). Coordinates (x, y, z) and time (t after "run"/"for") are never defined here. Pure functions.
"""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_expressions import evaluated_expressions, expression_length, restated_lengths_once
from tasks.geometry.text_symbols import symbol_values

# a symbol: one letter with an optional subscript ("H", "h", "D", "L1", "H_i", "e"); not a coordinate
# (or a greek letter, written or spelled: "delta = 1 m ... 2 delta", "δ = 5 mm")
_SYM = r"(?-i:(?:delta|δ|lambda|λ)(?![A-Za-z])|(?![xyz](?![_0-9]))[A-Za-z](?:_[A-Za-z0-9]{1,3}|[0-9])?)"
# an expression in other symbols: "20H", "20 H", "20*H", "20 x H", "H/10", "H / 4", "2h", "0.5 D", "H"
_TERM = rf"(?:(?P<k>{NUM})\s*(?:\*\s*|×\s*|·\s*|x\s+|times\s+)?)?(?P<s>{_SYM})(?:\s*/\s*(?P<d>{NUM}))?"
_DEF_VALUE = re.compile(rf"(?<![\w.])(?P<name>{_SYM})\s*(?::=|=|≡)\s*(?P<v>{NUM})\s*(?P<u>{UNIT})")
# a definition in words: "H is 0.1 m", "let H be 10 cm", "take H as 4 in", "with D equal to 2 cm"
_DEF_WORDS = re.compile(rf"(?<![\w.])(?P<name>{_SYM})\s+(?:is|be|being|as|equals|equal\s+to|is\s+equal\s+to)\s+"
                        rf"(?:about\s+|roughly\s+)?(?P<v>{NUM})\s*(?P<u>{UNIT})")
_DEF_EXPR = re.compile(rf"(?<![\w.])(?P<name>{_SYM})\s*(?::=|=|≡)\s*{_TERM}(?![\w.=/])")
# a use: a count or a fraction of a symbol (the symbol alone is a name, not a size: "the height H")
# a divisor ends at its last digit: "y = L/4." keeps the full stop that ends the sentence
_DIVISOR = r"\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_USE = re.compile(rf"(?<![\w./])(?:(?P<k>{NUM})\s*(?:\*\s*|×\s*|·\s*|times\s+)?(?P<s1>{_SYM})(?![-+]\d)(?:\s*/\s*(?P<d1>{_DIVISOR}))?"
                  rf"|(?P<s2>{_SYM})\s*/\s*(?P<d2>{_DIVISOR})|(?P<s3>{_SYM})\s*[*×·]\s*(?P<k3>{_DIVISOR}))(?!\w|\.\d)(?!\s*(?::=|=|≡))")
# a part or a multiple of a symbol in words: "a third of L", "half H", "two thirds of the H", "twice D"
_PARTS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
          "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "eighth": 8, "eighths": 8, "tenth": 10, "tenths": 10}
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "nine": 9}
_MULTIPLES = {"twice": 2, "double": 2, "thrice": 3, "triple": 3}
_WORDED = re.compile(rf"\b(?:(?:(?P<n>{'|'.join(_COUNTS)}|\d+)[\s-]+)?(?P<part>{'|'.join(_PARTS)})(?:\s+of)?|(?P<mult>{'|'.join(_MULTIPLES)}))"
                     rf"\s+(?:the\s+)?(?P<s>{_SYM})(?![\w=/]|\.\d)(?!\s*(?::=|=|≡))", re.I)
# a range or a list of counts of one symbol: "between 3D and 5D", "from 2D to 4D": a "3D" there is a length
_RANGE_BEFORE = re.compile(r"\b(?:between|from)\s*$", re.I)
# a symbol alone where a size or a place is wanted: a coordinate ("x = L", "between y = W and", "(4W, W)"), a size said by
# its adjective ("W high") or by its noun ("inner radius W", "length c", "of height h")
_DIM_NOUN = (r"(?:diameter|radius|height|width|length|chord|bore|gap|side|depth|thickness|span|size|spacing"
             r"|breadth|opening|leg|arm)")
_LONE = re.compile(rf"(?P<before>\b[xyz]\s*=\s*|\b{_DIM_NOUN}s?\s+(?:(?:of|is|=|:|equal\s+to)\s+)?"
                   rf"|\(\s*(?:[^()]{{0,30}},\s*(?=[A-Za-z]\s*[,)])|(?=[A-Za-z]\s*,)))(?P<s>{_SYM})"
                   rf"(?![\w=/]|\.\d)(?!\s*(?::=|=|≡))(?!\s*,\s*(?:which|that)\b)"
                   rf"|(?<![\w.])(?P<s0>{_SYM})(?=\s*-?\s*(?:long|high|wide|tall|deep|thick)\b)"
                   rf"|(?<![\w.])(?P<s3>{_SYM})(?=\s*(?:x|×|by)\s*(?:{NUM}\s*m\b|(?-i:[A-Za-z])(?![\w])))"
                   rf"|(?P<by>{NUM}\s*m\s*(?:x|×|by)\s*)(?P<s4>{_SYM})(?![\w=/]|\.\d)", re.I)
# "H the step height", "c, the chord,", "where W is the channel width", "H (step height)": the symbol names a size
_NAMES = re.compile(rf"(?<![\w.*×/·^])(?<![\d.]\s)(?P<s>{_SYM})(?:\s*[,(]\s*(?:the\s+)?|\s+(?:is|being|denotes|stands\s+for)\s+(?:the\s+)?|\s+the\s+)"
                    rf"(?P<noun>(?:(?!(?:and|or|of|in|is)\b)[a-z]+[\s-])?{_DIM_NOUN})\b\s*\)?(?!\s*(?::=|=|≡|of\b))")
# a definition by a value that then names its size: "H = 25 mm be the step height", "h = 12.7 mm (step height)",
# "D = 2 cm is the diameter", "L = 0.3 m, the cavity side": the size the value is, said once
_VALUE_NAMES = re.compile(rf"(?:\blet\s+)?(?<![\w.])(?P<name>{_SYM})\s*(?::=|=|≡)\s*{NUM}\s*{UNIT}\s*(?:\(\s*(?:the\s+)?|,\s*the\s+"
                          rf"|\s+(?:be|is|being|as)\s+(?:the\s+)?)(?P<noun>(?:(?!(?:and|or|of|in|is|reference|characteristic|typical)\b)[a-z]+[\s-])?"
                          rf"{_DIM_NOUN})\b(?!\s+(?:of|ratio)\b)\s*\)?", re.I)
# what follows a symbol named for a size where its value is given: "height H of 0.1 m", "diameter D, which is 1 in"
_NAMING_NEXT = re.compile(rf"\s*\)?\s*(?:,\s*which\s+is|,?\s+(?:is|was|of|equal\s+to)|\s*:|,)\s*(?:about\s+|roughly\s+)?{NUM}\s*{UNIT}", re.I)
# a definition said as a size, its adjective after the value: "the step is H = 1 in high", "a plate t = 2 mm thick"
_SIZED_DEFINITION = re.compile(rf"(?<![\w.])(?:{_SYM})\s*(?::=|=|≡)\s*(?={NUM}\s*{UNIT}\s*-?\s*(?:long|high|wide|tall|deep|thick)\b)")
# a point written in symbols: "(5D, 2D)", "at x = 2D": "2D" is there a place, never a dimensionality
_POINT_BEFORE = re.compile(r"(?:\([^()]{0,30}|\b[xyz]\s*=\s*)$")
# "2D", "3 D": how many dimensions, whatever D stands for (unless a size or place word follows)
_DIMENSIONALITY = re.compile(r"[23]\s*D$")
_SIZE_OR_PLACE_NEXT = re.compile(r"\s*(?:-\s*)?(?:long|high|wide|tall|deep|thick|across|apart|upstream|downstream|from|behind"
                                 r"|after|before|ahead|away|above|below|in\s+(?:length|height|width|diameter))\b", re.I)
# a place counted in a size whose name the readers of places count in ("10h upstream of the step", "5 D behind
# the cylinder", "20 c downstream of the aerofoil"): left for them (`text_lengths.multiples`)
_PLACE_NEXT = re.compile(r"\s*(?:upstream|downstream|before|after|behind|ahead|in\s+front|in\s+the\s+wake)\b", re.I)
_COUNTED_BY_PLACES = {"h": r"\bsteps?\b", "D": r"cylinder|diamet|\bbore|\bpipe|\brod", "d": r"cylinder|diamet|\bbore|\bpipe|\brod",
                      "c": r"chord|aerofoil|airfoil|\bwing|hydrofoil"}
# a definition that only sets the scale the other sizes are counted in: its value is no size of the domain
_REFERENCE = re.compile(r"\breference\b|\brelative\s+to\b|\bin\s+units\s+of\b|\bas\s+(?:the\s+)?unit\b|\bscaled?\s+(?:by|with)\b", re.I)
_TIME_BEFORE = re.compile(r"\b(?:for|run|simulate|during|after)\s+(?:about\s+)?$", re.I)


def defined_symbols(text: str, rounds: int = 4) -> dict[str, float]:
    """The symbols `text` defines, in metres: by a value ("H = 0.1 m", "h = 20 mm", "diameter D, which is
    1 inch") or by an expression
    in symbols defined elsewhere in the text ("L = 20H", "h = H/10", "w = 2h"). The first definition of a
    symbol wins; an expression whose symbols stay unknown defines nothing."""
    out: dict[str, float] = {}
    for m in _DEF_VALUE.finditer(text):
        out.setdefault(m.group("name"), float(m.group("v")) * unit_factor(m.group("u")))
    for m in _DEF_WORDS.finditer(text):
        out.setdefault(m.group("name"), float(m.group("v")) * unit_factor(m.group("u")))
    for name, value in symbol_values(text).items():  # "the diameter D, which is 1 inch", "chord c: 1 ft"
        out.setdefault(name, value)
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


# words right before "2D" that make it twice a defined D, not two-dimensional ("runs for 2D", "from D to 2D", "a pipe of
# diameter 2D", "another 6D")
_MULTIPLE_BEFORE = re.compile(r"\b(?:for|to|from|another|diameter|radius|length|width|height|over|than|about|of|first|next"
                              r"|last)\s+$", re.I)


def resolve_defined_symbols(text: str) -> str:
    """`text` with each definition by an expression written as metres ("L = 20H" -> "L = 2 m") and each
    count or fraction of a defined symbol written as metres ("5H downstream" -> "0.5 m downstream",
    "t = h/10" -> "t = 0.002 m", "x = 10h" -> "x = 0.2 m"); text without definitions comes back as is."""
    values = defined_symbols(text)
    text = evaluated_expressions(text, values)  # "9*2*pi cm", "2 pi r", "2*pi*H"
    text = restated_lengths_once(text)  # "56.5 cm (about 0.5655 m)": one length
    if not values:
        return text

    def definition(m: re.Match[str]) -> str:
        name, sym = m.group("name"), m.group("s")
        if sym not in values or name not in values or m.group("k") is None and m.group("d") is None and sym == name:
            return m.group(0)
        return f"{name} = {_metres(_value(values[sym], m.group('k'), m.group('d')))}"

    text = _DEF_EXPR.sub(definition, text)

    def use(m: re.Match[str]) -> str:
        sym = m.group("s1") or m.group("s2") or m.group("s3")
        if sym not in values:
            return m.group(0)
        if m.group("s3"):  # "H*3"
            return _metres(_value(values[sym], m.group("k3"), None))
        if m.group("s1") and _DIMENSIONALITY.fullmatch(m.group(0).strip()) and \
                not _SIZE_OR_PLACE_NEXT.match(text, m.end()) and not _POINT_BEFORE.search(text[max(0, m.start() - 40):m.start()]) \
                and not _in_range(text, m.start(), m.end(), sym) and not _MULTIPLE_BEFORE.search(text[max(0, m.start() - 20):m.start()]):
            return m.group(0)  # "a 2D channel" with D defined
        named = _COUNTED_BY_PLACES.get(sym)
        if m.group("s1") and named and _PLACE_NEXT.match(text, m.end()) and re.search(named, text, re.I):
            return m.group(0)
        if _TIME_BEFORE.search(text[max(0, m.start() - 25):m.start()]) and sym.lower() == "h":
            return m.group(0)  # "run for 2 h": hours
        if m.group("s1"):
            return _metres(_value(values[sym], m.group("k"), m.group("d1")))
        return _metres(_value(values[sym], None, m.group("d2")))

    named: set[str] = set()

    def names(m: re.Match[str]) -> str:
        if m.group("s") not in values:
            return m.group(0)
        if re.search(rf"\b{_DIM_NOUN}s?\s*$", m.string[max(0, m.start() - 20):m.start()], re.I) or \
                re.match(rf"\s*(?:{NUM}|{_SYM}(?![\w]))", m.string[m.end():]):
            return m.group(0)  # "width L, height L/2": a list of sizes, not "L, the height"
        named.add(m.group("s"))
        return f"the {m.group('noun')} = {_metres(values[m.group('s')])}"

    text = _NAMES.sub(names, text)
    text = _WORDED.sub(lambda m: _metres(values[m.group("s")] * (_MULTIPLES[m.group("mult").lower()] if m.group("mult") else
                                                                 _count(m.group("n")) / _PARTS[m.group("part").lower()]))
                       if m.group("s") in values else m.group(0), text)
    text = _VALUE_NAMES.sub(lambda m: f"the {m.group('noun')} = {_metres(values[m.group('name')])}"
                            if m.group("name") in values else m.group(0), text)
    text = _USE.sub(use, text)

    def lone(m: re.Match[str]) -> str:
        sym = m.group("s") or m.group("s0") or m.group("s3") or m.group("s4")
        if sym not in values:
            return m.group(0)
        if m.group("before") and not re.match(r"[xyz]\b|\(", m.group("before"), re.I) and _NAMING_NEXT.match(m.string, m.end()):
            return m.group(0)  # "channel height H of 0.1 m": the definition itself
        if m.group("s3") or m.group("s4"):  # "a cavity L x L/2": the sides of a product
            return (m.group("by") or "") + _metres(values[sym])
        if m.group("before") and not re.match(r"[xyz]\b|\(", m.group("before"), re.I):
            named.add(sym)  # "a step of height H": H's bare definition has said no more than that value
        return (m.group("before") or "") + _metres(values[sym])

    text = _LONE.sub(lone, text)

    def bare(m: re.Match[str]) -> str:  # "H = 1 in" once "H the step height" said it; "Let L = 0.5 m be the reference length"
        before = text[max(0, m.start() - 30):m.start()]
        if re.search(rf"\b{_DIM_NOUN}s?\s*(?:\(\s*)?$", before, re.I):
            return m.group(0)  # "a rib of height h = 5 mm": the noun says what the value is
        if m.group("name") in named or _REFERENCE.search(_clause(text, m.start(), m.end())):
            return m.group("name")
        return m.group(0)

    text = _SIZED_DEFINITION.sub("", text)  # "the step is H = 1 in high": the size is the value, its letter said elsewhere
    return _DEF_VALUE.sub(bare, text)


def _count(word: str | None) -> float:
    """ "two" -> 2, "3" -> 3, none -> 1 (the count before a fraction word: "two thirds")."""
    if not word:
        return 1.0
    return float(word) if word[0].isdigit() else float(_COUNTS[word.lower()])


def _in_range(text: str, start: int, end: int, sym: str) -> bool:
    """Whether the count of `sym` at text[start:end] is an end of a range or a list of counts of it ("between
    3D and 5D", "from 2D to 3D", "3D, 6D and 9D downstream"): a length there, not a dimensionality."""
    other = rf"\s*(?:and|to|or|-|–|,)\s*{NUM}\s*(?:\*\s*)?(?-i:{re.escape(sym)})(?!\w)"
    return bool(_RANGE_BEFORE.search(text[max(0, start - 12):start]) or re.match(other, text[end:])
                or re.search(rf"{NUM}\s*(?:\*\s*)?(?-i:{re.escape(sym)})\s*(?:and|to|or|-|–|,)\s*$", text[max(0, start - 30):start]))


def _clause(text: str, start: int, end: int) -> str:
    """The words of the clause around text[start:end] (between full stops, semicolons and colons)."""
    left = max(text.rfind(c, 0, start) for c in ".;:\n")
    right = min([i for i in (text.find(c, end) for c in ";:\n") if i >= 0] + [len(text)])
    stop = re.search(r"\.(?!\d)", text[end:right])
    return text[left + 1:end + stop.start() if stop else right]


def length_of(expression: str, text: str) -> float | None:
    """The length in metres `expression` stands for in the symbols `text` defines ("3H", "H/2", "8 D", "4 D" of a
    point, "2 pi r", "c/10", "0.5 m") with "H = 0.1 m", "D = 20 mm", "radius r = 1 cm", "c = 0.3 m" in `text`;
    None when it is no length there. The one call for a shape's reader that holds a value as written."""
    return expression_length(expression, defined_symbols(text))
