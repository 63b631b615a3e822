"""The words of a bend (elbow, L- or U-bend), a channel with a cavity in a wall, and a cross junction:
which of them a request names, and their sizes ("inlet leg 1 m", "legs of 0.5 m", "bend radius 0.2 m",
"a 0.2 m wide, 0.1 m deep cavity in the floor starting 1 m from the inlet", "arms 0.5 m long").
Pure functions; metres."""

from __future__ import annotations

import re
from typing import Any

from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_lengths import extent_product, named_lengths
from tasks.geometry.text_numbers import LENGTH, digits, length_pair
from tasks.geometry.text_bend_place import leg_length, leg_width
from tasks.geometry.text_sections import blank

_DUCT = r"(?:channel|duct|passage|pipe|tube|conduit|corridor|flow\s+path)"
_TURN = r"(?:bend|turn|corner|elbow)"
_BEND_NOUN = r"(?:bend|turn|elbow)"  # not "corner": a step's "sharp corner" is no bend
# a 2D duct that turns: "a 90 degree bend", "an elbow", "L-shaped channel", "U-bend", "a channel that turns 90 degrees"
BEND_WORDS = (rf"\b(?:elbow|[uUlL][- ]?(?:bend|turn)|hairpin|dog[- ]?leg|return\s+bend|(?:mitred|mitered|sharp|curved)\s+{_BEND_NOUN}"
              rf"|[lLuU][- ]shaped\s+(?:\w+\s+)?{_DUCT}|right[- ]angled?\s+{_BEND_NOUN}|{NUM}\s*-?\s*(?:°|deg(?:ree)?s?)\s*{_BEND_NOUN}"
              rf"|bends?|bent\s+{_DUCT}|{_DUCT}\s+(?:that\s+|which\s+)?(?:turns|turning)\s+(?:through\s+|by\s+)?(?:a\s+right\s+angle|{NUM})"
              # "a square duct (...) that turns through a sharp, unrounded 90 degree corner"
              rf"|{_DUCT}\b(?:[^.;]|\.\d){{0,100}}?\b(?:turns|turning)\s+(?:through\s+|by\s+)?(?:an?\s+)?(?:(?:sharp|unrounded|mitred|mitered|abrupt)"
              rf"[,\s]+)*(?:right\s+angle|{NUM}\s*-?\s*(?:°|deg(?:ree)?s?)\s*(?:corner|bend|turn)?))\b"
              # "a square duct with a sharp (mitred) 90 degree corner": a duct's corner of a stated angle
              rf"|{_DUCT}\b(?:[^.;]|\.\d){{0,60}}?\bwith\s+an?\s+(?:(?:sharp|unrounded|mitred|mitered|abrupt)[,\s()]+)*"
              rf"(?:right[- ]angled?|{NUM}\s*-?\s*(?:°|deg(?:ree)?s?))\s+corner\b")
# a round pipe turning in 3D, or a coil: not the 2D bend of the library
_NOT_2D_BEND = re.compile(r"\b(?:pipe|tube|hose)\b|\bsquare[- ](?:section(?:ed)?\s+|cross[- ]section(?:ed)?\s+)?(?:bend|duct|elbow)"
                          r"|\bhelic|\bhelix\b|\bcoil|\b3-?d\b|three[- ]dimensional|\b(?:round|circular)\s+(?:pipe|tube|duct|(?:cross[- ])?section)"
                          r"|\bbend\s+(?:radius|stiffness)\b(?!\s+(?:of|is|=|:)?\s*\d)", re.I)
_TWO_D = re.compile(r"\b2-?d\b|two[- ]dimensional|planar", re.I)

_HOLLOW = r"(?:cavity|cavities|notch|groove|recess|trench|indentation|pocket|depression)"
_WALL = r"(?:floor|bottom(?:\s+wall)?|lower\s+wall|bed|ceiling|top\s+wall|upper\s+wall|roof)"
_WALL_NOUN = r"(?:floor|bottom(?:[- ]wall)?|lower[- ]wall|bed|ceiling|top[- ]wall|upper[- ]wall|roof)"  # "bottom-wall groove"
# a cavity cut into a channel's wall: "a cavity in the floor", "a channel with a 2 cm groove", "a notched duct"
_IN_WALL = (rf"\b{_HOLLOW}\b(?:[^.;]|\.\d){{0,60}}?\b(?:in|into|under|below|beneath)\s+(?:the\s+|its\s+|a\s+)?"
            rf"(?:channel'?s?\s+|duct'?s?\s+)?{_WALL}\b")
CAVITY_CHANNEL_WORDS = (rf"{_IN_WALL}(?=[\s\S]*\b(?:channel|duct|passage)\b)|\b(?:channel|duct|passage)\b[\s\S]*?{_IN_WALL}"
                        # "an open cavity below the channel", "the floor has a 2 cm deep trench"
                        rf"|\b{_HOLLOW}\b(?:[^.;]|\.\d){{0,60}}?\b(?:below|beneath|under|underneath)\s+(?:the\s+|a\s+)?(?:channel|duct)\b"
                        rf"|\b{_WALL}\s+(?:has|with|contains|features)\s+(?:an?\s+|one\s+)?(?:[\w.,-]+\s+){{0,8}}?{_HOLLOW}\b"
                        rf"|\b(?:channel|duct|passage)\b[^.;]{{0,40}}?\bwith\s+(?:an?\s+|one\s+)?(?:[\w.,-]+\s+){{0,8}}?{_HOLLOW}\b"
                        r"|\b(?:grooved|notched|recessed)\s+(?:channel|duct|floor|wall)"
                        # "in the bottom wall there is a rectangular cavity", "flow over an open cavity"
                        rf"|\b(?:in|into)\s+(?:the\s+|its\s+)?{_WALL}\b[^.;]{{0,40}}?\b{_HOLLOW}\b"
                        rf"|\bflow\s+(?:over|past|across)\s+(?:an?\s+|the\s+)?(?:open\s+|rectangular\s+|square(?:-ish)?\s+|shallow\s+|deep\s+)*{_HOLLOW}\b"
                        # "a floor notch 10 cm wide", "the bottom-wall groove": the wall named before the hollow
                        rf"|\b{_WALL_NOUN}[- ]{_HOLLOW}\b(?=[\s\S]*\b(?:channel|duct|passage)\b)"
                        rf"|\b(?:channel|duct|passage)\b[\s\S]*?\b{_WALL_NOUN}[- ]{_HOLLOW}\b")
# two channels crossing: "a cross junction", "four-way junction", "X-junction", "two channels crossing at right angles"
CROSS_WORDS = (r"\bcross(?:[- ]shaped)?[- ](?:junction|intersection|piece|channel)|\bfour[- ]way\s+(?:junction|cross|intersection|channel)"
               r"|\b[xX+][- ](?:junction|shaped\s+(?:junction|channel|intersection))|\b(?:crossing|intersecting)\s+channels"
               r"|\bchannels?\s+(?:[\w.]+\s+){0,5}?(?:that\s+)?cross(?:es|ing)?\s+(?:at\s+right\s+angles|each\s+other|perpendicular)"
               # "plus-shaped (+) 2D junction", "cross-shaped 3D intersection"
               r"|\b(?:cross|plus|[xX])[- ]shaped\s+(?:\(\+\)\s+)?(?:\w+\s+){0,2}?(?:junction|intersection|crossing)")


# a bend with more than one inlet (OpenFOAM's mixing elbow tutorial), not the library's one-inlet bend
_MIXING = re.compile(r"\bmixing\b|\b(?:two|2|both|second|side|main|small|large|hot\s+and\s+cold)\s+inlets?\b|\binlets\b", re.I)
_SIZED = re.compile(rf"(?<![\w.]){NUM}\s*{UNIT}", re.I)


def is_2d_bend(text: str) -> bool:
    """The words describe a duct bend the library builds: sized (a width, a leg, a radius; a bend named by no
    size is a tutorial's: the elbow, squareBend), 2D (not a round pipe's elbow or a coil), with one inlet."""
    if not re.search(BEND_WORDS, text, re.I) or not _SIZED.search(digits(text)) or _MIXING.search(text):
        return False
    if _TWO_D.search(text) or not _NOT_2D_BEND.search(text):
        return True
    # a 3D bend of a square or rectangular duct is the 2D bend extruded over the duct's depth (no round pipe, no coil)
    return bool(_SQUARE_SECTION.search(text)) and not _ROUND_OR_COIL.search(text)


# a duct's square or rectangular cross-section: "3D square duct 0.1 x 0.1 m", "square-section bend", "100 mm x 100 mm
# square duct", "a rectangular duct"
_SQUARE_SECTION = re.compile(r"\b(?:square|rectangular)[- ](?:section(?:ed)?\s+|cross[- ]section(?:ed)?\s+)?(?:duct|bend|elbow|channel)"
                             rf"|\b(?:square|rectangular)\s+(?:\w+\s+)?duct\b|{NUM}\s*{UNIT}?\s*(?:x|by|×)\s*{NUM}\s*{UNIT}\s+"
                             r"(?:square\s+|rectangular\s+)?duct\b", re.I)
_ROUND_OR_COIL = re.compile(r"\b(?:pipe|tube|hose)\b|\bhelic|\bhelix\b|\bcoil|\b(?:round|circular)\s+(?:pipe|tube|duct|(?:cross[- ])?section)",
                            re.I)


def _metres(m: re.Match[str], num: int = 1, unit: int = 2) -> float | None:
    """The length of a LENGTH match's groups (number, unit), or None when it has no unit."""
    return float(m.group(num)) * unit_factor(m.group(unit)) if m.group(unit) else None


def _sized(pattern: str, text: str) -> tuple[float, tuple[int, int]] | None:
    """The first match of `pattern` whose size has a unit, in metres, and its span: the pattern's sizes are
    LENGTH groups (1, 2), (3, 4), ... of which one matched ("4 arms" is a count, "arms 0.3 m" a size)."""
    for m in re.finditer(pattern, text, re.I):
        for num in range(1, (m.re.groups or 0) + 1, 2):
            if m.group(num) is not None:
                value = _metres(m, num, num + 1)
                if value is not None:
                    return value, m.span()
                break
    return None


def _first(patterns: list[str] | tuple[str, ...], text: str) -> float | None:
    """The size of the first of `patterns` that gives one with a unit."""
    for pattern in patterns:
        found = _sized(pattern, text)
        if found:
            return found[0]
    return None


# --- bend -----------------------------------------------------------------------------------------

_IN_LEG = r"(?:inlet|upstream|entry|entrance|incoming|first|horizontal|lower|approach)"
_OUT_LEG = r"(?:outlet|downstream|exit|outgoing|second|vertical|upper|return)"
_LEG = r"(?:leg|arm|section|straight|run|length|limb|duct|channel)"
_IS = r"\s*(?:(?:is|of|has\s+a\s+length\s+of|measures|=|:|-)\s*)?(?:about\s+)?"


_COMES_IN = r"comes?\s+in|enters?|flows?\s+in|fed"
_GOES_OUT = r"leaves?|exits?|flows?\s+out|goes\s+out"


def _leg(text: str, which: str) -> float | None:
    """A leg's length: "inlet leg 1 m", "a 0.5 m long outlet leg", "1 m before the bend"."""
    place = "before|upstream\\s+of|ahead\\s+of|leading\\s+(?:in)?to" if which == _IN_LEG else "after|downstream\\s+of|beyond|past"
    symbol = r"(?-i:L_?1|L_?in)" if which == _IN_LEG else r"(?-i:L_?2|L_?out)"
    for pattern in (rf"\b{which}\s+{_LEG}(?:\s+length)?{_IS}{LENGTH}(?!\s*(?:wide|high|tall|deep|across|apart))",
                    rf"(?<![\w.]){symbol}\s*[=:]\s*{LENGTH}",
                    rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:long\s+)?(?:straight\s+)?{which}\s+{_LEG}",
                    # "comes in through a straight leg 0.5 m long", "leaves through a straight leg 0.5 m long"
                    rf"\b(?:{_COMES_IN if which == _IN_LEG else _GOES_OUT})"
                    rf"\s+(?:\w+\s+){{0,2}}?(?:an?\s+)?(?:straight\s+)?{_LEG}\s+{LENGTH}\s*(?:-\s*)?long\b",
                    rf"(?<![\w.]){LENGTH}\s+(?:long\s+)?(?:of\s+straight\s+\w+\s+)?(?:{place})\s+(?:(?:the\s+)?{_TURN}|it\b)",
                    rf"\b(?:{place})\s+(?:the\s+)?{_TURN}\s*(?:is|=|:|,)?\s*{LENGTH}(?!\s*(?:wide|high|across))",
                    # "1 m before and 2 m after the bend", "1 m before the bend and 2 m after"
                    rf"(?<![\w.]){LENGTH}\s+before\s+(?:and|,)" if which == _IN_LEG else
                    rf"\bbefore\s+(?:the\s+{_TURN}\s*)?,?\s*(?:and\s+)?{LENGTH}\s+after\b"):
        found = _sized(pattern, text)
        if found:
            return found[0]
    return None


def _both_legs(text: str) -> float | None:
    """One length for both legs: "legs 1 m long", "each leg 0.5 m", "straight sections of 0.5 m before and after"."""
    for pattern in (rf"\b(?:both\s+|the\s+two\s+|each\s+|two\s+)?(?:legs|arms|straight\s+sections|straights|limbs)(?:\s+(?:are|each))?"
                    rf"(?:\s+each)?{_IS}{LENGTH}(?!\s*apart)",
                    rf"\beach\s+(?:leg|arm|straight(?:\s+section)?|limb){_IS}{LENGTH}",
                    rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:long\s+)?(?:straight\s+)?(?:legs|arms|straights|limbs)\b",
                    rf"(?<![\w.]){LENGTH}\s+(?:long\s+)?(?:of\s+)?(?:straight\s+)?(?:(?:sections?|legs?|runs?|ducts?|lengths?)\s+)?"
                    rf"(?:both\s+)?before\s+and\s+after"):
        found = _sized(pattern, text)
        if found:
            return found[0]
    return None


def bend_angle(text: str) -> float | None:
    """The turn in degrees: a stated angle, 90 for a right angle or an L, 180 for a U-bend or hairpin; None when
    the words do not say (the library's default is 90)."""
    m = re.search(rf"(?<![\w.])({NUM})\s*-?\s*(?:°|deg(?:ree)?s?\b)(?:[^.;]{{0,20}}?\b{_TURN}|\s*(?:turn|bend))"
                  rf"|\b(?:turns?|turning|bends?|bending)\s+(?:through\s+|by\s+|of\s+)?({NUM})\s*(?:°|deg)", text, re.I)
    if m:
        return float(m.group(1) or m.group(2))
    if re.search(r"\b[uU][- ]?(?:bend|turn|shaped)|hairpin|return\s+bend|\b180\s*-?\s*(?:°|deg)|\b(?:half|semi)[- ]?circ", text, re.I):
        return 180.0
    if re.search(r"\b[lL][- ]?(?:bend|turn|shaped)|right[- ]angle|\b(?i:quarter)[- ](?i:circ)", text):
        return 90.0
    return None


# which way the duct turns: "turning right", "a right-hand bend", "clockwise" (not "counter-clockwise")
_RIGHT = re.compile(r"\b(?:turn(?:s|ing)?|bend(?:s|ing)?|curv(?:es|ing)|goes|going|veer(?:s|ing)?)\s+(?:to\s+(?:the\s+)?)?right\b"
                    r"|\bright[- ]hand(?:ed)?\s+(?:\w+\s+)?(?:bend|turn|elbow)|(?<![-\w])(?<!counter[- ])(?<!anti[- ])clockwise\b", re.I)
_LEFT = re.compile(r"\b(?:turn(?:s|ing)?|bend(?:s|ing)?|curv(?:es|ing)|goes|going|veer(?:s|ing)?)\s+(?:to\s+(?:the\s+)?)?left\b"
                   r"|\bleft[- ]hand(?:ed)?\s+(?:\w+\s+)?(?:bend|turn|elbow)|\b(?:counter|anti)[- ]?clockwise\b", re.I)


def bend_turn(text: str) -> str | None:
    """Which way the bend turns seen along the flow ("right" for "turning right", "clockwise"; "left" for
    "turning left", "anticlockwise"), None when the words do not say (the library turns left)."""
    right, left = _RIGHT.search(text), _LEFT.search(text)
    if right and not left:
        return "right"
    if left and not right:
        return "left"
    return _turn_of_legs(text)


# a leg's direction: "inlet leg 0.5 m along +x", "the outlet leg runs in the -y direction", "upstream arm towards negative y"
_DIRECTION = r"(?:along|in|towards?|into|running\s+in|runs?\s+in|pointing)\s+(?:the\s+)?(?P<sign>[+\-−]|positive\s+|negative\s+)\s*(?P<axis>[xy])\b"
_LEG_DIRECTIONS = {leg: re.compile(rf"\b{words}\s+(?:straight\s+)?(?:leg|straight|arm|section|limb|run)\b(?:[^.;]|\.\d){{0,60}}?{_DIRECTION}", re.I)
                   for leg, words in (("in", r"(?:inlet|upstream|entry|entrance|first|incoming)"),
                                      ("out", r"(?:outlet|downstream|exit|second|outgoing)"))}


# a leg's run from one coordinate to another: "inlet leg from x = -50 to 0", "outlet leg ... from y = 0 down to -50"
_LEG_RUNS = {leg: re.compile(rf"\b{words}\s+(?:straight\s+)?(?:leg|straight|arm|section|limb|run)\b(?:[^.;]|\.\d){{0,60}}?"
                             rf"\bfrom\s+(?P<axis>[xy])\s*=\s*(?P<a>{NUM})\s*(?:{UNIT})?\s*(?:down\s+|up\s+)?(?:to|until)\s+"
                             rf"(?:(?P=axis)\s*=\s*)?(?P<b>{NUM})", re.I)
             for leg, words in (("in", r"(?:inlet|upstream|entry|entrance|first|incoming)"),
                                ("out", r"(?:outlet|downstream|exit|second|outgoing)"))}


def _run_of(text: str, leg: str) -> tuple[int, int] | None:
    """The direction a leg runs in, from the coordinates it runs between along the flow, or None."""
    m = _LEG_RUNS[leg].search(text)
    if m is None or float(m.group("a")) == float(m.group("b")):
        return None
    sign = 1 if float(m.group("b")) > float(m.group("a")) else -1
    return (sign, 0) if m.group("axis").lower() == "x" else (0, sign)


def _turn_of_legs(text: str) -> str | None:
    """The turn the legs' directions make ("inlet leg along +x ..., outlet leg along -y": a right turn), None when
    the words do not give both or the legs are not at right angles (the sign of the cross product of the two)."""
    found = {leg: pattern.search(text) for leg, pattern in _LEG_DIRECTIONS.items()}

    def vector(m: re.Match[str]) -> tuple[int, int]:
        sign = -1 if m.group("sign").strip().lower() in ("-", "−", "negative") else 1
        return (sign, 0) if m.group("axis").lower() == "x" else (0, sign)

    said = {leg: vector(m) if m else _run_of(text, leg) for leg, m in found.items()}
    if not all(said.values()):
        return None
    (ix, iy), (ox, oy) = said["in"], said["out"]  # type: ignore[misc]
    cross = ix * oy - iy * ox
    return "left" if cross > 0 else "right" if cross < 0 else None


def _radius(text: str, width: float) -> tuple[float | None, str | None]:
    """The inner radius of the turn and the sentence saying how it was read from the words (None: sharp)."""
    if re.search(r"\b(?:sharp|mitred|mitered|square)\s+(?:\w+\s+)?(?:corner|bend|turn|elbow)", text, re.I):
        return None, None
    of_the = rf"(?:\s+of\s+(?:the\s+)?{_TURN})?"
    # "inner radius", "the inner wall is an arc of radius 5 cm"
    said = {"inner": rf"\binner\b(?:[^.;,]|\.\d){{0,40}}?\bradius{of_the}",
            "outer": rf"\bouter\b(?:[^.;,]|\.\d){{0,40}}?\bradius{of_the}",
            "centre": rf"\b(?:(?:centre|center)[- ]?line\s+|mean\s+|bend\s+|turning\s+)radius{of_the}"
                      rf"|(?<!inner\s)(?<!outer\s)radius\s+of\s+(?:curvature|the\s+{_TURN})|(?<!inner\s)(?<!outer\s)\bradius\b"
                      rf"|(?<![\w.])(?-i:R|Rc|R_c)(?=\s*[=:])"}
    pair = _radii_pair(text)
    if pair is not None and not re.search(r"\b(?:inner|outer)\b[^.;,]{0,40}?\bradius", text, re.I):
        return pair[0], None  # "walls of radius 10 and 20 cm": the smaller the inner wall's
    for kind, words in said.items():
        r = _first((rf"(?:{words}){_IS}{LENGTH}", rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:{words})"), text)
        if r is not None:
            inner = {"inner": r, "outer": r - width, "centre": r - width / 2}[kind]
            if inner <= 0:  # left unbound: the verifier reports the stated radius as not applied
                return None, (f"The {kind} radius {r:g} m leaves no inner radius for a duct {width:g} m wide: "
                              f"the bend was built with a sharp corner.")
            if kind == "inner":
                return inner, None
            return inner, f"The {kind} radius {r:g} m read as the inner radius {inner:g} m (duct width {width:g} m)."
    return None, None


_RADII = re.compile(rf"\bradi(?:us|i)\s*(?:of\s+)?(?P<a>{NUM})\s*(?P<ua>{UNIT})?\s*(?:and|/)\s*(?P<b>{NUM})\s*(?P<ub>{UNIT})"
                    rf"(?!\s*(?:-\s*)?(?:long|straight|wide|of\s+straight))", re.I)


def _radii_pair(text: str) -> tuple[float, float] | None:
    """The inner and outer radius said together ("walls of radius 10 and 20 cm", "radii 0.1 / 0.2 m"), or None."""
    m = _RADII.search(text)
    if m is None:
        return None
    a, b = length_pair(m.group("a"), m.group("ua"), m.group("b"), m.group("ub"))
    return (min(a, b), max(a, b)) if a != b else None


def _width_from_radii(text: str) -> float | None:
    """The duct's width from two of its radii when no width is said: "inner radius 5 cm and outer radius
    15 cm" (their difference), "inner radius 0.1 m, centreline radius 0.15 m" (twice their difference)."""
    of_the = rf"(?:\s+of\s+(?:the\s+)?{_TURN})?"
    radii = {kind: _first((rf"\b{kind}\b(?:[^.;,]|\.\d){{0,40}}?\bradius{of_the}{_IS}{LENGTH}",
                           rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?{kind}\s+radius"), text)
             for kind in ("inner", "outer")}
    centre = _first((rf"\b(?:centre|center)[- ]?line\s+radius{of_the}{_IS}{LENGTH}",), text)
    if radii["inner"] is None and radii["outer"] is None and (pair := _radii_pair(text)) is not None:
        return round(pair[1] - pair[0], 12)  # "walls of radius 10 and 20 cm"
    if radii["inner"] is not None and radii["outer"] is not None and radii["outer"] > radii["inner"]:
        return round(radii["outer"] - radii["inner"], 12)
    if radii["inner"] is not None and centre is not None and centre > radii["inner"]:
        return round(2 * (centre - radii["inner"]), 12)
    if radii["outer"] is not None and centre is not None and radii["outer"] > centre:
        return round(2 * (radii["outer"] - centre), 12)
    return None


# a duct's cross-section said before its noun: "a 50 mm x 50 mm (about 2 in) square duct", "a 0.1 x 0.1 m channel"
_SECTION_BEFORE = re.compile(rf"((?<![\w.]){NUM}\s*(?:{UNIT})?\s*(?:x|by|×)\s*{NUM}\s*(?:{UNIT}))\s*(?:\([^()]{{0,30}}\)\s*)?"
                             r"(?:(?:square|rectangular)\s+)?(?:ducts?|channels?|passages?)\b", re.I)


def _section_width(text: str) -> float | None:
    """The width of a duct whose cross-section is said before its noun (its first side), or None."""
    m = _SECTION_BEFORE.search(text)
    pair = extent_product(m.group(1)) if m else None
    return pair[0] if pair else None


def bend_dims(text: str, n: dict[str, float]) -> tuple[dict[str, Any], list[str]]:
    """The dimensions of a bend from its words (and the generic lengths `n`), and notes on how they were read."""
    text = digits(text)
    d: dict[str, Any] = {}
    # two radii say the width when no width is said ("inner radius 5 cm, outer radius 15 cm")
    width = n.get("width") or _width_from_radii(text) or leg_width(text) or n.get("height") or n.get("gap") or \
        _section_width(text)
    if width:
        d["width"] = width
    both = _both_legs(text)
    for key, words in (("inlet_length", _IN_LEG), ("outlet_length", _OUT_LEG)):
        leg = _leg(text, words) or both or (leg_length(text) if key == "inlet_length" else None)
        if leg:
            d[key] = leg
    angle = bend_angle(text)
    if angle is not None:
        d["angle"] = angle
    if bend_turn(text) == "right":
        d["turn"] = "right"
    inner, note = _radius(text, d.get("width", 0.1))
    notes = [note] if note else []
    if inner is not None:
        d["inner_radius"] = inner
    spacing = _sized(rf"\blegs\s+(?:are\s+)?{LENGTH}\s+apart|\b(?:leg\s+)?spacing{_IS}{LENGTH}", text)
    if spacing and inner is None and angle == 180:
        d["leg_spacing"] = spacing[0]
    return d, notes


# --- channel with a cavity --------------------------------------------------------------------------

_SIZE_WORD = {"wide": "cavity_width", "long": "cavity_width", "deep": "cavity_depth", "high": "cavity_depth",
              "tall": "cavity_depth", "width": "cavity_width", "length": "cavity_width", "depth": "cavity_depth"}


_SIZE_ADJ = rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?(wide|long|deep|high|tall)\b"
# sizes just before the cavity's word, nothing but adjectives between: "a 0.2 m wide, 0.1 m deep rectangular cavity"
_SIZES_BEFORE = re.compile(rf"(?:(?<![\w.]){NUM}\s*{UNIT}\s*(?:-\s*)?(?:wide|long|deep|high|tall)\b\s*(?:,|and)?\s*)+"
                           r"(?:(?:rectangular|square|open|shallow|small|large|single|one|an?|the)\s+)*$", re.I)


def _cavity_sizes(text: str, at: int) -> dict[str, tuple[float, tuple[int, int]]]:
    """The cavity's sizes (with their spans) said just before its word at `at` ("a 0.2 m wide, 0.1 m deep cavity") or
    just after it ("a cavity 0.2 m long and 0.1 m deep", "of width 0.2 m and depth 0.1 m", "(0.2 x 0.1 m)")."""
    out: dict[str, tuple[float, tuple[int, int]]] = {}
    before = _SIZES_BEFORE.search(text[max(0, at - 120):at])
    if before and not re.search(r"(?:\b(?:an?|the|with|one|single)\s*|^)$", text[:max(0, at - 120) + before.start()], re.I):
        before = None  # "channel 30 cm long, 2 cm high, cavity ...": the sizes of the noun before them
    stop = re.search(rf"[.;](?!\d)|\b(?:starting|starts|located|placed|positioned|beginning|begins|centred|centered|at\s+x|whose|which|inlet"
                     rf"|outlet)\b|[,:]\s*(?:the\s+|a\s+|its\s+)?(?:channel|duct|passage)\b|(?<=.)\b{_HOLLOW}\b"
                     rf"|\b(?:under|below|beneath|in|of|along)\s+(?:the\s+|a\s+|an\s+)?(?:\w+\s+)?(?:channel|duct|passage)\b",
                     text[at:], re.I)  # "an open cavity under a channel, ... channel 60 cm long": the channel's
    end = at + stop.start() if stop else len(text)
    regions = ([(max(0, at - 120) + before.start(), at)] if before else []) + [(at, end)]
    named = re.search(rf"(?<![\w.]){LENGTH}\s+$", text[max(0, at - 40):at])  # "the 50 mm groove width"
    after = re.match(rf"{_HOLLOW}\s+(width|depth|length)\b", text[at:], re.I)
    if named and after:
        out[_SIZE_WORD[after.group(1).lower()]] = (_metres(named), (max(0, at - 40) + named.start(), at + after.end()))
    for lo, hi in regions:
        part = text[lo:hi]
        for m in re.finditer(rf"{_SIZE_ADJ}|\b(width|length|depth)\s+(?:of\s+|is\s+|=\s*|:\s*)?{LENGTH}", part, re.I):
            word = (m.group(3) or m.group(4)).lower()
            value = _metres(m) if m.group(1) else _metres(m, 5, 6)
            if value and _SIZE_WORD[word] not in out:
                out[_SIZE_WORD[word]] = (value, (lo + m.start(), lo + m.end()))
        pair = re.search(rf"(?<![\w.])({NUM})\s*({UNIT})?\s*(?:x|by|×)\s*({NUM})\s*({UNIT})", part, re.I) if lo == at else None
        if pair and re.match(r"\s*(?:[\w-]+\s+){0,2}?(?:channel|duct|passage|domain)\b", part[pair.end():], re.I):
            pair = None  # "a notch: 50 cm x 5 cm 2D channel, ...": the sizes of the channel named after them
        if pair and not out:
            span = (lo + pair.start(), lo + pair.end())
            out = {"cavity_width": (float(pair.group(1)) * unit_factor(pair.group(2) or pair.group(4)), span),
                   "cavity_depth": (float(pair.group(3)) * unit_factor(pair.group(4)), span)}
    return out


def _cavity_place(text: str, width: float | None) -> tuple[float | None, list[tuple[int, int]]]:
    """Where the cavity's upstream edge is from the inlet: "starting 1 m from the inlet", "1 m downstream of the
    inlet", "between x = 1 and 1.2 m", "centred at x = 1.1 m" (with its width)."""
    m = re.search(rf"\b(?:cent(?:re|er)d?|mid-?point)\s+(?:at\s+|is\s+)?(?:x\s*=\s*)?{LENGTH}(?:\s+(?:from|downstream\s+of)\s+the\s+inlet)?",
                  text, re.I)
    if m and m.group(2) and width:
        return _metres(m) - width / 2, [m.span()]
    from tasks.geometry.text_range_parts import coordinate_ranges

    if width:  # "0.1 m long (from x = 0.2 m to x = 0.3 m)": the x range as wide as the cavity
        spans = [(s, e, r) for s, e, r in coordinate_ranges(text, "x") if None not in r
                 and abs(r[1] - r[0] - width) <= 1e-9 * max(1.0, width) and r[0] > 0]
        if spans:
            return spans[0][2][0], [spans[0][:2]]
    m = re.search(rf"\bbetween\s+x\s*=\s*{LENGTH}\s*and\s*(?:x\s*=\s*)?{LENGTH}|\bx\s*=\s*{LENGTH}\s*(?:to|-|–|\.\.)\s*{LENGTH}",
                  text, re.I)
    apart = re.search(rf"\bbetween\s+{LENGTH}\s*and\s*{LENGTH}\s+(?:downstream|from\s+the\s+inlet|after\s+the\s+inlet)", text, re.I)
    if m is None and apart:  # "between 15 cm and 25 cm downstream (of the inlet)": distances from the inlet
        return float(apart.group(1)) * unit_factor(apart.group(2) or apart.group(4)), [apart.span()]
    if m:
        unit = m.group(4) or m.group(2) or m.group(8) or m.group(6)
        a = float(m.group(1) or m.group(5)) * unit_factor(unit)
        return a, [m.span()]
    for pattern in (rf"\b(?:starting|starts|beginning|begins|located|placed|positioned|sits|lies|upstream\s+edge(?:\s+is|\s+lies)?)"
                    rf"\s+(?:at\s+)?{LENGTH}"
                    rf"\s+(?:from|after|downstream\s+of)\s+(?:the\s+)?(?:inlet|entrance|entry|channel\s+inlet)",
                    rf"(?<![\w.]){LENGTH}\s+(?:from|after|downstream\s+of)\s+(?:the\s+)?(?:inlet|entrance|entry)",
                    rf"\b(?:starting|starts|beginning|begins)\s+at\s+x\s*=\s*{LENGTH}", rf"\bat\s+x\s*=\s*{LENGTH}"):
        found = _sized(pattern, text)
        if found:
            return found[0], [found[1]]
    return None, []


def _ranged_cavity(text: str, d: dict[str, Any]) -> list[tuple[int, int]]:
    """The channel and its cavity given by coordinate ranges ("channel x 0..0.5, y 0..0.05 m, a groove
    x 0.2..0.25, y -0.05..0"): the widest x range is the channel's length, a narrower one inside it the
    cavity's width and start; the y range of the channel and the one beyond its floor (or above its
    ceiling) the cavity's depth. Fills only what the words did not say; returns the spans read."""
    from tasks.geometry.text_range_parts import coordinate_ranges

    xs = [(s, e, r) for s, e, r in coordinate_ranges(text, "x") if None not in r and r[1] > r[0]]
    ys = [(s, e, r) for s, e, r in coordinate_ranges(text, "y") if None not in r and r[1] > r[0]]
    if len(xs) < 2 and len(ys) < 2:
        return []
    spans: list[tuple[int, int]] = []
    if xs:
        channel = max(xs, key=lambda x: x[2][1] - x[2][0])
        low, high = channel[2]
        inner = [x for x in xs if x is not channel and low < x[2][0] and x[2][1] <= high]
        d.setdefault("length", round(high - low, 12))
        spans.append(channel[:2])
        if inner and "cavity_width" not in d:
            d["cavity_width"] = round(inner[0][2][1] - inner[0][2][0], 12)
            d.setdefault("cavity_start", round(inner[0][2][0] - low, 12))
            spans.append(inner[0][:2])
    if len(ys) >= 2:
        channel = next((y for y in ys if y[2][0] >= 0), ys[0])
        low, high = channel[2]
        beyond = [y for y in ys if y is not channel and (y[2][1] <= low + 1e-12 or y[2][0] >= high - 1e-12)]
        d.setdefault("height", round(high - low, 12))
        spans.append(channel[:2])
        if beyond and "cavity_depth" not in d:
            d["cavity_depth"] = round(beyond[0][2][1] - beyond[0][2][0], 12)
            if beyond[0][2][0] >= high - 1e-12:
                d.setdefault("cavity_wall", "ceiling")
            spans.append(beyond[0][:2])
    return spans


def cavity_channel_dims(text: str) -> dict[str, Any]:
    """The channel's and the cavity's dimensions from the words."""
    text = digits(text)
    d: dict[str, Any] = {}
    spans: list[tuple[int, int]] = []
    for word in re.finditer(rf"\b{_HOLLOW}\b", text, re.I):  # "a groove cut into the floor ... the groove is 5 cm long"
        for key, (value, span) in _cavity_sizes(text, word.start()).items():
            if key not in d:
                d[key] = value
                spans.append(span)
    start, where = _cavity_place(text, d.get("cavity_width"))
    if start is not None and start > 0:
        d["cavity_start"] = start
    if re.search(rf"\b{_HOLLOW}\b[^.;]{{0,60}}?\b(?:ceiling|top\s+wall|upper\s+wall|roof)\b"
                 rf"|\b(?:ceiling|top[- ]wall|upper[- ]wall|roof)[- ]{_HOLLOW}\b", text, re.I):
        d["cavity_wall"] = "ceiling"
    elif re.search(rf"\b{_HOLLOW}\b[^.;]{{0,60}}?\b(?:floor|bottom(?:\s+wall)?|lower\s+wall)\b", text, re.I):
        d["cavity_wall"] = "floor"  # said, not a default
    ranged = _ranged_cavity(text, d)
    if ranged:
        spans += ranged
    left = blank(text, spans + where)
    rest = named_lengths(left)
    product = extent_product(left)
    if product and len(product) == 2:  # "channel 0.6 m x 0.06 m"
        rest = {"length": max(product), "height": min(product), **rest}
    for key, names in (("length", ("length",)), ("height", ("height", "width", "gap"))):
        value = next((rest[k] for k in names if k in rest), None)
        if value:
            d[key] = value
    return d


# --- cross junction ---------------------------------------------------------------------------------


def cross_dims(text: str, n: dict[str, float]) -> dict[str, Any]:
    """A cross junction's widths and arm lengths: "channels 0.1 m wide", "arms 0.5 m long", "the cross channel
    0.05 m wide", "main channel 1 m long" (its two arms split about the crossing)."""
    text = digits(text)
    d: dict[str, Any] = {}
    branch = _sized(rf"\b(?:cross|branch|side|vertical|secondary|second)\s+(?:channel|duct|arm|branch)s?\b[^.;]{{0,20}}?"
                    rf"(?<![\w.]){LENGTH}\s*(?:wide|across)|\b(?:cross|branch|side|vertical)\s+(?:channel\s+|duct\s+)?width{_IS}{LENGTH}",
                    text)
    if branch:
        d["branch_width"] = branch[0]
        text = blank(text, [branch[1]])
    arms = _sized(rf"\b(?:all\s+|the\s+|four\s+|4\s+|each\s+)?(?:arms?|legs?|branches)(?:\s+(?:are|each))?(?:\s+each)?{_IS}{LENGTH}"
                  rf"|(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:long\s+)?(?:arms|legs)\b", text)
    if arms:
        d["arm_length"] = arms[0]
        text = blank(text, [arms[1]])
    lengths = named_lengths(text)
    width = lengths.get("width") or lengths.get("height") or n.get("width") or n.get("height")
    if width:
        d["width"] = width
    if "arm_length" not in d and lengths.get("length") and lengths["length"] > d.get("branch_width", width or 0.1):
        d["arm_length"] = (lengths["length"] - d.get("branch_width", width or 0.1)) / 2  # the main channel's whole length
    return d


def block_dims(shape: str, text: str, n: dict[str, float]) -> tuple[dict[str, Any], list[str]]:
    """The dimensions of a bend, cavity channel or cross junction, and notes on how they were read."""
    if shape == "bend":
        return bend_dims(text, n)
    if shape == "channel_with_cavity":
        return cavity_channel_dims(text), []
    return cross_dims(text, n), []


# --- a T-junction's arms -------------------------------------------------------------------------------

_ARM = r"(?:arms?|legs?|limbs?)"
_ARMS = {"inlet": r"(?:inlet|upstream|left|entry|incoming)", "outlet": r"(?:outlet|downstream|right|exit|outgoing|through)",
         "branch": r"(?:branch|side|vertical|top|lateral|perpendicular)"}


def tee_arms(text: str) -> dict[str, float]:
    """A T-junction's arms measured from the junction: {"inlet": ..., "outlet": ..., "branch": ...} from "inlet arm
    1 m, outlet arm 0.6 m, branch arm 0.4 m", or all three from "all three arms 0.5 m long", "each arm 30 cm"."""
    text = digits(text)
    out: dict[str, float] = {}
    every = _sized(rf"\b(?:all\s+(?:(?:three|3)\s+|the\s+)?|the\s+(?:three|3)\s+|each\s+|(?:three|3)\s+|every\s+){_ARM}"
                   rf"(?:\s+(?:are|is))?(?:\s+each)?{_IS}{LENGTH}(?!\s*(?:wide|high|across))", text)
    if every:
        out = dict.fromkeys(_ARMS, every[0])
    for which, words in _ARMS.items():
        arm = _sized(rf"\b{words}\s+{_ARM}(?:\s+length)?{_IS}{LENGTH}(?!\s*(?:wide|high|across))"
                     rf"|(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:long\s+)?{words}\s+{_ARM}", text)
        if arm:
            out[which] = arm[0]
    return out
