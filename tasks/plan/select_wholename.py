"""A tutorial's own name said in words, and the dimension it is built in.

Two facts a tutorial's camelCase name gives about the request that says it:

- Every word of a coined name said ('windshield condensation', 'a fogged windshield ... the
  condensation on it') names that tutorial, as its name written as one does, when one of its words
  is rare among names and is no word of a method's other name the request says ('conjugate heat
  transfer' names no 'heatTransfer' tutorial).
- The physics its name's words imply belong to it: 'windshield condensation' asks for the
  windshieldCondensation tutorial, whose 'condensation' is the tutorial's own physics, not a
  request for a phase-change solver it lacks. When the request writes every word of the name,
  the physics flags those words raise are no mismatch for it.
- A name that carries a dimension ('depthCharge2D', 'depthCharge3D', 'bump2D') is told apart from
  its sibling by the dimension the request says ('3D depth charge', 'a two-dimensional ...').

Pure functions over the record's path and the request text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from tasks.plan.select_names import NAME_FILLER, all_name_words_said, camel_words, root
from tasks.plan.select_words import solver_words

DIMENSION_POINTS = 30.0  # the dimension the request says is the one the tutorial's name carries (or not)

_NUMBER_WORDS = {1: ("1", "one", "a single"), 2: ("2", "two"), 3: ("3", "three")}
# the dimension as '3D' or '3-D', as an adjective ('three-dimensional', '3 dimensional'), or as the
# space the flow is solved in ('in all three dimensions', 'in two space dimensions', 'in 1 spatial
# dimension'); 'the room's three dimensions are ...' are its sizes
_DIMENSION_WORDS = {
    dim: rf"{dim}\s*-?\s*d|(?:{'|'.join(names[:2])})[\s-]*dimensional"
         rf"|\bin (?:all |only |just )?(?:{'|'.join(names)}) (?:space |spatial )?dimensions?\b"
    for dim, names in _NUMBER_WORDS.items()
}


def said_dimension(text: str) -> int | None:
    """The dimension the request builds in ('3D', '2-D', 'three-dimensional'), when it says one only."""
    low = text.lower()
    found = {dim for dim, pattern in _DIMENSION_WORDS.items()
             if re.search(rf"(?<![\d.])(?:{pattern})(?![a-z0-9])", low)}
    return found.pop() if len(found) == 1 else None


def name_dimension(case: str) -> int | None:
    """The dimension the tutorial's own name carries ('depthCharge3D' -> 3, 'wallBoiling1D' -> 1)."""
    words = camel_words(case.rsplit("/", 1)[-1])
    for a, b in zip(words, words[1:]):
        if a in ("1", "2", "3") and b.startswith("d"):
            return int(a)
    return None


def fields_dimension(patch_types: list[dict[str, str]]) -> int | None:
    """2 when an initial field of the tutorial gives a patch the `empty` or `wedge` type (a case one
    cell thick); None otherwise: a field may leave its constraint types to setConstraintTypes, so no
    empty patch seen says nothing of a third dimension."""
    return 2 if any(t in ("empty", "wedge") for patches in patch_types for t in patches.values()) else None


@lru_cache(maxsize=1024)
def mesh_dimension(path: str) -> int | None:
    """What the tutorial's blockMeshDict builds: 2 when a patch is `empty` or `wedge`, 3 when no patch is and
    every block has more than one cell each way (damBreakWithObstacle's cube); None when it has no plain
    blockMeshDict (snappyHexMesh, a converter, macros) to tell."""
    from pathlib import Path

    from tasks.foam import dictionary as fd
    from tasks.foam.files import find_file, read_text
    from tasks.foam.geometry import block_cell_counts

    found = find_file(Path(path) / "system", "blockMeshDict") if path else None
    if found is None:
        return None
    text = fd.strip_comments(read_text(found))
    if re.search(r"\btype\s+(?:empty|wedge)\s*;", text):
        return 2
    counts = block_cell_counts(text)
    return 3 if counts and all(min(c) > 1 for c in counts) else None


def dimension_points(case: str, dimension: int | None, patch_types: list[dict[str, str]] | None = None,
                     path: str = "") -> float:
    """Points for the dimension said against the one the tutorial's name carries (else its fields'
    constraint patches, else its blockMeshDict's: a '3D' request is no case one cell thick): more when they
    agree, less when they differ, nothing when either is silent."""
    own = name_dimension(case) or fields_dimension(patch_types or []) or (mesh_dimension(path) if dimension else None)
    if dimension is None or own is None:
        return 0.0
    return DIMENSION_POINTS if own == dimension else -DIMENSION_POINTS


def name_flags(case: str, flag_words: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]) -> frozenset[str]:
    """The physics flags the words of the tutorial's own name raise ('windshieldCondensation' ->
    phase_change, 'jouleHeatingSolid' -> energy)."""
    words = [w for w in camel_words(case.rsplit("/", 1)[-1]) if w.isalpha()]
    return frozenset(flag for flag, (yes, _) in flag_words.items()
                     if any(_starts(w, phrase) for w in words for phrase in yes))


def every_name_word_said(case: str, said: frozenset[str]) -> bool:
    """The request says every word of the tutorial's name (four letters or more, two at least),
    anywhere: 'a fogged-up windshield ... the condensation on it' for windshieldCondensation."""
    words = [w for w in camel_words(case.rsplit("/", 1)[-1]) if w.isalpha() and w not in NAME_FILLER]
    return sum(len(w) >= 4 for w in words) >= 2 and {root(w) for w in words} <= said


@lru_cache(maxsize=256)
def method_phrase_roots(text: str) -> frozenset[str]:
    """The roots of the words of every solver's other names (canonical/solvers.yaml `also`) the
    request says: 'conjugate heat transfer' names a method, so its words name no tutorial
    ('heatTransfer') however rare they are among names."""
    low = " " + " ".join(re.findall(r"[a-z0-9]+", text.lower())) + " "
    out: set[str] = set()
    for entry in solver_words().values():
        for phrase in entry.also:
            key = " ".join(re.findall(r"[a-z0-9]+", phrase.lower()))
            if key and f" {key} " in low:
                out.update(root(w) for w in key.split())
    return frozenset(out)


def coined_name_words(case: str, method: frozenset[str]) -> list[str]:
    """The words of the tutorial's name that are no words of a method's name the request says
    (`method`: method_phrase_roots of the request)."""
    return [w for w in camel_words(case.rsplit("/", 1)[-1]) if root(w) not in method]


def _starts(word: str, phrase: str) -> bool:
    phrase = phrase.lower().strip()
    return bool(phrase) and " " not in phrase and "-" not in phrase and \
        (word.startswith(phrase) or (len(phrase) >= 5 and root(word) == root(phrase)))


def forgiven_by_name(case: str, mismatched: Iterable[str], clauses: tuple[tuple[str, ...], ...],
                     flag_words: dict[str, tuple[tuple[str, ...], tuple[str, ...]]],
                     said: frozenset[str] = frozenset()) -> list[str]:
    """The mismatched flags left once those the tutorial's own name raises are taken out, when the
    request says every word of that name (together, or anywhere when the name has two words or more
    of its own: 'a fogged windshield ... the condensation on it'): the name's physics is the tutorial's own."""
    mismatched = list(mismatched)
    if not mismatched or not (all_name_words_said(case, clauses) or every_name_word_said(case, said)):
        return mismatched
    own = name_flags(case, flag_words)
    return [flag for flag in mismatched if flag not in own]
