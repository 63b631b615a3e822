"""Run control words that are no end time: "at t = 0" is the initial instant beside a stated end
time (tasks/plan/bind_run.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings

TUTORIALS = Path(get_settings().tutorials_dir)


@pytest.mark.parametrize("text, end", [
    ("pitzDaily with pimpleFoam, flow at rest at t = 0, run to 0.2 s", 0.2),
    ("Moving cone (pimpleFoam): starting from t = 0 s, simulate 1 ms", 0.001),
    ("reactingTwoPhaseEulerFoam bubbleColumn: water settled at t = 0; stop at t = 3 s", 3.0),
])
def test_initial_instant_is_no_end_time(text: str, end: float) -> None:
    from tasks.plan.architect import plan

    m = plan(text, TUTORIALS)
    ends = [float(e.value) for e in m.edits if e.file == "system/controlDict" and e.entry == ["endTime"]]
    assert ends and ends[-1] == pytest.approx(end)
    assert not [n for n in m.not_applied if "t = 0" in n.text]
