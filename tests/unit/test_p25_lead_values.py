"""Lead fixes of session 25 on stated values of geometry requests."""
from __future__ import annotations

import pytest

from tasks.edit.parametric import reynolds_length
from tasks.geometry.text import parse_geometry


@pytest.mark.parametrize("text, length", [
    ("a 10 cm x 10 cm lid-driven cavity with a 3 cm x 3 cm solid block in its centre; the lid moves at 20 cm/s; "
     "Reynolds number 200 based on the lid speed and the 10 cm side; icoFoam", 0.1),
    ("a 10 cm x 10 cm lid-driven cavity with a 3 cm x 3 cm solid block in its centre; Re 200 based on the 20 cm/s "
     "lid and the block side; icoFoam", 0.03),
    ("2D channel 1 m long and 0.1 m high with a square cylinder of side 2 cm centred at (0.3, 0.05); inlet 0.1 m/s; "
     "Re 100 based on the 20 mm cylinder; pimpleFoam", 0.02),
])
def test_reynolds_number_on_a_length_said_with_its_value(text, length):
    spec = parse_geometry(text)
    assert spec is not None
    assert reynolds_length(text, spec, 1.0)[0] == pytest.approx(length)
