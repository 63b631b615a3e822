"""The two round walls of an annulus named as machine parts: the inner one ("rotor", "shaft", "spindle",
"bob", "inner cylinder") and the outer one ("stator", "housing", "casing", "sleeve", "cup", "bore", "outer
cylinder"), each with its size ("bore 80 mm", "rotor 40 mm diameter", "a Ø30 shaft", "housing ID 3 in",
"stator of radius 5 cm"). A size without "radius" is a diameter, as a drawing gives it. Pure functions; metres."""

from __future__ import annotations

import re

from tasks.geometry.placement import axis_ranges
from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_eccentric import eccentricity
from tasks.geometry.text_numbers import LENGTH

INNER_PART = r"(?:rotor|shaft|spindle|bob|(?<!outer\s)rod|inner\s+(?:cylinder|tube|pipe|wall|rod|drum)|rotating\s+(?:cylinder|drum))"
OUTER_PART = (r"(?:stator|housing|casing|sleeve|cup|bore|outer\s+(?:cylinder|tube|pipe|wall|shell|drum)"
              r"|(?:stationary|fixed)\s+(?:outer\s+)?(?:cylinder|drum)|(?<!inner\s)(?<!rotating\s)(?:tube|pipe))")
_KIND = r"(?P<kind>diameter|dia\.?|radius|(?-i:OD|ID|R|D)|Ø|⌀)"
# words that end one item of a list and start the next: "2 cm and outer wall ..." gives the outer wall no size
_JOINS = r"(?:and|or|but|then|while|whereas|to|at|from|by|with|of)"
# a wall placed at a radius: "the inner wall is at r = 2 cm", "outer cylinder located at d = 8 cm"
_AT_SYMBOL = re.compile(r"\b(inner|outer)\s+(wall|cylinder|tube|pipe|surface|shell|one)\s+(?:is\s+)?"
                        r"(?:(?:located|placed|positioned|lies|sits)\s+)?at\s+(?:(r)|(d))\s*=\s*", re.I)
_SIZE = rf"(?P<num>{NUM})\s*(?P<unit>{UNIT})?"


def _part_size(text: str, part: str) -> float | None:
    """The radius (m) of the part named by `part`: its size after the name ("rotor 40 mm diameter", "bore:
    80 mm", "stator of radius 5 cm", "housing with an ID of 3 in") or before it ("a 40 mm rotor", "Ø30 shaft")."""
    after = re.compile(rf"\b{part}\b\s*[,:(]?\s*(?:(?:is|has|with|having|of)\s+)?(?:an?\s+)?(?:{_KIND}\s*(?:of|=|:|is)?\s*)?"
                       rf"{_SIZE}(?!\s*(?:long|in\s+length|length|high|tall|deep|thick)\b)"  # "outer tube, 500 mm long": no size across
                       rf"(?:\s*(?:in\s+)?(?P<kind2>diameter|dia\b|radius|across))?", re.I)
    before = re.compile(rf"(?:(?<![\w.])(?P<kind>Ø|⌀|(?-i:R))\s*|(?<![\w.])){_SIZE}\s*(?:-\s*)?(?P<kind2>diameter|dia\b|radius)?\s+"
                        rf"(?:(?!{_JOINS}\b)\w+\s+)?{part}\b", re.I)
    for pattern in (after, before):
        m = pattern.search(text)
        if not m or not (m.group("unit") or m.group("kind") in ("Ø", "⌀")):
            continue
        value = float(m.group("num")) * unit_factor(m.group("unit") or "mm")  # "Ø30": a drawing's millimetres
        kind = (m.group("kind") or m.group("kind2") or "diameter").lower()
        return value if kind in ("radius", "r") else value / 2
    return None


def part_radii(text: str) -> dict[str, float]:
    """{"inner_radius": ..., "outer_radius": ...} of the parts the text names and sizes."""
    out = {}
    for key, part in (("inner_radius", INNER_PART), ("outer_radius", OUTER_PART)):
        r = _part_size(text, part)
        if r:
            out[key] = r
    return out


_ROUND = r"(?:tube|cylinder|pipe|shaft|rod)"
_BODY_WORD = r"(?:cylinder|wall|tube|pipe|shaft|rotor|surface|shell|casing)"


def _side_sizes(text: str, n: dict[str, float]) -> dict[str, float]:
    """`n` with each round wall's size said in the words around its name: "a 3 cm inner tube" (a diameter), "inner
    cylinder radius of 2 cm", "an inner cylinder of 4 cm diameter", "the inner one a radius of 0.06 m", and an
    unnamed kind taken from the other wall's ("outer diameter 10 cm, inner 4 cm": both diameters)."""
    for side in ("inner", "outer"):
        sized = re.search(rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:diameter\s+)?{side}\s+{_ROUND}\b", text, re.I)
        if sized and sized.group(2) and f"{side}_radius" not in n and f"{side}_diameter" not in n:
            n = {**n, f"{side}_diameter": float(sized.group(1)) * unit_factor(sized.group(2))}
    for which, own in (("outer", "inner"), ("inner", "outer")):  # "the outer tube an inner radius of 25 mm": its bore
        m = re.search(rf"\b{which}\s+(?:[a-z]+\s+)?{_BODY_WORD}'?s?\s*,?\s+(?:(?:has|with|having|of)\s+)?(?:an?\s+|its\s+)?"
                      rf"{own}\s+(radius|diameter)\s+(?:of\s+|=\s*|is\s+|:\s*)?{LENGTH}", text, re.I)
        if m and m.group(3) and f"{which}_radius" not in n and f"{which}_diameter" not in n:
            n = {**n, f"{which}_{m.group(1).lower()}": float(m.group(2)) * unit_factor(m.group(3))}
    for which in ("inner", "outer"):
        m = re.search(rf"{which}\s+(?:cylinder|wall)\s+(?:has\s+)?(?:a\s+)?radius\s+(?:of\s+)?{LENGTH}", text, re.I)
        if m and f"{which}_radius" not in n:
            n = {**n, f"{which}_radius": float(m.group(1)) * unit_factor(m.group(2))}
        m = re.search(rf"\b{which}\s+(?:[a-z]+\s+)?{_BODY_WORD}\s*,?\s+(?:of|with|having|has)\s+(?:an?\s+)?{LENGTH}\s*(?:-\s*)?"
                      rf"(diameter|radius)\b", text, re.I)
        if m and m.group(2) and f"{which}_radius" not in n and f"{which}_diameter" not in n:
            n = {**n, f"{which}_{m.group(3).lower()}": float(m.group(1)) * unit_factor(m.group(2))}
    both = re.search(rf"(?<![\w.]){LENGTH}\s+(inner|outer)\s*(?:,|and|&)\s*{LENGTH}\s+(inner|outer)\s+(radii|radius|diameters?)\b",
                     text, re.I)  # "50 mm outer and 20 mm inner radii"
    if both and both.group(3) != both.group(6) and (both.group(2) or both.group(5)):
        kind = "radius" if both.group(7).lower().startswith("radi") else "diameter"
        for num, unit, side in ((1, 2, 3), (4, 5, 6)):
            value = float(both.group(num)) * unit_factor(both.group(unit) or both.group(5))
            n = {**n, f"{both.group(side).lower()}_{kind}": value}
    for which, other in (("inner", "outer"), ("outer", "inner")):
        if f"{which}_radius" in n or f"{which}_diameter" in n:
            continue
        m = re.search(rf"\b{which}\s+(?:(?:one|{_BODY_WORD})\s+)?(?:(?:has|with|having|is)\s+)?(?:an?\s+)?"
                      rf"(?:(radius|diameter)\s*)?(?:(?:of|=|:|is)\s*)?{LENGTH}(?!\s*(?:long|apart|gap|thick))", text, re.I)
        if m and m.group(3):
            kind = (m.group(1) or ("diameter" if f"{other}_diameter" in n else "radius")).lower()
            n = {**n, f"{which}_{kind}": float(m.group(2)) * unit_factor(m.group(3))}
    return n


def _unordered_pair(text: str, n: dict[str, float]) -> dict[str, float]:
    """`n` with both radii from two sizes said together, the smaller the inner whatever the order ("radii 3 cm and
    5 cm", "diameters of 60 and 40 mm", "between r = 3 cm and 5 cm")."""
    if "inner_radius" in n or "inner_diameter" in n:
        return n
    radii = re.search(rf"(radii|radius|diameters?)\s+(?:(?:are|of|=|:)\s+)?{LENGTH}\s*(?:and|,|to|&)\s*{LENGTH}(?![\w.])",
                      text, re.I)
    if radii:
        u = radii.group(5) or radii.group(3)
        a, b = float(radii.group(2)) * unit_factor(radii.group(3) or u), float(radii.group(4)) * unit_factor(u)
        half = 0.5 if radii.group(1).lower().startswith("d") else 1.0
        return {**n, "inner_radius": half * min(a, b), "outer_radius": half * max(a, b)}
    span = axis_ranges(text, "r")
    if span and 0 < span[0][0] < span[0][1]:
        return {**n, "inner_radius": span[0][0], "outer_radius": span[0][1]}
    return n


# flow along the gap, in and out at the ends: an annular duct, not a Taylor-Couette cell
_AXIAL_FLOW = re.compile(r"\b(?:inlet|inflow|outlet|outflow|enters?|entering|exits?|leaves|axial(?:ly)?[\s-]+(?:flow|velocity|"
                         r"through[\s-]*flow)|flows?\s+(?:along|through)|flow\s+rate|mass[\s-]+flow|bulk\s+velocity|"
                         r"(?:annular|annulus)\s+(?:duct|channel|passage|pipe)|ducts?)\b", re.I)


def annulus_dims(text: str, n: dict[str, float]) -> dict[str, float]:
    """An annulus's inner and outer radius (and length) from its words and the generic lengths `n`; a gap
    gives the radius not stated ("a 5 mm gap around a 20 mm rod"); `axial_flow` when the flow goes along the gap
    from an inlet to an outlet (an annular duct)."""
    text = _AT_SYMBOL.sub(lambda m: f"{m[1]} {m[2]} {'radius' if m[3] else 'diameter'} ", text)
    n = _unordered_pair(text, _side_sizes(text, n))
    for key, radius in part_radii(text).items():  # "rotor 40 mm diameter", "bore 80 mm", "inner cylinder OD 2 in"
        n = {k: v for k, v in n.items() if k != key.replace("radius", "diameter")}  # a bare "OD"/"ID" said of a part
        n[key] = radius
    d: dict[str, float] = {}
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
    length = n.get("length", n.get("height"))
    along = axis_ranges(text, "x") if not length else []  # "runs along the x axis from x = 0 to x = 0.5 m"
    if along and along[0][1] > along[0][0]:
        length = along[0][1] - along[0][0]
    if length:
        d["length"] = length
    if _AXIAL_FLOW.search(text):
        d["axial_flow"] = True
    offset = eccentricity(text, d.get("inner_radius"), d.get("outer_radius"))  # "inner cylinder offset 2 mm"
    if offset:
        d["eccentricity"] = offset
    return d
