"""The role each stated quantity plays, from the words around it: a grammar of role phrases per
quantity kind ("the lid moves at 2 m/s", "2 m/s lid": a lid velocity; "air enters at 300 K": an
inlet temperature). Pure functions over the text of a request."""

from __future__ import annotations

import re

from tasks.plan.extract import _QUANTITY, Quantity, _kind_of
from tasks.geometry.text_differences import difference_role
from tasks.plan.stated_role_words import _ROLE_WORDS, _SIMPLE_ROLES, _WRITE_WORDS  # noqa: F401 (re-exported)
from tasks.plan.controls_time_roles import run_time_role

# a clause ends at a stop, a joining word or a list's bullet, also when the list was put on one
# line ("- end: 1 s - output: every 0.1 s", "end time 2 s • write 0.5 s")
_CLAUSE_END = re.compile(r"[,;.:\n]\s|\band\b|\bwhile\b|\bwith\b|\bwhere\b|\s[•·|▪]\s|\s[-–—*]\s(?=[A-Za-z])")


def _clause_before(q: Quantity) -> str:
    """The words of the quantity's own clause before it ("..., the lid moves at" -> "the lid moves at")."""
    before = q.before
    cut, label = 0, ""
    for m in _CLAUSE_END.finditer(before):
        cut, label = m.end(), before[:m.start()] if m.group(0).startswith(":") else ""
    if before[cut:].strip():
        # "Outlet: atmospheric (101325 Pa)": a short label before a colon names what follows
        head = re.split(r"[,;.:(\n]\s*", label)[-1].strip()
        if head and len(head.split()) <= 3 and not re.search(r"\d", head):
            return head + ": " + before[cut:]
        return before[cut:]
    # "lid: 1 m/s" reads its words from the clause before; "DT 0.002, 0.2 s" does not (that
    # clause has its own number)
    tail = before[-40:]
    last = None
    for last in re.finditer(r"\d", tail):
        pass
    return tail[last.end():] if last else tail


# what names an m2/s value a diffusivity, not a viscosity: the word (not a turbulent or momentum one) or
# its symbol right before the value ("D = 1e-9 m2/s", "DT 2e-5 m2/s", "Dab: 1e-6 m2/s", "alpha 2e-5 m2/s")
_DIFFUSIVITY_WORD = re.compile(r"(?<!momentum )(?<!eddy )(?<!turbulent )\bdiffus(?:ivity|ivities|ion|es|ing|e)\b")
_DIFFUSIVITY_SYMBOL = re.compile(r"(?<![\w.])(?:d|dt|dab|d_ab|alpha|kappa|α|κ)\s*(?:=|:|of|is)?\s*$")


def _is_diffusivity(clause: str, after: str) -> bool:
    """Whether the words of an m2/s value's clause, or those right after it, name a diffusivity."""
    own_after = _CLAUSE_END.split(after + " ", maxsplit=1)[0]
    digits = list(re.finditer(r"\d", clause))
    own = clause[digits[-1].end():] if digits else clause
    if re.search(r"\bviscosit|\bnu\b|\bν", own[-40:]) and not _DIFFUSIVITY_WORD.search(own[-25:]):
        return False  # "a viscosity of ..., for the diffusing dye": the value's own word is the viscosity
    return bool(_DIFFUSIVITY_WORD.search(own) or _DIFFUSIVITY_WORD.match(own_after.strip())
                or re.match(r"\s*(?:mass|thermal|molecular|binary)\s+diffusiv", own_after)
                or _DIFFUSIVITY_SYMBOL.search(own))


_FLOW_ANGLE_WORDS = ("attack", "aoa", "incidence", "yaw", "pitch", "flow angle", "inflow angle", "sideslip",
                     "free stream", "free-stream", "freestream", "wind")


FLUID_AFTER = re.compile(r"\s*(?:of\s+)?(?:the\s+)?(?:air|water|gas|fluid|oil|nitrogen|steam|helium|argon|co2|"
                          r"methane|mixture|liquid)\b", re.I)
_RUN_VERB = re.compile(r"\b(?:run|runs|running|simulate[sd]?|simulating|until|till|up to|stop(?:s|ping)?(?: at)?|"
                       r"end(?:s|ing)? at|end|finish(?:es|ing)?|halt|terminate|for|over)\b")


# a particle word naming the kind of vessel or region that follows it ("bubble column", "particle bed", "spray
# chamber"): the size that follows is the vessel's
VESSEL_OF_PARTICLES = re.compile(r"\b(?:bubbles?|particles?|droplets?|sand|spray|pellets?|beads?|grains?)[\s-]+"
                                  r"(?=(?:columns?|tanks?|reactors?|vessels?|chambers?|towers?|beds?|risers?)\b)", re.I)


def role_of(q: Quantity, before: str | None = None, after: str | None = None) -> str:
    """The role of one quantity, from the words of its clause (after it first: "0.1 m wide");
    `before` is the request's text before it (q.before, its last 80 characters, by default)."""
    if q.kind == "time":  # "20 µs per step", "dt: 0.5 ms", "50 ms in total": the words at the time say its role
        said = run_time_role(q.before if before is None else before, q.after if after is None else after)
        if said is not None:
            return said
    if q.kind == "angle":  # a flow angle turns the inflow; any other angle is the shape's ("a 15 degree wedge")
        words = _clause_before(q) + " " + q.after
        return "angle" if any(w in words for w in _FLOW_ANGLE_WORDS) else "wall_angle"
    if q.kind in ("frequency", "kinematic_viscosity"):  # "a specific dissipation rate of 440 1/s"
        turbulence = _turbulence_role(q, _clause_before(q), _own_after(q.after if after is None else after, q.kind))
        if turbulence is not None:
            return turbulence
    words_after = q.after if after is None else after
    if q.kind == "kinematic_viscosity" and _is_diffusivity(_clause_before(q).lower(), words_after.lower()):
        return "diffusivity"  # "the dye diffuses with D = 5e-7 m2/s", "0.3 cm^2/s mass diffusivity"
    if q.kind in _SIMPLE_ROLES:
        return _SIMPLE_ROLES[q.kind]
    roles = _ROLE_WORDS.get(q.kind)
    if not roles:
        return q.kind
    sentence = re.split(r"[,;.!?]\s|\n", q.before)[-1].lower()  # "a difference between A and B of 6 K": past "and"
    difference = difference_role(q.kind, sentence, q.after if after is None else after)
    if difference is not None:
        return difference  # "the inlet is 5 kPa above the outlet", "walls 20 K apart", "a pressure drop of 3 bar"
    clause = _own_words(_clause_before(q), roles)  # "hot wall 310 K cold wall 300 K": 300 K is the cold wall's
    if q.kind == "length":  # "the bubble column 0.15 m wide", "a particle bed 0.3 m high": the vessel's size, no particle's
        clause = VESSEL_OF_PARTICLES.sub("", clause)
    said_after = (q.after if after is None else after).lower()  # up to its clause's end, for _fluid_subject
    own_word = (q.after if after is None else after).lstrip().lower()  # the word right after the value is its own
    after = q.after if after is None else after
    if q.kind == "pressure":  # "200 kPa above atmospheric at the exit": the reference of a gauge value, no place
        after = _GAUGE_REFERENCE.sub("", after.lower(), count=1)
    after = _own_after(after, q.kind).lower()
    if q.kind == "time" and (re.match(r"(?:time[- ]?)?steps?\b", after) or re.match(r"(?:time[- ]?)?steps?\b", own_word)
                             or _STEP_BEFORE.search(clause)):
        return "delta_t"  # "a 1 ms step", "1 ms step for 0.2 s", "..., step 1 ms" (not a step elsewhere in the clause)
    if q.kind == "length" and (_CELL_AFTER.match(after) or _CELL_AFTER.match(own_word)):
        return "cell_size"  # "0.25 m cells", "a 5 mm mesh": the size of a cell, not of the shape
    if q.kind == "length" and _ABOVE_GROUND.match(own_word) and _PROFILE_WORDS.search(
            re.split(r"[.!?;]\s|\n", q.before)[-1].lower() + " " + re.split(r"[.!?;]\s|\n", said_after)[0]):
        return "reference_height"  # "50 m above ground is where the wind reaches its reference speed"
    if q.kind == "fraction" and (_COMPARED_AFTER.match(own_word) or _BY_BEFORE.search(q.before[-40:])):
        return "relative_change"  # "40 % more viscous", "20% faster", "increase it by 10 %": a change of another value
    turbulence = _turbulence_role(q, clause, after)
    if turbulence is not None:
        return turbulence
    if q.kind == "fraction" and _intensity_symbol(q):
        return "turbulence_intensity"  # "Tu 10 %", "I = 5 % at the inlet": the symbol of the intensity
    for role, words in roles:
        if any(_says(w, after) for w in words if len(w) > 2):
            return role  # "300 K air entering", "2 m/s lid"
    if q.kind == "temperature" and FLUID_AFTER.match(after):
        return "initial_temperature"  # "20 degC air", "300 K water": the fluid's own temperature
    subject_words = q.before if before is None else before.lower()
    if q.kind == "length":
        subject_words = VESSEL_OF_PARTICLES.sub("", subject_words)
    inherited = _subject_role(q, roles, subject_words)
    if q.kind == "temperature":
        fluid = _fluid_subject(clause, roles, _CLAUSE_END.split(said_after + " ", maxsplit=1)[0],
                               re.split(r"[.!?;]\s|\n", q.before if before is None else before.lower())[-1])
        if fluid is not None:  # "a sphere at 500 K cools in still air at 300 K": the air's
            return inherited or fluid  # "0.2 kg/s of air at 350 K": the inflow's
    for role, words in roles:
        hits = [w for w in words if _says(w, clause)]
        if hits and inherited and all(w in _GENERIC_WORDS for w in hits):
            return inherited  # "the jet enters at 300 m/s with a temperature of 250 K": the jet's
        if hits and all(w in _GENERIC_WORDS for w in hits):
            return _subject_of_sentence(q, roles) or role  # "the lid, a thin moving wall, slides at 3 m/s"
        if hits:
            return role
    if q.kind in ("time", "iterations") and _RUN_VERB.search(clause):
        return "end_time"  # "adjustable time step, run 0.1 s": its own clause says what it is
    if inherited:
        return inherited
    joined = _JOINED_TO_VALUE.match(re.split(r"[,;.:!?\n]\s", q.before)[-1])
    if joined:  # "the room is at 300 K and 1 atm": the words before the value it is joined to
        for role, words in roles:
            if any(_says(w, joined.group("head")) for w in words if w not in _GENERIC_WORDS and len(w) > 2):
                return role
    wider = _after_same_kind(q.before[-80:], q.kind)
    if q.kind == "length":
        wider = VESSEL_OF_PARTICLES.sub("", wider)
    # words that end in a preposition right before an earlier value of another kind are that value's ("both start at
    # 330 K; 1 s"); before one of the same kind they may lead a list ("walls at 300 K, 310 K and 320 K")
    wider = re.sub(r"\b\w+\s+(?:at|from)\s+(?=[-+]?\.?\d)",
                   lambda m: " " * len(m.group(0)) if _other_kind_at(m.string, m.end(), q.kind) else m.group(0), wider)
    digits = list(re.finditer(r"\d", wider))
    if digits:  # the words right after an earlier value are its own ("0.5 s write interval, end at 10 s")
        rest = wider[digits[-1].end():]
        cut = re.search(r"[,;]\s", rest)
        wider = wider[:digits[-1].end()] + (rest[cut.end() - 1:] if cut else "")
    for role, words in roles:
        if role not in _OWN_CLAUSE_ONLY and any(_says(w, wider) for w in words if len(w) > 3):
            return role
    return roles[-1][0]


# a height above the ground that an atmospheric inflow's reference speed is given at
_ABOVE_GROUND = re.compile(r"(?:high\s+)?above\s+(?:the\s+)?(?:ground|terrain|surface|sea level)\b")
_PROFILE_WORDS = re.compile(r"\breference\b|\bhub\b|\bwind\b|boundary layer|\bprofile\b|\babl\b")


# a fluid named as the subject of a temperature ("still air at 300 K", "the fluid starts at 300 K")
_FLUID_WORD = re.compile(r"(?<![a-z])(?:air|water|gas|gases|fluid|oil|nitrogen|steam|helium|argon|co2|methane|"
                         r"mixture|liquid|coolant|melt|exhaust|flue gas|vapou?r|refrigerant|brine|seawater)(?![a-z])")


def _fluid_subject(clause: str, roles: list[tuple[str, tuple[str, ...]]], after: str = "",
                   sentence: str = "") -> str | None:
    """The role of a temperature whose nearest subject is a fluid, not a wall or a body ("water at
    293.15 K", "the fluid starts at 300 K", "a cylinder at 400 K in air at 300 K"): the inflow's
    when the clause says an inflow, else the fluid's initial one; None when a wall, a body, a
    hot/cold side or a reference is named after the fluid ("air near the hot wall at 310 K").
    `after`: the words after the value up to its clause's end; `sentence`: its sentence before it
    (a fluid beside a body named there, not at rest, is left to the other words)."""
    digits = list(re.finditer(r"\d", clause))
    own = clause[digits[-1].end():] if digits else clause  # the words after an earlier value
    fluids = list(_FLUID_WORD.finditer(own))
    if not fluids:
        return None
    tail = own[fluids[-1].end():]
    words = dict(roles)
    named_after = ("reference_temperature", "hot_wall_temperature", "cold_wall_temperature", "wall_temperature")
    if any(_says(w, tail) for r in named_after for w in words.get(r, ()) if len(w) > 2):
        return None
    if any(_says(w, own + " " + after) for w in words.get("inlet_temperature", ()) if len(w) > 2):
        return "inlet_temperature"  # "oil at 60 degC is pumped in through the inlet"
    if _AT_REST.search(own + " " + after) or not any(_says(w, sentence) for w in words.get("wall_temperature", ())
                                                    if len(w) > 2 and w not in _GENERIC_WORDS):
        return "initial_temperature"  # "a sphere at 500 K cools in still air at 300 K": the air's
    return None  # a fluid beside a body in a flow ("cylinder surface 350 K, water at 290 K"): left to the words


# words that say a fluid is at rest or fills the domain: its temperature is the initial one
_AT_REST = re.compile(r"\b(?:still|quiescent|stagnant|at rest|starts?|starting|initial(?:ly)?|fills?|filling|filled|"
                      r"inside|ambient|surrounding|around (?:it|them)|room|tank|box|cavity|enclosure)\b")


def _other_kind_at(text: str, at: int, kind: str) -> bool:
    """A value of another kind than `kind` starts at `at` ("330 K" for a time)."""
    m = _QUANTITY.match(text, at)
    if m is None:
        return False
    try:
        return _kind_of(m.group("unit"))[0] != kind
    except ValueError:
        return False


def _after_same_kind(wider: str, kind: str) -> str:
    """The words after the last earlier value of the same kind: those before it are that value's
    ("output each 5 iterations, simpleFoam 500 iterations": "output" is the 5's, not the 500's)."""
    same = []
    for m in _QUANTITY.finditer(wider):
        try:
            if _kind_of(m.group("unit"))[0] == kind:
                same.append(m)
        except ValueError:
            continue
    end = len(wider)  # values chained to this one by list joins only ("walls at 300 K, 310 K and")
    while same and kind not in _RUN_KINDS and _LIST_JOIN.fullmatch(wider[same[-1].end():end]):  # share the words
        # before the list (run lengths are not listed: "output each 100 iterations, 2000 iterations in total")
        end = same.pop().start()
    return wider[same[-1].end():] if same else wider


_RUN_KINDS = ("time", "iterations")
# list joins, and the listed values between them ("300 K, 310 K and 320 K": lower case here, where a
# bare "k" may not read as a unit)
_LIST_JOIN = re.compile(r"(?:\s*(?:,|and|or|&|/|resp\.?|respectively|\d[\d.]*(?:e[-+]?\d+)?\s*[a-z°/]{0,5})?\s*)*")


# a percentage said as a change of another value: "40 % more", "20% faster", "10 % higher than", "by 5 %"
_COMPARED_AFTER = re.compile(r"(?:more|less|fewer|higher|lower|faster|slower|larger|smaller|greater|bigger|"
                             r"warmer|colder|cooler|hotter|thicker|thinner|longer|shorter|above|below|over|under|"
                             r"up|down|increase|decrease|reduction|rise|drop|of\s+(?:the|its)\s+(?:current|original|"
                             r"base|tutorial|default))\b")
_BY_BEFORE = re.compile(r"\b(?:increas\w*|decreas\w*|reduc\w*|rais\w*|lower\w*|scal\w*|chang\w*|grow\w*|"
                        r"shrink\w*|cut|boost\w*|drop\w*|up|down)\b[^,;.\d]{0,40}\bby\s+(?:about\s+|roughly\s+)?$")
# "step 1 ms", "time step: 1 ms", "steps of 1 ms": a step named right before its value
_STEP_BEFORE = re.compile(r"(?:^|[,;:(]\s*|\b(?:a|the|fixed|constant|with|and|uniform)\s+)(?:time[- ]?)?steps?"
                          r"(?:\s+size)?\s*(?:=|:|of|is)?\s*$")
_CELL_AFTER = re.compile(r"(?:(?:uniform|cubic|square|hex(?:ahedral)?|structured|grid|mesh)\s+)?"
                         r"(?:cells?|elements?|hexahedra|grid spacing|mesh|grid|resolution|spacing)\b")
# a turbulence field said by its meaning or symbol, with the kind its value is read as: a k in
# m2/s2 reads like a kinematic pressure, an omega in 1/s like a frequency, a nuTilda like a nu (the
# symbol omega alone may name a rotation and is left to the field binder); an epsilon's m2/s3 is
# its own kind
_TURBULENCE_ROLES: list[tuple[re.Pattern[str], str, str]] = [
    (re.compile(r"specific\s+(?:turbulen(?:t|ce)\s+)?dissipation|turbulen(?:t|ce)\s+frequency"),
     "specific_dissipation_rate", "frequency"),
    (re.compile(r"turbulen(?:t|ce)\s+(?:kinetic\s+)?energy|(?<![\w.])(?:tke|k)(?![\w.])"),
     "turbulent_kinetic_energy", "pressure"),
    (re.compile(r"modified\s+(?:turbulent\s+|eddy\s+)?viscosity|(?<![\w.])nutilda(?![\w.])|ν̃"),
     "modified_viscosity", "kinematic_viscosity"),
]
# between a field's symbol and its value ("k of", "epsilon =", "k at the inlet:")
_TURBULENCE_LINK = re.compile(r"(?:\s*(?:=|:|of|is|at|to|be|set to|equal to|should be|the|an?|inlet|outlet|"
                              r"initial(?:ly)?|everywhere|walls?|value))*\s*$")
_TURBULENCE_AFTER = re.compile(r"\s*(?:of\s+)?(?:the\s+)?(?:inlet\s+|initial\s+)?")


# a percentage's symbol right before it: "Tu 10 %", "TI = 5%" name the turbulence intensity;
# "I = 5 %" only beside words of turbulence or of an inflow ("I" alone names many things)
_INTENSITY_SYMBOL = re.compile(r"(?<![\w.])(?P<sym>tu|ti|i)\s*(?:=|:|of|is|at|~|≈)?\s*(?:about\s+|around\s+)?$")
_INFLOW_WORDS = re.compile(r"turbulen|inlet|inflow|free[- ]?stream|upstream|incoming|intensity|k-?epsilon|"
                           r"k-?omega|\bsst\b|\brans\b|\bles\b|eddy")


def _intensity_symbol(q: Quantity) -> bool:
    """Whether a percentage is written after the symbol of a turbulence intensity."""
    m = _INTENSITY_SYMBOL.search(q.before.lower()[-20:])
    if m is None:
        return False
    if m.group("sym") in ("tu", "ti"):
        return True
    near = q.before.lower()[-60:] + " " + q.after.lower()[:40]
    return _INFLOW_WORDS.search(near) is not None


def _turbulence_role(q: Quantity, clause: str, after: str) -> str | None:
    """The role of a value whose words name a turbulence field ("a turbulent kinetic energy of
    0.002 m2/s2", "150000 1/s specific dissipation rate", "k = 0.375 m2/s2"); None when they name
    none. A symbol ("k", "nuTilda") counts only right before the value; a phrase anywhere in its
    clause."""
    if q.kind == "dissipation_rate":
        return "dissipation_rate"
    for pattern, role, kind in _TURBULENCE_ROLES:
        if q.kind != kind:
            continue
        if pattern.match(after, _TURBULENCE_AFTER.match(after).end()):
            return role
        if any(_TURBULENCE_LINK.fullmatch(clause, m.end()) or " " in m.group(0) for m in pattern.finditer(clause)):
            return role
    return None


def _own_words(clause: str, roles: list[tuple[str, tuple[str, ...]]]) -> str:
    """The words of a clause after the value before it, when they say a role or a run verb ("steps
    of 1.25 ms for 0.1 s": "for" is the 0.1 s's, "steps of" the 1.25 ms's); else the whole clause."""
    digits = list(re.finditer(r"\d", clause))
    if not digits:
        return clause
    own = clause[digits[-1].end():]
    own = own[re.match(r"\s*[^\s]*", own).end():]  # the earlier value's unit
    said = any(_says(w, own) for _, words in roles for w in words if len(w) > 2) or _RUN_VERB.search(own)
    return own if said else clause


_JOINED_TO_VALUE = re.compile(r"(?P<head>[^\d]*?)\d[^,;:]*?\b(?:and|with)\s*$")
_OWN_CLAUSE_ONLY = {"period"}  # a model's time is named beside its value, never inherited from a clause before


def _says(word: str, text: str) -> bool:
    """Whether the text holds the role word where a word starts: a short one ("dt", "top", "jet") as a
    word of its own ("goldschmidt" says no "dt"), a longer one with any ending ("enters", "heated")
    but never inside another word ("atmospheres" says no "sphere", "unheated" no "heated"), save
    after a place it is run together with ("sidewall", "topwall")."""
    if len(word.strip()) > 3:  # its inflections only: "periodicCubeArgon" says no "period"
        return re.search(rf"{_WORD_START}{re.escape(word)}(?!ic|ical)", text) is not None
    return re.search(rf"(?<![a-z]){re.escape(word.strip())}(?![a-z])", text) is not None


# where a role word may start: after no letter, or right after a place word it is run together with
_COMPOUND_HEADS = ("side", "top", "bottom", "end", "back", "front", "inner", "outer", "upper", "lower", "left",
                   "right", "north", "south", "east", "west", "base")
_WORD_START = "(?:(?<![a-z])|" + "|".join(f"(?<={h})" for h in _COMPOUND_HEADS) + ")"


# words that name only the kind of a quantity, not the place it is for
_GENERIC_WORDS = ("temperature", "pressure", "velocity", "speed", "at")
# the role a value joined to an inlet's clause by "with"/"and"/"at" takes ("air enters at 2 m/s
# and 300 K", "the jet leaves at 315 m/s with a temperature of 247 K and a pressure of 2.7 bar")
_SUBJECT_ROLES = {"temperature": "inlet_temperature", "pressure": "inlet_pressure"}
_SUBJECT_WORDS = re.compile(r"\b(?:inlets?|inflow|enters?|entering|jets?|incoming|injected|supply|feed|fed"
                            r"|blown|blows?|blowing|(?:comes?|coming|flows?|flowing) in|arriv\w*|supplied"
                            r"|admitted|introduced)\b")
_JOINED = re.compile(r"\b(?:with|and|at)\b")


def _subject_of_sentence(q: Quantity, roles: list[tuple[str, tuple[str, ...]]]) -> str | None:
    """The role a sentence's subject names when the value's own clause says only what kind it is
    ("The lid, which is a thin moving wall, slides to the right at 3 m/s"): the role word nearest
    before the value, since the sentence began or the value before it ended."""
    start = 0
    for m in re.finditer(r"[.!?;]\s|\n|\d", q.before):
        start = m.end()
    words = q.before[start:]
    best: tuple[int, str] | None = None
    for role, names in roles:
        if role in _OWN_CLAUSE_ONLY:
            continue
        for w in names:
            if w in _GENERIC_WORDS or len(w.strip()) < 3:
                continue
            at = [m.start() for m in re.finditer(rf"(?<![a-z]){re.escape(w.strip())}" if len(w.strip()) <= 3
                                                  else re.escape(w), words)]
            if at and (best is None or at[-1] > best[0]):
                best = (at[-1], role)
    return best[1] if best else None


def _own_after(after: str, kind: str) -> str:
    """The words right after a value that describe it ("2 m/s lid", "5 cm radius gas bubble at
    2 MPa"); words that lead on to the next value of the same kind ("8000 s writing every 50 s")
    describe that one."""
    words = _CLAUSE_END.split(after + " ", maxsplit=1)[0]
    digit = re.search(r"\d", words)
    if digit:
        nxt = _QUANTITY.match(words, digit.start())
        if nxt is not None and _kind_of(nxt.group("unit"))[0] == kind:
            return ""
        words = words[:digit.start()]
    words = _QUALIFIER_AFTER.sub("", words.lower().strip(), count=1)  # "1 bar static at the outlet"
    place = _NAMED_AFTER.match(words) or _PLACE_AFTER.match(words)
    if place and place.end():  # "1 bar is imposed at the outlet", "5 m/s on the top lid", "320 K is the T of the floor"
        # the place's noun may come a few words on ("at the second branch exit"): up to a joining word
        rest = re.split(r"\s(?:and|or|with|while|of|which|where|but)\s", " " + words.strip()[place.end():] + " ")[0]
        return " ".join(words.strip()[:place.end()].split() + rest.split()[:4])
    return " ".join(words.split()[:3])


# the reference a gauge pressure is said against, right after it ("200 kPa above atmospheric")
_GAUGE_REFERENCE = re.compile(r"^\s*(?:gauge\s+|g\s+)?(?:above|over|in\s+excess\s+of)\s+(?:the\s+)?"
                              r"(?:atmospher(?:e|ic)|ambient|surroundings)(?:\s+pressure)?\s*")


# a kind of value said between a value and its place ("1 bar static at the outlet", "2 m/s mean through the inlet")
_QUALIFIER_AFTER = re.compile(r"^(?:static|total|gauge|absolute|mean|average|bulk|constant|fixed|uniform)\s+"
                              r"(?=(?:at|on|to|for|in|of|through|across)\b)")
# a value named as what a place has ("320 K is the temperature of the heated floor", "0 Pa is the outlet's value")
_NAMED_AFTER = re.compile(r"(?:is|are|was|will be|should be|must be)\s+(?:the\s+)?(?:temperature|pressure|velocity|"
                          r"speed|value|level)\s+(?:of|at|for|on|in)\s+(?:the\s+|both\s+|all\s+)?")
# the words that lead from a value to the place it is for
# (a passive of any verb too: "16.85 degC was measured on the cold plate", "1 bar was recorded at the exit")
_PLACE_AFTER = re.compile(r"(?:(?:is|are|was|were|should be|must be|will be|would be|has been|have been|had been"
                          r"|to be|gets?|got|being)\s+)?(?:(?:also|then|now|always)\s+)?"
                          r"(?:(?:imposed|applied|set|prescribed|specified|fixed|held|kept|used|enforced|given"
                          r"|impose|apply|prescribe|specify|fix|hold|keep|use|enforce|want|need|put|have"
                          r"|goes|go|belongs?|applies|sits?|stays?|acts?|found|seen|shown|read|met|[a-z]{3,}ed|[a-z]{3,}en)\s+)?"
                          r"(?:at|on|to|for|through|across|along|in|into|over|of)\s+(?:the\s+|both\s+|all\s+)?")


def _subject_role(q: Quantity, roles: list[tuple[str, tuple[str, ...]]], before: str) -> str | None:
    """The inlet role of a temperature or pressure joined (by with/and/at, no punctuation) to
    a clause about an inlet or a jet: that clause is its subject."""
    role = _SUBJECT_ROLES.get(q.kind)
    if role is None or role not in [r for r, _ in roles]:
        return None
    parts = re.split(r"([,;.:!?\n]\s)", before)
    segment = parts[-1]
    if len(parts) > 2 and parts[-2].startswith(",") and re.match(r"\s*(?:at|with)\b", segment):
        segment = parts[-3] + ", " + segment  # "The jet, at 300 m/s and 250 K,": the jet's
    if not _JOINED.search(segment) or re.search(r"\b(?:outlets?|exits?|walls?|initial(?:ly)?|ambient)\b", segment):
        return None
    if _SUBJECT_WORDS.search(segment):
        return role
    flows = [m for m in _QUANTITY.finditer(segment) if _kind_of(m.group("unit"))[0] in ("mass_flow", "volume_flow")]
    return role if flows else None  # "0.2 kg/s of air at 350 K": the inflow's temperature
