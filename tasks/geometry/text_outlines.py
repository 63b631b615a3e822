"""Bodies whose outline a request describes in words rather than by vertices: an ellipse (semi-axes, axes,
"major/minor axis", "chord and thickness", an aspect ratio; turned by an angle of attack or a rotation), a
triangle or wedge (a flame holder, a V-gutter, a bluff wedge: base and height or length, or base and apex
angle; the apex pointing upstream, downstream, up or down) and a trapezoid (a bump or rib: base, top and
height). Each comes back as a polygon obstacle about its centre, with the sizes the words gave kept for the
record. Pure functions; metres and degrees."""

from __future__ import annotations

import math
import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, Point, unit_factor
from tasks.geometry.text_numbers import digits

# vertices of an ellipse's polygon: every 5 degrees (the extreme points of both axes among them)
ELLIPSE_VERTICES = 72

# an ellipse as a body, not an elliptic vessel, duct or domain, nor an elliptic equation, profile or model
ELLIPSE = re.compile(r"\bellip(?:se|ses|tic|tical)\b(?!\s+(?:tank|vessel|container|chamber|duct|pipe|tube|domain|region"
                     r"|enclosure|cavity|box|profile|velocity|distribution|inlet|outlet|equations?|problem|operator|pdes?"
                     r"|blending|relaxation|mesh|grid|smoothing|solver|model|shape\s+function)\b)", re.I)
# a body given by its outline in words: an ellipse, a flame holder or V-gutter, a wedge sized or pointed, a trapezoid
DESCRIBED_BODY = (rf"{ELLIPSE.pattern}|\b(?:flame[- ]?holders?|v[- ]?gutters?)\b"
                  r"|\btriangular\s+(?:cylinder|bar|rod|bluff\s+body|section|beam|post|cross[- ]section)\b"
                  r"|\bramps?\b(?=[^.;]{0,60}?\b(?:high|height|tall)\b)|\b(?:high|tall)\s+ramps?\b"
                  r"|\btrapez(?:oid|oidal|ium)\s+(?:\w+\s+)?(?:bump|obstacle|body|block|rib|ridge|prism|bar|sill|insert|hill)\b"
                  r"|\btrapez(?:oid|ium)s?\b(?=[^.;]{0,60}?\b(?:base|bottom|top|height|high)\b)"
                  r"|\b(?:triangular\s+|bluff\s+)?wedges?\b(?!\s+(?:angle|mesh|type|patch|boundary|front|back|domain|region)\b)"
                  r"(?=[^.;]{0,60}?\b(?:base|apex|tip|height|high|tall|long|deep)\b)")
_SOLID_3D = re.compile(r"\bellipsoid\w*\b|\bspheroid\w*\b", re.I)
WEDGE = re.compile(r"\b(?:triang(?:le|ular)|wedges?|wedge[- ]shaped|v[- ]?gutters?|delta[- ]shaped|flame[- ]?holders?|ramps?)\b"
                   r"(?!\s+(?:angle|mesh|type|patch|boundary|front|back|domain|region|outline|tank|cavity|enclosure)\b)", re.I)
TRAPEZOID = re.compile(r"\btrapez(?:oid|oidal|ium|ia)\b", re.I)

_LEN = rf"({NUM})\s*({UNIT})?"
_IS = r"\s*(?:of|=|:|is|are)?\s*(?:about\s+)?"
_DEG = r"\s*(?:°|degrees?\b|deg\b)"


def _metres(value: str, unit: str | None, default_unit: str | None) -> float | None:
    u = unit or default_unit
    return float(value) * unit_factor(u) if u else None


def _first(words: str, patterns: list[str]) -> float | None:
    """The first length a pattern (each with one number group and one unit group) finds; a number without
    its unit takes the one of the length written next to it ("5 and 2 cm")."""
    for pattern in patterns:
        m = re.search(pattern, words, re.I)
        if m:
            value = _metres(m.group(1), m.group(2), _next_unit(words, m.end()))
            if value:
                return value
    return None


def _next_unit(words: str, end: int) -> str | None:
    """The unit of the next length written shortly after `end` ("semi-axes 5 and 2 cm": cm for the 5)."""
    m = re.match(rf"\s*(?:and|,|x|by|×)\s*{NUM}\s*({UNIT})", words[end:], re.I)
    return m.group(1) if m else None


def _named(name: str) -> list[str]:
    """Patterns of a length named `name` before it ("base of 20 mm", "base = 2 cm") or after it ("20 mm base")."""
    return [rf"\b{name}{_IS}{_LEN}", rf"(?<![\w.]){_LEN}\s*(?:-\s*)?{name}\b"]


def _pair(name: str, words: str) -> tuple[float, float] | None:
    """Two lengths given together after `name`: "semi-axes 5 cm and 2 cm", "axes of 4 x 2 cm"."""
    m = re.search(rf"\b{name}{_IS}({NUM})\s*({UNIT})?\s*(?:and|,|x|by|×)\s*({NUM})\s*({UNIT})?", words, re.I)
    if not m or not (m.group(2) or m.group(4)):
        return None
    first = float(m.group(1)) * unit_factor(m.group(2) or m.group(4))
    second = float(m.group(3)) * unit_factor(m.group(4) or m.group(2))
    return first, second


def _aspect_ratio(words: str) -> float | None:
    """An ellipse's axis ratio, at least 1: "aspect ratio 2", "axis ratio of 3:1", "a/b = 2"."""
    m = re.search(rf"\b(?:aspect|axis|axes)\s+ratio{_IS}({NUM})(?:\s*(?::|to)\s*({NUM}))?|\ba\s*/\s*b\s*=\s*({NUM})"
                  rf"|\bratio\s+(?:of\s+)?(?:the\s+)?(?:major\s+to\s+minor|axes){_IS}({NUM})(?:\s*(?::|to)\s*({NUM}))?"
                  rf"|(?<![\w.])({NUM})\s*(?::|to)\s*({NUM})\s+(?:aspect|axis)\s+ratio", words, re.I)
    thin = re.search(rf"\b(?:thickness[- ]to[- ]chord|thickness|t\s*/\s*c)(?:\s+ratio)?{_IS}({NUM})\s*(%)?(?!\s*(?:{UNIT}))", words, re.I)
    if not m:
        if not thin:
            return None
        fraction = float(thin.group(1)) / (100 if thin.group(2) else 1)  # "thickness ratio 20 %": b / a = 0.2
        return 1 / fraction if 0 < fraction <= 1 else None
    groups = [(1, 2), (3, None), (4, 5), (6, 7)]
    first, second = next((i, j) for i, j in groups if m.group(i))
    top, bottom = m.group(first), m.group(second) if second else None
    ratio = float(top) / float(bottom) if bottom else float(top)
    return max(ratio, 1 / ratio) if ratio > 0 else None


def ellipse_axes(words: str) -> tuple[float, float] | None:
    """(semi-major, semi-minor) in metres of the ellipse the words size: "semi-major axis 5 cm, semi-minor 2 cm",
    "semi-axes 5 and 2 cm", "major axis 0.1 m and minor axis 0.05 m", "axes 4 cm by 2 cm", "chord 0.1 m,
    thickness 0.02 m", "a = 5 cm, b = 2 cm", "a 6 x 3 cm ellipse", "6 cm wide and 3 cm high", or one axis with
    an aspect ratio ("aspect ratio 2, major axis 0.1 m"). None when they give no two of them."""
    words = digits(words)
    semi = r"semi[- ]?"
    a = _first(words, _named(rf"{semi}major(?:\s+axis)?") + [rf"(?<![\w/])a\s*=\s*{_LEN}"])
    b = _first(words, _named(rf"{semi}minor(?:\s+axis)?") + [rf"(?<![\w/])b\s*=\s*{_LEN}"])
    pair = _pair(rf"{semi}axes", words)
    if pair:
        a, b = max(pair), min(pair)
    full_a = _first(words, _named(r"(?<!semi-)(?<!semi)major(?:\s+axis)?(?:\s+length)?") + _named(r"chord(?:\s+length)?")
                    + _named(r"length") + [rf"(?<![\w.]){_LEN}\s*(?:-\s*)?long\b"])
    full_b = _first(words, _named(r"(?<!semi-)(?<!semi)minor(?:\s+axis)?(?:\s+length)?") + _named(r"thickness")
                    + _named(r"thick"))
    full = None if (a or full_a) and (b or full_b) else _pair(r"(?<!semi-)(?<!semi)axes(?:\s+lengths?)?", words) or \
        _sized_before(words)
    if full:
        full_a, full_b = max(full), min(full)
    a = a or (full_a / 2 if full_a else None)
    b = b or (full_b / 2 if full_b else None)
    ratio = _aspect_ratio(words)
    if ratio and a and not b:
        b = a / ratio
    if ratio and b and not a:
        a = b * ratio
    if not a or not b:
        return None
    return max(a, b), min(a, b)


def _sized_before(words: str) -> tuple[float, float] | None:
    """Two sizes written before the body's name ("a 6 x 3 cm ellipse") or as its width and height
    ("6 cm wide and 3 cm high")."""
    m = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})?\s*(?:x|by|×)\s*({NUM})\s*({UNIT})\s*(?:-\s*)?(?:\w+\s+)?ellip", words, re.I)
    if m:
        return float(m.group(1)) * unit_factor(m.group(2) or m.group(4)), float(m.group(3)) * unit_factor(m.group(4))
    wide = _first(words, [rf"(?<![\w.]){_LEN}\s*(?:-\s*)?(?:wide|long)\b"])
    high = _first(words, [rf"(?<![\w.]){_LEN}\s*(?:-\s*)?(?:high|tall)\b"])
    return (wide, high) if wide and high else None


_ATTACK = re.compile(rf"\b(?:angle\s+of\s+(?:attack|incidence)|incidence(?:\s+angle)?|aoa|pitch(?:\s+angle)?){_IS}([-+]?{NUM}){_DEG}"
                     rf"|([-+]?{NUM}){_DEG}\s*(?:angle\s+of\s+(?:attack|incidence)|incidence|aoa|pitch)"
                     rf"|\b(?:inclined|tilted|pitched|set|at)\s+(?:by\s+|at\s+)?([-+]?{NUM}){_DEG}\s*(?:to|relative\s+to|with|against)\s+"
                     r"(?:the\s+)?(?:flow|stream|free[- ]?stream|oncoming|incoming|x[- ]axis|horizontal|inlet\s+flow|wind)", re.I)
_ROTATED = re.compile(rf"\b(?:rotated|turned|tilted|inclined)\s+(?:by\s+|at\s+)?([-+]?{NUM}){_DEG}"
                      r"(?:\s+(clockwise|cw|counter[- ]?clockwise|anti[- ]?clockwise|ccw))?", re.I)
_ACROSS_FLOW = re.compile(r"\bmajor\s+axis\s+(?:is\s+)?(?:normal|perpendicular|across|transverse|vertical|at\s+right\s+angles)"
                          r"|\bminor\s+axis\s+(?:is\s+)?(?:along|aligned|parallel|in\s+line)"
                          r"|\b(?:broadside|long\s+side)\s+(?:on\s+)?(?:to|facing)\s+the\s+(?:flow|stream)", re.I)


def body_angle(words: str) -> float:
    """How far (degrees, counter-clockwise) the body is turned from its usual pose: an angle of attack or an
    incidence to the flow lifts its upstream end (a clockwise turn, as for an airfoil with the flow along +x);
    "rotated 15 degrees" turns it counter-clockwise unless the words say clockwise."""
    words = digits(words)
    m = _ATTACK.search(words)
    if m:
        return -float(next(g for g in m.groups() if g is not None))
    m = _ROTATED.search(words)
    if m:
        angle = float(m.group(1))
        return -angle if m.group(2) and re.match(r"c(?:lock|w)", m.group(2), re.I) else angle
    return 0.0


def _turned(points: list[Point], degrees: float) -> list[Point]:
    """`points` turned about the origin by `degrees` counter-clockwise."""
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    return [(x * c - y * s, x * s + y * c) for x, y in points]


def ellipse_outline(words: str) -> tuple[list[Point], dict[str, float]] | None:
    """The ellipse the words size, as a polygon about the origin (major axis along the flow unless the words
    put it across, then turned by the angle they give), with its sizes; None when not sized."""
    axes = ellipse_axes(words)
    if axes is None:
        return None
    a, b = axes
    ax, ay = (b, a) if _ACROSS_FLOW.search(words) else (a, b)
    pts = [(ax * math.cos(2 * math.pi * k / ELLIPSE_VERTICES), ay * math.sin(2 * math.pi * k / ELLIPSE_VERTICES))
           for k in range(ELLIPSE_VERTICES)]
    return _turned(pts, body_angle(words)), {"semi_major_axis": a, "semi_minor_axis": b, "major_axis": 2 * a,
                                             "minor_axis": 2 * b}


# which way a triangle's apex points: its base named as facing somewhere is the apex pointing the other way
_APEX = re.compile(r"\b(?:apex|tip|point|vertex|nose|corner|sharp\s+(?:end|edge))\s+(?:is\s+)?(?:\w+\s+)?"
                   r"(?:pointing|points|pointed|facing|faces|directed|towards?|into|to|at)?\s*(?:the\s+)?"
                   r"(?P<way>upstream|downstream|up|upwards?|down|downwards?|inlet|outlet|incoming|oncoming|flow|stream|front|rear|back|wake)"
                   r"|\bpointing\s+(?P<way2>upstream|downstream|up|down|into\s+the\s+(?:flow|stream))", re.I)
_BASE = re.compile(r"\b(?:base|flat\s+(?:side|face|base)|back|blunt\s+(?:side|face|end)|open\s+(?:side|end))\s+(?:is\s+)?"
                   r"(?:\w+\s+)?(?:facing|faces|towards?|to|into|pointing|on)?\s*(?:the\s+)?"
                   r"(?P<way>upstream|downstream|inlet|outlet|incoming|oncoming|flow|stream|front|rear|wake)", re.I)
_WAYS = {"upstream": -1, "inlet": -1, "incoming": -1, "oncoming": -1, "flow": -1, "stream": -1, "front": -1,
         "downstream": 1, "outlet": 1, "rear": 1, "back": 1, "wake": 1}


def apex_direction(words: str, on_wall: str | None = None) -> tuple[float, float]:
    """The unit direction the triangle's apex points: upstream (-x) by default in the stream (a flame holder, a
    V-gutter), away from the wall for one standing on a wall; "apex pointing downstream", "base facing the
    flow" (apex downstream), "apex up"."""
    m = _APEX.search(words)
    if m:
        way = (m.group("way") or m.group("way2")).lower()
        if way.startswith("up") and not way.startswith("upstream"):
            return (0.0, 1.0)
        if way.startswith("down") and not way.startswith("downstream"):
            return (0.0, -1.0)
        return (float(_WAYS.get(way.split()[-1], -1)), 0.0)
    m = _BASE.search(words)
    if m:
        return (float(-_WAYS[m.group("way").lower()]), 0.0)
    if on_wall:
        return (0.0, 1.0) if on_wall == "bottom" else (0.0, -1.0)
    return (-1.0, 0.0)


_RIGHT = re.compile(r"\bright[- ]?(?:angled?\s+)?(?:triang\w*|wedges?)\b|\bramps?\b", re.I)
# a right-angled ramp's vertical face upstream: it falls along the flow instead of rising
_FALLING = re.compile(r"\b(?:vertical|steep|sheer)\s+(?:face|side|wall|edge)\s+(?:is\s+)?(?:\w+\s+)?(?:facing\s+|towards?\s+|at\s+the\s+)?"
                      r"(?:the\s+)?(?:upstream|inlet|front|flow|oncoming)|\b(?:falling|descending|downward|down)[- ]ramp\b", re.I)


def falls_along_flow(words: str) -> bool:
    """Whether the words put a right-angled ramp's vertical face upstream (it falls along the flow)."""
    return bool(_FALLING.search(words))


def right_triangle_outline(words: str, on_wall: str | None = None) -> tuple[list[Point], dict[str, float]] | None:
    """A right-angled triangle (a ramp) along its wall (the floor by default): its length along the flow and
    its height; it rises along the flow to a vertical face at its rear unless that face is said upstream."""
    along = _first(words, _named(r"base(?:\s+length)?") + _named(r"length") + _named(r"long"))
    tall = _first(words, _named(r"height") + _named(r"(?:high|tall)"))
    if not along or not tall:
        return None
    sx = -1.0 if falls_along_flow(words) else 1.0
    sy = -1.0 if on_wall == "top" else 1.0
    pts = [(-along / 2, -tall / 2), (along / 2, -tall / 2), (along / 2, tall / 2)]
    return [(sx * x, sy * y) for x, y in pts], {"length": along, "height": tall}


def wedge_outline(words: str, on_wall: str | None = None) -> tuple[list[Point], dict[str, float]] | None:
    """An isosceles triangle (a wedge, a flame holder) sized by its base and its height (or length, depth, or
    apex angle; an equilateral one by its base alone), as a polygon about its bounding box's centre with the
    apex the way the words point it; a right-angled one is a ramp (`right_triangle_outline`)."""
    words = digits(words)
    if _RIGHT.search(words):
        return right_triangle_outline(words, on_wall)
    base = _first(words, _named(r"base(?:\s+width)?") + _named(r"(?:frontal\s+)?width") + _named(r"wide")
                  + _named(r"span"))
    tall = _first(words, _named(r"height") + _named(r"(?:length|depth)") + _named(r"(?:high|tall|long|deep)")
                  + _named(r"altitude"))
    angle = re.search(rf"\b(?:apex|included|vertex|opening|wedge)\s+angle{_IS}({NUM}){_DEG}|({NUM}){_DEG}\s+(?:apex|included|wedge)",
                      words, re.I)
    half = math.radians(float(angle.group(1) or angle.group(2))) / 2 if angle else None
    if base and not tall and half and 0 < half < math.pi / 2:
        tall = base / 2 / math.tan(half)
    if tall and not base and half and 0 < half < math.pi / 2:
        base = 2 * tall * math.tan(half)
    if base and not tall and re.search(r"\bequilateral\b", words, re.I):
        tall = base * math.sqrt(3) / 2
    if not base or not tall:
        return None
    dx, dy = apex_direction(words, on_wall)
    # apex along +x, base at -x, centred on the bounding box; then turned to the apex's direction
    pts = [(tall / 2, 0.0), (-tall / 2, base / 2), (-tall / 2, -base / 2)]
    turn = math.degrees(math.atan2(dy, dx)) + body_angle(words)
    return _turned(pts, turn), {"base": base, "height": tall}


def trapezoid_outline(words: str, on_wall: str | None = None) -> tuple[list[Point], dict[str, float]] | None:
    """A trapezoid (a bump, a rib) with its base on the wall it stands on (the floor by default): base (or
    bottom), top, and height."""
    words = digits(words)
    base = _first(words, _named(r"(?:base|bottom)(?:\s+(?:width|length))?") + _named(r"(?:long|wide)\s+at\s+the\s+base"))
    top = _first(words, _named(r"(?:top|crest|upper)(?:\s+(?:width|length|side|face))?"))
    tall = _first(words, _named(r"height") + _named(r"(?:high|tall)"))
    if not base or not top or not tall or top >= base:
        return None
    up = -1.0 if on_wall == "top" else 1.0
    pts = [(-base / 2, -up * tall / 2), (base / 2, -up * tall / 2), (top / 2, up * tall / 2), (-top / 2, up * tall / 2)]
    return pts, {"base": base, "top": top, "height": tall}


# the sizes of the channel a body sits in, said after its noun: "inside a duct that is 600 mm long and 150 mm high"
_CHANNEL_SIZES = re.compile(rf"\b(?:channel|duct|domain|tunnel|test\s+section)\b(?:\s+(?:that|which)\s+(?:is|are))?"
                            rf"(?:[\s,]*(?:and\s+|x\s*|by\s+|×\s*)?{NUM}\s*(?:{UNIT})?\s*(?:-\s*)?"
                            r"(?:long|high|tall|wide|deep|in\s+length|in\s+height)?)+", re.I)

# the channel a body sits in, with the sizes said before its noun: "in a 1.2 m long, 0.3 m high channel"
_IN_CHANNEL = re.compile(r"\b(?:in|inside|within|through)\s+(?:a|an|the)\s+(?:[^;.]|\.\d)*?\b(?:channel|duct|domain|tunnel)\b",
                         re.I)


def _outline_of(words: str, on_wall: str | None) -> tuple[list[Point], dict[str, float]] | None:
    words = _CHANNEL_SIZES.sub(" ", _IN_CHANNEL.sub(" ", words))
    if ELLIPSE.search(words) and not _SOLID_3D.search(words):
        return ellipse_outline(words)
    if TRAPEZOID.search(words):
        return trapezoid_outline(words, on_wall)
    if WEDGE.search(words):
        return wedge_outline(words, on_wall)
    return None


def names_described_body(words: str) -> bool:
    """Whether the words name a body whose outline they describe: an ellipse, a triangle or wedge, a trapezoid."""
    return bool((ELLIPSE.search(words) and not _SOLID_3D.search(words)) or TRAPEZOID.search(words) or WEDGE.search(words))


def described_body(words: str, at: tuple[float, float | None], on_wall: str | None = None,
                   height: float | None = None) -> dict[str, Any] | None:
    """A polygon obstacle for the body the words describe (an ellipse, a wedge, a trapezoid) centred at `at`
    (its bounding box's centre; with no y, standing on the wall `on_wall` of a channel of `height`), or None
    when they describe none, or not its sizes."""
    found = _outline_of(words, on_wall)
    if found is None:
        return None
    pts, sizes = found
    ys = [p[1] for p in pts]
    x, y = at
    if y is None:
        if not height:
            return None
        y = -min(ys) if on_wall != "top" else height - max(ys)
    else:
        y -= (max(ys) + min(ys)) / 2
    xs = [p[0] for p in pts]
    x -= (max(xs) + min(xs)) / 2
    body = {"kind": "polygon", "vertices": [(round(px + x, 9), round(py + y, 9)) for px, py in pts],
            "center": (round(at[0], 9), round(y + (max(ys) + min(ys)) / 2, 9)), "sizes": sizes}
    turn = stated_angle(words)
    return {**body, "angle": turn} if turn is not None else body


def stated_angle(words: str) -> float | None:
    """The angle (degrees, as the words say it) the body is turned by, or None when they turn it not."""
    words = digits(words)
    m = _ATTACK.search(words) or _ROTATED.search(words)
    return float(next(g for g in m.groups() if g is not None)) if m else None


def turned_obstacle(degrees: float, record: dict[str, Any]) -> list[str] | None:
    """The entry of a geometry record's obstacle turned by `degrees` (an ellipse at an angle of attack), or None. The
    sense is the words' ("nose-up" turns clockwise: the record holds -20 for "20 degrees"), so the size is compared."""
    for k, body in enumerate(record.get("obstacles") or []):
        if body.get("angle") is not None and abs(abs(float(body["angle"])) - abs(degrees)) < 1e-9:
            return ["obstacles", str(k), "angle"]
    return None
