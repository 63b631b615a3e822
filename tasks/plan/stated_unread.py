"""Values the request gives in a unit Casewright does not read ("a heat source of 1e6 W/m3",
"mu0 = 1.2566e-6 H/m", "2 mol/m3 of tracer"): each becomes a stated quantity that is reported as
not applied with its unit named, so no number with a unit is dropped without a word (tasks/plan/stated.py
makes them stated quantities of role `bare_value`)."""

from __future__ import annotations

import re
from typing import NamedTuple, Protocol, TypeVar

from tasks.plan.extract_models import Quantity
from tasks.plan.units import read_at

# one SI symbol with an optional prefix and power: "m3", "s^-1", "kmol", "µA", "Ohm"
_ATOM = (r"(?:[yzafpnµumcdhkMGTPE]?(?:mol|Pa|Wb|Hz|Ohm|Ω|bar|rad|cd|lm|lx|Bq|Gy|Sv|kat|[mgsKANJWCVFSHTL])"
         r"(?:\^?[-−]?\d)?)")
# a unit made of symbols joined by "/", "·", "*" or "." (or a bracketed product after "/"), or one
# symbol raised to a power; "1/m3" counts; a unit said with words ("per", "cubic") is read elsewhere
_COMPOUND = (rf"(?:1|{_ATOM})(?:(?:[/·*.]{_ATOM})|(?:/\(\s*{_ATOM}(?:[\s·*.]{_ATOM})*\s*\)))+"
             rf"|[yzafpnµumcdhkMGTPE]?[mgsKANJWCVFSHTL]\^?[-−]?[2-9]")
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:\s*[eE]\s*[-+]?\d+|\s*[x×]\s*10\^?[-+−]?\d+)?"
_VALUE_IN_UNIT = re.compile(rf"(?<![\w.^/])(?P<num>{_NUMBER})\s*(?P<unit>{_COMPOUND})(?![\w/^(])")


class UnreadValue(NamedTuple):
    """A value in a unit Casewright does not read, as written, and why nothing was set from it."""

    text: str
    value: float
    note: str


UNREAD = "unread_unit"  # the quantity kind of a value in a unit Casewright does not read
_CHANGED_TO = re.compile(r"\s*(?:to|->|→|=>)\s*[-+]?\.?\d")


def unread_units(text: str, found: list[Quantity], held: list[tuple[int, int]]) -> list[UnreadValue]:
    """The values of `text` written with a unit that no reading of `found` covers (and no solver
    control in `held` spans), each with the note that says why it cannot be set."""
    covered = [(q.start, q.start + len(q.text)) for q in found] + held
    out: list[UnreadValue] = []
    for m in _VALUE_IN_UNIT.finditer(text):
        if any(a <= m.start("num") < b or a < m.end("unit") <= b for a, b in covered):
            continue
        if _reads(m.group("unit")):
            continue  # a unit of a known kind: its value was read, or left out on purpose ("1 mm2/s (1e-6 m2/s)")
        if _CHANGED_TO.match(text, m.end()):
            continue  # "from 1 m/s to 5 m/s": the old value of a change, read with the new one
        unit = m.group("unit")
        written = m.group(0).strip()
        out.append(UnreadValue(written, _number(m.group("num")),
                               f"{written}: Casewright does not read values in {unit}, so it set no entry from it; "
                               f"set it in the case files by hand (or give it in a unit Casewright reads)"))
    return out


class _Stated(Protocol):
    """What read_by_name needs of a stated quantity (tasks.plan.stated.StatedQuantity)."""

    text: str
    quantity: str


_S = TypeVar("_S", bound=_Stated)


def read_by_name(stated: list[_S]) -> list[_S]:
    """The stated quantities without the values reported as in an unread unit that a by-name
    binding read after all ("absorptivity 0.2 1/m" set absorptivity 0.2: a `parameter` quantity
    whose number is the same)."""
    named = {_number(t) for q in stated if q.quantity == "parameter" for t in re.findall(_NUMBER, q.text)}
    return [q for q in stated if q.quantity != UNREAD or _number(q.text.split()[0]) not in named]


def _reads(unit: str) -> bool:
    """Whether the unit, as a whole, is one of the kinds the quantity reader knows."""
    reading = read_at(unit, 0)
    return reading is not None and reading.end == len(unit)


def _number(written: str) -> float:
    """The value of a number as written ("1e6", "2.5 x 10^3")."""
    mantissa, _, power = re.sub(r"\s+", "", written).replace("×", "x").replace("−", "-").partition("x10")
    return float(mantissa) * (10 ** float(power.lstrip("^")) if power else 1.0)
