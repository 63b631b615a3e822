"""Measure what `casewright run-case` adds on top of OpenFOAM itself, per backend.

    .venv/bin/python benchmarks/run_case_overhead.py [--reps 3] [--cases cavity,pitzDaily] [--json]

For each case, every repetition runs, in turn:
- bare native: blockMesh + the solver as plain subprocesses (no Casewright; the solver alone
  is the bare_native_solver_s column);
- bare docker: the same two commands as two plain `docker run --rm --network none` commands
  with the image, the case bind-mounted at /case, the same user, limits and log redirection
  as the docker runner;
- `casewright run-case DIR --json` as a fresh process on each backend, once with no Prefect
  server (`--no-server`: the pipeline called directly) and once through a warm Prefect server
  (`--server`; the script starts it first if none runs).
The overhead of a backend is its run-case wall time minus the bare time of the same backend.
Each column is the median over the repetitions.
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
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/ is not a package: find _table.py
from _table import print_table

from tasks.core.config import get_settings
from tasks.run.runner import CONTAINER_CASE_DIR

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
CASES = {
    "cavity": (TUTORIALS / "incompressible/icoFoam/cavity/cavity", "icoFoam"),
    "pitzDaily": (TUTORIALS / "incompressible/simpleFoam/pitzDaily", "simpleFoam"),
}
ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "flows.cli"]
BACKENDS = ("native", "docker")
MODES = {"no_server": "--no-server", "warm_server": "--server"}


def fresh_copy(src: Path, into: Path) -> Path:
    dest = into / f"{src.name}-{time.monotonic_ns()}"
    shutil.copytree(src, dest)
    return dest


def timed(commands: list[list[str]], **kwargs: object) -> list[float]:
    """Wall time of each command, run one after the other (each must succeed)."""
    times = []
    for argv in commands:
        t0 = time.monotonic()
        subprocess.run(argv, check=True, capture_output=True, **kwargs)
        times.append(time.monotonic() - t0)
    return times


def bare_native(src: Path, solver: str, work: Path) -> list[float]:
    case = fresh_copy(src, work)
    env = {**os.environ, "WM_PROJECT_DIR": "/usr/share/openfoam"}
    return timed([["blockMesh"], [solver]], cwd=case, env=env)


def docker_argv(case: Path, command: str) -> list[str]:
    """`docker run` of one command as tasks/run/runner.DockerRunner starts it: no network, the
    host user, every capability dropped, the case at /case, the log written by the container."""
    settings = get_settings()
    return ["docker", "run", "--rm", "--network", "none", "--log-driver", "none",
            "--user", f"{os.getuid()}:{os.getgid()}", "--volume", f"{case}:{CONTAINER_CASE_DIR}:rw",
            "--workdir", CONTAINER_CASE_DIR, "--env", "HOME=/tmp", "--env", f"PWD={CONTAINER_CASE_DIR}",
            "--env", "FOAM_SIGFPE=1", "--memory", settings.docker_memory, "--cpus", str(settings.docker_cpus),
            "--cap-drop", "ALL", "--security-opt", "no-new-privileges", settings.image,
            "sh", "-c", 'exec "$@" > "$0" 2>&1', f"{CONTAINER_CASE_DIR}/log.{command}", command]


def bare_docker(src: Path, solver: str, work: Path) -> float:
    case = fresh_copy(src, work)
    return sum(timed([docker_argv(case, "blockMesh"), docker_argv(case, solver)]))


def run_case(src: Path, backend: str, mode: str, work: Path) -> float:
    case = fresh_copy(src, work)
    t0 = time.monotonic()
    proc = subprocess.run([*CLI, "run-case", str(case), "--backend", backend, MODES[mode], "--json"],
                          cwd=ROOT, capture_output=True, text=True)
    wall = time.monotonic() - t0
    report = json.loads(proc.stdout)
    if report.get("status") != "completed":
        raise SystemExit(f"{case}: run-case did not complete: {proc.stdout[:500]}")
    return wall


def measure(name: str, reps: int, work: Path) -> dict[str, object]:
    """One row: every measurement of a repetition in turn (so a change of machine load hits all
    columns alike), medians over the repetitions."""
    src, solver = CASES[name]
    runs: dict[str, Callable[[], float]] = {"bare_docker_s": lambda: bare_docker(src, solver, work)}
    for backend in BACKENDS:
        for mode in MODES:
            runs[f"{mode}_{backend}_s"] = lambda b=backend, m=mode: run_case(src, b, m, work)
    times: dict[str, list[float]] = {key: [] for key in runs}
    native: list[list[float]] = []
    for _ in range(reps):
        native.append(bare_native(src, solver, work))
        for key, run in runs.items():
            times[key].append(run())
    row: dict[str, object] = {"case": name, "bare_native_s": statistics.median(sum(n) for n in native),
                              "bare_native_solver_s": statistics.median(n[1] for n in native),
                              "bare_docker_s": statistics.median(times["bare_docker_s"])}
    for backend in BACKENDS:
        for mode in MODES:
            wall = statistics.median(times[f"{mode}_{backend}_s"])
            row[f"run_case_{backend}_{mode}_s"] = wall
            row[f"overhead_{backend}_{mode}_s"] = wall - row[f"bare_{backend}_s"]  # type: ignore[operator]
    return {k: round(v, 2) if isinstance(v, float) else v for k, v in row.items()}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--cases", default=",".join(CASES), help=f"comma-separated, of {', '.join(CASES)}")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    names = [n for n in args.cases.split(",") if n]
    if unknown := [n for n in names if n not in CASES]:
        raise SystemExit(f"unknown case(s) {', '.join(unknown)}: use {', '.join(CASES)}")
    subprocess.run([*CLI, "server", "start"], cwd=ROOT, check=True, capture_output=True)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(name, args.reps, Path(tmp)) for name in names]
    if args.json:
        print(json.dumps({"reps": args.reps, "cases": rows}))
        return
    print_table(rows)


if __name__ == "__main__":
    main()
