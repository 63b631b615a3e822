"""Base selection: every installed tutorial ranked for a request.

Families are data here, not code paths: each tutorial's record (solver, physics flags,
turbulence, mesh method, fields and patches, its name's words, its run sequence) comes from
the case base (tasks/knowledge/casebase.py), and a request is matched against it by the
solver it names, the solver its words describe (each solver's own `-help` line and the method's
other names, canonical/solvers.yaml), the physics its words imply and the geometry words it
shares with the tutorial's name and its canonical description (canonical/tutorials.yaml). A
named flow's usual tutorial (the router's) stands for its geometry: every tutorial of that name
shares it, whatever solver runs it. Words of a tutorial's own name count by how few names carry
them (tasks/plan/select_names.py: 'prism', 'biconic' tell a tutorial apart, 'channel' only a kind
of shape), and a variant ('cavityClipped', 'pitzDailyExptInlet') beats its base when the request
says the words it adds. Physics the request states must be carried by the base: a turbulence model
rules out a laminar-only solver, radiation, a moving mesh and local time stepping want a tutorial that has them
(tasks/plan/select_records.py). A coined name's every word said names its tutorial, and the
dimension said tells '2D' from '3D' siblings (select_wholename); a stated inlet speed wants an inlet
that fixes a velocity, a slow gas no density-based method. A model or technique the request says in a user's words
('local time stepping', 'population balance', 'discrete ordinates') counts for the tutorials whose own dictionaries
write its term, rare terms most (select_terms); such a term tells a variant from its base too. Pure ranking; the
records are read once per installation and cached.

The pieces live in their own modules: what words say (select_words), a request's features
(select_features), scoring by physics (select_physics) and by names and geometry words
(select_geometry), the installed tutorials as bases (select_catalog). The names other modules
import from here stay importable from here.
"""

from __future__ import annotations

import math
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from tasks.knowledge.casebase import CaseRecord
from tasks.plan.select_catalog import (  # noqa: F401 - re-exported
    _blocked,
    _blocked_cached,
    _cells_cached,
    tutorial_records,
)
from tasks.plan.select_features import (  # noqa: F401 - re-exported
    FLAG_WORDS,
    RequestFeatures,
    request_features,
    rotating_frame,
    says_duration,
    solid_and_fluid,
)
from tasks.plan.select_geometry import (  # noqa: F401 - re-exported
    FOLDER_POINTS,
    NAME_POINTS,
    PLAIN_NAME_POINTS,
    _best_other_geometry,
    _flow_hint,
    _loose_name_points,
    _name_counts,
    _name_points,
    _own_geometry,
    _shape_names_said,
    _shared_words,
    _variant_named,
)
from tasks.plan.select_learnt import (
    fluid_state_points,
    own_name_counts,
    own_name_points,
    own_names_said,
    phases_named,
    requested_state,
)
from tasks.plan.select_names import base_leaf, name_word_points, rare_name_word, root
from tasks.plan.select_physics import (  # noqa: F401 - re-exported
    BC_POINTS,
    SWITCHABLE,
    _bc_carried,
    _class_points,
    _flag_agrees,
    _other_time_scheme,
    _record_flags,
    _sole_hint,
    _stated_physics_points,
    _strongly_hinted,
    implied_flags,
    lacks_stated_turbulence,
)
from tasks.plan.select_gasdynamics import high_speed_method
from tasks.plan.select_numbered import numbered_name_points
from tasks.plan.select_openings import inlet_from_data
from tasks.plan.select_phases import phase_count_points
from tasks.plan.select_stages import built_from_stage
from tasks.plan.select_terms import TermsSaid, tells_apart, term_index, term_points
from tasks.plan.select_values import COMPRESSIBLE_MACH
from tasks.plan.select_records import local_time_stepping_cached, rotates_cached
from tasks.plan.select_wholename import coined_name_words, dimension_points, every_name_word_said, forgiven_by_name
from tasks.plan.select_dimensions import layout_points
from tasks.plan.select_words import (  # noqa: F401 - re-exported
    _EITHER_TIME_SCHEME,
    _STOP,
    _VARIANTS,
    MORE_PHRASE_POINTS,
    PHRASE_POINTS,
    _described_free_surface,
    _euler_euler,
    _is_steady,
    _laminar_only,
    _n_phase_vof,
    description_of,
    joined_names,
    name_words,
    normal_text,
    solver_hints,
    solver_words,
    words_of,
)

_DEMO_AREAS = ("IO/", "mesh/", "preProcessing/", "verificationAndValidation/")
# areas of other physics than a fluid's volume (a surface film, molecules, a solid, a price): their
# tutorials stand in for a request only when its words describe their solver
_OTHER_PHYSICS_AREAS = ("finiteArea/", "discreteMethods/", "financial/", "stressAnalysis/", "electromagnetics/")
OTHER_PHYSICS_COST = 30.0
# physics that makes a tutorial another kind of flow than one not asking for it; with it unasked, the
# request's words shared with the tutorial's name count this share of their points
FOREIGN_PHYSICS = frozenset({"multiphase", "lagrangian", "combustion", "mrf", "porous"})
FOREIGN_NAME_SHARE = 0.5
# kinds of flow whose words name them alone (a spray, a flame): a method named in full that lacks one is
# still the wrong one; "multiphase" is left out, its words (waves, sea, water height) also describe
# single-phase free-surface models such as shallow water
LACKED_PHYSICS = FOREIGN_PHYSICS - {"multiphase"}
LIQUID_NAMES = frozenset({"water", "liquid", "oil", "glycerol", "glycerine", "honey", "milk", "blood", "mercury"})
SLOW_FLOW_COST = 40.0  # a density-based or trans-sonic method for a gas speed stated far below the sound speed
DATA_INLET_COST = 30.0  # a speed stated at the inlet, the tutorial's inlet reads measured data instead
LTS_POINTS = 40.0  # local time stepping stated and the tutorial's ddt scheme is localEuler


class Candidate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    record: CaseRecord
    score: float
    why: list[str]


# the roots of the physics flags' one-word phrases: words with a reading of their own ('particles')
_FLAG_ROOTS = frozenset(root(w) for yes, _ in FLAG_WORDS.values() for w in yes if w.strip().isalpha())


def extends_another(solver: str, solvers: frozenset[str]) -> bool:
    """The solver is a variant of another installed one, its name that one's with more added
    ('interIsoFoam' of 'interFoam', 'sonicDyMFoam' of 'sonicFoam')."""
    stem = solver.removesuffix("Foam").lower()
    return any(other != solver and len(base := other.removesuffix("Foam").lower()) >= 3 and stem.startswith(base)
               and len(stem) > len(base) for other in solvers)


def _name_owners(name: str, records: list[CaseRecord]) -> set[str]:
    """The solvers of the tutorials named `name` (a folder of their path): more than one when the
    name is a shape any physics has ('cylinder', 'cavity'), one when it names a flow ('aachenBomb')."""
    key = name.lower()
    return {r.solver or "" for r in records if key in (p.lower() for p in r.case.split("/")[2:])}


def rank(features: RequestFeatures, records: list[CaseRecord], limit: int = 3) -> list[Candidate]:
    """Every record scored for the request, best first."""
    own_counts = own_name_counts(records)
    if "multiphase" not in features.flags and phases_named(features.said, records, own_counts, _FLAG_ROOTS):
        features = features.model_copy(update={"flags": {**features.flags, "multiphase": True}})  # 'sludge'
    out: list[Candidate] = []
    counts = _name_counts(tuple(r.case for r in records))
    leaves = frozenset(r.case.rsplit("/", 1)[-1] for r in records)
    elsewhere = _best_other_geometry(features, records, counts)
    # the state of the fluid counts where the request asks for a thermophysical fluid (heat, compressibility)
    state = requested_state(features.names) if features.flags.get("energy") or features.flags.get("compressible") \
        else None
    liquid = bool(features.names & LIQUID_NAMES)  # a compressible gas is another flow than a liquid's
    lts_solvers = {r.solver for r in records if local_time_stepping_cached(r.path)} \
        if features.local_time_stepping else set()
    terms_said = TermsSaid(phrases=features.terms)
    index = term_index(tuple(r.path for r in records)) if features.terms else None
    by_leaf: dict[str, list[str]] = {}
    for r in records:
        by_leaf.setdefault(r.case.rsplit("/", 1)[-1], []).append(r.path)
    for r in records:
        if _blocked_cached(r.path) and not (features.mesh_motion and not _is_steady(r.solver or "")
                                            and built_from_stage(r.path)):
            continue  # a transient overset stage built from a sibling case ranks for a moving mesh: refused by name
        score, why = 0.0, []
        solver = r.solver or ""
        if features.solver:
            if solver == features.solver:
                score += 100
                why.append(f"runs {solver}")
            elif features.solver in SWITCHABLE and solver in SWITCHABLE:
                score += 30
                why.append(f"{solver} switches to {features.solver}")
            else:
                score -= 120
        rflags = _record_flags(r)
        rotates = rotates_cached(r.path)  # meets a request for rotation; no physics of its own to penalise
        mismatched = [flag for flag, wanted in features.flags.items()
                      if not _flag_agrees(flag, wanted, rflags | {"rotates": rotates}, features, solver)]
        mismatched = forgiven_by_name(r.case, mismatched, features.clauses, FLAG_WORDS, features.said)  # 'windshield condensation'
        if not features.solver and solver in features.hint_strength:
            points = features.hint_strength[solver]
            if _other_time_scheme(solver, features):
                points *= 0.25  # 'steady transonic': the flow word names a method the time scheme rules out
            if features.sharp_compressible and points < PHRASE_POINTS and _euler_euler(solver):
                points = 0.0  # a compressible bubble with an interface: the bubble word is no dispersed phase
            if any(features.flags[flag] for flag in mismatched) and points < PHRASE_POINTS + MORE_PHRASE_POINTS:
                points *= 0.5  # physics stated that the solver lacks, one name of its method said: the method only
            elif any(features.flags[flag] for flag in mismatched if flag in LACKED_PHYSICS):
                points *= 0.5  # a kind of flow stated that the method lacks (a spray, for a film solver)
            if lacks_stated_turbulence(r, solver, features):
                points *= 0.5  # a turbulence model stated that no tutorial of the method can take (dnsFoam's box)
            score += points
            why.append(f"{solver} suits the physics asked for")
        score += _class_points(r, solver, features, why)
        score += _stated_physics_points(r, solver, features, why)
        if not features.solver and solver in features.default_solvers and not _strongly_hinted(features) \
                and not mismatched and not _other_time_scheme(solver, features, switchable=False):
            score += 20
            why.append(f"{solver} is the usual solver of the flow named")
        fits = not mismatched and not _other_time_scheme(solver, features, switchable=False)
        hinted = solver == features.solver or _sole_hint(solver, features)
        implied = implied_flags(features.flags)
        unasked = [flag for flag, has in rflags.items()
                   if has and flag not in features.flags and flag not in implied and not hinted]
        # another kind of flow than the one described (particles, phases, a flame, a rotor, a porous zone):
        # the request's words that its name shares ('vertical channel') only decide between matching physics
        other_physics = r.case.startswith(_OTHER_PHYSICS_AREAS) and solver != features.solver and \
            solver not in features.hint_strength  # a film, molecules, a solid: not what the words describe
        kinds = FOREIGN_PHYSICS | ({"compressible"} if liquid else set())
        shared_kind = any(wanted and rflags.get(flag) for flag, wanted in features.flags.items() if flag in kinds) \
            or (features.dispersed and (rflags.get("lagrangian") or rflags.get("multiphase")))  # drops, bubbles
        foreign = set(unasked) & kinds if not shared_kind else set()  # a spray asked: its reacting parcels are one
        # ... and the kind of flow the request states that the tutorial lacks (a spray on a film solver)
        lacking = any(features.flags.get(flag) for flag in mismatched if flag in LACKED_PHYSICS)
        name_share = FOREIGN_NAME_SHARE if foreign or other_physics or lacking else 1.0
        leaf_name = r.case.rsplit("/", 1)[-1]
        own = [part for part in (r.case.split("/")[2:] or r.case.split("/")[-1:])  # area/case: its leaf
               if len(part) >= 5 and part.lower() in features.names and part.lower() not in _STOP | _VARIANTS]
        if own:
            points = _name_points(own[-1], own[-1] == r.case.rsplit("/", 1)[-1], bool(mismatched))
            score += points * (name_share if len(_name_owners(own[-1], records)) > 1 else 1.0)
            why.append(f"the tutorial named ({own[-1]})" if own[-1] == r.case.rsplit("/", 1)[-1]
                       else f"the tutorial's folder named ({own[-1]})")
        variant_said = False
        whole_said = (leaf_name.lower() in features.joined or every_name_word_said(r.case, features.said)) \
            and rare_name_word(coined_name_words(r.case, features.method_words), counts)  # a coined name's rare words
        told = index is not None and (base := base_leaf(r.case, leaves)) is not None and \
            tells_apart(r.path, by_leaf.get(base, []), terms_said, index)
        if not own and fits and (variant := _variant_named(r.case, features, leaves, told)):
            variant_said = True
            score += variant
            why.append(f"the variant named by its own words ({r.case.rsplit('/', 1)[-1]})")
        elif not own and (loose := _loose_name_points(r, solver, features, bool(mismatched), fits)):
            if whole_said:
                loose = NAME_POINTS  # 'windshield condensation': the coined name written apart, word for word
            score += loose * name_share
            why.append(f"the tutorial named loosely ({r.case.rsplit('/', 1)[-1]})")
        elif not own and whole_said and fits:
            score += NAME_POINTS * name_share
            why.append(f"every word of its name said ({leaf_name})")
        said_names = _shape_names_said(r.case, features) if fits else []
        if said_names:
            score += name_word_points(said_names, counts)
            why.append("its name's words: " + ", ".join(said_names[:2]))
        named_inside = own_names_said(r, features.said, own_counts) if fits else []
        if named_inside:
            score += own_name_points(r, named_inside, own_counts)
            why.append("its phases', regions' or patches' names: " + ", ".join(named_inside[:2]))
        if state_points := fluid_state_points(r, state):
            score += state_points
            why.append(f"its fluid is a {state}" if state_points > 0 else f"its fluid is no {state}")
        flow = _flow_hint(r.case, features)
        if flow and (mismatched or _other_time_scheme(solver, features, switchable=False)):
            flow = min(flow, 40.0)  # the flow named, with other physics than its tutorial's: its geometry only
        if flow and elsewhere >= 2 and not _own_geometry(r, features) and not rare_name_word(said_names, counts):
            flow = 0.0  # a physics phrase's usual tutorial ('natural convection'), the geometry described another's
        if flow:
            score += flow
            why.append("the tutorial of the flow named" if flow > 50 else "the geometry of the flow named")
        for flag, wanted in features.flags.items():
            if flag not in mismatched:
                score += 15 if wanted else 5
            else:
                score -= 35
                why.append(f"{flag} {'missing' if wanted else 'unwanted'}")
        score -= 12 * len(unasked)  # physics nobody asked for (a solver the request's words name implies its own)
        if features.steady is not None and solver and not _EITHER_TIME_SCHEME.search(solver):
            steady = _is_steady(solver)
            if steady == features.steady:
                score += 10
            elif solver in SWITCHABLE:
                score -= 5
            else:
                score -= 40
        if features.simulation_type == "LES" and solver and _is_steady(solver):
            score -= 80  # large eddies need a transient solver
        if r.case.startswith(_DEMO_AREAS) and not own:  # a demo the request names by its name is the one asked for
            score -= 40
        if features.inflow_speed and not variant_said and inlet_from_data(r):
            score -= DATA_INLET_COST
            why.append("its inlet reads measured data, no stated velocity")
        if features.mach is not None and features.mach < COMPRESSIBLE_MACH and solver != features.solver \
                and high_speed_method(solver):
            score -= SLOW_FLOW_COST
            why.append(f"a method for fast gas flow, the speed stated is Mach {features.mach:.2f}")
        if numbered := numbered_name_points(r.case, features.ranks):
            score += numbered
            why.append("the number its name carries is the one said" if numbered > 0 else "another number said")
        if dimension := dimension_points(r.case, features.dimension, [f.patches for f in r.fields], r.path):
            score += dimension
            why.append(f"built in the {features.dimension}D the request says" if dimension > 0
                       else f"built in another dimension than the {features.dimension}D said")
        layout, layout_why = layout_points(Path(r.path), features.line_words, features.layered)  # '1D', 'two-layer'
        if layout:
            score += layout
            why.append(layout_why)
        if features.simulation_type and r.simulation_type:
            if r.simulation_type == features.simulation_type:
                score += 12
                if features.model and r.turbulence_model == features.model:
                    score += 8
                    why.append(f"uses {features.model}")
            else:
                score -= 6
        if features.local_time_stepping and local_time_stepping_cached(r.path):
            score += LTS_POINTS
            why.append("marches with local time stepping")
        elif features.local_time_stepping and solver not in lts_solvers:
            score -= LTS_POINTS  # no tutorial of the solver steps locally: it has no LTS to switch on
        # a stage built from a sibling case writes the whole tutorial's terms but cannot stand in alone
        terms = term_points(r.path, terms_said, index) if index is not None else (0.0, [])
        if terms[0] and not built_from_stage(r.path):
            score += terms[0]  # the model or technique said that its dictionaries write, rare terms first
            why.extend(terms[1])
        score += phase_count_points(r, features.phases, bool(features.flags.get("multiphase")), why)
        carried = _bc_carried(r, features.words_said)
        if carried:
            score += BC_POINTS * len(carried)
            why.append("has a " + ", ".join(carried) + " boundary condition")
        shared = _shared_words(r, features)
        if r.case.startswith(_OTHER_PHYSICS_AREAS) and solver != features.solver and \
                solver not in features.hint_strength and len(shared) < 2:
            score -= OTHER_PHYSICS_COST  # 'a cylinder in a stream' is no liquid film on a cylinder
        if shared:
            score += 30 * min(len(shared), 3) * name_share
            why.append("geometry words: " + ", ".join(shared[:3]))
        method_cost = {"blockMesh": 0, "extrudeMesh": 6, "converted": 6, "m4+blockMesh": 20, "snappyHexMesh": 30,
                       "foamyMesh": 60}.get(r.mesh_method, 25)
        score -= method_cost
        score -= 4 * math.log10(max(_cells_cached(r.path), 10))
        if any(s.parallel for s in r.run_sequence):
            score -= 6
        if "/" in (r.case.split("/", 3)[-1] if r.case.count("/") > 2 else ""):
            score -= 1  # nested sub-cases (case/variant) after the main one
        out.append(Candidate(record=r, score=round(score, 1), why=why or ["closest physics"]))
    # ties: the laminar variant of a tutorial when the request asks for no turbulence (and RANS before
    # the costlier LES), then the general method before its variant (interFoam before interIsoFoam), then
    # the shorter path
    solvers = frozenset(r.solver for r in records if r.solver)
    out.sort(key=lambda c: (-c.score, features.simulation_type is None and c.record.simulation_type in ("RAS", "LES"),
                            features.simulation_type is None and c.record.simulation_type == "LES",
                            extends_another(c.record.solver or "", solvers), len(c.record.case)))
    return out[:limit] if limit else out
