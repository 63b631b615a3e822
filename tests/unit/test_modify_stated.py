"""modify reports every value its request states: where it was written, verified in the file, or
not applied with the reason (a value no planned change carries is never dropped silently)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.modify import apply_changes, plan_changes, read_state, stated_changes
from tasks.foam.files import decompress_tree

PITZ = Path("/usr/share/doc/openfoam-examples/examples/incompressible/simpleFoam/pitzDaily")


@pytest.mark.skipif(not PITZ.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize(("request_text", "verified", "missing"), [
    ("use the realizable k-epsilon model and an inlet of 12 m/s, and a 500 K wall", {"12 m/s"}, {"500 K"}),
    ("outlet pressure 100 Pa (kinematic), 1500 iterations", {"100 Pa", "1500 iterations"}, set()),
    # a factor: no new value is stated; the change is reported with its old and new value (StatedChange)
    ("increase the inlet speed by 50%", {"inlet velocity x 1.5"}, set()),
    ("inlet 8 m/s and run on 2 cores", {"8 m/s", "2 cores"}, set()),
])
def test_every_stated_value_is_placed_or_reported(tmp_path: Path, request_text: str, verified: set[str],
                                                  missing: set[str]) -> None:
    case = Path(shutil.copytree(PITZ, tmp_path / "pitz"))
    decompress_tree(case)
    state = read_state(case)
    plan = plan_changes(state, request_text)
    apply_changes(state, plan)
    stated, not_applied = stated_changes(plan, case)
    assert {q.text for q in stated if q.verified} == verified
    assert {n.text for n in not_applied} == missing
