"""Choosing the base tutorial and solver for a request, and reproducing the tutorial's Allrun
(tasks/plan/select.py, generic.py, architect.py, recipes.py; no OpenFOAM runs)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.foam.commands import ALLOWED_COMMANDS, SOLVERS
from tasks.plan.architect import plan
from tasks.plan.generic import (
    SHAPE_LIBRARY_SOLVERS,
    choose_base,
    has_dimension,
    tutorial_steps,
)
from tasks.plan.recipes import DAM_L, column_box, end_of, square_side
from tasks.plan.request import build_context, strip_example_notes
from tasks.plan.select import (
    normal_text,
    request_features,
    solver_hints,
    solver_words,
    tutorial_records,
)
from tests.conftest import TUTORIALS


@pytest.fixture()
def tutorials():
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    return TUTORIALS


# --- solver words come from the solvers' own descriptions (canonical/solvers.yaml) -----------


def test_solver_words_name_only_installed_solvers():
    entries = solver_words()
    assert set(entries) <= SOLVERS
    assert {"rhoCentralFoam", "sonicFoam", "interIsoFoam", "dnsFoam", "driftFluxFoam"} <= set(entries)
    assert "Kurganov" in entries["rhoCentralFoam"].help  # the solver's own `-help` line


@pytest.mark.parametrize(("text", "solver"), [
    ("a density-based central-upwind scheme for the gas", "rhoCentralFoam"),
    ("a transonic gas flow", "sonicFoam"),
    ("a pressure-based compressible solver", "sonicFoam"),
    ("interface advected with isoAdvector", "interIsoFoam"),
    ("a Boussinesq approximation of the buoyancy", "buoyantBoussinesqPimpleFoam"),
    ("drift-flux settling of a sludge", "driftFluxFoam"),
    ("shallow-water equations over a seabed", "shallowWaterFoam"),
    ("DNS of isotropic turbulence", "dnsFoam"),
    ("a discrete particle model of the bed", "DPMFoam"),
    ("a multiphase particle-in-cell model of the bed", "MPPICFoam"),
])
def test_solver_hints_from_descriptions(text, solver):
    assert solver in solver_hints(text)


def test_negated_words_are_not_asked_for():
    assert "shallowWaterFoam" not in solver_hints("a flume without Coriolis forcing, no Coriolis")
    assert request_features("a non-rotating tank of water", None, None).flags.get("mrf") is None
    assert request_features("a rotating tank of water", None, None).flags.get("mrf") is True


def test_a_solver_named_in_another_description_is_no_hint():
    # interIsoFoam's line says "derived from interFoam": an interFoam request is no isoAdvector one
    assert "interIsoFoam" not in solver_hints("interFoam dam break")


def test_hyphens_and_spaces_read_alike():
    assert normal_text("Shallow-water/flow") == normal_text("shallow water flow")


# --- the request's solver words choose among the tutorials of one geometry ------------------


@pytest.mark.parametrize(("text", "solver", "tutorial"), [
    ("large-eddy simulation of the pitzDaily step, WALE model", "pisoFoam", "incompressible/pisoFoam/LES/pitzDaily"),
    ("a passive tracer carried through the pitzDaily step", "scalarTransportFoam",
     "basic/scalarTransportFoam/pitzDaily"),
    ("a transonic shock tube, 1 bar left and 0.1 bar right", "sonicFoam", "compressible/sonicFoam/laminar/shockTube"),
    ("a shock tube with a density-based central-upwind solver", "rhoCentralFoam",
     "compressible/rhoCentralFoam/shockTube"),
    ("a dam break with geometric VOF (isoAdvector) interface capturing", "interIsoFoam",
     "multiphase/interIsoFoam/damBreak"),
    ("a dam break of water, air and a second miscible liquid", "interMixingFoam",
     "multiphase/interMixingFoam/laminar/damBreak"),
    ("shallow-water flow over a square bump in a non-rotating frame", "shallowWaterFoam",
     "incompressible/shallowWaterFoam/squareBump"),
    ("the Goldschmidt fluidised bed with a discrete particle model", "DPMFoam", "lagrangian/DPMFoam/Goldschmidt"),
])
def test_solver_words_pick_the_tutorial(tutorials, text, solver, tutorial):
    m = plan(text, tutorials)
    assert (m.solver, m.base_tutorial) == (solver, tutorial)


# --- transient or steady: the tutorial of the right kind --------------------------------------


def test_transient_heated_room_starts_from_the_transient_tutorial(tutorials):
    m = plan("transient Boussinesq natural convection in a heated room with a heater box, 500 s", tutorials)
    assert m.solver == "buoyantBoussinesqPimpleFoam"
    assert m.base_tutorial == "heatTransfer/buoyantBoussinesqPimpleFoam/hotRoom"


def test_a_named_tutorial_beats_a_family_template(tutorials):
    m = plan("the BenardCells case with buoyantBoussinesqPimpleFoam, 100 s", tutorials)
    assert m.base_tutorial == "heatTransfer/buoyantBoussinesqPimpleFoam/BenardCells"


def test_a_folder_name_does_not_name_its_variants(tutorials):
    ctx = build_context("cavity, icoFoam, lid 2 m/s", tutorials)
    assert choose_base(ctx)[0].record.case == "incompressible/icoFoam/cavity/cavity"


def test_laminar_variant_when_no_turbulence_is_asked(tutorials):
    ctx = build_context("damBreak with interFoam, 0.3 s", tutorials)
    assert choose_base(ctx)[0].record.case == "multiphase/interFoam/laminar/damBreak/damBreak"


# --- a tutorial whose geometry the request describes is not refused for the shape library ------


@pytest.mark.parametrize(("text", "tutorial"), [
    ("Hartmann flow in a channel of half-width 1 m, inflow 1 m/s", "electromagnetics/mhdFoam/hartmann"),
    ("spark-ignited premixed propane in a closed box, 1 ms", "combustion/XiFoam/RAS/moriyoshiHomogeneous"),
    ("direct numerical simulation of decaying turbulence in a periodic box", "DNS/dnsFoam/boxTurb16"),
])
def test_tutorial_geometry_is_not_sent_to_the_shape_library(tutorials, text, tutorial):
    m = plan(text, tutorials)
    assert m.base_tutorial == tutorial and not m.substituted


def test_a_shape_the_library_builds_still_goes_there(tutorials):
    from tasks.plan.generic import GeometryDescribed

    with pytest.raises(GeometryDescribed):
        plan("laminar flow in a 2D channel 1 m long and 0.1 m high, inlet 0.01 m/s, water", tutorials)


def test_stated_lengths_the_tutorial_has(tutorials):
    hartmann = tutorials / "electromagnetics/mhdFoam/hartmann"  # x 0..20, y -1..1
    assert has_dimension(hartmann, 20) and has_dimension(hartmann, 2) and has_dimension(hartmann, 1)
    assert not has_dimension(hartmann, 3.5)


def test_shape_library_solvers_are_the_templates():
    from tasks.edit.parametric import TEMPLATES
    from tasks.edit.parametric_physics import FAMILY

    assert SHAPE_LIBRARY_SOLVERS == set(TEMPLATES) | set(FAMILY)


# --- general rules instead of phrase hooks ----------------------------------------------------


@pytest.mark.parametrize(("text", "last", "span"), [
    ("water fills the left third of the tank", False, (0.0, DAM_L / 3)),
    ("the right two fifths hold the liquid", False, (DAM_L * 3 / 5, DAM_L)),
    ("the left 25 % of the tank", False, (0.0, DAM_L / 4)),
    ("a quarter of the tank on the right", False, (DAM_L * 3 / 4, DAM_L)),
    ("from the left half to the right third", True, (DAM_L * 2 / 3, DAM_L)),
])
def test_column_box_reads_any_side_and_fraction(text, last, span):
    box = column_box(text, last=last)
    assert box is not None and box[:2] == pytest.approx(span)


def test_column_box_none_without_a_side():
    assert column_box("a water column in a tank") is None


@pytest.mark.parametrize(("text", "side"), [
    ("a unit cube", 1.0), ("a box 2 m x 2 m", 2.0), ("50 cm by 50 cm", 0.5), ("1 m x 2 m", None), ("a box", None),
])
def test_square_side(text, side):
    assert square_side(text) == side


@pytest.mark.parametrize(("text", "inlet", "outlet"), [
    ("gas enters through the bottom and leaves at the top", "bottom", "top"),
    ("an inflow at the top of the column", "top", None),
    ("a bottom outlet", None, "bottom"),
])
def test_end_of_a_vertical_column(text, inlet, outlet):
    assert (end_of("inlet", text), end_of("outlet", text)) == (inlet, outlet)


def test_particle_column_inlet_at_the_bottom(tutorials):
    m = plan("MPPICFoam particle column, air enters through the bottom at 0.05 m/s and leaves at the top", tutorials)
    inlet = next(e for e in m.edits if e.file == "0/U.air" and e.entry == ["boundaryField", "bottom"])
    assert inlet.value["value"] == "uniform (0 0 0.05)"


def test_labelled_bracket_notes_are_asides():
    assert strip_example_notes("[Note: from an old study] a cavity").strip() == "a cavity"
    assert strip_example_notes("[Example: a pitzDaily setup ...]\nNow a cavity").strip() == "Now a cavity"
    assert "[1 2 3]" in strip_example_notes("points at [1 2 3]")


def test_cavity_viscosity_from_reynolds(tutorials):
    m = plan("lid-driven cavity, side 0.2 m, lid 1 m/s, Re 50, icoFoam", tutorials)
    nu = next(e for e in m.edits if e.file == "constant/transportProperties" and e.entry == ["nu"])
    assert float(nu.value) == pytest.approx(0.004)


# --- the tutorial's Allrun, reproduced --------------------------------------------------------


def _candidate(tutorials: Path, case: str):
    from tasks.plan.select import Candidate

    record = next(r for r in tutorial_records(tutorials) if r.case == case)
    return Candidate(record=record, score=0, why=[])


def test_utilities_of_tutorial_allruns_are_whitelisted(tutorials):
    steps = tutorial_steps(_candidate(tutorials, "DNS/dnsFoam/boxTurb16"), "dnsFoam")
    assert steps == [["blockMesh"], ["boxTurb"], ["dnsFoam"]]
    assert all(s[0] in ALLOWED_COMMANDS for s in steps)


def test_a_step_run_per_region_runs_for_every_region(tutorials):
    steps = tutorial_steps(_candidate(tutorials, "heatTransfer/chtMultiRegionFoam/multiRegionHeater"),
                           "chtMultiRegionFoam")
    regions = [s[-1] for s in steps if s[0] == "changeDictionary"]
    assert regions == ["bottomWater", "topAir", "heater", "leftSolid", "rightSolid"]
    assert steps[-1] == ["chtMultiRegionFoam"] and ["./Allrun.pre"] not in steps


def test_a_tutorial_built_from_another_case_is_not_a_base(tutorials):
    from tasks.plan.select import _blocked

    record = _candidate(tutorials, "incompressible/overSimpleFoam/aeroFoil/background_overset").record
    assert "another case" in (_blocked(record) or "")


def test_a_tutorial_meshed_from_an_m4_template_gets_it_expanded_and_meshed(tmp_path: Path) -> None:
    """Tutorials whose makeMesh script expands system/blockMeshDict.m4 (rotor2D, mixer):
    the writer expands it and blockMesh runs before the solver."""
    from tasks.edit.writer import write_case
    from tasks.plan.architect import plan

    tutorials = Path("/usr/share/doc/openfoam-examples/examples")
    if not (tutorials / "incompressible/SRFPimpleFoam/rotor2D").is_dir():
        pytest.skip("OpenFOAM tutorials not installed")
    m = plan("2D rotor with SRFPimpleFoam, rotating at 120 rpm, run 0.1 s", tutorials)
    assert m.mesh_params.get("m4") == "system/blockMeshDict.m4"
    assert m.steps[0] == "blockMesh"
    written = write_case(m, tmp_path / "case", tutorials)
    assert "hex" in (written.case_dir / "system/blockMeshDict").read_text()
