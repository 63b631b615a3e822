"""Read which patch or direction a change request's words point at. Pure functions over text
and patch names, used by `modify` to put a stated value on the patch it names ("floor at 301 K",
"outlet2 pressure 2", "air inlet 0.3 m/s towards -x"). Run-control words live in
`patch_words_run`, value words (relative changes, hot/cold, surface tension) in
`patch_words_values`; both are re-exported here."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from tasks.edit.patch_words_run import (  # noqa: F401 (re-exported)
    asks_laminar,
    bare_end_time,
    bare_write_interval,
    durations,
    extra_run,
    in_unit,
    relative_run_factors,
    write_count,
)
from tasks.edit.patch_words_values import (  # noqa: F401 (re-exported)
    after_sign,
    extreme_patch,
    hot_or_cold,
    increment_sign,
    scaled_values,
    surface_tension,
    temperature_difference,
)
from tasks.foam.patch_names import GENERIC_PARTS, PATCH_ALIASES, name_words, ranked_patches, stream_part_patches  # noqa: F401 (re-exported)


def _full_forms(patch: str) -> set[str]:
    words = name_words(patch)
    return {patch.lower(), " ".join(words), "".join(words), "-".join(words), "_".join(words)}


Centres = Mapping[str, Sequence[float]]


# place words that are also verbs: "lower the hot wall to 300 K" lowers a value, it names no
# lower patch; as a place they come before a noun, never before a determiner or pronoun
_VERBS = {"lower"}
_DETERMINERS = r"(?:the|it|its|this|that|these|those|all|both|each|every|a|an|by|to)"
_AS_VERB = re.compile(rf"\s+{_DETERMINERS}\b")


def patch_mentions(segment: str, patches: Iterable[str], centres: Centres | None = None,
                   up: int = 1) -> list[tuple[int, int, str]]:
    """(position, strength, patch) of every mention of a patch in `segment`: strength 2 for the
    patch's whole name, its rank or number ("the second outlet"), 1 for a distinctive part of it,
    an alias of that part, or its place ("the upper outlet": the outlet with the highest centre
    along axis `up`, given the patches' `centres`)."""
    low = segment.lower()
    patches = list(patches)
    found: list[tuple[int, int, str]] = []
    for patch in patches:
        for form in _full_forms(patch):
            for m in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", low):
                found.append((m.end(), 2, patch))
        parts = {w for w in name_words(patch) if w not in GENERIC_PARTS and not w.isdigit()}
        for word in parts | {a for w in parts for a in PATCH_ALIASES.get(w, ())}:
            for m in re.finditer(rf"\b{re.escape(word)}\b", low):
                if not _AS_VERB.match(low, m.end()) or word not in _VERBS:
                    found.append((m.end(), 1, patch))
    return found + _numbered_mentions(low, patches) + _placed_mentions(low, patches, centres or {}, up)


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
             "5th": 5}
_KINDS = ("inlet", "outlet", "wall")


def _numbered_mentions(low: str, patches: list[str]) -> list[tuple[int, int, str]]:
    """Whole-name mentions of numbered patches by rank or number: 'the second outlet', 'the
    second exit' and 'outlet number 2' for outlet2 of outlet1/outlet2, 'the second inlet' for
    velocity-inlet-6 of velocity-inlet-5/6. Only patches of that kind that all carry a number are
    ranked (tasks.foam.patch_names.ranked_patches)."""
    return [(end, 2, patch) for end, patch in ranked_patches(low, patches)]


_PLACES = {"upper": (None, max), "top": (None, max), "higher": (None, max), "lower": (None, min), "bottom": (None, min),
           "left": (0, min), "left-hand": (0, min), "right": (0, max), "right-hand": (0, max)}
_PLACED = re.compile(rf"\b({'|'.join(_PLACES)})\s+(?!{_DETERMINERS}\s)(?:\w+\s+)?({'|'.join(_KINDS)}|side|boundary|patch)s?\b")


def _placed_mentions(low: str, patches: list[str], centres: Centres, up: int) -> list[tuple[int, int, str]]:
    """Mentions by place: 'the lower outlet' is the outlet whose centre is lowest, 'the left
    wall' the wall (any patch not named inlet or outlet) furthest towards -x; none when two
    patches share that extreme."""
    found = []
    for m in _PLACED.finditer(low):
        axis, pick = _PLACES[m.group(1)]
        axis = up if axis is None else axis
        kind = m.group(2) if m.group(2) in ("inlet", "outlet") else None
        candidates = [p for p in patches if p in centres and
                      (kind in name_words(p) if kind else not {"inlet", "outlet"} & set(name_words(p)))]
        if len(candidates) < 2:
            continue
        values = [round(centres[p][axis], 9) for p in candidates]  # equal up to the mean's rounding
        best = pick(values)
        if values.count(best) == 1:
            found.append((m.end(), 1, candidates[values.index(best)]))
    return found


def named_patch(segment: str, patches: Iterable[str], centres: Centres | None = None, up: int = 1) -> str | None:
    """The patch `segment` names nearest its end (the words right before a value), or None
    when it names none or two patches equally (the word 'hot' for hotWall and hotSide)."""
    patches = list(patches)
    mentions = patch_mentions(segment, patches, centres, up)
    if not mentions:
        return _only_of_kind(segment, patches)
    best = max(mentions, key=lambda m: (m[1], m[0]))
    rivals = {p for pos, strength, p in mentions if (pos, strength) == best[:2]}
    if len(rivals) > 1:
        return None
    return best[2]


_KIND_WORDS = re.compile(r"\b(walls?|inlets?|outlets?)\b")


def _only_of_kind(segment: str, patches: list[str]) -> str | None:
    """The one patch whose name holds the kind word the segment uses last ("set the walls to
    350 K" for fixedWalls, "the outlet pressure" for pressure-outlet-7), in the number written
    ("walls" is not movingWall); None when several or none match, or after a rank or quantifier."""
    low = segment.lower()
    found = list(_KIND_WORDS.finditer(low))
    if not found:
        return None
    word = found[-1].group(1)
    if re.search(rf"\b(?:{'|'.join(_ORDINALS)}|other|another|each|every|all|both)\s+(?:\w+\s+)?$", low[:found[-1].start()]):
        return None  # a rank or a quantifier: not "the only one"
    matching = [p for p in patches if word in name_words(p)]
    return matching[0] if len(matching) == 1 else None


def kind_in_other_number(segment: str, patches: Iterable[str]) -> str | None:
    """The one patch whose name holds the segment's last kind word in the other number ("the
    wall temperature" for a patch named walls, "the inlets" for inlet); None when none or
    several do. For a value only one patch can take (the only fixed-temperature wall)."""
    found = list(_KIND_WORDS.finditer(segment.lower()))
    if not found:
        return None
    word = found[-1].group(1)
    other = word[:-1] if word.endswith("s") else f"{word}s"
    matching = [p for p in patches if other in name_words(p)]
    return matching[0] if len(matching) == 1 else None


def segment_before(text: str, start: int, previous_end: int | None) -> str:
    """The words between the previous stated value and this one, within the same clause; a key
    right before its value ("lower outlet: 4 m2/s2") is the clause's words."""
    lo = previous_end or 0
    seg = text[lo:start]
    parts = re.split(r"[.;:]\s", seg)
    if not parts[-1].strip() and re.search(r":\s*$", seg):  # "lower outlet: " -> its key
        return next((p for p in reversed(parts) if p.strip()), "")
    return parts[-1]


def stated_direction(text: str) -> list[float] | None:
    """A direction the words give a velocity: 'towards -x', 'in the negative y direction',
    'along +z', 'pointing down'; None when they give none."""
    low = text.lower()
    m = re.search(r"\b(?:towards?|in(?:\s+the)?|along(?:\s+the)?|pointing|directed|facing)\s+"
                  r"(?:(negative|positive|minus|plus)\s+|([+-])\s*)?(x|y|z)\b", low)
    if m:
        sign = -1.0 if (m.group(1) in ("negative", "minus") or m.group(2) == "-") else 1.0
        vec = [0.0, 0.0, 0.0]
        vec["xyz".index(m.group(3))] = sign
        return vec
    m = re.search(r"\b(?:pointing|directed|flowing|blowing|going|moving|move|moves|slid\w*|travel\w*|runs?|running)\s+"
                  r"(?:to\s+the\s+|towards?\s+the\s+|to\s+)?(up|upwards|down|downwards|left|right|leftwards|rightwards)\b"
                  r"|\b(?:to|towards?)\s+the\s+(left|right)\b", low)
    if m:
        return {"up": [0.0, 1.0, 0.0], "upwards": [0.0, 1.0, 0.0], "down": [0.0, -1.0, 0.0],
                "downwards": [0.0, -1.0, 0.0], "left": [-1.0, 0.0, 0.0], "right": [1.0, 0.0, 0.0],
                "leftwards": [-1.0, 0.0, 0.0], "rightwards": [1.0, 0.0, 0.0]}[m.group(1) or m.group(2)]
    return None
