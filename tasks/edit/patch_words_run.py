"""Run-control words of a change request: durations ("six months"), factors on the run
("run twice as long", "halve the time step"), extra run ("500 more iterations"), bare end times
and write counts ("end at t = 5", "10 snapshots"), and "turn turbulence off". Pure functions over
text, re-exported by `tasks.edit.patch_words`."""

from __future__ import annotations

import re


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12, "eighteen": 18, "twenty": 20, "thirty": 30, "a": 1, "an": 1,
                 "half a": 0.5, "half an": 0.5}
_SECONDS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0, "week": 7 * 86400.0,
            "month": 365.25 * 86400.0 / 12, "year": 365.25 * 86400.0}


def durations(text: str) -> list[tuple[float, str, str]]:
    """Durations in words or digits with a calendar unit: (value in seconds, unit, text) for
    'six months', '2 years', 'half a year', 'three weeks'."""
    words = "|".join(sorted((re.escape(w) for w in _NUMBER_WORDS), key=len, reverse=True))
    out = []
    for m in re.finditer(rf"\b(\d+(?:\.\d+)?|{words})[\s-]+(second|minute|hour|day|week|month|year)s?\b", text.lower()):
        n = float(m.group(1)) if m.group(1)[0].isdigit() else float(_NUMBER_WORDS[m.group(1)])
        out.append((n * _SECONDS[m.group(2)], m.group(2), m.group(0)))
    return out


def in_unit(seconds: float, unit: str) -> float:
    """A duration in seconds expressed in a case's own time unit ('year', 'second', ...)."""
    return seconds / _SECONDS[unit]


# --- relative run control: "run twice as long", "halve the time step", "write half as often" ---

_TIMES = {"double": 2.0, "doubled": 2.0, "twice": 2.0, "two times": 2.0, "triple": 3.0, "tripled": 3.0,
          "three times": 3.0, "thrice": 3.0, "quadruple": 4.0, "four times": 4.0, "ten times": 10.0,
          "halve": 0.5, "halved": 0.5, "half": 0.5, "a third of": 1 / 3, "a quarter of": 0.25}
# factor words, shared with patch_words_values ("double the inlet velocity")
_TIMES_RE = "|".join(sorted((re.escape(w) for w in _TIMES), key=len, reverse=True))
# which controlDict entry the words name, and whether a larger number means more of it
_RUN_TARGETS: tuple[tuple[str, str], ...] = (
    ("deltaT", r"time[- ]?steps?(?!\s+(?:count|number))|\bdt\b|\bdelta ?t\b|timesteps?"),
    ("writeInterval", r"write interval|output interval|writ(?:e|ing) interval|writes?|output|saves?|save interval"),
    ("endTime", r"end[- ]?time|simulated time|simulation time|run time|duration|iterations|(?:the\s+)?run\b|simulat\w*|long"),
)


_PHYSICAL = re.compile(r"\b(?:velocity|speed|temperature|pressure|viscosity|density|flow ?rate|mass|heat|cells?|mesh|grid|"
                       r"resolution|rpm|rotation)\b")
_RUN_NAMED = re.compile(r"time[- ]?step|\bdelta ?t\b|\bdt\b|end[- ]?time|write|output|iterations|\blonger\b|\bas long\b")


def relative_run_factors(text: str) -> dict[str, float]:
    """controlDict entries a request changes by a factor, entry -> factor on its present value
    (endTime on the time after startTime): 'run twice as long' {endTime: 2}, 'double the end
    time', 'halve the time step' {deltaT: 0.5}, 'a time step half as large', 'reduce the time
    step by a factor of 4', 'write twice as often' {writeInterval: 0.5}, 'write half as often'."""
    low = text.lower()
    found: dict[str, float] = {}
    for clause in re.split(r"[.;,]|\band\b|\bthen\b", low):
        factor = _clause_factor(clause)
        if factor is None or (_PHYSICAL.search(clause) and not _RUN_NAMED.search(clause)):
            continue  # "double the inlet velocity of the simulation" scales a velocity, not the run
        often = re.search(r"\b(?:often|frequently)\b", clause)
        for key, words in _RUN_TARGETS:
            if key == "endTime" and re.search(r"\b(?:as|times)\s+long(?:er)?\b|\blonger\b", clause):
                found.setdefault(key, factor)
                break
            if re.search(words, clause) and not (key == "endTime" and "writeInterval" in found and not re.search(r"long", clause)):
                found.setdefault(key, 1.0 / factor if (often and key == "writeInterval") else factor)
                break
    return found


def _clause_factor(clause: str) -> float | None:
    """The factor one clause states: 'twice as long' 2, 'half as large' 0.5, 'halve' 0.5, 'by a
    factor of 4' with a verb of increase (4) or decrease (0.25), '3 times longer' 3, 'x2' 2."""
    m = re.search(r"\bby\s+(?:a\s+)?factor\s+(?:of\s+)?(\d+(?:\.\d+)?)", clause)
    if m:
        n = float(m.group(1))
        if re.search(r"\b(?:reduc|decreas|lower|shorten|cut|divid|smaller|less)\w*", clause):
            return 1.0 / n
        return n if re.search(r"\b(?:increas|rais|multipl|extend|lengthen|larger|more|longer)\w*", clause) else None
    m = re.search(r"(\d+(?:\.\d+)?)\s*(?:%|percent|per cent)\s+(longer|larger|bigger|more|greater|shorter|smaller|less|fewer)\b", clause)
    if m:  # "run 50 % longer", "a time step 20 percent smaller"
        pct = float(m.group(1)) / 100
        return 1.0 - pct if m.group(2) in ("shorter", "smaller", "less", "fewer") else 1.0 + pct
    m = re.search(r"\b(\w+)\b[^%]*?\bby\s+(\d+(?:\.\d+)?)\s*(?:%|percent|per cent)", clause)
    if m:  # "extend the run by 50 %", "reduce the time step by 30 percent"
        pct = float(m.group(2)) / 100
        if re.search(r"\b(?:reduc|decreas|lower|shorten|cut|smaller|less)\w*", clause):
            return max(0.0, 1.0 - pct) or None
        return 1.0 + pct if re.search(r"\b(?:increas|rais|extend|lengthen|prolong|larger|more|longer)\w*", clause) else None
    m = re.search(r"\b(\d+(?:\.\d+)?)\s*(?:times|x)\s+(?:as\s+)?(longer|long|larger|large|bigger|more|shorter|smaller|less|often)\b", clause)
    if m:
        n = float(m.group(1))
        return 1.0 / n if m.group(2) in ("shorter", "smaller", "less") else n
    m = re.search(rf"\b({_TIMES_RE})\b(\s+as\s+(?:long|large|big|often|frequently|small|short|much))?", clause)
    if m is None:
        return None
    factor = _TIMES[m.group(1)]
    if m.group(2) and re.search(r"small|short", m.group(2)):  # "twice as small" reads as half
        factor = 1.0 / factor
    return factor


_LAMINAR_WORDS = re.compile(
    r"\b(?:turn(?:ing)?|switch(?:ing)?|set(?:ting)?)\s+(?:the\s+)?turbulence(?:\s+model(?:ling|ing)?)?\s+off\b"
    r"|\b(?:turn(?:ing)?|switch(?:ing)?)\s+off\s+(?:the\s+)?turbulence\b"
    r"|\b(?:no|without(?:\s+a)?|disable|drop|remove)\s+(?:the\s+)?turbulence(?:\s+model(?:ling|ing)?)?\b"
    # a key and its value: "turbulence: off", "turbulence model = none", "RANS: no"
    r"|\b(?:turbulence|rans|les)(?:\s+model(?:ling|ing)?)?\s*(?:[:=]|is)\s*(?:off|none|no|disabled|false)\b")


def asks_laminar(text: str) -> bool:
    """True when the words take the turbulence model away ('turn the turbulence model off',
    'without turbulence', 'disable turbulence modelling') without naming 'laminar'."""
    return bool(_LAMINAR_WORDS.search(text.lower()))


_MORE_RUN = re.compile(r"\b(?:(?P<n5>\d+(?:\.\d+)?)\s*(?P<unit5>iterations?|steps?|time ?steps?|seconds?|s)\s+"
                       r"(?:more|longer|extra)\b|(?P<n>\d+(?:\.\d+)?)\s+more|another\s+(?P<n2>\d+(?:\.\d+)?)|(?:extend|lengthen|continue)\w*"
                       r"\s+(?:the\s+)?(?:run|simulation)?\s*(?:by|for)\s+(?:another\s+)?(?P<n3>\d+(?:\.\d+)?))\s*"
                       r"(?P<unit>iterations?|steps?|time ?steps?|seconds?|s\b)?")


def extra_run(text: str) -> tuple[float, str] | None:
    """(amount, unit word) a request adds to the run: '2000 more iterations', 'another 0.5 s',
    'extend the run by 500 iterations'; None when it adds nothing."""
    m = _MORE_RUN.search(text.lower())
    if m is None:
        return None
    if m.group("n5"):  # "0.05 s more", "500 iterations longer"
        return float(m.group("n5")), m.group("unit5")
    n = m.group("n") or m.group("n2") or m.group("n3")
    if m.group("unit") is None and not m.group("n3"):
        return None
    return float(n), (m.group("unit") or "")


_BARE_WRITE = re.compile(r"\b(?:writ\w*|sav\w*|output\w*|dump\w*)\s+(?:\w+\s+){0,3}?every\s+(\d+(?:\.\d+)?)\b"
                         r"(?![\d.]|\s*(?:%|[a-z]))")


def bare_write_interval(text: str) -> float | None:
    """A write interval given without a unit ('write every 200', 'writing every 200'): in the
    unit the case's writeControl counts. None when there is none or it has a unit."""
    m = _BARE_WRITE.search(text.lower())
    return float(m.group(1)) if m else None


# --- run control given without a unit: "end at t = 5", "write 10 snapshots" ---

_BARE_END = re.compile(r"\b(?:end(?:\s*time)?|endtime|stop|finish|run|simulate)\w*\s+(?:(?:at|to|until|till|after|when)\s+)?"
                       r"(?:(?:t|time)\s*=\s*|=\s*)?(\d+(?:\.\d+)?(?:e[-+]?\d+)?)(?=\s*(?:$|[,;]|\.(?!\d)|and\b|then\b|with\b))")


def bare_end_time(text: str) -> float | None:
    """An end time given without a unit ("end at t = 5", "stop at 200", "endTime 0.3"): in the
    case's own unit of time (iterations of a steady case). None when there is none."""
    m = _BARE_END.search(text.lower())
    return float(m.group(1)) if m else None


_COUNT_WORDS = {**{w: int(n) for w, n in _NUMBER_WORDS.items() if float(n).is_integer() and w not in ("a", "an")},
                "fifteen": 15, "forty": 40, "fifty": 50, "hundred": 100, "a hundred": 100}
_WRITE_COUNT = re.compile(
    rf"\b(\d+|{'|'.join(sorted(_COUNT_WORDS, key=len, reverse=True))})\s+(?:snapshots?|output\s+times|outputs|"
    r"time\s+(?:directories|folders|steps\s+written)|frames|saved\s+times|writes|results\s+folders)\b"
    rf"|\b(?:writ\w*|sav\w*|output\w*)\s+(?:\w+\s+){{0,3}}?(\d+|{'|'.join(_COUNT_WORDS)})\s+times\b"
    r"(?!\s+(?:as|more|less|fewer|longer|shorter|faster|slower|finer|coarser)\b)")  # "3 times as often" is a factor


def write_count(text: str) -> int | None:
    """How many times the request wants results written over the run ("10 snapshots", "write
    twenty output times", "save the fields 5 times"); None when it says no count."""
    m = _WRITE_COUNT.search(text.lower())
    if m is None:
        return None
    word = m.group(1) or m.group(2)
    n = int(word) if word.isdigit() else _COUNT_WORDS[word]
    return n if n > 0 else None


FACTOR_WORDS = _TIMES
FACTOR_WORDS_RE = _TIMES_RE
