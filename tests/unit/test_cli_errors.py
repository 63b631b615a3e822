"""The CLI's error edge: a refused command exits 2 with one `error:` line on stderr and, with
--json, exactly one {"error", "kind"} object on stdout; never a traceback unless --debug.

Every refusal here happens before any service starts (no Prefect, Docker or Postgres).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from flows.cli import app
from tasks.core.errors import RequestError

ROOT = Path(__file__).resolve().parents[2]
CASEWRIGHT = Path(sys.executable).parent / "casewright"

# (argv with {tmp} for the test's folder, kind, a phrase the message must hold)
REFUSED = [
    (["new", "", "-o", "{tmp}/out"], "RequestError", "the request is empty"),
    (["new", "flow with fooFoam", "-o", "{tmp}/out"], "RequestError", "unknown solver 'fooFoam'"),
    (["new", "lid-driven cavity, icoFoam"], "UsageError", "Missing option '-o' / '--out'"),
    (["new", "lid-driven cavity, icoFoam", "-o", "{tmp}/out", "--backend", "podman"], "UsageError",
     "unknown backend 'podman'"),
    (["new", "lid-driven cavity, icoFoam", "-o", "{tmp}/out", "--example", "{tmp}/nope"], "UsageError",
     "is not an OpenFOAM case"),
    (["run-case", "{tmp}/nope"], "UsageError", "does not exist"),
    (["review", "{tmp}/nope"], "UsageError", "does not exist"),
    (["modify", "{tmp}/nope", "inlet 2 m/s"], "UsageError", "does not exist"),
    (["review", "{tmp}", "--max-cycles", "-1"], "UsageError", "'--max-cycles'"),
    (["sweep", "{tmp}/nope", "-o", "{tmp}/out", "--param", "U"], "UsageError", "write NAME=value1,value2"),
    (["sweep", "{tmp}/nope", "-o", "{tmp}/out", "--param", "U=1,2", "--change", "lid {U} m/s"], "UsageError",
     "is not an OpenFOAM case"),
    (["kb", "cases", "--limit", "0"], "UsageError", "'--limit'"),
    (["bench", "retrieval", "--set", "nope"], "UsageError", "unknown --set 'nope'"),
    (["nosuch"], "UsageError", "No such command 'nosuch'"),
]


def _argv(args: list[str], tmp: Path) -> list[str]:
    return [a.replace("{tmp}", str(tmp)) for a in args]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.mark.parametrize("args,kind,phrase", REFUSED)
def test_refused_with_json_prints_one_object_and_one_line(runner, tmp_path, args, kind, phrase):
    result = runner.invoke(app, [*_argv(args, tmp_path), "--json"])
    assert result.exit_code == 2, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1, f"stdout must be one JSON object, got:\n{result.stdout}"
    payload = json.loads(lines[0])
    assert set(payload) == {"error", "kind"} and payload["kind"] == kind
    assert phrase in payload["error"]
    assert result.stderr.splitlines() == [f"error: {payload['error']}"]
    assert not (tmp_path / "out").exists(), "a refused command writes nothing"


@pytest.mark.parametrize("args,kind,phrase", REFUSED)
def test_refused_without_json_prints_one_line_on_stderr(runner, tmp_path, args, kind, phrase):
    result = runner.invoke(app, _argv(args, tmp_path))
    assert result.exit_code == 2
    assert result.stdout == ""
    [line] = result.stderr.splitlines()
    assert line.startswith("error: ") and phrase in line


def test_unexpected_error_is_one_line_that_points_at_debug(runner, monkeypatch):
    def broken(**_: object) -> None:
        raise RuntimeError("settings exploded")

    monkeypatch.setattr("tasks.core.config.load_settings", broken)
    result = runner.invoke(app, ["config", "--json"])
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["kind"] == "RuntimeError" and "settings exploded" in payload["error"]
    [line] = result.stderr.splitlines()
    assert "unexpected RuntimeError: settings exploded" in line and "--debug" in line


def test_debug_reraises_an_unexpected_error(runner, monkeypatch):
    def broken(**_: object) -> None:
        raise RuntimeError("settings exploded")

    monkeypatch.setattr("tasks.core.config.load_settings", broken)
    result = runner.invoke(app, ["--debug", "config"])
    assert isinstance(result.exception, RuntimeError)


@pytest.mark.parametrize("how", ["option", "env"])
def test_debug_reraises_a_refusal(runner, tmp_path, how):
    args = ["new", "", "-o", str(tmp_path / "out")]
    if how == "option":
        result = runner.invoke(app, ["--debug", *args])
    else:
        result = runner.invoke(app, args, env={"CASEWRIGHT_DEBUG": "1"})
    assert isinstance(result.exception, RequestError)


def test_debug_is_reset_between_invocations(runner, tmp_path):
    runner.invoke(app, ["--debug", "new", "", "-o", str(tmp_path / "out")])
    result = runner.invoke(app, ["new", "", "-o", str(tmp_path / "out")])
    assert result.exit_code == 2 and not isinstance(result.exception, RequestError)


# --- the installed script, in a fresh process ---------------------------------------------------

def _run(args: list[str], tmp: Path, *, module: bool = False) -> subprocess.CompletedProcess:
    env = {**os.environ, "CASEWRIGHT_DATA_DIR": str(tmp / "data")}
    env.pop("CASEWRIGHT_DEBUG", None)
    cmd = [sys.executable, "-m", "flows.cli"] if module else [str(CASEWRIGHT)]
    return subprocess.run([*cmd, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("request_text", ["", "flow with fooFoam"])
def test_script_refuses_a_request_before_prefect_starts(tmp_path, request_text):
    out = tmp_path / "out"
    proc = _run(["new", request_text, "--json", "-o", str(out)], tmp_path)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and proc.stderr.startswith("error: ")
    assert json.loads(proc.stdout)["kind"] == "RequestError"
    assert not out.exists()
    assert not (tmp_path / "data" / "prefect").exists(), "no Prefect server may start for a refused request"


def test_commands_without_a_flow_do_not_import_prefect(tmp_path):
    probe = ("import sys, atexit\n"
             "atexit.register(lambda: print('prefect imported:', 'prefect' in sys.modules, file=sys.stderr))\n"
             "from flows.cli import main\n"
             "main()\n")
    for args in (["--help"], ["config", "--json"], ["kb", "--help"], ["new", "", "-o", str(tmp_path / "o")]):
        proc = subprocess.run([sys.executable, "-c", probe, *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=120, env={**os.environ, "CASEWRIGHT_DATA_DIR": str(tmp_path / "data")})
        assert "prefect imported: False" in proc.stderr, (args, proc.stderr)


def test_python_dash_m_runs_the_same_cli(tmp_path):
    proc = _run(["config", "--json"], tmp_path, module=True)
    assert proc.returncode == 0
    assert "prefect_port" in json.loads(proc.stdout)
