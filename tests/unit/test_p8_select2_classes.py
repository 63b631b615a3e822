"""Session-8 selection classes (select2): a solver the request names stands on its own tutorial
even where that tutorial sets its fields up with a coded function object (rutlandVortex2D's vortex:
the step is left out, the case starts from its 0/ fields); local time stepping (a localEuler ddt
scheme in the tutorial's fvSchemes) named by its names; degree adjectives ('fine', 'small') that
count as a tutorial name's words only where the request uses them as one, not in a comparison;
conjugate heat transfer whose coolant boils (the two-phase multi-region solver); the phases as
interpenetrating continua (Euler-Euler), not a particle cloud."""

from pathlib import Path

import pytest

from tasks.core.config import get_settings
from tasks.knowledge.casebase import RunStep, coded_setup_dicts, without_coded_setup
from tasks.plan.request import build_context
from tasks.plan.select import rank, request_features, tutorial_records
from tasks.plan.select_catalog import _blocked
from tasks.plan.select_features import solid_and_fluid, two_phase_cht
from tasks.plan.select_names import camel_words, degree_word_named, root, without_comparisons
from tasks.plan.select_records import steps_locally
from tasks.plan.select_words import normal_text

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


def _pick(text: str) -> tuple[str, str]:
    """(solver, tutorial) of the best base, the solver the request names taken as the planner does."""
    ctx = build_context(text, get_settings().tutorials_dir, None)
    best = rank(request_features(ctx.text, ctx.solver, ctx.model), tutorial_records(TUTORIALS), limit=1)[0]
    return best.record.solver or "", best.record.case


# Class 1: a solver named, whose only tutorial writes its initial fields with a coded function object.
def test_coded_setup_step_is_left_out(tmp_path: Path) -> None:
    (tmp_path / "system").mkdir()
    (tmp_path / "system" / "preProcess").write_text("functions { v { type coded; codeWrite #{ #}; } }\n")
    (tmp_path / "system" / "other").write_text("functions { }\n")
    steps = [RunStep(app="blockMesh"), RunStep(app="fooFoam", args="-postProcess -dict system/preProcess"),
             RunStep(app="fooFoam", args="-postProcess -dict system/other"), RunStep(app="fooFoam")]
    assert coded_setup_dicts(tmp_path, steps) == frozenset({"system/preProcess"})
    assert [s.args for s in without_coded_setup(tmp_path, steps)] == ["", "-postProcess -dict system/other", ""]


@needs_tutorials
def test_coded_setup_does_not_block_the_tutorial() -> None:
    case = "compressible/rhoPimpleAdiabaticFoam/rutlandVortex2D"
    record = next(r for r in tutorial_records(TUTORIALS) if r.case == case)
    assert _blocked(record) is None
    assert all("-postProcess" not in s.args for s in record.run_sequence)


@needs_tutorials
@pytest.mark.parametrize("text", [
    "rhoPimpleAdiabaticFoam, a 2D box of air, end time 3 ms",
    "Could you prepare a case that runs rhoPimpleAdiabaticFoam for 0.004 s?",
    "acoustics study - solver: rhoPimpleAdiabaticFoam, laminar, write every 1e-4 s",
    "set up rhoPimpleAdiabaticFoam (weakly compressible air), 2D, 0.001 s",
])
def test_named_adiabatic_solver_stands_on_its_tutorial(text: str) -> None:
    assert _pick(text) == ("rhoPimpleAdiabaticFoam", "compressible/rhoPimpleAdiabaticFoam/rutlandVortex2D")


# Class 2: a method named by its own names picks the tutorial of the solver that carries it.
@needs_tutorials
def test_local_euler_read_from_fv_schemes() -> None:
    assert steps_locally(TUTORIALS / "compressible/rhoPimpleFoam/RAS/angledDuctLTS")
    assert not steps_locally(TUTORIALS / "compressible/rhoPimpleFoam/RAS/angledDuct")


@needs_tutorials
@pytest.mark.parametrize("text, case", [
    ("bent duct with a porous block, compressible air, local time-stepping towards the steady state",
     "compressible/rhoPimpleFoam/RAS/angledDuctLTS"),
    ("porous angled duct marched with local time steps", "compressible/rhoPimpleFoam/RAS/angledDuctLTS"),
    ("2D opposed-jet methane flame, laminar, use LTS", "combustion/reactingFoam/laminar/counterFlowFlame2DLTS"),
    ("counterflow flame of methane and air, laminar, pseudo-steady with localEuler time stepping",
     "combustion/reactingFoam/laminar/counterFlowFlame2DLTS"),
])
def test_local_time_stepping_picks_an_lts_tutorial(text: str, case: str) -> None:
    assert _pick(text)[1] == case


@needs_tutorials
@pytest.mark.parametrize("text, solver", [
    ("flow over a weir with isoAdvector, water and air, 15 s", "interIsoFoam"),
    ("spillway weir overflow, the interface advected geometrically (iso-advector)", "interIsoFoam"),
    ("a column of particles settling, MP-PIC, 2 s", "MPPICFoam"),
])
def test_method_name_picks_its_solver(text: str, solver: str) -> None:
    assert _pick(text)[0] == solver


# Class 3: degree adjectives are a name's words only where the request uses them as one.
@pytest.mark.parametrize("text, blanked, kept", [
    ("dam break at three times as fine a resolution", "fine", ""),
    ("a coarse grid for a quick look", "coarse", ""),
    ("a cylinder in a stream, mesh finer than the default, short time step", "short", ""),
    ("a small pool fire in 2D", "", "small"),
    ("the long channel", "", "long"),
])
def test_comparisons_blanked(text: str, blanked: str, kept: str) -> None:
    out = without_comparisons(text).split()
    if blanked:
        assert blanked not in out
    if kept:
        assert kept in out


@pytest.mark.parametrize("text, named", [
    ("the small pool fire", True),
    ("smallPoolFire please", True),
    ("a small tank with a fire in a pool beside it far away from here", False),
    ("a small box", False),
])
def test_degree_word_named(text: str, named: bool) -> None:
    from tasks.plan.select_names import clause_roots
    assert degree_word_named("combustion/fireFoam/LES/smallPoolFire2D", "small", clause_roots(text)) is named


@needs_tutorials
@pytest.mark.parametrize("text", [
    "dam break twice as fine as the tutorial",
    "breaking dam of water, grid 2x fine, 1 s",
    "damBreak with a coarse mesh, 0.5 s",
    "a dam-break of water into air on a very fine mesh",
])
def test_resolution_words_do_not_pick_the_fine_variant(text: str) -> None:
    solver, case = _pick(text)
    assert not case.endswith("Fine") and solver.startswith("inter")


def test_dimension_split_from_capitals() -> None:
    assert camel_words("counterFlowFlame2DLTS")[-1] == "lts"
    assert root("small") in {root(w) for w in camel_words("smallPoolFire3D")}


# Class 4: conjugate heat transfer with a coolant in two phases.
@pytest.mark.parametrize("text, wanted", [
    ("a steel plate cooled by boiling water", True),
    ("conjugate heat transfer, two-phase coolant, solid region", True),
    ("solid particles fluidised by hot air", False),  # particles: a cloud or a phase, no wall
    ("heated water and air sloshing in a tank", False),
])
def test_solid_and_fluid_with_two_phases(text: str, wanted: bool) -> None:
    features = request_features(text, None, None)
    assert solid_and_fluid(normal_text(text), features.flags) is wanted


def test_two_phase_cht_hints() -> None:
    out = two_phase_cht({"chtMultiRegionFoam": 60.0, "chtMultiRegionSimpleFoam": 60.0})
    assert out["chtMultiRegionTwoPhaseEulerFoam"] == 60.0 and out["chtMultiRegionFoam"] == 30.0
    assert two_phase_cht({"reactingTwoPhaseEulerFoam": 60.0})["chtMultiRegionTwoPhaseEulerFoam"] == 60.0
    assert two_phase_cht({"simpleFoam": 10.0}) == {"simpleFoam": 10.0}


@needs_tutorials
@pytest.mark.parametrize("text", [
    "an aluminium block at 600 degC plunged into water; the water boils; heat conduction in the block too",
    "CHT with a solid wall and a boiling coolant, 2D",
    "conjugate heat transfer from a hot copper bar into water that turns to steam",
    "quench a hot metal part in a water bath with vapour forming at its surface, solid conduction included",
])
def test_boiling_coolant_cht(text: str) -> None:
    assert _pick(text)[0] == "chtMultiRegionTwoPhaseEulerFoam"


@needs_tutorials
@pytest.mark.parametrize("text", [
    "conjugate heat transfer, multi-region heater: heater at 500 K, water below, air above, 3 s",
    "CHT between a steel fin, a water channel under it and air over it",
])
def test_fluid_regions_of_one_phase_each_are_no_boiling_coolant(text: str) -> None:
    assert not request_features(text, None, None).two_phase_coolant


@needs_tutorials
def test_single_phase_cht_stays_single_phase() -> None:
    solver = _pick("a copper heater block cooled by an air stream, conjugate heat transfer")[0]
    assert solver.startswith("chtMultiRegion") and "TwoPhase" not in solver


# Class 5: the phases as interpenetrating continua: Euler-Euler, not a Lagrangian cloud.
@needs_tutorials
@pytest.mark.parametrize("text", [
    "sand grains lifted by water in a vertical pipe, both phases treated as interpenetrating continua",
    "gas-solid fluidised bed, the particles modelled as a second continuum with kinetic theory",
    "glass beads fluidised by air, the solids a granular phase with its own velocity field",
    "dust particles in air treated as an Eulerian phase, not as parcels",
])
def test_two_fluid_is_euler_euler(text: str) -> None:
    assert "EulerFoam" in _pick(text)[0]
    assert not request_features(text, None, None).flags.get("lagrangian")
