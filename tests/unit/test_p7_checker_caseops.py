"""Writing a field into a case whose mesh is not built yet and comes from another route
(snappyHexMesh, fluentMeshToFoam, a restore0Dir case's 0.orig): the patches are taken from the
other fields' boundaryField as well as the blockMeshDict."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.errors import PlanError
from tasks.edit import caseops
from tasks.foam import dictionary as fd
from tests.conftest import CAVITY, copy_tutorial

VALUES = {"U": "(1 0 0)", "k": "0.1", "epsilon": "0.1", "omega": "1", "nuTilda": "3e-5", "R": "(0 0 0 0 0 0)",
          "T": "300", "internal": "0"}
FIELD = """FoamFile {{ version 2.0; format ascii; class volScalarField; object k; }}
dimensions [0 2 -2 0 0 0 0];
internalField uniform 0.1;
boundaryField
{{
{body}
}}
"""


def _case(tmp_path: Path, folder: str, name: str, body: str) -> Path:
    case = tmp_path / "case"
    (case / "system").mkdir(parents=True, exist_ok=True)
    (case / "system/controlDict").write_text("application simpleFoam;\n")
    (case / folder).mkdir(parents=True, exist_ok=True)
    (case / folder / name).write_text(FIELD.format(body=body))
    return case


@pytest.mark.parametrize(("folder", "name"), [("0", "k"), ("0.orig", "k"), ("0", "k.orig"), ("0.orig", "k.orig")])
def test_patches_come_from_the_other_fields_when_there_is_no_mesh(tmp_path: Path, folder: str, name: str) -> None:
    case = _case(tmp_path, folder, name, '    inlet { type fixedValue; value uniform 0.1; }\n'
                                          '    "wall.*" { type kqRWallFunction; value uniform 0.1; }\n'
                                          '    sides { type empty; }\n    #includeEtc "caseDicts/setConstraintTypes"')
    caseops.write_field(case, "omega", "simpleFoam", "kOmegaSST", "uniform 1", {"inlet": "inlet"}, VALUES, "test")
    text = (case / "0/omega").read_text()
    assert fd.keys(text, ["boundaryField"]) == ["inlet", "sides"]
    assert fd.get(text, ["boundaryField", "sides", "type"]) == "empty"


def test_snappy_patches_join_the_background_mesh(tmp_path: Path) -> None:
    case = copy_tutorial(CAVITY, tmp_path / "cavity")
    (case / "0/k").write_text(FIELD.format(body="    body { type kqRWallFunction; value uniform 0.1; }"))
    caseops.write_field(case, "omega", "simpleFoam", "kOmegaSST", "uniform 1", {}, VALUES, "test")
    assert set(fd.keys((case / "0/omega").read_text(), ["boundaryField"])) == {"movingWall", "fixedWalls",
                                                                               "frontAndBack", "body"}


def test_no_patches_anywhere_is_a_plan_error_naming_what_was_looked_at(tmp_path: Path) -> None:
    case = tmp_path / "case"
    (case / "system").mkdir(parents=True)
    with pytest.raises(PlanError, match="0.orig"):
        caseops.write_field(case, "omega", "simpleFoam", "kOmegaSST", "uniform 1", {}, VALUES, "test")
