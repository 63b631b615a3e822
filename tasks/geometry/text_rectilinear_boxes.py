"""A box (chamber, room, plenum) with short ducts on its walls: a slot or inlet channel that feeds it ("a slot 5 mm
high and 50 mm long feeds a box 200 mm long and 100 mm high", "a narrow inlet channel opens into a wide chamber"),
an outlet duct that empties it ("an outlet duct 0.3 m high, 0.5 m long on the right wall at y = 0.1..0.4 m").
Each duct stands on the wall its words name (an inlet on the left, an outlet on the right by default), at the y
(or x) range they give, else centred on that wall. The parts are placed with the first part starting at x = 0.
Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_rectilinear import Part, Union, axis_ranges_in

_BOX = re.compile(r"\b(?:box|chamber|room|plenum|enclosure|tank|vessel|settling\s+chamber)\b", re.I)
_DUCT = re.compile(r"\b(?P<role>(?:inlet|supply|intake|feed|outlet|exhaust|exit|extract|return)\s+)?(?:slot|duct|channel|passage"
                   r"|pipe|opening\s+duct)s?\b", re.I)
_OUT = re.compile(r"outlet|exhaust|exit|extract|return", re.I)
_LONG = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:long|in\s+length)\b", re.I)
_ACROSS = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:high|tall|wide|in\s+height|in\s+width)\b", re.I)
_BY = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})?\s*(?:x|by|×)\s*({NUM})\s*({UNIT})\b", re.I)
_WALL = re.compile(r"\b(left|right|top|bottom|upper|lower)\s+(?:wall|side|end)\b|\b(ceiling|floor|roof)\b", re.I)
_FEEDS = re.compile(r"\b(?:feeds?|fed|feeding|supplied|opens?\s+into|discharg\w+\s+into|into\s+(?:a|the)|entering|enters|jet\s+into|supply)\b", re.I)
_SIDE = {"upper": "top", "lower": "bottom", "ceiling": "top", "roof": "top", "floor": "bottom"}


def _sizes(clause: str) -> tuple[float | None, float | None]:
    """A part's length (along its flow) and its size across from its clause."""
    by = _BY.search(clause)
    if by:
        return float(by.group(1)) * unit_factor(by.group(2) or by.group(4)), float(by.group(3)) * unit_factor(by.group(4))
    long, across = _LONG.search(clause), _ACROSS.search(clause)
    return (float(long.group(1)) * unit_factor(long.group(2)) if long else None,
            float(across.group(1)) * unit_factor(across.group(2)) if across else None)


def _clauses(text: str) -> list[tuple[str, str, str]]:
    """(kind, role, words) for each box or duct noun, its words running to the next noun or the sentence's end."""
    nouns = sorted([(m.start(), "box", "") for m in _BOX.finditer(text)] +
                   [(m.start(), "duct", "outlet" if m.group("role") and _OUT.match(m.group("role")) else "inlet")
                    for m in _DUCT.finditer(text)])
    out = []
    for k, (at, kind, role) in enumerate(nouns):
        end = nouns[k + 1][0] if k + 1 < len(nouns) else len(text)
        words = re.split(r"\.(?:\s|$)|;|\n", text[at:end])[0]
        size_first = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:(?:wide|high|tall)\s+)?(?:\w+\s+)?$", text[max(0, at - 30):at],
                               re.I)  # "a 5 mm slot": its size across, said before the noun
        out.append((kind, role, words + (f", {size_first.group(1)} {size_first.group(2)} wide" if size_first else "")))
    return out


def box_with_ducts(text: str) -> Union | None:
    """The box and its ducts as parts; None unless the words name one box with its length and height and at
    least one duct on it with its length and size across."""
    clauses = _clauses(text)
    boxes = [c for c in clauses if c[0] == "box" and all(_sizes(c[2]))]
    ducts = [c for c in clauses if c[0] == "duct" and all(_sizes(c[2]))]
    if len(boxes) != 1 or not ducts or len(ducts) > 3 or not _FEEDS.search(text) and not any(r == "outlet" for _, r, _ in ducts):
        return None
    lb, hb = _sizes(boxes[0][2])
    parts: list[Part] = [(0.0, lb, 0.0, hb)]  # type: ignore[list-item]
    openings: dict[str, Any] = {}
    placed = []
    for _, role, words in ducts:
        length, across = _sizes(words)
        wall = _WALL.search(words)
        side = (_SIDE.get((wall.group(1) or wall.group(2)).lower(), (wall.group(1) or "").lower())) if wall else \
            ("right" if role == "outlet" else "left")
        along_y = side in ("left", "right")
        rng = next((r for r in axis_ranges_in(words) if r.axis == ("y" if along_y else "x")), None)
        if rng is not None:
            lo, hi = rng.lo, rng.hi
        else:
            wall_length = hb if along_y else lb
            lo, hi = (wall_length - across) / 2, (wall_length + across) / 2  # type: ignore[operator]
            placed.append(f"the {role} duct centred on the box's {side} wall")
        part = {"left": (-length, 0.0, lo, hi), "right": (lb, lb + length, lo, hi),  # type: ignore[operator]
                "bottom": (lo, hi, -length, 0.0), "top": (lo, hi, hb, hb + length)}[side]  # type: ignore[operator]
        parts.append(part)  # type: ignore[arg-type]
        openings[f"{role}_part"], openings[f"{role}_side"] = len(parts) - 1, side
    x0 = min(p[0] for p in parts)
    parts = [(a - x0, b - x0, c, d) for a, b, c, d in parts]
    how = f"a box {lb:g} m by {hb:g} m with {len(ducts)} duct(s) on its walls" + (f" ({'; '.join(placed)})" if placed else "")
    return Union(parts, openings, how)
