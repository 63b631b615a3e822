"""Read quantities with units and named choices out of a plain-language request.

Pure functions over text. Each quantity keeps the words before it, so the Architect can
tell an inlet velocity from a lid velocity, or a hot wall from a reference temperature.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from tasks.plan.units import read_at, tidy
from tasks.plan.values_forms import counted_labels, table_rows
from tasks.plan.values_scales import ordinal_intervals, scaled_numbers
from tasks.plan.values_vectors import find_vectors

Kind = Literal[
    "velocity", "kinematic_viscosity", "dynamic_viscosity", "density", "temperature",
    "angular_velocity", "length", "time", "frequency", "reynolds", "mach", "gravity",
    "iterations", "cells", "diameter", "pressure", "angle", "fraction", "rayleigh", "prandtl",
    "courant", "ranks", "volume_flow", "mass_flow", "heat_flux", "count", "charge_density", "mobility",
    "conductivity", "surface_tension", "thermal_conductivity", "specific_heat", "darcy", "dissipation_rate",
    "froude", "weber", "peclet", "strouhal", "grashof", "hartmann", "schmidt", "richardson",
]

_NUM = (r"[-+]?(?:\d+\.?\d*|\.\d+)"
        r"(?:\s*[eE]\s*[-+]?\d+|\s*[x×·*]\s*10(?:(?:\^|\*\*)?\s*[-+−]?\d+|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
        r"|[ \t]10(?:\^|\*\*)\s*[-+−]?\d+)?")  # 1.5e-5, 1.5 × 10⁻⁵, 1.5*10^-5, 1.5 10^-5
# a kinematic pressure (p/rho, m2/s2) as written: the binder keeps it as p/rho
KINEMATIC_PRESSURE_UNIT = (r"m\s*(?:2|²|\^2|\*\*2)\s*/\s*s\s*(?:2|²|\^2|\*\*2)"
                           r"|m\s*(?:2|²|\^2|\*\*2)\s*[·.*]?\s*s\s*(?:\^?\s*-\s*2|⁻²|\*\*\s*-\s*2)|m²s⁻²")
# Units are read by a grammar (tasks/plan/units.py): any product, quotient and power of SI and
# engineering units, symbols or spelled. These are the few "units" that are no dimension: counts
# and fractions, read as written.
_COUNT_UNITS: list[tuple[str, Kind, float]] = [
    (r"(?:non-dimensional |dimensionless )?time units?\b", "time", 1.0),
    (r"%|percent\b|per cent\b", "fraction", 0.01),
    (r"iterations?\b|iters?\b|(?:time[- ]?)?steps?\b", "iterations", 1.0),
    # "3 MPI processes", "4 parallel tasks", "8 ranks", "2 CPUs": the processes a parallel run uses
    (r"(?:(?:MPI|mpi|parallel)[ \t]+(?:processes|processors|procs|ranks?|tasks|jobs|cores|threads)"
     r"|cores?|processors?|procs?|ranks?|CPUs?|cpus?|subdomains?|processes)\b", "ranks", 1.0),
]
_COUNT_UNIT = re.compile("|".join(f"(?:{u})" for u, _, _ in _COUNT_UNITS))
_NUMBER_BODY = rf"(?:(?P<frac>(?:\d+[ \t]+)?\d+[ \t]*/[ \t]*\d+(?![\d.]))|(?P<dec>{_NUM}))"
# a fraction of whole numbers ("1/2 inch", "1 1/2 in") or a decimal ("1.5e-3", "2 x 10^5"); found in
# a text, not inside a word or a unit ("m2K", "W1") and with no range's dash for a sign ("1-2 m")
# nor the last three digits of a number with a thousands separator ("1,500 Pa" is not 500 Pa)
_NUMBER = re.compile(rf"(?:(?=[-+])(?<![\d.])|(?![-+])(?<![A-Za-zµμ^¹²³⁻\d])(?<![^.]\.))"  # not ".100" of "0..100"
                     rf"(?:(?<!\d,)|(?!\d{{3}}(?![\d.]))){_NUMBER_BODY}")
_NUMBER_HERE = re.compile(_NUMBER_BODY)  # where the caller says a number starts
_DECIMAL = re.compile(rf"(?P<frac>(?!))?(?P<dec>{_NUM})")  # a decimal only (its "frac" group never matches)
_WHOLE = re.compile(r"\d+")
_WHITE = re.compile(r"-(?=[A-Za-zµμ°])|\s*")  # "5 m", "5m", "a 5-mm pipe"
# "case 1 s...", "Table 2 K": a number that labels a thing, with a one-letter word after it
_LABEL = re.compile(r"\b(?:case|figure|fig\.|table|section|chapter|equation|eq\.|example|version|tutorial|test)"
                    r"\s*(?:no\.|#)?\s*$", re.I)


class QuantityMatch:
    """A number and its unit in a text, read like a regex match: group("num"), group("unit"),
    group(0), start(), end(), span()."""

    __slots__ = ("string", "_num", "_unit")

    def __init__(self, string: str, num: tuple[int, int], unit: tuple[int, int]) -> None:
        self.string, self._num, self._unit = string, num, unit

    def _span(self, group: int | str = 0) -> tuple[int, int]:
        if group in (0, "0"):
            return self._num[0], self._unit[1]
        if group == "num":
            return self._num
        if group == "unit":
            return self._unit
        raise IndexError(f"no group {group!r} in a quantity match (groups: 0, num, unit)")

    def group(self, group: int | str = 0) -> str:
        a, b = self._span(group)
        return self.string[a:b]

    def start(self, group: int | str = 0) -> int:
        return self._span(group)[0]

    def end(self, group: int | str = 0) -> int:
        return self._span(group)[1]

    def span(self, group: int | str = 0) -> tuple[int, int]:
        return self._span(group)

    def __repr__(self) -> str:
        return f"<QuantityMatch span={self.span()} match={self.group(0)!r}>"


class QuantityPattern:
    """Numbers with units, found like a compiled regex: finditer(text), match(text, pos)."""

    def _at(self, text: str, m: re.Match[str]) -> QuantityMatch | None:
        num = (m.start(), m.end())
        pos = _WHITE.match(text, m.end()).end()
        reading = read_at(text, pos)
        if reading is not None:
            if (m.group("dec") and reading.end - pos == 1 and _WHOLE.fullmatch(m.group(0))
                    and _LABEL.search(text, max(0, num[0] - 24), num[0])):
                return None
            return QuantityMatch(text, num, (pos, reading.end))
        count = _COUNT_UNIT.match(text, pos)
        if count is not None and m.group("dec"):
            return QuantityMatch(text, num, (pos, count.end()))
        return None

    def _here(self, text: str, m: re.Match[str]) -> QuantityMatch | None:
        got = self._at(text, m)
        if got is None and m.group("frac"):  # "2 1/s": the first number alone
            dec = _DECIMAL.match(text, m.start())
            got = self._at(text, dec) if dec else None
        return got

    def match(self, text: str, pos: int = 0) -> QuantityMatch | None:
        m = _NUMBER_HERE.match(text, pos)
        return self._here(text, m) if m is not None else None

    def finditer(self, text: str) -> Iterator[QuantityMatch]:
        pos = 0
        while True:
            m = _NUMBER.search(text, pos)
            if m is None:
                return
            got = self._here(text, m)
            if got is None:
                pos = m.start() + 1
                continue
            yield got
            pos = max(got.end(), m.start() + 1)


_QUANTITY = QuantityPattern()
_DIMENSIONLESS: list[tuple[str, Kind]] = [
    (r"\b(?:Re|Reynolds(?:\s+number)?)", "reynolds"),
    (r"\b(?:Mach|Ma)(?:\s+number)?", "mach"),
    (r"\b(?:Ra|Rayleigh(?:\s+number)?)", "rayleigh"),
    (r"\b(?:Pr|Prandtl(?:\s+number)?)", "prandtl"),
    # not the interface's ("alpha Co 0.2", "interface Courant 0.1": maxAlphaCo, a control)
    (r"(?<![Aa]lpha )(?<![Aa]lpha-)(?<![Ii]nterface )\b(?:maxCo|Co|CFL|Courant(?:\s+number)?)"
     r"(?:\s+(?:limit|below|under|of at most|max(?:imum)?))?", "courant"),
]
# a time written as the symbol of the end time, without a unit (a non-dimensional case): "t = 0.5", "t_end 2"
_END_TIME_SYMBOL = re.compile(rf"(?<![\w.])(?:t|t_?end|t_?final|tEnd|(?<=until | till |up to )time)"
                              rf"\s*(?:=|:)?\s*(?P<num>{_NUM})(?!\s*[A-Za-z%°/])")
_MACH_SYMBOL = re.compile(rf"(?<![\w.])M\s*=\s*(?P<num>{_NUM})")
# a property written as its symbol and a bare number ("nu 1.5e-5", "rho = 1200"): the SI value of its
# kind; not a list of values for several phases ("rho 1025 vs 1000"), which the phase binder reads
_PROPERTY_SYMBOLS: list[tuple[str, Kind]] = [
    (r"nu|ν", "kinematic_viscosity"), (r"mu|μ", "dynamic_viscosity"), (r"rho|ρ", "density")]
_SYMBOL_VALUE = [(re.compile(rf"(?<![\w.])(?:{sym})(?!\w)\s*(?:=|:)?\s*(?P<num>{_NUM})(?![\deE.])"
                             rf"(?!\s*(?:vs\.?|versus|against|/)\s*[-+]?\.?\d)"), kind)
                 for sym, kind in _PROPERTY_SYMBOLS]


def symbol_number(text: str) -> str | None:
    """The number of a symbol-and-number quantity's text ("rho 1200" -> "1200"), else None."""
    m = re.fullmatch(rf"(?:{'|'.join(sym for sym, _ in _PROPERTY_SYMBOLS)})\s*(?:=|:)?\s*({_NUM})", text.strip())
    return m.group(1) if m else None
_IS = (r"(?:\s*(?:=|:|≈|~|of|is|at|about|around|near|roughly|approximately|equal to|set to|to|below|under|at most|<=|<"
       r"|at or below|no (?:more|higher|larger|greater) than|not (?:above|exceeding|over)|capped|limited|kept|held"
       r"|within|up to|stays?|remains?|less than)){0,3}\s*")
_DIMLESS = [(re.compile(rf"{name}{_IS}(?P<num>{_NUM})", re.I if kind != "courant" else 0), kind)
            for name, kind in _DIMENSIONLESS]
# more groups, by symbol (case kept: "Fr", not "fr" of "from") or name ("a Froude number of 0.5", "Fr = 0.5")
_GROUPS: list[tuple[str, str, Kind]] = [
    ("Fr", "froude", "froude"), ("We", "weber", "weber"), ("Pe", "p[eé]clet", "peclet"),
    ("St", "strouhal", "strouhal"), ("Gr", "grashof", "grashof"), ("Ha", "hartmann", "hartmann"),
    ("Sc", "schmidt", "schmidt"), ("Ri", "richardson", "richardson"),
]
GROUP_KINDS = frozenset(kind for _, _, kind in _GROUPS)
# the number ends the group's value: no unit after it ("We set to 5 m/s" is no Weber number)
_GROUP_END = r"(?![\d.]*\s*(?:[%°/]|[A-Za-zµ]+\s*/))"
_GROUP_IS = _IS.replace("(?:", "(?i:", 1)  # the linking words in any case ("Fr Of 0.3" is rare, "Fr is 0.3" not)
_DIMLESS += [(re.compile(rf"(?<![\w.])(?:{symbol}(?![\w])|(?i:{name})(?:\s+(?i:number))?(?![\w]))(?:\s*\([A-Za-z]{{1,3}}\))?"
                         rf"{_GROUP_IS}(?P<num>{_NUM}){_GROUP_END}"), kind)
             for symbol, name, kind in _GROUPS]
_BY = r"\s*(?:[x×*]|by)\s*"
# counts are whole numbers: "2 x 0.4 m" is a size, not 2 x 0 cells
_CELLS = re.compile(rf"(?<![\d.])\b(?P<a>\d+)(?![.\d]){_BY}(?P<b>\d+)(?!\.\d)(?![\d^⁰¹²³⁴⁵⁶⁷⁸⁹⁻])"
                    rf"(?:{_BY}(?P<c>\d+)(?!\.?\d))?\b"  # a full stop may end the sentence: "Mesh: 40 x 40."
                    r"(?!\s*(?:m\b|mm\b|cm\b|metres?|meters?))")
# "32^3 cells", "a 64² grid": the same count in each direction
_POWER_CELLS = re.compile(r"(?<![\w.^])(?P<n>\d+)\s*(?:\^\s*(?P<p>[23])|(?P<sq>²)|(?P<cu>³))(?![\d.])"
                          r"(?=\s*(?:cells?|grid|mesh|elements|resolution|hexahedra)\b)")
_N_CELLS = re.compile(r"\b(?P<n>\d+)\s+(?:(?:grid\s+)?cells?|elements?|divisions?|points?)\b")
# "10 cells across and 200 along", "40 cells in x, 20 in y and 10 in z": the counts after the first
# one, each with its own direction
_DIRECTION = (r"(?:(?:in\s+|along\s+)?(?:the\s+)?[xyz][- ](?:direction|axis)|in\s+(?:the\s+)?[xyz]\b"
              r"|along\s+[xyz]\b|across\s+[xyz]\b|across|along|wide|long|high|tall|deep|thick|radially|axially"
              r"|around|streamwise|spanwise|wall-normal|vertically|horizontally)")
_COUNT_DIRECTION = re.compile(rf"\s+{_DIRECTION}")
_NEXT_COUNT = re.compile(rf"[^\S\n]*(?:,[^\S\n]*(?:and[^\S\n]+)?|and[^\S\n]+|&[^\S\n]*)(?P<n>\d+)(?![.\d])"
                         rf"(?:[^\S\n]+(?:(?:grid\s+)?cells?|elements?|divisions?))?(?P<dir>[^\S\n]+{_DIRECTION})")


def counts_after(text: str, end: int) -> list[tuple[int, int, int]]:
    """The counts listed after a count with a direction ("10 cells across and 200 along": the
    200), each as (count, start, end of its words); none when the first names no direction."""
    first = _COUNT_DIRECTION.match(text, end)
    if first is None:
        return []
    out: list[tuple[int, int, int]] = []
    pos = first.end()
    while (m := _NEXT_COUNT.match(text, pos)) is not None:
        out.append((int(m.group("n")), m.start("n"), m.end("dir")))
        pos = m.end()
    return out
_SINE = re.compile(
    rf"(?P<amp>{_NUM})\s*\*?\s*sin\s*\(\s*2\s*\*?\s*pi\s*\*?\s*t\s*/\s*(?P<period>{_NUM})\s*\)", re.I
)
_FROM_TO = re.compile(rf"\bfrom\s+(?P<a>{_NUM})\s*(?P<ua>[^\s,.;]*)\s+to\s+(?P<b>{_NUM})", re.I)
# "at Mach 2.5 instead of Mach 3", "50 m3/s instead of 75": the value after it is the old one
_INSTEAD = re.compile(rf"\b(?:instead of|rather than|in place of|replacing)\s+(?:the\s+)?(?:[A-Za-z']+\s+){{0,2}}?"
                      rf"(?P<a>{_NUM})", re.I)

# Number words are rewritten as digits before anything is read ("forty by forty cells" ->
# "40 by 40 cells"); fractions ("one third", "a quarter", "1/3") are read as kind "fraction".
_UNITS_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen".split())}
_TENS = {w: 10 * (n + 2) for n, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_FRACTIONS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
              "fourths": 4, "fifth": 5, "fifths": 5, "tenth": 10, "tenths": 10, "hundredth": 100, "hundredths": 100,
              "thousandth": 1000, "thousandths": 1000, "millionth": 1_000_000, "millionths": 1_000_000}
_SMALL = "|".join(sorted(_UNITS_WORDS, key=len, reverse=True))
_FRACTION_WORDS = re.compile(
    rf"\b(?:(?P<num>a|an|\d+)[- ])?(?P<den>{'|'.join(_FRACTIONS)})\b(?!\s+(?:of\s+a\s+)?(?:second|minute|hour))", re.I)
_DIGIT_FRACTION = re.compile(r"(?<![\d./])(?P<a>\d+)\s*/\s*(?P<b>\d+)(?![\d./]|\s*(?:s\b|m\b))")


# "10,000", "250,000", "1,000,000": thousands separators; "1,500" stays as written (a decimal
# comma is as likely), and so does a list of counts ("100,100 cells", "(40,400,1)")
_THOUSANDS = re.compile(r"(?<![\d,.(])(?:\d{2,3},\d{3}(?![\d,.]|\s*(?:cells?|x\b|[×)]))"
                        r"|\d{1,3}(?:,\d{3}){2,}(?![\d,.]))")


_SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
_WORD_VALUES = {**_UNITS_WORDS, **_TENS}
_NUMBER_WORD = rf"(?:{'|'.join(sorted([*_WORD_VALUES, *_SCALES], key=len, reverse=True))})"
# a spelled number: "forty", "twenty-five", "two hundred and fifty", "a thousand", "one point five"
_SPELLED_NUMBER = re.compile(
    rf"\b(?:an?\s+(?=(?:hundred|thousand|million)\b))?{_NUMBER_WORD}"
    rf"(?:(?:[\s-]+|(?:(?<=hundred)|(?<=thousand)|(?<=million))\s+and\s+){_NUMBER_WORD})*"
    rf"(?:\s+point(?:\s+(?:{_SMALL}))+)?\b", re.I)


def _spelled_values(words: list[str]) -> list[float]:
    """The numbers a run of number words says: ["two", "hundred", "fifty"] -> [250]; a word that
    cannot continue the number starts the next one (["five", "six"] -> [5, 6])."""
    out: list[float] = []
    total = current = 0
    started = False
    for w in words:
        if w in ("a", "an", "and"):
            continue
        if w in _SCALES:
            scale = _SCALES[w]
            if scale == 100:
                current = (current or 1) * 100
            else:
                total, current = total + (current or 1) * scale, 0
            started = True
            continue
        value = _WORD_VALUES[w]
        tail = current % 100
        fits = not started or (value < 10 and tail >= 20 and tail % 10 == 0) or (
            tail == 0 and (current or total) and value < 100)
        if not fits:
            out.append(total + current)
            total, current = 0, 0
        current += value
        started = True
    out.append(total + current)
    return out


# "one" as a pronoun: "the warm one at 320 K", "the upper one moves", "this one is", "one of the walls":
# after a determiner and an adjective, after a determiner alone when no noun follows, or before "of
# the"; left as a word
_DETERMINER = r"\b(?:the|this|that|each|every|another|other|which|any|no|either|neither)"
_DETERMINER_ADJECTIVE = re.compile(rf"{_DETERMINER}\s+(?!(?:only|first|last)\b)[a-z]+\s+$", re.I)
_DETERMINER_ALONE = re.compile(rf"{_DETERMINER}\s+$", re.I)
_NOT_A_NOUN = re.compile(r"\s*(?:$|[,;:.!?)]|(?:at|is|was|are|of|in|on|with|to|has|had|should|must|will|would|"
                         r"which|that|being|held|kept|set|stays|remains|gets|goes|runs|and|or|but)\b)", re.I)


def _pronoun_one(m: re.Match[str]) -> bool:
    if m.group(0).lower() != "one":
        return False
    before, after = m.string[max(0, m.start() - 40):m.start()], m.string[m.end():]
    if re.match(r"\s+of\s+(?:the|its|these|those|them|two|both)\b", after, re.I):
        return True
    if _DETERMINER_ADJECTIVE.search(before) and not _spelled_unit_at(after.lstrip(" -"), 0):
        return True  # "the warm one", "the upper one moves" (not "the next one metre")
    return bool(_DETERMINER_ALONE.search(before)) and bool(_NOT_A_NOUN.match(after))


def _spelled(m: re.Match[str]) -> str:
    if _pronoun_one(m):
        return m.group(0)
    text = m.group(0).lower()
    whole, _, decimals = text.partition(" point ")
    values = _spelled_values(re.split(r"[\s-]+", whole.strip()))
    digits = "".join(str(_UNITS_WORDS[d]) for d in decimals.split())
    shown = [str(int(v)) for v in values]
    if digits:
        shown[-1] += "." + digits
    return " ".join(shown)


# "20 000", "1 500 000", "20 000": thousands in groups of exactly three digits after a space
# (a thin or no-break space always; a plain one only when no other number is listed beside it and,
# after three digits, only for whole thousands: "20 40 60", "(40 400 1)" and "100 200 300" are lists)
_SPACED_THOUSANDS = re.compile(r"(?<![\w.,])\d{1,3}(?:[\u2009\u202f\u00a0]\d{3})+(?![\d.,])"
                               r"|(?<![\w.,(])(?:\d{1,2}(?: \d{3})+|\d{3}(?: 000)+)"
                               r"(?![\d.,]|\s*(?:[x×*]\s*)?\d|\s*(?:by|and)\s+\d)")
# a bare number right before ("10 20 000", "10, 20 000"): a list, whose items stay apart (a unit's
# digit is no number: "0.5 m2/s2, 2 000 iterations")
_NUMBER_BEFORE = re.compile(r"(?:^|[\s(\[])[-+]?(?:\d+\.?\d*|\.\d+),?\s$")


def _joined_thousands(m: re.Match[str]) -> str:
    if " " in m.group(0) and _NUMBER_BEFORE.search(m.string, max(0, m.start() - 24), m.start()):
        return m.group(0)
    return re.sub(r"\s", "", m.group(0))


# "1.5k iterations", "2k steps", "10k time steps", "2M cells", "Re = 20k": a count in thousands
# (millions); the suffix only before a word that counts, a capital K only glued to its number (a
# "2 K" is a temperature, and "a 50 K step" a step of temperature)
_COUNTED = (r"(?:iterations?|iters?|(?:time[- ]?)?steps?|cells?|elements?|particles?|parcels?|"
            r"cores?|hexahedra|points?|samples?)\b")
_SUFFIXED_COUNT = re.compile(rf"(?<![\w.])(?P<n>\d+(?:\.\d+)?)(?:\s?(?P<s>k|M)|(?P<s2>K))(?=[\s-]*{_COUNTED})")
_SUFFIXED_GROUP = re.compile(r"(?P<pre>\b(?:Re|Ra|Reynolds(?:\s+number)?|Rayleigh(?:\s+number)?)\s*"
                             r"(?:=|:|of|is|~|≈|about|around)?\s*)(?P<n>\d+(?:\.\d+)?)(?P<s>k|M)\b")
_SUFFIX = {"k": 1e3, "K": 1e3, "M": 1e6}


def _suffixed(m: re.Match[str]) -> str:
    pre = m.groupdict().get("pre") or ""
    suffix = m.group("s") or m.groupdict().get("s2") or ""
    return f"{pre}{float(m.group('n')) * _SUFFIX[suffix]:.12g}"


# "Co ≤ 0.3", "Courant < 0.5", "maxCo >= 1": a bound said with a sign after a name of two or more
# letters is that name's value ("x < 0.5", one letter, is a place and stays)
_BOUND_SIGN = re.compile(r"(?<=[A-Za-z]{2})\s*(?:≤|⩽|<=|=<|≥|⩾|>=|=>|<|>)\s*(?=[-+]?\.?\d)")


def normalise(text: str) -> str:
    """Number words as digits ("forty by forty" -> "40 by 40", "two hundred and fifty" -> "250",
    "one point five" -> "1.5"), thousands separators dropped ("10,000" -> "10000", "20 000" ->
    "20000"), counts in thousands written out ("1.5k iterations" -> "1500 iterations"), a bound
    sign after a name read as its value ("Co ≤ 0.3" -> "Co = 0.3"); everything else unchanged."""
    text = table_rows(text, _is_unit)  # "| inlet velocity | 3 m/s |" -> "inlet velocity: 3 m/s."
    text = _PRESSURE_SUFFIX.sub(_pressure_suffix, text)  # "150 kPa(g)", "2 MPag", "1 bar(a)"
    text = _THOUSANDS.sub(lambda m: m.group(0).replace(",", ""), text)
    text = _SPACED_THOUSANDS.sub(_joined_thousands, text)
    text = re.sub(r"(?<![\w.])−(?=\.?\d)", "-", text)  # a typographic minus: "−5 °C"
    text = ordinal_intervals(scaled_numbers(text))  # "2.5 million" -> "2500000", "every fifth step" -> "every 5 step"
    text = counted_labels(_SPELLED_NUMBER.sub(_spelled, text))  # "iterations: 600" -> "... 600 iterations"
    text = _SUFFIXED_GROUP.sub(_suffixed, _SUFFIXED_COUNT.sub(_suffixed, text))
    text = _BOUND_SIGN.sub(" = ", text)
    return spoken_units(spoken_durations(spoken_rates(spoken_fractions(text))))


# a pressure unit with its reference glued or in brackets: "kPa(g)", "kPag", "MPa(abs)", "bar (a)"
_PRESSURE_SUFFIX = re.compile(r"(?<=\d)(?P<s>\s?)(?P<u>[kMGm]?Pa|bar|psi|atm)(?:\s?\(\s*(?P<r>g|gauge|gage|a|abs|absolute)\s*\)"
                              r"|(?<=Pa)(?P<r2>g|a)(?![A-Za-z]))")


def _pressure_suffix(m: re.Match[str]) -> str:
    said = (m.group("r") or m.group("r2")).lower()
    return f"{m.group('s')}{m.group('u')} {'gauge' if said.startswith('g') else 'absolute'}"


_SPELLED_PREFIX = {"micro": "µ", "milli": "m", "nano": "n", "kilo": "k", "mega": "M", "": ""}
_PER_VOLUME = r"(?:per\s+(?:cubic\s+met(?:re|er)|m\s*\^?\s*3|m³)|/\s*m\s*\^?\s*3)"


def spoken_units(text: str) -> str:
    """Units spelled out as their symbols: "20 microcoulomb per m^3" -> "20 µC/m3", "5
    millisiemens per cm" -> "5 mS/cm", "30 kilovolts" -> "30 kV"."""
    prefixes = "|".join(p for p in _SPELLED_PREFIX if p)
    text = re.sub(rf"(?<=\d)\s*({prefixes})?coulombs?\s*{_PER_VOLUME}",
                  lambda m: f" {_SPELLED_PREFIX[m.group(1) or '']}C/m3", text, flags=re.I)
    text = re.sub(rf"(?<=\d)\s*({prefixes})?siemens\s*(?:per\s+(?:cm|centimet(?:re|er))|/\s*cm)",
                  lambda m: f" {_SPELLED_PREFIX[m.group(1) or '']}S/cm", text, flags=re.I)
    return re.sub(rf"(?<=\d)\s*({prefixes})volts?\b", lambda m: f" {_SPELLED_PREFIX[m.group(1)]}V", text, flags=re.I)


_FRACTION_DEN = rf"(?P<den>{'|'.join(_FRACTIONS)})"
# "half a metre", "a quarter of a second", "3 quarters of an inch", "2 and a half metres"
_PART_OF_UNIT = re.compile(rf"\b(?:(?P<num>an?|one|\d+)[\s-]+)?{_FRACTION_DEN}\s+(?:of\s+)?an?\s+(?=[A-Za-z])", re.I)
_AND_A_PART = re.compile(rf"\b(?P<whole>\d+)\s+and\s+(?:an?|one)\s+{_FRACTION_DEN}\s+(?=[A-Za-z])", re.I)
_UNIT_AND_A_HALF = re.compile(r"\b(?:an?|1)\s+(?P<unit>[A-Za-z]+)\s+and\s+a\s+half\b", re.I)


def _spelled_unit_at(text: str, pos: int) -> bool:
    """A unit of a known kind is written at `pos` ("metre", "second", "inch", "m/s")."""
    return read_at(text, pos) is not None


def spoken_fractions(text: str) -> str:
    """Parts of a unit said in words as numbers: "half a metre" -> "0.5 metre", "a quarter of a
    second" -> "0.25 second", "3 quarters of an inch" -> "0.75 inch", "2 and a half metres" ->
    "2.5 metres", "a metre and a half" -> "1.5 metre". A fraction of anything else ("a quarter
    of the tank") stays as written."""
    def part(m: re.Match[str]) -> str:
        if not _spelled_unit_at(text, m.end()):
            return m.group(0)
        num = m.group("num") or "1"
        value = (1 if not num[0].isdigit() else int(num)) / _FRACTIONS[m.group("den").lower()]
        return f"{value:.12g} "

    def whole(m: re.Match[str]) -> str:
        if not _spelled_unit_at(text, m.end()) or m.group("den").lower() in ("halves", "thirds", "quarters"):
            return m.group(0)
        return f"{int(m.group('whole')) + 1 / _FRACTIONS[m.group('den').lower()]:.12g} "

    def and_a_half(m: re.Match[str]) -> str:
        return f"1.5 {m.group('unit')}" if _spelled_unit_at(text, m.start("unit")) else m.group(0)

    text = _PART_OF_UNIT.sub(part, text)
    text = _AND_A_PART.sub(whole, text)
    return _UNIT_AND_A_HALF.sub(and_a_half, text)


_TIME_WORD = r"(?:second|minute|hour|day|week|month|year)"
# "30 km an hour", "5 metres a second", "60 litres a minute": the article is a "per"
_UNIT_A_TIME = re.compile(r"(?<=\d)(?P<gap>\s*)(?P<unit>[^\s\d][^\s]*?)\s+an?\s+"
                          r"(?=(?P<time>(?:second|minute|hour|day)s?)\b)", re.I)


def _per_time(text: str) -> str:
    def per(m: re.Match[str]) -> str:
        said = f"{m.group('unit')} per {m.group('time')}"
        got = read_at(said, 0)
        return f"{m.group('gap')}{m.group('unit')} per " if got is not None and got.end == len(said) else m.group(0)

    return _UNIT_A_TIME.sub(per, text)


_PARTS = {"half": 2, "quarter": 4}
# "every half second", "a quarter-second step", "every half minute": a part of a unit of time (not
# "every third second", which is every three seconds)
_PART_TIME = re.compile(rf"\b(?:an?\s+)?(?P<den>{'|'.join(_PARTS)})[\s-]+(?P<unit>{_TIME_WORD}s?)\b", re.I)
_TIMES = {"once": 1, "twice": 2, "thrice": 3}
# "four times per second", "twice a second", "10 times each minute", "5 times/s": a rate, said as
# the interval it repeats at
_RATE = re.compile(r"\b(?:(?P<n>\d+(?:\.\d+)?)\s+times|(?P<w>once|twice|thrice))\s*"
                   r"(?:(?:per|a|an|each|every)\s+(?P<unit>second|minute|hour|day|sec|min|s)\b"
                   r"|/\s*(?P<sym>s|min|h)\b)", re.I)


# what is done at an interval: writing, saving, sampling the fields
_WRITE_WORDS = re.compile(r"\b(?:writ\w*|output\w*|sav\w*|dump\w*|stor\w*|record\w*|sampl\w*|results?|"
                          r"snapshots?)\b", re.I)


def spoken_rates(text: str) -> str:
    """Parts of a unit of time and rates said in words as the interval they repeat at: "every half
    second" -> "every 0.5 second", "four times per second" -> "every 0.25 second", "twice a minute"
    -> "every 0.5 minute"."""
    text = _PART_TIME.sub(lambda m: f"{1 / _PARTS[m.group('den').lower()]:.12g} {m.group('unit')}", text)

    def rate(m: re.Match[str]) -> str:
        n = float(m.group("n")) if m.group("n") else _TIMES[m.group("w").lower()]
        if n <= 0:
            return m.group(0)
        unit = (m.group("unit") or m.group("sym")).lower()
        unit = {"sec": "second", "s": "s", "min": "min"}.get(unit, unit)
        clause = re.split(r"[,;.!?\n]\s", text[max(0, m.start() - 60):m.start()])[-1]
        if _WRITE_WORDS.search(clause) or _WRITE_WORDS.match(text, len(text) - len(text[m.end():].lstrip())):
            return f"every {1 / n:.12g} {unit}"
        # "the plate oscillates 5 times per second": a frequency, not an interval to write at
        return f"{n:.12g} Hz" if unit in ("second", "s") else m.group(0)

    text = _RATE.sub(rate, text)
    return _WRITE_HZ.sub(lambda m: f"{m.group('head')}every {1 / float(m.group('n')):.12g} s"
                         if float(m.group("n")) > 0 else m.group(0), text)


# "write at 4 Hz", "output the fields with a frequency of 10 Hz": writing at a rate
_WRITE_HZ = re.compile(r"(?P<head>\b(?:writ\w*|output\w*|sav\w*|dump\w*|stor\w*|sampl\w*)\s+(?:[A-Za-z]+\s+){0,2}?)"
                       r"(?:at|with)\s+(?:a\s+(?:rate|frequency)\s+of\s+)?(?P<n>\d+(?:\.\d+)?)\s*(?:Hz|hertz)\b", re.I)


def spoken_durations(text: str) -> str:
    """Durations said in words as numbers: "half a second" -> "0.5 second", "a minute and a
    half" -> "1.5 minute", "2 and a half hours" -> "2.5 hours", "an hour" -> "1 hour" ("a
    second" stays: it is as often an ordinal)."""
    text = _per_time(text)
    text = re.sub(rf"\bhalf\s+an?\s+({_TIME_WORD})\b", r"0.5 \1", text, flags=re.I)
    text = re.sub(rf"\b(?:an?|1)\s+({_TIME_WORD})\s+and\s+a\s+half\b", r"1.5 \1", text, flags=re.I)
    text = re.sub(rf"\b(\d+)\s+and\s+a\s+half\s+({_TIME_WORD}s?)\b", lambda m: f"{m.group(1)}.5 {m.group(2)}", text,
                  flags=re.I)
    return re.sub(r"\b(?:an?)\s+((?:minute|hour|day|week|month|year)s?)\b(?!\s*(?:-|and\b))", r"1 \1", text,
                  flags=re.I)


_SUPERSCRIPT_DIGITS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_FRACTION_NUMBER = re.compile(r"\s*(?:(?P<whole>\d+)\s+)?(?P<a>\d+)\s*/\s*(?P<b>\d+)\s*")


def parse_number(text: str) -> float:
    """A number as written: "1.5e-3", "2 x 10^5", "1.5 × 10⁻⁵", "1.5*10**-5", "1.5 10^-5", "1/2", "1 1/2"."""
    frac = _FRACTION_NUMBER.fullmatch(text)
    if frac and int(frac.group("b")):
        return int(frac.group("whole") or 0) + int(frac.group("a")) / int(frac.group("b"))
    t = text.strip().replace("−", "-").translate(_SUPERSCRIPT_DIGITS)
    m = re.fullmatch(r"([-+]?(?:\d+\.?\d*|\.\d+))\s*(?:[x×·*]\s*|\s)10\s*(?:\^|\*\*)?\s*([-+]?\d+)", t)
    if m:
        return float(f"{m.group(1)}e{m.group(2)}")
    return float(t.replace(" ", ""))


class Quantity(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Kind
    value: float  # SI
    text: str  # as written
    before: str  # the words just before it (lower case)
    after: str = ""  # the words right after it, up to the next punctuation ("wide", "tall")
    start: int
    replaced_from: float | None = None  # "from A to B": A
    dims: list[int] | None = None  # cells: the counts per direction
    vector: list[float] | None = None  # a velocity written as a vector or its components (SI); value is its size
    reference: Literal["gauge", "absolute"] | None = None  # a pressure said as gauge ("2 barg") or absolute ("psia")


class Sine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    amplitude: float
    period: float
    text: str


@lru_cache(maxsize=2048)
def _kind_of(unit: str) -> tuple[Kind, float, float]:
    """(kind, scale, offset) of a unit as written: SI value = number * scale + offset."""
    reading = read_at(unit.strip(), 0)
    if reading is not None and reading.end == len(unit.strip()):
        return reading.kind, reading.unit.factor, reading.unit.offset  # type: ignore[return-value]
    for pattern, kind, scale in _COUNT_UNITS:
        if re.fullmatch(pattern, unit.strip()):
            return kind, scale, 0.0
    raise ValueError(f"{unit!r} is no unit of a known kind (see tasks/plan/units.py)")


def _is_unit(written: str) -> bool:
    """`written` is one unit of a known kind ("m/s", "K", "%", "iterations")."""
    try:
        _kind_of(written)
    except ValueError:
        return False
    return True


def _context(text: str, start: int, end: int) -> tuple[str, str]:
    before = text[max(0, start - 80):start].lower()
    after = re.split(r"[,.;:\n(]", text[end:end + 24].lower(), maxsplit=1)[0]
    return before, after


# "10 step heights upstream", "5h upstream of the step": a multiple of one of the geometry's lengths
_LENGTH_AFTER = re.compile(r"\s*-?\s*(?:heights?|lengths?|widths?|diameters?|chords?|radii|radius|sizes?)\b", re.I)
_PLACE_AFTER = re.compile(r"\s*(?:(?:up|down)[- ]?stream|before|after|behind|ahead|in front|from the|beyond)\b", re.I)


def length_multiple(kind: str, unit: str, text: str, end: int) -> bool:
    """Whether the number just read is a multiple of a length of the geometry rather than a count
    of steps or a time in hours: "10 step heights", "5h upstream"."""
    if kind == "iterations" and re.fullmatch(r"(?:time[- ]?)?steps?", unit.strip(), re.I):
        return bool(_LENGTH_AFTER.match(text, end))
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
# "1 and 0 bar", "20, 40 and 60 m/s", "326.85 & 226.85 degC": bare numbers listed before the one
# that carries their shared unit; not a range ("between 1 and 2 bar") nor a name's digits ("NACA 0012")
_LIST_HEAD = re.compile(rf"(?<![\w.,/^-])(?P<nums>{_NUM}(?:\s*,\s*{_NUM})*)\s*,?\s*(?:and|&)\s+$")
_NOT_A_LIST = re.compile(r"(?:\bbetween|\bfrom|\b[A-Z]{2,}|#)\s*$")


def listed_before(text: str, start: int, written: str) -> list[tuple[float, int, str]]:
    """The bare numbers listed right before the quantity at `start` that share its unit ("inlet and
    outlet at 1 and 0 bar": 1 bar), each as (SI value, start, number as written)."""
    head = _LIST_HEAD.search(text, max(0, start - 120), start)
    if head is None or _NOT_A_LIST.search(text[max(0, head.start() - 12):head.start()]):
        return []
    own = _QUANTITY.match(text, start)
    if own is None:
        return []
    kind, scale, offset = _kind_of(own.group("unit"))
    out = []
    for m in re.finditer(_NUM, head.group("nums")):
        at = head.start("nums") + m.start()
        out.append((tidy(parse_number(m.group(0)) * scale + offset), at, m.group(0)))
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
        if free(m.start("num"), m.end("num")):
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
        if length_multiple(kind, m.group("unit"), text, m.end()):
            taken.append(m.span())  # "10 step heights upstream": the geometry's business, no count or time
            continue
        value = tidy(parse_number(m.group("num")) * scale + offset)  # 72 mN/m is 0.072 N/m, not 0.07200000000000001
        before, after = _context(text, m.start(), m.end())
        found.append(Quantity(kind=kind, value=value, text=m.group(0), before=before, after=after, start=m.start()))
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
    for m in _FRACTION_WORDS.finditer(text):
        if (m.group("num") or m.group("den").lower() not in ("half", "halves")) and free(m.start(), m.end()):
            num = 1 if (m.group("num") or "a").lower() in ("a", "an") else int(m.group("num"))
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="fraction", value=num / _FRACTIONS[m.group("den").lower()], text=m.group(0),
                                  before=before, after=after, start=m.start()))
    for m in _DIGIT_FRACTION.finditer(text):
        if int(m.group("b")) and free(m.start(), m.end()):
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="fraction", value=int(m.group("a")) / int(m.group("b")), text=m.group(0),
                                  before=before, after=after, start=m.start()))
    for m in _FROM_TO.finditer(text):
        a, b = parse_number(m.group("a")), parse_number(m.group("b"))
        for q in found:
            if m.start() <= q.start < m.end() and q.start > m.start() + 5 and abs(q.value - b) < 1e-12 + 1e-9 * abs(b):
                q.replaced_from = a
    # "from A to B", "B instead of A": A is the old value, not a new request
    olds = {m.start("a") for m in (*_FROM_TO.finditer(text), *_INSTEAD.finditer(text))}
    found = [q for q in found if not any(abs(q.start - o) <= 1 or q.start <= o < q.start + len(q.text) for o in olds)]
    for q in found:
        if q.kind == "pressure":
            q.reference = pressure_reference(text, q.start, q.start + len(q.text))
    return restated_once(text, sorted(found, key=lambda q: q.start))


# between a value and the same value in another unit: "3 m/s (10.8 km/h)", "20 degC, i.e. 293.15 K",
# "2 m/s [about 7.2 km/h]", "1 atm = 101325 Pa"
_RESTATED_GAP = re.compile(r"\s*(?:[(\[]|,?\s*(?:i\.?\s?e\.?,?|that is|which is|or|=|≈|~|/))?\s*"
                           r"(?:about|approx\.?|approximately|roughly|around|ca\.?|~|≈|=)?\s*")


def _unit_written(text: str) -> str:
    return re.sub(_NUM, "", text).strip().lower()


def restated_once(text: str, found: list[Quantity]) -> list[Quantity]:
    """The quantities without a value restated right after itself in another unit ("3 m/s (10.8
    km/h)": one velocity); a rounded restatement counts (within 1 %: "300 K (27 °C)")."""
    out: list[Quantity] = []
    for q in found:
        prev = out[-1] if out else None
        if (prev is not None and prev.kind == q.kind and q.kind not in _COUNT_KINDS and q.vector is None
                and prev.vector is None and q.start >= prev.start + len(prev.text)
                and _RESTATED_GAP.fullmatch(text, prev.start + len(prev.text), q.start)
                and abs(q.value - prev.value) <= 0.01 * max(abs(q.value), abs(prev.value)) + 1e-12
                and _unit_written(q.text) != _unit_written(prev.text)):
            continue
        out.append(q)
    return out


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


def cell_counts(text: str) -> list[list[int]]:
    return [[int(g) for g in m.groups() if g] for m in _CELLS.finditer(normalise(text))]


def first(qs: list[Quantity], kind: Kind, *near: str, exclude: tuple[str, ...] = ()) -> Quantity | None:
    """The first quantity of a kind described by any of `near`: words right after it
    ("0.1 m wide") count first, then the words before it; with no `near`, the first of the kind."""
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
