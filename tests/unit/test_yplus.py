"""y+ from the yPlus function object's log lines, and the wall-treatment check."""

from __future__ import annotations

import pytest

from tasks.run.report import WallYPlus
from tasks.run.yplus import parse_yplus, yplus_warnings

LOG = """yPlus yPlus write:
    writing field yPlus
    patch upperWall y+ : min = 3.03357, max = 16.8518, average = 10.7264
    patch lowerWall y+ : min = 0.0696338, max = 30.8314, average = 17.1469
"""


def test_parse_yplus_reads_every_wall() -> None:
    assert parse_yplus(LOG) == {"upperWall": (3.03357, 16.8518, 10.7264), "lowerWall": (0.0696338, 30.8314, 17.1469)}
    assert parse_yplus("no function object output\n") == {}


def _wall(avg: float, bc: str) -> WallYPlus:
    return WallYPlus(patch="w", min=avg / 2, max=avg * 2, average=avg, nut_bc=bc)


@pytest.mark.parametrize(("avg", "bc", "epsilon", "expected"), [
    (50, "nutkWallFunction", True, None),
    (400, "nutkWallFunction", False, "too high for log-law"),
    (9, "nutkWallFunction", True, "below the log layer"),
    # defect 8: every model, not only k-epsilon: the showcase pitzDaily SST walls (y+ 10.7 / 17.1) warn
    (9, "nutkWallFunction", False, "below the log layer"),
    (17.1, "nutkWallFunction", False, "buffer layer"),
    (17.1, "nutUSpaldingWallFunction", False, None),           # y+-insensitive: the cure
    (1, "nutLowReWallFunction", False, None),
    (8, "nutLowReWallFunction", False, "resolved wall"),
    (150, "nutUSpaldingWallFunction", True, None),
    (400, "nutUSpaldingWallFunction", True, "Spalding"),
    (400, "calculated", True, None),                           # not a wall function: nothing to judge
])
def test_yplus_warnings(avg: float, bc: str, epsilon: bool, expected: str | None) -> None:
    notes = yplus_warnings([_wall(avg, bc)], epsilon)
    assert (notes == []) if expected is None else (len(notes) == 1 and expected in notes[0])
