"""A physics word repeated bare after the request first said it in a phrase that asks for other
physics: 'a sound wave travels down the tube ... the wave is absorbed' speaks of one acoustic wave,
not of a water wave; 'a sliding interface between the rotor and the stator ... the interface'
of one mesh interface, not of a free surface. Pure.
"""

from __future__ import annotations

import re


def _plural(word: str) -> str:
    return word + "es" if word.endswith(("s", "x", "sh", "ch")) else word + "s"


def anaphoric_heads(low: str, friends: tuple[str, ...], yes: tuple[str, ...]) -> tuple[str, ...]:
    """The head nouns of the false-friend phrases the lower-case text says ('sound wave' -> 'wave',
    with its plural) that are themselves one of the flag's words: once the qualified phrase is said,
    the bare noun refers back to it. Empty when no false friend is said."""
    words = {w.strip() for w in yes}
    heads: list[str] = []
    for phrase in friends:
        parts = phrase.split()
        if len(parts) < 2 or not re.search(rf"\b{re.escape(phrase)}\b", low):
            continue
        head = parts[-1].rstrip("s") if parts[-1].rstrip("s") in words else parts[-1]
        if head in words and head not in heads:
            heads += [head, _plural(head)]
    return tuple(heads)


def with_anaphors(low: str, friends: tuple[str, ...], yes: tuple[str, ...]) -> tuple[str, ...]:
    """The false friends, and the bare head nouns that refer back to the ones the text says."""
    return friends + anaphoric_heads(low, friends, yes)
