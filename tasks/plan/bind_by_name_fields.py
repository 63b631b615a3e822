"""Binder steps for fields a request sets by name ("B 10 T (y)", "inlet T 5", "sludge alpha
0.002"): the internal field or the patches the words place the value on. Part of
`tasks.plan.bind_by_name.ByNameBinding`.
"""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_by_name_common import _stated_at
from tasks.plan.bind_relax import relaxation_said, residual_said
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.stated import StatedQuantity
from tasks.plan.stated_symbols import symbol_places

def _stated_vector_at(text: str, at: int, vector: list[float] | None,
                      stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated vector written at position `at` ("Us (0 -0.05 0) m/s": the velocity stated there)."""
    low = text.lower()
    return next((q for q in stated if vector is not None and q.vector is not None and low.startswith(q.text.lower(), at)
                 and len(q.vector) == len(vector)), None)


class FieldBinding:
    # fields set by name ("B 10 T (y)", "inlet T 5", "sludge alpha 0.002") -------------------
    _ROLE_FIELDS = ("U", "p", "p_rgh", "T")  # a value with a unit for these goes to its role's binder

    def bind_fields(self, stated: list[StatedQuantity], skip: list[StatedQuantity] = ()) -> list[StatedQuantity]:
        """Set the fields the request names with a value; returns the stated quantities taken
        (new ones for unit-less values are added to `stated`); `skip` are taken already."""
        from tasks.plan.fields import find_field_values

        taken: list[StatedQuantity] = []
        fields = [f for f in self.base.fields() if self.base.field_rels(f) and
                  "boundaryField" in (self.base.text(self.base.field_rels(f)[0]) or "")]
        dims = {}
        for f in fields:
            found = re.findall(r"-?\d+", fd.get(self.base.text(self.base.field_rels(f)[0]) or "", ["dimensions"]) or "")
            if len(found) >= 5:
                dims[f] = [int(x) for x in found] + [0] * (7 - len(found))
        tp = self.base.text("constant/transportProperties") or ""
        coupled_t = self.base.text("constant/thermophysicalProperties") is not None or \
            any(fd.find(tp, [k]) is not None for k in ("beta", "TRef", "Pr"))
        said = symbol_places(self.text)  # "T_in=320", "p_outlet2 = 0": "inlet T=320", the place its subscript names
        for fv in find_field_values(said, fields, list(self.roles), dims):
            low = normalise(said).lower()
            if self.in_control_words(fv.start, said) or relaxation_said(low, fv.start) or residual_said(low, fv.start):
                continue  # "relaxation factors: U 0.7, k 0.6": factors, set by name or as controls
            if fv.field == "T" and fv.named_as.lower() != "t" and coupled_t:
                continue  # "concentration", "tracer" name T only where T is a passive scalar
            same = _stated_at(normalise(said), fv.start, fv.text, fv.value, stated) \
                if fv.value is not None else _stated_vector_at(normalise(said), fv.start, fv.vector, stated)
            if same is not None and any(same is t for t in [*taken, *skip]):
                continue
            if same is not None and fv.field.split(".")[0] in self._ROLE_FIELDS and same.quantity != "fraction":
                continue  # "T 350 K", "p 1 bar": the role binders know kinematic pressure, regions, ...
            if same is not None and same.quantity != "parameter" and self._property_named(fv.field, fv.text):
                continue  # "vapour rho 0.02 kg/m3": the phase's property, not the solver's own rho field
            if same is not None and fv.value is None and same.vector is not None:
                fv = fv.model_copy(update={"vector": list(same.vector)})  # "(10 0 0) cm/s": the stated vector in SI
            q = same or StatedQuantity(text=f"{fv.field} {fv.text}", quantity="parameter",
                                       value=fv.value if fv.value is not None else
                                       math.sqrt(sum(x * x for x in fv.vector or [])), role=f"field:{fv.field}")
            if same is None:
                stated.append(q)
            self._set_field(fv, q)
            taken.append(q)
        return taken

    def _property_named(self, field: str, value_text: str) -> bool:
        """The case has a property entry of the field's name in constant/ whose dimensions the
        stated unit has (cavitatingFoam's water/rho beside its 0/rho): a symbol with property
        units is that property, set by the property binders."""
        from tasks.plan.bind_by_name_common import unit_dims_after

        m = re.match(r"\s*[-+\d.eE]+", value_text)
        dims = unit_dims_after(value_text, m.end()) if m else None
        return dims is not None and any(dims) and any(
            p.name == field and p.rel.startswith("constant/") and (p.dims is None or tuple(p.dims) == tuple(dims))
            for p in self.model_places())

    def _field_value(self, fv, raw: str) -> str | None:
        """The value to write where the base has `raw`: a scalar, a given vector, or a vector of
        the stated magnitude along the named axis, else along the base's own direction there."""
        if fv.vector is not None:
            return vec(fv.vector)
        if not _VECTOR.search(raw):
            return fmt(fv.value)
        direction = fv.axis or _direction(raw)
        return vec([fv.value * d for d in direction]) if direction else None

    def _set_field(self, fv, q: StatedQuantity) -> None:
        from tasks.plan.fields import spoken

        rels = self.base.field_rels(fv.field)
        text = self.base.text(rels[0]) or ""
        bcs = self.base.patch_bcs(fv.field)
        patches = list(fv.patches)
        for place in fv.places:
            if place in ("inlet", "outlet"):
                found = [p for p in self.patches(place) if p in bcs]
                source = self._source_patch(fv.field, " ".join((fd.get(text, ["internalField"]) or "").split())) \
                    if place == "inlet" and not found else None
                patches += found or ([source] if source else [])  # a DSMC boundaryU's one fixed inflow patch
            elif place == "body":  # "at the wire": the one fixed patch that is not a side of the domain
                sides = r"left|right|up|down|top|bottom|front|back|inlet|outlet|in|out|side|empty|default|atmosphere"
                inner = [p for p in bcs if self.roles.get(p) not in ("constraint", "inlet", "outlet") and
                         not re.fullmatch(rf"(?:{sides})\w*", spoken(p).split()[0] if spoken(p) else "")]
                patches += inner if len(inner) == 1 else []
            elif place == "wall":
                patches += [p for p in self.patches("wall") + self.patches("moving_wall")
                            if bcs.get(p) in ("fixedValue", "uniformFixedValue")]
        internal = "internal" in fv.places or not patches
        internal_raw = " ".join((fd.get(text, ["internalField"]) or "").split())
        if internal and not fv.places and not fv.patches:
            same = [p for p, bc in bcs.items() if bc == "fixedValue" and
                    " ".join((fd.get(text, ["boundaryField", p, "value"]) or "").split()) == internal_raw]
            fixed = [p for p, bc in bcs.items() if bc == "fixedValue"]
            if same and same == fixed and re.search(r"[1-9]", internal_raw):  # one uniform imposed field
                patches = same
                self.assumptions.append(f"{q.text}: the base holds {fv.field} uniform over the domain and its "
                                        f"fixed-value patches ({', '.join(same)}); all of them take it")
            elif (source := self._source_patch(fv.field, internal_raw)) is not None:
                patches = [source]
                internal = False
                self.assumptions.append(f"{q.text}: {fv.field} is zero in the domain and set on {source} only in the "
                                        f"base (its source); {source} takes it")
            else:
                self.assumptions.append(f"{q.text}: no place named, so the initial {fv.field} (internalField)")
        if not patches and not internal:
            self.refuse(q, f"{fv.field} has no patch there (patches: {', '.join(bcs)})")
            return
        missing = False
        for rel in rels:
            text = self.base.text(rel) or ""
            if internal:
                raw = fd.get(text, ["internalField"]) or ""
                value = self._field_value(fv, raw if raw.startswith("uniform") else (_VECTOR.search(raw) and
                                                                                      _VECTOR.search(raw).group(0)) or raw)
                if value is None:
                    missing = True
                else:
                    self.set(rel, ["internalField"], f"uniform {value}", f"initial {fv.field}", q)
                    if fv.field == "T":
                        self._companion_temperatures(rel, fmt(fv.value), q)
            for patch in dict.fromkeys(patches):
                bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
                key = {"uniformFixedValue": "uniformValue", "inletOutlet": "inletValue",
                       "freestream": "freestreamValue"}.get(bc, "value")
                raw = fd.get(text, ["boundaryField", patch, key]) or internal_raw
                value = self._field_value(fv, raw)
                if value is None:
                    missing = True
                    continue
                value = f"constant {value}" if key == "uniformValue" else f"uniform {value}"
                if bc in ("fixedValue", "uniformFixedValue", "inletOutlet", "freestream", "") and \
                        (key != "value" or fd.find(text, ["boundaryField", patch, "value"]) is not None or bc == ""):
                    self.set(rel, ["boundaryField", patch, key], value, f"{fv.field} on {patch}", q)
                else:
                    self.hold_fixed(rel, patch, value, fv.field, bc, q,
                                    f"{patch} holds {fv.field} = {fv.text} (fixedValue instead of {bc})")
        if missing:
            self.refuse(q, f"{fv.field} is a vector: say its direction ('in y', '(0 1 0)') or give the vector")

    def _source_patch(self, field: str, internal_raw: str) -> str | None:
        """The one fixed-value patch with a non-zero value of a field that is zero in the domain
        (electrostaticFoam's charge density on the wire): where a value for the field goes."""
        if re.search(r"[1-9]", internal_raw) or not internal_raw.startswith("uniform"):
            return None
        text = self.base.text(self.base.field_rels(field)[0]) or ""
        sources = [p for p, bc in self.base.patch_bcs(field).items() if bc == "fixedValue" and
                   re.search(r"[1-9]", _leaves_get(text, ["boundaryField", p, "value"]))]
        return sources[0] if len(sources) == 1 else None

    def _companion_temperatures(self, rel: str, value: str, q: StatedQuantity) -> None:
        """The other temperatures of the same gas start with T: the unburnt-gas Tu of a premixed
        flame, each phase's T.<phase>, when the base starts them at T's value."""
        folder, name = rel.rsplit("/", 1)
        if name.removesuffix(".orig") != "T":
            return  # a phase's own temperature (T.particles) leaves the other phases alone
        base_t = " ".join((fd.get(self.base.text(rel) or "", ["internalField"]) or "").split())
        for other in self.base.fields():
            if other == "T" or not re.fullmatch(r"T(?:u|\.\w+)", other):
                continue
            orel = f"{folder}/{other}"
            otext = self.base.text(orel)
            if otext is None or " ".join((fd.get(otext, ["internalField"]) or "").split()) != base_t:
                continue
            if any(e.file == orel and e.entry == ["internalField"] for e in self.edits):
                continue
            self.set(orel, ["internalField"], f"uniform {value}", f"initial {other} = initial T", q)
            self.assumptions.append(f"{other} starts at the initial T too (the base starts both at {base_t})")
