"""The executability benchmark's data and checks: which cases, how each is made, and the
per-case parameter checks (benchmarks/exec_checks.yaml) evaluated in the written files."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.bench.mesh_check import MeshSpec, check_mesh
from tasks.core.errors import UsageError
from tasks.core.paths import BENCHMARKS_DIR
from tasks.foam import dictionary as fd
from tasks.foam.locked import same_value


class Check(BaseModel):
    model_config = ConfigDict(extra="forbid")

    file: str
    why: str
    entry: list[str] | None = None
    equals: str | None = None
    in_: list[str] | None = Field(None, alias="in")
    number: float | None = None
    rtol: float = 1e-6
    regex: str | None = None
    not_regex: str | None = None
    exists: bool | None = None
    absent: bool | None = None
    mesh: MeshSpec | None = Field(None, description="geometry of constant/polyMesh (bounds, radius, solids, cells)")


class BenchCase(BaseModel):
    model_config = ConfigDict(extra="forbid")

    case_id: str
    kind: Literal["new", "example", "modify"]
    query: str
    example: str | None = None
    base: str | None = None
    checks: list[Check]


class CheckResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    why: str
    ok: bool
    found: str | None = None


def load_set(name: str, categories: list[str] | None = None) -> list[BenchCase]:
    if name != "iterasim":
        raise UsageError(f"unknown benchmark set {name!r}: use iterasim")
    queries = {r["case_id"]: r for r in json.loads((BENCHMARKS_DIR / "iterasim/benchmark/benchmark_queries.json").read_text())}
    spec: dict[str, Any] = yaml.safe_load((BENCHMARKS_DIR / "exec_checks.yaml").read_text())
    cases = [BenchCase(case_id=cid, query=queries[cid]["query"], **data) for cid, data in spec.items()]
    if categories:
        wanted = {c.strip().upper() for c in categories}
        cases = [c for c in cases if c.case_id[0] in wanted]
    return cases


def evaluate(case_dir: Path, check: Check) -> CheckResult:
    if check.mesh is not None:
        verdict = check_mesh(case_dir, check.mesh)
        return CheckResult(why=check.why, ok=verdict.ok, found=verdict.found)
    path = case_dir / check.file
    if check.absent:
        return CheckResult(why=check.why, ok=not path.exists(), found="present" if path.exists() else "absent")
    if not path.is_file():
        return CheckResult(why=check.why, ok=False, found="missing file")
    text = path.read_text(errors="replace")
    if check.exists and check.entry is None:
        return CheckResult(why=check.why, ok=True, found="present")
    if check.regex is not None:
        return CheckResult(why=check.why, ok=re.search(check.regex, text) is not None)
    if check.not_regex is not None:
        return CheckResult(why=check.why, ok=re.search(check.not_regex, text) is None)
    found = fd.get(text, check.entry or [])
    if check.exists:
        return CheckResult(why=check.why, ok=found is not None, found=found)
    if found is None:
        return CheckResult(why=check.why, ok=False, found=None)
    if check.equals is not None:
        return CheckResult(why=check.why, ok=same_value(check.equals, found), found=found)
    if check.in_ is not None:
        return CheckResult(why=check.why, ok=found.strip() in check.in_, found=found)
    if check.number is not None:
        m = re.search(r"[-+]?\d*\.?\d+(?:[eE][-+]?\d+)?", found.split()[-1] if found.split() else "")
        value = float(m.group()) if m else None
        ok = value is not None and abs(value - check.number) <= check.rtol * abs(check.number) + 1e-15
        return CheckResult(why=check.why, ok=ok, found=found)
    return CheckResult(why=check.why, ok=True, found=found)
