"""A request written like a drawing: sizes by symbol ("Ø20", "⌀ 25 mm", "dia. 3 in") and coordinates
without a unit ("cylinder at x=100, y=50", "centre (150, 60)") in the drawing's unit: the one it declares
("all dimensions in mm", "units: inches") or the one its lengths are written in. `drawing_units` writes
them out ("diameter 20 mm", "x=100 mm") for the other readers. Pure functions."""

from __future__ import annotations

import re
from collections import Counter

from tasks.geometry.spec import NUM, UNIT, unit_factor

_DECLARED = re.compile(rf"\b(?:all\s+)?(?:dimensions|dims|units?|lengths|sizes|coordinates|measurements)\s*(?:are\s+|given\s+)?"
                       rf"(?:in\b|:|=|(?=\s+(?:{UNIT})\s*(?:[;,.)]|$)))\s*(?:\[\s*)?({UNIT})\b"  # "all dims mm;"
                       # a unit in brackets after unitless sizes, or said of them all: "(all mm)", "(mm, ±0.05)", "[mm]",
                       # "all in mm", "mm throughout"
                       rf"|[(\[]\s*(?:all\s+(?:in\s+)?)?({UNIT})\s*(?:[,;][^)\]]*)?[)\]]|\ball\s+(?:in\s+)?({UNIT})\b"
                       rf"|\b({UNIT})\s+throughout\b", re.I)
_EXPLICIT = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})", re.I)
_SYMBOL = re.compile(rf"(?:[Ø⌀∅]|(?<![\w.])dia\.?(?=\s*\d))\s*({NUM})\s*({UNIT})?"
                     rf"(?:\s*[x×]\s*({NUM})\s*({UNIT})?(?:\s*(?:long|lg\.?))?)?", re.I)  # "Ø50 x 1000 mm": a bar or a pipe, D x L
# a number that does not take the full stop after it ("its centreline at x = 120.")
_NUM_IN_SENTENCE = r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"
_BARE_COORD = re.compile(rf"(?<![\w.])([xyz])\s*=\s*({_NUM_IN_SENTENCE})(?!\w|\.\d|\s*(?:{UNIT}|\.\.|to\b|-\s*\d|…))", re.I)
_BARE_PAIR = re.compile(rf"\(\s*({NUM})\s*[,;]\s*({NUM})\s*(?:[,;]\s*({NUM})\s*)?\)(?!\s*(?:{UNIT}))", re.I)


# a bare coordinate up to this many metres may be metres whatever the other lengths are ("x = 1" beside "5 mm cells")
_PLAUSIBLE_METRES = 10.0


def drawing_unit(text: str) -> str | None:
    """The length unit the text is drawn in: declared ("all dimensions in mm"), else the one most of its
    lengths carry; None when that is metres or the text has no lengths."""
    declared = _DECLARED.search(text)
    if declared:
        said = next(g for g in declared.groups() if g)
        return None if unit_factor(said) == 1.0 else said
    units = Counter(m.group(2).lower() for m in _EXPLICIT.finditer(text) if not _is_rate(text, m.end()))
    if not units:
        return None
    unit = units.most_common(1)[0][0]
    return None if unit_factor(unit) == 1.0 else unit


def _is_rate(text: str, end: int) -> bool:
    return bool(re.match(r"\s*(?:/|per\b|\^|²|³|2\b|3\b)", text[end:]))


# the sections' lengths and heights by their drawing symbols: "Lu = 5h", "L_d = 40h", "L_in: 100 mm", "H_out = 30 mm"
_SECTION_SYMBOLS = [
    (r"L_?(?:u|up|in|inlet|upstream)", "upstream length"), (r"L_?(?:d|dn|down|out|outlet|downstream)", "downstream length"),
    (r"L_?(?:t|tot|total)", "total length"), (r"H_?(?:in|inlet)", "inlet height"), (r"H_?(?:out|outlet)", "outlet height"),
]


def section_symbols(text: str) -> str:
    """`text` with the drawing symbols of a section's size written as its name ("Lu = 5h" -> "upstream length = 5h")."""
    for symbol, name in _SECTION_SYMBOLS:
        text = re.sub(rf"(?<![\w.])(?-i:{symbol})(?=\s*(?:=|:)\s*[\d.])", name, text)
    return text


def drawing_units(text: str, force: bool = False) -> str:
    """`text` with the drawing's symbols and bare coordinates written with their unit: "Ø20" -> "diameter
    20 mm", and when a bare coordinate read in metres would lie beyond every stated length and beyond 10 m
    ("x=100" beside "L = 600 mm"), or when `force`d (read in metres, a body fell outside the domain), every
    bare coordinate and point in the drawing's unit."""
    text = section_symbols(text)
    unit = drawing_unit(text)
    def symbol(m: re.Match[str]) -> str:
        d_unit = m.group(2) or m.group(4) or unit or "m"
        size = f"diameter {m.group(1)} {d_unit}" + (f", {m.group(3)} {m.group(4) or d_unit} long" if m.group(3) else "")
        return size + (" " if text[m.end():m.end() + 1].isalnum() else "")
    text = _SYMBOL.sub(symbol, text)
    if not unit:
        return text
    if _DECLARED.search(text):
        text = declared_sizes(text, unit)
    sizes = [float(m.group(1)) * unit_factor(m.group(2)) for m in _EXPLICIT.finditer(text) if not _is_rate(text, m.end())]
    largest = max(sizes, default=0.0)
    bare = [abs(float(m.group(2))) for m in _BARE_COORD.finditer(text)] + \
        [abs(float(v)) for m in _BARE_PAIR.finditer(text) for v in m.groups() if v]
    if not force and (not largest or not bare or max(bare) <= max(1.5 * largest, _PLAUSIBLE_METRES)):
        return text  # the bare numbers fit the domain in metres (or no domain is stated): they are metres
    text = _BARE_COORD.sub(lambda m: f"{m.group(1)} = {m.group(2)} {unit}", text)
    return _BARE_PAIR.sub(lambda m: f"{m.group(0)} {unit}", text)


_NO_LENGTH_AFTER = rf"(?![\w.]|\s*(?:{UNIT}|%|cells?|elements?|divisions?|mesh|grid|deg|°|/|\^|\*\*))"
_NAMED_SIZE = re.compile(rf"\b((?:side|length|height|width|depth|diameter|radius|chord|thickness|gap|(?-i:[LHDWhdcRr]|ID|OD))"
                         rf"\s*(?:=|:|of)?\s*)({NUM}){_NO_LENGTH_AFTER}", re.I)
_SIZE_ADJECTIVE = re.compile(rf"(?<![\w.])({NUM})(?=\s*(?:-\s*)?(?:long|high|wide|tall|deep|thick|across|in\s+diameter|dia\b"
                             r"|overall\s+length)\b|\s+(?-i:[LHWD])\b(?!\s*[=:]))", re.I)
# a place counted from a feature in the drawing's unit: "150 from the inlet face", "75 above the bottom wall"
_PLACE_FROM = re.compile(rf"(?<![\w.=])({NUM})(?=\s+(?:from|above|below|(?:down|up)stream\s+(?:of|from)|behind|after|before|off|in\s+from)\b)",
                         re.I)
# a coordinate range with no unit: "x = -125..0", "from x = -125 to x = 0"
_BARE_RANGE = re.compile(rf"(\b[xyz]\s*=\s*)({_NUM_IN_SENTENCE})(\s*(?:\.\.|…|to\s+(?:[xyz]\s*=\s*)?)\s*)({_NUM_IN_SENTENCE})"
                         rf"(?![\w.]*\d|\s*(?:{UNIT}))", re.I)
# the second size of a product whose first has its unit already: "600 mm overall length x 150"
_PRODUCT_TAIL = re.compile(rf"(\b(?:{UNIT})\b(?:\s+[A-Za-z]+){{0,2}}\s*[x×]\s*)({NUM}){_NO_LENGTH_AFTER}", re.I)
_SIZE_PRODUCT = re.compile(rf"(?<![\w.])({NUM})\s*(x|by|×)\s*({NUM})(?:\s*(x|by|×)\s*({NUM}))?{_NO_LENGTH_AFTER}", re.I)


def declared_sizes(text: str, unit: str) -> str:
    """`text` with the unitless sizes of a drawing that declares its unit written in it: "channel 40 x 8"
    -> "40 in x 8 in", "side 2" -> "side 2 in" (cell counts, "100 x 20 cells", keep no unit)."""
    text = _NAMED_SIZE.sub(lambda m: f"{m.group(1)}{m.group(2)} {unit}", text)
    text = _SIZE_ADJECTIVE.sub(lambda m: f"{m.group(1)} {unit}", text)
    text = _PLACE_FROM.sub(lambda m: f"{m.group(1)} {unit}", text)
    text = _SIZE_PRODUCT.sub(lambda m: " ".join(
        f"{v} {unit}" if i % 2 == 0 else v for i, v in enumerate(g for g in m.groups() if g)), text)
    text = _BARE_RANGE.sub(lambda m: f"{m.group(1)}{m.group(2)} {unit}{m.group(3)}{m.group(4)} {unit}", text)
    text = _PRODUCT_TAIL.sub(lambda m: f"{m.group(1)}{m.group(2)} {unit}", text)
    text = _BARE_COORD.sub(lambda m: f"{m.group(1)} = {m.group(2)} {unit}", text)
    return _BARE_PAIR.sub(lambda m: f"{m.group(0)} {unit}", text)


def has_bare_coordinates(text: str) -> bool:
    """The text has a drawing unit and coordinates without a unit that `drawing_units` may read in it."""
    return drawing_unit(text) is not None and bool(_BARE_COORD.search(text) or _BARE_PAIR.search(text))
