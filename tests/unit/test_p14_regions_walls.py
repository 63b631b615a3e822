"""Wall temperatures by the wall the words name, on installed heat-transfer tutorials and the
heated-cavity recipe: a side goes to the patch on that side whatever the base calls it (the
buoyantCavity's left wall is `cold`), never to a patch group (`wall` of BenardCells' other fields);
one wall's temperature leaves the initial field alone unless the request states a start."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.stated import read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
HT = "heatTransfer"
CAVITY = f"{HT}/buoyantSimpleFoam/buoyantCavity"
BENARD = f"{HT}/buoyantBoussinesqPimpleFoam/BenardCells"
ROOM = f"{HT}/buoyantBoussinesqSimpleFoam/hotRoom"
ROOM_C = f"{HT}/buoyantPimpleFoam/hotRoom"
pytestmark = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _t_edits(tutorial: str, solver: str, text: str):
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    walls = {e.entry[1]: str(e.value) for e in binder.edits
             if e.file.split("/")[-1] in ("T", "T.orig") and e.entry[0] == "boundaryField"}
    return walls, binder


@pytest.mark.parametrize("tutorial,solver,text,walls", [
    # buoyantCavity: `cold` is the wall at x = 0 (left), `hot` the one at x = 0.076 m (right)
    (CAVITY, "buoyantSimpleFoam", "buoyantCavity buoyantSimpleFoam, left wall 320 K, right wall 300 K",
     {"cold": "uniform 320", "hot": "uniform 300"}),
    (CAVITY, "buoyantSimpleFoam", "I'd like to run the buoyant cavity tutorial with the left side wall heated to "
                                  "50 degC and the right side wall kept at 20 degC, please.",
     {"cold": "uniform 323.15", "hot": "uniform 293.15"}),
    (CAVITY, "buoyantSimpleFoam", "buoyantCavity, T left = 300 K, T right = 330 K, 2000 iterations",
     {"cold": "uniform 300", "hot": "uniform 330"}),
    (CAVITY, "buoyantSimpleFoam", "buoyant cavity, the hot wall at 40 degC and the cold wall at 10 degC",
     {"hot": "uniform 313.15", "cold": "uniform 283.15"}),
    # BenardCells: floor and ceiling by side words; its U, k, nut list the group `wall`, no patch of T
    (BENARD, "buoyantBoussinesqPimpleFoam", "BenardCells, bottom wall 301 K, top wall 299 K",
     {"floor": "uniform 301", "ceiling": "uniform 299"}),
    (BENARD, "buoyantBoussinesqPimpleFoam",
     "Benard cells with the lower plate at 35 degC and the upper plate at 25 degC",
     {"floor": "uniform 308.15", "ceiling": "uniform 298.15"}),
    (BENARD, "buoyantBoussinesqPimpleFoam", "BenardCells, floor 305 K, ceiling 295 K",
     {"floor": "uniform 305", "ceiling": "uniform 295"}),
    (ROOM, "buoyantBoussinesqSimpleFoam", "hotRoom buoyantBoussinesqSimpleFoam, floor 290 K, ceiling 300 K",
     {"floor": "uniform 290", "ceiling": "uniform 300"}),
    (f"{HT}/buoyantSimpleFoam/hotRadiationRoom", "buoyantSimpleFoam",
     "hotRadiationRoom, box at 400 K, floor 300 K, ceiling 290 K",
     {"box": "uniform 400", "floor": "uniform 300", "ceiling": "uniform 290"}),
])
def test_a_wall_temperature_goes_to_the_wall_named(tutorial: str, solver: str, text: str, walls: dict) -> None:
    found, binder = _t_edits(tutorial, solver, text)
    assert found == walls
    assert not binder.not_applied


@pytest.mark.parametrize("tutorial,solver,text", [
    (ROOM_C, "buoyantPimpleFoam", "hotRoom, buoyantPimpleFoam, heater 450 K, floor 290 K, 500 s"),
    (ROOM_C, "buoyantPimpleFoam", "Please run the compressible hot room case; the floor (outside the heater) "
                                  "should be held at 290 K."),
    (ROOM, "buoyantBoussinesqSimpleFoam", "steady hot room, the floor at 17 degC"),
    (BENARD, "buoyantBoussinesqPimpleFoam", "BenardCells, bottom wall 301 K"),
])
def test_one_wall_temperature_leaves_the_initial_field(tutorial: str, solver: str, text: str) -> None:
    _, binder = _t_edits(tutorial, solver, text)
    assert not [e for e in binder.edits if e.entry in (["internalField"], ["defaultFieldValues"])]


@pytest.mark.parametrize("tutorial,solver,text,start", [
    (f"{HT}/buoyantBoussinesqPimpleFoam/hotRoom", "buoyantBoussinesqPimpleFoam",
     "hotRoom transient, heater 353.15 K, walls 293.15 K, 1000 s", "293.15"),
    (ROOM, "buoyantBoussinesqSimpleFoam", "hot room with the floor and ceiling at 17 degC", "290.15"),
    (ROOM_C, "buoyantPimpleFoam", "compressible hotRoom, floor and ceiling both held at 295 K", "295"),
])
def test_every_wall_together_starts_the_room_at_their_temperature(tutorial: str, solver: str, text: str,
                                                                  start: str) -> None:
    """A room that starts at its walls' temperature, every one of them (the lumped-mass ceiling too)
    moved to one value: the air starts there too (an assumption says so)."""
    _, binder = _t_edits(tutorial, solver, text)
    assert any(e.entry == ["defaultFieldValues"] and f"T {start}" in str(e.value) for e in binder.edits)


@pytest.mark.parametrize("text,held", [
    ("hotRoom buoyantPimpleFoam, left wall 320 K, right wall 310 K", {"leftWall": "uniform 320", "rightWall": "uniform 310"}),
    ("compressible hot room, the west wall at 47 degC", {"leftWall": "uniform 320.15"}),
])
def test_a_side_no_patch_lies_on_is_split_off(text: str, held: dict[str, str]) -> None:
    """hotRoom's fixedWalls spans four sides: "the left wall" names no patch of its own, so its
    faces on that side become a patch of their own (session 19: bind_wall_sides), held at the value."""
    _, binder = _t_edits(ROOM_C, "buoyantPimpleFoam", text)
    assert {e.entry[1]: e.value["value"] for e in binder.edits if e.file.split("/")[-1] == "T"
            and e.entry[0] == "boundaryField" and isinstance(e.value, dict)} == held
    assert not binder.not_applied
    assert all(any(f"{p} (the faces of fixedWalls" in a for a in binder.assumptions) for p in held)


@pytest.mark.parametrize("text,heated,values", [
    ("natural convection, left wall 320 K, right wall 300 K", ("leftWall", "rightWall"), (320, 300)),
    ("natural convection cavity heated from the right side at 330 K and cooled from the left side at 290 K",
     ("rightWall", "leftWall"), (330, 290)),
    ("buoyant cavity flow, T_left = 40 degC, T_right = 10 degC", ("leftWall", "rightWall"), (313.15, 283.15)),
    ("natural convection, the left wall is held at 330 K, cold wall 300 K", ("leftWall", "rightWall"), (330, 300)),
    ("natural convection, floor 290 K, ceiling 310 K", ("floor", "ceiling"), (290, 310)),
    ("natural convection, hot wall 330 K, cold wall 300 K", ("floor", "ceiling"), (330, 300)),
])
def test_the_heated_cavity_recipe_keeps_the_stated_sides(text: str, heated: tuple[str, str],
                                                         values: tuple[float, float]) -> None:
    from tasks.plan.recipes_heated import plan_heated_cavity
    from tasks.plan.request import build_context

    manifest = plan_heated_cavity(build_context(text, TUTORIALS, None))
    set_t = {e.entry[1]: str(e.value) for e in manifest.edits if e.file == "0/T" and e.entry[0] == "boundaryField"}
    assert set_t == {heated[0]: f"uniform {values[0]:g}", heated[1]: f"uniform {values[1]:g}"}
    roles = {p.name: p.role for p in manifest.patches}
    assert {n for n, r in roles.items() if r == "heatedWall"} == set(heated)


@pytest.mark.parametrize("before,after,wall", [
    ("natural convection, left wall ", "", "leftWall"),
    ("cavity, t_right = ", "", "rightWall"),
    ("heated from the right side at 330 k and cooled from the left side at ", "", "leftWall"),
    ("cavity with ", " on the east side", "rightWall"),
    ("the lower plate at ", "", "floor"),
    ("hot wall ", "", None),
])
def test_wall_of_reads_the_value_s_own_side(before: str, after: str, wall: str | None) -> None:
    from tasks.plan.extract import Quantity
    from tasks.plan.recipes_heated import wall_of

    assert wall_of(Quantity(kind="temperature", value=300, text="300 K", before=before, after=after, start=0)) == wall
