"""Sizes counted in a length the request defines ("c = 0.1 m ... x = 3c, 10c long, c/10"), and 2D bends given
by their radii, legs, turn and place: what the geometry reads, what the value readers leave alone, the blocks
a bend is built of and the counts across a bend's duct."""

from __future__ import annotations

import math
import re

import pytest

from tasks.geometry.blocks import render_block_mesh_dict
from tasks.geometry.structured import build_structured
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_defined_symbols import resolve_defined_symbols
from tasks.plan.mesh_directions import curved_counts, set_curved_cells
from tasks.plan.stated import read_stated


@pytest.mark.parametrize("text, said", [
    ("c = 0.1 m. Its mid-chord at x = 3c, y = 2c in a channel 10c long and 4c high.",
     ["x = 0.3 m, y = 0.2 m", "1 m long", "0.4 m high"]),
    ("D = 10 mm; the square sits at (5D, 2D).", ["(0.05 m, 0.02 m)"]),
    ("W = 4 cm; a block at (3W, W) and one at (W, 2 W)", ["(0.12 m, 0.04 m)", "(0.04 m, 0.08 m)"]),
    ("L = 0.5 m. A channel 4L long; the block at x = L, y = L/4. Laminar.", ["2 m long", "x = 0.5 m, y = 0.125 m. Laminar"]),
    ("the channel width W = 0.1 m; a channel 12W long and W high", ["1.2 m long and 0.1 m high"]),
    ("h = 5 mm; a rib of height h and width h", ["height 0.005 m and width 0.005 m"]),
])
def test_counts_fractions_and_points_in_a_defined_symbol_become_metres(text: str, said: list[str]) -> None:
    out = resolve_defined_symbols(text)
    for words in said:
        assert words in out, out


def test_a_symbol_named_for_a_size_or_set_as_reference_is_no_size_of_its_own() -> None:
    step = parse_geometry("Backward-facing step with H the step height, H = 1 in. The inlet channel is 5H long and 2H "
                          "high, and the channel continues 20H downstream of the step.")
    assert step.shape == "backward_step"
    assert step.dims.step_height == pytest.approx(0.0254)
    assert step.dims.height == pytest.approx(3 * 0.0254)  # the 2H inlet over the H step
    assert step.dims.downstream_length == pytest.approx(0.508)
    box = parse_geometry("Let L = 0.5 m be the reference length. The 2D channel is 4L long and L/2 high, with a square "
                         "obstacle of side L/10 centred at x = L, y = L/4.")
    assert (box.dims.length, box.dims.height) == pytest.approx((2.0, 0.25))
    assert box.obstacles[0].center == pytest.approx((0.5, 0.125))


@pytest.mark.parametrize("text, letter", [
    ("Take the chord c = 0.1 m as reference. A plate at x = 3c in a channel 10c long. simpleFoam", "c"),
    ("Everything relative to W = 5 cm: a channel 12W long, a block at x = 3W. pimpleFoam", "W"),
    ("R = 1 cm. A cylinder at x = 10R in a channel 50R x 12R.", "R"),
])
def test_a_count_of_a_length_symbol_is_no_temperature_or_power(text: str, letter: str) -> None:
    stated = read_stated(text)
    assert not [q.text for q in stated if q.quantity in ("temperature", "power")], stated
    assert any(q.quantity == "length" for q in stated)


def test_a_unit_letter_the_text_does_not_define_is_still_its_unit() -> None:
    stated = read_stated("a channel 1 m long with a 50 W heater; inlet water at 20C")
    assert {q.quantity for q in stated} >= {"power", "temperature"}


@pytest.mark.parametrize("text, dims", [
    ("2D U-bend (180 degrees) with inner radius 5 cm and outer radius 15 cm, inlet leg 40 cm, outlet leg 60 cm.",
     {"width": 0.1, "inner_radius": 0.05, "angle": 180.0, "inlet_length": 0.4, "outlet_length": 0.6}),
    ("Everything in W = 2 cm: a 2D bend of 90 degrees with inner radius W and outer radius 2W, a straight leg 5W long "
     "before it and 10W after it.", {"width": 0.02, "inner_radius": 0.02, "inlet_length": 0.1, "outlet_length": 0.2}),
    ("A planar 90° bend turning right: width 20 mm, centreline radius 50 mm, legs 200 mm long.",
     {"width": 0.02, "inner_radius": 0.04, "angle": 90.0, "turn": "right"}),
    ("Flow in a 2D elbow: the inner wall is a quarter circle of radius 6 cm, the outer wall a quarter circle of radius "
     "10 cm; upstream leg 0.4 m, downstream leg 0.8 m.", {"width": 0.04, "inner_radius": 0.06, "outlet_length": 0.8}),
    ("a 2D bend: a half circle between two straight legs, inner radius 0.1 m and outer radius 0.2 m, legs 1 m",
     {"angle": 180.0, "width": 0.1}),
])
def test_a_bend_reads_its_radii_legs_and_turn(text: str, dims: dict) -> None:
    spec = parse_geometry(text)
    assert spec.shape == "bend"
    got = spec.dims.model_dump()
    for key, value in dims.items():
        assert got[key] == (pytest.approx(value) if isinstance(value, float) else value), (key, got)


def test_a_bend_is_placed_by_its_centre_or_its_inlet_leg() -> None:
    by_centre = parse_geometry("2D U-bend, inner radius 5 cm and outer radius 10 cm, bend centre at (0.5, 0.2) m, legs 0.3 m")
    assert by_centre.origin == pytest.approx((0.5, 0.2))
    by_leg = parse_geometry("Everything relative to W = 0.1 m: a 2D 90 degree bend; the inlet leg is 5W long between "
                            "y = W and y = 2W, inner radius W.")
    assert by_leg.dims.width == pytest.approx(0.1) and by_leg.dims.inner_radius == pytest.approx(0.1)
    assert by_leg.origin == pytest.approx((0.0, 0.3))  # the leg's upper edge one inner radius below the centre


def _hexes(bmd: str) -> list[tuple[list[int], list[int]]]:
    return [([int(i) for i in a.split()], [int(i) for i in b.split()])
            for a, b in re.findall(r"hex\s*\(([^()]*)\)\s*\(([^()]*)\)", bmd)]


def _vertices(bmd: str) -> list[tuple[float, ...]]:
    body = bmd[bmd.index("vertices"):bmd.index("blocks")]
    return [tuple(float(v) for v in m) for m in re.findall(r"\(\s*([-\d.eE+]+)\s+([-\d.eE+]+)\s+([-\d.eE+]+)\s*\)", body)]


@pytest.mark.parametrize("text, centre, r", [
    ("2D 90 degree bend turning right, inlet leg from x = 0 to x = 0.4 m between y = 0.3 m and y = 0.35 m, inner "
     "radius 0.1 m, outlet leg 0.3 m", (0.4, 0.2), 0.1),
    ("2D 180 degree bend turning clockwise, width 0.04 m, inner radius 0.02 m, legs 0.4 m", (0.0, 0.0), 0.02),
])
def test_a_right_turning_bend_is_built_mirrored_with_positive_blocks(text: str, centre: tuple, r: float) -> None:
    spec = parse_geometry(text)
    bmd = render_block_mesh_dict(build_structured(spec).model, "test")
    points = _vertices(bmd)
    assert all(math.hypot(x - centre[0], y - centre[1]) >= r * (1 - 1e-9) for x, y, _ in points)
    assert "arc" in bmd
    for corners, _ in _hexes(bmd):  # the base face of each block counter-clockwise seen from +z
        p = [points[i] for i in corners[:4]]
        area = sum(p[i][0] * p[(i + 1) % 4][1] - p[(i + 1) % 4][0] * p[i][1] for i in range(4))
        assert area > 0
    ys = [y for _, y, _ in points]
    assert min(ys) < centre[1] - r  # the turn goes toward -y


def test_a_count_across_a_bend_sizes_its_cells_and_is_spread_over_turned_blocks() -> None:
    spec = parse_geometry("2D 90 degree bend, duct width 0.1 m, inner radius 0.2 m, legs 0.5 m. Mesh: 10 cells across, "
                          "roughly square cells along the legs and the bend.")
    assert spec.mesh.cell_size == pytest.approx(0.01)
    assert parse_geometry("2D channel 1 m long and 0.1 m high, 20 cells across").mesh.cell_size is None  # x/y counts say it
    long_legs = parse_geometry("2D 90 degree bend, width 0.1 m, inner radius 0.2 m, inlet leg 5 m, outlet leg 3 m")
    bmd = render_block_mesh_dict(build_structured(long_legs).model, "test")
    text = "use 16 cells across the duct"
    counts = [q for q in read_stated(text) if q.role == "mesh_cells_axis"]
    assert [kind for _, kind in curved_counts(bmd, text, counts)] == ["across"]
    new, _ = set_curved_cells(bmd, "across", 16)
    before, after = _hexes(bmd), _hexes(new)
    assert [c[1] for _, c in after] == [16, 16, 16]  # across every block, the legs too
    assert [c[0] for _, c in after] == [c[0] for _, c in before]  # the legs' and the arc's counts along kept
