"""A stated value's own words: the words that lead to it and the words that follow it, up to the
values next to it, so that a region or patch named AFTER a value ("200 W/(m K) in the left solid",
"390 W/mK = heater", "16 W/mK (rightSolid)") is that value's and not the next one's, and a place
named before a value ("the heater block is copper, 390 W/(m K)") is read when nothing follows.

Pure functions over the lower-case request text and the spans of its stated values; used by the
region-property and convective-wall binders (tasks.plan.bind_thermal_regions, _convective).
"""

from __future__ import annotations

import re

# what ends the words that follow a value and starts the next value's: a list comma, a semicolon, a
# colon, a sentence end, a line, a join that starts a new subject ("and the", "while", "whereas")
_SEPARATOR = re.compile(r"[,;:]|\.(?:\s|$)|\n|\band\s+(?=(?:the|a|an|its|their|all|every)\b)|\bwhile\b|\bwhereas\b|"
                        r"\bbut\b")
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)|\n")

# words that say a value is for every wall of the base, not one patch
ALL_WALLS = re.compile(r"\bwalls\b|\ball (?:the |of the )?(?:walls?|boundar\w+|surfaces|sides)\b|\bevery wall\b|"
                       r"\benvelope\b|\benclosure\b|\bhousing\b|\bcasing\b|\bcabinet\b|\bbox walls?\b|"
                       r"\b(?:outer|external|exterior) (?:walls?|surfaces?|skin|shell)\b")


def _depth0_separators(text: str) -> list[re.Match[str]]:
    """The separators of `text` outside brackets ("(leftSolid, rightSolid)" is one place)."""
    depth, opened = 0, []
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        opened.append(depth)
    return [m for m in _SEPARATOR.finditer(text) if opened[m.start()] == 0]


def split_gap(gap: str) -> tuple[str, str]:
    """The words between two values, split where the first value's trailing words end: (the
    earlier value's, the later value's). " in the left solid and " is the earlier's whole;
    " (leftSolid), " gives " (leftSolid)" and " "."""
    seps = _depth0_separators(gap)
    if not seps:
        return gap, ""
    return gap[:seps[0].start()], gap[seps[0].end():]


def own_words(text: str, spans: list[tuple[int, int]], index: int) -> tuple[str, str]:
    """(leading, trailing) words of the value at spans[index] in `text`: leading from the start of
    its sentence (or the later part of the gap after the previous value), trailing up to the next
    value or the sentence end (cut at the first separator). Spans with a negative start are
    ignored; an out-of-range index gives ("", "")."""
    if not 0 <= index < len(spans) or spans[index][0] < 0:
        return "", ""
    start, end = spans[index]
    before = [s for s in spans if 0 <= s[1] <= start and s != spans[index]]
    after = [s for s in spans if s[0] >= end and s != spans[index]]
    head_from = max((s[1] for s in before), default=0)
    ends = list(_SENTENCE_END.finditer(text, head_from, start))
    if ends:
        leading = text[ends[-1].end():start]
    elif before:
        leading = split_gap(text[head_from:start])[1]
    else:
        leading = text[:start]
    tail_to = min((s[0] for s in after), default=len(text))
    stop = _SENTENCE_END.search(text, end, tail_to)
    tail = text[end:stop.start() if stop else tail_to]
    return leading, split_gap(tail)[0]


def _phrase(name: str) -> str:
    """A regex for a camelCase or snake_case name written whole or as its words ("leftSolid",
    "left solid", "left-solid", "left_solid")."""
    words = [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)] or [name.lower()]
    return r"(?<![\w])" + r"[\s_-]?".join(re.escape(w) for w in words) + r"(?![a-z])"


def names_said(words: str, names: list[str]) -> list[str]:
    """The names (regions, patches) the words say whole or as their words, in the order given."""
    low = words.lower()
    return [n for n in names if re.search(_phrase(n), low)]


_ANAPHORA = re.compile(r"\b(?:its|it|their|they|them|this|that|these|those|the same)\b")


def referred_sentence(text: str, start: int, leading: str) -> str:
    """The sentence before the one a value is in, when the value's leading words point back to it
    ("The rightSolid plate is steel. Its conductivity is 15 W/(m K)."); "" otherwise."""
    if not _ANAPHORA.search(leading):
        return ""
    ends = list(_SENTENCE_END.finditer(text, 0, start))
    if not ends:
        return ""
    begin = ends[-2].end() if len(ends) > 1 else 0
    return text[begin:ends[-1].start()]


_LIST_JOIN = re.compile(r"\s*(?:,|and|&|\+|/|or|as well as)?\s*(?:the\s+)?(?:,\s*)?(?:and\s+)?(?:the\s+)?")


def mentions(words: str, names: list[str]) -> list[tuple[int, int, str]]:
    """(start, end, name) of every place the words say one of the names, in text order."""
    low = words.lower()
    found = [(m.start(), m.end(), n) for n in names for m in re.finditer(_phrase(n), low)]
    return sorted(found)


def nearest_group(words: str, names: list[str], last: bool) -> list[str]:
    """The names said nearest one end of the words (the last mention for words that lead to a
    value, the first for words that follow it), with the names listed together with it ("leftSolid
    and rightSolid", "heater, leftSolid"); a name said in another clause is not the value's."""
    found = mentions(words, names)
    if not found:
        return []
    order = list(reversed(found)) if last else found
    group = [order[0]]
    for m in order[1:]:
        a, b = (m, group[-1]) if last else (group[-1], m)
        if not _LIST_JOIN.fullmatch(words.lower()[a[1]:b[0]]):
            break
        group.append(m)
    picked = {g[2] for g in group}
    return [n for n in names if n in picked]
