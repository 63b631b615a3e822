"""Mesh resolution a request states as a change of the base's mesh, in words: a refinement
factor ("twice as fine", "refine the mesh by 2", "refined twice", "halve the cell size", "a fine
grid"), the directions it is for ("coarsen by 2 in y"), and a total cell count ("about 20000
cells"). Pure; tasks.plan.controls_mesh applies them to a blockMeshDict.
"""

from __future__ import annotations

import re

from tasks.plan.controls_relative import relative_sizes
from tasks.plan.extract import normalise


# mesh refinement by a factor, for every resolved direction of the base mesh: "twice as fine",
# "refine the mesh by 2", "double the resolution", "halve the cell size", "3 times finer",
# "half as many cells in each direction", "coarsen by a factor of 2", "cells half the size"
_MESHY = (r"(?:mesh|grid|resolution|cells?|cell\s+count|number\s+of\s+(?:cells|elements|divisions|(?:grid|mesh)\s+(?:points|nodes))|"
          r"(?:grid|mesh)\s+(?:points|nodes)|blocks?|discreti[sz]ation)")
_SIZE = r"(?:cell[\s-]+(?:size|width|length|spacing)s?|mesh\s+(?:size|spacing)|grid\s+(?:size|spacing)|spacing)"
_MESH_ADJ = r"(?:(?:background|base|whole|entire|overall|computational|blockmesh|hex|2-?d|3-?d)\s+)?"
_TIMES = r"(?P<n>\d+(?:\.\d+)?)\s*(?:x|times|-fold|fold)"
_REFINE = [
    # "refine the mesh by (a factor of) 2", "mesh refined by 2", "coarsen the grid by a factor of 2"
    (re.compile(rf"\b(?P<verb>refin|coarsen)\w*\s+(?:(?:the|each|every|all|its)\s+)?(?:\d+\s+(?=\w*blocks?\b))?"
                rf"(?:[a-z-]+(?:'s)?\s+(?=(?:mesh|grid)\b))?{_MESH_ADJ}"
                rf"(?:{_MESHY}\s+)?"
                rf"(?:(?:in|along)\s+(?:every|each|all|both)\s+\w+\s+)?by\s+(?:a\s+factor\s+(?:of\s+)?)?"
                rf"(?P<n>\d+(?:\.\d+)?)(?!\s*(?:by|x|\*|×)\s*\d|\s*(?:cells?|levels?|%|mm|cm|m)\b|\.\d)", re.I), None),
    # "a mesh refined 1.5 times", "coarsened 2x"
    # "refined twice" (as "refined 2 times": a factor of 2)
    (re.compile(rf"\b(?P<verb>refin|coarsen)\w*\s+(?:by\s+)?(?:{_TIMES}|(?P<twice>twice)\b)(?!\s*(?:finer|coarser|as)\b)",
                re.I), None),
    # "a refinement (factor) of 2"
    (re.compile(r"\brefinement(?:\s+factor)?\s*(?:of|=|:)?\s*(?P<n>\d+(?:\.\d+)?)(?![\d.]|\s*(?:levels?|cells?)\b)", re.I),
     "refin"),
    # "3 times finer", "2x coarser", "twice finer"
    (re.compile(rf"(?:\b{_TIMES}|\b(?P<twice>twice))\s+(?P<verb>fin|coars|dens|sparse)\w*", re.I), None),
    # "twice as fine", "2 times as fine", "half as fine", "twice the resolution", "2 times the cells"
    (re.compile(rf"(?:\b{_TIMES}|\b(?P<twice>twice)|\b(?P<half>half))\s+as\s+(?P<verb>fine|dense|coarse|resolved)\b", re.I),
     None),
    (re.compile(rf"(?:\b{_TIMES}|\b(?P<twice>twice))\s+(?:the\s+)?(?:mesh\s+|grid\s+)?(?P<verb>resolution|cells|number\s+of\s+cells|"
                rf"cell\s+count|mesh\s+density|density)\b", re.I), None),
    # "halve the cell size", "double the cell size", "cell size halved"
    (re.compile(rf"\b(?P<word>halv\w*|doubl\w*|tripl\w*)\s+(?:the\s+)?(?:mesh\s+|grid\s+)?{_SIZE}|"
                rf"\b{_SIZE}\s+(?:is\s+|gets\s+)?(?P<word2>halved|doubled|tripled)\b", re.I), "size"),
    # "cells half the size", "cells of half the size", "cells half as big", "cells twice as small"
    (re.compile(r"\bcells?\s+(?:of\s+)?(?:(?P<half>half)\s+(?:the\s+(?:size|width)|as\s+(?:big|large|wide|long))|"
                r"(?P<twice>twice)\s+as\s+(?:small|narrow|short))\b", re.I), "finer"),
    # "twice as many cells", "3 times as many cells", "4x more cells", "twice more grid points"
    (re.compile(rf"(?:\b{_TIMES}|\b(?P<twice>twice))\s+(?:as\s+many|more)\s+(?:mesh\s+|grid\s+)?"
                rf"(?P<verb>cells|elements|grid\s+points|points|divisions)\b", re.I), None),
    # "double the resolution", "double the mesh", "doubled resolution", "triple the number of cells"
    (re.compile(rf"\b(?P<word>doubl\w*|tripl\w*|quadrupl\w*)\s+(?:the\s+)?(?:mesh\s+|grid\s+|spatial\s+)?"
                rf"(?:resolution|density|{_MESHY})\b", re.I), "count"),
    # "half as many cells", "half the cells", "half the resolution", "halve the number of cells"
    (re.compile(rf"\b(?:half\s+(?:as\s+many\s+cells|the\s+(?:number\s+of\s+)?cells|the\s+(?:resolution|cell\s+count))|"
                rf"halv\w*\s+(?:the\s+)?(?:resolution|number\s+of\s+cells|cell\s+count|{_MESHY}))\b"
                rf"(?![\s-]+(?:size|width|length|spacing))", re.I), "halfcount"),
    # "background mesh doubled in x, y and z", "resolution halved"
    (re.compile(r"\b(?:mesh|grid|blockmesh|resolution|cell\s+counts?|number\s+of\s+cells)\s+(?:is\s+|gets\s+|was\s+)?"
                r"(?P<word>doubled|tripled|quadrupled|halved)\b", re.I), "counted"),
]
_WORD_FACTOR = {"halv": 2.0, "doubl": 2.0, "tripl": 3.0, "quadr": 4.0}
# a resolution level in words, against the base's own mesh (the "medium" one): "a coarse mesh", "fine
# grid", "very fine resolution", "mesh: coarse", "finer mesh"; "very"/"extra" doubles the step again
_LEVEL = r"(?P<very>(?:very|extra|ultra)[\s-]+)?(?P<level>coarse|coarser|fine|finer)"
_REFINE += [
    (re.compile(rf"(?<![\w-]){_LEVEL}[\s-]+(?:{_MESH_ADJ})?(?:mesh|grid|resolution|discreti[sz]ation)\b(?![\s-]+(?:near|at|around|"
                rf"close|in\s+the\s+(?:wake|boundary|gap)|by\b))", re.I), "level"),
    (re.compile(rf"\b(?:mesh|grid|resolution)\s*(?::|=|\bis\b|\bshould\s+be\b)\s*{_LEVEL}\b", re.I), "level"),
]


def _refinement_factor(m: re.Match, kind: str | None) -> float:
    groups = m.groupdict()
    if kind == "halfcount":
        return 0.5
    if kind == "size":  # halving the cell size refines; doubling it coarsens
        word = (groups.get("word") or groups.get("word2") or "").lower()
        n = next(f for stem, f in _WORD_FACTOR.items() if word.startswith(stem))
        return n if word.startswith("halv") else 1.0 / n
    if kind in ("count", "counted"):
        word = m.group("word").lower()
        if word.startswith("halv"):
            return 0.5
        return next(f for stem, f in _WORD_FACTOR.items() if word.startswith(stem))
    if kind == "finer":
        return 2.0
    if kind == "level":  # coarse: half the base's cells per direction, fine: twice; "very": twice again
        step = 4.0 if groups.get("very") else 2.0
        return step if m.group("level").lower().startswith("fin") else 1.0 / step
    n = 2.0 if groups.get("twice") else 0.5 if groups.get("half") else float(groups.get("n") or 1)
    verb = (groups.get("verb") or kind or "").lower()
    coarser = verb.startswith(("coars", "sparse"))
    return 1.0 / n if coarser and n > 0 else n


def mesh_refinement(text: str) -> tuple[float, str, int] | None:
    """(factor, its words, their position) of the first mesh refinement the text asks for: above 1
    finer, below 1 coarser, for every resolved direction; None when it asks for none."""
    plain = normalise(text)
    found: list[tuple[int, float, str]] = []
    for pattern, kind in _REFINE:
        for m in pattern.finditer(plain):
            factor = _refinement_factor(m, kind)
            if factor > 0 and abs(factor - 1.0) > 1e-9:
                found.append((m.start(), factor, m.group(0)))
    found += [(r.start, r.factor, r.text) for r in relative_sizes(plain)]  # "cells a third of the current size"
    if not found:
        return None
    at, _, factor, words = min((at, -len(words), factor, words) for at, factor, words in found)  # earliest, longest
    return factor, words, at


# the words after a refinement that say which directions it is for: "coarsen by 2 in y", "twice as
# many cells across the channel", "refine by 3 along x only", "in x and z", "in the wall-normal
# direction"; "in both directions", "everywhere", "in each block" mean every resolved direction
_AXIS_SAID = (r"\bx\b|\bstream\w*|\baxial\w*|\bhorizontal\w*|\blength\w*",
              r"\by\b|\bheight\b|\bhigh\b|\bacross\b|\bwall[- ]normal\b|\bvertical\w*|\bcross[- ]?stream\b",
              r"\bz\b|\bspan\w*|\bdepth\b")
_DIRECTION_TAIL = re.compile(r"\s*(?:only\s+)?(?:in|along|across|over|through|for)\b[^,;.:()]{0,50}", re.I)
_EVERY_DIRECTION = re.compile(r"\b(?:both|every|each|all|three|two)\s+(?:\w+\s+)?(?:directions?|dimensions?|ways?|ax[ei]s|"
                              r"blocks?)\b|\beverywhere\b|\boverall\b", re.I)
_AND_ELSE = re.compile(r"\b(?:and|then|with|run|to|until|but)\b(?!\s+(?:in\s+|along\s+)?(?:the\s+)?[xyz]\b)", re.I)


def refinement_direction(text: str, end: int) -> list[int] | str | None:
    """The axes (0 x, 1 y, 2 z) that the words right after a refinement (ending at `end` of the
    normalised text) restrict it to; "along" for "along the channel" (the longest side, which the
    caller knows); None for every resolved direction."""
    m = _DIRECTION_TAIL.match(text, end)
    if m is None:
        return None
    tail = m.group(0)
    cut = _AND_ELSE.search(tail)
    tail = tail[:cut.start()] if cut else tail
    if _EVERY_DIRECTION.search(tail):
        return None
    axes = [i for i, pattern in enumerate(_AXIS_SAID) if re.search(pattern, tail.lower())]
    if not axes and re.match(r"\s*(?:only\s+)?along\b", tail, re.I):
        return "along"
    return axes or None


# a total cell count: "about 20000 cells", "a mesh of roughly 5000 cells", "50000 cells in total", "a
# 20000-cell grid", "no more than 10000 cells" (number words and "20k" already written as digits)
# the words of an upper bound: "no more than 20 000 cells", "under 8000 cells", "cell count should not exceed 15000"
_AT_MOST = r"(?:up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|fewer\s+than|less\s+than|under|below|" \
           r"maximum(?:\s+of)?|max\.?|(?:should|must|shall|may)\s+not\s+exceed|not\s+exceeding|(?:that\s+)?(?:stays?|keeps?)\s+" \
           r"(?:under|below))"
_TOTAL_NEAR = rf"(?:about|around|roughly|approximately|approx\.?|~|some|nearly|close\s+to|total\s+of|{_AT_MOST}|" \
              r"(?:a|the)\s+(?:whole\s+|total\s+)?(?:mesh|grid)\s+(?:of|with)(?:\s+about|\s+around|\s+roughly)?)"
_COUNT = r"(?:\d{1,3}(?:,\d{3})+(?![\d.])|\d+(?:\.\d+)?[eE]\+?\d+|\d+)"  # 20000, 20,000, 2e4
_CELL_WORDS = r"(?:cells|elements|hexahedra|control\s+volumes)"
_TOTAL_CELLS = re.compile(
    rf"(?:(?:\b|(?<=\s)|^){_TOTAL_NEAR}\s*(?<![\w.])(?P<n>{_COUNT})\s+{_CELL_WORDS}\b"
    rf"|(?<![\w.])(?P<n2>{_COUNT})\s+{_CELL_WORDS}\s+(?:in\s+total|total|overall|in\s+all|altogether)\b"
    rf"|(?<![\w.])(?P<n3>{_COUNT})[\s-]cells?\s+(?:mesh|grid)\b"
    rf"|(?<![\w.])(?P<n5>{_COUNT})\s+{_CELL_WORDS}\s+(?:at\s+most|max(?:imum)?\b|or\s+(?:fewer|less)\b)"
    # "cells: ~8000", "cell count = 12,000", "number of cells: 2e4 (total)"
    rf"|\b(?:total\s+)?(?:cells|cell\s+count|number\s+of\s+cells|cell\s+number)\s*(?::|=|(?:should|must|will)\s+be|is)?\s*"
    rf"(?:(?<=:\s)|(?<=:)|(?<==\s)|(?<==)|(?<=be\s)|(?<=is\s)|(?<=count\s)|{_TOTAL_NEAR}\s*)"
    rf"(?P<n4>{_COUNT})(?![\d.,])(?!\s*(?:x|×|\*|by|mm|cm|m|per|along|across|in\s+[xyz])\b|\s*[x×*]))"
    rf"(?!\s*(?:per|each|along|across|in\s+(?:the\s+)?[xyz]\b|in\s+(?:the\s+)?(?:stream|span|vertical|radial)))", re.I)


def _count_value(raw: str) -> int:
    return int(round(float(raw.replace(",", ""))))


def total_cells(text: str) -> tuple[int, str] | None:
    """(count, its words) of a total cell count the text asks for ("about 20000 cells", "a
    mesh of 5,000 cells", "8000 cells in total", "cells: ~2e4"), or None; a count along a
    direction or per block is none."""
    plain = normalise(text)
    for m in _TOTAL_CELLS.finditer(plain):
        if re.search(r"(?:\bby|\bx|×|\*)\s*$", plain[max(0, m.start() - 6):m.start()]):
            continue  # the last of "40 by 40 cells"
        n = _count_value(m.group("n") or m.group("n2") or m.group("n3") or m.group("n4")
                         or m.group("n5"))
        if n > 1:
            return n, m.group(0)
    return None


def total_limit(text: str) -> tuple[int, bool, str] | None:
    """(count, whether it is a maximum, its words) of the total cell count the text asks for: "about
    20000 cells" (False: within about 10 %), "no more than 8000 cells", "under 5000 cells", "a cell
    count that must not exceed 2e4" (True: never above it); None when it asks for none."""
    found = total_cells(text)
    if found is None:
        return None
    n, words = found
    return n, bool(re.search(rf"\b{_AT_MOST}(?!\w)|\b(?:at\s+most|max(?:imum)?|or\s+(?:fewer|less))\s*$", words, re.I)), words
