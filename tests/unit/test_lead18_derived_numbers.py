"""Numbers that are not what their neighbours make them look like: "expansion ratio 2 step" is a
ratio, no count of time steps; a Reynolds number stated beside the lid speed, the length and the
viscosity it follows from is carried by them (never derived again from the tutorial's viscosity);
a gravity said with its direction ("pointing in -z") points that way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.foam import dictionary as fd
from tasks.plan.architect import plan
from tasks.plan.extract import quantities

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")


@pytest.mark.parametrize("text, counts", [
    ("Expansion ratio 2 step in a 10 cm wide channel; three hundred iterations", [300.0]),
    ("backward step, expansion ratio (H/h) 2 step, 500 steps", [500.0]),
    ("aspect ratio of 3 step flow, 10 time steps", [10.0]),
    ("run 20 steps", [20.0]),
])
def test_a_ratio_before_step_is_no_count_of_steps(text: str, counts: list[float]) -> None:
    assert [q.value for q in quantities(text) if q.kind == "iterations"] == counts


def _edit(manifest, file: str, entry: list[str]) -> str:
    return next(e.value for e in reversed(manifest.edits) if e.file == file and e.entry == entry)


@pytest.mark.parametrize("text", [
    "icoFoam cavity: lid velocity 1 m/s, edge 0.1 m, nu 0.001 m2/s, Re = 100",
    "lid-driven cavity (icoFoam), Re 100: the lid moves at 1 m/s, the cavity is 0.1 m wide, nu = 1e-3 m^2/s",
    "cavity icoFoam with a lid speed of 100 cm/s, side 10 cm, kinematic viscosity 10 cm^2/s (so Re = 100)",
])
def test_a_reynolds_number_with_its_ingredients_keeps_them(text: str) -> None:
    manifest = plan(text, TUTORIALS)
    lid = [e.value for e in manifest.edits if e.file == "0/U" and "movingWall" in e.entry]
    assert lid and all("(1 0 0)" in str(v) for v in lid), lid
    assert not manifest.not_applied, manifest.not_applied
    assert any(b.stated.lower().startswith("re") for b in manifest.bindings)


@pytest.mark.parametrize("text, vector", [
    ("interFoam damBreak, gravity 9.81 m/s2 pointing in -z", "(0 0 -9.81)"),
    ("damBreak with interFoam; g = 9.81 m/s^2 along negative x", "(-9.81 0 0)"),
    ("interFoam damBreak with g = 3.71 m/s2 (Mars)", "(0 -3.71 0)"),
    ("damBreak interFoam, gravity 9.81 m/s^2 downward", "(0 -9.81 0)"),
])
def test_gravity_points_where_the_request_says(text: str, vector: str) -> None:
    manifest = plan(text, TUTORIALS)
    assert " ".join(_edit(manifest, "constant/g", ["value"]).split()) == vector


@pytest.mark.parametrize("text, first, second", [
    ("two inlets: fuel comes in from the left at 0.15 m/s and the air from the right at 0.2 m/s", 1.0, -1.0),
    ("left inlet 2 m/s in +x while the right one blows 3 m/s in -x", 1.0, -1.0),
    ("from the left at 1 m/s and from the right at 1 m/s", 1.0, -1.0),
])
def test_a_direction_belongs_to_its_own_value(text: str, first: float, second: float) -> None:
    from tasks.plan.values_directions import said_direction, words_after, words_before

    low = text.lower()
    signs = []
    for m in re.finditer(r"\d+(?:\.\d+)?\s*m/s", low):
        said = said_direction(words_after(low, m.end()), None) or said_direction(words_before(low, m.start()), None)
        signs.append(said.vector[0] if said and said.vector else None)
    assert signs == [first, second]


@pytest.mark.parametrize("text", [
    "rhoPimpleFoam annularThermalMixer, inner inlet 0.3 m/s at 253.15 K, outer inlet 0.15 m/s at 303.15 K, endTime 0.01 s",
    "annular thermal mixer (rhoPimpleFoam): inner stream -20 degC, outer stream 30 degC, run 0.01 s",
])
def test_values_a_tagged_include_holds_are_written_there(text: str) -> None:
    """`#include "<constant>/caseSettings"`: the tagged include is found like a relative one, so the
    inlet temperatures go where the fields read them ($:innerInlet.T), not over the reference."""
    manifest = plan(text, TUTORIALS)
    homes = {b.stated: (b.file, b.entry) for b in manifest.bindings if b.stated.endswith(("K", "degC"))}
    assert homes and all(f == "constant/caseSettings" and e[-1] == "T" for f, e in homes.values()), homes
    assert not manifest.not_applied
