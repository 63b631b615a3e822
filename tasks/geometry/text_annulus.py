"""The two round walls of an annulus named as machine parts: the inner one ("rotor", "shaft", "spindle",
"bob", "inner cylinder") and the outer one ("stator", "housing", "casing", "sleeve", "cup", "bore", "outer
cylinder"), each with its size ("bore 80 mm", "rotor 40 mm diameter", "a Ø30 shaft", "housing ID 3 in",
"stator of radius 5 cm"). A size without "radius" is a diameter, as a drawing gives it. Pure functions; metres."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor

INNER_PART = r"(?:rotor|shaft|spindle|bob|inner\s+(?:cylinder|tube|pipe|wall|rod|drum)|rotating\s+(?:cylinder|drum))"
OUTER_PART = (r"(?:stator|housing|casing|sleeve|cup|bore|outer\s+(?:cylinder|tube|pipe|wall|shell|drum)"
              r"|(?:stationary|fixed)\s+(?:outer\s+)?(?:cylinder|drum))")
_KIND = r"(?P<kind>diameter|dia\.?|radius|(?-i:OD|ID|R|D)|Ø|⌀)"
_SIZE = rf"(?P<num>{NUM})\s*(?P<unit>{UNIT})?"


def _part_size(text: str, part: str) -> float | None:
    """The radius (m) of the part named by `part`: its size after the name ("rotor 40 mm diameter", "bore:
    80 mm", "stator of radius 5 cm", "housing with an ID of 3 in") or before it ("a 40 mm rotor", "Ø30 shaft")."""
    after = re.compile(rf"\b{part}\b\s*[,:(]?\s*(?:(?:is|has|with|having|of)\s+)?(?:an?\s+)?(?:{_KIND}\s*(?:of|=|:|is)?\s*)?"
                       rf"{_SIZE}(?:\s*(?:in\s+)?(?P<kind2>diameter|dia\b|radius|across))?", re.I)
    before = re.compile(rf"(?:(?<![\w.])(?P<kind>Ø|⌀|(?-i:R))\s*|(?<![\w.])){_SIZE}\s*(?:-\s*)?(?P<kind2>diameter|dia\b|radius)?\s+"
                        rf"(?:\w+\s+)?{part}\b", re.I)
    for pattern in (after, before):
        m = pattern.search(text)
        if not m or not (m.group("unit") or m.group("kind") in ("Ø", "⌀")):
            continue
        value = float(m.group("num")) * unit_factor(m.group("unit") or "mm")  # "Ø30": a drawing's millimetres
        kind = (m.group("kind") or m.group("kind2") or "diameter").lower()
        return value if kind in ("radius", "r") else value / 2
    return None


def part_radii(text: str) -> dict[str, float]:
    """{"inner_radius": ..., "outer_radius": ...} of the parts the text names and sizes."""
    out = {}
    for key, part in (("inner_radius", INNER_PART), ("outer_radius", OUTER_PART)):
        r = _part_size(text, part)
        if r:
            out[key] = r
    return out
