"""How much heat a kilogram of a case's fuel releases, and which fuel a case burns. Pure: the
texts of a base case in, numbers out; `tasks.plan.bind_power_burner` turns a stated burner power
("burner 40 kW", "HRR 136,500 Btu/h") into the fuel's mass flow with them.

The lower heat of combustion comes first from the case's own thermo data: the JANAF enthalpies at
298.15 K of the species of its reaction ("C3H8 + 5O2 + 18.8N2 = 3CO2 + 4H2O + 18.8N2"), water as
vapour, which is the heat fireFoam's singleStepReactingMixture releases; else from the table of
canonical/heats_of_combustion.yaml.
"""

from __future__ import annotations

import re
from functools import lru_cache

import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd

_R = 8.31446  # J/(mol K)
_T_REF = 298.15
_TERM = re.compile(r"^\s*(\d*\.?\d*)\s*([A-Za-z][\w()-]*)\s*$")
_FUEL_ATOMS = re.compile(r"^(?:C\d*H\d*\w*|H2|CO)$", re.I)


@lru_cache(maxsize=1)
def table_heats() -> dict[str, float]:
    """canonical/heats_of_combustion.yaml: fuel species -> lower heat of combustion (J/kg)."""
    data = yaml.safe_load((CANONICAL_DIR / "heats_of_combustion.yaml").read_text()) or {}
    return {str(k).upper(): float(v) * 1e6 for k, v in (data.get("lower_heat_mj_per_kg") or {}).items()}


def reaction_sides(reaction: str) -> tuple[dict[str, float], dict[str, float]] | None:
    """({species: moles} of the reactants, of the products) of "A + 5B = 3C + 4D"; None when the
    text is no such equation (a rate law, "^0.5" orders)."""
    if reaction.count("=") != 1 or "^" in reaction:
        return None
    sides = []
    for side in reaction.split("="):
        moles: dict[str, float] = {}
        for term in side.split("+"):
            m = _TERM.match(term)
            if m is None:
                return None
            moles[m.group(2)] = moles.get(m.group(2), 0.0) + (float(m.group(1)) if m.group(1) else 1.0)
        sides.append(moles)
    return sides[0], sides[1]


def janaf_enthalpy(thermo: str, species: str) -> tuple[float, float] | None:
    """(enthalpy at 298.15 K in J/mol, molar mass in kg/mol) of a species of a foamChemistryThermoFile
    (JANAF lowCpCoeffs); None when the species or its coefficients are missing."""
    raw = fd.get(thermo, [species, "thermodynamics", "lowCpCoeffs"])
    weight = fd.get(thermo, [species, "specie", "molWeight"])
    if raw is None or weight is None:
        return None
    try:
        a = [float(x) for x in raw.strip().strip(";").strip("()").split()]
        w = float(weight.strip().strip(";"))
    except ValueError:
        return None
    if len(a) != 7 or w <= 0:
        return None
    t = _T_REF
    h_over_r = a[0] * t + a[1] * t ** 2 / 2 + a[2] * t ** 3 / 3 + a[3] * t ** 4 / 4 + a[4] * t ** 5 / 5 + a[5]
    return h_over_r * _R, w / 1000.0


def reaction_heat(reaction: str, fuel: str, thermo: str) -> float | None:
    """The heat (J per kg of fuel) the reaction releases at 298.15 K with the case's JANAF data,
    None when the reaction does not burn `fuel` or a species' data is missing."""
    sides = reaction_sides(reaction)
    if sides is None or fuel not in sides[0]:
        return None
    total = 0.0
    for sign, moles in ((1.0, sides[0]), (-1.0, sides[1])):
        for species, n in moles.items():
            data = janaf_enthalpy(thermo, species)
            if data is None:
                return None
            total += sign * n * data[0]
    fuel_data = janaf_enthalpy(thermo, fuel)
    if fuel_data is None or total <= 0:
        return None
    return total / (sides[0][fuel] * fuel_data[1])


def case_fuel(thermophysical: str, reactions: str) -> str | None:
    """The species a case burns: the `fuel` entry of thermophysicalProperties, else the one fuel-like
    reactant (CxHy, H2, CO) of its reactions; None when neither says."""
    named = (fd.get(thermophysical, ["fuel"]) or "").strip().strip(";").strip()
    if named:
        return named
    fuels = {s for text in re.findall(r'reaction\s+"([^"]+)"', reactions)
             for s in (reaction_sides(text) or ({}, {}))[0] if _FUEL_ATOMS.match(s)}
    return fuels.pop() if len(fuels) == 1 else None


def heat_of_combustion(fuel: str, reactions: str, thermo: str) -> tuple[float, str] | None:
    """(lower heat of combustion in J/kg, where it comes from) of `fuel`: the case's own reaction
    and JANAF data (within 15 % of the table, else the table wins: a lumped surrogate), else
    canonical/heats_of_combustion.yaml; None when neither knows the fuel."""
    table = table_heats().get(fuel.upper())
    for text in re.findall(r'^[ \t]*reaction\s+"([^"]+)"', fd.strip_comments(reactions), re.M):
        heat = reaction_heat(text, fuel, thermo)
        if heat is not None and (table is None or abs(heat - table) <= 0.15 * table):
            return heat, f"from the case's reaction \"{text}\" and its JANAF enthalpies at 298 K"
    if table is not None:
        return table, "canonical/heats_of_combustion.yaml (SFPE Handbook)"
    return None
