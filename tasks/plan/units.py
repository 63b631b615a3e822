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

import re
from functools import lru_cache
from typing import NamedTuple

from tasks.plan.units_atoms import _RUN, _atom
from tasks.plan.units_case import folded_token
from tasks.plan.units_kinds import _KIND_SCALE, kind_of_dims, tidy
from tasks.plan.units_symbols import _K, _NONE, _PREFIXED, Dims, Unit, _mul, _pow

__all__ = ["Dims", "Reading", "Unit", "kind_of_dims", "read_at", "read_unit", "tidy"]

# "in" is an inch only where a size ends: "2 in long", "a 2 in pipe", "4 in x 8 in", "0.5 in ID", "1/4 in cells"
_INCH_END = re.compile(r"\s*(?:[,.;)×]|$|(?:long|wide|high|tall|thick|diameter|across|pipe|tube|duct|hose|nozzle"
                       r"|orifice|bore|ID|OD|slot|gap|(?:square\s+|cubic\s+)?(?:cells?|mesh|grid|spacing|elements?))\b|(?:x|by)\b(?=\s*[-+]?\.?\d)"  # "25 in x" is a count along x
                       r"|(?:to|and|through)\b(?=\s*[-+−]?\.?\d))")  # a range's first end: "from -4 in to 12 in"
_POWER = re.compile(r"(?:\^|\*\*)\s*(?P<p1>[({]\s*[-+−]?\s*\d+\s*[)}]|[-+−]?\s*\d+)|(?P<sup>⁻?[¹²³⁴])"
                    r"|(?P<glued>[-−]?[1-4])(?![\d])(?!\.\d)")
_SUPERSCRIPT = {"¹": 1, "²": 2, "³": 3, "⁴": 4}
_PRODUCT = re.compile(r"\s*[·⋅•*]\s*|\.(?=[A-Za-zµμ°(])|-(?=[A-Za-zµμ(°º])")  # "BTU/hr-ft-°F"
_SPACE = re.compile(r"[ \t]+")
# the size of one degree of a scale written as its bare letter, inside a product or quotient ("BTU/lbm-R")
_DEGREE_SIZE = {"C": 1.0, "F": 5 / 9, "R": 5 / 9}
_DIVIDE = re.compile(r"\s*/\s*|\s+per\s+", re.I)
_MODIFIER = re.compile(r"(?P<w>square|sq\.?|cubic|cu\.?)\s+", re.I)
_POST = re.compile(r"\s+(?P<w>squared|cubed)(?![A-Za-z])", re.I)
# "1/s", "1/°C"; "per kelvin" with no numerator: an expansion coefficient ("2e-4 per kelvin")
_ONE_OVER = re.compile(r"1\s*/\s*(?=[A-Za-zµμ(°º])|per\s+(?=kelvins?\b|K\b|°|º|deg(?:rees?)?\s*(?:C|F|celsius)?\b)")


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


def _factor(text: str, pos: int, depth: int, pound_force: bool = False) -> _Factor | None:
    """One factor at `pos`: an atom or a bracketed expression, with its power."""
    mod = _MODIFIER.match(text, pos)
    power = 1
    if mod:
        power = 2 if mod.group("w").lower().startswith("sq") else 3
        pos = mod.end()
    if text.startswith(("(", "["), pos):  # "kg/(m s)", "2 [m/s]"
        if depth > 3:
            return None
        inner = _expression(text, pos + 1, depth + 1, pound_force)
        close = _CLOSE[text[pos]].match(text, inner[-1].end) if inner else None
        if not close:
            return None
        unit, end, spelled, lone = inner[-1].unit, close.end(), False, ""
    else:
        atom = _atom(text, pos, pound_force)
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


def _expression(text: str, pos: int, depth: int = 0, pound_force: bool = False) -> list[_Stop]:
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
        f = _factor(text, pos, depth, pound_force)
        if f is None:
            break
        if f.lone in _DEGREE_SIZE and (stops or dividing):  # "BTU/lb/F", "kJ/kg/C": a difference of degrees
            f = f._replace(unit=Unit(_K, _DEGREE_SIZE[f.lone]), lone="")
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
            nxt = _factor(text, space.end(), depth, pound_force)
            # a space joins symbols to symbols ("kg m^-3") and words to words ("pascal seconds"),
            # never a word to a symbol ("3 m/s second inlet")
            # after "m-3" only another power joins ("kg m-1 s-1"), not "2 m-3 m" (a range)
            if nxt is not None and nxt.lone in _DEGREE_SIZE and (dividing or depth):  # "BTU/(hr ft F)"
                nxt = nxt._replace(lone="")
            if nxt is not None and nxt.spelled == f.spelled and not nxt.lone and (
                    f.unpowered is None or nxt.powered):
                pos = space.end()
                continue
        break
    return stops


def _power_glued(text: str, pos: int) -> bool:
    """A symbol written right after a power: the "s" of "m²s⁻¹", the "K" of "m2K", the "°C" of
    "W/m²°C"."""
    if pos == 0 or not (text[pos - 1].isdigit() or text[pos - 1] in "¹²³⁴"):
        return False
    if text.startswith(("°", "º"), pos):
        return True
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
    plain = _reading(text, pos, _expression(text, pos))
    folded = folded_token(text, pos) if plain is None or not _ENDS_TOKEN.match(text, plain.end) else None
    if folded is not None:  # "5 MPA", "300 KG/M3", "320k": the symbols in their usual case
        again = _reading(folded, pos, _expression(folded, pos))
        plain = again if again is not None and (plain is None or again.end > plain.end) else plain
    if not _POUNDS_SAID.match(text, pos):
        return plain
    force = _reading(text, pos, _expression(text, pos, pound_force=True))  # "lb/ft²", "lb-s/ft²": a pound of force
    return force if force is not None and (plain is None or force.end > plain.end) else plain


_ENDS_TOKEN = re.compile(r"[\s,;]|$")  # a reading that ends its token has read all of it
# a unit with a bare "lb" or "pound" in it, which may be a pound of force ("lb/ft²", "lb-s/ft²")
_POUNDS_SAID = re.compile(r"[^\s,;]{0,20}?(?<![A-Za-z])(?:lbs?|pounds?)(?![A-Za-z])", re.I)


def _reading(text: str, pos: int, stops: list[_Stop]) -> Reading | None:
    """The longest of the `stops` of the expression at `pos` that measures a known kind, or None."""
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


def _offset(text: str, pos: int, stop: _Stop) -> Unit:
    """A lone Celsius or Fahrenheit temperature keeps its offset ("20 °C" is 293.15 K); inside a
    product or quotient it is a temperature difference ("J/(kg °C)")."""
    atom = _atom(text, pos)
    if atom is not None and atom.end == stop.end and atom.unit.offset:
        return atom.unit
    return stop.unit


@lru_cache(maxsize=4096)
def read_unit(expression: str) -> Unit | None:
    """The unit of a whole expression ("kg/(m·s)" -> kg m^-1 s^-1, factor 1), or None when it is
    not one unit expression of a known kind."""
    text = expression.strip()
    got = read_at(text, 0)
    return got.unit if got is not None and got.end == len(text) else None
