"""A steady case switched to a PISO or PIMPLE solver gets the Final linear solvers its last
pressure corrector reads (pisoFoam v1912: "Entry 'pFinal' not found" otherwise)."""

from __future__ import annotations

import re
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


@pytest.mark.parametrize("rel, solver", [
    ("incompressible/simpleFoam/backwardFacingStep2D", "pimpleFoam"),
    ("incompressible/simpleFoam/backwardFacingStep2D", "pisoFoam"),
    ("incompressible/simpleFoam/pitzDaily", "pimpleFoam"),
    ("incompressible/simpleFoam/airFoil2D", "pisoFoam"),
    ("incompressible/simpleFoam/pipeCyclic", "pimpleFoam"),
])
def test_a_steady_to_transient_switch_relaxes_by_one(rel, solver, tmp_path) -> None:
    """The steady factors (0.9, 0.7) go, and ".*" 1 takes their place: fvMatrix::relax(1) keeps
    the matrices diagonally dominant (without it the SST omega smoother stopped on SIGFPE in
    the first step of a switched backwardFacingStep2D), and no equation is under-relaxed."""
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / rel, case)
    decompress_tree(case)
    switch_solver(case, solver, closed_domain=False)
    solution = (case / "system/fvSolution").read_text()
    assert fd.keys(solution, ["relaxationFactors"]) == ["equations"]
    assert [k.strip('"') for k in fd.keys(solution, ["relaxationFactors", "equations"])] == [".*"]
    (key,) = fd.keys(solution, ["relaxationFactors", "equations"])
    body = fd.get(solution, ["relaxationFactors", "equations"]) or ""
    assert re.search(rf'"?{re.escape(key)}"?\s+1\s*;', body)


def test_a_transient_to_steady_switch_keeps_under_relaxation(tmp_path) -> None:
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / "incompressible/pimpleFoam/RAS/TJunction", case)
    decompress_tree(case)
    switch_solver(case, "simpleFoam", closed_domain=False)
    solution = (case / "system/fvSolution").read_text()
    factors = [float(fd.get(solution, ["relaxationFactors", "equations", k]).split()[0])
               for k in fd.keys(solution, ["relaxationFactors", "equations"])]
    assert factors and min(factors) < 1
