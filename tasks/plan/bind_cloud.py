"""Binder steps for values of a Lagrangian cloud the words give the particles rather than the
carrier flow: "particles injected at 15 m/s" is each injection model's U0 (its direction kept),
"fuel injected at 400 K" the parcels' initial temperature T0 (constantProperties). Mixed into
`tasks.plan.bind.Binder`, whose recording (`set`), words (`_words_of`) and cloud files it uses.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.foam_values import direction, fmt, vec
from tasks.plan.foam_values import leaves_get as _leaves_get
from tasks.plan.stated import StatedQuantity

# words that make a value the particles' (or the spray's), and words that make it the carrier's
_PARTICLE_WORDS = re.compile(r"\b(?:particles?|parcels?|droplets?|drops|spray|sprays|grains?|beads?|powders?|dust|"
                             r"sand|pellets?|injected|injection|injector|fuel)\b")
_CARRIER_WORDS = re.compile(r"\b(?:air|gas|carrier|fluid|flow|stream|inlets?|inflow|wind|chamber|ambient|"
                            r"surrounding|domain|initial(?:ly)?|walls?)\b")
_VELOCITY_KEYS = ("U0", "Umag", "UMag")


def particles_meant(head: str, tail: str) -> bool:
    """Whether a value's words name the particles: the particle or carrier word nearest the value
    (before it first, "particle-laden air enters at 5 m/s" is the air's), else the first after it."""
    def last(pattern: re.Pattern[str], words: str) -> int:
        found = [m.start() for m in pattern.finditer(words)]
        return found[-1] if found else -1

    p, c = last(_PARTICLE_WORDS, head), last(_CARRIER_WORDS, head)
    if p >= 0 or c >= 0:
        return p > c
    p = next((m.start() for m in _PARTICLE_WORDS.finditer(tail)), -1)
    c = next((m.start() for m in _CARRIER_WORDS.finditer(tail)), -1)
    return p >= 0 and (c < 0 or p < c)


class CloudBinding:
    def bind_cloud(self, q: StatedQuantity) -> bool:
        """A velocity or temperature of the particles: the cloud's injection velocity or parcel
        temperature. False (left to the flow binders) when the words give it the carrier or the
        base's cloud has no such entry."""
        if q.quantity not in ("velocity", "temperature") or not self._cloud_files():
            return False
        clause, _ = self._words_of(q)
        head, _, tail = clause.partition(q.text.lower())
        if not particles_meant(head, tail):
            return False
        if q.quantity == "temperature":
            return self._parcel_temperature(q)
        return self._injection_velocity(q)

    def _parcel_temperature(self, q: StatedQuantity) -> bool:
        done = False
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            if fd.find(text, ["constantProperties", "T0"]) is not None:
                self.set(rel, ["constantProperties", "T0"], fmt(q.value), "parcel temperature (T0)", q)
                done = True
        return done

    def _injection_velocity(self, q: StatedQuantity) -> bool:
        """Each injection model's U0 (the stated speed along its own direction, or the stated
        axis), or its speed Umag."""
        axis = self._stated_direction(q)
        done = False
        for rel in self._cloud_files():
            text = self.base.text(rel) or ""
            for model in fd.keys(text, ["subModels", "injectionModels"]):
                path = ["subModels", "injectionModels", model]
                key = next((k for k in _VELOCITY_KEYS if fd.find(text, path + [k]) is not None), None)
                if key is None:
                    continue
                raw = _leaves_get(text, path + [key]).strip()
                if raw.startswith("("):
                    way = axis or direction(raw)
                    if not way:
                        continue
                    new = vec([q.value * d for d in way])
                else:
                    new = f"constant {fmt(q.value)}" if raw.startswith("constant") else fmt(q.value)
                self.set(rel, path + [key], new, f"injection velocity of {model}", q)
                done = True
        return done
