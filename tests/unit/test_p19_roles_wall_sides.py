"""A wall temperature for one side of a base whose wall patch spans several sides ("bottom at 20
degC, lid at 40 degC" on a cavity whose floor and side walls are fixedWalls): the side's faces become
a patch of their own (blockMeshDict and every field), held at the stated temperature; not applied,
with why, where the patch cannot be split."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.knowledge.casebase import case_text
from tasks.plan.bind import bind_all
from tasks.plan.bind_inlet_normals import block_vertices
from tasks.plan.bind_wall_sides import Split, block_dict, field_copy, side_axis, split_side
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
CAVITY = "compressible/rhoPimpleFoam/RAS/cavity"


@pytest.mark.parametrize(
    "side,gravity,axis",
    [("left", "", (0, -1)), ("right", "(0 -9.81 0)", (0, 1)), ("bottom", "", (1, -1)), ("top", "(0 -9.81 0)", (1, 1)),
     ("bottom", "(0 0 -9.81)", (2, -1)), ("top", "(0 9.81 0)", (1, -1)), ("inner", "", None)],
)
def test_the_axis_of_a_side(side, gravity, axis):
    assert side_axis(side, gravity) == axis


@needs_tutorials
@pytest.mark.parametrize(
    "side,kept,moved",
    [("bottom", [(0, 4, 7, 3), (2, 6, 5, 1)], [(1, 5, 4, 0)]),
     ("left", [(2, 6, 5, 1), (1, 5, 4, 0)], [(0, 4, 7, 3)]),
     ("right", [(0, 4, 7, 3), (1, 5, 4, 0)], [(2, 6, 5, 1)])],
)
def test_the_faces_of_one_side_split_off(side, kept, moved):
    mesh = case_text(TUTORIALS / "incompressible/icoFoam/cavity/cavity", "system/blockMeshDict") or ""
    split = split_side(fd.get(fd.strip_comments(mesh), ["boundary"]) or "", block_vertices(mesh),
                       ["fixedWalls", "movingWall"], side)
    assert isinstance(split, Split) and (split.patch, split.name) == ("fixedWalls", f"{side}Wall")
    inner = split.boundary.strip()[1:-1]
    faces = lambda p: [tuple(int(i) for i in f.split()) for f in  # noqa: E731
                       fd.get(inner, [p, "faces"]).strip()[1:-1].replace("(", " ").split(")") if f.strip()]
    assert faces("fixedWalls") == kept and faces(f"{side}Wall") == moved
    assert fd.get(inner, [f"{side}Wall", "type"]) == "wall"


@needs_tutorials
def test_no_split_where_no_wall_or_several_have_faces_on_the_side():
    mesh = case_text(TUTORIALS / "incompressible/icoFoam/cavity/cavity", "system/blockMeshDict") or ""
    boundary = fd.get(fd.strip_comments(mesh), ["boundary"]) or ""
    why = split_side(boundary, block_vertices(mesh), ["movingWall"], "bottom")
    assert isinstance(why, str) and "no wall patch" in why
    assert isinstance(split_side(boundary, block_vertices(mesh), ["fixedWalls", "movingWall"], "inner"), str)


def test_a_condition_copied_for_the_new_patch():
    text = ("boundaryField\n{\n    fixedWalls\n    {\n        type fixedFluxPressure;\n        value uniform 1e5;\n    }\n"
            "    \".*Walls\"\n    {\n        type zeroGradient;\n    }\n}\n")
    assert field_copy(text, "fixedWalls", "bottomWall") == {"type": "fixedFluxPressure", "value": "uniform 1e5"}
    assert field_copy(text.replace("    fixedWalls\n", "    other\n"), "fixedWalls", "bottomWall") is None
    assert field_copy(text.replace("    fixedWalls\n", "    other\n"), "fixedWalls", "bottomWalls") == {}
    assert block_dict("a { #include \"x\" }", ["a"]) is None


def _bound(tutorial: str, solver: str, text: str) -> tuple[dict[str, str], dict[str, str], list]:
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    t = {b.entry[1]: b.value for b in binder.bindings if b.file == "0/T" and b.entry[0] == "boundaryField"}
    return t, {n.text: n.reason for n in binder.not_applied}, binder.edits


@needs_tutorials
@pytest.mark.parametrize(
    "text,expected",
    [
        ("compressible cavity: bottom at 20 degC, lid at 40 degC", {"bottomWall": "uniform 293.15",
                                                                   "movingWall": "uniform 313.15"}),
        ("The floor of the cavity is kept at 290 K while the lid moves at 1 m/s and is held at 320 K",
         {"bottomWall": "uniform 290", "movingWall": "uniform 320"}),
        ("rhoPimpleFoam cavity, left wall 300 K, right wall 280 K", {"leftWall": "uniform 300",
                                                                     "rightWall": "uniform 280"}),
        ("the lid slides at 1 m/s and is heated to 330 K", {"movingWall": "uniform 330"}),
    ],
)
def test_a_side_of_one_wall_patch_takes_its_own_temperature(text, expected):
    t, refused, edits = _bound(CAVITY, "rhoPimpleFoam", text)
    assert t == expected and not refused
    split = [e for e in edits if e.file == "system/blockMeshDict" and e.entry == ["boundary"]]
    for name in (n for n in expected if n.endswith("Wall") and n != "movingWall"):
        assert name in str(split[-1].value)
        for field in ("U", "p", "k", "epsilon", "nut", "alphat"):  # every field knows the new patch
            assert any(e.file == f"0/{field}" and e.entry == ["boundaryField", name] for e in edits), field


@needs_tutorials
def test_buoyant_cavity_top_and_bottom_split_from_the_patch_that_holds_them():
    t, refused, _ = _bound("heatTransfer/buoyantSimpleFoam/buoyantCavity", "buoyantSimpleFoam",
                           "buoyantCavity: top wall at 300 K and bottom wall at 290 K, hot wall 310 K")
    assert t == {"topWall": "uniform 300", "bottomWall": "uniform 290", "hot": "uniform 310"} and not refused


@pytest.mark.parametrize(
    "text,placed",
    [
        ("lid (top) moves at 0.01 m/s and is held at 313.15 K, bottom wall 293.15 K, side walls adiabatic",
         [("313.15 K", ("top",))]),  # no bottom patch: the binder splits it off, never all the walls
        ("the floor wall is kept at 20 degC", []),
        ("heated channel, walls at 300 K", [("300 K", ("fixedWalls", "top"))]),
    ],
)
def test_a_shape_without_the_sides_patch_leaves_a_side_temperature_to_the_binder(text, placed):
    from tasks.edit.parametric_heat import place_temperatures
    from tasks.geometry.models import PatchInfo

    patches = [PatchInfo(name="fixedWalls", type="wall", role="wall"), PatchInfo(name="top", type="wall", role="moving_wall")]
    assert sorted({(p.quantity.text, p.patches) for p in place_temperatures(text, read_stated(text), patches)}) == placed


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,expected,refused",
    [
        (CAVITY, "rhoPimpleFoam", "compressible cavity, the two side walls at 300 K",
         {"leftWall": "uniform 300", "rightWall": "uniform 300"}, False),
        (CAVITY, "rhoPimpleFoam", "cavity with both vertical walls held at 310 K and the lid at 2 m/s",
         {"leftWall": "uniform 310", "rightWall": "uniform 310"}, False),
        (CAVITY, "rhoPimpleFoam", "cavity: the sides at 280 K, bottom at 300 K",
         {"leftWall": "uniform 280", "rightWall": "uniform 280", "bottomWall": "uniform 300"}, False),
        ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam",
         "Benard cells, side walls at 300 K, floor 301 K", {"sideWalls": "uniform 300", "floor": "uniform 301"}, False),
        # a 3D room's sides are four walls: not applied, never the floor (its only fixed-temperature wall)
        ("heatTransfer/buoyantPimpleFoam/hotRoom", "buoyantPimpleFoam", "the side walls at 290 K in the room", {}, True),
    ],
)
def test_the_side_walls_are_the_left_and_right_ones(tutorial, solver, text, expected, refused):
    t, why, _ = _bound(tutorial, solver, text)
    assert t == expected and bool(why) is refused
