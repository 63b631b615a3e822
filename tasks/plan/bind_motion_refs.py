"""Where a rotation rate the base reads from a variable is written: annularThermalMixer's
dynamicMeshDict says `omega $:meshMotionProperties.omega;` and #includes "<constant>/caseSettings",
which holds `meshMotionProperties { omega 25; }`. A new rate goes to that definition, so every
reader of the variable agrees. Pure: the base's texts in, (file, entry, raw) out.
"""

from __future__ import annotations

import posixpath
import re
from typing import Callable

from tasks.foam.includes import macro_keys, macro_value

_INCLUDE = re.compile(r'^[ \t]*#include(?:Etc)?[ \t]+"([^"]+)"', re.M)
_REFERENCE = re.compile(r"(?:constant\s+)?\$\{?(:?[A-Za-z_][\w.:]*)\}?")
_NUMBER = re.compile(r"(?:constant\s+)?[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
# OpenFOAM's case-relative include tags (v1912: <case>, <constant>, <system>)
_TAGS = {"<case>/": "", "<constant>/": "constant/", "<system>/": "system/",
         "$FOAM_CASE/": "", "${FOAM_CASE}/": ""}


def include_rels(rel: str, text: str) -> list[str]:
    """The case-relative files `text` (the file `rel`) #includes: tagged (`<constant>/caseSettings`,
    `$FOAM_CASE/...`) or relative to the file's folder; an include through another variable is left out."""
    out = []
    for name in _INCLUDE.findall(text):
        tag = next((t for t in _TAGS if name.startswith(t)), None)
        if tag is not None:
            out.append(_TAGS[tag] + name[len(tag):])
        elif "$" not in name and "<" not in name:
            out.append(posixpath.normpath(posixpath.join(posixpath.dirname(rel), name)))
    return out


def reference_home(text_of: Callable[[str], str | None], rel: str, raw: str,
                   depth: int = 0) -> tuple[str, list[str], str] | None:
    """(file, entry, plain number) that a rate written as a variable (`$omega`, `$:motion.omega`)
    reads: the file itself or one it #includes, followed a few levels (a variable that reads
    another); None when `raw` is no single variable or its value is not one number."""
    m = _REFERENCE.fullmatch(" ".join(raw.split()).rstrip(";").strip())
    if m is None or depth > 3:
        return None
    own = text_of(rel) or ""
    for where in [rel, *include_rels(rel, own)]:
        found = macro_value(text_of(where) or "", m.group(1))
        if found is None:
            continue
        if _NUMBER.fullmatch(found):
            return where, macro_keys(m.group(1)), found
        return reference_home(text_of, where, found, depth + 1)
    return None
