"""A value the request gives by a field's name ("inlet k 0.06", "free-stream turbulent kinetic
energy 0.1 m2/s2") where a dictionary of constant/ or system/ also has an entry of that name
(an unused viscosity model's `BirdCarreauCoeffs { k ...; }`, a solver-control `k 0.5`): the
value is the field's, which the field binder sends along the field's `#include`/`$var` chain
(`internalField uniform $turbulentKE;` -> include/initialConditions), not that entry's. Pure:
the base's texts and the request's words in, a yes/no out.
"""

from __future__ import annotations

import re
from typing import Protocol

from tasks.foam import dictionary as fd
from tasks.plan.fields import unit_fits

# words before a name that make it a field's value: a place of the domain or the field's meaning
_FIELD_CUE = re.compile(r"\b(?:inlets?|inflow|incoming|outlets?|free[- ]?stream|far[- ]?field|ambient|oncoming|"
                        r"approaching|initial(?:ly)?|internal(?:field)?|boundary|turbulen\w*|kinetic\s+energy|"
                        r"dissipation)\b", re.I)
_DIMS = re.compile(r"\[\s*((?:-?\d+\s+){4,6}-?\d+)\s*\]")
_UNIT_AFTER = re.compile(r"^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*[A-Za-z%°µ]")
_CLAUSE_END = re.compile(r"[,;:]\s|\.\s|\band\b|\bwith\b")


class BaseTexts(Protocol):
    """What this module reads of a base case (tasks.plan.bind_base.Base)."""

    def text(self, rel: str) -> str | None: ...

    def field_rels(self, field: str) -> list[str]: ...


def field_dims(base: BaseTexts, field: str) -> list[int] | None:
    """The field's `dimensions [...]` as 7 numbers, None when the base has no such field file."""
    rels = base.field_rels(field)
    text = base.text(rels[0]) or "" if rels else ""
    m = _DIMS.search(fd.get(text, ["dimensions"]) or "")
    if m is None:
        return None
    found = [int(x) for x in m.group(1).split()]
    return found + [0] * (7 - len(found))


def _entry_dims(raw: str) -> list[int] | None:
    m = _DIMS.search(raw)
    return None if m is None else ([int(x) for x in m.group(1).split()] + [0] * 7)[:7]


def clause_before(text: str, at: int, width: int = 60) -> str:
    """The words of the clause before position `at` (back to a comma, "and", "with" ...)."""
    before = text[max(0, at - width):at]
    ends = list(_CLAUSE_END.finditer(before))
    return before[ends[-1].end():] if ends else before


def field_takes_named(base: BaseTexts, name: str, where: list[tuple[str, list[str]]], value_text: str,
                      before: str) -> bool:
    """Whether a value named `name` is the field `name`'s rather than the same-named entries
    `where` of constant/ or system/: the base solves a field of that name, none of `where` is
    in a field file, and either the words before the name place it in the domain (inlet, free
    stream, initial, turbulence) or its unit is the field's and none of the entries has the
    field's dimensions (a factor, a model coefficient in seconds)."""
    rels = base.field_rels(name)
    if not rels or "boundaryField" not in (base.text(rels[0]) or ""):
        return False
    if any(rel.split("/")[0] in ("0", "0.orig") for rel, _ in where):
        return False
    if _FIELD_CUE.search(before):
        return True
    dims = field_dims(base, name)
    if dims is None or not _UNIT_AFTER.match(value_text) or not unit_fits(value_text, dims):
        return False
    return all(_entry_dims(fd.get(base.text(rel) or "", entry) or "") != dims for rel, entry in where)
