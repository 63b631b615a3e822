"""A unit named before its number, as lab notes and tables write it, put after the number
(tasks.plan.extract_words.normalise). Pure functions over text.

    "Inlet velocity [m/s]: 1,5"          -> "Inlet velocity: 1,5 m/s"
    "v in m/s: 2.5", "nu (in mm²/s) = 15" -> "v: 2.5 m/s", "nu = 15 mm²/s"
    "T / K = 300", "p_out / bar: 1.2"     -> "T = 300 K", "p_out: 1.2 bar"   (quantity / unit = number)
    "Inlet velocity, m/s: 5", "T, deg F .... 70", "U [ft/s] 15" -> "Inlet velocity: 5 m/s", "T: 70 deg F", "U: 15 ft/s"

The unit must read whole as a unit of a known kind (tasks.plan.units.read_at); a word in its
place ("outlet / inlet = 2", "in x: 40") leaves the text as written.
"""

from __future__ import annotations

import re

from tasks.plan.units import read_at

# a number as a request writes it, decimal comma and exponent included: "1,5", "1.5e-5", "2·10^5"
_NUM = (r"[-+−]?(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:\s?[eE]\s?[-+−]?\d+|\s?[x×·*]\s?10(?:\^|\*\*)?\s?[-+−]?\d+"
        r"|\s?[x×·*]\s?10[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)?")
_UNIT_TEXT = r"[^\s:=()\[\]\d,;][^\s:=()\[\],;]{0,12}?(?:[ ·.][^\s:=()\[\],;]{1,8}?)?"
# the name, then the unit: in brackets ("[m/s]", "(in m/s)"), after "in" or after a slash; then ":" or "="
_HEADER = re.compile(
    rf"(?P<name>(?<![\w/])[A-Za-zνμρ][\w.\-']{{0,30}}?)(?P<head>\s*[\[(]\s*(?:in\s+)?(?P<u1>{_UNIT_TEXT})\s*[\])]"
    rf"|\s+in\s+(?P<u2>{_UNIT_TEXT})|\s*/\s*(?P<u3>{_UNIT_TEXT})|,[ \t]*(?P<u4>{_UNIT_TEXT}))"
    rf"(?:[ \t]*\((?:kinematic|absolute|gauge|relative|per\s+unit\s+mass|divided\s+by\s+(?:the\s+)?density)\))?"  # an aside
    rf"(?P<sign>\s*[:=]\s*|[ \t]*(?:\.{{2,}}|…+)[ \t]*|(?<=[\])])[ \t]+)(?P<num>{_NUM})(?!\d|[.,]\d)")
_NOT_UNITS = {"in", "at", "a", "s.", "x", "y", "z"}


def _whole_unit(unit: str) -> bool:
    """The text reads whole as one unit of a known kind ("m/s", "mm²/s", "bar", "°C")."""
    if unit.strip().lower() in _NOT_UNITS and unit.strip() not in ("s",):
        return False
    reading = read_at(unit, 0)
    return reading is not None and reading.end == len(unit)


_NUMBER_BEFORE = re.compile(r"\d[ \t]?$")
# a quantity's symbol, which may take a glued slash and unit ("T/K = 300", "p_out/bar: 1.2")
_SYMBOL_NAME = re.compile(r"[A-Za-zνμρ](?:_[\w]+)?")


def _unit_after(text: str, end: int) -> bool:
    """A unit is written after the number already ("v in m/s: 2.5 m/s")."""
    gap = re.match(r"[ \t]?", text[end:])
    at = end + (gap.end() if gap else 0)
    reading = read_at(text, at)
    return reading is not None and text[at:reading.end].strip().lower() not in _NOT_UNITS


# a bare number listed after the header's first value ("..., 5 at the top outlet, 0 at the bottom one")
_LISTED_BARE = re.compile(rf"(,\s*(?:and\s+)?)({_NUM})(?![\d.,]|\s*[%°]|\s*[A-Za-zµμ/]+\s*(?:/|\^|\d))(?=\s+(?:at|on|for|in|to)\b)")


def unit_headers(text: str) -> str:
    """Units named before their number written after it: "Inlet velocity [m/s]: 1,5" ->
    "Inlet velocity: 1,5 m/s", "T / K = 300" -> "T = 300 K", "v in m/s: 2.5" -> "v: 2.5 m/s"."""
    def moved(m: re.Match[str]) -> str:
        unit = (m.group("u1") or m.group("u2") or m.group("u3") or m.group("u4")).strip()
        if not _whole_unit(unit) and _whole_unit(unit.rstrip(" .")):  # "m/s ......": a leader's first dot
            unit = unit.rstrip(" .")
        if not _whole_unit(unit) or _unit_after(text, m.end()) or _NUMBER_BEFORE.search(text, 0, m.start()):
            return m.group(0)  # "35 l/min = ...": a number's unit, no name over a unit
        if m.group("u3") and not _SYMBOL_NAME.fullmatch(m.group("name")) and "/ " not in m.group("head") \
                and " /" not in m.group("head"):
            return m.group(0)  # "mass flow kg/s: 0.3": a slash glued to a word is a unit's

        if m.group("u4") and len(unit) == 1 and "=" in m.group("sign"):
            return m.group(0)  # "origin bottom-left, g = 9.81": a symbol set to its value, no header's unit
        sign = m.group("sign").rstrip() if m.group("sign").strip() in (":", "=") else ":"  # a leader or a gap: ":"
        return f"{m.group('name')}{sign} {m.group('num')} {unit}"

    out, last = [], 0
    for m in _HEADER.finditer(text):
        new = moved(m)
        out.append(text[last:m.start()] + new)
        last = m.end()
        if new != m.group(0):  # "pressures in J/kg: 40 total at the inlet, 5 at the top outlet": each listed number
            unit = new.rsplit(" ", 1)[-1]
            end = re.search(r"[.;!?](?:\s|$)|\n", text[last:])
            stop = last + (end.start() if end else len(text) - last)
            out.append(_LISTED_BARE.sub(lambda b: f"{b.group(1)}{b.group(2)} {unit}", text[last:stop]))
            last = stop
    return "".join(out) + text[last:]
