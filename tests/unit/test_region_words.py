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


@pytest.mark.parametrize(("text", "expected"), [
    # a place named after both values is shared by them
    ("Transonic solver shock tube: 1.5 bar and 76.85 degC on the left, 0.15 bar and 6.85 degC on the right, "
     "sonicFoam, run until t = 0.004 s.",
     {"1.5 bar": ["defaultFieldValues"], "0.15 bar": ["regions"]}),
    # a region named before a pair of values holds both
    ("shock tube with sonicFoam: the high-pressure region (x < 0) at 150 kPa and 350 K, the low-pressure region "
     "at 15 kPa and 280 K, 4 ms",
     {"150 kPa": ["defaultFieldValues"], "15 kPa": ["regions"]}),
])
def test_place_words_shared_by_a_pair_of_values(text: str, expected: dict[str, list[str]]) -> None:
    m = plan(text, TUTORIALS)
    by_value = {b.stated: b.entry for b in m.bindings if b.file == "system/setFieldsDict" and " p " in f" {b.value} "}
    assert by_value == expected
    assert not m.not_applied
