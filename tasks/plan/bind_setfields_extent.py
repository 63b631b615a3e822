"""Which extent of the domain a stated fill fraction is a fraction of: "60 % of the vessel height",
"to 40 % of its height", "0.6 of H", "fill ratio 40 %" (the height: measured up from the floor),
"the first 30 % of the channel length" (the length: from the left end). Pure word reading; the
binder (tasks/plan/bind_setfields.py) turns the side into an axis with the base's gravity.
"""

from __future__ import annotations

import re

# "of (the|its) [tank|vessel|column ...] height": up to two words between "of" and the extent word
_OF = r"^\s*(?:of\s+(?:the\s+|its\s+|their\s+|a\s+)?(?:[a-z][\w'-]*\s+){0,2}?|(?:by|in)\s+)"
_HEIGHT = re.compile(_OF + r"(?:height|depth|h|level|vertical\s+extent|tank\s+height|draught|draft)\b")
_LENGTH = re.compile(_OF + r"(?:length|width|breadth|span|horizontal\s+extent)\b")
# words before the fraction that make it a fill level ("fill ratio", "filling degree", "liquid level")
_FILL_BEFORE = re.compile(r"\b(?:fill(?:ing)?(?:\s+(?:ratio|level|fraction|degree|height|depth))?|filled|full|"
                          r"(?:liquid|water|free[\s-]surface)\s+(?:level|height|depth)|level|depth|height|h\s*/\s*h)"
                          r"\s*(?:=|:|is|of|at|to|up\s+to)?\s*(?:about\s+|approximately\s+|roughly\s+)?$")


def fraction_side(before: str, after: str) -> str | None:
    """The end a fraction of the domain is measured from, by its words: "bottom" when it is a
    fraction of the height (or a fill ratio/level), "left" when of the length; None when the words
    say neither. `before`/`after`: the request's words right before and after the value (lower case)."""
    if _HEIGHT.match(after):
        return "bottom"
    if _LENGTH.match(after):
        return "left"
    if _FILL_BEFORE.search(before):
        return "bottom"
    return None
