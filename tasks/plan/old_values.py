"""Old values a request names beside the new one: "120 degC instead of 100 degC", "2 m/s rather than 3",
"from 1 s to 0.5 s", "lid 1 m/s -> 2 m/s". The old value is never applied (the readers drop it,
tasks/plan/extract); `old_values` pairs each new value with the old one it names, in SI, for the
binder (the one region whose size is the old one takes the new: tasks.plan.bind_parts_regions) and
for `modify`'s warnings (tasks.edit.modify_instead). Pure."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from tasks.plan.extract import Quantity, normalise, quantities

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# a unit after a number: "m2/s", "degC", "kPa" (not the sign of an arrow, not a sentence's end)
_UNIT = r"(?:\s*[^\s\d,;.)(<=>-][^\s,;)(<=>]*)?"
# the old value after the new one ("X instead of Y", "X rather than Y", "X in place of Y", "X, not Y"),
# before it ("from Y to X", "Y -> X"), or marked as the present one ("X (was Y)", "X, currently Y")
_AFTER_NEW = re.compile(rf"\s*,?\s*\(?\s*(?:(?:instead\s+of|rather\s+than|in\s+place\s+of)(?:\s+(?:at|from))?|not|was|previously"
                        rf"|currently|formerly)\s+(?:the\s+)?(?:present\s+|current\s+|old\s+)?(?P<old>{_NUM})(?P<unit>{_UNIT})", re.I)
_BEFORE_NEW = re.compile(rf"(?:\bfrom\s+(?P<old>{_NUM})(?P<unit>{_UNIT})\s+to\s+"
                         rf"|(?P<old2>{_NUM})(?P<unit2>{_UNIT})\s*(?:->|→|=>|⇒)\s*)$", re.I)


class OldValue(BaseModel):
    """A new value of the request and the old value the request says it replaces, both in SI."""

    model_config = ConfigDict(extra="forbid")

    new_text: str
    new: float
    old_text: str
    old: float


def _as_new(q: Quantity, number: str, unit: str) -> tuple[str, float] | None:
    """The old value as the new one is read: with its own unit, else with the new value's unit
    ("120 degC instead of 100": 100 degC), in SI; None when it does not read as the same kind."""
    unit = unit.rstrip(".:")  # the end of a sentence
    said = f"{number}{unit}".strip() if unit.strip() else re.sub(_NUM, number, q.text.strip(), count=1)
    read = [o for o in quantities(said) if o.kind == q.kind]
    return (said, read[0].value) if read else None


def old_values(text: str) -> list[OldValue]:
    """Each stated value of the request with the old value the words around it name."""
    out: list[OldValue] = []
    text = normalise(text)  # the quantities' places are in the normalised text ("four-phase" -> "4-phase")
    for q in quantities(text):
        end = q.start + len(q.text)
        m = _AFTER_NEW.match(text, end)
        b = _BEFORE_NEW.search(text[max(0, q.start - 60):q.start])
        number, unit = (m.group("old"), m.group("unit")) if m else \
            ((b.group("old") or b.group("old2")), (b.group("unit") or b.group("unit2") or "")) if b else (None, "")
        if number is None:
            continue
        read = _as_new(q, number, unit)
        if read is not None:
            out.append(OldValue(new_text=q.text.strip(), new=q.value, old_text=read[0], old=read[1]))
    return out
