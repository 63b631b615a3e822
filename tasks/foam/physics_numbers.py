"""Numbers as OpenFOAM text: `fmt`, `nice_floor`, and `dimensions` values read and written
as 7 exponents [kg m s K mol A cd]."""

from __future__ import annotations

import math
import re

Dims = tuple[float, ...]

# SI base units in OpenFOAM's order [kg m s K mol A cd] and the derived units tutorials write
_UNITS: dict[str, Dims] = {
    "kg": (1, 0, 0, 0, 0, 0, 0), "m": (0, 1, 0, 0, 0, 0, 0), "s": (0, 0, 1, 0, 0, 0, 0),
    "K": (0, 0, 0, 1, 0, 0, 0), "mol": (0, 0, 0, 0, 1, 0, 0), "A": (0, 0, 0, 0, 0, 1, 0),
    "cd": (0, 0, 0, 0, 0, 0, 1), "N": (1, 1, -2, 0, 0, 0, 0), "Pa": (1, -1, -2, 0, 0, 0, 0),
    "J": (1, 2, -2, 0, 0, 0, 0), "W": (1, 2, -3, 0, 0, 0, 0),
}
_UNIT = re.compile(r"(/?)\s*([A-Za-z]+)(?:\^\s*([-+]?\d+(?:\.\d+)?))?")


def parse_dimensions(text: str) -> Dims | None:
    """A `dimensions` value as 7 exponents [kg m s K mol A cd]: `[0 1 -1 0 0 0 0]`, the
    5-entry form `[0 1 -1 0 0]` (the last two 0), `[ 0 2 -2 0 0 0 0 ]`, or named units
    `[m s^-1]`, `[m^2/s^2]`, `[kg/m/s^2]`; None when it is neither."""
    inner = text.strip().rstrip(";").strip()
    if not (inner.startswith("[") and inner.endswith("]")):
        return None
    inner = inner[1:-1].strip()
    words = inner.split()
    try:
        numbers = [float(w) for w in words]
    except ValueError:
        numbers = []
    if numbers and len(numbers) in (5, 7):
        return tuple(numbers + [0.0] * (7 - len(numbers)))
    total = [0.0] * 7
    pos = 0
    for m in _UNIT.finditer(inner):
        if inner[pos:m.start()].strip():
            return None
        unit = _UNITS.get(m.group(2))
        if unit is None:
            return None
        power = float(m.group(3) or 1) * (-1 if m.group(1) else 1)
        total = [t + power * u for t, u in zip(total, unit)]
        pos = m.end()
    return tuple(total) if pos and not inner[pos:].strip() else None


def format_dimensions(dims: Dims) -> str:
    """Exponents as OpenFOAM writes them: `[0 2 -2 0 0 0 0]`."""
    return "[" + " ".join(fmt(d) for d in dims) + "]"


def nice_floor(x: float) -> float:
    """The largest 1, 2 or 5 x 10^n not above x."""
    if x <= 0 or not math.isfinite(x):
        return x
    exp = math.floor(math.log10(x))
    for m in (5, 2, 1):
        if m * 10**exp <= x * (1 + 1e-9):
            return float(f"{m * 10**exp:.6g}")
    return float(f"{10**exp:.6g}")


def unrounded(x: float) -> str:
    """A stated or derived value as OpenFOAM text with its full value (14.855, not 14.86):
    integers plain, others with 10 significant digits."""
    return fmt(x) if float(x).is_integer() else f"{float(x):.10g}"


def fmt(x: float) -> str:
    """A number as OpenFOAM text: integers plain, others with 4 significant digits."""
    if float(x).is_integer() and abs(x) < 1e9:
        return str(int(x))
    return f"{x:.4g}"
