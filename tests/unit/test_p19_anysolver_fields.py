"""A tutorial's fields carried onto a shape of the geometry library by patch role
(tasks/geometry/solver_fields.py) and the tutorials that cannot be carried
(tasks/geometry/solver_carry.py). Pure: text in, text out; tutorials read, nothing run."""

from __future__ import annotations

from pathlib import Path

import pytest
from foamlib import FoamFile

from tasks.core.errors import RequestError
from tasks.geometry.solver_carry import (
    CARRIED_SOLVERS,
    carried_dictionaries,
    carry_refusal,
    field_files,
    flow_length,
    remeshed_fields,
    through_time,
)
from tasks.geometry.solver_fields import (
    CarryError,
    ShapePatch,
    carry_field,
    inflow_value,
    source_patch,
    tutorial_role,
    tutorial_roles,
    uniform_lists,
)
from tasks.plan.generic import SHAPE_LIBRARY_SOLVERS
from tests.conftest import TUTORIALS

CHANNEL_2D = [ShapePatch("inlet", "inlet", "patch"), ShapePatch("outlet", "outlet", "patch"),
              ShapePatch("top", "top", "wall"), ShapePatch("bottom", "bottom", "wall"),
              ShapePatch("frontAndBack", "empty", "empty")]
DUCT_3D = [ShapePatch("inlet", "inlet", "patch"), ShapePatch("outlet", "outlet", "patch"),
           ShapePatch("walls", "wall", "wall")]
STEP_OBSTACLE = [*DUCT_3D, ShapePatch("block", "body", "wall"), ShapePatch("mid", "symmetry", "symmetryPlane")]

FIELD = """FoamFile { version 2.0; format ascii; class volScalarField; object T; }
dimensions [0 0 0 1 0 0 0];
internalField nonuniform List<scalar> 3 (1 2 3);
boundaryField
{
    inflow { type fixedValue; value uniform 1; }
    outflow { type inletOutlet; inletValue uniform 0; value nonuniform List<scalar> 2 (0.5 0.25); }
    upperWall { type zeroGradient; }
    lowerWall { type fixedValue; value uniform 0; }
    frontAndBack { type empty; }
}
"""


@pytest.mark.parametrize(("name", "kind", "role"), [
    ("inlet", None, "inlet"), ("inflow", None, "inlet"), ("velocity-inlet", None, "inlet"),
    ("outlet", None, "outlet"), ("pressureOutlet", None, "outlet"), ("exit", None, "outlet"),
    ("upperWall", None, "top"), ("lowerWall", None, "bottom"), ("up", None, "top"), ("down", None, "bottom"),
    ("movingWall", None, "moving_wall"), ("hotWall", None, "hot_wall"), ("cylinder", None, "obstacle"),
    ("walls", None, "wall"), ("sides", None, "wall"), ("frontAndBack", "empty", "empty"),
    ("front", "wedge", "wedge"), ("symmetryLine", None, "symmetry"), ("patch1", None, None),
    ("left", None, None), ("defaultFaces", "empty", "empty"),
])
def test_tutorial_role(name, kind, role):
    assert tutorial_role(name, kind) == role


def test_unnamed_patches_take_their_roles_from_the_fixed_values():
    """laplacianFoam's flange: patch1..4, two fixed temperatures: the ends, the others walls."""
    conditions = {"patch1": "type zeroGradient;", "patch2": "type fixedValue; value uniform 273;",
                  "patch3": "type zeroGradient;", "patch4": "type fixedValue; value uniform 573;"}
    assert tutorial_roles(conditions) == {"patch1": "wall", "patch2": "inlet", "patch3": "wall", "patch4": "outlet"}


@pytest.mark.parametrize(("patch", "source"), [
    (ShapePatch("walls", "wall", "wall"), "upperWall"),  # no plain wall: the upper one
    (ShapePatch("top", "top", "wall"), "upperWall"),
    (ShapePatch("bottom", "bottom", "wall"), "lowerWall"),
    (ShapePatch("block", "body", "wall"), "upperWall"),  # no obstacle in the tutorial: its walls
    (ShapePatch("in", "inlet", "patch"), "inflow"),
    (ShapePatch("lid", "moving_wall", "wall"), "upperWall"),
])
def test_source_patch_follows_the_role_chain(patch, source):
    roles = {"inflow": "inlet", "outflow": "outlet", "upperWall": "top", "lowerWall": "bottom", "frontAndBack": "empty"}
    assert source_patch(patch, roles) == source


def test_uniform_lists_replace_mesh_sized_values():
    text = "value nonuniform List<vector> 2 ((1 0 0) (2 0 0)); other nonuniform List<scalar> 1 (4);"
    assert uniform_lists(text, "(0.2 0 0)", "0/U") == "value uniform (0.2 0 0); other uniform (0.2 0 0);"
    with pytest.raises(CarryError, match="sized for the tutorial's mesh"):
        uniform_lists(text, None, "0/U inlet")


@pytest.mark.parametrize("patches", [CHANNEL_2D, DUCT_3D, STEP_OBSTACLE], ids=["channel2d", "duct3d", "obstacle"])
def test_carried_field_has_every_shape_patch_and_no_mesh_sized_list(patches, tmp_path):
    carried = carry_field(FIELD, "T", patches, "0")
    assert "nonuniform" not in carried.text
    path = tmp_path / "T"
    path.write_text(carried.text)
    parsed = FoamFile(path)
    assert set(parsed["boundaryField"]) == {p.name for p in patches}  # type: ignore[arg-type]
    assert parsed["internalField"] == 0
    for p in patches:
        entry = parsed["boundaryField"][p.name]  # type: ignore[index]
        if p.type == "empty":
            assert entry["type"] == "empty"
        if p.type == "symmetryPlane":
            assert entry["type"] == "symmetryPlane"
    assert parsed["boundaryField"]["inlet"]["value"] == 1  # type: ignore[index]
    assert parsed["boundaryField"]["outlet"]["value"] == 0  # type: ignore[index]  (mesh-sized value made uniform)


def test_missing_role_is_named():
    no_outlet = FIELD.replace("outflow", "farSide")
    with pytest.raises(CarryError, match="no outlet patch"):
        carry_field(no_outlet, "T", DUCT_3D, "0")


@pytest.mark.parametrize("kind", ["cyclic", "timeVaryingMappedFixedValue", "mapped"])
def test_condition_of_the_tutorials_own_mesh_is_refused(kind):
    text = FIELD.replace("type fixedValue; value uniform 1;", f"type {kind};")
    with pytest.raises(CarryError, match=kind):
        carry_field(text, "T", DUCT_3D, "0")


def test_mesh_sized_internal_field_without_a_value_is_refused():
    with pytest.raises(CarryError, match="outflow holds a list of 2 values"):
        carry_field(FIELD, "T", DUCT_3D, None)
    uniform_outlet = FIELD.replace("nonuniform List<scalar> 2 (0.5 0.25)", "uniform 0")
    with pytest.raises(CarryError, match="internalField holds a list of 3 values"):
        carry_field(uniform_outlet, "T", DUCT_3D, None)


def test_carry_error_is_a_request_error():
    assert issubclass(CarryError, RequestError)  # the CLI turns it into exit 2


@pytest.mark.parametrize(("rel", "text", "needs"), [
    ("constant/regionProperties", "regions (fluid (air) solid (wall));", "regions"),
    ("constant/dynamicMeshDict", "dynamicFvMesh dynamicMotionSolverFvMesh;", "moving mesh"),
    ("system/topoSetDict", "actions ();", "cell sets"),
    ("constant/fvOptions", "porosity { type explicitPorositySource; selectionMode cellZone; cellZone porous; }",
     "cell zone"),
    ("constant/MRFProperties", "MRF1 { cellZone rotor; active yes; }", "cell zone"),
])
def test_tutorial_needing_what_a_shape_lacks_is_refused(tmp_path, rel, text, needs):
    (tmp_path / "0").mkdir()
    (tmp_path / "0/T").write_text(FIELD)
    (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / rel).write_text(text)
    assert needs in (carry_refusal(tmp_path, "someFoam") or "")


def test_inactive_mrf_and_plain_case_are_carried(tmp_path):
    (tmp_path / "0").mkdir()
    (tmp_path / "0/T").write_text(FIELD)
    (tmp_path / "constant").mkdir()
    (tmp_path / "constant/MRFProperties").write_text("MRF1 { cellZone rotor; active no; }")
    assert carry_refusal(tmp_path, "someFoam") is None
    assert carry_refusal(tmp_path / "nothing", "someFoam") is not None  # no fields at all


def test_carried_solvers_are_not_the_libraries_own():
    assert not CARRIED_SOLVERS & SHAPE_LIBRARY_SOLVERS


@pytest.mark.parametrize(("bounds", "direction", "length"), [
    ([(0, 0.4), (0, 0.03), (0, 0.06)], (1.0, 0.0, 0.0), 0.4),
    ([(0, 0.4), (-0.1, 0.2), (0, 1)], (0.0, 1.0, 0.0), 0.3),
    (None, (1.0, 0.0, 0.0), None),
])
def test_flow_length(bounds, direction, length):
    got = flow_length(bounds, direction)
    assert got == pytest.approx(length) if length else got is None


def test_through_time_guards_its_inputs():
    assert through_time(0.4, 0.2) == pytest.approx(4.0)
    with pytest.raises(ValueError, match="positive"):
        through_time(0.4, 0.0)


# --- the installed tutorials ----------------------------------------------------------------------

@pytest.mark.parametrize(("tutorial", "fields"), [
    ("basic/scalarTransportFoam/pitzDaily", {"T", "U"}),
    ("basic/potentialFoam/pitzDaily", {"U", "p"}),
    ("basic/laplacianFoam/flange", {"T"}),
    ("electromagnetics/mhdFoam/hartmann", {"B", "U", "p", "pB"}),
])
def test_installed_tutorials_carry_onto_a_duct(tutorial, fields):
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    case = TUTORIALS / tutorial
    assert carry_refusal(case, "x") is None
    found = field_files(case)
    assert fields <= set(found)
    for name, text in found.items():
        carried = carry_field(text, name, DUCT_3D, "(0.2 0 0)" if name == "U" else None)
        assert "nonuniform" not in carried.text
        assert set(carried.sources) == {"inlet", "outlet", "walls"}
    assert "system/blockMeshDict" not in carried_dictionaries(case)


@pytest.mark.parametrize(("text", "value"), [
    (FIELD, "1"),
    (FIELD.replace("inflow { type fixedValue; value uniform 1; }", "inflow { type zeroGradient; }"), None),
    (FIELD.replace("uniform 1;", "uniform (10 0 0);"), "(10 0 0)"),
])
def test_inflow_value(text, value):
    assert inflow_value(text) == value


def test_remeshed_fields_of_an_installed_tutorial():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    uniform, lacking = remeshed_fields(TUTORIALS / "basic/scalarTransportFoam/pitzDaily")
    assert uniform == {"0/U": "uniform (10 0 0)"} and lacking == []


@pytest.mark.parametrize(("hints", "text", "solver"), [
    ({"scalarTransportFoam": 75.0}, "tracer carried by a given velocity", "scalarTransportFoam"),
    ({"scalarTransportFoam": 75.0}, "laminar flow with a dye tracer", None),  # the flow is solved
    ({"scalarTransportFoam": 40.0}, "tracer carried by a given velocity", None),  # too weak a call
    ({"potentialFoam": 70.0, "overPotentialFoam": 10.0}, "potential flow", "potentialFoam"),
    ({"laplacianFoam": 60.0}, "heat conduction in a slab", "laplacianFoam"),
    ({"laplacianFoam": 60.0}, "heat conduction with a flow of 1 m/s", None),
    ({"simpleFoam": 80.0, "potentialFoam": 60.0}, "potential flow", None),  # not the strongest call
    ({}, "anything", None),
])
def test_implied_carried(hints, text, solver):
    from tasks.edit.parametric_carried import implied_carried

    assert implied_carried(hints, text, 60.0) == solver


@pytest.mark.parametrize(("value", "pair"), [
    (0.05, ("height", "step_height")), (0.3, ("downstream_length", "upstream_length")), (0.9, None),
])
def test_dimension_difference(value, pair):
    from tasks.edit.parametric_carried import dimension_difference

    dims = {"height": 0.075, "step_height": 0.025, "upstream_length": 0.2, "downstream_length": 0.5, "depth": None}
    assert dimension_difference(dims, value) == pair
