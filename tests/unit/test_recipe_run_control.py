"""A recipe (the cavity's, the step's, ...) reads the run control by the same roles as the binder
and the verifier: however the end time, the time step or the write interval is worded, the
controlDict gets it (stated.role_of), not the recipe's default."""

from __future__ import annotations

import pytest

from tasks.plan.architect import plan
from tests.conftest import TUTORIALS


@pytest.mark.parametrize(("text", "end", "write"), [
    ("lid-driven cavity, lid 2 m/s, 40 by 40 cells, run to 1 s", "1", None),
    ("lid-driven cavity, 40 by 40 cells, lid 2 m/s, go on until 0.8 s and save results every 0.1 s", "0.8", "0.1"),
    ("cavity with a 1 m/s lid on a 30 x 30 mesh; 3 s of flow time, output each 0.5 s", "3", "0.5"),
])
def test_a_recipe_takes_the_stated_run_control_however_worded(text: str, end: str, write: str | None) -> None:
    m = plan(text, TUTORIALS)
    assert float(m.time.end_time) == float(end)
    if write is not None:
        assert float(m.time.write_interval) == float(write)


@pytest.mark.parametrize(("text", "role"), [
    ("pitzDaily with pimpleFoam, max Courant 2, adjustable time step, run 0.1 s", "end_time"),
    ("cavity with icoFoam, fixed time step, simulate 2 s", "end_time"),
    ("cavity with icoFoam, run with a time step of 0.005 s", "delta_t"),
])
def test_a_run_verb_in_its_own_clause_makes_a_time_the_end_time(text: str, role: str) -> None:
    from tasks.plan.stated import read_stated

    assert [q.role for q in read_stated(text) if q.quantity == "time"] == [role]


def test_a_maximum_time_step_is_not_the_time_step() -> None:
    from tasks.plan.stated import read_stated

    text = "dam break with interFoam, max time step 5 ms, maxAlphaCo 0.5, run 0.5 s"
    m = plan(text, TUTORIALS)
    assert float(m.time.delta_t) != 0.005
    assert [q.role for q in read_stated(text) if q.quantity == "time"] == ["end_time"]


@pytest.mark.parametrize(("text", "roles"), [
    ("waves in a flume, wave height 0.05 m, period 3 s, 20 s long run", ["period", "end_time"]),
    ("Maxwell fluid, relaxation time 0.03 s, 1.5 s duration", ["period", "end_time"]),
])
def test_a_models_time_is_not_the_end_time(text: str, roles: list[str]) -> None:
    from tasks.plan.stated import read_stated

    assert [q.role for q in read_stated(text) if q.quantity == "time"] == roles
