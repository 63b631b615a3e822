"""A solver's kind: its family (incompressible, boussinesq, compressible, multiphase),
steady or not, absolute pressure or kinematic, the flux it convects turbulence with and whether it
reads alphat. The installed tutorials decide; hand lists cover solvers no tutorial tells about."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Literal

from tasks.foam import dictionary as fd
from tasks.foam.physics_tutorials import (
    _turbulent,
    initial_fields,
    makes_fields,
    solver_tutorials,
    tutorial_absolute_pressure,
    tutorial_phase_fractions,
    tutorial_root,
    tutorial_text,
)

Family = Literal["incompressible", "boussinesq", "compressible", "multiphase"]


ABSOLUTE_PRESSURE_SOLVERS = frozenset(
    {"rhoSimpleFoam", "rhoPimpleFoam", "rhoCentralFoam", "sonicFoam", "buoyantSimpleFoam",
     "buoyantPimpleFoam", "chtMultiRegionFoam", "chtMultiRegionSimpleFoam", "rhoPorousSimpleFoam",
     "reactingFoam", "fireFoam", "compressibleInterFoam"}
)
MULTIPHASE_SOLVERS = frozenset(
    {"interFoam", "interIsoFoam", "multiphaseInterFoam", "interMixingFoam", "driftFluxFoam",
     "compressibleInterFoam", "twoPhaseEulerFoam", "multiphaseEulerFoam", "MPPICInterFoam"}
)
STEADY_SOLVERS = frozenset(
    {"simpleFoam", "buoyantBoussinesqSimpleFoam", "buoyantSimpleFoam", "rhoSimpleFoam",
     "porousSimpleFoam", "SRFSimpleFoam", "chtMultiRegionSimpleFoam", "potentialFoam",
     "rhoPorousSimpleFoam", "overSimpleFoam", "boundaryFoam"}  # laplacianFoam: dT/dt, transient
)


def solver_family(solver: str) -> Family:
    """The solver's family: boussinesq by name; multiphase when its installed tutorials carry
    phase fractions (alpha.<phase>), compressible when they carry an absolute pressure; the
    hand lists decide for a solver no tutorial tells about."""
    if solver.startswith("buoyantBoussinesq"):
        return "boussinesq"
    phases = tutorial_phase_fractions(solver)
    if phases or (phases is None and solver in MULTIPHASE_SOLVERS):
        return "multiphase"
    if is_absolute_pressure(solver):
        return "compressible"
    return "incompressible"


def is_steady(solver: str) -> bool:
    return solver in STEADY_SOLVERS


def convection_flux(solver: str) -> str:
    """The flux a solver convects its turbulence fields with, as its installed tutorials name
    it in divSchemes (div(phi,k) for interFoam, div(rhoPhi,k) for driftFluxFoam,
    div(alphaRhoPhic,k) for MPPICInterFoam); when none is turbulent, a thermodynamic solver's
    momentum flux (compressibleInterFoam's rhoPhi), else phi."""
    return _convection_flux(str(tutorial_root()), solver)


_TURBULENCE_DIV = re.compile(r"div\((\w+),(?:k|epsilon|omega|nuTilda)\)")


_MOMENTUM_DIV = re.compile(r"div\((\w+),U\)")


@lru_cache(maxsize=256)
def _convection_flux(root: str, solver: str) -> str:
    seen: Counter[str] = Counter()
    momentum: Counter[str] = Counter()
    for tut in solver_tutorials(solver):
        turbulent = _turbulent(tut) is not False
        for key in fd.keys(tutorial_text(tut, "system/fvSchemes") or "", ["divSchemes"]):
            m = _TURBULENCE_DIV.fullmatch(key)
            if m and turbulent:  # a laminar tutorial's div(phi,k) is a leftover nothing reads
                seen[m.group(1)] += 1
            m = _MOMENTUM_DIV.fullmatch(key)
            if m:
                momentum[m.group(1)] += 1
    if seen:
        return seen.most_common(1)[0][0]
    # no turbulent tutorial: a thermodynamic solver's turbulence is convected by its mass flux, the one
    # its momentum is (compressibleInterFoam: rhoPhi); an incompressible solver's by the volume flux phi
    if momentum and is_absolute_pressure(solver):
        return momentum.most_common(1)[0][0]
    return "phi"


def needs_alphat(solver: str) -> bool:
    """Whether `solver` with a turbulence model reads 0/alphat (its eddy diffusivity of heat):
    what its turbulent installed tutorials do (alphat or alphat.<phase> among their fields:
    rhoPimpleFoam, compressibleInterFoam yes; interCondensatingEvaporatingFoam no); when none is
    turbulent, every thermodynamic (absolute-pressure) solver does."""
    return _needs_alphat(str(tutorial_root()), solver)


@lru_cache(maxsize=256)
def _needs_alphat(root: str, solver: str) -> bool:
    votes = [any(n == "alphat" or n.startswith("alphat.") for n in initial_fields(tut))
             for tut in solver_tutorials(solver) if _turbulent(tut) and not makes_fields(tut)]
    if votes:
        return any(votes)
    return is_absolute_pressure(solver)


def is_absolute_pressure(solver: str) -> bool:
    """Solvers whose p is the absolute (thermodynamic) pressure in Pa: what the installed
    tutorials of the solver say (their p or p_rgh in Pa at a thermodynamic level), else the
    hand list for a solver no tutorial tells about."""
    learnt = tutorial_absolute_pressure(solver)
    return solver in ABSOLUTE_PRESSURE_SOLVERS if learnt is None else learnt
