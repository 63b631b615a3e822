"""Mixture ratios other than an equivalence ratio, and the words that tie amounts to one another:
a fuel-air ratio ("fuel-air ratio 0.05 by mass", "FAR 0.04") or an air-fuel ratio ("AFR 20",
"air/fuel mass ratio of 15:1") becomes the equivalence ratio of the case's fuel; "N2 3.76 per
O2" is an amount relative to one mole of O2; a number that is an equivalence ratio ("phi = 0.6
methane") is no species amount. Pure functions over the (normalised) request text, plus the
binder step that writes an equivalence ratio to a PDR/Xi case's fuel-air mixture fraction `ft`
(its setFields regions), from the case's own stoichiometricAirFuelMassRatio.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import fmt
from tasks.plan.regions import read_set_fields, set_region
from tasks.plan.species_data import air_moles, air_share, oxygen_demand, stoichiometric_air_fuel_mass_ratio
from tasks.plan.species_text import Amount, Ratio, basis_near
from tasks.plan.stated import Binding, StatedQuantity

__all__ = ["FuelAirRatio", "FtBinding", "fuel_air_ratios", "fuel_air_said", "fuel_word_amounts", "ft_of_phi",
           "outside_ratios", "oversum", "per_oxygen", "phi_of_fuel_air", "ratio_of", "with_air_amounts"]

_NUM = r"(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?"
_BASIS_WORDS = r"(?:mass|mole|molar|volume|volumetric|weight)"
_FA = (r"(?<![\w-])(?:(?P<fa>fuel[\s/-]*(?:to[\s-]*)?air|f/a|far)|(?P<af>air[\s/-]*(?:to[\s-]*)?fuel|a/f|afr))"
       rf"(?:[\s-]+{_BASIS_WORDS})?(?:[\s-]+ratio\b)?(?:\s*\((?:by\s+)?{_BASIS_WORDS}\))?(?:\s+by\s+{_BASIS_WORDS})?"
       rf"[\s:=~≈]*(?:(?:of|is|at|to|equal\s+to|set\s+to|about|around)\s+)*(?P<v>{_NUM})"
       r"(?:\s*(?::|to)\s*1(?!\d|\.\d))?")
_STOICHIOMETRIC_BEFORE = re.compile(r"stoichiometric\s*$", re.I)


class FuelAirRatio(NamedTuple):
    """A stated fuel-air (fuel per air) or air-fuel (air per fuel) ratio, its basis when said."""

    value: float
    start: int
    end: int
    per_air: bool  # True: fuel per air; False: air per fuel
    basis: Literal["mass", "mole"] | None


def fuel_air_ratios(text: str) -> list[FuelAirRatio]:
    """Every fuel-air or air-fuel ratio the request states ("fuel-air ratio 0.05 by mass", "AFR =
    17", "air/fuel mass ratio of 15:1"); a stoichiometric one ("stoichiometric air-fuel ratio
    17.2", a property of the fuel) is none. A ratio word that is a name ("fuel/air equivalence
    ratio", "fuel-air mixture") needs "ratio" or a number right after it."""
    out = []
    for m in re.finditer(_FA, text, re.I):
        named = m.group(0)[: m.start("v") - m.start()]
        if not re.search(r"ratio|\bfar\b|\bafr\b|f/a|a/f", named, re.I):
            continue  # "methane-air 0.3": no ratio said
        if _STOICHIOMETRIC_BEFORE.search(text[max(0, m.start() - 20):m.start()]):
            continue
        own = m.group(0) + re.match(r"[^,;.\d]{0,15}", text[m.end():]).group(0)  # "... 0.05 by mass"
        basis = "mole" if re.search(r"\b(?:mole|molar|volume|volumetric|mol)\b", own, re.I) else \
            "mass" if re.search(r"\b(?:mass|weight)\b", own, re.I) else None
        out.append(FuelAirRatio(float(m.group("v")), m.start("v"), m.end("v"), m.group("fa") is not None, basis))
    return out


def phi_of_fuel_air(ratio: FuelAirRatio, fuel: str, oxidiser: dict[str, float] | None = None) -> float:
    """The equivalence ratio of a fuel-air (or air-fuel) ratio of `fuel` with air (or the given
    oxidiser by mole): the ratio over the stoichiometric one, by mass unless the ratio is by mole.

    Raises ValueError (saying what to state) when the ratio is not positive."""
    if ratio.value <= 0:
        raise ValueError(f"a fuel-air ratio is positive; {ratio.value} is not one")
    if ratio.basis == "mole":
        air = air_moles() if oxidiser is None else {s: x / oxidiser["O2"] for s, x in oxidiser.items()}
        stoichiometric = oxygen_demand(fuel) * sum(air.values())  # moles of air per mole of fuel
    else:
        stoichiometric = stoichiometric_air_fuel_mass_ratio(fuel, oxidiser)
    air_per_fuel = 1 / ratio.value if ratio.per_air else ratio.value
    return stoichiometric / air_per_fuel


def ft_of_phi(phi: float, air_fuel_mass_ratio: float) -> float:
    """The fuel mass fraction of a fuel-air mixture of equivalence ratio `phi` (XiFoam/PDRFoam's
    `ft`), from the stoichiometric air-fuel mass ratio: phi / (phi + AFR_st)."""
    if phi <= 0 or air_fuel_mass_ratio <= 0:
        raise ValueError(f"phi ({phi}) and the stoichiometric air-fuel mass ratio ({air_fuel_mass_ratio}) "
                         f"must be positive")
    return phi / (phi + air_fuel_mass_ratio)


def outside_ratios(found: list[Amount], spans: list[tuple[int, int]]) -> list[Amount]:
    """The amounts whose number is none of the given ratios' ("phi = 0.6 methane": 0.6 is phi,
    not methane's amount)."""
    return [a for a in found if not any(s <= a.start < e or a.start <= s < a.end for s, e in spans)]


_PER_O2 = re.compile(r"\s*\b(?:per|for\s+each|to|/)\s*(?:(?:one|1|a)\s+)?(?:k?mol(?:e|es)?\s+(?:of\s+)?)?"
                     r"(?:o2|oxygen)\b", re.I)


def per_oxygen(text: str, found: list[Amount]) -> list[Amount]:
    """The amounts with O2 1 added where they are said per mole of O2 ("N2 3.76 per O2", "3.76
    mol N2 per mol O2") and the request gives O2 no amount of its own."""
    if any(a.species.upper() == "O2" for a in found):
        return found
    relative = [a for a in found if _PER_O2.match(text, a.end) or _PER_O2.match(text, _species_end(text, a))]
    if not relative:
        return found
    first = relative[0]
    return sorted(found + [Amount("O2", 1.0, first.end, first.end, "mole", first.stream)], key=lambda a: a.start)


def _species_end(text: str, amount: Amount) -> int:
    """Where the species word after an amount ends ("3.76 mol N2| per O2"), else the amount's end."""
    m = re.match(r"\s*(?:k?mol(?:e|es)?\s+(?:of\s+)?)?[A-Za-z][\w-]*\s*", text[amount.end:])
    return amount.end + (m.end() if m else 0)


class FtBinding:
    """Binder step: an equivalence ratio into the fuel-air mixture fraction `ft` of a PDR/Xi case's
    setFields regions (the flammable cloud), with the case's stoichiometricAirFuelMassRatio."""

    _SET_FIELDS = "system/setFieldsDict"

    def bind_ft(self, q: StatedQuantity, phi: float) -> bool:
        """True when the base initialises `ft` by setFields regions (the value written, or not
        applied with why); False when it has none."""
        raw = self.base.text(self._SET_FIELDS) or ""
        sf = read_set_fields(raw) if raw else None
        regions = [i for i, r in enumerate(sf.regions) if "ft" in r.values] if sf else []
        if not regions or not self.base.field_rels("ft"):
            return False
        afr_raw = fd.get(self.base.text("constant/thermophysicalProperties") or "", ["stoichiometricAirFuelMassRatio"])
        afr = _last_number(afr_raw or "")
        if afr is None:
            self.refuse(q, "the case has no stoichiometricAirFuelMassRatio to turn the equivalence ratio into its "
                           "fuel mass fraction ft; state ft instead")
            return True
        if len(regions) > 1:
            self.refuse(q, f"the setFieldsDict sets ft in {len(regions)} regions; say which cloud is at phi "
                           f"{fmt(phi)}")
            return True
        ft = round(ft_of_phi(phi, afr), 6)
        new = set_region(self.current(self._SET_FIELDS, "regions"), regions[0], "ft", fmt(ft))
        self.set(self._SET_FIELDS, ["regions"], new, f"ft = {fmt(ft)} (phi {fmt(phi)}) in the flammable cloud")
        self.bindings.append(Binding(stated=q.text, file=self._SET_FIELDS, entry=["regions"],
                                     value=f"volScalarFieldValue ft {fmt(ft)}",
                                     how=f"ft = phi / (phi + {fmt(afr)}), the case's stoichiometric air-fuel "
                                         f"mass ratio"))
        self.assumptions.append(f"the cloud's fuel mass fraction ft = {fmt(ft)} from phi {fmt(phi)} and the case's "
                                f"stoichiometricAirFuelMassRatio {fmt(afr)}")
        return True


def _last_number(raw: str) -> float | None:
    nums = re.findall(_NUM, raw.split("]")[-1])
    return float(nums[-1]) if nums else None


def ratio_of(far: FuelAirRatio, phi: float) -> Ratio:
    """A fuel-air ratio as the equivalence ratio it states, at its place in the text."""
    return Ratio(round(phi, 4), far.start, far.end)


_FUEL_AIR_SAID = re.compile(r"[\w)]\s*(?:-|/|–|\+)\s*air\b|\b(?:in|with|and|into)\s+(?:standard\s+|dry\s+)?air\b", re.I)


def fuel_air_said(text: str) -> bool:
    """Whether the request calls the mixture a fuel-air one ("methane-air", "H2/air", "in air")."""
    return _FUEL_AIR_SAID.search(text) is not None


_FUEL_AMOUNT = re.compile(rf"\bfuel(?:'s)?\s+(?:(?P<b>mole|molar|mass|volume|volumetric)\s+)?(?:fraction|concentration|"
                          rf"content)(?:\s+(?:at|in|on|of)\s+the\s+[a-z\s-]{{0,25}}?)?\s*(?:of\s+|is\s+|=\s*|:\s*)*"
                          rf"(?P<v>{_NUM})\s*(?P<pct>%|percent\b)?(?!\s*(?:m/s|k\b|pa\b|bar\b|s\b))", re.I)


def fuel_word_amounts(text: str, fuel: str) -> list[Amount]:
    """Amounts stated of "the fuel" without naming it ("fuel mole fraction 0.095"), as amounts of
    `fuel` (the one the request names, else the case's)."""
    out = []
    for m in _FUEL_AMOUNT.finditer(text):
        value = float(m.group("v")) * (0.01 if m.group("pct") else 1.0)
        word = (m.group("b") or "").lower()
        basis = "mass" if word == "mass" else "mole" if word else basis_near(text, m.start(), m.end())
        out.append(Amount(fuel, value, m.start("v"), m.end(), basis, None))
    return out


_AIR_AMOUNT = re.compile(rf"(?<![\w.])(?P<v>{_NUM})\s*(?P<pct>%|percent\b|per\s*cent\b)?\s*(?:(?:of|by\s+\w+\s+of)\s+)?"
                         r"(?:dry\s+|standard\s+)?air\b(?![\s-]*(?:side|stream|inlet|jet|flow|fuel|ratio))", re.I)


def with_air_amounts(text: str, found: list[Amount], species: list[str]) -> list[Amount]:
    """The amounts with "75 % air" ("25 % CH4 and 75 % air by volume") as its O2 and N2 (air
    21/79 by mole; by mass when the composition is said by mass), where the case has both."""
    if not {"O2", "N2"} <= {s.upper() for s in species}:
        return found
    by_upper = {s.upper(): s for s in species}
    out = list(found)
    for m in _AIR_AMOUNT.finditer(text):
        if any(a.start <= m.start("v") < a.end for a in found):
            continue
        value = float(m.group("v")) * (0.01 if m.group("pct") else 1.0)
        basis = basis_near(text, m.start(), m.end())
        stream = next((a.stream for a in found if abs(a.start - m.start()) < 60), None)
        for s, x in air_share(value, basis or "mole").items():
            out.append(Amount(by_upper[s.upper()], x, m.start("v"), m.end("v"), basis, stream))
    return sorted(out, key=lambda a: a.start)


def oversum(text: str, found: list[Amount], said: list[str]) -> str | None:
    """Why fractions cannot be a mixture: stated as percentages or as fractions ("CH4 mass
    fraction 0.6, O2 0.6") that add up to more than 100 % (2 % slack for rounding); None when
    they can (relative amounts such as "N2 3.76, O2 1" are no fractions and may add up to more)."""
    if not found:
        return None
    total = sum(a.value for a in found)
    words = text[max(0, min(a.start for a in found) - 60):max(a.end for a in found)]
    as_fractions = any(re.search(r"%|percent|per\s*cent", s, re.I) for s in said) or \
        re.search(r"\bfractions?\b", words, re.I) is not None
    if as_fractions and total > 1.02:
        return (f"the stated fractions add up to {fmt(round(total * 100, 2))} %, more than the whole mixture; state "
                f"fractions that add up to 1 (100 %), or relative amounts (e.g. CH4 1, O2 2, N2 7.52)")
    return None


_RATIO_TAIL = re.compile(rf"\s*(?:(?:mole|molar|mass|volume|volumetric)\s+)?(?:ratio\s+)?(?:is|=|of|:|equals?|equal\s+to)?"
                         rf"\s*(?P<v>{_NUM})(?![\d.]|\s*(?:/|:)\s*\d)")


def ratio_amounts(text: str, found: list[Amount], mentions_: list) -> list[Amount]:
    """The amounts with species ratios read as relative amounts ("the mole ratio IC8H18/O2 is
    0.064 and N2/O2 is 3.76" -> IC8H18 0.064, N2 3.76, O2 1): each "A/B is x" is A's amount
    x per one of B, in place of the x another reading gave B; all such ratios must share
    their B (else the amounts are left as they were)."""
    pairs = []
    for m1, m2 in zip(mentions_, mentions_[1:]):
        if re.fullmatch(r"\s*[/:]\s*", text[m1.end:m2.start]) and (tail := _RATIO_TAIL.match(text, m2.end)):
            pairs.append((m1, m2, tail))
    if not pairs or len({m2.species for _, m2, _ in pairs}) != 1:
        return found
    ref = pairs[0][1].species
    spans = [(t.start("v"), t.end("v")) for _, _, t in pairs]
    kept = [a for a in found if not any(s <= a.start < e for s, e in spans) and a.species != ref]
    basis = basis_near(text, pairs[0][0].start, pairs[-1][2].end())
    added = [Amount(m1.species, float(t.group("v")), t.start("v"), t.end("v"), basis, None) for m1, _, t in pairs]
    return sorted(kept + added + [Amount(ref, 1.0, spans[0][1], spans[0][1], basis, None)], key=lambda a: a.start)
