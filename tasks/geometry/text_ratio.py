"""Sizes said as a multiple or a fraction of another size the request names, with the feature that size
belongs to: "the outlet is half the inlet width", "the step height is a quarter of the channel height",
"an annular gap of half the shaft diameter", "twice as high as the inlet channel", "four header widths
downstream of the inlet", "20 inlet heights long". `ratio_sizes` writes each as "<metres> m" (with the
adjective of its dimension where no size noun names it) once the size it refers to is known. Pure
functions; metres."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM
from tasks.geometry.text_numbers import digits

_FRACTION_WORDS = {"half": 2, "third": 3, "quarter": 4, "fourth": 4, "fifth": 5, "sixth": 6, "eighth": 8, "tenth": 10}
_FRACTION_PLURALS = {"halves": 2, "thirds": 3, "quarters": 4, "fourths": 4, "fifths": 5, "sixths": 6, "eighths": 8, "tenths": 10}
# a fraction in digits only before "of" ("1/2 of the channel height", "2/3 of its width"): a pair ("305/295 K") has none
_FRACTION = (rf"(?:(?:a|an|one|1)[\s-]+)?(?:{'|'.join(_FRACTION_WORDS)})|(?<![\d./])\d+\s*/\s*[1-9]\d*(?=\s+of\b)"
             rf"|(?:\d+(?:\.\d+)?|two|three|four|five|six|seven|nine)[\s-]+(?:{'|'.join(_FRACTION_PLURALS)})")
_COUNT_WORDS = r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty"
_MULTIPLE = rf"twice|double|triple|thrice|(?:{NUM}|{_COUNT_WORDS})\s*(?:times|x|×)|(?:{NUM})\s*(?:%|per\s*cent)\s+of"
MULTIPLIER = rf"(?:{_FRACTION}|{_MULTIPLE})"

# a dimension's noun -> the adjective that says it after a length
_DIM_ADJ = {"height": "high", "width": "wide", "length": "long", "depth": "deep", "diameter": "in diameter",
            "radius": "in radius", "chord": "chord", "gap": "gap", "side": "side", "thickness": "thick"}
_ADJ_DIM = {"high": "height", "tall": "height", "wide": "width", "broad": "width", "long": "length", "deep": "depth",
            "thick": "thickness", "large": "diameter", "big": "diameter"}
_DIMS = r"heights?|widths?|lengths?|depths?|diameters?|radi(?:us|i)|chords?|gaps?|thickness(?:es)?|bores?|sides?"

# what the words before a dimension's noun say about whose size it is -> the size names to look up, in order
_INLET = {"inlet", "upstream", "entry", "entrance", "inflow", "narrow", "narrower", "small", "smaller", "approach", "feed"}
_OUTLET = {"outlet", "downstream", "exit", "outflow", "wide", "wider", "large", "larger", "discharge", "run-out", "runout"}
_INNER = {"shaft", "inner", "rotor", "spindle", "bob", "core", "impeller"}
_OUTER = {"outer", "sleeve", "housing", "casing", "stator", "shell", "vessel", "bore", "tank", "drum"}
_BRANCH = {"branch", "side", "leg"}
_STEP = {"step", "sill", "weir", "ledge"}

# a size noun just before the multiplier: the size is named there already ("step height a quarter of ...")
_NAMED_BEFORE = re.compile(rf"\b(?:{_DIMS}|bore|clearance|span|size)\s*(?:is|was|of|=|:|,|equal\s+to|set\s+to|measures)?\s*$", re.I)
_SKIP_QUALIFIERS = {"the", "its", "a", "an", "this", "that", "channel's", "channel", "duct", "pipe", "domain", "whole", "overall",
                    "total", "full", "main", "header", "run", "passage", "section", "cylinder", "rod", "body", "block",
                    "obstacle", "cavity", "box", "of"}


# the qualifiers text_relative counts in itself ("20 channel heights", "5 step heights", "10 side lengths")
_RELATIVE_QUALIFIERS = {"channel", "duct", "domain", "step", "side", "block", "obstacle", "the"}


def multiplier_value(word: str) -> float | None:
    """The factor a multiplier says: "half" -> 0.5, "a third" -> 1/3, "two thirds" -> 2/3, "2/3" -> 2/3, "twice" -> 2,
    "3 times" -> 3, "150 % of" -> 1.5 (None when it says none)."""
    w = re.sub(r"\s+", " ", digits(word).strip().lower()).replace("-", " ")
    if w in ("twice", "double"):
        return 2.0
    if w in ("triple", "thrice"):
        return 3.0
    if m := re.fullmatch(rf"({NUM}) ?(?:times|x|×)", w):
        return float(m.group(1))
    if m := re.fullmatch(rf"({NUM}) ?(?:%|per ?cent) of", w):
        return float(m.group(1)) / 100
    if m := re.fullmatch(rf"(?:(?:a|an|one|1) )?({'|'.join(_FRACTION_WORDS)})", w):
        return 1 / _FRACTION_WORDS[m.group(1)]
    if m := re.fullmatch(r"(\d+) ?/ ?([1-9]\d*)", w):  # "2/3"
        return int(m.group(1)) / int(m.group(2))
    if m := re.fullmatch(rf"(\d+(?:\.\d+)?) ({'|'.join(_FRACTION_PLURALS)})", w):
        return float(m.group(1)) / _FRACTION_PLURALS[m.group(2)]
    return None


def _dim(noun: str) -> str:
    n = noun.lower().rstrip("s")
    return {"radii": "radius", "radiu": "radius", "thicknesse": "thickness", "thicknes": "thickness", "bore": "diameter"}.get(n, n)


def reference_value(qualifiers: str, noun: str, refs: dict[str, float]) -> float | None:
    """The size (m) that "<qualifiers> <noun>" names among `refs` ("inlet height" -> inlet_height, "shaft
    diameter" -> twice inner_radius, "header width" -> width), or None when it is not known."""
    words = {w for w in re.split(r"[\s']+", qualifiers.lower()) if w}
    dim = _dim(noun)
    if noun.lower().startswith("bore"):
        words.add("bore")
    half = {"diameter": 1.0, "radius": 0.5}
    names: list[tuple[str, float]] = []
    if dim in half:
        scale = half[dim]
        if words & _INNER:
            names = [("inner_radius", 2 * scale), ("inner_diameter", scale)]
        elif words & _OUTER:
            names = [("outer_radius", 2 * scale), ("outer_diameter", scale)]
        names += [("diameter", scale), ("radius", 2 * scale)]
    elif dim in ("height", "width", "depth"):
        if words & _STEP and dim == "height":
            names = [("step_height", 1.0)]
        elif words & _INLET:
            names = [("inlet_height", 1.0)]
        elif words & _OUTLET:
            names = [("outlet_height", 1.0)]
        elif words & _BRANCH:
            names = [("branch_width", 1.0)]
        elif not words - _SKIP_QUALIFIERS:
            names = [(dim, 1.0)] + ([("height", 1.0)] if dim == "width" and words & {"channel", "duct", "header", "main", "run",
                                                                                        "passage"} else [])
    elif dim == "length":
        names = [("upstream_length", 1.0)] if words & _INLET else [("downstream_length", 1.0)] if words & _OUTLET else \
            [("branch_length", 1.0)] if words & _BRANCH else [("length", 1.0)]
    else:
        names = [(dim, 1.0)]
    for name, factor in names:
        if refs.get(name, 0) > 0:
            return refs[name] * factor
    if dim in ("height", "width") and not words & (_STEP | _INLET | _OUTLET | _BRANCH) and not words - _SKIP_QUALIFIERS:
        sections = [refs[k] for k in ("inlet_height", "outlet_height") if refs.get(k, 0) > 0]
        return max(sections) if sections else None  # "the channel height" of a step: its full (larger) section
    return None


def _metres(value: float) -> str:
    return f"{value:.6g} m"


_QUAL = r"(?P<qual>(?:[A-Za-z][\w'-]*\s+){0,2}?)"
_OF_THE = re.compile(rf"(?<![\w.])(?P<mult>{MULTIPLIER})\s+(?:of\s+)?(?:the|its|that|this|their)\s+{_QUAL}(?P<dim>{_DIMS})\b"
                     rf"(?!\s*(?:of\s+)?{NUM})", re.I)
_AS_AS = re.compile(rf"(?<![\w.])(?P<mult>{MULTIPLIER})\s+as\s+(?P<adj>{'|'.join(_ADJ_DIM)})\s+as\s+(?:the|its)\s+"
                    rf"{_QUAL}(?P<noun>[A-Za-z][\w-]*)\b(?:\s+(?:channel|duct|section|leg|passage|pipe|part|line|opening|slot))?"
                    rf"(?!\s*(?:of\s+)?{NUM})", re.I)
_COUNT = re.compile(rf"(?<![\w.])(?P<n>{NUM}|(?:twenty|thirty|forty|fifty)-(?:one|two|three|four|five|six|seven|eight|nine)"
                    rf"|{_COUNT_WORDS})\s+(?P<qual>(?:[A-Za-z][\w'-]*\s+){{1,2}}?)(?P<dim>heights|widths|diameters|radii|chords|bores)\b",
                    re.I)


_ADJ_AFTER = re.compile(r"\s*(?:-\s*)?(?:thick|long|high|tall|wide|deep|across)\b", re.I)


def _said(text: str, start: int, end: int, value: float, dim: str) -> str:
    """A size written where a multiplier stood: bare after a size noun ("step height 0.01 m"), else with
    its dimension's adjective ("the outlet is 0.05 m wide")."""
    if _NAMED_BEFORE.search(text[max(0, start - 40):start]) or _ADJ_AFTER.match(text, end):
        return _metres(value)  # "a plate a tenth of the channel height thick": its own adjective follows
    return f"{_metres(value)} {_DIM_ADJ.get(dim, '')}".rstrip()


def ratio_sizes(text: str, refs: dict[str, float]) -> str:
    """`text` with each size said as a multiple or fraction of a known size written in metres (see the module
    doc). A multiplier whose reference is not known stays as written."""
    if not refs:
        return text

    def of_the(m: re.Match[str]) -> str:
        factor = multiplier_value(m.group("mult"))
        ref = reference_value(m.group("qual"), m.group("dim"), refs)
        if factor is None or ref is None:
            return m.group(0)
        if _dim(m.group("dim")) == "length" and re.search(r"\b(?:at|sits|placed|located|positioned|centred|centered)\s+(?:about\s+)?$",
                                                          text[max(0, m.start() - 30):m.start()], re.I):
            return f"{_metres(factor * ref)} from the inlet"  # "at a third of the channel length": a place along it
        return _said(text, m.start(), m.end(), factor * ref, _dim(m.group("dim")))

    def as_as(m: re.Match[str]) -> str:
        factor = multiplier_value(m.group("mult"))
        dim = _ADJ_DIM[m.group("adj").lower()]
        if m.group("noun").lower() in ("it", "is"):
            return m.group(0)
        qual = f"{m.group('qual')} {m.group('noun')}"
        ref = reference_value(qual, dim, refs) if dim != "diameter" else reference_value(qual, "diameter", refs)
        if factor is None or ref is None:
            return m.group(0)
        return f"{_metres(factor * ref)} {_DIM_ADJ.get(dim, '')}".rstrip()

    def counted(m: re.Match[str]) -> str:
        qual, n = m.group("qual"), digits(m.group("n")).strip()
        if not re.fullmatch(NUM, n) or not set(qual.lower().split()) - _RELATIVE_QUALIFIERS:
            return m.group(0)  # "5 step heights", "20 channel heights": text_relative's own
        ref = reference_value(qual, m.group("dim"), refs)
        return _metres(float(n) * ref) if ref is not None else m.group(0)

    text = _OF_THE.sub(of_the, text)
    text = _AS_AS.sub(as_as, text)
    return _COUNT.sub(counted, text)
