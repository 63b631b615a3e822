"""A unit written once after a list of numbers, written after each of them: "20 and 5 m2/s2" ->
"20 m2/s2 and 5 m2/s2", "1, 2 and 3 bar" -> "1 bar, 2 bar and 3 bar". The request's reader
already gives every listed number the last one's kind and value; what the unit's own words
carry beyond them (a kinematic pressure's m2/s2, a gauge or absolute pressure's g/a, a
temperature's degC) is read by the binders from each value's text. Pure functions over text.
"""

from __future__ import annotations

import re

from tasks.foam.patch_names import KIND_ALT
from tasks.plan.extract import quantities
from tasks.plan.units import read_at

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_JOIN = r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*"
# two or more bare numbers joined by commas or "and", the unit right after the last one
_LISTED = re.compile(rf"(?<![\w.^/*-])(?P<nums>{_NUM}(?:(?:{_JOIN}){_NUM})+)(?P<gap> ?)(?=[A-Za-zµ°%/'\"])")
# a patch's kind word or a number's word right before a list's first number: it numbers the patch
_PATCH_BEFORE = re.compile(rf"\b(?:{KIND_ALT}|number|no\.?|nr\.?)s?\s*#?\s*$|#\s*$", re.I)
# a dimensionless group or ratio named right before a list's first number: that number is its value,
# not one of a list sharing the unit after the last ("phi = 0.8, 1 atm", "Re 100 and 2 m/s")
_GROUP_BEFORE = re.compile(r"(?<![\w])(?:phi|φ|lambda|λ|Re|Ma|Mach|Pr|Prt|Sc|Fr|We|Ra|Gr|Nu|St|Co|CFL|Courant|ratio|number|"
                           r"factor|coefficient)(?:_\w+)?\s*(?:=|:|≈|of|is)?\s*$", re.I)
_WORD_UNITS = ("in", "at", "and", "a", "an")  # words that read as units: "1 and 2 in x" is a list, not inches


def _readings(text: str) -> list[tuple[str, float]]:
    return [(q.kind, round(q.value, 9)) for q in quantities(text)]


def _read_bare(text: str, numbers: list[str]) -> bool:
    """Each of the numbers is read on its own, as a bare value of the list ("20" of "20 and 5
    m2/s2"), not as part of a named group ("Re 100 and 2 m/s")."""
    bare = [q.text.strip() for q in quantities(text)]
    return all(bare.count(n) >= numbers.count(n) for n in numbers)


def shared_units(text: str) -> str:
    """The text with a list's one unit written after each of its numbers, where that reads each
    number as the request's reader already did (the same kinds and values); any other list
    stays as written ("Re 100 and 2 m/s": 100 is a Reynolds number, not a speed)."""
    out = text
    for m in reversed(list(_LISTED.finditer(text))):
        reading = read_at(text, m.end())
        if reading is None:
            continue
        unit = text[m.end():reading.end]
        if unit.strip().lower() in _WORD_UNITS or not unit.strip():
            continue
        nums = m.group("nums")
        if re.match(r"\d(?!\d|\.\d)", nums) and _PATCH_BEFORE.search(text[:m.start("nums")]):
            continue  # "5 m2/s2 on outlet 2 and 1 m2/s2": outlet 2 is a patch, not a value of the list
        if not _read_bare(out, re.findall(_NUM, nums)[:-1]) or _GROUP_BEFORE.search(text[:m.start("nums")]):
            continue
        spread = re.sub(rf"({_NUM})(?=(?:{_JOIN}){_NUM})", lambda n: f"{n.group(1)}{m.group('gap') or ' '}{unit}", nums)
        candidate = out[:m.start("nums")] + spread + out[m.end("nums"):]
        if _readings(candidate) == _readings(out):
            out = candidate
    return out


# a value with its unit, then in the same sentence a second bare number for a parallel place:
# "1.5 bar at the inlet and 0.5 at the outlet", "the hot wall at 320 K and the cold one at 290"
_FIRST = re.compile(rf"(?<![\w.^/*-])(?P<num>{_NUM})\s?(?=[A-Za-zµ°%/'\"])")
_ECHO_JOIN = re.compile(r"[^.;:!?\n\d]{0,50}?(?:\band\b|\bwhile\b|\bwhereas\b|,)\s+(?P<lead>[^.;:!?\n\d]{0,40}?)"
                        rf"(?<![\w.^/*-])(?P<num>{_NUM})(?<!\.)(?![\w]|\.\d|\s?[µ°%/'\"(\[])")
_PLACE_NOUNS = (r"inlets?|outlets?|exits?|entry|entrance|intake|feed|supply|discharge|exhaust|outflow|inflow|walls?|"
                r"sides?|top|bottom|floor|ceiling|roof|lid|plates?|surfaces?|faces?|boundar(?:y|ies)|patch(?:es)?|"
                r"jets?|nozzles?|ports?|branch(?:es)?|left|right|upper|lower|front|back|other|one")
# the place a bare second value is for, within three words ("at the outlet", "on the cold side")
_PLACE_NEXT = re.compile(r"\s+(?:at|on|for|in|through|across|along|to)\s+(?:the\s+)?(?:[a-z-]+\s+){0,2}?"
                         rf"(?:{_PLACE_NOUNS})\b")
_LEAD_LINK = re.compile(r"(?:\bat|\bof|\bto|=|:|\bis|\bbe|\bstays?|\bkept|\bheld)\s*$")
_ECHO_KINDS = ("temperature", "pressure", "velocity")
# words between the two values that name another quantity: the second number is that one's
# ("0.03 m/s and the sludge volume fraction at the inlet to 0.002")
_OTHER_QUANTITY = re.compile(r"\b(?:fraction|alpha|viscosity|density|concentration|percent|ratio|number|count|cells?|"
                             r"iterations?|times?|steps?|coefficient|factor|intensity|temperature|pressure|velocity|"
                             r"speed|flow|rate|level|height|length|size|angle|order)\b|[()\[\]]")


# a field's symbol right before the second number ("outlet p = 0"), and each echoed kind's own symbol
_SYMBOL_BEFORE = re.compile(r"(?<![\w.])(p_rgh|p|T|U|k|nut?|rho|epsilon|omega)\s*(?:=|:)?\s*$")
_COORDINATE_BEFORE = re.compile(r"(?<![\w.])[xyzr]\s*(?:=|:)\s*$", re.I)
_OWN_SYMBOL = {"velocity": "U", "temperature": "T", "pressure": "p"}


def echoed_units(text: str) -> str:
    """The text with a unit written once, on the first of two values for parallel places, also
    after the second ("1.5 bar at the inlet and 0.5 at the outlet" -> "... and 0.5 bar at the
    outlet"): a bare number that a place follows, or that a linking word ("at", "of", "=")
    leads to, after an earlier temperature, pressure or velocity of its sentence."""
    out = text
    for first in reversed(list(_FIRST.finditer(text))):
        reading = read_at(text, first.end())
        if reading is None or reading.kind not in _ECHO_KINDS:
            continue
        unit = text[first.end():reading.end].strip()
        if unit.lower() in _WORD_UNITS:
            continue
        second = _ECHO_JOIN.match(text, reading.end)
        if second is None:
            continue
        between = text[reading.end:second.start("num")]
        if _OTHER_QUANTITY.search(between.lower()) or len(between.split()) > 9:
            continue
        if _COORDINATE_BEFORE.search(between):
            continue  # "inlet 0.1 m/s, outlets at x = 0.5": a place's coordinate, no velocity
        symbol = _SYMBOL_BEFORE.search(between)
        if symbol and symbol.group(1) != _OWN_SYMBOL.get(reading.kind):
            continue  # "inlet 0.25 m/s, outlets at p = 0": another field's value, no velocity
        after = text[second.end():]
        follows = read_at(text, second.end() + 1) if after[:1] == " " else read_at(text, second.end())
        if follows is not None and text[second.end():follows.end].strip().lower() not in _WORD_UNITS:
            continue  # the second number has its own unit
        placed = _PLACE_NEXT.match(after) is not None
        linked = _LEAD_LINK.search(second.group("lead")) is not None and re.match(r"\s*(?:[,.;!?)]|$|\band\b)", after)
        if not (placed or linked):
            continue
        at = second.end("num")
        candidate = out[:at] + f" {unit}" + out[at:]
        before, now = _readings(out), _readings(candidate)
        if len(now) == len(before) + 1 and all(k == reading.kind or (k, v) in before for k, v in now):
            out = candidate
    return out
