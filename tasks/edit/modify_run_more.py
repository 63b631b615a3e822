"""A stated duration added to the run rather than set as its end: "a further 0.1 s", "another
50 ms", "2 minutes longer", "0.1 s later than now", "+0.2 s on the end time", "extend the run by
30 min". The amount is any time the extractor reads (so every unit of time it knows); the words
around it say that it adds. A time step or a write interval stated that way is no run length."""

from __future__ import annotations

import re

from tasks.plan.extract import Quantity, quantities

# words just before an amount that make it an addition
_ADD_BEFORE = re.compile(r"(?:\b(?:another|further|extra|additional|more)(?:\s+(?:simulated|run|physical|flow|"
                         r"simulation|time|duration|of))*\s*[:=]?|\bby\s+(?:a\s+further|another|an\s+extra|"
                         r"an\s+additional|a\s+further|an?\s+other))\s*$")
# "extend/lengthen/prolong/push ... by 0.1 s": an addition to the run
_EXTEND_BY = re.compile(r"\b(?:extend|lengthen|prolong|push|continu|stretch)\w*\b[^,;]*\bby\s*$")
# words just after it
_ADD_AFTER = re.compile(r"\s*(?:more|longer|extra|later|beyond|past\s+(?:the|what|where)|on\s+top|further|in\s+addition|"
                        r"added|after\s+the\s+(?:current|present)|than\s+(?:now|before|at\s+present|currently))\b")
# a time that is a step or a write interval, not the run
_NOT_RUN = re.compile(r"\b(?:time\s*-?\s*step|delta\s*t|deltaT|dt|step\s+size|writ\w*|sav\w*|output|interval|every)\b", re.I)


def added_time(text: str, qs: list[Quantity] | None = None) -> tuple[float, str] | None:
    """(seconds, as said) of the first time a request adds to the run; None when it adds none."""
    low = text.lower()
    for q in qs if qs is not None else quantities(text):
        if q.kind != "time":
            continue
        start = q.start
        clause_before = re.split(r"[,;(]|\.(?!\d)|\band\b", low[:start])[-1]  # a key before its colon belongs to it
        clause_after = re.split(r"[,;)]|\.(?!\d)|\band\b", low[start + len(q.text):])[0]
        if _NOT_RUN.search(clause_before) or re.match(r"\s*(?:time\s*)?steps?\b", clause_after):
            continue
        signed = q.text.lstrip().startswith("+") and re.search(r"\b(?:end|run|time|simulat)", clause_before + clause_after)
        if signed or _ADD_BEFORE.search(clause_before) or _EXTEND_BY.search(clause_before) or _ADD_AFTER.match(clause_after):
            return abs(q.value), q.text.strip()
    return None
