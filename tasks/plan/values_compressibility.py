"""A liquid's compressibility stated in any of its forms, as the psi = drho/dp (s2/m2) a case keeps.

"Speed of sound 1400 m/s" (psi = 1/c^2), "bulk modulus 2.2 GPa" (psi = rho/K) and "compressibility
psi 4.5e-7 s2/m2" (psi itself) all say how much the liquid's density rises with its pressure.
sonicLiquidFoam keeps it as `psi`, cavitatingFoam as `psil` (the liquid) and `psiv` (the vapour),
and a `perfectFluid` equation of state as R with psi = 1/(R T). Pure functions.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd

COMPRESSIBILITY_ROLES = ("speed_of_sound", "bulk_modulus", "compressibility")

# the words that make a compressibility the vapour's of a cavitating case ("vapour speed of sound")
_VAPOUR = re.compile(r"\b(?:vapou?r|steam|bubbles?|gas\s+phase)\b", re.I)
_LIQUID = re.compile(r"\b(?:liquid|water|oil|fuel)\b", re.I)


def psi_of(role: str, value: float, rho: float | None) -> float | None:
    """psi (s2/m2) from a stated speed of sound (m/s), bulk modulus (Pa, with the liquid's density
    rho) or compressibility (s2/m2); None when the value is not positive or rho is missing for a
    bulk modulus."""
    if value <= 0 or role not in COMPRESSIBILITY_ROLES:
        return None
    if role == "speed_of_sound":
        return 1.0 / (value * value)
    if role == "bulk_modulus":
        return rho / value if rho is not None and rho > 0 else None
    return value


def says_vapour(words: str) -> bool:
    """Whether the words of a stated compressibility name the vapour phase, not the liquid."""
    return _VAPOUR.search(words) is not None and _LIQUID.search(words) is None


def number_of(raw: str | None) -> float | None:
    """The one number a dictionary entry holds ("1000", "rho0 [1 -3 0 0 0 0 0] 1000", "uniform 300"),
    or None."""
    m = re.fullmatch(r"(?:\w+\s+)?(?:\[[^\]]*\]\s*)?([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", " ".join((raw or "").split()))
    return float(m.group(1)) if m else None


def perfect_fluid_r(psi: float, temperature: float) -> float:
    """The R of a perfectFluid equation of state (rho = rho0 + p/(R T)) that gives psi at T."""
    return 1.0 / (psi * temperature)


def equation_of_state(thermo_text: str) -> str:
    """The equationOfState a thermophysicalProperties text names in its thermoType ('' if none)."""
    return (fd.get(thermo_text, ["thermoType", "equationOfState"]) or "").strip()
