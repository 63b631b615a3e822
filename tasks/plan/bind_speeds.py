"""Two statements of one inlet speed: a Mach number stated next to its own velocity ("Mach 0.3
(100 m/s)", "104 m/s, i.e. Ma 0.3"). They are one binding when they agree within the precision
the Mach number is given to; when they disagree, both are refused with both values."""

from __future__ import annotations

import math
import re

from tasks.plan.extract import normalise
from tasks.plan.stated import StatedQuantity

_SPEED_ROLES = ("inlet_velocity", "freestream_velocity")
_GAP = 40  # characters between a Mach number and the speed it is restated as
_SLACK = 0.02  # gas data and rounding of the speed


def _spans(text: str, q: StatedQuantity) -> list[tuple[int, int]]:
    low = text.lower()
    return [(m.start(), m.end()) for m in re.finditer(rf"(?<![\w.]){re.escape(q.text.lower())}", low)]


def _next_to(text: str, a: tuple[int, int], b: tuple[int, int]) -> bool:
    """The two spans are side by side: at most _GAP characters apart, with no number between."""
    gap = text[a[1]:b[0]] if a[1] <= b[0] else text[b[1]:a[0]]
    return len(gap) <= _GAP and not re.search(r"\d", gap) and not re.search(r"[.;]\s", gap)


def own_speed(text: str, mach: StatedQuantity, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated inlet speed written next to the Mach number, if any."""
    text = normalise(text)
    spans = _spans(text, mach)
    for s in stated:
        if s is mach or s.quantity != "velocity" or s.role not in _SPEED_ROLES:
            continue
        if any(_next_to(text, a, b) for a in spans for b in _spans(text, s)):
            return s
    return None


def mach_tolerance(mach: StatedQuantity) -> float:
    """The relative precision of a Mach number as written: half a unit of its last digit
    ("Mach 0.3": 0.05 / 0.3), plus a little for the gas data."""
    m = re.search(r"(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?\s*$", mach.text)
    if not m or mach.value <= 0:
        return _SLACK
    decimals = len(m.group(2) or "") - int(m.group(3) or 0)
    return 0.5 * 10.0 ** (-decimals) / mach.value + _SLACK


def speeds_agree(mach: StatedQuantity, sound_speed: float, speed: float) -> bool:
    """Mach x the speed of sound is the stated speed, to the precision the Mach number is given."""
    implied = mach.value * sound_speed
    return speed > 0 and abs(implied - speed) <= mach_tolerance(mach) * speed


# dimensionless groups -> the one dimensional value they fix, given the base's others ---------------
def froude_speed(froude: float, gravity: float, depth: float) -> float:
    """U = Fr sqrt(g L): the speed a Froude number gives for a depth (or height) L."""
    return froude * math.sqrt(gravity * depth)


def hartmann_field(hartmann: float, rho: float, nu: float, sigma: float, half_width: float) -> float:
    """B = Ha sqrt(rho nu / sigma) / L: the magnetic flux density of a Hartmann number over the
    channel's half-width L."""
    return hartmann * math.sqrt(rho * nu / sigma) / half_width


def peclet_diffusivity(peclet: float, speed: float, length: float) -> float:
    """D = U L / Pe."""
    return speed * length / peclet


def schmidt_diffusivity(schmidt: float, nu: float) -> float:
    """D = nu / Sc (Pr alike: alpha = nu / Pr)."""
    return nu / schmidt


def relative_factor(fraction: float, words: str) -> float | None:
    """1 + f for "40 % more/higher/faster/increase", 1 - f for "less/lower/slower/reduce";
    None when the words say neither."""
    up = re.search(r"\b(?:more|higher|greater|larger|bigger|faster|increase[sd]?|increasing|raise[sd]?|up|stronger|"
                   r"hotter|thicker)\b", words)
    down = re.search(r"\b(?:less|lower|smaller|slower|decrease[sd]?|decreasing|reduce[sd]?|reducing|cut|drop|down|"
                     r"weaker|colder|thinner)\b", words)
    if bool(up) == bool(down):
        return None
    return 1 + fraction if up else 1 - fraction
