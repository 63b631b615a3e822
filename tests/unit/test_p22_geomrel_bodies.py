"""Geometry stated relative to something else: an annulus whose inner cylinder is offset from the outer one's
centre (as a length or an eccentricity ratio), rectangular bodies turned from the flow's axes (a diamond, an
inclined block), a side-by-side pair placed about the height said of it; what cannot be read is refused by name,
never built as the plain shape with the body or the offset dropped."""

from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import build_mesh
from tasks.geometry.quality import parse_check_mesh
from tasks.geometry.text import parse_geometry
from tests.unit.native_foam import run_foam


@pytest.mark.parametrize("text, inner, outer, offset", [
    ("eccentric annulus: outer cylinder radius 50 mm, inner cylinder radius 25 mm, inner cylinder offset 5 mm from "
     "the outer centre", 0.025, 0.05, 0.005),
    ("Annular gap between an inner rod of diameter 20 mm and an outer tube of diameter 60 mm, eccentricity ratio 0.5",
     0.01, 0.03, 0.01),
    ("inner cylinder of radius 3 cm displaced 0.5 cm from the axis of an outer cylinder of radius 6 cm; the outer one "
     "is stationary and the inner rotates", 0.03, 0.06, 0.005),
    ("eccentric Taylor-Couette cell: R_i = 1 in, R_o = 2 in, eccentricity 0.25 in", 0.0254, 0.0508, 0.00635),
])
def test_an_annulus_keeps_its_inner_cylinder_offset(text: str, inner: float, outer: float, offset: float) -> None:
    spec = parse_geometry(text)
    assert spec.shape == "annulus"
    assert (spec.dims.inner_radius, spec.dims.outer_radius, spec.dims.eccentricity) == pytest.approx((inner, outer, offset))


@pytest.mark.parametrize("text, reason", [
    ("an eccentric annulus between cylinders of radius 1 cm and 3 cm", "no offset could be read"),
    ("annulus, inner radius 10 mm, outer radius 30 mm, inner cylinder offset 25 mm from the outer centre", "touching"),
    ("annulus, inner radius 10 mm, outer radius 30 mm, offset 5 mm (eccentricity ratio 0.5)", "disagree"),
])
def test_an_offset_that_cannot_be_built_is_refused(text: str, reason: str) -> None:
    with pytest.raises(RequestError, match=reason):
        parse_geometry(text)


@pytest.mark.skipif(shutil.which("blockMesh") is None, reason="native OpenFOAM (blockMesh) not installed")
def test_an_eccentric_annulus_meshes_about_two_centres(tmp_path: Path) -> None:
    spec = parse_geometry("journal bearing gap: outer radius 50 mm, inner radius 25 mm, the inner cylinder offset "
                          "10 mm from the outer centre")
    build_mesh(spec, tmp_path)
    run_foam(tmp_path, "blockMesh")
    assert parse_check_mesh(run_foam(tmp_path, "checkMesh")).ok
    body = (tmp_path / "constant/polyMesh/points").read_text()
    points = [(float(x), float(y)) for x, y in re.findall(r"^\(([-\d.e]+) ([-\d.e]+) [-\d.e]+\)$", body, re.M)]
    assert len(points) > 100
    # the inner wall is a circle of 25 mm about (10 mm, 0), the outer one of 50 mm about the origin
    assert min(math.hypot(x - 0.01, y) for x, y in points) == pytest.approx(0.025, rel=1e-6)
    assert max(math.hypot(x, y) for x, y in points) == pytest.approx(0.05, rel=1e-6)
    assert min(x for x, _ in points) == pytest.approx(-0.05, rel=1e-6)
    assert max(x for x, y in points if math.hypot(x - 0.01, y) < 0.0251) == pytest.approx(0.035, rel=1e-6)


def _bbox(vertices: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [v[0] for v in vertices], [v[1] for v in vertices]
    return min(xs), max(xs), min(ys), max(ys)


@pytest.mark.parametrize("text, centre, side", [
    ("A square obstacle turned 45 degrees (a diamond) of side 40 mm in a channel 1 m x 0.2 m, centred at x = 0.3 m on "
     "the centreline", (0.3, 0.1), 0.04),
    ("I need a diamond-shaped obstacle (a square of 25 mm side rotated by 45°) at 0.2 m from the inlet on the "
     "centreline of a 1 m long, 0.1 m high channel", (0.2, 0.05), 0.025),
])
def test_a_square_turned_45_degrees_is_a_diamond(text: str, centre: tuple[float, float], side: float) -> None:
    spec = parse_geometry(text)
    (body,) = spec.obstacles
    assert body.kind == "polygon" and body.angle == 45
    x0, x1, y0, y1 = _bbox(body.vertices)
    half = side / math.sqrt(2)
    assert (x0, x1, y0, y1) == pytest.approx((centre[0] - half, centre[0] + half, centre[1] - half, centre[1] + half))


def test_a_block_turned_clockwise_keeps_its_sizes_and_centre() -> None:
    spec = parse_geometry("channel 1 m long and 0.2 m high with a rectangular block 60 mm long and 20 mm high centred "
                          "at (0.5, 0.1) m, rotated 30 degrees clockwise")
    (body,) = spec.obstacles
    assert body.kind == "polygon" and body.angle == -30 and body.sizes == {"width": 0.06, "height": 0.02}
    a = math.radians(30)
    x0, x1, y0, y1 = _bbox(body.vertices)
    assert x1 - x0 == pytest.approx(0.06 * math.cos(a) + 0.02 * math.sin(a))
    assert ((x0 + x1) / 2, (y0 + y1) / 2) == pytest.approx((0.5, 0.1))
    first, second = body.vertices[0], body.vertices[1]  # the bottom edge, turned clockwise: falling along x
    assert second[1] < first[1]


@pytest.mark.parametrize("text, reason", [
    ("a plate inclined at 20 degrees to the flow in a 1.2 m by 0.3 m channel, 0.1 m long, near the inlet",
     "turn a body"),
    ("two square cylinders of side 1 cm in tandem 4 cm apart on the centreline of a 1 m x 0.2 m channel, the first "
     "0.2 m from the inlet; the block is rotated 30 degrees", "said once but 2"),
])
def test_a_turn_that_cannot_be_placed_is_refused(text: str, reason: str) -> None:
    with pytest.raises(RequestError, match=reason):
        parse_geometry(text)


def test_each_body_of_a_group_is_turned_when_the_words_say_each() -> None:
    spec = parse_geometry("two square cylinders of side 1 cm in tandem 4 cm apart on the centreline of a 1 m x 0.2 m "
                          "channel, the first 0.2 m from the inlet; each is rotated 45 degrees")
    assert [b.kind for b in spec.obstacles] == ["polygon", "polygon"]
    centres = [((lambda b: ((b[0] + b[1]) / 2, (b[2] + b[3]) / 2))(_bbox(o.vertices))) for o in spec.obstacles]
    assert centres == [pytest.approx((0.2, 0.1)), pytest.approx((0.24, 0.1))]


@pytest.mark.parametrize("text, ys", [
    ("two cylinders of diameter 20 mm side by side in a channel 1 m long and 0.3 m high, centre-to-centre spacing "
     "3 D, both at x = 0.25 m, symmetric about the centreline", (0.12, 0.18)),
    ("Two square cylinders side by side, side 2 cm, gap of 1 D between them, centred about mid-height of a 0.8 m "
     "long, 0.3 m tall channel, 0.2 m from the inlet", (0.13, 0.17)),
])
def test_a_side_by_side_pair_is_centred_on_the_height_said_of_it(text: str, ys: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert sorted(o.center[1] for o in spec.obstacles) == pytest.approx(list(ys))


@pytest.mark.parametrize("text, xs", [
    ("Channel 0.5 m long and 0.1 m high with a cylinder of 1 cm diameter at (0.1, 0.05) m. A second identical cylinder "
     "sits 5 cm downstream of the first.", (0.1, 0.15)),
    ("a cylinder D = 1 cm at (0.1, 0.05) m in a channel 0.5 m long, 0.1 m high, and another cylinder of the same size "
     "3 D behind it", (0.1, 0.13)),
])
def test_a_cylinder_placed_after_the_first_is_not_dropped(text: str, xs: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert spec.shape == "channel_with_obstacles"
    assert [(o.kind, o.diameter) for o in spec.obstacles] == [("circle", 0.01)] * 2
    assert [o.center for o in spec.obstacles] == [pytest.approx((xs[0], 0.05)), pytest.approx((xs[1], 0.05))]



def test_an_offset_rotor_turns_about_its_own_axis(tmp_path: Path) -> None:
    """The inner wall of an eccentric annulus turns about the inner cylinder's centre, not the outer one's."""
    from tasks.edit.parametric import _rotating_wall
    from tasks.plan.stated import read_stated

    (tmp_path / "0").mkdir()
    (tmp_path / "0/U").write_text("FoamFile { version 2.0; format ascii; class volVectorField; object U; }\n"
                                  "dimensions [0 1 -1 0 0 0 0]; internalField uniform (0 0 0);\nboundaryField {\n"
                                  " innerWall { type noSlip; }\n outerWall { type noSlip; }\n frontAndBack { type empty; }\n}\n")
    text = "the inner cylinder rotates at 10 rad/s, offset 8 mm from the outer centre"
    spec = parse_geometry("annulus, inner radius 25 mm, outer radius 50 mm, " + text)
    assert _rotating_wall(tmp_path, text, read_stated(text), [], spec.dims.eccentricity)
    inner = re.search(r"innerWall\s*\{([^}]*)\}", (tmp_path / "0/U").read_text())
    assert inner and "rotatingWallVelocity" in inner.group(1) and re.search(r"origin\s*\(0\.008 0 0\)", inner.group(1))
