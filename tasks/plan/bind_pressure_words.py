"""What the words of a stated pressure say it is: the domain's initial state (a charged vessel,
tank or reservoir, "initially", "starts at") or the surroundings it discharges to (ambient,
atmosphere, far field, "vents to"). Pure word tables and functions for bind_pressure."""

from __future__ import annotations

import re
from typing import Literal

Place = Literal["initial", "ambient"]

# the state the domain starts from: "initially", "starts at", "at t = 0", "a tank charged to", "pressurised to"
_INITIAL = re.compile(r"\binitial(?:ly)?\b|\bstart(?:s|ing|ed)?\b|\bt\s*=\s*0\b|\btime\s+zero\b|\bpressuri[sz]ed\b|"
                      r"\bcharged\b|\bfilled\b|\bvessels?\b|\btanks?\b|\bchambers?\b|\breservoirs?\b|\bplenums?\b|"
                      r"\bbottles?\b|\binside\b|\binterior\b|\bdomain\b|\beverywhere\b|\bcontain", re.I)
# the surroundings a vessel or nozzle discharges to: "ambient", "the atmosphere", "far field", "vents to"
_AMBIENT = re.compile(r"\bambient\b|\batmospher(?:e|ic)\b|\bsurround(?:ing)?s?\b|\benvironment\b|\bfar[- ]?field\b|"
                      r"\bfree[- ]?stream\b|\boutside\b|\bexterior\b|\bopen\s+air\b|"
                      r"\b(?:discharg|exhaust|vent|releas|empt|blow)\w*\s+(?:in)?to\b", re.I)
# a region inside the domain that holds the stagnation state of a discharge (no inlet patch)
_VESSEL = re.compile(r"\b(?:reservoirs?|vessels?|tanks?|chambers?|plenums?|bottles?|upstream)\b", re.I)


def pressure_place(before: str, after: str = "") -> Place | None:
    """"initial" when the words before a pressure (else right after it) say the domain starts there,
    "ambient" when they name the surroundings only, None when they say neither. Initial wins: "the
    gas initially at ambient pressure" is the domain's start."""
    for words in (before, after):
        if _INITIAL.search(words):
            return "initial"
        if _AMBIENT.search(words):
            return "ambient"
    return None


def names_a_vessel(words: str) -> bool:
    """True when the words put a pressure in a vessel, tank, reservoir or the upstream part of a
    discharge ("reservoir at 3 bar", "the tank holds 150 bar")."""
    return bool(_VESSEL.search(words))
