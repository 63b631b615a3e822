"""Bodies outlined in words (ellipses, triangles and wedges, trapezoids) become polygon obstacles of a
channel with the stated sizes, place and orientation (tasks/geometry/text_outlines.py, text_lone_body.py)."""

from __future__ import annotations

import math

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import recorded_lengths
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_outlines import body_angle, ellipse_axes, wedge_outline
from tasks.geometry.text_unbuildable import unbuildable_reason


def _box(vertices: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in vertices], [p[1] for p in vertices]
    return min(xs), min(ys), max(xs), max(ys)


# (request, semi-major, semi-minor, centre or None, angle of attack in degrees)
ELLIPSES = [
    ("Laminar flow past an elliptical cylinder with semi-major axis 0.05 m and semi-minor axis 0.025 m in a channel "
     "1 m long and 0.3 m high, Re 100.", 0.05, 0.025, None, 0.0),
    ("ellipse in a 2D channel, semi-axes 3 and 1.5 cm, centred at (0.2, 0.1), channel 1 m x 0.2 m, water 0.01 m/s",
     0.03, 0.015, (0.2, 0.1), 0.0),
    ("simulate incompressible flow around an ellipse (major axis 4 cm, minor axis 2 cm) at 10 degrees angle of "
     "attack in a 0.5 m x 0.2 m channel", 0.02, 0.01, None, 10.0),
    ("An elliptic obstacle with chord 0.1 m and thickness 0.02 m is placed in a 2D channel 1.5 m long and 0.4 m "
     "high, centred at x = 0.4 m. Water at 0.05 m/s.", 0.05, 0.01, (0.4, 0.2), 0.0),
    ("aspect ratio 2 ellipse, major axis 0.1 m, in cross-flow, air 1 m/s", 0.05, 0.025, None, 0.0),
    ("I am a student and I would like to simulate the air flow around an elliptic cylinder whose major axis is "
     "60 mm and minor axis 20 mm, inclined at 15 degrees to the flow, inside a duct that is 600 mm long and "
     "150 mm high.", 0.03, 0.01, None, 15.0),
    ("flow past elliptical body, a = 2 in, b = 1 in, channel 40 in long 10 in high, angle of attack 5 deg",
     2 * 0.0254, 0.0254, None, 5.0),
    ("Elliptic cylinder with a 2:1 axis ratio and 8 cm major axis at x = 0.3 m in a 1.2 m long, 0.3 m high channel; "
     "Re 200 water", 0.04, 0.02, (0.3, 0.15), 0.0),
    ("elliptical section, chord 0.1 m, thickness ratio 20 %, incidence 4 degrees, centred at (0.5, 0.2) in a 2 m by "
     "0.4 m channel", 0.05, 0.01, (0.5, 0.2), 4.0),
]


@pytest.mark.parametrize("text, a, b, centre, attack", ELLIPSES)
def test_an_ellipse_is_built_as_a_polygon_of_its_axes(text: str, a: float, b: float, centre, attack: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    [body] = spec.obstacles
    assert body.kind == "polygon" and len(body.vertices) >= 36
    assert body.sizes["semi_major_axis"] == pytest.approx(a) and body.sizes["semi_minor_axis"] == pytest.approx(b)
    cx, cy = body.center
    radii = sorted(math.dist((cx, cy), p) for p in body.vertices)
    assert radii[-1] == pytest.approx(a, rel=1e-6) and radii[0] == pytest.approx(b, rel=1e-6)
    if centre:
        assert (cx, cy) == pytest.approx(centre)
    far = max(body.vertices, key=lambda p: math.dist((cx, cy), p))  # an end of the major axis
    tilt = math.degrees(math.atan2(far[1] - cy, far[0] - cx)) % 180
    assert min(abs(tilt - (180 - attack)), abs(tilt + attack)) == pytest.approx(0, abs=1e-4)  # nose up
    x0, y0, x1, y1 = _box(body.vertices)
    assert 0 < x0 and x1 < spec.dims.length and 0 < y0 and y1 < spec.dims.height


def test_an_ellipse_across_the_flow_has_its_major_axis_along_y() -> None:
    spec = parse_geometry("an ellipse with semi-axes 4 cm and 1 cm, major axis perpendicular to the flow, centred at "
                          "(0.3, 0.1) in a channel 1 m by 0.2 m")
    x0, y0, x1, y1 = _box(spec.obstacles[0].vertices)
    assert (x1 - x0, y1 - y0) == pytest.approx((0.02, 0.08))


def test_the_sizes_of_an_outlined_body_are_recorded_for_the_verifier() -> None:
    spec = parse_geometry(ELLIPSES[0][0])
    record = {"obstacles": [o.model_dump(exclude_none=True) for o in spec.obstacles]}
    lengths = {tuple(e): v for e, v in recorded_lengths(record)}
    assert lengths[("obstacles", "0", "sizes", "semi_major_axis")] == pytest.approx(0.05)
    assert lengths[("obstacles", "0", "sizes", "minor_axis")] == pytest.approx(0.05)


# (request, base, height, apex direction (dx, dy), centre x or None)
WEDGES = [
    ("A triangular flame holder of base 20 mm and height 15 mm, apex pointing upstream, in a 2D channel 300 mm "
     "long and 60 mm high, placed 80 mm from the inlet.", 0.02, 0.015, (-1, 0), 0.08),
    ("A V-gutter flame holder (a bluff wedge with its base facing downstream) of base 2 cm and length 1.5 cm sits on "
     "the centreline of a 2D duct 0.4 m long, 0.08 m high.", 0.02, 0.015, (-1, 0), None),
    ("a wedge with its base facing the flow, base 3 cm, length 4 cm, centred at (0.3, 0.1) in a 1 m by 0.2 m channel",
     0.03, 0.04, (1, 0), 0.3),
    ("triangle obstacle: base 1 inch, height 0.75 inch, tip pointing downstream, at x = 5 in in a channel 20 in long "
     "and 4 in high", 0.0254, 0.75 * 0.0254, (1, 0), 5 * 0.0254),
    ("a triangular bump on the floor of a channel 0.5 m long and 0.1 m high, base 4 cm and height 1 cm, 20 cm from "
     "the inlet", 0.04, 0.01, (0, 1), 0.2),
    ("flow past a triangular cylinder (isosceles, base 3 cm, height 2 cm) with its point into the flow, in a channel "
     "60 cm x 12 cm, 15 cm downstream of the inlet", 0.03, 0.02, (-1, 0), 0.15),
    ("A wedge having base of 10 mm and height of 8 mm, apex toward outlet, centred at x = 40 mm, y = 10 mm in a "
     "channel 200 mm long, 20 mm high", 0.01, 0.008, (1, 0), 0.04),
]


@pytest.mark.parametrize("text, base, height, apex, x", WEDGES)
def test_a_wedge_has_its_base_height_and_apex_direction(text: str, base: float, height: float, apex, x) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    [body] = spec.obstacles
    assert len(body.vertices) == 3 and body.sizes == {"base": pytest.approx(base), "height": pytest.approx(height)}
    x0, y0, x1, y1 = _box(body.vertices)
    along, across = (x1 - x0, y1 - y0) if apex[0] else (y1 - y0, x1 - x0)
    assert (along, across) == pytest.approx((height, base))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    tip = max(body.vertices, key=lambda p: (p[0] - cx) * apex[0] + (p[1] - cy) * apex[1])
    assert (tip[0] - cx) * apex[0] + (tip[1] - cy) * apex[1] == pytest.approx(height / 2)
    if x is not None:
        assert cx == pytest.approx(x)
    if apex == (0, 1):
        assert y0 == pytest.approx(0.0)  # standing on the floor


def test_an_equilateral_triangle_placed_only_along_x_sits_on_the_centreline() -> None:
    spec = parse_geometry("an equilateral triangle of side 1 cm centred at x = 5 cm in a channel 20 cm long and 4 cm high")
    [body] = spec.obstacles
    edges = [math.dist(a, b) for a, b in zip(body.vertices, body.vertices[1:] + body.vertices[:1])]
    assert edges == pytest.approx([0.01] * 3) and body.center == pytest.approx((0.05, 0.02))


@pytest.mark.parametrize("text", [
    "a trapezoidal bump on the floor of a 2D channel 1 m long and 0.1 m high: base 0.2 m, top 0.1 m, height 0.03 m, "
    "centred at x = 0.5 m",
    "Channel 1 m x 0.1 m with a trapezoidal rib on the bottom wall at x = 0.5 m; bottom width 200 mm, top width "
    "100 mm, 30 mm high.",
    "A trapezoid sits on the floor of a 2D channel (100 cm long, 10 cm high) at x = 50 cm: base 20 cm, top 10 cm, "
    "height 3 cm.",
])
def test_a_trapezoid_stands_on_its_base(text: str) -> None:
    [body] = parse_geometry(text).obstacles
    want = sorted([(0.4, 0.0), (0.6, 0.0), (0.55, 0.03), (0.45, 0.03)])
    assert [c for p in sorted(body.vertices) for c in p] == pytest.approx([c for p in want for c in p])


@pytest.mark.parametrize("words, axes", [
    ("semi-major axis 5 cm, semi-minor axis 2 cm", (0.05, 0.02)),
    ("semi-axes of 5 and 2 cm", (0.05, 0.02)),
    ("a 6 x 3 cm ellipse", (0.03, 0.015)),
    ("axes 40 mm by 10 mm", (0.02, 0.005)),
    ("major axis 0.1 m, axis ratio 4:1", (0.05, 0.0125)),
    ("an ellipse", None),
])
def test_ellipse_axes(words: str, axes) -> None:
    got = ellipse_axes(words)
    assert got == (pytest.approx(axes) if axes else None)


@pytest.mark.parametrize("words, degrees", [
    ("at 10 degrees angle of attack", -10.0), ("angle of attack of 5°", -5.0), ("inclined at 30 deg to the flow", -30.0),
    ("rotated 15 degrees", 15.0), ("rotated by 15 degrees clockwise", -15.0), ("no angle", 0.0),
])
def test_body_angle(words: str, degrees: float) -> None:
    assert body_angle(words) == degrees


def test_a_wedge_from_its_apex_angle() -> None:
    pts, sizes = wedge_outline("a wedge of base 2 cm with a 90 degree apex angle")
    assert sizes["height"] == pytest.approx(0.01)


@pytest.mark.parametrize("text, why", [
    ("flow past an ellipse in a channel 1 m long and 0.2 m high", "semi-axes"),
    ("flow past an ellipsoid of semi-axes 3 and 1 cm in a channel 1 m x 0.2 m", "ellipsoid"),
    ("a triangular flame holder in a 2D channel 300 mm long and 60 mm high", "base"),
])
def test_a_body_that_cannot_be_built_is_refused_with_what_to_give(text: str, why: str) -> None:
    with pytest.raises(RequestError, match=why):
        parse_geometry(text)


@pytest.mark.parametrize("text, refused", [
    ("an elliptical tank with an inlet", True), ("an oval body", True), ("an ellipsoid", True),
    ("an elliptic cylinder in a channel", False), ("elliptic blending model", False),
])
def test_unbuildable_ellipse_words(text: str, refused: bool) -> None:
    assert (unbuildable_reason(text) is not None) == refused


@pytest.mark.parametrize("text, combustion", [
    ("cold air flow past a triangular flame holder in a channel", False),
    ("isothermal flow over a V-gutter flameholder, base 2 cm", False),
    ("a premixed flame behind a flame holder", True),
])
def test_a_flame_holder_alone_asks_for_no_combustion(text: str, combustion: bool) -> None:
    from tasks.plan.select_features import request_features

    assert bool(request_features(text, None, None).flags.get("combustion")) == combustion


@pytest.mark.parametrize("text, refused", [
    ("laminar flow around an elliptical cylinder", True),  # no axes: say which sizes to give
    ("flow past an ellipse with semi-axes 2 and 1 cm", False),  # built (text_outlines), not refused
    ("flow past a sphere of 1 cm", True),
])
def test_unbuildable_flow_body(text: str, refused: bool) -> None:
    from tasks.geometry.text_unbuildable import unbuildable_body

    assert (unbuildable_body(text) is not None) == refused


def test_a_lone_body_gets_a_channel_sized_about_it_and_a_note() -> None:
    spec = parse_geometry("aspect ratio 2 ellipse, major axis 0.1 m, in cross-flow, air 1 m/s")
    assert (spec.dims.length, spec.dims.height) == pytest.approx((2.2, 0.41))
    assert spec.obstacles[0].center == pytest.approx((0.2, 0.205))
    assert any("ellipse" in n and "sized about it" in n for n in spec.notes)


@pytest.mark.parametrize("text, corners", [
    ("a right-angled triangular obstacle, 5 cm long and 2 cm high, sits on the floor of a channel 0.5 m long and 0.1 m "
     "high, 20 cm from the inlet", [(0.175, 0.0), (0.225, 0.0), (0.225, 0.02)]),
    ("flow over a 2 cm high ramp, 10 cm long, on the floor of a 1 m by 0.1 m channel, 0.3 m from the inlet",
     [(0.25, 0.0), (0.35, 0.0), (0.35, 0.02)]),
    ("a ramp on the floor with vertical face upstream, length 10 cm, height 2 cm, at x = 0.3 m in a 1 m x 0.1 m channel",
     [(0.25, 0.0), (0.25, 0.02), (0.35, 0.0)]),
])
def test_a_right_angled_wedge_is_a_ramp_on_its_wall(text: str, corners) -> None:
    [body] = parse_geometry(text).obstacles
    assert [c for p in sorted(body.vertices) for c in p] == pytest.approx([c for p in sorted(corners) for c in p])


def test_an_equilateral_triangle_sized_by_its_base() -> None:
    [body] = parse_geometry("an equilateral triangle with base 2 cm, apex pointing upstream, centred at (0.2, 0.05) in "
                            "a channel 1 m x 0.1 m").obstacles
    x0, y0, x1, y1 = _box(body.vertices)
    assert (x1 - x0, y1 - y0) == pytest.approx((0.02 * math.sqrt(3) / 2, 0.02))
    assert min(body.vertices)[0] == pytest.approx(x0) and min(body.vertices)[1] == pytest.approx(0.05)  # apex upstream
