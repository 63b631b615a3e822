"""Ribs and bumps of any outline on a channel wall (tasks/geometry/text_ribs.py, shape_ribs.py): every way of
describing the outline and its place, the channel's sizes kept apart from the rib's, rows at a pitch, refusals
that say why, and the built mesh (Gmsh or blockMesh) with no points inside a rib and the channel's bounds."""

from __future__ import annotations

import re

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import build_mesh
from tasks.geometry.shape_polygon import point_in_polygon
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_ribs import read_ribs, rib_segments

_VERBOSE_TABLE = """I want to simulate turbulent air flow over a triangular rib in a 2D channel with simpleFoam. \
The geometry, with the lower-left corner of the channel at the origin:

| item | value |
|---|---|
| channel length (x) | 0.8 m |
| channel height (y) | 0.08 m |
| rib base on the bottom wall | from x = 0.20 m to x = 0.23 m |
| rib apex | (0.215, 0.015) m |

Air enters at 8 m/s. Please use cells of about 4 mm."""

TRIANGLE_08 = [(0.2, 0.0), (0.23, 0.0), (0.215, 0.015)]
TRIANGLE_06 = [(0.2, 0.0), (0.21, 0.0), (0.205, 0.005)]  # base 10 mm, height 5 mm, leading edge at x = 0.2 m

# (request, channel (length, height), the rib's vertices): three phrasings (terse, verbose, other units / relative
# words) of each way of saying a rib
RIBS = [
    # triangular rib: base range and apex point
    ("2D channel 0.8 x 0.08 m (origin lower-left) with a triangular rib on the bottom wall, base x = 0.20..0.23 m, "
     "apex (0.215, 0.015); simpleFoam; inlet 8 m/s; cell size 4 mm", (0.8, 0.08), TRIANGLE_08),
    (_VERBOSE_TABLE, (0.8, 0.08), TRIANGLE_08),
    ("Ribbed channel, lengths in cm: 80 long, 8 high, origin at the lower-left corner; an isosceles triangular rib "
     "sits on the floor, 3 cm wide at its base (which starts 20 cm from the inlet) and 1.5 cm high; 4 mm cells",
     (0.8, 0.08), TRIANGLE_08),
    # triangular rib: base and height, placed by its leading edge
    ("channel 0.6 m long, 0.05 m high, triangular rib on the floor, base 10 mm, height 5 mm, leading edge 0.2 m from "
     "the inlet", (0.6, 0.05), TRIANGLE_06),
    ("The channel is 0.6 m long and 0.05 m high. On its floor sits an isosceles triangular rib whose base is 10 mm "
     "and whose height is 5 mm. The rib's leading edge is 0.2 m downstream of the inlet.", (0.6, 0.05), TRIANGLE_06),
    ("channel of 60 cm x 5 cm, a rib with triangular section on the lower wall, e = 5 mm, base 1 cm, trailing edge "
     "at x = 21 cm", (0.6, 0.05), TRIANGLE_06),
    # by its apex angle, its height as a part of the channel's, its centre
    ("A channel 600 mm long and 50 mm high has a triangular rib on the bottom wall with a 90 degree apex angle and "
     "5 mm height, centred 205 mm from the inlet.", (0.6, 0.05), TRIANGLE_06),
    ("channel 0.6 m long, 0.05 m high, triangular rib on the floor 10 mm wide; rib height is 1/10 of the channel "
     "height; its leading edge 0.2 m from the inlet", (0.6, 0.05), TRIANGLE_06),
    ("channel 0.6 m long, 0.05 m high, triangular rib on the floor, base 10 mm, e/H = 0.1, apex at x = 0.205 m",
     (0.6, 0.05), TRIANGLE_06),
    # right-angled: vertical face downstream (default) or upstream
    ("channel 0.6 x 0.05 m, right-angled triangular rib on the floor, 12 mm long, 6 mm high, vertical face "
     "downstream, its leading edge at x = 0.2 m", (0.6, 0.05), [(0.2, 0.0), (0.212, 0.0), (0.212, 0.006)]),
    ("A 2D channel 600 mm long and 50 mm high has a right-angled triangular rib on its bottom wall. The rib is 12 mm "
     "long and 6 mm high and its vertical face is upstream. Its front face is 200 mm from the inlet.", (0.6, 0.05),
     [(0.2, 0.0), (0.212, 0.0), (0.2, 0.006)]),
    ("channel 60 cm by 5 cm, right angled triangular rib on the floor: length 1.2 cm, height 0.6 cm, rear face at "
     "x = 21.2 cm", (0.6, 0.05), [(0.2, 0.0), (0.212, 0.0), (0.212, 0.006)]),
    # trapezoidal rib
    ("channel 0.6 x 0.05 m, trapezoidal rib on the bottom wall, bottom width 12 mm, top width 4 mm, height 5 mm, "
     "centred at x = 0.25 m", (0.6, 0.05), [(0.244, 0.0), (0.256, 0.0), (0.252, 0.005), (0.248, 0.005)]),
    ("Please model a 2D channel that is 0.6 m long and 0.05 m high. A trapezoidal rib sits on the bottom wall with its "
     "centre 0.25 m from the inlet. Its bottom width is 12 mm, its top width is 4 mm and it is 5 mm high.", (0.6, 0.05),
     [(0.244, 0.0), (0.256, 0.0), (0.252, 0.005), (0.248, 0.005)]),
    ("channel 24 in long, 2 in high, trapezoidal rib on the floor, base 0.4 in, top 0.2 in, height 0.2 in, leading "
     "edge 8 in from the inlet", (0.6096, 0.0508), [(0.2032, 0.0), (0.21336, 0.0), (0.21082, 0.00508), (0.20574, 0.00508)]),
    # a rib on the top wall hangs from it
    ("channel 0.6 x 0.05 m, triangular rib on the top wall, base 10 mm, height 5 mm, apex at x = 0.205 m",
     (0.6, 0.05), [(0.2, 0.05), (0.205, 0.045), (0.21, 0.05)]),
]


def _outline(text: str) -> list[tuple[float, float]]:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles", text
    assert len(spec.obstacles) == 1
    return spec.obstacles[0].outline()


@pytest.mark.parametrize("text, channel, corners", RIBS)
def test_a_rib_is_built_with_its_outline_place_and_the_channel_apart(text: str, channel, corners) -> None:
    spec = parse_geometry(text)
    assert spec is not None
    assert (spec.dims.length, spec.dims.height) == pytest.approx(channel)
    got = sorted(_outline(text))
    assert len(got) == len(corners)
    for p, q in zip(got, sorted(corners)):
        assert p == pytest.approx(q, abs=1e-6)


SEMICIRCLES = [
    "A 2D channel 0.6 m long and 0.05 m high with a semicircular bump of radius 8 mm on the floor centred at x = 0.2 m",
    "channel 0.6 m long, 0.05 m high, half-round bump of 16 mm diameter on the lower wall, 0.2 m from the inlet",
    "I'd like a channel of 60 cm length and 5 cm height. There is a semi-circular bump on the bottom wall. Its radius "
    "is 0.8 cm and its centre is at x = 20 cm.",
]


@pytest.mark.parametrize("text", SEMICIRCLES)
def test_a_semicircular_bump_is_a_half_disc_on_its_wall(text: str) -> None:
    pts = _outline(text)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((0.192, 0.208, 0.0, 0.008), abs=1e-9)
    assert all(abs((x - 0.2) ** 2 + y ** 2 - 0.008 ** 2) < 1e-9 or y == 0 for x, y in pts)


def test_a_half_round_bump_on_the_ceiling_hangs_from_it() -> None:
    pts = _outline("A channel 0.5 m long and 40 mm tall with a half-round bump (diameter 20 mm) on the top wall, "
                   "0.25 m from the inlet")
    ys = [p[1] for p in pts]
    assert (min(ys), max(ys)) == pytest.approx((0.03, 0.04))


ROWS = [
    # (request, leading edges of the ribs, base, height)
    ("channel 1 m long, 0.1 m high, triangular ribs on the floor, base 10 mm, height 5 mm, pitch 100 mm, five ribs, "
     "first at x = 0.2 m", [0.195, 0.295, 0.395, 0.495, 0.595], 0.01, 0.005),
    ("A 1 m long, 10 cm high channel has five triangular ribs on its bottom wall, each with a 10 mm base and 5 mm "
     "height. The ribs are spaced 100 mm apart and the first is centred at x = 0.2 m.", [0.195, 0.295, 0.395, 0.495, 0.595],
     0.01, 0.005),
    ("channel 100 cm x 10 cm; triangular ribs on the floor, base 1 cm, height 0.5 cm, every 10 cm from x = 20 cm to "
     "60 cm", [0.195, 0.295, 0.395, 0.495, 0.595], 0.01, 0.005),
    ("2D channel 1 m by 0.1 m, ribs of trapezoidal section on the lower wall: base 20 mm, top 10 mm, height 10 mm, "
     "three ribs at a pitch of 100 mm, the first centred at x = 0.3 m", [0.29, 0.39, 0.49], 0.02, 0.01),
    ("channel 1 m long, 0.1 m high, four square ribs 10 mm high on the bottom wall every 50 mm starting at x = 0.2 m",
     [0.2, 0.25, 0.3, 0.35], 0.01, 0.01),
    ("channel 1 m long and 0.1 m high with 4 semicircular bumps of radius 5 mm on the floor, p/e = 10, the first "
     "centred at x = 0.3 m", [0.295, 0.345, 0.395, 0.445], 0.01, 0.005),
]


@pytest.mark.parametrize("text, starts, base, height", ROWS)
def test_a_row_of_ribs_at_a_pitch(text: str, starts: list[float], base: float, height: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    boxes = sorted((min(p[0] for p in o.outline()), max(p[0] for p in o.outline()), max(p[1] for p in o.outline()))
                   for o in spec.obstacles)
    assert [b[0] for b in boxes] == pytest.approx(starts)
    assert all(b[1] - b[0] == pytest.approx(base) and b[2] == pytest.approx(height) for b in boxes)


def test_ribs_on_both_walls_are_mirrored() -> None:
    spec = parse_geometry("channel 1 m x 0.1 m, square ribs 5 mm on both walls, p/e = 10, 6 ribs, first rib at x = 0.3 m")
    assert spec is not None and len(spec.obstacles) == 12
    ys = sorted({round(o.center[1], 6) for o in spec.obstacles if o.center})
    assert ys == [0.0025, 0.0975]


REFUSED = [
    ("channel 0.6 x 0.05 m, triangular ribs on the floor, base 10 mm, height 5 mm, pitch 8 mm, five ribs, first at "
     "x = 0.2 m", "touch or overlap"),
    ("channel 0.6 x 0.05 m, triangular rib on the floor, base 10 mm, height 60 mm, at x = 0.2 m", "closes the 0.05 m high"),
    ("channel 0.6 x 0.05 m, triangular ribs on the floor, base 10 mm, height 5 mm, every 100 mm, ten ribs, first at "
     "x = 0.2 m", "beyond the channel"),
    ("channel 0.6 x 0.05 m, triangular ribs on the floor, base 10 mm, height 5 mm, every 100 mm", "not counted"),
    ("channel 0.6 x 0.05 m, semicircular bump on the floor at x = 0.2 m", "radius or diameter"),
    ("channel 0.6 x 0.05 m with a triangular rib on the floor, base 10 mm and height 5 mm, apex angle 60 degrees, at "
     "x = 0.2 m", "disagrees"),
    ("channel 1 x 0.1 m, triangular rib on the floor, base x = 0.30..0.34 m, apex (0.4, 0.02)", "outside its base"),
    ("channel 0.6 x 0.05 m, three triangular ribs on the floor, base 10 mm, height 5 mm, first at x = 0.2 m", "without a pitch"),
]


@pytest.mark.parametrize("text, why", REFUSED)
def test_ribs_that_do_not_fit_are_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(RequestError, match=re.escape(why)):
        parse_geometry(text)


def test_the_rib_words_are_its_own() -> None:
    text = "2D channel 1.0 x 0.1 m with a triangular rib on the bottom wall, base x = 0.30..0.34 m; cell size 5 mm"
    assert [text[a:b].strip() for a, b in rib_segments(text)] == ["a triangular rib on the bottom wall, base x = 0.30..0.34 m"]
    assert read_ribs("channel 1 m x 0.1 m with ribbed walls") is None
    assert read_ribs("a channel 1 m long with a bump") is None  # no outline: left to the other readers


@pytest.mark.parametrize("text", [RIBS[0][0], SEMICIRCLES[0], RIBS[12][0]])
def test_the_built_mesh_leaves_the_rib_out_and_keeps_the_channel(tmp_path, text: str) -> None:
    spec = parse_geometry(text)
    assert spec is not None
    build = build_mesh(spec, tmp_path)
    assert build.generator == "gmsh" and build.bounds is not None
    assert build.bounds[:2] == [pytest.approx((0.0, spec.dims.length)), pytest.approx((0.0, spec.dims.height))]
    nodes = _msh_nodes((tmp_path / "mesh.msh").read_text())
    rib = spec.obstacles[0].outline()
    cx, cy = sum(p[0] for p in rib) / len(rib), sum(p[1] for p in rib) / len(rib)
    inner = [(cx + 0.98 * (x - cx), cy + 0.98 * (y - cy)) for x, y in rib]
    assert not [p for p in nodes if point_in_polygon(p, inner)]
    assert {p.name for p in build.patches} >= {"inlet", "outlet", "walls", "obstacle"}


def test_square_ribs_at_a_pitch_are_meshed_by_blockmesh(tmp_path) -> None:
    spec = parse_geometry(ROWS[4][0] + "; 5 mm cells")
    assert spec is not None
    build = build_mesh(spec, tmp_path)
    assert build.generator == "blockMesh"
    assert build.n_cells == pytest.approx(200 * 20 - 4 * 2 * 2, rel=0.05)


def _msh_nodes(text: str) -> list[tuple[float, float]]:
    """The (x, y) of every node of a Gmsh v2 ASCII mesh."""
    block = text.split("$Nodes", 1)[1].split("$EndNodes", 1)[0].split("\n")[2:]
    return [(float(r.split()[1]), float(r.split()[2])) for r in block if r.strip()]


# more ways of saying one triangular rib (base 10 mm, height 5 mm, centred at x = 0.2 m in a 0.6 x 0.05 m channel)
TRIANGLE_AT_02 = [
    "channel 0.6 x 0.05 m, triangular rib on the floor, 10 mm base, 5 mm tall, centred at x = 0.2 m",
    "channel 0.6 x 0.05 m, a 5 mm high triangular rib with a 10 mm base on the bottom wall at x = 0.2 m",
    "channel 0.6 x 0.05 m, a triangular rib (base 10 mm, height 5 mm) at x = 0.2 m",
    "Channel: 0.6 m x 0.05 m. Rib: triangular, on the bottom wall, base 10 mm, height 5 mm, centre x = 0.2 m.",
    "channel 0.6 x 0.05 m, triangular rib on the floor, base 10 mm, height a tenth of the channel height, at x = 0.2 m",
    "channel 60 cm x 5 cm, triangular rib on the floor, base 1 cm, rib height 10 % of the channel height, 20 cm from the inlet",
]


@pytest.mark.parametrize("text", TRIANGLE_AT_02)
def test_one_triangular_rib_said_many_ways(text: str) -> None:
    assert sorted(_outline(text)) == [pytest.approx(p) for p in sorted([(0.195, 0.0), (0.205, 0.0), (0.2, 0.005)])]


def test_an_equilateral_rib_by_its_side() -> None:
    pts = _outline("channel 0.6 x 0.05 m, equilateral triangular rib on the floor with 10 mm sides, centred at x = 0.2 m")
    assert max(p[1] for p in pts) == pytest.approx(0.01 * 3 ** 0.5 / 2)


def test_a_right_angled_rib_placed_by_its_apex() -> None:
    pts = _outline("channel 0.6 x 0.05 m, right-angled triangular rib on the floor, 12 mm long, 6 mm high, its apex "
                   "0.212 m from the inlet")
    assert sorted(pts) == [pytest.approx(p) for p in [(0.2, 0.0), (0.212, 0.0), (0.212, 0.006)]]
