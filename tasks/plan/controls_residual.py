"""Residual targets stated per field ("residualControl p 1e-5 U 1e-6", "converge the pressure
residual to 1e-5 and the velocity residual to 1e-6", "stop when p < 1e-4, U < 1e-5"), as one
`Control` per field with the key `residualControl:<field word>` (the field as said: p, U, pressure,
velocity, k, ...; tasks.plan.controls.FIELD_NAMES maps a word to the base's fields). A residual
target that names no field ("residuals down to 1e-5") is tasks.plan.controls' all-field one.
Pure.
"""

from __future__ import annotations

import re

from tasks.plan.controls_run import NUM, Control

_FIELD = r"pressure|velocity|momentum|temperature|energy|enthalpy|turbulence|p_rgh|p|U|T|h|k|epsilon|omega|nuTilda"
_RESIDUAL_WORD = r"(?:residual(?:s|control)?|convergence|converge[sd]?|tolerance\s+for\s+convergence)"
_LINK = r"\s*(?:=|:|<|<=|≤|of|to|below|under|down\s+to|at|reaches?|drops?\s+(?:below|to)|falls?\s+(?:below|to))?\s*"
# "<field> [residual] <link> <number>" or "<number> (for|on) <field>"
_PAIR = re.compile(rf"(?<![\w.-])(?:(?:the\s+)?(?P<f1>{_FIELD})(?:\s+(?:equation|field))?(?:\s+residuals?)?{_LINK}"
                   rf"(?P<n1>{NUM})(?![\w.])|(?P<n2>{NUM})\s+(?:for|on)\s+(?:the\s+)?(?P<f2>{_FIELD})\b)")
_SPAN = 160  # how far after a residual word its list of fields may run


def residual_targets(text: str) -> list[Control]:
    """One residual target per field the normalised text names in a residual statement; [] when
    fewer than one field is named with its own number, or a number is no residual (over 0.1)."""
    out: list[Control] = []
    seen: set[int] = set()
    for lead in re.finditer(rf"\b{_RESIDUAL_WORD}\b", text, re.I):
        # the field before the word counts too ("the pressure residual below 1e-5")
        start = max(0, lead.start() - 25)
        stops = [m.end() for m in re.finditer(r"[.;\n]", text[start:lead.start()])]
        start += stops[-1] if stops else 0
        window = text[start:lead.end() + _SPAN]
        end = re.search(r"[.;\n](?:\s|$)", window[lead.end() - start:])
        window = window[:lead.end() - start + end.start()] if end else window
        for m in _PAIR.finditer(window):
            field = m.group("f1") or m.group("f2")
            number = m.group("n1") or m.group("n2")
            at = start + (m.start("n1") if m.group("n1") else m.start("n2"))
            value = float(number)
            if at in seen or not 0 < value <= 0.1:
                continue
            seen.add(at)
            out.append(Control(f"residualControl:{field}", value, m.group(0).strip(), start + m.start(), number, at))
    return sorted(out, key=lambda c: c.start)
