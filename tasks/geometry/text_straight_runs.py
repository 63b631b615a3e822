"""The straight duct after a nozzle's or diffuser's taper, said as a run of length: "then 0.5 m of straight outlet
section", "followed by 20 in of straight duct", "and a 600 mm straight exit channel". Pure function; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, unit_factor

_AFTER = re.compile(rf"\b(?:then|followed\s+by|and\s+then|after\s+(?:which|that|it))\s+(?:an?\s+|another\s+)?"
                    rf"({NUM})\s*({UNIT})\s+(?:long\s+)?(?:of\s+)?(?:a\s+)?(?:straight|parallel|constant[- ]height|plain)"
                    r"\s+(?:(?:outlet|exit|downstream|tail)\s+)?(?:section|duct|channel|pipe|part|run|length|passage)\b",
                    re.I)


def downstream_run(text: str, dims: dict[str, Any]) -> None:
    """Set a nozzle's or diffuser's `downstream_length` from the straight run said after its taper, unless a
    downstream length was read already."""
    m = _AFTER.search(text)
    if m and "downstream_length" not in dims:
        dims["downstream_length"] = float(m.group(1)) * unit_factor(m.group(2))
