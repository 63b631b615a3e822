"""Values a request sets on a field of the base case by the field's name or meaning:
"B 10 T (y)", "inlet T 5", "hU (0.002 0 0) at the inlet", "Tu 350 K", "sludge alpha 0.002",
"a magnetic field of 10 T across the channel", "0.2 % sludge by volume".

Pure functions over text: the base's field names (its 0/ or 0.orig/ files) in, one
`FieldValue` per value out, with the places its words name (an inlet, the walls, the
initial field, a patch by name) and the direction a vector's words give. Where the value
goes is the binder's job (tasks/plan/bind.py).
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from tasks.plan.extract import _QUANTITY, _kind_of, normalise, parse_number
from tasks.plan.named import aliases
from tasks.plan.units import kind_of_dims
from tasks.plan.values_vectors import find_vectors

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_VECTOR = re.compile(rf"[(\[]\s*({_NUM})\s*[,;]?\s*({_NUM})\s*[,;]?\s*({_NUM})\s*[)\]]")
# between a field's name and its value: a place ("at the inlet"), a remark in brackets
# ("(and initially)") and a linking word ("should be fixed at", "=", "of")
_LINK = re.compile(
    r"(?:\s+(?:(?:mass|mole|molar|volume)\s+fraction|concentration|content))?"  # "a CH4 mass fraction of 0.5"
    r"(?:\s+(?:at|on|along|across|through|for)\s+(?:the\s+|both\s+|all\s+)?(?:[A-Za-z-]+\s+)??[A-Za-z-]+)?"
    r"(?:\s*\([^()\d]*\))?"
    r"\s*(?:(?:should|must|shall|will|would|to)\s+be\s+|is\s+|are\s+|of\s+|=\s*|:\s*|be\s+)?"
    r"(?:(?:fixed|set|held|kept|equal)\s+(?:at|to)\s+|at\s+|to\s+)?")
_OLD_TO_NEW = re.compile(rf"\s+(?:(?:at|on|along|in)\s+(?:the\s+)?[A-Za-z-]+\s+)?from\s+{_NUM}\s*[^\s\d,;.()]*\s+to\s+(?=[-+(\d.])",
                         re.I)
_CLAUSE_END = re.compile(r"[,;]\s|\.\s|\.$|\n")

_PLACE_WORDS: list[tuple[str, str]] = [
    ("inlet", r"\binlets?\b|\binflows?\b|\bincoming\b|\benter(?:s|ing)?\b|\binjected\b"),
    ("outlet", r"\boutlets?\b|\boutflows?\b|\bexits?\b"),
    ("wall", r"\bwalls?\b"),
    # the body inside the domain: the one patch that is not a side of it (binder's choice)
    ("body", r"\b(?:wire|rod|cylinder|sphere|body|obstacle|electrode|hole|particle|object)s?\b"),
    ("internal", (r"\binitial(?:ly)?\b|\binternal(?:field)?\b|\beverywhere\b|\bthroughout\b|\binside\b"
                  r"|\bin the domain\b|\bat start\b")),
]
_AXIS_WORDS: list[tuple[str, list[float]]] = [
    (r"\bvertical(?:ly)?\b|\bupwards?\b", [0.0, 1.0, 0.0]),
    (r"\bdownwards?\b", [0.0, -1.0, 0.0]),
    (r"\bhorizontal(?:ly)?\b", [1.0, 0.0, 0.0]),
]


class FieldValue(BaseModel):
    """One value the request gives a field: a scalar or a vector, where (place words) and,
    for a vector given by its magnitude, the direction its words name."""

    model_config = ConfigDict(extra="forbid")

    field: str
    text: str  # the value as written ("10", "0.002 m2/s", "(0.002 0 0)")
    start: int
    value: float | None = None
    vector: list[float] | None = None
    places: list[str] = []
    patches: list[str] = []
    axis: list[float] | None = None
    named_as: str = ""  # the name or phrase the request used
    name_start: int = -1  # where that name is in the request


def spoken(patch: str) -> str:
    """A patch name as words: lowerWall -> 'lower wall', fuel_inlet -> 'fuel inlet'."""
    return re.sub(r"(?<=[a-z])(?=[A-Z])|_", " ", patch).lower()


def _names_of(fields: list[str]) -> dict[str, list[str]]:
    """Written name -> fields it may mean: the field itself, a phase field's base name
    ('alpha' for alpha.sludge) and the plain-language names of canonical/entry_names.yaml."""
    out: dict[str, list[str]] = {}
    for f in fields:
        out.setdefault(f, []).append(f)
        if "." in f:
            out.setdefault(f.split(".")[0], []).append(f)
    for phrase, names in aliases().items():
        hits = [f for f in fields if f in names or f.split(".")[0] in names]
        if hits:
            out.setdefault(phrase, []).extend(h for h in hits if h not in out.get(phrase, []))
    return out


def _clause(text: str, start: int, end: int) -> tuple[str, str]:
    """(words before `start` in its clause, words after `end` to the clause end), lower case;
    commas inside brackets do not end a clause."""
    cut = 0
    for m in _CLAUSE_END.finditer(text[:start]):
        if text[:m.start()].count("(") <= text[:m.start()].count(")"):
            cut = m.end()
    before = text[cut:start]
    # "the inlet velocity 2 m/s and the sludge alpha 0.002": only the nearest part
    before = re.split(r"\band\b|\bwith\b|\bwhile\b|\d", before)[-1]
    stop = len(text)
    depth = 0
    for i in range(end, len(text)):
        c = text[i]
        depth += c == "("
        depth -= c == ")"
        if depth <= 0 and _CLAUSE_END.match(text, i):
            stop = i
            break
    after = re.split(r"\band the\b|\bwhile\b|\bwith\b", text[end:stop])[0]
    return before.lower(), after.lower()


# words a user says for a word of a patch's name
_PATCH_SYNONYMS: dict[str, tuple[str, ...]] = {
    "inlet": ("inflow", "stream", "jet", "entry", "intake", "supply"),
    "outlet": ("outflow", "exit"),
    "central": ("centre", "center", "middle", "centerline", "centreline"),
    "centre": ("central", "center", "middle"),
    "lower": ("bottom",), "bottom": ("lower",), "upper": ("top",), "top": ("upper",),
}


# what a user calls a one-word patch of a combustion case: the oxidiser stream is its "air"
_ONE_WORD_SYNONYMS: dict[str, tuple[str, ...]] = {"air": ("oxidi[sz]er", "oxidant", "oxidi[sz]ing")}


def _same_word(word: str, token: str) -> bool:
    """A word of the request is a word of a patch's name, singular or plural, or a synonym
    (inlet/inlets, side/sides, stream for inlet, centre for central)."""
    def one(a: str, b: str) -> bool:
        return a == b or a == b + "s" or b == a + "s" or (a.endswith("es") and a[:-2] == b) or \
            (b.endswith("es") and b[:-2] == a)
    return one(word, token) or any(one(word, s) for s in _PATCH_SYNONYMS.get(token, ()))


def names_patch(words: str, patch: str) -> bool:
    """The words name the patch: its spoken name ("lower wall" for lowerWall), or, for a name of
    several words, all of them close together in any order and number ("the side inlets" for
    inletSides, "the wall at the top" for topWall)."""
    said = spoken(patch)
    if re.search(rf"\b{re.escape(said)}s?\b", words):
        return True
    tokens = said.split()
    if len(tokens) < 2:
        return any(re.search(rf"\b{w}\b", words) for w in _ONE_WORD_SYNONYMS.get(said, ()))
    found = re.findall(r"[a-z0-9]+", words.lower())
    spots = [[i for i, w in enumerate(found) if _same_word(w, t)] for t in tokens]
    if not all(spots):
        return False
    span = len(tokens) + 2  # "the side inlets", "the top of the wall" stay within a few words
    return any(all(any(abs(j - i) <= span for j in s) for s in spots) for i in spots[0])


def _places(words: str, patches: list[str]) -> tuple[list[str], list[str]]:
    places = [name for name, pattern in _PLACE_WORDS if re.search(pattern, words)]
    named = [p for p in patches if len(p) > 2 and (names_patch(words, p) or re.search(rf"\b{re.escape(p.lower())}\b", words))
             and spoken(p) not in ("inlet", "outlet", "inflow", "outflow", "walls", "wall")]
    return places, named


def axis_of(words: str) -> list[float] | None:
    """The unit vector the words name: "(-z)", "along x", "in the y-direction", "upwards"."""
    m = re.search(r"\(\s*([+-]?)\s*([xyz])\s*\)|\b(?:in|along|towards?)\s+(?:the\s+)?([+-]?)\s*([xyz])\b"
                  r"|(?<![\w-])([+-]?)([xyz])[- ]direction", words)
    if m:
        sign, axis = next((m.group(i), m.group(i + 1)) for i in (1, 3, 5) if m.group(i + 1))
        v = [0.0, 0.0, 0.0]
        v["xyz".index(axis)] = -1.0 if sign == "-" else 1.0
        return v
    for pattern, v in _AXIS_WORDS:
        if re.search(pattern, words):
            return v
    return None


# a number that multiplies another quantity ("three times the laminar viscosity", "2x nu") is no
# value of its own; the value it gives in brackets, within its clause, is ("(4.5e-5)", "(= 3e-5 m2/s)")
_MULTIPLIER = re.compile(r"\s*(?:times\b|x\b|×|-?fold\b)")
_EXPLICIT_AFTER = re.compile(
    rf"[^()\d,;]{{0,60}}?\(\s*(?:(?:about|approx\w*|roughly|i\.?e\.?,?|that is|so|which is)\s+|[=~≈]\s*)*(?P<value>{_NUM})")


def _value_at(text: str, at: int) -> tuple[float | None, list[float] | None, str, int, int] | None:
    """(scalar SI value, vector, text, start, end) of the value right after the link at `at`."""
    old = _OLD_TO_NEW.match(text, at)  # "B from 20 T to 40 T": the value after "to" is the one asked for
    link = None if old else _LINK.match(text, at)
    pos = old.end() if old else link.end() if link else at
    vec = _VECTOR.match(text, pos)
    if vec:
        return None, [float(x) for x in vec.groups()], vec.group(0), pos, vec.end()
    num = re.match(rf"(?<![\w.]){_NUM}(?!\w|\.\w)|{_NUM}(?=\s*[%A-Za-z°])", text[pos:])  # "... of 0.5." ends a sentence
    if not num or (pos > at and not old and re.search(r"[\d]", text[at:pos])):
        return None
    if _MULTIPLIER.match(text, pos + num.end()):  # "three times the laminar viscosity (4.5e-5)"
        stated = _EXPLICIT_AFTER.match(text, pos + num.end())
        return _value_at(text, stated.start("value")) if stated else None
    q = _QUANTITY.match(text, pos)
    if q is not None and q.start() == pos:
        _, scale, offset = _kind_of(q.group("unit"))
        return parse_number(q.group("num")) * scale + offset, None, q.group(0), pos, q.end()
    pct = re.match(rf"({_NUM})\s*(%|percent)", text[pos:])
    if pct:
        return float(pct.group(1)) / 100, None, pct.group(0), pos, pos + pct.end()
    prefixed = re.match(rf"({_NUM})\s*([kMGmµun])(?:V|T|C|A|W|N|J|S)(?![A-Za-z])", text[pos:])
    if prefixed:  # "30 kV", "20 µC/m3": SI prefixes of units the extractor has no kind for
        factor = {"k": 1e3, "M": 1e6, "G": 1e9, "m": 1e-3, "µ": 1e-6, "u": 1e-6, "n": 1e-9}[prefixed.group(2)]
        return float(prefixed.group(1)) * factor, None, prefixed.group(0), pos, pos + prefixed.end()
    written = num.group(0).rstrip(".") if re.search(r"\d\.$", num.group(0)) else num.group(0)  # "is 5." -> 5
    return float(written), None, written, pos, pos + len(written)


def unit_fits(value_text: str, field_dims: list[int] | None) -> bool:
    """Whether a value's written unit can be the field's: "2 S/m" is no magnetic field B, "0.3
    m/s" no species fraction. A value without a unit, or a field of unknown dimensions, fits."""
    if field_dims is None:
        return True
    q = _QUANTITY.match(value_text)
    if q is None or q.start() != 0 or not q.group("unit"):
        return True
    try:
        kind = _kind_of(q.group("unit"))[0]
    except ValueError:
        return True
    if kind in ("fraction", "iterations", "ranks"):
        return kind == "fraction" and not any(field_dims)
    d = (field_dims + [0] * 7)[:7]
    if kind == "angle":
        return True  # an angle is a number of degrees in most fields that hold one
    return kind_of_dims((d[0], d[1], d[2], d[3], d[5], 0)) == kind or \
        (kind == "pressure" and d[:3] in ([0, 2, -2], [1, -1, -2]))


def _pick(candidates: list[str], words: str) -> str | None:
    """The one field a name means: the only candidate, else the one whose phase the words name."""
    if len(candidates) == 1:
        return candidates[0]
    named = [f for f in candidates if "." in f and re.search(rf"\b{re.escape(f.split('.', 1)[1].lower())}\b", words)]
    return named[0] if len(named) == 1 else None


# units no stated kind covers, by the SI dimension set [kg m s K mol A cd] a field holding them has
_UNIT_DIMS: list[tuple[str, list[int]]] = [
    (r"V|volts?", [1, 2, -3, 0, 0, -1, 0]),
    (r"T|tesla", [1, 0, -2, 0, 0, -1, 0]),
    (r"C\s*/\s*m\s*(?:3|\^3|³)|coulombs? per (?:cubic metre|m\^?3)", [0, -3, 1, 0, 0, 1, 0]),
]
_PREFIX = {"k": 1e3, "M": 1e6, "G": 1e9, "m": 1e-3, "µ": 1e-6, "u": 1e-6, "n": 1e-9, "": 1.0}


def _by_unit(text: str, dims: dict[str, list[int]], patches: list[str], found: dict[int, FieldValue]) -> None:
    """"The wire at 30 kV": a value whose unit only one field of the base can hold."""
    for pattern, want in _UNIT_DIMS:
        holders = [f for f, d in dims.items() if d[:len(want)] == want]
        if len(holders) != 1:
            continue
        for m in re.finditer(rf"(?<![\w.])({_NUM})\s*([kMGmµun]?)(?:{pattern})(?![\w/])", text):
            if any(f.start <= m.start() < f.start + len(f.text) for f in found.values()) or m.start() in found:
                continue
            if re.search(r"\bfrom\s+$", text[:m.start()], re.I) and re.match(rf"\s+to\s+{_NUM}", text[m.end():], re.I):
                continue  # "from 20 T to 40 T": the present value, the one after "to" is asked for
            before, after = _clause(text, m.start(), m.end())
            places, named = _places(f"{before} {after}", patches)
            found[m.start()] = FieldValue(field=holders[0], text=m.group(0), start=m.start(),
                                          value=float(m.group(1)) * _PREFIX[m.group(2)], places=places, patches=named)


_VELOCITY_DIMS = [0, 1, -1, 0, 0, 0, 0]


def _velocity_vectors(text: str, fields: list[str], dims: dict[str, list[int]], patches: list[str],
                      found: dict[int, FieldValue]) -> None:
    """"Air comes in at (10 1 0) m/s", "Ux = 10 m/s, Uy = 1 m/s": a velocity along no one axis, a
    value of the base's velocity field (U, else its one field in m/s) by its unit, placed by the
    words of its clause."""
    holders = ["U"] if "U" in fields else [f for f, d in dims.items() if d[:7] == _VELOCITY_DIMS]
    if len(holders) != 1:
        return
    for v in find_vectors(text):
        if v.kind != "velocity" or v.on_axis or any(
                f.start < v.end and v.start < f.start + len(f.text) for f in found.values()):
            continue
        _, after = _clause(text, v.start, v.end)
        before = _CLAUSE_END.split(text[:v.start])[-1].lower()  # "air enters with 3 m/s in x and ...": the clause's
        places, named = _places(f"{before} {after}", patches)
        if not places and not named:  # "the flow entering slightly upwards, u = 12 m/s and v = 0.5 m/s": its sentence's
            sentence = re.split(r"[.;!?]\s|\n", text[:v.start])[-1].lower()
            places, named = _places(f"{sentence} {after}", patches)
        found[v.start] = FieldValue(field=holders[0], text=text[v.start:v.end], start=v.start,
                                    vector=list(v.components), places=places, patches=named)


_PLACE_NOUNS = r"inlets?|outlets?|inflow|outflow|walls?|lid|top|bottom|floor|ceiling|sides?|left|right|front|back"


def _bare_place(patches: list[str]) -> re.Pattern[str]:
    """A place written right after a field's name with no preposition: a place noun or one of the
    base's patch names, then the value ("U inlet (7 0 0)", "T hotWall 350 K", "p outlet: 0")."""
    names = sorted({re.escape(p) for p in patches if len(p) > 2} | {re.escape(spoken(p)) for p in patches if len(p) > 2},
                   key=len, reverse=True)
    alternatives = "|".join([*names, _PLACE_NOUNS])
    return re.compile(rf"[ \t]+(?:at\s+|on\s+)?(?:the\s+)?(?:{alternatives})(?![\w-])(?=\s*(?:[:=(\[]|is\b|[-+.\d]))", re.I)


# an operator after a number and a name or bracket: the number is part of an expression ("5*sin(...)")
_EXPRESSION = re.compile(r"\s*[*·×^]\s*[A-Za-z(]")  # not a slash: "25 /s" is a unit


def find_field_values(text: str, fields: list[str], patches: list[str],
                      dims: dict[str, list[int]] | None = None) -> list[FieldValue]:
    """Every value the request gives one of the base's fields by its name (case-sensitive
    symbol: "T", "hU", "alpha") or meaning (canonical/entry_names.yaml: "magnetic field"),
    and every "N % <phase>" of a phase fraction field alpha.<phase>."""
    text = normalise(text)
    found: dict[int, FieldValue] = {}
    names = _names_of(fields)
    bare_place = _bare_place(patches)
    for name in sorted(names, key=len, reverse=True):
        symbol = name in fields or name in {f.split(".")[0] for f in fields}
        flags = 0 if symbol else re.I  # a symbol is case-sensitive (T vs t), a phrase is not
        for m in re.finditer(rf"(?<![\w.'/-]){re.escape(name)}(?![\w'/-]|\.\w)", text, flags):
            got = _value_at(text, m.end())
            place = bare_place.match(text, m.end()) if got is None else None
            if place is not None:  # "U inlet (7 0 0)", "T wall 300 K": the place named with no preposition
                got = _value_at(text, place.end())
            if got is None or got[3] in found or _EXPRESSION.match(text, got[3] + len(got[2])):
                continue  # "U = 5*sin(2*pi*t)": the coefficient of an expression, no value of U
            lead = re.search(r"([\w.]+)\s+$", text[:m.start()])
            if not symbol and lead and lead.group(1) in fields:
                continue  # "a CH4 concentration of 0.2": the field named before the phrase
            before, after = _clause(text, m.start(), got[4])
            between = text[m.end():got[3]].lower()
            field = _pick(names[name], f"{before} {text[max(0, m.start() - 30):m.start()].lower()}")
            if field is None or not unit_fits(got[2], (dims or {}).get(field)):
                continue
            places, named = _places(f"{before} {between} {after}", patches)
            found[got[3]] = FieldValue(field=field, text=got[2], start=got[3], value=got[0], vector=got[1],
                                       places=places, patches=named, axis=axis_of(f"{between} {after}"),
                                       named_as=m.group(0), name_start=m.start())
    for field in fields:  # "0.2 % sludge by volume", "5 % water"
        if not field.startswith("alpha."):
            continue
        phase = re.escape(field.split(".", 1)[1])
        for m in re.finditer(rf"(?<![\w.])({_NUM})\s*(?:%|percent\b)\s+(?:of\s+)?(?:[a-z]+\s+)?{phase}\b", text, re.I):
            if m.start() in found:
                continue
            before, after = _clause(text, m.start(), m.end())
            places, named = _places(f"{before} {after}", patches)
            written = re.match(rf"{_NUM}\s*(?:%|percent)", text[m.start():])
            found[m.start()] = FieldValue(field=field, text=written.group(0) if written else m.group(1),
                                          start=m.start(), value=float(m.group(1)) / 100, places=places,
                                          patches=named)
    if dims:
        _by_unit(text, dims, patches, found)
    _velocity_vectors(text, fields, dims or {}, patches, found)
    return _placed_by_neighbours(text, sorted(found.values(), key=lambda f: f.start), patches)


_LIST_GAP = re.compile(r"\s*(?:,\s*)?(?:and\s+)?(?:an?\s+|the\s+)?")


def _placed_by_neighbours(text: str, values: list[FieldValue], patches: list[str]) -> list[FieldValue]:
    """A value whose own clause names no place takes the place of the value it is listed with
    ("fuel stream CH4 0.5 N2 0.5": N2 too is the fuel's), else the patch its sentence names
    ("The fuel is diluted with nitrogen, with an N2 mass fraction of 0.5")."""
    out: list[FieldValue] = []
    for fv in values:
        if fv.places or fv.patches or fv.name_start < 0:
            out.append(fv)
            continue
        prev = out[-1] if out else None
        if prev is not None and (prev.places or prev.patches) and prev.name_start >= 0 and \
                _LIST_GAP.fullmatch(text[prev.start + len(prev.text):fv.name_start]):
            out.append(fv.model_copy(update={"places": list(prev.places), "patches": list(prev.patches)}))
            continue
        sentence = re.split(r"[.!?]\s|\n", text[:fv.name_start])[-1].lower()
        _, named = _places(sentence, patches)
        out.append(fv.model_copy(update={"patches": named}) if named else fv)
    return out
