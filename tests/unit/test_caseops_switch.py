"""A steady case switched to a PISO or PIMPLE solver gets the Final linear solvers its last
pressure corrector reads (pisoFoam v1912: "Entry 'pFinal' not found" otherwise)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.caseops import switch_solver
from tasks.foam import dictionary as fd
from tasks.foam.files import decompress_tree

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
pytestmark = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="openfoam-examples not installed")


@pytest.mark.parametrize("rel, solver", [
    ("incompressible/simpleFoam/pitzDaily", "pisoFoam"),
    ("incompressible/simpleFoam/backwardFacingStep2D", "pisoFoam"),
    ("incompressible/simpleFoam/pitzDaily", "pimpleFoam"),
    ("incompressible/simpleFoam/pitzDailyExptInlet", "pisoFoam"),
])
def test_a_transient_switch_writes_the_final_solvers(rel, solver, tmp_path) -> None:
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / rel, case)
    decompress_tree(case)
    switch_solver(case, solver, closed_domain=False)
    solution = (case / "system/fvSolution").read_text()
    keys = fd.keys(solution, ["solvers"])
    assert "pFinal" in keys
    assert fd.get(solution, ["solvers", "pFinal", "relTol"]) == "0"
    assert fd.find(solution, ["SIMPLE"]) is None
    assert fd.get((case / "system/controlDict").read_text(), ["application"]) == solver
