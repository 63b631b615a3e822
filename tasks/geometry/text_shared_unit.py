"""One unit shared by a list of sizes: "60 cm long, 10 cm tall and five deep", "two centimetres high and
ten long", "5 deep and 10 cm wide". A bare number (digits or words) said with a size adjective takes the
length unit of the nearest sized dimension of the same clause (before it, else after it), as a reader
would. Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT
from tasks.geometry.text_drawing import drawing_unit
from tasks.geometry.text_numbers import digits

_WORDS = ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
          "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred").split()
_WORD = "|".join(sorted(_WORDS, key=len, reverse=True))
SPELLED_NUMBER = rf"(?:{_WORD})(?:(?:\s+and\s+|[\s-]+)(?:{_WORD}))*"

_SIZE_ADJ = r"(?:long|high|tall|wide|deep|thick|broad|across|in\s+(?:length|height|width|depth|diameter|radius))\b"
# a size with its unit and its adjective: "10 cm tall", "0.3 m in length"
_SIZED = re.compile(rf"(?<![\w.]){NUM}\s*(?P<unit>{UNIT})\s*(?:-\s*)?{_SIZE_ADJ}", re.I)
# a number with no unit before a size adjective: "5 deep", "ten long", "twenty-five wide"
# ("0.25 in radius" is a quarter inch: "in" after a bare number is the unit)
_BARE = re.compile(rf"(?<![\w./=^-])(?P<num>{NUM}|{SPELLED_NUMBER})(?P<gap>\s+|\s*-\s*)(?={_SIZE_ADJ})(?!in\b)", re.I)
# a clause's words about the mesh: bare numbers after them (and after any size) are cell counts
_MESH_WORD = re.compile(r"\b(?:mesh|grid|cells?|divisions|elements|resolution)\b", re.I)
# what ends a clause: a unit said in one clause is not lent to the next
_CLAUSE_END = re.compile(r"[;\n]|\.(?:\s|$)|:\s")


def _clause(text: str, at: int) -> tuple[int, int]:
    """The span of the clause holding position `at`."""
    start = max((m.end() for m in _CLAUSE_END.finditer(text, 0, at)), default=0)
    end = _CLAUSE_END.search(text, at)
    return start, end.start() if end else len(text)


def shared_units(text: str) -> str:
    """`text` with each bare number before a size adjective given the unit of its clause's nearest
    sized dimension: "60 cm long, 10 cm tall and 5 deep" -> "... and 5 cm deep". Numbers with no
    sized neighbour in their clause take the drawing's unit (declared, or the one most sizes carry; none
    when that is metres)."""
    out, last = [], 0
    drawn = drawing_unit(text)  # "all dims mm", or the unit most sizes carry: a bare size's, when no neighbour has one
    for m in _BARE.finditer(text):
        number = digits(m.group("num")).replace(" ", "")
        if not re.fullmatch(NUM, number) or float(number) <= 0:
            continue  # "two thirty": not one number
        value = float(number)
        start, end = _clause(text, m.start())
        before = [s for s in _SIZED.finditer(text, start, m.start())]
        counted = [c.end() for c in _MESH_WORD.finditer(text, max(0, start - 12), m.start())]  # "cells: 40 along"
        if counted and (not before or counted[-1] > before[-1].end()):
            continue  # "mesh 20 along and 10 across the radius": cell counts, not sizes
        after = None if before else _SIZED.search(text, m.end(), end)
        unit = (before[-1] if before else after).group("unit") if (before or after) else drawn
        if unit is None:
            continue
        out.append(text[last:m.start()] + f"{value:g} {unit} ")
        last = m.end()
    return "".join(out) + text[last:]


_RATIO = re.compile(rf"\b(?P<name>ratio|(?-i:ER|CR|AR)|[HDWLhdwl]\s*/\s*[HDWLhdwl]|(?:height|width|length|depth)\s*/\s*(?:height|width|length|depth))(?P<sep>\s*(?:of|=|:|is|equal\s+to)?\s*)(?P<num>{SPELLED_NUMBER})\b(?!\s*(?:-|to|:)\s*\w)", re.I)


def spelled_ratios(text: str) -> str:
    """A ratio's value written in words as digits: "expansion ratio three" -> "expansion ratio 3",
    "an aspect ratio of four" -> "... of 4", "H/W = two" -> "H/W = 2" (not "ratio two to one", read as a pair elsewhere)."""
    def one(m: re.Match[str]) -> str:
        number = digits(m.group("num")).replace(" ", "")
        return f"{m.group('name')}{m.group('sep')}{number}" if re.fullmatch(NUM, number) else m.group(0)
    return _RATIO.sub(one, text)
