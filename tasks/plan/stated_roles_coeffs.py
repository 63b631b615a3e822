"""Numbers with a role but no unit the quantity reader knows: a drag or inertia coefficient
("drag coefficient Cd 1.2", "C_m = 1"), a number density of stems or plants ("N = 800 per
m^2", "0.08 stems per cm^2", "1000 plants per square metre"), a stem diameter ("stem
diameter 1 cm", "a = 0.01 m"), a porosity, a model coefficient by its symbol (Ckp, Cep).
Each becomes a stated quantity bound to the base's entries of that name (the fvOptions and
porosity dictionaries a tutorial has: mangroveInteraction's N, a, Cd, Cm, Ckp, Cep), or is
not applied with why; none is dropped. Reading is pure; binding goes through the binder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tasks.plan.extract import normalise
from tasks.plan.foam_values import fmt
from tasks.plan.stated import StatedQuantity

_NUM = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_LINK = r"(?:\s*(?:=|:|~)|\s+(?:of|is|are|was|be|taken|set|equal|equals|chosen|assumed|as|to|about|approximately))*\s*"
_THING = r"(?:stems?|plants?|trees?|roots?|trunks?|cylinders?|mangroves?|pil(?:e|ing)s?|seaweeds?|reeds?|stalks?)"
_M2 = r"(?:m\^?2|m²|sq\.?\s*m|square\s+met(?:er|re)s?)\b"
_CM2 = r"(?:cm\^?2|cm²|sq\.?\s*cm|square\s+centimet(?:er|re)s?)\b"
# a dimensional unit right after the number: "implicit porosity: 180 m^3/h inflow" states a flow rate
_NO_UNIT = r"(?!\s*(?:[kcm]?m\b|m[\^/23]|kg\b|l/|/|s\b|h\b|k?pa\b|bar\b|%))"
_PER = rf"(?:\s*{_THING})?\s*(?:per|/|every)\s*(?:one\s+|a\s+|each\s+)?"
# a count of things per area: the things named ("800 stems/m2", "0.08 plants per cm^2"); a bare
# "5000 1/m2" or "5000 per m2" is a Darcy coefficient's unit, no count
_THING_PER = rf"\s*{_THING}\s*(?:per|/|every)\s*(?:one\s+|a\s+|each\s+)?"

# (entry names the role's number goes to, pattern with the number in group "v" and an optional
# per-cm^2 unit in group "cm"); the symbol forms are case-sensitive, the words case-free
_ROLES: list[tuple[tuple[str, ...], str, re.Pattern[str]]] = [
    (("Cd",), "a drag coefficient",
     re.compile(rf"(?:\b[dD]rag\s+[cC]oefficient(?:\s*\(?\s*C_?[dD]\s*\)?)?|(?<![\w.$])C_?[dD](?![\w.]))"
                rf"{_LINK}(?P<v>{_NUM})(?![\w.]){_NO_UNIT}")),
    (("Cm",), "an inertia coefficient",
     re.compile(rf"(?:\b(?:[iI]nertia|[aA]dded[\s-]mass|[mM]ass)\s+[cC]oefficient(?:\s*\(?\s*C_?[mM]\s*\)?)?|"
                rf"(?<![\w.$])C_?[mM](?![\w.]))"
                rf"{_LINK}(?P<v>{_NUM})(?![\w.]){_NO_UNIT}")),
    (("Ckp",), "the turbulence production coefficient Ckp",
     re.compile(rf"(?<![\w.$])C_?kp(?![\w.]){_LINK}(?P<v>{_NUM})(?![\w.]){_NO_UNIT}")),
    (("Cep",), "the dissipation coefficient Cep",
     re.compile(rf"(?<![\w.$])C_?ep(?![\w.]){_LINK}(?P<v>{_NUM})(?![\w.]){_NO_UNIT}")),
    (("N",), "a number density (per m2)",
     re.compile(rf"(?<![\w.])(?P<v>{_NUM}){_THING_PER}(?:(?P<cm>{_CM2})|{_M2})"
                rf"|(?<![\w.$])N(?!\d){_LINK}(?P<w>{_NUM})(?:{_PER}(?:(?P<cm2>{_CM2})|{_M2}))?(?![\w.])")),
    (("porosity",), "a porosity",
     re.compile(rf"\b[pP]orosity(?:\s*\(?\s*(?:phi|φ|n|ε|epsilon)\s*\)?)?{_LINK}(?P<v>{_NUM})(?![\w.]){_NO_UNIT}")),
]


@dataclass(frozen=True)
class Coefficient:
    """One unit-less (or per-area) number of a known role: its entry names, value (SI), the words said."""

    names: tuple[str, ...]
    what: str
    value: float
    text: str
    start: int
    loose: bool = False  # a bare symbol ("N = 800"): a role only where the base has the entry


def coefficients(text: str) -> list[Coefficient]:
    """Every role number the text states, in order, one per place (the first role that reads it)."""
    plain = normalise(text)
    found: dict[int, Coefficient] = {}
    for names, what, pattern in _ROLES:
        for m in pattern.finditer(plain):
            group = "v" if m.group("v") is not None else "w"
            start = m.start(group)
            if start in found:
                continue
            per_cm2 = "cm" in pattern.groupindex and (m.groupdict().get("cm") or m.groupdict().get("cm2"))
            value = float(m.group(group)) * (1e4 if per_cm2 else 1.0)
            if names == ("porosity",) and not 0 < value <= 1:
                continue  # a porosity is a fraction; "porosity: 180 ..." is some other number
            symbol = re.search(rf"(?<![\w.$]){names[0]}(?![\w.])", m.group()) and not per_cm2 and "per" not in m.group()
            said = f"{names[0]} {m.group(group)}" if symbol else m.group().strip()  # "Cd 1.2", as bind_named says it
            loose = group == "w" and not (m.groupdict().get("cm2") or re.search(r"per|/", m.group()))
            found[start] = Coefficient(names, what, value, said, start, loose)
    return [found[k] for k in sorted(found)]


# lengths of a role the coefficient dictionaries hold: a stem's diameter is mangroves' `a`
STEM_DIAMETER = re.compile(rf"\b(?:{_THING}|vegetation|mangrove)\s+(?:diameter|width|thickness)\b[^\d,;]{{0,15}}$"
                           rf"|(?<![\w.$])a\s*[=:]\s*$", re.I)

# the words that name one of several dictionaries holding the same entry
_OWNERS = {"turbulen": re.compile(r"\bturbulen\w*|\bk[\s-]*epsilon\b", re.I),
           "source": re.compile(r"\bmomentum\b|\bdrag\s+(?:source|force)\b|\bforce\b", re.I)}
_BOTH = re.compile(r"\b(?:both|all|each|every)\b", re.I)


def pick_places(places: list[tuple[str, list[str]]], values: list[str], words: str) -> list[tuple[str, list[str]]] | None:
    """Of several places an entry is in, those the words name (the turbulence model's, the
    momentum source's), all of them when they say "both" or when they all hold the same value;
    None when they differ and the words name none."""
    if _BOTH.search(words):
        return places
    named = [p for p in places if any(("turbulen" in " ".join(p[1]).lower()) == (key == "turbulen") and
                                      pattern.search(words) for key, pattern in _OWNERS.items())]
    if named and len(named) < len(places):
        return named
    return places if len(set(values)) <= 1 else None


def bind_coefficients(binder, stated: list[StatedQuantity]) -> list[StatedQuantity]:
    """Bind every role number of the request to the base's entries of that name, or refuse it;
    returns the stated quantities made (added to the binder's stated list, so they are reported)."""
    index = binder.entry_index()
    plain = normalise(binder.text)
    taken: list[StatedQuantity] = []
    for c in coefficients(binder.text):
        places = [p for name in c.names for p in index.get(name, [])]
        if c.loose and not places:
            continue  # "N = 4" in a case without N: no number density said
        q = StatedQuantity(text=c.text, quantity="parameter", value=c.value, role=f"entry:{c.names[0]}")
        binder._stated.append(q)
        taken.append(q)
        place_entries(binder, q, c.what, places, _clause(plain, c.start))
    for q in stated:
        at = binder.value_at(plain.lower(), q)
        if q.quantity == "length" and at >= 0 and STEM_DIAMETER.search(plain[max(0, at - 50):at]) and index.get("a"):
            place_entries(binder, q, "a stem diameter", index["a"], _clause(plain, at))
            q.role = "entry:a"
            taken.append(q)
    return taken


def _clause(plain: str, at: int) -> str:
    """The words of the clause a number at `at` is in: from the last comma or semicolon before it to the next after it."""
    before = re.split(r"[,;]", plain[max(0, at - 80):at])[-1]
    return before + re.split(r"[,;]", plain[at:at + 100])[0]


def place_entries(binder, q: StatedQuantity, what: str, places: list[tuple[str, list[str]]], words: str) -> None:
    """Set `q`'s value in the places it picks (see pick_places), or record why not."""
    from tasks.plan.foam_values import leaves_get

    if not places:
        binder.refuse(q, f"{what}: this case has no entry for it (its fvOptions, porosity or model "
                         f"coefficients do not hold one); nothing was changed")
        return
    values = [leaves_get(binder.base.text(rel) or "", entry).strip() for rel, entry in places]
    chosen = pick_places(places, values, words)
    if chosen is None:
        where = "; ".join(f"{rel} {'/'.join(entry)} = {v}" for (rel, entry), v in zip(places, values))
        binder.refuse(q, f"{what} is held in several places with different values ({where}); say which "
                         f"(\"for the turbulence model\", \"for both\")")
        return
    for rel, entry in chosen:
        binder.set(rel, entry, fmt(q.value), f"{entry[-1]} = {fmt(q.value)} ({what}, {'/'.join(entry[:-1])})", q)
