"""A vessel the flow passes through is the library's rectangle or box only when its words give it no
other outline: a kidney-shaped, round or conical vessel is not silently built as a rectangle."""

import pytest

from tasks.geometry.text_shapes import shape_words


@pytest.mark.parametrize("text", [
    "transient flow with pimpleFoam through a kidney-shaped vessel 0.3 m long and 0.05 m wide",
    "water flows through a round tank of 2 m, inlet on the left",
    "air enters a conical chamber 1 m long and leaves at the top",
    "flow through an L-shaped container 0.5 m by 0.2 m",
    "steady flow through a vessel shaped like a bean, 20 cm long",
])
def test_a_vessel_with_another_outline_is_no_rectangle(text):
    assert shape_words(text) not in ("rectangle", "box")


@pytest.mark.parametrize("text,shape", [
    ("flow through a tank 2 m long and 0.5 m high, inlet on the left, outlet on the right", "rectangle"),
    ("water enters a settling basin 3 m x 1 m x 0.5 m and leaves at the far end", "box"),
])
def test_a_plain_vessel_with_through_flow_is_still_built(text, shape):
    assert shape_words(text) == shape
