"""Vectors a request states with a unit: written whole ("(10 0 0) m/s", "[3, 0, -1] m/s") or as
components ("Ux = 10 m/s, Uy = 1 m/s", "10 m/s in x and 2 m/s in y", "an x-component of 4 m/s
and a y-component of 1 m/s", "u = 3 m/s, v = 0.5 m/s").

Pure functions over (normalised) text. A vector is read only when its unit is one of a known
kind (units.py's grammar), and components only when two or more of one kind, each along another
axis, are listed together; a lone "5 m/s in x" is a speed with a direction, read elsewhere.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

from tasks.plan.units import read_at, tidy

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_SEP = r"\s*[,;]?\s*"
# "(10 0 0) m/s", "(10, 1, 0) m/s", "[3, 0, -1] m/s"
_WHOLE = re.compile(rf"(?<![\w.])[(\[]\s*(?P<a>{_NUM}){_SEP}(?P<b>{_NUM}){_SEP}(?P<c>{_NUM})\s*[)\]]\s*")
_AXES = "xyz"
_UVW = {"u": "x", "v": "y", "w": "z"}
# a component named before its value: "Ux = 10", "U_y: 1", "the x-component of 4", "y velocity 2"
_NAMED = re.compile(rf"(?<![\w.])(?:[Uu]_?(?P<ax>[xyz])|(?P<uvw>[uvw])"
                    rf"|(?:an?\s+|the\s+)?(?P<word>[xyz])[- ]?(?:component|velocity|speed)(?:\s+of\s+the\s+velocity)?)"
                    rf"(?![\w])\s*(?:=|:|of|is|at)?\s*(?=[-+]?\.?\d)")
# a component named after its value: "10 m/s in x", "2 m/s along the y-axis", "1 m/s in the -z direction"
_AFTER = re.compile(r"\s*(?:in|along|towards?)\s+(?:the\s+)?(?P<sign>[+-]?)\s*(?P<ax>[xyz])"
                    r"(?:[- ]?(?:direction|axis|component))?(?![\w])")
_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+)?|;\s*|and\s+|&\s*|plus\s+|with\s+)")


class Vector(NamedTuple):
    """A vector as written: where it starts and ends, its SI components and its kind."""

    start: int
    end: int
    components: tuple[float, float, float]
    kind: str

    @property
    def magnitude(self) -> float:
        return tidy(math.sqrt(sum(c * c for c in self.components)))

    @property
    def on_axis(self) -> bool:
        """Along one axis (or zero): a speed and an axis say it ("(12 0 0) m/s" is 12 m/s in x)."""
        return sum(1 for c in self.components if c) <= 1

    @property
    def direction(self) -> list[float]:
        size = math.sqrt(sum(c * c for c in self.components))
        return [tidy(c / size) if size else 0.0 for c in self.components]


class _Part(NamedTuple):
    start: int
    end: int
    axis: int
    value: float
    kind: str
    named: bool  # named by a symbol or word before it (Ux, u, x-component), not after


def _unit_at(text: str, pos: int) -> tuple[int, str, float] | None:
    """(end, kind, factor) of the unit at `pos`, when it is one without an offset."""
    got = read_at(text, pos)
    if got is None or got.unit.offset:
        return None
    return got.end, got.kind, got.unit.factor


def _whole(text: str) -> list[Vector]:
    out = []
    for m in _WHOLE.finditer(text):
        unit = _unit_at(text, m.end())
        if unit is None:
            continue
        end, kind, factor = unit
        values = tuple(tidy(float(m.group(g)) * factor) for g in "abc")
        out.append(Vector(m.start(), end, values, kind))  # type: ignore[arg-type]
    return out


_VALUE = re.compile(rf"(?P<num>{_NUM})\s*")


def _parts(text: str) -> list[_Part]:
    parts: list[_Part] = []
    for m in _NAMED.finditer(text):
        value = _VALUE.match(text, m.end())
        unit = _unit_at(text, value.end()) if value else None
        if value is None or unit is None:
            continue
        axis = m.group("ax") or (_UVW[m.group("uvw")] if m.group("uvw") else m.group("word"))
        end, kind, factor = unit
        parts.append(_Part(m.start(), end, _AXES.index(axis), float(value.group("num")) * factor, kind, True))
    for value in re.finditer(rf"(?<![\w.])(?P<num>{_NUM})\s*", text):
        unit = _unit_at(text, value.end())
        if unit is None:
            continue
        end, kind, factor = unit
        after = _AFTER.match(text, end)
        if after is None:
            continue
        sign = -1.0 if after.group("sign") == "-" else 1.0
        parts.append(_Part(value.start(), after.end(), _AXES.index(after.group("ax")),
                           sign * float(value.group("num")) * factor, kind, False))
    return sorted(parts)


def _runs(text: str, parts: list[_Part]) -> list[list[_Part]]:
    """Parts listed together (", ", " and ", "; "), of one kind, each along another axis."""
    runs: list[list[_Part]] = []
    for p in parts:
        last = runs[-1][-1] if runs else None
        if (last is not None and p.start >= last.end and p.kind == last.kind
                and all(q.axis != p.axis for q in runs[-1]) and _JOIN.fullmatch(text, last.end, p.start)):
            runs[-1].append(p)
        elif last is None or p.start >= last.end:
            runs.append([p])
    return [r for r in runs if len(r) >= 2]


def find_vectors(text: str) -> list[Vector]:
    """Every vector with a unit in `text`, written whole or as two or more listed components
    (missing components are 0), sorted by position."""
    found = _whole(text)
    for run in _runs(text, _parts(text)):
        if any(v.start < run[-1].end and run[0].start < v.end for v in found):
            continue
        values = [0.0, 0.0, 0.0]
        for p in run:
            values[p.axis] = tidy(p.value)
        found.append(Vector(run[0].start, run[-1].end, tuple(values), run[0].kind))  # type: ignore[arg-type]
    return sorted(found)
