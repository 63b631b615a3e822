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
