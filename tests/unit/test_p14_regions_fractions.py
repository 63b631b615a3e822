"""The words and numbers the two phase-fraction readers share (tasks.plan.bind_parts_phase_words),
and the readers through them: initial fractions and fractions where a phase enters."""

from __future__ import annotations

import pytest

from tasks.plan.bind_parts_fractions import phase_fractions
from tasks.plan.bind_parts_inlet_fractions import inlet_fractions
from tasks.plan.bind_parts_phase_words import FRACTION_NUMBER, alpha_phases, phase_mentions, unit_after


@pytest.mark.parametrize("fields,phases", [
    (["alpha.water", "alpha.air", "alphat", "U", "p_rgh"], ["air", "water"]),
    (["alpha.phi", "alpha.sludge"], ["phi", "sludge"]),
    (["alphat", "T"], []),
])
def test_alpha_phases(fields: list[str], phases: list[str]) -> None:
    assert alpha_phases(fields) == phases


@pytest.mark.parametrize("words,number", [
    ("a volume fraction of 0.4.", "0.4"),      # a full stop is no decimal point
    ("25 % gas", "25 %"),
    ("loading 2e-3 by volume", "2e-3"),
    ("in 2d", None),                            # a number glued to letters is a name
])
def test_fraction_number(words: str, number: str | None) -> None:
    m = FRACTION_NUMBER.search(words)
    assert (m.group(0).strip() if m else None) == number


def test_unit_after_adds_a_reader_s_own_units() -> None:
    plain, more = unit_after(r"cells?"), unit_after(r"m/s")
    assert plain.match(" m") and plain.match(" cells") and not plain.match(" percent")
    assert more.match(" m3/s") is None and more.match(" m/s")


def test_phase_mentions_in_phase_order() -> None:
    assert phase_mentions("oil over water, then oil", ["water", "oil"]) == [(9, "water"), (0, "oil"), (21, "oil")]


@pytest.mark.parametrize("text,want", [
    ("Air enters at the inlet with a volume fraction of 0.4.", [("air", 0.4)]),
    ("The inlet gas fraction is 25 %. Run 10 s.", [("air", 0.25)]),
    ("Air is injected at the sparger with a hold-up of 35 percent.", [("air", 0.35)]),
])
def test_an_entering_fraction_at_a_sentence_end(text: str, want: list[tuple[str, float]]) -> None:
    assert [(f.phase, f.value) for f in inlet_fractions(text, ["air", "water"])] == want


@pytest.mark.parametrize("text,want", [
    ("60 % water, 20 % oil and 10 % mercury by volume", [("water", 0.6), ("oil", 0.2), ("mercury", 0.1)]),
    ("a gas hold-up of 10 %", [("air", 0.1)]),
    ("composition (vol-%): water 60, oil 20", [("water", 0.6), ("oil", 0.2)]),
])
def test_initial_fractions_unchanged(text: str, want: list[tuple[str, float]]) -> None:
    got = [(f.phase, f.value) for f in phase_fractions(text, ["air", "mercury", "oil", "water"])]
    assert sorted(got) == sorted(want)
