"""What a tutorial's own files say about its physics beyond its case-base record: a porous zone,
a part that rotates without a rotating zone, a non-Newtonian fluid, thermal radiation, a mesh that
moves, local time stepping. Read once per tutorial and cached; base selection (tasks/plan/select.py) turns them into
physics flags and points."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from tasks.foam.files import find_file, read_text

_POROSITY = re.compile(r"\b(?:explicitPorositySource|DarcyForchheimer|powerLaw|fixedCoeff)\b")


def has_porous_zone(root: Path) -> bool:
    """The tutorial has a porous zone: constant/porosityProperties, or a porosity source in its
    fvOptions (pisoFoam's porousBlockage, rhoPimpleFoam's angledDuct)."""
    for rel in ("constant/porosityProperties", "constant/fvOptions", "system/fvOptions"):
        found = find_file(root / rel.rsplit("/", 1)[0], rel.rsplit("/", 1)[1])
        if found is not None and (rel.endswith("porosityProperties") or _POROSITY.search(read_text(found))):
            return True
    return False


_NEWTONIAN_MODELS = {"Newtonian", "newtonian", "incompressiblePerfectGas", "singlePhaseTransportModel"}


@lru_cache(maxsize=1024)
def non_newtonian_cached(path: str) -> bool:
    """The tutorial's fluid is non-Newtonian: constant/transportProperties' transportModel names a
    viscosity law (BirdCarreau, CrossPowerLaw, ArrheniusBirdCarreau, ...)."""
    found = find_file(Path(path) / "constant", "transportProperties") if path else None
    if found is None:
        return False
    m = re.search(r"^\s*transportModel\s+(\w+)\s*;", read_text(found), re.M)
    return bool(m and m.group(1) not in _NEWTONIAN_MODELS)


_ROTATION = re.compile(r"\b(?:rotatingMotion|multiMotion|rotorDisk|rotorDiskSource)\b")


@lru_cache(maxsize=1024)
def rotates_cached(path: str) -> bool:
    """The tutorial turns a part of its domain without a rotating zone: its mesh rotates
    (dynamicMeshDict's rotatingMotion) or a rotor disk source (fvOptions' rotorDisk) stands for it."""
    if not path:
        return False
    for rel in ("constant/dynamicMeshDict", "constant/fvOptions", "system/fvOptions"):
        folder, name = rel.rsplit("/", 1)
        found = find_file(Path(path) / folder, name)
        if found is not None and _ROTATION.search(read_text(found)):
            return True
    return False


@lru_cache(maxsize=1024)
def porous_cached(path: str) -> bool:
    return has_porous_zone(Path(path)) if path else False


_RADIATION_ON = re.compile(r"^\s*radiation\s+(?:on|true|yes)\s*;", re.M)
_RADIATION_MODEL = re.compile(r"^\s*radiationModel\s+(\w+)\s*;", re.M)


def carries_radiation(root: Path) -> bool:
    """The tutorial solves thermal radiation: a radiationProperties (in constant/ or a region's
    folder of it) that switches radiation on or names a model other than none."""
    constant = root / "constant"
    if not constant.is_dir():
        return False
    for found in sorted(constant.rglob("radiationProperties*")):
        text = read_text(found)
        model = _RADIATION_MODEL.search(text)
        if _RADIATION_ON.search(text) or (model and model.group(1) not in ("none", "noRadiation")):
            return True
    return False


# a mesh that moves or deforms (a motion solver, an overset mesh, a tracked interface); adaptive
# refinement (dynamicRefineFvMesh) and staticFvMesh change no point's place
_MOVING_MESH = re.compile(r"^\s*dynamicFvMesh\s+(?!staticFvMesh|dynamicRefineFvMesh)(\w+)\s*;", re.M)


def moves_mesh(root: Path) -> bool:
    """The tutorial's mesh moves: constant/dynamicMeshDict names a moving dynamicFvMesh
    (dynamicMotionSolverFvMesh, dynamicOversetFvMesh, interfaceTrackingFvMesh, ...)."""
    found = find_file(root / "constant", "dynamicMeshDict")
    return bool(found is not None and _MOVING_MESH.search(read_text(found)))


@lru_cache(maxsize=1024)
def radiation_cached(path: str) -> bool:
    return carries_radiation(Path(path)) if path else False


_OSCILLATING_BC = re.compile(r"\bamplitude\b[^}]*\b(?:frequency|omega)\b|\b(?:frequency|omega)\b[^}]*\bamplitude\b", re.S)


@lru_cache(maxsize=1024)
def imposed_oscillation_cached(path: str) -> bool:
    """A field of the tutorial imposes an oscillation on a boundary: an amplitude beside a frequency
    or omega in one patch condition (a sine velocity, an oscillating displacement)."""
    root = Path(path) if path else None
    for folder in ("0.orig", "0") if root is not None else ():
        if (root / folder).is_dir():
            for f in (root / folder).iterdir():
                if f.is_file() and _OSCILLATING_BC.search(read_text(f)):
                    return True
    return False


@lru_cache(maxsize=1024)
def moving_mesh_cached(path: str) -> bool:
    return moves_mesh(Path(path)) if path else False


# a change of phase the tutorial's dictionaries model: a phase-change model of its own file
# (interCondensatingEvaporatingFoam), a thermal phase-change phase system or a mass-transfer model
# (the Euler-Euler and icoReactingMultiphaseInterFoam phaseProperties), a melting source
# (fvOptions' solidificationMeltingSource), a cavitation model (interPhaseChangeFoam's mixture,
# cavitatingFoam's barotropic mixture), a particle cloud's evaporation (phaseChangeModel)
_PHASE_CHANGE = re.compile(r"^\s*(?:phaseChange\s+(?:on|true|yes)\s*;|type\s+\w*PhaseChange\w*\s*;"
                           r"|phaseChangeTwoPhaseModel\s+\w+\s*;|type\s+solidificationMeltingSource\s*;"
                           r"|phaseChangeTwoPhaseMixture\s+\w+\s*;|barotropicCompressibilityModel\s+\w+\s*;"
                           r"|phaseChangeModel\s+(?!none\b)\w+\s*;)", re.M)
_MASS_TRANSFER = re.compile(r"^\s*massTransferModel\s*\(\s*\(", re.M)  # a pair of phases inside it
_PHASE_CHANGE_FILES = ("phaseProperties", "fvOptions", "transportProperties", "thermodynamicProperties")


def models_phase_change(root: Path) -> bool:
    """The tutorial changes the phase of its fluid (condensation, evaporation, boiling, melting,
    cavitation): constant/phaseChangeProperties, or a phaseProperties, fvOptions, transport or
    thermodynamic properties or particle cloud properties (its own or a region's) that switch a
    phase-change model on or name a pair of phases that exchange mass."""
    if find_file(root / "constant", "phaseChangeProperties") is not None:
        return True
    for folder in ("constant", "system"):
        base = root / folder
        if not base.is_dir():
            continue
        for found in sorted(base.rglob("*")):
            stem = found.name.split(".")[0]
            if found.is_file() and (stem in _PHASE_CHANGE_FILES or stem.endswith("CloudProperties")
                                    or re.fullmatch(r"\w*[cC]loud\d*Properties", stem)):
                text = read_text(found)
                if _PHASE_CHANGE.search(text) or _MASS_TRANSFER.search(text):
                    return True
    return False


@lru_cache(maxsize=1024)
def phase_change_cached(path: str) -> bool:
    return models_phase_change(Path(path)) if path else False


_LOCAL_EULER = re.compile(r"\bdefault\s+localEuler\b")


def steps_locally(root: Path) -> bool:
    """The tutorial marches with local time stepping (LTS): system/fvSchemes' default ddt scheme is
    localEuler (rhoPimpleFoam's angledDuctLTS, reactingFoam's *_LTS flames, interFoam's DTCHull)."""
    found = find_file(root / "system", "fvSchemes")
    return bool(found is not None and _LOCAL_EULER.search(read_text(found)))


@lru_cache(maxsize=1024)
def local_time_stepping_cached(path: str) -> bool:
    return steps_locally(Path(path)) if path else False
