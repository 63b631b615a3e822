"""Binder steps for models and coefficients a request names: a selectable model switched by
name with its coefficients ("a Bird-Carreau fluid, nu0 0.01, n 0.5"), properties set by their
meaning ("an ion mobility of 2e-4 m2/(V s)"), a porous zone's Darcy / Forchheimer coefficients,
and one entry name the base has in several dictionaries ("emissivity 0.8"). Part of
`tasks.plan.bind_by_name.ByNameBinding`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from tasks.core.config import get_settings
from tasks.foam import dictionary as fd
from tasks.plan.bind_model_entries import (
    ModelEntryBinding,
    canonical_models,
    with_canonical_models,
    without_coefficient_words,
    written_value,
)
from tasks.plan.bind_kept_preprocessing import KeptPreprocessingBinding
from tasks.plan.bind_kept_sources import KeptSourceBinding, clause_around, global_axis_said, local_component, zone_axes
from tasks.plan.bind_kept_switches import KeptSwitchBinding
from tasks.plan.bind_model_places import Said
from tasks.plan.bind_by_name_common import _stated_at, entry_dims, place_said, unit_dims_after, unit_factor_after
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import fmt, vec
from tasks.plan.foam_values import leaves as _leaves
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.stated import Binding, StatedQuantity

if TYPE_CHECKING:
    from tasks.plan.named import PorousValue


class ModelBinding(ModelEntryBinding, KeptSwitchBinding, KeptPreprocessingBinding, KeptSourceBinding):
    # models switched by name ("a Bird-Carreau fluid: nu0 0.01, n 0.5") ------------------------
    def bind_models(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Switch a selectable model the request names (transportModel CrossPowerLaw ->
        BirdCarreau) and set the coefficients it states in <Model>Coeffs; the coefficient
        names and defaults come from a tutorial that uses the model."""
        from tasks.plan.models import model_table, named_model, switchable
        from tasks.plan.named import (
            _LINK,
            _SYMBOL_LINK,
            _value_after,
            aliases,
            stated_for,
        )

        self.add_kept_switches(stated)  # "switch ISAT off": bound with the other switches (bind_controls)
        table = with_canonical_models(model_table(str(get_settings().tutorials_dir)))
        # values a pre-processing dictionary writes (a porous baffle's D, caseProperties' lid U)
        # and values kept in fvOptions sources (a fixedCoeff alpha, a zone's temperature, Ubar)
        taken: list[StatedQuantity] = self.bind_kept_values(stated) + [q for q in stated if self.bind_group_velocity(q)]
        taken += self.bind_kept_sources(stated)
        taken += self.bind_model_entries(stated)
        taken += self._porous_coefficients(stated) + self._named_in_several_files(stated)
        text = normalise(self.text)
        for rel in self._dictionaries():
            body = self.base.text(rel) or ""
            for entry, raw in _leaves(body):
                key, current = entry[-1], raw.strip()
                models = [m for m in table.get(key, {}) if switchable(key, m) or m in canonical_models().get(key, {})]
                if not models or not re.fullmatch(r"\w+", current):
                    continue
                hit = named_model(without_coefficient_words(text, table.get(key, {})),
                                  models + ([current] if current not in models else []))
                if hit is None:
                    continue
                model = hit[0]
                coeffs_path = entry[:-1] + [f"{model}Coeffs"]
                have = fd.get(body, coeffs_path) is not None
                coeffs = {e[-1]: v for e, v in _leaves(body) if e[:-1] == coeffs_path} if have else \
                    dict(table.get(key, {}).get(model, {}))
                if not coeffs:
                    continue
                if model != current:
                    self.set(rel, entry, model, f"{key} {model} (named in the request; was {current})")
                    self.assumptions.append(f"{key} {model} instead of the base's {current}; coefficients not "
                                            f"stated keep {'the base' if have else 'a tutorial'}'s values")
                phrases = {c: [c] + [p for p, names in aliases().items() if c in names] for c in coeffs}
                stated_coeffs: dict[str, tuple[StatedQuantity, float]] = {}
                used: set[int] = set()  # a value goes to one coefficient ("consistency index 5" is k, not n)
                pairs = sorted(((c, n) for c, names in phrases.items() for n in names), key=lambda cn: -len(cn[1]))
                for coeff, name in pairs:  # longest phrase first: "consistency index" before "index"
                    flags = re.I if name != coeff else 0
                    for m in re.finditer(rf"(?<![\w.'-]){re.escape(normalise(name))}(?![\w.'-])", text, flags):
                        got = _value_after(text, m.end(), _SYMBOL_LINK if name == coeff else _LINK)
                        if not got or coeff in stated_coeffs or got[2] in used:
                            continue
                        used.add(got[2])
                        q = _stated_at(text, got[2], got[1], got[0], stated) or \
                            stated_for((coeff, got[0], got[1], got[2]), [])
                        if any(q is t for t in taken):
                            continue
                        if q not in stated:
                            stated.append(q)
                        stated_coeffs[coeff] = (q, got[0])
                        taken.append(q)
                for coeff, (q, value) in stated_coeffs.items():
                    coeffs[coeff] = self._keep_dims(coeffs[coeff], value)
                if have:
                    for coeff, (q, _) in stated_coeffs.items():
                        self.set(rel, coeffs_path + [coeff], coeffs[coeff], f"{model} {coeff}", q)
                else:
                    self.set(rel, coeffs_path, coeffs, f"{model} coefficients (from a tutorial that uses it)")
                    for coeff, (q, _) in stated_coeffs.items():
                        self.bindings.append(Binding(stated=q.text, file=rel, entry=coeffs_path + [coeff],
                                                     value=coeffs[coeff], how=f"{model} {coeff}"))
        return taken

    # properties by their meaning ("an ion mobility of 2e-4 m2/(V s)", "5 mS/cm") --------------
    _MEANINGS: ClassVar[dict[str, str]] = {"mobility": "mobility", "conductivity": "electrical conductivity",
                                           "charge_density": "charge density", "surface_tension": "surface tension",
                                           "thermal_conductivity": "thermal conductivity",
                                           "specific_heat": "specific heat"}

    def _by_meaning(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A quantity whose unit says what it is: the one entry of the base that the quantity's
        name means (canonical/entry_names.yaml), keeping its dimension set."""
        from tasks.plan.named import aliases

        phrase = self._MEANINGS[q.role]
        names = aliases().get(phrase, [])
        index = self.entry_index()
        for name in names:
            if len(index.get(name, [])) == 1:
                rel, entry = index[name][0]
                self.set(rel, entry, self._keep_dims(_leaves_get(self.base.text(rel) or "", entry), q.value), phrase, q)
                return
        place = self.place_by_meaning(names, q)  # a region's dictionary, a property field (jouleHeatingSource:sigma)
        said = Said(written=phrase, names=names, symbol=False, value=q.value, raw=q.text, at=0, name_at=0)
        value = written_value(place, said) if place is not None else None
        if place is not None and value is not None:
            self.set(place.rel, place.entry, value, f"{phrase} ({place.owner or place.rel})", q)
            return
        self.refuse(q, f"the base case has no {phrase} entry ({', '.join(names) or 'none known'})")

    # (a thermal conductivity has its own binder, ThermalFluxBinding, which ends in a refusal of its own)
    _mobility = _conductivity = _charge_density = _surface_tension = _specific_heat = _by_meaning

    # a porous zone's resistance ("a Darcy coefficient of 1e8 m^-2") ----------------------------
    def _darcy(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """The Darcy coefficient of the base's DarcyForchheimer zone (porosityProperties, fvOptions'
        explicitPorositySource): a scalar D that d refers to ($D), else the positive components
        of the vector d (a negative one is a multiple of the largest and stays)."""
        done = False
        isotropic = bool(re.search(r"\bisotropic|\bevery direction|\ball directions", self._words_of(q)[1]))
        for rel in self._dictionaries():
            text = self.base.text(rel) or ""
            for entry, raw in _leaves(text):
                if entry[-1] not in ("D", "d") or fd.get(text, entry[:-1] + ["type"]) != "DarcyForchheimer":
                    continue
                if entry[-1] == "D" and re.fullmatch(r"[-+\d.eE]+", raw.strip()):
                    self.set(rel, entry, fmt(q.value), "Darcy coefficient", q)
                    done = True
                elif entry[-1] == "d" and "$" not in raw and _VECTOR.search(raw):
                    numbers = [float(x) for x in _VECTOR.search(raw).groups()]
                    new = vec([q.value if x > 0 or isotropic else x for x in numbers])
                    self.set(rel, entry, _VECTOR.sub(new, raw, count=1), "Darcy coefficient (d)", q)
                    done = True
        if not done:
            self.refuse(q, "the base case has no DarcyForchheimer porous zone (porosityProperties or fvOptions) "
                           "to set a Darcy coefficient in")

    # the kind of quantity (tasks.plan.units) each coefficient's unit makes: d in 1/m2 ("darcy"), f in 1/m
    _POROUS_KINDS: ClassVar[dict[str, str]] = {"d": "darcy", "f": "inverse_length"}

    def _porous_coefficients(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """The d / f vectors of the base's DarcyForchheimer zones the request names by symbol or
        meaning ("d = (5e7 -1000 -1000)", "Darcy d 1e8 along e1", "inertial coefficient 0.5
        1/m"): a stated unit must have the entry's dimensions (d 1/m2, f 1/m); returns the
        stated quantities taken (new unit-less ones are added to `stated`)."""
        from tasks.plan.named import find_porous_values, porous_vector

        zones = [(rel, entry, raw) for rel in self._dictionaries()
                 for entry, raw in _leaves(self.base.text(rel) or "")
                 if entry[-1] in ("d", "f") and _VECTOR.search(raw) and "$" not in raw
                 and fd.get(self.base.text(rel) or "", entry[:-1] + ["type"]) == "DarcyForchheimer"]
        if not zones:
            return []
        text = normalise(self.text)
        low = text.lower()
        taken: list[StatedQuantity] = []
        for found in find_porous_values(text):
            if not any(entry[-1] == found.key for _, entry, _ in zones):
                continue  # "d ($D $D $D)": the scalar D is the Darcy binder's
            q = next((s for s in stated if low.startswith(s.text.lower(), found.at)), None)
            if q is not None and q.quantity not in ("parameter", self._POROUS_KINDS[found.key]):
                self.refuse(q, f"{found.key} of a DarcyForchheimer zone is in 1/m{'2' if found.key == 'd' else ''}; "
                               f"{q.text} has other dimensions: state it per m{'^2' if found.key == 'd' else ''}")
                taken.append(q)
                continue
            if q is None:
                q = StatedQuantity(text=f"{found.key} {found.raw}", quantity="parameter",
                                   value=found.value if found.value is not None else found.vector[0],
                                   role=f"entry:{found.key}", vector=found.vector)
                stated.append(q)
            elif found.value is not None:
                found = found.model_copy(update={"value": q.value})  # in SI: "5e4 cm^-2" is 5e8 m^-2
            if not self.porous_axis_ok(q, found, zones, low):
                taken.append(q)
                continue
            for rel, entry, raw in zones:
                if entry[-1] != found.key:
                    continue
                old = [float(x) for x in _VECTOR.search(raw).groups()]
                new = vec(porous_vector(old, found))
                way = "every direction" if found.component is None and found.vector is None else \
                    ("the whole vector" if found.vector is not None else f"e{found.component + 1}")
                self.set(rel, entry, _VECTOR.sub(new, raw, count=1), f"porous {found.key} ({way}) as stated", q)
            taken.append(q)
        return taken

    def porous_axis_ok(self, q: StatedQuantity, found: PorousValue, zones: list[tuple[str, list[str], str]],
                       low: str) -> bool:
        """Put a scalar said "in x" (a global axis) in the zone's local component along x (e1
        of a straight duct); refuse it (False) when no local axis of the zone lies along x."""
        words = clause_around(low, found.at)
        axis = global_axis_said(words)
        if axis is None or found.value is None or found.component is None:
            return True
        rel, entry, _ = next(z for z in zones if z[1][-1] == found.key)
        component = local_component(zone_axes(self.base.text(rel) or "", tuple(entry)), axis)
        if component is None:
            self.refuse(q, f"{'xyz'[axis]} is no axis of the base's porous zone (see its coordinateSystem); "
                           f"say along the duct (e1), e2 or e3, or every direction")
            return False
        found.component = component
        return True

    # one name in several dictionaries ("emissivity 0.8": a wall's or the gas's) ---------------
    def _named_in_several_files(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """A value set by an entry's name (or meaning) that the base has in several dictionaries:
        the one place whose dimension set the stated unit has ("absorptivity 0.2 1/m" is the
        medium's [0 -1 0 0 0 0 0], not a wall's pure number), else the one the words place
        (a wall's, the gas's); a refusal naming the places otherwise. Places in one file (each
        phase's rho) and relaxation factors are left to the by-name binder."""
        from tasks.plan.bind_relax import is_relaxation_entry, is_residual_entry
        from tasks.plan.named import find_named, stated_for

        index = self.entry_index()
        text = normalise(self.text)
        low = text.lower()
        taken: list[StatedQuantity] = []
        for match in find_named(self.text, index):
            name, value, raw, at = match
            if at in getattr(self, "model_said_at", ()):
                continue  # set by the model-entry search (bind_model_entries)
            where = index[name]
            if len({rel for rel, _ in where}) < 2 or any(is_relaxation_entry(*w) or is_residual_entry(*w) for w in where):
                continue
            near = low[max(0, at - 40):at]
            if len([w for w in where if any(part.lower() in near for part in w[1][:-1] + [w[0].rsplit("/", 1)[-1]])]) == 1:
                continue  # its words name the place: the by-name binder's
            number = re.match(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw)
            dims = unit_dims_after(text, at + (number.end() if number else len(raw)))
            fit = [w for w in where if dims is not None and entry_dims(_leaves_get(self.base.text(w[0]) or "", w[1])) == dims]
            if fit and number and number.end() == len(raw.strip()):  # "0.002 1/cm": the number in the unit written
                value = value * unit_factor_after(text, at + number.end())
            if not fit:
                fit = [w for w in where if place_said(w[0], near + low[at:at + 60])]
            q = stated_for(match, stated, text)
            if len(fit) != 1 and q in stated:
                continue  # a stated quantity of a known kind: its role binder may place it
            if q not in stated:
                stated.append(q)
            taken.append(q)
            if len(fit) != 1:
                places = ", ".join(f"{rel} ({'/'.join(entry)})" for rel, entry in where)
                self.refuse(q, f"the base has {name} in several places: {places}; say which (a wall's "
                               f"or the medium's) or give its unit")
                continue
            rel, entry = fit[0]
            self.set(rel, entry, self._keep_dims(_leaves_get(self.base.text(rel) or "", entry), value),
                     f"{name} = {fmt(value)} (named in the request; {rel})", q)
        return taken
