"""What a stated number is in a wave flume, from the words around it: the wave's height
("wave height 0.04 m", "a 7 cm wave", "waves 7 cm high", "H = 0.05 m"), its amplitude (H/2),
period ("T = 2 s", "1.5 s period"), frequency (a period 1/f), length ("wavelength 6 m"),
direction ("wave angle 10 deg"), the ramp time of the paddle, the still-water depth
("15 cm of still water", "water depth 0.4 m", "h = 0.4 m") or a paddle stroke; the wave
model a request names ("StokesII", "cnoidal", "Grimshaw solitary wave") and whether active
absorption is on. Pure functions over text; the binder places the values (bind_waves).
"""

from __future__ import annotations

import re

# the words a value's own words may begin with before its noun ("a 7 cm solitary wave")
_KIND = r"(?:(?:solitary|regular|incident|progressive|linear|stokes\s*\w*|cnoidal|monochromatic|design|target)\s+)?"
_GAP = r"[^\d,;]{0,15}"  # a few words between a noun and its value ("wave height of about")

# (role, the words right after the value, the words right before it); symbols are case-sensitive
_AFTER: list[tuple[str, re.Pattern[str]]] = [
    ("period", re.compile(r"^\s*(?:wave\s+)?period\b", re.I)),
    ("length", re.compile(r"^\s*(?:long\s+waves?\b|(?:wave\s*length)\b)", re.I)),
    ("amplitude", re.compile(r"^\s*(?:wave\s+)?amplitude\b", re.I)),
    ("height", re.compile(rf"^\s*(?:(?:high|tall)\s+)?{_KIND}waves?\b(?!\s*(?:period|length|angle|maker))"
                          r"|^\s*wave\s+height\b", re.I)),
    ("depth", re.compile(r"^\s*(?:of\s+)?(?:still[\s-]*)?water(?:\s+(?:depth|level))?\b(?!\s+waves?)"
                         r"|^\s*(?:still[\s-]*water\s+)?(?:depth|deep)\b|^\s*swl\b", re.I)),
    ("stroke", re.compile(r"^\s*(?:paddle\s+)?stroke\b", re.I)),
]
# (role, its words before the value (any case), its symbol before the value (as written: H is the height, h the depth;
# "H 0.1 m", "T 2 s", "h 0.5 m" need no "=", a d (often a diameter) does)
_BEFORE: list[tuple[str, re.Pattern[str], re.Pattern[str] | None]] = [
    ("stroke", re.compile(rf"\bstroke\b{_GAP}$", re.I), None),
    ("ramp", re.compile(rf"\bramp(?:[\s-]*up)?(?:\s+(?:time|period|duration))?\b{_GAP}$", re.I), None),
    ("amplitude", re.compile(rf"\bamplitude\b{_GAP}$", re.I), None),
    ("period", re.compile(rf"\bperiods?\b{_GAP}$", re.I), re.compile(r"(?<![\w.])T\s*[=:]?\s*$")),
    ("length", re.compile(rf"\bwave\s*lengths?\b{_GAP}$", re.I), re.compile(r"(?<![\w.])(?:L|λ)\s*[=:]\s*$")),
    ("depth", re.compile(rf"\b(?:still[\s-]*water(?:\s+(?:depth|level))?|water\s+(?:depth|level)|depth|"
                         rf"initial\s+depth|mean\s+water\s+level|swl)\b{_GAP}$", re.I),
     re.compile(r"(?<![\w.])(?:h\s*[=:]?|d\s*[=:])\s*$")),
    ("height", re.compile(rf"\bwave\s+heights?\b{_GAP}$|\bheight\s+of\s+the\s+waves?\b{_GAP}$"
                          rf"|\bwaves?\b[^\d,;]{{0,25}}\b(?:heights?|high)\b{_GAP}$", re.I),
     re.compile(r"(?<![\w.])H\s*[=:]?\s*$")),
]
_WAVE_BEFORE = re.compile(r"\bwaves?\b[^\d,;]{0,30}$", re.I)  # "wave 0.07 m high": a height with "high" after it
_ANGLE_BEFORE = re.compile(rf"\b(?:angle|direction|heading|incidence|obliqu\w*)\b{_GAP}$|\bwaves?\b[^\d,;]{{0,30}}$",
                           re.I)
_HIGH_AFTER = re.compile(r"^\s*(?:high|tall|(?:in\s+)?height)\b", re.I)
_ANGLE_AFTER = re.compile(r"^\s*(?:off|to|from|of)?\s*(?:the\s+)?(?:wave\s+)?(?:angle|incidence|obliqu|heading|"
                          r"normal|direction)", re.I)


def own_words_after(after: str) -> str:
    """The words right after a value that are its own: up to the next comma, semicolon, "and" or value."""
    return re.split(r"[,;(]|\band\b|\bwhile\b|\d", after, maxsplit=1)[0]


def wave_role(quantity: str, before: str, after: str) -> str | None:
    """The role of a stated quantity (length, time, frequency, angle) in a wave flume from the
    text right before and after it (as written): height, amplitude, period, frequency, length,
    angle, ramp, depth, stroke; None when the words name none of them (a domain size, the end time)."""
    after = own_words_after(after)
    before = before[-60:]
    if quantity == "frequency":
        return "frequency"
    for role, pattern in _AFTER:
        m = pattern.search(after)
        if m and _fits(quantity, role):  # "1 m deep" after "the tank is": the tank's; "12 cm of water": the water's
            return None if role == "depth" and not _WATER.search(m.group()) and _of_domain(before) else role
    if quantity == "angle":
        return "angle" if _ANGLE_AFTER.search(after) or _ANGLE_BEFORE.search(before) else None
    if quantity == "length" and _HIGH_AFTER.search(after) and not _of_domain(before) and \
            (_WAVE_BEFORE.search(before) or _bare(before)):
        return "height"  # "wave 0.07 m high"; "waves at 30 degrees, 6 cm high": a list item of the waves
    for role, words, symbol in _BEFORE:
        if _fits(quantity, role) and (words.search(before) or (symbol is not None and symbol.search(before))):
            return None if role == "depth" and _of_domain(before) else role
    return None


_DOMAIN = re.compile(r"\b(?:flume|tank|domain|channel|basin|mesh|box|geometry)s?\b", re.I)
_WATER = re.compile(r"\b(?:water|still|swl|sea|liquid)\b", re.I)


def _of_domain(before: str) -> bool:
    """Whether a depth is the domain's ("flume depth 1 m", "the tank is 1 m deep": the mesh's
    extent), not the water's: a domain noun named after the last water word, close before it."""
    near = re.split(r"[,;]", before[-40:])[-1]
    domain = [m.end() for m in _DOMAIN.finditer(near)]
    water = [m.end() for m in _WATER.finditer(near)]
    return bool(domain) and max(domain) > max(water, default=-1)


def _bare(before: str) -> bool:
    """Whether the clause before a value names nothing (", 6 cm high") and the waves were the
    last thing named: it lists a further attribute of the waves."""
    clause = re.split(r"[,;:]", before)[-1]
    last_wave = [m.end() for m in re.finditer(r"\bwaves?\b", before[-50:], re.I)]
    if not last_wave or re.search(r"\b(?:flume|tank|channel|domain|basin|paddle|box|mesh)", before[-50:][last_wave[-1]:], re.I):
        return False  # "a flume, 0.8 m high": the flume's height
    return "," in before[-40:] and not re.search(r"[a-z]{2,}", re.sub(r"\b(?:and|with|at|about|some|the|a|an)\b", "", clause.lower()))


def _fits(quantity: str, role: str) -> bool:
    """Whether a quantity of this kind can play the role (a period is a time, a height a length)."""
    times = {"period", "ramp"}
    return (quantity == "time") == (role in times) and quantity in ("time", "length")


# the wave models of v1912's libwaves a request may name, and the words that name them
WAVE_MODELS: list[tuple[str, re.Pattern[str]]] = [
    ("StokesV", re.compile(r"\bstokes[\s-]*(?:v|5|5th|fifth)(?:[\s-]*order)?\b|\bfifth[\s-]order\s+stokes\b", re.I)),
    ("StokesII", re.compile(r"\bstokes[\s-]*(?:ii|2|2nd|second)(?:[\s-]*order)?\b|\bsecond[\s-]order\s+stokes\b", re.I)),
    ("StokesI", re.compile(r"\bstokes[\s-]*(?:i|1|1st|first)(?:[\s-]*order)?\b|\b(?:first[\s-]order\s+stokes|"
                           r"linear\s+(?:airy\s+|stokes\s+)?waves?|linear\s+stokes|airy\s+waves?)\b", re.I)),
    ("cnoidal", re.compile(r"\bcnoidal\b", re.I)),
    ("Grimshaw", re.compile(r"\bgrimshaw\b", re.I)),
    ("McCowan", re.compile(r"\bmc\s*cowan\b", re.I)),
    ("Boussinesq", re.compile(r"\bboussinesq\b", re.I)),
    ("streamFunction", re.compile(r"\bstream[\s-]*function\b", re.I)),
    ("irregular", re.compile(r"\b(?:irregular|jonswap|pierson[\s-]*moskowitz|random\s+waves|wave\s+spectrum|"
                             r"spectral\s+waves)\b", re.I)),
]
PERIODIC = ("StokesI", "StokesII", "StokesV", "cnoidal")
SOLITARY = ("Boussinesq", "Grimshaw", "McCowan")


def said_wave_models(text: str) -> list[tuple[str, str]]:
    """The wave models the text names, in order, as (v1912 name, the words said)."""
    found = [(m.start(), name, m.group()) for name, pattern in WAVE_MODELS for m in [pattern.search(text)] if m]
    return [(name, said) for _, name, said in sorted(found)]


_PADDLE = re.compile(r"\b(?:(?P<flap>flap|hinged)|(?P<piston>piston))(?:[\s-]*type)?\s+(?:paddle|wave\s*maker|wavemaker)\b"
                     r"|\b(?:paddle|wave\s*maker|wavemaker)\s+(?:of\s+)?(?:the\s+)?(?:(?P<flap2>flap)|(?P<piston2>piston))"
                     r"(?:[\s-]*type)?\b", re.I)


def said_paddle_motion(text: str) -> tuple[str, str] | None:
    """("flap" | "piston", the words) when the text names the paddle's kind of motion, else None."""
    m = _PADDLE.search(text)
    if not m:
        return None
    return ("flap" if m.group("flap") or m.group("flap2") else "piston"), m.group()


def said_wave_switch(text: str) -> bool:
    """Whether the text names a wave model or a paddle motion (a change with no number in it)."""
    return bool(said_wave_models(text)) or said_paddle_motion(text) is not None
