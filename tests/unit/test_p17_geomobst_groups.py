"""Several obstacles described together in a 2D channel: counts, arrangements (tandem, side by side, staggered),
spacings (centre to centre, gaps, multiples of the size) and the first one's place, in several phrasings and
units; overlapping ones and ones outside the channel refused with the reason."""

from __future__ import annotations

import pytest

from tasks.core.errors import RequestError
from tasks.geometry.build import relative_distances
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_obstacle_groups import read_group

# (request, channel length, height, [(kind, cx, cy, size), ...])
GROUPS = [
    ("2D channel 0.3 m x 0.05 m, two square cylinders of side 1 cm in tandem, 4 cm apart centre to centre, first at "
     "x = 0.06 m on the centreline, icoFoam", 0.3, 0.05, [("square", 0.06, 0.025, 0.01), ("square", 0.10, 0.025, 0.01)]),
    ("I would like to simulate two identical square cylinders with a side length of 1 cm arranged one behind the other "
     "along the flow in a two-dimensional channel 30 cm long and 5 cm high. The distance between their centres is 4 cm "
     "and the first cylinder is centred 6 cm from the inlet at mid-height.", 0.3, 0.05,
     [("square", 0.06, 0.025, 0.01), ("square", 0.10, 0.025, 0.01)]),
    ("In a channel of 0.3 m length and 0.05 m height, squares of 0.01 m side, two of them, in tandem with gap 0.03 m; "
     "first centre x=0.06 m", 0.3, 0.05, [("square", 0.06, 0.025, 0.01), ("square", 0.10, 0.025, 0.01)]),
    ("A channel 30 cm long and 5 cm high contains a square obstacle of side 1 cm centred at (6 cm, 2.5 cm) and a "
     "second identical square 3 side lengths downstream of the first.", 0.3, 0.05,
     [("square", 0.06, 0.025, 0.01), ("square", 0.09, 0.025, 0.01)]),
    ("pisoFoam, channel 12 in x 2 in, a pair of 0.5 in square bars one behind the other, spacing 3 side lengths, "
     "first 3 in from the inlet", 0.3048, 0.0508, [("square", 0.0762, 0.0254, 0.0127), ("square", 0.1143, 0.0254, 0.0127)]),
    ("channel 300 mm x 60 mm; two 10 mm square blocks one behind the other with a 30 mm gap, the first 50 mm from the "
     "inlet at mid-height", 0.3, 0.06, [("square", 0.05, 0.03, 0.01), ("square", 0.09, 0.03, 0.01)]),
    ("two circular cylinders of diameter 1 cm side by side with a gap of 2D in a channel 0.4 m by 0.1 m, 10 cm from "
     "the inlet", 0.4, 0.1, [("circle", 0.1, 0.035, 0.01), ("circle", 0.1, 0.065, 0.01)]),
    ("two circular cylinders (D = 2 cm) side by side with a gap of 2D; channel length 60 cm, channel height 20 cm; "
     "first cylinder 15 cm from the inlet", 0.6, 0.2, [("circle", 0.15, 0.07, 0.02), ("circle", 0.15, 0.13, 0.02)]),
    ("Please model a row of four circular cylinders, each 1 cm in diameter, spaced 5 diameters apart centre to centre "
     "along the centreline of a 2D channel that is 50 cm long and 8 cm high. The first cylinder sits 10 cm from the "
     "inlet.", 0.5, 0.08, [("circle", 0.1 + 0.05 * i, 0.04, 0.01) for i in range(4)]),
    ("a row of 4 cylinders of diameter 10 mm spaced 5D apart along the centreline of a channel 0.5 m long and 0.08 m "
     "high", 0.5, 0.08, [("circle", 0.125 + 0.05 * i, 0.04, 0.01) for i in range(4)]),
    ("Two cylinders of 10 mm diameter placed in tandem at a spacing of 4D in a channel 20D high and 50D long, the "
     "upstream one 10D from the inlet", 0.5, 0.2, [("circle", 0.1, 0.1, 0.01), ("circle", 0.14, 0.1, 0.01)]),
    ("a channel 400 mm long and 80 mm tall holds 3 round pins of 6 mm diameter in a row along the flow every 30 mm, "
     "starting 100 mm from the inlet", 0.4, 0.08, [("circle", 0.1 + 0.03 * i, 0.04, 0.006) for i in range(3)]),
    ("channel 8 in long and 2 in high, three staggered square bars of 0.25 in side, streamwise pitch 1 in, transverse "
     "pitch 0.5 in, first 2 in from the inlet", 0.2032, 0.0508,
     [("square", 0.0508, 0.01905, 0.00635), ("square", 0.0762, 0.03175, 0.00635), ("square", 0.1016, 0.01905, 0.00635)]),
    ("two square cylinders with D = 1 cm, tandem arrangement, centre-to-centre spacing 4D, channel height 5D, channel "
     "length 30D, first cylinder 6D from the inlet", 0.3, 0.05, [("square", 0.06, 0.025, 0.01), ("square", 0.10, 0.025, 0.01)]),
    ("Square cylinders (side 2 cm) - two of them - one behind the other, gap between them 6 cm; domain 1 m by 0.2 m; "
     "first 0.2 m from inlet", 1.0, 0.2, [("square", 0.2, 0.1, 0.02), ("square", 0.28, 0.1, 0.02)]),
    ("a square obstacle of side 1 cm at x = 6 cm in a channel 30 cm x 5 cm, a second one 4 cm downstream of the first "
     "and a third 4 cm downstream of the second", 0.3, 0.05, [("square", 0.06 + 0.04 * i, 0.025, 0.01) for i in range(3)]),
    ("Two side-by-side circular cylinders, diameter 2 cm, gap 2 cm between them, in a 2D channel; channel is 1 m long "
     "and 0.2 m high", 1.0, 0.2, [("circle", 0.25, 0.08, 0.02), ("circle", 0.25, 0.12, 0.02)]),
    ("two 4 cm square blocks side by side 10 cm apart in a channel 1 m x 0.3 m", 1.0, 0.3,
     [("square", 0.25, 0.1, 0.04), ("square", 0.25, 0.2, 0.04)]),
    ("two tandem circular cylinders D = 10 mm, L/D = 4, in a channel 0.5 m x 0.1 m, the first 0.1 m from the inlet",
     0.5, 0.1, [("circle", 0.1, 0.05, 0.01), ("circle", 0.14, 0.05, 0.01)]),
    ("two side-by-side square cylinders of side 1 cm, G/D = 1.5, channel 40 cm by 10 cm, at x = 10 cm", 0.4, 0.1,
     [("square", 0.1, 0.0375, 0.01), ("square", 0.1, 0.0625, 0.01)]),
    ("three staggered squares of side 5 mm in a 20 cm x 4 cm channel, 3 cm apart", 0.2, 0.04,
     [("square", 0.05, 0.04 / 3, 0.005), ("square", 0.08, 0.08 / 3, 0.005), ("square", 0.11, 0.04 / 3, 0.005)]),
]


@pytest.mark.parametrize("text, length, height, bodies", GROUPS)
def test_every_obstacle_of_a_group_is_built_in_the_channel_the_words_size(text, length, height, bodies):
    spec = parse_geometry(text)
    assert spec is not None and spec.shape == "channel_with_obstacles"
    assert spec.dims.length == pytest.approx(length) and spec.dims.height == pytest.approx(height)
    got = [(o.kind, *o.center, o.diameter if o.kind == "circle" else o.width) for o in spec.obstacles]
    assert len(got) == len(bodies)
    for (kind, *numbers), (want_kind, *want) in zip(got, bodies):
        assert kind == want_kind
        assert numbers == pytest.approx(want, abs=1e-9)


@pytest.mark.parametrize("text, why", [
    ("two cylinders of diameter 5 cm in tandem 3 cm apart in a channel 1 m x 0.2 m", "overlap"),
    ("three square cylinders of side 4 cm side by side 4 cm apart in a channel 1 m x 0.1 m", "outside the domain"),
    ("two square cylinders of side 4 cm side by side 10 cm apart in a channel 1 m x 0.1 m", "outside the domain"),
])
def test_a_group_that_overlaps_or_leaves_the_channel_is_refused_with_the_reason(text, why):
    with pytest.raises(RequestError, match=why):
        parse_geometry(text)


@pytest.mark.parametrize("text", [
    "2D channel 1 m x 0.1 m, two-equation model, inlet 2 m/s",
    "a 2 m channel with cylinders",
    "channel 0.5 m x 0.1 m, 100 x 20 cells",
])
def test_words_that_are_not_a_group_of_bodies_are_not_read_as_one(text):
    assert read_group(text) is None


def test_the_spacing_as_said_is_recorded_between_the_obstacles():
    spec = parse_geometry("2D channel 0.3 m x 0.05 m, two square cylinders of side 1 cm in tandem, 4 cm apart centre "
                          "to centre, first at x = 0.06 m on the centreline")
    distances = relative_distances(spec)
    assert distances["obstacle0_1_pitch_x"] == pytest.approx(0.04)
    assert distances["obstacle0_1_gap_x"] == pytest.approx(0.03)
