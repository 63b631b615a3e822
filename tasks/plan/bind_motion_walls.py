"""The speed of a wall that moves with the mesh ("the cone moves at 120 m/s", "piston speed 3 ft/s",
"the lid of the box slides left at 0.4 m/s"). On a moving mesh a movingWallVelocity wall takes the
velocity of its moving faces: the speed lives where the base drives the mesh, the point motion of
the patch (0/pointMotionU, pointMotionUx: uniformFixedValue, fixedValue) or a solidBody linearMotion
velocity in constant/dynamicMeshDict. The base's direction and sign stay unless the request states
a direction ("to the left", "in -x") or a reversal ("the other way"). A mesh whose motion is solved
(sixDoF, rigid body) has no imposed speed: the value is reported, not written to U. Mixed into
`tasks.plan.bind.Binder` through `tasks.plan.bind_motion.MotionBinding`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_motion_zones import reversal_said
from tasks.plan.extract import normalise
from tasks.plan.fields import axis_of
from tasks.plan.foam_values import VECTOR, direction, fmt, leaves, vec
from tasks.plan.stated import StatedQuantity

_POINT_FIELDS = ("pointMotionU", "pointMotionUx", "pointMotionUy", "pointMotionUz")
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_SCALAR = re.compile(rf"^((?:uniform|constant)\s+)?({_NUMBER})$")
_WAY = re.compile(r"\b(?:to\s+the\s+|towards?\s+the\s+)?(left|right)(?:wards?)?\b|\b(leftwards?|rightwards?|"
                  r"upwards?|downwards?)\b|\b(?:mov\w*|slid\w*|travel\w*|go\w*|translat\w*|push\w*|pull\w*|"
                  r"head\w*|rais\w*|lower\w*|driven)\s+(up|down)\b")
_WAYS = {"left": [-1.0, 0.0, 0.0], "right": [1.0, 0.0, 0.0], "up": [0.0, 1.0, 0.0], "down": [0.0, -1.0, 0.0]}


def mesh_moves(dynamic_mesh_dict: str | None) -> bool:
    """The base's mesh moves: a dynamicMeshDict whose dynamicFvMesh is not staticFvMesh."""
    if not dynamic_mesh_dict:
        return False
    kind = (fd.get(dynamic_mesh_dict, ["dynamicFvMesh"]) or "").strip().strip(";")
    return bool(kind) and kind != "staticFvMesh"


def said_way(words: str) -> list[float] | None:
    """The direction the words give a motion: an axis ("in -x", "along +y"), else "to the left",
    "rightwards", "moves up" (x to the right, y up, as a 2-D plot shows them); None when unsaid."""
    given = axis_of(words)
    if given is not None:
        return given
    m = _WAY.search(words)
    if m is None:
        return None
    word = next(g for g in m.groups() if g).rstrip("s").removesuffix("ward").removesuffix("wards")
    return _WAYS.get(word)


def linear_motions(text: str) -> list[list[str]]:
    """The `velocity` entries of the solidBody linearMotion functions of a dynamicMeshDict."""
    out = []
    for entry, raw in leaves(text):
        if entry[-1] != "velocity" or not VECTOR.search(raw):
            continue
        functions = {(fd.get(text, [*entry[:depth], "solidBodyMotionFunction"]) or "").strip().strip(";")
                     for depth in range(len(entry))}
        if "linearMotion" in functions or any(p.lower() == "linearmotioncoeffs" for p in entry[:-1]):
            out.append(entry)
    return out


class WallMotionBinding:
    """The speed of a wall the moving mesh carries."""

    def bind_wall_motion(self, q: StatedQuantity, patch: str) -> bool:
        """A speed stated for a movingWallVelocity wall of a moving mesh, written where the base
        drives the patch; False on a fixed mesh (the wall's U value is its velocity there)."""
        dmd = self.base.text("constant/dynamicMeshDict")
        if not mesh_moves(dmd):
            return False
        words = self._motion_words(q)
        way = self._stated_direction(q) or said_way(words)
        flip = reversal_said(words)
        for field in _POINT_FIELDS:
            for rel in self.base.field_rels(field):
                if self._point_motion(q, rel, field, patch, way, flip):
                    return True
        entries = linear_motions(dmd or "")
        if len(entries) == 1:
            raw = fd.get(dmd or "", entries[0]) or ""
            self._write_vector(q, "constant/dynamicMeshDict", entries[0], raw, way, flip,
                               f"linearMotion velocity of the body ({patch} moves with it)")
            return True
        if self.motion_speed(q, self._stated):  # an oscillating body: its peak speed
            return True
        self.refuse(q, f"{patch} moves with the mesh, but the base imposes no speed on it (its motion is solved "
                       f"or is a displacement): Casewright cannot write {q.text} as its velocity")
        return True

    def _motion_words(self, q: StatedQuantity) -> str:
        """The words of the value's sentence around it (lower case)."""
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        if at < 0:
            return self._words_of(q)[0]
        before = re.split(r"[.;!?\n]\s", low[max(0, at - 120):at])[-1]
        after = re.split(r"[.;!?\n]|\d", low[at + len(q.text):at + len(q.text) + 60])[0]  # to the next value
        return f"{before} {after}"

    def _point_motion(self, q: StatedQuantity, rel: str, field: str, patch: str, way: list[float] | None,
                      flip: bool) -> bool:
        """The patch's point velocity in a pointMotionU(x) field takes the speed; False when the
        field does not impose one on it."""
        text = self.base.text(rel) or ""
        bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
        key = {"uniformFixedValue": "uniformValue", "fixedValue": "value"}.get(bc)
        raw = " ".join(fd.strip_comments(fd.get(text, ["boundaryField", patch, key]) or "").split()) if key else ""
        if not raw:
            return False
        if field == "pointMotionU":
            if not VECTOR.search(raw) or "table" in raw:
                return False
            self._write_vector(q, rel, ["boundaryField", patch, key], raw, way, flip, f"point velocity of {patch}")
            return True
        m = _SCALAR.match(raw)
        if m is None:
            return False
        component = field[-1] if field[-1] in "xyz" else (fd.get(self.base.text("constant/dynamicMeshDict") or "",
                                                                  ["component"]) or "x").strip().strip(";")
        axis = "xyz".index(component) if component in ("x", "y", "z") else 0
        old = float(m.group(2))
        if way is not None and abs(way[axis]) < 0.5:
            self.refuse(q, f"{patch} moves along {component} only ({field}); the stated direction "
                           f"{vec(way)} is not along it")
            return True
        sign = (1.0 if way[axis] > 0 else -1.0) if way is not None else (-1.0 if old < 0 else 1.0)
        if flip and way is None:
            sign = -sign
        self.set(rel, ["boundaryField", patch, key], f"{m.group(1) or ''}{fmt(sign * q.value)}",
                 f"{patch} moves at {fmt(q.value)} m/s along {'-' if sign < 0 else '+'}{component} ({field})", q)
        self.assumptions.append(f"{q.text}: the speed of {patch}, imposed by the mesh motion ({field} {key}); "
                                f"movingWallVelocity in U follows the moving faces")
        return True

    def _write_vector(self, q: StatedQuantity, rel: str, entry: list[str], raw: str, way: list[float] | None,
                      flip: bool, what: str) -> None:
        base = direction(raw)
        if way is None and not (base and any(base)):
            self.refuse(q, f"the base's {what} is zero: state the direction of {q.text} ('in +x')")
            return
        d = way or [(-x if flip else x) for x in base]
        new = VECTOR.sub(vec([q.value * x for x in d]), raw, count=1)
        self.set(rel, entry, new, f"{what}: {fmt(q.value)} m/s along {vec(d)}", q)
        self.assumptions.append(f"{q.text}: the {what} (the mesh motion carries the wall; movingWallVelocity "
                                f"follows it)")
