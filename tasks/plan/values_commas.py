"""Decimal commas, signs and powers of ten as a request writes them, put as plain decimals before
anything is read (tasks.plan.extract_words.normalise). Pure functions over text.

A decimal comma is read as a point where nothing else can be meant: before an exponent ("1,5e-5",
"1,5·10⁻⁵ m²/s"), or before a unit ("0,75 s.", "2,0 bar(g)", "v = 2,5 m/s.") when the digits after it
are no group of three; a group of three ("1,013 bar") is a decimal only when the request writes
decimal commas elsewhere too, and then points between groups of three are thousands separators
("1.500 rpm", "1.013,25 hPa"). Lists stay as written ("(1,0,0)", "40,40 cells", "20,40 in x").
A decimal comma is replaced by a point, so every character keeps its place (a dotted thousands
separator is dropped).

A sign or a power of ten said in words is written as one: "minus 5 °C" -> "-5 °C", "1.5 times 10
to the minus 5 m2/s" -> "1.5e-5 m2/s", "10 to the power of 5 Pa" -> "1e5 Pa" (the number words are
digits by then).
"""

from __future__ import annotations

import re

from tasks.plan.units import read_at

# one number with one comma in it (not one item of a list "1,0,0" nor a number with a point "1.000,5")
_COMMA_NUMBER = re.compile(r"(?<![\d.,])(?P<a>\d+),(?P<b>\d+)(?![\d]|[.,]\d)")
_EXPONENT_NEXT = re.compile(r"\s?(?:[eE]\s?[-+−]?\d|[x×·*]\s?10(?:\^|\*\*|[⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹]|\s?[-+−]?\d))")
_UNIT_GAP = re.compile(r"[ \t\u00a0\u202f]?")
_WORD_UNITS = ("in", "at", "a")  # units that are also words: "20,40 in x" is a list, not 20.4 inches


# the other numbers of a list or range after a number, up to the unit they share: "/285,65" of
# "318,65/285,65 K", ", 2,5 and 3,5" of "1,5, 2,5 and 3,5 m/s", " resp. 12,5" of "45,5 resp. 12,5 °C",
# "; 2,5" of "1,5; 2,5 m/s", " to 2,5" / "–2,5" of a range
_LIST_JOIN = (r"(?:[ \t]*/[ \t]*|,[ \t]+(?:(?:and|&)[ \t]+)?|[ \t]*;[ \t]*|[ \t]*[–—][ \t]*|[ \t]+-[ \t]+"
              r"|[ \t]+(?:and|&|or|to|resp\.|respectively|bzw\.)[ \t]+)")
_SLASH_CHAIN = re.compile(rf"(?:{_LIST_JOIN}[-+]?\d+(?:[.,]\d+)?(?![\d.,]))+", re.I)


def _unit_next(text: str, pos: int) -> bool:
    """A unit of a known kind starts at `pos` (after at most one space, or after the other numbers
    of a slash list: "318,65/285,65 K"), and is not a plain word."""
    chain = _SLASH_CHAIN.match(text, pos)
    if chain and _unit_next(text, chain.end()):
        return True
    gap = _UNIT_GAP.match(text, pos)
    at = gap.end() if gap else pos
    if text.startswith(("%", "‰"), at):  # "2,5 %": a percentage
        return True
    reading = read_at(text, at)
    if reading is None:
        return False
    return text[at:reading.end].strip().lower() not in _WORD_UNITS


# a bracketed pair of whole numbers ("(0,1)", "[0,5]"): a point or an interval, no decimal
_BRACKETED = re.compile(r"[(\[]\s*$")


def _leading_zero(text: str, m: re.Match[str]) -> bool:
    """"0,1 %", "alpha 0,25", "Co 0,5", "0,3 of the height": a comma after a lone zero is a decimal one
    whatever follows (no thousands group starts with 0), unless the two numbers are a bracketed pair."""
    return m.group("a") == "0" and not _BRACKETED.search(text[max(0, m.start() - 3):m.start()])


def _unambiguous(m: re.Match[str]) -> bool:
    """A comma that can only be a decimal one: "0,5", "1,25", "2,5e-5", "3,1416" (not "1,500")."""
    return m.group("a") == "0" or len(m.group("b")) != 3 or bool(_EXPONENT_NEXT.match(m.string, m.end()))


def decimal_commas(text: str) -> str:
    """Decimal commas as points where a comma can mean nothing else ("1,5e-5" -> "1.5e-5",
    "0,75 s." -> "0.75 s.", "2,0 bar(g)" -> "2.0 bar(g)"); "1,013 bar" too when the request writes
    other decimal commas, and then "1.500 rpm" is 1500 rpm. Keeps every comma's place."""
    both = [m for m in _DOTTED_THOUSANDS.finditer(text) if "," in m.group(0)]  # "1.013,25": points and a comma
    european = bool(both) or any(_unambiguous(m) and (_unit_next(text, m.end()) or _EXPONENT_NEXT.match(text, m.end()))
                                 for m in _COMMA_NUMBER.finditer(text))
    if european:
        text = _DOTTED_THOUSANDS.sub(_dotted, text)
    text = _VECTOR.sub(_vector_points, text)
    chars = list(text)
    for m in _COMMA_NUMBER.finditer(text):
        exponent = _EXPONENT_NEXT.match(text, m.end()) is not None
        unit = _unit_next(text, m.end())
        if exponent or (unit and (_unambiguous(m) or european)) or _leading_zero(text, m):
            chars[m.start("b") - 1] = "."
    return "".join(chars)


# a vector whose components are apart by spaces or semicolons, one of them with a decimal comma:
# "(1,5 0 0)", "(0; 2,5; 0)", "[0,5 0 -1,2]" ("(1,0,0)" is a list of three)
_COMPONENT = r"[-+−]?\d+(?:,\d+)?"
_VECTOR = re.compile(rf"(?<=[(\[])\s*{_COMPONENT}(?:\s*;\s*{_COMPONENT}|\s+{_COMPONENT}){{1,2}}\s*(?=[)\]])")


def _vector_points(m: re.Match[str]) -> str:
    return m.group(0).replace(",", ".")


# "1.500 rpm", "1.013,25 hPa", "2.000 iterations" in a request that writes decimal commas: points
# between groups of three are thousands separators
_DOTTED_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?:,\d+)?(?![\d]|[.,]\d)")


def _dotted(m: re.Match[str]) -> str:
    if not (_unit_next(m.string, m.end()) or _COUNTED.match(m.string, m.end())):
        return m.group(0)
    return m.group(0).replace(".", "").replace(",", ".")


_COUNTED = re.compile(r"\s?(?:iterations?|iters?|(?:time[- ]?)?steps?|cells?|rpm)\b", re.I)


_NUMBER = r"\d+(?:\.\d+)?"
# "1.5 times 10 to the minus 5", "1.5 x 10 to the power of -5", "10 to the power 5", "ten to the fifth"
_SPOKEN_POWER = re.compile(
    rf"(?:(?<![\w.])(?P<m>{_NUMBER})\s*(?:times|x|×|\*|·)\s*)?(?<![\w.])10\s+(?:to\s+the\s+)?(?:power\s+(?:of\s+)?)?"
    rf"(?P<sign>minus\s+|negative\s+|[-−]\s?)?(?P<e>\d{{1,2}})(?:st|nd|rd|th)?\b(?!\.\d|\s*(?:x|×|by)\s*\d)",
    re.I)
_POWER_WORDS = re.compile(r"\bto\s+the\b|\bpower\b", re.I)
# "minus 5 °C", "negative 2 m/s": a sign said in words before a number (not "10 minus 2", not "plus or minus 3 cm")
_SPOKEN_SIGN = re.compile(r"(?<![\d.]\s)(?<![\d.])(?<!plus or )\b(?:minus|negative)\s+(?=\.?\d)", re.I)


def spoken_powers(text: str) -> str:
    """Powers of ten and signs said in words written as numbers: "1.5 times 10 to the minus 5" ->
    "1.5e-5", "10 to the power of 5" -> "1e5", "minus 5 degrees" -> "-5 degrees"."""
    def power(m: re.Match[str]) -> str:
        if not _POWER_WORDS.search(m.group(0)):
            return m.group(0)  # "1.5 x 10 5": no power said
        sign = "-" if m.group("sign") else ""
        return f"{m.group('m') or '1'}e{sign}{int(m.group('e'))}"

    text = _SPOKEN_POWER.sub(power, text)
    return _SPOKEN_SIGN.sub("-", text)


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
# a mantissa times a power of ten written out: "5x10^-3", "1.5 × 10⁻⁵", "1.2·10^(-5)", "3*10**4"
# ("40 cm x 10 cm", "100 x 10 cells": no power is written, so no power is read)
_WRITTEN_POWER = re.compile(r"(?<![\w.])(?P<m>\d+(?:\.\d+)?)[ \t]*[x×·*⋅][ \t]*10[ \t]*"
                            r"(?:(?:\^|\*\*)[ \t]*(?P<open>\()?[ \t]*(?P<e>[-+−]?[ \t]*\d{1,3})(?(open)[ \t]*\))"
                            r"|(?P<sup>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]{1,3}))(?![\d.])(?![ \t]*(?:cells?|elements?|[x×]\s*\d))")


def written_powers(text: str) -> str:
    """A number times a power of ten written in e-notation, the one form every reader takes:
    "5x10^-3 s" -> "5e-3 s", "1.5 × 10⁻⁵ m²/s" -> "1.5e-5 m²/s"."""
    def power(m: re.Match[str]) -> str:
        exponent = m.group("e") if m.group("e") else m.group("sup").translate(_SUPERSCRIPTS)
        exponent = re.sub(r"\s", "", exponent).replace("−", "-").lstrip("+")
        return f"{m.group('m')}e{int(exponent)}"

    return _WRITTEN_POWER.sub(power, text)
