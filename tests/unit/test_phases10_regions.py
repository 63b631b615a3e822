"""Session 10, regions: the sphere or cylinder of a setAlphaFieldDict (interIsoFoam) sized and
placed from the request; a centre stated axis by axis; a fill level on the axis its coordinate
names; a domain's low end read through blockMeshDict macros; the dam-break recipe yielding to
the region the binder reads from the request."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_base import case_text
from tasks.plan.regions_alpha import ALPHA_DICT, alpha_shape, centre_by_axes, centre_words
from tasks.plan.stated import read_stated
from tests.conftest import TUTORIALS

MULTI = TUTORIALS / "multiphase"
needs_tutorials = pytest.mark.skipif(not MULTI.is_dir(), reason="OpenFOAM tutorials not installed")


def _edit(binder, rel: str, entry: list[str]) -> str | None:
    return next((str(e.value) for e in reversed(binder.edits) if e.file == rel and e.entry == entry), None)


def _numbers(raw: str | None) -> list[float]:
    return [float(x) for x in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", raw or "")]


@pytest.mark.parametrize(
    "words,expect",
    [
        ("centred at x = 0.5, z = 0.4", {0: 0.5, 2: 0.4}),
        ("its centre: y=20 cm and x=0.1", {1: 0.2, 0: 0.1}),
        ("placed 0.3 m in x, y and z", {0: 0.3, 1: 0.3, 2: 0.3}),
        ("centre 250 mm along x", {0: 0.25}),
        ("x0 = 1.5 m", {0: 1.5}),
        ("a radius of 0.2 m", {}),
    ],
)
def test_centre_by_axes(words, expect):
    assert centre_by_axes(words) == pytest.approx(expect)


@pytest.mark.parametrize(
    "words,expect",
    [
        ("a 1 m wide box, the blob centred at x = 0.2", "centred at x = 0.2"),
        ("a radius of 0.1 m", ""),
    ],
)
def test_centre_words(words, expect):
    assert centre_words(words) == expect


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,kind,radius",
    [
        ("interIsoFoam/discInConstantFlow", "cylinder", 0.25),
        ("interIsoFoam/sphereInReversedVortexFlow", "sphere", 0.15),
        ("interIsoFoam/discInReversedVortexFlow", "cylinder", 0.15),
        ("interIsoFoam/standingWave", None, None),  # a sine wave: no round region
    ],
)
def test_alpha_shape_reads_installed_dicts(tutorial, kind, radius):
    shape = alpha_shape(case_text(MULTI / tutorial, ALPHA_DICT) or "")
    assert (shape.kind if shape else None) == kind
    if shape:
        assert shape.radius == pytest.approx(radius)


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,text,radius,origin",
    [
        # other solvers' cases, other units, size before or after its role, centre as a point or by axis
        ("interIsoFoam/discInReversedVortexFlow", "interIsoFoam reversed vortex: a disc of 30 cm diameter "
         "centred at (0.5, 0, 0.7)", 0.15, [0.5, 0, 0.7]),
        ("interIsoFoam/sphereInReversedVortexFlow", "sphere of liquid with a radius of 120 mm; centre "
         "x = 0.4 m, y = 0.4 m, z = 0.3 m", 0.12, [0.4, 0.4, 0.3]),
        ("interIsoFoam/notchedDiscInSolidBodyRotation", "The disc radius is 0.2 m and its centre sits at 0.6 m "
         "in x.", 0.2, [0.6, 0, 0.75]),
        ("interIsoFoam/discInConstantFlow", "a 0.3 m across disc of water", 0.15, [0.5, 0, 0.5]),
    ],
)
def test_alpha_shape_sized_and_placed(tutorial, text, radius, origin):
    binder = bind_all(MULTI / tutorial, "interIsoFoam", text, read_stated(text))
    assert _numbers(_edit(binder, ALPHA_DICT, ["radius"])) == pytest.approx([radius])
    placed = _edit(binder, ALPHA_DICT, ["origin"])
    base = alpha_shape(case_text(MULTI / tutorial, ALPHA_DICT) or "")
    assert (_numbers(placed) if placed else base.origin) == pytest.approx(origin)


@needs_tutorials
def test_alpha_shape_keeps_domain_sizes_off_the_disc():
    text = "interIsoFoam disc in constant flow, the domain is 1 m wide, end 1"
    binder = bind_all(MULTI / "interIsoFoam/discInConstantFlow", "interIsoFoam", text, read_stated(text))
    assert _edit(binder, ALPHA_DICT, ["radius"]) is None


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,axis,level",
    [
        # a level on the axis its coordinate names, whatever gravity says (sloshingCylinder has g = 0)
        ("interFoam/laminar/sloshingCylinder", "interFoam", "free surface at z = -5 cm", 2, -0.05),
        ("interFoam/laminar/sloshingCylinder", "interFoam", "the water fills the cylinder up to z: -0.12 m", 2, -0.12),
        ("interFoam/laminar/capillaryRise", "interFoam", "meniscus initially at y = 5 mm", 1, 0.005),
        ("interFoam/laminar/damBreak/damBreak", "interFoam", "the water level is at y = 0.2 m", 1, 0.2),
    ],
)
def test_fill_level_on_named_axis(tutorial, solver, text, axis, level):
    binder = bind_all(MULTI / tutorial, solver, text, read_stated(text))
    box = _numbers(_edit(binder, "system/setFieldsDict", ["regions"]))
    assert len(box) >= 6 and box[3 + axis] == pytest.approx(level)
    assert not binder.not_applied


@needs_tutorials
def test_bounds_read_through_mesh_macros():
    """sloshingCylinder writes its vertices with $radiusNeg ...: the domain starts at -0.081 m."""
    from tasks.plan.bind import Binder
    from tasks.plan.bind_base import Base

    binder = Binder(Base(MULTI / "interFoam/laminar/sloshingCylinder"), "interFoam", "")
    bounds = binder._bounds()
    assert bounds[0] == pytest.approx((-0.081, 0.081)) and bounds[2] == pytest.approx((-0.15, 0.15))


@needs_tutorials
@pytest.mark.parametrize(
    "text,box",
    [
        # region sizes the recipe's own reading misses: the binder's reading wins over the recipe's column
        ("interFoam dam break: 10 cm (width) by 25 cm (height) of water", [0, 0, -1, 0.1, 0.25, 1]),
        ("dam break, interFoam; water fills the bottom 4 cm; endTime 0.2", [0, 0, -1, 0.1461, 0.04, 1]),
        ("laminar dam break with interFoam, the water surface at y = 0.15 m", [0, 0, -1, 0.1461, 0.15, 1]),
        # the recipe's own reading stands
        ("interFoam dam break, water column 0.2 m wide and 0.4 m high", [0, 0, -1, 0.2, 0.4, 1]),
    ],
)
def test_dam_break_stated_region_wins(text, box):
    from tasks.plan.architect import plan

    m = plan(text, TUTORIALS)
    regions = [e for e in m.edits if e.file == "system/setFieldsDict" and e.entry == ["regions"]]
    assert regions and _numbers(str(regions[-1].value))[:6] == pytest.approx(box)
    assert not [n for n in m.not_applied if n.text.endswith(("cm", "m"))]


def test_modules_stay_small():
    root = Path(__file__).resolve().parents[2] / "tasks" / "plan"
    for name in ("bind_parts.py", "bind_parts_regions.py", "bind_parts_sides.py", "regions_alpha.py",
                 "recipes_dambreak.py", "bind_setfields_fill.py"):
        assert len((root / name).read_text().splitlines()) <= 450, name


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,text,box",
    [
        # a fill said of the whole floor spans the domain wall to wall; other fills keep the base's box
        ("interFoam/laminar/damBreak/damBreak", "a 3 cm deep layer of water covers the floor",
         [0, 0, -1, 0.584, 0.03, 1]),
        ("interFoam/laminar/damBreak/damBreak", "fill the bottom 2 inches of the entire tank with water",
         [0, 0, -1, 0.584, 0.0508, 1]),
        ("interFoam/laminar/capillaryRise", "water across the whole tube up to a height of 6 mm",
         [0, 0, -1, 1, 0.006, 1]),
        ("interFoam/laminar/damBreak/damBreak", "the water column is filled to 0.1 m", [0, 0, -1, 0.1461, 0.1, 1]),
    ],
)
def test_fill_over_whole_floor(tutorial, text, box):
    binder = bind_all(MULTI / tutorial, "interFoam", text, read_stated(text))
    assert _numbers(_edit(binder, "system/setFieldsDict", ["regions"]))[:6] == pytest.approx(box)


def test_flipped_values_and_added_region():
    from tasks.plan.bind_setfields_inclusion import add_inclusion, flipped_values

    assert flipped_values({"alpha.water": "1", "T": "300", "alpha.oil": "0", "alpha.air": "0.5"}) == \
        {"alpha.water": "0", "alpha.oil": "1"}
    raw = "(\n    boxToCell\n    {\n        box (0 0 0) (1 1 1);\n        fieldValues ( volScalarFieldValue alpha.water 1 );\n    }\n)"
    bounds = [(0.0, 2.0), (0.0, 2.0), (0.0, 0.1)]
    sphere = add_inclusion(raw, [0.5, 0.5, 0.5], 0.1, {"alpha.water": "0"}, bounds, None)
    assert re.search(r"boxToCell.*sphereToCell\s*\{\s*origin \(0\.5 0\.5 0\.5\); radius 0\.1;.*alpha\.water 0", sphere, re.S)
    cylinder = add_inclusion(raw, [0.5, 0.5, 0.05], 0.1, {"alpha.water": "0"}, bounds, 2)
    assert "p1 (0.5 0.5 0); p2 (0.5 0.5 0.1); radius 0.1;" in cylinder
    with pytest.raises(ValueError):
        add_inclusion(raw, [0.5, 0.5, 0.5], 0.1, {}, bounds, None)


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,text,selector,radius",
    [
        # a bubble of the other phase inside the filled region: appended, its fraction flipped
        ("interFoam/laminar/damBreak/damBreak", "a 4 cm diameter gas bubble centred at (0.1, 0.05, 0) in the water",
         "cylinderToCell", 0.02),
        ("interFoam/laminar/damBreakWithObstacle", "an air pocket of radius 0.1 m at (0.3, 0.1, 0.3) inside the "
         "water block", "sphereToCell", 0.1),
        ("interFoam/laminar/damBreak/damBreak", "Put an air bubble (radius: 15 mm) in the middle of the water "
         "column.", "cylinderToCell", 0.015),
    ],
)
def test_gas_bubble_added_inside_liquid(tutorial, text, selector, radius):
    binder = bind_all(MULTI / tutorial, "interFoam", text, read_stated(text))
    raw = _edit(binder, "system/setFieldsDict", ["regions"]) or ""
    assert "boxToCell" in raw and selector in raw
    added = raw[raw.find(selector):]
    assert re.search(rf"radius\s+{radius}\s*;", added) and re.search(r"alpha\.water\s+0\b", added)


@needs_tutorials
def test_no_bubble_region_in_euler_base():
    text = "bubble column, air bubbles of 3 mm diameter"
    binder = bind_all(MULTI / "twoPhaseEulerFoam/laminar/bubbleColumn", "twoPhaseEulerFoam", text, read_stated(text))
    raw = _edit(binder, "system/setFieldsDict", ["regions"]) or ""
    assert "sphereToCell" not in raw and "cylinderToCell" not in raw


@needs_tutorials
@pytest.mark.parametrize("text", [
    "interFoam dam break, the water column is 0.3 m tall and holds an air bubble of radius 3 cm at (0.07, 0.1, 0)",
    "dam break (interFoam): water column 25 cm high; a gas bubble 40 mm across centred at (0.07, 0.12, 0)",
    "Dam break with a 2 cm radius air bubble at (0.05, 0.08, 0) inside the water column, which is 0.2 m wide",
])
def test_dam_break_keeps_a_stated_bubble(text):
    from tasks.plan.architect import plan

    m = plan(text, TUTORIALS)
    regions = [e for e in m.edits if e.file == "system/setFieldsDict" and e.entry == ["regions"]]
    assert regions and "boxToCell" in str(regions[-1].value) and "cylinderToCell" in str(regions[-1].value)
