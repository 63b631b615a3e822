"""Quantities of interest of a finished run, read from its function objects' output.

Every `postProcessing/<function>/<start time>/<file>.dat` (forces, forceCoeffs,
surfaceFieldValue for a pressure drop, fieldMinMax, a wall heat flux for a Nusselt number,
...) gives the last row of each column, named `<function>.<column>` (vector columns as
`.x .y .z`). A run without function objects has only what its log says (Courant max).
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from tasks.run.report import RunReport

MAX_QOI = 40
_SPLIT = re.compile(r"\(([^()]*)\)|(\S+)")


def _time_key(path: Path) -> float:
    try:
        return float(path.name)
    except ValueError:
        return -math.inf


def last_row(text: str) -> dict[str, float]:
    """The last data row of a function object's .dat file by column name; a vector cell
    `(a b c)` gives three columns `name.x`, `name.y`, `name.z`. Non-numbers are skipped."""
    header: list[str] = []
    last: list[list[str]] | None = None
    for line in text.splitlines():
        s = line.strip()
        if not s:
            continue
        if s.startswith("#"):
            names = s.lstrip("#").split()
            if names and names[0].lower() == "time":
                header = names
            continue
        last = [[x for x in m[1].split()] if m[1] is not None else [m[2]] for m in _SPLIT.finditer(s)]
    if last is None:
        return {}
    out: dict[str, float] = {}
    for i, cell in enumerate(last[1:], start=1):
        name = header[i] if i < len(header) else f"col{i}"
        parts = [f"{name}.{c}" for c in "xyz"[:len(cell)]] if len(cell) > 1 else [name]
        for key, raw in zip(parts, cell, strict=False):
            try:
                value = float(raw)
            except ValueError:
                continue
            if math.isfinite(value):
                out[key] = value
    return out


def function_object_values(case: Path, limit: int = MAX_QOI) -> dict[str, float]:
    """`<function>.<column>` -> last value, from the latest start-time folder of each function."""
    root = case / "postProcessing"
    out: dict[str, float] = {}
    if not root.is_dir():
        return out
    for function in sorted(p for p in root.iterdir() if p.is_dir()):
        times = sorted((p for p in function.iterdir() if p.is_dir()), key=_time_key)
        if not times:
            continue
        files = sorted(times[-1].glob("*.dat"))
        for dat in files:
            prefix = function.name if len(files) == 1 else f"{function.name}.{dat.stem}"
            for key, value in last_row(dat.read_text(errors="replace")).items():
                if len(out) >= limit:
                    return out
                out[f"{prefix}.{key}"] = value
    return out


def quantities_of_interest(case: Path, report: RunReport | None) -> dict[str, float]:
    """The run's quantities: Courant max from the log, then every function object's last values."""
    out: dict[str, float] = {}
    if report is not None and report.courant_max is not None and math.isfinite(report.courant_max):
        out["Co_max"] = report.courant_max
    out.update(function_object_values(case))
    return out
