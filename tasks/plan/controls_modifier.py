"""A switch's spoken name used as an adjective: "with the rotating zone", "a rotating fan" speak of
a part of the case, not of shallowWaterFoam's `rotating` switch. Pure; used by
tasks.plan.controls.stated_switches."""

from __future__ import annotations

import re

# the words after a switch's name that still speak of the switch ("rotating on", "rotating: false")
_SWITCH_AFTER = re.compile(r"\s*(?:[:=]|(?:on|off|true|false|yes|no|enabled?|disabled?|active|inactive|switched|"
                           r"turned|is|set|term|effects?|option|flag|switch)\b|$)")

# a rotating frame of reference is what the switch turns ("in a rotating frame", "rotating coordinates")
_FRAME_AFTER = re.compile(r"\s+(?:frame|reference|coordinates?|earth|planet|system)\b")


def switch_modifier(low: str, start: int, end: int) -> bool:
    """A participle switch name ("rotating") followed by a noun it describes ("the rotating zone",
    "with a rotating fan"): an adjective of a part of the case, not the switch."""
    if re.search(r"\bnon[- ]?$", low[max(0, start - 4):start]):
        return False  # "a non-rotating frame": the switch, turned off
    return low[start:end].endswith("ing") and re.match(r"\s+[a-z]{2,}", low[end:]) is not None \
        and not _SWITCH_AFTER.match(low, end) and not _FRAME_AFTER.match(low, end)
