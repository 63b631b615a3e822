"""Scoring a tutorial by physics: the flags its record carries (compressible, multiphase, heat,
buoyancy, particles, combustion, a rotating zone, porous, non-Newtonian) against those the
request asks for, the time scheme its solver runs, the boundary conditions it has, the physics
the request states that the base must carry (turbulence, radiation, a moving mesh), and the
classes of flow a request describes without the method's name (MRF or SRF, conjugate heat
transfer, compressible VOF). Pure apart from reading a tutorial's regionProperties (cached).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from tasks.foam.files import find_file, read_text
from tasks.knowledge.casebase import CaseRecord
from tasks.plan.select_features import BC_WORDS, RequestFeatures
from tasks.plan.select_openings import has_opening
from tasks.plan.select_records import (
    imposed_oscillation_cached,
    moving_mesh_cached,
    non_newtonian_cached,
    phase_change_cached,
    porous_cached,
    radiation_cached,
)
from tasks.plan.select_phases import record_phases
from tasks.plan.select_words import (
    _EITHER_TIME_SCHEME,
    PHRASE_POINTS,
    WORD_POINTS,
    _compressible_vof,
    _described_compressible,
    _described_free_surface,
    _euler_euler,
    _vof,
    _is_steady,
    _laminar_only,
    _n_phase_vof,
)

# Solvers a base can be switched between by tasks/edit/caseops.switch_solver.
SWITCHABLE = {"icoFoam", "pisoFoam", "pimpleFoam", "simpleFoam"}

BC_POINTS = 25.0  # a base that has the boundary condition the request asks of a wall or an inlet

STATED_PHYSICS_POINTS = 40.0  # a base that carries the radiation or mesh motion the request states
MISSING_STATED_PHYSICS = 20.0  # one that does not
CLOSED_DOMAIN_COST = 25.0  # a closed or periodic tutorial (walls, cyclic only) for a request with an inlet
LAMINAR_ONLY_COST = 60.0  # a laminar-only solver (its own -help line) for a request that states turbulence


# the fields a turbulence model (RAS or LES, of any phase) reads or writes
_TURBULENCE_FIELDS = frozenset("k epsilon omega nut nuTilda alphat mut muTilda nuSgs R kl kt".split())
NO_TURBULENCE_COST = 100.0  # a tutorial with no turbulence model, not switchable, for a turbulent request


def carries_turbulence(r: CaseRecord) -> bool:
    """The tutorial runs a turbulence model or can take one: a turbulenceProperties that names a
    simulation type, or a field of a turbulence model in 0/ ('k', 'nut', 'alphat.water'). A tutorial
    whose fields its Allrun brings from elsewhere (porousSimpleFoam's angledDuct, from ../common) is
    not known to lack one."""
    return r.simulation_type is not None or not r.fields or any(
        f.name.rsplit("/", 1)[-1].split(".")[0] in _TURBULENCE_FIELDS for f in r.fields)


def lacks_stated_turbulence(r: CaseRecord, solver: str, features: RequestFeatures) -> bool:
    """The request states a turbulence model (RAS, LES, a model's name; the word 'turbulence' alone
    may name the phenomenon a DNS resolves) that the tutorial cannot take: it has no
    turbulence model of any kind (carries_turbulence) and its solver is not one the base is switched
    between (a laminar-only solver is costed by its own -help line instead)."""
    return features.model_stated and solver != features.solver and \
        solver not in SWITCHABLE and not _laminar_only(solver) and not carries_turbulence(r)


def implied_flags(flags: dict[str, bool]) -> set[str]:
    """Physics a base carries because of what the request asks, not counted as physics nobody
    asked for: a compressible gas carries its energy; a change of phase its energy and the
    thermophysical model of its phases."""
    implied: set[str] = set()
    if flags.get("compressible"):
        implied.add("energy")
    if flags.get("phase_change"):
        implied |= {"energy", "compressible"}
    return implied


def _record_flags(r: CaseRecord) -> dict[str, bool]:
    solver = r.solver or ""
    low = solver.lower()
    return {
        # a Boussinesq solver is incompressible whatever its thermophysical file says; a solver
        # whose own description computes a compressibility (cavitatingFoam's mixture) is compressible
        "compressible": (r.compressibility == "compressible" or _described_compressible(solver))
        and "boussinesq" not in low,
        # a VOF or Euler-Euler method has phases even where its phase fraction is written by its Allrun
        "multiphase": r.multiphase or record_phases(r) > 0 or _vof(solver) or _euler_euler(solver),
        "energy": r.energy or r.buoyancy,
        "buoyancy": r.buoyancy,
        "lagrangian": r.lagrangian,
        # (icoReactingMultiphaseInterFoam's "reacting" is phase change: melting, evaporation)
        "combustion": any(w in low for w in ("reacting", "xifoam", "xidym", "xiengine", "fire", "chem", "pdr",
                                             "combust", "spray")) and "multiphaseinter" not in low,
        "mrf": r.mrf or solver.startswith("SRF"),
        "porous": low.startswith(("porous", "rhoporous")) or porous_cached(r.path),
        "non_newtonian": "nonnewtonian" in low or non_newtonian_cached(r.path),
        "phase_change": phase_change_cached(r.path),
    }


def _flag_agrees(flag: str, wanted: bool, rflags: dict[str, bool], features: RequestFeatures,
                 solver: str = "") -> bool:
    """The record has the physics flag as the request wants it. A particle cloud is a dispersed
    phase: a multiphase request for particles, droplets or a spray is met by a Lagrangian tutorial;
    and particles the request carries by a continuum method it names ('sand settles as a mixture',
    'particles and gas as two fluids': drift-flux, Euler-Euler) are met by that multiphase tutorial."""
    if flag == "multiphase" and wanted and rflags.get("lagrangian") and not features.free_surface and (
            features.flags.get("lagrangian") or features.dispersed):
        return True  # ... unless a liquid's surface is described ('water level 0.5 m'): a cloud has none
    if flag == "lagrangian" and wanted and rflags.get("multiphase") and \
            features.hint_strength.get(solver, 0.0) >= PHRASE_POINTS:
        return True
    if flag == "mrf" and wanted and rflags.get("rotates"):
        return True  # a rotating part by another method: a rotating mesh (AMI) or an actuator disk
    if flag == "buoyancy" and wanted and rflags.get("multiphase") and rflags.get("energy"):
        return True  # phases of different temperature under gravity (p_rgh): their densities drive the flow
    if flag == "multiphase" and wanted and _described_free_surface(solver):
        return True  # a free surface carried by one phase (a wave height field): no second phase needed
    return rflags.get(flag) == wanted


def _bc_carried(r: CaseRecord, asked: list[str]) -> list[str]:
    """The conditions the request asks for (BC_WORDS' keys) that a field of the tutorial carries."""
    types = {t for f in r.fields for t in f.patches.values()}
    return [name for name in asked if any(BC_WORDS[name][1] in t for t in types)]


def _other_time_scheme(solver: str, features: RequestFeatures, switchable: bool = True) -> bool:
    """The request asks for steady (or transient) flow and the solver cannot run it that way
    (the incompressible ones are switched between, tasks/edit/caseops.switch_solver, unless
    `switchable` is False: a sibling tutorial that already runs it that way is the better base)."""
    return bool(features.steady is not None and solver and (not switchable or solver not in SWITCHABLE)
                and not _EITHER_TIME_SCHEME.search(solver) and _is_steady(solver) != features.steady)


_SOLID_ONLY_WORDS = {"solid", "joule", "conduction", "electric", "electrical", "current", "resistive"}
CLASS_POINTS = 45.0  # a class of flow the request describes without naming the method


def _class_points(r: CaseRecord, solver: str, features: RequestFeatures, why: list[str]) -> float:
    """Points for what a request describes without the method's name: a rotating zone (MRF) or the
    whole fluid rotating (SRF), a solid and a fluid exchanging heat (conjugate heat transfer), a
    compressible gas and liquid kept apart by an interface (compressible VOF)."""
    points = 0.0
    srf = solver.startswith("SRF")
    if features.frame == "zone":
        if srf:
            points -= 60.0
        elif r.mrf:
            points += CLASS_POINTS
            why.append("a rotating zone (MRF)")
    elif features.frame == "whole":
        if srf:
            points += CLASS_POINTS
            why.append("the whole fluid in a rotating frame (SRF)")
        elif r.mrf:
            points -= 40.0
    two_phase = features.two_phase_coolant  # a boiling coolant, water and its vapour
    if features.solid_and_fluid and solver.startswith("chtMultiRegion") and ("TwoPhase" in solver) == two_phase \
            and _has_fluid_region(r.path):
        points += CLASS_POINTS + 25.0  # a single-region tutorial named like the flow has no solid to conduct in
        why.append("a solid and a fluid exchanging heat (conjugate heat transfer)"
                   + (", the fluid in two phases" if two_phase else ""))
    if solver.startswith("chtMultiRegion") and not _has_fluid_region(r.path) and \
            not set(features.words) & _SOLID_ONLY_WORDS:
        points -= 20.0  # a solid region alone (jouleHeatingSolid) is no base for a flow
    if features.flags.get("multiphase") and _n_phase_vof(solver) and solver not in features.hint_strength \
            and features.phases < 3:
        points -= 25.0  # two phases asked for (no third named): a two-phase VOF solver's tutorial, not N phases
    if features.two_fluid and features.flags.get("multiphase") is not False:
        if _euler_euler(solver):
            points += CLASS_POINTS
            why.append("the phases as interpenetrating continua (Euler-Euler)")
        elif _vof(solver):
            points -= 20.0
    if features.sharp_compressible:
        if _compressible_vof(solver):
            points += CLASS_POINTS
            why.append("compressible phases with an interface (compressible VOF)")
        elif _euler_euler(solver):
            points -= 20.0
    return points


@lru_cache(maxsize=1024)
def _has_fluid_region(path: str) -> bool:
    """The multi-region tutorial has a fluid region (constant/regionProperties' `fluid (...)` not
    empty): jouleHeatingSolid's is a solid alone."""
    found = find_file(Path(path) / "constant", "regionProperties") if path else None
    if found is None:
        return True  # its regions are written by its Allrun: assume a fluid among them
    m = re.search(r"\bfluid\s*\(([^)]*)\)", read_text(found))
    return bool(m and m.group(1).strip())


def _sole_hint(solver: str, features: RequestFeatures) -> bool:
    """The request's words point to this solver more than to any other: the physics it brings is
    the request's. A name a family shares ('overset' for every over* solver) implies none of the
    family's extra physics (heat, a second phase): its flags must be asked for."""
    points = features.hint_strength.get(solver, 0.0)
    return points > 0 and sum(1 for p in features.hint_strength.values() if p >= points) == 1


def _strongly_hinted(features: RequestFeatures) -> bool:
    """The request's words point to a solver by a name of its method or two of its own words: the
    usual solver of the flow it names gets no bonus over that one."""
    return any(p >= 2 * WORD_POINTS for p in features.hint_strength.values())


def _stated_physics_points(r: CaseRecord, solver: str, features: RequestFeatures, why: list[str]) -> float:
    """Points for physics the request states that the base must carry: turbulence (a laminar-only
    solver cannot; a tutorial with no turbulence model of any kind, dnsFoam's box, cannot take one),
    thermal radiation, a moving mesh and a change of phase (only some tutorials of a solver have them)."""
    points = 0.0
    if features.simulation_type in ("RAS", "LES") and solver != features.solver and _laminar_only(solver):
        points -= LAMINAR_ONLY_COST
        why.append(f"{solver} is laminar only")
    elif lacks_stated_turbulence(r, solver, features):
        points -= NO_TURBULENCE_COST
        why.append("no turbulence model in the tutorial")
    if features.inflow and "periodic" not in features.words_said and not has_opening(r):
        points -= CLOSED_DOMAIN_COST
        why.append("no inlet or outlet in the tutorial")
    for stated, carried, name in ((features.radiation, radiation_cached, "thermal radiation"),
                                  (features.mesh_motion, _moving_body if features.body_motion else moving_mesh_cached,
                                   "a moving mesh" if not features.body_motion else "a moving body"),
                                  (features.flags.get("phase_change") is True, phase_change_cached,
                                   "a change of phase")):
        if not stated:
            continue
        if carried(r.path) and not (name == "a moving body" and solver and _is_steady(solver)):
            points += STATED_PHYSICS_POINTS  # (a body moving in time: a steady solver's static overset mesh is none)
            why.append(f"has {name}")
        else:
            points -= MISSING_STATED_PHYSICS
    return points


def _moving_body(path: str) -> bool:
    """A body said to move is carried by a mesh that moves or by a boundary that imposes the
    motion (potentialFreeSurfaceFoam's oscillatingBox: a sine normal velocity on a fixed mesh)."""
    return moving_mesh_cached(path) or imposed_oscillation_cached(path)
