"""Lengths by name in a request's words: "height 0.1 m", "a 5 cm diameter cylinder", "inner radius 3 cm",
the inlet and outlet sections' sizes, section and aspect ratios, products of lengths ("2 x 0.4 m"),
angles of attack, NACA codes, and lengths counted in a reference length ("5 diameters upstream").
Pure functions; metres."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_numbers import _DEG, LENGTH, digits, other_unit_follows


# after a length: it says where something is ("the outlet 100 cm downstream of the step"), not how big
_NOT_A_PLACE = r"(?!\s*(?:(?:down|up)[- ]?stream|from|after|behind|away|beyond|before|ahead|long)\b)"

# the inner and outer bodies of an annulus, and the words that give one of them a size: "inner cylinder
# radius", "the inner cylinder has a diameter of", "the outer wall, with a radius of", "rotor diameter"
# ("the inner one has a radius of 2 cm", "the outer surface, of radius 5 cm")
_ROUND_PART = r"(?:cylinder|wall|pipe|tube|one|surface|boundary|body|shell|circle|ring|sleeve)"
_INNER_BODY = rf"(?:inner\s+(?:{_ROUND_PART}|rotor|shaft)|rotor|shaft|spindle)\b"
_OUTER_BODY = rf"(?:outer\s+(?:{_ROUND_PART}|stator|casing)|stator|casing|housing)\b"
_HAS_A = r"(?:\s*,?\s+(?:(?:of|with|has|having)\s+(?:an?\s+)?)?|\s+)"
_INNER = rf"(?:{_INNER_BODY}{_HAS_A}|inner\s+)"
_OUTER = rf"(?:{_OUTER_BODY}(?:\s+bore)?{_HAS_A}|outer\s+)"

# the words that cannot stand between a size and the body it sizes ("a 2 cm heated rod", not "0.4 m with two cylinders")
_NOT_AN_ADJECTIVE = (r"(?:degrees?|deg|percent|rpm|bar|kelvin|celsius|seconds?|long|high|wide|tall|deep|thick|square|rectangular|triangular|apart|from|radius|radii|diameter|across"
                     r"|with|and|the|for|two|three|four|five|six|several|many|its|our|one|per|each|into|onto|past|around"
                     r"|over|behind|inside|within|through|between|are|is|was|were|has|have|of|in|by|to|at|on|or)\b")
_WHOLE = r"(?:channel|duct|domain|total|overall|cavity|enclosure)\s+"  # "100 mm channel height"
# a length said along the flow: "runs 0.6 m along x", "3 m in the streamwise direction", "length along the x axis: 2 m"
_ALONG = (r"(?:along\s+(?:the\s+)?x(?:[- ]?(?:axis|direction))?\b|in\s+the\s+x[- ]?(?:axis|direction)\b"
          r"|(?:along|in)\s+the\s+(?:(?:streamwise|flow|axial|mean[- ]flow)\s+direction|direction\s+of\s+(?:the\s+)?flow))")

def _opening_words(names: str, side: str, order: str, place: str) -> tuple[str, str]:
    """The words of an inlet's or an outlet's height ("inlet height", "height upstream", "height 2 cm
    upstream", "inlet 2 cm", "a 2 cm high inlet"): `names` of the opening, the `side` word, the
    `order` word before "the step", the `place` words after a length."""
    rest = r"(?!\s+(?:channel|section|duct|length|pipe|leg|region|part|velocity|speed|flow|patch|boundary))"
    return (rf"(?:{names}|{side})\s+(?:(?:channel|duct|section|opening)\s+)?(?:height|width|size)"
            rf"|(?:(?:channel|duct)\s+)?(?:height|width)\s+(?:{side}|{order}\s+the\s+(?:step|expansion|contraction|change))"
            rf"|(?:(?:channel|duct)\s+)?height(?=\s*(?:of\s+|=\s*|:\s*)?{NUM}\s*{UNIT}\s+(?:{place})\b)"
            rf"|(?:{names})(?=\s*(?:of\s+|=\s*|:\s*)?{NUM}\s*{UNIT}{_NOT_A_PLACE})",
            rf"(?:high|wide)\s+(?:{names})|(?<=[A-Za-z\"]\s)(?:{names})\b" + rest)


# a straight section's size is its length: "straight 50 mm entry and 200 mm exit", "a parallel 2 in lead-in"
_STRAIGHT = r"(?:straight|parallel|constant[- ](?:area|section|height|width))"


# "approach: 30 cm", "after the step = 0.6 m": a place word labelling a length (a key and its value), not a height
_CHANGE_NOUN = r"(?:step|expansion|contraction|change|taper|nozzle|diffuser|throat)"
# (its colon may be gone: "approach 150 mm; after the step 900 mm", a clause of its own)
_LABELS_A_LENGTH = (rf"(?=\s*[:=]\s*{NUM}\s*{UNIT}(?!\s*(?:-\s*)?(?:high|wide|tall|in\s+height))"
                    rf"|\s+{NUM}\s*{UNIT}\s*(?:[;,\n]|\.(?:\s|$)|$))")
# before a dimension's name, words that make it a place ("after the step: 60 cm", "downstream of the cylinder 1 m")
_PLACE_BEFORE = re.compile(r"\b(?:after|before|behind|past|beyond|(?:down|up)stream\s+of|ahead\s+of|in\s+front\s+of)\s+the\s*$", re.I)

# a size word leading a list of values by side: "bore 40 mm upstream, 20 mm downstream", "diameter 60 mm upstream and"
_ROUND_SIZE_LIST = re.compile(rf"\b(?:bore|diameter|radius|width|height)\s+(?:{NUM}\s*{UNIT}\s+(?:upstream|downstream|inlet|"
                              rf"outlet)\s*,?\s*(?:and\s+)?)?$", re.I)
# a round size named one way before it and the other way after it ("bore 12.5 mm in radius"): the word after wins
_ROUND_KIND = {"diameter": "radius", "inner_diameter": "radius", "outer_diameter": "radius",
               "radius": "diameter", "inner_radius": "diameter", "outer_radius": "diameter"}

# What a dimension is called in words: name -> (words before a length, adjectives after one)
_DIM_WORDS: dict[str, tuple[str, str]] = {
    "step_height": (r"step\s+height|step\s+(?:of|with)\s+(?:a\s+)?height|step\s+itself"  # not "backward-facing step: 100 mm channel"
                    r"|(?:(?<!facing\s)(?<!forward\s)(?<!backward\s)(?<!rearward\s)(?<!back\s)step|step(?!\s*:))"
                    r"|(?:floor|wall|bottom|bed)\s+(?:\w+ly\s+)?(?:rises|drops|falls|steps\s+(?:up|down))\s+(?:\w+ly\s+)?by"
                    r"|step\s+(?:\w+ly\s+)?(?:rises|drops|falls|stands|measures)(?:\s+by)?"
                    r"|(?:rise|drop|fall|step[- ](?:up|down))\s+(?:of|in)\s+the\s+(?:floor|bottom|wall|bed)",
                    r"(?:high\s+)?(?:(?:backward|forward|rearward|back)s?(?:[- ]facing)?[- ]?\s*)?step"
                    r"|(?:rise|drop|step[- ](?:up|down))\s+(?:of|in)\s+the\s+(?:floor|bottom|wall|bed)"),
    "inner_radius": (rf"{_INNER}radius|\bri\b|\br_i\b|\br1\b|{_INNER_BODY}\s+(?-i:r)(?=\s*[=:]?\s*\d)", rf"inner\s+radius|radius\s+{_INNER_BODY}"),
    "outer_radius": (rf"{_OUTER}radius|\bro\b|\br_o\b|\br2\b|{_OUTER_BODY}\s+(?:bore\s+)?(?-i:r)(?=\s*[=:]?\s*\d)", rf"outer\s+radius|radius\s+{_OUTER_BODY}"),
    "inner_diameter": (rf"{_INNER}diameter|(?:inside|internal)\s+diameter|(?-i:\bID\b)",
                       rf"(?:inner|inside|internal)\s+diameter|diameter\s+{_INNER_BODY}|(?-i:ID\b)|i\.d\."),
    "outer_diameter": (rf"{_OUTER}diameter|(?:outside|external)\s+diameter|(?-i:\bOD\b)",
                       rf"(?:outer|outside|external)\s+diameter|diameter\s+{_OUTER_BODY}|(?-i:OD\b)|o\.d\."),
    "inlet_height": _opening_words("inlet|entrance|entry", "upstream", "before", "upstream|before"),
    "outlet_height": _opening_words("outlet|exit", "downstream", "after", "downstream|after|behind"),
    "branch_width": (r"branch\s+width", r"wide\s+branch"),
    "branch_length": (r"branch\s+length", r"long\s+branch"),
    "upstream_length": (rf"(?:upstream|inlet)\s+(?:(?:channel|section|duct)\s+)?length"
                        rf"|{_STRAIGHT}(?=\s+{NUM}\s*{UNIT}\s+(?:entry|inlet|entrance|lead[- ]?in|upstream)\b)"
                        rf"|upstream(?=\s*[:=]?\s*{NUM}\s*{UNIT}(?!\s*(?:high|wide|tall|in\s+height)))"
                        rf"|(?:approach|lead[- ]?in|(?:before|ahead\s+of|upstream\s+of|in\s+front\s+of)\s+the\s+{_CHANGE_NOUN}){_LABELS_A_LENGTH}",
                        r"(?:long\s+)?upstream(?!\s+of\s+the\s+outlet)|long\s+inlet\s+(?:channel|section|duct)"
                        rf"|before(?=\s+and\s+{NUM}\s*{UNIT}\s+after\b)"
                        r"|(?:before|ahead\s+of|in\s+front\s+of)\s+the\s+(?:step|expansion|contraction|change|taper)"),
    "downstream_length": (rf"(?:downstream|outlet)\s+(?:(?:channel|section|duct)\s+)?length"
                          rf"|(?:{_STRAIGHT}|and)(?=\s+{NUM}\s*{UNIT}\s+(?:exit|outlet|tail|run[- ]?out|downstream)\b)"
                          rf"|downstream(?=\s*[:=]?\s*{NUM}\s*{UNIT}(?!\s*(?:high|wide|tall|in\s+height)))"
                          rf"|(?:recovery|run[- ]?out|(?:after|behind|beyond|past|downstream\s+of)\s+the\s+{_CHANGE_NOUN}){_LABELS_A_LENGTH}",
                          # not "20 cm downstream the floor jumps up": where the floor changes, a clause of its own
                          r"(?:long\s+)?downstream(?!\s+of\s+the\s+inlet)(?!,?\s+(?:the|a|there)\b)"
                          r"|long\s+outlet\s+(?:channel|section|duct)"
                          r"|(?:after|behind|past)\s+(?:it\b|the\s+(?:step|expansion|contraction|change|taper))"),
    "domain_radius": (r"(?:domain|far[- ]?field)\s+radius", r"domain\s+radius"),
    "gap": (r"gap(?:\s+width)?|separation|spacing", r"(?:wide\s+)?(?:annular\s+|radial\s+)?gap|apart"),
    "chord": (r"chord(?:\s+length)?(?:\s*,?\s*(?-i:c)\b)?|(?-i:\bc\b)(?=\s*[=:])", r"chord"),
    "diameter": (r"diameter|\bD\b|bore|\b(?:rod|pin|wire|dowel|post|pillar)(?=\s+of\s+(?:an?\s+|about\s+)?[\d.])",
                 rf"(?:in\s+)?diameter|bore|(?=(?:(?!{_NOT_AN_ADJECTIVE})[a-z][a-z-]{{2,}}\s+){{0,2}}"
                 r"(?:cylinders?|rods?|dis[ck]s?|pillars?|posts?|wires?|pins?|dowels?|pipe|tube|hose)\b"
                 r"(?!\s+(?:(?:running|lying|laid|oriented|that\s+runs)\s+)?along\s+(?:the\s+)?x\b))"),
    "radius": (r"radius|\bR\b", r"(?:in\s+)?radius"),
    "length": (rf"length(?:\s+{_ALONG})?|\bL\b", rf"long|in\s+length|(?:{_WHOLE})?length|{_ALONG}"
               # "4 m of straight run", "3 m of 25 mm bore tube", "a 6 m run": a pipe's length said the plant way
               r"|(?:of\s+(?:(?:straight|plain|[\d.]+|mm|bore|inch|in)\s+){0,3}(?:run|pipe|tube|tubing|hose|line|piping)"
               r"|(?:straight\s+)?run)(?!\s+(?:at|for)\b)"
               r"|(?:pipe|tube|duct|channel)\s+(?:(?:running|lying|laid|oriented|that\s+runs)\s+)?along\s+(?:the\s+)?x\b"),
    "height": (r"height|(?-i:\bH\b)", rf"high|tall|in\s+height|(?:{_WHOLE})?height"),
    "width": (r"width|(?-i:\bW\b)", rf"wide|in\s+width|(?:{_WHOLE})?width"),
    "depth": (r"depth|span", r"deep|in\s+depth|depth"),
    "side": (r"side(?:\s+length)?|size|edge(?:\s+length)?", r"(?:side|square|edge)|on\s+(?:a|each)\s+side"),
}


_TOTAL = re.compile(r"\b(?:in\s+total|overall|total\s+length|in\s+all|altogether|end\s+to\s+end)\b", re.I)


# the name of a dimensionless group just before a number: "Re = 40", "Reynolds number of 100", "Ma 0.3", "Ra: 1e5"
_GROUP_BEFORE = re.compile(r"(?:\b(?-i:Re|Ma|Ra|Pr|Gr|St|Fr|Ha|Pe|Kn|We|Ri|Nu|Sc|Gz)|reynolds|mach|rayleigh|prandtl|grashof|strouhal"
                           r"|froude|hartmann|p[eé]clet|knudsen|weber|richardson|nusselt|schmidt)(?:\s+numbers?)?\s*(?:=|:|of|is|≈|~)?\s*$",
                           re.I)


# a dimension's name just before a size: the size is that dimension's, not one named by the word after it
_NAMED_BEFORE = re.compile(r"\b(?:width|height|length|depth|diameter|radius|thickness|gap)\s*(?:of|=|:|is)?\s*$", re.I)

# a dimensionless group referred to a size: "the Reynolds number on the diameter", "Re based on the chord"
_GROUP_ON = re.compile(_GROUP_BEFORE.pattern.removesuffix(r"(?:=|:|of|is|≈|~)?\s*$") +
                       r"(?:based\s+)?(?:on|with\s+respect\s+to|referred\s+to|using|by)\s+(?:the\s+)?(?:\w+\s+)?$", re.I)


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
                if name in ("inlet_height", "outlet_height") and re.search(
                        rf"\b{_STRAIGHT}\s+(?:(?:{NUM}\s*{UNIT}|and)\s+(?:\w+\s+){{0,3}})?$", text[max(0, m.start(1) - 40):m.start(1)], re.I):
                    continue  # "a straight 50 mm entry and 200 mm exit": the straight sections' lengths
                if pattern is patterns[0] and _ROUND_KIND.get(name) and \
                        re.match(rf"\s*(?:-\s*)?(?:in\s+)?{_ROUND_KIND[name]}\b", text[m.end():], re.I):
                    continue  # "the bore was 12.5 mm in radius": the word after the size says which it is
                if name in ("upstream_length", "downstream_length") and pattern is patterns[1] and \
                        _ROUND_SIZE_LIST.search(text[max(0, m.start(1) - 60):m.start(1)]):
                    continue  # "bore 40 mm upstream, 20 mm downstream": a size on each side, no length
                if pattern is patterns[1] and _NAMED_BEFORE.search(text[max(0, m.start(1) - 30):m.start(1)]):
                    continue  # "width 20 mm length 200 mm": the size after "width" is the width, not "a 20 mm length"
                if pattern is patterns[0] and _PLACE_BEFORE.search(text[max(0, m.start() - 30):m.start()]):
                    continue  # "after the step: 60 cm": where a length runs, not the step's size
                if not m.group(2) and _GROUP_BEFORE.search(text[max(0, m.start(1) - 30):m.start(1)]):
                    continue  # "a Re = 40 cylinder", "Mach 2 wedge": a dimensionless group's value, not a size
                if not m.group(2) and pattern is patterns[0] and _GROUP_ON.search(text[max(0, m.start() - 50):m.start()]):
                    continue  # "the Reynolds number on the diameter is 1000": the group's value, not the diameter
                if not m.group(2) and pattern is patterns[1] and re.match(rf"\s*{_ALONG}", text[m.end(1):], re.I):
                    continue  # "50 along x and 50 across": a cell count per axis (no unit), not a size
                if not m.group(2) and other_unit_follows(text, m.end(1)):
                    continue  # "cold side 21.85 degC", "height 2 bar": a temperature or a pressure, not a length
                if pattern is patterns[0] and not m.group(2) and re.match(r"\s*(?:x|by|×)\s*\d", text[m.end():]):
                    continue
                if not m.group(2) and re.match(r"\s*(?:(?-i:[HhDdWwcRr])\b|(?:channel\s+|step[- ])?(?:heights?|diameters?|widths?"
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


_SECTION_SIZE = re.compile(rf"(?:is\s+|has\s+|with\s+|and\s+|x\s+|×\s*)?(?:an?\s+)?"
                           rf"(?:(?P<noun>height|width|length|(?-i:[HWL]))\s*(?:of\s+|=\s*|:\s*|is\s+)?)?{LENGTH}\s*"
                           rf"(?P<adj>high|wide|tall|long|in\s+height|in\s+length)?(?![\w/^])", re.I)


def _sizes_in_a_row(clause: str) -> list[re.Match[str]]:
    """The sizes at the start of `clause`, one after the other ("25 mm high x 125 mm long", "H 25 mm, L 125 mm"),
    up to the first words that are not one."""
    found: list[re.Match[str]] = []
    at = 0
    while (m := _SECTION_SIZE.match(clause, at)) and m.end() > at:
        found.append(m)
        at = m.end()
        sep = re.match(r"\s*(?:,|;|\band\b|x\b|×)?\s*", clause[at:])
        at += sep.end() if sep else 0
    return found


def section_lengths(text: str) -> dict[str, float]:
    """The sizes of the inlet and outlet sections of a step, expansion, contraction or nozzle, said
    of the section itself: "the inlet channel is 1 cm high", "outlet section 40 cm long", "the
    upstream duct has a height of 10 mm", "downstream channel 30 mm wide"."""
    out: dict[str, float] = {}
    noun = r"(?:channel|section|duct|part|leg|pipe|passage|region)"
    for side, words in (("inlet", _INLET_SIDE), ("outlet", _OUTLET_SIDE)):
        for head in re.finditer(rf"\b(?:{words})\s+{noun}\b\s*(?::|,)?\s*", text, re.I):
            # the sizes said of the section in its clause, up to the other section's name: "inlet passage 25 mm high x
            # 125 mm long", "Upstream passage: H 25 mm, L 125 mm", "the inlet channel is 1 cm high and 5 cm long"
            clause = re.split(rf"\.(?!\d)|[;\n]|\b(?:{_INLET_SIDE}|{_OUTLET_SIDE}|step)\b", text[head.end():], maxsplit=1, flags=re.I)[0]
            for m in _sizes_in_a_row(clause):
                word = (m.group("noun") or m.group("adj") or "").lower()
                if not word or not m.group(3):
                    continue
                along = word in ("length", "long", "in length", "l")
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
    "contraction ratio of 1:4", "a 4:1 contraction", "sudden contraction 4:1", "area ratio 3" (not "area
    ratio 3: 120 mm high inlet duct", a label's colon)."""
    change = r"(?:expansion|contraction|area|height)"
    m = re.search(rf"{change}\s+ratio\s*(?:of|=|:|is)?\s*({NUM})(?:\s*:\s*({NUM})(?![\d.]|\s*{UNIT}))?", text, re.I) or \
        re.search(rf"(?:expansion|contraction)\s+(?:of\s+)?({NUM})\s*:\s*({NUM})", text, re.I) or \
        re.search(rf"(?<![\w.])({NUM})\s*:\s*({NUM})\s+(?:\w+\s+)?(?:expansion|contraction|enlargement|widening|narrowing"
                  rf"|reduction)", text, re.I) or \
        re.search(rf"\b(?-i:ER|CR)\s*(?:=|:|of)?\s*({NUM})(?:\s*:\s*({NUM}))?(?![\d.])", text) or \
        re.search(rf"(?<![\w.])({NUM})\s*(?::|to)\s*({NUM})\s+(?:height|area|width)\s+ratio", text, re.I)
    if not m:
        return None
    r = float(m.group(1)) / (float(m.group(2)) if m.group(2) else 1.0)
    return (r if r >= 1 else 1 / r) if r > 0 else None


# the axis a size of a product is along, in brackets: "0.3 m (x) by 0.15 m (y, vertical) by 0.06 m (z)"
_AXIS_NOTE = r"(?:\s*\(\s*[xyz]\b[^()]{0,20}\))?"


def extent_product(text: str, skip_bodies: bool = False) -> tuple[float, ...] | None:
    """A domain written as a product of lengths: "2 x 0.4 m", "220 cm x 41 cm", "200 cm by 40 cm",
    "100 mm x 100 mm" (not cell counts; with `skip_bodies`, not the size of an obstacle either:
    "a rectangular block 0.2 m by 0.05 m")."""
    for m in re.finditer(rf"(?<![\w.])({NUM})\s*({UNIT})?{_AXIS_NOTE}\s*(?:x|by|×)\s*({NUM})\s*({UNIT})?{_AXIS_NOTE}"
                         rf"(?:\s*(?:x|by|×)\s*({NUM})\s*({UNIT})?{_AXIS_NOTE})?(?!\s*(?:[a-z]+\s+)?(?:cells|elements|grid|mesh))",
                         text, re.I):
        if skip_bodies and _sizes_a_body(text, m.start(), m.end()):
            continue
        if _CELL_SIZE_BEFORE.search(text[max(0, m.start() - 30):m.start()]):
            continue  # "Mesh 5 mm x 5 mm", "cells of 2 cm x 2 cm": a cell's size, not the domain's
        if not (m.group(4) or m.group(6)):
            return None
        last = m.group(6) or m.group(4)
        nums = [(m.group(1), m.group(2)), (m.group(3), m.group(4)), (m.group(5), m.group(6))]
        return tuple(float(v) * unit_factor(u or last) for v, u in nums if v is not None)
    return None


_CELL_SIZE_BEFORE = re.compile(r"\b(?:mesh|grid|cells?|hexe?s|elements?|resolution|spacing)\s*(?:size\s*)?(?:of\s+|:|=|is\s+)?\s*$", re.I)
_BODY_NOUN = r"(?:obstacle|obstruction|block|square|rectang\w*|body|prism|bar|rod|baffle)"


def _sizes_a_body(text: str, start: int, end: int) -> bool:
    """The lengths text[start:end] are a body's size: right after or before the body's noun."""
    return bool(re.search(rf"\b{_BODY_NOUN}\s+(?:\w+\s+){{0,2}}$", text[max(0, start - 40):start], re.I)
                or re.match(rf"\s*(?:\w+\s+)?{_BODY_NOUN}\b", text[end:end + 30], re.I))


def aspect_ratio(text: str) -> float | None:
    m = re.search(rf"aspect(?:[- ]ratio)?\s*(?:\([^()]{{0,30}}\)\s*,?\s*)?(?:of|=|:|is)?\s*({NUM})(?:\s*(?::|to|/)\s*({NUM}))?", text, re.I) or \
        re.search(rf"({NUM})\s*(?:(?::|to|/)\s*({NUM}))?\s*-?\s*aspect(?:[- ]ratio)?\b", text, re.I)
    if not m:
        return None
    return float(m.group(1)) / (float(m.group(2)) if m.group(2) else 1.0)


# words that turn an angle nose down (a negative angle of attack): "2 degrees nose down", "pitched down 3 deg",
# "leading edge down", "5 degrees below the free stream", "a negative incidence of 4 degrees"
_NOSE_DOWN = re.compile(r"\bnose[- ]?down|\b(?:pitched|tilted|inclined|turned)\s+down|\bleading[- ]edge\s+down"
                        r"|\bbelow\s+the\s+(?:free[- ]?stream|flow|horizontal|oncoming|incoming|wind)|\bnegative\s+(?:angle|incidence|aoa|pitch)", re.I)


def angle_of_attack(text: str) -> float | None:
    """Degrees, nose up positive: "angle of attack 4 degrees", "4° angle of attack", "AoA = 4", "at 4 deg
    incidence", "minus two degrees", "pitched 2 degrees nose down", "a negative incidence of 3 deg"."""
    text = re.sub(r"\b(?:minus|negative)\s+(?=\d)", "-", digits(text), flags=re.I)
    name = r"(?:angle\s+of\s+attack|\baoa\b|incidence|\balpha\b|α)"
    m = re.search(rf"{name}\s*(?:of|=|:|is)?\s*({NUM})\s*{_DEG}?", text, re.I) or \
        re.search(rf"({NUM})\s*-?\s*{_DEG}\s*(?:of\s+)?(?:{name})", text, re.I) or \
        re.search(rf"\b(?:at\s+)?(0)\s+(?:incidence|angle\s+of\s+attack|aoa)\b", text, re.I) or \
        re.search(rf"\b(?:inclined|pitched|tilted|set)\s+(?:(?:up|down)\s+(?:by\s+)?|at\s+(?:an?\s+angle\s+of\s+)?)?({NUM})\s*{_DEG}", text, re.I) or \
        re.search(rf"\bat\s+({NUM})\s*{_DEG}", text, re.I)
    if not m:
        return None
    value = float(m.group(1))
    near = text[max(0, m.start() - 40):m.end() + 40]
    return -value if value > 0 and _NOSE_DOWN.search(near) else value


def naca_code(text: str) -> str | None:
    m = re.search(r"\bNACA\s*[- ]?\s*(\d{4})\b", text, re.I)
    return m.group(1) if m else None


# How a request counts lengths in a reference length ("10 step heights upstream", "5 D downstream").
_STEP_HEIGHTS = r"step[- ]heights?|(?-i:h)\b|(?-i:H)\b"
_DIAMETERS = r"diameters?|(?-i:D)\b|(?-i:d)\b"
_CHORDS = r"chords?(?:\s+lengths?)?|(?-i:c)\b"
_UPSTREAM = r"upstream|before|ahead|in\s+front|inlet|entry|entrance"  # "5 h of inlet channel"
_DOWNSTREAM = r"downstream|after|behind|in\s+the\s+wake|wake|outlet|exit"


_FROM_INLET = r"(?:from|downstream\s+(?:of|from)|after|behind|past)\s+(?:the\s+)?(?:inlet|entrance|inflow|entry)"
_FROM_OUTLET = r"(?:from|upstream\s+(?:of|from)|before|ahead\s+of|short\s+of)\s+(?:the\s+)?(?:outlet|exit|outflow)"


def multiples(text: str, reference: str) -> dict[str, float]:
    """How many reference lengths lie upstream and downstream (of a body or a step): "5 diameters
    upstream", "15D downstream", "10 step heights before the step", "an upstream length of 10 h",
    "20 chords behind the aerofoil" -> {"upstream": 5, "downstream": 15}. A count from one end of
    the domain says the other way round: "5 D from the inlet" is 5 upstream, "10 D before the
    outlet" is 10 downstream."""
    out: dict[str, float] = {}
    count = rf"(?<![\w.])({NUM})\s*(?:x\s*|times\s+)?(?:{reference})\s+(?:away\s+)?"
    ends = {}
    for where, end in (("upstream", _FROM_INLET), ("downstream", _FROM_OUTLET)):
        m = re.search(count + end, text)
        if m:
            ends[where] = m
            out[where] = float(m.group(1))
    for where, words in (("upstream", _UPSTREAM), ("downstream", _DOWNSTREAM)):
        if where in out:
            continue
        for m in re.finditer(rf"(?<![\w.])({NUM})\s*(?:x\s*)?(?:{reference})\s+(?:\w+\s+)?(?:{words})\b", text):
            if not any(e.start() <= m.start() < e.end() for e in ends.values()):
                out[where] = float(m.group(1))
                break
        else:
            m = re.search(rf"(?:{words})\s+(?:length|distance|extent)?\s*(?:of|=|:|is)?\s*({NUM})\s*(?:x\s*)?(?:{reference})",
                          text)
            if m:
                out[where] = float(m.group(1))
    return out
