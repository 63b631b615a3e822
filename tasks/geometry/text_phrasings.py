"""Ways of saying a size that the geometry readers take in one form, rewritten into that form:

- a shape's size right after its noun: "a square cavity (200 mm)", "an enclosure of 500 mm", "a cube of
  1 ft", "a box (side: 15 cm)", "0.5 m cubed" -> "side 200 mm" (a cube or "cubed" is also said to be 3D);
- an adjective before its value: "long 0.4 m and high 0.05 m" -> "0.4 m long and 0.05 m high";
- an axis after a length: "152.4 mm in y by 76.2 mm in z" -> "152.4 mm high by 76.2 mm deep";
- the ends of a change of section: "from 4 cm at the inlet to 8 cm at the outlet" -> "from 4 cm to 8 cm",
  "10 cm tall at the inlet, 4 cm at the outlet" -> "inlet height 10 cm, outlet height 4 cm";
- a size named in parentheses after its body: "a step (height 15 mm)" -> "a step height 15 mm";
- a section named with a bare size: "inlet channel 0.02 m" -> "inlet channel height 0.02 m";
- one section in multiples of another: "the outlet channel 2 times as high as the 10 mm inlet channel"
  -> "outlet channel height 0.02 m, the 10 mm inlet channel";
- a proportion with one of its sizes in parentheses: "4 times as wide (40 cm) as it is high" -> "40 cm
  wide and 0.1 m high";
- vertices as coordinate lists: "x, y = 30, 5 / 40, 5 / 35, 12 cm" -> "(0.3, 0.05) (0.4, 0.05) (0.35, 0.12)";
- a "cell" that is a box, not a mesh cell: "a convection cell", "the test cell" -> "... enclosure".

Runs after spelled numbers are digits ("twice" is "2 times"). Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor

_SIZE = rf"{NUM}\s*{UNIT}"
_ADJ = r"(?:long|high|tall|wide|deep|thick|broad)"
# what may follow a size said of a whole shape: not another size ("by", "x"), nor a word saying what it measures
_ENDS = rf"(?!\s*(?:x|by|×|\*|-?\s*{_ADJ}\b|in\s+(?:length|height|width|depth|diameter|[xyz]\b)|across|on\s+a\s+side|square|cubed"
_ENDS += r"|(?:down|up)stream|from|away|apart|behind|ahead|diameter|radius|along|thick|length\b))"
_BOXES = r"(?:cavity|enclosure|box|cube|square|tank|vessel|container|basin|reservoir|chamber)"

_CELL = re.compile(r"\b((?:convection|convective|b[eé]nard|test|flow|measurement|experimental|heated|differentially[- ]heated)"
                   r"\s+)cell\b(?!s)", re.I)
_CUBE_OF = re.compile(rf"\b({_BOXES})\s*(?:\(\s*(?:(?:side|edge|size)\s*[:=]?\s*|square\s*,\s*)?|,\s*square\s*,\s*|\s+of\s+(?:side\s+)?"
                      rf"|\s+with\s+(?:a\s+)?side\s+(?:of\s+)?|,\s+)({_SIZE}){_ENDS}", re.I)
_SQUARE_COMMA = re.compile(rf"\bsquare\s*,\s*({_SIZE}){_ENDS}", re.I)
# "a step (height 15 mm)", "the cylinder (diameter: 2 cm)": a size named in parentheses after its body
_NAMED_IN_PARENS = re.compile(rf"\b(step|cylinder|channel|duct|pipe|tube|cavity|box|block|obstacle|rod|body|inlet|outlet|section|domain)"
                              rf"\s*\(\s*((?:height|width|length|diameter|radius|depth|side|chord)\s*(?:[:=]|of)?\s*{_SIZE})\s*\)", re.I)
# "0.5 m cubed", "1 ft on each side", "20 cm per edge"; "565.5 mm each side" only right after a box's noun ("a periodic
# box 565.5 mm each side"): "0.25 m each side" of a body is a distance to the side walls
_CUBED = re.compile(rf"(?<![\w.])({_SIZE})\s*(?:cubed|cube\b|on\s+(?:each|every|a)\s+(?:side|edge)|(?:each|every|per)\s+edge"
                    rf"|(?:each|every|per|a)\s+side\b(?P<boxed>))", re.I)
_BOX_BEFORE = re.compile(rf"\b(?:box|cube|cavity|enclosure|tank|container|vessel|chamber)\s+(?:of\s+)?$", re.I)
_ADJ_FIRST = re.compile(rf"(?<!\bas\s)(?<!\bso\s)(?<!\btoo\s)\b({_ADJ})\s+({_SIZE})(?!\s*(?:-\s*)?{_ADJ}\b)", re.I)
_AXIS_WORD = {"x": "long", "y": "high", "z": "deep"}
_MESH_CLAUSE = re.compile(r"\b(?:cells?|mesh|grid|spacing|resolution)\b", re.I)
_AXIS_AFTER = re.compile(rf"(?<!\bat\s)(?<![\w.])({_SIZE})\s+(?:in|along)\s+(?:the\s+)?([xyz])(?:[- ]?(?:direction|axis))?\b(?!\s*=)",
                         re.I)
_END_AT = re.compile(rf"\b((?:from|to|into)\s+(?:an?\s+|the\s+)?{_SIZE})\s*(?:-\s*)?(?:high|tall|wide)?\s+at\s+(?:the\s+|its\s+)?"
                     r"(?:inlet|entrance|entry|inflow|outlet|exit|outflow|upstream\s+end|downstream\s+end|start|end)\b", re.I)
_SIDE_AT = re.compile(rf"(?<![\w.])({_SIZE})\s*(?:-\s*)?(?:high|tall|wide|across)?\s+at\s+(?:the\s+|its\s+)?"
                      r"(inlet|entrance|entry|inflow|outlet|exit|outflow)\b", re.I)
_OUTLETS = ("outlet", "exit", "outflow")
_BARE_SECTION = re.compile(rf"\b((?:inlet|outlet|upstream|downstream|entrance|exit)\s+(?:channel|section|duct|passage))"
                           rf"\s*(?:[:=]|\bof\b|\bis\b)?\s*({_SIZE}){_ENDS}", re.I)
_SECTION = r"(inlet|outlet|upstream|downstream|entrance|exit)"
_SECTION_TIMES = re.compile(rf"\b{_SECTION}\s+(?:(?:channel|section|duct)\s+)?(?:is\s+)?({NUM})\s+times\s+as\s+(?:high|tall|wide)\s+as\s+"
                            rf"(?:the\s+|an?\s+)?(?:({NUM})\s*({UNIT})\s*(?:-\s*)?(?:high|tall|wide)?\s+)?{_SECTION}"
                            rf"(?:\s+(?:channel|section|duct))?(?:\s*\(\s*({NUM})\s*({UNIT})\s*\))?", re.I)
_TIMES_PAREN = re.compile(rf"(?<![\w.])({NUM})\s+times\s+as\s+({_ADJ})\s*\(\s*({NUM})\s*({UNIT})\s*\)\s+as\s+(?:it\s+is\s+|its\s+)?"
                          rf"({_ADJ}|height|width|length|depth)\b", re.I)
_NOUN_ADJ = {"height": "high", "width": "wide", "length": "long", "depth": "deep"}
_COORD_LIST = re.compile(rf"(?:\(\s*x\s*,\s*y\s*\)|\bx\s*,\s*y)\s*(?:=|:|are|in\s+({UNIT})\s*[:=]?)?\s*"
                         rf"((?:\(?\s*{NUM}\s*,\s*{NUM}\s*\)?\s*[/;|]\s*)+\(?\s*{NUM}\s*,\s*{NUM}\s*\)?)\s*({UNIT})?", re.I)


def _metres(value: str, unit: str | None) -> float:
    return float(value) * unit_factor(unit)


def _coordinate_list(m: re.Match[str]) -> str:
    unit = m.group(1) or m.group(3)
    pairs = re.findall(rf"({NUM})\s*,\s*({NUM})", m.group(2))
    points = " ".join(f"({_metres(x, unit):g}, {_metres(y, unit):g})" for x, y in pairs)
    return f"vertices {points} m" if unit else f"vertices {points}"


def _section_times(m: re.Match[str]) -> str:
    value, unit = (m.group(3), m.group(4)) if m.group(3) else (m.group(6), m.group(7))
    if not value:
        return m.group(0)
    size = float(m.group(2)) * _metres(value, unit)
    return f"{m.group(1)} channel height {size:g} m, {m.group(5)} channel height {_metres(value, unit):g} m"


def _times_paren(m: re.Match[str]) -> str:
    n = float(m.group(1))
    if n <= 0:
        return m.group(0)
    first = _metres(m.group(3), m.group(4))
    second = _NOUN_ADJ.get(m.group(5).lower(), m.group(5).lower())
    return f"{first:g} m {m.group(2).lower()} and {first / n:g} m {second}"


def _side_at(m: re.Match[str]) -> str:
    end = "outlet" if m.group(2).lower() in _OUTLETS else "inlet"
    return f"{end} height {m.group(1)}"


_ONE_AND_OTHER = re.compile(r"\bone\s+(at|cent(?:red|ered)\s+at|placed\s+at)\s+([^,;]*?\d[^,;]*?)\s*,?\s+and\s+the\s+other\s+"
                            r"(?:one\s+)?(?:at|cent(?:red|ered)\s+at|placed\s+at)\s+", re.I)


_PLANAR = re.compile(r"\b2-?d\b|\btwo[- ]dimensional\b|\bplanar\b", re.I)
_ROUND_WORDS = re.compile(r"\b(?:diameters?|dia|bores?|radius|radii|round|circular|axi-?symmetric|wedge|annul\w*|3-?d|"
                          r"three[- ]dimensional|(?-i:ID|OD))\b|Ø|⌀", re.I)


def planar_pipes(text: str) -> str:
    """`text` with "pipe" read as a planar duct where the request is 2D and sizes its pipes by their height, never a
    diameter ("2D muffler: a 10 cm long inlet pipe 2 cm high"): a round pipe is never said so."""
    if not _PLANAR.search(text) or _ROUND_WORDS.search(text) or not re.search(r"\b(?:high|tall|height)\b", text, re.I):
        return text
    return re.sub(r"\b(pipe|tube)(s?)\b", lambda m: "duct" + m.group(2), text, flags=re.I)


_SPACED_PAIR = re.compile(rf"\(\s*({NUM})\s+({NUM})\s*\)")


def comma_pairs(text: str) -> str:
    """`text` with points written as OpenFOAM writes them, "(0.3 0.1)", in the form the point readers take, "(0.3, 0.1)"."""
    return _SPACED_PAIR.sub(r"(\1, \2)", text)


_HALF = re.compile(rf"\b(?:half|semi)[- ]?(height|width)\s*(?:of\s+|=\s*|:\s*|is\s+)?({NUM})(\s*{UNIT})?", re.I)


def whole_sizes(text: str) -> str:
    """`text` with a symmetric section's half-height said as its height ("half-height 0.05" -> "height 0.1")."""
    return _HALF.sub(lambda m: f"{m.group(1)} {2 * float(m.group(2)):g}{m.group(3) or ''}", text)


_STAYS_TO = re.compile(rf"\s*,?\s*and\s+(?:then\s+)?(?:stays|remains|continues|carries\s+on|runs\s+on)\s+(?:raised|lowered|there|up|down|"
                       rf"level|flat|at\s+(?:that|this|the\s+new)\s+(?:level|height))\s+(?:all\s+the\s+way\s+)?(?:up\s+)?"
                       rf"(?:to|until|till)\s+x\s*=\s*({NUM}\s*(?:{UNIT})?)", re.I)


def level_kept(text: str) -> str:
    """`text` with a wall that "stays raised up to x = 1 m" after a step said as where the duct ends ("the outlet at x =
    1 m"): the wall keeps its level, the x is the end's, no second station of a ramp."""
    return _STAYS_TO.sub(lambda m: f", the outlet at x = {m.group(1).strip()}", text)


def listed_places(text: str) -> str:
    """`text` with two bodies' places said one by one ("one at y = 6 cm and the other at y = 14 cm") as a list ("at
    y = 6 cm and y = 14 cm"), as the body readers take several places."""
    return _ONE_AND_OTHER.sub(r"\1 \2 and ", text)


def canonical_phrasing(text: str) -> str:
    """`text` with the phrasings listed in the module's docstring rewritten into the forms the
    geometry readers take; other text unchanged."""
    t = re.sub(r"\b(sudden|abrupt|sharp|gradual)-(?=[a-z])", r"\1 ", text, flags=re.I)  # "a sudden-expansion duct"
    t = re.sub(r"\bbluff[- ](bod(?:y|ies))\b", r"\1", t, flags=re.I)  # "a square bluff body": a body in the flow
    t = re.sub(r"\bledge(s?)\b", r"step\1", t, flags=re.I)  # "a forward-facing ledge 3 cm tall": a step

    t = _CELL.sub(lambda m: f"{m.group(1)}enclosure", t)
    t = _COORD_LIST.sub(_coordinate_list, t)
    three_d = bool(re.search(r"\bcube\b|\bcubed\b|\bcubic\b", t, re.I))
    t = _NAMED_IN_PARENS.sub(lambda m: f"{m.group(1)} {m.group(2)}", t)
    t = _CUBED.sub(lambda m: m.group(0) if m.group("boxed") is not None and not _BOX_BEFORE.search(m.string[:m.start()])
                   else f"side {m.group(1)}", t)
    t = _CUBE_OF.sub(lambda m: f"{m.group(1)} side {m.group(2)}", t)
    t = _SQUARE_COMMA.sub(lambda m: f"square, side {m.group(1)}", t)
    t = _ADJ_FIRST.sub(lambda m: f"{m.group(2)} {m.group(1)}", t)
    # "0.5 m along x": a length of the domain; in a clause of the mesh ("20 cells across, 5 mm along x") a cell's size
    t = _AXIS_AFTER.sub(lambda m: m.group(0) if _MESH_CLAUSE.search(re.split(r"[.;:\n]", m.string[:m.start()])[-1])
                        else f"{m.group(1)} {_AXIS_WORD[m.group(2).lower()]}", t)
    t = _END_AT.sub(lambda m: m.group(1), t)
    t = _SIDE_AT.sub(_side_at, t)
    t = _SECTION_TIMES.sub(_section_times, t)
    t = _TIMES_PAREN.sub(_times_paren, t)
    t = _BARE_SECTION.sub(lambda m: f"{m.group(1)} height {m.group(2)}", t)
    three_d = three_d or bool(re.search(rf"{_SIZE}\s+(?:in|along)\s+(?:the\s+)?z\b(?!\s*=)", text, re.I))  # a size across z: 3D
    if three_d and not re.search(r"\b[23]-?d\b|(?:two|three)[- ]dimensional|planar|axisymmetric", t, re.I):
        t = f"3D {t}"
    return t
