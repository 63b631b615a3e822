"""A power inside a unit is no low end of a range: "6 W/(m^2 K) to 10 degC" states a heat
transfer coefficient and a temperature, not a temperature range from 2."""

import pytest

from tasks.plan.stated import read_stated


@pytest.mark.parametrize("text, kinds", [
    ("walls lose heat with 6 W/(m^2 K) to 10 degC ambient", {"heat_transfer_coefficient", "temperature"}),
    ("a flux of 500 W/m^2 to the 20 degC plate", {"heat_flux", "temperature"}),
    ("gravity 9.81 m/s^2 to the 300 K floor", {"gravity", "temperature"}),
])
def test_a_power_in_a_unit_starts_no_range(text: str, kinds: set[str]) -> None:
    stated = read_stated(text)
    assert {q.quantity for q in stated} == kinds
    assert all(q.role != "range" for q in stated)


@pytest.mark.parametrize("text", ["inlet between 2 and 3 m/s", "2 to 3 m/s at the inlet", "290-310 K walls"])
def test_ranges_stay_ranges(text: str) -> None:
    assert [q.role for q in read_stated(text)] == ["range"]


@pytest.mark.parametrize("text, value", [
    ("5 pounds of sand", 2.26796185), ("inject 0.2 kg of particles", 0.2), ("200 g of catalyst", 0.2),
    ("3 tonnes of ore", 3000.0),
])
def test_a_mass_is_a_stated_quantity(text: str, value: float) -> None:
    assert [(q.quantity, pytest.approx(q.value)) for q in read_stated(text)] == [("mass", value)]


@pytest.mark.parametrize("text", ["iterations: 2500\nt_end 3", "2500 t"])
def test_a_lone_t_is_no_mass(text: str) -> None:
    assert all(q.quantity != "mass" for q in read_stated(text))


@pytest.mark.parametrize("text, kept", [
    ("water instead of air at 2 m/s", ["2 m/s"]),
    ("oil rather than water with 3 m/s at the inlet", ["3 m/s"]),
    ("Mach 2.5 instead of Mach 3", ["Mach 2.5"]),
    ("50 m3/s instead of 75", ["50 m3/s"]),
])
def test_a_value_after_the_replaced_thing_is_the_new_one(text: str, kept: list[str]) -> None:
    from tasks.plan.extract import quantities
    assert [q.text for q in quantities(text)] == kept
