"""Words of a request about a cloud's particles: whether a value is the particles' or the
carrier's, the other end of a stated size range, the clouds a request names. Pure functions over
text, shared by the cloud binders (tasks.plan.bind_cloud*)."""

from __future__ import annotations

import re

# words that make a value the particles' (or the spray's), and words that make it the carrier's
PARTICLE_WORDS = re.compile(r"\b(?:particles?|parcels?|droplets?|drops|spray|sprays|grains?|beads?|powders?|dust|"
                             r"sand|pellets?|injected|injection|injector|fuel|solids?|ore|catalyst|dispersed)\b")
CARRIER_WORDS = re.compile(r"\b(?:air|gas|carrier|fluid|(?<!mass )flow(?! rate)|stream|inlets?|inflow|wind|chamber|"
                            r"ambient|surrounding|domain|initial(?:ly)?|walls?)\b")
def particles_meant(head: str, tail: str) -> bool:
    """Whether a value's words name the particles: the particle or carrier word nearest the value
    (before it first, "particle-laden air enters at 5 m/s" is the air's), else the first after it."""
    def last(pattern: re.Pattern[str], words: str) -> int:
        found = [m.start() for m in pattern.finditer(words)]
        return found[-1] if found else -1

    if PARTICLE_WORDS.match(tail.lstrip(" (").removeprefix("of ").removeprefix("the ")):
        return True  # "1 g/s of particles", "2 m/s (droplets)": the words right after the value are its own
    p, c = last(PARTICLE_WORDS, head), last(CARRIER_WORDS, head)
    if p >= 0 or c >= 0:
        return p > c
    p = next((m.start() for m in PARTICLE_WORDS.finditer(tail)), -1)
    c = next((m.start() for m in CARRIER_WORDS.finditer(tail)), -1)
    return p >= 0 and (c < 0 or p < c)


def particles_meant_in(head: str, tail: str, sentence_before: str) -> bool:
    """particles_meant, and when the value's own clause names neither the particles nor the carrier ("..., make the
    droplets smaller, 0.5 mm across, and warmer, at 313 K"), the sentence before it decides."""
    if PARTICLE_WORDS.search(head) or CARRIER_WORDS.search(head) or PARTICLE_WORDS.search(tail) or CARRIER_WORDS.search(tail):
        return particles_meant(head, tail)
    return particles_meant(sentence_before, "")


_NUM = r"(\d+(?:\.\d+)?(?:e-?\d+)?)"
# "between 40 and 160 um", "from 40 to 160 um", "40-160 um", "40 to 160 um": the low end written before the high
LOW_BEFORE = re.compile(rf"(?:\b(?:between|from)\s+)?{_NUM}\s*([a-zµ]*)\s*(?:-|–|\bto\b|\band\b)\s*$")
HIGH_AFTER = re.compile(rf"^\s*(?:-|–|\bto\b|\band\b)\s*{_NUM}")


def size_range(head: str, tail: str, text: str, value: float) -> tuple[float, float] | None:
    """(low, high) in m when a size is one end of a stated range ("between 40 and 160 microns",
    "40-160 um", "from 40 um to 160 um"): the other end read from the words before or after it, in
    the unit the value `text` is written in (its SI `value`) where that end writes none."""
    written = re.match(r"\s*([\d.]+(?:e-?\d+)?)", text)
    if not written or float(written.group(1)) == 0:
        return None
    scale = value / float(written.group(1))
    low = LOW_BEFORE.search(head[-40:])
    if low is not None and (low.group(2) in ("", text[written.end():].strip()) or
                            re.search(r"\b(?:between|from)\s+[\d.]", head[-40:])):
        other = float(low.group(1)) * scale if low.group(2) in ("", text[written.end():].strip()) else None
        if other is not None and 0 < other < value:
            return other, value
    high = HIGH_AFTER.match(tail)
    if high is not None and re.search(r"\b(?:between|from)\s*$", head[-12:]):
        return None  # the low end of "from 40 um to 160 um": the high end's own statement sets both
    return None


def named_clouds(rels: list[str], words: str) -> list[str]:
    """The cloud files (constant/<name>Cloud1Properties) whose own name the words give ("coal
    particles", "the limestone injection"), not a generic one (kinematic, reacting, spray)."""
    return [rel for rel in rels if (m := re.match(r"constant/([a-z]+)", rel)) and
            m.group(1) not in ("kinematic", "reacting", "spray", "basic") and re.search(rf"\b{m.group(1)}", words)]
