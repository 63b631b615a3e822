"""Cell counts written after their key, put in the order the count readers know ("100 cells across").

"cells across the gap: 100", "number of cells in x = 80", "cell count along y is 40",
"nx=60 ny=30", "N_x: 60", "resolution (x,y) = (120, 40)", "cells (x, y, z) = (20 20 1)": the
same counts as "100 cells across the gap", "80 cells in x", "60 cells in x, 30 cells in y".
Pure text rewrites, idempotent (the value-first forms they give match none of them again).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tasks.plan.units import read_at

_INT = r"(?P<num>\d+)(?!\d|[.,]\d|[ \t]*(?:[%°/(\[×*]|[xX][ \t]*\d|by[ \t]+\d))"
_LINK = r"[ \t]*(?:=|:|is|are|of|should\s+be|must\s+be|will\s+be|to)?[ \t]*"
# the cells named first: "(number of) (mesh) cells across the gap: 100", "cell count in x = 80",
# "cells in the y direction should be 40", "grid cells along the channel: 200"
_CELLS_FIRST = re.compile(
    r"(?<![\w-])(?:(?:the\s+)?(?:total\s+)?(?:number|no\.?|count|#)\s+of\s+)?(?:(?:mesh|grid)\s+)?"
    r"(?P<noun>cells?|elements?|divisions?)(?:\s+count|\s+number)?"
    r"(?P<words>(?:[ \t]+(?!(?:is|are|of|should|must|will|to)\b)[A-Za-z][\w-]*){0,5}?)"
    rf"[ \t]*(?:=|:|is|are|should\s+be|must\s+be|will\s+be)[ \t]*{_INT}", re.I)
# a direction's count by its symbol: "nx=60", "Nx: 60", "n_x 60", "NY = 30"
_SYMBOL = re.compile(rf"(?<![\w.-])n_?(?P<axis>[xyz])(?![\w]){_LINK}{_INT}", re.I)
# the directions in brackets, then their counts: "resolution (x,y) = (120, 40)", "cells (x, y, z): (20 20 1)"
_BRACKETED = re.compile(
    r"(?<![\w-])(?P<key>resolution|cells|mesh|grid|cell\s+counts?|divisions|number\s+of\s+cells)[ \t]*"
    r"[(\[][ \t]*(?P<axes>[xyz](?:[ \t]*[,/ ][ \t]*[xyz]){1,2})[ \t]*[)\]]"
    r"[ \t]*(?:=|:|is|are)?[ \t]*[(\[][ \t]*(?P<nums>\d+(?:[ \t]*[, ][ \t]*\d+){1,2})[ \t]*[)\]]", re.I)


# a further direction after a count put first: "80 cells in x and in y: 40" -> "... and 40 cells in y"
_FURTHER = re.compile(r"(?P<head>\d+ cells (?:in|along|across) [^,;.:=\d]{1,30}?(?:,|\s)\s*(?:and\s+)?)"
                      rf"(?P<prep>in|along|across)\s+(?P<words>[^,;:=\d]{{1,25}}?){_LINK}{_INT}", re.I)


def _bare(rewrite: Callable[[re.Match[str]], str]) -> Callable[[re.Match[str]], str]:
    """`rewrite` where the count's number has no unit after it ("cells are 5 mm" is a size)."""
    def apply(m: re.Match[str]) -> str:
        gap = re.match(r"[ \t]*", m.string[m.end():])
        return m.group(0) if read_at(m.string, m.end() + gap.end()) is not None else rewrite(m)
    return apply


def _cells_first(m: re.Match[str]) -> str:
    words = m.group("words").strip()
    if not words:
        return m.group(0)  # "cell count = 6400": a total, which the total-count reader takes as written
    return f"{m.group('num')} cells {words}"


def _bracketed(m: re.Match[str]) -> str:
    axes = re.findall(r"[xyz]", m.group("axes"), re.I)
    nums = re.findall(r"\d+", m.group("nums"))
    if len(axes) != len(nums):
        return m.group(0)
    return ", ".join(f"{n} cells in {a.lower()}" for a, n in zip(axes, nums))


def keyed_cell_counts(text: str) -> str:
    """The text with each cell count written after its key put before it ("nx=60" -> "60 cells in x")."""
    text = _BRACKETED.sub(_bracketed, text)
    text = _SYMBOL.sub(_bare(lambda m: f"{m.group('num')} cells in {m.group('axis').lower()}"), text)
    text = _CELLS_FIRST.sub(_bare(_cells_first), text)
    text = _CURVED_KEYED.sub(_bare(lambda m: f"{m.group('num')} cells in the {m.group('dir').lower()} direction"), text)
    text = _CURVED_ADJECTIVE.sub(_bare(lambda m: f"{m.group('num')} cells in the {m.group('dir').lower()} direction"), text)
    if re.search(r"\d+\s+cells\b", text, re.I):
        text = _CURVED_FURTHER.sub(lambda m: f"{m.group(1)} cells ", text)
    for _ in range(2):  # at most two further directions
        text = _FURTHER.sub(_bare(lambda m: f"{m.group('head')}{m.group('num')} cells {m.group('prep')} "
                                            f"{m.group('words').strip()}"), text)
    return _RUN_ON.sub(", ", text)


# a count with its curved direction as an adjective: "40 circumferential cells", "20 radial divisions"
_CURVED_DIRS = r"(?:circumferential|azimuthal|tangential|radial|axial)"
_CURVED_ADJECTIVE = re.compile(rf"(?<![\w.])(?P<num>\d+)\s+(?P<dir>{_CURVED_DIRS})\s+(?:mesh\s+|grid\s+)?"
                               r"(?:cells|divisions|elements)\b", re.I)
# the same count keyed: "radial cells: 20", "circumferential divisions = 64", "number of axial cells is 100"
_CURVED_KEYED = re.compile(rf"(?<![\w-])(?:(?:the\s+)?(?:number|no\.?|count)\s+of\s+)?(?P<dir>{_CURVED_DIRS})\s+"
                           rf"(?:mesh\s+|grid\s+)?(?:cells|divisions|elements)(?:\s+count)?{_LINK}{_INT}", re.I)
# a further count along a curved direction without its noun, after one with it: "100 cells along the
# pipe and 12 in the radial direction"
_CURVED_FURTHER = re.compile(rf"(?<=\band\s)(\d+)\s+(?=(?:in|along)\s+the\s+{_CURVED_DIRS}\s+direction\b)", re.I)
# two counts the symbols' rewrite left side by side ("60 cells in x 30 cells in y"): a list
_RUN_ON = re.compile(r"(?<=\d cells in [xyz])[ \t]+(?=\d+ cells in [xyz]\b)")
