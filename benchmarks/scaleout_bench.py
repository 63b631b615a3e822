"""Measure the two scale-out speedups of issue 12 side by side, on this machine, now.

    .venv/bin/python benchmarks/scaleout_bench.py [--reps 2] [--refine 2] [--iterations 300] [--json]

1. `run-case --np 1` against `--np 2` on pitzDaily with every block's cell counts multiplied by
   --refine in x and y (2 -> 48,900 cells), run for --iterations: the solver's own ClockTime and
   the whole command's wall time.
2. An 8-variant cavity sweep on a dask.distributed scheduler on 127.0.0.1 with one worker against
   two workers (one thread each, their own working folders), wall time. The scheduler and the
   workers preload flows.sweep, as README.md says to start them: a scheduler imports it with
   the first variant it unpickles otherwise (about 2 s of CPU, before any variant starts).
   --cavity-cells N meshes the cavity N x N (deltaT scaled to keep Co <= 1 at the fastest lid)
   and runs it to 0.5 s; --cavity-cells 20 is the tutorial's mesh run to 2 s, where a variant is
   ~1 s of OpenFOAM and the fixed cost of a run (container, Prefect) dominates.

The load average before each run is printed: a speedup measured on busy cores is not the
speedup of the code.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
PITZ = TUTORIALS / "incompressible/simpleFoam/pitzDaily"
CAVITY = TUTORIALS / "incompressible/icoFoam/cavity/cavity"
ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "flows.cli"]
HEX_COUNTS = re.compile(r"(hex\s*\([\d\s]+\)\s*\()(\d+)\s+(\d+)\s+(\d+)\)")


def load() -> float:
    return os.getloadavg()[0]


def set_entry(path: Path, key: str, value: str) -> None:
    text = path.read_text()
    path.write_text(re.sub(rf"(?m)^(\s*{key}\s+)[^;]*;", rf"\g<1>{value};", text, count=1))


def refined_pitzdaily(dest: Path, refine: int, iterations: int) -> Path:
    shutil.copytree(PITZ, dest)
    mesh = dest / "system/blockMeshDict"
    mesh.write_text(HEX_COUNTS.sub(lambda m: f"{m[1]}{int(m[2]) * refine} {int(m[3]) * refine} {m[4]})",
                                   mesh.read_text()))
    set_entry(dest / "system/controlDict", "endTime", str(iterations))
    set_entry(dest / "system/controlDict", "writeInterval", str(iterations))
    return dest


def clock_time(case: Path) -> float:
    times = re.findall(r"ClockTime = ([\d.]+) s", (case / "log.simpleFoam").read_text())
    return float(times[-1])


def run_np(work: Path, np_: int, refine: int, iterations: int) -> dict:
    case = refined_pitzdaily(work / f"pitz-np{np_}-{time.monotonic_ns()}", refine, iterations)
    before = load()
    t0 = time.monotonic()
    proc = subprocess.run([*CLI, "run-case", str(case), "--np", str(np_), "--json"], cwd=ROOT,
                          capture_output=True, text=True)
    wall = time.monotonic() - t0
    report = json.loads(proc.stdout)
    if report.get("status") != "completed":
        raise SystemExit(f"{case}: run-case --np {np_} did not complete: {proc.stdout[:400]}")
    return {"np": np_, "wall_s": round(wall, 2), "solver_clock_s": clock_time(case), "load_before": round(before, 2)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sweep_cavity(dest: Path, cells: int) -> Path:
    shutil.copytree(CAVITY, dest)
    control = dest / "system/controlDict"
    if cells == 20:
        set_entry(control, "endTime", "2")
        set_entry(control, "writeInterval", "400")
        return dest
    mesh = dest / "system/blockMeshDict"
    mesh.write_text(HEX_COUNTS.sub(lambda m: f"{m[1]}{cells} {cells} {m[4]})", mesh.read_text()))
    dt = round(0.1 / cells / 2 * 0.8, 6)  # Co 0.8 at the fastest lid (2 m/s)
    set_entry(control, "deltaT", str(dt))
    set_entry(control, "endTime", "0.5")
    set_entry(control, "writeInterval", str(round(0.5 / dt)))
    return dest


def sweep_on_workers(work: Path, n_workers: int, cells: int) -> dict:
    """A fresh scheduler and n workers, the 8-variant sweep, then every process stopped."""
    root = work / f"dask-{n_workers}-{time.monotonic_ns()}"
    root.mkdir(parents=True)
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                               "--port", str(port), "--no-dashboard", "--preload", "flows.sweep"], cwd=root,
                              stdout=open(root / "scheduler.log", "wb"), stderr=subprocess.STDOUT)]
    try:
        for i in range(n_workers):
            folder = root / f"w{i}"
            folder.mkdir()
            env = {**os.environ, "CASEWRIGHT_WORK_DIR": str(folder / "work")}
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "distributed.cli.dask_worker", address, "--name", f"w{i}", "--nthreads", "1",
                 "--host", "127.0.0.1", "--no-dashboard", "--preload", "flows.sweep",
                 "--local-directory", str(folder / "dask")],
                cwd=folder, env=env, stdout=open(folder / "worker.log", "wb"), stderr=subprocess.STDOUT))
        wait_for_workers(address, n_workers)
        base = sweep_cavity(root / "cavity", cells)
        before = load()
        t0 = time.monotonic()
        proc = subprocess.run([*CLI, "sweep", str(base), "-o", str(root / "out"), "--param", "U=0.5,1,1.5,2",
                               "--param", "nu=0.01,0.02", "--change", "lid velocity {U} m/s",
                               "--set", "constant/transportProperties:nu={nu}", "--dask", address, "--json"],
                              cwd=ROOT, capture_output=True, text=True)
        wall = time.monotonic() - t0
        report = json.loads(proc.stdout)
        if report["summary"]["completed"] != 8:
            raise SystemExit(f"sweep on {n_workers} workers: {report['summary']}")
        return {"workers": n_workers, "cells": cells, "wall_s": round(wall, 2), "flow_s": report["summary"]["wall_s"],
                "variant_s": [v["seconds"] for v in report["variants"]], "load_before": round(before, 2),
                "used": sorted({v["worker"] for v in report["variants"]})}
    finally:
        for p in reversed(procs):
            p.terminate()
        for p in procs:
            p.wait(timeout=30)


def wait_for_workers(address: str, n: int) -> None:
    from distributed import Client

    with Client(address, timeout=60) as client:
        client.wait_for_workers(n, timeout=90)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--refine", type=int, default=2)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--cavity-cells", type=int, default=80)
    ap.add_argument("--skip", choices=["np", "dask"], action="append", default=[])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict = {"cores": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="cw-scaleout-") as tmp:
        work = Path(tmp)
        if "np" not in args.skip:
            runs = [run_np(work, n, args.refine, args.iterations) for _ in range(args.reps) for n in (1, 2)]
            one = [r for r in runs if r["np"] == 1]
            two = [r for r in runs if r["np"] == 2]
            out["np"] = {"runs": runs,
                         "speedup_solver": round(statistics.mean(r["solver_clock_s"] for r in one)
                                                 / statistics.mean(r["solver_clock_s"] for r in two), 2),
                         "speedup_wall": round(statistics.mean(r["wall_s"] for r in one)
                                               / statistics.mean(r["wall_s"] for r in two), 2)}
        if "dask" not in args.skip:
            runs = [sweep_on_workers(work, n, args.cavity_cells) for _ in range(args.reps) for n in (1, 2)]
            out["dask"] = {"runs": runs,
                           "speedup": round(statistics.mean(r["wall_s"] for r in runs if r["workers"] == 1)
                                            / statistics.mean(r["wall_s"] for r in runs if r["workers"] == 2), 2)}
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for key, section in out.items():
        if key == "cores":
            continue
        for r in section["runs"]:
            print(key, r)
        print(key, "speedup", {k: v for k, v in section.items() if k.startswith("speedup")})


if __name__ == "__main__":
    main()
