"""Values a base case keeps in variables: which `$name` a new value of a list entry changes
(`hex (...) ($nx $ny $nz)` -> nx, ny), and whether a field's internal value is a case variable
(`internalField uniform $flowVelocity;`). Pure: dictionary text in, names and values out; the
Binder sends each change to the variable's definition.
"""

from __future__ import annotations

import re

from tasks.foam import dictionary as fd
from tasks.foam.includes import expand_text, macro_value, single_macro

_TOKEN = re.compile(r"\$\{[^}]+\}|\$:?[\w.:]+|[()]|[^\s()]+")


def _same_numbers(a: list[str], b: list[str]) -> bool:
    """The same tokens, numbers compared by value (`.005` is `0.005`)."""
    def norm(t: str) -> str:
        try:
            return f"{float(t):.9g}"
        except ValueError:
            return t
    return [norm(t) for t in a] == [norm(t) for t in b]


def list_macro_changes(defs: str, raw: str, value: str) -> dict[str, str]:
    """Macro name -> new number, where `raw` (an entry of the dictionary `defs`) reads variables
    and `value` differs from it only in numbers single variables give; {} when nothing such
    changes, or when `value` changes anything else (a literal, a list a macro gives, one
    variable to two numbers): then the entry is written as it is."""
    if "$" not in raw or "$" in value:
        return {}
    pieces: list[tuple[str | None, list[str]]] = []
    for token in _TOKEN.findall(fd.strip_comments(raw)):
        name = single_macro(token)
        if name is None:
            pieces.append((None, [token]))
            continue
        found = macro_value(defs, name)
        if found is None:
            return {}
        pieces.append((name, _TOKEN.findall(expand_text(found, defs))))
    new = _TOKEN.findall(value)
    if sum(len(t) for _, t in pieces) != len(new):
        return {}
    changed: dict[str, str] = {}
    at = 0
    for name, tokens in pieces:
        chunk, at = new[at:at + len(tokens)], at + len(tokens)
        if _same_numbers(chunk, tokens):
            continue
        if name is None or len(tokens) != 1 or changed.get(name, chunk[0]) != chunk[0]:
            return {}
        changed[name] = chunk[0]
    return changed


def shared_internal(text: str) -> bool:
    """The field's internal value is itself a case variable (`internalField uniform $flowVelocity;`,
    defined in an #include'd initialConditions): a patch reading `$internalField` (the free
    stream of motorBike's `include/fixedInlet`) takes its value from that variable, so a stated
    value goes to the variable's definition, where every entry that reads it agrees."""
    raw = " ".join((fd.get(text, ["internalField"]) or "").split())
    return re.fullmatch(r"(?:uniform\s+)?\$\{?[A-Za-z_][\w.:]*\}?", raw) is not None or macro_list(raw)


def macro_list(raw: str) -> bool:
    """A uniform vector whose components read case variables (DTCHull's `uniform ($mUmean 0 0)`):
    a new vector goes to the variables, component by component (list_macro_changes)."""
    m = re.fullmatch(r"(?:uniform\s+)?\(([^()]*)\)", raw)
    return m is not None and "$" in m.group(1) and len(m.group(1).split()) == 3
