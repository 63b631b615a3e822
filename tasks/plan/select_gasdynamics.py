"""Compressible flow said without the word: a membrane between two gas pressures that bursts (a
shock tube), or a gas at two stated pressures far apart (a pressure ratio that drives flow near or
above the speed of sound). Pure functions over the request text.
"""

from __future__ import annotations

import re

from tasks.plan.select_words import solver_words

# a barrier between two gas states and what it does when the flow starts
_BARRIER = r"(?:membrane|diaphragm|partition|seal|foil|valve)"
_GIVES_WAY = r"(?:burst|bursts|bursting|rupture|ruptures|ruptured|rupturing|breaks|broken|fails|removed|opens)"
_BARRIER_GIVES_WAY = re.compile(rf"\b{_BARRIER}s?\b[^.;?!]{{0,80}}\b{_GIVES_WAY}\b|\b{_GIVES_WAY}[- ]{_BARRIER}s?\b")

# pressures in absolute units -> Pa (psi, bar, atm, kPa, MPa, Pa)
_PA_PER_UNIT = {"pa": 1.0, "kpa": 1e3, "mpa": 1e6, "bar": 1e5, "mbar": 1e2, "atm": 101325.0, "psi": 6894.76,
                "psia": 6894.76}
_SPELLED = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "twenty": 20, "fifty": 50, "hundred": 100}
_PRESSURE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?(?:e[-+]?\d+)?|" + "|".join(_SPELLED) +
                       r")\s*(mpa|kpa|pa|mbar|bar|atm|psia|psi)\b", re.I)
GAS_WORDS = ("gas", "air", "nitrogen", "helium", "hydrogen", "argon", "oxygen", "steam", "co2")
LIQUID_WORDS = ("water", "liquid", "oil", "fuel", "brine", "mercury", "blood")
PRESSURE_RATIO_COMPRESSIBLE = 2.0  # a ratio of two gas pressures beyond which the flow chokes (about 1.9)
DENSITY_CHANGE_COMPRESSIBLE = 0.1  # a gas pressure difference this share of the pressure changes its density as much
ATMOSPHERE_PA = 101325.0
# a pressure stated as a difference from another ('0.4 bar higher than the outlets', '30 kPa above ambient')
_DIFFERENCE_AFTER = re.compile(r"^\s*(?:of\s+)?(?:gauge|overpressure|over-pressure|higher|lower|above|below|more|less|"
                               r"difference|drop|rise|excess|over)\b", re.I)
_DIFFERENCE_BEFORE = re.compile(r"\b(?:difference|drop|rise|overpressure|over-pressure|excess|gauge|by)\s*(?:of\s*)?$", re.I)


def barrier_gives_way(text: str) -> bool:
    """A membrane, diaphragm or partition that bursts, ruptures or is removed: a shock tube's start."""
    return bool(_BARRIER_GIVES_WAY.search(text.lower()))


def stated_pressures(text: str) -> list[float]:
    """Every pressure stated with a unit, in Pa ('10 bar', 'ten bar', '60 psi', '100 kPa')."""
    out = []
    for number, unit in _PRESSURE.findall(text):
        value = _SPELLED.get(number.lower())
        out.append((float(number) if value is None else value) * _PA_PER_UNIT[unit.lower()])
    return out


def gas_pressure_jump(text: str) -> bool:
    """The request is about a gas (and names no liquid) and states two pressures whose ratio is large
    enough for the gas to expand at the speed of sound."""
    words = set(re.findall(r"[a-z0-9]+", text.lower()))
    if not words & set(GAS_WORDS) or words & set(LIQUID_WORDS):
        return False
    pressures = [p for p in stated_pressures(text) if p > 0]
    return len(pressures) >= 2 and max(pressures) / min(pressures) >= PRESSURE_RATIO_COMPRESSIBLE


def gas_density_changes(text: str) -> bool:
    """The request is about a gas (and names no liquid) and states pressures in absolute units whose
    difference is a tenth of the pressure or more ('inlet 0.4 bar higher than the outlets', 'from
    1.3 bar to 1 bar'): the gas's density changes with it, which a constant-density solver drops."""
    words = set(re.findall(r"[a-z0-9]+", text.lower()))
    if not words & set(GAS_WORDS) or words & set(LIQUID_WORDS):
        return False
    pressures = [p for p in stated_pressures(text) if p > 0]
    if len(pressures) >= 2:
        return (max(pressures) - min(pressures)) / max(pressures) >= DENSITY_CHANGE_COMPRESSIBLE
    differences = [m for m in _PRESSURE.finditer(text)
                   if _DIFFERENCE_AFTER.match(text[m.end():m.end() + 30])
                   or _DIFFERENCE_BEFORE.search(text[max(0, m.start() - 30):m.start()])]
    return len(pressures) == 1 and bool(differences) and \
        pressures[0] / (ATMOSPHERE_PA + pressures[0]) >= DENSITY_CHANGE_COMPRESSIBLE


def compressible_said_indirectly(text: str) -> bool:
    """Compressible flow described by what happens, not named: a bursting diaphragm, a large gas
    pressure ratio, a gas pressure difference that changes its density."""
    return barrier_gives_way(text) or gas_pressure_jump(text) or gas_density_changes(text)


# a solver's own -help line (canonical/solvers.yaml) naming a method for fast gas flow
_HIGH_SPEED_HELP = re.compile(r"density-based|trans-?sonic|supersonic|hypersonic", re.I)


def high_speed_method(solver: str) -> bool:
    """The solver describes itself as a method for flow near or above the speed of sound
    (rhoCentralFoam's density-based schemes, sonicFoam's trans-sonic flow)."""
    entry = solver_words().get(solver)
    return bool(entry and _HIGH_SPEED_HELP.search(entry.help))
