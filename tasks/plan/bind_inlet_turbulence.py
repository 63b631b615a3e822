"""A turbulent length scale stated for the inflow ("turbulent length scale 1 cm", "mixing length
5 mm at the inlet"): the inlet's dissipation follows from it and the inlet k, as the mixing-length
inlet conditions compute it: epsilon = Cmu^0.75 k^1.5 / L, omega = k^0.5 / (Cmu^0.25 L).

A turbulence intensity for one of several inlets ("fuel 5 %, air 2 % intensity"): the inlet its
words name takes it, as its turbulentIntensityKineticEnergyInlet intensity, or, where the base
fixes k there, as k = 1.5 (I U)^2 with that inlet's stated (else the base's) speed."""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.physics_inlet import mixing_length_dissipation
from tasks.plan.bind_region_patches import own_patch
from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt, magnitude
from tasks.plan.stated import Binding, StatedQuantity, read_stated

_MIXING_LENGTH_INLETS = ("turbulentMixingLengthDissipationRateInlet", "turbulentMixingLengthFrequencyInlet")


def dissipation(field: str, k: float, length: float) -> float:
    """The inlet epsilon or omega of turbulence energy k (m2/s2) and mixing length `length` (m)."""
    epsilon, omega = mixing_length_dissipation(k, length)
    return epsilon if field == "epsilon" else omega


def intensity_k(intensity: float, speed: float) -> float:
    """The turbulence kinetic energy (m2/s2) of an intensity (a fraction) at a speed (m/s): 1.5 (I U)^2.
    Raises ValueError for a negative intensity or speed."""
    if intensity < 0 or speed < 0:
        raise ValueError(f"an intensity and a speed are not negative (got {intensity}, {speed})")
    return 1.5 * (intensity * speed) ** 2


def _uniform(raw: str | None) -> float | None:
    m = re.fullmatch(r"\s*uniform\s+([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*", raw or "")
    return float(m.group(1)) if m else None


class InletTurbulenceBinding:
    """The inlet's epsilon/omega from a stated turbulent length scale; an intensity at one of
    several inlets."""

    def bind_inlet_intensity(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """A turbulence intensity at the inlet its words name (the only one, or one of several: "the
        fuel jet at 5 %"): its k condition's intensity, else its fixed k = 1.5 (I U)^2 with the
        inlet's stated speed (else the base's), or, where another stated value already fixes that
        k, a check that the two agree. False when several inlets are named alike or none (the
        every-inlet binder goes on)."""
        patch = self._intensity_inlet(q)
        if patch is None:
            return False
        done = False
        for rel in self.base.field_rels("k"):
            kind = fd.get(self.base.text(rel) or "", ["boundaryField", patch, "type"]) or ""
            if kind == "turbulentIntensityKineticEnergyInlet":
                self.set(rel, ["boundaryField", patch, "intensity"], fmt(q.value),
                         f"turbulence intensity on {patch}", q)
                done = True
            elif kind == "fixedValue" and (speed := self._intensity_speed(patch, stated)):
                self._intensity_as_k(q, rel, patch, speed)
                done = True
        if not done and len(self.patches("inlet")) > 1:
            self.refuse(q, f"{patch} has no k condition to carry an intensity (nor a speed to turn it into k)")
            return True
        return done

    def _intensity_inlet(self, q: StatedQuantity) -> str | None:
        """The inlet an intensity is for: the only one, else the one its words name."""
        inlets = self.patches("inlet")
        if len(inlets) < 2:
            return inlets[0] if inlets else None
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0:
            return None
        clause, _ = self._words_of(q)
        return own_patch(clause.partition(q.text.lower())[0], text[at + len(q.text):], inlets,
                         self.carried_of("", inlets))

    def _intensity_as_k(self, q: StatedQuantity, rel: str, patch: str, speed: float) -> None:
        """A fixed inlet k from the intensity; where another stated value holds that k already
        ("k = 0.066 m2/s2, i.e. 3 % intensity"), the intensity is that value's when they agree
        (within 5 %), refused with both numbers when they do not."""
        k = intensity_k(q.value, speed)
        entry = ["boundaryField", patch, "value"]
        held = next((b for b in self.bindings if b.file == rel and b.entry == entry and b.stated != q.text), None)
        held_k = _uniform(held.value) if held is not None else None
        if held is not None and held_k and abs(k - held_k) <= 0.05 * held_k:
            self.bindings.append(Binding(stated=q.text, file=rel, entry=entry, value=held.value,
                                         how=f"{q.text} intensity at {fmt(speed)} m/s agrees with k = {fmt(held_k)}"))
            self.assumptions.append(f"{q.text} turbulence intensity at {fmt(speed)} m/s gives k = 1.5 (I U)^2 = "
                                    f"{fmt(k)} m2/s2, which agrees with {held.stated} on {patch}")
            return
        if held is not None:
            self.refuse(q, f"{held.stated} already fixes k on {patch}, and {q.text} at {fmt(speed)} m/s gives k = "
                           f"1.5 (I U)^2 = {fmt(k)} m2/s2; they disagree: state one of them")
            return
        self.set(rel, entry, f"uniform {fmt(k)}",
                 f"inlet k = 1.5 (I U)^2 with I = {fmt(q.value)}, U = {fmt(speed)} m/s on {patch}", q)
        self.assumptions.append(f"{q.text} turbulence intensity on {patch}: k = 1.5 (I U)^2 = {fmt(k)} m2/s2 with "
                                f"U = {fmt(speed)} m/s (the base fixes k there, so the intensity is written as k)")

    def _intensity_speed(self, patch: str, stated: list[StatedQuantity]) -> float | None:
        """The speed an intensity is a fraction of at an inlet: the stated one bound there, else
        (one inlet) the request's inlet velocity, even one a family recipe took, else the base's."""
        bound = [magnitude(b.value) for b in self.bindings if b.entry[:2] == ["boundaryField", patch]
                 and b.file.rsplit("/", 1)[-1] == self.u_field]
        if any(bound):
            return next(v for v in bound if v > 0)
        if len(self.patches("inlet")) == 1:
            said = [s for s in (*stated, *read_stated(self.text)) if s.role == "inlet_velocity" and s.value > 0]
            if said:
                return said[0].value
        return magnitude(self._patch_velocity(self.u_field, patch)) or None  # `$internalField` resolved

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
