"""Where a 2D bend lies, from its words: the centre of its turn ("bend centre at (0.5, 0.3) m", "the arcs are
centred at x = 0, y = 0.2 m") or its inlet leg's place across the flow ("the inlet leg lies between y = 0.1 m and
y = 0.2 m", "an inlet leg from x = 0 to 0.5 m"). The bend is built about its own centre (tasks.geometry.shape_blocks:
inlet leg along +x ending at x = 0, a left turn's leg below the centre, a right turn's above); `bend_origin` is the
translation to the request's coordinates and `leg_width` the width a leg's y range gives. Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.placement import axis_ranges
from tasks.geometry.spec import NUM, UNIT, unit_factor

_VALUE = rf"({NUM})\s*({UNIT})?"
# "bend centre at (0.5, 0.3) m", "centre of the bend: (50, 30) cm", "the arcs are centred at x = 0.5 m, y = 0.3 m"
_CENTRE_WORDS = (r"(?:(?:bend|turn|arcs?|curvature|elbow)(?:'s)?\s+(?:centre|center)|(?:centre|center)\s+of\s+(?:the\s+)?"
                 r"(?:bend|turn|arcs?|curvature|elbow)|(?:bend|turn|arcs?)\s+(?:(?:is|are)\s+)?(?:centred|centered))")
_CENTRE = re.compile(rf"{_CENTRE_WORDS}\s*(?:is\s+|lies\s+)?(?:at|:|=)?\s*(?:at\s+)?"
                     rf"(?:\(\s*{_VALUE}\s*,\s*{_VALUE}\s*\)\s*({UNIT})?|x\s*=\s*{_VALUE}\s*,?\s*(?:and\s+)?y\s*=\s*{_VALUE})", re.I)
# the inlet leg's words and what follows them in the clause
_INLET_LEG = re.compile(r"\b(?:inlet|inflow|upstream|entry|incoming|first|horizontal)\s+(?:leg|arm|straight|section|duct|channel)"
                        r"(?:[^.;]|\.\d)*", re.I)


def _metres(value: str, unit: str | None, shared: str | None) -> float:
    return float(value) * unit_factor(unit or shared or "m")


def bend_centre(text: str) -> tuple[float, float] | None:
    """The centre of the bend's turn the words give, in metres, or None."""
    if re.search(rf"{_CENTRE_WORDS}(?:\s+of\s+(?:the\s+)?(?:bend|turn|arcs?|elbow))?\s+(?:is|lies)\s+(?:at\s+)?the\s+origin"
                 rf"|{_CENTRE_WORDS}\s+(?:at\s+)?(?:the\s+)?origin", text, re.I):
        return 0.0, 0.0  # "the centre of curvature of the bend is the origin"
    m = _CENTRE.search(text)
    if m is None:
        return None
    g = m.groups()
    if g[0] is not None:  # "(0.5, 0.3) m"
        return _metres(g[0], g[1], g[4]), _metres(g[2], g[3], g[4])
    return _metres(g[5], g[6], g[8]), _metres(g[7], g[8], g[6])


def _leg_ranges(text: str, axis: str) -> list[tuple[float, float]]:
    """The ranges of `axis` said of the inlet leg (in its clause), else of the whole text when it has one range."""
    leg = _INLET_LEG.search(text)
    if leg is not None and (ranges := axis_ranges(leg.group(0), axis)):
        return ranges
    ranges = axis_ranges(text, axis)
    return ranges if len(ranges) == 1 else []


def leg_width(text: str) -> float | None:
    """The duct's width from the inlet leg's y range ("between y = 0.1 m and y = 0.2 m" -> 0.1), or None."""
    ys = _leg_ranges(text, "y")
    return round(abs(ys[0][1] - ys[0][0]), 12) if ys and ys[0][1] != ys[0][0] else None


def leg_length(text: str) -> float | None:
    """The inlet leg's length from its x range ("the inlet leg from x = 0 to 0.5 m" -> 0.5), or None."""
    xs = _leg_ranges(text, "x")
    return round(abs(xs[0][1] - xs[0][0]), 12) if xs and xs[0][1] != xs[0][0] else None


def bend_origin(text: str, dims: dict[str, Any]) -> tuple[float, float] | None:
    """The translation from the bend's own coordinates to the request's: its centre where the words give it (a
    curved bend), else from the inlet leg's y range (a left turn's leg lies below the centre: its upper edge at
    -inner radius; a right turn's above: its lower edge at +inner radius; a sharp bend's leg at y 0..width) and
    x range (the leg ends at x = 0); None when the words place it nowhere."""
    curved = dims.get("inner_radius")
    if curved is not None and (c := bend_centre(text)) is not None:
        return c
    if curved is None and (placed := _sharp_bend_by_coordinates(text, dims)) is not None:
        return placed
    ys, xs = _leg_ranges(text, "y"), _leg_ranges(text, "x")
    if not ys and not xs:
        return None
    ox = max(xs[0]) if xs else 0.0  # the leg's downstream end
    oy = 0.0
    if ys:
        lo, hi = min(ys[0]), max(ys[0])
        if curved is None:
            oy = lo if dims.get("turn") != "right" else hi  # sharp bends: the inlet leg at y 0..w (mirrored: -w..0)
        else:
            oy = hi + curved if dims.get("turn") != "right" else lo - curved
    return (round(ox, 12), round(oy, 12))


# a sharp L-bend's second leg, its inlet and its outlet by their coordinates: "leg 2 along +y, x 0.4..0.5", "the second
# leg goes up along y between x = 0.4 m and x = 0.5 m", "the vertical leg lying between x = 400 and 500 mm"; "the inlet
# at x = 0", "inlet face at x = 0"; "outlet at y = 0.6", "exits at y = 600 mm"
_SECOND_LEG = re.compile(r"\b(?:leg\s*2|second\s+leg|vertical\s+leg|(?:outlet|outflow|exit|discharge)\s+leg|downstream\s+leg"
                         r"|other\s+leg)\b"
                         r"(?:[^.;]|\.(?![\s)]|$))*", re.I)  # "x 0.4..0.5" stays in the clause
_INLET_X = re.compile(rf"\binlet(?:\s+(?:face|plane|section|boundary))?\s+(?:is\s+|lies\s+)?(?:(?:at|on)\s+|(?=x\s*=))x\s*=\s*{_VALUE}"
                      # "leg 1 along x from x = 0", "the first leg starts at x = 0"
                      rf"|\b(?:leg\s*1|first\s+leg|inlet\s+leg)\b(?:[^.;]|\.\d)*?\b(?:from|starts?\s+at)\s+x\s*=\s*{_VALUE}", re.I)
# the leg that runs along +y, by its words when it is not named a leg: "then turns 90 degrees and goes 300 mm along +y
# (between x = 250 and 300 mm)"
# "runs along x from the origin", "35 cm along x from the origin" (read "35 cm long from the origin"): the inlet at x = 0
_FROM_ORIGIN = re.compile(r"\b(?:along\s+(?:the\s+)?\+?x|long)\s+from\s+the\s+origin\b", re.I)
_ALONG_Y = re.compile(r"\b(?:along|in|towards?)\s+(?:the\s+)?\+?y\b(?:[^.;]|\.(?![\s)]|$))*", re.I)
_OUTLET_Y = re.compile(rf"\b(?:outlet(?:\s+(?:face|plane|section))?\s+(?:is\s+)?(?:at|on)|exits?\s+at|ends?\s+at|up\s+to"
                       rf"|reach(?:es|ing)?)\s+y\s*=\s*{_VALUE}"
                       # "the vertical leg ends 35 cm from the origin (y = 0.35 m)": the coordinate in brackets
                       rf"|\bends?\b[^.;()]{{0,50}}\(\s*y\s*=\s*{_VALUE}\s*\)", re.I)
# the corner's outer wall by its x: "outer corner at x = 0.35", "35 cm along x from the origin to the outer wall of the
# corner" (the second leg's far side wall, when no range of it is said)
_OUTER_CORNER_X = re.compile(rf"\bouter\s+(?:corner|wall\s+of\s+the\s+(?:corner|bend))\s+(?:is\s+|lies\s+)?at\s+x\s*=\s*{_VALUE}"
                             rf"|(?<![\w.]){_VALUE}\s+(?:along\s+(?:the\s+)?\+?x|long)\s+from\s+the\s+origin\s+to\s+the\s+outer\s+"
                             rf"(?:wall|side|edge)\s+of\s+the\s+(?:corner|bend)", re.I)


# a leg's side wall by its coordinate: "outer wall at x = 50 cm", "the inner wall lies on x = 0.4 m"
_WALL_AT = r"\bwalls?\s+(?:is\s+|lies\s+)?(?:at|on)\s+{axis}\s*=\s*" + _VALUE


def _walls_range(clause: str, axis: str) -> list[tuple[float, float]]:
    """The range between a leg's two side walls said by their coordinates (the unit of either), or []."""
    walls = list(re.finditer(_WALL_AT.format(axis=axis), clause, re.I))
    if len(walls) != 2:
        return []
    shared = walls[0].group(2) or walls[1].group(2)
    a, b = (_metres(w.group(1), w.group(2), shared) for w in walls)
    return [(min(a, b), max(a, b))] if a != b else []


def _sharp_bend_by_coordinates(text: str, dims: dict[str, Any]) -> tuple[float, float] | None:
    """A sharp 90 degree left L-bend placed by its second leg's x range (the corner square's x), with the inlet leg
    from the inlet's x and the outlet leg up to the outlet's y: `dims` gets the width and leg lengths they give, and
    the translation to the request's coordinates is returned; None when no second leg's x range is said."""
    if dims.get("angle", 90.0) != 90.0 or dims.get("turn") == "right":
        return None
    leg = _SECOND_LEG.search(text)
    xs = (axis_ranges(leg.group(0), "x") or _walls_range(leg.group(0), "x")) if leg else []
    if not xs and (run := _ALONG_Y.search(text)) is not None:
        xs = axis_ranges(run.group(0), "x")
    corner = _OUTER_CORNER_X.search(text)
    if not xs and corner is not None and dims.get("width"):
        outer = _metres(corner.group(1) or corner.group(3), corner.group(2) or corner.group(4), None)
        xs = [(round(outer - dims["width"], 12), outer)]
    if not xs or xs[0][1] <= xs[0][0]:
        return None
    a, b = xs[0]
    width = round(b - a, 12)
    ys = _leg_ranges(text, "y")
    oy = min(ys[0]) if ys else 0.0
    dims["width"] = width
    inlet = _INLET_X.search(text) or _FROM_ORIGIN.search(text)
    if inlet is not None and inlet.re is _FROM_ORIGIN:
        if a > 0:  # the inlet at the origin
            dims["inlet_length"] = round(a, 12)
    elif inlet is not None:
        x_in = _metres(inlet.group(1) or inlet.group(3), inlet.group(2) or inlet.group(4), None)
        if a - x_in > 0:
            dims["inlet_length"] = round(a - x_in, 12)
    outlet = _OUTLET_Y.search(text)
    if outlet is not None:
        y_out = _metres(outlet.group(1) or outlet.group(3), outlet.group(2) or outlet.group(4), None)
        if y_out - (oy + width) > 0:
            dims["outlet_length"] = round(y_out - oy - width, 12)
    return a, oy
