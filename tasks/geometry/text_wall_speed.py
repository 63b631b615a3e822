"""A wall of an annulus moved by a tangential speed: "the outer wall moves at 10 cm/s", "inner cylinder surface
speed 0.2 m/s", "a tangential velocity of 5 cm/s on the outer cylinder", "the outer wall slides clockwise at
0.1 m/s". The speed turns that wall about the axis: omega = v / r with r the wall's radius (counter-clockwise
about +z unless the words say clockwise). `wall_turns` rewrites such a speed as the rotation rate the annulus
writer puts on the wall (rotatingWallVelocity). Pure functions; SI units."""

from __future__ import annotations

import re
from typing import Any, Protocol, TypeVar

from tasks.geometry.text_annulus import INNER_PART, OUTER_PART

_SIDE = re.compile(r"\b(inner|outer)\b", re.I)
_MOVES = re.compile(r"\b(?:mov(?:es|ing|ed)|slid(?:es|ing)|turn(?:s|ing)|rotat(?:es|ing)|spin(?:s|ning)|driven|translat\w*"
                    r"|(?:surface|tangential|wall|peripheral|rim|circumferential)\s+(?:speed|velocity))\b", re.I)
_CLOCKWISE = re.compile(r"(?<!counter)(?<!counter-)(?<!anti)(?<!anti-)\bclockwise\b", re.I)
_SPEED_ROLES = ("lid_velocity", "wall_velocity", "inlet_velocity", "velocity")


class _Quantity(Protocol):
    text: str
    value: float
    role: str
    quantity: str

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Any: ...


Q = TypeVar("Q", bound=_Quantity)


def plain_walls(text: str) -> str:
    """`text` with an annulus's walls named as machine parts called the inner and the outer cylinder: "the housing
    rotates" -> "the outer cylinder rotates", "rotor surface speed" -> "inner cylinder surface speed"."""
    def name(m: re.Match[str], side: str) -> str:
        return m.group(0) if m.group(0).lower().startswith(side) else f"{side} cylinder"
    text = re.sub(rf"\b{INNER_PART}\b", lambda m: name(m, "inner"), text, flags=re.I)
    return re.sub(rf"\b{OUTER_PART}\b", lambda m: name(m, "outer"), text, flags=re.I)


def moved_wall(text: str, said: str) -> tuple[str, int] | None:
    """The annulus wall ("inner" or "outer") the speed written `said` moves, and its sense (+1 counter-clockwise,
    -1 clockwise), from the sentence it is said in; None when no wall of the annulus is said to move at it."""
    for sentence in re.split(r"(?<=[.;])\s+|\n", plain_walls(text)):
        at = sentence.find(said)
        if at < 0:
            continue
        clause_start = max(sentence.rfind(" and ", 0, at), sentence.rfind(", while", 0, at), 0)
        before, after = sentence[clause_start:at], sentence[at + len(said):at + len(said) + 50]
        sides = list(_SIDE.finditer(before))
        side = sides[-1].group(1) if sides else (m.group(1) if (m := _SIDE.search(re.split(r"[,;]", after)[0])) else None)
        if side is None or not (_MOVES.search(before) or _MOVES.search(after)):
            continue
        sense = -1 if _CLOCKWISE.search(sentence[clause_start:at + len(said) + 50]) else 1
        return side.lower(), sense
    return None


def wall_turns(text: str, stated: list[Q], inner_radius: float, outer_radius: float,
               assumptions: list[str]) -> list[Q]:
    """`stated` with each speed said of a moving annulus wall written as that wall's rotation rate (omega = v / r,
    role angular_velocity), the sentence saying so appended to `assumptions`; the others as they were. A request that
    also states a rotation rate keeps its speeds (the rate says the turn)."""
    if any(q.role == "angular_velocity" for q in stated):
        return stated
    out = []
    for q in stated:
        wall = moved_wall(text, q.text) if q.quantity == "velocity" and q.role in _SPEED_ROLES else None
        if wall is None:
            out.append(q)
            continue
        radius = inner_radius if wall[0] == "inner" else outer_radius
        omega = wall[1] * q.value / radius
        assumptions.append(f"{q.text} is the {wall[0]} wall's tangential speed: omega = v / r = {q.value:g} / {radius:g} "
                           f"= {omega:.6g} rad/s about the z axis ({'clockwise' if wall[1] < 0 else 'counter-clockwise'})")
        out.append(q.model_copy(update={"quantity": "angular_velocity", "value": omega, "unit": "rad/s",
                                        "role": "angular_velocity"}))
    return out
