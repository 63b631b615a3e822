"""Geometry from the words of a request: the shape named, lengths with their units, points,
centres, ranges, aspect ratios, angles of attack and NACA codes. Pure functions; lengths come
back in metres. `parse_geometry` puts them together into a GeometrySpec (or None when the
request names no shape of the library)."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import GeometrySpec, Point, Shape, make_spec

NUM = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
_UNIT_FACTORS = [
    (r"millimet(?:er|re)s?|mm", 1e-3), (r"centimet(?:er|re)s?|cm", 1e-2), (r"kilomet(?:er|re)s?|km", 1e3),
    (r"met(?:er|re)s?|m", 1.0), (r"inch(?:es)?|in(?!\s+(?!(?:in|diameter|radius|long|wide|high|tall|deep|thick|chord)\b)[a-z])|\"", 0.0254), (r"feet|foot|ft", 0.3048),
]
# a length unit: not the start of a longer word and not a rate or an area ("m/s", "m^2", "m2")
UNIT = "(?:" + "|".join(u for u, _ in _UNIT_FACTORS) + r")(?![\w/^²³])"
LENGTH = rf"({NUM})\s*({UNIT})?"
_DEG = r"(?:°|degrees?|degs?\b|deg\b)"


def unit_factor(unit: str | None) -> float:
    """Metres per `unit` (no unit: metres)."""
    if not unit:
        return 1.0
    for pattern, factor in _UNIT_FACTORS:
        if re.fullmatch(pattern, unit.strip(), re.I):
            return factor
    raise ValueError(f"unknown length unit {unit!r}")


def parse_length(text: str) -> float | None:
    """The first length in `text` in metres ("5 cm" -> 0.05, "2 in" -> 0.0508)."""
    m = re.search(rf"(?<![\w.]){NUM}\s*{UNIT}", text, re.I) or re.search(rf"(?<![\w.]){NUM}", text)
    if not m:
        return None
    num = re.match(NUM, m.group(0))
    return float(num.group(0)) * unit_factor(m.group(0)[num.end():].strip() or None)  # type: ignore[union-attr]


def coordinate_unit(text: str) -> float:
    """The unit coordinates are given in ("coordinates in mm", "(0, 0) cm"); metres by default."""
    m = re.search(rf"(?:coordinates?|vertices|points|positions?)\s+(?:are\s+)?in\s+({UNIT})", text, re.I) \
        or re.search(rf"\)\s*({UNIT})\b", text, re.I) or re.search(rf"\bin\s+({UNIT})\s*[),.;]?\s*$", text, re.I)
    return unit_factor(m.group(1)) if m else 1.0


_PAIR = re.compile(rf"\(\s*({NUM})\s*[,;]\s*({NUM})\s*\)")


def find_points(text: str) -> list[Point]:
    """Every (x, y) pair in `text`, in metres."""
    f = coordinate_unit(text)
    return [(float(a) * f, float(b) * f) for a, b in _PAIR.findall(text)]


def vertices(text: str) -> list[Point] | None:
    """The points listed after "vertices", "corners", "points" or "polygon"."""
    m = re.search(r"\b(?:vertices|vertexes|corners|points|polygon)\b", text, re.I)
    if not m:
        return None
    tail = text[m.end():]
    run = re.match(rf"[^()]*?((?:{_PAIR.pattern}\s*(?:,|and)?\s*)+)", tail)
    return find_points(run.group(1) + text[m.end() + run.end():][:30]) if run else None


def centre(text: str) -> Point | None:
    """Where a body sits: "centred at (3, 2)", "center at x = 3, y = 2", "located at (3, 2)"."""
    f = coordinate_unit(text)
    at = r"(?:cent(?:er|re)(?:e?d)?|located|positioned|placed|sits?|position|cent(?:er|re))\s*(?:at|:|=|is)?\s*(?:at\s*)?"
    m = re.search(at + _PAIR.pattern, text, re.I)
    if m:
        return float(m.group(1)) * f, float(m.group(2)) * f
    m = re.search(rf"(?:{at}|\bat\s+)x\s*=\s*{LENGTH}\s*,?\s*(?:and\s+)?y\s*=\s*{LENGTH}", text, re.I)
    if m:
        return float(m.group(1)) * unit_factor(m.group(2)), float(m.group(3)) * unit_factor(m.group(4))
    return None


def coordinate_range(text: str, axis: str = "x") -> tuple[float, float] | None:
    """"from x = 0 to x = 4", "x from 0 to 4 m", "between x = 0 and x = 4" -> (0, 4) metres."""
    a = re.escape(axis)
    for pattern in (rf"from\s+{a}\s*=\s*{LENGTH}\s*(?:to|-|until)\s*(?:{a}\s*=\s*)?{LENGTH}",
                    rf"\b{a}\s+(?:from|between)\s+{LENGTH}\s*(?:to|and|-)\s*{LENGTH}",
                    rf"between\s+{a}\s*=\s*{LENGTH}\s*and\s*(?:{a}\s*=\s*)?{LENGTH}"):
        m = re.search(pattern, text, re.I)
        if m:
            u = m.group(4) or m.group(2)
            return float(m.group(1)) * unit_factor(m.group(2) or u), float(m.group(3)) * unit_factor(u)
    return None


# What a dimension is called in words: name -> (words before a length, adjectives after one)
_DIM_WORDS: dict[str, tuple[str, str]] = {
    "step_height": (r"step(?:\s+height)?", r"(?:high\s+)?step"),
    "inner_radius": (r"inner\s+radius", r"inner\s+radius"),
    "outer_radius": (r"outer\s+radius", r"outer\s+radius"),
    "inner_diameter": (r"inner\s+diameter", r"inner\s+diameter"),
    "outer_diameter": (r"outer\s+diameter", r"outer\s+diameter"),
    "inlet_height": (r"inlet\s+(?:height|width)", r"high\s+inlet"),
    "outlet_height": (r"outlet\s+(?:height|width)", r"high\s+outlet"),
    "branch_width": (r"branch\s+width", r"wide\s+branch"),
    "branch_length": (r"branch\s+length", r"long\s+branch"),
    "upstream_length": (r"(?:upstream|inlet)\s+length", r"(?:long\s+)?upstream"),
    "downstream_length": (r"(?:downstream|outlet)\s+length", r"(?:long\s+)?downstream"),
    "domain_radius": (r"(?:domain|far[- ]?field)\s+radius", r"domain\s+radius"),
    "gap": (r"gap(?:\s+width)?|separation|spacing", r"gap|apart"),
    "chord": (r"chord(?:\s+length)?", r"chord"),
    "diameter": (r"diameter|\bD\b", r"(?:in\s+)?diameter"),
    "radius": (r"radius", r"(?:in\s+)?radius"),
    "length": (r"length", r"long"),
    "height": (r"height", r"high|tall"),
    "width": (r"width", r"wide"),
    "depth": (r"depth|span", r"deep"),
    "side": (r"side(?:\s+length)?|size", r"(?:side|square)"),
}


def named_lengths(text: str) -> dict[str, float]:
    """Lengths by name, in metres: "height 0.1 m", "a height of 10 cm", "2 m long",
    "diameter = 5 mm", "a 5 cm diameter cylinder". The first mention of each name wins."""
    found: dict[str, tuple[int, float]] = {}
    claimed: list[tuple[int, int]] = []
    for name, (before, after) in _DIM_WORDS.items():
        patterns = [
            rf"(?<![\w-])(?:{before})\s*(?:of|=|:|is|was|equal\s+to|about|around|\s)\s*(?:of\s+|about\s+)?{LENGTH}",
            rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:{after})\b",
        ]
        for pattern in patterns:
            for m in re.finditer(pattern, text, re.I):
                span = (m.start(1), m.end(1))
                if any(a < span[1] and span[0] < b for a, b in claimed):
                    continue  # this number already belongs to a more specific name
                if pattern is patterns[0] and not m.group(2) and re.match(r"\s*(?:x|by|×)\s*\d", text[m.end():]):
                    continue
                value = float(m.group(1)) * unit_factor(m.group(2))
                if name not in found or m.start() < found[name][0]:
                    found[name] = (m.start(), value)
                claimed.append(span)
                break
    return {k: v for k, (_, v) in found.items()}


def aspect_ratio(text: str) -> float | None:
    m = re.search(rf"aspect[- ]ratio\s*(?:of|=|:|is)?\s*({NUM})(?:\s*:\s*({NUM}))?", text, re.I) or \
        re.search(rf"({NUM})\s*(?::\s*({NUM}))?\s+aspect[- ]ratio", text, re.I)
    if not m:
        return None
    return float(m.group(1)) / (float(m.group(2)) if m.group(2) else 1.0)


def angle_of_attack(text: str) -> float | None:
    """Degrees: "angle of attack 4 degrees", "4° angle of attack", "AoA = 4", "at 4 deg incidence"."""
    name = r"(?:angle\s+of\s+attack|\baoa\b|incidence|\balpha\b|α)"
    m = re.search(rf"{name}\s*(?:of|=|:|is)?\s*({NUM})\s*{_DEG}?", text, re.I) or \
        re.search(rf"({NUM})\s*{_DEG}\s*(?:of\s+)?(?:{name})", text, re.I) or \
        re.search(rf"\bat\s+({NUM})\s*{_DEG}", text, re.I)
    return float(m.group(1)) if m else None


def naca_code(text: str) -> str | None:
    m = re.search(r"\bNACA\s*[- ]?\s*(\d{4})\b", text, re.I)
    return m.group(1) if m else None


def mesh_request(text: str) -> dict[str, Any]:
    """Mesh fineness in words: "coarse/medium/fine mesh", "100 x 20 cells", "cell size 1 mm"."""
    m = re.search(r"(\d+)\s*(?:x|by|×)\s*(\d+)(?:\s*(?:x|by|×)\s*(\d+))?\s*(?:cells|mesh|grid|elements)", text, re.I)
    if m:
        return {"cells": [int(g) for g in m.groups() if g]}
    m = re.search(rf"(?:cell|mesh|grid|element)\s+size\s*(?:of|=|:)?\s*{LENGTH}", text, re.I)
    if m:
        return {"cell_size": float(m.group(1)) * unit_factor(m.group(2))}
    m = re.search(r"\b(coarse|medium|fine|finer|very fine|refined)\b(?:\s+\w+)?\s+(?:mesh|grid|resolution)", text, re.I)
    if m:
        word = m.group(1).lower()
        return {"resolution": "coarse" if word == "coarse" else "medium" if word == "medium" else "fine"}
    return {}


# The shapes in the order they are tried: the more specific first.
_SHAPE_WORDS: list[tuple[Shape, str]] = [
    ("naca_airfoil", r"\bnaca\b|aero\s?foil|air\s?foil|wing\s+section|\bblade\s+section"),
    ("annulus", r"annul(?:us|ar)|taylor[- ]couette|couette[- ]taylor|concentric\s+cylinders|coaxial\s+cylinders"
                r"|between\s+(?:two\s+)?(?:rotating\s+)?cylinders"),
    ("t_junction", r"\bt[- ]?(?:junction|joint|piece|shaped|branch)|\btee\b|\bbranch(?:ing)?\s+(?:channel|pipe)"),
    ("forward_step", r"forward[- ]?facing\s+step|forward\s+step"),
    ("backward_step", r"backward?s?[- ]?facing\s+step|back(?:ward)?[- ]?step|rearward[- ]?facing\s+step|\bbfs\b"
                      r"|\bstep\b"),
    ("sudden_expansion", r"sudden(?:ly)?\s+(?:\w+\s+)?(?:expansion|enlargement|expand)|abrupt\s+expansion"
                         r"|expansion\s+channel"),
    ("sudden_contraction", r"sudden(?:ly)?\s+(?:\w+\s+)?contract(?:ion)?|abrupt\s+contraction"),
    ("diffuser", r"diffuser|diverging\s+(?:channel|duct|section)"),
    ("nozzle", r"nozzle|converging\s+(?:channel|duct|section)|convergent"),
    ("heated_cavity", r"(?:heated|natural[- ]convection|differentially|hot)\b[^.]*\b(?:cavity|enclosure|box|square)"
                      r"|(?:cavity|enclosure)\b[^.]*\b(?:heated|hot\s+wall|natural\s+convection)"),
    ("lid_driven_cavity", r"cavity|lid[- ]driven|driven\s+lid"),
    ("channel_with_obstacles", r"obstacles?|obstruction|\bblocks?\s+in\b|square\s+cylinder|baffles?"),
    ("cylinder_crossflow", r"cylinder|von\s+k[aá]rm[aá]n|vortex\s+street|(?:past|around|over)\s+a\s+(?:circular\s+)?"
                           r"(?:rod|post|pillar|circle)"),
    ("pipe", r"\bpipes?\b|\btubes?\b|hagen|poiseuille\s+flow\s+in\s+a\s+pipe|axisymmetric\s+duct"),
    ("box", r"\bbox\b|\bcube\b|cuboid"),
    ("channel", r"channel|\bduct\b|between\s+(?:two\s+)?(?:parallel\s+)?plates|plane\s+poiseuille"),
    ("rectangle", r"rectang(?:le|ular)\s+(?:domain|region)|\brectangle\b"),
]


def shape_words(text: str) -> Shape | None:
    """The library shape a request names, or None."""
    for shape, pattern in _SHAPE_WORDS:
        if re.search(pattern, text, re.I):
            return shape
    return None


def dimensionality(text: str) -> bool | None:
    """True for 2D words, False for 3D words, None when the request says neither."""
    if re.search(r"\b3-?d\b|three[- ]dimensional", text, re.I):
        return False
    if re.search(r"\b2-?d\b|two[- ]dimensional|planar|axisymmetric|\bwedge\b", text, re.I):
        return True
    return None


def parse_geometry(text: str) -> GeometrySpec | None:
    """A GeometrySpec from a request's words, or None when no library shape is named. Raises
    RequestError when the words describe a shape that cannot be built (an obstacle outside
    the domain, a step taller than its channel)."""
    shape = shape_words(text)
    if shape is None and len(vertices(text) or []) >= 3:
        shape = "rectangle"  # a domain given by its vertices
    if shape is None:
        return None
    lengths = named_lengths(text)
    dims = _dims_for(shape, text, lengths)
    fields: dict[str, Any] = {"shape": shape, "dimensions": dims}
    two_d = dimensionality(text)
    if two_d is not None and not (two_d and shape == "box"):
        fields["two_d"] = two_d
    mesh = mesh_request(text)
    if mesh:
        fields["mesh"] = mesh
    if shape == "channel_with_obstacles":
        fields["obstacles"] = obstacles(text)
    if shape in ("rectangle", "channel"):
        outline = vertices(text)
        if outline:
            fields["outline"] = outline
        span = coordinate_range(text, "x")
        if span and "length" not in dims:
            dims["length"] = span[1] - span[0]
    return make_spec(**fields)


def _dims_for(shape: Shape, text: str, n: dict[str, float]) -> dict[str, Any]:
    """The shape's own dimension names from the generic ones found in the text."""
    d: dict[str, Any] = {}

    def take(target: str, *sources: str) -> None:
        for s in sources:
            if s in n and target not in d:
                d[target] = n[s]

    ar = aspect_ratio(text)
    if "diameter" not in n and "radius" in n:
        n = {**n, "diameter": 2 * n["radius"]}
    if shape in ("rectangle", "channel"):
        take("length", "length")
        take("height", "height", "width", "gap")
        take("depth", "depth")
        if ar and "height" in d and "length" not in d:
            d["length"] = ar * d["height"]
        elif ar and "length" in d and "height" not in d:
            d["height"] = d["length"] / ar
    elif shape == "box":
        take("length", "length", "side")
        take("height", "height", "side")
        take("width", "width", "depth", "side")
    elif shape == "channel_with_obstacles":
        take("length", "length")
        take("height", "height", "width")
    elif shape in ("backward_step", "forward_step"):
        take("step_height", "step_height")
        take("height", "height")
        take("upstream_length", "upstream_length")
        take("downstream_length", "downstream_length", "length")
    elif shape in ("sudden_expansion", "sudden_contraction", "nozzle", "diffuser"):
        take("inlet_height", "inlet_height")
        take("outlet_height", "outlet_height")
        take("upstream_length", "upstream_length")
        take("downstream_length", "downstream_length")
        if shape in ("nozzle", "diffuser"):
            take("taper_length", "length")
        else:
            take("downstream_length", "length")
        ratio = re.search(rf"(?:expansion|contraction|area)\s+ratio\s*(?:of|=|:|is)?\s*({NUM})", text, re.I)
        if ratio and ("inlet_height" in d) != ("outlet_height" in d):
            r = float(ratio.group(1))
            wider = shape in ("sudden_expansion", "diffuser")
            if "inlet_height" in d:
                d["outlet_height"] = d["inlet_height"] * (r if wider else 1 / r)
            else:
                d["inlet_height"] = d["outlet_height"] / (r if wider else 1 / r)
    elif shape == "cylinder_crossflow":
        take("diameter", "diameter")
        take("length", "length")
        take("height", "height", "width")
        c = centre(text)
        if c:
            d["center_x"], d["center_y"] = c
        if re.search(r"free[- ]?stream|unbounded|unconfined|open\s+domain|far[- ]?field", text, re.I):
            d["free_stream"] = True
    elif shape == "naca_airfoil":
        code = naca_code(text)
        if code:
            d["naca"] = code
        aoa = angle_of_attack(text)
        if aoa is not None:
            d["angle_of_attack"] = aoa
        take("chord", "chord", "length")
        take("domain_radius", "domain_radius")
        if re.search(r"\bO[- ](?:domain|grid|mesh|type)", text):
            d["domain"] = "O"
        elif re.search(r"\bC[- ](?:domain|grid|mesh|type)", text):
            d["domain"] = "C"
    elif shape == "pipe":
        take("diameter", "diameter", "inner_diameter")
        take("length", "length")
    elif shape == "annulus":
        if "inner_radius" in n or "inner_diameter" in n:
            d["inner_radius"] = n.get("inner_radius", n.get("inner_diameter", 0) / 2)
        if "outer_radius" in n or "outer_diameter" in n:
            d["outer_radius"] = n.get("outer_radius", n.get("outer_diameter", 0) / 2)
        if "gap" in n:
            if "inner_radius" in d:
                d.setdefault("outer_radius", d["inner_radius"] + n["gap"])
            elif "outer_radius" in d:
                d["inner_radius"] = d["outer_radius"] - n["gap"]
            else:
                d["inner_radius"], d["outer_radius"] = n["gap"], 2 * n["gap"]
        take("length", "length", "height")
    elif shape == "t_junction":
        take("length", "length")
        take("width", "width", "height")
        take("branch_width", "branch_width")
        take("branch_length", "branch_length")
    elif shape in ("lid_driven_cavity", "heated_cavity"):
        take("width", "width", "length", "side")
        take("height", "height", "side")
        take("depth", "depth")
        if ar:
            if "width" in d and "height" not in d:
                d["height"] = ar * d["width"]
            elif "height" in d and "width" not in d:
                d["width"] = d["height"] / ar
            elif not d:
                d["width"], d["height"] = 0.1, 0.1 * ar
        elif len(d) == 1 and "depth" not in d and re.search(r"square|cubic", text, re.I):
            v = next(iter(d.values()))
            d["width"] = d["height"] = v
    return d


def obstacles(text: str) -> list[dict[str, Any]]:
    """Obstacles described one per clause: "a square obstacle of side 0.1 m centred at (0.5, 0.2)",
    "a circular obstacle, diameter 5 cm, at (1, 0.2)", "a triangular obstacle with vertices at ..."."""
    clauses = re.split(r";|\.\s|\band\s+(?=an?\s|another\b|one\b)", text)
    out = []
    for clause in clauses:
        if not re.search(r"obstacle|obstruction|block|cylinder|baffle|body", clause, re.I):
            continue
        n = named_lengths(clause)
        c = centre(clause) or (find_points(clause)[0] if len(find_points(clause)) == 1 else None)
        pts = vertices(clause)
        if pts and len(pts) >= 3:
            out.append({"kind": "polygon", "vertices": pts})
        elif re.search(r"circ|round|cylind|disc|disk", clause, re.I) and c:
            dia = n.get("diameter") or (2 * n["radius"] if "radius" in n else None)
            if dia:
                out.append({"kind": "circle", "center": c, "diameter": dia})
        elif c:
            side = n.get("side") or n.get("width")
            if re.search(r"square", clause, re.I) and side:
                out.append({"kind": "square", "center": c, "width": side})
            elif "width" in n and "height" in n:
                out.append({"kind": "rectangle", "center": c, "width": n["width"], "height": n["height"]})
            elif side:
                out.append({"kind": "square", "center": c, "width": side})
    return out
