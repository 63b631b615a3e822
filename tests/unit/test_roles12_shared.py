"""Session 12, roles: one value said for places of different roles is the value once for each place
("the inlet and the walls both at 320 K"); places of one role stay one value for the binder."""

from __future__ import annotations

import pytest

from tasks.plan.stated import read_stated


def _places(text: str) -> list[tuple[str, str | None]]:
    return [(q.role, q.place) for q in read_stated(text)]


@pytest.mark.parametrize("text, expected", [
    ("inlet and walls both at 320 K", [("inlet_temperature", "inlet"), ("wall_temperature", "walls")]),
    ("walls and inlet -> 45 degC", [("wall_temperature", "walls"), ("inlet_temperature", "inlet")]),
    ("set 80 degF for the inflow and the ceiling", [("inlet_temperature", "inflow"), ("wall_temperature", "ceiling")]),
    ("could the feed and the heated plate both be 350 K?", [("inlet_temperature", "feed"),
                                                           ("hot_wall_temperature", "heated plate")]),
    ("1 bar at both the outlet and the tank", [("outlet_pressure", "outlet"), ("ambient_pressure", "tank")]),
])
def test_one_value_for_places_of_different_roles(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert _places(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("the floor and the ceiling at 290 K", [("wall_temperature", None)]),  # one role: the binder sets both
    ("inlet and outlet at 1 and 0 bar", [("inlet_pressure", "inlet at"), ("outlet_pressure", "outlet at")]),
    ("air at 300 K and 1 atm", [("initial_temperature", None), ("ambient_pressure", None)]),
])
def test_one_place_or_one_role_stays_one_value(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert _places(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("T_in = T_wall = 320 K", [("inlet_temperature", "inlet t"), ("wall_temperature", "wall t")]),
    ("wall temp = inlet temp = 300 K", [("wall_temperature", "wall temp"), ("inlet_temperature", "inlet temp")]),
    ("squareBendLiq rhoPimpleFoam, inlet and walls both at 330 K",
     [("inlet_temperature", "inlet"), ("wall_temperature", "walls")]),  # not the case's name
    ("the ceiling, the floor and the air initially at 285.15 K",  # the whole list, each item its own
     [("wall_temperature", "ceiling"), ("wall_temperature", "floor"), ("initial_temperature", "air initially")]),
])
def test_places_chained_or_after_a_title_share_the_value(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert _places(text) == expected
