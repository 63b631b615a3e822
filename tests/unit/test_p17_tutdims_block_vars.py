"""Parametrised blockMesh meshes read as blockMesh reads them (tasks.foam.block_vars), the
parameter that sets a size (tasks.foam.block_vars_resize, tasks.foam.m4), and the tutorial lengths
a restated size is checked against (tasks.plan.select_dimensions)."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from tasks.foam import block_vars, geometry
from tasks.foam import block_vars_resize as resize
from tasks.foam.files import find_file, read_text
from tasks.foam.m4 import expand_m4_text, numeric_defines, set_define
from tasks.plan.select_dimensions import agrees_to_stated_digits, has_dimension, tutorial_lengths
from tasks.plan.stated import StatedQuantity

EXAMPLES = Path("/usr/share/doc/openfoam-examples/examples")
CHANNEL = EXAMPLES / "incompressible/pimpleFoam/LES/channel395DFSEM"
WAVE = EXAMPLES / "multiphase/interIsoFoam/standingWave"
PIPE = EXAMPLES / "incompressible/simpleFoam/pipeCyclic"
SLOSH = EXAMPLES / "multiphase/interFoam/laminar/sloshingTank2D"
MIXER = EXAMPLES / "incompressible/simpleFoam/mixerVessel2D"
INFLOW = EXAMPLES / "verificationAndValidation/turbulentInflow"
needs_tutorials = pytest.mark.skipif(not CHANNEL.is_dir(), reason="installed OpenFOAM tutorials missing")
needs_m4 = pytest.mark.skipif(shutil.which("m4") is None or not SLOSH.is_dir(), reason="m4 or tutorials missing")

VARIABLES = """
scale 0.001;
xmax 40;
H  10;
H2 #eval{ 2*$H };
half #calc "$xmax/2";
W  #eval{ pi()*2 };
nx 20;
vertices
(
    (0 0 0) ($xmax 0 0) ($xmax $H2 0) (0 $H2 0)
    (0 0 $W) ($xmax 0 $W) ($xmax $H2 $W) (0 $H2 $W)
);
blocks ( hex (0 1 2 3 4 5 6 7) ($nx 8 1) simpleGrading (1 1 1) );
"""


@pytest.mark.parametrize(("expression", "expected"), [
    ("2*$H", 20.0),
    ("20*pi()", 20 * math.pi),
    ("$r*sin(degToRad($a))", 0.5 * math.sin(math.radians(30))),
    ("2^3 + 1", 9.0),
    ("-$H/4", -2.5),
    ("sqrt(16)", 4.0),
])
def test_evaluate_arithmetic(expression: str, expected: float) -> None:
    assert block_vars.evaluate(expression, {"H": 10.0, "r": 0.5, "a": 30.0}) == pytest.approx(expected)


@pytest.mark.parametrize("expression", ["$undefined*2", "__import__('os')", "'text'", "", "a.b"])
def test_evaluate_refuses_what_is_not_arithmetic(expression: str) -> None:
    assert block_vars.evaluate(expression, {}) is None


def test_variables_in_order_with_directives() -> None:
    values = block_vars.variables(VARIABLES)
    assert values["H2"] == 20.0 and values["half"] == 20.0 and values["W"] == pytest.approx(2 * math.pi)
    assert "vertices" not in values and values["scale"] == 0.001


def test_points_and_scale_of_a_variable_mesh() -> None:
    points = block_vars.points(VARIABLES)
    assert points is not None and len(points) == 8
    assert points[2] == [40.0, 20.0, 0.0] and block_vars.scale_of(VARIABLES) == 0.001
    # the plain readers of tasks.foam.geometry read it too
    extents, _ = geometry.block_extents(VARIABLES)
    assert extents == pytest.approx([40, 20, 2 * math.pi])


def test_substitute_folds_a_sign() -> None:
    assert block_vars.substitute("(-$y $y 0)", {"y": -0.5}) == "(0.5 -0.5 0)"


def test_plain_text_keeps_a_plain_mesh() -> None:
    text = "vertices ((0 0 0) (1 0 0)); // a comment"
    assert block_vars.plain_text(text).startswith("vertices ((0 0 0) (1 0 0));")


def test_variable_size_parameters_of_a_text() -> None:
    found = {p.name: p.axes for p in resize.variable_size_parameters(VARIABLES)}
    assert found == {"xmax": (0,), "H": (1,), "W": (2,)}  # H2 and half are derived: set through H, xmax


@pytest.mark.parametrize(("role", "name", "comment", "expected"), [
    ("length", "L", "", True), ("length", "xmax", "", True), ("height", "H", "", True),
    ("width", "b", "Breadth of tank (y-direction)", True), ("depth", "h", "Depth of tank (z-direction)", True),
    ("height", "H2", "", False), ("width", "L", "", False), ("diameter", "R", "Tank radius", True),
    ("height", "hlc", "Depth to the top (height) of lower chamfer", True),
])
def test_names_role(role: str, name: str, comment: str, expected: bool) -> None:
    assert resize.names_role(role, name, comment) is expected


@pytest.mark.parametrize(("before", "after", "factor", "expected"), [
    ([1, 2, 3], [2, 2, 3], 2.0, (0,)),
    ([1, 2, 3], [2, 4, 3], 2.0, (0, 1)),
    ([1, 2, 3], [1.5, 2, 3], 2.0, ()),
    ([1, 2, 3], [1, 2, 3], 2.0, ()),
])
def test_scaled_axes(before, after, factor, expected) -> None:
    assert resize.scaled_axes(before, after, factor) == expected


def _q(text: str, value: float) -> StatedQuantity:
    return StatedQuantity(text=text, quantity="length", value=value, role="geometry")


@pytest.mark.parametrize(("text", "value", "mesh", "expected"), [
    ("3.1416 m", 3.1416, math.pi, True),
    ("3.14 m", 3.14, math.pi, True),
    ("62.83 m", 62.83, 20 * math.pi, True),
    ("25.4 mm", 0.0254, 0.0254, True),
    ("2 m", 2.0, 2.1, False),
    ("3.2 m", 3.2, math.pi, False),
])
def test_agrees_to_stated_digits(text: str, value: float, mesh: float, expected: bool) -> None:
    assert agrees_to_stated_digits(mesh, _q(text, value)) is expected


@needs_tutorials
@pytest.mark.parametrize(("case", "value", "expected"), [
    (CHANNEL, 2.0, True),                 # the full height (H2 = 2 H)
    (CHANNEL, 1.0, True),                 # the half height
    (CHANNEL, 20 * math.pi, True),        # L = #eval{ 20*pi() }
    (CHANNEL, 3.1416, True),              # W = #eval{ pi() }, stated to 5 digits
    (CHANNEL, 5.0, False),
    (WAVE, 1.0, True),                    # L, H variables
    (WAVE, 0.01, True),                   # y2 - y1
    (WAVE, 3.0, False),
    (INFLOW, 0.125664, True),
    (PIPE, 10.0, True),
])
def test_has_dimension_of_variable_meshes(case: Path, value: float, expected: bool) -> None:
    assert has_dimension(case, value) is expected


@needs_m4
@pytest.mark.parametrize(("case", "value", "expected"), [
    (SLOSH, 40.0, True),   # define(b, 40): breadth
    (SLOSH, 30.0, True),   # define(h, 30): depth
    (SLOSH, 1.0, True),    # define(l, 1.0): the 2D slab
    (SLOSH, 25.0, False),
    (MIXER, 0.2, True),    # tank radius R = 1 with scale 0.1: 0.2 m across
    (MIXER, 0.5, False),
])
def test_has_dimension_of_m4_templates(case: Path, value: float, expected: bool) -> None:
    assert has_dimension(case, value) is expected


@needs_tutorials
def test_tutorial_lengths_include_block_extents() -> None:
    lengths = tutorial_lengths(EXAMPLES / "incompressible/simpleFoam/pitzDaily")
    assert any(abs(v - 0.0254) < 1e-9 for v in lengths)  # the step height: a block's extent
    assert any(abs(v - 0.0206) < 1e-9 for v in lengths)  # the inlet section's length


@needs_tutorials
@pytest.mark.parametrize(("case", "expected"), [
    (CHANNEL, {"L": (0,), "H": (1,), "W": (2,)}),
    (WAVE, {"L": (0,), "H": (2,)}),
    (PIPE, {"radius": (1, 2)}),
])
def test_size_parameters_of_tutorials(case: Path, expected: dict) -> None:
    text = read_text(find_file(case / "system", "blockMeshDict"))
    assert {p.name: p.axes for p in resize.variable_size_parameters(text)} == expected


@needs_m4
@pytest.mark.parametrize(("case", "role", "expected"), [
    (SLOSH, "width", [("b", (1,))]),
    (SLOSH, "height", [("h", (2,))]),
    (SLOSH, "depth", [("h", (2,))]),
    (SLOSH, "length", []),          # l sets the one-cell slab's thickness: its extent doubles, but it is 2D
    (MIXER, "diameter", [("R", (0, 1))]),
])
def test_define_size_parameters(case: Path, role: str, expected: list) -> None:
    template = read_text(find_file(case / "system", "blockMeshDict.m4"))
    found = [(p.name, p.axes) for p in resize.define_size_parameters(template, case, role)]
    if role == "length":
        assert all(name != "b" and name != "h" for name, _ in found)
    else:
        assert found == expected


@needs_m4
def test_set_define_and_expand() -> None:
    template = read_text(find_file(SLOSH / "system", "blockMeshDict.m4"))
    assert ("b", 40.0, "Breadth of tank (y-direction)") in numeric_defines(template)
    changed = expand_m4_text(set_define(template, "b", "50"), SLOSH)
    assert changed is not None and resize.extents(changed)[1] == pytest.approx(50.0)
    with pytest.raises(ValueError):
        set_define(template, "nothere", "1")


BLOCKS = """
nR 7;
nZ 20;
vertices ((0 0 0));
blocks
(
    hex (0 1 2 3 4 5 6 7) ($nR $nR $nZ) simpleGrading (1 1 1)
    hex (0 1 2 3 4 5 6 7) ($nR 4 $nZ) simpleGrading (1 1 1)
);
"""


@pytest.mark.parametrize(("new", "expected"), [
    ([(7, 7, 40), (7, 4, 40)], {"nZ": 40}),
    ([(14, 14, 20), (14, 4, 20)], {"nR": 14}),
    ([(7, 13, 20), (7, 4, 20)], None),   # nR would take two values
    ([(7, 7, 20), (7, 8, 20)], None),    # a literal count changed
    ([(7, 7, 20)], None),                # blocks do not line up
])
def test_count_variable_values(new: list, expected: dict | None) -> None:
    assert block_vars.count_variable_values(BLOCKS, new) == expected


def test_projected_vertices_read_as_their_points() -> None:
    text = "r 0.5; vertices ( (0 0 0) project ($r 0 0) (cylinder) (0 $r 1) );"
    assert block_vars.points(text) == [[0, 0, 0], [0.5, 0, 0], [0, 0.5, 1]]
