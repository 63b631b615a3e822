"""Session-8 leftovers: stated vectors in recipes, labelled values, one bound for two Courant
limits, scale words and ordinals, intensity symbols, cell sizes relative to the base."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.plan.controls import mesh_refinement
from tasks.plan.controls_relative import relative_sizes
from tasks.plan.extract import normalise
from tasks.plan.stated import read_stated
from tasks.plan.values_scales import ordinal_intervals, scaled_numbers

TUTORIALS = Path(get_settings().tutorials_dir)


def _roles(text: str) -> list[tuple[str, float]]:
    return [(q.role, round(q.value, 9)) for q in read_stated(text)]


def _entry(manifest, file: str, entry: list[str]) -> object:
    return next(e.value for e in manifest.edits if e.file == file and e.entry == entry)


# --- 1. recipes write the stated vector, not its size along their axis ---------------------

@pytest.mark.parametrize("text, file, entry, expected", [
    ("pitzDaily backward facing step with simpleFoam, inlet velocity (10 1 0) m/s",
     "0/U", ["boundaryField", "inlet", "value"], "uniform (10 1 0)"),
    ("backward-facing step (pitzDaily): u = 10 m/s, v = 1 m/s at the inlet",
     "0/U", ["boundaryField", "inlet", "value"], "uniform (10 1 0)"),
    ("pitzDaily with pimpleFoam; at the inflow Ux = 36 km/h and Uy = -3.6 km/h",
     "0/U", ["boundaryField", "inlet", "value"], "uniform (10 -1 0)"),
    ("lid-driven cavity, the lid moves with Ux = 2 m/s and Uy = 0.5 m/s",
     "0/U", ["boundaryField", "movingWall"], {"type": "fixedValue", "value": "uniform (2 0.5 0)"}),
    ("cavity flow (icoFoam) whose lid slides at [1, 0, 0.2] m/s",
     "0/U", ["boundaryField", "movingWall"], {"type": "fixedValue", "value": "uniform (1 0 0.2)"}),
])
def test_recipes_write_the_stated_vector(text: str, file: str, entry: list[str], expected: object) -> None:
    from tasks.plan.architect import plan

    assert _entry(plan(text, TUTORIALS), file, entry) == expected


def test_recipes_keep_their_axis_for_a_speed() -> None:
    from tasks.plan.architect import plan

    manifest = plan("pitzDaily simpleFoam, inlet velocity 15 m/s", TUTORIALS)
    assert _entry(manifest, "0/U", ["boundaryField", "inlet", "value"]) == "uniform (15 0 0)"


# --- 2. a label names its value's role ----------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("pimpleFoam pitzDaily\n- end: 1 s\n- output: every 0.1 s", [("end_time", 1.0), ("write_interval", 0.1)]),
    ("End time: 2 s. Write interval: 0.5 s", [("end_time", 2.0), ("write_interval", 0.5)]),
    ("one snapshot per 2 s, run until 20 s", [("write_interval", 2.0), ("end_time", 20.0)]),
    ("a snapshot each 10 ms over 1 s", [("write_interval", 0.01), ("end_time", 1.0)]),
    ("pisoFoam: store fields each 0.5 s, 10 s in total", [("write_interval", 0.5), ("end_time", 10.0)]),
    ("record a frame per 0.02 s; end 1 s", [("write_interval", 0.02), ("end_time", 1.0)]),
    ("interFoam, save each 0.05 s, finish 2 s", [("write_interval", 0.05), ("end_time", 2.0)]),
    ("write: 0.1 s | halt: 3 s", [("write_interval", 0.1), ("end_time", 3.0)]),
    ("simpleFoam pitzDaily. Iterations: 200 total.", [("end_time", 200.0)]),
    ("simpleFoam pitzDaily\n- Iterations: 200", [("end_time", 200.0)]),
    ("simpleFoam, stop: 1500 iterations", [("end_time", 1500.0)]),
    ("simpleFoam, iteration count: 300, write every 100 iterations", [("end_time", 300.0), ("write_interval", 100.0)]),
    ("iterations - 800", [("end_time", 800.0)]),
    ("Time steps: 4000, pisoFoam", [("end_time", 4000.0)]),
    ("end: 600 iterations, output: every 50 iterations", [("end_time", 600.0), ("write_interval", 50.0)]),
    # a bullet list put on one line (the request's lines joined)
    ("damBreak4phase with multiphaseInterFoam - end: 1 s - output: every 0.1 s", [("end_time", 1.0), ("write_interval", 0.1)]),
    ("pimpleFoam * duration 3 s * save every 0.2 s", [("end_time", 3.0), ("write_interval", 0.2)]),
    ("simpleFoam – stop: 800 iterations – write: every 100 iterations", [("end_time", 800.0), ("write_interval", 100.0)]),
    ("pitzDaily • end time 2 s • write 0.5 s", [("end_time", 2.0), ("write_interval", 0.5)]),
])
def test_labelled_values_take_the_label_role(text: str, expected: list[tuple[str, float]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("output each fifth iteration, simpleFoam 500 iterations", [("write_interval", 5.0), ("end_time", 500.0)]),
    ("write every 50 iterations; simpleFoam 2000 iterations", [("write_interval", 50.0), ("end_time", 2000.0)]),
    ("save 0.5 s apart, icoFoam 10 s", [("write_interval", 0.5), ("end_time", 10.0)]),
    ("dump fields every 20 ms; interFoam, 3 s", [("write_interval", 0.02), ("end_time", 3.0)]),
    ("mixer in a single rotating frame: 25 revolutions per second, steady, 100 iterations",
     [("angular_velocity", 157.079632679), ("end_time", 100.0)]),
    ("MRF in a rotating reference frame, 300 rpm, 500 iterations", [("angular_velocity", 31.415926536), ("end_time", 500.0)]),
])
def test_role_words_before_an_earlier_value_are_its_own(text: str, expected: list[tuple[str, float]]) -> None:
    """The words before an earlier value of the same kind name that value, not a later bare one."""
    assert _roles(text) == expected


# --- 3. one bound for two Courant limits --------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("interFoam damBreak, Co and alphaCo 0.25 at most", 0.25),
    ("interFoam: neither the Courant number nor the interface Courant number exceeds 0.5", 0.5),
    ("maxCo and maxAlphaCo both 0.5", 0.5),
    ("keep both Courant numbers (flow and interface) under 0.3, interFoam", 0.3),
    ("the flow and interface Courant numbers must stay below 0.4", 0.4),
    ("a limit of 0.5 on both maxCo and maxAlphaCo", 0.5),
    ("interIsoFoam wave tank; CFL and interface CFL should not exceed 0.2", 0.2),
    ("the Courant and alpha Courant numbers 0.75 max, multiphaseInterFoam", 0.75),
])
def test_one_bound_for_both_courant_limits(text: str, value: float) -> None:
    stated = read_stated(text)
    co = [q.value for q in stated if q.role in ("max_co", "control:maxCo")]
    alpha = [q.value for q in stated if q.role == "control:maxAlphaCo"]
    assert co == [value] and alpha == [value]


def test_two_plain_courant_names_are_one_limit() -> None:
    assert not any(q.role == "control:maxAlphaCo" for q in read_stated("Co and CFL both 0.5"))


# --- 4. scale words and ordinals ------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("run 4 thousand iterations", "run 4000 iterations"),
    ("3 million cells", "3000000 cells"),
    ("2.5 million cells", "2500000 cells"),
    ("half a million cells", "500000 cells"),
    ("a quarter of a million cells", "250000 cells"),
    ("1.2 thousand iterations", "1200 iterations"),
    ("7 hundred time steps", "700 time steps"),
])
def test_scaled_numbers(text: str, expected: str) -> None:
    assert scaled_numbers(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("write every twentieth time step", "write every 20 time step"),
    ("output each fifth iteration", "output each 5 iteration"),
    ("every 10th iteration", "every 10 iteration"),
    ("every second time step", "every 2 time step"),
    ("every twenty-fifth iteration", "every 25 iteration"),
    ("every 3rd step", "every 3 step"),
    ("write every second", "write every second"),  # a time, not an ordinal
    ("the fifth of the tank", "the fifth of the tank"),
])
def test_ordinal_intervals(text: str, expected: str) -> None:
    assert ordinal_intervals(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("simpleFoam, run 4 thousand iterations", [("end_time", 4000.0)]),
    ("write every twentieth time step, pisoFoam for 1 s", [("write_interval", 20.0), ("end_time", 1.0)]),
    ("every 10th iteration write results", [("write_interval", 10.0)]),
    ("simpleFoam for two thousand iterations, output every fiftieth iteration",
     [("end_time", 2000.0), ("write_interval", 50.0)]),
])
def test_scale_and_ordinal_roles(text: str, expected: list[tuple[str, float]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text, cells", [
    ("pitzDaily with 3 million cells", 3e6), ("a mesh of 2.5 million cells", 2.5e6),
    ("half a million cells, simpleFoam", 5e5),
])
def test_scaled_cell_counts(text: str, cells: float) -> None:
    assert [q.value for q in read_stated(text) if q.role.startswith("mesh_cells")] == [cells]


# --- 5. intensity symbols -----------------------------------------------------------------

@pytest.mark.parametrize("text, role", [
    ("pitzDaily simpleFoam, inlet 10 m/s, Tu 10 %", "turbulence_intensity"),
    ("inlet turbulence: Tu = 5%, U = 20 m/s", "turbulence_intensity"),
    ("simpleFoam airfoil, freestream 30 m/s with I = 5 %", "turbulence_intensity"),
    ("Tu=2% at the inlet, kOmegaSST", "turbulence_intensity"),
    ("TI 8 % on the inflow, pimpleFoam", "turbulence_intensity"),
    ("the inflow has I of 1%", "turbulence_intensity"),
    ("I = 40 % of the tank is water, interFoam", "fill_fraction"),
    ("damBreak with the water filling 25 %", "fill_fraction"),
])
def test_intensity_symbols(text: str, role: str) -> None:
    assert [q.role for q in read_stated(text) if q.quantity == "fraction"] == [role]


# --- 6. cell sizes relative to the base's ---------------------------------------------------

@pytest.mark.parametrize("text, factor", [
    ("cells half the tutorial's size", 2.0),
    ("cells a third of the current size", 3.0),
    ("a mesh twice as coarse", 0.5),
    ("cell size one third of the base case", 3.0),
    ("cells 50 % of the original size", 2.0),
    ("cells at a quarter of the default size", 4.0),
    ("cells twice the size of the tutorial ones", 0.5),
    ("cells two-thirds the size of the base mesh", 1.5),
    ("grid spacing 1/3 of the tutorial", 3.0),
    ("elements a quarter as large", 4.0),
    ("cell size: 25 % of the current", 4.0),
])
def test_relative_cell_size(text: str, factor: float) -> None:
    got = mesh_refinement(text)
    assert got is not None and got[0] == pytest.approx(factor)


@pytest.mark.parametrize("text", ["cells of 2 mm, half the domain is water", "cells 2 mm wide", "the base case size"])
def test_no_relative_cell_size(text: str) -> None:
    assert relative_sizes(normalise(text)) == []


@pytest.mark.parametrize("text, blocks", [
    ("icoFoam cavity with cells 50 % of the original size", "(40 40 1)"),
    ("lid-driven cavity, cells a quarter of the tutorial's size", "(80 80 1)"),
    ("pisoFoam cavity; cells twice the size of the base case", "(10 10 1)"),
])
def test_relative_cell_size_plans_the_mesh(text: str, blocks: str) -> None:
    from tasks.plan.architect import plan

    manifest = plan(text, TUTORIALS)
    assert blocks in str(_entry(manifest, "system/blockMeshDict", ["blocks"]))
    assert not manifest.not_applied


@pytest.mark.parametrize("text, places", [
    ("the backward-facing step with the flow entering slightly upwards, u = 12 m/s and v = 0.5 m/s, and run", ["inlet"]),
    ("air is blown in through the duct, tilted; Ux = 3 m/s, Uy = 1 m/s", []),  # another sentence: no place
    ("inflow from the left, gently rising, (5 1 0) m/s", ["inlet"]),
    ("water enters sideways, as it turns, 2 m/s in x and 1 m/s in z", ["inlet"]),
])
def test_vector_place_from_its_sentence(text: str, places: list[str]) -> None:
    """A velocity vector whose own clause names no place takes the place its sentence names."""
    from tasks.plan.fields import find_field_values

    got = find_field_values(text, ["U", "p"], ["inlet", "outlet", "walls"], {"U": [0, 1, -1, 0, 0, 0, 0]})
    assert [f.places for f in got if f.vector is not None] == [places]
