"""Boxes a request states for a tutorial's regions: the liquid a dam break starts with ("water column x 0-0.5,
y 0-0.25, z 0-0.6 m", "a column of water in the corner at the origin, 0.5 m long in x, 0.25 m wide in y and
0.6 m high in z") and a solid block its mesh cuts out ("obstacle block (0.375 0.375 0)-(0.625 0.625 0.35)", "a
block from x = 0.375 to 0.625 m and y = 0.375 to 0.625 m stands on the floor and is 0.35 m tall"). Each box is
read from the words between its noun and the next region's noun: corner points, axis ranges, sizes along named
axes from the origin, a product of sizes from the origin, a height up from the floor. Pure functions; metres.

The binder step that writes them (setFieldsDict's boxToCell, topoSetDict's boxToCell) is
tasks/plan/bind_region_boxes.py."""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.geometry.placement import axis_ranges
from tasks.geometry.spec import NUM, UNIT, unit_factor

LIQUID = r"water|liquid|oil|column\s+of\s+(?:water|liquid)|(?:water|liquid)\s+column|dam"
SOLID = r"obstacles?|blocks?|solid\s+bod(?:y|ies)|cuboids?|buildings?|pillars?|bricks?"
_NOUN = re.compile(rf"\b(?:(?P<liquid>{LIQUID})|(?P<solid>{SOLID}))\b", re.I)
_POINT = rf"\(\s*({NUM})\s*[,;]?\s+({NUM})\s*[,;]?\s+({NUM})\s*\)"
_CORNERS = re.compile(rf"{_POINT}\s*({UNIT})?\s*(?:-|–|to|and|,)\s*{_POINT}\s*({UNIT})?", re.I)
_AXIS_SIZE = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:long|wide|high|tall|deep)?\s+(?:in|along)\s+(?:the\s+)?([xyz])\b", re.I)
_PRODUCT = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})?\s*(?:x|×|by)\s*({NUM})\s*({UNIT})?\s*(?:x|×|by)\s*({NUM})\s*({UNIT})", re.I)
_FROM_ORIGIN = re.compile(r"\b(?:origin|(?:in|at)\s+the\s+corner|from\s+the\s+corner)\b", re.I)
_HEIGHT = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:tall|high)\b|\bheight\s+(?:is\s+|of\s+|=\s*)?({NUM})\s*({UNIT})", re.I)
_RANGE_BOTH = re.compile(rf"\bfrom\s+({NUM})\s*({UNIT})?\s+to\s+({NUM})\s*({UNIT})\s+in\s+([xyz])\s+and\s+([xyz])\b", re.I)


class StatedBox(NamedTuple):
    """A region's box as the words give it: its kind (liquid or solid), its low and high corner (None on an
    axis the words leave open) and where its words are in the text."""

    kind: str
    lo: tuple[float | None, float | None, float | None]
    hi: tuple[float | None, float | None, float | None]
    start: int
    end: int


def _metres(value: str, unit: str | None) -> float:
    return float(value) * unit_factor(unit or "m")


def _segments(text: str) -> list[tuple[str, int, int]]:
    """(kind, start, end) of each region's words: from its noun to the next noun of the other kind."""
    found = [(("liquid" if m.group("liquid") else "solid"), m.start()) for m in _NOUN.finditer(text)]
    merged: list[tuple[str, int]] = []
    for kind, at in found:
        if not merged or merged[-1][0] != kind:
            merged.append((kind, at))
    ends = [at for _, at in merged[1:]] + [len(text)]
    return [(kind, at, end) for (kind, at), end in zip(merged, ends)]


def _box(words: str, up: int) -> tuple[list[float | None], list[float | None]] | None:
    """The box the words give (see the module), `up` the vertical axis; None when they give none."""
    lo: list[float | None] = [None, None, None]
    hi: list[float | None] = [None, None, None]
    corners = _CORNERS.search(words)
    if corners:
        unit = corners.group(8) or corners.group(4)
        a = [_metres(corners.group(i), corners.group(4) or unit) for i in (1, 2, 3)]
        b = [_metres(corners.group(i), unit) for i in (5, 6, 7)]
        return [min(p, q) for p, q in zip(a, b)], [max(p, q) for p, q in zip(a, b)]
    for k, axis in enumerate("xyz"):
        ranges = axis_ranges(words, axis)
        if ranges:
            lo[k], hi[k] = ranges[0]
    both = _RANGE_BOTH.search(words)  # "from 37.5 to 62.5 cm in x and y"
    if both:
        unit = both.group(4)
        for axis in (both.group(5), both.group(6)):
            k = "xyz".index(axis.lower())
            lo[k], hi[k] = _metres(both.group(1), both.group(2) or unit), _metres(both.group(3), unit)
    origin = bool(_FROM_ORIGIN.search(words))
    for m in _AXIS_SIZE.finditer(words):  # "0.5 m long in x" from the origin
        k = "xyz".index(m.group(3).lower())
        if lo[k] is None and origin:
            lo[k], hi[k] = 0.0, _metres(m.group(1), m.group(2))
    product = _PRODUCT.search(words)
    if product and origin and all(v is None for v in lo):  # "50 cm x 25 cm x 60 cm starting from origin": x, y, z
        unit = product.group(6)
        sizes = [_metres(product.group(i), product.group(i + 1) or unit) for i in (1, 3, 5)]
        return [0.0, 0.0, 0.0], sizes
    height = _HEIGHT.search(words)
    if height and lo[up] is None and any(v is not None for v in lo):  # "stands on the floor and is 0.35 m tall"
        lo[up], hi[up] = 0.0, _metres(height.group(1) or height.group(3), height.group(2) or height.group(4))
    if all(v is None for v in lo):
        return None
    return lo, hi


def stated_boxes(text: str, up: int = 2) -> list[StatedBox]:
    """Every region box the request states, in the order written (`up`: the vertical axis, for a height)."""
    out: list[StatedBox] = []
    for kind, start, end in _segments(text):
        box = _box(text[start:end], up)
        if box is not None:
            out.append(StatedBox(kind, tuple(box[0]), tuple(box[1]), start, end))  # type: ignore[arg-type]
    return out


def in_stated_box(text: str, said: str, up: int = 2) -> bool:
    """The words `said` (a stated length) are part of a region's box, not a size of the domain."""
    at = text.find(said)
    return at >= 0 and any(b.start <= at < b.end for b in stated_boxes(text, up))
