"""Session 20 "ranges": what the stated-value reader makes of the words of a drawn geometry: a half-round body is a
shape, not the fraction "a half"; a box's face at a temperature is a wall's; a weld bead on a floor is not a particle."""

from __future__ import annotations

import pytest

from tasks.plan.stated import read_stated


def _roles(text: str) -> dict[str, str]:
    return {q.text: q.role for q in read_stated(text)}


@pytest.mark.parametrize("text", [
    "a 2D channel with a half-round bump of radius 1 in on the floor",
    "a half-cylinder of radius 38.1 mm lying on the floor",
    "flow over a half-circular rib, 5 mm radius",
    "a semicircular hump, a half-disc in section",
])
def test_half_round_is_no_fraction(text: str) -> None:
    assert not [q for q in read_stated(text) if q.quantity == "fraction"]


def test_a_plain_fraction_is_still_read() -> None:
    assert [q.value for q in read_stated("the tank is a quarter full of water") if q.quantity == "fraction"] == [0.25]


@pytest.mark.parametrize(("text", "walls", "initial"), [
    ("3D box 0.3 m by 0.15 m by 0.06 m, the x = 0 face at 330 K and the x = 0.3 m face at 300 K, air initially at 310 K",
     ("330 K", "300 K"), "310 K"),
    ("Three-dimensional natural convection in a 20 cm x 20 cm x 8 cm air box: the x = 0 face at 323.15 K, the x = 20 cm "
     "face at 283.15 K, all other faces insulated", ("323.15 K", "283.15 K"), None),
    ("a cube of side 8 cm, its left face held at 45 degC and its right face at 15 degC; the air starts at 30 degC",
     ("45 degC", "15 degC"), "30 degC"),
])
def test_a_face_at_a_temperature_is_a_wall(text: str, walls: tuple[str, str], initial: str | None) -> None:
    roles = _roles(text)
    assert all(roles[w] in ("wall_temperature", "hot_wall_temperature", "cold_wall_temperature") for w in walls)
    if initial:
        assert roles[initial] == "initial_temperature"


def test_a_weld_bead_is_not_a_particle() -> None:
    roles = _roles("flow over a half-round weld bead on the floor of a flume. The flume is 30 inches long and 6 inches "
                   "high.")
    assert roles["30 inches"] == "geometry"
    assert _roles("glass beads of 2 mm diameter settle in water")["2 mm"] == "particle_diameter"
