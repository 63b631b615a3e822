"""Session 10, values: a rotation speed written in a unit of frequency is an angular velocity."""

from __future__ import annotations

import math

import pytest

from tasks.plan.extract import quantities


def _kinds(text: str) -> list[tuple[str, float]]:
    return [(q.kind, q.value) for q in quantities(text) if q.kind in ("frequency", "angular_velocity")]


@pytest.mark.parametrize("text, value", [
    ("rotor at 500 min^-1", 500 * 2 * math.pi / 60),
    ("the impeller turns at 25 Hz", 25 * 2 * math.pi),
    ("stirrer speed 1500 min⁻¹, water", 1500 * 2 * math.pi / 60),
    ("a propeller spinning at 12 hertz", 12 * 2 * math.pi),
    ("the MRF zone rotates with 10 s^-1", 10.0),  # OpenFOAM's omega dimension: rad/s
    ("fan blades at 20 1/s", 20.0),
])
def test_a_turning_frequency_is_an_angular_velocity(text: str, value: float) -> None:
    assert _kinds(text) == [("angular_velocity", pytest.approx(value, rel=1e-9))]


@pytest.mark.parametrize("text, value", [
    ("the plate oscillates at 5 Hz", 5.0),
    ("a rotating wall that oscillates at 2 Hz", 2.0),
    ("inlet velocity pulsating with 2 Hz", 2.0),
    ("vortex shedding near 12 Hz behind the cylinder", 12.0),
])
def test_other_frequencies_stay(text: str, value: float) -> None:
    assert _kinds(text) == [("frequency", pytest.approx(value))]
