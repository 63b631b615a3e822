"""A tutorial's box-shaped mesh without size parameters stretched to the sizes a request states:
which axis a size names (role words, an ordered "L x W x H" list, a cube's side), the vertices
written with cell counts and origin kept, the case's points (setFields boxes, a setAlphaField
origin) moved with them, and a mesh with curved edges refused with the reason. Real tutorials."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam import block_box_scale as box
from tasks.foam import dictionary as fd
from tasks.foam.block_vars_resize import extents
from tasks.foam.files import find_file, read_text
from tasks.plan.controls_mesh import MeshChange
from tasks.plan.domain_box_resize import map_sizes, stretch_box
from tasks.plan.stated import StatedQuantity

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
DAMBREAK = EXAMPLES / "multiphase/interFoam/laminar/damBreak/damBreak"
BED = EXAMPLES / "multiphase/twoPhaseEulerFoam/laminar/fluidisedBed"
SPHERE = EXAMPLES / "multiphase/interIsoFoam/sphereInReversedVortexFlow"
DISC = EXAMPLES / "multiphase/interIsoFoam/discInReversedVortexFlow"
HOTROOM = EXAMPLES / "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom"
BEND = EXAMPLES / "compressible/rhoSimpleFoam/squareBend"
pytestmark = pytest.mark.skipif(not DAMBREAK.is_dir(), reason="installed OpenFOAM tutorials missing")


def _q(text: str, value: float) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="length", value=value, role="geometry")


def _bmd(case: Path) -> str:
    return read_text(find_file(case / "system", "blockMeshDict"))


@pytest.mark.parametrize(("case", "request_text", "said", "expected"), [
    (SPHERE, "the sphere case in a box 0.6 m x 0.5 m x 0.45 m", [("0.6 m", .6), ("0.5 m", .5), ("0.45 m", .45)],
     {0: .6, 2: .5, 1: .45}),  # with gravity along y: length, width, height
    (SPHERE, "a 70 cm cube", [("70 cm", .7)], {0: .7, 1: .7, 2: .7}),
    (BED, "the bed 35 cm wide and 1.4 m tall", [("35 cm", .35), ("1.4 m", 1.4)], {0: .35, 1: 1.4}),
    (DISC, "a 40 cm x 35 cm domain", [("40 cm", .4), ("35 cm", .35)], {0: .4, 2: .35}),  # the 2D plane x-z
    (HOTROOM, "the room 8 m long, 6 m wide and 3 m high", [("8 m", 8.0), ("6 m", 6.0), ("3 m", 3.0)],
     {0: 8.0, 2: 6.0, 1: 3.0}),
    (DAMBREAK, "a tank 0.9 m in x", [("0.9 m", .9)], {0: .9}),
])
def test_sizes_map_to_the_axes_they_name(case, request_text, said, expected):
    mesh = box.read_box_mesh(_bmd(case))
    targets, clashes = map_sizes(request_text, [_q(t, v) for t, v in said], mesh, 1, True)
    assert {a: v for a, (v, _) in targets.items()} == pytest.approx(expected)
    assert clashes == []


def test_dam_break_stretched_with_its_water_column_and_gauges():
    text = "dam break in a tank 1.2 m long"
    q = _q("1.2 m", 1.2)
    change = MeshChange()
    left, why = stretch_box(DAMBREAK, text, [q], [q], change, 1)
    assert left == [] and why is None
    vertices = next(e.value for e in change.edits if e.entry == ["vertices"])
    new = fd.set_entry(_bmd(DAMBREAK), ["vertices"], vertices)
    assert fd.parse_error(new) is None
    assert extents(new) == pytest.approx([1.2, 0.584, 0.0146])
    assert fd.get(new, ["blocks"]) == fd.get(_bmd(DAMBREAK), ["blocks"])  # cell counts kept
    regions = next(e.value for e in change.edits if e.file == "system/setFieldsDict")
    factor = 1.2 / 0.584
    assert f"box (0 0 -1) ({0.1461 * factor:.12g} 0.292 1)" in regions  # the water column moves with the tank
    assert any(e.file == "system/sampling" for e in change.edits)  # the gauges' points too
    assert [b.stated for b in change.bindings] == ["1.2 m"]


def test_disc_origin_and_radius_follow_an_even_stretch():
    text = "the disc in a 50 cm square domain"
    q = _q("50 cm", .5)
    change = MeshChange()
    stretch_box(DISC, text, [q], [q], change, 1)
    moved = {e.entry[-1]: e.value for e in change.edits if e.file == "system/setAlphaFieldDict"}
    assert moved["origin"] == "(0.25 0 0.375)" and moved["radius"] == "0.075"


def test_curved_mesh_is_refused_with_the_reason():
    q = _q("3 m", 3.0)
    change = MeshChange()
    left, why = stretch_box(BEND, "the bend 3 m long", [q], [q], change, 1)
    assert left == [q] and "curved" in why
    assert change.edits == []


@pytest.mark.parametrize(("text", "spread"), [
    ("a 40x35x30 cm box", "a 40 cm x 35 cm x 30 cm box"),
    ("domain 0.4 by 0.35 by 0.3 m", "domain 0.4 m by 0.35 m by 0.3 m"),
    ("a 2 x 1 m tank", "a 2 m x 1 m tank"),
    ("100 x 24 x 16 cells", "100 x 24 x 16 cells"),  # a cell count keeps its form
    ("40 x 40 cells, 2x1 in the middle", "40 x 40 cells, 2x1 in the middle"),
])
def test_one_unit_after_a_list_of_sizes_goes_to_each(text, spread):
    from tasks.plan.dimension_lists import spread_dimension_units

    assert spread_dimension_units(text) == spread


def _planned_extents(text: str) -> tuple[str, list[float], object]:
    from tasks.plan.architect import plan

    manifest = plan(text, EXAMPLES)
    base = EXAMPLES / manifest.base_tutorial
    bmd = _bmd(base)
    for e in manifest.edits:
        if e.file == "system/blockMeshDict" and e.entry == ["vertices"]:
            bmd = fd.set_entry(bmd, e.entry, e.value)
    return manifest.base_tutorial, extents(bmd), manifest


def test_named_room_sized_in_three_directions_is_the_tutorial_stretched():
    base, ext, manifest = _planned_extents("hot room buoyantBoussinesqSimpleFoam: the room is 8 m long, 6 m wide "
                                           "and 3 m high")
    assert base.endswith("hotRoom") and not manifest.substituted
    assert ext == pytest.approx([8.0, 3.0, 6.0])  # gravity along y: the height is y
    heater = next(e.value for e in manifest.edits if e.file == "system/setFieldsDict")
    assert "(3.6 " in heater  # the heater's box (4.5 .. 5.5 m in x) moved with the room


def test_compact_size_list_on_a_3d_tutorial():
    base, ext, manifest = _planned_extents("sphereInReversedVortexFlow interIsoFoam in a 40x35x30 cm box")
    assert base.endswith("sphereInReversedVortexFlow") and not manifest.substituted
    assert ext == pytest.approx([0.4, 0.3, 0.35])
    assert {b.stated for b in manifest.bindings} >= {"40 cm", "35 cm", "30 cm"}


@pytest.mark.parametrize(("text", "first", "last", "body"), [
    ("a porous square obstacle 0.05 m wide in a channel 1.5 m long", "0.05 m", None, True),
    ("a porous square obstacle 0.05 m wide in a channel 1.5 m long", "1.5 m", None, False),
    ("a 0.05 m wide obstacle in a 1 m channel", "0.05 m", None, True),
    ("a 10 cm x 20 cm water column in the tank", "10 cm", "20 cm", True),
    ("the flow of a disc in a 40 cm x 35 cm domain", "40 cm", "35 cm", False),
    ("the bed 35 cm wide and 1.4 m tall", "1.4 m", None, False),
])
def test_a_size_of_a_body_inside_is_not_the_domains(text, first, last, body):
    from tasks.plan.domain_box_resize import said_of_body

    assert said_of_body(text, _q(first, 1.0), _q(last, 1.0) if last else None) is body
