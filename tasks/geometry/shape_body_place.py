"""Where a body sits in a channel, from the words of its clause: how far downstream ("20 cm downstream of the
inlet", "x = 0.6 m", "a quarter of the way along"), how high ("at mid-height", "5 cm below the top wall"),
on which wall it stands ("sits on the floor"), a list of its x positions, and the domain's extent around it
("the outlet 1 m downstream of the cylinder"). Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, unit_factor

_LEN = rf"({NUM})\s*({UNIT})?"


def _factor(unit: str | None) -> float:
    return unit_factor(unit)


_FRACTION = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "fourth": 0.25, "fifth": 0.2, "sixth": 1 / 6,
             "tenth": 0.1}
_INLET_END = r"(?:inlet|entrance|entry|inflow|left\s+(?:end|wall|boundary|side))"
_OUTLET_END = r"(?:outlet|exit|outflow|right\s+(?:end|wall|boundary|side))"


def body_x(clause: str, length: float | None = None) -> float | None:
    """How far downstream of the inlet a body sits: "20 cm downstream of the inlet", "x = 0.6 m",
    "0.8 m upstream of the outlet" and "a quarter of the way along" (given the channel's length)."""
    m = re.search(rf"{_LEN}\s+(?:downstream\s+(?:of|from)|from|behind|after|past|in\s+from|clear\s+of)\s+(?:the\s+)?{_INLET_END}",
                  clause, re.I) or \
        re.search(rf"(?<![\w.])x\s*=\s*{_LEN}", clause, re.I) or \
        re.search(rf"\b(?:cent(?:re|er)d|placed|located|positioned|sits?|lies)\s+(?:at\s+)?{_LEN}\s+downstream\b(?!\s+(?:of|from)\b)",
                  clause, re.I)  # "centred 30 cm downstream and 15 cm up": from the inlet
    if m:
        return float(m.group(1)) * _factor(m.group(2))
    if length is None:
        return None
    m = re.search(rf"{_LEN}\s+(?:upstream\s+(?:of|from)|from|before|ahead\s+of)\s+(?:the\s+)?{_OUTLET_END}", clause, re.I)
    if m and m.group(2):
        return length - float(m.group(1)) * _factor(m.group(2))
    m = re.search(rf"\b(?:(?:a|one)\s+|(?P<n>two|three|\d)\s+)?(?P<f>half|third|quarter|fourth|fifth|sixth|tenth)s?\s+"
                  rf"(?:of\s+the\s+way\s+(?:along|down)|(?:of\s+)?(?:the\s+)?(?:channel\s+|duct\s+|domain\s+)?length|along)",
                  clause, re.I)
    if m:
        count = {"two": 2, "three": 3}.get((m.group("n") or "").lower()) or (int(m.group("n")) if (m.group("n") or "").isdigit() else 1)
        return count * _FRACTION[m.group("f").lower()] * length
    # "1/4 of the way down", "at 25 % of the channel length", "midway along", "half-way down the channel"
    along = r"(?:of\s+the\s+way\s+(?:along|down|through|from\s+the\s+inlet)|of\s+(?:the\s+)?(?:channel\s+|duct\s+|domain\s+|total\s+)?length)"
    m = re.search(rf"(?<![\w./])(\d+)\s*/\s*(\d+)\s+{along}", clause, re.I)
    if m and int(m.group(2)) > 0:
        return int(m.group(1)) / int(m.group(2)) * length
    m = re.search(rf"(?<![\w.])({NUM})\s*(?:%|per\s*cent)\s+{along}", clause, re.I)
    if m:
        return float(m.group(1)) / 100 * length
    if re.search(r"\b(?:mid[- ]?way|half[- ]?way)\s+(?:along|down|through)\b|\bmid[- ]?length\b", clause, re.I):
        return length / 2
    return None


def body_y(clause: str, height: float | None) -> float | None:
    """How high a body sits: "20 cm above the bottom wall", "y = 0.1", "at mid-height", "on the
    centreline", and given the channel's height "5 cm below the top wall", "1 cm above the centreline"."""
    up = re.search(rf"{_LEN}\s+(?:above|from|over|off|up\s+from|clear\s+of)\s+(?:the\s+)?(?:bottom|lower|floor|base|bed)", clause, re.I) or \
        re.search(rf"(?<![\w.])y\s*=\s*{_LEN}", clause, re.I) or \
        re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s+up\b(?!\s+(?:from|to|the|stream)\b)", clause, re.I)  # "... and 15 cm up"
    if up:
        return float(up.group(1)) * _factor(up.group(2))
    if height:
        down = re.search(rf"{_LEN}\s+(?:below|under|beneath|from|off|down\s+from|clear\s+of)\s+(?:the\s+)?(?:top|upper|ceiling|lid|roof)",
                         clause, re.I)
        if down and down.group(2):
            return height - float(down.group(1)) * _factor(down.group(2))
        off = re.search(rf"{_LEN}\s+(above|over|below|under|beneath)\s+the\s+(?:cent(?:re|er)\s*-?\s*line|axis|mid[- ]?height"
                        rf"|mid[- ]?plane)", clause, re.I)
        if off and off.group(2):
            sign = 1.0 if off.group(3).lower() in ("above", "over") else -1.0
            return height / 2 + sign * float(off.group(1)) * _factor(off.group(2))
    if re.search(r"mid[- ]?height|(?:half|mid)[- ]?way\s+up|cent(?:re|er)\s*-?\s*line|\baxis\b|half\s+(?:the\s+)?height"
                 r"|middle\s+of\s+the\s+(?:channel|duct|domain|height)|cent(?:re|er|r)ed\s+vertically|vertically\s+cent(?:re|er|r)ed"
                 r"|cent(?:re|er|r)ed\s+between\s+the\s+(?:walls|plates)|(?:half|mid)[- ]?way\s+between\s+the\s+(?:top\s+and\s+(?:the\s+)?bottom|walls|plates)"
                 r"|symmetric", clause, re.I) and height:
        return height / 2
    return None


_WALLS = r"floor|bottom(?:\s+wall)?|lower\s+wall|ceiling|roof|top(?:\s+wall)?|upper\s+wall"
_ON_WALL = re.compile(rf"(?:\b(?:sits?|sitting|rests?|resting|stands?|standing|mounted|attached|fixed|placed|lies|lying|is)?\s*"
                      rf"(?:on|to|against)|\b(?:hangs?|hanging|suspended)\s+from)\s+the\s+(?P<wall>{_WALLS})\b"
                      rf"|\b(?P<mount>floor|wall)[- ]mounted\b"
                      # "a plate with a square block on it", "a rib on the plate": the plate is the floor
                      r"|\bplate\b[^.;]{0,60}?\bon\s+it\b|\bon\s+(?:top\s+of\s+)?the\s+(?:plate|base|bed)\b", re.I)


def wall_side(clause: str) -> str | None:
    """The wall a body stands on ("sits on the floor", "attached to the top wall", "floor-mounted"):
    "bottom" or "top", else None."""
    m = _ON_WALL.search(clause)
    if not m:
        return None
    word = (m.group("wall") or m.group("mount") or "").lower()
    return "top" if word.startswith(("ceiling", "roof", "top", "upper")) else "bottom"


def x_list(clause: str, axis: str = "x") -> list[float]:
    """Every x (or y, `axis`) a clause gives: "x = 0.5 m and x = 1.0 m", "x = 0.5, 1.0 and 1.5 m" (metres)."""
    out: list[float] = []
    # an item of the list is not the first factor of a product: "front face at x = 0.5 m, 2 m x 0.5 m channel"
    item = rf"{NUM}(?!\s*(?:{UNIT})?\s*(?:x|by|×)\s*[-+\d.])"
    for m in re.finditer(rf"(?<![\w.]){axis}\s*=\s*((?:{item}\s*(?:{UNIT})?\s*(?:,|\band\b|&)\s*)*{item})\s*({UNIT})?", clause, re.I):
        parts = re.findall(rf"({NUM})\s*({UNIT})?", m.group(1), re.I)
        for value, unit in parts:
            out.append(float(value) * _factor(unit or m.group(2)))
    return out


def y_list(clause: str) -> list[float]:
    """Every y a clause gives: "y = 0.1 m and y = 0.2 m", "y = 0.1, 0.2 m" (metres)."""
    return x_list(clause, "y")


_NOT_FROM_INLET = r"(?!\s+(?:of|from)\s+the\s+(?:inlet|entrance|entry|inflow|left|outlet|exit))"


def distances_from_body(text: str, d: dict[str, Any]) -> float | None:
    """A domain given by its boundaries' distances from the body: "inflow boundary 50 cm upstream of its
    centre", "outflow 1 m downstream", "side walls 40 cm either side" (lengths with a unit; a distance
    from the inlet is the body's position instead, read by the caller). Returns the outlet's distance
    downstream of the body (None when not said or the length is known)."""
    up = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s+(?:upstream|ahead|in\s+front){_NOT_FROM_INLET}", text, re.I)
    down = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s+(?:downstream|behind|in\s+the\s+wake){_NOT_FROM_INLET}", text, re.I)
    side = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})\s+(?:away\s+)?(?:(?:to|on)\s+)?(?:(?:either|each|both)\s+sides?|above\s+and\s+below"
                     rf"|(?:from\s+the\s+(?:body|cylinder|cent(?:re|er))\s+)?to\s+(?:each|either|both|the)\s+(?:side\s+)?walls?)",
                     text, re.I)
    if up and "center_x" not in d:
        d["center_x"] = float(up.group(1)) * _factor(up.group(2))
    if side and "height" not in d:
        d["height"] = 2 * float(side.group(1)) * _factor(side.group(2))
    # the outlet's distance behind the body: the caller adds it to the body's x once that is known
    return float(down.group(1)) * _factor(down.group(2)) if down and "length" not in d else None


# a body placed by one of its faces: "front face at x = 0.3 m", "upstream face 100 mm from the inlet", "its leading
# edge 10 cm downstream of the inlet", "the rear face at x = 40 cm"
_FACE = re.compile(r"\b(?P<side>front|upstream|leading|windward|forward|rear|back|downstream|trailing|leeward)\s+"
                   r"(?:(?:vertical\s+)?(?:face|edge|side|wall|surface))\b", re.I)


def face_shift(clause: str) -> int:
    """+1 when the clause places a body by its upstream face (its centre half its width downstream of the
    place), -1 by its downstream face, 0 by its centre."""
    m = _FACE.search(clause)
    if not m:
        return 0
    return 1 if m.group("side").lower() in ("front", "upstream", "leading", "windward", "forward") else -1
