"""Gas volumes at reference conditions (tasks.plan.units): "300 Nm3/h", "2,000 SCFM", "500 sccm",
"10 slpm", "4 Nl/min", "400 normal cubic metres per hour", "50 standard cubic feet per minute".

A volume of gas "at reference conditions" counts molecules, not space: it is a mass. So each
such volume is read as the mass of that volume of air at its reference state, and a flow of them
("Nm3/h") is a mass flow. The reference states are the conventions of each unit; the gas is taken
to be air unless a binder knows better (it can undo the density with `STANDARD_STATES`).
Pure data and one reader.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.plan.units_symbols import _M, Unit

_R = 8.314462618  # J/(mol K)
_AIR_MOLAR_MASS = 0.0289647  # kg/mol


class StandardState(NamedTuple):
    """A reference state of a gas volume: its name, temperature (K) and pressure (Pa)."""

    name: str
    temperature: float
    pressure: float

    def air_density(self) -> float:
        return self.pressure * _AIR_MOLAR_MASS / (_R * self.temperature)

    def describe(self) -> str:
        return (f"{self.name} ({self.temperature - 273.15:g} degC, {self.pressure / 1000:g} kPa; "
                f"air, {self.air_density():.4g} kg/m3)")


STANDARD_STATES = {
    "normal": StandardState("normal conditions", 273.15, 101325.0),  # DIN 1343: Nm3, Nl
    "standard": StandardState("standard conditions", 288.15, 101325.0),  # ISO 13443: Sm3
    "us": StandardState("US standard air", 293.15, 101325.0),  # 68 degF, 14.696 psia: scf, SCFM (0.075 lbm/ft3)
    "instrument": StandardState("standard conditions of flow meters", 273.15, 101325.0),  # sccm, slpm
}

_M3, _L, _CM3, _FT3 = 1.0, 1e-3, 1e-6, 0.3048 ** 3
# the volumes by symbol: (volume in m3, reference state, a time it is per: "SCFM" is per minute)
_SYMBOLS = {
    "Nm3": (_M3, "normal", 1.0), "Nl": (_L, "normal", 1.0), "NL": (_L, "normal", 1.0),
    "Sm3": (_M3, "standard", 1.0),
    "scf": (_FT3, "us", 1.0), "SCF": (_FT3, "us", 1.0),
    "scfm": (_FT3, "us", 60.0), "SCFM": (_FT3, "us", 60.0), "scfh": (_FT3, "us", 3600.0), "SCFH": (_FT3, "us", 3600.0),
    "sccm": (_CM3, "instrument", 60.0), "SCCM": (_CM3, "instrument", 60.0),
    "slpm": (_L, "instrument", 60.0), "SLPM": (_L, "instrument", 60.0), "slm": (_L, "instrument", 60.0),
    "SLM": (_L, "instrument", 60.0), "nlpm": (_L, "normal", 60.0), "NLPM": (_L, "normal", 60.0),
}
_VOLUME_SYMBOL = re.compile(
    r"(?P<nm>[Nn]m)(?:3|³|\^3|\*\*3)(?![\d])|(?P<sm>[Ss]m)(?:3|³|\^3|\*\*3)(?![\d])"
    r"|(?P<sym>scfm|SCFM|scfh|SCFH|scf|SCF|sccm|SCCM|slpm|SLPM|slm|SLM|nlpm|NLPM|Nl|NL)(?![A-Za-z])")
_VOLUME_WORDS = re.compile(
    r"(?P<ref>normal|standard)\s+(?:(?P<cubic>cubic\s+)(?P<what>met(?:re|er)s?|f(?:oo|ee)t|centimet(?:re|er)s?)"
    r"|(?P<litre>lit(?:re|er)s?))(?![A-Za-z])", re.I)
_WORD_VOLUME = {"met": _M3, "foo": _FT3, "fee": _FT3, "cen": _CM3}


class StandardVolume(NamedTuple):
    unit: Unit  # a mass (per time, for "SCFM"), SI
    end: int
    spelled: bool
    state: StandardState


def standard_volume_at(text: str, pos: int) -> StandardVolume | None:
    """The gas volume at reference conditions written at `pos` ("Nm3", "SCFM", "normal cubic
    metres"), read as the mass of that much air, or None."""
    m = _VOLUME_SYMBOL.match(text, pos)
    if m:
        if m.group("nm"):
            volume, ref, per = _M3, "normal", 1.0
        elif m.group("sm"):
            volume, ref, per = _M3, "standard", 1.0
        else:
            volume, ref, per = _SYMBOLS[m.group("sym")]
        state = STANDARD_STATES[ref]
        dims = _M if per == 1.0 else (1, 0, -1, 0, 0, 0)
        return StandardVolume(Unit(dims, volume * state.air_density() / per), m.end(), False, state)
    m = _VOLUME_WORDS.match(text, pos)
    if m:
        word = m.group("ref").lower()
        volume = _L if m.group("litre") else _WORD_VOLUME[m.group("what").lower()[:3]]
        ref = "us" if volume == _FT3 else word
        state = STANDARD_STATES[ref]
        return StandardVolume(Unit(_M, volume * state.air_density()), m.end(), True, state)
    return None


def standard_state_of(unit: str) -> StandardState | None:
    """The reference state of the gas volume in a unit as written ("Nm3/h": normal conditions), or None."""
    for start in range(len(unit)):
        if start == 0 or not unit[start - 1].isalpha():
            got = standard_volume_at(unit, start)
            if got is not None:
                return got.state
    return None
