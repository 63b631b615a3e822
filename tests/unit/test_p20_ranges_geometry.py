"""Session 20 "ranges": solid parts given by coordinate ranges (steps, ribs, obstacles), verbose drawings of a
half-round bump with US units, one-length 3D boxes and a cell size restated in brackets. Probes are this
helper's own dimensions, three or more phrasings each (terse, verbose, other units / word order)."""

from __future__ import annotations

import pytest

from tasks.geometry.text import parse_geometry
from tasks.geometry.text_mesh import cell_size
from tasks.geometry.text_range_parts import STEP_PART_NOUN, RangePart, range_parts
from tasks.geometry.text_step_parts import Channel, fit_part, parts_as_step, step_part

_TAIL = "; simpleFoam kOmegaSST, nu 1.5e-5, inlet 15 m/s, 5 mm cells, 300 iterations"

# (request, shape, upstream, downstream, channel height, step height)
STEPS = [
    ("2D forward-facing step, domain x 0..1.2 m, y 0..0.09 m, step (solid) x 0.4..1.2, y 0..0.03" + _TAIL,
     "forward_step", 0.4, 0.8, 0.09, 0.03),
    ("Steady k-omega SST (simpleFoam) air flow at 20 m/s (nu 1.5e-5 m2/s) over a 3 cm forward-facing step placed 30 cm "
     "downstream of the inlet of a 8 cm high, 100 cm long 2D channel (origin at the inlet floor; the step fills x from "
     "30 to 100 cm, y from 0 to 3 cm); 5 mm cells; 300 iterations.", "forward_step", 0.3, 0.7, 0.08, 0.03),
    ("We want air flow over a forward facing step. The channel is 1200 mm long and 90 mm tall; the step occupies "
     "x = 400..1200 mm, y = 0..30 mm." + _TAIL, "forward_step", 0.4, 0.8, 0.09, 0.03),
    ("2D backward-facing step: domain x 0..0.8 m, y 0..0.06 m; the step (solid) spans x 0..0.2 m, y 0..0.02 m" + _TAIL,
     "backward_step", 0.2, 0.6, 0.06, 0.02),
    ("Backward facing step channel, 80 cm long and 6 cm high, with the step block filling x from 0 to 20 cm and y from "
     "0 to 2 cm" + _TAIL, "backward_step", 0.2, 0.6, 0.06, 0.02),
    # a part in a plain channel against an end: the step it is
    ("2D channel x 0..0.8 m, y 0..0.06 m; a block spanning x 0..0.2 m, y 0..0.02 m sits at the inlet on the floor" + _TAIL,
     "backward_step", 0.2, 0.6, 0.06, 0.02),
    ("2D channel 1.2 m long and 9 cm high, a solid block from x = 0.4 to 1.2 m and y = 0 to 0.03 m" + _TAIL,
     "forward_step", 0.4, 0.8, 0.09, 0.03),
    ("A flat duct, 120 cm by 9 cm, whose floor carries a solid obstruction spanning x 40-120 cm and y 0-3 cm" + _TAIL,
     "forward_step", 0.4, 0.8, 0.09, 0.03),
    # a table of parts, its rows apart by blank lines
    ("Air over a forward-facing step in 2D, origin at the lower left corner of the inlet:\n\n\n| part | x [mm] | y [mm] |"
     "\n\n|---|---|---|\n\n| whole domain | 0 to 1200 | 0 to 90 |\n\n| step (solid, no mesh) | 400 to 1200 | 0 to 30 |"
     "\n\n\nSo the channel is 90 mm high upstream." + _TAIL, "forward_step", 0.4, 0.8, 0.09, 0.03),
    ("2D backward facing step.\n| part | x (cm) | y (cm) |\n|---|---|---|\n| domain | 0 to 80 | 0 to 6 |\n\n| step | 0 to 20 "
     "| 0 to 2 |\n" + _TAIL, "backward_step", 0.2, 0.6, 0.06, 0.02),
    # corners, and ends that are the channel's
    ("2D channel from (0,0) to (1.2,0.09) m; the solid fills the lower right part from x = 0.4 m to the outlet and up "
     "to y = 0.03 m (a forward step)." + _TAIL, "forward_step", 0.4, 0.8, 0.09, 0.03),
    ("2D channel 0.8 m long, 0.06 m high; the solid fills the lower left corner up to x = 0.2 m, y = 0.02 m." + _TAIL,
     "backward_step", 0.2, 0.6, 0.06, 0.02),
    ("2D channel 1.2 m long and 0.09 m high, a solid block from (0.4, 0) to (1.2, 0.03) m" + _TAIL,
     "forward_step", 0.4, 0.8, 0.09, 0.03),
    ("backward-facing step, channel 80 cm long 6 cm high, the step block between (0, 0) and (20, 2) cm" + _TAIL,
     "backward_step", 0.2, 0.6, 0.06, 0.02),
]


@pytest.mark.parametrize(("text", "shape", "up", "down", "height", "step"), STEPS)
def test_step_by_its_ranges(text: str, shape: str, up: float, down: float, height: float, step: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == shape
    d = spec.dims
    assert (d.upstream_length, d.downstream_length, d.height, d.step_height) == pytest.approx((up, down, height, step))
    assert spec.origin[0] == pytest.approx(up)  # the origin at the foot of the step's face, inlet at x = 0


# (request, x range, y range) of an obstacle or rib inside the channel: stays a body
BODIES = [
    ("2D channel x 0..0.6 m, y 0..0.05 m; an obstacle spanning x 20-25 cm and y 0-1 cm; simpleFoam nu 1e-5 inlet 1 m/s",
     (0.2, 0.25), (0.0, 0.01)),
    ("A 2D duct 600 mm long and 50 mm high; a rib occupies x = 200..250 mm, y = 0..10 mm on the floor. pimpleFoam",
     (0.2, 0.25), (0.0, 0.01)),
    ("2D channel 0.6 m by 0.05 m with an obstacle spanning x 20-25 cm and y 2-3 cm, pimpleFoam laminar",
     (0.2, 0.25), (0.02, 0.03)),
    ("2D channel 0.6 m long and 0.05 m high with a block from (0.2, 0) to (0.25, 0.01) m on the floor; simpleFoam",
     (0.2, 0.25), (0.0, 0.01)),
    ("2D channel 600 mm x 50 mm, a rectangular block with corners (200, 0) and (250, 10) mm", (0.2, 0.25), (0.0, 0.01)),
]


@pytest.mark.parametrize(("text", "xs", "ys"), BODIES)
def test_inner_part_stays_an_obstacle(text: str, xs: tuple[float, float], ys: tuple[float, float]) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    (ob,) = spec.obstacles
    assert ob.center == pytest.approx(((xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2))
    assert (ob.width, ob.height) == pytest.approx((xs[1] - xs[0], ys[1] - ys[0]))


CHANNEL = Channel(0.0, 1.0, 0.0, 0.1)


@pytest.mark.parametrize(("part", "shape"), [
    (RangePart((0.3, 1.0), (0.0, 0.04), (0, 1)), "forward_step"),
    (RangePart((0.0, 0.3), (None, 0.04), (0, 1)), "backward_step"),
    (RangePart((0.3, 0.5), (0.0, 0.04), (0, 1)), None),  # a rib inside
    (RangePart((0.3, 1.0), (0.0, 0.1), (0, 1)), None),  # fills the channel's height
    (RangePart((0.3, 1.0), (0.02, 0.04), (0, 1)), None),  # off the floor
    (RangePart((0.0, 1.0), (0.0, 0.04), (0, 1)), None),  # both ends: no step face
    (RangePart((0.3, 1.0), (0.06, None), (0, 1)), None),  # from the ceiling
])
def test_fit_part(part: RangePart, shape: str | None) -> None:
    fitted = fit_part(part, CHANNEL)
    assert (fitted.shape if fitted else None) == shape


def test_fit_part_keeps_the_said_shape() -> None:
    assert fit_part(RangePart((0.3, 1.0), (0.0, 0.04), (0, 1)), CHANNEL, "backward_step") is None


def test_step_part_ignores_a_time_step_and_the_domain() -> None:
    assert step_part("backward-facing step, domain x 0..1 m, y 0..0.1 m, time step 1e-3 s") is None
    assert range_parts("the step x 0.2..1, y 0..0.02") == []  # a step's noun only where the shape is a step
    assert range_parts("the step x 0.2..1, y 0..0.02", STEP_PART_NOUN)[0].x == (0.2, 1.0)


def test_parts_as_step_needs_the_channel() -> None:
    part = [RangePart((0.0, 0.2), (0.0, 0.02), (0, 1))]
    assert parts_as_step(part, {"length": 0.8}, (0.0, 0.0)) is None
    assert parts_as_step(part, {"length": 0.8, "height": 0.06}, (0.0, 0.0)).shape == "backward_step"


def test_step_ranges_that_do_not_fit_are_noted() -> None:
    spec = parse_geometry("2D forward-facing step channel 1 m long and 0.1 m high; the step fills x from 0.3 to 0.6 m, "
                          "y from 0 to 0.03 m")
    assert spec is not None and any("do not make a forward step" in n for n in spec.notes)


# half-round bumps drawn in words, US units: (request, centre x, radius, channel length, height)
BUMPS = [
    ("I am checking flow over a half-round bead on the floor of a water flume, in 2D. The flume is 30 inches long and 6 "
     "inches high, with the lower left corner of the inlet at the origin. On the floor sits a semicircular bump of 1.5 "
     "inch radius whose centre is on the floor 12 inches downstream of the inlet. Water comes in at 1 ft/s.",
     0.3048, 0.0381, 0.762, 0.1524),
    ("2D water channel 30 in long x 6 in high (origin lower-left), semicircular bump radius 1.5 in on the floor centred "
     "12 in from the inlet; simpleFoam k-epsilon", 0.3048, 0.0381, 0.762, 0.1524),
    ("Steady RANS of water flowing at 0.3 m/s through a 0.762 m x 0.1524 m two-dimensional channel from the origin, "
     "with a half-cylinder of radius 38.1 mm lying on the floor, its centre at x = 0.3048 m; 1 cm cells",
     0.3048, 0.0381, 0.762, 0.1524),
    ("Imagine a flat channel 10 inches tall and 50 inches long; on its floor, 20 inches from the entrance, sits a "
     "half-cylinder bump of 2.5 inch radius. Air at 3 ft/s, pimpleFoam laminar.", 0.508, 0.0635, 1.27, 0.254),
    ("2D duct 1.27 m x 0.254 m, a semicircle of radius 63.5 mm on the bottom wall centred at x = 0.508 m; simpleFoam",
     0.508, 0.0635, 1.27, 0.254),
]


@pytest.mark.parametrize(("text", "x", "radius", "length", "height"), BUMPS)
def test_half_round_bump_on_the_floor(text: str, x: float, radius: float, length: float, height: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert (spec.dims.length, spec.dims.height) == pytest.approx((length, height))
    (ob,) = spec.obstacles
    xs, ys = [p[0] for p in ob.outline()], [p[1] for p in ob.outline()]
    assert ((min(xs) + max(xs)) / 2, max(xs) - min(xs), min(ys), max(ys)) == pytest.approx((x, 2 * radius, 0, radius),
                                                                                           abs=1e-6)


# 3D boxes: (request, width x, height y, depth z)
BOXES = [
    ("3D box 0.2 x 0.2 x 0.08 m (x, y vertical, z; corner at origin), hot wall x = 0 at 50 degC, cold wall x = 0.2 at "
     "10 degC, buoyantBoussinesqPimpleFoam laminar; 20x20x8 cells", 0.2, 0.2, 0.08),
    ("Three-dimensional natural convection in a 20 cm x 20 cm x 8 cm air box (height 20 cm along y; depth 8 cm along "
     "z): the x = 0 face at 323.15 K, the x = 20 cm face at 283.15 K", 0.2, 0.2, 0.08),
    ("three-dimensional differentially heated box 0.3 m (x) by 0.15 m (y, vertical) by 0.06 m (z), the x = 0 face at "
     "330 K and the x = 0.3 m face at 300 K, air initially at 310 K", 0.3, 0.15, 0.06),
    ("Natural convection in a 3D cube of side 8 cm filled with air, the wall at x = 0 at 45 degC and the wall at x = "
     "8 cm at 15 degC", 0.08, 0.08, 0.08),
    ("3D heated box, 80 mm each way, left wall 318.15 K, right wall 288.15 K, initial temperature 303.15 K",
     0.08, 0.08, 0.08),
    ("Please simulate buoyant air inside an 8 cm box (three-dimensional, all edges 8 cm). The west wall is hot at 45 C, "
     "the east wall cold at 15 C", 0.08, 0.08, 0.08),
    ("3D cubic enclosure 0.08 m, hot wall x = 0 at 320 K, cold wall x = 0.08 m at 290 K, initial T 305 K",
     0.08, 0.08, 0.08),
    ("natural convection in a 3D 5 cm box, left wall 40 C, right wall 20 C, 1 mm cells", 0.05, 0.05, 0.05),
    ("a 3D 5 cm cavity 2 cm deep, hot left wall 40 C, cold right 20 C", 0.05, 0.05, 0.02),
]


@pytest.mark.parametrize(("text", "x", "y", "z"), BOXES)
def test_3d_box_every_edge(text: str, x: float, y: float, z: float) -> None:
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "heated_cavity" and spec.two_d is False
    assert (spec.dims.width, spec.dims.height, spec.dims.depth) == pytest.approx((x, y, z))


@pytest.mark.parametrize(("text", "size"), [
    ("cells about 0.4 in (1 cm); 400 iterations", 0.01),
    ("cells of 0.5 in (12.7 mm)", 0.0127),
    ("cells of 1 cm (0.4 in)", 0.01),
    ("cells of 0.4 in (5 cm)", 0.01016),  # not the same size: the first as said
    ("5 mm cells", 0.005),
])
def test_cell_size_restated_in_metric(text: str, size: float) -> None:
    assert cell_size(text) == pytest.approx(size)


@pytest.mark.parametrize(("text", "x", "y"), [
    ("a block from x = 0.4 m to the outlet, up to y = 0.03 m", (0.4, None), (None, 0.03)),
    ("a block from the inlet to x = 20 cm, from the floor to y = 2 cm", (None, 0.2), (None, 0.02)),
    ("the solid fills the lower left corner up to x = 0.2 m, y = 0.02 m", (None, 0.2), (None, 0.02)),
    ("the solid fills the lower right corner up to x = 0.4 m, y = 0.03 m", (0.4, None), (None, 0.03)),
    ("a block from (0.2, 0) to (0.25, 0.01) m", (0.2, 0.25), (0.0, 0.01)),
    ("an obstacle with corners (200, 0) mm and (250, 10) mm", (0.2, 0.25), (0.0, 0.01)),
])
def test_range_part_ends_and_corners(text: str, x: tuple, y: tuple) -> None:
    (part,) = range_parts(text)
    assert _ends(part.x) == _ends(x) and _ends(part.y) == _ends(y)


def _ends(rng: tuple | None) -> tuple | None:
    """A range with its ends rounded (None kept: an end that is a wall or an end of the channel)."""
    return None if rng is None else tuple(None if v is None else round(v, 9) for v in rng)


@pytest.mark.parametrize(("text", "height"), [
    ("a backward-facing step with x from 0 to 1 m, y from 0 to 0.1 m, step height 2 cm", 0.1),
    ("forward facing step: x 0..2 m, y 0..0.2 m, step height 5 cm at x = 0.5 m", 0.2),
])
def test_the_domain_said_after_the_step_is_no_step_part(text: str, height: float) -> None:
    assert step_part(text) is None
    spec = parse_geometry(text)
    assert spec is not None and spec.dims.height == pytest.approx(height)
