"""Where a field file's value is defined when the entry reads a case variable: a scoped
reference into an #include'd dictionary (membrane's `value uniform $:pipe.CH4;` -> `pipe { CH4
0.5; }` in 0.orig/include), and which other entries of the field read the same variable (a
free stream's `$flowVelocity` is also the outlet's inletValue), so the plan says what else a
new value of the variable changes. Pure: the base's texts in, places and notes out.
"""

from __future__ import annotations

import re
from typing import Collection, Protocol

from tasks.foam import dictionary as fd
from tasks.foam.includes import MACRO, included_rels, macro_keys, macro_value

_SCOPED = re.compile(r"(?:(?:uniform|constant)\s+)?\$\{?:([A-Za-z_][\w.:]*)\}?")
_PLAIN = re.compile(r"(?:uniform\s+|constant\s+)?[^$;{}]+")


class BaseTexts(Protocol):
    """What this module reads of a base case (tasks.plan.bind_base.Base)."""

    def text(self, rel: str) -> str | None: ...

    def expanded(self, rel: str, depth: int = 0) -> str | None: ...


class Notes(Protocol):
    """What this module adds to a plan (tasks.plan.bind.Binder)."""

    base: BaseTexts
    assumptions: list[str]


def scoped_home(base: BaseTexts, rel: str, raw: str, value: str) -> tuple[str, list[str], str] | None:
    """(file, entry path, new value) where a scoped reference `raw` (`uniform $:pipe.CH4`) is
    defined, the file itself or one it #includes, for a plain new `value`; None for any other
    entry, or a reference to a sub-dictionary (`$:wall.T` merges a whole patch)."""
    m = _SCOPED.fullmatch(" ".join(raw.split()))
    if m is None or not _PLAIN.fullmatch(value.strip()):
        return None
    keys = macro_keys(m.group(1))
    own = base.text(rel) or ""
    for where in [rel, *included_rels(rel, own)]:
        if macro_value(base.text(where) or "", m.group(1)) is not None:
            return where, keys, re.sub(r"^(?:uniform|constant)\s+", "", value.strip())
    return None


def reads(raw: str, name: str) -> bool:
    """Whether an entry's text reads the variable `name` (`$name`, `${name}`, `$:name`)."""
    return any((m[1] or m[2]).lstrip(":") == name.lstrip(":") for m in MACRO.finditer(raw))


def variable_readers(text: str, name: str) -> list[str]:
    """The boundaryField entries (`outlet/inletValue`) of a field's text that read the variable
    `name`, directly or through `$internalField` when the internal field reads it."""
    via_internal = reads(fd.get(text, ["internalField"]) or "", name)
    span = fd.body_span(text, ["boundaryField"])
    out = []
    for patch in (e for e in fd.entries(text, *span) if e.kind == "dict") if span else []:
        body = fd.get(text, ["boundaryField", patch.name]) or ""
        for key in ("value", "inletValue", "freestreamValue", "refValue", "uniformValue", "Umean"):
            raw = fd.get(body, [key]) or ""
            if reads(raw, name) or (via_internal and reads(raw, "internalField")):
                out.append(f"{patch.name}/{key}")
    return out


def note_shared(binder: Notes, rel: str, entry: list[str], raw: str, home: tuple[str, list[str]]) -> None:
    """Say in the plan which other entries of the field take a variable's new value with the
    one stated (`$turbulentKE`: the internal field, the outlet's inletValue, the walls'
    initial values), once per variable."""
    m = MACRO.search(raw)
    if m is None:
        return
    text = binder.base.expanded(rel) or ""
    name = "/".join(home[1]) if (m[1] or m[2]) == "internalField" else (m[1] or m[2]).lstrip(":")
    own = "/".join(entry[1:]) if entry[:1] == ["boundaryField"] else None
    name = name.replace("/", ".")
    others = [r for r in variable_readers(text, name) if r != own]
    if entry != ["internalField"] and reads(fd.get(text, ["internalField"]) or "", name):
        others = ["internalField", *others]
    note = (f"{'/'.join(home[1])} in {home[0]} is a variable the case shares: the new value also sets "
            f"{', '.join(others)} of {rel}")
    if others and note not in binder.assumptions:
        binder.assumptions.append(note)
    home_text = binder.base.text(home[0]) or ""
    for twin, value in twin_variables(home_text, fd.get(home_text, home[1]) or ""):
        note = (f"{twin} ({value}) in {home[0]} has the size of the value {'/'.join(home[1])} reads but is a "
                f"variable of its own: left unchanged; state it if it stands for the same quantity")
        if note not in binder.assumptions:
            binder.assumptions.append(note)


def twin_variables(text: str, raw: str) -> list[tuple[str, str]]:
    """Top-level numbers of `text` with the same non-zero size as a variable `raw` reads but not
    read by it (DTCHull's `Umean 1.668;` beside `mUmean -1.668;`): (name, value) pairs."""
    read = {(m[1] or m[2]).lstrip(":") for m in MACRO.finditer(raw)}
    sizes = set()
    for name in read:
        found = macro_value(text, name)
        if found is not None and re.fullmatch(r"[-+]?[\d.]+(?:[eE][-+]?\d+)?", found) and float(found) != 0:
            sizes.add(abs(float(found)))
    out = []
    for e in fd.entries(text):
        raw_value = fd.get(text, [e.name]) if e.kind == "value" and e.name not in read else None
        if raw_value and re.fullmatch(r"[-+]?[\d.]+(?:[eE][-+]?\d+)?", raw_value.strip()) and \
                abs(float(raw_value)) in sizes:
            out.append((e.name, raw_value.strip()))
    return out


def field_of_entry(rel: str, entry: list[str], fields: Collection[str]) -> str | None:
    """The field (of `fields`) an edit sets a boundary value of: `0/CH4 boundaryField/...`, or a
    scoped variable named after the field in an initial-values file (`0.orig/include pipe/CH4`,
    which `uniform $:pipe.CH4` reads); None for any other edit."""
    name = rel.split("/")[-1]
    if name in fields and entry[:1] == ["boundaryField"]:
        return name
    if rel.split("/")[0] in ("0", "0.orig") and len(entry) > 1 and entry[-1] in fields and entry[0] != "boundaryField":
        return entry[-1]
    return None
