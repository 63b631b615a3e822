"""Locked values: what the user asked for explicitly, recorded in `.casewright/locked.json`.

The writer records them, the checker and the rubric verify them in the files, and the
Reviewer never changes them. Each entry is one leaf: a file, a key path and its text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from tasks.foam import dictionary as fd

LOCKED_FILE = ".casewright/locked.json"


class LockedValue(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    file: str
    entry: list[str]
    value: str


class LockCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    file: str
    entry: list[str]
    expected: str
    found: str | None
    ok: bool


def flatten(name: str, file: str, keys: list[str], value: Any) -> list[LockedValue]:
    """A dict value becomes one locked leaf per entry."""
    if isinstance(value, dict):
        out: list[LockedValue] = []
        for k, v in value.items():
            out += flatten(name, file, [*keys, k], v)
        return out
    return [LockedValue(name=name, file=file, entry=keys, value=str(value))]


def normalise(text: str | None) -> str | None:
    if text is None:
        return None
    return " ".join(text.replace("(", " ( ").replace(")", " ) ").split())


def same_value(expected: str | None, found: str | None) -> bool:
    """Equal as OpenFOAM values: whitespace and number spelling (1e-06 vs 1e-6) ignored;
    two absent values are equal."""
    if expected is None or found is None:
        return expected is None and found is None
    a, b = normalise(expected), normalise(found)
    if a == b:
        return True
    try:  # numbers written differently (1e-06 vs 1e-6, 5 vs 5.0)
        xs, ys = a.split(), b.split()  # type: ignore[union-attr]
        return len(xs) == len(ys) and all(
            x == y or (_num(x) is not None and _num(x) == _num(y)) for x, y in zip(xs, ys)
        )
    except ValueError:
        return False


def _num(token: str) -> float | None:
    try:
        return float(token)
    except ValueError:
        return None


def save_locked(case_dir: Path, values: list[LockedValue]) -> Path:
    path = case_dir / LOCKED_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "locked": [v.model_dump() for v in values]}, indent=2) + "\n")
    return path


def load_locked(case_dir: Path) -> list[LockedValue]:
    path = Path(case_dir) / LOCKED_FILE
    if not path.is_file():
        return []
    data = json.loads(path.read_text())
    return [LockedValue.model_validate(v) for v in data.get("locked", [])]


def check_locked(case_dir: Path, values: list[LockedValue] | None = None) -> list[LockCheck]:
    """Read every locked value back from the files."""
    checks = []
    for v in load_locked(case_dir) if values is None else values:
        path = Path(case_dir) / v.file
        found = fd.get(path.read_text(), v.entry) if path.is_file() else None
        checks.append(LockCheck(name=v.name, file=v.file, entry=v.entry, expected=v.value,
                                found=found, ok=same_value(v.value, found)))
    return checks
