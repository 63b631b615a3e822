"""Cell counts named by direction words, mapped to the block axes from the mesh's shape."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.edit.modify import apply_changes, plan_changes, read_state
from tasks.edit.modify_directions import direction_axes, direction_counts
from tasks.foam import geometry
from tasks.foam.files import decompress_tree

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


@pytest.mark.parametrize("text, want", [
    ("30 cells across the tube and 600 along it", {"across": 30, "along": 600}),
    ("use 40 cells radially and 200 axially", {"across": 40, "along": 200}),
    ("spanwise 32 cells, 64 cells streamwise", {"span": 32, "along": 64}),
    ("I need 20 cells through the gap", {"across": 20}),
    ("mesh: 16 cells wall-normal, 90 lengthwise", {"across": 16, "along": 90}),
    ("36 cells around the rotor please", {"around": 36}),
    ("make the inlet 3 m/s along the channel", {}),
])
def test_direction_words_name_counts(text, want) -> None:
    assert direction_counts(text) == want


@pytest.mark.parametrize("extents, flat, want", [
    ([0.3, 0.05, 0.01], [2], {"along": 0, "across": 1, "span": 2, "around": 2}),
    ([0.01, 2.0, 0.1], [], {"along": 1, "across": 2, "span": 0}),
    ([0.2, 0.02, 1.0], [], {"along": 2, "across": 0, "span": 1}),
])
def test_direction_axes_follow_the_shape(extents, flat, want) -> None:
    assert direction_axes(extents, flat) == want


def _case(rel: str, tmp_path: Path) -> Path:
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / rel, case)
    decompress_tree(case)
    return case


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="openfoam-examples not installed")
@pytest.mark.parametrize("rel, text, want", [
    ("incompressible/pisoFoam/laminar/porousBlockage", "we need 150 cells streamwise and 30 wall-normal", (150, 30, 1)),
    ("incompressible/icoFoam/cavity/cavity", "mesh with 25 cells across it", None),
    ("incompressible/pisoFoam/laminar/porousBlockage", "the grid: 40 cells across the channel", None),
])
def test_direction_counts_reach_the_blocks(rel, text, want, tmp_path) -> None:
    case = _case(rel, tmp_path)
    state = read_state(case)
    plan = plan_changes(state, text)
    apply_changes(state, plan)
    cells = geometry.block_cells((case / "system/blockMeshDict").read_text())
    if want is not None:
        assert cells[0] == want
    else:
        assert 1 in cells[0] and any(c in (25, 40) for c in cells[0][:2])


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="openfoam-examples not installed")
def test_a_spanwise_count_on_a_2d_mesh_is_refused_with_a_reason(tmp_path) -> None:
    case = _case("incompressible/pisoFoam/laminar/porousBlockage", tmp_path)
    plan = plan_changes(read_state(case), "and 12 cells spanwise on the mesh")
    assert any("flat axis" in w for w in plan.warnings)


@pytest.mark.skipif(not TUTORIALS.is_dir(), reason="openfoam-examples not installed")
@pytest.mark.parametrize("rel, text", [
    ("incompressible/simpleFoam/mixerVessel2D", "use 30 cells radially in the mesh"),
    ("incompressible/SRFPimpleFoam/rotor2D", "mesh: 48 cells around the rotor"),
    ("incompressible/pimpleFoam/LES/vortexShed", "I want 80 cells along the channel"),
])
def test_an_m4_template_is_named_when_counts_cannot_change(rel, text, tmp_path) -> None:
    case = _case(rel, tmp_path)
    with pytest.raises(RequestError, match=r"blockMeshDict\.m4"):
        plan_changes(read_state(case), text)
