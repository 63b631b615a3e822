"""Measure a full ingest of the installed corpus, then an unchanged second run.

    .venv/bin/python benchmarks/ingest_bench.py [--data-dir DIR] [--keep]

Each run is `python -m flows.cli ingest --json` in a subprocess with CASEWRIGHT_DATA_DIR set to
a fresh directory (so the OpenFOAM help introspection and the store start empty); wall time
and peak RSS are measured from outside the process. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_ingest(env: dict[str, str]) -> dict[str, object]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "flows.cli", "ingest", "--json"], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"ingest failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    summary = json.loads(proc.stdout)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    summary["wall_seconds"] = round(wall, 1)
    # RUSAGE_CHILDREN keeps the maximum over all children: it is this run's only when it grew
    summary["child_peak_rss_mb"] = round(peak / 1024, 1) if peak > before else None
    if summary.get("embed_seconds"):
        summary["embed_per_second"] = round(summary["embedded"] / summary["embed_seconds"], 1)
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the data dir (and leave its server running)")
    args = parser.parse_args()
    data = args.data_dir or Path(tempfile.mkdtemp(prefix="casewright-bench-"))
    env = {**os.environ, "CASEWRIGHT_DATA_DIR": str(data)}
    env.pop("DATABASE_URL", None)
    try:
        first = run_ingest(env)
        second = run_ingest(env)
    finally:
        if not args.keep:
            sys.path.insert(0, str(ROOT))
            from tasks.knowledge.pgserver import stop_embedded

            stop_embedded(data)
            shutil.rmtree(data, ignore_errors=True)
    print(json.dumps({"data_dir": str(data), "cpus": os.cpu_count(), "load_avg": os.getloadavg(),
                      "first": first, "second": second}, indent=2))


if __name__ == "__main__":
    main()
