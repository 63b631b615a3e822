"""Which run control a stated time is, from the words right around it, when those words say it
outright: "20 microseconds per step" is the time step, "50 ms in total" the end time, "save
interval: 100 ms of simulated time" and "a snapshot every 0.05 s of flow time" the write interval,
"restart at 2 s of simulated time" the start time. "of simulated time" (or flow, physical time)
only says the value is in the run's time: the role is then the one the words before it name, and an
end time only when they name none. A time that is a part of the run, not a run control, is named
too (part_time_role): how long particles are injected ("inject for 10 ms", "released over 0.2 s":
injection_duration), when injection starts ("start of injection 1 ms", "injected over 5 ms,
starting at 1 ms": injection_start), when averaging starts (averaging_start), how long an inlet
ramps (ramp_time) or a pulse lasts (pulse_duration). None when these words decide nothing, so the
general role grammar (tasks.plan.stated_roles.role_of) reads the rest. Pure.
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
    line, decide it; a part of the run's time (part_time_role) first; None otherwise."""
    part = part_time_role(before, after)
    if part is not None:
        return part
    if _PER_STEP.match(after):
        return "delta_t"  # "20 microseconds per step", "2 ms a step"
    if _BETWEEN_WRITES.match(after):
        return "write_interval"  # "0.1 s between outputs"
    if _IN_TOTAL.match(after):
        return "end_time"  # "fifty milliseconds in total"
    if _RUN_TIME.match(after):
        return _named_before(before) or "end_time"  # "save interval: 100 ms of simulated time"
    return _keyed(before)  # "dt: 0.5 ms", "write interval = 20 ms"


# --- times of a part of the run: an injection, an average, a ramp, a pulse --------------------------
_INJECT = r"(?:inject\w*|spray(?:s|ed|ing)?|releas\w*|introduc\w*|fed\b|feed(?:s|ing)?\b|atomi[sz]\w*|dispens\w*|seed\w*)"
_THINGS = r"(?:(?:the\s+)?(?:particles?|parcels?|droplets?|drops|fuel|liquid|spray|powder|sand|beads?|grains?|solids?)\s+)"
# a word between the injection and its time that is no word of the whole run ("seeded with particles, run for")
_NOT_RUN = r"(?:(?!(?:run|simulat|solv|comput|calculat|end|stop|total)\w*\b)\w+\s+)"
_HOW_LONG = r"(?:for|over|during|lasting|lasts?|within|in)(?:\s+(?:a\s+(?:period|time|duration)\s+of|the\s+first|a|an))?"
# the words right before the value: how long the injection lasts
_DURATION_BEFORE = re.compile(
    rf"(?:\b{_INJECT}\s+{_NOT_RUN}{{0,3}}?{_HOW_LONG}"
    rf"|\b(?:injection|spray|release|injector)\s+(?:duration|period|time|length|window|lasting|lasts?)"
    rf"|\b(?:duration|period|length)\s+of\s+(?:the\s+)?(?:\w+\s+)?(?:injection|spray|release)(?:\s+(?:is|lasts?))?"
    rf"|\b{_THINGS}?(?:are|is)\s+{_INJECT}\s+{_HOW_LONG})"
    r"\s*(?:of|=|:|is|about|around|~|approx(?:imately|\.)?|roughly)?\s*$", re.I)
# the words right after the value: "5 ms of injection", "a 5 ms injection", "10 ms long spray"
_DURATION_AFTER = re.compile(r"^\s*(?:long\s+|-long\s+|of\s+)?(?:injection|spray(?:ing)?|release)\b"
                             r"(?!\s+(?:velocity|speed|rate|temperature|pressure|angle|position|at\b))", re.I)
# the words right before the value: when the injection starts
_START_BEFORE = re.compile(
    r"(?:\bstart\s+of\s+(?:the\s+)?(?:injection|spray|release)(?:\s+(?:is|at))?|\bsoi|"
    r"\b(?:injection|spray|release|injector)\s+(?:start(?:s|ing)?|begin(?:s|ning)?|onset|starts?\s+time|"
    r"start\s+time|opens?)(?:\s+(?:at|from|time))?|"
    rf"\b{_INJECT}\s+(?:\w+\s+){{0,3}}?(?:starting|beginning|from)(?:\s+(?:at|from))?|"
    rf"\b(?:start|begin)\w*\s+(?:to\s+)?{_INJECT}\w*(?:\s+\w+){{0,2}}?\s+(?:at|from|after)|"
    # "the steam source switched on after 0.5 s", "the injector is turned on at": a source's start
    rf"\b(?:{_INJECT}|sources?|injectors?)\s+(?:(?:is|are|gets?|being|to\s+be)\s+)?(?:switched|turned|comes?|kicks?)"
    rf"\s+(?:on|in)\s+(?:at|after|from|once)|"
    rf"\b(?:switch|turn)(?:ed|ing|s)?\s+on\s+(?:the\s+)?(?:\w+\s+){{0,2}}?(?:{_INJECT}|sources?|injectors?)\s+(?:at|after|from))"
    r"\s*(?:of|=|:|is|t\s*=)?\s*$", re.I)
# a clause of its own that starts at a time ("..., starting at 1 ms"): the injection's when the clause
# before it names one
_STARTING = re.compile(r"(?:^|\s)(?:and\s+)?(?:starting|beginning|commencing|which\s+starts?|that\s+starts?|"
                       r"(?:it\s+)?starts?|(?:it\s+)?begins?)\s+(?:at|from|after)\s*(?:t\s*=)?\s*$", re.I)
_LASTING = re.compile(r"(?:^|\s)(?:and\s+)?(?:it\s+)?(?:lasts?|lasting|continu(?:es|ing)\s+for|goes\s+on\s+for)"
                      r"(?:\s+for)?\s*$", re.I)
_AVERAGING = re.compile(r"\b(?:averag\w*|time[- ]averag\w*|mean\s+fields?|statistics)\s+(?:\w+\s+){0,3}?"
                        r"(?:start(?:s|ing)?|begin(?:s|ning)?|from|after)(?:\s+(?:at|from|after))?\s*(?:t\s*=)?\s*$"
                        r"|\b(?:start|begin)\w*\s+(?:the\s+)?(?:time[- ])?averag\w*(?:\s+\w+){0,2}?\s+(?:at|from|after)"
                        r"\s*(?:t\s*=)?\s*$|\baverag\w*\s+start(?:\s+time)?\s*(?:of|=|:|is|at)?\s*$", re.I)
# a ramp said as a verb or a ramp's time ("ramps from 0 to 10 m/s over", "ramp time", "raised linearly to 350 K
# in"); "a 10 degree ramp" is a shape (_RAMP_SHAPE), not a time
_GRADUAL = r"(?:linearly|gradually|smoothly|progressively|steadily|slowly)"
_RISE = r"(?:increas\w*|ris(?:e|es|ing)|raised?|accelerat\w*|brought\s+up|grow\w*|spun\s+up|spin\w*\s+up)"
_RAMP = re.compile(rf"(?:\bramp\w*|\b{_GRADUAL}\s+{_RISE}|\b{_RISE}\s+(?:\w+\s+){{0,2}}?{_GRADUAL})"
                   r"\b[^.;,]{0,60}?\b(?:over|in|for|during|within|across|time|duration|period)"
                   r"(?:\s+(?:of|the\s+first|a\s+(?:period|time)\s+of))?\s*(?:=|:|is)?\s*$", re.I)
# a value change whose end is not a time, then the time it takes ("goes from 0 to 1.5e5 Pa by t =", "10 -> 40 m2/s2
# linearly in", "from 1 bar to 1.5 bar until t ="): a ramp's time, not the run's
_TO_VALUE = (r"(?:\bfrom\s+(?:[-+]?\.?\d[\w.+-]*\s*[^\s\d,;]*|rest|zero)\s+(?:up\s+|down\s+)?to|(?<![\w.])[-+]?\.?\d[\w.+-]*"
             r"\s*[^\s\d,;]*\s*(?:->|→|=>|\s+to))\s*[-+]?\.?\d[\w.+-]*\s*(?!s\b|ms\b|sec|min|h\b|hours?\b)[^\s\d,;]+")
_RAMP_RANGE = re.compile(rf"{_TO_VALUE}[^.;,]{{0,40}}?\b(?:over|in|within|during|by|until|till)"
                         r"(?:\s+(?:the\s+first|a\s+(?:period|time)\s+of))?\s*(?:t\s*=\s*)?$"
                         rf"|\b{_GRADUAL}\s+(?:over|in|within|during|by|until)\s*(?:t\s*=\s*)?$"
                         rf"|\b(?:{_RISE}|ramp\w*)\b[^.;,]{{0,60}}?\b(?:by|until|till)\s+t\s*=\s*$", re.I)
_STEPS_AFTER = re.compile(r"^\s*(?:steps?|intervals?|increments?)\b", re.I)  # "in 2 s steps": a step, not a ramp
_RAMP_SHAPE = re.compile(r"(?:\b(?:a|an|the|degrees?|deg|°|inclined|wedge|compression|expansion)|\d)\s*-?\s*ramp\b"
                         r"(?!\s*(?:up|down|time|duration|period|from|to|over|linearly))", re.I)
_RAMP_AFTER = re.compile(r"^\s*(?:long\s+|linear\s+)?ramp", re.I)
_PULSE = re.compile(r"\b(?:pulse|burst|puff|jet\s+pulse)\w*\s+(?:\w+\s+){0,3}?(?:lasting|lasts?|of|for|duration|"
                    r"length|width)(?:\s+of)?\s*(?:=|:|is)?\s*$", re.I)
_PULSE_AFTER = re.compile(r"^\s*(?:long\s+|-long\s+)?(?:pulse|burst|puff)", re.I)


# an injection said outright, and the things whose release a general verb ("fed", "released") makes one
_SURE_INJECTION = re.compile(r"\b(?:inject\w*|spray\w*|atomi[sz]\w*|soi|sources?)\b", re.I)  # a source: its timeStart
_DISPERSED = re.compile(r"\b(?:particles?|parcels?|droplets?|drops|fuel|powders?|sand|beads?|grains?|solids?|"
                        r"bubbles?|dust|pellets?)\b", re.I)


def part_time_role(before: str, after: str) -> str | None:
    """The role of a time that is a part of the run, not its length or step: injection_duration,
    injection_start, averaging_start, ramp_time or pulse_duration, from the words of its own
    clause before it (`before`) and right after it (`after`); None for any other time. A general
    verb ("water is fed for 10 s", "gas released over 2 s") is an injection only of dispersed
    things ("particles released over 0.2 s")."""
    role = _part_time_role(before, after)
    if role in ("injection_duration", "injection_start"):
        words = before[-160:] + " " + after[:20]
        if not _SURE_INJECTION.search(words) and not _DISPERSED.search(words):
            return None
    return role


def _part_time_role(before: str, after: str) -> str | None:
    clause = _clause(before)
    if _START_BEFORE.search(clause):
        return "injection_start"
    if _DURATION_BEFORE.search(clause) or _DURATION_AFTER.match(after):
        return "injection_duration"
    for role, pattern in (("injection_start", _STARTING), ("injection_duration", _LASTING)):
        m = pattern.search(clause)
        lead = clause[:m.start()] if m else ""
        # "droplets injected over 5 ms, starting at 1 ms", "inject air for 2 s starting at 0.5 s",
        # "injection starts at 0.2 s, lasts 0.3 s": the injection is the subject
        if m and (re.search(rf"\b{_INJECT}", lead, re.I) or
                  (not lead.strip(" ,") and _names_injection(before[:len(before) - len(clause)]))):
            return role
    if _AVERAGING.search(clause):
        return "averaging_start"
    ramp = _RAMP.search(clause) or (_RAMP_RANGE.search(clause) if not _STEPS_AFTER.match(after) else None)
    if (ramp and not _RAMP_SHAPE.search(clause[max(0, ramp.start() - 20):ramp.end()])) or _RAMP_AFTER.match(after):
        return "ramp_time"
    if _PULSE.search(clause) or _PULSE_AFTER.match(after):
        return "pulse_duration"
    return None


def _names_injection(before: str) -> bool:
    """The clause right before (the words up to the last clause break of `before`) injects things."""
    text = before.rstrip(" ,;")
    cuts = [m.end() for m in _CLAUSE_END.finditer(text)]
    previous = text[cuts[-1]:] if cuts else text
    return re.search(rf"\b{_INJECT}", previous, re.I) is not None
