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
rules out a laminar-only solver, radiation and a moving mesh want a tutorial that has them
(tasks/plan/select_records.py). Pure ranking; the records are read once per installation and
cached.
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.cache import cached_json
from tasks.core.paths import CANONICAL_DIR, data_dir
from tasks.foam.files import find_file, read_text
from tasks.foam.geometry import block_cell_counts
from tasks.foam.allrun_inputs import copies_from, resource_files
from tasks.knowledge.casebase import RECORD_VERSION, CaseRecord, find_case_dirs, read_case_record
from tasks.plan.select_names import (
    added_words,
    all_name_words_said,
    base_leaf,
    camel_words,
    clause_roots,
    name_word_counts,
    name_word_points,
    name_words_said,
    rare_name_word,
    request_words,
    root,
    said_roots,
    says_word,
    tutorial_name_words,
)
from tasks.plan.select_records import (
    moving_mesh_cached,
    non_newtonian_cached,
    porous_cached,
    radiation_cached,
    rotates_cached,
)
from tasks.plan.select_values import value_cues

# Solvers a base can be switched between by tasks/edit/caseops.switch_solver.
SWITCHABLE = {"icoFoam", "pisoFoam", "pimpleFoam", "simpleFoam"}
# (potentialFoam's 'potential', not potentialFreeSurfaceFoam's: that one steps a wave height in time)
_STEADY_SOLVERS_WORD = re.compile(r"Simple|simple|[pP]otentialFoam|laplacian|SRFSimple|porousSimple")
# solvers that run either way: laplacianFoam steps its diffusion in time and reaches the steady state
_EITHER_TIME_SCHEME = re.compile(r"[lL]aplacian")

# request words -> physics flags (True: asked for; False: excluded)
FLAG_WORDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "compressible": (("compressible", "supersonic", "transonic", "hypersonic", "mach", "shock", "sonic",
                      "high-speed", "gas dynamics", "ideal gas", "nozzle flow of gas", "than sound", "than the sound",
                      "speed of sound", "sound speed", "compressed", "compressibility", "acoustic", "sound wave",
                      "pressure wave", "water hammer", "blast wave"), ("incompressible",)),
    "multiphase": (("multiphase", "two-phase", "two phase", "free surface", "free-surface", "vof", "volume of fluid",
                    "water and air", "air and water", "air-water", "dam break", "dam-break", "wave", "sloshing",
                    "bubble", "interface", "liquid column", "water column", "filling", "droplet", "a drop of",
                    "drop of water", "drop of oil", "oil and water", "water and oil", "water in oil", "oil in water",
                    "gas and liquid", "liquid and gas", "gas and a liquid", "liquid and a gas", "meniscus", "wetting",
                    "contact angle", "surface tension", "capillary", "partly filled", "partially filled",
                    "half-full", "half full", "cavitation", "cavitating", "vapour pocket", "vapor pocket", "floating", "buoy ", "buoys", "under air",
                    "below air", "air above", "air on top", "above the water", "above the liquid"),
                   ("single-phase", "single phase", "one phase", "one-phase")),
    "energy": (("temperature", "heat", "thermal", "heated", "hot ", "cold ", "buoyan", "natural convection",
                "boussinesq", "rayleigh", "cooling", "cooled", "warm", "radiation", "radiative", "radiating",
                "radiant"), ("isothermal",)),
    "buoyancy": (("buoyan", "natural convection", "free convection", "boussinesq", "rayleigh", "plume",
                  "hot room", "stratif", "no fan", "without fan", "without a fan", "by itself", "by themselves",
                  "differentially heated", "heated from one side", "heated on one side", "heated from the side",
                  "heated from below", "heated from beneath",
                  "air rises", "hot air rise", "warm air rise", "rising warm", "rising hot"),
                 ("no gravity", "without gravity", "zero gravity", "gravity neglected", "gravity is neglected",
                  "gravity ignored", "gravity is ignored", "ignore gravity", "neglect gravity", "neglecting gravity")),
    "lagrangian": (("particle", "parcel", "lagrangian", "spray", "mppic", "dpm", "sand", "powder", "dust",
                    "kinematic cloud", "cloud of drops", "cloud of droplets", "droplet cloud", "drops injected",
                    "injected drops", "injected droplets"), ()),
    "combustion": (("combustion", "reacting", "flame", "species", "fuel", "methane", "propane", "burn", "chemistry",
                    "ignition", "ignited", "premixed", "equivalence ratio"), ()),
    "mrf": (("mrf", "rotating frame", "impeller", "stirred", "mixer", "rotor", "rotating"), ()),
    "non_newtonian": (("non-newtonian", "non newtonian", "shear-thinning", "shear thinning", "shear-thickening",
                       "power law", "power-law", "bird-carreau", "carreau", "cross model", "herschel", "bingham",
                       "casson", "viscoplastic", "viscoelastic", "polymer solution", "blood"), ()),
    "porous": (("porous", "porosity", "darcy", "forchheimer", "packed bed", "catalyst", "resistance zone",
                "filter medium", "filter element", "fixed bed", "pebble bed", "gravel bed", "bed of gravel"), ()),
}
# words of a tutorial's name that say its physics, not a shape the request describes: the flow's
# speed regime ('shockTube', 'obliqueShock'), how a body moves ('movingCone', 'rotatingFanInRoom'),
# the fluid and how warm it is ('waterChannel', 'hotRoom')
_NOT_SHAPE_ROOTS = frozenset(root(w) for w in FLAG_WORDS["compressible"][0] if " " not in w and "-" not in w) | \
    frozenset(root(w) for w in ("moving", "rotating", "oscillating", "sliding", "spinning", "turning", "water", "air",
                                "gas", "liquid", "oil", "steam", "vapour", "vapor", "hot", "cold", "warm", "heat",
                                "heated", "cool", "cooling", "turbulent", "laminar"))
# phrases that contain a physics flag's word without asking for that physics: a shock or
# pressure wave is no water wave, a gas bubble's "interface" is (so no entry for it)
FALSE_FRIENDS: dict[str, tuple[str, ...]] = {
    "multiphase": ("shock wave", "pressure wave", "sound wave", "acoustic wave", "expansion wave", "blast wave",
                   "compression wave", "detonation wave", "shock waves", "pressure waves", "sound waves",
                   "acoustic waves", "expansion waves", "blast waves", "compression waves", "pressure drop",
                   "pressure drops", "sliding interface", "sliding interfaces", "mesh interface", "ami interface",
                   "arbitrary mesh interface", "coupled interface", "fluid solid interface", "solid fluid interface"),
    "compressible": ("sonic boom",),
}
# a rotating region of the fluid (MRF, MRFProperties' cellZone) rather than the whole fluid in one
# rotating frame (SRF, the SRF solvers' `also` in canonical/solvers.yaml)
MRF_ZONE_WORDS = ("mrf", "multiple reference frame", "multiple reference frames", "multiple frames of reference",
                  "frozen rotor", "rotating zone", "rotating region", "rotating cell zone", "mrf zone",
                  "moving reference frame", "moving frame of reference")
# a solid body (its material or the word) and a fluid it exchanges heat with: conjugate heat transfer
SOLID_WORDS = ("solid", "copper", "steel", "aluminium", "aluminum", "iron", "brass", "metal", "metallic",
               "titanium", "concrete", "ceramic", "glass", "wood", "silicon", "chip", "fin", "fins",
               "heat sink", "conducted", "conduction", "conducts", "conducting")
FLUID_WORDS = ("air", "water", "gas", "fluid", "coolant", "oil", "liquid", "flowing", "flows", "stream",
               "airflow", "convection", "convective")
# two phases kept apart by an interface (VOF) rather than one dispersed in the other (Euler-Euler)
INTERFACE_WORDS = ("interface", "sharp interface", "immiscible", "free surface", "under water", "underwater",
                   "expanding", "expands", "expansion of the bubble", "pocket", "vof", "volume of fluid",
                   "water surface", "liquid surface", "pool", "tank of water", "sharp surface", "clear surface",
                   "surface between")
# words of a dispersed phase: a Lagrangian cloud carries it as well as a second continuous phase
DISPERSED_WORDS = ("droplet", "drops", "spray", "mist", "aerosol")
# a condition the request asks of a wall or an inlet -> the boundary condition type (in any field of
# the tutorial) that carries it: a base that has it can take the request's value as it is
BC_WORDS: dict[str, tuple[tuple[str, ...], str]] = {
    "contact angle": (("contact angle", "wetting", "wets the", "wetted", "hydrophobic", "hydrophilic"), "ContactAngle"),
}
BC_POINTS = 25.0
# physics a request states that only some tutorials of a solver carry: thermal radiation (a
# radiationProperties switched on), a moving mesh (a dynamicMeshDict that moves points; a moving body
# alone may be a moving boundary condition on a fixed mesh, potentialFreeSurfaceFoam's oscillatingBox)
RADIATION_WORDS = ("radiation", "radiative", "radiating", "radiates", "radiant", "thermal radiation", "fvdom",
                   "discrete ordinates", "view factor", "view factors", "p1 radiation", "emissivity")
MESH_MOTION_WORDS = ("moving mesh", "mesh motion", "dynamic mesh", "deforming mesh", "mesh deforms", "mesh moves",
                     "mesh deformation", "morphing mesh", "mesh morphing", "moving grid", "deforming grid",
                     "dynamic grid", "grid motion", "overset", "chimera", "sliding mesh", "mesh that moves",
                     "mesh that deforms", "mesh follows", "cells move", "moving cells")
STATED_PHYSICS_POINTS = 40.0  # a base that carries the radiation or mesh motion the request states
MISSING_STATED_PHYSICS = 20.0  # one that does not
LAMINAR_ONLY_COST = 60.0  # a laminar-only solver (its own -help line) for a request that states turbulence
_STOP = set("the a an of and or in on at to for with by from into over under is are be as flow case simulation "
            "simulate run using use set up setup openfoam model solver steady transient turbulent laminar "
            "inlet outlet wall walls velocity pressure temperature mesh cells cell time seconds second "
            "iterations water air fluid 2d 3d domain m s k one two three four five six seven eight nine ten "
            "between first second third half quarter degree degrees compressible incompressible unsteady around "
            "through past mach liquid gas vapour vapor phase heat transfer coupled conjugate region "
            "subsonic transonic supersonic hypersonic turbulence hot cold warm heated cool"
            .split())  # physics words count through the flags and the solver words, not as geometry
_VARIANTS = {"implicit", "explicit", "common", "laminar", "transient", "steady", "simple", "pimple", "default"}
_DEMO_AREAS = ("IO/", "mesh/", "preProcessing/", "verificationAndValidation/")
# areas of other physics than a fluid's volume (a surface film, molecules, a solid, a price): their
# tutorials stand in for a request only when its words describe their solver
_OTHER_PHYSICS_AREAS = ("finiteArea/", "discreteMethods/", "financial/", "stressAnalysis/", "electromagnetics/")
OTHER_PHYSICS_COST = 30.0


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
    joined: set[str] = Field(default_factory=set)  # adjacent words written as one name ('Pitz-Daily' -> pitzdaily)
    flow_words: list[str] = Field(default_factory=list)  # the words of the named flows' phrases ('natural convection')
    words_said: list[str] = Field(default_factory=list)  # BC_WORDS' conditions the request asks for ('contact angle')
    said: frozenset[str] = frozenset()  # roots of every word the request writes (select_names.root)
    clauses: tuple[tuple[str, ...], ...] = ()  # the same, clause by clause in their order (select_names)
    radiation: bool = False  # thermal radiation stated
    mesh_motion: bool = False  # a moving or deforming mesh stated


class Candidate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    record: CaseRecord
    score: float
    why: list[str]


def name_words(case: str) -> list[str]:
    """The words of a tutorial's path: 'heatTransfer/buoyantSimpleFoam/buoyantCavity' ->
    heat transfer buoyant simple foam buoyant cavity."""
    words: list[str] = []
    for part in case.split("/"):
        spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=\d)", " ", part)
        words += [w.lower() for w in re.split(r"[\s_\-.]+", spaced) if w]
    return words


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


def words_of(text: str) -> list[str]:
    """Lower-case words, a camelCase name split into its words (obliqueShock -> oblique shock)."""
    text = re.sub(r"\b\w+Foam\b", " ", text)  # solver names are matched as solvers, not as words
    text = re.sub(r"\btime[- ]?steps?\b", " ", text, flags=re.I)  # a time step is no step of the geometry
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])(?=\d)", " ", text)
    return [_stem(w) for w in re.findall(r"[a-z][a-z0-9]+", spaced.lower()) if w not in _STOP and len(w) > 2]


class SolverWords(BaseModel):
    """One solver of canonical/solvers.yaml: its own `-help` description and what else the
    method is called."""

    model_config = ConfigDict(extra="forbid")

    help: str = ""
    also: list[str] = Field(default_factory=list)


PHRASE_POINTS = 60.0  # a request that calls the method by one of its names
MORE_PHRASE_POINTS = 15.0  # per further name of the method the request uses, two at most
WORD_POINTS = 10.0  # per distinctive word of the solver's own description, at most two
# words of a description that say nothing about which solver it is
_GENERIC = set("""solver transient steady state turbulent laminar flow flows fluid fluids incompressible
compressible with including optional mesh motion topology changes based using phase phases fraction interface
capturing equation equations single continuous effect volume particle particles which other support derived
described include includes inlet outlet pressure velocity water thermal number model case moving energy boundary
condition layer large small under problem problems simulation simulating direct generate generated typically
application approach similar relative common otherwise properties package quantity solve solves provide designed
comparison against finite segregated linear enhanced influence applying causing evolve calculated frame
formulation internal obtained enable inclusion andsolid withimplicit explicit implicit algorithm""".split())


def normal_text(text: str) -> str:
    """Lower case, hyphens, slashes and underscores as spaces, padded: phrases match whole words
    however the request joins them ('shallow-water' = 'shallow water')."""
    return " " + " ".join(re.sub(r"[-_/(),;:.!?']", " ", text.lower()).split()) + " "


@lru_cache(maxsize=1)
def solver_words() -> dict[str, SolverWords]:
    """canonical/solvers.yaml, validated."""
    path = CANONICAL_DIR / "solvers.yaml"
    data = yaml.safe_load(path.read_text()) if path.is_file() else {}
    return {name: SolverWords.model_validate(entry or {}) for name, entry in (data or {}).items()}


def _help_words(text: str) -> set[str]:
    from tasks.foam.commands import SOLVERS

    names = {s.lower() for s in SOLVERS}  # "derived from interFoam" says nothing of interFoam requests
    return {_stem(w) for w in normal_text(text).split() if len(w) >= 5 and w not in names} - _GENERIC


@lru_cache(maxsize=1)
def _distinctive_help_words() -> dict[str, frozenset[str]]:
    """Solver -> the words of its description that at most two solvers' descriptions use
    (mesh-motion and overset variants, which repeat their base's line, not counted)."""
    entries = solver_words()
    own = {name: _help_words(e.help) for name, e in entries.items()}
    counted = [words for name, words in own.items() if "DyM" not in name and not name.startswith("over")]
    df: dict[str, int] = {}
    for words in counted:
        for w in words:
            df[w] = df.get(w, 0) + 1
    return {name: frozenset(w for w in words if df.get(w, 0) <= 2) for name, words in own.items()}


def solver_hints(text: str) -> dict[str, float]:
    """Solver -> points for the words of the request that only it (or its close variants) is
    described by: one of its names (`also`) or distinctive words of its own description."""
    low = normal_text(text)
    words = {_stem(w) for w in low.split()}
    out: dict[str, float] = {}
    for name, entry in solver_words().items():
        points = 0.0
        said = _phrases_said(low, entry.also)
        if said:
            points += PHRASE_POINTS + MORE_PHRASE_POINTS * min(len(said) - 1, 2)
        shared = _distinctive_help_words()[name] & words
        points += WORD_POINTS * min(len(shared), 2)
        if points:
            out[name] = points
    return out


def _phrases_said(low: str, phrases: list[str]) -> list[str]:
    """The phrases the request says, a phrase inside a longer one said counted once
    ('pool fire' and 'fire' are one name of the method)."""
    said = list(dict.fromkeys(normal_text(p) for p in phrases if _says(low, p)))  # 'one-way' = 'one way'
    return [p for p in said if not any(q != p and p in q for q in said)]


def _says(low: str, phrase: str, whole: bool = True) -> bool:
    """The normalised request says the phrase (as whole words, or with `whole` False as the start
    of a word: 'buoyan'), not negated ('non-rotating', 'no Coriolis', 'without rotation')."""
    target = normal_text(phrase) if whole else " " + " ".join(re.sub(r"[-_/]", " ", phrase.lower()).split())
    if not target.strip():
        return False
    at = low.find(target)
    while at >= 0:
        before = low[max(0, at - 12):at + 1]
        if not re.search(r"\b(?:non|no|not|without|ignore|ignoring|neglect|neglecting)\s*$", before) \
                and not _NEGATED_AFTER.match(_after_word(low, at + len(target) - (1 if whole else 0))):
            return True
        at = low.find(target, at + 1)
    return False


# a phrase the request switches off after saying it ('buoyancy ignored', 'gravity is neglected')
_NEGATED_AFTER = re.compile(r" (?:is |are |can be |may be |to be |be )?(?:ignored|ignore|neglected|neglect|not included"
                            r"|not considered|not needed|switched off|turned off) ")


def _switched_off(low: str, stem: str) -> bool:
    """The request names the physics (a word starting with `stem`) to switch it off: 'buoyancy is
    ignored', 'neglecting buoyancy' (a plain 'no' or 'non-' only leaves it unasked)."""
    target = " " + " ".join(re.sub(r"[-_/]", " ", stem.lower()).split())
    at = low.find(target)
    while at >= 0:
        if re.search(r"\b(?:ignore|ignoring|neglect|neglecting)\s*$", low[max(0, at - 12):at + 1]) or \
                _NEGATED_AFTER.match(_after_word(low, at + len(target))):
            return True
        at = low.find(target, at + 1)
    return False


def _after_word(low: str, at: int) -> str:
    """The text from the end of the word at `at` on, its leading space kept ('buoyan' -> after 'buoyancy')."""
    return low[at + re.match(r"\S*", low[at:]).end():]


@lru_cache(maxsize=1)
def descriptions() -> dict[str, list[str]]:
    """Tutorial -> words that describe its geometry and physics (canonical/tutorials.yaml)."""
    path = CANONICAL_DIR / "tutorials.yaml"
    data = yaml.safe_load(path.read_text()) if path.is_file() else {}
    return {case: words_of(text) for case, text in (data or {}).items()}


@lru_cache(maxsize=2048)
def description_of(case: str) -> tuple[str, ...]:
    """The tutorial's canonical words, or those of its sibling: the same solver's tutorial of the
    same name under another turbulence folder ('cavitatingFoam/LES/throttle' has RAS/throttle's,
    'twoPhaseEulerFoam/laminar/fluidisedBed' has RAS/fluidisedBed's): the same geometry."""
    known = descriptions()
    if case in known:
        return tuple(known[case])
    parts = case.split("/")
    for other, words in known.items():
        o = other.split("/")
        if len(o) == len(parts) and o[:2] == parts[:2] and o[-1] == parts[-1] and o[2] in _TURBULENCE_FOLDERS \
                and parts[2] in _TURBULENCE_FOLDERS:
            return tuple(words)
    return ()


_TURBULENCE_FOLDERS = {"laminar", "RAS", "LES", "DNS"}


def request_features(text: str, solver: str | None, model: str | None) -> RequestFeatures:
    from tasks.foam.physics import model_spec
    from tasks.retrieval.router import classify, load_ontology

    low = " " + " ".join(text.lower().split()) + " "
    normal = normal_text(text)
    flags: dict[str, bool] = {}
    for flag, (yes, no) in FLAG_WORDS.items():
        said, said_normal = _without(low, FALSE_FRIENDS.get(flag, ())), _without(normal, FALSE_FRIENDS.get(flag, ()))
        if any(_says(said_normal, w) for w in no):  # 'non-isothermal' does not exclude heat
            flags[flag] = False
        elif any(w in said and _says(said_normal, w.rstrip(), whole=False) for w in yes):
            flags[flag] = True
        elif any(_switched_off(said_normal, w.strip()) for w in yes if len(w.strip()) >= 5):
            flags[flag] = False  # said only to switch it off: 'buoyancy is ignored', 'neglecting buoyancy'
    cues = value_cues(text)  # what the values say where the words say nothing (Mach 2, Re 500, 300 iterations)
    for flag in ("compressible", "energy"):
        if flag not in flags and getattr(cues, flag):
            flags[flag] = True
    steady, iterations_only = None, False
    if re.search(r"\bunsteady\b|\btransient\b|time[- ]dependent|time[- ]accurate|time[- ]resolved|vortex shedding|\bshedding\b"
                 r"|\bover time\b|\bin time\b|\bwith time\b", low):
        steady = False
    elif re.search(r"\bsteady\b|time[- ]independent|\bstationary (?:flow|state|solution)\b|\bconverged\b", low):
        steady = True
    elif says_duration(text):
        steady = False  # 'until t = 20 s', 'simulate 0.5 s': a physical time is a transient run's
    elif cues.steady is not None:
        steady = cues.steady  # '300 iterations' (a steady run's pseudo-time) or 'five seconds' spelled out
        iterations_only = steady
    sim = None
    if model:
        try:
            sim = model_spec(model).simulation_type
        except Exception:  # noqa: BLE001 - an unknown model is the planner's to report
            sim = None
    elif re.search(r"\bles\b|large[- ]eddy", low):
        sim = "LES"
    elif re.search(r"\b(?:no|not|without|non)[- ]?(?:turbulent|turbulence)\b", low):
        sim = "laminar"  # 'no turbulence', 'not turbulent', 'non-turbulent'
    elif re.search(r"\brans\b|\bras\b|turbulent|turbulence", low):
        sim = "RAS"
    elif "laminar" in low:
        sim = "laminar"
    else:
        sim = cues.simulation_type  # 'Re 500': laminar, 'Re 1e5': turbulent
    strength = solver_hints(text + "".join(f" ({w})" for w in cues.words))  # 'Mach 3' is supersonic
    if iterations_only and any(p >= PHRASE_POINTS and not _is_steady(s) and not _EITHER_TIME_SCHEME.search(s)
                               for s, p in strength.items()):
        steady = None  # 'a passive scalar ..., run 40 iterations': the method named is transient; its steps
    onto = load_ontology()
    route = classify(text, onto)
    joined = joined_names(text)
    flows = [(p.phrase, p.solver, p.tutorial) for p in route.phrases] + [
        (key, p.solver, p.tutorial) for key, p in onto.physics_phrases.items() if _key(key) in joined]  # 'Pitz-Daily'
    tutorials = list(dict.fromkeys(t for _, _, t in flows if t))
    defaults = [solver for _, solver, _ in flows if solver and solver not in strength]
    return RequestFeatures(solver=solver, model=model, simulation_type=sim, steady=steady, flags=flags,
                           solver_hints=sorted(strength, key=lambda s: -strength[s]), hint_strength=strength,
                           default_solvers=list(dict.fromkeys(defaults)), tutorial_hints=tutorials,
                           words=words_of(text),
                           names=set(re.findall(r"[a-z][a-z0-9_]+", text.lower())),
                           joined=joined - {_key(phrase) for phrase, _, _ in flows},
                           dispersed=any(_says(normal, w, whole=False) for w in DISPERSED_WORDS),
                           frame=rotating_frame(text),
                           solid_and_fluid=solid_and_fluid(normal, flags),
                           flow_words=sorted({w for phrase, _, t in flows if t for w in words_of(phrase)}),
                           words_said=[name for name, (phrases, _) in BC_WORDS.items()
                                       if any(_says(normal, p) for p in phrases)],
                           sharp_compressible=bool(flags.get("compressible") and flags.get("multiphase")
                                                   and any(_says(normal, w) for w in INTERFACE_WORDS)),
                           said=said_roots(request_words(text)), clauses=clause_roots(text),
                           radiation=any(_says(normal, w) for w in RADIATION_WORDS),
                           mesh_motion=any(_says(normal, w) for w in MESH_MOTION_WORDS))


def _key(name: str) -> str:
    """A name as letters and digits only, lower case: 'Pitz-Daily' -> 'pitzdaily'."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def joined_names(text: str) -> set[str]:
    """Two or three adjacent words of the request written as one name, the way a tutorial's
    camelCase name joins them: 'Pitz-Daily' -> pitzdaily, 'T-junction' -> tjunction, 'DTC hull' ->
    dtchull, 'Benard cells' -> benardcells, 'hot room' -> hotroom."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    parts = [words[i:i + n] for n in (2, 3) for i in range(len(words) - n + 1)]
    return {"".join(part) for part in parts if not part[0].isdigit() and not all(w in _STOP for w in part)}


# a physical time in seconds: '0.5 s', 't = 20 s', '2 seconds', '300 ms' (not '10 m/s', '1/s', 's^-1')
_DURATION = re.compile(r"(?<![/\w.])\d+(?:\.\d+)?(?:e[-+]?\d+)?\s*(?:s|sec|secs|seconds?|ms|milliseconds?|min|minutes?)"
                       r"(?![\w/^*\-])", re.I)


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
    rotor, multiple reference frames), 'whole' when the whole fluid turns with one frame (SRF:
    the SRF solvers' names of the method, canonical/solvers.yaml), or None."""
    low = normal_text(text)
    zone = any(_says(low, p) for p in MRF_ZONE_WORDS) or bool(re.search(
        r" (?:only|just) (?:in|around|inside|within) the (?:rotor|impeller|rotating|blade|stirrer)"
        r"| (?:rotor|impeller|rotating|blade|stirrer|fan) (?:region|zone|cell zone|cellzone)s? ", low))
    whole = any(_says(low, p) for p in solver_words().get("SRFSimpleFoam", SolverWords()).also) or bool(
        re.search(r" (?:whole|entire|all the) (?:domain|fluid|mesh|flow) (?:rotates|rotating|turns|spins)", low))
    if zone and not any(_says(low, p) for p in ("single rotating frame", "SRF")):
        return "zone"
    return "whole" if whole else None


def solid_and_fluid(normal: str, flags: dict[str, bool]) -> bool:
    """Heat passes between a solid body and a fluid ('a copper plate cooled by air', 'heat conducted
    through a wall into water'): two regions, conjugate heat transfer, even without the word. Not
    when the solid is a particle cloud, a phase of a multiphase flow or a fuel."""
    if not flags.get("energy") or any(flags.get(f) for f in ("multiphase", "lagrangian", "combustion")):
        return False
    return any(_says(normal, w) for w in SOLID_WORDS) and any(_says(normal, w) for w in FLUID_WORDS)


def _without(text: str, phrases: tuple[str, ...]) -> str:
    """The text with each phrase blanked out (whole words; the text is lower case)."""
    for phrase in phrases:
        text = re.sub(rf"\b{re.escape(phrase)}\b", " ", text)
    return text


def _record_flags(r: CaseRecord) -> dict[str, bool]:
    solver = r.solver or ""
    low = solver.lower()
    return {
        # a Boussinesq solver is incompressible whatever its thermophysical file says; a solver
        # whose own description computes a compressibility (cavitatingFoam's mixture) is compressible
        "compressible": (r.compressibility == "compressible" or _described_compressible(solver))
        and "boussinesq" not in low,
        "multiphase": r.multiphase,
        "energy": r.energy or r.buoyancy,
        "buoyancy": r.buoyancy,
        "lagrangian": r.lagrangian,
        # (icoReactingMultiphaseInterFoam's "reacting" is phase change: melting, evaporation)
        "combustion": any(w in low for w in ("reacting", "xifoam", "xidym", "xiengine", "fire", "chem", "pdr",
                                             "combust", "spray")) and "multiphaseinter" not in low,
        "mrf": r.mrf or solver.startswith("SRF"),
        "porous": low.startswith(("porous", "rhoporous")) or porous_cached(r.path),
        "non_newtonian": "nonnewtonian" in low or non_newtonian_cached(r.path),
    }


def _described_compressible(solver: str) -> bool:
    """The solver's own `-help` line (canonical/solvers.yaml) speaks of compressible flow or a
    compressibility, not only of incompressible fluids."""
    entry = solver_words().get(solver)
    return bool(entry and re.search(r"(?<!in)compressib", entry.help.lower()))


def _flag_agrees(flag: str, wanted: bool, rflags: dict[str, bool], features: RequestFeatures,
                 solver: str = "") -> bool:
    """The record has the physics flag as the request wants it. A particle cloud is a dispersed
    phase: a multiphase request for particles, droplets or a spray is met by a Lagrangian tutorial;
    and particles the request carries by a continuum method it names ('sand settles as a mixture',
    'particles and gas as two fluids': drift-flux, Euler-Euler) are met by that multiphase tutorial."""
    if flag == "multiphase" and wanted and rflags.get("lagrangian") and (
            features.flags.get("lagrangian") or features.dispersed):
        return True
    if flag == "lagrangian" and wanted and rflags.get("multiphase") and \
            features.hint_strength.get(solver, 0.0) >= PHRASE_POINTS:
        return True
    if flag == "mrf" and wanted and rflags.get("rotates"):
        return True  # a rotating part by another method: a rotating mesh (AMI) or an actuator disk
    if flag == "multiphase" and wanted and _described_free_surface(solver):
        return True  # a free surface carried by one phase (a wave height field): no second phase needed
    return rflags.get(flag) == wanted


def _bc_carried(r: CaseRecord, asked: list[str]) -> list[str]:
    """The conditions the request asks for (BC_WORDS' keys) that a field of the tutorial carries."""
    types = {t for f in r.fields for t in f.patches.values()}
    return [name for name in asked if any(BC_WORDS[name][1] in t for t in types)]


def _described_free_surface(solver: str) -> bool:
    """The solver's own `-help` line (canonical/solvers.yaml) says it models a free surface
    (potentialFreeSurfaceFoam's single-phase approximation)."""
    entry = solver_words().get(solver)
    return bool(entry and re.search(r"free[- ]surface", entry.help.lower()))


def _other_time_scheme(solver: str, features: RequestFeatures, switchable: bool = True) -> bool:
    """The request asks for steady (or transient) flow and the solver cannot run it that way
    (the incompressible ones are switched between, tasks/edit/caseops.switch_solver, unless
    `switchable` is False: a sibling tutorial that already runs it that way is the better base)."""
    return bool(features.steady is not None and solver and (not switchable or solver not in SWITCHABLE)
                and not _EITHER_TIME_SCHEME.search(solver) and _is_steady(solver) != features.steady)


NAME_POINTS = 80.0  # the request names the tutorial ('pitzDaily', 'damBreak', 'aachenBomb')
FOLDER_POINTS = 60.0  # the request names a folder of variants ('cavity' for cavity/cavityClipped)
PLAIN_NAME_POINTS = 20.0  # the tutorial's name is an ordinary noun ('cylinder', 'column', 'waves')


def _name_points(name: str, leaf: bool, mismatched: bool) -> float:
    """Points for a tutorial whose name (or folder's name) the request uses. A coined name
    (camelCase, a proper name, digits: 'pitzDaily', 'Goldschmidt', 'boxTurb16') identifies the
    tutorial; an ordinary lower-case noun ('cylinder', 'column', 'cavity', 'filter', 'waves') is a
    geometry word that many flows share: a little more than a geometry word, and nothing when the
    tutorial's physics is not the one asked for."""
    plain = name.isalpha() and name.islower()
    if plain:  # the folder's variants get what the folder's own tutorial gets, less
        return 0.0 if mismatched else PLAIN_NAME_POINTS - (0.0 if leaf else NAME_POINTS - FOLDER_POINTS)
    return NAME_POINTS if leaf else FOLDER_POINTS


LOOSE_NAME_POINTS = 50.0  # the tutorial's name written as separate words ('Pitz-Daily', 'DTC hull')
VARIANT_POINTS = 50.0  # over its base's name: a variant named by the base's name and the words it adds


def _variant_named(case: str, features: RequestFeatures, leaves: frozenset[str]) -> float:
    """Points for a variant of a tutorial ('pitzDailyExptInlet', 'cavityClipped', 'TJunctionFan')
    when the request names its base ('pitzDaily', 'a cavity', 'a T-junction') and says every word the
    variant's name adds ('with the experimental inlet', 'clipped', 'with a fan'): what the base's name
    earns, and VARIANT_POINTS more, so the variant beats its base."""
    base = base_leaf(case, leaves)
    added = added_words(case, base) if base else []
    if not base or not added or not all(says_word(w, features.said) for w in added):
        return 0.0
    key = base.lower()
    if key in features.names:
        return _name_points(base, True, False) + VARIANT_POINTS
    base_words = [w for w in camel_words(base) if w.isalpha()]
    if key in features.joined or (base_words and all(says_word(w, features.said) for w in base_words)):
        return VARIANT_POINTS
    return 0.0


def _loose_name_points(r: CaseRecord, solver: str, features: RequestFeatures, mismatched: bool = False,
                       fits: bool = True) -> float:
    """Points for a tutorial whose camelCase name the request writes as two or three words, in its
    order ('Pitz-Daily', 'DTC hull') or in any order and form ('a clipped cavity', 'the graded
    cavity'). Less than the name written as it is (the words may only describe a shape: 'a
    T-junction'), and nothing when the tutorial's physics is not the request's, or the request
    calls another method by name and the words are only the name written apart. Words in another
    order count only when the tutorial `fits` the request's physics and time scheme too."""
    leaf = r.case.rsplit("/", 1)[-1]
    if len(leaf) < 5 or mismatched:
        return 0.0
    if fits and all_name_words_said(r.case, features.clauses):
        return LOOSE_NAME_POINTS
    if leaf.lower() not in features.joined:
        return 0.0
    named = {s for s, p in features.hint_strength.items() if p >= PHRASE_POINTS}
    return 0.0 if named and solver not in named else LOOSE_NAME_POINTS


def _is_steady(solver: str) -> bool:
    """A steady solver: its name says SIMPLE (or potentialFoam, laplacianFoam), or its own `-help`
    line (canonical/solvers.yaml) starts 'Steady-state' (adjointShapeOptimizationFoam,
    solidEquilibriumDisplacementFoam)."""
    entry = solver_words().get(solver)
    return bool(_STEADY_SOLVERS_WORD.search(solver)) or bool(entry and entry.help.lower().startswith("steady-state"))


def _cells(r: CaseRecord) -> int:
    path = Path(r.path) / "system"
    found = find_file(path, "blockMeshDict")
    if found is None:
        return 100_000
    return sum(a * b * c for a, b, c in block_cell_counts(read_text(found))) or 100_000


def _blocked(r: CaseRecord) -> str | None:
    """Why a tutorial cannot be a base here (it would not run as the request asks), or None."""
    root = Path(r.path)
    if not r.solver:
        return "no application"
    brought = resource_files(root)  # what its Allrun copies in (../common/0.orig, shared meshes, ...)
    if not any((root / d).is_dir() for d in ("0", "0.orig")) and \
            not any(rel.split("/")[0] in ("0", "0.orig") for rel in brought) and \
            not (root / "constant" / "initialConditions").is_file():  # chemFoam's single cell starts from it
        return "no initial fields"
    other = _other_case_used(root)
    if other and not copies_from(root, other):
        return f"its Allrun builds it from another case ({other}), which is not copied with it"
    for rel in ("0", "0.orig", "constant", "system"):
        folder = root / rel
        if folder.is_dir():
            for p in folder.rglob("*"):
                if p.is_file() and p.stat().st_size < 200_000 and re.search(
                        r"codedFixedValue|#codeStream|coded\b", read_text(p)):
                    return "needs a compiler (coded boundary condition or #codeStream)"
    return None


def _flow_hint(case: str, features: RequestFeatures) -> float:
    """Points for the router's tutorial of a named flow: the flow's geometry is every tutorial of
    that name (its last folder), whatever solver runs it; the router's own pick gets a little more
    unless the request's physics words point to another solver."""
    def leaf(path: str) -> str:
        return path.rstrip("/").rsplit("/", 1)[-1].lower()

    points = 0.0
    solver = case.split("/")[1] if case.count("/") >= 2 else ""
    named = {s for s, p in features.hint_strength.items() if p >= PHRASE_POINTS}  # the method called by name
    for hint in features.tutorial_hints:
        if case == hint or case.startswith(hint + "/"):
            hinted_solver = hint.split("/")[1] if hint.count("/") >= 2 else ""
            points = max(points, 60.0 if not named or hinted_solver in named else 45.0)
        elif leaf(case) == leaf(hint) or any(leaf(part) == leaf(hint) for part in case.split("/")[2:]) \
                or _extends_name(case, hint):
            points = max(points, 45.0 if solver in named or features.solver == solver else 40.0)
    return points


def _extends_name(case: str, hint: str) -> bool:
    """The tutorial's name extends the hinted tutorial's ('cavityCoupledU' and 'cavity',
    'pitzDailyExptInlet' and 'pitzDaily'): a variant of the same geometry."""
    words = [w for w in camel_words(hint.rsplit("/", 1)[-1]) if len(w) >= 3 and w.isalpha()]
    return bool(words) and set(words) <= set(tutorial_name_words(case))


_OTHER_CASE = re.compile(r"(?:^|\s)(\.\./(?!\.\./)[\w.\-/]+)")


def _other_case_used(root: Path) -> str | None:
    """The sibling case or shared folder ('../common', '../aeroFoil_overset') the tutorial's own
    Allrun or Allrun.pre copies, merges or maps from, or None. Comments and links inside the case
    ('../../include') do not count."""
    for name in ("Allrun.pre", "Allrun"):
        script = find_file(root, name)
        if script is None:
            continue
        for line in read_text(script).splitlines():
            code = line.split("#", 1)[0]
            m = _OTHER_CASE.search(code)
            if m and re.search(r"\b(?:cp|mergeMeshes|mapFields|mapFieldsPar|ln|rsync)\b", code):
                return m.group(1)
    return None


def _euler_euler(solver: str) -> bool:
    return "EulerFoam" in solver


def _compressible_vof(solver: str) -> bool:
    entry = solver_words().get(solver)
    return bool(entry and "VOF" in entry.help and "two compressible" in entry.help)  # not N phases


def _n_phase_vof(solver: str) -> bool:
    """A VOF solver for more than two phases (multiphaseInterFoam's N, interMixingFoam's three): its
    tutorials carry three or four."""
    entry = solver_words().get(solver)
    return bool(entry and re.search(r"\b(?:N|three) incompressible fluids\b", entry.help)
                and re.search(r"interface", entry.help))


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
    if features.solid_and_fluid and solver.startswith("chtMultiRegion") and "TwoPhase" not in solver \
            and _has_fluid_region(r.path):
        points += CLASS_POINTS + 25.0  # a single-region tutorial named like the flow has no solid to conduct in
        why.append("a solid and a fluid exchanging heat (conjugate heat transfer)")
    if solver.startswith("chtMultiRegion") and not _has_fluid_region(r.path) and \
            not set(features.words) & _SOLID_ONLY_WORDS:
        points -= 20.0  # a solid region alone (jouleHeatingSolid) is no base for a flow
    if features.flags.get("multiphase") and _n_phase_vof(solver) and solver not in features.hint_strength:
        points -= 25.0  # two phases asked for (no third named): a two-phase VOF solver's tutorial, not N phases
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


def rank(features: RequestFeatures, records: list[CaseRecord], limit: int = 3) -> list[Candidate]:
    """Every record scored for the request, best first."""
    out: list[Candidate] = []
    counts = _name_counts(tuple(r.case for r in records))
    leaves = frozenset(r.case.rsplit("/", 1)[-1] for r in records)
    elsewhere = _best_other_geometry(features, records, counts)
    for r in records:
        blocked = _blocked_cached(r.path)
        if blocked:
            continue
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
        if not features.solver and solver in features.hint_strength:
            points = features.hint_strength[solver]
            if _other_time_scheme(solver, features):
                points *= 0.25  # 'steady transonic': the flow word names a method the time scheme rules out
            if features.sharp_compressible and points < PHRASE_POINTS and _euler_euler(solver):
                points = 0.0  # a compressible bubble with an interface: the bubble word is no dispersed phase
            if any(features.flags[flag] for flag in mismatched) and points < PHRASE_POINTS + MORE_PHRASE_POINTS:
                points *= 0.5  # physics stated that the solver lacks, one name of its method said: the method only
            score += points
            why.append(f"{solver} suits the physics asked for")
        score += _class_points(r, solver, features, why)
        score += _stated_physics_points(r, solver, features, why)
        if not features.solver and solver in features.default_solvers and not _strongly_hinted(features) \
                and not mismatched and not _other_time_scheme(solver, features, switchable=False):
            score += 20
            why.append(f"{solver} is the usual solver of the flow named")
        fits = not mismatched and not _other_time_scheme(solver, features, switchable=False)
        own = [part for part in r.case.split("/")[2:]
               if len(part) >= 5 and part.lower() in features.names and part.lower() not in _STOP | _VARIANTS]
        if own:
            points = _name_points(own[-1], own[-1] == r.case.rsplit("/", 1)[-1], bool(mismatched))
            score += points
            why.append(f"the tutorial named ({own[-1]})" if own[-1] == r.case.rsplit("/", 1)[-1]
                       else f"the tutorial's folder named ({own[-1]})")
        if not own and fits and (variant := _variant_named(r.case, features, leaves)):
            score += variant
            why.append(f"the variant named by its own words ({r.case.rsplit('/', 1)[-1]})")
        elif not own and (loose := _loose_name_points(r, solver, features, bool(mismatched), fits)):
            score += loose
            why.append(f"the tutorial named loosely ({r.case.rsplit('/', 1)[-1]})")
        said_names = _shape_names_said(r.case, features) if fits else []
        if said_names:
            score += name_word_points(said_names, counts)
            why.append("its name's words: " + ", ".join(said_names[:2]))
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
        hinted = solver == features.solver or _sole_hint(solver, features)
        implied = {"energy"} if features.flags.get("compressible") else set()  # a compressible gas carries its energy
        for flag, has in rflags.items():
            if has and flag not in features.flags and flag not in implied and not hinted:
                score -= 12  # physics nobody asked for (a solver the request's words name implies its own)
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
        if r.case.startswith(_DEMO_AREAS):
            score -= 40
        if features.simulation_type and r.simulation_type:
            if r.simulation_type == features.simulation_type:
                score += 12
                if features.model and r.turbulence_model == features.model:
                    score += 8
                    why.append(f"uses {features.model}")
            else:
                score -= 6
        carried = _bc_carried(r, features.words_said)
        if carried:
            score += BC_POINTS * len(carried)
            why.append("has a " + ", ".join(carried) + " boundary condition")
        shared = _shared_words(r, features)
        if r.case.startswith(_OTHER_PHYSICS_AREAS) and solver != features.solver and \
                solver not in features.hint_strength and len(shared) < 2:
            score -= OTHER_PHYSICS_COST  # 'a cylinder in a stream' is no liquid film on a cylinder
        if shared:
            score += 30 * min(len(shared), 3)
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
    # the costlier LES), then the shorter path
    out.sort(key=lambda c: (-c.score, features.simulation_type is None and c.record.simulation_type in ("RAS", "LES"),
                            features.simulation_type is None and c.record.simulation_type == "LES",
                            len(c.record.case)))
    return out[:limit] if limit else out


def _shared_words(r: CaseRecord, features: RequestFeatures) -> list[str]:
    """The request's geometry words that the tutorial's name or canonical description uses."""
    rwords = set(name_words("/".join(r.case.split("/")[2:]))) | set(description_of(r.case))
    rwords = {_stem(w) for w in rwords}
    return [w for w in dict.fromkeys(features.words) if w in rwords]


def _own_geometry(r: CaseRecord, features: RequestFeatures) -> list[str]:
    """The request's words the tutorial shares beyond those of the flows it names: what the
    request says of the shape ('tall cavity'), not the physics phrase that points to it."""
    return [w for w in _shared_words(r, features) if w not in features.flow_words]


def _best_other_geometry(features: RequestFeatures, records: list[CaseRecord], counts: dict[str, int]) -> int:
    """The most words beyond the named flows' phrases that any tutorial not of those flows shares
    with the request: 2 or more means the request describes that tutorial's geometry, and so does
    a word of its name that at most two tutorial names carry ('a prism', 'a biconic body')."""
    if not features.tutorial_hints:
        return 0
    hinted = tuple(features.tutorial_hints)

    def described(r: CaseRecord) -> int:
        rare = rare_name_word(_shape_names_said(r.case, features), counts)
        return max(len(_own_geometry(r, features)), 2 if rare else 0)

    return max((described(r) for r in records
                if not any(r.case == h or r.case.startswith(h + "/") for h in hinted) and not _blocked_cached(r.path)),
               default=0)


def _shape_names_said(case: str, features: RequestFeatures) -> list[str]:
    """The words of the tutorial's name the request says as words of its shape: not its fluid, how
    warm it is, its speed regime or how a body moves (_NOT_SHAPE_ROOTS)."""
    return [w for w in name_words_said(case, features.said) if root(w) not in _NOT_SHAPE_ROOTS]


@lru_cache(maxsize=4)
def _name_counts(cases: tuple[str, ...]) -> dict[str, int]:
    return name_word_counts(cases)


def _laminar_only(solver: str) -> bool:
    """The solver's own `-help` line (canonical/solvers.yaml) says laminar flow and never turbulent
    (icoFoam, nonNewtonianIcoFoam, mhdFoam, sonicLiquidFoam): no turbulence model runs in it."""
    entry = solver_words().get(solver)
    text = entry.help.lower() if entry else ""
    return "laminar" in text and "turbulen" not in text


def _stated_physics_points(r: CaseRecord, solver: str, features: RequestFeatures, why: list[str]) -> float:
    """Points for physics the request states that the base must carry: turbulence (a laminar-only
    solver cannot), thermal radiation and a moving mesh (only some tutorials of a solver have them)."""
    points = 0.0
    if features.simulation_type in ("RAS", "LES") and solver != features.solver and _laminar_only(solver):
        points -= LAMINAR_ONLY_COST
        why.append(f"{solver} is laminar only")
    for stated, carried, name in ((features.radiation, radiation_cached, "thermal radiation"),
                                  (features.mesh_motion, moving_mesh_cached, "a moving mesh")):
        if not stated:
            continue
        if carried(r.path):
            points += STATED_PHYSICS_POINTS
            why.append(f"has {name}")
        else:
            points -= MISSING_STATED_PHYSICS
    return points


@lru_cache(maxsize=1024)
def _blocked_cached(path: str) -> str | None:
    if path in _BLOCKED:
        return _BLOCKED[path]
    record = _records_by_path().get(path)
    return _blocked(record) if record else None


@lru_cache(maxsize=1024)
def _cells_cached(path: str) -> int:
    record = _records_by_path().get(path)
    return _cells(record) if record else 100_000


_RECORDS: dict[str, list[CaseRecord]] = {}
_BLOCKED: dict[str, str | None] = {}  # tutorial path -> why it cannot be a base (None: it can)
BLOCKED_VERSION = 3  # of _blocked's rules: a change of them makes the cached reasons stale


def _records_by_path() -> dict[str, CaseRecord]:
    return {r.path: r for recs in _RECORDS.values() for r in recs}


def tutorial_records(tutorials_dir: Path) -> list[CaseRecord]:
    """The case-base records of every installed tutorial, cached per installation."""
    key = str(tutorials_dir.resolve())
    if key in _RECORDS:
        return _RECORDS[key]
    stamp = f"{tutorials_dir.resolve()}:{tutorials_dir.stat().st_mtime_ns}:v{RECORD_VERSION}"
    cache = data_dir() / "cache" / "tutorial_records.json"
    records: list[CaseRecord] | None = None
    if cache.is_file():
        try:
            data = json.loads(cache.read_text())
            if data.get("stamp") == stamp:
                records = [CaseRecord.model_validate(r) for r in data["records"]]
        except (ValueError, KeyError):
            records = None
    if records is None:
        records = [read_case_record(d, tutorials_dir) for d in find_case_dirs(tutorials_dir)]
        cache.parent.mkdir(parents=True, exist_ok=True)
        tmp = cache.with_suffix(".tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "records": [r.model_dump() for r in records]}))
        tmp.replace(cache)
    _RECORDS[key] = records
    _BLOCKED.update(cached_json("tutorials_blocked", f"{stamp}:b{BLOCKED_VERSION}",
                                lambda: {r.path: _blocked(r) for r in records}))
    return records
