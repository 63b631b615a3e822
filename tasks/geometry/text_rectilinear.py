"""A 2D domain read as a union of axis-aligned rectangles, from the ways a request describes one:
- its parts by their ranges: "x 0..1 m, y 0..0.1 m and x 1..3 m, y 0..0.5 m", "x from 0.3 to 0.4 m, y from 0.1
  to 0.25 m", a table of parts (tasks.geometry.text_parts.table_ranges writes its rows as such words), "x 0 to
  0.2 m: y 0 to 0.05 m", a section's height for each x range ("height 0.3 m for x 0..0.5 m");
- a duct of several sections in series, by their heights and lengths ("heights 2, 4 and 8 cm, lengths 10, 10
  and 30 cm", "h1 = 10 mm (L1 = 50 mm)", "section 2 is 40 mm high and 200 mm long", "the height steps up to 40 mm
  at x = 100 mm ... until x = 200 mm"), centred on a centreline or with one wall flat;
(a channel with a row of open cavities: text_rectilinear_cavities.py; a box fed by a slot or emptied by a short
duct: text_rectilinear_boxes.py; which reader fits: text_rectilinear_union.py). Each reader gives the parts
(x0, x1, y0, y1) in metres and where flow enters and leaves, or None when the words are not of its kind. Pure."""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from tasks.geometry.spec import NUM, UNIT, unit_factor

Part = tuple[float, float, float, float]


class Union(NamedTuple):
    """The parts of a domain and the fields of its dimensions other than the parts (inlet and outlet sides)."""

    parts: list[Part]
    openings: dict[str, Any]
    how: str  # a sentence for the case's assumptions
    z_ranges: list[tuple[float, float]] | None = None  # 3D: each part's z range (the parts are boxes)


_U = rf"(?:\s*(?P<{{n}}>{UNIT})\b)?"
_SEP = r"\s*(?:\.\.|…|\bto\b|–|—|-(?!\s*[a-z]))\s*"
# a coordinate range of x or y: "x 0..1 m", "x = 0 to 0.2 m", "x from 0.3 to 0.4 m", "0 < x < 0.2 m"
_AXIS_RANGE = re.compile(
    rf"\b(?P<axis>[xy])\s*(?:=|:|\bfrom\b|\bbetween\b|\bin\b|\branges?\b)?\s*(?:=\s*)?(?P<a>{NUM}){_U.format(n='ua')}"
    rf"(?:{_SEP}|\s+and\s+)(?:(?P=axis)\s*=\s*)?(?P<b>{NUM}){_U.format(n='ub')}"
    rf"|(?P<c>{NUM}){_U.format(n='uc')}\s*<=?\s*(?P<axis2>[xy])\s*<=?\s*(?P<d>{NUM}){_U.format(n='ud')}", re.I)
_SHARED_UNIT = re.compile(rf"\b(?:all|lengths?|dimensions?|coordinates?|sizes?|values?|numbers?)\s+(?:are\s+|given\s+)?in\s+"
                          rf"(?P<u>{UNIT})\b|\(\s*(?:(?:all\s+)?in\s+|units?\s*:?\s*)?(?P<p>{UNIT})\s*(?:\)|[,;](?!\s*\d))|\bin\s+(?P<i>inches|millimet(?:er|re)s|"
                          rf"centimet(?:er|re)s|feet)\b", re.I)
_SOLID = re.compile(r"\b(?:plates?|blocks?|baffles?|obstacles?|obstructions?|ribs?|fins?|fences?|bars?|bricks?|solids?"
                    r"|bod(?:y|ies)|cylinders?|squares?(?!\s+(?:cells?|mesh|grid|elements?|quads?)\b)|fills?|occup\w+)\b", re.I)


def _factor(unit: str | None, default: float) -> float:
    return unit_factor(unit) if unit else default


def shared_unit(text: str) -> float:
    """The length unit a request gives all its bare numbers in ("all in mm", "Parts (inches)"), else metres."""
    m = _SHARED_UNIT.search(text)
    if not m:
        return 1.0
    try:
        return unit_factor(m.group("u") or m.group("p") or m.group("i"))
    except ValueError:
        return 1.0


class _Range(NamedTuple):
    axis: str
    lo: float
    hi: float
    start: int
    end: int


def axis_ranges_in(text: str, default: float | None = None) -> list[_Range]:
    """Every x or y range the text gives, in metres, in order (a range's unit, else the unit said after it in the
    same part, else the request's shared unit)."""
    default = shared_unit(text) if default is None else default
    out = []
    for m in _AXIS_RANGE.finditer(text):
        if m.group("axis"):
            axis, a, b = m.group("axis").lower(), float(m.group("a")), float(m.group("b"))
            unit = m.group("ub") or m.group("ua")
        else:
            axis, a, b = m.group("axis2").lower(), float(m.group("c")), float(m.group("d"))
            unit = m.group("ud") or m.group("uc")
        if unit and unit.strip().lower() == "in" and re.match(r"\s*[xy]\b", text[m.end():]):
            unit = None
        try:
            f = _factor(unit, default)
        except ValueError:
            f = default
        out.append(_Range(axis, min(a, b) * f, max(a, b) * f, m.start(), m.end()))
    return out


def range_pairs(text: str) -> Union | None:
    """Two or more parts each given by an x range and a y range, said together ("x 0..1 m, y 0..0.1 m"); None when
    the ranges do not pair up, when a part lies inside another (a solid part in a channel, read elsewhere) or the
    words around a range name a solid body."""
    ranges = axis_ranges_in(text)
    parts: list[Part] = []
    k = 0
    while k + 1 < len(ranges):
        a, b = ranges[k], ranges[k + 1]
        if a.axis != b.axis and b.start - a.end < 40 and "\n" not in text[a.end:b.start].strip(" |"):
            x, y = (a, b) if a.axis == "x" else (b, a)
            before = text[max(0, a.start - 60):a.start]
            if _SOLID.search(before.split(";")[-1].split(".")[-1]):
                return None
            parts.append((x.lo, x.hi, y.lo, y.hi))
            k += 2
        else:
            k += 1
    if len(parts) < 2 or any(_within(p, q) for i, p in enumerate(parts) for q in parts[:i] + parts[i + 1:]):
        return None
    return Union(parts, union_openings(text, parts), "its parts as given by their x and y ranges")


def _within(p: Part, q: Part) -> bool:
    return q[0] <= p[0] and p[1] <= q[1] and q[2] <= p[2] and p[3] <= q[3]


_HEIGHT_FOR_X = re.compile(rf"\b(?:height|high|h)\s*(?:=|:|of|is)?\s*(?P<h>{NUM})\s*(?P<u>{UNIT})\s*(?:for|over|from|between|at)\s+"
                           rf"|(?:,|;|\band\b|\bthen\b)\s*(?P<h2>{NUM})\s*(?P<u2>{UNIT})\s*(?:for|over|between)\s+", re.I)


def heights_by_x(text: str) -> list[tuple[float, float, float]]:
    """Sections given by their height for an x range ("height 0.3 m for x 0..0.5 m, 0.2 m for x 0.5..1.0 m"):
    (x0, x1, height) each."""
    ranges = [r for r in axis_ranges_in(text) if r.axis == "x"]
    out = []
    for m in _HEIGHT_FOR_X.finditer(text):
        h = float(m.group("h") or m.group("h2")) * unit_factor(m.group("u") or m.group("u2"))
        after = next((r for r in ranges if 0 <= r.start - m.end() < 8), None)
        if after is not None:
            out.append((after.lo, after.hi, h))
    return out


CENTRED = re.compile(r"\bsymmetric\w*|\bcent(?:red|ered)\b|\bcent(?:re|er)[- ]?line\b|\baxis\s+of\s+symmetry|\bon\s+y\s*=\s*0\b"
                     r"|\bco-?axial(?:ly)?\b|\bconcentric\b|\b(?:same|common)\s+(?:cent(?:re|er)\s+)?axis\b", re.I)
_FLOOR_STEPS = re.compile(r"\b(?:bottom|lower|floor)(?:\s+wall)?\s+(?:only|stepped)|\b(?:floor|bottom)\s+(?:is\s+)?stepped"
                          r"|\bsteps?\s+(?:are\s+)?(?:all\s+)?(?:on|in)\s+the\s+(?:bottom|floor|lower)|\b(?:top|upper|ceiling)"
                          r"(?:\s+wall)?\s+(?:is\s+|stays\s+)?(?:flat|straight|plane)", re.I)
_ROOF_STEPS = re.compile(r"\b(?:top|upper|ceiling|roof)(?:\s+wall)?\s+(?:only|stepped)|\bsteps?\s+(?:are\s+)?(?:all\s+)?(?:on|in)"
                         r"\s+the\s+(?:top|ceiling|upper|roof)|\b(?:bottom|lower|floor)(?:\s+wall)?\s+(?:is\s+|stays\s+)?"
                         r"(?:flat|straight|plane)", re.I)


def stack(sections: list[tuple[float, float, float]], text: str, centred: bool | None = None) -> tuple[list[Part], str]:
    """Sections (x0, x1, height) in series as parts: centred on y = 0 when the words say symmetric, centred or coaxial
    (or `centred` says so), the ceiling flat when the steps are on the floor, else the floor flat at y = 0; with a
    sentence saying which."""
    top = max(h for _, _, h in sections)
    if centred or (centred is None and CENTRED.search(text)):
        return [(a, b, -h / 2, h / 2) for a, b, h in sections], "centred on the centreline y = 0"
    if _FLOOR_STEPS.search(text):
        return [(a, b, top - h, top) for a, b, h in sections], f"the steps in the floor, the ceiling flat at y = {top:g} m"
    said = bool(_ROOF_STEPS.search(text))
    return [(a, b, 0.0, h) for a, b, h in sections], "the floor flat at y = 0" + (
        "" if said else " (which wall steps was not said: the floor kept flat, the steps in the ceiling)")


def in_series(lengths: list[float], heights: list[float]) -> list[tuple[float, float, float]]:
    """Sections one after another from x = 0."""
    out, x = [], 0.0
    for length, h in zip(lengths, heights):
        out.append((x, round(x + length, 12), h))  # 0.1 + 0.2 is 0.30000000000000004 in floating point
        x = round(x + length, 12)
    return out


_LIST = rf"(?P<list>{NUM}\s*(?:{UNIT})?(?:\s*(?:,|;|/|\band\b|,\s*and\b|,?\s*\bthen\b)\s*{NUM}\s*(?:{UNIT})?)+)(?:\s*(?P<lu>{UNIT})\b)?"
_LISTED = {"h": re.compile(rf"\bheights?\s*(?:of|are|=|:)?\s*{_LIST}", re.I),
           "l": re.compile(rf"\blengths?\s*(?:of|are|=|:)?\s*{_LIST}", re.I)}
# the same lists said with their adjective after them ("the three parts are 10, 10 and 30 cm long", "2, 4 and 8 cm high")
_LISTED_AFTER = {"h": re.compile(rf"{_LIST}\s*(?:high|tall|in\s+height)\b", re.I),
                 "l": re.compile(rf"{_LIST}\s*(?:long|in\s+length)\b", re.I)}
_ITEM = re.compile(rf"({NUM})\s*({UNIT})?\b", re.I)


def _listed(m: re.Match[str]) -> list[float]:
    """The values of a list of lengths ("2, 4 and 8 cm"), each in its own unit or the last one said."""
    items = [(float(n), u) for n, u in _ITEM.findall(m.group("list"))]
    last = m.group("lu") or next((u for _, u in reversed(items) if u), None)
    if last is None:
        return []
    return [v * unit_factor(u or last) for v, u in items]


_INDEXED = re.compile(rf"\b(?P<k>[hHlL])_?(?P<i>\d)\s*=\s*(?P<v>{NUM})\s*(?P<u>{UNIT})\b")
_SECTION_SIZES = re.compile(rf"\b(?:section|stage|part|segment)\s*(?P<i>\d)\b(?P<body>[^;.]*?(?:\.\d[^;.]*?)*)(?=;|\.(?:\s|$)|$|"
                            rf"\b(?:section|stage|part|segment)\s*\d)", re.I)
_HIGH = re.compile(rf"({NUM})\s*({UNIT})\s*(?:high|tall|in\s+height)\b|\bheight\s*(?:of|=|:|is)?\s*({NUM})\s*({UNIT})", re.I)
_LONG = re.compile(rf"({NUM})\s*({UNIT})\s*(?:long|in\s+length)\b|\blength\s*(?:of|=|:|is)?\s*({NUM})\s*({UNIT})", re.I)


def _sized(pattern: re.Pattern[str], words: str) -> float | None:
    m = pattern.search(words)
    return None if m is None else float(m.group(1) or m.group(3)) * unit_factor(m.group(2) or m.group(4))


def series_sections(text: str) -> list[tuple[float, float, float]]:
    """Three or more sections of a stepped duct in series: from lists of heights and lengths, from numbered
    sizes ("h1 = 10 mm ... L1 = 50 mm", "section 2 is 40 mm high and 200 mm long"), from heights per x range, or
    from the prose that follows the duct along x. [] when fewer than three are given."""
    listed = {k: p.search(text) or _LISTED_AFTER[k].search(text) for k, p in _LISTED.items()}
    if listed["h"] and listed["l"]:
        heights, lengths = _listed(listed["h"]), _listed(listed["l"])
        if len(heights) == len(lengths) >= 2:
            return in_series(lengths, heights)
    indexed: dict[str, dict[int, float]] = {"h": {}, "l": {}}
    for m in _INDEXED.finditer(text):
        indexed[m.group("k").lower()][int(m.group("i"))] = float(m.group("v")) * unit_factor(m.group("u"))
    if len(indexed["h"]) >= 2 and indexed["h"].keys() == indexed["l"].keys():
        order = sorted(indexed["h"])
        return in_series([indexed["l"][i] for i in order], [indexed["h"][i] for i in order])
    numbered = {}
    for m in _SECTION_SIZES.finditer(text):
        h, length = _sized(_HIGH, m.group("body")), _sized(_LONG, m.group("body"))
        if h and length:
            numbered[int(m.group("i"))] = (length, h)
    if len(numbered) >= 2:
        order = sorted(numbered)
        return in_series([numbered[i][0] for i in order], [numbered[i][1] for i in order])
    by_x = heights_by_x(text)
    if len(by_x) >= 2:
        return by_x
    return prose_sections(text)


_EVENT = re.compile(
    rf"(?P<high>{NUM})\s*(?P<hu>{UNIT})\s*(?:high|tall)\b"
    rf"|\bsteps?\s+(?:up|down)\s+(?:\w+ly\s+)?(?:again\s+)?(?:\w+ly\s+)?to\s+(?P<step>{NUM})\s*(?P<su>{UNIT})"
    rf"|\b(?:height|it)\s+(?:of\s+|is\s+|becomes\s+|changes\s+to\s+|widens\s+to\s+|narrows\s+to\s+)(?P<hh>{NUM})\s*(?P<hhu>{UNIT})"
    rf"|\bstays\s+(?P<stay>{NUM})\s*(?P<stu>{UNIT})"
    rf"|(?P<long>{NUM})\s*(?P<lu>{UNIT})\s*long\b"
    rf"|\b(?:until|till|up\s+to|runs\s+to|continues\s+to|to)\s+(?:the\s+(?:outlet|exit|end)\s+(?:at\s+)?)?x\s*=\s*"
    rf"(?P<end>{NUM})\s*(?P<eu>{UNIT})?", re.I)


def prose_sections(text: str) -> list[tuple[float, float, float]]:
    """Sections read from the words that follow a stepped duct along x: each new height starts a section, which
    ends at the next "until x = ..." (or after its stated length). [] when fewer than three sections, or a
    section's end is not said."""
    sections: list[list[float | None]] = []  # [x0, x1, h]
    x = 0.0
    for m in _EVENT.finditer(text):
        h = next((m.group(g) for g in ("high", "step", "hh", "stay") if m.group(g)), None)
        if h is not None:
            unit = m.group("hu") or m.group("su") or m.group("hhu") or m.group("stu")
            value = float(h) * unit_factor(unit)
            if sections and abs((sections[-1][2] or 0) - value) < 1e-12:
                continue  # "and stays 40 mm": the same section
            if sections and sections[-1][1] is None:
                return []  # the previous section's end was never said
            sections.append([x, None, value])
        elif sections and sections[-1][1] is None:
            if m.group("long"):
                sections[-1][1] = sections[-1][0] + float(m.group("long")) * unit_factor(m.group("lu"))  # type: ignore[operator]
            elif m.group("end"):
                end = float(m.group("end")) * _factor(m.group("eu"), 1.0)
                if end > (sections[-1][0] or 0):  # type: ignore[operator]
                    sections[-1][1] = end
            if sections[-1][1] is not None:
                x = sections[-1][1]  # type: ignore[assignment]
    if len(sections) < 3 or any(s[1] is None for s in sections):
        return []
    return [(s[0], s[1], s[2]) for s in sections]  # type: ignore[misc]


def stepped_duct(text: str) -> Union | None:
    """A duct of three or more sections in series (a multi-stage expansion or contraction)."""
    sections = series_sections(text)
    if len(sections) < 3 or any(h <= 0 or b <= a for a, b, h in sections):
        return None
    parts, how = stack(sections, text)
    return Union(parts, union_openings(text, parts), f"{len(parts)} sections in series, {how}")


# --- openings ------------------------------------------------------------------------------

_ENTERS = re.compile(r"\b(?:enters?|entering|inflow|inlet|flows?\s+in)\b[^.;\n]{0,25}?\b(?:at|on)\s+(?:the\s+)?(?:(?P<axis>[xy])\s*=\s*"
                     rf"(?P<v>{NUM})\s*(?P<u>{UNIT})?|(?P<side>left|right|bottom|top))", re.I)
_LEAVES = re.compile(r"\b(?<!jet\s)(?<!slot\s)(?<!nozzle\s)(?:leaves?|out(?:flow)?|outlet|exits?)\b[^.;\n]{0,25}?\b(?:at|on|by)\s+(?:the\s+)?(?:(?P<axis>[xy])\s*=\s*"
                     rf"(?P<v>{NUM})\s*(?P<u>{UNIT})?|(?P<side>left|right|bottom|top)|top\s+end|(?P<end>[^.;\n]{{0,20}}?"
                     rf"(?:top|upper)\s+end\s+y\s*=\s*{NUM}))", re.I)


_SIDE_IS = {role: re.compile(rf"\b(?P<side>left|right|top|bottom)\s+(?:side|wall|end|face|boundary)\b[^.;\n]{{0,50}}?"
                             rf"\b(?:is|as|serves\s+as|acts\s+as)\s+(?:an?\s+|the\s+)?(?:open\s+)?(?:{words})\b", re.I)
            for role, words in (("inlet", r"inlet|inflow"), ("outlet", r"outlet|outflow|exit"))}


def union_openings(text: str, parts: list[Part]) -> dict[str, Any]:
    """The inlet and outlet sides as the words say ("flow enters at x = 0", "outflow at the top end y = 0.5 m"); the
    default: in at the union's left, out at its right."""
    out: dict[str, Any] = {}
    xs = [p[0] for p in parts] + [p[1] for p in parts]
    ys = [p[2] for p in parts] + [p[3] for p in parts]
    for role, pattern in (("inlet", _ENTERS), ("outlet", _LEAVES)):
        side = _SIDE_IS[role].search(text)  # "the whole right side of the box (x = 20 in) is an open outlet"
        if side:
            out[f"{role}_side"] = side.group("side").lower()
            continue
        m = pattern.search(text)
        if not m:
            continue
        if m.group("side"):
            out[f"{role}_side"] = m.group("side").lower()
        elif m.group("axis") or (role == "outlet" and m.group("end")):
            axis = (m.group("axis") or "y").lower()
            value = float(m.group("v")) * _factor(m.group("u"), shared_unit(text)) if m.group("axis") else max(ys)
            lo, hi = (min(xs), max(xs)) if axis == "x" else (min(ys), max(ys))
            if abs(value - lo) <= 1e-9 * max(1.0, abs(lo)):
                out[f"{role}_side"] = "left" if axis == "x" else "bottom"
            elif abs(value - hi) <= 1e-9 * max(1.0, abs(hi)):
                out[f"{role}_side"] = "right" if axis == "x" else "top"
    return out
