"""Run control a request states in words without a unit: the write interval ("write every 500"),
the end time ("an end time of 50"), the iterations of a steady solver ("2000 SIMPLE iterations"),
purgeWrite ("keep the last 2 time directories") and a count of outputs ("20 snapshots"); and the
`Control` every stated solver control is read as. Pure; tasks.plan.controls reads these with the
fvSolution controls.
"""

from __future__ import annotations

import re

from tasks.plan.extract import normalise

NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


class Control:
    """One stated control: the fvSolution key it sets (`relaxationFactors:p` for one field's
    factor), its value, its words and position. Its label is what the binder and the report
    call it: "nNonOrthogonalCorrectors 3", the same text the by-name binder gives that entry."""

    def __init__(self, key: str, value: float, text: str, start: int, number: str | None = None,
                 number_at: int | None = None) -> None:
        self.key, self.value, self.text, self.start = key, value, text, start
        self.label = f"{key.replace(':', ' ').strip()} {value:g}"
        # the number as written and where (a named control: "5 ms" of "max time step 5 ms")
        self.number, self.number_at = number or text, start if number_at is None else number_at


# run control a request states without a unit ("write every 500", "writeInterval 0.1", "an end time of
# 50", "keep the last 2 time directories", "write only the final time"): numbers in the case's own
# units (seconds of a transient case, iterations of a steady one), so they go to controlDict as they
# are. A number with a unit ("every 0.5 s", "every 100 iterations") is a quantity of
# tasks/plan/extract.py, read there with its unit and left alone here.
# no unit (of time or of steps) and no more digits right after the number
# (nor the rest of a number the regex backtracked into: the "e-4" of "2e-4 s")
_UNIT_NEXT = (r"(?![.,]?\d|[eE][-+]?\d|\s*[%°/µμ]|\s*(?:s|ms|us|ns|ps|fs|sec\w*|seconds?|(?:milli|micro|nano|pico|femto)[\s-]?sec\w*|"
              r"min\w*|h|hrs?|hours?|days?|weeks?|years?|iter\w*|its?|steps?|time[\s-]?steps?|cycles?|cells?|"
              r"[a-z]{1,2}\s*/)\b)")
_WRITE_VERB = r"(?:write|writes|writing|written|save|saves|saving|saved|output|outputs|dump|store|snapshot)"
_WRITE_EVERY = re.compile(
    rf"\b{_WRITE_VERB}(?:\s+(?:the\s+)?(?:results?|data|fields?|solution|a\s+snapshot|snapshots?|files?))?"
    rf"(?:\s+(?:once|out|to\s+disk))?"
    # "its" (iterations, which no quantity reads) is the steps of the unit-less interval
    rf"\s+(?:(?:after\s+|on\s+)?every|each|per|once\s+(?:every|per)|at\s+intervals\s+of)\s+(?P<num>{NUM})"
    rf"(?:\s*its\b|{_UNIT_NEXT})"
    rf"|\b(?:write|output)[\s_-]?interval\b\s*(?:=|:|of|is|to|at|set\s+to)?\s*(?P<num2>{NUM}){_UNIT_NEXT}",
    re.I)
_END_UNITLESS = re.compile(rf"\b(?:end[\s_-]?time|final\s+time|stop(?:ping)?\s+time)\s*(?:=|:|of|is|to|at|set\s+to)?\s*"
                           rf"(?P<num>{NUM}){_UNIT_NEXT}"
                           rf"|\b(?:stop|end|finish)(?:s|ping)?\s+at\s+(?:the\s+)?time\s*(?:=|:)?\s*(?P<num2>{NUM}){_UNIT_NEXT}",
                           re.I)
_KEPT = (r"(?:time\s+(?:directories|dirs|folders|steps|levels)|(?:result|output|data)\s+(?:directories|dirs|folders)|"
         r"writes|outputs|results|solutions|snapshots|times|directories|dirs|folders)")
_NEWEST = r"(?:last|latest|most\s+recent|newest|final)"
_KEEP = r"(?:keep(?:s|ing)?|retain(?:s|ing)?|store|leave|preserv(?:e|ing)|hold)"
# "keep the last 2 time directories", "keep last 4", "keep only the four most recent results", "retain 4 time
# folders", "purge all but the 3 newest", "only the 3 newest time directories are kept"
# a unit after a kept number: "keep the last 10 s of data", "keep the last 5 cm of the pipe" are no purge
_A_UNIT = (r"\s*(?:s|ms|us|µs|min\w*|h|hours?|sec\w*|mm|cm|m|km|ft|K|°\w*|kPa|Pa|bar|iter\w*|steps?|cells?|percent)\b"
           r"|\s*[%/°]")
_PURGE = re.compile(rf"\b{_KEEP}\s+(?:only\s+|just\s+)?(?:the\s+)?{_NEWEST}\s+(?P<n>\d+)(?![\d.])"
                    rf"(?:\s+(?:(?:most\s+)?recent\s+|written\s+)?{_KEPT})?(?!{_A_UNIT})"
                    rf"|\b{_KEEP}\s+(?:only\s+|just\s+)?(?:the\s+)?(?P<n2>\d+)\s+(?:{_NEWEST}\s+)?(?:written\s+)?{_KEPT}"
                    rf"|\b{_KEEP}\s+(?:only\s+|just\s+)?(?:the\s+)?(?P<n4>\d+)\s+{_NEWEST}\b"
                    rf"|\b(?:purge|delete|remove|discard|drop)\s+(?:all|every\s+\w+|everything|any\s+\w+)\s+"
                    rf"(?:but|except(?:\s+for)?)\s+the\s+(?:(?:{_NEWEST})\s+(?P<n3>\d+)|(?P<n5>\d+)\s+{_NEWEST})\b"
                    rf"|\bonly\s+the\s+(?:{_NEWEST}\s+(?P<n6>\d+)|(?P<n7>\d+)\s+{_NEWEST})(?:\s+{_KEPT})?\s+"
                    rf"(?:are|get|will\s+be|should\s+be)\s+(?:kept|retained|stored|left)\b",
                    re.I)
# the same bound said as what stays on disk or as a cap: "only the last 2 times remain on disk", "purge old
# times, all but last 3", "at most 4 time directories on disk", "keep no more than 5 outputs", "old
# output deleted so that the 2 newest stay"
_STAY = r"(?:remain|remains|stay|stays|survive|(?:are|is|were|was|get|be)\s+(?:kept|retained|left|stored|preserved))"
_WRITTEN = r"(?:(?:written|saved|stored)\s+)?"
_CAP = r"(?:at\s+most|no\s+more\s+than|not\s+more\s+than|a\s+maximum\s+of|max(?:imum)?\.?|up\s+to)"
_PURGE_MORE = re.compile(
    rf"\bonly\s+(?:the\s+)?(?:{_NEWEST}\s+(?P<n1>\d+)|(?P<n2>\d+)\s+{_NEWEST})(?:\s+{_WRITTEN}{_KEPT})?"
    rf"(?:\s+(?:should|will|must|shall|may|can|do|does))?\s+{_STAY}\b"
    rf"|\b(?:purge|delete|remove|discard|drop|clean|wipe)\b[^.;\n]{{0,40}}?\ball\s+(?:but|except(?:\s+for)?)\s+"
    rf"(?:the\s+)?(?:{_NEWEST}\s+(?P<n3>\d+)|(?P<n4>\d+)\s+{_NEWEST})\b"
    # a cap is a purge when it keeps ("keep at most 4 ...") or says where they stay ("... on disk");
    # "save up to 20 snapshots" is a count of writes (write_count)
    rf"|\b{_KEEP}\s+(?:only\s+)?{_CAP}\s+(?P<n5>\d+)\s+(?:{_NEWEST}\s+)?{_WRITTEN}{_KEPT}(?!{_A_UNIT})"
    rf"|\b{_CAP}\s+(?P<n6>\d+)\s+(?:{_NEWEST}\s+)?{_WRITTEN}{_KEPT}\s+(?:(?:should|will|must|may|can)\s+)?"
    rf"(?:on\s+(?:the\s+)?(?:disk|scratch)|at\s+(?:a|any|one)\s+time|{_STAY}|kept|stored|retained)\b"
    # the count kept as a key ("time folders kept on disk: 3", "directories to keep = 2") or as the room
    # there is ("quota for two time folders", "space for only 3 time directories")
    rf"|\b{_KEPT}\s+(?:to\s+(?:keep|retain)|kept|retained|stored)(?:\s+on\s+(?:the\s+)?(?:disk|scratch))?\s*(?:=|:)?\s*"
    rf"(?P<n7>\d+)(?![\d.])"
    rf"|\b(?:quota|room|space|disk\s+space|storage)\s+(?:on\s+\w+\s+)?for\s+(?:only\s+|just\s+)?(?P<n8>\d+)\s+"
    rf"(?:{_NEWEST}\s+)?{_KEPT}\b",
    re.I)
_ONLY_LAST = re.compile(r"\b(?:only\s+(?:write|save|keep|output)|(?:write|save|keep|output)\s+only)\s+(?:(?:at|for)\s+)?the\s+"
                        r"(?:last|final|latest)\s+(?:time(?:\s+step)?|step|iteration|result|solution|snapshot|write|output)\b"
                        r"|\b(?:only\s+(?:write|save|output)|(?:write|save|output)\s+only)\s+at\s+the\s+end\b",
                        re.I)


# the iterations of a steady run, named by its algorithm or its kind ("2000 SIMPLE iterations", "1500
# steady-state iterations", "SIMPLE iterations: 800", "number of pseudo-time iterations = 300"): endTime
# counts them. Outer (PIMPLE) iterations are nOuterCorrectors (tasks.plan.controls), PISO/PIMPLE ones
# name no run length.
# (LTS: local time stepping counts iterations too, tasks.plan.controls_lts)
_STEADY_KIND = (r"(?:simplec?|steady[\s-]?state|steady|pseudo[\s-]?time|non[\s-]?linear|global|solver|main|lts|"
                r"local[\s-]time[\s-]stepping|pseudo[\s-]?transient)")
_STEADY_ITERATIONS = re.compile(
    rf"(?<![\w.])(?P<num>\d+)\s+{_STEADY_KIND}\s+(?:iterations?|iters?|sweeps|steps?)\b"  # "300 pseudo-time steps"
    rf"|\b(?:(?:total\s+)?number\s+of\s+)?{_STEADY_KIND}\s+(?:iterations?|iters?|sweeps)\s*(?:=|:|of|is|set\s+to)\s*"
    rf"(?P<num2>\d+)(?!\d|\.\d)"
    # a cap on the iterations as a key: "iteration cap: 800", "max iterations = 2000", "iterations limit 500"
    rf"|\b(?:max(?:imum|\.)?\s+)?(?:number\s+of\s+)?iter(?:ation)?s?\s+(?:cap|limit|budget|ceiling|max(?:imum)?)"
    rf"\s*(?:=|:|of|is|at|set\s+to)?\s*(?P<num3>\d+)(?!\d|\.\d)(?!\s*(?:iter\w*|steps?|s)\b)"
    rf"|\bmax(?:imum|\.)?\s+(?:number\s+of\s+)?iter(?:ation)?s\s*(?:=|:)\s*(?P<num4>\d+)(?!\d|\.\d)(?!\s*(?:iter\w*|steps?)\b)",
    re.I)


def run_controls(text: str) -> list[Control]:
    """The unit-less run controls of the normalised text: writeInterval ("write every 500",
    "writeInterval 0.1"), endTime ("an end time of 50", "stop at time 5", "2000 SIMPLE
    iterations") and purgeWrite ("keep
    the last 2 time directories"; "write only the final time" keeps 1)."""
    out: list[Control] = []
    for pattern, key in ((_WRITE_EVERY, "writeInterval"), (_END_UNITLESS, "endTime"),
                         (_STEADY_ITERATIONS, "endTime")):
        for m in pattern.finditer(text):
            group = next(g for g in ("num", "num2", "num3", "num4") if g in m.re.groupindex and m.group(g))
            value = float(m.group(group))
            if value > 0:
                out.append(Control(key, value, m.group(0), m.start(), m.group(group), m.start(group)))
    for m in _PURGE.finditer(text):
        group = next(g for g in ("n", "n2", "n3", "n4", "n5", "n6", "n7") if m.group(g))
        out.append(Control("purgeWrite", float(m.group(group)), m.group(0), m.start(), m.group(group), m.start(group)))
    taken = [(c.start, c.start + len(c.text)) for c in out if c.key == "purgeWrite"]
    for m in _PURGE_MORE.finditer(text):
        group = next(g for g in ("n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8") if m.group(g))
        if int(m.group(group)) >= 1 and not any(a < m.end() and m.start() < b for a, b in taken):
            out.append(Control("purgeWrite", float(m.group(group)), m.group(0), m.start(), m.group(group),
                               m.start(group)))
    for m in _ONLY_LAST.finditer(text):
        out.append(Control("purgeWrite", 1.0, m.group(0), m.start()))
    return sorted(out, key=lambda c: c.start)


# "20 snapshots", "save 20 equally spaced outputs", "10 output times": the write interval that gives them
_WRITE_COUNT = re.compile(r"(?<![\w.])(?P<n>\d+)\s+(?:(?:equally|evenly|uniformly|regularly)[\s-]+spaced\s+|equal\s+)?"
                          r"(?:snapshots|outputs|output\s+times|writes|write\s+times|frames|time\s+(?:directories|dirs)|"
                          r"saved\s+times)\b", re.I)


def write_count(text: str) -> tuple[int, str] | None:
    """(count, its words) of the outputs the text asks for over the run ("20 snapshots"), or None."""
    m = _WRITE_COUNT.search(normalise(text))
    if m is None or int(m.group("n")) < 1:
        return None
    return int(m.group("n")), m.group(0)
