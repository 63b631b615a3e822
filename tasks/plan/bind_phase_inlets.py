"""The inlet velocity of one phase of an Euler-Euler case ("liquid enters at 1.5 m/s", "gas
superficial velocity 0.1 m/s"): it goes to the U.<phase> of the phase named next to the value
(the base's phases, from phaseProperties or transportProperties `phases`), in the entry that
phase's inlet condition reads: interstitialInletVelocity inletVelocity (a superficial velocity),
fixedValue value (the phase's own, interstitial velocity), mapped `average` (with setAverage);
a phase injected by fvOptions sources takes the speed as its momentum source (mass rate x speed).
A superficial velocity is alpha times the interstitial one, alpha the phase's fraction at the
inlet: a value said as one kind is converted to the kind the entry holds, and the record says which.
Mixed into `tasks.plan.bind.Binder` through `tasks.plan.bind_velocity.VelocityBinding`.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_inlets import field_patches, with_vector
from tasks.plan.bind_parts_phase_words import listed_phases, phase_named
from tasks.plan.foam_values import direction, fmt, vec
from tasks.plan.stated import StatedQuantity

_PHASE_FILES = ("constant/phaseProperties", "constant/transportProperties")
FV_OPTIONS = "constant/fvOptions"
# the entry of each phase inlet condition that holds the speed, and the kind of speed it is
SPEED_ENTRIES = {"interstitialInletVelocity": ("inletVelocity", "superficial"),
                 "fixedValue": ("value", "interstitial"),
                 "mapped": ("average", "interstitial")}
_SUPERFICIAL = re.compile(r"\bsuperficial\b|\bvolumetric flux\b|\bvolume flux\b")
_INTERSTITIAL = re.compile(r"\binterstitial\b|\bphysical velocity\b|\bactual velocity\b|\bphase velocity\b")


def speed_kind_said(words: str) -> str | None:
    """Whether the words call a velocity superficial or interstitial (None: neither)."""
    if _SUPERFICIAL.search(words):
        return "superficial"
    return "interstitial" if _INTERSTITIAL.search(words) else None


def converted_speed(speed: float, said: str | None, held: str, alpha: float | None) -> float | None:
    """The speed an entry holding `held` (superficial or interstitial) takes for a stated speed said
    as `said` (None: the entry's own kind): superficial = alpha x interstitial. None when a
    conversion needs the inlet fraction alpha and the base gives none in (0, 1]."""
    if said is None or said == held:
        return speed
    if alpha is None or not 0 < alpha <= 1:
        return None
    return speed / alpha if said == "superficial" else speed * alpha


def inlet_fraction(alpha_text: str, patch: str) -> float | None:
    """The phase fraction a patch of an alpha.<phase> file holds (fixedValue, or inletOutlet's
    inletValue): "uniform 0.5" -> 0.5; None when not one number."""
    for key in ("value", "inletValue"):
        m = re.fullmatch(r"\s*uniform\s+([-+\d.eE]+)\s*", fd.get(alpha_text, ["boundaryField", patch, key]) or "")
        if m:
            return float(m.group(1))
    return None


class PhaseInletBinding:
    """A phase's inlet speed; needs the Binder's `base`, `set`, `refuse`, `assumptions`, `_words_of`,
    `_stated_direction`, `_internal_direction` and `_flow_direction`."""

    def _base_phases(self) -> list[str]:
        """The phases the base names in its phaseProperties (or transportProperties) `phases`."""
        for rel in _PHASE_FILES:
            raw = fd.get(self.base.text(rel) or "", ["phases"])
            if raw:
                return listed_phases(raw)
        return []

    def bind_phase_inlet(self, q: StatedQuantity, inlets: list[str]) -> bool:
        """Set the stated speed on the inlets of the phase named next to it; False when the base
        is no Euler-Euler case, no phase is named, or its inlet condition holds no speed."""
        phases = [p for p in self._base_phases() if self.base.field_rels(f"U.{p}")]
        if len(phases) < 2:
            return False
        clause, sentence = self._words_of(q)
        phase = phase_named(clause, phases) or phase_named(sentence, phases)
        if phase is None:
            return False
        if not inlets:  # "air injected at 2 m/s" through a point source (the injection tutorials)
            return self._injection_speed(q, phase)
        field = f"U.{phase}"
        said = speed_kind_said(clause) or speed_kind_said(sentence)
        done = False
        for rel in self.base.field_rels(field):
            text = self.base.text(rel) or ""
            for patch in field_patches(text, inlets):
                done = self._phase_speed_on(q, rel, text, patch, phase, said) or done
        return done

    def _phase_speed_on(self, q: StatedQuantity, rel: str, text: str, patch: str, phase: str,
                        said: str | None) -> bool:
        bc = fd.get(text, ["boundaryField", patch, "type"]) or ""
        if bc not in SPEED_ENTRIES:
            return False
        key, held = SPEED_ENTRIES[bc]
        old = fd.get(text, ["boundaryField", patch, key]) or fd.get(text, ["boundaryField", patch, "value"]) or ""
        alpha = self._inlet_alpha(phase, patch)
        speed = converted_speed(q.value, said, held, alpha)
        if speed is None:
            self.refuse(q, f"{q.text} is a {said} velocity and {field_name(rel)} on {patch} holds the {held} one; the "
                           f"base gives no inlet fraction of {phase} to convert it: state the {held} velocity")
            return True
        if "$" in old and "$internalField" not in old:
            return False  # a macro's home: the general velocity binder follows it
        v = [speed * d for d in (self._stated_direction(q) or direction(old) or self._phase_direction(phase))]
        new = with_vector(old, v) or f"uniform {vec(v)}"
        if bc == "mapped":
            new = vec(v)
            flag = fd.get(text, ["boundaryField", patch, "setAverage"]) or ""
            if flag.strip() not in ("1", "true", "yes", "on"):
                self.set(rel, ["boundaryField", patch, "setAverage"], "true", f"{patch} keeps the stated mean speed")
        how = f"{held} inlet velocity of {phase} on {patch} ({bc} {key})"
        self.set(rel, ["boundaryField", patch, key], new, how, q)
        if key != "value":
            self.set(rel, ["boundaryField", patch, "value"], f"uniform {vec(v)}", f"{how}: initial value")
        note = f"{q.text} is the {held} velocity of {phase} ({bc} {key} on {patch})"
        if speed != q.value:
            note = (f"{q.text} said {said}: the {held} velocity of {phase} is {fmt(speed)} m/s with its inlet fraction "
                    f"{fmt(alpha or 0)} (superficial = alpha x interstitial; {bc} {key} on {patch})")
        elif said is None:
            note += ": not said superficial or interstitial, read as the entry's own kind"
        self.assumptions.append(note)
        return True


    def _injection_speed(self, q: StatedQuantity, phase: str) -> bool:
        """A phase injected by fvOptions sources (a mass source of thermo:rho.<phase> and a
        momentum source of U.<phase> at the same place): the momentum rate becomes mass rate x
        the stated speed, in the direction the base injects in."""
        text = self.base.text(FV_OPTIONS) or ""
        leaves = dict((tuple(e), v) for e, v in fd.leaves(text))
        mass = [e for e in leaves if e[-1] == f"thermo:rho.{phase}" and "injectionRateSuSp" in e]
        momentum = [e for e in leaves if e[-1] == f"U.{phase}" and "injectionRateSuSp" in e]
        if len(mass) != 1 or len(momentum) != 1:
            return False
        rate = source_rate(leaves[mass[0]])
        old = leaves[momentum[0]]
        way = self._stated_direction(q) or direction(old)
        if not rate or way is None:
            return False
        v = [rate * q.value * d for d in way]
        self.set(FV_OPTIONS, list(momentum[0]), f"({vec(v)} 0)", f"momentum source of {phase}: mass rate "
                 f"{fmt(rate)} kg/s x {fmt(q.value)} m/s", q)
        self.assumptions.append(f"{q.text} is the speed {phase} is injected at: its momentum source "
                                f"({'/'.join(momentum[0])}) = mass rate {fmt(rate)} kg/s x {fmt(q.value)} m/s")
        return True

    def _inlet_alpha(self, phase: str, patch: str) -> float | None:
        """The phase's fraction at an inlet: its alpha file's, else (two phases) one minus the other's."""
        phases = self._base_phases()
        for name, flip in [(phase, False)] + ([(p, True) for p in phases if p != phase] if len(phases) == 2 else []):
            rel = (self.base.field_rels(f"alpha.{name}") or [None])[0]
            alpha = inlet_fraction(self.base.text(rel) or "", patch) if rel else None
            if alpha is not None:
                return 1.0 - alpha if flip else alpha
        return None

    def _phase_direction(self, phase: str) -> list[float]:
        """The direction a phase enters in when its inlet value gives none: its initial velocity's,
        else another phase's, else the flow direction."""
        others = [p for p in self._base_phases() if p != phase]
        return next((d for p in (phase, *others) if (d := self._internal_direction(f"U.{p}"))), None) or \
            self._flow_direction()


def source_rate(raw: str) -> float | None:
    """The explicit part of a semi-implicit source's (Su Sp) pair: "(1e-3 0)" -> 1e-3; None when
    not two numbers."""
    m = re.fullmatch(r"\s*\(\s*([-+\d.eE]+)\s+[-+\d.eE]+\s*\)\s*", raw)
    return float(m.group(1)) if m else None


def field_name(rel: str) -> str:
    """The field a file holds: "0/U.air" -> "U.air"."""
    return rel.rsplit("/", 1)[-1]
