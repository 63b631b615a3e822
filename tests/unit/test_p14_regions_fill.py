"""Initial phase regions stated by a level, height, depth, width or fraction: the setFieldsDict box
of installed multiphase tutorials, in the tutorial's frame (gravity's axis), checked against the
mesh bounds (outside -> not_applied). Probes in several phrasings and units."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
MP = "multiphase"
DAM = f"{MP}/interFoam/laminar/damBreak/damBreak"
DTC = f"{MP}/interFoam/RAS/DTCHull"
SLOSH2D = f"{MP}/interFoam/laminar/sloshingTank2D"
CYL = f"{MP}/interFoam/laminar/sloshingCylinder"
pytestmark = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
_BOX = re.compile(r"box\s*\(([^)]*)\)\s*\(([^)]*)\)")


def _boxes(tutorial: str, solver: str, text: str) -> tuple[list[list[float]], object]:
    """The setFieldsDict boxes the binder writes for `text` (every corner pair, in order), and the binder."""
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    raw = next((str(e.value) for e in reversed(binder.edits)
                if e.file == "system/setFieldsDict" and e.entry == ["regions"]), "")
    return [[float(x) for x in f"{a} {b}".split()] for a, b in _BOX.findall(raw)], binder


@pytest.mark.parametrize("tutorial,solver,text,box", [
    # damBreak: a level, a column's width and height, in m, cm, mm, inches, unitless coordinate
    (DAM, "interFoam", "Dam break tutorial: the water level should be 0.3 m, run 1 s.", [0, 0, -1, 0.1461, 0.3, 1]),
    (DAM, "interFoam", "I would like to simulate the classic dam break where the initial column of water is 10 cm "
                       "wide and 20 cm tall, please simulate until 0.5 seconds.", [0, 0, -1, 0.1, 0.2, 1]),
    (DAM, "interFoam", "dam break, column of water width 4 inch, height 8 inch", [0, 0, -1, 0.1016, 0.2032, 1]),
    (DAM, "interFoam", "damBreak interFoam water column 300 mm high and 150 mm wide", [0, 0, -1, 0.15, 0.3, 1]),
    (DAM, "interFoam", "damBreak, liquid up to y = 0.1", [0, 0, -1, 0.1461, 0.1, 1]),
    (f"{MP}/interFoam/laminar/damBreakWithObstacle", "interFoam",
     "damBreakWithObstacle: water block with a width of 0.4 m and a height of 0.5 m", [0, 0, 0, 0.4, 0.1875, 0.5]),
    # the DTC hull: a boxToCell and its boxToFace twin move together (z up)
    (DTC, "interFoam", "DTCHull interFoam, water level at z = 0.2 m, 5 s", [-999, -999, -999, 999, 999, 0.2]),
    (DTC, "interFoam", "Please prepare the DTC container ship hull case with the calm water surface located at a "
                       "height of z = 0.25 metres.", [-999, -999, -999, 999, 999, 0.25]),
    (DTC, "interFoam", "DTCHull, set the initial free surface to z = 0.1", [-999, -999, -999, 999, 999, 0.1]),
    (DTC, "interFoam", "DTC hull with the domain 80 % filled", [-999, -999, -999, 999, 999, 0]),
    # a fraction of the tank's height (z from -10 to 20 m): the box keeps its own far corner
    (SLOSH2D, "interFoam", "sloshingTank2D, fill the tank to 40 % of its height, 2 s",
     [-100, -100, -100, 100, 100, 2]),
    (SLOSH2D, "interFoam", "sloshing tank, the lower third filled with water", [-100, -100, -100, 100, 100, 0]),
    (SLOSH2D, "interFoam", "sloshing tank 2d interFoam water level 0.3 m", [-100, -100, -100, 100, 100, -9.7]),
    # no gravity in constant/g (the mesh moves): the axis along which the water's box reaches an end
    (CYL, "interFoam", "sloshing cylinder filled to 25 % of its height", [-1, -1, -1, 1, 1, -0.075]),
    (CYL, "interFoam", "sloshingCylinder interFoam, liquid level z = -0.1", [-1, -1, -1, 1, 1, -0.1]),
    # gas above the water (depthCharge2D): the gas box's lower face is the level
    (f"{MP}/compressibleInterFoam/laminar/depthCharge2D", "compressibleInterFoam", "depthCharge2D, water level 0.8 m",
     [-10, 0.8, -1, 10, 10, 1]),
    (f"{MP}/multiphaseEulerFoam/bubbleColumn", "multiphaseEulerFoam", "bubble column, initial water level 0.5 m",
     [0, 0, -0.1, 0.15, 0.5, 0.1]),
    (f"{MP}/interFoam/RAS/weirOverflow", "interFoam", "interFoam weir overflow where initially the water upstream "
                                                      "of the weir is 20 cm deep", [-100, 0, -100, 0, 0.2, 100]),
])
def test_a_stated_level_moves_the_region_box(tutorial: str, solver: str, text: str, box: list[float]) -> None:
    boxes, binder = _boxes(tutorial, solver, text)
    assert boxes and boxes[0] == pytest.approx(box, abs=1e-9)
    assert all(b == boxes[0] for b in boxes[1:]) or tutorial != DTC  # the cells and the faces alike
    assert not binder.not_applied


def test_a_level_keyword_is_no_mesh_refinement_level() -> None:
    """"liquid level z = -0.1": the fill level, not snappyHexMeshDict's refinement `level` entry."""
    _, binder = _boxes(CYL, "interFoam", "sloshingCylinder interFoam, liquid level z = -0.1")
    assert not [e for e in binder.edits if e.file == "system/snappyHexMeshDict"]


@pytest.mark.parametrize("tutorial,solver,text,said", [
    (DAM, "interFoam", "damBreak interFoam water level 2 m", "2 m"),
    (f"{MP}/multiphaseEulerFoam/bubbleColumn", "multiphaseEulerFoam", "bubble column: water height 1.5 m", "1.5 m"),
    (CYL, "interFoam", "sloshingCylinder interFoam, liquid level z = -0.2", "level z = -0.2"),
    (DAM, "interFoam", "dam break with the water filled up to a height of 70 cm", "70 cm"),
])
def test_a_level_outside_the_mesh_is_not_applied(tutorial: str, solver: str, text: str, said: str) -> None:
    boxes, binder = _boxes(tutorial, solver, text)
    assert not boxes  # the base's box stands
    reasons = {n.text: n.reason for n in binder.not_applied}
    assert said in reasons and "outside the domain" in reasons[said]


def test_the_dam_break_recipe_says_why_a_level_is_refused() -> None:
    from tasks.plan.architect import plan

    manifest = plan("damBreak interFoam water level 2 m", TUTORIALS)
    reasons = [n.reason for n in manifest.not_applied if n.text == "2 m"]
    assert reasons and "outside the domain" in reasons[0]
