"""Numbers said with a scale word or as an ordinal, put as plain digits before the rest of the
request is read.

- a number times a scale word: "4 thousand" -> "4000", "2.5 million cells" -> "2500000 cells",
  "half a million" -> "500000", "a quarter of a million" -> "250000", "2 and a half thousand" ->
  "2500", "1.2k" is read elsewhere;
- an ordinal counting steps: "every twentieth time step" -> "every 20 time step", "each fifth
  iteration" -> "each 5 iteration", "every 10th step" -> "every 10 step", "every second
  iteration" -> "every 2 iteration" (an ordinal before a count's word only: "every second" alone
  is a time, and "the fifth" a fraction).

Pure functions over text; the digits are written with no thousands separator.
"""

from __future__ import annotations

import re

_SCALE_WORDS = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000}
_PART_WORDS = {"half": 0.5, "quarter": 0.25, "third": 1 / 3, "tenth": 0.1}
_SCALE = r"(?P<scale>hundred|thousand|million|billion)"
# the small numbers said before "and a half" of a scale ("two and a half thousand")
_SMALL_WORDS = {w: n for n, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}
# "4 thousand", "2.5 million", "half a million", "a quarter of a million", "a third of a million"
_SCALED = re.compile(
    rf"(?<![\w.])(?:(?:(?P<num>\d+(?:\.\d+)?)|(?P<word>{'|'.join(_SMALL_WORDS)})(?=[\s-]+and[\s-]))"
    rf"(?:[\s-]+and[\s-]+an?[\s-]+(?P<and_part>half|quarter))?"
    rf"|(?:an?\s+|one\s+)?(?P<part>half|quarter|third|tenth)(?:\s+of)?"
    rf"(?:\s+an?)?)\s+{_SCALE}s?\b(?!\s+(?:of|and)\b)",
    re.I)

_ORDINAL_UNITS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                  "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
                  "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
                  "nineteenth": 19}
_ORDINAL_TENS = {"twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60,
                 "seventieth": 70, "eightieth": 80, "ninetieth": 90}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_BIG_ORDINALS = {"hundredth": 100, "thousandth": 1000}
_ORDINAL = (rf"(?P<digits>\d+)(?:st|nd|rd|th)"
            rf"|(?:(?P<tens>{'|'.join(_TENS)})[\s-]+)?(?P<unit>{'|'.join(_ORDINAL_UNITS)})"
            rf"|(?P<round>{'|'.join([*_ORDINAL_TENS, *_BIG_ORDINALS])})")
# the words that make an ordinal an interval: "every"/"each" before it, a count's word after it
_ORDINAL_INTERVAL = re.compile(
    rf"\b(?P<every>every|each)\s+(?:{_ORDINAL})(?=\s+(?:time[- ]?steps?|steps?|iterations?|iters?|cycles?)\b)",
    re.I)


def _number(value: float) -> str:
    return f"{value:.12g}" if value < 1e15 else f"{value:.0f}"


def _scaled(m: re.Match[str]) -> str:
    factor = _SCALE_WORDS[m.group("scale").lower()]
    base = float(m.group("num")) if m.group("num") else float(_SMALL_WORDS[m.group("word").lower()]) \
        if m.group("word") else _PART_WORDS[m.group("part").lower()]
    if m.group("and_part"):  # "2 and a half thousand": the whole and its part, scaled together
        base += _PART_WORDS[m.group("and_part").lower()]
    return _number(round(base * factor, 6))


def scaled_numbers(text: str) -> str:
    """A number said with a scale word as its digits ("3 million cells" -> "3000000 cells")."""
    return _SCALED.sub(_scaled, text)


def _ordinal_value(m: re.Match[str]) -> int:
    if m.group("digits"):
        return int(m.group("digits"))
    if m.group("round"):
        word = m.group("round").lower()
        return _ORDINAL_TENS.get(word) or _BIG_ORDINALS[word]
    return _TENS.get((m.group("tens") or "").lower(), 0) + _ORDINAL_UNITS[m.group("unit").lower()]


def ordinal_intervals(text: str) -> str:
    """An ordinal counting steps as the interval it says ("every twentieth time step" ->
    "every 20 time step", "each 5th iteration" -> "each 5 iteration")."""
    return _ORDINAL_INTERVAL.sub(lambda m: f"{m.group('every')} {_ordinal_value(m)}", text)
