"""A motion's rate written the everyday way ("2 pi rad/s", "one cycle per second", "once every 2 s")
is read as a number and a unit; the same words about output stay output."""

from __future__ import annotations

import pytest

from tasks.plan.bind_motion_rates import rate_forms
from tasks.plan.stated import read_stated


@pytest.mark.parametrize("text, expected", [
    ("omega = 2 pi rad/s", "omega = 6.283185307 rad/s"),
    ("omega 2π rad/s", "omega 6.283185307 rad/s"),
    ("2*pi rad/s", "6.283185307 rad/s"),
    ("pi/2 rad/s", "1.570796327 rad/s"),
    ("omega = pi", "omega = 3.141592654"),
    ("oscillate at one cycle per second", "oscillate at 1 Hz"),
    ("the box swings twice per second", "the box swings 2 Hz"),
    ("30 oscillations a minute", "0.5 Hz"),
    ("0.5 cycles/s", "0.5 Hz"),
    ("half a cycle per second", "0.5 Hz"),
    ("the tank rocks 12 times a minute", "the tank rocks 0.2 Hz"),
    ("the inlet moves up and down, once every 2 seconds", "the inlet moves up and down, with a period of 2 seconds"),
    ("the tank sways 10 degrees every 4 s", "the tank sways 10 degrees with a period of 4 s"),
])
def test_rates_are_written_out(text, expected):
    assert rate_forms(text) == expected


@pytest.mark.parametrize("text", [
    "write once per second",
    "write every 0.5 s",
    "the box oscillates, write results every 0.1 s",
    "a pi-shaped duct of 2 m",
    "period 2 s",
])
def test_other_words_stay(text):
    assert rate_forms(text) == text


@pytest.mark.parametrize("text, role, value", [
    ("make the inlet oscillate with 0.25 m amplitude at one cycle per second", "frequency", 1.0),
    ("the inlet moves up and down by 10 cm, once every 2 seconds", "period", 2.0),
    ("omega = 2 pi rad/s", "angular_velocity", 2 * 3.141592653589793),
    ("die Box schwingt mit 0.5 cycles per second, amplitude 5 cm", "frequency", 0.5),
])
def test_the_rate_is_stated(text, role, value):
    got = [q for q in read_stated(text) if q.role == role]
    assert len(got) == 1 and got[0].value == pytest.approx(value, rel=1e-6)
