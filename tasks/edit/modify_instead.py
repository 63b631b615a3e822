"""Old values a change request names beside the new one: "120 degC instead of 100 degC", "2 m/s
rather than 3", "from 1 s to 0.5 s", "lid 1 m/s -> 2 m/s". The old value is never applied (the
readers drop it, tasks/plan/extract and modify_words); here it is compared with what the case
holds where the new value went, and a warning says so when they differ: the user's picture of
the case is off, and the change may have gone to another case than the one they meant."""

from __future__ import annotations

import math
import re

from tasks.edit.modify_models import ChangePlan, entry_key
from tasks.plan.old_values import _NUM, OldValue, old_values  # noqa: F401 (OldValue: importable here)


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

