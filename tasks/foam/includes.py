"""OpenFOAM's `$name` macros and `#include`s, resolved as the dictionary reader does: a
dictionary's text with each `$name` / `${name}` / `$:a.b` it defines replaced by that entry's
value, so the numbers a blockMeshDict keeps in variables (`($nx $ny $nz)`, `($L $y1 0)`) read as
numbers, and the case files a dictionary #includes. Pure: text in, text out; a macro the text
does not define (an environment variable, a `#calc` result, a sub-dictionary) stays as it is.
"""

from __future__ import annotations

import posixpath
import re

from tasks.foam import dictionary as fd

MACRO = re.compile(r"\$(?:\{(:?[A-Za-z_][\w.:]*)\}|(:?[A-Za-z_][\w.:]*))")
_DEPTH = 4
INCLUDE = re.compile(r'^[ \t]*#include[ \t]+"([^"]+)"', re.M)
# OpenFOAM's case-relative include tags (v1912: <case>, <constant>, <system>) and the case variable
_TAGS = {"<case>/": "", "<constant>/": "constant/", "<system>/": "system/", "$FOAM_CASE/": "", "${FOAM_CASE}/": ""}


def macro_keys(name: str) -> list[str]:
    """The entry path a macro names: `$nx` -> [nx], `$:inlet.value` -> [inlet, value]."""
    return [k for k in re.split(r"[.:/]", name) if k]


def macro_value(text: str, name: str) -> str | None:
    """The plain value `text` defines for the macro `name`, None for an undefined one, a
    sub-dictionary or a directive (`#calc`, `#eval`), which only OpenFOAM can evaluate."""
    keys = macro_keys(name)
    found = fd.get(text, keys) if keys else None
    if found is None or re.search(r"[{};#]", MACRO.sub("", found)):
        return None
    return " ".join(found.split())


def expand_text(text: str, defined: str | None = None) -> str:
    """`text` with its macros replaced by the values `defined` (default: `text` itself) gives
    them, a few levels deep (a macro whose value is another macro)."""
    source = text if defined is None else defined

    def value(m: re.Match) -> str:
        found = macro_value(source, m[1] or m[2])
        return found if found is not None else m[0]

    for _ in range(_DEPTH):
        if "$" not in text:
            break
        new = MACRO.sub(value, text)
        if new == text:
            break
        text = new
    return text


def single_macro(token: str) -> str | None:
    """The macro's name when `token` is one macro alone (`$nx`, `${nx}`), else None."""
    m = MACRO.fullmatch(token.strip())
    return (m[1] or m[2]) if m else None


def include_rel(rel: str, name: str) -> str | None:
    """The case-relative file an `#include "name"` in the file `rel` reads, as OpenFOAM finds it:
    tagged (`<constant>/caseSettings`, `$FOAM_CASE/...`) or relative to the file's folder; None
    for an include through another variable or an absolute path."""
    tag = next((t for t in _TAGS if name.startswith(t)), None)
    if tag is not None:
        return _TAGS[tag] + name[len(tag):]
    if "$" in name or "<" in name or name.startswith("/"):
        return None
    return posixpath.normpath(posixpath.join(posixpath.dirname(rel), name))


def included_rels(rel: str, text: str) -> list[str]:
    """The case-relative files `text` (the file `rel`) #includes, in order (see include_rel)."""
    return [found for name in INCLUDE.findall(text) if (found := include_rel(rel, name)) is not None]


def expand_strict(text: str, defined: str) -> str | None:
    """`text` with every macro replaced by the value `defined` gives it; None when one stays
    (a name `defined` lacks, a sub-dictionary, a `#calc` result)."""
    out = expand_text(text, defined)
    return None if MACRO.search(out) else out
