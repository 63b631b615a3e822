"""Species data for combustion inputs: element counts of a species name (CH4, IC8H18, C2H5OH),
molar masses, the oxygen a fuel needs, the composition of a fuel-air mixture at an
equivalence ratio, and mole <-> mass fraction conversion. Knowledge (atomic masses, air, the
words species are named by) lives in canonical/species.yaml. Pure functions.
"""

from __future__ import annotations

import re
from functools import lru_cache

import yaml
from pydantic import BaseModel, ConfigDict

from tasks.core.paths import CANONICAL_DIR

__all__ = ["SpeciesData", "air_moles", "air_share", "elements_of", "mass_from_mole", "mixture_moles", "molar_mass",
           "mole_from_mass", "oxygen_demand", "species_data", "stoichiometric_air_fuel_mass_ratio"]


class SpeciesData(BaseModel):
    """canonical/species.yaml."""

    model_config = ConfigDict(extra="forbid")

    elements: dict[str, float]
    air: dict[str, float]
    names: dict[str, str | list[str]]
    isomer_prefixes: list[str]
    xi_fuels: dict[str, list[str]]
    reactor_constraints: dict[str, list[str]]


@lru_cache(maxsize=1)
def species_data() -> SpeciesData:
    with open(CANONICAL_DIR / "species.yaml", encoding="utf-8") as f:
        return SpeciesData.model_validate(yaml.safe_load(f))


def _counts(formula: str, elements: dict[str, float]) -> dict[str, int] | None:
    """Element counts of a plain formula ("C2H5OH" -> C 2, H 6, O 1); None when a part is no element."""
    counts: dict[str, int] = {}
    at = 0
    names = sorted(elements, key=len, reverse=True)  # "AR" before "A"-less single letters
    while at < len(formula):
        name = next((e for e in names if formula.upper().startswith(e, at)), None)
        if name is None:
            return None
        at += len(name)
        digits = re.match(r"\d*", formula[at:]).group(0)
        at += len(digits)
        counts[name] = counts.get(name, 0) + (int(digits) if digits else 1)
    return counts or None


def elements_of(species: str) -> dict[str, int]:
    """Element counts of a species as mechanisms name it ("CH4", "IC8H18", "NC7H16", "AR").

    Raises ValueError naming the species when it is no formula of known elements."""
    data = species_data()
    plain = species.strip().upper().replace("-", "")
    if plain[:1] in data.isomer_prefixes and re.match(r".C\d", plain):
        plain = plain[1:]  # an isomer's prefix before a carbon chain: NC7H16, IC8H18 (not NH3, NCO)
    counts = _counts(plain, data.elements)
    if counts is None:
        raise ValueError(f"'{species}' is no chemical formula of the elements in canonical/species.yaml "
                         f"({', '.join(data.elements)}); name the species by its formula (e.g. CH4)")
    return counts


def molar_mass(species: str) -> float:
    """kg/kmol of a species from its formula."""
    elements = species_data().elements
    return sum(elements[e] * n for e, n in elements_of(species).items())


def oxygen_demand(fuel: str) -> float:
    """Moles of O2 one mole of fuel CxHyOz needs to burn completely: x + y/4 - z/2."""
    c = elements_of(fuel)
    return c.get("C", 0) + c.get("H", 0) / 4 + c.get("S", 0) - c.get("O", 0) / 2


def air_moles() -> dict[str, float]:
    """Air per mole of O2 (O2 1, N2 79/21), from canonical/species.yaml's air."""
    air = species_data().air
    return {s: x / air["O2"] for s, x in air.items()}


def mixture_moles(fuels: dict[str, float], phi: float, oxidiser: dict[str, float] | None = None) -> dict[str, float]:
    """Moles of each species in a fuel-air mixture of equivalence ratio `phi`, per mole of O2 (the
    form chemFoam's tutorials write): O2 1, N2 79/21, the fuel phi / (O2 demand). `fuels` are
    the fuel species with their share of the fuel (mole basis; one fuel: {fuel: 1}); `oxidiser`
    an oxidiser other than air, by mole (any normalisation; it must hold O2)."""
    if oxidiser is not None and not oxidiser.get("O2"):
        raise ValueError(f"an oxidiser needs O2; {', '.join(oxidiser)} has none")
    if phi <= 0:
        raise ValueError(f"an equivalence ratio is positive; {phi} is not one")
    total = sum(fuels.values())
    demand = sum(share / total * oxygen_demand(f) for f, share in fuels.items())
    if demand <= 0:
        raise ValueError(f"{', '.join(fuels)} need no oxygen to burn; no equivalence ratio applies")
    moles = {f: phi / demand * share / total for f, share in fuels.items()}
    air = air_moles() if oxidiser is None else {s: x / oxidiser["O2"] for s, x in oxidiser.items()}
    for s, x in air.items():
        moles[s] = moles.get(s, 0.0) + x
    return moles


def air_share(amount: float, basis: str) -> dict[str, float]:
    """`amount` of air split into its species, by mole or by mass ("mole" | "mass")."""
    if basis not in ("mole", "mass"):
        raise ValueError(f"a basis is 'mole' or 'mass', not {basis!r}")
    air = species_data().air
    share = air if basis == "mole" else mass_from_mole(air)
    total = sum(share.values())
    return {s: amount * x / total for s, x in share.items()}


def stoichiometric_air_fuel_mass_ratio(fuel: str, oxidiser: dict[str, float] | None = None) -> float:
    """Mass of air (or of the given oxidiser, by mole) per mass of fuel in a stoichiometric mixture."""
    if oxidiser is not None and not oxidiser.get("O2"):
        raise ValueError(f"an oxidiser needs O2; {', '.join(oxidiser)} has none")
    air = air_moles() if oxidiser is None else {s: x / oxidiser["O2"] for s, x in oxidiser.items()}
    return oxygen_demand(fuel) * sum(molar_mass(s) * x for s, x in air.items()) / molar_mass(fuel)


def mass_from_mole(moles: dict[str, float]) -> dict[str, float]:
    """Mass fractions of a composition given by mole (any normalisation)."""
    masses = {s: x * molar_mass(s) for s, x in moles.items()}
    total = sum(masses.values())
    if total <= 0:
        raise ValueError("a composition needs some species with a positive amount")
    return {s: m / total for s, m in masses.items()}


def mole_from_mass(masses: dict[str, float]) -> dict[str, float]:
    """Mole fractions of a composition given by mass (any normalisation)."""
    moles = {s: y / molar_mass(s) for s, y in masses.items()}
    total = sum(moles.values())
    if total <= 0:
        raise ValueError("a composition needs some species with a positive amount")
    return {s: n / total for s, n in moles.items()}
