"""Session 7 leftovers, one class each: a parallel step's log is named by its application; a
request the ranker gives to a variant of a recipe's family tutorial (cavityClipped,
pitzDailyExptInlet) is planned on that variant; modify applies two stated values that share a
number but not a role; heat on the user's own mesh (never axis-aligned boxes) is a passive
temperature, or refused when buoyancy is asked for."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tasks.core.errors import RequestError
from tasks.core.render import render
from tasks.foam import dictionary as fd

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")


# --- Allrun: log.<application> -------------------------------------------------------------

@pytest.mark.parametrize(("step", "log"), [
    ("blockMesh", "log.blockMesh"),
    ("decomposePar -force", "log.decomposePar"),
    ("mpirun -np 4 simpleFoam -parallel", "log.simpleFoam"),
    ("mpirun -np 2 interFoam -parallel", "log.interFoam"),
    ("mpirun -np 16 chtMultiRegionFoam -parallel", "log.chtMultiRegionFoam"),
    ("mpirun -np 3 snappyHexMesh -parallel -overwrite", "log.snappyHexMesh"),
    ("reconstructPar -latestTime", "log.reconstructPar"),
])
def test_allrun_names_each_log_by_its_application(step: str, log: str) -> None:
    lines = [ln for ln in render("foam/Allrun.j2", steps=[step]).splitlines() if ln.startswith(step)]
    assert lines == [f"{step} > {log} 2>&1 || exit 1"]
    assert "log.mpirun" not in render("foam/Allrun.j2", steps=[step])


# --- recipes: a family tutorial's variant is the base ---------------------------------------

@pytest.mark.parametrize(("case", "family", "variant"), [
    ("incompressible/icoFoam/cavity/cavityClipped", "incompressible/icoFoam/cavity/cavity", True),
    ("incompressible/icoFoam/cavity/cavityGrade", "incompressible/icoFoam/cavity/cavity", True),
    ("incompressible/pisoFoam/RAS/cavityCoupledU", "incompressible/icoFoam/cavity/cavity", True),
    ("incompressible/simpleFoam/pitzDailyExptInlet", "incompressible/simpleFoam/pitzDaily", True),
    ("multiphase/interFoam/laminar/damBreakWithObstacle", "multiphase/interFoam/laminar/damBreak/damBreak", True),
    ("incompressible/icoFoam/cavity/cavity", "incompressible/icoFoam/cavity/cavity", False),
    ("incompressible/pisoFoam/RAS/cavity", "incompressible/icoFoam/cavity/cavity", False),  # same name, other solver
    ("basic/potentialFoam/pitzDaily", "incompressible/simpleFoam/pitzDaily", False),
    ("incompressible/simpleFoam/backwardFacingStep2D", "incompressible/simpleFoam/pitzDaily", False),
])
def test_variant_is_a_longer_name_of_the_family(case: str, family: str, variant: bool) -> None:
    from tasks.plan.recipes import is_variant

    assert is_variant(case, family) is variant


@needs_tutorials
@pytest.mark.parametrize(("text", "base", "recipe"), [
    ("lid-driven cavity with a clipped corner, lid speed 1 m/s", "incompressible/icoFoam/cavity/cavityClipped", None),
    ("cavity on a graded mesh, lid 1 m/s, nu 0.01", "incompressible/icoFoam/cavity/cavityGrade", None),
    ("pisoFoam lid driven cavity, coupled U solver", "incompressible/pisoFoam/RAS/cavityCoupledU", None),
    ("pitzDaily with the experimental inlet profile", "incompressible/simpleFoam/pitzDailyExptInlet", None),
    ("lid-driven cavity at Re 100", "incompressible/icoFoam/cavity/cavity", "cavity"),
    ("pitzDaily, simpleFoam, inlet 10 m/s", "incompressible/simpleFoam/pitzDaily", "pitzDaily"),
    ("dam break, water column, end time 1 s", "multiphase/interFoam/laminar/damBreak/damBreak", "damBreak"),
])
def test_the_ranked_variant_is_planned_on(text: str, base: str, recipe: str | None) -> None:
    from tasks.plan.architect import plan

    m = plan(text, TUTORIALS)
    assert m.base_tutorial == base
    if recipe is None:
        assert m.recipe == "tutorial" and any("variant" in w for w in m.warnings)
    else:
        assert m.recipe == recipe


@needs_tutorials
def test_lid_speed_lands_on_the_variant() -> None:
    from tasks.plan.architect import plan

    m = plan("lid-driven cavity with a clipped corner, lid speed 2 m/s, nu 0.02 m2/s", TUTORIALS)
    values = {(e.file, tuple(e.entry)): e.value for e in m.edits}
    assert values[("0/U", ("boundaryField", "lid", "value"))] == "uniform (2 0 0)"
    assert values[("constant/transportProperties", ("nu",))] == "0.02"


# --- modify: one number, two roles -----------------------------------------------------------

DAMBREAK = TUTORIALS / "multiphase/interFoam/laminar/damBreak/damBreak"


@needs_tutorials
@pytest.mark.parametrize(("text", "expected"), [
    ("endTime 0.5 and maxCo 0.5", {"endTime": "0.5", "maxCo": "0.5"}),
    ("Courant number 0.5, end time 0.5", {"endTime": "0.5", "maxCo": "0.5"}),
    ("write every 0.05 s and deltaT 0.05", {"writeInterval": "0.05", "deltaT": "0.05"}),
    ("maximum Courant number 1 and write interval 1", {"writeInterval": "1", "maxCo": "1"}),
    ("max time step 1 and end time 1", {"endTime": "1", "maxDeltaT": "1"}),
])
def test_modify_applies_each_role_of_a_shared_number(tmp_path: Path, text: str, expected: dict[str, str]) -> None:
    from tasks.edit.modify import plan_changes, read_state
    from tasks.foam.files import decompress_tree

    case = Path(shutil.copytree(DAMBREAK, tmp_path / "damBreak"))
    decompress_tree(case)
    plan = plan_changes(read_state(case), text)
    control = [(e.entry[0], str(e.value)) for e in plan.edits if e.file == "system/controlDict"]
    for entry, value in expected.items():
        assert (entry, value) in control
    assert len(control) == len({e for e, _ in control})  # one edit per entry


# --- user meshes: heat without buoyancy is a passive temperature ------------------------------

def _channel(tmp_path: Path) -> Path:
    pytest.importorskip("gmsh")
    from tests.unit.test_mesh_import import write_gmsh_channel

    return write_gmsh_channel(tmp_path / "channel.msh", 2.2)


@needs_tutorials
@pytest.mark.parametrize(("text", "solver"), [
    ("forced convection in the channel, inlet 0.5 m/s at 300 K, walls held at 320 K", "pimpleFoam"),
    ("steady channel flow, inlet 2 m/s, wall temperature 330 K", "simpleFoam"),
    ("heat transfer in the duct: water at 1 m/s, 290 K at the inlet, transient", "pimpleFoam"),
])
def test_heat_on_a_user_mesh_is_a_passive_temperature(tmp_path: Path, text: str, solver: str) -> None:
    from tasks.edit.user_mesh import plan_user_mesh
    from tasks.plan.manifest import CaseRequest

    m = plan_user_mesh(CaseRequest(text=text, mesh=_channel(tmp_path), out_dir=tmp_path / "out"), TUTORIALS)
    assert m.solver == solver
    scratch = Path(m.base_tutorial)
    assert fd.get((scratch / "system/controlDict").read_text(), ["functions", "temperature", "type"]) == \
        "scalarTransport"
    assert (scratch / "0/T").is_file() and not (scratch / "0/p_rgh").exists()
    assert any("passive scalar" in a for a in m.assumptions)


@needs_tutorials
@pytest.mark.parametrize("text", [
    "natural convection in the channel, walls at 320 K",
    "buoyantBoussinesqSimpleFoam, inlet 1 m/s, walls at 350 K",
    "mixed convection with buoyancy: inlet 0.1 m/s, hot walls 340 K",
    "heated channel, gravity 9.81 m/s2, inlet 0.2 m/s, walls 330 K",
])
def test_buoyancy_on_a_user_mesh_is_refused_with_the_reason(tmp_path: Path, text: str) -> None:
    from tasks.edit.user_mesh import plan_user_mesh
    from tasks.plan.manifest import CaseRequest

    with pytest.raises(RequestError, match="axis-aligned boxes.*rectangular domain"):
        plan_user_mesh(CaseRequest(text=text, mesh=_channel(tmp_path), out_dir=tmp_path / "out"), TUTORIALS)


def test_only_a_box_build_is_safe_for_the_buoyant_solvers(tmp_path: Path) -> None:
    from tasks.edit.user_mesh import buoyant_mesh_safe

    assert buoyant_mesh_safe(tmp_path, None) is False  # an imported mesh: nothing shows it is boxes


# --- generic: a best-fitting tutorial that cannot run here is named, with the reason -----------

@needs_tutorials
@pytest.mark.parametrize(("case", "missing"), [
    ("incompressible/porousSimpleFoam/straightDuctImplicit", ["foamyHexMesh"]),  # no CGAL in the Debian build
    ("mesh/parallel/cavity", ["redistributePar"]),
    ("incompressible/pimpleFoam/laminar/sloshing2D", ["makeWave"]),
    ("incompressible/icoFoam/cavity/cavity", []),
    ("incompressible/porousSimpleFoam/angledDuct/implicit", []),
])
def test_missing_commands_of_a_tutorial(case: str, missing: list[str]) -> None:
    from tasks.plan.generic import missing_commands
    from tasks.plan.select import Candidate, tutorial_records

    record = next(r for r in tutorial_records(TUTORIALS) if r.case == case)
    assert missing_commands(Candidate(record=record, score=0.0, why=[])) == missing


@needs_tutorials
@pytest.mark.parametrize("text", [
    "porous straight duct, porousSimpleFoam, inlet 10 m/s",
    "straight duct with a porous zone, implicit porosity, 5 m/s inlet",
])
def test_an_unrunnable_best_fit_is_named_with_the_reason(text: str) -> None:
    from tasks.plan.architect import plan

    m = plan(text, TUTORIALS)
    assert m.base_tutorial.startswith("incompressible/porousSimpleFoam/angledDuct")
    assert any("straightDuctImplicit" in w and "foamyHexMesh" in w for w in m.warnings)
