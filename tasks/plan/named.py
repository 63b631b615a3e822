"""Values a request sets by an entry's name or meaning: "DT 0.002", "a diffusivity of 0.002
m2/s", "Young's modulus 70 GPa", "strike 50". Only entries the base case really has are set.

Pure: the base's dictionaries in, (stated quantity, file, entry, value) matches out.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from tasks.plan.controls import (  # the matching lives with the controls it also reads (no import cycle)
    _COMMON,
    _LINK,
    _LINKWORD,
    _NUM,
    _SYMBOL_LINK,
    _value_after,
    aliases,
    find_named,
)
from tasks.plan.stated import StatedQuantity, written_as

__all__ = ["_COMMON", "_LINK", "_LINKWORD", "_NUM", "_SYMBOL_LINK", "_value_after", "aliases", "find_named", "stated_for", "find_porous_values",
           "porous_vector", "PorousValue", "POROUS_NAMES"]


def stated_for(match: tuple[str, float, str, int], stated: list[StatedQuantity], text: str = "") -> StatedQuantity:
    """The stated quantity a named value is (same text; of equal ones, the one at the same place:
    "room air 293.15 K, TRef 293.15 K" names the second), or a new one for a unit-less parameter.
    `text` is the normalised request the match's position is in."""
    name, value, raw, at = match
    same = [q for q in stated if written_as(q, raw) and abs(q.value - value) <= 1e-9 * max(1, abs(value))]
    if same:
        earlier = len(re.findall(rf"(?<![\w.]){re.escape(raw.strip().lower())}", text[:at].lower())) if text else 0
        return same[min(earlier, len(same) - 1)]
    return StatedQuantity(text=f"{name} {raw}".strip(), quantity="parameter", value=value, role=f"entry:{name}")


# a porous zone's coefficient vectors, by symbol or meaning ("d = (5e7 -1000 -1000)", "Darcy
# coefficient 1e8 along e1", "inertial resistance 0.5 1/m") -----------------------------------
_WORDS = r"(?:\s+(?:coefficients?|resistances?|terms?|tensor|vector|loss(?:es)?|factor))*"
POROUS_NAMES: dict[str, str] = {
    "d": rf"darcy{_WORDS}(?:\s+d\b)?|viscous\s+(?:resistance|loss|drag){_WORDS}(?:\s+d\b)?"
         rf"|permeability\s+resistance{_WORDS}|(?<![\w.'$-])(?<!\d\s)d(?=\s*(?:=|:|\(|[-+.\d]))",
    "f": rf"(?<![a-z])forchheimer{_WORDS}(?:\s+f\b)?|inertial\s+(?:resistance|loss|drag|coefficients?){_WORDS}(?:\s+f\b)?"
         rf"|(?<![\w.'$-])(?<!\d\s)f(?=\s*(?:=|:|\(|[-+.\d]))",
}
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_VECTOR3 = re.compile(rf"\(\s*({_NUMBER})\s*[,\s]\s*({_NUMBER})\s*[,\s]\s*({_NUMBER})\s*\)")
_ALL_WAYS = re.compile(r"\bisotropic|\ball\s+(?:three\s+)?directions|\bevery\s+direction|\beach\s+direction"
                       r"|\bin\s+all\s+axes")
_AXES = (("e2", 1), ("e3", 2), ("e1", 0))


class PorousValue(BaseModel):
    """One coefficient of a DarcyForchheimer zone the request states: `key` d or f, the whole
    vector or one value for `component` (None: every direction), where its number is."""

    model_config = ConfigDict(extra="forbid")

    key: Literal["d", "f"]
    vector: list[float] | None = None
    value: float | None = None
    component: int | None = 0
    raw: str
    at: int


def find_porous_values(text: str) -> list[PorousValue]:
    """The d and f values a (normalised) request gives its porous zone. A scalar is the main
    (e1) component unless the words name e2/e3 or every direction; the value is the first
    vector or number within a few words of the name (no other number between)."""
    low = text.lower()
    out: list[PorousValue] = []
    seen: set[int] = set()
    for key, pattern in POROUS_NAMES.items():
        for m in re.finditer(pattern, low):
            window = low[m.end():m.end() + 70]
            vector = _VECTOR3.search(window)
            number = re.search(rf"(?<![\w.]){_NUMBER}", re.sub(r"\be[123]\b", "  ", window))
            hit = vector if vector and (not number or vector.start() < number.start()) else number
            if hit is None or re.search(r"[\d;,]|\n", re.sub(r"\be[123]\b", "", window[:hit.start()])) \
                    or any(re.search(p, window[:hit.start()]) for p in POROUS_NAMES.values()):
                continue
            at = m.end() + hit.start()
            if at in seen:
                continue
            seen.add(at)
            if hit is vector:
                out.append(PorousValue(key=key, vector=[float(x) for x in vector.groups()], raw=vector.group(0),
                                       at=at))
                continue
            before = re.split(r"[;,:\n]|\.\s", low[max(0, m.start() - 30):m.start()])[-1]
            after = re.split(r"[;,\n]|\.\s", low[m.end() + hit.end():m.end() + hit.end() + 40])[0]
            words = f"{before} {low[m.start():m.end() + hit.end()]} {after}"
            component = None if _ALL_WAYS.search(words) else \
                next((i for axis, i in _AXES if re.search(rf"\b{axis}\b", words)), 0)
            out.append(PorousValue(key=key, value=float(hit.group(0)), component=component, raw=hit.group(0), at=at))
    return sorted(out, key=lambda p: p.at)


def porous_vector(old: list[float], stated: PorousValue) -> list[float]:
    """The zone's new d or f: the stated vector, else the old one with the stated component
    (or every component) set; the other components (relative negative ones too) stay."""
    if stated.vector is not None:
        return list(stated.vector)
    value = stated.value if stated.value is not None else 0.0
    if stated.component is None:
        return [value] * 3
    return [value if i == stated.component else x for i, x in enumerate(old)]
