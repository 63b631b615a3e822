"""How full a setFields-initialised domain is (tasks/plan/bind_setfields_fill.py): fractions and
levels in words, the interface box, and the planned setFieldsDict of real tutorials."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.plan.bind_setfields_fill import fill_statements, interface_box
from tasks.plan.stated import read_stated

TUTORIALS = Path(get_settings().tutorials_dir)


def _fills(text: str) -> list[tuple[str, float, str]]:
    low = text.lower()
    lengths = [(q, low.find(q.text.lower())) for q in read_stated(text)]
    return [(f.kind, round(f.value, 6), f.side) for f in fill_statements(text, lengths)]


@pytest.mark.parametrize("text, expected", [
    ("a tank whose bottom third is filled with oil", ("fraction", 0.333333, "bottom")),
    ("the tank is half-full of water", ("fraction", 0.5, "bottom")),
    ("Initially 25 % full (water), the rest air", ("fraction", 0.25, "bottom")),
    ("the left quarter of the box holds brine", ("fraction", 0.25, "left")),
    ("filled halfway with liquid", ("fraction", 0.5, "bottom")),
    ("liquid depth: 0.12 m", ("depth", 0.12, "bottom")),
    ("water filled to a height of 45 cm", ("depth", 0.45, "bottom")),
    ("a pool 8 cm deep at the bottom", ("depth", 0.08, "bottom")),
    ("sand bed of 0.2 m", ("depth", 0.2, "bottom")),
    ("the interface (free surface) at z = 0.25 m", ("level", 0.25, "bottom")),
    ("the lowest 4 inches contain water", ("depth", 0.1016, "bottom")),
])
def test_fill_statements_read_the_level(text: str, expected: tuple[str, float, str]) -> None:
    assert _fills(text)[:1] == [expected]


@pytest.mark.parametrize("text", [
    "a water column 10 cm wide",                      # a width, not a level
    "bubble of 2 cm diameter in the water",           # a size
    "cells 5 mm in height, water everywhere",         # a cell size
    "the lower half of the domain at 300 K",          # no fill words
    "inlet 0.3 m/s, outlet at the bottom",            # no length
])
def test_fill_statements_leave_other_lengths(text: str) -> None:
    assert _fills(text) == []


_A = "fieldValues ( volScalarFieldValue alpha.water 1 );"
_TWO_BOXES = f"( boxToCell {{ box (0 0 -1) (1 0.5 1); {_A} }} boxToCell {{ box (0 0 -1) (0.2 2 1); {_A} }} )"


@pytest.mark.parametrize("raw, axis, found", [
    (f"( boxToCell {{ box (0 0 -0.1) (0.15 0.701 0.1); {_A} }} )", 1, [0.0, 0.0, -0.1]),  # touches the floor
    (f"( sphereToCell {{ origin (0.5 0.5 0.5); radius 0.1; {_A} }} boxToCell {{ box (-10 1 -1) (10 10 1); {_A} }} )",
     1, [-10.0, 1.0, -1.0]),                                                         # gas above, touches the top
    (f"( boxToCell {{ box (-1 -1 -1) (2 3 2); {_A} }} )", 1, None),                  # the whole domain
    (_TWO_BOXES, 1, [0.0, 0.0, -1.0]),                                              # the column spans the height
    ("( boxToCell { box (0.4 -1 0.4) (0.6 0.01 0.6); fieldValues ( volScalarFieldValue T 600 ); } )", 1, None),
])
def test_interface_box(raw: str, axis: int, found: list[float] | None) -> None:
    box = interface_box(raw, axis, 0.0, 2.0)
    assert (box[1] if box else None) == found


def _regions(text: str) -> str:
    from tasks.plan.architect import plan

    m = plan(text, TUTORIALS)
    return next(str(e.value) for e in reversed(m.edits) if e.file == "system/setFieldsDict" and e.entry == ["regions"])


@pytest.mark.parametrize("text, box", [
    ("twoPhaseEulerFoam laminar bubbleColumnIATE; the column is a third full of water at the start",
     "box (0 0 -0.1) (0.15 0.3333333333 0.1)"),
    ("reactingTwoPhaseEulerFoam laminar bubbleColumnIATE with the water level at 40 cm", "(0.15 0.4 0.1)"),
    ("RAS fluidisedBed (reactingTwoPhaseEulerFoam): particles settle in the bottom 0.25 m initially",
     "box (0 0 -0.1) (0.15 0.25 0.1)"),
])
def test_planned_fill_level(text: str, box: str) -> None:
    assert box in _regions(text)
