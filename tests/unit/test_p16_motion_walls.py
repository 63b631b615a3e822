"""A wall that moves with the mesh takes its stated speed where the base drives the mesh (point
motion of the patch, a solidBody linearMotion), keeping the base's direction unless one is stated."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_motion_walls import linear_motions, mesh_moves, said_way
from tasks.plan.stated import read_stated

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
_needs_tutorials = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="OpenFOAM tutorials not installed")
HEADER = "FoamFile { version 2.0; format ascii; class dictionary; object %s; }\n"


def _edits(base: Path, solver: str, text: str) -> tuple[dict[str, str], list[str]]:
    binder = bind_all(base, solver, text, read_stated(text))
    return ({e.file + ":" + "/".join(e.entry): e.value for e in binder.edits if isinstance(e.value, str)},
            [n.reason for n in binder.not_applied])


@pytest.mark.parametrize("words, way", [
    ("moves to the left at", [-1.0, 0.0, 0.0]),
    ("slides leftwards", [-1.0, 0.0, 0.0]),
    ("travels rightward", [1.0, 0.0, 0.0]),
    ("the piston is pushed up", [0.0, 1.0, 0.0]),
    ("moving in -x", [-1.0, 0.0, 0.0]),
    ("the cone moves at", None),
    ("the left patch stays", [-1.0, 0.0, 0.0]),  # a bare side word is a direction for a motion said beside it
])
def test_said_way(words: str, way: list[float] | None) -> None:
    assert said_way(words) == way


@pytest.mark.parametrize("text, moves", [
    ("dynamicFvMesh dynamicMotionSolverFvMesh; motionSolver velocityComponentLaplacian;", True),
    ("dynamicFvMesh staticFvMesh;", False),
    ("", False),
])
def test_mesh_moves(text: str, moves: bool) -> None:
    assert mesh_moves(text) is moves


def test_linear_motions() -> None:
    text = ("dynamicFvMesh dynamicMotionSolverFvMesh; motionSolver solidBody; cellZone box; "
            "solidBodyMotionFunction linearMotion; linearMotionCoeffs { velocity (0.4 0 0); }")
    assert linear_motions(text) == [["linearMotionCoeffs", "velocity"]]
    assert linear_motions("oscillatingLinearMotionCoeffs { amplitude (1 0 0); omega 2; }") == []


CONES = [("incompressible/pimpleFoam/laminar/movingCone", "pimpleFoam"),
         ("compressible/sonicDyMFoam/movingCone", "sonicDyMFoam"),
         ("compressible/rhoCentralDyMFoam/movingCone", "rhoCentralDyMFoam")]


@_needs_tutorials
@pytest.mark.parametrize("tutorial, solver", CONES)
@pytest.mark.parametrize("text, value", [
    ("the cone moves at 120 m/s", "constant 120"),
    ("cone speed 3 ft/s", "constant 0.9144"),
    ("I would like the conical body to be pushed through the domain with a velocity of 25 km/h", "constant 6.944444444"),
    ("moving wall velocity 0.5 m/s, to the left", "constant -0.5"),
    ("the cone travels the other way at 1 m/s", "constant -1"),
])
def test_the_cone_speed_is_the_point_motion(tutorial: str, solver: str, text: str, value: str) -> None:
    edits, refused = _edits(EXAMPLES / tutorial, solver, text)
    assert edits.get("0/pointMotionUx:boundaryField/movingWall/uniformValue") == value, (edits, refused)
    assert "0/U:boundaryField/movingWall/value" not in edits  # movingWallVelocity follows the mesh
    assert not refused


@_needs_tutorials
def test_a_direction_the_motion_solver_cannot_take_is_refused() -> None:
    edits, refused = _edits(EXAMPLES / CONES[0][0], "pimpleFoam", "the cone moves upward at 1 m/s")
    assert not any("pointMotionUx" in k or k.startswith("0/U:") for k in edits) and refused


@_needs_tutorials
def test_a_lid_on_a_fixed_mesh_keeps_its_u_value() -> None:
    edits, _ = _edits(EXAMPLES / "incompressible/icoFoam/cavity/cavity", "icoFoam", "lid at 1 m/s")
    assert edits["0/U:boundaryField/movingWall/value"] == "uniform (1 0 0)"


def _case(tmp_path: Path, dynamic: str, point_u: str | None) -> Path:
    (tmp_path / "0").mkdir()
    (tmp_path / "constant").mkdir()
    (tmp_path / "system").mkdir()
    (tmp_path / "constant/dynamicMeshDict").write_text(HEADER % "dynamicMeshDict" + dynamic)
    (tmp_path / "0/U").write_text(HEADER % "U" + "dimensions [0 1 -1 0 0 0 0]; internalField uniform (0 0 0);\n"
                                  "boundaryField { lid { type movingWallVelocity; value uniform (0 0 0); }\n"
                                  "walls { type noSlip; } }\n")
    (tmp_path / "0/p").write_text(HEADER % "p" + "dimensions [0 2 -2 0 0 0 0]; internalField uniform 0;\n"
                                  "boundaryField { lid { type zeroGradient; } walls { type zeroGradient; } }\n")
    if point_u is not None:
        (tmp_path / "0/pointMotionU").write_text(HEADER % "pointMotionU" + point_u)
    (tmp_path / "system/controlDict").write_text(HEADER % "controlDict" + "application pimpleFoam; endTime 1;\n")
    return tmp_path


POINT_U = ("dimensions [0 1 -1 0 0 0 0]; internalField uniform (0 0 0);\n"
           "boundaryField { lid { type uniformFixedValue; uniformValue constant (-1 0 0); } walls { type fixedValue; "
           "value uniform (0 0 0); } }\n")
LINEAR = ("dynamicFvMesh dynamicMotionSolverFvMesh; motionSolver solidBody; cellZone box;\n"
          "solidBodyMotionFunction linearMotion; linearMotionCoeffs { velocity (0 -2 0); }\n")


@pytest.mark.parametrize("dynamic, point_u, text, key, value", [
    ("dynamicFvMesh dynamicMotionSolverFvMesh; motionSolver velocityLaplacian;", POINT_U,
     "the lid of the box moves at 0.4 m/s", "0/pointMotionU:boundaryField/lid/uniformValue", "constant (-0.4 0 0)"),
    ("dynamicFvMesh dynamicMotionSolverFvMesh; motionSolver velocityLaplacian;", POINT_U,
     "lid sliding to the right, 40 cm/s", "0/pointMotionU:boundaryField/lid/uniformValue", "constant (0.4 0 0)"),
    ("dynamicFvMesh dynamicMotionSolverFvMesh; motionSolver velocityLaplacian;", POINT_U,
     "moving wall speed = 0.4 m/s (reversed)", "0/pointMotionU:boundaryField/lid/uniformValue", "constant (0.4 0 0)"),
    (LINEAR, None, "the lid moves at 3 m/s", "constant/dynamicMeshDict:linearMotionCoeffs/velocity", "(0 -3 0)"),
    (LINEAR, None, "the box lid is translated at 1.5 m/s in +x", "constant/dynamicMeshDict:linearMotionCoeffs/velocity",
     "(1.5 0 0)"),
])
def test_synthetic_moving_walls(tmp_path: Path, dynamic: str, point_u: str | None, text: str, key: str,
                                value: str) -> None:
    edits, refused = _edits(_case(tmp_path, dynamic, point_u), "pimpleFoam", text)
    assert edits.get(key) == value, (edits, refused)
    assert "0/U:boundaryField/lid/value" not in edits


def test_a_solved_motion_takes_no_speed(tmp_path: Path) -> None:
    dynamic = "dynamicFvMesh dynamicMotionSolverFvMesh; motionSolver sixDoFRigidBodyMotion;\n"
    edits, refused = _edits(_case(tmp_path, dynamic, None), "pimpleFoam", "the lid moves at 1 m/s")
    assert "0/U:boundaryField/lid/value" not in edits and refused
