"""Cell counts and sizes given part by part for a sudden expansion or contraction (a stepped channel, or a stepped
round pipe meshed as a wedge): "cells 20 x 10 (small pipe) and 80 x 20 (large pipe)", "20 along and 10 across the
radius of the small pipe, and 80 along and 20 across the radius of the large pipe", "radial cell size 1 mm
everywhere, axial 5 mm". Each section's count along x goes to its own blocks; the count across is the wide
section's (the narrow section's rows are part of it). Pure functions."""

from __future__ import annotations

import re
from typing import Any

from tasks.foam.geometry import split_cells
from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_duct_roles import SECTION_NOUN, SECTION_QUALIFIER, section_side
from tasks.geometry.text_numbers import digits

_X = r"\s*(?:x|by|×|\*)\s*"
# "the narrow one" reads "the narrow 1" once number words are digits
_PART = rf"(?:the\s+)?(?P<q>{SECTION_QUALIFIER})(?:[\s-]+\w+)?[\s-]+(?:{SECTION_NOUN}s?\b|1(?!\d|\.\d))"
# a direction word after a count ("60 axial x 20 radial") or a bracketed pair of them ("(axial x radial)")
_DIR = r"(?:cells?\s+)?(?:axial(?:ly)?|radial(?:ly)?|along|across|streamwise|lengthwise)"
_DIRS = rf"(?:\(\s*(?P<dirs>\w+{_X}\w+)\s*\)\s*)?"
_ALONG = r"(?:cells?\s+)?(?:along|axial(?:ly)?|lengthwise|streamwise|in\s+x)"
_ACROSS = r"(?:cells?\s+)?(?:across|radial(?:ly)?|over|in\s+y|up)(?:\s+(?:the\s+)?(?:radius|height|width|diameter|section))?"
_PAIRS = [
    # "20 x 10 (small pipe)", "20 x 10 cells for the small pipe", "20 by 10 in the inlet section",
    # "60 axial x 20 radial (wide part)", "60 x 20 cells (axial x radial) in the big pipe"
    re.compile(rf"(?<![\d.])(?P<a>\d+)(?:\s+(?P<da>{_DIR}))?{_X}(?P<b>\d+)(?:\s+{_DIR})?\s*(?:cells?\s*)?{_DIRS}"
               rf"(?:\(\s*|(?:for|in|on|of)\s+){_PART}", re.I),
    # "small pipe: 20 x 10 cells", "the large section with 80 x 20"
    re.compile(rf"{_PART}\s*(?::|with|has|gets|takes|uses|=)?\s*(?P<a>\d+){_X}(?P<b>\d+)(?![\d.])", re.I),
    # "20 along and 10 across the radius of the small pipe"
    re.compile(rf"(?<![\d.])(?P<a>\d+)\s+{_ALONG}\s*(?:,|and)\s*(?P<b>\d+)\s+{_ACROSS}\s+(?:of|in|for|on)\s+{_PART}", re.I),
]
_SIZE = rf"(?:\s*(?:cell\s+)?(?:size|spacing|length)?\s*(?:of|=|:|is)?\s*)(?P<n{{k}}>{NUM})\s*(?P<u{{k}}>{UNIT})"
_SIZES = re.compile(rf"\b(?P<d1>axial|radial|streamwise|wall-normal|along|across)(?:ly)?{_SIZE.format(k=1)}"
                    rf"[^.;]*?\b(?P<d2>axial|radial|streamwise|wall-normal|along|across)(?:ly)?{_SIZE.format(k=2)}", re.I)


def _along(direction: str) -> bool:
    """A direction word that means along x (axial, streamwise)."""
    return direction.lower() in ("axial", "streamwise", "along")


_ALONG_WORD = r"axial(?:ly)?|along|streamwise|lengthwise|in\s+x"
_ACROSS_WORD = r"radial(?:ly)?|across|in\s+y|up"
# "20 radial cells in the 40 mm bore", "10 in the 20 mm bore", "60 axial cells for the 2 in pipe"
_BY_SIZE = re.compile(rf"(?:\b(?P<pre>{_ALONG_WORD}|{_ACROSS_WORD})\s*(?:cells?\s*)?:\s*)?(?<![\d.])(?P<n>\d+)\s+(?:(?P<dir>{_ALONG_WORD}|{_ACROSS_WORD})\s+)?(?:cells?\s+)?"
                      rf"(?:(?P<dir2>{_ALONG_WORD}|{_ACROSS_WORD})\s+)?(?:in|for|of|on|across|along|over)\s+(?:the\s+)?"
                      rf"(?P<size>{NUM})\s*(?P<unit>{UNIT})\s*(?:-\s*)?(?:(?:diameter|dia|bore|ID)\b|(?P<radius>radius)\b"
                      r"|(?:pipe|tube|duct|section|part|channel)\b)", re.I)
# "axial cells 60 then 100", "60 then 100 cells along", "radial: 20 and 10": one direction's counts, inlet first
_IN_ORDER = re.compile(rf"(?:\b(?P<dir>{_ALONG_WORD}|{_ACROSS_WORD})\s+(?:cells?\s*)?(?::\s*)?(?P<a>\d+)\s*,?\s*(?:then|followed\s+by)\s+"
                       rf"(?P<b>\d+)(?![\d.])|(?<![\d.])(?P<a2>\d+)\s*,?\s*(?:then|followed\s+by)\s+(?P<b2>\d+)\s+(?:cells?\s+)?"
                       rf"(?P<dir2>{_ALONG_WORD}|{_ACROSS_WORD})\b)", re.I)


def _is_along(word: str) -> bool:
    """A direction word that means along the duct (axial, streamwise, in x)."""
    return re.fullmatch(_ALONG_WORD, word.strip(), re.I) is not None


def _by_size(t: str, dims: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    """(along, across) counts of a stepped duct's sections named by their size ("20 radial cells in the 40 mm bore,
    10 in the 20 mm bore"): a count without a direction word takes the one said before it."""
    along: dict[str, int] = {}
    across: dict[str, int] = {}
    said: str | None = None
    heights = {"inlet": dims.get("inlet_height"), "outlet": dims.get("outlet_height")}
    for m in _BY_SIZE.finditer(t):
        said = m.group("dir") or m.group("dir2") or m.group("pre") or said
        size = float(m.group("size")) * unit_factor(m.group("unit")) * (2 if m.group("radius") else 1)
        side = next((k for k, h in heights.items() if h and abs(h - size) <= 1e-9 * max(1.0, h)), None)
        if said is None or side is None:
            continue
        (along if _is_along(said) else across).setdefault(side, int(m.group("n")))
    for m in _IN_ORDER.finditer(t):
        word = m.group("dir") or m.group("dir2")
        first, second = int(m.group("a") or m.group("a2")), int(m.group("b") or m.group("b2"))
        target = along if _is_along(word) else across
        target.setdefault("inlet", first)
        target.setdefault("outlet", second)
    return along, across


def _along_first(m: re.Match[str], a: int, b: int) -> tuple[int, int]:
    """(along, across) of a pair of counts, swapped when its direction words put the count across first
    ("20 radial x 60 axial", "(radial x axial)")."""
    said = " ".join(g for g in (m.groupdict().get("da"), m.groupdict().get("dirs")) if g)
    first = re.match(r"(?:cells?\s+)?(\w+)", said)
    return (b, a) if first and first.group(1).lower().startswith(("radial", "across")) else (a, b)


def part_cells(text: str, dims: dict[str, Any], widening: bool) -> dict[str, int]:
    """`upstream_cells`, `downstream_cells` and `across_cells` of a stepped channel or pipe (`dims` its sizes,
    filled in) from counts said per section, or from cell sizes said per direction; {} when none are said so."""
    t = digits(text)
    along: dict[str, int] = {}
    across: dict[str, int] = {}
    for pattern in _PAIRS:
        for m in pattern.finditer(t):
            side = section_side(m.group("q"), widening)
            if side is not None:
                a, b = _along_first(m, int(m.group("a")), int(m.group("b")))
                along.setdefault(side, a)
                across.setdefault(side, b)
    sized_along, sized_across = _by_size(t, dims)
    along, across = {**sized_along, **along}, {**sized_across, **across}
    hi, ho = dims.get("inlet_height"), dims.get("outlet_height")
    wide, narrow = ("outlet", "inlet") if widening else ("inlet", "outlet")
    span = {"inlet": hi, "outlet": ho}
    sizes = _SIZES.search(text)
    if not along and sizes and _along(sizes.group("d1")) != _along(sizes.group("d2")):
        ax, cross = (1, 2) if _along(sizes.group("d1")) else (2, 1)
        dx = float(sizes.group(f"n{ax}")) * unit_factor(sizes.group(f"u{ax}"))
        dr = float(sizes.group(f"n{cross}")) * unit_factor(sizes.group(f"u{cross}"))
        for side, key in (("inlet", "upstream_length"), ("outlet", "downstream_length")):
            if dims.get(key):
                along[side] = max(1, round(dims[key] / dx))
        if span[wide]:
            across[wide] = max(1, round(span[wide] / (2 if dims.get("axisymmetric") else 1) / dr))
    out = {key: along[side] for side, key in (("inlet", "upstream_cells"), ("outlet", "downstream_cells")) if side in along}
    if wide in across:
        out["across_cells"] = across[wide]
        if narrow in across and span[wide] and span[narrow] and \
                across[narrow] != _share(across[wide], span[wide], span[narrow], bool(dims.get("axisymmetric"))):
            out["narrow_cells"] = across[narrow]  # not the rows an even spacing gives it: held by its rows (or refused)
    elif narrow in across and span[wide] and span[narrow]:  # only the narrow section's count: the wide one's at its spacing
        out["across_cells"] = max(1, round(across[narrow] * span[wide] / span[narrow]))  # type: ignore[operator]
    return out


def _share(total: int, wide: float, narrow: float, round_: bool) -> int:
    """The rows of `total` across a stepped duct's wide section (height or diameter `wide`) that lie in line with its
    narrow section (`narrow`) when the rows are spread evenly."""
    return split_cells(total, [narrow / 2, (wide - narrow) / 2])[0] if round_ else \
        split_cells(total, [(wide - narrow) / 2, narrow, (wide - narrow) / 2])[1]


def narrow_rows(narrow: int, total: int, round_: bool) -> list[int]:
    """The rows across a stepped duct's wide section when the narrow section has its own count: a round pipe's core
    (the narrow bore's `narrow` cells) then its ring; a planar duct's wall-side rows either side of the narrow
    section's rows (the rest of `total` split between them)."""
    rest = total - narrow
    return [narrow, rest] if round_ else [rest // 2, narrow, rest - rest // 2]


def part_count_key(counts: list[int], value: float, dims: dict[str, Any]) -> str | None:
    """The entry of a stepped channel's or pipe's `dims` that holds a stated cell count: one count equal to a
    section's (`upstream_cells`, ...), or a pair [along, across] whose along is a section's count and whose across
    is that section's count across (the wide section's `across_cells`, the narrow one's share of it); None else."""
    sections = {k: v for k, v in dims.items() if k.endswith("_cells") and isinstance(v, int)}
    if len(counts) != 2:
        return next((k for k, v in sections.items() if v == value), None)
    along, across = counts
    total = sections.get("across_cells")
    hi, ho = dims.get("inlet_height"), dims.get("outlet_height")
    for key, height in (("upstream_cells", hi), ("downstream_cells", ho)):
        if sections.get(key) != along or not total or not hi or not ho:
            continue
        wide, narrow = max(hi, ho), min(hi, ho)
        share = total if height == wide else dims.get("narrow_cells") or _share(total, wide, narrow, bool(dims.get("axisymmetric")))
        if share == across:
            return key
    return None


def part_size_key(value: float, dims: dict[str, Any]) -> str | None:
    """The section count (`upstream_cells`, `downstream_cells`, `across_cells`) a stated cell size was turned into
    (the section's length, or the wide section's radius or height, over its count is that size); None when none was,
    or when a size of the shape is that value."""
    if any(isinstance(v, float) and abs(v - value) <= 1e-9 * max(1.0, value) for v in dims.values()):
        return None
    heights = [h for h in (dims.get("inlet_height"), dims.get("outlet_height")) if h]
    across = max(heights) / (2 if dims.get("axisymmetric") else 1) if heights else None
    for key, span in (("upstream_cells", dims.get("upstream_length")), ("downstream_cells", dims.get("downstream_length")),
                      ("across_cells", across)):
        n = dims.get(key)
        if n and span and abs(span / n - value) <= 0.02 * value:
            return key
    return None


_SLASHED = re.compile(r"(?<![\d./,])(\d+(?:\s*(?:/|\+|,\s*and|,|and)\s*\d+)+)\s+(?:cells?\s+)?"
                      r"(?:along|axial(?:ly)?|streamwise|in\s+x\b)", re.I)


# one part's count along it: "50 cells along the inlet pipe", "50 along the cone", "100 along the outlet section"
_ALONG_PART = re.compile(r"(?<![\d.])(\d+)\s+(?:cells?\s+)?along\s+(?:the\s+)?(?:inlet|outlet|upstream|downstream|entry|exit"
                         r"|cone|conical|taper\w*|contraction|converg\w*|diverg\w*|throat|first|second|third|middle|last)\b"
                         r"[^.;\d]{0,40}", re.I)


def slashed_along(text: str) -> list[int] | None:
    """Counts along x given part by part, in order: "30/30/40 along", "20 + 40 + 60 axially", "20, 40 and 60 cells
    along the inlet pipe, cone and outlet pipe", "50 cells along the inlet pipe, 50 along the cone and 100 along the
    outlet pipe" -> [30, 30, 40]; None when not said so."""
    t = digits(text)
    m = _SLASHED.search(t)
    if m:
        return [int(n) for n in re.findall(r"\d+", m.group(1))]
    parts = list(_ALONG_PART.finditer(t))
    run = [parts[0]] if parts else []
    for a, b in zip(parts, parts[1:]):  # one list: each part's count right after the one before
        if b.start() != a.end() or len(run) and run[-1] is not a:
            break
        run.append(b)
    return [int(p.group(1)) for p in run] if len(run) >= 2 else None


def x_part_lengths(shape: str, dims: dict[str, Any]) -> list[float] | None:
    """The lengths of a shape's blocks along x, inlet to outlet, from its stated `dims`; None when one is not stated
    or the shape is one block along x."""
    if shape in ("nozzle", "diffuser"):
        keys = ["upstream_length", "taper_length", "throat_length", "diverging_length", "downstream_length"] \
            if dims.get("throat_height") else ["upstream_length", "taper_length", "downstream_length"]
        if any(k not in dims for k in keys):
            return None
        return [dims[k] for k in keys if dims[k] > 0]
    if shape == "t_junction" and {"length", "branch_width", "branch_position"} <= dims.keys():
        first = dims["branch_position"] - dims["branch_width"] / 2
        return [first, dims["branch_width"], dims["length"] - first - dims["branch_width"]]
    if shape in ("backward_step", "forward_step", "sudden_expansion", "sudden_contraction") and {"upstream_length", "downstream_length"} <= dims.keys():
        return [dims["upstream_length"], dims["downstream_length"]]
    return None


def along_by_parts(shape: str, text: str, dims: dict[str, Any], cells: list[int] | None) -> tuple[list[int] | None, list[str]]:
    """The cells per direction when the count along x is given part by part ("30 cells across, 30/30/40 along"): the
    parts' counts summed along x (the blocks split that total in proportion to their lengths, which holds each
    part's count when they are at one spacing), and a note when they are not; (`cells`, []) when not said so."""
    counts = slashed_along(text)
    if not counts or not cells or len(cells) < 2:
        return cells, []
    total = sum(counts)
    lengths = x_part_lengths(shape, dims)
    if lengths is not None and len(lengths) == len(counts) and split_cells(total, lengths) == counts:
        return [total, *cells[1:]], []
    return [total, *cells[1:]], [f"Cells along x: {'/'.join(map(str, counts))} by part, {total} in all, spread over the "
                                 "length in proportion to the blocks' lengths (a part's own count is held only where "
                                 "the parts share one spacing)."]
