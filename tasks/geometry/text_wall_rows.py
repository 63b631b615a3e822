"""Several like bodies on the channel walls sized once for all: "two staggered baffles 2 mm thick at x = 0.3 m
and x = 0.5 m, reaching 0.04 m into the channel, first on the floor, second on the ceiling", "three ribs on
the floor at x = 0.2, 0.4 and 0.6 m, 5 mm high and 5 mm thick", "baffles alternately on the top and bottom
walls". Each body is a rectangle on its wall; staggered or alternating bodies change wall one after the other
(starting from the wall named first, else the floor). Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_role_binding import bind_lengths
from tasks.geometry.text_wall_bodies import _ROLE_CUES, _TOP, _BOTTOM, _PLURAL, WallBody

_WALL_WORD = re.compile(rf"\b(?:{_TOP}|{_BOTTOM})\b", re.I)
_ALTERNATE = re.compile(r"\b(?:staggered|alternat\w*|zig-?zag|interleav\w*|opposite\s+walls)\b", re.I)
_ORDINAL = re.compile(rf"\b(?P<nth>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\b(?:\s+(?:one|baffle|rib|fin|plate|fence))?"
                      rf"\s+(?:is\s+)?(?:on|to|from|at|hangs?\s+from|hanging\s+from)\s+(?:the\s+)?(?P<wall>{_TOP}|{_BOTTOM})\b", re.I)
_NTH = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3, "fifth": 4, "5th": 4}


_SIZE_NEXT = r"(?:-\s*)?(?:high|thick|long|wide|tall|deep|x\b|by\b|×)"
_ITEM = rf"(?:x\s*=\s*)?{NUM}(?:\s*{UNIT})?(?!\s*(?:{UNIT})?\s*{_SIZE_NEXT})(?![\d.])"
_X_LIST = re.compile(rf"(?<![\w.])x\s*=\s*{_ITEM}(?:\s*(?:,|\band\b|&)\s*(?:and\s+)?{_ITEM})*", re.I)


def _x_places(words: str) -> tuple[list[float], list[tuple[int, int]]]:
    """The x of each body in lists like "x = 0.2, 0.4 and 0.6 m" or "x = 0.3 m and x = 0.5 m" (a number without a unit
    takes the list's last unit), not a size that follows ("..., 5 mm high"); and where the lists are."""
    xs: list[float] = []
    spans = []
    for m in _X_LIST.finditer(words):
        items = re.findall(rf"({NUM})\s*({UNIT})?", re.sub(r"(?<![\w.])x\s*=", " ", m.group(0)), re.I)
        last = next((u for _, u in reversed(items) if u), None)
        xs += [float(v) * unit_factor(u or last) for v, u in items]
        spans.append(m.span())
    return xs, spans


def _side(word: str) -> str:
    return "top" if re.fullmatch(_TOP, word.strip(), re.I) else "bottom"


def wall_rows(text: str, height: float) -> list[dict[str, Any]] | None:
    """The bodies of a row on the walls (see the module doc) as obstacles of a channel `height` high; None when
    the text names no several wall bodies, or does not give their places (x), their size out of the wall and
    along the flow, and their walls."""
    plural = _PLURAL.search(text)
    if not plural:
        return None
    start = max(text.rfind(". ", 0, plural.start()), text.rfind(";", 0, plural.start())) + 1
    words = text[start:]
    xs, spans = _x_places(words)
    if len(xs) < 2:
        return None
    sizes = "".join(" " if any(a <= i < b for a, b in spans) else c for i, c in enumerate(words))
    roles = bind_lengths(sizes, {k: v for k, v in _ROLE_CUES.items() if k != "x"})
    if "protrusion" not in roles or "thickness" not in roles:
        return None
    sides = {_NTH[m.group("nth").lower()]: _side(m.group("wall")) for m in _ORDINAL.finditer(words)}
    first_wall = _WALL_WORD.search(words)
    if _ALTERNATE.search(words) or len(set(sides.values())) > 1:
        start_side = sides.get(0) or (_side(first_wall.group(0)) if first_wall else "bottom")
        other = "top" if start_side == "bottom" else "bottom"
        walls = [sides.get(k, start_side if k % 2 == 0 else other) for k in range(len(xs))]
    elif first_wall:
        walls = [sides.get(k, _side(first_wall.group(0))) for k in range(len(xs))]
    else:
        return None
    return [WallBody(side=side, protrusion=roles["protrusion"], thickness=roles["thickness"], x=x).obstacle(height)  # type: ignore[arg-type]
            for x, side in zip(xs, walls)]
