"""Reading one unit atom at a position (tasks.plan.units): a symbol ("kPa"), a spelled name
("metres"), a temperature scale ("°F", "deg R"), a column of water or mercury ("4 inH2O") or
pounds of force ("pounds per square inch").
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from tasks.plan.units_standard import standard_volume_at
from tasks.plan.units_symbols import (
    _CELSIUS, _FAHRENHEIT, _KELVIN, _L, _PA, _PREFIXED, _RAD, _RANKINE, _SPELLED, _T, _VELOCITY, Unit, _dims, _mul,
)

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
    r"\.?\s+of\s+(?:(?P<hg2>mercury|Hg)|(?<=inches of )(?P<w2>water))\b"
    r"|(?P<word2>inch(?:es)?)\s+(?:of\s+)?(?P<w3>water)\s+(?:column|gauge)\b", re.I)
# pounds of force: "pounds per square inch" (psi), "pound-force per square foot" (psf), "pounds-force"
_POUNDS = re.compile(r"pounds?(?:[- ]force)?\s+per\s+(?:square|sq\.?)\s+(?P<area>inch(?:es)?|f(?:oo|ee)t)\b"
                     r"|pounds?[- ]force\b", re.I)
_POUND_MASS = re.compile(r"pounds?[- ]mass\b", re.I)
_BARE_POUND = re.compile(r"(?:lbs?|pounds?)(?![A-Za-z])", re.I)
_COLUMN_WORD = {"milli": "mm", "centi": "cm", "met": "m", "inch": "in", "foo": "ft", "fee": "ft"}
_SCALE_GROUPS = {"c": ("c", "c1", "c2", "c3"), "f": ("f", "f1", "f2", "f3"), "r": ("r", "r1")}
_DEGREE = re.compile(r"[°º]|(?:degrees?|deg)(?![A-Za-z])", re.I)
_RUN = re.compile(r"[A-Za-zµμ]+")


class _Atom(NamedTuple):
    unit: Unit
    end: int
    spelled: bool  # a word ("metres"), not a symbol ("m")
    lone: str = ""  # "in" (an inch) and '"': only a whole unit on its own


_EQUALS = re.compile(r"\s*=")
# what makes a bare C, F or R part of a compound: "20 C/m3", "5 C-shaped", "C++", "J/kg.C" (not "70 F." ending a sentence)
_COMPOUND_NEXT = re.compile(r"(?:\s*(?:[/·⋅*^]|\.(?=[A-Za-zµμ(])|-|\d|[¹²³⁻']|per\s)|[+#])")
_KG_OVER = re.compile(r"kg\s*/\s*$")
_PER_SECOND = re.compile(r"(?:\^\s*\(?\s*[-−]\s*1\s*\)?|\*\*\s*[-−]\s*1|⁻¹|[-−]1)(?![\d.])")
# a temperature scale written as its bare letter after a number: "25 C", "77 F", "540 R" (Rankine)
_LONE_SCALES = {"C": _CELSIUS, "F": _FAHRENHEIT, "R": _RANKINE}
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


def _atom(text: str, pos: int, pound_force: bool = False) -> _Atom | None:
    """The unit atom that starts at `pos` (a symbol, a spelled name, a temperature), or None; with
    `pound_force`, a bare "lb" or "pound" is a pound of force (lbf), as "lb/ft²" and "lb-s/ft²" mean it."""
    standard = standard_volume_at(text, pos)
    if standard is not None:  # "Nm3", "SCFM", "normal cubic metres": a gas volume at reference conditions, a mass
        return _Atom(standard.unit, standard.end, standard.spelled)
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
    m = _POUND_MASS.match(text, pos)
    if m:  # "pound-mass", "pounds mass": lbm, whatever the pounds around it are
        return _Atom(_PREFIXED["lbm"], m.end(), True)
    if pound_force:
        m = _BARE_POUND.match(text, pos)
        if m:
            return _Atom(_PREFIXED["lbf"], m.end(), m.group(0)[0] in "pP")
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
    if run in _LONE_SCALES and not _COMPOUND_NEXT.match(text, m.end()):  # "25 C ambient": not a coulomb
        return _Atom(_LONE_SCALES[run], m.end(), False, lone=run)
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
