"""`modify` classes of session 15, probed on installed tutorials in several phrasings (terse
engineer, verbose student, other units or word order, non-native):

1. a case whose solver needs no mesh (chemFoam's single cell) plans its run, and its reactor's
   state (temperature, pressure, equivalence ratio, end time) changes and is read back;
2. a mesh refinement or cell counts on every blockMeshDict form the tutorials use: literal
   counts (one block or many, graded), counts that are variables (`($nx 1 $nz)`), an m4 template;
   a form that cannot be changed (a count that is itself another variable) is said, not dropped;
3. a named turbulence-model variant is kept exactly (kOmegaSSTLM, kOmegaSSTSAS, the DES family,
   realizableKE, RNGkEpsilon, LaunderSharmaKE, v2f, WALE, dynamicKEqn, ...), in new and modify."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.edit.modify import apply_changes, plan_changes, read_state, stated_changes
from tasks.edit.modify_mesh import counted_text, unrefinable, variable_count_edits
from tasks.edit.modify_steps import unpack_dictionaries
from tasks.foam import dictionary as fd
from tasks.foam import geometry
from tasks.foam.casedir import read_case
from tasks.plan.request import final_model
from tasks.run.steps import makes_own_mesh, plan_steps
from tests.conftest import TUTORIALS

CHEM_H2 = "combustion/chemFoam/h2"
CHEM_GRI = "combustion/chemFoam/gri"
CHEM_HEPTANE = "combustion/chemFoam/nc7h16"
DAMBREAK_ISO = "multiphase/interIsoFoam/damBreak"
DAMBREAK = "multiphase/interFoam/laminar/damBreak/damBreak"
DISC = "multiphase/interIsoFoam/discInConstantFlow"
STANDING_WAVE = "multiphase/interIsoFoam/standingWave"
SLOSHING = "multiphase/interFoam/laminar/sloshingTank2D"
WEIR_ISO = "multiphase/interIsoFoam/weirOverflow"
HELMHOLTZ = "compressible/rhoPimpleFoam/laminar/helmholtzResonance"
T3A = "incompressible/simpleFoam/T3A"
PITZ = "incompressible/simpleFoam/pitzDaily"
PITZ_LES = "incompressible/pisoFoam/LES/pitzDaily"


def _copy(tmp_path: Path, tutorial: str) -> Path:
    """A tutorial copied as installed (gzipped dictionaries too), unpacked as `modify` does."""
    case = tmp_path / "case"
    shutil.copytree(TUTORIALS / tutorial, case)
    unpack_dictionaries(case)
    return case


def _modify(case: Path, request: str):
    state = read_state(case)
    plan = plan_changes(state, request)
    apply_changes(state, plan)
    stated, missing = stated_changes(plan, case)
    return plan, stated, missing


# --- class 1: a solver that makes its own mesh ------------------------------------------------

def test_only_single_cell_solvers_need_no_mesh() -> None:
    from tasks.plan.select_words import solver_words

    assert [s for s in solver_words() if makes_own_mesh(s)] == ["chemFoam"]
    assert not makes_own_mesh("icoFoam") and not makes_own_mesh("boundaryFoam") and not makes_own_mesh("nonsense")


@pytest.mark.parametrize("tutorial, request_text, entry, value", [
    (CHEM_H2, "T0 1100 K", "T", 1100.0),
    (CHEM_H2, "Could you please raise the initial temperature of the reactor to 1100 kelvin?", "T", 1100.0),
    (CHEM_GRI, "start the mixture at 900 degC", "T", 1173.15),
    (CHEM_GRI, "initial pressure 2 bar", "p", 200000.0),
    (CHEM_HEPTANE, "Please change the starting pressure of the reactor to 5 atm", "p", 506625.0),
    (CHEM_HEPTANE, "p = 30 psi", "p", 206842.7),
])
def test_reactor_state_changes_and_runs_without_mesh(tmp_path: Path, tutorial: str, request_text: str,
                                                     entry: str, value: float) -> None:
    case = _copy(tmp_path, tutorial)
    _, stated, missing = _modify(case, request_text)
    assert not missing
    assert [s.entry for s in stated] == [[entry]] and all(s.verified for s in stated)
    assert float(fd.get((case / "constant/initialConditions").read_text(), [entry])) == pytest.approx(value, rel=1e-4)
    assert [s.command for s in plan_steps(read_case(case), np=1)] == ["chemFoam"]


@pytest.mark.parametrize("tutorial, request_text", [
    (CHEM_H2, "set the equivalence ratio to 0.8"),
    (CHEM_H2, "phi=0.5"),
    (CHEM_GRI, "lean mixture phi 0.7 and 10 atm"),
    (CHEM_GRI, "I would like the mixture with an equivalence ratio of 1.5 please, and start it at 1200 K"),
    (CHEM_HEPTANE, "stoichiometric mixture at 1 bar, 1500 K"),
    (CHEM_HEPTANE, "air excess ratio lambda 1.25"),
])
def test_equivalence_ratio_sets_the_fractions(tmp_path: Path, tutorial: str, request_text: str) -> None:
    case = _copy(tmp_path, tutorial)
    before = fd.get((case / "constant/initialConditions").read_text(), ["fractions"])
    plan, stated, missing = _modify(case, request_text)
    assert not missing
    ratio = [s for s in stated if s.role == "equivalence_ratio"]
    assert len(ratio) == 1 and ratio[0].verified and ratio[0].entry == ["fractions"]
    assert any(e.file == "constant/initialConditions" and e.entry[:1] == ["fractions"] for e in plan.edits)
    after = fd.get((case / "constant/initialConditions").read_text(), ["fractions"])
    assert after is not None and (after != before or "stoichiometric" in request_text)


@pytest.mark.parametrize("request_text, kind", [
    ("constant volume reactor please", "volume"),
    ("make it isochoric, 1000 K", "volume"),
    ("Please hold the pressure fixed (isobaric reactor)", "pressure"),
])
def test_reactor_constraint(tmp_path: Path, request_text: str, kind: str) -> None:
    case = _copy(tmp_path, CHEM_GRI if kind == "pressure" else CHEM_H2)
    text = (case / "constant/initialConditions").read_text()
    (case / "constant/initialConditions").write_text(text.replace("constantProperty pressure", "constantProperty volume")
                                                     if kind == "pressure" else text)
    _, _, missing = _modify(case, request_text)
    assert not missing
    assert fd.get((case / "constant/initialConditions").read_text(), ["constantProperty"]).strip() == kind


def test_species_amounts(tmp_path: Path) -> None:
    case = _copy(tmp_path, CHEM_H2)
    _, _, missing = _modify(case, "H2 2 O2 1 N2 3.76 at 1 atm")
    assert not missing
    assert float(fd.get((case / "constant/initialConditions").read_text(), ["fractions", "H2"])) == 2.0


def test_a_single_cell_case_runs_serial(tmp_path: Path) -> None:
    case = _copy(tmp_path, CHEM_GRI)
    assert [s.command for s in plan_steps(read_case(case), np=4)] == ["chemFoam"]


def test_time_change_of_reactor(tmp_path: Path) -> None:
    case = _copy(tmp_path, CHEM_H2)
    _, stated, missing = _modify(case, "run it to 0.02 s end time")
    assert not missing and stated[0].entry == ["endTime"] and stated[0].verified


def test_a_case_without_mesh_is_still_refused(tmp_path: Path) -> None:
    from tasks.core.errors import UsageError

    case = _copy(tmp_path, PITZ)
    (case / "system/blockMeshDict").unlink()
    with pytest.raises(UsageError, match="no mesh and nothing to make one"):
        plan_steps(read_case(case), np=1)


# --- class 2: refinement on every blockMeshDict form -------------------------------------------

@pytest.mark.parametrize("tutorial, request_text, counts", [
    (DAMBREAK_ISO, "200 by 120 cells", None),
    (DAMBREAK_ISO, "double the cells", None),
    (DAMBREAK_ISO, "Could you make the mesh twice as fine in x and y please?", None),
    (DAMBREAK, "mesh refinement x2", None),
    (WEIR_ISO, "refine the grid by a factor of 1.5", None),
    (DISC, "200 by 120 cells", {"nx": "200", "nz": "120"}),
    (DISC, "double the cells", {"nx": "200", "nz": "120"}),
    (DISC, "resolution x2 please, it is too coarse", {"nx": "200", "nz": "120"}),
    (STANDING_WAVE, "halve the cell size", {"nx": "100", "nz": "100"}),
    (SLOSHING, "double the cells", None),
    (SLOSHING, "I want the grid two times finer", None),
])
def test_refinement_applied_on_every_form(tmp_path: Path, tutorial: str, request_text: str,
                                          counts: dict[str, str] | None) -> None:
    case = _copy(tmp_path, tutorial)
    before = geometry.block_cells(counted_text(_mesh(case)))
    plan, stated, missing = _modify(case, request_text)
    assert not missing and not [w for w in plan.warnings if w.startswith("not applied")]
    text = (case / "system/blockMeshDict").read_text()
    after = geometry.block_cells(counted_text(text))
    assert sum(a[0] * a[1] * a[2] for a in after) > sum(b[0] * b[1] * b[2] for b in before)
    for name, value in (counts or {}).items():
        assert fd.get(text, [name]).strip() == value
    assert all(s.verified for s in stated)


def _mesh(case: Path) -> str:
    from tasks.edit.modify_mesh import mesh_text

    text = mesh_text(case)
    assert text is not None
    return text


def test_stated_counts_on_a_multi_block_mesh(tmp_path: Path) -> None:
    case = _copy(tmp_path, DAMBREAK_ISO)
    plan, stated, missing = _modify(case, "mesh 200 by 120 cells")
    assert not missing and (plan.refine is not None or plan.edits)
    totals = geometry.axis_totals((case / "system/blockMeshDict").read_text())
    assert totals[0] == 200 and totals[1] == 120  # exact since session 18 (tasks.foam.block_layout)


@pytest.mark.parametrize("tutorial, request_text, y, z", [
    (SLOSHING, "200 by 120 cells", 200, 120),
    (SLOSHING, "Please refine the tank mesh to 80 x 160 cells.", 80, 160),
    ("multiphase/interIsoFoam/sloshingTank2D", "mesh 60 by 120", 60, 120),
])
def test_m4_template_counts_on_the_resolved_directions(tmp_path: Path, tutorial: str, request_text: str,
                                                       y: int, z: int) -> None:
    """The template's blocks run their first axis along y: the counts go to the global y and z
    (x is the one-cell direction), each block on its local axis along them."""
    case = _copy(tmp_path, tutorial)
    _, stated, missing = _modify(case, request_text)
    assert not missing and all(s.verified for s in stated)
    totals = geometry.aligned_totals((case / "system/blockMeshDict").read_text())
    assert totals[0] == 1 and totals[1] == pytest.approx(y, abs=2) and totals[2] == pytest.approx(z, abs=2)


@pytest.mark.parametrize("text, factors, expected", [
    ("a 3; b 2;\nblocks ( hex (0 1 2 3 4 5 6 7) ($a 1 $b) simpleGrading (1 1 1) );", [2, 1, 2], {"a": "6", "b": "4"}),
    ("a 1; b 2;\nblocks ( hex (0 1 2 3 4 5 6 7) ($a $b 1) simpleGrading (1 1 1) );", [2, 2, 1], {"b": "4"}),  # 1: flat
    ("nx 10; ny 20;\nblocks ( hex (0 1 2 3 4 5 6 7) ($nx $ny 1) simpleGrading (1 1 1) );", [1.5, 2, 1],
     {"nx": "15", "ny": "40"}),
])
def test_variable_count_edits(text: str, factors: list[float], expected: dict[str, str]) -> None:
    edits = variable_count_edits(text, factors, "refine")
    assert {e.entry[0]: e.value for e in edits} == expected


@pytest.mark.parametrize("text", [
    "nx 10;\nblocks ( hex (0 1 2 3 4 5 6 7) ($nx 20 1) simpleGrading (1 1 1) );",  # a mix: 20 would stay
    "nx #calc \"2*5\";\nblocks ( hex (0 1 2 3 4 5 6 7) ($nx 1 1) simpleGrading (1 1 1) );",
])
def test_variable_count_edits_refuse_what_they_cannot_scale(text: str) -> None:
    from tasks.core.errors import PlanError

    with pytest.raises(PlanError):
        variable_count_edits(text, [2, 2, 1], "refine")


def test_a_count_naming_another_variable_is_refined(tmp_path: Path) -> None:
    """helmholtzResonance's `zc $yc;` follows yc (session 21); a count computed from a length is reported."""
    case = _copy(tmp_path, HELMHOLTZ)
    assert unrefinable(case, [2.0, 2.0, 2.0]) is None
    bmd = (case / "system/blockMeshDict").read_text().replace("zc $yc;", "zc #calc \"round($scale*2400)\";")
    (case / "system/blockMeshDict").write_text(bmd)
    reason = unrefinable(case, [2.0, 2.0, 2.0])
    assert reason is not None and "by hand" in reason


_BOX = ("vertices ((0 0 0)(1 0 0)(1 1 0)(0 1 0)(0 0 1)(1 0 1)(1 1 1)(0 1 1));\n"
        "blocks ( hex (0 1 2 3 4 5 6 7) (10 1 20) simpleGrading (1 1 1) );\n"
        "boundary ( fb { type empty; faces ((0 1 5 4)(3 7 6 2)); } );")


@pytest.mark.parametrize("text, counts, placed", [
    (_BOX, [200, 120], [200, 0, 120]),  # a mesh in the x-z plane: the two counts are x and z
    (_BOX.replace("(10 1 20)", "(10 20 1)").replace("((0 1 5 4)(3 7 6 2))", "((0 3 2 1)(4 5 6 7))"), [200, 120],
     [200, 120, 0]),
    (_BOX, [200, 1, 120], [200, 1, 120]),  # three counts: as written
])
def test_two_counts_go_to_the_resolved_directions(text: str, counts: list[int], placed: list[int]) -> None:
    from tasks.edit.modify_mesh import _placed

    assert _placed(counts, text) == placed


def test_counted_text_reads_variable_counts() -> None:
    text = "nx 8; nz 4;\nblocks ( hex (0 1 2 3 4 5 6 7) ($nx 1 $nz) simpleGrading (1 1 1) );"
    assert geometry.block_cells(counted_text(text)) == [(8, 1, 4)]


# --- class 3: turbulence-model variants kept exactly -------------------------------------------

@pytest.mark.parametrize("text, model", [
    ("use k-omega SST LM", "kOmegaSSTLM"),
    ("switch to the gamma-ReTheta transition model", "kOmegaSSTLM"),
    ("Langtry-Menter transition", "kOmegaSSTLM"),
    ("kOmegaSSTLM", "kOmegaSSTLM"),
    ("k-omega-SST-LM", "kOmegaSSTLM"),
    ("SST gamma-Re_theta", "kOmegaSSTLM"),
    ("the SST model with LM transition", "kOmegaSSTLM"),
    ("keep SST but use the Langtry Menter transition model", "kOmegaSSTLM"),
    ("kOmegaSST with gamma-ReTheta", "kOmegaSSTLM"),
    ("switch from k-omega SST to kOmegaSSTLM", "kOmegaSSTLM"),
    ("kOmegaSSTSAS please", "kOmegaSSTSAS"),
    ("SST-SAS", "kOmegaSSTSAS"),
    ("scale-adaptive SST", "kOmegaSSTSAS"),
    ("k-omega SST DES", "kOmegaSSTDES"),
    ("SST DDES", "kOmegaSSTDDES"),
    ("IDDES on the SST model", "kOmegaSSTIDDES"),
    ("kOmegaSSTIDDES", "kOmegaSSTIDDES"),
    ("Spalart-Allmaras DDES", "SpalartAllmarasDDES"),
    ("delayed detached eddy simulation", "SpalartAllmarasDDES"),
    ("SA-DDES", "SpalartAllmarasDDES"),
    ("improved delayed DES with Spalart Allmaras", "SpalartAllmarasIDDES"),
    ("SpalartAllmarasIDDES", "SpalartAllmarasIDDES"),
    ("use DES", "SpalartAllmarasDES"),
    ("realizable k-epsilon", "realizableKE"),
    ("replace kEpsilon with realizableKE", "realizableKE"),
    ("RNG k-e", "RNGkEpsilon"),
    ("RNGkEpsilon", "RNGkEpsilon"),
    ("low-Re Launder Sharma", "LaunderSharmaKE"),
    ("k-kl-omega", "kkLOmega"),
    ("v2-f model", "v2f"),
    ("v2f", "v2f"),
    ("WALE LES", "WALE"),
    ("dynamic k-equation", "dynamicKEqn"),
    ("Smagorinsky", "Smagorinsky"),
    ("Lien cubic k-epsilon", "LienCubicKE"),
    ("Shih quadratic k-epsilon", "ShihQuadraticKE"),
    ("Lam-Bremhorst", "LamBremhorstKE"),
    ("k-omega SST", "kOmegaSST"),
    ("sst", "kOmegaSST"),
    ("switch from kOmegaSSTLM to kOmegaSST", "kOmegaSST"),
    ("k-omega SST without transition", "kOmegaSST"),
    ("SST, no transition model", "kOmegaSST"),
    ("kOmegaSST instead of Langtry-Menter", "kOmegaSST"),
    ("use SST rather than gamma-ReTheta", "kOmegaSST"),
    ("switch from SST to k-epsilon", "kEpsilon"),
    ("standard k-epsilon", "kEpsilon"),
    ("k-omega", "kOmega"),
    ("one equation Spalart-Allmaras", "SpalartAllmaras"),
])
def test_named_variant_is_kept(text: str, model: str) -> None:
    assert final_model(text) == model


@pytest.mark.parametrize("tutorial, request_text, model", [
    (T3A, "use the k-omega SST LM model and set the inlet velocity to 6 m/s", "kOmegaSSTLM"),
    (T3A, "Please keep the gamma-ReTheta transition model but run 300 iterations", "kOmegaSSTLM"),
    (T3A, "Langtry-Menter, endTime 500", "kOmegaSSTLM"),
    (PITZ, "switch to the gamma-ReTheta transition model", "kOmegaSSTLM"),
    (PITZ, "use realizable k-epsilon", "realizableKE"),
    (PITZ, "change turbulence model to v2f", "v2f"),
    (PITZ, "RNG k-e please", "RNGkEpsilon"),
    (PITZ, "switch to SST-SAS", "kOmegaSSTSAS"),
    (PITZ_LES, "switch the SGS model to WALE", "WALE"),
    (PITZ_LES, "dynamic k-equation model instead", "dynamicKEqn"),
])
def test_modify_keeps_the_variant(tmp_path: Path, tutorial: str, request_text: str, model: str) -> None:
    case = _copy(tmp_path, tutorial)
    _modify(case, request_text)
    props = (case / "constant/turbulenceProperties").read_text()
    written = fd.get(props, ["RAS", "RASModel"]) or fd.get(props, ["LES", "LESModel"])
    assert written == model
