"""The members of one dictionary of like entries (a DSMC gas's `numberDensities { N2 0.777e20; O2
0.223e20; }`) that a request's words name, by key or by the word for the species
(canonical/species.yaml: "nitrogen" is N2), and the share of a stated total each takes: "N2 and O2 at
5e19 each", "an equal mix of nitrogen and oxygen, each at 5e19 per m3", "N2:O2 = 1:1 with a total
number density of 1e20", "a 50/50 mix, 1e20 in total". Pure functions."""

from __future__ import annotations

import re

from tasks.plan.bind_model_places import Place
from tasks.plan.species_data import species_data

_TOTAL = re.compile(r"\b(?:total|in\s+all|combined|overall|altogether|together|summed|sum)\b", re.I)
_EQUAL = re.compile(r"\b(?:equal(?:ly)?\s+(?:mix\w*|parts?|shares?|amounts?|proportions?|blend)|equimolar|"
                    r"in\s+equal\s+(?:parts|proportions|amounts)|half\s+and\s+half)\b", re.I)
_NUM = r"\d+(?:\.\d+)?"
# "N2:O2 = 1:1", "N2/O2 = 3/1", "a 50/50 mix", "79:21"
_RATIO = re.compile(rf"(?:(?P<names>[A-Za-z][\w]*(?:\s*[:/]\s*[A-Za-z][\w]*)+)\s*(?:=|of|is|:)?\s*)?"
                    rf"(?<![\w.])(?P<parts>{_NUM}(?:\s*[:/]\s*{_NUM})+)(?![\w.])")


def sentence_at(text: str, at: int) -> str:
    """The sentence of the text around position `at` (a decimal point ends none)."""
    starts = [m.end() for m in re.finditer(r"[;!?\n]|\.(?!\d)", text[:at])]
    end = re.search(r"[;!?\n]|\.(?!\d)", text[at:])
    return text[starts[-1] if starts else 0:at + (end.start() if end else len(text) - at)]


def member_words(key: str) -> list[str]:
    """The words a member is named by: its key, and the names of the species with that formula."""
    words = [key]
    for name, formula in species_data().names.items():
        if isinstance(formula, str) and formula.upper() == key.upper():
            words.append(name)
    return words


def _said_at(words: str, key: str) -> int | None:
    spots = [m.start() for w in member_words(key)
             for m in re.finditer(rf"(?<![\w-]){re.escape(w)}(?![\w-])", words, 0 if w == key else re.I)]
    return min(spots) if spots else None


def is_member_group(fits: list[Place]) -> bool:
    """Several entries of one dictionary of like entries (same file, same parent, same owner)."""
    return len(fits) > 1 and len({(p.rel, tuple(p.entry[:-1]), p.owner) for p in fits}) == 1


def named_members(fits: list[Place], words: str) -> list[Place]:
    """The members the words name, in the order they are named; none when they name none."""
    said = [(at, p) for p in fits if (at := _said_at(words, p.entry[-1])) is not None]
    return [p for _, p in sorted(said, key=lambda s: s[0])]


def member_shares(members: list[Place], words: str) -> tuple[dict[str, float], tuple[int, int] | None] | None:
    """Each named member's share of a total the words state ("with a total of", "in all"), by a ratio said
    with them ("N2:O2 = 1:1", "50/50") or an equal mix; with the ratio's span in `words`. None when the
    value is each member's own ("each at 5e19")."""
    if len(members) < 2 or not _TOTAL.search(words):
        return None
    keys = [p.entry[-1] for p in members]
    for m in _RATIO.finditer(words):
        parts = [float(x) for x in re.split(r"\s*[:/]\s*", m.group("parts"))]
        if len(parts) != len(keys) or sum(parts) <= 0:
            continue
        order = keys
        if m.group("names"):
            names = re.split(r"\s*[:/]\s*", m.group("names"))
            order = [next((k for k in keys if _said_at(n, k) is not None), "") for n in names]
            if sorted(order) != sorted(keys):
                continue
        return {k: x / sum(parts) for k, x in zip(order, parts)}, m.span()
    if _EQUAL.search(words):
        return {k: 1 / len(keys) for k in keys}, None
    return None
