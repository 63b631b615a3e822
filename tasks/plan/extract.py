"""Read quantities with units and named choices out of a plain-language request.

Pure functions over text. Each quantity keeps the words before it, so the Architect can
tell an inlet velocity from a lid velocity, or a hot wall from a reference temperature.
"""

from __future__ import annotations

import math
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

Kind = Literal[
    "velocity", "kinematic_viscosity", "dynamic_viscosity", "density", "temperature",
    "angular_velocity", "length", "time", "frequency", "reynolds", "mach", "gravity",
    "iterations", "cells", "diameter", "pressure", "angle", "fraction", "rayleigh", "prandtl",
    "courant", "ranks", "volume_flow", "mass_flow", "heat_flux", "count", "charge_density", "mobility",
    "conductivity",
]

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:\s*[eE]\s*[-+]?\d+|\s*[x×]\s*10\^?\s*[-+−]?\d+)?"
KINEMATIC_PRESSURE_UNIT = r"m\s*(?:2|²|\^2)\s*/\s*s\s*(?:2|²|\^2)|m\s*(?:2|²|\^2)\s*s\^?-2|m²s⁻²"
_UNITS: list[tuple[str, Kind, float]] = [
    # longest spellings first: "mm/s" before "m/s" before "mm", "m/s2" before "m/s", "Pa s" before "Pa"
    (r"m\s*/\s*s\s*(?:2|²|\^2)|m\s*s\^?-2|m\s*s⁻²", "gravity", 1.0),
    (r"mm\s*/\s*s", "velocity", 1e-3),
    (r"cm\s*/\s*s", "velocity", 1e-2),
    (r"m\s*/\s*s|m\s*s\^?-1|m\s*s⁻¹|metres? per second|meters? per second", "velocity", 1.0),
    (r"km\s*/\s*h|kph|km\s*h\^?-1", "velocity", 1 / 3.6),
    (r"ft\s*/\s*s", "velocity", 0.3048),
    (r"mph", "velocity", 0.44704),
    (r"knots?", "velocity", 0.514444),
    (r"rad\s*/\s*s", "angular_velocity", 1.0),
    (r"rpm|RPM|rev\s*/\s*min|revolutions per minute", "angular_velocity", 2 * math.pi / 60),
    (r"rps|rev\s*/\s*s\b|revolutions? per second", "angular_velocity", 2 * math.pi),
    # kinematic pressure (p/rho, what incompressible solvers solve for) before m2/s
    (KINEMATIC_PRESSURE_UNIT, "pressure", 1.0),
    # ion mobility (m2/(V s)) before m2/s and m
    (r"m\s*(?:2|²|\^2)\s*/\s*(?:\(\s*V\s*[·.*\s]?\s*s\s*\)|V\s*/\s*s|V\s*[·.*\s]\s*s)|m\s*(?:2|²|\^2)\s*V\^?-1\s*s\^?-1",
     "mobility", 1.0),
    (r"m\s*(?:2|²|\^2)\s*/\s*s|m\s*(?:2|²|\^2)\s*s\^?-1|m²s⁻¹", "kinematic_viscosity", 1.0),
    (r"cm\s*(?:2|²|\^2)\s*/\s*s", "kinematic_viscosity", 1e-4),
    (r"mm\s*(?:2|²|\^2)\s*/\s*s|cSt|centistokes?", "kinematic_viscosity", 1e-6),
    (r"Pa\s*[·.\s]?\s*s\b|kg\s*/\s*\(?\s*m\s*[·.\s]?\s*s\s*\)?", "dynamic_viscosity", 1.0),
    (r"mPa\s*[·.\s]?\s*s\b|cP\b|centipoises?", "dynamic_viscosity", 1e-3),
    (r"kg\s*/\s*m\s*(?:3|³|\^3)", "density", 1.0),
    (r"g\s*/\s*cm\s*(?:3|³|\^3)", "density", 1000.0),
    (r"m\s*(?:3|³|\^3)\s*/\s*s", "volume_flow", 1.0),
    (r"m\s*(?:3|³|\^3)\s*/\s*h(?:r|our)?\b", "volume_flow", 1 / 3600),
    (r"m\s*(?:3|³|\^3)\s*/\s*min\b", "volume_flow", 1 / 60),
    (r"(?:l|L)\s*/\s*min|litres? per minute|liters? per minute", "volume_flow", 1e-3 / 60),
    (r"(?:l|L)\s*/\s*s", "volume_flow", 1e-3),
    (r"kg\s*/\s*s", "mass_flow", 1.0),
    (r"kg\s*/\s*h(?:r|our)?\b", "mass_flow", 1 / 3600),
    (r"kg\s*/\s*min\b", "mass_flow", 1 / 60),
    (r"[µμu]C\s*/\s*m\s*(?:3|³|\^3)", "charge_density", 1e-6),
    (r"nC\s*/\s*m\s*(?:3|³|\^3)", "charge_density", 1e-9),
    (r"mC\s*/\s*m\s*(?:3|³|\^3)", "charge_density", 1e-3),
    (r"C\s*/\s*m\s*(?:3|³|\^3)", "charge_density", 1.0),
    (r"mS\s*/\s*cm", "conductivity", 0.1),
    (r"[µμu]S\s*/\s*cm", "conductivity", 1e-4),
    (r"S\s*/\s*m\b", "conductivity", 1.0),
    (r"W\s*/\s*m\s*(?:2|²|\^2)", "heat_flux", 1.0),
    (r"kW\s*/\s*m\s*(?:2|²|\^2)", "heat_flux", 1e3),
    (r"GPa\b", "pressure", 1e9),
    (r"MPa\b", "pressure", 1e6),
    (r"kPa\b", "pressure", 1e3),
    (r"hPa\b", "pressure", 1e2),
    (r"mbar\b", "pressure", 1e2),
    (r"bar\b", "pressure", 1e5),
    (r"atm\b", "pressure", 101325.0),
    (r"psi\b", "pressure", 6894.757),
    (r"Pa\b|pascals?\b", "pressure", 1.0),
    (r"K\b|kelvin", "temperature", 1.0),
    (r"°\s*C|deg\s*C|degC|degrees? (?:C\b|celsius|centigrade)|celsius", "temperature", 1.0),  # to K below
    (r"°\s*F|deg\s*F|degF|degrees? (?:F\b|fahrenheit)|fahrenheit", "temperature", 1.0),  # to K below
    (r"°|deg\b|degrees?\b", "angle", 1.0),
    (r"µm\b|μm\b|um\b|microns?\b|micrometres?\b|micrometers?\b", "length", 1e-6),
    (r"mm\b|millimet(?:re|er)s?\b", "length", 1e-3),
    (r"cm\b|centimet(?:re|er)s?\b", "length", 1e-2),
    (r"km\b|kilomet(?:re|er)s?\b", "length", 1e3),
    (r"in\b(?=\s*(?:[,.;)]|$|long|wide|high|tall|thick|diameter|across))|inch(?:es)?\b|\"", "length", 0.0254),
    (r"ft\b|feet\b|foot\b", "length", 0.3048),
    (r"m\b|met(?:re|er)s?\b", "length", 1.0),
    (r"ms\b|milliseconds?\b", "time", 1e-3),
    (r"µs\b|μs\b|microseconds?\b", "time", 1e-6),
    (r"s\b|secs?\b|seconds?\b", "time", 1.0),
    (r"min\b|mins\b|minutes?\b", "time", 60.0),
    (r"h\b(?!\s*=)|hrs?\b|hours?\b", "time", 3600.0),
    (r"days?\b", "time", 86400.0),
    (r"weeks?\b", "time", 7 * 86400.0),
    (r"months?\b", "time", 365.25 * 86400.0 / 12),
    (r"years?\b|yrs?\b", "time", 365.25 * 86400.0),
    (r"(?:non-dimensional |dimensionless )?time units?\b", "time", 1.0),
    (r"kHz\b", "frequency", 1e3),
    (r"Hz\b|hertz\b", "frequency", 1.0),
    (r"%|percent\b|per cent\b", "fraction", 0.01),
    (r"iterations?\b|iters?\b|(?:time[- ]?)?steps?\b", "iterations", 1.0),
    (r"(?:cores?|processors?|procs?|(?:MPI )?ranks?|CPUs?|subdomains?|processes)\b", "ranks", 1.0),
]
_QUANTITY = re.compile(
    rf"(?P<num>{_NUM})\s*(?P<unit>{'|'.join(f'(?:{u})' for u, _, _ in _UNITS)})", re.UNICODE
)
_DIMENSIONLESS: list[tuple[str, Kind]] = [
    (r"\b(?:Re|Reynolds(?:\s+number)?)", "reynolds"),
    (r"\b(?:Mach|Ma)(?:\s+number)?", "mach"),
    (r"\b(?:Ra|Rayleigh(?:\s+number)?)", "rayleigh"),
    (r"\b(?:Pr|Prandtl(?:\s+number)?)", "prandtl"),
    (r"\b(?:maxCo|Co|CFL|Courant(?:\s+number)?)(?:\s+(?:limit|below|under|of at most|max(?:imum)?))?", "courant"),
]
# a time written as the symbol of the end time, without a unit (a non-dimensional case): "t = 0.5", "t_end 2"
_END_TIME_SYMBOL = re.compile(rf"(?<![\w.])(?:t|t_?end|t_?final|tEnd)\s*(?:=|:)?\s*(?P<num>{_NUM})(?!\s*[A-Za-z%°/])")
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
_IS = r"(?:\s*(?:=|:|≈|~|of|is|at|about|around|near|roughly|approximately|equal to|set to|to|below|under|at most|<=|<)){0,3}\s*"
_DIMLESS = [(re.compile(rf"{name}{_IS}(?P<num>{_NUM})", re.I if kind != "courant" else 0), kind)
            for name, kind in _DIMENSIONLESS]
_BY = r"\s*(?:[x×*]|by)\s*"
# counts are whole numbers: "2 x 0.4 m" is a size, not 2 x 0 cells
_CELLS = re.compile(rf"(?<![\d.])\b(?P<a>\d+)(?![.\d]){_BY}(?P<b>\d+)(?![.\d])(?:{_BY}(?P<c>\d+)(?![.\d]))?\b"
                    r"(?!\s*(?:m\b|mm\b|cm\b|metres?|meters?))")
# "32^3 cells", "a 64² grid": the same count in each direction
_POWER_CELLS = re.compile(r"(?<![\w.^])(?P<n>\d+)\s*(?:\^\s*(?P<p>[23])|(?P<sq>²)|(?P<cu>³))(?![\d.])"
                          r"(?=\s*(?:cells?|grid|mesh|elements|resolution|hexahedra)\b)")
_N_CELLS = re.compile(r"\b(?P<n>\d+)\s+(?:(?:grid\s+)?cells?|elements?|divisions?|points?)\b")
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
              "fourths": 4, "fifth": 5, "fifths": 5, "tenth": 10, "tenths": 10}
_SMALL = "|".join(sorted(_UNITS_WORDS, key=len, reverse=True))
_NUMBER_WORDS = re.compile(
    rf"\b(?:(?P<tens>{'|'.join(_TENS)})(?:[- ](?P<unit1>{_SMALL}))?|(?P<small>{_SMALL}))"
    rf"(?:\s+(?P<hundred>hundred|thousand))?\b", re.I)
_FRACTION_WORDS = re.compile(
    rf"\b(?:(?P<num>a|an|\d+)[- ])?(?P<den>{'|'.join(_FRACTIONS)})\b(?!\s+(?:of\s+a\s+)?(?:second|minute|hour))", re.I)
_DIGIT_FRACTION = re.compile(r"(?<![\d./])(?P<a>\d+)\s*/\s*(?P<b>\d+)(?![\d./]|\s*(?:s\b|m\b))")


def normalise(text: str) -> str:
    """Number words as digits ("forty by forty" -> "40 by 40"); everything else unchanged."""
    def words(m: re.Match[str]) -> str:
        value = _TENS[m.group("tens").lower()] + _UNITS_WORDS.get((m.group("unit1") or "zero").lower(), 0) \
            if m.group("tens") else _UNITS_WORDS[m.group("small").lower()]
        if m.group("hundred"):
            value *= 100 if m.group("hundred").lower() == "hundred" else 1000
        return str(value)

    text = re.sub(r"\b(?:a|one)\s+(hundred|thousand)\b", lambda m: "100" if m.group(1).lower() == "hundred" else "1000",
                  text, flags=re.I)
    text = _NUMBER_WORDS.sub(words, text)
    return spoken_units(spoken_durations(text))


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


_TIME_WORD = r"(?:second|minute|hour|day|week|month|year)"


def spoken_durations(text: str) -> str:
    """Durations said in words as numbers: "half a second" -> "0.5 second", "a minute and a
    half" -> "1.5 minute", "2 and a half hours" -> "2.5 hours", "an hour" -> "1 hour" ("a
    second" stays: it is as often an ordinal)."""
    text = re.sub(rf"\bhalf\s+an?\s+({_TIME_WORD})\b", r"0.5 \1", text, flags=re.I)
    text = re.sub(rf"\b(?:an?|1)\s+({_TIME_WORD})\s+and\s+a\s+half\b", r"1.5 \1", text, flags=re.I)
    text = re.sub(rf"\b(\d+)\s+and\s+a\s+half\s+({_TIME_WORD}s?)\b", lambda m: f"{m.group(1)}.5 {m.group(2)}", text,
                  flags=re.I)
    return re.sub(r"\b(?:an?)\s+((?:minute|hour|day|week|month|year)s?)\b(?!\s*(?:-|and\b))", r"1 \1", text,
                  flags=re.I)


def parse_number(text: str) -> float:
    t = text.replace(" ", "").replace("−", "-")
    m = re.fullmatch(r"([-+]?(?:\d+\.?\d*|\.\d+))[x×]10\^?([-+]?\d+)", t)
    if m:
        return float(m.group(1)) * 10 ** int(m.group(2))
    return float(t)


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


class Sine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    amplitude: float
    period: float
    text: str


def _kind_of(unit: str) -> tuple[Kind, float, float]:
    """(kind, scale, offset): SI value = number * scale + offset."""
    for pattern, kind, scale in _UNITS:
        if re.fullmatch(pattern, unit.strip(), re.I if kind not in ("length", "time", "pressure", "temperature") else 0):
            if kind == "temperature":
                low = unit.lower()
                if "f" in low and "k" not in low:
                    return kind, 5 / 9, 273.15 - 32 * 5 / 9
                if "c" in low and "k" not in low:
                    return kind, 1.0, 273.15
            return kind, scale, 0.0
    raise ValueError(unit)


def _context(text: str, start: int, end: int) -> tuple[str, str]:
    before = text[max(0, start - 80):start].lower()
    after = re.split(r"[,.;:\n(]", text[end:end + 24].lower(), maxsplit=1)[0]
    return before, after


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
    for m in _QUANTITY.finditer(text):
        if not free(m.start(), m.end()):
            continue
        kind, scale, offset = _kind_of(m.group("unit"))
        if kind == "length" and re.match(r"\s*/", text[m.end():m.end() + 2]):
            continue
        value = parse_number(m.group("num")) * scale + offset
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
    for m in _N_CELLS.finditer(text):
        if free(m.start(), m.end()):
            before, after = _context(text, m.start(), m.end())
            found.append(Quantity(kind="count", value=float(m.group("n")), text=m.group(0), before=before,
                                  after=after, start=m.start()))
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
    return sorted(found, key=lambda q: q.start)


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
