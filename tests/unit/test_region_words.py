"""Each value of a setFields-initialised domain takes the side words of its own clause: in "1 bar
on the right and 10 bar on the left" the second value is not on the right."""

from __future__ import annotations

import pytest

from tasks.plan.architect import plan
from tests.conftest import TUTORIALS


@pytest.mark.parametrize("text", [
    "Shock tube with 1 bar on the right and 10 bar on the left, 300 K everywhere, rhoCentralFoam, 5 ms.",
    "rhoCentralFoam shock tube: right half at 1 bar while the left half is at 10 bar, T 300 K, 5 ms",
])
def test_each_value_takes_its_own_side(text: str) -> None:
    m = plan(text, TUTORIALS)
    by_value = {b.stated: b.entry for b in m.bindings if b.file == "system/setFieldsDict" and "p " in b.value}
    assert by_value == {"1 bar": ["regions"], "10 bar": ["defaultFieldValues"]}  # the box is x > 0
    assert not m.not_applied


@pytest.mark.parametrize("text", [
    "Hot room of 20 degC air with a heater at 60 degC, buoyantBoussinesqSimpleFoam, 2000 iterations.",
    "buoyantBoussinesqSimpleFoam hot room: heater 60 degC, 20 degC air, 2000 iterations",
])
def test_a_temperature_before_a_fluid_is_the_fluids(text: str) -> None:
    m = plan(text, TUTORIALS)
    by_value = {b.stated: b.entry for b in m.bindings if b.file == "system/setFieldsDict" and " T " in f" {b.value} "}
    assert by_value == {"20 degC": ["defaultFieldValues"], "60 degC": ["regions"]}
    assert not m.not_applied
