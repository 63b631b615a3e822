"""A product the stated-value reader took for cell counts that is the shape's sizes in one unit."""

from __future__ import annotations

import pytest

from tasks.edit.parametric_geo_sizes import sizes_in_product


@pytest.mark.parametrize("numbers, dims, expected", [
    ([40, 30], {"length": 0.5, "height": 0.03, "depth": 0.04}, ["depth", "height"]),  # mm
    ([600, 150], {"length": 0.6, "height": 0.15}, ["length", "height"]),
    ([2, 1], {"length": 0.6096, "height": 0.3048}, ["length", "height"]),  # ft
    ([12, 3], {"length": 0.3048, "height": 0.0762}, ["length", "height"]),  # in
    ([100, 20], {"length": 1.0, "height": 0.1}, None),  # cell counts: no unit makes both sizes
    ([40], {"length": 0.04}, None),  # one number is no product
    ([40, 30], {}, None),
])
def test_sizes_in_product(numbers: list[float], dims: dict, expected: list[str] | None) -> None:
    assert sizes_in_product(numbers, dims) == expected


@pytest.mark.parametrize("request_text, product, expected", [
    ("Duct W x H x L: 40 x 30 x 500 mm", "40 x 30", True),
    ("section 40 x 30 mm, 1 m long", "40 x 30", True),
    ("channel 1 m x 0.1 m, 100 x 10 cells", "100 x 10", False),
    ("mesh 100 x 10", "100 x 10", False),
])
def test_written_with_a_length_unit(request_text: str, product: str, expected: bool) -> None:
    from tasks.edit.parametric_geo_sizes import written_with_a_length_unit
    assert written_with_a_length_unit(request_text, product) is expected
