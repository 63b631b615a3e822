"""Field conditions against the mesh type of their patch, before anything runs: a constraint
patch with another condition, a constraint condition on a plain patch, a wall function on a patch
that is no wall mesh patch. And the turbulence switch never writes a wall function where the
velocity field holds no no-slip wall (a freestream boundary named `...Wall`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.edit.caseops_fields import field_role, set_turbulence_model, turbulence_values
from tasks.edit.checks import check_case
from tasks.edit.checks_patches import patch_type_problems
from tests.conftest import CAVITY, PITZDAILY, TUTORIALS, copy_tutorial

PRISM = TUTORIALS / "compressible/sonicFoam/RAS/prism"


def _set(path: Path, patch: str, body: str) -> None:
    """Replace the patch's entry in the field's boundaryField (a flat `name { ... }` block)."""
    text = path.read_text()
    start = text.index("boundaryField")
    m = re.compile(rf"\n\s*{patch}\s*\{{[^{{}}]*\}}").search(text, start)
    assert m, f"{patch} not in {path}"
    path.write_text(text[:m.start()] + f"\n    {patch} {{ {body} }}" + text[m.end():])


def _messages(case: Path, severity: str = "error") -> list[str]:
    return [f"{p.file} {p.message}" for p in patch_type_problems(case) if p.severity == severity]


@pytest.mark.parametrize("tutorial", [CAVITY, PITZDAILY, PRISM, TUTORIALS / "incompressible/pimpleFoam/RAS/TJunctionFan"])
def test_installed_tutorials_as_shipped_have_no_patch_type_errors(tmp_path: Path, tutorial: Path) -> None:
    case = copy_tutorial(tutorial, tmp_path / "case")
    assert _messages(case) == []


@pytest.mark.parametrize(("field", "patch", "body", "said"), [
    ("nut", "outlet", "type nutkWallFunction; value uniform 0;", "wall function nutkWallFunction on a patch of mesh type patch"),
    ("k", "inlet", "type kqRWallFunction; value uniform 0.375;", "wall function kqRWallFunction on a patch of mesh type patch"),
    ("epsilon", "outlet", "type epsilonWallFunction; value uniform 14.855;", "wall function epsilonWallFunction"),
    ("p", "frontAndBack", "type zeroGradient;", "the mesh patch is empty but the condition is zeroGradient"),
    ("U", "upperWall", "type empty;", "the condition empty is a constraint type but the mesh patch is wall"),
    ("k", "lowerWall", "type symmetryPlane;", "the condition symmetryPlane is a constraint type but the mesh patch is wall"),
])
def test_a_condition_that_does_not_fit_its_mesh_patch_is_an_error(tmp_path: Path, field: str, patch: str, body: str,
                                                                    said: str) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "pitz")
    _set(case / "0" / field, patch, body)
    found = _messages(case)
    assert len(found) == 1 and said in found[0] and f"patch {patch}" in found[0]
    assert any(said in p.message and p.severity == "error" for p in check_case(case, "simpleFoam"))


def test_a_wall_function_on_a_wall_patch_is_fine(tmp_path: Path) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "pitz")
    _set(case / "0/nut", "upperWall", "type nutUSpaldingWallFunction; value uniform 0;")
    assert _messages(case) == []


def test_a_step_that_may_retype_patches_makes_it_a_warning(tmp_path: Path) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "pitz")
    _set(case / "0/nut", "outlet", "type nutkWallFunction; value uniform 0;")
    (case / "Allrun").write_text("runApplication blockMesh\nrunApplication changeDictionary\nrunApplication simpleFoam\n")
    assert _messages(case) == [] and "changeDictionary" in _messages(case, "warning")[0]


def test_a_symmetry_plane_in_the_mesh_needs_the_same_condition(tmp_path: Path) -> None:
    case = copy_tutorial(PITZDAILY, tmp_path / "pitz")
    bmd = case / "system/blockMeshDict"
    text = bmd.read_text()
    at = text.index("upperWall")
    bmd.write_text(text[:at] + text[at:].replace("type wall;", "type symmetryPlane;", 1))
    found = _messages(case)
    assert found and all("the mesh patch is symmetryPlane" in m for m in found)
    assert {m.split()[0] for m in found} >= {"0/U", "0/p", "0/k"}


@pytest.mark.parametrize(("patch_type", "velocity", "role"), [
    ("patch", {"bottomWall": "inlet"}, "inlet"),     # a freestream condition named ...Wall
    ("patch", {"other": "wall"}, "outlet"),          # neither inflow nor outflow (coded, supersonicFreestream)
    ("patch", {"bottomWall": "wall"}, "wall"),       # a no-slip `patch`: retyped to wall by the switch
    ("wall", {"bottomWall": "inlet"}, "wall"),       # a wall mesh patch stays a wall
])
def test_a_wall_named_patch_follows_its_velocity_unless_it_is_a_no_slip_wall(patch_type: str, velocity: dict[str, str],
                                                                               role: str) -> None:
    assert field_role("bottomWall", patch_type, {}, velocity) == role


@pytest.mark.parametrize("model", ["RNGkEpsilon", "kOmegaSST", "SpalartAllmaras", "realizableKE"])
def test_a_model_switch_on_a_freestream_boundary_named_wall_passes_the_checker(tmp_path: Path, model: str) -> None:
    case = copy_tutorial(PRISM, tmp_path / "prism")
    set_turbulence_model(case, model, "sonicFoam", turbulence_values(1.0, 10.0, 100.0, 1e-4), {}, "test")
    assert _messages(case) == []
    nut = (case / "0/nut").read_text()
    assert re.search(r"bottomWall\s*\{\s*type\s+calculated", nut)
    assert re.search(r"prismWall\s*\{\s*type\s+nut\w*WallFunction", nut)  # the real wall keeps its wall function
