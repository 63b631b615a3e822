"""The values of a premixed-combustion case's ignition site, told from the words around them:
where the spark is ("ignition at (1.5 1.5 0.25) m", "spark 25 cm above the ground (z) at x = y =
150 cm"), its size ("kernel diameter 0.2 m", "20 cm ignition sphere", "ignition radius 5 mm"),
when and how long ("spark at t = 1 ms", "the spark lasts 0.02 s") and its strength. Each gets a
role `ignition_<entry>` (`ignition_at_<axes>` for a coordinate, `ignition_at_up` for a height
above the ground), so it is neither a size of the domain nor the run's end time;
tasks.plan.bind_ignition writes it to the base's `ignitionSites`. Words: canonical/ignition.yaml.
Pure.
"""

from __future__ import annotations

import functools
import re

import yaml

from tasks.core.paths import CANONICAL_DIR

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# a location written as a triple: "(1.5 1.5 0.25) m", "(150, 150, 25) cm", "at (1.5, 1.5, 0.25)"
_TRIPLE = re.compile(rf"\(\s*({_NUM})\s*[,\s]\s*({_NUM})\s*[,\s]\s*({_NUM})\s*\)"
                     r"(?:\s*(mm|cm|m|in|inch(?:es)?|ft|feet|foot)\b)?")
_TO_METRES = {"m": 1.0, "cm": 0.01, "mm": 0.001, "in": 0.0254, "inch": 0.0254, "inches": 0.0254,
              "ft": 0.3048, "feet": 0.3048, "foot": 0.3048}
_STRENGTH = re.compile(rf"\b(?:strength|intensity)\s*(?:of|=|:|is|to|at)?\s*(?:about\s+)?({_NUM})(?![\w.%/])")
# the axes a coordinate is given for, said before it ("x = y = ", "z-coordinate of", "at z:") or after it ("(z)")
_AXES_BEFORE = re.compile(r"((?:\b[xyz]\s*(?:=|:)\s*)+)$|\b([xyz])[\s-]*(?:coordinate|position|value)\s*(?:of|=|:|is)?\s*$")
_AXIS_AFTER = re.compile(r"^\s*(?:above\s+the\s+\w+\s*|high\s*|up\s*)?(?:\(\s*([xyz])\s*\)|(?:in|along|on)\s+(?:the\s+)?([xyz])\b)")
_BOUNDARY = re.compile(r"[.!?](?=\s|$)|;|\n")


@functools.cache
def words() -> dict:
    return yaml.safe_load((CANONICAL_DIR / "ignition.yaml").read_text())


def _has(key: str, text: str) -> bool:
    data = words()
    pattern = data["entries"].get(key) or data[key]
    return re.search(pattern, text) is not None


def said_ignition(text: str) -> bool:
    """The words name an ignition site (a spark, a kernel), not an ignition delay."""
    low = text.lower()
    return re.search(words()["cue"], low) is not None and re.search(words()["not_cue"], low) is None


def _sentence_before(plain: str, start: int) -> str:
    head = plain[:start]
    ends = [m.end() for m in _BOUNDARY.finditer(head)]
    return head[ends[-1] if ends else 0:].lower()


def _sentence_after(plain: str, end: int) -> str:
    m = _BOUNDARY.search(plain, end)
    return plain[end:m.start() if m else len(plain)].lower()


def _local(plain: str, start: int, end: int) -> tuple[str, str]:
    """(the words since the previous number of its sentence, the words up to the next number or
    clause end): the value's own words."""
    before = _sentence_before(plain, start)
    digits = list(re.finditer(r"\d", before))
    before = before[digits[-1].end():] if digits else before
    after = _sentence_after(plain, end)
    stop = re.search(r"\d|[,;:]", after)
    return before, after[:stop.start()] if stop else after


def coordinate_axes(before: str, after: str) -> str:
    """The axes a coordinate is said for ("x = y = " -> "xy", "... (z)" -> "z"), "" for none."""
    m = _AXES_BEFORE.search(before.rstrip() + " ") or _AXES_BEFORE.search(before)
    if m:
        return "".join(sorted(set(re.findall(r"[xyz]", m.group(1) or m.group(2)))))
    m = _AXIS_AFTER.search(after)
    return (m.group(1) or m.group(2)) if m else ""


def ignition_role(plain: str, start: int, end: int, kind: str, role: str, chained: bool) -> str:
    """The role of a length, time or angle stated at plain[start:end]: `ignition_<entry>` when its
    words make it a value of the ignition site, else `role` unchanged. `chained`: the value
    before it in its sentence was one of the site's ("ignite at 1 ms for 2 ms")."""
    if kind not in ("length", "time", "angle"):
        return role
    before, after = _local(plain, start, end)
    near = f"{before} {after}"
    cue = said_ignition(near) or (chained and not said_other_thing(near))
    if kind == "length":
        axes = coordinate_axes(before, after)
        if axes and (cue or said_ignition(_sentence_before(plain, start))):
            return f"ignition_at_{axes}"
        if not cue:
            return role
        if _has("radius", near):
            return "ignition_radius"
        if _has("diameter", near) or re.search(words()["sized_noun"], after):
            return "ignition_diameter"
        if re.search(words()["vertical"], after) or re.search(words()["vertical"], before):
            return "ignition_at_up"
        return "ignition_length"
    if not cue or re.search(words()["run_words"], before) or re.match(r"\s*of\s+(?:[a-z-]+\s+){0,2}time\b", after):
        return role  # "run for 20 ms after ignition", "10 ms of reaction time ... to see the ignition": the run's time
    if _has("duration", before) or (not _has("start", before) and _has("duration", after)):
        return "ignition_duration"
    if _has("start", before) or _has("start", after):
        return "ignition_start"
    return "ignition_time"


def said_other_thing(near: str) -> bool:
    """Words that start another subject ("and the inlet ..."): the chain of ignition values ends."""
    return re.search(r"\b(?:inlet|outlet|wall|domain|box|mesh|cells?|run|simulat\w*|end|pressure|temperature|"
                     r"velocity|obstacle|pipe|tank|room|grid)\b", near) is not None


def triple_spans(plain: str) -> list[tuple[int, int]]:
    """Where the ignition site's location is written as a triple (its numbers are no other values)."""
    return [(m.start(), m.end()) for m in _TRIPLE.finditer(plain) if said_ignition(_sentence_before(plain, m.start())[-80:])]


def ignition_extras(plain: str) -> list[dict]:
    """The ignition values no unit reader finds, as the fields of a StatedQuantity (tasks.plan.stated
    builds them; it imports this module): the location as a triple (in metres; a bare triple is
    read in metres, noted) and the strength (a number without unit)."""
    out: list[dict] = []
    for m in _TRIPLE.finditer(plain):
        if not said_ignition(_sentence_before(plain, m.start())[-80:]):
            continue
        unit = (m.group(4) or "m").lower()
        scale = _TO_METRES[unit]
        vector = [float(m.group(i)) * scale for i in (1, 2, 3)]
        out.append(dict(text=m.group(0).strip(), quantity="length", value=max(abs(v) for v in vector), unit="m",
                        role="ignition_at_xyz", vector=vector,
                        note=None if m.group(4) else f"{m.group(0).strip()}: the ignition location read in metres"))
    for m in _STRENGTH.finditer(plain):
        if said_ignition(_sentence_before(plain, m.start()) + plain[m.start():m.end()].lower()):
            out.append(dict(text=m.group(0).strip(), quantity="dimensionless", value=float(m.group(1)),
                            role="ignition_strength"))
    return out
