"""Which turbulence field a phase lacks can be derived from the ones it has: omega from epsilon and k (omega =
epsilon / (Cmu k)), epsilon from omega and k, both uniform inside. Read by the binder (a phase switched to k-omega
SST is no refusal when its omega can be made) and by tasks.edit.caseops_phase_fields, which writes the field. Pure
readers of the case's files."""

from __future__ import annotations

import re
from pathlib import Path

from tasks.foam import dictionary as fd
from tasks.foam.files import read_text

CMU = 0.09  # k-epsilon's C_mu, the constant of omega = epsilon / (Cmu k)
# each derived field: the field it is made from and how its value converts given k
_DERIVED = {
    "omega": ("epsilon", lambda eps, k: eps / (CMU * k)),
    "epsilon": ("omega", lambda om, k: CMU * k * om),
}
_UNIFORM = re.compile(r"uniform\s+([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")


def field_dir(case: Path) -> str:
    """Where the run's initial fields are: 0.orig when the case restores 0 from it, else 0."""
    return "0.orig" if (case / "0.orig").is_dir() else "0"


def field_text(case: Path, rel: str) -> str | None:
    for path in (case / rel, case / f"{rel}.gz"):
        if path.is_file():
            return read_text(path)
    return None


def uniform_value(text: str) -> float | None:
    m = _UNIFORM.search(fd.get(text, ["internalField"]) or "")
    return float(m.group(1)) if m else None


def derivable(case: Path, field: str, phase: str) -> bool:
    """The case can make `field`.<phase> (omega or epsilon) from the other one and k, both uniform inside."""
    if field not in _DERIVED:
        return False
    folder = field_dir(case)
    source = field_text(case, f"{folder}/{_DERIVED[field][0]}.{phase}")
    k = field_text(case, f"{folder}/k.{phase}")
    return bool(source and k and uniform_value(source) is not None and (uniform_value(k) or 0) > 0)
