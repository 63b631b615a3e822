"""Sizes stated as a multiple of another by comparison whose reference is only implied ("100 mm deep and four
times as wide") or given by its number ("5 times longer than its height of 2 cm"). `comparative_sizes` writes
them in the one form the proportion readers (text_words.proportion) take: "N times as <adj> as it is <adj>".
Pure functions."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_numbers import digits

_ADJ = {"long": "length", "wide": "width", "broad": "width", "high": "height", "tall": "height", "deep": "depth",
        "thick": "thickness"}
_COMPARATIVE = {"longer": "long", "wider": "wide", "broader": "wide", "higher": "high", "taller": "tall", "deeper": "deep",
                "thicker": "thick"}
_NOUN_ADJ = {"length": "long", "width": "wide", "height": "high", "depth": "deep", "thickness": "thick"}
_WORD_NUMBER = (r"(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty"
                r"|one\s+and\s+a\s+half)")
_ADJS = "|".join(_ADJ)
_NOUNS = "|".join(_NOUN_ADJ)
_TIMES = re.compile(
    rf"(?<![\w.])(?P<n>{NUM}|{_WORD_NUMBER})\s*(?:times|x|×)\s+"
    rf"(?:as\s+(?P<adj>{_ADJS})\b|(?P<cmp>{'|'.join(_COMPARATIVE)})\b)"
    rf"(?:\s+(?:as|than)\s+(?:it\s+is\s+(?P<ref_adj>{_ADJS})\b|(?:its|the|it's)\s+(?P<ref_noun>{_NOUNS})\b"
    rf"(?:\s+(?:of\s+)?(?P<ref_num>{NUM})\s*(?P<ref_unit>{UNIT}))?))?", re.I)


def _count(word: str) -> float | None:
    if re.fullmatch(r"one\s+and\s+a\s+half", word.strip(), re.I):
        return 1.5
    found = re.fullmatch(NUM, digits(word).strip())
    return float(found.group(0)) if found else None


_SIZE_ADJ = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?(?:in\s+)?({_ADJS}|{_NOUNS})?\b", re.I)


# a coordinate ("from x = -4 cm", "at y = 2 cm"), not a size a comparison can refer to
_COORDINATE = re.compile(r"(?:\b[xyz]\s*=|\bat)\s*$", re.I)


def _adj_of(size: re.Match[str]) -> str:
    word = (size.group(3) or "").lower()
    return _NOUN_ADJ.get(word, word)


def comparative_sizes(text: str) -> str:
    """`text` with a comparison whose reference is only implied or given by its number said the way the
    proportion readers take it: "100 mm deep and four times as wide" -> "100 mm deep and 4 times as wide as
    it is deep"; "3 times wider than its height of 2 cm" -> "2 cm high and 3 times as wide as it is high".
    An implied reference with no adjective ("a 5 cm, three times as long") becomes the size in metres."""
    def rewrite(m: re.Match[str]) -> str:
        n = _count(m.group("n"))
        adj = (m.group("adj") or _COMPARATIVE[m.group("cmp").lower()]).lower()
        if not n or (m.group("ref_adj") or m.group("ref_noun")) and not m.group("ref_num"):
            return m.group(0)  # "as it is tall": the proportion readers' own form
        if m.group("ref_num"):
            ref_adj = _NOUN_ADJ[m.group("ref_noun").lower()]
            return f"{m.group('ref_num')} {m.group('ref_unit')} {ref_adj} and {n:g} times as {adj} as it is {ref_adj}"
        start = max(text.rfind(". ", 0, m.start()), text.rfind(";", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
        clause = text[start:m.start()]
        before = [b for b in _SIZE_ADJ.finditer(clause) if not _COORDINATE.search(clause[:b.start()])]
        if not before:
            return m.group(0)
        same = [b for b in before if _ADJ.get(_adj_of(b)) == _ADJ[adj]]  # "2 cm high ... three times taller"
        last = (same or before)[-1]
        ref_adj = _adj_of(last)
        if ref_adj and _ADJ.get(ref_adj) != _ADJ[adj]:  # tall and high are one size
            return f"{n:g} times as {adj} as it is {ref_adj}"
        return f"{n * float(last.group(1)) * unit_factor(last.group(2)):.6g} m {adj}"
    return _TIMES.sub(rewrite, text)
