"""The post-processing a solver template brings in its controlDict is the tutorial's: probes, sample
sets and surfaces and streamlines placed on its geometry, residuals of fields a generated case may
not solve, its own function files (`#include "sampling"`). A case on a generated shape or on the
user's mesh keeps none of them (`drop_template_functions`). Pure function on the text.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd

# function object types whose points, lines or surfaces are placed in the tutorial's geometry
_PLACED = frozenset({"probes", "patchProbes", "sets", "surfaces", "streamLine", "streamlines", "wallBoundedStreamLine",
                     "cloudInfo"})


def drop_template_functions(text: str) -> str:
    """controlDict text without the tutorial's placed function objects, its `#includeFunc
    streamlines|residuals` lines and its `#include "..."` function files."""
    text = re.sub(r"(?m)^[ \t]*#includeFunc[ \t]+(?:streamlines|residuals)\b.*\n", "", text)
    text = re.sub(r'(?m)^[ \t]*#include[ \t]+"[^"]*".*\n', "", text)
    for name in fd.keys(text, ["functions"]) if fd.find(text, ["functions"]) is not None else []:
        kind = (fd.get(text, ["functions", name, "type"]) or "").strip()
        if kind in _PLACED:
            text = fd.remove_entry(text, ["functions", name])
    return text
