"""Binder step for the composition of a reacting mixture: the stated equivalence ratio and
species amounts go where the base keeps its composition.

- a single-cell reactor (chemFoam): constant/initialConditions `fractions` (and `fractionBasis`),
  from stated amounts, or from the equivalence ratio and the fuel (the one named, else the
  base's), with air 21/79 O2/N2 by mole, in the base's form (per mole of O2);
- a case with species fields (reactingFoam, rhoReactingFoam, fireFoam): the fixed values of
  0/<species> at the patches of the stream the amounts are of (bind_species_streams);
- a premixed flamelet case (XiFoam): the named fuel's laminar flame speed coefficients, its
  stoichiometric air-fuel mass ratio, and the equivalence ratio where no other binder set it.

Mixed into `tasks.plan.bind.Binder`; `bind_species` runs before the per-quantity binders and
returns the stated quantities it took (a mis-read "phi = 0.8, 1 atm" -> "0.8 atm" included).
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_species_base import INITIAL_CONDITIONS, burns, mechanism_species, species_fields
from tasks.plan.bind_species_ratios import (
    FtBinding, fuel_air_ratios, fuel_air_said, fuel_word_amounts, outside_ratios, per_oxygen, phi_of_fuel_air, ratio_of,
    oversum, ratio_amounts, with_air_amounts,
)
from tasks.plan.bind_species_streams import StreamBinding
from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt
from tasks.plan.species_data import (
    air_moles, air_share, mass_from_mole, mixture_moles, mole_from_mass, oxygen_demand, species_data,
    stoichiometric_air_fuel_mass_ratio,
)
from tasks.plan.species_text import Amount, Ratio, amounts, balance_species, equivalence_ratios, mentions
from tasks.plan.stated import StatedQuantity

__all__ = ["SpeciesBinding", "named_outside"]

_AIR = "air taken as 21 % O2 and 79 % N2 by mole (N2/O2 = 3.76)"


def named_outside(text: str, species: list[str]) -> list[str]:
    """Species the request names by a word of canonical/species.yaml that the base's chemistry
    does not have ("propane" for a hydrogen mechanism)."""
    have = {s.upper() for s in species}
    out = []
    for word, formula in species_data().names.items():
        formulas = [formula] if isinstance(formula, str) else formula
        if re.search(rf"(?<![\w-]){re.escape(word)}(?!\w)", text, re.I) and \
                any(f.upper() not in have and burns(f) for f in formulas):
            out.append(word)
    return out


class SpeciesBinding(StreamBinding, FtBinding):
    def bind_species(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Stated compositions and equivalence ratios into the base's species inputs."""
        text = normalise(self.text)
        if fd.find(self.base.text(INITIAL_CONDITIONS) or "", ["fractions"]) is not None:
            self._release_misread_fractions(stated)
            self._reactor_constraint(text)
            return self._bind_reactor_mixture(text, stated)
        taken: list[StatedQuantity] = []
        if species_fields(self.base):
            taken += self.bind_streams(text, stated)
        return taken + self._bind_flamelet_fuel(text, stated)

    # --- shared ---------------------------------------------------------------------------

    def species_stated(self, stated: list[StatedQuantity], text: str, start: int, end: int, value: float,
                       role: str) -> StatedQuantity:
        """The stated quantity written at [start, end) (re-read as the dimensionless `value` when
        the extractor gave it a unit), else a new one added to `stated`."""
        low = text.lower()
        for q in stated:
            at = self.value_at(low, q)
            if start <= at < end or (at <= start < at + len(q.text)):
                if q.unit and q.unit != "%":  # "phi = 0.8, 1 atm" read as "0.8 atm"
                    q.quantity, q.unit, q.value, q.role, q.dims = "fraction", "", value, role, None
                    self.not_applied = [n for n in self.not_applied if n.text != q.text]  # refused as a unit value
                return q
        q = StatedQuantity(text=text[start:end].strip(), quantity="fraction", value=value, role=role)
        stated.append(q)
        return q

    def stated_ratios(self, text: str, stated: list[StatedQuantity], fuel: str | None,
                      oxidiser: dict[str, float] | None = None) -> list[Ratio]:
        """The equivalence ratios stated, a fuel-air or air-fuel ratio ("fuel-air ratio 0.05 by
        mass", "AFR 20") as the equivalence ratio of `fuel` (not applied when there is none)."""
        ratios = equivalence_ratios(text)
        for far in fuel_air_ratios(text):
            if any(r.start <= far.start < r.end for r in ratios):
                continue
            q = self.species_stated(stated, text, far.start, far.end, far.value, "fuel_air_ratio")
            if fuel is None:
                self.refuse(q, "a fuel-air ratio needs the fuel: name it (e.g. methane, CH4)")
                continue
            phi = phi_of_fuel_air(far, fuel, oxidiser)
            if not 0.05 <= phi <= 20:
                self.refuse(q, f"{q.text} is an equivalence ratio of {fmt(round(phi, 4))} for {fuel}; state the ratio "
                               f"as fuel per air or air per fuel, by mass or by mole")
                continue
            what = "fuel per air" if far.per_air else "air per fuel"
            self.assumptions.append(f"{q.text} is {what} by {far.basis or 'mass'}: equivalence ratio "
                                    f"{fmt(round(phi, 4))} of {fuel} with {'the stated oxidiser' if oxidiser else _AIR}")
            ratios.append(ratio_of(far, phi))
        return ratios

    def ratio_spans(self, text: str) -> list[tuple[int, int]]:
        """Where the equivalence and fuel-air ratios' numbers are (no species amounts)."""
        return [(r.start, r.end) for r in equivalence_ratios(text)] + [(r.start, r.end) for r in fuel_air_ratios(text)]

    # --- chemFoam ---------------------------------------------------------------------------

    def release_bindings(self, wrong: list) -> list[StatedQuantity]:
        """Earlier bindings taken back (with their edits); returns their stated quantities."""
        texts = {b.stated for b in wrong}
        for b in wrong:
            self.bindings.remove(b)
            self.edits = [e for e in self.edits if not (e.file == b.file and e.entry == b.entry)]
        return [q for q in self._stated if q.text in texts]

    def _reactor_constraint(self, text: str) -> None:
        """"constant-volume", "isobaric": the state the reactor holds fixed (constantProperty)."""
        if fd.find(self.base.text(INITIAL_CONDITIONS) or "", ["constantProperty"]) is None:
            return
        said = {kind for kind, words in species_data().reactor_constraints.items()
                if any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I) for w in words)}
        if len(said) == 1:
            kind = said.pop()
            if self.current(INITIAL_CONDITIONS, "constantProperty").strip() != kind:
                self.set(INITIAL_CONDITIONS, ["constantProperty"], kind, f"the reactor is at constant {kind}")

    def _release_misread_fractions(self, stated: list[StatedQuantity]) -> None:
        """A quantity with a unit ("O2 and ... at 1600 K") that an earlier binder wrote to a species'
        fraction (a pure number): the edit is taken back and the quantity goes to its role's binder."""
        wrong = [b for b in self.bindings if b.file == INITIAL_CONDITIONS and b.entry[:1] == ["fractions"] and
                 any(q.text == b.stated and q.unit and q.unit != "%" for q in stated)]
        for b in wrong:
            self.bindings.remove(b)
            self.edits = [e for e in self.edits if not (e.file == b.file and e.entry == b.entry)]
            q = next(q for q in stated if q.text == b.stated)
            if not any(o.stated == q.text for o in self.bindings):
                self.bind(q, stated)

    def _bind_reactor_mixture(self, text: str, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        species = mechanism_species(self.base)
        found = with_air_amounts(text, outside_ratios(amounts(text, species), self.ratio_spans(text)), species)
        found = per_oxygen(text, ratio_amounts(text, found, mentions(text, species)))
        fuels = [a.species for a in found if burns(a.species)] or list(self._fuels_named(text, species))
        if fuels and not any(burns(a.species) for a in found):  # "fuel mole fraction 0.095": the named fuel's
            found = sorted(found + fuel_word_amounts(text, fuels[0]), key=lambda a: a.start)
        oxidiser = {a.species: a.value for a in found if not burns(a.species)}
        ratios = self.stated_ratios(text, stated, fuels[0] if fuels else None,
                                    oxidiser if oxidiser.get("O2") else None)
        missing = named_outside(text, species)
        if missing and not found:  # "5 % methane" in a hydrogen mechanism: the amount is of the missing fuel
            ratios = ratios + [Ratio(q.value, at, at + len(q.text)) for q in stated if q.quantity == "fraction"
                               for at in [self.value_at(text.lower(), q)] if at >= 0 and
                               any(re.search(rf"(?<![\w-]){re.escape(w)}", text[max(0, at - 30):at + len(q.text) + 30],
                                             re.I) for w in missing)]
        if missing and (found or ratios):  # the mixture is of a fuel the mechanism lacks: none of it is written
            spans = [(r.start, r.end, r.value, "equivalence_ratio") for r in ratios] + \
                [(a.start, a.end, a.value, f"entry:fractions/{a.species}") for a in found if a.end > a.start]
            refused = []
            for start, end, value, role in spans:
                q = self.species_stated(stated, text, start, end, value, role)
                self.refuse(q, f"the base's chemistry has no {', '.join(missing)} (its species: "
                               f"{', '.join(species[:12])}{' ...' if len(species) > 12 else ''}); pick a "
                               f"tutorial or an example whose mechanism has that fuel")
                refused.append(q)
            return refused
        fuel_said = any(burns(a.species) for a in found)
        oxygen_said = any(a.species.upper() == "O2" for a in found)
        if ratios and not (fuel_said and oxygen_said):  # the fuel blend or the oxidiser stated beside phi
            return self._reactor_from_ratio(text, stated, ratios[0], found, species)
        if found:
            taken = self._reactor_from_amounts(text, stated, found, species)
            if any(n.text == q.text for n in self.not_applied for q in taken):  # the amounts refused: phi with them
                for r in ratios[:1]:
                    q = self.species_stated(stated, text, r.start, r.end, r.value, "equivalence_ratio")
                    self.refuse(q, "the mixture stated with this equivalence ratio is not applied (see its amounts)")
                    taken.append(q)
                return taken
            return taken + self._check_ratio(text, stated, ratios, found)
        return []

    def _check_ratio(self, text: str, stated: list[StatedQuantity], ratios: list[Ratio],
                     found: list[Amount]) -> list[StatedQuantity]:
        """An equivalence ratio stated beside a full mixture ("phi 0.8 (IC8H18 0.064 : O2 1 : N2
        3.76)"): the mixture's own phi read back; the ratio is bound where they agree (2 %), not
        applied where they do not (the amounts are written)."""
        if not ratios:
            return []
        r = ratios[0]
        q = self.species_stated(stated, text, r.start, r.end, r.value, "equivalence_ratio")
        by = {a.species: a.value for a in found}
        fuels = {s: v for s, v in by.items() if burns(s)}
        basis = next((a.basis for a in found if a.basis), None) or \
            (self.current(INITIAL_CONDITIONS, "fractionBasis") or "mole").strip()
        moles = by if basis == "mole" else mole_from_mass(by)
        demand = sum(moles[s] * oxygen_demand(s) for s in fuels)
        phi = demand / moles["O2"] if moles.get("O2") else None
        if phi is None or abs(phi - r.value) > 0.02 * r.value:
            self.refuse(q, f"the stated amounts make an equivalence ratio of "
                           f"{fmt(round(phi, 4)) if phi is not None else 'none (no O2)'}, not {fmt(r.value)}; the "
                           f"amounts are written as stated")
            return [q]
        from tasks.plan.stated import Binding

        fuel = next(iter(fuels))
        self.bindings.append(Binding(stated=q.text, file=INITIAL_CONDITIONS, entry=["fractions", fuel],
                                     value=fmt(by[fuel]), how=f"phi {fmt(round(phi, 4))} of the stated mixture"))
        return [q]

    def _reactor_from_amounts(self, text: str, stated: list[StatedQuantity], found: list[Amount],
                              species: list[str]) -> list[StatedQuantity]:
        bases = {a.basis for a in found if a.basis}
        base_basis = (self.current(INITIAL_CONDITIONS, "fractionBasis") or "mole").strip()
        said = [a for a in found if a.end > a.start]  # "N2 3.76 per O2": O2 1 is implied, not written
        self._drop_misread_names(text, stated, said, species)
        qs = [self.species_stated(stated, text, a.start, a.end, a.value, f"entry:fractions/{a.species}") for a in said]
        if len(bases) > 1:
            for q in qs:
                self.refuse(q, "the mixture is stated partly by mole and partly by mass; state every "
                               "species on one basis")
            return qs
        too_much = oversum(text, said, [q.text for q in qs])
        if too_much:
            for q in qs:
                self.refuse(q, too_much)
            return qs
        basis = next(iter(bases), base_basis)
        values = {a.species: a.value for a in found}
        rest = balance_species(text, species, found[0].start, found[-1].end)
        if rest is not None and sum(values.values()) < 1 and rest not in values:
            values[rest] = 1 - sum(values.values())
            self.assumptions.append(f"{rest} makes up the rest of the mixture ({fmt(values[rest])})")
        elif rest is None and sum(values.values()) < 1 and (self._air_rest(text, found, species) or (
                fuel_air_said(text) and {"O2", "N2"} <= {s.upper() for s in species} and
                all(burns(s) for s in values))):
            for s, x in air_share(1 - sum(values.values()), basis).items():
                values[s] = values.get(s, 0.0) + x
            self.assumptions.append(f"air makes up the rest of the mixture; {_AIR}")
        elif rest is None and sum(values.values()) < 1 - 1e-6:
            values.update(self._reactor_rest(values, basis))
        self.set(INITIAL_CONDITIONS, ["fractions"], {s: fmt(v) for s, v in values.items()},
                 f"initial mixture by {basis}")
        self._record_fractions(said, qs, basis, sum(values.values()))
        if basis != base_basis:
            self.set(INITIAL_CONDITIONS, ["fractionBasis"], basis, f"the mixture is stated by {basis}")
        if not bases:
            self.assumptions.append(f"the mixture's fractions are read by {basis}, as the base's fractionBasis")
        return qs

    def _drop_misread_names(self, text: str, stated: list[StatedQuantity], said: list[Amount],
                            species: list[str]) -> None:
        """Earlier readings of this mixture's numbers as a species' entry ("IC8H18/O2 is 0.064" read
        as "O2 0.064"): their bindings taken back and the quantities dropped (the amounts are bound
        here), so no second value of a species is written or reported."""
        numbers = {fmt(a.value) for a in said}
        names = {s.upper() for s in species}
        misread = [q for q in stated if (q.role or "").startswith("entry:") and not q.role.startswith("entry:fractions/")
                   and q.role.split(":", 1)[1].upper() in names and fmt(q.value) in numbers and
                   q.text.split()[-1] in numbers]
        placed = self.placed_texts(text, stated, said) | {q.text for q in misread}
        self.release_bindings([b for b in self.bindings if b.file == INITIAL_CONDITIONS and
                               b.entry[:1] == ["fractions"] and b.stated in placed])
        texts = {q.text for q in misread}
        self.not_applied = [n for n in self.not_applied if n.text not in texts]
        stated[:] = [q for q in stated if q.text not in texts]

    def _reactor_rest(self, values: dict[str, float], basis: str) -> dict[str, float]:
        """What fills a mixture the request states only part of ("CH4 mole fraction 0.095"): the
        base's other species in their proportions (chemFoam normalises the fractions, so a lone
        0.095 would be pure fuel)."""
        raw = self.base.text(INITIAL_CONDITIONS) or ""
        body = fd.body_span(raw, ["fractions"])
        base = {e.name: float(fd.get(raw, ["fractions", e.name]) or 0) for e in fd.entries(raw, *body)
                if e.kind == "value"} if body else {}
        base_basis = (fd.get(raw, ["fractionBasis"]) or "mole").strip()
        others = {s: v for s, v in base.items() if s not in values and v > 0}
        if not others:
            return {}
        if base_basis != basis:
            from tasks.plan.species_data import mole_from_mass

            others = mole_from_mass(others) if basis == "mole" else mass_from_mole(others)
        total, left = sum(others.values()), 1 - sum(values.values())
        self.assumptions.append(f"the rest of the mixture ({fmt(round(left, 6))}) keeps the base's "
                                f"{', '.join(others)} in their proportions")
        return {s: round(left * v / total, 6) for s, v in others.items()}

    def _record_fractions(self, found: list[Amount], qs: list[StatedQuantity], basis: str, total: float) -> None:
        """Each stated amount's binding, kept as written; its `how` says whether the mixture is
        normalised (sums to 1) or relative amounts that chemFoam normalises."""
        from tasks.plan.stated import Binding

        form = "normalised (the fractions sum to 1)" if abs(total - 1) < 1e-3 else \
            f"as written, not normalised (sum {fmt(round(total, 6))}; chemFoam normalises the fractions)"
        for a, q in zip(found, qs):
            self.bindings.append(Binding(stated=q.text, file=INITIAL_CONDITIONS, entry=["fractions", a.species],
                                         value=fmt(a.value), how=f"{a.species} fraction by {basis}, {form}"))

    def _reactor_from_ratio(self, text: str, stated: list[StatedQuantity], ratio: Ratio, found: list[Amount],
                            species: list[str]) -> list[StatedQuantity]:
        oxidiser = {a.species: a.value for a in found if not burns(a.species)}
        if oxidiser and not oxidiser.get("O2"):
            oxidiser = {}  # "diluted with N2": no oxidiser of its own
        fuels = {a.species: a.value for a in found if burns(a.species)} or self._fuels_named(text, species)
        q = self.species_stated(stated, text, ratio.start, ratio.end, ratio.value, "equivalence_ratio")
        if not fuels:
            self.refuse(q, "no fuel is named and the base's mixture has none; name the fuel (e.g. methane, CH4)")
            return [q]
        absent = [s for s in (oxidiser or air_moles()) if s.upper() not in {x.upper() for x in species}]
        if absent:
            self.refuse(q, f"the base's chemistry has no {', '.join(absent)} to make air of")
            return [q]
        moles = mixture_moles(fuels, ratio.value, oxidiser or None)
        self.set(INITIAL_CONDITIONS, ["fractions"], {s: fmt(round(v, 6)) for s, v in moles.items()},
                 f"fuel-air mixture at equivalence ratio {fmt(ratio.value)}")
        from tasks.plan.stated import Binding

        fuel = next(iter(fuels))
        self.bindings.append(Binding(stated=q.text, file=INITIAL_CONDITIONS, entry=["fractions", fuel],
                                     value=fmt(round(moles[fuel], 6)), how=f"phi {fmt(ratio.value)} / O2 demand"))
        if (self.current(INITIAL_CONDITIONS, "fractionBasis") or "mole").strip() != "mole":
            self.set(INITIAL_CONDITIONS, ["fractionBasis"], "mole", "the mixture from phi is by mole")
        self.assumptions.append(f"{_AIR if not oxidiser else 'the oxidiser as stated, by mole'}; fractions per "
                                f"mole of O2, as the base writes them")
        taken = [q]
        for a in (a for a in found if a.end > a.start):  # each stated part of the fuel blend or the oxidiser
            part = self.species_stated(stated, text, a.start, a.end, a.value, f"entry:fractions/{a.species}")
            self.bindings.append(Binding(stated=part.text, file=INITIAL_CONDITIONS, entry=["fractions", a.species],
                                         value=fmt(round(moles[a.species], 6)), how=f"{a.species} in the mixture at "
                                         f"phi {fmt(ratio.value)}"))
            taken.append(part)
        return taken

    def _fuels_named(self, text: str, species: list[str]) -> dict[str, float]:
        """The fuel the request names ("methane-air"), else the base's mixture's fuels by mole."""
        named = [m.species for m in mentions(text, species) if burns(m.species)]
        if named:
            return {named[0]: 1.0}
        raw = self.base.text(INITIAL_CONDITIONS) or ""
        body = fd.body_span(raw, ["fractions"])
        base = {e.name: float(fd.get(raw, ["fractions", e.name]) or 0) for e in fd.entries(raw, *body)
                if e.kind == "value"} if body else {}
        if (fd.get(raw, ["fractionBasis"]) or "mole").strip() != "mole":
            from tasks.plan.species_data import mole_from_mass

            base = mole_from_mass(base) if sum(base.values()) > 0 else base
        return {s: v for s, v in base.items() if burns(s) and v > 0}

    # --- XiFoam ------------------------------------------------------------------------------

    _COMBUSTION = "constant/combustionProperties"
    _THERMO = "constant/thermophysicalProperties"

    def _bind_flamelet_fuel(self, text: str, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """The named fuel's flame speed coefficients and stoichiometric air-fuel mass ratio, and the
        equivalence ratio (said as phi, lambda or "stoichiometric") where no other binder set it."""
        comb = self.base.text(self._COMBUSTION) or ""
        if fd.find(comb, ["fuel"]) is None and fd.find(comb, ["equivalenceRatio"]) is None:
            return []
        taken: list[StatedQuantity] = []
        fuels = [m.species for m in mentions(text, list(species_data().xi_fuels)) if burns(m.species)]
        ratios = self.stated_ratios(text, stated, fuels[0] if fuels else self._xi_base_fuel(comb))
        if ratios and fd.find(comb, ["equivalenceRatio"]) is None:  # PDRFoam: the cloud's ft by setFields
            r = ratios[0]
            q = self.species_stated(stated, text, r.start, r.end, r.value, "equivalence_ratio")
            if not self.bind_ft(q, r.value):
                self.refuse(q, "the base has no equivalenceRatio entry and no setFields region of ft to hold an "
                               "equivalence ratio")
            taken.append(q)
        if ratios and fd.find(comb, ["equivalenceRatio"]) is not None and \
                not any(b.file == self._COMBUSTION and b.entry == ["equivalenceRatio"] for b in self.bindings):
            r = ratios[0]
            q = self.species_stated(stated, text, r.start, r.end, r.value, "equivalence_ratio")
            self.set(self._COMBUSTION, ["equivalenceRatio"],
                     self._keep_dims(fd.get(comb, ["equivalenceRatio"]) or "", r.value), "equivalence ratio", q)
            taken.append(q)
        if fuels and fd.find(comb, ["fuel"]) is not None:
            self._flamelet_fuel(comb, fuels[0])
        return taken + self._flamelet_oxidiser(text, stated, comb, fuels)

    @staticmethod
    def _xi_base_fuel(comb: str) -> str | None:
        """The formula of the fuel a flamelet case's combustionProperties names ("Propane" -> C3H8)."""
        named = (fd.get(comb, ["fuel"]) or "").strip()
        return next((f for f, names in species_data().xi_fuels.items() if named in names), None)

    def _flamelet_oxidiser(self, text: str, stated: list[StatedQuantity], comb: str,
                           fuels: list[str]) -> list[StatedQuantity]:
        """An oxidiser other than air ("O2/N2 = 30/70", "21 % O2 in argon"): the stoichiometric
        air-fuel mass ratio of the fuel (the named one, else the base's) with it."""
        known = ["O2", "N2", "AR", "HE", "CO2", "H2O"]
        said = [a for a in amounts(text, known) if not burns(a.species)]
        raw = fd.get(self.base.text(self._THERMO) or "", ["stoichiometricAirFuelMassRatio"])
        if not any(a.species == "O2" for a in said) or raw is None:
            return []
        base_fuel = (fd.get(comb, ["fuel"]) or "").strip()
        fuel = fuels[0] if fuels else self._xi_base_fuel(comb)
        qs = [self.species_stated(stated, text, a.start, a.end, a.value, f"oxidiser:{a.species}") for a in said]
        if fuel is None:
            for q in qs:
                self.refuse(q, f"the base's fuel {base_fuel} has no formula in canonical/species.yaml xi_fuels")
            return qs
        oxidiser = {a.species: a.value for a in said}
        afr = round(stoichiometric_air_fuel_mass_ratio(fuel, oxidiser), 3)
        for q in qs:
            self.set(self._THERMO, ["stoichiometricAirFuelMassRatio"], self._keep_dims(raw, afr),
                     f"stoichiometric oxidiser-fuel mass ratio of {fuel} in the stated oxidiser", q)
        self.assumptions.append(f"the oxidiser is {', '.join(f'{s} {fmt(v)}' for s, v in oxidiser.items())} by mole")
        return qs

    def _flamelet_fuel(self, comb: str, fuel: str) -> None:
        names = species_data().xi_fuels.get(fuel, [])
        homes = [(e.name, n) for e in fd.entries(comb) if e.kind == "dict" and e.name.endswith("Coeffs")
                 for n in names if fd.find(comb, [e.name, n]) is not None]
        if not homes:
            self.assumptions.append(f"the base's laminar flame speed correlations have no coefficients for {fuel}; "
                                    f"its fuel stays {fd.get(comb, ['fuel'])}")
            return
        correlation, name = homes[0]
        self.set(self._COMBUSTION, ["fuel"], name, f"fuel {fuel}")
        current = (fd.get(comb, ["laminarFlameSpeedCorrelation"]) or "").strip()
        if current and f"{current}Coeffs" != correlation:
            self.set(self._COMBUSTION, ["laminarFlameSpeedCorrelation"], correlation.removesuffix("Coeffs"),
                     f"the correlation that has {name}")
        thermo = self.base.text(self._THERMO) or ""
        raw = fd.get(thermo, ["stoichiometricAirFuelMassRatio"])
        if raw is not None:
            afr = round(stoichiometric_air_fuel_mass_ratio(fuel), 3)
            self.set(self._THERMO, ["stoichiometricAirFuelMassRatio"], self._keep_dims(raw, afr),
                     f"stoichiometric air-fuel mass ratio of {fuel}")
            self.assumptions.append(f"stoichiometric air-fuel mass ratio {fmt(afr)} of {fuel} with {_AIR}; the "
                                    f"reactants' thermo data stay the base's")
