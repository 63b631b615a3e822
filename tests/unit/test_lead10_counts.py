"""A number with no unit before an axis phrase is a cell count, never a size of the domain."""

import pytest

from tasks.geometry.text_lengths import named_lengths


@pytest.mark.parametrize("text", [
    "lid-driven cavity, 50 along x and 50 across, lid at 1 m/s",
    "a channel flow with 120 along the x axis and 30 in y",
    "box, 64 in the streamwise direction, 32 wall-normal",
])
def test_a_count_along_an_axis_is_no_length(text: str) -> None:
    assert "length" not in named_lengths(text)


@pytest.mark.parametrize(("text", "metres"), [
    ("a channel 2 m along x and 0.1 m high", 2.0),
    ("a duct 50 cm along the x axis", 0.5),
    ("a 3 m long pipe", 3.0),
])
def test_a_size_along_an_axis_keeps_its_unit(text: str, metres: float) -> None:
    assert named_lengths(text)["length"] == pytest.approx(metres)


# --- a tutorial's bare set-up lines are steps of its run ---------------------------------------
from tasks.knowledge.run_script import _bare_setup  # noqa: E402


@pytest.mark.parametrize(("line", "step"), [
    ("topoSet", True), ("setsToZones -noFlipMap", True), ("setFields", True),
    ("topoSet -dict system/topoSetDict.tier$index", False),  # a loop's variable: not this case's one step
    ("mapFields $1 -case $2 -sourceTime latestTime", False),
    ("foamDictionary -entry RAS.RASModel -set kEpsilon", False),  # post-processing / editing, not set-up
])
def test_bare_setup_lines(line: str, step: bool) -> None:
    assert _bare_setup(line.split()) is step
