"""Parts said in words around a multiplier or an extent (tasks.plan.extract_words.normalise and
tasks.plan.extract.quantities). Pure functions over text.

    "1 and a half times the default" -> "1.5 times the default" (a multiplier, no fraction of anything)
    "half the tank height", "half of its depth", "0.25 of the height" -> a fraction of that extent
"""

from __future__ import annotations

import re

_PARTS = {"half": 2, "third": 3, "quarter": 4}
# "2 and a half times", "1 and a quarter-fold": a whole and a part before "times" or "fold"
_AND_A_PART_TIMES = re.compile(rf"\b(?P<whole>\d+)\s+and\s+(?:a|one)\s+(?P<part>{'|'.join(_PARTS)})(?P<gap>[\s-]+)"
                               r"(?=times\b|fold\b)", re.I)
# the extents a fraction may be of: a height, a depth, the domain, the tank
_EXTENT = (r"(?:(?:tank|domain|box|column|vessel|channel|cavity|room|container|pipe|duct)(?:'s)?\s+)?"
           r"(?:height|depth|length|width|tank|domain|box|column|vessel|channel|cavity|volume|room|container|way)\b")
# "half the tank height", "half of its depth", "0.25 of the height", "0,3 of the domain"
PART_OF_EXTENT = re.compile(rf"(?<![\w.,])(?P<part>half|0?[.,]\d+)\s+(?:of\s+)?(?:the|its|their)\s+{_EXTENT}", re.I)


def multiplier_parts(text: str) -> str:
    """A whole and a part before "times" written as one number: "1 and a half times" -> "1.5 times"."""
    def joined(m: re.Match[str]) -> str:
        return f"{int(m.group('whole')) + 1 / _PARTS[m.group('part').lower()]:.12g}{m.group('gap')}"

    return _AND_A_PART_TIMES.sub(joined, text)


def part_value(part: str) -> float:
    """The fraction a PART_OF_EXTENT match's part says: "half" -> 0.5, "0,25" -> 0.25."""
    return 0.5 if part.lower() == "half" else float(part.replace(",", "."))
