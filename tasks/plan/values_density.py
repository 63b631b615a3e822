"""The density an incompressible case's kinematic pressure (p/rho) is read with.

"Outlet at 20 kPa gauge" on simpleFoam: the case holds p/rho in m2/s2, so the stated pressure is
divided by the fluid's density. That density is the one the request states, else the table
density of the fluid it names (canonical/fluids.yaml), else a real density the base's
transportProperties keeps ("rho [1 -3 0 0 0 0 0] 1000"); a "rho 1" there is a normalisation
placeholder (airFoil2D, sloshing2D), no fluid's. With none of them the pressure cannot be
converted and is reported as not applied.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd

# "rho 1000;", "rho [1 -3 0 0 0 0 0] 1000;", "rho rho [1 -3 0 0 0 0 0] 1000;"
_RHO_VALUE = re.compile(r"(?:\w+\s+)?(?:\[[^\]]*\]\s*)?(?P<num>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")


def case_density(transport_text: str) -> float | None:
    """The density a transportProperties text keeps at its top level, in kg/m3; None when it keeps
    none, or only the placeholder 1 of a normalised case."""
    raw = fd.get(transport_text, ["rho"]) if transport_text else None
    m = _RHO_VALUE.fullmatch(" ".join((raw or "").split()))
    if m is None:
        return None
    value = float(m.group("num"))
    return value if value > 0 and value != 1.0 else None
