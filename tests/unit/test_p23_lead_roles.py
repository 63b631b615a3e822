"""Sizes of the vessel a particle word names ("bubble column 0.15 m wide"), values said for both phases, a stated
size that is the whole domain's (no region's), an LES named without a model on an LES base, inch fractions before a
size noun ("1/4 in cells"), and a body turned clockwise bound by the size of its turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.geometry.text_outlines import turned_obstacle
from tasks.plan.stated import read_stated

TUTORIALS = Path(get_settings().tutorials_dir)


@pytest.mark.parametrize("text, role", [
    ("the bubble column of 0.15 m width and 1 m height", "geometry"),
    ("a particle bed 0.3 m high", "geometry"),
    ("bubble column 0.2 m wide with bubbles of 3 mm", "geometry"),
    ("air bubbles of 3 mm", "particle_diameter"),
    ("particles of 0.2 mm in a tank", "particle_diameter"),
])
def test_a_particle_word_naming_a_vessel_leaves_its_size_the_vessel_s(text: str, role: str) -> None:
    assert read_stated(text)[0].role == role


@pytest.mark.parametrize("text, metres, role", [
    ("laminar pimpleFoam; 1/4 in cells; 60 s", 0.00635, "cell_size"),
    ("0.5 in square cells", 0.0127, "cell_size"),
    ("a 1 in slot", 0.0254, "geometry"),
])
def test_an_inch_fraction_before_a_size_noun_is_a_length(text: str, metres: float, role: str) -> None:
    q = read_stated(text)[0]
    assert q.quantity == "length" and q.value == pytest.approx(metres) and q.role == role


def test_a_fraction_of_the_tank_stays_a_fraction() -> None:
    assert read_stated("the lower 1/4 of the tank is water")[0].quantity == "fraction"


def test_a_turn_is_bound_by_its_size_whatever_its_sense() -> None:
    record = {"obstacles": [{"kind": "circle"}, {"kind": "polygon", "angle": -15.0}]}
    assert turned_obstacle(15.0, record) == ["obstacles", "1", "angle"]
    assert turned_obstacle(20.0, record) is None


def test_bubble_column_values_for_both_phases_the_fill_level_and_its_own_les_model() -> None:
    from tasks.plan.architect import plan

    manifest = plan("twoPhaseEulerFoam bubble column with LES turbulence (the 2D column of 0.15 m width and 1 m "
                    "height); both phases at 293 K; the water fills the column up to 0.6 m at the start; 2 s",
                    TUTORIALS)
    assert manifest.base_tutorial == "multiphase/twoPhaseEulerFoam/LES/bubbleColumn"
    assert manifest.turbulence.model != "Smagorinsky"  # the base's own LES model stays
    temperatures = {e.file for e in manifest.edits if e.file.endswith(("T.air", "T.water")) and e.entry == ["internalField"]}
    assert {Path(f).name for f in temperatures} == {"T.air", "T.water"}
    boxes = [e.value for e in manifest.edits if e.file == "system/setFieldsDict"]
    assert boxes and "0.6" in str(boxes[-1]) and "0.15 1 " not in str(boxes[-1])
    assert not manifest.not_applied


@pytest.mark.parametrize("text, kinds", [
    ("channel width W = 0.1 m; the inner wall radius W, the outer wall radius 2 W", ["length"]),
    ("D = 2 cm; a gap of 3 D between the cylinders; heater power 5 W", ["length", "power"]),
    ("a heater of 2 W in a box of width 0.1 m", ["power", "length"]),
])
def test_a_symbol_counted_after_a_size_noun_is_no_unit(text: str, kinds: list[str]) -> None:
    assert [q.quantity for q in read_stated(text)] == kinds
