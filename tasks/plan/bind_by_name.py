"""Binder steps for values a request gives by name: a field of the base ("B 10 T (y)",
"inlet T 5", "sludge alpha 0.002") and a selectable model with its coefficients ("a
Bird-Carreau fluid, nu0 0.01, n 0.5"). Mixed into `tasks.plan.bind.Binder`, whose recording
(`set`, `refuse`), patch roles and base view they use.
"""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR as _VECTOR
from tasks.plan.foam_values import direction as _direction
from tasks.plan.foam_values import fmt, vec
from tasks.plan.foam_values import leaves as _leaves
from tasks.plan.stated import Binding, StatedQuantity


class ByNameBinding:
    # models switched by name ("a Bird-Carreau fluid: nu0 0.01, n 0.5") ------------------------
    def bind_models(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Switch a selectable model the request names (transportModel CrossPowerLaw ->
        BirdCarreau) and set the coefficients it states in <Model>Coeffs; the coefficient
        names and defaults come from a tutorial that uses the model."""
        from tasks.core.config import get_settings
        from tasks.plan.models import model_table, named_model, switchable
        from tasks.plan.named import (
            _LINK,
            _SYMBOL_LINK,
            _value_after,
            aliases,
            stated_for,
        )

        table = model_table(str(get_settings().tutorials_dir))
        taken: list[StatedQuantity] = []
        text = normalise(self.text)
        for rel in self._dictionaries():
            body = self.base.text(rel) or ""
            for entry, raw in _leaves(body):
                key, current = entry[-1], raw.strip()
                models = [m for m in table.get(key, {}) if switchable(key, m)]
                if not models or not re.fullmatch(r"\w+", current):
                    continue
                hit = named_model(text, models + ([current] if current not in models else []))
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
        for fv in find_field_values(self.text, fields, list(self.roles), dims):
            if fv.field == "T" and fv.named_as.lower() != "t" and coupled_t:
                continue  # "concentration", "tracer" name T only where T is a passive scalar
            same = _stated_at(normalise(self.text), fv.start, fv.text, fv.value, stated) \
                if fv.value is not None else None
            if same is not None and any(same is t for t in [*taken, *skip]):
                continue
            if same is not None and fv.field.split(".")[0] in self._ROLE_FIELDS and same.quantity != "fraction":
                continue  # "T 350 K", "p 1 bar": the role binders know kinematic pressure, regions, ...
            q = same or StatedQuantity(text=f"{fv.field} {fv.text}", quantity="parameter",
                                       value=fv.value if fv.value is not None else
                                       math.sqrt(sum(x * x for x in fv.vector or [])), role=f"field:{fv.field}")
            if same is None:
                stated.append(q)
            self._set_field(fv, q)
            taken.append(q)
        return taken

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
                patches += [p for p in self.patches(place) if p in bcs]
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

    def _companion_temperatures(self, rel: str, value: str, q: StatedQuantity) -> None:
        """The other temperatures of the same gas start with T: the unburnt-gas Tu of a premixed
        flame, each phase's T.<phase>, when the base starts them at T's value."""
        folder = rel.rsplit("/", 1)[0]
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


def _stated_at(text: str, at: int, raw: str, value: float, stated: list[StatedQuantity]) -> StatedQuantity | None:
    """The stated quantity written `raw` at position `at` of the (normalised) request: with
    "lambda 2 s ... endTime 2 s", the second "2 s" is the second stated one."""
    same = [q for q in stated if q.text.strip() == raw.strip() and abs(q.value - value) <= 1e-9 * max(1.0, abs(value))]
    nth = len(re.findall(rf"(?<![\w.]){re.escape(raw.strip())}", text[:at]))
    return same[nth] if nth < len(same) else (same[-1] if same else None)
