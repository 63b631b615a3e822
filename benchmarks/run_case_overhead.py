"""Measure what `casewright run-case` adds on top of OpenFOAM itself.

    .venv/bin/python benchmarks/run_case_overhead.py [--reps 3] [--json]

For cavity and pitzDaily: the bare native time of blockMesh + solver (subprocesses, no
Casewright), then the wall time of `casewright run-case` on each backend with a warm
Prefect server (started first if none runs). Overhead = run-case wall - bare native.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/ is not a package: find _table.py
from _table import print_table

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
CASES = {
    "cavity": (TUTORIALS / "incompressible/icoFoam/cavity/cavity", "icoFoam"),
    "pitzDaily": (TUTORIALS / "incompressible/simpleFoam/pitzDaily", "simpleFoam"),
}
ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "flows.cli"]


def fresh_copy(src: Path, into: Path) -> Path:
    dest = into / f"{src.name}-{time.monotonic_ns()}"
    shutil.copytree(src, dest)
    return dest


def bare_native(src: Path, solver: str, work: Path) -> tuple[float, float]:
    case = fresh_copy(src, work)
    env = {**os.environ, "WM_PROJECT_DIR": "/usr/share/openfoam"}
    t0 = time.monotonic()
    subprocess.run(["blockMesh"], cwd=case, env=env, check=True, capture_output=True)
    t1 = time.monotonic()
    subprocess.run([solver], cwd=case, env=env, check=True, capture_output=True)
    t2 = time.monotonic()
    return t2 - t0, t2 - t1


def run_case(src: Path, backend: str, work: Path) -> float:
    case = fresh_copy(src, work)
    t0 = time.monotonic()
    proc = subprocess.run([*CLI, "run-case", str(case), "--backend", backend, "--json"],
                          cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - t0
    report = json.loads(proc.stdout)
    if report.get("status") != "completed":
        raise SystemExit(f"{case}: run-case did not complete: {proc.stdout[:500]}")
    return wall


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    subprocess.run([*CLI, "server", "start"], cwd=ROOT, check=True, capture_output=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name, (src, solver) in CASES.items():
            bare = [bare_native(src, solver, work) for _ in range(args.reps)]
            row = {
                "case": name,
                "bare_mesh_and_solver_s": statistics.median(b[0] for b in bare),
                "bare_solver_s": statistics.median(b[1] for b in bare),
            }
            for backend in ("native", "docker"):
                row[f"run_case_{backend}_s"] = statistics.median(run_case(src, backend, work) for _ in range(args.reps))
                row[f"overhead_{backend}_s"] = row[f"run_case_{backend}_s"] - row["bare_mesh_and_solver_s"]
            rows.append({k: round(v, 2) if isinstance(v, float) else v for k, v in row.items()})
    if args.json:
        print(json.dumps({"reps": args.reps, "cases": rows}))
        return
    print_table(rows)


if __name__ == "__main__":
    main()
