"""A fin, baffle or partition standing out from one wall of a closed cavity, from a request's words: "a thin
adiabatic fin on the hot wall at mid-height, 50 mm long and 2 mm thick", "a half-width baffle from the middle of the
left wall", "a baffle hanging from the ceiling at mid-width, 40 mm long", "fin: from x = 0 to 50 mm, y 49..51 mm".

The wall is the one the fin's clause names (the hot or cold wall of a heated cavity, left, right, floor, ceiling or
lid); the fin stands out of it square to it by its length ("long", "tall", "protrudes"; "half the width") and is as
thick as said, its middle where the words put it along the wall ("at mid-height", "y = 20 mm", "30 mm above the
floor", "at x = 40 mm") or the wall's middle. A fin given by its coordinate ranges is that box.

Why: a fin dropped from its cavity is another flow, and its length read as the cavity's side ("50 mm long") is another
cavity. The fin touches its wall: no fluid between them (tasks.geometry.spec.check_obstacles lets a closed enclosure's
body stand on any of its walls). Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.shape_body_place import body_y
from tasks.geometry.spec import NUM, OPPOSITE, UNIT, unit_factor
from tasks.geometry.text_range_parts import range_parts
from tasks.geometry.text_role_binding import bind_lengths

_NOUN = re.compile(r"\b(?P<noun>fin|baffle|partition|plate|vane|flap|rib)s?\b", re.I)
_START = re.compile(r"(?:^|;|[.?!]\s|\n|,|\bwith\b|\bhas\b|\bthere(?:'s|\s+is)\b|:)", re.I)
_END = re.compile(r";|[.?!](?:\s|$)|\n|:\s|,\s*(?:and\s+)?(?:the\s+)?(?:(?:enclosure|cavity|box|air|water|fluid|lid\s+(?:speed|velocity|moves))\b"
                  r"|(?:left|right|top|bottom|upper|lower|other)\s+(?:wall|side)\s+(?:is|at|held|kept)\b)|\b(?:while|whereas)\b", re.I)
# the wall a fin stands on: hot/cold by the heated cavity's walls, else by its side
_WALL = re.compile(r"\b(?P<temp>hot(?:ter)?|heated|warm|cold(?:er)?|cooled|cool)\s+(?:side\s+)?wall\b"
                   r"|\b(?P<side>left|right)(?:[- ]hand)?\s+(?:side\s+)?wall\b"
                   r"|\b(?P<hang>hangs?|hanging|suspended)\b"
                   r"|\b(?:on|from|to|of|against|at)\s+(?:the\s+)?(?:cavity(?:'s)?\s+|enclosure(?:'s)?\s+)?"
                   r"(?P<flat>floor|ceiling|roof|lid|base|bottom|top)(?:\s+wall)?\b", re.I)
_LEN = rf"({NUM})\s*({UNIT})"
# places along the wall, kept out of the fin's sizes
_PLACES = re.compile(rf"(?<![\w.])[xy]\s*=\s*{_LEN}|{_LEN}\s+(?:above|below|from|off|up\s+from|down\s+from|in\s+from)\s+(?:the\s+)?"
                     r"(?:\w+\s+){0,2}?(?:floor|bottom|base|ceiling|top|roof|lid|left|right|corner|wall|hot|cold)\b", re.I)
_CUES = {"protrusion": r"\b(?:long|length|tall|high|height(?!\s*(?:y\s*=|of\s+y))|deep|protrud\w*|projects?|projecting|extends?|"
                       r"extending|reach(?:es|ing)?|sticks?\s+out|juts?)\b|\binto\s+the\s+(?:cavity|enclosure|box|fluid)\b",
         "thickness": r"\bthick(?:ness)?\b"}
_FRACTION = re.compile(r"\b(?P<f>half|a\s+third|one\s+third|a\s+quarter|one\s+quarter|two[- ]thirds|three[- ]quarters)"
                       r"(?:[- ]|\s+of\s+)(?:the\s+)?(?:cavity(?:'s)?\s+|enclosure(?:'s)?\s+|box(?:'s)?\s+)?(?P<of>width|height|side|length)\b",
                       re.I)
_FRACTIONS = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "two-thirds": 2 / 3, "three-quarters": 0.75}
_MIDDLE = re.compile(r"\bmid[- ]?(?:width|length|span|point|way)\b|\bmiddle\b|\bcent(?:re|er)\b|\bhalf[- ]?way\b", re.I)


def fin_words(text: str) -> tuple[int, int] | None:
    """The span of the clause that says a fin stands on a wall (its noun and a wall named in it); None when none."""
    for noun in _NOUN.finditer(text):
        starts = [m.end() for m in _START.finditer(text, 0, noun.start())]
        start = starts[-1] if starts else 0
        # a colon after the fin's words starts a list of other things ("... from the hot wall: hot side at x = 0
        # ..."); one right after its noun introduces its own sizes ("Fin: x 0..50 mm")
        end = next((m for m in _END.finditer(text, noun.end())
                    if not (m.group(0).startswith(":") and not re.search(r"\w", text[noun.end():m.start()]))), None)
        stop = end.start() if end else len(text)
        if _WALL.search(text[start:stop]) or len(range_parts(text[start:stop])) == 1:
            return start, stop
    return None


def wall_fin(text: str, width: float, height: float, hot: str) -> tuple[dict[str, Any], list[str]] | None:
    """The fin the words stand on a wall of a `width` x `height` cavity (x 0..width, y 0..height) as obstacle fields
    named for its noun, and notes on what was assumed; `hot`: the heated cavity's hot side (the cold one faces it).
    None when no fin is said on a wall or its length is not given."""
    span = fin_words(text)
    if span is None:
        return None
    words = text[span[0]:span[1]]
    name = _NOUN.search(words).group("noun").lower()  # type: ignore[union-attr]
    parts = range_parts(words)
    if len(parts) == 1:  # "from x = 0 to 50 mm, y 49..51 mm"
        (x0, x1), (y0, y1) = parts[0].x, parts[0].y
        return _box(name, x0, y0, x1, y1), []
    side = _side(words, hot)
    if side is None:
        return None
    along_wall = height if side in ("left", "right") else width
    across = width if side in ("left", "right") else height
    plain = _PLACES.sub(lambda m: " " * len(m.group(0)), words)
    sizes = bind_lengths(plain, _CUES)
    fraction = _FRACTION.search(words)
    if "protrusion" not in sizes and fraction:  # "a half-width baffle", "half the cavity height long"
        of = {"width": width, "length": width, "height": height}.get(fraction.group("of").lower(), across)
        sizes["protrusion"] = _FRACTIONS[fraction.group("f").lower().split()[-1]] * of
    notes: list[str] = []
    if "protrusion" not in sizes or sizes["protrusion"] >= across:
        return None
    if "thickness" not in sizes:
        sizes["thickness"] = along_wall / 50
        notes.append(f"The {name}'s thickness not given: {sizes['thickness']:g} m (a fiftieth of the wall it stands on).")
    place = _place(words, side, width, height)
    if place is None:
        place = along_wall / 2
        notes.append(f"The {name}'s place on its wall not given: at the wall's middle ({place:g} m).")
    length, t = sizes["protrusion"], sizes["thickness"]
    lo, hi = place - t / 2, place + t / 2
    box = {"left": (0.0, lo, length, hi), "right": (width - length, lo, width, hi),
           "bottom": (lo, 0.0, hi, length), "top": (lo, height - length, hi, height)}[side]
    notes.append(f"The {name} stands out {length:g} m from the {side} wall, {t:g} m thick, its middle at "
                 f"{'y' if side in ('left', 'right') else 'x'} = {place:g} m; its faces are their own wall patch ({name}), "
                 "adiabatic unless given a temperature.")
    return _box(name, *box), notes


def _box(name: str, x0: float, y0: float, x1: float, y1: float) -> dict[str, Any]:
    return {"kind": "rectangle", "center": (round((x0 + x1) / 2, 12), round((y0 + y1) / 2, 12)), "width": round(x1 - x0, 12),
            "height": round(y1 - y0, 12), "name": name}


def _side(words: str, hot: str) -> str | None:
    """The wall the fin's words stand it on: left, right, bottom or top."""
    m = _WALL.search(words)
    if m is None:
        return None
    if m.group("temp"):
        heated = m.group("temp").lower().startswith(("hot", "heat", "warm"))
        return hot if heated else OPPOSITE[hot]  # type: ignore[index]
    if m.group("side"):
        return m.group("side").lower()
    if m.group("hang"):
        return "top"
    return "top" if m.group("flat").lower() in ("ceiling", "roof", "lid", "top") else "bottom"


def _place(words: str, side: str, width: float, height: float) -> float | None:
    """Where along its wall the fin's middle is: its y on a side wall, its x on the floor or ceiling."""
    if side in ("left", "right"):
        y = body_y(words, height)
        return height / 2 if y is None and _MIDDLE.search(words) else y
    m = re.search(rf"(?<![\w.])x\s*=\s*{_LEN}", words, re.I)
    if m:
        return float(m.group(1)) * unit_factor(m.group(2))
    m = re.search(rf"{_LEN}\s+(?:from|off|in\s+from|right\s+of)\s+(?:the\s+)?(left|right)\b", words, re.I)
    if m:
        x = float(m.group(1)) * unit_factor(m.group(2))
        return x if m.group(3).lower() == "left" else width - x
    return width / 2 if _MIDDLE.search(words) else None
