"""Changes of section from a request's words: a T-junction's main channel and branch, the inlet and
outlet heights of a step, expansion, contraction, nozzle or diffuser ("from a 2 cm channel to a 6 cm
one"), a taper's length and outlet from its words or its wall angle, and a step's heights from any
two of its sizes. Pure functions; metres."""

from __future__ import annotations

import math
import re
from typing import Any

from tasks.core.errors import RequestError
from tasks.geometry.spec import NUM, UNIT, unit_factor
from tasks.geometry.text_lengths import extent_product, named_lengths, section_ratio
from tasks.geometry.text_blocks import tee_arms
from tasks.geometry.text_numbers import _DEG, LENGTH, digits


# the side passage of a tee by any of its names: "branch", "side arm", "leg", "stub", "spur", "take-off", "offtake"
_BRANCH_NOUN = r"(?:branch|arm|leg|stub|spur|take[- ]?off|off[- ]?take)"
_BRANCH = rf"\b(?:side|secondary|lateral|vertical)?\s*{_BRANCH_NOUN}\b(?!\s*(?:outlet|inlet))"


def t_junction_dims(text: str) -> dict[str, Any]:
    """A T-junction's sizes: the main channel's from the words outside the branch's clause, the
    branch's from its own clause ("branch 5 cm wide and 30 cm long located 1.2 m from the inlet");
    a branch whose width is not given is as wide as the main channel."""
    d: dict[str, Any] = {}
    mentions = list(re.finditer(_BRANCH, text, re.I))  # the first mention followed by a size: "the branch is on
    m = next((b for b in mentions if re.match(rf"[^.;:]*?(?<![\w.]){NUM}\s*{UNIT}\b", text[b.end():])), mentions[0] if mentions else None)
    branch, main = "", text  # the bottom side: ..., branch 0.1 m wide" sizes the branch in its second mention
    if m:
        end = re.search(rf";|\.\s|\.$|(?:\b(?:an?|the)\s+)?(?:(?<![\w.]){LENGTH}\s*(?:-\s*)?(?:long|wide|high|tall)\s*,?\s*"
                        rf"(?:and\s+)?)*\bmain\b"
                        # where the run it leaves begins: "branch 40 wide on top of a 40 x 400 run", "off the 2 m header"
                        rf"|\b(?:on\s+(?:the\s+)?top\s+of|off|from|of)\s+(?:an?|the)\s+"
                        rf"(?!(?:main\s+)?(?:inlet|entrance|outlet|exit|left|right|end)\b)(?=[^.;]*\b(?:run|header|main)\b)",
                        text[m.end():], re.I)
        stop = m.end() + end.start() if end else len(text)
        # "a 4 cm wide side arm", "a 50 cm long, 10 cm wide branch": the sizes just before the branch are its own
        one = rf"(?<![\w.]){NUM}\s*{UNIT}\s*(?:-\s*)?(?:wide|long|high|tall)?"
        size = re.search(rf"\b(?:an?|the|one)\s+((?:{one}\s*(?:,|and)\s*)+{one}\s*)$", text[:m.start()], re.I) or \
            re.search(rf"({one}\s*)$", text[:m.start()], re.I)  # a list of sizes only after its article
        start = size.start(1) if size else m.start()
        branch, main = text[start:stop], text[:start] + " " * (stop - start) + text[stop:]
    n = named_lengths(main)
    product = extent_product(main)
    if product and len(product) == 2:
        n = {**n, "length": max(product), "width": min(product)}  # "a 40 x 400 run": a run is longer than it is wide
    for target, sources in (("length", ("length",)), ("width", ("width", "height", "diameter"))):
        value = next((n[s] for s in sources if s in n), None)
        if value is not None:
            d[target] = value
    # a bare size before the noun is the passage's width: "a 5 cm main channel 60 cm long", "a 3 cm branch"
    bare_main = re.search(rf"(?<![\w.]){LENGTH}\s+main\s+(?:channel|duct|pipe|passage|line|run)\b", text, re.I)
    if bare_main and bare_main.group(2) and "width" not in d:
        d["width"] = float(bare_main.group(1)) * unit_factor(bare_main.group(2))
    own = named_lengths(branch)
    bare_branch = re.search(rf"(?<![\w.]){LENGTH}\s+(?:side\s+|secondary\s+|lateral\s+|vertical\s+)?{_BRANCH_NOUN}\b", branch, re.I)
    if bare_branch and bare_branch.group(2) and not {"width", "branch_width", "diameter"} & own.keys():
        own["width"] = float(bare_branch.group(1)) * unit_factor(bare_branch.group(2))
    run = re.search(rf"\b(?:goes|runs|extends|rises|reaches|rising|extending|going|sticks\s+out)\s+(?:straight\s+)?"
                    rf"(?:up|upwards|down|downwards|out|outwards|off)?\s*(?:for|by)?\s*{LENGTH}", branch, re.I)
    if run and run.group(2) and "length" not in own and "branch_length" not in own:  # "goes straight up for 20 cm"
        own["length"] = float(run.group(1)) * unit_factor(run.group(2))
    if "height" in own and ("width" in own or "diameter" in own) and "length" not in own:
        own["length"] = own.pop("height")  # "a 50 mm wide vertical arm 200 mm tall": the arm's length is its height
    for target, sources in (("branch_width", ("branch_width", "width", "height", "diameter")),
                            ("branch_length", ("branch_length", "length"))):
        value = next((own[s] for s in sources if s in own), None) or next(
            (n[s] for s in sources[:1] if s in n), None)
        if value is not None:
            d[target] = value
    if "branch_width" not in d and "width" in d:
        d["branch_width"] = d["width"]
    at = re.search(rf"{LENGTH}\s+(?:from|downstream\s+of|after)\s+(?:the\s+)?(?:main\s+)?(?:inlet|entrance|left\s+end)", branch or text, re.I) \
        or re.search(rf"\b(?:its|the\s+branch(?:'s)?|branch)\s+(?:cent(?:re|er)\s*-?\s*line|axis|cent(?:re|er))\s+(?:is\s+|lies\s+)?"
                     rf"(?:at\s+)?{LENGTH}\s+(?:from|downstream\s+of|after)\s+(?:the\s+)?(?:(?:run|header|main|channel|pipe|duct)(?:'s)?\s+)?"
                     rf"(?:inlet|entrance|left\s+end)", text, re.I) \
        or re.search(rf"(?<![\w.])x\s*=\s*{LENGTH}", branch, re.I) \
        or re.search(rf"(?:joins?|meets?|branch\w*\s+off|connects?)\b[^.;]*?\bat\s+x\s*=\s*{LENGTH}", text, re.I) \
        or re.search(rf"\b(?:cent(?:re|er)(?:e?d|line)?|located|positioned|placed|axis)\s+(?:is\s+)?(?:at\s+)?x\s*=\s*{LENGTH}",
                     text, re.I)  # "halfway along, centred at x = 0.3 m, a side branch ..."
    if at:
        d["branch_position"] = float(at.group(1)) * unit_factor(at.group(2))
        edge = _EDGE_BEFORE.search(at.string[max(0, at.start() - 40):at.start()])
        if edge is not None:  # "its left wall at x = 20 cm", "whose left wall is 20 cm from the inlet": an edge, the centre half a width on
            half = (d.get("branch_width") or d.get("width") or 0.1) / 2
            d["branch_position"] += half if edge.group(1).lower() in ("left", "upstream", "near") else -half
    # "it goes up until y = 30 cm", in the branch's words or the sentence that goes on after them ("...; it goes up ...")
    after = re.split(r"\.(?!\d)", text[m.start():])[0] if m else ""
    reach = re.search(rf"\b(?:up|goes|rises|runs|extends|reaches)\b[^.;]*?\b(?:un)?til\s+y\s*=\s*{LENGTH}"
                      rf"|\b(?:up\s+)?to\s+y\s*=\s*{LENGTH}|\btop\s+(?:is\s+|lies\s+)?at\s+y\s*=\s*{LENGTH}", after, re.I) \
        if branch else None
    top = next((float(reach.group(i)) * unit_factor(reach.group(i + 1) or "m") for i in (1, 3, 5) if reach.group(i)),
               None) if reach is not None else None
    if top is not None and "branch_length" not in d and d.get("width"):
        if top > d["width"]:  # "it goes up until y = 30 cm" from the main channel's top wall (its floor at y = 0)
            d["branch_length"] = round(top - d["width"], 12)
    elif top is not None and "width" not in d and d.get("branch_length") and top > d["branch_length"]:
        d["width"] = round(top - d["branch_length"], 12)  # "goes up 20 cm above the top wall (top at y = 25 cm)": 5 cm high
    return _with_arms(d, tee_arms(text))


# the branch's side a coordinate places: "its left wall at x = 20 cm", "the upstream edge of the branch at x = 0.2 m"
_EDGE_BEFORE = re.compile(r"\b(left|right|upstream|downstream|near|far)\s+(?:side\s+)?(?:wall|edge|side)\b[^.;,]{0,15}$", re.I)


def _with_arms(d: dict[str, Any], arms: dict[str, float]) -> dict[str, Any]:
    """A T-junction's sizes with the arms measured from the junction: the main channel runs the inlet arm, the
    branch's width and the outlet arm; the branch is as long as its arm."""
    bw = d.get("branch_width") or d.get("width") or 0.1
    if "inlet" in arms and "outlet" in arms:
        d.update(length=arms["inlet"] + bw + arms["outlet"], branch_position=arms["inlet"] + bw / 2)
    if "branch" in arms:
        d["branch_length"] = arms["branch"]
    return d


_SECTION_NOUN = r"(?:channel|duct|section|passage|pipe|tube|opening|gap|bores?|diameters?|ID\b)"


def from_to_heights(text: str) -> dict[str, float]:
    """The inlet and outlet heights of a change of section: "from a 2 cm channel to a 6 cm channel",
    "contracting from 10 cm to 4 cm", "from a 0.2 m high channel", "into a 5 cm wide duct"."""
    text = digits(text)  # "from sixty to twenty millimetres"
    size = rf"(?:an?\s+|the\s+)?{LENGTH}\s*(?:-\s*)?(?:high|wide|tall)?\s*(?:{_SECTION_NOUN})?"
    m = re.search(rf"(?<!\b[xyzr]\s)(?<!\b[xyzr])\bfrom\s+{size}\s+(?:to|into|down\s+to|up\s+to)\s+{size}", text, re.I)
    if m and (m.group(2) or m.group(4)) and float(m.group(1)) > 0 and float(m.group(3)) > 0:
        unit = m.group(4) or m.group(2)
        return {"inlet_height": float(m.group(1)) * unit_factor(m.group(2) or unit),
                "outlet_height": float(m.group(3)) * unit_factor(unit)}
    # "a nozzle 100 mm to 40 mm over 150 mm", "tapers 4 in -> 1 in along 10 in": the heights of a taper given its length
    m = re.search(rf"(?<![\w.=])(?<![xyzr]\s)({NUM})\s*({UNIT})?\s*(?:to|->|→|–)\s*({NUM})\s*({UNIT})\s+(?:over|along|in)\s+"
                  rf"(?:a\s+(?:length\s+of\s+)?)?{NUM}\s*{UNIT}", text, re.I)
    if m and float(m.group(1)) > 0 and float(m.group(3)) > 0:
        return {"inlet_height": float(m.group(1)) * unit_factor(m.group(2) or m.group(4)),
                "outlet_height": float(m.group(3)) * unit_factor(m.group(4))}
    m = re.search(rf"\bheights?\s*(?:[:=]|of|are)?\s*{LENGTH}\s+(?:in|inlet|at\s+the\s+(?:inlet|entrance))\b\s*[,;]?\s*(?:and\s+)?"
                  rf"{LENGTH}\s+(?:out|outlet|exit|at\s+the\s+(?:outlet|exit))\b", text, re.I)  # "heights: 100 mm in, 40 mm out"
    if m and (m.group(2) or m.group(4)):
        unit = m.group(4) or m.group(2)
        return {"inlet_height": float(m.group(1)) * unit_factor(m.group(2) or unit),
                "outlet_height": float(m.group(3)) * unit_factor(unit)}
    out: dict[str, float] = {}
    for name, word in (("inlet_height", r"from"), ("outlet_height", r"into|to")):
        m = re.search(rf"\b(?:{word})\s+(?:an?\s+|the\s+){LENGTH}\s*(?:-\s*)?(?:high|wide|tall)?\s*{_SECTION_NOUN}", text, re.I)
        if m and m.group(2):
            out[name] = float(m.group(1)) * unit_factor(m.group(2))
    return out


_CHANGE_TO = (r"(?:narrow|contract|converg|taper|reduc|shrink|widen|expand|diverg|open|grow|increas)\w*"
              r"(?:\s+(?:section|part|duct|channel|walls?|taper))?(?:\s+(?:up|down|out))?\s+to\s+(?:an?\s+|the\s+)?")


def taper_words(text: str) -> dict[str, float]:
    """A nozzle's or diffuser's outlet and taper from how it changes: "narrowing to 8 cm",
    "widening out to a 12 cm outlet", "over a 25 cm taper", "over 40 cm"."""
    out: dict[str, float] = {}
    to = re.search(rf"{_CHANGE_TO}{LENGTH}", text, re.I)
    if to and to.group(2):
        out["outlet_height"] = float(to.group(1)) * unit_factor(to.group(2))
    over = re.search(rf"\bover\s+(?:an?\s+|the\s+)?{LENGTH}(?:\s+(?:long\s+)?(?:taper|length|distance|section))?", text, re.I) \
        or re.search(rf"{LENGTH}\s*(?:to|->|→)\s*{NUM}\s*{UNIT}\s+(?:along|in)\s+(?:a\s+)?({NUM})\s*({UNIT})", text, re.I) \
        or re.search(rf"\b(?:until|till)\s*,?\s*{LENGTH}\s+(?:further|later)\s+(?:on|along|downstream)", text, re.I)
    if over and over.lastindex and over.lastindex > 2:  # "8 cm -> 2 cm along 30 cm": the taper's length is the last
        out["taper_length"] = float(over.group(over.lastindex - 1)) * unit_factor(over.group(over.lastindex))
    elif over and over.group(2):
        out["taper_length"] = float(over.group(1)) * unit_factor(over.group(2))
    until = re.search(rf"\b(?:until|till|reaching|to\s+a\s+(?:height|width)\s+of)\s+(?:(?:the|its)\s+)?"
                      rf"(?:(?:height|width|passage|channel|duct|section|opening|gap|it)\s+)?(?:is|reaches|becomes|measures|of)?\s*"
                      rf"(?:of\s+)?{LENGTH}(?!\s*(?:further|later|downstream|along|on\b))", text, re.I)
    if until and until.group(2) and "outlet_height" not in out:  # "diverges at 5 deg until the height is 8 cm"
        out["outlet_height"] = float(until.group(1)) * unit_factor(until.group(2))
    for m in re.finditer(rf"(?:\bthen\s+(?:an?(?:other)?\s+)?)?(?<![\w.]){LENGTH}\s+(?:of\s+)?(?:straight|parallel|constant[- ]height)\b"
                         rf"(?:\s+{NUM}\s*{UNIT}(?:\s+(?:high|wide))?)?(?P<role>\s+(?:inlet|entry|entrance|upstream|outlet|exit|downstream))?"
                         rf"(?:\s+(?:duct|channel|section|pipe|part))?"
                         rf"(?P<where>\s+(?:before|upstream|ahead)|\s+(?:after|downstream|behind))?",
                         text, re.I):  # "then 0.2 m straight", "0.1 m of straight duct before it"
        if not m.group(2):
            continue
        before = (m.group("where") or "").strip().lower() in ("before", "upstream", "ahead") or \
            (m.group("role") or "").strip().lower() in ("inlet", "entry", "entrance", "upstream")  # "100 mm straight inlet duct"
        out.setdefault("upstream_length" if before else "downstream_length", float(m.group(1)) * unit_factor(m.group(2)))
    return out


def taper_from_angle(text: str, d: dict[str, Any], wider: bool) -> None:
    """A nozzle's or diffuser's taper from its wall angle ("10 degrees half angle", "a total angle of
    20 degrees", "included angle 14 deg"): the taper length from both heights, or the missing height
    from one height and the taper length."""
    text = digits(text)  # "a half-angle of five degrees"
    total = r"(?:total|included|full|opening|divergence|convergence)"
    m = re.search(rf"(?:half[- ]angle|semi[- ]angle|wall\s+angle)\s*(?:of|=|:|is)?\s*({NUM})\s*{_DEG}?", text, re.I) or \
        re.search(rf"({NUM})\s*{_DEG}\s*(?:half[- ]angle|semi[- ]angle|wall\s+angle|(?:on\s+)?(?:each|either|per)\s+(?:side|wall))", text, re.I)
    half = float(m.group(1)) if m else None
    if half is None:
        m = re.search(rf"{total}\s+angle\s*(?:of|=|:|is)?\s*({NUM})\s*{_DEG}?", text, re.I) or \
            re.search(rf"({NUM})\s*{_DEG}\s*{total}\s+angle", text, re.I)
        half = float(m.group(1)) / 2 if m else None
    if half is None or not 0 < half < 90:
        return
    slope = math.tan(math.radians(half))
    hi, ho = d.get("inlet_height"), d.get("outlet_height")
    if hi is not None and ho is not None and "taper_length" not in d:
        d["taper_length"] = abs(ho - hi) / 2 / slope
    elif "taper_length" in d and (hi is None) != (ho is None):
        change = 2 * d["taper_length"] * slope * (1 if wider else -1)
        if hi is not None:
            d["outlet_height"] = hi + change
        else:
            d["inlet_height"] = ho - change


def step_heights(shape: str, text: str, n: dict[str, float]) -> dict[str, float]:
    """A step's full height and step height from any two of: the step height, the full (downstream
    for a backward step, upstream for a forward one) height, the inlet height, the outlet height, the
    expansion or contraction ratio (full height over the narrow channel's)."""
    n = dict(n)
    backward = shape == "backward_step"
    narrow_name, wide_name = ("inlet_height", "outlet_height") if backward else ("outlet_height", "inlet_height")
    if wide_name in n:  # the wide section's own height says more than a plain "height" (which may be either's)
        n["height"] = n[wide_name]
        if narrow_name in n and "step_height" in n and \
                abs(n[narrow_name] + n["step_height"] - n[wide_name]) > 0.02 * n[wide_name]:
            raise RequestError(f"geometry refused: the {shape.replace('_', ' ')}'s sizes disagree: a {n[narrow_name]:g} m "
                               f"{narrow_name.split('_')[0]} channel and a {n['step_height']:g} m step make {n[narrow_name] + n['step_height']:g} m, "
                               f"not the {n[wide_name]:g} m {wide_name.split('_')[0]} channel stated; give two of the three sizes")
        if narrow_name in n and n[narrow_name] < n[wide_name]:
            n["step_height"] = n[wide_name] - n[narrow_name]
    r = section_ratio(text)
    narrow = n.get(narrow_name)
    if "height" not in n and narrow is not None and "step_height" in n:
        n["height"] = narrow + n["step_height"]
    if r and r > 1:
        if "height" not in n and "step_height" in n:
            n["height"] = r * n["step_height"] / (r - 1)
        elif "height" not in n and narrow is not None:
            n["height"] = r * narrow
        if "step_height" not in n and "height" in n:
            n["step_height"] = n["height"] * (1 - 1 / r)
    if "step_height" not in n and narrow is not None and "height" in n:
        n["step_height"] = n["height"] - narrow
    return n


# the domain's whole length said as the distance between its ends: "the outlet, 600 mm from the inlet", "the exit
# lies 2 m downstream of the inlet", "1.2 m from inlet to outlet", "inlet and outlet are 80 cm apart"
_END_TO_END = re.compile(rf"\b(?:outlet|exit|outflow)\b[^.;]{{0,30}}?(?<![\w.]){LENGTH}\s+(?:from|downstream\s+of|after|beyond)\s+"
                         rf"the\s+(?:inlet|entrance|entry|inflow)\b"
                         rf"|(?<![\w.]){LENGTH}\s+(?:from\s+(?:the\s+)?inlet\s+to\s+(?:the\s+)?outlet|between\s+(?:the\s+)?inlet\s+and\s+"
                         rf"(?:the\s+)?outlet)\b"
                         rf"|\binlet\s+and\s+outlet\s+(?:are|lie|sit)\s+{LENGTH}\s+apart\b", re.I)


def outlet_from_inlet(text: str) -> float | None:
    """The distance from the inlet to the outlet, in metres, when the words say it as one (None otherwise)."""
    m = _END_TO_END.search(text)
    if not m:
        return None
    g = next(i for i in range(1, (m.lastindex or 1) + 1, 2) if m.group(i) is not None)
    if not m.group(g + 1):
        return None  # a bare number is no length
    return float(m.group(g)) * unit_factor(m.group(g + 1))
