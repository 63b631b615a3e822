"""A grammar of unit expressions: "m.s-1", "kg/(m·s)", "N s/m2", "W/m/K", "4.18 kJ/(kg K)",
"metres per second squared", "1/m2", "degrees Celsius".

Pure functions. A unit expression is read into its SI dimensions, its factor to SI and (for a
lone Celsius or Fahrenheit temperature) its offset; the dimensions say which kind of quantity it
measures (velocity, density, pressure, ...). Nothing here knows a request's wording: every unit is
built from atoms (SI symbols with their prefixes, spelled names, common engineering units),
products (space, ".", "·", "*", "-"), quotients ("/", "per"), powers ("^2", "2", "²", "^-1",
"-1", "⁻¹", "**2", "square", "cubic", "squared", "cubed") and parentheses.

    >>> read_unit("kg m^-3")
    Unit(dims=(1, -3, 0, 0, 0, 0), factor=1.0, offset=0.0)
    >>> kind_of_dims(read_unit("N s/m2").dims)
    'dynamic_viscosity'
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import NamedTuple

# SI dimensions: (kg, m, s, K, A, rad). The angle is kept as its own dimension so that rad/s (an
# angular velocity) and Hz (a frequency) stay apart.
Dims = tuple[int, int, int, int, int, int]

_NONE: Dims = (0, 0, 0, 0, 0, 0)
_M: Dims = (1, 0, 0, 0, 0, 0)
_L: Dims = (0, 1, 0, 0, 0, 0)
_T: Dims = (0, 0, 1, 0, 0, 0)
_K: Dims = (0, 0, 0, 1, 0, 0)
_A: Dims = (0, 0, 0, 0, 1, 0)
_RAD: Dims = (0, 0, 0, 0, 0, 1)


class Unit(NamedTuple):
    """SI value = number * factor + offset (the offset only for a lone °C or °F)."""

    dims: Dims
    factor: float
    offset: float = 0.0


def _mul(a: Unit, b: Unit) -> Unit:
    return Unit(tuple(x + y for x, y in zip(a.dims, b.dims)), a.factor * b.factor)  # type: ignore[arg-type]


def _pow(a: Unit, n: int) -> Unit:
    return Unit(tuple(x * n for x in a.dims), a.factor ** n)  # type: ignore[arg-type]


def _dims(*parts: tuple[Dims, int]) -> Dims:
    out = [0] * 6
    for d, n in parts:
        for i, x in enumerate(d):
            out[i] += x * n
    return tuple(out)  # type: ignore[return-value]


_N = _dims((_M, 1), (_L, 1), (_T, -2))
_PA = _dims((_N, 1), (_L, -2))
_J = _dims((_N, 1), (_L, 1))
_W = _dims((_J, 1), (_T, -1))
_V = _dims((_W, 1), (_A, -1))
_C = _dims((_A, 1), (_T, 1))
_S = _dims((_A, 1), (_V, -1))
_VOLUME = _dims((_L, 3))
_VELOCITY = _dims((_L, 1), (_T, -1))

_SI_PREFIX = {"G": 1e9, "M": 1e6, "k": 1e3, "h": 1e2, "d": 1e-1, "c": 1e-2, "m": 1e-3, "µ": 1e-6, "μ": 1e-6,
              "u": 1e-6, "n": 1e-9}
_MICRO = "µμu"
# symbol -> (dims, factor, the SI prefixes it takes); symbols are case-sensitive (m, M; s, S; k, K)
_SYMBOLS: dict[str, tuple[Dims, float, str]] = {
    "m": (_L, 1.0, "kcmdn" + _MICRO),
    "s": (_T, 1.0, "mnµμ"),  # not "us": the word
    "g": (_M, 1e-3, "km" + _MICRO),
    "t": (_M, 1e3, ""),
    "K": (_K, 1.0, ""),
    "N": (_N, 1.0, "kmM"),
    "Pa": (_PA, 1.0, "GMkhm"),
    "bar": (_PA, 1e5, "m"),
    "atm": (_PA, 101325.0, ""),
    "psi": (_PA, 6894.757, "k"),
    # gauge and absolute pressures read as written (a gauge value is what incompressible cases hold)
    "psig": (_PA, 6894.757, ""), "psia": (_PA, 6894.757, ""), "barg": (_PA, 1e5, ""), "bara": (_PA, 1e5, ""),
    "Torr": (_PA, 101325.0 / 760, "m"),
    "mmHg": (_PA, 133.322387415, ""),
    "J": (_J, 1.0, "kMG"),
    "W": (_W, 1.0, "kMGm"),
    "Hz": (_dims((_T, -1)), 1.0, "kMG"),
    "L": (_VOLUME, 1e-3, "mc" + _MICRO),
    "l": (_VOLUME, 1e-3, "mc" + _MICRO),
    "V": (_V, 1.0, "kmM"),
    "C": (_C, 1.0, "mn" + _MICRO),
    "S": (_S, 1.0, "m" + _MICRO),
    "min": (_T, 60.0, ""),
    "h": (_T, 3600.0, ""),
    "hr": (_T, 3600.0, ""),
    "hrs": (_T, 3600.0, ""),
    "yr": (_T, 365.25 * 86400.0, ""),
    "yrs": (_T, 365.25 * 86400.0, ""),
    "ft": (_L, 0.3048, ""),
    "yd": (_L, 0.9144, ""),
    "lb": (_M, 0.45359237, ""),
    "lbm": (_M, 0.45359237, ""),
    "lbf": (_N, 4.4482216152605, ""),
    "gal": (_VOLUME, 3.785411784e-3, ""),
    "rad": (_RAD, 1.0, "m"),
    "rev": (_RAD, 2 * math.pi, ""),
    "revs": (_RAD, 2 * math.pi, ""),
    "deg": (_RAD, math.pi / 180, ""),
    "dyn": (_N, 1e-5, ""),
    "cP": (_dims((_PA, 1), (_T, 1)), 1e-3, ""),
    "cSt": (_dims((_L, 2), (_T, -1)), 1e-6, ""),
    "rpm": (_dims((_RAD, 1), (_T, -1)), 2 * math.pi / 60, ""),
    "RPM": (_dims((_RAD, 1), (_T, -1)), 2 * math.pi / 60, ""),
    "rps": (_dims((_RAD, 1), (_T, -1)), 2 * math.pi, ""),
    "mph": (_VELOCITY, 0.44704, ""),
    "kph": (_VELOCITY, 1 / 3.6, ""),
    "kmh": (_VELOCITY, 1 / 3.6, ""),
    "kmph": (_VELOCITY, 1 / 3.6, ""),
    "gpm": (_dims((_VOLUME, 1), (_T, -1)), 3.785411784e-3 / 60, ""),
    "cfm": (_dims((_VOLUME, 1), (_T, -1)), 0.3048 ** 3 / 60, ""),
    # volume flows by their trade symbols (a standard volume read as a volume)
    "CFM": (_dims((_VOLUME, 1), (_T, -1)), 0.3048 ** 3 / 60, ""),
    "scfm": (_dims((_VOLUME, 1), (_T, -1)), 0.3048 ** 3 / 60, ""),
    "SCFM": (_dims((_VOLUME, 1), (_T, -1)), 0.3048 ** 3 / 60, ""),
    "scfh": (_dims((_VOLUME, 1), (_T, -1)), 0.3048 ** 3 / 3600, ""),
    "SCFH": (_dims((_VOLUME, 1), (_T, -1)), 0.3048 ** 3 / 3600, ""),
    "lpm": (_dims((_VOLUME, 1), (_T, -1)), 1e-3 / 60, ""), "LPM": (_dims((_VOLUME, 1), (_T, -1)), 1e-3 / 60, ""),
    "slpm": (_dims((_VOLUME, 1), (_T, -1)), 1e-3 / 60, ""), "SLPM": (_dims((_VOLUME, 1), (_T, -1)), 1e-3 / 60, ""),
    "sccm": (_dims((_VOLUME, 1), (_T, -1)), 1e-6 / 60, ""), "SCCM": (_dims((_VOLUME, 1), (_T, -1)), 1e-6 / 60, ""),
    "GPM": (_dims((_VOLUME, 1), (_T, -1)), 3.785411784e-3 / 60, ""),
    # symbols often written in the wrong case
    "Kg": (_M, 1.0, ""), "KG": (_M, 1.0, ""), "KPa": (_PA, 1e3, ""), "Kpa": (_PA, 1e3, ""),
    "kpa": (_PA, 1e3, ""), "Mpa": (_PA, 1e6, ""), "hz": (_dims((_T, -1)), 1.0, ""),
    "KHz": (_dims((_T, -1)), 1e3, ""), "khz": (_dims((_T, -1)), 1e3, ""), "Rpm": (_dims((_RAD, 1), (_T, -1)),
                                                                             2 * math.pi / 60, ""),
    "PSI": (_PA, 6894.757, ""), "Psi": (_PA, 6894.757, ""), "MPH": (_VELOCITY, 0.44704, ""),
    "KW": (_W, 1e3, ""),
    # imperial and trade units of energy, power, force, pressure, length and speed
    "BTU": (_J, 1055.05585262, "k"), "Btu": (_J, 1055.05585262, "k"), "btu": (_J, 1055.05585262, ""),
    "cal": (_J, 4.184, "k"), "hp": (_W, 745.69987158, ""), "kgf": (_N, 9.80665, ""),
    "psf": (_PA, 47.880258980, ""), "torr": (_PA, 101325.0 / 760, "m"),
    "thou": (_L, 2.54e-5, ""), "mils": (_L, 2.54e-5, ""),  # not "mil": "a 3 mil cell mesh" is millions
    "cc": (_VOLUME, 1e-6, ""), "fpm": (_VELOCITY, 0.00508, ""), "kn": (_VELOCITY, 1852 / 3600, ""),
    "kts": (_VELOCITY, 1852 / 3600, ""),
}
# "ms" is a millisecond, never a metre-second; only "kg/ms" keeps the old reading kg/(m s)
_PREFIXED: dict[str, Unit] = {}
for _sym, (_d, _f, _prefixes) in _SYMBOLS.items():
    _PREFIXED[_sym] = Unit(_d, _f)
    for _p in _prefixes:
        _PREFIXED.setdefault(_p + _sym, Unit(_d, _f * _SI_PREFIX[_p]))

# spelled names: base -> (dims, factor, plural suffix); read case-insensitively, with word prefixes
_WORD_PREFIX = {"giga": 1e9, "mega": 1e6, "kilo": 1e3, "hecto": 1e2, "centi": 1e-2, "milli": 1e-3, "micro": 1e-6,
                "nano": 1e-9, "": 1.0}
_NAMES: dict[str, tuple[Dims, float, bool]] = {  # name -> (dims, factor, takes a prefix word)
    "metre": (_L, 1.0, True), "meter": (_L, 1.0, True), "micron": (_L, 1e-6, False),
    "second": (_T, 1.0, True), "sec": (_T, 1.0, False), "min": (_T, 60.0, False),
    "minute": (_T, 60.0, False), "hour": (_T, 3600.0, False), "day": (_T, 86400.0, False),
    "week": (_T, 7 * 86400.0, False), "month": (_T, 365.25 * 86400.0 / 12, False),
    "year": (_T, 365.25 * 86400.0, False),
    "gram": (_M, 1e-3, True), "gramme": (_M, 1e-3, True), "tonne": (_M, 1e3, False),
    "pound": (_M, 0.45359237, False),
    "newton": (_N, 1.0, True), "pascal": (_PA, 1.0, True), "joule": (_J, 1.0, True), "watt": (_W, 1.0, True),
    "kelvin": (_K, 1.0, False), "litre": (_VOLUME, 1e-3, True), "liter": (_VOLUME, 1e-3, True),
    "gallon": (_VOLUME, 3.785411784e-3, False), "hertz": (_dims((_T, -1)), 1.0, True),
    "bar": (_PA, 1e5, True), "atmosphere": (_PA, 101325.0, False),
    "volt": (_V, 1.0, True), "coulomb": (_C, 1.0, True), "siemens": (_S, 1.0, True),
    "poise": (_dims((_PA, 1), (_T, 1)), 0.1, True), "stokes": (_dims((_L, 2), (_T, -1)), 1e-4, True),
    "dyne": (_N, 1e-5, False), "radian": (_RAD, 1.0, True), "revolution": (_RAD, 2 * math.pi, False),
    "degree": (_RAD, math.pi / 180, False),
    "inch": (_L, 0.0254, False), "foot": (_L, 0.3048, False), "feet": (_L, 0.3048, False),
    "yard": (_L, 0.9144, False), "mile": (_L, 1609.344, False), "knot": (_VELOCITY, 1852 / 3600, False),
}
_SPELLINGS = {"inch": ("inch", "inches"), "foot": ("foot",), "feet": ("feet",), "hertz": ("hertz",),
              "siemens": ("siemens",), "stokes": ("stokes", "stoke")}  # the rest add an "s"
_SPELLED: dict[str, Unit] = {
    prefix + word: Unit(dims, factor * prefix_factor)
    for name, (dims, factor, takes_prefix) in _NAMES.items()
    for word in _SPELLINGS.get(name, (name, name + "s"))
    for prefix, prefix_factor in _WORD_PREFIX.items() if takes_prefix or not prefix
}

_CELSIUS = Unit(_K, 1.0, 273.15)
_FAHRENHEIT = Unit(_K, 5 / 9, 273.15 - 32 * 5 / 9)
_KELVIN = Unit(_K, 1.0)
_RANKINE = Unit(_K, 5 / 9)  # an absolute scale: no offset
# temperatures spelled in more than one piece, tried before anything else at a position
_TEMPERATURE = re.compile(
    r"(?:(?:[°º]|deg\.?|degrees?)\s*(?:(?P<c>C|celsius|centigrade)|(?P<f>F|fahrenheit)|(?P<k>K|kelvin)"
    r"|(?P<r>R|rankine))"
    r"|(?P<c1>℃|celsius|centigrade)|(?P<f1>℉|fahrenheit)|degC(?P<c2>)|degF(?P<f2>)|(?P<r1>rankine|degR)"
    r"|(?-i:o(?:C(?P<c3>)|F(?P<f3>))))(?![A-Za-z])",  # "15 oC": a letter o typed for the degree sign
    re.I)
# a pressure as the height of a column of water or mercury: "4 inH2O", "10 mm H2O", "30 inches of mercury",
# "760 mmHg", "2 m WC" (standard gravity; water at 4 degC, mercury at 0 degC)
_COLUMN_LENGTH = {"mm": 1e-3, "cm": 1e-2, "m": 1.0, "in": 0.0254, "ft": 0.3048}
_COLUMN_DENSITY = {"water": 1000.0, "mercury": 13595.1}
_COLUMN = re.compile(
    r"(?P<sym>mm|cm|m|in|ft)\.?\s*(?:(?P<w>H2O|H₂O|WC|w\.c\.|WG|(?<=in)\s*(?:of\s+)?water\s+column)|(?P<hg>Hg))"
    r"(?![A-Za-z\d])"
    r"|(?:(?P<word>millimet(?:re|er)s?|centimet(?:re|er)s?|met(?:re|er)s?|inch(?:es)?|f(?:oo|ee)t)"
    r"|(?P<sym2>mm|cm|m|in|ft))"
    r"\s+of\s+(?:(?P<hg2>mercury)|(?<=inches of )(?P<w2>water))\b"
    r"|(?P<word2>inch(?:es)?)\s+(?:of\s+)?(?P<w3>water)\s+(?:column|gauge)\b", re.I)
# pounds of force: "pounds per square inch" (psi), "pound-force per square foot" (psf), "pounds-force"
_POUNDS = re.compile(r"pounds?(?:[- ]force)?\s+per\s+(?:square|sq\.?)\s+(?P<area>inch(?:es)?|f(?:oo|ee)t)\b"
                     r"|pounds?[- ]force\b", re.I)
_COLUMN_WORD = {"milli": "mm", "centi": "cm", "met": "m", "inch": "in", "foo": "ft", "fee": "ft"}
_SCALE_GROUPS = {"c": ("c", "c1", "c2", "c3"), "f": ("f", "f1", "f2", "f3"), "r": ("r", "r1")}
_DEGREE = re.compile(r"[°º]|(?:degrees?|deg)(?![A-Za-z])", re.I)
_RUN = re.compile(r"[A-Za-zµμ]+")
# "in" is an inch only where a size ends: "2 in long", "a 2 in pipe", "4 in x 8 in", "0.5 in ID"
_INCH_END = re.compile(r"\s*(?:[,.;)×]|$|(?:long|wide|high|tall|thick|diameter|across|pipe|tube|duct|hose|nozzle"
                       r"|orifice|bore|ID|OD)\b|(?:x|by)\b(?=\s*[-+]?\.?\d))")  # "25 in x" is a count along x
_POWER = re.compile(r"(?:\^|\*\*)\s*(?P<p1>[({]\s*[-+−]?\s*\d+\s*[)}]|[-+−]?\s*\d+)|(?P<sup>⁻?[¹²³⁴])"
                    r"|(?P<glued>[-−]?[1-4])(?![\d])(?!\.\d)")
_SUPERSCRIPT = {"¹": 1, "²": 2, "³": 3, "⁴": 4}
_PRODUCT = re.compile(r"\s*[·⋅•*]\s*|\.(?=[A-Za-zµμ°(])|-(?=[A-Za-zµμ(])")
_SPACE = re.compile(r"[ \t]+")
_DIVIDE = re.compile(r"\s*/\s*|\s+per\s+", re.I)
_MODIFIER = re.compile(r"(?P<w>square|sq\.?|cubic|cu\.?)\s+", re.I)
_POST = re.compile(r"\s+(?P<w>squared|cubed)(?![A-Za-z])", re.I)
# "1/s", "1/°C"; "per kelvin" with no numerator: an expansion coefficient ("2e-4 per kelvin")
_ONE_OVER = re.compile(r"1\s*/\s*(?=[A-Za-zµμ(°º])|per\s+(?=kelvins?\b|K\b|°|º|deg(?:rees?)?\s*(?:C|F|celsius)?\b)")


class _Atom(NamedTuple):
    unit: Unit
    end: int
    spelled: bool  # a word ("metres"), not a symbol ("m")
    lone: str = ""  # "in" (an inch) and '"': only a whole unit on its own


_EQUALS = re.compile(r"\s*=")
_COMPOUND_NEXT = re.compile(r"(?:\s*(?:[/·⋅*^.]|-|\d|[¹²³⁻']|per\s)|[+#])")  # "20 C/m3", "5 C-shaped", "C++"
_KG_OVER = re.compile(r"kg\s*/\s*$")
_PER_SECOND = re.compile(r"(?:\^\s*\(?\s*[-−]\s*1\s*\)?|\*\*\s*[-−]\s*1|⁻¹|[-−]1)(?![\d.])")
_WORDY = re.compile(r"celsius|centigrade|fahrenheit|kelvin|degree", re.I)


def _split(run: str) -> Unit | None:
    """Two symbols written together: "Pas" (Pa s), "Ns", "mK", "kgK", "kWh"."""
    for i in range(len(run) - 1, 0, -1):
        a, b = _PREFIXED.get(run[:i]), _PREFIXED.get(run[i:])
        if a is not None and b is not None:
            return _mul(a, b)
    return None


def _column(text: str, pos: int) -> _Atom | None:
    """A pressure written as a column height of water or mercury at `pos` ("4 inH2O"), or None."""
    m = _COLUMN.match(text, pos)
    if m is None:
        return None
    sym = m.group("sym") or m.group("sym2")
    word = (m.group("word") or m.group("word2") or "").lower()
    length = _COLUMN_LENGTH[sym or next(v for k, v in _COLUMN_WORD.items() if word.startswith(k))]
    fluid = "mercury" if m.group("hg") or m.group("hg2") else "water"
    if fluid == "mercury" and length == 1e-3:
        return _Atom(_PREFIXED["mmHg"], m.end(), False)  # the conventional 133.322 Pa
    return _Atom(Unit(_PA, length * _COLUMN_DENSITY[fluid] * 9.80665), m.end(), bool(word))


def _atom(text: str, pos: int) -> _Atom | None:
    """The unit atom that starts at `pos` (a symbol, a spelled name, a temperature), or None."""
    m = _TEMPERATURE.match(text, pos)
    if m:
        said = {scale for scale, groups in _SCALE_GROUPS.items() if any(m.group(g) is not None for g in groups)}
        unit = _CELSIUS if "c" in said else _FAHRENHEIT if "f" in said else _RANKINE if "r" in said else _KELVIN
        return _Atom(unit, m.end(), bool(_WORDY.search(m.group(0))))
    column = _column(text, pos)
    if column is not None:
        return column
    m = _POUNDS.match(text, pos)
    if m:  # "pounds per square inch" is a pressure (psi), not a mass per area
        unit = _PREFIXED["psi"] if m.group("area") and m.group("area")[0] == "i" else \
            _PREFIXED["psf"] if m.group("area") else _PREFIXED["lbf"]
        return _Atom(unit, m.end(), True)
    m = _DEGREE.match(text, pos)
    if m:
        return _Atom(Unit(_RAD, math.pi / 180), m.end(), len(m.group(0)) > 3)
    if text.startswith(('"', "″"), pos):
        return _Atom(Unit(_L, 0.0254), pos + 1, False, lone='"')
    m = _RUN.match(text, pos)
    if not m:
        return None
    run = m.group(0)
    if run == "in":
        return _Atom(Unit(_L, 0.0254), m.end(), False, lone="in")
    if run in ("C", "F") and not _COMPOUND_NEXT.match(text, m.end()):  # "25 C ambient": not a coulomb
        return _Atom(_CELSIUS if run == "C" else _FAHRENHEIT, m.end(), False, lone=run)
    if run == "h" and _EQUALS.match(text, m.end()):  # "h = 0.1 m" names a height
        return None
    per_second = _PER_SECOND.match(text, m.end()) if run == "ms" else None
    if per_second:  # "2 ms⁻¹", "2 ms^-1": metres per second, not a per-millisecond
        return _Atom(Unit(_VELOCITY, 1.0), per_second.end(), False)
    if run == "ms" and _KG_OVER.search(text, max(0, pos - 8), pos):  # "kg/ms": kg/(m s), as always read
        return _Atom(Unit(_dims((_L, 1), (_T, 1)), 1.0), m.end(), False)
    unit = _PREFIXED.get(run)
    if unit is not None:
        return _Atom(unit, m.end(), False)
    unit = _SPELLED.get(run.lower())
    if unit is not None:
        return _Atom(unit, m.end(), True)
    if len(run) <= 5:
        unit = _split(run)
        if unit is not None:
            return _Atom(unit, m.end(), False)
    return None


def _power(text: str, pos: int, spelled: bool) -> tuple[int, int, bool] | None:
    """(exponent, end, written with a bare hyphen) of a power right after a unit."""
    m = _POWER.match(text, pos)
    if not m:
        return None
    if m.group("p1"):
        return int(re.sub(r"[\s(){}]", "", m.group("p1")).replace("−", "-")), m.end(), False
    if m.group("sup"):
        s = m.group("sup")
        return (-1 if s.startswith("⁻") else 1) * _SUPERSCRIPT[s[-1]], m.end(), False
    if spelled:
        return None
    g = m.group("glued").replace("−", "-")
    return int(g), m.end(), g.startswith("-")


class _Factor(NamedTuple):
    unit: Unit
    end: int
    spelled: bool
    lone: str
    unpowered: tuple[int, Unit] | None  # "m-3" may be "m" and a dash: (its end, its unit)
    powered: bool


_CLOSE = {"(": re.compile(r"\s*\)"), "[": re.compile(r"\s*\]")}


def _factor(text: str, pos: int, depth: int) -> _Factor | None:
    """One factor at `pos`: an atom or a bracketed expression, with its power."""
    mod = _MODIFIER.match(text, pos)
    power = 1
    if mod:
        power = 2 if mod.group("w").lower().startswith("sq") else 3
        pos = mod.end()
    if text.startswith(("(", "["), pos):  # "kg/(m s)", "2 [m/s]"
        if depth > 3:
            return None
        inner = _expression(text, pos + 1, depth + 1)
        close = _CLOSE[text[pos]].match(text, inner[-1].end) if inner else None
        if not close:
            return None
        unit, end, spelled, lone = inner[-1].unit, close.end(), False, ""
    else:
        atom = _atom(text, pos)
        if atom is None:
            return None
        unit, end, spelled, lone = atom.unit, atom.end, atom.spelled, atom.lone
    unpowered = None
    p = _power(text, end, spelled)
    if p is not None:
        n, p_end, hyphen = p
        if hyphen:
            unpowered = (end, _pow(unit, power))
        unit, end, lone = _pow(unit, n), p_end, ""
    post = _POST.match(text, end)
    if post:
        unit, end = _pow(unit, 2 if post.group("w").lower() == "squared" else 3), post.end()
    return _Factor(_pow(unit, power), end, spelled, lone, unpowered, p is not None)


class _Stop(NamedTuple):
    """A place where the expression may end: its end and its value so far."""

    end: int
    unit: Unit
    lone: str = ""


_ONE = Unit(_NONE, 1.0)


def _expression(text: str, pos: int, depth: int = 0) -> list[_Stop]:
    """Every place the unit expression at `pos` may end, with its value there.

    A quotient divides by everything up to the next "/" or "per" ("W/m K" = W/(m K), "J/kg/K" =
    J/(kg K)); a product is two units with a space, ".", "·", "*" or "-" between them, or a power
    and a symbol written together ("m²s⁻¹", "m2K")."""
    one = _ONE_OVER.match(text, pos)
    dividing = bool(one)
    pos = one.end() if one else pos
    total, group = _ONE, _ONE  # what is already divided out; the current numerator or divisor
    stops: list[_Stop] = []

    def value(g: Unit) -> Unit:
        return _mul(total, _pow(g, -1)) if dividing else _mul(total, g)

    while True:
        f = _factor(text, pos, depth)
        if f is None:
            break
        if f.lone in ("C", "F") and (stops or dividing):  # "BTU/lb/F", "kJ/kg/C": a difference of degrees
            f = f._replace(unit=Unit(_K, 1.0 if f.lone == "C" else 5 / 9), lone="")
        elif f.lone == "in" and _DIVIDE.match(text, f.end) and not stops:  # "40 in/s": inches per second
            f = f._replace(lone="")
        if f.lone:
            if stops or dividing or depth:
                break
            stops.append(_Stop(f.end, f.unit, f.lone))
            break
        if f.unpowered is not None:  # "2 m-3 m": the metres without a power
            stops.append(_Stop(f.unpowered[0], value(_mul(group, f.unpowered[1]))))
        group = _mul(group, f.unit)
        stops.append(_Stop(f.end, value(group)))
        pos = f.end
        div = _DIVIDE.match(text, pos)
        if div:
            total, group, dividing, pos = value(group), _ONE, True, div.end()
            continue
        op = _PRODUCT.match(text, pos)
        if op:
            pos = op.end()
            continue
        if _power_glued(text, pos):
            continue
        space = _SPACE.match(text, pos)
        if space:
            nxt = _factor(text, space.end(), depth)
            # a space joins symbols to symbols ("kg m^-3") and words to words ("pascal seconds"),
            # never a word to a symbol ("3 m/s second inlet")
            # after "m-3" only another power joins ("kg m-1 s-1"), not "2 m-3 m" (a range)
            if nxt is not None and nxt.lone in ("C", "F") and (dividing or depth):  # "BTU/(hr ft F)"
                nxt = nxt._replace(lone="")
            if nxt is not None and nxt.spelled == f.spelled and not nxt.lone and (
                    f.unpowered is None or nxt.powered):
                pos = space.end()
                continue
        break
    return stops


def _power_glued(text: str, pos: int) -> bool:
    """A symbol written right after a power: the "s" of "m²s⁻¹", the "K" of "m2K"."""
    if pos == 0 or not (text[pos - 1].isdigit() or text[pos - 1] in "¹²³⁴"):
        return False
    m = _RUN.match(text, pos)
    return bool(m) and m.group(0) in _PREFIXED


class Reading(NamedTuple):
    """The unit expression at a position: where it ends, its unit and its kind."""

    end: int
    unit: Unit
    kind: str


_BREAK = re.compile(r"[ \t-]")  # a space, "per" or a dash may end a unit; "/", "·", "^" may not
_SLASH_NEXT = re.compile(r"\s*/")


# "(1 in, 2 out)", "2 in / 1 out", "one out, two in": "in" paired with "out" counts openings, no inch
_OUT_AFTER = re.compile(r"\s*[,;/&+]?\s*(?:and\s+)?(?:\d+|one|two|three|four|five|six|a|an|single)?\s*outs?\b",
                        re.I)
_OUT_BEFORE = re.compile(r"\bouts?\s*[,;/&+]?\s*(?:and\s+)?[-+]?[\d.]+\s*$", re.I)


def _in_out_count(text: str, pos: int, end: int) -> bool:
    """Whether the "in" read from `pos` to `end` is a count of inlets paired with one of outlets."""
    return bool(_OUT_AFTER.match(text, end) or _OUT_BEFORE.search(text[max(0, pos - 30):pos]))


def read_at(text: str, pos: int) -> Reading | None:
    """The longest unit expression that starts at `pos` and measures a known kind, or None.

    A shorter reading is taken only where a space or "per" joined the parts ("2 m s" -> "2 m")
    or where a hyphen may be a dash, not a power ("2 m-3 m" -> "2 m"); "W/m2K" is read whole or
    not at all."""
    stops = _expression(text, pos)
    if not stops:
        return None
    longest = max(s.end for s in stops)
    for stop in sorted(stops, key=lambda s: -s.end):
        if stop.end < longest and (not _BREAK.match(text, stop.end) or _SLASH_NEXT.match(text, stop.end)):
            continue
        if stop.lone == "in" and (not _INCH_END.match(text, stop.end) or _in_out_count(text, pos, stop.end)):
            continue
        unit = _offset(text, pos, stop)
        kind = kind_of_dims(unit.dims, text[pos:stop.end])
        if kind is not None:
            factor = unit.factor * _KIND_SCALE.get(kind, 1.0)
            return Reading(stop.end, Unit(unit.dims, tidy(factor), unit.offset), kind)
    return None


# a kind read in other than its SI unit: an angle in degrees, as OpenFOAM dictionaries write it
_KIND_SCALE = {"angle": 180 / math.pi}


def tidy(factor: float) -> float:
    """A number without float noise: 1e-3 / 1e-2**3 is 1000, not 999.9999999999999; 72 * 1e-3 is
    0.072 (a number with more than ten digits, such as 2 pi / 60, is kept whole)."""
    short = float(f"{factor:.12g}")
    return short if f"{short:.10g}" == f"{short:.12g}" else factor


def _offset(text: str, pos: int, stop: _Stop) -> Unit:
    """A lone Celsius or Fahrenheit temperature keeps its offset ("20 °C" is 293.15 K); inside a
    product or quotient it is a temperature difference ("J/(kg °C)")."""
    atom = _atom(text, pos)
    if atom is not None and atom.end == stop.end and atom.unit.offset:
        return atom.unit
    return stop.unit


# the kind of quantity each set of dimensions measures (kg, m, s, K, A, rad)
_KINDS: dict[Dims, str] = {
    (0, 1, -1, 0, 0, 0): "velocity",
    (0, 1, -2, 0, 0, 0): "gravity",
    (0, 2, -1, 0, 0, 0): "kinematic_viscosity",
    (0, 2, -2, 0, 0, 0): "pressure",  # kinematic pressure p/rho (m2/s2), what incompressible solvers use
    (1, -1, -1, 0, 0, 0): "dynamic_viscosity",
    (1, -3, 0, 0, 0, 0): "density",
    (1, -1, -2, 0, 0, 0): "pressure",
    (0, 3, -1, 0, 0, 0): "volume_flow",
    (1, 0, -1, 0, 0, 0): "mass_flow",
    (1, 0, -3, 0, 0, 0): "heat_flux",
    (1, 0, -2, 0, 0, 0): "surface_tension",
    (1, 1, -3, -1, 0, 0): "thermal_conductivity",
    (0, 2, -2, -1, 0, 0): "specific_heat",
    (0, 2, -3, 0, 0, 0): "dissipation_rate",  # a turbulent dissipation rate epsilon (m2/s3)
    (0, -2, 0, 0, 0, 0): "darcy",
    (0, 1, 0, 0, 0, 0): "length",
    (0, 0, 1, 0, 0, 0): "time",
    (0, 0, -1, 0, 0, 0): "frequency",
    (0, 0, -1, 0, 0, 1): "angular_velocity",
    (0, 0, 0, 1, 0, 0): "temperature",
    (0, 0, 0, 0, 0, 1): "angle",
    (0, -3, 1, 0, 1, 0): "charge_density",
    (-1, 0, 2, 0, 1, 0): "mobility",
    (-1, -3, 3, 0, 2, 0): "conductivity",
    (0, 0, 0, -1, 0, 0): "expansion",  # a thermal expansion coefficient beta (1/K)
}


def kind_of_dims(dims: Dims, written: str = "") -> str | None:
    """The kind of quantity `dims` measures, or None. An energy per mass (J/kg) is no
    kinematic pressure, even though both are m2/s2."""
    kind = _KINDS.get(dims)
    if kind == "pressure" and dims[0] == 0 and re.search(r"J|joule", written, re.I):
        return None
    return kind


@lru_cache(maxsize=4096)
def read_unit(expression: str) -> Unit | None:
    """The unit of a whole expression ("kg/(m·s)" -> kg m^-1 s^-1, factor 1), or None when it is
    not one unit expression of a known kind."""
    text = expression.strip()
    got = read_at(text, 0)
    return got.unit if got is not None and got.end == len(text) else None
