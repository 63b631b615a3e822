"""The walls of a cavity or channel the request moves, each with its own velocity: "the top lid moves right at
0.1 m/s and the bottom lid moves left at the same speed", "both lids slide in opposite directions at 5 cm/s",
"the left wall moves up at 1 m/s", "upper plate +x at 2 cm/s, lower plate -x". A wall is named by its side
(top, bottom, left, right); its direction by words (right/left/+x/-x/up/down/"opposite", "towards the right"),
else along the wall (+x for a horizontal one, +y for a vertical one; the second of two walls said to move
"in opposite directions" the other way); its speed by the speed said in its clause, "the same speed" (the
speed said before), or the one speed the request states. Pure functions; SI units."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tasks.geometry.spec import Side

# the words naming a wall by its side ("lid" alone: the top)
_SIDE_WORDS: dict[Side, str] = {
    "top": r"top|upper|lid|ceiling|roof",
    "bottom": r"bottom|lower|floor|base",
    "left": r"left(?:-hand)?",
    "right": r"right(?:-hand)?",
}
_WALL_NOUN = r"(?:(?:lid|wall|plate|side|boundary|surface|belt)s?\b)"
_ANY_SIDE = "|".join(_SIDE_WORDS.values())
# a verb that moves a wall, or a wall's own velocity ("top wall velocity"); never "lid-driven cavity"
_MOVES = re.compile(r"\b(?:mov(?:es|ing|ed|e)|slid(?:es|ing|e)|translat\w*|(?<!-)driven(?!\s+(?:cavity|flow|box|enclosure))|"
                    r"travel\w*|sweeps?|pulled|drags?|dragged)\b"
                    rf"|\b(?:{_ANY_SIDE})\s+(?:{_WALL_NOUN}\s+)?(?:velocity|speed)\b", re.I)
_STILL = re.compile(r"\b(?:fixed|stationary|at\s+rest|no[- ]slip|not\s+mov\w*|still)\b", re.I)
_BOTH = re.compile(r"\b(?:both|the\s+two|two)\s+(?:(?:horizontal|opposite|facing|parallel)\s+)?(?:lids|walls|plates|"
                   r"belts|boundaries)\b", re.I)
_OPPOSITE = re.compile(r"\b(?:opposite|opposing|contrary|reverse[ds]?|counter)\b", re.I)
_SAME_SPEED = re.compile(r"\b(?:same|equal|identical|like)\s+(?:speed|velocity|magnitude|rate)\b|\bequally\s+fast\b"
                         r"|\bas\s+fast\b", re.I)
# a direction after the motion verb ("moves right", "to the left", "in the +x direction", "upwards")
_DIRECTIONS: tuple[tuple[re.Pattern[str], tuple[float, float]], ...] = (
    (re.compile(r"(?:\bright(?:wards?)?\b|\+\s*x\b|\bpositive\s+x\b|\bx\s*\+|\beast\w*)", re.I), (1.0, 0.0)),
    (re.compile(r"(?:\bleft(?:wards?)?\b|-\s*x\b|−\s*x\b|\bnegative\s+x\b|\bwest\w*)", re.I), (-1.0, 0.0)),
    (re.compile(r"(?:\bup(?:wards?)?\b|\+\s*y\b|\bpositive\s+y\b|\bnorth\w*)", re.I), (0.0, 1.0)),
    (re.compile(r"(?:\bdown(?:wards?)?\b|-\s*y\b|−\s*y\b|\bnegative\s+y\b|\bsouth\w*)", re.I), (0.0, -1.0)),
)
_CLAUSES = re.compile(r"(?<=[.;:])\s+|\n|,\s*(?:while|whereas|and)\s+|\s+(?:while|whereas)\s+|,\s+(?=(?:the|its|a)\s)"
                      r"|,\s+(?=(?:top|bottom|upper|lower|left|right|lid|floor|ceiling)\b)"
                      r"|\s+and\s+(?=(?:the\s+)?(?:top|bottom|upper|lower|left|right|lid|floor|ceiling)\b)", re.I)


@dataclass(frozen=True)
class WallMotion:
    """One moving wall: its side, the unit direction it moves in (x, y), its speed (m/s), the stated text the
    speed was read from, and how the direction was found."""

    side: Side
    direction: tuple[float, float]
    speed: float
    said: str
    how: str

    def vector(self) -> tuple[float, float, float]:
        """The wall's velocity (m/s)."""
        return (self.speed * self.direction[0] + 0.0, self.speed * self.direction[1] + 0.0, 0.0)


def _sides_in(words: str) -> list[Side]:
    """The sides a clause's subject names as walls ("the top lid", "the left wall", "the floor"), in order."""
    found: list[tuple[int, Side]] = []
    for side, names in _SIDE_WORDS.items():  # "top" and "bottom" alone name a wall; "left" and "right" need one
        pattern = rf"\b(?:{names})\b(?:\s+{_WALL_NOUN})?" if side in ("top", "bottom") else \
            rf"\b(?:{names})\s+(?:hand\s+)?{_WALL_NOUN}"
        found += [(m.start(), side) for m in re.finditer(pattern, words, re.I)]
    if _BOTH.search(words) and not found:
        found = [(0, "top"), (1, "bottom")]
    return [s for _, s in sorted(found)]


def _direction(words: str) -> tuple[float, float] | None:
    """The direction said in the words after a motion verb, or None."""
    hits = [(m.start(), d) for pattern, d in _DIRECTIONS if (m := pattern.search(words))]
    return min(hits)[1] if hits else None


def _along(side: Side) -> tuple[float, float]:
    """The default direction of a wall moving in its own plane: +x for top and bottom, +y for left and right."""
    return (1.0, 0.0) if side in ("top", "bottom") else (0.0, 1.0)


def _speed_in(clause: str, speeds: list[tuple[str, float]]) -> tuple[str, float] | None:
    """The stated speed (text, m/s) written in `clause` (the longest text when several match, signed when a minus
    stands before it: "bottom wall velocity -1 m/s"), or None."""
    found = [(t, v) for t, v in speeds if re.search(rf"(?<![\w.]){re.escape(t)}(?![\w])", clause)]
    if not found:
        return None
    t, v = max(found, key=lambda f: len(f[0]))
    return (t, -abs(v)) if re.search(rf"[-−]\s*{re.escape(t.lstrip('-−'))}", clause) else (t, v)


_BARE_SIDE = re.compile(rf"^\W*(?:\w+\W+){{0,3}}?(?:{_ANY_SIDE})\b\W*(?:{_WALL_NOUN}|one)?", re.I)


def _bare_motion(clause: str, speeds: list[tuple[str, float]], after_a_motion: bool) -> re.Match[str] | None:
    """A wall moved without a verb: a side at the clause's start followed closely (no comma) by a speed ("top lid
    +x 0.1 m/s") or, after another wall moved, by "the same speed", "opposite" or a direction ("..., the bottom
    one left at the same speed"); the side's words, else None."""
    side = _BARE_SIDE.search(clause)
    if side is None:
        return None
    rest = re.split(r"[,;]", clause[side.end():])[0][:40]
    if _STILL.search(rest):
        return None
    told = after_a_motion and (_SAME_SPEED.search(rest) or _OPPOSITE.search(rest) or _direction(rest))
    return side if _speed_in(rest, speeds) or told else None


def _clauses(text: str) -> list[str]:
    """The clauses of `text` that may each move a wall; a bare side said before "and" joins the next clause
    ("upper and lower lids moving in opposite directions")."""
    out: list[str] = []
    pending = ""
    for piece in _CLAUSES.split(text):
        if len(piece.split()) <= 2 and not _MOVES.search(piece) and _sides_in(piece + " wall"):
            pending += piece + " and "
            continue
        out.append(pending + piece)
        pending = ""
    return out + ([pending] if pending else [])


def wall_motions(text: str, speeds: list[tuple[str, float]]) -> list[WallMotion]:
    """The walls `text` moves, each with its velocity, from the stated speeds `speeds` ((text as written, m/s),
    in the order stated); [] when the words move no wall by its side, or name none with a speed to move at."""
    motions: list[WallMotion] = []
    last: tuple[str, float] | None = None
    for clause in _clauses(text):
        verb = _MOVES.search(clause) or _bare_motion(clause, speeds, bool(motions))
        if verb is None or (_STILL.search(clause) and not _speed_in(clause, speeds)):
            continue
        # the wall named before the verb ("the top lid moves"), or in it ("top wall velocity"); never one after it
        # ("the flow moving along the bottom wall")
        sides = [s for s in _sides_in(clause[:verb.end()]) if s not in {m.side for m in motions}]
        if not sides:
            continue
        said = _speed_in(clause, speeds)
        if said is None and (_SAME_SPEED.search(clause) or len(sides) > 1 or motions) and last is not None:
            said = last
        elif said is None and len(speeds) == 1:
            said = speeds[0]
        if said is None:
            continue
        last = said
        told = _direction(re.sub(rf"\b(?:{_ANY_SIDE})\s+{_WALL_NOUN}", " ", clause[verb.end():], flags=re.I))
        opposite = bool(_OPPOSITE.search(clause))
        sign = -1.0 if said[1] < 0 else 1.0  # "-1 m/s": against the direction
        for i, side in enumerate(sides):
            if told is not None and i == 0:
                direction, how = told, "the direction said"
            elif opposite and motions:
                prev = motions[-1].direction
                direction, how = (-prev[0], -prev[1]), f"opposite to the {motions[-1].side} wall"
            else:
                direction, how = _along(side), "along the wall (+x horizontal, +y vertical: no direction said)"
            motions.append(WallMotion(side, (sign * direction[0] + 0.0, sign * direction[1] + 0.0), abs(said[1]),
                                      said[0], how + (" (a negative speed: reversed)" if sign < 0 else "")))
    return motions


_SPEED = re.compile(r"(?<![\w.])(-?\d+(?:\.\d*)?(?:e-?\d+)?)\s*(m|cm|mm|ft|in|km)\s*"
                    r"(?:/\s*(s|h)\b|per\s+(second|hour)\b|p(s)\b)", re.I)
_LENGTH_SI = {"m": 1.0, "cm": 0.01, "mm": 0.001, "ft": 0.3048, "in": 0.0254, "km": 1000.0}


def written_speeds(text: str) -> list[tuple[str, float]]:
    """The speeds written in `text` ("0.1 m/s", "5 cm/s", "36 km/h", "2 ft per second"): (as written, m/s), in
    order."""
    out = []
    for m in _SPEED.finditer(text):
        per_hour = (m.group(3) or m.group(4) or "s").lower().startswith("h")
        out.append((m.group(0), float(m.group(1)) * _LENGTH_SI[m.group(2).lower()] / (3600.0 if per_hour else 1.0)))
    return out


def moved_sides(text: str) -> list[Side] | None:
    """The sides of the walls `text` moves at a speed it writes (see `wall_motions`), in the order said, when they
    are other than the cavity tutorial's one lid moving along +x ("the lid moves left", "the left wall moves up",
    two lids); None when they are not."""
    motions = wall_motions(text, written_speeds(text))
    if not motions or [(m.side, m.direction) for m in motions] == [("top", (1.0, 0.0))]:
        return None
    return [m.side for m in motions]


# the patch a side's wall is, by the patch's name or its role in the shape library
_PATCH_OF: dict[Side, tuple[str, ...]] = {"top": ("top", "movingWall"), "bottom": ("bottom",), "left": ("left",),
                                          "right": ("right",)}


def moving_patches(text: str, speeds: list[tuple[str, float]], patches: dict[str, str]) -> list[tuple[str, WallMotion]]:
    """(patch, motion) for each wall `text` moves that the built shape has as a patch of its own (`patches`: name ->
    shape-library role; a channel's "top" and "bottom", a cavity's "movingWall" or its walls named by side)."""
    out = []
    for motion in wall_motions(text, speeds):
        name = next((n for n in _PATCH_OF[motion.side] if n in patches and patches[n] in (motion.side, "moving_wall")),
                    None)
        if name is not None:
            out.append((name, motion))
    return out
