"""A one-sided (asymmetric) planar diffuser or nozzle: one wall straight, the other sloping ("one wall straight
and the other sloping at 9.5 degrees over 0.3 m", "the lower wall stays flat", "an asymmetric diffuser whose top
wall opens at 10 deg"). `flat_wall` says which wall stays straight; `sloping_angle` reads the sloping wall's
angle; `one_sided_dims` sets the flat wall and, when no outlet height is given, the outlet height from the
angle over the taper length (h_out = h_in +- L tan(angle)). Pure functions; metres and degrees."""

from __future__ import annotations

import math
import re
from typing import Any, Literal

from tasks.geometry.spec import NUM

FlatWall = Literal["bottom", "top"]
_LOWER, _UPPER = r"(?:lower|bottom|floor)", r"(?:upper|top|ceiling|roof)"
_STRAIGHT = r"(?:flat|straight|horizontal|level|parallel\s+to\s+the\s+(?:x[- ]axis|axis|inflow)|unchanged|fixed\s+at\s+y)"
_STAYS = r"(?:\s+(?:wall|side|boundary|surface))?\s+(?:(?:stays|remains|is|kept|being|runs|left|is\s+kept)\s+)?"
_SLOPES = r"(?:slop\w*|inclin\w*|tilt\w*|diverg\w*|converg\w*|opens?|opening|expand\w*|flar\w*|rises?|rising|angled|ramps?)"
_ASYMMETRIC = re.compile(r"\b(?:asymmetric(?:al)?|one[- ]sided|single[- ]sided|non[- ]?symmetric)\b"
                         r"|\bone\s+(?:side|wall)\s+(?:\w+\s+){0,2}?(?:straight|flat)\b"
                         rf"|\bonly\s+(?:the\s+)?(?:one|{_LOWER}|{_UPPER})\s+(?:wall|side)\s+{_SLOPES}", re.I)
_DEG = r"(?:°|º|deg(?:ree)?s?\b)"


def flat_wall(text: str) -> FlatWall | None:
    """The wall of a diffuser or nozzle that stays straight: "the lower wall stays flat", "flat bottom wall",
    "the top wall opens at 10 degrees" (the bottom is flat), "one wall straight and the other sloping" (the
    bottom); None when the words make it symmetric or do not say."""
    for side, name in (("bottom", _LOWER), ("top", _UPPER)):
        if re.search(rf"\b{name}{_STAYS}{_STRAIGHT}\b|\b{_STRAIGHT}\s+{name}\b", text, re.I):
            return side  # type: ignore[return-value]
    if not _ASYMMETRIC.search(text) and not re.search(rf"\b(?:{_LOWER}|{_UPPER})(?:\s+wall)?\s+(?:only\s+)?{_SLOPES}",
                                                     text, re.I):
        return None
    if re.search(rf"\b{_LOWER}(?:\s+(?:wall|side))?\s+(?:\w+\s+){{0,2}}?{_SLOPES}", text, re.I) and \
            not re.search(rf"\b{_UPPER}(?:\s+(?:wall|side))?\s+(?:\w+\s+){{0,2}}?{_SLOPES}", text, re.I):
        return "top"
    if _ASYMMETRIC.search(text) or re.search(rf"\b{_UPPER}(?:\s+(?:wall|side))?\s+(?:\w+\s+){{0,2}}?{_SLOPES}",
                                             text, re.I):
        return "bottom"
    return None


def sloping_angle(text: str) -> float | None:
    """The sloping wall's angle in degrees ("sloping at 9.5 degrees", "opens at 10 deg", "inclined 7°", "a wall
    angle of 9.5 degrees", "at an angle of 8 degrees"), or None."""
    m = re.search(rf"\b{_SLOPES}\s+(?:\w+\s+){{0,3}}?(?:at|by|with)?\s*(?:an?\s+angle\s+of\s+)?({NUM})\s*{_DEG}", text,
                  re.I) or re.search(rf"\b(?:wall\s+angle|angle\s+of\s+the\s+(?:sloping|inclined|upper|lower|top|bottom)"
                                     rf"\s+wall|expansion\s+angle|opening\s+angle|divergence\s+angle|slope)\s*(?:of|=|:|is)?\s*"
                                     rf"({NUM})\s*{_DEG}", text, re.I) or \
        re.search(rf"({NUM})\s*{_DEG}\s*(?:slope|incline|inclination|wall\s+angle)", text, re.I)
    value = float(m.group(1)) if m else None
    return value if value is not None and 0 < value < 90 else None


_EACH_WALL = re.compile(r"\b(?:each|both|either|the\s+two)\s+(?:side\s+)?walls?\b|\bon\s+(?:each|both|either)\s+sides?\b",
                        re.I)


def one_sided_dims(shape: str, text: str, dims: dict[str, Any]) -> list[str]:
    """Set `dims` of a diffuser or nozzle whose walls the words slope: a one-sided one's flat wall and, when only
    one height is known, the other from the sloping wall's angle over the taper length (both walls sloping, "each
    wall diverging at 5 degrees": twice the rise); the notes saying so ([] when the words say neither)."""
    wall = flat_wall(text)
    both = wall is None and bool(_EACH_WALL.search(text))
    if (wall is None and not both) or dims.get("axisymmetric"):
        return []
    notes = []
    if wall is not None:
        dims["flat_wall"] = wall
        notes.append(f"One-sided {shape}: the {wall} wall straight, the {'top' if wall == 'bottom' else 'bottom'} "
                     "wall sloping.")
    angle = sloping_angle(text)
    hi, ho, length = dims.get("inlet_height"), dims.get("outlet_height"), dims.get("taper_length")
    if angle is None or length is None or (hi is None) == (ho is None):
        return notes
    change = (2 if both else 1) * length * math.tan(math.radians(angle)) * (1 if shape == "diffuser" else -1)
    if hi is not None:
        dims["outlet_height"] = hi + change
    else:
        dims["inlet_height"] = ho - change
    notes.append(f"Outlet height {dims['outlet_height']:.6g} m = inlet {dims['inlet_height']:.6g} m "
                 f"{'+' if change > 0 else '-'} {'2 x ' if both else ''}{length:g} m x tan({angle:g} deg) "
                 f"({'each' if both else 'the sloping'} wall).")
    return notes


def flat_wall_origin(dims: dict[str, Any], origin: tuple[float, float], y_said: bool) -> tuple[float, float]:
    """Where a one-sided shape goes when the request gives no y coordinates: its straight wall on y = 0 (the shape's
    own coordinates centre the inlet on y = 0); `origin` as it was otherwise."""
    wall, hi = dims.get("flat_wall"), dims.get("inlet_height")
    if wall is None or hi is None or y_said:
        return origin
    return origin[0], origin[1] + (hi / 2 if wall == "bottom" else -hi / 2)
