"""A request's features for base selection: the physics flags its words ask for or exclude
(FLAG_WORDS, a phrase that only looks like one not counted), steady or transient, laminar or a
turbulence model, the solvers its words describe, the flows it names (the router's tutorials),
its words and names, and what it describes without the method's name: a rotating zone or a
rotating frame, heat between a solid and a fluid, compressible phases with an interface,
thermal radiation, a moving mesh. Pure.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from tasks.geometry.text_wall_profile import wall_wave_words
from tasks.plan.select_anaphora import with_anaphors
from tasks.plan.select_described import (
    body_falls,
    gas_and_liquid_named,
    mesh_motion_described,
    overset_described,
    surface_described,
    turbulence_left_out,
)
from tasks.plan.select_gasdynamics import compressible_said_indirectly
from tasks.plan.select_openings import says_inflow, says_inflow_speed
from tasks.plan.select_numbered import said_ranks
from tasks.plan.select_names import (
    clause_roots,
    request_words,
    said_roots,
    without_comparisons,
    without_ruled_out,
)
from tasks.plan.select_flag_words import FALSE_FRIENDS, FLAG_WORDS, ISOTHERMAL_WORDS, boussinesq_waves  # noqa: F401 - re-exported
from tasks.plan.select_motion import body_moves, on_moving_mesh
from tasks.plan.select_phases import many_phase_euler, phases_counted, phases_stated
from tasks.plan.select_terms import terms_said
from tasks.plan.select_time import end_state_only, time_regime
from tasks.plan.select_values import value_cues
from tasks.plan.select_wholename import method_phrase_roots, said_dimension
from tasks.plan.select_words import (
    _EITHER_TIME_SCHEME,
    PHRASE_POINTS,
    SolverWords,
    _is_steady,
    _key,
    _says,
    _switched_off,
    _without,
    joined_names,
    normal_text,
    solver_hints,
    solver_words,
    with_shape_nouns,
    words_of,
)

# the phases as interpenetrating continua, each with its own velocity (Euler-Euler, the two-fluid
# model), described without naming a solver
TWO_FLUID_WORDS = ("interpenetrating", "inter penetrating", "two fluid model", "two fluid approach",
                   "euler euler", "eulerian eulerian", "eulerian multiphase", "phases as continua",
                   "both phases as continua", "as two continua", "each phase its own velocity", "continua",
                   "second continuum", "as a continuum", "as continuum", "a continuous phase of its own",
                   "two fluid", "eulerian phase", "eulerian phases", "eulerian particles", "eulerian solid phase",
                   "granular phase", "kinetic theory", "granular temperature", "granular pressure",
                   "its own velocity field", "own velocity fields", "separate velocity fields", "phase averaged",
                   "each phase has its own velocity", "each with its own velocity")
# a rotating region of the fluid (MRF, MRFProperties' cellZone) rather than the whole fluid in one
# rotating frame (SRF, the SRF solvers' `also` in canonical/solvers.yaml)
MRF_ZONE_WORDS = ("mrf", "multiple reference frame", "multiple reference frames", "multiple frames of reference",
                  "frozen rotor", "rotating zone", "rotating region", "rotating cell zone", "mrf zone",
                  "moving reference frame", "moving frame of reference")
# a solid body (its material or the word) and a fluid it exchanges heat with: conjugate heat transfer
SOLID_WORDS = ("solid", "copper", "steel", "aluminium", "aluminum", "iron", "brass", "metal", "metallic",
               "titanium", "concrete", "ceramic", "glass", "wood", "silicon", "chip", "fin", "fins",
               "heat sink", "conducted", "conduction", "conducts", "conducting")
# heat conducted through a solid region, said outright: with two phases it tells a wall from a solid phase
CONDUCTION_WORDS = ("conjugate", "cht", "solid region", "solid wall", "solid body", "solid block", "solid part",
                    "solid and fluid", "fluid and solid", "solid and the fluid", "fluid and the solid", "multi region",
                    "multiregion", "heated wall", "heated solid", "hot solid", "solid cylinder", "solid plate")
FLUID_WORDS = ("air", "water", "gas", "fluid", "coolant", "oil", "liquid", "flowing", "flows", "stream",
               "airflow", "convection", "convective", "boiling", "vapour", "vapor", "steam", "bubbles")
# a liquid turning to vapour or back: two phases of one fluid, whichever solver carries them
VAPOUR_WORDS = ("boil", "vapour", "vapor", "steam", "bubble", "evaporat", "condens", "quench")
TWO_PHASE_WORDS = ("two phase", "multiphase", "multi phase", "two fluid phases", "liquid and its vapour")
# two phases kept apart by an interface (VOF) rather than one dispersed in the other (Euler-Euler)
INTERFACE_WORDS = ("interface", "sharp interface", "immiscible", "free surface", "under water", "underwater",
                   "expanding", "expands", "expansion of the bubble", "pocket", "vof", "volume of fluid",
                   "water surface", "liquid surface", "pool", "tank of water", "sharp surface", "clear surface",
                   "surface between",
                   # a liquid layered under its gas, or moving as a body of liquid: one surface between them
                   "above the water", "above the liquid", "air above", "gas above", "air on top", "gas on top",
                   "slosh", "sloshes", "sloshing", "partly filled", "partially filled", "half full", "half filled",
                   "partly full", "filled with water to")
# a liquid that turns to vapour because its pressure falls (cavitation, flashing), not because it is
# heated: its 'boiling' asks for no energy equation, and liquid and vapour are two phases
_PRESSURE_VAPOUR = re.compile(r" (?:vapou?r|saturation) pressure | (?:low|lower|reduced|local) pressure (?:region|zone|spot)s? "
                              r"| pressure (?:drops|falls|gets|goes|is|becomes|dips) (?:so |too |very )?(?:low|below) ")
BOIL_WORDS = ("boil", "boils", "boiling", "boiled")
# a part that turns inside a still container: only the region around it rotates (MRF), not the whole fluid
ROTATING_PART_WORDS = ("stirrer", "stirrers", "agitator", "agitators", "impeller", "impellers", "propeller", "rotor",
                       "stirring", "stirred", "agitated", "whisk", "rotating paddle", "turning paddle", "spinning paddle")
CONTAINER_WORDS = ("tank", "vessel", "container", "bowl", "beaker", "pot", "drum", "basin", "jar", "bucket", "vat")


def pressure_vaporises(normal: str) -> bool:
    """The request describes a liquid turning to vapour where its pressure falls ('the pressure
    drops below the vapour pressure', 'low pressure zones'), with no heat stated besides."""
    return any(not _DESTINATION.search(normal[max(0, m.start() - 12):m.start() + 1])
               for m in _PRESSURE_VAPOUR.finditer(normal))


# a low-pressure region the fluid is let out to ('opened to a low-pressure region', 'vents into a low
# pressure zone') is where it goes, no liquid vaporising there
_DESTINATION = re.compile(r"\b(?:to|into|towards|toward)(?: an?| the)? $")


# words of a dispersed phase: a Lagrangian cloud carries it as well as a second continuous phase
DISPERSED_WORDS = ("droplet", "drops", "spray", "mist", "aerosol")
# a condition the request asks of a wall or an inlet -> the boundary condition type (in any field of
# the tutorial) that carries it: a base that has it can take the request's value as it is
BC_WORDS: dict[str, tuple[tuple[str, ...], str]] = {
    "contact angle": (("contact angle", "wetting", "wets the", "wetted", "hydrophobic", "hydrophilic"), "ContactAngle"),
    "periodic": (("periodic", "cyclic", "cyclic boundaries", "periodic boundaries", "repeats itself", "spatially periodic"),
                 "cyclic"),
}

# physics a request states that only some tutorials of a solver carry: thermal radiation (a
# radiationProperties switched on), a moving mesh (a dynamicMeshDict that moves points; a moving body
# alone may be a moving boundary condition on a fixed mesh, potentialFreeSurfaceFoam's oscillatingBox)
RADIATION_WORDS = ("radiation", "radiative", "radiating", "radiates", "radiant", "thermal radiation", "fvdom",
                   "discrete ordinates", "view factor", "view factors", "p1 radiation", "emissivity")
MESH_MOTION_WORDS = ("moving mesh", "mesh motion", "dynamic mesh", "deforming mesh", "mesh deforms", "mesh moves",
                     "mesh deformation", "morphing mesh", "mesh morphing", "moving grid", "deforming grid",
                     "dynamic grid", "grid motion", "overset", "chimera", "sliding mesh", "mesh that moves",
                     "mesh that deforms", "mesh follows", "cells move", "moving cells")

# local time stepping (LTS, a localEuler ddt scheme): a transient solver marched to its steady state
LTS_WORDS = ("lts", "local time stepping", "local time step", "local time steps", "local timestep",
             "local timesteps", "local timestepping", "localeuler", "local euler", "local pseudo time",
             "local pseudo time stepping")


class RequestFeatures(BaseModel):
    model_config = ConfigDict(extra="forbid")

    solver: str | None = None
    model: str | None = None
    simulation_type: str | None = None
    steady: bool | None = None
    flags: dict[str, bool] = Field(default_factory=dict)
    solver_hints: list[str] = Field(default_factory=list)  # solvers whose own words the request uses
    hint_strength: dict[str, float] = Field(default_factory=dict)  # solver -> points its words earn
    default_solvers: list[str] = Field(default_factory=list)  # a named flow's usual solver (the router's)
    tutorial_hints: list[str] = Field(default_factory=list)
    words: list[str] = Field(default_factory=list)
    names: set[str] = Field(default_factory=set)  # the request's words as written, lower case ("pitzdaily")
    dispersed: bool = False  # droplets, a spray, a mist: a dispersed phase a particle cloud can carry
    frame: str | None = None  # 'zone' (MRF: only a region rotates) or 'whole' (SRF), rotating_frame
    solid_and_fluid: bool = False  # heat between a solid body and a fluid: conjugate heat transfer
    sharp_compressible: bool = False  # compressible phases with an interface: compressible VOF, not Euler-Euler
    two_fluid: bool = False  # the phases as interpenetrating continua: Euler-Euler, not VOF
    model_stated: bool = False  # a turbulence model named or RANS/LES said, not only the word 'turbulent'
    joined: set[str] = Field(default_factory=set)  # adjacent words written as one name ('Pitz-Daily' -> pitzdaily)
    flow_words: list[str] = Field(default_factory=list)  # the words of the named flows' phrases ('natural convection')
    words_said: list[str] = Field(default_factory=list)  # BC_WORDS' conditions the request asks for ('contact angle')
    said: frozenset[str] = frozenset()  # roots of every word the request writes (select_names.root)
    clauses: tuple[tuple[str, ...], ...] = ()  # the same, clause by clause in their order (select_names)
    radiation: bool = False  # thermal radiation stated
    mesh_motion: bool = False  # a moving or deforming mesh stated
    body_motion: bool = False  # ... only as a body that moves ('the box heaves'): a boundary motion may carry it
    local_time_stepping: bool = False  # LTS stated: a transient solver with a localEuler ddt scheme
    inflow: bool = False  # fluid enters through a boundary ('inlet 0.5 m/s', 'a supply opening')
    inflow_speed: bool = False  # ... at a speed the request states: the base's inlet must fix a velocity
    two_phase_coolant: bool = False  # heat between a solid and a fluid in two phases (a boiling coolant)
    mach: float | None = None  # the Mach number the values state (a gas speed over the sound speed), select_values
    method_words: frozenset[str] = frozenset()  # roots of the solvers' other names said ('conjugate heat transfer')
    dimension: int | None = None  # the dimension the request builds in ('3D', 'two-dimensional'), select_wholename
    phases: int = 0  # the phases the request counts or names ('four liquids', 'water, oil and air'), select_phases
    ranks: frozenset[tuple[str, int]] = frozenset()  # ranks said by a word ('fifth-order Stokes'), select_numbered
    free_surface: bool = False  # a liquid's surface or level described ('water level 0.5 m', 'VOF'), select_described
    terms: dict[str, tuple[str, ...]] = Field(default_factory=dict)  # dictionary terms said, select_terms
    line_words: float = 0.0  # how strongly the words say a 1D case ('1D', 'a bar', 'a rod'), line_strength
    layered: bool = False  # a property that varies by region ('two-layer', 'harmonic interpolation'), says_layers


def request_features(text: str, solver: str | None, model: str | None) -> RequestFeatures:
    from tasks.foam.commands import SOLVERS
    from tasks.foam.physics import model_spec
    from tasks.retrieval.router import classify, load_ontology

    low = " " + " ".join(text.lower().split()) + " "
    normal = normal_text(text)
    named = without_ruled_out(without_comparisons(text))  # 'twice as fine', 'a coarse mesh': no tutorial's name said there
    flags: dict[str, bool] = {}
    by_pressure = pressure_vaporises(normal)
    for flag, (yes, no) in FLAG_WORDS.items():
        friends = FALSE_FRIENDS.get(flag, ()) + (BOIL_WORDS if by_pressure and flag == "energy" else ()) + \
            (("boussinesq",) if flag in ("energy", "buoyancy") and boussinesq_waves(low) else ()) + \
            (wall_wave_words(low) if flag == "multiphase" else ())  # 'sine waves on the floor': a wall's shape
        friends = with_anaphors(low, friends, yes)  # 'a sound wave ... the wave is absorbed': one acoustic wave
        said, said_normal = _without(low, friends), _without(normal, friends)
        if any(_says(said_normal, w) for w in no):  # 'non-isothermal' does not exclude heat
            flags[flag] = False
        elif any(w in said and _says(said_normal, w.rstrip(), whole=False) for w in yes):
            flags[flag] = True
        elif any(_switched_off(said_normal, w.strip()) for w in yes if len(w.strip()) >= 5):
            flags[flag] = False  # said only to switch it off: 'buoyancy is ignored', 'neglecting buoyancy'
    if "multiphase" not in flags and (phases_counted(text) or gas_and_liquid_named(text)):
        flags["multiphase"] = True  # 'four fluids that do not mix', 'fluids: air + water'
    if by_pressure and "multiphase" not in flags:
        flags["multiphase"] = True  # the liquid and its vapour
    lts = any(_says(normal, w) for w in LTS_WORDS)
    cht = solid_and_fluid(normal, flags)
    # the coolant itself in two phases: it boils, or two phases are said outright ('water, air above' in
    # a multi-region heater are two fluid regions, each of one phase)
    two_phase_coolant = cht and any(_says(normal, w, whole=False) for w in VAPOUR_WORDS + TWO_PHASE_WORDS)
    two_fluid = any(_says(normal, w) for w in TWO_FLUID_WORDS)
    if two_fluid and flags.get("lagrangian"):  # 'particles as a second continuum': a phase, not a cloud
        flags = {**{k: v for k, v in flags.items() if k != "lagrangian"}, "multiphase": True}
    cues = value_cues(text)  # what the values say where the words say nothing (Mach 2, Re 500, 300 iterations)
    if "compressible" not in flags and compressible_said_indirectly(text):
        flags["compressible"] = True  # a diaphragm that bursts, gas at 10 bar and 1 bar
    for flag in ("compressible", "energy"):
        if flag not in flags and getattr(cues, flag):
            flags[flag] = True
    steady, iterations_only = None, False
    indirect = time_regime(text)  # 'once nothing changes any more', 'how the plume evolves'
    if indirect is True and end_state_only(text):
        steady = True  # 'how it develops in time does not matter': the end state only
    elif re.search(r"\bunsteady\b|\btransient\b|time[- ]dependent|time[- ]accurate|time[- ]resolved|vortex shedding|\bshedding\b"
                 r"|\bover time\b|\bin time\b|\bwith time\b", low):
        steady = False
    elif re.search(r"\bsteady\b|time[- ]independent|\bstationary (?:flow|state|solution)\b|\bconverged\b", low):
        steady = True
    elif indirect is not None:
        steady = indirect
    elif says_duration(text):
        steady = False  # 'until t = 20 s', 'simulate 0.5 s': a physical time is a transient run's
    elif cues.steady is not None:
        steady = cues.steady  # '300 iterations' (a steady run's pseudo-time) or 'five seconds' spelled out
        iterations_only = steady
    if lts:
        steady = None  # 'local time stepping to reach the steady state': a transient solver marched locally
    sim = None
    if model:
        try:
            sim = model_spec(model).simulation_type
        except Exception:  # noqa: BLE001 - an unknown model is the planner's to report
            sim = None
    elif re.search(r"\b(?:no|not|without|non)[- ](?:an? |any )?(?:les|rans|ras|large[- ]eddy|sgs|sub[- ]?grid)\b"
                   r"|\bdns\b|direct (?:numerical )?simulation", low):
        sim = "laminar"  # 'no LES or RANS model', DNS: every scale resolved, no turbulence model
    elif re.search(r"\bles\b|large[- ]edd(?:y|ies)|\bsub[- ]?grid\b|\bsgs\b", low):
        sim = "LES"
    elif turbulence_left_out(normal):
        sim = "laminar"  # 'no turbulence', 'turbulence was neglected', 'turbulence model: none', 'inviscid'
    elif re.search(r"\brans\b|\bras\b|turbulent|turbulence", low):
        sim = "RAS"
    elif "laminar" in low:
        sim = "laminar"
    else:
        sim = cues.simulation_type  # 'Re 500': laminar, 'Re 1e5': turbulent
    hinted = re.sub(r"\bboil(?:s|ing|ed)?\b", " ", text, flags=re.I) if by_pressure else text  # no wall boiling
    overset = overset_described(normal)  # 'a body-fitted grid embedded in a background grid': the method's name
    hinted += " (overset mesh)" if overset else ""
    strength = solver_hints(hinted + "".join(f" ({w})" for w in cues.words))  # 'Mach 3' is supersonic
    if two_phase_coolant:
        strength = two_phase_cht(strength)
    strength = many_phase_euler(strength, phases_stated(text), two_fluid, sorted(SOLVERS))  # 'four phases, Euler-Euler'
    mesh_said = overset or mesh_motion_described(normal) or any(_says(normal, w) for w in MESH_MOTION_WORDS)
    body_motion = not mesh_said and (body_moves(text) or body_falls(normal))  # 'a ball dropped into a pool'
    mesh_motion = mesh_said or body_motion
    if steady is None and (body_motion or mesh_motion_described(normal)):
        steady = False  # a body pitching at 2 Hz, a ball falling, a mesh that follows it: a motion in time
    if mesh_said:  # a moving-mesh variant of a method (its DyM solver) counts as the method
        strength = on_moving_mesh(strength)
    if iterations_only and any(p >= PHRASE_POINTS and not _is_steady(s) and not _EITHER_TIME_SCHEME.search(s)
                               for s, p in strength.items()):
        steady = None  # 'a passive scalar ..., run 40 iterations': the method named is transient; its steps
    onto = load_ontology()
    route = classify(text, onto)
    joined = joined_names(named)
    tokens = set(re.findall(r"[a-z0-9]+", named.lower()))  # a flow's phrase written as one name ('damBreak')
    flows = [(p.phrase, p.solver, p.tutorial) for p in route.phrases] + [
        (key, p.solver, p.tutorial) for key, p in onto.physics_phrases.items()
        if _key(key) in joined or (" " in key and _key(key) in tokens)]  # 'Pitz-Daily', 'damBreak'
    tutorials = list(dict.fromkeys(t for _, _, t in flows if t))
    defaults = [solver for _, solver, _ in flows if solver and solver not in strength]
    return RequestFeatures(solver=solver, model=model, simulation_type=sim, steady=steady, flags=flags,
                           solver_hints=sorted(strength, key=lambda s: -strength[s]), hint_strength=strength,
                           default_solvers=list(dict.fromkeys(defaults)), tutorial_hints=tutorials,
                           words=words_of(named),
                           names=set(re.findall(r"[a-z][a-z0-9_]+", named.lower())), dimension=said_dimension(named), mach=cues.mach,
                           line_words=line_strength(named), layered=says_layers(named),
                           method_words=method_phrase_roots(named),
                           joined=joined - {_key(phrase) for phrase, _, _ in flows},
                           dispersed=any(_says(normal, w, whole=False) for w in DISPERSED_WORDS),
                           frame=rotating_frame(text),
                           solid_and_fluid=cht, two_phase_coolant=two_phase_coolant,
                           flow_words=sorted({w for phrase, _, t in flows if t for w in words_of(phrase)}),
                           words_said=[name for name, (phrases, _) in BC_WORDS.items()
                                       if any(_says(normal, p) for p in phrases)],
                           two_fluid=two_fluid,
                           model_stated=sim in ("RAS", "LES") and (bool(model) or bool(_MODEL_STATED.search(low))),
                           sharp_compressible=bool(flags.get("compressible") and flags.get("multiphase")
                                                   and any(_says(normal, w) for w in INTERFACE_WORDS)),
                           said=said_roots(request_words(with_shape_nouns(named))), clauses=clause_roots(named),
                           radiation=any(_says(normal, w) for w in RADIATION_WORDS),
                           mesh_motion=mesh_motion, body_motion=body_motion,
                           local_time_stepping=lts, inflow=says_inflow(named), phases=phases_stated(text),
                           inflow_speed=says_inflow_speed(named), ranks=said_ranks(named),
                           free_surface=surface_described(text),
                           terms=terms_said(named, normal_text(named)).phrases)


# a physical time in seconds: '0.5 s', 't = 20 s', '2 seconds', '300 ms' (not '10 m/s', '1/s', 's^-1')
_DURATION = re.compile(r"(?<![/\w.])\d+(?:\.\d+)?(?:e[-+]?\d+)?\s*(?:s|sec|secs|seconds?|ms|milliseconds?|min|minutes?)"
                       r"(?![\w/^*\-])", re.I)


# a turbulence model stated in words: RANS or LES by name or by what it resolves
_MODEL_STATED = re.compile(r"\bles\b|large[- ]edd(?:y|ies)|\bsub[- ]?grid\b|\bsgs\b|\brans\b|\bras\b"
                           r"|reynolds[- ]averaged|turbulence model|k[- ](?:epsilon|omega)|spalart|smagorinsky")


# a case in one dimension: said outright, or a slender solid or column the words describe (not '1 bar', a pressure)
_LINE_STRONG = re.compile(r"\b(?:1\s*-?\s*d|one[- ]dimensional|1[- ]dimensional)\b")
_LINE_WEAK = re.compile(r"(?<![\d.]\s)(?<![\d.])\b(?:bar|rod|slab|column)s?\b")
_LAYERS = re.compile(r"\b(?:(?:two|2|three|3|multi|several)[- ]?layers?|layered|layers|bi-?layer|harmonic|"
                     r"piecewise|discontinuous\s+(?:diffusivity|conductivity|property|coefficient))\b")


def line_strength(text: str) -> float:
    """How strongly the request says a 1D case: 1.0 for '1D' / 'one-dimensional', 0.5 for a bar,
    rod, slab or column only, 0 when neither."""
    low = text.lower()
    return 1.0 if _LINE_STRONG.search(low) else 0.5 if _LINE_WEAK.search(low) else 0.0


def says_layers(text: str) -> bool:
    """The request describes a property that varies by region: layers, a harmonic interpolation of
    a diffusivity, a discontinuous coefficient."""
    return _LAYERS.search(text.lower()) is not None


def says_duration(text: str) -> bool:
    """The request states a physical time (an end time, a duration, a write interval): a
    quantity in seconds that is no rate or speed ('m/s', 'per second', '1/s')."""
    for m in _DURATION.finditer(text):
        after = text[m.end():m.end() + 12].lower()
        before = text[max(0, m.start() - 3):m.start()]
        if re.match(r"\s*(?:-1|\^|per\b)", after) or "/" in before:
            continue
        return True
    return False


def rotating_frame(text: str) -> str | None:
    """'zone' when the request turns only a region of the fluid (MRF: a rotating zone, a frozen
    rotor, multiple reference frames, a stirrer or impeller inside a tank), 'whole' when the whole fluid turns with one frame (SRF:
    the SRF solvers' names of the method, canonical/solvers.yaml), or None."""
    low = normal_text(text)
    zone = any(_says(low, p) for p in MRF_ZONE_WORDS) or bool(re.search(
        r" (?:only|just) (?:in|around|inside|within) the (?:rotor|impeller|rotating|blade|stirrer)"
        r"| (?:rotor|impeller|rotating|blade|stirrer|fan) (?:region|zone|cell zone|cellzone)s? ", low))
    whole = any(_says(low, p) for p in solver_words().get("SRFSimpleFoam", SolverWords()).also) or bool(
        re.search(r" (?:whole|entire|all the) (?:domain|fluid|mesh|flow) (?:rotates|rotating|turns|spins)", low))
    # a stirrer, paddle or impeller inside a tank or vessel turns only the fluid around it
    zone = zone or (any(_says(low, p) for p in ROTATING_PART_WORDS) and any(_says(low, p) for p in CONTAINER_WORDS))
    if zone and not any(_says(low, p) for p in ("single rotating frame", "SRF")):
        return "zone"
    return "whole" if whole else None


def solid_and_fluid(normal: str, flags: dict[str, bool]) -> bool:
    """Heat passes between a solid body and a fluid ('a copper plate cooled by air', 'heat conducted
    through a wall into water'): two regions, conjugate heat transfer, even without the word. Not
    when the solid is a particle cloud, a phase of a multiphase flow or a fuel."""
    if not flags.get("energy") or any(flags.get(f) for f in ("lagrangian", "combustion")):
        return False
    # with two phases asked for, a solid phase ('solid' alone) is no wall: a material or conduction is
    solids = [w for w in SOLID_WORDS if w != "solid"] + list(CONDUCTION_WORDS) if flags.get("multiphase") \
        else SOLID_WORDS
    return any(_says(normal, w) for w in solids) and any(_says(normal, w) for w in FLUID_WORDS)


def two_phase_cht(strength: dict[str, float]) -> dict[str, float]:
    """The solver hints of a request for conjugate heat transfer whose fluid is in two phases: the
    multi-region solvers' names ('conjugate heat transfer', 'CHT') and the Euler-Euler solvers'
    ('boiling') point to the two-phase multi-region one (chtMultiRegionTwoPhaseEulerFoam) as much as
    to the best of them, the single-phase multi-region ones less."""
    cht = {s: p for s, p in strength.items() if s.startswith("chtMultiRegion")}
    # the two-phase one runs the Euler-Euler phase models: 'boiling' names it as it names those solvers
    euler = [p for s, p in strength.items() if "EulerFoam" in s and not s.startswith("chtMultiRegion")]
    if not cht and not euler:
        return strength
    best = max([*cht.values(), *euler])
    out = {s: (p * 0.5 if s in cht and "TwoPhase" not in s else p) for s, p in strength.items()}
    for solver in solver_words():
        if solver.startswith("chtMultiRegion") and "TwoPhase" in solver:
            out[solver] = max(out.get(solver, 0.0), best)
    return out

