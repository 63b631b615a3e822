"""A factor written after what it scales: "-20 %", "+10 percent", "20 % lower", "10% up", "x2",
"2x", "/3", "twice", "halved". A leaf of the rules of `modify`: it reads words only."""

from __future__ import annotations

import re

from tasks.edit.modify_words import FACTOR_TOKEN, token_factor

_NUM = r"\d+(?:\.\d+)?"
_UP_WORDS = r"up|higher|more|faster|larger|bigger|greater|hotter|warmer|increase[ds]?"
_DOWN_WORDS = r"down|lower|less|slower|smaller|colder|cooler|reduced|decrease[ds]?"
_FACTOR = re.compile(
    rf"(?<![\w.])(?P<sign>[-+−])\s*(?P<pct>{_NUM})\s*(?:%|percent\b|per\s*cent\b)"
    rf"|(?<![\w.])(?P<pct2>{_NUM})\s*(?:%|percent\b|per\s*cent\b)\s*(?:(?P<up>{_UP_WORDS})|(?P<down>{_DOWN_WORDS}))\b"
    rf"|\b(?P<word>twice|double|doubled|triple|tripled|half|halved|halve|quadruple|quadrupled)\b"
    rf"|{FACTOR_TOKEN.pattern}", re.I)
_WORD_FACTORS = {"twice": 2.0, "double": 2.0, "doubled": 2.0, "triple": 3.0, "tripled": 3.0, "half": 0.5, "halved": 0.5,
                 "halve": 0.5, "quadruple": 4.0, "quadrupled": 4.0}


def factor_in(words: str) -> tuple[float, int, int] | None:
    """(factor, start, end) of the first factor in the words, None when there is none."""
    m = _FACTOR.search(words)
    if m is None:
        return None
    if m.group("pct"):
        pct = float(m.group("pct")) / 100
        factor = 1.0 - pct if m.group("sign") in "-−" else 1.0 + pct
    elif m.group("pct2"):
        pct = float(m.group("pct2")) / 100
        factor = 1.0 + pct if m.group("up") else 1.0 - pct
    elif m.group("word"):
        factor = _WORD_FACTORS[m.group("word").lower()]
    else:
        factor = token_factor(m)
    return (factor, m.start(), m.end()) if factor > 0 else None
