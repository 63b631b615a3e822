"""The width and height of a region a recipe fills, in the words users write them: "0.1 x 0.2 m
(W x H)", "10 x 20 cm (width x height)", "20 cm high by 10 cm wide", "measures 10 cm in width and
20 cm in height", "width: 100 mm, height: 200 mm". Pure; the dam-break recipe sizes its water
column with it when the request's own role words (ctx.q) leave a size unread.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

_UNITS = {"mm": 1e-3, "cm": 1e-2, "m": 1.0, "in": 0.0254, "inch": 0.0254, "inches": 0.0254, "ft": 0.3048,
          "foot": 0.3048, "feet": 0.3048}
_UNIT = r"(?:mm|cm|m|inch(?:es)?|in|ft|foot|feet)"
_NUM = r"\d+(?:\.\d+)?"
_WIDTH = r"w|width|wide|b|breadth|l|length|long|x"
_HEIGHT = r"h|height|high|tall|y|depth|deep"
_ROLE = {**{w: "width" for w in _WIDTH.split("|")}, **{w: "height" for w in _HEIGHT.split("|")}}
# "0.1 x 0.2 m (W x H)", "10 cm x 20 cm (width x height)", "100 by 200 mm (h x w)"
_PAIR = re.compile(rf"(?<![\w.])(?P<a>{_NUM})\s*(?P<ua>{_UNIT})?\s*(?:x|×|\*|by)\s*(?P<b>{_NUM})\s*(?P<ub>{_UNIT})\b"
                   rf"(?:(?:\s+[a-z]+){{0,3}}?\s*\(\s*(?P<la>{_WIDTH}|{_HEIGHT})\s*(?:x|×|\*|by)\s*(?P<lb>{_WIDTH}|{_HEIGHT})\s*(?:[,;][^()]*)?\))?", re.I)
# one size with its role word after it ("10 cm wide", "20 cm in height") or before it ("width: 10 cm")
_AFTER = re.compile(rf"(?<![\w.])(?P<v>{_NUM})\s*(?P<u>{_UNIT})\s+(?:in\s+)?(?P<role>width|wide|height|high|tall)\b", re.I)
_BEFORE = re.compile(rf"\b(?P<role>width|height)\s*(?:of|=|:|is)?\s*(?:about\s+)?(?P<v>{_NUM})\s*(?P<u>{_UNIT})\b", re.I)

# a size said of the container, not of the region in it ("a tank 0.584 m wide")
_CONTAINER = re.compile(r"\b(?:tank|domain|box|channel|container|vessel|basin)\b[^,;.]*$", re.I)


class RegionSize(BaseModel):
    """One size of a region: its role (width or height), metres, and the words that state it."""

    model_config = ConfigDict(extra="forbid")

    role: str
    value: float
    words: str


def region_sizes(text: str) -> dict[str, RegionSize]:
    """Width and height a request gives a region, the first of each; a bare pair "A x B m" is
    width x height (the order drawings use); labels in brackets after it decide otherwise."""
    found: dict[str, RegionSize] = {}
    for m in _PAIR.finditer(text):
        if _CONTAINER.search(text[max(0, m.start() - 30):m.start()]):
            continue
        unit_b = _UNITS[m.group("ub").lower()]
        unit_a = _UNITS[m.group("ua").lower()] if m.group("ua") else unit_b
        roles = (_ROLE[m.group("la").lower()], _ROLE[m.group("lb").lower()]) if m.group("la") else ("width", "height")
        if roles[0] == roles[1]:
            continue
        for role, value in zip(roles, (float(m.group("a")) * unit_a, float(m.group("b")) * unit_b)):
            found.setdefault(role, RegionSize(role=role, value=value, words=m.group(0)))
    from tasks.plan.flow_lengths import flow_length

    for pattern in (_AFTER, _BEFORE):
        for m in pattern.finditer(text):
            if _CONTAINER.search(text[max(0, m.start() - 30):m.start()]):
                continue
            if flow_length(text[max(0, m.start() - 80):m.start() + m.group(0).find(m.group("v"))],
                           text[m.end():m.end() + 40], float(m.group("v")) * _UNITS[m.group("u").lower()]):
                continue  # "wall roughness height 0.2 mm", "a film 0.1 mm high": no region's size
            role = "width" if m.group("role").lower().startswith("wid") else "height"
            found.setdefault(role, RegionSize(role=role, value=float(m.group("v")) * _UNITS[m.group("u").lower()],
                                              words=m.group(0)))
    return found
