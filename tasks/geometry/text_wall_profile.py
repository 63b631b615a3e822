"""A 2D channel whose floor or ceiling follows a stated profile, read from a request's words: straight ramps between
stations ("the floor rises from x = 0.4 m to x = 0.6 m up to y = 0.1 m and stays there"), walls given station by
station (in words, as points or in a table of x and y), and walls given by a formula y = f(x) over a range of x
(explicit, or in words: "4 sine waves of wavelength 0.1 m and amplitude 5 mm from x = 0.2 m", a cosine bump of a
height and a length, a Gaussian hill, a circular-arc bump), flat elsewhere. Lengths may be multiples of a named
length ("H = 0.2 m ... from x = 2H to 3H"): those are resolved first (text_defined_symbols).

`wall_profile_fields` gives the GeometrySpec fields of a `polygon_domain` channel (shape_polydomain.py): the floor and
the ceiling as one outline, a curved wall sampled at stations close enough that the straight edges between them
follow the formula (within half a percent of its amplitude) and, when the request states a cell size along x, at a
whole number of cells apart, so each block between two stations holds whole cells. Pure; metres."""

from __future__ import annotations

import math
import re
from typing import Any

from tasks.geometry.placement import axis_ranges
from tasks.geometry.spec import NUM, UNIT, Point, unit_factor
from tasks.geometry.text_defined_symbols import resolve_defined_symbols
from tasks.geometry.text_lengths import extent_product, named_lengths
from tasks.geometry.text_mesh import mesh_request
from tasks.geometry.text_numbers import digits
from tasks.geometry.wall_formula import PIECE, Wall, formula, interpolate, sample, wall_support


_FLOOR = re.compile(r"\b(?:floor|bottom(?:\s+wall)?|lower\s+wall|bed)\b", re.I)
_CEILING = re.compile(r"\b(?:ceiling|roof|top\s+wall|upper\s+wall)\b", re.I)
_PROFILED = re.compile(r"\bthrough\s+(?:the\s+)?points\b|\b(?:ramps?|ramping|rises?|rising|climbs?|falls?|falling|drops?|dropping|slopes?|sloping|"
                       r"wav(?:e|es|y)|bumps?|hills?|profile|stations?)\b|\by\s*=\s*(?:(?!\b(?:to|and|from|so|then)\b)[^=,;])*\bx\b", re.I)
_CHANNEL = re.compile(r"\b(?:channel|duct|diffuser|contraction|passage|2-?D|two[- ]dimensional|planar)\b", re.I)
_NOT_HERE = re.compile(r"\b(?:3-?D|three[- ]dimensional|pipe|cavity|tank|cylinder|airfoil)\b", re.I)
_LEN = rf"({NUM})\s*({UNIT})?"
_WAVE = r"\bwav(?:e|es|y)\b|\bcorrugat|\bundulat|\bsinusoid"
_BUMP = r"\bbump|\bhump|\bhill\b|\bmound\b"


def _metres(value: str, unit: str | None, default: float = 1.0) -> float:
    return float(value) * (unit_factor(unit) if unit else default)


# ---------------------------------------------------------------- the channel's frame: its length and height


_FEATURE = re.compile(rf"{_FLOOR.pattern}|{_CEILING.pattern}|{_WAVE}|{_BUMP}|\bgauss|\bramps?\b", re.I)


_DOMAIN = re.compile(r"\b(?:channel|duct|domain|passage)\b", re.I)


def _domain_words(text: str) -> str:
    """`text` without what is said of the profiled wall (in each clause, from a wall or feature word up to the next
    word naming the channel), so a bump's "length 120 mm" or a ramp's "height of 0.1 m" is never read as the
    channel's."""
    out = []
    for clause in re.split(r"((?<!\d)\.(?=\s|$)|;|\n|\?)", text):
        cuts = sorted([(m.start(), False) for m in _FEATURE.finditer(clause)] +
                      [(m.start(), True) for m in _DOMAIN.finditer(clause)])
        keep, pos, kept = [], 0, True
        for at, domain in cuts:
            if kept:
                keep.append(clause[pos:at])
            pos, kept = at, domain
        if kept:
            keep.append(clause[pos:])
        out.append(" ".join(keep))
    return "".join(out)


def _frame(text: str, whole: str) -> tuple[float | None, float | None]:
    """The channel's length and its (inlet) height: "L = 2 m, H = 0.2 m", "1.5 m long and 100 mm tall",
    "0.6 m x 0.04 m", "long 2 m, high 0.25 m", "ceiling flat at y = 80 mm"."""
    sizes = named_lengths(text)
    length, height = sizes.get("length"), sizes.get("height") or sizes.get("inlet_height")
    if length is None or height is None:
        product = extent_product(text, skip_bodies=True)
        if product and len(product) == 2:
            length, height = length or product[0], height or product[1]
    for word, key in (("long|length", "length"), ("high|tall|height", "height")):
        if (length if key == "length" else height) is None:
            m = re.search(rf"\b(?:{word})\s*(?:of|is|=|:)?\s*{_LEN}", text, re.I)
            if m and m.group(2):
                value = _metres(m.group(1), m.group(2))
                length, height = (value, height) if key == "length" else (length, value)
    if length is None:  # "x 0..0.6 m", "| channel length (x) | 600 mm |"
        xs = axis_ranges(whole, "x")
        m = re.search(rf"\blength\s*(?:\(\s*x\s*\))?\s*[|:=]\s*{_LEN}", text, re.I)
        length = (xs[0][1] - xs[0][0]) if xs and xs[0][1] > xs[0][0] else \
            _metres(m.group(1), m.group(2)) if m and m.group(2) else None
    if height is None:
        m = re.search(rf"{_CEILING.pattern}[^.;]{{0,40}}?(?:\bat\s+(?:y\s*=\s*)?|\by\s*=\s*){_LEN}", whole, re.I)
        if m:
            height = _metres(m.group(1), m.group(2))
    return length, height


_FORMULA = re.compile(r"\by\s*(?:\(\s*x\s*\))?\s*=\s*((?:[-+*/^().\s\w·π]|\*\*)+?)"
                      r"(?=\s*(?:,|;|\bfor\b|\bwhen\b|\bwith\b|\bover\b|\bbetween\b|\bon\b|\bfrom\b|\bin\b|\bflat\b|"
                      r"\band\b|\bwhere\b|\bif\b|\(\s*(?:four|three|two|\d+)\s+waves|\.\s|\.?$|\n|\||\bm\b))", re.I)
_RANGE = [
    re.compile(rf"({NUM})\s*({UNIT})?\s*<=?\s*x\s*<=?\s*{_LEN}", re.I),  # 0.1 <= x <= 0.3 m
    re.compile(rf"\bx\s*(?:from|between|in|∈)\s*\[?\s*{_LEN}\s*(?:to|and|,|-|–)\s*{_LEN}", re.I),  # x from 0.25 m to 0.75 m
    re.compile(rf"\b(?:between|from)\s+x\s*=\s*{_LEN}\s*(?:to|and|-|–)\s*(?:x\s*=\s*)?{_LEN}", re.I),
    # a table row's label: "| bottom wall, 150 to 450 mm | y = ..."
    re.compile(rf"(?:{_FLOOR.pattern}|{_CEILING.pattern})\s*,?\s*(?:from\s+)?{_LEN}\s*(?:to|-|–)\s*{_LEN}(?=\s*[|:])", re.I),
]
# a length inside a wall's formula ("y = 1 cm * (1 - cos(2 pi (x - 15 cm)/10 cm))"): its value in metres
_FORMULA_LENGTH = re.compile(rf"(?<![\w.])({NUM})\s*(mm|cm|m|in|ft)\b", re.I)
_FORMULA_START = re.compile(r"\by\s*(?:\(\s*x\s*\))?\s*=\s*")


def _formula_end(text: str, start: int) -> int:
    """Where a formula that starts at `start` ends: a comma, semicolon or sentence end outside its brackets, or the
    bracket that closes one opened before it."""
    depth = 0
    for k in range(start, len(text)):
        c = text[k]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth < 0:
                return k
        elif depth == 0 and (c in ",;|\n" or (c == "." and not text[k + 1:k + 2].isdigit())):
            return k
    return len(text)


def metres_in_formulas(text: str) -> str:
    """`text` with the lengths written inside a wall's formula as plain numbers of metres (the rest as written)."""
    out, last = [], 0
    for m in _FORMULA_START.finditer(text):
        if m.start() < last:
            continue
        end = _formula_end(text, m.end())
        body = _FORMULA_LENGTH.sub(lambda n: f"{_metres(n.group(1), n.group(2)):g}", text[m.end():end])
        out.append(text[last:m.end()] + body)
        last = end
    return "".join(out) + text[last:]


def _x_range(clause: str) -> tuple[float, float] | None:
    for pattern in _RANGE:
        m = pattern.search(clause)
        if m:
            g = m.groups()
            unit = g[3] or g[1]
            return _metres(g[0], g[1] or unit), _metres(g[2], unit)
    return None


# ---------------------------------------------------------------- shapes said in words

def _said(clause: str, words: str, what: str = _LEN) -> float | None:
    """The length said with one of `words`: "height 20 mm", "20 mm high", "amplitude: 5 mm", "of height 0.1 m"."""
    m = re.search(rf"\b(?:{words})\s*(?:of|is|=|:|a)?\s*(?:about\s+)?(?<![\w.]){what}"
                  rf"|(?<![\w.]){what}\s*(?:-\s*)?(?:{words})\b", clause, re.I)
    if not m:
        return None
    g = [v for v in m.groups()]
    value, unit = (g[0], g[1]) if g[0] is not None else (g[2], g[3])
    return _metres(value, unit) if unit or float(value) == 0 else None


def _count(clause: str) -> int | None:
    m = re.search(r"\b(\d+)\s+(?:\w+\s+){0,2}?(?:waves|periods|wavelengths|corrugations|undulations)\b", clause, re.I)
    return int(m.group(1)) if m else None


def _place(clause: str, words: str) -> float | None:
    m = re.search(rf"\b(?:{words})\s*(?:of\s+the\s+\w+\s+)?(?:at|:)?\s*(?:x\s*=\s*)?{_LEN}", clause, re.I)
    return _metres(m.group(1), m.group(2)) if m and (m.group(2) or "x" in m.group(0).lower()) else None


def _from(clause: str, noun: str) -> str | None:
    """The clause from the feature's last noun on: its sizes follow it ("a channel 0.6 m long ... a bump 10 mm
    high"; "Wavy floor: a channel 2 m long whose floor carries 8 waves of length 0.1 m")."""
    found = list(re.finditer(noun, clause, re.I))
    return clause[found[-1].start():] if found else None


def waves(clause: str) -> tuple[Wall, tuple[float, float], str] | None:
    """N waves of a wavelength and an amplitude from a start (or over a range): sine waves a sin(2 pi s / L); cosine
    (or unnamed) waves a (1 - cos(2 pi s / L)) / 2, rising from the flat wall to a crest of height a and back, so the
    wall stays continuous where the waves begin and end."""
    whole = clause
    clause = _from(clause, _WAVE) or ""
    lam = _said(clause, r"(?:wave\s*)?length|wavelength|period|pitch|of\s+length|long")
    amp = _said(clause, r"amplitude|height|high|deep")
    if not lam or not amp:
        return None
    n = _count(whole)
    span = _x_range(clause) or _x_range(whole)
    start = span[0] if span else _place(clause, r"start(?:ing|s)?|beginning|begin(?:s)?|from")
    if start is None:
        return None
    if n is None:
        if not span:
            return None
        n = max(1, round((span[1] - span[0]) / lam))
    sine = bool(re.search(r"\bsin(?:e|usoid\w*)?\b", whole, re.I)) and not re.search(r"\bcos", whole, re.I)
    x0 = start
    if sine:
        return (lambda x: amp * math.sin(2 * math.pi * (x - x0) / lam)), (x0, x0 + n * lam), \
            f"{n} sine waves y = {amp:g} sin(2 pi (x - {x0:g})/{lam:g}) m for x {x0:g}..{x0 + n * lam:g} m"
    return (lambda x: amp * (1 - math.cos(2 * math.pi * (x - x0) / lam)) / 2), (x0, x0 + n * lam), \
        f"{n} cosine waves y = {amp:g} (1 - cos(2 pi (x - {x0:g})/{lam:g}))/2 m for x {x0:g}..{x0 + n * lam:g} m"


def _centre(clause: str, length: float) -> float | None:
    c = _place(clause, r"cent(?:re|er)d?|peak|crest|middle|top|located|positioned|sits?")
    if c is None:
        lead = _place(clause, r"leading\s+edge|starts?|starting|begins?|beginning|from")
        c = lead + length / 2 if lead is not None else None
    if c is None:
        c = _place(clause, r"at")
    return c


def hill(clause: str) -> tuple[Wall, tuple[float, float], str] | None:
    """A Gaussian hill: h exp(-(x - c)^2 / (2 s^2)) by its height, its standard deviation (sigma, or its width at half
    height) and where its peak is."""
    clause = _from(clause, r"\bgauss") or ""
    if not clause:
        return None
    h = _said(clause, r"(?:peak\s+)?height|high|tall|amplitude")
    s = _said(clause, r"sigma|σ|standard\s+deviation|width\s+parameter")
    if s is None and (w := _said(clause, r"half[- ]width|width\s+at\s+half\s+height|FWHM")):
        s = w / (2 * math.sqrt(2 * math.log(2)))
    c = _centre(clause, 0.0)
    if not h or not s or c is None:
        return None
    return (lambda x: h * math.exp(-((x - c) ** 2) / (2 * s * s))), (c - 4 * s, c + 4 * s), \
        f"Gaussian hill y = {h:g} exp(-(x - {c:g})^2/(2 {s:g}^2)) m"


def bump(clause: str) -> tuple[Wall, tuple[float, float], str] | None:
    """A bump by its height and its length along x (its chord): a circular arc when the words say so (through both
    ends and the crest), else a cosine bump h (1 + cos(2 pi (x - c) / l)) / 2; centred where said, or from its
    leading edge."""
    whole = clause
    clause = _from(clause, _BUMP) or ""
    if not clause or re.search(r"\b(?:trapez\w*|rectang\w*|square|triang\w*|block|box|wedge)[- ](?:shaped\s+)?(?:bump|hump)",
                               whole, re.I):
        return None  # a bump with corners: a body on the wall (text_wall_bodies.py), not a curved wall
    arc = re.search(r"\barc\b|\bcircular|\bcircle\b", whole, re.I)
    h = _said(clause, r"height|high|tall|thickness|deep|depth")
    if h is None and (pct := re.search(rf"thickness\s+(?:of\s+)?({NUM})\s*%", clause, re.I)):
        chord = _said(clause, r"chord(?:\s+length)?")
        h = float(pct.group(1)) / 100 * chord if chord else None
    length = _said(clause, r"chord(?:\s+length)?|length|long|wide|base")
    if not h or not length or h <= 0:
        return None
    c = _centre(clause, length)
    if c is None:
        return None
    half = length / 2
    if arc:
        radius = (half * half + h * h) / (2 * h)
        return (lambda x: max(0.0, math.sqrt(max(radius * radius - (x - c) ** 2, 0.0)) - (radius - h))
                if abs(x - c) <= half else 0.0), (c - half, c + half), \
            f"circular-arc bump, chord {length:g} m, height {h:g} m (radius {radius:.4g} m), centred at x = {c:g} m"
    return (lambda x: h * (1 + math.cos(2 * math.pi * (x - c) / length)) / 2 if abs(x - c) <= half else 0.0), \
        (c - half, c + half), f"cosine bump y = {h:g} (1 + cos(2 pi (x - {c:g})/{length:g}))/2 m, {length:g} m long"


# ---------------------------------------------------------------- straight segments station by station

_XRANGE = re.compile(rf"\b(?:from|between)\s+x\s*=\s*{_LEN}\s*(?:to|and|-|–)\s*(?:x\s*=\s*)?{_LEN}", re.I)
_X = re.compile(rf"\bx\s*=\s*{_LEN}|(?<![\w.])({NUM})\s*({UNIT})\s+(?:downstream\s+of|from|after)\s+the\s+inlet\b", re.I)
_Y = re.compile(rf"\by\s*=\s*{_LEN}"
                rf"|\b(?:to|reach(?:es|ing)?|of|level\s+at|stays?(?:\s+at)?|height\s+of)\s+(?:a\s+height\s+of\s+)?(?<![\w.])"
                rf"({NUM})\s*({UNIT})?(?!\s*(?:cells?|%))", re.I)
# a wall that changes level at one station: a step, not a slope between stations
_SUDDEN = re.compile(r"\b(?:abrupt(?:ly)?|sudden(?:ly)?|jumps?|jumping|steps?\s+(?:up|down)|stepping\s+(?:up|down)|"
                     r"vertical(?:ly)?)\b", re.I)
_BY = re.compile(rf"\bby\s+{_LEN}", re.I)
# a change by an amount at one station: "the floor rises by 30 mm at x = 300 mm (and stays raised)": a step's face
_AT_ONE_STATION = re.compile(rf"\b(?:rises?|rising|drops?|dropping|falls?|falling|lowers?|raised?)\s+by\s+{_LEN}\s+at\s+x\s*=", re.I)
_DOWN = re.compile(r"\b(?:down|drops?|dropping|falls?|falling|descends?|descending|lowers?|lowering)\b", re.I)
_HALF = re.compile(r"\b(half|a\s+third|a\s+quarter|one\s+third|one\s+quarter)\s+(?:of\s+)?(?:the\s+)?(?:channel\s+|inlet\s+)?"
                   r"(?:height|width)\b", re.I)
_FRACTION = {"half": 0.5, "a third": 1 / 3, "one third": 1 / 3, "a quarter": 0.25, "one quarter": 0.25}


def stations(clause: str, base: float, height: float | None) -> list[Point] | None:
    """A wall's stations in the order said: "from x = 0.4 m to x = 0.6 m up to y = 0.1 m" -> (0.4, base), (0.6, 0.1);
    "flat to x = 0.3 m, rises to 30 mm at x = 0.4 m, ... falls back to 0 at x = 0.7 m"; "dropping by 5 cm" lowers
    (or raises) the last station from the one before. None with fewer than two stations along x."""
    if _SUDDEN.search(clause) or _AT_ONE_STATION.search(clause):
        return None  # "at x = 0.2 m the floor rises abruptly by 2 cm": a step's vertical face, no ramp to a later station
    if height:
        clause = _HALF.sub(lambda m: f"to {_FRACTION[' '.join(m.group(1).lower().split())] * height!r} m", clause)
    tokens: list[tuple[int, int, str, float]] = []  # (start, end, kind, value)
    taken: list[tuple[int, int]] = []
    for m in _XRANGE.finditer(clause):
        unit = m.group(4) or m.group(2)
        tokens += [(m.start(), m.start(), "x", _metres(m.group(1), m.group(2) or unit)), (m.end(), m.end(), "x", _metres(m.group(3), unit))]
        taken.append(m.span())
    free = lambda m: not any(a <= m.start() < b for a, b in taken)  # noqa: E731
    for m in _X.finditer(clause):
        if free(m):
            value, unit = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
            tokens.append((m.start(), m.end(), "x", _metres(value, unit)))
            taken.append(m.span())
    for m in _Y.finditer(clause):
        if free(m) and not re.match(r"\s*x\s*=", clause[m.start() + 2:m.start() + 8]):
            value, unit = (m.group(1), m.group(2)) if m.group(1) is not None else (m.group(3), m.group(4))
            if m.group(1) is None and not unit and float(value) != 0:
                continue  # "to 3 cells": a bare number after "to" is no level
            tokens.append((m.start(), m.end(), "y", _metres(value, unit)))
    for m in _BY.finditer(clause):
        if free(m):
            sign = -1.0 if _DOWN.search(clause[max(0, m.start() - 60):m.start()]) else 1.0
            tokens.append((m.start(), m.end(), "by", sign * _metres(m.group(1), m.group(2))))
    tokens.sort()
    if sum(1 for t in tokens if t[2] == "x") < 2:
        return None
    pts: list[list[float | None]] = []
    level = base
    pending: float | None = None  # "ramps up by 10 cm between x = 40 and 60 cm": a rise said before its stations
    for k, (start, end, kind, value) in enumerate(tokens):
        if kind == "x":
            pts.append([value, None])
            if pending is not None and len(pts) == 2:
                pts[-1][1], pending = level + pending, None
            continue
        if kind == "by" and not pts:
            pending = value
            continue
        nxt = tokens[k + 1] if k + 1 < len(tokens) else None
        if kind == "y" and nxt and nxt[2] == "x" and re.fullmatch(r"\s*(?:at|,)?\s*", clause[end:nxt[0]]):
            continue  # "to y = 25 mm at x = 250 mm": paired with the station after it
        prev = tokens[k - 1] if k else None
        if kind == "y" and prev and prev[2] == "y" and re.fullmatch(r"\s*(?:at|,)?\s*", clause[prev[1]:start]):
            continue
        target = value if kind == "y" else (pts[-1][1] if pts and pts[-1][1] is not None else level) + value
        if pts and pts[-1][1] is None and len(pts) >= 2:
            pts[-1][1] = target  # the end of a ramp: "from x = 0.4 to x = 0.6 m, rising to 0.1 m"
        elif not pts:
            level = target  # "the floor is at y = 0 up to x = ...": the level the stations start from
    for k, (start, end, kind, value) in enumerate(tokens):  # the pairs "to y = 25 mm at x = 250 mm"
        if kind == "y" and k + 1 < len(tokens) and tokens[k + 1][2] == "x" and \
                re.fullmatch(r"\s*(?:at|,)?\s*", clause[end:tokens[k + 1][0]]):
            for p in pts:
                if p[0] == tokens[k + 1][3] and p[1] is None:
                    p[1] = value
                    break
    out: list[Point] = []
    for x, y in pts:
        y = (out[-1][1] if out else level) if y is None else y
        out.append((float(x), float(y)))  # type: ignore[arg-type]
    if any(b[0] <= a[0] for a, b in zip(out, out[1:])) or all(abs(p[1] - base) < 1e-12 for p in out):
        return None
    return out


_PAIR = re.compile(rf"\(\s*({NUM})\s*({UNIT})?\s*[,;]\s*({NUM})\s*({UNIT})?\s*\)")


def listed_stations(clause: str) -> list[Point] | None:
    """A wall through listed points ("the floor runs through the points (0, 0), (0.4, 0), (0.5, 0.03) ... m") or
    given in a table whose header names x and y columns ("| x (mm) | y (mm) |")."""
    head = re.search(rf"\bx\s*[\[(]?\s*({UNIT})?\s*[\])]?\s*\|\s*y\s*[\[(]?\s*({UNIT})?\s*[\])]?\s*\|", clause, re.I)
    if head:
        f = unit_factor(head.group(1) or head.group(2)) if head.group(1) or head.group(2) else 1.0
        before = clause[:head.start()].count("|", clause.rfind("\n", 0, head.start()) + 1)
        rows = []
        for line in clause[head.end():].splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= before + 1 and all(re.fullmatch(NUM, c) for c in cells[before - 1:before + 1]):
                rows.append((float(cells[before - 1]) * f, float(cells[before]) * f))
        return rows if len(rows) >= 2 else None
    found = list(_PAIR.finditer(clause))
    if len(found) < 3:
        return None
    tail = re.match(rf"\s*(?:\(?\s*({UNIT})\b)", clause[found[-1].end():])
    f = unit_factor(tail.group(1)) if tail and tail.group(1) else 1.0
    return [(_metres(m.group(1), m.group(2), f), _metres(m.group(3), m.group(4) or m.group(2), f)) for m in found]


# ---------------------------------------------------------------- the whole outline

def _clauses(text: str) -> list[str]:
    """Sentences and semicolon clauses (a decimal point or a table row ends none)."""
    parts = re.split(r"(?<!\d)\.(?=\s|$)|;|\n(?!\s*\|)|(?<=\d)\.(?=\s+[A-Z])", text)
    return [p for p in parts if p.strip()]


def _which_wall(clause: str) -> str | None:
    ceiling, floor = _CEILING.search(clause), _FLOOR.search(clause)
    if re.search(r"\bhang(?:s|ing)?\s+(?:down\s+)?from\s+the\s+(?:ceiling|roof|top)", clause, re.I):
        return "ceiling"
    if ceiling and floor:
        return "ceiling" if ceiling.start() < floor.start() and not re.search(
            rf"{_CEILING.pattern}[^,;]{{0,30}}\b(?:flat|level|straight|at\s+y)", clause, re.I) else "floor"
    return "ceiling" if ceiling else "floor" if floor else None


def _shift(fn: Wall, by: float, sign: float) -> Wall:
    return lambda x: by + sign * fn(x)


def profile_walls(text: str, points: bool = True) -> tuple[list[Point], list[Point], list[list[Point]], list[str], float | None] | None:
    """The floor's and the ceiling's corners (each left to right, metres), the curved walls between neighbouring
    corners (each the points along it), the sentences saying how each was read and the cell size along x the
    request states; None when the words describe no profiled wall."""
    text = metres_in_formulas(digits(resolve_defined_symbols(text)))
    if not _CHANNEL.search(text) or _NOT_HERE.search(text) or not _PROFILED.search(text) or \
            not (_FLOOR.search(text) or _CEILING.search(text) or re.search(r"\bbump|\bhill\b|\bwav", text, re.I)):
        return None
    length, height = _frame(_domain_words(text), text)
    mesh = mesh_request(text)
    spacing = _along_size(text) or mesh.get("cell_size")
    walls: dict[str, list[tuple[tuple[float, float], Wall, str, bool]]] = {"floor": [], "ceiling": []}
    listed: dict[str, list[Point]] = {}
    for clause in _clauses(text):
        side = _which_wall(clause) or ("floor" if re.search(r"\bbump|\bhill\b|\bwav", clause, re.I) else None)
        if side is None:
            continue
        base = 0.0 if side == "floor" else (height or 0.0)
        sign = 1.0 if side == "floor" else -1.0
        m = next((f for f in _FORMULA.finditer(clause) if re.search(r"\bx\b", f.group(1))), None)  # not "y = 0.1" before it
        fn = formula(m.group(1)) if m else None
        if fn is not None:
            span = _x_range(clause) or (waves(clause) or (None, None, None))[1]
            lo, hi = span if span else wall_support(fn, 0.0, length or 1.0, base)
            walls[side].append(((lo, hi), fn, f"{side} y = {m.group(1).strip()} m for x {lo:g}..{hi:g} m", True))
            continue
        found = hill(clause) or waves(clause) or bump(clause)
        if found is not None:
            fn, (lo, hi), how = found
            walls[side].append(((lo, hi), _shift(fn, base, sign), f"{side}: {how}", True))
            continue
        pts = listed_stations(clause) if _PAIR.search(clause) or "|" in clause else None
        if pts is None and points and _PAIR.search(clause):  # "rises from (0.4, 0) to (0.6, 0.1) m": each point a station
            clause = _PAIR.sub(lambda m: f"y = {m.group(3)} {m.group(4) or m.group(2) or ''} at x = {m.group(1)} "
                                         f"{m.group(2) or m.group(4) or ''}", clause)
        if pts is None and re.search(r"\bx\s*=|from\s+the\s+inlet", clause, re.I):
            pts = stations(clause, base, height)
        if pts:
            listed[side] = pts
    if not any(walls.values()) and not listed:
        return None
    if height is None and "floor" in listed and "ceiling" not in listed:
        return None
    ends = [p[0] for pts in listed.values() for p in pts] + [x for items in walls.values() for span, *_ in items for x in span]
    start = min(ends + [0.0])
    end = max(ends + ([start + length] if length else []))
    notes: list[str] = []
    out: dict[str, list[Point]] = {}
    pieces: dict[str, list[tuple[float, float, Wall]]] = {"floor": [], "ceiling": []}
    for side in ("floor", "ceiling"):
        base = 0.0 if side == "floor" else height
        if base is None:
            return None
        pts = list(listed.get(side, []))
        if pts:
            if pts[0][0] > start:
                pts.insert(0, (start, base if pts[0][1] == base or side == "floor" and pts[0][1] == 0 else pts[0][1]))
            if pts[-1][0] < end:
                pts.append((end, pts[-1][1]))
            notes.append(f"The {side} through the stations " + ", ".join(f"({x:g}, {y:g})" for x, y in pts) + " m.")
        else:
            pts = [(start, base), (end, base)]
        for (lo, hi), fn, how, _ in sorted(walls[side], key=lambda w: w[0][0]):
            lo, hi = max(lo, start), min(hi, end)
            pts = [p for p in pts if p[0] < lo - 1e-12] + [(lo, fn(lo)), (hi, fn(hi))] + [p for p in pts if p[0] > hi + 1e-12]
            if pts[0][0] > start:
                pts.insert(0, (start, base))
            if pts[-1][0] < end:
                pts.append((end, base))
            pieces[side].append((lo, hi, fn))
            notes.append(f"The {how}, flat elsewhere: a polyLine edge through {len(sample(fn, lo, hi))} points of it.")
        out[side] = pts
    cuts = {round(p[0], 12) for wall in out.values() for p in wall}
    for lo, hi, fn in pieces["floor"] + pieces["ceiling"]:  # a long curve: one block per PIECE points
        cuts |= {round(p[0], 12) for p in sample(fn, lo, hi)[PIECE:-1:PIECE]}
    curves: list[list[Point]] = []
    for side, items in pieces.items():  # a curve across a corner of the other wall: split there (blocks meet there)
        for lo, hi, fn in items:
            inner = sorted(x for x in cuts if lo + 1e-12 < x < hi - 1e-12)
            out[side] = sorted([p for p in out[side] if p[0] not in inner] + [(x, fn(x)) for x in inner])
            points = sample(fn, lo, hi)
            for a, b in zip([lo] + inner, inner + [hi]):
                part = [(a, fn(a))] + [p for p in points if a + 1e-12 < p[0] < b - 1e-12] + [(b, fn(b))]
                curves.append(part if len(part) > 2 else [part[0], ((a + b) / 2, fn((a + b) / 2)), part[1]])
    return out["floor"], out["ceiling"], curves, notes, spacing


def _along_size(text: str) -> float | None:
    """A cell size said along x: "cells about 5 mm along x", "cell size 2.5 mm along x", "dx = 2 mm"."""
    m = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s+(?:cells?\s+)?(?:along|in)\s+(?:the\s+)?(?:x|flow|stream\w*|length)\b"
                  rf"|\b(?:dx|Δx|cell\s+size(?:\s+along\s+x)?)\s*(?:=|:|of|is)?\s*(?:about\s+)?({NUM})\s*({UNIT})", text, re.I)
    if not m:
        return None
    return _metres(m.group(1), m.group(2)) if m.group(1) else _metres(m.group(3), m.group(4))


def _across_cells(text: str) -> int | None:
    m = re.search(r"\b(\d+)\s+cells?\s+(?:across\b|(?:over|in|through)\s+(?:the\s+)?(?:channel\s+|duct\s+|full\s+|local\s+)?"
                  r"(?:height|gap|width)\b)", text, re.I)
    return int(m.group(1)) if m else None


def wall_profile_fields(text: str, points: bool = True) -> dict[str, Any] | None:
    """The GeometrySpec fields of a channel whose floor or ceiling follows the stated profile (a `polygon_domain`
    channel: its outline, the cells across (the same at every x) and along as stated), or None."""
    read = profile_walls(text, points)  # `points`: two (x, y) points may make a wall's stations (not a named diffuser's)
    if read is None:
        return None
    floor, ceiling, curves, notes, spacing = read
    if any(b[0] <= a[0] for wall in (floor, ceiling) for a, b in zip(wall, wall[1:])):
        return None
    pts = floor + ceiling[::-1]
    fields: dict[str, Any] = {"shape": "polygon_domain",
                              "dimensions": {"vertices": [(round(x, 12), round(y, 12)) for x, y in pts], "kind": "channel",
                                             "curves": [[(round(x, 12), round(y, 12)) for x, y in c] for c in curves]},
                              "notes": notes}
    said = digits(text)
    across = _across_cells(said)
    mesh = {k: v for k, v in mesh_request(said).items() if k not in ("cells", "over_section")}
    length = floor[-1][0] - floor[0][0]
    if across:
        gaps = [c[1] - _at(floor, c[0]) for c in ceiling] + [_at(ceiling, f[0]) - f[1] for f in floor]
        h = spacing or max(gaps) / across
        mesh = {"cells": [max(len(floor), round(length / h)), across]}
    elif spacing:
        mesh["cell_size"] = spacing
    if mesh:
        fields["mesh"] = mesh
    return fields


def _at(wall: list[Point], x: float) -> float:
    return interpolate(wall, x)


_WATER = re.compile(r"\b(?:water|liquid|free[- ]surface|flume|sea|ocean|tank|interfoam|vof|sloshing|breaking|"
                    r"solitary|wave\s*maker|paddle|still[- ]water|depth\s+of\s+water)\b", re.I)
_WALL_WAVE = re.compile(rf"(?:{_WAVE})[^.;?]*?(?:{_FLOOR.pattern}|{_CEILING.pattern}|\bwall)"
                        rf"|(?:{_FLOOR.pattern}|{_CEILING.pattern}|\bwall)[^.;?]*?(?:{_WAVE})", re.I)


def wall_wave_words(text: str) -> tuple[str, ...]:
    """The wave words of a request whose waves are a wall's shape ("the floor carries 4 sine waves of wavelength
    0.1 m", "a wavy lower wall") and that says nothing of water or a free surface: words that ask for no second
    phase (tasks/plan/select_features.py blanks them before it looks for multiphase words)."""
    if _WATER.search(text) or not _WALL_WAVE.search(text):
        return ()
    return ("wavelengths", "wavelength", "waves", "wave", "wavy")
