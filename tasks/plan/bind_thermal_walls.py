"""Which walls of a base case are its heat sources: a patch held at a fixed temperature apart from
the rest (the box of a radiation room at 500 K in a 300 K room whose floor, ceiling and walls sit at
or float with the room's temperature). "The walls" of such a room mean its enclosure, not the
heater. Pure functions over a temperature dictionary's text."""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd

_NUMBER = re.compile(r"[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?")
_FLOATING = ("zeroGradient", "externalWallHeatFluxTemperature", "calculated")


def _uniform(raw: str | None) -> float | None:
    m = re.fullmatch(r"\s*uniform\s+(" + _NUMBER.pattern + r")\s*", raw or "")
    return float(m.group(1)) if m else None


def heat_sources(text: str, prefix: tuple[str, ...] = ()) -> set[str]:
    """The patches of the temperature dictionary at `prefix` in `text` held at a fixed value other
    than the internal field's, where some other patch is at the internal field's value or floats
    (zeroGradient): the base's heaters or coolers. Empty when every fixed wall differs alike or the
    internal field is not one number."""
    internal = _uniform(fd.get(text, [*prefix, "internalField"]))
    body = fd.body_span(text, [*prefix, "boundaryField"])
    if internal is None or body is None:
        return set()
    fixed: dict[str, float] = {}
    level = False
    for e in fd.entries(text, *body):
        if e.kind != "dict":
            continue
        bc = fd.get(text, [*prefix, "boundaryField", e.name, "type"]) or ""
        value = _uniform(fd.get(text, [*prefix, "boundaryField", e.name, "value"]))
        if bc == "fixedValue" and value is not None:
            fixed[e.name] = value
            level = level or abs(value - internal) < 1e-9
        elif bc in _FLOATING:
            level = True
    if not level:
        return set()
    return {p for p, v in fixed.items() if abs(v - internal) > 1e-9}
