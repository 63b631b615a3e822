"""The axis a round pipe's words lay it along: "along +z", "the pipe axis is the z axis", "inlet at
z = 0 and outlet at z = 0.8 m", "L 0.8 m along z from z = 0". Pure."""

from __future__ import annotations

import re

# "along (the) +z (axis|direction)", not a count's direction ("20 cells along z")
_ALONG = re.compile(r"(?<!cells )(?<!cell )\balong\s+(?:the\s+)?[+]?(?P<a>[xyz])(?:[- ]?(?:axis|direction))?\b(?!\s*=)")
# "the pipe axis is the z axis", "axis: z", "its axis lies along the y-axis", "with the z axis as its axis"
_AXIS_IS = re.compile(r"\baxis\s+(?:is|lies|runs|:|=)?\s*(?:along\s+|parallel\s+to\s+)?(?:the\s+)?(?P<a>[xyz])(?:[- ]?axis)?\b(?!\s*=)"
                      r"|\b(?P<b>[xyz])[- ]axis\s+(?:is\s+)?(?:as\s+)?(?:the|its)\s+(?:pipe(?:'s)?\s+|tube(?:'s)?\s+)?axis\b")
# the ends placed on a coordinate: "the inlet is at z = 0", "outlet at y = 2 m", "from z = 0"
_END_AT = re.compile(r"\b(?:inlet|outlet|entrance|exit|inflow|outflow)(?:\s+(?:plane|face|end))?\s+(?:is\s+)?(?:at|on)\s+"
                     r"(?:the\s+plane\s+)?(?P<a>[xyz])\s*=|\b(?:starts?\s+|runs?\s+)?from\s+(?P<b>[xyz])\s*=\s*[-+]?\d")


def pipe_axis(text: str) -> str | None:
    """The one axis the words lay a pipe along (x, y or z), None when they name none or several."""
    low = text.lower()
    said = {m.group("a") for m in _ALONG.finditer(low)}
    said |= {m.group("a") or m.group("b") for pattern in (_AXIS_IS, _END_AT) for m in pattern.finditer(low)}
    return said.pop() if len(said) == 1 else None
