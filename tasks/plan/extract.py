"""Read quantities with units and named choices out of a plain-language request.

Pure functions over text. Each quantity keeps the words before it, so the Architect can
tell an inlet velocity from a lid velocity, or a hot wall from a reference temperature.

This module is the facade: `quantities` and its helpers live here; the pieces it reads with are in
extract_models (Quantity, Sine, Kind), extract_pattern (numbers, QuantityPattern, parse_number,
_kind_of), extract_words (normalise: number words, thousands, tolerances, spoken units) and
extract_groups (dimensionless groups, property symbols, cell counts). Importers use the names here.
"""

from __future__ import annotations

import math
import re
from typing import Literal

from tasks.plan.extract_groups import (
    _AXIS_COUNT, _CELLS, _DIMLESS, _END_TIME_SYMBOL, _MACH_SYMBOL, _N_CELLS, _OF_THEM, _POWER_CELLS, _SYMBOL_VALUE,
    GROUP_KINDS, counts_after, counts_from,
)
from tasks.plan.extract_groups import symbol_number  # noqa: F401  (re-exported)
from tasks.plan.extract_models import Kind, Quantity, Sine
from tasks.plan.extract_pattern import _NUM, _QUANTITY, _kind_of, parse_number
from tasks.plan.extract_pattern import (  # noqa: F401  (re-exported)
    _COUNT_UNIT, KINEMATIC_PRESSURE_UNIT, QuantityMatch, QuantityPattern,
)
from tasks.plan.extract_words import _FRACTIONS, normalise
from tasks.plan.extract_words import (  # noqa: F401  (re-exported)
    nominal_values, spoken_durations, spoken_fractions, spoken_rates, spoken_units,
)
from tasks.plan.units import tidy
from tasks.plan.units_standard import standard_state_of
from tasks.plan.values_parts import PART_OF_EXTENT, part_value
from tasks.plan.values_rotation import rotation_speeds
from tasks.plan.values_lists import list_head
from tasks.plan.values_vectors import find_vectors

_SINE = re.compile(
    rf"(?P<amp>{_NUM})\s*\*?\s*sin\s*\(\s*2\s*\*?\s*pi\s*\*?\s*t\s*/\s*(?P<period>{_NUM})\s*\)", re.I
)
_FROM_TO = re.compile(rf"\bfrom\s+(?P<a>{_NUM})\s*(?P<ua>[^\s,.;]*)\s+to\s+(?P<b>{_NUM})", re.I)
# a time the change takes, right after its end value ("from 300 K to 350 K until t = 3 s", "0 to 1.5e5 Pa over 1 s"):
# the value is where a ramp ends, not one end of a range
TAKES_TIME = re.compile(rf"^[^.;,\n]{{0,40}}?\b(?:over|in|within|during|by|until|till)\s+(?:the\s+first\s+|a\s+(?:period|"
                        rf"time)\s+of\s+)?(?:t\s*=\s*)?{_NUM}\s*(?:s|ms|sec\w*|min\w*|h|hours?)\b"
                        r"(?!\s*(?:steps?|intervals?|increments?)\b)", re.I)
# "1 bar to 1.5 bar over 1 s": a change without "from" when the time it takes follows
_TO_IN_TIME = re.compile(rf"(?<![\w.\-^])(?P<a>{_NUM})\s*(?P<ua>[^\s,;<>=\d-]*)\s+to\s+(?P<b>{_NUM})", re.I)
# "10 -> 40 m2/s2", "1 bar => 1.5 bar": the same change written with an arrow
_ARROW = re.compile(rf"(?<![\w.])(?P<a>{_NUM})\s*(?P<ua>[^\s,;<>=-]*)\s*(?:->|→|=>)\s*(?P<b>{_NUM})", re.I)
# "at Mach 2.5 instead of Mach 3", "50 m3/s instead of 75": the value after it is the old one
# (a preposition ends the old thing: in "water instead of air at 2 m/s" the 2 m/s is the new flow's; one
# right after the words leads to the old value: "at 50 degC rather than at 25 degC")
_INSTEAD = re.compile(rf"\b(?:instead of|rather than|in place of|replacing)\s+(?:(?:at|from|with)\s+)?(?:the\s+)?"
                      rf"(?:(?!(?:at|with|and|to|for|on|in|by|from|but|so|then)\b)[A-Za-z']+\s+){{0,2}}?"
                      rf"(?P<a>{_NUM})", re.I)
# a value said only as the one to leave behind: "filled to 0.5 m (not 0.7 m)", "0.5 m, not 0.7 m", "(was 0.7 m)",
# "(the tutorial's 0.7 m)"; "not more than 2 m/s" is a limit (a word, not a number, follows "not")
_NOT_OLD = re.compile(rf"(?:\(\s*|[,;]\s*|\s-\s*)(?:not|was|previously|formerly|originally|(?:the\s+)?(?:tutorial|default|"
                      rf"original)(?:'s)?(?:\s+(?:value|one))?\s*(?:was|is|of|:)?)\s+(?:the\s+)?(?P<a>{_NUM})", re.I)
_FRACTION_WORDS = re.compile(
    rf"\b(?:(?P<num>a|an|\d+)[- ])?(?P<den>{'|'.join(_FRACTIONS)})\b(?!\s+(?:of\s+a\s+)?(?:second|minute|hour))"
    # an ordinal, no fraction: "the third direction", "a fourth cylinder", "the third section"
    rf"(?!\s+(?:direction|dimension|axis|coordinate|component|cell|row|column|layer|section|stage|leg|step|body|cylinder"
    rf"|block|plate|patch|wall|phase|species|inlet|outlet|one|case|run|point|time|chord)s?\b)"  # "the quarter chord": a point
    r"(?![- ]?(?:round|circ|cylind|disc|disk|sphere|moon))", re.I)  # "a half-round bump", "a half-cylinder": a shape
_DIGIT_FRACTION = re.compile(r"(?<![\d./])(?P<a>\d+)\s*/\s*(?P<b>\d+)(?![\d./]|\s*(?:s\b|m\b))")


def _context(text: str, start: int, end: int) -> tuple[str, str]:
    before = text[max(0, start - 80):start].lower()
    after = re.split(r"[,.;:\n(]", text[end:end + 24].lower(), maxsplit=1)[0]
    return before, after


# "10 step heights upstream", "5h upstream of the step": a multiple of one of the geometry's lengths
_LENGTH_AFTER = re.compile(r"\s*-?\s*(?:heights?|lengths?|widths?|diameters?|chords?|radii|radius|sizes?)\b", re.I)
_PLACE_AFTER = re.compile(r"\s*(?:(?:up|down)[- ]?stream|before|after|behind|ahead|in front|from the|beyond)\b", re.I)


# "expansion ratio 2 step", "aspect-ratio 4 step": the number is the ratio of the step, not a count of steps
_RATIO_BEFORE = re.compile(r"\bratios?\s*(?:\([^)]{0,12}\)\s*)?(?:of\s+|=\s*|:\s*)?$", re.I)


def length_multiple(kind: str, unit: str, text: str, end: int, start: int = 0) -> bool:
    """Whether the number just read is a multiple of a length of the geometry (or a ratio of it)
    rather than a count of steps or a time in hours: "10 step heights", "5h upstream",
    "expansion ratio 2 step"."""
    if kind == "iterations" and re.fullmatch(r"(?:time[- ]?)?steps?", unit.strip(), re.I):
        return bool(_LENGTH_AFTER.match(text, end)) or bool(_RATIO_BEFORE.search(text[max(0, start - 30):start]))
    if kind == "time" and unit.strip() == "h":
        return bool(_PLACE_AFTER.match(text, end)) or _length_symbol_h(text, end)
    return False


# "h = 2 cm", "h: 5 mm", "step height h", "height (h)": the symbol h named as a length
_H_AS_LENGTH = re.compile(r"(?<![\w.])h\s*(?:=|:|≈|is|of)\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*"
                          r"(?:mm|cm|m|km|µm|um|in|inch(?:es)?|ft|feet|metres?|meters?|millimet(?:re|er)s?|"
                          r"centimet(?:re|er)s?)(?![\w])"
                          r"|\b(?:height|length|width|diameter|gap|thickness|depth|spacing|size)\s*\(?\s*h\s*\)?(?![\w])")
# a duration is said after a run verb ("runs for 2 h", "simulate 3 h"): an hour even beside a length h
_RUN_BEFORE = re.compile(r"\b(?:for|run|runs|simulate|simulating|until|over|after|during|lasting|lasts?|takes?|end(?:\s+time)?|"
                         r"duration|time)\s*(?:of\s+|about\s+|=\s*|:\s*)?$", re.I)


def _length_symbol_h(text: str, end: int) -> bool:
    """Whether the "h" just read ("30h downstream", "40 h long") is the length the request
    named h earlier ("step height h = 2 cm"), not hours."""
    number = re.search(r"[-+]?(?:\d+\.?\d*|\.\d+)\s*h$", text[:end])
    if number is None or _RUN_BEFORE.search(text[max(0, number.start() - 20):number.start()]):
        return False
    return _H_AS_LENGTH.search(text[:number.start()]) is not None


_COUNT_KINDS = ("iterations", "ranks", "fraction", "cells", "count")


def listed_before(text: str, start: int, written: str) -> list[tuple[float, int, str]]:
    """The bare numbers listed right before the quantity at `start` that share its unit ("inlet and
    outlet at 1 and 0 bar": 1 bar; "2, 5 m/s"; "2/3/4 m/s"), each as (SI value, start, number as
    written)."""
    own = _QUANTITY.match(text, start)
    if own is None:
        return []
    head = list_head(text, start, own.group("num"))
    if head is None:
        return []
    at, nums = head
    kind, scale, offset = _kind_of(own.group("unit"))
    out = []
    for m in re.finditer(_NUM, nums):
        out.append((tidy(parse_number(m.group(0)) * scale + offset), at + m.start(), m.group(0)))
    return out


def quantities(text: str) -> list[Quantity]:
    """Every number with a unit, dimensionless groups (Re, Ma, Ra, Pr, Co), cell counts
    ('N x M', 'N by M', 'N cells') and fractions; number words are read as digits."""
    text = normalise(text)
    found: list[Quantity] = []
    taken: list[tuple[int, int]] = [m.span() for m in _SINE.finditer(text)]

    def free(a: int, b: int) -> bool:
        return not any(x < b and a < y for x, y in taken)

    for m in _POWER_CELLS.finditer(text):
        power = 2 if m.group("sq") or m.group("p") == "2" else 3
        dims = [int(m.group("n"))] * power
        before, after = _context(text, m.start(), m.end())
        found.append(Quantity(kind="cells", value=float(math.prod(dims)), text=m.group(0), before=before,
                              after=after, start=m.start(), dims=dims))
        taken.append(m.span())
    for m in _CELLS.finditer(text):
        dims = [int(g) for g in m.groups() if g]
        before, after = _context(text, m.start(), m.end())
        found.append(Quantity(kind="cells", value=float(math.prod(dims)), text=m.group(0), before=before,
                              after=after, start=m.start(), dims=dims))
        taken.append(m.span())
    for regex, kind in _DIMLESS:
        for m in regex.finditer(text):
            if kind in GROUP_KINDS and _QUANTITY.match(text, m.start("num")) is not None:
                continue  # "St 5 cm": a number with a unit is no dimensionless group
            if free(m.start("num"), m.end("num")):
                before, after = _context(text, m.start(), m.end())
                found.append(Quantity(kind=kind, value=parse_number(m.group("num")), text=m.group(0),
                                      before=before, after=after, start=m.start()))
                taken.append((m.start("num"), m.end("num")))
    for m in _MACH_SYMBOL.finditer(text):
        if free(m.start("num"), m.end("num")) and _QUANTITY.match(text, m.start("num")) is None:  # "M = 44 g/mol"
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="mach", value=parse_number(m.group("num")), text=m.group(0), before=before,
                                  after=after, start=m.start()))
            taken.append((m.start("num"), m.end("num")))
    for v in find_vectors(text):  # "(10 0 0) m/s", "Ux = 10 m/s, Uy = 1 m/s": one velocity, its size and direction
        if v.kind == "velocity" and free(v.start, v.end):
            before, after = _context(text, v.start, v.end)
            found.append(Quantity(kind="velocity", value=v.magnitude, text=text[v.start:v.end], before=before,
                                  after=after, start=v.start, vector=list(v.components)))
            taken.append((v.start, v.end))
    for m in _QUANTITY.finditer(text):
        if not free(m.start(), m.end()):
            continue
        kind, scale, offset = _kind_of(m.group("unit"))
        if kind == "length" and re.match(r"\s*/", text[m.end():m.end() + 2]):
            continue
        if length_multiple(kind, m.group("unit"), text, m.end(), m.start()):
            taken.append(m.span())  # "10 step heights upstream": the geometry's business, no count or time
            continue
        value = tidy(parse_number(m.group("num")) * scale + offset)  # 72 mN/m is 0.072 N/m, not 0.07200000000000001
        before, after = _context(text, m.start(), m.end())
        state = standard_state_of(m.group("unit")) if kind in ("mass_flow", "mass") else None
        found.append(Quantity(kind=kind, value=value, text=m.group(0), before=before, after=after, start=m.start(),
                              standard=state.describe() if state is not None else None))
        taken.append(m.span())
    for regex, kind in _SYMBOL_VALUE:
        for m in regex.finditer(text):
            if free(m.start("num"), m.end("num")):
                before, after = _context(text, m.start(), m.end())
                found.append(Quantity(kind=kind, value=parse_number(m.group("num")), text=m.group(0), before=before,
                                      after=after, start=m.start()))
                taken.append(m.span())
    for m in _END_TIME_SYMBOL.finditer(text):
        if free(m.start("num"), m.end("num")):
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="time", value=parse_number(m.group("num")), text=m.group(0), before=before,
                                  after=after, start=m.start()))
            taken.append(m.span())
    for q in [q for q in found if q.kind not in _COUNT_KINDS]:
        for value, start, written in listed_before(text, q.start, q.text):
            if free(start, start + len(written)):
                before, after = _context(text, start, start + len(written))
                found.append(Quantity(kind=q.kind, value=value, text=written, before=before, after=after,
                                      start=start))
                taken.append((start, start + len(written)))
    for m in _N_CELLS.finditer(text):
        if free(m.start(), m.end()):
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="count", value=float(m.group("n")), text=m.group(0), before=before,
                                  after=after, start=m.start()))
            for n, start, end in counts_after(text, m.end()):
                if free(start, end):
                    before, after = _context(text, start, end)
                    found.append(Quantity(kind="count", value=float(n), text=text[start:end], before=before,
                                          after=after, start=start))
                    taken.append((start, end))
    for m in _AXIS_COUNT.finditer(text):  # "25 in x", "cells: 80 (x), 40 (y)"
        if free(m.start(), m.end()) and not _NUMBERED_PART.search(text[max(0, m.start() - 12):m.start()]):
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="count", value=float(m.group("n")), text=m.group(0), before=before,
                                  after=after, start=m.start()))
            taken.append(m.span())
            for n, start, end in counts_from(text, m.end()):  # "50 along x and 50 across"
                if free(start, end):
                    before, after = _context(text, start, end)
                    found.append(Quantity(kind="count", value=float(n), text=text[start:end], before=before,
                                          after=after, start=start))
                    taken.append((start, end))
    for m in _OF_THEM.finditer(text):  # "0.2 ms steps, five hundred of them": that many time steps
        if free(m.start(), m.end()) and re.search(r"\bsteps?\b[^.;]*$", text[max(0, m.start() - 40):m.start()]):
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="iterations", value=float(m.group("n")), text=m.group(0), before=before,
                                  after=after, start=m.start()))
            taken.append(m.span())
    for m in _FRACTION_WORDS.finditer(text):
        if (m.group("num") or m.group("den").lower() not in ("half", "halves")) and free(m.start(), m.end()):
            num = 1 if (m.group("num") or "a").lower() in ("a", "an") else int(m.group("num"))
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="fraction", value=num / _FRACTIONS[m.group("den").lower()], text=m.group(0),
                                  before=before, after=after, start=m.start()))
    for m in PART_OF_EXTENT.finditer(text):  # "half the tank height", "0.25 of the height"
        if free(m.start("part"), m.end("part")):
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="fraction", value=part_value(m.group("part")), text=m.group("part"),
                                  before=before, after=after, start=m.start("part")))
            taken.append(m.span("part"))
    for m in _DIGIT_FRACTION.finditer(text):
        if int(m.group("b")) and free(m.start(), m.end()):
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="fraction", value=int(m.group("a")) / int(m.group("b")), text=m.group(0),
                                  before=before, after=after, start=m.start()))
    timed = [m for m in _TO_IN_TIME.finditer(text) if TAKES_TIME.search(text[m.end():])]
    changes = [m for m in (*_FROM_TO.finditer(text), *_ARROW.finditer(text), *timed)
               if _same_measure(found, m.start("a"), m.start("b"))]
    for m in changes:
        a, b = parse_number(m.group("a")), parse_number(m.group("b"))
        for q in found:
            if m.start() <= q.start < m.end() and q.start > m.start() + 5 and abs(q.value - b) < 1e-12 + 1e-9 * abs(b):
                q.replaced_from = a
    # "from A to B", "B instead of A": A is the old value, not a new request
    olds = {m.start("a") for m in (*changes, *_INSTEAD.finditer(text), *_NOT_OLD.finditer(text))}
    found = [q for q in found if not any(abs(q.start - o) <= 1 or q.start <= o < q.start + len(q.text) for o in olds)]
    for q in found:
        if q.kind == "pressure":
            q.reference = pressure_reference(text, q.start, q.start + len(q.text))
    return restated_once(text, rotation_speeds(text, sorted(found, key=lambda q: q.start)))


def _same_measure(found: list[Quantity], a: int, b: int) -> bool:
    """Whether the values starting at `a` and `b` ("from A to B") measure one thing: "from 1025 kg/m3
    to 40 %" is a density and a fraction, two values, not a change of one (a bare A is B's kind)."""
    kinds = {at: next((q.kind for q in found if q.start == at), None) for at in (a, b)}
    return kinds[a] is None or kinds[b] is None or kinds[a] == kinds[b]


# between a value and the same value in another unit: "3 m/s (10.8 km/h)", "20 degC, i.e. 293.15 K",
# "2 m/s [about 7.2 km/h]", "1 atm = 101325 Pa", "15 mm²/s resp. 1.5e-5 m²/s", "1 bar bzw. 100 kPa"
RESTATED_GAP = re.compile(r"(?:\s+(?:long|wide|high|tall|deep|thick|bore|diameter|radius|across|span|chord|ID|OD))?"
                          r"\s*(?:[(\[]\s*(?:(?:i\.?\s?e\.?,?|that is,?|which is|equivalently,?|in other words,?|"
                          r"namely|meaning|equal to|the same as)\s*)?"
                          r"|[,;:]?\s*(?:--?|—|–)?\s*(?:i\.?\s?e\.?,?|that is,?|which is|or|resp\.|respectively|bzw\.|=|≈|~|/"
                          r"|equivalently,?|in other words,?|namely|meaning|equal to|the same as))?\s*"
                          r"(?:about|approx\.?|approximately|roughly|around|ca\.?|~|≈|=)?\s*")


def _unit_written(text: str) -> str:
    return re.sub(_NUM, "", text).strip().lower()


_PLAIN_NUMBER = re.compile(r"[-+]?(?P<digits>\d*\.?\d+\.?)(?:\s*[eE]\s*(?P<exp>[-+]?\d+))?")


def _rounding(q: Quantity) -> float:
    """Half a unit of the last digit the value is written to, in SI ("30 m/s": 5 m/s, "1.2 kg/m3": 0.05
    kg/m3, "1.5e-5 m2/s": 5e-7 m2/s); 0 when the number or its unit cannot be read back."""
    m = re.match(rf"\s*(?P<num>{_NUM})\s*(?P<unit>.*)$", q.text)
    if m is None or not m.group("unit"):
        return 0.0
    written = _PLAIN_NUMBER.fullmatch(m.group("num").replace("−", "-").strip())
    if written is None:  # "2 x 10^5", "10⁻⁵": no digits to round to
        return 0.0
    digits, exponent = written.group("digits"), written.group("exp")
    place = -len(digits.split(".")[1]) if "." in digits else len(digits) - len(digits.rstrip("0"))
    try:
        _, scale, _ = _kind_of(m.group("unit"))
    except ValueError:
        return 0.0
    return 0.5 * 10.0 ** (place + int(exponent or 0)) * abs(scale)


def _same_value(a: Quantity, b: Quantity) -> bool:
    """Two values written for one: within 1 %, or within the rounding either is written to (up to 5 %):
    "100 ft/s (~30 m/s)", "250 knots (approx. 130 m/s)", "5 m/s (about 16 ft/s)"."""
    size = max(abs(a.value), abs(b.value))
    tolerance = max(0.01 * size, min(max(_rounding(a), _rounding(b)), 0.05 * size))
    return abs(a.value - b.value) <= tolerance + 1e-12


def restated_once(text: str, found: list[Quantity]) -> list[Quantity]:
    """The quantities without a value restated right after itself in another unit ("3 m/s (10.8
    km/h)": one velocity); a rounded restatement counts (within 1 %: "300 K (27 °C)", or to the digits
    it is written to: "100 ft/s (~30 m/s)")."""
    out: list[Quantity] = []
    for q in found:
        prev = out[-1] if out else None
        if (prev is not None and prev.kind == q.kind and q.kind not in _COUNT_KINDS and q.vector is None
                and prev.vector is None and q.start >= prev.start + len(prev.text)
                and RESTATED_GAP.fullmatch(text, prev.start + len(prev.text), q.start)
                and _same_value(prev, q)
                and _unit_written(q.text) != _unit_written(prev.text)):
            first, then = _unit_written(prev.text), _unit_written(q.text)
            approximate = _APPROXIMATE.search(text[prev.start + len(prev.text):q.start])  # "(about 12.57 rad/s)"
            if not approximate and ((_IMPERIAL_UNIT.search(first) and not _IMPERIAL_UNIT.search(then)) or
                                    (then.replace(" ", "") in _SI_UNITS and first.replace(" ", "") not in _SI_UNITS)):
                # "0.082 ft/s (2.5 cm/s)", "573 rpm (60 rad/s)": the metric or SI value the case is written in, as given;
                # one marked approximate ("100 ft/s (~30 m/s)") is the conversion, the first value the one meant
                out[-1] = q
            continue
        out.append(q)
    return out


# the SI units a value is kept in when it is restated in them ("573 rpm (that is 60 rad/s)"); not K: a degC value
# is exact in it, its K restatement the rounded one
_SI_UNITS = frozenset({"rad/s", "m/s", "pa", "m", "s", "kg/m3", "kg/m^3", "m2/s", "m^2/s", "m2/s2", "m^2/s^2", "w",
                       "w/m2", "w/m^2", "n", "j/kg", "kg/s", "m3/s", "m^3/s", "hz"})
_APPROXIMATE = re.compile(r"about|approx|roughly|around|circa|\bca\b|~|≈", re.I)
# a part's number, not a count: "leg 1 along x", "section 2 in y", "arm #3 along z"
_NUMBERED_PART = re.compile(r"\b(?:legs?|sections?|parts?|arms?|stages?|segments?|zones?|regions?|blocks?|branch(?:es)?"
                            r"|ducts?|channels?|no\.?|nr\.?|number)\s*#?\s*$", re.I)
# US customary units: a value restated after one of them in metric is the metric one
_IMPERIAL_UNIT = re.compile(r"\b(?:ft|feet|foot|in|inch(?:es)?|mi|miles?|mph|lbf?|lbm|lbs|psi[ag]?|°?f|degf|gal\w*|cfm|btu\w*"
                            r"|knots?|kts?|oz|slugs?|yd|yards?)\b|ft/|/ft|°f")


# gauge and absolute pressures: by the unit's own letter ("psig", "barg", "psia", "bara"), a word
# after the value ("2 bar gauge", "1 atm absolute", "101.3 kPa abs", "3 bar g", "20 kPa above atmospheric")
# or before it, in its clause ("a gauge pressure of 2 bar", "absolute pressure 1.2 bar", "an overpressure of")
_GAUGE_UNIT = re.compile(r"(?:psi|bar|Pa)g$")
_ABSOLUTE_UNIT = re.compile(r"(?:psi|bar|Pa)a$")
_REFERENCE_AFTER = re.compile(r"\s*(?:\(\s*)?(?:(?P<g>gauge|gage|g|over-?pressure|(?:above|over|in\s+excess\s+of)\s+(?:the\s+)?"
                              r"(?:atmospher(?:e|ic)|ambient|surroundings))|(?P<a>absolute|abs|a(?=\s*\))))\b\.?(?:\s*\))?",
                              re.I)
_REFERENCE_BEFORE = re.compile(r"\b(?:(?P<g>gauge|gage|over-?pressure)|(?P<a>absolute))\b[^\d,;:.]{0,30}$", re.I)


def pressure_reference(text: str, start: int, end: int) -> Literal["gauge", "absolute"] | None:
    """Whether the pressure written at text[start:end] is a gauge or an absolute one; None when
    the request does not say."""
    written = text[start:end].rstrip()
    if _GAUGE_UNIT.search(written):
        return "gauge"
    if _ABSOLUTE_UNIT.search(written):
        return "absolute"
    m = _REFERENCE_AFTER.match(text, end) or _REFERENCE_BEFORE.search(text, max(0, start - 40), start)
    if m is None:
        return None
    return "gauge" if m.group("g") else "absolute"


def sines(text: str) -> list[Sine]:
    text = normalise(text)
    return [
        Sine(amplitude=parse_number(m.group("amp")), period=parse_number(m.group("period")), text=m.group(0))
        for m in _SINE.finditer(text)
    ]


# a count with its axis letter: "50 (x)", "40 in y", "40 cells in z", "60 along x", "20 cells x-direction"
_LETTER_COUNT = re.compile(r"(?<![\w.+\-−(])(?<!by )(?<!of )(?<!factor )(?P<n>\d+)(?![.\d])\s*(?:(?:grid\s+)?cells?\s*)?(?:(?:in\s+(?:the\s+)?"
                           r"|along\s+|\(\s*)(?P<a>[xyz])|(?P<b>[xyz])[- ](?:direction|axis))\b(?!\s*[-+]?\.?\d)")


def cell_counts(text: str) -> list[list[int]]:
    """The cells per direction: each "N x M (x K)" written; else one list from counts that each name
    their axis letter ("cells: 80 (x), 40 (y)", "40 in x, 20 in y and 10 in z"), x and y both said."""
    plain = normalise(text)
    written = [[int(g) for g in m.groups() if g] for m in _CELLS.finditer(plain)]
    if written:
        return written
    axes: dict[str, int] = {}
    for m in _LETTER_COUNT.finditer(plain):
        axes.setdefault(m.group("a") or m.group("b"), int(m.group("n")))
    if "x" in axes and "y" in axes:
        return [[axes["x"], axes["y"], *([axes["z"]] if "z" in axes else [])]]
    return []


def first(qs: list[Quantity], kind: Kind, *near: str, exclude: tuple[str, ...] = ()) -> Quantity | None:
    """The first quantity of a kind described by any of `near`: words right after it
    ("0.1 m wide") count first, then the words before it; with no `near`, the first of the kind.
    A length of the flow, not of the shape (a film, a roughness, particles), is never a shape's."""
    from tasks.plan.flow_lengths import flow_length

    qs = [q for q in qs if not (kind == "length" and q.kind == "length" and flow_length(q.before, q.after, q.value))]
    if near:
        for q in qs:
            if q.kind == kind and any(q.after.strip().startswith(w) for w in near):
                return q
    for q in qs:
        if q.kind != kind:
            continue
        ctx = q.before[-60:]
        if exclude and any(w in ctx for w in exclude):
            continue
        if not near or any(w in ctx for w in near):
            return q
    return None


def mentions(text: str, *phrases: str) -> bool:
    low = " ".join(text.lower().split())
    return any(p in low for p in phrases)
