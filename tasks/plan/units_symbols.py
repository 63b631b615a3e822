"""The atoms of the unit grammar (tasks.plan.units): SI dimensions, symbols with their prefixes,
spelled names, and the temperature scales. Data only, with the two operations on units.
"""

from __future__ import annotations

import math
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
              "u": 1e-6, "n": 1e-9, "p": 1e-12, "f": 1e-15}
_MICRO = "µμu"
# symbol -> (dims, factor, the SI prefixes it takes); symbols are case-sensitive (m, M; s, S; k, K)
_SYMBOLS: dict[str, tuple[Dims, float, str]] = {
    "m": (_L, 1.0, "kcmdn" + _MICRO),
    "s": (_T, 1.0, "mnµμpf"),  # ps and fs: a molecular-dynamics run's times  # not "us": the word
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
    "lbs": (_M, 0.45359237, ""),
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
    "kts": (_VELOCITY, 1852 / 3600, ""), "kt": (_VELOCITY, 1852 / 3600, ""), "fps": (_VELOCITY, 0.3048, ""),
    "mi": (_L, 1609.344, ""), "slug": (_M, 14.5939029372, ""), "slugs": (_M, 14.5939029372, ""),
    "psid": (_PA, 6894.757, ""),  # a pressure difference in psi
    "msec": (_T, 1e-3, ""), "usec": (_T, 1e-6, ""), "µsec": (_T, 1e-6, ""), "μsec": (_T, 1e-6, ""),
    # an amount of substance is a count (no SI dimension here): "g/mol" is a mass, read as a molar
    # mass by the words (tasks.plan.units_kinds); a lone "2 mol" measures no known kind
    "mol": (_NONE, 1.0, "km"), "gmol": (_NONE, 1.0, ""), "kgmol": (_NONE, 1e3, ""), "lbmol": (_NONE, 453.59237, ""),
}
# "ms" is a millisecond, never a metre-second; only "kg/ms" keeps the old reading kg/(m s)
_PREFIXED: dict[str, Unit] = {}
for _sym, (_d, _f, _prefixes) in _SYMBOLS.items():
    _PREFIXED[_sym] = Unit(_d, _f)
    for _p in _prefixes:
        _PREFIXED.setdefault(_p + _sym, Unit(_d, _f * _SI_PREFIX[_p]))

# spelled names: base -> (dims, factor, plural suffix); read case-insensitively, with word prefixes
_WORD_PREFIX = {"giga": 1e9, "mega": 1e6, "kilo": 1e3, "hecto": 1e2, "centi": 1e-2, "milli": 1e-3, "micro": 1e-6,
                "nano": 1e-9, "pico": 1e-12, "femto": 1e-15, "": 1.0}
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
    "slug": (_M, 14.5939029372, False),
    "mole": (_NONE, 1.0, True),
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
