"""A value restated beside itself in another unit that does not agree with it ("120 rpm (31.4
rad/s)": 120 rpm is 12.57 rad/s). Restatements that agree are one quantity already
(tasks.plan.extract.restated_once); one that disagrees is refused with both values in one unit, so
the user sees which number to fix, rather than as a second value for the same entry."""

from __future__ import annotations

import re

from tasks.plan.extract import RESTATED_GAP
from tasks.plan.stated import StatedQuantity


def restatement_clash(text: str, first: StatedQuantity | None, second: StatedQuantity) -> str | None:
    """Why `second` is refused when it stands right after `first` as its restatement ("(", "i.e.",
    "that is", "=") but differs from it; None when they are not written together that way."""
    if first is None or first.quantity != second.quantity or _unit(first.text) == _unit(second.text):
        return None  # "3 m/s or 4 m/s": two values in one unit are two choices, no restatement
    for a, b in ((first, second), (second, first)):
        for m in re.finditer(re.escape(a.text), text):
            if text.startswith(b.text, (gap := RESTATED_GAP.match(text, m.end())).end()) and gap.group(0).strip():
                unit = first.unit or ""
                return (f"{second.text} restates {first.text} in another unit, but they differ ({first.text} = "
                        f"{first.value:.4g} {unit}, {second.text} = {second.value:.4g} {unit}); {first.text} is "
                        "written: state the one value that holds")
    return None


def _unit(text: str) -> str:
    """The unit a value is written in: its text without the number."""
    return re.sub(r"^[-+]?[\d.,]+(?:[eE][-+]?\d+)?", "", text).strip().lower()
