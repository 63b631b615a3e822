"""Where a rotation rate the base reads from a variable is written: annularThermalMixer's
dynamicMeshDict says `omega $:meshMotionProperties.omega;` and #includes "<constant>/caseSettings",
which holds `meshMotionProperties { omega 25; }`. A new rate goes to that definition, so every
reader of the variable agrees. Pure: the base's texts in, (file, entry, raw) out.
"""

from __future__ import annotations

import re
from typing import Callable

from tasks.foam.includes import macro_keys, macro_value
from tasks.plan.bind_include_scoped import included_rels

_REFERENCE = re.compile(r"(?:constant\s+)?\$\{?(:?[A-Za-z_][\w.:]*)\}?")
_NUMBER = re.compile(r"(?:constant\s+)?[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def reference_home(text_of: Callable[[str], str | None], rel: str, raw: str,
                   depth: int = 0) -> tuple[str, list[str], str] | None:
    """(file, entry, plain number) that a rate written as a variable (`$omega`, `$:motion.omega`)
    reads: the file itself or one it #includes, followed a few levels (a variable that reads
    another); None when `raw` is no single variable or its value is not one number."""
    m = _REFERENCE.fullmatch(" ".join(raw.split()).rstrip(";").strip())
    if m is None or depth > 3:
        return None
    own = text_of(rel) or ""
    for where in [rel, *included_rels(rel, own)]:
        found = macro_value(text_of(where) or "", m.group(1))
        if found is None:
            continue
        if _NUMBER.fullmatch(found):
            return where, macro_keys(m.group(1)), found
        return reference_home(text_of, where, found, depth + 1)
    return None
