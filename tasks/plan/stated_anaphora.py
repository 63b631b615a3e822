"""The place of a value whose own clause points back at a place named before it: "the air comes in
at 0.2 m/s; its temperature there is 295 K" (the inlet's), "the outlet is open. The pressure at
that boundary is 1 bar" (the outlet's), "the floor is heated, it is at 320 K" (the floor's).
The words of the earlier clause that name the place become the value's own place words
(StatedQuantity.place), so its role and its patch are read from them. Pure functions over the
normalised text of a request."""

from __future__ import annotations

import re

from tasks.foam.patch_names import KIND_WORDS

# the kinds of value a boundary place carries
PLACED_KINDS = frozenset({"temperature", "pressure", "velocity"})

# words in a value's own clause that point back at a place: "there", "its", "at that boundary",
# "on the same patch", "it is/has ..." (not "run it"), "this opening", "thereof"
_ANAPHOR = re.compile(
    r"\b(?:there(?:of)?|its|(?:that|this|the\s+same)\s+(?:one|patch|boundary|opening|place|point|location|side|"
    r"end|section|face|surface|port|spot)|it(?=\s+(?:is|has|should|must|will|gets|sits|stays|was|needs|carries)\b))\b")

# words that name a place of the case: its kind words (tasks.foam.patch_names.KIND_WORDS), the
# verbs of a stream that enters or leaves, and the usual names of walls
_STREAM_VERBS = ("enters", "entering", "comes in", "coming in", "flows in", "flowing in", "blown in", "injected",
                 "fed in", "leaves", "leaving", "flows out", "flowing out", "goes out", "exits", "exiting")
_WALL_WORDS = ("wall", "walls", "floor", "ceiling", "roof", "plate", "lid", "heater", "cylinder", "side wall")
_PLACE_WORDS = re.compile(r"\b(?:" + "|".join(sorted({re.escape(w) for ws in KIND_WORDS.values() for w in ws} |
                                                    {re.escape(w) for w in _STREAM_VERBS + _WALL_WORDS},
                                                    key=len, reverse=True)) + r")(?:e?s)?\b")
# a relative clause leads back to the noun right before it, not to an earlier clause
_RELATIVE = re.compile(r"\s*(?:which|that|who|where|whose)\b", re.I)
# "at its 301 K": the value the place already has, not a place pointed at
_ITS_VALUE = re.compile(r"\bits\s+(?:own\s+|present\s+|current\s+|usual\s+)?$", re.I)
_CLAUSE_SPLIT = re.compile(r"[,;:!?]\s|\.\s|\n|\s[-–—]\s")
_DIGIT = re.compile(r"\d")


def points_back(own: str) -> bool:
    """Whether a value's own words (its clause before it and the few words after it) point back
    at a place said before ("its temperature there is", "at that boundary", "it is held at") and
    name no place themselves."""
    low = own.lower()
    return _ANAPHOR.search(low) is not None and _PLACE_WORDS.search(low) is None


def antecedent_place(before: str, reach: int = 3) -> str | None:
    """The words of the nearest earlier clause (of the last `reach`, within its sentence or the
    one before) that name a place, cut before that clause's own value ("the air comes in at 20
    cm/s" -> "the air comes in at"); None when none of them names a place."""
    clauses = [c for c in _CLAUSE_SPLIT.split(before) if c.strip()]
    for clause in reversed(clauses[-reach - 1:-1] if len(clauses) > 1 else []):
        digit = _DIGIT.search(clause)
        words = clause[:digit.start()] if digit else clause
        if _PLACE_WORDS.search(words.lower()):
            return " ".join(words.split()) + " "
    return None


def anaphoric_place(text: str, start: int, end: int, kind: str) -> str | None:
    """The place words of the value at text[start:end] when its own clause points back at a place
    named in an earlier clause ("...; its temperature there is 295 K"); None otherwise (a value
    of another kind, a clause that names its own place, no place before it)."""
    if kind not in PLACED_KINDS:
        return None
    before = text[max(0, start - 240):start]
    pieces = _CLAUSE_SPLIT.split(before)
    own_before = pieces[-1] if pieces else ""
    if not own_before.strip() and re.search(r"[:=]\s*$", before) and len(pieces) > 1:
        own_before = pieces[-2]  # "temperature there: 60 degC": its key is its clause
        before = before[:before.rstrip().rstrip(":=").rstrip().rfind(own_before.strip())]
        before += own_before  # the clause the search starts from
    own_after = _CLAUSE_SPLIT.split(text[end:end + 40] + " ", maxsplit=1)[0]
    if _DIGIT.search(own_before) or _RELATIVE.match(own_before) or _ITS_VALUE.search(own_before):
        return None  # "the floor, which stays at its 301 K": the relative clause's head, its present value
    if not points_back(own_before + " " + own_after):
        return None
    return antecedent_place(before)
