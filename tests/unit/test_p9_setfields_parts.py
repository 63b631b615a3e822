"""The two states of a setFields-initialised domain (tasks/plan/bind_setfields_parts.py): which part
(defaultFieldValues or a region) each stated pressure or temperature belongs to, read over the
whole request; and the planned setFieldsDict of real tutorials for the same class."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.plan.bind_setfields_fill import fill_statements
from tasks.plan.bind_setfields_parts import Placed, part_cues, place_values
from tasks.plan.bind_setfields_shapes import reshape_region, shape_of
from tasks.plan.regions import DEFAULT, Region, SetFields
from tasks.plan.stated import read_stated

TUTORIALS = Path(get_settings().tutorials_dir)

# a shock tube: defaults (x < 0, p 1e5, T 348) and one box on x > 0 (p 1e4, T 279)
SHOCK = SetFields(default={"p": "100000", "T": "348.432"},
                  regions=[Region(selector="boxToCell", values={"p": "10000", "T": "278.746"}, centre=[2.5, 0, 0])])
SHOCK_BOUNDS = [(-5.0, 5.0), (-1.0, 1.0), (-1.0, 1.0)]
# a bubble: defaults (water, 1 bar) and a sphere (gas, 10 bar)
BUBBLE = SetFields(default={"p": "1e5", "T": "300"},
                   regions=[Region(selector="sphereToCell", values={"p": "1e6", "T": "578"}, centre=[0.5, 0.5, 0])])
BUBBLE_BOUNDS = [(0.0, 1.0), (0.0, 2.0), (-0.1, 0.1)]


def _placed(text: str, sf: SetFields, bounds: list[tuple[float, float]]) -> list[tuple[str, int | None]]:
    low = text.lower()
    fields = {"pressure": "p", "temperature": "T"}
    values, at = [], 0
    stated = [q for q in read_stated(text) if q.quantity in fields]
    for i, q in enumerate(stated):
        at = low.find(q.text.lower(), at)
        values.append(Placed(i, fields[q.quantity], at, at + len(q.text)))
        at += len(q.text)
    out = place_values(low, values, sf, bounds)
    return [(q.text, out.get(i)) for i, q in enumerate(stated)]


@pytest.mark.parametrize("text, expected", [
    # value, then its part after a preposition; the second takes "the other side"
    ("3 bar on the right of the membrane and 30 bar on the other side",
     [("3 bar", 0), ("30 bar", DEFAULT)]),
    # part words first, each opening a group of values
    ("left half 2 MPa and 400 K, right half 0.2 MPa and 300 K",
     [("2 MPa", DEFAULT), ("400 K", DEFAULT), ("0.2 MPa", 0), ("300 K", 0)]),
    ("The left section starts at 45 psi while the right section starts at 15 psi",
     [("45 psi", DEFAULT), ("15 psi", 0)]),
    # a level word and "the rest" (the complement of the part the other value took)
    ("high-pressure chamber 8 bar, the rest 0.5 bar", [("8 bar", DEFAULT), ("0.5 bar", 0)]),
    ("low-pressure side at 50 kPa; everything else 400 kPa", [("50 kPa", 0), ("400 kPa", DEFAULT)]),
    # inside / outside a round region
    ("20 bar inside the bubble and 1 bar outside", [("20 bar", 0), ("1 bar", DEFAULT)]),
    ("the water around it at 290 K, the gas pocket at 900 K", [("290 K", DEFAULT), ("900 K", 0)]),
    # a coordinate cue
    ("x > 0: 10 kPa; x < 0: 1 MPa", [("10 kPa", 0), ("1 MPa", DEFAULT)]),
])
def test_place_values(text: str, expected: list[tuple[str, int | None]]) -> None:
    sf, bounds = (BUBBLE, BUBBLE_BOUNDS) if re.search(r"bubble|pocket", text) else (SHOCK, SHOCK_BOUNDS)
    assert _placed(text, sf, bounds) == expected


@pytest.mark.parametrize("text", [
    "p = 3 bar",                               # no part word and no partner: undecided
    "3 bar and 30 bar",                        # two values, no part for either
])
def test_place_values_leave_undecided(text: str) -> None:
    assert all(t is None for _, t in _placed(text, SHOCK, SHOCK_BOUNDS))


def test_part_cues_prefer_the_longest_words() -> None:
    kinds = [(c.words, c.kind) for c in part_cues("1 bar on the other side, the rest at 2 bar, left")]
    assert kinds == [("the other side", "other"), ("the rest", "rest"), ("left", "side")]


@pytest.mark.parametrize("text, expected", [
    ("heavy fluid occupies the leftmost 2 m of the channel", ("depth", 2.0, "left")),
    ("the right 40 cm contain brine", ("depth", 0.4, "right")),
    ("initial meniscus height 3 mm", ("depth", 0.003, "bottom")),
])
def test_fill_statements_from_an_end(text: str, expected: tuple[str, float, str]) -> None:
    low = text.lower()
    lengths = [(q, low.find(q.text.lower())) for q in read_stated(text)]
    assert [(f.kind, round(f.value, 6), f.side) for f in fill_statements(text, lengths)][:1] == [expected]


def test_fill_statements_take_the_phase_names() -> None:
    text = "the sludge fills the left 4 m"
    lengths = [(q, text.find(q.text)) for q in read_stated(text)]
    assert [f.side for f in fill_statements(text, lengths, ("sludge",))] == ["left"]


def _set_fields(text: str) -> str:
    from tasks.plan.architect import plan

    m = plan(text, TUTORIALS)
    edits = {tuple(e.entry): str(e.value) for e in m.edits if e.file == "system/setFieldsDict"}
    return "defaultFieldValues " + edits.get(("defaultFieldValues",), "") + " regions " + edits.get(("regions",), "")


@pytest.mark.parametrize("text, patterns", [
    ("rhoCentralFoam shock tube: 3 bar on the right of the membrane and 30 bar on the other side",
     [r"defaultFieldValues[^;]*p\s+3000000\b", r"regions[\s\S]*p\s+300000\b"]),
    ("sonicFoam shockTube with the driven section at 20 kPa and 250 K, the driver at 200 kPa and 400 K",
     [r"defaultFieldValues[^;]*p\s+200000\b", r"defaultFieldValues[^;]*T\s+400\b", r"regions[\s\S]*p\s+20000\b",
      r"regions[\s\S]*T\s+250\b"]),
    ("depthCharge3D: 50 bar inside the gas bubble and 2 bar outside",
     [r"defaultFieldValues[^;]*p\s+200000\b", r"sphereToCell[\s\S]*p\s+5000000\b"]),
    ("compressibleInterFoam depthCharge2D, free surface at y = 1.3 m", [r"box\s*\(\s*-10\s+1\.3\s+-1\s*\)"]),
    ("twoLiquidMixingFoam lockExchange: the sludge fills the leftmost 4 m", [r"box \(0 0 0\) \(4 2 2\)"]),
    ("depthCharge2D with a gas sphere of radius 8 cm centred at (0.5, 0.7, 0)",
     [r"radius\s+0\.08\b", r"origin\s+\(0\.5 0\.7 0\)"]),
])
def test_planned_set_fields(text: str, patterns: list[str]) -> None:
    written = _set_fields(text)
    for pattern in patterns:
        assert re.search(pattern, written), (pattern, written)


BOX = """(
    boxToCell
    {
        box (0 0 -1) (0.1461 0.292 1);
        fieldValues
        (
            volScalarFieldValue alpha.water 1
        );
    }
)"""
BOX_BOUNDS = [(0.0, 0.584), (0.0, 0.584), (0.0, 0.0146)]


@pytest.mark.parametrize("words, selector", [
    ("a spherical blob of oil", "sphereToCell"),
    ("a water droplet of radius 2 mm", "sphereToCell"),
    ("a round disc of liquid", "cylinderToCell"),
    ("a cylindrical column of brine", "cylinderToCell"),
    ("a rectangular block of water", "boxToCell"),
    ("water everywhere below y = 0.2", None),
])
def test_shape_of(words: str, selector: str | None) -> None:
    assert shape_of(words) == selector


@pytest.mark.parametrize("selector, where", [
    ("sphereToCell", r"origin \(0\.2 0\.3 0\.0073\); radius 0\.05;"),
    ("cylinderToCell", r"p1 \(0\.2 0\.3 0\); p2 \(0\.2 0\.3 0\.0146\); radius 0\.05;"),
    ("boxToCell", r"box \(0\.15 0\.25 0\) \(0\.25 0\.35 0\.0146\);"),  # clipped to the domain
])
def test_reshape_region_keeps_the_values(selector: str, where: str) -> None:
    from tasks.foam import dictionary as fd

    new = reshape_region(BOX, 0, selector, [0.2, 0.3, 0.0073], 0.05, BOX_BOUNDS, 2)
    assert re.search(rf"{selector}\s*\{{\s*{where}", new), new
    assert "volScalarFieldValue alpha.water 1" in new
    assert fd.entries(new, new.find("(") + 1, new.rfind(")"))[0].name == selector  # parses back


@pytest.mark.parametrize("text, patterns", [
    ("interFoam damBreakWithObstacle with a ball of water of radius 0.15 m at (0.3, 0.6, 0.4)",
     [r"sphereToCell\s*\{\s*origin \(0\.3 0\.6 0\.4\); radius 0\.15;"]),
    ("damBreakWithObstacle: the water starts as a vertical cylinder 0.3 m in diameter centred (0.2 0.5 0.2)",
     [r"cylinderToCell\s*\{\s*p1 \(0\.2 0\.5 0\); p2 \(0\.2 0\.5 1\); radius 0\.15;"]),
    ("depthCharge3D with a 10 cm bubble in the middle", [r"origin\s+\(0\.5 1 0\.5\)", r"radius\s+0\.05\b"]),
    # a round region's size is no box size, and the level stays the air box's face
    ("depthCharge2D: water surface at y = 1.4 m; a 6 cm gas bubble at the centre",
     [r"box\s*\(\s*-10\s+1\.4\s+-1\s*\)\s*\(\s*10\s+10\s+1\s*\)", r"radius\s+0\.03\b"]),
])
def test_planned_region_shapes(text: str, patterns: list[str]) -> None:
    written = _set_fields(text)
    for pattern in patterns:
        assert re.search(pattern, written), (pattern, written)
