"""Where a request gives coordinates as ranges ("the domain runs from x = -0.1 to 0.8 m", "y from -0.05 to
0.05", "between x = 0 and x = 0.3 m"): their spans, so that a reader of sizes does not take the two ends of a
range for two heights ("from 0.8 m to 0.05 m"). The placement reads the ranges themselves. Pure function."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT

_END = rf"(?:−\s*)?{NUM}\s*(?:{UNIT})?"
_RANGES = re.compile(
    rf"\b[xyz]\s*(?:=|:)?\s*(?:from|between)?\s*{_END}\s*(?:to|\.\.|…|–|—|and|-)\s*(?:[xyz]\s*=\s*)?{_END}"
    rf"|\b(?:from|between)\s+[xyz]\s*=\s*{_END}\s*(?:to|and|–|—)\s*(?:[xyz]\s*=\s*)?{_END}", re.I)


def coordinate_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each coordinate range written in `text`."""
    return [m.span() for m in _RANGES.finditer(text)]


def range_sizes(text: str, dims: dict[str, Any]) -> None:
    """A nozzle's or diffuser's sizes its coordinate ranges give when no words do: the inlet height from the one y
    range said ("inlet section y from -0.05 to 0.05 m"), the straight outlet duct from the domain's x range less the
    inlet duct and the taper ("the domain runs from x = -0.1 to 0.8 m")."""
    from tasks.geometry.placement import axis_ranges

    ys, xs = axis_ranges(text, "y"), axis_ranges(text, "x")
    if len(ys) == 1 and dims.get("inlet_height") is None and ys[0][1] > ys[0][0]:
        dims["inlet_height"] = ys[0][1] - ys[0][0]
    if not xs or "downstream_length" in dims or dims.get("throat_height"):
        return
    total = max(b for _, b in xs) - min(a for a, _ in xs)
    rest = total - dims.get("upstream_length", 0.0) - dims.get("taper_length", 0.0)
    if "upstream_length" in dims and "taper_length" in dims and rest > 0:
        dims["downstream_length"] = rest


def range_origin(text: str, dims: dict[str, Any], origin: tuple[float, float]) -> tuple[float, float]:
    """`origin` moved to the start of the domain's x range when the range spans the whole nozzle or diffuser
    (`dims`, defaults filled in) and nothing placed it along x yet ("the domain runs from x = -0.1 to 0.8 m")."""
    from tasks.geometry.placement import axis_ranges
    from tasks.geometry.spec import NozzleDims

    xs = axis_ranges(text, "x")
    if not xs or origin[0] != 0.0:
        return origin
    d = NozzleDims(**dims)
    total = d.upstream_length + d.taper_length + d.downstream_length + (
        d.throat_length + (d.diverging_length or d.taper_length) if d.throat_height else 0.0)
    start, end = min(a for a, _ in xs), max(b for _, b in xs)
    return (start, origin[1]) if abs(end - start - total) <= 1e-9 * max(1.0, total) else origin
