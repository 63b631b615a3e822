"""Counts after their noun or with an axis letter, bare run lengths, and Reynolds/Peclet numbers on
a tutorial base (their reference length stated, documented by the base, or the inlet's / lid's
size from the base's blockMeshDict). Paraphrases other than the probes' (other solvers, units and
word orders)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tasks.plan.bind import bind_all
from tasks.plan.bind_run import bare_run_length
from tasks.plan.controls_axis import count_axis
from tasks.plan.controls_patch_extent import patch_extents, patch_size
from tasks.plan.extract import cell_counts, quantities
from tasks.plan.stated import based_on, read_stated

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _roles(text: str) -> list[tuple[str, float]]:
    return [(q.role, q.value) for q in read_stated(text)]


# --- counts after their noun, or with an axis letter ------------------------------------------
@pytest.mark.parametrize(
    "text,counts",
    [
        ("120 cells along the pipe and 30 across the 5 cm bore", [120, 30]),
        ("300 cells along the 3 m length and 60 over its height", [300, 60]),
        ("mesh: 90 (x), 45 (y), 10 (z)", [90, 45, 10]),
        ("resolution 70 in x and 35 in y", [70, 35]),
        ("use 16 in the z direction, 64 in x, 32 in y", [16, 64, 32]),
    ],
)
def test_counts_listed_with_their_directions_are_mesh_counts(text, counts):
    found = [(r, v) for r, v in _roles(text) if r.startswith("mesh_cells")]
    assert [v for _, v in found] == counts
    assert {r for r, _ in found} == {"mesh_cells_axis"}


@pytest.mark.parametrize(
    "text,counts",
    [
        ("mesh: 90 (x), 45 (y), 10 (z)", [[90, 45, 10]]),
        ("resolution 70 in x and 35 in y", [[70, 35]]),
        ("80 cells in y, 160 cells in x", [[160, 80]]),
        ("a 64 by 32 grid", [[64, 32]]),
        ("30 cells along x", []),  # one axis: no grid
        ("the wind blows at 5 in x", []),
    ],
)
def test_cell_counts_from_axis_letters(text, counts):
    assert cell_counts(text) == counts


@pytest.mark.parametrize(
    "text,kind,value",
    [
        ("a 3 in pipe", "length", 0.0762),
        ("a plate 4 in x 8 in", "length", 0.1016),
        ("12 in x", "count", 12.0),
        ("8 in z and 24 in y", "count", 8.0),
    ],
)
def test_in_before_an_axis_letter_is_no_inch(text, kind, value):
    q = quantities(text)[0]
    assert (q.kind, q.value) == (kind, pytest.approx(value))


@pytest.mark.parametrize(
    "text,start,end,axis",
    [("25 in z", 0, 7, 2), ("cells: 80 (y)", 7, 13, 1), ("60 along x", 0, 10, 0), ("40 x-direction", 0, 14, 0)],
)
def test_a_counts_own_axis_letter_names_its_direction(text, start, end, axis):
    assert count_axis(text, start, end) == axis


def test_a_number_of_the_time_steps_just_named():
    assert ("end_time", 300.0) in _roles("0.5 ms steps, three hundred of them")
    assert ("end_time", 40.0) in _roles("time step 1e-3 s and 40 of them")


# --- run lengths without a unit -------------------------------------------------------------
@pytest.mark.parametrize(
    "text,value",
    [
        ("stop at 12", 12.0), ("run it to 1.5", 1.5), ("simulate up to 40", 40.0), ("end 0.25", 0.25),
        ("halting at 3", 3.0), ("Run until 0.8, please", 0.8), ("stopping at 2000", 2000.0),
    ],
)
def test_bare_run_lengths_are_end_times(text, value):
    assert ("end_time", value) in _roles(text)


@pytest.mark.parametrize("text", ["run 4 cores", "run 2 in parallel", "run 20 x 20 cells", "the end 2 mm wide"])
def test_no_run_length_where_a_unit_or_count_follows(text):
    assert not any(r == "end_time" for r, _ in _roles(text))


@pytest.mark.parametrize("text,bare", [("stop at 5", True), ("t = 2", True), ("run 3 s", False),
                                      ("500 iterations", False), ("stop at 5.", True)])
def test_bare_run_length(text, bare):
    assert bare_run_length(text) is bare


# --- the length a Reynolds or Peclet number is based on -----------------------------------------
@pytest.mark.parametrize(
    "between,based",
    [
        (" based on the ", True),
        (" with a ", True),
        (" (D = ", True),
        (" with the 10 m/s inflow and the ", True),
        ("; the box is ", False),
        (", channel ", False),
    ],
)
def test_the_words_that_make_a_length_a_groups_reference(between, based):
    assert based_on(between) is based


_BMD = """
convertToMeters 0.01;
vertices ((0 0 0) (10 0 0) (10 2 0) (0 2 0) (0 0 1) (10 0 1) (10 2 1) (0 2 1));
blocks (hex (0 1 2 3 4 5 6 7) (50 10 1) simpleGrading (1 1 1));
boundary
(
    inlet { type patch; faces ((0 4 7 3)); }
    outlet { type patch; faces ((1 2 6 5)); }
);
"""


def test_patch_extents_from_faces():
    assert patch_extents(_BMD, "inlet") == pytest.approx([0.0, 0.02, 0.01])
    assert patch_size(_BMD, "inlet", {2}) == pytest.approx(0.02)
    assert patch_size(_BMD, "nowhere", {2}) is None


def test_a_groups_length_keeps_its_geometry_role():
    roles = {q.text: q.role for q in read_stated("Re = 50 based on the 10 cm block side, channel 200 cm by 40 cm")}
    assert roles["10 cm"] == "geometry" and roles["200 cm"] == "geometry"


def _edit_value(binder, file: str, entry: list[str]) -> float:
    value = next(e.value for e in reversed(binder.edits) if e.file == file and e.entry == entry)
    return float(re.findall(r"[-+]?\d+\.?\d*(?:[eE][-+]?\d+)?", str(value))[0])


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,file,entry,value",
    [
        # no speed stated: the lid's / inlet's speed follows (nu kept), L from the base's patch or documented Re
        ("incompressible/pisoFoam/RAS/cavity", "pisoFoam", "turbulent cavity at Re 30000",
         "0/U", ["boundaryField", "movingWall", "value"], 3.0),
        ("incompressible/icoFoam/cavity/cavityClipped", "icoFoam", "clipped cavity with a Reynolds number of 50",
         "0/U", ["boundaryField", "lid", "value"], 5.0),
        ("incompressible/pisoFoam/laminar/porousBlockage", "pisoFoam", "porous blockage, Re = 400",
         "0/U", ["boundaryField", "inlet", "value"], 2.0),
        ("incompressible/simpleFoam/pitzDaily", "simpleFoam", "Re 25400 based on the 25.4 mm inlet, nu 2e-5 m2/s",
         "0/U", ["boundaryField", "inlet", "value"], 20.0),
        # a stated speed: nu follows
        ("incompressible/pisoFoam/RAS/cavity", "pisoFoam", "lid at 2 m/s, Re 40000",
         "constant/transportProperties", ["nu"], 5e-6),
        # Peclet on the stated speed and length
        ("basic/scalarTransportFoam/pitzDaily", "scalarTransportFoam",
         "Pe 500 based on the 5 m/s inflow and a 50 mm step", "constant/transportProperties", ["DT"], 5e-4),
        # bare run lengths: iterations on a steady solver, the case's time on a transient one
        ("incompressible/simpleFoam/pitzDaily", "simpleFoam", "pitzDaily, stop at 300",
         "system/controlDict", ["endTime"], 300.0),
        ("incompressible/icoFoam/cavity/cavity", "icoFoam", "cavity, end 0.25", "system/controlDict", ["endTime"], 0.25),
    ],
)
def test_groups_and_run_lengths_on_a_base(tutorial, solver, text, file, entry, value):
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    assert not binder.not_applied, binder.not_applied
    assert _edit_value(binder, file, entry) == pytest.approx(value, rel=1e-3)


@needs_tutorials
@pytest.mark.parametrize(
    "tutorial,solver,text,counts",
    [
        ("heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", "buoyantBoussinesqSimpleFoam",
         "45 in x, 15 in y and 30 in z", "(45 15 30)"),
        ("heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells", "buoyantBoussinesqPimpleFoam",
         "cells: 120 (x), 16 (y)", "(120 16 1)"),
        ("multiphase/twoLiquidMixingFoam/lockExchange", "twoLiquidMixingFoam",
         "300 cells along the channel and 60 over its height", "(300 60 1)"),
    ],
)
def test_axis_counts_build_one_block(tutorial, solver, text, counts):
    binder = bind_all(TUTORIALS / tutorial, solver, text, read_stated(text))
    blocks = next(e.value for e in reversed(binder.edits) if e.file == "system/blockMeshDict" and e.entry == ["blocks"])
    assert counts in re.sub(r"\s+", " ", str(blocks))
