"""The physics defects found in review (issue 11), one test each that would have caught it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tasks.core.paths import CANONICAL_DIR
from tasks.edit.caseops import switch_solver
from tasks.foam import dictionary as fd
from tasks.foam.physics import (
    boundary_condition,
    freestream_turbulence,
    internal_value,
    reference_pressure,
)
from tasks.plan.architect import plan
from tasks.plan.recipes import rayleigh_choice
from tasks.review.case import CaseView
from tasks.review.defaults import gravity_default, keyword_default
from tests.conftest import TUTORIALS

QUERIES = {r["case_id"]: r["query"] for r in json.loads(
    (Path(__file__).resolve().parents[2] / "benchmarks/iterasim/benchmark/benchmark_queries.json").read_text())}


def canonical(name: str) -> str:
    return (CANONICAL_DIR / name).read_text()


def needs_tutorials() -> None:
    if not TUTORIALS.is_dir():
        pytest.skip("OpenFOAM tutorials not installed")


# 1. compressible and buoyant solvers: ambient pressure, never 0 Pa absolute
@pytest.mark.parametrize("solver", ["rhoSimpleFoam", "rhoPimpleFoam", "buoyantPimpleFoam", "buoyantSimpleFoam"])
def test_absolute_pressure_solvers_get_ambient_pressure(solver: str) -> None:
    assert internal_value("p", solver, {}) == "100000"
    assert internal_value("p_rgh", solver, {}) == "100000"
    assert boundary_condition("outlet", "p", "laminar", solver, {}) == {"type": "fixedValue", "value": "uniform 100000"}
    atm = boundary_condition("atmosphere", "p", "laminar", solver, {})
    assert atm["p0"] == atm["value"] == "uniform 100000"
    assert boundary_condition("wall", "p_rgh", "laminar", solver, {})["value"] == "uniform 100000"
    assert boundary_condition("outlet", "p", "laminar", solver, {"p_ambient": "101325"})["value"] == "uniform 101325"


def test_kinematic_pressure_solvers_keep_zero() -> None:
    assert internal_value("p", "simpleFoam", {}) == "0"
    assert boundary_condition("outlet", "p", "laminar", "simpleFoam", {})["value"] == "uniform 0"
    assert boundary_condition("outlet", "p_rgh", "laminar", "interFoam", {})["p"] == "uniform 0"


# 2. pRefValue: buoyantPimpleFoam shifts p to it (the v1912 hotRoom uses 1e5)
@pytest.mark.parametrize(("solver", "expected"), [("buoyantPimpleFoam", "100000"), ("pimpleFoam", "0"),
                                                  ("buoyantBoussinesqPimpleFoam", "0")])
def test_review_pref_value_follows_the_solver(solver: str, expected: str) -> None:
    view = CaseView.from_texts({"system/controlDict": f"application {solver};\nendTime 1;\n",
                                "system/fvSolution": "PIMPLE\n{\n    pRefCell 0;\n}\n"})
    assert keyword_default(view, "system/fvSolution", ["PIMPLE"], "pRefValue") == expected
    assert reference_pressure(solver) == expected


@pytest.fixture
def pitz(tmp_path: Path) -> Path:
    needs_tutorials()
    case = tmp_path / "pitzDaily"
    shutil.copytree(TUTORIALS / "incompressible/simpleFoam/pitzDaily", case)
    return case


# 3. steady -> PIMPLE: the Final equations are not under-relaxed
def test_switch_to_pimple_leaves_final_equations_unrelaxed(pitz: Path) -> None:
    switch_solver(pitz, "pimpleFoam", closed_domain=False)
    sol = (pitz / "system/fvSolution").read_text()
    assert fd.parse_error(sol) is None
    for section in ("equations", "fields"):
        for key in fd.keys(sol, ["relaxationFactors", section]) if fd.find(sol, ["relaxationFactors", section]) else []:
            value = float(fd.get(sol, ["relaxationFactors", section, key]).split()[0])
            matches_final = any(re.fullmatch(key.strip('"'), f) for f in ("UFinal", "pFinal", "kFinal"))
            assert not (matches_final and value < 1), f"{key} {value} relaxes a Final equation"


# 4. outlet placement behind a backward-facing step
def test_outlet_advice_is_beyond_reattachment() -> None:
    text = canonical("troubleshooting.md")
    assert "5–10 step heights" not in text and "5-10 step heights" not in text
    assert "20–30 step heights" in text


# 5. natural convection by Rayleigh number; no buoyancy production claimed for kEpsilon/kOmegaSST
@pytest.mark.parametrize(("ra", "solver", "model"), [
    (5e3, "buoyantBoussinesqSimpleFoam", "laminar"),
    (1e6, "buoyantBoussinesqPimpleFoam", "laminar"),
    (1e10, "buoyantBoussinesqPimpleFoam", "kEpsilon"),
])
def test_rayleigh_choice(ra: float, solver: str, model: str) -> None:
    assert rayleigh_choice(ra)[:2] == (solver, model)


def test_heated_cavity_states_ra_and_is_laminar_at_low_ra() -> None:
    needs_tutorials()
    m = plan("Rayleigh-Benard convection of air in a cavity 0.1 m wide and 0.05 m tall, bottom wall 301 K, "
             "top wall 300 K", TUTORIALS)
    assert m.turbulence.model == "laminar" and m.solver == "buoyantBoussinesqPimpleFoam"
    assert any(a.startswith("Ra = ") for a in m.assumptions)
    assert "alphat" in [g.field for g in m.generate]  # v1912 reads it even when laminar
    text = canonical("turbulence_models.md")
    assert "add buoyancy production via the buoyant solver" not in text
    assert "no buoyancy production term" in text


# 6. MPPIC column with the inlet at the top: fixedFluxPressure at the velocity inlet
def test_mppic_top_inlet_pressure_is_fixed_flux() -> None:
    needs_tutorials()
    m = plan(QUERIES["A5"], TUTORIALS)
    top = next(e for e in m.edits if e.file == "0/p" and e.entry == ["boundaryField", "top"])
    assert top.value["type"] == "fixedFluxPressure"


# 7. isentropic totalPressure needs psi and rho none in v1912
def test_total_pressure_isentropic_form_documented() -> None:
    text = canonical("boundary_conditions.md")
    section = text[text.index("## Compressible inlet and outlet"):]
    section = section[: section.index("\n## ", 5)]
    assert "psi thermo:psi" in section.replace("`", "").replace(";", "") or "thermo:psi" in section
    assert "rho none" in section.replace("`", "").replace(";", "") or re.search(r"rho\s+none", section)
    assert "`gamma` 1.4 for compressible isentropic relation" not in section


# 8. y+ against every model's wall treatment; SST walls with a y+-insensitive nut
def test_sst_walls_use_spalding() -> None:
    assert boundary_condition("wall", "nut", "kOmegaSST", "simpleFoam", {})["type"] == "nutUSpaldingWallFunction"
    assert boundary_condition("wall", "nut", "kEpsilon", "simpleFoam", {})["type"] == "nutkWallFunction"


# 9. y+ 30 at the first cell centre, not the first cell height
def test_first_layer_is_twice_the_centre_distance() -> None:
    text = canonical("meshing.md")
    assert "first cell ≈ 1 mm" not in text
    block = text[text.index("Absolute-size variant aiming for y+ ≈ 30"):]
    assert "firstLayerThickness 0.002;" in block[:1200]


# 10. free-stream turbulence for external flows
def test_freestream_turbulence_has_small_eddy_viscosity() -> None:
    nu = 1.5e-5
    t = freestream_turbulence(30.0, nu)
    assert 1 <= t.k / t.omega / nu <= 10
    assert 0.001 <= t.intensity <= 0.01
    assert "1–10 % of the body size" not in canonical("turbulence_models.md").replace("For external flow take", "")


# 11. transient pitzDaily in PISO mode keeps Co <= 1
def test_transient_pitzdaily_courant_limit() -> None:
    needs_tutorials()
    m = plan("pitzDaily backward-facing step with pimpleFoam, k-epsilon, inlet 10 m/s", TUTORIALS)
    assert m.time.adjustable and m.time.max_co is not None and m.time.max_co <= 1
    assert "only with PIMPLE outer correctors" in canonical("numerics.md")


# 12. bubble column: says why interFoam and not the recommended twoPhaseEulerFoam
def test_bubble_column_explains_the_solver() -> None:
    needs_tutorials()
    m = plan(QUERIES["B4"], TUTORIALS)
    assert any("twoPhaseEulerFoam" in w for w in m.warnings)


# 13. outlet turbulence inletOutlet, kkLOmega inlet kt, gravity fallback
def test_pitzdaily_outlet_turbulence_is_inlet_outlet() -> None:
    needs_tutorials()
    m = plan(QUERIES["A2"], TUTORIALS)
    outlets = {e.file: e.value for e in m.edits if e.entry == ["boundaryField", "outlet"]}
    assert outlets["0/k"]["type"] == outlets["0/epsilon"]["type"] == "inletOutlet"


def test_kklomega_inlet_has_turbulent_kinetic_energy() -> None:
    assert boundary_condition("inlet", "kt", "kkLOmega", "simpleFoam", {"k": "0.375"})["value"] == "uniform 0.375"
    assert internal_value("kt", "simpleFoam", {"k": "0.375"}) == "0.375"


@pytest.mark.parametrize(("cells", "expected"), [("(4 1 40)", "(0 0 -9.81)"), ("(20 80 1)", "(0 -9.81 0)"),
                                                 ("(10 10 10)", "(0 -9.81 0)")])
def test_gravity_fallback_follows_the_mesh_plane(cells: str, expected: str) -> None:
    view = CaseView.from_texts({"system/controlDict": "application MPPICFoam;\n",
                                "system/blockMeshDict": f"blocks ( hex (0 1 2 3 4 5 6 7) {cells} simpleGrading (1 1 1) );\n"})
    assert gravity_default(view) == expected


def test_gravity_fallback_prefers_the_plan() -> None:
    view = CaseView.from_texts({"system/controlDict": "application buoyantPimpleFoam;\n",
                                ".casewright/manifest.json": json.dumps({"physics": {"gravity": [0, 0, -9.81]}})})
    assert gravity_default(view) == "(0 0 -9.81)"


# 13b. one omega wall treatment: every omega model, every wall role, every solver family writes
# omegaWallFunction (it blends the viscous and log layers, so it is right at any y+), and no
# module or template carries its own omega wall condition beside canonical/physics.yaml.
OMEGA_MODELS = ("kOmega", "kOmegaSST", "kkLOmega")


@pytest.mark.parametrize("model", OMEGA_MODELS)
@pytest.mark.parametrize("role", ["wall", "movingWall", "heatedWall"])
@pytest.mark.parametrize("solver", ["simpleFoam", "pimpleFoam", "rhoSimpleFoam", "buoyantBoussinesqSimpleFoam"])
def test_omega_walls_have_one_treatment(model: str, role: str, solver: str) -> None:
    bc = boundary_condition(role, "omega", model, solver, {"omega": "1"})
    assert bc == {"type": "omegaWallFunction", "value": "uniform 1"}, (model, role, solver, bc)


def test_no_omega_wall_condition_outside_the_canonical_table() -> None:
    root = Path(__file__).resolve().parents[2]
    sources = [*root.glob("tasks/**/*.py"), *root.glob("templates/**/*.j2")]
    writers = [p for p in sources if "bench/faults" not in str(p) and re.search(
        r"omegaWallFunction|omega[^\n]{0,80}(fixedValue|zeroGradient)", p.read_text())]
    writers = [p for p in writers if p.name not in {"embed_onnx.py", "audit.py"}]  # a warm-up text; a docstring
    assert not writers, f"omega wall conditions written outside canonical/physics.yaml: {writers}"


def test_switch_to_a_pimple_buoyant_solver_adds_the_p_rgh_final_solver(tmp_path: Path) -> None:
    """A steady Boussinesq case switched to its transient twin solves p_rgh in the Final outer
    corrector too: without a p_rghFinal solver entry it stops at the first time step."""
    needs_tutorials()
    case = tmp_path / "hotRoom"
    shutil.copytree(TUTORIALS / "heatTransfer/buoyantBoussinesqSimpleFoam/hotRoom", case)
    switch_solver(case, "buoyantBoussinesqPimpleFoam", closed_domain=True)
    sol = (case / "system/fvSolution").read_text()
    keys = fd.keys(sol, ["solvers"])
    assert any(re.fullmatch(k.strip('"'), "p_rghFinal") for k in keys), keys
    assert any(re.fullmatch(k.strip('"'), "UFinal") for k in keys), keys
