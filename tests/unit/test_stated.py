"""Stated quantities, their roles, binding to a tutorial, verification in the files, ranking."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.edit.modify import refinement
from tasks.edit.verify import verify_stated
from tasks.plan.bind import bind_all
from tasks.plan.extract import quantities
from tasks.plan.stated import read_stated
from tests.conftest import PITZDAILY

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


@pytest.mark.parametrize(
    "text,kind,value",
    [
        ("forty by forty cells", "cells", 1600.0),
        ("inlet at 36 km/h", "velocity", 10.0),
        ("outlet at 1 bar", "pressure", 1e5),
        ("p = 101.325 kPa", "pressure", 101325.0),
        ("a wall at 68 °F", "temperature", 293.15),
        ("0.5 mm across", "length", 5e-4),
        ("water fills one third of the tank", "fraction", 1 / 3),
        ("Reynolds number of about 100", "reynolds", 100.0),
        ("Ra = 1e5", "rayleigh", 1e5),
        ("on 4 cores", "ranks", 4.0),
        ("viscosity 1.5 cSt", "kinematic_viscosity", 1.5e-6),
        ("twenty-five cells", "count", 25.0),
    ],
)
def test_quantities_in_other_units_and_words(text, kind, value):
    q = [x for x in quantities(text) if x.kind == kind]
    assert q and q[0].value == pytest.approx(value, rel=1e-6)


@pytest.mark.parametrize(
    "text,roles",
    [
        ("the lid moves at 2 m/s", ["lid_velocity"]),
        ("air enters through the top boundary at 0.5 m/s and leaves through the bottom", ["inlet_velocity"]),
        ("particles 0.5 mm across, 2500 kg/m3", ["particle_diameter", "particle_density"]),
        ("hot wall 320 K, cold wall 300 K, reference temperature 310 K", ["hot_wall_temperature",
                                                                          "cold_wall_temperature",
                                                                          "reference_temperature"]),
        ("run until t = 0.5 s with a time step of 5 ms, write every 0.1 s", ["end_time", "delta_t", "write_interval"]),
        ("1000 iterations, write every 100 iterations", ["end_time", "write_interval"]),
        ("outlet at 1 bar, inlet total pressure 1.2 bar", ["outlet_pressure", "inlet_pressure"]),
        ("mesh 80 x 80, cell size 5 mm", ["mesh_cells", "cell_size"]),
    ],
)
def test_roles_from_the_words_around_each_value(text, roles):
    assert [q.role for q in read_stated(text)] == roles


@needs_tutorials
def test_a_stated_value_is_bound_to_the_tutorials_own_entries():
    text = "pitzDaily, inlet 12 m/s, nu 2e-5 m2/s, 300 iterations, outlet at 0 Pa"
    binder = bind_all(PITZDAILY, "simpleFoam", text, read_stated(text))
    got = {(e.file, "/".join(e.entry)): e.value for e in binder.edits if e.locked}
    assert got[("0/U", "boundaryField/inlet/value")] == "uniform (12 0 0)"
    assert got[("constant/transportProperties", "nu")].endswith("2e-05")
    assert got[("system/controlDict", "endTime")] == "300"
    assert not binder.not_applied


@needs_tutorials
def test_what_cannot_be_bound_is_reported_with_its_reason():
    text = "pitzDaily, inlet 12 m/s, density 1000 kg/m3, hot wall 350 K"
    binder = bind_all(PITZDAILY, "simpleFoam", text, read_stated(text))
    reasons = {n.text: n.reason for n in binder.not_applied}
    assert "incompressible" in reasons["1000 kg/m3"]
    assert "350 K" in reasons


@needs_tutorials
def test_verification_reads_the_files_not_the_plan(tmp_path):
    import shutil

    case = tmp_path / "c"
    shutil.copytree(PITZDAILY, case)
    stated = read_stated("inlet 10 m/s, 700 iterations")
    found, missing = verify_stated(case, stated, [])
    assert [q.verified for q in found] == [True, False]  # the tutorial's inlet is 10 m/s; endTime is not 700
    assert missing[0].text == "700 iterations"


@pytest.mark.parametrize(
    "text,two_d,factors",
    [
        ("halve the cell size", True, [2, 2, 1]),
        ("double the resolution in x", True, [2, 1, 1]),
        ("refine the mesh by a factor of 3", False, [3, 3, 3]),
        ("coarsen the mesh by 2", True, [0.5, 0.5, 1]),
        ("raise the inlet to 20 m/s", True, None),
    ],
)
def test_refinement_words(text, two_d, factors):
    assert refinement(text, two_d) == factors


@needs_tutorials
@pytest.mark.parametrize(
    "request_text,tutorial",
    [
        ("a passive scalar carried by a frozen flow over a backward-facing step", "basic/scalarTransportFoam/pitzDaily"),
        ("LES of the backward-facing step", "incompressible/pisoFoam/LES/pitzDaily"),
        ("supersonic flow over a forward-facing step", "compressible/rhoCentralFoam/forwardStep"),
        ("Rayleigh-Benard convection between two plates", "heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells"),
        ("stress analysis of a plate with a hole under tension", "stressAnalysis/solidDisplacementFoam/plateHole"),
    ],
)
def test_base_selection_over_every_tutorial(request_text, tutorial):
    from tasks.plan.request import build_context
    from tasks.plan.select import rank, request_features, tutorial_records

    ctx = build_context(request_text, TUTORIALS)
    ranked = rank(request_features(ctx.text, ctx.solver, ctx.model), tutorial_records(TUTORIALS), 3)
    assert ranked[0].record.case == tutorial and len(ranked) == 3


@pytest.mark.parametrize(
    "text,factors",
    [("increase the mesh resolution by a factor of 2 in both x and y directions", [2, 2, 1]),
     ("reduce the number of cells by a factor of 2", [0.5, 0.5, 1])],
)
def test_refinement_by_a_factor(text, factors):
    assert refinement(text, True) == factors


@pytest.mark.parametrize("text", ["refine the mesh to 80 by 80 cells", "refine it to 120 x 60 cells",
                                  "please refine the grid to 50 by 50 by 10"])
def test_a_cell_count_after_refine_is_not_a_factor(text: str) -> None:
    """The "by" of "80 by 80" is a count, not "refine by 80" (which made a 3200 x 3200 mesh)."""
    assert refinement(text, True) is None


@pytest.mark.parametrize("text", ["a 2 x 0.4 m channel", "a duct of 1 x 0.1 m", "the plate is 0.5 by 2 m"])
def test_a_size_with_decimals_is_not_a_cell_count(text: str) -> None:
    """Cell counts are whole numbers: "2 x 0.4 m" once became "2 x 0" cells (not applied)."""
    assert not [q for q in read_stated(text) if q.quantity == "cells"]


@pytest.mark.parametrize(("text", "model"), [
    ("steady flow over the step, replace k-epsilon with k-omega SST", "kOmegaSST"),
    ("use kOmegaSST instead of kEpsilon for the step", "kOmegaSST"),
    ("an LES with WALE rather than Smagorinsky", "WALE"),
    ("switch from kEpsilon to realizableKE", "realizableKE"),
])
def test_the_model_asked_for_is_the_one_replacing_the_other(text: str, model: str) -> None:
    from tasks.plan.request import final_model

    assert final_model(text) == model


def test_a_kinematic_pressure_is_a_pressure_written_as_it_is(tmp_path) -> None:
    """"2 m^2/s^2" is p/rho (what incompressible solvers solve for), not a viscosity of 2 m2/s;
    on a kinematic-pressure base it is written unchanged (not divided by a density again)."""
    from tasks.plan.architect import plan
    from tests.conftest import TUTORIALS

    qs = read_stated("outlet pressure 2 m^2/s^2, nu 1e-5 m2/s")
    assert [(q.quantity, q.value) for q in qs] == [("pressure", 2.0), ("kinematic_viscosity", 1e-5)]
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    m = plan("pitzDaily simpleFoam, inlet 10 m/s, outlet pressure 2 m2/s2", TUTORIALS)
    assert ("0/p", ["boundaryField", "outlet", "value"], "uniform 2") in [(b.file, b.entry, b.value) for b in m.bindings]
