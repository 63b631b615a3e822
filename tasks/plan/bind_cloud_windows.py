"""An injection said as a window in time ("particles injected between t = 0 and 0.1 s", "spray
from 1 ms to 3 ms", "parcels released from t = 0.5 s for 2 s"): its start is each injection
model's SOI and its end minus its start (or the length said) the model's duration. Neither time
is the run's start or end, whatever role the request reader gave it. Runs before the run
controls are bound. Mixed into `tasks.plan.bind.Binder` (through `CloudBinding`), whose
`_cloud_injection_time` (DurationBinding) writes the entries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tasks.plan.stated import StatedQuantity

_INJECT = r"(?:inject\w*|spray(?:s|ed|ing)?|releas\w*|introduc\w*|fed|atomi[sz]\w*|dispens\w*|injection|injector)"
_T = r"(?:t\s*=\s*)?"
_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
_UNIT = r"(?:\s*(?:ms|s|sec(?:onds?)?|seconds?|milliseconds?|µs|us|min))?"
# "injected between t = 0 and 0.1 s", "injection from 1 ms to 3 ms", "released from t=0.5 s until t=1 s"
_WINDOW = re.compile(rf"\b{_INJECT}\b(?:\s+[\w-]+){{0,4}}?\s+(?:between|from)\s+{_T}(?P<a>{_NUM})(?P<unit>{_UNIT})\s*"
                     rf"(?:and|to|until|till|-|–)\s+{_T}(?P<b>{_NUM}){_UNIT}")
# "injected from t = 0.5 s for 2 s", "injection starting at 1 ms for 5 ms"
_START_FOR = re.compile(rf"\b{_INJECT}\b(?:\s+[\w-]+){{0,4}}?\s+(?:from|starting\s+at|beginning\s+at|at)\s+{_T}"
                        rf"(?P<a>{_NUM}){_UNIT}\s*,?\s*(?:and\s+)?(?:for|lasting|over|during)\s+(?P<d>{_NUM}){_UNIT}")


@dataclass(frozen=True)
class Window:
    """Where in the (lower-case) text a window's start and its end (or length) are written."""

    start_at: int
    other_at: int
    is_length: bool  # the other value is how long the injection lasts, not when it ends
    start_written: str = ""  # the start as written ("0.2 ms", "0"), for a start the reader folded into a range


def injection_windows(low: str) -> list[Window]:
    """Every injection window the lower-case request states."""
    found = [Window(m.start("a"), m.start("b"), False, f"{m.group('a')}{m.group('unit')}")
             for m in _WINDOW.finditer(low)]
    found += [Window(m.start("a"), m.start("d"), True) for m in _START_FOR.finditer(low)]
    return found


def range_start(written: str, end: StatedQuantity) -> StatedQuantity | None:
    """The start of a window the request reader took as a range's low end ("from 0.2 ms to 1.2
    ms" gave only 1.2 ms): its number in the end's unit when it writes none or the same one."""
    m = re.fullmatch(rf"({_NUM})\s*(\S*)", written.strip())
    end_number = re.match(_NUM, end.text.strip().lower())
    if m is None or end_number is None or float(end_number.group()) == 0:
        return None
    unit = end.text.strip()[end_number.end():].strip().lower()
    if m.group(2) not in ("", unit):
        return None
    scale = end.value / float(end_number.group())
    return StatedQuantity(text=f"{m.group(1)} {unit}".strip(), quantity="time", value=float(m.group(1)) * scale,
                          unit="s", role="injection_start")


class CloudWindowBinding:
    def bind_injection_windows(self, stated: list[StatedQuantity]) -> list[StatedQuantity]:
        """Each stated injection window into the clouds' SOI and duration; the times taken (their
        roles made injection_start and injection_duration, so no run control takes them)."""
        taken: list[StatedQuantity] = []
        if not self._cloud_files():
            return taken
        from tasks.plan.extract import normalise

        low = normalise(self.text).lower()
        times = [(self.value_at(low, q), q) for q in stated if q.quantity == "time"]
        for window in injection_windows(low):
            start = next((q for at, q in times if at == window.start_at), None)
            other = next((q for at, q in times if at == window.other_at), None)
            if start is None and other is not None and window.start_written:
                start = range_start(window.start_written, other)  # "from 0.2 to 1.2 ms": read as one range
                if start is not None:
                    stated.append(start)
            if start is None or other is None or any(q is t for t in taken for q in (start, other)):
                continue
            length = other.value if window.is_length else other.value - start.value
            if length <= 0:
                self.refuse(other, f"{other.text} ends the injection before it starts ({start.text}): "
                                   f"give its end after its start")
                taken += [start, other]
                continue
            start.role, other.role = "injection_start", "injection_duration"
            self.bind_part_time(start)
            # the binder keys its records by text: the derived duration's binding or refusal is the end's
            said = other if window.is_length else StatedQuantity(
                text=other.text, quantity="time", value=length, unit="s", role="injection_duration")
            self.bind_part_time(said)
            if not window.is_length:
                self.assumptions.append(f"injection from {start.text} to {other.text}: SOI {start.value:g} s, "
                                        f"duration {length:g} s (the run's own start and end kept)")
            taken += [start, other]
        return taken
