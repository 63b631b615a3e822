"""Lengths bound to the roles named near them: each role has cue words ("high", "thick", "throat",
"converging"); every (length, cue) pair is ranked by how far apart they are, a comma or an "and"
parting them more than a run of words and a sentence end more still, and the closest pairs are
taken first, each length and each cue once. So "10 mm: rib height", "height = 20 mm, thickness
2 mm", "a 20 mm throat" and "outlet pipe D 20 mm" bind alike. Pure functions; metres."""

from __future__ import annotations

import re

from tasks.geometry.spec import NUM, UNIT, unit_factor

LENGTH_WITH_UNIT = re.compile(rf"(?<![\w.])({NUM})\s*({UNIT})")
_PARTS = re.compile(r",|\band\b|\(|\bthen\b")
_ENDS = re.compile(r";|[.?!](?:\s|$)|\n")


def _gap(text: str, length: re.Match[str], cue: tuple[int, int]) -> float:
    """How far `length` is from `cue` (characters, plus 60 for each comma or "and" and 200 for each
    sentence end between them); a cue after the length wins a tie ("10 mm high")."""
    after = cue[0] >= length.end()
    between = text[length.end():cue[0]] if after else text[cue[1]:length.start()]
    return len(between) + 60 * len(_PARTS.findall(between)) + 200 * len(_ENDS.findall(between)) + (0 if after else 0.5)


def bind_lengths(text: str, cues: dict[str, str], lengths: list[re.Match[str]] | None = None) -> dict[str, float]:
    """role -> metres for the lengths of `text` (or the given `lengths`, matches of LENGTH_WITH_UNIT in `text`)
    bound to the nearest cue of `cues` (role -> regex); a role's first binding wins."""
    found = [(m.start(), m.end(), role) for role, pattern in cues.items() for m in re.finditer(pattern, text, re.I)]
    values = list(LENGTH_WITH_UNIT.finditer(text)) if lengths is None else lengths
    pairs = sorted((_gap(text, m, (c[0], c[1])), i, j) for i, m in enumerate(values) for j, c in enumerate(found))
    out: dict[str, float] = {}
    taken_values: set[int] = set()
    taken_cues: set[int] = set()
    for _, i, j in pairs:
        if i in taken_values or j in taken_cues:
            continue
        taken_values.add(i)
        taken_cues.add(j)
        out.setdefault(found[j][2], float(values[i].group(1)) * unit_factor(values[i].group(2)))
    return out
