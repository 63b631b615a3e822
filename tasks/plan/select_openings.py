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


# a speed in a unit a user writes it in ('12 m/s', '43 km/h', '30 ft/s', '20 knots')
_SPEED = re.compile(r"\d\s*(?:m/s|m s-1|m\.s-1|km/h|kph|km/hr|cm/s|mm/s|ft/s|fps|mph|knots?|kts?)(?![a-z])", re.I)
# velocity conditions that read the inlet's values from data files: a uniform speed stated has no place in them
DATA_INLET_TYPES = frozenset({"timeVaryingMappedFixedValue"})


def says_inflow_speed(text: str) -> bool:
    """The request has fluid entering and states a speed: its inlet is to fix that velocity."""
    return says_inflow(text) and bool(_SPEED.search(text))


def inlet_from_data(r: CaseRecord) -> bool:
    """Every velocity-fixing patch of the tutorial reads its values from data files
    (pitzDailyExptInlet's measured profile), none fixes a velocity the request can state."""
    patches = velocity_patches(r) or {}
    data = [name for name, kind in patches.items() if kind in DATA_INLET_TYPES]
    fixed = [name for name, kind in patches.items() if kind not in _CLOSED_U_TYPES and kind not in DATA_INLET_TYPES
             and re.search(r"inlet|inflow|intake|supply", name, re.I)]
    return bool(data) and not fixed
