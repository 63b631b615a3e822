"""The direction a cell count is for: "150 cells along the height", "25 across it", "in y",
"along the 1 m height 150". The words after the count in its clause name it, else the words
before it in the clause (the nearest); height words mean the axis gravity runs along, "across"
the widest direction other than the longest. Pure; tasks/plan/bind_run.py (one block) and
tasks/plan/controls_mesh.py (several blocks) apply the count.
"""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor

# direction words -> the axis they name; "up" is the axis gravity runs along (y without gravity),
# "across" the widest direction other than the longest, "along" the longest
_DIRECTION_WORDS: tuple[tuple[int | str, str], ...] = (
    (0, r"\bx\b|\bx[- ]direction\b|\bstream\w*|\baxial\w*|\bhorizontal\w*|\bwidth\b|\bwide\b"),
    (1, r"\by\b|\bwall[- ]normal\b"),
    (2, r"\bz\b|\bspan\w*|\bdepth\b|\bthickness\b"),
    ("up", r"\bheight\b|\bhigh\b|\btall\b|\bvertical\w*|\bdown\b|\bup\b|\btop\s+to\s+bottom\b|\bbottom\s+to\s+top\b"),
    ("length", r"\blong\b|\blength\w*|\blengthwise\b"),
    ("across", r"\bacross\b|\btransverse\w*|\bcross[- ]?wise\b"),
    ("along", r"\balong\b"),
)
_CLAUSE_END = re.compile(r"[,;:.()]|\band\b|\bwith\b|\bthen\b")
_CLAUSE_START = re.compile(r".*(?:[,;.()]|\band\b|\bwith\b)", re.S)  # "key: value" keeps its key
# an axis written with the count itself: "25 in x", "80 (x)", "60 along y", "40 z-direction"
_OWN_AXIS = re.compile(r"(?:\(\s*|\bin\s+(?:the\s+)?|\balong\s+)([xyz])\b|\b([xyz])[- ](?:direction|axis)\b")
LOOK = 50  # characters after (before) a count that can name its direction


def _named(words: str, last: bool) -> int | str | None:
    """The direction the words name: the first match (the last with `last`); "along" only when
    no other direction word is there ("along the height" is the height)."""
    hits = sorted(((m.start(), name) for name, pattern in _DIRECTION_WORDS for m in re.finditer(pattern, words)),
                  key=lambda h: h[0])
    real = [h for h in hits if h[1] != "along"]
    if any(h[1] == "up" for h in real):  # "across the (half) height" is the height
        real = [h for h in real if h[1] != "across"]
    if real:
        return (real[-1] if last else real[0])[1]
    return "along" if hits else None


def _resolve(name: int | str, up: int, extents: list[float] | None, flat: set[int],
             vertical_said: bool = False) -> int | str:
    if isinstance(name, int):
        return name
    if name == "up":
        return up
    if name in ("length", "along"):
        if extents is None:
            return 0 if name == "length" else "along"
        return max((a for a in range(3) if a not in flat), key=lambda a: extents[a], default=0)
    # across: the widest resolved direction other than the longest (y in an x-long channel)
    if extents is None:
        return 1
    resolved = [a for a in range(3) if a not in flat]
    longest = max(resolved, key=lambda a: extents[a], default=0)
    if vertical_said and sum(1 for a in resolved if abs(extents[a] - extents[longest]) <= 1e-9 * extents[longest]) > 1:
        return next((a for a in resolved if a != up), 1)  # a square cavity, "40 across and 60 down": across is level
    others = [a for a in resolved if a != longest]
    across = max(others, key=lambda a: extents[a]) if others else 1
    if vertical_said and across == up and len(resolved) > 1:  # "65 across, 200 in height" with gravity along z:
        return next(a for a in resolved if a != up)  # across is the level direction, never the height's
    return across


_SIZE = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})(?![\w/])")


def _sized_axis(words: str, extents: list[float] | None) -> int | None:
    """The one axis whose extent is the length said with a count ("across the 8.89 cm width"), or None."""
    m = _SIZE.search(words)
    if m is None or not extents:
        return None
    size = float(m.group(1)) * unit_factor(m.group(2))
    hits = [a for a, e in enumerate(extents) if e > 0 and abs(e - size) <= 0.01 * e]
    return hits[0] if len(hits) == 1 else None


def count_axis(text: str, start: int, end: int, up: int = 1, extents: list[float] | None = None,
               flat: set[int] | frozenset[int] = frozenset()) -> int | str | None:
    """The axis (0, 1, 2) the cell count at text[start:end] is for, "along" (the longest side,
    when the extents are not known), or None when its clause names no direction."""
    low = text.lower()
    own = _OWN_AXIS.search(low[start:end])
    if own is not None:  # the count's own words: "25 in x", "80 (x)"
        return "xyz".index(own.group(1) or own.group(2))
    sized = _sized_axis(re.split(r"[,;:()]|\.(?!\d)|\band\b|\bwith\b|\bthen\b", low[end:end + LOOK])[0], extents)
    if sized is not None:  # "65 cells across the 8.89 cm width": the axis that long
        return sized
    # the count's own words after its number ("40 across", "60 wall-normal"), else the words after it
    name = _named(re.sub(r"^[\d.\s]+", "", low[start:end]), last=False)
    after = _CLAUSE_END.split(low[end:end + LOOK])[0]
    if name == "across" and _named(after, last=False) not in (None, "along", "across"):
        name = _named(after, last=False)  # "24 across the height", "16 across the span": the words after say which
    name = name if name is not None else _named(after, last=False)
    if name is None:
        before = low[max(0, start - LOOK):start]
        m = _CLAUSE_START.match(before)
        name = _named(before[m.end():] if m else before, last=True)
    rest = low[:start] + " " + low[end:]
    # another count said along the vertical ("200 in height", "60 down"), not a size ("0.1 m high")
    vertical_said = re.search(rf"(?<![\w.])\d+\s+(?:cells?\s+)?(?:(?:in|along|over|across|up|down|from)\s+)?(?:the\s+)?"
                              rf"(?:{dict(_DIRECTION_WORDS)['up']})", rest) is not None  # type: ignore[str-bytes-safe]
    return None if name is None else _resolve(name, up, extents, set(flat), vertical_said)
