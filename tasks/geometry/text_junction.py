"""What a junction request says beyond its channels' sizes: the angle of a Y-junction's branch ("at 45
degrees", "a 30 degree branch", "leaning upstream"), whether flow enters by the branch (a combining, merging or
mixing tee, "two inlets", "the branch is a second inlet"; or the branch is the only inlet and both ends of the
run are outlets), which arms of a cross junction flow enters by ("flow enters through the left and bottom
arms"), the cross arms' own length, and a 3D main duct's section ("a 0.1 m x 0.1 m cross-section", "0.08 m
side", "20 mm square ducts"). A 3D junction of round pipes is refused: the library's 3D junctions are
rectangular ducts; their branch may leave the +z or -z face ("a branch on the +z side"). Pure functions; metres
and degrees."""

from __future__ import annotations

import re
from typing import Any

from tasks.core.errors import RequestError
from tasks.geometry.spec import NUM, unit_factor
from tasks.geometry.text_numbers import _DEG, LENGTH, digits

_CLAUSE = r"(?:[^.;]|\.(?=\d))"  # within one clause: a full stop ends it, a decimal point does not
_SENTENCE = re.compile(r"[^.;]*(?:\.\d[^.;]*)*")
# the words that make a sentence speak of the branch or of the junction as a whole
_JUNCTION_WORDS = re.compile(r"\b(?:branch\w*|arm|leg|spur|stub|y[- ]?(?:junction|piece|branch)|wye|tee|junction)\b", re.I)
_ANGLE = re.compile(rf"(?<![\w.])({NUM})\s*-?\s*{_DEG}", re.I)
_UPSTREAM = re.compile(r"\b(?:point|lean|inclin|angl|fac|tilt|slant)\w*\s+(?:back\s+)?(?:towards?\s+)?(?:upstream|the\s+inlet)"
                       r"|\b(?:towards?|into)\s+(?:back\s+)?(?:upstream|the\s+inlet)"
                       r"|\bagainst\s+the\s+(?:main\s+)?flow\b", re.I)


def branch_angle(text: str) -> float | None:
    """The angle (degrees, 20 to 160) between a junction's branch and the main channel's downstream direction,
    from a sentence that names the branch or junction ("a branch ... at 45 degrees", "a 60 degree Y-junction");
    an angle said to lean upstream ("pointing upstream", "against the flow") is measured from downstream
    (180 minus it). None when no such angle is said, or it is 90 degrees (a T)."""
    for sentence in _SENTENCE.findall(digits(text)):
        if not _JUNCTION_WORDS.search(sentence):
            continue
        for m in _ANGLE.finditer(sentence):
            angle = float(m.group(1))
            if 20 <= angle <= 160 and angle != 90:
                return 180 - angle if angle < 90 and _UPSTREAM.search(sentence) else angle
    return None


_BRANCH = r"(?:branch|side\s+(?:arm|channel|duct|pipe|leg)|arm|leg|spur|stub)"
_COMBINING = re.compile(
    r"\b(?:combin|merg|mix|join)\w*\s+(?:t\b|tee|t-junction|junction|flow|streams?|jets?)"
    r"|\b(?:two|2|both)\s+(?:\w+\s+)?(?:flows|streams)\s+(?:merge|combine|mix|meet|join)"
    r"|\b(?:two|2)\s+inlets\b|\b(?:second|side|branch)\s+inlet\b"
    rf"|\b{_BRANCH}\w*\s+(?:is|as|acts\s+as|serves\s+as)\s+(?:an?\s+|the\s+)?(?:second\s+|other\s+)?inlet"
    rf"|\b{_BRANCH}\b{_CLAUSE}{{0,60}}?\bis\s+the\s+(?:only\s+)?inlet\b"
    rf"|\binlet\s+{_BRANCH}\b|\b(?:and|&)\s+the\s+{_BRANCH}\s+are\s+(?:the\s+)?inlets"
    rf"|\b(?:enters?|entering|comes?\s+in|injected|fed|supplied|admitted)\s+(?:\w+\s+){{0,2}}?(?:through|via|from|by|into)\s+"
    rf"(?:the\s+|a\s+)?(?:side\s+)?{_BRANCH}", re.I)
_DIVIDING = re.compile(r"\b(?:divid|split|separat|bleed)\w*\s+(?:t\b|tee|t-junction|junction|flow)"
                       rf"|\b{_BRANCH}\w*\s+(?:is|as)\s+(?:an?\s+|the\s+)?(?:second\s+)?outlet", re.I)


# "+z", "negative z", "z-" (not the "x-z" plane, not the "z-direction")
_Z_FACE = re.compile(r"(?:(?P<sign>(?<!\w)[+-]|\bpositive\s+|\bnegative\s+|\bplus\s+|\bminus\s+)\s*z\b"
                     r"|\bz\s*(?P<after>[+-])(?![\w.]))"
                     r"(?:[\s-]+(?:side|face|wall|direction))?", re.I)


def branch_face(text: str) -> str | None:
    """The face of a 3D duct its branch leaves when the words put it across z ("a branch on the +z side", "the
    branch points in the negative z direction", "off the z- face"): "+z" or "-z", else None (top or bottom)."""
    for sentence in _SENTENCE.findall(text):
        if re.search(r"\b(?:branch\w*|arm|leg|spur|stub)\b", sentence, re.I) and (m := _Z_FACE.search(sentence)):
            sign = (m.group("sign") or m.group("after")).strip().lower()
            return "+z" if sign in ("+", "positive", "plus") else "-z"
    return None


# both ends of the run are outlets: "two outlets", "whose two ends are outlets", "leaves through both ends"
_BOTH_ENDS_OUT = re.compile(r"\b(?:two|2|both)\s+outlets\b|\b(?:two|2|both)\s+ends\s+(?:are|as)\s+(?:the\s+)?outlets\b"
                            r"|\boutlets?\s+(?:at|on)\s+(?:both|either|each)\s+(?:end|side)"
                            r"|\b(?:leaves?|leaving|exits?|out)\s+(?:\w+\s+){0,2}?(?:through|via|by|from|at)\s+"
                            r"(?:both|either|each|the\s+two)"
                            r"\s+(?:\w+\s+)?(?:ends?|sides|arms)", re.I)


def branch_inlet(text: str) -> bool:
    """Whether flow enters the junction through its branch (a combining, merging or mixing junction, "two
    inlets", "the branch is a second inlet"), rather than leaving by it; words of a dividing junction win."""
    return bool(_COMBINING.search(text)) and not _DIVIDING.search(text)


def tee_feed(text: str) -> str:
    """Where flow enters a T-junction: "branch" when it enters by the branch and leaves by both ends of the main
    channel ("flow enters through the branch and leaves through both ends", "two outlets"), "both" when the branch
    is a second inlet (`branch_inlet`), else "main" (in at the main channel's start, out by its end and the branch)."""
    if not branch_inlet(text):
        return "main"
    return "branch" if _BOTH_ENDS_OUT.search(text) and not re.search(r"\b(?:two|2)\s+inlets\b", text, re.I) else "both"


_SIDE_ARM = {"left": "inlet", "right": "outlet", "top": "branchTop", "upper": "branchTop", "bottom": "branchBottom",
             "lower": "branchBottom", "west": "inlet", "east": "outlet", "north": "branchTop", "south": "branchBottom"}
_ENTER = re.compile(r"\b(?:enters?|entering|comes?\s+in|in\s+(?:from|through|by)|inflow|inlets?\s+(?:are|at|on)|fed"
                    r"|inlets?(?=\s*:?\s*(?:the\s+)?(?:left|right|top|upper|bottom|lower|west|east|north|south)\b))\b"
                    rf"(?P<clause>{_CLAUSE}*?)(?=\b(?:leaves?|leaving|exits?|out\b|outlets?|and\s+out)\b|\.(?!\d)|;|$)", re.I)


def cross_inlets(text: str) -> list[str] | None:
    """The arms of a cross junction that flow enters by, from the sides named where the words say it enters
    ("flow enters through the left and bottom arms"): the main channel's ends are `inlet` (left) and `outlet`
    (right), the cross channel's `branchTop` and `branchBottom`. None when no side is named."""
    for m in _ENTER.finditer(text):
        arms = [_SIDE_ARM[w.lower()] for w in re.findall(r"\b(left|right|top|upper|bottom|lower|west|east|north|south)\b",
                                                          m.group("clause"), re.I)]
        if arms:
            return list(dict.fromkeys(arms))
    return None


_CROSS_ARMS = re.compile(rf"\b(?:cross|branch|side|vertical|secondary|second)\s+(?:channel|duct)\b{_CLAUSE}*?\barms?\s+"
                         rf"(?:each\s+|are\s+|of\s+)*{LENGTH}\s*long", re.I)
# the main duct by name, or a duct no branch word comes before ("square duct 0.6 m long", not "branch duct")
_MAIN = (r"(?<!branch\s)(?<!side\s)\b(?:(?:square|rectangular)\s+)?(?:main\s+)?(?:square\s+|rectangular\s+)?"
         r"(?:channel|duct|run|passage)")
_MAIN_LONG = re.compile(rf"{_MAIN}\b{_CLAUSE}{{0,20}}?(?<![\w.]){LENGTH}\s*long", re.I)
_SECTION = re.compile(rf"{_MAIN}\b{_CLAUSE}*?(?<![\w.]){LENGTH}\s*(?:x|by|×)\s*{LENGTH}\s*(?:m\s+)?(?:square\s+)?"
                      r"(?:cross[- ]?section|section)|(?:cross[- ]?section|section)\s+(?:of\s+)?"
                      rf"{LENGTH}\s*(?:x|by|×)\s*{LENGTH}", re.I)
# "a 0.42 m long, 0.02 m square main duct", "20 mm square ducts", "main duct 0.42 m long and 0.02 m square"
_BEFORE_MAIN = re.compile(rf"(?<![\w.]){LENGTH}\s*long\s*,?\s*(?:and\s+)?(?:(?<![\w.]){LENGTH}\s*square\s+)?(?:square\s+)?"
                          r"main\s+(?:duct|channel|run)", re.I)
_SQUARE_SIZE = re.compile(rf"(?<![\w.]){LENGTH}\s*(?:-\s*)?square\s+(?:main\s+)?(?:ducts?|channels?|runs?)\b"
                          rf"|{_MAIN}\b{_CLAUSE}*?(?<![\w.]){LENGTH}\s*square\b", re.I)
_SIDE = re.compile(rf"{_MAIN}\b{_CLAUSE}*?(?:(?<![\w.]){LENGTH}\s*side\b|\bside\s+(?:of\s+)?{LENGTH})", re.I)
# where the branch meets the main channel, measured from its inlet: "joins the top at 0.5 m from the main inlet"
_FROM_MAIN_INLET = re.compile(rf"(?<![\w.]){LENGTH}\s+(?:from|downstream\s+of|after)\s+(?:the\s+)?main\s+"
                              r"(?:(?:channel|duct|run)(?:'s)?\s+)?(?:inlet|entrance|entry)", re.I)
_ROUND = re.compile(r"\b(?:round|circular|cylindrical)\s+(?:main\s+)?(?:pipes?|tubes?|ducts?|branch)"
                    rf"|\bpipes?\b{_CLAUSE}*\b(?:diameter|D\s*=)|\b(?:diameter|D\s*=){_CLAUSE}*\bpipes?\b|\btubes?\b", re.I)


def _metres(m: re.Match[str], at: int) -> float | None:
    """The length in group `at` of `m` (its unit in the next group, else the next unit said in the match)."""
    if m.group(at) is None:
        return None
    unit = m.group(at + 1) or next((m.group(k) for k in range(at + 3, (m.re.groups or 0) + 1, 2) if m.group(k)), None)
    return float(m.group(at)) * unit_factor(unit) if unit else None


def _main_section(text: str) -> dict[str, float]:
    """A 3D main duct's length, height (`width`) and depth from its own words: "main duct 1 m long with a 0.1 m x
    0.1 m cross-section", "main duct 0.5 m long, cross-section 0.05 x 0.05 m", "main square duct 0.4 m long, side
    0.04 m"."""
    out: dict[str, float] = {}
    if (m := _MAIN_LONG.search(text)) and (v := _metres(m, 1)):
        out["length"] = v
    elif (m := _BEFORE_MAIN.search(text)) and (v := _metres(m, 1)):
        out["length"] = v
        if side := _metres(m, 3):
            out.update(width=side, depth=side)
    if m := _SECTION.search(text):
        at = 1 if m.group(1) is not None else 5
        high, deep = _metres(m, at), _metres(m, at + 2)
        if high and deep:
            out.update(width=high, depth=deep)
    elif (m := _SIDE.search(text)) and (v := _metres(m, 1) or _metres(m, 3)):
        out.update(width=v, depth=v)
    elif (m := _SQUARE_SIZE.search(text)) and (v := _metres(m, 1) or _metres(m, 3)):
        out.update(width=v, depth=v)
    return out


# each arm's reach from the crossing's centre: "each arm reaching 0.2 m from the centre", "arms 20 cm long measured
# from the centre"
_REACH = re.compile(rf"(?<![\w.]){LENGTH}\s*(?:long\s+)?(?:measured\s+)?from\s+the\s+(?:centre|center|crossing\s+cent(?:re|er)"
                    rf"|middle|origin)\b", re.I)


def _cross_reach(text: str, dims: dict[str, Any]) -> dict[str, float]:
    """The arms' lengths out of the crossing square from how far they reach from its centre: a reach said ("each arm
    reaching 0.2 m from the centre") or the channels' ranges about it ("the horizontal one runs from x = -0.2 m to x =
    0.2 m", "x and y -0.2..0.2"); nothing when neither is said."""
    from tasks.geometry.text_range_parts import coordinate_ranges

    width = dims.get("width") or 0.0
    branch = dims.get("branch_width") or width
    out: dict[str, float] = {}
    if (m := _REACH.search(text)) and m.group(2):
        reach = float(m.group(1)) * unit_factor(m.group(2))
        if reach > branch / 2 and reach > width / 2:
            out.update(arm_length=reach - branch / 2, branch_arm_length=reach - width / 2)
    for axis, key, half in (("x", "arm_length", branch / 2), ("y", "branch_arm_length", width / 2)):
        spans = [r for _, _, r in coordinate_ranges(text, axis) if None not in r and r[0] < 0 < r[1]]
        if spans and abs(spans[0][0] + spans[0][1]) <= 1e-9 * max(1.0, spans[0][1]) and spans[0][1] > half:
            out[key] = spans[0][1] - half  # "from x = -0.2 m to x = 0.2 m": centred on the crossing
    return {**out, **_cross_by_ranges(text)}


def _cross_by_ranges(text: str) -> dict[str, Any]:
    """A cross junction by its two channels' ranges ("main x 0..1, y 0..0.1; branch x 0.45..0.55, y -0.2..0.3"): the
    widths, the arms out of the crossing square and its centre (`centre`, where the shape's own origin goes); nothing
    when the ranges do not make two crossing channels. Arms of unequal lengths on one channel are refused (the library
    builds each channel's two arms alike)."""
    from tasks.geometry.text_range_parts import coordinate_ranges

    xs = sorted({r for _, _, r in coordinate_ranges(text, "x") if None not in r and r[1] > r[0]}, key=lambda r: r[1] - r[0])
    ys = sorted({r for _, _, r in coordinate_ranges(text, "y") if None not in r and r[1] > r[0]}, key=lambda r: r[1] - r[0])
    if len(xs) < 2 or len(ys) < 2:
        return {}
    (bx0, bx1), (mx0, mx1) = xs[0], xs[-1]  # the branch's narrow x range inside the main channel's long one
    (my0, my1), (by0, by1) = ys[0], ys[-1]
    if not (mx0 < bx0 < bx1 < mx1 and by0 < my0 < my1 < by1):
        return {}
    left, right, bottom, top = bx0 - mx0, mx1 - bx1, my0 - by0, by1 - my1
    if abs(left - right) > 1e-6 * max(left, right) or abs(bottom - top) > 1e-6 * max(bottom, top):
        raise RequestError(f"geometry refused: the cross junction's arms are of unequal lengths (main channel {left:g} and "
                           f"{right:g} m, cross channel {bottom:g} and {top:g} m out of the crossing); the library builds "
                           "each channel's two arms alike: give equal arms, or the geometry as a mesh (--mesh)")
    return {"width": round(my1 - my0, 12), "branch_width": round(bx1 - bx0, 12), "arm_length": round(left, 12),
            "branch_arm_length": round(bottom, 12), "centre": (round((bx0 + bx1) / 2, 12), round((my0 + my1) / 2, 12))}


_Y_WORDS = re.compile(r"\by[- ]?(?:piece|junction|joint|branch|fitting|connector|shaped)\b|\bwye\b|\blateral\s+(?:tee|fitting)"
                      r"|\bangled\s+(?:branch|tee|junction)", re.I)
Y_DEFAULT_ANGLE = 45.0  # a wye or lateral fitting's usual branch angle


def junction_dims(text: str, shape: str, dims: dict[str, Any], two_d: bool | None) -> tuple[dict[str, Any], list[str]]:
    """The junction's sizes and roles the general readers leave out, to update `dims` with (see the module
    docstring), and the notes on what was assumed (a Y whose angle is not said leans at 45 degrees); raises
    RequestError for a 3D junction of round pipes, which the library cannot build."""
    text = digits(text)
    if two_d is False and _ROUND.search(text):
        raise RequestError("geometry refused: a 3D junction of round pipes is not a shape of the library (its 3D "
                           "junctions are rectangular ducts: give the ducts' heights and depth, say 2D for a planar "
                           "junction, or give the geometry as an STL with --geometry F.stl)")
    out: dict[str, Any] = {}
    if shape == "cross_junction":
        if (m := _CROSS_ARMS.search(text)) and m.group(2):
            out["branch_arm_length"] = float(m.group(1)) * unit_factor(m.group(2))
        out.update(_cross_reach(text, dims))
        if inlets := cross_inlets(text):
            out["inlets"] = inlets
        return out, []
    notes: list[str] = []
    if (angle := branch_angle(text)) is not None:
        out["branch_angle"] = angle
    elif _Y_WORDS.search(text):
        out["branch_angle"] = Y_DEFAULT_ANGLE
        notes.append(f"Branch angle not given: {Y_DEFAULT_ANGLE:g} degrees, leaning downstream, as a wye usually does; "
                     f"say 'at 60 degrees' (or 'pointing upstream') for another.")
    if (feed := tee_feed(text)) != "main":
        out["feed"] = feed
    if dims.get("branch_position") is None and (m := _FROM_MAIN_INLET.search(text)) and m.group(2):
        out["branch_position"] = float(m.group(1)) * unit_factor(m.group(2))
    if two_d is False:
        out.update(_main_section(text))
        if "width" in out and "branch_width" not in dims:  # "20 mm square ducts": the branch as wide as the run
            out["branch_width"] = out["width"]
        if face := branch_face(text):
            out["branch_face"] = face
    return out, notes
