"""Whether a request describes fluid entering the domain (an inlet, a supply, an inflow) and whether
a tutorial has any opening for it: a closed box (hotRoom, a cavity) or a periodic channel
(boundaryFoam's 1D channel) has only walls, cyclic, symmetry or empty patches. Pure.
"""

from __future__ import annotations

import re

from tasks.knowledge.casebase import CaseRecord

# the fluid comes in through a boundary of the domain
INFLOW_WORDS = re.compile(r"\b(?:inlets?|inflows?|inflowing|intakes?|supply (?:opening|vent|duct|air|grille|diffuser)s?"
                          r"|supply|enters|entering|comes in|blown in|fed in|fed through|u_in|u_inlet|v_in|in through)\b")
# a velocity boundary condition that closes a patch to flow (or has no normal flow through it)
_CLOSED_U_TYPES = frozenset("""noSlip slip partialSlip cyclic cyclicAMI cyclicACMI cyclicSlip empty wedge symmetry
symmetryPlane movingWallVelocity rotatingWallVelocity translatingWallVelocity processor""".split())
_WALL_NAME = re.compile(r"wall|floor|ceiling|lid|roof|bottom|top|side|box|heater|cylinder|obstacle|body", re.I)


def says_inflow(text: str) -> bool:
    """The request has fluid entering: 'inlet 0.5 m/s', 'a supply opening', 'air enters at'."""
    return bool(INFLOW_WORDS.search(text.lower()))


def velocity_patches(r: CaseRecord) -> dict[str, str] | None:
    """The patches of the tutorial's velocity field (U, U.air, U.water ...) and their types, or None
    where it has none in 0/ (its Allrun brings it from elsewhere: not known to be closed)."""
    for f in r.fields:
        base = f.name.rsplit("/", 1)[-1]
        if base == "U" or base.startswith("U."):
            return f.patches
    return None


def has_opening(r: CaseRecord) -> bool:
    """Some patch of the velocity field lets fluid in or out: a type other than a wall's, cyclic,
    symmetry or empty (a fixedValue on a patch named as a wall is a moving or still wall). Unknown
    (no velocity field, patch groups by regex) counts as open."""
    patches = velocity_patches(r)
    if not patches:
        return True
    for name, kind in patches.items():
        if kind in _CLOSED_U_TYPES:
            continue
        if kind == "fixedValue" and _WALL_NAME.search(name) and not re.search(r"inlet|outlet|inflow|outflow", name, re.I):
            continue
        return True
    return False
