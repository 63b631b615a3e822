"""Boundary values that a field file ties to its initial field through a macro (`inlet { type
fixedValue; value $internalField; }`, `inletValue uniform $Tinlet;` beside `internalField uniform
$Tinlet;`), and how a stated initial value keeps them apart: the request that says "initially
400 K" sets the fluid's start, not what flows in, so each such boundary value keeps the base's
number and only the internal field takes the new one. An outlet's backflow value (`inletOutlet`
on an outflow patch) is ambient fluid and keeps following the internal field. Pure: the base's
texts and patch roles in, places and values out; `pin_internal_readers` adds them to a plan.
"""

from __future__ import annotations

import re
from typing import Mapping, Protocol

from tasks.foam import dictionary as fd
from tasks.foam.includes import MACRO, expand_text
from tasks.plan.manifest import FileEdit
from tasks.plan.regions import said_initial
from tasks.plan.stated import StatedQuantity

# entries that hold the value a condition imposes whatever its type; `value` only for a fixed one
_IMPOSED_ANY = ("freestreamValue", "uniformValue", "p0", "T0")
_IMPOSED_INFLOW = ("inletValue", "refValue")  # an outflow patch's backflow follows the internal field
_FIXED = ("fixedValue",)


def _flat(raw: str | None) -> str:
    return " ".join(fd.strip_comments(raw or "").split())


def _reads_only(raw: str, name: str) -> bool:
    """The entry is the variable `name` alone (`$name`, `uniform $name`, `${name}`)."""
    m = re.fullmatch(r"(?:uniform\s+|constant\s+)?(\$\{?:?[\w.:]+\}?)", _flat(raw))
    return m is not None and any((x[1] or x[2]).lstrip(":") == name for x in MACRO.finditer(m.group(1)))


def imposed_readers(text: str, name: str, roles: Mapping[str, str]) -> list[tuple[str, str]]:
    """(patch, key) of the patches written in the field's own `text` whose imposed value is the
    variable `name` alone (`internalField`, or the case variable the internal field reads): a
    fixedValue's `value`, a free stream's or a uniform condition's value, and the `inletValue` /
    `refValue` of any patch but an outlet (whose backflow is the fluid inside)."""
    span = fd.body_span(text, ["boundaryField"])
    out: list[tuple[str, str]] = []
    for patch in (e.name for e in fd.entries(text, *span) if e.kind == "dict") if span else []:
        body = fd.get(text, ["boundaryField", patch]) or ""
        kind = _flat(fd.get(body, ["type"]))
        keys = [*_IMPOSED_ANY, *(_IMPOSED_INFLOW if roles.get(patch) != "outlet" else ()),
                *(("value",) if kind in _FIXED else ())]
        out += [(patch, key) for key in keys if _reads_only(fd.get(body, [key]) or "", name)]
    return out


def internal_variable(text: str) -> str | None:
    """The case variable the internal field is alone (`uniform $Tinlet` -> Tinlet), else None."""
    m = re.fullmatch(r"(?:uniform\s+)?\$\{?(:?[A-Za-z_][\w.:]*)\}?", _flat(fd.get(text, ["internalField"])))
    return m.group(1).lstrip(":") if m else None


def keeps_own_variable(text: str, roles: Mapping[str, str]) -> bool:
    """Whether a new internal value must be written in the field itself rather than at the
    variable's definition: the internal field reads a variable that a boundary of the same file
    imposes too, by name (aerofoilNACA0012's `$Tinlet` is also the free stream's inletValue) or
    as `$internalField` (cylinderAndBackground's inlet, with `$flowVelocity` in an #include)."""
    name = internal_variable(text)
    return name is not None and bool(imposed_readers(text, name, roles) or
                                     imposed_readers(text, "internalField", roles))


class Plan(Protocol):
    """What this module reads of a plan and adds to (tasks.plan.bind.Binder)."""

    base: object
    roles: dict[str, str]
    edits: list[FileEdit]
    bindings: list
    assumptions: list[str]
    _stated: list[StatedQuantity]

    def _words_of(self, q: StatedQuantity) -> tuple[str, str]: ...


def says_start(plan: Plan, q: StatedQuantity) -> bool:
    """The request gives the value as the start state ("initial temperature 320 K", "the duct
    starts at 500 K"): a bare field value ("k 0.06") or a free stream's is the boundary's too."""
    return q.role.startswith("initial_") or said_initial(plan._words_of(q)[0], q.text)


def pin_internal_readers(plan: Plan) -> None:
    """For each internal field a stated start value set, the boundary values written as
    `$internalField` that impose it keep the base's value, written as the number, unless the
    plan sets that patch itself; the plan says which."""
    starts = [q.text for q in plan._stated if says_start(plan, q)]
    for rel in dict.fromkeys(b.file for b in plan.bindings if b.entry == ["internalField"] and b.stated in starts):
        own = plan.base.text(rel) or ""
        old = _flat(expand_text(fd.get(own, ["internalField"]) or "", plan.base.expanded(rel) or own))
        new = next((_flat(e.value) for e in reversed(plan.edits) if e.file == rel and e.entry == ["internalField"]
                    and isinstance(e.value, str)), old)
        if not old.startswith("uniform ") or "$" in old or new == old:
            continue  # a nonuniform start (a mapped field) is no value a boundary can keep
        kept = []
        for patch, key in imposed_readers(own, "internalField", plan.roles):
            if any(e.file == rel and e.entry[:2] == ["boundaryField", patch] for e in plan.edits):
                continue  # a value stated for that patch holds
            plan.edits.append(FileEdit(file=rel, entry=["boundaryField", patch, key], value=old,
                                       reason=f"{patch} keeps its {key} ({old}): it read $internalField"))
            kept.append(f"{patch}/{key}")
        if kept:
            plan.assumptions.append(f"{', '.join(kept)} of {rel} read the initial field ($internalField): they keep "
                                    f"the base's {old}, as the request sets the start state only")
