"""How many phases a request asks for: a count said ("four immiscible liquids", "three phases") or
the distinct fluids it names ("water, oil, mercury and air"). Three or more want a base that
carries as many (multiphaseInterFoam's four, interMixingFoam's three, multiphaseEulerFoam's), not a
two-phase one. Pure.
"""

from __future__ import annotations

import re

from tasks.knowledge.casebase import CaseRecord

# fluids by their own names (a generic 'liquid' or 'gas' says no substance); each is one phase
SUBSTANCES = frozenset("""water oil mercury air nitrogen oxygen helium hydrogen argon co2 kerosene petrol gasoline
diesel ethanol alcohol glycerol glycerine honey brine seawater octane benzene acetone sludge slurry milk
blood paraffin""".split())
_NUMBERS = {"three": 3, "four": 4, "five": 5, "six": 6, "3": 3, "4": 4, "5": 5, "6": 6}
_COUNTED = re.compile(r"\b(three|four|five|six|[3-6])[- ](?:(?:different|immiscible|distinct|separate|unmixable|"
                      r"non[- ]mixing|incompressible)\s+)*(?:fluids|liquids|phases|materials)\b", re.I)
MANY_PHASES = 3
PHASE_COUNT_POINTS = 40.0  # three or more phases asked, the tutorial carries as many
TWO_PHASE_COST = 25.0  # ... it carries two


def phases_stated(text: str) -> int:
    """The number of phases the request says or names (0: neither a count nor a fluid named)."""
    counted = max((_NUMBERS[m.group(1).lower()] for m in _COUNTED.finditer(text)), default=0)
    low = re.sub(r"\bwater[- ]vapou?r\b|\bvapou?r\b|\bsteam\b", " ", text.lower())  # a species, no phase of its own
    named = {w for w in re.findall(r"[a-z0-9]+", low) if w in SUBSTANCES}
    return max(counted, len(named))


def phases_counted(text: str) -> bool:
    """The request counts three or more fluids or phases ('four fluids that do not mix'): a multiphase flow."""
    return bool(_COUNTED.search(text))


def record_phases(r: CaseRecord) -> int:
    """The phases the tutorial's phase fractions name (alpha.water alone: two, its complement
    unnamed; 0 for a single-phase tutorial)."""
    names = {leaf.split(".")[1] for f in r.fields if (leaf := f.name.rsplit("/", 1)[-1]).startswith("alpha.")
             and leaf.count(".") >= 1 and leaf.split(".")[1]}
    return max(len(names), 2) if names else 0


def phase_count_points(r: CaseRecord, stated: int, multiphase: bool, why: list[str]) -> float:
    """Points for a tutorial against three or more phases asked for: as many carried, or only two."""
    if stated < MANY_PHASES or not multiphase:
        return 0.0
    carried = record_phases(r)
    if carried >= MANY_PHASES:
        why.append(f"{carried} phases, {stated} asked for")
        return PHASE_COUNT_POINTS
    return -TWO_PHASE_COST if carried else 0.0
