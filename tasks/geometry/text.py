"""Geometry from the words of a request: the shape named, lengths with their units, points,
centres, ranges, aspect ratios, angles of attack and NACA codes. Pure functions; lengths come
back in metres. `parse_geometry` puts them together into a GeometrySpec (or None when the
request names no shape of the library)."""

from __future__ import annotations

import math
import re
from typing import Any

from tasks.geometry.placement import (axis_ranges, body_at_origin, body_x, body_y, distances_from_body, place, wall_side,
                                      x_list)
from tasks.geometry.spec import NUM, OPPOSITE, UNIT, GeometrySpec, Point, Shape, make_spec, unit_factor
from tasks.geometry.text_sections import blank, section_sizes
from tasks.geometry.text_words import cavity_proportion, length_in_multiples, plain_lengths

LENGTH = rf"({NUM})\s*({UNIT})?"
_DEG = r"(?:°|degrees?|degs?\b|deg\b)"


def parse_length(text: str) -> float | None:
    """The first length in `text` in metres ("5 cm" -> 0.05, "2 in" -> 0.0508)."""
    m = re.search(rf"(?<![\w.]){NUM}\s*{UNIT}", text, re.I) or re.search(rf"(?<![\w.]){NUM}", text)
    if not m:
        return None
    num = re.match(NUM, m.group(0))
    return float(num.group(0)) * unit_factor(m.group(0)[num.end():].strip() or None)  # type: ignore[union-attr]


def coordinate_unit(text: str) -> float:
    """The unit coordinates are given in ("coordinates in mm", "(0, 0) cm"); metres by default."""
    m = re.search(rf"(?:coordinates?|vertices|points|positions?)\s+(?:are\s+)?in\s+({UNIT})", text, re.I) \
        or re.search(rf"\)\s*({UNIT})\b", text, re.I) or re.search(rf"\bin\s+({UNIT})\s*[),.;]?\s*$", text, re.I)
    return unit_factor(m.group(1)) if m else 1.0


_PAIR = re.compile(rf"\(\s*({NUM})\s*[,;]\s*({NUM})\s*\)")


def find_points(text: str) -> list[Point]:
    """Every (x, y) pair in `text`, in metres."""
    f = coordinate_unit(text)
    return [(float(a) * f, float(b) * f) for a, b in _PAIR.findall(text)]


def vertices(text: str) -> list[Point] | None:
    """The points listed after "vertices", "corners", "points" or "polygon"."""
    m = re.search(r"\b(?:vertices|vertexes|corners|points|polygon)\b", text, re.I)
    if not m:
        return None
    tail = text[m.end():]
    run = re.match(rf"[^()]*?((?:{_PAIR.pattern}\s*(?:,|and)?\s*)+)", tail)
    return find_points(run.group(1) + text[m.end() + run.end():][:30]) if run else None


def centre(text: str) -> Point | None:
    """Where a body sits: "centred at (3, 2)", "center at x = 3, y = 2", "located at (3, 2)"."""
    f = coordinate_unit(text)
    at = r"(?:cent(?:er|re)(?:e?d)?|located|positioned|placed|sits?|position|cent(?:er|re))\s*(?:at|:|=|is)?\s*(?:at\s*)?"
    m = re.search(at + _PAIR.pattern, text, re.I)
    if m:
        return float(m.group(1)) * f, float(m.group(2)) * f
    m = re.search(rf"(?:{at}|\bat\s+)x\s*(?:=|:)?\s*{LENGTH}\s*,?\s*(?:and\s+)?y\s*(?:=|:)?\s*{LENGTH}", text, re.I)
    if m:
        return float(m.group(1)) * unit_factor(m.group(2)), float(m.group(3)) * unit_factor(m.group(4))
    return None


def coordinate_range(text: str, axis: str = "x") -> tuple[float, float] | None:
    """"from x = 0 to x = 4", "x from 0 to 4 m", "between x = 0 and x = 4" -> (0, 4) metres."""
    a = re.escape(axis)
    for pattern in (rf"from\s+{a}\s*=\s*{LENGTH}\s*(?:to|-|until)\s*(?:{a}\s*=\s*)?{LENGTH}",
                    rf"\b{a}\s+(?:from|between)\s+{LENGTH}\s*(?:to|and|-)\s*{LENGTH}",
                    rf"between\s+{a}\s*=\s*{LENGTH}\s*and\s*(?:{a}\s*=\s*)?{LENGTH}"):
        m = re.search(pattern, text, re.I)
        if m:
            u = m.group(4) or m.group(2)
            return float(m.group(1)) * unit_factor(m.group(2) or u), float(m.group(3)) * unit_factor(u)
    return None


# after a length: it says where something is ("the outlet 100 cm downstream of the step"), not how big
_NOT_A_PLACE = r"(?!\s*(?:(?:down|up)[- ]?stream|from|after|behind|away|beyond|before|ahead|long)\b)"

# the inner and outer bodies of an annulus, and the words that give one of them a size: "inner cylinder
# radius", "the inner cylinder has a diameter of", "the outer wall, with a radius of", "rotor diameter"
_INNER_BODY = r"(?:inner\s+(?:cylinder|rotor|wall|pipe|tube|shaft)|rotor|shaft|spindle)\b"
_OUTER_BODY = r"(?:outer\s+(?:cylinder|stator|wall|pipe|tube|casing)|stator|casing|housing)\b"
_HAS_A = r"(?:\s*,?\s+(?:(?:of|with|has|having)\s+(?:an?\s+)?)?|\s+)"
_INNER = rf"(?:{_INNER_BODY}{_HAS_A}|inner\s+)"
_OUTER = rf"(?:{_OUTER_BODY}(?:\s+bore)?{_HAS_A}|outer\s+)"

_WHOLE = r"(?:channel|duct|domain|total|overall|cavity|enclosure)\s+"  # "100 mm channel height"

# What a dimension is called in words: name -> (words before a length, adjectives after one)
_DIM_WORDS: dict[str, tuple[str, str]] = {
    "step_height": (r"step\s+height|step\s+(?:of|with)\s+(?:a\s+)?height"  # not "backward-facing step: 100 mm channel"
                    r"|(?:(?<!facing\s)(?<!forward\s)(?<!backward\s)(?<!rearward\s)(?<!back\s)step|step(?!\s*:))"
                    r"|(?:floor|wall|bottom|bed)\s+(?:\w+ly\s+)?(?:rises|drops|falls|steps\s+(?:up|down))\s+(?:\w+ly\s+)?by",
                    r"(?:high\s+)?(?:(?:backward|forward|rearward)s?[- ]facing\s+)?step"
                    r"|(?:rise|drop|step[- ](?:up|down))\s+(?:of|in)\s+the\s+(?:floor|bottom|wall|bed)"),
    "inner_radius": (rf"{_INNER}radius|\bri\b|\br_i\b|\br1\b|{_INNER_BODY}\s+(?-i:r)(?=\s*[=:]?\s*\d)", rf"inner\s+radius|radius\s+{_INNER_BODY}"),
    "outer_radius": (rf"{_OUTER}radius|\bro\b|\br_o\b|\br2\b|{_OUTER_BODY}\s+(?:bore\s+)?(?-i:r)(?=\s*[=:]?\s*\d)", rf"outer\s+radius|radius\s+{_OUTER_BODY}"),
    "inner_diameter": (rf"{_INNER}diameter|(?-i:\bID\b)", rf"inner\s+diameter|diameter\s+{_INNER_BODY}|(?-i:ID\b)|i\.d\."),
    "outer_diameter": (rf"{_OUTER}diameter", rf"outer\s+diameter|diameter\s+{_OUTER_BODY}"),
    "inlet_height": (rf"(?:inlet|entrance|entry|upstream)\s+(?:(?:channel|duct|section|opening)\s+)?(?:height|width|size)"
                     r"|(?:(?:channel|duct)\s+)?(?:height|width)\s+(?:upstream|before\s+the\s+(?:step|expansion|contraction|change))"
                     rf"|(?:(?:channel|duct)\s+)?height(?=\s*(?:of\s+|=\s*|:\s*)?{NUM}\s*{UNIT}\s+(?:upstream|before)\b)"
                     rf"|(?:inlet|entrance|entry)(?=\s*(?:of\s+|=\s*|:\s*)?{NUM}\s*{UNIT}{_NOT_A_PLACE})",
                     r"(?:high|wide)\s+(?:inlet|entrance|entry)|(?<=[A-Za-z\"]\s)(?:inlet|entrance|entry)\b"
                     r"(?!\s+(?:channel|section|duct|length|pipe|leg|region|part|velocity|speed|flow|patch|boundary))"),
    "outlet_height": (rf"(?:outlet|exit|downstream)\s+(?:(?:channel|duct|section|opening)\s+)?(?:height|width|size)"
                      r"|(?:(?:channel|duct)\s+)?(?:height|width)\s+(?:downstream|after\s+the\s+(?:step|expansion|contraction|change))"
                      rf"|(?:(?:channel|duct)\s+)?height(?=\s*(?:of\s+|=\s*|:\s*)?{NUM}\s*{UNIT}\s+(?:downstream|after|behind)\b)"
                      rf"|(?:outlet|exit)(?=\s*(?:of\s+|=\s*|:\s*)?{NUM}\s*{UNIT}{_NOT_A_PLACE})",
                      r"(?:high|wide)\s+(?:outlet|exit)|(?<=[A-Za-z\"]\s)(?:outlet|exit)\b"
                      r"(?!\s+(?:channel|section|duct|length|pipe|leg|region|part|velocity|speed|flow|patch|boundary))"),
    "branch_width": (r"branch\s+width", r"wide\s+branch"),
    "branch_length": (r"branch\s+length", r"long\s+branch"),
    "upstream_length": (rf"(?:upstream|inlet)\s+(?:(?:channel|section|duct)\s+)?length"
                        rf"|upstream(?=\s*[:=]?\s*{NUM}\s*{UNIT}(?!\s*(?:high|wide|tall|in\s+height)))",
                        r"(?:long\s+)?upstream(?!\s+of\s+the\s+outlet)|long\s+inlet\s+(?:channel|section|duct)"
                        rf"|before(?=\s+and\s+{NUM}\s*{UNIT}\s+after\b)"
                        r"|(?:before|ahead\s+of|in\s+front\s+of)\s+the\s+(?:step|expansion|contraction|change|taper)"),
    "downstream_length": (rf"(?:downstream|outlet)\s+(?:(?:channel|section|duct)\s+)?length"
                          rf"|downstream(?=\s*[:=]?\s*{NUM}\s*{UNIT}(?!\s*(?:high|wide|tall|in\s+height)))",
                          r"(?:long\s+)?downstream(?!\s+of\s+the\s+inlet)|long\s+outlet\s+(?:channel|section|duct)"
                          r"|(?:after|behind|past)\s+(?:it\b|the\s+(?:step|expansion|contraction|change|taper))"),
    "domain_radius": (r"(?:domain|far[- ]?field)\s+radius", r"domain\s+radius"),
    "gap": (r"gap(?:\s+width)?|separation|spacing", r"(?:annular\s+|radial\s+)?gap|apart"),
    "chord": (r"chord(?:\s+length)?(?:\s*,?\s*(?-i:c)\b)?|(?-i:\bc\b)(?=\s*[=:])", r"chord"),
    "diameter": (r"diameter|\bD\b|bore",
                 r"(?:in\s+)?diameter|bore|(?=(?:circular\s+|round\s+)?(?:cylinder|rod|disc|disk|pillar|post|wire)\b)"),
    "radius": (r"radius|\bR\b", r"(?:in\s+)?radius"),
    "length": (r"length|\bL\b", rf"long|in\s+length|(?:{_WHOLE})?length"),
    "height": (r"height|(?-i:\bH\b)", rf"high|tall|in\s+height|(?:{_WHOLE})?height"),
    "width": (r"width|(?-i:\bW\b)", rf"wide|in\s+width|(?:{_WHOLE})?width"),
    "depth": (r"depth|span", r"deep|in\s+depth|depth"),
    "side": (r"side(?:\s+length)?|size|edge(?:\s+length)?", r"(?:side|square|edge)|on\s+(?:a|each)\s+side"),
}


_TOTAL = re.compile(r"\b(?:in\s+total|overall|total\s+length|in\s+all|altogether|end\s+to\s+end)\b", re.I)


def named_lengths(text: str) -> dict[str, float]:
    """Lengths by name, in metres: "height 0.1 m", "a height of 10 cm", "2 m long",
    "diameter = 5 mm", "a 5 cm diameter cylinder". The first mention of each name wins."""
    found: dict[str, tuple[int, float]] = {}
    claimed: list[tuple[int, int]] = []
    for name, (before, after) in _DIM_WORDS.items():
        patterns = [
            rf"(?<![\w/-])(?:{before})(?:\s+[A-Za-z][A-Za-z_]?\d?(?=\s*=))?"  # "inlet height h1 = 1 cm"
            rf"\s*(?:of|=|:|is|was|equal\s+to|about|around|\(|\s)\s*(?:of\s+|about\s+)?{LENGTH}",
            rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:{after})\b",
        ]
        for pattern in patterns:
            for m in re.finditer(pattern, text, re.I):
                span = (m.start(1), m.end(1))
                if any(a < span[1] and span[0] < b for a, b in claimed):
                    continue  # this number already belongs to a more specific name
                if pattern is patterns[0] and not m.group(2) and re.match(r"\s*(?:x|by|×)\s*\d", text[m.end():]):
                    continue
                if not m.group(2) and re.match(r"\s*(?:(?-i:[HhDdWwcRr])\b|(?:channel\s+)?(?:heights?|diameters?|widths?"
                                                r"|radii|chords?)\b|times\b)", text[m.end(1):]):
                    continue  # "L = 20H", "40 diameters long": a multiple of another size (length_in_multiples)
                value = float(m.group(1)) * unit_factor(m.group(2))
                if name not in found or m.start() < found[name][0]:
                    found[name] = (m.start(), value)
                claimed.append(span)
                break
    return {k: v for k, (_, v) in found.items()}


_INLET_SIDE = r"inlet|upstream|entrance|entry|inflow"
_OUTLET_SIDE = r"outlet|downstream|exit|outflow"


def section_lengths(text: str) -> dict[str, float]:
    """The sizes of the inlet and outlet sections of a step, expansion, contraction or nozzle, said
    of the section itself: "the inlet channel is 1 cm high", "outlet section 40 cm long", "the
    upstream duct has a height of 10 mm", "downstream channel 30 mm wide"."""
    out: dict[str, float] = {}
    noun = r"(?:channel|section|duct|part|leg|pipe|passage|region)"
    for side, words in (("inlet", _INLET_SIDE), ("outlet", _OUTLET_SIDE)):
        for m in re.finditer(rf"\b(?:{words})\s+{noun}\s+(?:is\s+|has\s+|with\s+)?(?:an?\s+)?"
                             rf"(?:(?P<noun>height|width|length)\s+(?:of\s+|=\s*|is\s+)?)?{LENGTH}\s*"
                             rf"(?P<adj>high|wide|tall|long|in\s+height|in\s+length)?", text, re.I):
            word = (m.group("noun") or m.group("adj") or "").lower()
            if not word:
                continue
            along = word in ("length", "long", "in length")
            name = (("upstream" if side == "inlet" else "downstream") + "_length") if along else f"{side}_height"
            out.setdefault(name, float(m.group(2)) * unit_factor(m.group(3)))  # group 1 is the noun
    for name, words in (("narrow", r"narrow(?:er)?|small(?:er)?"), ("wide", r"wide(?:r)?|large(?:r)?|big(?:ger)?")):
        ahead = re.search(rf"(?<![\w.]){LENGTH}\s+of\s+(?:the\s+)?(?:{words})\s+{noun}", text, re.I)  # "15 cm of wide duct"
        if ahead and ahead.group(2):
            out.setdefault(f"{name}_length", float(ahead.group(1)) * unit_factor(ahead.group(2)))
        for m in re.finditer(rf"\b(?:{words})\s+{noun}\s*(?:is\s+|has\s+|of\s+|with\s+|:\s*|\(\s*)?(?:an?\s+)?"
                             rf"(?:(?P<noun>height|width|length)\s+(?:of\s+|=\s*|is\s+)?)?{LENGTH}"
                             rf"(?:\s*(?P<adj>long|in\s+length|high|tall|wide|in\s+height))?", text, re.I):
            if not m.group(3):
                continue
            along = (m.group("noun") or m.group("adj") or "").lower() in ("length", "long", "in length")
            out.setdefault(f"{name}_{'length' if along else 'height'}", float(m.group(2)) * unit_factor(m.group(3)))
    return out


def section_ratio(text: str) -> float | None:
    """The ratio of the wide section's height to the narrow one's (>= 1): "expansion ratio 2",
    "contraction ratio of 1:4", "a 4:1 contraction", "sudden contraction 4:1", "area ratio 3"."""
    change = r"(?:expansion|contraction|area|height)"
    m = re.search(rf"{change}\s+ratio\s*(?:of|=|:|is)?\s*({NUM})(?:\s*:\s*({NUM}))?", text, re.I) or \
        re.search(rf"(?:expansion|contraction)\s+(?:of\s+)?({NUM})\s*:\s*({NUM})", text, re.I) or \
        re.search(rf"(?<![\w.])({NUM})\s*:\s*({NUM})\s+(?:\w+\s+)?(?:expansion|contraction)", text, re.I) or \
        re.search(rf"(?<![\w.])({NUM})\s*(?::|to)\s*({NUM})\s+(?:height|area|width)\s+ratio", text, re.I)
    if not m:
        return None
    r = float(m.group(1)) / (float(m.group(2)) if m.group(2) else 1.0)
    return (r if r >= 1 else 1 / r) if r > 0 else None


def extent_product(text: str, skip_bodies: bool = False) -> tuple[float, ...] | None:
    """A domain written as a product of lengths: "2 x 0.4 m", "220 cm x 41 cm", "200 cm by 40 cm",
    "100 mm x 100 mm" (not cell counts; with `skip_bodies`, not the size of an obstacle either:
    "a rectangular block 0.2 m by 0.05 m")."""
    for m in re.finditer(rf"(?<![\w.])({NUM})\s*({UNIT})?\s*(?:x|by|×)\s*({NUM})\s*({UNIT})?"
                         rf"(?:\s*(?:x|by|×)\s*({NUM})\s*({UNIT})?)?(?!\s*(?:[a-z]+\s+)?(?:cells|elements|grid|mesh))",
                         text, re.I):
        if skip_bodies and _sizes_a_body(text, m.start(), m.end()):
            continue
        if not (m.group(4) or m.group(6)):
            return None
        last = m.group(6) or m.group(4)
        nums = [(m.group(1), m.group(2)), (m.group(3), m.group(4)), (m.group(5), m.group(6))]
        return tuple(float(v) * unit_factor(u or last) for v, u in nums if v is not None)
    return None


_BODY_NOUN = r"(?:obstacle|obstruction|block|square|rectang\w*|body|prism|bar|rod|baffle)"


def _sizes_a_body(text: str, start: int, end: int) -> bool:
    """The lengths text[start:end] are a body's size: right after or before the body's noun."""
    return bool(re.search(rf"\b{_BODY_NOUN}\s+(?:\w+\s+){{0,2}}$", text[max(0, start - 40):start], re.I)
                or re.match(rf"\s*(?:\w+\s+)?{_BODY_NOUN}\b", text[end:end + 30], re.I))


def aspect_ratio(text: str) -> float | None:
    m = re.search(rf"aspect(?:[- ]ratio)?\s*(?:of|=|:|is)?\s*({NUM})(?:\s*(?::|to|/)\s*({NUM}))?", text, re.I) or \
        re.search(rf"({NUM})\s*(?:(?::|to|/)\s*({NUM}))?\s*-?\s*aspect(?:[- ]ratio)?\b", text, re.I)
    if not m:
        return None
    return float(m.group(1)) / (float(m.group(2)) if m.group(2) else 1.0)


def angle_of_attack(text: str) -> float | None:
    """Degrees: "angle of attack 4 degrees", "4° angle of attack", "AoA = 4", "at 4 deg incidence"."""
    text = digits(text)
    name = r"(?:angle\s+of\s+attack|\baoa\b|incidence|\balpha\b|α)"
    m = re.search(rf"{name}\s*(?:of|=|:|is)?\s*({NUM})\s*{_DEG}?", text, re.I) or \
        re.search(rf"({NUM})\s*-?\s*{_DEG}\s*(?:of\s+)?(?:{name})", text, re.I) or \
        re.search(rf"\b(?:at\s+)?(0)\s+(?:incidence|angle\s+of\s+attack|aoa)\b", text, re.I) or \
        re.search(rf"\b(?:inclined|pitched|tilted|set)\s+(?:up\s+|at\s+(?:an?\s+angle\s+of\s+)?)?({NUM})\s*{_DEG}", text, re.I) or \
        re.search(rf"\bat\s+({NUM})\s*{_DEG}", text, re.I)
    return float(m.group(1)) if m else None


def naca_code(text: str) -> str | None:
    m = re.search(r"\bNACA\s*[- ]?\s*(\d{4})\b", text, re.I)
    return m.group(1) if m else None


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


_X = r"(?:x|by|×|\*)"
# cells per direction named by where they go: (direction, words after the count)
_DIRECTIONS = [
    (0, r"along|axial|lengthwise|streamwise|in\s+x\b|in\s+the\s+x|around|circumferential|azimuthal|horizontal|across\s+the\s+length"),
    (1, r"radial|in\s+y\b|in\s+the\s+y|(?:in\s+the\s+)?vertical|wall-normal|up\b|high\b|(?:over|across|up)\s+the\s+height"),
    (2, r"in\s+z\b|in\s+the\s+z|spanwise|through\s+the\s+depth|(?:over|across|along)\s+the\s+(?:width|depth|span)"),
    (-1, r"across"),  # across a channel: y; across a cavity with another count up: x
]


def cell_counts(text: str) -> list[int] | None:
    """Cells per direction: "100x20 cells", "fifty by ten by ten cells", "100 axial x 20 radial cells",
    "100 cells along the pipe and 20 across the radius", "50 cells along the duct and 10 by 10 over
    the cross-section", "20 cells across the gap and 120 around"."""
    t = digits(text)
    m = re.search(rf"(?<![\d.])(\d+)\s*([a-z]+\s+)?{_X}\s*(\d+)(?:\s*([a-z]+\s+)?{_X}\s*(\d+))?\s*"
                  rf"([a-z]+\s+)?(?:cells|mesh|grid|elements|divisions)", t, re.I)
    m_by = re.search(rf"(\d+)\s+(?:cells?\s+)?(?:along|axially|in\s+x)[^.;]*?(?:and|,)\s+(\d+)\s*{_X}\s*(\d+)\s+"
                     rf"(?:cells?\s+)?(?:over|across|in)\s+(?:the\s+)?cross", t, re.I)
    if m_by:
        return [int(g) for g in m_by.groups()]
    each = re.search(r"(?<![\d.])(\d+)\s+(?:cells?\s+)?(?:each\s+way|in\s+(?:each|every|both)\s+directions?|both\s+ways"
                     r"|(?:along|on)\s+(?:each|every)\s+(?:side|edge|wall))", t, re.I)
    if each:  # "fifty cells each way": the same count in every direction (a 3D domain's third added by the caller)
        return [int(each.group(1))] * 2
    named = {a.lower(): int(n) for a, n in re.findall(r"\bn_?([xyz])\s*=\s*(\d+)\b", t, re.I)}  # "nx = 100, ny = 20"
    if "x" in named and "y" in named:
        return [named["x"], named["y"]] + ([named["z"]] if "z" in named else [])
    if not m:  # "a grid of 120 x 30", "mesh 100 by 20", "resolution 200x40" (counts after the word, no unit)
        m = re.search(rf"\b(?:grid|mesh|resolution|discreti[sz]ation)\s*(?:of|:|=|is|with)?\s*(?:about\s+)?(\d+)\s*()?{_X}\s*"
                      rf"(\d+)(?:\s*(){_X}\s*(\d+))?()(?![\d.]|\s*(?:{UNIT}))", t, re.I)
    if m:
        counts = [int(g) for g in (m.group(1), m.group(3), m.group(5)) if g]
        words = [w for w in (m.group(2), m.group(4), m.group(6)) if w]
        named = re.match(rf"\s*\(\s*([a-z]+)\s*{_X}\s*([a-z]+)(?:\s*{_X}\s*([a-z]+))?\s*\)", t[m.end():], re.I)
        if named and not words:  # "10 x 100 cells (radial x circumferential)": the directions in brackets
            words = [w for w in named.groups() if w]
        dirs = [next((d for d, pat in _DIRECTIONS if re.match(pat, w.strip(), re.I)), None) for w in words]
        if len(words) == len(counts) == 2 and sorted(d for d in dirs if d is not None) == [0, 1]:
            return [counts[dirs.index(0)], counts[dirs.index(1)]]
        return counts
    found: dict[int, int] = {}
    for n in re.finditer(r"(?<![\d.\w])(\d+)(?![\d.])\s*(?:cells?|divisions|elements)?\s*", t):
        after = t[n.end():n.end() + 40]
        clause = t[max(0, n.start() - 60):n.end() + 60]
        if not re.search(r"\bcells?\b|divisions|elements", clause, re.I):
            continue
        for direction, words in _DIRECTIONS:
            if re.match(rf"(?:(?:cells?|divisions|elements)\s+)?(?:in\s+the\s+)?(?:{words})", after, re.I) \
                    and direction not in found:
                found[direction] = int(n.group(1))
                break
    if -1 in found:
        found.setdefault(1 if 1 not in found else 0, found.pop(-1))
    if 2 in found and 1 not in found:  # "along the channel and across its width" in 2D: the second direction
        found[1] = found.pop(2)
    if 0 in found and 1 in found:
        return [found[0], found[1]] + ([found[2]] if 2 in found else [])
    return None


def cell_size(text: str) -> float | None:
    """A cell size: "cell size 5 mm", "5 mm cells", "cells of about 1 cm", "square cells of 0.01 m",
    "~0.01 m cells", "uniform 5 mm cells"."""
    about = r"(?:(?:about|around|roughly|approximately|approx\.?|~|of|some|size)\s*)*"
    per = re.search(rf"(?<![\w.])(\d+)\s+cells?\s+(?:per|a|an|every)\s+({UNIT})", text, re.I)  # "40 cells per metre"
    if per and int(per.group(1)) > 0:
        return unit_factor(per.group(2)) / int(per.group(1))
    for pattern in (rf"(?:\bd[xyz]|Δ\s*[xyz]|delta\s*[xyz])\s*(?:=\s*(?:d|Δ\s*)[xyz]\s*)*(?:=|of|:)\s*{about}{LENGTH}",  # "dx = 5 mm"
                    rf"(?:cell|mesh|grid|element)\s+(?:size|spacing|width)\s*(?:of|=|:|is)?\s*{about}{LENGTH}",
                    rf"(?<![\w.]){LENGTH}\s*(?:square\s+|uniform\s+|sized\s+)?(?:cells|elements|squares|(?:grid|mesh)\s+(?:spacing|size))\b",
                    rf"(?:square\s+|uniform\s+)?cells\s*(?::\s*)?{about}{LENGTH}(?!\s*(?:along|across|over|in\s+[xyz]\b))"):
        for m in re.finditer(pattern, text, re.I):
            if m.group(2):
                return float(m.group(1)) * unit_factor(m.group(2))
    return None


def section_cells(text: str) -> list[int] | None:
    """Cells over a 3D duct's cross-section (y by z), after the count along it when one is given:
    "60 cells along the duct and 8 by 8 over the cross-section", "6 x 12 cells in the section, 90 along
    the length" -> [along, y, z]; "8 by 8 cells over the cross-section" -> [8, 8]."""
    t = digits(text)
    over = re.search(rf"(?<![\d.])(\d+)\s*{_X}\s*(\d+)\s+(?:cells?\s+|elements\s+)?(?:over|across|in|on|for)\s+"
                     r"(?:the\s+|its\s+|each\s+|a\s+)?(?:cross[- ]?)?section", t, re.I)
    if not over:
        return None
    rest = t[:over.start()] + " " * (over.end() - over.start()) + t[over.end():]
    along = re.search(r"(?<![\d.])(\d+)\s+(?:cells?\s+|elements\s+)?(?:along|axially|lengthwise|streamwise"
                      r"|in\s+(?:the\s+)?x\b)", rest, re.I)
    across = [int(over.group(1)), int(over.group(2))]
    return [int(along.group(1)), *across] if along else across


def mesh_request(text: str) -> dict[str, Any]:
    """Mesh fineness in words: "coarse/medium/fine mesh", "100 x 20 cells", "cell size 1 mm",
    "10 by 10 cells over the cross-section"."""
    section = section_cells(text)
    if section:
        return {"cells": section, "over_section": True}
    counts = cell_counts(text)
    if counts:
        return {"cells": counts}
    size = cell_size(text)
    if size:
        return {"cell_size": size}
    m = re.search(r"\b(coarse|medium|fine|finer|very fine|refined)\b(?:\s+\w+)?\s+(?:mesh|grid|resolution)", text, re.I)
    if m:
        word = m.group(1).lower()
        return {"resolution": "coarse" if word == "coarse" else "medium" if word == "medium" else "fine"}
    return {}


# The shapes in the order they are tried: the more specific first.
_SHAPE_WORDS: list[tuple[Shape, str]] = [
    ("naca_airfoil", r"\bnaca(?:\s*-?\s*\d{4})?\b|aero\s?foil|air\s?foil|wing\s+section|\bblade\s+section"),
    ("annulus", r"annul(?:us|ar)|taylor[- ]couette|couette[- ]taylor|concentric\s+cylinders|coaxial\s+cylinders"
                r"|between\s+(?:two\s+)?(?:rotating\s+)?cylinders|circular\s+couette|couette\s+flow\s+between\s+radii"
                r"|between\s+(?:the\s+)?radii|(?:inner|outer)\s+cylinder\b[^.]*\b(?:inner|outer)\s+cylinder"
                r"|journal[- ]bearing|\b(?:shaft|rotor|spindle)\b[^.]*\b(?:housing|casing|stator|sleeve)\b"
                r"|\b(?:housing|casing|stator|sleeve)\b[^.]*\b(?:shaft|rotor|spindle)\b"),
    ("t_junction", r"\bt[- ]?(?:junction|joint|piece|shaped|branch)|\btee\b|\bbranch(?:ing)?\s+(?:channel|pipe)"),
    ("forward_step", r"forward[- ]?facing\s+step|forward\s+step"),
    ("backward_step", r"backward?s?[- ]?facing\s+step|back(?:ward)?[- ]?step|rearward[- ]?facing\s+step|\bbfs\b"
                      r"|(?<!time )(?<!time-)\bstep\b(?!\s*(?:size|count)\b)"),  # not a time step
    ("sudden_expansion", r"(?:sudden(?:ly)?|abrupt(?:ly)?)\s+(?:[\w:.]+\s+)?(?:expansion|enlargement|expand)"
                         r"|(?:widens|expands|enlarges|opens(?:\s+up|\s+out)?|steps\s+(?:up|out))\s+(?:abruptly|suddenly)"
                         r"|\b(?:expansion|enlargement)\b(?=[^.]*\b(?:abrupt|sudden))"
                         r"|expansion\s+channel|^(?!.*(?:diffuser|diverg|step)).*expansion\s+ratio"),
    ("sudden_contraction", r"(?:sudden(?:ly)?|abrupt(?:ly)?)\s+(?:[\w:.]+\s+)?contract(?:ion)?"
                           r"|(?:narrows|contracts|steps\s+(?:down|in))\s+(?:abruptly|suddenly)"
                           r"|\bcontraction\b(?=[^.]*\b(?:abrupt|sudden))"
                           r"|^(?!.*(?:nozzle|converg|taper)).*contraction\s+ratio"),
    ("diffuser", r"diffuser|diverging\s+(?:channel|duct|section)"),
    ("nozzle", r"nozzle|converging\s+(?:channel|duct|section)|convergent"),
    ("heated_cavity", r"(?:heated|natural[- ]convection|free[- ]convection|buoyan(?:t|cy)(?:[- ]driven)?|thermally[- ]driven|differentially|hot)\b(?:[^.]|\.\d)*\b(?:cavity|enclosure|box|square|slot|tank)"
                      r"|(?:cavity|enclosure|slot|tank)\b(?:[^.]|\.\d)*\b(?:heated|hot\s+(?:(?:left|right|top|bottom|upper|lower|side)\s+)?(?:wall|floor|bottom|plate|base|side)|natural\s+convection"
                      r"|(?:wall|side|floor|bottom|ceiling)\s+(?:is\s+|kept\s+|held\s+)?(?:hot|heated|warm)\b"
                      r"|cold\s+(?:lid|ceiling|top))|rayleigh[- ]b[eé]nard|\bb[eé]nard\s+(?:convection|cells?|problem)"
                      r"|heated\s+from\s+(?:below|above|the\s+(?:bottom|top))"),
    ("lid_driven_cavity", r"cavity|lid[- ]driven|driven\s+lid|(?:sliding|moving)\s+(?:lid|top\s+wall)"
                          r"|\b(?:box|tank|enclosure|container)\b(?:[^.]|\.\d)*\b(?:lid|top(?:\s+wall)?)\s+(?:\w+ly\s+)?"
                          r"(?:moves|moving|slides|sliding|is\s+(?:moving|driven|sliding))"),
    ("channel_with_obstacles", r"obstacles?|obstruction|\bblocks?\s+in\b|square\s+cylinder|baffles?"
                               r"|\b(?:two|three|four|five|six|several|multiple|\d+|pair\s+of|array\s+of|row\s+of)\s+"
                               r"(?:[\w.-]+\s+){0,4}(?:cylinders|rods|posts|pillars|pins|discs|disks|circles)\b"
                               r"|(?:tandem|side[- ]by[- ]side|staggered)\s+cylinders|cylinders\s+(?:in\s+tandem|side\s+by\s+side)"
                               r"|(?:square|rectangular)\s+(?:block|body|prism|rod|bar)"
                               r"|\b(?:block|square|rectangle|body|triangle)\b[^.;()]{0,30}?\b(?:cent(?:er|re)d|placed|located"
                               r"|positioned|mounted|sits|blocks|obstructs|on\s+the\s+cent(?:re|er)\s*-?line)"
                               r"|\b(?:channel|duct)\s+with\s+(?:an?|one|two|three|several)\s+(?:[\w.-]+\s+){0,3}?"
                               r"(?:blocks?|obstacles?|prisms?|bars?|plates?|fins?|baffles?)\b"
                               r"|\b(?:rectangle|square|triangle)(?:'s|\s+has\s+its)\s+cent(?:er|re)"
                               r"|\btriang(?:le|ular)\b[^.;]{0,40}?\b(?:vertices|corners|apex|obstacle|body|block|prism|fin|insert)"
                               r"|\b(?:plate|fin|flap|vane|strip|wall)\b[^.;]{0,40}?\b(?:thick|thickness)\b"
                               r"|\b(?:thin|flat)\s+(?:plate|fin|flap)\b[^.;]{0,60}?\b(?:across|normal|perpendicular|standing|mounted)\b"
                               r"|\b(?:around|past|over|behind)\s+an?\s+(?:\w+\s+)?(?:triangle|triangular|polygon(?:al)?)\b"),
    ("cylinder_crossflow", r"cylinder|(?:round|circular)\s+(?:rod|bar|post|pillar|pin)\b"
                           r"|\b(?:rod|pin|wire|post|pillar)\b[^.;]{0,15}?(?:(?-i:\bD\b)|diameter|\bdia\b)"
                           r"|(?:diameter|(?-i:\bD\b))[^.;]{0,25}?\b(?:rod|pin|wire|post|pillar)\b|von\s+k[aá]rm[aá]n|vortex\s+street|(?:past|around|over)\s+a\s+(?:circular\s+)?"
                           r"(?:rod|post|pillar|circle)"),
    ("pipe", r"\bpipes?\b|\btubes?\b|hagen|poiseuille\s+flow\s+in\s+a\s+pipe|axisymmetric\s+duct"),
    ("box", r"\bbox\b(?![- ](?:section|duct|channel|shaped\s+(?:duct|channel)))|\bcube\b|cuboid"),
    ("channel", r"channel|\bduct\b|between\s+(?:two\s+)?(?:parallel\s+)?plates|plane\s+poiseuille"
                r"|(?<!time\s)\bslot\b|\bslit\b|\bpassage\b"),
    ("rectangle", r"rectang(?:le|ular)\s+(?:domain|region)|\brectangle\b"),
]


def shape_words(text: str) -> Shape | None:
    """The library shape a request names, or None (a cavity whose facing walls are given different
    temperatures is a heated one, whatever it is called)."""
    text = re.sub(r"(?<=\w)[‐‑–—](?=\w)", "-", text)  # "Taylor–Couette", "T‑junction"
    for shape, pattern in _SHAPE_WORDS:
        if re.search(pattern, text, re.I):
            return "heated_cavity" if shape == "lid_driven_cavity" and _hotter_wall(text) else shape
    return None


def dimensionality(text: str) -> bool | None:
    """True for 2D words, False for 3D words, None when the request says neither."""
    if re.search(r"\b3-?d\b|three[- ]dimensional", text, re.I):
        return False
    if re.search(r"\b2-?d\b|two[- ]dimensional|planar|axisymmetric|\bwedge\b", text, re.I):
        return True
    return None


_SECTIONED = {"backward_step", "forward_step", "sudden_expansion", "sudden_contraction", "nozzle", "diffuser"}


def parse_geometry(text: str) -> GeometrySpec | None:
    """A GeometrySpec from a request's words, or None when no library shape is named. Raises
    RequestError when the words describe a shape that cannot be built (an obstacle outside
    the domain, a step taller than its channel)."""
    text = plain_lengths(text)
    shape = shape_words(text)
    if shape is None and len(vertices(text) or []) >= 3:
        shape = "rectangle"  # a domain given by its vertices
    if shape is None:
        return None
    if shape in _SECTIONED:  # the sizes said of one section are not the whole channel's
        sections, spans = section_sizes(text, 3 if shape in ("nozzle", "diffuser") else 2)
        lengths = {**named_lengths(blank(text, spans)), **section_lengths(text)}
        lengths.update({k: v for k, v in sections.items() if k not in lengths})
    else:
        lengths = {**named_lengths(text), **section_lengths(text)}
    two_d = dimensionality(text)
    mesh = mesh_request(text)
    if two_d is None and (len(mesh.get("cells", [])) == 3 or mesh.get("over_section") or axis_ranges(text, "z")) and \
            shape in ("channel", "rectangle", "lid_driven_cavity", "heated_cavity", "annulus", "pipe"):
        two_d = False  # three cell counts or a z extent: a 3D domain
    dims = _dims_for(shape, text, lengths, two_d is not False and shape != "box")
    fields: dict[str, Any] = {"shape": shape, "dimensions": dims}
    origin = place(shape, text, dims)
    if any(origin):
        fields["origin"] = origin
    cells = mesh.get("cells")
    if cells and len(cells) == 2 and cells[0] == cells[1] and (two_d is False or shape == "box") and \
            re.search(r"each\s+way|(?:each|every|both)\s+directions?|both\s+ways", digits(text), re.I):
        mesh["cells"] = cells * 1 + cells[:1]  # "twenty cells each way" in 3D
    if two_d is not None and not (two_d and shape == "box"):
        fields["two_d"] = two_d
    if mesh:
        fields["mesh"] = mesh
    if shape == "heated_cavity" and _unsized_cavity(text, lengths, dims):
        fields["notes"] = _size_from_rayleigh(text, dims)
    if shape == "channel_with_obstacles":
        fields["obstacles"] = obstacles(text, dims.get("height"), dims.get("length"))
    if shape in ("rectangle", "channel"):
        outline = vertices(text)
        if outline:
            fields["outline"] = outline
        span = coordinate_range(text, "x")
        if span and "length" not in dims:
            dims["length"] = span[1] - span[0]
    return make_spec(**fields)


def _dims_for(shape: Shape, text: str, n: dict[str, float], two_d: bool = True) -> dict[str, Any]:
    """The shape's own dimension names from the generic ones found in the text (placement.py
    then adds what the coordinates say)."""
    d: dict[str, Any] = {}

    def take(target: str, *sources: str) -> None:
        for s in sources:
            if s in n and target not in d:
                d[target] = n[s]

    ar = aspect_ratio(text)
    widening = shape in ("sudden_expansion", "diffuser", "backward_step")
    for size, side in (("narrow_height", "inlet_height" if widening else "outlet_height"),
                       ("wide_height", "outlet_height" if widening else "inlet_height"),
                       ("narrow_length", "upstream_length" if widening else "downstream_length"),
                       ("wide_length", "downstream_length" if widening else "upstream_length")):
        if size in n:  # "narrow channel 1 cm, wide channel 4 cm": which is the inlet follows from the shape
            n = {side: n[size], **n}
    if "diameter" not in n and "radius" in n:
        n = {**n, "diameter": 2 * n["radius"]}
    domain_text = text
    if shape in ("channel_with_obstacles", "cylinder_crossflow"):
        domain_text = domain_words(text)  # the body's own sizes are not the domain's
        outer = named_lengths(domain_text)
        n = {k: v for k, v in n.items() if k not in ("length", "height", "width")} | \
            {k: v for k, v in outer.items() if k in ("length", "height", "width")}
    product = extent_product(domain_text, skip_bodies=shape == "channel_with_obstacles")
    if product and shape in ("rectangle", "channel", "channel_with_obstacles", "cylinder_crossflow", "box"):
        if len(product) == 2 and re.search(r"section|square\s+duct", text, re.I) and shape == "channel":
            n = {**n, "height": product[0], "depth": product[1]}  # a duct's cross-section
        else:
            n = {**n, "length": product[0], "height": product[1],
                 **({"depth": product[2], "width": product[2]} if len(product) > 2 else {})}
    elif product and shape in ("lid_driven_cavity", "heated_cavity") and len(product) == 2:
        n = {**n, "width": product[0], "height": product[1]}
    if shape in ("rectangle", "channel"):
        take("length", "length")
        take("height", "height", "width", "gap")
        take("depth", "depth")
        if "side" in n and "height" not in d:  # "a square duct 4 in on a side"
            d["height"] = n["side"]
            if not two_d:
                d.setdefault("depth", n["side"])
        times = length_in_multiples(text)
        if times and "length" not in d and times[1] in ("height", "width") and "height" in d:
            d["length"] = times[0] * d["height"]  # "L = 20H"
        if not two_d and "depth" not in d and "width" in n and "height" in n:
            d["depth"] = n["width"]  # a 3D duct "10 cm tall and 20 cm wide": the width is across z
        if ar and "height" in d and "length" not in d:
            d["length"] = ar * d["height"]
        elif ar and "length" in d and "height" not in d:
            d["height"] = d["length"] / ar
    elif shape == "box":
        take("length", "length", "side")
        take("height", "height", "side")
        take("width", "width", "depth", "side")
    elif shape == "channel_with_obstacles":
        take("length", "length")
        take("height", "height")
    elif shape in ("backward_step", "forward_step"):
        symbol = re.search(rf"(?-i:\bh\b)\s*(?:=|:)\s*{LENGTH}", text)  # "h = 2 cm": a step's height
        if symbol and "step_height" not in n:
            n = {**n, "step_height": float(symbol.group(1)) * unit_factor(symbol.group(2))}
        blocks = re.search(rf"\bstep\s+(?:blocks|occupies|fills|takes\s+up|covers|obstructs)\s+(?:the\s+)?"
                           rf"(?:lower|bottom|first)?\s*{LENGTH}", text, re.I)  # "the step blocks the lower 3 cm"
        if blocks and blocks.group(2) and "step_height" not in n:
            n = {**n, "step_height": float(blocks.group(1)) * unit_factor(blocks.group(2))}
        product = extent_product(text)  # "a channel 40 in x 4 in": its length and full height
        if product and len(product) == 2:
            n = {"length": product[0], "height": product[1], **n}
        n = _step_heights(shape, text, {**_from_to_heights(text), **n})
        take("step_height", "step_height")
        take("height", "height", "channel_height", "outlet_height" if shape == "backward_step" else "inlet_height")
        if "step_height" in n:
            for where, count in multiples(text, _STEP_HEIGHTS).items():
                d[f"{where}_length"] = count * n["step_height"]
        take("upstream_length", "upstream_length")
        take("downstream_length", "downstream_length")
        take("inlet_height", "inlet_height")  # placement turns it into the step height
        if "length" in n and n["length"] != d.get("upstream_length"):
            d["total_length"] = n["length"]  # placement splits it about the step
    elif shape in ("sudden_expansion", "sudden_contraction", "nozzle", "diffuser"):
        n = {**_from_to_heights(text), **n}
        pair = re.search(rf"(?:height|width)\s*(?:of\s+|=\s*|:\s*)?{LENGTH}\s+(?:upstream|before)\s*(?:,|and)\s*"
                         rf"(?:of\s+)?{LENGTH}\s+(?:downstream|after)", text, re.I)  # "height 2 cm upstream and 5 cm downstream"
        if pair:
            n = {**n, "inlet_height": float(pair.group(1)) * unit_factor(pair.group(2)),
                 "outlet_height": float(pair.group(3)) * unit_factor(pair.group(4))}
            n.pop("downstream_length", None) if n.get("downstream_length") == n["outlet_height"] else None
        take("inlet_height", "inlet_height")
        take("outlet_height", "outlet_height")
        take("upstream_length", "upstream_length")
        take("downstream_length", "downstream_length")
        if shape in ("nozzle", "diffuser"):
            d.update({k: v for k, v in _taper_words(text).items() if k not in d})
            take("taper_length", "taper_length", "length")
        elif "length" in n and _TOTAL.search(text):
            d["total_length"] = n["length"]  # "40 cm long in total": placement splits it about the change
        else:
            take("downstream_length", "length")
        r = section_ratio(text)
        wider = shape in ("sudden_expansion", "diffuser")
        if r and ("inlet_height" in d) != ("outlet_height" in d):
            if "inlet_height" in d:
                d["outlet_height"] = d["inlet_height"] * (r if wider else 1 / r)
            else:
                d["inlet_height"] = d["outlet_height"] / (r if wider else 1 / r)
        if shape in ("nozzle", "diffuser"):
            _taper_from_angle(text, d, wider)
    elif shape == "cylinder_crossflow":
        take("diameter", "diameter")
        take("length", "length")
        take("height", "height", "width")
        _place_cylinder(text, d)
        if re.search(r"free[- ]?stream(?!\s+(?:velocity|speed|value|mach|reynolds|pressure|temperature|turbulence"
                     r"|conditions?|flow\s+(?:of|at)))|unbounded|unconfined|open\s+domain|far[- ]?field"
                     r"|(?:slip|symmetry|symmetric)\s+(?:side|top|lateral)|\bsides?\b[^.;]{0,50}\b(?:free[- ]?slip|slip|symmetry)\b",
                     text, re.I):
            d["free_stream"] = True
    elif shape == "naca_airfoil":
        code = naca_code(text)
        if code:
            d["naca"] = code
        aoa = angle_of_attack(text)
        if aoa is not None:
            d["angle_of_attack"] = aoa
        take("chord", "chord", "length")
        take("domain_radius", "domain_radius")
        chords = re.search(rf"(?:far[- ]?field|outer\s+boundary|domain|boundar(?:y|ies))\b[^.;]{{0,50}}?(?<![\w.])({NUM})\s*"
                           rf"(?:{_CHORDS})", text, re.I)  # "far field 15 chords", "outer boundary 15 chord lengths away"
        if chords and "domain_radius" not in d:
            d["domain_radius"] = float(chords.group(1)) * d.get("chord", 1.0)
        if re.search(r"\bO[- ](?:domain|grid|mesh|type)", text):
            d["domain"] = "O"
        elif re.search(r"\bC[- ](?:domain|grid|mesh|type)", text):
            d["domain"] = "C"
    elif shape == "pipe":
        take("diameter", "diameter", "inner_diameter")
        take("length", "length")
        times = length_in_multiples(text)
        if times and "length" not in d and "diameter" in d and times[1] in ("diameter", "radius"):
            d["length"] = times[0] * d["diameter"] * (0.5 if times[1] == "radius" else 1.0)  # "40 diameters long"
    elif shape == "annulus":
        for side in ("inner", "outer"):  # "a 3 cm inner tube": a tube's size is its diameter
            sized = re.search(rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:diameter\s+)?{side}\s+(?:tube|cylinder|pipe|shaft|rod)\b",
                              text, re.I)
            if sized and sized.group(2) and f"{side}_radius" not in n and f"{side}_diameter" not in n:
                n = {**n, f"{side}_diameter": float(sized.group(1)) * unit_factor(sized.group(2))}
        # "radii 3 cm and 5 cm", "cylinders of radius 3 cm and 5 cm", "diameters of 40 and 60 mm"
        radii = re.search(rf"(radii|radius|diameters?)\s+(?:(?:are|of|=|:)\s+)?{LENGTH}\s*(?:and|,|to|&)\s*{LENGTH}(?![\w.])",
                          text, re.I)
        span = axis_ranges(text, "r")
        if radii and "inner_radius" not in n and "inner_diameter" not in n:
            u = radii.group(5) or radii.group(3)
            a, b = float(radii.group(2)) * unit_factor(radii.group(3) or u), float(radii.group(4)) * unit_factor(u)
            half = 0.5 if radii.group(1).lower().startswith("d") else 1.0
            n = {**n, "inner_radius": half * min(a, b), "outer_radius": half * max(a, b)}
        elif span and "inner_radius" not in n and 0 < span[0][0] < span[0][1]:  # "between r = 3 cm and 5 cm"
            n = {**n, "inner_radius": span[0][0], "outer_radius": span[0][1]}
        for which in ("inner", "outer"):
            m = re.search(rf"{which}\s+(?:cylinder|wall)\s+(?:has\s+)?(?:a\s+)?radius\s+(?:of\s+)?{LENGTH}", text, re.I)
            if m and f"{which}_radius" not in n:
                n = {**n, f"{which}_radius": float(m.group(1)) * unit_factor(m.group(2))}
        if "inner_radius" in n or "inner_diameter" in n:
            d["inner_radius"] = n.get("inner_radius", n.get("inner_diameter", 0) / 2)
        if "outer_radius" in n or "outer_diameter" in n:
            d["outer_radius"] = n.get("outer_radius", n.get("outer_diameter", 0) / 2)
        if "gap" in n:
            if "inner_radius" in d:
                d.setdefault("outer_radius", d["inner_radius"] + n["gap"])
            elif "outer_radius" in d:
                d["inner_radius"] = d["outer_radius"] - n["gap"]
            else:
                d["inner_radius"], d["outer_radius"] = n["gap"], 2 * n["gap"]
        take("length", "length", "height")
    elif shape == "t_junction":
        d.update(_t_junction_dims(text))
    elif shape in ("lid_driven_cavity", "heated_cavity"):
        if shape == "heated_cavity" and "gap" in n:  # "between plates 1 cm apart": across the heated walls
            d["height" if hot_side(text) in ("bottom", "top") else "width"] = n["gap"]
        across = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s+across\b", text, re.I)  # "0.2 m across"
        if across and "width" not in n:
            n = {**n, "width": float(across.group(1)) * unit_factor(across.group(2))}
        take("width", "width", "length", "side")
        take("height", "height", *(("depth",) if two_d else ()), "side")
        if not two_d:
            take("depth", "depth")
        part = re.search(rf"(?:depth|height)\s+(?:is\s+)?(?:one\s+|a\s+)?(half|third|quarter|fifth)\s+(?:of\s+)?"
                         rf"(?:its|the)\s+{LENGTH}\s+(?:length|width)", text, re.I)
        if part:
            d["width"] = float(part.group(2)) * unit_factor(part.group(3))
            d["height"] = d["width"] / {"half": 2, "third": 3, "quarter": 4, "fifth": 5}[part.group(1).lower()]
        ar = cavity_proportion(text) or ar
        if not ar and "width" not in d and "height" not in d:  # "a tall cavity", "a shallow enclosure"
            ar = 4.0 if _TALL.search(text) else 0.25 if _SHALLOW.search(text) else None
        if ar:
            if "width" in d and "height" not in d:
                d["height"] = ar * d["width"]
            elif "height" in d and "width" not in d:
                d["width"] = d["height"] / ar
            elif not d:
                d["width"], d["height"] = 0.1, 0.1 * ar
        elif len(d) == 1 and "depth" not in d and re.search(r"square|cubic", text, re.I):
            v = next(iter(d.values()))
            d["width"] = d["height"] = v
        side = re.search(rf"(?:square|cubic)\s+(?:\w+\s+)?(?:cavity|enclosure|box)\s+(?:of\s+(?:side\s+)?)?{LENGTH}"
                         rf"|(?<![\w.]){LENGTH}\s+(?:square|cubic)\s+(?:\w+\s+)?(?:cavity|enclosure|box)", text, re.I)
        sides = re.search(rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:sides|sided)\b|\bsides\s+(?:of\s+)?{LENGTH}", text, re.I)
        if not d and sides and (sides.group(2) or sides.group(4)):  # "with 20 cm sides", "sides of 20 cm"
            d["width"] = d["height"] = float(sides.group(1) or sides.group(3)) * unit_factor(sides.group(2) or sides.group(4))
        if not d and side and (side.group(2) or side.group(4)):  # "a square cavity 5 cm", "a 5 cm square enclosure"
            d["width"] = d["height"] = float(side.group(1) or side.group(3)) * unit_factor(side.group(2) or side.group(4))
        hot = hot_side(text) if shape == "heated_cavity" else None
        if hot:
            d["hot_wall"] = hot
    return d


# a cavity called tall or shallow, with no size or ratio given: aspect ratio 4 (height 4 widths) or 1/4
_TALL = re.compile(r"\b(?:tall|slender|narrow\s+(?:and\s+)?(?:tall|high)|high\s+(?:and\s+)?narrow)\b"
                   r"(?:\s+\w+){0,3}?\s+(?:cavity|enclosure|box|slot)", re.I)
_SHALLOW = re.compile(r"\b(?:shallow|flat|wide\s+(?:and\s+)?(?:low|shallow))\b(?:\s+\w+){0,3}?\s+(?:cavity|enclosure|box|slot)",
                      re.I)


def _unsized_cavity(text: str, lengths: dict[str, float], dims: dict[str, Any]) -> bool:
    """The request gives a cavity no size: no length by name, and its width and height are
    unset or only the default scaled by a stated aspect ratio."""
    if any(k in lengths for k in ("width", "height", "length", "side", "depth", "diameter")):
        return False
    ar = aspect_ratio(text)
    sizes = {k: v for k, v in dims.items() if k in ("width", "height")}
    return not sizes or bool(ar and sizes == {"width": 0.1, "height": 0.1 * ar})


def _size_from_rayleigh(text: str, dims: dict[str, Any]) -> list[str]:
    """A heated cavity given no size but Ra, its wall temperatures and the fluid: its height is
    the side at which they all hold (the width follows from a stated aspect ratio, else equals it);
    the assumption saying so, or [] when the request leaves something free."""
    from tasks.geometry.convection import rayleigh_side

    sized = rayleigh_side(text)
    if sized is None:
        return []
    side, note = sized
    ar = aspect_ratio(text)
    dims["height"] = side
    dims["width"] = side / ar if ar else side
    return [note]


_BRANCH = r"\b(?:side|secondary|lateral|vertical)?\s*(?:branch|arm|leg)\b(?!\s*(?:outlet|inlet))"


def _t_junction_dims(text: str) -> dict[str, Any]:
    """A T-junction's sizes: the main channel's from the words outside the branch's clause, the
    branch's from its own clause ("branch 5 cm wide and 30 cm long located 1.2 m from the inlet");
    a branch whose width is not given is as wide as the main channel."""
    d: dict[str, Any] = {}
    m = re.search(_BRANCH, text, re.I)
    branch, main = "", text
    if m:
        end = re.search(rf";|\.\s|\.$|(?:\b(?:an?|the)\s+)?(?:(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:long|wide|high|tall)\s*,?\s*"
                        rf"(?:and\s+)?)*\bmain\b", text[m.end():], re.I)
        stop = m.end() + end.start() if end else len(text)
        size = re.search(rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:wide|long|high|tall)?\s*$", text[:m.start()], re.I)
        start = size.start() if size and size.group(2) else m.start()  # "a 4 cm wide side arm"
        branch, main = text[start:stop], text[:start] + " " * (stop - start) + text[stop:]
    n = named_lengths(main)
    product = extent_product(main)
    if product and len(product) == 2:
        n = {**n, "length": product[0], "width": product[1]}
    for target, sources in (("length", ("length",)), ("width", ("width", "height", "diameter"))):
        value = next((n[s] for s in sources if s in n), None)
        if value is not None:
            d[target] = value
    own = named_lengths(branch)
    run = re.search(rf"\b(?:goes|runs|extends|rises|reaches|rising|extending|going|sticks\s+out)\s+(?:straight\s+)?"
                    rf"(?:up|upwards|down|downwards|out|outwards|off)?\s*(?:for|by)?\s*{LENGTH}", branch, re.I)
    if run and run.group(2) and "length" not in own and "branch_length" not in own:  # "goes straight up for 20 cm"
        own["length"] = float(run.group(1)) * unit_factor(run.group(2))
    if "height" in own and ("width" in own or "diameter" in own) and "length" not in own:
        own["length"] = own.pop("height")  # "a 50 mm wide vertical arm 200 mm tall": the arm's length is its height
    for target, sources in (("branch_width", ("branch_width", "width", "height", "diameter")),
                            ("branch_length", ("branch_length", "length"))):
        value = next((own[s] for s in sources if s in own), None) or next(
            (n[s] for s in sources[:1] if s in n), None)
        if value is not None:
            d[target] = value
    if "branch_width" not in d and "width" in d:
        d["branch_width"] = d["width"]
    at = re.search(rf"{LENGTH}\s+(?:from|downstream\s+of|after)\s+the\s+(?:inlet|entrance|left\s+end)", branch or text, re.I) \
        or re.search(rf"(?<![\w.])x\s*=\s*{LENGTH}", branch, re.I) \
        or re.search(rf"(?:joins?|meets?|branch\w*\s+off|connects?)\b[^.;]*?\bat\s+x\s*=\s*{LENGTH}", text, re.I) \
        or re.search(rf"\b(?:cent(?:re|er)(?:e?d|line)?|located|positioned|placed|axis)\s+(?:is\s+)?(?:at\s+)?x\s*=\s*{LENGTH}",
                     text, re.I)  # "halfway along, centred at x = 0.3 m, a side branch ..."
    if at:
        d["branch_position"] = float(at.group(1)) * unit_factor(at.group(2))
    return d


_SECTION_NOUN = r"(?:channel|duct|section|passage|pipe|opening|gap)"


def _from_to_heights(text: str) -> dict[str, float]:
    """The inlet and outlet heights of a change of section: "from a 2 cm channel to a 6 cm channel",
    "contracting from 10 cm to 4 cm", "from a 0.2 m high channel", "into a 5 cm wide duct"."""
    size = rf"(?:an?\s+|the\s+)?{LENGTH}\s*(?:-\s*)?(?:high|wide|tall)?\s*(?:{_SECTION_NOUN})?"
    m = re.search(rf"(?<!\b[xyzr]\s)(?<!\b[xyzr])\bfrom\s+{size}\s+(?:to|into|down\s+to|up\s+to)\s+{size}", text, re.I)
    if m and (m.group(2) or m.group(4)) and float(m.group(1)) > 0 and float(m.group(3)) > 0:
        unit = m.group(4) or m.group(2)
        return {"inlet_height": float(m.group(1)) * unit_factor(m.group(2) or unit),
                "outlet_height": float(m.group(3)) * unit_factor(unit)}
    m = re.search(rf"\bheights?\s*(?:[:=]|of|are)?\s*{LENGTH}\s+(?:in|inlet|at\s+the\s+(?:inlet|entrance))\b\s*[,;]?\s*(?:and\s+)?"
                  rf"{LENGTH}\s+(?:out|outlet|exit|at\s+the\s+(?:outlet|exit))\b", text, re.I)  # "heights: 100 mm in, 40 mm out"
    if m and (m.group(2) or m.group(4)):
        unit = m.group(4) or m.group(2)
        return {"inlet_height": float(m.group(1)) * unit_factor(m.group(2) or unit),
                "outlet_height": float(m.group(3)) * unit_factor(unit)}
    out: dict[str, float] = {}
    for name, word in (("inlet_height", r"from"), ("outlet_height", r"into|to")):
        m = re.search(rf"\b(?:{word})\s+(?:an?\s+|the\s+){LENGTH}\s*(?:-\s*)?(?:high|wide|tall)?\s*{_SECTION_NOUN}", text, re.I)
        if m and m.group(2):
            out[name] = float(m.group(1)) * unit_factor(m.group(2))
    return out


_CHANGE_TO = (r"(?:narrow|contract|converg|taper|reduc|shrink|widen|expand|diverg|open|grow|increas)\w*"
              r"(?:\s+(?:section|part|duct|channel|walls?|taper))?(?:\s+(?:up|down|out))?\s+to\s+(?:an?\s+|the\s+)?")


def _taper_words(text: str) -> dict[str, float]:
    """A nozzle's or diffuser's outlet and taper from how it changes: "narrowing to 8 cm",
    "widening out to a 12 cm outlet", "over a 25 cm taper", "over 40 cm"."""
    out: dict[str, float] = {}
    to = re.search(rf"{_CHANGE_TO}{LENGTH}", text, re.I)
    if to and to.group(2):
        out["outlet_height"] = float(to.group(1)) * unit_factor(to.group(2))
    over = re.search(rf"\bover\s+(?:an?\s+|the\s+)?{LENGTH}(?:\s+(?:long\s+)?(?:taper|length|distance|section))?", text, re.I) \
        or re.search(rf"\b(?:until|till)\s*,?\s*{LENGTH}\s+(?:further|later)\s+(?:on|along|downstream)", text, re.I)
    if over and over.group(2):
        out["taper_length"] = float(over.group(1)) * unit_factor(over.group(2))
    return out


def _taper_from_angle(text: str, d: dict[str, Any], wider: bool) -> None:
    """A nozzle's or diffuser's taper from its wall angle ("10 degrees half angle", "a total angle of
    20 degrees", "included angle 14 deg"): the taper length from both heights, or the missing height
    from one height and the taper length."""
    total = r"(?:total|included|full|opening|divergence|convergence)"
    m = re.search(rf"(?:half[- ]angle|semi[- ]angle|wall\s+angle)\s*(?:of|=|:|is)?\s*({NUM})\s*{_DEG}?", text, re.I) or \
        re.search(rf"({NUM})\s*{_DEG}\s*(?:half[- ]angle|semi[- ]angle|wall\s+angle)", text, re.I)
    half = float(m.group(1)) if m else None
    if half is None:
        m = re.search(rf"{total}\s+angle\s*(?:of|=|:|is)?\s*({NUM})\s*{_DEG}?", text, re.I) or \
            re.search(rf"({NUM})\s*{_DEG}\s*{total}\s+angle", text, re.I)
        half = float(m.group(1)) / 2 if m else None
    if half is None or not 0 < half < 90:
        return
    slope = math.tan(math.radians(half))
    hi, ho = d.get("inlet_height"), d.get("outlet_height")
    if hi is not None and ho is not None and "taper_length" not in d:
        d["taper_length"] = abs(ho - hi) / 2 / slope
    elif "taper_length" in d and (hi is None) != (ho is None):
        change = 2 * d["taper_length"] * slope * (1 if wider else -1)
        if hi is not None:
            d["outlet_height"] = hi + change
        else:
            d["inlet_height"] = ho - change


# How a request counts lengths in a reference length ("10 step heights upstream", "5 D downstream").
_STEP_HEIGHTS = r"step[- ]heights?|(?-i:h)\b|(?-i:H)\b"
_DIAMETERS = r"diameters?|(?-i:D)\b|(?-i:d)\b"
_CHORDS = r"chords?(?:\s+lengths?)?|(?-i:c)\b"
_UPSTREAM = r"upstream|before|ahead|in\s+front|inlet|entry|entrance"  # "5 h of inlet channel"
_DOWNSTREAM = r"downstream|after|behind|in\s+the\s+wake|wake|outlet|exit"


def multiples(text: str, reference: str) -> dict[str, float]:
    """How many reference lengths lie upstream and downstream (of a body or a step): "5 diameters
    upstream", "15D downstream", "10 step heights before the step", "an upstream length of 10 h",
    "20 chords behind the aerofoil" -> {"upstream": 5, "downstream": 15}."""
    out: dict[str, float] = {}
    for where, words in (("upstream", _UPSTREAM), ("downstream", _DOWNSTREAM)):
        m = re.search(rf"(?<![\w.])({NUM})\s*(?:x\s*)?(?:{reference})\s+(?:\w+\s+)?(?:{words})\b", text) or \
            re.search(rf"(?:{words})\s+(?:length|distance|extent)?\s*(?:of|=|:|is)?\s*({NUM})\s*(?:x\s*)?(?:{reference})",
                      text)
        if m:
            out[where] = float(m.group(1))
    return out


def _step_heights(shape: str, text: str, n: dict[str, float]) -> dict[str, float]:
    """A step's full height and step height from any two of: the step height, the full (downstream
    for a backward step, upstream for a forward one) height, the inlet height, the outlet height, the
    expansion or contraction ratio (full height over the narrow channel's)."""
    n = dict(n)
    backward = shape == "backward_step"
    narrow_name, wide_name = ("inlet_height", "outlet_height") if backward else ("outlet_height", "inlet_height")
    if wide_name in n:  # the wide section's own height says more than a plain "height" (which may be either's)
        n["height"] = n[wide_name]
        if narrow_name in n and n[narrow_name] < n[wide_name]:
            n["step_height"] = n[wide_name] - n[narrow_name]
    r = section_ratio(text)
    narrow = n.get(narrow_name)
    if "height" not in n and narrow is not None and "step_height" in n:
        n["height"] = narrow + n["step_height"]
    if r and r > 1:
        if "height" not in n and "step_height" in n:
            n["height"] = r * n["step_height"] / (r - 1)
        elif "height" not in n and narrow is not None:
            n["height"] = r * narrow
        if "step_height" not in n and "height" in n:
            n["step_height"] = n["height"] * (1 - 1 / r)
    if "step_height" not in n and narrow is not None and "height" in n:
        n["step_height"] = n["height"] - narrow
    return n


# The words for each wall of a cavity, and for heating and cooling.
_WALL_WORDS = {"left": r"left", "right": r"right", "bottom": r"bottom|floor|lower|base",
               "top": r"top|ceiling|upper|lid|roof"}
_HOT, _COLD = r"hot|heated|warm|heater", r"cold|cooled|cool|chilled"
_TEMPERATURE = rf"({NUM})\s*(K|°\s*C|deg(?:rees)?\s*C\b|degC|C\b|celsius|kelvin)"


def _hotter_wall(text: str) -> str | None:
    """The hotter of two facing walls given different temperatures ("floor 40 degC, lid 20 degC")."""
    kelvin: dict[str, float] = {}
    for side, words in _WALL_WORDS.items():
        m = re.search(rf"\b(?:{words})\b[^.;,()]{{0,30}}?{_TEMPERATURE}", text, re.I)
        if m:
            kelvin[side] = float(m.group(1)) + (0.0 if m.group(2).lower().startswith(("k", "kel")) else 273.15)
    for a, b in (("bottom", "top"), ("left", "right")):
        if a in kelvin and b in kelvin and kelvin[a] != kelvin[b]:
            return a if kelvin[a] > kelvin[b] else b
    return None


def hot_side(text: str) -> str | None:
    """Which wall of a heated cavity is the hot one (the cold one faces it): from the temperatures
    the walls are given ("bottom plate at 310 K, top at 300 K"), else from the words ("heated from
    below", "Rayleigh-Benard", "a hot floor", "a cold ceiling", "the right wall is heated").
    None when the request does not say (the library heats the left wall)."""
    by_temperature = _hotter_wall(text)
    if by_temperature:
        return by_temperature
    if re.search(r"heated\s+from\s+(?:below|the\s+bottom)|rayleigh[- ]b[eé]nard|\bb[eé]nard\s+(?:convection|cells?|problem)",
                 text, re.I):
        return "bottom"
    if re.search(r"heated\s+from\s+(?:above|the\s+top)", text, re.I):
        return "top"
    side = re.search(r"heated\s+(?:from|on)\s+the\s+(left|right)(?:\s+(?:side|wall))?", text, re.I)
    if side:
        return side.group(1).lower()  # type: ignore[return-value]
    for side in _WALL_WORDS:
        if _said(text, _HOT, side) or _said(text, _COLD, OPPOSITE[side]):  # type: ignore[index]
            return side
    return None


def _said(text: str, state: str, side: str) -> bool:
    """The words put `state` (hot or cold words) on the wall of `side`: "a hot floor", "the hot wall
    on the right", "the left wall is heated", "a lid kept cold"."""
    words, filler = _WALL_WORDS[side], r"(?:(?:wall|walls|side|plate|surface|boundary|is|on|at|the|kept|held)\s+)"
    return bool(re.search(rf"\b(?:{state})\s+{filler}{{0,3}}(?:{words})\b|\b(?:{words})\s+{filler}{{0,3}}(?:{state})\b",
                          text, re.I))


def _relative_x(clause: str, length: float | None = None) -> float | None:
    """How far downstream of the inlet a body sits: "20 cm downstream of the inlet", "x = 0.6 m",
    "0.8 m upstream of the outlet", "a quarter of the way along" (placement.body_x)."""
    return body_x(clause, length)


def _relative_centre(clause: str, height: float | None, length: float | None = None) -> Point | None:
    """"centred 50 cm downstream of the inlet at mid-height", "centre 20 cm downstream of the inlet
    and 20 cm above the bottom wall", "at x = 0.6 m on the centreline"."""
    x = _relative_x(clause, length)
    if x is None:
        return None
    y = _relative_y(clause, height)
    return (x, y) if y is not None else None


def _relative_y(clause: str, height: float | None) -> float | None:
    """How high a body sits: "20 cm above the bottom wall", "y = 0.1", "at mid-height", "on the
    centreline", "5 cm below the top wall", "1 cm above the centreline" (placement.body_y)."""
    return body_y(clause, height)


_BODY_START = (rf"(?:(?<![\w.])(?:{NUM}\s*(?:{UNIT})?\s*(?:x|by|×)\s*)?{NUM}\s*{UNIT}\s*(?:-\s*)?"
               r"(?:(?:diameter|side|wide|long|high)\s+)?)?(?:(?:circular|round|square|rectangular|solid)\s+)?"
               r"\b(?:obstacles?|obstructions?|blocks?|bodies|body|prisms?|cylinders?|baffles?|rods?|bars?|posts?"
               r"|pillars?|dis[ck]s?|rectangles?|triangles?|plates?|fins?|flaps?|vanes?)\b")
_BODY_END = r"\b(?:in|inside|within|through|of)\s+(?:a|an|the)\b|\b(?:channel|duct|domain|tunnel)\b|;|\.\s|\.$"


def domain_words(text: str) -> str:
    """`text` with the words about its bodies blanked out, so a body's size ("a rectangular obstacle
    0.2 m wide and 0.1 m high", "a 2 cm cylinder") is not read as the domain's: each body phrase runs
    from the body's noun (and a size just before it) to the channel it sits in or the end of its clause."""
    out = list(text)
    for m in re.finditer(_BODY_START, text, re.I):
        end = re.search(_BODY_END, text[m.end():], re.I)
        stop = m.end() + end.start() if end else len(text)
        out[m.start():stop] = " " * (stop - m.start())
    return "".join(out)


def _place_cylinder(text: str, d: dict[str, Any]) -> None:
    """A cylinder's domain and position: a blockage ratio (diameter over channel height), the
    diameters upstream, downstream and to each side wall, a centre given as coordinates or relative
    to the inlet; without them the cylinder sits at mid-height of a channel whose height was given,
    and a domain not given at all is the Schaefer-Turek one scaled to the diameter."""
    dia = d.get("diameter")
    blockage = re.search(rf"blockage(?:\s+ratio)?\s*(?:of|=|:|is)?\s*({NUM})\s*(%)?", text, re.I)
    if blockage and dia and "height" not in d:
        b = float(blockage.group(1)) / (100 if blockage.group(2) else 1)
        if 0 < b < 1:
            d["height"] = dia / b
    if dia:
        side = re.search(rf"({NUM})\s*(?:{_DIAMETERS})\s+(?:from\s+the\s+cent(?:re|er)\s+)?(?:to\s+(?:each|either|the)\s+"
                         rf"(?:side\s+)?wall|above\s+and\s+below|on\s+(?:each|either)\s+side|to\s+the\s+(?:top|side))",
                         text)
        if side and "height" not in d:
            d["height"] = 2 * float(side.group(1)) * dia
        counts = multiples(text, _DIAMETERS)
        if "upstream" in counts:
            d["center_x"] = counts["upstream"] * dia
        if "downstream" in counts and "length" not in d:
            d["length"] = d.get("center_x", 0.2) + counts["downstream"] * dia
    behind = distances_from_body(text, d)
    positions = body_positions(text)
    points = find_points(text)
    c = positions[0] if positions else points[0] if len(points) == 1 else \
        _relative_centre(text, d.get("height"), d.get("length"))
    if c:
        d["center_x"], d["center_y"] = c
    elif _relative_x(text, d.get("length")) is not None:  # "20 cm downstream of the inlet": across, mid-height (below)
        d["center_x"] = _relative_x(text, d.get("length"))
    if behind is not None and "length" not in d:
        d["length"] = d.get("center_x", 0.2) + behind  # "the outlet 1 m downstream of the cylinder"
    if "center_x" not in d and d.get("length") and _IN_THE_MIDDLE.search(text):
        d["center_x"] = d["length"] / 2  # "a cylinder in the centre of a 40 cm duct"
    if "center_y" not in d and _relative_y(text, d.get("height")) is not None:
        d["center_y"] = _relative_y(text, d.get("height"))  # "5 cm below the top wall"
    if not dia:
        return
    if not any(k in d for k in ("length", "height", "center_x", "center_y")):
        scale = dia / 0.1  # the Schaefer-Turek channel in diameters: 22 D x 4.1 D, the centre 2 D from inlet and floor
        d.update(length=2.2 * scale, height=0.41 * scale, center_x=0.2 * scale, center_y=0.2 * scale)
        return
    if "height" in d and ("center_y" not in d or (d["center_y"] == 0 and body_at_origin(text) and not axis_ranges(text, "y"))):
        d["center_y"] = d["height"] / 2  # mid-height; a body "at x = y = 0" in a domain sized about it too
    length = d.get("length", 2.2)
    if "center_x" not in d and not dia / 2 < 0.2 < length - dia / 2:
        d["center_x"] = max(length / 4, dia)


def body_positions(clause: str) -> list[Point]:
    """Every centre a clause gives its bodies, in order: "first centred at (0.4, 0.15) and second
    centred at (0.8, 0.15)", "at (0.3, 0.1) and (0.6, 0.1)", "centred at x = 1, y = 0.2"."""
    f = coordinate_unit(clause)
    at = r"(?:cent(?:er|re)(?:e?d)?|located|positioned|placed|sits?|position|\bat)\s*(?:at|:|=|is)?\s*(?:at\s*)?"
    found = [(m.start(), (float(m.group(1)) * f, float(m.group(2)) * f))
             for m in re.finditer(at + _PAIR.pattern, clause, re.I)]
    for m in re.finditer(rf"(?:{at})x\s*(?:=|:)?\s*{LENGTH}\s*,?\s*(?:and\s+)?y\s*(?:=|:)?\s*{LENGTH}", clause, re.I):
        found.append((m.start(), (float(m.group(1)) * unit_factor(m.group(2)), float(m.group(3)) * unit_factor(m.group(4)))))
    if len(found) < 2:
        pairs = find_points(clause)
        if len(pairs) >= 2 and found and pairs[0] == found[0][1]:
            return pairs  # "at (0.3, 0.1) and (0.6, 0.1)"
    return [p for _, p in sorted(found)]


# where the request puts the domain's own boundaries ("inlet at x = 0", "floor at y = 0", "the outlet is at x = 2 m")
_DOMAIN_PLACE = re.compile(rf"\b(?:inlet|outlet|exit|entrance|floor|bottom|top|ceiling|walls?|channel|domain|lid)\s+"
                           rf"(?:wall\s+|boundary\s+)?(?:is\s+|lies\s+)?(?:at|on)\s+[xy]\s*=\s*{LENGTH}", re.I)
_IN_THE_MIDDLE = re.compile(r"\b(?:in|at)\s+the\s+(?:middle|cent(?:re|er))\b|\bcent(?:e?r)ed\s+in\s+the\s+"
                            r"(?:channel|duct|domain)|\bmid[- ]?(?:channel|domain|way)\b", re.I)


def obstacles(text: str, height: float | None = None, length: float | None = None) -> list[dict[str, Any]]:
    """Obstacles described one per clause: "a square obstacle of side 0.1 m centred at (0.5, 0.2)",
    "a circular obstacle, diameter 5 cm, at (1, 0.2)", "a 4 cm square cylinder at (0.3, 0.1)",
    "a rectangular block 0.3 m by 0.05 m placed at (1, 0.2)", "a triangular obstacle with vertices at ..."."""
    clauses = re.split(r";|\.\s|\band\s+(?=an?\s|another\b|one\b)", text)
    out = []
    for clause in clauses:
        if not re.search(r"obstacle|obstruction|block|cylinder|baffle|body|square|rectang|triang|polygon|prism|\brods?\b|\bbars?\b"
                         r"|\bplates?\b|\bfins?\b|\bflaps?\b|\bvanes?\b"
                         r"|\bposts?\b|\bpillars?\b|\bpins?\b|\bdis[ck]s?\b|\bcircles?\b", clause, re.I):
            continue
        own = _body_words(clause)
        pts = vertices(clause)
        if pts and len(pts) >= 3:
            out.append({"kind": "polygon", "vertices": pts})
            continue
        clause = _DOMAIN_PLACE.sub(lambda m: " " * len(m.group(0)), clause)  # "inlet at x = 0": not a body's place
        several = body_positions(clause)
        c = centre(clause) or (find_points(clause)[0] if len(find_points(clause)) == 1 else None) \
            or _relative_centre(clause, height or 0.41, length)
        places = several if len(several) > 1 else [c] if c else []
        xs = x_list(clause)  # "at x = 0.5 m and x = 1.0 m", "at x = 0.5, 1.0 and 1.5 m"
        if len(places) <= 1 and len(xs) >= 2:  # "at x = 0.5 m and x = 1.0 m on the centreline"
            y = _relative_y(clause, height) or (height / 2 if height else None)
            places = [(x, y) for x in xs] if y is not None else places
        if not places and length and height and _IN_THE_MIDDLE.search(clause):
            places = [(length / 2, height / 2)]  # "placed in the middle of a 1 m x 0.2 m channel"
        on_wall = wall_side(clause)
        if not places and on_wall and height and _relative_x(clause, length) is not None:
            places = [(_relative_x(clause, length), None)]  # "sits on the floor 20 cm from the inlet": y from its size
        for c in places:
            if c[1] is None:  # on a wall: the body's centre is half its height off the wall
                size = _body_size(own) or _body_size(_body_words(text))
                if not size or not height:
                    continue
                c = (c[0], size[1] / 2 if on_wall == "bottom" else height - size[1] / 2)
            if _is_round(own):
                n = named_lengths(own)
                dia = n.get("diameter") or (2 * n["radius"] if "radius" in n else None)
                if dia:
                    out.append({"kind": "circle", "center": c, "diameter": dia})
                continue
            size = _body_size(own) or _body_size(_body_words(text))
            if size and (size[0] == size[1] or re.search(r"square", own, re.I)):
                out.append({"kind": "square", "center": c, "width": size[0]})
            elif size:
                out.append({"kind": "rectangle", "center": c, "width": size[0], "height": size[1]})
    return out


def _body_words(clause: str) -> str:
    """The words about the body: the clause from the body's first word ("a 5 cm square cylinder",
    "a rectangular block"), without the channel around it ("in a 2 m by 0.4 m channel"), so the
    channel's lengths are not read as the body's."""
    first = re.search(rf"(?:(?<![\w.])(?:{NUM}\s*(?:{UNIT})?\s*(?:x|by|×)\s*)?{NUM}\s*{UNIT}\s*(?:-\s*)?(?:(?:diameter|side|wide|long|high)\s+)?)?"
                      r"\b(?:square|rectang\w*|block|obstacle|obstruction|body|prism|cylinder|baffle|rod|bar|pin|circ\w*|plate|fin|flap|vane"
                      r"|dis[ck])\b", clause, re.I)
    words = clause[first.start():] if first else clause
    return re.sub(r"\b(?:in|inside|within|through|across|of)\s+(?:a|an|the)\s+[^;,]*?\b(?:channel|duct|domain)\b", " ",
                  words, flags=re.I)


def _is_round(words: str) -> bool:
    """A circular body: "cylinder", "circular", "disc"; not a "square cylinder" or a "rectangular rod"."""
    return bool(re.search(r"circ|round|cylind|\bdis[ck]\b", words, re.I)) and not \
        re.search(r"(?:square|rectangular)\s+(?:\w+\s+)?(?:cylinder|rod|bar|prism|post|pillar)", words, re.I)


def _body_size(words: str) -> tuple[float, float] | None:
    """(width, height) of a rectangular body in metres: "0.2 m by 0.1 m", "0.2 m wide and 0.1 m high",
    "side 0.1 m", "with sides of 8 cm", "a square of 10 cm side", "a 5 cm square", "the 10 cm block side"."""
    side = re.search(rf"\b(?:sides?|edges?)(?:\s+length)?\s*(?:of|=|:|is)?\s*{LENGTH}", words, re.I) or \
        re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:(?:block|obstacle|square)\s+)?(?:sides?|edges?|square"
                  rf"|on\s+(?:each|every|a|all)\s+sides?|a\s+side)\b",
                  words, re.I)
    if side:
        value = float(side.group(1)) * unit_factor(side.group(2))
        return value, value
    pair = re.search(rf"(?<![\w.]){LENGTH}\s*(?:x|by|×)\s*{LENGTH}", words, re.I)
    if pair and (pair.group(2) or pair.group(4)):
        unit = pair.group(4) or pair.group(2)
        return (float(pair.group(1)) * unit_factor(pair.group(2) or unit),
                float(pair.group(3)) * unit_factor(unit))
    n = named_lengths(words)
    thick = re.search(rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?thick\b|\bthickness\s*(?:of|=|:|is)?\s*{LENGTH}", words, re.I)
    if thick and (thick.group(2) or thick.group(4)) and "width" not in n:  # a plate "2 mm thick and 20 mm high" across the flow
        n = {**n, "width": float(thick.group(1) or thick.group(3)) * unit_factor(thick.group(2) or thick.group(4))}
    if "width" in n and "height" in n:
        return n["width"], n["height"]
    own = named_lengths(re.split(r"\b(?:channel|duct|domain|tunnel)\b", words, maxsplit=1, flags=re.I)[0])
    if "length" in own and "height" in own and not re.search(r"\bsquare\b", words, re.I):
        return own["length"], own["height"]  # "10 cm long in the flow direction and 5 cm tall"
    one = n.get("width") or n.get("height") or n.get("length")
    if one and re.search(r"\bsquare\b|\bcub(?:e|ic)\b", words, re.I):
        return one, one  # "a square block 5 cm high"
    return None
