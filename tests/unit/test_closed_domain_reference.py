"""A closed domain (no open boundary) needs a pressure reference: switching a case to another
solver adds pRefCell/pRefValue to its algorithm dictionary when the case's own lacks them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tasks.edit.caseops import switch_solver
from tasks.foam import dictionary as fd
from tasks.foam.files import decompress_tree

PITZ_PIMPLE = Path("/usr/share/doc/openfoam-examples/examples/incompressible/pimpleFoam/RAS/pitzDaily")


@pytest.mark.skipif(not PITZ_PIMPLE.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize(("closed", "has_reference"), [(True, True), (False, False)])
def test_a_closed_domain_gets_a_pressure_reference(tmp_path: Path, closed: bool, has_reference: bool) -> None:
    case = Path(shutil.copytree(PITZ_PIMPLE, tmp_path / "case"))
    decompress_tree(case)
    solution = case / "system/fvSolution"
    text = solution.read_text()
    text = re.sub(r"\n\s*pRef(?:Cell|Value|Point)\s+[^;]*;", "", text)  # a PIMPLE dict without a reference
    solution.write_text(text)
    switch_solver(case, "pimpleFoam", closed_domain=closed)
    after = solution.read_text()
    assert (fd.find(after, ["PIMPLE", "pRefCell"]) is not None) == has_reference
    assert (fd.find(after, ["PIMPLE", "pRefValue"]) is not None) == has_reference


CAVITY = Path("/usr/share/doc/openfoam-examples/examples/incompressible/icoFoam/cavity/cavity")
PITZ = Path("/usr/share/doc/openfoam-examples/examples/incompressible/simpleFoam/pitzDaily")


@pytest.mark.skipif(not CAVITY.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize(("tutorial", "solver", "free", "strip"), [
    (CAVITY, "icoFoam", True, False),     # walls only: the level is free; the tutorial has its reference
    (CAVITY, "icoFoam", True, True),      # ... and without it one is added
    (PITZ, "simpleFoam", False, True),    # a fixed outlet pressure: nothing to add
])
def test_a_reference_is_added_only_where_no_boundary_fixes_the_pressure(
        tmp_path: Path, tutorial: Path, solver: str, free: bool, strip: bool) -> None:
    from tasks.edit.caseops import algorithm_of, ensure_pressure_reference, pressure_level_free

    case = Path(shutil.copytree(tutorial, tmp_path / "case"))
    decompress_tree(case)
    solution = case / "system/fvSolution"
    if strip:
        solution.write_text(re.sub(r"\n\s*pRef(?:Cell|Value|Point)\s+[^;]*;", "", solution.read_text()))
    before = solution.read_text()
    assert pressure_level_free(case) == free
    changed = ensure_pressure_reference(case, solver)
    after = solution.read_text()
    assert bool(changed) == (free and strip)
    assert (fd.find(after, [algorithm_of(solver), "pRefCell"]) is not None) == (free or not strip)
    if not changed:
        assert after == before
