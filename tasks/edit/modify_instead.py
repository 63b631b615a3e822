"""Old values a change request names beside the new one: "120 degC instead of 100 degC", "2 m/s
rather than 3", "from 1 s to 0.5 s", "lid 1 m/s -> 2 m/s". The old value is never applied (the
readers drop it, tasks/plan/extract and modify_words); here it is compared with what the case
holds where the new value went, and a warning says so when they differ: the user's picture of
the case is off, and the change may have gone to another case than the one they meant."""

from __future__ import annotations

import math
import re

from pydantic import BaseModel, ConfigDict

from tasks.edit.modify_models import ChangePlan, entry_key
from tasks.plan.extract import Quantity, normalise, quantities

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
# a unit after a number: "m2/s", "degC", "kPa" (not the sign of an arrow, not a sentence's end)
_UNIT = r"(?:\s*[^\s\d,;.)(<=>-][^\s,;)(<=>]*)?"
# the old value after the new one ("X instead of Y", "X rather than Y", "X in place of Y", "X, not Y"),
# before it ("from Y to X", "Y -> X"), or marked as the present one ("X (was Y)", "X, currently Y")
_AFTER_NEW = re.compile(rf"\s*,?\s*\(?\s*(?:instead\s+of|rather\s+than|in\s+place\s+of|not|was|previously|currently|formerly)"
                        rf"\s+(?:the\s+)?(?:present\s+|current\s+|old\s+)?(?P<old>{_NUM})(?P<unit>{_UNIT})", re.I)
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


def _changed_numbers(before: str, after: str) -> tuple[list[float], list[float]] | None:
    """The numbers of an entry that a change replaced (before, after), position by position;
    None when the two texts do not hold the same count of numbers."""
    a, b = [float(x) for x in re.findall(_NUM, before)], [float(x) for x in re.findall(_NUM, after)]
    if b and len(a) > len(b):  # "[0 2 -1 0 0 0 0] 0.01" set to "0.02": the value after the dimensions
        a = a[-len(b):]
    if len(a) != len(b) or not a:
        return None
    changed = [i for i in range(len(a)) if not math.isclose(a[i], b[i], rel_tol=1e-9, abs_tol=1e-12)]
    return [a[i] for i in changed], [b[i] for i in changed]


def _size(values: list[float]) -> float:
    """One changed number itself, a changed vector's magnitude."""
    return values[0] if len(values) == 1 else math.sqrt(sum(v * v for v in values))


def old_value_warnings(plan: ChangePlan, text: str) -> list[str]:
    """A warning for each old value the request names that differs from what the case held
    where the new value went (plan.previous): "the lid is 1 m/s, not 3 m/s as the request says"."""
    warnings: list[str] = []
    for pair in old_values(text):
        for e in plan.edits:
            before = plan.previous.get(entry_key(e.file, e.entry))
            changed = _changed_numbers(before or "", str(e.value))
            if not changed or not changed[1] or len(changed[1]) not in (1, 3):
                continue
            written = _size(changed[1])
            # the edit that carries the new value: the value itself, or in the case's units (its reason names it)
            if not (math.isclose(written, pair.new, rel_tol=1e-6, abs_tol=1e-12) or pair.new_text in e.reason) \
                    or pair.new == 0:
                continue
            scale = written / pair.new
            present, expected = _size(changed[0]), pair.old * scale
            if not math.isclose(present, expected, rel_tol=1e-3, abs_tol=1e-9):
                warnings.append(f"the request gives {pair.old_text} as the old value of {pair.new_text}, but {e.file} "
                                f"{'/'.join(e.entry)} held {before}: set to {pair.new_text} as "
                                "asked; check that this is the case you meant")
            break
    return warnings

