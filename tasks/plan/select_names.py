"""The words of a tutorial's own name and the request words that say them: 'cavityClipped' is
said by 'a clipped cavity', 'cavityGrade' by 'the graded mesh', 'hotRadiationRoom' by 'a room
with a radiating hot box'. A word of a name few tutorials carry ('prism', 'biconic',
'thermocouple', 'clipped') tells the tutorial apart from its siblings; a word many carry
('channel', 'room', 'box') only says the kind of shape. Pure; base selection
(tasks/plan/select.py) turns them into points.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from tasks.plan.select_negation import without_left_out

# words of a tutorial's path that name no shape: its turbulence folder, a run variant, a setup step
NAME_FILLER = frozenset("""ras les laminar dns implicit explicit common default transient steady state lts case test
run setup full init initial mesh orig simple pimple piso foam with and the for from into of in on one two three four
five six phase phases multi region regions""".split())  # counts and physics words ('twoPhasePachuka', 'multiRegionHeater')
# endings one word takes in a request and another in a name ('graded'/'Grade', 'radiating'/'Radiation')
_ENDINGS = ("ations", "ation", "ating", "ated", "ative", "ates", "ate", "ions", "ion", "ings", "ing", "ed", "ive",
            "ies", "es", "s", "e", "y")
MIN_ROOT = 3


def camel_words(name: str) -> list[str]:
    """The lower-case words of one path part: 'cavityCoupledU' -> cavity coupled u,
    'biconic25-55Run35' -> biconic 25 55 run 35, 'hotRadiationRoomFvDOM' -> hot radiation room fv dom."""
    return list(_camel_words(name))


@lru_cache(maxsize=65536)
def _camel_words(name: str) -> tuple[str, ...]:
    """camel_words, cached: base selection splits every tutorial's names for every request."""
    name = name.replace("DoF", "Dof")  # '2D3DoF' -> 2 d 3 dof: degrees of freedom, one word
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])"
                    r"|(?<=\d[D])(?=[A-Z])", " ", name)  # '2DLTS' -> 2 d lts
    return tuple(w.lower() for w in re.split(r"[\s_\-.]+", spaced) if w)


@lru_cache(maxsize=65536)  # pure, and called for every word of every tutorial's names per request
def root(word: str) -> str:
    """A word without its ending, a doubled last consonant made single: graded, grade -> grad;
    radiating, radiation, radiative -> radi; clipped, clip -> clip; splashing -> splash. Never
    shorter than MIN_ROOT letters."""
    word = word.lower()
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= MIN_ROOT:
            if ending == "y" and word[-2] in "aeiou":
                break  # a vowel's y belongs to the stem: decay (decaying, decays), spray, display
            word = word[: -len(ending)]
            break
    if len(word) > MIN_ROOT + 1 and word[-1] == word[-2] and word[-1] not in "aeiouls":
        word = word[:-1]  # clipp -> clip (not 'wall', 'glass')
    for latin, verb in _LATIN_NOUNS:  # dissolution/dissolving, absorption/absorbing, solidification/solidifying
        if word.endswith(latin) and len(word) - len(latin) >= MIN_ROOT:
            return word[: -len(latin)] + verb
    return word


# a noun's stem that differs from its verb's: dissolut -> dissolv, absorpt -> absorb, solidific -> solidify,
# expans -> expand
_LATIN_NOUNS = (("olut", "olv"), ("orpt", "orb"), ("ific", "ify"), ("ans", "and"))


@lru_cache(maxsize=4096)
def tutorial_name_words(case: str) -> tuple[str, ...]:
    """The shape words of a tutorial's name: the words of its path below the solver, without
    digits, one- and two-letter pieces and NAME_FILLER ('incompressible/pisoFoam/RAS/cavityCoupledU'
    -> cavity, coupled)."""
    words: list[str] = []
    for part in case.split("/")[2:]:
        words += [w for w in camel_words(part) if len(w) >= 3 and w.isalpha() and w not in NAME_FILLER]
    return tuple(dict.fromkeys(words))


def name_word_counts(cases: Iterable[str]) -> dict[str, int]:
    """Name word root -> how many different tutorial names carry it (a name installed under several
    solvers, 'shockTube', counted once)."""
    names = {frozenset(root(w) for w in tutorial_name_words(c)) for c in cases}
    counts: dict[str, int] = {}
    for words in names:
        for w in words:
            counts[w] = counts.get(w, 0) + 1
    return counts


def said_roots(tokens: Iterable[str]) -> frozenset[str]:
    """The roots of the request's words as written (lower case)."""
    return frozenset(root(t) for t in tokens if len(t) >= MIN_ROOT and t.isalpha())


MIN_ABBREVIATION = 4  # letters: 'Expt' for 'experimental'; shorter pieces ('fan', 'box') abbreviate nothing


def abbreviates(short: str, word: str) -> bool:
    """`short` is an abbreviation of `word`: the same first three letters, its letters in order
    inside the longer word ('expt' -> 'experimental', 'temp' -> 'temperature')."""
    if len(short) < MIN_ABBREVIATION or len(word) < len(short) + 3 or not word.startswith(short[:3]):
        return False
    letters = iter(word)
    return all(ch in letters for ch in short)


def says_word(word: str, said: frozenset[str]) -> bool:
    """The request says the name's word in some form: the same root, or a word it abbreviates."""
    return root(word) in said or any(abbreviates(word.lower(), t) for t in said)


def name_words_said(case: str, said: frozenset[str]) -> list[str]:
    """The shape words of the tutorial's name that the request says, in any form."""
    return [w for w in tutorial_name_words(case) if says_word(w, said)]


def _leaf(case: str) -> str:
    return case.rsplit("/", 1)[-1]


def base_leaf(case: str, leaves: frozenset[str]) -> str | None:
    """The name of the tutorial this one is a variant of: the longest other tutorial name its own
    name starts with, at a word boundary ('pitzDailyExptInlet' -> 'pitzDaily', 'cavityClipped' ->
    'cavity', 'TJunctionFan' -> 'TJunction'), or None."""
    leaf = _leaf(case)
    bases = [b for b in leaves if len(b) < len(leaf) and leaf.lower().startswith(b.lower())
             and not leaf[len(b)].islower()]
    return max(bases, key=len) if bases else None


def added_words(case: str, base: str) -> list[str]:
    """The shape words a variant's name adds to its base's ('Expt', 'Inlet' for pitzDailyExptInlet)."""
    return [w for w in camel_words(_leaf(case)[len(base):]) if len(w) >= 3 and w.isalpha() and w not in NAME_FILLER]


NAME_SPAN = 6  # words: a name written apart keeps its words this close, in one clause


def request_words(text: str) -> list[str]:
    """The request's words, lower case, a camelCase word also as its pieces ('fvDOM' -> fvdom, fv,
    dom; 'pitzDaily' -> pitzdaily, pitz, daily)."""
    words: list[str] = []
    for token in re.findall(r"[A-Za-z]+", text):
        words.append(token.lower())
        pieces = camel_words(token)
        if len(pieces) > 1:
            words += pieces
    return words


def clause_roots(text: str) -> tuple[tuple[str, ...], ...]:
    """The request's clauses (split at , ; : . ! ? and brackets), each as the roots of its words."""
    clauses = re.split(r"[,;:.!?()\[\]]+(?:\s|$)|[;()\[\]]", text)
    return tuple(tuple(root(t) for t in request_words(c)) for c in clauses if c.strip())


def all_name_words_said(case: str, clauses: tuple[tuple[str, ...], ...]) -> bool:
    """The request writes the tutorial's last name part apart: every shape word of it, two at least,
    in any order and form, close together in one clause ('a clipped lid-driven cavity' for
    cavityClipped, 'the cavity on the graded mesh' for cavityGrade; not '1 mm channel, water
    wetting the walls' for waterChannel)."""
    leaf = {root(w) for w in camel_words(case.rsplit("/", 1)[-1]) if len(w) >= 3 and w.isalpha()
            and w not in NAME_FILLER}
    if len(leaf) < 2:
        return False
    return any(leaf <= set(words[i:i + NAME_SPAN]) for words in clauses for i in range(max(len(words) - 1, 1)))


RARE_NAME_POINTS = {1: 20.0, 2: 12.0}  # a name word one (two) tutorial names carry
COMMON_NAME_POINTS = 5.0  # a name word many tutorials carry: the kind of shape only
NAME_WORDS_COUNTED = 2


def name_word_points(words: list[str], counts: dict[str, int]) -> float:
    """Points for the name words the request says: the rarer the word among tutorial names, the
    more it tells this tutorial apart; the best two count."""
    points = sorted((RARE_NAME_POINTS.get(counts.get(root(w), 3), COMMON_NAME_POINTS) for w in words), reverse=True)
    return sum(points[:NAME_WORDS_COUNTED])


def rare_name_word(words: list[str], counts: dict[str, int]) -> bool:
    """One of the words is carried by at most two tutorial names: the request describes that tutorial."""
    return any(counts.get(root(w), 3) <= max(RARE_NAME_POINTS) for w in words)


# adjectives of size, resolution or speed that some tutorial names carry ('damBreak4phaseFine',
# 'smallPoolFire2D', 'lowRe'): in a request they mostly compare or qualify ('twice as fine', 'a coarse
# mesh', 'a small tank'), so they count as a name's word only where the request uses them as one
DEGREE_WORDS = frozenset(root(w) for w in """fine coarse small large big long short tall thin thick wide narrow
low high deep shallow tiny huge fast slow dense""".split())
_DEGREE = r"(?:fine|coarse|small|large|big|long|short|tall|thin|thick|wide|narrow|low|high|deep|shallow|tiny|huge" \
          r"|fast|slow|dense)"
# a degree adjective in a comparison or qualifying the mesh, its cells or the time step
_COMPARED = re.compile(
    rf"\b(?:as|than|twice|thrice|times|more|less|too|very|bit|much|slightly|so|extra|quite|rather|fairly"
    rf"|sufficiently|reasonably|relatively|\d+\s*x|x)\s+({_DEGREE})\b"
    rf"|\b({_DEGREE})(?=\s+(?:as|than|enough|mesh|meshes|grid|grids|resolution|cells?|refinement|spacing"
    rf"|discreti[sz]ation|time[- ]?steps?|steps?|timesteps?|version|setting|settings)\b)", re.I)


def without_comparisons(text: str) -> str:
    """The request with its degree adjectives blanked where they compare or qualify the mesh
    ('twice as fine as', 'a coarse mesh', 'finer than', 'a small time step'): no tutorial name
    says them there."""
    return _COMPARED.sub(lambda m: m.group(0)[: (m.start(1) if m.group(1) else m.start(2)) - m.start(0)], text)


# what a request rules out: 'no free surface', 'without particles', 'nothing injected', 'non-reacting'
_RULED_OUT = re.compile(r"\b(?:no|without|not|nothing|never) (?:an? |any |the )?[a-z]+(?: [a-z]+)?(?=\s*(?:[,;:.)?!]|$|\band\b|\bor\b|\bat all\b|\bwhatsoever\b))"
                        r"|\b(?:no|without|non|not|nothing|never)[- ](?:an? |any |the )?[a-z]+", re.I)


# what a request replaces: 'oil instead of water', 'rather than a square', 'replace the water with
# oil', 'the square block is replaced by a cylinder'
_REPLACED = re.compile(r"\b(?:instead of|rather than|in place of|in lieu of|replacing|replaces?|swap(?:ping)?)"
                       r" (?:an? |any |the |its |usual |default |original )*[a-z]+"
                       r"|\b[a-z]+(?= (?:is |are |being |gets )?(?:replaced|swapped|substituted) (?:by|with|for)\b)", re.I)


def without_ruled_out(text: str) -> str:
    """The request with what it rules out, leaves out or replaces blanked ('no free surface', 'nothing
    injected', 'the Boussinesq approximation not being invoked', 'oil instead of water'): a tutorial's name words said there ('surface', 'injection', 'water')
    describe no geometry or fluid the user wants."""
    return _REPLACED.sub(" ", _RULED_OUT.sub(" ", without_left_out(text)))


def degree_word_named(case: str, word: str, clauses: tuple[tuple[str, ...], ...]) -> bool:
    """A degree adjective of the tutorial's name is used as a word of that name: right next to
    another word of it in one clause ('the small pool fire', 'dam break 4-phase fine'), not
    describing something else ('a small tank')."""
    own = {root(w) for w in tutorial_name_words(case)} - {root(word)}
    key = root(word)
    for words in clauses:
        for i, w in enumerate(words):
            if w == key and own & set(words[max(i - 2, 0):i] + words[i + 1:i + 3]):
                return True
    return False
