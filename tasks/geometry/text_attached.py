"""A plate attached to a body, from a request's words: "a splitter plate 40 mm long and 4 mm thick attached to its
rear face", "with a splitter plate of length 2 D and thickness 0.2 D fixed to the back of the cylinder", "on its front
face a plate 8 cm long". The plate runs along the flow (x) from the body's rear face (or ahead of its front face),
centred on the body's centreline; its length and thickness are the lengths bound to "long"/"length" and
"thick"/"thickness" in its clause (sizes in multiples of the body, "2 D", are metres by then: text_relative.py).

Why: a plate dropped from its body is another flow (no wake splitting), and a plate read as the body ("square
cylinder 4 cm ... a plate 0.5 cm thick" read as a 0.5 cm square) is another body. The body and its plate are one
solid: a rectangular body and its plate are two rectangles that touch, given the body's name (one patch, one solid,
cut out of a block grid); a round body and its plate are one polygon (the circle's arc closed by the plate).
Pure functions; metres."""

from __future__ import annotations

import math
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, PositiveFloat

from tasks.geometry.spec import NUM, UNIT
from tasks.geometry.text_role_binding import bind_lengths

_NOUN = re.compile(r"\b(?:splitter[- ]plates?|(?:thin\s+|rigid\s+|flat\s+)?(?:plates?|tails?|strips?|fins?|flaps?))\b", re.I)
# the plate is the body's: a splitter plate always is; any other plate when the words fix it to the body's face
_SPLITTER = re.compile(r"\bsplitter\b", re.I)
_REAR = r"rear|back|behind|downstream\s+(?:face|side|end)|trailing|base|aft|lee(?:ward)?"
_FRONT = r"front|upstream\s+(?:face|side)|leading|nose|windward"
_FIXED = re.compile(rf"\b(?:attached|fixed|mounted|fitted|joined|welded|glued|bonded|sticks?\s+out|protrud\w*)\b"
                    rf"|\b(?:its|the\s+(?:body|cylinder|block|square|prism|bluff\s+body)(?:'s)?)\s+(?:{_REAR}|{_FRONT})\b"
                    rf"|\b(?:on|to|at|from|behind)\s+(?:its|it|the\s+(?:{_REAR}|{_FRONT}))\b", re.I)
# the words fix it to a body's face, not just somewhere in the channel ("a plate mounted at x = 0.3 m" is a body itself)
_BODY_FACE = re.compile(rf"\b(?:{_REAR}|{_FRONT})\b|\b(?:to|on|behind)\s+it\b|\bthe\s+(?:cylinder|body|block|square|prism|obstacle)\b", re.I)
_ON_FRONT = re.compile(rf"\b(?:{_FRONT})\b", re.I)
_SENTENCE_END = re.compile(r";|[.?!](?:\s|$)|\n")
_CLAUSE_START = re.compile(r"(?:^|;|[.?!]\s|\n|,|\bwith\b|\bhas\b|\band\b(?=\s+(?:a|an|the)\s))", re.I)
# where the plate's words stop before the sentence does: the body's or the channel's own phrase
_OTHERS = re.compile(r",\s*(?:and\s+)?(?:in|inside|within|placed|located|centred|centered|the\s+(?!plate))\b"
                     r"|\b(?:in|inside|within)\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?:channel|duct|domain|tunnel)\b", re.I)
# a sentence that goes on about the plate: its sizes are the plate's
_GOES_ON = re.compile(r"\s*(?:it\b|its\b|the\s+(?:splitter\s+)?plate\b|this\s+plate\b)", re.I)
_SIZE_BEFORE = re.compile(rf"(?<![\w.]){NUM}\s*{UNIT}\s*(?:-\s*)?(?:long|thick|wide)\s*,?\s*$", re.I)
_CUES = {"length": r"\blong\b|\blength\b|\bchord\b", "thickness": r"\bthick(?:ness)?\b|\bwidth\b|\bwide\b"}


class AttachedPlate(BaseModel):
    """A plate fixed to a body's rear (or front) face: its length along x and thickness across, and the span of
    its words in the request (blanked so no other reader takes them for the body's or the channel's)."""

    model_config = ConfigDict(extra="forbid")

    length: PositiveFloat
    thickness: PositiveFloat
    face: Literal["rear", "front"] = "rear"
    span: tuple[int, int]


def attached_plate(text: str) -> AttachedPlate | None:
    """The plate the words fix to a body, with its length and thickness; None when no plate is attached to a body
    or its two sizes are not both said (a plate on a wall is text_wall_bodies.py's)."""
    for noun in _NOUN.finditer(text):
        end = _SENTENCE_END.search(text, noun.end())
        stop = end.start() if end else len(text)
        other = _OTHERS.search(text, noun.end(), stop)
        stop = other.start() if other else stop
        aside = re.match(r"\s*\(([^()]*)\)", text[noun.end():])  # "a splitter plate (40 mm long, 4 mm thick), prism ...":
        if aside:  # its words end with its bracket
            stop = min(stop, noun.end() + aside.end())
        starts = [0] + [m.end() for m in _CLAUSE_START.finditer(text, 0, noun.start())]
        while len(starts) > 1 and _SIZE_BEFORE.search(text[starts[-2]:starts[-1]]):
            starts.pop()  # "with a 30 mm long, 2 mm thick plate": the sizes before its noun are its own
        start = starts[-1]
        words = text[start:stop]
        if not (_SPLITTER.search(words) or (_FIXED.search(words) and _BODY_FACE.search(words))) or _wall_held(words):
            continue
        sizes = bind_lengths(words, _CUES)
        if ("length" not in sizes or "thickness" not in sizes) and end is not None and \
                _GOES_ON.match(text, end.end()) and stop == end.start():  # "...rear face; it is 2 D long and 0.2 D thick"
            more = _SENTENCE_END.search(text, end.end())
            stop = more.start() if more else len(text)
            words = text[start:stop]
            sizes = bind_lengths(words, _CUES)
        if "length" not in sizes or "thickness" not in sizes:
            continue
        return AttachedPlate(length=sizes["length"], thickness=sizes["thickness"], span=(start, stop),
                             face="front" if _ON_FRONT.search(words) and not re.search(rf"\b(?:{_REAR})\b", words, re.I)
                             else "rear")
    return None


def _wall_held(words: str) -> bool:
    """The plate stands on a wall of the domain, not on a body ("a plate hanging from the ceiling", "fixed to the
    floor", "a fin on the hot wall")."""
    return bool(re.search(r"\b(?:hangs?|hanging|suspended|standing|stands?)\b", words, re.I) or
                re.search(r"\b(?:on|to|from|of)\s+the\s+(?:\w+\s+)?(?:floor|ceiling|roof|bottom|top|lid|wall)\b", words, re.I))


def attach(plate: AttachedPlate, bodies: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """`bodies` with the plate joined to the first of them (the body the words name before the plate), and a note
    saying where it went; unchanged with a note when there is no body to fix it to or it is thicker than the body."""
    if not bodies:
        return bodies, []
    body = dict(bodies[0])
    sign = -1.0 if plate.face == "front" else 1.0
    t, length = plate.thickness, plate.length
    if body["kind"] in ("square", "rectangle"):
        (cx, cy), w = body["center"], body["width"]
        h = body.get("height") or w
        if t >= h:
            return bodies, [f"The attached plate ({t:g} m thick) is not thinner than its body ({h:g} m): left out."]
        name = body.get("name") or "obstacle"
        face = cx + sign * w / 2
        part = {"kind": "rectangle", "center": (face + sign * length / 2, cy), "width": length, "height": t, "name": name}
        body["name"] = name
        where = (face, face + sign * length)
    elif body["kind"] == "circle":
        (cx, cy), d = body["center"], body["diameter"]
        if t >= d:
            return bodies, [f"The attached plate ({t:g} m thick) is not thinner than its body (D {d:g} m): left out."]
        body = {"kind": "polygon", "vertices": plated_circle(cx, cy, d, length, t, sign), "center": (cx, cy),
                "name": body.get("name") or "obstacle",
                "sizes": {"diameter": d, "plate_length": length, "plate_thickness": t}}
        part = None
        where = (cx + sign * d / 2, cx + sign * (d / 2 + length))
    else:
        return bodies, ["An attached plate on a body outlined as a polygon is not built: left out."]
    lo, hi = sorted(where)
    note = (f"The plate ({length:g} m long, {t:g} m thick) is fixed to the body's {plate.face} face, along its centreline "
            f"(x = {lo:g} to {hi:g} m): body and plate are one solid, one wall patch ({body['name']}).")
    return [body] + ([part] if part else []) + bodies[1:], [note]


def plated_circle(cx: float, cy: float, d: float, length: float, t: float, sign: float, segments: int = 64) -> list[tuple[float, float]]:
    """The outline (counter-clockwise) of a circle of diameter `d` at (cx, cy) with a plate of `length` (from the
    circle's rear point, +x when `sign` > 0, else its front point) and thickness `t` along its centreline."""
    r = d / 2
    a0 = math.asin(t / 2 / r)
    if sign > 0:  # the arc from just above the plate round the front to just below it, then the plate's end
        arc = [a0 + (2 * math.pi - 2 * a0) * k / segments for k in range(segments + 1)]
        tip = cx + r + length
        ends = [(tip, cy - t / 2), (tip, cy + t / 2)]
    else:  # the arc from just below the plate round the rear to just above it
        arc = [math.pi + a0 + (2 * math.pi - 2 * a0) * k / segments for k in range(segments + 1)]
        tip = cx - r - length
        ends = [(tip, cy + t / 2), (tip, cy - t / 2)]
    return [(round(cx + r * math.cos(a), 12), round(cy + r * math.sin(a), 12)) for a in arc] + ends
