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


def start_from_zero(text: str) -> str:
    """controlDict text that starts at time 0, the only time directory a generated case writes: a template that
    starts later (a mapped or clipped tutorial: `startTime 0.5`, `startFrom latestTime`) would make the solver
    look for fields in a directory that does not exist ("cannot find file 0.5/p")."""
    text = fd.set_entry(text, ["startFrom"], "startTime")
    return fd.set_entry(text, ["startTime"], "0")
