"""A cavity's words: which wall is hot (from the temperatures or the words), a cavity called tall or
shallow, and a heated cavity given no size but its Rayleigh number. Pure functions."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, OPPOSITE
from tasks.geometry.text_lengths import aspect_ratio


# a cavity called tall or shallow, with no size or ratio given: aspect ratio 4 (height 4 widths) or 1/4
_TALL = re.compile(r"\b(?:tall|slender|narrow\s+(?:and\s+)?(?:tall|high)|high\s+(?:and\s+)?narrow)\b"
                   r"(?:\s+\w+){0,3}?\s+(?:cavity|enclosure|box|slot)", re.I)
_SHALLOW = re.compile(r"\b(?:shallow|flat|wide\s+(?:and\s+)?(?:low|shallow))\b(?:\s+\w+){0,3}?\s+(?:cavity|enclosure|box|slot)",
                      re.I)


def unsized_cavity(text: str, lengths: dict[str, float], dims: dict[str, Any]) -> bool:
    """The request gives a cavity no size: no length by name, and its width and height are
    unset or only the default scaled by a stated aspect ratio."""
    if any(k in lengths for k in ("width", "height", "length", "side", "depth", "diameter")):
        return False
    ar = benard_aspect(aspect_ratio(text), hot_side(text))
    sizes = {k: v for k, v in dims.items() if k in ("width", "height")}
    return not sizes or bool(ar and sizes == {"width": 0.1, "height": 0.1 * ar})


def size_from_rayleigh(text: str, dims: dict[str, Any]) -> list[str]:
    """A heated cavity given no size but Ra, its wall temperatures and the fluid: its height is
    the side at which they all hold (the width follows from a stated aspect ratio, else equals it);
    the assumption saying so, or [] when the request leaves something free."""
    from tasks.geometry.convection import rayleigh_side

    sized = rayleigh_side(text)
    if sized is None:
        return []
    side, note = sized
    ar = benard_aspect(aspect_ratio(text), hot_side(text))
    dims["height"] = side
    dims["width"] = side / ar if ar else side
    return [note]


# The words for each wall of a cavity, and for heating and cooling.
_WALL_WORDS = {"left": r"left", "right": r"right", "bottom": r"bottom|floor|lower|base",
               "top": r"top|ceiling|upper|lid|roof"}
_HOT, _COLD = r"hot|heated|warm|heater", r"cold|cooled|cool|chilled"
_TEMPERATURE = rf"({NUM})\s*(K|°\s*C|deg(?:rees)?\s*C\b|degC|C\b|celsius|kelvin)"


def hotter_wall(text: str) -> str | None:
    """The hotter of two facing walls given different temperatures ("floor 40 degC, lid 20 degC")."""
    kelvin: dict[str, float] = {}
    for side, words in _WALL_WORDS.items():
        m = re.search(rf"\b(?:{words})\b[^.;,()]{{0,30}}?{_TEMPERATURE}", text, re.I)
        if m:
            kelvin[side] = float(m.group(1)) + (0.0 if m.group(2).lower().startswith(("k", "kel")) else 273.15)
    for a, b in (("bottom", "top"), ("left", "right")):
        if a in kelvin and b in kelvin and kelvin[a] != kelvin[b]:
            return a if kelvin[a] > kelvin[b] else b
    return None


def hot_side(text: str) -> str | None:
    """Which wall of a heated cavity is the hot one (the cold one faces it): from the temperatures
    the walls are given ("bottom plate at 310 K, top at 300 K"), else from the words ("heated from
    below", "Rayleigh-Benard", "a hot floor", "a cold ceiling", "the right wall is heated").
    None when the request does not say (the library heats the left wall)."""
    by_temperature = hotter_wall(text)
    if by_temperature:
        return by_temperature
    if re.search(r"heated[\s-]+from[\s-]+(?:below|the[\s-]+bottom)|rayleigh[-\s–—]+b[eé]nard|\bb[eé]nard[-\s]?(?:convection|cells?|problem)"
                 r"|\bRB\s+(?:convection|cells?|problem)", text, re.I):
        return "bottom"
    if re.search(r"heated[\s-]+from[\s-]+(?:above|the[\s-]+top)", text, re.I):
        return "top"
    side = re.search(r"heated\s+(?:from|on)\s+the\s+(left|right)(?:\s+(?:side|wall))?", text, re.I)
    if side:
        return side.group(1).lower()  # type: ignore[return-value]
    for side in _WALL_WORDS:
        if _said(text, _HOT, side) or _said(text, _COLD, OPPOSITE[side]):  # type: ignore[index]
            return side
    return None


def benard_aspect(ar: float | None, hot: str | None) -> float | None:
    """A cavity's height over its width from a bare aspect ratio: a cell heated from below or above (Rayleigh-Benard)
    gives its aspect ratio as width over height (a 0.2 m high cell of aspect ratio 2 is 0.4 m wide), a cavity heated
    from the side as height over width; a ratio whose sizes are named ("H/W = 4") is read by the proportion readers."""
    if ar is None or hot not in ("bottom", "top"):
        return ar
    return 1 / ar


def _said(text: str, state: str, side: str) -> bool:
    """The words put `state` (hot or cold words) on the wall of `side`: "a hot floor", "the hot wall
    on the right", "the left wall is heated", "a lid kept cold"."""
    words, filler = _WALL_WORDS[side], r"(?:(?:wall|walls|side|plate|surface|boundary|is|on|at|the|kept|held)\s+)"
    return bool(re.search(rf"\b(?:{state})\s+{filler}{{0,3}}(?:{words})\b|\b(?:{words})\s+{filler}{{0,3}}(?:{state})\b",
                          text, re.I))


# a wall that moves (a lid-driven cavity's): "lid-driven", "a sliding lid", "the top wall moves at 1 m/s",
# "lid velocity 2 m/s", "the lid at 0.5 m/s", "shear-driven"
_MOVING_WALL = re.compile(
    r"lid[- ]driven|shear[- ]driven|driven\s+(?:lid|cavity)|(?:sliding|moving|translating)\s+(?:top\s+)?(?:lid|wall|plate|top|belt)"
    r"|\b(?:lid|top\s+wall|top\s+plate|upper\s+wall|wall)\s+(?:\w+ly\s+)?(?:moves|moving|slides|sliding|translates|is\s+(?:moving|driven|sliding))"
    rf"|\blid\b[^.;]{{0,25}}?(?:velocity|speed|at\s+{NUM}\s*(?:m|cm|mm)\s*/\s*s|{NUM}\s*(?:m|cm|mm)\s*/\s*s|{NUM}\s*km\s*/?\s*h)", re.I)
_WALL = r"(?:walls?|sides?|plates?|surfaces?|boundar(?:y|ies)|floor|ceiling|base|bottom|top|lid|roof)"
# a wall given a thermal role: "a heated wall", "the hot side", "cold plate", "the left wall is heated", "wall kept cool"
_THERMAL_WALL = re.compile(rf"\b(?:{_HOT}|{_COLD}|isothermal|heating|cooling)\s+(?:(?:left|right|top|bottom|upper|lower|side|vertical|"
                           rf"horizontal)\s+)?{_WALL}\b"
                           rf"|\b{_WALL}\s+(?:(?:is|are|kept|held|maintained|at)\s+){{0,2}}(?:{_HOT}|{_COLD})\b"
                           r"|heated\s+(?:from|on)\b|differentially\s+heated|natural\s+convection|buoyan", re.I)


def moving_wall(text: str) -> bool:
    """The request moves a wall of its cavity (a lid-driven one): "lid-driven", "the lid slides at 1 m/s"."""
    return bool(_MOVING_WALL.search(text))


def thermal_walls(text: str) -> bool:
    """The walls of a closed cavity are given thermal roles: facing walls at different temperatures,
    or a hot, heated, cold or cooled wall ("a box with a heated wall on the left")."""
    return hotter_wall(text) is not None or bool(_THERMAL_WALL.search(text))
