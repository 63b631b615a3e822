"""Which run control a stated time is, from the words right around it, when those words say it
outright: "20 microseconds per step" is the time step, "50 ms in total" the end time, "save
interval: 100 ms of simulated time" and "a snapshot every 0.05 s of flow time" the write interval,
"restart at 2 s of simulated time" the start time. "of simulated time" (or flow, physical time)
only says the value is in the run's time: the role is then the one the words before it name, and an
end time only when they name none. None when these words decide nothing, so the general role
grammar (tasks.plan.stated_roles.role_of) reads the rest. Pure.
"""

from __future__ import annotations

import re

_STEP = r"(?:time[\s-]?)?(?:steps?|increments?|iterations?)\b"
# right after the value: the time step's own words
_PER_STEP = re.compile(rf"^\s*(?:(?:per|each|every|a|an|for\s+each|for\s+every|/)\s*{_STEP}|{_STEP}(?!\s+(?:of|is|at)\b))", re.I)
# right after the value: the whole run
_IN_TOTAL = re.compile(r"^\s*(?:in\s+total|total|overall|altogether|in\s+all|all\s+told|long\b|in\s+duration|"
                       r"(?:of\s+)?(?:total\s+)?(?:run|simulation|simulated|flow|physical)\s+(?:time\s+)?in\s+total)", re.I)
# right after the value: the run's time, whatever part of it the value is
_RUN_TIME = re.compile(r"^\s*(?:of\s+|in\s+)?(?:the\s+)?(?:simulated|simulation|flow|physical|solution|solver|model|"
                       r"real|problem|run)[\s-]+time\b", re.I)
# right after the value: the spacing of the writes
_BETWEEN_WRITES = re.compile(r"^\s*(?:between|apart|separating)\s+(?:the\s+)?(?:successive\s+|consecutive\s+)?"
                             r"(?:writes|outputs|snapshots|saves|dumps|frames|time\s+directories)\b", re.I)

# the clause before the value names its role: the last such phrase wins
_BEFORE = (
    ("write_interval", re.compile(r"\b(?:writ(?:e|es|ing)|sav(?:e|es|ing)|output|dump|snapshot|store|record)\w*"
                                  r"(?:\s+\w+){0,3}?\s+(?:every|each|per|at\s+intervals\s+of|interval|cadence|"
                                  r"spacing|frequency|period)\b"
                                  r"|\b(?:write|output|save|dump|snapshot|storage)[\s_-]*(?:interval|cadence|spacing|"
                                  r"period|frequency)\b", re.I)),
    ("start_time", re.compile(r"\b(?:start(?:s|ing)?|restart(?:s|ing)?|begin(?:s|ning)?|resum(?:e|es|ing)|"
                              r"continu(?:e|es|ing))\s+(?:\w+\s+){0,2}?(?:at|from)\b"
                              r"|\b(?:re)?start[\s_-]?time\b", re.I)),
    ("delta_t", re.compile(r"\b(?:time[\s_-]?step|timestep|delta[\s_-]?t|dt|step\s+size)\b", re.I)),
    ("end_time", re.compile(r"\b(?:end[\s_-]?time|stop[\s_-]?time|final\s+time|t[\s_-]?end|duration|run\s+(?:for|to|until)|"
                            r"simulate|until|up\s+to)\b", re.I)),
)
_CLAUSE_END = re.compile(r"[,;.]\s|\n|\band\b|\bthen\b|\s[-–—•|]\s")


def _clause(before: str) -> str:
    """The words of the value's own clause before it (a "key:" label included: "save interval: ")."""
    cuts = [m.end() for m in _CLAUSE_END.finditer(before)]
    return before[cuts[-1]:] if cuts else before


def _named_before(before: str) -> str | None:
    """The role the last role phrase of the clause names, or None."""
    clause = _clause(before)
    hits = [(m.end(), role) for role, pattern in _BEFORE for m in pattern.finditer(clause)]
    return max(hits)[1] if hits else None


# a "key: value" line or item: the key alone, right before the value ("dt: 0.5 ms", "- save interval = 20 ms")
_KEY = re.compile(r"(?:^|\n|[;|•]|\s[-–—*]\s|^[-–—*]\s|\n[-–—*]\s)\s*(?P<key>[a-z_][\w ()/-]{0,40}?)\s*(?:[:=]|\bis\b)\s*"
                  r"(?:about|around|approx(?:imately|\.)?|roughly|~)?\s*$", re.I)


def _keyed(before: str) -> str | None:
    """The role a "key: value" line's key names ("dt: 0.5 ms"), or None."""
    m = _KEY.search(before)
    if m is None:
        return None
    key = m.group("key")
    hits = [(mm.end(), role) for role, pattern in _BEFORE for mm in pattern.finditer(key)]
    return max(hits)[1] if hits else None


def run_time_role(before: str, after: str) -> str | None:
    """The run-control role (delta_t, end_time, write_interval, start_time) of a stated time with
    these words before and after it, when the words right after it, or the key of its "key: value"
    line, decide it; None otherwise."""
    if _PER_STEP.match(after):
        return "delta_t"  # "20 microseconds per step", "2 ms a step"
    if _BETWEEN_WRITES.match(after):
        return "write_interval"  # "0.1 s between outputs"
    if _IN_TOTAL.match(after):
        return "end_time"  # "fifty milliseconds in total"
    if _RUN_TIME.match(after):
        return _named_before(before) or "end_time"  # "save interval: 100 ms of simulated time"
    return _keyed(before)  # "dt: 0.5 ms", "write interval = 20 ms"
