"""A heated cavity sized by its Rayleigh number: when a request states Ra, the wall temperatures
and the fluid but no size, the side L = (Ra nu alpha / (g beta dT))^(1/3) makes them all hold
(Ra = g beta dT L^3 / (nu alpha), alpha = nu / Pr). Pure functions on the request's words."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM
from tasks.geometry.text_differences import difference_role, kelvin_difference

GRAVITY = 9.81  # m/s2

_POWER = r"(?:\s*(?:x|\*|×)\s*10\s*\^?\s*([-+]?\d+)|\s*\^\s*([-+]?\d+))?"
_RA = re.compile(rf"\b(?:Ra|Rayleigh(?:\s+number)?)\s*(?:=|:|of|is|equal\s+to|about|around|~)?\s*"
                 rf"(?:Ra\s*=\s*)?({NUM}){_POWER}(?!\s*(?:K|°|deg|m\b|mm|cm))", re.I)
_TEMPERATURE = re.compile(rf"(?<![\w.])({NUM})\s*(K\b|°\s*[CF]|deg(?:rees)?\s*[CF]\b|[CF]\b|deg[CF]\b)", re.I)
_DIFFERENCE = re.compile(rf"(?:temperature\s+difference|delta\s*T|\bdT|ΔT)\s*(?:=|:|of|is)?\s*({NUM})\s*(?:K|°\s*C|C)\b",
                         re.I)


_BETA = re.compile(rf"\b(?:beta|(?:thermal\s+|volumetric\s+)?expansion\s+coefficient)\s*(?:=|:|of|is)?\s*({NUM})", re.I)


def stated_rayleigh(text: str) -> float | None:
    """The Rayleigh number a request states ("Ra 1e5", "Ra = 10^6", "Rayleigh number of 1x10^5")."""
    m = _RA.search(text)
    if not m:
        return None
    base, power = float(m.group(1)), m.group(2) or m.group(3)
    if power is None:
        return base if base > 0 else None
    value = base * 10.0 ** int(power) if m.group(2) else base ** int(power)
    return value if value > 0 else None


def temperature_difference(text: str) -> float | None:
    """The temperature difference between the walls (K): a temperature whose words make it a
    difference ("dT = 20 K", "walls 25 K apart", "a 15 degC difference between the plates", "the
    floor 9 degF warmer than the ceiling"), else the spread of the two or more temperatures the
    request gives ("hot wall 310 K, cold wall 290 K")."""
    said = _DIFFERENCE.search(text)
    if said:
        return float(said.group(1)) or None
    kelvin: list[float] = []
    for m in _TEMPERATURE.finditer(text):
        clause = re.split(r"[.;:\n]", text[:m.start()].lower())[-1]
        after = text[m.end():m.end() + 90]
        if difference_role("temperature", clause, after) is not None:
            return kelvin_difference(m.group(0)) or None
        kelvin.append(_kelvin(float(m.group(1)), m.group(2)))
    spread = max(kelvin) - min(kelvin) if len(kelvin) >= 2 else 0.0
    return spread if spread > 0 else None


def _kelvin(number: float, unit: str) -> float:
    """An absolute temperature in kelvin from its number and unit as written (K, degC, degF)."""
    unit = unit.strip().upper()
    if unit == "K":
        return number
    return (number - 32.0) * 5.0 / 9.0 + 273.15 if unit.endswith("F") else number + 273.15


def side_for_rayleigh(ra: float, delta_t: float, nu: float, pr: float, beta: float, g: float = GRAVITY) -> float:
    """The cavity side L (m) at which Ra = g beta dT L^3 Pr / nu^2 holds."""
    return (ra * nu * nu / (pr * g * beta * delta_t)) ** (1.0 / 3.0)


def rayleigh_side(text: str) -> tuple[float, str] | None:
    """(L in metres, the assumption to report) when the request fixes Ra, the temperature
    difference and the fluid (by name) but not the cavity's size; None otherwise (then the
    default size holds and the case writer fits the temperatures or beta to Ra)."""
    from tasks.foam.physics import find_fluid, fluid_table

    ra, delta_t, fluid = stated_rayleigh(text), temperature_difference(text), find_fluid(text)
    if ra is None or delta_t is None or fluid is None:
        return None
    entry = fluid_table()[fluid]
    if not (entry.nu > 0 and entry.pr > 0 and entry.beta > 0):
        return None
    said = _BETA.search(text)
    beta = float(said.group(1)) if said and float(said.group(1)) > 0 else entry.beta  # a stated beta wins
    side = side_for_rayleigh(ra, delta_t, entry.nu, entry.pr, beta)
    note = (f"cavity height L = (Ra nu alpha / (g beta dT))^(1/3) = {side:.4g} m so that Ra = {ra:.4g} holds for "
            f"{fluid} (nu {entry.nu:.4g} m2/s, Pr {entry.pr:.4g}, beta {beta:.4g} 1/K) with dT {delta_t:.4g} K "
            "(the request gives no size; state one to change it)")
    return side, note
