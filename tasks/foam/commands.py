"""The OpenFOAM v1912 commands Casewright knows: every solver of the Debian package and the
utilities it may run. The runner's whitelist and the planners' solver checks read them here."""

from __future__ import annotations

import difflib
import re
import shlex
from functools import lru_cache

import yaml

from tasks.core.paths import CANONICAL_DIR

# Not a command: where a tutorial's script copies 0.orig to 0 (`restore0Dir`). Casewright does it
# itself at that point of the sequence (tasks/run/steps.restore_initial_fields); a case whose
# sequence has no marker gets its fields restored before the first step.
RESTORE_FIELDS = "restore0Dir"
# Not a command either: a shell line of the script that finishes the mesh files (`cat` of points,
# `sed` of patch types, `mv`), reproduced in Python where the script has it (tasks/foam/mesh_file_edits.py).
FILE_EDIT = "meshFileEdit"

# The mesh converters of the Debian package: a tutorial's Allrun may call one directly or
# through a shell function of its own (the flange's runAnsysToFoam).
MESH_CONVERTERS = frozenset(
    {
        "ansysToFoam", "cfx4ToFoam", "datToFoam", "fireToFoam", "fluent3DMeshToFoam", "fluentMeshToFoam",
        "gambitToFoam", "gmshToFoam", "ideasUnvToFoam", "kivaToFoam", "mshToFoam", "netgenNeutralToFoam",
        "plot3dToFoam", "star4ToFoam", "tetgenToFoam", "vtkUnstructuredToFoam",
    }
)

UTILITIES = frozenset(
    {
        "blockMesh", "checkMesh", "setFields", "snappyHexMesh", "surfaceFeatureExtract",
        "topoSet", "decomposePar", "reconstructPar", "foamToVTK", "postProcess",
        "fluentMeshToFoam", "fluent3DMeshToFoam", "gmshToFoam", "createPatch",
        "extrudeMesh", "refineMesh", "mapFields", "potentialFoam", "renumberMesh",
        "transformPoints", "surfaceCheck", "foamDictionary", "foamListTimes",
        # mesh and field utilities the installed tutorials' Allrun scripts call
        "changeDictionary", "createBaffles", "subsetMesh", "mirrorMesh", "splitMeshRegions",
        "mergeMeshes", "stitchMesh", "rotateMesh", "setsToZones", "extrudeToRegionMesh",
        "applyBoundaryLayer", "foamFormatConvert", "surfaceTransformPoints", "mapFieldsPar",
        "faceAgglomerate", "viewFactorsGen", "createExternalCoupledPatchGeometry", "setWaves",
        "moveMesh", "polyDualMesh", "collapseEdges", "refineWallLayer",
        "snappyRefineMesh", "surfaceFeatureExtract", "insideCells", "zeroDimensionalMesh",
        # initial-field, mesh and conversion utilities of the Debian package that other tutorials' Allrun call
        "boxTurb", "createBoxTurb", "setAlphaField", "mergeOrSplitBaffles", "makeFaMesh", "chemkinToFoam",
        "star4ToFoam", "datToFoam", "dsmcInitialise", "mdInitialise", "PDRMesh", "PDRblockMesh",
        "PDRsetFields", "refineHexMesh", "surfaceMeshExtract",
    }
) | MESH_CONVERTERS

# Solvers with no time loop: they solve once at the start time, write it and print "End"
# (potentialFoam's initial potential flow). "Reached endTime" means that for them.
SINGLE_PASS = frozenset({"potentialFoam"})

# The solvers of OpenFOAM v1912 (Debian). A controlDict naming anything else is refused.
SOLVERS = frozenset(
    """
    DPMDyMFoam DPMFoam MPPICDyMFoam MPPICFoam MPPICInterFoam PDRFoam SRFPimpleFoam
    SRFSimpleFoam XiDyMFoam XiEngineFoam XiFoam adjointOptimisationFoam
    adjointShapeOptimizationFoam boundaryFoam buoyantBoussinesqPimpleFoam
    buoyantBoussinesqSimpleFoam buoyantPimpleFoam buoyantSimpleFoam cavitatingDyMFoam
    cavitatingFoam chemFoam chtMultiRegionFoam chtMultiRegionSimpleFoam
    chtMultiRegionTwoPhaseEulerFoam coalChemistryFoam coldEngineFoam
    compressibleInterDyMFoam compressibleInterFilmFoam compressibleInterFoam
    compressibleMultiphaseInterFoam dnsFoam driftFluxFoam dsmcFoam electrostaticFoam
    engineFoam financialFoam fireFoam icoFoam icoReactingMultiphaseInterFoam
    icoUncoupledKinematicParcelDyMFoam icoUncoupledKinematicParcelFoam
    interCondensatingEvaporatingFoam interFoam interIsoFoam interMixingFoam
    interPhaseChangeDyMFoam interPhaseChangeFoam laplacianFoam liquidFilmFoam magneticFoam
    mdEquilibrationFoam mdFoam mhdFoam multiphaseEulerFoam multiphaseInterFoam
    nonNewtonianIcoFoam overBuoyantPimpleDyMFoam overInterDyMFoam overLaplacianDyMFoam
    overPimpleDyMFoam overPotentialFoam overRhoPimpleDyMFoam overRhoSimpleFoam
    overSimpleFoam pimpleFoam pisoFoam porousSimpleFoam potentialFoam
    potentialFreeSurfaceDyMFoam potentialFreeSurfaceFoam reactingFoam
    reactingHeterogenousParcelFoam reactingMultiphaseEulerFoam reactingParcelFoam
    reactingTwoPhaseEulerFoam rhoCentralDyMFoam rhoCentralFoam rhoPimpleAdiabaticFoam
    rhoPimpleFoam rhoPorousSimpleFoam rhoReactingBuoyantFoam rhoReactingFoam rhoSimpleFoam
    scalarTransportFoam shallowWaterFoam simpleCoalParcelFoam simpleFoam
    simpleReactingParcelFoam simpleSprayFoam solidDisplacementFoam
    solidEquilibriumDisplacementFoam sonicDyMFoam sonicFoam sonicLiquidFoam
    sphereSurfactantFoam sprayDyMFoam sprayFoam surfactantFoam thermoFoam
    twoLiquidMixingFoam twoPhaseEulerFoam uncoupledKinematicParcelDyMFoam
    uncoupledKinematicParcelFoam
    """.split()
)

ALLOWED_COMMANDS = UTILITIES | SOLVERS


def closest_solvers(name: str, n: int = 3) -> list[str]:
    """The installed solvers spelled most like `name` (for "did you mean" messages)."""
    return difflib.get_close_matches(name, sorted(SOLVERS), n=n, cutoff=0.5)


_QUOTE = re.compile(r"['\"]")


def join_quoted(words: list[str]) -> list[str]:
    """Arguments split on whitespace joined again where the shell quoted them:
    `['-scale', '"(1', '0', '1)"']` -> `['-scale', '(1 0 1)']` (a tutorial's quoted vector is
    data, one argument). Words without quotes are returned as they are; an unbalanced quote is
    left in place, for the runner's argument check to refuse. No shell ever sees the result:
    the runner passes each argument to the command as it is."""
    if not any(_QUOTE.search(w) for w in words):
        return list(words)
    try:
        return shlex.split(" ".join(words))
    except ValueError:
        return list(words)


@lru_cache(maxsize=1)
def solver_help() -> dict[str, str]:
    """Each solver's own `-help` description, as canonical/solvers.yaml keeps it ({} without the file)."""
    path = CANONICAL_DIR / "solvers.yaml"
    data = yaml.safe_load(path.read_text()) if path.is_file() else {}
    return {name: str((entry or {}).get("help") or "") for name, entry in (data or {}).items()}
