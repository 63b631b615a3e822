"""What a tutorial's own dictionaries name, for base selection: its phases (alpha.sludge,
U.steam), its regions (cabin/T, ice/T) and the words of its patch names (cabin_to_ice,
movingWall); and the state of its fluid, liquid or gas, from its thermophysicalProperties. A name
word few tutorials carry ('sludge', 'ice', 'cabin') tells the tutorial apart when the request says
it; one many carry ('inlet', 'walls', 'water') says nothing. Pure apart from reading a tutorial's
thermophysicalProperties once (cached).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from tasks.foam.files import find_file, read_text
from tasks.knowledge.casebase import CaseRecord
from tasks.plan.select_names import NAME_FILLER, camel_words, root, tutorial_name_words
from tasks.plan.select_words import _STOP, description_of

# points for a word of the tutorial's phase, region or patch names the request says, by how many
# tutorial names carry it; a word more tutorials carry counts nothing
OWN_NAME_POINTS = {1: 20.0, 2: 12.0, 3: 8.0}
OWN_NAMES_COUNTED = 2
PHASE_NAME_POINTS = 30.0  # a rare phase of the tutorial the request names ('sludge')
FLUID_STATE_POINTS = 15.0  # the tutorial's fluid is the liquid (gas) the request names
OTHER_STATE_COST = 25.0  # it is a gas where the request names a liquid, or the other way round

# equations of state of a liquid (thermophysicalProperties' equationOfState), and of a gas
_LIQUID_EOS = frozenset({"rhoConst", "perfectFluid", "adiabaticPerfectFluid", "icoPolynomial", "rPolynomial",
                         "linear", "icoTabulated"})
_GAS_EOS = frozenset({"perfectGas", "incompressiblePerfectGas", "PengRobinsonGas"})
# words of the fluid the request names, by its state
LIQUID_WORDS = frozenset({"liquid", "liquids", "water", "oil", "coolant", "glycol", "mercury", "brine", "seawater"})
GAS_WORDS = frozenset({"gas", "gases", "air", "nitrogen", "oxygen", "helium", "argon", "hydrogen", "steam", "vapour",
                       "vapor", "methane", "propane", "co2"})


# words of patch names that say where a patch is or what it does, not what the tutorial is
PATCH_FILLER = frozenset("""high low left right top bottom front back upper lower inner outer side sides old new pos neg
start end min max half centre center central internal external far near plus minus fixed moving stationary
dual group master slave ref value inl outl inout sym symp empty cyc cyclic proc processor merge merged coupled
domain field boundary bound flow pressure velocity temperature solid liquid gas fluid hot cold warm free surface
zone block patch face faces plane""".split())


_FILLER_ROOTS = frozenset(root(w) for w in PATCH_FILLER | NAME_FILLER | _STOP)


@lru_cache(maxsize=65536)
def _name_pieces(name: str) -> tuple[str, ...]:
    """The words of one phase, region or patch name: 'cabin_to_ice' -> cabin, ice;
    'movingWall' -> moving, wall; '(cube|topAndBottom)' -> cube, top, bottom. Cached: every
    tutorial's names are split for every request."""
    words: list[str] = []
    for part in re.findall(r"[A-Za-z]+", name):
        words += [w for w in camel_words(part) if len(w) >= 3 and w.isalpha() and root(w) not in _FILLER_ROOTS]
    return tuple(words)


def phase_roots(r: CaseRecord) -> frozenset[str]:
    """The roots of the tutorial's phase names: the part after the dot of its phase fractions
    ('alpha.sludge', 'water/alpha.gas'; not a size group's 'f.gas.bubbles')."""
    return frozenset(root(w) for f in r.fields if (leaf := f.name.rsplit("/", 1)[-1]).startswith("alpha.")
                     for w in _name_pieces(leaf.split(".", 1)[1]))


def own_name_roots(r: CaseRecord) -> frozenset[str]:
    """The roots of the words of the tutorial's phase names, region names ('cabin' of 'cabin/T') and
    patch names, less those its path's name and its canonical description already say (counted as
    its name's and its geometry words)."""
    words: list[str] = []
    for f in r.fields:
        for region in f.name.split("/")[:-1]:
            words += _name_pieces(region)
        for patch in f.patches:
            words += _name_pieces(patch)
    said = {root(w) for w in tutorial_name_words(r.case)} | {root(w) for w in description_of(r.case)}
    return (frozenset(root(w) for w in words) | phase_roots(r)) - said


_COUNTS: dict[tuple[str, ...], dict[str, int]] = {}


def _carriers(records: list[CaseRecord], group_of) -> dict[str, int]:  # noqa: ANN001 - a key function
    groups: dict[str, set[str]] = {}
    for r in records:
        groups.setdefault(group_of(r), set()).update(own_name_roots(r))
    counts: dict[str, int] = {}
    for roots in groups.values():
        for w in roots:
            counts[w] = counts.get(w, 0) + 1
    return counts


def own_name_counts(records: list[CaseRecord]) -> dict[str, int]:
    """Root -> how few carry it among their phase, region and patch names: different tutorial
    names (the last part of the path) or different solvers, whichever is fewer ('sludge' is a
    phase of one solver's tutorials, 'ice' a region of one tutorial)."""
    key = tuple(r.path for r in records)
    if key not in _COUNTS:
        by_name = _carriers(records, lambda r: r.case.rsplit("/", 1)[-1])
        by_solver = _carriers(records, lambda r: r.solver or "")
        _COUNTS.clear()
        _COUNTS[key] = {w: min(n, by_solver.get(w, n)) for w, n in by_name.items()}
    return _COUNTS[key]


def phases_named(said: frozenset[str], records: list[CaseRecord], counts: dict[str, int],
                 read_otherwise: frozenset[str] = frozenset()) -> list[str]:
    """The phases of the installed multiphase tutorials that the request names and few tutorials
    carry ('sludge' of driftFluxFoam's, not 'water' or 'air', which a single fluid also is): the
    request asks for that second phase. Words `read_otherwise` (a physics flag's word: 'particles'
    are a cloud as well) name no phase by themselves."""
    phases = {w for r in records if r.multiphase for w in phase_roots(r)} - read_otherwise
    return sorted(w for w in phases & said if counts.get(w, 99) <= max(OWN_NAME_POINTS))


def own_names_said(r: CaseRecord, said: frozenset[str], counts: dict[str, int]) -> list[str]:
    """The roots of the tutorial's phase, region and patch names that the request says and at most
    max(OWN_NAME_POINTS) tutorial names carry, the rarest first."""
    hits = [w for w in own_name_roots(r) if w in said and counts.get(w, 99) <= max(OWN_NAME_POINTS)]
    return sorted(hits, key=lambda w: (counts[w], w))


def own_name_points(r: CaseRecord, words: list[str], counts: dict[str, int]) -> float:
    """Points for the rarest OWN_NAMES_COUNTED of the said name words; a phase the request names
    ('sludge') counts PHASE_NAME_POINTS: it says what the flow carries, not only where."""
    phases = phase_roots(r)
    return sum(PHASE_NAME_POINTS if w in phases else OWN_NAME_POINTS[counts[w]] for w in words[:OWN_NAMES_COUNTED])


def fluid_state_of(text: str) -> str | None:
    """'liquid' or 'gas' as a thermophysicalProperties says (`properties liquid`, or its
    equationOfState), or None when it says neither."""
    if re.search(r"^\s*properties\s+liquid\s*;", text, re.M):
        return "liquid"
    m = re.search(r"^\s*equationOfState\s+(\w+)\s*;", text, re.M)
    if m and m.group(1) in _LIQUID_EOS:
        return "liquid"
    if m and m.group(1) in _GAS_EOS:
        return "gas"
    return None


def fluid_regions(constant: Path) -> list[str]:
    """The fluid regions constant/regionProperties lists (`fluid (cabin exterior)`), or none."""
    found = find_file(constant, "regionProperties")
    m = re.search(r"\bfluid\s*\(([^)]*)\)", read_text(found)) if found is not None else None
    return m.group(1).split() if m else []


@lru_cache(maxsize=1024)
def fluid_states_cached(path: str) -> frozenset[str]:
    """The states of the tutorial's fluids: its constant/thermophysicalProperties', or those of a
    multi-region tutorial's fluid regions (constant/<region>/thermophysicalProperties); empty when
    none says."""
    if not path:
        return frozenset()
    constant = Path(path) / "constant"
    found = find_file(constant, "thermophysicalProperties")
    texts = [read_text(found)] if found is not None else [
        read_text(own) for region in fluid_regions(constant)
        if (own := find_file(constant / region, "thermophysicalProperties")) is not None]
    return frozenset(state for text in texts if (state := fluid_state_of(text)) is not None)


def requested_state(words: frozenset[str] | set[str]) -> str | None:
    """'liquid' when the request names a liquid and no gas, 'gas' the other way round, else None."""
    liquid, gas = bool(words & LIQUID_WORDS), bool(words & GAS_WORDS)
    if liquid == gas:
        return None
    return "liquid" if liquid else "gas"


def fluid_state_points(r: CaseRecord, state: str | None) -> float:
    """Points for a tutorial (one fluid, or fluid regions) whose thermophysical model has a fluid of
    the state the request names, a cost when its fluids are all of the other state; nothing when
    either is not known. Phases and particle clouds are told apart by their own flags."""
    if state is None or r.multiphase or r.lagrangian:
        return 0.0
    own = fluid_states_cached(r.path)
    if not own:
        return 0.0
    return FLUID_STATE_POINTS if state in own else -OTHER_STATE_COST
