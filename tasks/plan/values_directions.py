"""Directions said in words next to a speed: "2 m/s in +x", "flows along negative y", "(both axial,
+z)", "injected downward", "the jet is coming down", "enters from the top", "horizontally to the
right", "pointing in -z".

Pure functions over lower-case, normalised words. "Down" is along the case's gravity and "up"
against it; a case without gravity has a vertical only when it is 2D (y). A sense the case cannot
place (up or down without a vertical) is reported as such, never guessed.
"""

from __future__ import annotations

import math
import re
from typing import NamedTuple

_AXES = "xyz"
# "(-z)", "in +x", "along the negative y-axis", "towards -z", "in the y direction", "-x direction", "+z"
_SIGNED = re.compile(
    r"\(\s*(?P<s1>[+-])?\s*(?P<a1>[xyz])\s*\)"
    r"|\b(?:in|along|towards?|into|pointing(?:\s+(?:in|along|to))?|parallel\s+to)\s+(?:the\s+)?"
    r"(?:(?P<w2>positive|negative)\s+|(?P<s2>[+-])\s*)?(?P<a2>[xyz])(?![\w-]|\s*-\s*[xyz]\b)"
    r"|\b(?P<w3>positive|negative)\s+(?P<a3>[xyz])(?![\w-])"
    r"|(?<![\w-])(?P<s4>[+-])?(?P<a4>[xyz])[- ](?:direction|axis)\b"
    r"|(?<![\w)+-])(?P<s5>[+-])\s?(?P<a5>[xyz])(?![\w(-])")
_DOWN = re.compile(r"\bdown(?:wards?)?\b(?![\s-]*stream)|\bfall(?:s|ing)?\b|\bfrom\s+(?:the\s+)?top\b|\bfrom\s+above\b"
                   r"|\bsinking\b")
_UP = re.compile(r"\bup(?:wards?)?\b(?!\s+to\b)(?![\s-]*stream)|\brising\b|\bfrom\s+(?:the\s+)?bottom\b"
                 r"|\bfrom\s+below\b|\bvertical(?:ly)?\b")
# phrasal verbs whose "up" points nowhere, with or without a short object ("set it up", "speed the
# lid up", "build up", "warm the room up", "scale the mesh up")
_SET_UP = re.compile(r"\b(?:set|sets|setting|speed|speeds|speeding|start|starts|starting|ramp|ramped|ramping|"
                     r"spin|spun|spinning|make|made|look|looked|build|builds|building|built|warm|warms|warmed|"
                     r"heat|heats|heated|heating|fire|fires|fired|fill|fills|filled|filling|pick|picks|picked|back|"
                     r"end|ends|ended|sum|sums|summed|scale|scales|scaled|scaling|boot|clean|cleaned|hook|hooked|"
                     r"wrap|wrapped|follow|followed|mix|mixed|open|opened|line|lined|power|powered|gear|geared)"
                     r"(?:\s+(?:it|this|that|them|everything|things|(?:the|a|an|my|our|this|that)\s+[\w-]+))?"
                     r"\s+up\b")
_LEFT = re.compile(r"\bto(?:wards)?\s+the\s+left\b|\bleftwards?\b|\bfrom\s+(?:the\s+)?right\b")
_RIGHT = re.compile(r"\bto(?:wards)?\s+the\s+right\b|\brightwards?\b|\bfrom\s+(?:the\s+)?left\b|\bhorizontal(?:ly)?\b")


class Said(NamedTuple):
    """A direction the words give: its unit vector, or None with `vertical` set when they say up
    or down and the case has no vertical to put it on."""

    vector: list[float] | None
    vertical: bool = False


def unit(v: list[float]) -> list[float] | None:
    """`v` scaled to length 1; None for a zero vector."""
    size = math.sqrt(sum(c * c for c in v))
    return [c / size for c in v] if size > 0 else None


def down_of(gravity: list[float] | None, two_d: bool) -> list[float] | None:
    """The unit vector "down" names: along gravity; -y in a 2D case without gravity; None when
    the case has no vertical."""
    if gravity is not None and (g := unit(gravity)) is not None:
        return g
    return [0.0, -1.0, 0.0] if two_d else None


def _axis(letter: str, negative: bool) -> list[float]:
    v = [0.0, 0.0, 0.0]
    v[_AXES.index(letter)] = -1.0 if negative else 1.0
    return v


def _signed(words: str) -> list[float] | None:
    m = _SIGNED.search(words)
    if m is None:
        return None
    for i in "12345":
        letter = m.groupdict().get(f"a{i}")
        if letter:
            sign = m.groupdict().get(f"s{i}") or ""
            word = m.groupdict().get(f"w{i}") or ""
            return _axis(letter, sign == "-" or word == "negative")
    return None


def said_direction(words: str, down: list[float] | None) -> Said | None:
    """The direction the words give (a signed axis, up, down, left or right), with `down` the
    case's unit "down" (down_of); None when they give none."""
    axis = _signed(words)
    if axis is not None:
        return Said(axis)
    said_down = _DOWN.search(words)
    said_up = _UP.search(_SET_UP.sub(" ", words))
    if said_down or said_up:
        if down is None:
            return Said(None, vertical=True)
        sense = -1.0 if said_up and not said_down else 1.0  # "vertically downward": down
        return Said([sense * c + 0.0 for c in down])
    if _LEFT.search(words):
        return Said([-1.0, 0.0, 0.0])
    if _RIGHT.search(words):
        return Said([1.0, 0.0, 0.0])
    return None


def words_after(text: str, end: int, span: int = 40) -> str:
    """The words right after a value (up to `span` characters, to the next clause or the next
    item joined by "and"/"while": "0.15 m/s and the air from the right" gives none); a bracket
    that opens there is read whole ("15 cm/s (both axial, +z)")."""
    rest = text[end:end + span + 20]
    bracket = re.match(r"\s*\([^()]*\)", rest)
    if bracket:
        return bracket.group(0)
    return re.split(r"[,;(]|\.\s|\.$|\b(?:and|while|whereas|but)\b", rest[:span])[0]


def words_before(text: str, start: int, span: int = 50) -> str:
    """The words of the value's own clause before it (up to `span` characters): "injected
    downward at", "the jet is coming down with"."""
    head = text[max(0, start - span):start]
    parts = re.split(r"[,;:()]|\.\s|\band\b", head)
    if len(parts) > 1 and re.fullmatch(r"\s*(?:at|with|of|to|by)?\s*", parts[-1]) and \
            re.search(r"[,:]\s*(?:at|with|of|to|by)?\s*$", head):
        return parts[-2] + parts[-1]  # "flow along the x axis only, at 1500 m/s": the clause the comma set the value off from
    return parts[-1]
