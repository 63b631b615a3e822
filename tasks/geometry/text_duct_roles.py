"""The sizes of a venturi and of a stepped round pipe, each read by the role its own words give it.

A venturi (a converging-diverging duct with a throat): "inlet/throat/outlet = 10/4/10 cm", "inlet width
10 cm", "outlet 10 cm wide", "a throat of 4 cm", "narrowing to 4 cm over 15 cm", "widening back to 8 cm
at the outlet over 30 cm", "converging length 15 cm", "the throat section is 5 cm long", "lengths
converging/throat/diverging = 150/50/300 mm". Only sizes said with such words are read; the rest is
left to the nearest-cue binding of `text_throat`.

A stepped pipe (a sudden contraction or expansion of a round pipe): its two diameters or radii
("D = 40 mm narrowing to d = 20 mm", "radius 2 cm then 1 cm"), each section's length ("large pipe
0.1 m long", "for the first 10 cm") and cell counts ("100 cells along the large section and 150 along
the small one", "20 radial cells"). Pure functions; metres; heights of a round pipe are diameters."""

from __future__ import annotations

import math
import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_numbers import digits

_LEN = rf"({NUM})\s*({UNIT})"
_OPT = r"(?:about\s+|approximately\s+|only\s+|just\s+|~\s*)?"
_STATION_WORDS = {"inlet_height": r"inlet|entry|entrance|inflow|upstream",
                  "throat_height": r"throat|neck",
                  "outlet_height": r"outlet|exit|outflow|downstream"}
_LENGTH_WORDS = {"taper_length": r"converg\w*|convergent|contraction|contracting|confusor|inlet\s+cone|nozzle",
                 "throat_length": r"throat|neck",
                 "diverging_length": r"diverg\w*|divergent|diffuser|diffusing|expansion|expanding|recovery|outlet\s+cone"}
_ACROSS = r"(?:width|height|diameter|size|opening|gap|span)"
_HIGH = r"(?:wide|high|tall|across|in\s+(?:width|height|diameter))"
_LONG = r"(?:long|in\s+length)"
_NOUN = r"(?:section|part|portion|region|cone|duct|zone|segment|piece)"
_GLUE = r"\s*(?:of|=|:|is|are|measures|:=)?\s*"
_DEGREES = r"(?:°|degrees?\b|degs?\b|deg\b)"
# the lengths of a venturi's sections, with the straight ducts before and after it
_ALONG_ROLES = {**_LENGTH_WORDS, "upstream_length": r"inlet|entry|upstream", "downstream_length": r"outlet|exit|downstream"}


def _metres(number: str, unit: str) -> float:
    return float(number) * unit_factor(unit)


def _role_of(word: str, roles: dict[str, str]) -> str | None:
    return next((role for role, pattern in roles.items() if re.fullmatch(pattern, word.strip(), re.I)), None)


def _tables(text: str) -> dict[str, float]:
    """Sizes given as a slash table: "inlet/throat/outlet = 10/4/10 cm" (widths), "converging/throat/
    diverging lengths: 150/50/300 mm", "lengths (inlet/throat/outlet) 2/1/3 cm"."""
    word = r"[a-z]+(?:\s+cone)?"
    out: dict[str, float] = {}
    for m in re.finditer(rf"(?P<names>{word}(?:\s*/\s*{word})+)(?P<mid>[^0-9;.]{{0,30}}?)"
                         rf"(?P<nums>{NUM}(?:\s*{UNIT})?(?:\s*/\s*{NUM}(?:\s*{UNIT})?)+)\s*(?P<unit>{UNIT})?", text, re.I):
        names = [n.strip() for n in m.group("names").split("/")]
        numbers = re.findall(rf"({NUM})\s*({UNIT})?", m.group("nums"))
        unit = m.group("unit") or next((u for _, u in reversed(numbers) if u), None)
        if len(names) != len(numbers) or unit is None:
            continue
        around = text[max(0, m.start() - 25):m.start()] + m.group("mid")
        along = re.search(r"\blengths?\b|\blong\b", around, re.I) or any(
            _role_of(n, _LENGTH_WORDS) not in (None, "throat_length") for n in names)
        roles = _ALONG_ROLES if along else _STATION_WORDS
        for name, (number, own_unit) in zip(names, numbers):
            role = _role_of(name, roles)
            if role is not None:
                out.setdefault(role, _metres(number, own_unit or unit))
    return out


_SUBSCRIPTS = {"inlet_height": r"in|inlet|i|entry", "throat_height": r"t|th|throat|min", "outlet_height": r"out|outlet|o|e|exit"}


def _symbols(text: str) -> dict[str, float]:
    """Sizes written as symbols with a station subscript: "D_in = 5 cm", "d_throat = 2 cm", "H_out: 40 mm"."""
    out: dict[str, float] = {}
    for role, sub in _SUBSCRIPTS.items():
        m = re.search(rf"(?<![\w.])[DdHhWwBb]_?\{{?(?:{sub})\}}?\s*[=:]\s*{_OPT}{_LEN}", text)
        if m:
            out[role] = _metres(m.group(1), m.group(2))
    return out


def _lists(text: str) -> dict[str, float]:
    """Sizes listed after a heading that says what they are: "Widths: inlet 0.2 m, throat 0.08 m, exit 0.16 m.
    Lengths: converging 0.3 m, throat 0.1 m, diverging 0.6 m." """
    out: dict[str, float] = {}
    for head in re.finditer(r"\b(?P<what>widths?|heights?|diameters?|sizes?|lengths?)\s*(?:\([^)]*\))?\s*:", text, re.I):
        along = head.group("what").lower().startswith("length")
        roles = _ALONG_ROLES if along else _STATION_WORDS
        end = re.compile(r";|[.?!](?:\s|$)|\n|\b(?:widths?|heights?|diameters?|sizes?|lengths?)\s*:", re.I).search(text, head.end())
        for m in re.finditer(rf"\b([a-z]+(?:\s+cone)?)(?:\s+{_NOUN})?\s*(?:=|:)?\s*{_OPT}{_LEN}",
                             text[head.end():end.start() if end else len(text)], re.I):
            role = _role_of(m.group(1), roles)
            if role is not None:
                out.setdefault(role, _metres(m.group(2), m.group(3)))
    return out


def _labelled(text: str) -> dict[str, float]:
    """Sizes said next to their role: "inlet width 10 cm", "outlet 10 cm wide", "a throat of 4 cm", "a 4 cm
    throat", "converging length 15 cm", "the throat section is 5 cm long", "a 30 cm long diffuser"."""
    out: dict[str, float] = {}
    for role, words in _LENGTH_WORDS.items():
        for pattern in (rf"\b(?:{words})(?:\s+{_NOUN})?\s+length{_GLUE}{_OPT}{_LEN}",
                        rf"\b(?:{words})(?:\s+{_NOUN})?(?:\s+is|\s+of|:|,?\s+(?:which|that)\s+is)?\s+{_OPT}{_LEN}\s*(?:-\s*)?{_LONG}\b",
                        rf"(?<![\w.]){_LEN}\s*(?:-\s*)?long\s+(?:{words})",
                        rf"(?<![\w.]){_LEN}\s+(?:{words})\s+{_NOUN}" if role != "throat_length" else r"(?!)"):
            m = re.search(pattern, text, re.I)
            if m:
                out.setdefault(role, _metres(m.group(1), m.group(2)))
    for role, words in _STATION_WORDS.items():
        for pattern in (rf"\b(?:{words})(?:\s+{_NOUN})?\s+{_ACROSS}{_GLUE}{_OPT}{_LEN}(?!\s*(?:-\s*)?{_LONG})",
                        rf"\b(?:{words})(?:\s+{_NOUN})?(?:\s+is|\s+of|:)?\s+{_OPT}{_LEN}\s*(?:-\s*)?{_HIGH}",
                        rf"(?<![\w.]){_LEN}\s*(?:-\s*)?{_HIGH}\s+(?:at\s+the\s+)?(?:{words})\b"):
            m = re.search(pattern, text, re.I)
            if m:
                out.setdefault(role, _metres(m.group(1), m.group(2)))
    for role, words in (("inlet_height", r"inlet|entry|entrance"), ("outlet_height", r"outlet|exit")):
        m = re.search(rf"\b(?:{words})(?:\s+is|:|\s*=)?\s+{_OPT}{_LEN}(?!\s*(?:-\s*)?{_LONG}|\s+(?:{_NOUN}|pipe|channel)\b)",
                      text, re.I)  # "inlet 10 cm, outlet 10 cm"
        if m:
            out.setdefault(role, _metres(m.group(1), m.group(2)))
    for pattern in (rf"\b(?:throat|neck)(?:\s+of|:|\s*=)?\s+{_OPT}{_LEN}(?!\s*(?:-\s*)?{_LONG}|\s+of\s+length)",
                    rf"(?<![\w.]){_LEN}\s+(?:throat|neck)\b(?!\s+(?:length|{_NOUN}))"):  # "a throat of 4 cm", "a 4 cm throat"
        m = re.search(pattern, text, re.I)
        if m:
            out.setdefault("throat_height", _metres(m.group(1), m.group(2)))
    return out




def _over(name: str) -> str:
    """A length the change of section is said to take ("over 15 cm", "in a distance of 0.2 m"), as groups
    `name` (the number) and `name`_unit."""
    return rf"\s*,?\s*(?:over|across|within|in)\s+(?:a\s+(?:length|distance)\s+of\s+|the\s+next\s+)?(?P<{name}>{NUM})\s*(?P<{name}_unit>{UNIT})"


def _verbs(text: str) -> dict[str, float]:
    """Sizes said with the change of section: "narrowing to a throat of 4 cm over 15 cm", "converging over
    15 cm to 4 cm", "widening back to 8 cm at the outlet over 30 cm", "then it diverges to 10 cm"."""
    out: dict[str, float] = {}
    kept = re.search(rf"\b(?:keeps?|keeping|stays?|staying|remains?|remaining|holds?|holding)\s+(?:at\s+|constant\s+(?:at\s+)?)?"
                     rf"(?:{NUM}\s*{UNIT}\s+)?(?:constant\s+)?(?:for|over)\s+{_LEN}", text, re.I)
    if kept:  # "keeps 40 mm for 50 mm", "stays constant for 2 cm": the straight throat
        out["throat_length"] = _metres(kept.group(1), kept.group(2))
    for size, length, start, verb in (
            ("throat_height", "taper_length", "inlet_height", r"(?:narrow|contract|converg|reduc|squeez|neck|taper)\w*"),
            ("outlet_height", "diverging_length", "throat_height", r"(?:widen|expand|diverg|open|increas|grow|recover|flar)\w*")):
        m = re.search(rf"\b{verb}(?:\s+(?:back|again|up|out|down|gradually|linearly|smoothly))*"
                      rf"(?:\s+from\s+(?:an?\s+|the\s+)?{_OPT}(?P<from>{NUM})\s*(?P<from_unit>{UNIT}))?"
                      rf"(?:{_over('before')})?"
                      rf"(?:\s+(?:at|with)\s+(?:an?\s+)?[^,;.]{{0,30}}?{_DEGREES}[^,;.]{{0,20}}?)?"  # "opens at a 15° angle back to"
                      rf"\s+(?:back\s+|again\s+)?(?:to|into)\s+(?:an?\s+|the\s+)?(?:(?:throat|outlet|exit)\s+(?:{_ACROSS}\s+)?(?:of\s+)?)?"
                      rf"{_OPT}(?P<to>{NUM})\s*(?P<unit>{UNIT})(?:\s+(?:throat|wide|high|at\s+the\s+(?:outlet|exit|throat)))?"
                      rf"(?:{_over('after')})?",
                      text, re.I)
        if not m:
            continue
        out[size] = _metres(m.group("to"), m.group("unit"))
        if m.group("from"):
            out[start] = _metres(m.group("from"), m.group("from_unit"))
        if m.group("before"):
            out[length] = _metres(m.group("before"), m.group("before_unit"))
        elif m.group("after"):
            out[length] = _metres(m.group("after"), m.group("after_unit"))
    return out


_ANGLE_WORDS = {"taper_length": r"converg\w*|convergent|contraction|contracting|confusor|inlet\s+cone",
                "diverging_length": r"diverg\w*|divergent|diffuser|diffusing|expansion|expanding|recovery|outlet\s+cone"}
_WHICH = r"(?:(?P<which>half|semi|total|included|full|cone|opening)[- ]?)"


def section_angles(text: str) -> dict[str, float]:
    """The half-angle (degrees) of each taper of a venturi: "converging angle 21°", "diffuser half-angle 7
    deg", "diverges at 6 degrees", "a 14° included angle for the diffuser". An angle not said to be a
    half-angle is the included angle (the cone angle of ISO 5167 venturis), so it is halved."""
    out: dict[str, float] = {}
    for role, words in _ANGLE_WORDS.items():
        for pattern in (rf"\b(?:{words})(?:\s+{_NOUN})?(?:\s+(?:wall|side))?\s+{_WHICH}?angle\s*(?:of|=|:|is)?\s*(?P<n>{NUM})\s*{_DEGREES}?",
                        rf"\b(?:{words})(?:\s+(?:opens?|closes?|tapers?|widens?|narrows?|expands?|contracts?))?\s+(?:at|with|by)\s+(?:an?\s+)?(?:{_WHICH}?angle\s+of\s+)?(?P<n>{NUM})\s*{_DEGREES}",
                        rf"(?<![\w.])(?P<n>{NUM})\s*{_DEGREES}\s+{_WHICH}?(?:angle\s+)?(?:(?:on|for|in|of)\s+the\s+)?(?:{words})"):
            m = re.search(pattern, text, re.I)
            if m and role not in out:
                half = m.group("which") and m.group("which").lower() in ("half", "semi")
                angle = float(m.group("n")) if half else float(m.group("n")) / 2
                if 0 < angle < 90:
                    out[role] = angle
    return out


def lengths_from_angles(text: str, sizes: dict[str, float]) -> dict[str, float]:
    """The converging and diverging lengths that the stated taper angles give between the inlet, throat
    and outlet heights of `sizes` (a height missing: that length is not given)."""
    out: dict[str, float] = {}
    throat = sizes.get("throat_height")
    for role, angle in section_angles(text).items():
        end = sizes.get("inlet_height" if role == "taper_length" else "outlet_height")
        if throat is not None and end is not None and end > throat:
            out[role] = (end - throat) / 2 / math.tan(math.radians(angle))
    return out


def venturi_roles(text: str) -> dict[str, float]:
    """The venturi sizes its words give by role (inlet/throat/outlet heights, converging/throat/diverging
    lengths, straight ducts when named): tables first, then sizes labelled with their role, then sizes said
    with the change of section."""
    out: dict[str, float] = {}
    for found in (_tables(text), _lists(text), _symbols(text), _labelled(text), _verbs(text)):
        out.update({k: v for k, v in found.items() if k not in out})
    return out


# --- a stepped round pipe ----------------------------------------------------------------------

_ROUND = re.compile(r"\baxi-?symmetric|\bwedge\b|\b(?:pipes?|tubes?)\b[^.;]*?\b(?:diameters?|radius|radii|bore)\b"
                    r"|\b(?:diameters?|radius|radii|bore)\b[^.;]*?\b(?:pipes?|tubes?)\b|(?-i:\b[Dd]\s*=)", re.I)
_RADIUS = r"\bradius\b|\bradii\b|(?-i:\b[Rr]\s*[=:]|\b[Rr]\d?\s*=)"
_DIAMETER = r"\bdiameters?\b|\bbores?\b|(?-i:\b[Dd]\d?\s*[=:])|Ø|\bdia\b"
_BIG = r"large|larger|big|bigger|wide|wider|major|main"
_SMALL = r"small|smaller|narrow|narrower|minor|reduced"
_FIRST = r"upstream|inlet|first|entry|entrance|initial|feed"
_SECOND = r"downstream|outlet|second|next|exit|last|remaining|following|rest"
_SECTION = r"(?:section|pipe|part|one|tube|portion|region|diameter|bore|segment|leg)"


def _qualifier(words: str) -> str | None:
    """The section the last qualifying word of `words` names: "big", "small", "first" or "second"."""
    found = [(m.start(), kind) for kind, pattern in (("big", _BIG), ("small", _SMALL), ("first", _FIRST), ("second", _SECOND))
             for m in re.finditer(rf"\b(?:{pattern})\b", words, re.I)]
    return max(found)[1] if found else None


def _side(kind: str | None, widening: bool) -> str | None:
    """'inlet' or 'outlet' for a section qualifier of a contraction (widening False) or expansion."""
    if kind in ("first", "second"):
        return "inlet" if kind == "first" else "outlet"
    if kind in ("big", "small"):
        return "inlet" if (kind == "small") == widening else "outlet"
    return None


SECTION_QUALIFIER = rf"(?:{_BIG}|{_SMALL}|{_FIRST}|{_SECOND})"  # the words that name one section of a stepped duct
SECTION_NOUN = _SECTION


def section_side(words: str, widening: bool) -> str | None:
    """'inlet' or 'outlet': the section of an expansion (`widening`) or contraction the last qualifying word of
    `words` names ("the small pipe", "the second section"); None when no word names one."""
    return _side(_qualifier(words), widening)


# "5 cm before the step", "30 cm of pipe after": a length said by where it lies
_WHERE = r"\s+(?:of\s+(?:\w+\s+)?(?:pipe|tube)\s+)?(?P<where>before|upstream|ahead|after|downstream|beyond|behind|past)\b"


def _kind(text: str, m: re.Match[str], last: int, radius_text: bool) -> str | None:
    """What the size `m` (a match of a number and its unit) is: "length" along the pipe, "radius" or "diameter"
    across it, or None (a cell size, a speed); `last` is where the previous size ended."""
    after, before = text[m.end():m.end() + 30], text[max(last, m.start() - 40):m.start()]
    if re.match(r"\s*(?:cells?|elements|/)", after, re.I) or re.search(r"\bcells?\s+(?:of\s+|size\s+)?$", before, re.I):
        return None
    if re.search(r"(?<![\w.])[xyz]\s*(?:=|:)\s*-?$", before, re.I):
        return None  # "runs from x = -0.2 m to x = 0": a coordinate, read with the domain's extent
    if re.match(rf"\s*(?:-\s*)?{_LONG}\b|\s+(?:of\s+)?(?:straight\s+)?(?:pipe|tube)\s+(?:length|long)|{_WHERE}", after, re.I) or \
            re.search(r"(?:\blength|\blong|\bfor(?:\s+the)?(?:\s+(?:first|next|last|remaining|following|other))?"
                      r"|\bover|\bextends?|\bruns?|\b(?:section|part|portion|segment))\s*(?:of|=|:|is)?\s*$", before, re.I):
        return "length"
    cues = [(c.start(), "radius") for c in re.finditer(_RADIUS, before, re.I)] + \
        [(c.start(), "diameter") for c in re.finditer(_DIAMETER, before + after[:15], re.I)]
    return max(cues)[1] if cues else ("radius" if radius_text else "diameter")


def _said_radius(text: str) -> bool:
    """The text sizes its pipe by radii only."""
    return re.search(_RADIUS, text, re.I) is not None and re.search(_DIAMETER, text, re.I) is None


def _pipe_lengths(text: str) -> tuple[list[tuple[int, float]], list[tuple[int, int, float]]]:
    """The sizes across the pipe (diameters, radii doubled) and the lengths along it: (position, metres)
    and (start, end, metres)."""
    radius_text = _said_radius(text)
    sizes: list[tuple[int, float]] = []
    lengths: list[tuple[int, int, float]] = []
    last = 0
    for m in re.finditer(rf"(?<![\w.]){_LEN}", text, re.I):
        kind = _kind(text, m, last, radius_text)
        last = m.end()
        value = _metres(m.group(1), m.group(2))
        if kind == "length":
            lengths.append((m.start(), m.end(), value))
        elif kind is not None:
            sizes.append((m.start(), 2 * value if kind == "radius" else value))
    return sizes, lengths


def said_radius_of(text: str, words: str, radii: dict[str, float], value: float) -> str | None:
    """The section ("inlet", "outlet", "throat") whose radius the stated `words` (value `value`, metres) give
    when the text says them as a radius ("radius 2 cm then 1 cm"), else None."""
    if not radii:
        return None
    radius_text, last = _said_radius(text), 0
    for m in re.finditer(rf"(?<![\w.]){_LEN}", text, re.I):
        kind = _kind(text, m, last, radius_text)
        last = m.end()
        if kind == "radius" and m.group(0).strip() == words.strip():
            return next((side for side, r in radii.items() if abs(r - value) <= 1e-9 * max(1.0, value)), None)
    return None


def _section_cells(text: str, widening: bool) -> dict[str, int]:
    """Each section's cell count along the pipe and the count across (radial) when stated."""
    t = digits(text)
    out: dict[str, int] = {}
    qual = rf"(?:{_BIG}|{_SMALL}|{_FIRST}|{_SECOND})"
    for m in re.finditer(rf"(?<![\d.])(\d+)\s+(?:(?:axial\s+)?cells?\s+)?(?:along|in|on|for|over|through|across\s+the\s+length\s+of)\s+"
                         rf"(?:the\s+)?({qual})(?:(?:\s+\w+)?\s+(?:{_SECTION}|1\b)|(?=\s*(?:[,;.]|and\b|$)))"  # "the small one" (digits(): 1)
                         rf"|\b({qual})(?:\s+\w+)?\s+{_SECTION}\s*(?::|with|has|gets|takes|uses)?\s*(\d+)\s+(?:axial\s+)?cells", t, re.I):
        if m.group(1) and not re.search(r"\bcells?\b", t[max(0, m.start() - 60):m.end()], re.I):
            continue  # "Re is 200 in the wide pipe": no cells said with it or just before ("100 cells along ..., 150 along ...")
        count, kind = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        side = _side(_qualifier(kind), widening)
        if side is not None:
            out.setdefault(f"{'upstream' if side == 'inlet' else 'downstream'}_cells", int(count))
    across = radial_count(t)
    if across and out:
        out["across_cells"] = across
    return out


_RADIAL = re.compile(r"(?<![\d.])(\d+)\s+(?:radial\s+cells|cells?\s+(?:radially|in\s+the\s+radial\s+direction|(?:across|along|over)"
                     r"\s+the\s+radius|across(?:\s+the\s+(?:pipe|diameter))?\b|in\s+r\b))|radial(?:ly)?\s*(?::|with)?\s*(\d+)\s+cells",
                     re.I)


def radial_count(text: str) -> int | None:
    """The cells across a round duct's radius: "20 radial cells", "10 cells over the radius", "radially 12 cells"."""
    m = _RADIAL.search(digits(text))
    return int(m.group(1) or m.group(2)) if m else None


def stepped_pipe_roles(text: str, widening: bool) -> dict[str, Any]:
    """A stepped round pipe's dimensions: `axisymmetric`, the inlet and outlet diameters (as heights), each
    section's length and cell counts. {} when the text is not about a round pipe."""
    if not _ROUND.search(text):
        return {}
    out: dict[str, Any] = {"axisymmetric": True}
    sizes, lengths = _pipe_lengths(text)
    distinct = sorted({round(v, 12) for _, v in sizes})
    if len(distinct) == 2:  # more than two sizes across: which two are the pipe's is not said plainly
        small, big = distinct[0], distinct[-1]
        out["inlet_height"], out["outlet_height"] = (small, big) if widening else (big, small)
    last = 0
    for k, (start, end, value) in enumerate(lengths):
        where = re.match(_WHERE, text[end:end + 30], re.I)
        side = ("inlet" if where.group("where").lower() in ("before", "upstream", "ahead") else "outlet") if where \
            else _side(_qualifier(text[last:start]), widening)
        if side is None:
            before = [v for p, v in sizes if last <= p < start] or [v for p, v in sizes if p < start]
            if before and "inlet_height" in out:
                side = "inlet" if (before[-1] == out["inlet_height"]) else "outlet"
            else:
                side = "inlet" if k == 0 else "outlet"
        out.setdefault("upstream_length" if side == "inlet" else "downstream_length", value)
        last = end
    out.update(_section_cells(text, widening))
    return out


_STEP_WORDS = re.compile(r"\bstep(?:ped|s)?\b|\bcontraction\b|\bexpansion\b|\benlargement\b|\breduc(?:er|tion)\b|\bnarrow\w*"
                         r"|\bwiden\w*|\bexpand\w*|\bcontract\w*|\blarger\s+pipe\b|\bsmaller\s+pipe\b|\b(?:large|small)\s+(?:pipe|section)\b", re.I)
_GRADUAL = re.compile(r"\bnozzle\b|\bventuri\b|\bthroat\b|\bdiffuser\b|\bcon(?:e|ical)\b|\btaper\w*|\bannul\w*|\btee\b|\bjunction\b"
                      r"|\bbend\b|\belbow\b|\bgradual\w*|\bsmooth\w*", re.I)
_NARROWING = re.compile(r"\bcontract\w*|\bnarrow\w*|\breduc\w*|\bconverg\w*|\binto\s+(?:a\s+|the\s+)?small(?:er)?\b", re.I)
_WIDENING = re.compile(r"\bexpan\w*|\benlarg\w*|\bwiden\w*|\binto\s+(?:a\s+|the\s+)?larger?\b", re.I)


def stepped_pipe_shape(text: str) -> str | None:
    """"sudden_expansion" or "sudden_contraction" for a round pipe whose diameter (or radius) changes in a
    step ("stepped pipe: D = 40 mm then d = 20 mm", "a small pipe into a larger pipe, d = 1 cm, D = 2 cm"),
    else None (a plain pipe, a gradual change, a nozzle)."""
    if not _ROUND.search(text) or not _STEP_WORDS.search(text) or _GRADUAL.search(text):
        return None
    sizes = [v for _, v in _pipe_lengths(text)[0]]
    if len({round(v, 12) for v in sizes}) != 2:
        return None
    narrowing, widening = _NARROWING.search(text), _WIDENING.search(text)
    if bool(narrowing) != bool(widening):
        return "sudden_contraction" if narrowing else "sudden_expansion"
    return "sudden_expansion" if sizes[0] < sizes[-1] else "sudden_contraction"
