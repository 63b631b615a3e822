"""Progress of the long commands goes to stderr, never to stdout: with --json, stdout stays one
JSON object; bars (or, off a terminal, `label: done/total` lines) only with --progress there.

`bench exec` runs its real flow body (bench_exec.fn, without a Prefect server) with each case's
run replaced by a stand-in result, so the loop's own progress reporting is what is shown.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tasks.core.progress import counted, progress_to, report_progress

ROOT = Path(__file__).resolve().parents[2]

DRIVER = textwrap.dedent("""
    import sys
    import flows.bench as bench
    import flows.cli.bench as cli_bench

    def run_one(case, out_root, settings, backend):
        return bench.BenchResult(case_id=case.case_id, category=case.case_id[0], score=4, reason="stand-in",
                                 status="completed", seconds=0.0, checks=[], case_dir=str(out_root / case.case_id))

    def run_flow(ref, *args, **kwargs):
        assert ref == "flows.bench:bench_exec", ref
        return bench.bench_exec.fn(*args, **kwargs)

    bench.run_one = run_one
    cli_bench.run_flow = run_flow
    from flows.cli import app
    app(sys.argv[1:])
""")


def _bench(tmp_path: Path, *flags: str, tty: bool = False) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("TTY_COMPATIBLE", "FORCE_COLOR", "NO_COLOR")}
    env["CASEWRIGHT_DATA_DIR"] = str(tmp_path / "data")
    if tty:
        env["TTY_COMPATIBLE"] = "1"  # rich treats stderr as a terminal: the bars are drawn
    args = ["bench", "exec", "--category", "A", "--out", str(tmp_path / "out"), *flags]
    return subprocess.run([sys.executable, "-c", DRIVER, *args], check=False, cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


def _one_json_object(stdout: str) -> dict:
    lines = [line for line in stdout.splitlines() if line.strip()]
    assert len(lines) == 1, stdout[:2000]
    return json.loads(lines[0])


def test_json_alone_prints_no_progress(tmp_path: Path) -> None:
    proc = _bench(tmp_path, "--json")
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = _one_json_object(proc.stdout)
    assert out["n"] > 0 and out["at_4"] == out["n"]
    assert "bench iterasim: cases" not in proc.stderr


def test_progress_with_json_goes_to_stderr_as_lines_off_a_terminal(tmp_path: Path) -> None:
    proc = _bench(tmp_path, "--json", "--progress")
    assert proc.returncode == 0, proc.stderr[-2000:]
    n = _one_json_object(proc.stdout)["n"]
    lines = [line for line in proc.stderr.splitlines() if line.startswith("bench iterasim: cases: ")]
    assert lines[0] == f"bench iterasim: cases: 0/{n}" and lines[-1] == f"bench iterasim: cases: {n}/{n}"
    assert len(lines) == n + 1


def test_progress_draws_rich_bars_on_a_terminal_stderr(tmp_path: Path) -> None:
    proc = _bench(tmp_path, "--json", "--progress", tty=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    _one_json_object(proc.stdout)
    assert "bench iterasim: cases" in proc.stderr and "\x1b[" in proc.stderr  # drawn, then cleared (transient)
    assert "bench iterasim: cases: 0/" not in proc.stderr  # bars, not lines


def test_counted_reports_before_the_first_and_after_each_item() -> None:
    seen: list[tuple[str, int, int | None]] = []
    with progress_to(lambda *event: seen.append(event)):
        items = [item for item in counted(["a", "b", "c"], "loop")]
        report_progress("other", 1, None)
    report_progress("after", 1, 1)  # nobody listens any more
    assert items == ["a", "b", "c"]
    assert seen == [("loop", 0, 3), ("loop", 1, 3), ("loop", 2, 3), ("loop", 3, 3), ("other", 1, None)]


@pytest.mark.parametrize(("progress", "json_out", "shown"), [(None, False, True), (None, True, False),
                                                             (True, True, True), (False, False, False)])
def test_show_progress_defaults(progress: bool | None, json_out: bool, shown: bool) -> None:
    from flows.cli._common import show_progress

    assert show_progress(progress, json_out) is shown
