"""Solid parts of a 2D channel given by the coordinate ranges they occupy: "a plate from x = 0.2 to
0.205 m spanning y = 0 to 12.5 mm and another from y = 37.5 mm to the top", "a block occupying
0.1 < x < 0.15, 0 < y < 0.02", "a baffle between x = 0.3 and 0.31 m from the floor to y = 2 cm".
Each part is a rectangle; an end said as a wall ("to the top", "from the floor") is that wall, so a
part may stand on a wall or hang from it. A part that gives no range of an axis takes the previous
part's ("and another from y = 37.5 mm to the top": the same x). Ranges said before any part's noun,
or after the channel's own noun, are the domain's and left alone. Pure functions; metres."""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.geometry.placement import _after_number
from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_wall_bodies import _BOTTOM, _TOP

_WALL = rf"(?:the\s+)?(?P<wall{{k}}>{_TOP}|{_BOTTOM})\b"
# the channel's ends an x range may run to or from ("from x = 0.4 m to the outlet", "from the inlet to x = 0.2 m")
_INLET = r"inlet|entrance|entry|upstream\s+end|start"
_OUTLET = r"outlet|exit|downstream\s+end|end(?:\s+of\s+the\s+(?:channel|duct|domain))?"
_END = rf"(?:the\s+)?(?P<wall{{k}}>{_INLET}|{_OUTLET})\b"
_LOW_END = {"x": _INLET, "y": _BOTTOM}
_HIGH_END = {"x": _OUTLET, "y": _TOP}
_LEN = r"(?P<n{k}>" + NUM + r")\s*(?P<u{k}>" + UNIT + r")?"
_SEP = r"\s*(?:\.\.|…|\bto\b|\bup\s+to\b|\buntil\b|–|-(?!\s*[xyz]\b))\s*"
_PART_NOUN = re.compile(r"\b(?:plates?|blocks?|baffles?|obstacles?|obstructions?|ribs?|fins?|fences?|bars?|rectangles?"
                        r"|partitions?|dividers?|weirs?"
                        r"|bricks?|solids?|bodies|body|another|(?:a|the)\s+second|the\s+other(?:\s+one)?"
                        r"|(?:,|\band|;)\s*(?:the\s+)?(?:other\s+)?one)\b", re.I)
_DOMAIN_NOUN = re.compile(r"\b(?:channel|duct|domain|passage|tunnel)\b", re.I)
_RECTANGLE = re.compile(r"\brectangles?\b", re.I)


class RangePart(NamedTuple):
    """A rectangle's x and y ranges (metres); None for an end that is the channel's floor (low) or ceiling
    (high), its inlet (low x) or outlet (high x); `span` is where the text says it; `hangs` a part that hangs its
    y size down from the ceiling (its y range then (-size, None), placed once the channel's height is known)."""

    x: tuple[float | None, float | None] | None
    y: tuple[float | None, float | None] | None
    span: tuple[int, int]
    hangs: bool = False


_ON_FLOOR = re.compile(rf"\b(?:on|from|against|attached\s+to|mounted\s+on)\s+(?:the\s+)?(?:{_BOTTOM})\b|\b(?:floor|bottom)[- ]mounted\b", re.I)
_ON_CEILING = re.compile(rf"\b(?:on|from|against|attached\s+to|hanging\s+from|hangs\s+from)\s+(?:the\s+)?(?:{_TOP})\b"
                         rf"|\b(?:ceiling|top)[- ]mounted\b", re.I)
_STANDS_OUT = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:high|tall|deep)\b"
                         rf"|\b(?:height|protru\w*|projects?|reach(?:es|ing)?|extends?|extending)\s*(?:of|=|:|is)?\s*({NUM})\s*({UNIT})", re.I)


def _on_wall(words: str) -> tuple[tuple[float | None, float | None], bool] | None:
    """The y range of a part the words stand on the floor or hang from the ceiling with its size out of the wall
    ("a block on the floor ..., 0.02 m tall"): ((None, h), False) or ((-h, None), True); None when not said."""
    size = _STANDS_OUT.search(words)
    if not size:
        return None
    h = float(size.group(1) or size.group(3)) * unit_factor(size.group(2) or size.group(4))
    if _ON_CEILING.search(words):
        return (-h, None), True
    if _ON_FLOOR.search(words):
        return (None, h), False
    return None


def _end(m: re.Match[str], k: int, unit: str | None) -> float | None:
    """End `k` of a range match in metres (None when it is a wall)."""
    if m.groupdict().get(f"wall{k}") or f"n{k}" not in m.groupdict():
        return None
    return float(m.group(f"n{k}")) * unit_factor(m.group(f"u{k}") or unit)


def _patterns(axis: str) -> list[re.Pattern[str]]:
    """The ways one axis's range is written (ends 1 and 2; either may be a wall, or for x an end of the channel; a y
    bounded on one side only, "y < 0.02 m" or "up to y = 0.02 m", reaches the floor, "y > 0.08 m" the ceiling)."""
    a = re.escape(axis)
    wall = _END if axis == "x" else _WALL
    l1, l2, w1, w2 = _LEN.format(k=1), _LEN.format(k=2), wall.format(k=1), wall.format(k=2)
    return [re.compile(p, re.I) for p in (
        rf"(?<![\w.])(?:from\s+)?{a}\s*(?:=|:)?\s*(?:from\s+)?{l1}{_SEP}(?:{a}\s*=\s*)?(?:{l2}|{w2})",
        rf"\bfrom\s+{w1}\s*(?:up\s+|down\s+)?(?:to|until)\s+{a}\s*=\s*{l2}",
        rf"\bbetween\s+{a}\s*=\s*{l1}\s*and\s*(?:{a}\s*=\s*)?{l2}",
        rf"(?<![\w.]){l1}\s*(?:<=?|≤|⩽)\s*{a}\s*(?:<=?|≤|⩽)\s*{l2}",
        rf"(?<![\w.]){a}\s*(?:in|∈|=)\s*\[\s*{l1}\s*[,;]\s*{l2}\s*\]",
    )] + ([re.compile(rf"(?<![\w.<>=≤≥])y\s*(?:<=?|≤|(?P<gt>>=?|≥))\s*{l2}(?!\s*(?:<|>|≤|≥))", re.I),
           # "reaches half way up, to y = 0.05 m": from the floor; "hangs down to y = 0.08 m": from the ceiling
           re.compile(rf"\b(?:up\s+|(?P<gt>down\s+))?(?:to|until|till)\s+y\s*=\s*{l2}(?!\s*(?:to|\.\.|-))", re.I)]
          if axis == "y" else [])


def coordinate_ranges(text: str, axis: str) -> list[tuple[int, int, tuple[float | None, float | None]]]:
    """(start, end, (low, high)) of every range of `axis` in `text`, in the order written (metres; None for an end
    that is a wall)."""
    out: list[tuple[int, int, tuple[float | None, float | None]]] = []
    for pattern in _patterns(axis):
        for m in pattern.finditer(text):
            if any(s < m.end() and m.start() < e for s, e, _ in out):
                continue
            if text[m.start()].lower() == axis and _after_number(text, m.start()):
                continue
            unit = m.groupdict().get("u2") or m.groupdict().get("u1")
            lo, hi = _end(m, 1, unit), _end(m, 2, unit)
            if m.groupdict().get("gt"):  # "y > 0.08 m": from there to the ceiling
                lo, hi = hi, None
            if lo is None and hi is None:
                continue
            if lo is not None and hi is not None:
                lo, hi = min(lo, hi), max(lo, hi)
            elif m.groupdict().get("wall1") and re.match(_HIGH_END[axis], m.group("wall1"), re.I) or \
                    m.groupdict().get("wall2") and re.match(_LOW_END[axis], m.group("wall2"), re.I):
                lo, hi = hi, lo  # "from y = 37.5 mm down to the floor": the wall is the low end
            out.append((m.start(), m.end(), (lo, hi)))
    return sorted(out)


_PAIR = (rf"\(\s*(?P<x{{k}}>{NUM})\s*(?P<ux{{k}}>{UNIT})?\s*[,;]\s*(?P<y{{k}}>{NUM})\s*(?P<uy{{k}}>{UNIT})?\s*\)"
         rf"(?:\s*(?P<p{{k}}>{UNIT}))?")
_CORNERS = re.compile(rf"\b(?:from|between|corners?(?:\s+at)?)\s+{_PAIR.format(k=1)}\s*(?:to|and|-|–)\s*{_PAIR.format(k=2)}"
                      rf"\s*(?P<u>{UNIT})?", re.I)


# a part filling a lower corner of the channel up to a point ("the solid fills the lower left corner up to x = 0.2 m,
# y = 0.02 m"): from the inlet (left) or to the outlet (right), from the floor
_LOWER_CORNER = re.compile(rf"\b(?:lower|bottom)[- ](?P<side>left|right)(?:[- ]hand)?\s+corner\b(?:[^.;]|\.\d){{0,40}}?"
                           rf"\b(?:up\s+to|to|until|as\s+far\s+as)\s+x\s*=\s*{_LEN.format(k=1)}\s*(?:,|and)\s*"
                           rf"(?:up\s+to\s+)?y\s*=\s*{_LEN.format(k=2)}", re.I)


def corner_ranges(text: str, axis: str) -> list[tuple[int, int, tuple[float | None, float | None]]]:
    """(start, end, (low, high)) of the `axis` range two opposite corners give ("a block from (0.2, 0) to
    (0.25, 0.01) m", "corners (200, 0) and (250, 10) mm") or a lower corner filled up to a point ("the lower left
    corner up to x = 0.2 m, y = 0.02 m": x from the inlet, y from the floor), in the order written (metres)."""
    out: list[tuple[int, int, tuple[float | None, float | None]]] = []
    for m in _LOWER_CORNER.finditer(text):
        unit = m.group("u2") or m.group("u1")
        at = float(m.group("n1" if axis == "x" else "n2")) * unit_factor(m.group("u1" if axis == "x" else "u2") or unit)
        out.append((m.start(), m.end(), (at, None) if axis == "x" and m.group("side").lower() == "right" else (None, at)))
    for m in _CORNERS.finditer(text):
        unit = m.group(f"u{axis}2") or m.group("p2") or m.group("u") or m.group(f"u{axis}1") or m.group("p1")
        a, b = (float(m.group(f"{axis}{k}")) * unit_factor(m.group(f"u{axis}{k}") or m.group(f"p{k}") or unit)
                for k in (1, 2))
        out.append((m.start(), m.end(), (min(a, b), max(a, b))))
    return out


# a step's own noun too, where the shape is a step ("the step (solid) x 0.4..1.2, y 0..0.03"; not a time step)
STEP_PART_NOUN = re.compile(r"(?<!time\s)(?<!time-)\bsteps?\b(?!\s*(?:size|count|height|ratio|length)\b)|"
                            + _PART_NOUN.pattern, re.I)


def range_parts(text: str, nouns: re.Pattern[str] = _PART_NOUN) -> list[RangePart]:
    """The parts the text places by coordinate ranges (see the module doc), in the order written; []
    when it gives none (a part needs an x range and a y range, its own or the previous part's). `nouns`:
    the words that name a part (STEP_PART_NOUN where the shape is a step)."""
    anchors = [m.start() for m in nouns.finditer(text)]
    domains = [m.start() for m in _DOMAIN_NOUN.finditer(text)]
    if not domains and (first := _RECTANGLE.search(text)) and first.start() in anchors:
        domains = [first.start()]  # no channel or domain named: the first rectangle is the domain ("2D rectangle, corners ...")
        anchors.remove(first.start())
    groups: dict[int, dict[str, list[tuple[int, int, tuple[float | None, float | None]]]]] = {}
    for axis in "xy":
        for start, end, rng in sorted(coordinate_ranges(text, axis) + corner_ranges(text, axis)):
            owner = max((a for a in anchors if a < start), default=None)
            if owner is None or any(owner < d < start for d in domains):
                continue  # the domain's own range ("channel x 0..1, y 0..0.1")
            groups.setdefault(owner, {"x": [], "y": []})[axis].append((start, end, rng))
    parts: list[RangePart] = []
    last_x: tuple[float | None, float | None] | None = None
    last_y: tuple[float | None, float | None] | None = None
    owners = sorted(groups)
    for n, owner in enumerate(owners):
        xs, ys = groups[owner]["x"], groups[owner]["y"]
        nxt = min([a for a in anchors if a > owner] + [len(text)])
        standing = _on_wall(text[owner:nxt]) if not ys else None  # "a block on the floor from x = 0.2 to 0.26 m, 2 cm tall"
        for k in range(max(len(xs), len(ys))):
            x_said = xs[min(k, len(xs) - 1)] if xs else None
            y_said = ys[min(k, len(ys) - 1)] if ys else None
            x = x_said[2] if x_said else last_x
            y = y_said[2] if y_said else standing[0] if standing else last_y
            if x is None or y is None or x == (None, None):
                continue
            said = [s for s in (x_said, y_said) if s]
            parts.append(RangePart((x[0], x[1]), y, (owner, max(e for _, e, _ in said)),  # type: ignore[arg-type]
                                   hangs=bool(standing and standing[1] and not y_said)))
            last_x, last_y = (x[0], x[1]), y  # type: ignore[assignment]
    return parts


def part_obstacles(parts: list[RangePart], height: float | None) -> list[dict[str, object]]:
    """The parts as rectangle obstacles of a channel `height` high (a wall end put on its wall; a part
    reaching the ceiling of a channel whose height is not known is left out)."""
    out: list[dict[str, object]] = []
    for p in parts:
        assert p.x is not None and p.y is not None
        (x0, x1), (y0, y1) = p.x, p.y
        if x0 is None or x1 is None:
            continue  # against an end of the channel: a step (text_step_parts), not an obstacle
        if p.hangs and height is not None and y0 is not None:
            y0 = height + y0  # hanging its size down from the ceiling
        lo, hi = 0.0 if y0 is None else y0, height if y1 is None else y1
        if hi is None or x1 <= x0 or hi <= lo:
            continue
        out.append({"kind": "rectangle", "center": (round((x0 + x1) / 2, 12), round((lo + hi) / 2, 12)),
                    "width": round(x1 - x0, 12), "height": round(hi - lo, 12)})
    return out
