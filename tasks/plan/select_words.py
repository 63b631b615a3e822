"""What words say, for base selection: the request's words (lower case, stemmed, a solver's name
and a time step left out), the words of a tutorial's path, and each solver's own words (its
`-help` line and the method's other names, canonical/solvers.yaml) that tell it apart; whether
the request says a phrase (not negated) and what a solver is by its own description (steady,
laminar only, compressible, a free surface, Euler-Euler, compressible or N-phase VOF). Pure;
canonical/ files read once.
"""

from __future__ import annotations

import re
from functools import lru_cache

import yaml
from pydantic import BaseModel, ConfigDict, Field

from tasks.core.paths import CANONICAL_DIR
from tasks.plan.select_negation import inflected, negated_after, negated_before, switched_off_before

# (potentialFoam's 'potential', not potentialFreeSurfaceFoam's: that one steps a wave height in time)
_STEADY_SOLVERS_WORD = re.compile(r"Simple|simple|[pP]otentialFoam|laplacian|SRFSimple|porousSimple")
# solvers that run either way: laplacianFoam steps its diffusion in time and reaches the steady state
_EITHER_TIME_SCHEME = re.compile(r"[lL]aplacian")

_STOP = set("the a an of and or in on at to for with by from into over under is are be as flow case simulation "
            "simulate run using use set up setup openfoam model solver steady transient turbulent laminar "
            "inlet outlet wall walls velocity pressure temperature mesh cells cell time seconds second "
            "iterations water air fluid 2d 3d domain m s k one two three four five six seven eight nine ten "
            "between first second third half quarter degree degrees compressible incompressible unsteady around "
            "through past mach liquid gas vapour vapor phase heat transfer coupled conjugate region "
            "subsonic transonic supersonic hypersonic turbulence hot cold warm heated cool "
            # function words: no tutorial's description says what it is by them ('cells blocked where ...')
            "where when which what whose how that this these those it its there then than just only once "
            "any more does do not nothing every each while very much many some"
            .split())  # physics words count through the flags and the solver words, not as geometry
_VARIANTS = {"implicit", "explicit", "common", "laminar", "transient", "steady", "simple", "pimple", "default"}


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


# a shape said by its adjective names the shape's noun, as a tutorial's name writes it
SHAPE_ADJECTIVES = {"cylindrical": "cylinder", "spherical": "sphere", "conical": "cone", "circular": "circle",
                    "rectangular": "rectangle", "triangular": "triangle", "annular": "annulus", "tubular": "tube",
                    "elliptical": "ellipse", "elliptic": "ellipse", "cubic": "cube", "cuboid": "box",
                    "prismatic": "prism", "hemispherical": "hemisphere"}
_SHAPE_ADJECTIVE = re.compile(r"\b(" + "|".join(SHAPE_ADJECTIVES) + r")\b", re.I)


# a solid body in the flow said by its own noun: the general noun tutorials' names use for one ("obstacle")
_SOLID_BODY = re.compile(r"\b(blocks?|obstructions?|bricks?|pillars?|cuboids?)\b", re.I)


def with_shape_nouns(text: str) -> str:
    """The text with each shape adjective followed by its noun ('a cylindrical tank' -> 'a
    cylindrical cylinder tank'), and a solid body's noun by 'obstacle' ('a block' -> 'a block
    obstacle'): the words a tutorial's name uses for that shape."""
    text = _SHAPE_ADJECTIVE.sub(lambda m: f"{m.group(1)} {SHAPE_ADJECTIVES[m.group(1).lower()]}", text)
    return _SOLID_BODY.sub(lambda m: f"{m.group(1)} obstacle", text)


def words_of(text: str) -> list[str]:
    """Lower-case words, a camelCase name split into its words (obliqueShock -> oblique shock)."""
    text = with_shape_nouns(re.sub(r"\b\w+Foam\b", " ", text))  # solver names are matched as solvers
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


@lru_cache(maxsize=1)
def _eponyms() -> dict[str, str]:
    """Proper name -> the one solver whose other names carry it ('riemann', 'kurganov' ->
    rhoCentralFoam; 'hartmann' -> mhdFoam): a method called by its author's name. Mesh-motion and
    overset variants, which repeat their base's names, not counted."""
    owners: dict[str, set[str]] = {}
    for name, entry in solver_words().items():
        if "DyM" in name or name.startswith("over"):
            continue
        for phrase in entry.also:
            for word in re.findall(r"[A-Za-z]+", phrase):
                if len(word) >= 4 and word[0].isupper() and not word.isupper():
                    owners.setdefault(word.lower(), set()).add(name)
    return {word: next(iter(names)) for word, names in owners.items() if len(names) == 1}


@lru_cache(maxsize=1)
def _method_acronyms() -> dict[str, str]:
    """Acronym -> solver, for a solver whose own description names its method by it in brackets ("Direct simulation
    Monte Carlo (DSMC) solver", "magnetohydrodynamics (MHD)"): saying the acronym names that solver."""
    owners: dict[str, set[str]] = {}
    for name, entry in solver_words().items():
        for acronym in re.findall(r"\(([A-Z]{3,6})\)", entry.help):
            owners.setdefault(acronym, set()).add(name)
    return {a: next(iter(names)) for a, names in owners.items() if len(names) == 1}


def method_named_solver(text: str) -> str | None:
    """The solver the request names by its method's acronym, written in capitals ("a DSMC run of the wedge"); None
    when it names none, or more than one."""
    found = {solver for acronym, solver in _method_acronyms().items() if re.search(rf"(?<![\w-]){acronym}(?![\w-])", text)}
    return found.pop() if len(found) == 1 else None


MIN_EPONYM = 6  # letters: a shorter proper name ('Black', 'Cross', 'Bird') counts only written with its capital


def eponyms_said(text: str) -> dict[str, str]:
    """The proper names of methods the request says (word -> solver): 'a Riemann solver',
    'approximate riemann fluxes'; a short one only written with its capital, not opening a sentence;
    none negated ('no Coriolis')."""
    names = _eponyms()
    low = normal_text(text)
    out: dict[str, str] = {}
    for m in re.finditer(r"[A-Za-z]+", text):
        word = m.group(0)
        solver = names.get(word.lower())
        opens = not text[:m.start()].strip() or text[:m.start()].rstrip()[-1] in ".!?:;\n-*"
        if solver and (len(word) >= MIN_EPONYM or (word[0].isupper() and not opens)) and _says(low, word):
            out[word.lower()] = solver
    return out


# a hyphen between two letters: a name written in pieces ('MP-PIC', 'iso-Advector')
_HYPHENATED = re.compile(r"(?<=[A-Za-z])-(?=[A-Za-z])")


def solver_hints(text: str) -> dict[str, float]:
    """Solver -> points for the words of the request that only it (or its close variants) is
    described by: one of its names (`also`) or distinctive words of its own description."""
    low = normal_text(text)
    joined = normal_text(_HYPHENATED.sub("", text))  # 'MP-PIC' is MPPIC, 'Euler-Lagrange' also Euler Lagrange
    words = {_stem(w) for w in low.split()}
    eponyms = eponyms_said(text)  # 'a Riemann solver': the method's author named
    out: dict[str, float] = {}
    phrases = {name: list(dict.fromkeys(_phrases_said(low, entry.also) + _phrases_said(joined, entry.also)))
               for name, entry in solver_words().items()}
    longer = {p for said in phrases.values() for p in said}
    for name, entry in solver_words().items():
        points = 0.0
        # a phrase said only inside another solver's longer one ("VOF" in "geometric VOF") names that one
        said = [p for p in phrases[name] if not any(p.strip() != q.strip() and f" {p.strip()} " in f" {q.strip()} "
                                                    and q not in phrases[name] for q in longer)]
        said += [w for w, solver in eponyms.items() if solver == name and not any(w in p for p in said)]
        if said:
            points += PHRASE_POINTS + MORE_PHRASE_POINTS * min(len(said) - 1, 2)
        shared = _distinctive_help_words()[name] & words
        points += WORD_POINTS * min(len(shared), 2)
        if points:
            out[name] = points
    for name in solver_names_written(low):  # 'reacting two-phase Euler': the solver's own name, written apart
        out[name] = max(out.get(name, 0.0), PHRASE_POINTS + 2 * MORE_PHRASE_POINTS)
    return out


def _name_phrase(solver: str) -> str:
    """A solver's name as words: reactingTwoPhaseEulerFoam -> 'reacting two phase euler'."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", " ", solver.removesuffix("Foam"))
    return " ".join(spaced.lower().split())


def solver_names_written(low: str) -> list[str]:
    """The solvers whose camelCase name (two words at least) the normalised request writes as
    separate words in its order ('reacting two-phase Euler', 'potential free surface'); a name
    inside a longer one said ('two phase euler' in 'reacting two phase euler') gives way to it."""
    said = {name: phrase for name in solver_words()
            if len((phrase := _name_phrase(name)).split()) >= 2 and f" {phrase} " in low}
    return [name for name, phrase in said.items()
            if not any(other != phrase and f" {phrase} " in f" {other} " for other in said.values())]


# words that join two ideas rather than qualify the noun after them: 'sharp and clean interface'
# is one interface, 'heat and mass transfer' two things
_JOINING = frozenset("and or but with without from into onto than then that which where when while also "
                     "each every this these those their there some other only very more most less".split())


def _says_qualified(low: str, phrase: str) -> bool:
    """A two-word name of a method said with one qualifying word inside it: 'sharp geometric interface'
    for 'sharp interface', 'rotating reference frame' for 'rotating frame', 'free water surface'."""
    parts = normal_text(phrase).split()
    if len(parts) != 2:
        return False
    pattern = rf" {re.escape(parts[0])} ([a-z]{{4,}}) {re.escape(parts[1])} "
    return any(m.group(1) not in _JOINING and _says(low, f"{parts[0]} {m.group(1)} {parts[1]}")
               for m in re.finditer(pattern, low))


def _phrases_said(low: str, phrases: list[str]) -> list[str]:
    """The phrases the request says, also with one qualifying word inside a two-word one, a phrase
    inside a longer one said counted once ('pool fire' and 'fire' are one name of the method)."""
    said = list(dict.fromkeys(normal_text(p) for p in phrases
                              if _says(low, p) or _says_qualified(low, p)))  # 'one-way' = 'one way'
    return [p for p in said if not any(q != p and p in q for q in said)]


def _says(low: str, phrase: str, whole: bool = True) -> bool:
    """The normalised request says the phrase (as whole words, or with `whole` False as the start
    of a word: 'buoyan'), not negated ('non-rotating', 'no Coriolis', 'without rotation')."""
    target = normal_text(phrase) if whole else " " + " ".join(re.sub(r"[-_/]", " ", phrase.lower()).split())
    if not target.strip():
        return False
    at = low.find(target)
    while at >= 0:
        before = low[max(0, at - 20):at + 1]
        if (whole or inflected(target, low[at + len(target):])) and not negated_before(before) \
                and not negated_after(_after_word(low, at + len(target) - (1 if whole else 0))):
            return True
        at = low.find(target, at + 1)
    return False


def _switched_off(low: str, stem: str) -> bool:
    """The request names the physics (a word starting with `stem`) to switch it off: 'buoyancy is
    ignored', 'neglecting buoyancy' (a plain 'no' or 'non-' only leaves it unasked)."""
    target = " " + " ".join(re.sub(r"[-_/]", " ", stem.lower()).split())
    at = low.find(target)
    while at >= 0:
        if switched_off_before(low[max(0, at - 20):at + 1]) or negated_after(_after_word(low, at + len(target))):
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
    # a variant solver's tutorial of the same name as its base solver's, in the same area: the same geometry
    # ('potentialFreeSurfaceDyMFoam/oscillatingBox' has potentialFreeSurfaceFoam/oscillatingBox's words,
    # 'compressibleInterDyMFoam/laminar/sloshingTank2D' interFoam/laminar/sloshingTank2D's)
    for other, words in known.items():
        o = other.split("/")
        if o[0] == parts[0] and o[-1] == parts[-1] and o[1] != parts[1] and \
                parts[1].replace("DyM", "").lower() in _same_method_names(o[1].replace("DyM", "").lower()):
            return tuple(words)
    # a variant beside its base in one folder ('counterFlowFlame2DLTS' beside 'counterFlowFlame2D'): its geometry
    bases = [other for other in known if other.rsplit("/", 1)[0] == case.rsplit("/", 1)[0]
             and parts[-1].startswith(other.rsplit("/", 1)[-1]) and other != case
             and not parts[-1][len(other.rsplit("/", 1)[-1])].islower()]
    return tuple(known[max(bases, key=len)]) if bases else ()


_TURBULENCE_FOLDERS = {"laminar", "RAS", "LES", "DNS"}


def _same_method_names(solver: str) -> tuple[str, ...]:
    """The names (lower case, without 'DyM') of a solver's own method on a moving mesh or with its
    phases compressible: interfoam -> interfoam, compressibleinterfoam (not a reacting variant)."""
    return (solver, "compressible" + solver)


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


def _without(text: str, phrases: tuple[str, ...]) -> str:
    """The text with each phrase blanked out (whole words; the text is lower case)."""
    for phrase in phrases:
        text = re.sub(rf"\b{re.escape(phrase)}\b", " ", text)
    return text


def _described_compressible(solver: str) -> bool:
    """The solver's own `-help` line (canonical/solvers.yaml) speaks of compressible flow or a
    compressibility, not only of incompressible fluids."""
    entry = solver_words().get(solver)
    return bool(entry and re.search(r"(?<!in)compressib", entry.help.lower()))


def _described_free_surface(solver: str) -> bool:
    """The solver's own `-help` line (canonical/solvers.yaml) says it models a free surface
    (potentialFreeSurfaceFoam's single-phase approximation)."""
    entry = solver_words().get(solver)
    return bool(entry and re.search(r"free[- ]surface", entry.help.lower()))


def _is_steady(solver: str) -> bool:
    """A steady solver: its name says SIMPLE (or potentialFoam, laplacianFoam), or its own `-help`
    line (canonical/solvers.yaml) starts 'Steady-state' (adjointShapeOptimizationFoam,
    solidEquilibriumDisplacementFoam)."""
    entry = solver_words().get(solver)
    return bool(_STEADY_SOLVERS_WORD.search(solver)) or bool(entry and entry.help.lower().startswith("steady-state"))


def _euler_euler(solver: str) -> bool:
    return "EulerFoam" in solver


def _vof(solver: str) -> bool:
    """A VOF solver: its own `-help` line (canonical/solvers.yaml) says VOF or interface capturing."""
    entry = solver_words().get(solver)
    return bool(entry and re.search(r"\bVOF\b|interface[- ]capturing", entry.help))


def _compressible_vof(solver: str) -> bool:
    entry = solver_words().get(solver)
    return bool(entry and "VOF" in entry.help and "two compressible" in entry.help)  # not N phases


def _n_phase_vof(solver: str) -> bool:
    """A VOF solver for more than two phases (multiphaseInterFoam's N, interMixingFoam's three): its
    tutorials carry three or four."""
    entry = solver_words().get(solver)
    return bool(entry and re.search(r"\b(?:N|three) incompressible fluids\b", entry.help)
                and re.search(r"interface", entry.help))


def _laminar_only(solver: str) -> bool:
    """The solver's own `-help` line (canonical/solvers.yaml) says laminar flow and never turbulent
    (icoFoam, nonNewtonianIcoFoam, mhdFoam, sonicLiquidFoam): no turbulence model runs in it."""
    entry = solver_words().get(solver)
    text = entry.help.lower() if entry else ""
    return "laminar" in text and "turbulen" not in text
