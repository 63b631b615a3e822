"""Binder step for model coefficients a request states by name anywhere in the case: an fvOption's
bounds and targets ("limitTemperature max 600 K", "Ubar 0.3 m/s"), a region's or a property
field's coefficient ("the solid's electrical conductivity 5e5 S/m" in
0.orig/solid/jouleHeatingSource:sigma), a DSMC gas's number density. The value goes to the one
entry of that name or meaning whose dimensions its unit has; several equal copies (a DSMC
initial fill and free stream) all take it; otherwise the candidates are named in not_applied.
Part of `tasks.plan.bind_by_name.ByNameBinding`.
"""

from __future__ import annotations

import re
from functools import lru_cache

import yaml

from tasks.core.paths import CANONICAL_DIR
from tasks.foam import dictionary as fd
from tasks.plan.bind_model_places import (
    Place,
    Said,
    canonical_places,
    case_places,
    fitting,
    known,
    narrowed,
    owner_said,
    said_values,
)
from tasks.plan.bind_by_name_common import unit_dims_after
from tasks.plan.bind_members import is_member_group, member_shares, named_members, sentence_at
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.stated import Binding, StatedQuantity

# owners whose entries a binder of their own writes (a porous zone's d and f: relative components)
_OWN_BINDERS = {"DarcyForchheimer"}
_SKIP_DIRS = {"polyMesh", "triSurface", "faMesh", "include", "geometry", "extendedFeatureEdgeMesh"}


@lru_cache(maxsize=1)
def canonical_models() -> dict[str, dict[str, dict[str, str]]]:
    """canonical/viscosity_models.yaml: selector key -> model -> {coefficient: default}."""
    data = yaml.safe_load((CANONICAL_DIR / "viscosity_models.yaml").read_text()) or {}
    return {key: {model: {c: str(v) for c, v in coeffs.items()} for model, coeffs in models.items()}
            for key, models in data.items()}


def with_canonical_models(table: dict[str, dict[str, dict[str, str]]]) -> dict[str, dict[str, dict[str, str]]]:
    """The tutorials' model table with the models only canonical/ knows added (a new dict)."""
    merged = {key: dict(models) for key, models in table.items()}
    for key, models in canonical_models().items():
        for model, coeffs in models.items():
            merged.setdefault(key, {}).setdefault(model, coeffs)
    return merged


def inactive_model(text: str, place: Place) -> str | None:
    """The model whose `<Model>Coeffs` holds the place when the dictionary selects another one
    (`transportModel CrossPowerLaw;` beside `BirdCarreauCoeffs { k 0; }`): its name, else None."""
    if len(place.entry) < 2 or not place.entry[-2].endswith("Coeffs"):
        return None
    model = place.entry[-2].removesuffix("Coeffs")
    for key, raw in fd.top_level_values(fd.block(text, place.entry[:-2]) if len(place.entry) > 2 else text).items():
        value = raw.strip()
        if key != place.entry[-2] and re.fullmatch(r"\w+", value) and \
                fd.find(text, [*place.entry[:-2], f"{value}Coeffs"]) is not None:
            return model if value != model else None
    return None


def unit_text(dims: tuple[int, ...]) -> str:
    """SI dimensions (kg, m, s, K, A, rad) as a unit: (0, -2, 0, 0, 0, 0) -> "1/m2",
    (1, 1, -2, 0, -2, 0) -> "kg m/(s2 A2)"."""
    names = ("kg", "m", "s", "K", "A", "rad")
    up = [f"{n}{p if p > 1 else ''}" for n, p in zip(names, dims) if p > 0]
    down = [f"{n}{-p if p < -1 else ''}" for n, p in zip(names, dims) if p < 0]
    top = " ".join(up) or "1"
    if not down:
        return top if up else "1 (dimensionless)"
    return f"{top}/{down[0]}" if len(down) == 1 else f"{top}/({' '.join(down)})"


def without_coefficient_words(text: str, models: dict[str, dict[str, str]]) -> str:
    """The text with the phrases that name a model's coefficient blanked ("power-law index n 0.5"
    names BirdCarreau's n, not the powerLaw model), so only model names are left to read."""
    from tasks.plan.controls import aliases

    coefficients = {c for coeffs in models.values() for c in coeffs}
    phrases = sorted((p for p, names in aliases().items() if coefficients & set(names)), key=len, reverse=True)
    for phrase in phrases:
        pattern = r"[\s-]?".join(re.escape(w) for w in re.split(r"[\s-]+", phrase))
        text = re.sub(rf"(?<![\w-]){pattern}(?![\w-])", lambda m: " " * len(m.group(0)), text, flags=re.I)
    return text


def twins(fits: list[Place], places: list[Place]) -> list[Place]:
    """The copies of the one place found that the base keeps equal in another top-level
    dictionary (channel395's Ubar in fvOptions and in transportProperties): they take the value
    too, so the case stays consistent. None for a region's or a field's place."""
    if len(fits) != 1 or fits[0].rel.count("/") != 1:
        return []
    one = fits[0]
    return [p for p in places if p.name == one.name and p.rel != one.rel and p.rel.count("/") == 1 and
            bare_value(p.raw) == bare_value(one.raw) and (p.dims is None or p.dims == one.dims)]


def bare_value(raw: str) -> str:
    """An entry's value without its name and dimension set (`Ubar [0 1 -1 0 0 0 0] (1 0 0)` -> `(1 0 0)`)."""
    return re.sub(r"^(?:\w+\s+)?\[[^\]]*\]\s*", "", raw)


def written_value(place: Place, said: Said) -> str | None:
    """The entry's new text: the said number in the place's form (its dimension set, `uniform`,
    a vector along its own direction, the explicit part of a semi-implicit `(Su Sp)` pair);
    None when a scalar is said for a vector entry with no direction."""
    raw = place.raw
    if place.is_field:
        return f"uniform {vec(said.vector) if said.vector else fmt(said.value)}"
    pair = re.fullmatch(r"\((\(.*?\)|[-+\d.eE]+)\s+([-+\d.eE]+)\)", raw)
    if pair is not None:  # injectionRateSuSp: (Su Sp)
        inner = pair.group(1)
        su = written_value(place.model_copy(update={"raw": inner}), said) if inner.startswith("(") else fmt(said.value)
        return None if su is None else f"({su} {pair.group(2)})"
    vector = _VECTOR.search(raw)
    if vector is not None:
        if said.vector is not None:
            new = vec(said.vector)
        else:
            way = _direction(raw)
            if not way or sum(1 for d in way if abs(d) > 1e-12) != 1:
                return None  # a magnitude sets a vector along one axis only, not a tensor's diagonal (d, f)
            new = vec([said.value * d for d in way])
        return raw[:vector.start()] + new + raw[vector.end():]
    m = re.match(r"^(.*?\])\s*[-+\d.eE]+\s*$", raw)
    if m:
        return f"{m.group(1)} {fmt(said.value)}"
    m = re.match(r"^((?:\w+\s+)?(?:uniform\s+|constant\s+)?)[-+\d.eE]+$", raw)
    return f"{m.group(1) if m else ''}{fmt(said.value)}"


class ModelEntryBinding:
    """Binds model coefficients by name over every dictionary of the case (regions and property fields too)."""

    def model_files(self) -> list[str]:
        """The case files that can hold model coefficients: the top-level dictionaries, those of
        each region folder (constant/<region>/, system/<region>/) and the property fields in 0/
        and 0.orig/ (and their region folders)."""
        rels = list(self._dictionaries())
        root = self.base.root
        for top in ("constant", "system", "0", "0.orig"):
            folder = root / top
            if not folder.is_dir():
                continue
            for sub in sorted(p for p in folder.iterdir() if p.is_dir() and p.name not in _SKIP_DIRS):
                rels += [f"{top}/{sub.name}/{f.name.removesuffix('.gz')}" for f in sorted(sub.iterdir()) if f.is_file()]
            if top in ("0", "0.orig"):
                rels += [f"{top}/{f.name.removesuffix('.gz')}" for f in sorted(folder.iterdir())
                         if f.is_file() and ":" in f.name]
        rels += [rel.removesuffix(".gz") for rel in self.base.resources() if rel.count("/") == 2
                 and rel.split("/", 1)[0] in ("constant", "system", "0.orig") and rel.split("/")[1] not in _SKIP_DIRS]
        return list(dict.fromkeys(rels))

    def planned_text(self, rel: str) -> str:
        """A base file as this plan leaves it so far: the base's text with the edits already made to
        it (a phase switched to kinetic theory selects kineticTheoryCoeffs, not phasePressureCoeffs)."""
        text = self.base.text(rel) or ""
        for edit in (e for e in self.edits if e.file == rel):
            try:
                text = fd.set_entry(text, edit.entry, edit.value)
            except fd.FoamTextError:
                continue  # an entry path the text cannot take: the writer reports it
        return text

    def model_places(self) -> list[Place]:
        if getattr(self, "_model_places", None) is None:
            self._model_places = case_places(self.model_files(), self.base.text, self.solver)
        return self._model_places

    def bind_model_entries(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Set the coefficients the request names with a value where only this search finds them
        (a region's dictionary, a property field) or where canonical/model_entries.yaml knows the
        entry (an fvOption's bounds); returns the stated quantities taken (new unit-less ones are
        added to `stated`). The places the other by-name steps see are left to them otherwise."""
        places = self.model_places()
        if not places:
            return []
        plain = {(rel, tuple(entry)) for where in self.entry_index().values() for rel, entry in where}
        text = normalise(self.text)
        low = text.lower()
        taken: list[StatedQuantity] = []
        self.model_said_at = getattr(self, "model_said_at", set())
        taken += self._refuse_missing_options(stated, places) + self._refuse_idle_named(stated)
        for said in said_values(self.text, places):
            if said.at in self.model_said_at:
                continue  # placed already (a wall's emissivity: tasks.plan.bind_radiation_surfaces)
            fits = fitting(said, places)
            refused = self._refuse_other_dims(said, places, stated) if not fits else None
            if refused is not None:
                taken.append(refused)
                continue
            idle = [p for p in fits if inactive_model(self.planned_text(p.rel), p)]
            if idle and len(idle) == len(fits):
                taken += self._refuse_idle_coefficient(said, idle, stated)
                continue
            fits = [p for p in fits if p not in idle]
            if not fits:
                continue
            sentence = sentence_at(text, said.at)
            members = named_members(fits, sentence) if is_member_group(fits) else []
            shares = member_shares(members, sentence) if members else None
            if members:
                fits = members  # "nitrogen and oxygen, each at 5e19 per m3": the members the words name
            elif len(fits) > 1:
                fits = narrowed(fits, low[max(0, said.name_at - 40):said.at])
            fits += [p for p in twins(fits, places) if not inactive_model(self.planned_text(p.rel), p)]
            ours = any((p.rel, tuple(p.entry)) not in plain for p in fits) or \
                all(known(p.owner, p.name) is not None for p in fits)
            q = next((s for s in stated if low.startswith(s.text.lower(), said.at)), None)
            if q is not None and self.thermo_owns(q, [p.rel for p in fits]):
                continue  # a phase's or region's material property: the property binders read whose it is
            if not ours or any(p.owner in _OWN_BINDERS for p in fits) or \
                    (q is not None and q.quantity == "parameter" and any(q is t for t in taken)):
                continue
            if q is None:
                q = StatedQuantity(text=f"{said.written} {said.raw}".strip(), quantity="parameter", value=said.value,
                                   role=f"entry:{fits[0].name}", vector=said.vector)
                stated.append(q)
            elif q.quantity != "parameter":  # its value in SI as the request reader took it ("35 degC" is 308.15 K)
                said = said.model_copy(update={"value": q.value, "vector": q.vector or said.vector})
            self.model_said_at.add(said.at)
            taken.append(q)
            if members:
                taken += self._set_members(q, said, fits, shares)
                continue
            if len(fits) > 1 and len({bare_value(p.raw) for p in fits}) > 1:
                where = ", ".join(f"{p.rel} ({'/'.join(p.entry)} = {p.raw})" for p in fits)
                self.refuse(q, f"{said.written} is in several places of the case: {where}; name the one you mean "
                               f"(its region, option or dictionary)")
                continue
            if len(fits) > 1:
                self.assumptions.append(f"{q.text}: the base keeps {said.written} equal in "
                                        f"{', '.join(p.rel for p in fits)}; all of them take it")
            for place in fits:
                value = written_value(place, said)
                if value is None:
                    self.refuse(q, f"{place.rel} {'/'.join(place.entry)} is a vector: give the vector or its direction")
                    break
                self.set(place.rel, place.entry, value, f"{said.written} = {said.raw} (named in the request; "
                                                        f"{place.owner or place.rel})", q)
        return taken

    def _set_members(self, q: StatedQuantity, said: Said, members: list[Place],
                     split: tuple[dict[str, float], tuple[int, int] | None] | None) -> list[StatedQuantity]:
        """Each named member takes the value ("each at 5e19"), or its share of it as a total ("N2:O2 = 1:1, total 1e20")."""
        shares = split[0] if split else None
        for place in members:
            share = shares[place.entry[-1]] if shares else 1.0
            value = written_value(place, said.model_copy(update={"value": said.value * share}))
            how = f"{fmt(share * 100)} % of the total" if shares else "each named"
            self.set(place.rel, place.entry, value, f"{said.written} = {said.raw} ({how}; {place.owner or place.rel})", q)
        if shares:
            self.assumptions.append(f"{q.text} is the total of {', '.join(p.entry[-1] for p in members)}, shared "
                                    f"{' : '.join(fmt(shares[p.entry[-1]]) for p in members)}")
            return self.take_ratio_words(q, split[1], members[0])
        return []

    def restated_ratios(self) -> None:
        """A ratio said beside the members' own values ("N2 5e19 and O2 5e19 m^-3 (50/50)") restates them: not
        applied by another step, it is taken back when the values bound to the members it names have that ratio."""
        text = normalise(self.text)
        groups: dict[tuple[str, tuple[str, ...]], list[Place]] = {}
        for p in self.model_places():
            groups.setdefault((p.rel, tuple(p.entry[:-1])), []).append(p)
        for n in list(self.not_applied):
            ratio = re.fullmatch(r"\s*([\d.]+)\s*[:/]\s*([\d.]+)\s*", n.text)
            at = text.find(n.text)
            if ratio is None or at < 0:
                continue
            sentence, parts = sentence_at(text, at), [float(ratio.group(1)), float(ratio.group(2))]
            for members in groups.values():
                named = named_members(members, sentence) if is_member_group(members) else []
                bound = [next((e for e in reversed(self.edits) if e.file == p.rel and e.entry == p.entry), None) for p in named]
                values = [float(e.value) for e in bound if e is not None and re.fullmatch(r"[-+\d.eE]+", str(e.value))]
                if len(named) != 2 or len(values) != 2 or not sum(values) or not sum(parts) or \
                        abs(values[0] / sum(values) - parts[0] / sum(parts)) > 1e-6:
                    continue
                self.not_applied.remove(n)
                self.bindings.append(Binding(stated=n.text, file=named[0].rel, entry=named[0].entry, value=str(bound[0].value),
                                             how="the members' ratio, restated"))
                self.assumptions.append(f"{n.text}: the ratio of {' and '.join(p.name for p in named)} that their stated "
                                        f"values already have")
                break

    def take_ratio_words(self, q: StatedQuantity, span: tuple[int, int] | None, first: Place) -> list[StatedQuantity]:
        """The ratio that shares a total ("50/50", "N2:O2 = 1:1") is the members' composition: the quantities
        read from its words are no values of their own, bound with the first member's share."""
        if span is None:
            return []
        taken = []
        text = normalise(self.text)
        ratio = sentence_at(text, self.value_at(text.lower(), q))[span[0]:span[1]]
        for other in list(self._stated):
            tokens = re.findall(r"[\w.]+", other.text)
            if other is q or not tokens or not re.search(r"\W+".join(map(re.escape, tokens)), ratio):
                continue
            self.not_applied = [n for n in self.not_applied if n.text != other.text]
            value = next(e.value for e in reversed(self.edits) if e.file == first.rel and e.entry == first.entry)
            self.bindings.append(Binding(stated=other.text, file=first.rel, entry=first.entry, value=str(value)))
            self.assumptions.append(f"{other.text}: the ratio of the mixture's members, applied with {q.text}")
            taken.append(other)
        return taken

    def _refuse_other_dims(self, said: Said, places: list[Place],
                           stated: list[StatedQuantity]) -> StatedQuantity | None:
        """A symbol written with a unit none of its entries has ("mu 1e-3 Pa s" where mu is a
        magnetic permeability in H/m) is not applied, so no step writes it there by name; the
        quantity refused, else None. A name that is also a field of the case is left to the field binder."""
        named = [p for p in places if p.name in said.names]
        low = normalise(self.text).lower()
        q = next((s for s in stated if low.startswith(s.text.lower(), said.at)), None)
        if not said.symbol or q is None or not named or said.dims is None or not any(said.dims) or \
                any(p.dims is None for p in named) or any(n in self.base.fields() for n in said.names):
            return None
        self.model_said_at.add(said.at)
        where = ", ".join(sorted({f"{p.rel} {'/'.join(p.entry)} (in {unit_text(p.dims)})" for p in named}))
        self.refuse(q, f"{said.written} here is {where}; {q.text} has other dimensions: "
                       f"give it in the entry's units or name the property you mean")
        return q

    def _refuse_idle_named(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """The same refusal for values the by-name binder would place by a short symbol ("k 0.01
        m2/s"): every place of the name is a coefficient of a model the case does not use."""
        from tasks.plan.named import find_named

        index = self.entry_index()
        by_place = {(p.rel, tuple(p.entry)): p for p in self.model_places()}
        taken: list[StatedQuantity] = []
        for name, value, raw, at in find_named(self.text, index):
            if at in getattr(self, "model_said_at", set()):
                continue  # a value an earlier binder placed ("absorptivity 0.25 1/m": the radiation binder switched it on)
            places = [by_place.get((rel, tuple(entry))) for rel, entry in index[name]]
            said = Said(written=name, names=[name], symbol=True, value=value, raw=raw, at=at, name_at=at,
                        dims=unit_dims_after(normalise(self.text), at + len(re.match(r"\S+", raw).group(0))))
            if all(p is not None for p in places) and not fitting(said, places):
                refused = self._refuse_other_dims(said, places, stated)  # "d = 5 m/s" is no diameter
                taken += [refused] if refused is not None else []
                continue
            idle = [p for p in places if p is not None and inactive_model(self.planned_text(p.rel), p)]
            if not idle or len(idle) != len(places):
                continue
            taken += self._refuse_idle_coefficient(said, idle, stated)
        return taken

    def _refuse_idle_coefficient(self, said: Said, idle: list[Place],
                                 stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """A stated value whose only places are coefficients of a model the case does not use
        ("k 0.01 m2/s" where only BirdCarreauCoeffs has k and the case runs CrossPowerLaw) is not
        applied, unless the request names a model (the model switch then places it)."""
        from tasks.plan.models import spoken_model

        low = normalise(self.text).lower()
        models = sorted({m for key in with_canonical_models({}).values() for m in key} |
                        {p.entry[-2].removesuffix("Coeffs") for p in self.model_places() if p.entry[-2:-1] and
                         p.entry[-2].endswith("Coeffs")})
        q = next((s for s in stated if low.startswith(s.text.lower(), said.at)), None)
        words = without_coefficient_words(low, with_canonical_models({}).get("transportModel", {}))
        if q is None or any(re.search(rf"(?<![\w-]){spoken_model(m)}(?![\w-])", words) for m in models):
            return []  # a model is named: the model switch places its coefficients
        self.model_said_at.add(said.at)
        owners = ", ".join(sorted({p.entry[-2].removesuffix("Coeffs") for p in idle}))
        self.refuse(q, f"{said.written} is a coefficient of {owners}, which this case does not use; "
                       f"name the viscosity model to switch to it")
        return [q]

    def _refuse_missing_options(self, stated: list[StatedQuantity], places: list[Place]) -> list[StatedQuantity]:
        """A stated value for an option entry the base lacks ("temperature limits: min 250 K" with no
        limitTemperature fvOption) is not applied, so no other step writes it somewhere else (the
        initial temperature); returns those quantities."""
        low = normalise(self.text).lower()
        owners = {p.owner for p in places}
        taken: list[StatedQuantity] = []
        for said in said_values(self.text, [p for p in canonical_places() if p.owner not in owners]):
            fits = fitting(said, canonical_places())
            q = next((s for s in stated if low.startswith(s.text.lower(), said.at)), None)
            near = low[max(0, said.name_at - 40):said.at]
            fits = [p for p in fits if p.owner not in owners and
                    ((said.symbol and len(said.written) > 3) or owner_said(p.owner, near, said.written))]
            if q is None or not fits or any(q is t for t in taken) or any(p.name in said.names for p in places):
                continue
            self.model_said_at.add(said.at)
            taken.append(q)
            kinds = ", ".join(sorted({f"{p.owner} ({p.name})" for p in fits}))
            self.refuse(q, f"the base case has no {kinds} to set {said.written} in; choose a base with that "
                           f"option (fvOptions) or pass --example with one")
        return taken

    def place_by_meaning(self, names: list[str], q: StatedQuantity) -> Place | None:
        """The one place of the case that one of `names` holds with the stated unit's dimensions
        (the words before the value choose among several); None when none or several fit."""
        from tasks.plan.units import read_unit

        unit = read_unit(q.unit) if q.unit else None
        dims = tuple(unit.dims) if unit is not None else None
        fits = [p for p in self.model_places() if p.name in names and (dims is None or p.dims is None or
                                                                       tuple(p.dims) == dims)]
        if len(fits) > 1:
            fits = narrowed(fits, self._words_of(q)[1])
        return fits[0] if len(fits) == 1 else None
