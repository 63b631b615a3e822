"""Binder step for the species of the streams of a reacting case with species fields
(reactingFoam, rhoReactingFoam, fireFoam): a stated composition ("fuel: 50 % CH4, 50 % N2 by
volume", "Y_CH4 = 0.7 at the burner, rest N2", "premixed at phi 0.8") becomes the fixed mass
fractions of 0/<species> at the patches of its stream. The streams are read from the base: a
fuel inlet is a patch where a fuel species is fixed above zero, an oxidiser inlet one where
O2 is and no fuel; a premixed inlet has both. Mixed into `tasks.plan.bind.Binder` through
`tasks.plan.bind_species.SpeciesBinding`.
"""

from __future__ import annotations

from tasks.foam import dictionary as fd
from tasks.plan.bind_include_scoped import field_of_entry
from tasks.plan.bind_species_base import PatchValue, burns, fixed_values, mechanism_species, species_fields
from tasks.plan.foam_values import fmt
from tasks.plan.species_data import air_share, mass_from_mole, mixture_moles, mole_from_mass
from tasks.plan.bind_species_ratios import fuel_word_amounts, outside_ratios, oversum, with_air_amounts
from tasks.plan.species_text import Amount, Ratio, air_balance, amounts, balance_species, mentions, ratio_stream
from tasks.plan.stated import StatedQuantity

__all__ = ["StreamBinding", "stream_patches", "stream_of"]

_THERMO = "constant/thermophysicalProperties"


def stream_patches(values: dict[str, dict[str, PatchValue]]) -> dict[str, list[str]]:
    """Stream ("fuel", "oxidiser", "premixed") -> the inlet patches that carry it, from the fixed
    values of the species fields (field -> patch -> (type, value))."""
    patches = sorted({p for per in values.values() for p in per})
    out: dict[str, list[str]] = {"fuel": [], "oxidiser": [], "premixed": []}
    for patch in patches:
        fixed = {f: per[patch].value for f, per in values.items()
                 if patch in per and per[patch].type == "fixedValue" and per[patch].value is not None}
        fuel = any(v > 0 for f, v in fixed.items() if burns(f))
        oxygen = (fixed.get("O2") or 0) > 0
        burnt = sum(fixed.get(p) or 0 for p in ("H2O", "CO2")) > sum(v for f, v in fixed.items() if burns(f))
        if fuel and oxygen and burnt:
            continue  # a pilot of burnt gas (SandiaD's inletPilot: CO2, H2O with traces of CO, H2): no reactants
        if fuel or oxygen:
            out["premixed" if fuel and oxygen else "fuel" if fuel else "oxidiser"].append(patch)
    return out


def stream_of(group: list[Amount]) -> str:
    """The stream a composition is of: the side its words name, else the one its species tell
    (a fuel without O2: the fuel; O2 without fuel: the oxidiser; both: a premixed stream)."""
    said = {a.stream for a in group if a.stream}
    if len(said) == 1:
        return said.pop()
    fuel = any(burns(a.species) for a in group)
    oxygen = any(a.species.upper() == "O2" and a.value > 0 for a in group)
    return "premixed" if fuel and oxygen else "oxidiser" if oxygen else "fuel"


class StreamBinding:
    @staticmethod
    def _air_rest(text: str, found: list[Amount], species: list[str]) -> bool:
        """Air makes up the rest of the stated amounts ("5 % methane in air") and the mechanism has
        its O2 and N2."""
        have = {s.upper() for s in species}
        return {"O2", "N2"} <= have and air_balance(text, found[0].start, found[-1].end)

    def placed_texts(self, text: str, stated: list[StatedQuantity], found: list[Amount]) -> set[str]:
        """The stated quantities whose words hold one of the amounts' numbers ("O2 0.064" holds
        0.064): an earlier binder's reading of them gives way to this one."""
        low = text.lower()
        return {q.text for q in stated for at in [self.value_at(low, q)]
                if at >= 0 and any(at < a.end and a.start < at + len(q.text) for a in found)}

    def bind_streams(self, text: str, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        fields = species_fields(self.base)
        values = {f: fixed_values(self.base, f) for f in fields}
        streams = stream_patches(values)
        species = mechanism_species(self.base)
        found = with_air_amounts(text, outside_ratios(amounts(text, species), self.ratio_spans(text)), species)
        fuels = [m.species for m in mentions(text, species) if burns(m.species) and m.species in values] or \
            [f for f, per in values.items() if burns(f) and any(per[p].value for p in streams["fuel"] + streams["premixed"] if p in per)]
        if fuels and not any(burns(a.species) for a in found):  # "fuel mass fraction 0.7": the fuel stream's fuel
            found = sorted(found + fuel_word_amounts(text, fuels[0]), key=lambda a: a.start)
        taken: list[StatedQuantity] = []
        groups: dict[str, list[Amount]] = {}
        for a in found:
            groups.setdefault(a.stream or "", []).append(a)
        if "" in groups and len(groups) > 1:  # amounts of no said stream beside said ones: their neighbours'
            groups.pop("")
        # a species field set by name earlier ("CH4 0.8" at every inlet): this reading of streams replaces it
        # (or "21 % O2 79 % N2" read as O2 79 %: any amount this reading places)
        said = {(a.species, round(a.value, 9)) for a in found}
        placed = self.placed_texts(text, stated, found)
        self.release_bindings([b for b in self.bindings if (field := field_of_entry(b.file, b.entry, values)) and
                               (b.stated in placed or any(q.text == b.stated and (field, round(q.value, 9)) in said
                                                          for q in stated))])
        for group in groups.values():
            stream = stream_of(group)
            inlets = [k for k, v in streams.items() if v]
            if not streams[stream] and len(inlets) == 1 and not any(a.stream or burns(a.species) for a in group):
                stream = inlets[0]  # "2 % H2O by mass" where the base's one stream is air: that stream's
            taken += self._bind_stream(text, stated, group, stream, streams, values, species)
        named = [m.species for m in mentions(text, species) if burns(m.species) and m.species in values]
        base_fuels = [f for f, per in values.items()
                      if burns(f) and any((per[p].value or 0) > 0 for p in streams["premixed"] if p in per)]
        ratios = self.stated_ratios(text, stated, (named or base_fuels or [None])[0])
        if ratios and not any(stream_of(g) == "premixed" for g in groups.values()):
            taken += self._bind_ratio(text, stated, ratios[0], streams, values, species)
        return taken

    def _bind_ratio(self, text: str, stated: list[StatedQuantity], ratio: Ratio, streams: dict[str, list[str]],
                    values: dict[str, dict[str, PatchValue]], species: list[str]) -> list[StatedQuantity]:
        """An equivalence ratio: the fuel-air mixture at the stream its sentence names ("the fuel
        stream is a rich methane-air mixture at phi 1.5"), else at the base's premixed inlet; not
        applied where the base has neither (a diffusion flame's separate fuel and air)."""
        said = ratio_stream(text, ratio)
        stream = said if said and streams.get(said) else "premixed" if streams["premixed"] else None
        if stream is None:
            q = self.species_stated(stated, text, ratio.start, ratio.end, ratio.value, "equivalence_ratio")
            inlets = "; ".join(f"{k}: {', '.join(v)}" for k, v in streams.items() if v) or "none"
            self.refuse(q, f"the base has no premixed inlet to hold a fuel-air mixture at phi {fmt(ratio.value)} "
                           f"(its streams: {inlets}); say which stream is premixed (e.g. 'the fuel stream at phi "
                           f"{fmt(ratio.value)}')")
            return [q]
        named = [m.species for m in mentions(text, species) if burns(m.species) and m.species in values]
        return self._bind_premixed(text, stated, ratio, streams[stream], values, named[:1])

    def _bind_stream(self, text: str, stated: list[StatedQuantity], group: list[Amount], stream: str,
                     streams: dict[str, list[str]], values: dict[str, dict[str, PatchValue]],
                     species: list[str]) -> list[StatedQuantity]:
        patches = streams.get(stream, []) or (streams["premixed"] if stream == "fuel" else [])  # SandiaD's
        # fuel jet is premixed with air: the fuel's amounts are that jet's
        if not patches:  # no inlet of that stream (a spray's "5 % water"): the amounts are left to other binders
            self.assumptions.append(f"no {stream} inlet in the base (no patch where its species fields fix a "
                                    f"{'fuel' if stream == 'fuel' else 'O2'} fraction): "
                                    f"{', '.join(a.species for a in group)} amounts not set there")
            return []
        qs = [self.species_stated(stated, text, a.start, a.end, a.value, f"species:{a.species}") for a in group]
        bases = {a.basis for a in group if a.basis}
        if len(bases) > 1:
            for q in qs:
                self.refuse(q, "the stream is stated partly by mole and partly by mass; use one basis")
            return qs
        too_much = oversum(text, group, [q.text for q in qs])
        if too_much:
            for q in qs:
                self.refuse(q, too_much)
            return qs
        basis = next(iter(bases), "mass")
        given = {a.species: a.value for a in group}
        rest = balance_species(text, species, group[0].start, group[-1].end)
        if rest is None and sum(given.values()) < 1 - 1e-6 and self._air_rest(text, group, species):
            for s, x in air_share(1 - sum(given.values()), basis).items():
                given[s] = given.get(s, 0.0) + x
            self.assumptions.append(f"air (21/79 O2/N2 by mole) makes up the rest of the {stream} stream")
        elif rest is None and sum(given.values()) < 1 - 1e-6:
            given.update(self._rest_of_stream(stream, given, basis, values, patches[0]))
        elif rest is not None and rest not in given and sum(given.values()) < 1:
            given[rest] = 1 - sum(given.values())
        if sum(given.values()) <= 0:
            for q in qs:
                self.refuse(q, f"a {stream} stream needs some species with a positive amount")
            return qs
        mass = mass_from_mole(given) if basis == "mole" else {s: v / max(sum(given.values()), 1.0)
                                                                   for s, v in given.items()}
        if not bases:
            self.assumptions.append(f"the {stream} composition is read as mass fractions (what 0/<species> holds)")
        own = dict(zip([a.species for a in group], qs))
        inert = (fd.get(self.base.text(_THERMO) or "", ["inertSpecie"]) or "").strip()
        for field in self._write_stream(stream, patches, mass, values, own):
            if field not in own:
                continue
            if field == inert:  # the solver's inert species: the rest of the mixture, computed, not written
                own[field].file, own[field].entry, own[field].verified = _THERMO, ["inertSpecie"], True
                self.assumptions.append(f"{field} ({fmt(mass[field])} on {', '.join(patches)}) is the rest of the "
                                        f"stream: the inert species, which the solver computes")
            else:
                self.refuse(own[field], f"{field} is not fixed on {', '.join(patches)} ({values[field][patches[0]].type}"
                                        f"); make it fixedValue there to set it")
        return qs

    def _rest_of_stream(self, stream: str, given: dict[str, float], basis: str,
                        values: dict[str, dict[str, PatchValue]], patch: str) -> dict[str, float]:
        """What fills a stream the request states only part of: the base stream's other species in
        their proportions ("2 % H2O" in air keeps O2/N2 21/79), else N2."""
        left = 1 - sum(given.values())
        others = {f: per[patch].value for f, per in values.items() if f not in given and patch in per
                  and per[patch].type == "fixedValue" and (per[patch].value or 0) > 0}
        if others:
            share = mole_from_mass(others) if basis == "mole" else others
            total = sum(share.values())
            self.assumptions.append(f"the rest of the {stream} stream keeps the base's {', '.join(others)} "
                                    f"in their proportions")
            return {f: left * v / total for f, v in share.items()}
        if "N2" in values and "N2" not in given:
            self.assumptions.append(f"the rest of the {stream} stream is N2")
            return {"N2": left}
        return {}

    def _write_stream(self, stream: str, patches: list[str], mass: dict[str, float],
                      values: dict[str, dict[str, PatchValue]], qs: dict[str, StatedQuantity]) -> list[str]:
        """Each species field fixed on the stream's patches takes its mass fraction (0 when the
        stream has none of it); a species the case has no field of is not applied. Returns the
        stream's species whose field is not fixed on its patches (an inert one the solver computes)."""
        for s in mass:
            if s not in values and s in qs:
                self.refuse(qs[s], f"the case has no species field {s} (fields: {', '.join(values)})")
        computed = [f for f in mass if f in values and not any(values[f].get(p, PatchValue("", None)).type ==
                                                                "fixedValue" for p in patches)]
        for field, per in values.items():
            rel = self.base.field_rels(field)
            for patch in patches:
                pv = per.get(patch)
                if pv is None or pv.type != "fixedValue":
                    continue
                value = mass.get(field, 0.0)
                if field not in mass and (pv.value or 0) == 0:
                    continue
                for r in rel:
                    self.set(r, ["boundaryField", patch, "value"], f"uniform {fmt(round(value, 6))}",
                             f"{field} mass fraction of the {stream} stream on {patch}", qs.get(field))
        return computed

    def _bind_premixed(self, text: str, stated: list[StatedQuantity], ratio: Ratio, patches: list[str],
                       values: dict[str, dict[str, PatchValue]], named: list[str]) -> list[StatedQuantity]:
        """Inlet patches at the stated equivalence ratio: the fuel named (else the base's on those
        patches) with air, as mass fractions."""
        fuels = {f: 1.0 for f in named} or \
            {f: 1.0 for f, per in values.items() if burns(f) and any((per[p].value or 0) > 0 for p in patches if p in per)}
        q = self.species_stated(stated, text, ratio.start, ratio.end, ratio.value, "equivalence_ratio")
        if not fuels or "O2" not in values or "N2" not in values:
            self.refuse(q, "the premixed inlet's fuel, O2 and N2 fields are needed to set an equivalence ratio")
            return [q]
        fuel = next(iter(fuels))
        mass = mass_from_mole(mixture_moles({fuel: 1.0}, ratio.value))
        self._write_stream("premixed", patches, mass, values, {fuel: q})
        self.assumptions.append(f"premixed {fuel}-air at phi {fmt(ratio.value)} on {', '.join(patches)}, air 21/79 "
                                f"O2/N2 by mole")
        return [q]
