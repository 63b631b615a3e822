"""The Docker backend's contract, against the real daemon and image."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import CAVITY, copy_tutorial

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def client(need_docker: None):
    import docker

    return docker.from_env()


class FlakyContainers:
    """The real `client.containers`, except that the first `run` fails as a daemon hiccup."""

    def __init__(self, real, failures: int) -> None:
        self.real = real
        self.failures = failures
        self.calls = 0

    def run(self, *args, **kwargs):
        import docker.errors

        self.calls += 1
        if self.calls <= self.failures:
            raise docker.errors.APIError("injected: 500 Server Error (daemon hiccup)", response=None)
        return self.real.run(*args, **kwargs)

    def __getattr__(self, name: str):  # list (the runner's orphan reaping), get, ...: the real ones
        return getattr(self.real, name)


class FlakyClient:
    def __init__(self, real, failures: int = 1) -> None:
        self.real = real
        self.containers = FlakyContainers(real.containers, failures)


def test_container_has_no_network_and_runs_as_host_user(client, tmp_path):
    from tasks.run.runner import DockerRunner, Step

    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    runner = DockerRunner(client, "casewright/openfoam:v1912")
    result = runner.run(case, Step(command="blockMesh"), timeout_s=120)
    assert result.status == "ok" and result.exit_code == 0
    log = Path(result.log_path).read_text()
    assert "End" in log.splitlines()[-2:] or log.rstrip().endswith("End")
    owner = (case / "constant/polyMesh/points").stat()
    assert (owner.st_uid, owner.st_gid) == (os.getuid(), os.getgid())


def test_timeout_stops_the_container(client, tmp_path):
    from tasks.run.runner import DockerRunner, Step

    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    DockerRunner(client, "casewright/openfoam:v1912").run(case, Step(command="blockMesh"), 120)
    from tests.conftest import set_entry

    set_entry(case / "system/controlDict", "endTime", "1000")
    result = DockerRunner(client, "casewright/openfoam:v1912").run(case, Step(command="icoFoam"), timeout_s=3)
    assert result.status == "timeout" and result.exit_code is None
    assert result.seconds < 30
    mine = client.containers.list(all=True, filters={"label": f"casewright.case={case.resolve()}"})
    assert not mine, "the timed-out container must be killed and removed"


def test_infrastructure_fault_is_retried_then_succeeds(client, tmp_path, prefect_server):
    from prefect import flow
    from prefect.settings import PREFECT_API_URL, temporary_settings

    from flows.steps import run_step
    from tasks.run.runner import DockerRunner, Step

    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    flaky = FlakyClient(client, failures=1)
    runner = DockerRunner(flaky, "casewright/openfoam:v1912")

    @flow(name="test-retry")
    def one_step():
        return run_step.with_options(retry_delay_seconds=0)(runner, case, Step(command="blockMesh"), 120)

    with temporary_settings(updates={PREFECT_API_URL: prefect_server}):
        result = one_step()
    assert flaky.containers.calls == 2
    assert result.status == "ok" and result.attempts == 2


def test_openfoam_failure_is_not_retried(client, tmp_path, prefect_server):
    from prefect import flow
    from prefect.settings import PREFECT_API_URL, temporary_settings

    from flows.steps import run_step
    from tasks.run.runner import DockerRunner, Step

    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    (case / "system/blockMeshDict").write_text("FoamFile { version 2.0; format ascii; class dictionary; object blockMeshDict; }\n")
    flaky = FlakyClient(client, failures=0)
    runner = DockerRunner(flaky, "casewright/openfoam:v1912")

    @flow(name="test-no-retry")
    def one_step():
        return run_step.with_options(retry_delay_seconds=0)(runner, case, Step(command="blockMesh"), 120)

    with temporary_settings(updates={PREFECT_API_URL: prefect_server}):
        result = one_step()
    assert result.status == "failed"
    assert flaky.containers.calls == 1, "an OpenFOAM failure must not be retried"
