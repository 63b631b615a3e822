"""Installed tutorials whose scripts loop: their steps read once per word or region, and the mesh method
of a mesh grown in place by extrusion (waterChannel: blockMesh, then two extrudeMesh passes on its own
mesh) against one built by extrusion (aerofoilNACA0012's patch, cylinderMesh's surface, another case)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tasks.knowledge.casebase import RunStep, extrusion_builds_mesh, read_case_record, read_run_sequence

TUTORIALS = Path("/usr/share/doc/openfoam-examples/examples")
needs_tutorials = pytest.mark.skipif(not TUTORIALS.is_dir(), reason="OpenFOAM tutorials not installed")
HEATER_REGIONS = ("bottomAir", "topAir", "heater", "leftSolid", "rightSolid")


def _steps(case: str) -> list[str]:
    return [f"{s.app} {s.args}".strip() for s in read_run_sequence(TUTORIALS / case, None)]


@needs_tutorials
@pytest.mark.parametrize("case, expected", [
    ("heatTransfer/chtMultiRegionSimpleFoam/multiRegionHeaterRadiation",
     ["blockMesh", "topoSet", "restore0Dir", "splitMeshRegions -cellZones -overwrite",
      *[f"changeDictionary -region {r}" for r in HEATER_REGIONS],
      "faceAgglomerate -region bottomAir -dict constant/viewFactorsDict",
      "faceAgglomerate -region topAir -dict constant/viewFactorsDict",
      "viewFactorsGen -region bottomAir", "viewFactorsGen -region topAir", "$(getApplication)"]),
    ("heatTransfer/chtMultiRegionFoam/externalSolarLoad",
     ["blockMesh", "topoSet", "splitMeshRegions -cellZones -overwrite", "restore0Dir",
      *[f"changeDictionary -region {r} -subDict dictionaryReplacement" for r in ("air", "solid", "floor")],
      "faceAgglomerate -region air -dict constant/viewFactorsDict", "viewFactorsGen -region air",
      "$(getApplication)"]),
    ("multiphase/interFoam/RAS/waterChannel",
     ["blockMesh", "extrudeMesh -dict system/extrudeMeshDict.1", "extrudeMesh -dict system/extrudeMeshDict.2",
      "setFields", "$(getApplication)"]),
])
def test_looped_tutorials_read_step_by_step(case: str, expected: list[str]) -> None:
    assert _steps(case) == expected


@needs_tutorials
def test_refinement_tiers_read_one_pass_per_tier() -> None:
    steps = _steps("mesh/refineMesh/refineFieldDirs")
    assert [s for s in steps if s.startswith("topoSet")] == \
        [f"topoSet -dict system/topoSetDict.tier{i}" for i in range(1, 7)] + \
        [f"topoSet -dict system/topoSetDict.range{i}" for i in range(1, 4)]
    assert steps.count("refineMesh -dict system/refineMeshDict.tier3 -overwrite") == 1


@needs_tutorials
def test_the_hull_is_refined_six_times_before_snapping() -> None:
    steps = _steps("multiphase/interFoam/RAS/DTCHull")
    at = steps.index("snappyHexMesh -overwrite")
    assert steps[steps.index("blockMesh") + 1:at] == [
        s for i in range(1, 7) for s in (f"topoSet -dict system/topoSetDict.{i}", "refineMesh -dict system/refineMeshDict -overwrite")]


@needs_tutorials
def test_a_sweep_over_a_variable_stays_one_pass() -> None:
    """boundaryWallFunctionsProfile runs its solver once per viscosity exponent of `$exponents`: a
    parameter sweep, not a case's set-up; it stays as read before."""
    assert [s for s in _steps("incompressible/boundaryFoam/boundaryWallFunctionsProfile") if s.startswith("$(")] == \
        ["$(getApplication)"]


@needs_tutorials
@pytest.mark.parametrize("case, method", [
    ("multiphase/interFoam/RAS/waterChannel", "blockMesh"),  # grown in place: constructFrom mesh, sourceCase <case>
    ("compressible/rhoSimpleFoam/aerofoilNACA0012", "extrudeMesh"),  # a new mesh from one patch of the blockMesh
    ("compressible/rhoPimpleFoam/RAS/aerofoilNACA0012", "extrudeMesh"),
    ("multiphase/compressibleInterFoam/laminar/climbingRod", "extrudeMesh"),
    ("basic/overPotentialFoam/cylinder/cylinderMesh", "extrudeMesh"),  # from a surface, sourceCase ../cavity
    ("incompressible/overSimpleFoam/aeroFoil/aeroFoil_overset", "extrudeMesh"),  # from another case's patch
    ("multiphase/interFoam/RAS/DTCHull", "snappyHexMesh"),
    ("heatTransfer/chtMultiRegionSimpleFoam/multiRegionHeaterRadiation", "blockMesh"),
])
def test_mesh_method(case: str, method: str) -> None:
    assert read_case_record(TUTORIALS / case, TUTORIALS).mesh_method == method


_DICT = "FoamFile {{ version 2.0; format ascii; class dictionary; object extrudeMeshDict; }}\n{body}\n"


@pytest.mark.parametrize("body, args, builds", [
    ('constructFrom mesh; sourceCase "<case>"; sourcePatches (outlet);', "", False),
    ('constructFrom mesh; sourceCase "$FOAM_CASE"; sourcePatches (outlet);', "-dict system/extrudeMeshDict.1", False),
    ("constructFrom mesh; sourceCase .; sourcePatches (outlet);", "", False),
    ("constructFrom mesh; sourcePatches (outlet);", "", False),
    ('constructFrom mesh; sourceCase "../inlet"; sourcePatches (outlet);', "", True),
    ('constructFrom patch; sourceCase "$FOAM_CASE"; sourcePatches (back);', "", True),
    ('constructFrom surface; surface "constant/triSurface/c.vtk";', "", True),
])
def test_an_extrusion_builds_the_mesh_or_grows_it(tmp_path: Path, body: str, args: str, builds: bool) -> None:
    (tmp_path / "system").mkdir()
    name = args.split("/")[-1] if args else "extrudeMeshDict"
    (tmp_path / "system" / name).write_text(_DICT.format(body=body))
    assert extrusion_builds_mesh(tmp_path, RunStep(app="extrudeMesh", args=args)) is builds


def test_an_extrusion_whose_dictionary_is_missing_builds(tmp_path: Path) -> None:
    assert extrusion_builds_mesh(tmp_path, RunStep(app="extrudeMesh", args="-dict system/extrudeMeshDict.7"))
