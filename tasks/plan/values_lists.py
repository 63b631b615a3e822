"""Bare numbers listed before the one that carries their shared unit. Pure functions over text
(a request already normalised by tasks.plan.extract_words.normalise, so decimal commas are points).

A list is joined by "and" or "&" ("1 and 0 bar", "20, 40 and 60 m/s"), by commas each followed by
a space ("2, 5 m/s", "1, 5, 7 m/s": a comma with no space was a decimal comma and is a point by now),
by "resp." / "respectively" / "bzw." ("2 resp. 5 m/s"), or by slashes ("2/3/4 m/s" for three inlets,
"hot/cold = 318.65/285.65 K"). A slash list is one only where it cannot be a fraction: three or more
numbers, a decimal among them, or names listed with slashes just before ("hot/cold"); "1/2 in" stays
half an inch. Not a list: a range ("between 1 and 2 bar", "from 2 and"), a name's digits ("NACA
0012 and 2 m/s").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tasks.plan.extract_pattern import _NUM

# joined by "and"/"&" at the end, commas inside ("20,40 and 60"): the list as it was always read
_AND_HEAD = re.compile(rf"(?<![\w.,/^-])(?P<nums>{_NUM}(?:\s*,\s*{_NUM})*)\s*,?\s*(?:and|&)\s+$")
# commas only, each followed by a space, or semicolons: "2, 5 m/s", "1, 5, 7 m/s", "1.5; 2.5 m/s"
_COMMA_HEAD = re.compile(rf"(?<![\w.,/^-])(?P<nums>{_NUM}(?:\s*(?:,\s|;)\s*{_NUM})*)\s*(?:,\s|;)\s*$")
# "2 resp. 5 m/s", "2 respectively 5 m/s", "2 bzw. 5 m/s"
_RESP_HEAD = re.compile(rf"(?<![\w.,/^-])(?P<nums>{_NUM})\s+(?:resp\.|respectively|bzw\.)\s+$", re.I)
# slashes: "2/3/4 m/s", "318.65/285.65 K"
_SLASH_HEAD = re.compile(rf"(?<![\w.,/^-])(?P<nums>{_NUM}(?:[ \t]*/[ \t]*{_NUM})*)[ \t]*/[ \t]*$")
# what may lead a list joined by commas only: a plural ("inlets", "velocities"), a link ("at", "=",
# ":", "(") or slashed names; not a name with its own value ("endTime 10, 5 m/s", "cavity, 40, 1 m/s")
_COMMA_LEAD = re.compile(r"(?:\b[A-Za-zÀ-ÿ]{2,}[^s\W]s|\b(?:at|of|to|are|were|be|is|set|with)|[=:(≈])\s*$", re.I)
_NOT_A_LIST = re.compile(r"(?:\bbetween|\bfrom|\b[A-Z]{2,}|#)\s*$")
# names listed with slashes shortly before: "hot/cold =", "inlet/outlet:", "Einlass/Auslass"
_SLASHED_NAMES = re.compile(r"[A-Za-zÀ-ÿ_]{2,}\s*/\s*[A-Za-zÀ-ÿ_]{2,}[^.;\n]{0,40}$")
_WINDOW = 120


def _slash_list(text: str, nums: str, at: int, own: str) -> bool:
    """A slash list is no fraction: three or more numbers, a decimal point among them, or names
    listed with slashes just before it (`at` is where the list starts in `text`)."""
    if len(re.findall(_NUM, nums)) >= 2 or "." in nums or "." in own:
        return True
    return _SLASHED_NAMES.search(text[max(0, at - 60):at]) is not None


def list_head(text: str, start: int, own: str) -> tuple[int, str] | None:
    """The bare numbers listed right before the quantity at `start` (whose number is written `own`),
    as (where the list starts, the numbers as written), or None."""
    window = text[max(0, start - _WINDOW):start]
    offset = start - len(window)
    for pattern in (_AND_HEAD, _COMMA_HEAD, _RESP_HEAD, _SLASH_HEAD):
        head = pattern.search(window)
        if head is None:
            continue
        at = offset + head.start()
        if _NOT_A_LIST.search(text[max(0, at - 12):at]):
            return None
        if pattern is _COMMA_HEAD and not _COMMA_LEAD.search(text[max(0, at - 30):at]):
            return None
        if pattern is _SLASH_HEAD and not _slash_list(text, head.group("nums"), at, own):
            return None
        return offset + head.start("nums"), head.group("nums")
    return None


# two whole numbers with a slash and a unit after them: a fraction ("1/2 in", "3/4 m") or a pair of
# values ("305/295 K" for floor/ceiling)
_SLASH_PAIR = re.compile(r"(?<![\d./])(?<!\d )(?P<a>\d+)[ \t]*/[ \t]*(?P<b>\d+)(?![\d.,/])")


def slash_pairs(text: str, unit_at: Callable[[str, int], bool]) -> str:
    """Two whole numbers with a slash before a unit written as a list ("floor/ceiling: 305/295 K" ->
    "floor/ceiling: 305 and 295 K") where they are no fraction: the first is not less than the second
    ("305/295 K", "3/1 bar": nobody writes an improper fraction), or names are listed with slashes
    just before them. "1/2 in", "3/4 m/s" and "1 1/2 in" stay fractions."""
    def pair(m: re.Match[str]) -> str:
        if not unit_at(text, m.end()):
            return m.group(0)
        improper = int(m.group("a")) >= int(m.group("b")) > 0
        named = _SLASHED_NAMES.search(re.split(r"[.;\n]", text[max(0, m.start() - 60):m.start()])[-1])
        if not (improper or named):
            return m.group(0)
        return f"{m.group('a')} and {m.group('b')}"

    return _SLASH_PAIR.sub(pair, text)
