"""Pipeline overhead of `new`: everything except OpenFOAM's own step time, per case, in one
warm process against a running Prefect server.

    .venv/bin/python benchmarks/pipeline_overhead.py [--backend docker|native] [--json]

For each request: the flow's wall time, the summed wall time of the OpenFOAM steps
(including container start on the docker backend), and the difference (plan, write, check,
parse logs, score, report, Prefect bookkeeping). The first case also pays for imports.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # benchmarks/ is not a package: find _table.py
from _table import print_table

REQUESTS = {
    "cavity": "lid-driven cavity, lid 1 m/s, icoFoam",
    "cavity (again)": "lid-driven cavity, lid 2 m/s, icoFoam",
    "pitzDaily kEpsilon 50 iterations": "pitzDaily with simpleFoam and k-epsilon, inlet 10 m/s, endTime 50 iterations",
    "damBreak to 0.1 s": "dam break with interFoam, water column in the left third, run until t = 0.1 s",
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--backend", default="docker")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from flows.server import prefect_session
    from tasks.core.config import get_settings
    from tasks.plan.manifest import CaseRequest

    settings = get_settings()
    rows = []
    with prefect_session(settings.prefect_port, settings.prefect_api_url), tempfile.TemporaryDirectory() as tmp:
        from flows.case import request_to_case

        for name, text in REQUESTS.items():
            t0 = time.monotonic()
            r = request_to_case(CaseRequest(text=text, out_dir=Path(tmp) / name.replace(" ", "_"), backend=args.backend),
                                settings=settings)
            wall = time.monotonic() - t0
            steps = sum(s.seconds for s in r.run.steps) if r.run else 0.0
            solver = r.run.solver_seconds if r.run else None
            rows.append({"case": name, "status": r.status, "score": r.score, "flow_wall_s": round(wall, 2),
                         "openfoam_steps_s": round(steps, 2), "solver_cpu_s": solver,
                         "pipeline_overhead_s": round(wall - steps, 2)})
    if args.json:
        print(json.dumps({"backend": args.backend, "cases": rows}))
        return
    print_table(rows)


if __name__ == "__main__":
    main()
