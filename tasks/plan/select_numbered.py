"""A number a tutorial's name carries after one of its words, said with that word in the request.

Sibling tutorials often differ by a number only: 'stokesI', 'stokesII', 'stokesV' (the order of
the Stokes wave theory), 'boxTurb16' (cells a side), 'sphere7', 'channel395' (Re_tau). A request
says the number in its own way next to the word: 'fifth-order Stokes waves', 'Stokes V', 'a Stokes
wave of second order', 'Stokes theory, order 5'. The name's number agreeing with the one said by
the word earns points, another number said there costs them. Dimensions ('2D') and phase counts
('damBreak4phase') have their own readers (select_wholename, select_phases). Pure.
"""

from __future__ import annotations

import re
from functools import lru_cache

from tasks.plan.select_names import camel_words, root

NUMBER_NAME_POINTS = 25.0
WINDOW = 4  # words either side of the name's word in which its number may be said

_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7, "VIII": 8, "IX": 9, "X": 10}
_CARDINALS = ("zero one two three four five six seven eight nine ten eleven twelve").split()
_ORDINALS = ("zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth").split()
# a word of the name directly followed by its number: a roman numeral or digits, not a dimension
# ('2D') and not a count that a lower-case word follows ('4phase')
_NAMED_NUMBER = re.compile(r"([A-Za-z]*[a-z])(IX|IV|V?I{1,3}|V|X|\d+)(?![a-z])(?!D(?:[A-Z_\-]|$))")


@lru_cache(maxsize=2048)
def name_numbers(leaf: str) -> tuple[tuple[str, int], ...]:
    """The (word, number) pairs of a tutorial's name: 'stokesII' -> (('stokes', 2),),
    'boxTurb16' -> (('turb', 16),); none for 'depthCharge2D' or 'damBreak4phase'."""
    out = []
    for match in _NAMED_NUMBER.finditer(leaf):
        words = camel_words(match.group(1))
        number = match.group(2)
        if words and words[-1].isalpha():
            out.append((words[-1], int(number) if number.isdigit() else _ROMAN[number]))
    return tuple(out)


_ORDER_WORDS = frozenset({"order", "number", "no", "type", "mode", "variant", "version"})


def _number_of(tokens: list[str], at: int, after_word: bool) -> int | None:
    """The number the token at `at` says as a rank: an ordinal ('5th', 'fifth') anywhere, a cardinal
    ('5', 'five') next to a word of rank ('order 5', 'five-order') or straight after the name's
    word ('Stokes 5'), and a roman numeral written in capitals straight after it ('Stokes V').
    Other numbers are values ('period 2 s')."""
    token = tokens[at]
    low = token.lower()
    if m := re.fullmatch(r"(\d+)(?:st|nd|rd|th)", low):
        return int(m.group(1))
    if low in _ORDINALS:
        return _ORDINALS.index(low)
    ranked = after_word or any(0 <= i < len(tokens) and tokens[i].lower() in _ORDER_WORDS for i in (at - 1, at + 1))
    if ranked and re.fullmatch(r"\d+", low):
        return int(low)
    if ranked and low in _CARDINALS:
        return _CARDINALS.index(low)
    if after_word and token in _ROMAN:
        return _ROMAN[token]
    return None


def said_ranks(text: str) -> frozenset[tuple[str, int]]:
    """The (word root, rank) pairs the request says: a rank within WINDOW words of a word, in its
    sentence ('fifth-order Stokes waves' -> ('stok', 5), ('wav', 5), ...)."""
    found: set[tuple[str, int]] = set()
    for clause in re.split(r"[;\n]|\.(?!\d)", text):
        tokens = re.findall(r"[A-Za-z]+|\d+(?:\.\d+)?(?:st|nd|rd|th)?", clause)
        for at, token in enumerate(tokens):
            if len(token) < 3 or not token.isalpha():
                continue
            for near in range(max(0, at - WINDOW), min(len(tokens), at + WINDOW + 1)):
                if near != at and (number := _number_of(tokens, near, near == at + 1)) is not None:
                    found.add((root(token), number))
    return frozenset(found)


def numbered_name_points(case: str, ranks: frozenset[tuple[str, int]]) -> float:
    """Points for the number the tutorial's name carries after a word, said by that word in the
    request (`ranks`, said_ranks: 'fifth-order Stokes' for stokesV); minus as many when only other
    numbers are said there."""
    points = 0.0
    for word, number in name_numbers(case.rsplit("/", 1)[-1]):
        said = {n for w, n in ranks if w == root(word)}
        if said:
            points += NUMBER_NAME_POINTS if number in said else -NUMBER_NAME_POINTS
    return points
