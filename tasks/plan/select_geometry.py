"""Scoring a tutorial by its name and geometry words: the request names the tutorial or its
folder, a variant by the words its name adds, the name written as separate words, the words of
its name that say a shape (few names carry them: select_names), the words of its canonical
description, and the flows the request names (the router's tutorial stands for its geometry).
Pure.
"""

from __future__ import annotations

from functools import lru_cache

from tasks.knowledge.casebase import CaseRecord
from tasks.plan.select_catalog import _blocked_cached
from tasks.plan.select_features import FLAG_WORDS, RequestFeatures
from tasks.plan.select_names import (
    DEGREE_WORDS,
    added_words,
    all_name_words_said,
    base_leaf,
    camel_words,
    degree_word_named,
    name_word_counts,
    name_words_said,
    rare_name_word,
    root,
    says_word,
    tutorial_name_words,
)
from tasks.plan.select_words import PHRASE_POINTS, _stem, description_of, name_words

# words of a tutorial's name that say its physics, not a shape the request describes: the flow's
# speed regime ('shockTube', 'obliqueShock'), how a body moves ('movingCone', 'rotatingFanInRoom'),
# the fluid and how warm it is ('waterChannel', 'hotRoom')
_NOT_SHAPE_ROOTS = frozenset(root(w) for w in FLAG_WORDS["compressible"][0] if " " not in w and "-" not in w) | \
    frozenset(root(w) for w in ("moving", "rotating", "oscillating", "sliding", "spinning", "turning", "water", "air",
                                "gas", "liquid", "oil", "steam", "vapour", "vapor", "hot", "cold", "warm", "heat",
                                "heated", "cool", "cooling", "turbulent", "laminar"))

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


def _variant_named(case: str, features: RequestFeatures, leaves: frozenset[str], told_apart: bool = False) -> float:
    """Points for a variant of a tutorial ('pitzDailyExptInlet', 'cavityClipped', 'TJunctionFan')
    when the request names its base ('pitzDaily', 'a cavity', 'a T-junction') and says every word the
    variant's name adds ('with the experimental inlet', 'clipped', 'with a fan') or, `told_apart`, a
    term of the variant's own dictionaries that its base lacks ('population balance' for
    bubbleColumnPolydisperse, select_terms.tells_apart): what the base's name earns, and
    VARIANT_POINTS more, so the variant beats its base."""
    base = base_leaf(case, leaves)
    added = added_words(case, base) if base else []
    if not base or not added or not (told_apart or all(says_word(w, features.said) for w in added)):
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


def _shared_words(r: CaseRecord, features: RequestFeatures) -> list[str]:
    """The request's geometry words that the tutorial's name or canonical description uses."""
    rwords = set(name_words("/".join(r.case.split("/")[2:]))) | set(description_of(r.case))
    rwords = {_stem(w) for w in rwords}
    return [w for w in dict.fromkeys(features.words) if w in rwords
            and (root(w) not in DEGREE_WORDS or degree_word_named(r.case, w, features.clauses))]


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
    return [w for w in name_words_said(case, features.said) if root(w) not in _NOT_SHAPE_ROOTS
            and (root(w) not in DEGREE_WORDS or degree_word_named(case, w, features.clauses))]  # not 'a small tank'


@lru_cache(maxsize=4)
def _name_counts(cases: tuple[str, ...]) -> dict[str, int]:
    return name_word_counts(cases)
