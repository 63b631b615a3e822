"""Read which patch, direction, duration or surface tension a change request's words point at.
Pure functions over text and patch names, used by `modify` to put a stated value on the patch
it names ("floor at 301 K", "outlet2 pressure 2", "air inlet 0.3 m/s towards -x", "six months",
"surface tension 30 mN/m")."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from tasks.foam.patch_names import GENERIC_PARTS, PATCH_ALIASES, name_words, ranked_patches, stream_part_patches  # noqa: F401 (re-exported)


def _full_forms(patch: str) -> set[str]:
    words = name_words(patch)
    return {patch.lower(), " ".join(words), "".join(words), "-".join(words), "_".join(words)}


Centres = Mapping[str, Sequence[float]]


# place words that are also verbs: "lower the hot wall to 300 K" lowers a value, it names no
# lower patch; as a place they come before a noun, never before a determiner or pronoun
_VERBS = {"lower"}
_DETERMINERS = r"(?:the|it|its|this|that|these|those|all|both|each|every|a|an|by|to)"
_AS_VERB = re.compile(rf"\s+{_DETERMINERS}\b")


def patch_mentions(segment: str, patches: Iterable[str], centres: Centres | None = None,
                   up: int = 1) -> list[tuple[int, int, str]]:
    """(position, strength, patch) of every mention of a patch in `segment`: strength 2 for the
    patch's whole name, its rank or number ("the second outlet"), 1 for a distinctive part of it,
    an alias of that part, or its place ("the upper outlet": the outlet with the highest centre
    along axis `up`, given the patches' `centres`)."""
    low = segment.lower()
    patches = list(patches)
    found: list[tuple[int, int, str]] = []
    for patch in patches:
        for form in _full_forms(patch):
            for m in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", low):
                found.append((m.end(), 2, patch))
        parts = {w for w in name_words(patch) if w not in GENERIC_PARTS and not w.isdigit()}
        for word in parts | {a for w in parts for a in PATCH_ALIASES.get(w, ())}:
            for m in re.finditer(rf"\b{re.escape(word)}\b", low):
                if not _AS_VERB.match(low, m.end()) or word not in _VERBS:
                    found.append((m.end(), 1, patch))
    return found + _numbered_mentions(low, patches) + _placed_mentions(low, patches, centres or {}, up)


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
             "5th": 5}
_KINDS = ("inlet", "outlet", "wall")


def _numbered_mentions(low: str, patches: list[str]) -> list[tuple[int, int, str]]:
    """Whole-name mentions of numbered patches by rank or number: 'the second outlet', 'the
    second exit' and 'outlet number 2' for outlet2 of outlet1/outlet2, 'the second inlet' for
    velocity-inlet-6 of velocity-inlet-5/6. Only patches of that kind that all carry a number are
    ranked (tasks.foam.patch_names.ranked_patches)."""
    return [(end, 2, patch) for end, patch in ranked_patches(low, patches)]


_PLACES = {"upper": (None, max), "top": (None, max), "higher": (None, max), "lower": (None, min), "bottom": (None, min),
           "left": (0, min), "left-hand": (0, min), "right": (0, max), "right-hand": (0, max)}
_PLACED = re.compile(rf"\b({'|'.join(_PLACES)})\s+(?!{_DETERMINERS}\s)(?:\w+\s+)?({'|'.join(_KINDS)}|side|boundary|patch)s?\b")


def _placed_mentions(low: str, patches: list[str], centres: Centres, up: int) -> list[tuple[int, int, str]]:
    """Mentions by place: 'the lower outlet' is the outlet whose centre is lowest, 'the left
    wall' the wall (any patch not named inlet or outlet) furthest towards -x; none when two
    patches share that extreme."""
    found = []
    for m in _PLACED.finditer(low):
        axis, pick = _PLACES[m.group(1)]
        axis = up if axis is None else axis
        kind = m.group(2) if m.group(2) in ("inlet", "outlet") else None
        candidates = [p for p in patches if p in centres and
                      (kind in name_words(p) if kind else not {"inlet", "outlet"} & set(name_words(p)))]
        if len(candidates) < 2:
            continue
        values = [round(centres[p][axis], 9) for p in candidates]  # equal up to the mean's rounding
        best = pick(values)
        if values.count(best) == 1:
            found.append((m.end(), 1, candidates[values.index(best)]))
    return found


def named_patch(segment: str, patches: Iterable[str], centres: Centres | None = None, up: int = 1) -> str | None:
    """The patch `segment` names nearest its end (the words right before a value), or None
    when it names none or two patches equally (the word 'hot' for hotWall and hotSide)."""
    patches = list(patches)
    mentions = patch_mentions(segment, patches, centres, up)
    if not mentions:
        return _only_of_kind(segment, patches)
    best = max(mentions, key=lambda m: (m[1], m[0]))
    rivals = {p for pos, strength, p in mentions if (pos, strength) == best[:2]}
    if len(rivals) > 1:
        return None
    return best[2]


_KIND_WORDS = re.compile(r"\b(walls?|inlets?|outlets?)\b")


def _only_of_kind(segment: str, patches: list[str]) -> str | None:
    """The one patch whose name holds the kind word the segment uses last ("set the walls to
    350 K" for fixedWalls, "the outlet pressure" for pressure-outlet-7), in the number written
    ("walls" is not movingWall); None when several or none match, or after a rank or quantifier."""
    low = segment.lower()
    found = list(_KIND_WORDS.finditer(low))
    if not found:
        return None
    word = found[-1].group(1)
    if re.search(rf"\b(?:{'|'.join(_ORDINALS)}|other|another|each|every|all|both)\s+(?:\w+\s+)?$", low[:found[-1].start()]):
        return None  # a rank or a quantifier: not "the only one"
    matching = [p for p in patches if word in name_words(p)]
    return matching[0] if len(matching) == 1 else None


def kind_in_other_number(segment: str, patches: Iterable[str]) -> str | None:
    """The one patch whose name holds the segment's last kind word in the other number ("the
    wall temperature" for a patch named walls, "the inlets" for inlet); None when none or
    several do. For a value only one patch can take (the only fixed-temperature wall)."""
    found = list(_KIND_WORDS.finditer(segment.lower()))
    if not found:
        return None
    word = found[-1].group(1)
    other = word[:-1] if word.endswith("s") else f"{word}s"
    matching = [p for p in patches if other in name_words(p)]
    return matching[0] if len(matching) == 1 else None


def segment_before(text: str, start: int, previous_end: int | None) -> str:
    """The words between the previous stated value and this one, within the same clause; a key
    right before its value ("lower outlet: 4 m2/s2") is the clause's words."""
    lo = previous_end or 0
    seg = text[lo:start]
    parts = re.split(r"[.;:]\s", seg)
    if not parts[-1].strip() and re.search(r":\s*$", seg):  # "lower outlet: " -> its key
        return next((p for p in reversed(parts) if p.strip()), "")
    return parts[-1]


def stated_direction(text: str) -> list[float] | None:
    """A direction the words give a velocity: 'towards -x', 'in the negative y direction',
    'along +z', 'pointing down'; None when they give none."""
    low = text.lower()
    m = re.search(r"\b(?:towards?|in(?:\s+the)?|along(?:\s+the)?|pointing|directed|facing)\s+"
                  r"(?:(negative|positive|minus|plus)\s+|([+-])\s*)?(x|y|z)\b", low)
    if m:
        sign = -1.0 if (m.group(1) in ("negative", "minus") or m.group(2) == "-") else 1.0
        vec = [0.0, 0.0, 0.0]
        vec["xyz".index(m.group(3))] = sign
        return vec
    m = re.search(r"\b(?:pointing|directed|flowing|blowing|going|moving|move|moves|slid\w*|travel\w*|runs?|running)\s+"
                  r"(?:to\s+the\s+|towards?\s+the\s+|to\s+)?(up|upwards|down|downwards|left|right|leftwards|rightwards)\b"
                  r"|\b(?:to|towards?)\s+the\s+(left|right)\b", low)
    if m:
        return {"up": [0.0, 1.0, 0.0], "upwards": [0.0, 1.0, 0.0], "down": [0.0, -1.0, 0.0],
                "downwards": [0.0, -1.0, 0.0], "left": [-1.0, 0.0, 0.0], "right": [1.0, 0.0, 0.0],
                "leftwards": [-1.0, 0.0, 0.0], "rightwards": [1.0, 0.0, 0.0]}[m.group(1) or m.group(2)]
    return None


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10, "eleven": 11, "twelve": 12, "eighteen": 18, "twenty": 20, "thirty": 30, "a": 1, "an": 1,
                 "half a": 0.5, "half an": 0.5}
_SECONDS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0, "week": 7 * 86400.0,
            "month": 365.25 * 86400.0 / 12, "year": 365.25 * 86400.0}


def durations(text: str) -> list[tuple[float, str, str]]:
    """Durations in words or digits with a calendar unit: (value in seconds, unit, text) for
    'six months', '2 years', 'half a year', 'three weeks'."""
    words = "|".join(sorted((re.escape(w) for w in _NUMBER_WORDS), key=len, reverse=True))
    out = []
    for m in re.finditer(rf"\b(\d+(?:\.\d+)?|{words})[\s-]+(second|minute|hour|day|week|month|year)s?\b", text.lower()):
        n = float(m.group(1)) if m.group(1)[0].isdigit() else float(_NUMBER_WORDS[m.group(1)])
        out.append((n * _SECONDS[m.group(2)], m.group(2), m.group(0)))
    return out


def in_unit(seconds: float, unit: str) -> float:
    """A duration in seconds expressed in a case's own time unit ('year', 'second', ...)."""
    return seconds / _SECONDS[unit]


_TENSION_WORDS = re.compile(r"\b(?:(?:surface|interfacial)\s+tension|sigma)\b", re.IGNORECASE)
_TENSION_VALUE = re.compile(r"([-+]?\d*\.?\d+(?:e[-+]?\d+)?)\s*(mn/m|n/m|dynes?/cm|dyn/cm)?(?![\w/])", re.IGNORECASE)
_TENSION_UNITS = {"n/m": 1.0, "mn/m": 1e-3, "dyn/cm": 1e-3, "dyne/cm": 1e-3, "dynes/cm": 1e-3}


def surface_tension(text: str) -> tuple[float, str] | None:
    """A surface tension the words state, in N/m, with the words: 'surface tension 0.03 N/m',
    'interfacial tension of 45 mN/m', 'sigma = 0.06'. A bare number of 1 or more is read in
    mN/m (no liquid pair has a surface tension of 1 N/m; water-air is 72 mN/m)."""
    for m in _TENSION_WORDS.finditer(text):
        clause = re.split(r"[;,]|\.(?!\d)", text[m.end():m.end() + 80], maxsplit=1)[0]
        v = _TENSION_VALUE.search(clause)
        if v is None:
            continue
        value = float(v.group(1))
        unit = (v.group(2) or ("mn/m" if value >= 1 else "n/m")).lower()
        return value * _TENSION_UNITS[unit], f"{m.group(0)} {v.group(0).strip()}"
    return None


# --- relative run control: "run twice as long", "halve the time step", "write half as often" ---

_TIMES = {"double": 2.0, "doubled": 2.0, "twice": 2.0, "two times": 2.0, "triple": 3.0, "tripled": 3.0,
          "three times": 3.0, "thrice": 3.0, "quadruple": 4.0, "four times": 4.0, "ten times": 10.0,
          "halve": 0.5, "halved": 0.5, "half": 0.5, "a third of": 1 / 3, "a quarter of": 0.25}
_TIMES_RE = "|".join(sorted((re.escape(w) for w in _TIMES), key=len, reverse=True))
# which controlDict entry the words name, and whether a larger number means more of it
_RUN_TARGETS: tuple[tuple[str, str], ...] = (
    ("deltaT", r"time[- ]?steps?(?!\s+(?:count|number))|\bdt\b|\bdelta ?t\b|timesteps?"),
    ("writeInterval", r"write interval|output interval|writ(?:e|ing) interval|writes?|output|saves?|save interval"),
    ("endTime", r"end[- ]?time|simulated time|simulation time|run time|duration|iterations|(?:the\s+)?run\b|simulat\w*|long"),
)


_PHYSICAL = re.compile(r"\b(?:velocity|speed|temperature|pressure|viscosity|density|flow ?rate|mass|heat|cells?|mesh|grid|"
                       r"resolution|rpm|rotation)\b")
_RUN_NAMED = re.compile(r"time[- ]?step|\bdelta ?t\b|\bdt\b|end[- ]?time|write|output|iterations|\blonger\b|\bas long\b")


def relative_run_factors(text: str) -> dict[str, float]:
    """controlDict entries a request changes by a factor, entry -> factor on its present value
    (endTime on the time after startTime): 'run twice as long' {endTime: 2}, 'double the end
    time', 'halve the time step' {deltaT: 0.5}, 'a time step half as large', 'reduce the time
    step by a factor of 4', 'write twice as often' {writeInterval: 0.5}, 'write half as often'."""
    low = text.lower()
    found: dict[str, float] = {}
    for clause in re.split(r"[.;,]|\band\b|\bthen\b", low):
        factor = _clause_factor(clause)
        if factor is None or (_PHYSICAL.search(clause) and not _RUN_NAMED.search(clause)):
            continue  # "double the inlet velocity of the simulation" scales a velocity, not the run
        often = re.search(r"\b(?:often|frequently)\b", clause)
        for key, words in _RUN_TARGETS:
            if key == "endTime" and re.search(r"\b(?:as|times)\s+long(?:er)?\b|\blonger\b", clause):
                found.setdefault(key, factor)
                break
            if re.search(words, clause) and not (key == "endTime" and "writeInterval" in found and not re.search(r"long", clause)):
                found.setdefault(key, 1.0 / factor if (often and key == "writeInterval") else factor)
                break
    return found


def _clause_factor(clause: str) -> float | None:
    """The factor one clause states: 'twice as long' 2, 'half as large' 0.5, 'halve' 0.5, 'by a
    factor of 4' with a verb of increase (4) or decrease (0.25), '3 times longer' 3, 'x2' 2."""
    m = re.search(r"\bby\s+(?:a\s+)?factor\s+(?:of\s+)?(\d+(?:\.\d+)?)", clause)
    if m:
        n = float(m.group(1))
        if re.search(r"\b(?:reduc|decreas|lower|shorten|cut|divid|smaller|less)\w*", clause):
            return 1.0 / n
        return n if re.search(r"\b(?:increas|rais|multipl|extend|lengthen|larger|more|longer)\w*", clause) else None
    m = re.search(r"(\d+(?:\.\d+)?)\s*(?:%|percent|per cent)\s+(longer|larger|bigger|more|greater|shorter|smaller|less|fewer)\b", clause)
    if m:  # "run 50 % longer", "a time step 20 percent smaller"
        pct = float(m.group(1)) / 100
        return 1.0 - pct if m.group(2) in ("shorter", "smaller", "less", "fewer") else 1.0 + pct
    m = re.search(r"\b(\w+)\b[^%]*?\bby\s+(\d+(?:\.\d+)?)\s*(?:%|percent|per cent)", clause)
    if m:  # "extend the run by 50 %", "reduce the time step by 30 percent"
        pct = float(m.group(2)) / 100
        if re.search(r"\b(?:reduc|decreas|lower|shorten|cut|smaller|less)\w*", clause):
            return max(0.0, 1.0 - pct) or None
        return 1.0 + pct if re.search(r"\b(?:increas|rais|extend|lengthen|prolong|larger|more|longer)\w*", clause) else None
    m = re.search(r"\b(\d+(?:\.\d+)?)\s*(?:times|x)\s+(?:as\s+)?(longer|long|larger|large|bigger|more|shorter|smaller|less|often)\b", clause)
    if m:
        n = float(m.group(1))
        return 1.0 / n if m.group(2) in ("shorter", "smaller", "less") else n
    m = re.search(rf"\b({_TIMES_RE})\b(\s+as\s+(?:long|large|big|often|frequently|small|short|much))?", clause)
    if m is None:
        return None
    factor = _TIMES[m.group(1)]
    if m.group(2) and re.search(r"small|short", m.group(2)):  # "twice as small" reads as half
        factor = 1.0 / factor
    return factor


_LAMINAR_WORDS = re.compile(
    r"\b(?:turn(?:ing)?|switch(?:ing)?|set(?:ting)?)\s+(?:the\s+)?turbulence(?:\s+model(?:ling|ing)?)?\s+off\b"
    r"|\b(?:turn(?:ing)?|switch(?:ing)?)\s+off\s+(?:the\s+)?turbulence\b"
    r"|\b(?:no|without(?:\s+a)?|disable|drop|remove)\s+(?:the\s+)?turbulence(?:\s+model(?:ling|ing)?)?\b"
    # a key and its value: "turbulence: off", "turbulence model = none", "RANS: no"
    r"|\b(?:turbulence|rans|les)(?:\s+model(?:ling|ing)?)?\s*(?:[:=]|is)\s*(?:off|none|no|disabled|false)\b")


def asks_laminar(text: str) -> bool:
    """True when the words take the turbulence model away ('turn the turbulence model off',
    'without turbulence', 'disable turbulence modelling') without naming 'laminar'."""
    return bool(_LAMINAR_WORDS.search(text.lower()))


# --- values changed relative to what the case has: "by 10 K", "by 50%", "double the inlet velocity" ---

_UP = r"increas|rais|heat|warm|speed|accelerat|add|boost|higher|faster|hotter|up\b"
_DOWN = r"decreas|reduc|lower|cool|drop|slow|cut|subtract|colder|slower|down\b"


def increment_sign(before: str) -> int | None:
    """+1 or -1 when the words right before a stated value make it a change of the present
    value ("raise the floor temperature by 10 K", "lower the inlet velocity by 2 m/s",
    "cool the hot wall by 5 K"); None when the value is the new value itself."""
    clause = re.split(r"[.;,]|\band\b", before.lower())[-1]
    if not re.search(r"\bby\s*$", clause):
        return None
    if re.search(rf"\b(?:{_DOWN})", clause):
        return -1
    return 1 if re.search(rf"\b(?:{_UP})", clause) else None


_SCALED = re.compile(
    rf"\b(?P<word>{_TIMES_RE})\s+(?P<what>(?:the\s+)?(?:(?!(?:and|then|but|while)\b)[\w-]+\s+){{0,5}}?(?P<kind>velocity|speed|temperature|pressure|viscosity|density|flow ?rate|mass flow|discharge))\b"
    r"|\b(?P<verb>increas\w*|rais\w*|reduc\w*|decreas\w*|lower\w*|cut\w*|boost\w*)\s+(?P<what2>(?:the\s+)?[\w\s-]{0,40}?\b"
    r"(?P<kind2>velocity|speed|temperature|pressure|viscosity|density|flow ?rate|mass flow|discharge))\s+by\s+(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent)"
    r"|\b(?P<what3>(?:the\s+)?[\w\s-]{0,40}?\b(?P<kind3>velocity|speed|temperature|pressure|viscosity|density|flow ?rate|mass flow|discharge))\s+(?:\w+\s+){0,2}"
    r"(?P<pct3>\d+(?:\.\d+)?)\s*(?:%|percent)\s+(?P<dir>lower|higher|faster|slower|smaller|larger|greater|less|more)\b")


def scaled_values(text: str) -> list[tuple[str, str, float]]:
    """(kind, the words naming it, factor) for each value the words scale without giving it:
    'double the inlet velocity' (velocity, 'the inlet velocity', 2), 'increase the lid speed by
    50%' (velocity, ..., 1.5), 'reduce the outlet pressure by 10 percent' (pressure, ..., 0.9).
    Kinds: velocity (speed), temperature, pressure, viscosity, density ('twice as viscous'),
    flow_rate (flow rate, mass flow, discharge)."""
    out = []
    for m in _SCALED.finditer(text.lower()):
        if m.group("word"):
            kind, what, factor = m.group("kind"), m.group("what"), _TIMES[m.group("word")]
        elif m.group("pct3"):  # "make the inlet velocity 25% lower"
            pct = float(m.group("pct3")) / 100
            down = m.group("dir") in ("lower", "slower", "smaller", "less")
            kind, what, factor = m.group("kind3"), m.group("what3"), (1 - pct) if down else (1 + pct)
        else:
            pct = float(m.group("pct")) / 100
            down = re.match(rf"(?:{_DOWN})", m.group("verb"))
            kind, what, factor = m.group("kind2"), m.group("what2"), (1 - pct) if down else (1 + pct)
        kind = {"speed": "velocity", "mass flow": "flow_rate", "discharge": "flow_rate"}.get(kind, kind)
        out.append(("flow_rate" if kind.startswith("flow") else kind, what.strip(), factor))
    taken = [m.span() for m in _SCALED.finditer(text.lower())]
    for m in _AS_FAST.finditer(text.lower()):  # "make the lid go twice as fast", "the inflow 40 % faster"
        if any(a < m.end() and m.start() < b for a, b in taken):
            continue
        clause = re.split(r"[.;,]|\band\b", text.lower()[:m.start()])[-1]
        if _NOT_FLOW.search(clause):
            continue  # a rotor spun faster, a run made faster: no velocity of a patch
        if m.group("pct"):
            n = 1.0 + float(m.group("pct")) / 100 * (-1 if m.group("dir") == "slower" else 1)
        elif m.group("n"):
            n = float(m.group("n")) if m.group("fs") == "faster" else 1.0 / float(m.group("n"))
        else:
            n = _TIMES[m.group("word")]
        out.append(("velocity", clause.strip(), n))
    for m in _AS_PROPERTY.finditer(text.lower()):  # "twice as viscous", "3 times more viscous", "25 % less viscous"
        if m.group("pct"):
            n = 1.0 + float(m.group("pct")) / 100 * (-1 if m.group("dir") == "less" else 1)
        else:
            n = float(m.group("n")) if m.group("n") else _TIMES[m.group("word")]
        out.append(("viscosity" if m.group("adj") in ("viscous", "thick") else "density", m.group(0), n))
    return out


_AS_FAST = re.compile(rf"\b(?:(?P<word>{_TIMES_RE})\s+as\s+fast|(?P<n>\d+(?:\.\d+)?)\s*(?:times|x)\s+(?P<fs>faster|slower)"
                      r"|(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent|per cent)\s+(?P<dir>faster|slower))\b")
_NOT_FLOW = re.compile(r"\b(?:rotor|spin\w*|rotat\w*|rpm|omega|impeller|fan|propeller|mixer|stirrer|run|simulation|solver|"
                       r"computation|code|job)\b")
_AS_PROPERTY = re.compile(rf"(?:\b(?:(?P<n>\d+(?:\.\d+)?)\s*(?:times|x)|(?P<word>{_TIMES_RE}))\s+(?:as\s+|more\s+)"
                          r"|(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent|per cent)\s+(?P<dir>more|less)\s+)"
                          r"(?P<adj>viscous|thick|dense)\b")


_MORE_RUN = re.compile(r"\b(?:(?P<n5>\d+(?:\.\d+)?)\s*(?P<unit5>iterations?|steps?|time ?steps?|seconds?|s)\s+"
                       r"(?:more|longer|extra)\b|(?P<n>\d+(?:\.\d+)?)\s+more|another\s+(?P<n2>\d+(?:\.\d+)?)|(?:extend|lengthen|continue)\w*"
                       r"\s+(?:the\s+)?(?:run|simulation)?\s*(?:by|for)\s+(?:another\s+)?(?P<n3>\d+(?:\.\d+)?))\s*"
                       r"(?P<unit>iterations?|steps?|time ?steps?|seconds?|s\b)?")


def extra_run(text: str) -> tuple[float, str] | None:
    """(amount, unit word) a request adds to the run: '2000 more iterations', 'another 0.5 s',
    'extend the run by 500 iterations'; None when it adds nothing."""
    m = _MORE_RUN.search(text.lower())
    if m is None:
        return None
    if m.group("n5"):  # "0.05 s more", "500 iterations longer"
        return float(m.group("n5")), m.group("unit5")
    n = m.group("n") or m.group("n2") or m.group("n3")
    if m.group("unit") is None and not m.group("n3"):
        return None
    return float(n), (m.group("unit") or "")


_BARE_WRITE = re.compile(r"\b(?:writ\w*|sav\w*|output\w*|dump\w*)\s+(?:\w+\s+){0,3}?every\s+(\d+(?:\.\d+)?)\b"
                         r"(?![\d.]|\s*(?:%|[a-z]))")


def bare_write_interval(text: str) -> float | None:
    """A write interval given without a unit ('write every 200', 'writing every 200'): in the
    unit the case's writeControl counts. None when there is none or it has a unit."""
    m = _BARE_WRITE.search(text.lower())
    return float(m.group(1)) if m else None


# --- relative words right after a value, temperature differences, hot and cold patch words ---

_AFTER_UP = r"warmer|hotter|higher|more|greater|larger|faster"
_AFTER_DOWN = r"colder|cooler|lower|less|smaller|slower"
_AFTER_RELATIVE = re.compile(rf"\s*(?:(?P<up>{_AFTER_UP})|(?P<down>{_AFTER_DOWN}))\b(?!\s+than\b)", re.IGNORECASE)


def after_sign(after: str) -> int | None:
    """+1 or -1 when the words right after a stated value make it a change of the present value
    ("50 K warmer", "5 degrees colder", "2 m/s faster"); None when they do not ("10 K lower
    than the wall" compares, it does not change)."""
    m = _AFTER_RELATIVE.match(after)
    if m is None:
        return None
    return 1 if m.group("up") else -1


_TEMPERATURE_SCALES = ((re.compile(r"°?\s*(?:deg(?:rees?)?\s*)?(?:f\b|fahrenheit)|°f|degf|rankine|\br\b"), 5.0 / 9.0),
                       (re.compile(r"k\b|kelvin|°?\s*c\b|°c|degc|celsius|centigrade|deg(?:rees?)?\b"), 1.0))


def temperature_difference(quantity: str) -> float | None:
    """A temperature as written ("10 degC", "18 °F", "5 K") read as a difference in kelvin (10,
    10, 5): a change of 10 degC is 10 K, not 283.15 K. None when its unit is not a temperature."""
    m = re.match(r"\s*([-+]?\d*\.?\d+(?:[eE][-+]?\d+)?)\s*(.*)$", quantity)
    if m is None:
        return None
    number, unit = float(m.group(1)), m.group(2).strip().lower()
    for pattern, scale in _TEMPERATURE_SCALES:
        if pattern.match(unit):
            return number * scale
    return None


_HOT_COLD = re.compile(r"\b(?P<hot>hot|hotter|hottest|heated|heating|warm|warmer|warmest)\b"
                       r"|\b(?P<cold>cold|colder|coldest|cool|cooler|coolest|cooled|cooling|chilled)\b")


def hot_or_cold(segment: str) -> str | None:
    """'hot' or 'cold' for the last hot or cold word of the words before a value ("the heated
    wall", "and the cold side"), leaving out a relative word that belongs to the value before
    ("5 K warmer and the cooled wall": cold). None when there is none."""
    low = _AFTER_RELATIVE.sub("", segment.lower(), count=1) if _AFTER_RELATIVE.match(segment) else segment.lower()
    found = list(_HOT_COLD.finditer(low))
    if not found:
        return None
    return "hot" if found[-1].group("hot") else "cold"


def extreme_patch(word: str, values: Mapping[str, float], among: Iterable[str] | None = None) -> str | None:
    """The patch a hot or cold word means: of the patches with a fixed temperature (`values`,
    patch -> K; only those in `among` when given), the one with the highest (hot) or lowest
    (cold) value; None when they all hold the same value or two share the extreme."""
    pool = {p: v for p, v in values.items() if among is None or p in set(among)}
    if len(set(pool.values())) < 2:
        return None
    best = (max if word == "hot" else min)(pool.values())
    chosen = [p for p, v in pool.items() if v == best]
    return chosen[0] if len(chosen) == 1 else None


# --- run control given without a unit: "end at t = 5", "write 10 snapshots" ---

_BARE_END = re.compile(r"\b(?:end(?:\s*time)?|endtime|stop|finish|run|simulate)\w*\s+(?:(?:at|to|until|till|after|when)\s+)?"
                       r"(?:(?:t|time)\s*=\s*|=\s*)?(\d+(?:\.\d+)?(?:e[-+]?\d+)?)(?=\s*(?:$|[,;]|\.(?!\d)|and\b|then\b|with\b))")


def bare_end_time(text: str) -> float | None:
    """An end time given without a unit ("end at t = 5", "stop at 200", "endTime 0.3"): in the
    case's own unit of time (iterations of a steady case). None when there is none."""
    m = _BARE_END.search(text.lower())
    return float(m.group(1)) if m else None


_COUNT_WORDS = {**{w: int(n) for w, n in _NUMBER_WORDS.items() if float(n).is_integer() and w not in ("a", "an")},
                "fifteen": 15, "forty": 40, "fifty": 50, "hundred": 100, "a hundred": 100}
_WRITE_COUNT = re.compile(
    rf"\b(\d+|{'|'.join(sorted(_COUNT_WORDS, key=len, reverse=True))})\s+(?:snapshots?|output\s+times|outputs|"
    r"time\s+(?:directories|folders|steps\s+written)|frames|saved\s+times|writes|results\s+folders)\b"
    rf"|\b(?:writ\w*|sav\w*|output\w*)\s+(?:\w+\s+){{0,3}}?(\d+|{'|'.join(_COUNT_WORDS)})\s+times\b"
    r"(?!\s+(?:as|more|less|fewer|longer|shorter|faster|slower|finer|coarser)\b)")  # "3 times as often" is a factor


def write_count(text: str) -> int | None:
    """How many times the request wants results written over the run ("10 snapshots", "write
    twenty output times", "save the fields 5 times"); None when it says no count."""
    m = _WRITE_COUNT.search(text.lower())
    if m is None:
        return None
    word = m.group(1) or m.group(2)
    n = int(word) if word.isdigit() else _COUNT_WORDS[word]
    return n if n > 0 else None
