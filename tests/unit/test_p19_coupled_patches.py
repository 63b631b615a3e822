"""Coupled and constraint patches made at run time (createBaffles, createPatch) are known before
the mesh is built: the checker names a field without an entry for one (file and patch), the
flow-rate monitors skip the patches a step takes over, and the mesh steps that run before a
tutorial restores its fields see no 0/ (createBaffles read a 0/ copy without couple1 and
aborted: "Cannot find patchField entry for couple1")."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.checks import check_case
from tasks.foam.coupled_patches import baffle_patches, created_and_sources, solver_start_patches
from tasks.foam.coupled_steps import clear_fields_before_restore, steps_before_restore
from tasks.run.acceptance import open_patches
from tests.conftest import TUTORIALS, copy_tutorial

ACMI = TUTORIALS / "incompressible/pimpleFoam/RAS/oscillatingInletACMI2D"
TJUNCTION_FAN = TUTORIALS / "incompressible/pimpleFoam/RAS/TJunctionFan"
POROUS_BAFFLE = TUTORIALS / "multiphase/interFoam/RAS/damBreakPorousBaffle"


def _missing(case: Path, solver: str) -> list[tuple[str, str, str]]:
    return [(p.severity, p.file, p.message) for p in check_case(case, solver) if "no entry for patch" in p.message]


def _replace_entry(path: Path, patch: str, body: str) -> None:
    """Replace boundaryField/<patch> { ... } of a field file by `body` (test helper)."""
    text = path.read_text()
    start = text.index(f"    {patch}\n")
    end = text.index("    }\n", start) + len("    }\n")
    path.write_text(text[:start] + body + text[end:])


def _as_written(case: Path) -> Path:
    """0/ copied from 0.orig/, as the writer leaves a case that keeps its pristine fields."""
    shutil.copytree(case / "0.orig", case / "0")
    return case


@pytest.fixture
def acmi(tmp_path: Path) -> Path:
    return _as_written(copy_tutorial(ACMI, tmp_path / "acmi"))


def test_acmi_patches_at_solver_start(acmi: Path) -> None:
    forecast = solver_start_patches(acmi)
    assert forecast.changer == "createBaffles"
    assert forecast.present["ACMI1_couple"] == "cyclicACMI" and forecast.present["ACMI2_blockage"] == "wall"
    assert set(forecast.maybe_gone) == {"couple1", "couple2"}  # topoSet's patchToFace feeds createBaffles
    assert {"inlet", "outlet", "walls"} <= set(forecast.present)


def test_the_tutorial_as_shipped_has_every_entry(acmi: Path) -> None:
    assert _missing(acmi, "pimpleFoam") == []


@pytest.mark.parametrize(("body", "error"), [
    ("", True),                                                             # the entry lost
    ("    ACMI1_coupled\n    {\n        type cyclicACMI;\n        value uniform (0 0 0);\n    }\n", True),  # renamed
    ('    "ACMI._couple"\n    {\n        type cyclicACMI;\n        value uniform (0 0 0);\n    }\n', False),  # regex key
    ('    "(ACMI1_couple|ACMI2_couple)"\n    {\n        type cyclicACMI;\n        value uniform (0 0 0);\n    }\n', False),
    ('    #includeEtc "caseDicts/setConstraintTypes"\n', False),            # constraint types from etc
])
def test_a_field_without_an_entry_for_a_made_patch_is_an_error(acmi: Path, body: str, error: bool) -> None:
    _replace_entry(acmi / "0/U", "ACMI1_couple", body)
    found = _missing(acmi, "pimpleFoam")
    if not error:
        assert found == []
        return
    assert len(found) == 1
    severity, file, message = found[0]
    assert (severity, file) == ("error", "0/U")
    assert "ACMI1_couple" in message and "cyclicACMI" in message and "createBaffles" in message


def test_monitors_skip_a_patch_createbaffles_takes_over(acmi: Path) -> None:
    assert sorted(open_patches(acmi)) == ["inlet", "outlet"]


@pytest.mark.parametrize(("tutorial", "made"), [
    (TJUNCTION_FAN, {"baffleFaces_master": "wall", "baffleFaces_slave": "wall"}),  # patchPairs
    (POROUS_BAFFLE, {"porous_half0": "cyclic", "porous_half1": "cyclic"}),
])
def test_baffle_patches_of_installed_tutorials(tmp_path: Path, tutorial: Path, made: dict[str, str]) -> None:
    case = copy_tutorial(tutorial, tmp_path / "case")
    if (case / "0.orig").is_dir():
        _as_written(case)
    found = baffle_patches((case / "system/createBafflesDict").read_text())
    assert made.items() <= found.items()
    assert _missing(case, "pimpleFoam" if tutorial == TJUNCTION_FAN else "interFoam") == []


_CREATE_PATCH = """
pointSync false;
patches
(
    {
        name cyc_half0;
        patchInfo { type cyclic; neighbourPatch cyc_half1; }
        constructFrom patches;
        patches (left);
    }
    {
        name cyc_half1;
        patchInfo
        {
            type cyclic;
            neighbourPatch cyc_half0;
        }
        constructFrom patches;
        patches (right);
    }
    {
        name walls;
        patchInfo { type wall; }
        constructFrom set;
        set wallFaces;
    }
);
"""


def test_create_patch_dict_patches_and_sources() -> None:
    made, sources = created_and_sources(_CREATE_PATCH)
    assert made == {"cyc_half0": "cyclic", "cyc_half1": "cyclic", "walls": "wall"}
    assert sources == ["left", "right"]


@pytest.mark.parametrize(("commands", "before"), [
    (["blockMesh", "topoSet", "createBaffles", "restore0Dir", "pimpleFoam"], ["blockMesh", "topoSet", "createBaffles"]),
    (["blockMesh", "topoSet", "restore0Dir", "createBaffles", "pimpleFoam"], ["blockMesh", "topoSet"]),
    (["blockMesh", "pimpleFoam"], []),
    (["restore0Dir", "simpleFoam"], []),
])
def test_steps_before_restore(commands: list[str], before: list[str]) -> None:
    assert steps_before_restore(commands) == before


@pytest.mark.parametrize(("orig", "commands", "moved"), [
    (True, ["blockMesh", "topoSet", "createBaffles", "restore0Dir", "pimpleFoam"], ["0"]),
    (True, ["blockMesh", "pimpleFoam"], []),           # restored before the first step instead
    (False, ["blockMesh", "createBaffles", "restore0Dir", "pimpleFoam"], []),  # 0/ is the only copy
])
def test_fields_are_moved_aside_before_the_mesh_steps(tmp_path: Path, orig: bool, commands: list[str], moved: list[str]) -> None:
    (tmp_path / "0").mkdir()
    (tmp_path / "0/U").write_text("U")
    if orig:
        (tmp_path / "0.orig").mkdir()
    assert clear_fields_before_restore(tmp_path, commands) == moved
    assert (tmp_path / "0").is_dir() is not bool(moved)
    if moved:
        assert [p.read_text() for p in (tmp_path / ".casewright/backup").glob("*/0/U")] == ["U"]


@pytest.mark.parametrize("bc", ["inletOutlet", "omegaWallFunction", "cyclic"])
def test_a_wrong_condition_on_a_made_coupled_patch_is_an_error(acmi: Path, bc: str) -> None:
    _replace_entry(acmi / "0/U", "ACMI1_couple",
                   f"    ACMI1_couple\n    {{\n        type {bc};\n        value uniform (0 0 0);\n    }}\n")
    found = [p for p in check_case(acmi, "pimpleFoam") if "patch ACMI1_couple" in p.message]
    wrong = bc != "cyclic"  # a cyclic condition is of the cyclic family (a jump condition could be too)
    assert [(p.severity, p.file) for p in found] == ([("error", "0/U")] if wrong else [])
    if wrong:
        assert "cyclicACMI" in found[0].fix


@pytest.mark.parametrize(("patch_type", "condition"), [
    ("cyclicACMI", {"type": "cyclicACMI", "value": "uniform 10"}),
    ("cyclicAMI", {"type": "cyclicAMI", "value": "uniform 10"}),
    ("cyclic", {"type": "cyclic"}),
    ("cyclicSlip", {"type": "cyclicSlip", "value": "uniform 10"}),
    ("processor", {"type": "processor", "value": "uniform 10"}),
    ("wedge", {"type": "wedge"}),
    ("symmetryPlane", {"type": "symmetryPlane"}),
    ("wall", None),
    ("patch", None),
    ("mappedPatch", None),
])
def test_constraint_condition(patch_type: str, condition: dict[str, str] | None) -> None:
    from tasks.edit.coupled_fields import constraint_condition

    assert constraint_condition(patch_type, "uniform 10") == condition
