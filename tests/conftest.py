"""Shared test fixtures: real tutorials copied into temp dirs, a real Prefect server."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tasks.foam.files import decompress_tree

os.environ.setdefault("DO_NOT_TRACK", "1")  # no Prefect telemetry from tests
os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")

TUTORIALS = Path(os.environ.get("CASEWRIGHT_TUTORIALS_DIR", "/usr/share/doc/openfoam-examples/examples"))
CAVITY = TUTORIALS / "incompressible/icoFoam/cavity/cavity"
PITZDAILY = TUTORIALS / "incompressible/simpleFoam/pitzDaily"
DAMBREAK = TUTORIALS / "multiphase/interFoam/laminar/damBreak/damBreak"
TEST_PREFECT_PORT = int(os.environ.get("CASEWRIGHT_TEST_PREFECT_PORT", "4297"))


def copy_tutorial(src: Path, dest: Path) -> Path:
    """Copy a tutorial case (gunzipping .gz files) into dest."""
    if not src.is_dir():
        pytest.skip(f"OpenFOAM tutorials not installed at {src} (apt-get install openfoam)")
    shutil.copytree(src, dest)
    decompress_tree(dest)
    return dest


def set_entry(path: Path, key: str, value: str) -> None:
    """Replace a top-level `key value;` line in a dictionary (test helper)."""
    import re

    text = path.read_text()
    new, n = re.subn(rf"(?m)^(\s*{key}\s+)[^;]*;", rf"\g<1>{value};", text, count=1)
    assert n == 1, f"{key} not found in {path}"
    path.write_text(new)


@pytest.fixture(scope="session", autouse=True)
def subprocess_bytecode(tmp_path_factory: pytest.TempPathFactory):
    """Where the environment forbids bytecode files (PYTHONDONTWRITEBYTECODE), every Python process
    a test starts (the hundred-odd `casewright` commands, Prefect workers and flow runs, servers)
    compiled the project's ~90 000 lines and the libraries it imports again: about a second of CPU
    each. For the session they keep their bytecode in a folder of their own (PYTHONPYCACHEPREFIX),
    never in the source tree; the environment is restored at the end."""
    if not os.environ.get("PYTHONDONTWRITEBYTECODE") or os.environ.get("PYTHONPYCACHEPREFIX"):
        yield
        return
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("PYTHONDONTWRITEBYTECODE")
        mp.setenv("PYTHONPYCACHEPREFIX", str(tmp_path_factory.mktemp("pycache")))
        yield


@pytest.fixture(scope="session")
def test_data_dir(tmp_path_factory: pytest.TempPathFactory):
    """The data dir of the session's `casewright` subprocesses. The embedded Postgres a command
    starts there outlives the command by design (the next one reuses it): stop it at the end."""
    root = tmp_path_factory.mktemp("casewright-data")
    yield root
    from tasks.knowledge.pgserver import stop_embedded

    stop_embedded(root)


@pytest.fixture(scope="session")
def cli_env(test_data_dir: Path) -> dict[str, str]:
    """Environment for `casewright` subprocesses: isolated data dir and Prefect port."""
    env = dict(os.environ)
    env.update(
        CASEWRIGHT_DATA_DIR=str(test_data_dir),
        CASEWRIGHT_PREFECT_PORT=str(TEST_PREFECT_PORT),
        PREFECT_SERVER_ANALYTICS_ENABLED="false",
    )
    env.pop("PREFECT_API_URL", None)
    env.pop("CASEWRIGHT_PREFECT_API_URL", None)
    return env


@pytest.fixture(scope="session")
def prefect_server(cli_env: dict[str, str]):
    """A real local Prefect server for the whole session, stopped at the end."""
    run_cli(["server", "start"], cli_env, check=True)
    yield f"http://127.0.0.1:{TEST_PREFECT_PORT}/api"
    # flows run in this process may still hold logs and events for the API: send them first
    from prefect._internal.concurrency.services import QueueService

    QueueService.drain_all(timeout=10)
    run_cli(["server", "stop"], cli_env)


PLANNED_CAVITY = "lid-driven cavity, lid 1 m/s, icoFoam, run until t = 0.1 s"


@pytest.fixture(scope="session")
def planned_cavity_source(tmp_path_factory: pytest.TempPathFactory, cli_env: dict[str, str]) -> Path:
    """`casewright new PLANNED_CAVITY --no-run`, written once per session. The modify and sweep
    tests each change a copy of it (`planned_cavity`): planning it again per test cost a whole
    `casewright` process each, for the same files."""
    code, r = cli_json(["new", PLANNED_CAVITY, "-o", str(tmp_path_factory.mktemp("planned") / "cavity"), "--no-run"],
                       cli_env)
    assert code == 0 and r["status"] == "written", r
    return Path(r["case_dir"])


@pytest.fixture()
def planned_cavity(planned_cavity_source: Path, tmp_path: Path) -> Path:
    """A test's own copy of the session's planned cavity, at tmp_path/cavity."""
    return Path(shutil.copytree(planned_cavity_source, tmp_path / "cavity", symlinks=True))


def run_cli(args: list[str], env: dict[str, str], check: bool = False, timeout: float = 900) -> subprocess.CompletedProcess:
    proc = subprocess.run(
        [sys.executable, "-m", "flows.cli", *args], env=env, capture_output=True, text=True,
        timeout=timeout, cwd=Path(__file__).resolve().parent.parent,
    )
    if check and proc.returncode != 0:
        raise AssertionError(f"casewright {' '.join(args)} exited {proc.returncode}:\n{proc.stderr[-3000:]}")
    return proc


def cli_json(args: list[str], env: dict[str, str]) -> tuple[int, dict]:
    """`casewright ARGS --json`: (exit code, the one JSON object it must print on stdout)."""
    import json

    proc = run_cli([*args, "--json"], env)
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    assert len(lines) == 1, f"stdout must be one JSON object, got:\n{proc.stdout}\nstderr:\n{proc.stderr[-3000:]}"
    return proc.returncode, json.loads(lines[0])


def docker_ready() -> str | None:
    """None when the Docker daemon answers and the OpenFOAM image exists, else the reason."""
    try:
        import docker

        client = docker.from_env()
        client.ping()
        client.images.get(os.environ.get("CASEWRIGHT_IMAGE", "casewright/openfoam:v1912"))
        return None
    except Exception as exc:  # the reason is reported by the test that needs Docker
        return f"{type(exc).__name__}: {exc}"


@pytest.fixture(scope="module")
def need_docker() -> None:
    """Skip the test when Docker or the OpenFOAM image is not usable; fail instead when
    CASEWRIGHT_REQUIRE_DOCKER=1 (CI, where a missing image is a broken setup)."""
    reason = docker_ready()
    if reason:
        if os.environ.get("CASEWRIGHT_REQUIRE_DOCKER") == "1":
            pytest.fail(f"Docker OpenFOAM image required but not usable: {reason}")
        pytest.skip(f"Docker OpenFOAM image not usable: {reason}")
