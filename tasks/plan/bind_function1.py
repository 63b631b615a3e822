"""A boundary value that oscillates in time ("sinusoidal inlet pressure 100 Pa at 2 kHz", "the
inlet velocity pulsates: mean 10 m/s, amplitude 2 m/s, 5 Hz"): the patch gets the v1912 `sine`
Function1 (level + scale * amplitude * sin(2 pi f t)), written as `K sine; KCoeffs { ... }` so a
base that already holds a sine keeps its form. The stated amplitude, mean level and frequency (or
period) each go to their own coefficient; the level a request leaves out is the base's.

Which conditions take one: uniformFixedValue (uniformValue) and uniformTotalPressure (p0) as they
are; fixedValue becomes uniformFixedValue and totalPressure uniformTotalPressure. Any other
condition cannot oscillate without a coded one: the value is not applied, with why."""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.plan.extract import normalise
from tasks.plan.foam_values import VECTOR, direction, fmt, vec
from tasks.plan.stated import StatedQuantity

# "periodic" is left out: in CFD it is mostly a periodic boundary, not a value periodic in time
_OSCILLATING = re.compile(r"\b(?:sine|sinus\w*|cosin\w*|oscillat\w*|pulsat\w*|pulsing|pulsed|"
                          r"harmonic(?:ally)?|time-harmonic)\b")
# "fluctuates" is an oscillation only with an amplitude and no turbulence ("turbulent fluctuations of 5 %")
_FLUCTUATING = re.compile(r"\bfluctuat\w*")
_TURBULENT = re.compile(r"\bturbulen\w*|\bintensity\b")
_AMPLITUDE = re.compile(r"(?:\bamplitude\b|\bpeak\b|±|\+/-|\+-|\bplus\s+or\s+minus\b|\bswings?\b)")
_BY = re.compile(r"\bby\s*$")  # "pulsing by 2 m/s": the amplitude, when right before the value
_MEAN = re.compile(r"\b(?:mean|average|averaged|around|about|level|offset|baseline|base\s+value|centred|centered|"
                   r"steady\s+part|dc)\b")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|\n")

OSCILLATING_ROLES = ("inlet_velocity", "inlet_pressure", "outlet_pressure", "inlet_temperature")
_CELSIUS = re.compile(r"(?:°\s*C|deg\s*C|degrees?\s+c(?:elsius)?|celsius|\bC)\s*$", re.I)
_FAHRENHEIT = re.compile(r"(?:°\s*F|deg\s*F|fahrenheit|\bF)\s*$", re.I)

# condition -> (the condition that takes a Function1, its Function1 entry)
TIME_VARYING = {"uniformFixedValue": ("uniformFixedValue", "uniformValue"),
                "fixedValue": ("uniformFixedValue", "uniformValue"),
                "uniformTotalPressure": ("uniformTotalPressure", "p0"),
                "totalPressure": ("uniformTotalPressure", "p0")}
# where a condition keeps the level it holds now
LEVEL_OF = {"uniformFixedValue": "uniformValue", "fixedValue": "value", "uniformTotalPressure": "p0",
             "totalPressure": "p0"}
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def sentence_around(text: str, at: int) -> tuple[str, str]:
    """(the words of the sentence before `at`, the words after it to the sentence's end)."""
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    lo = starts[-1] if starts else 0
    end = _SENTENCE_END.search(text, at + 1)
    return text[lo:at], text[at:end.start() if end else len(text)]


def _same_sentence(text: str, a: int, b: int) -> bool:
    lo, hi = sorted((a, b))
    return _SENTENCE_END.search(text, lo + 1, hi) is None


def oscillation_part(before: str, after: str, alone: bool = True) -> str | None:
    """What a value is in an oscillation its sentence states: "amplitude", "level" (a mean), or None
    when the sentence states none. A value named by neither word is the amplitude when it is the
    only value of its kind in the sentence, else the level ("10 m/s, pulsing by 2 m/s at 5 Hz")."""
    sentence = before + after
    fluctuating = _FLUCTUATING.search(sentence) and _AMPLITUDE.search(sentence) and not _TURBULENT.search(sentence)
    if not _OSCILLATING.search(sentence) and not fluctuating:
        return None
    own = re.match(r"[^\s,;:]+\s*[^\s,;:]*", after)  # the value and its unit
    rest = re.split(r"\d|[,;:]", after[own.end() if own else 0:])[0]  # to the next number or comma
    words = (" ".join(rest.split()[:2]),  # "2 m/s amplitude", "8 m/s mean": the words right after it
             re.split(r"\d|[,;:]", before[-40:])[-1],  # since the previous number or comma
             rest[:30])
    for i, near in enumerate(words):
        if _AMPLITUDE.search(near) or (i == 1 and _BY.search(near)):
            return "amplitude"
        if _MEAN.search(near):
            return "level"
    return "amplitude" if alone else "level"


def temperature_difference(q: StatedQuantity) -> float:
    """A stated temperature as a difference in K: "5 degC" is 5 K (not 278.15 K), "9 F" is 5 K."""
    if _CELSIUS.search(q.text):
        return q.value - 273.15
    if _FAHRENHEIT.search(q.text):
        return q.value - 255.3722222
    return q.value


def level_of(field_text: str, patch: str, bc: str) -> str | None:
    """The value a patch holds now, as a number or vector text ("101325", "(10 0 0)"): its fixed
    value, total pressure or constant Function1, a sine's level; `$internalField` read through.
    None when it holds no single value (a table)."""
    holder = ["boundaryField", patch]
    key = LEVEL_OF.get(bc, "value")
    raw = " ".join((fd.get(field_text, [*holder, key]) or "").split())
    if raw == "sine" or raw.startswith("{") or fd.find(field_text, [*holder, key, "level"]) is not None:
        coeffs = [*holder, key, "level"] if fd.find(field_text, [*holder, key, "level"]) else \
            [*holder, f"{key}Coeffs", "level"]
        raw = " ".join((fd.get(field_text, coeffs) or "").split())
    if raw.endswith("$internalField") or not raw:
        return initial_level(field_text)
    return _single_value(raw)


def initial_level(field_text: str) -> str | None:
    """A field's uniform internal value as a number or vector text, None for a non-uniform one."""
    return _single_value(" ".join((fd.get(field_text, ["internalField"]) or "").split()))


def _single_value(raw: str) -> str | None:
    raw = re.sub(r"^(?:uniform|constant)\s+", "", raw)
    return raw if re.fullmatch(_NUMBER, raw) or VECTOR.fullmatch(raw) else None


class OscillationBinding:
    """Amplitude, mean and rate of a boundary value that oscillates in time."""

    def oscillation_of(self, q: StatedQuantity) -> str | None:
        """The part of a stated oscillation `q` is ("amplitude" or "level"), None when its sentence
        states no oscillation or the request states no frequency or period for it."""
        if self.oscillation_rate() is None:
            return None
        text = normalise(self.text).lower()
        at = self.value_at(text, q)
        if at < 0:
            return None
        if self.body_oscillates_beside(q, at, text):
            return None  # "inflow 2 m/s; the channel oscillates at 1 Hz with a peak speed of 1.5 m/s": a steady inflow
        before, after = sentence_around(text, at)
        places = [self.value_at(text, s) for s in self._stated if s.role == q.role]
        alone = sum(1 for where in places if where >= 0 and _same_sentence(text, at, where)) <= 1
        return oscillation_part(before, after, alone)

    def oscillation_rate(self) -> StatedQuantity | None:
        """The stated frequency or period of the oscillation."""
        return next((s for s in self._stated if s.role in ("frequency", "period") and s.value > 0), None)

    def takes_rate(self, rate: StatedQuantity) -> bool:
        """A stated oscillating boundary value will write this frequency or period."""
        return any(s.role in OSCILLATING_ROLES and self.oscillation_of(s) and
                   not (s.role == "inlet_velocity" and self.motion_said(s)) for s in self._stated)

    def write_oscillation(self, q: StatedQuantity, part: str, rel: str, patch: str, number: float) -> bool:
        """The patch of `rel` oscillates in time: `number` (in the field's units; a speed along the
        base's direction for a vector) becomes the sine's amplitude or level, with the stated rate.
        False when the patch's condition cannot take a Function1."""
        text = self.base.text(rel) or ""
        holder = ["boundaryField", patch]
        bc = fd.get(text, [*holder, "type"]) or ""
        if bc not in TIME_VARYING:
            return False
        new_bc, key = TIME_VARYING[bc]
        base_level = level_of(text, patch, bc)
        if base_level is None:  # a table or another varying level: the sine is about the initial field
            base_level = initial_level(text)
            if base_level is None:
                return False
            self.assumptions.append(f"{patch} oscillates about the initial field's {base_level} (the base's {key} "
                                    f"varied in time)")
        vector = VECTOR.fullmatch(base_level) is not None
        way = (direction(base_level) or [1.0, 0.0, 0.0]) if vector else None
        coeffs = [*holder, f"{key}Coeffs"]
        reason = f"{q.text} as the {part} of a sine on {patch} (Function1 sine)"
        if new_bc != bc:
            self.set(rel, [*holder, "type"], new_bc, f"{patch} varies in time: {new_bc}")
        made = any(e.file == rel and e.entry == [*holder, key] and e.value == "sine" for e in self.edits)
        if not made and ((fd.get(text, [*holder, key]) or "").strip() != "sine" or new_bc != bc):
            self.set(rel, [*holder, key], "sine", f"{patch} {key} is a sine in time")
            self.set(rel, [*coeffs, "level"], base_level, f"{patch} oscillates about the base's {base_level}")
            self.set(rel, [*coeffs, "amplitude"], "0", f"{patch} oscillation amplitude (none stated yet)")
            self.set(rel, [*coeffs, "scale"], vec(way) if way else "1", f"{patch} sine scale (direction)")
            self.set(rel, [*coeffs, "frequency"], "0", f"{patch} oscillation frequency (none stated yet)")
        if part == "amplitude":  # the stated amplitude is the whole swing: the base's scale goes to 1
            self.set(rel, [*coeffs, "amplitude"], fmt(number), reason, q)
            self.set(rel, [*coeffs, "scale"], vec(way) if way else "1", f"{patch} sine scale (direction)")
        else:
            level = vec([number * x for x in way]) if way else fmt(number)
            self.set(rel, [*coeffs, "level"], level, reason, q)
            self.set(rel, [*holder, "value"], f"uniform {level}", f"{patch} starts at the mean {q.text}")
        rate = self.oscillation_rate()
        if rate is not None:  # every oscillating patch gets it; the stated value is bound once
            hertz = rate.value if rate.role == "frequency" else 1.0 / rate.value
            first = not any(b.stated == rate.text for b in self.bindings)
            self.set(rel, [*coeffs, "frequency"], fmt(hertz), f"{patch} oscillation frequency from {rate.text}",
                     rate if first else None)
        return True

    def bind_oscillations(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Boundary values stated as oscillating in time, bound before any other pass (which would
        write them as steady values): an inlet velocity, an inlet or outlet pressure, an inlet
        temperature. Returns the quantities taken, with the rate they share."""
        taken: list[StatedQuantity] = []
        for q in stated:
            part = self.oscillation_of(q) if q.role in OSCILLATING_ROLES else None
            if part is None or (q.role == "inlet_velocity" and self.motion_said(q)):
                continue  # not oscillating, or a body's motion (bind_motion)
            if q.role == "inlet_temperature":
                self.oscillate(q, part, self.base.field_rels("T"), self.patches("inlet"), "inlet",
                               temperature_difference(q) if part == "amplitude" else q.value)
            else:
                self.bind(q, stated)
            taken.append(q)
        rate = self.oscillation_rate()
        if taken and rate is not None:
            taken.append(rate)
        return taken

    def body_oscillates_beside(self, q: StatedQuantity, at: int, text: str) -> bool:
        """The oscillation of the sentence of `q` (at `at` of the normalised `text`) is a body's: a
        speed in it is the motion's (bind_motion)."""
        return any(s is not q and s.quantity == "velocity" and self.motion_said(s)
                   and (where := self.value_at(text, s)) >= 0 and _same_sentence(text, at, where) for s in self._stated)

    def oscillate(self, q: StatedQuantity, part: str, rels: list[str], patches: list[str], where: str,
                  number: float | None = None) -> None:
        """Every patch of the first field file that can take a sine gets `number` (`q`'s value unless
        given; in the field's units) as its amplitude or level; not applied, with why, when none can."""
        value = q.value if number is None else number
        done = [self.write_oscillation(q, part, rel, patch, value) for rel in rels for patch in patches]
        if not any(done):
            self.refuse_oscillation(q, f"the {where} patch")

    def refuse_oscillation(self, q: StatedQuantity, where: str) -> None:
        """Neither the value nor its rate can be written: both are not applied, with why."""
        why = (f"{where} holds no condition that can vary in time (uniformFixedValue, fixedValue, "
               f"totalPressure or uniformTotalPressure with a constant level): state a steady value, or "
               f"pick a base whose inlet fixes the value")
        self.refuse(q, why)
        rate = self.oscillation_rate()
        if rate is not None and not any(b.stated == rate.text for b in self.bindings):
            self.refuse(rate, why)
