"""Values a request sets by an entry's name or meaning: "DT 0.002", "a diffusivity of 0.002
m2/s", "Young's modulus 70 GPa", "strike 50". Only entries the base case really has are set.

Pure: the base's dictionaries in, (stated quantity, file, entry, value) matches out.
"""

from __future__ import annotations

from tasks.plan.controls import (  # the matching lives with the controls it also reads (no import cycle)
    _COMMON,
    _LINK,
    _LINKWORD,
    _NUM,
    _SYMBOL_LINK,
    _value_after,
    aliases,
    find_named,
)
from tasks.plan.stated import StatedQuantity, written_as

__all__ = ["_COMMON", "_LINK", "_LINKWORD", "_NUM", "_SYMBOL_LINK", "_value_after", "aliases", "find_named", "stated_for"]


def stated_for(match: tuple[str, float, str, int], stated: list[StatedQuantity]) -> StatedQuantity:
    """The stated quantity a named value is (same text), or a new one for a unit-less parameter."""
    name, value, raw, _ = match
    same = next((q for q in stated if written_as(q, raw) and abs(q.value - value) <= 1e-9 * max(1, abs(value))), None)
    if same is not None:
        return same
    return StatedQuantity(text=f"{name} {raw}".strip(), quantity="parameter", value=value, role=f"entry:{name}")
