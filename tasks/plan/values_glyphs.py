"""Numbers written with typographic or typewriter forms, rewritten as plain decimals before anything is
read (tasks.plan.extract_words.normalise). Pure functions over text.

    "2½ in", "1 ¾ ft/s", "½ bar"        -> "2.5 in", "1.75 ft/s", "0.5 bar"   (vulgar fractions)
    "1-1/2 in", "3-3/4 ft"              -> "1.5 in", "3.75 ft"                (a whole and a fraction, joined by a dash)
    "(5) m/s", "(1.2e5) Pa"             -> "5 m/s", "1.2e5 Pa"                (a bracketed number before its unit)
    "¾ of a second", "0.5 of an inch"   -> "0.75 second", "0.5 inch"          (a part of one unit)
    "Re .......... 5000", "T … 300 K"   -> "Re: 5000", "T: 300 K"             (a leader of dots between a name and a value)
    "5'000 iterations"                  -> "5000 iterations"                  (thousands grouped by an apostrophe)
    "1.5X10-5", "2 X 10^5"              -> "1.5x10-5", "2x10^5"               (a capital X for times)
    "5'6\" door", "a 12' duct"           -> "66\" door", "a 12 ft duct"        (feet and inches with primes)
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tasks.geometry.text_numbers import typed_forms

# a lone number in brackets right before something else ("(5) m/s"); the caller says whether a unit follows
_BRACKETED = re.compile(r"(?<![\w)\]])\(\s*(?P<num>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*\)[ \t]*(?=\S)")
# a part of one unit: "0.75 of a second", "0.5 of an inch" (what "¾ of a second" becomes)
_PART_OF_A = re.compile(r"(?<![\w.])(?P<num>0?\.\d+)\s+of\s+an?\s+(?=[A-Za-zµμ°])")
# a run of dots (a table's leader) between a name and a number
_LEADER = re.compile(r"(?<=[A-Za-z\])°%/²³])[ \t]*(?:\.{2,}|…+)[ \t]*(?=[-+]?\.?\d)")


def bracketed_numbers(text: str, unit_at: Callable[[str, int], bool]) -> str:
    """A lone number in brackets before its unit written plainly: "(5) m/s" -> "5 m/s" (what a value with
    its tolerance dropped, "(5 ± 0.1) m/s", leaves). `unit_at(text, pos)` says whether a unit starts at pos."""
    def plain(m: re.Match[str]) -> str:
        return f"{m.group('num')} " if unit_at(text, m.end()) else m.group(0)

    return _BRACKETED.sub(plain, text)


def parts_of_a_unit(text: str, unit_at: Callable[[str, int], bool]) -> str:
    """A part of one unit as the number of that unit: "0.75 of a second" -> "0.75 second"; "0.5 of a tank"
    stays. `unit_at(text, pos)` says whether a unit starts at pos."""
    return _PART_OF_A.sub(lambda m: f"{m.group('num')} " if unit_at(text, m.end()) else m.group(0), text)


def leaders(text: str) -> str:
    """A leader of dots between a name and its value read as a colon: "Re .......... 5000" -> "Re: 5000"."""
    return _LEADER.sub(": ", text)


def typed_numbers(text: str) -> str:
    """Vulgar fractions, dashed mixed numbers, apostrophe thousands, primes, a capital X for times
    (tasks.geometry.text_numbers.typed_forms) and dot leaders as plain text (see the module's table)."""
    return leaders(typed_forms(text))
