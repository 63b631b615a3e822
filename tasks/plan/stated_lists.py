"""Values a request lists together and the places it lists with them: runs of one kind joined by
commas and "and" ("1 and 0 bar", "320 K, 300 K and 280 K"), the places each one is for when as
many are named before or after ("inlet and outlet at 1 and 0 bar", "320 and 280 K on the left
and right walls"), and runs of different kinds that share the words after them ("320 K, 1 bar
gas"). Pure functions over the normalised text of a request."""

from __future__ import annotations

import re

from tasks.plan.extract import Quantity
from tasks.plan.stated_roles import _PLACE_AFTER, _ROLE_WORDS

_LIST_JOIN = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)")
# "inlet/outlet pressures", "outlet1 / outlet2": a slash between two words of three letters or more
# (a patch's number may end the first) lists them (not "m/s", "m2/s2", "kg/m3")
_WORD_SLASH = r"(?:(?<=[a-z]{3})|(?<=[a-z]{3}\d)|(?<=[a-z][-_]\d))\s*/\s*(?=[a-z]{3})"
# a digit in a listed place that is no value: a patch's number ("outlet2", "velocity-inlet-6")
_NO_NAME_DIGIT = r"(?<![a-z])(?<![a-z][-_])\d"
_LIST_ITEM_SPLIT = re.compile(rf"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|{_WORD_SLASH}")
_SEGMENT_END = re.compile(r"[,;:.!?(]\s|\n")
_ARTICLE = re.compile(r"^(?:the|a|an|its|both)\s+")


# where a paired value's place words start: a segment's end, or a bracket left open before them
# ("wall temperatures (left, right): 320 K, 280 K": "left")
_PLACE_START = re.compile(rf"{_SEGMENT_END.pattern}|\((?![^()]*\))")


def _last_words(before: str) -> str:
    """The clause a paired value's place words were put in ("..., inlet at ")."""
    ends = list(_PLACE_START.finditer(before))
    return before[ends[-1].end():] if ends else before


def _default_role(kind: str) -> str | None:
    roles = _ROLE_WORDS.get(kind)
    return roles[-1][0] if roles else None


def attribute_runs(text: str, qs: list[Quantity]) -> list[list[Quantity]]:
    """Runs of values of different kinds listed with only commas and "and" between them ("320 K,
    1 bar gas", "20 degC and 1 atm air"): the words after the last describe them all."""
    runs: list[list[Quantity]] = []
    for q in qs:
        last = runs[-1][-1] if runs else None
        if (last is not None and q.start > last.start and all(r.kind != q.kind for r in runs[-1])
                and _LIST_JOIN.fullmatch(text, last.start + len(last.text), q.start)):
            runs[-1].append(q)
        else:
            runs.append([q])
    return [r for r in runs if len(r) > 1]


def listed_groups(text: str, qs: list[Quantity]) -> list[list[Quantity]]:
    """Runs of two or more quantities of one kind listed with only commas and "and" between them
    ("1 and 0 bar", "320 K, 300 K and 280 K")."""
    groups: list[list[Quantity]] = []
    for q in qs:
        last = groups[-1][-1] if groups else None
        if (last is not None and last.kind == q.kind and q.start > last.start
                and _LIST_JOIN.fullmatch(text, last.start + len(last.text), q.start)):
            groups[-1].append(q)
        else:
            groups.append([q])
    return [g for g in groups if len(g) > 1]


def _spread(items: list[str]) -> list[str]:
    """Each listed place with the words the last one ends in ("central and side inlets at" ->
    "central inlets at", "side inlets at")."""
    tail = " ".join(items[-1].split()[1:])
    return [(item if tail and item.endswith(tail) else f"{item} {tail}").strip() + " " for item in items[:-1]] + \
        [items[-1] + " "]  # "first outlet and second outlet": each has its own


def _items(words: str) -> list[str]:
    return [_ARTICLE.sub("", i.strip(" )]")) for i in _LIST_ITEM_SPLIT.split(words.strip().lower())]


# words after a listed group that point back at it and go on to name its places: "- these are",
# "(those of", ", which are for", "they go to", "= the"
_POINTER = re.compile(r"\s*(?:[-–—=(]\s*)?(?:(?:these|those|they|which|that|this|it)(?:'s|’s|'re|\s+(?:are|is|were|was|will be|"
                      r"should be|go|goes|apply|applies|belong|belongs|stand|stands))\s+(?:(?:meant|given|set|used)\s+)?"
                      r"(?:for\s+|to\s+|on\s+|at\s+)?|(?:those|that)\s+of\s+|for\s+)(?=[a-z])", re.I)


def places_after(text: str, group: list[Quantity]) -> list[str]:
    """The place each value of a listed group is for, when as many places are listed right after
    it ("320 K and 280 K on the left and right walls" -> ["left walls", "right walls"])."""
    last = group[-1]
    after = text[last.start + len(last.text):] + " "
    after = re.sub(r"^\s*[,;]\s*(?=(?:which|these|those|they|this|that|it)\b)", " ", after)  # "2 and 1 bar, which are for ..."
    rest = re.split(r"[,;.:!?](?:\s|$)|\n|\bwhile\b|\bwith\b", after, maxsplit=1)[0]
    rest = re.sub(r"^\s*(?:respectively\s+)?", "", rest)
    rest = re.sub(r"\s*,?\s*(?:respectively|in (?:that|this) order)\s*$", " ", rest)  # "... small inlets respectively"
    pointer = _POINTER.match(rest)  # "325 K and 285 K - these are the hot and the cold wall"
    if pointer:
        rest = rest[pointer.end():]
    place = _PLACE_AFTER.match(rest)
    if not pointer and (not place or not place.end()):
        return []
    at = place.end() if place else 0
    items = _items(rest[at:])
    if len(items) != len(group) or not all(items) or any(len(i.split()) > 4 or re.search(_NO_NAME_DIGIT, i)
                                                          for i in items):
        return []
    return [(rest[:at].strip() + " " + w).strip() + " " for w in _spread(items)]


def paired_words(text: str, group: list[Quantity]) -> tuple[int, list[str]]:
    """Where the clause listing the places of a listed group starts and the words each value is
    for, when it lists as many places ("inlet and outlet at 1 and 0 bar" -> ["inlet at", "outlet
    at"]; "central and side inlets at 600 and 500 K" -> ["central inlets at", "side inlets at"];
    "inlet, outlet and walls at 1, 2 and 3 K"); no words when the counts differ."""
    before = text[:group[0].start]
    bracket = _BRACKET_HEADER.search(before)
    if bracket:  # "wall temperatures (left, right): 320 K, 280 K": the brackets list the places
        items = _items(bracket.group("items"))
        if len(items) == len(group) and all(items) and not any(map(_long_item, items)):
            return bracket.start("items"), _spread(items)
    colon = _COLON_HEADER.search(before)
    if colon and not _UNIT_SLASH.search(before[:colon.start()].split("\n")[-1]):  # "T left and right: 320 K, 280 K": the places listed before the colon
        before = before[:colon.start()] + " "
    starts = [0] + [m.end() for m in _SEGMENT_END.finditer(before)]
    if not re.search(rf"\sand\s|&|{_WORD_SLASH}", before[starts[-1]:]):
        return 0, []  # "cavity, lid 1 m/s, 2 m/s inlet": a list of places ends in "A and B"
    for start in reversed(starts[-4:]):
        items = _items(before[start:])
        if len(items) == len(group) and all(items[1:]) and _long_item(items[0]) and not any(map(_long_item, items[1:])):
            start = _last_word_start(before, start)  # "what happens if floor/ceiling are 305 and 290 K": "floor"
            items = _items(before[start:])
        if not all(items) or any(map(_long_item, items)):
            break
        if len(items) == len(group):
            return start, _spread(items)
        if len(items) > len(group):
            break
    return 0, []


# a list's places in brackets right before its values ("T (inlet, outlet): 300, 350 K"), and a
# colon that ends a header right before them ("wall T left / right: 320 K, 280 K")
_BRACKET_HEADER = re.compile(r"\((?P<items>[^()\d]{1,60})\)\s*(?:[:=]\s*)?$")
_COLON_HEADER = re.compile(r"\s*:\s*$")
# a slash inside a unit ("m/s", "km/h"): a header naming units, not places ("speeds in m/s and km/h:")
_UNIT_SLASH = re.compile(r"(?<![a-z]{3})/|/(?![a-z]{3})")


def _long_item(item: str) -> bool:
    """A listed place too long, or with a value, to be one place's words."""
    return len(item.split()) > 6 or re.search(_NO_NAME_DIGIT, item) is not None


def _last_word_start(before: str, start: int) -> int:
    """Where the last word of a list's first item starts ("... if floor/ceiling are" -> at "floor")."""
    first = re.search(_LIST_ITEM_SPLIT, before[start:])
    head = before[start:start + first.start()] if first else before[start:]
    words = list(re.finditer(r"\S+", head))
    return start + words[-1].start() if words else start
