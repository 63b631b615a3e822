"""The run-case pipeline without Prefect retries a step as the flow's task does: only on a fault
outside OpenFOAM (InfrastructureError), settings.infra_retries times, counting the attempts."""

from __future__ import annotations

from pathlib import Path

import pytest

from flows import case_pipeline
from tasks.core.config import load_settings
from tasks.core.errors import InfrastructureError, UsageError
from tasks.run.runner import Step, StepResult


class FlakyRunner:
    """Fails `faults` times with the given error, then runs the step."""

    name = "docker"

    def __init__(self, faults: int, error: Exception) -> None:
        self.faults, self.error, self.calls = faults, error, 0

    def run(self, case_dir: Path, step: Step, timeout_s: float) -> StepResult:
        self.calls += 1
        if self.calls <= self.faults:
            raise self.error
        return StepResult(command=step.command, args=step.args, backend="docker", status="ok", exit_code=0,
                          seconds=0.1, log_path=str(case_dir / step.log_file))


@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    slept: list[float] = []
    monkeypatch.setattr(case_pipeline.time, "sleep", slept.append)
    return slept


@pytest.mark.parametrize(("retries", "faults", "expected_waits"), [
    (3, 0, []),
    (3, 1, [1]),
    (3, 3, [1, 2, 4]),
    (5, 4, [1, 2, 4, 4]),  # past the delay table its last delay repeats
])
def test_a_daemon_fault_is_retried_and_the_attempts_counted(retries: int, faults: int, expected_waits: list[float],
                                                            waits: list[float], tmp_path: Path) -> None:
    runner = FlakyRunner(faults, InfrastructureError("container did not start"))
    result = case_pipeline.run_step(runner, tmp_path, Step(command="simpleFoam"), load_settings(infra_retries=retries))
    assert result.status == "ok" and result.attempts == faults + 1 == runner.calls
    assert waits == expected_waits


def test_the_last_daemon_fault_is_raised(waits: list[float], tmp_path: Path) -> None:
    runner = FlakyRunner(3, InfrastructureError("daemon gone"))
    with pytest.raises(InfrastructureError, match="daemon gone"):
        case_pipeline.run_step(runner, tmp_path, Step(command="blockMesh"), load_settings(infra_retries=2))
    assert runner.calls == 3 and waits == [1, 2]


def test_a_refused_step_is_not_retried(waits: list[float], tmp_path: Path) -> None:
    runner = FlakyRunner(1, UsageError("refused to run 'rm'"))
    with pytest.raises(UsageError):
        case_pipeline.run_step(runner, tmp_path, Step(command="rm"), load_settings(infra_retries=3))
    assert runner.calls == 1 and waits == []
