"""Commands that run no flow never import Prefect: `--help`, `config`, `kb`, and `ask` and
`run-case` when no Prefect server is running or configured (issue #13). Importing Prefect costs
about a second.

Each command runs in a fresh interpreter. `kb cases` and `ask` need the knowledge store, so
their driver replaces the store access (and, for `ask`, the retrieval pipeline's body) with
stand-ins before calling the CLI; `run-case`'s driver replaces only the OpenFOAM runner (it
replays recorded logs): what is checked is everything the command imports on its way.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import CAVITY, copy_tutorial

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_") and k not in
           ("CASEWRIGHT_PREFECT_API_URL", "CASEWRIGHT_PREFECT_PORT")}
    env.update(CASEWRIGHT_DATA_DIR=str(tmp_path), CASEWRIGHT_PREFECT_PORT=str(_free_port()))
    return env


def _imported_prefect(args: list[str], tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "flows.cli", *args], check=False, cwd=ROOT,
                          env=_env(tmp_path), capture_output=True, text=True, timeout=120)
    return proc, [line for line in proc.stderr.splitlines() if line.startswith("import time") and "prefect" in line]


@pytest.mark.parametrize("args", [["--help"], ["config", "--json"], ["kb", "--help"], ["ask", "--help"],
                                  ["bench", "--help"]])
def test_help_and_config_do_not_import_prefect(args: list[str], tmp_path: Path) -> None:
    proc, prefect = _imported_prefect(args, tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert prefect == [], "\n".join(prefect[:10])


CALL_CLI = """
    from flows.cli import app
    try:
        app(sys.argv[1:])
    finally:
        loaded = sorted(m for m in sys.modules if m.split(".")[0] == "prefect")
        print("PREFECT-MODULES:", len(loaded), loaded[:5], file=sys.stderr)
"""

ASK_DRIVER = textwrap.dedent("""
    import contextlib, sys
    from tasks.knowledge import store

    @contextlib.contextmanager
    def connect(settings=None):
        yield None

    store.connect = connect
    store.check_store = lambda conn, model, dimension: None
    store.fetch_cases = lambda conn: []

    import flows.ask_pipeline as pipeline
    from tasks.retrieval.answer import AskAnswer

    def run_ask(request, settings, **_):
        return pipeline.AskResult(question=request.question, mode="expert", reason="stand-in", categories=[],
                                  tools=[], scope_tools=None, variants=[], expansion="none", context=[],
                                  answer=AskAnswer(summary="stand-in", generated_by="offline"),
                                  latency_ms=1.0, timings_ms={})

    pipeline.run_ask = run_ask
""" + CALL_CLI)

RUN_CASE_DRIVER = textwrap.dedent("""
    import shutil, sys
    from pathlib import Path
    from tasks.run import runner

    class LogReplay:  # writes a recorded log for each step instead of running OpenFOAM
        name = "native"

        def run(self, case_dir, step, timeout_s):
            log = case_dir / step.log_file
            if step.command == "icoFoam":
                shutil.copy(Path("tests/fixtures/logs/cavity_ok.log"), log)
            else:
                log.write_text("End\\n")
            return runner.StepResult(command=step.command, args=step.args, backend="native", status="ok",
                                     exit_code=0, seconds=0.01, log_path=str(log))

    runner.select_runner = lambda *args, **kwargs: (LogReplay(), runner.BackendChoice(backend="native",
                                                                                     reason="log replay"))
""" + CALL_CLI)


def _drive(args: list[str], tmp_path: Path, driver: str = ASK_DRIVER) -> tuple[subprocess.CompletedProcess[str], str]:
    proc = subprocess.run([sys.executable, "-c", driver, *args], check=False, cwd=ROOT, env=_env(tmp_path),
                          capture_output=True, text=True, timeout=120)
    line = next((ln for ln in proc.stderr.splitlines() if ln.startswith("PREFECT-MODULES:")), "")
    return proc, line


def test_ask_without_a_server_runs_without_prefect(tmp_path: Path) -> None:
    proc, loaded = _drive(["ask", "what is the default deltaT for pisoFoam", "--json"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert '"summary": "stand-in"' in proc.stdout
    assert loaded.startswith("PREFECT-MODULES: 0 "), loaded or proc.stderr[-2000:]


def test_kb_cases_does_not_import_prefect(tmp_path: Path) -> None:
    proc, loaded = _drive(["kb", "cases", "--solver", "icoFoam"], tmp_path)
    assert proc.returncode == 2 and "casewright ingest" in proc.stderr  # the stand-in store is empty
    assert loaded.startswith("PREFECT-MODULES: 0 "), loaded or proc.stderr[-2000:]


@pytest.mark.parametrize("server", [[], ["--no-server"]])
def test_run_case_without_a_server_runs_without_prefect(server: list[str], tmp_path: Path) -> None:
    """The whole run-case pipeline but OpenFOAM: steps, report.json, acceptance and both plots."""
    case = copy_tutorial(CAVITY, tmp_path / "lid")
    proc, loaded = _drive(["run-case", str(case), *server, "--json"], tmp_path, RUN_CASE_DRIVER)
    assert proc.returncode == 0, proc.stderr[-2000:]
    report = json.loads(proc.stdout)
    assert report["status"] == "completed" and [s["command"] for s in report["steps"]] == ["blockMesh", "icoFoam"]
    assert report["acceptance"]["verdict"] == "accept" and report["backend_reason"] == "log replay"
    assert report["plots"] == {"residuals": "residuals.png", "acceptance": "acceptance.png"}
    assert (case / "residuals.png").is_file() and (case / "report.md").is_file()
    assert json.loads((case / "report.json").read_text())["status"] == "completed"
    assert loaded.startswith("PREFECT-MODULES: 0 "), loaded or proc.stderr[-2000:]


def test_ask_with_server_asked_for_takes_the_flow_path(tmp_path: Path) -> None:
    """--server keeps the tracked path: the flow module (and Prefect) are what it runs."""
    from flows.cli._common import server_wanted
    from tasks.core.config import load_settings

    settings = load_settings(prefect_port=_free_port())
    assert server_wanted(True, settings) and not server_wanted(False, settings)
    assert not server_wanted(None, settings)  # nothing listens on that port
    assert server_wanted(None, load_settings(prefect_api_url="http://127.0.0.1:1/api"))
