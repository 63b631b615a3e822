"""Lead fixes of session 25 on `modify`: a fluid named only to keep it changes nothing."""
from __future__ import annotations

import pytest

from tests.unit.modify_cases import entry_of, modify_case, tutorial_case


@pytest.mark.parametrize("request_text, nu", [
    ("Lower the inlet to 4 m/s and run 30 iterations. Keep the air viscosity and the k-epsilon model.", "1.5e-05"),
    ("Inlet 4 m/s please; the air properties stay as they are.", "1.5e-05"),
    ("Use water instead of air and set the inlet to 4 m/s.", None),
])
def test_fluid_named_in_a_keep_sentence_is_kept(tmp_path, request_text, nu):
    case = tutorial_case(tmp_path, "incompressible/simpleFoam/squareBend")
    modify_case(case, request_text)
    written = entry_of(case, "constant/transportProperties", "nu").split()[-1]
    if nu is None:
        assert float(written) < 1.2e-6  # water's nu replaced the air's: a change asked for still lands
    else:
        assert written == nu
    assert "(4 0 0)" in entry_of(case, "0/U", "boundaryField", "inlet", "value")
