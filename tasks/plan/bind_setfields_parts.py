"""Which part of a setFields-initialised domain each stated value belongs to, read over the whole
request: "10 bar on the left of the diaphragm and 1 bar on the other side", "left half 1 MPa and
348 K, right half 100 kPa", "high-pressure region 5 bar, the rest 1 bar", "2 bar outside the
box and 0.2 bar inside".

A part word (a side, a level, the region's own word, "the rest", "the other side") belongs to the
value right before it when only a preposition stands between them ("10 bar on the left"), else
it opens a group: every value after it takes it up to the next part word ("left half 1 MPa and
348 K"). A value left without a part ("the other side", "the rest", or no word at all) takes
the other part when its field has exactly two parts (the defaults and one region) and another
value of that field took one of them.

Pure: text and positions in, targets (regions.DEFAULT or a region index) out.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from tasks.plan.regions import _LEVEL_WORDS, _REGION_WORDS, _REST_WORDS, _SIDE_WORDS, DEFAULT, SetFields, target_for

OTHER = "other"
REST = "rest"

_OTHER_WORDS = (r"the\s+other(?:\s+(?:side|half|part|end|chamber|section|compartment|one))?",
                r"other\s+(?:side|half|part|end|chamber|section|compartment)", r"opposite\s+(?:side|half|end)")
_REST_EXTRA = ("the rest", "everything else", "everywhere else", "all else", "the remaining")


_LEVEL_NOUNS = ("driver", "driven", "expansion chamber", "high side", "low side", "high-side", "low-side")
_PART_NOUN = (r"(?:\s+[\w-]+)?\s+(?:region|zone|part|half|side|section|chamber|end|compartment|reservoir|"
              r"pocket|bubble|box|layer|gas|volume|portion)s?")


def _alternatives() -> list[tuple[str, str]]:
    """(regex, kind) of every part word, longest first so "the other side" wins over "side"."""
    words: list[tuple[str, str]] = [(w, OTHER) for w in _OTHER_WORDS]
    words += [(re.escape(w).replace(r"\ ", r"\s+"), REST) for w in (*_REST_EXTRA, *_REST_WORDS)]
    # a level word names a part when a part's noun follows ("the hot region", "high-pressure side"), not as
    # an adjective of the case ("a hot room", "cold water"); driver and driven are nouns themselves
    words += [(re.escape(w).replace(r"\ ", r"\s+") + ("" if w in _LEVEL_NOUNS else _PART_NOUN), "level")
              for names, _, _ in _LEVEL_WORDS for w in names]
    words += [(re.escape(w), "side") for w, _, _ in _SIDE_WORDS]
    words += [(re.escape(w).replace(r"\ ", r"\s+"), "region") for names in _REGION_WORDS.values() for w in names]
    words += [(r"inside(?=\s+(?:the|a|an|of|it|this|that)\b)", "region"), (r"within\s+the\s+(?:box|sphere|region|bubble)", "region")]
    words.append((r"[xyz]\s*(?:<=?|>=?|≤|≥)\s*[-+]?\d+\.?\d*(?:[eE][-+]?\d+)?", "side"))
    return sorted(words, key=lambda w: -len(w[0]))


_CUE = re.compile("|".join(rf"(?P<c{i}>(?<![\w-]){w}(?![\w]))" for i, (w, _) in enumerate(_alternatives())))
_KINDS = [kind for _, kind in _alternatives()]
# what may stand between a value and the part word it ends with ("10 bar on the left", "2 bar inside")
_POST_GAP = re.compile(r"^[\s()]*(?:(?:on|in|at|for|within|throughout|to|of|across|over)\b[^,;.:\n]{0,36})?$")
_JOINS = re.compile(r"\b(?:and|while|whereas|but|with)\b")


class Cue(NamedTuple):
    """A part word: its text, kind (side, level, region, rest, other) and where it starts and ends."""

    words: str
    kind: str
    start: int
    end: int


class Placed(NamedTuple):
    """A value of a setFields field: its key (the caller's), the field and where it is in the text."""

    key: int
    field: str
    start: int
    end: int


def part_cues(low: str) -> list[Cue]:
    """The part words of the (lower-case) text, in order, never overlapping."""
    out = []
    for m in _CUE.finditer(low):
        group = next(name for name, v in m.groupdict().items() if v is not None)
        out.append(Cue(m.group(0), _KINDS[int(group[1:])], m.start(), m.end()))
    return out


def _attached(low: str, values: list[Placed], cues: list[Cue]) -> dict[int, Cue]:
    """The part word each value takes: a cue right after it (only a preposition between) or the
    last cue before it that opened a group. Part words next to each other ("inside the gas
    bubble", "the left half") are one."""
    events = sorted([(v.start, "v", v) for v in values] + [(c.start, "c", c) for c in cues], key=lambda e: e[0])
    taken: dict[int, Cue] = {}
    group: Cue | None = None
    since: list[Placed] = []  # values after the last cue
    last: tuple[Cue, list[Placed]] | None = None  # the last cue and the values it took after them
    last_end = 0
    for _, kind, item in events:
        if kind == "v":
            assert isinstance(item, Placed)
            if group is not None:
                taken[item.key] = group
            since.append(item)
            last_end = item.end
            continue
        assert isinstance(item, Cue)
        gap = low[last_end:item.start]
        if last is not None and not since and len(gap) <= 16 and not re.search(r"[,;.:\n]", gap) \
                and not _JOINS.search(gap):
            merged = _merge(last[0], item)  # "inside" + "the gas bubble"
            for v in last[1]:
                taken[v.key] = merged
            group = merged if group is last[0] else group
            last = (merged, last[1])
        elif since and _POST_GAP.match(gap) and not _JOINS.search(gap):
            for v in since:  # "10 bar and 300 K on the left": every value since the last part word
                taken[v.key] = item
            group = None
            last = (item, list(since))
        else:
            group = item
            last = (item, [])
        since = []
        last_end = item.end
    return taken


def _merge(first: Cue, second: Cue) -> Cue:
    """Two part words side by side: one, of the more telling kind (a side or a level over a region word)."""
    rank = {"side": 0, "level": 1, OTHER: 2, REST: 3, "region": 4}
    kind = min(first.kind, second.kind, key=lambda k: rank.get(k, 5))
    return Cue(f"{first.words} {second.words}", kind, first.start, second.end)


def _target(cue: Cue, field: str, sf: SetFields, bounds: list[tuple[float, float]] | None) -> int | str | None:
    if cue.kind in (OTHER, REST):
        return cue.kind
    found = target_for(cue.words, field, sf, bounds)
    if found is None and cue.kind == "region":  # "inside": the one region that sets the field
        setting = [i for i, r in enumerate(sf.regions) if field in r.values]
        return setting[0] if len(setting) == 1 else None
    return found


def _parts(field: str, sf: SetFields) -> list[int]:
    return [DEFAULT] * (field in sf.default) + [i for i, r in enumerate(sf.regions) if field in r.values]


def place_values(low: str, values: list[Placed], sf: SetFields,
                 bounds: list[tuple[float, float]] | None) -> dict[int, int]:
    """The setFields part (DEFAULT or a region index) of each value whose words (or whose partner's)
    decide it; values left undecided are absent."""
    taken = _attached(low, values, part_cues(low))
    raw = {v.key: _target(taken[v.key], v.field, sf, bounds) if v.key in taken else None for v in values}
    out: dict[int, int] = {k: t for k, t in raw.items() if isinstance(t, int)}
    for _ in range(2):  # a value placed by its partner may place another
        for v in values:
            if v.key in out:
                continue
            parts = _parts(v.field, sf)
            others = {out[w.key] for w in values if w.field == v.field and w.key != v.key and w.key in out}
            if len(parts) == 2 and len(others) == 1 and next(iter(others)) in parts:
                out[v.key] = next(p for p in parts if p not in others)  # "the other side", "the rest", unsaid
            elif raw[v.key] == REST and DEFAULT in parts and not others:
                out[v.key] = DEFAULT
    return out
