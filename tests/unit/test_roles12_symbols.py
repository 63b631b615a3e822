"""Session 12, roles: a field's symbol with its place as a subscript ("T_in", "p_outlet2", "T_0"), a
value heading its item ("3 m2/s2 = outlet2"), and a pointer clause naming a list's places in order
("1.1 and 1.05 bar, this is for the first and the second outlet")."""

from __future__ import annotations

import pytest

from tasks.plan.stated import read_stated
from tasks.plan.stated_symbols import symbol_places


def _roles(text: str) -> list[tuple[str, float]]:
    return [(q.role, q.value) for q in read_stated(text)]


def _places(text: str) -> list[tuple[str, str | None]]:
    return [(q.role, q.place) for q in read_stated(text)]


@pytest.mark.parametrize("text, expected", [
    ("T_in 300 K", "inlet T 300 K"),
    ("p_{outlet2} = 2", "outlet2 p = 2"),
    ("U_inf=10 m/s", "free stream U=10 m/s"),
    ("t_heater 340 k", "heater t 340 k"),
    ("T_0 290 K", "initial T 290 K"),
    # a field's own name, a number or a component stays
    ("p_rgh 0", "p_rgh 0"), ("T_1 3 K", "T_1 3 K"), ("U_x 2 m/s", "U_x 2 m/s"), ("$U_in", "$U_in"),
])
def test_symbol_places(text: str, expected: str) -> None:
    assert symbol_places(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("T_w=350 K, U_inf 5 m/s", [("wall_temperature", 350.0), ("inlet_velocity", 5.0)]),
    ("T_0 = 15 degC and T_in = 25 degC", [("initial_temperature", 288.15), ("inlet_temperature", 298.15)]),
    ("p_exit 0.9 bar, p_in 1.2 bar", [("outlet_pressure", 90000.0), ("inlet_pressure", 120000.0)]),
    ("what if T_cold is 5 degC and T_hot 45 degC?", [("cold_wall_temperature", 278.15), ("hot_wall_temperature", 318.15)]),
    ("U_lid: 0.5 m/s", [("lid_velocity", 0.5)]),
])
def test_a_subscript_names_the_role(text: str, expected: list[tuple[str, float]]) -> None:
    assert _roles(text) == [(r, pytest.approx(v)) for r, v in expected]


@pytest.mark.parametrize("text, expected", [
    ("T-junction; 10 m2/s2 = outlet1, 3 m2/s2 = outlet2", [("outlet_pressure", "outlet1"), ("outlet_pressure", "outlet2")]),
    ("duct 1.1e5 Pa: outlet 310 K: inlet", [("outlet_pressure", "outlet"), ("inlet_temperature", "inlet")]),
    ("room\n- 30 degC -> floor\n- 15 degC -> ceiling", [("wall_temperature", "floor"), ("wall_temperature", "ceiling")]),
    ("2 psi: exit", [("outlet_pressure", "exit")]),
    # a key's value, not the head of its item: no place
    ("the inlet 2 m/s: outlet at 0 Pa", [("inlet_velocity", None), ("outlet_pressure", None)]),
])
def test_a_value_heading_its_item_has_the_label_as_its_place(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert _places(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("pressure 1.1 bar and 1.05 bar, this is for first outlet and second outlet in this order",
     [("outlet_pressure", "first outlet"), ("outlet_pressure", "second outlet")]),
    ("temperatures 300 K and 350 K, that's for the inlet and the walls",
     [("inlet_temperature", "inlet"), ("wall_temperature", "walls")]),
    ("2 and 1 bar - it is meant for outlet1 and outlet2 respectively",
     [("outlet_pressure", "outlet1"), ("outlet_pressure", "outlet2")]),
    ("40 degF and 90 degF, which goes to the cold and the hot plate",
     [("cold_wall_temperature", "cold plate"), ("hot_wall_temperature", "hot plate")]),
    ("central and side inlets at 600 and 500 K", [("inlet_temperature", "central inlets at"),
                                                  ("inlet_temperature", "side inlets at")]),
])
def test_a_pointer_names_the_places_of_a_list_in_order(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert _places(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("temprature in 320 K", [("inlet_temperature", 320.0)]),
    ("T in 290 K, T wall 340 K", [("inlet_temperature", 290.0), ("wall_temperature", 340.0)]),
    ("vel in: 3 m/s, press out=90 kPa", [("inlet_velocity", 3.0), ("outlet_pressure", 90000.0)]),
    ("pressure out -> 1 atm", [("outlet_pressure", 101325.0)]),
    ("stop in 5 s", [("end_time", 5.0)]),  # no field's word before "in"
])
def test_in_or_out_after_a_field_word_is_its_place(text: str, expected: list[tuple[str, float]]) -> None:
    assert _roles(text) == [(r, pytest.approx(v)) for r, v in expected]
