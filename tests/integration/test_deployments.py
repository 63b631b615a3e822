"""prefect.yaml's deployments, deployed and run as a user would (README, "Deployments").

A Prefect server of our own (flows/server.py on a free port, a temporary data directory);
`prefect work-pool create`, `prefect deploy --all` from the project folder, a process worker;
then a nightly-reingest run (canonical notes only, to keep it short) and a new-case run (the
cavity) triggered through the REST API, waited for until both complete; the worker is stopped
by its PID at the end, as are the server and the embedded Postgres the runs started.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
POOL = "casewright-process"
FINAL = {"COMPLETED", "FAILED", "CRASHED", "CANCELLED"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def api(url: str, body: dict | None = None, method: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"content-type": "application/json"},
                                 method=method or ("GET" if body is None else "POST"))
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def prefect_cli(args: list[str], env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "prefect", *args], env=env, cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, f"prefect {' '.join(args)} exited {proc.returncode}:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    from flows import server as prefect_server
    from tasks.knowledge.pgserver import stop_embedded

    data = tmp_path_factory.mktemp("deploy-data")
    port = free_port()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CASEWRIGHT_DATA_DIR", str(data))
        for key in ("PREFECT_API_URL", "PREFECT_HOME", "PREFECT_API_DATABASE_CONNECTION_URL", "PREFECT_UI_API_URL"):
            mp.delenv(key, raising=False)
        st = prefect_server.start(port)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PREFECT_", "CASEWRIGHT_PREFECT_API"))}
        env.update(prefect_server.base_env())
        env.update(CASEWRIGHT_DATA_DIR=str(data), CASEWRIGHT_HOME=str(ROOT), PREFECT_API_URL=st.api_url,
                   DO_NOT_TRACK="1", PREFECT_WORKER_QUERY_SECONDS="2", PREFECT_WORKER_PREFETCH_SECONDS="5")
        try:
            yield {"api": st.api_url, "env": env, "data": data}
        finally:
            prefect_server.stop(port)
            stop_embedded(data)  # started by the ingest run in the worker's flow process


@pytest.fixture(scope="module")
def deployed(server: dict[str, Any]) -> dict[str, Any]:
    prefect_cli(["work-pool", "create", POOL, "--type", "process"], server["env"])
    out = prefect_cli(["--no-prompt", "deploy", "--all"], server["env"])
    deployments = api(f"{server['api']}/deployments/filter", {})
    return {"output": out.stdout, "deployments": {d["name"]: d for d in deployments}}


@pytest.fixture(scope="module")
def worker(server: dict[str, Any], deployed: dict[str, Any]) -> Iterator[subprocess.Popen]:
    log = (server["data"] / "worker.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "prefect", "worker", "start", "--pool", POOL],
                            env=server["env"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        yield proc
    finally:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGTERM)  # by its PID: the worker finishes its current poll and exits
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        log.close()


def trigger(server: dict[str, Any], deployment: dict[str, Any], parameters: dict[str, Any]) -> str:
    run = api(f"{server['api']}/deployments/{deployment['id']}/create_flow_run", {"parameters": parameters})
    return run["id"]


def wait_for(server: dict[str, Any], run_ids: list[str], worker: subprocess.Popen, timeout: float = 600) -> dict:
    deadline = time.monotonic() + timeout
    runs: dict[str, Any] = {}
    while time.monotonic() < deadline:
        runs = {rid: api(f"{server['api']}/flow_runs/{rid}") for rid in run_ids}
        if all(r["state_type"] in FINAL for r in runs.values()):
            return runs
        assert worker.poll() is None, f"the worker exited {worker.returncode}: {(server['data'] / 'worker.log').read_text()[-3000:]}"
        time.sleep(2)
    states = {r["name"]: r["state_type"] for r in runs.values()}
    raise AssertionError(f"runs not finished within {timeout:.0f} s: {states}; worker log:\n"
                         f"{(server['data'] / 'worker.log').read_text()[-3000:]}")


@pytest.fixture(scope="module")
def finished(server, deployed, worker, tmp_path_factory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("deploy-case") / "cavity"
    deployments = deployed["deployments"]
    ingest = trigger(server, deployments["nightly-reingest"], {"request": {"kinds": ["canonical"]}})
    case = trigger(server, deployments["new-case"],
                   {"request": {"text": "2D lid-driven cavity, lid 1 m/s, icoFoam", "out_dir": str(out)}})
    runs = wait_for(server, [ingest, case], worker)
    return {"ingest": runs[ingest], "case": runs[case], "out": out}


def test_every_deployment_of_prefect_yaml_is_registered(deployed):
    import yaml

    declared = {d["name"] for d in yaml.safe_load((ROOT / "prefect.yaml").read_text())["deployments"]}
    assert declared <= set(deployed["deployments"]), deployed["output"][-2000:]
    for name in declared:
        assert deployed["deployments"][name]["work_pool_name"] == POOL


def test_nightly_reingest_schedule_is_registered(deployed):
    nightly = deployed["deployments"]["nightly-reingest"]
    schedules = nightly["schedules"]
    assert len(schedules) == 1 and schedules[0]["active"], schedules
    assert schedules[0]["schedule"]["cron"] == "0 3 * * *" and schedules[0]["schedule"]["timezone"] == "UTC"
    for name, deployment in deployed["deployments"].items():
        if name != "nightly-reingest":
            assert not deployment["schedules"], name


def test_nightly_reingest_run_completes(finished, server):
    run = finished["ingest"]
    assert run["state_type"] == "COMPLETED", (run["state"], (server["data"] / "worker.log").read_text()[-3000:])
    assert run["deployment_id"] and run["work_pool_name"] == POOL


def test_new_case_run_completes_and_writes_the_case(finished, server):
    run = finished["case"]
    assert run["state_type"] == "COMPLETED", (run["state"], (server["data"] / "worker.log").read_text()[-3000:])
    out = finished["out"]
    assert (out / "system" / "controlDict").is_file() and (out / "log.icoFoam").is_file()
    assert "End" in (out / "log.icoFoam").read_text()
    artifacts = api(f"{server['api']}/artifacts/filter", {"artifacts": {"flow_run_id": {"any_": [run["id"]]}}})
    assert artifacts, "the new-case run published no artifact"


def test_worker_is_stopped_by_its_pid(worker, finished):
    os.kill(worker.pid, signal.SIGTERM)  # a graceful stop: it finishes its current poll and its flow runs' processes
    try:
        worker.wait(timeout=30)
    except subprocess.TimeoutExpired:  # still waiting on them (seen in the full CI sequence): a second SIGTERM
        os.kill(worker.pid, signal.SIGTERM)  # makes Prefect kill it ("Received SIGTERM. Sending SIGKILL ...")
    assert worker.wait(timeout=30) is not None
