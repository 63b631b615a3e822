"""'one' as a pronoun stays a word; 'one' as a count or amount becomes 1 (tasks/plan/extract.normalise)."""
import pytest

from tasks.plan.extract import normalise


@pytest.mark.parametrize("text, kept", [
    ("the cold wall is at 280 K and the hot one at 310 K", "hot one at"),
    ("one of the walls is held at 300 K", "one of the walls"),
    ("the left inlet at 2 m/s, the other one at 3 m/s", "other one at"),
    ("each one is 5 cm wide", "each one is"),
    ("which one should be the outlet?", "which one should"),
    ("two plates: the upper one moves at 1 m/s", "upper one moves"),
    ("hot vertical wall on the left at 40 degC, cold one on the right at 20 degC", "cold one on"),
    ("a heated plate at 350 K and a cooler one at 290 K", "cooler one at"),
    ("two cylinders; inner one rotates at 10 rad/s", "inner one rotates"),
    ("left wall 330 K, right one 300 K", "right one 300"),
])
def test_one_as_a_pronoun_stays_a_word(text, kept):
    assert kept in normalise(text)


@pytest.mark.parametrize("text, said", [
    ("simulate one second", "1 second"),
    ("a mesh one cell thick", "1 cell thick"),
    ("one hundred and twenty iterations", "120 iterations"),
    ("the one-cell-thick slab", "1-cell"),
    ("one thousand steps", "1000 steps"),
    ("with one inlet and two outlets", "1 inlet"),
    ("inlet number one at 3 m/s", "number 1 at"),
    ("stop after one, then restart", "after 1,"),
    ("a wider one-metre channel", "1-metre"),
    ("twenty one cells across", "21 cells"),
])
def test_one_as_a_number_becomes_a_digit(text, said):
    assert said in normalise(text)
