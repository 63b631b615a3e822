"""Stated mesh changes on installed tutorial meshes (session 21, "refine"): a refinement factor or
target counts applied to blockMeshDicts whose counts are literal, variables, or variables derived
from others (`zc $yc;`, `nz1 $nx2;`), on meshes whose block axes are not the global ones, and on
meshes with a one-cell direction that is not an empty patch. Each test copies the tutorial, plans
and applies the change with modify, and reads the written blockMeshDict back."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tasks.core.errors import PlanError
from tasks.edit.modify import apply_changes, plan_changes, read_state
from tasks.edit.modify_steps import unpack_dictionaries
from tasks.foam import block_vars
from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.foam.files import find_file, read_text
from tests.conftest import TUTORIALS

HELMHOLTZ = "compressible/rhoPimpleFoam/laminar/helmholtzResonance"
CUBE = "incompressible/pimpleFoam/LES/surfaceMountedCube/fullCase"
DLR = "combustion/reactingFoam/RAS/DLR_A_LTS"
DEPTH_CHARGE_3D = "multiphase/compressibleInterFoam/laminar/depthCharge3D"
AACHEN = "lagrangian/sprayFoam/aachenBomb"
GOLDSCHMIDT = "lagrangian/MPPICFoam/Goldschmidt"
NOZZLE = "combustion/reactingFoam/RAS/chokedNozzle"
SPHERE7 = "mesh/blockMesh/sphere7"


def _bmd(tutorial: str) -> str:
    found = find_file(TUTORIALS / tutorial / "system", "blockMeshDict")
    assert found is not None
    return read_text(found)


def _modify(tmp_path: Path, tutorial: str, request: str) -> str:
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / tutorial, case, ignore=shutil.ignore_patterns("polyMesh"))
    unpack_dictionaries(case)
    state = read_state(case)
    apply_changes(state, plan_changes(state, request))
    return (case / "system/blockMeshDict").read_text()


def _counts(text: str) -> dict[str, int]:
    return {"/".join(path): value for path, value, _ in block_vars.count_variables(text)}


def test_derived_count_variables_are_read_where_they_are_defined() -> None:
    counts = {"/".join(p): (v, axes) for p, v, axes in block_vars.count_variables(_bmd(HELMHOLTZ))}
    assert counts["zc"] == (6, (1,))  # zc $yc;
    assert counts["x4"] == (6, (1, 2))  # one variable on two local axes of the O-grid's blocks
    assert geometry.count_variables(_bmd(CUBE))[2] == (["nz1"], 40, 2)  # nz1 $nx2;


def test_derived_count_variables_follow_the_ones_they_come_from() -> None:
    edits = {"/".join(p): (old, new) for p, old, new in block_vars.scaled_count_variables(_bmd(HELMHOLTZ), [2, 2, 2])}
    assert edits["yc"] == (6, 12) and edits["x3"] == (20, 40)
    assert "zc" not in edits  # `zc $yc;` stays a reference and doubles with yc


def test_a_variable_on_axes_refined_differently_is_refused() -> None:
    with pytest.raises(PlanError, match=r"variable n sets the cell counts along local axes x, y, z"):
        block_vars.scaled_count_variables(_bmd(SPHERE7), [2, 1, 1])


@pytest.mark.parametrize("tutorial, request_text", [
    (HELMHOLTZ, "refine the mesh by a factor of 2"),
    (CUBE, "refine the mesh by a factor of 2"),
    (CUBE, "halve the cell size"),
])
def test_refining_derived_variables_doubles_every_count(tmp_path: Path, tutorial: str, request_text: str) -> None:
    before = _counts(_bmd(tutorial))
    written = _modify(tmp_path, tutorial, request_text)
    assert _counts(written) == {name: 2 * n for name, n in before.items()}
    if tutorial == CUBE:
        assert fd.get(written, ["nz1"]) == "$nx2"  # the reference is kept, not replaced by a number


def test_one_cell_count_variable_on_a_refined_axis_is_refined(tmp_path: Path) -> None:
    """DLR_A_LTS: a wedge (one cell along y in every block) whose burner lip is `nBurner 1;`
    along x: x and z double, y keeps its one cell."""
    written = _modify(tmp_path, DLR, "refine the mesh by a factor of 2")
    assert _counts(written) == {"nFuel": 8, "nLengthReverse": 8, "nLength": 180, "nBurner": 2, "nCoflow": 60,
                                "nExternal": 4}
    assert re.search(r"\(\$nFuel\s+1\s+\$nLength\)", written)


def test_a_3d_mesh_is_refined_in_z_though_its_fields_list_empty_patches(tmp_path: Path) -> None:
    """depthCharge3D's 0/ fields still list the 2-D case's frontAndBack (empty); its mesh has none."""
    written = _modify(tmp_path, DEPTH_CHARGE_3D, "refine the mesh by a factor of 2")
    assert geometry.block_cells(written) == [(160, 320, 160)]


def test_counts_go_to_the_block_axis_along_each_direction(tmp_path: Path) -> None:
    """aachenBomb's block runs its local z along global y (the spray axis)."""
    written = _modify(tmp_path, AACHEN, "use 82 x 200 x 82 cells")
    assert geometry.block_cells(written) == [(82, 82, 200)]
    assert geometry.aligned_totals(written) == [82, 200, 82]


def test_two_counts_on_a_mesh_one_cell_across(tmp_path: Path) -> None:
    """Goldschmidt has one cell across x (walls, not empty): two counts are its y and z."""
    written = _modify(tmp_path, GOLDSCHMIDT, "use 30 x 90 cells")
    assert geometry.block_cells(written) == [(1, 30, 90)]


def test_blocks_keep_their_layout(tmp_path: Path) -> None:
    written = _modify(tmp_path, NOZZLE, "use 156 x 80 x 40 cells")
    blocks = fd.find(written, ["blocks"])
    assert blocks is not None
    lines = [ln for ln in written[blocks.value_start:blocks.value_end].splitlines() if "hex" in ln]
    assert len(lines) == 4  # one block a line, as the tutorial writes them
    assert [c[1:] for c in geometry.block_cells(written)] == [(80, 40)] * 4
    assert sum(c[0] for c in geometry.block_cells(written)) == 156


WIND = "incompressible/simpleFoam/windAroundBuildings"
ROTOR = "incompressible/simpleFoam/rotorDisk"
SLOSHING = "multiphase/interFoam/laminar/sloshingTank2D"


@pytest.mark.parametrize("tutorial", [WIND, ROTOR])
def test_snappy_background_is_refined_and_levels_stay(tmp_path: Path, tutorial: str) -> None:
    """The background blockMesh of a snappyHexMesh case (literal counts, or rotorDisk's
    `$:backgroundMesh.xCells`) doubles; snappyHexMeshDict is not touched and the plan says so."""
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / tutorial, case, ignore=shutil.ignore_patterns("polyMesh"))
    unpack_dictionaries(case)
    snappy = (case / "system/snappyHexMeshDict").read_text()
    before = _resolved(_bmd(tutorial))
    state = read_state(case)
    plan = plan_changes(state, "refine the mesh by a factor of 2")
    apply_changes(state, plan)
    assert _resolved((case / "system/blockMeshDict").read_text()) == [tuple(2 * n for n in c) for c in before]
    assert (case / "system/snappyHexMeshDict").read_text() == snappy
    assert any("refinement levels" in a and "stay" in a for a in plan.assumptions)


def test_m4_template_is_refined_through_its_expansion(tmp_path: Path) -> None:
    """sloshingTank2D's blocks come from system/blockMeshDict.m4: the expansion is written and its
    counts double in the two resolved directions (one cell across x stays)."""
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / SLOSHING, case, ignore=shutil.ignore_patterns("polyMesh"))
    unpack_dictionaries(case)
    from tasks.edit.caseops_io import m4_output

    before = geometry.block_cells(m4_output(case))
    written = _modify(tmp_path / "again", SLOSHING, "refine the mesh by a factor of 2")
    after = geometry.block_cells(written)
    assert len(after) == len(before) > 1
    assert sum(a * b * c for a, b, c in after) == 4 * sum(a * b * c for a, b, c in before)


def _resolved(text: str) -> list[tuple[int, ...]]:
    values = {"/".join(p): v for p, v, _ in block_vars.count_variables(text)}
    clean = fd.strip_comments(text)
    tokens = re.findall(r"\bhex\s*\([^()]*\)\s*\(\s*(\S+)\s+(\S+)\s+(\S+)\s*\)", clean)
    return [tuple(values["/".join(p for p in re.split(r"[.:/]", t.strip("$:")) if p)] if t.startswith("$") else int(t)
                  for t in block) for block in tokens]


def test_variables_of_included_blocks_are_refined(tmp_path: Path) -> None:
    """helmholtzResonance's blocks list includes blockMeshDict.caseBlocks, which its Allrun copies
    from the resolved or the modelled variant: the variables only those blocks name (x1, x2) double
    too, so either variant meshes 8 times finer."""
    written = _modify(tmp_path, HELMHOLTZ, "refine the mesh by a factor of 2")
    assert (fd.get(written, ["x1"]), fd.get(written, ["x2"])) == ("28", "12")
    assert fd.get(written, ["zc"]) == "$yc"
