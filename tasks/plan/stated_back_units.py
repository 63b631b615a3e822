"""A unit written once, after the last of place-value pairs, written after each earlier bare value:
"T left 320 right 280 K" -> "T left 320 K right 280 K", "p inlet 2, outlet 0 bar" -> "p inlet 2 bar,
outlet 0 bar", "inlet 300 walls 350 outlet 320 K" (a chain: each value gets the unit). The value
before must follow a place word of its own, and only place words (with a link word: "at", "=",
":") lie between it and the value with the unit, so a bare count or another quantity's number is
never read as that unit. Pure functions over text.
"""

from __future__ import annotations

import re

from tasks.foam.patch_names import KIND_ALT
from tasks.plan.extract import quantities
from tasks.plan.stated_shared_units import _ECHO_KINDS, _PLACE_NOUNS, _WORD_UNITS
from tasks.plan.units import read_at

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# a place word, or a patch's name holding one: "left", "walls", "outlet1", "exit", "coldWall"
_PLACE = rf"[a-z]*(?:{_PLACE_NOUNS}|{KIND_ALT}|hot|cold|heated|cooled|warm)[a-z]*\d*"
_LINK = r"(?:\s*(?:at|=|:|is|of|to|-|should\s+be|must\s+be|be)\b)?"
_QUANTITY_WORD = r"(?:\s+(?:temperatures?|pressures?|velocity|velocities|speeds?|T|p|U))?"
# a bare value after its place word, then (after a join) another place word and a value
_PAIR = re.compile(
    rf"(?<![\w-])(?:{_PLACE}){_QUANTITY_WORD}{_LINK}\s*(?P<num>{_NUM})(?![\w]|\.\d|\s?[µ°%/'\"(\[])"
    rf"(?=(?P<between>\s*(?:[,;&]\s*)?(?:(?:and|while|whereas)\s+)?(?:the\s+)?(?:[a-z-]+\s+){{0,2}}?"
    rf"(?:{_PLACE}){_QUANTITY_WORD}{_LINK}\s*)(?P<next>{_NUM})(?=\s?\(?[A-Za-zµ°%/'\"]))", re.I)  # "296 (kelvin)": a unit in brackets


# the names of each kind: a pair whose words name another kind is no pair of this one's values
# ("temperature inlet 320, pressure outlet 1.1 bar": 320 is no pressure)
_KIND_NAMES = {"temperature": r"temperatures?|temps?|T", "pressure": r"pressures?|p",
               "velocity": r"velocity|velocities|speeds?|U"}


def _names_other_kind(words: str, kind: str) -> bool:
    return any(re.search(rf"(?<![\w-])(?:{names})(?![\w-])", words, re.I if other != kind else 0)
               for other, names in _KIND_NAMES.items() if other != kind)


def _readings(text: str) -> list[tuple[str, float]]:
    return [(q.kind, round(q.value, 9)) for q in quantities(text)]


def _skip_space(text: str, at: int) -> int:
    return at + 1 if text[at:at + 1] == " " else at


def _one_back(text: str) -> str:
    """The text with the last bare value of a place-value pair given the unit of the value after
    it, when that adds exactly one reading of that unit's kind and changes none."""
    for m in reversed(list(_PAIR.finditer(text))):
        reading = read_at(text, _skip_space(text, m.end("next")))
        if reading is None or reading.kind not in _ECHO_KINDS:
            continue
        lead = text[max(0, m.start() - 30):m.start()]
        if _names_other_kind(re.split(r"[,;.:!?]\s|\n", lead)[-1] + " " + m.group(0), reading.kind):
            continue
        unit = text[m.end("next"):reading.end].strip()
        if not unit or unit.lower() in _WORD_UNITS:
            continue
        follows = read_at(text, _skip_space(text, m.end("num")))
        if follows is not None and text[m.end("num"):follows.end].strip().lower() not in _WORD_UNITS:
            continue  # the first number has its own unit
        candidate = text[:m.end("num")] + f" {unit}" + text[m.end("num"):]
        before, now = _readings(text), _readings(candidate)
        if len(now) == len(before) + 1 and all(k == reading.kind or (k, v) in before for k, v in now):
            return candidate
    return text


def backward_units(text: str) -> str:
    """The text with the unit of the last value of place-value pairs written after each earlier
    bare one ("T left 320 right 280 K" -> "T left 320 K right 280 K")."""
    for _ in range(6):  # a chain of pairs: one value more each round
        out = _one_back(text)
        if out == text:
            return out
        text = out
    return text
