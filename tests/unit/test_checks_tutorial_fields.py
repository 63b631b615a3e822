"""The pre-run check reads a tutorial base's own field names: Urel (SRF), U.<phase>, fields kept
in 0.orig (restored by the run), no velocity at all (chemFoam); no false 'needs 0/U'."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tasks.edit.checks import check_case, momentum_field
from tasks.foam.files import decompress_tree

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


@pytest.mark.parametrize(("files", "expected"), [
    (["0/U", "0/p"], "U"),
    (["0/Urel", "0/p"], "Urel"),
    (["0.orig/U.air", "0.orig/U.water", "0.orig/p"], "U.air"),
    (["0/T"], None),
])
def test_the_momentum_field_is_the_one_the_case_has(tmp_path: Path, files: list[str], expected: str | None) -> None:
    for rel in files:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    assert momentum_field(tmp_path) == expected


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
@pytest.mark.parametrize(("tutorial", "solver"), [
    ("incompressible/SRFSimpleFoam/mixer", "SRFSimpleFoam"),
    ("combustion/chemFoam/h2", "chemFoam"),
    ("multiphase/twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam"),
])
def test_a_tutorial_base_has_no_false_field_errors(tmp_path: Path, tutorial: str, solver: str) -> None:
    case = Path(shutil.copytree(TUTORIALS / tutorial, tmp_path / "case"))
    decompress_tree(case)
    (case / ".casewright").mkdir()
    (case / ".casewright" / "steps.json").write_text(json.dumps([[solver]]))
    errors = [p for p in check_case(case, solver) if p.severity == "error"]
    assert not [p for p in errors if "needs 0/" in p.message or "no linear solver for U" in p.message], errors
