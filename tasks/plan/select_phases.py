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
                      r"non[- ]mixing|incompressible)\s+)*(?:fluids?|liquids?|phases?|materials?)\b", re.I)
MANY_PHASES = 3
PHASE_COUNT_POINTS = 40.0  # three or more phases asked, the tutorial carries as many
TWO_PHASE_COST = 25.0  # ... it carries two


_SUBSTANCE = "|".join(sorted(SUBSTANCES, key=len, reverse=True))
# a fluid named as no phase of the flow: the one replaced ('oil instead of water', 'replace the water
# with oil', 'the water is replaced by oil'), ruled out ('no air', 'without mercury'), compared with
# ('denser than water', 'a water-like liquid') or lending a property ('the viscosity of honey')
_NOT_A_PHASE = re.compile(
    r"\b(?:instead of|rather than|in place of|in lieu of|not|no|without|than|like|unlike|replac(?:e|es|ing)|"
    r"swap(?:s|ping)?|substitut(?:e|es|ing)|(?:density|viscosity|properties|surface tension) of)"
    r"\s+(?:(?:the|a|an|any|usual|default|original|tutorial'?s?)\s+)*(" + _SUBSTANCE + r")\b"
    r"|\b(" + _SUBSTANCE + r")(?:\s+(?:is|are|being|gets|get))?\s+(?:replaced|swapped|substituted|exchanged)\b"
    r"|\b(" + _SUBSTANCE + r")[- ](?:like|free|based)\b")
# ... every fluid of a list ruled out: 'no mercury or oil', 'without air and water'
_RULED_OUT_LIST = re.compile(r"\b(?:no|not|without|neither)\s+(?:(?:the|any)\s+)?(?:" + _SUBSTANCE + r")"
                             r"(?:\s*(?:,|or|nor|and)\s*(?:(?:the|any)\s+)?(?:" + _SUBSTANCE + r")\b)*")


def fluids_named(text: str) -> set[str]:
    """The substances the request names as phases of its flow: each named somewhere other than as
    replaced, absent, compared with or lending a property; a species ('water vapour') is none."""
    low = re.sub(r"\bwater[- ]vapou?r\b|\bvapou?r\b|\bsteam\b", " ", text.lower())  # a species, no phase of its own
    present = _NOT_A_PHASE.sub(" ", _RULED_OUT_LIST.sub(" ", low))
    return {w for w in re.findall(r"[a-z0-9]+", present) if w in SUBSTANCES}


def phases_stated(text: str) -> int:
    """The number of phases the request says or names (0: neither a count nor a fluid named)."""
    counted = max((_NUMBERS[m.group(1).lower()] for m in _COUNTED.finditer(text)), default=0)
    return max(counted, len(fluids_named(text)))


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
    """Points for a tutorial against three or more phases asked for: as many carried, or only two;
    and against two fluids named (oil and air): a tutorial of three or more carries phases nobody asked for."""
    if not multiphase or stated < 2:
        return 0.0
    carried = record_phases(r)
    if stated == 2:
        if carried >= MANY_PHASES:
            why.append(f"{carried} phases, two named")
            return -TWO_PHASE_COST
        return 0.0
    if carried >= MANY_PHASES:
        why.append(f"{carried} phases, {stated} asked for")
        return PHASE_COUNT_POINTS
    return -TWO_PHASE_COST if carried else 0.0


def many_phase_euler(strength: dict[str, float], phases: int, two_fluid: bool,
                     solvers: list[str]) -> dict[str, float]:
    """The solver hints of a request for three or more phases as interpenetrating continua ('four
    phases, Euler-Euler'): the Euler-Euler names ('Euler-Euler', 'two-fluid model') point to the
    many-phase Euler solvers (multiphaseEulerFoam, reactingMultiphaseEulerFoam, of `solvers`) as much
    as to the two-phase one, and a count of phases points no more to an interface-capturing method."""
    if not two_fluid or phases < MANY_PHASES:
        return strength
    euler = [p for s, p in strength.items() if "EulerFoam" in s]
    if not euler:
        return strength
    best = max(euler)
    out = {s: (p * 0.5 if "Inter" in s or "TwoPhaseEuler" in s or s == "twoPhaseEulerFoam" else p)
           for s, p in strength.items()}
    for solver in solvers:
        if "ultiphaseEuler" in solver:
            out[solver] = max(out.get(solver, 0.0), best)
    return out
