"""A comparison refers to a size, never to a coordinate; a length from inlet to outlet is the
whole domain, not the distance of a step from the inlet."""

import pytest

from tasks.geometry.placement import _downstream_of
from tasks.geometry.text import parse_geometry
from tasks.geometry.text_comparisons import comparative_sizes


@pytest.mark.parametrize(("text", "outlet"), [
    ("a sudden enlargement: a 2 cm high channel from x = -4 cm to x = 0 opens into a channel three times taller "
     "which runs on to x = 0.4 m", 0.06),
    ("sudden expansion: the inlet channel, 1 cm high, runs from x = -5 cm to x = 0, then the channel becomes "
     "4 times taller and runs on to x = 0.5 m", 0.04),
    ("sudden expansion: 3 cm high inlet duct from x = -10 cm to x = 0, outlet duct 2 times higher up to x = 1 m", 0.06),
])
def test_a_comparison_takes_the_size_not_the_coordinate(text: str, outlet: float) -> None:
    assert "-0." not in comparative_sizes(text).split("times")[-1]
    assert parse_geometry(text).dimensions["outlet_height"] == pytest.approx(outlet)


@pytest.mark.parametrize(("text", "want"), [
    ("15 cm of inlet channel, 1.5 m from inlet to outlet", None),
    ("the step sits 30 cm from the inlet and the outlet lies 1.2 m further", 0.3),
    ("a 2 m domain, 40 cm from the inlet to the end", None),
    ("the step is 20 cm downstream of the inlet", 0.2),
])
def test_a_distance_from_the_inlet(text: str, want: float | None) -> None:
    got = _downstream_of(text, "inlet")
    assert got == (pytest.approx(want) if want is not None else None)
