"""Session-10 run-control and resolution classes: the iterations of a steady run named by its
algorithm ("2000 SIMPLE iterations"), a refinement said as a count of refinements ("refined
twice"), the reference length a Reynolds number's words name ("based on the step height"), a
Reynolds number without a speed on the pitzDaily and cavity recipes (U = Re nu / L), and values
written in words found where they stand in the request (spelled numbers)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.plan.bind_run_lengths import named_reference, step_height
from tasks.plan.controls import mesh_refinement, solver_controls
from tasks.plan.controls_refine import refinement_direction
from tasks.plan.extract import normalise
from tasks.plan.stated import read_stated

TUTORIALS = Path(get_settings().tutorials_dir)


def _plan(text: str):
    from tasks.plan.architect import plan

    return plan(text, TUTORIALS)


def _value(m, file: str, entry: list[str]) -> str:
    return str(next(e.value for e in reversed(m.edits) if e.file == file and e.entry == entry))


def _speed(value: str) -> float:
    return float(re.search(r"\(\s*([-+\d.eE]+)", value).group(1))


@pytest.mark.parametrize("text, n", [
    ("2000 SIMPLE iterations", 2000),
    ("the solution was obtained after 1500 steady-state iterations", 1500),
    ("SIMPLE iterations: 800", 800),
    ("number of pseudo-time iterations = 300", 300),
    ("The case was run for 2,500 SIMPLE iterations", 2500),
    ("a steady run of four hundred SIMPLEC iterations", 400),
])
def test_steady_iterations_by_algorithm(text: str, n: int) -> None:
    ends = [c.value for c in solver_controls(normalise(text)) if c.key == "endTime"]
    assert ends == [n]
    assert any(q.role == "control:endTime" and q.value == n for q in read_stated(text))


@pytest.mark.parametrize("text, key", [
    ("2 outer iterations per time step", "nOuterCorrectors"),
    ("3 PIMPLE iterations", None),  # a transient algorithm's iterations name no run length
    ("residuals below 1e-5 within 2000 iterations", None),  # a plain count: a quantity, not this control
])
def test_other_iterations_are_no_steady_run(text: str, key: str | None) -> None:
    keys = [c.key for c in solver_controls(normalise(text))]
    assert "endTime" not in keys
    assert key is None or key in keys


@pytest.mark.parametrize("text, factor, axes", [
    ("the tutorial grid refined twice", 2.0, None),
    ("a grid of 100 x 40 cells, coarsened twice", 0.5, None),
    ("the mesh was refined twice in y", 2.0, [1]),
    ("blocks refined 3 times along x", 3.0, [0]),
    ("the blocks with twice as many cells along each axis", 2.0, None),
    ("a grid refined twice along every coordinate axis", 2.0, None),
])
def test_refined_twice(text: str, factor: float, axes) -> None:
    found = mesh_refinement(text)
    assert found is not None and found[0] == factor
    assert refinement_direction(normalise(text), found[2] + len(found[1])) == axes


@pytest.mark.parametrize("text, group, name", [
    ("re = 5000 based on the step height, water", "re = 5000", "step"),
    ("reynolds number 20000, taken on the step", "reynolds number 20000", "step"),
    ("re 100 (lid length) and 0.5 s", "re 100", "lid"),
    ("re = 300 with respect to the inlet width", "re = 300", "inlet"),
    ("re = 200 defined on the channel height", "re = 200", "height"),
    ("re 50 on the cavity side; 40 x 40 cells", "re 50", "side"),
    ("re 500, inlet 2 m/s", "re 500", None),  # a list: the inlet is another value's
    ("re 500. the step is meshed finely", "re 500", None),  # another sentence
    ("pe = 500 based on the inlet speed", "pe = 500", None),  # a speed, not a length
    ("re = 800 based on the inlet velocity and the step height", "re = 800", "step"),
])
def test_named_reference(text: str, group: str, name: str | None) -> None:
    assert named_reference(text, text.index(group) + len(group)) == name


@pytest.mark.parametrize("domain, inlet, flat, step", [
    ([0.5, 0.1143, 0.01], [0.0, 0.1016, 0.01], {2}, 0.0127),  # backwardFacingStep2D
    ([0.3, 0.0508, 0.001], [0.0, 0.0254, 0.001], {2}, 0.0254),  # pitzDaily
    ([1.0, 0.2, 0.1], [0.0, 0.2, 0.1], set(), None),  # an inlet across the whole domain: no step
])
def test_step_height(domain, inlet, flat, step) -> None:
    got = step_height(domain, inlet, flat)
    assert (got is None and step is None) or got == pytest.approx(step)


@pytest.mark.parametrize("text, speed", [
    # backwardFacingStep2D: nu 1.56e-5, step 12.7 mm (its inlet is 101.6 mm high)
    ("simpleFoam backwardFacingStep2D at Re = 5000 based on the step height, 500 iterations", 5000 * 1.56e-5 / 0.0127),
    ("2-D backward-facing step (simpleFoam backwardFacingStep2D), Reynolds number twenty thousand taken on the "
     "step height (0.5 inch); 800 iterations", 20000 * 1.56e-5 / 0.0127),
    ("pisoFoam RAS cavity; Re: 2e4 (lid length 10 cm); end 1 s", 2e4 * 1e-5 / 0.1),
])
def test_reynolds_reference_length_named(text: str, speed: float) -> None:
    m = _plan(text)
    patch = "movingWall" if "cavity" in text else "inlet"
    assert _speed(_value(m, "0/U", ["boundaryField", patch, "value"])) == pytest.approx(speed, rel=1e-3)


@pytest.mark.parametrize("text, file, entry, speed", [
    ("pitzDaily simpleFoam, Re = 10^4 based on step height, 300 iterations", "0/U",
     ["boundaryField", "inlet", "value"], 1e4 * 1e-5 / 0.0254),
    ("the pitzDaily step with pimpleFoam at a Reynolds number of 5080, 0.05 s", "0/U",
     ["boundaryField", "inlet", "value"], 5080 * 1e-5 / 0.0254),
])
def test_recipe_speed_from_reynolds(text: str, file: str, entry: list[str], speed: float) -> None:
    m = _plan(text)
    assert _speed(_value(m, file, entry)) == pytest.approx(speed, rel=1e-3)
    assert any("Re nu / L" in a for a in m.assumptions)


@pytest.mark.parametrize("text, axis_counts", [
    ("pisoFoam RAS cavity: grid forty cells along x and forty across, end 1 s", (40, 40)),
    ("rhoPimpleFoam RAS cavity with thirty cells in x and twenty five in y", (30, 25)),
    ("icoFoam cavity, sixty cells along x, endTime 0.2 s", (60, 20)),
])
def test_spelled_counts_by_axis(text: str, axis_counts: tuple[int, int]) -> None:
    blocks = _value(_plan(text), "system/blockMeshDict", ["blocks"])
    assert re.search(rf"\(\s*{axis_counts[0]}\s+{axis_counts[1]}\s+1\s*\)", blocks), blocks


@pytest.mark.parametrize("low, count, axis", [
    ("grid 40 cells along x and 40 across, end 1 s", "40 across", 1),
    ("100 cells streamwise and 40 wall-normal", "40 wall-normal", 1),
    ("mesh: 30 in x, 12 spanwise", "12 spanwise", 2),
])
def test_count_with_its_own_direction_word(low: str, count: str, axis: int) -> None:
    from tasks.plan.controls_axis import count_axis

    at = low.index(count)
    assert count_axis(low, at, at + len(count), 1, [0.1, 0.1, 0.05], set()) == axis


@pytest.mark.parametrize("dims, old, new", [
    ([200, 50], (40, 1, 20), [200, 1, 50]),  # flat in y: x and z
    ([200, 50], (20, 20, 1), [200, 50, 1]),  # flat in z
    ([30, 60], (1, 20, 10), [1, 30, 60]),  # flat in x: y and z
    ([80, 40], (20, 20, 20), [80, 40, 20]),  # 3-D: x and y (the binder refuses two counts there)
])
def test_two_counts_on_the_resolved_directions(dims, old, new) -> None:
    from tasks.plan.bind_run import two_counts

    assert two_counts(dims, old) == new
