"""A turbulent length scale stated for the inflow ("turbulent length scale 1 cm", "mixing length
5 mm at the inlet"): the inlet's dissipation follows from it and the inlet k, as the mixing-length
inlet conditions compute it: epsilon = Cmu^0.75 k^1.5 / L, omega = k^0.5 / (Cmu^0.25 L)."""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.physics_inlet import mixing_length_dissipation
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

_MIXING_LENGTH_INLETS = ("turbulentMixingLengthDissipationRateInlet", "turbulentMixingLengthFrequencyInlet")


def dissipation(field: str, k: float, length: float) -> float:
    """The inlet epsilon or omega of turbulence energy k (m2/s2) and mixing length `length` (m)."""
    epsilon, omega = mixing_length_dissipation(k, length)
    return epsilon if field == "epsilon" else omega


def _uniform(raw: str | None) -> float | None:
    m = re.fullmatch(r"\s*uniform\s+([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*", raw or "")
    return float(m.group(1)) if m else None


class InletTurbulenceBinding:
    """The inlet's epsilon/omega from a stated turbulent length scale."""

    def _mixing_length(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if q.value <= 0:
            self.refuse(q, "a mixing length must be positive")
            return
        inlets = self.patches("inlet")
        done = False
        for field in ("epsilon", "omega"):
            for rel in self.base.field_rels(field):
                text = self.base.text(rel) or ""
                for patch in inlets:
                    kind = fd.get(text, ["boundaryField", patch, "type"]) or ""
                    if kind in _MIXING_LENGTH_INLETS:
                        self.set(rel, ["boundaryField", patch, "mixingLength"], fmt(q.value), "inlet mixing length", q)
                        done = True
                    elif kind == "fixedValue" and (k := self._inlet_k(patch, stated)) is not None:
                        value = dissipation(field, k, q.value)
                        self.set(rel, ["boundaryField", patch, "value"], f"uniform {fmt(value)}",
                                 f"inlet {field} from k = {fmt(k)} and the mixing length {q.text}", q)
                        self.assumptions.append(f"inlet {field} = {fmt(value)} from k = {fmt(k)} m2/s2 and the "
                                                f"length scale {q.text}")
                        done = True
        if not done:
            self.refuse(q, "the base case's inlet has no epsilon or omega to set from a turbulent length scale")

    def _inlet_k(self, patch: str, stated: list[StatedQuantity]) -> float | None:
        """The inlet k: from a stated intensity and the inlet speed, else the base's own inlet value."""
        intensity = next((s.value for s in stated if s.role == "turbulence_intensity"), None)
        speed = next((s.value for s in stated if s.role == "inlet_velocity"), None) or self._base_speed()
        if intensity and speed:
            return 1.5 * (intensity * speed) ** 2
        for rel in self.base.field_rels("k"):
            k = _uniform(fd.get(self.base.text(rel) or "", ["boundaryField", patch, "value"]))
            if k:
                return k
        return None
