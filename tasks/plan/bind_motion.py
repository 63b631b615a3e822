"""A body's oscillation stated in the request ("the box heaves at 2 Hz", "one swing takes 4 s",
"with an amplitude of 3 cm"): the oscillating motion the base already imposes (oscillatingDisplacement
in pointDisplacement, oscillatingLinearMotion in dynamicMeshDict, a sine normal velocity in U) gets
the stated frequency and amplitude. A motion is a dictionary holding an `amplitude` beside its
`omega` (rad/s) or `frequency` (Hz); a constant rotation's omega has no amplitude and is left alone."""

from __future__ import annotations

import math
import re

from tasks.plan.bind_motion_walls import WallMotionBinding
from tasks.plan.foam_values import VECTOR, direction, fmt, leaves, vec
from tasks.plan.stated import StatedQuantity

_MOTION_FILES = ("constant/dynamicMeshDict", "constant/dynamicMeshDict.sixDoF")
_MOTION_FIELDS = ("pointDisplacement", "pointMotionU", "U")


# words that make a stated speed the oscillation's own ("a peak heave speed of 4 cm/s", "velocity amplitude
# 0.04 m/s", "the channel sways at up to 1 m/s"), not an inlet's
_MOTION_SPEED_WORDS = re.compile(r"\b(?:amplitude|peak|maximum\s+(?:heave|sway|oscillation)|heav\w*|sway\w*|swing\w*|"
                                 r"oscillat\w*|vibrat\w*|stroke|surg\w*|bob\w*|plung\w*|pitch(?:ing)?\s+speed)\b")


def _number(raw: str) -> float:
    """The number of an entry ("3.14", "constant 1"), 0 when it holds none."""
    m = re.search(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw)
    return float(m.group(0)) if m else 0.0


class MotionBinding(WallMotionBinding):
    """Frequency, period and amplitude of the base's oscillating motion."""

    def _linear_oscillations(self) -> list[tuple[str, list[str], dict[str, str]]]:
        """The oscillations that move a body along a line (a rotating one's amplitude is an angle)."""
        return [(rel, parent, keys) for rel, parent, keys in self._oscillations()
                if not any("rotat" in part.lower() for part in parent)]

    def motion_said(self, q: StatedQuantity) -> bool:
        """The words of the value's own clause make it the oscillation's ("peak heave speed 4 cm/s")."""
        clause, _ = self._words_of(q)
        return bool(_MOTION_SPEED_WORDS.search(clause)) and bool(self._linear_oscillations())

    def motion_speed(self, q: StatedQuantity, stated: list[StatedQuantity]) -> bool:
        """A speed stated for an oscillating body: the velocity amplitude of the motion the base imposes.
        A sine velocity (U's normalVelocity) takes it as it is; a displacement (oscillatingLinearMotion,
        oscillatingDisplacement) takes V / (2 pi f), along its own direction, at the stated frequency
        (or period) else the base's. False when the base imposes no linear oscillation."""
        rate = next((s for s in stated if s.role in ("frequency", "period") and s.value > 0), None)
        done = False
        for rel, parent, keys in self._linear_oscillations():
            base_hertz = _number(keys["omega"]) / (2 * math.pi) if "omega" in keys else _number(keys["frequency"])
            hertz = (rate.value if rate.role == "frequency" else 1 / rate.value) if rate else base_hertz
            if hertz <= 0:
                continue
            raw = keys["amplitude"]
            if rel.split("/")[-1].startswith("U"):  # the motion is a velocity already: V is its amplitude
                way = direction(raw) if VECTOR.search(raw) else None
                value = vec([q.value * x for x in way]) if way else fmt(q.value)
                self.set(rel, [*parent, "amplitude"], value, f"velocity amplitude {q.text}", q)
            else:
                amplitude = q.value / (2 * math.pi * hertz)
                way = direction(raw) if VECTOR.search(raw) else None
                value = vec([amplitude * x for x in way or [1.0, 0.0, 0.0]]) if VECTOR.search(raw) else fmt(amplitude)
                self.set(rel, [*parent, "amplitude"], value, f"displacement amplitude V / (2 pi f) from {q.text}", q)
                self.assumptions.append(f"{q.text} is the body's peak speed: its displacement amplitude is "
                                        f"V / (2 pi f) = {fmt(amplitude)} m at {fmt(hertz)} Hz")
            done = True
        return done

    def _oscillations(self) -> list[tuple[str, list[str], dict[str, str]]]:
        """(file, parent entry, {key: raw}) of every dictionary holding an amplitude and a rate."""
        rels = [r for r in _MOTION_FILES if self.base.text(r)]
        rels += [r for f in _MOTION_FIELDS for r in self.base.field_rels(f)]
        out = []
        for rel in rels:
            groups: dict[tuple[str, ...], dict[str, str]] = {}
            for entry, raw in leaves(self.base.text(rel) or ""):
                groups.setdefault(tuple(entry[:-1]), {})[entry[-1]] = raw
            out += [(rel, list(parent), keys) for parent, keys in groups.items()
                    if "amplitude" in keys and ("omega" in keys or "frequency" in keys)]
        return out

    def _set_motion_rate(self, q: StatedQuantity, hertz: float) -> bool:
        done = False
        for rel, parent, keys in self._oscillations():
            key = "omega" if "omega" in keys else "frequency"
            value = 2 * math.pi * hertz if key == "omega" else hertz
            self.set(rel, [*parent, key], fmt(value), f"oscillation {key} from {q.text}", q)
            done = True
        return done

    def _frequency(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self.takes_rate(q):  # an oscillating boundary value writes it (bind_function1)
            return
        if q.value <= 0 or not self._set_motion_rate(q, q.value):
            self.refuse(q, f"Casewright cannot set a frequency in this {self.solver} case: it imposes no "
                           f"oscillating motion (no amplitude with an omega or frequency)")

    def _period(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        if self.takes_rate(q):  # an oscillating boundary value writes it (bind_function1)
            return
        if q.value <= 0 or not self._set_motion_rate(q, 1.0 / q.value):
            self.refuse(q, f"Casewright cannot set a period in this {self.solver} case")

    def _motion_amplitude(self, q: StatedQuantity, stated: list[StatedQuantity]) -> None:
        """A displacement amplitude: a displacement's vector keeps its direction; a sine velocity's
        amplitude is omega times it (omega stated, else the base's)."""
        rate = next((s for s in stated if s.role in ("frequency", "period") and s.value > 0), None)
        done = False
        for rel, parent, keys in self._oscillations():
            raw = keys["amplitude"]
            way = direction(raw)
            if VECTOR.search(raw):
                self.set(rel, [*parent, "amplitude"], vec([q.value * x for x in way or [1.0, 0.0, 0.0]]),
                         f"oscillation amplitude {q.text} along the base's direction", q)
                done = True
                continue
            if rel.split("/")[-1].startswith("U"):  # a velocity's sine: its amplitude is omega A
                hertz = (rate.value if rate.role == "frequency" else 1 / rate.value) if rate else \
                    (float(keys["omega"]) / (2 * math.pi) if "omega" in keys else float(keys["frequency"]))
                value = 2 * math.pi * hertz * q.value
                self.set(rel, [*parent, "amplitude"], fmt(value), f"velocity amplitude 2 pi f A from {q.text}", q)
                self.assumptions.append(f"{q.text} is the displacement amplitude: the imposed velocity's amplitude "
                                        f"is 2 pi f A = {fmt(value)} m/s at {fmt(hertz)} Hz")
            else:
                self.set(rel, [*parent, "amplitude"], fmt(q.value), f"oscillation amplitude {q.text}", q)
            done = True
        if not done:
            self.refuse(q, f"the {self.solver} base imposes no oscillating motion for an amplitude of {q.text}")
