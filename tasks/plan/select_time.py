"""Steady or transient said without the words: a request that wants only the state the flow ends
up in ("once nothing changes any more", "the settled flow", "the time history does not matter")
asks for a steady run; one that wants to watch the flow change ("how the plume evolves", "a
movie of the wake", "the start-up") asks for a transient one. Pure.

The indifference to time is read first: "how it develops in time does not matter" says 'in time'
and still asks for the end state only.
"""

from __future__ import annotations

import re

_SUBJECT = r"(?:it|they|things|everything|the\s+\w+(?:\s+\w+)?)"  # 'the flow', 'the jet', 'the hot plume'
_NOT_MATTER = (r"(?:does not|doesn't|do not|don't|won't|will not|is not|isn't|are not|aren't)\s+"
               r"(?:matter|count|interest me|concern me|need to be (?:resolved|followed|known)"
               r"|(?:needed|important|of interest|relevant|required|wanted))")
# the request wants the end state only: the flow once it stops changing, its history not wanted
_STEADY = re.compile(
    r"\b(?:how|the way|when)\s+" + _SUBJECT + r"\s+(?:develops|evolves|changes|gets there|builds up|starts up)"
    r"(?:\s+(?:in|over|with)\s+time)?\s*(?:,\s*)?" + _NOT_MATTER +
    r"|\b(?:the\s+)?(?:time\s+history|transient|start[- ]?up|history|evolution)\s+(?:\w+\s+)?" + _NOT_MATTER +
    r"|\b(?:no|without|don't need|do not need|not interested in|not the)\s+(?:the\s+|a\s+|any\s+)?"
    r"(?:time\s+history|history in time|evolution in time|time evolution|start[- ]?up|transient)\b"
    r"|\b(?:stops?|stopped|has stopped|have stopped) changing\b|\bno longer chang(?:es|ing)\b"
    r"|\bnothing (?:changes|moves) any ?more\b|\b(?:does not|doesn't|do not|don't) change any ?more\b"
    r"|\bunchanging\b|\bsettled(?:,)?\s+(?:\w+\s+)?(?:flow|field|state|picture|solution|pattern)\b"
    r"|\bonce (?:it|everything|the flow|things?) (?:has |have )?(?:settled|settles|calmed down|stabili[sz]ed)\b"
    r"|\b(?:flow|it|everything|things) (?:has |have )?settled down\b|\bequilibrium (?:flow|state|solution|field)\b|\blong[- ]time (?:state|limit|solution|flow)\b"
    r"|\bend state only\b|\bonly the (?:end|final) (?:state|flow|field|picture|result|solution)\b"
    r"|\b(?:converged|final converged)\s+(?:\w+\s+)?(?:flow|field|state|solution)\b", re.I)
# the request wants to follow the flow in time: its evolution, a movie, the start-up
_TRANSIENT = re.compile(
    r"\b(?:how|the way)\s+(?:\w+\s+){0,3}?(?:develops|evolves|changes|grows|spreads|moves|sloshes|decays|rises|falls)"
    r"\s+(?:in|over|with|through)\s+time\b"
    r"|\b(?:watch|follow|see|track)\s+(?:how\s+)?(?:\w+\s+){0,3}?(?:develop|evolve|change|grow|spread|move|slosh|decay)(?:s|es|d|ed)?\b"
    r"|\b(?:time\s+history|time\s+series|evolution|animation|movie|start[- ]?up|as time (?:goes on|passes))\b"
    r"|\bmoment (?:by|to) moment\b|\bfrom one instant to the next\b", re.I)


def time_regime(text: str) -> bool | None:
    """True when the request asks only for the state the flow settles in, False when it asks to
    follow the flow in time, None when it says neither without the words steady or transient."""
    low = " ".join(text.split())
    if _STEADY.search(low):
        return True
    if _TRANSIENT.search(low):
        return False
    return None


def end_state_only(text: str) -> bool:
    """The request says, without the word, that only the end state counts (its history does not):
    this outranks a 'how it develops in time' it also says."""
    return bool(_STEADY.search(" ".join(text.split())))
