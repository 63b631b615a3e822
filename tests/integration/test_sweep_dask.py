"""`casewright sweep --dask tcp://...` on a real dask.distributed scheduler and two workers that
the test starts on 127.0.0.1, each in its own process and working folder (no shared case
folder), running real OpenFOAM in the Docker image; one test kills a worker mid-variant."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import CAVITY, cli_json, copy_tutorial, run_cli, set_entry

pytestmark = pytest.mark.integration
distributed = pytest.importorskip("distributed")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A `dask scheduler` and `dask worker` processes on 127.0.0.1, stopped by the fixture."""

    def __init__(self, root: Path, env: dict[str, str]) -> None:
        self.root, self.env = root, env
        self.address = f"tcp://127.0.0.1:{_free_port()}"
        self.procs: list[subprocess.Popen] = []
        self.workers: dict[str, tuple[subprocess.Popen, Path]] = {}  # address -> (process, working folder)
        port = self.address.rsplit(":", 1)[1]
        self._start([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", port,
                     "--no-dashboard", "--preload", "flows.sweep"], root / "scheduler", "scheduler")

    def _start(self, argv: list[str], folder: Path, name: str) -> subprocess.Popen:
        folder.mkdir(parents=True, exist_ok=True)
        env = {**self.env, "CASEWRIGHT_WORK_DIR": str(folder / "work")}
        proc = subprocess.Popen(argv, cwd=folder, env=env, stdout=open(folder / f"{name}.log", "wb"),
                                stderr=subprocess.STDOUT, start_new_session=True)
        self.procs.append(proc)
        return proc

    def add_workers(self, n: int) -> None:
        """n single-process workers (no nanny: a killed worker stays dead), one thread each."""
        before = set(self._worker_addresses())
        started = []
        for i in range(n):
            name = f"w{len(self.workers) + i}"
            folder = self.root / name
            proc = self._start([sys.executable, "-m", "distributed.cli.dask_worker", self.address, "--name", name,
                                "--nthreads", "1", "--no-nanny", "--host", "127.0.0.1", "--no-dashboard", "--preload", "flows.sweep",
                                "--local-directory", str(folder / "dask")], folder, name)
            started.append((name, proc, folder))
        deadline = time.monotonic() + 90
        while len(set(self._worker_addresses()) - before) < n:
            assert time.monotonic() < deadline, "dask workers did not register within 90 s"
            time.sleep(0.5)
        names = self._worker_names()
        for name, proc, folder in started:
            self.workers[names[name]] = (proc, folder)

    def _info(self) -> dict:
        with distributed.Client(self.address, timeout=30) as client:
            return client.scheduler_info(n_workers=-1)

    def _worker_addresses(self) -> list[str]:
        return list(self._info()["workers"])

    def _worker_names(self) -> dict[str, str]:
        return {w["name"]: addr for addr, w in self._info()["workers"].items()}

    def stop(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture()
def cluster(tmp_path: Path, cli_env: dict[str, str], prefect_server: str) -> Iterator[Cluster]:
    env = {**cli_env, "PREFECT_API_URL": prefect_server}
    c = Cluster(tmp_path / "dask", env)
    try:
        yield c
    finally:
        c.stop()


def _containers_under(under: Path) -> list:
    """The Casewright containers whose case is under `under`."""
    import docker

    client = docker.from_env()
    return [c for c in client.containers.list(all=True, filters={"label": "casewright.case"})
            if c.labels.get("casewright.case", "").startswith(str(under))]


def _cavity(tmp_path: Path, end_time: str) -> Path:
    """The cavity tutorial run to end_time, written only there (deltaT 0.005, writeControl timeStep)."""
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    set_entry(case / "system/controlDict", "endTime", end_time)
    set_entry(case / "system/controlDict", "writeInterval", str(round(float(end_time) / 0.005)))
    return case


def test_eight_variants_run_on_two_workers_without_a_shared_folder(tmp_path: Path, cluster: Cluster,
                                                                   cli_env: dict[str, str],
                                                                   need_docker: None) -> None:
    cluster.add_workers(2)
    base = _cavity(tmp_path, "0.1")
    out = tmp_path / "sweep"
    code, r = cli_json(["sweep", str(base), "-o", str(out), "--param", "U=0.5,1,1.5,2", "--param", "nu=0.01,0.02",
                        "--change", "lid velocity {U} m/s", "--set", "constant/transportProperties:nu={nu}",
                        "--dask", cluster.address], cli_env)
    assert code == 0, r
    assert (r["executor"], r["address"]) == ("dask", cluster.address)
    assert r["summary"]["n"] == r["summary"]["completed"] == 8 and r["summary"]["failed"] == 0
    workers = set(cluster.workers)
    assert {v["worker"] for v in r["variants"]} <= workers, (workers, [v["worker"] for v in r["variants"]])
    for v in r["variants"]:
        case = out / v["name"]
        assert v["status"] == "completed" and v["score"] == 4, v
        assert f"uniform ({v['params']['U']} 0 0)" in (case / "0/U").read_text()
        assert (case / "0.1/U").is_file() and (case / "log.icoFoam").is_file()
        assert json.loads((case / "report.json").read_text())["case_dir"] == str(case)
        assert v["seconds"] > 0 and v["qoi"]["Co_max"] > 0
    # each worker ran its variants in its own folder, and cleaned it up
    for _, folder in cluster.workers.values():
        assert not list((folder / "work").glob("casewright-*")), list((folder / "work").iterdir())
    assert (out / "sweep.csv").read_text().count("\n") == 9
    assert (out / "plots/Co_max_vs_U.png").is_file()


def test_a_variant_on_a_killed_worker_runs_again_on_the_other(tmp_path: Path, cluster: Cluster,
                                                              cli_env: dict[str, str], need_docker: None) -> None:
    cluster.add_workers(2)
    base = _cavity(tmp_path, "12")  # long enough (several seconds) to be killed in the middle
    out = tmp_path / "sweep"
    proc = subprocess.Popen([sys.executable, "-m", "flows.cli", "sweep", str(base), "-o", str(out),
                             "--param", "U=0.5,1", "--change", "lid velocity {U} m/s", "--dask", cluster.address,
                             "--json"], env=cli_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    victim = None
    deadline = time.monotonic() + 240
    while victim is None:
        assert time.monotonic() < deadline and proc.poll() is None, "no variant started on a worker"
        for address, (worker, folder) in cluster.workers.items():
            logs = list((folder / "work").glob("casewright-*/*/log.icoFoam"))
            if logs and logs[0].read_text(errors="replace").count("\nTime = ") > 20:  # in the middle of the solver
                victim = address
                worker.kill()
                worker.wait()
                break
        time.sleep(0.2)
    stdout, stderr = proc.communicate(timeout=600)
    lines = [ln for ln in stdout.splitlines() if ln.strip()]
    assert len(lines) == 1, stderr[-3000:]
    r = json.loads(lines[0])
    assert proc.returncode == 0, r
    survivor = next(a for a in cluster.workers if a != victim)
    assert r["summary"]["completed"] == 2
    assert {v["worker"] for v in r["variants"]} == {survivor}
    for v in r["variants"]:
        assert v["time_reached"] == pytest.approx(12), v
        assert (out / v["name"] / "12/U").is_file()
    # the killed worker's container outlived it until the survivor's next step reaped it
    assert _containers_under(tmp_path / "dask") == []


def test_a_bad_dask_address_is_refused_before_anything_runs(tmp_path: Path, cli_env: dict[str, str]) -> None:
    base = _cavity(tmp_path, "0.1")
    proc = run_cli(["sweep", str(base), "-o", str(tmp_path / "out"), "--param", "U=1,2", "--change",
                    "lid velocity {U} m/s", "--dask", "127.0.0.1", "--json"], cli_env)
    assert proc.returncode == 2 and "tcp://HOST:PORT" in json.loads(proc.stdout)["error"]
    assert not (tmp_path / "out").exists()
