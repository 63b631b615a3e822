"""Small helpers for writing OpenFOAM values in the binders: numbers, vectors, leaves."""

from __future__ import annotations

import math
import re

from tasks.foam import dictionary as fd
from tasks.foam.physics import fmt as _fmt4

VECTOR = re.compile(r"\(\s*([-+\d.eE]+)\s+([-+\d.eE]+)\s+([-+\d.eE]+)\s*\)")


def fmt(x: float) -> str:
    """A number as OpenFOAM text: integers plain, others to 10 significant digits, so a stated
    353.15 K is written 353.15 (not rounded) and 126.85 degC + 273.15 is written 400."""
    return _fmt4(x) if float(x).is_integer() else f"{x:.10g}"


def magnitude(value: str) -> float:
    m = VECTOR.search(value)
    return math.sqrt(sum(float(x) ** 2 for x in m.groups())) if m else 0.0


def direction(value: str) -> list[float] | None:
    m = VECTOR.search(value)
    if not m:
        return None
    v = [float(x) for x in m.groups()]
    mag = math.sqrt(sum(x * x for x in v))
    return [x / mag for x in v] if mag > 0 else None


def vec(v: list[float]) -> str:
    return "(" + " ".join(fmt(round(x, 12)) for x in v) + ")"


def leaves_get(text: str, entry: list[str]) -> str:
    return " ".join(fd.strip_comments(fd.get(text, entry) or "").split())


def leaves(text: str) -> list[tuple[list[str], str]]:
    """Every leaf entry with its value, comments removed and whitespace collapsed."""
    return [(entry, " ".join(fd.strip_comments(raw).split())) for entry, raw in fd.leaves(text)]
