"""The place of each value of a list given for several inlets or outlets by their count or in
order: "hold the two outlets at 20 and 5 m2/s2" and "20 and 5 m2/s2 at the exits respectively"
put 20 on the first outlet and 5 on the second. The words written for each value ("first
outlet at") are read by the binders like any place the request names (a numbered patch of that
kind: outlet1, outlet2). Pure functions over the normalised text of a request.
"""

from __future__ import annotations

import re

from tasks.foam.patch_names import KIND_WORDS, ORDINALS
from tasks.plan.extract import Quantity

_RANK_WORDS = {n: w for w, n in ORDINALS.items() if w.isalpha()}
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "both": 2, "2": 2, "3": 3, "4": 4}
_STREAM_NOUNS = sorted({w for kind in ("inlet", "outlet") for w in KIND_WORDS[kind] if " " not in w},
                       key=len, reverse=True)
# a plural inlet or outlet noun, with the count said before it ("the two outlets", "both exits",
# "the 3 side inlets"), or a kind word before a plural head ("the discharge branches", "inlet ports")
_HEADS = r"branch(?:es)|ports|pipes|ducts|legs|boundaries|patches|faces|openings|streams|jets|nozzles|sections"
_PLURAL = re.compile(rf"\b(?:(?P<count>{'|'.join(_COUNTS)})\s+)?(?:[a-z-]+\s+)?(?P<noun>{'|'.join(_STREAM_NOUNS)})"
                     rf"(?:(?:e?s)\b(?:\s+(?:{_HEADS})\b)?|\s+(?:{_HEADS})\b)")
_RESPECTIVELY = re.compile(r"\brespectively\b|\bin (?:that|this) order\b|\bin order\b")


def _singular(noun: str) -> str:
    return next(w for w in _STREAM_NOUNS if noun.startswith(w))


def ranked_places(text: str, group: list[Quantity]) -> list[str]:
    """The place words of each value of a listed group the sentence gives to as many inlets or
    outlets in order ("the two outlets at 20 and 5 m2/s2" -> ["first outlet at", "second outlet
    at"]): a plural inlet or outlet noun before the list (in its sentence) or right after it,
    with "respectively" or a count that matches the list. Empty when the sentence says neither."""
    if len(group) < 2 or len(group) > len(_RANK_WORDS):
        return []
    first, last = group[0], group[-1]
    sentence_start = max((m.end() for m in re.finditer(r"[.!?;]\s|\n", text[:first.start])), default=0)
    before = text[sentence_start:first.start].lower()
    tail = re.split(r"[.!?;]\s|\n", text[last.start + len(last.text):] + " ", maxsplit=1)[0].lower()
    after = re.split(r",\s|\bwhile\b|\bwith\b", tail, maxsplit=1)[0]
    said = list(_PLURAL.finditer(before))
    nouns = said[-1:] or list(_PLURAL.finditer(after))[:1]
    if not nouns:
        return []
    noun = nouns[0]
    count = _COUNTS.get(noun.group("count") or "")
    ordered = _RESPECTIVELY.search(before + " " + tail) is not None
    if count != len(group) and not (ordered and count is None):
        return []
    if re.search(r"\d", before[noun.end():] if noun in said else ""):
        return []  # another value lies between the noun and the list: it is that value's
    kind = _singular(noun.group("noun"))
    return [f"{_RANK_WORDS[i + 1]} {kind} at" for i in range(len(group))]
