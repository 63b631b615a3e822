"""Read which patch, direction or duration a change request's words point at. Pure functions
over text and patch names, used by `modify` to put a stated value on the patch it names
("floor at 301 K", "outlet2 pressure 2", "air inlet 0.3 m/s towards -x", "six months")."""

from __future__ import annotations

import re
from collections.abc import Iterable

# Words a patch name stands for, beyond its own: a request says "bottom" for a patch named
# floor, "top" for ceiling, "heated" for hot.
_ALIASES: dict[str, tuple[str, ...]] = {
    "floor": ("bottom", "lower", "base"),
    "bottom": ("floor", "lower", "base"),
    "lower": ("bottom", "floor"),
    "ceiling": ("top", "upper", "roof"),
    "top": ("ceiling", "upper", "roof"),
    "upper": ("top", "ceiling"),
    "hot": ("heated", "warm", "hotter", "warmer"),
    "heated": ("hot",),
    "cold": ("cool", "cooled", "colder", "cooler", "chilled"),
    "cool": ("cold", "cooled"),
    "heater": ("heater",),
    "left": ("left-hand",),
    "right": ("right-hand",),
}

# Name parts too common to tell patches apart on their own ("walls", "inlet").
_GENERIC = {"wall", "walls", "inlet", "inlets", "outlet", "outlets", "patch", "patches", "boundary", "side",
            "sides", "fixed", "velocity", "pressure", "default", "faces", "front", "back", "and", "empty", "frontandback",
            "symmetry", "plane", "in", "out", "x", "y", "z"}


def name_words(patch: str) -> list[str]:
    """'sideWalls' -> [side, walls]; 'velocity-inlet-6' -> [velocity, inlet, 6]; 'outlet2' -> [outlet, 2]."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])", " ", patch)
    return [w.lower() for w in re.split(r"[\s_\-.]+", spaced) if w]


def _full_forms(patch: str) -> set[str]:
    words = name_words(patch)
    return {patch.lower(), " ".join(words), "".join(words), "-".join(words), "_".join(words)}


def patch_mentions(segment: str, patches: Iterable[str]) -> list[tuple[int, int, str]]:
    """(position, strength, patch) of every mention of a patch in `segment`: strength 2 for the
    patch's whole name, 1 for a distinctive part of it or an alias of that part."""
    low = segment.lower()
    found: list[tuple[int, int, str]] = []
    for patch in patches:
        for form in _full_forms(patch):
            for m in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", low):
                found.append((m.end(), 2, patch))
        parts = {w for w in name_words(patch) if w not in _GENERIC and not w.isdigit()}
        for word in parts | {a for w in parts for a in _ALIASES.get(w, ())}:
            for m in re.finditer(rf"\b{re.escape(word)}\b", low):
                found.append((m.end(), 1, patch))
    return found


def named_patch(segment: str, patches: Iterable[str]) -> str | None:
    """The patch `segment` names nearest its end (the words right before a value), or None
    when it names none or two patches equally (the word 'hot' for hotWall and hotSide)."""
    mentions = patch_mentions(segment, list(patches))
    if not mentions:
        return None
    best = max(mentions, key=lambda m: (m[1], m[0]))
    rivals = {p for pos, strength, p in mentions if (pos, strength) == best[:2]}
    if len(rivals) > 1:
        return None
    return best[2]


def segment_before(text: str, start: int, previous_end: int | None) -> str:
    """The words between the previous stated value and this one, within the same clause."""
    lo = previous_end or 0
    seg = text[lo:start]
    return re.split(r"[.;:]\s", seg)[-1]


def stated_direction(text: str) -> list[float] | None:
    """A direction the words give a velocity: 'towards -x', 'in the negative y direction',
    'along +z', 'pointing down'; None when they give none."""
    low = text.lower()
    m = re.search(r"\b(?:towards?|in(?:\s+the)?|along(?:\s+the)?|pointing|directed|facing)\s+"
                  r"(?:(negative|positive|minus|plus)\s+|([+-])\s*)?(x|y|z)\b", low)
    if m:
        sign = -1.0 if (m.group(1) in ("negative", "minus") or m.group(2) == "-") else 1.0
        vec = [0.0, 0.0, 0.0]
        vec["xyz".index(m.group(3))] = sign
        return vec
    m = re.search(r"\b(?:pointing|directed|flowing|blowing|going)\s+(up|upwards|down|downwards|left|right)\b", low)
    if m:
        return {"up": [0.0, 1.0, 0.0], "upwards": [0.0, 1.0, 0.0], "down": [0.0, -1.0, 0.0],
                "downwards": [0.0, -1.0, 0.0], "left": [-1.0, 0.0, 0.0], "right": [1.0, 0.0, 0.0]}[m.group(1)]
    return None


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12, "eighteen": 18, "twenty": 20, "thirty": 30, "a": 1, "an": 1,
                 "half a": 0.5, "half an": 0.5}
_SECONDS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0, "week": 7 * 86400.0,
            "month": 365.25 * 86400.0 / 12, "year": 365.25 * 86400.0}


def durations(text: str) -> list[tuple[float, str, str]]:
    """Durations in words or digits with a calendar unit: (value in seconds, unit, text) for
    'six months', '2 years', 'half a year', 'three weeks'."""
    words = "|".join(sorted((re.escape(w) for w in _NUMBER_WORDS), key=len, reverse=True))
    out = []
    for m in re.finditer(rf"\b(\d+(?:\.\d+)?|{words})[\s-]+(second|minute|hour|day|week|month|year)s?\b", text.lower()):
        n = float(m.group(1)) if m.group(1)[0].isdigit() else float(_NUMBER_WORDS[m.group(1)])
        out.append((n * _SECONDS[m.group(2)], m.group(2), m.group(0)))
    return out


def in_unit(seconds: float, unit: str) -> float:
    """A duration in seconds expressed in a case's own time unit ('year', 'second', ...)."""
    return seconds / _SECONDS[unit]
