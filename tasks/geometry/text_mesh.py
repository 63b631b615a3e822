"""Mesh fineness in a request's words: cell counts per direction ("100 x 20 cells", "100 cells along the
pipe and 20 across"), a cell size ("5 mm cells"), cells over a duct's cross-section, and the words
coarse/medium/fine. Pure functions."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import UNIT, unit_factor
from tasks.geometry.text_numbers import LENGTH, digits


_X = r"(?:x|by|×|\*)"
# cells per direction named by where they go: (direction, words after the count)
_DIRECTIONS = [
    (0, r"along(?!\s+(?:the\s+)?[yz](?:[- ]?(?:axis|direction))?\b)|axial|lengthwise|streamwise|in\s+x\b|in\s+the\s+x|a?round\b|circumferential|azimuthal|horizontal|across\s+the\s+length"),
    (1, r"along\s+(?:the\s+)?y\b|radial|(?:over|across|in)\s+the\s+(?:gap|radius|annulus)\b|in\s+y\b|in\s+the\s+y|(?:in\s+the\s+)?vertical|wall-normal|up\b|high\b|tall\b|down\b|(?:from\s+)?(?:top\s+to\s+bottom|bottom\s+to\s+top)|(?:over|across|up|down)\s+the\s+height"),
    (2, r"along\s+(?:the\s+)?z\b|in\s+z\b|in\s+the\s+z|spanwise|through\s+the\s+depth|(?:over|across|along)\s+the\s+(?:width|depth|span)"),
    (-1, r"across|wide\b|side\s+to\s+side"),  # across a channel: y; across a cavity with another count up (or down): x
]


def cell_counts(text: str) -> list[int] | None:
    """Cells per direction: "100x20 cells", "fifty by ten by ten cells", "100 axial x 20 radial cells",
    "100 cells along the pipe and 20 across the radius", "50 cells along the duct and 10 by 10 over
    the cross-section", "20 cells across the gap and 120 around"."""
    t = digits(text)
    m = re.search(rf"(?<![\d.])(\d+)\s*([a-z]+\s+)?{_X}\s*(\d+)(?:\s*([a-z]+\s+)?{_X}\s*(\d+))?\s*"
                  rf"([a-z]+\s+)?(?:cells|mesh|grid|elements|divisions)", t, re.I)
    m_by = re.search(rf"(\d+)\s+(?:cells?\s+)?(?:along|axially|in\s+x)[^.;]*?(?:and|,)\s+(\d+)\s*{_X}\s*(\d+)\s+"
                     rf"(?:cells?\s+)?(?:over|across|in)\s+(?:the\s+)?cross", t, re.I)
    if m_by:
        return [int(g) for g in m_by.groups()]
    each = re.search(r"(?<![\d.])(\d+)\s+(?:cells?\s+)?(?:each\s+way|in\s+(?:each|every|both)\s+directions?|both\s+ways"
                     r"|(?:along|on)\s+(?:each|every)\s+(?:side|edge|wall))", t, re.I)
    if each:  # "fifty cells each way": the same count in every direction (a 3D domain's third added by the caller)
        return [int(each.group(1))] * 2
    named = {a.lower(): int(n) for a, n in re.findall(r"\bn_?([xyz])\s*=\s*(\d+)\b", t, re.I)}  # "nx = 100, ny = 20"
    if "x" in named and "y" in named:
        return [named["x"], named["y"]] + ([named["z"]] if "z" in named else [])
    if not m:  # "a grid of 120 x 30", "mesh 100 by 20", "resolution 200x40" (counts after the word, no unit)
        m = re.search(rf"\b(?:grid|mesh|resolution|discreti[sz]ation|cells?|cell\s+counts?|elements|divisions)\s*(?:of|:|=|is|with)?\s*(?:about\s+)?(\d+)\s*()?{_X}\s*"
                      rf"(\d+)(?:\s*(){_X}\s*(\d+))?()(?!\d|\.\d|\s*(?:{UNIT}))", t, re.I)  # "Mesh 100 x 100." ends a sentence
    if m:
        counts = [int(g) for g in (m.group(1), m.group(3), m.group(5)) if g]
        words = [w for w in (m.group(2), m.group(4), m.group(6)) if w]
        named = re.match(rf"\s*\(\s*([a-z]+)\s*{_X}\s*([a-z]+)(?:\s*{_X}\s*([a-z]+))?\s*\)", t[m.end():], re.I)
        if named and not words:  # "10 x 100 cells (radial x circumferential)": the directions in brackets
            words = [w for w in named.groups() if w]
        dirs = [next((d for d, pat in _DIRECTIONS if re.match(pat, w.strip(), re.I)), None) for w in words]
        if len(words) == len(counts) == 2 and sorted(d for d in dirs if d is not None) == [0, 1]:
            return [counts[dirs.index(0)], counts[dirs.index(1)]]
        return counts
    found: dict[int, int] = {}
    for n in re.finditer(r"(?<![\d.\w])(\d+)(?![\d.])\s*(?:cells?|divisions|elements)?\s*", t):
        after = t[n.end():n.end() + 40]
        clause = t[max(0, n.start() - 60):n.end() + 60]
        if not re.search(r"\bcells?\b|divisions|elements", clause, re.I):
            continue
        for direction, words in _DIRECTIONS:
            if re.match(rf"(?:(?:cells?|divisions|elements)\s+)?(?:in\s+the\s+)?(?:{words})", after, re.I) \
                    and direction not in found:
                found[direction] = int(n.group(1))
                break
    if -1 in found:
        found.setdefault(1 if 1 not in found else 0, found.pop(-1))
    if 2 in found and 1 not in found:  # "along the channel and across its width" in 2D: the second direction
        found[1] = found.pop(2)
    if 0 in found and 1 in found:
        return [found[0], found[1]] + ([found[2]] if 2 in found else [])
    return None


def cell_size(text: str) -> float | None:
    """A cell size: "cell size 5 mm", "5 mm cells", "cells of about 1 cm", "square cells of 0.01 m",
    "~0.01 m cells", "uniform 5 mm cells"."""
    about = r"(?:(?:about|around|roughly|approximately|approx\.?|~|of|some|size|near|nearly|close\s+to|circa|ca\.?)\s*)*"
    # "40 cells per metre", "one cell per centimetre"
    per = re.search(rf"(?<![\w.])(\d+)\s+cells?\s+(?:per|a|an|every)\s+({UNIT})", digits(text), re.I)
    if per and int(per.group(1)) > 0:
        return unit_factor(per.group(2)) / int(per.group(1))
    for pattern in (rf"(?:\bd[xyz]|Δ\s*[xyz]|delta\s*[xyz])\s*(?:=\s*(?:d|Δ\s*)[xyz]\s*)*(?:=|of|:|\s)\s*{about}{LENGTH}",  # "dx = 5 mm", "dx 5 mm"
                    rf"(?:(?:cell|mesh|grid|element|node)\s+(?:size|spacing|width|length)|(?:mesh\s+|grid\s+)?resolution)"
                    rf"\s*(?:of|=|:|is|\|)?\s*{about}{LENGTH}",  # "| cell size | 2.5 mm |": a table's row
                    rf"(?<![\w.]){LENGTH}\s*(?:square\s+|uniform\s+|sized\s+|structured\s+)?(?:cells|elements|squares|quads"
                    rf"|quadrilaterals|hex(?:es|ahedra|ahedrons)|(?:grid|mesh)\s+(?:spacing|size|resolution))\b",
                    rf"(?:square\s+|uniform\s+)?cells?\s*(?::\s*|=\s*)?{about}{LENGTH}(?!\s*(?:along|across|over|in\s+[xyz]\b))",
                    # "a 2 mm grid", "5 mm mesh" (the grid's spacing: not "a 2 m mesh region")
                    rf"(?<![\w.]){LENGTH}\s*(?:square\s+|uniform\s+|structured\s+|cartesian\s+)?(?:grid|mesh)\b"
                    rf"(?!\s*(?:-\s*)?(?:size|spacing|resolution|region|zone|refinement|level|block|file|dict\w*|box|"
                    rf"independen\w*|stud\w*|convergence)\b)",
                    # "mesh: roughly 4 mm spacing" (not "cylinders at 40 mm spacing": a mesh word leads its clause)
                    rf"\b(?:mesh|grid|cells?)\b\s*(?::\s*)?{about}{LENGTH}\s*spacing\b",
                    # "roughly 5 mm axial spacing", "10 cells across the radius, about 5 mm axially": the size along the axis
                    rf"(?<![\w.]){LENGTH}\s*(?:axial|streamwise|longitudinal)\s+(?:spacing|cell\s+size|resolution)\b",
                    rf"\bcells?\b[^.;]{{0,60}}?[,;]?\s*{about}(?<![\w.]){LENGTH}\s*(?:axially|streamwise"
                    rf"|along\s+(?:the\s+)?(?:x\b|axis\b|length\b|flow\b)|in\s+(?:the\s+)?x\b)",  # "20 cells across, 5 mm along x"
                    # "mesh 5 cm", "grid: 2 mm" (a clause of its own: not "mesh 1 m downstream", "grid 2 m long")
                    rf"\b(?:mesh|grid)\s*(?:=|:)?\s*{about}{LENGTH}(?=\s*(?:[,;)]|\.(?!\d)|$|\band\b))"):
        for m in re.finditer(pattern, text, re.I):
            if m.group(2):
                return _metric_restated(text, m.end(), float(m.group(1)) * unit_factor(m.group(2)))
    return None


_RESTATED = re.compile(rf"\s*(?:cells?\s*)?\(\s*(?:=\s*|i\.e\.\s*|about\s+|approx\.?\s*|~\s*)?{LENGTH}\s*\)", re.I)
_METRIC = re.compile(r"(?:[kcm]?m|metres?|meters?|centimet\w+|millimet\w+)$", re.I)


def _metric_restated(text: str, end: int, size: float) -> float:
    """`size` (metres), or the same size restated in brackets in metric units right after it when it is within
    10 % of it ("cells of about 0.4 in (1 cm)" -> 0.01 m, the size the user means in the unit the case is in)."""
    m = _RESTATED.match(text, end)
    if not m or not m.group(2) or not _METRIC.match(m.group(2)):
        return size
    restated = float(m.group(1)) * unit_factor(m.group(2))
    return restated if abs(restated - size) <= 0.1 * size else size


def section_cells(text: str) -> list[int] | None:
    """Cells over a 3D duct's cross-section (y by z), after the count along it when one is given:
    "60 cells along the duct and 8 by 8 over the cross-section", "6 x 12 cells in the section, 90 along
    the length" -> [along, y, z]; "8 by 8 cells over the cross-section" -> [8, 8]."""
    t = digits(text)
    over = re.search(rf"(?<![\d.])(\d+)\s*{_X}\s*(\d+)\s+(?:cells?\s+|elements\s+)?(?:over|across|in|on|for)\s+"
                     r"(?:the\s+|its\s+|each\s+|a\s+)?(?:cross[- ]?)?section", t, re.I)
    if not over:
        return None
    rest = t[:over.start()] + " " * (over.end() - over.start()) + t[over.end():]
    along = re.search(r"(?<![\d.])(\d+)\s+(?:cells?\s+|elements\s+)?(?:along|axially|lengthwise|streamwise"
                      r"|in\s+(?:the\s+)?x\b)", rest, re.I)
    across = [int(over.group(1)), int(over.group(2))]
    return [int(along.group(1)), *across] if along else across


# cells round a body's outline: "40 cells round it", "40 cells around its circumference", "64 cells on the
# cylinder surface", "48 divisions around each cylinder"
_ROUND_BODY = re.compile(r"(?<![\d.])(\d+)\s+(?:cells?|divisions|elements|faces)\s+(?:a?round|on|over|along)\s+"
                         r"(?:the\s+|its\s+|each\s+|every\s+)?(?:(?:cylinder|body|obstacle|disc|circle)(?:'s)?\s+)?"
                         r"(?:circumference|perimeter|surface|outline|cylinders?|bod(?:y|ies)|obstacles?|discs?|circles?|it)\b",
                         re.I)


def body_cells(text: str) -> int | None:
    """The cells said round a body's outline ("40 cells round the cylinder"), or None."""
    m = _ROUND_BODY.search(digits(text))
    return int(m.group(1)) if m and int(m.group(1)) > 0 else None


# a cell's sides as a product of lengths, each with or sharing a unit: "Mesh 5 mm x 5 mm", "cells 1 cm by 1 cm",
# "5 mm x 5 mm x 5 mm hexes" (a mesh word before, or a cell's noun after)
_NUM_ = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_SIDES = rf"(?<![\w.])({_NUM_})\s*({UNIT})?\s*{_X}\s*({_NUM_})\s*({UNIT})?(?:\s*{_X}\s*({_NUM_})\s*({UNIT})?)?"
_SIZE_PAIR = re.compile(rf"\b(?:mesh|grid|cells?|hexe?s|elements?)\s*(?:size\s*)?(?:of\s+|:\s*|=\s*|is\s+)?(?:about\s+|~\s*)?{_SIDES}"
                        rf"(?!\s*(?:cells|elements|divisions))"
                        rf"|{_SIDES}\s*(?:square\s+|cubic\s+|uniform\s+)?(?:cells|hexe?s|elements|squares|cubes)\b", re.I)


def sides_sizes(text: str) -> list[float] | None:
    """A cell's sides said as unequal lengths ("2 mm x 1 mm cells", "cells 5 mm by 2 mm"), or each with its direction
    ("cells of 2 mm along the axis and 1 mm radially", "2 mm axial x 1 mm radial cells"): the size along x, y (and z);
    along the axis, then radially, for a round pipe. None when not said so, or the sides are equal."""
    for m in _SIZE_PAIR.finditer(text):
        groups = m.groups()[:6] if m.group(1) is not None else m.groups()[6:]
        units = [u for u in groups[1::2] if u]
        if m.group(1) is not None and not re.match(r"(?:cells?|hexe?s|elements?)\b|(?:mesh|grid)\s*size", m.group(0), re.I):
            continue  # "a mesh of 2 m x 1 m", "a grid 100 x 20.5 mm": the domain's sizes, or counts
        if units:
            sizes = [float(v) * unit_factor(u or units[-1]) for v, u in zip(groups[0::2], groups[1::2]) if v is not None]
            return sizes if max(sizes) - min(sizes) > 1e-9 * max(sizes) else None
    for clause in _CLAUSE.finditer(text):
        words = clause.group()
        if not re.search(r"\b(?:cells?|mesh|grid|spacing|resolution)\b", words, re.I):
            continue
        by_direction: dict[int, float] = {}
        for m in re.finditer(rf"(?<![\w.])({_NUM_})\s*({UNIT})\s*(?:cells?\s+)?", words, re.I):
            after = words[m.end():m.end() + 40]
            for k, pattern in _DIRECTIONS[:3]:
                if re.match(rf"(?:(?:in|on|along|across)\s+)?(?:the\s+)?(?:{pattern})", after, re.I) and k not in by_direction:
                    by_direction[k] = float(m.group(1)) * unit_factor(m.group(2))
                    break
        if len(by_direction) >= 2 and sorted(by_direction)[:2] == [0, 1]:
            sizes = [by_direction[k] for k in sorted(by_direction)]
            return sizes if max(sizes) - min(sizes) > 1e-9 * max(sizes) else None
    return None


def sides_size(text: str) -> float | None:
    """The size of cells said by their equal sides ("Mesh 5 mm x 5 mm", "1 cm x 1 cm x 1 cm cells"), in metres;
    None when no cell's sides are said so, or they differ (a size per direction)."""
    for m in _SIZE_PAIR.finditer(text):
        groups = m.groups()[:6] if m.group(1) is not None else m.groups()[6:]
        units = [u for u in groups[1::2] if u]
        if not units:
            continue  # "mesh 100 x 20": counts
        sizes = [float(v) * unit_factor(u or units[-1]) for v, u in zip(groups[0::2], groups[1::2]) if v is not None]
        if max(sizes) - min(sizes) <= 1e-9 * max(sizes):
            return sizes[0]
    return None


def mesh_request(text: str) -> dict[str, Any]:
    """Mesh fineness in words: "coarse/medium/fine mesh", "100 x 20 cells", "cell size 1 mm",
    "10 by 10 cells over the cross-section"; cells round a body ("40 cells round the cylinder") beside
    a cell size or a resolution."""
    section = section_cells(text)
    if section:
        return {"cells": section, "over_section": True}
    unequal = sides_sizes(text)
    if unequal:
        return {"cell_size": min(unequal), "cell_sizes": unequal}
    sides = sides_size(text)
    if sides:
        return {"cell_size": sides, **({"body_cells": n} if (n := body_cells(text)) else {})}
    counts = cell_counts(text)
    if counts:
        return {"cells": counts}
    round_body = {"body_cells": n} if (n := body_cells(text)) else {}
    size = cell_size(text)
    if size:
        return {"cell_size": size, **round_body}
    m = re.search(r"\b(coarse|medium|fine|finer|very fine|refined)\b(?:\s+\w+)?\s+(?:mesh|grid|resolution)", text, re.I)
    if m:
        word = m.group(1).lower()
        return {"resolution": "coarse" if word == "coarse" else "medium" if word == "medium" else "fine", **round_body}
    return round_body


# Cells bunched towards the walls: a grading word and a ratio in the same clause ("graded towards the
# walls with expansion ratio 10", "cells clustered near the walls, ratio 5", "wall-refined with a
# grading of 4", "an expansion ratio of 8 towards the walls"). The ratio is the mesh's, never a
# change of the channel's section.
_CLAUSE = re.compile(r"(?:[^.;\n]|\.(?=\d))+")
_GRADED = (r"\b(?:grad(?:ed|ing|ate[ds]?)|cluster(?:ed|ing)?|bunch(?:ed|ing)?|stretch(?:ed|ing)?|concentrated"
           r"|wall[- ]refined|refined\s+(?:near|towards?|at|close\s+to)|(?:finer|smaller)\s+(?:cells\s+)?(?:near|towards?|at))\b")
_TO_WALLS = r"\b(?:near|towards?|at|close\s+to|by)\s+(?:the\s+|both\s+|all\s+)?(?:(?:top|bottom|side|solid|channel|duct)\s+)?walls?\b"
_RATIO = (r"(?P<phrase>(?:(?:cell[- ])?(?:expansion|grading|stretching|growth|size|aspect)\s+)?(?:ratio|factor)"
          r"|grading|expansion)\s*(?:of\s+|=\s*|:\s*|is\s+|about\s+)?(?P<n>\d+(?:\.\d+)?)(?![\d.]*\s*(?:mm|cm|m|in|ft)\b)")


def grading_spans(text: str) -> list[tuple[int, int, float]]:
    """Wall gradings stated in words: (start, end, ratio) of each phrase that says the cells are
    graded towards the walls, with the ratio it gives."""
    found: list[tuple[int, int, float]] = []
    for clause in _CLAUSE.finditer(text):
        words = clause.group()
        graded = re.search(_GRADED, words, re.I) or re.search(_TO_WALLS, words, re.I)
        if not graded:
            continue
        for m in re.finditer(_RATIO, words, re.I):
            near = min(abs(m.start() - graded.end()), abs(graded.start() - m.end()))
            if near <= 60:
                a = min(m.start(), graded.start())
                b = max(m.end(), graded.end())
                found.append((clause.start() + a, clause.start() + b, float(m.group("n"))))
                break
    return found


def wall_grading(text: str) -> float | None:
    """The wall grading a request states (cell size in the middle over the cell at the wall), kept
    within what a structured mesh takes (1..50)."""
    spans = grading_spans(text)
    return min(max(spans[0][2], 1.0), 50.0) if spans else None
