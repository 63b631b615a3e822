"""Reading a case: top-level entries, the steps it needs, restoring pristine fields."""

from __future__ import annotations

import pytest

from tasks.core.errors import UsageError
from tasks.foam.casedir import read_case, top_level_entries
from tasks.run.steps import plan_steps, restore_initial_fields
from tests.conftest import CAVITY, DAMBREAK, PITZDAILY, copy_tutorial

CONTROL = """
FoamFile { version 2.0; format ascii; class dictionary; object controlDict; }
#include "common"
application     simpleFoam;   // the solver
/* a block
   comment with endTime 7; */
endTime         2000;
functions
{
    probes { type probes; endTime 5; }
}
deltaT 1;
"""


@pytest.mark.parametrize(
    "key,value",
    [("application", "simpleFoam"), ("endTime", "2000"), ("deltaT", "1"), ("type", None)],
)
def test_top_level_entries(key, value):
    assert top_level_entries(CONTROL).get(key) == value


@pytest.mark.parametrize(
    "src,expected",
    [
        (CAVITY, ["blockMesh", "icoFoam"]),
        (PITZDAILY, ["blockMesh", "simpleFoam"]),
        (DAMBREAK, ["blockMesh", "setFields", "interFoam"]),
    ],
)
def test_plan_steps(tmp_path, src, expected):
    case = copy_tutorial(src, tmp_path / "case")
    assert [s.command for s in plan_steps(read_case(case))] == expected


def test_no_mesh_no_dict_is_refused(tmp_path):
    case = copy_tutorial(CAVITY, tmp_path / "case")
    (case / "system/blockMeshDict").unlink()
    with pytest.raises(UsageError, match="no mesh"):
        plan_steps(read_case(case))


def test_restore_orig_fields_backs_up(tmp_path):
    case = copy_tutorial(DAMBREAK, tmp_path / "case")
    alpha = case / "0/alpha.water"
    alpha.write_text("edited by a previous setFields\n")
    restored = restore_initial_fields(read_case(case))
    assert restored == ["0/alpha.water"]
    assert alpha.read_text() == (case / "0/alpha.water.orig").read_text()
    backups = list((case / ".casewright/backup").glob("*/0/alpha.water"))
    assert len(backups) == 1 and backups[0].read_text() == "edited by a previous setFields\n"


def test_restore_zero_orig_dir(tmp_path):
    case = copy_tutorial(CAVITY, tmp_path / "case")
    (case / "0").rename(case / "0.orig")
    assert restore_initial_fields(read_case(case)) == ["0"]
    assert (case / "0/U").read_text() == (case / "0.orig/U").read_text()


def test_restore_zero_orig_dir_with_orig_fields_inside(tmp_path):
    """0.orig may keep its own X.orig (weirOverflow: 0.orig/alpha.water.orig, and the Allrun
    copies it to 0/alpha.water after restoring 0): both restorations happen."""
    case = copy_tutorial(DAMBREAK, tmp_path / "case")
    (case / "0").rename(case / "0.orig")
    assert restore_initial_fields(read_case(case)) == ["0", "0/alpha.water"]
    assert (case / "0/alpha.water").read_text() == (case / "0.orig/alpha.water.orig").read_text()
