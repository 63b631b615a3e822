"""A run that reached endTime but diverged is `diverged` (score 2), never `completed`: NaN/Inf,
a local continuity error above the limit, residuals grown by orders of magnitude, a bounding
storm. The report says which sign was seen and where."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam.casedir import CaseInfo
from tasks.run.logs import divergence_sign, parse_log
from tasks.run.report import build_report
from tasks.run.runner import StepResult
from tasks.run.score import rubric


def _step(time: float, *, p_init: float = 0.1, cont: float = 1e-6, extra: str = "") -> str:
    return (f"Time = {time:g}\n\n"
            f"smoothSolver:  Solving for Ux, Initial residual = 0.01, Final residual = 1e-05, No Iterations 2\n"
            f"GAMG:  Solving for p, Initial residual = {p_init:g}, Final residual = 0.001, No Iterations 5\n"
            f"time step continuity errors : sum local = {cont:g}, global = 1e-12, cumulative = 1e-10\n"
            f"{extra}"
            f"ExecutionTime = 0.1 s  ClockTime = 0 s\n\n")


def _log(steps: list[str]) -> str:
    return "Exec   : simpleFoam\n" + "".join(steps) + "End\n"


HEALTHY = _log([_step(t, p_init=0.5 / t) for t in range(1, 51)])
NAN = _log([_step(t) for t in range(1, 40)] + [_step(t, p_init=float("nan")) for t in range(40, 51)])
CONT_1E83 = _log([_step(t, cont=10.0 ** min(83, 2 * t - 20)) for t in range(1, 51)])  # no SIMPLE dict: 1e+83
GROWTH = _log([_step(t, p_init=1e-4 if t < 30 else 5.0) for t in range(1, 51)])
STORM = _log([_step(t, extra="bounding k, min: -0.1 max: 2 average: 0.5\n" if t > 20 else "")
              for t in range(1, 51)])


@pytest.mark.parametrize("text, sign", [(HEALTHY, None), (NAN, "nan"), (CONT_1E83, "continuity"),
                                        (GROWTH, "residual_growth"), (STORM, "bounding")],
                         ids=["healthy", "nan", "continuity-1e83", "residual-growth", "bounding-storm"])
def test_divergence_sign(text: str, sign: str | None) -> None:
    found = divergence_sign(parse_log(text))
    assert (found[0] if found else None) == sign
    if found:
        assert "t=" in found[1]


def _report(tmp_path: Path, text: str):
    log = tmp_path / "log.simpleFoam"
    log.write_text(text)
    info = CaseInfo(case_dir=tmp_path, application="simpleFoam", start_time=0, end_time=50, delta_t=1,
                    block_mesh_dict=None, snappy_dict=None, surface_features_dict=None, set_fields_dict=None,
                    has_mesh=True, zero_orig_dir=False, orig_field_files=[])
    step = StepResult(command="simpleFoam", args=[], backend="native", status="ok", exit_code=0, seconds=1.0,
                      log_path=str(log))
    return build_report(info, [step], "native", "test", [], 1.0)


@pytest.mark.parametrize("text, sign", [(NAN, "nan"), (CONT_1E83, "continuity")], ids=["nan", "continuity-1e83"])
def test_run_that_reached_end_time_but_diverged_is_diverged(tmp_path: Path, text: str, sign: str) -> None:
    report = _report(tmp_path, text)
    assert report.reached_end_time and report.status == "diverged"
    assert report.divergence is not None and report.divergence.sign == sign
    assert rubric(report, []).score == 2


def test_healthy_run_is_completed(tmp_path: Path) -> None:
    report = _report(tmp_path, HEALTHY)
    assert report.status == "completed" and report.divergence is None
    assert rubric(report, []).score == 4


def test_a_simple_start_near_one_is_not_divergence():
    """Ten SIMPLE iterations end with a local continuity error near 1 that has been falling:
    a short (smoke) run of a healthy case, not a diverged one."""
    from tasks.run.logs import ContinuityRecord, LogSummary, divergence_sign

    summary = LogSummary()
    summary.continuity = [ContinuityRecord(time=t, sum_local=v, global_error=0.0, cumulative=0.0)
                          for t, v in enumerate([2.9, 2.4, 2.0, 1.8, 1.7, 1.6, 1.6, 1.5, 1.5, 1.5], start=1)]
    assert divergence_sign(summary) is None
    summary.continuity.append(ContinuityRecord(time=11, sum_local=400.0, global_error=0.0, cumulative=0.0))
    assert divergence_sign(summary)[0] == "continuity"


def test_a_field_resting_at_zero_is_not_a_bounding_storm():
    """kkLOmega clamps kl to 0 on the walls every iteration ("bounding kl, min: 0"): no excursion."""
    from tasks.run.logs import BoundingRecord, LogSummary, late_bounding

    summary = LogSummary()
    summary.bounding = [BoundingRecord(time=t, field="kl", min=0.0, max=1.0, average=0.5) for t in range(1, 101)]
    summary.first_time, summary.last_time = 1.0, 100.0
    assert late_bounding(summary) == []
