"""Session 24 lead: "in" after a number is inches before motion words and participles, a preposition before
an article, an axis or a bare noun of the flow; a decimal point does not end the sentence that names a body."""

import re
from pathlib import Path

import pytest

from tasks.geometry.spec import UNIT
from tasks.geometry.text import parse_geometry


@pytest.mark.parametrize("text, inch", [
    ("the duct shifts 3 in through a short jog", True),
    ("a 12 x 12 in fed plenum", True),
    ("the bar is 2 in placed at mid-height", True),
    ("a plate 1.5 in into the flow", True),
    ("5 in the middle of the channel", False),
    ("100 in x and 20 in y", False),
    ("Re 100 in water", False),
])
def test_in_after_a_number(text: str, inch: bool) -> None:
    m = re.search(rf"\d+(?:\.\d+)?\s*({UNIT})", text)
    assert (m is not None and m.group(1) == "in") is inch


def test_a_listed_body_after_a_decimal_size_stays_a_body() -> None:
    spec = parse_geometry("a polygonal block in a duct 1.5 m x 0.4 m, corners (0.4,0), (0.6,0), (0.6,0.1), (0.4, 0.15)")
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert spec.obstacles[0].kind == "polygon"


@pytest.mark.parametrize("text, placed", [
    ("hot wall at 310 K on the left, cold wall 290 K on the right, top and bottom adiabatic",
     [("290 K", ("rightWall",)), ("310 K", ("leftWall",))]),
    ("the heated wall is kept at 320 K (on the right) and the cooled one at 280 K along the left side",
     [("280 K", ("leftWall",)), ("320 K", ("rightWall",))]),
    ("floor at 300 K, walls otherwise adiabatic", [("300 K", ("floor",))]),
])
def test_a_side_said_after_the_value_places_it_on_that_wall(text: str, placed: list) -> None:
    from tasks.edit.parametric_heat import place_temperatures
    from tasks.geometry.models import PatchInfo
    from tasks.plan.stated import read_stated

    patches = [PatchInfo(name=n, type="wall", role="wall") for n in ("floor", "ceiling", "leftWall", "rightWall")]
    got = place_temperatures(text, read_stated(text), patches)
    assert sorted({(p.quantity.text, p.patches) for p in got}) == placed


@pytest.mark.parametrize("text", [
    "A 2D duct 1.2 m long, 0.3 m high, containing a square rod of side 40 mm. Rod centre (0.35, 0.15) m.",
    "A 2D duct 1.2 m long and 0.3 m high with a square block of side 40 mm; the block is at (0.35, 0.15) m.",
])
def test_a_body_placed_in_a_later_clause_by_its_noun(text: str) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    (body,) = spec.obstacles
    assert body.center == (pytest.approx(0.35), pytest.approx(0.15))


@pytest.mark.parametrize("text", [
    # the legs by their ranges, the jog's own x range between them
    "Offset channel: first leg x 0..0.5 m, y 0..0.08 m; jog from x 0.5 to 0.6 m; second leg x 0.6..1.2 m, y 0.04..0.12 m.",
    # the legs as "N straight", the jog's own run stated with its rise
    "A 2D dog-leg duct 8 cm high: 50 cm straight, then a 10 cm long jog that lifts both walls by 4 cm, then 60 cm straight.",
])
def test_a_dogleg_by_ranges_or_straight_runs(text: str) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "polygon_domain"
    corners = {(round(x, 6), round(y, 6)) for x, y in spec.dimensions["vertices"]}
    assert {(0.5, 0.0), (0.6, 0.04), (1.2, 0.04), (1.2, 0.12), (0.6, 0.12), (0.5, 0.08)} <= corners


@pytest.mark.parametrize("text", [
    "Round tube, axisymmetric: tube D 80 mm, 1.2 m long (inlet at x = 0). Orifice plate 8 mm thick from x = 400 to 408 mm, "
    "bore diameter 40 mm.",
    "An axisymmetric wedge of a tube with an inner diameter of 80 mm, from the inlet at x = 0 to the outlet at x = 1200 mm; "
    "the orifice plate is 8 mm thick with its upstream face at x = 400 mm and a bore of 40 mm.",
])
def test_an_orifice_placed_by_a_range_or_a_face_in_a_pipe_said_by_its_ends(text: str) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "stepped_pipe"
    sections = [(round(p["length"], 6), round(p["diameter"], 6)) for p in spec.dimensions["sections"]]
    assert sections == [(0.4, 0.08), (0.008, 0.04), (0.792, 0.08)]


@pytest.mark.parametrize("text", [
    "interIsoFoam sphere in the reversed vortex flow: the sphere has radius 0.1 m and its centre at x = 0.45 m, "
    "y = 0.3 m, z = 0.4 m; end time 0.5 s",
    "interIsoFoam, sphere in reversed vortex flow, a liquid sphere 20 cm in diameter centred at (45 cm, 30 cm, 40 cm), "
    "end time 0.5 s",
])
def test_a_round_region_centred_by_lengths_binds_each_coordinate(text: str) -> None:
    from tasks.core.config import get_settings
    from tasks.plan.architect import plan

    m = plan(text, Path(get_settings().tutorials_dir))
    assert m.base_tutorial.endswith("sphereInReversedVortexFlow")
    assert not m.not_applied
    origin = [e for e in m.edits if e.file == "system/setAlphaFieldDict" and e.entry == ["origin"]]
    assert origin and " ".join(str(origin[-1].value).split()) == "(0.45 0.3 0.4)"
    assert {b.stated for b in m.bindings if b.file == "system/setAlphaFieldDict"} >= {"0.3 m", "0.4 m"} or \
        {b.stated for b in m.bindings if b.file == "system/setAlphaFieldDict"} >= {"30 cm", "40 cm"}


@pytest.mark.parametrize("text, key, value", [
    ("with a radial spacing of 1.25 mm", "radial_cell", 0.00125),
    ("1.5 mm radial spacing and 400 iterations", "radial_cell", 0.0015),
    ("2.5 mm axial cells", "axial_cell", 0.0025),
])
def test_radial_and_axial_spacing_in_either_order(text: str, key: str, value: float) -> None:
    from tasks.geometry.text_axisym import _radial_and_axial

    assert _radial_and_axial(text)[0] == {key: pytest.approx(value)}
