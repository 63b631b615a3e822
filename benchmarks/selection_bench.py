"""Solver selection on the project's own probes (benchmarks/selection/): the development part and
the held-out part, each scored apart, offline (no LLM).

    .venv/bin/python benchmarks/selection_bench.py [--part dev|held|both] [--json]

A phrasing counts when the planner's solver (tasks.edit.generate.choose_plan, as `new` plans) is
one of the case's `expected` solvers; `first` counts the usual pick only. A refusal is a miss.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FILES = {"dev": ROOT / "benchmarks/selection/probes.yaml", "held": ROOT / "benchmarks/selection/probes_held_out.yaml"}


def chosen_solver(text: str, out: Path) -> str:
    from tasks.core.config import get_settings
    from tasks.core.errors import CasewrightError
    from tasks.edit.generate import choose_plan
    from tasks.plan.manifest import CaseRequest

    try:
        return choose_plan(CaseRequest(text=text, out_dir=out, run=False), get_settings(), llm=None).solver
    except CasewrightError as exc:
        return f"refused: {str(exc)[:80]}"


def score(part: str, scratch: Path) -> dict:
    rows = []
    for case in yaml.safe_load(FILES[part].read_text()):
        for i, text in enumerate(case["p"]):
            solver = chosen_solver(text, scratch / f"{case['id']}-{i}")
            rows.append({"id": case["id"], "phrasing": i, "solver": solver, "expected": case["expected"],
                         "ok": solver in case["expected"], "first": solver == case["expected"][0]})
    return {"n": len(rows), "ok": sum(r["ok"] for r in rows), "first": sum(r["first"] for r in rows),
            "misses": [r for r in rows if not r["ok"]]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--part", choices=["dev", "held", "both"], default="both")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    parts = ["dev", "held"] if args.part == "both" else [args.part]
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        out = {part: score(part, Path(tmp)) for part in parts}
    out["seconds"] = round(time.monotonic() - started, 1)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for part in parts:
        r = out[part]
        print(f"{part}: {r['ok']}/{r['n']} accepted solver ({100 * r['ok'] / r['n']:.1f} %), usual pick {r['first']}/{r['n']}")
        for m in r["misses"]:
            print(f"  miss {m['id']}[{m['phrasing']}]: {m['solver']} (expected {', '.join(m['expected'])})")
    print(f"{out['seconds']} s")


if __name__ == "__main__":
    main()
