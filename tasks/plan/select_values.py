"""What a request's values say about its physics when its words do not: a Mach number or a gas
speed above a third of the sound speed makes the flow compressible, a Reynolds number makes it
laminar or turbulent, an iteration count makes it steady, two different temperatures make heat
move. Pure: the request's quantities (tasks/plan/extract.py) in, the cues out; base selection
(tasks/plan/select.py) uses a cue only where the request's words leave the question open.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from tasks.plan.extract import Quantity, quantities

COMPRESSIBLE_MACH = 0.3  # density changes above a few per cent: compressible flow
SUPERSONIC_MACH = 1.2  # every part of the flow faster than sound (below: transonic from 0.8)
TRANSONIC_MACH = 0.8
SOUND_SPEED_AIR = 343.0  # m/s at 20 degC: a gas speed's Mach number when no Mach number is given
LAMINAR_RE = 2000.0  # at or below: laminar (pipe, channel, cavity, cylinder wake)
TURBULENT_RE = 1.0e4  # at or above: turbulent; in between the value decides nothing
# a liquid's speed says nothing of compressibility (its sound speed is about 1500 m/s)
_LIQUID = re.compile(r"\b(?:water|liquid|oil|glycerol|glycerine|honey|mercury|sea ?water|brine|fuel oil)\b", re.I)
# a Reynolds number that is no flow's bulk Reynolds number: Re_tau (friction), a particle's or a droplet's
_OTHER_RE = re.compile(r"(?:tau|τ|friction|wall units|particle|droplet|bubble|grain|magnetic)\W*\w*\W*$", re.I)


class ValueCues(BaseModel):
    """Physics the values imply; None where they imply nothing."""

    model_config = ConfigDict(extra="forbid")

    compressible: bool | None = None
    simulation_type: str | None = None  # 'laminar' or 'RAS'
    steady: bool | None = None
    energy: bool | None = None
    words: list[str] = []  # what a user would call the regime the values put it in ('supersonic')
    mach: float | None = None  # the Mach number stated, or the largest gas speed's over the sound speed


def mach_of(qs: list[Quantity], text: str) -> float | None:
    """The largest Mach number the request states, or its largest gas speed over the sound speed in
    air; None when it states neither (or the speed is a liquid's)."""
    machs = [q.value for q in qs if q.kind == "mach"]
    if machs:
        return max(machs)
    speeds = [q.value for q in qs if q.kind == "velocity"]
    if speeds and not _LIQUID.search(text):
        return max(speeds) / SOUND_SPEED_AIR
    return None


def flow_reynolds(qs: list[Quantity]) -> list[float]:
    """The flow Reynolds numbers stated (not a friction Reynolds number Re_tau, nor a particle's)."""
    return [q.value for q in qs if q.kind == "reynolds" and not _OTHER_RE.search(q.before[-24:])]


def regime_of(reynolds: list[float]) -> str | None:
    """'laminar' when every Reynolds number stated is low, 'RAS' when one is high, else None."""
    if not reynolds:
        return None
    if max(reynolds) >= TURBULENT_RE:
        return "RAS"
    if max(reynolds) <= LAMINAR_RE:
        return "laminar"
    return None


def distinct_temperatures(qs: list[Quantity], rel_tol: float = 1e-3) -> int:
    """How many different temperatures the request states (300 K and 27 degC are one)."""
    seen: list[float] = []
    for q in qs:
        if q.kind == "temperature" and not any(abs(q.value - v) <= rel_tol * max(v, 1.0) for v in seen):
            seen.append(q.value)
    return len(seen)


def value_cues(text: str) -> ValueCues:
    """The physics the request's values imply: compressible at Mach 0.3 and above, the regime of its
    Reynolds numbers, steady when it counts iterations (and states no physical time), heat transfer
    when it states two different temperatures."""
    qs = quantities(text)
    mach = mach_of(qs, text)
    steady = None
    times = any(q.kind == "time" for q in qs)
    if any(q.kind == "iterations" for q in qs) and not times:
        steady = True
    elif times:
        steady = False  # 'five seconds', 't = 2 ms': a physical time is a transient run's
    return ValueCues(
        compressible=True if mach is not None and mach >= COMPRESSIBLE_MACH else None,
        simulation_type=regime_of(flow_reynolds(qs)),
        steady=steady,
        energy=True if distinct_temperatures(qs) >= 2 else None,
        words=regime_words(mach),
        mach=mach,
    )


def regime_words(mach: float | None) -> list[str]:
    """The name of the speed regime a Mach number puts a flow in: supersonic from 1.2 (hypersonic
    from 5), transonic from 0.8, none below."""
    if mach is None or mach < TRANSONIC_MACH:
        return []
    if mach >= 5.0:
        return ["hypersonic", "supersonic"]
    return ["supersonic"] if mach >= SUPERSONIC_MACH else ["transonic"]
