"""Role words typed in haste, put back as the words they were meant to be: "inelt" is the inlet,
"outet" the outlet, "temprature" a temperature, "viscosty" a viscosity. A word is respelled only
when it is no word of its own (not in the vocabulary, not a known English neighbour such as
"outset" or "inset") and lies one edit (a letter dropped, added, changed, or two letters swapped)
from exactly one word of the vocabulary; long words may lie two edits away. The vocabulary is the
role words of every quantity kind (`stated_role_words`), the words a request uses for a patch's
kind (`patch_names.KIND_WORDS`), the names of the quantities, and, where a binder knows them, the
base case's patch names. Pure functions over text."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from tasks.foam.patch_names import KIND_WORDS
from tasks.plan.stated_role_words import _ROLE_WORDS

# the words a request types out for what a value is and where it goes: the names of the quantities,
# the places of a case; the role words of `stated_role_words` are many and short ("plate", "store",
# "right", "comes"), one edit from common English words, so only the long place words among them join
_KIND_NAMES = ("temperature", "pressure", "velocity", "viscosity", "density", "kinematic", "dynamic",
               "iterations", "intensity", "diffusivity", "conductivity", "turbulence", "turbulent", "dissipation",
               "kinetic", "inlets", "outlets", "walls", "ceiling", "bottom", "floor", "ambient", "initial",
               "initially", "reference", "upstream", "downstream", "freestream", "boundary", "surface",
               "cylinder", "moving", "incoming", "entering", "leaving", "heater", "heaters")
# role words of at least this many letters, of the kinds whose roles are places, join the vocabulary
# ("entrance", "discharge", "reservoir")
_LONG_ROLE_WORD = 7
_PLACED_KINDS = ("velocity", "pressure", "temperature")

# English words one edit from a vocabulary word: never respelled ("the outset", "an inset plot")
_NEIGHBOURS = frozenset("""
inset insets islet islets outset outsets inlay intel outlay inter
exist exits exited mowing loving roving having waving saving paving
flour flours fluor flood floors flows
intensely intently densely entry dynamo dynamics kinetics
bottle bottoms surfaces surfaced cylinders beating heater heaters
internal interval intervals atmosphere atmospheres operation operations referenced
reverence difference different differential sweeping
leading heaving string scoring calls falls balls walks halls tails directive directives extrusion
revolution revolutions equivalence dissipative connectivity oncoming stating dimensional oscillating
differentially chiller simulate header headers
""".split())
_INFLECTIONS = ("s", "es", "d", "ed", "ing", "er", "ly")

_WORD = re.compile(r"(?<![\w.\\/$-])[A-Za-z]{4,}(?![\w\\/-])")


@lru_cache(maxsize=1)
def role_vocabulary() -> frozenset[str]:
    """Every single word that announces a role or names a patch's kind or a quantity (lower case)."""
    words = {w for kind in _PLACED_KINDS for _, phrases in _ROLE_WORDS[kind] for p in phrases
             for w in re.findall(r"[a-z]+", p.lower()) if len(w) >= _LONG_ROLE_WORD}
    words |= {w for phrases in KIND_WORDS.values() for p in phrases for w in p.split() if len(w) >= 4}
    return frozenset(words | set(_KIND_NAMES))


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """Words never respelled: every role word of any length ("heated" is no mistyped "heater"), the
    words for a patch's kind and the English neighbours of the vocabulary."""
    words = {w for roles in _ROLE_WORDS.values() for _, phrases in roles for p in phrases
             for w in re.findall(r"[a-z]+", p.lower())}
    return frozenset(words | role_vocabulary() | _NEIGHBOURS)


def edit_distance(a: str, b: str, limit: int = 2) -> int:
    """The optimal-string-alignment distance between two words (a swap of two neighbouring letters
    is one edit), or `limit` + 1 as soon as it is known to be larger than `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        prev2, prev = prev, row
    return prev[-1]


def _allowed(typed: str, meant: str) -> int:
    """How many edits a typed word may lie from the word it was meant to be: one for most, two when
    both have nine letters or more ("temprture" for "temperature"). Short words lie close to many
    English ones ("calls", "walks" for walls; "event" for vent), so a word of five letters or fewer
    is respelled only when it holds the same letters swapped ("inelt", "wlal"), and a word of four
    only then too."""
    shortest = min(len(typed), len(meant))
    if shortest < 6 and len(typed) == len(meant):
        return 1 if shortest >= 4 and sorted(typed) == sorted(meant) else 0
    if shortest < 5:
        return 0
    return 2 if shortest >= 9 else 1


def meant_word(typed: str, vocabulary: frozenset[str]) -> str | None:
    """The one vocabulary word a typed word (lower case) was meant to be, or None when it is a word of
    its own, is near no vocabulary word, or is as near to two of them ("outer": neither)."""
    known = vocabulary | known_words()
    if typed in known:
        return None
    if any(typed.endswith(x) and typed[:-len(x)] in known or typed + x in known for x in _INFLECTIONS):
        return None  # "walls", "entering", "iteration": an inflection of a known word
    best: dict[int, set[str]] = {}
    for word in vocabulary:
        if word[0] != typed[0] and word[:2] != typed[1::-1] and word[1:3] != typed[1:3]:
            continue  # a typo keeps the start of the word (its first letter, or the first two swapped)
        d = edit_distance(typed, word)
        if d <= _allowed(typed, word):
            best.setdefault(d, set()).add(word)
    if not best:
        return None
    found = best[min(best)]
    return next(iter(found)) if len(found) == 1 else None


def respelled(text: str, names: Iterable[str] = ()) -> str:
    """The text with each mistyped role word put as the word it was meant to be ("temprature at the
    inelt" -> "temperature at the inlet"); `names`: the base case's patch names (their lower-case
    words join the vocabulary: "the floro" -> "the floor"). Words inside names or symbols ("T_inelt",
    "inletFuel", "file.dat") and words in capitals are left as written."""
    return _respelled(text, tuple(sorted({n.lower() for n in names if re.fullmatch(r"[A-Za-z]{4,}", n)})))


@lru_cache(maxsize=256)
def _respelled(text: str, names: tuple[str, ...]) -> str:
    vocabulary = role_vocabulary() | frozenset(names)

    def fix(m: re.Match[str]) -> str:
        typed = m.group(0)
        if typed.isupper() or re.search(r"[a-z][A-Z]", typed):
            return typed  # "TEMP", "inletFuel": a name, not a word
        meant = meant_word(typed.lower(), vocabulary)
        if meant is None:
            return typed
        return meant.capitalize() if typed[0].isupper() else meant

    return _WORD.sub(fix, text)
