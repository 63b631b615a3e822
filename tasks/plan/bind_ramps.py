"""A boundary value brought up over a time ("the inlet velocity ramps from 0 to 10 m/s over 0.1 s",
"ramp the inflow to 8 m/s in 20 ms", "inlet temperature raised linearly to 350 K over 5 s"): the
patch gets a v1912 inline `table` Function1 from the start value at t = 0 to the stated value at the
ramp's end, held after it (a table clamps outside its times). Runs after every other pass, on the
values the passes bound to a fixed-value patch: the ramp changes how the patch reaches the value,
not where it goes.

The start value is the one the request gives after "from" in the same sentence, else zero for a
velocity and the base's initial field for a pressure or a temperature (an assumption, reported). A
ramp with no bound value in its sentence, or on a patch whose condition takes no table (fixedValue,
uniformFixedValue, totalPressure, uniformTotalPressure, a flowRateInletVelocity's rate), is not
applied with why. Mixed into `tasks.plan.bind.Binder` (its `set`, `refuse`, bindings, base).
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.bind_function1 import LEVEL_OF, TIME_VARYING, initial_level, sentence_around
from tasks.plan.extract import normalise, quantities
from tasks.plan.foam_values import VECTOR, direction, fmt, vec
from tasks.plan.stated import StatedQuantity

RAMPED = {bc: TIME_VARYING[bc] for bc in ("fixedValue", "uniformFixedValue", "totalPressure", "uniformTotalPressure")}
# conditions whose level entries are themselves Function1s: the entry the value went to takes the table
_FLOW_RATES = ("massFlowRate", "volumetricFlowRate")
_HELD_KEYS = ("value", "uniformValue", "p0", *_FLOW_RATES)
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# "from 2 m/s to", "from 0 up to", "from rest to": the start of a ramp, right before its end value
# (or "2 m/s -> ", "1 bar to " in a ramp's sentence: its start without "from")
_FROM_TO = re.compile(rf"(?:\bfrom\s+(?:(?P<number>{_NUMBER})\s*(?P<unit>[^\s\d,;]+)?|rest|zero|standstill)"
                      r"\s+(?:up\s+|all\s+the\s+way\s+)?to"
                      rf"|(?<![\w.]){_NUMBER}\s*(?:[^\s\d,;<>=-]+)?\s*(?:->|→|=>|\s(?:up\s+)?to))\s*$", re.I)
_START = re.compile(rf"(?P<number>{_NUMBER})\s*(?P<unit>[^\s\d,;<>=-]+)?")
_FROM = re.compile(r"\bfrom\s*(?:t\s*=\s*)?$|\bstart(?:s|ing)?\s+(?:at|from)\s*$", re.I)


def ramp_table(start: str, end: str, duration: float) -> str:
    """The v1912 inline table from `start` at t = 0 to `end` at `duration` (values as number or vector text)."""
    return f"table ((0 {start}) ({fmt(duration)} {end}))"


def scaled(level: str, number: float) -> str:
    """`number` in the form of `level`: a vector along `level`'s direction, else the number."""
    if VECTOR.fullmatch(level.strip()):
        way = direction(level) or [1.0, 0.0, 0.0]
        return vec([number * x for x in way])
    return fmt(number)


def bare_level(value: str) -> str:
    """A field value without its `uniform`/`constant` word ("uniform (10 0 0)" -> "(10 0 0)")."""
    return re.sub(r"^\s*(?:uniform|constant)\s+", "", " ".join(value.split()))


class RampBinding:
    """Boundary values that reach their level over a stated ramp time."""

    def bind_ramps(self, stated: list[StatedQuantity]) -> None:
        """Every stated ramp time turns the values bound in its sentence into ramps, or is not applied."""
        text = normalise(self.text).lower()
        for ramp in [q for q in stated if q.role == "ramp_time" and q.quantity == "time"]:
            if any(b.stated == ramp.text for b in self.bindings) or any(n.text == ramp.text for n in self.not_applied):
                continue
            at = self.value_at(text, ramp)
            ramped = self._ramped_values(stated, text, at) if at >= 0 else []
            done = [self._ramp_value(q, ramp, stated, text) for q in ramped]
            if not any(done):
                what = ("no boundary value stated in its sentence went to a patch" if not ramped else
                        "the patch holds no condition that takes a table (fixedValue, uniformFixedValue, totalPressure)")
                self.refuse(ramp, f"{ramp.text} is how long a boundary value ramps, not the run's length, but {what}; "
                                  "endTime is left as stated elsewhere")

    def ramp_quantities(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Every stated ramp time with the boundary values of its sentence and their start values."""
        text = normalise(self.text).lower()
        out: list[StatedQuantity] = []
        for ramp in [q for q in stated if q.role == "ramp_time" and q.quantity == "time"]:
            at = self.value_at(text, ramp)
            values = self._ramped_values(stated, text, at, bound=False) if at >= 0 else []
            starts = [s for q in values if (s := self._start_of(q, stated, text)) is not None and s.text != "0"]
            out += [ramp, *values, *starts] if values else []
        return [q for i, q in enumerate(out) if not any(q is o for o in out[:i])]

    def _ramped_values(self, stated: list[StatedQuantity], text: str, at: int, bound: bool = True) -> list[StatedQuantity]:
        """The values stated in the ramp's sentence (that a pass bound to a patch, when `bound`), not
        the ramp's start values."""
        before, after = sentence_around(text, at)
        lo, hi = at - len(before), at + len(after)
        out = []
        for q in stated:
            where = self.value_at(text, q)
            if q.quantity not in ("time", "control", "switch") and lo <= where < hi and (self._patch_bindings(q) or not bound) \
                    and not _FROM.search(text[max(0, where - 20):where]):
                out.append(q)
        return out

    def _start_of(self, q: StatedQuantity, stated: list[StatedQuantity], text: str) -> StatedQuantity | None:
        """The value "from" which `q` ramps in its sentence ("from 2 to 10 m/s"), if stated."""
        at = self.value_at(text, q)
        before, after = sentence_around(text, at)
        for s in stated:
            where = self.value_at(text, s)
            if s is not q and s.quantity == q.quantity and at - len(before) <= where < at and \
                    _FROM.search(text[max(0, where - 20):where]):
                return s
        low = _FROM_TO.search(before)
        if low is None:
            return None
        said = _START.search(re.sub(r"^\s*from|(?:\s+(?:up\s+|all\s+the\s+way\s+)?to|->|→|=>)\s*$", "", low.group(0)))
        if said is None:  # "from rest", "from zero"
            return StatedQuantity(text="0", quantity=q.quantity, value=0.0, role=q.role)
        number = re.match(_NUMBER, q.text)
        found = quantities(said.group("number") + (said.group("unit") or q.text[number.end():] if number else ""))
        if not found or found[0].kind != q.quantity:
            return None
        text_of = said.group(0).strip()
        return StatedQuantity(text="0" if found[0].value == 0 else text_of, quantity=q.quantity,
                              value=found[0].value, role=q.role)

    def _ramp_value(self, q: StatedQuantity, ramp: StatedQuantity, stated: list[StatedQuantity], text: str) -> bool:
        """The patches `q` was bound to as a fixed value take a ramp to it over `ramp`; False when none can."""
        start_q = self._start_of(q, stated, text)
        held = [(b, bare_level(b.value)) for b in self._patch_bindings(q)]
        if not held and start_q is not None:  # "from 2 to 10 m/s": the start took the inlet, the end clashed with it
            held = [(b, scaled(bare_level(b.value), q.value)) for b in self._patch_bindings(start_q)]
        done = False
        for b, end in held:
            rel, patch = b.file, b.entry[1]
            bc = self._condition_now(rel, patch)
            if bc == "flowRateInletVelocity" and b.entry[2] in _FLOW_RATES:
                new_bc, key = bc, b.entry[2]
            elif bc not in RAMPED or b.entry[2] != LEVEL_OF[bc]:
                continue  # another condition, or a value it does not hold its level in
            else:
                new_bc, key = RAMPED[bc]
            if start_q is not None and not (start_q.text == "0" and q.quantity == "temperature"):
                start = scaled(end, start_q.value)
                said = f"from {start_q.text}" if start_q.text != "0" else "from zero"
            elif q.quantity == "velocity":
                start, said = scaled(end, 0.0), "from rest"
            else:
                start = initial_level(self.base.text(rel) or "") or end
                said = f"from the base's initial {start}"
                self.assumptions.append(f"{q.text} on {patch} ramps {said} (no start value stated)")
            table = ramp_table(start, end, ramp.value)
            how = f"{q.text} on {patch} reached over {ramp.text} {said} (table Function1)"
            if b.stated == q.text:
                self.bindings.remove(b)
            self.not_applied[:] = [n for n in self.not_applied if n.text != q.text]
            if bc != new_bc:
                self.set(rel, ["boundaryField", patch, "type"], new_bc, f"{patch} varies in time")
            self.set(rel, ["boundaryField", patch, key], table, how, q)
            if key not in _FLOW_RATES:  # a flow-rate inlet's value is its velocity, not the rate
                self.set(rel, ["boundaryField", patch, "value"], f"uniform {start}", f"{patch} starts {said}")
            self.set(rel, ["boundaryField", patch, key], table, how, ramp)
            if start_q is not None and start_q.text != "0":
                self._take_start(start_q, rel, patch, key, table, how)
            done = True
        return done

    def _patch_bindings(self, q: StatedQuantity) -> list:
        """The bindings of `q` to a patch value of a 0/ field."""
        return [b for b in self.bindings if b.stated == q.text and len(b.entry) == 3 and b.entry[0] == "boundaryField"
                and b.entry[2] in _HELD_KEYS and b.file.startswith("0")]

    def _condition_now(self, rel: str, patch: str) -> str:
        """The patch's condition type as this plan leaves it."""
        for e in reversed(self.edits):
            if e.file == rel and e.entry == ["boundaryField", patch, "type"] and isinstance(e.value, str):
                return e.value
            if e.file == rel and e.entry == ["boundaryField", patch] and isinstance(e.value, dict):
                return str(e.value.get("type", ""))
        return (fd.get(self.base.text(rel) or "", ["boundaryField", patch, "type"]) or "").strip()

    def _take_start(self, start_q: StatedQuantity, rel: str, patch: str, key: str, table: str, how: str) -> None:
        """The stated start value is the table's first row: bound there, its other binding or refusal dropped."""
        self.not_applied[:] = [n for n in self.not_applied if n.text != start_q.text]
        self.bindings[:] = [b for b in self.bindings if not (b.stated == start_q.text and b.entry[:2] == ["boundaryField", patch])]
        self.set(rel, ["boundaryField", patch, key], table, how, start_q)
        if not any(s is start_q or s.text == start_q.text for s in self._stated):  # read here: reported with the rest
            self._stated.append(start_q)
