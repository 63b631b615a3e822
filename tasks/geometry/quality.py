"""Mesh quality from checkMesh's log: the worst non-orthogonality, skewness and aspect ratio,
the cell count, and whether checkMesh said "Mesh OK."."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

_NUM = r"([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)"
_PATTERNS = {
    "max_non_orthogonality": re.compile(rf"Mesh non-orthogonality Max:\s*{_NUM}"),
    "max_skewness": re.compile(rf"Max skewness\s*=\s*{_NUM}"),
    "max_aspect_ratio": re.compile(rf"(?:Max aspect ratio\s*=|High aspect ratio cells found, Max aspect ratio:)\s*{_NUM}"),
    "n_cells": re.compile(r"^\s*cells:\s+(\d+)", re.M),
}
_FAILED = re.compile(r"Failed\s+(\d+)\s+mesh checks")
_WARNINGS = re.compile(r"^\s*\*{3}(.+)$", re.M)


class MeshQuality(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_non_orthogonality: float | None
    max_skewness: float | None
    max_aspect_ratio: float | None
    ok: bool
    n_cells: int | None = None
    failed_checks: int = 0
    problems: list[str] = []  # checkMesh's *** lines


def parse_check_mesh(log: str) -> MeshQuality:
    """Read a checkMesh log (the last value of each metric counts: with -allTopology or
    several times, checkMesh prints the final one last). A log without "Mesh OK." is not ok."""
    values: dict[str, float | None] = {}
    for name, pattern in _PATTERNS.items():
        found = pattern.findall(log)
        values[name] = float(found[-1]) if found else None
    failed = _FAILED.search(log)
    return MeshQuality(
        max_non_orthogonality=values["max_non_orthogonality"],
        max_skewness=values["max_skewness"],
        max_aspect_ratio=values["max_aspect_ratio"],
        ok="Mesh OK." in log and failed is None,
        n_cells=int(values["n_cells"]) if values["n_cells"] is not None else None,
        failed_checks=int(failed.group(1)) if failed else 0,
        problems=[m.strip() for m in _WARNINGS.findall(log)],
    )
