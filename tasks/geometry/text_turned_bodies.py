"""Rectangular bodies turned from the flow's axes, from a request's words: "a square turned 45 degrees", "a
diamond", "a plate inclined at 20 degrees to the flow", "a block rotated 30 deg clockwise", "a fin at 10 degrees
angle of attack". The rectangles and squares read elsewhere (text_bodies) are axis-aligned; here each one the words
turn becomes a polygon of its four corners turned about its centre. Pure functions; metres and degrees.

Why: a diamond built as an upright square, or an inclined plate dropped, is a different flow; a turn said of a body
is built, or the request is refused naming it.

Sense of the turn: counter-clockwise (x towards y) unless the words say clockwise; an angle of attack or an
incidence lifts the upstream edge (nose up), which with the flow along +x is clockwise."""

from __future__ import annotations

import math
import re
from typing import Any

from tasks.core.errors import RequestError
from tasks.geometry.shape_body_place import body_x, body_y
from tasks.geometry.spec import NUM, unit_factor
from tasks.geometry.text_bodies import obstacles
from tasks.geometry.text_numbers import LENGTH
from tasks.geometry.text_points import centre, find_points

_DEG = r"\s*(?:°|º|degrees?\b|degs?\b|deg\b)"
_SENSE = r"(?:\s+(?P<sense>clockwise|cw|counter[- ]?clockwise|anti[- ]?clockwise|ccw)\b)?"
_TURNS = [
    re.compile(rf"\b(?:rotated|turned|tilted|inclined|angled|yawed|skewed|pitched)\s+(?:(?:at|by|through|to)\s+)?"
               rf"(?:an?\s+(?:angle|inclination)\s+(?:of\s+)?)?(?P<deg>{NUM}){_DEG}{_SENSE}", re.I),
    re.compile(rf"\bat\s+(?:an?\s+)?(?P<aoa>angle\s+of\s+attack|incidence|inclination|angle)\s+(?:of\s+)?(?P<deg>{NUM}){_DEG}{_SENSE}",
               re.I),
    re.compile(rf"(?<![\w.])(?P<deg>{NUM}){_DEG}\s*(?P<aoa>angle\s+of\s+attack|incidence|inclination|tilt|rotation|to\s+the\s+"
               rf"(?:flow|stream|horizontal))\b{_SENSE}", re.I),
    re.compile(rf"\b(?P<aoa>angle\s+of\s+attack|incidence)\s*(?:of|=|:|is)?\s*(?P<deg>{NUM}){_DEG}", re.I),
]
# which way a thin body's upstream edge goes: up (clockwise, with the flow along +x) or down
_RAISED = r"(?:up|upwards?|higher|raised|lifted|above|uppermost|on\s+top)"
_LOWERED = r"(?:down|downwards?|lower|lowered|dropped|below|lowermost|at\s+the\s+bottom)"
_NOSE = re.compile(rf"\b(?:nose|leading\s+edge|front\s+edge|upstream\s+edge)(?:\s+(?:is\s+)?(?:\w+\s+){{0,3}}?|[- ])"
                   rf"(?:(?P<up>{_RAISED})|{_LOWERED})\b|\b(?:trailing\s+edge|rear\s+edge|downstream\s+edge)(?:\s+(?:is\s+)?"
                   rf"(?:\w+\s+){{0,3}}?|[- ])(?:(?P<up2>{_LOWERED})|{_RAISED})\b", re.I)
_DIAMOND = re.compile(r"\bdiamond(?:[\s-]+shaped)?\b|\bsquare\b[^.;]{0,40}?\b(?:corner|vertex|edge)\s+(?:first|"
                      r"(?:pointing|facing)\s+(?:upstream|into\s+the\s+flow|the\s+(?:flow|inlet)))", re.I)
# the bodies a turn is said of: the rectangular ones (a regular polygon's own turn is read in text_polygons)
_RECTANGULAR = re.compile(r"\b(?:square|diamond|block|rectangle|rectangular|plate|bar|beam|fin|baffle|vane|blade|slab|"
                          r"prism|obstacle|body|cylinder|strip)s?\b", re.I)
_NOT_A_BODY = re.compile(r"\b(?:hexag|pentag|octag|triang|polygon|ellip|aerofoil|airfoil|naca|wedge|channel\s+(?:is\s+)?"
                         r"(?:inclined|tilted)|gravity|body\s+force|jet|inlet\s+flow|velocity|wall\s+(?:is\s+)?(?:inclined|tilted))", re.I)
_EACH = re.compile(r"\b(?:each|both|all|every|the\s+(?:two|three|four))\b", re.I)


def stated_turn(text: str) -> tuple[float, str] | None:
    """The turn (degrees, counter-clockwise) the words give a rectangular body, and the words that say it; None when
    they turn none. Only a turn said in a sentence that names such a body (or follows one that does: "each is rotated
    45 degrees") and no other turned thing counts."""
    sentences = re.split(r"(?<=[.;])\s+|\n", text)
    for before, sentence in zip([""] + sentences, sentences):
        if not _RECTANGULAR.search(before + " " + sentence) or _NOT_A_BODY.search(sentence):
            continue
        for pattern in _TURNS:
            if m := pattern.search(sentence):
                angle = float(m.group("deg"))
                sense = (m.groupdict().get("sense") or "").lower()
                clockwise = sense.startswith(("c", "cw")) and not sense.startswith("counter") or \
                    (not sense and m.groupdict().get("aoa") and re.match(r"angle\s+of|incid", m.group("aoa"), re.I))
                nose = _NOSE.search(sentence)
                if not sense and nose:  # "nose-up", "leading edge upstream and higher": clockwise with the flow along +x
                    clockwise = bool(nose.group("up") or nose.group("up2"))
                return (-angle if clockwise else angle), m.group(0)
        if m := _DIAMOND.search(sentence):
            return 45.0, m.group(0)
    return None


def turned(body: dict[str, Any], angle: float) -> dict[str, Any]:
    """A rectangle or square obstacle turned `angle` degrees counter-clockwise about its centre, as a polygon that
    keeps its sizes and turn on record."""
    (cx, cy), w, h = body["center"], body["width"], body.get("height") or body["width"]
    a = math.radians(angle)
    corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    vertices = [(round(cx + u * math.cos(a) - v * math.sin(a), 12), round(cy + u * math.sin(a) + v * math.cos(a), 12))
                for u, v in corners]
    out = {"kind": "polygon", "vertices": vertices, "sizes": {"width": w, "height": h}, "angle": angle}
    return {**out, "name": body["name"]} if body.get("name") else out


_THIN = re.compile(r"\b(?:plate|fin|vane|blade|strip|slat|splitter|flap)s?\b", re.I)
_ALONG = re.compile(rf"\b(?:chord|length)\s*(?:of|=|:|is)?\s*{LENGTH}|(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:long|chord)\b", re.I)
_THICK = re.compile(rf"\bthickness\s*(?:of|=|:|is)?\s*{LENGTH}|(?<![\w.]){LENGTH}\s*(?:-\s*)?thick\b", re.I)


def _said(m: re.Match[str] | None) -> float | None:
    """The length (m) a match of `_ALONG` or `_THICK` holds, when it carries a unit."""
    if m is None:
        return None
    num, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return float(num) * unit_factor(unit) if unit else None


def turned_plate(text: str, height: float | None, length: float | None) -> dict[str, Any] | None:
    """A thin body the words turn ("a thin plate, chord 80 mm, thickness 4 mm, at an angle of 15 degrees, centred
    0.3 m downstream of the inlet at mid-height") as an upright rectangle, its length along x and its thickness
    across, before the turn; None when its length, thickness or centre is not said."""
    for sentence in re.split(r"(?<=[.;])\s+|\n", text):
        thin = _THIN.search(sentence)
        if thin is None or stated_turn(sentence) is None:
            continue
        words = sentence[thin.start():]
        along, thick = _said(_ALONG.search(words)), _said(_THICK.search(words))
        points = find_points(sentence)
        c = centre(sentence) or (points[0] if len(points) == 1 else None)
        if c is None and height and (x := body_x(sentence, length)) is not None:
            y = body_y(sentence, height)
            c = (x, y if y is not None else height / 2)
        if along and thick and c:
            return {"kind": "rectangle", "center": c, "width": along, "height": thick}
    return None


def turn_bodies(text: str, shape: str, bodies: list[dict[str, Any]], height: float | None = None,
                length: float | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """`bodies` with the rectangular ones the words turn made polygons (a thin plate the words turn and place added
    when no body was read: `height` and `length` are the channel's), and the notes that say so. Raises RequestError
    when the words turn a body but none was read (a plain channel would drop it), or turn one of several without
    saying which."""
    said = stated_turn(text)
    if said is None or abs(said[0]) % 360 < 1e-12:
        return bodies, []
    angle, words = said
    upright = [i for i, b in enumerate(bodies) if b.get("kind") in ("rectangle", "square")]
    if not bodies and (plate := turned_plate(text, height, length)):
        bodies, upright = [plate], [0]  # "a plate 0.1 m long and 5 mm thick inclined at 20 degrees": its chord along x
    elif not bodies and len(read := [b for b in obstacles(text, height, length) if b.get("kind") in ("rectangle", "square")]) == 1:
        bodies, upright = read, [0]  # "a rectangle 0.08 m x 0.01 m at 15 degrees angle of attack ... centred at ..."
    if not upright:
        if any(b.get("kind") == "polygon" for b in bodies):
            return bodies, []  # a polygon carries its own turn (text_polygons) or its vertices as given
        raise RequestError(f"geometry refused: the words turn a body ('{words}') but no rectangular body with a centre "
                           f"and sizes could be read in the {shape.replace('_', ' ')}; give it as e.g. 'a rectangular block "
                           "60 mm long and 5 mm thick centred at (0.4, 0.15) m, rotated 20 degrees'")
    if len(upright) > 1 and not _EACH.search(text):
        raise RequestError(f"geometry refused: '{words}' is said once but {len(upright)} rectangular bodies were read; say "
                           "which is turned, or 'each' / 'both' when all are")
    out = list(bodies)
    for i in upright:
        out[i] = turned(bodies[i], angle)
    return out, [f"{len(upright)} rectangular bod{'y' if len(upright) == 1 else 'ies'} turned {angle:g} degrees "
                 f"counter-clockwise about {'its' if len(upright) == 1 else 'their'} centre ('{words}')."]
