"""A size written before the noun it sizes, with no adjective saying which size it is: "a 3 m duct",
"a 20 cm channel", "an 8 cm cavity", "a 0.5 m enclosure". A channel's is its length (its height when the
length is said otherwise), a closed vessel's is its side. Pure functions; metres."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor

# words that may stand between the size and the noun without saying which size it is
_PLAIN = (r"(?:(?:long|straight|flat|plane|planar|2-?d|3-?d|two-dimensional|three-dimensional|square|cubic|rectangular"
          r"|closed|sealed|open|simple|smooth|empty|plain|horizontal|vertical|air-filled|water-filled|lid-driven|heated"
          r"|differentially[- ]heated|natural[- ]convection|test|model|laboratory|lab)\s+){0,3}")
_CHANNEL = r"(?:channel|duct|passage|slot|slit)"
_VESSEL = r"(?:cavity|enclosure|box|cube|container|tank|chamber)"
_SIZE_FIRST = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})\s*(?:-\s*)?{_PLAIN}({_CHANNEL}|{_VESSEL})s?\b", re.I)
# the same size after the noun: "a duct of 3 m", "a cavity of 8 cm", "an enclosure (10 cm)"
_SIZE_AFTER = re.compile(rf"\b({_CHANNEL}|{_VESSEL})\s+(?:of\s+(?:about\s+)?|\(\s*)({NUM})\s*({UNIT})(?!\s*(?:x|by|×)\s*\d)"
                         r"(?!\s*(?:-\s*)?(?:long|high|wide|tall|deep|thick|across|in\s+\w+|square|side|on|diameter|radius"
                         r"|from|downstream|upstream|away|apart)\b)", re.I)


def unnamed_size(text: str, noun: str) -> float | None:
    """The first size said of a `noun` kind ("channel" or "vessel") with no name saying which size it is:
    "a 3 m duct" -> 3.0, "an 8 cm cavity" -> 0.08, "a convection cell of 8 cm" (a cell read as an enclosure)."""
    kind = _CHANNEL if noun == "channel" else _VESSEL
    for m in _SIZE_FIRST.finditer(text):
        if re.fullmatch(kind, m.group(3), re.I):
            return float(m.group(1)) * unit_factor(m.group(2))
    for m in _SIZE_AFTER.finditer(text):
        if re.fullmatch(kind, m.group(1), re.I):
            return float(m.group(2)) * unit_factor(m.group(3))
    return None


def channel_from_unnamed(dims: dict[str, float], text: str) -> dict[str, float]:
    """A channel's length (or, when its length is said, its height) from a size said before its noun."""
    size = unnamed_size(text, "channel")
    if size is None:
        return dims
    if "length" not in dims and ("height" not in dims or size > dims["height"]):
        return {**dims, "length": size}
    if "height" not in dims and "length" in dims and size < dims["length"]:
        return {**dims, "height": size}
    return dims
