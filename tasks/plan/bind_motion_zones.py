"""Which rotating part a stated rotation speed is for, and which way it turns.

A base may rotate several parts: MRF zones, the zones of a multiSolidBodyMotionSolver, rotating
walls (rotatingWallVelocity). A speed goes to the part the words next to it name ("rotor",
"stator", "inner", "impeller", a cell zone's or patch's own name); its sense follows the words
of its own clause: "the other way", "reversed", "opposite" flip the BASE's sign, "counter-rotating"
turns against the other rotating parts, "clockwise" signs it along the axis when the view makes it
decidable. Pure functions; `tasks.plan.bind_motion_spin` binds with them.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.plan.extract import quantities
from tasks.plan.foam_values import fmt

# words that name a kind of rotating part, with the names a tutorial gives that part's zone or patch
_KINDS: dict[str, tuple[str, ...]] = {
    "rotor": ("rotor", "impeller", "propeller", "prop", "fan", "stirrer", "agitator", "blade", "blades", "paddle",
              "turbine", "runner", "rotating", "rotatingzone", "spinner", "mixer", "amiinner"),
    "stator": ("stator", "casing", "housing", "vane", "vanes"),
    "inner": ("inner", "inside", "innercylinder", "innerwall", "rod"),
    "outer": ("outer", "outside", "outercylinder", "outerwall", "drum"),
    "table": ("table", "turntable", "platform"),
    "box": ("box", "container", "tube"),
}
# entry names that say nothing of the part they hold
_GENERIC = re.compile(r"^(?:omega|rpm|origin|axis|mrf\d*|rotation\d*|rotation_\d+|zone\d*|coeffs|.*coeffs|motion\d*|"
                      r"solidbody\w*|multi\w*|dynamic\w*|\d+)$")

_SENSE = re.compile(r"\b(counter[- ]?clockwise|anti[- ]?clockwise|contra[- ]?clockwise|ccw|clockwise|cw)\b")
# where the rotation is seen from: a vector from the rotor to the viewer
_FROM_UP = re.compile(r"\b(?:from\s+(?:above|the\s+top|overhead)|looking\s+down|look\s+down|top\s+view|plan\s+view|"
                      r"viewed\s+downward|seen\s+downward)")
_FROM_DOWN = re.compile(r"\b(?:from\s+(?:below|beneath|underneath|the\s+bottom)|looking\s+up|look\s+up|bottom\s+view)")
_FROM_AXIS = re.compile(r"\bfrom\s+(?:the\s+)?(?:(positive|negative|plus|minus|\+|-)\s*)?([xyz])(?:[- ]?(?:axis|side|direction))?\b")
_ALONG_AXIS = re.compile(r"\blooking\s+(?:along|in|into|toward|towards)\s+(?:the\s+)?(?:(positive|negative|plus|minus|\+|-)\s*)?"
                         r"([xyz])\b")

_REVERSE = re.compile(r"\b(?:(?:the\s+)?other\s+(?:way|direction|sense)|opposite\s+(?:way|direction|sense)|"
                      r"(?:turn\w*|rotat\w*|spin\w*)\s+(?:the\s+)?opposite\b|revers(?:e|ed|es|ing)|in\s+reverse|"
                      r"backwards?(?!-)|invert(?:s|ed|ing)?|flip(?:s|ped)?)\b")
_COUNTER = re.compile(r"\b(?:counter|contra)[- ]?rotat\w*\b")
_CO = re.compile(r"\bco[- ]?rotat\w*\b|\b(?:same|like)\s+(?:way|direction|sense)\s+(?:as|like)\b")
_TURNING = re.compile(r"\b(?:rotat\w*|spin\w*|turn\w*|revolv\w*|rpm|omega|rotor|stator|impeller|propeller|fan|"
                      r"stirrer|agitator|sense|clockwise|anti[- ]?clockwise|counter[- ]?clockwise)\b")


def camel_words(name: str) -> list[str]:
    """The lower-case words of an OpenFOAM name ("innerCylinderSmall" -> inner, cylinder, small,
    innercylinder, innercylindersmall; "AMI_rotor1" -> ami, rotor)."""
    parts = [p.lower() for p in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+", name)]
    joined = [("".join(parts[:i + 1])) for i in range(1, len(parts))]
    return parts + joined


def part_names(text: str, entry: list[str]) -> set[str]:
    """The words that name the part a rotation entry turns: its enclosing dictionaries' names and
    the cellZone they select, each split into words, with the kind they are ("rotor" for an
    impeller zone); none for generic names (MRF1, rotatingMotionCoeffs)."""
    names: list[str] = []
    for depth in range(len(entry) - 1, -1, -1):
        zone = fd.get(text, [*entry[:depth], "cellZone"])
        if zone:
            names.append(zone.strip().strip(";").strip('"'))
            break
    names += [part for part in entry[:-1] if not _GENERIC.match(part.lower())]
    words = {w for name in names for w in camel_words(name) if not _GENERIC.match(w)}
    return words | {kind for kind, said in _KINDS.items() if words & set(said)}


def wall_names(patch: str) -> set[str]:
    """The words that name a rotating wall: its patch name's words and their kinds."""
    words = set(camel_words(patch))
    return words | {kind for kind, said in _KINDS.items() if words & set(said)}


def said_parts(words: str) -> list[tuple[int, str]]:
    """(position, name) of every word that could name a rotating part, in order: the kind for a
    kind's word ("impeller" -> rotor), else the word itself."""
    out = []
    for m in re.finditer(r"[a-z]+", words.lower()):
        if m.group(0).startswith("rotat"):
            continue  # "co-rotating", "rotates": the verb, no part's name
        kind = next((k for k, said in _KINDS.items() if m.group(0) in said or m.group(0).rstrip("s") in said), None)
        out.append((m.start(), kind or m.group(0)))
    return out


def named_part(before: str, after: str, parts: list[set[str]]) -> int | None:
    """The index of the part the words nearest a value name: the last name before it in its clause
    ("the stator turns at"), else the first after it ("50 rpm for the outer cylinder"); None when
    they name none of `parts` or name one that several parts share. The words stop at the numbers
    next to it: those are other values'."""
    before, after = re.split(r"\d", before)[-1], re.split(r"\d", after)[0]
    for _, word in [*reversed(said_parts(before)), *said_parts(after)]:
        hits = [i for i, names in enumerate(parts) if word in names]
        if len(hits) == 1:
            return hits[0]  # a word several parts share ("wall") names none of them: read on
    return None


def absent_part(before: str, parts: list[set[str]]) -> str | None:
    """A part the words right before a value name that none of `parts` is: "stator", "inner" or
    "outer" said where the base turns only a rotor (the value is not the rotor's); None otherwise."""
    before = re.split(r"\d", before)[-1]
    have = set().union(*parts) if parts else set()
    said = [name for _, name in said_parts(before)[-4:]]  # the value's subject, said before it
    return next((name for name in said if name in ("stator", "inner", "outer") and name not in have), None)


def own_words(before: str, after: str, others: set[str]) -> str:
    """The words of a value's own part of its clause: back to the previous number or the last name
    of another part, on to the next number or the first name of another part ("rotor at 120 rpm and
    the stator at 30 rpm the other way": the rotor's words hold no "other way")."""
    before = re.split(r"\d", before)[-1]
    after = re.split(r"\d", after)[0]
    cut_before = [at for at, name in said_parts(before) if name in others]
    cut_after = [at for at, name in said_parts(after) if name in others]
    if cut_before:
        before = before[cut_before[-1]:]
    if cut_after:
        after = after[:cut_after[0]]
    return f"{before} {after}"


def reversal_said(words: str) -> bool:
    """The words turn a rotation the other way round ("the other way", "reversed", "opposite")."""
    return bool(_REVERSE.search(words.lower()))


def counter_said(words: str) -> bool:
    """The words make a part turn against another ("counter-rotating", "contra-rotating")."""
    return bool(_COUNTER.search(words.lower()))


def co_said(words: str) -> bool:
    """The words make a part turn with another ("co-rotating", "the same way as the rotor")."""
    return bool(_CO.search(words.lower()))


def turning_said(words: str) -> bool:
    """The words speak of a rotation (a verb, a rotating part or a rotation speed)."""
    return bool(_TURNING.search(words.lower()))


def _axis_vector(sign: str | None, letter: str) -> list[float]:
    v = [0.0, 0.0, 0.0]
    v["xyz".index(letter)] = -1.0 if sign in ("negative", "minus", "-") else 1.0
    return v


def viewpoint(words: str, up: list[float] | None) -> list[float] | None:
    """The direction from the rotor to whoever watches it turn ("seen from above": up; "looking
    along -z": +z), None when the words do not say."""
    if up is not None and _FROM_UP.search(words):
        return up
    if up is not None and _FROM_DOWN.search(words):
        return [-x for x in up]
    m = _ALONG_AXIS.search(words)
    if m:
        return [-x for x in _axis_vector(m.group(1), m.group(2))]
    m = _FROM_AXIS.search(words)
    if m:
        return _axis_vector(m.group(1), m.group(2))
    return None


def stated_sense(words: str) -> int | None:
    """+1 for counter-clockwise, -1 for clockwise, None when the words say neither or both."""
    senses = {(1 if re.match(r"counter|anti|contra|ccw", m.group(1)) else -1) for m in _SENSE.finditer(words.lower())}
    return senses.pop() if len(senses) == 1 else None


def signed_rate(rate: float, words: str, axis: list[float], up: list[float] | None) -> tuple[float, str] | None:
    """The angular velocity along `axis` for a rotation of size `rate` in the sense the words state,
    with the reading behind it; None when no sense is stated. Counter-clockwise seen from a point
    is a rotation vector pointing at it (right-hand rule); unseen, the viewer is on the axis' + side."""
    sense = stated_sense(words)
    if sense is None:
        return None
    view = viewpoint(words, up)
    said = "as seen from the stated side"
    if view is None:
        view, said = axis, f"seen from the + side of the rotation axis {_vec(axis)}"
    dot = sum(a * b for a, b in zip(axis, view))
    if abs(dot) < 1e-9:
        return None  # seen side-on: the sense does not sign this axis
    value = abs(rate) * sense * (1 if dot > 0 else -1)
    return value, f"{'counter-clockwise' if sense > 0 else 'clockwise'} {said}: omega {fmt(value)} rad/s along {_vec(axis)}"


def _vec(v: list[float]) -> str:
    return "(" + " ".join(fmt(x) for x in v) + ")"


def said_sign(words: str, old: float, axis: list[float], up: list[float] | None,
              planar: bool) -> tuple[float, str] | str | None:
    """The sign (+1 or -1, along `axis`) the words give one rotating part whose base rate is `old`,
    with the reading behind it: "the other way", "reversed", "counter-rotating" flip the base's sign;
    "clockwise" is signed along the axis as seen from the stated side (a 2-D base about its flat
    direction is seen from the axis' + side). None when the words state no sense; a reason (str)
    when the axis cannot decide the stated sense (a 3-D axis with no viewpoint, or seen side-on)."""
    if reversal_said(words) or counter_said(words):
        sign = -1.0 if old >= 0 else 1.0
        return sign, f"the other way round from the base ({fmt(old)} rad/s): the sign flipped"
    if stated_sense(words) is None:
        return None
    if viewpoint(words, up) is None and not planar:
        main = max(range(3), key=lambda i: abs(axis[i]))
        return (f"the sense stated cannot sign the rotation about the 3-D axis {_vec(axis)} without a viewpoint: "
                f"say where it is seen from ('clockwise seen from +{'xyz'[main]}') or give the signed omega")
    signed = signed_rate(1.0, words, axis, up)
    if signed is None:
        return (f"the rotation axis {_vec(axis)} is side-on to the stated view: say the sense along the axis or give "
                f"the signed omega")
    return signed[0], signed[1].replace(" 1 rad/s", "")


def planar_sense(text: str, rate: float, base: float, notes: list[str]) -> float:
    """`rate` signed the way the request turns the one rotor of a 2-D base about +z whose own rate is
    `base` (a family recipe's mixer): the clauses that speak of a rotation decide; the reading is
    added to `notes`."""
    words = " ".join(c for c in re.split(r"[.;!?\n]", text.lower()) if turning_said(c))
    got = said_sign(words, base, [0.0, 0.0, 1.0], None, planar=True)
    if not isinstance(got, tuple):
        return abs(rate) if base >= 0 else -abs(rate)
    notes.append(got[1])
    return abs(rate) * got[0]


_RADIUS_WORDS = re.compile(r"\b(?:radius|radii|r|r_tip|diameter|dia|d)\b")
_DIAMETER_WORDS = re.compile(r"\b(?:diameter|dia|d)\b")


def tip_radius(text: str) -> tuple[float, str] | None:
    """(radius in m, as written) of the first length the request calls a radius or a diameter (half
    of it) in the words of its own clause ("tip radius of 0.1 m", "r = 100 mm", "a 0.5 m diameter fan")."""
    for found in quantities(text):
        if found.kind != "length" or found.value <= 0:
            continue
        before = re.split(r"[,;.!?()]\s|\n", found.before)[-1].lower()
        after = re.split(r"[,;:.!?()]|\n", found.after)[0].lower()
        own = after if _RADIUS_WORDS.match(after.strip()) else re.split(r"\b(?:and|with|at)\b", before)[-1]
        if _RADIUS_WORDS.search(own):
            return (found.value / 2 if _DIAMETER_WORDS.search(own) else found.value), found.text
    return None
