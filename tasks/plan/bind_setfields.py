"""Binding initial states by region: a pressure or temperature for one part of a
setFields-initialised domain, a filled fraction of the domain. Mixed into
`tasks.plan.bind.Binder`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import fmt
from tasks.plan.bind_setfields_extent import fraction_side
from tasks.plan.bind_setfields_fill import Fill, place_fill
from tasks.plan.bind_setfields_parts import Placed, place_values
from tasks.plan.extract import normalise
from tasks.plan.regions import DEFAULT, SetFields, read_set_fields, said_initial, set_default, set_region, target_for
from tasks.plan.stated import FLUID_AFTER, Binding, StatedQuantity


_RELS = "system/setFieldsDict"


class SetFieldsBinding:
    """Initial values of setFields regions."""

    _REGION_FIELDS = {"pressure": "p", "temperature": "T"}

    _PATCH_WORDS = ("wall", "inlet", "outlet", "inflow", "outflow", "boundary", "patch", "face", "lid")

    def _bounds(self) -> list[tuple[float, float]] | None:
        ext = self.base.extents()
        return [(self._origin(i), self._origin(i) + ext[i]) for i in range(3)] if ext else None

    def bind_region(self, q: StatedQuantity) -> bool:
        """A pressure or temperature for one part of a setFields-initialised domain ("the left
        half at 2 bar", "the bubble at 600 K", "driver gas 200 kPa"): the region's fieldValues
        or the defaultFieldValues (the rest of the domain). False when the words name no part."""
        field = self._REGION_FIELDS.get(q.quantity)
        rel = "system/setFieldsDict"
        if field is None or q.role in ("inlet_pressure", "outlet_pressure", "inlet_temperature",
                                       "reference_temperature") or not self.base.text(rel):
            return False
        sf = read_set_fields(self.base.text(rel) or "")
        if not sf.holds(field) or not self.base.field_rels(field):
            return False
        clause, sentence = self._words_of(q)
        patches = [p.lower() for p in self.roles if len(p) > 2]
        if any(re.search(rf"\b{re.escape(w)}s?\b", clause) for w in (*self._PATCH_WORDS, *patches)):
            return False  # a boundary value: the patch binders place it
        own = clause[clause.find(q.text.lower()) + len(q.text):] if q.text.lower() in clause else ""
        fluid = q.role == "initial_temperature" and field in sf.default and FLUID_AFTER.match(own)
        target = DEFAULT if fluid else self._part_of(q, sf)  # "20 degC air": the fluid; "10 bar on the left and 1
        if target is None:  # bar on the other side": the parts read over the request
            target = target_for(clause, field, sf, self._bounds())
        if target is None and field in sf.default and said_initial(clause, q.text):
            target = DEFAULT  # "the air initially at 290 K": the domain's initial state
        if target is None:
            target = target_for(sentence, field, sf, self._bounds())
        if target is None and q.role in ("ambient_pressure", "initial_temperature") and field in sf.default:
            target = DEFAULT
        if target is None:
            return False
        rho_q = None
        if field == "p":
            self._rho_q = None
            pv = self._pressure_value(q)
            if pv is None:
                return True  # refused, with the reason
            value = pv[0]
            rho_q = self._rho_q if pv[1] == "kinematic" else None
        else:
            value = fmt(q.value)
        if value is None:
            return False
        values = sf.default if target == DEFAULT else sf.regions[target].values
        fields = [field] + (["p_rgh"] if field == "p" and "p_rgh" in values and self.base.field_rels("p_rgh") else [])
        key = "defaultFieldValues" if target == DEFAULT else "regions"
        where = "the rest of the domain (defaultFieldValues)" if target == DEFAULT else \
            f"setFields region {target + 1} ({sf.regions[target].selector})"
        for name in fields:
            earlier = next((b for b in self.bindings if b.file == rel and b.entry == [key] and
                            b.value.split()[1:2] == [name] and b.stated != q.text), None)
            if earlier is not None and name == field:
                self.refuse(q, f"{earlier.stated} already sets {name} in {where}; say which part of the domain "
                               f"{q.text} is for")
                return True
            raw = self.current(rel, key)
            new = set_default(raw, name, value) if target == DEFAULT else set_region(raw, target, name, value)
            self.set(rel, [key], new, f"{name} = {value} in {where}")
            self.bindings.append(Binding(stated=q.text, file=rel, entry=[key], value=f"volScalarFieldValue {name} {value}",
                                         how=f"initial {name} in {where}"))
            if rho_q is not None and name == field:  # the stated density, applied through p/rho
                self.bindings.append(Binding(stated=rho_q.text, file=rel, entry=[key],
                                             value=f"volScalarFieldValue {name} {value}",
                                             how=f"density of the kinematic pressure {q.text} / {rho_q.text}"))
        self.assumptions.append(f"{q.text} is the initial {field} of {where}: setFields writes it over the "
                                f"internalField")
        if field == "p" and target == DEFAULT:  # the domain's level: p, p_rgh, patch values, pRefValue follow
            self.follow_domain_pressure(q, value, sf.value(DEFAULT, "p"))
        return True

    _NOT_PARTS = ("inlet_pressure", "outlet_pressure", "inlet_temperature", "reference_temperature")

    def _part_of(self, q: StatedQuantity, sf: SetFields) -> int | None:
        """The part of the domain q's words, read with the other stated pressures and temperatures,
        give it (tasks.plan.bind_setfields_parts), or None."""
        low = normalise(self.text).lower()
        values = [Placed(i, self._REGION_FIELDS[s.quantity], at, at + len(s.text))
                  for i, s in enumerate(self._stated) if s.quantity in self._REGION_FIELDS and
                  s.role not in self._NOT_PARTS and (at := self.value_at(low, s)) >= 0]
        key = next((i for i, s in enumerate(self._stated) if s is q), None)
        if key is None or not any(v.key == key for v in values):
            return None
        return place_values(low, values, sf, self._bounds()).get(key)

    def _fill_fraction(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A stated fraction of the domain filled ("a third full", "60 % of the vessel height", "the
        left 25 %"): the interface of the base's setFields box, from the end the words name (the
        floor when they say how full, else the left), as tasks.plan.bind_setfields_fill places it."""
        raw = self.current(_RELS, "regions") if self.base.text(_RELS) else ""
        bounds = self._bounds() if raw else None
        said = self._side_word(q)  # an end of the domain, not "inner" of "the sloshing cylinder"
        side = said if said in ("left", "right", "bottom", "top") else \
            self._extent_side(q) or ("bottom" if self._says_full(q) else "left")
        if bounds is None or place_fill(self, Fill("fraction", q.value, side, q.text, q), raw, bounds) is None:
            self.refuse(q, "the base case has no one setFields box region that reaches an end of the domain to "
                           "fill a fraction of it with; name the region's corners instead")

    def _extent_side(self, q: StatedQuantity) -> str | None:
        """The end the fraction is measured from, by the extent its words name ("of its height")."""
        low = normalise(self.text).lower()
        at = self.value_at(low, q)
        if at < 0:
            return None
        return fraction_side(low[max(0, at - 40):at], low[at + len(q.text):at + len(q.text) + 40])

    _FULL_WORDS = re.compile(r"\b(?:full|filled|fill(?:s|ing)?|level|deep|depth|up\s+to|half[\s-]?way)\b")

    def _says_full(self, q: StatedQuantity) -> bool:
        """The fraction's clause says how full the domain is ("a third full", "filled to 40 %")."""
        clause, _ = self._words_of(q)
        return bool(self._FULL_WORDS.search(clause))

    def _origin(self, axis: int) -> float:
        """The domain's low end along `axis`, from the blockMeshDict as blockMesh reads it (its
        `$name` macros expanded: "($radiusNeg $radiusNeg $zMin)"), as `extents` measures it."""
        text = self.base.mesh_text() or self.base._template_mesh_text() or ""  # an m4 template's expansion
        scale = fd.get(text, ["convertToMeters"]) or fd.get(text, ["scale"]) or "1"
        try:
            factor = float(scale)
        except ValueError:
            factor = 1.0
        pts = [float(m.groups()[axis]) * factor for m in _VECTOR.finditer(fd.strip_comments(fd.get(text, ["vertices"]) or ""))]
        return min(pts) if pts else 0.0
